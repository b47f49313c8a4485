//===- ZipArchive.h - Checked, memory-mapped zip reader ---------*- C++ -*-===//
//
// A .pt2 file is a zip archive, and so is every torch.save file inside it.
// ZipArchive maps the file once, checks the whole central directory against
// it when opening, and hands out entries without copying: a stored entry is a
// view into the mapping, so weights of hundreds of MB are never read into the
// heap. Deflated entries are inflated into a buffer of their declared size.
//
// Input is untrusted. Everything the central directory claims (sizes,
// offsets, names, compression, and the CRC-32 of every entry's data) is
// checked when opening, and every failure is an llvm::Error naming the
// archive, the entry and the reason.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_ZIPARCHIVE_H
#define PT2ONNX_FRONTENDS_PT2_ZIPARCHIVE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pt2onnx::pt2 {

/// The bytes of one entry: a view into the archive for stored entries, or a
/// buffer this object owns for inflated ones. The view stays valid while the
/// EntryData and the archive it came from are alive, also across moves.
class EntryData {
public:
  EntryData() = default;
  static EntryData view(llvm::ArrayRef<uint8_t> bytes);
  static EntryData owned(std::unique_ptr<uint8_t[]> buffer, size_t size);

  llvm::ArrayRef<uint8_t> bytes() const { return data; }
  llvm::StringRef str() const {
    return {reinterpret_cast<const char *>(data.data()), data.size()};
  }
  /// True if the bytes were inflated into a buffer owned here.
  bool isOwned() const { return buffer != nullptr; }

private:
  llvm::ArrayRef<uint8_t> data;
  std::unique_ptr<uint8_t[]> buffer;
};

/// Where an entry's bytes lie verbatim in a file on disk, so that a consumer
/// can refer to them by (file, offset) instead of copying them.
struct FileRange {
  std::string path;
  uint64_t offset = 0;
  uint64_t size = 0;
};

/// What counts as a zip bomb. Deflate cannot exceed ~1032:1, so a larger
/// declared ratio is a lie; the total bounds what inflating all entries of one
/// archive may allocate.
struct ZipLimits {
  uint64_t maxCompressionRatio = 1000;
  /// Entries this small are never rejected for their ratio.
  uint64_t ratioCheckMinSize = uint64_t(1) << 20;
  uint64_t maxTotalInflatedSize = uint64_t(16) << 30;
};

class ZipArchive {
public:
  enum class Method : uint16_t { Stored = 0, Deflated = 8 };

  /// One entry of the central directory, checked against the file.
  struct Entry {
    std::string name;
    Method method = Method::Stored;
    /// General purpose bit flags; bit 3 means a data descriptor follows.
    uint16_t flags = 0;
    uint32_t crc32 = 0;
    uint64_t compressedSize = 0;
    uint64_t uncompressedSize = 0;
    uint64_t localHeaderOffset = 0;
    /// Offset of the entry's (possibly compressed) bytes within the archive.
    uint64_t dataOffset = 0;

    bool isStored() const { return method == Method::Stored; }
  };

  /// Maps the file at `path` and checks its central directory.
  static llvm::Expected<std::unique_ptr<ZipArchive>>
  open(llvm::StringRef path, const ZipLimits &limits = {});

  /// Checks the archive held in `buffer`, which it keeps; the buffer's
  /// identifier names the archive in diagnostics. Its entries have no
  /// FileRange.
  static llvm::Expected<std::unique_ptr<ZipArchive>>
  openBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer, const ZipLimits &limits = {});

  /// Opens the zip archive held in `entry` of `parent` (torch.save files
  /// inside a .pt2). A stored entry is used in place, so `parent` must
  /// outlive the result.
  static llvm::Expected<std::unique_ptr<ZipArchive>>
  openNested(const ZipArchive &parent, const Entry &entry,
             const ZipLimits &limits = {});

  ~ZipArchive();

  /// The name used in diagnostics: the path, and for nested archives the
  /// enclosing archive's name and the entry, as `outer.pt2!inner.pt`.
  llvm::StringRef getName() const { return name; }
  /// All bytes of the archive.
  llvm::ArrayRef<uint8_t> getBytes() const { return bytes; }
  /// Whether `data` lies within this archive's read-only mapping of its file
  /// (an archive opened from a file, not a nested or inflated one).
  bool isFileMapped(llvm::ArrayRef<uint8_t> data) const {
    return mapping && !data.empty() && data.data() >= bytes.data() &&
           data.data() + data.size() <= bytes.data() + bytes.size();
  }

  /// Entries in central directory order.
  llvm::ArrayRef<Entry> entries() const { return entryList; }
  const Entry *find(llvm::StringRef entryName) const;

  /// The entry's uncompressed bytes, whose CRC-32 was checked when the
  /// archive was opened; a deflated entry is inflated (and checked) again.
  llvm::Expected<EntryData> read(const Entry &entry) const;

  /// Where a stored entry's bytes lie in the file on disk; none for deflated
  /// entries or archives that were themselves inflated.
  std::optional<FileRange> getFileRange(const Entry &entry) const;

  /// An error in the style of all archive diagnostics:
  /// `<archive>: entry '<entry>': <message>`.
  llvm::Error makeError(const Entry &entry, const llvm::Twine &message) const;

private:
  struct DiskBacking {
    std::string path;
    uint64_t offset = 0;
  };

  ZipArchive() = default;
  static llvm::Expected<std::unique_ptr<ZipArchive>>
  create(std::unique_ptr<ZipArchive> archive, const ZipLimits &limits);
  llvm::Error parseCentralDirectory(const ZipLimits &limits);
  llvm::Error checkLocalHeaders();
  /// Checks the CRC-32 of every entry.
  llvm::Error checkCRCs() const;
  llvm::Error makeError(const llvm::Twine &message) const;

  std::string name;
  llvm::ArrayRef<uint8_t> bytes;
  std::unique_ptr<llvm::sys::fs::mapped_file_region> mapping;
  /// Owns the bytes of an archive opened from memory.
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  /// Owns the bytes of a nested archive that was inflated.
  EntryData nestedData;
  std::optional<DiskBacking> backing;
  /// Whether `bytes` lie in a read-only mapping of a file (this archive's or,
  /// for a stored nested one, its parent's), whose pages may be given back.
  bool pagesInFile = false;
  uint64_t directoryOffset = 0;
  std::vector<Entry> entryList;
  llvm::StringMap<size_t> entryIndex;
};

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_ZIPARCHIVE_H
