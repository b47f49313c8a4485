//===- Reduction.cpp - Sums, means, products, maxima and minima ------------===//
//
// Reductions over a set of axes, keeping them as 1s or dropping them. Sums,
// means and norms accumulate in double (floats) or wrapping int64 (integers)
// and round once, so a float32 sum may differ from the runtime's, which
// accumulates in float32, in the last bits. torch's amax/amin propagate NaN;
// onnxruntime's ReduceMax/ReduceMin depend on where the NaN is, so ONNX
// reductions of NaN are declined, as are maxima of empty sets and integer
// means.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/Rules.h"

#include <cmath>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

enum class Reduce { Sum, Mean, Max, Min, Prod, SumSquare, L1, L2 };

/// `x` reduced over `axes` (any order, negative allowed; empty: all axes).
std::optional<Tensor> reduce(EvalContext &ctx, const Tensor &x, llvm::ArrayRef<int64_t> axes,
                             bool keepdims, Reduce kind, DType out, bool propagateNaN) {
  int64_t rank = int64_t(x.getRank());
  llvm::SmallVector<bool, 8> reduced(rank, axes.empty());
  for (int64_t a : axes) {
    std::optional<int64_t> n = normalizeAxis(a, std::max<int64_t>(rank, 1));
    if (!n)
      return ctx.fail();
    if (rank)
      reduced[*n] = true;
  }
  Shape shape, outStrides(rank, 0);
  int64_t count = 1;
  for (int64_t d = 0; d != rank; ++d) {
    if (reduced[d]) {
      count *= x.getShape()[d];
      if (keepdims)
        shape.push_back(1);
    } else {
      shape.push_back(x.getShape()[d]);
    }
  }
  // Strides of the input dims in the (row-major) output; 0 for reduced ones.
  int64_t stride = 1;
  for (int64_t d = rank; d-- > 0;)
    if (!reduced[d]) {
      outStrides[d] = stride;
      stride *= x.getShape()[d];
    }
  NumericKind numeric = getNumericKind(x.getDType());
  if (numeric == NumericKind::Unsupported || getNumericKind(out) == NumericKind::Unsupported ||
      ((kind == Reduce::Mean || kind == Reduce::L2) && numeric != NumericKind::Float) ||
      ((kind == Reduce::Max || kind == Reduce::Min) && count == 0))
    return ctx.fail();
  std::optional<Tensor> result = ctx.allocate(out, shape);
  if (!result)
    return std::nullopt;
  int64_t n = result->getNumElements();
  bool isFloat = numeric == NumericKind::Float;
  double initial = kind == Reduce::Prod ? 1 : 0;
  std::vector<double> facc(isFloat ? n : 0, initial);
  std::vector<int64_t> iacc(isFloat ? 0 : n, int64_t(initial));
  std::vector<bool> seen(kind == Reduce::Max || kind == Reduce::Min ? n : 0, false);
  Shape counter(rank, 0);
  for (int64_t i = 0, e = x.getNumElements(); i != e; ++i) {
    int64_t o = 0;
    for (int64_t d = 0; d != rank; ++d)
      o += counter[d] * outStrides[d];
    if (isFloat) {
      double v = x.getDouble(i), &acc = facc[o];
      if (std::isnan(v) && !propagateNaN && (kind == Reduce::Max || kind == Reduce::Min))
        return ctx.fail();
      switch (kind) {
      case Reduce::Sum:
      case Reduce::Mean:
        acc += v;
        break;
      case Reduce::SumSquare:
      case Reduce::L2:
        acc += v * v;
        break;
      case Reduce::L1:
        acc += std::fabs(v);
        break;
      case Reduce::Prod:
        acc *= v;
        break;
      case Reduce::Max:
      case Reduce::Min:
        if (!seen[o] || std::isnan(v) ||
            (!std::isnan(acc) && (kind == Reduce::Max ? v > acc : v < acc)))
          acc = v;
        seen[o] = true;
        break;
      }
    } else {
      int64_t v = x.getInt(i), &acc = iacc[o];
      switch (kind) {
      case Reduce::Sum:
      case Reduce::Mean:
        acc = int64_t(uint64_t(acc) + uint64_t(v));
        break;
      case Reduce::SumSquare:
      case Reduce::L2:
        acc = int64_t(uint64_t(acc) + uint64_t(v) * uint64_t(v));
        break;
      case Reduce::L1:
        acc = int64_t(uint64_t(acc) + uint64_t(v < 0 ? -uint64_t(v) : v));
        break;
      case Reduce::Prod:
        acc = int64_t(uint64_t(acc) * uint64_t(v));
        break;
      case Reduce::Max:
      case Reduce::Min:
        if (!seen[o] || (kind == Reduce::Max ? v > acc : v < acc))
          acc = v;
        seen[o] = true;
        break;
      }
    }
    for (int64_t d = rank; d-- > 0;) {
      if (++counter[d] < x.getShape()[d])
        break;
      counter[d] = 0;
    }
  }
  for (int64_t o = 0; o != n; ++o) {
    if (isFloat)
      result->setDouble(o, kind == Reduce::Mean ? facc[o] / double(count)
                           : kind == Reduce::L2 ? std::sqrt(facc[o])
                                                : facc[o]);
    else
      result->setInt(o, iacc[o]);
  }
  return result;
}

/// ONNX Reduce*: axes from the second input or the `axes` attribute;
/// without axes all dims are reduced, or none with noop_with_empty_axes.
template <Reduce kind> std::optional<EvalResults> onnxReduce(EvalContext &ctx) {
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
  if (axes.empty() && ctx.getInt("noop_with_empty_axes", 0) != 0)
    return single(castTo(*x, ctx.resultDType()));
  return single(reduce(ctx, *x, axes, keepdims, kind, ctx.resultDType(), false));
}

/// ATen reductions: `dim` (empty or None: all), `keepdim`, the input
/// converted to the result type (sum of integers is int64; `dtype`).
template <Reduce kind> std::optional<EvalResults> atenReduce(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  if (!x)
    return std::nullopt;
  Shape axes = ctx.getIntList("dim");
  bool keepdim = ctx.getInt("keepdim", 0) != 0;
  std::optional<Tensor> input = castTo(*x, ctx.resultDType());
  if (!input)
    return ctx.fail();
  return single(reduce(ctx, *input, axes, keepdim, kind, ctx.resultDType(), true));
}

/// var and std: the squared deviations from the mean summed in double over
/// max(0, N - correction) (correction 1 by default; `unbiased` false is 0),
/// rounded once. torch reduces float32 to one element with a mean rounded to
/// float32 first, which this mirrors.
template <bool root> std::optional<EvalResults> atenVariance(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  if (!x || getNumericKind(x->getDType()) != NumericKind::Float)
    return ctx.fail();
  std::optional<Shape> dims = ctx.getOptionalIntList("dim");
  bool keepdim = ctx.getInt("keepdim", 0) != 0;
  double correction = ctx.getInt("unbiased", 1) != 0 ? 1 : 0;
  if (std::optional<ScalarOrTensor> c = ctx.scalarOrTensor("correction"))
    correction = c->value.getDouble(0);
  if (ctx.hasFailed())
    return std::nullopt;
  Shape axes = dims.value_or(Shape());
  // The sums with the reduced dims kept as 1s, to broadcast the means back.
  std::optional<Tensor> kept = reduce(ctx, *x, axes, true, Reduce::Sum, DType::Float64, true);
  std::optional<Tensor> deviations = ctx.allocate(DType::Float64, x->getShape());
  if (!kept || !deviations)
    return std::nullopt;
  int64_t count = kept->getNumElements() ? x->getNumElements() / kept->getNumElements() : 0;
  bool all = kept->getNumElements() == 1 && x->getDType() == DType::Float32;
  std::vector<int64_t> at = numerics::broadcastIndices(kept->getShape(), x->getShape());
  for (int64_t i = 0, n = x->getNumElements(); i != n; ++i) {
    double mean = kept->getDouble(at[i]) / double(count);
    deviations->setDouble(i, x->getDouble(i) - (all ? roundTo(x->getDType(), mean) : mean));
  }
  std::optional<Tensor> squares = reduce(ctx, *deviations, axes, keepdim, Reduce::SumSquare,
                                         DType::Float64, true);
  if (!squares)
    return std::nullopt;
  std::optional<Tensor> out = ctx.allocate(ctx.resultDType(), squares->getShape());
  if (!out)
    return std::nullopt;
  double divisor = std::max(0.0, double(count) - correction);
  for (int64_t i = 0, n = out->getNumElements(); i != n; ++i) {
    double v = squares->getDouble(i) / divisor;
    out->setDouble(i, root ? std::sqrt(v) : v);
  }
  return single(std::move(out));
}

} // namespace

void registerReductionRules(EvalRegistry &r) {
  r.add("onnx.ReduceSum", onnxReduce<Reduce::Sum>);
  r.add("onnx.ReduceMean", onnxReduce<Reduce::Mean>);
  r.add("onnx.ReduceMax", onnxReduce<Reduce::Max>);
  r.add("onnx.ReduceMin", onnxReduce<Reduce::Min>);
  r.add("onnx.ReduceProd", onnxReduce<Reduce::Prod>);
  r.add("onnx.ReduceSumSquare", onnxReduce<Reduce::SumSquare>);
  r.add("onnx.ReduceL1", onnxReduce<Reduce::L1>);
  r.add("onnx.ReduceL2", onnxReduce<Reduce::L2>);

  r.add("aten.sum.default", atenReduce<Reduce::Sum>);
  r.add("aten.sum.dim_IntList", atenReduce<Reduce::Sum>);
  r.add("aten.mean.default", atenReduce<Reduce::Mean>);
  r.add("aten.mean.dim", atenReduce<Reduce::Mean>);
  r.add("aten.amax.default", atenReduce<Reduce::Max>);
  r.add("aten.amin.default", atenReduce<Reduce::Min>);
  r.add("aten.prod.default", atenReduce<Reduce::Prod>);
  r.add("aten.prod.dim_int", atenReduce<Reduce::Prod>);
  r.addUnfoldable("aten.var.dim", atenVariance<false>);
  r.addUnfoldable("aten.var.correction", atenVariance<false>);
  r.addUnfoldable("aten.std.dim", atenVariance<true>);
  r.addUnfoldable("aten.std.correction", atenVariance<true>);
}

} // namespace pt2onnx::passes::eval
