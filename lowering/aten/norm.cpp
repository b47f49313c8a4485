//===- norm.cpp - Batch, layer, group, instance and RMS normalization ----------===//
//
// Missing affine parameters (weight/bias None) become ones/zeros where the
// ONNX op requires them. Statistics are biased (divide by N), as torch's
// normalization layers use. GroupNormalization's scale and bias are
// per-group before opset 21 and per-channel from 21 (torch's meaning), so
// group_norm uses the ONNX op from 21 only; before, a float32 group norm is
// InstanceNormalization over the groups and other dtypes a decomposition.
// Training-mode batch and instance norm of bfloat16 or float16 round their
// statistics where torch's CPU kernel does (roundedStatistics).
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <limits>
#include <optional>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// A 1-D tensor of `value` with as many elements as dim `axis` of `x`.
Value *filledLikeDim(RuleContext &ctx, Value *x, int64_t axis, double value) {
  DType t = x->getType().getDType();
  const ir::Dim &d = x->getType().getShape()[axis];
  if (d.isStatic())
    return ctx.b.constant(
        makeDense(t, {d.getSize()}, std::vector<double>(size_t(d.getSize()), value)));
  Value *n = ctx.b.unsqueeze(ctx.b.dimSize(x, axis), {0});
  return ctx.b.expand(ctx.b.scalar(t, value), n, ir::Type::tensor(t, {d}));
}

/// A tensor of `value` with shape `shape` (static).
Value *filled(RuleContext &ctx, DType t, llvm::ArrayRef<int64_t> shape, double value) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return ctx.b.constant(makeDense(t, shape, std::vector<double>(size_t(n), value)));
}

/// `v` ([C]) reshaped to broadcast along dim 1 of a rank-`rank` tensor.
Value *perChannel(RuleContext &ctx, Value *v, int64_t rank) {
  llvm::SmallVector<int64_t, 4> axes;
  for (int64_t i = 1; i < rank - 1; ++i)
    axes.push_back(i);
  return axes.empty() ? v : ctx.b.unsqueeze(v, axes);
}

/// An empty 1-D tensor for the unused saved-statistics outputs.
Value *emptyVector(RuleContext &ctx, DType t) { return ctx.b.constant(makeDense(t, {0}, {})); }

// ---- Batch norm ---------------------------------------------------------------------

/// The dtype torch's CPU kernel keeps a bfloat16 or float16 batch norm's
/// statistics in: that of the input when its parameters share it (are not
/// float32, "mixed"); nullopt for other inputs. The kernel
/// (batch_norm_kernel.cpp) computes the mean and the variance in float32,
/// stores the mean and 1 / sqrt(variance + eps) in the input's dtype, and
/// from those computes y = x * a + (bias - mean * a), a = invstd * weight, in
/// float32, rounded once.
std::optional<DType> roundedStatistics(RuleContext &ctx) {
  std::optional<DType> t = ctx.programDType("input");
  if (!t || (*t != DType::Float16 && *t != DType::BFloat16))
    return std::nullopt;
  for (llvm::StringRef param : {"weight", "bias", "running_mean", "running_var"})
    if (std::optional<DType> p = ctx.programDType(param); p && *p != *t)
      return std::nullopt;
  return t;
}

/// Training-mode batch norm: normalizes with the batch statistics over
/// `axes` (every dim but 1; instance norm: the spatial dims), the mean and
/// invstd rounded to `rounded` as torch's kernel does (roundedStatistics).
/// Returns y and the batch mean, biased variance and 1 / sqrt(variance +
/// eps), flattened.
struct BatchNormTraining {
  Value *y, *mean, *var, *invstd;
};
BatchNormTraining emitBatchNormTraining(RuleContext &ctx, Value *x, Value *w, Value *b,
                                        double eps, llvm::ArrayRef<int64_t> axes,
                                        std::optional<DType> rounded) {
  OnnxBuilder &o = ctx.b;
  int64_t rank = ctx.rankOf(x);
  DType t = x->getType().getDType();
  Value *mean = o.reduce("ReduceMean", x, axes, true);
  Value *centered = o.binary("Sub", x, mean);
  Value *var = o.reduce("ReduceMean", o.binary("Mul", centered, centered), axes, true);
  Value *invstd = o.unary("Reciprocal", o.unary("Sqrt", o.binary("Add", var, o.scalar(t, eps))));
  Value *y;
  if (rounded) {
    mean = o.roundTo(mean, *rounded);
    invstd = o.roundTo(invstd, *rounded);
    Value *scale = w ? o.binary("Mul", invstd, perChannel(ctx, o.cast(w, t), rank)) : invstd;
    Value *shift = o.binary("Mul", mean, scale);
    shift = b ? o.binary("Sub", perChannel(ctx, o.cast(b, t), rank), shift)
              : o.unary("Neg", shift);
    y = o.binary("Add", o.binary("Mul", x, scale), shift);
  } else {
    y = o.binary("Mul", centered, invstd);
    if (w)
      y = o.binary("Mul", y, perChannel(ctx, o.cast(w, t), rank));
    if (b)
      y = o.binary("Add", y, perChannel(ctx, o.cast(b, t), rank));
  }
  return {y, o.reshape(mean, {-1}), o.reshape(var, {-1}), o.reshape(invstd, {-1})};
}

/// Training-mode batch norm over every dim but 1.
BatchNormTraining emitBatchNormTraining(RuleContext &ctx, Value *x, Value *w, Value *b,
                                        double eps) {
  llvm::SmallVector<int64_t, 4> axes{0};
  for (int64_t i = 2; i < ctx.rankOf(x); ++i)
    axes.push_back(i);
  return emitBatchNormTraining(ctx, x, w, b, eps, axes, roundedStatistics(ctx));
}

/// Inference-mode batch norm with running statistics.
Value *emitBatchNormInference(RuleContext &ctx, Value *x, Value *w, Value *b, Value *mean,
                              Value *var, double eps, double momentum) {
  DType t = x->getType().getDType();
  if (!w)
    w = filledLikeDim(ctx, x, 1, 1.0);
  if (!b)
    b = filledLikeDim(ctx, x, 1, 0.0);
  return ctx.b.op(
      "BatchNormalization",
      {x, ctx.b.cast(w, t), ctx.b.cast(b, t), ctx.b.cast(mean, t), ctx.b.cast(var, t)},
      ctx.resultType(0),
      {{"epsilon", Attribute::floating(eps)}, {"momentum", Attribute::floating(1.0 - momentum)}});
}

// aten.batch_norm.default(input, weight, bias, running_mean, running_var,
// training, momentum, eps, cudnn_enabled). In training mode the output uses
// batch statistics; the running-statistics update is not part of the result.
ValueList lowerBatchNorm(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *w = ctx.optionalTensor("weight"), *b = ctx.optionalTensor("bias");
  Value *mean = ctx.optionalTensor("running_mean"), *var = ctx.optionalTensor("running_var");
  bool training = ctx.getBool("training");
  double eps = ctx.getFloat("eps"), momentum = ctx.getFloat("momentum");
  if (ctx.rankOf(x) < 2)
    return ctx.fail("batch_norm needs an input with a channel dim");
  if (training || !mean || !var)
    return {emitBatchNormTraining(ctx, x, w, b, eps).y};
  return {emitBatchNormInference(ctx, x, w, b, mean, var, eps, momentum)};
}

// aten._native_batch_norm_legit_no_training.default(input, weight, bias,
// running_mean, running_var, momentum, eps) -> (out, empty, empty)
ValueList lowerNativeBatchNormNoTraining(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *y = emitBatchNormInference(
      ctx, x, ctx.optionalTensor("weight"), ctx.optionalTensor("bias"), ctx.tensor("running_mean"),
      ctx.tensor("running_var"), ctx.getFloat("eps"), ctx.getFloat("momentum"));
  DType t = x->getType().getDType();
  return {y, emptyVector(ctx, t), emptyVector(ctx, t)};
}

// aten._native_batch_norm_legit.default(input, weight, bias, running_mean,
// running_var, training, momentum, eps), aten.native_batch_norm.default,
// aten._native_batch_norm_legit.no_stats -> (out, save_mean, save_invstd)
ValueList lowerNativeBatchNorm(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *w = ctx.optionalTensor("weight"), *b = ctx.optionalTensor("bias");
  Value *mean = ctx.optionalTensor("running_mean"), *var = ctx.optionalTensor("running_var");
  double eps = ctx.getFloat("eps"), momentum = ctx.getFloat("momentum");
  if (ctx.getBool("training") || !mean || !var) {
    BatchNormTraining batch = emitBatchNormTraining(ctx, x, w, b, eps);
    return {batch.y, batch.mean, batch.invstd};
  }
  DType t = x->getType().getDType();
  return {emitBatchNormInference(ctx, x, w, b, mean, var, eps, momentum), emptyVector(ctx, t),
          emptyVector(ctx, t)};
}

/// torch's update of the running statistics from a training-mode batch:
/// (1 - momentum) * running + momentum * batch, with the unbiased batch
/// variance (N / (N - 1) times the biased one, N the elements per channel).
/// BatchNormalization's training mode is not used: ONNX updates the variance
/// with the biased one, and ONNX Runtime's CPU kernel (1.23) overwrites its
/// running-variance input, an initializer here, so that results drift from
/// run to run (and are wrong when that initializer is also the scale).
std::pair<Value *, Value *> emitRunningStatsUpdate(RuleContext &ctx, Value *x,
                                                   const BatchNormTraining &batch, Value *mean,
                                                   Value *var, double momentum) {
  OnnxBuilder &o = ctx.b;
  DType t = x->getType().getDType();
  const ir::Type &type = x->getType();
  Value *count;
  if (std::optional<int64_t> n = type.getNumElements(); n && *n > 0)
    count = o.scalar(t, double(*n / type.getShape()[1].getSize()));
  else
    count = o.binary("Div", o.cast(o.op("Size", {x}, ir::Type::tensor(DType::Int64, {})), t),
                     o.cast(o.dimSize(x, 1), t));
  Value *unbiased =
      o.binary("Mul", batch.var, o.binary("Div", count, o.binary("Sub", count, o.scalar(t, 1.0))));
  auto blend = [&](Value *running, Value *current) {
    DType rt = running->getType().getDType();
    Value *kept = o.binary("Mul", running, o.scalar(rt, 1.0 - momentum));
    return o.binary("Add", kept, o.binary("Mul", o.cast(current, rt), o.scalar(rt, momentum)));
  };
  return {blend(mean, batch.mean), blend(var, unbiased)};
}

// aten._native_batch_norm_legit_functional.default(input, weight, bias,
// running_mean, running_var, training, momentum, eps) -> (out, save_mean,
// save_invstd, running_mean_out, running_var_out): the functional form the
// functionalize pass gives training-mode batch norm. In eval mode the running
// statistics pass through.
ValueList lowerNativeBatchNormFunctional(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *w = ctx.optionalTensor("weight"), *b = ctx.optionalTensor("bias");
  Value *mean = ctx.tensor("running_mean"), *var = ctx.tensor("running_var");
  double eps = ctx.getFloat("eps"), momentum = ctx.getFloat("momentum");
  if (ctx.rankOf(x) < 2)
    return ctx.fail("batch_norm needs an input with a channel dim");
  if (!ctx.getBool("training")) {
    DType t = x->getType().getDType();
    return {emitBatchNormInference(ctx, x, w, b, mean, var, eps, momentum), emptyVector(ctx, t),
            emptyVector(ctx, t), mean, var};
  }
  BatchNormTraining batch = emitBatchNormTraining(ctx, x, w, b, eps);
  auto [newMean, newVar] = emitRunningStatsUpdate(ctx, x, batch, mean, var, momentum);
  return {batch.y, ctx.b.cast(batch.mean, ctx.resultDType(1)),
          ctx.b.cast(batch.invstd, ctx.resultDType(2)), newMean, newVar};
}

// ---- Layer norm ---------------------------------------------------------------------

/// LayerNormalization over the trailing dims of `normalized_shape`; the
/// outputs are (y, mean, invstd).
ValueList emitLayerNorm(RuleContext &ctx, unsigned numResults) {
  Value *x = ctx.tensor("input");
  llvm::SmallVector<int64_t, 4> normalized = ctx.getIntList("normalized_shape");
  Value *w = ctx.optionalTensor("weight"), *b = ctx.optionalTensor("bias");
  double eps = ctx.getFloat("eps");
  int64_t rank = ctx.rankOf(x);
  int64_t n = int64_t(normalized.size());
  if (n == 0 || n > rank)
    return ctx.fail("layer_norm needs 1 to rank normalized dims");
  DType t = x->getType().getDType();
  llvm::SmallVector<Value *, 3> operands{x, w ? ctx.b.cast(w, t) : filled(ctx, t, normalized, 1.0)};
  if (b)
    operands.push_back(ctx.b.cast(b, t));
  ir::Type y = ctx.resultType(0);
  if (t == DType::Float64 && numResults > 1) {
    // LayerNormalization's statistics are float32 at most: float64 computes
    // them, and y, in float64.
    llvm::SmallVector<int64_t, 4> axes;
    for (int64_t i = rank - n; i < rank; ++i)
      axes.push_back(i);
    OnnxBuilder &ob = ctx.b;
    Value *mean = ob.reduce("ReduceMean", x, axes, true);
    Value *centered = ob.binary("Sub", x, mean);
    Value *var = ob.reduce("ReduceMean", ob.binary("Mul", centered, centered), axes, true);
    Value *invstd = ob.binary("Div", ob.scalar(t, 1.0),
                              ob.unary("Sqrt", ob.binary("Add", var, ob.scalar(t, eps))));
    Value *r = ob.binary("Mul", ob.binary("Mul", centered, invstd), operands[1]);
    if (b)
      r = ob.binary("Add", r, operands[2]);
    r->setType(y);
    return {r, ob.cast(mean, ctx.resultDType(1)), ob.cast(invstd, ctx.resultDType(2))};
  }
  llvm::SmallVector<ir::Type, 3> types{y};
  ir::Type stats = y.withDType(ir::isFloatingPoint(t) && t != DType::Float64 ? DType::Float32 : t);
  if (y.isRanked()) {
    llvm::SmallVector<ir::Dim, 4> dims(y.getShape().begin(), y.getShape().end());
    for (int64_t i = rank - n; i < rank; ++i)
      dims[i] = ir::Dim(1);
    stats = stats.withShape(dims);
  }
  for (unsigned i = 1; i < numResults; ++i)
    types.push_back(stats);
  ir::Operation *op = ctx.b.create("LayerNormalization", operands, types,
                                   {{"axis", Attribute::integer(-n)},
                                    {"epsilon", Attribute::floating(eps)},
                                    {"stash_type", Attribute::integer(1)}});
  ValueList results;
  for (unsigned i = 0; i < numResults; ++i)
    results.push_back(i == 0 ? op->getResult(0) : ctx.b.cast(op->getResult(i), ctx.resultDType(i)));
  return results;
}

// aten.layer_norm.default(input, normalized_shape, weight=None, bias=None,
// eps=1e-05, cudnn_enable=True)
ValueList lowerLayerNorm(RuleContext &ctx) { return emitLayerNorm(ctx, 1); }
// aten.native_layer_norm.default(input, normalized_shape, weight, bias, eps)
// -> (out, mean, rstd)
ValueList lowerNativeLayerNorm(RuleContext &ctx) { return emitLayerNorm(ctx, 3); }

// ---- Group and instance norm ----------------------------------------------------------

/// Group norm over [N, G, C/G * spatial]: InstanceNormalization for float32
/// (ONNX Runtime runs it in float32 only), a group per "channel" of the
/// grouped tensor, and a decomposition otherwise. Returns (y, mean [N, G],
/// rstd [N, G]); the statistics are null when not asked for and y does not
/// need them.
std::tuple<Value *, Value *, Value *> emitGroupNorm(RuleContext &ctx, Value *x, int64_t groups,
                                                    Value *w, Value *b, double eps,
                                                    bool statistics) {
  OnnxBuilder &o = ctx.b;
  DType t = x->getType().getDType();
  int64_t rank = ctx.rankOf(x);
  Value *grouped = o.reshape(x, {0, groups, -1});
  bool instanceNorm = t == DType::Float32;
  Value *mean = nullptr, *centered = nullptr, *rstd = nullptr;
  if (statistics || !instanceNorm) {
    mean = o.reduce("ReduceMean", grouped, llvm::ArrayRef<int64_t>{2}, true);
    centered = o.binary("Sub", grouped, mean);
    Value *var = o.reduce("ReduceMean", o.binary("Mul", centered, centered),
                          llvm::ArrayRef<int64_t>{2}, true);
    rstd = o.unary("Reciprocal", o.unary("Sqrt", o.binary("Add", var, o.scalar(t, eps))));
  }
  Value *normalized = instanceNorm
                          ? o.op("InstanceNormalization",
                                 {grouped, filled(ctx, t, {groups}, 1.0),
                                  filled(ctx, t, {groups}, 0.0)},
                                 grouped->getType(), {{"epsilon", Attribute::floating(eps)}})
                          : o.binary("Mul", centered, rstd);
  Value *y = o.reshape(normalized, o.shapeOf(x), x->getType());
  if (w)
    y = o.binary("Mul", y, perChannel(ctx, o.cast(w, t), rank));
  if (b)
    y = o.binary("Add", y, perChannel(ctx, o.cast(b, t), rank));
  if (!statistics)
    return {y, nullptr, nullptr};
  return {y, o.squeeze(mean, {2}), o.squeeze(rstd, {2})};
}

// aten.group_norm.default(input, num_groups, weight=None, bias=None,
// eps=1e-05, cudnn_enabled=True)
ValueList lowerGroupNorm(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  int64_t groups = ctx.getInt("num_groups");
  Value *w = ctx.optionalTensor("weight"), *b = ctx.optionalTensor("bias");
  double eps = ctx.getFloat("eps");
  if (ctx.rankOf(x) < 2 || groups <= 0)
    return ctx.fail("group_norm needs a channel dim and a positive group count");
  DType t = x->getType().getDType();
  if (ctx.getOpset() >= 21) {
    Value *scale = w ? ctx.b.cast(w, t) : filledLikeDim(ctx, x, 1, 1.0);
    Value *bias = b ? ctx.b.cast(b, t) : filledLikeDim(ctx, x, 1, 0.0);
    return {ctx.b.op("GroupNormalization", {x, scale, bias}, ctx.resultType(),
                     {{"epsilon", Attribute::floating(eps)},
                      {"num_groups", Attribute::integer(groups)},
                      {"stash_type", Attribute::integer(1)}})};
  }
  Value *y = std::get<0>(emitGroupNorm(ctx, x, groups, w, b, eps, false));
  y->setType(ctx.resultType());
  return {y};
}

// aten.native_group_norm.default(input, weight, bias, N, C, HxW, group, eps)
// -> (out, mean, rstd)
ValueList lowerNativeGroupNorm(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  auto [y, mean, rstd] =
      emitGroupNorm(ctx, x, ctx.getInt("group"), ctx.optionalTensor("weight"),
                    ctx.optionalTensor("bias"), ctx.getFloat("eps"), true);
  return {y, mean, rstd};
}

// aten.instance_norm.default(input, weight, bias, running_mean, running_var,
// use_input_stats, momentum, eps, cudnn_enabled)
ValueList lowerInstanceNorm(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *w = ctx.optionalTensor("weight"), *b = ctx.optionalTensor("bias");
  double eps = ctx.getFloat("eps");
  if (ctx.rankOf(x) < 3)
    return ctx.fail("instance_norm needs an input with channel and spatial dims");
  if (!ctx.getBool("use_input_stats")) {
    Value *mean = ctx.optionalTensor("running_mean"), *var = ctx.optionalTensor("running_var");
    if (!mean || !var)
      return ctx.fail("instance_norm without input stats needs running statistics");
    return {emitBatchNormInference(ctx, x, w, b, mean, var, eps, ctx.getFloat("momentum"))};
  }
  if (std::optional<DType> rounded = roundedStatistics(ctx)) {
    // torch normalizes (1, N * C, ...) by batch norm: rounds as it does.
    llvm::SmallVector<int64_t, 4> spatial;
    for (int64_t i = 2; i < ctx.rankOf(x); ++i)
      spatial.push_back(i);
    Value *y = emitBatchNormTraining(ctx, x, w, b, eps, spatial, rounded).y;
    y->setType(ctx.resultType());
    return {y};
  }
  DType t = x->getType().getDType();
  if (ir::Dim channels = x->getType().getShape()[1];
      t == DType::Float64 && channels.isStatic()) {
    // ONNX Runtime has InstanceNormalization in float32 only: a group norm
    // with a group per channel.
    Value *y = std::get<0>(emitGroupNorm(ctx, x, channels.getSize(), w, b, eps, false));
    y->setType(ctx.resultType());
    return {y};
  }
  if (t == DType::Float64)
    return ctx.fail("float64 instance_norm needs a static channel dim (ONNX Runtime has no "
                    "float64 InstanceNormalization)");
  Value *scale = w ? ctx.b.cast(w, t) : filledLikeDim(ctx, x, 1, 1.0);
  Value *bias = b ? ctx.b.cast(b, t) : filledLikeDim(ctx, x, 1, 0.0);
  return {ctx.b.op("InstanceNormalization", {x, scale, bias}, ctx.resultType(),
                   {{"epsilon", Attribute::floating(eps)}})};
}

// ---- RMS norm ---------------------------------------------------------------------------

/// The machine epsilon torch uses when rms_norm's eps is None.
double machineEpsilon(DType t) {
  switch (t) {
  case DType::Float16:
    return 0.0009765625;
  case DType::BFloat16:
    return 0.0078125;
  case DType::Float64:
    return std::numeric_limits<double>::epsilon();
  default:
    return std::numeric_limits<float>::epsilon();
  }
}

// aten.rms_norm.default(input, normalized_shape, weight=None, eps=None):
// x * rsqrt(mean(x^2) + eps) * weight, computed in float32 for 16-bit
// inputs; RMSNormalization from opset 23.
ValueList lowerRmsNorm(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  llvm::SmallVector<int64_t, 4> normalized = ctx.getIntList("normalized_shape");
  Value *w = ctx.optionalTensor("weight");
  DType t = x->getType().getDType();
  double eps = ctx.getOptionalFloat("eps").value_or(machineEpsilon(t));
  int64_t rank = ctx.rankOf(x), n = int64_t(normalized.size());
  if (n == 0 || n > rank)
    return ctx.fail("rms_norm needs 1 to rank normalized dims");
  OnnxBuilder &o = ctx.b;
  if (ctx.getOpset() >= 23) {
    Value *scale = w ? o.cast(w, t) : filled(ctx, t, normalized, 1.0);
    return {o.op("RMSNormalization", {x, scale}, ctx.resultType(),
                 {{"axis", Attribute::integer(-n)},
                  {"epsilon", Attribute::floating(eps)},
                  {"stash_type", Attribute::integer(1)}})};
  }
  DType compute = t == DType::Float16 || t == DType::BFloat16 ? DType::Float32 : t;
  Value *xc = o.cast(x, compute);
  llvm::SmallVector<int64_t, 4> axes;
  for (int64_t i = rank - n; i < rank; ++i)
    axes.push_back(i);
  Value *meanSquare = o.reduce("ReduceMean", o.binary("Mul", xc, xc), axes, true);
  Value *rstd =
      o.unary("Reciprocal", o.unary("Sqrt", o.binary("Add", meanSquare, o.scalar(compute, eps))));
  Value *y = o.cast(o.binary("Mul", xc, rstd), t);
  if (w)
    y = o.binary("Mul", y, o.cast(w, t));
  y->setType(ctx.resultType());
  return {y};
}

// aten._weight_norm.default(v, g, dim=0) = v * g / ||v||, the norm over
// every dim but `dim` (over all of v when dim is -1)
ValueList lowerWeightNorm(RuleContext &ctx) {
  Value *v = ctx.tensor("v");
  Value *g = ctx.b.cast(ctx.tensor("g"), v->getType().getDType());
  int64_t rank = ctx.rankOf(v);
  int64_t dim = ctx.getInt("dim");
  llvm::SmallVector<int64_t, 4> axes;
  for (int64_t i = 0; i < rank; ++i)
    if (dim == -1 || i != ctx.normalizeDim(dim, rank))
      axes.push_back(i);
  Value *norm = axes.empty() ? ctx.b.unary("Abs", v) : ctx.b.reduce("ReduceL2", v, axes, true);
  Value *r = ctx.b.binary("Mul", v, ctx.b.binary("Div", g, norm));
  r->setType(ctx.resultType());
  return {r};
}

} // namespace

void registerNormLowerings(LoweringRegistry &r) {
  r.add("aten.batch_norm.default", lowerBatchNorm);
  r.add("aten._native_batch_norm_legit_no_training.default", lowerNativeBatchNormNoTraining);
  r.add("aten._native_batch_norm_legit.default", lowerNativeBatchNorm);
  r.add("aten._native_batch_norm_legit.no_stats", lowerNativeBatchNorm);
  r.add("aten.native_batch_norm.default", lowerNativeBatchNorm);
  r.add("aten._native_batch_norm_legit_functional.default", lowerNativeBatchNormFunctional);
  r.add("aten.layer_norm.default", lowerLayerNorm);
  r.add("aten.native_layer_norm.default", lowerNativeLayerNorm);
  r.add("aten.group_norm.default", lowerGroupNorm);
  r.add("aten.native_group_norm.default", lowerNativeGroupNorm);
  r.add("aten.instance_norm.default", lowerInstanceNorm);
  r.add("aten.rms_norm.default", lowerRmsNorm);
  r.add("aten._weight_norm.default", lowerWeightNorm);
}

} // namespace pt2onnx::lowering
