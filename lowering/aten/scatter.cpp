//===- scatter.cpp - Scatters, with and without a reduction -------------------===//
//
// Every scatter here is one ONNX ScatterElements, whose `reduction` (add,
// mul from opset 16, max, min from opset 18) combines duplicate indices in
// order-independent ways. The `index_*` ops scatter whole slices along a
// dim: their 1-D index is expanded to the source's shape first, except
// index_add along dim 0, which is one ScatterND adding the slices at the
// index as a column. torch's options that ScatterElements lacks are built
// around it:
//
//   * include_self=False: the touched positions of self (a scatter-add of
//     ones counts them) are first set to the reduction's identity, so that
//     only the scattered values combine there;
//   * mean: a sum divided by that count (plus one with include_self),
//     floored for integers as torch does; untouched positions divide by 1.
//
// Scattering without a reduction (scatter.src, index_copy, put) leaves the
// winner of duplicate indices unspecified in ONNX, as torch does.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/aten/Arithmetic.h"

#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

enum class Reduction { None, Sum, Prod, Mean, Amax, Amin };

/// torch's reduction names (scatter_reduce's and index_reduce's, and
/// scatter.reduce's "add"/"multiply"); nullopt for others.
std::optional<Reduction> parseReduction(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<Reduction>>(name)
      .Cases("sum", "add", Reduction::Sum)
      .Cases("prod", "multiply", Reduction::Prod)
      .Case("mean", Reduction::Mean)
      .Case("amax", Reduction::Amax)
      .Case("amin", Reduction::Amin)
      .Default(std::nullopt);
}

/// ScatterElements' `reduction` attribute for `r`; mean scatters a sum.
llvm::StringRef onnxReduction(Reduction r) {
  switch (r) {
  case Reduction::None:
    return "";
  case Reduction::Sum:
  case Reduction::Mean:
    return "add";
  case Reduction::Prod:
    return "mul";
  case Reduction::Amax:
    return "max";
  case Reduction::Amin:
    return "min";
  }
  return "";
}

/// The value that leaves any other unchanged under `r`, as a rank-0 tensor of
/// `dtype`: 0, 1, the lowest and the highest value (infinities for floats).
Value *identityOf(OnnxBuilder &b, Reduction r, DType dtype) {
  if (r == Reduction::Sum || r == Reduction::Mean || r == Reduction::None)
    return b.scalar(dtype, 0.0);
  if (r == Reduction::Prod)
    return b.scalar(dtype, 1.0);
  bool max = r == Reduction::Amax;
  if (ir::isFloatingPoint(dtype))
    return b.scalar(dtype, max ? -std::numeric_limits<double>::infinity()
                               : std::numeric_limits<double>::infinity());
  unsigned bits = 8 * ir::getDTypeSize(dtype);
  int64_t lowest = 0, highest = 0;
  if (ir::isSignedIntegral(dtype)) {
    lowest = bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (bits - 1));
    highest = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
  } else {
    highest = (int64_t(1) << bits) - 1;
  }
  return b.scalarInt(dtype, max ? lowest : highest);
}

/// A tensor of `x`'s shape filled with `value`, of `dtype`.
Value *filledLike(OnnxBuilder &b, Value *x, DType dtype, int64_t value) {
  return b.op("ConstantOfShape", {b.shapeOf(x)}, x->getType().withDType(dtype),
              {{"value", Attribute::dense(makeDenseInt(dtype, {1}, {value}))}});
}

/// `src` restricted to its leading `index`-shaped block, which is all torch
/// reads of it, in `dtype`.
Value *leadingBlock(OnnxBuilder &b, Value *src, Value *index, DType dtype) {
  src = b.cast(src, dtype);
  const ir::Type &st = src->getType(), &it = index->getType();
  if (st.hasStaticShape() && it.hasStaticShape() && st.getShape() == it.getShape())
    return src;
  int64_t rank = int64_t(it.getRank());
  llvm::SmallVector<int64_t, 4> axes, zeros(size_t(rank), 0);
  for (int64_t i = 0; i < rank; ++i)
    axes.push_back(i);
  return b.slice(src, b.i64s(zeros), b.shapeOf(index), b.i64s(axes), nullptr, it.withDType(dtype));
}

/// ScatterElements' max and min may drop a NaN (ONNX Runtime's do) where
/// torch's amax and amin keep it: `result` with NaN where a NaN of `src` is
/// scattered along `dim`, or where `self` holds one and takes part.
Value *keepNaN(OnnxBuilder &b, Value *result, Value *self, int64_t dim, Value *index, Value *src,
               bool includeSelf) {
  const ir::Type &type = result->getType();
  Value *srcNaN = b.op("IsNaN", {src}, src->getType().withDType(DType::Bool));
  Value *zeros = filledLike(b, self, DType::Int64, 0);
  Value *nanCount =
      b.op("ScatterElements", {zeros, index, b.cast(srcNaN, DType::Int64)}, zeros->getType(),
           {{"axis", Attribute::integer(dim)}, {"reduction", Attribute::string("add")}});
  Value *hasNaN = b.compare("Greater", nanCount, b.i64(0));
  if (includeSelf) {
    Value *selfNaN = b.op("IsNaN", {self}, self->getType().withDType(DType::Bool));
    hasNaN = b.compare("Or", hasNaN, selfNaN);
  }
  Value *nan = b.scalar(type.getDType(), std::numeric_limits<double>::quiet_NaN());
  return b.where(hasNaN, nan, result);
}

/// scatter_reduce's semantics on ONNX: `src` combined into `self` at `index`
/// along `dim` (non-negative) under `r`, with or without self's values. The
/// result has self's type; the caller gives it the op's result type.
Value *emitScatterReduce(RuleContext &ctx, Value *self, int64_t dim, Value *index, Value *src,
                         Reduction r, bool includeSelf) {
  OnnxBuilder &b = ctx.b;
  DType dtype = self->getType().getDType();
  if (r != Reduction::None && dtype == DType::Bool) {
    if (r == Reduction::Mean) {
      ctx.fail("the mean of a bool scatter is not supported");
      return self;
    }
    // A bool sum, product, max and min are or, and, or and and: the reductions
    // of 0 and 1 as integers, read back as bool.
    Value *wideSelf = b.cast(self, DType::Int64);
    Value *wideSrc = b.cast(src, DType::Int64);
    return b.cast(emitScatterReduce(ctx, wideSelf, dim, index, wideSrc, r, includeSelf),
                  DType::Bool);
  }
  if (dtype == DType::Float16 && r != Reduction::None && r != Reduction::Amax &&
      r != Reduction::Amin) {
    // ONNX Runtime has no float16 ScatterElements that adds or multiplies:
    // float32, rounded back once.
    Value *wideSelf = b.cast(self, DType::Float32);
    Value *wideSrc = b.cast(src, DType::Float32);
    return b.cast(emitScatterReduce(ctx, wideSelf, dim, index, wideSrc, r, includeSelf),
                  DType::Float16);
  }
  if ((r == Reduction::Amax || r == Reduction::Amin) && ctx.getOpset() < 18) {
    ctx.fail("a scatter reduction by max or min needs opset 18 or later");
    return self;
  }
  index = b.cast(index, DType::Int64);
  if (self->getType().getRank() == 0) {
    // A 0-d self is one element: its index and src have at most one too.
    Value *one = b.reshape(self, {1});
    Value *at = b.reshape(index, {-1});
    Value *value = b.reshape(src, {-1});
    Value *scattered = emitScatterReduce(ctx, one, 0, at, value, r, includeSelf);
    return b.reshape(scattered, b.shapeOf(self), self->getType());
  }
  src = leadingBlock(b, src, index, dtype);
  Value *count = nullptr, *base = self;
  if (r == Reduction::Mean || (!includeSelf && r != Reduction::None)) {
    Value *zeros = filledLike(b, self, DType::Int64, 0);
    Value *ones = filledLike(b, index, DType::Int64, 1);
    count = b.op("ScatterElements", {zeros, index, ones}, zeros->getType(),
                 {{"axis", Attribute::integer(dim)}, {"reduction", Attribute::string("add")}});
    if (!includeSelf) {
      Value *touched = b.compare("Greater", count, b.i64(0));
      base = b.where(touched, identityOf(b, r, dtype), self);
    }
  }
  llvm::SmallVector<ir::NamedAttribute, 2> attrs{{"axis", Attribute::integer(dim)}};
  if (r != Reduction::None)
    attrs.push_back({"reduction", Attribute::string(onnxReduction(r))});
  Value *scattered = b.op("ScatterElements", {base, index, src}, self->getType(), attrs);
  if ((r == Reduction::Amax || r == Reduction::Amin) && ir::isFloatingPoint(dtype))
    return keepNaN(b, scattered, self, dim, index, src, includeSelf);
  if (r != Reduction::Mean)
    return scattered;
  Value *divisor = includeSelf ? b.binary("Add", count, b.i64(1))
                               : b.binary("Max", count, b.i64(1));
  divisor = b.cast(divisor, dtype);
  if (ir::isFloatingPoint(dtype))
    return b.binary("Div", scattered, divisor);
  return emitIntFloorDiv(b, scattered, divisor);
}

/// The rule's result: `r` typed as the op's result.
ValueList typedResult(RuleContext &ctx, Value *r) {
  if (ctx.failed())
    return {};
  r->setType(ctx.resultType());
  return {r};
}

/// The scatter of `updates` by the op's self, dim and index arguments.
ValueList lowerScatterOf(RuleContext &ctx, Value *updates, Reduction r, bool includeSelf = true) {
  Value *x = ctx.tensor("self");
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), std::max<int64_t>(ctx.rankOf(x), 1));
  if (ctx.failed())
    return {};
  return typedResult(ctx,
                     emitScatterReduce(ctx, x, dim, ctx.tensor("index"), updates, r, includeSelf));
}

/// `value` (a Scalar) broadcast to `index`'s shape in the result dtype.
Value *valueLikeIndex(RuleContext &ctx, llvm::StringRef arg) {
  Value *index = ctx.tensor("index");
  Value *value = ctx.materialize(ctx.tensorOrNumber(arg), ctx.resultDType());
  return ctx.b.expand(value, ctx.b.shapeOf(index), index->getType().withDType(ctx.resultDType()));
}

/// The reduction named by the string argument `arg`, or a failure.
std::optional<Reduction> reductionArg(RuleContext &ctx, llvm::StringRef arg) {
  std::string name = ctx.getString(arg);
  std::optional<Reduction> r = parseReduction(name);
  if (!r)
    ctx.fail("unknown scatter reduction '" + name + "'");
  return r;
}

// aten.scatter.src(self, dim, index, src)
ValueList lowerScatterSrc(RuleContext &ctx) {
  return lowerScatterOf(ctx, ctx.tensor("src"), Reduction::None);
}

// aten.scatter.value(self, dim, index, value)
ValueList lowerScatterValue(RuleContext &ctx) {
  return lowerScatterOf(ctx, valueLikeIndex(ctx, "value"), Reduction::None);
}

// aten.scatter_add.default(self, dim, index, src)
ValueList lowerScatterAdd(RuleContext &ctx) {
  return lowerScatterOf(ctx, ctx.tensor("src"), Reduction::Sum);
}

// aten.scatter.reduce(self, dim, index, src, *, reduce): reduce is "add" or
// "multiply".
ValueList lowerScatterSrcReduce(RuleContext &ctx) {
  std::optional<Reduction> r = reductionArg(ctx, "reduce");
  if (!r)
    return {};
  return lowerScatterOf(ctx, ctx.tensor("src"), *r);
}

// aten.scatter.value_reduce(self, dim, index, value, *, reduce)
ValueList lowerScatterValueReduce(RuleContext &ctx) {
  std::optional<Reduction> r = reductionArg(ctx, "reduce");
  if (!r)
    return {};
  return lowerScatterOf(ctx, valueLikeIndex(ctx, "value"), *r);
}

// aten.scatter_reduce.two(self, dim, index, src, reduce, *, include_self=True)
ValueList lowerScatterReduce(RuleContext &ctx) {
  std::optional<Reduction> r = reductionArg(ctx, "reduce");
  if (!r)
    return {};
  return lowerScatterOf(ctx, ctx.tensor("src"), *r, ctx.getBool("include_self"));
}

// ---- Scatters of slices along a dim -------------------------------------------------

/// The arguments of an `index_*` op, made ScatterElements operands: self and
/// source as tensors of rank one or more (a 0-d one as one element), the
/// normalized dim, and the 1-D index expanded to the source's shape.
struct SliceScatter {
  Value *self = nullptr;
  Value *source = nullptr;
  Value *index = nullptr;
  int64_t dim = 0;
  bool scalar = false;
};

std::optional<SliceScatter> sliceScatterOperands(RuleContext &ctx, Value *source) {
  OnnxBuilder &b = ctx.b;
  SliceScatter s;
  s.self = ctx.tensor("self");
  int64_t rank = ctx.rankOf(s.self);
  s.dim = ctx.normalizeDim(ctx.getInt("dim"), std::max<int64_t>(rank, 1));
  Value *index = ctx.tensor("index");
  int64_t sourceRank = ctx.rankOf(source);
  if (ctx.failed())
    return std::nullopt;
  if (sourceRank != rank && !(rank == 0 || sourceRank == 0)) {
    ctx.fail("the source of an index scatter has another rank than self");
    return std::nullopt;
  }
  s.scalar = rank == 0;
  if (rank == 0)
    s.self = b.reshape(s.self, {1});
  if (sourceRank == 0)
    source = b.reshape(source, {1});
  s.source = source;
  rank = std::max<int64_t>(rank, 1);
  llvm::SmallVector<int64_t, 4> column(size_t(rank), 1);
  column[s.dim] = -1;
  Value *indexColumn = b.reshape(b.cast(index, DType::Int64), column);
  s.index = b.expand(indexColumn, b.shapeOf(source),
                     source->getType().withDType(DType::Int64));
  return s;
}

/// The scatter of `source` by an `index_*` op's arguments.
ValueList lowerSliceScatterOf(RuleContext &ctx, Value *source, Reduction r, bool includeSelf) {
  std::optional<SliceScatter> s = sliceScatterOperands(ctx, source);
  if (!s)
    return {};
  Value *scattered = emitScatterReduce(ctx, s->self, s->dim, s->index, s->source, r, includeSelf);
  if (s->scalar && !ctx.failed())
    scattered = ctx.b.reshape(scattered, llvm::ArrayRef<int64_t>{});
  return typedResult(ctx, scattered);
}

/// index_add along dim 0 as ScatterND: the index as a column ([k, 1], the
/// trailing Unsqueeze that indexing writes too, so the two merge) picks whole
/// slices of self, which ScatterND adds the source's slices to in index order,
/// as torch does (ScatterElements needs the index expanded to every element:
/// Reshape, Shape, Expand). nullptr where that does not apply: another dim, a
/// 0-d self or source, and the dtypes ONNX Runtime's ScatterND cannot add
/// (bool, float16, bfloat16).
Value *emitIndexAddOfRows(RuleContext &ctx, Value *source) {
  OnnxBuilder &b = ctx.b;
  Value *self = ctx.tensor("self"), *index = ctx.tensor("index");
  int64_t rank = ctx.rankOf(self);
  DType dtype = self->getType().getDType();
  if (ctx.failed() || rank == 0 || ctx.rankOf(source) != rank || ctx.rankOf(index) > 1 ||
      ctx.normalizeDim(ctx.getInt("dim"), rank) != 0 || dtype == DType::Bool ||
      dtype == DType::Float16 || dtype == DType::BFloat16)
    return nullptr;
  index = b.cast(index, DType::Int64);
  Value *column = index->getType().getRank() == 0 ? b.unsqueeze(index, {0, 1})
                                                  : b.unsqueeze(index, {1});
  return b.op("ScatterND", {self, column, source}, self->getType(),
              {{"reduction", Attribute::string("add")}});
}

// aten.index_add.default(self, dim, index, source, *, alpha=1)
ValueList lowerIndexAdd(RuleContext &ctx) {
  DType dtype = ctx.resultDType();
  Value *source = ctx.b.cast(ctx.tensor("source"), dtype);
  TensorOrNumber alpha = ctx.tensorOrNumber("alpha");
  if (!(alpha.isNumber() && alpha.asDouble() == 1.0)) {
    // A bool source is scaled by a bool alpha: and.
    source = dtype == DType::Bool
                 ? ctx.b.compare("And", source, ctx.materialize(alpha, DType::Bool))
                 : ctx.b.binary("Mul", source, ctx.materialize(alpha, dtype));
  }
  if (Value *rows = emitIndexAddOfRows(ctx, source))
    return typedResult(ctx, rows);
  return lowerSliceScatterOf(ctx, source, Reduction::Sum, true);
}

// aten.index_copy.default(self, dim, index, source)
ValueList lowerIndexCopy(RuleContext &ctx) {
  return lowerSliceScatterOf(ctx, ctx.tensor("source"), Reduction::None, true);
}

// aten.index_reduce.default(self, dim, index, source, reduce, *, include_self=True):
// reduce is prod, mean, amax or amin.
ValueList lowerIndexReduce(RuleContext &ctx) {
  std::optional<Reduction> r = reductionArg(ctx, "reduce");
  if (!r)
    return {};
  return lowerSliceScatterOf(ctx, ctx.tensor("source"), *r, ctx.getBool("include_self"));
}

// aten.index_fill.int_Scalar(self, dim, index, value),
// aten.index_fill.int_Tensor(self, dim, index, value): self with the slices
// along dim at index set to value. The slices are a mask along dim (a
// scatter-add of ones, as the index may repeat) that Where broadcasts.
ValueList lowerIndexFill(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), std::max<int64_t>(rank, 1));
  Value *value = ctx.materialize(ctx.tensorOrNumber("value"), ctx.resultDType());
  if (ctx.failed())
    return {};
  Value *index = b.reshape(b.cast(ctx.tensor("index"), DType::Int64), {-1});
  Value *size = rank == 0 ? b.i64s({1}) : b.reshape(b.dimSize(x, dim), {1});
  ir::Type countType = ir::Type::tensor(
      DType::Int64, {rank == 0 ? ir::Dim(1) : x->getType().getShape()[dim]});
  Value *zeros = b.op("ConstantOfShape", {size}, countType,
                      {{"value", Attribute::dense(makeDenseInt(DType::Int64, {1}, {0}))}});
  Value *count = b.op("ScatterElements", {zeros, index, filledLike(b, index, DType::Int64, 1)},
                      countType,
                      {{"axis", Attribute::integer(0)}, {"reduction", Attribute::string("add")}});
  Value *mask = b.compare("Greater", count, b.i64(0));
  if (rank == 0) {
    mask = b.reshape(mask, llvm::ArrayRef<int64_t>{});
  } else {
    llvm::SmallVector<int64_t, 4> trailing;
    for (int64_t i = dim + 1; i < rank; ++i)
      trailing.push_back(i - dim);
    if (!trailing.empty())
      mask = b.unsqueeze(mask, trailing);
  }
  return typedResult(ctx, b.where(mask, b.reshape(value, llvm::ArrayRef<int64_t>{}), x));
}

// aten.put.default(self, index, source, accumulate=False): source into the
// flattened self at index.
ValueList lowerPut(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  DType dtype = ctx.resultDType();
  bool accumulate = ctx.getBool("accumulate");
  // A bool sum is an or: the sum of 0 and 1 as integers, read back as bool;
  // a float16 sum is one in float32 (ONNX Runtime has no float16 one).
  DType scatterType = !accumulate                ? dtype
                      : dtype == DType::Bool    ? DType::Int64
                      : dtype == DType::Float16 ? DType::Float32
                                                : dtype;
  Value *flat = b.reshape(b.cast(x, scatterType), {-1});
  Value *index = b.reshape(b.cast(ctx.tensor("index"), DType::Int64), {-1});
  Value *source = b.reshape(b.cast(ctx.tensor("source"), scatterType), {-1});
  llvm::SmallVector<ir::NamedAttribute, 2> attrs{{"axis", Attribute::integer(0)}};
  if (accumulate)
    attrs.push_back({"reduction", Attribute::string("add")});
  Value *scattered = b.op("ScatterElements", {flat, index, source}, flat->getType(), attrs);
  Value *r = b.reshape(scattered, b.shapeOf(x), ctx.resultType().withDType(scatterType));
  return {b.cast(r, dtype)};
}

// ---- Segment reductions ------------------------------------------------------------

// aten.segment_reduce.default(data, reduce, *, lengths=None, indices=None,
// offsets=None, axis=0, unsafe=False, initial=None): data reduced along axis
// in consecutive segments, given by their lengths or by offsets (segment k
// is [offsets[k], offsets[k+1])), batched over the dims before axis. Each
// element's segment is the number of segment ends at or before it; those
// outside every segment go to one spare segment that is dropped. The
// segments start from `initial` (a mean divides the sum with it by the
// element count); empty ones without it are 0, 1, -inf, inf or NaN as in torch.
ValueList lowerSegmentReduce(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *data = ctx.tensor("data");
  DType dtype = data->getType().getDType();
  if (!ir::isFloatingPoint(dtype))
    return ctx.fail("segment_reduce of non-floating data is not supported");
  if (dtype == DType::Float16 && ctx.getString("reduce") != "max" &&
      ctx.getString("reduce") != "min")
    return ctx.fail("segment_reduce of float16 data by sum, mean or prod is not supported "
                    "(ONNX Runtime has no float16 scatter that adds or multiplies)");
  std::string name = ctx.getString("reduce");
  std::optional<Reduction> r = llvm::StringSwitch<std::optional<Reduction>>(name)
                                   .Case("sum", Reduction::Sum)
                                   .Case("prod", Reduction::Prod)
                                   .Case("mean", Reduction::Mean)
                                   .Case("max", Reduction::Amax)
                                   .Case("min", Reduction::Amin)
                                   .Default(std::nullopt);
  if (!r)
    return ctx.fail("unknown segment_reduce reduction '" + name + "'");
  if (ctx.optionalTensor("indices"))
    return ctx.fail("segment_reduce by indices is not supported");
  Value *lengths = ctx.optionalTensor("lengths");
  Value *offsets = ctx.optionalTensor("offsets");
  int64_t rank = ctx.rankOf(data);
  int64_t axis = ctx.normalizeDim(ctx.getInt("axis"), rank);
  std::optional<TensorOrNumber> initial = ctx.optionalTensorOrNumber("initial");
  if (ctx.failed())
    return {};
  if (!lengths && !offsets)
    return ctx.fail("segment_reduce needs lengths or offsets");
  Value *bounds = b.cast(lengths ? lengths : offsets, DType::Int64);
  if (ctx.rankOf(bounds) != axis + 1)
    return ctx.fail("segment_reduce's lengths or offsets must have the dims of data before "
                    "axis and one more");
  if ((*r == Reduction::Amax || *r == Reduction::Amin) && ctx.getOpset() < 18)
    return ctx.fail("segment_reduce by max or min needs opset 18 or later");

  // ends[..., k]: where segment k ends; first: where segment 0 starts.
  ir::Type boundsType = bounds->getType();
  auto sliceLast = [&](Value *v, int64_t from, int64_t to) {
    return b.slice(v, b.i64s({from}), b.i64s({to}), b.i64s({axis}), nullptr,
                   ir::Type::unrankedTensor(DType::Int64));
  };
  Value *ends, *first = nullptr;
  if (lengths) {
    ends = b.op("CumSum", {bounds, b.i64(axis)}, boundsType);
  } else {
    ends = sliceLast(bounds, 1, std::numeric_limits<int64_t>::max());
    first = sliceLast(bounds, 0, 1);
  }
  Value *segments = b.dimSize(ends, axis);
  Value *length = b.dimSize(data, axis);
  Value *positions = b.op("Range", {b.i64(0), length, b.i64(1)},
                          ir::Type::tensor(DType::Int64, {data->getType().getShape()[axis]}));
  // [..., L, 1] against [..., 1, K]: the ends at or before each position.
  Value *column = b.unsqueeze(positions, {1});
  Value *passed = b.cast(b.compare("LessOrEqual", b.unsqueeze(ends, {axis}), column),
                         DType::Int64);
  Value *ids = b.reduce("ReduceSum", passed, llvm::ArrayRef<int64_t>{axis + 1}, false,
                        DType::Int64);
  if (first)
    ids = b.where(b.compare("Less", positions, first), segments, ids);
  // ids of data's shape, for ScatterElements along axis.
  llvm::SmallVector<int64_t, 4> trailing;
  for (int64_t i = axis + 1; i < rank; ++i)
    trailing.push_back(i);
  if (!trailing.empty())
    ids = b.unsqueeze(ids, trailing);
  Value *dataShape = b.shapeOf(data);
  Value *index = b.expand(ids, dataShape, data->getType().withDType(DType::Int64));

  // The segments with a spare one: data's shape with K + 1 along axis.
  Value *spare = b.reshape(b.binary("Add", segments, b.i64(1)), {1});
  ValueList parts;
  if (axis > 0)
    parts.push_back(b.shapeOf(data, 0, axis));
  parts.push_back(spare);
  if (axis + 1 < rank)
    parts.push_back(b.shapeOf(data, axis + 1, rank));
  Value *outShape = parts.size() == 1 ? parts.front() : b.concat(parts, 0);
  Value *start = initial ? b.reshape(ctx.materialize(*initial, dtype), llvm::ArrayRef<int64_t>{})
                         : identityOf(b, *r, dtype);
  ir::Type spareType = ir::Type::unrankedTensor(dtype);
  const ir::Type &resultType = ctx.resultType();
  if (resultType.isRanked()) {
    llvm::SmallVector<ir::Dim, 4> dims(resultType.getShape());
    const ir::Dim &k = dims[axis];
    dims[axis] = k.isStatic()     ? ir::Dim(k.getSize() + 1)
                 : k.isSymbolic() ? ir::Dim::of(k.getExpr() + 1)
                                  : ir::Dim::unknown();
    spareType = resultType.withShape(dims);
  }
  Value *init = b.expand(start, outShape, spareType);
  Value *reduced = b.op("ScatterElements", {init, index, data}, spareType,
                        {{"axis", Attribute::integer(axis)},
                         {"reduction", Attribute::string(onnxReduction(*r))}});
  auto dropSpare = [&](Value *v, DType t) {
    return b.slice(v, b.i64s({0}), b.reshape(segments, {1}), b.i64s({axis}), nullptr,
                   resultType.withDType(t));
  };
  if (*r == Reduction::Amax || *r == Reduction::Amin)
    reduced = keepNaN(b, reduced, init, axis, index, data, true);
  Value *result = dropSpare(reduced, dtype);
  if (*r == Reduction::Mean) {
    Value *counts = b.op("ScatterElements",
                         {filledLike(b, init, DType::Int64, 0), index,
                          filledLike(b, data, DType::Int64, 1)},
                         spareType.withDType(DType::Int64),
                         {{"axis", Attribute::integer(axis)},
                          {"reduction", Attribute::string("add")}});
    Value *count = b.cast(dropSpare(counts, DType::Int64), dtype);
    Value *mean = b.binary("Div", result, count);
    if (initial) {
      Value *empty = b.compare("Equal", count, b.scalar(dtype, 0.0));
      result = b.where(empty, result, mean);
    } else {
      result = mean;
    }
  }
  return typedResult(ctx, result);
}

} // namespace

void registerScatterLowerings(LoweringRegistry &r) {
  r.add("aten.index_add.default", lowerIndexAdd);
  r.add("aten.index_copy.default", lowerIndexCopy);
  r.add("aten.index_fill.int_Scalar", lowerIndexFill);
  r.add("aten.index_fill.int_Tensor", lowerIndexFill);
  r.add("aten.index_reduce.default", lowerIndexReduce);
  r.add("aten.put.default", lowerPut);
  r.add("aten.scatter.reduce", lowerScatterSrcReduce);
  r.add("aten.scatter.src", lowerScatterSrc);
  r.add("aten.scatter.value", lowerScatterValue);
  r.add("aten.scatter.value_reduce", lowerScatterValueReduce);
  r.add("aten.scatter_add.default", lowerScatterAdd);
  r.add("aten.scatter_reduce.two", lowerScatterReduce);
  r.add("aten.segment_reduce.default", lowerSegmentReduce);
}

} // namespace pt2onnx::lowering
