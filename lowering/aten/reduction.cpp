//===- reduction.cpp - Reductions and scans ---------------------------------===//
//
// A reduction over `dim=None` or `dim=[]` reduces every dim, as in torch.
// Inputs are cast to the result dtype first (sum of an int tensor is int64,
// mean of a float16 one float16). Reductions of a rank-0 tensor return it.
// Axes are an input of Reduce* ops from opset 18 (ReduceSum from 13),
// which OnnxBuilder::reduce takes care of.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/aten/FloatExpr.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// The dims a reduction over `arg` reduces, sorted: every dim when the
/// argument is absent, None or empty.
llvm::SmallVector<int64_t, 4> reductionAxes(RuleContext &ctx, int64_t rank,
                                            llvm::StringRef arg = "dim") {
  llvm::SmallVector<int64_t, 4> axes;
  std::optional<llvm::SmallVector<int64_t, 4>> dims = ctx.getOptionalIntList(arg);
  if (!dims || dims->empty()) {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
    return axes;
  }
  for (int64_t d : *dims) {
    int64_t a = ctx.normalizeDim(d, rank);
    if (rank > 0 && !llvm::is_contained(axes, a))
      axes.push_back(a);
  }
  llvm::sort(axes);
  return axes;
}

/// `opType` over `arg`'s axes of `self` in the result dtype.
ValueList lowerReduce(RuleContext &ctx, llvm::StringRef opType, llvm::StringRef arg = "dim") {
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> axes = reductionAxes(ctx, rank, arg);
  // The full reductions (aten.sum.default, aten.max.default) have no keepdim.
  bool keepdim = ctx.getOptionalBool("keepdim").value_or(false);
  if (axes.empty())
    return {x};
  DType t = x->getType().getDType();
  // Reduce{Max,Min} take bool from opset 20 only; go through uint8.
  if (t == DType::Bool)
    return {ctx.b.cast(ctx.b.reduce(opType, ctx.b.cast(x, DType::UInt8), axes, keepdim), t)};
  Value *r = ctx.b.reduce(opType, x, axes, keepdim);
  r->setType(ctx.resultType());
  return {r};
}

// aten.sum.dim_IntList(self, dim, keepdim=False, *, dtype=None), aten.sum.default(self, *,
// dtype=None)
ValueList lowerSum(RuleContext &ctx) { return lowerReduce(ctx, "ReduceSum"); }
// aten.mean.dim(self, dim, keepdim=False, *, dtype=None), aten.mean.default
ValueList lowerMean(RuleContext &ctx) { return lowerReduce(ctx, "ReduceMean"); }
// aten.amax.default(self, dim=[], keepdim=False), aten.max.default(self)
ValueList lowerAmax(RuleContext &ctx) { return lowerReduce(ctx, "ReduceMax"); }
// aten.amin.default(self, dim=[], keepdim=False), aten.min.default(self)
ValueList lowerAmin(RuleContext &ctx) { return lowerReduce(ctx, "ReduceMin"); }
// aten.prod.dim_int(self, dim, keepdim=False, *, dtype=None), aten.prod.default
ValueList lowerProd(RuleContext &ctx) { return lowerReduce(ctx, "ReduceProd"); }
// aten.logsumexp.default(self, dim, keepdim=False)
ValueList lowerLogSumExp(RuleContext &ctx) { return lowerReduce(ctx, "ReduceLogSumExp"); }

// aten.aminmax.default(self, *, dim=None, keepdim=False) -> (min, max)
ValueList lowerAminmax(RuleContext &ctx) {
  ValueList lo = lowerReduce(ctx, "ReduceMin"), hi = lowerReduce(ctx, "ReduceMax");
  if (lo.empty() || hi.empty())
    return {};
  lo.front()->setType(ctx.resultType(0));
  hi.front()->setType(ctx.resultType(1));
  return {lo.front(), hi.front()};
}

/// all/any: min/max of the truth values as uint8 (an empty all is true, an
/// empty any false, as the reductions' identities are).
ValueList lowerAllAny(RuleContext &ctx, llvm::StringRef opType) {
  Value *x = ctx.b.cast(ctx.b.cast(ctx.tensor("self"), DType::Bool), DType::UInt8);
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> axes = reductionAxes(ctx, rank);
  // aten.all.default and aten.any.default have no keepdim.
  bool keepdim = ctx.getOptionalBool("keepdim").value_or(false);
  Value *r = axes.empty() ? x : ctx.b.reduce(opType, x, axes, keepdim);
  return {ctx.b.cast(r, ctx.resultDType())};
}
// aten.all.default(self), aten.all.dim(self, dim, keepdim=False), aten.all.dims
ValueList lowerAll(RuleContext &ctx) { return lowerAllAny(ctx, "ReduceMin"); }
// aten.any.default(self), aten.any.dim, aten.any.dims
ValueList lowerAny(RuleContext &ctx) { return lowerAllAny(ctx, "ReduceMax"); }

/// ArgMax/ArgMin of `x` along `axis`; the first index of ties, as torch.
Value *emitArg(RuleContext &ctx, llvm::StringRef opType, Value *x, int64_t axis, bool keepdim) {
  DType t = x->getType().getDType();
  if (t == DType::Bool)
    x = ctx.b.cast(x, DType::UInt8);
  ir::Type type =
      OnnxBuilder::reducedType(x->getType(), llvm::ArrayRef<int64_t>{axis}, keepdim, DType::Int64);
  return ctx.b.op(opType, {x}, type,
                  {{"axis", Attribute::integer(axis)},
                   {"keepdims", Attribute::integer(keepdim ? 1 : 0)},
                   {"select_last_index", Attribute::integer(0)}});
}

/// argmax/argmin(self, dim=None, keepdim=False): over the flattened tensor
/// when dim is None.
ValueList lowerArgReduce(RuleContext &ctx, llvm::StringRef opType) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  bool keepdim = ctx.getBool("keepdim");
  std::optional<int64_t> dim = ctx.getOptionalInt("dim");
  if (rank == 0)
    return {ctx.b.i64(0)};
  if (dim)
    return {emitArg(ctx, opType, x, ctx.normalizeDim(*dim, rank), keepdim)};
  Value *index = emitArg(ctx, opType, ctx.b.reshape(x, {-1}), 0, false);
  if (keepdim)
    index = ctx.b.reshape(index, llvm::SmallVector<int64_t, 4>(rank, 1));
  index->setType(ctx.resultType());
  return {index};
}
// aten.argmax.default(self, dim=None, keepdim=False)
ValueList lowerArgmax(RuleContext &ctx) { return lowerArgReduce(ctx, "ArgMax"); }
// aten.argmin.default(self, dim=None, keepdim=False)
ValueList lowerArgmin(RuleContext &ctx) { return lowerArgReduce(ctx, "ArgMin"); }

/// max.dim/min.dim(self, dim, keepdim=False) -> (values, indices)
ValueList lowerReduceWithIndices(RuleContext &ctx, llvm::StringRef reduceOp,
                                 llvm::StringRef argOp) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  bool keepdim = ctx.getBool("keepdim");
  if (rank == 0)
    return {x, ctx.b.i64(0)};
  DType t = x->getType().getDType();
  Value *input = t == DType::Bool ? ctx.b.cast(x, DType::UInt8) : x;
  Value *values =
      ctx.b.cast(ctx.b.reduce(reduceOp, input, llvm::ArrayRef<int64_t>{dim}, keepdim), t);
  return {values, emitArg(ctx, argOp, x, dim, keepdim)};
}
// aten.max.dim(self, dim, keepdim=False)
ValueList lowerMaxDim(RuleContext &ctx) {
  return lowerReduceWithIndices(ctx, "ReduceMax", "ArgMax");
}
// aten.min.dim(self, dim, keepdim=False)
ValueList lowerMinDim(RuleContext &ctx) {
  return lowerReduceWithIndices(ctx, "ReduceMin", "ArgMin");
}

/// The number of elements over `axes` of `x`, as a rank-0 tensor of `dtype`.
Value *countOver(RuleContext &ctx, Value *x, llvm::ArrayRef<int64_t> axes, DType dtype) {
  const ir::Type &t = x->getType();
  int64_t n = 1;
  bool known = true;
  for (int64_t a : axes) {
    const ir::Dim &d = t.getShape()[a];
    if (!d.isStatic()) {
      known = false;
      break;
    }
    n *= d.getSize();
  }
  if (known)
    return ctx.b.scalar(dtype, double(n));
  Value *dims = ctx.b.gather(ctx.b.shapeOf(x), ctx.b.i64s(axes), 0);
  return ctx.b.cast(ctx.b.reduce("ReduceProd", dims, std::nullopt, false), dtype);
}

/// (var, mean) over the reduced axes with Bessel's `correction`.
std::pair<Value *, Value *> emitVarMean(RuleContext &ctx, Value *x, llvm::ArrayRef<int64_t> axes,
                                        double correction, bool keepdim) {
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  Value *meanKept = b.reduce("ReduceMean", x, axes, true);
  Value *centered = b.binary("Sub", x, meanKept);
  Value *sumSquares = b.reduce("ReduceSum", b.binary("Mul", centered, centered), axes, keepdim);
  Value *count = countOver(ctx, x, axes, t);
  Value *dof = b.binary("Max", b.binary("Sub", count, b.scalar(t, correction)), b.scalar(t, 0.0));
  Value *var = b.binary("Div", sumSquares, dof);
  Value *mean = keepdim ? meanKept : b.reduce("ReduceMean", x, axes, false);
  return {var, mean};
}

/// The correction of var/std: `correction`, or 1 (0 if not `unbiased`).
/// torch reads a None correction as 1; the .correction overloads have no
/// `unbiased`.
double getCorrection(RuleContext &ctx) {
  if (std::optional<double> c = ctx.getOptionalFloat("correction"))
    return *c;
  return ctx.getOptionalBool("unbiased").value_or(true) ? 1.0 : 0.0;
}

ValueList lowerVarStd(RuleContext &ctx, bool isStd, bool withMean) {
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> axes = reductionAxes(ctx, rank);
  // aten.var.default and aten.std.default have no keepdim.
  bool keepdim = ctx.getOptionalBool("keepdim").value_or(false);
  double correction = getCorrection(ctx);
  if (axes.empty()) {
    DType t = x->getType().getDType();
    Value *zero = ctx.b.binary("Sub", x, x);
    Value *var = correction >= 1.0 ? ctx.b.binary("Div", zero, ctx.b.scalar(t, 0.0)) : zero;
    return withMean ? ValueList{var, x} : ValueList{var};
  }
  auto [var, mean] = emitVarMean(ctx, x, axes, correction, keepdim);
  if (isStd)
    var = ctx.b.unary("Sqrt", var);
  return withMean ? ValueList{var, mean} : ValueList{var};
}
// aten.var.correction(self, dim=None, *, correction=None, keepdim=False),
// aten.var.dim(self, dim, unbiased=True, keepdim=False), aten.var.default(self, unbiased=True)
ValueList lowerVar(RuleContext &ctx) { return lowerVarStd(ctx, false, false); }
ValueList lowerStd(RuleContext &ctx) { return lowerVarStd(ctx, true, false); }
// aten.var_mean.correction -> (var, mean), aten.std_mean.correction -> (std, mean)
ValueList lowerVarMean(RuleContext &ctx) { return lowerVarStd(ctx, false, true); }
ValueList lowerStdMean(RuleContext &ctx) { return lowerVarStd(ctx, true, true); }

/// The p-norm over `axes`: ReduceL1/L2, max/min of |x| for +-inf, count of
/// non-zeros for 0, else (sum |x|^p)^(1/p).
Value *emitNorm(RuleContext &ctx, Value *x, double p, llvm::ArrayRef<int64_t> axes, bool keepdim) {
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  if (p == 2.0)
    return b.reduce("ReduceL2", x, axes, keepdim);
  if (p == 1.0)
    return b.reduce("ReduceL1", x, axes, keepdim);
  Value *absX = b.unary("Abs", x);
  if (std::isinf(p))
    return b.reduce(p > 0 ? "ReduceMax" : "ReduceMin", absX, axes, keepdim);
  if (p == 0.0)
    return b.reduce("ReduceSum",
                    b.cast(b.op("Not", {b.compare("Equal", x, b.scalar(t, 0.0))},
                                x->getType().withDType(DType::Bool)),
                           t),
                    axes, keepdim);
  Value *sum = b.reduce("ReduceSum", b.binary("Pow", absX, b.scalar(t, p)), axes, keepdim);
  return b.binary("Pow", sum, b.scalar(t, 1.0 / p));
}

// aten.linalg_vector_norm.default(self, ord=2, dim=None, keepdim=False, *, dtype=None)
ValueList lowerVectorNorm(RuleContext &ctx) {
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> axes = reductionAxes(ctx, rank);
  double p = ctx.getFloat("ord");
  bool keepdim = ctx.getBool("keepdim");
  if (axes.empty())
    return {p == 0.0
                ? ctx.b.cast(ctx.b.op("Not",
                                      {ctx.b.compare("Equal", x,
                                                     ctx.b.scalar(x->getType().getDType(), 0.0))},
                                      x->getType().withDType(DType::Bool)),
                             x->getType().getDType())
                : ctx.b.unary("Abs", x)};
  return {emitNorm(ctx, x, p, axes, keepdim)};
}

// aten.norm.ScalarOpt_dim(self, p, dim, keepdim=False), aten.norm.Scalar(self, p=2)
ValueList lowerNorm(RuleContext &ctx) {
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> axes = reductionAxes(ctx, rank);
  // A None p (aten.norm.ScalarOpt_dim) is torch's 2-norm; aten.norm.Scalar
  // has no keepdim.
  double p = ctx.getOptionalFloat("p").value_or(2.0);
  bool keepdim = ctx.getOptionalBool("keepdim").value_or(false);
  if (axes.empty())
    return {ctx.b.unary("Abs", x)};
  return {emitNorm(ctx, x, p, axes, keepdim)};
}

// aten.cdist.default(x1, x2, p=2, compute_mode=None),
// aten._cdist_forward.default(x1, x2, p, compute_mode): the p-norm distance
// of every row of x1 [.., P, M] to every row of x2 [.., R, M], [.., P, R],
// from the differences x1[.., :, None, :] - x2[.., None, :, :] (batch dims
// broadcast). torch may compute p = 2 as |a|^2 + |b|^2 - 2 a.b for large
// inputs; the differences are the exact form it approximates.
ValueList lowerCdist(RuleContext &ctx) {
  DType t = ctx.resultDType();
  Value *x1 = ctx.b.cast(ctx.tensor("x1"), t), *x2 = ctx.b.cast(ctx.tensor("x2"), t);
  int64_t rank1 = ctx.rankOf(x1), rank2 = ctx.rankOf(x2);
  if (rank1 < 2 || rank2 < 2)
    return ctx.fail("cdist needs operands of rank 2 or more");
  Value *rows1 = ctx.b.unsqueeze(x1, {rank1 - 1});
  Value *rows2 = ctx.b.unsqueeze(x2, {rank2 - 2});
  Value *d = ctx.b.binary("Sub", rows1, rows2);
  int64_t last = std::max(rank1, rank2);
  Value *r = emitNorm(ctx, d, ctx.getFloat("p"), {last}, false);
  r->setType(ctx.resultType());
  return {r};
}

// aten.pdist.default(self, p=2), aten._pdist_forward.default: the p-norm
// distance of rows i < j of self [N, M], in the order (0, 1), (0, 2), .., (N-2, N-1); N must be static.
ValueList lowerPdist(RuleContext &ctx) {
  DType t = ctx.resultDType();
  Value *x = ctx.b.cast(ctx.tensor("self"), t);
  if (ctx.rankOf(x) != 2)
    return ctx.fail("pdist needs a tensor of rank 2");
  const ir::Dim &rows = x->getType().getShape()[0];
  if (!rows.isStatic())
    return ctx.fail("pdist needs a static number of rows");
  std::vector<int64_t> first, second;
  for (int64_t i = 0; i < rows.getSize(); ++i)
    for (int64_t j = i + 1; j < rows.getSize(); ++j) {
      first.push_back(i);
      second.push_back(j);
    }
  int64_t pairs = int64_t(first.size());
  Value *a = ctx.b.gather(x, ctx.b.constant(makeDenseInt(DType::Int64, {pairs}, first)), 0);
  Value *b = ctx.b.gather(x, ctx.b.constant(makeDenseInt(DType::Int64, {pairs}, second)), 0);
  Value *d = ctx.b.binary("Sub", a, b);
  Value *r = emitNorm(ctx, d, ctx.getFloat("p"), {1}, false);
  r->setType(ctx.resultType());
  return {r};
}

// aten.cumsum.default(self, dim, *, dtype=None)
ValueList lowerCumsum(RuleContext &ctx) {
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (rank == 0)
    return {x};
  return {ctx.b.op("CumSum", {x, ctx.b.i64(dim)}, ctx.resultType())};
}

/// A Scan along `dim` of `x`: `initial` are the states, the body gets
/// (states..., slice) and `step` returns (new states..., outputs...), each
/// output stacked along `dim`. Returns the Scan's results.
ValueList emitScanAlong(RuleContext &ctx, Value *x, int64_t dim, llvm::ArrayRef<Value *> initial,
                        llvm::ArrayRef<ir::Type> outputTypes,
                        llvm::function_ref<ValueList(ValueList states, Value *slice)> step) {
  OnnxBuilder &b = ctx.b;
  const ir::Type &t = x->getType();
  llvm::SmallVector<ir::Dim, 4> sliceDims(t.getShape().begin(), t.getShape().end());
  sliceDims.erase(sliceDims.begin() + dim);
  ir::Type sliceType = t.withShape(sliceDims);
  llvm::SmallVector<ir::Type, 4> types;
  for (Value *v : initial)
    types.push_back(v->getType());
  types.append(outputTypes.begin(), outputTypes.end());
  llvm::SmallVector<Value *, 4> operands(initial.begin(), initial.end());
  operands.push_back(x);
  llvm::SmallVector<int64_t, 2> outputAxes(outputTypes.size(), dim);
  ir::Operation *scan = b.create("Scan", operands, types,
                                 {{"num_scan_inputs", Attribute::integer(1)},
                                  {"scan_input_axes", Attribute::intList({dim})},
                                  {"scan_output_axes", Attribute::intList(outputAxes)}},
                                 1);
  ir::Block *body = scan->getRegion(0).addBlock();
  ValueList states;
  for (Value *v : initial)
    states.push_back(body->addArgument(v->getType()));
  Value *slice = body->addArgument(sliceType);
  ir::Builder &builder = b.getBuilder();
  {
    ir::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(body);
    builder.createReturn(step(states, slice));
  }
  ValueList results;
  for (unsigned i = 0; i < scan->getNumResults(); ++i)
    results.push_back(scan->getResult(i));
  return results;
}

/// A tensor like the slice of `x` along `dim`, filled with `value`.
Value *sliceFilled(OnnxBuilder &b, Value *x, int64_t dim, ir::DType dtype, double value) {
  Value *first = b.gather(x, b.i64(0), dim);
  return b.op("ConstantOfShape", {b.shapeOf(first)}, first->getType().withDType(dtype),
              {{"value", Attribute::dense(makeDense(dtype, {1}, {value}))}});
}

// aten.cumprod.default(self, dim, *, dtype=None): a Scan multiplying in order.
ValueList lowerCumprod(RuleContext &ctx) {
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (rank == 0)
    return {x};
  Value *ones = sliceFilled(ctx.b, x, dim, x->getType().getDType(), 1.0);
  ValueList r = emitScanAlong(ctx, x, dim, {ones}, {ctx.resultType()},
                              [&](ValueList states, Value *slice) -> ValueList {
                                Value *product = ctx.b.binary("Mul", states[0], slice);
                                return {product, product};
                              });
  return {r[1]};
}

/// cummax/cummin(self, dim) -> (values, indices): a Scan keeping the running
/// extreme and its index; as torch, a NaN or a value >= (<=) the running one
/// takes over, so ties give the last index. The running extreme starts as the
/// first slice, or, for floats whose slices have a static shape, as a
/// constant -inf (+inf), which every first element takes over.
ValueList lowerCumExtreme(RuleContext &ctx, llvm::StringRef compareOp) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (rank == 0)
    return {x, ctx.b.i64(0)};
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  bool isFloat = ir::isFloatingPoint(t);
  Value *first = b.gather(x, b.i64(0), dim);
  if (isFloat && first->getType().hasStaticShape())
    first = sliceFilled(b, x, dim, t, compareOp == "GreaterOrEqual" ? -INFINITY : INFINITY);
  Value *zeroIndex = sliceFilled(b, x, dim, DType::Int64, 0.0);
  ValueList r = emitScanAlong(
      ctx, x, dim, {first, zeroIndex, b.i64(0)}, {ctx.resultType(0), ctx.resultType(1)},
      [&](ValueList states, Value *slice) -> ValueList {
        Value *best = states[0], *bestIndex = states[1], *i = states[2];
        // ONNX's ordered comparisons take no bool: bools compare as int32.
        Value *takes = t == DType::Bool ? b.compare(compareOp, b.cast(slice, DType::Int32),
                                                    b.cast(best, DType::Int32))
                                        : b.compare(compareOp, slice, best);
        // A NaN running extreme compares false, so only a NaN takes over.
        if (isFloat)
          takes = b.compare("Or", b.op("IsNaN", {slice}, slice->getType().withDType(DType::Bool)),
                            takes);
        Value *newBest = b.where(takes, slice, best);
        Value *newIndex = b.where(takes, i, bestIndex);
        Value *next = b.binary("Add", i, b.i64(1));
        return {newBest, newIndex, next, newBest, newIndex};
      });
  return {r[3], r[4]};
}
// aten.cummax.default(self, dim) -> (values, indices)
ValueList lowerCummax(RuleContext &ctx) { return lowerCumExtreme(ctx, "GreaterOrEqual"); }
// aten.cummin.default(self, dim) -> (values, indices)
ValueList lowerCummin(RuleContext &ctx) { return lowerCumExtreme(ctx, "LessOrEqual"); }

// aten.logcumsumexp.default(self, dim): a Scan adding each element to the
// running log-sum as max + softplus(min - max) (no overflow, and no
// underflow of elements far below a later maximum); equal operands (two
// infinities of one sign included) give max + log(2), -inf as the start, and
// a NaN makes the rest NaN.
ValueList lowerLogcumsumexp(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.b.cast(ctx.tensor("self"), ctx.resultDType());
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  DType t = x->getType().getDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("logcumsumexp takes floating-point tensors");
  if (rank == 0)
    return {x};
  Value *start = sliceFilled(b, x, dim, t, -INFINITY);
  ValueList r = emitScanAlong(ctx, x, dim, {start}, {ctx.resultType()},
                              [&](ValueList states, Value *slice) -> ValueList {
                                Value *high = b.binary("Max", states[0], slice);
                                Value *low = b.binary("Min", states[0], slice);
                                Value *sum = b.binary(
                                    "Add", high, FloatExpr(b, t).softplus(b.binary("Sub", low, high)));
                                Value *twice = b.binary("Add", high, b.scalar(t, std::log(2.0)));
                                Value *total = b.where(b.compare("Equal", low, high), twice, sum);
                                // Max and Min drop a NaN operand; torch's sum is NaN from there.
                                ir::Type flags = low->getType().withDType(DType::Bool);
                                Value *stateNaN = b.op("IsNaN", {states[0]}, flags);
                                Value *sliceNaN = b.op("IsNaN", {slice}, flags);
                                Value *nan = b.compare("Or", stateNaN, sliceNaN);
                                total = b.where(nan, b.binary("Add", states[0], slice), total);
                                return {total, total};
                              });
  return {r[1]};
}

} // namespace

void registerReductionLowerings(LoweringRegistry &r) {
  r.add("aten.sum.dim_IntList", lowerSum);
  r.add("aten.sum.default", lowerSum);
  r.add("aten.mean.dim", lowerMean);
  r.add("aten.mean.default", lowerMean);
  r.add("aten.amax.default", lowerAmax);
  r.add("aten.amin.default", lowerAmin);
  r.add("aten.max.default", lowerAmax);
  r.add("aten.min.default", lowerAmin);
  r.add("aten.prod.dim_int", lowerProd);
  r.add("aten.prod.default", lowerProd);
  r.add("aten.logsumexp.default", lowerLogSumExp);
  r.add("aten.aminmax.default", lowerAminmax);
  r.add("aten.all.default", lowerAll);
  r.add("aten.all.dim", lowerAll);
  r.add("aten.all.dims", lowerAll);
  r.add("aten.any.default", lowerAny);
  r.add("aten.any.dim", lowerAny);
  r.add("aten.any.dims", lowerAny);
  r.add("aten.argmax.default", lowerArgmax);
  r.add("aten.argmin.default", lowerArgmin);
  r.add("aten.max.dim", lowerMaxDim);
  r.add("aten.min.dim", lowerMinDim);
  r.add("aten.var.correction", lowerVar);
  r.add("aten.var.dim", lowerVar);
  r.add("aten.var.default", lowerVar);
  r.add("aten.std.correction", lowerStd);
  r.add("aten.std.dim", lowerStd);
  r.add("aten.std.default", lowerStd);
  r.add("aten.var_mean.correction", lowerVarMean);
  r.add("aten.std_mean.correction", lowerStdMean);
  r.add("aten.linalg_vector_norm.default", lowerVectorNorm);
  r.add("aten.cdist.default", lowerCdist);
  r.add("aten._cdist_forward.default", lowerCdist);
  r.add("aten.pdist.default", lowerPdist);
  r.add("aten._pdist_forward.default", lowerPdist);
  r.add("aten.norm.ScalarOpt_dim", lowerNorm);
  r.add("aten.norm.Scalar", lowerNorm);
  r.add("aten.cumsum.default", lowerCumsum);
  r.add("aten.cumprod.default", lowerCumprod);
  r.add("aten.cummax.default", lowerCummax);
  r.add("aten.cummin.default", lowerCummin);
  r.add("aten.logcumsumexp.default", lowerLogcumsumexp);
}

} // namespace pt2onnx::lowering
