//===- SameTypeView.cpp - A view op whose result type is its input's -------===//
//
//   Reshape, Squeeze, Unsqueeze, Flatten, Expand of x to x's own type -> x
//
// Only when the type has no unknown dims: two unknown dims may differ.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

namespace pt2onnx::passes {

namespace {

class SameTypeView : public CanonicalizePattern {
public:
  explicit SameTypeView(CanonicalizeContext &context)
      : CanonicalizePattern(
            "drop-same-type-view",
            {"onnx.Reshape", "onnx.Squeeze", "onnx.Unsqueeze", "onnx.Flatten", "onnx.Expand"},
            context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *x = root.getOperand(0);
    const ir::Type &t = root.getResult(0)->getType();
    if (!ir::isFullyKnown(t))
      return rw.notifyMatchFailure(root, "the result type has unknown dims");
    if (x->getType() != t)
      return rw.notifyMatchFailure(root, "the result type is not the input's");
    rw.replaceOp(&root, {x});
    return true;
  }
};

} // namespace

void addSameTypeViewPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<SameTypeView>(context);
}

} // namespace pt2onnx::passes
