//===- Transpose.cpp - Transposes that are no-ops, chains or reshapes ------===//
//
//   Transpose(x, identity)          -> x
//   Transpose(Transpose(x, p), q)   -> Transpose(x, p∘q), or x when p∘q is
//                                      the identity
//   Transpose that keeps the order of the dims other than static 1s
//                                   -> Reshape (no copy)
//
// Tried in this order on each Transpose.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class IdentityTranspose : public CanonicalizePattern {
public:
  explicit IdentityTranspose(CanonicalizeContext &context)
      : CanonicalizePattern("drop-identity-transpose", {"onnx.Transpose"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    std::optional<Ints> perm = permOf(root);
    if (!perm)
      return rw.notifyMatchFailure(root, "no perm attribute");
    for (auto [i, p] : llvm::enumerate(*perm))
      if (p != int64_t(i))
        return rw.notifyMatchFailure(root, "the perm is not the identity");
    rw.replaceOp(&root, {root.getOperand(0)});
    return true;
  }
};

class TransposeChain : public CanonicalizePattern {
public:
  explicit TransposeChain(CanonicalizeContext &context)
      : CanonicalizePattern("fuse-transposes", {"onnx.Transpose"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Operation *inner = ir::definedBy(root.getOperand(0), "onnx.Transpose", 1);
    if (!inner)
      return rw.notifyMatchFailure(root, "the input is not a Transpose");
    auto p = permOf(*inner), q = permOf(root);
    if (!p || !q || p->size() != q->size())
      return rw.notifyMatchFailure(root, "the perms are absent or of different lengths");
    Ints composed;
    bool identity = true;
    for (int64_t i : *q) {
      if (i < 0 || i >= int64_t(p->size()))
        return rw.notifyMatchFailure(root, "the perm is out of range");
      composed.push_back((*p)[i]);
      identity &= composed.back() == int64_t(composed.size() - 1);
    }
    ir::Value *x = inner->getOperand(0);
    if (identity) {
      rw.replaceOp(&root, {x});
      return true;
    }
    rw.replaceOp(&root, {rw.createValue("onnx.Transpose", {x}, root.getResult(0)->getType(),
                                        {{"perm", ir::Attribute::intList(composed)}})});
    return true;
  }
};

/// A Transpose that only moves dims of size 1 is a Reshape.
class TransposeAsReshape : public CanonicalizePattern {
public:
  explicit TransposeAsReshape(CanonicalizeContext &context)
      : CanonicalizePattern("transpose-as-reshape", {"onnx.Transpose"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *x = root.getOperand(0);
    auto perm = permOf(root);
    if (!perm || !x->getType().isRanked() || perm->size() != x->getType().getRank())
      return rw.notifyMatchFailure(root, "the perm does not fit the input's rank");
    int64_t last = -1;
    for (int64_t p : *perm) {
      if (p < 0 || p >= int64_t(perm->size()))
        return rw.notifyMatchFailure(root, "the perm is out of range");
      const ir::Dim &d = x->getType().getShape()[p];
      if (d.isStatic() && d.getSize() == 1)
        continue;
      if (p < last)
        return rw.notifyMatchFailure(root, "the perm reorders dims other than 1s");
      last = p;
    }
    return replaceByReshape(root, x, rw);
  }
};

} // namespace

void addTransposePatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<IdentityTranspose>(context);
  patterns.add<TransposeChain>(context);
  patterns.add<TransposeAsReshape>(context);
}

} // namespace pt2onnx::passes
