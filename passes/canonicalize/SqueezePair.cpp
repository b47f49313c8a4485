//===- SqueezePair.cpp - A Squeeze or Unsqueeze of a Squeeze or Unsqueeze --===//
//
//   Unsqueeze(Unsqueeze(x, a), b), Squeeze(Squeeze(x, a), b)
//                                      -> one op over the merged axes
//   Squeeze(Unsqueeze(x, a), a), Unsqueeze(Squeeze(x, a), a)  -> x
//
// Both ops' axes must be constant. The merged op spells its axes as the
// root does (an input, or an attribute in older opsets).
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class SqueezePair : public CanonicalizePattern {
public:
  explicit SqueezePair(CanonicalizeContext &context)
      : CanonicalizePattern("fold-squeeze-pair", {"onnx.Squeeze", "onnx.Unsqueeze"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Operation *inner = root.getOperand(0)->getDefiningOp();
    if (!isView(inner) || (!inner->isa("onnx.Squeeze") && !inner->isa("onnx.Unsqueeze")))
      return rw.notifyMatchFailure(root, "the input is not a Squeeze or Unsqueeze");
    ir::Value *x = inner->getOperand(0);
    const ir::Type &xt = x->getType(), &mid = inner->getResult(0)->getType(),
                   &out = root.getResult(0)->getType();
    if (!xt.isRanked() || !mid.isRanked() || !out.isRanked())
      return rw.notifyMatchFailure(root, "a rank is unknown");
    bool rootUnsqueeze = root.isa("onnx.Unsqueeze"),
         innerUnsqueeze = inner->isa("onnx.Unsqueeze");
    KnownIntsAnalysis &ints = context.getInts();
    auto a = constantAxes(*inner, ints, int64_t(innerUnsqueeze ? mid.getRank() : xt.getRank()));
    auto b = constantAxes(root, ints, int64_t(rootUnsqueeze ? out.getRank() : mid.getRank()));
    if (!a || !b)
      return rw.notifyMatchFailure(root, "the axes are not constant and valid");
    if (rootUnsqueeze != innerUnsqueeze) {
      if (*a != *b)
        return rw.notifyMatchFailure(root, "the two ops' axes differ, so they do not cancel");
      rw.replaceOp(&root, {x});
      return true;
    }
    Ints merged;
    if (rootUnsqueeze) {
      // Positions of the result: b are new; the others are mid's in order,
      // of which a are new.
      int64_t next = 0;
      for (int64_t p = 0; p < int64_t(out.getRank()); ++p) {
        if (llvm::is_contained(*b, p)) {
          merged.push_back(p);
          continue;
        }
        if (llvm::is_contained(*a, next))
          merged.push_back(p);
        ++next;
      }
    } else {
      // Positions of x: a go first; b counts among the others.
      merged = *a;
      int64_t kept = 0;
      for (int64_t p = 0; p < int64_t(xt.getRank()); ++p) {
        if (llvm::is_contained(*a, p))
          continue;
        if (llvm::is_contained(*b, kept))
          merged.push_back(p);
        ++kept;
      }
      llvm::sort(merged);
    }
    rw.replaceOp(&root, {createAxesOp(rw, root, x, merged, out)});
    return true;
  }
};

} // namespace

void addSqueezePairPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<SqueezePair>(context);
}

} // namespace pt2onnx::passes
