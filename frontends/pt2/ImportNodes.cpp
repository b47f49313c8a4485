//===- ImportNodes.cpp - Nodes, arguments, results ------------------------===//
//
// One node becomes one op named after its target: its arguments become
// operands (tensors, symbolic scalars) or attributes (constants), named by
// the `arg_names` attribute; its outputs become results; its metadata the
// provenance of the op.
//
// An op of the op table states every argument: one the exporter left out
// (torch.export omits kwargs at their defaults) is filled in here, from the
// schema, as the attribute the exporter would have written, so every later
// layer sees the same op whether or not the argument was written. A `Tensor?`
// defaulting to None stays an absent operand. Ops outside the table (custom
// ops) keep exactly the arguments their node gives.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Importer.h"
#include "ir/schema/OpTable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Endian.h"

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;

namespace pt2onnx::pt2::importer {

namespace {

StringRef memoryFormatName(int64_t v) {
  static constexpr StringLiteral names[] = {"", "torch.contiguous_format", "torch.channels_last",
                                            "torch.channels_last_3d", "torch.preserve_format"};
  return v >= 1 && v < int64_t(std::size(names)) ? StringRef(names[v]) : StringRef();
}

/// The arguments of `op` declared `Tensor?`: a None passed for one of them is
/// an absent operand, not an absent attribute.
bool isOptionalTensorArg(StringRef op, StringRef arg) {
  const schema::OpSchema *entry = schema::lookupOp(op);
  const schema::SchemaArgument *declared = entry ? entry->argument(arg) : nullptr;
  return declared && declared->type.isOptionalTensor();
}

/// Adds every argument of `parts.name`'s schema that has a default and that
/// the node did not give, as its default.
void addOmittedDefaults(OpParts &parts) {
  const schema::OpSchema *entry = schema::lookupOp(parts.name);
  if (!entry)
    return;
  for (const schema::SchemaArgument &arg : entry->getArguments()) {
    if (!arg.defaultValue || arg.type.isOptionalTensor() ||
        parts.attributeNames.contains(arg.name) || is_contained(parts.operandArgs, arg.name))
      continue;
    parts.attributeNames.insert(arg.name);
    parts.attributes.push_back({arg.name.str(), *arg.defaultValue});
  }
}

/// The op name of a node target: `torch.ops.aten.add.Tensor` is
/// `aten.add.Tensor`, `_operator.add` is `operator.add`, an extension
/// `#ns:op` is `ns.op`; anything else (`torch.sym_max`, `math.ceil`) is kept.
std::string opNameOfTarget(StringRef target) {
  if (target.consume_front("torch.ops."))
    return target.str();
  if (target.consume_front("_operator."))
    return ("operator." + target).str();
  if (target.consume_front("#")) {
    auto [ns, name] = target.split(':');
    return (ns + "." + name).str();
  }
  return target.str();
}

} // namespace

void Importer::addOperand(OpParts &parts, StringRef arg, ir::Value *v) {
  parts.operands.push_back(v);
  parts.operandArgs.push_back(arg.str());
}

bool Importer::addAttribute(OpParts &parts, const json &at, StringRef arg, ir::Attribute value,
                            std::optional<size_t> variadicIndex) {
  std::string name = arg.str();
  if (!parts.attributeNames.insert(name).second) {
    if (!variadicIndex)
      return fail(at, "argument '" + arg + "' is given twice");
    name += "_" + std::to_string(*variadicIndex);
    if (!parts.attributeNames.insert(name).second)
      return fail(at, "argument '" + name + "' is given twice");
  }
  parts.attributes.push_back({std::move(name), std::move(value)});
  return true;
}

bool Importer::importArgument(GraphScope &scope, const json &arg, StringRef opName,
                              StringRef argName, std::optional<size_t> variadicIndex,
                              OpParts &parts) {
  StringRef kind;
  const json *v = readUnion(arg, kArgumentKinds, kind);
  if (!v)
    return false;
  auto attribute = [&](ir::Attribute a) {
    return addAttribute(parts, arg, argName, std::move(a), variadicIndex);
  };
  auto operand = [&](ir::Value *value) {
    if (value)
      addOperand(parts, argName, value);
    return value != nullptr;
  };
  auto optionalTensor = [&](const json &item) {
    StringRef itemKind;
    const json *value = readUnion(item, kOptionalTensorKinds, itemKind);
    if (!value)
      return false;
    return operand(itemKind == "as_none" ? noneValue(scope) : lookupTensor(scope, *value));
  };
  auto readInts = [&](const json &list, SmallVectorImpl<int64_t> &out) {
    return forEach(list, [&](const json &item) {
      int64_t i;
      if (!readInt(item, i))
        return false;
      out.push_back(i);
      return true;
    });
  };
  auto readFloats = [&](const json &list, SmallVectorImpl<double> &out) {
    return forEach(list, [&](const json &item) {
      double d;
      if (!readFloat(item, d))
        return false;
      out.push_back(d);
      return true;
    });
  };

  if (kind == "as_tensor")
    return operand(lookupTensor(scope, *v));
  if (kind == "as_tensors")
    return forEach(*v, [&](const json &item) { return operand(lookupTensor(scope, item)); });
  if (kind == "as_optional_tensor")
    return optionalTensor(*v);
  if (kind == "as_optional_tensors")
    return forEach(*v, optionalTensor);
  if (kind == "as_none")
    return isOptionalTensorArg(opName, argName) ? operand(noneValue(scope))
                                                : attribute(ir::Attribute::unit());
  if (kind == "as_int") {
    int64_t i;
    return readInt(*v, i) && attribute(ir::Attribute::integer(i));
  }
  if (kind == "as_ints") {
    SmallVector<int64_t, 8> ints;
    return readInts(*v, ints) && attribute(ir::Attribute::intList(ints));
  }
  if (kind == "as_float") {
    double d;
    return readFloat(*v, d) && attribute(ir::Attribute::floating(d));
  }
  if (kind == "as_floats") {
    SmallVector<double, 8> floats;
    return readFloats(*v, floats) && attribute(ir::Attribute::floatList(floats));
  }
  if (kind == "as_bool") {
    bool b;
    return readBool(*v, b) && attribute(ir::Attribute::boolean(b));
  }
  if (kind == "as_bools") {
    std::vector<ir::Attribute> bools;
    return forEach(*v,
                   [&](const json &item) {
                     bool b;
                     if (!readBool(item, b))
                       return false;
                     bools.push_back(ir::Attribute::boolean(b));
                     return true;
                   }) &&
           attribute(ir::Attribute::list(std::move(bools)));
  }
  if (kind == "as_string") {
    StringRef s;
    return readString(*v, s) && attribute(ir::Attribute::string(s));
  }
  if (kind == "as_strings") {
    std::vector<std::string> strings;
    return forEach(*v,
                   [&](const json &item) {
                     StringRef s;
                     if (!readString(item, s))
                       return false;
                     strings.push_back(s.str());
                     return true;
                   }) &&
           attribute(ir::Attribute::stringList(strings));
  }
  if (kind == "as_scalar_type") {
    ir::DType t;
    return readDType(*v, t) && attribute(ir::Attribute::dtype(t));
  }
  if (kind == "as_layout" || kind == "as_memory_format") {
    int64_t code;
    if (!readInt(*v, code))
      return false;
    StringRef name = kind == "as_layout" ? layoutName(code) : memoryFormatName(code);
    if (name.empty())
      return fail(*v, "unknown " + StringRef(kind == "as_layout" ? "Layout" : "MemoryFormat") +
                          " " + Twine(code));
    return attribute(ir::Attribute::string(name));
  }
  if (kind == "as_device") {
    std::string device;
    return readDevice(*v, device) && attribute(ir::Attribute::string(device));
  }
  if (kind == "as_sym_int" || kind == "as_sym_float" || kind == "as_sym_bool") {
    ArrayRef<StringLiteral> kinds = kind == "as_sym_int"     ? kSymIntArgumentKinds
                                    : kind == "as_sym_float" ? kSymFloatArgumentKinds
                                                             : kSymBoolArgumentKinds;
    StringRef valueKind;
    const json *value = readUnion(*v, kinds, valueKind);
    if (!value)
      return false;
    if (valueKind == "as_name") {
      StringRef name;
      return readString(*value, name) && operand(lookup(scope, *value, name));
    }
    Scalar s;
    return readScalarValue(valueKind, *value, s) && attribute(s.attr);
  }
  if (kind == "as_sym_ints")
    return importSymList(
        scope, *v, kSymIntArgumentKinds, argName, parts, variadicIndex,
        [&](const json &c, Scalar &s) { return readScalarValue("as_int", c, s); },
        [](ArrayRef<Scalar> cs) {
          SmallVector<int64_t, 8> ints;
          for (const Scalar &c : cs)
            ints.push_back(c.attr.getInt());
          return ir::Attribute::intList(ints);
        });
  if (kind == "as_sym_floats")
    return importSymList(
        scope, *v, kSymFloatArgumentKinds, argName, parts, variadicIndex,
        [&](const json &c, Scalar &s) { return readScalarValue("as_float", c, s); },
        [](ArrayRef<Scalar> cs) {
          SmallVector<double, 8> floats;
          for (const Scalar &c : cs)
            floats.push_back(c.attr.getFloat());
          return ir::Attribute::floatList(floats);
        });
  if (kind == "as_sym_bools")
    return importSymList(
        scope, *v, kSymBoolArgumentKinds, argName, parts, variadicIndex,
        [&](const json &c, Scalar &s) { return readScalarValue("as_bool", c, s); },
        [](ArrayRef<Scalar> cs) {
          std::vector<ir::Attribute> bools;
          for (const Scalar &c : cs)
            bools.push_back(c.attr);
          return ir::Attribute::list(std::move(bools));
        });
  if (kind == "as_int_lists" || kind == "as_float_lists") {
    std::vector<ir::Attribute> lists;
    bool ints = kind == "as_int_lists";
    return forEach(*v,
                   [&](const json &item) {
                     SmallVector<int64_t, 8> i;
                     SmallVector<double, 8> d;
                     if (ints ? !readInts(item, i) : !readFloats(item, d))
                       return false;
                     lists.push_back(ints ? ir::Attribute::intList(i)
                                          : ir::Attribute::floatList(d));
                     return true;
                   }) &&
           attribute(ir::Attribute::list(std::move(lists)));
  }
  if (kind == "as_graph") {
    if (!expectObject(*v))
      return false;
    checkFields(*v, kGraphArgumentFields, "GraphArgument");
    const json *graph = field(*v, "graph");
    if (!graph)
      return false;
    parts.graphs.push_back(graph);
    parts.regionArgs.push_back(argName.str());
    return true;
  }
  if (kind == "as_operator") {
    StringRef target;
    return readString(*v, target) && attribute(ir::Attribute::string(opNameOfTarget(target)));
  }
  if (kind == "as_complex") {
    ir::Attribute value;
    return readComplex(*v, value) && attribute(std::move(value));
  }
  if (kind == "as_nested_tensors") {
    // Tensor[][]: the tensors are operands, and an attribute named after
    // the argument gives the length of each inner list.
    SmallVector<int64_t, 4> lengths;
    return forEach(*v,
                   [&](const json &list) {
                     lengths.push_back(list.is_array() ? int64_t(list.size()) : 0);
                     return forEach(list, [&](const json &item) {
                       return operand(lookupTensor(scope, item));
                     });
                   }) &&
           attribute(ir::Attribute::intList(lengths));
  }
  if (kind == "as_string_to_argument")
    return importDict(scope, *v, opName, argName, variadicIndex, parts);
  assert(kind == "as_custom_obj" && "every other kind is imported above");
  StringRef cls;
  if (!readCustomObjClass(*v, cls))
    return false;
  return fail(arg, "argument '" + argName + "' is a custom object of class '" + cls +
                       "', which cannot be converted");
}

bool Importer::importDict(GraphScope &scope, const json &dict, StringRef opName, StringRef argName,
                          std::optional<size_t> variadicIndex, OpParts &parts) {
  if (!expectObject(dict))
    return false;
  if (++dictDepth > kMaxDictDepth)
    return fail(dict, "dicts nested deeper than " + Twine(kMaxDictDepth) + " levels");
  std::vector<std::string> keys;
  for (auto it = dict.cbegin(); it != dict.cend(); ++it)
    keys.push_back(it.key());
  if (!addAttribute(parts, dict, argName, ir::Attribute::stringList(keys), variadicIndex))
    return false;
  // The name the attribute got: variadic arguments are suffixed.
  std::string prefix = parts.attributes.back().name + ".";
  for (auto it = dict.cbegin(); it != dict.cend(); ++it)
    if (!importArgument(scope, it.value(), opName, prefix + it.key(), std::nullopt, parts))
      return false;
  --dictDepth;
  return true;
}

bool Importer::readComplex(const json &v, ir::Attribute &out) {
  if (!expectObject(v))
    return false;
  checkFields(v, kComplexValueFields, "ComplexValue");
  const json *real = field(v, "real");
  const json *imag = real ? field(v, "imag") : nullptr;
  double value[2];
  if (!imag || !readFloat(*real, value[0]) || !readFloat(*imag, value[1]))
    return false;
  ir::DenseElements dense{ir::DType::Complex128, {}, std::vector<uint8_t>(16)};
  for (int i = 0; i < 2; ++i)
    support::endian::write64le(dense.bytes.data() + 8 * i, bit_cast<uint64_t>(value[i]));
  out = ir::Attribute::dense(std::move(dense));
  return true;
}

bool Importer::readDevice(const json &v, std::string &out) {
  StringRef type;
  if (!expectObject(v))
    return false;
  checkFields(v, kDeviceFields, "Device");
  if (!readStringField(v, "type", type))
    return false;
  out = type.str();
  if (const json *index = optionalField(v, "index")) {
    int64_t i;
    if (!readInt(*index, i))
      return false;
    out += ":" + std::to_string(i);
  }
  return true;
}

bool Importer::readCustomObjClass(const json &v, StringRef &cls) {
  if (!expectObject(v))
    return false;
  checkFields(v, kCustomObjArgumentFields, "CustomObjArgument");
  return readStringField(v, "class_fqn", cls);
}

void Importer::addResult(OpParts &parts, ir::Type type, StringRef name) {
  parts.resultTypes.push_back(std::move(type));
  parts.resultNames.push_back(name.str());
}

bool Importer::importOutput(GraphScope &scope, const json &output, OpParts &parts) {
  StringRef kind;
  const json *v = readUnion(output, kArgumentKinds, kind);
  if (!v)
    return false;
  size_t before = parts.resultTypes.size();
  auto tensor = [&](const json &ref) {
    StringRef name;
    ir::Type type;
    if (!readTensorArgument(ref, name) || !tensorType(scope, ref, name, type))
      return false;
    addResult(parts, type, name);
    return true;
  };
  auto scalar = [&](const json &ref, ArrayRef<StringLiteral> kinds, StringRef what) {
    StringRef valueKind, name;
    const json *value = readUnion(ref, kinds, valueKind);
    if (!value)
      return false;
    if (valueKind != "as_name")
      return fail(ref, "constant " + what + " as a node output");
    if (!readString(*value, name))
      return false;
    ir::Type type = what == "SymFloat" ? ir::Type::symFloat() : ir::Type::symBool();
    if (what == "SymInt" && !symIntType(scope, *value, name, type))
      return false;
    addResult(parts, type, name);
    return true;
  };
  bool ok;
  if (kind == "as_tensor") {
    ok = tensor(*v);
  } else if (kind == "as_tensors") {
    ok = forEach(*v, tensor);
    parts.hasListResult = true;
  } else if (kind == "as_optional_tensor") {
    StringRef itemKind;
    const json *item = readUnion(*v, kOptionalTensorKinds, itemKind);
    ok = item &&
         (itemKind == "as_none" ? (addResult(parts, ir::Type::none(), ""), true) : tensor(*item));
  } else if (kind == "as_none") {
    addResult(parts, ir::Type::none(), "");
    ok = true;
  } else if (kind == "as_sym_int" || kind == "as_sym_float" || kind == "as_sym_bool") {
    ok = kind == "as_sym_int"     ? scalar(*v, kSymIntArgumentKinds, "SymInt")
         : kind == "as_sym_float" ? scalar(*v, kSymFloatArgumentKinds, "SymFloat")
                                  : scalar(*v, kSymBoolArgumentKinds, "SymBool");
  } else if (kind == "as_sym_ints" || kind == "as_sym_floats" || kind == "as_sym_bools") {
    ArrayRef<StringLiteral> kinds = kind == "as_sym_ints"     ? kSymIntArgumentKinds
                                    : kind == "as_sym_floats" ? kSymFloatArgumentKinds
                                                              : kSymBoolArgumentKinds;
    StringRef what = kind == "as_sym_ints"     ? "SymInt"
                     : kind == "as_sym_floats" ? "SymFloat"
                                               : "SymBool";
    ok = forEach(*v, [&](const json &item) { return scalar(item, kinds, what); });
    parts.hasListResult = true;
  } else {
    return fail(output, "node output of kind '" + kind + "' is not supported");
  }
  parts.resultSegments.push_back(int64_t(parts.resultTypes.size() - before));
  return ok;
}

/// torch 2.6 records the final states of its recurrent layers (h_n, and c_n
/// of an LSTM) with a wrong rank ([layers * dirs, 1, batch, hidden]); they
/// are what the layer was given as initial states, [layers * dirs, batch,
/// hidden], which is what torch returns and what later passes, the lowering
/// and the evaluator assume.
static void repairRecurrentStateTypes(OpParts &parts) {
  StringRef name = parts.name;
  if (name != "aten.lstm.input" && name != "aten.gru.input" && name != "aten.rnn_tanh.input" &&
      name != "aten.rnn_relu.input")
    return;
  SmallVector<ir::Value *, 2> states;
  for (size_t i = 0, e = parts.operandArgs.size(); i != e && i < parts.operands.size(); ++i)
    if (parts.operandArgs[i] == "hx")
      states.push_back(parts.operands[i]);
  for (size_t i = 0; i != states.size() && i + 1 < parts.resultTypes.size(); ++i) {
    const ir::Type &state = states[i]->getType();
    ir::Type &result = parts.resultTypes[i + 1];
    if (state.isTensor() && result.isTensor() && state.getDType() == result.getDType() &&
        result.getRank() == state.getRank() + 1)
      result = state;
  }
}

bool Importer::importNode(GraphScope &scope, const json &node) {
  if (!expectObject(node))
    return false;
  checkFields(node, kNodeFields, "Node");
  StringRef target;
  const json *inputs = field(node, "inputs");
  const json *outputs = inputs ? field(node, "outputs") : nullptr;
  if (!outputs || !readStringField(node, "target", target) || !expectArray(*inputs) ||
      !expectArray(*outputs))
    return false;

  OpParts parts;
  parts.name = opNameOfTarget(target);

  ir::ProvenanceRef provenance;
  if (!readProvenance(node, *outputs, provenance))
    return false;
  builder.setProvenance(provenance);

  const HigherOrderParams *hop = lookupHigherOrderParams(parts.name);
  size_t positional = 0;
  for (const json &input : *inputs) {
    if (!expectObject(input))
      return false;
    checkFields(input, kNamedArgumentFields, "NamedArgument");
    StringRef argName;
    const json *arg = field(input, "arg");
    if (!arg || !readStringField(input, "name", argName))
      return false;
    if (const json *kind = optionalField(input, "kind")) {
      int64_t k;
      if (!readInt(*kind, k))
        return false;
      if (k < 0 || k > 2)
        return fail(*kind, "unknown ArgumentKind " + Twine(k));
    }
    std::optional<size_t> variadicIndex;
    std::string generatedName;
    if (argName.empty()) {
      size_t index = positional++;
      if (hop && index + 1 >= hop->names.size() && hop->variadic) {
        generatedName = hop->names.back().str();
        variadicIndex = index + 1 - hop->names.size();
      } else if (hop && index < hop->names.size()) {
        generatedName = hop->names[index].str();
      } else {
        generatedName = "arg" + std::to_string(index);
      }
      argName = generatedName;
    }
    if (!importArgument(scope, *arg, parts.name, argName, variadicIndex, parts))
      return false;
  }
  addOmittedDefaults(parts);

  for (const json &output : *outputs)
    if (!importOutput(scope, output, parts))
      return false;
  repairRecurrentStateTypes(parts);

  for (StringRef own : {"arg_names", "region_names", "result_segments"})
    if (parts.attributeNames.contains(own))
      return fail(node, "argument name '" + own + "' clashes with an attribute of the importer");
  std::vector<ir::NamedAttribute> attributes(parts.attributes.begin(), parts.attributes.end());
  if (!parts.operandArgs.empty())
    attributes.push_back({"arg_names", ir::Attribute::stringList(parts.operandArgs)});
  if (!parts.regionArgs.empty())
    attributes.push_back({"region_names", ir::Attribute::stringList(parts.regionArgs)});
  if (parts.hasListResult && parts.resultSegments.size() > 1)
    attributes.push_back({"result_segments", ir::Attribute::intList(parts.resultSegments)});

  ir::Operation *op = builder.create(parts.name, parts.operands, parts.resultTypes, attributes,
                                     parts.graphs.size());
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
    if (!define(scope, node, parts.resultNames[i], op->getResult(i)))
      return false;

  for (unsigned i = 0, e = parts.graphs.size(); i != e; ++i) {
    ir::Block *body = op->getRegion(i).addBlock();
    if (!importSubgraph(*parts.graphs[i], *body, scope.depth + 1))
      return false;
  }
  return true;
}

bool Importer::readProvenance(const json &node, const json &outputs, ir::ProvenanceRef &out) {
  StringRef nodeName;
  if (const json *name = optionalField(node, "name")) {
    if (!readString(*name, nodeName))
      return false;
  } else if (!outputs.empty() && outputs[0].is_object() && outputs[0].size() == 1) {
    // Before nodes had names, a node was named after its first output.
    const json &first = outputs[0].cbegin().value();
    if (first.is_object()) {
      if (const json *n = optionalField(first, "name"); n && n->is_string())
        nodeName = n->get_ref<const std::string &>();
      else if (const json *n = optionalField(first, "as_name"); n && n->is_string())
        nodeName = n->get_ref<const std::string &>();
    }
  }
  std::vector<std::pair<std::string, std::string>> fields;
  // The node's target, as the archive spells it: the ONNX writer derives
  // the exporter's `namespace` and `class_hierarchy` entries from it.
  if (const json *target = optionalField(node, "target"); target && target->is_string())
    fields.push_back({"target", target->get_ref<const std::string &>()});
  if (const json *metadata = optionalField(node, "metadata")) {
    if (!expectObject(*metadata))
      return false;
    for (auto it = metadata->cbegin(); it != metadata->cend(); ++it) {
      StringRef value;
      if (!readString(it.value(), value))
        return false;
      fields.push_back({it.key(), value.str()});
    }
  }
  out = ir::Provenance::make(nodeName, std::move(fields));
  return true;
}

} // namespace pt2onnx::pt2::importer
