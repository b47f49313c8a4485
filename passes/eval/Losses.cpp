//===- Losses.cpp - torch's loss functions and pairwise distances ----------===//
//
// The losses torch.export keeps as composite ops, with torch's formulas
// (aten/src/ATen/native/Loss*.cpp): element losses computed in double from
// the broadcast inputs, then reduced as `reduction` says (0 none, 1 mean,
// 2 sum) and rounded once to the result type. torch rounds each step in the
// element type and sums in its own order, so results differ from torch's in
// the last bits: these rules serve whole-program evaluation, never folding.
// Class indices out of range are declined, as torch rejects them.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/Rules.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// The elements of `t` as doubles, broadcast to `shape`.
std::vector<double> valuesOf(const Tensor &t, llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> at = numerics::broadcastIndices(t.getShape(), shape);
  std::vector<double> v(at.size());
  for (size_t i = 0; i != at.size(); ++i)
    v[i] = t.getDouble(at[i]);
  return v;
}

bool isFloat(const Tensor &t) { return getNumericKind(t.getDType()) == NumericKind::Float; }

/// `losses` of `shape` reduced: none keeps them; mean divides the sum by
/// `divisor` (their count when it is not given).
std::optional<EvalResults> reduceLoss(EvalContext &ctx, const std::vector<double> &losses,
                                      llvm::ArrayRef<int64_t> shape,
                                      std::optional<double> divisor = std::nullopt) {
  int64_t reduction = ctx.getInt("reduction", 1);
  DType t = ctx.resultDType();
  if (getNumericKind(t) != NumericKind::Float || reduction < 0 || reduction > 2)
    return ctx.fail();
  if (reduction == 0) {
    std::optional<Tensor> out = ctx.allocate(t, shape);
    if (!out)
      return std::nullopt;
    out->setDoubles(0, losses);
    return single(std::move(out));
  }
  double sum = std::accumulate(losses.begin(), losses.end(), 0.0);
  if (reduction == 1)
    sum /= divisor.value_or(double(losses.size()));
  return single(Tensor::scalarDouble(t, sum));
}

/// Two float inputs broadcast together, and their shape.
struct Pair {
  std::vector<double> a, b;
  Shape shape;
};

std::optional<Pair> floatPair(EvalContext &ctx, llvm::StringRef lhs, llvm::StringRef rhs) {
  const Tensor *a = ctx.tensor(lhs), *b = ctx.tensor(rhs);
  if (!a || !b || !isFloat(*a) || !isFloat(*b))
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({a->getShape(), b->getShape()});
  if (!shape || !ctx.withinLimit(*shape))
    return std::nullopt;
  return Pair{valuesOf(*a, *shape), valuesOf(*b, *shape), *shape};
}

/// An element-wise loss of self and target.
template <typename F>
std::optional<EvalResults> pointwiseLoss(EvalContext &ctx, llvm::StringRef lhs,
                                         llvm::StringRef rhs, F f) {
  std::optional<Pair> p = floatPair(ctx, lhs, rhs);
  if (!p)
    return std::nullopt;
  std::vector<double> losses(p->a.size());
  for (size_t i = 0; i != losses.size(); ++i)
    losses[i] = f(p->a[i], p->b[i]);
  return reduceLoss(ctx, losses, p->shape);
}

std::optional<EvalResults> atenHuberLoss(EvalContext &ctx) {
  double delta = ctx.getFloat("delta", 1.0);
  return pointwiseLoss(ctx, "self", "target", [delta](double x, double y) {
    double z = std::fabs(x - y);
    return z < delta ? 0.5 * z * z : delta * (z - 0.5 * delta);
  });
}

std::optional<EvalResults> atenSmoothL1Loss(EvalContext &ctx) {
  double beta = ctx.getFloat("beta", 1.0);
  return pointwiseLoss(ctx, "self", "target", [beta](double x, double y) {
    double z = std::fabs(x - y);
    return z < beta ? 0.5 * z * z / beta : z - 0.5 * beta;
  });
}

/// kl_div: target * (log target - self), or with log_target
/// exp(target) * (target - self); xlogy makes a zero target contribute 0.
std::optional<EvalResults> atenKlDiv(EvalContext &ctx) {
  bool logTarget = ctx.getInt("log_target", 0) != 0;
  return pointwiseLoss(ctx, "self", "target", [logTarget](double x, double t) {
    if (logTarget)
      return std::exp(t) * (t - x);
    double xlogy = std::isnan(t) ? t : t == 0 ? 0 : t * std::log(t);
    return xlogy - t * x;
  });
}

/// binary_cross_entropy_with_logits: (1 - t) x - w_log log_sigmoid(x),
/// w_log = (pos_weight - 1) t + 1, times weight.
std::optional<EvalResults> atenBinaryCrossEntropyWithLogits(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self"), *t = ctx.tensor("target");
  const Tensor *w = ctx.optionalTensor("weight"), *pw = ctx.optionalTensor("pos_weight");
  if (!x || !t || ctx.hasFailed())
    return ctx.fail();
  llvm::SmallVector<llvm::ArrayRef<int64_t>, 4> shapes = {x->getShape(), t->getShape()};
  if (w)
    shapes.push_back(w->getShape());
  if (pw)
    shapes.push_back(pw->getShape());
  std::optional<Shape> shape = ctx.broadcast(shapes);
  if (!shape || !ctx.withinLimit(*shape))
    return std::nullopt;
  std::vector<double> xs = valuesOf(*x, *shape), ts = valuesOf(*t, *shape);
  std::vector<double> ws = w ? valuesOf(*w, *shape) : std::vector<double>(xs.size(), 1.0);
  std::vector<double> pws = pw ? valuesOf(*pw, *shape) : std::vector<double>(xs.size(), 1.0);
  std::vector<double> losses(xs.size());
  for (size_t i = 0; i != xs.size(); ++i) {
    double logSigmoid = std::min(xs[i], 0.0) - std::log1p(std::exp(-std::fabs(xs[i])));
    double logWeight = (pws[i] - 1) * ts[i] + 1;
    losses[i] = ((1 - ts[i]) * xs[i] - logWeight * logSigmoid) * ws[i];
  }
  return reduceLoss(ctx, losses, *shape);
}

std::optional<EvalResults> atenMarginRankingLoss(EvalContext &ctx) {
  std::optional<Pair> p = floatPair(ctx, "input1", "input2");
  const Tensor *target = ctx.tensor("target");
  if (!p || !target)
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({p->shape, target->getShape()});
  if (!shape || llvm::ArrayRef<int64_t>(*shape) != llvm::ArrayRef<int64_t>(p->shape))
    return ctx.fail();
  std::vector<double> ys = valuesOf(*target, *shape), losses(ys.size());
  double margin = ctx.getFloat("margin", 0);
  for (size_t i = 0; i != ys.size(); ++i)
    losses[i] = std::max(0.0, -ys[i] * (p->a[i] - p->b[i]) + margin);
  return reduceLoss(ctx, losses, *shape);
}

/// Rows of the last dim: `count` rows of `width` elements.
struct Rows {
  std::vector<double> v;
  int64_t count, width;
  double at(int64_t r, int64_t c) const { return v[r * width + c]; }
};

/// Two inputs broadcast together, seen as rows of their last dim; the shape
/// of one result per row.
std::optional<std::pair<Rows, Rows>> rowPair(EvalContext &ctx, const Tensor &a, const Tensor &b,
                                             Shape &rowShape) {
  if (!isFloat(a) || !isFloat(b) || a.getRank() == 0 || b.getRank() == 0)
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({a.getShape(), b.getShape()});
  if (!shape || !ctx.withinLimit(*shape))
    return std::nullopt;
  int64_t width = shape->back();
  rowShape.assign(shape->begin(), shape->end() - 1);
  int64_t count = getNumElements(rowShape);
  return std::make_pair(Rows{valuesOf(a, *shape), count, width},
                        Rows{valuesOf(b, *shape), count, width});
}

/// cosine_embedding_loss: 1 - cos for target 1, max(0, cos - margin) for
/// target -1, 0 otherwise; the squared norms get 1e-12 each.
std::optional<EvalResults> atenCosineEmbeddingLoss(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("input1"), *b = ctx.tensor("input2"), *t = ctx.tensor("target");
  if (!a || !b || !t)
    return ctx.fail();
  Shape rowShape;
  std::optional<std::pair<Rows, Rows>> rows = rowPair(ctx, *a, *b, rowShape);
  if (!rows)
    return std::nullopt;
  std::optional<Shape> shape = ctx.broadcast({rowShape, t->getShape()});
  if (!shape || llvm::ArrayRef<int64_t>(*shape) != llvm::ArrayRef<int64_t>(rowShape))
    return ctx.fail();
  std::vector<double> ys = valuesOf(*t, rowShape);
  double margin = ctx.getFloat("margin", 0);
  auto &[x1, x2] = *rows;
  std::vector<double> losses(x1.count);
  for (int64_t r = 0; r != x1.count; ++r) {
    double dot = 0, n1 = 1e-12, n2 = 1e-12;
    for (int64_t c = 0; c != x1.width; ++c) {
      dot += x1.at(r, c) * x2.at(r, c);
      n1 += x1.at(r, c) * x1.at(r, c);
      n2 += x2.at(r, c) * x2.at(r, c);
    }
    double cos = dot / std::sqrt(n1 * n2);
    losses[r] = ys[r] == 1 ? 1 - cos : ys[r] == -1 ? std::max(0.0, cos - margin) : 0;
  }
  return reduceLoss(ctx, losses, rowShape);
}

/// The p-norm of `v` (p > 0, or infinity).
double pNorm(llvm::ArrayRef<double> v, double p) {
  double acc = 0;
  for (double x : v) {
    if (std::isinf(p))
      acc = std::max(acc, std::fabs(x));
    else if (p == 1)
      acc += std::fabs(x);
    else if (p == 2)
      acc += x * x;
    else
      acc += std::pow(std::fabs(x), p);
  }
  return std::isinf(p) || p == 1 ? acc : p == 2 ? std::sqrt(acc) : std::pow(acc, 1 / p);
}

/// pairwise_distance: the p-norm of x1 - x2 + eps over the last dim, the
/// difference rounded as torch's element type rounds it.
std::optional<std::vector<double>> pairwiseDistance(EvalContext &ctx, const Tensor &a,
                                                    const Tensor &b, double p, double eps,
                                                    Shape &rowShape) {
  std::optional<std::pair<Rows, Rows>> rows = rowPair(ctx, a, b, rowShape);
  if (!rows || !(p > 0))
    return ctx.fail();
  DType t = a.getDType();
  auto &[x1, x2] = *rows;
  std::vector<double> out(x1.count), diff(x1.width);
  for (int64_t r = 0; r != x1.count; ++r) {
    for (int64_t c = 0; c != x1.width; ++c)
      diff[c] = roundTo(t, roundTo(t, x1.at(r, c) - x2.at(r, c)) + eps);
    out[r] = pNorm(diff, p);
  }
  return out;
}

std::optional<EvalResults> atenTripletMarginLoss(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("anchor"), *pos = ctx.tensor("positive"),
               *neg = ctx.tensor("negative");
  if (!a || !pos || !neg)
    return ctx.fail();
  double margin = ctx.getFloat("margin", 1), p = ctx.getFloat("p", 2),
         eps = ctx.getFloat("eps", 1e-6);
  Shape shapePos, shapeNeg, shapeSwap;
  std::optional<std::vector<double>> dPos = pairwiseDistance(ctx, *a, *pos, p, eps, shapePos),
                                     dNeg = pairwiseDistance(ctx, *a, *neg, p, eps, shapeNeg);
  if (!dPos || !dNeg || shapePos != shapeNeg)
    return ctx.fail();
  if (ctx.getInt("swap", 0) != 0) {
    std::optional<std::vector<double>> dSwap =
        pairwiseDistance(ctx, *pos, *neg, p, eps, shapeSwap);
    if (!dSwap || shapeSwap != shapeNeg)
      return ctx.fail();
    for (size_t i = 0; i != dNeg->size(); ++i)
      (*dNeg)[i] = std::min((*dNeg)[i], (*dSwap)[i]);
  }
  std::vector<double> losses(dPos->size());
  for (size_t i = 0; i != losses.size(); ++i)
    losses[i] = std::max(0.0, margin + (*dPos)[i] - (*dNeg)[i]);
  return reduceLoss(ctx, losses, shapePos);
}

/// cdist: the p-norm distances between the rows of x1 [..., P, M] and x2
/// [..., R, M], batch dims broadcast; exact, where torch may use a matrix
/// product for p = 2.
std::optional<EvalResults> atenCdist(EvalContext &ctx) {
  const Tensor *x1 = ctx.tensor("x1"), *x2 = ctx.tensor("x2");
  double p = ctx.getFloat("p", 2);
  if (!x1 || !x2 || !isFloat(*x1) || x1->getRank() < 2 || x2->getRank() < 2 || !(p >= 0) ||
      x1->getShape().back() != x2->getShape().back() || x1->getDType() != x2->getDType())
    return ctx.fail();
  int64_t m = x1->getShape().back(), rows1 = x1->getShape().end()[-2],
          rows2 = x2->getShape().end()[-2];
  std::optional<Shape> batch =
      ctx.broadcast({x1->getShape().drop_back(2), x2->getShape().drop_back(2)});
  if (!batch)
    return std::nullopt;
  Shape full1(*batch), full2(*batch), shape(*batch);
  full1.append({rows1, m});
  full2.append({rows2, m});
  shape.append({rows1, rows2});
  std::optional<Tensor> out = ctx.allocate(x1->getDType(), shape);
  if (!out)
    return std::nullopt;
  std::vector<double> a = valuesOf(*x1, full1), b = valuesOf(*x2, full2), diff(m);
  int64_t o = 0;
  for (int64_t n = 0, e = getNumElements(*batch); n != e; ++n)
    for (int64_t i = 0; i != rows1; ++i)
      for (int64_t j = 0; j != rows2; ++j) {
        for (int64_t k = 0; k != m; ++k)
          diff[k] = a[(n * rows1 + i) * m + k] - b[(n * rows2 + j) * m + k];
        double d = p == 0 ? double(llvm::count_if(diff, [](double v) { return v != 0; }))
                          : pNorm(diff, p);
        out->setDouble(o++, d);
      }
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// Class losses: the class dim is 1 (0 for a 1-D input).
//===----------------------------------------------------------------------===//

/// An input of [N, C, d...] (or [C]) as N * d... samples of C scores.
struct Classes {
  std::vector<double> v;
  int64_t n, c, inner; // samples n * inner; score k of sample s at ...
  double at(int64_t s, int64_t k) const { return v[((s / inner) * c + k) * inner + s % inner]; }
  int64_t samples() const { return n * inner; }
};

std::optional<Classes> classesOf(EvalContext &ctx, const Tensor &t) {
  if (!isFloat(t) || t.getRank() == 0)
    return ctx.fail();
  bool batched = t.getRank() > 1;
  Classes c{valuesOf(t, t.getShape()), batched ? t.getShape()[0] : 1,
            t.getShape()[batched ? 1 : 0],
            batched ? getNumElements(t.getShape().drop_front(2)) : 1};
  return c;
}

/// log_softmax over the classes of each sample, in double.
Classes logSoftmax(const Classes &x) {
  Classes out = x;
  for (int64_t s = 0; s != x.samples(); ++s) {
    double top = -std::numeric_limits<double>::infinity();
    for (int64_t k = 0; k != x.c; ++k)
      top = std::max(top, x.at(s, k));
    double sum = 0;
    for (int64_t k = 0; k != x.c; ++k)
      sum += std::exp(x.at(s, k) - top);
    double logSum = top + std::log(sum);
    for (int64_t k = 0; k != x.c; ++k)
      out.v[((s / x.inner) * x.c + k) * x.inner + s % x.inner] = x.at(s, k) - logSum;
  }
  return out;
}

/// The class index of each sample: nullopt (a failure) when one is out of
/// range and not `ignore`.
std::optional<Shape> classTargets(EvalContext &ctx, const Tensor &target, const Classes &x,
                                  int64_t ignore) {
  if (getNumericKind(target.getDType()) != NumericKind::Integer ||
      target.getNumElements() != x.samples())
    return ctx.fail();
  Shape t;
  for (int64_t s = 0; s != x.samples(); ++s) {
    int64_t k = target.getInt(s);
    if (k != ignore && (k < 0 || k >= x.c))
      return ctx.fail();
    t.push_back(k);
  }
  return t;
}

/// The class weights (all 1 without a weight).
std::optional<std::vector<double>> classWeights(EvalContext &ctx, const Tensor *w, int64_t c) {
  if (!w)
    return std::vector<double>(c, 1.0);
  if (!isFloat(*w) || w->getNumElements() != c)
    return ctx.fail();
  return valuesOf(*w, w->getShape());
}

/// nll_loss over log-probabilities `logp`: -weight[t] * logp[t] per sample
/// (0 where ignored); mean divides by the weights of the samples counted.
std::pair<std::vector<double>, double> nllLoss(const Classes &logp,
                                               llvm::ArrayRef<int64_t> targets,
                                               llvm::ArrayRef<double> weights, int64_t ignore) {
  std::vector<double> losses(logp.samples(), 0);
  double total = 0;
  for (int64_t s = 0; s != logp.samples(); ++s) {
    if (targets[s] == ignore)
      continue;
    losses[s] = -weights[targets[s]] * logp.at(s, targets[s]);
    total += weights[targets[s]];
  }
  return std::make_pair(std::move(losses), total);
}

std::optional<EvalResults> atenNllLossNd(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *target = ctx.tensor("target");
  const Tensor *weight = ctx.optionalTensor("weight");
  if (!self || !target || ctx.hasFailed())
    return ctx.fail();
  std::optional<Classes> logp = classesOf(ctx, *self);
  int64_t ignore = ctx.getInt("ignore_index", -100);
  if (!logp)
    return std::nullopt;
  std::optional<Shape> targets = classTargets(ctx, *target, *logp, ignore);
  std::optional<std::vector<double>> weights = classWeights(ctx, weight, logp->c);
  if (!targets || !weights)
    return std::nullopt;
  auto [losses, total] = nllLoss(*logp, *targets, *weights, ignore);
  return reduceLoss(ctx, losses, target->getShape(), total);
}

/// cross_entropy_loss over class indices (nll of log_softmax, with label
/// smoothing mixing in the mean of -logp over the classes) or class
/// probabilities (the target's cross entropy).
std::optional<EvalResults> atenCrossEntropyLoss(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *target = ctx.tensor("target");
  const Tensor *weight = ctx.optionalTensor("weight");
  if (!self || !target || ctx.hasFailed())
    return ctx.fail();
  std::optional<Classes> x = classesOf(ctx, *self);
  if (!x)
    return std::nullopt;
  Classes logp = logSoftmax(*x);
  std::optional<std::vector<double>> weights = classWeights(ctx, weight, x->c);
  double smoothing = ctx.getFloat("label_smoothing", 0);
  int64_t reduction = ctx.getInt("reduction", 1);
  if (!weights)
    return std::nullopt;
  double c = double(x->c);
  if (isFloat(*target)) { // class probabilities
    if (target->getShape() != self->getShape())
      return ctx.fail();
    std::optional<Classes> probs = classesOf(ctx, *target);
    std::vector<double> losses(x->samples(), 0);
    for (int64_t s = 0; s != x->samples(); ++s)
      for (int64_t k = 0; k != x->c; ++k) {
        double p = probs->at(s, k) * (1 - smoothing) + smoothing / c;
        losses[s] -= logp.at(s, k) * p * (*weights)[k];
      }
    Shape shape(self->getShape().begin(), self->getShape().end());
    shape.erase(shape.begin() + (self->getRank() > 1 ? 1 : 0));
    return reduceLoss(ctx, losses, shape, double(x->samples()));
  }
  int64_t ignore = ctx.getInt("ignore_index", -100);
  std::optional<Shape> targets = classTargets(ctx, *target, *x, ignore);
  if (!targets)
    return std::nullopt;
  auto [nll, total] = nllLoss(logp, *targets, *weights, ignore);
  if (smoothing == 0)
    return reduceLoss(ctx, nll, target->getShape(), total);
  // smooth = -sum_k weight[k] logp[k] per sample, 0 where ignored; its mean
  // divides by the weights (or the count) of the samples counted.
  std::vector<double> smooth(x->samples(), 0);
  double counted = 0;
  for (int64_t s = 0; s != x->samples(); ++s) {
    if ((*targets)[s] == ignore)
      continue;
    for (int64_t k = 0; k != x->c; ++k)
      smooth[s] -= (*weights)[k] * logp.at(s, k);
    counted += weight ? (*weights)[(*targets)[s]] : 1;
  }
  std::vector<double> losses(x->samples());
  if (reduction == 0) {
    for (int64_t s = 0; s != x->samples(); ++s)
      losses[s] = (1 - smoothing) * nll[s] + smooth[s] * (smoothing / c);
    return reduceLoss(ctx, losses, target->getShape());
  }
  double nllSum = std::accumulate(nll.begin(), nll.end(), 0.0);
  double smoothSum = std::accumulate(smooth.begin(), smooth.end(), 0.0);
  if (reduction == 1) {
    nllSum /= total;
    smoothSum /= counted;
  }
  double loss = (1 - smoothing) * nllSum + smoothSum * (smoothing / c);
  return reduceLoss(ctx, {loss}, {}, 1.0);
}

/// multi_margin_loss: sum over classes j != y of weight[y] max(0, margin -
/// x[y] + x[j])^p, over the class count.
std::optional<EvalResults> atenMultiMarginLoss(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *target = ctx.tensor("target");
  const Tensor *weight = ctx.optionalTensor("weight");
  if (!self || !target || ctx.hasFailed() || self->getRank() > 2)
    return ctx.fail();
  std::optional<Classes> x = classesOf(ctx, *self);
  std::optional<ScalarOrTensor> pv = ctx.scalarOrTensor("p"),
                                marginv = ctx.scalarOrTensor("margin");
  if (!x)
    return std::nullopt;
  double p = pv ? pv->value.getDouble(0) : 1, margin = marginv ? marginv->value.getDouble(0) : 1;
  std::optional<Shape> targets = classTargets(ctx, *target, *x, -1);
  std::optional<std::vector<double>> weights = classWeights(ctx, weight, x->c);
  if (!targets || !weights || (p != 1 && p != 2) ||
      llvm::is_contained(*targets, int64_t(-1)))
    return ctx.fail();
  std::vector<double> losses(x->samples(), 0);
  for (int64_t s = 0; s != x->samples(); ++s) {
    int64_t y = (*targets)[s];
    for (int64_t j = 0; j != x->c; ++j) {
      double z = margin - x->at(s, y) + x->at(s, j);
      if (j != y && z > 0)
        losses[s] += (p == 1 ? z : z * z) * (*weights)[y];
    }
    losses[s] /= double(x->c);
  }
  return reduceLoss(ctx, losses, target->getShape());
}

/// multilabel_margin_loss: the target lists class indices up to the first
/// -1; sum over listed j and unlisted k of max(0, 1 - (x[j] - x[k])), over
/// the class count.
std::optional<EvalResults> atenMultilabelMarginLoss(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *target = ctx.tensor("target");
  if (!self || !target || self->getRank() > 2 || target->getShape() != self->getShape() ||
      getNumericKind(target->getDType()) != NumericKind::Integer)
    return ctx.fail();
  std::optional<Classes> x = classesOf(ctx, *self);
  if (!x)
    return std::nullopt;
  std::vector<double> losses(x->samples(), 0);
  for (int64_t s = 0; s != x->samples(); ++s) {
    Shape listed;
    std::vector<bool> isTarget(x->c, false);
    for (int64_t j = 0; j != x->c; ++j) {
      int64_t k = target->getInt(s * x->c + j);
      if (k == -1)
        break;
      if (k < 0 || k >= x->c)
        return ctx.fail();
      listed.push_back(k);
      isTarget[k] = true;
    }
    for (int64_t j : listed)
      for (int64_t k = 0; k != x->c; ++k)
        if (!isTarget[k])
          losses[s] += std::max(0.0, 1 - (x->at(s, j) - x->at(s, k)));
    losses[s] /= double(x->c);
  }
  Shape shape(self->getShape().take_front(self->getRank() - 1));
  return reduceLoss(ctx, losses, shape);
}

} // namespace

void registerLossRules(EvalRegistry &r) {
  r.addUnfoldable("aten.binary_cross_entropy_with_logits.default",
                  atenBinaryCrossEntropyWithLogits);
  r.addUnfoldable("aten.cdist.default", atenCdist);
  r.addUnfoldable("aten.cosine_embedding_loss.default", atenCosineEmbeddingLoss);
  r.addUnfoldable("aten.cross_entropy_loss.default", atenCrossEntropyLoss);
  r.addUnfoldable("aten.huber_loss.default", atenHuberLoss);
  r.addUnfoldable("aten.kl_div.default", atenKlDiv);
  r.addUnfoldable("aten.margin_ranking_loss.default", atenMarginRankingLoss);
  r.addUnfoldable("aten.multi_margin_loss.default", atenMultiMarginLoss);
  r.addUnfoldable("aten.multilabel_margin_loss.default", atenMultilabelMarginLoss);
  r.addUnfoldable("aten.nll_loss_nd.default", atenNllLossNd);
  r.addUnfoldable("aten.smooth_l1_loss.default", atenSmoothL1Loss);
  r.addUnfoldable("aten.triplet_margin_loss.default", atenTripletMarginLoss);
}

} // namespace pt2onnx::passes::eval
