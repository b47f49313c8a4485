//===- quantize.cpp - Quantize, dequantize and fake quantization -----------===//
//
// A PT2E quantized program carries its quantization as `quantized_decomposed`
// ops around float ops: quantize_per_tensor / quantize_per_channel give int8
// or uint8 values, dequantize_per_tensor / dequantize_per_channel bring them
// back to float32. They become ONNX's QuantizeLinear and DequantizeLinear,
// the pairs ONNX Runtime's QDQ transformer turns into quantized kernels.
//
// torch quantizes as clamp(round(x * (1 / scale)) + zero_point, quant_min,
// quant_max), rounding half to even; QuantizeLinear saturates
// round(x / scale) + zero_point to its dtype, rounding half to even too. The
// two agree except where x / scale lies within an ulp of a half-integer: the
// product and the quotient can then round to neighbouring steps. A
// [quant_min, quant_max] narrower than the dtype (int8 weights in
// [-127, 127]) clamps the quantized values with Clip, exact on integers.
// Dequantizing is (q - zero_point) * scale in float32 in both. From opset 23,
// where ONNX Runtime has no QuantizeLinear kernel, quantizing is torch's
// formula (exact) and a cast.
//
// Quantization-aware training leaves fake_quantize_per_tensor_affine and
// fake_quantize_per_channel_affine (or, decomposed, their `_cachemask`
// forms, whose mask says which values were not clamped): quantize and
// dequantize at once. An 8-bit range ([0, 255] or [-128, 127]) gives a
// QuantizeLinear / DequantizeLinear pair; any other range torch's float
// formula, which is exact in float32: (clamp(round(x * inv_scale) +
// zero_point, quant_min, quant_max) - zero_point) * scale with inv_scale =
// 1 / scale in float32.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// The [min, max] a quantized dtype holds, for the dtypes QuantizeLinear
/// produces at the opset: int8 and uint8, and the 16-bit ones from opset 21.
std::optional<std::pair<int64_t, int64_t>> quantizedRange(DType t, int opset) {
  switch (t) {
  case DType::Int8:
    return std::pair<int64_t, int64_t>{-128, 127};
  case DType::UInt8:
    return std::pair<int64_t, int64_t>{0, 255};
  case DType::Int16:
    if (opset >= 21)
      return std::pair<int64_t, int64_t>{-32768, 32767};
    return std::nullopt;
  case DType::UInt16:
    if (opset >= 21)
      return std::pair<int64_t, int64_t>{0, 65535};
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// A per-tensor scale as a float32 scalar: the float argument `scale`, or the
/// one-element tensor of that name.
Value *perTensorScale(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  TensorOrNumber scale = ctx.tensorOrNumber("scale");
  if (scale.isNumber())
    return b.scalar(DType::Float32, scale.asDouble());
  return b.reshape(b.cast(scale.value, DType::Float32), llvm::ArrayRef<int64_t>{});
}

/// A per-tensor zero point as a scalar of dtype `t`: the int argument
/// `zero_point`, or the one-element tensor of that name.
Value *perTensorZeroPoint(RuleContext &ctx, DType t) {
  OnnxBuilder &b = ctx.b;
  TensorOrNumber zeroPoint = ctx.tensorOrNumber("zero_point");
  if (zeroPoint.isNumber())
    return b.scalarInt(t, ctx.getInt("zero_point"));
  return b.reshape(b.cast(zeroPoint.value, t), llvm::ArrayRef<int64_t>{});
}

/// `q` clamped to [lo, hi] when that is narrower than its dtype's `range`.
Value *clampQuantized(RuleContext &ctx, Value *q, int64_t lo, int64_t hi,
                      std::pair<int64_t, int64_t> range) {
  if (lo <= range.first && hi >= range.second)
    return q;
  OnnxBuilder &b = ctx.b;
  DType t = q->getType().getDType();
  Value *low = b.scalarInt(t, std::max(lo, range.first));
  Value *high = b.scalarInt(t, std::min(hi, range.second));
  return b.op("Clip", {q, low, high}, q->getType());
}

/// The quantization range arguments, checked against the dtype: nullopt
/// (after ctx.fail) when they are not a sub-range of it.
std::optional<std::pair<int64_t, int64_t>> checkedRange(RuleContext &ctx, DType t) {
  std::optional<std::pair<int64_t, int64_t>> range = quantizedRange(t, ctx.getOpset());
  if (!range) {
    ctx.fail("quantizing to " + getTorchName(t) + " has no QuantizeLinear form at opset " +
             llvm::Twine(ctx.getOpset()) + " (int8 and uint8 have; int16 and uint16 from opset 21)");
    return std::nullopt;
  }
  int64_t lo = ctx.getInt("quant_min"), hi = ctx.getInt("quant_max");
  if (lo > hi || lo < range->first || hi > range->second) {
    ctx.fail("quant_min and quant_max (" + llvm::Twine(lo) + ", " + llvm::Twine(hi) +
             ") are not a range of " + getTorchName(t));
    return std::nullopt;
  }
  return range;
}

/// `v` (a vector along `axis` of a rank-`rank` tensor) shaped to broadcast
/// along that axis.
Value *alongAxis(OnnxBuilder &b, Value *v, int64_t axis, int64_t rank) {
  llvm::SmallVector<int64_t, 4> axes;
  for (int64_t d = axis + 1; d < rank; ++d)
    axes.push_back(d - axis);
  return axes.empty() ? v : b.unsqueeze(v, axes);
}

/// Whether ONNX Runtime runs QuantizeLinear at `opset`: its CPU provider
/// (1.23) has no kernel for QuantizeLinear-23, so from opset 23 quantizing is
/// torch's own formula, which is exact.
bool hasRuntimeQuantizeLinear(int opset) { return opset < 23; }

/// torch's quantization in float32: round(x * inv_scale) + zero_point
/// (`shifted`, rounding half to even) and that clamped to [low, high]
/// (`clamped`); with the scale and zero point as used, shaped to broadcast
/// along the channel axis. inv_scale is `invScale` when given (the quantize
/// ops take a float scale's inverse in double precision), else 1 / scale in
/// float32 (as the fake quantization kernels and tensor scales do).
struct QuantizeFormula {
  Value *shifted, *clamped, *low, *high, *scale, *zeroPoint;
};
QuantizeFormula emitQuantizeFormula(RuleContext &ctx, Value *x, Value *scale, Value *invScale,
                                    Value *zeroPoint, std::optional<int64_t> axis, int64_t lo,
                                    int64_t hi) {
  OnnxBuilder &b = ctx.b;
  int64_t rank = ctx.rankOf(x);
  QuantizeFormula f;
  f.scale = axis ? alongAxis(b, scale, *axis, rank) : scale;
  Value *z = axis ? alongAxis(b, zeroPoint, *axis, rank) : zeroPoint;
  f.zeroPoint = b.cast(z, DType::Float32);
  if (!invScale) {
    Value *one = b.scalar(DType::Float32, 1.0);
    invScale = b.binary("Div", one, f.scale);
  }
  Value *scaled = b.binary("Mul", x, invScale);
  Value *rounded = b.unary("Round", scaled);
  f.shifted = b.binary("Add", rounded, f.zeroPoint);
  f.low = b.scalar(DType::Float32, double(lo));
  f.high = b.scalar(DType::Float32, double(hi));
  Value *atLeastLow = b.binary("Max", f.shifted, f.low);
  f.clamped = b.binary("Min", atLeastLow, f.high);
  return f;
}

/// x quantized to `t` as torch's quantize ops do, the scale and zero point
/// per tensor or along `axis`; `invScale` as emitQuantizeFormula takes it.
Value *emitQuantize(RuleContext &ctx, Value *x, Value *scale, Value *invScale, Value *zeroPoint,
                    std::optional<int64_t> axis, DType t, std::pair<int64_t, int64_t> range) {
  OnnxBuilder &b = ctx.b;
  // torch quantizes float16 and bfloat16 inputs from float32.
  x = b.cast(x, DType::Float32);
  int64_t lo = ctx.getInt("quant_min"), hi = ctx.getInt("quant_max");
  if (!hasRuntimeQuantizeLinear(ctx.getOpset()))
    return b.cast(emitQuantizeFormula(ctx, x, scale, invScale, zeroPoint, axis, lo, hi).clamped,
                  t);
  llvm::SmallVector<ir::NamedAttribute, 1> attrs;
  if (axis)
    attrs.push_back({"axis", Attribute::integer(*axis)});
  Value *q = b.op("QuantizeLinear", {x, scale, zeroPoint}, x->getType().withDType(t), attrs);
  return clampQuantized(ctx, q, lo, hi, range);
}

ValueList lowerQuantizePerTensor(RuleContext &ctx) {
  DType t = ctx.resultDType();
  std::optional<std::pair<int64_t, int64_t>> range = checkedRange(ctx, t);
  if (!range)
    return {};
  Value *scale = perTensorScale(ctx);
  TensorOrNumber given = ctx.tensorOrNumber("scale");
  Value *invScale = given.isNumber() ? ctx.b.scalar(DType::Float32, 1.0 / given.asDouble()) : nullptr;
  Value *zeroPoint = perTensorZeroPoint(ctx, t);
  return {emitQuantize(ctx, ctx.tensor("input"), scale, invScale, zeroPoint, std::nullopt, t,
                       *range)};
}

ValueList lowerQuantizePerChannel(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  DType t = ctx.resultDType();
  std::optional<std::pair<int64_t, int64_t>> range = checkedRange(ctx, t);
  if (!range)
    return {};
  Value *x = ctx.tensor("input");
  int64_t axis = ctx.normalizeDim(ctx.getInt("axis"), ctx.rankOf(x));
  Value *scales = b.cast(ctx.tensor("scales"), DType::Float32);
  Value *zeroPoints = b.cast(ctx.tensor("zero_points"), t);
  return {emitQuantize(ctx, x, scales, nullptr, zeroPoints, axis, t, *range)};
}

/// (q - zero_point) * scale in float32, the scale and zero point per tensor
/// or along `axis` (zeroPoint null: zero).
ValueList emitDequantize(RuleContext &ctx, Value *q, Value *scale, Value *zeroPoint,
                         std::optional<int64_t> axis) {
  OnnxBuilder &b = ctx.b;
  std::optional<DType> outDType = ctx.getOptionalDType("out_dtype");
  if (outDType && *outDType != DType::Float32)
    return ctx.fail("dequantizing to " + getTorchName(*outDType) +
                    " is not supported (only to float32)");
  DType t = q->getType().getDType();
  if (!quantizedRange(t, ctx.getOpset()))
    return ctx.fail("dequantizing " + getTorchName(t) + " has no DequantizeLinear form at opset " +
                    llvm::Twine(ctx.getOpset()));
  llvm::SmallVector<ir::NamedAttribute, 1> attrs;
  if (axis)
    attrs.push_back({"axis", Attribute::integer(*axis)});
  llvm::SmallVector<Value *, 3> operands{q, scale};
  if (zeroPoint)
    operands.push_back(b.cast(zeroPoint, t));
  return {b.op("DequantizeLinear", operands, q->getType().withDType(DType::Float32), attrs)};
}

ValueList lowerDequantizePerTensor(RuleContext &ctx) {
  Value *q = ctx.tensor("input");
  DType t = q->getType().getDType();
  Value *scale = perTensorScale(ctx);
  Value *zeroPoint = perTensorZeroPoint(ctx, t);
  return emitDequantize(ctx, q, scale, zeroPoint, std::nullopt);
}

ValueList lowerDequantizePerChannel(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *q = ctx.tensor("input");
  int64_t axis = ctx.normalizeDim(ctx.getInt("axis"), ctx.rankOf(q));
  Value *scales = b.cast(ctx.tensor("scales"), DType::Float32);
  return emitDequantize(ctx, q, scales, ctx.optionalTensor("zero_points"), axis);
}

/// The 8-bit dtype whose range is exactly [lo, hi], if any.
std::optional<DType> eightBitDType(int64_t lo, int64_t hi) {
  if (lo == 0 && hi == 255)
    return DType::UInt8;
  if (lo == -128 && hi == 127)
    return DType::Int8;
  return std::nullopt;
}

/// Fake quantization of `self` (float): the output, and the mask of the
/// values round(x * inv_scale) + zero_point kept inside [quant_min,
/// quant_max] when `withMask`. `scale` is float32 and `zeroPoint` int64,
/// each a scalar or shaped to broadcast along the channel axis.
ValueList emitFakeQuantize(RuleContext &ctx, Value *x, Value *scale, Value *zeroPoint,
                           std::optional<int64_t> axis, bool withMask) {
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  if (t != DType::Float32)
    return ctx.fail("fake quantization of " + getTorchName(t) +
                    " is not supported (only of float32)");
  int64_t lo = ctx.getInt("quant_min"), hi = ctx.getInt("quant_max");
  if (lo > hi)
    return ctx.fail("quant_min is greater than quant_max");
  std::optional<DType> q = eightBitDType(lo, hi);
  if (q && !withMask && hasRuntimeQuantizeLinear(ctx.getOpset())) {
    llvm::SmallVector<ir::NamedAttribute, 1> attrs;
    if (axis)
      attrs.push_back({"axis", Attribute::integer(*axis)});
    Value *zp = b.cast(zeroPoint, *q);
    Value *quantized = b.op("QuantizeLinear", {x, scale, zp}, x->getType().withDType(*q), attrs);
    return {b.op("DequantizeLinear", {quantized, scale, zp}, x->getType(), attrs)};
  }
  // torch's kernel: the quantized value less z, times scale.
  QuantizeFormula f = emitQuantizeFormula(ctx, x, scale, nullptr, zeroPoint, axis, lo, hi);
  Value *centered = b.binary("Sub", f.clamped, f.zeroPoint);
  Value *out = b.binary("Mul", centered, f.scale);
  if (!withMask)
    return {out};
  Value *aboveLow = b.compare("GreaterOrEqual", f.shifted, f.low);
  Value *belowHigh = b.compare("LessOrEqual", f.shifted, f.high);
  return {out, b.binary("And", aboveLow, belowHigh)};
}

ValueList lowerFakeQuantizePerTensor(RuleContext &ctx, bool withMask) {
  Value *scale = perTensorScale(ctx);
  Value *zeroPoint = perTensorZeroPoint(ctx, DType::Int64);
  return emitFakeQuantize(ctx, ctx.tensor("self"), scale, zeroPoint, std::nullopt, withMask);
}

ValueList lowerFakeQuantizePerChannel(RuleContext &ctx, bool withMask) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t axis = ctx.normalizeDim(ctx.getInt("axis"), ctx.rankOf(x));
  Value *scale = b.cast(ctx.tensor("scale"), DType::Float32);
  // torch takes int32 or float zero points; they hold integers.
  Value *zeroPoint = b.cast(ctx.tensor("zero_point"), DType::Int64);
  return emitFakeQuantize(ctx, x, scale, zeroPoint, axis, withMask);
}

} // namespace

void registerQuantizeLowerings(LoweringRegistry &r) {
  r.add("quantized_decomposed.quantize_per_tensor.default", lowerQuantizePerTensor);
  r.add("quantized_decomposed.quantize_per_tensor.tensor", lowerQuantizePerTensor);
  r.add("quantized_decomposed.quantize_per_channel.default", lowerQuantizePerChannel);
  r.add("quantized_decomposed.dequantize_per_tensor.default", lowerDequantizePerTensor);
  r.add("quantized_decomposed.dequantize_per_tensor.tensor", lowerDequantizePerTensor);
  r.add("quantized_decomposed.dequantize_per_channel.default", lowerDequantizePerChannel);
  r.add("aten.fake_quantize_per_tensor_affine.default",
        [](RuleContext &ctx) { return lowerFakeQuantizePerTensor(ctx, false); });
  r.add("aten.fake_quantize_per_tensor_affine.tensor_qparams",
        [](RuleContext &ctx) { return lowerFakeQuantizePerTensor(ctx, false); });
  r.add("aten.fake_quantize_per_tensor_affine_cachemask.default",
        [](RuleContext &ctx) { return lowerFakeQuantizePerTensor(ctx, true); });
  r.add("aten.fake_quantize_per_channel_affine.default",
        [](RuleContext &ctx) { return lowerFakeQuantizePerChannel(ctx, false); });
  r.add("aten.fake_quantize_per_channel_affine_cachemask.default",
        [](RuleContext &ctx) { return lowerFakeQuantizePerChannel(ctx, true); });
}

} // namespace pt2onnx::lowering
