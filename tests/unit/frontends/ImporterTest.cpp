//===- ImporterTest.cpp - ExportedProgram JSON to IR ----------------------===//
//
// Small hand-written programs, one schema feature per test: every argument
// and output kind, every input and output spec kind, range constraints,
// higher-order ops with subgraphs, metadata, schema versions, and the exact
// message of each error. Every imported module must verify.
//
// Most tests start from a program with one user input `x: f32[2, 3]` and add
// the nodes they need; data/json/linear_relu.json is a complete program as
// torch 2.14 writes it.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/ProgramImporter.h"

#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;
using json = nlohmann::json;

namespace {

constexpr int kFloat = 7, kLong = 5, kBool = 12;

//===----------------------------------------------------------------------===//
// Weights and inspection helpers
//===----------------------------------------------------------------------===//

class InMemoryWeights final : public WeightProvider {
public:
  void add(StringRef fqn, ir::DType dtype, ArrayRef<int64_t> shape) {
    ir::WeightData w;
    w.dtype = dtype;
    w.shape.assign(shape.begin(), shape.end());
    std::vector<uint8_t> bytes(w.numBytes(), 0);
    tensors[fqn] = ir::WeightData::copyOf(dtype, shape, bytes);
  }
  Expected<ir::WeightData> getTensor(StringRef fqn) override {
    requested.push_back(fqn.str());
    auto it = tensors.find(fqn);
    if (it == tensors.end())
      return createStringError(inconvertibleErrorCode(), "no such tensor");
    return it->second;
  }
  StringMap<ir::WeightData> tensors;
  std::vector<std::string> requested;
};

std::string showFloat(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

/// A compact rendering of attributes for expectations.
std::string show(const ir::Attribute &a) {
  using Kind = ir::Attribute::Kind;
  auto list = [](auto items, auto fn) {
    std::string s = "[";
    for (size_t i = 0; i < items.size(); ++i)
      s += (i ? ", " : "") + fn(items[i]);
    return s + "]";
  };
  switch (a.getKind()) {
  case Kind::Unit:
    return "unit";
  case Kind::Bool:
    return a.getBool() ? "true" : "false";
  case Kind::Int:
    return std::to_string(a.getInt());
  case Kind::Float:
    return showFloat(a.getFloat());
  case Kind::String:
    return "\"" + a.getString().str() + "\"";
  case Kind::IntList:
    return list(a.getIntList(), [](int64_t v) { return std::to_string(v); });
  case Kind::FloatList:
    return list(a.getFloatList(), showFloat);
  case Kind::StringList:
    return list(a.getStringList(), [](const std::string &v) { return "\"" + v + "\""; });
  case Kind::DType:
    return "dtype " + ir::getTorchName(a.getDType()).str();
  case Kind::Type:
    return a.getType().str();
  case Kind::SymExpr:
    return a.getSym().str();
  case Kind::Dense:
    return "dense";
  case Kind::WeightRef:
    return "weight " + a.getString().str() + " : " + a.getType().str();
  case Kind::List:
    return list(a.getList(), [](const ir::Attribute &v) { return show(v); });
  }
  return "?";
}

std::string showAttr(const ir::Operation *op, StringRef name) {
  const ir::Attribute *a = op->getAttr(name);
  return a ? show(*a) : "<absent>";
}

/// Operands by name; a constant's by its value, e.g. `%x, none, 4`.
std::string showOperands(const ir::Operation *op) {
  std::string s;
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    const ir::Value *v = op->getOperand(i);
    std::string item = "%" + v->getName().str();
    if (v->getName().empty()) {
      const ir::Operation *def = v->getDefiningOp();
      item = def && def->isa(ir::builtin::kConstant) ? show(*def->getAttr("value")) : "?";
      if (item == "unit")
        item = "none";
    }
    s += (i ? ", " : "") + item;
  }
  return s;
}

std::string showResults(const ir::Operation *op) {
  std::string s;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    s += (i ? ", " : "") + ("%" + op->getResult(i)->getName() + ": ").str() +
         op->getResult(i)->getType().str();
  return s;
}

/// The op made for the node named `nodeName`, searching nested regions too.
ir::Operation *findNode(ir::Module &module, StringRef nodeName) {
  ir::Operation *found = nullptr;
  module.getOperation()->walk([&](ir::Operation *op) {
    if (!found && !op->isa(ir::builtin::kConstant) && op->getProvenance() &&
        op->getProvenance()->nodeName == nodeName)
      found = op;
  });
  return found;
}

ir::Operation *mainGraph(ir::Module &module) { return module.lookupGraph("main"); }

//===----------------------------------------------------------------------===//
// Program building
//===----------------------------------------------------------------------===//

json tensorMeta(int dtype, const json &sizes) {
  json dims = json::array();
  for (const json &s : sizes)
    dims.push_back(s.is_string() ? json{{"as_expr", {{"expr_str", s}, {"hint", nullptr}}}}
                                 : json{{"as_int", s}});
  return {{"dtype", dtype},
          {"sizes", dims},
          {"requires_grad", false},
          {"device", {{"type", "cpu"}, {"index", nullptr}}},
          {"strides", json::array()},
          {"storage_offset", {{"as_int", 0}}},
          {"layout", 7}};
}

json tensorArg(StringRef name) { return {{"as_tensor", {{"name", name}}}}; }
json symIntArg(StringRef name) { return {{"as_sym_int", {{"as_name", name}}}}; }

class ImporterTest : public ::testing::Test {
protected:
  ImporterTest() {
    program = json::parse(R"({
      "graph_module": {
        "graph": {
          "inputs": [{"as_tensor": {"name": "x"}}],
          "outputs": [],
          "nodes": [],
          "tensor_values": {},
          "sym_int_values": {},
          "sym_bool_values": {},
          "is_single_tensor_return": false,
          "custom_obj_values": {},
          "sym_float_values": {}
        },
        "signature": {
          "input_specs": [{"user_input": {"arg": {"as_tensor": {"name": "x"}}}}],
          "output_specs": []
        },
        "module_call_graph": [],
        "metadata": {}
      },
      "opset_version": {"aten": 10},
      "range_constraints": {},
      "schema_version": {"major": 8, "minor": 20},
      "verifiers": ["TRAINING"],
      "torch_version": "2.14.1"
    })");
    tensor("x", kFloat, {2, 3});
    options.sourceName = "model.json";
    options.warningHandler = [this](const Twine &w) { warnings.push_back(w.str()); };
  }

  json &graph() { return program["graph_module"]["graph"]; }
  json &signature() { return program["graph_module"]["signature"]; }

  void tensor(StringRef name, int dtype, const json &sizes) {
    graph()["tensor_values"][name.str()] = tensorMeta(dtype, sizes);
  }
  void symInt(StringRef name, StringRef expr) {
    graph()["sym_int_values"][name.str()] = {{"as_expr", {{"expr_str", expr}, {"hint", nullptr}}}};
  }

  /// Adds a node; `inputs` holds [name, argument] pairs.
  json &node(StringRef target, std::vector<std::pair<std::string, json>> inputs, json outputs,
             StringRef name, json metadata = json::object()) {
    json in = json::array();
    for (auto &[argName, arg] : inputs)
      in.push_back({{"name", argName}, {"arg", arg}, {"kind", 1}});
    graph()["nodes"].push_back({{"target", target},
                                {"inputs", in},
                                {"outputs", outputs},
                                {"metadata", metadata},
                                {"is_hop_single_tensor_return", nullptr},
                                {"name", name}});
    return graph()["nodes"].back();
  }
  /// A node with one tensor output named like the node.
  json &tensorNode(StringRef target, std::vector<std::pair<std::string, json>> inputs,
                   StringRef name, int dtype = kFloat, json sizes = {2, 3}) {
    tensor(name, dtype, sizes);
    return node(target, std::move(inputs), json::array({tensorArg(name)}), name);
  }

  void userOutput(const json &arg) {
    graph()["outputs"].push_back(arg);
    signature()["output_specs"].push_back({{"user_output", {{"arg", arg}}}});
  }

  Expected<std::unique_ptr<ir::Module>> run(const std::string &text) {
    return importProgramJSON(text, weights, options);
  }

  std::unique_ptr<ir::Module> importOk(const std::string &text) {
    Expected<std::unique_ptr<ir::Module>> module = run(text);
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
  std::unique_ptr<ir::Module> importOk() { return importOk(program.dump()); }

  std::string importError(const std::string &text) {
    Expected<std::unique_ptr<ir::Module>> module = run(text);
    if (module)
      return "<imported>";
    return toString(module.takeError());
  }
  std::string importError() { return importError(program.dump()); }

  json program;
  InMemoryWeights weights;
  ProgramImportOptions options;
  std::vector<std::string> warnings;
};

//===----------------------------------------------------------------------===//
// A complete program
//===----------------------------------------------------------------------===//

std::string readFixture(StringRef name) {
  std::string path = (Twine(PT2ONNX_TEST_DATA_DIR) + "/frontends/data/json/" + name).str();
  auto buffer = MemoryBuffer::getFile(path);
  if (!buffer) {
    ADD_FAILURE() << "cannot read " << path;
    return {};
  }
  return (*buffer)->getBuffer().str();
}

TEST_F(ImporterTest, LinearReluProgram) {
  weights.add("fc.weight", ir::DType::Float32, {2, 4});
  weights.add("steps", ir::DType::Int64, {});
  weights.add("offset", ir::DType::Float32, {2});
  std::unique_ptr<ir::Module> module = importOk(readFixture("linear_relu.json"));
  ASSERT_TRUE(module);
  EXPECT_TRUE(warnings.empty());
  ir::Operation *graph = mainGraph(*module);
  ir::Block &body = ir::Module::getGraphBody(graph);

  // Only the user input is an argument; it has the dynamic dim s0.
  ASSERT_EQ(body.getNumArguments(), 1u);
  EXPECT_EQ(body.getArgument(0)->getName(), "x");
  EXPECT_EQ(body.getArgument(0)->getType().str(), "tensor<?x4xf32, \"s0\">");
  ir::SymExpr s0 = *module->getSymContext().lookupSymbol("s0");
  EXPECT_EQ(module->getSymContext().getSymbolRange(s0), (ir::SymRange{2, 1024}));

  // Parameters, buffers and constants are weight references named like their
  // placeholders, with the bytes in the module.
  std::vector<std::string> constants;
  for (ir::Operation &op : body)
    if (op.isa(ir::builtin::kConstant))
      constants.push_back(op.getResult(0)->getName().str() + " = " + showAttr(&op, "value"));
  EXPECT_EQ(constants, (std::vector<std::string>{
                           " = unit", // the None bias
                           "p_fc_weight = weight fc.weight : tensor<2x4xf32>",
                           "b_steps = weight steps : tensor<i64>",
                           "c_offset = weight offset : tensor<2xf32>",
                       }));
  EXPECT_EQ(module->getWeights().size(), 3u);
  EXPECT_EQ(weights.requested, (std::vector<std::string>{"fc.weight", "steps", "offset"}));

  ir::Operation *linear = findNode(*module, "linear");
  ASSERT_TRUE(linear);
  EXPECT_EQ(linear->getName().getStringRef(), "aten.linear.default");
  EXPECT_EQ(showOperands(linear), "%x, %p_fc_weight, none");
  EXPECT_EQ(showAttr(linear, "arg_names"), R"(["input", "weight", "bias"])");
  EXPECT_EQ(showResults(linear), "%linear: tensor<?x2xf32, \"s0\">");
  EXPECT_EQ(linear->getProvenance()->lookup("torch_fn"),
            "linear_1;builtin_function_or_method.linear");
  EXPECT_EQ(linear->getProvenance()->lookup("nn_module_stack"),
            "L__self__,,__main__.MLP;L__self___fc,fc,torch.nn.modules.linear.Linear");
  EXPECT_EQ(linear->getProvenance()->lookup("source_fn_stack"),
            "fc,torch.nn.modules.linear.Linear");
  EXPECT_EQ(linear->getProvenance()->getSourceLocation(), "/src/mlp.py:9");
  EXPECT_EQ(findNode(*module, "add_1")->getProvenance()->lookup("custom"), "{\"tag\": \"bias\"}");

  ir::Operation *add = findNode(*module, "add");
  EXPECT_EQ(showOperands(add), "%b_steps");
  EXPECT_EQ(showAttr(add, "other"), "1");
  EXPECT_EQ(showAttr(add, "alpha"), "1");

  ir::Operation *ret = body.getTerminator();
  EXPECT_EQ(showOperands(ret), "%add, %relu");

  EXPECT_EQ(showAttr(graph, "torch.schema_version"), "\"8.20\"");
  EXPECT_EQ(showAttr(graph, "torch.torch_version"), "\"2.14.1\"");
  EXPECT_EQ(showAttr(graph, "torch.verifiers"), R"(["TRAINING"])");
  EXPECT_EQ(showAttr(graph, "torch.input_kinds"),
            R"(["parameter", "buffer", "tensor_constant", "user_input"])");
  EXPECT_EQ(showAttr(graph, "torch.input_names"), R"(["p_fc_weight", "b_steps", "c_offset", "x"])");
  EXPECT_EQ(showAttr(graph, "torch.input_targets"), R"(["fc.weight", "steps", "offset", ""])");
  EXPECT_EQ(showAttr(graph, "torch.nonpersistent_buffers"), "<absent>");
  EXPECT_EQ(showAttr(graph, "torch.output_kinds"), R"(["buffer_mutation", "user_output"])");
  EXPECT_EQ(showAttr(graph, "torch.output_names"), R"(["add", "relu"])");
  EXPECT_EQ(showAttr(graph, "torch.output_targets"), R"(["steps", ""])");
  EXPECT_EQ(showAttr(graph, "torch.range_constraints"), R"([["s0", 2, 1024]])");
  EXPECT_EQ(showAttr(graph, "torch.forward_arg_names"), R"(["x"])");
  EXPECT_EQ(
      showAttr(graph, "torch.module_call_graph"),
      R"([["", ["x"], ["relu"], ["x"], "[1, {"type": "builtins.tuple", "context": "null", )"
      R"("children_spec": []}]", "[1, {"type": null, "context": null, "children_spec": []}]"], )"
      R"(["fc"]])");
}

//===----------------------------------------------------------------------===//
// Node arguments
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, ScalarArgumentsBecomeAttributes) {
  tensorNode("torch.ops.test.scalars.default",
             {{"self", tensorArg("x")},
              {"i", {{"as_int", -3}}},
              {"ints", {{"as_ints", {1, 2}}}},
              {"f", {{"as_float", 0.5}}},
              {"inf", {{"as_float", "-Infinity"}}},
              {"floats", {{"as_floats", {1.5, 2}}}},
              {"b", {{"as_bool", true}}},
              {"bools", {{"as_bools", {true, false}}}},
              {"s", {{"as_string", "mean"}}},
              {"strs", {{"as_strings", {"a", "b"}}}},
              {"dtype", {{"as_scalar_type", 13}}},
              {"memory_format", {{"as_memory_format", 2}}},
              {"layout", {{"as_layout", 7}}},
              {"device", {{"as_device", {{"type", "cpu"}, {"index", nullptr}}}}},
              {"gpu", {{"as_device", {{"type", "cuda"}, {"index", 1}}}}},
              {"scale", {{"as_none", true}}},
              {"grid", {{"as_int_lists", {{1, 2}, {3}}}}},
              {"weights", {{"as_float_lists", {{0.25}}}}},
              {"op", {{"as_operator", "torch.ops.aten.add.Tensor"}}},
              {"n", {{"as_sym_int", {{"as_int", 4}}}}},
              {"x2", {{"as_sym_float", {{"as_float", 2.5}}}}},
              {"flag", {{"as_sym_bool", {{"as_bool", false}}}}},
              {"sizes", {{"as_sym_ints", {{{"as_int", 2}}, {{"as_int", 3}}}}}}},
             "y");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::Operation *op = findNode(*module, "y");
  EXPECT_EQ(op->getName().getStringRef(), "test.scalars.default");
  EXPECT_EQ(showOperands(op), "%x");
  EXPECT_EQ(showAttr(op, "arg_names"), R"(["self"])");
  std::vector<std::pair<const char *, const char *>> expected = {
      {"i", "-3"},
      {"ints", "[1, 2]"},
      {"f", "0.5"},
      {"inf", "-inf"},
      {"floats", "[1.5, 2]"},
      {"b", "true"},
      {"bools", "[true, false]"},
      {"s", "\"mean\""},
      {"strs", R"(["a", "b"])"},
      {"dtype", "dtype bfloat16"},
      {"memory_format", "\"torch.channels_last\""},
      {"layout", "\"torch.strided\""},
      {"device", "\"cpu\""},
      {"gpu", "\"cuda:1\""},
      {"scale", "unit"},
      {"grid", "[[1, 2], [3]]"},
      {"weights", "[[0.25]]"},
      {"op", "\"aten.add.Tensor\""},
      {"n", "4"},
      {"x2", "2.5"},
      {"flag", "false"},
      {"sizes", "[2, 3]"},
  };
  for (auto [name, value] : expected)
    EXPECT_EQ(showAttr(op, name), value) << name;
}

TEST_F(ImporterTest, TensorArgumentsBecomeOperands) {
  tensorNode(
      "torch.ops.aten.cat.default",
      {{"tensors", {{"as_tensors", {{{"name", "x"}}, {{"name", "x"}}}}}}, {"dim", {{"as_int", 0}}}},
      "cat", kFloat, {4, 3});
  tensorNode("torch.ops.aten.index.Tensor",
             {{"self", tensorArg("cat")},
              {"indices",
               {{"as_optional_tensors", {{{"as_none", true}}, {{"as_tensor", {{"name", "x"}}}}}}}}},
             "index");
  tensorNode("torch.ops.test.opt.default",
             {{"a", {{"as_optional_tensor", {{"as_tensor", {{"name", "x"}}}}}}},
              {"b", {{"as_optional_tensor", {{"as_none", true}}}}}},
             "opt");
  // layer_norm's weight is a Tensor?: its None is an operand; eps is a float.
  tensorNode("torch.ops.aten.layer_norm.default",
             {{"input", tensorArg("x")},
              {"normalized_shape", {{"as_ints", {3}}}},
              {"weight", {{"as_none", true}}},
              {"bias", tensorArg("x")},
              {"eps", {{"as_float", 1e-5}}}},
             "layer_norm");
  // An empty tensor list contributes no operand.
  tensorNode("torch.ops.test.empty.default",
             {{"self", tensorArg("x")}, {"others", {{"as_tensors", json::array()}}}}, "empty");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  ir::Operation *cat = findNode(*module, "cat");
  EXPECT_EQ(showOperands(cat), "%x, %x");
  EXPECT_EQ(showAttr(cat, "arg_names"), R"(["tensors", "tensors"])");
  ir::Operation *index = findNode(*module, "index");
  EXPECT_EQ(showOperands(index), "%cat, none, %x");
  EXPECT_EQ(showAttr(index, "arg_names"), R"(["self", "indices", "indices"])");
  ir::Operation *opt = findNode(*module, "opt");
  EXPECT_EQ(showOperands(opt), "%x, none");
  EXPECT_EQ(showAttr(opt, "arg_names"), R"(["a", "b"])");
  ir::Operation *layerNorm = findNode(*module, "layer_norm");
  EXPECT_EQ(showOperands(layerNorm), "%x, none, %x");
  EXPECT_EQ(showAttr(layerNorm, "arg_names"), R"(["input", "weight", "bias"])");
  EXPECT_EQ(showAttr(layerNorm, "normalized_shape"), "[3]");
  EXPECT_EQ(showAttr(findNode(*module, "empty"), "arg_names"), R"(["self"])");

  // One None constant serves the whole graph, at its start.
  ir::Block &body = ir::Module::getGraphBody(mainGraph(*module));
  EXPECT_TRUE(body.front()->isa(ir::builtin::kConstant));
  EXPECT_TRUE(body.front()->getResult(0)->getType().isNone());
  EXPECT_EQ(body.front()->getResult(0)->getNumUses(), 3u);
}

TEST_F(ImporterTest, KeywordAndPositionalArgumentsImportAlike) {
  tensorNode("torch.ops.aten.add.Tensor",
             {{"self", tensorArg("x")}, {"other", tensorArg("x")}, {"alpha", {{"as_int", 2}}}},
             "a");
  tensorNode("torch.ops.aten.add.Tensor",
             {{"self", tensorArg("x")}, {"other", tensorArg("x")}, {"alpha", {{"as_int", 2}}}},
             "b");
  graph()["nodes"][1]["inputs"][2]["kind"] = 2;
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::Operation *a = findNode(*module, "a"), *b = findNode(*module, "b");
  EXPECT_EQ(showOperands(a), showOperands(b));
  EXPECT_EQ(showAttr(a, "arg_names"), showAttr(b, "arg_names"));
  EXPECT_EQ(showAttr(a, "alpha"), showAttr(b, "alpha"));
  EXPECT_EQ(a->getAttrs().size(), b->getAttrs().size());
}

TEST_F(ImporterTest, ProgramTextSkipsCommentLinesAndHasNoWeights) {
  userOutput(tensorArg("x"));
  std::string text = "// RUN: a comment, with \"quotes\" and { braces\n" + program.dump(2);
  Expected<std::unique_ptr<ir::Module>> module = importProgramText(text, options);
  ASSERT_TRUE(bool(module)) << toString(module.takeError());
  EXPECT_TRUE(mainGraph(**module));

  graph()["inputs"].push_back({{"as_tensor", {{"name", "p_w"}}}});
  tensor("p_w", kFloat, {3});
  signature()["input_specs"].push_back(
      {{"parameter", {{"arg", {{"name", "p_w"}}}, {"parameter_name", "w"}}}});
  EXPECT_NE(toString(importProgramText(program.dump(), options).takeError())
                .find("parameter 'w': a program without its archive has no weights"),
            std::string::npos);
}

TEST_F(ImporterTest, OmittedArgumentsAreTheirSchemaDefaults) {
  // add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1): written and not.
  tensorNode("torch.ops.aten.add.Tensor", {{"self", tensorArg("x")}, {"other", tensorArg("x")}},
             "omitted");
  tensorNode("torch.ops.aten.add.Tensor",
             {{"self", tensorArg("x")}, {"other", tensorArg("x")}, {"alpha", {{"as_int", 1}}}},
             "written");
  // mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None).
  tensorNode("torch.ops.aten.mean.dim", {{"self", tensorArg("x")}, {"dim", {{"as_ints", {1}}}}},
             "mean", kFloat, {2});
  // layer_norm's `Tensor? weight=None` and `Tensor? bias=None` stay absent
  // operands; its float eps and bool cudnn_enable are filled.
  tensorNode("torch.ops.aten.layer_norm.default",
             {{"input", tensorArg("x")}, {"normalized_shape", {{"as_ints", {3}}}}}, "layer_norm");
  // A given argument keeps its value; a symbolic one stays an operand.
  tensor("x", kFloat, {"Symbol('s0', positive=True, integer=True)", 3});
  symInt("s", "Symbol('s0', positive=True, integer=True)");
  node("torch.ops.aten.sym_size.int", {{"self", tensorArg("x")}, {"dim", {{"as_int", 0}}}},
       json::array({symIntArg("s")}), "s");
  tensorNode("torch.ops.aten.slice.Tensor",
             {{"self", tensorArg("x")}, {"dim", {{"as_int", 1}}}, {"end", symIntArg("s")}},
             "slice");
  // An op outside the op table keeps exactly what its node gives.
  tensorNode("torch.ops.test.custom.default", {{"self", tensorArg("x")}}, "custom");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  ir::Operation *omitted = findNode(*module, "omitted"), *written = findNode(*module, "written");
  EXPECT_EQ(showAttr(omitted, "alpha"), "1");
  EXPECT_EQ(showAttr(written, "alpha"), "1");
  EXPECT_EQ(omitted->getAttrs().size(), written->getAttrs().size());
  ir::Operation *mean = findNode(*module, "mean");
  EXPECT_EQ(showAttr(mean, "dim"), "[1]");
  EXPECT_EQ(showAttr(mean, "keepdim"), "false");
  EXPECT_EQ(showAttr(mean, "dtype"), "unit");
  ir::Operation *layerNorm = findNode(*module, "layer_norm");
  EXPECT_EQ(showOperands(layerNorm), "%x");
  EXPECT_EQ(showAttr(layerNorm, "arg_names"), R"(["input"])");
  EXPECT_EQ(showAttr(layerNorm, "weight"), "<absent>");
  EXPECT_EQ(showAttr(layerNorm, "eps"), "1e-05");
  EXPECT_EQ(showAttr(layerNorm, "cudnn_enable"), "true");
  ir::Operation *slice = findNode(*module, "slice");
  EXPECT_EQ(showAttr(slice, "arg_names"), R"(["self", "end"])");
  EXPECT_EQ(showAttr(slice, "dim"), "1");
  EXPECT_EQ(showAttr(slice, "start"), "unit");
  EXPECT_EQ(showAttr(slice, "end"), "<absent>");
  EXPECT_EQ(showAttr(slice, "step"), "1");
  ir::Operation *custom = findNode(*module, "custom");
  EXPECT_EQ(custom->getAttrs().size(), 1u);
}

TEST_F(ImporterTest, SymbolicArguments) {
  tensor("x", kFloat, {"Symbol('s0', positive=True, integer=True)", 3});
  symInt("n", "Symbol('s0', positive=True, integer=True)");
  symInt("m", "Mul(Integer(3), Symbol('s0', positive=True, integer=True))");
  graph()["sym_bool_values"]["p"] = {
      {"as_expr", {{"expr_str", "GreaterThan(Symbol('s0'), Integer(2))"}}}};
  graph()["sym_float_values"]["f"] = {{"as_expr", {{"expr_str", "ToFloat(Symbol('s0'))"}}}};
  node("torch.ops.aten.sym_size.int", {{"self", tensorArg("x")}, {"dim", {{"as_int", 0}}}},
       json::array({symIntArg("n")}), "n");
  node("_operator.mul", {{"a", symIntArg("n")}, {"b", {{"as_int", 3}}}},
       json::array({symIntArg("m")}), "m");
  node("_operator.gt", {{"a", symIntArg("n")}, {"b", {{"as_int", 2}}}},
       json::array({{{"as_sym_bool", {{"as_name", "p"}}}}}), "p");
  node("torch.sym_float", {{"a", symIntArg("n")}},
       json::array({{{"as_sym_float", {{"as_name", "f"}}}}}), "f");
  tensorNode("torch.ops.aten.view.default",
             {{"self", tensorArg("x")},
              {"size", {{"as_sym_ints", {{{"as_int", 2}}, {{"as_name", "m"}}}}}}},
             "view", kFloat, {2, "Mul(Integer(3), Symbol('s0', positive=True, integer=True))"});
  tensorNode("torch.ops.test.scalars.default",
             {{"self", tensorArg("x")},
              {"s", {{"as_sym_float", {{"as_name", "f"}}}}},
              {"b", {{"as_sym_bool", {{"as_name", "p"}}}}},
              {"fs", {{"as_sym_floats", {{{"as_name", "f"}}, {{"as_float", 0.5}}}}}},
              {"bs", {{"as_sym_bools", {{{"as_bool", true}}, {{"as_name", "p"}}}}}},
              {"cfs", {{"as_sym_floats", {{{"as_float", 0.5}}}}}},
              {"cbs", {{"as_sym_bools", {{{"as_bool", true}}}}}}},
             "scalars");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  EXPECT_EQ(showResults(findNode(*module, "n")), "%n: !torch.symint<\"s0\">");
  ir::Operation *mul = findNode(*module, "m");
  EXPECT_EQ(mul->getName().getStringRef(), "operator.mul");
  EXPECT_EQ(showOperands(mul), "%n");
  EXPECT_EQ(showAttr(mul, "b"), "3");
  EXPECT_EQ(showResults(mul), "%m: !torch.symint<\"3*s0\">");
  EXPECT_EQ(showResults(findNode(*module, "p")), "%p: !torch.symbool");
  EXPECT_EQ(findNode(*module, "f")->getName().getStringRef(), "torch.sym_float");
  EXPECT_EQ(showResults(findNode(*module, "f")), "%f: !torch.symfloat");

  // A SymInt list with a symbolic element is all operands; its constants are
  // !torch.symint constants made with the node's provenance.
  ir::Operation *view = findNode(*module, "view");
  EXPECT_EQ(showOperands(view), "%x, 2, %m");
  EXPECT_EQ(showAttr(view, "arg_names"), R"(["self", "size", "size"])");
  const ir::Operation *two = view->getOperand(1)->getDefiningOp();
  EXPECT_EQ(two->getResult(0)->getType().str(), "!torch.symint<\"2\">");
  EXPECT_EQ(two->getProvenance(), view->getProvenance());
  EXPECT_EQ(showResults(view), "%view: tensor<2x?xf32, \"3*s0\">");

  ir::Operation *scalars = findNode(*module, "scalars");
  EXPECT_EQ(showOperands(scalars), "%x, %f, %p, %f, 0.5, true, %p");
  EXPECT_EQ(showAttr(scalars, "arg_names"), R"(["self", "s", "b", "fs", "fs", "bs", "bs"])");
  EXPECT_EQ(showAttr(scalars, "cfs"), "[0.5]");
  EXPECT_EQ(showAttr(scalars, "cbs"), "[true]");
}

TEST_F(ImporterTest, ComplexArgumentsAreComplexDenseLiterals) {
  // As torch 2.14 writes `torch.full((2,), 1+2j)` and `x * 2j`.
  tensorNode("torch.ops.aten.full.default",
             {{"size", {{"as_ints", {2}}}},
              {"fill_value", {{"as_complex", {{"real", 1.0}, {"imag", 2.0}}}}}},
             "full", /*dtype=*/10, {2});
  tensorNode("torch.ops.aten.mul.Tensor",
             {{"self", tensorArg("full")},
              {"other", {{"as_complex", {{"real", 0}, {"imag", "-Infinity"}}}}}},
             "mul", /*dtype=*/10, {2});
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  auto complexValue = [](const ir::Attribute *a) -> std::pair<double, double> {
    if (!a || a->getKind() != ir::Attribute::Kind::Dense) {
      ADD_FAILURE() << "not a dense literal";
      return {};
    }
    const ir::DenseElements &d = a->getDense();
    EXPECT_EQ(d.getType().str(), "tensor<complex<f64>>");
    EXPECT_EQ(d.bytes.size(), 16u);
    double v[2] = {};
    std::memcpy(v, d.bytes.data(), std::min<size_t>(d.bytes.size(), sizeof v));
    return {v[0], v[1]};
  };
  ir::Operation *full = findNode(*module, "full");
  EXPECT_EQ(complexValue(full->getAttr("fill_value")), std::make_pair(1.0, 2.0));
  EXPECT_EQ(showAttr(full, "size"), "[2]");
  ir::Operation *mul = findNode(*module, "mul");
  EXPECT_EQ(showOperands(mul), "%full");
  EXPECT_EQ(complexValue(mul->getAttr("other")),
            std::make_pair(0.0, -std::numeric_limits<double>::infinity()));

  // The textual IR spells the value exactly, as MLIR does, and reads it back.
  std::string text;
  raw_string_ostream os(text);
  ir::printModule(*module, os);
  EXPECT_NE(text.find(R"(fill_value = dense<"0x000000000000F03F0000000000000040"> : )"
                      R"(tensor<complex<f64>>)"),
            std::string::npos)
      << text;
  Expected<std::unique_ptr<ir::Module>> reparsed = ir::parseModule(text, "printed");
  ASSERT_TRUE(bool(reparsed)) << toString(reparsed.takeError());
  EXPECT_EQ(*findNode(**reparsed, "full")->getAttr("fill_value"), *full->getAttr("fill_value"));
}

TEST_F(ImporterTest, NestedTensorListsAreOperandsWithTheirLengths) {
  tensor("y", kFloat, {2, 3});
  tensorNode("torch.ops.aten.add.Tensor", {{"self", tensorArg("x")}, {"other", tensorArg("x")}},
             "y");
  tensorNode("torch.ops.test.groups.default",
             {{"groups",
               {{"as_nested_tensors",
                 {{{{"name", "x"}}, {{"name", "y"}}}, json::array(), {{{"name", "y"}}}}}}},
              {"none", {{"as_nested_tensors", json::array()}}}},
             "groups");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::Operation *groups = findNode(*module, "groups");
  EXPECT_EQ(showOperands(groups), "%x, %y, %y");
  EXPECT_EQ(showAttr(groups, "arg_names"), R"(["groups", "groups", "groups"])");
  EXPECT_EQ(showAttr(groups, "groups"), "[2, 0, 1]");
  // An empty list is kept, as a list of no lengths.
  EXPECT_EQ(showAttr(groups, "none"), "[]");
}

TEST_F(ImporterTest, StringToArgumentDictsAreFlattenedUnderTheirKeys) {
  json options = {{"as_string_to_argument",
                   {{"mode", {{"as_string", "fast"}}}, {"scale", {{"as_none", true}}}}}};
  tensorNode("torch.ops.test.kwargs.default",
             {{"self", tensorArg("x")},
              {"kwargs",
               {{"as_string_to_argument",
                 {{"out", tensorArg("x")},
                  {"BLOCK_M", {{"as_int", 64}}},
                  {"options", options},
                  {"pair", {{"as_tensors", {{{"name", "x"}}, {{"name", "x"}}}}}},
                  {"odd key", {{"as_bool", true}}}}}}},
              {"empty", {{"as_string_to_argument", json::object()}}}},
             "kwargs");
  // In a variadic tail each dict gets its own name.
  tensor("token_out", kFloat, {0});
  tensor("effect", kFloat, {2, 3});
  node("torch.ops.higher_order.with_effects",
       {{"", tensorArg("x")},
        {"", {{"as_operator", "torch.ops.test.log.default"}}},
        {"", {{"as_string_to_argument", {{"a", {{"as_int", 1}}}}}}},
        {"", {{"as_string_to_argument", {{"a", {{"as_int", 2}}}}}}}},
       json::array({tensorArg("token_out"), tensorArg("effect")}), "with_effects");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  ir::Operation *op = findNode(*module, "kwargs");
  EXPECT_EQ(showOperands(op), "%x, %x, %x, %x");
  EXPECT_EQ(showAttr(op, "arg_names"), R"(["self", "kwargs.out", "kwargs.pair", "kwargs.pair"])");
  std::vector<std::string> attributes;
  for (const ir::NamedAttribute &a : op->getAttrs())
    if (a.name != "arg_names")
      attributes.push_back(a.name + " = " + show(a.value));
  EXPECT_EQ(attributes, (std::vector<std::string>{
                            "empty = []",
                            R"(kwargs = ["BLOCK_M", "odd key", "options", "out", "pair"])",
                            "kwargs.BLOCK_M = 64",
                            "kwargs.odd key = true",
                            R"(kwargs.options = ["mode", "scale"])",
                            R"(kwargs.options.mode = "fast")",
                            "kwargs.options.scale = unit",
                        }));

  ir::Operation *effects = findNode(*module, "with_effects");
  EXPECT_EQ(showAttr(effects, "args"), R"(["a"])");
  EXPECT_EQ(showAttr(effects, "args.a"), "1");
  EXPECT_EQ(showAttr(effects, "args_1"), R"(["a"])");
  EXPECT_EQ(showAttr(effects, "args_1.a"), "2");
}

TEST_F(ImporterTest, MalformedComplexNestedAndDictArguments) {
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("x")}}, "neg");
  json &inputs = graph()["nodes"][0]["inputs"];
  auto expectError = [&](json arg, const std::string &message) {
    json saved = inputs;
    inputs.push_back({{"name", "k"}, {"arg", std::move(arg)}});
    EXPECT_EQ(importError(), message);
    inputs = saved;
  };
  const std::string at = "model.json: graph_module.graph.nodes[0].inputs[1].arg.";
  expectError({{"as_complex", 1.5}}, at + "as_complex: expected an object");
  expectError({{"as_complex", {{"real", "one"}, {"imag", 0}}}},
              at + "as_complex.real: expected a number");
  expectError({{"as_complex", {{"real", 1}}}}, at + "as_complex: missing field 'imag'");
  expectError({{"as_nested_tensors", {{"name", "x"}}}}, at + "as_nested_tensors: expected a list");
  expectError({{"as_nested_tensors", {{{"name", "x"}}}}},
              at + "as_nested_tensors[0]: expected a list");
  expectError({{"as_nested_tensors", {json::array(), {{{"name", "x"}}, {{"name", "y"}}}}}},
              at + "as_nested_tensors[1][1]: unknown value 'y'");
  expectError({{"as_nested_tensors", {{{{"id", "x"}}}}}},
              at + "as_nested_tensors[0][0]: missing field 'name'");
  expectError({{"as_string_to_argument", json::array()}},
              at + "as_string_to_argument: expected an object");
  expectError({{"as_string_to_argument", {{"n", {{"as_int", "3"}}}}}},
              at + "as_string_to_argument.n.as_int: expected an integer");
  expectError({{"as_string_to_argument", {{"odd key", {{"as_tensor", {{"name", "y"}}}}}}}},
              at + R"(as_string_to_argument["odd key"].as_tensor: unknown value 'y')");
  expectError({{"as_string_to_argument", {{"n", {{"as_quaternion", 1}}}}}},
              at + "as_string_to_argument.n: unknown kind 'as_quaternion'; expected one of "
                   "as_none, as_tensor, as_tensors, as_int, as_ints, as_float, as_floats, "
                   "as_string, as_strings, as_sym_int, as_sym_ints, as_scalar_type, "
                   "as_memory_format, as_layout, as_device, as_bool, as_bools, as_sym_bool, "
                   "as_sym_bools, as_graph, as_optional_tensors, as_custom_obj, as_operator, "
                   "as_sym_float, as_sym_floats, as_optional_tensor, as_complex, "
                   "as_nested_tensors, as_int_lists, as_string_to_argument, as_float_lists");
  json deep = {{"as_int", 1}};
  for (int i = 0; i < 70; ++i)
    deep = {{"as_string_to_argument", {{"d", deep}}}};
  std::string error = [&] {
    json saved = inputs;
    inputs.push_back({{"name", "k"}, {"arg", deep}});
    std::string e = importError();
    inputs = saved;
    return e;
  }();
  EXPECT_NE(error.find(": dicts nested deeper than 64 levels"), std::string::npos) << error;
  // A key may not name the same attribute as another argument.
  json saved = inputs;
  inputs.push_back({{"name", "k.n"}, {"arg", {{"as_int", 1}}}});
  inputs.push_back({{"name", "k"}, {"arg", {{"as_string_to_argument", {{"n", {{"as_int", 2}}}}}}}});
  EXPECT_EQ(importError(), "model.json: graph_module.graph.nodes[0].inputs[2].arg."
                           "as_string_to_argument.n: argument 'k.n' is given twice");
  inputs = saved;
}

//===----------------------------------------------------------------------===//
// Node outputs
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, MultipleOutputs) {
  tensor("max", kFloat, {2});
  tensor("argmax", kLong, {2});
  node("torch.ops.aten.max.dim", {{"self", tensorArg("x")}, {"dim", {{"as_int", 1}}}},
       json::array({tensorArg("max"), tensorArg("argmax")}), "max");
  tensor("split", kFloat, {1, 3});
  tensor("split_1", kFloat, {1, 3});
  node("torch.ops.aten.split.Tensor", {{"self", tensorArg("x")}, {"split_size", {{"as_int", 1}}}},
       json::array({{{"as_tensors", {{{"name", "split"}}, {{"name", "split_1"}}}}}}), "split");
  tensor("first", kFloat, {2, 3});
  tensor("rest_0", kFloat, {2, 3});
  tensor("rest_1", kFloat, {2, 3});
  node("torch.ops.test.mixed.default", {{"self", tensorArg("x")}},
       json::array({tensorArg("first"),
                    json{{"as_none", true}},
                    {{"as_tensors", {{{"name", "rest_0"}}, {{"name", "rest_1"}}}}}}),
       "mixed");
  node("torch.ops.aten._assert_async.msg",
       {{"self", tensorArg("x")}, {"assert_msg", {{"as_string", "ok"}}}}, json::array(), "assert");
  userOutput(tensorArg("argmax"));
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  EXPECT_EQ(showResults(findNode(*module, "max")), "%max: tensor<2xf32>, %argmax: tensor<2xi64>");
  EXPECT_EQ(showAttr(findNode(*module, "max"), "result_segments"), "<absent>");
  EXPECT_EQ(showResults(findNode(*module, "split")),
            "%split: tensor<1x3xf32>, %split_1: tensor<1x3xf32>");
  EXPECT_EQ(showAttr(findNode(*module, "split"), "result_segments"), "<absent>");
  ir::Operation *mixed = findNode(*module, "mixed");
  EXPECT_EQ(showResults(mixed), "%first: tensor<2x3xf32>, %: none, %rest_0: tensor<2x3xf32>, "
                                "%rest_1: tensor<2x3xf32>");
  EXPECT_EQ(showAttr(mixed, "result_segments"), "[1, 1, 2]");
  EXPECT_EQ(findNode(*module, "assert")->getNumResults(), 0u);
}

//===----------------------------------------------------------------------===//
// The signature
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, EveryInputKind) {
  graph()["inputs"] =
      json::array({tensorArg("p_w"), tensorArg("b_mean"), tensorArg("b_tmp"), tensorArg("c_k"),
                   tensorArg("token"), json{{"as_int", 3}}, json{{"as_none", true}},
                   json{{"as_string", "bilinear"}}, json{{"as_float", 0.5}},
                   json{{"as_bool", true}}, tensorArg("x"), symIntArg("n"),
                   json{{"as_sym_float", {{"as_name", "f"}}}},
                   json{{"as_sym_bool", {{"as_name", "b"}}}}});
  signature()["input_specs"] = json::parse(R"([
    {"parameter": {"arg": {"name": "p_w"}, "parameter_name": "w"}},
    {"buffer": {"arg": {"name": "b_mean"}, "buffer_name": "mean", "persistent": true}},
    {"buffer": {"arg": {"name": "b_tmp"}, "buffer_name": "tmp", "persistent": false}},
    {"tensor_constant": {"arg": {"name": "c_k"}, "tensor_constant_name": "lifted_tensor_0"}},
    {"token": {"arg": {"name": "token"}}},
    {"constant_input": {"name": "steps", "value": {"as_int": 3}}},
    {"constant_input": {"name": "mask", "value": {"as_none": true}}},
    {"constant_input": {"name": "mode", "value": {"as_string": "bilinear"}}},
    {"constant_input": {"name": "p", "value": {"as_float": 0.5}}},
    {"constant_input": {"name": "flag", "value": {"as_bool": true}}},
    {"user_input": {"arg": {"as_tensor": {"name": "x"}}}},
    {"user_input": {"arg": {"as_sym_int": {"as_name": "n"}}}},
    {"user_input": {"arg": {"as_sym_float": {"as_name": "f"}}}},
    {"user_input": {"arg": {"as_sym_bool": {"as_name": "b"}}}}
  ])");
  for (const char *name : {"p_w", "b_mean", "b_tmp", "c_k"})
    tensor(name, kFloat, {3});
  tensor("token", kFloat, {0});
  symInt("n", "Symbol('s1', positive=True, integer=True)");
  weights.add("w", ir::DType::Float32, {3});
  weights.add("mean", ir::DType::Float32, {3});
  weights.add("tmp", ir::DType::Float32, {3});
  weights.add("lifted_tensor_0", ir::DType::Float32, {3});
  userOutput(tensorArg("token"));
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::Operation *graph = mainGraph(*module);
  ir::Block &body = ir::Module::getGraphBody(graph);

  ASSERT_EQ(body.getNumArguments(), 4u);
  EXPECT_EQ(body.getArgument(0)->getName(), "x");
  EXPECT_EQ(body.getArgument(1)->getName(), "n");
  EXPECT_EQ(body.getArgument(1)->getType().str(), "!torch.symint<\"s1\">");
  EXPECT_EQ(body.getArgument(2)->getName(), "f");
  EXPECT_EQ(body.getArgument(2)->getType().str(), "!torch.symfloat");
  EXPECT_EQ(body.getArgument(3)->getName(), "b");
  EXPECT_EQ(body.getArgument(3)->getType().str(), "!torch.symbool");
  std::vector<std::string> constants;
  for (ir::Operation &op : body)
    if (op.isa(ir::builtin::kConstant))
      constants.push_back(op.getResult(0)->getName().str() + " = " + showAttr(&op, "value") +
                          " : " + op.getResult(0)->getType().str());
  EXPECT_EQ(constants, (std::vector<std::string>{
                           "p_w = weight w : tensor<3xf32> : tensor<3xf32>",
                           "b_mean = weight mean : tensor<3xf32> : tensor<3xf32>",
                           "b_tmp = weight tmp : tensor<3xf32> : tensor<3xf32>",
                           "c_k = weight lifted_tensor_0 : tensor<3xf32> : tensor<3xf32>",
                           "token = unit : none",
                           "steps = 3 : !torch.symint<\"3\">",
                           "mask = unit : none",
                           "mode = \"bilinear\" : !torch.opaque<\"str\">",
                           "p = 0.5 : !torch.symfloat",
                           "flag = true : !torch.symbool",
                       }));
  EXPECT_EQ(showAttr(graph, "torch.input_kinds"),
            R"(["parameter", "buffer", "buffer", "tensor_constant", "token", "constant_input", )"
            R"("constant_input", "constant_input", "constant_input", "constant_input", )"
            R"("user_input", "user_input", "user_input", "user_input"])");
  EXPECT_EQ(showAttr(graph, "torch.input_names"),
            R"(["p_w", "b_mean", "b_tmp", "c_k", "token", "steps", "mask", "mode", "p", "flag", )"
            R"("x", "n", "f", "b"])");
  EXPECT_EQ(showAttr(graph, "torch.input_targets"),
            R"(["w", "mean", "tmp", "lifted_tensor_0", "", "", "", "", "", "", "", "", "", ""])");
  EXPECT_EQ(showAttr(graph, "torch.nonpersistent_buffers"), R"(["tmp"])");
}

TEST_F(ImporterTest, EveryOutputKind) {
  for (const char *name : {"a", "b", "c", "d", "e", "f", "g"})
    tensorNode("torch.ops.aten.clone.default", {{"self", tensorArg("x")}}, name);
  graph()["inputs"].push_back(tensorArg("token"));
  signature()["input_specs"].push_back({{"token", {{"arg", {{"name", "token"}}}}}});
  tensor("token", kFloat, {0});
  for (const char *name : {"a", "b", "c", "d", "e", "f", "g", "token"})
    graph()["outputs"].push_back(tensorArg(name));
  graph()["outputs"].push_back({{"as_int", 7}});
  graph()["outputs"].push_back({{"as_none", true}});
  signature()["output_specs"] = json::parse(R"([
    {"user_output": {"arg": {"as_tensor": {"name": "a"}}}},
    {"loss_output": {"arg": {"name": "b"}}},
    {"buffer_mutation": {"arg": {"name": "c"}, "buffer_name": "running_mean"}},
    {"gradient_to_parameter": {"arg": {"name": "d"}, "parameter_name": "fc.weight"}},
    {"gradient_to_user_input": {"arg": {"name": "e"}, "user_input_name": "x"}},
    {"user_input_mutation": {"arg": {"name": "f"}, "user_input_name": "x"}},
    {"parameter_mutation": {"arg": {"name": "g"}, "parameter_name": "fc.bias"}},
    {"token": {"arg": {"name": "token"}}},
    {"user_output": {"arg": {"as_int": 7}}},
    {"user_output": {"arg": {"as_none": true}}}
  ])");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::Operation *graph = mainGraph(*module);
  ir::Operation *ret = ir::Module::getGraphBody(graph).getTerminator();
  EXPECT_EQ(showOperands(ret), "%a, %b, %c, %d, %e, %f, %g, %token, 7, none");
  EXPECT_EQ(showAttr(graph, "torch.output_kinds"),
            R"(["user_output", "loss_output", "buffer_mutation", "gradient_to_parameter", )"
            R"("gradient_to_user_input", "user_input_mutation", "parameter_mutation", "token", )"
            R"("user_output", "user_output"])");
  EXPECT_EQ(showAttr(graph, "torch.output_names"),
            R"(["a", "b", "c", "d", "e", "f", "g", "token", "", ""])");
  EXPECT_EQ(showAttr(graph, "torch.output_targets"),
            R"(["", "", "running_mean", "fc.weight", "x", "x", "fc.bias", "", "", ""])");
}

TEST_F(ImporterTest, RangeConstraints) {
  program["range_constraints"] = json::parse(R"({
    "s0": {"min_val": 2, "max_val": null},
    "u0": {"min_val": null, "max_val": null},
    "2*s1": {"min_val": 4, "max_val": 129},
    "s2 + 1": {"min_val": 3, "max_val": 10},
    "-s3": {"min_val": -8, "max_val": -2},
    "s0*s1": {"min_val": 0, "max_val": 100}
  })");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::SymContext &context = module->getSymContext();
  auto range = [&](StringRef name) { return context.getSymbolRange(*context.lookupSymbol(name)); };
  constexpr int64_t kNegInf = ir::SymRange::kNegInf, kPosInf = ir::SymRange::kPosInf;
  EXPECT_EQ(range("s0"), (ir::SymRange{2, kPosInf}));
  EXPECT_EQ(range("u0"), (ir::SymRange{kNegInf, kPosInf}));
  EXPECT_EQ(range("s1"), (ir::SymRange{2, 64}));
  EXPECT_EQ(range("s2"), (ir::SymRange{2, 9}));
  EXPECT_EQ(range("s3"), (ir::SymRange{2, 8}));
  EXPECT_EQ(showAttr(mainGraph(*module), "torch.range_constraints"),
            R"([["-s3", -8, -2], ["2*s1", 4, 129], ["s0", 2, unit], ["s0*s1", 0, 100], )"
            R"(["s2 + 1", 3, 10], ["u0", unit, unit]])");
}

TEST_F(ImporterTest, ConstantUserInputsOfOlderSchemas) {
  graph()["inputs"].push_back({{"as_int", 5}});
  signature()["input_specs"].push_back({{"user_input", {{"arg", {{"as_int", 5}}}}}});
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  EXPECT_EQ(showAttr(mainGraph(*module), "torch.input_kinds"), R"(["user_input", "user_input"])");
  EXPECT_EQ(showAttr(mainGraph(*module), "torch.input_names"), R"(["x", ""])");
  EXPECT_EQ(ir::Module::getGraphBody(mainGraph(*module)).getNumArguments(), 1u);
}

//===----------------------------------------------------------------------===//
// Higher-order ops
//===----------------------------------------------------------------------===//

/// A subgraph with tensor inputs `inputs` (all f32[2, 3]) returning
/// `op(first input)`.
json subgraph(std::vector<std::string> inputs, StringRef op, StringRef result) {
  json g = {{"inputs", json::array()},
            {"outputs", json::array({tensorArg(result)})},
            {"nodes", json::array()},
            {"tensor_values", json::object()},
            {"sym_int_values", json::object()},
            {"sym_bool_values", json::object()},
            {"is_single_tensor_return", true},
            {"custom_obj_values", json::object()},
            {"sym_float_values", json::object()}};
  for (const std::string &name : inputs) {
    g["inputs"].push_back(tensorArg(name));
    g["tensor_values"][name] = tensorMeta(kFloat, {2, 3});
  }
  g["tensor_values"][result.str()] = tensorMeta(kFloat, {2, 3});
  g["nodes"].push_back(
      {{"target", op},
       {"inputs", json::array({{{"name", "self"}, {"arg", tensorArg(inputs[0])}}})},
       {"outputs", json::array({tensorArg(result)})},
       {"metadata", {{"torch_fn", "inner"}}},
       {"name", result}});
  return g;
}

TEST_F(ImporterTest, CondHasTwoRegions) {
  tensor("pred", kBool, json::array());
  graph()["inputs"].push_back(tensorArg("pred"));
  signature()["input_specs"].push_back({{"user_input", {{"arg", tensorArg("pred")}}}});
  tensor("getitem", kFloat, {2, 3});
  node("torch.ops.higher_order.cond",
       {{"", tensorArg("pred")},
        {"",
         {{"as_graph",
           {{"name", "true_graph_0"},
            {"graph", subgraph({"x"}, "torch.ops.aten.sin.default", "sin")}}}}},
        {"",
         {{"as_graph",
           {{"name", "false_graph_0"},
            {"graph", subgraph({"x"}, "torch.ops.aten.cos.default", "cos")}}}}},
        {"", {{"as_tensors", {{{"name", "x"}}}}}}},
       json::array({tensorArg("getitem")}), "cond",
       {{"stack_trace", "File \"m.py\", line 3, in f"}});
  userOutput(tensorArg("getitem"));
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  ir::Operation *cond = findNode(*module, "cond");
  EXPECT_EQ(cond->getName().getStringRef(), "higher_order.cond");
  EXPECT_EQ(showOperands(cond), "%pred, %x");
  EXPECT_EQ(showAttr(cond, "arg_names"), R"(["pred", "operands"])");
  EXPECT_EQ(showAttr(cond, "region_names"), R"(["true_fn", "false_fn"])");
  EXPECT_EQ(showResults(cond), "%getitem: tensor<2x3xf32>");
  ASSERT_EQ(cond->getNumRegions(), 2u);
  const char *expected[] = {"aten.sin.default", "aten.cos.default"};
  for (unsigned r = 0; r < 2; ++r) {
    ir::Block &block = cond->getRegion(r).front();
    ASSERT_EQ(block.getNumArguments(), 1u);
    // The subgraph's placeholder is its own value, named as in torch.
    EXPECT_EQ(block.getArgument(0)->getName(), "x");
    ir::Operation *inner = block.front();
    EXPECT_EQ(inner->getName().getStringRef(), expected[r]);
    EXPECT_EQ(inner->getOperand(0), block.getArgument(0));
    EXPECT_EQ(inner->getProvenance()->lookup("torch_fn"), "inner");
    EXPECT_TRUE(block.back()->isa(ir::builtin::kReturn));
    EXPECT_EQ(block.back()->getOperand(0), inner->getResult(0));
  }
}

TEST_F(ImporterTest, WhileLoopAndVariadicHigherOrderOps) {
  tensor("a", kFloat, {2, 3});
  tensor("b", kFloat, {2, 3});
  node("torch.ops.higher_order.while_loop",
       {{"",
         {{"as_graph",
           {{"name", "cond_0"},
            {"graph", subgraph({"i", "j"}, "torch.ops.aten.any.default", "any")}}}}},
        {"",
         {{"as_graph",
           {{"name", "body_0"},
            {"graph", subgraph({"i", "j"}, "torch.ops.aten.neg.default", "neg")}}}}},
        {"", {{"as_tensors", {{{"name", "x"}}}}}},
        {"", {{"as_tensors", {{{"name", "x"}}}}}}},
       json::array({tensorArg("a")}), "while_loop");
  node("torch.ops.higher_order.invoke_subgraph",
       {{"",
         {{"as_graph",
           {{"name", "repeated_subgraph0"},
            {"graph", subgraph({"p", "q"}, "torch.ops.aten.neg.default", "neg")}}}}},
        {"", {{"as_string", "subgraph_0"}}},
        {"", tensorArg("x")},
        {"", tensorArg("a")}},
       json::array({tensorArg("b")}), "invoke");
  tensor("c", kFloat, {2, 3});
  node("torch.ops.higher_order.wrap_with_set_grad_enabled",
       {{"", {{"as_bool", false}}},
        {"",
         {{"as_graph",
           {{"name", "wrap_body0"},
            {"graph", subgraph({"p"}, "torch.ops.aten.neg.default", "neg")}}}}},
        {"", {{"as_int", 1}}},
        {"", {{"as_int", 2}}}},
       json::array({tensorArg("c")}), "wrap");
  tensor("d", kFloat, {2, 3});
  node("torch.ops.higher_order.unknown_hop", {{"", tensorArg("x")}, {"", {{"as_int", 1}}}},
       json::array({tensorArg("d")}), "unknown");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);

  ir::Operation *loop = findNode(*module, "while_loop");
  EXPECT_EQ(showAttr(loop, "arg_names"), R"(["carried_inputs", "additional_inputs"])");
  EXPECT_EQ(showAttr(loop, "region_names"), R"(["cond_fn", "body_fn"])");
  EXPECT_EQ(loop->getRegion(1).front().getNumArguments(), 2u);

  ir::Operation *invoke = findNode(*module, "invoke");
  EXPECT_EQ(showAttr(invoke, "arg_names"), R"(["operands", "operands"])");
  EXPECT_EQ(showAttr(invoke, "identifier"), "\"subgraph_0\"");
  EXPECT_EQ(showAttr(invoke, "region_names"), R"(["subgraph"])");

  ir::Operation *wrap = findNode(*module, "wrap");
  EXPECT_EQ(showAttr(wrap, "enable_grad"), "false");
  EXPECT_EQ(showAttr(wrap, "args"), "1");
  EXPECT_EQ(showAttr(wrap, "args_1"), "2");

  ir::Operation *unknown = findNode(*module, "unknown");
  EXPECT_EQ(showAttr(unknown, "arg_names"), R"(["arg0"])");
  EXPECT_EQ(showAttr(unknown, "arg1"), "1");
}

TEST_F(ImporterTest, NestedSubgraphsKeepTheirOwnScopes) {
  json inner = subgraph({"x"}, "torch.ops.aten.sin.default", "sin");
  json outer = subgraph({"x"}, "torch.ops.aten.neg.default", "neg");
  outer["tensor_values"]["r"] = tensorMeta(kFloat, {2, 3});
  outer["nodes"].push_back(
      {{"target", "torch.ops.higher_order.cond"},
       {"inputs",
        json::array({{{"name", ""}, {"arg", tensorArg("x")}},
                     {{"name", ""}, {"arg", {{"as_graph", {{"name", "t"}, {"graph", inner}}}}}},
                     {{"name", ""}, {"arg", {{"as_graph", {{"name", "f"}, {"graph", inner}}}}}},
                     {{"name", ""}, {"arg", {{"as_tensors", {{{"name", "neg"}}}}}}}})},
       {"outputs", json::array({tensorArg("r")})},
       {"metadata", json::object()},
       {"name", "inner_cond"}});
  outer["outputs"] = json::array({tensorArg("r")});
  tensor("out", kFloat, {2, 3});
  node("torch.ops.higher_order.cond",
       {{"", tensorArg("x")},
        {"", {{"as_graph", {{"name", "t"}, {"graph", outer}}}}},
        {"", {{"as_graph", {{"name", "f"}, {"graph", outer}}}}},
        {"", {{"as_tensors", {{{"name", "x"}}}}}}},
       json::array({tensorArg("out")}), "outer_cond");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::Operation *innerCond = findNode(*module, "inner_cond");
  ASSERT_TRUE(innerCond);
  EXPECT_EQ(innerCond->getRegion(0).front().front()->getOperand(0),
            innerCond->getRegion(0).front().getArgument(0));
}

//===----------------------------------------------------------------------===//
// Provenance
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, MetadataBecomesProvenance) {
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("x")}}, "neg");
  graph()["nodes"][0]["metadata"] = {{"torch_fn", "neg_1;method_descriptor.neg"},
                                     {"stack_trace", "File \"/m.py\", line 7, in forward"},
                                     {"nn_module_stack", "L__self__,,M"},
                                     {"from_node", "[]"}};
  // Before nodes had names, a node was named after its first output.
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("neg")}}, "neg_1");
  graph()["nodes"][1].erase("name");
  std::unique_ptr<ir::Module> module = importOk();
  ASSERT_TRUE(module);
  ir::Operation *neg = findNode(*module, "neg");
  std::vector<std::string> fields;
  for (const auto &[key, value] : neg->getProvenance()->fields)
    fields.push_back((key + "=" + value).str());
  EXPECT_EQ(fields, (std::vector<std::string>{"from_node=[]", "nn_module_stack=L__self__,,M",
                                              "stack_trace=File \"/m.py\", line 7, in forward",
                                              "target=torch.ops.aten.neg.default",
                                              "torch_fn=neg_1;method_descriptor.neg"}));
  EXPECT_TRUE(findNode(*module, "neg_1"));
}

//===----------------------------------------------------------------------===//
// Schema versions
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, SchemaVersions) {
  program["schema_version"] = {{"major", 8}, {"minor", 2}};
  EXPECT_TRUE(importOk());
  program["schema_version"] = {{"major", 7}, {"minor", 3}};
  EXPECT_EQ(importError(), "model.json: schema_version: unsupported schema version 7.3; "
                           "supported: 8.x");
  program["schema_version"] = {{"major", 9}, {"minor", 0}};
  EXPECT_EQ(importError(), "model.json: schema_version: unsupported schema version 9.0; "
                           "supported: 8.x");
  program["schema_version"] = 1;
  EXPECT_EQ(importError(), "model.json: schema_version: unsupported schema version 1; "
                           "supported: 8.x");
  program.erase("schema_version");
  EXPECT_EQ(importError(), "model.json: missing field 'schema_version'");
}

TEST_F(ImporterTest, UnknownFieldsOfNewerMinorVersionsWarn) {
  program["schema_version"] = {{"major", 8}, {"minor", 21}};
  program["graph_module"]["new_thing"] = 1;
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("x")}}, "neg");
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("neg")}}, "neg_1");
  graph()["nodes"][0]["cost"] = 3;
  graph()["nodes"][1]["cost"] = 3;
  // Every struct, down to the smallest.
  program["schema_version"]["patch"] = 0;
  graph()["nodes"][1]["inputs"][0]["arg"]["as_tensor"]["alias"] = "x";
  signature()["input_specs"][0]["user_input"]["origin"] = "x";
  userOutput(tensorArg("neg_1"));
  signature()["output_specs"][0]["user_output"]["note"] = "";
  EXPECT_TRUE(importOk());
  const std::string note = " (the program has schema 8.21; this importer knows 8.20)";
  EXPECT_EQ(warnings,
            (std::vector<std::string>{
                "model.json: schema_version: ignoring unknown SchemaVersion field 'patch'" + note,
                "model.json: graph_module: ignoring unknown GraphModule field 'new_thing'" + note,
                "model.json: graph_module.signature.input_specs[0].user_input: ignoring unknown "
                "UserInputSpec field 'origin'" +
                    note,
                "model.json: graph_module.graph.nodes[0]: ignoring unknown Node field 'cost'" +
                    note,
                "model.json: graph_module.graph.nodes[1].inputs[0].arg.as_tensor: ignoring "
                "unknown TensorArgument field 'alias'" +
                    note,
                "model.json: graph_module.signature.output_specs[0].user_output: ignoring "
                "unknown UserOutputSpec field 'note'" +
                    note}));

  // A new member of a union cannot be skipped: it is an error that says why.
  graph()["nodes"][1]["inputs"][0]["arg"] = {{"as_quaternion", 1}};
  std::string error = importError();
  EXPECT_NE(error.find("nodes[1].inputs[0].arg: unknown kind 'as_quaternion'; expected one of "
                       "as_none, "),
            std::string::npos)
      << error;
  EXPECT_TRUE(StringRef(error).endswith(", as_float_lists" + note)) << error;
}

//===----------------------------------------------------------------------===//
// JSON text
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, NonFiniteFloatsInBothSpellings) {
  tensorNode("torch.ops.aten.masked_fill.Scalar",
             {{"self", tensorArg("x")}, {"mask", tensorArg("x")}, {"value", {{"as_float", "NaN"}}}},
             "fill");
  tensorNode("torch.ops.aten.clamp.default",
             {{"self", tensorArg("x")}, {"min", {{"as_float", 0.0}}}, {"max", {{"as_float", 1.0}}}},
             "clamp");
  // torch 2.6 let Python's json write bare tokens, which are not JSON.
  std::string text = program.dump();
  size_t min = text.find("\"as_float\":0.0");
  ASSERT_NE(min, std::string::npos);
  text.replace(min, strlen("\"as_float\":0.0"), "\"as_float\": -Infinity");
  size_t max = text.find("\"as_float\":1.0");
  text.replace(max, strlen("\"as_float\":1.0"), "\"as_float\":Infinity");
  std::unique_ptr<ir::Module> module = importOk(text);
  ASSERT_TRUE(module);
  EXPECT_TRUE(std::isnan(findNode(*module, "fill")->getAttr("value")->getFloat()));
  EXPECT_EQ(showAttr(findNode(*module, "clamp"), "min"), "-inf");
  EXPECT_EQ(showAttr(findNode(*module, "clamp"), "max"), "inf");
  // Inside strings the tokens are text.
  graph()["nodes"][0]["metadata"] = {{"stack_trace", "x = -Infinity and NaN"}};
  module = importOk();
  ASSERT_TRUE(module);
  EXPECT_EQ(findNode(*module, "fill")->getProvenance()->lookup("stack_trace"),
            "x = -Infinity and NaN");
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, MalformedJSON) {
  EXPECT_EQ(importError("{\"graph_module\": "),
            "model.json: invalid JSON: parse error at line 1, column 18: syntax error while "
            "parsing value - unexpected end of input; expected '[', '{', or a literal");
  EXPECT_EQ(importError("[1, 2]"), "model.json: expected an object");
  EXPECT_EQ(importError(std::string(5000, '[') + std::string(5000, ']')),
            "model.json: at byte 1024: JSON nested deeper than 1024 levels (--max-json-depth "
            "raises the limit)");
}

TEST_F(ImporterTest, MalformedNodes) {
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("x")}}, "neg");
  json &n = graph()["nodes"][0];
  auto expectError = [&](auto mutate, const std::string &message) {
    json saved = n;
    mutate();
    EXPECT_EQ(importError(), message);
    n = saved;
  };
  expectError([&] { n.erase("target"); },
              "model.json: graph_module.graph.nodes[0]: missing field 'target'");
  expectError([&] { n["target"] = 3; },
              "model.json: graph_module.graph.nodes[0].target: expected a string");
  expectError([&] { n["inputs"] = json::object(); },
              "model.json: graph_module.graph.nodes[0].inputs: expected a list");
  expectError(
      [&] {
        n["inputs"][0]["arg"] = {{"as_tensor", {{"name", "y"}}}};
      },
      "model.json: graph_module.graph.nodes[0].inputs[0].arg.as_tensor: unknown value 'y'");
  expectError(
      [&] {
        n["inputs"][0]["arg"] = {{"as_tensor", {{"name", "x"}}}, {"as_int", 1}};
      },
      "model.json: graph_module.graph.nodes[0].inputs[0].arg: expected an object with one of "
      "as_none, as_tensor, as_tensors, as_int, as_ints, as_float, as_floats, as_string, "
      "as_strings, as_sym_int, as_sym_ints, as_scalar_type, as_memory_format, as_layout, "
      "as_device, as_bool, as_bools, as_sym_bool, as_sym_bools, as_graph, as_optional_tensors, "
      "as_custom_obj, as_operator, as_sym_float, as_sym_floats, as_optional_tensor, as_complex, "
      "as_nested_tensors, as_int_lists, as_string_to_argument, as_float_lists");
  expectError(
      [&] {
        n["inputs"][0]["arg"] = {{"as_quaternion", 1}};
      },
      "model.json: graph_module.graph.nodes[0].inputs[0].arg: unknown kind "
      "'as_quaternion'; expected one of as_none, as_tensor, as_tensors, as_int, as_ints, "
      "as_float, as_floats, as_string, as_strings, as_sym_int, as_sym_ints, "
      "as_scalar_type, as_memory_format, as_layout, as_device, as_bool, as_bools, "
      "as_sym_bool, as_sym_bools, as_graph, as_optional_tensors, as_custom_obj, "
      "as_operator, as_sym_float, as_sym_floats, as_optional_tensor, as_complex, "
      "as_nested_tensors, as_int_lists, as_string_to_argument, as_float_lists");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_int", "3"}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[1].arg.as_int: expected an integer");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_int", 18446744073709551615ull}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[1].arg.as_int: integer does not fit in 64 "
      "bits");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_scalar_type", 99}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[1].arg.as_scalar_type: unknown "
      "ScalarType 99");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_scalar_type", 9}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[1].arg.as_scalar_type: unsupported "
      "dtype COMPLEXHALF (9)");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_layout", 42}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[1].arg.as_layout: unknown Layout 42");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_memory_format", 0}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[1].arg.as_memory_format: unknown "
      "MemoryFormat 0");
  expectError([&] { n["inputs"][0]["kind"] = 5; },
              "model.json: graph_module.graph.nodes[0].inputs[0].kind: unknown ArgumentKind 5");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "self"}, {"arg", {{"as_int", 1}}}});
      },
      "<imported>"); // an operand and an attribute may share a name
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_int", 1}}}});
        n["inputs"].push_back({{"name", "k"}, {"arg", {{"as_int", 2}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[2].arg: argument 'k' is given twice");
  expectError(
      [&] {
        n["inputs"].push_back(
            {{"name", "k"},
             {"arg", {{"as_custom_obj", {{"name", "obj"}, {"class_fqn", "__torch__.Foo"}}}}}});
      },
      "model.json: graph_module.graph.nodes[0].inputs[1].arg: argument 'k' is a custom object of "
      "class '__torch__.Foo', which cannot be converted");
  expectError(
      [&] {
        n["inputs"].push_back({{"name", "arg_names"}, {"arg", {{"as_int", 1}}}});
      },
      "model.json: graph_module.graph.nodes[0]: argument name 'arg_names' clashes with an "
      "attribute of the importer");
  expectError([&] { n["outputs"] = json::array({tensorArg("x")}); },
              "model.json: graph_module.graph.nodes[0]: value 'x' is defined twice");
  expectError([&] { n["outputs"] = json::array({tensorArg("nothing")}); },
              "model.json: graph_module.graph.nodes[0].outputs[0].as_tensor: tensor 'nothing' has "
              "no tensor_values entry");
  expectError(
      [&] {
        n["outputs"] = json::array({json{{"as_int", 3}}});
      },
      "model.json: graph_module.graph.nodes[0].outputs[0]: node output of kind 'as_int' is "
      "not supported");
  expectError([&] { n["outputs"] = json::array({symIntArg("n")}); },
              "model.json: graph_module.graph.nodes[0].outputs[0].as_sym_int.as_name: SymInt 'n' "
              "has no sym_int_values entry");
  expectError(
      [&] {
        n["metadata"] = {{"stack_trace", 3}};
      },
      "model.json: graph_module.graph.nodes[0].metadata.stack_trace: expected a string");
}

TEST_F(ImporterTest, MalformedTypes) {
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("x")}}, "neg");
  json &meta = graph()["tensor_values"]["neg"];
  json saved = meta;
  meta["dtype"] = 33;
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.dtype: unsupported "
                           "dtype FLOAT8E8M0FNU (33)");
  meta = saved;
  meta["sizes"][0] = {{"as_expr", {{"expr_str", "Piecewise((s0, True))"}}}};
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.sizes[0].as_expr."
                           "expr_str: unsupported sympy function 'Piecewise' at column 1 in "
                           "'Piecewise((s0, True))'");
  meta = saved;
  meta["sizes"][0] = {{"as_int", -2}};
  EXPECT_EQ(importError(),
            "model.json: graph_module.graph.tensor_values.neg.sizes[0]: size -2 is negative");
  // Sizes whose tensor cannot exist: its bytes overflow int64, or it is
  // empty but another dim is beyond any tensor's (int64's maximum is also
  // the IR's infinity).
  meta = saved;
  meta["sizes"] = {{{"as_int", 2}}, {{"as_int", INT64_MAX}}};
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.sizes: a float32 "
                           "tensor of sizes [2, 9223372036854775807] does not fit in 2^63 bytes");
  meta["sizes"] = {{{"as_int", 0}}, {{"as_int", int64_t(1) << 62}}};
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.sizes: a float32 "
                           "tensor of sizes [0, 4611686018427387904] does not fit in 2^63 bytes");
  meta["dtype"] = kBool;
  meta["sizes"] = {{{"as_int", INT64_MAX}}};
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.sizes: a bool "
                           "tensor of sizes [9223372036854775807] does not fit in 2^63 bytes");
  // Strides and storage offsets are not part of the type, but are checked.
  meta = saved;
  meta["strides"] = {{{"as_int", 3}}, {{"as_int", 1e308}}};
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.strides[1].as_int: "
                           "expected an integer");
  meta["strides"] = {{{"as_int", 3}}, {{"as_int", -1}}};
  EXPECT_EQ(importError(),
            "model.json: graph_module.graph.tensor_values.neg.strides[1]: stride -1 is negative");
  meta = saved;
  meta["storage_offset"] = {{"as_int", 1e30}};
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.storage_offset."
                           "as_int: expected an integer");
  meta["storage_offset"] = {{"as_int", -4}};
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.storage_offset: "
                           "storage offset -4 is negative");
  meta = saved;
  meta["layout"] = 1;
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.neg.layout: "
                           "torch.sparse_coo tensors are not supported: the IR's tensors are "
                           "dense");
  meta["layout"] = 42;
  EXPECT_EQ(importError(),
            "model.json: graph_module.graph.tensor_values.neg.layout: unknown Layout 42");
  meta = saved;
  meta.erase("sizes");
  EXPECT_EQ(importError(),
            "model.json: graph_module.graph.tensor_values.neg: missing field 'sizes'");
  meta = saved;
  graph()["tensor_values"]["odd.name"] = saved;
  graph()["tensor_values"]["odd.name"]["dtype"] = 0;
  graph()["nodes"][0]["outputs"] = json::array({tensorArg("odd.name")});
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values[\"odd.name\"].dtype: "
                           "unsupported dtype UNKNOWN (0)");
}

TEST_F(ImporterTest, MalformedSignatures) {
  json saved = program;
  signature()["input_specs"].push_back({{"user_input", {{"arg", tensorArg("y")}}}});
  EXPECT_EQ(importError(), "model.json: graph_module.signature.input_specs: the signature has 2 "
                           "input specs, the graph 1 inputs");
  program = saved;
  signature()["input_specs"][0] = {{"user_input", {{"arg", tensorArg("y")}}}};
  tensor("y", kFloat, {1});
  EXPECT_EQ(importError(), "model.json: graph_module.graph.inputs[0].as_tensor.name: graph input "
                           "'x' does not match the signature's 'y'");
  program = saved;
  signature()["input_specs"][0] = {{"input_of_the_future", {{"arg", tensorArg("x")}}}};
  EXPECT_EQ(importError(), "model.json: graph_module.signature.input_specs[0]: unknown kind "
                           "'input_of_the_future'; expected one of user_input, parameter, buffer, "
                           "tensor_constant, custom_obj, token, constant_input");
  program = saved;
  graph()["inputs"][0] = tensorArg("p");
  signature()["input_specs"][0] = {
      {"parameter", {{"arg", {{"name", "p"}}}, {"parameter_name", "w"}}}};
  tensor("p", kFloat, {2});
  EXPECT_EQ(importError(), "model.json: graph_module.signature.input_specs[0]: parameter 'w': no "
                           "such tensor");
  weights.add("w", ir::DType::Float16, {2});
  EXPECT_EQ(importError(), "model.json: graph_module.signature.input_specs[0]: parameter 'w' is "
                           "stored as tensor<2xf16> but the graph uses it as tensor<2xf32>");
  program = saved;
  graph()["inputs"][0] = {{"as_custom_obj", {{"name", "obj"}, {"class_fqn", "__torch__.Tok"}}}};
  signature()["input_specs"][0] = {
      {"custom_obj",
       {{"arg", {{"name", "obj"}, {"class_fqn", "__torch__.Tok"}}}, {"custom_obj_name", "tok"}}}};
  EXPECT_EQ(importError(), "model.json: graph_module.signature.input_specs[0]: input 'tok' is a "
                           "custom object of class '__torch__.Tok', which cannot be converted");
  signature()["input_specs"][0] = {
      {"user_input",
       {{"arg", {{"as_custom_obj", {{"name", "obj"}, {"class_fqn", "__torch__.Tok"}}}}}}}};
  EXPECT_EQ(importError(), "model.json: graph_module.signature.input_specs[0]: user input is a "
                           "custom object of class '__torch__.Tok', which cannot be converted");
  program = saved;
  graph()["outputs"].push_back(tensorArg("x"));
  EXPECT_EQ(importError(), "model.json: graph_module.signature.output_specs: the signature has 0 "
                           "output specs, the graph 1 outputs");
  signature()["output_specs"].push_back({{"buffer_mutation", {{"arg", {{"name", "x"}}}}}});
  EXPECT_EQ(importError(), "model.json: graph_module.signature.output_specs[0].buffer_mutation: "
                           "missing field 'buffer_name'");
}

TEST_F(ImporterTest, MalformedRangeConstraints) {
  program["range_constraints"] = {{"s0", {{"min_val", 5}, {"max_val", 2}}}};
  EXPECT_EQ(importError(), "model.json: range_constraints.s0: empty range [5, 2]");
  program["range_constraints"] = {{"s0 +", {{"min_val", 1}, {"max_val", 2}}}};
  EXPECT_EQ(importError(), "model.json: range_constraints[\"s0 +\"]: expected a number, a name or "
                           "'(', found the end at column 5 in 's0 +'");
  program["range_constraints"] = {{"s0", {{"min_val", 1.5}, {"max_val", 2}}}};
  EXPECT_EQ(importError(), "model.json: range_constraints.s0.min_val: expected an integer");
  // A size whose range lets it be negative.
  program["range_constraints"] = {{"s0", {{"min_val", -3}, {"max_val", 5}}}};
  tensor("x", kFloat, {"Symbol('s0', integer=True)", 3});
  EXPECT_EQ(importError(), "model.json: graph_module.graph.tensor_values.x.sizes[0]: size s0 "
                           "may be negative: its range is [-3, 5]");
  program["range_constraints"] = {{"s0", {{"min_val", -5}, {"max_val", -1}}}};
  EXPECT_EQ(importError(),
            "model.json: graph_module.graph.tensor_values.x.sizes[0]: size s0 is negative");
  program["range_constraints"] = {{"s0", {{"min_val", 0}, {"max_val", 5}}}};
  EXPECT_TRUE(importOk());
}

TEST_F(ImporterTest, SubgraphsNestedTooDeeply) {
  json g = subgraph({"x"}, "torch.ops.aten.neg.default", "neg");
  for (int i = 0; i < 64; ++i) {
    json wrapper = subgraph({"x"}, "torch.ops.aten.neg.default", "neg");
    wrapper["nodes"][0] = {
        {"target", "torch.ops.higher_order.invoke_subgraph"},
        {"inputs",
         json::array({{{"name", ""}, {"arg", {{"as_graph", {{"name", "g"}, {"graph", g}}}}}},
                      {{"name", ""}, {"arg", tensorArg("x")}}})},
        {"outputs", json::array({tensorArg("neg")})},
        {"metadata", json::object()}};
    g = std::move(wrapper);
  }
  tensor("out", kFloat, {2, 3});
  node("torch.ops.higher_order.invoke_subgraph",
       {{"", {{"as_graph", {{"name", "g"}, {"graph", g}}}}}, {"", tensorArg("x")}},
       json::array({tensorArg("out")}), "top");
  std::string error = importError();
  EXPECT_NE(error.find(": subgraphs nested deeper than 64 levels (--max-region-depth raises the "
                       "limit)"),
            std::string::npos)
      << error;
  options.limits.maxRegionDepth = 65;
  EXPECT_TRUE(importOk());
}

//===----------------------------------------------------------------------===//
// Limits
//===----------------------------------------------------------------------===//

TEST_F(ImporterTest, NodesPerGraphAreLimited) {
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("x")}}, "neg");
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("neg")}}, "neg_1");
  tensorNode("torch.ops.aten.neg.default", {{"self", tensorArg("neg_1")}}, "neg_2");
  userOutput(tensorArg("neg_2"));
  options.limits.maxGraphNodes = 2;
  EXPECT_EQ(importError(), "model.json: graph_module.graph.nodes: a graph of 3 nodes, more than 2 "
                           "(--max-nodes raises the limit)");
  options.limits.maxGraphNodes = 3;
  EXPECT_TRUE(importOk());
}

TEST_F(ImporterTest, NodesOfAllGraphsAreLimited) {
  json g = subgraph({"x"}, "torch.ops.aten.neg.default", "neg");
  tensor("out", kFloat, {2, 3});
  node("torch.ops.higher_order.invoke_subgraph",
       {{"", {{"as_graph", {{"name", "g"}, {"graph", g}}}}}, {"", tensorArg("x")}},
       json::array({tensorArg("out")}), "top");
  userOutput(tensorArg("out"));
  // One node in each graph: two in all.
  options.limits.maxTotalNodes = 1;
  EXPECT_EQ(importError(), "model.json: graph_module.graph.nodes[0].inputs[0].arg.as_graph.graph."
                           "nodes: the graphs have more than 1 nodes in all (--max-total-nodes "
                           "raises the limit)");
  options.limits.maxTotalNodes = 2;
  EXPECT_TRUE(importOk());
}

TEST_F(ImporterTest, JSONNestingIsLimited) {
  options.limits.maxJsonDepth = 3;
  // Three levels pass the check (and fail later, as what they are).
  EXPECT_EQ(importError("{\"a\": [[1]]}"), "model.json: missing field 'schema_version'");
  EXPECT_EQ(importError("{\"a\": [[[1]]]}"),
            "model.json: at byte 8: JSON nested deeper than 3 levels (--max-json-depth raises the "
            "limit)");
}

TEST_F(ImporterTest, StringLengthIsLimited) {
  options.limits.maxStringLength = 8;
  // Eight bytes pass the check (and fail later, as what they are).
  EXPECT_EQ(importError("{\"a\": \"01234567\"}"), "model.json: missing field 'schema_version'");
  EXPECT_EQ(importError("{\"a\": \"012345678\"}"),
            "model.json: at byte 6: a string longer than 8 bytes (--max-string-length raises "
            "the limit)");
  // An escape counts as the bytes that spell it.
  EXPECT_EQ(importError("{\"a\": \"\\n3456789\"}"),
            "model.json: at byte 6: a string longer than 8 bytes (--max-string-length raises "
            "the limit)");
  // Keys are strings too.
  EXPECT_EQ(importError("{\"012345678\": 1}"),
            "model.json: at byte 1: a string longer than 8 bytes (--max-string-length raises "
            "the limit)");
}

} // namespace
