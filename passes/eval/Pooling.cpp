//===- Pooling.cpp - Max, average and adaptive pooling ----------------------===//
//
// A pooling window is the product of one list of input positions per
// spatial dim (padding excluded), so one kernel serves torch's max_pool,
// avg_pool, adaptive_avg_pool and adaptive_max_pool (1-3 spatial dims,
// unbatched inputs) and ONNX's MaxPool, AveragePool, GlobalAveragePool and
// GlobalMaxPool. Output sizes follow torch's rule, which onnxruntime shares:
// with ceil_mode a window that would start in the right padding is
// dropped.
//
// Maxima: torch propagates NaN (the index is the last NaN's) and breaks ties
// by the first position; indices are flat within the plane for torch, in the
// whole tensor for ONNX (row- or column-major by storage_order). ONNX MaxPool
// over non-finite values is declined (onnxruntime's starts from the lowest
// finite float and ignores NaN). Averages divide by the window clipped to
// the padded input (count_include_pad: a ceil_mode window hanging past the
// padding counts only up to it, in torch and onnxruntime alike), by the
// positions inside the input, or by torch's divisor_override.
//
// Averages are summed in double and rounded once: unfoldable.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/NN.h"

#include <cmath>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// One spatial dim of a pooling: per output position, the input positions
/// of its window and the divisor it contributes to an average.
struct PoolAxis {
  std::vector<std::vector<int64_t>> positions;
  std::vector<int64_t> divisor;
};

enum class Divisor { Padded, Inside };

struct PoolGeometry {
  Shape kernel, stride, dilation, padBegin, padEnd;
  bool ceilMode = false;
  Divisor divisor = Divisor::Inside;
};

/// torch's (and onnxruntime's) pooling output size; -1 when negative.
int64_t pooledSize(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t padBegin,
                   int64_t padEnd, bool ceilMode) {
  int64_t span = dilation * (kernel - 1) + 1, room = in + padBegin + padEnd - span;
  if (room < 0)
    return -1;
  int64_t out = (ceilMode ? (room + stride - 1) / stride : room / stride) + 1;
  if (ceilMode && (out - 1) * stride >= in + padBegin)
    --out;
  return out;
}

std::optional<llvm::SmallVector<PoolAxis, 3>> slidingAxes(EvalContext &ctx,
                                                          llvm::ArrayRef<int64_t> in,
                                                          const PoolGeometry &g) {
  llvm::SmallVector<PoolAxis, 3> axes;
  for (size_t d = 0; d != in.size(); ++d) {
    if (g.kernel[d] < 1 || g.stride[d] < 1 || g.dilation[d] < 1)
      return ctx.fail();
    int64_t out = pooledSize(in[d], g.kernel[d], g.stride[d], g.dilation[d], g.padBegin[d],
                             g.padEnd[d], g.ceilMode);
    if (out < 1)
      return ctx.fail();
    PoolAxis axis;
    for (int64_t o = 0; o != out; ++o) {
      int64_t start = o * g.stride[d] - g.padBegin[d];
      std::vector<int64_t> positions;
      for (int64_t k = 0; k != g.kernel[d]; ++k) {
        int64_t i = start + k * g.dilation[d];
        if (i >= 0 && i < in[d])
          positions.push_back(i);
      }
      if (positions.empty())
        return ctx.fail();
      int64_t divisor = g.divisor == Divisor::Padded
                            ? std::min(start + g.kernel[d], in[d] + g.padEnd[d]) - start
                            : int64_t(positions.size());
      axis.positions.push_back(std::move(positions));
      axis.divisor.push_back(divisor);
    }
    axes.push_back(std::move(axis));
  }
  return axes;
}

/// torch's adaptive windows: [floor(o * in / out), ceil((o + 1) * in / out)).
std::optional<llvm::SmallVector<PoolAxis, 3>> adaptiveAxes(EvalContext &ctx,
                                                           llvm::ArrayRef<int64_t> in,
                                                           llvm::ArrayRef<int64_t> out) {
  llvm::SmallVector<PoolAxis, 3> axes;
  for (size_t d = 0; d != in.size(); ++d) {
    if (out[d] < 1 || in[d] < 1)
      return ctx.fail();
    PoolAxis axis;
    for (int64_t o = 0; o != out[d]; ++o) {
      int64_t start = o * in[d] / out[d], end = ((o + 1) * in[d] + out[d] - 1) / out[d];
      std::vector<int64_t> positions;
      for (int64_t i = start; i != end; ++i)
        positions.push_back(i);
      axis.divisor.push_back(int64_t(positions.size()));
      axis.positions.push_back(std::move(positions));
    }
    axes.push_back(std::move(axis));
  }
  return axes;
}

struct Pooled {
  Shape shape; // [N, C, out...]
  std::vector<double> values;
  std::vector<int64_t> indices; // maxima: flat in the plane
};

/// Pools `x` [N, C, in...] over `axes`: maxima, or averages divided by the
/// axes' divisors (or `divisorOverride` when nonzero).
std::optional<Pooled> pool(EvalContext &ctx, const Tensor &x, llvm::ArrayRef<PoolAxis> axes,
                           bool max, int64_t divisorOverride) {
  size_t n = axes.size();
  if (x.getRank() != n + 2)
    return ctx.fail();
  Pooled p;
  p.shape = {x.getShape()[0], x.getShape()[1]};
  for (const PoolAxis &axis : axes)
    p.shape.push_back(int64_t(axis.positions.size()));
  if (!ctx.withinLimit(p.shape))
    return std::nullopt;
  std::optional<std::vector<double>> xs = floatsOf(ctx, x);
  if (!xs)
    return std::nullopt;
  llvm::ArrayRef<int64_t> in = x.getShape().drop_front(2);
  Shape inStrides = getStrides(in);
  int64_t planes = p.shape[0] * p.shape[1], inPlane = getNumElements(in),
          outPlane = getNumElements(llvm::ArrayRef<int64_t>(p.shape).drop_front(2));
  p.values.reserve(planes * outPlane);
  if (max)
    p.indices.reserve(planes * outPlane);
  Shape o(n, 0), w(n, 0);
  for (int64_t plane = 0; plane != planes; ++plane) {
    const double *xp = &(*xs)[plane * inPlane];
    std::fill(o.begin(), o.end(), 0);
    for (int64_t of = 0; of != outPlane; ++of) {
      double acc = max ? -std::numeric_limits<double>::infinity() : 0;
      int64_t best = -1, divisor = 1;
      std::fill(w.begin(), w.end(), 0);
      for (bool more = true; more;) {
        int64_t flat = 0;
        for (size_t d = 0; d != n; ++d)
          flat += axes[d].positions[o[d]][w[d]] * inStrides[d];
        double v = xp[flat];
        if (!max)
          acc += v;
        else {
          if (best < 0)
            best = flat;
          if (v > acc || std::isnan(v)) {
            acc = v;
            best = flat;
          }
        }
        more = false;
        for (size_t d = n; d-- > 0;) {
          if (++w[d] < int64_t(axes[d].positions[o[d]].size())) {
            more = true;
            break;
          }
          w[d] = 0;
        }
      }
      for (size_t d = 0; d != n; ++d)
        divisor *= axes[d].divisor[o[d]];
      if (max) {
        p.values.push_back(acc);
        p.indices.push_back(best);
      } else {
        p.values.push_back(acc / double(divisorOverride ? divisorOverride : divisor));
      }
      for (size_t d = n; d-- > 0;) {
        if (++o[d] < int64_t(axes[d].positions.size()))
          break;
        o[d] = 0;
      }
    }
  }
  return p;
}

/// The number of spatial dims of a torch pooling op (its name's "Nd").
size_t spatialDims(EvalContext &ctx) {
  llvm::StringRef name = ctx.getOp().getName().getStringRef();
  return name.contains("1d") ? 1 : name.contains("3d") ? 3 : 2;
}

/// Adds the batch dim an unbatched input lacks; `restore` drops it again.
struct Batching {
  bool unbatched = false;
  Tensor batched(const Tensor &x, size_t n) {
    unbatched = x.getRank() == n + 1;
    if (!unbatched)
      return x;
    Shape shape{1};
    shape.append(x.getShape().begin(), x.getShape().end());
    return x.reshaped(shape);
  }
  Shape restore(Shape shape) const {
    if (unbatched)
      shape.erase(shape.begin());
    return shape;
  }
};

/// The torch results of `p`: values, and (`withIndices`) int64 indices.
std::optional<EvalResults> torchResults(EvalContext &ctx, const Pooled &p,
                                        const Batching &batching, bool withIndices) {
  Shape shape = batching.restore(p.shape);
  std::optional<Tensor> y = tensorOfFloats(ctx, ctx.resultDType(), shape, p.values);
  if (!y)
    return std::nullopt;
  EvalResults results{std::move(*y)};
  if (withIndices) {
    std::optional<Tensor> indices = ctx.allocate(DType::Int64, shape);
    if (!indices)
      return std::nullopt;
    for (size_t i = 0; i != p.indices.size(); ++i)
      indices->setInt(i, p.indices[i]);
    results.push_back(std::move(*indices));
  }
  return results;
}

/// max_pool{1,2,3}d (with_indices): kernel_size, stride (empty: the
/// kernel), padding, dilation, ceil_mode.
std::optional<EvalResults> atenMaxPool(EvalContext &ctx) {
  size_t n = spatialDims(ctx);
  const Tensor *self = ctx.tensor("self");
  std::optional<Shape> kernel = perDim(ctx, "kernel_size", n, 1);
  if (!self || !kernel)
    return ctx.fail();
  PoolGeometry g;
  g.kernel = *kernel;
  std::optional<Shape> stride = perDim(ctx, "stride", n, 0), padding = perDim(ctx, "padding", n, 0),
                       dilation = perDim(ctx, "dilation", n, 1);
  if (!stride || !padding || !dilation)
    return std::nullopt;
  g.stride = llvm::is_contained(*stride, 0) ? *kernel : *stride;
  g.padBegin = g.padEnd = *padding;
  g.dilation = *dilation;
  g.ceilMode = ctx.getInt("ceil_mode", 0) != 0;
  Batching batching;
  Tensor x = batching.batched(*self, n);
  std::optional<llvm::SmallVector<PoolAxis, 3>> axes =
      slidingAxes(ctx, x.getShape().drop_front(2), g);
  if (!axes)
    return std::nullopt;
  std::optional<Pooled> p = pool(ctx, x, *axes, true, 0);
  if (!p)
    return std::nullopt;
  return torchResults(ctx, *p, batching, ctx.getOp().getNumResults() == 2);
}

/// avg_pool{1,2,3}d: kernel_size, stride, padding, ceil_mode,
/// count_include_pad, divisor_override.
std::optional<EvalResults> atenAvgPool(EvalContext &ctx) {
  size_t n = spatialDims(ctx);
  const Tensor *self = ctx.tensor("self");
  std::optional<Shape> kernel = perDim(ctx, "kernel_size", n, 1);
  if (!self || !kernel)
    return ctx.fail();
  PoolGeometry g;
  g.kernel = *kernel;
  std::optional<Shape> stride = perDim(ctx, "stride", n, 0), padding = perDim(ctx, "padding", n, 0);
  if (!stride || !padding)
    return std::nullopt;
  g.stride = llvm::is_contained(*stride, 0) ? *kernel : *stride;
  g.padBegin = g.padEnd = *padding;
  g.dilation.assign(n, 1);
  g.ceilMode = ctx.getInt("ceil_mode", 0) != 0;
  g.divisor = ctx.getInt("count_include_pad", 1) != 0 ? Divisor::Padded : Divisor::Inside;
  int64_t divisorOverride = ctx.getInt("divisor_override", 0);
  Batching batching;
  Tensor x = batching.batched(*self, n);
  std::optional<llvm::SmallVector<PoolAxis, 3>> axes =
      slidingAxes(ctx, x.getShape().drop_front(2), g);
  if (!axes || ctx.hasFailed())
    return ctx.fail();
  std::optional<Pooled> p = pool(ctx, x, *axes, false, divisorOverride);
  if (!p)
    return std::nullopt;
  return torchResults(ctx, *p, batching, false);
}

/// adaptive_{avg,max}_pool{1,2,3}d and _adaptive_avg_pool{2,3}d.
template <bool max> std::optional<EvalResults> atenAdaptivePool(EvalContext &ctx) {
  size_t n = spatialDims(ctx);
  const Tensor *self = ctx.tensor("self");
  std::optional<Shape> size = perDim(ctx, "output_size", n, 1);
  if (!self || !size)
    return ctx.fail();
  Batching batching;
  Tensor x = batching.batched(*self, n);
  if (x.getRank() != n + 2)
    return ctx.fail();
  std::optional<llvm::SmallVector<PoolAxis, 3>> axes =
      adaptiveAxes(ctx, x.getShape().drop_front(2), *size);
  if (!axes)
    return std::nullopt;
  std::optional<Pooled> p = pool(ctx, x, *axes, max, 0);
  if (!p)
    return std::nullopt;
  return torchResults(ctx, *p, batching, max);
}

// ---- ONNX ------------------------------------------------------------------

/// The geometry of ONNX MaxPool/AveragePool from their attributes.
std::optional<PoolGeometry> onnxGeometry(EvalContext &ctx, const Tensor &x) {
  if (x.getRank() < 3)
    return ctx.fail();
  size_t n = x.getRank() - 2;
  PoolGeometry g;
  std::optional<Shape> kernel = ctx.getOptionalIntList("kernel_shape");
  std::optional<Shape> stride = onnxPerDim(ctx, "strides", n, 1),
                       dilation = onnxPerDim(ctx, "dilations", n, 1), pads = onnxPads(ctx, n);
  if (!kernel || kernel->size() != n || !stride || !dilation || !pads)
    return ctx.fail();
  g.kernel = *kernel;
  g.stride = *stride;
  g.dilation = *dilation;
  g.padBegin.assign(pads->begin(), pads->begin() + n);
  g.padEnd.assign(pads->begin() + n, pads->end());
  g.ceilMode = ctx.getInt("ceil_mode", 0) != 0;
  std::string autoPad = ctx.getString("auto_pad", "NOTSET");
  if (autoPad == "VALID") {
    std::fill(g.padBegin.begin(), g.padBegin.end(), 0);
    std::fill(g.padEnd.begin(), g.padEnd.end(), 0);
  } else if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
    // onnxruntime pads for the undilated kernel (the output then shrinks
    // with dilations).
    g.ceilMode = false;
    for (size_t d = 0; d != n; ++d) {
      int64_t in = x.getShape()[2 + d], out = (in + g.stride[d] - 1) / g.stride[d];
      int64_t total = (out - 1) * g.stride[d] + g.kernel[d] - in;
      if (total < 0)
        return ctx.fail();
      g.padBegin[d] = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
      g.padEnd[d] = total - g.padBegin[d];
    }
  } else if (autoPad != "NOTSET") {
    return ctx.fail();
  }
  return g;
}

std::optional<EvalResults> onnxMaxPool(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x)
    return ctx.fail();
  std::optional<PoolGeometry> g = onnxGeometry(ctx, *x);
  if (!g)
    return std::nullopt;
  int64_t storageOrder = ctx.getInt("storage_order", 0);
  bool withIndices = ctx.getOp().getNumResults() == 2;
  if (storageOrder != 0 && (storageOrder != 1 || x->getRank() != 4))
    return ctx.fail();
  std::optional<std::vector<double>> xs = floatsOf(ctx, *x);
  if (!xs || llvm::any_of(*xs, [](double v) { return !std::isfinite(v); }))
    return ctx.fail();
  std::optional<llvm::SmallVector<PoolAxis, 3>> axes =
      slidingAxes(ctx, x->getShape().drop_front(2), *g);
  if (!axes)
    return std::nullopt;
  std::optional<Pooled> p = pool(ctx, *x, *axes, true, 0);
  if (!p)
    return std::nullopt;
  std::optional<Tensor> y = tensorOfFloats(ctx, ctx.resultDType(), p->shape, p->values);
  if (!y)
    return std::nullopt;
  EvalResults results{std::move(*y)};
  if (withIndices) {
    std::optional<Tensor> indices = ctx.allocate(DType::Int64, p->shape);
    if (!indices)
      return std::nullopt;
    llvm::ArrayRef<int64_t> in = x->getShape().drop_front(2);
    int64_t inPlane = getNumElements(in), outPlane = getNumElements(p->shape) / std::max<int64_t>(
                                                          1, p->shape[0] * p->shape[1]);
    for (size_t i = 0; i != p->indices.size(); ++i) {
      int64_t within = p->indices[i];
      if (storageOrder == 1) // column-major: h + w * H
        within = within / in[1] + (within % in[1]) * in[0];
      indices->setInt(i, int64_t(i) / outPlane * inPlane + within);
    }
    results.push_back(std::move(*indices));
  }
  return results;
}

std::optional<EvalResults> onnxAveragePool(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x)
    return ctx.fail();
  std::optional<PoolGeometry> g = onnxGeometry(ctx, *x);
  if (!g)
    return std::nullopt;
  g->divisor = ctx.getInt("count_include_pad", 0) != 0 ? Divisor::Padded : Divisor::Inside;
  std::optional<llvm::SmallVector<PoolAxis, 3>> axes =
      slidingAxes(ctx, x->getShape().drop_front(2), *g);
  if (!axes)
    return std::nullopt;
  std::optional<Pooled> p = pool(ctx, *x, *axes, false, 0);
  if (!p)
    return std::nullopt;
  return single(tensorOfFloats(ctx, ctx.resultDType(), p->shape, p->values));
}

template <bool max> std::optional<EvalResults> onnxGlobalPool(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x || x->getRank() < 3)
    return ctx.fail();
  llvm::ArrayRef<int64_t> in = x->getShape().drop_front(2);
  if (max) {
    std::optional<std::vector<double>> xs = floatsOf(ctx, *x);
    if (!xs || llvm::any_of(*xs, [](double v) { return std::isnan(v); }))
      return ctx.fail();
  }
  std::optional<llvm::SmallVector<PoolAxis, 3>> axes =
      adaptiveAxes(ctx, in, Shape(in.size(), 1));
  if (!axes)
    return std::nullopt;
  std::optional<Pooled> p = pool(ctx, *x, *axes, max, 0);
  if (!p)
    return std::nullopt;
  return single(tensorOfFloats(ctx, ctx.resultDType(), p->shape, p->values));
}

} // namespace

void registerPoolingRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.AveragePool", onnxAveragePool);
  r.addUnfoldable("onnx.GlobalAveragePool", onnxGlobalPool<false>);
  r.addUnfoldable("onnx.GlobalMaxPool", onnxGlobalPool<true>);
  r.addUnfoldable("onnx.MaxPool", onnxMaxPool);

  for (llvm::StringRef name :
       {"aten._adaptive_avg_pool2d.default", "aten._adaptive_avg_pool3d.default",
        "aten.adaptive_avg_pool1d.default", "aten.adaptive_avg_pool2d.default",
        "aten.adaptive_avg_pool3d.default"})
    r.addUnfoldable(name, atenAdaptivePool<false>);
  for (llvm::StringRef name : {"aten.adaptive_max_pool1d.default",
                               "aten.adaptive_max_pool2d.default",
                               "aten.adaptive_max_pool3d.default"})
    r.addUnfoldable(name, atenAdaptivePool<true>);
  for (llvm::StringRef name :
       {"aten.avg_pool1d.default", "aten.avg_pool2d.default", "aten.avg_pool3d.default"})
    r.addUnfoldable(name, atenAvgPool);
  for (llvm::StringRef name :
       {"aten.max_pool1d.default", "aten.max_pool1d_with_indices.default",
        "aten.max_pool2d.default", "aten.max_pool2d_with_indices.default",
        "aten.max_pool3d.default", "aten.max_pool3d_with_indices.default"})
    r.addUnfoldable(name, atenMaxPool);
}

} // namespace pt2onnx::passes::eval
