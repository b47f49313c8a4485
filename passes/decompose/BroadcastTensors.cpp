//===- BroadcastTensors.cpp - broadcast_tensors as one expand a tensor -------===//
//
// `aten.broadcast_tensors.default(tensors)` gives each tensor the shape of
// all of them broadcast, which its result's type already holds (torch.export
// records it; the losses of torch.nn.functional call it before the loss). A
// tensor that already has its result's type is its own result; any other
// becomes an `aten.expand.default` to its result's shape, which must then be
// static.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeBroadcastTensors(ir::Operation &root, ir::PatternRewriter &rw) {
  if (root.getNumOperands() != root.getNumResults())
    return rw.notifyMatchFailure(root, "the op does not have one result per tensor");
  for (auto [operand, result] : llvm::zip(root.getOperands(), root.getResults()))
    if (operand->getType() != result.getType() && !result.getType().hasStaticShape())
      return rw.notifyMatchFailure(root, "a tensor is broadcast to a shape that is not static");
  llvm::SmallVector<ir::Value *, 4> results;
  for (auto [operand, result] : llvm::zip(root.getOperands(), root.getResults())) {
    const ir::Type &type = result.getType();
    if (operand->getType() == type) {
      results.push_back(operand);
      continue;
    }
    llvm::SmallVector<int64_t, 4> size;
    for (const ir::Dim &dim : type.getShape())
      size.push_back(dim.getSize());
    results.push_back(createAtenOp(rw, "aten.expand.default", {{"self", operand}},
                                   {{"size", ir::Attribute::intList(size)}}, {type})
                          ->getResult(0));
  }
  rw.replaceOp(&root, results);
  return true;
}

} // namespace

void addBroadcastTensorsDecompositions(DecompositionTable &table) {
  table.add("aten.broadcast_tensors.default", {"shape", decomposeBroadcastTensors});
}

} // namespace pt2onnx::passes
