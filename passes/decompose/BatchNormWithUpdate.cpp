//===- BatchNormWithUpdate.cpp - training batch norm, updating its stats -----===//
//
// `aten._batch_norm_with_update_functional.default(input, weight, bias,
// running_mean, running_var, momentum, eps)`, which the functionalize pass
// makes of a training-mode BatchNorm (`aten._batch_norm_with_update`), is
// `aten._native_batch_norm_legit_functional.default` with training=True
// (the output, the batch's mean and inverse std, and the updated running
// stats) plus `reserve`, a buffer of no elements that CPU kernels return,
// as `aten.empty.memory_format` of size [0] and its dtype.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeBatchNormWithUpdate(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *input = getTensorArg(root, "input");
  ir::Value *mean = getTensorArg(root, "running_mean");
  ir::Value *var = getTensorArg(root, "running_var");
  if (!input || !mean || !var)
    return rw.notifyMatchFailure(root, "`input` or a running statistic is not a tensor");
  const ir::Type &reserveType = root.getResult(3)->getType();
  if (!reserveType.isTensor() || !reserveType.hasStaticShape() || reserveType.getRank() != 1 ||
      reserveType.getShape()[0] != ir::Dim(0))
    return rw.notifyMatchFailure(root, "`reserve` is not an empty vector");
  llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 5> operands{{"input", input}};
  for (llvm::StringRef name : {"weight", "bias"})
    if (ir::Value *value = getTensorArg(root, name))
      operands.push_back({name, value});
  operands.push_back({"running_mean", mean});
  operands.push_back({"running_var", var});
  llvm::SmallVector<ir::NamedAttribute, 3> attrs{{"training", ir::Attribute::boolean(true)}};
  for (llvm::StringRef name : {"momentum", "eps"})
    if (const ir::Attribute *attr = root.getAttr(name))
      attrs.push_back({name.str(), *attr});
  llvm::SmallVector<ir::Type, 5> types;
  for (unsigned i : {0u, 1u, 2u, 4u, 5u})
    types.push_back(root.getResult(i)->getType());
  ir::Operation *norm = createAtenOp(rw, "aten._native_batch_norm_legit_functional.default",
                                     operands, attrs, types);
  ir::Value *reserve =
      createAtenOp(rw, "aten.empty.memory_format", {},
                   {{"size", ir::Attribute::intList({0})},
                    {"dtype", ir::Attribute::dtype(reserveType.getDType())}},
                   {reserveType})
          ->getResult(0);
  rw.replaceOp(&root, {norm->getResult(0), norm->getResult(1), norm->getResult(2), reserve,
                       norm->getResult(3), norm->getResult(4)});
  return true;
}

} // namespace

void addBatchNormWithUpdateDecompositions(DecompositionTable &table) {
  table.add("aten._batch_norm_with_update_functional.default",
            {"norm", decomposeBatchNormWithUpdate});
}

} // namespace pt2onnx::passes
