//===- Sorting.cpp - Arg-extrema, sorts, top-k, scans, histograms ----------===//
//
// Every rule works along one axis: the tensor is seen as outer x n x inner,
// and each of the outer * inner lines of n elements is ordered, searched or
// scanned. torch orders NaN above every number (argmax, max.dim, sort and
// topk find it first, argmin finds it too); onnxruntime's ArgMax, ArgMin and
// TopK of NaN depend on its vector code, so ONNX rules decline NaN. Ties keep
// the lower index (torch's sort is stable on the CPU; onnxruntime's TopK
// breaks ties by index), except where an attribute asks for the last one,
// in torch's topk, whose selection algorithm orders them (it is run as torch
// runs it), and in torch's unstable sort (declined).
//
// Scans accumulate as the kernels do: torch's cumsum and cumprod in double
// for float32 and float64 and in float32 for float16 and bfloat16, rounding
// each output once; onnxruntime's CumSum in the element type, rounding each
// partial sum.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// A tensor seen along one axis.
struct Lines {
  int64_t outer, n, inner;
  int64_t at(int64_t line, int64_t i) const {
    return ((line / inner) * n + i) * inner + line % inner;
  }
  int64_t count() const { return outer * inner; }
};

Lines linesOf(llvm::ArrayRef<int64_t> shape, int64_t axis) {
  if (shape.empty()) // a rank-0 tensor is one line of one element
    return {1, 1, 1};
  return {getNumElements(shape.take_front(axis)), shape[axis],
          getNumElements(shape.drop_front(axis + 1))};
}

/// The dim `axis` of `shape` kept as 1 or dropped.
Shape reducedShape(llvm::ArrayRef<int64_t> shape, int64_t axis, bool keepdim) {
  Shape out(shape.begin(), shape.end());
  if (keepdim)
    out[axis] = 1;
  else
    out.erase(out.begin() + axis);
  return out;
}

bool isNaN(const Tensor &t, int64_t i) {
  return getNumericKind(t.getDType()) == NumericKind::Float && std::isnan(t.getDouble(i));
}

/// Whether element `a` of `t` comes before element `b` when ordering
/// `descending` or not, NaN above every number.
bool ordered(const Tensor &t, int64_t a, int64_t b, bool descending) {
  bool nanA = isNaN(t, a), nanB = isNaN(t, b);
  if (nanA || nanB)
    return descending ? nanA && !nanB : nanB && !nanA;
  if (getNumericKind(t.getDType()) == NumericKind::Float)
    return descending ? t.getDouble(a) > t.getDouble(b) : t.getDouble(a) < t.getDouble(b);
  return descending ? t.getInt(a) > t.getInt(b) : t.getInt(a) < t.getInt(b);
}

bool computable(const Tensor &t) { return getNumericKind(t.getDType()) != NumericKind::Unsupported; }

bool hasNaN(const Tensor &t) {
  for (int64_t i = 0, n = t.getNumElements(); i != n; ++i)
    if (isNaN(t, i))
      return true;
  return false;
}

/// The index of the maximum (or minimum) of each line: the first NaN, else
/// the first (or with `last`, the last) of equal extrema.
std::vector<int64_t> argExtreme(const Tensor &t, const Lines &lines, bool max, bool last) {
  bool isFloat = getNumericKind(t.getDType()) == NumericKind::Float;
  std::vector<int64_t> best(lines.count(), 0);
  for (int64_t l = 0; l != lines.count(); ++l) {
    int64_t b = 0;
    if (isNaN(t, lines.at(l, 0)))
      continue;
    for (int64_t i = 1; i < lines.n; ++i) {
      int64_t cur = lines.at(l, i), top = lines.at(l, b);
      if (isNaN(t, cur)) {
        b = i;
        break;
      }
      int cmp = isFloat ? (t.getDouble(cur) > t.getDouble(top)) - (t.getDouble(cur) < t.getDouble(top))
                        : (t.getInt(cur) > t.getInt(top)) - (t.getInt(cur) < t.getInt(top));
      if ((max ? cmp > 0 : cmp < 0) || (last && cmp == 0))
        b = i;
    }
    best[l] = b;
  }
  return best;
}

/// The index of every line sorted stably (`descending` or not).
std::vector<int64_t> sortedLine(const Tensor &t, const Lines &lines, int64_t l, bool descending) {
  std::vector<int64_t> order(lines.n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return ordered(t, lines.at(l, a), lines.at(l, b), descending);
  });
  return order;
}

/// The first `k` of each line sorted: values and int64 indices, the axis of
/// `k` elements.
std::optional<EvalResults> sortAlong(EvalContext &ctx, const Tensor &t, int64_t axis, int64_t k,
                                     bool descending) {
  if (t.getRank() == 0) {
    std::optional<EvalResults> r = sortAlong(ctx, t.reshaped({1}), 0, k, descending);
    if (r)
      for (Tensor &x : *r)
        x = x.reshaped({});
    return r;
  }
  Lines lines = linesOf(t.getShape(), axis);
  if (k < 0 || k > lines.n)
    return ctx.fail();
  Shape shape(t.getShape().begin(), t.getShape().end());
  shape[axis] = k;
  std::optional<Tensor> values = ctx.allocate(t.getDType(), shape),
                        indices = ctx.allocate(DType::Int64, shape);
  if (!values || !indices)
    return std::nullopt;
  Lines outLines = linesOf(shape, axis);
  for (int64_t l = 0; l != lines.count(); ++l) {
    std::vector<int64_t> order = sortedLine(t, lines, l, descending);
    for (int64_t i = 0; i != k; ++i) {
      values->copyElements(outLines.at(l, i), t, lines.at(l, order[i]));
      indices->setInt(outLines.at(l, i), order[i]);
    }
  }
  return EvalResults{std::move(*values), std::move(*indices)};
}

//===----------------------------------------------------------------------===//
// ATen
//===----------------------------------------------------------------------===//

/// argmax, argmin: over `dim`, or over all elements (kept as 1s with
/// keepdim) without it.
template <bool max> std::optional<EvalResults> atenArgExtreme(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !computable(*self) || self->getNumElements() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = ctx.getOptionalInt("dim");
  bool keepdim = ctx.getInt("keepdim", 0) != 0;
  Tensor t = *self;
  Shape shape;
  int64_t axis = 0;
  if (dim) {
    std::optional<int64_t> a = normalizeAxis(*dim, std::max<int64_t>(self->getRank(), 1));
    if (!a)
      return ctx.fail();
    axis = *a;
    if (self->getRank() == 0)
      t = self->reshaped({1});
    else
      shape = reducedShape(self->getShape(), axis, keepdim);
  } else {
    t = self->reshaped({self->getNumElements()});
    if (keepdim)
      shape.assign(self->getRank(), 1);
  }
  std::vector<int64_t> best = argExtreme(t, linesOf(t.getShape(), axis), max, false);
  std::optional<Tensor> out = ctx.allocate(DType::Int64, shape);
  if (!out)
    return std::nullopt;
  for (auto [i, b] : llvm::enumerate(best))
    out->setInt(int64_t(i), b);
  return single(std::move(out));
}

/// max.dim, min.dim: the extrema and their indices.
template <bool max> std::optional<EvalResults> atenExtremeDim(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !computable(*self) || self->getNumElements() == 0)
    return ctx.fail();
  std::optional<int64_t> axis =
      normalizeAxis(ctx.getInt("dim", 0), std::max<int64_t>(self->getRank(), 1));
  if (!axis)
    return ctx.fail();
  Tensor t = self->getRank() ? *self : self->reshaped({1});
  bool keepdim = ctx.getInt("keepdim", 0) != 0;
  Shape shape = self->getRank() ? reducedShape(t.getShape(), *axis, keepdim) : Shape();
  Lines lines = linesOf(t.getShape(), *axis);
  std::vector<int64_t> best = argExtreme(t, lines, max, false);
  std::optional<Tensor> values = ctx.allocate(t.getDType(), shape),
                        indices = ctx.allocate(DType::Int64, shape);
  if (!values || !indices)
    return std::nullopt;
  for (auto [l, b] : llvm::enumerate(best)) {
    values->copyElements(int64_t(l), t, lines.at(int64_t(l), b));
    indices->setInt(int64_t(l), b);
  }
  return EvalResults{std::move(*values), std::move(*indices)};
}

/// sort, sort.stable: NaN last (first when descending). An unstable sort
/// orders equal elements as the CPU's sorting network leaves them: lines with
/// equal elements are declined unless the sort is stable.
std::optional<EvalResults> atenSort(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !computable(*self))
    return ctx.fail();
  std::optional<int64_t> axis =
      normalizeAxis(ctx.getInt("dim", -1), std::max<int64_t>(self->getRank(), 1));
  if (!axis)
    return ctx.fail();
  bool descending = ctx.getInt("descending", 0) != 0;
  if (ctx.getInt("stable", 0) == 0) {
    Lines lines = linesOf(self->getShape(), *axis);
    for (int64_t l = 0; l != lines.count(); ++l) {
      std::vector<int64_t> order = sortedLine(*self, lines, l, descending);
      for (int64_t i = 1; i < lines.n; ++i)
        if (!ordered(*self, lines.at(l, order[i - 1]), lines.at(l, order[i]), descending))
          return ctx.fail();
    }
  }
  int64_t n = self->getRank() ? self->getShape()[*axis] : 1;
  return sortAlong(ctx, *self, *axis, n, descending);
}

/// The first k of `order` (indices of a line) as torch's CPU topk leaves
/// them: its selection algorithm decides the order of ties, so it is run as
/// torch runs it (a partial sort when k is small against the line, else a
/// selection and a sort of the first k - 1), on (value, index) pairs.
template <typename V>
void torchTopK(std::vector<std::pair<V, int64_t>> &queue, int64_t k, bool largest,
               bool isFloat) {
  auto nan = [&](V v) { return isFloat && std::isnan(double(v)); };
  auto before = [&](const std::pair<V, int64_t> &x, const std::pair<V, int64_t> &y) {
    if (largest)
      return (nan(x.first) && !nan(y.first)) || x.first > y.first;
    return (!nan(x.first) && nan(y.first)) || x.first < y.first;
  };
  if (k * 64 <= int64_t(queue.size())) {
    std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), before);
    return;
  }
  std::nth_element(queue.begin(), queue.begin() + k - 1, queue.end(), before);
  std::sort(queue.begin(), queue.begin() + k - 1, before);
}

/// topk: the k largest (smallest), NaN largest, ties as torch orders them.
/// Unsorted results come in an order torch leaves open: declined.
std::optional<EvalResults> atenTopK(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !computable(*self) || ctx.getInt("sorted", 1) == 0)
    return ctx.fail();
  Tensor t = self->getRank() ? *self : self->reshaped({1});
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("dim", -1), int64_t(t.getRank()));
  int64_t k = ctx.getInt("k", -1);
  bool largest = ctx.getInt("largest", 1) != 0;
  if (!axis || k < 0 || k > t.getShape()[*axis])
    return ctx.fail();
  Shape shape(t.getShape().begin(), t.getShape().end());
  shape[*axis] = k;
  std::optional<Tensor> values = ctx.allocate(t.getDType(), shape),
                        indices = ctx.allocate(DType::Int64, shape);
  if (!values || !indices)
    return std::nullopt;
  Lines lines = linesOf(t.getShape(), *axis), outLines = linesOf(shape, *axis);
  bool isFloat = getNumericKind(t.getDType()) == NumericKind::Float;
  for (int64_t l = 0; l != lines.count() && k != 0; ++l) {
    std::vector<int64_t> picked(k);
    if (isFloat) {
      std::vector<std::pair<double, int64_t>> queue;
      for (int64_t i = 0; i != lines.n; ++i)
        queue.push_back({t.getDouble(lines.at(l, i)), i});
      torchTopK(queue, k, largest, true);
      for (int64_t i = 0; i != k; ++i)
        picked[i] = queue[i].second;
    } else {
      std::vector<std::pair<int64_t, int64_t>> queue;
      for (int64_t i = 0; i != lines.n; ++i)
        queue.push_back({t.getInt(lines.at(l, i)), i});
      torchTopK(queue, k, largest, false);
      for (int64_t i = 0; i != k; ++i)
        picked[i] = queue[i].second;
    }
    for (int64_t i = 0; i != k; ++i) {
      values->copyElements(outLines.at(l, i), t, lines.at(l, picked[i]));
      indices->setInt(outLines.at(l, i), picked[i]);
    }
  }
  if (self->getRank() == 0)
    return EvalResults{values->reshaped({}), indices->reshaped({})};
  return EvalResults{std::move(*values), std::move(*indices)};
}

/// cumsum, cumprod: in the result type, accumulated in the kernel's type.
template <bool product> std::optional<EvalResults> atenCumulative(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  DType t = ctx.resultDType();
  std::optional<Tensor> x = castTo(*self, t);
  std::optional<int64_t> axis =
      normalizeAxis(ctx.getInt("dim", 0), std::max<int64_t>(self->getRank(), 1));
  if (!x || !axis || getNumericKind(t) == NumericKind::Bool)
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(t, self->getShape());
  if (!out)
    return std::nullopt;
  Lines lines = linesOf(self->getShape(), *axis);
  bool isFloat = getNumericKind(t) == NumericKind::Float;
  DType acc = t == DType::Float16 || t == DType::BFloat16 ? DType::Float32 : DType::Float64;
  for (int64_t l = 0; l != lines.count(); ++l) {
    double f = product ? 1 : 0;
    int64_t k = product ? 1 : 0;
    for (int64_t i = 0; i != lines.n; ++i) {
      int64_t at = lines.at(l, i);
      if (isFloat) {
        f = roundTo(acc, product ? f * x->getDouble(at) : f + x->getDouble(at));
        out->setDouble(at, f);
      } else {
        k = product ? int64_t(uint64_t(k) * uint64_t(x->getInt(at)))
                    : int64_t(uint64_t(k) + uint64_t(x->getInt(at)));
        out->setInt(at, k);
      }
    }
  }
  return single(std::move(out));
}

/// cummax: the running maximum (a NaN, once seen, or an equal later
/// element takes over) and where it is.
std::optional<EvalResults> atenCummax(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !computable(*self))
    return ctx.fail();
  std::optional<int64_t> axis =
      normalizeAxis(ctx.getInt("dim", 0), std::max<int64_t>(self->getRank(), 1));
  if (!axis)
    return ctx.fail();
  std::optional<Tensor> values = ctx.allocate(self->getDType(), self->getShape()),
                        indices = ctx.allocate(DType::Int64, self->getShape());
  if (!values || !indices)
    return std::nullopt;
  Lines lines = linesOf(self->getShape(), *axis);
  for (int64_t l = 0; l != lines.count(); ++l) {
    int64_t best = 0;
    for (int64_t i = 0; i != lines.n; ++i) {
      int64_t cur = lines.at(l, i), top = lines.at(l, best);
      if (isNaN(*self, cur) || (!isNaN(*self, top) && !ordered(*self, cur, top, false)))
        best = i;
      values->copyElements(cur, *self, lines.at(l, best));
      indices->setInt(cur, best);
    }
  }
  return EvalResults{std::move(*values), std::move(*indices)};
}

/// histc: `bins` equal bins over [min, max] (the data's range when they
/// are equal), as torch bins: the position computed in the element type,
/// elements outside and NaN skipped, max in the last bin.
std::optional<EvalResults> atenHistc(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  int64_t bins = ctx.getInt("bins", 100);
  std::optional<ScalarOrTensor> lo = ctx.scalarOrTensor("min"), hi = ctx.scalarOrTensor("max");
  DType t = ctx.resultDType();
  if (!self || bins <= 0 || getNumericKind(self->getDType()) != NumericKind::Float ||
      self->getDType() != t || ctx.hasFailed())
    return ctx.fail();
  double left = lo ? lo->value.getDouble(0) : 0, right = hi ? hi->value.getDouble(0) : 0;
  int64_t n = self->getNumElements();
  if (left == right && n > 0) {
    if (hasNaN(*self))
      return ctx.fail();
    left = right = self->getDouble(0);
    for (int64_t i = 0; i != n; ++i) {
      left = std::min(left, self->getDouble(i));
      right = std::max(right, self->getDouble(i));
    }
  }
  if (left == right) {
    left -= 1;
    right += 1;
  }
  left = roundTo(t, left);
  right = roundTo(t, right);
  if (!std::isfinite(left) || !std::isfinite(right) || !(left < right))
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(t, {bins});
  if (!out)
    return std::nullopt;
  std::vector<double> counts(bins, 0);
  for (int64_t i = 0; i != n; ++i) {
    double v = self->getDouble(i);
    if (!(v >= left && v <= right))
      continue;
    double scaled = roundTo(t, roundTo(t, v - left) * roundTo(t, double(bins)));
    int64_t pos = int64_t(roundTo(t, scaled / roundTo(t, right - left)));
    counts[std::min(pos, bins - 1)] += 1;
  }
  for (int64_t b = 0; b != bins; ++b)
    out->setDouble(b, counts[b]);
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// ONNX
//===----------------------------------------------------------------------===//

template <bool max> std::optional<EvalResults> onnxArgExtreme(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  if (!data || !computable(*data) || data->getRank() == 0 || hasNaN(*data))
    return ctx.fail();
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("axis", 0), int64_t(data->getRank()));
  if (!axis || data->getShape()[*axis] == 0)
    return ctx.fail();
  Lines lines = linesOf(data->getShape(), *axis);
  std::vector<int64_t> best =
      argExtreme(*data, lines, max, ctx.getInt("select_last_index", 0) != 0);
  std::optional<Tensor> out = ctx.allocate(
      DType::Int64, reducedShape(data->getShape(), *axis, ctx.getInt("keepdims", 1) != 0));
  if (!out)
    return std::nullopt;
  for (auto [i, b] : llvm::enumerate(best))
    out->setInt(int64_t(i), b);
  return single(std::move(out));
}

/// TopK(X, K): sorted results only; ties by index.
std::optional<EvalResults> onnxTopK(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0), *k = ctx.operand(1);
  if (!data || !k || k->getNumElements() != 1 || !computable(*data) || data->getRank() == 0 ||
      hasNaN(*data) || ctx.getInt("sorted", 1) == 0 ||
      getNumericKind(k->getDType()) != NumericKind::Integer)
    return ctx.fail();
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("axis", -1), int64_t(data->getRank()));
  if (!axis)
    return ctx.fail();
  return sortAlong(ctx, *data, *axis, k->getInt(0), ctx.getInt("largest", 1) != 0);
}

/// CumSum(x, axis): partial sums in the element type, from either end,
/// including the element or not (exclusive).
std::optional<EvalResults> onnxCumSum(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *axisTensor = ctx.operand(1);
  if (!x || !axisTensor || axisTensor->getNumElements() != 1 || x->getRank() == 0 ||
      getNumericKind(axisTensor->getDType()) != NumericKind::Integer)
    return ctx.fail();
  NumericKind kind = getNumericKind(x->getDType());
  std::optional<int64_t> axis = normalizeAxis(axisTensor->getInt(0), int64_t(x->getRank()));
  if (!axis || (kind != NumericKind::Float && kind != NumericKind::Integer))
    return ctx.fail();
  bool exclusive = ctx.getInt("exclusive", 0) != 0, reverse = ctx.getInt("reverse", 0) != 0;
  std::optional<Tensor> out = ctx.allocate(x->getDType(), x->getShape());
  if (!out)
    return std::nullopt;
  Lines lines = linesOf(x->getShape(), *axis);
  for (int64_t l = 0; l != lines.count(); ++l) {
    double f = 0;
    int64_t k = 0;
    for (int64_t j = 0; j != lines.n; ++j) {
      int64_t at = lines.at(l, reverse ? lines.n - 1 - j : j);
      if (kind == NumericKind::Float) {
        double next = roundTo(x->getDType(), f + x->getDouble(at));
        out->setDouble(at, exclusive ? f : next);
        f = next;
      } else {
        int64_t next = int64_t(uint64_t(k) + uint64_t(x->getInt(at)));
        out->setInt(at, exclusive ? k : next);
        k = next;
      }
    }
  }
  return single(std::move(out));
}

} // namespace

void registerSortingRules(EvalRegistry &r) {
  // Folding would compute whole factorizations of constant matrices (their
  // pivot searches) at compile time, changing the model.
  r.addUnfoldable("onnx.ArgMax", onnxArgExtreme<true>);
  r.addUnfoldable("onnx.ArgMin", onnxArgExtreme<false>);
  r.add("onnx.TopK", onnxTopK);
  r.add("onnx.CumSum", onnxCumSum);

  r.add("aten.argmax.default", atenArgExtreme<true>);
  r.add("aten.argmin.default", atenArgExtreme<false>);
  r.add("aten.max.dim", atenExtremeDim<true>);
  r.add("aten.min.dim", atenExtremeDim<false>);
  r.add("aten.sort.default", atenSort);
  r.add("aten.sort.stable", atenSort);
  r.add("aten.topk.default", atenTopK);
  r.add("aten.cumsum.default", atenCumulative<false>);
  r.add("aten.cumprod.default", atenCumulative<true>);
  r.add("aten.cummax.default", atenCummax);
  r.add("aten.histc.default", atenHistc);
}

} // namespace pt2onnx::passes::eval
