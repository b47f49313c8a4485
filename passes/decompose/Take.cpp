//===- Take.cpp - take and take_along_dim, gathers by flat or per-dim index --===//
//
// `aten.take.default(self, index)` reads the flattened self at each index
// (negative ones count from the end), in index's shape:
// `self.view(-1)[index]`, an `aten.index.Tensor` of one index.
//
// `aten.take_along_dim.default(self, indices, dim)` is `aten.gather` after
// broadcasting self and indices against each other in every dim but `dim`
// (torch.take_along_dim's rule); without a dim it gathers from the
// flattened self by the flattened indices. The broadcasts are
// `aten.expand` with -1 for the dims that stay; a dim that must grow to a
// size not known at compile time leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool isRankedTensor(const ir::Value *value) {
  return value && value->getType().isTensor() && value->getType().isRanked();
}

/// `value` flattened to one dim.
ir::Value *flatten(ir::PatternRewriter &rw, ir::Value *value) {
  return buildAten(rw, "aten.view.default", {{"self", value}},
                   {{"size", ir::Attribute::intList({-1})}}, value->getType().getDType());
}

bool decomposeTake(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *index = getTensorArg(root, "index");
  if (!isRankedTensor(self) || !isRankedTensor(index))
    return rw.notifyMatchFailure(root, "the rank of `self` or `index` is not known");
  ir::Value *taken =
      createAtenOp(rw, "aten.index.Tensor", {{"self", flatten(rw, self)}, {"indices", index}}, {},
                   {root.getResult(0)->getType()})
          ->getResult(0);
  rw.replaceOp(&root, {taken});
  return true;
}

/// The sizes that expand `from` to the broadcast of it with `with` in every
/// dim but `dim`: -1 where `from` keeps its size; nullopt when a dim would
/// grow to a size not known at compile time, or the two do not broadcast.
std::optional<llvm::SmallVector<int64_t, 4>> broadcastSizes(const ir::Type &from,
                                                            const ir::Type &with, int64_t dim) {
  llvm::SmallVector<int64_t, 4> sizes;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(from.getShape(), with.getShape()))) {
    const auto &[a, b] = pair;
    if (int64_t(i) == dim || a == b || b == ir::Dim(1)) {
      sizes.push_back(-1);
      continue;
    }
    if (a != ir::Dim(1) || !b.isStatic())
      return std::nullopt;
    sizes.push_back(b.getSize());
  }
  return sizes;
}

/// `value` expanded by `sizes` unless every size stays.
ir::Value *expandTo(ir::PatternRewriter &rw, ir::Value *value, llvm::ArrayRef<int64_t> sizes) {
  if (llvm::all_of(sizes, [](int64_t s) { return s == -1; }))
    return value;
  return buildAten(rw, "aten.expand.default", {{"self", value}},
                   {{"size", ir::Attribute::intList(sizes)}}, value->getType().getDType());
}

bool decomposeTakeAlongDim(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *indices = getTensorArg(root, "indices");
  if (!isRankedTensor(self) || !isRankedTensor(indices))
    return rw.notifyMatchFailure(root, "the rank of `self` or `indices` is not known");
  const ir::Attribute *dimAttr = root.getAttr("dim");
  ir::Type resultType = root.getResult(0)->getType();
  if (!dimAttr || dimAttr->isUnit()) {
    ir::Value *gathered =
        createAtenOp(rw, "aten.gather.default",
                     {{"self", flatten(rw, self)}, {"index", flatten(rw, indices)}},
                     {{"dim", ir::Attribute::integer(0)}}, {resultType})
            ->getResult(0);
    rw.replaceOp(&root, {gathered});
    return true;
  }
  const ir::Type &st = self->getType(), &it = indices->getType();
  std::optional<int64_t> dim = getIntArg(root, "dim");
  if (dim)
    dim = numerics::normalizeAxis(*dim, int64_t(st.getRank()));
  if (!dim || st.getRank() == 0 || st.getRank() != it.getRank())
    return rw.notifyMatchFailure(root, "`dim` is not a dim of `self`, or `indices` has another "
                                       "rank");
  std::optional<llvm::SmallVector<int64_t, 4>> selfSizes = broadcastSizes(st, it, *dim);
  std::optional<llvm::SmallVector<int64_t, 4>> indexSizes = broadcastSizes(it, st, *dim);
  if (!selfSizes || !indexSizes)
    return rw.notifyMatchFailure(root, "`self` and `indices` broadcast to a size not known at "
                                       "compile time");
  ir::Value *gathered =
      createAtenOp(rw, "aten.gather.default",
                   {{"self", expandTo(rw, self, *selfSizes)},
                    {"index", expandTo(rw, indices, *indexSizes)}},
                   {{"dim", ir::Attribute::integer(*dim)}}, {resultType})
          ->getResult(0);
  rw.replaceOp(&root, {gathered});
  return true;
}

} // namespace

void addTakeDecompositions(DecompositionTable &table) {
  table.add("aten.take.default", {"take", decomposeTake});
  table.add("aten.take_along_dim.default", {"take", decomposeTakeAlongDim});
}

} // namespace pt2onnx::passes
