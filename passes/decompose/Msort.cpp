//===- Msort.cpp - msort as a sort along the first dim -----------------------===//
//
// `aten.msort.default(self)` is `torch.sort(self, dim=0).values`: the values
// of `aten.sort.default` along dim 0, ascending.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeMsort(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  const ir::Type &type = root.getResult(0)->getType();
  if (!self || !type.isTensor())
    return rw.notifyMatchFailure(root, "`self` is not a tensor");
  ir::Operation *sort =
      createAtenOp(rw, "aten.sort.default", {{"self", self}}, {{"dim", ir::Attribute::integer(0)}},
                   {type, type.withDType(ir::DType::Int64)});
  rw.replaceOp(&root, {sort->getResult(0)});
  return true;
}

} // namespace

void addMsortDecompositions(DecompositionTable &table) {
  table.add("aten.msort.default", {"sort", decomposeMsort});
}

} // namespace pt2onnx::passes
