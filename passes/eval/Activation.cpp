//===- Activation.cpp - Activation functions and dropout -------------------===//
//
// Element-wise activations of float tensors with their parameters: torch's
// formulas (elu with scale and input_scale, the tanh form of gelu, softplus
// with its threshold, hardtanh letting NaN through, ...) and the ONNX
// specification's (Elu, Celu, Selu, Gelu, HardSigmoid, HardSwish,
// LeakyRelu, Mish, PRelu, Softplus, Softsign, ThresholdedRelu), computed in
// double and rounded once. The runtimes compute exp, erf and tanh in the
// element type with their own approximations: results may differ in the
// last bits, so the rules are unfoldable.
//
// Dropout is the identity in inference (aten.dropout with train false,
// ONNX Dropout without training_mode, whose mask is all true); dropping at
// random is declined.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/NN.h"

#include <cmath>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// `f` applied to the elements of the float tensor `x`, the result in `out`.
template <typename F>
std::optional<Tensor> mapFloats(EvalContext &ctx, const Tensor &x, DType out, F f) {
  std::optional<std::vector<double>> v = floatsOf(ctx, x);
  if (!v)
    return std::nullopt;
  for (double &e : *v)
    e = f(e);
  return tensorOfFloats(ctx, out, x.getShape(), *v);
}

/// A Scalar parameter as torch's kernels see it: in the computation type of
/// `self` (float for float32, float16 and bfloat16; double for float64).
std::optional<double> param(EvalContext &ctx, llvm::StringRef arg, double defaultValue) {
  std::optional<double> v = numberArg(ctx, arg, defaultValue);
  const Tensor *self = ctx.optionalTensor("self");
  if (!v || !self || self->getDType() == DType::Float64)
    return v;
  return double(float(*v));
}

/// The ATen rule applying `f` to `self`.
template <typename F> std::optional<EvalResults> atenMap(EvalContext &ctx, F f) {
  const Tensor *x = ctx.tensor("self");
  if (!x || ctx.hasFailed())
    return ctx.fail();
  return single(mapFloats(ctx, *x, ctx.resultDType(), f));
}

/// The ONNX rule applying `f` to operand 0.
template <typename F> std::optional<EvalResults> onnxMap(EvalContext &ctx, F f) {
  const Tensor *x = ctx.operand(0);
  if (!x || ctx.hasFailed())
    return ctx.fail();
  return single(mapFloats(ctx, *x, ctx.resultDType(), f));
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
double hardSigmoid(double x) {
  return std::isnan(x) ? x : std::min(std::max(x + 3, 0.0), 6.0) / 6;
}
double mish(double x) { return x * std::tanh(std::log1p(std::exp(x))); }

double gelu(double x, bool tanhApproximation) {
  if (!tanhApproximation)
    return 0.5 * x * (1 + std::erf(x * M_SQRT1_2));
  double inner = std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x);
  return 0.5 * x * (1 + std::tanh(inner));
}

/// torch's elu family: x * scale for x > 0, else
/// (exp(x * inputScale) - 1) * alpha * scale.
std::optional<EvalResults> eluWith(EvalContext &ctx, double alpha, double scale,
                                   double inputScale) {
  return atenMap(ctx, [=](double x) {
    return x > 0 || std::isnan(x) ? x * scale : std::expm1(x * inputScale) * alpha * scale;
  });
}

std::optional<EvalResults> atenElu(EvalContext &ctx) {
  std::optional<double> alpha = param(ctx, "alpha", 1), scale = param(ctx, "scale", 1),
                        inputScale = param(ctx, "input_scale", 1);
  if (!alpha || !scale || !inputScale)
    return std::nullopt;
  return eluWith(ctx, *alpha, *scale, *inputScale);
}

std::optional<EvalResults> atenSelu(EvalContext &ctx) {
  return eluWith(ctx, 1.6732632423543772848170429916717, 1.0507009873554804934193349852946, 1);
}

std::optional<EvalResults> atenCelu(EvalContext &ctx) {
  std::optional<double> alpha = param(ctx, "alpha", 1);
  if (!alpha || *alpha == 0)
    return ctx.fail();
  return eluWith(ctx, *alpha, 1, 1 / *alpha);
}

std::optional<EvalResults> atenGelu(EvalContext &ctx) {
  std::string approximate = ctx.getString("approximate", "none");
  if (approximate != "none" && approximate != "tanh")
    return ctx.fail();
  bool tanh = approximate == "tanh";
  return atenMap(ctx, [tanh](double x) { return gelu(x, tanh); });
}

std::optional<EvalResults> atenHardsigmoid(EvalContext &ctx) { return atenMap(ctx, hardSigmoid); }

std::optional<EvalResults> atenHardswish(EvalContext &ctx) {
  return atenMap(ctx, [](double x) { return x * hardSigmoid(x); });
}

/// hardtanh and relu6: NaN passes through.
std::optional<EvalResults> atenHardtanh(EvalContext &ctx) {
  bool relu6 = ctx.getOp().getName().getStringRef() == "aten.relu6.default";
  std::optional<double> lo = param(ctx, "min_val", relu6 ? 0 : -1),
                        hi = param(ctx, "max_val", relu6 ? 6 : 1);
  if (!lo || !hi)
    return std::nullopt;
  return atenMap(ctx, [l = *lo, h = *hi](double x) { return x <= l ? l : x >= h ? h : x; });
}

std::optional<EvalResults> atenLeakyRelu(EvalContext &ctx) {
  std::optional<double> slope = param(ctx, "negative_slope", 0.01);
  if (!slope)
    return std::nullopt;
  return atenMap(ctx, [s = *slope](double x) { return x > 0 ? x : x * s; });
}

std::optional<EvalResults> atenMish(EvalContext &ctx) { return atenMap(ctx, mish); }

std::optional<EvalResults> atenSilu(EvalContext &ctx) {
  return atenMap(ctx, [](double x) { return x * sigmoid(x); });
}

std::optional<EvalResults> atenSoftplus(EvalContext &ctx) {
  std::optional<double> beta = param(ctx, "beta", 1), threshold = param(ctx, "threshold", 20);
  if (!beta || !threshold)
    return std::nullopt;
  return atenMap(ctx, [b = *beta, t = *threshold](double x) {
    return x * b > t ? x : std::log1p(std::exp(x * b)) / b;
  });
}

std::optional<EvalResults> atenThreshold(EvalContext &ctx) {
  std::optional<double> threshold = param(ctx, "threshold", 0), value = param(ctx, "value", 0);
  if (!threshold || !value)
    return std::nullopt;
  return atenMap(ctx, [t = *threshold, v = *value](double x) { return x <= t ? v : x; });
}

/// x where positive, else slope * x, `slope` broadcast to x.
std::optional<Tensor> prelu(EvalContext &ctx, const Tensor &x, const Tensor &slope, DType out) {
  std::optional<Shape> shape = ctx.broadcast({x.getShape(), slope.getShape()});
  if (!shape || llvm::ArrayRef<int64_t>(*shape) != x.getShape())
    return ctx.fail();
  std::optional<std::vector<double>> xs = floatsOf(ctx, x), ss = floatsOf(ctx, slope);
  if (!xs || !ss)
    return std::nullopt;
  std::vector<int64_t> index = numerics::broadcastIndices(slope.getShape(), *shape);
  for (size_t i = 0, e = xs->size(); i != e; ++i)
    if ((*xs)[i] < 0)
      (*xs)[i] *= (*ss)[index[i]];
  return tensorOfFloats(ctx, out, x.getShape(), *xs);
}

/// _prelu_kernel: the weight broadcasts as it is.
std::optional<EvalResults> atenPreluKernel(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self"), *w = ctx.tensor("weight");
  if (!x || !w)
    return ctx.fail();
  return single(prelu(ctx, *x, *w, ctx.resultDType()));
}

/// prelu: one weight, or one per channel (dim 1).
std::optional<EvalResults> atenPrelu(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self"), *w = ctx.tensor("weight");
  if (!x || !w || w->getRank() > 1)
    return ctx.fail();
  if (w->getNumElements() == 1)
    return single(prelu(ctx, *x, w->reshaped({}), ctx.resultDType()));
  if (x->getRank() < 2 || x->getShape()[1] != w->getNumElements())
    return ctx.fail();
  Shape shape(x->getRank() - 1, 1);
  shape[0] = w->getNumElements();
  return single(prelu(ctx, *x, w->reshaped(shape), ctx.resultDType()));
}

/// glu: the first half times the sigmoid of the second along `dim`.
std::optional<EvalResults> atenGlu(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  if (!x || x->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = normalizeAxis(ctx.getInt("dim", -1), x->getRank());
  if (!dim || x->getShape()[*dim] % 2)
    return ctx.fail();
  std::optional<std::vector<double>> v = floatsOf(ctx, *x);
  if (!v)
    return std::nullopt;
  int64_t outer = getNumElements(x->getShape().take_front(*dim)),
          inner = getNumElements(x->getShape().drop_front(*dim + 1));
  int64_t half = x->getShape()[*dim] / 2;
  Shape shape(x->getShape().begin(), x->getShape().end());
  shape[*dim] = half;
  std::vector<double> y;
  for (int64_t o = 0; o != outer; ++o)
    for (int64_t h = 0; h != half; ++h)
      for (int64_t i = 0; i != inner; ++i) {
        int64_t a = (o * 2 * half + h) * inner + i;
        y.push_back((*v)[a] * sigmoid((*v)[a + half * inner]));
      }
  return single(tensorOfFloats(ctx, ctx.resultDType(), shape, y));
}

/// dropout, feature_dropout, alpha_dropout: the identity unless training.
std::optional<EvalResults> atenDropout(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input");
  std::optional<double> p = numberArg(ctx, "p", 0.5);
  if (!x || !p || (ctx.getInt("train", 0) != 0 && *p != 0))
    return ctx.fail();
  return single(castTo(*x, ctx.resultDType()));
}

// ---- ONNX ------------------------------------------------------------------

std::optional<EvalResults> onnxElu(EvalContext &ctx) {
  double alpha = ctx.getFloat("alpha", 1);
  return onnxMap(ctx, [alpha](double x) { return x >= 0 ? x : alpha * std::expm1(x); });
}

std::optional<EvalResults> onnxCelu(EvalContext &ctx) {
  double alpha = ctx.getFloat("alpha", 1);
  return onnxMap(ctx, [alpha](double x) {
    return std::isnan(x) ? x : std::max(0.0, x) + std::min(0.0, alpha * std::expm1(x / alpha));
  });
}

std::optional<EvalResults> onnxSelu(EvalContext &ctx) {
  double alpha = ctx.getFloat("alpha", 1.67326319217681884765625),
         gamma = ctx.getFloat("gamma", 1.05070102214813232421875);
  return onnxMap(ctx,
                 [=](double x) { return x > 0 ? gamma * x : gamma * alpha * std::expm1(x); });
}

std::optional<EvalResults> onnxGelu(EvalContext &ctx) {
  std::string approximate = ctx.getString("approximate", "none");
  if (approximate != "none" && approximate != "tanh")
    return ctx.fail();
  bool tanh = approximate == "tanh";
  return onnxMap(ctx, [tanh](double x) { return gelu(x, tanh); });
}

std::optional<EvalResults> onnxHardSigmoid(EvalContext &ctx) {
  double alpha = ctx.getFloat("alpha", 0.2), beta = ctx.getFloat("beta", 0.5);
  return onnxMap(ctx, [=](double x) {
    return std::isnan(x) ? x : std::max(0.0, std::min(1.0, alpha * x + beta));
  });
}

std::optional<EvalResults> onnxHardSwish(EvalContext &ctx) {
  return onnxMap(ctx, [](double x) {
    return std::isnan(x) ? x : x * std::max(0.0, std::min(1.0, x / 6 + 0.5));
  });
}

std::optional<EvalResults> onnxLeakyRelu(EvalContext &ctx) {
  double alpha = ctx.getFloat("alpha", 0.01);
  return onnxMap(ctx, [alpha](double x) { return x >= 0 ? x : alpha * x; });
}

std::optional<EvalResults> onnxMish(EvalContext &ctx) { return onnxMap(ctx, mish); }

std::optional<EvalResults> onnxSoftplus(EvalContext &ctx) {
  return onnxMap(ctx, [](double x) {
    return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
  });
}

std::optional<EvalResults> onnxSoftsign(EvalContext &ctx) {
  return onnxMap(ctx, [](double x) { return x / (1 + std::fabs(x)); });
}

std::optional<EvalResults> onnxThresholdedRelu(EvalContext &ctx) {
  double alpha = ctx.getFloat("alpha", 1);
  return onnxMap(ctx, [alpha](double x) { return x > alpha ? x : 0; });
}

std::optional<EvalResults> onnxPRelu(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *slope = ctx.operand(1);
  if (!x || !slope || x->getDType() != slope->getDType())
    return ctx.fail();
  return single(prelu(ctx, *x, *slope, ctx.resultDType()));
}

/// Dropout: the data and an all-true mask, unless training_mode drops.
std::optional<EvalResults> onnxDropout(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x)
    return ctx.fail();
  double ratio = 0.5;
  if (!ctx.isNone(1)) {
    const Tensor *r = ctx.operand(1);
    if (!r || r->getNumElements() != 1 || getNumericKind(r->getDType()) != NumericKind::Float)
      return ctx.fail();
    ratio = r->getDouble(0);
  }
  if (!ctx.isNone(2)) {
    const Tensor *training = ctx.operand(2);
    if (!training || training->getNumElements() != 1)
      return ctx.fail();
    if (training->getInt(0) != 0 && ratio != 0)
      return ctx.fail();
  }
  std::optional<Tensor> y = castTo(*x, ctx.resultDType());
  if (!y || !ctx.withinLimit(x->getShape()))
    return ctx.fail();
  EvalResults results{std::move(*y)};
  if (ctx.getOp().getNumResults() == 2) {
    std::optional<Tensor> mask = ctx.allocate(DType::Bool, x->getShape());
    if (!mask)
      return std::nullopt;
    for (int64_t i = 0, n = mask->getNumElements(); i != n; ++i)
      mask->setInt(i, 1);
    results.push_back(std::move(*mask));
  }
  return results;
}

} // namespace

void registerActivationRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.Celu", onnxCelu);
  r.addUnfoldable("onnx.Dropout", onnxDropout);
  r.addUnfoldable("onnx.Elu", onnxElu);
  r.addUnfoldable("onnx.Gelu", onnxGelu);
  r.addUnfoldable("onnx.HardSigmoid", onnxHardSigmoid);
  r.addUnfoldable("onnx.HardSwish", onnxHardSwish);
  r.addUnfoldable("onnx.LeakyRelu", onnxLeakyRelu);
  r.addUnfoldable("onnx.Mish", onnxMish);
  r.addUnfoldable("onnx.PRelu", onnxPRelu);
  r.addUnfoldable("onnx.Selu", onnxSelu);
  r.addUnfoldable("onnx.Softplus", onnxSoftplus);
  r.addUnfoldable("onnx.Softsign", onnxSoftsign);
  r.addUnfoldable("onnx.ThresholdedRelu", onnxThresholdedRelu);

  r.addUnfoldable("aten._prelu_kernel.default", atenPreluKernel);
  r.addUnfoldable("aten.alpha_dropout.default", atenDropout);
  r.addUnfoldable("aten.celu.default", atenCelu);
  r.addUnfoldable("aten.dropout.default", atenDropout);
  r.addUnfoldable("aten.elu.default", atenElu);
  r.addUnfoldable("aten.feature_dropout.default", atenDropout);
  r.addUnfoldable("aten.gelu.default", atenGelu);
  r.addUnfoldable("aten.glu.default", atenGlu);
  r.addUnfoldable("aten.hardsigmoid.default", atenHardsigmoid);
  r.addUnfoldable("aten.hardswish.default", atenHardswish);
  r.addUnfoldable("aten.hardtanh.default", atenHardtanh);
  r.addUnfoldable("aten.leaky_relu.default", atenLeakyRelu);
  r.addUnfoldable("aten.mish.default", atenMish);
  r.addUnfoldable("aten.prelu.default", atenPrelu);
  r.addUnfoldable("aten.relu6.default", atenHardtanh);
  r.addUnfoldable("aten.selu.default", atenSelu);
  r.addUnfoldable("aten.silu.default", atenSilu);
  r.addUnfoldable("aten.softplus.default", atenSoftplus);
  r.addUnfoldable("aten.threshold.default", atenThreshold);
}

} // namespace pt2onnx::passes::eval
