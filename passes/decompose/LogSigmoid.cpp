//===- LogSigmoid.cpp - log_sigmoid in the form that does not overflow -------===//
//
// `aten.log_sigmoid.default(self)` is log(1 / (1 + exp(-x))), which torch
// computes as min(x, 0) - log1p(exp(-|x|)): exp never sees a positive
// argument, so neither tail overflows. torch.export keeps it whole (it is
// F.logsigmoid, and multilabel_soft_margin_loss calls it); the
// binary_cross_entropy_with_logits decomposition builds it too. It is
// defined for floating tensors only.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeLogSigmoid(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = root.getOperand(0);
  const ir::Type &type = self->getType();
  if (!type.isTensor() || !isFloatingPoint(type.getDType()) ||
      root.getResult(0)->getType().getDType() != type.getDType())
    return rw.notifyMatchFailure(root, "`self` is not a floating-point tensor");
  auto unary = [&](llvm::StringRef key, ir::Value *operand) {
    return createAtenOp(rw, key, {{"self", operand}}, {}, {type})->getResult(0);
  };
  ir::Value *softplusOfNegAbs =
      unary("aten.log1p.default",
            unary("aten.exp.default", unary("aten.neg.default", unary("aten.abs.default", self))));
  ir::Value *negativePart = createAtenOp(rw, "aten.clamp_max.default", {{"self", self}},
                                         {{"max", ir::Attribute::floating(0.0)}}, {type})
                                ->getResult(0);
  ir::Operation *result =
      createAtenOp(rw, "aten.sub.Tensor", {{"self", negativePart}, {"other", softplusOfNegAbs}}, {},
                   {root.getResult(0)->getType()});
  rw.replaceOp(&root, {result->getResult(0)});
  return true;
}

} // namespace

void addLogSigmoidDecompositions(DecompositionTable &table) {
  table.add("aten.log_sigmoid.default", {"activation", decomposeLogSigmoid});
}

} // namespace pt2onnx::passes
