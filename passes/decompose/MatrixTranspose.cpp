//===- MatrixTranspose.cpp - mH, matrix_H and numpy_T as transposes ----------===//
//
// `aten.mH.default(self)` is the conjugate transpose of the last two dims,
// `aten.matrix_H.default(self)` that of a matrix (rank 2), and
// `aten.numpy_T.default(self)` reverses every dim (`self.permute(n-1..0)`).
// Of a real tensor the conjugate is the tensor itself, so mH and matrix_H
// are `aten.transpose.int` of dims -2 and -1; numpy_T is `aten.permute`, or
// an `aten.alias` for a rank below 2. A complex tensor, a rank torch
// refuses or an unknown rank leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// The rank of the root's `self`, if it is a ranked real tensor.
std::optional<int64_t> realRank(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked()) {
    rw.notifyMatchFailure(root, "the rank of `self` is not known");
    return std::nullopt;
  }
  if (isComplex(self->getType().getDType())) {
    rw.notifyMatchFailure(root, "`self` is complex: its conjugate is not lowered");
    return std::nullopt;
  }
  return int64_t(self->getType().getRank());
}

bool transposeLastTwo(ir::Operation &root, ir::PatternRewriter &rw, bool matrixOnly) {
  std::optional<int64_t> rank = realRank(root, rw);
  if (!rank)
    return false;
  if (matrixOnly ? *rank != 2 : *rank < 2)
    return rw.notifyMatchFailure(root, matrixOnly ? "`self` is not a matrix"
                                                  : "`self` is not a batch of matrices");
  ir::Operation *op = createAtenOp(
      rw, "aten.transpose.int", {{"self", root.getOperand(0)}},
      {{"dim0", ir::Attribute::integer(*rank - 2)}, {"dim1", ir::Attribute::integer(*rank - 1)}},
      {root.getResult(0)->getType()});
  rw.replaceOp(&root, {op->getResult(0)});
  return true;
}

bool decomposeMH(ir::Operation &root, ir::PatternRewriter &rw) {
  return transposeLastTwo(root, rw, /*matrixOnly=*/false);
}

bool decomposeMatrixH(ir::Operation &root, ir::PatternRewriter &rw) {
  return transposeLastTwo(root, rw, /*matrixOnly=*/true);
}

bool decomposeNumpyT(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> rank = realRank(root, rw);
  if (!rank)
    return false;
  ir::Value *self = root.getOperand(0);
  ir::Type type = root.getResult(0)->getType();
  ir::Operation *op;
  if (*rank < 2) {
    op = createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {type});
  } else {
    llvm::SmallVector<int64_t, 4> dims;
    for (int64_t d = *rank - 1; d >= 0; --d)
      dims.push_back(d);
    op = createAtenOp(rw, "aten.permute.default", {{"self", self}},
                      {{"dims", ir::Attribute::intList(dims)}}, {type});
  }
  rw.replaceOp(&root, {op->getResult(0)});
  return true;
}

} // namespace

void addMatrixTransposeDecompositions(DecompositionTable &table) {
  table.add("aten.mH.default", {"shape", decomposeMH});
  table.add("aten.matrix_H.default", {"shape", decomposeMatrixH});
  table.add("aten.numpy_T.default", {"shape", decomposeNumpyT});
}

} // namespace pt2onnx::passes
