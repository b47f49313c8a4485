//===- Fixtures.h - Fixture files for the frontend tests --------*- C++ -*-===//
//
// The fixtures in data/ are written by data/make_fixtures.py. Tests that need
// a malformed archive read a valid fixture, patch its bytes and write the
// result to a temporary file.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TESTS_UNIT_FRONTENDS_FIXTURES_H
#define PT2ONNX_TESTS_UNIT_FRONTENDS_FIXTURES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pt2onnx::pt2::testing {

inline std::string fixturePath(llvm::StringRef name) {
  return (llvm::Twine(PT2ONNX_TEST_DATA_DIR) + "/frontends/data/" + name).str();
}

inline std::vector<uint8_t> readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    ADD_FAILURE() << "cannot read " << path.str();
    return {};
  }
  llvm::StringRef bytes = (*buffer)->getBuffer();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

inline std::vector<uint8_t> readFixture(llvm::StringRef name) {
  return readFile(fixturePath(name));
}

/// A file holding given bytes in a fresh temporary directory; both are
/// removed with the object.
class TempFile {
public:
  explicit TempFile(llvm::ArrayRef<uint8_t> bytes,
                    llvm::StringRef fileName = "test.zip")
      : fileName(fileName) {
    llvm::SmallString<128> dir;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("pt2onnx-frontend", dir))
      ADD_FAILURE() << "cannot create a temporary directory: " << ec.message();
    directory = std::string(dir);
    write(bytes);
  }
  ~TempFile() {
    llvm::sys::fs::remove(filePath);
    llvm::sys::fs::remove(directory);
  }
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;

  const std::string &path() const { return filePath; }

  /// Replaces the file with one holding `bytes`, for loops over many
  /// variants. A new file each time: truncating and rewriting one makes
  /// ext4 flush it to disk on close, which is slow.
  void write(llvm::ArrayRef<uint8_t> bytes) {
    if (!filePath.empty())
      llvm::sys::fs::remove(filePath);
    filePath = (directory + "/" + std::to_string(generation++) + "-" + fileName);
    std::error_code ec;
    llvm::raw_fd_ostream os(filePath, ec);
    if (ec)
      ADD_FAILURE() << "cannot write " << filePath << ": " << ec.message();
    os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  }

private:
  std::string fileName;
  std::string directory;
  std::string filePath;
  unsigned generation = 0;
};

/// The message of a value that must be an error; empty if it is not.
template <typename T> std::string errorMessage(llvm::Expected<T> value) {
  if (value) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return llvm::toString(value.takeError());
}

inline void write16(std::vector<uint8_t> &bytes, size_t offset,
                    uint16_t value) {
  bytes[offset] = value & 0xff;
  bytes[offset + 1] = value >> 8;
}

inline void write32(std::vector<uint8_t> &bytes, size_t offset,
                    uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[offset + i] = (value >> (8 * i)) & 0xff;
}

inline size_t findBytes(llvm::ArrayRef<uint8_t> bytes, llvm::StringRef needle,
                        size_t from = 0) {
  llvm::StringRef haystack(reinterpret_cast<const char *>(bytes.data()),
                           bytes.size());
  return haystack.find(needle, from);
}

/// Offset of the local header of `name`: its signature followed, 30 bytes
/// in, by the name.
inline size_t findLocalHeader(llvm::ArrayRef<uint8_t> bytes,
                              llvm::StringRef name) {
  for (size_t at = findBytes(bytes, "PK\x03\x04"); at != llvm::StringRef::npos;
       at = findBytes(bytes, "PK\x03\x04", at + 1))
    if (findBytes(bytes, name, at) == at + 30)
      return at;
  ADD_FAILURE() << "no local header for " << name.str();
  return 0;
}

/// Offset of the central directory record of `name`.
inline size_t findCentralRecord(llvm::ArrayRef<uint8_t> bytes,
                                llvm::StringRef name) {
  for (size_t at = findBytes(bytes, "PK\x01\x02"); at != llvm::StringRef::npos;
       at = findBytes(bytes, "PK\x01\x02", at + 1))
    if (findBytes(bytes, name, at) == at + 46)
      return at;
  ADD_FAILURE() << "no central directory record for " << name.str();
  return 0;
}

/// Sets the CRC-32 of stored entry `name`, in both its headers, to that of
/// its data, for tests that patch an entry's bytes to test what lies beyond
/// the zip layer.
inline void updateCRC(std::vector<uint8_t> &bytes, llvm::StringRef name) {
  size_t local = findLocalHeader(bytes, name);
  size_t central = findCentralRecord(bytes, name);
  uint32_t size = bytes[local + 18] | bytes[local + 19] << 8 |
                  bytes[local + 20] << 16 | uint32_t(bytes[local + 21]) << 24;
  uint16_t extra = bytes[local + 28] | bytes[local + 29] << 8;
  const uint8_t *data = bytes.data() + local + 30 + name.size() + extra;
  uint32_t crc = uint32_t(crc32_z(crc32_z(0, nullptr, 0), data, size));
  write32(bytes, local + 14, crc);
  write32(bytes, central + 16, crc);
}

/// Renames an entry in both its headers; the new name has the same length.
inline void renameEntry(std::vector<uint8_t> &bytes, llvm::StringRef from,
                        llvm::StringRef to) {
  ASSERT_EQ(from.size(), to.size());
  size_t local = findLocalHeader(bytes, from);
  size_t central = findCentralRecord(bytes, from);
  std::copy(to.begin(), to.end(), bytes.begin() + local + 30);
  std::copy(to.begin(), to.end(), bytes.begin() + central + 46);
}

} // namespace pt2onnx::pt2::testing

#endif // PT2ONNX_TESTS_UNIT_FRONTENDS_FIXTURES_H
