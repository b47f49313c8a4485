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
void registerMatrixProductRules(EvalRegistry &r);
void registerNormalizationRules(EvalRegistry &r);
void registerPoolingRules(EvalRegistry &r);
void registerShapeRules(EvalRegistry &r);
void registerSoftmaxRules(EvalRegistry &r);
void registerReductionRules(EvalRegistry &r);

/// One result.
inline std::optional<EvalResults> single(std::optional<Tensor> t) {
  if (!t)
    return std::nullopt;
  return EvalResults{std::move(*t)};
}

} // namespace pt2onnx::passes::eval

#endif // PT2ONNX_PASSES_EVAL_RULES_H
