//===- conv.cpp - Convolution, pooling and resampling ---------------------------===//
//
// torch's spatial ops take per-dim lists that may be given as one value
// (`stride=2`); they are expanded to one entry per spatial dim. Unbatched
// inputs (no batch dim) get one for the ONNX op and lose it after.
// Pooling with ceil_mode: from opset 19 ONNX also drops windows that would
// start in the right padding; before, a Slice drops them (static sizes).
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// `arg` as one entry per spatial dim (a single value is repeated); empty
/// stays empty.
llvm::SmallVector<int64_t, 4> perDim(RuleContext &ctx, llvm::StringRef arg, int64_t n) {
  llvm::SmallVector<int64_t, 4> v = ctx.getIntList(arg);
  if (v.size() == 1 && n > 1)
    v.assign(n, v.front());
  if (!v.empty() && int64_t(v.size()) != n)
    ctx.fail("argument '" + arg + "' needs " + llvm::Twine(n) + " entries");
  return v;
}

/// ONNX pads [begin..., end...] for symmetric torch padding.
llvm::SmallVector<int64_t, 8> symmetricPads(llvm::ArrayRef<int64_t> padding) {
  llvm::SmallVector<int64_t, 8> pads(padding.begin(), padding.end());
  pads.append(padding.begin(), padding.end());
  return pads;
}

/// Adds a batch dim to an unbatched input; `unbatch` removes it again.
struct Batching {
  bool added = false;
  Value *batched(RuleContext &ctx, Value *x, int64_t expectedRank) {
    if (ctx.rankOf(x) == expectedRank - 1) {
      added = true;
      return ctx.b.unsqueeze(x, {0});
    }
    return x;
  }
  ir::Type resultType(const ir::Type &t) const {
    if (!added || !t.isRanked())
      return t;
    llvm::SmallVector<ir::Dim, 4> dims{ir::Dim(1)};
    dims.append(t.getShape().begin(), t.getShape().end());
    return t.withShape(dims);
  }
  Value *unbatched(RuleContext &ctx, Value *y) const {
    if (!added)
      return y;
    Value *r = ctx.b.squeeze(y, {0});
    r->setType(ctx.resultType());
    return r;
  }
};

/// Conv/ConvTranspose of `x` by `w` (+ bias). `padding` is either explicit
/// per-dim values or torch's 'same' / 'valid'.
ValueList emitConvolution(RuleContext &ctx, Value *x, Value *w, Value *bias, bool transposed,
                          std::optional<std::string> paddingMode) {
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("convolution of integer tensors is not supported: ONNX Runtime's Conv and "
                    "ConvTranspose compute floats only; cast the input and weight to a float "
                    "dtype");
  x = ctx.b.cast(x, t);
  w = ctx.b.cast(w, t);
  int64_t n = ctx.rankOf(w) - 2;
  if (n < 1)
    return ctx.fail("convolution weights need a rank of at least 3");
  Batching batching;
  x = batching.batched(ctx, x, n + 2);
  llvm::SmallVector<int64_t, 4> stride = perDim(ctx, "stride", n);
  llvm::SmallVector<int64_t, 4> dilation = perDim(ctx, "dilation", n);
  int64_t groups = ctx.getInt("groups");
  llvm::SmallVector<int64_t, 8> pads;
  if (paddingMode) {
    if (*paddingMode == "valid") {
      pads.assign(2 * n, 0);
    } else if (*paddingMode == "same") {
      const ir::Type &wt = w->getType();
      llvm::SmallVector<int64_t, 4> begins, ends;
      for (int64_t i = 0; i < n; ++i) {
        const ir::Dim &k = wt.getShape()[2 + i];
        if (!k.isStatic())
          return ctx.fail("'same' padding needs static kernel sizes");
        int64_t total = dilation[i] * (k.getSize() - 1);
        begins.push_back(total / 2);
        ends.push_back(total - total / 2);
      }
      pads.append(begins.begin(), begins.end());
      pads.append(ends.begin(), ends.end());
    } else {
      return ctx.fail("unknown padding mode '" + *paddingMode + "'");
    }
  } else {
    pads = symmetricPads(perDim(ctx, "padding", n));
  }
  llvm::SmallVector<ir::NamedAttribute, 6> attrs{{"dilations", Attribute::intList(dilation)},
                                                 {"group", Attribute::integer(groups)},
                                                 {"pads", Attribute::intList(pads)},
                                                 {"strides", Attribute::intList(stride)}};
  if (transposed) {
    llvm::SmallVector<int64_t, 4> outputPadding = perDim(ctx, "output_padding", n);
    if (llvm::any_of(outputPadding, [](int64_t p) { return p != 0; }))
      attrs.push_back({"output_padding", Attribute::intList(outputPadding)});
  }
  llvm::SmallVector<Value *, 3> operands{x, w};
  if (bias)
    operands.push_back(ctx.b.cast(bias, t));
  if (t == DType::Float64)
    return ctx.fail(std::string("ONNX Runtime has no float64 ") +
                    (transposed ? "ConvTranspose" : "Conv") +
                    "; convert the model in float32");
  Value *y = ctx.b.op(transposed ? "ConvTranspose" : "Conv", operands,
                      batching.resultType(ctx.resultType()), attrs);
  return {batching.unbatched(ctx, y)};
}

/// The `str padding` ('same'/'valid') of the .padding overloads; nullopt for
/// the others, whose padding is ints.
std::optional<std::string> paddingMode(RuleContext &ctx) {
  if (!ctx.getOverload().endswith(".padding"))
    return std::nullopt;
  return ctx.getString("padding");
}

// aten.conv1d/2d/3d.default(input, weight, bias=None, stride=1, padding=0,
// dilation=1, groups=1) and their .padding overloads (padding: str)
ValueList lowerConv(RuleContext &ctx) {
  return emitConvolution(ctx, ctx.tensor("input"), ctx.tensor("weight"), ctx.optionalTensor("bias"),
                         false, paddingMode(ctx));
}

// aten.conv_transpose1d/2d/3d.input(input, weight, bias=None, stride=1,
// padding=0, output_padding=0, groups=1, dilation=1)
ValueList lowerConvTranspose(RuleContext &ctx) {
  return emitConvolution(ctx, ctx.tensor("input"), ctx.tensor("weight"), ctx.optionalTensor("bias"),
                         true, std::nullopt);
}

// aten.convolution.default(input, weight, bias, stride, padding, dilation,
// transposed, output_padding, groups), aten._convolution.default
ValueList lowerConvolution(RuleContext &ctx) {
  return emitConvolution(ctx, ctx.tensor("input"), ctx.tensor("weight"), ctx.optionalTensor("bias"),
                         ctx.getBool("transposed"), std::nullopt);
}

// ---- Pooling -------------------------------------------------------------------

struct PoolParams {
  llvm::SmallVector<int64_t, 4> kernel, stride, padding, dilation;
  bool ceilMode = false;
};

PoolParams poolParams(RuleContext &ctx, int64_t n, bool hasDilation) {
  PoolParams p;
  p.kernel = perDim(ctx, "kernel_size", n);
  p.stride = perDim(ctx, "stride", n);
  if (p.stride.empty())
    p.stride = p.kernel;
  p.padding = perDim(ctx, "padding", n);
  if (hasDilation)
    p.dilation = perDim(ctx, "dilation", n);
  p.ceilMode = ctx.getBool("ceil_mode");
  return p;
}

/// The pooling attributes ONNX needs; all-zero pads are left out (ONNX's
/// default), which keeps ONNX Runtime from fusing a preceding Pad into them.
llvm::SmallVector<ir::NamedAttribute, 6> poolAttrs(const PoolParams &p) {
  llvm::SmallVector<ir::NamedAttribute, 6> attrs;
  if (p.ceilMode)
    attrs.push_back({"ceil_mode", Attribute::integer(1)});
  if (!p.dilation.empty() && llvm::any_of(p.dilation, [](int64_t d) { return d != 1; }))
    attrs.push_back({"dilations", Attribute::intList(p.dilation)});
  attrs.push_back({"kernel_shape", Attribute::intList(p.kernel)});
  if (llvm::any_of(p.padding, [](int64_t v) { return v != 0; }))
    attrs.push_back({"pads", Attribute::intList(symmetricPads(p.padding))});
  attrs.push_back({"strides", Attribute::intList(p.stride)});
  return attrs;
}

/// The static sizes of the pooled dims, in and out (nullopt when one is
/// dynamic), with the output sizes ONNX computes. Before opset 19, ONNX
/// keeps a ceil_mode window that would start in the right padding, which
/// torch drops: the pool op then gets ONNX's sizes and a Slice trims the
/// extra window off.
struct PoolGeometry {
  llvm::SmallVector<int64_t, 4> in, out, onnxOut;
};
std::optional<PoolGeometry> poolGeometry(RuleContext &ctx, const PoolParams &p, Value *x,
                                         const ir::Type &type) {
  int64_t n = int64_t(p.kernel.size()), rank = ctx.rankOf(x);
  if (!type.isRanked() || int64_t(type.getRank()) != rank || rank < n)
    return std::nullopt;
  PoolGeometry g;
  for (int64_t i = 0; i < n; ++i) {
    const ir::Dim &in = x->getType().getShape()[rank - n + i], &out = type.getShape()[rank - n + i];
    if (!in.isStatic() || !out.isStatic())
      return std::nullopt;
    g.in.push_back(in.getSize());
    g.out.push_back(out.getSize());
    int64_t onnxOut = out.getSize();
    if (p.ceilMode && ctx.getOpset() < 22) {
      int64_t d = p.dilation.empty() ? 1 : p.dilation[i];
      int64_t span = in.getSize() + 2 * p.padding[i] - (d * (p.kernel[i] - 1) + 1);
      onnxOut = span < 0 ? out.getSize() : (span + p.stride[i] - 1) / p.stride[i] + 1;
    }
    g.onnxOut.push_back(onnxOut);
  }
  return g;
}

/// `type` with the pooled dims of ONNX's sizes.
ir::Type onnxPoolType(const ir::Type &type, const std::optional<PoolGeometry> &g) {
  if (!g || g->onnxOut == g->out)
    return type;
  llvm::SmallVector<ir::Dim, 4> dims(type.getShape().begin(), type.getShape().end());
  for (size_t i = 0; i < g->onnxOut.size(); ++i)
    dims[dims.size() - g->onnxOut.size() + i] = ir::Dim(g->onnxOut[i]);
  return type.withShape(dims);
}

/// `y` (of ONNX's sizes) cut to torch's.
Value *trimExtraWindows(RuleContext &ctx, Value *y, const std::optional<PoolGeometry> &g,
                        const ir::Type &type) {
  if (!g || g->onnxOut == g->out)
    return y;
  int64_t n = int64_t(g->out.size()), rank = int64_t(type.getRank());
  llvm::SmallVector<int64_t, 4> axes, starts(n, 0);
  for (int64_t i = 0; i < n; ++i)
    axes.push_back(rank - n + i);
  return ctx.b.slice(y, ctx.b.i64s(starts), ctx.b.i64s(g->out), ctx.b.i64s(axes), nullptr, type);
}

/// The ONNX MaxPool indices are flat over the whole tensor, torch's over
/// each (batch, channel) plane: the remainder by the plane size.
Value *planeIndices(RuleContext &ctx, Value *x, Value *indices) {
  OnnxBuilder &b = ctx.b;
  Value *spatial = b.shapeOf(x, 2);
  Value *plane = b.reduce("ReduceProd", spatial, std::nullopt, false);
  return b.op("Mod", {indices, plane}, indices->getType(), {{"fmod", Attribute::integer(0)}});
}

/// Fails unless ONNX Runtime's MaxPool computes `t`: floats, int8 and uint8.
bool checkMaxPoolDType(RuleContext &ctx, DType t) {
  if (ir::isFloatingPoint(t) || t == DType::Int8 || t == DType::UInt8)
    return true;
  ctx.fail("max pooling of " + ir::getTorchName(t) +
           " tensors is not supported: ONNX Runtime's MaxPool computes floats, int8 and uint8 "
           "only; cast the input to a float dtype");
  return false;
}

ValueList lowerMaxPoolN(RuleContext &ctx, int64_t n, bool withIndices) {
  Value *x = ctx.tensor("self");
  if (!checkMaxPoolDType(ctx, x->getType().getDType()))
    return {};
  PoolParams p = poolParams(ctx, n, true);
  if (p.kernel.empty())
    return ctx.fail("max pooling needs a kernel size");
  Batching batching;
  x = batching.batched(ctx, x, n + 2);
  ir::Type type = batching.resultType(ctx.resultType());
  if (ctx.failed())
    return {};
  std::optional<PoolGeometry> g = poolGeometry(ctx, p, x, type);
  ir::Type onnxType = onnxPoolType(type, g);
  llvm::SmallVector<ir::NamedAttribute, 6> attrs = poolAttrs(p);
  if (!withIndices)
    return {batching.unbatched(
        ctx, trimExtraWindows(ctx, ctx.b.op("MaxPool", {x}, onnxType, attrs), g, type))};
  ir::Operation *pool =
      ctx.b.create("MaxPool", {x}, {onnxType, onnxType.withDType(DType::Int64)}, attrs);
  Value *values = trimExtraWindows(ctx, pool->getResult(0), g, type);
  Value *indices = trimExtraWindows(ctx, planeIndices(ctx, x, pool->getResult(1)), g,
                                    type.withDType(DType::Int64));
  if (batching.added) {
    values = ctx.b.squeeze(values, {0});
    values->setType(ctx.resultType(0));
    indices = ctx.b.squeeze(indices, {0});
    indices->setType(ctx.resultType(1));
  }
  return {values, indices};
}

// aten.max_pool1d/2d/3d.default(self, kernel_size, stride=[], padding=0,
// dilation=1, ceil_mode=False)
ValueList lowerMaxPool1d(RuleContext &ctx) { return lowerMaxPoolN(ctx, 1, false); }
ValueList lowerMaxPool2d(RuleContext &ctx) { return lowerMaxPoolN(ctx, 2, false); }
ValueList lowerMaxPool3d(RuleContext &ctx) { return lowerMaxPoolN(ctx, 3, false); }
// aten.max_pool2d_with_indices.default -> (values, indices), and 1d/3d
ValueList lowerMaxPool1dIdx(RuleContext &ctx) { return lowerMaxPoolN(ctx, 1, true); }
ValueList lowerMaxPool2dIdx(RuleContext &ctx) { return lowerMaxPoolN(ctx, 2, true); }
ValueList lowerMaxPool3dIdx(RuleContext &ctx) { return lowerMaxPoolN(ctx, 3, true); }

/// Average pooling. ONNX's AveragePool with count_include_pad=0 divides each
/// window by the input elements it covers, which ONNX Runtime computes
/// right for every padding and ceil_mode. torch divides by that count
/// (count_include_pad=False), by the window clipped to the padded input
/// (count_include_pad=True; a ceil_mode window may overrun the padding), or
/// by divisor_override. Where that differs, the result is multiplied by the
/// constant (elements covered / torch's divisor) of each window, separable
/// into one factor per pooled dim. ONNX's count_include_pad=1 is used only
/// where ONNX Runtime computes it right, padding equal in every dim and no
/// window overrunning it (its kernels misplace pads that differ between
/// dims, and before opset 19 divide an overrunning window by the whole
/// kernel), and where the sizes are dynamic and no table can be built.
ValueList lowerAvgPoolN(RuleContext &ctx, int64_t n) {
  if (!ir::isFloatingPoint(ctx.resultDType()))
    return ctx.fail("average pooling of integer tensors is not supported: ONNX Runtime's "
                    "AveragePool computes floats only; cast the input to a float dtype");
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  PoolParams p = poolParams(ctx, n, false);
  if (p.kernel.empty())
    return ctx.fail("average pooling needs a kernel size");
  bool countIncludePad = ctx.getBool("count_include_pad");
  std::optional<int64_t> divisor = ctx.getOptionalInt("divisor_override");
  Batching batching;
  x = batching.batched(ctx, x, n + 2);
  ir::Type type = batching.resultType(ctx.resultType());
  if (ctx.failed())
    return {};
  std::optional<PoolGeometry> g = poolGeometry(ctx, p, x, type);

  // Per pooled dim and window: input elements covered, torch's divisor.
  std::vector<std::vector<double>> covered(n), clipped(n);
  bool overrun = false;
  for (int64_t i = 0; g && i < n; ++i)
    for (int64_t o = 0; o < g->out[i]; ++o) {
      int64_t begin = o * p.stride[i] - p.padding[i];
      int64_t end = std::min(begin + p.kernel[i], g->in[i] + p.padding[i]);
      covered[i].push_back(double(std::min(end, g->in[i]) - std::max(begin, int64_t(0))));
      clipped[i].push_back(double(end - begin));
      overrun |= end - begin != p.kernel[i];
    }
  bool padded = llvm::any_of(p.padding, [](int64_t v) { return v != 0; });
  bool includePad = countIncludePad && padded && (!g || (llvm::all_equal(p.padding) && !overrun));
  if (!g && divisor && padded && !countIncludePad)
    return ctx.fail("divisor_override with count_include_pad=False and padding needs static "
                    "spatial sizes");

  llvm::SmallVector<ir::NamedAttribute, 6> attrs = poolAttrs(p);
  if (includePad)
    attrs.push_back({"count_include_pad", Attribute::integer(1)});
  if (x->getType().getDType() == DType::Float64)
    return ctx.fail("ONNX Runtime has no float64 AveragePool; convert the model in float32");
  Value *y = ctx.b.op("AveragePool", {x}, onnxPoolType(type, g), attrs);
  y = trimExtraWindows(ctx, y, g, type);

  // The factor of each window, the outer product of per-dim factors: with
  // count_include_pad=0, (elements covered / torch's divisor); with 1 (or no
  // static sizes, hence no padding), (whole kernel / torch's divisor).
  bool perWindow = g && !includePad && (divisor || countIncludePad);
  double scale = 1.0;
  if (divisor && !perWindow)
    for (int64_t k : p.kernel)
      scale *= double(k);
  if (divisor)
    scale /= double(*divisor);
  std::vector<double> table{scale};
  llvm::SmallVector<int64_t, 4> shape;
  for (int64_t i = 0; perWindow && i < n; ++i) {
    std::vector<double> next;
    for (double t : table)
      for (size_t o = 0; o < covered[i].size(); ++o)
        next.push_back(t * (divisor ? covered[i][o] : covered[i][o] / clipped[i][o]));
    table = std::move(next);
    shape.push_back(int64_t(covered[i].size()));
  }
  if (llvm::any_of(table, [](double v) { return v != 1.0; })) {
    bool uniform = llvm::all_equal(table);
    Value *c = uniform ? ctx.b.scalar(type.getDType(), table.front())
                       : ctx.b.constant(makeDense(type.getDType(), shape, table));
    y = ctx.b.op("Mul", {y, c}, type);
  }
  return {batching.unbatched(ctx, y)};
}

// aten.avg_pool1d/2d/3d.default(self, kernel_size, stride=[], padding=0,
// ceil_mode=False, count_include_pad=True, divisor_override=None)
ValueList lowerAvgPool1d(RuleContext &ctx) { return lowerAvgPoolN(ctx, 1); }
ValueList lowerAvgPool2d(RuleContext &ctx) { return lowerAvgPoolN(ctx, 2); }
ValueList lowerAvgPool3d(RuleContext &ctx) { return lowerAvgPoolN(ctx, 3); }

/// The window [begin, end) of output `i` of a dim of size `length` pooled
/// adaptively to `out` outputs.
std::pair<int64_t, int64_t> adaptiveWindow(int64_t i, int64_t length, int64_t out) {
  return {(i * length) / out, ((i + 1) * length + out - 1) / out};
}

/// The most elements a float16 adaptive_avg_pool3d window may have: each is
/// one step of the unrolled sum.
constexpr int64_t kMaxFloat16PoolWindow = 64;

/// float16 adaptive_avg_pool3d as torch's CPU kernel computes it on a
/// contiguous input (cpu_adaptive_avg_pool3d, which accumulates in the
/// input's dtype): each window summed in float16 element by element in (d,
/// h, w) order, rounding after each addition, then divided by its depth,
/// height and width in turn, rounding after each. `x` is the float32 operand
/// with static spatial dims; one step per element of the largest window,
/// the smaller windows' missing elements adding 0.
ValueList lowerAdaptiveAvgPool3dFloat16(RuleContext &ctx, Value *x,
                                        llvm::ArrayRef<int64_t> out) {
  OnnxBuilder &b = ctx.b;
  int64_t rank = ctx.rankOf(x);
  DType t = x->getType().getDType();
  struct Axis {
    llvm::SmallVector<int64_t, 8> begins, sizes;
    int64_t largest = 0;
  };
  std::array<Axis, 3> axes;
  int64_t volume = 1;
  for (int64_t a = 0; a < 3; ++a) {
    int64_t length = x->getType().getShape()[rank - 3 + a].getSize();
    for (int64_t i = 0; i < out[a]; ++i) {
      auto [begin, end] = adaptiveWindow(i, length, out[a]);
      axes[a].begins.push_back(begin);
      axes[a].sizes.push_back(end - begin);
      axes[a].largest = std::max(axes[a].largest, end - begin);
    }
    volume *= axes[a].largest;
  }
  if (volume > kMaxFloat16PoolWindow)
    return ctx.fail("float16 adaptive_avg_pool3d with windows of more than " +
                    llvm::Twine(kMaxFloat16PoolWindow) +
                    " elements: torch sums a window in float16, rounding after each element, "
                    "which the lowering repeats for at most that many");
  Value *sum = nullptr;
  for (int64_t d = 0; d < axes[0].largest; ++d)
    for (int64_t h = 0; h < axes[1].largest; ++h)
      for (int64_t w = 0; w < axes[2].largest; ++w) {
        std::array<int64_t, 3> offset{d, h, w};
        Value *term = x;
        std::vector<double> inWindow(size_t(out[0] * out[1] * out[2]), 1.0);
        bool partial = false;
        for (int64_t a = 0; a < 3; ++a) {
          llvm::SmallVector<int64_t, 8> index;
          for (auto [begin, size] : llvm::zip(axes[a].begins, axes[a].sizes))
            index.push_back(begin + std::min(offset[a], size - 1));
          term = b.gather(term, b.i64s(index), rank - 3 + a);
          for (size_t i = 0; i < inWindow.size(); ++i) {
            int64_t position = a == 0 ? int64_t(i) / (out[1] * out[2])
                               : a == 1 ? int64_t(i) / out[2] % out[1]
                                        : int64_t(i) % out[2];
            if (offset[a] >= axes[a].sizes[size_t(position)]) {
              inWindow[i] = 0.0;
              partial = true;
            }
          }
        }
        if (partial)
          term = b.where(b.constant(makeDense(DType::Bool, {out[0], out[1], out[2]}, inWindow)),
                         term, b.scalar(t, 0.0));
        sum = sum ? b.roundTo(b.binary("Add", sum, term), DType::Float16) : term;
      }
  for (int64_t a = 0; a < 3; ++a) {
    llvm::SmallVector<int64_t, 3> shape(size_t(3 - a), 1);
    shape[0] = out[a];
    std::vector<double> sizes(axes[a].sizes.begin(), axes[a].sizes.end());
    sum = b.roundTo(b.binary("Div", sum, b.constant(makeDense(t, shape, sizes))), DType::Float16);
  }
  sum->setType(ctx.resultType());
  return {sum};
}

/// Adaptive average pooling. Window i of a dim of size L into O outputs is
/// [floor(i*L/O), ceil((i+1)*L/O)); the pooling is separable, so the last
/// dim is a MatMul with an [L, O] averaging matrix, and each other pooled
/// dim a ReduceMean per window. Output size 1 everywhere is one ReduceMean,
/// which also works on dynamic sizes.
ValueList lowerAdaptiveAvgPoolN(RuleContext &ctx, int64_t n) {
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> out = perDim(ctx, "output_size", n);
  if (int64_t(out.size()) != n || rank < n + 1)
    return ctx.fail("adaptive pooling needs one output size per spatial dim");
  llvm::SmallVector<int64_t, 4> axes;
  for (int64_t i = 0; i < n; ++i)
    axes.push_back(rank - n + i);
  if (n == 3 && ctx.programDType("self") == DType::Float16) {
    for (int64_t axis : axes)
      if (!x->getType().getShape()[axis].isStatic())
        return ctx.fail("float16 adaptive_avg_pool3d needs static spatial dims");
    return lowerAdaptiveAvgPool3dFloat16(ctx, x, out);
  }
  if (llvm::all_of(out, [](int64_t o) { return o == 1; })) {
    Value *r = ctx.b.reduce("ReduceMean", x, axes, true);
    r->setType(ctx.resultType());
    return {r};
  }
  DType t = x->getType().getDType();
  for (int64_t axis : axes)
    if (!x->getType().getShape()[axis].isStatic())
      return ctx.fail("adaptive pooling to sizes other than 1 needs static spatial dims");
  // The shape as the dims are pooled one by one.
  llvm::SmallVector<ir::Dim, 6> dims(x->getType().getShape().begin(), x->getType().getShape().end());
  for (int64_t i = 0; i < n; ++i) {
    int64_t axis = axes[i];
    int64_t length = dims[axis].getSize(), o = out[i];
    if (length == o)
      continue;
    dims[axis] = ir::Dim(o);
    if (axis != rank - 1) {
      // Window by window: a MatMul contracting a dim other than the last
      // needs a Transpose before it, which ONNX Runtime's graph optimizer
      // fuses into a FusedMatMul that fails on empty batches.
      ValueList windows;
      llvm::SmallVector<ir::Dim, 6> windowDims(x->getType().getShape().begin(),
                                               x->getType().getShape().end());
      for (int64_t j = 0; j < o; ++j) {
        auto [begin, end] = adaptiveWindow(j, length, o);
        windowDims[axis] = ir::Dim(end - begin);
        Value *window = ctx.b.slice(x, ctx.b.i64s({begin}), ctx.b.i64s({end}), ctx.b.i64s({axis}),
                                    nullptr, ir::Type::tensor(t, windowDims));
        windows.push_back(ctx.b.reduce("ReduceMean", window, llvm::ArrayRef<int64_t>{axis}, true));
      }
      x = ctx.b.concat(windows, axis);
      x->setType(ir::Type::tensor(t, dims));
      continue;
    }
    std::vector<double> matrix(size_t(length * o), 0.0);
    for (int64_t j = 0; j < o; ++j) {
      auto [begin, end] = adaptiveWindow(j, length, o);
      for (int64_t k = begin; k < end; ++k)
        matrix[size_t(k * o + j)] = 1.0 / double(end - begin);
    }
    x = ctx.b.matmul(x, ctx.b.constant(makeDense(t, {length, o}, matrix)));
  }
  x->setType(ctx.resultType());
  return {x};
}
// aten.adaptive_avg_pool1d/2d/3d.default(self, output_size), aten._adaptive_avg_pool2d.default
ValueList lowerAdaptiveAvgPool1d(RuleContext &ctx) { return lowerAdaptiveAvgPoolN(ctx, 1); }
ValueList lowerAdaptiveAvgPool2d(RuleContext &ctx) { return lowerAdaptiveAvgPoolN(ctx, 2); }
ValueList lowerAdaptiveAvgPool3d(RuleContext &ctx) { return lowerAdaptiveAvgPoolN(ctx, 3); }

/// The trailing `n` dims of `x` as one: [N, C, *] -> [N, C, prod(*)], the
/// spatial sizes static.
Value *flattenPlane(RuleContext &ctx, Value *x, int64_t plane) {
  return ctx.b.reshape(x, llvm::ArrayRef<int64_t>{0, 0, plane});
}

/// [N, C, prod(sizes)] -> [N, C, sizes...] of type `type`.
Value *unflattenPlane(RuleContext &ctx, Value *x, llvm::ArrayRef<int64_t> sizes,
                      const ir::Type &type) {
  llvm::SmallVector<int64_t, 5> shape = {0, 0};
  shape.append(sizes.begin(), sizes.end());
  return ctx.b.reshape(x, ctx.b.i64s(shape), type);
}

/// adaptive_max_pool. Output cell i of a dim of length L pools the window
/// [floor(i * L / O), ceil((i + 1) * L / O)). When every spatial size
/// divides evenly those are the windows of a MaxPool with kernel = stride =
/// L / O (indices included). Otherwise the windows, as flat positions in
/// the plane in row-major order, are a constant table [cells, K] (K the
/// largest window, a shorter one padded with its first position) gathered
/// from the flattened plane: ReduceMax gives the values, and ArgMax (its
/// first maximum, as torch's kernel keeps the first) looked up in the table
/// the indices, flat in the plane as torch gives them. Spatial sizes must
/// be static; an unbatched input gets a batch dim.
ValueList lowerAdaptiveMaxPoolN(RuleContext &ctx, int64_t n) {
  Value *x = ctx.tensor("self");
  llvm::SmallVector<int64_t, 4> out = perDim(ctx, "output_size", n);
  int64_t rank = ctx.rankOf(x);
  if (int64_t(out.size()) != n || (rank != n + 2 && rank != n + 1))
    return ctx.fail("adaptive max pooling needs one size per spatial dim");
  Batching batching;
  x = batching.batched(ctx, x, n + 2);
  llvm::SmallVector<int64_t, 4> kernel, lengths;
  bool divisible = true;
  for (int64_t i = 0; i < n; ++i) {
    const ir::Dim &d = x->getType().getShape()[2 + i];
    if (!d.isStatic() || out[i] <= 0)
      return ctx.fail("adaptive max pooling needs static spatial sizes");
    lengths.push_back(d.getSize());
    kernel.push_back(d.getSize() / out[i]);
    divisible &= d.getSize() % out[i] == 0 && d.getSize() > 0;
  }
  ir::Type type = batching.resultType(ctx.resultType());
  ir::Type indexType = type.withDType(DType::Int64);
  bool wantIndices = ctx.getOp()->getNumResults() == 2;
  auto results = [&](Value *values, Value *indices) -> ValueList {
    ValueList r{batching.unbatched(ctx, values)};
    if (wantIndices) {
      r.push_back(batching.added ? ctx.b.squeeze(indices, {0}) : indices);
      r.back()->setType(ctx.resultType(1));
    }
    return r;
  };
  if (divisible) {
    ir::Operation *pool = ctx.b.create(
        "MaxPool", {x}, {type, indexType},
        {{"kernel_shape", Attribute::intList(kernel)}, {"strides", Attribute::intList(kernel)}});
    return results(pool->getResult(0), planeIndices(ctx, x, pool->getResult(1)));
  }

  // Per dim, each output cell's window [begin, end).
  llvm::SmallVector<llvm::SmallVector<std::pair<int64_t, int64_t>, 8>, 3> windows(n);
  int64_t cells = 1, widest = 1, plane = 1;
  for (int64_t i = 0; i < n; ++i) {
    int64_t length = lengths[i], o = out[i], largest = 0;
    for (int64_t j = 0; j < o; ++j) {
      int64_t begin = (j * length) / o, end = ((j + 1) * length + o - 1) / o;
      windows[i].push_back({begin, end});
      largest = std::max(largest, end - begin);
    }
    if (largest == 0)
      return ctx.fail("adaptive max pooling of an empty spatial dim");
    cells *= o;
    widest *= largest;
    plane *= length;
  }
  std::vector<int64_t> table, real;
  table.reserve(size_t(cells * widest));
  llvm::SmallVector<int64_t, 3> cell(n, 0);
  for (int64_t c = 0; c < cells; ++c) {
    // The window's positions in row-major order: an odometer over its dims.
    size_t first = table.size();
    llvm::SmallVector<int64_t, 3> at(n);
    for (int64_t i = 0; i < n; ++i)
      at[i] = windows[i][cell[i]].first;
    while (true) {
      int64_t flat = 0;
      for (int64_t i = 0; i < n; ++i)
        flat = flat * lengths[i] + at[i];
      table.push_back(flat);
      int64_t i = n - 1;
      for (; i >= 0; --i) {
        if (++at[i] < windows[i][cell[i]].second)
          break;
        at[i] = windows[i][cell[i]].first;
      }
      if (i < 0)
        break;
    }
    int64_t filled = int64_t(table.size() - first);
    real.insert(real.end(), size_t(filled), 1);
    real.insert(real.end(), size_t(widest - filled), 0);
    for (int64_t k = filled; k < widest; ++k)
      table.push_back(table[first]);
    for (int64_t i = n - 1; i >= 0 && ++cell[i] == out[i]; --i)
      cell[i] = 0;
  }
  Value *positions = ctx.b.constant(makeDenseInt(DType::Int64, {cells, widest}, table));
  Value *gathered = ctx.b.gather(flattenPlane(ctx, x, plane), positions, 2);
  OnnxBuilder &b = ctx.b;
  Value *maxima = b.reduce("ReduceMax", gathered, llvm::ArrayRef<int64_t>{3}, false);
  auto argMax = [&](Value *v, bool last) {
    return b.op(
        "ArgMax", {v},
        OnnxBuilder::reducedType(v->getType(), llvm::ArrayRef<int64_t>{3}, false, DType::Int64),
        {{"axis", Attribute::integer(3)},
         {"keepdims", Attribute::integer(0)},
         {"select_last_index", Attribute::integer(last ? 1 : 0)}});
  };
  // torch's kernel takes a NaN over any value, and the last NaN of a window
  // over the ones before; ReduceMax and ArgMax pass NaN over. The table's
  // padding slots are not the window's.
  Value *nans = nullptr, *anyNan = nullptr;
  if (isFloatingPoint(type.getDType())) {
    Value *isNan = b.op("IsNaN", {gathered}, gathered->getType().withDType(DType::Bool));
    Value *window = b.constant(makeDenseInt(DType::Bool, {cells, widest}, real));
    nans = b.cast(b.binary("And", isNan, window), DType::Int32);
    anyNan = b.cast(b.reduce("ReduceMax", nans, llvm::ArrayRef<int64_t>{3}, false), DType::Bool);
    maxima = b.where(anyNan, b.scalar(type.getDType(), std::numeric_limits<double>::quiet_NaN()),
                     maxima);
  }
  Value *values = unflattenPlane(ctx, maxima, out, type);
  Value *indices = nullptr;
  if (wantIndices) {
    Value *best = argMax(gathered, false);
    if (anyNan)
      best = b.where(anyNan, argMax(nans, true), best);
    std::vector<int64_t> rowStarts;
    for (int64_t c = 0; c < cells; ++c)
      rowStarts.push_back(c * widest);
    Value *entry =
        ctx.b.binary("Add", best, ctx.b.constant(makeDenseInt(DType::Int64, {cells}, rowStarts)));
    Value *flatTable = ctx.b.constant(makeDenseInt(DType::Int64, {cells * widest}, table));
    indices = unflattenPlane(ctx, ctx.b.gather(flatTable, entry, 0), out, indexType);
  }
  return results(values, indices);
}
/// The first row (height) or column (width) of each output cell's window in
/// fractional max pooling, (N, C, out) int64, by torch's interval formula
/// from the sample u of each plane: alpha = (in - pool) / (out - 1) in the
/// input's float type, start i = int((i + u) * alpha) - int(u * alpha) (the
/// products are not negative: Cast truncates as torch's int conversion
/// does), and the last start in - pool.
template <typename T>
Value *fractionalStarts(RuleContext &ctx, Value *sample, int64_t in, int64_t out, int64_t pool) {
  DType dtype = sample->getType().getDType();
  T alpha = out > 1 ? T(in - pool) / T(out - 1) : T(0);
  std::vector<double> steps;
  for (int64_t i = 0; i < out; ++i)
    steps.push_back(double(T(i)));
  Value *u = ctx.b.unsqueeze(sample, {2});
  Value *a = ctx.b.scalar(dtype, double(alpha));
  Value *at = ctx.b.binary(
      "Mul", ctx.b.binary("Add", u, ctx.b.constant(makeDense(dtype, {out}, steps))), a);
  Value *start = ctx.b.binary("Sub", ctx.b.cast(at, DType::Int64),
                              ctx.b.cast(ctx.b.binary("Mul", u, a), DType::Int64));
  std::vector<int64_t> last(size_t(out), 0);
  last.back() = 1;
  Value *isLast = ctx.b.cast(ctx.b.constant(makeDenseInt(DType::Int64, {out}, last)), DType::Bool);
  return ctx.b.where(isLast, ctx.b.i64(in - pool), start);
}

// aten.fractional_max_pool2d/3d.default(self, kernel_size, output_size,
// random_samples) -> (output, indices): deterministic given random_samples
// (N, C, n), which place the windows along each spatial dim
// (fractionalStarts): in 2-D [..., 0] along the width and [..., 1] along the
// height, in 3-D [..., 0], [..., 1], [..., 2] along time, height and width.
// The windows' flat positions in the plane, (N, C, out..., window) in
// row-major order, are gathered from the flattened plane; ReduceMax gives
// the values and ArgMax (the first maximum, as torch keeps the first) the
// index into the positions. A NaN in a window makes torch pick the last
// NaN, which ArgMax may not. Shapes must be static and the input batched.
ValueList lowerFractionalMaxPoolN(RuleContext &ctx, int64_t n) {
  Value *x = ctx.tensor("self");
  Value *samples = ctx.tensor("random_samples");
  llvm::SmallVector<int64_t, 4> kernel = ctx.getIntList("kernel_size");
  llvm::SmallVector<int64_t, 4> out = ctx.getIntList("output_size");
  const ir::Type &xType = x->getType();
  DType dtype = xType.getDType();
  if (int64_t(kernel.size()) != n || int64_t(out.size()) != n || ctx.rankOf(x) != n + 2 ||
      ctx.rankOf(samples) != 3)
    return ctx.fail("fractional max pooling is supported on batched inputs (N, C, spatial...)");
  if (dtype != DType::Float32 && dtype != DType::Float64)
    return ctx.fail("fractional max pooling is supported for float32 and float64 inputs");
  for (const ir::Dim &d : xType.getShape())
    if (!d.isStatic())
      return ctx.fail("fractional max pooling needs a static input shape");
  int64_t batch = xType.getShape()[0].getSize(), c = xType.getShape()[1].getSize();
  llvm::SmallVector<int64_t, 3> in;
  int64_t plane = 1, cells = 1, window = 1;
  for (int64_t i = 0; i < n; ++i) {
    in.push_back(xType.getShape()[2 + i].getSize());
    if (out[i] <= 0 || kernel[i] <= 0 || out[i] + kernel[i] - 1 > in[i])
      return ctx.fail("fractional max pooling needs non-empty planes and windows that fit them");
    plane *= in[i];
    cells *= out[i];
    window *= kernel[i];
  }
  if (batch == 0 || c == 0)
    return ctx.fail("fractional max pooling of an empty batch or channel dim");
  samples = ctx.b.cast(samples, dtype);
  // Flat positions (N, C, out_0..out_n-1, k_0..k_n-1): per dim, its window
  // positions (N, C, out_i, k_i) times its stride in the plane, unsqueezed
  // into that layout, summed.
  Value *flat = nullptr;
  int64_t stride = plane;
  for (int64_t i = 0; i < n; ++i) {
    stride /= in[i];
    int64_t sampleIndex = n == 2 ? 1 - i : i;
    Value *sample = ctx.b.squeeze(ctx.b.gather(samples, ctx.b.i64s({sampleIndex}), 2), {2});
    Value *starts = dtype == DType::Float32
                        ? fractionalStarts<float>(ctx, sample, in[i], out[i], kernel[i])
                        : fractionalStarts<double>(ctx, sample, in[i], out[i], kernel[i]);
    std::vector<int64_t> range;
    for (int64_t k = 0; k < kernel[i]; ++k)
      range.push_back(k);
    Value *positions = ctx.b.binary("Add", ctx.b.unsqueeze(starts, {3}),
                                    ctx.b.constant(makeDenseInt(DType::Int64, {kernel[i]}, range)));
    positions = ctx.b.binary("Mul", positions, ctx.b.i64(stride));
    // (N, C, out_i, k_i) -> (N, C, 1.., out_i, 1.., 1.., k_i, 1..).
    llvm::SmallVector<int64_t, 6> axes;
    for (int64_t j = 0; j < n; ++j)
      if (j != i)
        axes.push_back(2 + j);
    for (int64_t j = 0; j < n; ++j)
      if (j != i)
        axes.push_back(2 + n + j);
    positions = ctx.b.unsqueeze(positions, axes);
    flat = flat ? ctx.b.binary("Add", flat, positions) : positions;
  }
  llvm::SmallVector<int64_t, 6> cellShape = {batch, c};
  cellShape.append(out.begin(), out.end());
  llvm::SmallVector<int64_t, 6> windowShape = cellShape;
  windowShape.push_back(window);
  flat = ctx.b.reshape(flat, windowShape);
  Value *gathered = ctx.b.op(
      "GatherElements", {ctx.b.reshape(x, {batch, c, plane}), ctx.b.reshape(flat, {batch, c, -1})},
      ir::Type::tensor(dtype, {batch, c, cells * window}), {{"axis", Attribute::integer(2)}});
  gathered = ctx.b.reshape(gathered, windowShape);
  int64_t last = n + 2;
  Value *values = ctx.b.reduce("ReduceMax", gathered, llvm::ArrayRef<int64_t>{last}, false);
  values->setType(ctx.resultType(0));
  llvm::SmallVector<ir::Dim, 6> bestShape(cellShape.begin(), cellShape.end());
  bestShape.push_back(1);
  ir::Type bestType = ir::Type::tensor(DType::Int64, bestShape);
  Value *best = ctx.b.op("ArgMax", {gathered}, bestType,
                         {{"axis", Attribute::integer(last)},
                          {"keepdims", Attribute::integer(1)},
                          {"select_last_index", Attribute::integer(0)}});
  Value *indices =
      ctx.b.op("GatherElements", {flat, best}, bestType, {{"axis", Attribute::integer(last)}});
  indices = ctx.b.squeeze(indices, {last});
  indices->setType(ctx.resultType(1));
  return {values, indices};
}
ValueList lowerFractionalMaxPool2d(RuleContext &ctx) { return lowerFractionalMaxPoolN(ctx, 2); }
ValueList lowerFractionalMaxPool3d(RuleContext &ctx) { return lowerFractionalMaxPoolN(ctx, 3); }

// aten.adaptive_max_pool1d/2d/3d.default(self, output_size) -> (values, indices)
ValueList lowerAdaptiveMaxPool1d(RuleContext &ctx) { return lowerAdaptiveMaxPoolN(ctx, 1); }
ValueList lowerAdaptiveMaxPool2d(RuleContext &ctx) { return lowerAdaptiveMaxPoolN(ctx, 2); }
ValueList lowerAdaptiveMaxPool3d(RuleContext &ctx) { return lowerAdaptiveMaxPoolN(ctx, 3); }

/// max_unpool: each value of `self` goes to the position its index names,
/// flat in the output plane, of an output of zeros: a ScatterElements along
/// the flattened plane. (ONNX MaxUnpool takes indices flat over the whole
/// tensor, N and C included, as its own MaxPool gives them, not torch's.)
/// torch writes the values in order, so of repeated indices the last wins,
/// as in ScatterElements; it rejects an index outside the plane, which
/// ONNX Runtime does too. The output size must be static.
ValueList lowerMaxUnpoolN(RuleContext &ctx, int64_t n) {
  Value *x = ctx.tensor("self");
  Value *indices = ctx.tensor("indices");
  llvm::SmallVector<int64_t, 4> out;
  for (const IntArg &size : ctx.intListArg("output_size")) {
    if (!size.isConstant())
      return ctx.fail("max_unpool needs a static output_size");
    out.push_back(*size.constant);
  }
  int64_t rank = ctx.rankOf(x);
  if (int64_t(out.size()) != n || (rank != n + 2 && rank != n + 1) || ctx.rankOf(indices) != rank)
    return ctx.fail("max_unpool needs one output size per spatial dim");
  Batching batching;
  x = batching.batched(ctx, x, n + 2);
  indices = Batching().batched(ctx, ctx.b.cast(indices, DType::Int64), n + 2);
  int64_t in = 1, plane = 1;
  for (int64_t i = 0; i < n; ++i) {
    const ir::Dim &d = x->getType().getShape()[2 + i];
    if (!d.isStatic())
      return ctx.fail("max_unpool needs static spatial sizes");
    in *= d.getSize();
    plane *= out[i];
  }
  Value *updates = flattenPlane(ctx, x, in);
  ir::Type flatType = updates->getType().withShape(
      {x->getType().getShape()[0], x->getType().getShape()[1], ir::Dim(plane)});
  Value *zeros =
      ctx.b.expand(ctx.b.scalar(x->getType().getDType(), 0),
                   ctx.b.concat({ctx.b.shapeOf(x, 0, 2), ctx.b.i64s({plane})}, 0), flatType);
  Value *scattered = ctx.b.op("ScatterElements", {zeros, flattenPlane(ctx, indices, in), updates},
                              flatType, {{"axis", Attribute::integer(2)}});
  return {batching.unbatched(
      ctx, unflattenPlane(ctx, scattered, out, batching.resultType(ctx.resultType())))};
}
// aten.max_unpool2d.default(self, indices, output_size),
// aten.max_unpool3d.default(self, indices, output_size, stride, padding)
// (stride and padding only check the sizes in torch)
ValueList lowerMaxUnpool2d(RuleContext &ctx) { return lowerMaxUnpoolN(ctx, 2); }
ValueList lowerMaxUnpool3d(RuleContext &ctx) { return lowerMaxUnpoolN(ctx, 3); }

// ---- Resampling ---------------------------------------------------------------------

/// Resize of the trailing `n` dims. torch maps output to input coordinates
/// with the given scale factors when there are some (1/scale), else with
/// in/out; ONNX Resize does the same with `scales` resp. `sizes`.
ValueList emitResize(RuleContext &ctx, int64_t n, llvm::StringRef mode, bool alignCorners,
                     bool nearestExact) {
  Value *x = ctx.has("input") ? ctx.tensor("input") : ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  if (rank != n + 2)
    return ctx.fail("resampling needs a batched input with channels");
  OnnxBuilder &b = ctx.b;
  std::optional<llvm::SmallVector<double, 4>> scales = ctx.getOptionalFloatList("scale_factors");
  // The .default overloads carry scales_h / scales_w (/ scales_d) instead.
  if (!scales) {
    llvm::SmallVector<double, 4> perDimScales;
    static const char *const names[] = {"scales_d", "scales_h", "scales_w"};
    static const char *const single[] = {"scales"};
    llvm::ArrayRef<const char *> perDimNames =
        n == 1 ? llvm::ArrayRef(single) : llvm::ArrayRef(names).take_back(n);
    for (llvm::StringRef name : perDimNames)
      if (std::optional<double> s = ctx.getOptionalFloat(name))
        perDimScales.push_back(*s);
    if (int64_t(perDimScales.size()) == n)
      scales = perDimScales;
  }
  // From opset 18 scales and sizes are given for the spatial axes only;
  // before, for every axis (batch and channels unchanged).
  bool withAxes = ctx.getOpset() >= 18;
  Value *scalesValue = nullptr, *sizesValue = nullptr;
  if (scales) {
    if (int64_t(scales->size()) != n)
      return ctx.fail("resampling needs one scale factor per spatial dim");
    llvm::SmallVector<double, 6> all;
    if (!withAxes)
      all.assign({1.0, 1.0});
    all.append(scales->begin(), scales->end());
    scalesValue = b.constant(makeDense(DType::Float32, {int64_t(all.size())}, all));
  } else if (ctx.has("output_size")) {
    llvm::ArrayRef<ir::Dim> dims = x->getType().getShape();
    bool staticLead = dims[0].isStatic() && dims[1].isStatic();
    llvm::SmallVector<OnnxBuilder::ShapeElement, 6> elements;
    if (!withAxes && staticLead)
      elements.assign({{dims[0].getSize(), nullptr}, {dims[1].getSize(), nullptr}});
    for (const IntArg &i : ctx.intListArg("output_size"))
      elements.push_back(i.asShapeElement());
    sizesValue = b.buildShape(elements);
    if (!withAxes && !staticLead)
      sizesValue = b.concat({b.shapeOf(x, 0, 2), sizesValue}, 0);
  } else {
    return ctx.fail("resampling needs output_size or scale_factors");
  }
  std::string transform = alignCorners        ? "align_corners"
                          : mode == "nearest" ? (nearestExact ? "half_pixel" : "asymmetric")
                                              : "pytorch_half_pixel";
  llvm::SmallVector<ir::NamedAttribute, 4> attrs{
      {"coordinate_transformation_mode", Attribute::string(transform)},
      {"mode", Attribute::string(mode)}};
  if (mode == "nearest")
    attrs.push_back(
        {"nearest_mode", Attribute::string(nearestExact ? "round_prefer_ceil" : "floor")});
  if (mode == "cubic")
    attrs.push_back({"cubic_coeff_a", Attribute::floating(-0.75)});
  if (withAxes) {
    llvm::SmallVector<int64_t, 3> axes;
    for (int64_t i = 2; i < rank; ++i)
      axes.push_back(i);
    attrs.push_back({"axes", Attribute::intList(axes)});
  }
  if (x->getType().getDType() == DType::Float64)
    return ctx.fail("ONNX Runtime has no float64 Resize; convert the model in float32");
  llvm::SmallVector<Value *, 4> operands{x, b.none(), scalesValue ? scalesValue : b.none()};
  if (sizesValue)
    operands.push_back(sizesValue);
  return {b.op("Resize", operands, ctx.resultType(), attrs)};
}

// aten.upsample_nearest1d/2d/3d.vec(input, output_size, scale_factors) and
// .default(self, output_size, scales...)
ValueList lowerNearest1d(RuleContext &ctx) { return emitResize(ctx, 1, "nearest", false, false); }
ValueList lowerNearest2d(RuleContext &ctx) { return emitResize(ctx, 2, "nearest", false, false); }
ValueList lowerNearest3d(RuleContext &ctx) { return emitResize(ctx, 3, "nearest", false, false); }
// aten._upsample_nearest_exact1d/2d/3d.vec
ValueList lowerNearestExact1d(RuleContext &ctx) {
  return emitResize(ctx, 1, "nearest", false, true);
}
ValueList lowerNearestExact2d(RuleContext &ctx) {
  return emitResize(ctx, 2, "nearest", false, true);
}
ValueList lowerNearestExact3d(RuleContext &ctx) {
  return emitResize(ctx, 3, "nearest", false, true);
}
// aten.upsample_linear1d / bilinear2d / trilinear3d .vec(input, output_size,
// align_corners, scale_factors) and .default
ValueList lowerLinear1d(RuleContext &ctx) {
  return emitResize(ctx, 1, "linear", ctx.getBool("align_corners"), false);
}
ValueList lowerBilinear2d(RuleContext &ctx) {
  return emitResize(ctx, 2, "linear", ctx.getBool("align_corners"), false);
}
ValueList lowerTrilinear3d(RuleContext &ctx) {
  return emitResize(ctx, 3, "linear", ctx.getBool("align_corners"), false);
}
// aten.upsample_bicubic2d.vec(input, output_size, align_corners, scale_factors)
ValueList lowerBicubic2d(RuleContext &ctx) {
  return emitResize(ctx, 2, "cubic", ctx.getBool("align_corners"), false);
}

/// The antialiased filters of torch's separable resampling (Pillow's):
/// a triangle for bilinear and Keys' cubic with a = -0.5 for bicubic.
template <typename T> T bilinearFilter(T x) {
  x = x < 0 ? -x : x;
  return x < 1 ? T(1) - x : T(0);
}
template <typename T> T bicubicFilter(T x) {
  constexpr T a = T(-0.5);
  x = x < 0 ? -x : x;
  if (x < T(1))
    return ((a + T(2)) * x - (a + T(3))) * x * x + T(1);
  if (x < T(2))
    return (((x - T(5)) * x + T(8)) * x - T(4)) * a;
  return T(0);
}

/// The [out, in] matrix of torch's antialiased resampling of one dim, in
/// its arithmetic (T, the input's float type): output i is centred at
/// scale * (i + 0.5) and takes the inputs within `support` of it, weighted
/// by the filter stretched by the scale when downsampling (that is the
/// antialiasing) and normalized to sum to 1.
template <typename T>
std::vector<double> antialiasWeights(int64_t in, int64_t out, T scale, bool bicubic) {
  T interpSize = bicubic ? T(4) : T(2);
  T support = scale >= T(1) ? interpSize * T(0.5) * scale : interpSize * T(0.5);
  int64_t maxSize = int64_t(std::ceil(support)) * 2 + 1;
  T invScale = scale >= T(1) ? T(1) / scale : T(1);
  std::vector<double> matrix(size_t(out * in), 0.0);
  for (int64_t i = 0; i < out; ++i) {
    T center = scale * (T(i) + T(0.5));
    int64_t begin = std::max<int64_t>(int64_t(center - support + T(0.5)), 0);
    int64_t size = std::clamp<int64_t>(
        std::min<int64_t>(int64_t(center + support + T(0.5)), in) - begin, 0, maxSize);
    std::vector<T> weights;
    T total = 0;
    for (int64_t j = 0; j < size; ++j) {
      T arg = (T(j + begin) - center + T(0.5)) * invScale;
      weights.push_back(bicubic ? bicubicFilter(arg) : bilinearFilter(arg));
      total += weights.back();
    }
    for (int64_t j = 0; j < size; ++j)
      matrix[size_t(i * in + begin + j)] = double(total != T(0) ? weights[j] / total : weights[j]);
  }
  return matrix;
}

/// aten._upsample_bilinear2d_aa and _upsample_bicubic2d_aa (.vec(input,
/// output_size, align_corners, scale_factors) and .default(self,
/// output_size, align_corners, scales_h, scales_w)): torch's antialiased
/// resampling is separable, height then width, each a fixed weight matrix
/// for static sizes: two MatMuls, Wh x Ww^T. The scale of a dim is torch's
/// area_pixel_compute_scale: (in - 1) / (out - 1) with align_corners, else
/// 1 / its scale factor when one is given, else in / out. A dim whose size
/// does not change is left alone, as torch skips it. Weights of 0 multiply
/// the inputs outside a window, so an infinite input gives NaN around it
/// where torch would not.
ValueList lowerAntialiasResize(RuleContext &ctx, bool bicubic) {
  Value *x = ctx.has("input") ? ctx.tensor("input") : ctx.tensor("self");
  ir::Type type = ctx.resultType();
  if (ctx.rankOf(x) != 4 || !type.isRanked() || type.getRank() != 4)
    return ctx.fail("antialiased resampling needs a batched 4-D input");
  DType dtype = type.getDType();
  if (!isFloatingPoint(dtype))
    return ctx.fail("antialiased resampling needs a floating-point input");
  bool alignCorners = ctx.getBool("align_corners");
  std::optional<llvm::SmallVector<double, 4>> factors = ctx.getOptionalFloatList("scale_factors");
  std::array<std::optional<double>, 2> given = {ctx.getOptionalFloat("scales_h"),
                                                ctx.getOptionalFloat("scales_w")};
  if (factors && factors->size() == 2)
    given = {(*factors)[0], (*factors)[1]};
  Value *y = x;
  for (int64_t i = 0; i < 2; ++i) {
    const ir::Dim &inDim = x->getType().getShape()[2 + i];
    const ir::Dim &outDim = type.getShape()[2 + i];
    if (!inDim.isStatic() || !outDim.isStatic())
      return ctx.fail("antialiased resampling needs static spatial sizes");
    int64_t in = inDim.getSize(), out = outDim.getSize();
    if (in == out)
      continue;
    double scale;
    if (alignCorners)
      scale = out > 1 ? double(in - 1) / double(out - 1) : 0.0;
    else if (given[i] && *given[i] > 0)
      scale = 1.0 / *given[i];
    else
      scale = double(in) / double(out);
    std::vector<double> weights = dtype == DType::Float64
                                      ? antialiasWeights<double>(in, out, scale, bicubic)
                                      : antialiasWeights<float>(in, out, float(scale), bicubic);
    if (i == 0) {
      Value *matrix = ctx.b.constant(makeDense(dtype, {out, in}, weights));
      y = ctx.b.matmul(matrix, ctx.b.cast(y, dtype));
    } else {
      std::vector<double> transposed(weights.size());
      for (int64_t r = 0; r < out; ++r)
        for (int64_t c = 0; c < in; ++c)
          transposed[size_t(c * out + r)] = weights[size_t(r * in + c)];
      y = ctx.b.matmul(ctx.b.cast(y, dtype),
                       ctx.b.constant(makeDense(dtype, {in, out}, transposed)));
    }
  }
  if (y == x)
    y = ctx.b.op("Identity", {x}, type);
  y->setType(type);
  return {y};
}
ValueList lowerBilinear2dAntialias(RuleContext &ctx) { return lowerAntialiasResize(ctx, false); }
ValueList lowerBicubic2dAntialias(RuleContext &ctx) { return lowerAntialiasResize(ctx, true); }

// aten.grid_sampler.default(input, grid, interpolation_mode, padding_mode,
// align_corners), aten.grid_sampler_2d.default: GridSample, whose mode names
// changed in opset 20 (bilinear -> linear, bicubic -> cubic) when it also
// gained 3-D sampling. bfloat16 and float16 are refused: torch's kernel
// rounds the unnormalized coordinates and the interpolation weights to the
// tensor's dtype (errors of a percent on a 20-pixel grid), GridSample in
// float32 does not.
ValueList lowerGridSampler(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  if (std::optional<DType> t = ctx.programDType("input");
      t == DType::Float16 || t == DType::BFloat16)
    return ctx.fail("grid sampling of " + ir::getTorchName(*t) +
                    " tensors is not supported: torch computes the coordinates and weights in " +
                    ir::getTorchName(*t) +
                    ", rounding at each step, which GridSample (float32) does not repeat (cast "
                    "the input and grid to float32)");
  Value *grid = ctx.b.cast(ctx.tensor("grid"), x->getType().getDType());
  int64_t mode = ctx.getInt("interpolation_mode"), padding = ctx.getInt("padding_mode");
  bool alignCorners = ctx.getBool("align_corners");
  if (mode < 0 || mode > 2 || padding < 0 || padding > 2)
    return ctx.fail("unknown grid_sampler interpolation or padding mode");
  bool newNames = ctx.getOpset() >= 20;
  if (!newNames && ctx.rankOf(x) != 4)
    return ctx.fail("grid sampling of 3-D volumes needs opset 20 or later");
  static const char *const oldModes[] = {"bilinear", "nearest", "bicubic"};
  static const char *const newModes[] = {"linear", "nearest", "cubic"};
  static const char *const paddings[] = {"zeros", "border", "reflection"};
  return {ctx.b.op("GridSample", {x, grid}, ctx.resultType(),
                   {{"align_corners", Attribute::integer(alignCorners ? 1 : 0)},
                    {"mode", Attribute::string(newNames ? newModes[mode] : oldModes[mode])},
                    {"padding_mode", Attribute::string(paddings[padding])}})};
}

/// torch's linspace_from_neg_one in T: -1..1 in n steps as torch.linspace
/// computes them (the first half counted up from -1, the rest down from 1,
/// each a fused multiply-add: -1 + step * i rounded once), times
/// (n - 1) / n without align_corners; a single step is 0.
template <typename T> std::vector<T> gridLine(int64_t n, bool alignCorners) {
  std::vector<T> line(size_t(n), T(0));
  if (n <= 1)
    return line;
  T step = (T(1) - T(-1)) / T(n - 1);
  for (int64_t i = 0; i < n; ++i) {
    line[size_t(i)] =
        i < n / 2 ? std::fma(step, T(i), T(-1)) : std::fma(-step, T(n - 1 - i), T(1));
    if (!alignCorners)
      line[size_t(i)] = line[size_t(i)] * T(n - 1) / T(n);
  }
  return line;
}

/// The base grid of affine_grid_generator, (spatial positions, k + 1): the
/// coordinates x (width), y (height), z (depth) of each position, then 1.
template <typename T>
std::vector<double> affineBaseGrid(llvm::ArrayRef<int64_t> spatial, bool alignCorners) {
  size_t k = spatial.size();
  std::vector<std::vector<T>> lines;
  int64_t positions = 1;
  for (size_t d = 0; d < k; ++d) {
    lines.push_back(gridLine<T>(spatial[k - 1 - d], alignCorners));
    positions *= spatial[d];
  }
  std::vector<double> base;
  base.reserve(size_t(positions) * (k + 1));
  for (int64_t p = 0; p < positions; ++p) {
    int64_t rest = p;
    std::vector<double> coords(k);
    for (size_t d = 0; d < k; ++d) {
      int64_t size = spatial[k - 1 - d];
      coords[d] = double(lines[d][size_t(rest % size)]);
      rest /= size;
    }
    base.insert(base.end(), coords.begin(), coords.end());
    base.push_back(1.0);
  }
  return base;
}

// aten.affine_grid_generator.default(theta, size, align_corners): the base
// grid of each output position (x, y[, z], 1), a constant for the static
// spatial size, times theta transposed: MatMul((positions, k + 1),
// (N, k + 1, k)) reshaped to (N, ..., k), as torch's bmm of the base grid.
// N comes from theta, so it may be symbolic.
ValueList lowerAffineGridGenerator(RuleContext &ctx) {
  Value *theta = ctx.tensor("theta");
  llvm::SmallVector<IntArg, 4> sizeArg = ctx.intListArg("size");
  bool alignCorners = ctx.getBool("align_corners");
  ir::Type type = ctx.resultType();
  DType dtype = type.getDType();
  if ((sizeArg.size() != 4 && sizeArg.size() != 5) || ctx.rankOf(theta) != 3)
    return ctx.fail("affine_grid needs a 4-D or 5-D size and a 3-D theta");
  // The batch size may be symbolic (theta gives it); the spatial sizes not.
  llvm::SmallVector<int64_t, 4> size = {0, 0};
  for (const IntArg &extent : llvm::ArrayRef<IntArg>(sizeArg).drop_front(2)) {
    if (!extent.isConstant())
      return ctx.fail("affine_grid needs static spatial sizes");
    size.push_back(*extent.constant);
  }
  if (dtype != DType::Float32 && dtype != DType::Float64)
    return ctx.fail(
        "affine_grid is supported for float32 and float64 theta (cast theta to float32)");
  llvm::ArrayRef<int64_t> spatial = llvm::ArrayRef<int64_t>(size).drop_front(2);
  for (int64_t extent : spatial)
    if (extent <= 0)
      return ctx.fail("affine_grid needs positive spatial sizes");
  int64_t k = int64_t(spatial.size()), positions = 1;
  for (int64_t extent : spatial)
    positions *= extent;
  std::vector<double> base = dtype == DType::Float32
                                 ? affineBaseGrid<float>(spatial, alignCorners)
                                 : affineBaseGrid<double>(spatial, alignCorners);
  Value *grid = ctx.b.matmul(ctx.b.constant(makeDense(dtype, {positions, k + 1}, base)),
                             ctx.b.transpose(theta, {0, 2, 1}));
  llvm::SmallVector<int64_t, 5> shape = {-1};
  shape.append(spatial.begin(), spatial.end());
  shape.push_back(k);
  Value *y = ctx.b.reshape(grid, shape);
  y->setType(type);
  return {y};
}

/// The four ints of a 2-D window argument of im2col/col2im.
struct Window {
  llvm::SmallVector<int64_t, 2> kernel, dilation, padding, stride;

  /// True when the blocks are patches, side by side without gaps or
  /// overlap: each kernel row and column is one step of the stride (stride
  /// equal to the kernel, dilation 1 unless the kernel is 1), so the columns
  /// are the image cut into a grid of kh x kw patches (what a span leaves
  /// over, less than a kernel, is in no block).
  bool isPatchGrid() const {
    for (int i = 0; i < 2; ++i)
      if (stride[i] != kernel[i] || (kernel[i] != 1 && dilation[i] != 1))
        return false;
    return true;
  }
};
std::optional<Window> readWindow(RuleContext &ctx) {
  Window w{ctx.getIntList("kernel_size"), ctx.getIntList("dilation"), ctx.getIntList("padding"),
           ctx.getIntList("stride")};
  for (auto *list : {&w.kernel, &w.dilation, &w.padding, &w.stride})
    if (list->size() != 2)
      return std::nullopt;
  return w;
}

/// A Reshape target that keeps the `lead` dims of `x` (each static size, or
/// 0 to copy a symbolic one) and appends `rest`.
llvm::SmallVector<int64_t, 6> keepLeadDims(Value *x, int64_t lead,
                                           llvm::ArrayRef<int64_t> rest) {
  llvm::SmallVector<int64_t, 6> shape;
  for (int64_t i = 0; i < lead; ++i) {
    const ir::Dim &d = x->getType().getShape()[i];
    shape.push_back(d.isStatic() ? d.getSize() : 0);
  }
  shape.append(rest.begin(), rest.end());
  return shape;
}

/// The columns [..., C * kh * kw, L] from `blocks` [..., C, kh, kw, bh, bw]
/// (batch dim, if any, and C as `lead` dims of `x`). No -1 unless C is
/// symbolic, so an empty batch reshapes.
Value *mergeColumns(RuleContext &ctx, Value *blocks, Value *x, int64_t lead,
                    const Window &w, int64_t length) {
  llvm::SmallVector<int64_t, 6> shape = keepLeadDims(x, lead - 1, {});
  const ir::Dim &channels = x->getType().getShape()[lead - 1];
  shape.push_back(channels.isStatic() ? channels.getSize() * w.kernel[0] * w.kernel[1] : -1);
  shape.push_back(length);
  return ctx.b.reshape(blocks, shape);
}

// aten.im2col.default(self, kernel_size, dilation, padding, stride): the
// sliding 2-D blocks of self [N, C, H, W] (or [C, H, W]) as columns
// [N, C * kh * kw, L], channel-major then kernel position, blocks in
// row-major order; H and W must be static. After a Pad of the padding:
// - patches (stride equal to the kernel) are a Reshape to
//   [N, C, bh, kh, bw, kw], a Transpose to [N, C, kh, kw, bh, bw] and a
//   Reshape, after a Slice of what the last patch leaves over, if anything;
// - other windows Gather the rows of every kernel row [N, C, kh, 1, bh, W]
//   (whole rows, so the runtime copies them in runs), one strided Slice of
//   the width per kernel column, concatenated at the kw axis, and a Reshape:
//   kw + 3 nodes (4 + kw with the Pad). A Gather of each element from a
//   flat table (the exporter's form) has fewer nodes for wide kernels but
//   copies element by element, several times slower on feature maps.
// Pure data movement: exact for every dtype.
ValueList lowerIm2col(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  std::optional<Window> w = readWindow(ctx);
  if (!w || (rank != 3 && rank != 4))
    return ctx.fail("im2col needs a 3-D or 4-D input and 2-D window arguments");
  int64_t lead = rank - 2; // [N,] C
  const ir::Type &type = x->getType();
  const ir::Dim &h = type.getShape()[lead], &wd = type.getShape()[lead + 1];
  if (!h.isStatic() || !wd.isStatic())
    return ctx.fail("im2col needs a static height and width");
  int64_t spans[2] = {h.getSize() + 2 * w->padding[0], wd.getSize() + 2 * w->padding[1]};
  int64_t blocks[2];
  for (int i = 0; i < 2; ++i) {
    int64_t reach = w->dilation[i] * (w->kernel[i] - 1) + 1;
    if (w->stride[i] <= 0 || w->kernel[i] <= 0 || w->dilation[i] <= 0 || w->padding[i] < 0 ||
        spans[i] < reach)
      return ctx.fail("im2col window larger than the padded input, or a non-positive "
                      "kernel, dilation or stride");
    blocks[i] = (spans[i] - reach) / w->stride[i] + 1;
  }
  if (w->padding[0] || w->padding[1]) {
    llvm::SmallVector<int64_t, 8> pads(2 * rank, 0);
    pads[lead] = pads[rank + lead] = w->padding[0];
    pads[lead + 1] = pads[rank + lead + 1] = w->padding[1];
    llvm::SmallVector<ir::Dim, 4> padded(type.getShape().begin(), type.getShape().end());
    padded[lead] = ir::Dim(spans[0]);
    padded[lead + 1] = ir::Dim(spans[1]);
    x = ctx.b.op("Pad", {x, ctx.b.i64s(pads)},
                 ir::Type::tensor(type.getDType(), padded));
  }
  Value *stacked;
  if (w->isPatchGrid()) {
    if (blocks[0] * w->kernel[0] != spans[0] || blocks[1] * w->kernel[1] != spans[1]) {
      llvm::SmallVector<ir::Dim, 4> cropped(x->getType().getShape().begin(),
                                            x->getType().getShape().end());
      cropped[lead] = ir::Dim(blocks[0] * w->kernel[0]);
      cropped[lead + 1] = ir::Dim(blocks[1] * w->kernel[1]);
      x = ctx.b.slice(x, ctx.b.i64s({0, 0}),
                      ctx.b.i64s({blocks[0] * w->kernel[0], blocks[1] * w->kernel[1]}),
                      ctx.b.i64s({lead, lead + 1}), nullptr,
                      ir::Type::tensor(type.getDType(), cropped));
    }
    Value *grid = ctx.b.reshape(
        x, keepLeadDims(x, lead, {blocks[0], w->kernel[0], blocks[1], w->kernel[1]}));
    llvm::SmallVector<int64_t, 6> perm;
    for (int64_t i = 0; i < lead; ++i)
      perm.push_back(i);
    perm.append({lead + 1, lead + 3, lead, lead + 2});
    stacked = ctx.b.transpose(grid, perm);
  } else {
    std::vector<int64_t> rows;
    for (int64_t i = 0; i < w->kernel[0]; ++i)
      for (int64_t b = 0; b < blocks[0]; ++b)
        rows.push_back(i * w->dilation[0] + b * w->stride[0]);
    Value *byRow = ctx.b.gather(
        x, ctx.b.constant(makeDenseInt(DType::Int64, {w->kernel[0], 1, blocks[0]}, rows)), lead);
    llvm::SmallVector<ir::Dim, 6> columnShape(byRow->getType().getShape().begin(),
                                              byRow->getType().getShape().end());
    columnShape.back() = ir::Dim(blocks[1]);
    ir::Type columnType = ir::Type::tensor(type.getDType(), columnShape);
    ValueList columns;
    for (int64_t j = 0; j < w->kernel[1]; ++j) {
      int64_t left = j * w->dilation[1];
      columns.push_back(ctx.b.slice(byRow, ctx.b.i64s({left}),
                                    ctx.b.i64s({left + (blocks[1] - 1) * w->stride[1] + 1}),
                                    ctx.b.i64s({lead + 3}), ctx.b.i64s({w->stride[1]}),
                                    columnType));
    }
    stacked = ctx.b.concat(columns, lead + 1);
  }
  Value *r = mergeColumns(ctx, stacked, x, lead, *w, blocks[0] * blocks[1]);
  r->setType(ctx.resultType());
  return {r};
}

// aten.col2im.default(self, output_size, kernel_size, dilation, padding,
// stride): the inverse of im2col, summing overlapping blocks. ONNX Col2Im
// from opset 18 where ONNX Runtime 1.23 has a kernel (float32; float16 and
// bfloat16 in float32, as the driver widens them), which adds in torch's
// order. Before opset 18 and for other dtypes, patches that cover the
// image add nothing and are moved back (col2imByPatches); other blocks are
// scattered (col2imByScatter).
/// col2im of patches that cover the image (Window::isPatchGrid, no padding,
/// sizes multiples of the kernel's): each pixel is one column entry, so
/// [N, C * kh * kw, L] reshaped to [N, C, kh, kw, bh, bw] and transposed to
/// [N, C, bh, kh, bw, kw] is the image. Torch adds each entry to zero, which
/// turns -0.0 into 0.0; this keeps -0.0 (equal as numbers). Null for other
/// windows.
Value *col2imByPatches(RuleContext &ctx, Value *x, const Window &w,
                     llvm::ArrayRef<int64_t> outputSize) {
  if (w.padding[0] || w.padding[1] || !w.isPatchGrid() || outputSize[0] % w.kernel[0] ||
      outputSize[1] % w.kernel[1])
    return nullptr;
  int64_t bh = outputSize[0] / w.kernel[0], bw = outputSize[1] / w.kernel[1];
  const ir::Dim &rows = x->getType().getShape()[1];
  int64_t channels = rows.isStatic() ? rows.getSize() / (w.kernel[0] * w.kernel[1]) : -1;
  Value *grid =
      ctx.b.reshape(x, keepLeadDims(x, 1, {channels, w.kernel[0], w.kernel[1], bh, bw}));
  Value *image = ctx.b.transpose(grid, {0, 1, 4, 2, 5, 3});
  return ctx.b.reshape(image, {0, 0, outputSize[0], outputSize[1]});
}

/// col2im by ScatterElements: each column entry (c, k, l) is added to its
/// image position, flat in the plane (one past the plane for a position in
/// the padding), with reduction add into zeros, in the entries' order, as
/// torch's loop adds them; the extra slot is sliced off. Null unless the
/// input and result shapes are static.
Value *col2imByScatter(RuleContext &ctx, Value *x, const Window &w,
                       llvm::ArrayRef<int64_t> outputSize, const ir::Type &batched) {
  for (const ir::Type *t : {&x->getType(), &batched})
    for (const ir::Dim &d : t->getShape())
      if (!d.isStatic())
        return nullptr;
  int64_t n = x->getType().getShape()[0].getSize(), rows = x->getType().getShape()[1].getSize();
  int64_t blocks = x->getType().getShape()[2].getSize();
  int64_t kernel = w.kernel[0] * w.kernel[1], c = batched.getShape()[1].getSize();
  int64_t height = outputSize[0], width = outputSize[1], plane = height * width;
  int64_t blocksW =
      (width + 2 * w.padding[1] - w.dilation[1] * (w.kernel[1] - 1) - 1) / w.stride[1] + 1;
  if (rows != c * kernel || blocksW <= 0 || blocks % blocksW != 0)
    return nullptr;
  std::vector<int64_t> table;
  for (int64_t k = 0; k < kernel; ++k)
    for (int64_t l = 0; l < blocks; ++l) {
      int64_t h = (l / blocksW) * w.stride[0] - w.padding[0] + (k / w.kernel[1]) * w.dilation[0];
      int64_t x0 = (l % blocksW) * w.stride[1] - w.padding[1] + (k % w.kernel[1]) * w.dilation[1];
      table.push_back(h >= 0 && h < height && x0 >= 0 && x0 < width ? h * width + x0 : plane);
    }
  DType dtype = batched.getDType();
  int64_t entries = kernel * blocks;
  Value *indices =
      ctx.b.expand(ctx.b.constant(makeDenseInt(DType::Int64, {entries}, table)),
                   ctx.b.i64s({n, c, entries}), ir::Type::tensor(DType::Int64, {n, c, entries}));
  Value *zeros = ctx.b.expand(ctx.b.scalar(dtype, 0.0), ctx.b.i64s({n, c, plane + 1}),
                              ir::Type::tensor(dtype, {n, c, plane + 1}));
  Value *sums = ctx.b.op(
      "ScatterElements", {zeros, indices, ctx.b.reshape(x, {n, c, entries})}, zeros->getType(),
      {{"axis", Attribute::integer(2)}, {"reduction", Attribute::string("add")}});
  Value *image = ctx.b.slice(sums, ctx.b.i64s({0}), ctx.b.i64s({plane}), ctx.b.i64s({2}), nullptr,
                             ir::Type::tensor(dtype, {n, c, plane}));
  return ctx.b.reshape(image, {n, c, height, width});
}

ValueList lowerCol2im(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  std::optional<Window> w = readWindow(ctx);
  llvm::SmallVector<int64_t, 2> outputSize = ctx.getIntList("output_size");
  if (!w || outputSize.size() != 2 || (rank != 2 && rank != 3))
    return ctx.fail("col2im needs a 2-D or 3-D input and 2-D size and window arguments");
  if (rank == 2)
    x = ctx.b.unsqueeze(x, {0});
  ir::Type resultType = ctx.resultType();
  ir::Type batched = resultType;
  if (rank == 2) {
    llvm::SmallVector<ir::Dim, 4> shape{ir::Dim(1)};
    shape.append(resultType.getShape().begin(), resultType.getShape().end());
    batched = ir::Type::tensor(resultType.getDType(), shape);
  }
  DType dtype = resultType.getDType();
  bool useCol2Im = ctx.getOpset() >= 18 && (dtype == DType::Float32 ||
                                               dtype == DType::Float16 || dtype == DType::BFloat16);
  Value *r =
      useCol2Im
          ? ctx.b.op("Col2Im", {x, ctx.b.i64s(outputSize), ctx.b.i64s(w->kernel)}, batched,
                     {{"dilations", Attribute::intList(w->dilation)},
                      {"pads", Attribute::intList(
                                   {w->padding[0], w->padding[1], w->padding[0], w->padding[1]})},
                      {"strides", Attribute::intList(w->stride)}})
          : col2imByPatches(ctx, x, *w, outputSize);
  if (!r && dtype == DType::Bool)
    return ctx.fail("col2im of bool (a logical or of overlapping blocks) is supported only for "
                    "patches that cover the output: stride equal to the kernel, no padding, "
                    "output sizes multiples of the kernel");
  if (!r)
    r = col2imByScatter(ctx, x, *w, outputSize, batched);
  if (!r)
    return ctx.getOpset() < 18
               ? ctx.fail("col2im before opset 18 (no Col2Im) needs static shapes")
               : ctx.fail("col2im of " + ir::getTorchName(dtype) + " needs static shapes (ONNX " +
                          "Runtime has no " + ir::getTorchName(dtype) + " Col2Im)");
  if (rank == 2)
    r = ctx.b.squeeze(r, {0});
  r->setType(resultType);
  return {r};
}

} // namespace

void registerConvLowerings(LoweringRegistry &r) {
  r.add("aten.im2col.default", lowerIm2col);
  r.add("aten.col2im.default", lowerCol2im);
  r.add("aten.conv1d.default", lowerConv);
  r.add("aten.conv2d.default", lowerConv);
  r.add("aten.conv3d.default", lowerConv);
  r.add("aten.conv1d.padding", lowerConv);
  r.add("aten.conv2d.padding", lowerConv);
  r.add("aten.conv3d.padding", lowerConv);
  r.add("aten.conv_transpose1d.default", lowerConvTranspose);
  r.add("aten.conv_transpose2d.input", lowerConvTranspose);
  r.add("aten.conv_transpose3d.input", lowerConvTranspose);
  r.add("aten.convolution.default", lowerConvolution);
  r.add("aten._convolution.default", lowerConvolution);

  r.add("aten.max_pool1d.default", lowerMaxPool1d);
  r.add("aten.max_pool2d.default", lowerMaxPool2d);
  r.add("aten.max_pool3d.default", lowerMaxPool3d);
  r.add("aten.max_pool1d_with_indices.default", lowerMaxPool1dIdx);
  r.add("aten.max_pool2d_with_indices.default", lowerMaxPool2dIdx);
  r.add("aten.max_pool3d_with_indices.default", lowerMaxPool3dIdx);
  r.add("aten.avg_pool1d.default", lowerAvgPool1d);
  r.add("aten.avg_pool2d.default", lowerAvgPool2d);
  r.add("aten.avg_pool3d.default", lowerAvgPool3d);
  r.add("aten.adaptive_avg_pool1d.default", lowerAdaptiveAvgPool1d);
  r.add("aten.adaptive_avg_pool2d.default", lowerAdaptiveAvgPool2d);
  r.add("aten._adaptive_avg_pool2d.default", lowerAdaptiveAvgPool2d);
  r.add("aten.adaptive_avg_pool3d.default", lowerAdaptiveAvgPool3d);
  r.add("aten._adaptive_avg_pool3d.default", lowerAdaptiveAvgPool3d);
  r.add("aten.adaptive_max_pool1d.default", lowerAdaptiveMaxPool1d);
  r.add("aten.adaptive_max_pool2d.default", lowerAdaptiveMaxPool2d);
  r.add("aten.adaptive_max_pool3d.default", lowerAdaptiveMaxPool3d);
  r.add("aten.max_unpool2d.default", lowerMaxUnpool2d);
  r.add("aten.max_unpool3d.default", lowerMaxUnpool3d);

  r.add("aten._upsample_bilinear2d_aa.default", lowerBilinear2dAntialias);
  r.add("aten._upsample_bilinear2d_aa.vec", lowerBilinear2dAntialias);
  r.add("aten._upsample_bicubic2d_aa.default", lowerBicubic2dAntialias);
  r.add("aten._upsample_bicubic2d_aa.vec", lowerBicubic2dAntialias);
  r.add("aten.affine_grid_generator.default", lowerAffineGridGenerator);
  r.add("aten.fractional_max_pool2d.default", lowerFractionalMaxPool2d);
  r.add("aten.fractional_max_pool3d.default", lowerFractionalMaxPool3d);
  r.add("aten.grid_sampler.default", lowerGridSampler);
  r.add("aten.grid_sampler_2d.default", lowerGridSampler);
  r.add("aten.grid_sampler_3d.default", lowerGridSampler);

  for (const char *variant : {"vec", "default"}) {
    std::string v = variant;
    r.add("aten.upsample_nearest1d." + v, lowerNearest1d);
    r.add("aten.upsample_nearest2d." + v, lowerNearest2d);
    r.add("aten.upsample_nearest3d." + v, lowerNearest3d);
    r.add("aten._upsample_nearest_exact1d." + v, lowerNearestExact1d);
    r.add("aten._upsample_nearest_exact2d." + v, lowerNearestExact2d);
    r.add("aten._upsample_nearest_exact3d." + v, lowerNearestExact3d);
    r.add("aten.upsample_linear1d." + v, lowerLinear1d);
    r.add("aten.upsample_bilinear2d." + v, lowerBilinear2d);
    r.add("aten.upsample_trilinear3d." + v, lowerTrilinear3d);
    r.add("aten.upsample_bicubic2d." + v, lowerBicubic2d);
  }
}

} // namespace pt2onnx::lowering
