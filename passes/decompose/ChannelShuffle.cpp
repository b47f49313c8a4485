//===- ChannelShuffle.cpp - channel_shuffle as unflatten, transpose, flatten -===//
//
// `aten.channel_shuffle.default(self, groups)` (and
// `aten.native_channel_shuffle`, the same values) takes the C channels of
// [N, C, *] as `groups` groups of C / groups and interleaves them: channel
// g * (C / groups) + i moves to i * groups + g. That is dim 1 unflattened to
// [groups, C / groups], those two dims swapped, and flattened back. torch
// requires a rank above 2 and C divisible by `groups`; a C that is not
// static, or anything torch refuses, leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeChannelShuffle(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked() ||
      self->getType().getRank() < 3)
    return rw.notifyMatchFailure(root, "`self` is not a tensor of rank 3 or more");
  const ir::Dim &channels = self->getType().getShape()[1];
  std::optional<int64_t> groups = getIntArg(root, "groups");
  if (!groups || !channels.isStatic() || *groups <= 0 || channels.getSize() % *groups != 0)
    return rw.notifyMatchFailure(root, "the channels are not static and divisible by `groups`");
  ir::DType dtype = self->getType().getDType();
  ir::Value *grouped =
      buildAten(rw, "aten.unflatten.int", {{"self", self}},
                {{"dim", ir::Attribute::integer(1)},
                 {"sizes", ir::Attribute::intList({*groups, channels.getSize() / *groups})}},
                dtype);
  ir::Value *swapped =
      buildAten(rw, "aten.transpose.int", {{"self", grouped}},
                {{"dim0", ir::Attribute::integer(1)}, {"dim1", ir::Attribute::integer(2)}}, dtype);
  ir::Operation *op = createAtenOp(
      rw, "aten.flatten.using_ints", {{"self", swapped}},
      {{"start_dim", ir::Attribute::integer(1)}, {"end_dim", ir::Attribute::integer(2)}},
      {root.getResult(0)->getType()});
  rw.replaceOp(&root, {op->getResult(0)});
  return true;
}

} // namespace

void addChannelShuffleDecompositions(DecompositionTable &table) {
  table.add("aten.channel_shuffle.default", {"shape", decomposeChannelShuffle});
  table.add("aten.native_channel_shuffle.default", {"shape", decomposeChannelShuffle});
}

} // namespace pt2onnx::passes
