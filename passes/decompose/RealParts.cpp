//===- RealParts.cpp - positive, real, isreal and conj_physical ---------------===//
//
// The composite ops that are identities, or nearly, on real tensors:
//
//   positive       self (torch refuses bool tensors)
//   real           self; of a complex tensor its real parts
//   conj_physical  self; of a complex tensor the pairs (re, -im)
//   isreal         true everywhere; of a complex tensor imag == 0
//
// The identities are `aten.alias.default`, which the lowering forwards. A
// complex tensor's parts are `aten.select.int` of `aten.view_as_real`, its
// trailing dim of 2, and conj_physical stacks them back, negated, into
// `aten.view_as_complex`.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

ir::Value *alias(ir::PatternRewriter &rw, ir::Value *self) {
  return createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {self->getType()})
      ->getResult(0);
}

/// Part `index` (0 real, 1 imaginary) of the complex tensor `z`.
ir::Value *complexPart(ir::PatternRewriter &rw, ir::Value *z, int64_t index) {
  const ir::Type &type = z->getType();
  ir::DType real =
      type.getDType() == ir::DType::Complex64 ? ir::DType::Float32 : ir::DType::Float64;
  llvm::SmallVector<ir::Dim, 4> pairShape(type.getShape().begin(), type.getShape().end());
  pairShape.push_back(ir::Dim(2));
  ir::Value *pairs = createAtenOp(rw, "aten.view_as_real.default", {{"self", z}}, {},
                                  {type.withShape(pairShape).withDType(real)})
                         ->getResult(0);
  llvm::SmallVector<ir::NamedAttribute, 2> select{{"dim", ir::Attribute::integer(-1)},
                                                  {"index", ir::Attribute::integer(index)}};
  return createAtenOp(rw, "aten.select.int", {{"self", pairs}}, select, {type.withDType(real)})
      ->getResult(0);
}

/// The operand `self` when it is a ranked tensor, else null.
ir::Value *rankedSelf(ir::Operation &root) {
  ir::Value *self = getTensorArg(root, "self");
  return self && self->getType().isTensor() && self->getType().isRanked() ? self : nullptr;
}

bool decomposePositive(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = rankedSelf(root);
  if (!self || self->getType().getDType() == ir::DType::Bool)
    return rw.notifyMatchFailure(root, "`self` is not a ranked tensor of numbers");
  rw.replaceOp(&root, {alias(rw, self)});
  return true;
}

bool decomposeReal(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = rankedSelf(root);
  if (!self)
    return rw.notifyMatchFailure(root, "`self` is not a ranked tensor");
  bool complex = ir::isComplex(self->getType().getDType());
  rw.replaceOp(&root, {complex ? complexPart(rw, self, 0) : alias(rw, self)});
  return true;
}

bool decomposeConjPhysical(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = rankedSelf(root);
  if (!self)
    return rw.notifyMatchFailure(root, "`self` is not a ranked tensor");
  const ir::Type &type = self->getType();
  if (!ir::isComplex(type.getDType())) {
    rw.replaceOp(&root, {alias(rw, self)});
    return true;
  }
  ir::Value *re = complexPart(rw, self, 0);
  ir::Value *im = complexPart(rw, self, 1);
  ir::Value *negIm =
      createAtenOp(rw, "aten.neg.default", {{"self", im}}, {}, {im->getType()})->getResult(0);
  llvm::SmallVector<ir::Dim, 4> pairShape(type.getShape().begin(), type.getShape().end());
  pairShape.push_back(ir::Dim(2));
  ir::Value *pairs = createAtenOp(rw, "aten.stack.default", {{"tensors", re}, {"tensors", negIm}},
                                  {{"dim", ir::Attribute::integer(-1)}},
                                  {re->getType().withShape(pairShape)})
                         ->getResult(0);
  ir::Value *result =
      createAtenOp(rw, "aten.view_as_complex.default", {{"self", pairs}}, {}, {type})->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

bool decomposeIsReal(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = rankedSelf(root);
  if (!self)
    return rw.notifyMatchFailure(root, "`self` is not a ranked tensor");
  ir::Type boolType = self->getType().withDType(ir::DType::Bool);
  ir::Value *result;
  if (ir::isComplex(self->getType().getDType()))
    result = createAtenOp(rw, "aten.eq.Scalar", {{"self", complexPart(rw, self, 1)}},
                          {{"other", ir::Attribute::integer(0)}}, {boolType})
                 ->getResult(0);
  else
    result = createAtenOp(rw, "aten.ones_like.default", {{"self", self}},
                          {{"dtype", ir::Attribute::dtype(ir::DType::Bool)}}, {boolType})
                 ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addRealPartsDecompositions(DecompositionTable &table) {
  table.add("aten.conj_physical.default", {"real_parts", decomposeConjPhysical});
  table.add("aten.isreal.default", {"real_parts", decomposeIsReal});
  table.add("aten.positive.default", {"real_parts", decomposePositive});
  table.add("aten.real.default", {"real_parts", decomposeReal});
}

} // namespace pt2onnx::passes
