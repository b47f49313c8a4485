//===- NoOpReshape.cpp - A Reshape to the shape its input has --------------===//
//
//   Reshape(x, s) with s provably x's shape -> x
//
// Each entry of s is x's dim at that position, 0 (copy the dim, unless
// `allowzero`), or a single -1 that is then x's dim too, provided no other
// dim may be 0 (which would make -1 ambiguous). KnownInts gives s, symbolic
// entries included (`Shape(x)[0]`).
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/TargetShape.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class NoOpReshape : public CanonicalizePattern {
public:
  explicit NoOpReshape(CanonicalizeContext &context)
      : CanonicalizePattern("drop-no-op-reshape", {"onnx.Reshape"}, context, 2) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *x = root.getOperand(0);
    const ir::Type &in = x->getType();
    bool zeroCopies = !allowsZero(root);
    std::optional<size_t> inferred;
    auto readsAsDim = [&](size_t i, const ir::SymExpr &e) {
      std::optional<int64_t> c = e.getConstant();
      if (c && *c == -1 && !inferred) {
        inferred = i;
        return true;
      }
      return c && *c == 0 && zeroCopies;
    };
    if (!targetIsInputShape(root, context.getInts(), /*mayBeShorter=*/false, readsAsDim,
                            "is not provably the input's dim", rw))
      return false;
    // With every other dim the input's, an inferred dim is the input's too,
    // unless another dim may be 0 (then -1 is ambiguous).
    if (inferred)
      for (auto [i, d] : llvm::enumerate(in.getShape())) {
        bool positive =
            d.isStatic() ? d.getSize() > 0 : d.isSymbolic() && d.getExpr().getRange().lo >= 1;
        if (i != *inferred && !positive)
          return rw.notifyMatchFailure(root, "-1 is ambiguous: input dim " + llvm::Twine(i) +
                                                 " may be 0");
      }
    rw.replaceOp(&root, {x});
    return true;
  }
};

} // namespace

void addNoOpReshapePatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<NoOpReshape>(context);
}

} // namespace pt2onnx::passes
