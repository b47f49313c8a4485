//===- MappedFileIndexTest.cpp - The files behind mapped memory -------------===//
//
// MappedFileIndex finds the file and offset of a view into a read-only file
// mapping, and nothing for heap memory, writable mappings, views that leave
// their mapping, or a path that no longer names the file that was mapped.
//
//===----------------------------------------------------------------------===//

#include "backends/onnx/MappedFileIndex.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace pt2onnx::onnx_backend;

namespace {

/// A temporary file holding bytes 0..n-1 (mod 256), removed at the end.
class TempFile {
public:
  explicit TempFile(size_t n) {
    int fd;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("pt2onnx-mapped", "bin", fd, path));
    std::string bytes(n, '\0');
    for (size_t i = 0; i != n; ++i)
      bytes[i] = char(i % 256);
    EXPECT_EQ(::write(fd, bytes.data(), n), ssize_t(n));
    ::close(fd);
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
  std::string getPath() const { return path.str().str(); }

  /// A line of /proc/self/maps claiming that `path` is mapped at `start`
  /// from `offset` with the permissions `perms`, with this file's device
  /// and inode plus `inodeDelta`.
  std::string mapsLine(uint64_t start, uint64_t end, llvm::StringRef perms, uint64_t offset,
                       llvm::StringRef suffix = "", int inodeDelta = 0) const {
    struct stat status;
    EXPECT_EQ(::stat(getPath().c_str(), &status), 0);
    std::string line;
    llvm::raw_string_ostream os(line);
    os << llvm::format_hex_no_prefix(start, 12) << '-' << llvm::format_hex_no_prefix(end, 12) << ' '
       << perms << ' ' << llvm::format_hex_no_prefix(offset, 8) << ' '
       << llvm::format_hex_no_prefix(major(status.st_dev), 2) << ':'
       << llvm::format_hex_no_prefix(minor(status.st_dev), 2) << ' ' << status.st_ino + inodeDelta
       << "                   " << path << suffix << '\n';
    return line;
  }

private:
  llvm::SmallString<128> path;
};

/// A view of `size` bytes at the made-up address `address`; the index
/// compares addresses and never reads the bytes.
llvm::ArrayRef<uint8_t> at(uintptr_t address, size_t size) {
  return {reinterpret_cast<const uint8_t *>(address), size};
}

uint8_t byteAt(FileOffset where) {
  uint8_t byte = 0;
  EXPECT_EQ(::pread(where.fd, &byte, 1, off_t(where.offset)), 1);
  return byte;
}

TEST(MappedFileIndex, ViewsIntoAReadOnlyFileMapping) {
  TempFile file(3 * 4096);
  MappedFileIndex index = MappedFileIndex::parse(
      "555555554000-555555556000 r--p 00000000 00:00 0                          [heap]\n" +
      file.mapsLine(0x7f0000001000, 0x7f0000003000, "r--s", 0x1000) +
      file.mapsLine(0x7f0000010000, 0x7f0000011000, "rw-p", 0) +
      "7f0000020000-7f0000021000 r--p 00000000 00:00 0 \n");

  // Byte 0x100 of the mapping is byte 0x1100 of the file.
  std::optional<FileOffset> found = index.find(at(0x7f0000001100, 16));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->offset, 0x1100u);
  EXPECT_EQ(byteAt(*found), 0x00);
  found = index.find(at(0x7f0000002ff0, 16));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->offset, 0x2ff0u);
  EXPECT_EQ(byteAt(*found), 0xf0);

  EXPECT_FALSE(index.find(at(0x7f0000002ff0, 17))) << "leaves the mapping";
  EXPECT_FALSE(index.find(at(0x7f0000000ff0, 32))) << "starts before it";
  EXPECT_FALSE(index.find(at(0x7f0000010000, 16))) << "a writable mapping";
  EXPECT_FALSE(index.find(at(0x7f0000020000, 16))) << "anonymous memory";
  EXPECT_FALSE(index.find(at(0x555555554000, 16))) << "not a file";
  EXPECT_FALSE(index.find(at(0x1000, 16)));
  EXPECT_FALSE(index.find({}));
}

TEST(MappedFileIndex, OnlyTheFileThatWasMapped) {
  TempFile file(4096);
  MappedFileIndex index = MappedFileIndex::parse(
      file.mapsLine(0x7f0000001000, 0x7f0000002000, "r--p", 0, "", 1) +
      file.mapsLine(0x7f0000002000, 0x7f0000003000, "r--p", 0, " (deleted)") +
      file.mapsLine(0x7f0000003000, 0x7f0000004000, "r--p", 0, ".gone"));
  EXPECT_FALSE(index.find(at(0x7f0000001000, 16))) << "another inode";
  EXPECT_FALSE(index.find(at(0x7f0000002000, 16))) << "deleted";
  EXPECT_FALSE(index.find(at(0x7f0000003000, 16))) << "no such file";
}

TEST(MappedFileIndex, ThisProcessMappings) {
  TempFile file(3 * 4096);
  std::error_code ec;
  llvm::Expected<llvm::sys::fs::file_t> fd = llvm::sys::fs::openNativeFileForRead(file.getPath());
  ASSERT_TRUE(bool(fd));
  llvm::sys::fs::mapped_file_region region(*fd, llvm::sys::fs::mapped_file_region::readonly,
                                           3 * 4096, 0, ec);
  llvm::sys::fs::closeFile(*fd);
  ASSERT_FALSE(ec);
  auto *bytes = reinterpret_cast<const uint8_t *>(region.const_data());
  std::vector<uint8_t> heap(100, 7);

  MappedFileIndex index = MappedFileIndex::load();
  std::optional<FileOffset> found = index.find({bytes + 4100, 5000});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->offset, 4100u);
  EXPECT_EQ(byteAt(*found), uint8_t(4100 % 256));
  EXPECT_FALSE(index.find(heap));
}

} // namespace
