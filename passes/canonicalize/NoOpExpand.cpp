//===- NoOpExpand.cpp - An Expand to a shape its input already has ---------===//
//
//   Expand(x, s) with every entry of s 1 or provably x's dim there -> x
//
// s may be shorter than x's rank (it broadcasts from the right), never
// longer: that would add dims.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/TargetShape.h"

namespace pt2onnx::passes {

namespace {

class NoOpExpand : public CanonicalizePattern {
public:
  explicit NoOpExpand(CanonicalizeContext &context)
      : CanonicalizePattern("drop-no-op-expand", {"onnx.Expand"}, context, 2) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    auto isOne = [](size_t, const ir::SymExpr &e) { return e.getConstant() == 1; };
    if (!targetIsInputShape(root, context.getInts(), /*mayBeShorter=*/true, isOne,
                            "is neither 1 nor the input's dim", rw))
      return false;
    rw.replaceOp(&root, {root.getOperand(0)});
    return true;
  }
};

} // namespace

void addNoOpExpandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<NoOpExpand>(context);
}

} // namespace pt2onnx::passes
