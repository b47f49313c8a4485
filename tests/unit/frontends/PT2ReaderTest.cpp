//===- PT2ReaderTest.cpp - Importing .pt2 archives ------------------------===//
//
// Archives are assembled here, entry by entry, so that each test states the
// layout it needs: weights that views share (tied), views that are not
// contiguous, pickled payloads, constants, several programs, the legacy
// layout. torch.save payloads come from the zip reader's fixtures.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/PT2Reader.h"

#include "frontends/pt2/ImportSummary.h"
#include "frontends/pt2/ZipArchive.h"
#include "ir/Diagnostic.h"
#include "ir/Verifier.h"

#include "Fixtures.h"

#include "llvm/Support/CRC.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <cstring>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;
using namespace pt2onnx::pt2::testing;
using json = nlohmann::json;

namespace {

/// Writes a zip whose entry data start at multiples of 64, as torch's
/// PyTorchStreamWriter aligns them; entries are stored unless `deflate`.
class ZipWriter {
public:
  void add(StringRef name, ArrayRef<uint8_t> data, bool deflate = false) {
    std::vector<uint8_t> packed(data.begin(), data.end());
    if (deflate)
      packed = deflateRaw(data);
    uint16_t method = deflate ? 8 : 0;
    size_t offset = out.size();
    size_t headerEnd = offset + 30 + name.size() + 4;
    uint16_t padding = (64 - headerEnd % 64) % 64;
    uint32_t crc = crc32(data);
    put32(0x04034b50);
    put16(20), put16(0), put16(method), put16(0), put16(0);
    put32(crc), put32(packed.size()), put32(data.size());
    put16(name.size()), put16(4 + padding);
    out.insert(out.end(), name.begin(), name.end());
    put16(0x4246), put16(padding); // the 'FB' padding field torch writes
    out.insert(out.end(), padding, 'Z');
    out.insert(out.end(), packed.begin(), packed.end());
    entries.push_back({name.str(), method, crc, uint32_t(packed.size()), uint32_t(data.size()),
                       uint32_t(offset)});
  }
  void add(StringRef name, StringRef text) {
    add(name, ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(text.data()), text.size()));
  }

  std::vector<uint8_t> finish() {
    size_t directory = out.size();
    for (const Entry &e : entries) {
      put32(0x02014b50);
      put16(20), put16(20), put16(0), put16(e.method), put16(0), put16(0);
      put32(e.crc), put32(e.compressedSize), put32(e.size);
      put16(e.name.size()), put16(0), put16(0), put16(0), put16(0);
      put32(0), put32(e.offset);
      out.insert(out.end(), e.name.begin(), e.name.end());
    }
    size_t directorySize = out.size() - directory;
    put32(0x06054b50);
    put16(0), put16(0), put16(entries.size()), put16(entries.size());
    put32(directorySize), put32(directory), put16(0);
    return out;
  }

private:
  struct Entry {
    std::string name;
    uint16_t method;
    uint32_t crc, compressedSize, size, offset;
  };
  static std::vector<uint8_t> deflateRaw(ArrayRef<uint8_t> data) {
    z_stream stream{};
    deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    std::vector<uint8_t> packed(deflateBound(&stream, data.size()));
    stream.next_in = const_cast<uint8_t *>(data.data());
    stream.avail_in = data.size();
    stream.next_out = packed.data();
    stream.avail_out = packed.size();
    deflate(&stream, Z_FINISH);
    packed.resize(stream.total_out);
    deflateEnd(&stream);
    return packed;
  }
  void put16(uint16_t v) {
    out.push_back(v & 0xff);
    out.push_back(v >> 8);
  }
  void put32(uint32_t v) {
    put16(v & 0xffff);
    put16(v >> 16);
  }
  std::vector<uint8_t> out;
  std::vector<Entry> entries;
};

template <typename T> std::vector<uint8_t> bytesOf(std::vector<T> values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

template <typename T> std::vector<T> valuesOf(const ir::WeightData &w) {
  std::vector<T> values(w.bytes.size() / sizeof(T));
  std::memcpy(values.data(), w.bytes.data(), w.bytes.size());
  return values;
}

/// The bytes of an entry of one of the zip reader's fixtures.
std::vector<uint8_t> fixtureEntry(StringRef fixture, StringRef entry) {
  Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::open(fixturePath(fixture));
  if (!zip) {
    ADD_FAILURE() << toString(zip.takeError());
    return {};
  }
  Expected<EntryData> data = (*zip)->read(*(*zip)->find(entry));
  if (!data) {
    ADD_FAILURE() << toString(data.takeError());
    return {};
  }
  return std::vector<uint8_t>(data->bytes().begin(), data->bytes().end());
}

json tensorMeta(int dtype, std::vector<int64_t> sizes, std::vector<int64_t> strides = {},
                int64_t offset = 0) {
  json s = json::array(), st = json::array();
  for (int64_t v : sizes)
    s.push_back({{"as_int", v}});
  for (int64_t v : strides)
    st.push_back({{"as_int", v}});
  return {{"dtype", dtype},
          {"sizes", s},
          {"requires_grad", false},
          {"device", {{"type", "cpu"}, {"index", nullptr}}},
          {"strides", st},
          {"storage_offset", {{"as_int", offset}}},
          {"layout", 7}};
}

/// A program whose inputs are the given parameters, buffers or constants
/// and `x`, returning `x`.
struct Param {
  std::string placeholder, fqn;
  std::vector<int64_t> sizes;
  std::string kind = "parameter";
  int dtype = 7;
};

std::string programJSON(const std::vector<Param> &params) {
  json graph = {{"inputs", json::array()},
                {"outputs", json::array({{{"as_tensor", {{"name", "x"}}}}})},
                {"nodes", json::array()},
                {"tensor_values", {{"x", tensorMeta(7, {2})}}},
                {"sym_int_values", json::object()},
                {"sym_bool_values", json::object()}};
  json specs = json::array();
  for (const Param &p : params) {
    graph["inputs"].push_back({{"as_tensor", {{"name", p.placeholder}}}});
    graph["tensor_values"][p.placeholder] = tensorMeta(p.dtype, p.sizes);
    if (p.kind == "parameter")
      specs.push_back(
          {{"parameter", {{"arg", {{"name", p.placeholder}}}, {"parameter_name", p.fqn}}}});
    else if (p.kind == "buffer")
      specs.push_back(
          {{"buffer",
            {{"arg", {{"name", p.placeholder}}}, {"buffer_name", p.fqn}, {"persistent", true}}}});
    else
      specs.push_back({{"tensor_constant",
                        {{"arg", {{"name", p.placeholder}}}, {"tensor_constant_name", p.fqn}}}});
  }
  graph["inputs"].push_back({{"as_tensor", {{"name", "x"}}}});
  specs.push_back({{"user_input", {{"arg", {{"as_tensor", {{"name", "x"}}}}}}}});
  json program = {
      {"graph_module",
       {{"graph", graph},
        {"signature",
         {{"input_specs", specs},
          {"output_specs",
           json::array({{{"user_output", {{"arg", {{"as_tensor", {{"name", "x"}}}}}}}}})}}},
        {"module_call_graph", json::array()}}},
      {"range_constraints", json::object()},
      {"schema_version", {{"major", 8}, {"minor", 20}}}};
  return program.dump();
}

json payload(StringRef path, json meta, bool pickled = false) {
  return {{"path_name", path}, {"is_param", true}, {"use_pickle", pickled}, {"tensor_meta", meta}};
}

/// An archive in the current layout, under `model/`, whose storage
/// weight_0 holds the floats 0..11.
class ArchiveTest : public ::testing::Test {
protected:
  ArchiveTest() {
    std::vector<float> storage(12);
    for (int i = 0; i < 12; ++i)
      storage[i] = float(i);
    zip.add("model/archive_format", "pt2");
    zip.add("model/archive_version", "0");
    zip.add("model/byteorder", "little");
    zip.add("model/data/weights/weight_0", bytesOf(storage));
    zip.add("model/data/weights/weight_1",
            fixtureEntry("archive.pt2", "model/data/weights/weight_1"));
    zip.add("model/data/constants/tensor_0", bytesOf(std::vector<int64_t>{40, 2}),
            /*deflate=*/true);
    zip.add("model/.data/version", "6\n");
  }

  std::unique_ptr<ir::Module> importOk(const ImportOptions &options = {}) {
    TempFile file(zip.finish(), "model.pt2");
    path = file.path();
    Expected<std::unique_ptr<ir::Module>> module = importPT2(file.path(), options);
    if (!module) {
      ADD_FAILURE() << toString(module.takeError());
      return nullptr;
    }
    if (Error err = ir::verifyModule(**module)) {
      ADD_FAILURE() << toString(std::move(err));
      return nullptr;
    }
    return std::move(*module);
  }

  std::string importError(const ImportOptions &options = {}) {
    TempFile file(zip.finish(), "model.pt2");
    path = file.path();
    std::string message = errorMessage(importPT2(file.path(), options));
    // Name the archive independently of the temporary directory.
    for (size_t at; (at = message.find(path)) != std::string::npos;)
      message.replace(at, path.size(), "model.pt2");
    return message;
  }

  ZipWriter zip;
  std::string path;
};

TEST_F(ArchiveTest, WeightsAreViewsSharedByTiedNames) {
  json weights = {{"config",
                   {{"fc.weight", payload("weight_0", tensorMeta(7, {3, 4}, {4, 1}))},
                    {"tied.weight", payload("weight_0", tensorMeta(7, {3, 4}, {4, 1}))},
                    {"row", payload("weight_0", tensorMeta(7, {4}, {1}, 8))},
                    {"transposed", payload("weight_0", tensorMeta(7, {4, 3}, {1, 4}))},
                    {"column", payload("weight_0", tensorMeta(7, {3}, {4}, 1))},
                    {"column_again", payload("weight_0", tensorMeta(7, {3}, {4}, 1))},
                    {"pickled", payload("weight_1", nullptr, /*pickled=*/true)}}}};
  json constants = {
      {"config", {{"lifted_tensor_0", payload("tensor_0", tensorMeta(5, {2}, {1}))}}}};
  zip.add("model/data/weights/model_weights_config.json", weights.dump());
  zip.add("model/data/constants/model_constants_config.json", constants.dump());
  zip.add("model/models/model.json",
          programJSON({{"p_fc_weight", "fc.weight", {3, 4}},
                       {"p_tied_weight", "tied.weight", {3, 4}},
                       {"p_row", "row", {4}},
                       {"p_transposed", "transposed", {4, 3}},
                       {"p_column", "column", {3}},
                       {"p_column_again", "column_again", {3}},
                       {"p_pickled", "pickled", {3}},
                       {"c_lifted", "lifted_tensor_0", {2}, "tensor_constant", 5}}));
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  // The archive is gone from the test's view: the module keeps it mapped.
  auto weight = [&](StringRef name) { return *module->lookupWeight(name); };

  ir::WeightData fc = weight("fc.weight"), tied = weight("tied.weight"), row = weight("row");
  EXPECT_EQ(valuesOf<float>(fc), (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  EXPECT_EQ(fc.bytes.data(), tied.bytes.data());
  // A contiguous view at an offset points into the same storage.
  EXPECT_EQ(row.bytes.data(), fc.bytes.data() + 8 * sizeof(float));
  EXPECT_EQ(valuesOf<float>(row), (std::vector<float>{8, 9, 10, 11}));
  // Views into the mapped archive may have their pages released; copies not.
  EXPECT_TRUE(fc.fileMapped);
  EXPECT_TRUE(row.fileMapped);

  ir::WeightData transposed = weight("transposed");
  EXPECT_FALSE(transposed.fileMapped);
  EXPECT_EQ(transposed.getType().str(), "tensor<4x3xf32>");
  EXPECT_EQ(valuesOf<float>(transposed),
            (std::vector<float>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  ir::WeightData column = weight("column"), columnAgain = weight("column_again");
  EXPECT_EQ(valuesOf<float>(column), (std::vector<float>{1, 5, 9}));
  EXPECT_EQ(column.bytes.data(), columnAgain.bytes.data());

  EXPECT_EQ(valuesOf<float>(weight("pickled")), (std::vector<float>{7, 8, 9}));
  // A compressed payload is inflated once; the module keeps the bytes.
  EXPECT_EQ(valuesOf<int64_t>(weight("lifted_tensor_0")), (std::vector<int64_t>{40, 2}));
  EXPECT_FALSE(weight("lifted_tensor_0").fileMapped);

  std::string summary;
  raw_string_ostream os(summary);
  describeImport(*module, os);
  EXPECT_EQ(summary, "program: schema 8.20\n"
                     "inputs: 7 parameter 1 tensor_constant 1 user_input\n"
                     "  %x: tensor<2xf32>\n"
                     "outputs:\n"
                     "  %x: tensor<2xf32>\n"
                     "ops: 9\n"
                     "       8  ir.constant\n"
                     "       1  ir.return\n"
                     "weights: 8, 212 B (152 B distinct)\n");
}

TEST_F(ArchiveTest, ArchivesAreImportedFromMemory) {
  zip.add("model/data/weights/model_weights_config.json",
          json({{"config", {{"fc.weight", payload("weight_0", tensorMeta(7, {3, 4}, {4, 1}))}}}})
              .dump());
  zip.add("model/models/model.json", programJSON({{"p_fc_weight", "fc.weight", {3, 4}}}));
  std::vector<uint8_t> bytes = zip.finish();
  std::unique_ptr<ir::Module> module;
  {
    Expected<std::unique_ptr<ir::Module>> imported = importPT2(MemoryBuffer::getMemBufferCopy(
        StringRef(reinterpret_cast<const char *>(bytes.data()), bytes.size()), "memory.pt2"));
    ASSERT_TRUE(bool(imported)) << toString(imported.takeError());
    module = std::move(*imported);
  }
  // The module keeps the buffer its weights view.
  ir::WeightData fc = *module->lookupWeight("fc.weight");
  EXPECT_EQ(valuesOf<float>(fc), (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  EXPECT_FALSE(fc.fileMapped);

  EXPECT_EQ(errorMessage(importPT2(MemoryBuffer::getMemBufferCopy("", "empty.pt2"))),
            "empty.pt2: too small to be a zip archive (0 bytes)");
}

TEST_F(ArchiveTest, ProgramsAreSelectedByName) {
  zip.add("model/data/weights/model_weights_config.json", R"({"config": {}})");
  zip.add("model/models/model.json", programJSON({}));
  zip.add("model/data/weights/other_weights_config.json",
          json{{"config", {{"w", payload("weight_0", tensorMeta(7, {2}, {1}))}}}}.dump());
  zip.add("model/models/other.json", programJSON({{"p_w", "w", {2}}}));
  ImportOptions options;
  options.modelName = "other";
  std::unique_ptr<ir::Module> module = importOk(options);
  ASSERT_TRUE(module);
  EXPECT_EQ(module->getWeights().size(), 1u);

  TempFile file(zip.finish(), "model.pt2");
  Expected<std::vector<std::string>> models = listPT2Models(file.path());
  ASSERT_TRUE(bool(models)) << toString(models.takeError());
  EXPECT_EQ(*models, (std::vector<std::string>{"model", "other"}));

  options.modelName = "third";
  EXPECT_EQ(importError(options),
            "model.pt2: no program 'third' in the archive; it holds: model, other");
}

TEST_F(ArchiveTest, Errors) {
  zip.add("model/models/model.json", programJSON({{"p_w", "w", {4}}}));
  ZipWriter base = zip;

  zip.add("model/data/weights/model_weights_config.json",
          json{{"config", {{"w", payload("weight_9", tensorMeta(7, {4}, {1}))}}}}.dump());
  EXPECT_EQ(importError(), "model.pt2: model/data/weights/model_weights_config.json: "
                           "config[\"w\"]: payload 'model/data/weights/weight_9' is not in the "
                           "archive");

  zip = base;
  zip.add("model/data/weights/model_weights_config.json",
          json{{"config", {{"w", payload("weight_0", tensorMeta(7, {4}, {1}, 10))}}}}.dump());
  EXPECT_EQ(importError(), "model.pt2: model/models/model.json: graph_module.signature."
                           "input_specs[0]: parameter 'w': model.pt2: model/data/weights/weight_0: "
                           "the view ends at byte 56 of a storage of 48 bytes");

  zip = base;
  zip.add("model/data/weights/model_weights_config.json",
          json{{"config", {{"w", payload("weight_0", tensorMeta(99, {4}, {1}))}}}}.dump());
  EXPECT_EQ(importError(), "model.pt2: model/data/weights/model_weights_config.json: "
                           "config[\"w\"]: unsupported ScalarType 99");

  zip = base;
  zip.add("model/data/weights/model_weights_config.json", R"({"config": {}})");
  EXPECT_EQ(importError(), "model.pt2: model/models/model.json: graph_module.signature."
                           "input_specs[0]: parameter 'w': the archive holds no tensor of that "
                           "name");
}

TEST_F(ArchiveTest, PayloadMetadataIsChecked) {
  zip.add("model/models/model.json", programJSON({{"p_w", "w", {4}}}));
  ZipWriter base = zip;
  auto withMeta = [&](json meta) {
    zip = base;
    zip.add("model/data/weights/model_weights_config.json",
            json{{"config", {{"w", payload("weight_0", meta)}}}}.dump());
    return importError();
  };
  const std::string config = "model.pt2: model/data/weights/model_weights_config.json: "
                             "config[\"w\"]: ";
  json meta = tensorMeta(7, {4}, {1});
  meta["strides"][0]["as_int"] = 1e308;
  EXPECT_EQ(withMeta(meta), config + "tensor_meta strides[0]: 1e+308 is not an integer");
  meta["strides"][0]["as_int"] = -1e308;
  EXPECT_EQ(withMeta(meta), config + "tensor_meta strides[0]: -1e+308 is not an integer");
  meta["strides"][0]["as_int"] = -1;
  EXPECT_EQ(withMeta(meta), config + "tensor_meta strides[0] is negative (-1)");
  meta = tensorMeta(7, {4}, {1});
  meta["storage_offset"]["as_int"] = 1e30;
  EXPECT_EQ(withMeta(meta), config + "tensor_meta storage_offset: 1e+30 is not an integer");
  meta["storage_offset"]["as_int"] = uint64_t(1) << 63;
  EXPECT_EQ(withMeta(meta),
            config + "tensor_meta storage_offset: 9223372036854775808 does not fit in 64 bits");
  meta["storage_offset"] = 3;
  EXPECT_EQ(withMeta(meta), config + "tensor_meta storage_offset must be {\"as_int\": n}");
  EXPECT_EQ(withMeta(tensorMeta(7, {4}, {1, 1})),
            config + "tensor_meta has 1 sizes but 2 strides");

  // Offsets and strides that reach past the payload, or past 2^63 bytes.
  const std::string view = "model.pt2: model/models/model.json: graph_module.signature."
                           "input_specs[0]: parameter 'w': model.pt2: model/data/weights/weight_0: ";
  EXPECT_EQ(withMeta(tensorMeta(7, {4}, {1}, 9)),
            view + "the view ends at byte 52 of a storage of 48 bytes");
  EXPECT_EQ(withMeta(tensorMeta(7, {4}, {4})),
            view + "the view ends at byte 52 of a storage of 48 bytes");
  EXPECT_EQ(withMeta(tensorMeta(7, {4}, {int64_t(1) << 62})),
            view + "the view addresses bytes beyond 2^63");
  EXPECT_EQ(withMeta(tensorMeta(7, {4}, {1}, int64_t(1) << 62)),
            view + "the view addresses bytes beyond 2^63");
}

TEST_F(ArchiveTest, EveryEntryIsChecked) {
  zip.add("model/models/model.json", programJSON({}));
  zip.add("model/data/weights/model_weights_config.json", R"({"config": {}})");
  ASSERT_TRUE(importOk());
  // A corrupt byte in an entry the program never reads.
  std::vector<uint8_t> bytes = zip.finish();
  size_t data = findLocalHeader(bytes, "model/.data/version") + 30 +
                std::strlen("model/.data/version") + 4;
  while (bytes[data] == 'Z')
    ++data;
  ASSERT_EQ(bytes[data], '6');
  bytes[data] = '7';
  TempFile file(bytes, "model.pt2");
  EXPECT_EQ(errorMessage(importPT2(file.path())),
            file.path() + ": entry 'model/.data/version': CRC-32 mismatch (central directory "
                          "says 0x28106a94, data has 0x310b5bd5)");
}

TEST(PT2ReaderTest, TorchSaveStoragesHoldExactlyTheirBytes) {
  // torch.save writes a storage's bytes, no more: a payload holding more is
  // not what its pickle describes.
  Expected<std::unique_ptr<ZipArchive>> stateDict = ZipArchive::open(fixturePath("state_dict.pt"));
  ASSERT_TRUE(bool(stateDict)) << toString(stateDict.takeError());
  ZipWriter grown;
  for (const ZipArchive::Entry &entry : (*stateDict)->entries()) {
    Expected<EntryData> data = (*stateDict)->read(entry);
    ASSERT_TRUE(bool(data));
    std::vector<uint8_t> bytes(data->bytes().begin(), data->bytes().end());
    if (entry.name == "state_dict/data/1")
      bytes.resize(bytes.size() + 4);
    grown.add(entry.name, bytes);
  }
  ZipWriter legacy;
  legacy.add("serialized_exported_program.json", programJSON({}));
  legacy.add("serialized_state_dict.pt", grown.finish());
  TempFile file(legacy.finish(), "model.pt2");
  EXPECT_EQ(errorMessage(importPT2(file.path())),
            file.path() + "!serialized_state_dict.pt: entry 'state_dict/data/1': holds 16 bytes, "
                          "but the pickle declares a float32 storage of 3 elements (12 bytes)");
}

TEST(PT2ReaderTest, ArchiveVersions) {
  for (StringRef version : {"", "big", "1", "0\n"}) {
    ZipWriter zip;
    zip.add("model/archive_format", "pt2");
    zip.add("model/archive_version", version);
    zip.add("model/models/model.json", programJSON({}));
    TempFile file(zip.finish(), "model.pt2");
    std::string quoted;
    raw_string_ostream(quoted) << '\'' << version << '\'';
    EXPECT_EQ(errorMessage(importPT2(file.path())),
              file.path() + ": entry 'model/archive_version': unsupported archive version " +
                  quoted + "; supported archive versions: 0");
    EXPECT_EQ(errorMessage(listPT2Models(file.path())),
              file.path() + ": entry 'model/archive_version': unsupported archive version " +
                  quoted + "; supported archive versions: 0");
  }
  ZipWriter zip;
  zip.add("model/archive_format", "pt2");
  zip.add("model/models/model.json", programJSON({}));
  TempFile file(zip.finish(), "model.pt2");
  EXPECT_EQ(errorMessage(importPT2(file.path())),
            file.path() + ": no 'model/archive_version' entry; supported archive versions: 0");
}

TEST_F(ArchiveTest, ErrorsAreLocatedInTheArchive) {
  zip.add("model/models/model.json", programJSON({{"p_w", "w", {4}}}));
  zip.add("model/data/weights/model_weights_config.json",
          json{{"config", {{"w", payload("weight_0", tensorMeta(99, {4}, {1}))}}}}.dump());
  TempFile file(zip.finish(), "model.pt2");
  bool located = false;
  handleAllErrors(importPT2(file.path()).takeError(), [&](const ir::LocatedError &e) {
    located = true;
    EXPECT_EQ(e.getPath(), file.path() + ": model/data/weights/model_weights_config.json");
    EXPECT_EQ(e.getPlace(), "config[\"w\"]");
    EXPECT_EQ(e.getReason(), "unsupported ScalarType 99");
  });
  EXPECT_TRUE(located);
}

// The weights may take at most ImportLimits::maxWeightRatio times the
// archive's bytes and maxWeightBytes in all: a broadcast view (stride 0) of a
// few bytes cannot make the importer allocate gigabytes, nor can a deflated
// entry that claims a huge size.
TEST_F(ArchiveTest, WeightBytesAreBounded) {
  ZipWriter base = zip;
  base.add("model/models/model.json", programJSON({{"p_w", "w", {3, 4}}}));

  zip.add("model/data/weights/model_weights_config.json",
          json{{"config", {{"w", payload("weight_0", tensorMeta(7, {1000000}, {0}))}}}}.dump());
  zip.add("model/models/model.json", programJSON({{"p_w", "w", {1000000}}}));
  ZipWriter sized = zip;
  size_t archiveSize = sized.finish().size();
  EXPECT_EQ(importError(), "model.pt2: model/models/model.json: graph_module.signature."
                           "input_specs[0]: parameter 'w': model.pt2: model/data/weights/weight_0: "
                           "the weights take more than " +
                               std::to_string(64 * archiveSize) + " bytes, 64 times the archive's " +
                               std::to_string(archiveSize) +
                               " (--max-weight-ratio raises the limit)");

  zip = base;
  zip.add("model/data/weights/model_weights_config.json",
          json{{"config", {{"w", payload("weight_0", tensorMeta(7, {3, 4}, {4, 1}))}}}}.dump());
  ImportOptions options;
  options.limits.maxWeightBytes = 47;
  EXPECT_EQ(importError(options),
            "model.pt2: model/models/model.json: graph_module.signature.input_specs[0]: parameter "
            "'w': model.pt2: model/data/weights/weight_0: the weights take more than 47 bytes "
            "(--max-weight-bytes raises the limit)");
  zip = base;
  zip.add("model/data/weights/model_weights_config.json",
          json{{"config", {{"w", payload("weight_0", tensorMeta(7, {3, 4}, {4, 1}))}}}}.dump());
  options.limits.maxWeightBytes = 48;
  EXPECT_TRUE(importOk(options));

  // The deflated constant tensor_0 holds 16 bytes: the archive's entries may
  // not inflate beyond the same bound.
  zip = base;
  zip.add("model/data/weights/model_weights_config.json", R"({"config": {}})");
  options.limits.maxWeightBytes = 15;
  EXPECT_EQ(importError(options), "model.pt2: deflated entries would inflate to more than 15 "
                                  "bytes in total, refusing a likely zip bomb");
}

// A payload config is JSON like the program and has the same limits.
TEST_F(ArchiveTest, PayloadConfigsAreCheckedBeforeParsing) {
  zip.add("model/models/model.json", programJSON({}));
  zip.add("model/data/weights/model_weights_config.json",
          R"({"config": {"a_rather_long_name": {}}})");
  ImportOptions options;
  options.limits.maxStringLength = 10;
  EXPECT_EQ(importError(options), "model.pt2: model/data/weights/model_weights_config.json: at "
                                  "byte 12: a string longer than 10 bytes (--max-string-length "
                                  "raises the limit)");
}

TEST(PT2ReaderTest, BigEndianArchivesAreRejected) {
  ZipWriter zip;
  zip.add("model/archive_format", "pt2");
  zip.add("model/archive_version", "0");
  zip.add("model/byteorder", "big");
  zip.add("model/models/model.json", programJSON({}));
  TempFile file(zip.finish(), "model.pt2");
  std::string message = errorMessage(importPT2(file.path()));
  EXPECT_NE(message.find("entry 'model/byteorder': weights are 'big'-endian; only little-endian "
                         "is supported"),
            std::string::npos)
      << message;
}

TEST(PT2ReaderTest, LegacyLayout) {
  // state_dict.pt holds: weight, a 2x3 parameter over 1..6; bias, 3 floats;
  // column, weight's second column (a strided view); steps, an int64 scalar.
  ZipWriter legacy;
  legacy.add("serialized_exported_program.json",
             programJSON({{"p_weight", "weight", {2, 3}},
                          {"p_bias", "bias", {3}},
                          {"b_column", "column", {2}},
                          {"b_steps", "steps", {}, "buffer", 5}}));
  legacy.add("serialized_state_dict.pt", readFixture("state_dict.pt"));
  legacy.add("serialized_constants.pt", fixtureEntry("legacy.pt2", "serialized_constants.pt"));
  legacy.add("version", "8.2");
  TempFile file(legacy.finish(), "model.pt2");
  Expected<std::unique_ptr<ir::Module>> module = importPT2(file.path());
  ASSERT_TRUE(bool(module)) << toString(module.takeError());
  ASSERT_FALSE(bool(ir::verifyModule(**module)));
  auto weight = [&](StringRef name) { return *(*module)->lookupWeight(name); };
  EXPECT_EQ(valuesOf<float>(weight("weight")), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(valuesOf<float>(weight("bias")), (std::vector<float>{0.5, -0.5, 0.25}));
  EXPECT_EQ(valuesOf<float>(weight("column")), (std::vector<float>{2, 5}));
  EXPECT_EQ(valuesOf<int64_t>(weight("steps")), (std::vector<int64_t>{42}));

  Expected<std::vector<std::string>> models = listPT2Models(file.path());
  ASSERT_TRUE(bool(models));
  EXPECT_EQ(*models, std::vector<std::string>{"model"});
  ImportOptions options;
  options.modelName = "other";
  EXPECT_EQ(errorMessage(importPT2(file.path(), options)),
            file.path() + ": the archive has the torch 2.1-2.6 layout, which holds one program, "
                          "'model'; there is no 'other'");

  // Its `version` is the schema version, whose major must be 8.
  for (StringRef version : {"9.0", "8", "big", ""}) {
    ZipWriter other;
    other.add("serialized_exported_program.json", programJSON({}));
    other.add("version", version);
    TempFile otherFile(other.finish(), "model.pt2");
    EXPECT_EQ(errorMessage(importPT2(otherFile.path())),
              otherFile.path() + ": entry 'version': unsupported schema version '" +
                  version.str() + "'; supported: 8.x");
  }
}

} // namespace
