//===- creation.cpp - Tensors built from shapes and scalars -------------------===//
//
// zeros/ones/full and their _like/new_ forms become ConstantOfShape (a
// Python fill value) or Expand (a runtime one) in the result dtype, which
// the exported program already resolved from `dtype=` and the defaults.
// Layout, device and pin_memory have no ONNX meaning and are ignored.
// arange and linspace compute each element from its index as torch does,
// not by accumulating a step.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <cmath>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// A tensor of `shape` filled with `fill`, in the result dtype.
Value *emitFilled(RuleContext &ctx, Value *shape, const TensorOrNumber &fill) {
  DType t = ctx.resultDType();
  if (!fill.isNumber())
    return ctx.b.expand(ctx.b.cast(fill.value, t), shape, ctx.resultType());
  if (!numerics::hasNumericElements(t)) {
    ctx.fail(llvm::Twine("cannot fill a tensor of dtype ") + ir::getTorchName(t));
    return shape;
  }
  ir::DenseElements value = fill.number.getKind() == Attribute::Kind::Int
                                ? makeDenseInt(t, {1}, {fill.number.getInt()})
                                : makeDense(t, {1}, {fill.asDouble()});
  return ctx.b.op("ConstantOfShape", {shape}, ctx.resultType(),
                  {{"value", Attribute::dense(std::move(value))}});
}

Value *shapeFromArg(RuleContext &ctx, llvm::StringRef arg) {
  llvm::SmallVector<OnnxBuilder::ShapeElement, 4> elements;
  for (const IntArg &i : ctx.intListArg(arg))
    elements.push_back(i.asShapeElement());
  return ctx.b.buildShape(elements);
}

TensorOrNumber number(int64_t v) { return {nullptr, Attribute::integer(v), true}; }

// aten.zeros.default(size, *, dtype=None, ...), aten.empty.memory_format and
// aten.empty_strided.default (whose values are unspecified: zeros)
ValueList lowerZeros(RuleContext &ctx) {
  return {emitFilled(ctx, shapeFromArg(ctx, "size"), number(0))};
}
// aten.ones.default(size, *, dtype=None, ...)
ValueList lowerOnes(RuleContext &ctx) {
  return {emitFilled(ctx, shapeFromArg(ctx, "size"), number(1))};
}
// aten.full.default(size, fill_value, *, dtype=None, ...)
ValueList lowerFull(RuleContext &ctx) {
  return {emitFilled(ctx, shapeFromArg(ctx, "size"), ctx.tensorOrNumber("fill_value"))};
}
// aten.new_zeros.default(self, size, ...), aten.new_empty.default
ValueList lowerNewZeros(RuleContext &ctx) { return lowerZeros(ctx); }
// aten.new_ones.default(self, size, ...)
ValueList lowerNewOnes(RuleContext &ctx) { return lowerOnes(ctx); }
// aten.new_full.default(self, size, fill_value, ...)
ValueList lowerNewFull(RuleContext &ctx) { return lowerFull(ctx); }

// aten.zeros_like.default(self, ...), aten.empty_like.default
ValueList lowerZerosLike(RuleContext &ctx) {
  return {emitFilled(ctx, ctx.b.shapeOf(ctx.tensor("self")), number(0))};
}
// aten.ones_like.default(self, ...)
ValueList lowerOnesLike(RuleContext &ctx) {
  return {emitFilled(ctx, ctx.b.shapeOf(ctx.tensor("self")), number(1))};
}
// aten.full_like.default(self, fill_value, ...)
ValueList lowerFullLike(RuleContext &ctx) {
  return {emitFilled(ctx, ctx.b.shapeOf(ctx.tensor("self")), ctx.tensorOrNumber("fill_value"))};
}
// aten.fill.Scalar(self, value), aten.fill.Tensor(self, value) and in-place
ValueList lowerFill(RuleContext &ctx) {
  return {emitFilled(ctx, ctx.b.shapeOf(ctx.tensor("self")), ctx.tensorOrNumber("value"))};
}
// aten.zero.default(self)
ValueList lowerZero(RuleContext &ctx) { return lowerZerosLike(ctx); }

// aten.scalar_tensor.default(s, *, dtype=None, ...)
ValueList lowerScalarTensor(RuleContext &ctx) {
  return {ctx.materialize(ctx.tensorOrNumber("s"), ctx.resultDType())};
}

/// arange: element i is start + i * step, computed in float64 for floating
/// results (as torch accumulates in double) and cast; the element count
/// ceil((end - start) / step) comes from the result type or, for runtime
/// integer bounds, from ONNX Range.
ValueList lowerArange(RuleContext &ctx) {
  // aten.arange.default declares neither start nor step, aten.arange.start
  // no step: they count from 0 by 1.
  TensorOrNumber start = ctx.optionalTensorOrNumber("start").value_or(number(0));
  TensorOrNumber end = ctx.tensorOrNumber("end");
  TensorOrNumber step = ctx.optionalTensorOrNumber("step").value_or(number(1));
  DType t = ctx.resultDType();
  OnnxBuilder &b = ctx.b;
  bool allNumbers = start.isNumber() && end.isNumber() && step.isNumber();
  if (!ir::isFloatingPoint(t) || !allNumbers) {
    // Integer arithmetic: Range is exact.
    bool integral = [&] {
      for (const TensorOrNumber *v : {&start, &end, &step})
        if (v->isNumber() ? v->number.getKind() == Attribute::Kind::Float
                          : ir::isFloatingPoint(v->value->getType().getDType()))
          return false;
      return true;
    }();
    if (!integral)
      return ctx.fail("arange with runtime floating-point bounds is not supported");
    Value *r = b.op("Range",
                    {ctx.materialize(start, DType::Int64), ctx.materialize(end, DType::Int64),
                     ctx.materialize(step, DType::Int64)},
                    ctx.resultType().withDType(DType::Int64));
    return {b.cast(r, t)};
  }
  double s = start.asDouble(), e = end.asDouble(), d = step.asDouble();
  if (d == 0)
    return ctx.fail("arange step must not be zero");
  int64_t count = std::max<int64_t>(0, int64_t(std::ceil((e - s) / d)));
  Value *index =
      b.op("Range", {b.i64(0), b.i64(count), b.i64(1)}, ir::Type::tensor(DType::Int64, {count}));
  Value *values =
      b.binary("Add", b.scalar(DType::Float64, s),
               b.binary("Mul", b.cast(index, DType::Float64), b.scalar(DType::Float64, d)));
  return {b.cast(values, t)};
}

/// The `steps` values from `start` to `end` that torch's linspace kernel
/// computes, in `compute` (the result dtype if floating, else float64):
/// start + step * i over the first half and end - step * (steps - 1 - i)
/// over the second, step = (end - start) / (steps - 1). The bounds are read
/// as the result dtype first (torch's Scalar::to), numbers at compile time
/// and tensors (rank 0) at run time. Null after a failure.
Value *emitLinspaceValues(RuleContext &ctx, int64_t steps, DType compute) {
  OnnxBuilder &b = ctx.b;
  DType t = ctx.resultDType();
  TensorOrNumber start = ctx.tensorOrNumber("start"), end = ctx.tensorOrNumber("end");
  for (const TensorOrNumber *bound : {&start, &end})
    if (!bound->isNumber() && (!bound->value->getType().isRanked() ||
                               bound->value->getType().getRank() != 0 ||
                               ir::isComplex(bound->value->getType().getDType()))) {
      ctx.fail("linspace and logspace take real tensor bounds of rank 0");
      return nullptr;
    }
  auto boundValue = [&](const TensorOrNumber &bound) {
    if (bound.isNumber())
      return b.scalar(compute, ir::isFloatingPoint(t) ? bound.asDouble()
                                                      : std::trunc(bound.asDouble()));
    return b.cast(b.cast(bound.value, t), compute);
  };
  Value *s = boundValue(start);
  ir::Type vector = ir::Type::tensor(compute, {steps});
  if (steps == 1)
    return b.reshape(s, b.i64s({1}), vector);
  Value *e = boundValue(end);
  Value *stepValue;
  if (start.isNumber() && end.isNumber()) {
    double first = ir::isFloatingPoint(t) ? start.asDouble() : std::trunc(start.asDouble());
    double last = ir::isFloatingPoint(t) ? end.asDouble() : std::trunc(end.asDouble());
    stepValue = b.scalar(compute, (last - first) / double(steps - 1));
  } else {
    stepValue = b.binary("Div", b.binary("Sub", e, s), b.scalar(compute, double(steps - 1)));
  }
  Value *index = b.cast(
      b.op("Range", {b.i64(0), b.i64(steps), b.i64(1)}, ir::Type::tensor(DType::Int64, {steps})),
      compute);
  Value *front = b.binary("Add", s, b.binary("Mul", index, stepValue));
  Value *fromEnd = b.binary("Sub", b.scalar(compute, double(steps - 1)), index);
  Value *back = b.binary("Sub", e, b.binary("Mul", fromEnd, stepValue));
  Value *firstHalf = b.compare("Less", index, b.scalar(compute, double(steps / 2)));
  Value *r = b.where(firstHalf, front, back);
  r->setType(vector);
  return r;
}

// aten.linspace.default(start, end, steps, *, dtype=None, ...) and the
// .Tensor_Tensor, .Tensor_Scalar, .Scalar_Tensor overloads: torch fills the
// first half from start and the second half back from end.
ValueList lowerLinspace(RuleContext &ctx) {
  int64_t steps = ctx.getInt("steps");
  DType t = ctx.resultDType();
  if (steps < 0)
    return ctx.fail("linspace needs steps >= 0");
  if (steps == 0)
    return {ctx.b.constant(makeDense(t, {0}, llvm::ArrayRef<double>{}))};
  Value *values = emitLinspaceValues(ctx, steps, ir::isFloatingPoint(t) ? t : DType::Float64);
  if (!values)
    return {};
  return {ctx.b.cast(values, t)};
}

// aten.logspace.default(start, end, steps, base=10., *, dtype=None, ...)
// and its tensor-bound overloads: base ** linspace(start, end, steps), the
// exponents computed as linspace does and the power in float64, as torch's
// kernel calls std::pow(double base, exponent), rounded to the result dtype.
ValueList lowerLogspace(RuleContext &ctx) {
  int64_t steps = ctx.getInt("steps");
  double base = ctx.getFloat("base");
  DType t = ctx.resultDType();
  if (steps < 0)
    return ctx.fail("logspace needs steps >= 0");
  if (steps == 0)
    return {ctx.b.constant(makeDense(t, {0}, llvm::ArrayRef<double>{}))};
  if (ir::isComplex(t))
    return ctx.fail("complex logspace is not supported");
  Value *exponents = emitLinspaceValues(ctx, steps, ir::isFloatingPoint(t) ? t : DType::Float64);
  if (!exponents)
    return {};
  Value *powers = ctx.b.binary("Pow", ctx.b.scalar(DType::Float64, base),
                               ctx.b.cast(exponents, DType::Float64));
  return {ctx.b.cast(powers, t)};
}

/// Random tensors: RandomUniform/RandomNormal of a static shape, or the
/// *Like forms for a runtime one. The values are not torch's.
ValueList lowerRandom(RuleContext &ctx, llvm::StringRef op, Value *like) {
  DType t = ctx.resultDType();
  llvm::SmallVector<ir::NamedAttribute, 2> attrs{{"dtype", Attribute::dtype(t)}};
  if (like)
    return {ctx.b.op((op + "Like").str(), {like}, ctx.resultType(), attrs)};
  const ir::Type &type = ctx.resultType();
  if (!type.hasStaticShape())
    return ctx.fail("random tensors of dynamic shape are not supported");
  llvm::SmallVector<int64_t, 4> shape;
  for (const ir::Dim &d : type.getShape())
    shape.push_back(d.getSize());
  attrs.push_back({"shape", Attribute::intList(shape)});
  return {ctx.b.op(op, {}, type, attrs)};
}
// aten.rand.default(size, *, dtype=None, ...), aten.randn.default
ValueList lowerRand(RuleContext &ctx) { return lowerRandom(ctx, "RandomUniform", nullptr); }
ValueList lowerRandn(RuleContext &ctx) { return lowerRandom(ctx, "RandomNormal", nullptr); }
// aten.randperm.default(n, *, dtype=long, ...): a uniformly random
// permutation of 0..n-1 as the order that sorts n uniform draws (ties have
// probability zero). Like the other random ops, not torch's values.
ValueList lowerRandperm(RuleContext &ctx) {
  const ir::Type &type = ctx.resultType();
  if (!type.hasStaticShape() || type.getRank() != 1)
    return ctx.fail("random permutations of a dynamic length are not supported");
  int64_t n = type.getShape()[0].getSize();
  ir::Type draws = ir::Type::tensor(DType::Float32, {ir::Dim(n)});
  Value *keys = ctx.b.op("RandomUniform", {}, draws,
                         {{"dtype", Attribute::dtype(DType::Float32)},
                          {"shape", Attribute::intList({n})}});
  ir::Operation *topk = ctx.b.create("TopK", {keys, ctx.b.i64s({n})},
                                     {draws, draws.withDType(DType::Int64)},
                                     {{"axis", Attribute::integer(0)}});
  return {ctx.b.cast(topk->getResult(1), type.getDType())};
}
// aten.rand_like.default(self, ...), aten.randn_like.default
ValueList lowerRandLike(RuleContext &ctx) {
  return lowerRandom(ctx, "RandomUniform", ctx.tensor("self"));
}
ValueList lowerRandnLike(RuleContext &ctx) {
  return lowerRandom(ctx, "RandomNormal", ctx.tensor("self"));
}

} // namespace

void registerCreationLowerings(LoweringRegistry &r) {
  r.add("aten.zeros.default", lowerZeros);
  r.add("aten.empty.memory_format", lowerZeros);
  r.add("aten.empty_strided.default", lowerZeros);
  r.add("aten.ones.default", lowerOnes);
  r.add("aten.full.default", lowerFull);
  r.add("aten.new_zeros.default", lowerNewZeros);
  r.add("aten.new_empty.default", lowerNewZeros);
  r.add("aten.new_ones.default", lowerNewOnes);
  r.add("aten.new_full.default", lowerNewFull);
  r.add("aten.zeros_like.default", lowerZerosLike);
  r.add("aten.empty_like.default", lowerZerosLike);
  r.add("aten.ones_like.default", lowerOnesLike);
  r.add("aten.full_like.default", lowerFullLike);
  r.add("aten.fill.Scalar", lowerFill);
  r.add("aten.fill.Tensor", lowerFill);
  r.add("aten.zero.default", lowerZero);
  r.add("aten.scalar_tensor.default", lowerScalarTensor);
  r.add("aten.arange.default", lowerArange);
  r.add("aten.arange.start", lowerArange);
  r.add("aten.arange.start_step", lowerArange);
  r.add("aten.linspace.default", lowerLinspace);
  r.add("aten.linspace.Scalar_Tensor", lowerLinspace);
  r.add("aten.linspace.Tensor_Scalar", lowerLinspace);
  r.add("aten.linspace.Tensor_Tensor", lowerLinspace);
  r.add("aten.logspace.default", lowerLogspace);
  r.add("aten.logspace.Scalar_Tensor", lowerLogspace);
  r.add("aten.logspace.Tensor_Scalar", lowerLogspace);
  r.add("aten.logspace.Tensor_Tensor", lowerLogspace);
  r.add("aten.rand.default", lowerRand);
  r.add("aten.randn.default", lowerRandn);
  r.add("aten.rand_like.default", lowerRandLike);
  r.add("aten.randn_like.default", lowerRandnLike);
  r.add("aten.randperm.default", lowerRandperm);
}

} // namespace pt2onnx::lowering
