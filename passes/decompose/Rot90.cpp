//===- Rot90.cpp - rot90 as flips and a transpose ----------------------------===//
//
// `aten.rot90.default(self, k=1, dims=[0, 1])` turns the plane of `dims` by
// k quarter turns from dims[0] towards dims[1]. As torch computes it, with
// k taken modulo 4: one turn flips dims[1] then swaps the two dims, two turns
// flip both, three flip dims[0] then swap, and none is the tensor itself
// (`aten.alias`). torch requires two distinct dims of a tensor of rank 2 or
// more; anything else, or an unknown rank, leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeRot90(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked())
    return rw.notifyMatchFailure(root, "the rank of `self` is not known");
  int64_t rank = int64_t(self->getType().getRank());
  std::optional<int64_t> k = getIntArg(root, "k");
  llvm::SmallVector<int64_t, 2> dims = {0, 1};
  if (const ir::Attribute *attr = root.getAttr("dims")) {
    if (attr->getKind() != ir::Attribute::Kind::IntList)
      return rw.notifyMatchFailure(root, "`dims` is not a list of ints");
    dims.assign(attr->getIntList().begin(), attr->getIntList().end());
  }
  if (!k || rank < 2 || dims.size() != 2)
    return rw.notifyMatchFailure(root, "rot90 needs a rank of 2 or more and two dims");
  std::optional<int64_t> first = numerics::normalizeAxis(dims[0], rank);
  std::optional<int64_t> second = numerics::normalizeAxis(dims[1], rank);
  if (!first || !second || *first == *second)
    return rw.notifyMatchFailure(root, "`dims` are not two distinct dims of `self`");

  ir::DType dtype = self->getType().getDType();
  auto flip = [&](ir::Value *value, llvm::ArrayRef<int64_t> flipped) {
    return buildAten(rw, "aten.flip.default", {{"self", value}},
                     {{"dims", ir::Attribute::intList(flipped)}}, dtype);
  };
  ir::Type type = root.getResult(0)->getType();
  auto swap = [&](ir::Value *value) {
    return createAtenOp(rw, "aten.transpose.int", {{"self", value}},
                        {{"dim0", ir::Attribute::integer(*first)},
                         {"dim1", ir::Attribute::integer(*second)}},
                        {type})
        ->getResult(0);
  };
  ir::Value *result;
  switch (((*k % 4) + 4) % 4) {
  case 1:
    result = swap(flip(self, {*second}));
    break;
  case 2:
    result = flip(self, {*first, *second});
    break;
  case 3:
    result = swap(flip(self, {*first}));
    break;
  default:
    result = createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {type})->getResult(0);
    break;
  }
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addRot90Decompositions(DecompositionTable &table) {
  table.add("aten.rot90.default", {"shape", decomposeRot90});
}

} // namespace pt2onnx::passes
