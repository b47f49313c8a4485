//===- ChunkCat.cpp - _chunk_cat as pads, reshapes and one cat ---------------===//
//
// `aten._chunk_cat.default(tensors, dim, num_chunks)` cuts each tensor into
// `num_chunks` equal chunks along `dim`, padding that dim with zeros at its
// end to a multiple of `num_chunks` first, flattens each chunk with the dims
// after `dim`, and concatenates the tensors' chunks side by side: tensor t
// of shape [lead..., d, rest...] becomes [lead..., num_chunks, -1] (one
// `aten.constant_pad_nd` where d needs it, `aten.flatten.using_ints` of
// the dims from `dim` on and `aten.unflatten.int`), and those are joined
// by `aten.cat.default` along dim + 1. torch requires every tensor to have
// the same rank; the dims from `dim` on must be static here. Otherwise the
// op is left alone.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeChunkCat(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> givenDim = getIntArg(root, "dim");
  std::optional<int64_t> chunks = getIntArg(root, "num_chunks");
  if (!givenDim || !chunks || *chunks <= 0 || root.getNumOperands() == 0)
    return rw.notifyMatchFailure(root, "`dim` or `num_chunks` is not valid");
  const ir::Type &first = root.getOperand(0)->getType();
  if (!first.isTensor() || !first.isRanked() || first.getRank() == 0)
    return rw.notifyMatchFailure(root, "the rank of the tensors is not known");
  int64_t rank = int64_t(first.getRank());
  std::optional<int64_t> dim = numerics::normalizeAxis(*givenDim, rank);
  if (!dim)
    return rw.notifyMatchFailure(root, "`dim` is not a dim of the tensors");
  ir::DType dtype = root.getResult(0)->getType().getDType();

  llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 4> pieces;
  for (ir::Value *tensor : root.getOperands()) {
    const ir::Type &type = tensor->getType();
    if (!type.isTensor() || !type.isRanked() || int64_t(type.getRank()) != rank)
      return rw.notifyMatchFailure(root, "the tensors do not all have the same known rank");
    for (int64_t d = *dim; d < rank; ++d)
      if (!type.getShape()[d].isStatic())
        return rw.notifyMatchFailure(root, "a dim from `dim` on is not static");
  }
  for (ir::Value *tensor : root.getOperands()) {
    const ir::Type &type = tensor->getType();
    int64_t size = type.getShape()[*dim].getSize();
    int64_t padding = (size + *chunks - 1) / *chunks * *chunks - size;
    ir::Value *value = tensor;
    if (padding > 0) {
      llvm::SmallVector<int64_t, 8> pad(2 * (rank - *dim), 0);
      pad.back() = padding;
      value = buildAten(rw, "aten.constant_pad_nd.default", {{"self", value}},
                        {{"pad", ir::Attribute::intList(pad)}}, type.getDType());
    }
    value = buildAten(rw, "aten.flatten.using_ints", {{"self", value}},
                      {{"start_dim", ir::Attribute::integer(*dim)},
                       {"end_dim", ir::Attribute::integer(rank - 1)}},
                      type.getDType());
    value = buildAten(
        rw, "aten.unflatten.int", {{"self", value}},
        {{"dim", ir::Attribute::integer(*dim)}, {"sizes", ir::Attribute::intList({*chunks, -1})}},
        type.getDType());
    pieces.push_back({"tensors", value});
  }
  ir::Operation *cat =
      createAtenOp(rw, "aten.cat.default", pieces, {{"dim", ir::Attribute::integer(*dim + 1)}},
                   {root.getResult(0)->getType().withDType(dtype)});
  rw.replaceOp(&root, {cat->getResult(0)});
  return true;
}

} // namespace

void addChunkCatDecompositions(DecompositionTable &table) {
  table.add("aten._chunk_cat.default", {"shape", decomposeChunkCat});
}

} // namespace pt2onnx::passes
