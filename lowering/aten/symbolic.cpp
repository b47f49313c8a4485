//===- symbolic.cpp - SymInt arithmetic, shape queries, dropped assertions -----===//
//
// A torch SymInt is a rank-0 int64 tensor at ONNX level (SymFloat float64,
// SymBool bool): `aten.sym_size.int` is a constant when the dim is static
// and Shape + Gather otherwise, and the Python operators on SymInts become
// int64 arithmetic with Python's semantics (`//` floors, `%` takes the sign
// of the divisor). Runtime assertions and range constraints are facts the
// exporter already relied on; they are dropped.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/aten/Arithmetic.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

// aten.sym_size.int(self, dim) (of a complex tensor: without its pair dim)
ValueList lowerSymSize(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x) - (ctx.isComplexPair(x) ? 1 : 0);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  return {ctx.b.dimSize(x, dim)};
}

// aten.sym_numel.default(self)
ValueList lowerSymNumel(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  if (std::optional<int64_t> n = x->getType().getNumElements())
    return {ctx.b.i64(*n)};
  return {ctx.b.op("Size", {x}, ir::Type::tensor(DType::Int64, {}))};
}

// aten.sym_stride.int(self, dim): the stride of a contiguous tensor
ValueList lowerSymStride(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (dim == rank - 1)
    return {ctx.b.i64(1)};
  return {ctx.b.reduce("ReduceProd", ctx.b.shapeOf(x, dim + 1), std::nullopt, false)};
}

// aten.sym_storage_offset.default(self): 0, tensors being values
ValueList lowerSymStorageOffset(RuleContext &ctx) { return {ctx.b.i64(0)}; }

/// The positional arguments of a Python operator call. Operators have no
/// schema, so the frontend names arguments by position; the names sort in
/// positional order.
llvm::SmallVector<TensorOrNumber, 2> positionalArgs(RuleContext &ctx) {
  llvm::SmallVector<std::string, 3> names;
  ir::Operation *op = ctx.getOp();
  if (const Attribute *argNames = op->getAttr("arg_names");
      argNames && argNames->getKind() == Attribute::Kind::StringList)
    for (const std::string &n : argNames->getStringList())
      if (!llvm::is_contained(names, n))
        names.push_back(n);
  for (const ir::NamedAttribute &a : op->getAttrs())
    if (a.name != "arg_names" && !llvm::is_contained(names, a.name))
      names.push_back(a.name);
  if (names.size() == 2 && names[0] == "other" && names[1] == "self")
    std::swap(names[0], names[1]);
  else if (!(names.size() == 2 && names[0] == "self"))
    llvm::sort(names);
  llvm::SmallVector<TensorOrNumber, 2> args;
  for (const std::string &n : names)
    args.push_back(ctx.tensorOrNumber(n));
  return args;
}

/// The arguments in the result's dtype (int64, float64 or bool).
llvm::SmallVector<Value *, 2> argsInResultType(RuleContext &ctx, size_t expected) {
  llvm::SmallVector<TensorOrNumber, 2> args = positionalArgs(ctx);
  llvm::SmallVector<Value *, 2> values;
  if (args.size() != expected) {
    ctx.fail("expected " + llvm::Twine(expected) + " arguments");
    return values;
  }
  for (const TensorOrNumber &a : args)
    values.push_back(ctx.materialize(a, ctx.resultDType()));
  return values;
}

template <const char *OpType> ValueList lowerSymBinary(RuleContext &ctx) {
  llvm::SmallVector<Value *, 2> v = argsInResultType(ctx, 2);
  if (v.size() != 2)
    return {};
  return {ctx.b.binary(OpType, v[0], v[1])};
}
constexpr char kAdd[] = "Add", kSub[] = "Sub", kMul[] = "Mul", kMax[] = "Max", kMin[] = "Min",
               kPow[] = "Pow", kAnd[] = "And", kOr[] = "Or";

// operator.floordiv(a, b): floors, for ints and floats
ValueList lowerSymFloorDiv(RuleContext &ctx) {
  llvm::SmallVector<Value *, 2> v = argsInResultType(ctx, 2);
  if (v.size() != 2)
    return {};
  if (ctx.resultDType() == DType::Int64)
    return {emitIntFloorDiv(ctx.b, v[0], v[1])};
  return {ctx.b.unary("Floor", ctx.b.binary("Div", v[0], v[1]))};
}

// operator.mod(a, b): the sign of the divisor
ValueList lowerSymMod(RuleContext &ctx) {
  llvm::SmallVector<Value *, 2> v = argsInResultType(ctx, 2);
  if (v.size() != 2)
    return {};
  if (ctx.resultDType() != DType::Int64)
    return ctx.fail("modulo of SymFloats is not supported");
  return {ctx.b.op("Mod", {v[0], v[1]}, ctx.resultType(), {{"fmod", Attribute::integer(0)}})};
}

// operator.truediv(a, b): a SymFloat
ValueList lowerSymTrueDiv(RuleContext &ctx) {
  llvm::SmallVector<Value *, 2> v = argsInResultType(ctx, 2);
  if (v.size() != 2)
    return {};
  return {ctx.b.binary("Div", v[0], v[1])};
}

// operator.neg(a)
ValueList lowerSymNeg(RuleContext &ctx) {
  llvm::SmallVector<Value *, 2> v = argsInResultType(ctx, 1);
  if (v.size() != 1)
    return {};
  return {ctx.b.unary("Neg", v[0])};
}

/// Comparisons in int64, or float64 when an operand is a float.
template <const char *OpType, bool Negate = false> ValueList lowerSymCompare(RuleContext &ctx) {
  llvm::SmallVector<TensorOrNumber, 2> args = positionalArgs(ctx);
  if (args.size() != 2)
    return ctx.fail("expected 2 arguments");
  DType t = DType::Int64;
  for (const TensorOrNumber &a : args)
    if (a.isNumber() ? a.number.getKind() == Attribute::Kind::Float
                     : ir::isFloatingPoint(a.value->getType().getDType()))
      t = DType::Float64;
  Value *r = ctx.b.compare(OpType, ctx.materialize(args[0], t), ctx.materialize(args[1], t));
  if (Negate)
    r = ctx.b.unary("Not", r);
  return {r};
}
constexpr char kEqual[] = "Equal", kLess[] = "Less", kLessOrEqual[] = "LessOrEqual",
               kGreater[] = "Greater", kGreaterOrEqual[] = "GreaterOrEqual";

// operator.not_(a), torch.sym_not(a)
ValueList lowerSymNot(RuleContext &ctx) {
  llvm::SmallVector<TensorOrNumber, 2> args = positionalArgs(ctx);
  if (args.size() != 1)
    return ctx.fail("expected 1 argument");
  return {ctx.b.unary("Not", ctx.materialize(args[0], DType::Bool))};
}

/// Conversions of one argument to the result type; `round` applies to
/// floats first (Ceil/Floor), Cast truncates.
ValueList lowerSymConvert(RuleContext &ctx, llvm::StringRef round) {
  llvm::SmallVector<TensorOrNumber, 2> args = positionalArgs(ctx);
  if (args.size() != 1)
    return ctx.fail("expected 1 argument");
  Value *x = args[0].isNumber() ? ctx.materialize(args[0], DType::Float64) : args[0].value;
  if (!round.empty() && ir::isFloatingPoint(x->getType().getDType()))
    x = ctx.b.unary(round, x);
  return {ctx.b.cast(x, ctx.resultDType())};
}
// torch.sym_float(a), torch.sym_int(a), math.trunc(a)
ValueList lowerSymCast(RuleContext &ctx) { return lowerSymConvert(ctx, ""); }
// math.ceil(a)
ValueList lowerSymCeil(RuleContext &ctx) { return lowerSymConvert(ctx, "Ceil"); }
// math.floor(a)
ValueList lowerSymFloor(RuleContext &ctx) { return lowerSymConvert(ctx, "Floor"); }

// torch.sym_ite(cond, a, b)
ValueList lowerSymIte(RuleContext &ctx) {
  llvm::SmallVector<TensorOrNumber, 2> args = positionalArgs(ctx);
  if (args.size() != 3)
    return ctx.fail("expected 3 arguments");
  DType t = ctx.resultDType();
  return {ctx.b.where(ctx.materialize(args[0], DType::Bool), ctx.materialize(args[1], t),
                      ctx.materialize(args[2], t))};
}

// aten._assert_scalar.default, aten._assert_tensor_metadata.default,
// aten.sym_constrain_range(_for_size).default, aten._assert_async.msg: dropped
ValueList lowerDropped(RuleContext &) { return {}; }

} // namespace

void registerSymbolicLowerings(LoweringRegistry &r) {
  r.addAcceptingComplex("aten.sym_size.int", lowerSymSize);
  r.add("aten.sym_numel.default", lowerSymNumel);
  r.add("aten.sym_stride.int", lowerSymStride);
  r.add("aten.sym_storage_offset.default", lowerSymStorageOffset);

  r.add("operator.add", lowerSymBinary<kAdd>);
  r.add("operator.sub", lowerSymBinary<kSub>);
  r.add("operator.mul", lowerSymBinary<kMul>);
  r.add("operator.pow", lowerSymBinary<kPow>);
  r.add("operator.floordiv", lowerSymFloorDiv);
  r.add("operator.mod", lowerSymMod);
  r.add("operator.truediv", lowerSymTrueDiv);
  r.add("operator.neg", lowerSymNeg);
  r.add("operator.eq", lowerSymCompare<kEqual>);
  r.add("operator.ne", lowerSymCompare<kEqual, true>);
  r.add("operator.lt", lowerSymCompare<kLess>);
  r.add("operator.le", lowerSymCompare<kLessOrEqual>);
  r.add("operator.gt", lowerSymCompare<kGreater>);
  r.add("operator.ge", lowerSymCompare<kGreaterOrEqual>);
  r.add("operator.and_", lowerSymBinary<kAnd>);
  r.add("operator.or_", lowerSymBinary<kOr>);
  r.add("operator.not_", lowerSymNot);
  r.add("torch.sym_not", lowerSymNot);
  r.add("torch.sym_max", lowerSymBinary<kMax>);
  r.add("torch.sym_min", lowerSymBinary<kMin>);
  r.add("torch.sym_float", lowerSymCast);
  r.add("torch.sym_int", lowerSymCast);
  r.add("torch.sym_ite", lowerSymIte);
  r.add("math.trunc", lowerSymCast);
  r.add("math.ceil", lowerSymCeil);
  r.add("math.floor", lowerSymFloor);

  r.add("aten._assert_scalar.default", lowerDropped);
  r.add("aten._assert_tensor_metadata.default", lowerDropped);
  r.add("aten.sym_constrain_range.default", lowerDropped);
  r.add("aten.sym_constrain_range_for_size.default", lowerDropped);
  r.add("aten._assert_async.msg", lowerDropped);
  r.add("aten._assert_async.default", lowerDropped);
}

} // namespace pt2onnx::lowering
