//===- TorchSaveArchiveTest.cpp - Tests of the torch.save reader ----------===//

#include "frontends/pt2/TorchSaveArchive.h"

#include "Fixtures.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace llvm;
using namespace pt2onnx::pt2;
using namespace pt2onnx::pt2::testing;

namespace {

using Kind = PickleValue::Kind;

std::unique_ptr<TorchSaveArchive> openOrFail(StringRef path) {
  Expected<std::unique_ptr<TorchSaveArchive>> archive =
      TorchSaveArchive::open(path);
  if (!archive) {
    ADD_FAILURE() << toString(archive.takeError());
    return nullptr;
  }
  return std::move(*archive);
}

template <typename T> std::vector<T> decode(ArrayRef<uint8_t> bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

std::vector<float> storageFloats(const TorchSaveArchive &archive,
                                 const TensorRef &tensor) {
  Expected<EntryData> data = archive.readStorage(tensor);
  if (!data) {
    ADD_FAILURE() << toString(data.takeError());
    return {};
  }
  return decode<float>(data->bytes());
}

TEST(TorchSaveArchiveTest, ReadsAStateDict) {
  std::string path = fixturePath("state_dict.pt");
  std::unique_ptr<TorchSaveArchive> archive = openOrFail(path);
  ASSERT_TRUE(archive);
  EXPECT_EQ(archive->getPrefix(), "state_dict/");
  const PickleValue &root = archive->getRoot();
  ASSERT_TRUE(root.is(Kind::Dict));
  ASSERT_EQ(root.getDictItems().size(), 4u);
  EXPECT_EQ(root.getDictItems()[0].first->getString(), "weight");
  EXPECT_EQ(root.getDictItems()[3].first->getString(), "steps");

  const TensorRef &weight = root.lookup("weight")->getTensor();
  EXPECT_TRUE(weight.isParameter);
  EXPECT_TRUE(weight.requiresGrad);
  EXPECT_EQ(weight.dtype, "float32");
  EXPECT_EQ(weight.sizes, (SmallVector<int64_t, 4>{2, 3}));
  EXPECT_EQ(weight.strides, (SmallVector<int64_t, 4>{3, 1}));
  EXPECT_EQ(storageFloats(*archive, weight),
            (std::vector<float>{1, 2, 3, 4, 5, 6}));

  // A view of the same storage: column 1 of the weight.
  const TensorRef &column = root.lookup("column")->getTensor();
  EXPECT_FALSE(column.isParameter);
  EXPECT_EQ(column.storage.key, weight.storage.key);
  EXPECT_EQ(column.getByteOffset(), 4u);
  EXPECT_EQ(column.strides, (SmallVector<int64_t, 4>{3}));

  EXPECT_EQ(storageFloats(*archive, root.lookup("bias")->getTensor()),
            (std::vector<float>{0.5, -0.5, 0.25}));

  const TensorRef &steps = root.lookup("steps")->getTensor();
  EXPECT_EQ(steps.dtype, "int64");
  EXPECT_TRUE(steps.sizes.empty());
  EXPECT_EQ(steps.getNumElements(), 1);
  Expected<EntryData> stepBytes = archive->readStorage(steps);
  ASSERT_TRUE(bool(stepBytes)) << toString(stepBytes.takeError());
  EXPECT_EQ(decode<int64_t>(stepBytes->bytes()), std::vector<int64_t>{42});

  // The parameter's data tensor counts too.
  EXPECT_EQ(archive->getTree().getTensors().size(), 5u);
}

TEST(TorchSaveArchiveTest, StoragesAreAlignedViewsIntoTheFile) {
  std::string path = fixturePath("state_dict.pt");
  std::unique_ptr<TorchSaveArchive> archive = openOrFail(path);
  ASSERT_TRUE(archive);
  const TensorRef &bias = archive->getRoot().lookup("bias")->getTensor();
  Expected<EntryData> data = archive->readStorage(bias);
  ASSERT_TRUE(bool(data)) << toString(data.takeError());
  EXPECT_FALSE(data->isOwned());
  std::optional<FileRange> range = archive->getStorageFileRange(bias);
  ASSERT_TRUE(range);
  EXPECT_EQ(range->path, path);
  EXPECT_EQ(range->offset % 64, 0u);
  EXPECT_EQ(range->size, 12u);
  std::vector<uint8_t> file = readFile(path);
  EXPECT_EQ(decode<float>(ArrayRef<uint8_t>(file).slice(range->offset, 12)),
            (std::vector<float>{0.5, -0.5, 0.25}));
  EXPECT_EQ(&archive->getStorageEntry(bias),
            archive->getZip().find("state_dict/data/1"));
}

TEST(TorchSaveArchiveTest, ReadsSampleInputs) {
  // Protocol 4 with a deflated data.pkl.
  std::unique_ptr<TorchSaveArchive> archive =
      openOrFail(fixturePath("sample_inputs.pt"));
  ASSERT_TRUE(archive);
  EXPECT_EQ(archive->getPrefix(), "archive/");
  const PickleValue &root = archive->getRoot();
  ASSERT_TRUE(root.is(Kind::Tuple));
  ASSERT_EQ(root.getItems().size(), 2u);
  ArrayRef<const PickleValue *> args = root.getItems()[0]->getItems();
  ASSERT_EQ(args.size(), 2u);

  const TensorRef &bf16 = args[0]->getTensor();
  EXPECT_EQ(bf16.dtype, "bfloat16");
  EXPECT_EQ(bf16.elementSize, 2u);
  Expected<EntryData> bf16Bytes = archive->readStorage(bf16);
  ASSERT_TRUE(bool(bf16Bytes)) << toString(bf16Bytes.takeError());
  EXPECT_EQ(decode<uint16_t>(bf16Bytes->bytes()),
            (std::vector<uint16_t>{0x3f80, 0x4000, 0x4040, 0x4080}));

  const TensorRef &f8 = args[1]->getTensor();
  EXPECT_EQ(f8.dtype, "float8_e4m3fn");
  EXPECT_EQ(f8.storage.dtype, "uint8");
  EXPECT_EQ(f8.storage.numBytes, 4u);

  const PickleValue &kwargs = *root.getItems()[1];
  EXPECT_EQ(kwargs.lookup("scale")->getFloat(), 2.5);
  EXPECT_TRUE(kwargs.lookup("flag")->getBool());
  EXPECT_EQ(kwargs.lookup("name")->getString(), "x");
  EXPECT_TRUE(kwargs.lookup("dtype")->is(Kind::DType));
  EXPECT_EQ(kwargs.lookup("dtype")->getString(), "float32");
  EXPECT_TRUE(kwargs.lookup("device")->is(Kind::Device));
  EXPECT_EQ(kwargs.lookup("device")->getString(), "cpu");
  ASSERT_TRUE(kwargs.lookup("size")->is(Kind::Tuple));
  EXPECT_EQ(kwargs.lookup("size")->getItems()[1]->getInt(), 3);
  EXPECT_EQ(kwargs.lookup("raw")->getBytes(),
            ArrayRef<uint8_t>({0x00, 0xff}));
  EXPECT_TRUE(kwargs.lookup("none")->is(Kind::None));
  EXPECT_EQ(kwargs.lookup("negative")->getInt(), -5);
  EXPECT_EQ(kwargs.lookup("big")->getInt(), int64_t(1) << 40);
  ASSERT_TRUE(kwargs.lookup("tags")->is(Kind::Set));
  EXPECT_EQ(kwargs.lookup("tags")->getItems()[0]->getInt(), 7);
  EXPECT_EQ(kwargs.lookup("frozen")->getItems()[0]->getInt(), 3);
}

TEST(TorchSaveArchiveTest, OpensAnAlreadyOpenZip) {
  Expected<std::unique_ptr<ZipArchive>> zip =
      ZipArchive::open(fixturePath("state_dict.pt"));
  ASSERT_TRUE(bool(zip)) << toString(zip.takeError());
  const ZipArchive *raw = zip->get();
  Expected<std::unique_ptr<TorchSaveArchive>> archive =
      TorchSaveArchive::open(std::move(*zip));
  ASSERT_TRUE(bool(archive)) << toString(archive.takeError());
  EXPECT_EQ(&(*archive)->getZip(), raw);
  EXPECT_TRUE((*archive)->getRoot().lookup("bias"));
}

TEST(TorchSaveArchiveTest, RejectsForbiddenGlobals) {
  std::string path = fixturePath("evil.pt");
  EXPECT_EQ(errorMessage(TorchSaveArchive::open(path)),
            path + "!archive/data.pkl: at byte 2: global 'os.system' is not "
                   "allowed: only the tensor, storage and container types "
                   "torch.save writes are");
}

TEST(TorchSaveArchiveTest, RejectsMissingStorages) {
  std::vector<uint8_t> bytes = readFixture("state_dict.pt");
  renameEntry(bytes, "state_dict/data/2", "state_dict/data/9");
  TempFile file(bytes);
  EXPECT_EQ(errorMessage(TorchSaveArchive::open(file.path())),
            file.path() + ": storage '2' has no entry 'state_dict/data/2'");
}

TEST(TorchSaveArchiveTest, RejectsStoragesSmallerThanDeclared) {
  std::vector<uint8_t> bytes = readFixture("state_dict.pt");
  size_t local = findLocalHeader(bytes, "state_dict/data/1");
  size_t central = findCentralRecord(bytes, "state_dict/data/1");
  for (size_t field : {local + 18, local + 22, central + 20, central + 24})
    write32(bytes, field, 8);
  updateCRC(bytes, "state_dict/data/1");
  TempFile file(bytes);
  EXPECT_EQ(errorMessage(TorchSaveArchive::open(file.path())),
            file.path() + ": entry 'state_dict/data/1': holds 8 bytes, but "
                          "the pickle declares a float32 storage of 3 "
                          "elements (12 bytes)");
}

TEST(TorchSaveArchiveTest, RejectsBigEndianStorages) {
  std::vector<uint8_t> bytes = readFixture("state_dict.pt");
  size_t order = findLocalHeader(bytes, "state_dict/byteorder") + 30 +
                 strlen("state_dict/byteorder");
  std::memcpy(&bytes[order], "big   ", 6);
  updateCRC(bytes, "state_dict/byteorder");
  TempFile file(bytes);
  EXPECT_NE(errorMessage(TorchSaveArchive::open(file.path()))
                .find("entry 'state_dict/byteorder': storages are "
                      "'big'-endian; only little-endian is supported"),
            std::string::npos);
}

TEST(TorchSaveArchiveTest, RejectsOtherZips) {
  std::string path = fixturePath("stored.zip");
  EXPECT_EQ(errorMessage(TorchSaveArchive::open(path)),
            path + ": not a torch.save archive: no <folder>/data.pkl entry");
}

} // namespace
