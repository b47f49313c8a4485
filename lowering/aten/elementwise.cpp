//===- elementwise.cpp - Arithmetic, comparison, logic, math and casts -------===//
//
// Binary arithmetic computes in the ATen result dtype (the exported program
// already applied torch's promotion), so both operands are cast to it; a
// comparison computes in torch.result_type of its operands and returns
// bool. Integer division and remainder follow torch's sign rules, which are
// not ONNX's: see lowerDivMode and lowerRemainder.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/aten/Arithmetic.h"
#include "lowering/aten/FloatExpr.h"

#include "ir/numerics/DenseAccess.h"

#include <cmath>
#include <limits>

namespace pt2onnx::lowering {

using ir::DType;
using ir::Value;

Value *emitTrunc(OnnxBuilder &b, Value *x) {
  Value *zero = b.scalar(x->getType().getDType(), 0.0);
  return b.where(b.compare("Less", x, zero), b.unary("Ceil", x), b.unary("Floor", x));
}

// a == c * floor(a / c) + (a mod c) with Python's modulo (ONNX integer Mod,
// the sign of the divisor), so the difference divides exactly and ONNX's
// truncating Div is right on it.
Value *emitIntFloorDiv(OnnxBuilder &b, Value *a, Value *c) {
  if (!ir::isSignedIntegral(a->getType().getDType()))
    return b.binary("Div", a, c);
  Value *mod =
      b.op("Mod", {a, c}, broadcastType(a->getType(), c->getType(), a->getType().getDType()),
           {{"fmod", ir::Attribute::integer(0)}});
  return b.binary("Div", b.binary("Sub", a, mod), c);
}

Value *propagateNaN(OnnxBuilder &b, Value *m, Value *a, Value *c) {
  if (!ir::isFloatingPoint(m->getType().getDType()) || ir::isComplex(m->getType().getDType()))
    return m;
  // A constant free of NaN needs no Where.
  auto mayBeNaN = [](Value *v) {
    ir::Operation *def = v->getDefiningOp();
    const ir::Attribute *value = def && def->isa(ir::builtin::kConstant) ? def->getAttr("value")
                                                                         : nullptr;
    if (!value || value->getKind() != ir::Attribute::Kind::Dense)
      return true;
    const ir::DenseElements &dense = value->getDense();
    if (!numerics::hasNumericElements(dense.dtype))
      return true;
    int64_t n = int64_t(dense.bytes.size() / ir::getDTypeSize(dense.dtype));
    for (int64_t i = 0; i < n; ++i)
      if (std::isnan(numerics::readDouble(dense.dtype, dense.bytes.data(), i)))
        return true;
    return false;
  };
  // Beside a one-element constant, ONNX Runtime 1.23's Max and Min keep
  // the other operand's NaN (float32, float64, float16, either order, any
  // size); beside a tensor they may drop it.
  auto oneElement = [](Value *v) { return v->getType().getNumElements() == 1; };
  bool aNaN = mayBeNaN(a), cNaN = mayBeNaN(c);
  ir::Type type = m->getType();
  for (auto [operand, mayBe, otherIsNumber] :
       {std::tuple(c, cNaN, !aNaN && oneElement(a)), std::tuple(a, aNaN, !cNaN && oneElement(c))})
    if (mayBe && !otherIsNumber) {
      m = b.where(b.op("IsNaN", {operand}, operand->getType().withDType(DType::Bool)), operand, m);
      m->setType(type);
    }
  return m;
}

namespace {

/// `onnx.<opType>(a, b)` typed as the op's result.
Value *emitBinary(RuleContext &ctx, llvm::StringRef opType, Value *a, Value *b) {
  ir::Type type = ctx.resultType();
  ir::Type inferred = broadcastType(a->getType(), b->getType(), a->getType().getDType());
  if (type.getDType() != a->getType().getDType())
    type = inferred;
  return ctx.b.op(opType, {a, b}, type);
}

/// `self` and `other` cast to the result dtype.
std::pair<Value *, Value *> operandsInResultType(RuleContext &ctx, llvm::StringRef lhs = "self",
                                                 llvm::StringRef rhs = "other") {
  DType t = ctx.resultType().getDType();
  Value *a = ctx.materialize(ctx.tensorOrNumber(lhs), t);
  Value *b = ctx.materialize(ctx.tensorOrNumber(rhs), t);
  return {a, b};
}

/// `v * alpha` unless alpha is 1.
Value *scaleByAlpha(RuleContext &ctx, Value *v) {
  TensorOrNumber alpha = ctx.tensorOrNumber("alpha");
  if (alpha.isNumber() && alpha.asDouble() == 1.0)
    return v;
  return ctx.b.binary("Mul", v, ctx.materialize(alpha, v->getType().getDType()));
}

// ---- Arithmetic ----------------------------------------------------------------

// aten.add.Tensor(self, other, *, alpha=1), aten.add.Scalar(self, other, alpha=1)
ValueList lowerAdd(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  if (ctx.resultType().getDType() == DType::Bool)
    return {emitBinary(ctx, "Or", a, b)};
  return {emitBinary(ctx, "Add", a, scaleByAlpha(ctx, b))};
}

// aten.sub.Tensor(self, other, *, alpha=1), aten.sub.Scalar
ValueList lowerSub(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  if (ctx.resultType().getDType() == DType::Bool)
    return ctx.fail("subtraction of bool tensors is not supported by torch");
  return {emitBinary(ctx, "Sub", a, scaleByAlpha(ctx, b))};
}

// aten.rsub.Tensor(self, other, *, alpha=1) = other - alpha * self
ValueList lowerRsub(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  return {emitBinary(ctx, "Sub", b, scaleByAlpha(ctx, a))};
}

// aten.mul.Tensor(self, other), aten.mul.Scalar
ValueList lowerMul(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  if (ctx.resultType().getDType() == DType::Bool)
    return {emitBinary(ctx, "And", a, b)};
  return {emitBinary(ctx, "Mul", a, b)};
}

Value *emitDiv(RuleContext &ctx, Value *a, Value *b, llvm::StringRef mode) {
  DType t = a->getType().getDType();
  bool isFloat = ir::isFloatingPoint(t);
  if (mode.empty() || (mode == "trunc" && !isFloat))
    return emitBinary(ctx, "Div", a, b);
  if (mode == "trunc")
    return emitTrunc(ctx.b, ctx.b.binary("Div", a, b));
  if (isFloat)
    return ctx.b.unary("Floor", ctx.b.binary("Div", a, b));
  return emitIntFloorDiv(ctx.b, a, b);
}

// aten.div.Tensor(self, other), aten.div.Scalar: true division in the
// (floating) result dtype.
ValueList lowerDiv(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  return {emitBinary(ctx, "Div", a, b)};
}

// aten.div.Tensor_mode(self, other, *, rounding_mode=None), aten.div.Scalar_mode
ValueList lowerDivMode(RuleContext &ctx) {
  std::optional<std::string> mode = ctx.getOptionalString("rounding_mode");
  if (mode && *mode != "trunc" && *mode != "floor")
    return ctx.fail("unknown rounding_mode '" + *mode + "'");
  auto [a, b] = operandsInResultType(ctx);
  return {emitDiv(ctx, a, b, mode.value_or(""))};
}

// aten.floor_divide.default(self, other), aten.floor_divide.Scalar
ValueList lowerFloorDivide(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  return {emitDiv(ctx, a, b, "floor")};
}

// aten.remainder.Tensor/.Scalar(self, other), .Scalar_Tensor: Python's
// modulo, the result takes the sign of the divisor.
ValueList lowerRemainder(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  DType t = a->getType().getDType();
  if (!ir::isFloatingPoint(t))
    return {ctx.b.op("Mod", {a, b}, ctx.resultType(), {{"fmod", ir::Attribute::integer(0)}})};
  OnnxBuilder &o = ctx.b;
  Value *r = o.op("Mod", {a, b}, broadcastType(a->getType(), b->getType(), t),
                  {{"fmod", ir::Attribute::integer(1)}});
  Value *zero = o.scalar(t, 0.0);
  Value *nonZero = o.op("Not", {o.compare("Equal", r, zero)}, r->getType().withDType(DType::Bool));
  Value *signsDiffer = o.compare("Xor", o.compare("Less", r, zero), o.compare("Less", b, zero));
  Value *adjust = o.compare("And", nonZero, signsDiffer);
  return {o.where(adjust, o.binary("Add", r, b), r)};
}

// aten.fmod.Tensor/.Scalar(self, other): C's fmod, the sign of the dividend.
ValueList lowerFmod(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  return {ctx.b.op("Mod", {a, b}, ctx.resultType(), {{"fmod", ir::Attribute::integer(1)}})};
}

/// x ** e for a constant exponent, with torch's exact special cases.
Value *emitPowConstant(RuleContext &ctx, Value *x, double e) {
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  if (e == 1.0)
    return x;
  if (e == 2.0)
    return b.binary("Mul", x, x);
  if (ir::isFloatingPoint(t)) {
    if (e == 0.5)
      return b.unary("Sqrt", x);
    if (e == -1.0)
      return b.unary("Reciprocal", x);
    if (e == -0.5)
      return b.unary("Reciprocal", b.unary("Sqrt", x));
  }
  return nullptr;
}

/// ONNX Pow computes int32/int64/float16/bfloat16/float32/float64 bases;
/// other integer dtypes go through int64.
Value *emitPow(RuleContext &ctx, Value *base, Value *exponent) {
  DType t = base->getType().getDType();
  bool direct = ir::isFloatingPoint(t) || t == DType::Int32 || t == DType::Int64;
  if (direct)
    return ctx.b.binary("Pow", base, exponent);
  Value *wide = ctx.b.cast(base, DType::Int64);
  return ctx.b.cast(ctx.b.binary("Pow", wide, ctx.b.cast(exponent, DType::Int64)), t);
}

// aten.pow.Tensor_Tensor(self, exponent), .Tensor_Scalar, .Scalar(self: Scalar, exponent)
ValueList lowerPow(RuleContext &ctx) {
  DType t = ctx.resultType().getDType();
  TensorOrNumber base = ctx.tensorOrNumber("self");
  TensorOrNumber exponent = ctx.tensorOrNumber("exponent");
  Value *x = ctx.materialize(base, t);
  if (exponent.isNumber())
    if (Value *v = emitPowConstant(ctx, x, exponent.asDouble()))
      return {v};
  return {emitPow(ctx, x, ctx.materialize(exponent, t))};
}

/// Max/Min, NaN where an operand is (as torch.maximum); bool uses Or/And.
ValueList lowerMaxMin(RuleContext &ctx, llvm::StringRef opType, llvm::StringRef boolOpType) {
  auto [a, b] = operandsInResultType(ctx);
  if (a->getType().getDType() == DType::Bool)
    return {emitBinary(ctx, boolOpType, a, b)};
  return {propagateNaN(ctx.b, emitBinary(ctx, opType, a, b), a, b)};
}

// aten.maximum.default(self, other), aten.max.other
ValueList lowerMaximum(RuleContext &ctx) { return lowerMaxMin(ctx, "Max", "Or"); }
// aten.minimum.default(self, other), aten.min.other
ValueList lowerMinimum(RuleContext &ctx) { return lowerMaxMin(ctx, "Min", "And"); }

/// fmax/fmin: a NaN operand yields the other one.
ValueList lowerFMaxMin(RuleContext &ctx, llvm::StringRef opType) {
  auto [a, b] = operandsInResultType(ctx);
  OnnxBuilder &o = ctx.b;
  if (a->getType().getDType() == DType::Bool)
    return {emitBinary(ctx, opType == "Max" ? "Or" : "And", a, b)};
  Value *m = emitBinary(ctx, opType, a, b);
  if (!ir::isFloatingPoint(a->getType().getDType()))
    return {m};
  Value *r = o.where(o.op("IsNaN", {b}, b->getType().withDType(DType::Bool)), a, m);
  return {o.where(o.op("IsNaN", {a}, a->getType().withDType(DType::Bool)), b, r)};
}
// aten.fmax.default(self, other)
ValueList lowerFMax(RuleContext &ctx) { return lowerFMaxMin(ctx, "Max"); }
// aten.fmin.default(self, other)
ValueList lowerFMin(RuleContext &ctx) { return lowerFMaxMin(ctx, "Min"); }

// ---- Comparison --------------------------------------------------------------

/// Both operands in torch.result_type(self, other); ONNX's ordered
/// comparisons have no bool form, so bool compares as uint8.
std::pair<Value *, Value *> operandsInCommonType(RuleContext &ctx, bool ordered) {
  TensorOrNumber a = ctx.tensorOrNumber("self"), b = ctx.tensorOrNumber("other");
  DType t = numerics::resultType({a.promotion(), b.promotion()}).value_or(DType::Float32);
  if (ordered && t == DType::Bool)
    t = DType::UInt8;
  return {ctx.materialize(a, t), ctx.materialize(b, t)};
}

ValueList lowerCompare(RuleContext &ctx, llvm::StringRef opType, bool negate = false) {
  bool ordered = opType != "Equal";
  auto [a, b] = operandsInCommonType(ctx, ordered);
  Value *r = ctx.b.compare(opType, a, b);
  if (negate)
    r = ctx.b.unary("Not", r);
  return {ctx.b.cast(r, ctx.resultType().getDType())};
}

// aten.eq/ne/lt/le/gt/ge .Tensor(self, other) and .Scalar(self, other)
ValueList lowerEq(RuleContext &ctx) { return lowerCompare(ctx, "Equal"); }
ValueList lowerNe(RuleContext &ctx) { return lowerCompare(ctx, "Equal", true); }
ValueList lowerLt(RuleContext &ctx) { return lowerCompare(ctx, "Less"); }
ValueList lowerLe(RuleContext &ctx) { return lowerCompare(ctx, "LessOrEqual"); }
ValueList lowerGt(RuleContext &ctx) { return lowerCompare(ctx, "Greater"); }
ValueList lowerGe(RuleContext &ctx) { return lowerCompare(ctx, "GreaterOrEqual"); }

// ---- Logical and bitwise ---------------------------------------------------------

ValueList lowerLogical(RuleContext &ctx, llvm::StringRef opType) {
  Value *a = ctx.materialize(ctx.tensorOrNumber("self"), DType::Bool);
  Value *b = ctx.materialize(ctx.tensorOrNumber("other"), DType::Bool);
  return {ctx.b.cast(ctx.b.compare(opType, a, b), ctx.resultType().getDType())};
}
// aten.logical_and/or/xor.default(self, other)
ValueList lowerLogicalAnd(RuleContext &ctx) { return lowerLogical(ctx, "And"); }
ValueList lowerLogicalOr(RuleContext &ctx) { return lowerLogical(ctx, "Or"); }
ValueList lowerLogicalXor(RuleContext &ctx) { return lowerLogical(ctx, "Xor"); }

// aten.logical_not.default(self)
ValueList lowerLogicalNot(RuleContext &ctx) {
  Value *x = ctx.b.cast(ctx.tensor("self"), DType::Bool);
  return {ctx.b.cast(ctx.b.unary("Not", x), ctx.resultType().getDType())};
}

/// Integers before opset 18, which has no BitwiseAnd/Or/Xor/Not: the ops
/// are computed bit by bit in int64. An integer of W bits is its sign bit
/// (signed types, and uint64 read as int64) worth -2^(W-1), and low bits
/// worth 2^i: `low` = x - sign * -2^(W-1), a non-negative value whose bit i
/// is (low / 2^i) mod 2. The result is the sum of its bits times their
/// worth, which cannot overflow.
struct IntegerBits {
  int64_t lowBits = 0;
  bool hasSign = false;
  int64_t signWorth = 0;
};
IntegerBits integerBits(DType t) {
  int64_t width = int64_t(ir::getDTypeSize(t)) * 8;
  IntegerBits bits;
  bits.hasSign = ir::isSignedIntegral(t) || width == 64;
  bits.lowBits = bits.hasSign ? width - 1 : width;
  bits.signWorth = bits.hasSign ? std::numeric_limits<int64_t>::min() >> (64 - width) : 0;
  return bits;
}

/// The low bits of `x` (int64) as a [..., lowBits] tensor of 0/1, and its
/// sign as 0/1 (null without one).
std::pair<Value *, Value *> splitBits(OnnxBuilder &b, Value *x, const IntegerBits &bits,
                                      Value *worths) {
  Value *sign = nullptr, *low = x;
  if (bits.hasSign) {
    sign = b.cast(b.compare("Less", x, b.i64(0)), DType::Int64);
    low = b.binary("Sub", x, b.binary("Mul", sign, b.i64(bits.signWorth)));
  }
  int64_t rank = x->getType().isRanked() ? int64_t(x->getType().getRank()) : 0;
  Value *planes = b.binary("Div", b.unsqueeze(low, {rank}), worths);
  return {b.op("Mod", {planes, b.i64(2)}, planes->getType(), {{"fmod", ir::Attribute::integer(0)}}),
          sign};
}

Value *emitBitsOp(OnnxBuilder &b, llvm::StringRef boolOp, Value *x, Value *y) {
  if (boolOp == "And")
    return b.binary("Mul", x, y);
  if (boolOp == "Or")
    return b.binary("Max", x, y);
  return b.unary("Abs", b.binary("Sub", x, y));
}

Value *emitBitwiseByBits(RuleContext &ctx, llvm::StringRef boolOp, Value *a, Value *c) {
  OnnxBuilder &b = ctx.b;
  DType t = a->getType().getDType();
  IntegerBits bits = integerBits(t);
  llvm::SmallVector<int64_t, 64> worth;
  for (int64_t i = 0; i < bits.lowBits; ++i)
    worth.push_back(int64_t(1) << i);
  Value *worths = b.i64s(worth);
  auto [bitsA, signA] = splitBits(b, b.cast(a, DType::Int64), bits, worths);
  auto [bitsC, signC] = splitBits(b, b.cast(c, DType::Int64), bits, worths);
  Value *combined = emitBitsOp(b, boolOp, bitsA, bitsC);
  int64_t last[] = {int64_t(combined->getType().getRank()) - 1};
  Value *r = b.reduce("ReduceSum", b.binary("Mul", combined, worths), last, false);
  if (bits.hasSign)
    r = b.binary("Add", r,
                 b.binary("Mul", emitBitsOp(b, boolOp, signA, signC), b.i64(bits.signWorth)));
  return b.cast(r, t);
}

/// Bitwise ops: And/Or/Xor on bool, BitwiseAnd/... on integers (from opset
/// 18; bit by bit before).
ValueList lowerBitwise(RuleContext &ctx, llvm::StringRef boolOp, llvm::StringRef intOp) {
  auto [a, b] = operandsInResultType(ctx);
  DType t = a->getType().getDType();
  if (t == DType::Bool)
    return {emitBinary(ctx, boolOp, a, b)};
  if (!ir::isIntegral(t))
    return ctx.fail("bitwise ops need integer or bool tensors");
  if (!a->getType().isRanked() || !b->getType().isRanked())
    return ctx.fail("bitwise ops need ranked tensors");
  if (ctx.getOpset() < 18)
    return {emitBitwiseByBits(ctx, boolOp, a, b)};
  return {emitBinary(ctx, intOp, a, b)};
}
// aten.bitwise_and/or/xor .Tensor/.Scalar, aten.__and__/__or__/__xor__ .Tensor/.Scalar
ValueList lowerBitwiseAnd(RuleContext &ctx) { return lowerBitwise(ctx, "And", "BitwiseAnd"); }
ValueList lowerBitwiseOr(RuleContext &ctx) { return lowerBitwise(ctx, "Or", "BitwiseOr"); }
ValueList lowerBitwiseXor(RuleContext &ctx) { return lowerBitwise(ctx, "Xor", "BitwiseXor"); }

// aten.bitwise_not.default(self): on integers before opset 18, ~x is -1 - x
// (2^W - 1 - x for unsigned types narrower than 64 bits), in int64.
ValueList lowerBitwiseNot(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  DType t = x->getType().getDType();
  if (t == DType::Bool)
    return {ctx.b.unary("Not", x)};
  if (!ir::isIntegral(t))
    return ctx.fail("bitwise_not needs integer or bool tensors");
  if (ctx.getOpset() >= 18)
    return {ctx.b.unary("BitwiseNot", x)};
  IntegerBits bits = integerBits(t);
  int64_t ones = bits.hasSign ? -1 : int64_t((uint64_t(1) << bits.lowBits) - 1);
  Value *r = ctx.b.binary("Sub", ctx.b.i64(ones), ctx.b.cast(x, DType::Int64));
  return {ctx.b.cast(r, t)};
}

ir::DType unsignedOfSameWidth(DType t) {
  switch (ir::getDTypeSize(t)) {
  case 1:
    return DType::UInt8;
  case 2:
    return DType::UInt16;
  case 4:
    return DType::UInt32;
  default:
    return DType::UInt64;
  }
}

// aten.__lshift__.Tensor/.Scalar(self, other), aten.bitwise_left_shift.Tensor:
// ONNX BitShift is unsigned only; a left shift is the same bits either way.
ValueList lowerLeftShift(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  DType t = a->getType().getDType();
  if (!ir::isIntegral(t) || t == DType::Bool)
    return ctx.fail("shifts need integer tensors");
  DType u = unsignedOfSameWidth(t);
  Value *shifted = ctx.b.op("BitShift", {ctx.b.cast(a, u), ctx.b.cast(b, u)},
                            broadcastType(a->getType(), b->getType(), u),
                            {{"direction", ir::Attribute::string("LEFT")}});
  return {ctx.b.cast(shifted, t)};
}

// aten.__rshift__.Tensor/.Scalar(self, other), aten.bitwise_right_shift.Tensor:
// arithmetic for signed types, i.e. floor(self / 2**other).
ValueList lowerRightShift(RuleContext &ctx) {
  auto [a, b] = operandsInResultType(ctx);
  DType t = a->getType().getDType();
  if (!ir::isIntegral(t) || t == DType::Bool)
    return ctx.fail("shifts need integer tensors");
  if (!ir::isSignedIntegral(t))
    return {ctx.b.op("BitShift", {a, b}, ctx.resultType(),
                     {{"direction", ir::Attribute::string("RIGHT")}})};
  Value *one = ctx.b.scalarInt(DType::Int64, 1);
  Value *power = ctx.b.cast(ctx.b.op("BitShift",
                                     {ctx.b.cast(one, DType::UInt64), ctx.b.cast(b, DType::UInt64)},
                                     b->getType().withDType(DType::UInt64),
                                     {{"direction", ir::Attribute::string("LEFT")}}),
                            t);
  return {emitIntFloorDiv(ctx.b, a, power)};
}

// ---- Unary math ------------------------------------------------------------------

/// `self` cast to the result dtype (sqrt of an int tensor is float).
Value *selfInResultType(RuleContext &ctx) {
  return ctx.b.cast(ctx.tensor("self"), ctx.resultType().getDType());
}

template <const char *OpType> ValueList lowerFloatUnary(RuleContext &ctx) {
  return {ctx.b.unary(OpType, selfInResultType(ctx))};
}

constexpr char kExp[] = "Exp", kLog[] = "Log", kSqrt[] = "Sqrt", kSin[] = "Sin", kCos[] = "Cos",
               kTan[] = "Tan", kAsin[] = "Asin", kAcos[] = "Acos",
               kSinh[] = "Sinh", kCosh[] = "Cosh", kAsinh[] = "Asinh", kAcosh[] = "Acosh",
               kAtanh[] = "Atanh", kReciprocal[] = "Reciprocal";

/// A function ONNX Runtime has in float32 only: `Fn` of FloatExpr builds it
/// in float64.
template <const char *OpType, Value *(FloatExpr::*Fn)(FloatExpr::Term)>
ValueList lowerFloat32OnlyUnary(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  if (t != DType::Float64)
    return {ctx.b.unary(OpType, x)};
  FloatExpr e(ctx.b, t);
  return {(e.*Fn)(x)};
}

// aten.erf.default(self): FloatExpr's, which keeps NaN (ONNX Runtime's Erf
// makes it 1) and computes float64 by a series.
ValueList lowerErf(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  return {FloatExpr(ctx.b, x->getType().getDType()).erf(x)};
}

/// Ops that keep integer inputs as they are and round floats.
template <const char *OpType> ValueList lowerRounding(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  if (!ir::isFloatingPoint(x->getType().getDType()))
    return {x};
  return {ctx.b.unary(OpType, x)};
}
constexpr char kFloor[] = "Floor", kCeil[] = "Ceil", kRound[] = "Round";

// aten.trunc.default(self)
ValueList lowerTrunc(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  if (!ir::isFloatingPoint(x->getType().getDType()))
    return {x};
  return {emitTrunc(ctx.b, x)};
}

// aten.frac.default(self) = self - trunc(self)
ValueList lowerFrac(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  return {ctx.b.binary("Sub", x, emitTrunc(ctx.b, x))};
}

// aten.round.decimals(self, *, decimals): round half to even at 10**-decimals
ValueList lowerRoundDecimals(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  int64_t decimals = ctx.getInt("decimals");
  DType t = x->getType().getDType();
  if (!ir::isFloatingPoint(t))
    return {x};
  if (decimals == 0)
    return {ctx.b.unary("Round", x)};
  Value *scale = ctx.b.scalar(t, std::pow(10.0, double(decimals)));
  return {ctx.b.binary("Div", ctx.b.unary("Round", ctx.b.binary("Mul", x, scale)), scale)};
}

// aten.abs.default(self): the modulus of a complex tensor
ValueList lowerAbs(RuleContext &ctx) {
  if (Value *z = ctx.tensor("self"); ctx.isComplexPair(z)) {
    int64_t last = ctx.rankOf(z) - 1;
    Value *r = ctx.b.reduce("ReduceL2", z, llvm::ArrayRef<int64_t>{last}, false);
    r->setType(ctx.resultType());
    return {r};
  }
  Value *x = selfInResultType(ctx);
  if (x->getType().getDType() == DType::Bool)
    return {x};
  return {ctx.b.unary("Abs", x)};
}

// aten.neg.default(self)
ValueList lowerNeg(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  if (t == DType::Bool)
    return ctx.fail("negation of a bool tensor is not supported by torch");
  if (!ir::isSignedIntegral(t) && !ir::isFloatingPoint(t))
    return {ctx.b.binary("Sub", ctx.b.scalarInt(t, 0), x)};
  return {ctx.b.unary("Neg", x)};
}

// aten.sign.default(self): torch's (x > 0) - (x < 0) for floats, so NaN
// and -0.0 give 0. ONNX Sign keeps NaN, which the Where replaces; ONNX
// Runtime's Sign of -0.0 is 0.0, as torch's.
ValueList lowerSign(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  if (t == DType::Bool)
    return {x};
  OnnxBuilder &b = ctx.b;
  Value *sign = b.unary("Sign", x);
  if (!ir::isFloatingPoint(t))
    return {sign};
  Value *nan = b.op("IsNaN", {x}, x->getType().withDType(DType::Bool));
  return {b.where(nan, b.scalar(t, 0.0), sign)};
}

// aten.rsqrt.default(self)
ValueList lowerRsqrt(RuleContext &ctx) {
  return {ctx.b.unary("Reciprocal", ctx.b.unary("Sqrt", selfInResultType(ctx)))};
}

// aten.square.default(self)
ValueList lowerSquare(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  return {ctx.b.binary("Mul", x, x)};
}

/// log(x) / log(base)
ValueList lowerLogBase(RuleContext &ctx, double base) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  return {ctx.b.binary("Div", ctx.b.unary("Log", x), ctx.b.scalar(t, std::log(base)))};
}
// aten.log2.default(self), aten.log10.default(self)
ValueList lowerLog2(RuleContext &ctx) { return lowerLogBase(ctx, 2.0); }
ValueList lowerLog10(RuleContext &ctx) { return lowerLogBase(ctx, 10.0); }

/// log(1 + x) without losing the small x that 1 + x rounds away (Kahan):
/// x * log(u) / (u - 1) with u = 1 + x, x itself where u is 1 (on Where's
/// false side, which keeps -0.0), and +inf for +inf.
Value *emitLog1p(OnnxBuilder &b, Value *x) {
  DType t = x->getType().getDType();
  Value *one = b.scalar(t, 1.0);
  Value *u = b.binary("Add", x, one);
  Value *numerator = b.binary("Mul", x, b.unary("Log", u));
  Value *scaled = b.binary("Div", numerator, b.binary("Sub", u, one));
  scaled = b.where(b.compare("Equal", u, b.scalar(t, INFINITY)), u, scaled);
  return b.where(b.unary("Not", b.compare("Equal", u, one)), scaled, x);
}

// aten.log1p.default(self)
ValueList lowerLog1p(RuleContext &ctx) { return {emitLog1p(ctx.b, selfInResultType(ctx))}; }

// aten.expm1.default(self): exp(x) - 1 without losing small x (Kahan):
// (u - 1) * x / log(u) with u = exp(x); x where u is 1, -1 where u - 1 is,
// and +inf for +inf.
ValueList lowerExpm1(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  Value *one = b.scalar(t, 1.0), *minusOne = b.scalar(t, -1.0);
  Value *u = b.unary("Exp", x);
  Value *less = b.binary("Sub", u, one);
  Value *numerator = b.binary("Mul", less, x);
  Value *scaled = b.binary("Div", numerator, b.unary("Log", u));
  scaled = b.where(b.compare("Equal", u, b.scalar(t, INFINITY)), u, scaled);
  scaled = b.where(b.compare("Equal", less, minusOne), minusOne, scaled);
  return {b.where(b.unary("Not", b.compare("Equal", u, one)), scaled, x)};
}

// aten.exp2.default(self)
ValueList lowerExp2(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  return {ctx.b.binary("Pow", ctx.b.scalar(x->getType().getDType(), 2.0), x)};
}

// aten.isnan.default(self)
ValueList lowerIsNan(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  if (!ir::isFloatingPoint(x->getType().getDType()))
    return {ctx.b.expand(ctx.b.scalarInt(DType::Bool, 0), ctx.b.shapeOf(x),
                         x->getType().withDType(DType::Bool))};
  return {ctx.b.op("IsNaN", {x}, x->getType().withDType(DType::Bool))};
}

// aten.isinf.default(self)
ValueList lowerIsInf(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  if (!ir::isFloatingPoint(x->getType().getDType()))
    return {ctx.b.expand(ctx.b.scalarInt(DType::Bool, 0), ctx.b.shapeOf(x),
                         x->getType().withDType(DType::Bool))};
  return {ctx.b.op("IsInf", {x}, x->getType().withDType(DType::Bool))};
}

// aten.isfinite.default(self): neither NaN nor infinite, i.e. x - x == 0
ValueList lowerIsFinite(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  DType t = x->getType().getDType();
  if (!ir::isFloatingPoint(t))
    return {ctx.b.expand(ctx.b.scalarInt(DType::Bool, 1), ctx.b.shapeOf(x),
                         x->getType().withDType(DType::Bool))};
  return {ctx.b.compare("Equal", ctx.b.binary("Sub", x, x), ctx.b.scalar(t, 0.0))};
}

// ---- Signs, special values and exponents -------------------------------------------

/// A bool tensor of `x`'s shape, all `value`.
Value *emitFilledMask(OnnxBuilder &b, Value *x, bool value) {
  return b.expand(b.scalarInt(DType::Bool, value ? 1 : 0), b.shapeOf(x),
                  x->getType().withDType(DType::Bool));
}

/// Whether each element of `x` has its sign bit set: x < 0, or -0.0, whose
/// reciprocal is -inf. ONNX cannot read the sign bit of a NaN, which reads
/// as positive (the NaN torch.nan and float('nan') give).
Value *emitSignBit(OnnxBuilder &b, Value *x) {
  DType t = x->getType().getDType();
  if (!ir::isSignedIntegral(t) && !ir::isFloatingPoint(t))
    return emitFilledMask(b, x, false);
  Value *zero = b.scalar(t, 0.0);
  Value *negative = b.compare("Less", x, zero);
  if (!ir::isFloatingPoint(t))
    return negative;
  return b.compare("Or", negative, b.compare("Less", b.unary("Reciprocal", x), zero));
}

/// atan(z). ONNX Runtime's CPU Atan (and Cos) take no float64, so a float64
/// `z` takes float32's atan as a first guess t and one Newton step on
/// sin t - z cos t (cos t as sin(t + pi / 2)), which carries its ~1e-7
/// error to ~1e-14; infinite z gives +-pi / 2.
Value *emitAtan(OnnxBuilder &b, Value *z) {
  if (z->getType().getDType() != DType::Float64)
    return b.unary("Atan", z);
  DType f64 = DType::Float64;
  Value *guess = b.cast(b.unary("Atan", b.cast(z, DType::Float32)), f64);
  Value *sin = b.unary("Sin", guess);
  Value *cos = b.unary("Sin", b.binary("Add", guess, b.scalar(f64, M_PI / 2)));
  Value *residual = b.binary("Sub", sin, b.binary("Mul", z, cos));
  Value *slope = b.binary("Add", cos, b.binary("Mul", z, sin));
  Value *refined = b.binary("Sub", guess, b.binary("Div", residual, slope));
  Value *quarterTurn = b.where(b.compare("Greater", z, b.scalar(f64, 0.0)),
                              b.scalar(f64, M_PI / 2), b.scalar(f64, -M_PI / 2));
  return b.where(b.op("IsInf", {z}, z->getType().withDType(DType::Bool)), quarterTurn, refined);
}

/// The angle of (x, y) in (-pi, pi], as C's atan2: the angle of (x, |y|),
/// a = atan(|y| / x) plus pi where x has its sign bit set, times the sign
/// of y. Where |y| / x is NaN of numbers (both zero, both infinite) the
/// quotient is tanh(x): a zero, or +-1 with the sign of x, which gives 0, pi
/// and pi / 4, 3 pi / 4 there. tanh keeps the sign bit of its operand in a
/// value of at most 1 in magnitude (-0.0 and -inf included), so its
/// reciprocal is below zero where the sign bit is set, and the Sign of the
/// reciprocal is +-1 by the sign bit (NaN for NaN, which keeps a NaN y's
/// NaN). ONNX Runtime's Where turns -0.0 on its true side into 0.0, so no
/// zero whose sign matters passes one.
Value *emitAtan2(OnnxBuilder &b, Value *y, Value *x) {
  DType t = y->getType().getDType();
  Value *tanhX = b.unary("Tanh", x);
  Value *quotient = b.binary("Div", b.unary("Abs", y), x);
  Value *undefined = b.op("IsNaN", {quotient}, quotient->getType().withDType(DType::Bool));
  Value *angle = emitAtan(b, b.where(undefined, tanhX, quotient));
  Value *reciprocalX = b.unary("Reciprocal", tanhX);
  Value *xNegative = b.compare("Less", reciprocalX, b.scalar(t, 0.0));
  Value *upper = b.where(xNegative, b.binary("Add", angle, b.scalar(t, M_PI)), angle);
  Value *ySign = b.unary("Sign", b.unary("Reciprocal", b.unary("Tanh", y)));
  return b.binary("Mul", upper, ySign);
}

// aten.atan.default(self)
ValueList lowerAtan(RuleContext &ctx) { return {emitAtan(ctx.b, selfInResultType(ctx))}; }

// aten.atan2.default(self, other) = the angle of (other, self)
ValueList lowerAtan2(RuleContext &ctx) {
  auto [y, x] = operandsInResultType(ctx);
  Value *r = emitAtan2(ctx.b, y, x);
  r->setType(ctx.resultType());
  return {r};
}

// aten.signbit.default(self)
ValueList lowerSignbit(RuleContext &ctx) { return {emitSignBit(ctx.b, ctx.tensor("self"))}; }

// aten.copysign.Tensor(self, other), aten.copysign.Scalar: |self| with the
// sign bit of `other`, in the (floating) result dtype.
ValueList lowerCopysign(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  DType t = ctx.resultDType();
  Value *magnitude = b.unary("Abs", ctx.materialize(ctx.tensorOrNumber("self"), t));
  TensorOrNumber other = ctx.tensorOrNumber("other");
  if (other.isNumber())
    return {std::signbit(other.asDouble()) ? b.unary("Neg", magnitude) : magnitude};
  // A product with -1 or 1 rather than a Where between -|self| and |self|:
  // ONNX Runtime's Where can return +0.0 for a selected -0.0.
  Value *sign = b.where(emitSignBit(b, ctx.materialize(other, t)), b.scalar(t, -1.0),
                        b.scalar(t, 1.0));
  return {emitBinary(ctx, "Mul", magnitude, sign)};
}

// aten.heaviside.default(self, values): `values` where self is zero, else
// self > 0 (so 0 for NaN, as torch's kernel compares).
ValueList lowerHeaviside(RuleContext &ctx) {
  auto [x, values] = operandsInResultType(ctx, "self", "values");
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  if (t == DType::Bool)
    return {emitBinary(ctx, "Or", x, values)};
  Value *positive = b.cast(b.compare("Greater", x, b.scalar(t, 0.0)), t);
  // `values` on the false side: ONNX Runtime's Where turns a -0.0 it takes
  // from the true side into +0.0.
  Value *nonZero = b.unary("Not", b.compare("Equal", x, b.scalar(t, 0.0)));
  Value *r = b.where(nonZero, positive, values);
  r->setType(ctx.resultType());
  return {r};
}

/// isposinf / isneginf: IsInf of one sign; never true for integers.
ValueList lowerIsSignedInf(RuleContext &ctx, bool positive) {
  Value *x = ctx.tensor("self");
  if (!ir::isFloatingPoint(x->getType().getDType()))
    return {emitFilledMask(ctx.b, x, false)};
  llvm::StringRef ignored = positive ? "detect_negative" : "detect_positive";
  return {ctx.b.op("IsInf", {x}, x->getType().withDType(DType::Bool),
                   {{ignored.str(), ir::Attribute::integer(0)}})};
}
// aten.isposinf.default(self), aten.isneginf.default(self)
ValueList lowerIsPosInf(RuleContext &ctx) { return lowerIsSignedInf(ctx, true); }
ValueList lowerIsNegInf(RuleContext &ctx) { return lowerIsSignedInf(ctx, false); }

// aten.ldexp.Tensor(self, other) = self * 2 ** other, where torch computes
// the power in the dtype of `other` if floating, else in float32 (the
// default dtype), then multiplies in the result dtype.
ValueList lowerLdexp(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  DType t = ctx.resultDType();
  Value *x = b.cast(ctx.tensor("self"), t);
  Value *exponent = ctx.tensor("other");
  DType powerType = exponent->getType().getDType();
  if (!ir::isFloatingPoint(powerType))
    powerType = DType::Float32;
  Value *power = b.binary("Pow", b.scalar(powerType, 2.0), b.cast(exponent, powerType));
  return {emitBinary(ctx, "Mul", x, b.cast(power, t))};
}

/// logaddexp (base e) and logaddexp2 (base 2) as torch computes them:
/// max(a, b) + log1p(base ** -|a - b|) / log(base), and `a` itself where
/// both are the same infinity (whose difference is NaN).
ValueList lowerLogAddExpBase(RuleContext &ctx, bool base2) {
  auto [a, c] = operandsInResultType(ctx);
  OnnxBuilder &b = ctx.b;
  DType t = a->getType().getDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("logaddexp needs a floating-point result");
  Value *gap = b.unary("Neg", b.unary("Abs", b.binary("Sub", a, c)));
  Value *scaled = base2 ? b.binary("Pow", b.scalar(t, 2.0), gap) : b.unary("Exp", gap);
  Value *log1p = emitLog1p(b, scaled);
  if (base2)
    log1p = b.binary("Div", log1p, b.scalar(t, M_LN2));
  Value *r = b.binary("Add", b.binary("Max", a, c), log1p);
  Value *sameInfinity = b.compare(
      "And", b.op("IsInf", {a}, a->getType().withDType(DType::Bool)), b.compare("Equal", a, c));
  r = b.where(sameInfinity, a, r);
  r->setType(ctx.resultType());
  return {r};
}
// aten.logaddexp.default(self, other), aten.logaddexp2.default(self, other)
ValueList lowerLogAddExp(RuleContext &ctx) { return lowerLogAddExpBase(ctx, false); }
ValueList lowerLogAddExp2(RuleContext &ctx) { return lowerLogAddExpBase(ctx, true); }

/// self * factor in the (floating) result dtype, the factor rounded to it
/// as torch rounds a Python number.
ValueList lowerScaleBy(RuleContext &ctx, double factor) {
  Value *x = selfInResultType(ctx);
  return {ctx.b.binary("Mul", x, ctx.b.scalar(x->getType().getDType(), factor))};
}
// aten.deg2rad.default(self), aten.rad2deg.default(self)
ValueList lowerDeg2Rad(RuleContext &ctx) { return lowerScaleBy(ctx, M_PI / 180.0); }
ValueList lowerRad2Deg(RuleContext &ctx) { return lowerScaleBy(ctx, 180.0 / M_PI); }

// aten.sgn.default(self): sign of a real tensor; z / |z| of a complex one (0
// at 0).
ValueList lowerSgn(RuleContext &ctx) {
  Value *z = ctx.tensor("self");
  if (!ctx.isComplexPair(z))
    return lowerSign(ctx);
  OnnxBuilder &b = ctx.b;
  int64_t last = ctx.rankOf(z) - 1;
  Value *modulus = b.reduce("ReduceL2", z, llvm::ArrayRef<int64_t>{last}, true);
  Value *zero = b.scalar(z->getType().getDType(), 0.0);
  Value *r = b.where(b.compare("Equal", modulus, zero), zero, b.binary("Div", z, modulus));
  r->setType(ctx.resultType());
  return {r};
}

// aten.angle.default(self): of a complex tensor atan2(imag, real); of a
// real one pi for negative elements, 0 for the others, NaN for NaN; in the
// (floating) result dtype.
ValueList lowerAngle(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  DType t = ctx.resultDType();
  if (ctx.isComplexPair(x)) {
    int64_t last = ctx.rankOf(x) - 1;
    Value *r = emitAtan2(b, b.gather(x, b.i64(1), last), b.gather(x, b.i64(0), last));
    r->setType(ctx.resultType());
    return {r};
  }
  DType source = x->getType().getDType();
  if (source == DType::Bool)
    return {b.expand(b.scalar(t, 0.0), b.shapeOf(x), ctx.resultType())};
  Value *r = b.where(b.compare("Less", x, b.scalar(source, 0.0)), b.scalar(t, M_PI),
                     b.scalar(t, 0.0));
  if (ir::isFloatingPoint(source)) {
    Value *xt = b.cast(x, t);
    r = b.where(b.op("IsNaN", {xt}, xt->getType().withDType(DType::Bool)), xt, r);
  }
  r->setType(ctx.resultType());
  return {r};
}

/// floor(log2(a)) of float64 `a` > 0, finite, exactly: Log rounds, which
/// can put the quotient by log(2) one off next to a power of two, so the
/// power 2^e (exact in float64) is compared with `a` each way to correct it.
Value *emitBinaryExponent(OnnxBuilder &b, Value *a) {
  Value *one = b.scalar(DType::Float64, 1.0), *two = b.scalar(DType::Float64, 2.0);
  Value *e = b.unary("Floor",
                     b.binary("Div", b.unary("Log", a), b.scalar(DType::Float64, M_LN2)));
  Value *over = b.cast(b.compare("Greater", b.binary("Pow", two, e), a), DType::Float64);
  e = b.binary("Sub", e, over);
  Value *next = b.binary("Pow", two, b.binary("Add", e, one));
  Value *under = b.cast(b.compare("LessOrEqual", next, a), DType::Float64);
  return b.binary("Add", e, under);
}

/// Whether `x` is finite and not zero.
Value *emitIsFiniteNonZero(OnnxBuilder &b, Value *x) {
  Value *zero = b.scalar(x->getType().getDType(), 0.0);
  Value *finite = b.compare("Equal", b.binary("Sub", x, x), zero);
  return b.compare("And", finite, b.unary("Not", b.compare("Equal", x, zero)));
}

// aten.frexp.Tensor(self) -> (mantissa, exponent): self = mantissa * 2 **
// exponent with 0.5 <= |mantissa| < 1 and an int32 exponent; zeros,
// infinities and NaN are their own mantissa with exponent 0, as C's frexp
// gives them. Computed in float64, where every step is exact.
ValueList lowerFrexp(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  if (!ir::isFloatingPoint(x->getType().getDType()))
    return ctx.fail("frexp needs a floating-point tensor");
  Value *xd = b.cast(x, DType::Float64);
  Value *regular = emitIsFiniteNonZero(b, xd);
  Value *e = emitBinaryExponent(b, b.unary("Abs", xd));
  Value *one = b.scalar(DType::Float64, 1.0);
  // x / 2^e / 2 rather than x / 2^(e + 1), which overflows for the largest
  // float64 values; 1 and 1 for the others, so that -0.0 stays -0.0.
  Value *power = b.where(regular, b.binary("Pow", b.scalar(DType::Float64, 2.0), e), one);
  Value *half = b.where(regular, b.scalar(DType::Float64, 0.5), one);
  Value *mantissa = b.binary("Mul", b.binary("Div", xd, power), half);
  Value *exponent =
      b.where(regular, b.binary("Add", e, one), b.scalar(DType::Float64, 0.0));
  mantissa = b.cast(mantissa, ctx.resultDType(0));
  exponent = b.cast(exponent, ctx.resultDType(1));
  mantissa->setType(ctx.resultType(0));
  exponent->setType(ctx.resultType(1));
  return {mantissa, exponent};
}

// aten.nextafter.default(self, other): the float32 or float64 value next to
// self toward other, from the binary exponent e of |self|: a step of
// 2^(max(e, emin) - mantissa bits) (half that toward zero from a power of
// two), the smallest subnormal from zero, the largest finite value from an
// infinity, other where they are equal and NaN where either is. Computed in
// float64, where every step is exact.
ValueList lowerNextafter(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  auto [x, y] = operandsInResultType(ctx);
  DType t = x->getType().getDType();
  if (t != DType::Float32 && t != DType::Float64)
    return ctx.fail("nextafter is supported for float32 and float64");
  bool single = t == DType::Float32;
  int64_t precision = single ? 24 : 53, minExponent = single ? -126 : -1022;
  double largest = single ? double(std::numeric_limits<float>::max())
                          : std::numeric_limits<double>::max();
  double smallest = std::ldexp(1.0, int(minExponent - precision + 1));
  DType f64 = DType::Float64;
  Value *xd = b.cast(x, f64), *yd = b.cast(y, f64);
  Value *zero = b.scalar(f64, 0.0), *two = b.scalar(f64, 2.0);
  Value *up = b.compare("Less", xd, yd);
  auto towardOther = [&](Value *step) {
    return b.where(up, step, b.unary("Neg", step));
  };

  Value *magnitude = b.unary("Abs", xd);
  Value *e = emitBinaryExponent(b, magnitude);
  Value *minE = b.scalar(f64, double(minExponent));
  Value *ulp = b.binary("Pow", two, b.binary("Sub", b.binary("Max", e, minE),
                                             b.scalar(f64, double(precision - 1))));
  Value *away = b.compare("Equal", up, b.compare("Greater", xd, zero));
  Value *powerOfTwo = b.compare("And", b.compare("Equal", magnitude, b.binary("Pow", two, e)),
                                b.compare("Greater", e, minE));
  Value *halfStep = b.compare("And", b.unary("Not", away), powerOfTwo);
  Value *step = b.where(halfStep, b.binary("Mul", ulp, b.scalar(f64, 0.5)), ulp);
  Value *next = b.binary("Add", xd, towardOther(step));
  // A step to zero keeps the sign of self, as C's nextafter does.
  next = b.where(b.unary("Not", b.compare("Equal", next, zero)), next,
                 b.binary("Mul", xd, zero));
  next = b.where(b.compare("Equal", xd, zero), towardOther(b.scalar(f64, smallest)), next);
  Value *signedLargest = b.where(b.compare("Greater", xd, zero), b.scalar(f64, largest),
                                 b.scalar(f64, -largest));
  next = b.where(b.op("IsInf", {xd}, xd->getType().withDType(DType::Bool)), signedLargest, next);
  // Equal operands give other (-0.0 for 0 toward -0.0). ONNX Runtime's
  // Where turns a -0.0 from its true side into +0.0, so the sign is chosen
  // apart, between bools, and put back on the magnitude.
  Value *equal = b.compare("Equal", xd, yd);
  Value *negative = b.where(equal, emitSignBit(b, yd), emitSignBit(b, next));
  Value *r = b.binary("Mul", b.unary("Abs", b.where(equal, yd, next)),
                      b.where(negative, b.scalar(f64, -1.0), b.scalar(f64, 1.0)));
  Value *eitherNan = b.compare("Or", b.op("IsNaN", {xd}, xd->getType().withDType(DType::Bool)),
                               b.op("IsNaN", {yd}, yd->getType().withDType(DType::Bool)));
  r = b.where(eitherNan, b.binary("Add", xd, yd), r);
  r = b.cast(r, t);
  r->setType(ctx.resultType());
  return {r};
}

// ---- Selection -------------------------------------------------------------------

// aten.where.self(condition, self, other), .ScalarSelf, .ScalarOther, .Scalar
ValueList lowerWhere(RuleContext &ctx) {
  Value *cond = ctx.b.cast(ctx.tensor("condition"), DType::Bool);
  auto [a, b] = operandsInResultType(ctx);
  Value *r = ctx.b.where(cond, a, b);
  r->setType(ctx.resultType());
  return {r};
}

// aten.masked_fill.Scalar(self, mask, value), aten.masked_fill.Tensor
ValueList lowerMaskedFill(RuleContext &ctx) {
  Value *self = ctx.tensor("self");
  Value *mask = ctx.b.cast(ctx.tensor("mask"), DType::Bool);
  Value *value = ctx.materialize(ctx.tensorOrNumber("value"), self->getType().getDType());
  Value *r = ctx.b.where(mask, value, self);
  r->setType(ctx.resultType());
  return {r};
}

// ---- Casts -----------------------------------------------------------------------

// aten._to_copy.default, aten.to.dtype/.dtype_layout/.device/.other,
// aten.type_as.default, aten._to_copy: a cast to the result dtype (layout,
// device and memory format do not exist in ONNX).
ValueList lowerToDType(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  DType t = ctx.resultType().getDType();
  if (!numerics::hasNumericElements(t) && t != x->getType().getDType())
    return ctx.fail(llvm::Twine("casts to ") + ir::getTorchName(t) + " are not supported");
  return {ctx.b.cast(x, t)};
}

// aten.addcmul.default(self, tensor1, tensor2, *, value=1) = self + value * t1 * t2
// aten.addcdiv.default(self, tensor1, tensor2, *, value=1) = self + value * t1 / t2
ValueList lowerAddcOp(RuleContext &ctx, llvm::StringRef op) {
  DType t = ctx.resultDType();
  Value *self = ctx.b.cast(ctx.tensor("self"), t);
  Value *a = ctx.b.cast(ctx.tensor("tensor1"), t), *c = ctx.b.cast(ctx.tensor("tensor2"), t);
  Value *term = ctx.b.binary(op, a, c);
  TensorOrNumber value = ctx.tensorOrNumber("value");
  if (!(value.isNumber() && value.asDouble() == 1.0))
    term = ctx.b.binary("Mul", ctx.materialize(value, t), term);
  return {emitBinary(ctx, "Add", self, term)};
}
ValueList lowerAddcmul(RuleContext &ctx) { return lowerAddcOp(ctx, "Mul"); }
ValueList lowerAddcdiv(RuleContext &ctx) { return lowerAddcOp(ctx, "Div"); }

// aten.lerp.Scalar/.Tensor(self, end, weight) = self + weight * (end - self)
ValueList lowerLerp(RuleContext &ctx) {
  DType t = ctx.resultDType();
  Value *self = ctx.b.cast(ctx.tensor("self"), t), *end = ctx.b.cast(ctx.tensor("end"), t);
  Value *weight = ctx.materialize(ctx.tensorOrNumber("weight"), t);
  return {
      emitBinary(ctx, "Add", self, ctx.b.binary("Mul", weight, ctx.b.binary("Sub", end, self)))};
}

// aten.nan_to_num.default(self, nan=None, posinf=None, neginf=None): NaN to
// 0 and infinities to the dtype's extremes unless given.
ValueList lowerNanToNum(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  DType t = x->getType().getDType();
  if (!ir::isFloatingPoint(t))
    return {x};
  double big = t == DType::Float16    ? 65504.0
               : t == DType::BFloat16 ? 3.3895313892515355e38
               : t == DType::Float64  ? std::numeric_limits<double>::max()
                                      : double(std::numeric_limits<float>::max());
  double nan = ctx.getOptionalFloat("nan").value_or(0.0);
  double posinf = ctx.getOptionalFloat("posinf").value_or(big);
  double neginf = ctx.getOptionalFloat("neginf").value_or(-big);
  OnnxBuilder &b = ctx.b;
  ir::Type mask = x->getType().withDType(DType::Bool);
  Value *r = b.where(b.op("IsNaN", {x}, mask), b.scalar(t, nan), x);
  r = b.where(b.op("IsInf", {x}, mask, {{"detect_negative", ir::Attribute::integer(0)}}),
              b.scalar(t, posinf), r);
  return {b.where(b.op("IsInf", {x}, mask, {{"detect_positive", ir::Attribute::integer(0)}}),
                  b.scalar(t, neginf), r)};
}

// aten.hypot.default(self, other) = sqrt(self^2 + other^2)
ValueList lowerHypot(RuleContext &ctx) {
  auto [a, c] = operandsInResultType(ctx);
  return {ctx.b.unary(
      "Sqrt", emitBinary(ctx, "Add", ctx.b.binary("Mul", a, a), ctx.b.binary("Mul", c, c)))};
}

// aten.logit.default(self, eps=None) = log(x / (1 - x)), x clamped to
// [eps, 1 - eps]. torch's kernel computes in the tensor's dtype, which for
// bfloat16 and float16 rounds each step (eps too) to it: so does this.
ValueList lowerLogit(RuleContext &ctx) {
  Value *x = selfInResultType(ctx);
  DType t = x->getType().getDType();
  OnnxBuilder &b = ctx.b;
  std::optional<DType> stored = ctx.programDType("self");
  bool narrow = stored && (*stored == DType::Float16 || *stored == DType::BFloat16);
  auto rounded = [&](Value *v) { return narrow ? b.roundTo(v, *stored) : v; };
  if (std::optional<double> eps = ctx.getOptionalFloat("eps")) {
    Value *low = rounded(b.scalar(t, *eps));
    x = b.binary("Min", b.binary("Max", x, low),
                 rounded(b.binary("Sub", b.scalar(t, 1.0), low)));
  }
  return {b.unary("Log", rounded(b.binary("Div", x, rounded(b.binary("Sub", b.scalar(t, 1.0), x)))))};
}

} // namespace

void registerElementwiseLowerings(LoweringRegistry &r) {
  r.add("aten.add.Tensor", lowerAdd);
  r.add("aten.add.Scalar", lowerAdd);
  r.add("aten.sub.Tensor", lowerSub);
  r.add("aten.sub.Scalar", lowerSub);
  r.add("aten.rsub.Tensor", lowerRsub);
  r.add("aten.rsub.Scalar", lowerRsub);
  r.add("aten.mul.Tensor", lowerMul);
  r.add("aten.mul.Scalar", lowerMul);
  r.add("aten.div.Tensor", lowerDiv);
  r.add("aten.div.Scalar", lowerDiv);
  r.add("aten.div.Tensor_mode", lowerDivMode);
  r.add("aten.div.Scalar_mode", lowerDivMode);
  r.add("aten.floor_divide.default", lowerFloorDivide);
  r.add("aten.floor_divide.Scalar", lowerFloorDivide);
  r.add("aten.remainder.Tensor", lowerRemainder);
  r.add("aten.remainder.Scalar", lowerRemainder);
  r.add("aten.remainder.Scalar_Tensor", lowerRemainder);
  r.add("aten.fmod.Tensor", lowerFmod);
  r.add("aten.fmod.Scalar", lowerFmod);
  r.add("aten.pow.Tensor_Tensor", lowerPow);
  r.add("aten.pow.Tensor_Scalar", lowerPow);
  r.add("aten.pow.Scalar", lowerPow);
  r.add("aten.maximum.default", lowerMaximum);
  r.add("aten.minimum.default", lowerMinimum);
  r.add("aten.max.other", lowerMaximum);
  r.add("aten.min.other", lowerMinimum);
  r.add("aten.fmax.default", lowerFMax);
  r.add("aten.fmin.default", lowerFMin);
  r.add("aten.atan2.default", lowerAtan2);

  for (const char *overload : {"Tensor", "Scalar"}) {
    std::string o = overload;
    r.add("aten.eq." + o, lowerEq);
    r.add("aten.ne." + o, lowerNe);
    r.add("aten.lt." + o, lowerLt);
    r.add("aten.le." + o, lowerLe);
    r.add("aten.gt." + o, lowerGt);
    r.add("aten.ge." + o, lowerGe);
    r.add("aten.bitwise_and." + o, lowerBitwiseAnd);
    r.add("aten.bitwise_or." + o, lowerBitwiseOr);
    r.add("aten.bitwise_xor." + o, lowerBitwiseXor);
    r.add("aten.__and__." + o, lowerBitwiseAnd);
    r.add("aten.__or__." + o, lowerBitwiseOr);
    r.add("aten.__xor__." + o, lowerBitwiseXor);
    r.add("aten.__lshift__." + o, lowerLeftShift);
    r.add("aten.__rshift__." + o, lowerRightShift);
  }
  r.add("aten.bitwise_left_shift.Tensor", lowerLeftShift);
  r.add("aten.bitwise_right_shift.Tensor", lowerRightShift);
  r.add("aten.logical_and.default", lowerLogicalAnd);
  r.add("aten.logical_or.default", lowerLogicalOr);
  r.add("aten.logical_xor.default", lowerLogicalXor);
  r.add("aten.logical_not.default", lowerLogicalNot);
  r.add("aten.bitwise_not.default", lowerBitwiseNot);

  r.add("aten.exp.default", lowerFloatUnary<kExp>);
  r.add("aten.log.default", lowerFloatUnary<kLog>);
  r.add("aten.sqrt.default", lowerFloatUnary<kSqrt>);
  r.add("aten.sin.default", lowerFloatUnary<kSin>);
  r.add("aten.cos.default", lowerFloat32OnlyUnary<kCos, &FloatExpr::cos>);
  r.add("aten.tan.default", lowerFloat32OnlyUnary<kTan, &FloatExpr::tan>);
  r.add("aten.asin.default", lowerFloat32OnlyUnary<kAsin, &FloatExpr::asin>);
  r.add("aten.acos.default", lowerFloat32OnlyUnary<kAcos, &FloatExpr::acos>);
  r.add("aten.atan.default", lowerAtan);
  r.add("aten.sinh.default", lowerFloat32OnlyUnary<kSinh, &FloatExpr::sinh>);
  r.add("aten.cosh.default", lowerFloat32OnlyUnary<kCosh, &FloatExpr::cosh>);
  r.add("aten.asinh.default", lowerFloat32OnlyUnary<kAsinh, &FloatExpr::asinh>);
  r.add("aten.acosh.default", lowerFloat32OnlyUnary<kAcosh, &FloatExpr::acosh>);
  r.add("aten.atanh.default", lowerFloat32OnlyUnary<kAtanh, &FloatExpr::atanh>);
  r.add("aten.erf.default", lowerErf);
  r.add("aten.reciprocal.default", lowerFloatUnary<kReciprocal>);
  r.add("aten.floor.default", lowerRounding<kFloor>);
  r.add("aten.ceil.default", lowerRounding<kCeil>);
  r.add("aten.round.default", lowerRounding<kRound>);
  r.add("aten.round.decimals", lowerRoundDecimals);
  r.add("aten.trunc.default", lowerTrunc);
  r.add("aten.frac.default", lowerFrac);
  r.addAcceptingComplex("aten.abs.default", lowerAbs);
  r.add("aten.neg.default", lowerNeg);
  r.add("aten.sign.default", lowerSign);
  r.add("aten.rsqrt.default", lowerRsqrt);
  r.add("aten.square.default", lowerSquare);
  r.add("aten.log2.default", lowerLog2);
  r.add("aten.log10.default", lowerLog10);
  r.add("aten.log1p.default", lowerLog1p);
  r.add("aten.expm1.default", lowerExpm1);
  r.add("aten.exp2.default", lowerExp2);
  r.add("aten.isnan.default", lowerIsNan);
  r.add("aten.isinf.default", lowerIsInf);
  r.add("aten.isfinite.default", lowerIsFinite);
  r.add("aten.isposinf.default", lowerIsPosInf);
  r.add("aten.isneginf.default", lowerIsNegInf);
  r.add("aten.signbit.default", lowerSignbit);
  r.add("aten.copysign.Tensor", lowerCopysign);
  r.add("aten.copysign.Scalar", lowerCopysign);
  r.add("aten.heaviside.default", lowerHeaviside);
  r.add("aten.ldexp.Tensor", lowerLdexp);
  r.add("aten.logaddexp.default", lowerLogAddExp);
  r.add("aten.logaddexp2.default", lowerLogAddExp2);
  r.add("aten.deg2rad.default", lowerDeg2Rad);
  r.add("aten.rad2deg.default", lowerRad2Deg);
  r.addAcceptingComplex("aten.sgn.default", lowerSgn);
  r.addAcceptingComplex("aten.angle.default", lowerAngle);
  r.add("aten.frexp.Tensor", lowerFrexp);
  r.add("aten.nextafter.default", lowerNextafter);

  r.add("aten.addcmul.default", lowerAddcmul);
  r.add("aten.addcdiv.default", lowerAddcdiv);
  r.add("aten.lerp.Scalar", lowerLerp);
  r.add("aten.lerp.Tensor", lowerLerp);
  r.add("aten.nan_to_num.default", lowerNanToNum);
  r.add("aten.hypot.default", lowerHypot);
  r.add("aten.logit.default", lowerLogit);

  r.add("aten.where.self", lowerWhere);
  r.add("aten.where.ScalarSelf", lowerWhere);
  r.add("aten.where.ScalarOther", lowerWhere);
  r.add("aten.where.Scalar", lowerWhere);
  r.add("aten.masked_fill.Scalar", lowerMaskedFill);
  r.add("aten.masked_fill.Tensor", lowerMaskedFill);

  r.add("aten._to_copy.default", lowerToDType);
  r.add("aten.to.dtype", lowerToDType);
  r.add("aten.to.dtype_layout", lowerToDType);
  r.add("aten.to.device", lowerToDType);
  r.add("aten.to.other", lowerToDType);
  r.add("aten.type_as.default", lowerToDType);
}

} // namespace pt2onnx::lowering
