//===- Quantize.cpp - Quantize, dequantize and fake quantization -----------===//
//
// Bit-exact emulations of the runtimes' arithmetic, in the C++ type the
// runtime computes in (float, or double for float64 operands):
//   * torch's fake_quantize_*: q = zero_point + nearbyint(x * (1.0f / scale))
//     clamped to [quant_min, quant_max], then (q - zero_point) * scale; the
//     _cachemask forms also say which q were in range before clamping;
//   * quantized_decomposed.quantize_*: clamp(round(x * (1 / scale)) +
//     zero_point), converted to the dtype; dequantize_*: (q - zero_point) *
//     scale, converted to out_dtype (float32 by default);
//   * ONNX QuantizeLinear: saturate(nearbyint(x / scale) + zero_point), per
//     tensor or per axis (blocked quantization is declined);
//     DequantizeLinear: (q - zero_point) * scale.
// Rounding is half to even throughout. Only whole-program evaluation uses
// the rules: folding a model's quantization would change what it computes
// at run time.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

#include <cmath>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

bool isFloat(DType t) { return t == DType::Float32 || t == DType::Float64; }

/// The per-element parameters of a quantization: the scale and zero point of
/// element i, for a tensor of `shape` quantized along `axis` (none: one
/// pair for all).
struct QParams {
  std::vector<double> scales;
  std::vector<int64_t> zeroPoints;
  int64_t inner = 1; // elements per step along the axis
  double scale(int64_t i) const { return scales[(i / inner) % scales.size()]; }
  int64_t zeroPoint(int64_t i) const { return zeroPoints[(i / inner) % zeroPoints.size()]; }
};

/// Scales and zero points from tensors (or numbers), per `axis` when given.
/// Zero points may be floats holding integers (torch's per-channel ones).
std::optional<QParams> qparams(llvm::ArrayRef<int64_t> shape, const Tensor &scale,
                               const Tensor *zeroPoint, std::optional<int64_t> axis) {
  QParams q;
  if (getNumericKind(scale.getDType()) != NumericKind::Float)
    return std::nullopt;
  q.scales = doublesOf(scale);
  int64_t channels = 1;
  if (axis) {
    std::optional<int64_t> a = normalizeAxis(*axis, int64_t(shape.size()));
    if (!a)
      return std::nullopt;
    channels = shape[*a];
    q.inner = getNumElements(shape.drop_front(*a + 1));
  }
  if (int64_t(q.scales.size()) != channels)
    return std::nullopt;
  if (!zeroPoint) {
    q.zeroPoints.assign(channels, 0);
    return q;
  }
  if (zeroPoint->getNumElements() != channels ||
      getNumericKind(zeroPoint->getDType()) == NumericKind::Unsupported)
    return std::nullopt;
  for (int64_t i = 0; i != channels; ++i) {
    double z = zeroPoint->getDouble(i);
    if (z != std::trunc(z))
      return std::nullopt;
    q.zeroPoints.push_back(int64_t(z));
  }
  return q;
}

/// torch's fake quantization of one element in the computation type T.
template <typename T>
std::pair<double, bool> fakeQuantize(T x, float scale, int64_t zeroPoint, int64_t qmin,
                                     int64_t qmax) {
  float invScale = 1.0f / scale;
  T product = x * invScale;
  auto q = int64_t(T(zeroPoint) + std::nearbyint(product));
  bool inRange = qmin <= q && q <= qmax;
  int64_t clamped = std::min(std::max(q, qmin), qmax);
  return {double(T(T(clamped - zeroPoint) * scale)), inRange};
}

/// aten.fake_quantize_per_tensor_affine (.default: float scale, int
/// zero_point; .tensor_qparams: one-element tensors), per_channel_affine,
/// and their _cachemask forms (output, mask).
template <bool perChannel> std::optional<EvalResults> atenFakeQuantize(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  std::optional<ScalarOrTensor> scale = ctx.scalarOrTensor("scale");
  std::optional<ScalarOrTensor> zeroPoint = ctx.scalarOrTensor("zero_point");
  std::optional<int64_t> qmin = ctx.getOptionalInt("quant_min");
  std::optional<int64_t> qmax = ctx.getOptionalInt("quant_max");
  if (!x || !scale || !zeroPoint || !qmin || !qmax || !isFloat(x->getDType()) || *qmin > *qmax)
    return ctx.fail();
  std::optional<int64_t> axis;
  if (perChannel)
    axis = ctx.getOptionalInt("axis");
  std::optional<QParams> q = qparams(x->getShape(), scale->value, &zeroPoint->value, axis);
  if (!q || (perChannel && !axis) || llvm::any_of(q->zeroPoints, [&](int64_t z) {
        return z < *qmin || z > *qmax;
      }))
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(ctx.resultDType(), x->getShape());
  if (!out)
    return std::nullopt;
  bool withMask = ctx.getOp().getNumResults() == 2;
  Tensor mask = Tensor::create(DType::Bool, withMask ? x->getShape() : llvm::ArrayRef<int64_t>{});
  for (int64_t i = 0, n = x->getNumElements(); i != n; ++i) {
    auto s = float(q->scale(i));
    std::pair<double, bool> r =
        x->getDType() == DType::Float32
            ? fakeQuantize<float>(float(x->getDouble(i)), s, q->zeroPoint(i), *qmin, *qmax)
            : fakeQuantize<double>(x->getDouble(i), s, q->zeroPoint(i), *qmin, *qmax);
    out->setDouble(i, r.first);
    if (withMask)
      mask.setInt(i, r.second);
  }
  EvalResults results{std::move(*out)};
  if (withMask)
    results.push_back(std::move(mask));
  return results;
}

/// quantized_decomposed's quantize of one element: round(x * inv) +
/// zero_point clamped, in the computation type T (inv already in T).
template <typename T> double decomposedQuantize(T x, T inv, int64_t zp, int64_t qmin, int64_t qmax) {
  T v = std::nearbyint(T(x * inv)) + T(zp);
  return std::min(std::max(double(v), double(qmin)), double(qmax));
}

/// quantized_decomposed.quantize_per_tensor (.default: float scale, int
/// zero_point; .tensor: one-element tensors) and quantize_per_channel.
template <bool perChannel> std::optional<EvalResults> decomposedQuantizeRule(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input");
  std::optional<ScalarOrTensor> scale = ctx.scalarOrTensor(perChannel ? "scales" : "scale");
  std::optional<ScalarOrTensor> zeroPoint =
      ctx.scalarOrTensor(perChannel ? "zero_points" : "zero_point");
  std::optional<int64_t> qmin = ctx.getOptionalInt("quant_min");
  std::optional<int64_t> qmax = ctx.getOptionalInt("quant_max");
  std::optional<int64_t> axis;
  if (perChannel)
    axis = ctx.getOptionalInt("axis");
  if (!x || !scale || !zeroPoint || !qmin || !qmax || !isFloat(x->getDType()) ||
      (perChannel && !axis))
    return ctx.fail();
  std::optional<QParams> q = qparams(x->getShape(), scale->value, &zeroPoint->value, axis);
  if (!q)
    return ctx.fail();
  // Per tensor, 1 / scale is a Python float entering x's type; per channel,
  // a division in the scales' type, which x's type then meets.
  DType scaleType = scale->value.getDType();
  bool inFloat = x->getDType() == DType::Float32 && (!perChannel || scaleType == DType::Float32);
  std::optional<Tensor> out = ctx.allocate(ctx.resultDType(), x->getShape());
  if (!out || getNumericKind(ctx.resultDType()) != NumericKind::Integer)
    return ctx.fail();
  for (int64_t i = 0, n = x->getNumElements(); i != n; ++i) {
    double s = q->scale(i);
    double v;
    if (inFloat) {
      float inv = perChannel ? 1.0f / float(s) : float(1.0 / s);
      v = decomposedQuantize<float>(float(x->getDouble(i)), inv, q->zeroPoint(i), *qmin, *qmax);
    } else {
      double inv = perChannel && scaleType == DType::Float32 ? double(1.0f / float(s)) : 1.0 / s;
      v = decomposedQuantize<double>(x->getDouble(i), inv, q->zeroPoint(i), *qmin, *qmax);
    }
    out->setInt(i, int64_t(v));
  }
  return single(std::move(out));
}

/// quantized_decomposed.dequantize_per_tensor / dequantize_per_channel:
/// (q - zero_point) * scale in out_dtype (per tensor) or the scales' type
/// (per channel), then out_dtype.
template <bool perChannel> std::optional<EvalResults> decomposedDequantizeRule(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input");
  std::optional<ScalarOrTensor> scale = ctx.scalarOrTensor(perChannel ? "scales" : "scale");
  std::optional<ScalarOrTensor> zeroPoint =
      ctx.scalarOrTensor(perChannel ? "zero_points" : "zero_point");
  std::optional<int64_t> axis;
  if (perChannel)
    axis = ctx.getOptionalInt("axis");
  if (!x || !scale || getNumericKind(x->getDType()) != NumericKind::Integer ||
      (perChannel && !axis) || !isFloat(ctx.resultDType()))
    return ctx.fail();
  std::optional<QParams> q =
      qparams(x->getShape(), scale->value, zeroPoint ? &zeroPoint->value : nullptr, axis);
  if (!q)
    return ctx.fail();
  bool inFloat = perChannel ? scale->value.getDType() == DType::Float32
                            : ctx.resultDType() == DType::Float32;
  std::optional<Tensor> out = ctx.allocate(ctx.resultDType(), x->getShape());
  if (!out)
    return std::nullopt;
  for (int64_t i = 0, n = x->getNumElements(); i != n; ++i) {
    int64_t d = x->getInt(i) - q->zeroPoint(i);
    double v = inFloat ? double(float(d) * float(q->scale(i))) : double(d) * q->scale(i);
    out->setDouble(i, v);
  }
  return single(std::move(out));
}

/// The [min, max] of a QuantizeLinear output type.
std::optional<std::pair<int64_t, int64_t>> saturationRange(DType t) {
  switch (t) {
  case DType::Int8:
    return std::pair<int64_t, int64_t>{-128, 127};
  case DType::UInt8:
    return std::pair<int64_t, int64_t>{0, 255};
  case DType::Int16:
    return std::pair<int64_t, int64_t>{-32768, 32767};
  case DType::UInt16:
    return std::pair<int64_t, int64_t>{0, 65535};
  default:
    return std::nullopt;
  }
}

/// onnx.QuantizeLinear(x, y_scale, y_zero_point) / DequantizeLinear(x,
/// x_scale, x_zero_point): a scalar scale, or a 1-D one along `axis`.
template <bool quantize> std::optional<EvalResults> onnxQuantizeLinear(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *scale = ctx.operand(1);
  const Tensor *zeroPoint = ctx.isNone(2) ? nullptr : ctx.operand(2);
  if (!x || !scale || (!ctx.isNone(2) && !zeroPoint) || ctx.getInt("block_size", 0) != 0 ||
      scale->getDType() != DType::Float32)
    return ctx.fail();
  std::optional<int64_t> axis;
  if (scale->getRank() == 1 && scale->getNumElements() != 1)
    axis = ctx.getInt("axis", 1);
  else if (scale->getNumElements() != 1)
    return ctx.fail();
  std::optional<QParams> q = qparams(x->getShape(), *scale, zeroPoint, axis);
  DType out = ctx.resultDType();
  if (!q)
    return ctx.fail();
  std::optional<Tensor> result = ctx.allocate(out, x->getShape());
  if (!result)
    return std::nullopt;
  if (quantize) {
    std::optional<std::pair<int64_t, int64_t>> range = saturationRange(out);
    if (!range || x->getDType() != DType::Float32)
      return ctx.fail();
    for (int64_t i = 0, n = x->getNumElements(); i != n; ++i) {
      float v = std::nearbyint(float(x->getDouble(i)) / float(q->scale(i)));
      double shifted = double(v) + double(q->zeroPoint(i));
      if (std::isnan(shifted))
        return ctx.fail();
      result->setInt(i, int64_t(std::min(std::max(shifted, double(range->first)),
                                         double(range->second))));
    }
  } else {
    if (getNumericKind(x->getDType()) != NumericKind::Integer || out != DType::Float32)
      return ctx.fail();
    for (int64_t i = 0, n = x->getNumElements(); i != n; ++i)
      result->setDouble(i, double(float(x->getInt(i) - q->zeroPoint(i)) * float(q->scale(i))));
  }
  return single(std::move(result));
}

} // namespace

void registerQuantizeRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.DequantizeLinear", onnxQuantizeLinear<false>);
  r.addUnfoldable("onnx.QuantizeLinear", onnxQuantizeLinear<true>);

  r.addUnfoldable("aten.fake_quantize_per_channel_affine.default", atenFakeQuantize<true>);
  r.addUnfoldable("aten.fake_quantize_per_channel_affine_cachemask.default",
                  atenFakeQuantize<true>);
  r.addUnfoldable("aten.fake_quantize_per_tensor_affine.default", atenFakeQuantize<false>);
  r.addUnfoldable("aten.fake_quantize_per_tensor_affine.tensor_qparams", atenFakeQuantize<false>);
  r.addUnfoldable("aten.fake_quantize_per_tensor_affine_cachemask.default",
                  atenFakeQuantize<false>);
  r.addUnfoldable("quantized_decomposed.dequantize_per_channel.default",
                  decomposedDequantizeRule<true>);
  r.addUnfoldable("quantized_decomposed.dequantize_per_tensor.default",
                  decomposedDequantizeRule<false>);
  r.addUnfoldable("quantized_decomposed.dequantize_per_tensor.tensor",
                  decomposedDequantizeRule<false>);
  r.addUnfoldable("quantized_decomposed.quantize_per_channel.default",
                  decomposedQuantizeRule<true>);
  r.addUnfoldable("quantized_decomposed.quantize_per_tensor.default",
                  decomposedQuantizeRule<false>);
  r.addUnfoldable("quantized_decomposed.quantize_per_tensor.tensor",
                  decomposedQuantizeRule<false>);
}

} // namespace pt2onnx::passes::eval
