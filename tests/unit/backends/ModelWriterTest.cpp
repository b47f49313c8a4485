//===- ModelWriterTest.cpp - Streaming models and weights to disk -----------===//
//
// writeModel: the file holds the bytes protobuf writes for the whole model,
// fields in onnx.proto order (also the metadata_props that onnx 1.12's
// classes keep as unknown fields); external data lands aligned, byte for
// byte; output is deterministic; and failures leave nothing behind.
//
//===----------------------------------------------------------------------===//

#include "SampleModules.h"

#include "backends/onnx/ONNXBackend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gmock/gmock.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/unknown_field_set.h>
#include <google/protobuf/wire_format_lite.h>
#include <gtest/gtest.h>
#include <onnx/checker.h>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

using namespace pt2onnx;
using namespace pt2onnx::onnx_backend;
using namespace pt2onnx::onnx_backend::samples;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

namespace {

/// A fresh directory, removed with its contents at the end of the test.
class TempDir {
public:
  TempDir() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("pt2onnx-backend", path)); }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> p(path);
    llvm::sys::path::append(p, name);
    return p.str().str();
  }
  std::vector<std::string> list() const {
    std::vector<std::string> names;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(path, ec), end; it != end && !ec; it.increment(ec))
      names.push_back(llvm::sys::path::filename(it->path()).str());
    llvm::sort(names);
    return names;
  }

private:
  llvm::SmallString<128> path;
};

std::string readFile(const std::string &path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    ADD_FAILURE() << "cannot read " << path;
    return {};
  }
  return (*buffer)->getBuffer().str();
}

void write(const ir::Module &module, const std::string &path, const EmitOptions &options = {}) {
  if (llvm::Error error = writeModel(module, path, options))
    ADD_FAILURE() << llvm::toString(std::move(error));
}

std::string writeError(const ir::Module &module, const std::string &path,
                       const EmitOptions &options = {}) {
  llvm::Error error = writeModel(module, path, options);
  if (!error) {
    ADD_FAILURE() << "expected an error";
    return {};
  }
  return llvm::toString(std::move(error));
}

/// The error code writeModel's error carries, for the tools' exit codes.
std::error_code writeErrorCode(const ir::Module &module, const std::string &path,
                               const EmitOptions &options = {}) {
  return llvm::errorToErrorCode(writeModel(module, path, options));
}

onnx::ModelProto parse(const std::string &bytes) {
  onnx::ModelProto model;
  EXPECT_TRUE(model.ParseFromString(bytes));
  return model;
}

std::string serialize(const onnx::ModelProto &model) {
  std::string bytes;
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream out(&stream);
  out.SetSerializationDeterministic(true);
  model.SerializeToCodedStream(&out);
  return bytes;
}

/// Names and sizes in bytes (multiples of 100) of weights.
using WeightSizes = llvm::ArrayRef<std::pair<const char *, int64_t>>;
constexpr std::pair<const char *, int64_t> kWeights[] = {
    {"big", 5000}, {"small", 100}, {"bigger", 10000}};

/// A module with weights of 5000, 100 and 10000 bytes (or `sizes`), summed
/// into the output. Each weight holds patternBytes(n, n); `views`, when
/// given, are views of those bytes for the weights to use instead of their
/// own copy.
void buildWeightsModule(ir::Module &module, WeightSizes sizes = kWeights,
                        std::vector<ir::WeightData> views = {}) {
  ir::Builder b(module);
  ir::Block &body = ir::Module::getGraphBody(module.addGraph("main"));
  ir::Value *x = body.addArgument(ir::Type::tensor(ir::DType::UInt8, {100}), "x");
  b.setInsertionPointToEnd(&body);
  ir::Value *sum = x;
  for (size_t i = 0; i != sizes.size(); ++i) {
    auto [name, n] = sizes[i];
    ir::Value *w;
    if (views.empty()) {
      w = addWeight(b, name, "", ir::DType::UInt8, {n / 100, 100}, uint8_t(n));
    } else {
      module.addWeight(name, std::move(views[i]));
      w = b.createWeightRef(name, module.lookupWeight(name)->getType());
    }
    sum = b.create("onnx.Add", {sum, w}, {ir::Type::tensor(ir::DType::UInt8, {n / 100, 100})})
              ->getResult(0);
  }
  b.createReturn({sum});
}

/// Writes the weights of buildWeightsModule to a file at odd offsets, as
/// an archive holds them, and maps it read-only, as the frontend does.
class MappedWeights {
public:
  MappedWeights(const std::string &path, WeightSizes sizes) {
    std::string contents(37, 'x');
    std::vector<size_t> offsets;
    for (auto [name, n] : sizes) {
      offsets.push_back(contents.size());
      std::vector<uint8_t> bytes = patternBytes(size_t(n), uint8_t(n));
      contents.append(bytes.begin(), bytes.end());
      contents.append(13, 'y');
    }
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(path, ec);
      EXPECT_FALSE(ec);
      os << contents;
    }
    std::error_code ec;
    llvm::Expected<llvm::sys::fs::file_t> fd = llvm::sys::fs::openNativeFileForRead(path);
    EXPECT_TRUE(bool(fd));
    region = std::make_shared<llvm::sys::fs::mapped_file_region>(
        *fd, llvm::sys::fs::mapped_file_region::readonly, contents.size(), 0, ec);
    llvm::sys::fs::closeFile(*fd);
    EXPECT_FALSE(ec);
    for (size_t i = 0; i != sizes.size(); ++i) {
      int64_t n = sizes[i].second;
      ir::WeightData weight;
      weight.dtype = ir::DType::UInt8;
      weight.shape = {n / 100, 100};
      weight.bytes = llvm::ArrayRef<uint8_t>(getBase() + offsets[i], size_t(n));
      weight.keepAlive = region;
      views.push_back(std::move(weight));
    }
  }
  const uint8_t *getBase() const { return reinterpret_cast<const uint8_t *>(region->const_data()); }
  /// Bytes of the mapping this process has paged in (Rss in /proc/self/smaps).
  uint64_t getResidentBytes() const {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> smaps =
        llvm::MemoryBuffer::getFileAsStream("/proc/self/smaps");
    if (!smaps) {
      ADD_FAILURE() << "cannot read /proc/self/smaps";
      return 0;
    }
    auto base = reinterpret_cast<uintptr_t>(getBase());
    llvm::SmallVector<llvm::StringRef> lines;
    (*smaps)->getBuffer().split(lines, '\n');
    bool inRegion = false;
    for (llvm::StringRef line : lines) {
      auto [first, rest] = line.split('-');
      uintptr_t start, end;
      if (!first.getAsInteger(16, start) &&
          !rest.take_until([](char c) { return c == ' '; }).getAsInteger(16, end)) {
        inRegion = start <= base && base < end;
        continue;
      }
      uint64_t kb;
      if (inRegion && line.consume_front("Rss:") && line.consume_back(" kB") &&
          !line.trim().getAsInteger(10, kb))
        return kb * 1024;
    }
    ADD_FAILURE() << "the mapping is not in /proc/self/smaps";
    return 0;
  }

  std::vector<ir::WeightData> views;

private:
  std::shared_ptr<llvm::sys::fs::mapped_file_region> region;
};

TEST(ModelWriter, FileHoldsTheSerializedModel) {
  TempDir dir;
  ir::Module module;
  buildConvModule(module);
  EmitOptions options;
  std::string path = dir.file("model.onnx");
  write(module, path, options);
  std::string bytes = readFile(path);
  EXPECT_EQ(bytes, serialize(llvm::cantFail(buildModelProto(module, options))));
  EXPECT_THAT(dir.list(), ElementsAre("model.onnx"));

  // Replacing a file, and byte-identical output across writes.
  write(module, path, options);
  EXPECT_EQ(readFile(path), bytes);
  EXPECT_THAT(dir.list(), ElementsAre("model.onnx"));
}

/// Checks that every message on the path from the model to the metadata
/// has its fields in field-number order, as onnx >= 1.16 (which knows all
/// of them) serializes them; returns how many messages were checked.
int checkFieldOrder(const std::string &bytes, const google::protobuf::Descriptor *type) {
  using google::protobuf::internal::WireFormatLite;
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t *>(bytes.data()),
                                            int(bytes.size()));
  int checked = 1;
  int last = 0;
  while (uint32_t tag = in.ReadTag()) {
    int number = WireFormatLite::GetTagFieldNumber(tag);
    EXPECT_LE(last, number) << type->full_name();
    last = number;
    if (WireFormatLite::GetTagWireType(tag) != WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      EXPECT_TRUE(WireFormatLite::SkipField(&in, tag));
      continue;
    }
    std::string payload;
    uint32_t length;
    EXPECT_TRUE(in.ReadVarint32(&length) && in.ReadString(&payload, int(length)));
    const google::protobuf::FieldDescriptor *field = type->FindFieldByNumber(number);
    if (field && field->message_type())
      checked += checkFieldOrder(payload, field->message_type());
  }
  return checked;
}

TEST(ModelWriter, MetadataPropsAreWhereONNXPutsThem) {
  TempDir dir;
  ir::Module module;
  buildConvModule(module);
  EmitOptions options;
  std::string path = dir.file("model.onnx");
  write(module, path, options);
  std::string bytes = readFile(path);
  EXPECT_GT(checkFieldOrder(bytes, onnx::ModelProto::descriptor()), 20);

  // Decoded from the file: the entries of NodeProto field 9.
  onnx::ModelProto model = parse(bytes);
  const google::protobuf::UnknownFieldSet &unknown =
      model.graph().node(0).GetReflection()->GetUnknownFields(model.graph().node(0));
  ASSERT_EQ(unknown.field_count(), 5);
  std::vector<std::string> keys;
  for (int i = 0; i != unknown.field_count(); ++i) {
    EXPECT_EQ(unknown.field(i).number(), 9);
    onnx::StringStringEntryProto entry;
    ASSERT_TRUE(entry.ParseFromString(unknown.field(i).length_delimited()));
    keys.push_back(entry.key());
  }
  EXPECT_THAT(keys,
              ElementsAre("namespace", "pkg.torch.onnx.class_hierarchy", "pkg.torch.onnx.fx_node",
                          "pkg.torch.onnx.name_scopes", "pkg.torch.onnx.stack_trace"));
  // The serialized node ends with them: 5 metadata fields after op_type etc.
  std::string node = model.graph().node(0).SerializeAsString();
  std::string tail;
  {
    google::protobuf::io::StringOutputStream stream(&tail);
    google::protobuf::io::CodedOutputStream out(&stream);
    for (int i = 0; i != unknown.field_count(); ++i) {
      out.WriteTag(9 << 3 | 2);
      out.WriteVarint32(unknown.field(i).length_delimited().size());
      out.WriteString(unknown.field(i).length_delimited());
    }
  }
  EXPECT_TRUE(llvm::StringRef(node).ends_with(tail));
}

TEST(ModelWriter, ForcedExternalData) {
  TempDir dir;
  ir::Module module;
  buildWeightsModule(module);
  EmitOptions options;
  options.externalData = true;
  std::string path = dir.file("m.onnx");
  write(module, path, options);
  EXPECT_THAT(dir.list(), ElementsAre("m.onnx", "m.onnx.data"));

  onnx::ModelProto model = parse(readFile(path));
  std::string data = readFile(dir.file("m.onnx.data"));
  const onnx::GraphProto &g = model.graph();
  ASSERT_EQ(g.initializer_size(), 3);

  // Small tensors stay inline.
  EXPECT_EQ(g.initializer(1).name(), "small");
  EXPECT_EQ(g.initializer(1).data_location(), onnx::TensorProto::DEFAULT);
  EXPECT_EQ(g.initializer(1).raw_data().size(), 100u);

  uint64_t expectedOffsets[] = {0, 8192};
  int big[] = {0, 2};
  for (int k : {0, 1}) {
    const onnx::TensorProto &t = g.initializer(big[k]);
    EXPECT_EQ(t.data_location(), onnx::TensorProto::EXTERNAL) << t.name();
    EXPECT_FALSE(t.has_raw_data());
    ASSERT_EQ(t.external_data_size(), 3);
    EXPECT_EQ(t.external_data(0).key(), "location");
    EXPECT_EQ(t.external_data(0).value(), "m.onnx.data");
    EXPECT_EQ(t.external_data(1).key(), "offset");
    uint64_t offset = std::stoull(t.external_data(1).value());
    EXPECT_EQ(offset, expectedOffsets[k]);
    EXPECT_EQ(offset % 4096, 0u);
    EXPECT_EQ(t.external_data(2).key(), "length");
    uint64_t length = std::stoull(t.external_data(2).value());
    llvm::ArrayRef<uint8_t> weight = module.lookupWeight(t.name())->bytes;
    ASSERT_EQ(length, weight.size());
    ASSERT_LE(offset + length, data.size());
    EXPECT_EQ(data.substr(offset, length), std::string(weight.begin(), weight.end()));
  }
  EXPECT_EQ(data.size(), 8192u + 10000u);
  EXPECT_EQ(data.substr(5000, 8192 - 5000), std::string(8192 - 5000, '\0'));

  // The same again, byte for byte, under another data file name.
  options.externalDataName = "weights.bin";
  write(module, dir.file("n.onnx"), options);
  EXPECT_EQ(readFile(dir.file("weights.bin")), data);
  onnx::ModelProto renamed = parse(readFile(dir.file("n.onnx")));
  EXPECT_EQ(renamed.graph().initializer(0).external_data(0).value(), "weights.bin");
  write(module, dir.file("n2.onnx"), options);
  EXPECT_EQ(readFile(dir.file("n2.onnx")), readFile(dir.file("n.onnx")));
}

TEST(ModelWriter, ExternalDataWhenTheModelWouldBeTooLarge) {
  TempDir dir;
  ir::Module module;
  buildWeightsModule(module);
  EmitOptions options;
  uint64_t size = llvm::cantFail(buildModelProto(module, options)).ByteSizeLong();
  std::string path = dir.file("m.onnx");
  options.maxModelBytes = size;
  write(module, path, options);
  EXPECT_THAT(dir.list(), ElementsAre("m.onnx"));
  EXPECT_EQ(readFile(path).size(), size);

  options.maxModelBytes = size - 1;
  write(module, path, options);
  EXPECT_THAT(dir.list(), ElementsAre("m.onnx", "m.onnx.data"));
  EXPECT_LT(readFile(path).size(), 1000u);
}

TEST(ModelWriter, CheckerAcceptsTheWrittenModel) {
  TempDir dir;
  ir::Module module;
  buildIfModule(module);
  EmitOptions options;
  options.opset = 17;
  options.irVersion = 8;
  std::string path = dir.file("if.onnx");
  write(module, path, options);
  try {
    onnx::checker::check_model(path);
  } catch (const std::exception &e) {
    ADD_FAILURE() << e.what();
  }
}

TEST(ModelWriter, MissingDirectory) {
  TempDir dir;
  ir::Module module;
  buildConvModule(module);
  EXPECT_THAT(writeError(module, dir.file("nowhere/model.onnx")),
              HasSubstr("cannot create a file beside '" + dir.file("nowhere/model.onnx")));
  EmitOptions options;
  options.externalData = true;
  EXPECT_THAT(writeError(module, dir.file("nowhere/model.onnx"), options),
              HasSubstr("cannot create a file beside"));
  EXPECT_EQ(writeErrorCode(module, dir.file("nowhere/model.onnx")),
            std::errc::no_such_file_or_directory);
  EXPECT_THAT(dir.list(), IsEmpty());
}

TEST(ModelWriter, ExternalDataNameIsAFileName) {
  TempDir dir;
  ir::Module module;
  buildWeightsModule(module);
  EmitOptions options;
  options.externalDataName = "sub/w.data";
  options.externalData = true;
  EXPECT_EQ(writeError(module, dir.file("m.onnx"), options),
            "the external data file name 'sub/w.data' must be a file name, without a directory");
  options.externalDataName = "m.onnx";
  EXPECT_THAT(writeError(module, dir.file("m.onnx"), options),
              HasSubstr("the external data file cannot be the model file"));
  EXPECT_THAT(dir.list(), IsEmpty());
}

/// Limits the size of files this process writes, so that writes fail.
class FileSizeLimit {
public:
  explicit FileSizeLimit(rlim_t bytes) {
    previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    getrlimit(RLIMIT_FSIZE, &previous);
    rlimit limit = previous;
    limit.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limit);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &previous);
    std::signal(SIGXFSZ, previousHandler);
  }

private:
  rlimit previous;
  void (*previousHandler)(int);
};

TEST(ModelWriter, FailedWritesLeaveNothing) {
  TempDir dir;
  ir::Module module;
  buildWeightsModule(module);
  std::string path = dir.file("m.onnx");
  {
    FileSizeLimit limit(4000);
    EXPECT_THAT(writeError(module, path), HasSubstr("cannot write '" + path + "': File too large"));
    EXPECT_EQ(writeErrorCode(module, path), std::errc::file_too_large);
    EXPECT_THAT(dir.list(), IsEmpty());

    // The data file fails.
    EmitOptions options;
    options.externalData = true;
    EXPECT_THAT(writeError(module, path, options),
                HasSubstr("cannot write '" + path + ".data': File too large"));
    EXPECT_THAT(dir.list(), IsEmpty());
  }

  // The model file fails after the data file was written: both go.
  ir::Module bigGraph;
  buildWeightsModule(bigGraph);
  ir::Operation *main = bigGraph.lookupGraph("main");
  ir::Block &body = ir::Module::getGraphBody(main);
  ir::Builder b(bigGraph);
  b.setInsertionPoint(body.back());
  ir::Value *v = body.getArgument(0);
  for (int i = 0; i != 2000; ++i)
    v = b.create("onnx.Neg", {v}, {v->getType()})->getResult(0);
  {
    // Room for the 18 KB data file, not for the model's 2000 nodes.
    FileSizeLimit limit(30000);
    EmitOptions options;
    options.externalData = true;
    EXPECT_THAT(writeError(bigGraph, path, options),
                HasSubstr("cannot write '" + path + "': File too large"));
    EXPECT_THAT(dir.list(), IsEmpty());
  }
}

TEST(ModelWriter, FailuresKeepTheOldFile) {
  TempDir dir;
  ir::Module good;
  buildConvModule(good);
  std::string path = dir.file("model.onnx");
  write(good, path);
  std::string before = readFile(path);

  ir::Module bad;
  ir::Builder b(bad);
  ir::Block &body = ir::Module::getGraphBody(bad.addGraph("main"));
  b.setInsertionPointToEnd(&body);
  b.createReturn({b.create("aten.foo.default", {}, {f32({1})})->getResult(0)});
  EXPECT_THAT(writeError(bad, path), HasSubstr("unsupported op 'aten.foo.default'"));
  EXPECT_EQ(writeErrorCode(bad, path), std::errc::invalid_argument);
  {
    FileSizeLimit limit(1000);
    EXPECT_THAT(writeError(good, path), HasSubstr("File too large"));
  }
  EXPECT_EQ(readFile(path), before);
  EXPECT_THAT(dir.list(), ElementsAre("model.onnx"));

  // A directory in the way: the rename fails, the temporary goes.
  ASSERT_FALSE(llvm::sys::fs::create_directory(dir.file("taken.onnx")));
  EXPECT_THAT(writeError(good, dir.file("taken.onnx")), HasSubstr("cannot rename to"));
  EXPECT_THAT(dir.list(), ElementsAre("model.onnx", "taken.onnx"));
}

TEST(ModelWriter, WeightsMappedFromAFileAreCopiedByTheKernel) {
  TempDir dir;
  constexpr std::pair<const char *, int64_t> sizes[] = {{"big", 1000000}, {"bigger", 2000000}};
  MappedWeights mapped(dir.file("archive.bin"), sizes);
  ir::Module module;
  buildWeightsModule(module, sizes, mapped.views);
  ir::Module copied;
  buildWeightsModule(copied, sizes);

  // Written file to file: the process never pages the weights in. (Small
  // weights would go through the stream's buffer.)
  std::string path = dir.file("m.onnx");
  write(module, path);
  EmitOptions external;
  external.externalData = true;
  write(module, dir.file("e.onnx"), external);
  EXPECT_EQ(mapped.getResidentBytes(), 0u);

  // The same bytes as from memory, inline and external.
  write(copied, dir.file("copied.onnx"));
  EXPECT_EQ(readFile(path), readFile(dir.file("copied.onnx")));
  EXPECT_EQ(readFile(path), serialize(llvm::cantFail(buildModelProto(module, {}))));
  write(copied, dir.file("copied_e.onnx"), external);
  EXPECT_EQ(readFile(dir.file("e.onnx.data")), readFile(dir.file("copied_e.onnx.data")));
  EXPECT_EQ(parse(readFile(dir.file("e.onnx"))).graph().initializer(0).external_data(0).value(),
            "e.onnx.data");

  // Onto another file system (tmpfs), where the kernel cannot copy between
  // the files: written from memory instead.
  llvm::SmallString<128> shm;
  if (llvm::sys::fs::is_directory("/dev/shm") &&
      !llvm::sys::fs::createUniqueDirectory("/dev/shm/pt2onnx-backend", shm)) {
    std::string other = (shm + "/m.onnx").str();
    write(module, other);
    EXPECT_EQ(readFile(other), readFile(path));
    llvm::sys::fs::remove_directories(shm);
  }

  // A failing copy fails the write and leaves nothing.
  {
    FileSizeLimit limit(4000);
    EXPECT_THAT(writeError(module, dir.file("n.onnx")), HasSubstr("File too large"));
    EXPECT_THAT(writeError(module, dir.file("n.onnx"), external), HasSubstr("File too large"));
  }
  EXPECT_THAT(dir.list(), ElementsAre("archive.bin", "copied.onnx", "copied_e.onnx",
                                      "copied_e.onnx.data", "e.onnx", "e.onnx.data", "m.onnx"));
}

} // namespace

TEST(ModelWriter, OpsetMustBeTheLoweredOne) {
  TempDir dir;
  ir::Module module;
  buildConvModule(module);
  EXPECT_EQ(module.getLoweredOpset(), std::nullopt);
  module.setLoweredOpset(18);
  EXPECT_EQ(module.getLoweredOpset(), 18);

  std::string path = dir.file("m.onnx");
  EmitOptions options;
  options.opset = 20;
  EXPECT_THAT(writeError(module, path, options),
              HasSubstr("the program was lowered to ONNX opset 18 and cannot be written as opset 20"));
  EXPECT_EQ(writeErrorCode(module, path, options), std::errc::invalid_argument);
  EXPECT_THAT(dir.list(), IsEmpty());

  options.opset = 18;
  onnx::ModelProto model = llvm::cantFail(buildModelProto(module, options));
  ASSERT_EQ(model.opset_import_size(), 1);
  EXPECT_EQ(model.opset_import(0).version(), 18);
}

namespace {

void touch(const std::string &path) {
  std::error_code code;
  llvm::raw_fd_ostream(path, code) << "partial";
  ASSERT_FALSE(code) << path;
}

} // namespace

// A writer killed by SIGKILL leaves its temporary, named with its process id;
// the next write of the same output removes it once that process is gone,
// and leaves alone the temporaries of writers that still run and those of
// other outputs.
TEST(ModelWriter, OrphanedTemporariesAreRemoved) {
  TempDir dir;
  ir::Module module;
  buildConvModule(module);
  std::string path = dir.file("model.onnx");
  // No process has the largest pid (pid_max is at most 2^22 on Linux).
  std::string orphan = path + ".tmp-2147483647-a1b2c3d4";
  std::string running = path + ".tmp-" + std::to_string(getppid()) + "-a1b2c3d4";
  std::string other = dir.file("other.onnx") + ".tmp-2147483647-a1b2c3d4";
  std::string unrelated = path + ".tmp-notapid";
  for (const std::string &file : {orphan, running, other, unrelated})
    touch(file);
  write(module, path);
  EXPECT_THAT(dir.list(),
              UnorderedElementsAre("model.onnx", llvm::sys::path::filename(running).str(),
                                   "other.onnx.tmp-2147483647-a1b2c3d4", "model.onnx.tmp-notapid"));
}
