//===- Flip.cpp - fliplr and flipud as flip ----------------------------------===//
//
// `aten.fliplr.default(self)` reverses dim 1, `aten.flipud.default(self)`
// dim 0: `aten.flip.default` with that one dim. torch requires a rank of at
// least 2 and 1; a smaller or unknown rank leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool flipDim(int64_t dim, ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = root.getOperand(0);
  const ir::Type &type = self->getType();
  if (!type.isTensor() || !type.isRanked() || int64_t(type.getRank()) <= dim)
    return rw.notifyMatchFailure(root, "`self` has no dim " + llvm::Twine(dim));
  ir::Operation *op = createAtenOp(rw, "aten.flip.default", {{"self", self}},
                                   {{"dims", ir::Attribute::intList({dim})}},
                                   {root.getResult(0)->getType()});
  rw.replaceOp(&root, {op->getResult(0)});
  return true;
}

} // namespace

void addFlipDecompositions(DecompositionTable &table) {
  table.add("aten.fliplr.default",
            {"shape", [](ir::Operation &root, ir::PatternRewriter &rw) {
               return flipDim(1, root, rw);
             }});
  table.add("aten.flipud.default",
            {"shape", [](ir::Operation &root, ir::PatternRewriter &rw) {
               return flipDim(0, root, rw);
             }});
}

} // namespace pt2onnx::passes
