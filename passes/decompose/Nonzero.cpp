//===- Nonzero.cpp - Where a tensor is non-zero: counts and index lists ------===//
//
// `aten.count_nonzero` (all dims, one dim, or a list of them) is
// `(self != 0).sum(dim, dtype=int64)`; an empty dim list counts over every
// dim, as torch does.
//
// `aten.nonzero_numpy.default(self)` is numpy's `nonzero`: one 1-D index
// tensor per dim, the columns of `aten.nonzero` (`nonzero(self).unbind(1)`);
// a 0-d tensor counts as one of shape [1]. The columns are `aten.select.int`
// of the [n, rank] indices. `aten.where.default(condition)`, torch.where with
// one argument, is the same op.
//
// `aten.argwhere` is `aten.nonzero` (an alias: see Aliases.cpp).
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeCountNonzero(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked())
    return rw.notifyMatchFailure(root, "the rank of `self` is not known");
  int64_t rank = int64_t(self->getType().getRank());
  llvm::SmallVector<int64_t, 4> dims;
  if (const ir::Attribute *dim = root.getAttr("dim"); dim && !dim->isUnit()) {
    if (dim->getKind() == ir::Attribute::Kind::Int)
      dims.push_back(dim->getInt());
    else if (dim->getKind() == ir::Attribute::Kind::IntList)
      llvm::append_range(dims, dim->getIntList());
    else
      return rw.notifyMatchFailure(root, "`dim` is neither an int nor a list of ints");
  }
  for (int64_t &d : dims) {
    std::optional<int64_t> normalized = numerics::normalizeAxis(d, std::max<int64_t>(rank, 1));
    if (!normalized)
      return rw.notifyMatchFailure(root, "`dim` is not a dim of `self`");
    d = *normalized;
  }
  ir::Value *nonzero = buildAten(rw, "aten.ne.Scalar", {{"self", self}},
                                 {{"other", ir::Attribute::integer(0)}}, ir::DType::Bool);
  llvm::SmallVector<ir::NamedAttribute, 2> attrs{{"dtype", ir::Attribute::dtype(ir::DType::Int64)}};
  if (!dims.empty() && rank > 0)
    attrs.push_back({"dim", ir::Attribute::intList(dims)});
  ir::Value *count =
      createAtenOp(rw, dims.empty() || rank == 0 ? "aten.sum.default" : "aten.sum.dim_IntList",
                   {{"self", nonzero}}, attrs, {root.getResult(0)->getType()})
          ->getResult(0);
  rw.replaceOp(&root, {count});
  return true;
}

bool decomposeNonzeroNumpy(ir::Operation &root, ir::PatternRewriter &rw) {
  // nonzero_numpy names its operand `self`, where `condition`.
  ir::Value *self = getTensorArg(root, "self");
  if (!self)
    self = getTensorArg(root, "condition");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked() ||
      root.getNumResults() == 0 || !root.getResult(0)->getType().isRanked() ||
      root.getResult(0)->getType().getRank() != 1)
    return rw.notifyMatchFailure(root, "the rank of `self` or of the results is not known");
  int64_t rank = int64_t(self->getType().getRank());
  if (rank == 0) {
    self = createAtenOp(rw, "aten.view.default", {{"self", self}},
                        {{"size", ir::Attribute::intList({1})}},
                        {self->getType().withShape({ir::Dim(1)})})
               ->getResult(0);
    rank = 1;
  }
  if (int64_t(root.getNumResults()) != rank)
    return rw.notifyMatchFailure(root, "the results are not one per dim of `self`");
  ir::Dim count = root.getResult(0)->getType().getShape()[0];
  ir::Value *indices =
      createAtenOp(rw, "aten.nonzero.default", {{"self", self}}, {},
                   {ir::Type::tensor(ir::DType::Int64, {count, ir::Dim(rank)})})
          ->getResult(0);
  llvm::SmallVector<ir::Value *, 4> columns;
  for (int64_t i = 0; i < rank; ++i)
    columns.push_back(
        createAtenOp(rw, "aten.select.int", {{"self", indices}},
                     {{"dim", ir::Attribute::integer(1)}, {"index", ir::Attribute::integer(i)}},
                     {root.getResult(unsigned(i))->getType()})
            ->getResult(0));
  rw.replaceOp(&root, columns);
  return true;
}

} // namespace

void addNonzeroDecompositions(DecompositionTable &table) {
  table.add("aten.count_nonzero.default", {"nonzero", decomposeCountNonzero});
  table.add("aten.count_nonzero.dim_IntList", {"nonzero", decomposeCountNonzero});
  table.add("aten.nonzero_numpy.default", {"nonzero", decomposeNonzeroNumpy});
  table.add("aten.where.default", {"nonzero", decomposeNonzeroNumpy});
}

} // namespace pt2onnx::passes
