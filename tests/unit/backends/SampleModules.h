//===- SampleModules.h - Small ONNX-dialect modules for the backend tests --===//
//
// Modules as the lowering leaves them, built with ir::Builder: a convolution
// block with weights and torch provenance, an `onnx.If` with two regions, and
// one weight of every dtype. Shared by the unit tests and the fixture that
// the oracle's onnx checks.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TESTS_UNIT_BACKENDS_SAMPLEMODULES_H
#define PT2ONNX_TESTS_UNIT_BACKENDS_SAMPLEMODULES_H

#include "ir/Builder.h"

#include <numeric>
#include <vector>

namespace pt2onnx::onnx_backend::samples {

inline ir::Type f32(llvm::ArrayRef<ir::Dim> shape) {
  return ir::Type::tensor(ir::DType::Float32, shape);
}

/// Bytes 0, 1, 2, ... (mod 251, so that neighbouring weights differ).
inline std::vector<uint8_t> patternBytes(size_t n, uint8_t seed = 0) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i != n; ++i)
    bytes[i] = uint8_t((i + seed) % 251);
  return bytes;
}

/// Adds a weight whose bytes follow patternBytes (0 and 1 for bool) and
/// returns a constant referring to it, named like torch's placeholder.
inline ir::Value *addWeight(ir::Builder &b, llvm::StringRef fqn, llvm::StringRef placeholder,
                            ir::DType dtype, llvm::ArrayRef<int64_t> shape, uint8_t seed = 0) {
  size_t n = ir::getDTypeSize(dtype);
  for (int64_t d : shape)
    n *= size_t(d);
  std::vector<uint8_t> bytes = patternBytes(n, seed);
  if (dtype == ir::DType::Bool)
    for (uint8_t &byte : bytes)
      byte &= 1;
  b.getModule().addWeight(fqn, ir::WeightData::copyOf(dtype, shape, bytes));
  ir::Value *v = b.createWeightRef(fqn, b.getModule().lookupWeight(fqn)->getType());
  v->setName(placeholder);
  return v;
}

/// Records a graph signature on `graph` as the importer does.
inline void setSignature(ir::Operation *graph, llvm::ArrayRef<std::string> inputKinds,
                         llvm::ArrayRef<std::string> inputNames,
                         llvm::ArrayRef<std::string> inputTargets,
                         llvm::ArrayRef<std::string> outputKinds,
                         llvm::ArrayRef<std::string> outputNames,
                         llvm::ArrayRef<std::string> outputTargets) {
  graph->setAttr("torch.input_kinds", ir::Attribute::stringList(inputKinds));
  graph->setAttr("torch.input_names", ir::Attribute::stringList(inputNames));
  graph->setAttr("torch.input_targets", ir::Attribute::stringList(inputTargets));
  graph->setAttr("torch.output_kinds", ir::Attribute::stringList(outputKinds));
  graph->setAttr("torch.output_names", ir::Attribute::stringList(outputNames));
  graph->setAttr("torch.output_targets", ir::Attribute::stringList(outputTargets));
}

inline ir::ProvenanceRef convProvenance(llvm::StringRef node, llvm::StringRef target) {
  return ir::Provenance::make(
      node, {{"nn_module_stack", "L__self__,,__main__.Net;L__self___conv1,conv1,"
                                 "torch.nn.modules.conv.Conv2d"},
             {"stack_trace", "File \"/src/net.py\", line 12, in forward\n    x = self.conv1(x)"},
             {"target", target.str()},
             {"fx_node", ("%" + node + " : [num_users=1] = call_function[target=" + target +
                          "](args = (%x, %p_conv1_weight, %p_conv1_bias), kwargs = {})")
                             .str()},
             {"torch_fn", "conv2d_1;builtin_function_or_method.conv2d"}});
}

/// x: f32[?,3,8,8] (batch `s0`) -> Conv(conv1.weight: 16x3x3x3, conv1.bias) -> Add(a
/// dense 1-element constant) -> Relu; returns the relu and the add. With
/// provenance on the ops and the graph signature, as the importer leaves them.
inline void buildConvModule(ir::Module &module) {
  ir::Builder b(module);
  ir::SymExpr s0 = module.getSymContext().getSymbol("s0");
  ir::Operation *main = module.addGraph("main");
  ir::Block &body = ir::Module::getGraphBody(main);
  ir::Value *x = body.addArgument(f32({ir::Dim::of(s0), 3, 8, 8}), "x");
  b.setInsertionPointToEnd(&body);

  ir::Value *w = addWeight(b, "conv1.weight", "p_conv1_weight", ir::DType::Float32, {16, 3, 3, 3});
  ir::Value *bias = addWeight(b, "conv1.bias", "p_conv1_bias", ir::DType::Float32, {16}, 7);
  float one = 1.0f;
  ir::DenseElements dense{ir::DType::Float32, {1}, {}};
  dense.bytes.assign(reinterpret_cast<uint8_t *>(&one), reinterpret_cast<uint8_t *>(&one) + 4);
  ir::Value *c = b.createConstant(dense);
  c->setName("_tensor_constant0");

  ir::Type out = f32({ir::Dim::of(s0), 16, 8, 8});
  b.setProvenance(convProvenance("conv2d", "torch.ops.aten.conv2d.default"));
  ir::Value *conv =
      b.create("onnx.Conv", {x, w, bias}, {out},
               {{"kernel_shape", ir::Attribute::intList({3, 3})},
                {"pads", ir::Attribute::intList({1, 1, 1, 1})},
                {"torch.arg_names", ir::Attribute::stringList({"input", "weight", "bias"})}})
          ->getResult(0);
  conv->setName("conv2d");
  b.setProvenance(ir::Provenance::make(
      "add", {{"stack_trace", "File \"/src/net.py\", line 13, in forward\n    x = x + 1"},
              {"target", "torch.ops.aten.add.Tensor"},
              {"nn_module_stack", "L__self__,,__main__.Net"}}));
  ir::Value *add = b.create("onnx.Add", {conv, c}, {out})->getResult(0);
  add->setName("add");
  b.setProvenance(ir::Provenance::make("relu", {{"target", "torch.ops.aten.relu.default"}}));
  ir::Value *relu = b.create("onnx.Relu", {add}, {out})->getResult(0);
  relu->setName("relu");
  b.setProvenance(nullptr);
  b.createReturn({relu, add});

  setSignature(main, {"parameter", "parameter", "user_input"},
               {"p_conv1_weight", "p_conv1_bias", "x"}, {"conv1.weight", "conv1.bias", ""},
               {"user_output", "user_output"}, {"relu", "add"}, {"", ""});
  main->setAttr(
      "torch.range_constraints",
      ir::Attribute::list({ir::Attribute::list(
          {ir::Attribute::string("s0"), ir::Attribute::integer(2), ir::Attribute::unit()})}));
}

/// cond: bool[], x: f32[4]; If(cond) then {Relu(x)} else {Neg(x)}, then
/// Add(if, x). The branches use the outer `x` by name.
inline void buildIfModule(ir::Module &module) {
  ir::Builder b(module);
  ir::Operation *main = module.addGraph("main");
  ir::Block &body = ir::Module::getGraphBody(main);
  ir::Value *cond = body.addArgument(ir::Type::tensor(ir::DType::Bool, {}), "cond");
  ir::Value *x = body.addArgument(f32({4}), "x");
  b.setInsertionPointToEnd(&body);
  ir::Operation *ifOp = b.create("onnx.If", {cond}, {f32({4})}, {}, 2);
  ifOp->getResult(0)->setName("cond_result");
  const char *branchOps[] = {"onnx.Relu", "onnx.Neg"};
  for (unsigned r = 0; r != 2; ++r) {
    ir::Block *branch = ifOp->getRegion(r).addBlock();
    ir::InsertionGuard guard(b);
    b.setInsertionPointToEnd(branch);
    // Both branches name their value `y`: the names must still be unique.
    ir::Value *y = b.create(branchOps[r], {x}, {f32({4})})->getResult(0);
    y->setName("y");
    b.createReturn({y});
  }
  ir::Value *sum = b.create("onnx.Add", {ifOp->getResult(0), x}, {f32({4})})->getResult(0);
  sum->setName("sum");
  b.createReturn({sum});
}

/// A weight `w_<torch dtype name>` of `numElements` elements of every dtype,
/// each returned through an Identity node.
inline void buildAllDTypesModule(ir::Module &module, int64_t numElements = 3) {
  ir::Builder b(module);
  ir::Operation *main = module.addGraph("main");
  b.setInsertionPointToEnd(&ir::Module::getGraphBody(main));
  llvm::SmallVector<ir::Value *, 20> outputs;
  for (unsigned i = 0; i != ir::kNumDTypes; ++i) {
    auto dtype = static_cast<ir::DType>(i);
    std::string name = ("w_" + ir::getTorchName(dtype)).str();
    ir::Value *w = addWeight(b, name, "", dtype, {numElements}, uint8_t(i));
    ir::Value *copy = b.create("onnx.Identity", {w}, {w->getType()})->getResult(0);
    copy->setName(("copy_" + ir::getTorchName(dtype)).str());
    outputs.push_back(copy);
  }
  b.createReturn(outputs);
}

} // namespace pt2onnx::onnx_backend::samples

#endif // PT2ONNX_TESTS_UNIT_BACKENDS_SAMPLEMODULES_H
