//===- Softmax.cpp - Softmax, log-softmax and log-sum-exp ------------------===//
//
// Computed as the runtimes do, shifted by the maximum: softmax of a row of
// -inf (or holding +inf) is NaN in torch and onnxruntime alike, and
// _safe_softmax gives 0 for a row that is all -inf. logsumexp shifts by the
// maximum unless it is infinite, as torch does: a row of -inf gives -inf.
// The input is converted to the result type first (the `dtype` argument),
// then computed in double and rounded once; the runtimes' exp differs in
// the last bits, so the rules are unfoldable.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/NN.h"

#include <cmath>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

enum class Kind { Softmax, SafeSoftmax, LogSoftmax };

/// (log-)softmax of `x` along `axis`, into `out`.
std::optional<Tensor> softmax(EvalContext &ctx, const Tensor &x, int64_t axis, Kind kind,
                              DType out) {
  std::optional<int64_t> a = normalizeAxis(axis, std::max<int64_t>(1, x.getRank()));
  if (!a)
    return ctx.fail();
  std::optional<Tensor> input = castTo(x, out);
  if (!input)
    return ctx.fail();
  std::optional<std::vector<double>> v = floatsOf(ctx, *input);
  if (!v)
    return std::nullopt;
  int64_t size = x.getRank() ? x.getShape()[*a] : 1;
  int64_t outer = getNumElements(x.getShape().take_front(*a)),
          inner = x.getRank() ? getNumElements(x.getShape().drop_front(*a + 1)) : 1;
  for (int64_t o = 0; o != outer; ++o)
    for (int64_t i = 0; i != inner; ++i) {
      double *row = &(*v)[o * size * inner + i];
      double max = -std::numeric_limits<double>::infinity(), sum = 0;
      for (int64_t k = 0; k != size; ++k)
        max = std::isnan(row[k * inner]) ? row[k * inner] : std::max(max, row[k * inner]);
      bool allMasked = max == -std::numeric_limits<double>::infinity();
      for (int64_t k = 0; k != size; ++k)
        sum += std::exp(row[k * inner] - max);
      for (int64_t k = 0; k != size; ++k) {
        double &e = row[k * inner];
        if (kind == Kind::SafeSoftmax && allMasked)
          e = 0;
        else if (kind == Kind::LogSoftmax)
          e = e - max - std::log(sum);
        else
          e = std::exp(e - max) / sum;
      }
    }
  return tensorOfFloats(ctx, out, x.getShape(), *v);
}

template <Kind kind> std::optional<EvalResults> atenSoftmax(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  if (!x)
    return std::nullopt;
  return single(softmax(ctx, *x, ctx.getInt("dim", -1), kind, ctx.resultDType()));
}

template <Kind kind> std::optional<EvalResults> onnxSoftmax(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x)
    return ctx.fail();
  return single(softmax(ctx, *x, ctx.getInt("axis", -1), kind, ctx.resultDType()));
}

/// log(sum(exp(x))) over `axes` (empty: all).
std::optional<Tensor> logSumExp(EvalContext &ctx, const Tensor &x, llvm::ArrayRef<int64_t> axes,
                                bool keepdims, DType out) {
  int64_t rank = x.getRank();
  llvm::SmallVector<bool, 8> reduced(rank, axes.empty());
  for (int64_t axis : axes) {
    std::optional<int64_t> a = normalizeAxis(axis, std::max<int64_t>(rank, 1));
    if (!a)
      return ctx.fail();
    if (rank)
      reduced[*a] = true;
  }
  Shape shape, outStrides(rank, 0);
  for (int64_t d = 0; d != rank; ++d)
    if (!reduced[d] || keepdims)
      shape.push_back(reduced[d] ? 1 : x.getShape()[d]);
  int64_t stride = 1;
  for (int64_t d = rank; d-- > 0;)
    if (!reduced[d]) {
      outStrides[d] = stride;
      stride *= x.getShape()[d];
    }
  std::optional<Tensor> input = castTo(x, out);
  if (!input || !ctx.withinLimit(shape))
    return ctx.fail();
  std::optional<std::vector<double>> v = floatsOf(ctx, *input);
  if (!v)
    return std::nullopt;
  // The output element of each input element.
  std::vector<int64_t> group(v->size());
  Shape counter(rank, 0);
  for (size_t i = 0; i != v->size(); ++i) {
    int64_t o = 0;
    for (int64_t d = 0; d != rank; ++d)
      o += counter[d] * outStrides[d];
    group[i] = o;
    for (int64_t d = rank; d-- > 0;) {
      if (++counter[d] < x.getShape()[d])
        break;
      counter[d] = 0;
    }
  }
  int64_t n = getNumElements(shape);
  std::vector<double> max(n, -std::numeric_limits<double>::infinity()), sum(n, 0.0);
  for (size_t i = 0; i != v->size(); ++i)
    max[group[i]] = std::isnan((*v)[i]) ? (*v)[i] : std::max(max[group[i]], (*v)[i]);
  for (double &m : max)
    if (std::isinf(m))
      m = 0;
  for (size_t i = 0; i != v->size(); ++i)
    sum[group[i]] += std::exp((*v)[i] - max[group[i]]);
  for (int64_t o = 0; o != n; ++o)
    sum[o] = std::log(sum[o]) + max[o];
  return tensorOfFloats(ctx, out, shape, sum);
}

std::optional<EvalResults> atenLogSumExp(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  if (!x)
    return std::nullopt;
  Shape dims = ctx.getIntList("dim");
  return single(logSumExp(ctx, *x, dims, ctx.getInt("keepdim", 0) != 0, ctx.resultDType()));
}

/// ReduceLogSumExp: axes from the second input (or the attribute before
/// opset 18); none reduces all, or nothing with noop_with_empty_axes.
std::optional<EvalResults> onnxReduceLogSumExp(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x)
    return ctx.fail();
  Shape axes;
  if (!ctx.isNone(1)) {
    const Tensor *a = ctx.operand(1);
    if (!a || getNumericKind(a->getDType()) != NumericKind::Integer)
      return ctx.fail();
    for (int64_t i = 0, n = a->getNumElements(); i != n; ++i)
      axes.push_back(a->getInt(i));
  } else {
    axes = ctx.getIntList("axes");
  }
  bool keepdims = ctx.getInt("keepdims", 1) != 0;
  if (axes.empty() && ctx.getInt("noop_with_empty_axes", 0) != 0) {
    std::optional<Tensor> y = castTo(*x, ctx.resultDType());
    if (!y)
      return ctx.fail();
    return single(std::move(y));
  }
  return single(logSumExp(ctx, *x, axes, keepdims, ctx.resultDType()));
}

} // namespace

void registerSoftmaxRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.LogSoftmax", onnxSoftmax<Kind::LogSoftmax>);
  r.addUnfoldable("onnx.ReduceLogSumExp", onnxReduceLogSumExp);
  r.addUnfoldable("onnx.Softmax", onnxSoftmax<Kind::Softmax>);

  r.addUnfoldable("aten._log_softmax.default", atenSoftmax<Kind::LogSoftmax>);
  r.addUnfoldable("aten._safe_softmax.default", atenSoftmax<Kind::SafeSoftmax>);
  r.addUnfoldable("aten._softmax.default", atenSoftmax<Kind::Softmax>);
  r.addUnfoldable("aten.log_softmax.int", atenSoftmax<Kind::LogSoftmax>);
  r.addUnfoldable("aten.logsumexp.default", atenLogSumExp);
  r.addUnfoldable("aten.softmax.int", atenSoftmax<Kind::Softmax>);
  r.addUnfoldable("aten.special_softmax.default", atenSoftmax<Kind::Softmax>);
}

} // namespace pt2onnx::passes::eval
