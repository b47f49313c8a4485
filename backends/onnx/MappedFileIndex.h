//===- MappedFileIndex.h - The files behind this process's mapped memory ----===//
//
// Weights usually reach the writer as views into a memory-mapped archive.
// Writing such a view with write(2) faults every page of it into the
// process and copies it; when the view is known to be bytes of a file on
// disk, the kernel can copy them file to file instead (copy_file_range),
// without mapping anything. MappedFileIndex answers that question for any
// view, whoever mapped it: it reads the process's mappings
// (/proc/self/maps) once and, for a view that lies within a read-only
// mapping of a regular file, opens that file and gives its descriptor and
// the view's offset in it. The file opened must be the very file mapped
// (same device and inode); anything else, and any platform without
// /proc/self/maps, gets no answer and is written from memory.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_BACKENDS_ONNX_MAPPEDFILEINDEX_H
#define PT2ONNX_BACKENDS_ONNX_MAPPEDFILEINDEX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pt2onnx::onnx_backend {

/// Bytes in a file: an open descriptor (owned by the index) and an offset.
struct FileOffset {
  int fd = -1;
  uint64_t offset = 0;
};

class MappedFileIndex {
public:
  /// The read-only file mappings of this process as they are now.
  static MappedFileIndex load();
  /// Parses `maps`, text in the format of /proc/<pid>/maps.
  static MappedFileIndex parse(llvm::StringRef maps);

  MappedFileIndex(MappedFileIndex &&other) = default;
  MappedFileIndex &operator=(MappedFileIndex &&other) = delete;
  ~MappedFileIndex();

  /// Where `bytes` lie in the file they are a mapped view of, if all of
  /// them lie in one read-only mapping of a regular file that can still be
  /// opened and is the file that was mapped.
  std::optional<FileOffset> find(llvm::ArrayRef<uint8_t> bytes);

private:
  struct Mapping {
    uintptr_t start = 0, end = 0;
    uint64_t offset = 0;
    unsigned devMajor = 0, devMinor = 0;
    uint64_t inode = 0;
    std::string path;
    /// Opened on first use; -1 before, -2 when opening or checking failed.
    int fd = -1;
  };

  MappedFileIndex() = default;
  int open(Mapping &mapping);

  /// Sorted by start address, as the kernel lists them.
  std::vector<Mapping> mappings;
};

} // namespace pt2onnx::onnx_backend

#endif // PT2ONNX_BACKENDS_ONNX_MAPPEDFILEINDEX_H
