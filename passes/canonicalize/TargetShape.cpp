//===- TargetShape.cpp - Whether an Expand or Reshape target is its input's ===//

#include "passes/canonicalize/TargetShape.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

bool targetIsInputShape(ir::Operation &root, KnownIntsAnalysis &ints, bool mayBeShorter,
                        llvm::function_ref<bool(size_t, const ir::SymExpr &)> readsAsDim,
                        llvm::StringRef refusal, ir::PatternRewriter &rw) {
  const KnownInts *shape = ints.lookup(root.getOperand(1));
  const ir::Type &in = root.getOperand(0)->getType();
  if (!shape)
    return rw.notifyMatchFailure(root, "the target shape is not known");
  bool lengthFits = in.isRanked() && (mayBeShorter ? shape->size() <= in.getRank()
                                                   : shape->size() == in.getRank());
  if (!lengthFits)
    return rw.notifyMatchFailure(root, mayBeShorter
                                           ? "the target adds dims to the input"
                                           : "the target's length is not the input's rank");
  size_t lead = in.getRank() - shape->size();
  for (auto [i, e] : llvm::enumerate(*shape)) {
    if (!e)
      return rw.notifyMatchFailure(root, "an entry of the target is not known");
    if (readsAsDim(i, e))
      continue;
    if (!ir::sameDim(in.getShape()[lead + i], ir::Dim::of(e)))
      return rw.notifyMatchFailure(root, "target entry " + llvm::Twine(i) + " " + refusal);
  }
  return true;
}

} // namespace pt2onnx::passes
