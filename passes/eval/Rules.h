//===- Rules.h - The rule families of the evaluator -------------------------===//
//
// Each eval/<Family>.cpp defines the rules of one op family, ATen and ONNX
// side by side, and registers them in its register function. Helpers that
// several families use live here.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_EVAL_RULES_H
#define PT2ONNX_PASSES_EVAL_RULES_H

#include "passes/eval/Evaluator.h"

namespace pt2onnx::passes::eval {

void registerActivationRules(EvalRegistry &r);
void registerAttentionRules(EvalRegistry &r);
void registerConvolutionRules(EvalRegistry &r);
void registerElementwiseRules(EvalRegistry &r);
void registerIndexingRules(EvalRegistry &r);
void registerLossRules(EvalRegistry &r);
void registerMatrixProductRules(EvalRegistry &r);
void registerNormalizationRules(EvalRegistry &r);
void registerPaddingRules(EvalRegistry &r);
void registerPoolingRules(EvalRegistry &r);
void registerReductionRules(EvalRegistry &r);
void registerShapeRules(EvalRegistry &r);
void registerSoftmaxRules(EvalRegistry &r);
void registerSortingRules(EvalRegistry &r);

/// A tensor whose element at (i_0, ..., i_n) is element (maps[0][i_0], ...,
/// maps[n][i_n]) of `t` (the result's dims are the maps' sizes), or `fill`'s
/// only element where a map holds -1: flips, rolls, tiles and pads.
Tensor remapAxes(const Tensor &t, llvm::ArrayRef<Shape> maps, const Tensor *fill = nullptr);

/// One result.
inline std::optional<EvalResults> single(std::optional<Tensor> t) {
  if (!t)
    return std::nullopt;
  return EvalResults{std::move(*t)};
}

} // namespace pt2onnx::passes::eval

#endif // PT2ONNX_PASSES_EVAL_RULES_H
