//===- ShapePatterns.cpp - Shape computations whose value is known ---------===//
//
// A shape computation (Shape, Size, Gather, Slice, Concat, Unsqueeze,
// Squeeze, Reshape, Cast, integer arithmetic, Range, ConstantOfShape) whose
// every element KnownInts proves constant becomes that constant: `Shape(x)`
// of a tensor with static dims, `Gather(Shape(x), 1)` of a static dim, and
// the arithmetic built on them. Only small integer tensors are tracked
// (KnownInts.h), so no large constant is ever materialized.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

namespace pt2onnx::passes {

namespace {

bool foldKnownInts(ir::Operation &root, Rewriter &rw) {
  ir::Value *result = root.getResult(0);
  const ir::Type &type = result->getType();
  if (!type.isTensor() || !type.hasStaticShape())
    return false;
  std::optional<llvm::SmallVector<int64_t, 4>> values = rw.getInts().lookupConstants(result);
  if (!values)
    return false;
  rw.replaceOp(&root, {rw.createInts(type, *values)});
  return true;
}

} // namespace

void addShapePatterns(PatternSet &patterns) {
  for (llvm::StringRef op : {"Shape",   "Size",
                             "Gather",  "Slice",
                             "Concat",  "Unsqueeze",
                             "Squeeze", "Reshape",
                             "Flatten", "Identity",
                             "Cast",    "Add",
                             "Sub",     "Mul",
                             "Div",     "Mod",
                             "Max",     "Min",
                             "Neg",     "Abs",
                             "Range",   "ConstantOfShape"})
    patterns.add(("onnx." + op).str(), foldKnownInts, 0);
}

} // namespace pt2onnx::passes
