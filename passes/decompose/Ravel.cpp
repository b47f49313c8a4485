//===- Ravel.cpp - ravel as a reshape to one dim -----------------------------===//
//
// `aten.ravel.default(self)` is `self.reshape(-1)`: all elements in one dim,
// a tensor of rank 0 becoming one of shape [1], as in torch.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeRavel(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Operation *op =
      createAtenOp(rw, "aten.reshape.default", {{"self", root.getOperand(0)}},
                   {{"shape", ir::Attribute::intList({-1})}}, {root.getResult(0)->getType()});
  rw.replaceOp(&root, {op->getResult(0)});
  return true;
}

} // namespace

void addRavelDecompositions(DecompositionTable &table) {
  table.add("aten.ravel.default", {"shape", decomposeRavel});
}

} // namespace pt2onnx::passes
