//===- NanReductions.cpp - nansum and nanmean, sums that skip NaN ------------===//
//
// `aten.nansum.default(self, dim, keepdim, dtype)` is the sum of `self`
// with its NaNs replaced by zeros (`aten.masked_fill.Scalar` of
// `aten.isnan.default`; integer and bool tensors have none), reduced by
// `aten.sum.dim_IntList` with the same dim, keepdim and dtype.
//
// `aten.nanmean.default(self, dim, keepdim, dtype)` is, as torch defines it,
// that sum divided by the count of non-NaN elements reduced the same way
// (0 / 0, NaN, where every element is NaN). torch defines it for floating
// tensors only.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// The reduction arguments of `root` that it gives (dim, keepdim, dtype).
llvm::SmallVector<ir::NamedAttribute, 3> reductionArgs(const ir::Operation &root,
                                                       bool withDType) {
  llvm::SmallVector<ir::NamedAttribute, 3> attrs;
  for (llvm::StringRef name : {"dim", "keepdim", "dtype"})
    if (const ir::Attribute *attr = root.getAttr(name);
        attr && !attr->isUnit() && (withDType || name != "dtype"))
      attrs.push_back({name.str(), *attr});
  return attrs;
}

ir::Value *isNan(ir::PatternRewriter &rw, ir::Value *self) {
  return createAtenOp(rw, "aten.isnan.default", {{"self", self}}, {},
                      {self->getType().withDType(ir::DType::Bool)})
      ->getResult(0);
}

bool decomposeNanSum(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || ir::isComplex(self->getType().getDType()))
    return rw.notifyMatchFailure(root, "`self` is not a real tensor");
  ir::Value *finite = self;
  if (ir::isFloatingPoint(self->getType().getDType()))
    finite = createAtenOp(rw, "aten.masked_fill.Scalar",
                          {{"self", self}, {"mask", isNan(rw, self)}},
                          {{"value", ir::Attribute::floating(0.0)}}, {self->getType()})
                 ->getResult(0);
  ir::Value *sum = createAtenOp(rw, "aten.sum.dim_IntList", {{"self", finite}},
                                reductionArgs(root, true), {root.getResult(0)->getType()})
                       ->getResult(0);
  rw.replaceOp(&root, {sum});
  return true;
}

bool decomposeNanMean(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !ir::isFloatingPoint(self->getType().getDType()))
    return rw.notifyMatchFailure(root, "`self` is not a floating-point tensor");
  ir::Type resultType = root.getResult(0)->getType();
  ir::Value *sum = createAtenOp(rw, "aten.nansum.default", {{"self", self}},
                                reductionArgs(root, true), {resultType})
                       ->getResult(0);
  ir::Value *present =
      createAtenOp(rw, "aten.logical_not.default", {{"self", isNan(rw, self)}}, {},
                   {self->getType().withDType(ir::DType::Bool)})
          ->getResult(0);
  ir::Value *count = createAtenOp(rw, "aten.sum.dim_IntList", {{"self", present}},
                                  reductionArgs(root, false),
                                  {resultType.withDType(ir::DType::Int64)})
                         ->getResult(0);
  ir::Value *mean =
      createAtenOp(rw, "aten.div.Tensor", {{"self", sum}, {"other", count}}, {}, {resultType})
          ->getResult(0);
  rw.replaceOp(&root, {mean});
  return true;
}

} // namespace

void addNanReductionDecompositions(DecompositionTable &table) {
  table.add("aten.nanmean.default", {"nan_reductions", decomposeNanMean});
  table.add("aten.nansum.default", {"nan_reductions", decomposeNanSum});
}

} // namespace pt2onnx::passes
