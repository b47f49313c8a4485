//===- ProgramImporter.cpp - ExportedProgram JSON to IR --------------------===//
//
// The entry point and the top of the document: the schema version, the graph
// module (its graph, signature and module call graph) and the program facts
// recorded as attributes of the graph op. Importer.h lists the files that
// import the rest.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/ProgramImporter.h"

#include "frontends/pt2/Importer.h"

#include "ir/Diagnostic.h"

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;
using namespace pt2onnx::pt2::importer;

WeightProvider::~WeightProvider() = default;

std::optional<ir::DType> pt2onnx::pt2::getDTypeOfScalarType(int64_t v) {
  using ir::DType;
  // clang-format off
  static constexpr std::pair<int64_t, DType> table[] = {
      {1, DType::UInt8}, {2, DType::Int8}, {3, DType::Int16}, {4, DType::Int32},
      {5, DType::Int64}, {6, DType::Float16}, {7, DType::Float32}, {8, DType::Float64},
      {10, DType::Complex64}, {11, DType::Complex128}, {12, DType::Bool}, {13, DType::BFloat16},
      {28, DType::UInt16}, {29, DType::Float8E4M3FN}, {30, DType::Float8E5M2},
      {31, DType::Float8E4M3FNUZ}, {32, DType::Float8E5M2FNUZ}, {34, DType::UInt32},
      {35, DType::UInt64}};
  // clang-format on
  for (auto [code, dtype] : table)
    if (code == v)
      return dtype;
  return std::nullopt;
}

namespace pt2onnx::pt2::importer {

Expected<std::unique_ptr<ir::Module>> Importer::run() {
  bool ok = importProgram();
  emitWarnings();
  if (!ok)
    return takeError();
  return std::move(module);
}

bool Importer::importProgram() {
  if (!expectObject(root))
    return false;
  checkFields(root, kExportedProgramFields, "ExportedProgram");
  if (!checkSchemaVersion())
    return false;
  if (!importRangeConstraints())
    return false;
  const json *graphModule = field(root, "graph_module");
  if (!graphModule || !expectObject(*graphModule))
    return false;
  checkFields(*graphModule, kGraphModuleFields, "GraphModule");
  const json *graph = field(*graphModule, "graph");
  const json *signature = graph ? field(*graphModule, "signature") : nullptr;
  if (!signature || !expectObject(*signature))
    return false;
  checkFields(*signature, kSignatureFields, "GraphSignature");

  mainGraph = module->addGraph("main");
  GraphScope scope;
  if (!openScope(*graph, ir::Module::getGraphBody(mainGraph), 0, scope))
    return false;
  if (!importSignatureInputs(scope, *graph, *signature))
    return false;
  if (!importNodes(scope, *graph))
    return false;
  if (!importSignatureOutputs(scope, *graph, *signature))
    return false;
  if (!importModuleCallGraph(*graphModule))
    return false;
  return importProgramFacts(*graphModule);
}

bool Importer::checkSchemaVersion() {
  const json *version = field(root, "schema_version");
  if (!version)
    return false;
  // torch before the 8.x schema wrote a bare integer.
  if (version->is_number_integer()) {
    schemaVersion = version->dump();
    return fail(*version, "unsupported schema version " + schemaVersion +
                              "; supported: " + Twine(kSchemaMajor) + ".x");
  }
  if (!expectObject(*version))
    return false;
  checkFields(*version, kSchemaVersionFields, "SchemaVersion");
  const json *major = field(*version, "major");
  const json *minor = major ? field(*version, "minor") : nullptr;
  int64_t majorValue;
  if (!minor || !readInt(*major, majorValue) || !readInt(*minor, schemaMinor))
    return false;
  schemaVersion = std::to_string(majorValue) + "." + std::to_string(schemaMinor);
  if (majorValue != kSchemaMajor)
    return fail(*version, "unsupported schema version " + schemaVersion +
                              "; supported: " + Twine(kSchemaMajor) + ".x");
  return true;
}

bool Importer::importProgramFacts(const json &graphModule) {
  std::vector<ir::NamedAttribute> attrs;
  auto strings = [&](StringRef name, const std::vector<std::string> &v) {
    attrs.push_back({name.str(), ir::Attribute::stringList(v)});
  };
  attrs.push_back({"torch.schema_version", ir::Attribute::string(schemaVersion)});
  if (const json *torchVersion = optionalField(root, "torch_version")) {
    StringRef s;
    if (!readString(*torchVersion, s))
      return false;
    attrs.push_back({"torch.torch_version", ir::Attribute::string(s)});
  }
  if (const json *verifiers = optionalField(root, "verifiers")) {
    std::vector<std::string> names;
    if (!forEach(*verifiers, [&](const json &v) {
          StringRef s;
          if (!readString(v, s))
            return false;
          names.push_back(s.str());
          return true;
        }))
      return false;
    strings("torch.verifiers", names);
  }
  strings("torch.input_kinds", inputKinds);
  strings("torch.input_names", inputNames);
  strings("torch.input_targets", inputTargets);
  if (!nonPersistentBuffers.empty())
    strings("torch.nonpersistent_buffers", nonPersistentBuffers);
  strings("torch.output_kinds", outputKinds);
  strings("torch.output_names", outputNames);
  strings("torch.output_targets", outputTargets);
  if (rangeConstraints)
    attrs.push_back({"torch.range_constraints", *rangeConstraints});
  if (moduleCallGraph) {
    attrs.push_back({"torch.module_call_graph", *moduleCallGraph});
    strings("torch.forward_arg_names", forwardArgNames);
  }
  if (const json *metadata = optionalField(graphModule, "metadata")) {
    if (!expectObject(*metadata))
      return false;
    if (const json *custom = optionalField(*metadata, "custom")) {
      StringRef s;
      if (!readString(*custom, s))
        return false;
      attrs.push_back({"torch.custom", ir::Attribute::string(s)});
    }
  }
  for (ir::NamedAttribute &a : attrs)
    mainGraph->setAttr(a.name, std::move(a.value));
  return true;
}

} // namespace pt2onnx::pt2::importer

Expected<std::unique_ptr<ir::Module>>
pt2onnx::pt2::importProgramJSON(StringRef text, WeightProvider &weights,
                                const ProgramImportOptions &options) {
  Expected<std::optional<std::string>> rewritten = prepareJsonText(text, options.sourceName, options.limits);
  if (!rewritten)
    return rewritten.takeError();
  if (*rewritten)
    text = **rewritten;
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::exception &e) {
    // nlohmann's messages start with "[json.exception.parse_error.101] ".
    StringRef message = e.what();
    if (size_t close = message.find("] "); message.startswith("[") && close != StringRef::npos)
      message = message.drop_front(close + 2);
    return ir::makeLocatedError(options.sourceName, "", "invalid JSON: " + message);
  }
  return Importer(root, weights, options).run();
}

namespace {
class NoWeights final : public WeightProvider {
public:
  Expected<ir::WeightData> getTensor(StringRef) override {
    return createStringError(inconvertibleErrorCode(), "a program without its archive has no "
                                                       "weights");
  }
};
} // namespace

Expected<std::unique_ptr<ir::Module>>
pt2onnx::pt2::importProgramText(StringRef text, const ProgramImportOptions &options) {
  std::string json;
  json.reserve(text.size());
  for (StringRef rest = text; !rest.empty();) {
    auto [line, after] = rest.split('\n');
    if (!line.ltrim().startswith("//"))
      json += line;
    json += '\n';
    rest = after;
  }
  NoWeights weights;
  return importProgramJSON(json, weights, options);
}
