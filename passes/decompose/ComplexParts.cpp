//===- ComplexParts.cpp - imag and conj of complex tensors -------------------===//
//
// `aten.imag.default(self)` is the imaginary parts of a complex tensor:
// `aten.select.int` of index 1 on `aten.view_as_real`, its trailing dim of 2
// (torch refuses a real tensor, which stays). `aten.conj.default(self)` and
// `aten._conj.default(self)`, which torch.export records for it, are torch's
// lazy conjugate; its values are `aten.conj_physical`'s (the pairs
// (re, -im)), and a real tensor's conjugate is itself (`aten.alias`).
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// The operand `self` when it is a ranked tensor, else null.
ir::Value *rankedTensor(ir::Operation &root) {
  ir::Value *self = getTensorArg(root, "self");
  return self && self->getType().isTensor() && self->getType().isRanked() ? self : nullptr;
}

bool decomposeImag(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = rankedTensor(root);
  if (!self || !ir::isComplex(self->getType().getDType()))
    return rw.notifyMatchFailure(root, "`self` is not a ranked complex tensor");
  const ir::Type &type = self->getType();
  ir::DType real = type.getDType() == ir::DType::Complex64 ? ir::DType::Float32 : ir::DType::Float64;
  llvm::SmallVector<ir::Dim, 4> pairShape(type.getShape().begin(), type.getShape().end());
  pairShape.push_back(ir::Dim(2));
  ir::Value *pairs = createAtenOp(rw, "aten.view_as_real.default", {{"self", self}}, {},
                                  {type.withShape(pairShape).withDType(real)})
                         ->getResult(0);
  ir::Value *imag =
      createAtenOp(rw, "aten.select.int", {{"self", pairs}},
                   {{"dim", ir::Attribute::integer(-1)}, {"index", ir::Attribute::integer(1)}},
                   {root.getResult(0)->getType()})
          ->getResult(0);
  rw.replaceOp(&root, {imag});
  return true;
}

bool decomposeConj(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = rankedTensor(root);
  if (!self)
    return rw.notifyMatchFailure(root, "`self` is not a ranked tensor");
  bool complex = ir::isComplex(self->getType().getDType());
  ir::Value *result = createAtenOp(rw, complex ? "aten.conj_physical.default" : "aten.alias.default",
                                   {{"self", self}}, {}, {root.getResult(0)->getType()})
                          ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addComplexPartsDecompositions(DecompositionTable &table) {
  table.add("aten._conj.default", {"complex_parts", decomposeConj});
  table.add("aten.conj.default", {"complex_parts", decomposeConj});
  table.add("aten.imag.default", {"complex_parts", decomposeImag});
}

} // namespace pt2onnx::passes
