//===- Resampling.cpp - Nearest, linear, cubic and antialiased resizing ----===//
//
// torch's upsample_* ops (nearest, nearest-exact, linear 1-3d, bicubic, the
// antialiased bilinear and bicubic) and ONNX Resize. Each resized dim has,
// per output position, a few taps (input index, weight).
//
// Where an output position comes from is a discrete choice that one bit of
// the source coordinate can change, so the coordinates and weights are
// computed in the runtime's own arithmetic: torch's UpSample.h in the
// kernel's opmath type (float for float32 and the 16-bit types, double for
// float64), with the given scale factor when there is one (1 / scale) and
// in / out otherwise, bicubic weights stored in the tensor's type and linear
// ones kept in opmath; onnxruntime's coordinate transforms in float with its
// scales (the `scales` input, or sizes / input dims), tf_crop_and_resize
// with its region of interest and extrapolation_value.
//
// The sums: torch's plain kernels are followed step by step in opmath
// arithmetic (nested sums, first spatial dim outermost); its antialiased
// kernel resamples the last dim first and stores each pass in the tensor's
// type; onnxruntime's are computed in double, one dim after the other, and
// rounded once (a few ulp). torch's float32 bicubic weights still differ from
// these formulas by up to 3 ulp (its compiled arithmetic is not reproduced):
// a few 1e-6 of the result. Nearest modes gather.
//
// Declined: ONNX antialias, types other than onnxruntime 1.23's (float32, and
// int32/int8/uint8 for nearest), the shapes its linear and cubic kernels
// reject, negative axes (it crashes on them), an extrapolation_value an
// integer type cannot hold; torch's resampling of integer tensors, and
// antialiased 16-bit floats. Whole-program only.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/NN.h"

#include <algorithm>
#include <cmath>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

struct Tap {
  int64_t index;
  double weight;
};
/// The taps of one dim: per output position, the inputs it sums.
using AxisTaps = std::vector<llvm::SmallVector<Tap, 4>>;

/// `values` (of `shape`) with dim `d` resampled by `taps`; `shape` becomes
/// the result's.
std::vector<double> applyAxis(llvm::ArrayRef<double> values, Shape &shape, size_t d,
                              const AxisTaps &taps) {
  int64_t outer = getNumElements(llvm::ArrayRef<int64_t>(shape).take_front(d));
  int64_t inner = getNumElements(llvm::ArrayRef<int64_t>(shape).drop_front(d + 1));
  int64_t in = shape[d], out = int64_t(taps.size());
  std::vector<double> result(size_t(outer * out * inner));
  for (int64_t o = 0; o != outer; ++o)
    for (int64_t j = 0; j != out; ++j)
      for (int64_t i = 0; i != inner; ++i) {
        double acc = 0;
        for (const Tap &t : taps[j])
          acc += t.weight * values[size_t((o * in + t.index) * inner + i)];
        result[size_t((o * out + j) * inner + i)] = acc;
      }
  shape[d] = out;
  return result;
}

/// `x` resampled by `axes` (dim -> taps; dims without taps are kept), in
/// double, rounded once to `dtype` (or after each dim with `roundEachPass`).
std::optional<Tensor> resampleWeighted(EvalContext &ctx, const Tensor &x,
                                       llvm::ArrayRef<std::pair<size_t, AxisTaps>> axes,
                                       DType dtype, bool roundEachPass) {
  Shape shape(x.getShape().begin(), x.getShape().end());
  for (const auto &[d, taps] : axes)
    shape[d] = int64_t(taps.size());
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  std::optional<std::vector<double>> values = floatsOf(ctx, x);
  if (!values)
    return std::nullopt;
  shape.assign(x.getShape().begin(), x.getShape().end());
  for (const auto &[d, taps] : axes) {
    *values = applyAxis(*values, shape, d, taps);
    if (roundEachPass)
      for (double &v : *values)
        v = roundTo(dtype, v);
  }
  return tensorOfFloats(ctx, dtype, shape, *values);
}

/// `x` gathered: output position j of dim d is input `maps[d][j]`.
std::optional<Tensor> gather(EvalContext &ctx, const Tensor &x, llvm::ArrayRef<Shape> maps) {
  Shape shape;
  for (const Shape &m : maps)
    shape.push_back(int64_t(m.size()));
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  return remapAxes(x, maps);
}

Shape identityMap(int64_t n) {
  Shape m(n);
  for (int64_t i = 0; i != n; ++i)
    m[i] = i;
  return m;
}

// ---- torch -------------------------------------------------------------------

/// floorf of a kernel value: torch's kernels call the float function, so a
/// double coordinate is rounded to float first.
template <typename T> int64_t floorToInt(T v) { return int64_t(std::floor(float(v))); }

/// area_pixel_compute_scale: input over output coordinates.
template <typename T>
T torchScale(int64_t in, int64_t out, bool alignCorners, std::optional<double> given) {
  if (alignCorners)
    return out > 1 ? T(in - 1) / T(out - 1) : T(0);
  if (given && *given > 0)
    return T(1.0 / *given);
  return T(in) / T(out);
}

/// area_pixel_compute_source_index: the input coordinate of output `i`,
/// clamped at 0 except for cubic.
template <typename T> T torchSourceIndex(T scale, int64_t i, bool alignCorners, bool cubic) {
  if (alignCorners)
    return scale * T(i);
  T src = scale * (T(i) + T(0.5)) - T(0.5);
  return !cubic && src < T(0) ? T(0) : src;
}

enum class TorchMode { Nearest, NearestExact, Linear, Cubic, AntialiasLinear, AntialiasCubic };

/// The input index of each output position of torch's nearest modes.
template <typename T>
Shape torchNearestMap(int64_t in, int64_t out, std::optional<double> given, bool exact) {
  T scale = torchScale<T>(in, out, false, given);
  Shape map(out);
  for (int64_t i = 0; i != out; ++i) {
    int64_t src = exact ? int64_t(std::floor(
                              float(double(torchSourceIndex(scale, i, false, false)) + 0.5)))
                        : floorToInt(scale * T(i));
    map[i] = std::min(src, in - 1);
  }
  return map;
}

/// Keys' cubic convolution with torch's a = -0.75 (upsample_bicubic2d).
template <typename T> std::array<T, 4> torchCubicCoefficients(T t) {
  const T a = T(-0.75);
  auto near = [&](T x) { return ((a + T(2)) * x - (a + T(3))) * x * x + T(1); };
  auto far = [&](T x) { return ((a * x - T(5) * a) * x + T(8) * a) * x - T(4) * a; };
  T x2 = T(1) - t;
  return {far(t + T(1)), near(t), near(x2), far(x2 + T(1))};
}

/// The filters of torch's antialiased kernels (Pillow's): a triangle, and
/// Keys' cubic with a = -0.5.
template <typename T> T antialiasFilter(T x, bool cubic) {
  x = x < T(0) ? -x : x;
  if (!cubic)
    return x < T(1) ? T(1) - x : T(0);
  const T a = T(-0.5);
  if (x < T(1))
    return ((a + T(2)) * x - (a + T(3))) * x * x + T(1);
  if (x < T(2))
    return (((x - T(5)) * x + T(8)) * x - T(4)) * a;
  return T(0);
}

/// The taps of one dim of torch's weighted modes, in opmath type T; bicubic
/// weights are stored in `dtype` as the kernel stores them.
template <typename T>
AxisTaps torchTaps(TorchMode mode, int64_t in, int64_t out, bool alignCorners,
                   std::optional<double> given, DType dtype) {
  AxisTaps taps(out);
  T scale = torchScale<T>(in, out, alignCorners, given);
  auto stored = [&](T w) { return roundTo(dtype, double(w)); };
  for (int64_t i = 0; i != out; ++i) {
    switch (mode) {
    case TorchMode::Linear: {
      if (in == out) {
        taps[i] = {{i, 1.0}, {i, 0.0}};
        break;
      }
      T real = torchSourceIndex(scale, i, alignCorners, false);
      int64_t i0 = std::min(floorToInt(real), in - 1);
      T lambda1 = std::min(std::max(real - T(i0), T(0)), T(1));
      double w1 = double(lambda1), w0 = double(T(1) - lambda1);
      taps[i] = {{i0, w0}, {i0 + (i0 < in - 1 ? 1 : 0), w1}};
      break;
    }
    case TorchMode::Cubic: {
      T real = torchSourceIndex(scale, i, alignCorners, true);
      int64_t i0 = std::min(floorToInt(real), in - 1);
      T lambda = std::min(std::max(real - T(i0), T(0)), T(1));
      std::array<T, 4> w = torchCubicCoefficients(lambda);
      for (int64_t j = 0; j != 4; ++j)
        taps[i].push_back({std::clamp<int64_t>(i0 + j - 1, 0, in - 1), stored(w[j])});
      break;
    }
    default: {
      // _compute_indices_min_size_weights_aa: a window of the filter
      // stretched by the scale when downsampling, normalized to sum to 1.
      bool cubic = mode == TorchMode::AntialiasCubic;
      T interp = cubic ? T(4) : T(2);
      T support = scale >= T(1) ? interp * T(0.5) * scale : interp * T(0.5);
      int64_t maxSize = int64_t(std::ceil(support)) * 2 + 1;
      T invScale = scale >= T(1) ? T(1) / scale : T(1);
      T center = T(double(scale) * (double(i) + 0.5));
      int64_t begin = std::max<int64_t>(int64_t(double(center - support) + 0.5), 0);
      int64_t size = std::clamp<int64_t>(
          std::min<int64_t>(int64_t(double(center + support) + 0.5), in) - begin, 0, maxSize);
      llvm::SmallVector<T, 8> w;
      T total = T(0);
      for (int64_t j = 0; j != size; ++j) {
        w.push_back(antialiasFilter(
            T((double(T(j + begin) - center) + 0.5) * double(invScale)), cubic));
        total += w.back();
      }
      for (int64_t j = 0; j != size; ++j)
        taps[i].push_back({begin + j, double(total != T(0) ? w[j] / total : w[j])});
      break;
    }
    }
  }
  return taps;
}

/// torch's upsample_generic_Nd kernel: each output the nested weighted sum
/// over the dims' taps, the first spatial dim outermost, computed in opmath
/// type T and rounded at each step as the kernel does.
template <typename T>
std::optional<Tensor> torchInterpolate(EvalContext &ctx, const Tensor &x,
                                       llvm::ArrayRef<AxisTaps> axes) {
  size_t n = axes.size();
  Shape shape(x.getShape().take_front(2));
  for (const AxisTaps &taps : axes)
    shape.push_back(int64_t(taps.size()));
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  std::optional<std::vector<double>> xs = floatsOf(ctx, x);
  if (!xs)
    return std::nullopt;
  Shape inStrides = getStrides(x.getShape());
  int64_t planes = shape[0] * shape[1],
          outPlane = getNumElements(llvm::ArrayRef<int64_t>(shape).drop_front(2));
  int64_t inPlane = planes ? x.getNumElements() / planes : 0;
  std::vector<double> result;
  result.reserve(size_t(planes * outPlane));
  Shape o(n, 0);
  // The sum over dim `level` onward at output position `o`, from `offset`.
  auto eval = [&](auto &self, size_t level, int64_t offset) -> T {
    if (level == n)
      return T((*xs)[size_t(offset)]);
    const llvm::SmallVector<Tap, 4> &taps = axes[level][o[level]];
    T acc = T(0);
    for (size_t j = 0; j != taps.size(); ++j) {
      T term = self(self, level + 1, offset + taps[j].index * inStrides[level + 2]) *
               T(taps[j].weight);
      acc = j == 0 ? term : acc + term;
    }
    return acc;
  };
  for (int64_t plane = 0; plane != planes; ++plane) {
    std::fill(o.begin(), o.end(), 0);
    for (int64_t i = 0; i != outPlane; ++i) {
      result.push_back(double(eval(eval, 0, plane * inPlane)));
      for (size_t d = n; d-- > 0;) {
        if (++o[d] < int64_t(axes[d].size()))
          break;
        o[d] = 0;
      }
    }
  }
  return tensorOfFloats(ctx, x.getDType(), shape, result);
}

/// An optional float argument (a scale of the .default overloads): a float
/// attribute, None, or a constant float operand; nullopt when malformed.
std::optional<std::optional<double>> optionalScale(EvalContext &ctx, llvm::StringRef arg) {
  if (const ir::Attribute *a = ctx.getOp().getAttr(arg)) {
    if (a->isUnit())
      return std::optional<double>();
    if (a->getKind() == ir::Attribute::Kind::Float)
      return std::optional<double>(a->getFloat());
    return std::nullopt;
  }
  if (!ctx.has(arg))
    return std::optional<double>();
  std::optional<ScalarOrTensor> v = ctx.scalarOrTensor(arg);
  if (ctx.hasFailed())
    return std::nullopt;
  if (!v)
    return std::optional<double>();
  if (v->value.getNumElements() != 1 || getNumericKind(v->value.getDType()) != NumericKind::Float)
    return std::nullopt;
  return std::optional<double>(v->value.getDouble(0));
}

/// The number of spatial dims of a torch resampling op (its name's "Nd").
size_t torchSpatialDims(EvalContext &ctx) {
  llvm::StringRef name = ctx.getOp().getName().getStringRef();
  return name.contains("1d") ? 1 : name.contains("3d") ? 3 : 2;
}

template <TorchMode mode> std::optional<EvalResults> atenUpsample(EvalContext &ctx) {
  size_t n = torchSpatialDims(ctx);
  const Tensor *x = ctx.has("input") ? ctx.tensor("input") : ctx.tensor("self");
  if (!x || x->getRank() != n + 2)
    return ctx.fail();
  DType dtype = x->getDType();
  bool weighted = mode != TorchMode::Nearest && mode != TorchMode::NearestExact;
  bool antialias = mode == TorchMode::AntialiasLinear || mode == TorchMode::AntialiasCubic;
  if (getNumericKind(dtype) != NumericKind::Float ||
      (antialias && dtype != DType::Float32 && dtype != DType::Float64))
    return ctx.fail();
  bool alignCorners = ctx.getInt("align_corners", 0) != 0;
  llvm::ArrayRef<int64_t> in = x->getShape().drop_front(2);

  // The scale factors: `scale_factors` (.vec), or scales / scales_d,
  // scales_h, scales_w (.default).
  llvm::SmallVector<std::optional<double>, 3> given(n);
  bool vec = ctx.has("scale_factors");
  if (const ir::Attribute *a = ctx.getOp().getAttr("scale_factors")) {
    if (a->getKind() == ir::Attribute::Kind::FloatList) {
      if (a->getFloatList().size() != n)
        return ctx.fail();
      for (size_t d = 0; d != n; ++d)
        given[d] = a->getFloatList()[d];
    } else if (!a->isUnit()) {
      return ctx.fail();
    }
  } else if (vec) {
    return ctx.fail(); // scale factors that are not constants
  } else {
    static const char *const names[] = {"scales_d", "scales_h", "scales_w"};
    for (size_t d = 0; d != n; ++d) {
      std::optional<std::optional<double>> s =
          optionalScale(ctx, n == 1 ? "scales" : names[3 - n + d]);
      if (!s)
        return ctx.fail();
      given[d] = *s;
    }
  }

  Shape out;
  if (std::optional<Shape> size = ctx.getOptionalIntList("output_size"); size && !size->empty()) {
    if (size->size() != n)
      return ctx.fail();
    // torch rejects both an output size and scale factors.
    if (vec)
      return ctx.fail();
    out = *size;
  } else {
    if (ctx.hasFailed())
      return std::nullopt;
    for (size_t d = 0; d != n; ++d) {
      if (!given[d])
        return ctx.fail();
      out.push_back(int64_t(double(in[d]) * *given[d]));
    }
  }
  for (size_t d = 0; d != n; ++d)
    if (out[d] < 0 || (in[d] == 0 && out[d] != 0))
      return ctx.fail();

  bool wide = dtype == DType::Float64;
  if (!weighted) {
    llvm::SmallVector<Shape, 5> maps{identityMap(x->getShape()[0]),
                                     identityMap(x->getShape()[1])};
    bool exact = mode == TorchMode::NearestExact;
    for (size_t d = 0; d != n; ++d)
      maps.push_back(wide ? torchNearestMap<double>(in[d], out[d], given[d], exact)
                          : torchNearestMap<float>(in[d], out[d], given[d], exact));
    return single(gather(ctx, *x, maps));
  }
  auto tapsOf = [&](size_t d) {
    return wide ? torchTaps<double>(mode, in[d], out[d], alignCorners, given[d], dtype)
                : torchTaps<float>(mode, in[d], out[d], alignCorners, given[d], dtype);
  };
  if (!antialias) {
    llvm::SmallVector<AxisTaps, 3> axes;
    for (size_t d = 0; d != n; ++d)
      axes.push_back(tapsOf(d));
    return single(wide ? torchInterpolate<double>(ctx, *x, axes)
                       : torchInterpolate<float>(ctx, *x, axes));
  }
  // The antialiased kernel resamples the last dim first, storing each pass
  // in the tensor's type, and skips the dims whose size does not change.
  llvm::SmallVector<std::pair<size_t, AxisTaps>, 3> axes;
  for (size_t k = 0; k != n; ++k) {
    size_t d = n - 1 - k;
    if (in[d] != out[d])
      axes.push_back({d + 2, tapsOf(d)});
  }
  return single(resampleWeighted(ctx, *x, axes, dtype, true));
}

// ---- ONNX --------------------------------------------------------------------

/// onnxruntime's coordinate transform of output position `o` (float).
std::optional<float> onnxSourceCoordinate(llvm::StringRef transform, float o, float scale,
                                          float out, float in, float roiStart, float roiEnd) {
  if (transform == "tf_crop_and_resize")
    return out > 1 ? roiStart * (in - 1) + (o * (roiEnd - roiStart) * (in - 1)) / (out - 1)
                   : float(0.5 * double(roiStart + roiEnd) * double(in - 1));
  if (transform == "half_pixel")
    return (o + 0.5f) / scale - 0.5f;
  if (transform == "pytorch_half_pixel")
    return out > 1 ? (o + 0.5f) / scale - 0.5f : 0.0f;
  if (transform == "asymmetric")
    return o / scale;
  if (transform == "tf_half_pixel_for_nn")
    return (o + 0.5f) / scale;
  if (transform == "align_corners")
    return out == 1 ? 0.0f : o * (in - 1) / (out - 1);
  if (transform == "half_pixel_symmetric") {
    float adjustment = out / (scale * in);
    float center = in / 2;
    float offset = center * (1 - adjustment);
    return float(double(offset) + (double(o) + 0.5) / double(scale) - 0.5);
  }
  return std::nullopt;
}

std::optional<int64_t> onnxNearestPixel(llvm::StringRef mode, float x) {
  if (mode == "round_prefer_floor")
    return x == float(int64_t(x)) + 0.5f ? int64_t(std::floor(x)) : int64_t(std::round(x));
  if (mode == "round_prefer_ceil")
    return int64_t(std::round(x));
  if (mode == "floor")
    return int64_t(std::floor(x));
  if (mode == "ceil")
    return int64_t(std::ceil(x));
  return std::nullopt;
}

/// onnxruntime's cubic coefficients of the fractional offset `s`.
std::array<float, 4> onnxCubicCoefficients(float s, float a) {
  auto near = [&](float x) { return ((a + 2) * x - (a + 3)) * x * x + 1; };
  auto far = [&](float x) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; };
  s = std::abs(s);
  return {far(s + 1), near(s), near(1 - s), far(2 - s)};
}

std::optional<EvalResults> onnxResize(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x || x->getRank() == 0 || ctx.getInt("antialias", 0) != 0)
    return ctx.fail();
  int64_t rank = int64_t(x->getRank());
  llvm::ArrayRef<int64_t> in = x->getShape();
  std::string mode = ctx.getString("mode", "nearest");
  std::string transform = ctx.getString("coordinate_transformation_mode", "half_pixel");
  std::string nearestMode = ctx.getString("nearest_mode", "round_prefer_floor");
  std::string policy = ctx.getString("keep_aspect_ratio_policy", "stretch");
  double cubicA = ctx.getFloat("cubic_coeff_a", -0.75);
  bool excludeOutside = ctx.getInt("exclude_outside", 0) != 0;
  Shape axes = ctx.getIntList("axes", identityMap(rank));
  if (ctx.hasFailed())
    return std::nullopt;
  // onnxruntime 1.23 crashes on negative axes.
  for (int64_t a : axes)
    if (a < 0 || a >= rank)
      return ctx.fail();
  for (size_t i = 0; i != axes.size(); ++i)
    if (llvm::is_contained(llvm::ArrayRef<int64_t>(axes).take_front(i), axes[i]))
      return ctx.fail();

  const Tensor *scalesIn = ctx.getNumOperands() > 2 && !ctx.isNone(2) ? ctx.operand(2) : nullptr;
  const Tensor *sizesIn = ctx.getNumOperands() > 3 && !ctx.isNone(3) ? ctx.operand(3) : nullptr;
  if ((ctx.getNumOperands() > 2 && !ctx.isNone(2) && !scalesIn) ||
      (ctx.getNumOperands() > 3 && !ctx.isNone(3) && !sizesIn))
    return ctx.fail();
  bool haveScales = scalesIn && scalesIn->getNumElements() != 0;
  bool haveSizes = sizesIn && sizesIn->getNumElements() != 0;
  if (haveScales == haveSizes)
    return ctx.fail();

  llvm::SmallVector<float, 6> scales(rank, 1.0f);
  Shape out(in.begin(), in.end());
  if (haveScales) {
    if (scalesIn->getRank() != 1 || scalesIn->getNumElements() != int64_t(axes.size()) ||
        getNumericKind(scalesIn->getDType()) != NumericKind::Float)
      return ctx.fail();
    for (size_t i = 0; i != axes.size(); ++i) {
      float s = float(scalesIn->getDouble(int64_t(i)));
      if (!(s > 0))
        return ctx.fail();
      scales[axes[i]] = s;
      out[axes[i]] = int64_t(s * float(in[axes[i]]));
    }
  } else {
    if (sizesIn->getRank() != 1 || sizesIn->getNumElements() != int64_t(axes.size()) ||
        sizesIn->getDType() != DType::Int64)
      return ctx.fail();
    for (size_t i = 0; i != axes.size(); ++i) {
      int64_t a = axes[i], size = sizesIn->getInt(int64_t(i));
      if (size < 0 || in[a] == 0)
        return ctx.fail();
      out[a] = size;
      scales[a] = float(size) / float(in[a]);
    }
    if (policy != "stretch") {
      if (policy != "not_larger" && policy != "not_smaller")
        return ctx.fail();
      float scale = scales[axes[0]];
      for (int64_t a : axes)
        scale = policy == "not_larger" ? std::min(scale, scales[a]) : std::max(scale, scales[a]);
      for (int64_t a : axes) {
        scales[a] = scale;
        out[a] = int64_t(std::round(scale * float(in[a])));
      }
    }
  }
  for (int64_t d = 0; d != rank; ++d)
    if (out[d] < 0 || (in[d] == 0 && out[d] != 0))
      return ctx.fail();

  // tf_crop_and_resize: the region of interest, per dim [start, end] as a
  // fraction of the input; outputs whose source falls outside the input
  // (in a dim that is resized) take extrapolation_value.
  bool crop = transform == "tf_crop_and_resize";
  llvm::SmallVector<float, 6> roiStart(rank, 0.0f), roiEnd(rank, 1.0f);
  if (crop) {
    const Tensor *roi = ctx.getNumOperands() > 1 ? ctx.operand(1) : nullptr;
    if (!roi || roi->getRank() != 1 || roi->getNumElements() != 2 * int64_t(axes.size()) ||
        getNumericKind(roi->getDType()) != NumericKind::Float)
      return ctx.fail();
    for (size_t i = 0; i != axes.size(); ++i) {
      roiStart[axes[i]] = float(roi->getDouble(int64_t(i)));
      roiEnd[axes[i]] = float(roi->getDouble(int64_t(axes.size() + i)));
    }
  }
  std::vector<std::vector<bool>> outside(rank);
  auto coordinate = [&](int64_t d, int64_t o) {
    std::optional<float> c = onnxSourceCoordinate(transform, float(o), scales[d], float(out[d]),
                                                  float(in[d]), roiStart[d], roiEnd[d]);
    if (crop && c) {
      outside[d].resize(size_t(out[d]));
      outside[d][o] = *c < 0 || *c > float(in[d] - 1);
    }
    return c;
  };
  // The result with the extrapolated outputs filled.
  auto extrapolated = [&](std::optional<Tensor> y) -> std::optional<EvalResults> {
    if (!y || !crop)
      return single(std::move(y));
    // The value in the result's type; undefined for an integer type it does
    // not fit.
    std::optional<Tensor> value = castTo(
        Tensor::scalarDouble(DType::Float32, ctx.getFloat("extrapolation_value", 0.0)),
        y->getDType());
    if (!value)
      return ctx.fail();
    Shape index(rank, 0);
    for (int64_t i = 0, e = y->getNumElements(); i != e; ++i) {
      bool fill = false;
      for (int64_t d = 0; d != rank; ++d)
        fill |= !outside[d].empty() && outside[d][index[d]];
      if (fill)
        y->copyElements(i, *value, 0);
      for (int64_t d = rank; d-- > 0;) {
        if (++index[d] < out[d])
          break;
        index[d] = 0;
      }
    }
    return EvalResults{std::move(*y)};
  };

  if (mode == "nearest") {
    // onnxruntime 1.23's Resize kernels: float, int32, int8, uint8.
    DType t = x->getDType();
    if (t != DType::Float32 && t != DType::Int32 && t != DType::Int8 && t != DType::UInt8)
      return ctx.fail();
    llvm::SmallVector<Shape, 6> maps;
    for (int64_t d = 0; d != rank; ++d) {
      if (scales[d] == 1.0f) {
        maps.push_back(identityMap(out[d]));
        continue;
      }
      Shape map(out[d]);
      for (int64_t o = 0; o != out[d]; ++o) {
        std::optional<float> c = coordinate(d, o);
        std::optional<int64_t> i =
            c ? onnxNearestPixel(nearestMode, *c) : std::nullopt;
        if (!i)
          return ctx.fail();
        map[o] = std::clamp<int64_t>(*i, 0, in[d] - 1);
      }
      maps.push_back(std::move(map));
    }
    return extrapolated(gather(ctx, *x, maps));
  }

  if ((mode != "linear" && mode != "cubic") || x->getDType() != DType::Float32)
    return ctx.fail();
  // The dims onnxruntime's bilinear, trilinear and bicubic kernels resample;
  // the others must keep their size.
  Shape spatial;
  auto unit = [&](std::initializer_list<int64_t> dims) {
    return llvm::all_of(dims, [&](int64_t d) { return scales[d] == 1.0f; });
  };
  if (mode == "linear") {
    if (rank == 2 || rank == 3)
      spatial = identityMap(rank);
    else if (rank == 4 && unit({0, 1}))
      spatial = {2, 3};
    else if (rank == 4 && unit({0, 3}))
      spatial = {1, 2};
    else if (rank == 5 && unit({0, 1}))
      spatial = {2, 3, 4};
    else
      return ctx.fail();
  } else {
    if (rank == 2)
      spatial = {0, 1};
    else if (rank == 4 && unit({0, 1}))
      spatial = {2, 3};
    else
      return ctx.fail();
  }

  llvm::SmallVector<std::pair<size_t, AxisTaps>, 3> passes;
  for (int64_t d : spatial) {
    AxisTaps taps(out[d]);
    for (int64_t o = 0; o != out[d]; ++o) {
      float c = float(o);
      if (scales[d] != 1.0f) {
        std::optional<float> s = coordinate(d, o);
        if (!s)
          return ctx.fail();
        c = *s;
      }
      if (mode == "linear") {
        c = std::max(0.0f, std::min(c, float(in[d] - 1)));
        int64_t i1 = std::min(int64_t(c), in[d] - 1), i2 = std::min(i1 + 1, in[d] - 1);
        float w1 = std::fabs(c - float(i1)), w2 = std::fabs(c - float(i2));
        if (i1 == i2)
          w1 = w2 = 0.5f;
        taps[o] = {{i1, double(w2)}, {i2, double(w1)}};
        continue;
      }
      int64_t base = int64_t(std::floor(c));
      std::array<float, 4> w = onnxCubicCoefficients(c - float(base), float(cubicA));
      float total = 0;
      for (int64_t j = 0; j != 4; ++j) {
        int64_t i = base + j - 1;
        if (excludeOutside && (i < 0 || i >= in[d]))
          w[j] = 0;
        total += w[j];
      }
      for (int64_t j = 0; j != 4; ++j)
        taps[o].push_back({std::clamp<int64_t>(base + j - 1, 0, in[d] - 1),
                           excludeOutside ? double(w[j]) / double(total) : double(w[j])});
    }
    passes.push_back({size_t(d), std::move(taps)});
  }
  return extrapolated(resampleWeighted(ctx, *x, passes, x->getDType(), false));
}

} // namespace

void registerResamplingRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.Resize", onnxResize);
  for (const char *variant : {"vec", "default"}) {
    std::string v = variant;
    for (const char *d : {"1d", "2d", "3d"}) {
      r.addUnfoldable("aten.upsample_nearest" + std::string(d) + "." + v,
                      atenUpsample<TorchMode::Nearest>);
      r.addUnfoldable("aten._upsample_nearest_exact" + std::string(d) + "." + v,
                      atenUpsample<TorchMode::NearestExact>);
    }
    r.addUnfoldable("aten.upsample_linear1d." + v, atenUpsample<TorchMode::Linear>);
    r.addUnfoldable("aten.upsample_bilinear2d." + v, atenUpsample<TorchMode::Linear>);
    r.addUnfoldable("aten.upsample_trilinear3d." + v, atenUpsample<TorchMode::Linear>);
    r.addUnfoldable("aten.upsample_bicubic2d." + v, atenUpsample<TorchMode::Cubic>);
    r.addUnfoldable("aten._upsample_bilinear2d_aa." + v, atenUpsample<TorchMode::AntialiasLinear>);
    r.addUnfoldable("aten._upsample_bicubic2d_aa." + v, atenUpsample<TorchMode::AntialiasCubic>);
  }
}

} // namespace pt2onnx::passes::eval
