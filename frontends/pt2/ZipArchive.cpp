//===- ZipArchive.cpp - Checked, memory-mapped zip reader -----------------===//
//
// Record layouts follow PKWARE's APPNOTE.TXT: 4.3.7 local file header, 4.3.12
// central directory header, 4.3.14-16 zip64 end of central directory record,
// locator and end of central directory record, 4.5.3 zip64 extra field.
//
// Every offset read from the file is checked with ByteReader::has before it is
// dereferenced; the checks are written so that they cannot overflow.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/ZipArchive.h"

#include "ir/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/mman.h>
#include <zlib.h>

#include <algorithm>
#include <cassert>
#include <limits>
#include <new>

using namespace llvm;
using namespace pt2onnx::pt2;

namespace {

constexpr uint32_t kLocalHeaderSig = 0x04034b50;
constexpr uint32_t kCentralHeaderSig = 0x02014b50;
constexpr uint32_t kEndOfCentralDirSig = 0x06054b50;
constexpr uint32_t kZip64EndOfCentralDirSig = 0x06064b50;
constexpr uint32_t kZip64LocatorSig = 0x07064b50;

constexpr uint64_t kLocalHeaderSize = 30;
constexpr uint64_t kCentralHeaderSize = 46;
constexpr uint64_t kEndOfCentralDirSize = 22;
constexpr uint64_t kZip64EndOfCentralDirSize = 56;
constexpr uint64_t kZip64LocatorSize = 20;
constexpr uint64_t kMaxCommentSize = 0xffff;
constexpr uint16_t kZip64ExtraId = 0x0001;

constexpr uint16_t kFlagEncrypted = 1 << 0;
constexpr uint16_t kFlagDataDescriptor = 1 << 3;
constexpr uint16_t kFlagStrongEncryption = 1 << 6;
constexpr uint16_t kFlagMaskedLocalHeaders = 1 << 13;

constexpr uint32_t kSaturated32 = 0xffffffff;
constexpr uint16_t kSaturated16 = 0xffff;

/// Little-endian reads from the archive. Callers check has() first.
class ByteReader {
public:
  explicit ByteReader(ArrayRef<uint8_t> bytes) : bytes(bytes) {}

  uint64_t size() const { return bytes.size(); }
  bool has(uint64_t offset, uint64_t length) const {
    return length <= bytes.size() && offset <= bytes.size() - length;
  }
  uint16_t u16(uint64_t offset) const {
    return support::endian::read16le(bytes.data() + offset);
  }
  uint32_t u32(uint64_t offset) const {
    return support::endian::read32le(bytes.data() + offset);
  }
  uint64_t u64(uint64_t offset) const {
    return support::endian::read64le(bytes.data() + offset);
  }
  StringRef str(uint64_t offset, uint64_t length) const {
    return {reinterpret_cast<const char *>(bytes.data() + offset),
            static_cast<size_t>(length)};
  }

private:
  ArrayRef<uint8_t> bytes;
};

std::string quoted(StringRef name) {
  std::string out;
  raw_string_ostream os(out);
  os << '\'';
  printEscapedString(name, os);
  os << '\'';
  return out;
}

std::string hex32(uint32_t value) {
  std::string out;
  raw_string_ostream(out) << format_hex(value, 10);
  return out;
}

/// Why `name` cannot be extracted safely, or nothing if it can. Entries are
/// never written to disk here, but names flow into paths chosen by consumers
/// (external data files), so the same rules as for extraction apply.
std::optional<StringRef> checkEntryName(StringRef name) {
  if (name.empty())
    return StringRef("empty name");
  if (name.contains('\0'))
    return StringRef("name contains a NUL byte");
  if (name.contains('\\'))
    return StringRef("name contains a backslash");
  if (name.startswith("/"))
    return StringRef("name is an absolute path");
  if (name.size() >= 2 && isAlpha(name[0]) && name[1] == ':')
    return StringRef("name starts with a drive letter");
  // A directory entry ends in one '/'.
  StringRef path = name.endswith("/") ? name.drop_back() : name;
  SmallVector<StringRef, 8> components;
  path.split(components, '/');
  for (StringRef component : components) {
    if (component == "..")
      return StringRef("name has a '..' component");
    if (component.empty())
      return StringRef("name has an empty path component");
  }
  return std::nullopt;
}

/// Where the central directory is, as the end records say.
struct DirectoryLocation {
  uint64_t entryCount = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  /// Start of the first end record; the directory must end before it.
  uint64_t limit = 0;
};

} // namespace

EntryData EntryData::view(ArrayRef<uint8_t> bytes) {
  EntryData result;
  result.data = bytes;
  return result;
}

EntryData EntryData::owned(std::unique_ptr<uint8_t[]> buffer, size_t size) {
  EntryData result;
  result.data = ArrayRef<uint8_t>(buffer.get(), size);
  result.buffer = std::move(buffer);
  return result;
}

ZipArchive::~ZipArchive() = default;

Error ZipArchive::makeError(const Twine &message) const {
  return ir::makeLocatedError(name, "", message);
}

Error ZipArchive::makeError(const Entry &entry, const Twine &message) const {
  return ir::makeLocatedError(name, "entry " + quoted(entry.name), message);
}

Expected<std::unique_ptr<ZipArchive>> ZipArchive::open(StringRef path,
                                                       const ZipLimits &limits) {
  auto fail = [&](const Twine &message) {
    return ir::makeLocatedError(path, "", message);
  };
  Expected<sys::fs::file_t> file = sys::fs::openNativeFileForRead(path);
  if (!file)
    return fail("cannot open: " + toString(file.takeError()));
  auto closeFile = make_scope_exit([&] { sys::fs::closeFile(*file); });

  sys::fs::file_status status;
  if (std::error_code ec = sys::fs::status(*file, status))
    return fail("cannot stat: " + ec.message());
  if (status.type() != sys::fs::file_type::regular_file)
    return fail("not a regular file");

  auto archive = std::unique_ptr<ZipArchive>(new ZipArchive());
  archive->name = path.str();
  archive->backing = DiskBacking{path.str(), 0};
  uint64_t size = status.getSize();
  // mmap rejects empty mappings; an empty file fails the size check below.
  if (size != 0) {
    std::error_code ec;
    archive->mapping = std::make_unique<sys::fs::mapped_file_region>(
        *file, sys::fs::mapped_file_region::readonly, size, 0, ec);
    if (ec)
      return fail("cannot map: " + ec.message());
    archive->bytes = ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(archive->mapping->const_data()),
        size);
    archive->pagesInFile = true;
  }
  return create(std::move(archive), limits);
}

Expected<std::unique_ptr<ZipArchive>>
ZipArchive::openBuffer(std::unique_ptr<MemoryBuffer> buffer, const ZipLimits &limits) {
  auto archive = std::unique_ptr<ZipArchive>(new ZipArchive());
  archive->name = buffer->getBufferIdentifier().str();
  archive->bytes = ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(buffer->getBufferStart()), buffer->getBufferSize());
  archive->buffer = std::move(buffer);
  return create(std::move(archive), limits);
}

Expected<std::unique_ptr<ZipArchive>>
ZipArchive::openNested(const ZipArchive &parent, const Entry &entry,
                       const ZipLimits &limits) {
  Expected<EntryData> data = parent.read(entry);
  if (!data)
    return data.takeError();
  auto archive = std::unique_ptr<ZipArchive>(new ZipArchive());
  // `!` separates an archive from a member, as in jar URLs.
  archive->name = parent.name + "!" + entry.name;
  if (entry.isStored() && parent.backing)
    archive->backing = DiskBacking{parent.backing->path,
                                   parent.backing->offset + entry.dataOffset};
  archive->pagesInFile = parent.pagesInFile && !data->isOwned();
  archive->nestedData = std::move(*data);
  archive->bytes = archive->nestedData.bytes();
  return create(std::move(archive), limits);
}

Expected<std::unique_ptr<ZipArchive>>
ZipArchive::create(std::unique_ptr<ZipArchive> archive,
                   const ZipLimits &limits) {
  if (Error error = archive->parseCentralDirectory(limits))
    return error;
  if (Error error = archive->checkLocalHeaders())
    return error;
  if (Error error = archive->checkCRCs())
    return error;
  return archive;
}

static Expected<DirectoryLocation>
locateCentralDirectory(const ByteReader &reader,
                       function_ref<Error(const Twine &)> fail) {
  uint64_t fileSize = reader.size();
  if (fileSize < kEndOfCentralDirSize)
    return fail("too small to be a zip archive (" + Twine(fileSize) +
                " bytes)");

  // The end record is last, followed only by its comment. Scanning backwards
  // and requiring the comment to end the file exactly keeps a signature
  // inside a comment from being taken for the record.
  uint64_t lowest = fileSize - kEndOfCentralDirSize >= kMaxCommentSize
                        ? fileSize - kEndOfCentralDirSize - kMaxCommentSize
                        : 0;
  std::optional<uint64_t> endRecord;
  for (uint64_t pos = fileSize - kEndOfCentralDirSize;; --pos) {
    if (reader.u32(pos) == kEndOfCentralDirSig &&
        pos + kEndOfCentralDirSize + reader.u16(pos + 20) == fileSize) {
      endRecord = pos;
      break;
    }
    if (pos == lowest)
      break;
  }
  if (!endRecord)
    return fail("no end of central directory record: not a zip archive, or "
                "truncated");

  uint64_t pos = *endRecord;
  uint16_t disk = reader.u16(pos + 4);
  uint16_t directoryDisk = reader.u16(pos + 6);
  uint16_t entriesOnDisk = reader.u16(pos + 8);
  DirectoryLocation location;
  location.entryCount = reader.u16(pos + 10);
  location.size = reader.u32(pos + 12);
  location.offset = reader.u32(pos + 16);
  location.limit = pos;
  if (disk != 0 || directoryDisk != 0 || entriesOnDisk != location.entryCount)
    return fail("multi-disk archives are not supported");

  // A zip64 locator right before the end record means the end record's
  // fields may be saturated and the zip64 record holds the real values.
  if (pos < kZip64LocatorSize ||
      reader.u32(pos - kZip64LocatorSize) != kZip64LocatorSig)
    return location;

  uint64_t locator = pos - kZip64LocatorSize;
  uint32_t recordDisk = reader.u32(locator + 4);
  uint64_t record = reader.u64(locator + 8);
  uint32_t diskCount = reader.u32(locator + 16);
  if (recordDisk != 0 || diskCount > 1)
    return fail("multi-disk archives are not supported");
  if (record > locator || locator - record < kZip64EndOfCentralDirSize)
    return fail("zip64 end of central directory record (offset " +
                Twine(record) + ") does not fit before its locator (offset " +
                Twine(locator) + ")");
  if (reader.u32(record) != kZip64EndOfCentralDirSig)
    return fail("bad zip64 end of central directory signature at offset " +
                Twine(record));
  uint64_t recordSize = reader.u64(record + 4);
  if (recordSize < kZip64EndOfCentralDirSize - 12 ||
      recordSize > locator - record - 12)
    return fail("zip64 end of central directory record has a bad size (" +
                Twine(recordSize) + ")");
  if (reader.u32(record + 16) != 0 || reader.u32(record + 20) != 0 ||
      reader.u64(record + 24) != reader.u64(record + 32))
    return fail("multi-disk archives are not supported");
  location.entryCount = reader.u64(record + 32);
  location.size = reader.u64(record + 40);
  location.offset = reader.u64(record + 48);
  location.limit = record;
  return location;
}

Error ZipArchive::parseCentralDirectory(const ZipLimits &limits) {
  ByteReader reader(bytes);
  auto fail = [&](const Twine &message) { return makeError(message); };
  Expected<DirectoryLocation> location = locateCentralDirectory(reader, fail);
  if (!location)
    return location.takeError();

  if (location->size > location->limit ||
      location->offset > location->limit - location->size)
    return fail("central directory (offset " + Twine(location->offset) +
                ", size " + Twine(location->size) +
                ") extends past the end records at offset " +
                Twine(location->limit));
  if (location->entryCount > location->size / kCentralHeaderSize)
    return fail("central directory of " + Twine(location->size) +
                " bytes cannot hold " + Twine(location->entryCount) +
                " entries");

  directoryOffset = location->offset;
  entryList.reserve(location->entryCount);
  uint64_t pos = location->offset;
  const uint64_t end = location->offset + location->size;
  uint64_t totalInflated = 0;
  for (uint64_t index = 0; index < location->entryCount; ++index) {
    if (end - pos < kCentralHeaderSize)
      return fail("central directory is truncated at entry #" + Twine(index));
    if (reader.u32(pos) != kCentralHeaderSig)
      return fail("bad central directory signature at offset " + Twine(pos) +
                  " (entry #" + Twine(index) + ")");
    uint16_t flags = reader.u16(pos + 8);
    uint16_t method = reader.u16(pos + 10);
    uint32_t crc = reader.u32(pos + 16);
    uint32_t compressedSize = reader.u32(pos + 20);
    uint32_t uncompressedSize = reader.u32(pos + 24);
    uint16_t nameSize = reader.u16(pos + 28);
    uint16_t extraSize = reader.u16(pos + 30);
    uint16_t commentSize = reader.u16(pos + 32);
    uint16_t diskStart = reader.u16(pos + 34);
    uint32_t localOffset = reader.u32(pos + 42);
    uint64_t recordSize =
        kCentralHeaderSize + uint64_t(nameSize) + extraSize + commentSize;
    if (end - pos < recordSize)
      return fail("central directory record #" + Twine(index) +
                  " extends past the central directory");

    Entry entry;
    entry.name = reader.str(pos + kCentralHeaderSize, nameSize).str();
    entry.crc32 = crc;
    entry.compressedSize = compressedSize;
    entry.uncompressedSize = uncompressedSize;
    entry.localHeaderOffset = localOffset;

    // Zip64 extra field: only the saturated fields are present, in this
    // order (APPNOTE 4.5.3).
    bool needUncompressed = uncompressedSize == kSaturated32;
    bool needCompressed = compressedSize == kSaturated32;
    bool needOffset = localOffset == kSaturated32;
    bool needDisk = diskStart == kSaturated16;
    uint32_t disk = diskStart;
    uint64_t extra = pos + kCentralHeaderSize + nameSize;
    uint64_t extraEnd = extra + extraSize;
    bool sawZip64 = false;
    while (extraEnd - extra >= 4) {
      uint16_t id = reader.u16(extra);
      uint16_t size = reader.u16(extra + 2);
      uint64_t field = extra + 4;
      if (extraEnd - field < size)
        return makeError(entry, "malformed extra field");
      if (id == kZip64ExtraId) {
        sawZip64 = true;
        uint64_t fieldEnd = field + size;
        auto take = [&](uint64_t width, uint64_t &value) {
          if (fieldEnd - field < width)
            return false;
          value = width == 8 ? reader.u64(field) : reader.u32(field);
          field += width;
          return true;
        };
        uint64_t diskValue = disk;
        if ((needUncompressed && !take(8, entry.uncompressedSize)) ||
            (needCompressed && !take(8, entry.compressedSize)) ||
            (needOffset && !take(8, entry.localHeaderOffset)) ||
            (needDisk && !take(4, diskValue)))
          return makeError(entry, "zip64 extra field is too short");
        disk = static_cast<uint32_t>(diskValue);
      }
      extra += 4 + uint64_t(size);
    }
    if ((needUncompressed || needCompressed || needOffset || needDisk) &&
        !sawZip64)
      return makeError(entry, "saturated size or offset without a zip64 "
                              "extra field");
    if (disk != 0)
      return makeError(entry, "multi-disk archives are not supported");

    if (std::optional<StringRef> reason = checkEntryName(entry.name))
      return makeError(entry, *reason);
    if (flags & (kFlagEncrypted | kFlagStrongEncryption |
                 kFlagMaskedLocalHeaders))
      return makeError(entry, "entry is encrypted");
    if (method != uint16_t(Method::Stored) &&
        method != uint16_t(Method::Deflated))
      return makeError(entry, "unsupported compression method " +
                                  Twine(method) +
                                  " (only stored and deflated are supported)");
    entry.method = static_cast<Method>(method);
    if (entry.isStored() && entry.compressedSize != entry.uncompressedSize)
      return makeError(entry, "stored entry has compressed size " +
                                  Twine(entry.compressedSize) +
                                  " but uncompressed size " +
                                  Twine(entry.uncompressedSize));
    if (!entry.isStored()) {
      uint64_t ratio = entry.compressedSize == 0
                           ? std::numeric_limits<uint64_t>::max()
                           : entry.uncompressedSize / entry.compressedSize;
      if (entry.uncompressedSize > limits.ratioCheckMinSize &&
          ratio > limits.maxCompressionRatio)
        return makeError(entry,
                         "compression ratio exceeds " +
                             Twine(limits.maxCompressionRatio) +
                             ":1 (compressed " + Twine(entry.compressedSize) +
                             " bytes, uncompressed " +
                             Twine(entry.uncompressedSize) +
                             "), refusing a likely zip bomb");
      totalInflated =
          entry.uncompressedSize > limits.maxTotalInflatedSize - totalInflated
              ? std::numeric_limits<uint64_t>::max()
              : totalInflated + entry.uncompressedSize;
      if (totalInflated > limits.maxTotalInflatedSize)
        return fail("deflated entries would inflate to more than " +
                    Twine(limits.maxTotalInflatedSize) +
                    " bytes in total, refusing a likely zip bomb");
    }
    entry.flags = flags;
    if (!entryIndex.try_emplace(entry.name, entryList.size()).second)
      return makeError(entry, "duplicate entry name");
    entryList.push_back(std::move(entry));
    pos += recordSize;
  }
  return Error::success();
}

Error ZipArchive::checkLocalHeaders() {
  ByteReader reader(bytes);
  for (Entry &entry : entryList) {
    uint64_t offset = entry.localHeaderOffset;
    if (!reader.has(offset, kLocalHeaderSize))
      return makeError(entry, "local header extends past end of file (offset " +
                                  Twine(offset) + ", file size " +
                                  Twine(bytes.size()) + ")");
    if (reader.u32(offset) != kLocalHeaderSig)
      return makeError(entry, "bad local header signature at offset " +
                                  Twine(offset));
    uint16_t flags = reader.u16(offset + 6);
    uint16_t method = reader.u16(offset + 8);
    uint32_t crc = reader.u32(offset + 14);
    uint32_t compressedSize = reader.u32(offset + 18);
    uint32_t uncompressedSize = reader.u32(offset + 22);
    uint16_t nameSize = reader.u16(offset + 26);
    uint16_t extraSize = reader.u16(offset + 28);
    uint64_t dataOffset =
        offset + kLocalHeaderSize + uint64_t(nameSize) + extraSize;
    if (dataOffset > bytes.size())
      return makeError(entry, "local header extends past end of file (offset " +
                                  Twine(offset) + ", file size " +
                                  Twine(bytes.size()) + ")");
    StringRef localName = reader.str(offset + kLocalHeaderSize, nameSize);
    if (localName != entry.name)
      return makeError(entry, "local header names " + quoted(localName) +
                                  " instead");
    if (method != uint16_t(entry.method))
      return makeError(entry, "local header says compression method " +
                                  Twine(method) +
                                  ", central directory says " +
                                  Twine(uint16_t(entry.method)));
    if (flags & (kFlagEncrypted | kFlagStrongEncryption))
      return makeError(entry, "entry is encrypted");
    // With a data descriptor the local fields are zero and the central
    // directory is authoritative; saturated fields live in the local zip64
    // extra field, which the central directory already gave us.
    bool hasDescriptor = (flags | entry.flags) & kFlagDataDescriptor;
    if (!hasDescriptor && compressedSize != kSaturated32 &&
        uncompressedSize != kSaturated32 &&
        (crc != entry.crc32 || compressedSize != entry.compressedSize ||
         uncompressedSize != entry.uncompressedSize))
      return makeError(entry, "local header disagrees with the central "
                              "directory on CRC or sizes");

    if (entry.compressedSize > bytes.size() ||
        dataOffset > bytes.size() - entry.compressedSize)
      return makeError(entry, "data extends past end of file (offset " +
                                  Twine(dataOffset) + ", size " +
                                  Twine(entry.compressedSize) +
                                  ", file size " + Twine(bytes.size()) + ")");
    // Entries must lie before the central directory.
    if (dataOffset + entry.compressedSize > directoryOffset)
      return makeError(entry,
                       "data extends into the central directory (offset " +
                           Twine(dataOffset) + ", size " +
                           Twine(entry.compressedSize) +
                           ", central directory at " +
                           Twine(directoryOffset) +
                           ")");
    entry.dataOffset = dataOffset;
  }

  // Two entries sharing bytes are how overlapping-file zip bombs and
  // parser-confusion attacks work; torch never writes them.
  std::vector<const Entry *> byOffset;
  byOffset.reserve(entryList.size());
  for (const Entry &entry : entryList)
    byOffset.push_back(&entry);
  llvm::sort(byOffset, [](const Entry *a, const Entry *b) {
    return a->localHeaderOffset < b->localHeaderOffset;
  });
  for (size_t i = 1; i < byOffset.size(); ++i) {
    const Entry &previous = *byOffset[i - 1];
    const Entry &current = *byOffset[i];
    uint64_t previousEnd = previous.dataOffset + previous.compressedSize;
    if (previousEnd > current.localHeaderOffset)
      return makeError(current, "overlaps entry " + quoted(previous.name) +
                                    " (local header at offset " +
                                    Twine(current.localHeaderOffset) +
                                    ", previous entry ends at " +
                                    Twine(previousEnd) + ")");
  }
  return Error::success();
}

const ZipArchive::Entry *ZipArchive::find(StringRef entryName) const {
  auto it = entryIndex.find(entryName);
  return it == entryIndex.end() ? nullptr : &entryList[it->second];
}

static Expected<EntryData> inflateEntry(const ZipArchive &archive,
                                        const ZipArchive::Entry &entry,
                                        ArrayRef<uint8_t> input) {
  uint64_t size = entry.uncompressedSize;
  if (size > std::numeric_limits<size_t>::max())
    return archive.makeError(entry, "too large to inflate on this host");
  std::unique_ptr<uint8_t[]> buffer(new (std::nothrow)
                                        uint8_t[size == 0 ? 1 : size]);
  if (!buffer)
    return archive.makeError(entry, "cannot allocate " + Twine(size) +
                                        " bytes to inflate into");

  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
    return archive.makeError(entry, "cannot initialize zlib");
  auto endStream = make_scope_exit([&] { inflateEnd(&stream); });

  // zlib counts in uInt, so feed both sides in chunks. Once the declared
  // size is filled, a one-byte probe detects a stream that produces more.
  constexpr uint64_t kChunk = std::numeric_limits<uInt>::max();
  const uint8_t *in = input.data();
  uint64_t inLeft = input.size();
  uint8_t *out = buffer.get();
  uint64_t outLeft = size;
  uint8_t probe = 0;
  bool probing = false;
  while (true) {
    if (stream.avail_in == 0 && inLeft != 0) {
      uInt chunk = static_cast<uInt>(std::min(inLeft, kChunk));
      stream.next_in = const_cast<Bytef *>(in);
      stream.avail_in = chunk;
      in += chunk;
      inLeft -= chunk;
    }
    if (stream.avail_out == 0) {
      if (outLeft != 0) {
        uInt chunk = static_cast<uInt>(std::min(outLeft, kChunk));
        stream.next_out = out;
        stream.avail_out = chunk;
        out += chunk;
        outLeft -= chunk;
      } else {
        stream.next_out = &probe;
        stream.avail_out = 1;
        probing = true;
      }
    }
    int status = inflate(&stream, Z_NO_FLUSH);
    if (probing && stream.avail_out == 0)
      return archive.makeError(entry, "inflates to more than its declared "
                                      "size of " +
                                          Twine(size) + " bytes");
    if (status == Z_STREAM_END)
      break;
    if (status == Z_OK)
      continue;
    if (status == Z_BUF_ERROR && stream.avail_in == 0 && inLeft == 0)
      return archive.makeError(entry, "deflate stream is truncated after " +
                                          Twine(uint64_t(stream.total_out)) +
                                          " of " + Twine(size) + " bytes");
    return archive.makeError(entry, Twine("corrupt deflate stream (zlib: ") +
                                        (stream.msg ? stream.msg : "error") +
                                        ")");
  }
  if (stream.total_out != size)
    return archive.makeError(entry, "inflates to " +
                                        Twine(uint64_t(stream.total_out)) +
                                        " bytes, but declares " + Twine(size));
  if (stream.avail_in != 0 || inLeft != 0)
    return archive.makeError(entry, "deflate stream ends after " +
                                        Twine(uint64_t(stream.total_in)) +
                                        " of its " + Twine(input.size()) +
                                        " compressed bytes");
  return EntryData::owned(std::move(buffer), static_cast<size_t>(size));
}

static Error checkCRC(const ZipArchive &archive, const ZipArchive::Entry &entry,
                      uint32_t actual) {
  if (actual != entry.crc32)
    return archive.makeError(entry, "CRC-32 mismatch (central directory says " +
                                        hex32(entry.crc32) + ", data has " +
                                        hex32(actual) + ")");
  return Error::success();
}

static uint32_t crcOf(ArrayRef<uint8_t> data) {
  return static_cast<uint32_t>(
      crc32_z(crc32_z(0, nullptr, 0), data.data(), data.size()));
}

/// Gives back the memory pages that lie wholly inside `data`, which must be
/// part of a read-only file mapping: they are read again from the file if
/// touched later.
static void releasePages(ArrayRef<uint8_t> data) {
  uintptr_t page = uintptr_t(sys::Process::getPageSizeEstimate());
  uintptr_t begin = (uintptr_t(data.data()) + page - 1) & ~(page - 1);
  uintptr_t end = (uintptr_t(data.data()) + data.size()) & ~(page - 1);
  // Advice only: a failure leaves the pages where they are.
  if (begin < end)
    (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
}

Error ZipArchive::checkCRCs() const {
  // Stored entries are hashed in chunks on all cores and the chunks' CRCs
  // combined (crc32_combine); a mapped file's pages are given back as each
  // chunk is done, so that hashing gigabytes of weights does not keep them
  // all resident. Deflated entries are inflated, which checks their CRC.
  constexpr uint64_t kChunkSize = uint64_t(8) << 20;
  struct Chunk {
    size_t entry;
    ArrayRef<uint8_t> data;
    uint32_t crc = 0;
  };
  std::vector<Chunk> chunks;
  for (size_t i = 0; i < entryList.size(); ++i) {
    const Entry &entry = entryList[i];
    if (!entry.isStored())
      continue;
    ArrayRef<uint8_t> data = bytes.slice(entry.dataOffset, entry.compressedSize);
    do {
      size_t size = size_t(std::min<uint64_t>(data.size(), kChunkSize));
      chunks.push_back({i, data.take_front(size)});
      data = data.drop_front(size);
    } while (!data.empty());
  }
  parallelFor(0, chunks.size(), [&](size_t i) {
    chunks[i].crc = crcOf(chunks[i].data);
    if (pagesInFile)
      releasePages(chunks[i].data);
  });

  auto chunk = chunks.begin();
  for (size_t i = 0; i < entryList.size(); ++i) {
    const Entry &entry = entryList[i];
    if (!entry.isStored()) {
      if (Expected<EntryData> data = read(entry); !data)
        return data.takeError();
      continue;
    }
    uint32_t crc = chunk->crc;
    for (++chunk; chunk != chunks.end() && chunk->entry == i; ++chunk)
      crc = static_cast<uint32_t>(
          crc32_combine64(crc, chunk->crc, z_off64_t(chunk->data.size())));
    if (Error error = checkCRC(*this, entry, crc))
      return error;
  }
  return Error::success();
}

Expected<EntryData> ZipArchive::read(const Entry &entry) const {
  assert(&entry >= entryList.data() &&
         &entry < entryList.data() + entryList.size() &&
         "entry of another archive");
  ArrayRef<uint8_t> raw = bytes.slice(entry.dataOffset, entry.compressedSize);
  if (entry.isStored())
    return EntryData::view(raw);
  Expected<EntryData> data = inflateEntry(*this, entry, raw);
  if (!data)
    return data.takeError();
  if (Error error = checkCRC(*this, entry, crcOf(data->bytes())))
    return error;
  return data;
}

std::optional<FileRange> ZipArchive::getFileRange(const Entry &entry) const {
  if (!entry.isStored() || !backing)
    return std::nullopt;
  return FileRange{backing->path, backing->offset + entry.dataOffset,
                   entry.compressedSize};
}
