//===- Importer.h - The ExportedProgram importer's shared state -*- C++ -*-===//
//
// Internal to the importer (not installed): the schema facts, the per-graph
// scope and the Importer class whose methods the Import*.cpp files define,
// one concern each:
//   ImportJSON.cpp       the JSON text, checked access, diagnostics
//   ImportValues.cpp     tensor types, values in scope, scalar constants, weights
//   ImportSymbolic.cpp   SymInts, symbolic placeholders, range constraints
//   ImportNodes.cpp      nodes: their arguments, results and provenance
//   ImportGraphs.cpp     graphs and the subgraphs of higher-order ops
//   ImportSignature.cpp  the graph signature and the module call graph
//   ProgramImporter.cpp  the program: schema version, graph module, entry point
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
#ifndef PT2ONNX_FRONTENDS_PT2_IMPORTER_H
#define PT2ONNX_FRONTENDS_PT2_IMPORTER_H

#include "frontends/pt2/ProgramImporter.h"

#include "ir/Builder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace pt2onnx::pt2::importer {

using json = nlohmann::json;
using llvm::ArrayRef;
using llvm::Expected;
using llvm::SmallVector;
using llvm::StringLiteral;
using llvm::StringMap;
using llvm::StringRef;
using llvm::StringSet;
using llvm::Twine;

//===----------------------------------------------------------------------===//
// Schema facts
//===----------------------------------------------------------------------===//

// The members of each union of schema.yaml, in its order.
// clang-format off
inline constexpr StringLiteral kArgumentKinds[] = {
    "as_none", "as_tensor", "as_tensors", "as_int", "as_ints", "as_float", "as_floats", "as_string",
    "as_strings", "as_sym_int", "as_sym_ints", "as_scalar_type", "as_memory_format", "as_layout",
    "as_device", "as_bool", "as_bools", "as_sym_bool", "as_sym_bools", "as_graph",
    "as_optional_tensors", "as_custom_obj", "as_operator", "as_sym_float", "as_sym_floats",
    "as_optional_tensor", "as_complex", "as_nested_tensors", "as_int_lists",
    "as_string_to_argument", "as_float_lists"};
// clang-format on
inline constexpr StringLiteral kInputSpecKinds[] = {"user_input",      "parameter",  "buffer",
                                                    "tensor_constant", "custom_obj", "token",
                                                    "constant_input"};
inline constexpr StringLiteral kOutputSpecKinds[] = {"user_output",
                                                     "loss_output",
                                                     "buffer_mutation",
                                                     "gradient_to_parameter",
                                                     "gradient_to_user_input",
                                                     "user_input_mutation",
                                                     "token",
                                                     "parameter_mutation"};
inline constexpr StringLiteral kConstantValueKinds[] = {"as_none", "as_int", "as_float",
                                                        "as_string", "as_bool"};
inline constexpr StringLiteral kSymIntKinds[] = {"as_expr", "as_int"};
inline constexpr StringLiteral kSymIntArgumentKinds[] = {"as_name", "as_int"};
inline constexpr StringLiteral kSymFloatArgumentKinds[] = {"as_name", "as_float"};
inline constexpr StringLiteral kSymBoolArgumentKinds[] = {"as_name", "as_bool"};
inline constexpr StringLiteral kOptionalTensorKinds[] = {"as_tensor", "as_none"};

// The fields of each struct, to tell apart the ones a newer minor version
// added (ignored with a warning, as torch's own reader ignores them).
inline constexpr StringLiteral kExportedProgramFields[] = {
    "graph_module", "opset_version", "range_constraints", "schema_version",
    "verifiers",    "torch_version", "guards_code"};
inline constexpr StringLiteral kGraphModuleFields[] = {"graph", "signature", "module_call_graph",
                                                       "metadata", "treespec_namedtuple_fields"};
inline constexpr StringLiteral kGraphFields[] = {"inputs",
                                                 "outputs",
                                                 "nodes",
                                                 "tensor_values",
                                                 "sym_int_values",
                                                 "sym_bool_values",
                                                 "is_single_tensor_return",
                                                 "custom_obj_values",
                                                 "sym_float_values"};
inline constexpr StringLiteral kNodeFields[] = {
    "target", "inputs", "outputs", "metadata", "is_hop_single_tensor_return", "name"};
inline constexpr StringLiteral kNamedArgumentFields[] = {"name", "arg", "kind"};
inline constexpr StringLiteral kTensorMetaFields[] = {
    "dtype", "sizes", "requires_grad", "device", "strides", "storage_offset", "layout"};
inline constexpr StringLiteral kSymExprFields[] = {"expr_str", "hint"};
inline constexpr StringLiteral kSignatureFields[] = {"input_specs", "output_specs"};
inline constexpr StringLiteral kRangeConstraintFields[] = {"min_val", "max_val"};
inline constexpr StringLiteral kModuleCallEntryFields[] = {"fqn", "signature"};
inline constexpr StringLiteral kModuleCallSignatureFields[] = {"inputs", "outputs", "in_spec",
                                                               "out_spec", "forward_arg_names"};
inline constexpr StringLiteral kSchemaVersionFields[] = {"major", "minor"};
inline constexpr StringLiteral kTensorArgumentFields[] = {"name"}; // TensorArgument, TokenArgument
inline constexpr StringLiteral kCustomObjArgumentFields[] = {"name", "class_fqn"};
inline constexpr StringLiteral kGraphArgumentFields[] = {"name", "graph"};
inline constexpr StringLiteral kDeviceFields[] = {"type", "index"};
inline constexpr StringLiteral kComplexValueFields[] = {"real", "imag"};

/// The struct each OutputSpec member holds (in the order of
/// kOutputSpecKinds): its schema name and the field besides `arg` that names
/// the buffer, parameter or user input the output updates, if any.
struct OutputSpecStruct {
  StringLiteral name;
  StringLiteral target;
};
inline constexpr OutputSpecStruct kOutputSpecStructs[] = {
    {"UserOutputSpec", ""},
    {"LossOutputSpec", ""},
    {"BufferMutationSpec", "buffer_name"},
    {"GradientToParameterSpec", "parameter_name"},
    {"GradientToUserInputSpec", "user_input_name"},
    {"UserInputMutationSpec", "user_input_name"},
    {"OutputTokenSpec", ""},
    {"ParameterMutationSpec", "parameter_name"}};
static_assert(std::size(kOutputSpecStructs) == std::size(kOutputSpecKinds));

/// The positional parameters of the higher-order ops, which torch serializes
/// with empty names. A variadic op repeats its last name.
struct HigherOrderParams {
  StringLiteral op;
  std::vector<StringLiteral> names;
  bool variadic;
};

/// The parameters of the higher-order op `op`, null if it is not one.
const HigherOrderParams *lookupHigherOrderParams(StringRef op);

/// A Layout value as torch prints it (`torch.strided`); empty if unknown.
StringRef layoutName(int64_t v);

/// Quotes the bare non-finite float tokens Python's json module writes and
/// checks the nesting depth and string lengths. Returns the rewritten text,
/// or none when `text` can be parsed as it is.
Expected<std::optional<std::string>> prepareJsonText(StringRef text, StringRef source,
                                                     const ImportLimits &limits);

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

  Expected<std::unique_ptr<ir::Module>> run();

private:
  //===--------------------------------------------------------------------===//
  // Diagnostics and checked access (ImportJSON.cpp)
  //===--------------------------------------------------------------------===//

  bool fail(const json &at, const Twine &message);

  /// The first error, located at its JSON path.
  llvm::Error takeError();

  /// Notes fields `obj` has beyond `known` (a list of names); each field name
  /// is reported once.
  template <typename Names = std::initializer_list<StringRef>>
  void checkFields(const json &obj, const Names &known, StringRef structName) {
    for (auto it = obj.cbegin(); it != obj.cend(); ++it) {
      const std::string &key = it.key();
      if (llvm::is_contained(known, StringRef(key)))
        continue;
      std::string id = (structName + "." + key).str();
      if (unknownFields.insert(id).second)
        unknownFieldSites.push_back({&obj, key, structName.str()});
    }
  }

  std::string schemaNote() const;

  void emitWarnings();

  bool expectObject(const json &v) { return v.is_object() || fail(v, "expected an object"); }
  bool expectArray(const json &v) { return v.is_array() || fail(v, "expected a list"); }

  /// A required field of an object.
  const json *field(const json &obj, StringRef key);

  /// An optional field: null when absent or JSON null.
  const json *optionalField(const json &obj, StringRef key);

  bool readString(const json &v, StringRef &out);

  bool readInt(const json &v, int64_t &out);

  bool readBool(const json &v, bool &out);

  /// A float: a number, or the strings torch writes for non-finite values.
  bool readFloat(const json &v, double &out);

  bool readStringField(const json &obj, StringRef key, StringRef &out);

  /// A union: an object with exactly one of `kinds` as its key. Returns the
  /// value and sets `kind`, or fails.
  const json *readUnion(const json &v, ArrayRef<StringLiteral> kinds, StringRef &kind);

  template <typename Fn> bool forEach(const json &list, Fn fn) {
    if (!expectArray(list))
      return false;
    for (const json &item : list)
      if (!fn(item))
        return false;
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Types, values, constants and weights (ImportValues.cpp)
  //===--------------------------------------------------------------------===//

  bool readDType(const json &v, ir::DType &out);

  bool readTensorMeta(const json &meta, ir::Type &out);
  bool checkStridesAndOffset(const json &meta);

  /// The type of the tensor value `name`, from the graph's tensor_values.
  bool tensorType(const GraphScope &scope, const json &at, StringRef name, ir::Type &out);

  bool define(GraphScope &scope, const json &at, StringRef name, ir::Value *value);

  ir::Value *lookup(GraphScope &scope, const json &at, StringRef name);

  /// The name a TensorArgument (or a TokenArgument, the same struct) holds.
  bool readTensorArgument(const json &ref, StringRef &name,
                          StringRef structName = "TensorArgument");

  /// The value a TensorArgument refers to.
  ir::Value *lookupTensor(GraphScope &scope, const json &ref);

  ir::Value *noneValue(GraphScope &scope);

  ir::Value *createConstant(const Scalar &s);

  Scalar intScalar(int64_t v);

  /// A ConstantValue, or a constant Argument of the same kinds.
  bool readScalar(const json &v, Scalar &out);

  /// The value of a scalar union member: `as_none`, `as_int`, `as_float`,
  /// `as_bool` or `as_string`.
  bool readScalarValue(StringRef kind, const json &value, Scalar &out);

  bool importWeight(const json &spec, StringRef kind, StringRef fqn, const ir::Type &type);

  //===--------------------------------------------------------------------===//
  // Symbolic shapes and range constraints (ImportSymbolic.cpp)
  //===--------------------------------------------------------------------===//

  bool readSymExprString(const json &symExpr, ir::SymExpr &out);

  /// A SymInt: a constant or a symbolic expression.
  bool readSymInt(const json &v, ir::SymExpr &out);

  bool symIntType(const GraphScope &scope, const json &at, StringRef name, ir::Type &out);

  /// A SymInt / SymFloat / SymBool placeholder given by name.
  bool symbolicPlaceholder(GraphScope &scope, StringRef kind, const json &v, StringRef &name,
                           ir::Type &type);

  /// Symbol ranges go into the SymContext before any expression is built, so
  /// that expressions simplify under them. A key that is a multiple of a
  /// symbol plus a constant (`2*s0 + 1`) bounds that symbol too.
  bool importRangeConstraints();

  /// For `c*s + d` in [lo, hi]: the symbol s and its implied range.
  static std::optional<std::pair<ir::SymExpr, ir::SymRange>> symbolBound(ir::SymExpr e,
                                                                         ir::SymRange range);

  //===--------------------------------------------------------------------===//
  // Nodes, their arguments and results (ImportNodes.cpp)
  //===--------------------------------------------------------------------===//

  void addOperand(OpParts &parts, StringRef arg, ir::Value *v);

  bool addAttribute(OpParts &parts, const json &at, StringRef arg, ir::Attribute value,
                    std::optional<size_t> variadicIndex);

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
                      std::optional<size_t> variadicIndex, OpParts &parts);

  /// A dict of str -> Argument: an attribute named after the argument lists
  /// the keys (sorted: the JSON reader keeps no order), and each value is
  /// imported as an argument named `ARG.KEY`, so that a tensor value is an
  /// operand whose arg_names entry is `ARG.KEY` and a constant an attribute
  /// of that name.
  bool importDict(GraphScope &scope, const json &dict, StringRef opName, StringRef argName,
                  std::optional<size_t> variadicIndex, OpParts &parts);

  /// A ComplexValue as a 0-d complex<f64> dense literal: the IR's exact
  /// form of a complex number.
  bool readComplex(const json &v, ir::Attribute &out);

  bool readDevice(const json &v, std::string &out);

  /// The class of a CustomObjArgument, which the IR cannot hold.
  bool readCustomObjClass(const json &v, StringRef &cls);

  void addResult(OpParts &parts, ir::Type type, StringRef name);

  bool importOutput(GraphScope &scope, const json &output, OpParts &parts);

  bool importNode(GraphScope &scope, const json &node);

  /// Node metadata as provenance: the keys and strings torch wrote.
  bool readProvenance(const json &node, const json &outputs, ir::ProvenanceRef &out);

  //===--------------------------------------------------------------------===//
  // Graphs and the subgraphs of higher-order ops (ImportGraphs.cpp)
  //===--------------------------------------------------------------------===//

  bool openScope(const json &graph, ir::Block &block, unsigned depth, GraphScope &scope);

  bool importNodes(GraphScope &scope, const json &graph);

  /// A subgraph argument of a higher-order op: its placeholders become the
  /// block's arguments, its outputs the operands of an `ir.return`.
  bool importSubgraph(const json &graph, ir::Block &block, unsigned depth);

  bool importSubgraphInput(GraphScope &scope, const json &input);

  /// The value of a graph output: a named value, or a constant made here.
  ir::Value *graphOutput(GraphScope &scope, const json &output);

  //===--------------------------------------------------------------------===//
  // The graph signature and module call graph (ImportSignature.cpp)
  //===--------------------------------------------------------------------===//

  /// Pairs graph inputs with the signature's input specs: user inputs become
  /// block arguments, parameters, buffers and tensor constants weight
  /// references, constant inputs and tokens constants.
  bool importSignatureInputs(GraphScope &scope, const json &graph, const json &signature);

  bool importSignatureInput(GraphScope &scope, const json &input, const json &spec);

  /// The graph's own input must be the value the signature names.
  bool checkGraphInputName(const json &input, StringRef name);

  bool importSignatureOutputs(GraphScope &scope, const json &graph, const json &signature);

  /// Each entry: [fqn] or [fqn, inputs, outputs, forward_arg_names, in_spec,
  /// out_spec], the inputs and outputs by value name ("" for constants).
  bool importModuleCallGraph(const json &graphModule);

  bool argumentNames(const json &arguments, std::vector<std::string> &out);

  //===--------------------------------------------------------------------===//
  // The program (ProgramImporter.cpp)
  //===--------------------------------------------------------------------===//

  bool importProgram();

  bool checkSchemaVersion();

  bool importProgramFacts(const json &graphModule);

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
  /// Nodes of the graphs imported so far, against ImportLimits::maxTotalNodes.
  uint64_t totalNodes = 0;

  std::vector<std::string> inputKinds, inputNames, inputTargets, nonPersistentBuffers;
  std::vector<std::string> outputKinds, outputNames, outputTargets, forwardArgNames;
  std::optional<ir::Attribute> rangeConstraints, moduleCallGraph;
};

} // namespace pt2onnx::pt2::importer

#endif // PT2ONNX_FRONTENDS_PT2_IMPORTER_H
