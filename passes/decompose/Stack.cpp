//===- Stack.cpp - atleast_Nd and the stacks built on them -------------------===//
//
// `aten.atleast_{1,2,3}d` give a tensor of rank below N unit dims: a rank-0
// tensor becomes [1], [1, 1] or [1, 1, 1]; a rank-1 tensor [n] becomes
// [1, n] or [1, n, 1]; a rank-2 tensor [m, n] becomes [m, n, 1]. Each is
// unsqueezes (the `.Sequence` overloads, one per tensor); a tensor of rank N
// or more is itself (an alias). The stacks concatenate their tensors so
// adjusted: `hstack` atleast_1d along dim 0 when the first tensor has rank
// 1 and dim 1 otherwise, `vstack` atleast_2d along dim 0, `dstack`
// atleast_3d along dim 2, and `column_stack` along dim 1 after making each
// tensor of rank 0 or 1 a column ([1, 1] or [n, 1]). The concatenation
// promotes dtypes as `aten.cat` does. An unranked tensor leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// The positions at which unit dims are inserted, one after the other, into
/// a tensor of rank `rank` to give it the shape atleast_<n>d gives.
llvm::SmallVector<int64_t, 3> atLeastUnsqueezes(int64_t n, int64_t rank) {
  if (rank >= n)
    return {};
  if (rank == 0)
    return llvm::SmallVector<int64_t, 3>(n, 0);
  if (n == 2)
    return {0};
  return rank == 1 ? llvm::SmallVector<int64_t, 3>{0, 2} : llvm::SmallVector<int64_t, 3>{2};
}

/// The positions column_stack's unsqueezes insert unit dims at.
llvm::SmallVector<int64_t, 3> columnUnsqueezes(int64_t rank) {
  if (rank == 0)
    return {0, 0};
  if (rank == 1)
    return {1};
  return {};
}

bool allRanked(const ir::Operation &root) {
  return llvm::all_of(root.getOperands(), [](ir::Value *v) {
    return v->getType().isTensor() && v->getType().isRanked();
  });
}

/// atleast_<n>d of every operand, each giving one result.
bool decomposeAtLeast(int64_t n, ir::Operation &root, ir::PatternRewriter &rw) {
  if (!allRanked(root))
    return rw.notifyMatchFailure(root, "the rank of a tensor is not known");
  llvm::SmallVector<ir::Value *, 4> results;
  for (ir::Value *operand : root.getOperands()) {
    llvm::SmallVector<int64_t, 3> positions = atLeastUnsqueezes(n, operand->getType().getRank());
    results.push_back(
        positions.empty()
            ? createAtenOp(rw, "aten.alias.default", {{"self", operand}}, {}, {operand->getType()})
                  ->getResult(0)
            : unsqueezeAt(rw, operand, positions));
  }
  rw.replaceOp(&root, results);
  return true;
}

/// `aten.cat` along `dim` of the operands, each with unit dims inserted at
/// the positions `unsqueezes` gives for its rank.
bool decomposeStack(ir::Operation &root, ir::PatternRewriter &rw,
                    llvm::function_ref<llvm::SmallVector<int64_t, 3>(int64_t rank)> unsqueezes,
                    llvm::function_ref<int64_t(int64_t firstRank)> dim) {
  if (root.getNumOperands() == 0)
    return rw.notifyMatchFailure(root, "there are no tensors");
  if (!allRanked(root))
    return rw.notifyMatchFailure(root, "the rank of a tensor is not known");
  llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 4> tensors;
  for (ir::Value *operand : root.getOperands())
    tensors.push_back(
        {"tensors", unsqueezeAt(rw, operand, unsqueezes(operand->getType().getRank()))});
  int64_t catDim = dim(tensors.front().second->getType().getRank());
  ir::Operation *cat =
      createAtenOp(rw, "aten.cat.default", tensors, {{"dim", ir::Attribute::integer(catDim)}},
                   {root.getResult(0)->getType()});
  rw.replaceOp(&root, {cat->getResult(0)});
  return true;
}

template <int64_t N> bool decomposeAtLeastN(ir::Operation &root, ir::PatternRewriter &rw) {
  return decomposeAtLeast(N, root, rw);
}

template <int64_t N> llvm::SmallVector<int64_t, 3> atLeastNUnsqueezes(int64_t rank) {
  return atLeastUnsqueezes(N, rank);
}

bool decomposeHStack(ir::Operation &root, ir::PatternRewriter &rw) {
  return decomposeStack(root, rw, atLeastNUnsqueezes<1>,
                        [](int64_t firstRank) -> int64_t { return firstRank == 1 ? 0 : 1; });
}

bool decomposeVStack(ir::Operation &root, ir::PatternRewriter &rw) {
  return decomposeStack(root, rw, atLeastNUnsqueezes<2>, [](int64_t) -> int64_t { return 0; });
}

bool decomposeDStack(ir::Operation &root, ir::PatternRewriter &rw) {
  return decomposeStack(root, rw, atLeastNUnsqueezes<3>, [](int64_t) -> int64_t { return 2; });
}

bool decomposeColumnStack(ir::Operation &root, ir::PatternRewriter &rw) {
  return decomposeStack(root, rw, columnUnsqueezes, [](int64_t) -> int64_t { return 1; });
}

} // namespace

void addStackDecompositions(DecompositionTable &table) {
  table.add("aten.atleast_1d.default", {"shape", decomposeAtLeastN<1>});
  table.add("aten.atleast_1d.Sequence", {"shape", decomposeAtLeastN<1>});
  table.add("aten.atleast_2d.default", {"shape", decomposeAtLeastN<2>});
  table.add("aten.atleast_2d.Sequence", {"shape", decomposeAtLeastN<2>});
  table.add("aten.atleast_3d.default", {"shape", decomposeAtLeastN<3>});
  table.add("aten.atleast_3d.Sequence", {"shape", decomposeAtLeastN<3>});
  table.add("aten.column_stack.default", {"shape", decomposeColumnStack});
  table.add("aten.dstack.default", {"shape", decomposeDStack});
  table.add("aten.hstack.default", {"shape", decomposeHStack});
  table.add("aten.vstack.default", {"shape", decomposeVStack});
}

} // namespace pt2onnx::passes
