//===- AtenNoOp.cpp - ATen copies and views that change nothing ------------===//
//
// Before lowering, these ATen ops give a tensor equal to their input when
// their result type is the input's: clone, alias, contiguous, detach,
// lift_fresh_copy, the `to` forms and _to_copy of the same element type,
// view/reshape/_unsafe_view/expand to the same shape, and dropout in
// evaluation mode (or with p = 0). They become their input.
//
// A copy is only the same as its input while neither is mutated, so this
// applies only to functional programs: no ATen op of the module writes in
// place or into an `out=` argument.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

namespace pt2onnx::passes {

namespace {

class AtenNoOp : public CanonicalizePattern {
public:
  explicit AtenNoOp(CanonicalizeContext &context)
      : CanonicalizePattern(
            "drop-aten-no-op",
            {"aten.clone.default", "aten.alias.default", "aten.contiguous.default",
             "aten.detach.default", "aten.lift_fresh_copy.default", "aten.to.dtype",
             "aten.to.dtype_layout", "aten.to.device", "aten.to.other", "aten._to_copy.default",
             "aten.type_as.default", "aten.view.default", "aten.reshape.default",
             "aten._unsafe_view.default", "aten.expand.default", "aten.dropout.default"},
            context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *x = root.getArgOperand("self");
    if (!x)
      x = root.getArgOperand("input");
    if (!x)
      return rw.notifyMatchFailure(root, "no `self` or `input` argument");
    const ir::Type &t = root.getResult(0)->getType();
    if (!ir::isFullyKnown(t) || x->getType() != t)
      return rw.notifyMatchFailure(root, "the result type is not the input's, or not known");
    if (root.isa("aten.dropout.default")) {
      const ir::Attribute *train = root.getAttr("train");
      const ir::Attribute *p = root.getAttr("p");
      bool training = train && train->getKind() == ir::Attribute::Kind::Bool && train->getBool();
      bool zero = p && p->getKind() == ir::Attribute::Kind::Float && p->getFloat() == 0.0;
      if (training && !zero)
        return rw.notifyMatchFailure(root, "a dropout in training mode");
    }
    if (!context.isFunctional())
      return rw.notifyMatchFailure(root, "the module writes in place: a copy may differ later");
    rw.replaceOp(&root, {x});
    return true;
  }
};

} // namespace

void addAtenNoOpPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<AtenNoOp>(context);
}

} // namespace pt2onnx::passes
