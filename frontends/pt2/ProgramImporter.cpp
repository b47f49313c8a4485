//===- ProgramImporter.cpp - ExportedProgram JSON to IR --------------------===//
//
// The importer walks the JSON document once, building ops as it goes. It
// reads the document only through checked accessors (`field`, `readInt`,
// `readUnion`, ...) that record the first error and return failure; the
// callers return false up to `run`. An error names the JSON path of the value
// it is about, found by searching the document for that value's address when
// the error happens, so that the common path keeps no path bookkeeping.
//
// Names are scoped per graph: a subgraph's placeholders are its region's
// block arguments, and its nodes see only its own values, as in torch.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/ProgramImporter.h"

#include "frontends/pt2/SympyExpr.h"

#include "ir/Builder.h"
#include "ir/schema/OpTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <cassert>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;
using json = nlohmann::json;

WeightProvider::~WeightProvider() = default;

namespace {

//===----------------------------------------------------------------------===//
// Schema facts
//===----------------------------------------------------------------------===//

// The members of each union of schema.yaml, in its order.
// clang-format off
constexpr StringLiteral kArgumentKinds[] = {
    "as_none", "as_tensor", "as_tensors", "as_int", "as_ints", "as_float", "as_floats", "as_string",
    "as_strings", "as_sym_int", "as_sym_ints", "as_scalar_type", "as_memory_format", "as_layout",
    "as_device", "as_bool", "as_bools", "as_sym_bool", "as_sym_bools", "as_graph",
    "as_optional_tensors", "as_custom_obj", "as_operator", "as_sym_float", "as_sym_floats",
    "as_optional_tensor", "as_complex", "as_nested_tensors", "as_int_lists",
    "as_string_to_argument", "as_float_lists"};
// clang-format on
constexpr StringLiteral kInputSpecKinds[] = {"user_input",      "parameter",  "buffer",
                                             "tensor_constant", "custom_obj", "token",
                                             "constant_input"};
constexpr StringLiteral kOutputSpecKinds[] = {"user_output",
                                              "loss_output",
                                              "buffer_mutation",
                                              "gradient_to_parameter",
                                              "gradient_to_user_input",
                                              "user_input_mutation",
                                              "token",
                                              "parameter_mutation"};
constexpr StringLiteral kConstantValueKinds[] = {"as_none", "as_int", "as_float", "as_string",
                                                 "as_bool"};
constexpr StringLiteral kSymIntKinds[] = {"as_expr", "as_int"};
constexpr StringLiteral kSymIntArgumentKinds[] = {"as_name", "as_int"};
constexpr StringLiteral kSymFloatArgumentKinds[] = {"as_name", "as_float"};
constexpr StringLiteral kSymBoolArgumentKinds[] = {"as_name", "as_bool"};
constexpr StringLiteral kOptionalTensorKinds[] = {"as_tensor", "as_none"};

// The fields of each struct, to tell apart the ones a newer minor version
// added (ignored with a warning, as torch's own reader ignores them).
constexpr StringLiteral kExportedProgramFields[] = {
    "graph_module", "opset_version", "range_constraints", "schema_version",
    "verifiers",    "torch_version", "guards_code"};
constexpr StringLiteral kGraphModuleFields[] = {"graph", "signature", "module_call_graph",
                                                "metadata", "treespec_namedtuple_fields"};
constexpr StringLiteral kGraphFields[] = {"inputs",
                                          "outputs",
                                          "nodes",
                                          "tensor_values",
                                          "sym_int_values",
                                          "sym_bool_values",
                                          "is_single_tensor_return",
                                          "custom_obj_values",
                                          "sym_float_values"};
constexpr StringLiteral kNodeFields[] = {
    "target", "inputs", "outputs", "metadata", "is_hop_single_tensor_return", "name"};
constexpr StringLiteral kNamedArgumentFields[] = {"name", "arg", "kind"};
constexpr StringLiteral kTensorMetaFields[] = {
    "dtype", "sizes", "requires_grad", "device", "strides", "storage_offset", "layout"};
constexpr StringLiteral kSymExprFields[] = {"expr_str", "hint"};
constexpr StringLiteral kSignatureFields[] = {"input_specs", "output_specs"};
constexpr StringLiteral kRangeConstraintFields[] = {"min_val", "max_val"};
constexpr StringLiteral kModuleCallEntryFields[] = {"fqn", "signature"};
constexpr StringLiteral kModuleCallSignatureFields[] = {"inputs", "outputs", "in_spec", "out_spec",
                                                        "forward_arg_names"};
constexpr StringLiteral kSchemaVersionFields[] = {"major", "minor"};
constexpr StringLiteral kTensorArgumentFields[] = {"name"}; // TensorArgument, TokenArgument
constexpr StringLiteral kCustomObjArgumentFields[] = {"name", "class_fqn"};
constexpr StringLiteral kGraphArgumentFields[] = {"name", "graph"};
constexpr StringLiteral kDeviceFields[] = {"type", "index"};
constexpr StringLiteral kComplexValueFields[] = {"real", "imag"};

/// The struct each OutputSpec member holds (in the order of
/// kOutputSpecKinds): its schema name and the field besides `arg` that names
/// the buffer, parameter or user input the output updates, if any.
struct OutputSpecStruct {
  StringLiteral name;
  StringLiteral target;
};
constexpr OutputSpecStruct kOutputSpecStructs[] = {
    {"UserOutputSpec", ""},
    {"LossOutputSpec", ""},
    {"BufferMutationSpec", "buffer_name"},
    {"GradientToParameterSpec", "parameter_name"},
    {"GradientToUserInputSpec", "user_input_name"},
    {"UserInputMutationSpec", "user_input_name"},
    {"OutputTokenSpec", ""},
    {"ParameterMutationSpec", "parameter_name"}};
static_assert(std::size(kOutputSpecStructs) == std::size(kOutputSpecKinds));

} // namespace

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

namespace {

/// The ScalarType values torch knows but the IR has no type for.
StringRef unsupportedScalarTypeName(int64_t v) {
  switch (v) {
  case 0:
    return "UNKNOWN";
  case 9:
    return "COMPLEXHALF";
  case 33:
    return "FLOAT8E8M0FNU";
  default:
    return {};
  }
}

/// Layout and MemoryFormat values, as torch prints them.
constexpr int64_t kStridedLayout = 7;
StringRef layoutName(int64_t v) {
  static constexpr StringLiteral names[] = {"",
                                            "torch.sparse_coo",
                                            "torch.sparse_csr",
                                            "torch.sparse_csc",
                                            "torch.sparse_bsr",
                                            "torch.sparse_bsc",
                                            "torch._mkldnn",
                                            "torch.strided"};
  return v >= 1 && v < int64_t(std::size(names)) ? StringRef(names[v]) : StringRef();
}

StringRef memoryFormatName(int64_t v) {
  static constexpr StringLiteral names[] = {"", "torch.contiguous_format", "torch.channels_last",
                                            "torch.channels_last_3d", "torch.preserve_format"};
  return v >= 1 && v < int64_t(std::size(names)) ? StringRef(names[v]) : StringRef();
}

/// The positional parameters of the higher-order ops, which torch serializes
/// with empty names. A variadic op repeats its last name.
struct HigherOrderParams {
  StringLiteral op;
  std::vector<StringLiteral> names;
  bool variadic;
};

const HigherOrderParams *lookupHigherOrderParams(StringRef op) {
  static const HigherOrderParams table[] = {
      {"higher_order.cond", {"pred", "true_fn", "false_fn", "operands"}, false},
      {"higher_order.while_loop",
       {"cond_fn", "body_fn", "carried_inputs", "additional_inputs"},
       false},
      {"higher_order.map_impl", {"f", "xs", "pos_args"}, false},
      {"higher_order.scan", {"combine_fn", "init", "xs", "additional_inputs"}, false},
      {"higher_order.associative_scan", {"combine_fn", "xs", "additional_inputs"}, false},
      {"higher_order.wrap_with_set_grad_enabled", {"enable_grad", "wrapped_func", "args"}, true},
      {"higher_order.wrap_with_autocast",
       {"device_type", "dtype", "enabled", "cache_enabled", "wrapped_func", "args"},
       true},
      {"higher_order.invoke_subgraph", {"subgraph", "identifier", "operands"}, true},
      {"higher_order.auto_functionalized", {"_mutable_op"}, false},
      {"higher_order.auto_functionalized_v2", {"_mutable_op"}, false},
      {"higher_order.with_effects", {"token", "op", "args"}, true},
  };
  for (const HigherOrderParams &p : table)
    if (p.op == op)
      return &p;
  return nullptr;
}

/// The arguments of `op` declared `Tensor?`: a None passed for one of them is
/// an absent operand, not an absent attribute.
bool isOptionalTensorArg(StringRef op, StringRef arg) {
  const schema::OpSchema *entry = schema::lookupOp(op);
  const schema::SchemaArgument *declared = entry ? entry->argument(arg) : nullptr;
  return declared && declared->type.isOptionalTensor();
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

std::string joinNames(ArrayRef<StringLiteral> names) {
  std::string s;
  for (StringRef n : names)
    s += (s.empty() ? "" : ", ") + n.str();
  return s;
}

//===----------------------------------------------------------------------===//
// JSON text
//===----------------------------------------------------------------------===//

/// Deeper nesting is rejected before parsing; real programs nest a few dozen
/// levels (subgraphs of subgraphs).
constexpr size_t kMaxJsonDepth = 4096;

/// Python's json module writes non-finite floats as the bare tokens NaN,
/// Infinity and -Infinity, which are not JSON; torch 2.6 let them through,
/// later versions write them as strings. Quotes the bare ones so that both
/// parse alike, and checks the nesting depth. Returns the rewritten text, or
/// none when `text` can be parsed as it is.
Expected<std::optional<std::string>> prepareJsonText(StringRef text, StringRef source) {
  auto isBareToken = [&](size_t i, size_t &length) {
    for (StringRef token : {"NaN", "Infinity", "-Infinity"})
      if (text.substr(i).startswith(token)) {
        length = token.size();
        return true;
      }
    return false;
  };
  bool inString = false, hasBare = false;
  size_t depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    size_t length;
    if (c == '"')
      inString = true;
    else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        return createStringError(inconvertibleErrorCode(), source + ": JSON nested deeper than " +
                                                               Twine(kMaxJsonDepth) +
                                                               " levels at byte " + Twine(i));
    } else if (c == ']' || c == '}')
      depth -= depth > 0;
    else if ((c == 'N' || c == 'I' || c == '-') && isBareToken(i, length))
      hasBare = true;
  }
  if (!hasBare)
    return std::nullopt;
  std::string out;
  out.reserve(text.size() + 64);
  inString = false;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    size_t length;
    if (inString) {
      out += c;
      if (c == '\\' && i + 1 < e)
        out += text[++i];
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
      out += c;
    } else if ((c == 'N' || c == 'I' || c == '-') && isBareToken(i, length)) {
      out += '"';
      out.append(text.data() + i, length);
      out += '"';
      i += length - 1;
    } else {
      out += c;
    }
  }
  return out;
}

/// The path from `root` to the value at `target` (`graph.nodes[3].name`), by
/// an iterative depth-first search: errors are rare, and documents may be
/// deep, so neither bookkeeping on the common path nor recursion.
std::string findJsonPath(const json &root, const json *target) {
  struct Frame {
    const json *value;
    json::const_iterator it;
    size_t index;
  };
  auto segment = [](const Frame &f, std::string &out) {
    if (f.value->is_array()) {
      out += "[" + std::to_string(f.index - 1) + "]";
      return;
    }
    const std::string &key = std::prev(f.it).key();
    bool plain = !key.empty() && all_of(key, [](char c) { return llvm::isAlnum(c) || c == '_'; });
    if (plain)
      out += (out.empty() ? "" : ".") + key;
    else
      out += "[" + json(key).dump() + "]";
  };
  if (&root == target || !root.is_structured())
    return {};
  std::vector<Frame> stack{{&root, root.cbegin(), 0}};
  while (!stack.empty()) {
    Frame &top = stack.back();
    if (top.it == top.value->cend()) {
      stack.pop_back();
      continue;
    }
    const json *child = &*top.it;
    ++top.it;
    ++top.index;
    if (child == target) {
      std::string path;
      for (const Frame &f : stack)
        segment(f, path);
      return path;
    }
    if (child->is_structured() && !child->empty())
      stack.push_back({child, child->cbegin(), 0});
  }
  return {};
}

//===----------------------------------------------------------------------===//
// The importer
//===----------------------------------------------------------------------===//

/// The values and type tables of one graph (the main graph or a subgraph).
struct GraphScope {
  const json *tensorValues = nullptr;
  const json *symIntValues = nullptr;
  ir::Block *block = nullptr;
  StringMap<ir::Value *> values;
  /// The block's `ir.constant unit : none`, made on first use.
  ir::Value *none = nullptr;
  unsigned depth = 0;
};

/// What a node contributes to the op built for it.
struct OpParts {
  std::string name;
  SmallVector<ir::Value *, 4> operands;
  std::vector<std::string> operandArgs;
  SmallVector<ir::NamedAttribute, 4> attributes;
  StringSet<> attributeNames;
  SmallVector<const json *, 2> graphs;
  std::vector<std::string> regionArgs;
  SmallVector<ir::Type, 2> resultTypes;
  SmallVector<std::string, 2> resultNames;
  SmallVector<int64_t, 2> resultSegments;
  bool hasListResult = false;
};

/// A scalar value of the schema (ConstantValue, or a constant in a place that
/// usually holds a value).
struct Scalar {
  ir::Attribute attr;
  ir::Type type;
};

class Importer {
public:
  Importer(const json &root, WeightProvider &weights, const ProgramImportOptions &options)
      : root(root), weights(weights), options(options), module(std::make_unique<ir::Module>()),
        builder(*module) {}

  Expected<std::unique_ptr<ir::Module>> run() {
    bool ok = importProgram();
    emitWarnings();
    if (!ok)
      return createStringError(inconvertibleErrorCode(), takeErrorMessage());
    return std::move(module);
  }

private:
  //===--------------------------------------------------------------------===//
  // Diagnostics
  //===--------------------------------------------------------------------===//

  bool fail(const json &at, const Twine &message) {
    if (!error)
      error = Failure{&at, message.str()};
    return false;
  }

  std::string takeErrorMessage() {
    std::string path = findJsonPath(root, error->at);
    return options.sourceName + ": " + (path.empty() ? "" : path + ": ") + error->message;
  }

  /// Notes fields `obj` has beyond `known` (a list of names); each field name
  /// is reported once.
  template <typename Names = std::initializer_list<StringRef>>
  void checkFields(const json &obj, const Names &known, StringRef structName) {
    for (auto it = obj.cbegin(); it != obj.cend(); ++it) {
      const std::string &key = it.key();
      if (is_contained(known, StringRef(key)))
        continue;
      std::string id = (structName + "." + key).str();
      if (unknownFields.insert(id).second)
        unknownFieldSites.push_back({&obj, key, structName.str()});
    }
  }

  std::string schemaNote() const {
    return "(the program has schema " + schemaVersion + "; this importer knows " +
           std::to_string(kSchemaMajor) + "." + std::to_string(kSchemaMinor) + ")";
  }

  void emitWarnings() {
    for (const UnknownField &site : unknownFieldSites) {
      std::string path = findJsonPath(root, site.object);
      std::string message = options.sourceName + ": " + (path.empty() ? "" : path + ": ") +
                            "ignoring unknown " + site.structName + " field '" + site.field +
                            "' " + schemaNote();
      if (options.warningHandler)
        options.warningHandler(message);
      else
        errs() << "warning: " << message << "\n";
    }
  }

  //===--------------------------------------------------------------------===//
  // Checked access
  //===--------------------------------------------------------------------===//

  bool expectObject(const json &v) { return v.is_object() || fail(v, "expected an object"); }
  bool expectArray(const json &v) { return v.is_array() || fail(v, "expected a list"); }

  /// A required field of an object.
  const json *field(const json &obj, StringRef key) {
    if (!expectObject(obj))
      return nullptr;
    auto it = obj.find(std::string_view(key.data(), key.size()));
    if (it == obj.end()) {
      fail(obj, "missing field '" + key + "'");
      return nullptr;
    }
    return &*it;
  }

  /// An optional field: null when absent or JSON null.
  const json *optionalField(const json &obj, StringRef key) {
    auto it = obj.find(std::string_view(key.data(), key.size()));
    return it == obj.end() || it->is_null() ? nullptr : &*it;
  }

  bool readString(const json &v, StringRef &out) {
    if (!v.is_string())
      return fail(v, "expected a string");
    const std::string &s = v.get_ref<const std::string &>();
    out = s;
    return true;
  }

  bool readInt(const json &v, int64_t &out) {
    if (v.is_number_integer() && !v.is_number_unsigned()) {
      out = v.get<int64_t>();
      return true;
    }
    if (v.is_number_unsigned() &&
        v.get<uint64_t>() <= uint64_t(std::numeric_limits<int64_t>::max())) {
      out = int64_t(v.get<uint64_t>());
      return true;
    }
    return fail(v,
                v.is_number_unsigned() ? "integer does not fit in 64 bits" : "expected an integer");
  }

  bool readBool(const json &v, bool &out) {
    if (!v.is_boolean())
      return fail(v, "expected true or false");
    out = v.get<bool>();
    return true;
  }

  /// A float: a number, or the strings torch writes for non-finite values.
  bool readFloat(const json &v, double &out) {
    if (v.is_number()) {
      out = v.get<double>();
      return true;
    }
    if (v.is_string()) {
      const std::string &s = v.get_ref<const std::string &>();
      if (s == "Infinity" || s == "-Infinity" || s == "NaN") {
        out = s == "NaN"        ? std::numeric_limits<double>::quiet_NaN()
              : s == "Infinity" ? std::numeric_limits<double>::infinity()
                                : -std::numeric_limits<double>::infinity();
        return true;
      }
    }
    return fail(v, "expected a number");
  }

  bool readStringField(const json &obj, StringRef key, StringRef &out) {
    const json *v = field(obj, key);
    return v && readString(*v, out);
  }

  /// A union: an object with exactly one of `kinds` as its key. Returns the
  /// value and sets `kind`, or fails.
  const json *readUnion(const json &v, ArrayRef<StringLiteral> kinds, StringRef &kind) {
    if (!v.is_object() || v.size() != 1) {
      fail(v, "expected an object with one of " + joinNames(kinds));
      return nullptr;
    }
    auto it = v.cbegin();
    StringRef key = it.key();
    auto found = find(kinds, key);
    if (found == std::end(kinds)) {
      // A newer minor version may add members to a union; they cannot be
      // skipped as unknown struct fields can.
      fail(v, "unknown kind '" + key + "'; expected one of " + joinNames(kinds) +
                  (schemaMinor > kSchemaMinor ? " " + schemaNote() : std::string()));
      return nullptr;
    }
    kind = *found;
    return &*it;
  }

  template <typename Fn> bool forEach(const json &list, Fn fn) {
    if (!expectArray(list))
      return false;
    for (const json &item : list)
      if (!fn(item))
        return false;
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  bool readDType(const json &v, ir::DType &out) {
    int64_t code;
    if (!readInt(v, code))
      return false;
    if (std::optional<ir::DType> t = getDTypeOfScalarType(code)) {
      out = *t;
      return true;
    }
    StringRef name = unsupportedScalarTypeName(code);
    if (!name.empty())
      return fail(v, "unsupported dtype " + name + " (" + Twine(code) + ")");
    return fail(v, "unknown ScalarType " + Twine(code));
  }

  bool readSymExprString(const json &symExpr, ir::SymExpr &out) {
    if (!expectObject(symExpr))
      return false;
    checkFields(symExpr, kSymExprFields, "SymExpr");
    const json *text = field(symExpr, "expr_str");
    StringRef s;
    if (!text || !readString(*text, s))
      return false;
    // Programs repeat a handful of expressions over every tensor that has
    // the dims they describe.
    auto [cached, isNew] = parsedExprs.try_emplace(s);
    if (isNew) {
      Expected<ir::SymExpr> e = parseSympyExpr(s, module->getSymContext());
      if (!e) {
        parsedExprs.erase(cached);
        return fail(*text, toString(e.takeError()));
      }
      cached->second = *e;
    }
    out = cached->second;
    return true;
  }

  /// A SymInt: a constant or a symbolic expression.
  bool readSymInt(const json &v, ir::SymExpr &out) {
    StringRef kind;
    const json *value = readUnion(v, kSymIntKinds, kind);
    if (!value)
      return false;
    if (kind == "as_expr")
      return readSymExprString(*value, out);
    int64_t i;
    if (!readInt(*value, i))
      return false;
    out = module->getSymContext().getConstant(i);
    return true;
  }

  bool readTensorMeta(const json &meta, ir::Type &out) {
    if (!expectObject(meta))
      return false;
    checkFields(meta, kTensorMetaFields, "TensorMeta");
    const json *dtype = field(meta, "dtype");
    const json *sizes = dtype ? field(meta, "sizes") : nullptr;
    ir::DType elementType;
    if (!sizes || !readDType(*dtype, elementType))
      return false;
    // Strides, device and storage offset do not change what a value is; a
    // sparse layout does, and the IR's tensors are dense.
    if (const json *layout = optionalField(meta, "layout")) {
      int64_t code;
      if (!readInt(*layout, code))
        return false;
      StringRef name = layoutName(code);
      if (name.empty())
        return fail(*layout, "unknown Layout " + Twine(code));
      if (code != kStridedLayout)
        return fail(*layout, name + " tensors are not supported: the IR's tensors are dense");
    }
    SmallVector<ir::Dim, 4> shape;
    bool ok = forEach(*sizes, [&](const json &size) {
      ir::SymExpr e;
      if (!readSymInt(size, e))
        return false;
      if (e.getRange().hi < 0)
        return fail(size, "size " + e.str() + " is negative");
      shape.push_back(ir::Dim::of(e));
      return true;
    });
    if (!ok)
      return false;
    out = ir::Type::tensor(elementType, shape);
    return true;
  }

  /// The type of the tensor value `name`, from the graph's tensor_values.
  bool tensorType(const GraphScope &scope, const json &at, StringRef name, ir::Type &out) {
    auto it = scope.tensorValues->find(std::string_view(name.data(), name.size()));
    if (it == scope.tensorValues->end())
      return fail(at, "tensor '" + name + "' has no tensor_values entry");
    return readTensorMeta(*it, out);
  }

  bool symIntType(const GraphScope &scope, const json &at, StringRef name, ir::Type &out) {
    auto it = scope.symIntValues->find(std::string_view(name.data(), name.size()));
    if (it == scope.symIntValues->end())
      return fail(at, "SymInt '" + name + "' has no sym_int_values entry");
    ir::SymExpr e;
    if (!readSymInt(*it, e))
      return false;
    out = ir::Type::symInt(e);
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//

  bool define(GraphScope &scope, const json &at, StringRef name, ir::Value *value) {
    if (name.empty())
      return true;
    if (!scope.values.try_emplace(name, value).second)
      return fail(at, "value '" + name + "' is defined twice");
    value->setName(name);
    return true;
  }

  ir::Value *lookup(GraphScope &scope, const json &at, StringRef name) {
    auto it = scope.values.find(name);
    if (it == scope.values.end()) {
      fail(at, "unknown value '" + name + "'");
      return nullptr;
    }
    return it->second;
  }

  /// The name a TensorArgument (or a TokenArgument, the same struct) holds.
  bool readTensorArgument(const json &ref, StringRef &name,
                          StringRef structName = "TensorArgument") {
    if (!expectObject(ref))
      return false;
    checkFields(ref, kTensorArgumentFields, structName);
    return readStringField(ref, "name", name);
  }

  /// The value a TensorArgument refers to.
  ir::Value *lookupTensor(GraphScope &scope, const json &ref) {
    StringRef name;
    return readTensorArgument(ref, name) ? lookup(scope, ref, name) : nullptr;
  }

  ir::Value *noneValue(GraphScope &scope) {
    if (!scope.none) {
      ir::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(scope.block);
      builder.setProvenance(nullptr);
      scope.none = createConstant({ir::Attribute::unit(), ir::Type::none()});
    }
    return scope.none;
  }

  ir::Value *createConstant(const Scalar &s) {
    return builder.create(ir::builtin::kConstant, {}, {s.type}, {{"value", s.attr}})->getResult(0);
  }

  Scalar intScalar(int64_t v) {
    return {ir::Attribute::integer(v), ir::Type::symInt(module->getSymContext().getConstant(v))};
  }

  /// A ConstantValue, or a constant Argument of the same kinds.
  bool readScalar(const json &v, Scalar &out) {
    StringRef kind;
    const json *value = readUnion(v, kConstantValueKinds, kind);
    return value && readScalarValue(kind, *value, out);
  }

  /// The value of a scalar union member: `as_none`, `as_int`, `as_float`,
  /// `as_bool` or `as_string`.
  bool readScalarValue(StringRef kind, const json &value, Scalar &out) {
    if (kind == "as_none") {
      out = {ir::Attribute::unit(), ir::Type::none()};
      return true;
    }
    if (kind == "as_int") {
      int64_t i;
      if (!readInt(value, i))
        return false;
      out = intScalar(i);
      return true;
    }
    if (kind == "as_float") {
      double d;
      if (!readFloat(value, d))
        return false;
      out = {ir::Attribute::floating(d), ir::Type::symFloat()};
      return true;
    }
    if (kind == "as_bool") {
      bool b;
      if (!readBool(value, b))
        return false;
      out = {ir::Attribute::boolean(b), ir::Type::symBool()};
      return true;
    }
    StringRef s;
    if (!readString(value, s))
      return false;
    out = {ir::Attribute::string(s), ir::Type::opaque("str")};
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Node arguments
  //===--------------------------------------------------------------------===//

  void addOperand(OpParts &parts, StringRef arg, ir::Value *v) {
    parts.operands.push_back(v);
    parts.operandArgs.push_back(arg.str());
  }

  bool addAttribute(OpParts &parts, const json &at, StringRef arg, ir::Attribute value,
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

  /// A list of SymIntArgument / SymFloatArgument / SymBoolArgument: operands
  /// when an element is symbolic (constant elements become ir.constant ops),
  /// otherwise one attribute.
  template <typename ReadConstant, typename MakeList>
  bool importSymList(GraphScope &scope, const json &list, ArrayRef<StringLiteral> kinds,
                     StringRef arg, OpParts &parts, std::optional<size_t> variadicIndex,
                     ReadConstant readConstant, MakeList makeList) {
    if (!expectArray(list))
      return false;
    bool symbolic = false;
    for (const json &item : list) {
      StringRef kind;
      if (!readUnion(item, kinds, kind))
        return false;
      symbolic |= kind == "as_name";
    }
    std::vector<Scalar> constants;
    for (const json &item : list) {
      StringRef kind;
      const json *value = readUnion(item, kinds, kind);
      if (kind == "as_name") {
        StringRef name;
        ir::Value *v = readString(*value, name) ? lookup(scope, *value, name) : nullptr;
        if (!v)
          return false;
        addOperand(parts, arg, v);
        continue;
      }
      Scalar s;
      if (!readConstant(*value, s))
        return false;
      if (symbolic)
        addOperand(parts, arg, createConstant(s));
      else
        constants.push_back(std::move(s));
    }
    return symbolic || addAttribute(parts, list, arg, makeList(constants), variadicIndex);
  }

  bool importArgument(GraphScope &scope, const json &arg, StringRef opName, StringRef argName,
                      std::optional<size_t> variadicIndex, OpParts &parts) {
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

  /// A dict of str -> Argument: an attribute named after the argument lists
  /// the keys (sorted: the JSON reader keeps no order), and each value is
  /// imported as an argument named `ARG.KEY`, so that a tensor value is an
  /// operand whose arg_names entry is `ARG.KEY` and a constant an attribute
  /// of that name.
  bool importDict(GraphScope &scope, const json &dict, StringRef opName, StringRef argName,
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

  /// A ComplexValue as a 0-d complex<f64> dense literal: the IR's exact
  /// form of a complex number.
  bool readComplex(const json &v, ir::Attribute &out) {
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

  bool readDevice(const json &v, std::string &out) {
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

  /// The class of a CustomObjArgument, which the IR cannot hold.
  bool readCustomObjClass(const json &v, StringRef &cls) {
    if (!expectObject(v))
      return false;
    checkFields(v, kCustomObjArgumentFields, "CustomObjArgument");
    return readStringField(v, "class_fqn", cls);
  }

  //===--------------------------------------------------------------------===//
  // Node results
  //===--------------------------------------------------------------------===//

  void addResult(OpParts &parts, ir::Type type, StringRef name) {
    parts.resultTypes.push_back(std::move(type));
    parts.resultNames.push_back(name.str());
  }

  bool importOutput(GraphScope &scope, const json &output, OpParts &parts) {
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

  //===--------------------------------------------------------------------===//
  // Nodes
  //===--------------------------------------------------------------------===//

  bool importNode(GraphScope &scope, const json &node) {
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

    for (const json &output : *outputs)
      if (!importOutput(scope, output, parts))
        return false;

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

  /// Node metadata as provenance: the keys and strings torch wrote.
  bool readProvenance(const json &node, const json &outputs, ir::ProvenanceRef &out) {
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

  //===--------------------------------------------------------------------===//
  // Graphs
  //===--------------------------------------------------------------------===//

  bool openScope(const json &graph, ir::Block &block, unsigned depth, GraphScope &scope) {
    if (depth > kMaxGraphDepth)
      return fail(graph, "subgraphs nested deeper than " + Twine(kMaxGraphDepth) + " levels");
    if (!expectObject(graph))
      return false;
    checkFields(graph, kGraphFields, "Graph");
    scope.tensorValues = field(graph, "tensor_values");
    if (!scope.tensorValues || !expectObject(*scope.tensorValues))
      return false;
    scope.symIntValues = optionalField(graph, "sym_int_values");
    if (!scope.symIntValues)
      scope.symIntValues = &emptyObject;
    if (!expectObject(*scope.symIntValues))
      return false;
    scope.block = &block;
    scope.depth = depth;
    builder.setInsertionPointToEnd(&block);
    return true;
  }

  bool importNodes(GraphScope &scope, const json &graph) {
    const json *nodes = field(graph, "nodes");
    if (!nodes || !expectArray(*nodes))
      return false;
    for (const json &node : *nodes) {
      builder.setInsertionPointToEnd(scope.block);
      if (!importNode(scope, node))
        return false;
    }
    builder.setInsertionPointToEnd(scope.block);
    builder.setProvenance(nullptr);
    return true;
  }

  /// A subgraph argument of a higher-order op: its placeholders become the
  /// block's arguments, its outputs the operands of an `ir.return`.
  bool importSubgraph(const json &graph, ir::Block &block, unsigned depth) {
    ir::InsertionGuard guard(builder);
    GraphScope scope;
    if (!openScope(graph, block, depth, scope))
      return false;
    const json *inputs = field(graph, "inputs");
    if (!inputs ||
        !forEach(*inputs, [&](const json &input) { return importSubgraphInput(scope, input); }))
      return false;
    if (!importNodes(scope, graph))
      return false;
    const json *outputs = field(graph, "outputs");
    SmallVector<ir::Value *, 4> results;
    if (!outputs || !forEach(*outputs, [&](const json &output) {
          ir::Value *v = graphOutput(scope, output);
          results.push_back(v);
          return v != nullptr;
        }))
      return false;
    builder.createReturn(results);
    return true;
  }

  bool importSubgraphInput(GraphScope &scope, const json &input) {
    StringRef kind, name;
    const json *v = readUnion(input, kArgumentKinds, kind);
    if (!v)
      return false;
    ir::Type type;
    if (kind == "as_tensor") {
      if (!readTensorArgument(*v, name) || !tensorType(scope, *v, name, type))
        return false;
    } else if (kind == "as_sym_int" || kind == "as_sym_float" || kind == "as_sym_bool") {
      if (!symbolicPlaceholder(scope, kind, *v, name, type))
        return false;
    } else if (is_contained(kConstantValueKinds, kind)) {
      // A placeholder torch specialized to a constant; nothing refers to it.
      Scalar s;
      if (!readScalar(input, s))
        return false;
      type = s.type;
    } else {
      return fail(input, "subgraph input of kind '" + kind + "' is not supported");
    }
    return define(scope, input, name, scope.block->addArgument(type));
  }

  /// A SymInt / SymFloat / SymBool placeholder given by name.
  bool symbolicPlaceholder(GraphScope &scope, StringRef kind, const json &v, StringRef &name,
                           ir::Type &type) {
    ArrayRef<StringLiteral> kinds = kind == "as_sym_int"     ? kSymIntArgumentKinds
                                    : kind == "as_sym_float" ? kSymFloatArgumentKinds
                                                             : kSymBoolArgumentKinds;
    StringRef valueKind;
    const json *value = readUnion(v, kinds, valueKind);
    if (!value)
      return false;
    if (valueKind != "as_name")
      return fail(v, "constant symbolic placeholder");
    if (!readString(*value, name))
      return false;
    if (kind == "as_sym_int")
      return symIntType(scope, *value, name, type);
    type = kind == "as_sym_float" ? ir::Type::symFloat() : ir::Type::symBool();
    return true;
  }

  /// The value of a graph output: a named value, or a constant made here.
  ir::Value *graphOutput(GraphScope &scope, const json &output) {
    StringRef kind;
    const json *v = readUnion(output, kArgumentKinds, kind);
    if (!v)
      return nullptr;
    if (kind == "as_tensor")
      return lookupTensor(scope, *v);
    if (kind == "as_none")
      return noneValue(scope);
    if (is_contained(kConstantValueKinds, kind)) {
      Scalar s;
      return readScalar(output, s) ? createConstant(s) : nullptr;
    }
    if (kind == "as_sym_int" || kind == "as_sym_float" || kind == "as_sym_bool") {
      ArrayRef<StringLiteral> kinds = kind == "as_sym_int"     ? kSymIntArgumentKinds
                                      : kind == "as_sym_float" ? kSymFloatArgumentKinds
                                                               : kSymBoolArgumentKinds;
      StringRef valueKind;
      const json *value = readUnion(*v, kinds, valueKind);
      if (!value)
        return nullptr;
      if (valueKind == "as_name") {
        StringRef name;
        return readString(*value, name) ? lookup(scope, *value, name) : nullptr;
      }
      Scalar s;
      return readScalarValue(valueKind, *value, s) ? createConstant(s) : nullptr;
    }
    fail(output, "graph output of kind '" + kind + "' is not supported");
    return nullptr;
  }

  //===--------------------------------------------------------------------===//
  // The program
  //===--------------------------------------------------------------------===//

  bool importProgram() {
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

  bool checkSchemaVersion() {
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

  /// Symbol ranges go into the SymContext before any expression is built, so
  /// that expressions simplify under them. A key that is a multiple of a
  /// symbol plus a constant (`2*s0 + 1`) bounds that symbol too.
  bool importRangeConstraints() {
    const json *constraints = optionalField(root, "range_constraints");
    if (!constraints)
      return true;
    if (!expectObject(*constraints))
      return false;
    ir::SymContext &context = module->getSymContext();
    std::vector<ir::Attribute> entries;
    for (auto it = constraints->cbegin(); it != constraints->cend(); ++it) {
      const json &constraint = it.value();
      if (!expectObject(constraint))
        return false;
      checkFields(constraint, kRangeConstraintFields, "RangeConstraint");
      ir::SymRange range;
      const json *lo = optionalField(constraint, "min_val");
      const json *hi = optionalField(constraint, "max_val");
      if ((lo && !readInt(*lo, range.lo)) || (hi && !readInt(*hi, range.hi)))
        return false;
      if (range.isEmpty())
        return fail(constraint, "empty range [" + Twine(range.lo) + ", " + Twine(range.hi) + "]");
      Expected<ir::SymExpr> key = parseSympyExpr(it.key(), context);
      if (!key)
        return fail(constraint, toString(key.takeError()));
      if (std::optional<std::pair<ir::SymExpr, ir::SymRange>> bound = symbolBound(*key, range))
        context.constrain(bound->first, bound->second);
      entries.push_back(ir::Attribute::list(
          {ir::Attribute::string(it.key()),
           range.isLowerUnbounded() ? ir::Attribute::unit() : ir::Attribute::integer(range.lo),
           range.isUpperUnbounded() ? ir::Attribute::unit() : ir::Attribute::integer(range.hi)}));
    }
    rangeConstraints = ir::Attribute::list(std::move(entries));
    return true;
  }

  /// For `c*s + d` in [lo, hi]: the symbol s and its implied range.
  static std::optional<std::pair<ir::SymExpr, ir::SymRange>> symbolBound(ir::SymExpr e,
                                                                         ir::SymRange range) {
    int64_t c = 1, d = 0;
    if (e.getKind() == ir::SymKind::Add && e.getOperands().size() == 2 &&
        e.getOperands()[1].isConstant()) {
      d = *e.getOperands()[1].getConstant();
      e = e.getOperands()[0];
    }
    if (e.getKind() == ir::SymKind::Mul && e.getOperands().size() == 2 &&
        e.getOperands()[0].isConstant() && e.getOperands()[1].isSymbol()) {
      c = *e.getOperands()[0].getConstant();
      e = e.getOperands()[1];
    }
    if (!e.isSymbol() || c == 0)
      return std::nullopt;
    // In 128 bits nothing below overflows; results outside int64 are unbounded.
    auto divide = [](__int128 n, __int128 q, bool up) {
      __int128 r = n / q;
      if ((n % q != 0) && ((n < 0) == (q < 0)) == up)
        r += up ? 1 : -1;
      return r;
    };
    auto clamp = [](__int128 v, int64_t inf) {
      if (v <= __int128(ir::SymRange::kNegInf) || v >= __int128(ir::SymRange::kPosInf))
        return inf;
      return int64_t(v);
    };
    __int128 lo = range.lo, hi = range.hi;
    ir::SymRange out;
    bool loBounded = !range.isLowerUnbounded(), hiBounded = !range.isUpperUnbounded();
    if (c < 0) {
      std::swap(lo, hi);
      std::swap(loBounded, hiBounded);
    }
    if (loBounded)
      out.lo = clamp(divide(lo - d, c, /*up=*/true), ir::SymRange::kNegInf);
    if (hiBounded)
      out.hi = clamp(divide(hi - d, c, /*up=*/false), ir::SymRange::kPosInf);
    return std::make_pair(e, out);
  }

  /// Pairs graph inputs with the signature's input specs: user inputs become
  /// block arguments, parameters, buffers and tensor constants weight
  /// references, constant inputs and tokens constants.
  bool importSignatureInputs(GraphScope &scope, const json &graph, const json &signature) {
    const json *inputs = field(graph, "inputs");
    const json *specs = inputs ? field(signature, "input_specs") : nullptr;
    if (!specs || !expectArray(*inputs) || !expectArray(*specs))
      return false;
    if (inputs->size() != specs->size())
      return fail(*specs, "the signature has " + Twine(specs->size()) + " input specs, the graph " +
                              Twine(inputs->size()) + " inputs");
    for (size_t i = 0, e = specs->size(); i != e; ++i)
      if (!importSignatureInput(scope, (*inputs)[i], (*specs)[i]))
        return false;
    return true;
  }

  bool importSignatureInput(GraphScope &scope, const json &input, const json &spec) {
    StringRef kind;
    const json *body = readUnion(spec, kInputSpecKinds, kind);
    if (!body || !expectObject(*body))
      return false;
    std::string target;
    StringRef name;

    if (kind == "user_input") {
      checkFields(*body, {"arg"}, "UserInputSpec");
      const json *arg = field(*body, "arg");
      if (!arg)
        return false;
      StringRef argKind;
      const json *v = readUnion(*arg, kArgumentKinds, argKind);
      if (!v)
        return false;
      ir::Type type;
      if (argKind == "as_tensor") {
        if (!readTensorArgument(*v, name) || !tensorType(scope, *v, name, type))
          return false;
      } else if (argKind == "as_sym_int" || argKind == "as_sym_float" || argKind == "as_sym_bool") {
        if (!symbolicPlaceholder(scope, argKind, *v, name, type))
          return false;
      } else if (argKind == "as_custom_obj") {
        StringRef cls;
        if (!readCustomObjClass(*v, cls))
          return false;
        return fail(spec, "user input is a custom object of class '" + cls +
                              "', which cannot be converted");
      } else if (!is_contained(kConstantValueKinds, argKind)) {
        return fail(*arg, "user input of kind '" + argKind + "' is not supported");
      }
      // Schemas before constant_input wrote specialized inputs as constants
      // here; like a constant_input they need no value: nodes use the
      // constant itself.
      if (!name.empty() && (!checkGraphInputName(input, name) ||
                            !define(scope, spec, name, scope.block->addArgument(type))))
        return false;
    } else if (kind == "parameter" || kind == "buffer" || kind == "tensor_constant") {
      StringRef fqn;
      const json *arg = field(*body, "arg");
      StringRef targetField = kind == "parameter" ? "parameter_name"
                              : kind == "buffer"  ? "buffer_name"
                                                  : "tensor_constant_name";
      if (kind == "buffer")
        checkFields(*body, {"arg", "buffer_name", "persistent"}, "InputToBufferSpec");
      else
        checkFields(*body, {"arg", targetField},
                    kind == "parameter" ? "InputToParameterSpec" : "InputToTensorConstantSpec");
      if (!arg || !readTensorArgument(*arg, name) || !readStringField(*body, targetField, fqn) ||
          !checkGraphInputName(input, name))
        return false;
      target = fqn.str();
      if (kind == "buffer") {
        const json *persistent = field(*body, "persistent");
        bool isPersistent;
        if (!persistent || !readBool(*persistent, isPersistent))
          return false;
        if (!isPersistent)
          nonPersistentBuffers.push_back(target);
      }
      ir::Type type;
      if (!tensorType(scope, *arg, name, type) || !importWeight(spec, kind, fqn, type))
        return false;
      builder.setProvenance(ir::Provenance::make(name));
      if (!define(scope, spec, name, builder.createWeightRef(fqn, type)))
        return false;
    } else if (kind == "custom_obj") {
      checkFields(*body, {"arg", "custom_obj_name"}, "InputToCustomObjSpec");
      StringRef cls, fqn;
      const json *arg = field(*body, "arg");
      if (!arg || !readCustomObjClass(*arg, cls) ||
          !readStringField(*body, "custom_obj_name", fqn))
        return false;
      return fail(spec, "input '" + fqn + "' is a custom object of class '" + cls +
                            "', which cannot be converted");
    } else if (kind == "token") {
      // Effect tokens order side effects in torch and carry no data.
      checkFields(*body, {"arg"}, "InputTokenSpec");
      const json *arg = field(*body, "arg");
      if (!arg || !readTensorArgument(*arg, name, "TokenArgument") ||
          !checkGraphInputName(input, name))
        return false;
      builder.setProvenance(ir::Provenance::make(name));
      if (!define(scope, spec, name, createConstant({ir::Attribute::unit(), ir::Type::none()})))
        return false;
    } else { // constant_input
      checkFields(*body, {"name", "value"}, "InputToConstantInputSpec");
      const json *value = field(*body, "value");
      Scalar s;
      if (!value || !readStringField(*body, "name", name) || !readScalar(*value, s))
        return false;
      builder.setProvenance(ir::Provenance::make(name));
      if (!define(scope, spec, name, createConstant(s)))
        return false;
    }
    builder.setProvenance(nullptr);
    inputKinds.push_back(kind.str());
    inputNames.push_back(name.str());
    inputTargets.push_back(target);
    return true;
  }

  /// The graph's own input must be the value the signature names.
  bool checkGraphInputName(const json &input, StringRef name) {
    StringRef kind;
    const json *v = readUnion(input, kArgumentKinds, kind);
    if (!v)
      return false;
    const json *ref = !v->is_object()             ? nullptr
                      : optionalField(*v, "name") ? optionalField(*v, "name")
                                                  : optionalField(*v, "as_name");
    if (!ref)
      return true; // a constant placeholder has no name of its own
    StringRef graphName;
    if (!readString(*ref, graphName))
      return false;
    if (graphName != name)
      return fail(*ref,
                  "graph input '" + graphName + "' does not match the signature's '" + name + "'");
    return true;
  }

  bool importWeight(const json &spec, StringRef kind, StringRef fqn, const ir::Type &type) {
    if (module->lookupWeight(fqn))
      return true;
    Expected<ir::WeightData> data = weights.getTensor(fqn);
    if (!data)
      return fail(spec, kind + " '" + fqn + "': " + toString(data.takeError()));
    if (data->getType() != type)
      return fail(spec, kind + " '" + fqn + "' is stored as " + data->getType().str() +
                            " but the graph uses it as " + type.str());
    module->addWeight(fqn, std::move(*data));
    return true;
  }

  bool importSignatureOutputs(GraphScope &scope, const json &graph, const json &signature) {
    const json *outputs = field(graph, "outputs");
    const json *specs = outputs ? field(signature, "output_specs") : nullptr;
    if (!specs || !expectArray(*outputs) || !expectArray(*specs))
      return false;
    if (outputs->size() != specs->size())
      return fail(*specs, "the signature has " + Twine(specs->size()) +
                              " output specs, the graph " + Twine(outputs->size()) + " outputs");
    SmallVector<ir::Value *, 4> results;
    for (size_t i = 0, e = specs->size(); i != e; ++i) {
      const json &spec = (*specs)[i];
      StringRef kind;
      const json *body = readUnion(spec, kOutputSpecKinds, kind);
      if (!body || !expectObject(*body))
        return false;
      // The graph's outputs are the values returned. The spec's `arg` is not
      // checked against them: torch renames a duplicated getitem in the
      // graph's outputs but not in the specs.
      const OutputSpecStruct &specStruct =
          kOutputSpecStructs[find(kOutputSpecKinds, kind) - std::begin(kOutputSpecKinds)];
      StringRef target, targetField = specStruct.target;
      if (targetField.empty())
        checkFields(*body, {"arg"}, specStruct.name);
      else
        checkFields(*body, {"arg", targetField}, specStruct.name);
      if (!targetField.empty() && !readStringField(*body, targetField, target))
        return false;
      ir::Value *value = graphOutput(scope, (*outputs)[i]);
      if (!value)
        return false;
      results.push_back(value);
      outputKinds.push_back(kind.str());
      outputNames.push_back(value->getName().str());
      outputTargets.push_back(target.str());
    }
    builder.setInsertionPointToEnd(scope.block);
    builder.setProvenance(nullptr);
    builder.createReturn(results);
    return true;
  }

  /// Each entry: [fqn] or [fqn, inputs, outputs, forward_arg_names, in_spec,
  /// out_spec], the inputs and outputs by value name ("" for constants).
  bool importModuleCallGraph(const json &graphModule) {
    const json *entries = optionalField(graphModule, "module_call_graph");
    if (!entries)
      return true;
    std::vector<ir::Attribute> list;
    bool ok = forEach(*entries, [&](const json &entry) {
      if (!expectObject(entry))
        return false;
      checkFields(entry, kModuleCallEntryFields, "ModuleCallEntry");
      StringRef fqn;
      if (!readStringField(entry, "fqn", fqn))
        return false;
      std::vector<ir::Attribute> item{ir::Attribute::string(fqn)};
      if (const json *signature = optionalField(entry, "signature")) {
        if (!expectObject(*signature))
          return false;
        checkFields(*signature, kModuleCallSignatureFields, "ModuleCallSignature");
        std::vector<std::string> ins, outs, argNames;
        StringRef inSpec, outSpec;
        const json *in = field(*signature, "inputs");
        const json *out = in ? field(*signature, "outputs") : nullptr;
        if (!out || !argumentNames(*in, ins) || !argumentNames(*out, outs) ||
            !readStringField(*signature, "in_spec", inSpec) ||
            !readStringField(*signature, "out_spec", outSpec))
          return false;
        if (const json *names = optionalField(*signature, "forward_arg_names"))
          if (!forEach(*names, [&](const json &n) {
                StringRef s;
                if (!readString(n, s))
                  return false;
                argNames.push_back(s.str());
                return true;
              }))
            return false;
        if (fqn.empty())
          forwardArgNames = argNames;
        item.push_back(ir::Attribute::stringList(ins));
        item.push_back(ir::Attribute::stringList(outs));
        item.push_back(ir::Attribute::stringList(argNames));
        item.push_back(ir::Attribute::string(inSpec));
        item.push_back(ir::Attribute::string(outSpec));
      }
      list.push_back(ir::Attribute::list(std::move(item)));
      return true;
    });
    if (!ok)
      return false;
    moduleCallGraph = ir::Attribute::list(std::move(list));
    return true;
  }

  bool argumentNames(const json &arguments, std::vector<std::string> &out) {
    return forEach(arguments, [&](const json &argument) {
      StringRef kind;
      const json *v = readUnion(argument, kArgumentKinds, kind);
      if (!v)
        return false;
      std::string name;
      if (v->is_object()) {
        const json *n =
            optionalField(*v, "name") ? optionalField(*v, "name") : optionalField(*v, "as_name");
        if (n && n->is_string())
          name = n->get_ref<const std::string &>();
      }
      out.push_back(std::move(name));
      return true;
    });
  }

  bool importProgramFacts(const json &graphModule) {
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

  static constexpr unsigned kMaxGraphDepth = 64;
  static constexpr unsigned kMaxDictDepth = 64;

  struct Failure {
    const json *at;
    std::string message;
  };
  struct UnknownField {
    const json *object;
    std::string field;
    std::string structName;
  };

  const json &root;
  const json emptyObject = json::object();
  WeightProvider &weights;
  const ProgramImportOptions &options;
  std::unique_ptr<ir::Module> module;
  ir::Builder builder;
  ir::Operation *mainGraph = nullptr;
  std::optional<Failure> error;
  StringSet<> unknownFields;
  StringMap<ir::SymExpr> parsedExprs;
  std::vector<UnknownField> unknownFieldSites;
  std::string schemaVersion = "unknown";
  int64_t schemaMinor = 0;
  unsigned dictDepth = 0;

  std::vector<std::string> inputKinds, inputNames, inputTargets, nonPersistentBuffers;
  std::vector<std::string> outputKinds, outputNames, outputTargets, forwardArgNames;
  std::optional<ir::Attribute> rangeConstraints, moduleCallGraph;
};

} // namespace

Expected<std::unique_ptr<ir::Module>>
pt2onnx::pt2::importProgramJSON(StringRef text, WeightProvider &weights,
                                const ProgramImportOptions &options) {
  Expected<std::optional<std::string>> rewritten = prepareJsonText(text, options.sourceName);
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
    return createStringError(inconvertibleErrorCode(),
                             options.sourceName + ": invalid JSON: " + message);
  }
  return Importer(root, weights, options).run();
}
