//===- NoOpExpand.cpp - An Expand to a shape its input already has ---------===//
//
//   Expand(x, s) with every entry of s 1 or provably x's dim there -> x
//
// s may be shorter than x's rank (it broadcasts from the right), never
// longer: that would add dims.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class NoOpExpand : public CanonicalizePattern {
public:
  explicit NoOpExpand(CanonicalizeContext &context)
      : CanonicalizePattern("drop-no-op-expand", {"onnx.Expand"}, context, 2) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *x = root.getOperand(0);
    const KnownInts *shape = context.getInts().lookup(root.getOperand(1));
    const ir::Type &in = x->getType();
    if (!shape)
      return rw.notifyMatchFailure(root, "the target shape is not known");
    if (!in.isRanked() || shape->size() > in.getRank())
      return rw.notifyMatchFailure(root, "the target adds dims to the input");
    size_t lead = in.getRank() - shape->size();
    for (auto [i, e] : llvm::enumerate(*shape)) {
      if (!e)
        return rw.notifyMatchFailure(root, "an entry of the target is not known");
      if (e.getConstant() == 1)
        continue;
      if (!ir::sameDim(in.getShape()[lead + i], ir::Dim::of(e)))
        return rw.notifyMatchFailure(root, "target entry " + llvm::Twine(i) +
                                               " is neither 1 nor the input's dim");
    }
    rw.replaceOp(&root, {x});
    return true;
  }
};

} // namespace

void addNoOpExpandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<NoOpExpand>(context);
}

} // namespace pt2onnx::passes
