//===- sorting.cpp - Sorting, order statistics, searches, histograms -------===//
//
// Every sort here is torch's stable sort: equal elements keep their order
// (ONNX TopK breaks ties by the lower index, for `largest` 0 and 1 alike, so
// a TopK over the whole dim is a stable sort), and NaN sorts above every
// number, as torch puts it. TopK does not order NaN, so a floating sort sorts
// keys without NaN: float32, float16 and bfloat16 values widened to float64,
// where infinity becomes the largest finite double and NaN infinity, so one
// TopK sorts them; float64 values are sorted by two TopKs: the values with NaN
// replaced by zero, then, stably, whether each was NaN; the second pass moves
// the NaNs to the end (the start when descending) in index order and leaves
// the rest in place.
//
// kthvalue, median, nanmedian, mode, quantile and unique pick from that order.
// Where equal values tie, torch's kthvalue and median return the index of
// whichever copy their selection algorithm lands on, which torch documents
// as unspecified; here it is the copy a stable sort puts at that rank.
//
// searchsorted, bucketize and histogram run torch's binary search itself,
// unrolled once per bit of the number of boundaries (of the largest number a
// dynamic one may be), so unsorted boundaries and NaN give torch's answers
// too; histc and histogram count with a ScatterElements add.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// A tensor of the shape of `like` filled with `value` of `dtype`.
Value *filledLike(OnnxBuilder &b, Value *like, DType dtype, double value) {
  return b.op("ConstantOfShape", {b.shapeOf(like)}, like->getType().withDType(dtype),
              {{"value", Attribute::dense(makeDense(dtype, {1}, {value}))}});
}

/// `onnx.GatherElements` of `data` at `indices` along `axis`: the shape of
/// `indices`, the dtype of `data`.
Value *gatherElements(OnnxBuilder &b, Value *data, Value *indices, int64_t axis) {
  return b.op("GatherElements", {data, indices},
              indices->getType().withDType(data->getType().getDType()),
              {{"axis", Attribute::integer(axis)}});
}

Value *isNaN(OnnxBuilder &b, Value *x) {
  return b.op("IsNaN", {x}, x->getType().withDType(DType::Bool));
}

/// The indices of TopK over the whole `axis` of `keys`.
Value *topKIndices(OnnxBuilder &b, Value *keys, int64_t axis, bool largest) {
  Value *k = b.shapeOf(keys, axis, axis + 1);
  ir::Operation *topk =
      b.create("TopK", {keys, k}, {keys->getType(), keys->getType().withDType(DType::Int64)},
               {{"axis", Attribute::integer(axis)},
                {"largest", Attribute::integer(largest ? 1 : 0)},
                {"sorted", Attribute::integer(1)}});
  return topk->getResult(1);
}

/// `x` as keys ONNX Runtime's TopK takes (float, double, int32, int64) that
/// order as `x` does.
Value *sortKeys(OnnxBuilder &b, Value *x) {
  switch (x->getType().getDType()) {
  case DType::Float32:
  case DType::Float64:
  case DType::Int32:
  case DType::Int64:
    return x;
  case DType::Float16:
  case DType::BFloat16:
    return b.cast(x, DType::Float32);
  case DType::UInt32:
    return b.cast(x, DType::Int64);
  default:
    return b.cast(x, DType::Int32);
  }
}

struct Sorted {
  Value *values;
  Value *indices;
};

/// `x` sorted along `axis` as torch's stable sort (see the file comment).
/// Requires a dtype sortKeys takes (not uint64).
Sorted sortAlong(OnnxBuilder &b, Value *x, int64_t axis, bool descending) {
  DType t = x->getType().getDType();
  Value *order;
  if (t == DType::Float32 || t == DType::Float16 || t == DType::BFloat16) {
    // Every finite value of these types is a double below the largest one,
    // so the keys order numbers as they are; NaN, whatever Min makes of it,
    // becomes the largest key.
    DType f64 = DType::Float64;
    Value *wide = b.cast(x, f64);
    Value *finite = b.binary("Min", wide, b.scalar(f64, std::numeric_limits<double>::max()));
    Value *nan = isNaN(b, wide);
    order = topKIndices(b, b.where(nan, b.scalar(f64, INFINITY), finite), axis, descending);
    return {gatherElements(b, x, order, axis), order};
  }
  Value *keys = sortKeys(b, x);
  if (ir::isFloatingPoint(keys->getType().getDType())) {
    Value *nan = isNaN(b, keys);
    Value *numbers = topKIndices(b, b.where(nan, b.scalar(keys->getType().getDType(), 0), keys),
                                 axis, descending);
    Value *nanInOrder = gatherElements(b, b.cast(nan, DType::Int32), numbers, axis);
    order = gatherElements(b, numbers, topKIndices(b, nanInOrder, axis, descending), axis);
  } else {
    order = topKIndices(b, keys, axis, descending);
  }
  return {gatherElements(b, x, order, axis), order};
}

/// `x[..., index, ...]` along `axis` of values and indices, where `index`
/// (1-D, one element, or broadcasting to `x` with a unit dim at `axis`) is
/// the rank in the sort; the unit dim stays for `keepdim`.
Sorted pickAt(OnnxBuilder &b, const Sorted &sorted, Value *index, int64_t axis, bool keepdim) {
  Value *values, *indices;
  if (index->getType().getRank() == 1) {
    values = b.gather(sorted.values, index, axis);
    indices = b.gather(sorted.indices, index, axis);
  } else {
    values = gatherElements(b, sorted.values, index, axis);
    indices = gatherElements(b, sorted.indices, index, axis);
  }
  if (!keepdim) {
    values = b.squeeze(values, {axis});
    indices = b.squeeze(indices, {axis});
  }
  return {values, indices};
}

bool sortable(DType t) {
  return t != DType::UInt64 && t != DType::Complex64 && t != DType::Complex128;
}

// aten.sort.default(self, dim=-1, descending=False),
// aten.sort.stable(self, *, stable, dim=-1, descending=False) -> (values, indices)
ValueList lowerSort(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (rank == 0)
    return {x, ctx.b.i64(0)};
  if (!sortable(x->getType().getDType()))
    return ctx.fail("sorting uint64 tensors is not supported");
  Sorted sorted = sortAlong(ctx.b, x, dim, ctx.getBool("descending"));
  return {sorted.values, sorted.indices};
}
// aten.argsort.default(self, dim=-1, descending=False),
// aten.argsort.stable(self, *, stable, dim=-1, descending=False)
ValueList lowerArgsort(RuleContext &ctx) {
  ValueList sorted = lowerSort(ctx);
  if (sorted.size() != 2)
    return sorted;
  return {sorted[1]};
}

// aten.topk.default(self, k, dim=-1, largest=True, sorted=True): one TopK
// (of keys ONNX Runtime's TopK takes, cast back), whose ties come in index
// order; NaN is not ordered as torch's largest value.
ValueList lowerTopk(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  Value *k = b.buildShape({ctx.intArg("k").asShapeElement()});
  DType t = x->getType().getDType();
  if (!sortable(t))
    return ctx.fail("topk of uint64 tensors is not supported");
  if (rank == 0)
    return {x, b.i64(0)};
  Value *keys = sortKeys(b, x);
  const ir::Type &values = ctx.resultType(0);
  ir::Operation *topk =
      b.create("TopK", {keys, k}, {values.withDType(keys->getType().getDType()), ctx.resultType(1)},
               {{"axis", Attribute::integer(dim)},
                {"largest", Attribute::integer(ctx.getBool("largest") ? 1 : 0)},
                {"sorted", Attribute::integer(ctx.getBool("sorted") ? 1 : 0)}});
  return {b.cast(topk->getResult(0), t), topk->getResult(1)};
}

// aten.kthvalue.default(self, k, dim=-1, keepdim=False) -> (values, indices):
// the k-th smallest, NaN above every number.
ValueList lowerKthvalue(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  IntArg k = ctx.intArg("k");
  if (rank == 0)
    return {x, b.i64(0)};
  if (!sortable(x->getType().getDType()))
    return ctx.fail("kthvalue of uint64 tensors is not supported");
  Value *rankInSort = k.isConstant()
                          ? b.i64s({*k.constant - 1})
                          : b.binary("Sub", b.buildShape({k.asShapeElement()}), b.i64s({1}));
  Sorted picked = pickAt(b, sortAlong(b, x, dim, false), rankInSort, dim, ctx.getBool("keepdim"));
  return {picked.values, picked.indices};
}

/// The lower median along `axis` of `x` (`nanmedian`: of its numbers,
/// NaN only where all are NaN; else NaN wherever one is, at the first NaN's
/// index, as torch).
Sorted emitMedian(RuleContext &ctx, Value *x, int64_t axis, bool keepdim, bool ignoreNaN) {
  OnnxBuilder &b = ctx.b;
  Sorted sorted = sortAlong(b, x, axis, false);
  Value *n = b.shapeOf(x, axis, axis + 1);
  if (!ir::isFloatingPoint(x->getType().getDType()))
    ignoreNaN = false;
  if (ignoreNaN) {
    // (numbers - 1) / 2 of each slice, 0 where all are NaN.
    Value *nanCount = b.reduce("ReduceSum", b.cast(isNaN(b, x), DType::Int64),
                               llvm::ArrayRef<int64_t>{axis}, true);
    Value *last =
        b.binary("Max", b.binary("Sub", b.binary("Sub", n, nanCount), b.i64s({1})), b.i64s({0}));
    return pickAt(b, sorted, b.binary("Div", last, b.i64s({2})), axis, keepdim);
  }
  Sorted median = pickAt(b, sorted, b.binary("Div", b.binary("Sub", n, b.i64s({1})), b.i64s({2})),
                         axis, keepdim);
  if (!ir::isFloatingPoint(x->getType().getDType()))
    return median;
  Value *nan = b.cast(isNaN(b, x), DType::Int32);
  Value *anyNaN =
      b.cast(b.reduce("ReduceMax", nan, llvm::ArrayRef<int64_t>{axis}, keepdim), DType::Bool);
  Value *firstNaN = b.op("ArgMax", {nan},
                         OnnxBuilder::reducedType(nan->getType(), llvm::ArrayRef<int64_t>{axis},
                                                  keepdim, DType::Int64),
                         {{"axis", Attribute::integer(axis)},
                          {"keepdims", Attribute::integer(keepdim ? 1 : 0)},
                          {"select_last_index", Attribute::integer(0)}});
  return {b.where(anyNaN, b.scalar(x->getType().getDType(), NAN), median.values),
          b.where(anyNaN, firstNaN, median.indices)};
}

/// median/nanmedian of the whole tensor.
ValueList lowerMedianAll(RuleContext &ctx, bool ignoreNaN) {
  Value *x = ctx.tensor("self");
  if (ctx.rankOf(x) == 0)
    return {x};
  if (!sortable(x->getType().getDType()))
    return ctx.fail("the median of uint64 tensors is not supported");
  return {emitMedian(ctx, ctx.b.reshape(x, {-1}), 0, false, ignoreNaN).values};
}
/// median.dim/nanmedian.dim(self, dim, keepdim=False) -> (values, indices)
ValueList lowerMedianDim(RuleContext &ctx, bool ignoreNaN) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (rank == 0)
    return {x, ctx.b.i64(0)};
  if (!sortable(x->getType().getDType()))
    return ctx.fail("the median of uint64 tensors is not supported");
  Sorted median = emitMedian(ctx, x, dim, ctx.getBool("keepdim"), ignoreNaN);
  return {median.values, median.indices};
}
// aten.median.default(self)
ValueList lowerMedian(RuleContext &ctx) { return lowerMedianAll(ctx, false); }
// aten.nanmedian.default(self)
ValueList lowerNanmedian(RuleContext &ctx) { return lowerMedianAll(ctx, true); }
// aten.median.dim(self, dim, keepdim=False)
ValueList lowerMedianAlong(RuleContext &ctx) { return lowerMedianDim(ctx, false); }
// aten.nanmedian.dim(self, dim, keepdim=False)
ValueList lowerNanmedianAlong(RuleContext &ctx) { return lowerMedianDim(ctx, true); }

/// 0, 1, ..., n - 1 for the n elements along `axis` of `x` (1-D int64).
Value *positionsAlong(OnnxBuilder &b, Value *x, int64_t axis) {
  const ir::Dim &n = x->getType().getShape()[axis];
  if (n.isStatic()) {
    llvm::SmallVector<int64_t, 16> counting(n.getSize());
    std::iota(counting.begin(), counting.end(), 0);
    return b.i64s(counting);
  }
  return b.op("Range", {b.i64(0), b.dimSize(x, axis), b.i64(1)},
              ir::Type::tensor(DType::Int64, {n}));
}

/// torch's lerp: `a + w * (b - a)` below w = 0.5, `b - (b - a) * (1 - w)` from
/// there.
Value *lerp(OnnxBuilder &b, Value *a, Value *c, Value *w) {
  DType t = a->getType().getDType();
  Value *span = b.binary("Sub", c, a);
  Value *fromBelow = b.binary("Add", a, b.binary("Mul", w, span));
  Value *fromAbove = b.binary("Sub", c, b.binary("Mul", span, b.binary("Sub", b.scalar(t, 1), w)));
  return b.where(b.compare("Less", w, b.scalar(t, 0.5)), fromBelow, fromAbove);
}

/// quantile/nanquantile(self, q, dim=None, keepdim=False, *,
/// interpolation="linear"), as torch computes it: q in the dtype of self,
/// ranks q * (n - 1) over the sorted slice (nanquantile: n its numbers, a
/// rank below zero as zero; quantile: the last rank, a NaN, where the slice
/// has one), rounded per the interpolation (nearest halves to even), then
/// the values at the ranks below and above, interpolated by torch's lerp.
/// A 1-D q puts its quantiles along a new first dim.
ValueList lowerQuantileOf(RuleContext &ctx, bool ignoreNaN) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  DType t = x->getType().getDType();
  if (t != DType::Float32 && t != DType::Float64)
    return ctx.fail("quantile takes float32 and float64 tensors");
  std::string interpolation = ctx.getString("interpolation");
  if (!llvm::is_contained(
          llvm::ArrayRef<llvm::StringRef>{"linear", "lower", "higher", "midpoint", "nearest"},
          llvm::StringRef(interpolation)))
    return ctx.fail("unknown interpolation '" + interpolation + "'");
  Value *qValue;
  bool manyQ = false;
  if (ctx.getOverload().ends_with(".scalar")) {
    double q = ctx.getFloat("q");
    if (!(q >= 0 && q <= 1))
      return ctx.fail("q is not in [0, 1]");
    qValue = b.scalar(t, q);
  } else {
    qValue = ctx.tensor("q");
    if (qValue->getType().getDType() != t || ctx.rankOf(qValue) > 1)
      return ctx.fail("q is not a 0-d or 1-d tensor of the dtype of self");
    manyQ = qValue->getType().getRank() == 1;
  }
  std::optional<int64_t> dim = ctx.getOptionalInt("dim");
  bool keepdim = ctx.getBool("keepdim");
  int64_t axis = 0;
  Value *input = x;
  if (dim && rank > 0)
    axis = ctx.normalizeDim(*dim, rank);
  else
    input = b.reshape(x, {-1});
  if (ctx.failed())
    return {};
  Value *sorted = sortAlong(b, input, axis, false).values;
  const llvm::SmallVector<int64_t, 1> axes{axis};
  Value *nan = b.cast(isNaN(b, input), DType::Int64);
  int64_t inputRank = int64_t(input->getType().getRank());
  if (manyQ) {
    // Each quantile along a new first dim: q as [m, 1, ...], the sorted
    // slices repeated m times.
    qValue = b.reshape(qValue, [&] {
      llvm::SmallVector<int64_t, 4> shape(inputRank + 1, 1);
      shape[0] = -1;
      return shape;
    }());
    Value *m = b.shapeOf(qValue, 0, 1);
    llvm::SmallVector<ir::Dim, 4> dims{qValue->getType().getShape()[0]};
    dims.append(sorted->getType().getShape().begin(), sorted->getType().getShape().end());
    sorted = b.expand(b.unsqueeze(sorted, {0}), b.concat({m, b.shapeOf(sorted)}, 0),
                      sorted->getType().withShape(dims));
  }
  Value *ranks;
  if (ignoreNaN) {
    Value *numbers =
        b.binary("Sub", b.dimSize(input, axis), b.reduce("ReduceSum", nan, axes, true));
    ranks = b.binary("Mul", qValue, b.cast(b.binary("Sub", numbers, b.i64(1)), t));
    ranks = b.where(b.compare("Less", ranks, b.scalar(t, 0)), b.scalar(t, 0), ranks);
  } else {
    Value *last = b.cast(b.binary("Sub", b.dimSize(input, axis), b.i64(1)), t);
    Value *hasNaN = b.compare("Greater", b.reduce("ReduceMax", nan, axes, true), b.i64(0));
    ranks = b.where(hasNaN, last, b.binary("Mul", qValue, last));
  }
  if (interpolation == "lower")
    ranks = b.unary("Floor", ranks);
  else if (interpolation == "higher")
    ranks = b.unary("Ceil", ranks);
  else if (interpolation == "nearest")
    ranks = b.unary("Round", ranks);
  int64_t gatherAxis = manyQ ? axis + 1 : axis;
  Value *below = b.cast(ranks, DType::Int64);
  Value *values = gatherElements(b, sorted, below, gatherAxis);
  if (interpolation == "linear" || interpolation == "midpoint") {
    Value *above =
        gatherElements(b, sorted, b.cast(b.unary("Ceil", ranks), DType::Int64), gatherAxis);
    Value *weights =
        interpolation == "midpoint" ? b.scalar(t, 0.5) : b.binary("Sub", ranks, b.cast(below, t));
    values = lerp(b, values, above, weights);
  }
  if (dim && rank > 0)
    return {keepdim ? values : b.squeeze(values, {gatherAxis})};
  if (keepdim) {
    llvm::SmallVector<int64_t, 4> ones(rank, 1);
    if (manyQ)
      ones.insert(ones.begin(), -1);
    return {b.reshape(values, ones)};
  }
  return {b.squeeze(values, {gatherAxis})};
}
// aten.quantile.scalar(self, q, dim=None, keepdim=False, *, interpolation="linear"),
// aten.quantile.default (q a tensor)
ValueList lowerQuantile(RuleContext &ctx) { return lowerQuantileOf(ctx, false); }
// aten.nanquantile.scalar(self, q, dim=None, keepdim=False, *, interpolation="linear"),
// aten.nanquantile.default (q a tensor)
ValueList lowerNanquantile(RuleContext &ctx) { return lowerQuantileOf(ctx, true); }

// ---- Searches ----------------------------------------------------------------

/// `value` and `other` in torch.result_type of the two (bool as uint8 when
/// `ordered`: ONNX orders no bools).
std::pair<Value *, Value *> inCommonType(RuleContext &ctx, const TensorOrNumber &value,
                                         const TensorOrNumber &other, bool ordered) {
  DType t = numerics::resultType({value.promotion(), other.promotion()}).value_or(DType::Float32);
  if (ordered && t == DType::Bool)
    t = DType::UInt8;
  return {ctx.materialize(value, t), ctx.materialize(other, t)};
}

/// For each of `values`, the position torch's binary search over the last
/// dim of `boundaries` (1-D, or with the leading dims of `values`) returns:
/// steps halving [start, end) while `!(boundary >= value)` (`right`:
/// `!(boundary > value)`) moves start past the middle, unrolled once per bit
/// of the length. Exact as torch for any input, NaN and unsorted boundaries
/// included.
Value *binarySearch(RuleContext &ctx, Value *boundaries, Value *values, bool right) {
  OnnxBuilder &b = ctx.b;
  int64_t rank = ctx.rankOf(boundaries);
  if (rank == 0) {
    ctx.fail("the boundaries are a 0-d tensor");
    return nullptr;
  }
  // A dynamic length takes as many steps as the largest length its range
  // allows (63 when unbounded).
  const ir::Dim &size = boundaries->getType().getShape()[rank - 1];
  int64_t longest = size.isStatic()     ? size.getSize()
                    : size.isSymbolic() ? size.getExpr().getRange().hi
                                        : ir::SymRange::kPosInf;
  Value *end, *lastIndex;
  if (size.isStatic()) {
    end = b.i64(longest);
    lastIndex = b.i64(std::max<int64_t>(longest - 1, 0));
  } else {
    end = b.dimSize(boundaries, rank - 1);
    lastIndex = b.binary("Max", b.binary("Sub", end, b.i64(1)), b.i64(0));
  }
  Value *start = filledLike(b, values, DType::Int64, 0);
  for (int64_t span = longest; span > 0; span /= 2) {
    Value *active = b.compare("Less", start, end);
    Value *middle = b.binary("Add", start, b.binary("Div", b.binary("Sub", end, start), b.i64(2)));
    Value *probe = b.binary("Min", middle, lastIndex);
    Value *boundary =
        rank == 1 ? b.gather(boundaries, probe, 0) : gatherElements(b, boundaries, probe, rank - 1);
    Value *stop = b.compare(right ? "Greater" : "GreaterOrEqual", boundary, values);
    Value *goRight = b.compare("And", active, b.unary("Not", stop));
    Value *goLeft = b.compare("And", active, stop);
    start = b.where(goRight, b.binary("Add", middle, b.i64(1)), start);
    end = b.where(goLeft, middle, end);
  }
  return start;
}

// aten.searchsorted.Tensor(sorted_sequence, self, *, out_int32=False,
// right=False, side=None, sorter=None), aten.searchsorted.Scalar (self a
// number): side "right" is right=True; sorter orders the sequence first.
ValueList lowerSearchsorted(RuleContext &ctx) {
  TensorOrNumber sequence{ctx.tensor("sorted_sequence"), {}, false};
  auto [values, boundaries] = inCommonType(ctx, ctx.tensorOrNumber("self"), sequence, true);
  bool right = ctx.getBool("right");
  if (std::optional<std::string> side = ctx.getOptionalString("side"))
    right = *side == "right";
  if (Value *sorter = ctx.optionalTensor("sorter")) {
    int64_t rank = ctx.rankOf(boundaries);
    boundaries = rank == 1 ? ctx.b.gather(boundaries, sorter, 0)
                           : gatherElements(ctx.b, boundaries, sorter, rank - 1);
  }
  if (ctx.failed())
    return {};
  Value *positions = binarySearch(ctx, boundaries, values, right);
  return positions ? ValueList{ctx.b.cast(positions, ctx.resultDType())} : ValueList{};
}

// aten.bucketize.Tensor(self, boundaries, *, out_int32=False, right=False),
// aten.bucketize.Scalar (self a number): a search in 1-D boundaries.
ValueList lowerBucketize(RuleContext &ctx) {
  TensorOrNumber boundaries{ctx.tensor("boundaries"), {}, false};
  auto [values, sequence] = inCommonType(ctx, ctx.tensorOrNumber("self"), boundaries, true);
  if (ctx.failed())
    return {};
  Value *positions = binarySearch(ctx, sequence, values, ctx.getBool("right"));
  return positions ? ValueList{ctx.b.cast(positions, ctx.resultDType())} : ValueList{};
}

/// Whether each of `elements` equals one of `tests`, negated for `invert`.
/// Up to 16 test elements (a static number), every pair is compared; more
/// are sorted, and each element searched for among them (NaN, last in the
/// sort, searched as infinity so that the numbers stay in order, but equal
/// to nothing).
Value *emitIsin(RuleContext &ctx, const TensorOrNumber &elements, const TensorOrNumber &tests) {
  OnnxBuilder &b = ctx.b;
  auto [x, pool] = inCommonType(ctx, elements, tests, false);
  if (ctx.failed())
    return nullptr;
  Value *flat = b.reshape(pool, {-1});
  int64_t rank = ctx.rankOf(x);
  DType t = x->getType().getDType();
  const ir::Dim &count = flat->getType().getShape()[0];
  Value *found;
  if (count.isStatic() && count.getSize() <= 16) {
    Value *matches = b.cast(b.compare("Equal", b.unsqueeze(x, {rank}), flat), DType::Int32);
    // A sum, which is zero over no test elements.
    found =
        b.compare("Greater", b.reduce("ReduceSum", matches, llvm::ArrayRef<int64_t>{rank}, false),
                  b.scalarInt(DType::Int32, 0));
  } else {
    if (!sortable(t)) {
      ctx.fail("isin of uint64 tensors is not supported");
      return nullptr;
    }
    Value *sorted = sortAlong(b, flat, 0, false).values;
    Value *keys = sortKeys(b, sorted);
    DType keyType = keys->getType().getDType();
    if (ir::isFloatingPoint(keyType))
      keys = b.where(isNaN(b, keys), b.scalar(keyType, INFINITY), keys);
    Value *position = binarySearch(ctx, keys, sortKeys(b, x), false);
    if (!position)
      return nullptr;
    // One more element, so that a position past the end can be gathered.
    Value *padded = b.concat({sorted, b.constant(makeDense(t, {1}, {0.0}))}, 0);
    Value *candidate = b.gather(padded, position, 0);
    found = b.compare("And", b.compare("Less", position, b.dimSize(flat, 0)),
                      b.compare("Equal", candidate, x));
  }
  return ctx.getBool("invert") ? b.unary("Not", found) : found;
}

// aten.isin.Tensor_Tensor(elements, test_elements, *, assume_unique=False,
// invert=False), .Tensor_Scalar(elements, test_element), .Scalar_Tensor(element,
// test_elements): equality, so NaN is in nothing.
ValueList lowerIsinTensorTensor(RuleContext &ctx) {
  Value *r = emitIsin(ctx, ctx.tensorOrNumber("elements"), ctx.tensorOrNumber("test_elements"));
  return r ? ValueList{r} : ValueList{};
}
ValueList lowerIsinTensorScalar(RuleContext &ctx) {
  Value *r = emitIsin(ctx, ctx.tensorOrNumber("elements"), ctx.tensorOrNumber("test_element"));
  return r ? ValueList{r} : ValueList{};
}
ValueList lowerIsinScalarTensor(RuleContext &ctx) {
  Value *r = emitIsin(ctx, ctx.tensorOrNumber("element"), ctx.tensorOrNumber("test_elements"));
  return r ? ValueList{r} : ValueList{};
}

// aten.mode.default(self, dim=-1, keepdim=False) -> (values, indices): the
// most frequent value, the smallest of those that tie, at the index of its
// last occurrence. Along the last dim, the stable sort puts equal values in
// runs in index order; each element's count is the distance between the
// searches for it in its sorted slice (upper bound less lower bound), the
// first largest count is the mode, and the end of its run its last index.
// The NaNs of a slice count as one value, the largest.
ValueList lowerMode(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  bool keepdim = ctx.getBool("keepdim");
  if (rank == 0)
    return {x, b.i64(0)};
  if (!sortable(x->getType().getDType()))
    return ctx.fail("mode of uint64 tensors is not supported");
  int64_t last = rank - 1;
  Value *moved = x;
  if (dim != last) {
    llvm::SmallVector<int64_t, 4> perm;
    for (int64_t i = 0; i < rank; ++i)
      if (i != dim)
        perm.push_back(i);
    perm.push_back(dim);
    moved = b.transpose(x, perm);
  }
  Sorted sorted = sortAlong(b, moved, last, false);
  Value *keys = sortKeys(b, sorted.values);
  DType keyType = keys->getType().getDType();
  Value *nan = nullptr;
  if (ir::isFloatingPoint(keyType)) {
    // NaNs, last in the sort, are searched as infinity so that the numbers
    // stay in order.
    nan = isNaN(b, keys);
    keys = b.where(nan, b.scalar(keyType, INFINITY), keys);
  }
  Value *upper = binarySearch(ctx, keys, keys, true);
  Value *lower = binarySearch(ctx, keys, keys, false);
  if (!upper || !lower)
    return {};
  if (nan) {
    // The NaNs count as one run after the numbers (as torch's sort puts
    // them together), which an infinity's run stops before.
    Value *n = b.dimSize(keys, last);
    Value *numbers = b.binary(
        "Sub", n,
        b.reduce("ReduceSum", b.cast(nan, DType::Int64), llvm::ArrayRef<int64_t>{last}, true));
    lower = b.where(nan, numbers, lower);
    upper = b.where(nan, n, b.binary("Min", upper, numbers));
  }
  Value *counts = b.binary("Sub", upper, lower);
  Value *best = b.op("ArgMax", {counts},
                     OnnxBuilder::reducedType(counts->getType(), llvm::ArrayRef<int64_t>{last},
                                              true, DType::Int64),
                     {{"axis", Attribute::integer(last)},
                      {"keepdims", Attribute::integer(1)},
                      {"select_last_index", Attribute::integer(0)}});
  Value *runEnd = b.binary("Sub", gatherElements(b, upper, best, last), b.i64(1));
  Value *mode = b.squeeze(gatherElements(b, sorted.values, best, last), {last});
  Value *index = b.squeeze(gatherElements(b, sorted.indices, runEnd, last), {last});
  if (keepdim) {
    mode = b.unsqueeze(mode, {dim});
    index = b.unsqueeze(index, {dim});
  }
  return {mode, index};
}

// ---- Histograms and uniqueness ------------------------------------------------

/// The sum of `weights` (ones when null) of the elements `bin` puts into
/// each of `bins` bins, of dtype `dtype`; bin `bins` holds the elements
/// counted nowhere. A ScatterElements add (in float32 for 16-bit floats).
Value *binCounts(OnnxBuilder &b, Value *bin, Value *weights, int64_t bins, DType dtype) {
  DType countType = dtype == DType::Float64 ? dtype : DType::Float32;
  Value *zeros =
      b.constant(makeDense(countType, {bins + 1}, llvm::SmallVector<double, 1>(bins + 1, 0.0)));
  Value *updates = weights ? b.cast(weights, countType) : filledLike(b, bin, countType, 1);
  Value *counts = b.op("ScatterElements", {zeros, bin, updates}, zeros->getType(),
                       {{"axis", Attribute::integer(0)}, {"reduction", Attribute::string("add")}});
  return b.cast(b.slice(counts, b.i64s({0}), b.i64s({bins}), b.i64s({0}), nullptr,
                        ir::Type::tensor(countType, {ir::Dim(bins)})),
                dtype);
}

// aten.histc.default(self, bins=100, min=0, max=0): torch's histc kernel.
// Equal min and max take the data's extremes (moved apart by one where they
// are equal too); an element in [min, max] goes to bin
// trunc((x - min) * bins / (max - min)), max itself to the last; others and
// NaN count nowhere. Counting is a ScatterElements add of ones, the ignored
// elements into an extra bin that is cut off.
ValueList lowerHistc(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  DType t = x->getType().getDType();
  int64_t bins = ctx.getInt("bins");
  double lo = ctx.getFloat("min"), hi = ctx.getFloat("max");
  if (!ir::isFloatingPoint(t))
    return ctx.fail("histc takes floating-point tensors");
  if (bins <= 0 || lo > hi)
    return ctx.fail("histc needs bins > 0 and min <= max");
  if (ctx.failed())
    return {};
  Value *flat = b.reshape(x, {-1});
  Value *low, *high;
  if (lo == hi) {
    low = b.reduce("ReduceMin", flat, llvm::ArrayRef<int64_t>{0}, false);
    high = b.reduce("ReduceMax", flat, llvm::ArrayRef<int64_t>{0}, false);
    Value *same = b.compare("Equal", low, high);
    low = b.where(same, b.binary("Sub", low, b.scalar(t, 1)), low);
    high = b.where(same, b.binary("Add", high, b.scalar(t, 1)), high);
  } else {
    low = b.scalar(t, lo);
    high = b.scalar(t, hi);
  }
  Value *scaled =
      b.binary("Div", b.binary("Mul", b.binary("Sub", flat, low), b.scalar(t, double(bins))),
               b.binary("Sub", high, low));
  Value *bin = b.binary("Min", b.cast(b.unary("Floor", scaled), DType::Int64), b.i64(bins - 1));
  Value *counted = b.compare("And", b.compare("GreaterOrEqual", flat, low),
                             b.compare("LessOrEqual", flat, high));
  return {binCounts(b, b.where(counted, bin, b.i64(bins)), nullptr, bins, t)};
}

/// One dim of a histogram: its bin edges (1-D, of a static length) and the
/// coordinates of the points along it (1-D).
struct HistogramDim {
  Value *edges;
  Value *coordinates;
};

/// The histogram of points over `dims` (bins in row-major order, of the
/// shape of `histType`): a point in [first, last] edge of every dim goes to
/// the bin before the first edge above it (the last bin keeping its right
/// edge), as torch's search of the edges, with its weight (`weight`, or one);
/// `density` divides by the total and each bin's size.
Value *emitHistogram(RuleContext &ctx, llvm::ArrayRef<HistogramDim> dims, DType t,
                     const ir::Type &histType) {
  OnnxBuilder &b = ctx.b;
  llvm::SmallVector<int64_t, 4> sizes;
  for (const HistogramDim &dim : dims) {
    const ir::Dim &edgeCount = dim.edges->getType().getShape()[0];
    if (!edgeCount.isStatic() || edgeCount.getSize() < 2) {
      ctx.fail("histogram needs a static number of bin edges, at least two");
      return nullptr;
    }
    sizes.push_back(edgeCount.getSize() - 1);
  }
  int64_t total = 1;
  for (int64_t size : sizes)
    total *= size;
  Value *index = nullptr, *counted = nullptr;
  for (auto [dim, bins] : llvm::zip(dims, sizes)) {
    Value *above = binarySearch(ctx, dim.edges, dim.coordinates, true);
    if (!above)
      return nullptr;
    Value *bin = b.binary("Min", b.binary("Sub", above, b.i64(1)), b.i64(bins - 1));
    Value *first = b.gather(dim.edges, b.i64(0), 0);
    Value *last = b.gather(dim.edges, b.i64(bins), 0);
    Value *inside = b.compare("And", b.compare("GreaterOrEqual", dim.coordinates, first),
                              b.compare("LessOrEqual", dim.coordinates, last));
    index = index ? b.binary("Add", b.binary("Mul", index, b.i64(bins)), bin) : bin;
    counted = counted ? b.compare("And", counted, inside) : inside;
  }
  Value *weights = ctx.optionalTensor("weight");
  Value *hist = binCounts(b, b.where(counted, index, b.i64(total)),
                          weights ? b.reshape(weights, {-1}) : nullptr, total, t);
  if (dims.size() > 1)
    hist = b.reshape(hist, sizes);
  if (!ctx.getBool("density"))
    return hist;
  hist = b.binary("Div", hist, b.reduce("ReduceSum", hist, std::nullopt, false));
  for (auto [i, dim] : llvm::enumerate(dims)) {
    int64_t bins = sizes[i];
    ir::Type widthsType = ir::Type::tensor(t, {ir::Dim(bins)});
    Value *upper =
        b.slice(dim.edges, b.i64s({1}), b.i64s({bins + 1}), b.i64s({0}), nullptr, widthsType);
    Value *lower =
        b.slice(dim.edges, b.i64s({0}), b.i64s({bins}), b.i64s({0}), nullptr, widthsType);
    Value *widths = b.binary("Sub", upper, lower);
    if (dims.size() > 1) {
      llvm::SmallVector<int64_t, 4> along(dims.size(), 1);
      along[i] = bins;
      widths = b.reshape(widths, along);
    }
    hist = b.binary("Div", hist, widths);
  }
  hist->setType(histType);
  return hist;
}

/// `bins` + 1 edges from `low` to `high` (rank-0 values of dtype `t`) as
/// torch's linspace: start + step * i in the first half, end - step * (bins -
/// i) in the second.
Value *linspaceEdges(OnnxBuilder &b, Value *low, Value *high, int64_t bins, DType t) {
  Value *step = b.binary("Div", b.binary("Sub", high, low), b.scalar(t, double(bins)));
  llvm::SmallVector<double, 16> index, rest, firstHalf;
  for (int64_t i = 0; i <= bins; ++i) {
    index.push_back(double(i));
    rest.push_back(double(bins - i));
    firstHalf.push_back(i < (bins + 1) / 2 ? 1.0 : 0.0);
  }
  Value *fromStart =
      b.binary("Add", low, b.binary("Mul", step, b.constant(makeDense(t, {bins + 1}, index))));
  Value *fromEnd =
      b.binary("Sub", high, b.binary("Mul", step, b.constant(makeDense(t, {bins + 1}, rest))));
  return b.where(b.constant(makeDense(DType::Bool, {bins + 1}, firstHalf)), fromStart, fromEnd);
}

/// The edges of `bins` bins over `coordinates` (1-D, of dtype `t`): over
/// [range[0], range[1]] when given, else over the coordinates' extremes; a
/// range of one value is widened by a half on each side.
Value *binEdges(OnnxBuilder &b, Value *coordinates, std::optional<std::pair<double, double>> range,
                int64_t bins, DType t) {
  Value *low, *high;
  if (range) {
    auto [lo, hi] = *range;
    if (lo == hi) {
      lo -= 0.5;
      hi += 0.5;
    }
    low = b.scalar(t, lo);
    high = b.scalar(t, hi);
  } else {
    low = b.reduce("ReduceMin", coordinates, llvm::ArrayRef<int64_t>{0}, false);
    high = b.reduce("ReduceMax", coordinates, llvm::ArrayRef<int64_t>{0}, false);
    Value *same = b.compare("Equal", low, high);
    low = b.where(same, b.binary("Sub", low, b.scalar(t, 0.5)), low);
    high = b.where(same, b.binary("Add", high, b.scalar(t, 0.5)), high);
  }
  return linspaceEdges(b, low, high, bins, t);
}

/// The (min, max) pairs of a histogram's `range` argument for `dims` dims:
/// nullopt entries when it is None; false after failing when it is not 2 *
/// `dims` numbers with min <= max.
bool histogramRanges(RuleContext &ctx, size_t dims,
                     llvm::SmallVectorImpl<std::optional<std::pair<double, double>>> &ranges) {
  ranges.assign(dims, std::nullopt);
  std::optional<llvm::SmallVector<double, 4>> range = ctx.getOptionalFloatList("range");
  if (!range)
    return !ctx.failed();
  if (range->size() != 2 * dims) {
    ctx.fail("the histogram range is not a (min, max) pair per dim");
    return false;
  }
  for (size_t i = 0; i < dims; ++i) {
    double lo = (*range)[2 * i], hi = (*range)[2 * i + 1];
    if (!(lo <= hi)) {
      ctx.fail("a histogram range has min > max");
      return false;
    }
    ranges[i] = std::make_pair(lo, hi);
  }
  return true;
}

// aten.histogram.bins_tensor(self, bins, *, weight=None, density=False) ->
// (hist, bin_edges): the given edges.
ValueList lowerHistogramEdges(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  Value *edges = ctx.tensor("bins");
  DType t = x->getType().getDType();
  if (!ir::isFloatingPoint(t) || edges->getType().getDType() != t || ctx.rankOf(edges) != 1)
    return ctx.fail("histogram takes floating-point tensors and 1-D edges of their dtype");
  Value *hist = emitHistogram(ctx, {{edges, ctx.b.reshape(x, {-1})}}, t, ctx.resultType(0));
  return hist ? ValueList{hist, edges} : ValueList{};
}

// aten.histogram.bin_ct(self, bins=100, *, range=None, weight=None,
// density=False) -> (hist, bin_edges): edges as binEdges makes them.
ValueList lowerHistogramBinCount(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  DType t = x->getType().getDType();
  int64_t bins = ctx.getInt("bins");
  if (!ir::isFloatingPoint(t))
    return ctx.fail("histogram takes floating-point tensors");
  if (bins <= 0)
    return ctx.fail("histogram needs bins > 0");
  llvm::SmallVector<std::optional<std::pair<double, double>>, 1> ranges;
  if (!histogramRanges(ctx, 1, ranges))
    return {};
  Value *flat = ctx.b.reshape(x, {-1});
  Value *edges = binEdges(ctx.b, flat, ranges[0], bins, t);
  Value *hist = emitHistogram(ctx, {{edges, flat}}, t, ctx.resultType(0));
  return hist ? ValueList{hist, edges} : ValueList{};
}

// aten.histogramdd.default(self, bins, range=None, weight=None,
// density=False), .int_bins (one bin count for every dim), .TensorList_bins
// (the edges of each dim) -> (hist, bin_edges[]): the histogram of the points
// along the last dim of self, one dim of bins per coordinate.
ValueList lowerHistogramdd(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  DType t = x->getType().getDType();
  int64_t rank = ctx.rankOf(x);
  if (!ir::isFloatingPoint(t) || rank == 0)
    return ctx.fail("histogramdd takes floating-point tensors of points along the last dim");
  const ir::Dim &width = x->getType().getShape()[rank - 1];
  if (!width.isStatic())
    return ctx.fail("histogramdd needs a static number of coordinates per point");
  int64_t n = width.getSize();
  Value *points = b.reshape(x, {-1, n});
  llvm::SmallVector<HistogramDim, 4> dims;
  if (ctx.getOverload() == "aten.histogramdd.TensorList_bins") {
    ValueList edges = ctx.tensorList("bins");
    if (int64_t(edges.size()) != n)
      return ctx.fail("histogramdd needs one tensor of edges per coordinate");
    for (auto [i, edge] : llvm::enumerate(edges)) {
      if (edge->getType().getDType() != t || ctx.rankOf(edge) != 1)
        return ctx.fail("histogramdd takes 1-D edges of the dtype of the points");
      dims.push_back({edge, b.gather(points, b.i64(int64_t(i)), 1)});
    }
  } else {
    llvm::SmallVector<int64_t, 4> counts = ctx.getIntList("bins");
    if (counts.size() == 1 && n != 1)
      counts.assign(n, counts[0]);
    if (int64_t(counts.size()) != n || llvm::any_of(counts, [](int64_t c) { return c <= 0; }))
      return ctx.fail("histogramdd needs a positive bin count per coordinate");
    llvm::SmallVector<std::optional<std::pair<double, double>>, 4> ranges;
    if (!histogramRanges(ctx, n, ranges))
      return {};
    for (int64_t i = 0; i < n; ++i) {
      Value *coordinates = b.gather(points, b.i64(i), 1);
      dims.push_back({binEdges(b, coordinates, ranges[i], counts[i], t), coordinates});
    }
  }
  if (ctx.failed())
    return {};
  Value *hist = emitHistogram(ctx, dims, t, ctx.resultType(0));
  if (!hist)
    return {};
  ValueList results{hist};
  for (const HistogramDim &dim : dims)
    results.push_back(dim.edges);
  return results;
}

/// Whether each slice of `x` along dim 0 starts a run of equal slices (the
/// first does; NaN equals nothing, as torch's `!=`).
Value *runStarts(OnnxBuilder &b, Value *x) {
  const ir::Type &type = x->getType();
  const ir::Dim &n = type.getShape()[0];
  ir::Dim shorter = n.isStatic()     ? ir::Dim(std::max<int64_t>(n.getSize() - 1, 0))
                    : n.isSymbolic() ? ir::Dim::of(n.getExpr() - 1)
                                     : ir::Dim::unknown();
  llvm::SmallVector<ir::Dim, 4> restDims(type.getShape().begin(), type.getShape().end());
  restDims[0] = shorter;
  ir::Type rest = type.withShape(restDims);
  Value *zero = b.i64s({0}), *one = b.i64s({1}), *axis = b.i64s({0});
  Value *later =
      b.slice(x, one, b.i64s({std::numeric_limits<int64_t>::max()}), axis, nullptr, rest);
  Value *earlier = b.slice(x, zero, b.i64s({-1}), axis, nullptr, rest);
  Value *changes = b.unary("Not", b.compare("Equal", later, earlier));
  int64_t rank = int64_t(type.getRank());
  if (rank > 1) {
    llvm::SmallVector<int64_t, 4> within;
    for (int64_t i = 1; i < rank; ++i)
      within.push_back(i);
    changes =
        b.cast(b.reduce("ReduceMax", b.cast(changes, DType::Int32), within, false), DType::Bool);
  }
  Value *starts = b.concat({b.constant(makeDense(DType::Bool, {1}, {1.0})), changes}, 0);
  if (n.isStatic() && n.getSize() > 0)
    return starts;
  // An empty tensor has no first element.
  return b.slice(starts, zero, b.shapeOf(x, 0, 1), axis, nullptr,
                 ir::Type::tensor(DType::Bool, {n}));
}

/// The results of unique and unique_consecutive over the slices of `sorted`
/// along dim 0 (in the order of `order` when given, else as they are): the
/// first slice of each run of equal ones (Compress, of type `valuesType`),
/// each slice's run number at its place (a running count of run starts,
/// scattered back through `order`; of the shape of `inverseLike` when
/// given), and the runs' lengths (differences of their starts, NonZero). An
/// inverse or counts not asked for is empty, as torch returns it.
ValueList emitRuns(RuleContext &ctx, Value *sorted, Value *order, const ir::Type &valuesType,
                   Value *inverseLike) {
  OnnxBuilder &b = ctx.b;
  Value *starts = runStarts(b, sorted);
  Value *values = b.op("Compress", {sorted, starts}, valuesType, {{"axis", Attribute::integer(0)}});
  ValueList results{values};
  if (ctx.getBool("return_inverse")) {
    ir::Type runsType = starts->getType().withDType(DType::Int64);
    Value *runs = b.binary(
        "Sub", b.op("CumSum", {b.cast(starts, DType::Int64), b.i64(0)}, runsType), b.i64(1));
    if (order)
      runs =
          b.op("ScatterElements", {runs, order, runs}, runsType, {{"axis", Attribute::integer(0)}});
    if (inverseLike)
      runs = b.reshape(runs, b.shapeOf(inverseLike), ctx.resultType(1));
    results.push_back(runs);
  } else {
    results.push_back(b.constant(makeDenseInt(ctx.resultDType(1), {0}, {})));
  }
  if (ctx.getBool("return_counts")) {
    ir::Type positionsType = ir::Type::tensor(DType::Int64, {ir::Dim::unknown()});
    Value *positions = b.reshape(
        b.op("NonZero", {starts}, ir::Type::tensor(DType::Int64, {ir::Dim(1), ir::Dim::unknown()})),
        b.i64s({-1}), positionsType);
    Value *ends =
        b.concat({b.slice(positions, b.i64s({1}), b.i64s({std::numeric_limits<int64_t>::max()}),
                          b.i64s({0}), nullptr, positionsType),
                  b.shapeOf(sorted, 0, 1)},
                 0);
    Value *counts = b.binary("Sub", ends, positions);
    counts->setType(ctx.resultType(2));
    results.push_back(counts);
  } else {
    results.push_back(b.constant(makeDenseInt(ctx.resultDType(2), {0}, {})));
  }
  return results;
}

// aten.unique_consecutive.default(self, return_inverse=False,
// return_counts=False, dim=None) -> (values, inverse, counts): of the
// flattened tensor, or of its slices along dim.
ValueList lowerUniqueConsecutive(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  std::optional<int64_t> givenDim = ctx.getOptionalInt("dim");
  if (!givenDim) {
    if (ctx.failed())
      return {};
    return emitRuns(ctx, b.reshape(x, {-1}), nullptr, ctx.resultType(0), x);
  }
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(*givenDim, rank);
  if (ctx.failed())
    return {};
  if (dim == 0)
    return emitRuns(ctx, x, nullptr, ctx.resultType(0), nullptr);
  // The slices along dim first, and back.
  llvm::SmallVector<int64_t, 4> perm{dim};
  for (int64_t i = 0; i < rank; ++i)
    if (i != dim)
      perm.push_back(i);
  llvm::SmallVector<int64_t, 4> back(rank);
  for (int64_t i = 0; i < rank; ++i)
    back[perm[i]] = i;
  const ir::Type &valuesType = ctx.resultType(0);
  llvm::SmallVector<ir::Dim, 4> movedDims;
  for (int64_t i : perm)
    movedDims.push_back(valuesType.getShape()[i]);
  ValueList results =
      emitRuns(ctx, b.transpose(x, perm), nullptr, valuesType.withShape(movedDims), nullptr);
  results[0] = b.transpose(results[0], back);
  results[0]->setType(valuesType);
  return results;
}

// aten._unique2.default(self, sorted=True, return_inverse=False,
// return_counts=False) -> (values, inverse, counts): the runs of the
// flattened tensor's stable sort, so each NaN is a value of its own, last, as
// in torch (ONNX Unique merges NaN with other values in ONNX Runtime). torch
// sorts for sorted=False too.
ValueList lowerUnique(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  if (!sortable(x->getType().getDType()))
    return ctx.fail("unique of uint64 tensors is not supported");
  Sorted sorted = sortAlong(ctx.b, ctx.b.reshape(x, {-1}), 0, false);
  return emitRuns(ctx, sorted.values, sorted.indices, ctx.resultType(0), x);
}

// aten.unique_dim.default(self, dim, sorted=True, return_inverse=False,
// return_counts=False) -> (values, inverse, counts): the distinct slices
// along dim in lexicographic order (torch sorts for sorted=False too). From
// every pair of slices (flattened to rows, n^2 comparisons of whole rows):
// whether one is below the other (at their first differing element) and
// whether they are equal; a row's number is the count of first occurrences
// below it, and the first occurrences, scattered to their numbers, are the
// values.
ValueList lowerUniqueDim(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (ctx.failed())
    return {};
  DType t = x->getType().getDType();
  if (t == DType::UInt64 || t == DType::Complex64 || t == DType::Complex128)
    return ctx.fail("unique_dim of uint64 and complex tensors is not supported");
  llvm::SmallVector<int64_t, 4> perm{dim};
  for (int64_t i = 0; i < rank; ++i)
    if (i != dim)
      perm.push_back(i);
  Value *moved = dim == 0 ? x : b.transpose(x, perm);
  Value *rows = b.reshape(moved, {0, -1});
  // Ordered comparisons take no bools.
  Value *keys = t == DType::Bool ? b.cast(rows, DType::Int32) : rows;
  Value *left = b.unsqueeze(keys, {1}), *right = b.unsqueeze(keys, {0});
  Value *differ = b.cast(b.unary("Not", b.compare("Equal", left, right)), DType::Int32);
  Value *firstDifference = b.op(
      "ArgMax", {differ},
      OnnxBuilder::reducedType(differ->getType(), llvm::ArrayRef<int64_t>{2}, true, DType::Int64),
      {{"axis", Attribute::integer(2)},
       {"keepdims", Attribute::integer(1)},
       {"select_last_index", Attribute::integer(0)}});
  Value *belowThere =
      gatherElements(b, b.cast(b.compare("Less", left, right), DType::Int64), firstDifference, 2);
  Value *distinct =
      b.cast(b.reduce("ReduceMax", differ, llvm::ArrayRef<int64_t>{2}, false), DType::Int64);
  // below[i][j]: row i is below row j.
  Value *below = b.binary("Mul", b.squeeze(belowThere, {2}), distinct);
  Value *n = b.shapeOf(rows, 0, 1);
  Value *positions = positionsAlong(b, rows, 0);
  Value *earlier = b.cast(
      b.compare("Less", b.unsqueeze(positions, {1}), b.unsqueeze(positions, {0})), DType::Int64);
  Value *equalEarlier =
      b.reduce("ReduceMax", b.binary("Mul", b.binary("Sub", b.i64(1), distinct), earlier),
               llvm::ArrayRef<int64_t>{0}, false);
  Value *first = b.binary("Sub", b.i64(1), equalEarlier);
  Value *inverse = b.reduce("ReduceSum", b.binary("Mul", below, b.unsqueeze(first, {1})),
                            llvm::ArrayRef<int64_t>{0}, false);
  Value *isFirst = b.cast(first, DType::Bool);
  const ir::Type &valuesType = ctx.resultType(0);
  ir::Dim uniqueCount = valuesType.isRanked() ? valuesType.getShape()[dim] : ir::Dim::unknown();
  ir::Type uniqueRows = rows->getType().withShape({uniqueCount, rows->getType().getShape()[1]});
  Value *firstRows =
      b.op("Compress", {rows, isFirst}, uniqueRows, {{"axis", Attribute::integer(0)}});
  Value *slots = b.op("Compress", {inverse, isFirst}, ir::Type::tensor(DType::Int64, {uniqueCount}),
                      {{"axis", Attribute::integer(0)}});
  Value *sortedRows =
      b.op("ScatterND", {firstRows, b.unsqueeze(slots, {1}), firstRows}, uniqueRows);
  // Back to the shape of self, the distinct slices along dim.
  llvm::SmallVector<OnnxBuilder::ShapeElement, 4> shape{{-1, nullptr}};
  for (int64_t i = 1; i < rank; ++i) {
    const ir::Dim &size = moved->getType().getShape()[i];
    shape.push_back(size.isStatic() ? OnnxBuilder::ShapeElement{size.getSize(), nullptr}
                                    : OnnxBuilder::ShapeElement{std::nullopt, b.dimSize(moved, i)});
  }
  llvm::SmallVector<ir::Dim, 4> movedDims(moved->getType().getShape().begin(),
                                          moved->getType().getShape().end());
  movedDims[0] = uniqueCount;
  Value *values = b.reshape(sortedRows, b.buildShape(shape), moved->getType().withShape(movedDims));
  if (dim != 0) {
    llvm::SmallVector<int64_t, 4> back(rank);
    for (int64_t i = 0; i < rank; ++i)
      back[perm[i]] = i;
    values = b.transpose(values, back);
  }
  values->setType(valuesType);
  ValueList results{values};
  results.push_back(ctx.getBool("return_inverse")
                        ? inverse
                        : b.constant(makeDenseInt(ctx.resultDType(1), {0}, {})));
  if (ctx.getBool("return_counts")) {
    Value *zeros = b.op(
        "ConstantOfShape", {b.unsqueeze(b.reduce("ReduceSum", first, std::nullopt, false), {0})},
        ctx.resultType(2), {{"value", Attribute::dense(makeDenseInt(DType::Int64, {1}, {0}))}});
    results.push_back(
        b.op("ScatterElements",
             {zeros, inverse,
              b.op("ConstantOfShape", {n}, inverse->getType(),
                   {{"value", Attribute::dense(makeDenseInt(DType::Int64, {1}, {1}))}})},
             ctx.resultType(2),
             {{"axis", Attribute::integer(0)}, {"reduction", Attribute::string("add")}}));
  } else {
    results.push_back(b.constant(makeDenseInt(ctx.resultDType(2), {0}, {})));
  }
  return results;
}

} // namespace

void registerSortingLowerings(LoweringRegistry &r) {
  r.add("aten._unique2.default", lowerUnique);
  r.add("aten.argsort.default", lowerArgsort);
  r.add("aten.argsort.stable", lowerArgsort);
  r.add("aten.bucketize.Scalar", lowerBucketize);
  r.add("aten.bucketize.Tensor", lowerBucketize);
  r.add("aten.histc.default", lowerHistc);
  r.add("aten.histogram.bin_ct", lowerHistogramBinCount);
  r.add("aten.histogram.bins_tensor", lowerHistogramEdges);
  r.add("aten.histogramdd.TensorList_bins", lowerHistogramdd);
  r.add("aten.histogramdd.default", lowerHistogramdd);
  r.add("aten.histogramdd.int_bins", lowerHistogramdd);
  r.add("aten.isin.Scalar_Tensor", lowerIsinScalarTensor);
  r.add("aten.isin.Tensor_Scalar", lowerIsinTensorScalar);
  r.add("aten.isin.Tensor_Tensor", lowerIsinTensorTensor);
  r.add("aten.kthvalue.default", lowerKthvalue);
  r.add("aten.median.default", lowerMedian);
  r.add("aten.median.dim", lowerMedianAlong);
  r.add("aten.mode.default", lowerMode);
  r.add("aten.nanmedian.default", lowerNanmedian);
  r.add("aten.nanmedian.dim", lowerNanmedianAlong);
  r.add("aten.nanquantile.default", lowerNanquantile);
  r.add("aten.nanquantile.scalar", lowerNanquantile);
  r.add("aten.quantile.default", lowerQuantile);
  r.add("aten.quantile.scalar", lowerQuantile);
  r.add("aten.searchsorted.Scalar", lowerSearchsorted);
  r.add("aten.searchsorted.Tensor", lowerSearchsorted);
  r.add("aten.sort.default", lowerSort);
  r.add("aten.sort.stable", lowerSort);
  r.add("aten.topk.default", lowerTopk);
  r.add("aten.unique_consecutive.default", lowerUniqueConsecutive);
  r.add("aten.unique_dim.default", lowerUniqueDim);
}

} // namespace pt2onnx::lowering
