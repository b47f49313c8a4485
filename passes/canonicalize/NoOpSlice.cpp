//===- NoOpSlice.cpp - A Slice that keeps every element in order -----------===//
//
//   Slice(x, starts 0, ends >= the dim, axes, steps 1) -> x
//
// An end counts as the whole dim when it is at least the static dim, at
// least 2^53 (what exporters write for "to the end"), or the dim's own
// symbolic expression.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "ir/numerics/Axis.h"

namespace pt2onnx::passes {

namespace {

class NoOpSlice : public CanonicalizePattern {
public:
  explicit NoOpSlice(CanonicalizeContext &context)
      : CanonicalizePattern("drop-no-op-slice", {"onnx.Slice"}, context, 3) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *x = root.getOperand(0);
    const ir::Type &in = x->getType();
    if (!in.isRanked())
      return rw.notifyMatchFailure(root, "the input's rank is unknown");
    KnownIntsAnalysis &ints = context.getInts();
    const KnownInts *starts = ints.lookup(root.getOperand(1)),
                    *ends = ints.lookup(root.getOperand(2));
    if (!starts || !ends || starts->size() != ends->size())
      return rw.notifyMatchFailure(root, "starts and ends are not known");
    size_t n = starts->size();
    Ints axes, steps(n, 1);
    auto present = [&](unsigned i) {
      return root.getNumOperands() > i && !root.getOperand(i)->getType().isNone();
    };
    if (present(3)) {
      auto a = ints.lookupConstants(root.getOperand(3));
      if (!a || a->size() != n)
        return rw.notifyMatchFailure(root, "the axes are not constant");
      axes = *a;
    } else {
      for (size_t i = 0; i < n; ++i)
        axes.push_back(int64_t(i));
    }
    if (present(4)) {
      auto s = ints.lookupConstants(root.getOperand(4));
      if (!s || s->size() != n)
        return rw.notifyMatchFailure(root, "the steps are not constant");
      steps = *s;
    }
    int64_t rank = int64_t(in.getRank());
    for (size_t i = 0; i < n; ++i) {
      std::optional<int64_t> axis = numerics::normalizeAxis(axes[i], rank);
      if (!axis || steps[i] != 1)
        return rw.notifyMatchFailure(root, "an axis is out of range or a step is not 1");
      const ir::Dim &d = in.getShape()[size_t(*axis)];
      ir::SymExpr start = (*starts)[i], end = (*ends)[i];
      if (!start || !end || start.getConstant() != 0)
        return rw.notifyMatchFailure(root, "a start is not 0");
      std::optional<int64_t> c = end.getConstant();
      bool toEnd = (c && d.isStatic() && *c >= d.getSize()) ||
                   (c && *c >= (int64_t(1) << 53)) || ir::sameDim(d, ir::Dim::of(end));
      if (!toEnd)
        return rw.notifyMatchFailure(root, "the end on axis " + llvm::Twine(*axis) +
                                               " may stop short of the dim");
    }
    rw.replaceOp(&root, {x});
    return true;
  }
};

} // namespace

void addNoOpSlicePatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<NoOpSlice>(context);
}

} // namespace pt2onnx::passes
