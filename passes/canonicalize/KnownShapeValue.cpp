//===- KnownShapeValue.cpp - Shape computations whose value is known -------===//
//
// A shape computation (Shape, Size, Gather, Slice, Concat, Unsqueeze,
// Squeeze, Reshape, Flatten, Identity, Cast, integer arithmetic, Range,
// ConstantOfShape) whose every element KnownInts proves constant becomes
// that constant: `Shape(x)` of a tensor with static dims, `Gather(Shape(x),
// 1)` of a static dim, and the arithmetic built on them. Only small integer
// tensors are tracked (KnownInts.h), so no large constant is materialized.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

namespace pt2onnx::passes {

namespace {

class KnownShapeValue : public CanonicalizePattern {
public:
  explicit KnownShapeValue(CanonicalizeContext &context)
      : CanonicalizePattern("fold-known-shape-value",
                            {"onnx.Shape",   "onnx.Size",    "onnx.Gather",  "onnx.Slice",
                             "onnx.Concat",  "onnx.Unsqueeze", "onnx.Squeeze", "onnx.Reshape",
                             "onnx.Flatten", "onnx.Identity", "onnx.Cast",    "onnx.Add",
                             "onnx.Sub",     "onnx.Mul",     "onnx.Div",     "onnx.Mod",
                             "onnx.Max",     "onnx.Min",     "onnx.Neg",     "onnx.Abs",
                             "onnx.Range",   "onnx.ConstantOfShape"},
                            context, 0) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *result = root.getResult(0);
    const ir::Type &type = result->getType();
    if (!type.isTensor() || !type.hasStaticShape())
      return rw.notifyMatchFailure(root, "the result shape is not static");
    std::optional<llvm::SmallVector<int64_t, 4>> values =
        context.getInts().lookupConstants(result);
    if (!values)
      return rw.notifyMatchFailure(root, "KnownInts does not know every element");
    rw.replaceOp(&root, {rw.createInts(type, *values)});
    return true;
  }
};

} // namespace

void addKnownShapeValuePatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<KnownShapeValue>(context);
}

} // namespace pt2onnx::passes
