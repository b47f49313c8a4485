//===- activation.cpp - Activations, softmax and dropout -----------------------===//
//
// Clamping ops (clamp, hardtanh, relu6) between two constant bounds are one
// Clip: for integers (which have no NaN), and for float32, float16 and
// float64 when the bounds are finite numbers in order, where ONNX Runtime
// 1.23's Clip propagates NaN and keeps -0.0 as torch does (checked at opsets
// 17, 20 and 23, vectorised and scalar paths). Other bounds (tensors, NaN,
// min > max, bfloat16) take Max and Min, which propagate NaN as torch does. Ops with extra torch parameters (softplus's threshold, elu's
// scales) get the ONNX op only when the parameters match its definition.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/aten/Arithmetic.h"
#include "lowering/aten/FloatExpr.h"

#include <cmath>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// `self` cast to the op's result dtype.
Value *selfInResultType(RuleContext &ctx, llvm::StringRef arg = "self") {
  return ctx.b.cast(ctx.tensor(arg), ctx.resultDType());
}

template <const char *OpType> ValueList lowerUnary(RuleContext &ctx) {
  return {ctx.b.unary(OpType, selfInResultType(ctx))};
}
constexpr char kRelu[] = "Relu", kSigmoid[] = "Sigmoid", kTanh[] = "Tanh";

/// The integer dtypes ONNX Runtime's CPU Clip takes.
bool clipTakes(DType t) {
  return t == DType::Int8 || t == DType::UInt8 || t == DType::Int32 || t == DType::UInt32 ||
         t == DType::Int64 || t == DType::UInt64;
}

/// A number, or a 0-d tensor: what Clip takes as a bound.
bool isZeroD(const TensorOrNumber &v) {
  return v.isNumber() || (v.value->getType().isRanked() && v.value->getType().getRank() == 0);
}

/// min(max(x, lo), hi) with optional bounds; bounds may be numbers or
/// tensors and are cast to x's dtype.
Value *emitClamp(RuleContext &ctx, Value *x, const std::optional<TensorOrNumber> &lo,
                 const std::optional<TensorOrNumber> &hi) {
  DType t = x->getType().getDType();
  // Clip is min(max(x, lo), hi), as torch's clamp.
  bool floatClip = lo && hi && lo->isNumber() && hi->isNumber() &&
                   (t == DType::Float32 || t == DType::Float16 || t == DType::Float64) &&
                   std::isfinite(lo->asDouble()) && std::isfinite(hi->asDouble()) &&
                   lo->asDouble() <= hi->asDouble();
  if (floatClip || (lo && hi && clipTakes(t) && isZeroD(*lo) && isZeroD(*hi))) {
    Value *low = ctx.materialize(*lo, t);
    Value *high = ctx.materialize(*hi, t);
    return ctx.b.op("Clip", {x, low, high}, x->getType());
  }
  // ONNX's Max/Min take no bool; on bool they are Or/And.
  bool isBool = t == DType::Bool;
  for (auto [bound, opType, boolOpType] :
       {std::tuple(&lo, "Max", "Or"), std::tuple(&hi, "Min", "And")}) {
    if (!*bound)
      continue;
    Value *v = ctx.materialize(**bound, t);
    x = isBool ? ctx.b.binary(boolOpType, x, v)
               : propagateNaN(ctx.b, ctx.b.binary(opType, x, v), x, v);
  }
  return x;
}

std::optional<TensorOrNumber> optionalBound(RuleContext &ctx, llvm::StringRef arg) {
  if (!ctx.has(arg))
    return std::nullopt;
  return ctx.tensorOrNumber(arg);
}

// aten.clamp.default(self, min=None, max=None), aten.clamp.Tensor
ValueList lowerClamp(RuleContext &ctx) {
  std::optional<TensorOrNumber> lo = optionalBound(ctx, "min"), hi = optionalBound(ctx, "max");
  if (!lo && !hi)
    return ctx.fail("clamp needs at least one of 'min' and 'max'");
  return {emitClamp(ctx, selfInResultType(ctx), lo, hi)};
}

// aten.clamp_min.default(self, min), aten.clamp_min.Tensor
ValueList lowerClampMin(RuleContext &ctx) {
  return {emitClamp(ctx, selfInResultType(ctx), ctx.tensorOrNumber("min"), std::nullopt)};
}

// aten.clamp_max.default(self, max), aten.clamp_max.Tensor
ValueList lowerClampMax(RuleContext &ctx) {
  return {emitClamp(ctx, selfInResultType(ctx), std::nullopt, ctx.tensorOrNumber("max"))};
}

// aten.hardtanh.default(self, min_val=-1, max_val=1)
ValueList lowerHardtanh(RuleContext &ctx) {
  TensorOrNumber lo = ctx.tensorOrNumber("min_val");
  TensorOrNumber hi = ctx.tensorOrNumber("max_val");
  return {emitClamp(ctx, selfInResultType(ctx), lo, hi)};
}

// aten.relu.default(self): ONNX Runtime's Relu computes floats and int8/int32
// only, so integers take max(x, 0).
ValueList lowerRelu(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  if (ir::isFloatingPoint(x->getType().getDType()))
    return {ctx.b.unary("Relu", x)};
  return {ctx.b.binary("Max", x, ctx.b.scalar(x->getType().getDType(), 0.0))};
}

// aten.relu6.default(self)
ValueList lowerRelu6(RuleContext &ctx) {
  TensorOrNumber lo{nullptr, Attribute::integer(0), true}, hi{nullptr, Attribute::integer(6), true};
  return {emitClamp(ctx, selfInResultType(ctx), lo, hi)};
}

// aten.leaky_relu.default(self, negative_slope=0.01)
ValueList lowerLeakyRelu(RuleContext &ctx) {
  double slope = ctx.getFloat("negative_slope");
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  // ONNX Runtime has LeakyRelu (and Elu, Selu, HardSigmoid, HardSwish,
  // PRelu) in float32 only: float64 spells them out.
  if (t == DType::Float64)
    return {ctx.b.where(ctx.b.compare("Greater", x, ctx.b.scalar(t, 0.0)), x,
                        ctx.b.binary("Mul", x, ctx.b.scalar(t, slope)))};
  return {ctx.b.unary("LeakyRelu", x, {{"alpha", Attribute::floating(slope)}})};
}

// aten.elu.default(self, alpha=1, scale=1, input_scale=1):
// scale * (x > 0 ? x : alpha * (exp(x * input_scale) - 1))
ValueList lowerElu(RuleContext &ctx) {
  double alpha = ctx.getFloat("alpha"), scale = ctx.getFloat("scale"),
         inputScale = ctx.getFloat("input_scale");
  Value *x = selfInResultType(ctx);
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  if (scale == 1.0 && inputScale == 1.0 && t != DType::Float64)
    return {b.unary("Elu", x, {{"alpha", Attribute::floating(alpha)}})};
  Value *negative =
      b.binary("Mul", b.scalar(t, alpha),
               b.binary("Sub", b.unary("Exp", b.binary("Mul", x, b.scalar(t, inputScale))),
                        b.scalar(t, 1.0)));
  Value *r = b.where(b.compare("Greater", x, b.scalar(t, 0.0)), x, negative);
  return {b.binary("Mul", r, b.scalar(t, scale))};
}

// aten.selu.default(self), with torch's constants:
// gamma * (x > 0 ? x : alpha * (exp(x) - 1))
ValueList lowerSelu(RuleContext &ctx) {
  constexpr double alpha = 1.6732632423543772848170429916717,
                   gamma = 1.0507009873554804934193349852946;
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  OnnxBuilder &b = ctx.b;
  if (t != DType::Float64)
    return {b.unary("Selu", x,
                    {{"alpha", Attribute::floating(alpha)}, {"gamma", Attribute::floating(gamma)}})};
  Value *negative = b.binary("Mul", b.scalar(t, alpha),
                             b.binary("Sub", b.unary("Exp", x), b.scalar(t, 1.0)));
  Value *r = b.where(b.compare("Greater", x, b.scalar(t, 0.0)), x, negative);
  return {b.binary("Mul", r, b.scalar(t, gamma))};
}

// aten.celu.default(self, alpha=1.0)
ValueList lowerCelu(RuleContext &ctx) {
  double alpha = ctx.getFloat("alpha");
  Value *x = selfInResultType(ctx);
  if (x->getType().getDType() != DType::Float32)
    return ctx.fail("ONNX Celu is defined for float32 only");
  return {ctx.b.unary("Celu", x, {{"alpha", Attribute::floating(alpha)}})};
}

// aten.gelu.default(self, *, approximate='none'): the Gelu op from opset 20,
// its definition before.
ValueList lowerGelu(RuleContext &ctx) {
  std::string approximate = ctx.getString("approximate");
  if (approximate != "none" && approximate != "tanh")
    return ctx.fail("unknown gelu approximation '" + approximate + "'");
  Value *x = selfInResultType(ctx);
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  // ONNX Runtime has Gelu and Erf in float32 only.
  if (ctx.getOpset() >= 20 && t != DType::Float64)
    return {b.unary("Gelu", x, {{"approximate", Attribute::string(approximate)}})};
  Value *inner;
  if (approximate == "none") {
    // erf of NaN may come out a number (ONNX Runtime's Erf makes it 1), but
    // the product with x below is NaN again: no guard.
    Value *scaled = b.binary("Mul", x, b.scalar(t, M_SQRT1_2));
    inner = FloatExpr(b, t).erf(scaled, /*keepNaN=*/false);
  } else {
    Value *cube = b.binary("Mul", b.binary("Mul", x, x), x);
    Value *poly = b.binary("Add", x, b.binary("Mul", b.scalar(t, 0.044715), cube));
    inner = b.unary("Tanh", b.binary("Mul", b.scalar(t, std::sqrt(2.0 / M_PI)), poly));
  }
  Value *half = b.binary("Mul", b.scalar(t, 0.5), x);
  return {b.binary("Mul", half, b.binary("Add", b.scalar(t, 1.0), inner))};
}

// aten.silu.default(self) = self * sigmoid(self); in float64 self / (1 +
// exp(-self)), as ONNX Runtime fuses the product into a QuickGelu it has in
// float32 only.
ValueList lowerSilu(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  OnnxBuilder &b = ctx.b;
  if (t == DType::Float64)
    return {b.binary("Div", x,
                     b.binary("Add", b.scalar(t, 1.0), b.unary("Exp", b.unary("Neg", x))))};
  return {b.binary("Mul", x, b.unary("Sigmoid", x))};
}

/// min(max(x + 3, 0), 6) / 6, as torch computes hardsigmoid.
Value *emitHardsigmoid(OnnxBuilder &b, Value *x) {
  DType t = x->getType().getDType();
  Value *shifted = b.binary("Add", x, b.scalar(t, 3.0));
  Value *clamped = b.binary("Min", b.binary("Max", shifted, b.scalar(t, 0.0)), b.scalar(t, 6.0));
  return b.binary("Div", clamped, b.scalar(t, 6.0));
}

// aten.hardswish.default(self) = self * hardsigmoid(self)
ValueList lowerHardswish(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  if (x->getType().getDType() != DType::Float64)
    return {ctx.b.unary("HardSwish", x)};
  return {ctx.b.binary("Mul", x, emitHardsigmoid(ctx.b, x))};
}

// aten.hardsigmoid.default(self) = relu6(x + 3) / 6
ValueList lowerHardsigmoid(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  if (x->getType().getDType() == DType::Float64)
    return {emitHardsigmoid(ctx.b, x)};
  return {
      ctx.b.unary("HardSigmoid", x,
                  {{"alpha", Attribute::floating(1.0 / 6.0)}, {"beta", Attribute::floating(0.5)}})};
}

/// log(1 + exp(beta * x)) / beta, or x where beta * x > threshold.
Value *emitSoftplus(RuleContext &ctx, Value *x, double beta, double threshold) {
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  Value *scaled = beta == 1.0 ? x : b.binary("Mul", x, b.scalar(t, beta));
  Value *soft = FloatExpr(b, t).softplus(scaled);
  if (beta != 1.0)
    soft = b.binary("Div", soft, b.scalar(t, beta));
  return b.where(b.compare("Greater", scaled, b.scalar(t, threshold)), x, soft);
}

// aten.softplus.default(self, beta=1, threshold=20)
ValueList lowerSoftplus(RuleContext &ctx) {
  double beta = ctx.getFloat("beta"), threshold = ctx.getFloat("threshold");
  return {emitSoftplus(ctx, selfInResultType(ctx), beta, threshold)};
}

// aten.mish.default(self) = self * tanh(softplus(self)); Mish from opset 18
ValueList lowerMish(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  if (ctx.getOpset() >= 18 && t != DType::Float64)
    return {ctx.b.unary("Mish", x)};
  return {ctx.b.binary("Mul", x, ctx.b.unary("Tanh", FloatExpr(ctx.b, t).softplus(x)))};
}

// aten.prelu.default(self, weight): weight has one slope per channel (dim 1)
// or a single one; ONNX PRelu broadcasts from the trailing dims.
ValueList lowerPrelu(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  Value *w = ctx.b.cast(ctx.tensor("weight"), x->getType().getDType());
  int64_t rank = ctx.rankOf(x);
  if (ctx.rankOf(w) == 1 && rank >= 2) {
    llvm::SmallVector<int64_t, 4> axes;
    for (int64_t i = 1; i < rank - 1; ++i)
      axes.push_back(i);
    if (!axes.empty())
      w = ctx.b.unsqueeze(w, axes);
  }
  if (DType t = x->getType().getDType(); t == DType::Float64)
    return {ctx.b.where(ctx.b.compare("Greater", x, ctx.b.scalar(t, 0.0)), x,
                        ctx.b.binary("Mul", w, x))};
  return {ctx.b.op("PRelu", {x, w}, ctx.resultType())};
}

// aten.threshold.default(self, threshold, value): self <= threshold ? value : self
ValueList lowerThreshold(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  Value *limit = ctx.materialize(ctx.tensorOrNumber("threshold"), t);
  Value *value = ctx.materialize(ctx.tensorOrNumber("value"), t);
  return {ctx.b.where(ctx.b.compare("LessOrEqual", x, limit), value, x)};
}

// aten.hardshrink.default(self, lambd=0.5): 0 on [-lambd, lambd], else x
// (NaN stays NaN: it is outside every interval).
ValueList lowerHardshrink(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  Value *lambd = ctx.materialize(ctx.tensorOrNumber("lambd"), t);
  Value *inside = b.compare("And", b.compare("GreaterOrEqual", x, b.unary("Neg", lambd)),
                            b.compare("LessOrEqual", x, lambd));
  return {b.where(inside, b.scalar(t, 0.0), x)};
}

// aten.softshrink.default(self, lambd=0.5): x - lambd above lambd, x + lambd
// below -lambd, else x * 0 (a signed zero, and NaN for NaN, as torch's
// kernel gives).
ValueList lowerSoftshrink(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  Value *lambd = ctx.materialize(ctx.tensorOrNumber("lambd"), t);
  Value *below = b.where(b.compare("Less", x, b.unary("Neg", lambd)), b.binary("Add", x, lambd),
                         b.binary("Mul", x, b.scalar(t, 0.0)));
  return {b.where(b.compare("Greater", x, lambd), b.binary("Sub", x, lambd), below)};
}

// aten.glu.default(self, dim=-1) = a * sigmoid(b), the halves along dim
ValueList lowerGlu(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  const ir::Type &half = ctx.resultType();
  llvm::SmallVector<ir::NamedAttribute, 2> attrs{{"axis", Attribute::integer(dim)}};
  if (ctx.getOpset() >= 18)
    attrs.push_back({"num_outputs", Attribute::integer(2)});
  ir::Operation *split = ctx.b.create("Split", {x}, {half, half}, attrs);
  return {ctx.b.binary("Mul", split->getResult(0), ctx.b.unary("Sigmoid", split->getResult(1)))};
}

/// softmax / log_softmax along `dim`, computed in the result dtype.
ValueList lowerSoftmaxLike(RuleContext &ctx, llvm::StringRef opType) {
  Value *x = selfInResultType(ctx);
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (rank == 0)
    return {ctx.b.scalar(x->getType().getDType(), opType == "Softmax" ? 1.0 : 0.0)};
  return {ctx.b.unary(opType, x, {{"axis", Attribute::integer(dim)}})};
}
// aten.softmax.int(self, dim, dtype=None), aten._softmax.default(self, dim, half_to_float)
ValueList lowerSoftmax(RuleContext &ctx) { return lowerSoftmaxLike(ctx, "Softmax"); }
// aten.log_softmax.int(self, dim, dtype=None), aten._log_softmax.default
ValueList lowerLogSoftmax(RuleContext &ctx) { return lowerSoftmaxLike(ctx, "LogSoftmax"); }

// aten.dropout.default(input, p, train), aten.dropout_.default(self, p, train):
// identity in eval mode; in training mode ONNX Dropout draws its own mask.
ValueList lowerDropout(RuleContext &ctx) {
  Value *x = ctx.tensor(ctx.has("input") ? "input" : "self");
  double p = ctx.getFloat("p");
  bool train = ctx.getBool("train");
  if (!train || p == 0.0)
    return {x};
  DType t = x->getType().getDType();
  ir::Operation *dropout =
      ctx.b.create("Dropout", {x, ctx.b.scalar(t, p), ctx.b.scalarInt(DType::Bool, 1)},
                   {x->getType(), x->getType().withDType(DType::Bool)});
  return {dropout->getResult(0)};
}

// aten.native_dropout.default(input, p, train) -> (output, mask)
ValueList lowerNativeDropout(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  double p = ctx.getFloat("p");
  std::optional<int64_t> train = ctx.getOptionalInt("train");
  DType t = x->getType().getDType();
  bool training = train.value_or(1) != 0;
  ir::Operation *dropout = ctx.b.create(
      "Dropout", {x, ctx.b.scalar(t, p), ctx.b.scalarInt(DType::Bool, training ? 1 : 0)},
      {x->getType(), x->getType().withDType(DType::Bool)});
  return {dropout->getResult(0), dropout->getResult(1)};
}

} // namespace

void registerActivationLowerings(LoweringRegistry &r) {
  r.add("aten.relu.default", lowerRelu);
  r.add("aten.sigmoid.default", lowerUnary<kSigmoid>);
  r.add("aten.tanh.default", lowerUnary<kTanh>);
  r.add("aten.hardswish.default", lowerHardswish);
  r.add("aten.clamp.default", lowerClamp);
  r.add("aten.clamp.Tensor", lowerClamp);
  r.add("aten.clamp_min.default", lowerClampMin);
  r.add("aten.clamp_min.Tensor", lowerClampMin);
  r.add("aten.clamp_max.default", lowerClampMax);
  r.add("aten.clamp_max.Tensor", lowerClampMax);
  r.add("aten.hardtanh.default", lowerHardtanh);
  r.add("aten.relu6.default", lowerRelu6);
  r.add("aten.leaky_relu.default", lowerLeakyRelu);
  r.add("aten.elu.default", lowerElu);
  r.add("aten.selu.default", lowerSelu);
  r.add("aten.celu.default", lowerCelu);
  r.add("aten.gelu.default", lowerGelu);
  r.add("aten.silu.default", lowerSilu);
  r.add("aten.hardsigmoid.default", lowerHardsigmoid);
  r.add("aten.softplus.default", lowerSoftplus);
  r.add("aten.mish.default", lowerMish);
  r.add("aten.prelu.default", lowerPrelu);
  r.add("aten._prelu_kernel.default", lowerPrelu);
  r.add("aten.threshold.default", lowerThreshold);
  r.add("aten.glu.default", lowerGlu);
  r.add("aten.hardshrink.default", lowerHardshrink);
  r.add("aten.softshrink.default", lowerSoftshrink);
  r.add("aten.softmax.int", lowerSoftmax);
  r.add("aten._softmax.default", lowerSoftmax);
  r.add("aten.log_softmax.int", lowerLogSoftmax);
  r.add("aten._log_softmax.default", lowerLogSoftmax);
  r.add("aten.dropout.default", lowerDropout);
  r.add("aten.native_dropout.default", lowerNativeDropout);
}

} // namespace pt2onnx::lowering
