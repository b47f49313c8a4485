//===- Fusions.cpp - What the fusions share --------------------------------===//
//
// Reading constants and element types, as both fusions check them.
//
//===----------------------------------------------------------------------===//

#include "passes/fusions/Fusions.h"

#include "ir/rewrite/Matchers.h"
#include "passes/shapes/KnownInts.h"

namespace pt2onnx::passes {

bool FusionPattern::matchAndRewrite(ir::Operation &root, ir::PatternRewriter &rw) {
  if (root.getNumOperands() != 2 || root.getNumResults() != 1)
    return rw.notifyMatchFailure(root, arityRefusal);
  return matchAndRewriteRoot(root, rw);
}

std::optional<llvm::SmallVector<int64_t, 4>> constantInts(ir::Value *v) {
  ir::Operation *def = ir::definedBy(v, ir::builtin::kConstant);
  return def ? getConstantInts(*def) : std::nullopt;
}

std::optional<double> scalarFloat(ir::Value *v) {
  ir::Operation *def = ir::definedBy(v, ir::builtin::kConstant);
  if (!def)
    return std::nullopt;
  std::optional<llvm::SmallVector<double, 4>> values = getConstantFloats(*def);
  if (!values || values->size() != 1)
    return std::nullopt;
  return values->front();
}

bool isFusableFloat(const ir::Type &t) {
  return t.isTensor() && t.isRanked() &&
         (t.getDType() == ir::DType::Float32 || t.getDType() == ir::DType::Float16);
}

} // namespace pt2onnx::passes
