//===- MappedFileIndex.cpp - The files behind this process's mapped memory --===//
//
// A line of /proc/<pid>/maps reads
//
//   7f2a1c000000-7f2a3e000000 r--s 00000000 fd:01 1234567   /path/to/model.pt2
//
// (address range, permissions, file offset, device major:minor in hex,
// inode, path). Only mappings without write permission qualify: their pages
// cannot differ from the file's (a private mapping's pages are copied only
// when written to). Paths the kernel had to escape or that have been
// deleted do not open to the same inode and are passed over.
//
//===----------------------------------------------------------------------===//

#include "backends/onnx/MappedFileIndex.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#if defined(__linux__)
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#endif

namespace pt2onnx::onnx_backend {

MappedFileIndex MappedFileIndex::load() {
#if defined(__linux__)
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> maps =
      llvm::MemoryBuffer::getFileAsStream("/proc/self/maps");
  if (maps)
    return parse((*maps)->getBuffer());
#endif
  return MappedFileIndex();
}

MappedFileIndex MappedFileIndex::parse(llvm::StringRef maps) {
  MappedFileIndex index;
  while (!maps.empty()) {
    llvm::StringRef line;
    std::tie(line, maps) = maps.split('\n');
    llvm::StringRef range, perms, offset, dev, inode;
    std::tie(range, line) = line.split(' ');
    std::tie(perms, line) = line.split(' ');
    std::tie(offset, line) = line.split(' ');
    std::tie(dev, line) = line.split(' ');
    std::tie(inode, line) = line.split(' ');
    llvm::StringRef path = line.ltrim(' ');
    auto [start, end] = range.split('-');
    auto [devMajor, devMinor] = dev.split(':');
    Mapping mapping;
    if (perms.size() != 4 || perms[0] != 'r' || perms[1] != '-' || !path.starts_with("/") ||
        path.ends_with(" (deleted)") || start.getAsInteger(16, mapping.start) ||
        end.getAsInteger(16, mapping.end) || offset.getAsInteger(16, mapping.offset) ||
        devMajor.getAsInteger(16, mapping.devMajor) ||
        devMinor.getAsInteger(16, mapping.devMinor) || inode.getAsInteger(10, mapping.inode) ||
        mapping.inode == 0 || mapping.start >= mapping.end)
      continue;
    mapping.path = path.str();
    index.mappings.push_back(std::move(mapping));
  }
  llvm::sort(index.mappings, [](const Mapping &a, const Mapping &b) { return a.start < b.start; });
  return index;
}

MappedFileIndex::~MappedFileIndex() {
#if defined(__linux__)
  for (const Mapping &mapping : mappings)
    if (mapping.fd >= 0)
      ::close(mapping.fd);
#endif
}

int MappedFileIndex::open(Mapping &mapping) {
  if (mapping.fd != -1)
    return mapping.fd;
  mapping.fd = -2;
#if defined(__linux__)
  int fd = ::open(mapping.path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return mapping.fd;
  struct stat status;
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_ino != mapping.inode ||
      major(status.st_dev) != mapping.devMajor || minor(status.st_dev) != mapping.devMinor) {
    ::close(fd);
    return mapping.fd;
  }
  mapping.fd = fd;
#endif
  return mapping.fd;
}

std::optional<FileOffset> MappedFileIndex::find(llvm::ArrayRef<uint8_t> bytes) {
  auto begin = reinterpret_cast<uintptr_t>(bytes.data());
  auto end = begin + bytes.size();
  // The last mapping that starts at or before the bytes.
  auto it = llvm::partition_point(mappings,
                                  [&](const Mapping &mapping) { return mapping.start <= begin; });
  if (bytes.empty() || it == mappings.begin())
    return std::nullopt;
  Mapping &mapping = *std::prev(it);
  if (end > mapping.end)
    return std::nullopt;
  int fd = open(mapping);
  if (fd < 0)
    return std::nullopt;
  return FileOffset{fd, mapping.offset + (begin - mapping.start)};
}

} // namespace pt2onnx::onnx_backend
