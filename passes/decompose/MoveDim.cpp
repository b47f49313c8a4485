//===- MoveDim.cpp - movedim with lists of dims as a permute ----------------===//
//
// `aten.movedim.intlist(self, source, destination)` moves dim source[i] to
// position destination[i] and keeps the other dims in their order, in the
// positions left free: it is `aten.permute.default` with the order built the
// way torch builds it. Both lists are normalized against the rank; lists of
// different lengths, out-of-range or repeated dims (which torch rejects
// before a program is exported) leave the op alone. Of a tensor of rank 0 or
// 1 it is the tensor itself, as torch returns `self.alias()`.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

#include "llvm/ADT/SmallBitVector.h"

namespace pt2onnx::passes {

namespace {

/// The permutation torch's movedim builds, or nullopt when the dims are not
/// valid for `rank`.
std::optional<llvm::SmallVector<int64_t, 4>> moveDimOrder(int64_t rank,
                                                          llvm::ArrayRef<int64_t> source,
                                                          llvm::ArrayRef<int64_t> destination) {
  if (source.size() != destination.size())
    return std::nullopt;
  // Dims of a rank-0 tensor wrap as if it had one dim, as in torch.
  rank = std::max<int64_t>(rank, 1);
  llvm::SmallVector<int64_t, 4> order(rank, -1);
  llvm::SmallBitVector sourceUsed(rank);
  for (auto [givenFrom, givenTo] : llvm::zip(source, destination)) {
    if (givenFrom < -rank || givenFrom >= rank || givenTo < -rank || givenTo >= rank)
      return std::nullopt;
    int64_t from = givenFrom < 0 ? givenFrom + rank : givenFrom;
    int64_t to = givenTo < 0 ? givenTo + rank : givenTo;
    if (sourceUsed.test(from) || order[to] != -1)
      return std::nullopt;
    sourceUsed.set(from);
    order[to] = from;
  }
  // The dims not moved fill the free positions in increasing order.
  int64_t next = 0;
  for (int64_t &position : order) {
    if (position != -1)
      continue;
    while (sourceUsed.test(next))
      ++next;
    position = next++;
  }
  return order;
}

bool decomposeMoveDim(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = root.getOperand(0);
  const ir::Type &type = self->getType();
  if (!type.isTensor() || !type.isRanked())
    return rw.notifyMatchFailure(root, "the rank of `self` is not known");
  const ir::Attribute *source = root.getAttr("source");
  const ir::Attribute *destination = root.getAttr("destination");
  if (!source || !destination || source->getKind() != ir::Attribute::Kind::IntList ||
      destination->getKind() != ir::Attribute::Kind::IntList)
    return rw.notifyMatchFailure(root, "`source` or `destination` is not a list of ints");
  int64_t rank = type.getRank();
  std::optional<llvm::SmallVector<int64_t, 4>> order =
      moveDimOrder(rank, source->getIntList(), destination->getIntList());
  if (!order)
    return rw.notifyMatchFailure(root, "the dims are not distinct dims of `self`");
  ir::Type resultType = root.getResult(0)->getType();
  ir::Operation *op =
      rank <= 1 ? createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {resultType})
                : createAtenOp(rw, "aten.permute.default", {{"self", self}},
                               {{"dims", ir::Attribute::intList(*order)}}, {resultType});
  rw.replaceOp(&root, {op->getResult(0)});
  return true;
}

} // namespace

void addMoveDimDecompositions(DecompositionTable &table) {
  table.add("aten.movedim.intlist", {"shape", decomposeMoveDim});
}

} // namespace pt2onnx::passes
