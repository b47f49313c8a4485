//===- Loss.cpp - The pointwise losses of torch.nn.functional ----------------===//
//
// torch.export keeps the losses of torch.nn.functional whole; each is a
// pointwise formula over its tensors, broadcast together, then reduced as
// its int `reduction` says: 0 keeps the elements, 1 is their mean and 2
// their sum (`aten.mean.default`, `aten.sum.default`). The formulas are
// torch's own (aten/src/ATen/native/Loss.cpp), with z = |self - target|:
//
//   l1_loss           z
//   mse_loss          (self - target) * (self - target)
//   smooth_l1_loss    z < beta ? 0.5 * z * z / beta : z - 0.5 * beta  (l1 for beta 0)
//   huber_loss        z < delta ? 0.5 * z * z : delta * (z - 0.5 * delta)
//   soft_margin_loss  log1p(exp(-self * target))
//   binary_cross_entropy
//                     (target - 1) * max(log1p(-self), -100)
//                       - target * max(log(self), -100), times weight
//   binary_cross_entropy_with_logits
//                     (1 - target) * self - w * log_sigmoid(self), times weight,
//                     w = 1 + (pos_weight - 1) * target, or 1 without pos_weight
//   kl_div            exp(target) * (target - self) with log_target, else
//                     xlogy(target, target) - target * self
//   hinge_embedding_loss
//                     (target != 1 ? max(margin - self, 0) : 0)
//                       + (target != -1 ? self : 0)
//   margin_ranking_loss
//                     max(-target * (input1 - input2) + margin, 0)
//   poisson_nll_loss  exp(input) - target * input with log_input, else
//                     input - target * log(input + eps); with full, plus
//                     target * log(target) - target + 0.5 * log(2 pi target)
//                     where target > 1
//
// A bfloat16 or float16 huber_loss is computed as torch's kernel does: in
// float32 from delta rounded to the dtype, rounded once.
//
// log_sigmoid decomposes in its turn (LogSigmoid.cpp), and xlogy(t, t) is
// t != 0 ? t * log(t) : 0, as torch computes it. Every tensor
// must have the result's floating dtype (hinge_embedding_loss's target may
// have any) and the tensors' shapes must broadcast; otherwise, or for
// another `reduction`, the op is left alone.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "ir/numerics/DenseAccess.h"
#include "passes/decompose/Decompositions.h"

#include <numbers>

namespace pt2onnx::passes {

namespace {

/// Builds a loss's pointwise ATen ops, each result of the loss's dtype (or
/// bool, for comparisons) and of its operands' broadcast shape.
class LossBuilder {
public:
  LossBuilder(ir::PatternRewriter &rw, ir::DType dtype) : rw(rw), dtype(dtype) {}

  ir::PatternRewriter &getRewriter() const { return rw; }
  ir::DType getDType() const { return dtype; }

  ir::Value *unary(llvm::StringRef key, ir::Value *self) {
    return create(key, {{"self", self}}, {}, self->getType().getShape());
  }
  /// `self` op a number (`aten.mul.Scalar`, `aten.rsub.Scalar`...).
  ir::Value *scalar(llvm::StringRef key, ir::Value *self, llvm::StringRef name, double value) {
    return create(key, {{"self", self}}, {{name.str(), ir::Attribute::floating(value)}},
                  self->getType().getShape());
  }
  ir::Value *binary(llvm::StringRef key, ir::Value *self, ir::Value *other) {
    return create(key, {{"self", self}, {"other", other}}, {}, broadcast({self, other}));
  }
  /// `self` compared with a number (`aten.lt.Scalar`, `aten.ne.Scalar`), of bool.
  ir::Value *compare(llvm::StringRef key, ir::Value *self, double value) {
    return create(key, {{"self", self}}, {{"other", ir::Attribute::floating(value)}},
                  self->getType().getShape(), ir::DType::Bool);
  }
  /// `self` converted to `to` (`aten._to_copy.default`).
  ir::Value *convert(ir::Value *self, ir::DType to) {
    return create("aten._to_copy.default", {{"self", self}}, {{"dtype", ir::Attribute::dtype(to)}},
                  self->getType().getShape(), to);
  }
  /// `condition ? self : 0`.
  ir::Value *whereElseZero(ir::Value *condition, ir::Value *self) {
    return create("aten.where.ScalarOther", {{"condition", condition}, {"self", self}},
                  {{"other", ir::Attribute::floating(0.0)}}, broadcast({condition, self}));
  }
  /// `condition ? self : other`.
  ir::Value *where(ir::Value *condition, ir::Value *self, ir::Value *other) {
    return create("aten.where.self", {{"condition", condition}, {"self", self}, {"other", other}},
                  {}, broadcast({condition, self, other}));
  }

private:
  ir::Value *create(llvm::StringRef key,
                    llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                    llvm::ArrayRef<ir::NamedAttribute> attrs, llvm::ArrayRef<ir::Dim> shape,
                    std::optional<ir::DType> resultDType = std::nullopt) {
    return createAtenOp(rw, key, operands, attrs,
                        {ir::Type::tensor(resultDType.value_or(dtype), shape)})
        ->getResult(0);
  }

  /// The operands' shapes broadcast; the loss checked before it built
  /// anything that all its tensors' shapes broadcast together, and so do
  /// those of any values built from them.
  llvm::SmallVector<ir::Dim, 4> broadcast(llvm::ArrayRef<ir::Value *> values) {
    llvm::SmallVector<ir::Dim, 4> shape;
    for (ir::Value *value : values)
      shape = llvm::cantFail(numerics::broadcastShapes(shape, value->getType().getShape()));
    return shape;
  }

  ir::PatternRewriter &rw;
  ir::DType dtype;
};

/// The pointwise part of one loss, built from the root's tensors.
using PointwiseLossFn = std::function<ir::Value *(ir::Operation &root, LossBuilder &b)>;

struct LossForm {
  /// The tensor arguments, present or optional; each must have the loss's
  /// dtype except `anyDType`.
  llvm::SmallVector<llvm::StringRef, 4> tensors;
  llvm::StringRef anyDType;
  PointwiseLossFn pointwise;
  /// The float arguments `pointwise` reads (`beta`, `margin`).
  llvm::SmallVector<llvm::StringRef, 1> floats = {};
};

bool decomposeLoss(const LossForm &form, ir::Operation &root, ir::PatternRewriter &rw) {
  const ir::Type &resultType = root.getResult(0)->getType();
  if (!resultType.isTensor() || !isFloatingPoint(resultType.getDType()))
    return rw.notifyMatchFailure(root, "the result is not a floating-point tensor");
  std::optional<int64_t> reduction = getIntArg(root, "reduction");
  if (!reduction || *reduction < 0 || *reduction > 2)
    return rw.notifyMatchFailure(root, "`reduction` is not 0, 1 or 2");
  for (llvm::StringRef name : form.floats)
    if (!getFloatArg(root, name))
      return rw.notifyMatchFailure(root, "`" + name + "` is not a number");
  llvm::SmallVector<ir::Dim, 4> shape;
  for (llvm::StringRef name : form.tensors) {
    ir::Value *tensor = getTensorArg(root, name);
    if (!tensor)
      continue;
    const ir::Type &type = tensor->getType();
    if (!type.isTensor() || !type.isRanked())
      return rw.notifyMatchFailure(root, "the rank of `" + name + "` is not known");
    if (name != form.anyDType && type.getDType() != resultType.getDType())
      return rw.notifyMatchFailure(root, "`" + name + "` does not have the result's dtype");
    llvm::Expected<llvm::SmallVector<ir::Dim, 4>> broadcast =
        numerics::broadcastShapes(shape, type.getShape());
    if (!broadcast) {
      llvm::consumeError(broadcast.takeError());
      return rw.notifyMatchFailure(root, "the shapes of the tensors do not broadcast");
    }
    shape = std::move(*broadcast);
  }
  LossBuilder b(rw, resultType.getDType());
  ir::Value *loss = form.pointwise(root, b);
  if (*reduction != 0)
    loss = createAtenOp(rw, *reduction == 1 ? "aten.mean.default" : "aten.sum.default",
                        {{"self", loss}}, {}, {resultType})
               ->getResult(0);
  rw.replaceOp(&root, {loss});
  return true;
}

ir::Value *absoluteDifference(ir::Operation &root, LossBuilder &b) {
  return b.unary("aten.abs.default", b.binary("aten.sub.Tensor", getTensorArg(root, "self"),
                                              getTensorArg(root, "target")));
}

ir::Value *l1Loss(ir::Operation &root, LossBuilder &b) { return absoluteDifference(root, b); }

ir::Value *mseLoss(ir::Operation &root, LossBuilder &b) {
  ir::Value *difference =
      b.binary("aten.sub.Tensor", getTensorArg(root, "self"), getTensorArg(root, "target"));
  return b.binary("aten.mul.Tensor", difference, difference);
}

/// z < threshold ? 0.5 * z * z / divisor : scale * (z - 0.5 * threshold), in
/// torch's order of operations.
ir::Value *quadraticThenLinear(LossBuilder &b, ir::Value *z, double threshold, double divisor,
                               double scale) {
  ir::Value *isSmall = b.compare("aten.lt.Scalar", z, threshold);
  ir::Value *square = b.scalar("aten.mul.Scalar", b.binary("aten.mul.Tensor", z, z), "other", 0.5);
  if (divisor != 1.0)
    square = b.scalar("aten.div.Scalar", square, "other", divisor);
  ir::Value *linear = b.scalar("aten.sub.Scalar", z, "other", 0.5 * threshold);
  if (scale != 1.0)
    linear = b.scalar("aten.mul.Scalar", linear, "other", scale);
  return b.where(isSmall, square, linear);
}

ir::Value *quadraticThenLinear(ir::Operation &root, LossBuilder &b, double threshold,
                               double divisor, double scale) {
  return quadraticThenLinear(b, absoluteDifference(root, b), threshold, divisor, scale);
}

ir::Value *smoothL1Loss(ir::Operation &root, LossBuilder &b) {
  double beta = *getFloatArg(root, "beta");
  if (beta == 0.0)
    return absoluteDifference(root, b);
  return quadraticThenLinear(root, b, beta, beta, 1.0);
}

/// torch's CPU kernel of a bfloat16 or float16 huber_loss (huber_kernel)
/// takes delta in that dtype and evaluates the formula in float32, rounded
/// once: unlike the per-op roundings of the formula in that dtype.
ir::Value *huberLoss(ir::Operation &root, LossBuilder &b) {
  double delta = *getFloatArg(root, "delta");
  ir::DType t = b.getDType();
  if (t != ir::DType::Float16 && t != ir::DType::BFloat16)
    return quadraticThenLinear(root, b, delta, 1.0, delta);
  double narrowDelta = t == ir::DType::Float16
                           ? numerics::halfToFloat(numerics::floatToHalf(float(delta)))
                           : numerics::bfloat16ToFloat(numerics::floatToBFloat16(float(delta)));
  LossBuilder wide(b.getRewriter(), ir::DType::Float32);
  ir::Value *z = wide.unary(
      "aten.abs.default",
      wide.binary("aten.sub.Tensor", wide.convert(getTensorArg(root, "self"), ir::DType::Float32),
                  wide.convert(getTensorArg(root, "target"), ir::DType::Float32)));
  return b.convert(quadraticThenLinear(wide, z, narrowDelta, 1.0, narrowDelta), t);
}

ir::Value *softMarginLoss(ir::Operation &root, LossBuilder &b) {
  ir::Value *margin =
      b.binary("aten.mul.Tensor", b.unary("aten.neg.default", getTensorArg(root, "self")),
               getTensorArg(root, "target"));
  return b.unary("aten.log1p.default", b.unary("aten.exp.default", margin));
}

/// `loss * weight`, or `loss` without a weight.
ir::Value *weighted(ir::Operation &root, LossBuilder &b, ir::Value *loss) {
  ir::Value *weight = getTensorArg(root, "weight");
  return weight ? b.binary("aten.mul.Tensor", loss, weight) : loss;
}

ir::Value *binaryCrossEntropy(ir::Operation &root, LossBuilder &b) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  // torch clamps each log at -100, so that a probability of 0 or 1 costs a
  // finite loss.
  ir::Value *logComplement =
      b.scalar("aten.clamp_min.default",
               b.unary("aten.log1p.default", b.unary("aten.neg.default", self)), "min", -100.0);
  ir::Value *logSelf =
      b.scalar("aten.clamp_min.default", b.unary("aten.log.default", self), "min", -100.0);
  ir::Value *complementTerm =
      b.binary("aten.mul.Tensor", b.scalar("aten.sub.Scalar", target, "other", 1.0), logComplement);
  ir::Value *selfTerm = b.binary("aten.mul.Tensor", target, logSelf);
  return weighted(root, b, b.binary("aten.sub.Tensor", complementTerm, selfTerm));
}

ir::Value *binaryCrossEntropyWithLogits(ir::Operation &root, LossBuilder &b) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  ir::Value *logSigmoid = b.unary("aten.log_sigmoid.default", self);
  if (ir::Value *posWeight = getTensorArg(root, "pos_weight")) {
    ir::Value *logWeight = b.scalar(
        "aten.add.Scalar",
        b.binary("aten.mul.Tensor", b.scalar("aten.sub.Scalar", posWeight, "other", 1.0), target),
        "other", 1.0);
    logSigmoid = b.binary("aten.mul.Tensor", logWeight, logSigmoid);
  }
  ir::Value *loss = b.binary(
      "aten.sub.Tensor",
      b.binary("aten.mul.Tensor", b.scalar("aten.rsub.Scalar", target, "other", 1.0), self),
      logSigmoid);
  return weighted(root, b, loss);
}

ir::Value *klDiv(ir::Operation &root, LossBuilder &b) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  if (getBoolArg(root, "log_target")) {
    ir::Value *targetProbability = b.unary("aten.exp.default", target);
    return b.binary("aten.mul.Tensor", targetProbability,
                    b.binary("aten.sub.Tensor", target, self));
  }
  ir::Value *targetLogTarget =
      b.binary("aten.mul.Tensor", target, b.unary("aten.log.default", target));
  ir::Value *xlogy = b.whereElseZero(b.compare("aten.ne.Scalar", target, 0.0), targetLogTarget);
  return b.binary("aten.sub.Tensor", xlogy, b.binary("aten.mul.Tensor", target, self));
}

ir::Value *hingeEmbeddingLoss(ir::Operation &root, LossBuilder &b) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  double margin = *getFloatArg(root, "margin");
  ir::Value *marginClamp = b.scalar(
      "aten.clamp_min.default", b.scalar("aten.rsub.Scalar", self, "other", margin), "min", 0.0);
  ir::Value *marginTerm = b.whereElseZero(b.compare("aten.ne.Scalar", target, 1.0), marginClamp);
  ir::Value *selfTerm = b.whereElseZero(b.compare("aten.ne.Scalar", target, -1.0), self);
  return b.binary("aten.add.Tensor", marginTerm, selfTerm);
}

ir::Value *marginRankingLoss(ir::Operation &root, LossBuilder &b) {
  double margin = *getFloatArg(root, "margin");
  ir::Value *difference =
      b.binary("aten.sub.Tensor", getTensorArg(root, "input1"), getTensorArg(root, "input2"));
  ir::Value *scaled = b.binary(
      "aten.mul.Tensor", b.unary("aten.neg.default", getTensorArg(root, "target")), difference);
  return b.scalar("aten.clamp_min.default", b.scalar("aten.add.Scalar", scaled, "other", margin),
                  "min", 0.0);
}

ir::Value *poissonNllLoss(ir::Operation &root, LossBuilder &b) {
  ir::Value *input = getTensorArg(root, "input");
  ir::Value *target = getTensorArg(root, "target");
  ir::Value *loss;
  if (getBoolArg(root, "log_input")) {
    ir::Value *rate = b.unary("aten.exp.default", input);
    loss = b.binary("aten.sub.Tensor", rate, b.binary("aten.mul.Tensor", target, input));
  } else {
    ir::Value *logInput = b.unary(
        "aten.log.default", b.scalar("aten.add.Scalar", input, "other", *getFloatArg(root, "eps")));
    loss = b.binary("aten.sub.Tensor", input, b.binary("aten.mul.Tensor", target, logInput));
  }
  if (!getBoolArg(root, "full"))
    return loss;
  // Stirling's approximation of log(target!), counted where target > 1.
  ir::Value *targetLogTarget =
      b.binary("aten.mul.Tensor", target, b.unary("aten.log.default", target));
  ir::Value *leading = b.binary("aten.sub.Tensor", targetLogTarget, target);
  ir::Value *logTwoPiTarget = b.unary(
      "aten.log.default", b.scalar("aten.mul.Scalar", target, "other", 2 * std::numbers::pi));
  ir::Value *stirling = b.binary("aten.add.Tensor", leading,
                                 b.scalar("aten.mul.Scalar", logTwoPiTarget, "other", 0.5));
  return b.binary("aten.add.Tensor", loss,
                  b.whereElseZero(b.compare("aten.gt.Scalar", target, 1.0), stirling));
}

void add(DecompositionTable &table, llvm::StringRef key, LossForm form) {
  table.add(key, {"loss", [form = std::move(form)](ir::Operation &root, ir::PatternRewriter &rw) {
                    return decomposeLoss(form, root, rw);
                  }});
}

} // namespace

void addLossDecompositions(DecompositionTable &table) {
  add(table, "aten.binary_cross_entropy.default",
      {{"self", "target", "weight"}, {}, binaryCrossEntropy});
  add(table, "aten.binary_cross_entropy_with_logits.default",
      {{"self", "target", "weight", "pos_weight"}, {}, binaryCrossEntropyWithLogits});
  add(table, "aten.hinge_embedding_loss.default",
      {{"self", "target"}, "target", hingeEmbeddingLoss, {"margin"}});
  add(table, "aten.huber_loss.default", {{"self", "target"}, {}, huberLoss, {"delta"}});
  add(table, "aten.kl_div.default", {{"self", "target"}, {}, klDiv});
  add(table, "aten.l1_loss.default", {{"self", "target"}, {}, l1Loss});
  add(table, "aten.margin_ranking_loss.default",
      {{"input1", "input2", "target"}, {}, marginRankingLoss, {"margin"}});
  add(table, "aten.mse_loss.default", {{"self", "target"}, {}, mseLoss});
  add(table, "aten.poisson_nll_loss.default", {{"input", "target"}, {}, poissonNllLoss, {"eps"}});
  add(table, "aten.smooth_l1_loss.default", {{"self", "target"}, {}, smoothL1Loss, {"beta"}});
  add(table, "aten.soft_margin_loss.default", {{"self", "target"}, {}, softMarginLoss});
}

} // namespace pt2onnx::passes
