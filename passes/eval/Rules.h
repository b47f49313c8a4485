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
void registerDetectionRules(EvalRegistry &r);
void registerElementwiseRules(EvalRegistry &r);
void registerIndexingRules(EvalRegistry &r);
void registerLinearAlgebraRules(EvalRegistry &r);
void registerLossRules(EvalRegistry &r);
void registerMatrixProductRules(EvalRegistry &r);
void registerNormalizationRules(EvalRegistry &r);
void registerOrtContribRules(EvalRegistry &r);
void registerPaddingRules(EvalRegistry &r);
void registerPoolingRules(EvalRegistry &r);
void registerQuantizeRules(EvalRegistry &r);
void registerRecurrentRules(EvalRegistry &r);
void registerResamplingRules(EvalRegistry &r);
void registerReductionRules(EvalRegistry &r);
void registerSamplingRules(EvalRegistry &r);
void registerShapeRules(EvalRegistry &r);
void registerSoftmaxRules(EvalRegistry &r);
void registerSortingRules(EvalRegistry &r);
void registerSpecialRules(EvalRegistry &r);
void registerSpectralRules(EvalRegistry &r);
void registerSymbolicRules(EvalRegistry &r);

/// A tensor whose element at (i_0, ..., i_n) is element (maps[0][i_0], ...,
/// maps[n][i_n]) of `t` (the result's dims are the maps' sizes), or `fill`'s
/// only element where a map holds -1: flips, rolls, tiles and pads.
Tensor remapAxes(const Tensor &t, llvm::ArrayRef<Shape> maps, const Tensor *fill = nullptr);

/// The magnitudes of a complex64/complex128 tensor (aten.abs), in float32 or
/// float64 (Spectral.cpp).
std::optional<EvalResults> complexAbs(EvalContext &ctx, const Tensor &t);

/// One result.
inline std::optional<EvalResults> single(std::optional<Tensor> t) {
  if (!t)
    return std::nullopt;
  return EvalResults{std::move(*t)};
}

/// `t` broadcast (numpy's rules) to `shape`, as a new tensor.
inline Tensor broadcastTo(const Tensor &t, llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 0), own = getStrides(t.getShape());
  size_t lead = shape.size() - t.getRank();
  for (size_t d = 0; d != t.getRank(); ++d)
    if (t.getShape()[d] != 1)
      strides[lead + d] = own[d];
  return copyStrided(t, shape, strides, 0);
}

/// Integer division rounding toward negative infinity (Python's //,
/// torch.div rounding_mode="floor") in type `t`; nullopt where undefined
/// (division by zero, t's minimum by -1).
std::optional<int64_t> floorDiv(int64_t a, int64_t b, ir::DType t);
/// The remainder with the divisor's sign (Python's %, torch.remainder), as
/// floorDiv.
std::optional<int64_t> floorMod(int64_t a, int64_t b, ir::DType t);

/// The elements of `t` (a computable type) as doubles.
inline std::vector<double> doublesOf(const Tensor &t) {
  std::vector<double> v(size_t(t.getNumElements()));
  t.getDoubles(0, v);
  return v;
}

} // namespace pt2onnx::passes::eval

#endif // PT2ONNX_PASSES_EVAL_RULES_H
