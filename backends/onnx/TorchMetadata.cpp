//===- TorchMetadata.cpp - The metadata_props the PyTorch exporter writes ---===//
//
// The exporter computes the node keys in torch/onnx/_internal/exporter/
// _core.py (_get_node_namespace, _set_node_metadata) from the node's
// `nn_module_stack`, an ordered dict {key: (path, type name)} that the
// archive stores as "key,path,type;key,path,type" (torch/_export/serde/
// serialize.py, serialize_metadata). The signature comes from the attributes
// the importer puts on the `main` graph op, with kinds spelled as the
// archive's union fields (`buffer_mutation`), which torch's deserializer turns
// into enum members (BUFFER_MUTATION). The texts here follow Python's str()
// and repr() of the same objects.
//
//===----------------------------------------------------------------------===//

#include "backends/onnx/TorchMetadata.h"

#include "ir/Verifier.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::onnx_backend {

namespace {

/// Splits "key,path,type" at the commas outside brackets, as torch's
/// deserializer does: paths such as `L['self'].layers[0]` may hold commas.
std::optional<ModuleFrame> parseModuleFrame(llvm::StringRef item) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0, e = item.size(); i != e; ++i) {
    char c = item[i];
    if (c == '[' || c == '(')
      ++depth;
    else if (c == ']' || c == ')')
      --depth;
    else if (c == ',' && depth == 0) {
      parts.push_back(item.slice(start, i));
      start = i + 1;
    }
  }
  parts.push_back(item.drop_front(start));
  if (parts.size() != 3)
    return std::nullopt;
  return ModuleFrame{parts[1], parts[2]};
}

/// Python's repr() of a str. Non-ASCII characters are kept as they are, as
/// Python keeps printable ones.
void printPythonRepr(llvm::raw_ostream &os, llvm::StringRef s) {
  char quote = s.contains('\'') && !s.contains('"') ? '"' : '\'';
  os << quote;
  for (unsigned char c : s) {
    if (c == quote || c == '\\')
      os << '\\' << c;
    else if (c == '\n')
      os << "\\n";
    else if (c == '\r')
      os << "\\r";
    else if (c == '\t')
      os << "\\t";
    else if (c < 0x20 || c == 0x7f)
      os << "\\x" << llvm::format_hex_no_prefix(c, 2);
    else
      os << c;
  }
  os << quote;
}

std::string formatPythonList(llvm::ArrayRef<llvm::StringRef> items) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleave(
      items, os, [&](llvm::StringRef item) { printPythonRepr(os, item); }, ", ");
  os << ']';
  return text;
}

/// The Python enum name of a signature kind as the archive spells it
/// (InputSpec/OutputSpec union fields): `buffer_mutation` -> BUFFER_MUTATION.
std::string getKindName(llvm::StringRef kind) {
  if (kind == "tensor_constant")
    return "CONSTANT_TENSOR";
  // Deserialized, a constant input is a user input of a ConstantArgument.
  if (kind == "constant_input")
    return "USER_INPUT";
  return kind.upper();
}

llvm::Error signatureError(const ir::Operation &graph, const llvm::Twine &message) {
  return llvm::createStringError(std::make_error_code(std::errc::invalid_argument),
                                 ir::describeOp(graph) + ": " + message);
}

/// The string list attribute `name`, which must have `size` entries.
llvm::Expected<llvm::ArrayRef<std::string>> getStrings(const ir::Operation &graph,
                                                       llvm::StringRef name, size_t size) {
  const ir::Attribute *attr = graph.getAttr(name);
  if (!attr || attr->getKind() != ir::Attribute::Kind::StringList)
    return signatureError(graph,
                          "signature attribute '" + name + "' is missing or not a string list");
  if (attr->getStringList().size() != size)
    return signatureError(graph, "signature attribute '" + name + "' has " +
                                     llvm::Twine(attr->getStringList().size()) +
                                     " entries, expected " + llvm::Twine(size));
  return attr->getStringList();
}

/// [[key, lo or unit, hi or unit], ...]; unit is unbounded.
llvm::Error readRangeConstraints(const ir::Operation &graph, ExportSignature &signature) {
  const ir::Attribute *attr = graph.getAttr("torch.range_constraints");
  if (!attr)
    return llvm::Error::success();
  auto malformed = [&] {
    return signatureError(graph, "'torch.range_constraints' must be a list of [key, min or unit, "
                                 "max or unit]");
  };
  if (attr->getKind() != ir::Attribute::Kind::List)
    return malformed();
  for (const ir::Attribute &entry : attr->getList()) {
    if (entry.getKind() != ir::Attribute::Kind::List || entry.getList().size() != 3)
      return malformed();
    const ir::Attribute &key = entry.getList()[0];
    const ir::Attribute &lo = entry.getList()[1];
    const ir::Attribute &hi = entry.getList()[2];
    auto isBound = [](const ir::Attribute &a) {
      return a.isUnit() || a.getKind() == ir::Attribute::Kind::Int;
    };
    if (key.getKind() != ir::Attribute::Kind::String || !isBound(lo) || !isBound(hi))
      return malformed();
    ir::SymRange range;
    if (!lo.isUnit())
      range.lo = lo.getInt();
    if (!hi.isUnit())
      range.hi = hi.getInt();
    signature.rangeConstraints.emplace_back(key.getString().str(), range);
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::optional<ExportSignature>> readExportSignature(const ir::Operation &graph) {
  const ir::Attribute *inputKinds = graph.getAttr("torch.input_kinds");
  const ir::Attribute *outputKinds = graph.getAttr("torch.output_kinds");
  if (!inputKinds && !outputKinds)
    return std::nullopt;
  if (!inputKinds || inputKinds->getKind() != ir::Attribute::Kind::StringList || !outputKinds ||
      outputKinds->getKind() != ir::Attribute::Kind::StringList)
    return signatureError(graph, "'torch.input_kinds' and 'torch.output_kinds' must both be "
                                 "string lists");

  ExportSignature signature;
  size_t numInputs = inputKinds->getStringList().size();
  llvm::Expected<llvm::ArrayRef<std::string>> inputNames =
      getStrings(graph, "torch.input_names", numInputs);
  if (!inputNames)
    return inputNames.takeError();
  llvm::Expected<llvm::ArrayRef<std::string>> inputTargets =
      getStrings(graph, "torch.input_targets", numInputs);
  if (!inputTargets)
    return inputTargets.takeError();
  llvm::StringSet<> nonPersistent;
  if (const ir::Attribute *buffers = graph.getAttr("torch.nonpersistent_buffers")) {
    if (buffers->getKind() != ir::Attribute::Kind::StringList)
      return signatureError(graph, "'torch.nonpersistent_buffers' must be a string list");
    for (const std::string &fqn : buffers->getStringList())
      nonPersistent.insert(fqn);
  }
  for (size_t i = 0; i != numInputs; ++i) {
    llvm::StringRef kind = inputKinds->getStringList()[i];
    ExportSignature::InputSpec &spec = signature.inputs.emplace_back();
    spec.name = (*inputNames)[i];
    spec.kind = getKindName(kind);
    if (!(*inputTargets)[i].empty())
      spec.target = (*inputTargets)[i];
    if (kind == "buffer")
      spec.persistent = !nonPersistent.contains((*inputTargets)[i]);
  }

  size_t numOutputs = outputKinds->getStringList().size();
  llvm::Expected<llvm::ArrayRef<std::string>> outputNames =
      getStrings(graph, "torch.output_names", numOutputs);
  if (!outputNames)
    return outputNames.takeError();
  llvm::Expected<llvm::ArrayRef<std::string>> outputTargets =
      getStrings(graph, "torch.output_targets", numOutputs);
  if (!outputTargets)
    return outputTargets.takeError();
  for (size_t i = 0; i != numOutputs; ++i) {
    ExportSignature::OutputSpec &spec = signature.outputs.emplace_back();
    spec.name = (*outputNames)[i];
    spec.kind = getKindName(outputKinds->getStringList()[i]);
    if (!(*outputTargets)[i].empty())
      spec.target = (*outputTargets)[i];
  }

  if (llvm::Error error = readRangeConstraints(graph, signature))
    return error;
  return signature;
}

// A malformed stack is treated as absent by the metadata.
std::optional<llvm::SmallVector<ModuleFrame, 4>> parseModuleStack(llvm::StringRef text) {
  llvm::SmallVector<ModuleFrame, 4> frames;
  if (text.empty())
    return frames;
  llvm::SmallVector<llvm::StringRef, 4> items;
  text.split(items, ';');
  for (llvm::StringRef item : items) {
    std::optional<ModuleFrame> frame = parseModuleFrame(item);
    if (!frame)
      return std::nullopt;
    frames.push_back(*frame);
  }
  return frames;
}

std::string formatTarget(llvm::StringRef target) {
  // Operators: `torch.ops.aten.add.Tensor` is the OpOverload aten.add.Tensor;
  // a higher-order operator prints as its name.
  if (target.consume_front("torch.ops.")) {
    target.consume_front("higher_order.");
    return target.str();
  }
  // The functions of symbolic arithmetic (torch's _SYM_OPS): builtins, and
  // torch's Python functions, whose str() also holds their address.
  auto [module, function] = target.rsplit('.');
  if (module == "_operator" || module == "math")
    return ("<built-in function " + function + ">").str();
  if (module == "torch")
    return ("<function " + function + ">").str();
  return target.str();
}

MetadataProps getNodeMetadata(const ir::Provenance &provenance) {
  llvm::StringRef name = provenance.nodeName;
  std::string target = formatTarget(provenance.lookup("target"));

  llvm::SmallVector<llvm::StringRef, 4> classes, scopes;
  std::string ns;
  llvm::raw_string_ostream nsOS(ns);
  if (std::optional<llvm::SmallVector<ModuleFrame, 4>> frames =
          parseModuleStack(provenance.lookup("nn_module_stack"))) {
    for (const ModuleFrame &frame : *frames) {
      nsOS << frame.path << ": " << frame.type << '/';
      classes.push_back(frame.type);
      scopes.push_back(frame.path);
    }
  }
  nsOS << name << ": " << target;
  classes.push_back(target);
  scopes.push_back(name);

  return {
      {"namespace", std::move(ns)},
      {"pkg.torch.onnx.class_hierarchy", formatPythonList(classes)},
      {"pkg.torch.onnx.fx_node", provenance.lookup("fx_node").str()},
      {"pkg.torch.onnx.name_scopes", formatPythonList(scopes)},
      {"pkg.torch.onnx.stack_trace", provenance.lookup("stack_trace").str()},
  };
}

std::string formatGraphSignature(const ExportSignature &signature) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "\n# inputs\n";
  llvm::interleave(
      signature.inputs, os,
      [&](const ExportSignature::InputSpec &spec) {
        os << spec.name << ": " << spec.kind;
        if (spec.target)
          os << " target='" << *spec.target << "'";
        if (spec.persistent)
          os << " persistent=" << (*spec.persistent ? "True" : "False");
      },
      "\n");
  os << "\n\n# outputs\n";
  llvm::interleave(
      signature.outputs, os,
      [&](const ExportSignature::OutputSpec &spec) {
        os << spec.name << ": " << spec.kind;
        if (spec.target)
          os << " target='" << *spec.target << "'";
      },
      "\n");
  os << "\n";
  return text;
}

std::string formatRangeConstraints(const ExportSignature &signature) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '{';
  llvm::interleave(
      signature.rangeConstraints, os,
      [&](const std::pair<std::string, ir::SymRange> &entry) {
        const ir::SymRange &range = entry.second;
        os << entry.first << ": VR[";
        if (range.isLowerUnbounded())
          os << "-int_oo";
        else
          os << range.lo;
        os << ", ";
        if (range.isUpperUnbounded())
          os << "int_oo";
        else
          os << range.hi;
        os << ']';
      },
      ", ");
  os << '}';
  return text;
}

} // namespace pt2onnx::onnx_backend
