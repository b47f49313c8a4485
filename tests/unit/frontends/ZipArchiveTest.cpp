//===- ZipArchiveTest.cpp - Tests of the checked zip reader ---------------===//

#include "frontends/pt2/ZipArchive.h"

#include "Fixtures.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <zlib.h>

using namespace llvm;
using namespace pt2onnx::pt2;
using namespace pt2onnx::pt2::testing;

namespace {

/// The text make_fixtures.py deflates.
std::string fixtureText() {
  std::string text;
  for (int i = 0; i < 400; ++i)
    text += "line " + std::to_string(i) + " of a text that deflates well\n";
  return text;
}

std::unique_ptr<ZipArchive> openOrFail(StringRef path,
                                       const ZipLimits &limits = {}) {
  Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::open(path, limits);
  if (!zip) {
    ADD_FAILURE() << toString(zip.takeError());
    return nullptr;
  }
  return std::move(*zip);
}

std::string readOrFail(const ZipArchive &zip, StringRef name) {
  const ZipArchive::Entry *entry = zip.find(name);
  if (!entry) {
    ADD_FAILURE() << "no entry " << name.str();
    return "";
  }
  Expected<EntryData> data = zip.read(*entry);
  if (!data) {
    ADD_FAILURE() << toString(data.takeError());
    return "";
  }
  return data->str().str();
}

/// The error of opening `bytes` as an archive.
std::string openError(ArrayRef<uint8_t> bytes, const ZipLimits &limits = {}) {
  TempFile file(bytes);
  return errorMessage(ZipArchive::open(file.path(), limits));
}

/// A zip of one stored entry: local header, name, data, central directory.
std::vector<uint8_t> storedZip(StringRef name, ArrayRef<uint8_t> data) {
  std::vector<uint8_t> out;
  auto put = [&](uint64_t value, int width) {
    for (int i = 0; i < width; ++i)
      out.push_back(uint8_t(value >> (8 * i)));
  };
  uint32_t crc = uint32_t(crc32_z(crc32_z(0, nullptr, 0), data.data(), data.size()));
  put(0x04034b50, 4), put(20, 2), put(0, 2), put(0, 2), put(0, 4);
  put(crc, 4), put(data.size(), 4), put(data.size(), 4), put(name.size(), 2), put(0, 2);
  out.insert(out.end(), name.begin(), name.end());
  out.insert(out.end(), data.begin(), data.end());
  size_t directory = out.size();
  put(0x02014b50, 4), put(20, 2), put(20, 2), put(0, 2), put(0, 2), put(0, 4);
  put(crc, 4), put(data.size(), 4), put(data.size(), 4), put(name.size(), 2);
  put(0, 2), put(0, 2), put(0, 2), put(0, 2), put(0, 4), put(0, 4);
  out.insert(out.end(), name.begin(), name.end());
  size_t directorySize = out.size() - directory;
  put(0x06054b50, 4), put(0, 2), put(0, 2), put(1, 2), put(1, 2);
  put(directorySize, 4), put(directory, 4), put(0, 2);
  return out;
}

/// Sets an entry's sizes in both headers.
void setSizes(std::vector<uint8_t> &bytes, StringRef name,
              uint32_t compressedSize, uint32_t uncompressedSize) {
  size_t local = findLocalHeader(bytes, name);
  size_t central = findCentralRecord(bytes, name);
  write32(bytes, local + 18, compressedSize);
  write32(bytes, local + 22, uncompressedSize);
  write32(bytes, central + 20, compressedSize);
  write32(bytes, central + 24, uncompressedSize);
}

size_t endRecordOffset(ArrayRef<uint8_t> bytes) { return bytes.size() - 22; }

TEST(ZipArchiveTest, ListsAndFindsEntries) {
  std::unique_ptr<ZipArchive> zip = openOrFail(fixturePath("stored.zip"));
  ASSERT_TRUE(zip);
  ASSERT_EQ(zip->entries().size(), 3u);
  EXPECT_EQ(zip->entries()[0].name, "a.txt");
  EXPECT_EQ(zip->entries()[1].name, "dir/b.bin");
  EXPECT_EQ(zip->entries()[2].name, "c.txt");
  EXPECT_EQ(zip->find("dir/b.bin"), &zip->entries()[1]);
  EXPECT_EQ(zip->find("missing"), nullptr);
  EXPECT_EQ(zip->find("dir"), nullptr);
  EXPECT_EQ(zip->getName(), fixturePath("stored.zip"));
}

TEST(ZipArchiveTest, StoredEntriesAreViewsIntoTheMapping) {
  std::string path = fixturePath("stored.zip");
  std::unique_ptr<ZipArchive> zip = openOrFail(path);
  ASSERT_TRUE(zip);
  const ZipArchive::Entry &entry = *zip->find("dir/b.bin");
  EXPECT_TRUE(entry.isStored());
  Expected<EntryData> data = zip->read(entry);
  ASSERT_TRUE(bool(data)) << toString(data.takeError());
  EXPECT_FALSE(data->isOwned());
  ASSERT_EQ(data->bytes().size(), 256u);
  for (unsigned i = 0; i < 256; ++i)
    EXPECT_EQ(data->bytes()[i], i);
  // The view points into the archive's bytes, at the entry's data offset.
  EXPECT_EQ(data->bytes().data(), zip->getBytes().data() + entry.dataOffset);

  // Moving the data keeps the view valid.
  EntryData moved = std::move(*data);
  EXPECT_EQ(moved.bytes()[255], 255);

  std::optional<FileRange> range = zip->getFileRange(entry);
  ASSERT_TRUE(range);
  EXPECT_EQ(range->path, path);
  EXPECT_EQ(range->offset, entry.dataOffset);
  EXPECT_EQ(range->size, 256u);
  std::vector<uint8_t> file = readFile(path);
  EXPECT_EQ(file[range->offset + 7], 7);
}

TEST(ZipArchiveTest, OpensArchivesHeldInMemory) {
  std::vector<uint8_t> file = readFile(fixturePath("stored.zip"));
  StringRef bytes(reinterpret_cast<const char *>(file.data()), file.size());
  Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::openBuffer(
      MemoryBuffer::getMemBufferCopy(bytes, "in-memory.zip"));
  ASSERT_TRUE(bool(zip)) << toString(zip.takeError());
  EXPECT_EQ((*zip)->getName(), "in-memory.zip");
  ASSERT_EQ((*zip)->entries().size(), 3u);
  const ZipArchive::Entry &entry = *(*zip)->find("dir/b.bin");
  Expected<EntryData> data = (*zip)->read(entry);
  ASSERT_TRUE(bool(data)) << toString(data.takeError());
  // A view into the buffer the archive owns, which is no file.
  EXPECT_FALSE(data->isOwned());
  EXPECT_EQ(data->bytes().data(), (*zip)->getBytes().data() + entry.dataOffset);
  EXPECT_EQ(data->bytes()[200], 200);
  EXPECT_FALSE((*zip)->isFileMapped(data->bytes()));
  EXPECT_FALSE((*zip)->getFileRange(entry));

  EXPECT_EQ(errorMessage(ZipArchive::openBuffer(
                MemoryBuffer::getMemBufferCopy(bytes.take_front(10), "short.zip"))),
            "short.zip: too small to be a zip archive (10 bytes)");
}

TEST(ZipArchiveTest, InflatesDeflatedEntriesIntoOwnedBuffers) {
  std::unique_ptr<ZipArchive> zip = openOrFail(fixturePath("deflated.zip"));
  ASSERT_TRUE(zip);
  const ZipArchive::Entry &entry = *zip->find("text.txt");
  EXPECT_EQ(entry.method, ZipArchive::Method::Deflated);
  EXPECT_LT(entry.compressedSize, entry.uncompressedSize);
  Expected<EntryData> data = zip->read(entry);
  ASSERT_TRUE(bool(data)) << toString(data.takeError());
  EXPECT_TRUE(data->isOwned());
  EXPECT_EQ(data->str(), fixtureText());
  EXPECT_FALSE(zip->getFileRange(entry));
  EXPECT_EQ(readOrFail(*zip, "small.txt"), "small");
}

TEST(ZipArchiveTest, ReadsEntriesWithDataDescriptors) {
  std::unique_ptr<ZipArchive> zip = openOrFail(fixturePath("descriptor.zip"));
  ASSERT_TRUE(zip);
  for (const ZipArchive::Entry &entry : zip->entries())
    EXPECT_TRUE(entry.flags & 8) << entry.name;
  EXPECT_EQ(readOrFail(*zip, "x.txt"), fixtureText());
  std::string bytes = readOrFail(*zip, "y.bin");
  ASSERT_EQ(bytes.size(), 64u);
  EXPECT_EQ(uint8_t(bytes[63]), 63);
}

TEST(ZipArchiveTest, ReadsZip64LocalHeaders) {
  std::unique_ptr<ZipArchive> zip = openOrFail(fixturePath("zip64_local.zip"));
  ASSERT_TRUE(zip);
  EXPECT_EQ(readOrFail(*zip, "big.txt"), fixtureText().substr(0, 500));
}

TEST(ZipArchiveTest, ReadsZip64EndRecordsAndExtraFields) {
  // Every size and offset in this file is saturated and given in zip64
  // extra fields; the end of central directory record is zip64.
  std::unique_ptr<ZipArchive> zip = openOrFail(fixturePath("zip64_full.zip"));
  ASSERT_TRUE(zip);
  ASSERT_EQ(zip->entries().size(), 2u);
  const ZipArchive::Entry &second = zip->entries()[1];
  EXPECT_EQ(second.name, "two/three.bin");
  EXPECT_EQ(second.uncompressedSize, 100u);
  EXPECT_GT(second.localHeaderOffset, 0u);
  EXPECT_EQ(readOrFail(*zip, "one.txt"), "first entry");
  EXPECT_EQ(readOrFail(*zip, "two/three.bin").size(), 100u);
}

TEST(ZipArchiveTest, ChecksTheCRCOfEveryEntryWhenOpening) {
  // a.txt is never read: its CRC is checked all the same.
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  bytes[findLocalHeader(bytes, "a.txt") + 30 + 5] = 'j'; // "hello" -> "jello"
  TempFile file(bytes);
  EXPECT_EQ(errorMessage(ZipArchive::open(file.path())),
            file.path() + ": entry 'a.txt': CRC-32 mismatch (central "
                          "directory says 0x3610a686, data has 0x4cd0f5e6)");
}

TEST(ZipArchiveTest, CombinesTheCRCsOfChunksOfLargeEntries) {
  // Stored entries are hashed in 8 MiB chunks; one byte changed near the
  // end of a 20 MiB entry is found.
  std::vector<uint8_t> data(20 << 20);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = uint8_t(i * 7 + (i >> 13));
  std::vector<uint8_t> zip = storedZip("big.bin", data);
  {
    TempFile file(zip);
    std::unique_ptr<ZipArchive> archive = openOrFail(file.path());
    ASSERT_TRUE(archive);
    EXPECT_EQ(readOrFail(*archive, "big.bin").size(), data.size());
  }
  zip[30 + 7 + data.size() - 3] ^= 1;
  TempFile file(zip);
  EXPECT_NE(errorMessage(ZipArchive::open(file.path()))
                .find("entry 'big.bin': CRC-32 mismatch (central directory says "),
            std::string::npos);
}

TEST(ZipArchiveTest, AlwaysChecksInflatedCRC) {
  std::vector<uint8_t> bytes = readFixture("deflated.zip");
  write32(bytes, findLocalHeader(bytes, "text.txt") + 14, 0x12345678);
  write32(bytes, findCentralRecord(bytes, "text.txt") + 16, 0x12345678);
  EXPECT_NE(openError(bytes).find(
                "entry 'text.txt': CRC-32 mismatch (central directory says "
                "0x12345678"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsStreamsLongerThanDeclared) {
  std::vector<uint8_t> bytes = readFixture("deflated.zip");
  size_t central = findCentralRecord(bytes, "text.txt");
  uint32_t compressed = bytes[central + 20] | bytes[central + 21] << 8;
  setSizes(bytes, "text.txt", compressed, 100);
  EXPECT_NE(openError(bytes)
                .find("inflates to more than its declared size of 100 bytes"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsStreamsShorterThanDeclared) {
  std::vector<uint8_t> bytes = readFixture("deflated.zip");
  size_t central = findCentralRecord(bytes, "text.txt");
  uint32_t compressed = bytes[central + 20] | bytes[central + 21] << 8;
  setSizes(bytes, "text.txt", compressed, 20000);
  EXPECT_NE(openError(bytes)
                .find("inflates to 15090 bytes, but declares 20000"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsTruncatedDeflateStreams) {
  std::vector<uint8_t> bytes = readFixture("deflated.zip");
  setSizes(bytes, "text.txt", 100, 15090);
  EXPECT_NE(openError(bytes).find("deflate stream is truncated"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsCorruptDeflateStreams) {
  std::vector<uint8_t> bytes = readFixture("deflated.zip");
  // Block type 3 is reserved.
  bytes[findLocalHeader(bytes, "text.txt") + 30 + 8] = 0xff;
  EXPECT_NE(openError(bytes).find("corrupt deflate stream (zlib: "),
            std::string::npos);
}

TEST(ZipArchiveTest, NestedArchivesOfStoredEntriesAreViewsIntoTheFile) {
  std::string path = fixturePath("legacy.pt2");
  std::unique_ptr<ZipArchive> outer = openOrFail(path);
  ASSERT_TRUE(outer);
  const ZipArchive::Entry &stateDict = *outer->find("serialized_state_dict.pt");
  Expected<std::unique_ptr<ZipArchive>> inner =
      ZipArchive::openNested(*outer, stateDict);
  ASSERT_TRUE(bool(inner)) << toString(inner.takeError());
  EXPECT_EQ((*inner)->getName(), path + "!serialized_state_dict.pt");
  const ZipArchive::Entry *storage = (*inner)->find("archive/data/0");
  ASSERT_TRUE(storage);
  std::optional<FileRange> range = (*inner)->getFileRange(*storage);
  ASSERT_TRUE(range);
  EXPECT_EQ(range->path, path);
  EXPECT_EQ(range->offset, stateDict.dataOffset + storage->dataOffset);
  std::vector<uint8_t> file = readFile(path);
  std::string viaRange(file.begin() + range->offset,
                       file.begin() + range->offset + range->size);
  EXPECT_EQ(viaRange, readOrFail(**inner, "archive/data/0"));
}

TEST(ZipArchiveTest, NestedArchivesOfDeflatedEntriesOwnTheirBytes) {
  std::unique_ptr<ZipArchive> outer = openOrFail(fixturePath("legacy.pt2"));
  ASSERT_TRUE(outer);
  Expected<std::unique_ptr<ZipArchive>> inner = ZipArchive::openNested(
      *outer, *outer->find("serialized_example_inputs.pt"));
  ASSERT_TRUE(bool(inner)) << toString(inner.takeError());
  const ZipArchive::Entry *pickle = (*inner)->find("archive/data.pkl");
  ASSERT_TRUE(pickle);
  EXPECT_FALSE((*inner)->getFileRange(*pickle));
  EXPECT_EQ(readOrFail(**inner, "archive/byteorder"), "little");
}

TEST(ZipArchiveTest, ReportsFilesThatAreNotZips) {
  EXPECT_NE(openError({}).find(": too small to be a zip archive (0 bytes)"),
            std::string::npos);
  std::string text = "this is a text file, long enough to hold a record";
  EXPECT_NE(openError(arrayRefFromStringRef(text))
                .find(": no end of central directory record"),
            std::string::npos);
  EXPECT_NE(errorMessage(ZipArchive::open("/nonexistent/model.pt2"))
                .find("/nonexistent/model.pt2: cannot open"),
            std::string::npos);
  EXPECT_NE(errorMessage(ZipArchive::open(PT2ONNX_TEST_DATA_DIR))
                .find("not a regular file"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsTruncatedFilesAtEveryLength) {
  for (StringRef name : {"stored.zip", "deflated.zip", "zip64_full.zip"}) {
    std::vector<uint8_t> bytes = readFixture(name);
    TempFile file({});
    for (size_t size = 0; size < bytes.size(); ++size) {
      file.write(ArrayRef<uint8_t>(bytes).take_front(size));
      Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::open(file.path());
      ASSERT_FALSE(bool(zip)) << name.str() << " truncated to " << size;
      EXPECT_TRUE(
          StringRef(toString(zip.takeError())).startswith(file.path() + ": "));
    }
  }
}

TEST(ZipArchiveTest, SurvivesEveryCorruptedByte) {
  // Whatever a single corrupted byte does, opening and reading either works
  // or fails cleanly; run under the sanitizers, this also checks that no
  // read leaves the mapping.
  for (StringRef name :
       {"stored.zip", "deflated.zip", "descriptor.zip", "zip64_full.zip"}) {
    std::vector<uint8_t> original = readFixture(name);
    TempFile file({});
    for (size_t at = 0; at < original.size(); ++at) {
      for (uint8_t value : {uint8_t(original[at] ^ 0xff), uint8_t(0x00)}) {
        std::vector<uint8_t> bytes = original;
        bytes[at] = value;
        file.write(bytes);
        Expected<std::unique_ptr<ZipArchive>> zip =
            ZipArchive::open(file.path());
        if (!zip) {
          consumeError(zip.takeError());
          continue;
        }
        for (const ZipArchive::Entry &entry : (*zip)->entries()) {
          Expected<EntryData> data = (*zip)->read(entry);
          if (data)
            EXPECT_EQ(data->bytes().size(), entry.uncompressedSize);
          else
            consumeError(data.takeError());
        }
      }
    }
  }
}

struct BadName {
  const char *name;
  const char *reason;
};

class ZipArchiveBadNameTest : public ::testing::TestWithParam<BadName> {};

TEST_P(ZipArchiveBadNameTest, RejectsUnsafeEntryNames) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  std::string name(GetParam().name, 5);
  renameEntry(bytes, "a.txt", name);
  std::string error = openError(bytes);
  EXPECT_NE(error.find(GetParam().reason), std::string::npos) << error;
  EXPECT_NE(error.find(": entry '"), std::string::npos) << error;
}

INSTANTIATE_TEST_SUITE_P(
    Names, ZipArchiveBadNameTest,
    ::testing::Values(BadName{"../ab", "name has a '..' component"},
                      BadName{"a/../", "name has a '..' component"},
                      BadName{"/abcd", "name is an absolute path"},
                      BadName{"a\\b.t", "name contains a backslash"},
                      BadName{"C:abc", "name starts with a drive letter"},
                      BadName{"a//bc", "name has an empty path component"},
                      BadName{"a\0bcd", "name contains a NUL byte"}));

TEST(ZipArchiveTest, RejectsDuplicateNames) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  renameEntry(bytes, "c.txt", "a.txt");
  EXPECT_NE(openError(bytes).find("entry 'a.txt': duplicate entry name"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsEncryptedEntries) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  write16(bytes, findCentralRecord(bytes, "c.txt") + 8, 1);
  EXPECT_NE(openError(bytes).find("entry 'c.txt': entry is encrypted"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsUnsupportedCompressionMethods) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  write16(bytes, findCentralRecord(bytes, "c.txt") + 10, 12); // bzip2
  EXPECT_NE(openError(bytes).find(
                "entry 'c.txt': unsupported compression method 12"),
            std::string::npos);
}

TEST(ZipArchiveTest, ChecksLocalHeadersAgainstTheCentralDirectory) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  bytes[findLocalHeader(bytes, "c.txt")] = 'X';
  EXPECT_NE(openError(bytes).find("entry 'c.txt': bad local header signature"),
            std::string::npos);

  bytes = readFixture("stored.zip");
  size_t local = findLocalHeader(bytes, "c.txt");
  bytes[local + 30] = 'd';
  EXPECT_NE(openError(bytes).find(
                "entry 'c.txt': local header names 'd.txt' instead"),
            std::string::npos);

  bytes = readFixture("stored.zip");
  write16(bytes, findLocalHeader(bytes, "c.txt") + 8, 8);
  EXPECT_NE(openError(bytes).find("local header says compression method 8"),
            std::string::npos);

  bytes = readFixture("stored.zip");
  write32(bytes, findLocalHeader(bytes, "c.txt") + 22, 6);
  EXPECT_NE(openError(bytes).find("local header disagrees with the central "
                                  "directory"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsDataPastTheEndOfTheFile) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  setSizes(bytes, "c.txt", 100000, 100000);
  TempFile file(bytes);
  uint64_t dataOffset = findLocalHeader(bytes, "c.txt") + 30 + 5;
  EXPECT_EQ(errorMessage(ZipArchive::open(file.path())),
            file.path() + ": entry 'c.txt': data extends past end of file "
                          "(offset " +
                std::to_string(dataOffset) + ", size 100000, file size " +
                std::to_string(bytes.size()) + ")");
}

TEST(ZipArchiveTest, RejectsDataReachingIntoTheCentralDirectory) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  setSizes(bytes, "c.txt", 50, 50);
  EXPECT_NE(openError(bytes).find(
                "entry 'c.txt': data extends into the central directory"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsLocalHeadersPastTheEndOfTheFile) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  write32(bytes, findCentralRecord(bytes, "c.txt") + 42, 0x7fffffff);
  EXPECT_NE(openError(bytes).find(
                "entry 'c.txt': local header extends past end of file"),
            std::string::npos);
}

TEST(ZipArchiveTest, ChecksTheEndRecord) {
  std::vector<uint8_t> bytes = readFixture("stored.zip");
  size_t end = endRecordOffset(bytes);
  write32(bytes, end + 16, 0x10000);
  EXPECT_NE(openError(bytes).find("central directory (offset 65536"),
            std::string::npos);

  bytes = readFixture("stored.zip");
  write16(bytes, end + 8, 0xfffe);
  write16(bytes, end + 10, 0xfffe);
  EXPECT_NE(openError(bytes).find("cannot hold 65534 entries"),
            std::string::npos);

  bytes = readFixture("stored.zip");
  write16(bytes, end + 4, 1);
  EXPECT_NE(openError(bytes).find("multi-disk archives are not supported"),
            std::string::npos);
}

TEST(ZipArchiveTest, RejectsOverlappingEntries) {
  EXPECT_NE(
      errorMessage(ZipArchive::open(fixturePath("overlap.zip")))
          .find("entry 'inner': overlaps entry 'outer' (local header at "
                "offset 43, previous entry ends at 93)"),
      std::string::npos);
}

TEST(ZipArchiveTest, RejectsZipBombs) {
  std::string path = fixturePath("bomb.zip");
  std::string error = errorMessage(ZipArchive::open(path));
  EXPECT_NE(error.find(path + ": entry 'zeros.bin': compression ratio exceeds "
                              "1000:1"),
            std::string::npos)
      << error;

  // The same entry is fine for a caller who allows the ratio.
  ZipLimits relaxed;
  relaxed.maxCompressionRatio = 5000;
  std::unique_ptr<ZipArchive> zip = openOrFail(path, relaxed);
  ASSERT_TRUE(zip);
  std::string zeros = readOrFail(*zip, "zeros.bin");
  EXPECT_EQ(zeros.size(), size_t(2) << 20);
  EXPECT_EQ(zeros.find_first_not_of('\0'), std::string::npos);

  ZipLimits smallTotal;
  smallTotal.maxTotalInflatedSize = 1000;
  EXPECT_NE(errorMessage(ZipArchive::open(fixturePath("deflated.zip"),
                                          smallTotal))
                .find("would inflate to more than 1000 bytes in total"),
            std::string::npos);
}

TEST(ZipArchiveTest, ErrorsNameTheEntry) {
  std::unique_ptr<ZipArchive> zip = openOrFail(fixturePath("stored.zip"));
  ASSERT_TRUE(zip);
  EXPECT_EQ(toString(zip->makeError(zip->entries()[0], "reason")),
            fixturePath("stored.zip") + ": entry 'a.txt': reason");
}

} // namespace
