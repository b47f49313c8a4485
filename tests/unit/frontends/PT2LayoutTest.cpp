//===- PT2LayoutTest.cpp - Tests of .pt2 layout detection -----------------===//
//
// Also reads the torch.save files nested in each layout, the way the
// importer will.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/PT2Layout.h"
#include "frontends/pt2/TorchSaveArchive.h"

#include "Fixtures.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace llvm;
using namespace pt2onnx::pt2;
using namespace pt2onnx::pt2::testing;

namespace {

using Kind = PickleValue::Kind;

std::unique_ptr<ZipArchive> openOrFail(StringRef path) {
  Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::open(path);
  if (!zip) {
    ADD_FAILURE() << toString(zip.takeError());
    return nullptr;
  }
  return std::move(*zip);
}

std::unique_ptr<TorchSaveArchive> openNestedOrFail(const ZipArchive &zip,
                                                   StringRef name) {
  const ZipArchive::Entry *entry = zip.find(name);
  if (!entry) {
    ADD_FAILURE() << "no entry " << name.str();
    return nullptr;
  }
  Expected<std::unique_ptr<TorchSaveArchive>> archive =
      TorchSaveArchive::openNested(zip, *entry);
  if (!archive) {
    ADD_FAILURE() << toString(archive.takeError());
    return nullptr;
  }
  return std::move(*archive);
}

TEST(PT2LayoutTest, DetectsTheLegacyLayout) {
  std::unique_ptr<ZipArchive> zip = openOrFail(fixturePath("legacy.pt2"));
  ASSERT_TRUE(zip);
  Expected<PT2Layout> layout = detectPT2Layout(*zip);
  ASSERT_TRUE(bool(layout)) << toString(layout.takeError());
  EXPECT_EQ(layout->format, PT2Layout::Format::Legacy);
  EXPECT_EQ(layout->root, "");

  std::unique_ptr<TorchSaveArchive> stateDict =
      openNestedOrFail(*zip, "serialized_state_dict.pt");
  ASSERT_TRUE(stateDict);
  const PickleValue *weight = stateDict->getRoot().lookup("linear.weight");
  ASSERT_TRUE(weight);
  EXPECT_EQ(weight->getTensor().sizes, (SmallVector<int64_t, 4>{1, 2}));

  std::unique_ptr<TorchSaveArchive> constants =
      openNestedOrFail(*zip, "serialized_constants.pt");
  ASSERT_TRUE(constants);
  EXPECT_TRUE(constants->getRoot().getDictItems().empty());

  // Deflated in the outer zip: read from an inflated copy.
  std::unique_ptr<TorchSaveArchive> inputs =
      openNestedOrFail(*zip, "serialized_example_inputs.pt");
  ASSERT_TRUE(inputs);
  ASSERT_TRUE(inputs->getRoot().is(Kind::Tuple));
  EXPECT_EQ(inputs->getRoot().getItems().size(), 2u);
}

TEST(PT2LayoutTest, DetectsThePT2ArchiveLayout) {
  std::string path = fixturePath("archive.pt2");
  std::unique_ptr<ZipArchive> zip = openOrFail(path);
  ASSERT_TRUE(zip);
  Expected<PT2Layout> layout = detectPT2Layout(*zip);
  ASSERT_TRUE(bool(layout)) << toString(layout.takeError());
  EXPECT_EQ(layout->format, PT2Layout::Format::Archive);
  EXPECT_EQ(layout->root, "model/");

  // A raw weight: referenced in place.
  const ZipArchive::Entry *raw = zip->find("model/data/weights/weight_0");
  ASSERT_TRUE(raw);
  std::optional<FileRange> range = zip->getFileRange(*raw);
  ASSERT_TRUE(range);
  EXPECT_EQ(range->offset % 64, 0u);
  EXPECT_EQ(range->size, 16u);

  // A pickled weight (`use_pickle: true`): its storage is still a view
  // into the outer file.
  std::unique_ptr<TorchSaveArchive> pickled =
      openNestedOrFail(*zip, "model/data/weights/weight_1");
  ASSERT_TRUE(pickled);
  const TensorRef &tensor = pickled->getRoot().getTensor();
  std::optional<FileRange> storage = pickled->getStorageFileRange(tensor);
  ASSERT_TRUE(storage);
  EXPECT_EQ(storage->path, path);
  std::vector<uint8_t> file = readFile(path);
  float values[3];
  std::memcpy(values, &file[storage->offset], sizeof(values));
  EXPECT_EQ(values[0], 7);
  EXPECT_EQ(values[2], 9);

  std::unique_ptr<TorchSaveArchive> inputs =
      openNestedOrFail(*zip, layout->root + "data/sample_inputs/model.pt");
  ASSERT_TRUE(inputs);
}

TEST(PT2LayoutTest, RejectsArchivesThatAreNotPT2) {
  std::string path = fixturePath("stored.zip");
  std::unique_ptr<ZipArchive> zip = openOrFail(path);
  ASSERT_TRUE(zip);
  EXPECT_EQ(errorMessage(detectPT2Layout(*zip)),
            path + ": not a torch.export archive: no archive_format or "
                   "serialized_exported_program.json entry");
}

TEST(PT2LayoutTest, ChecksTheArchiveFormat) {
  std::vector<uint8_t> bytes = readFixture("archive.pt2");
  size_t value = findLocalHeader(bytes, "model/archive_format") + 30 +
                 strlen("model/archive_format");
  std::memcpy(&bytes[value], "xyz", 3);
  updateCRC(bytes, "model/archive_format");
  TempFile file(bytes);
  std::unique_ptr<ZipArchive> zip = openOrFail(file.path());
  ASSERT_TRUE(zip);
  EXPECT_EQ(errorMessage(detectPT2Layout(*zip)),
            file.path() +
                ": entry 'model/archive_format': says 'xyz', expected 'pt2'");
}

TEST(PT2LayoutTest, RejectsTwoModelRoots) {
  std::vector<uint8_t> bytes = readFixture("archive.pt2");
  renameEntry(bytes, "model/archive_version", "others/archive_format");
  TempFile file(bytes);
  std::unique_ptr<ZipArchive> zip = openOrFail(file.path());
  ASSERT_TRUE(zip);
  EXPECT_NE(errorMessage(detectPT2Layout(*zip))
                .find("both 'model/archive_format' and 'others/archive_format' "
                      "exist"),
            std::string::npos);
}

} // namespace
