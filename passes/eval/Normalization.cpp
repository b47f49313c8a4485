//===- Normalization.cpp - Batch, instance, group, layer and RMS norms -----===//
//
// Each norm standardizes rows of its input: batch norm per channel over the
// batch and the spatial dims (or with the running statistics in
// inference), instance norm per (sample, channel), group norm per (sample,
// group), layer and RMS norm over the trailing normalized dims. The
// variance is the biased one; torch's training-mode running variance is the
// unbiased one. The statistics outputs (save_mean, save_invstd, mean, rstd)
// take the shape of the op's result types: torch's CPU kernels return empty
// ones in inference. _weight_norm scales v by g over v's norm taken across
// every dim but `dim`.
//
// Computed in double and rounded once; the runtimes accumulate in float32,
// so the rules are unfoldable. Declined: ONNX BatchNormalization in
// training mode.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/NN.h"

#include <cmath>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// Per row: the mean (0 for RMS) and 1 / sqrt(variance + eps) (RMS: of the
/// mean square); `var` keeps the biased variance.
struct RowStats {
  std::vector<double> mean, rstd, var;
};

/// Statistics of `rows` rows of `count` elements of `x`; `at(r, j)` is the
/// flat index of element j of row r.
template <typename At>
RowStats rowStats(const std::vector<double> &x, int64_t rows, int64_t count, double eps, bool rms,
                  At at) {
  RowStats s;
  s.mean.assign(rows, 0.0);
  s.rstd.assign(rows, 0.0);
  s.var.assign(rows, 0.0);
  for (int64_t r = 0; r != rows; ++r) {
    double mean = 0;
    if (!rms) {
      for (int64_t j = 0; j != count; ++j)
        mean += x[at(r, j)];
      mean /= double(count);
    }
    double var = 0;
    for (int64_t j = 0; j != count; ++j) {
      double d = x[at(r, j)] - mean;
      var += d * d;
    }
    var /= double(count);
    s.mean[r] = mean;
    s.var[r] = var;
    s.rstd[r] = 1 / std::sqrt(var + eps);
  }
  return s;
}

/// The elements of an optional float operand, or nullopt-in-optional when
/// absent; a failure when present but not computable.
std::optional<std::optional<std::vector<double>>> optionalFloats(EvalContext &ctx,
                                                                 const Tensor *t) {
  if (!t)
    return std::optional<std::vector<double>>();
  std::optional<std::vector<double>> v = floatsOf(ctx, *t);
  if (!v)
    return std::nullopt;
  return v;
}

/// A statistics result `i` holding `values` (or empty when its type is).
std::optional<Tensor> statsResult(EvalContext &ctx, unsigned i, llvm::ArrayRef<double> values) {
  const ir::Type &type = ctx.resultType(i);
  if (!type.isRanked())
    return ctx.fail();
  Shape shape;
  for (const ir::Dim &d : type.getShape()) {
    if (!d.isStatic())
      return ctx.fail();
    shape.push_back(d.getSize());
  }
  if (getNumElements(shape) == 0)
    return tensorOfFloats(ctx, ctx.resultDType(i), shape, {});
  if (getNumElements(shape) != int64_t(values.size()))
    return ctx.fail();
  return tensorOfFloats(ctx, ctx.resultDType(i), shape, values);
}

//===----------------------------------------------------------------------===//
// Batch and instance norm: [N, C, spatial...], per-channel affine.
//===----------------------------------------------------------------------===//

struct ChannelNormResult {
  Tensor y;
  std::vector<double> mean, rstd, var; // per channel (batch) or per (n, c)
  int64_t perChannelCount = 0;         // elements behind each channel's statistics
};

/// Batch norm of `x` with `mean`/`var` given per channel (inference) or
/// computed (training, or always for instance norm, per sample).
std::optional<ChannelNormResult>
channelNorm(EvalContext &ctx, const Tensor &x, const Tensor *weight, const Tensor *bias,
            const Tensor *runningMean, const Tensor *runningVar, bool useBatchStats,
            bool perSample, double eps, DType out) {
  if (x.getRank() < 2)
    return ctx.fail();
  int64_t n = x.getShape()[0], c = x.getShape()[1];
  int64_t spatial = getNumElements(x.getShape().drop_front(2));
  auto checkChannels = [&](const Tensor *t) { return !t || t->getNumElements() == c; };
  if (!checkChannels(weight) || !checkChannels(bias) || !checkChannels(runningMean) ||
      !checkChannels(runningVar))
    return ctx.fail();
  std::optional<std::vector<double>> xs = floatsOf(ctx, x);
  auto w = optionalFloats(ctx, weight), b = optionalFloats(ctx, bias);
  auto rm = optionalFloats(ctx, runningMean), rv = optionalFloats(ctx, runningVar);
  if (!xs || !w || !b || !rm || !rv)
    return std::nullopt;
  ChannelNormResult result;
  int64_t rows = perSample ? n * c : c;
  if (useBatchStats) {
    int64_t count = perSample ? spatial : n * spatial;
    RowStats s = rowStats(*xs, rows, count, eps, false, [&](int64_t r, int64_t j) {
      if (perSample)
        return r * spatial + j;
      return ((j / spatial) * c + r) * spatial + j % spatial;
    });
    result.mean = std::move(s.mean);
    result.rstd = std::move(s.rstd);
    result.var = std::move(s.var);
    result.perChannelCount = count;
  } else {
    if (!*rm || !*rv)
      return ctx.fail();
    result.mean = **rm;
    for (double v : **rv)
      result.rstd.push_back(1 / std::sqrt(v + eps));
    result.var = **rv;
  }
  std::vector<double> y(xs->size());
  for (int64_t i = 0, e = xs->size(); i != e; ++i) {
    int64_t channel = (i / spatial) % c, row = perSample ? i / spatial : channel;
    double v = ((*xs)[i] - result.mean[row]) * result.rstd[row];
    if (*w)
      v *= (**w)[channel];
    if (*b)
      v += (**b)[channel];
    y[i] = v;
  }
  std::optional<Tensor> t = tensorOfFloats(ctx, out, x.getShape(), y);
  if (!t)
    return std::nullopt;
  result.y = std::move(*t);
  return result;
}

/// The batch-norm family: the output, then save_mean and save_invstd, then
/// (_native_batch_norm_legit_functional) the updated running statistics.
std::optional<EvalResults> atenBatchNorm(EvalContext &ctx) {
  llvm::StringRef name = ctx.getOp().getName().getStringRef();
  const Tensor *x = ctx.tensor("input");
  const Tensor *weight = ctx.optionalTensor("weight"), *bias = ctx.optionalTensor("bias");
  const Tensor *runningMean = ctx.optionalTensor("running_mean"),
               *runningVar = ctx.optionalTensor("running_var");
  bool training = name != "aten._native_batch_norm_legit_no_training.default" &&
                  ctx.getInt("training", 0) != 0;
  double eps = ctx.getFloat("eps", 1e-5), momentum = ctx.getFloat("momentum", 0.1);
  if (!x || ctx.hasFailed())
    return ctx.fail();
  std::optional<ChannelNormResult> r = channelNorm(
      ctx, *x, weight, bias, runningMean, runningVar, training, false, eps, ctx.resultDType());
  if (!r)
    return std::nullopt;
  EvalResults results{r->y};
  unsigned numResults = ctx.getOp().getNumResults();
  if (numResults == 1)
    return results;
  std::vector<double> mean = r->mean, rstd = r->rstd;
  for (std::optional<Tensor> t : {statsResult(ctx, 1, mean), statsResult(ctx, 2, rstd)}) {
    if (!t)
      return std::nullopt;
    results.push_back(std::move(*t));
  }
  if (numResults == 5) {
    // _native_batch_norm_legit_functional: the updated running statistics.
    if (!runningMean || !runningVar)
      return ctx.fail();
    std::vector<double> newMean(mean.size()), newVar(mean.size());
    for (size_t c = 0; c != mean.size(); ++c) {
      double rm = runningMean->getDouble(c), rv = runningVar->getDouble(c);
      if (!training) {
        newMean[c] = rm;
        newVar[c] = rv;
        continue;
      }
      double n = double(r->perChannelCount);
      double unbiased = n > 1 ? r->var[c] * n / (n - 1) : r->var[c];
      newMean[c] = (1 - momentum) * rm + momentum * mean[c];
      newVar[c] = (1 - momentum) * rv + momentum * unbiased;
    }
    for (std::optional<Tensor> t : {statsResult(ctx, 3, newMean), statsResult(ctx, 4, newVar)}) {
      if (!t)
        return std::nullopt;
      results.push_back(std::move(*t));
    }
  }
  return results;
}

/// instance_norm: per-sample statistics, or the running ones without
/// use_input_stats.
std::optional<EvalResults> atenInstanceNorm(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input");
  const Tensor *weight = ctx.optionalTensor("weight"), *bias = ctx.optionalTensor("bias");
  const Tensor *runningMean = ctx.optionalTensor("running_mean"),
               *runningVar = ctx.optionalTensor("running_var");
  bool useInputStats = ctx.getInt("use_input_stats", 1) != 0;
  double eps = ctx.getFloat("eps", 1e-5);
  if (!x || ctx.hasFailed())
    return ctx.fail();
  std::optional<ChannelNormResult> r =
      channelNorm(ctx, *x, weight, bias, runningMean, runningVar, useInputStats, useInputStats,
                  eps, ctx.resultDType());
  if (!r)
    return std::nullopt;
  return EvalResults{std::move(r->y)};
}

std::optional<EvalResults> onnxBatchNormalization(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *scale = ctx.operand(1), *bias = ctx.operand(2),
               *mean = ctx.operand(3), *var = ctx.operand(4);
  if (!x || !scale || !bias || !mean || !var || ctx.getInt("training_mode", 0) != 0 ||
      ctx.getOp().getNumResults() != 1)
    return ctx.fail();
  std::optional<ChannelNormResult> r = channelNorm(
      ctx, *x, scale, bias, mean, var, false, false, ctx.getFloat("epsilon", 1e-5),
      ctx.resultDType());
  if (!r)
    return std::nullopt;
  return EvalResults{std::move(r->y)};
}

std::optional<EvalResults> onnxInstanceNormalization(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *scale = ctx.operand(1), *bias = ctx.operand(2);
  if (!x || !scale || !bias)
    return ctx.fail();
  std::optional<ChannelNormResult> r =
      channelNorm(ctx, *x, scale, bias, nullptr, nullptr, true, true,
                  ctx.getFloat("epsilon", 1e-5), ctx.resultDType());
  if (!r)
    return std::nullopt;
  return EvalResults{std::move(r->y)};
}

//===----------------------------------------------------------------------===//
// Group norm: [N, C, spatial...], statistics per (n, group).
//===----------------------------------------------------------------------===//

/// `scale`/`bias` hold one value per channel, or (`perGroup`) per group.
std::optional<EvalResults> groupNorm(EvalContext &ctx, const Tensor &x, int64_t groups,
                                     const Tensor *scale, const Tensor *bias, double eps) {
  if (x.getRank() < 2 || groups < 1 || x.getShape()[1] % groups)
    return ctx.fail();
  int64_t n = x.getShape()[0], c = x.getShape()[1];
  int64_t spatial = getNumElements(x.getShape().drop_front(2)), count = c / groups * spatial;
  auto affineSize = [&](const Tensor *t) {
    return !t || t->getNumElements() == c || t->getNumElements() == groups;
  };
  if (!affineSize(scale) || !affineSize(bias))
    return ctx.fail();
  std::optional<std::vector<double>> xs = floatsOf(ctx, x);
  auto w = optionalFloats(ctx, scale), b = optionalFloats(ctx, bias);
  if (!xs || !w || !b)
    return std::nullopt;
  RowStats s = rowStats(*xs, n * groups, count, eps, false,
                        [count](int64_t r, int64_t j) { return r * count + j; });
  std::vector<double> y(xs->size());
  for (int64_t i = 0, e = xs->size(); i != e; ++i) {
    int64_t row = i / count, channel = (i / spatial) % c;
    auto affine = [&](const std::vector<double> &v) {
      return int64_t(v.size()) == c ? v[channel] : v[row % groups];
    };
    double v = ((*xs)[i] - s.mean[row]) * s.rstd[row];
    if (*w)
      v *= affine(**w);
    if (*b)
      v += affine(**b);
    y[i] = v;
  }
  std::optional<Tensor> out = tensorOfFloats(ctx, ctx.resultDType(), x.getShape(), y);
  if (!out)
    return std::nullopt;
  EvalResults results{std::move(*out)};
  if (ctx.getOp().getNumResults() == 3)
    for (std::optional<Tensor> t : {statsResult(ctx, 1, s.mean), statsResult(ctx, 2, s.rstd)}) {
      if (!t)
        return std::nullopt;
      results.push_back(std::move(*t));
    }
  return results;
}

std::optional<EvalResults> atenGroupNorm(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input");
  const Tensor *weight = ctx.optionalTensor("weight"), *bias = ctx.optionalTensor("bias");
  std::optional<int64_t> groups = ctx.has("num_groups") ? ctx.getOptionalInt("num_groups")
                                                        : ctx.getOptionalInt("group");
  if (!x || !groups || ctx.hasFailed())
    return ctx.fail();
  if ((weight && weight->getNumElements() != x->getShape()[1]) ||
      (bias && bias->getNumElements() != x->getShape()[1]))
    return ctx.fail();
  return groupNorm(ctx, *x, *groups, weight, bias, ctx.getFloat("eps", 1e-5));
}

/// GroupNormalization: per-channel scale and bias from opset 21, per-group
/// before (the same when there are as many groups as channels).
std::optional<EvalResults> onnxGroupNormalization(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *scale = ctx.operand(1), *bias = ctx.operand(2);
  if (!x || !scale || !bias || !ctx.has("num_groups"))
    return ctx.fail();
  return groupNorm(ctx, *x, ctx.getInt("num_groups", 1), scale, bias,
                   ctx.getFloat("epsilon", 1e-5));
}

//===----------------------------------------------------------------------===//
// Layer and RMS norm: statistics over the dims from `axis` on; scale and
// bias broadcast to the input.
//===----------------------------------------------------------------------===//

std::optional<EvalResults> trailingNorm(EvalContext &ctx, const Tensor &x, int64_t axis,
                                        const Tensor *scale, const Tensor *bias, double eps,
                                        bool rms) {
  std::optional<int64_t> a = normalizeAxis(axis, std::max<int64_t>(1, x.getRank()));
  if (!a || x.getRank() == 0)
    return ctx.fail();
  auto [rows, count] = splitAt(x.getShape(), *a);
  std::optional<std::vector<double>> xs = floatsOf(ctx, x);
  auto w = optionalFloats(ctx, scale), b = optionalFloats(ctx, bias);
  if (!xs || !w || !b)
    return std::nullopt;
  auto indices = [&](const Tensor *t) -> std::optional<std::vector<int64_t>> {
    if (!t)
      return std::vector<int64_t>();
    std::optional<Shape> shape = ctx.broadcast({t->getShape(), x.getShape()});
    if (!shape || llvm::ArrayRef<int64_t>(*shape) != x.getShape())
      return ctx.fail();
    return numerics::broadcastIndices(t->getShape(), x.getShape());
  };
  std::optional<std::vector<int64_t>> wi = indices(scale), bi = indices(bias);
  if (!wi || !bi)
    return std::nullopt;
  RowStats s = rowStats(*xs, rows, count, eps, rms,
                        [count = count](int64_t r, int64_t j) { return r * count + j; });
  std::vector<double> y(xs->size());
  for (int64_t i = 0, e = xs->size(); i != e; ++i) {
    int64_t row = i / count;
    double v = ((*xs)[i] - s.mean[row]) * s.rstd[row];
    if (*w)
      v *= (**w)[(*wi)[i]];
    if (*b)
      v += (**b)[(*bi)[i]];
    y[i] = v;
  }
  std::optional<Tensor> out = tensorOfFloats(ctx, ctx.resultDType(), x.getShape(), y);
  if (!out)
    return std::nullopt;
  EvalResults results{std::move(*out)};
  unsigned numResults = ctx.getOp().getNumResults();
  if (rms && numResults == 2) {
    std::optional<Tensor> t = statsResult(ctx, 1, s.rstd);
    if (!t)
      return std::nullopt;
    results.push_back(std::move(*t));
  } else if (!rms) {
    for (unsigned i = 1; i < numResults; ++i) {
      std::optional<Tensor> t = statsResult(ctx, i, i == 1 ? s.mean : s.rstd);
      if (!t)
        return std::nullopt;
      results.push_back(std::move(*t));
    }
  }
  return results;
}

/// The axis where `normalized_shape` begins in `x`.
std::optional<int64_t> normalizedAxis(EvalContext &ctx, const Tensor &x) {
  Shape normalized = ctx.getIntList("normalized_shape");
  if (ctx.hasFailed() || normalized.size() > x.getRank() ||
      llvm::ArrayRef<int64_t>(normalized) != x.getShape().take_back(normalized.size()))
    return ctx.fail();
  return int64_t(x.getRank() - normalized.size());
}

/// layer_norm and native_layer_norm (with mean and rstd).
std::optional<EvalResults> atenLayerNorm(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input");
  const Tensor *weight = ctx.optionalTensor("weight"), *bias = ctx.optionalTensor("bias");
  if (!x || ctx.hasFailed())
    return ctx.fail();
  std::optional<int64_t> axis = normalizedAxis(ctx, *x);
  if (!axis || *axis == int64_t(x->getRank()))
    return ctx.fail();
  return trailingNorm(ctx, *x, *axis, weight, bias, ctx.getFloat("eps", 1e-5), false);
}

/// torch.finfo(t).eps, rms_norm's default.
double machineEpsilon(DType t) {
  switch (t) {
  case DType::Float16:
    return 0x1p-10;
  case DType::BFloat16:
    return 0x1p-7;
  case DType::Float64:
    return 0x1p-52;
  default:
    return 0x1p-23;
  }
}

/// rms_norm and _fused_rms_norm (with rstd).
std::optional<EvalResults> atenRmsNorm(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input");
  const Tensor *weight = ctx.optionalTensor("weight");
  if (!x || ctx.hasFailed())
    return ctx.fail();
  std::optional<int64_t> axis = normalizedAxis(ctx, *x);
  if (!axis || *axis == int64_t(x->getRank()))
    return ctx.fail();
  double eps = ctx.getFloat("eps", machineEpsilon(x->getDType()));
  return trailingNorm(ctx, *x, *axis, weight, nullptr, eps, true);
}

std::optional<EvalResults> onnxLayerNormalization(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *scale = ctx.operand(1);
  const Tensor *bias = ctx.isNone(2) ? nullptr : ctx.operand(2);
  if (!x || !scale || (!ctx.isNone(2) && !bias))
    return ctx.fail();
  return trailingNorm(ctx, *x, ctx.getInt("axis", -1), scale, bias,
                      ctx.getFloat("epsilon", 1e-5), false);
}

std::optional<EvalResults> onnxRMSNormalization(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *scale = ctx.operand(1);
  if (!x || !scale || ctx.getOp().getNumResults() != 1)
    return ctx.fail();
  return trailingNorm(ctx, *x, ctx.getInt("axis", -1), scale, nullptr,
                      ctx.getFloat("epsilon", 1e-5), true);
}

//===----------------------------------------------------------------------===//
// Weight norm
//===----------------------------------------------------------------------===//

/// v * g / ||v||, the norm over every dim but `dim` (all dims for -1);
/// _weight_norm_interface also returns the norms, shaped like g.
std::optional<EvalResults> atenWeightNorm(EvalContext &ctx) {
  const Tensor *v = ctx.tensor("v"), *g = ctx.tensor("g");
  if (!v || !g || v->getRank() == 0)
    return ctx.fail();
  int64_t dim = ctx.getInt("dim", 0);
  std::optional<int64_t> d =
      dim == -1 ? std::optional<int64_t>(-1) : normalizeAxis(dim, v->getRank());
  if (!d)
    return ctx.fail();
  int64_t size = *d < 0 ? 1 : v->getShape()[*d];
  int64_t inner = *d < 0 ? v->getNumElements() : getNumElements(v->getShape().drop_front(*d + 1));
  if (g->getNumElements() != size)
    return ctx.fail();
  std::optional<std::vector<double>> vs = floatsOf(ctx, *v), gs = floatsOf(ctx, *g);
  if (!vs || !gs)
    return std::nullopt;
  std::vector<double> norms(size, 0.0);
  for (int64_t i = 0, e = vs->size(); i != e; ++i)
    norms[(i / inner) % size] += (*vs)[i] * (*vs)[i];
  for (double &n : norms)
    n = std::sqrt(n);
  std::vector<double> w(vs->size());
  for (int64_t i = 0, e = vs->size(); i != e; ++i) {
    int64_t k = (i / inner) % size;
    w[i] = (*vs)[i] * ((*gs)[k] / norms[k]);
  }
  std::optional<Tensor> out = tensorOfFloats(ctx, ctx.resultDType(), v->getShape(), w);
  if (!out)
    return std::nullopt;
  EvalResults results{std::move(*out)};
  if (ctx.getOp().getNumResults() == 2) {
    std::optional<Tensor> t = statsResult(ctx, 1, norms);
    if (!t)
      return std::nullopt;
    results.push_back(std::move(*t));
  }
  return results;
}

} // namespace

void registerNormalizationRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.BatchNormalization", onnxBatchNormalization);
  r.addUnfoldable("onnx.GroupNormalization", onnxGroupNormalization);
  r.addUnfoldable("onnx.InstanceNormalization", onnxInstanceNormalization);
  r.addUnfoldable("onnx.LayerNormalization", onnxLayerNormalization);
  r.addUnfoldable("onnx.RMSNormalization", onnxRMSNormalization);

  for (llvm::StringRef name :
       {"aten._native_batch_norm_legit.default", "aten._native_batch_norm_legit.no_stats",
        "aten._native_batch_norm_legit_functional.default",
        "aten._native_batch_norm_legit_no_training.default", "aten.batch_norm.default",
        "aten.native_batch_norm.default"})
    r.addUnfoldable(name, atenBatchNorm);
  r.addUnfoldable("aten._fused_rms_norm.default", atenRmsNorm);
  r.addUnfoldable("aten._weight_norm.default", atenWeightNorm);
  r.addUnfoldable("aten._weight_norm_interface.default", atenWeightNorm);
  r.addUnfoldable("aten.group_norm.default", atenGroupNorm);
  r.addUnfoldable("aten.instance_norm.default", atenInstanceNorm);
  r.addUnfoldable("aten.layer_norm.default", atenLayerNorm);
  r.addUnfoldable("aten.native_group_norm.default", atenGroupNorm);
  r.addUnfoldable("aten.native_layer_norm.default", atenLayerNorm);
  r.addUnfoldable("aten.rms_norm.default", atenRmsNorm);
}

} // namespace pt2onnx::passes::eval
