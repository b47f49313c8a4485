//===- Elementwise.cpp - Arithmetic, comparison, logic, math, casts --------===//
//
// Operands broadcast as numpy does. ONNX ops compute in their operands' one
// element type. ATen ops compute in the result type (arithmetic) or the
// promoted type of their operands (comparisons), as torch's TensorIterator
// does; a Python number next to a float16/bfloat16 tensor enters arithmetic
// as a float, not rounded to the tensor's type first (torch's opmath).
//
// Integers wrap on overflow (add, sub, mul, neg), as in both runtimes.
// Declined: integer division or remainder by zero, the minimum integer
// divided by -1 (both trap in C++), integer powers with negative exponents
// or that overflow, and the NaN cases where torch and onnxruntime differ
// from each other or from the specification (ONNX Sign, Clip of NaN).
//
//===----------------------------------------------------------------------===//

#include "ir/CheckedArithmetic.h"
#include "ir/numerics/Broadcast.h"
#include "passes/eval/Rules.h"

#include <cmath>
#include <limits>
#include <type_traits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;
using OptInt = std::optional<int64_t>;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

int64_t wrapAdd(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }
int64_t wrapSub(int64_t a, int64_t b) { return int64_t(uint64_t(a) - uint64_t(b)); }
int64_t wrapMul(int64_t a, int64_t b) { return int64_t(uint64_t(a) * uint64_t(b)); }

int64_t minOf(DType t) {
  switch (t) {
  case DType::Int8:
    return std::numeric_limits<int8_t>::min();
  case DType::Int16:
    return std::numeric_limits<int16_t>::min();
  case DType::Int32:
    return std::numeric_limits<int32_t>::min();
  case DType::Int64:
    return std::numeric_limits<int64_t>::min();
  default:
    return 0;
  }
}

int64_t maxOf(DType t) {
  switch (t) {
  case DType::Bool:
    return 1;
  case DType::UInt8:
    return std::numeric_limits<uint8_t>::max();
  case DType::Int8:
    return std::numeric_limits<int8_t>::max();
  case DType::Int16:
    return std::numeric_limits<int16_t>::max();
  case DType::UInt16:
    return std::numeric_limits<uint16_t>::max();
  case DType::Int32:
    return std::numeric_limits<int32_t>::max();
  case DType::UInt32:
    return std::numeric_limits<uint32_t>::max();
  default:
    return std::numeric_limits<int64_t>::max();
  }
}

/// Whether integer division of `a` by `b` in type `t` is defined.
bool canDivide(int64_t a, int64_t b, DType t) {
  return b != 0 && !(b == -1 && a == minOf(t) && minOf(t) != 0);
}

OptInt truncDiv(int64_t a, int64_t b, DType t) {
  if (!canDivide(a, b, t))
    return std::nullopt;
  return a / b;
}


/// The remainder with the dividend's sign (C's %, torch.fmod).
OptInt truncMod(int64_t a, int64_t b, DType t) {
  if (!canDivide(a, b, t))
    return std::nullopt;
  return a % b;
}

double floorModFloat(double a, double b) {
  double r = std::fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

/// torch's floor division of floats: floor of the exact quotient, computed
/// from fmod so that it stays consistent with remainder.
double floorDivFloat(double a, double b) {
  if (b == 0)
    return a / b;
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0)))
    div -= 1;
  if (div == 0)
    return std::copysign(0.0, a / b);
  double floored = std::floor(div);
  return div - floored > 0.5 ? floored + 1 : floored;
}

/// `base` to the power `exp` >= 0, when it fits `t`.
OptInt intPow(int64_t base, int64_t exp, DType t) {
  if (exp < 0)
    return std::nullopt;
  int64_t result = 1;
  for (int64_t i = 0; i != exp; ++i) {
    std::optional<int64_t> next = ir::checkedMul(result, base);
    if (!next || *next > maxOf(t) || *next < minOf(t))
      return std::nullopt;
    result = *next;
    if (result == 0 || result == 1)
      break;
  }
  if (result == 1 && base == -1 && exp % 2 == 1)
    return -1;
  return result;
}

double nanMin(double a, double b) { return std::isnan(a) || std::isnan(b) ? kNaN : std::min(a, b); }
double nanMax(double a, double b) { return std::isnan(a) || std::isnan(b) ? kNaN : std::max(a, b); }
bool truthy(double v) { return v != 0 || std::isnan(v); }

bool hasNaN(const Tensor &t) {
  if (getNumericKind(t.getDType()) != NumericKind::Float)
    return false;
  for (int64_t i = 0, n = t.getNumElements(); i != n; ++i)
    if (std::isnan(t.getDouble(i)))
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Element-wise application
//===----------------------------------------------------------------------===//

bool isFloatDomain(llvm::ArrayRef<const Tensor *> inputs) {
  return llvm::any_of(
      inputs, [](const Tensor *t) { return getNumericKind(t->getDType()) == NumericKind::Float; });
}

bool computable(llvm::ArrayRef<const Tensor *> inputs, DType out) {
  return getNumericKind(out) != NumericKind::Unsupported &&
         llvm::none_of(inputs, [](const Tensor *t) {
           return getNumericKind(t->getDType()) == NumericKind::Unsupported;
         });
}

/// The number of operands the kernels take (one of them may be nullptr).
template <typename FloatFn, typename IntFn> constexpr size_t arityOf() {
  if constexpr (std::is_invocable_v<FloatFn, double, double, double> ||
                std::is_invocable_v<IntFn, int64_t, int64_t, int64_t>)
    return 3;
  else if constexpr (std::is_invocable_v<FloatFn, double, double> ||
                     std::is_invocable_v<IntFn, int64_t, int64_t>)
    return 2;
  else
    return 1;
}

/// Applies `f` (double arguments, in the float domain) or `fi` (int64
/// arguments returning OptInt, otherwise) to the broadcast elements of
/// `inputs`, writing a tensor of `out`. Either may be nullptr: that domain
/// is not evaluated.
template <typename FloatFn, typename IntFn>
std::optional<Tensor> mapElements(EvalContext &ctx, llvm::ArrayRef<const Tensor *> inputs,
                                  DType out, FloatFn f, IntFn fi) {
  if (!computable(inputs, out))
    return ctx.fail();
  llvm::SmallVector<llvm::ArrayRef<int64_t>, 3> shapes;
  for (const Tensor *t : inputs)
    shapes.push_back(t->getShape());
  std::optional<Shape> shape = ctx.broadcast(shapes);
  if (!shape)
    return std::nullopt;
  std::optional<Tensor> result = ctx.allocate(out, *shape);
  if (!result)
    return std::nullopt;
  llvm::SmallVector<std::vector<int64_t>, 3> indices;
  for (const Tensor *t : inputs)
    indices.push_back(numerics::broadcastIndices(t->getShape(), *shape));
  int64_t n = result->getNumElements();
  constexpr size_t arity = arityOf<FloatFn, IntFn>();
  assert(inputs.size() == arity);
  auto at = [&](auto get, unsigned k, int64_t i) { return get(*inputs[k], indices[k][i]); };
  if (isFloatDomain(inputs)) {
    if constexpr (std::is_same_v<FloatFn, std::nullptr_t>) {
      return ctx.fail();
    } else {
      if (getNumericKind(out) == NumericKind::Integer)
        return ctx.fail();
      auto get = [](const Tensor &t, int64_t i) { return t.getDouble(i); };
      for (int64_t i = 0; i != n; ++i) {
        double v;
        if constexpr (arity == 1)
          v = f(at(get, 0, i));
        else if constexpr (arity == 2)
          v = f(at(get, 0, i), at(get, 1, i));
        else
          v = f(at(get, 0, i), at(get, 1, i), at(get, 2, i));
        result->setDouble(i, v);
      }
    }
  } else {
    if constexpr (std::is_same_v<IntFn, std::nullptr_t>) {
      return ctx.fail();
    } else {
      auto get = [](const Tensor &t, int64_t i) { return t.getInt(i); };
      for (int64_t i = 0; i != n; ++i) {
        OptInt v;
        if constexpr (arity == 1)
          v = fi(at(get, 0, i));
        else if constexpr (arity == 2)
          v = fi(at(get, 0, i), at(get, 1, i));
        else
          v = fi(at(get, 0, i), at(get, 1, i), at(get, 2, i));
        if (!v)
          return ctx.fail();
        result->setInt(i, *v);
      }
    }
  }
  return result;
}

/// `t` converted to `dtype`, or a failure.
std::optional<Tensor> convert(EvalContext &ctx, const Tensor &t, DType dtype) {
  std::optional<Tensor> c = castTo(t, dtype);
  if (!c)
    return ctx.fail();
  return c;
}

//===----------------------------------------------------------------------===//
// Operation table: one entry per element-wise operation, with the kernels of
// both domains. Integer kernels get the computation type for their checks.
//===----------------------------------------------------------------------===//

enum class Op {
  Add,
  Sub,
  Mul,
  Div,
  TruncDiv,
  FloorDiv,
  FloorMod,
  TruncMod,
  Pow,
  Min,
  Max,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
  Xor,
  BitAnd,
  BitOr,
  BitXor,
  ShiftLeft,
  ShiftRight,
  Neg,
  Abs,
  Sqrt,
  Rsqrt,
  Exp,
  Log,
  Reciprocal,
  Floor,
  Ceil,
  Round,
  Trunc,
  Sign,
  Relu,
  Sigmoid,
  Tanh,
  Sin,
  Cos,
  Erf,
  IsNaN,
  Not,
  BitNot,
  Identity
};

std::optional<Tensor> applyBinary(EvalContext &ctx, Op op, const Tensor &a, const Tensor &b,
                                  DType out) {
  DType t = a.getDType();
  const Tensor *in[] = {&a, &b};
  auto run = [&](auto f, auto fi) { return mapElements(ctx, in, out, f, fi); };
  switch (op) {
  case Op::Add:
    return run([](double x, double y) { return x + y; },
               [](int64_t x, int64_t y) -> OptInt { return wrapAdd(x, y); });
  case Op::Sub:
    return run([](double x, double y) { return x - y; },
               [](int64_t x, int64_t y) -> OptInt { return wrapSub(x, y); });
  case Op::Mul:
    return run([](double x, double y) { return x * y; },
               [](int64_t x, int64_t y) -> OptInt { return wrapMul(x, y); });
  case Op::Div:
    return run([](double x, double y) { return x / y; },
               [t](int64_t x, int64_t y) { return truncDiv(x, y, t); });
  case Op::TruncDiv:
    return run([](double x, double y) { return std::trunc(x / y); },
               [t](int64_t x, int64_t y) { return truncDiv(x, y, t); });
  case Op::FloorDiv:
    return run(floorDivFloat, [t](int64_t x, int64_t y) { return floorDiv(x, y, t); });
  case Op::FloorMod:
    return run(floorModFloat, [t](int64_t x, int64_t y) { return floorMod(x, y, t); });
  case Op::TruncMod:
    return run([](double x, double y) { return std::fmod(x, y); },
               [t](int64_t x, int64_t y) { return truncMod(x, y, t); });
  case Op::Pow:
    return run([](double x, double y) { return std::pow(x, y); },
               [t](int64_t x, int64_t y) { return intPow(x, y, t); });
  case Op::Min:
    return run(nanMin, [](int64_t x, int64_t y) -> OptInt { return std::min(x, y); });
  case Op::Max:
    return run(nanMax, [](int64_t x, int64_t y) -> OptInt { return std::max(x, y); });
  case Op::Eq:
    return run([](double x, double y) -> double { return x == y; },
               [](int64_t x, int64_t y) -> OptInt { return x == y; });
  case Op::Ne:
    return run([](double x, double y) -> double { return x != y; },
               [](int64_t x, int64_t y) -> OptInt { return x != y; });
  case Op::Lt:
    return run([](double x, double y) -> double { return x < y; },
               [](int64_t x, int64_t y) -> OptInt { return x < y; });
  case Op::Le:
    return run([](double x, double y) -> double { return x <= y; },
               [](int64_t x, int64_t y) -> OptInt { return x <= y; });
  case Op::Gt:
    return run([](double x, double y) -> double { return x > y; },
               [](int64_t x, int64_t y) -> OptInt { return x > y; });
  case Op::Ge:
    return run([](double x, double y) -> double { return x >= y; },
               [](int64_t x, int64_t y) -> OptInt { return x >= y; });
  case Op::And:
    return run([](double x, double y) -> double { return truthy(x) && truthy(y); },
               [](int64_t x, int64_t y) -> OptInt { return x != 0 && y != 0; });
  case Op::Or:
    return run([](double x, double y) -> double { return truthy(x) || truthy(y); },
               [](int64_t x, int64_t y) -> OptInt { return x != 0 || y != 0; });
  case Op::Xor:
    return run([](double x, double y) -> double { return truthy(x) != truthy(y); },
               [](int64_t x, int64_t y) -> OptInt { return (x != 0) != (y != 0); });
  case Op::BitAnd:
    return run(nullptr, [](int64_t x, int64_t y) -> OptInt { return x & y; });
  case Op::BitOr:
    return run(nullptr, [](int64_t x, int64_t y) -> OptInt { return x | y; });
  case Op::BitXor:
    return run(nullptr, [](int64_t x, int64_t y) -> OptInt { return x ^ y; });
  case Op::ShiftLeft:
  case Op::ShiftRight: {
    int64_t bits = 8 * ir::getDTypeSize(t);
    bool left = op == Op::ShiftLeft;
    return run(nullptr, [bits, left](int64_t x, int64_t y) -> OptInt {
      if (y < 0 || y >= bits)
        return std::nullopt;
      return left ? int64_t(uint64_t(x) << y) : int64_t(uint64_t(x) >> y);
    });
  }
  default:
    return ctx.fail();
  }
}

std::optional<Tensor> applyUnary(EvalContext &ctx, Op op, const Tensor &a, DType out) {
  DType t = a.getDType();
  const Tensor *in[] = {&a};
  auto run = [&](auto f, auto fi) { return mapElements(ctx, in, out, f, fi); };
  auto identity = [](int64_t x) -> OptInt { return x; };
  switch (op) {
  case Op::Neg:
    return run([](double x) { return -x; }, [](int64_t x) -> OptInt { return wrapSub(0, x); });
  case Op::Abs:
    return run([](double x) { return std::fabs(x); },
               [](int64_t x) -> OptInt { return x < 0 ? wrapSub(0, x) : x; });
  case Op::Sqrt:
    return run([](double x) { return std::sqrt(x); }, nullptr);
  case Op::Rsqrt:
    return run([](double x) { return 1 / std::sqrt(x); }, nullptr);
  case Op::Exp:
    return run([](double x) { return std::exp(x); }, nullptr);
  case Op::Log:
    return run([](double x) { return std::log(x); }, nullptr);
  case Op::Reciprocal:
    return run([](double x) { return 1 / x; }, nullptr);
  case Op::Floor:
    return run([](double x) { return std::floor(x); }, identity);
  case Op::Ceil:
    return run([](double x) { return std::ceil(x); }, identity);
  case Op::Round:
    return run([](double x) { return std::nearbyint(x); }, identity);
  case Op::Trunc:
    return run([](double x) { return std::trunc(x); }, identity);
  case Op::Sign:
    if (hasNaN(a))
      return ctx.fail();
    return run([](double x) -> double { return (x > 0) - (x < 0); },
               [](int64_t x) -> OptInt { return (x > 0) - (x < 0); });
  case Op::Relu:
    return run([](double x) { return std::isnan(x) ? x : std::max(x, 0.0); },
               [](int64_t x) -> OptInt { return std::max<int64_t>(x, 0); });
  case Op::Sigmoid:
    return run([](double x) { return 1 / (1 + std::exp(-x)); }, nullptr);
  case Op::Tanh:
    return run([](double x) { return std::tanh(x); }, nullptr);
  case Op::Sin:
    return run([](double x) { return std::sin(x); }, nullptr);
  case Op::Cos:
    return run([](double x) { return std::cos(x); }, nullptr);
  case Op::Erf:
    return run([](double x) { return std::erf(x); }, nullptr);
  case Op::IsNaN:
    return run([](double x) -> double { return std::isnan(x); },
               [](int64_t) -> OptInt { return 0; });
  case Op::Not:
    return run([](double x) -> double { return !truthy(x); },
               [](int64_t x) -> OptInt { return x == 0; });
  case Op::BitNot:
    if (t == DType::Bool)
      return run(nullptr, [](int64_t x) -> OptInt { return x == 0; });
    return run(nullptr, [](int64_t x) -> OptInt { return ~x; });
  case Op::Identity:
    return run([](double x) { return x; }, identity);
  default:
    return ctx.fail();
  }
}

//===----------------------------------------------------------------------===//
// ONNX rules
//===----------------------------------------------------------------------===//

template <Op op> std::optional<EvalResults> onnxBinary(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0), *b = ctx.operand(1);
  if (!a || !b || a->getDType() != b->getDType())
    return ctx.fail();
  return single(applyBinary(ctx, op, *a, *b, ctx.resultDType()));
}

/// Mod: the divisor's sign, or with fmod=1 the dividend's (required for
/// floats).
std::optional<EvalResults> onnxMod(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0), *b = ctx.operand(1);
  if (!a || !b || a->getDType() != b->getDType())
    return ctx.fail();
  bool fmod = ctx.getInt("fmod", 0) != 0;
  if (!fmod && getNumericKind(a->getDType()) == NumericKind::Float)
    return ctx.fail();
  return single(applyBinary(ctx, fmod ? Op::TruncMod : Op::FloorMod, *a, *b, ctx.resultDType()));
}

std::optional<EvalResults> onnxPow(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0), *b = ctx.operand(1);
  if (!a || !b)
    return ctx.fail();
  // The exponent may have another type; the computation is in the base's.
  std::optional<Tensor> exponent = convert(ctx, *b, a->getDType());
  if (!exponent)
    return std::nullopt;
  return single(applyBinary(ctx, Op::Pow, *a, *exponent, ctx.resultDType()));
}

std::optional<EvalResults> onnxBitShift(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0), *b = ctx.operand(1);
  if (!a || !b || a->getDType() != b->getDType())
    return ctx.fail();
  std::string direction = ctx.getString("direction", "");
  if (direction != "LEFT" && direction != "RIGHT")
    return ctx.fail();
  return single(applyBinary(ctx, direction == "LEFT" ? Op::ShiftLeft : Op::ShiftRight, *a, *b,
                            ctx.resultDType()));
}

/// Variadic Min, Max, Sum: a left fold. onnxruntime's Min and Max of NaN
/// depend on the operand order (the specification says nothing): declined.
template <Op op> std::optional<EvalResults> onnxVariadic(EvalContext &ctx) {
  if (ctx.getNumOperands() == 0 || !ctx.operand(0))
    return ctx.fail();
  if (op == Op::Min || op == Op::Max)
    for (unsigned i = 0, e = ctx.getNumOperands(); i != e; ++i)
      if (ctx.operand(i) && hasNaN(*ctx.operand(i)))
        return ctx.fail();
  Tensor acc = *ctx.operand(0);
  for (unsigned i = 1, e = ctx.getNumOperands(); i != e; ++i) {
    const Tensor *next = ctx.operand(i);
    if (!next || next->getDType() != acc.getDType())
      return ctx.fail();
    std::optional<Tensor> r = applyBinary(ctx, op, acc, *next, ctx.resultDType());
    if (!r)
      return std::nullopt;
    acc = std::move(*r);
  }
  if (ctx.getNumOperands() == 1) // a copy, checked like any result
    return single(applyUnary(ctx, Op::Identity, acc, ctx.resultDType()));
  return single(std::move(acc));
}

template <Op op> std::optional<EvalResults> onnxUnary(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0);
  if (!a)
    return ctx.fail();
  return single(applyUnary(ctx, op, *a, ctx.resultDType()));
}

std::optional<EvalResults> onnxIsInf(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0);
  if (!a)
    return ctx.fail();
  bool positive = ctx.getInt("detect_positive", 1) != 0;
  bool negative = ctx.getInt("detect_negative", 1) != 0;
  const Tensor *in[] = {a};
  return single(mapElements(
      ctx, in, ctx.resultDType(),
      [=](double x) -> double { return std::isinf(x) && (x > 0 ? positive : negative); },
      [](int64_t) -> OptInt { return 0; }));
}

std::optional<EvalResults> onnxCast(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0);
  if (!a)
    return ctx.fail();
  if (!ctx.withinLimit(a->getShape()))
    return std::nullopt;
  return single(convert(ctx, *a, ctx.resultDType()));
}

std::optional<EvalResults> onnxWhere(EvalContext &ctx) {
  const Tensor *c = ctx.operand(0), *x = ctx.operand(1), *y = ctx.operand(2);
  if (!c || !x || !y || x->getDType() != y->getDType())
    return ctx.fail();
  const Tensor *in[] = {c, x, y};
  // Selection only: the condition is 0/1 and the branches are read in their
  // own domain, so compute with the branches' kind.
  if (getNumericKind(x->getDType()) == NumericKind::Float) {
    std::optional<Tensor> fc = convert(ctx, *c, x->getDType());
    if (!fc)
      return std::nullopt;
    const Tensor *fin[] = {&*fc, x, y};
    return single(mapElements(
        ctx, fin, ctx.resultDType(), [](double k, double a, double b) { return k != 0 ? a : b; },
        nullptr));
  }
  return single(mapElements(ctx, in, ctx.resultDType(), nullptr,
                            [](int64_t k, int64_t a, int64_t b) -> OptInt { return k ? a : b; }));
}

/// Clip(x, min?, max?) = min(max(x, min), max); NaN inputs are declined
/// (onnxruntime's result depends on its vector code).
std::optional<EvalResults> onnxClip(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  if (!x)
    return ctx.fail();
  DType t = x->getDType();
  bool isFloat = getNumericKind(t) == NumericKind::Float;
  auto bound = [&](unsigned i, bool upper) -> std::optional<Tensor> {
    if (ctx.isNone(i)) {
      if (isFloat)
        return Tensor::scalarDouble(DType::Float64, upper ? INFINITY : -INFINITY);
      return Tensor::scalarInt(DType::Int64, upper ? maxOf(t) : minOf(t));
    }
    if (!ctx.operand(i) || ctx.operand(i)->getNumElements() != 1)
      return ctx.fail();
    return *ctx.operand(i);
  };
  std::optional<Tensor> lo = bound(1, false), hi = bound(2, true);
  if (!lo || !hi)
    return std::nullopt;
  if (isFloat) {
    if (hasNaN(*x))
      return ctx.fail();
    double l = lo->getDouble(0), h = hi->getDouble(0);
    if (std::isnan(l) || std::isnan(h))
      return ctx.fail();
    const Tensor *in[] = {x};
    return single(mapElements(
        ctx, in, ctx.resultDType(), [l, h](double v) { return std::min(std::max(v, l), h); },
        nullptr));
  }
  int64_t l = lo->getInt(0), h = hi->getInt(0);
  const Tensor *in[] = {x};
  return single(mapElements(ctx, in, ctx.resultDType(), nullptr,
                            [l, h](int64_t v) -> OptInt { return std::min(std::max(v, l), h); }));
}

//===----------------------------------------------------------------------===//
// ATen rules
//===----------------------------------------------------------------------===//

/// `v` in the computation type `t`; a wrapped number joins float16/bfloat16
/// arithmetic as a float (`opmath`).
std::optional<Tensor> toCompute(EvalContext &ctx, const ScalarOrTensor &v, DType t, bool opmath) {
  if (opmath && v.wrapped && (t == DType::Float16 || t == DType::BFloat16))
    return convert(ctx, v.value, DType::Float32);
  return convert(ctx, v.value, t);
}

/// `self op other` computed in the result type: `names` are the schema's
/// argument names, `alpha` scales `other` (add, sub).
std::optional<EvalResults> atenArithmetic(EvalContext &ctx, Op op, llvm::StringRef lhs = "self",
                                          llvm::StringRef rhs = "other") {
  std::optional<ScalarOrTensor> a = ctx.scalarOrTensor(lhs), b = ctx.scalarOrTensor(rhs);
  if (!a || !b)
    return ctx.fail();
  DType t = ctx.resultDType();
  std::optional<Tensor> x = toCompute(ctx, *a, t, true), y = toCompute(ctx, *b, t, true);
  if (!x || !y)
    return std::nullopt;
  return single(applyBinary(ctx, op, *x, *y, t));
}

/// add/sub with alpha: self + alpha * other; rsub: other - alpha * self.
template <bool subtract, bool reversed> std::optional<EvalResults> atenAddSub(EvalContext &ctx) {
  std::optional<ScalarOrTensor> alpha = ctx.scalarOrTensor("alpha");
  bool unitAlpha = !alpha || alpha->value.getDouble(0) == 1;
  llvm::StringRef lhs = reversed ? "other" : "self", rhs = reversed ? "self" : "other";
  if (unitAlpha)
    return atenArithmetic(ctx, subtract ? Op::Sub : Op::Add, lhs, rhs);
  std::optional<ScalarOrTensor> a = ctx.scalarOrTensor(lhs), b = ctx.scalarOrTensor(rhs);
  if (!a || !b)
    return ctx.fail();
  DType t = ctx.resultDType();
  std::optional<Tensor> x = toCompute(ctx, *a, t, true), y = toCompute(ctx, *b, t, true);
  if (!x || !y)
    return std::nullopt;
  const Tensor *in[] = {&*x, &*y};
  double s = subtract ? -1 : 1;
  if (getNumericKind(t) == NumericKind::Float) {
    double k = s * alpha->value.getDouble(0);
    return single(mapElements(
        ctx, in, t, [k](double u, double v) { return u + k * v; }, nullptr));
  }
  if (ir::isFloatingPoint(alpha->value.getDType()))
    return ctx.fail();
  int64_t k = wrapMul(int64_t(s), alpha->value.getInt(0));
  return single(mapElements(ctx, in, t, nullptr, [k](int64_t u, int64_t v) -> OptInt {
    return wrapAdd(u, wrapMul(k, v));
  }));
}

template <Op op> std::optional<EvalResults> atenBinary(EvalContext &ctx) {
  return atenArithmetic(ctx, op);
}

/// div: true division in the (floating) result type, or with rounding_mode
/// "trunc" / "floor".
std::optional<EvalResults> atenDiv(EvalContext &ctx) {
  std::string mode = ctx.getString("rounding_mode", "");
  if (mode == "trunc")
    return atenArithmetic(ctx, Op::TruncDiv);
  if (mode == "floor")
    return atenArithmetic(ctx, Op::FloorDiv);
  if (!mode.empty() || getNumericKind(ctx.resultDType()) != NumericKind::Float)
    return ctx.fail();
  return atenArithmetic(ctx, Op::Div);
}

/// pow: an integer base to a negative power is declined; float powers in
/// the result type.
std::optional<EvalResults> atenPow(EvalContext &ctx) {
  return atenArithmetic(ctx, Op::Pow, "self", "exponent");
}

/// Comparisons and logical ops: computed in the promoted operand type,
/// result bool.
template <Op op> std::optional<EvalResults> atenCompare(EvalContext &ctx) {
  std::optional<ScalarOrTensor> a = ctx.scalarOrTensor("self"), b = ctx.scalarOrTensor("other");
  if (!a || !b)
    return ctx.fail();
  std::optional<DType> t = promoteOperands({&*a, &*b});
  if (!t)
    return ctx.fail();
  std::optional<Tensor> x = toCompute(ctx, *a, *t, false), y = toCompute(ctx, *b, *t, false);
  if (!x || !y)
    return std::nullopt;
  return single(applyBinary(ctx, op, *x, *y, ctx.resultDType()));
}

/// Unary math in the result type (an integer input of sqrt or exp
/// becomes float first).
template <Op op> std::optional<EvalResults> atenUnary(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self");
  if (!a)
    return std::nullopt;
  std::optional<Tensor> x = convert(ctx, *a, ctx.resultDType());
  if (!x)
    return std::nullopt;
  return single(applyUnary(ctx, op, *x, ctx.resultDType()));
}

/// abs, and the magnitude of a complex tensor.
std::optional<EvalResults> atenAbs(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self");
  if (a && ir::isComplex(a->getDType()))
    return complexAbs(ctx, *a);
  return atenUnary<Op::Abs>(ctx);
}

/// Predicates of the input as it is (isnan, logical_not).
template <Op op> std::optional<EvalResults> atenPredicate(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self");
  if (!a)
    return std::nullopt;
  return single(applyUnary(ctx, op, *a, ctx.resultDType()));
}

/// sign of NaN is 0 in torch.
std::optional<EvalResults> atenSign(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self");
  if (!a)
    return std::nullopt;
  const Tensor *in[] = {a};
  return single(mapElements(
      ctx, in, ctx.resultDType(), [](double x) -> double { return (x > 0) - (x < 0); },
      [](int64_t x) -> OptInt { return (x > 0) - (x < 0); }));
}

/// to.dtype, _to_copy, type_as, and the copies (clone, contiguous, ...):
/// the input converted to the result type.
std::optional<EvalResults> atenConvert(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self");
  if (!a || !ctx.withinLimit(a->getShape()))
    return std::nullopt;
  return single(convert(ctx, *a, ctx.resultDType()));
}

std::optional<EvalResults> atenWhere(EvalContext &ctx) {
  const Tensor *c = ctx.tensor("condition");
  std::optional<ScalarOrTensor> a = ctx.scalarOrTensor("self"), b = ctx.scalarOrTensor("other");
  if (!c || !a || !b)
    return ctx.fail();
  DType t = ctx.resultDType();
  std::optional<Tensor> x = convert(ctx, a->value, t), y = convert(ctx, b->value, t);
  std::optional<Tensor> k =
      convert(ctx, *c, getNumericKind(t) == NumericKind::Float ? t : DType::Bool);
  if (!x || !y || !k)
    return std::nullopt;
  const Tensor *in[] = {&*k, &*x, &*y};
  return single(mapElements(
      ctx, in, t, [](double s, double u, double v) { return s != 0 ? u : v; },
      [](int64_t s, int64_t u, int64_t v) -> OptInt { return s ? u : v; }));
}

/// masked_fill: `value` where the mask is set, self elsewhere.
std::optional<EvalResults> atenMaskedFill(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *mask = ctx.tensor("mask");
  std::optional<ScalarOrTensor> value = ctx.scalarOrTensor("value");
  if (!self || !mask || !value || value->value.getNumElements() != 1)
    return ctx.fail();
  DType t = ctx.resultDType();
  bool isFloat = getNumericKind(t) == NumericKind::Float;
  std::optional<Tensor> k = convert(ctx, *mask, isFloat ? t : DType::Bool),
                        v = convert(ctx, value->value, t), x = convert(ctx, *self, t);
  if (!k || !v || !x)
    return std::nullopt;
  const Tensor *in[] = {&*k, &*v, &*x};
  return single(mapElements(
      ctx, in, t, [](double s, double u, double w) { return s != 0 ? u : w; },
      [](int64_t s, int64_t u, int64_t w) -> OptInt { return s ? u : w; }));
}

/// clamp(self, min?, max?) with scalars or tensors, in the result type; NaN
/// anywhere gives NaN.
std::optional<EvalResults> atenClamp(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  DType t = ctx.resultDType();
  bool isFloat = getNumericKind(t) == NumericKind::Float;
  auto bound = [&](llvm::StringRef name, bool upper) -> std::optional<Tensor> {
    if (std::optional<ScalarOrTensor> v = ctx.scalarOrTensor(name))
      return convert(ctx, v->value, t);
    if (ctx.hasFailed())
      return std::nullopt;
    if (isFloat)
      return Tensor::scalarDouble(t, upper ? INFINITY : -INFINITY);
    return Tensor::scalarInt(t, upper ? maxOf(t) : minOf(t));
  };
  std::optional<Tensor> x = convert(ctx, *self, t), lo = bound("min", false),
                        hi = bound("max", true);
  if (!x || !lo || !hi)
    return std::nullopt;
  const Tensor *in[] = {&*x, &*lo, &*hi};
  return single(mapElements(
      ctx, in, t,
      [](double v, double l, double h) {
        if (std::isnan(v) || std::isnan(l) || std::isnan(h))
          return kNaN;
        return std::min(std::max(v, l), h);
      },
      [](int64_t v, int64_t l, int64_t h) -> OptInt { return std::min(std::max(v, l), h); }));
}

/// torch's shifts of integers: a shift by a negative amount or by the width
/// or more gives 0 (left), or fills with the sign bit (right; 0 for
/// unsigned types).
template <bool left> std::optional<EvalResults> atenShift(EvalContext &ctx) {
  std::optional<ScalarOrTensor> a = ctx.scalarOrTensor("self"), b = ctx.scalarOrTensor("other");
  if (!a || !b)
    return ctx.fail();
  DType t = ctx.resultDType();
  if (getNumericKind(t) != NumericKind::Integer)
    return ctx.fail();
  std::optional<Tensor> x = convert(ctx, a->value, t), y = convert(ctx, b->value, t);
  if (!x || !y)
    return std::nullopt;
  int64_t bits = 8 * int64_t(ir::getDTypeSize(t));
  bool isSigned = ir::isSignedIntegral(t);
  const Tensor *in[] = {&*x, &*y};
  return single(mapElements(ctx, in, t, nullptr, [=](int64_t v, int64_t s) -> OptInt {
    if (s < 0 || s >= bits)
      return left || !isSigned ? 0 : (v < 0 ? -1 : 0);
    // Elements are sign- or zero-extended to int64, so >> is the type's shift.
    return left ? int64_t(uint64_t(v) << s) : v >> s;
  }));
}

std::optional<EvalResults> atenIsFinite(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self");
  if (!a)
    return std::nullopt;
  const Tensor *in[] = {a};
  return single(mapElements(
      ctx, in, ctx.resultDType(), [](double x) -> double { return std::isfinite(x); },
      [](int64_t) -> OptInt { return 1; }));
}

/// atan2 in the (floating) result type.
std::optional<EvalResults> atenAtan2(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self"), *b = ctx.tensor("other");
  if (!a || !b)
    return std::nullopt;
  DType t = ctx.resultDType();
  std::optional<Tensor> x = convert(ctx, *a, t), y = convert(ctx, *b, t);
  if (!x || !y)
    return std::nullopt;
  const Tensor *in[] = {&*x, &*y};
  return single(mapElements(
      ctx, in, t, [](double u, double v) { return std::atan2(u, v); }, nullptr));
}

std::optional<EvalResults> onnxAtan(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0);
  if (!a)
    return ctx.fail();
  const Tensor *in[] = {a};
  return single(mapElements(
      ctx, in, ctx.resultDType(), [](double x) { return std::atan(x); }, nullptr));
}

} // namespace

std::optional<int64_t> floorDiv(int64_t a, int64_t b, DType t) {
  if (!canDivide(a, b, t))
    return std::nullopt;
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::optional<int64_t> floorMod(int64_t a, int64_t b, DType t) {
  if (!canDivide(a, b, t))
    return std::nullopt;
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

void registerElementwiseRules(EvalRegistry &r) {
  // ONNX.
  r.add("onnx.Add", onnxBinary<Op::Add>);
  r.add("onnx.Sub", onnxBinary<Op::Sub>);
  r.add("onnx.Mul", onnxBinary<Op::Mul>);
  r.add("onnx.Div", onnxBinary<Op::Div>); // integers truncate
  r.add("onnx.Mod", onnxMod);
  r.add("onnx.Pow", onnxPow);
  r.add("onnx.Equal", onnxBinary<Op::Eq>);
  r.add("onnx.Less", onnxBinary<Op::Lt>);
  r.add("onnx.LessOrEqual", onnxBinary<Op::Le>);
  r.add("onnx.Greater", onnxBinary<Op::Gt>);
  r.add("onnx.GreaterOrEqual", onnxBinary<Op::Ge>);
  r.add("onnx.And", onnxBinary<Op::And>);
  r.add("onnx.Or", onnxBinary<Op::Or>);
  r.add("onnx.Xor", onnxBinary<Op::Xor>);
  r.add("onnx.BitwiseAnd", onnxBinary<Op::BitAnd>);
  r.add("onnx.BitwiseOr", onnxBinary<Op::BitOr>);
  r.add("onnx.BitwiseXor", onnxBinary<Op::BitXor>);
  r.add("onnx.BitShift", onnxBitShift);
  r.add("onnx.Min", onnxVariadic<Op::Min>);
  r.add("onnx.Max", onnxVariadic<Op::Max>);
  r.add("onnx.Sum", onnxVariadic<Op::Add>);
  r.add("onnx.Neg", onnxUnary<Op::Neg>);
  r.add("onnx.Abs", onnxUnary<Op::Abs>);
  r.add("onnx.Sqrt", onnxUnary<Op::Sqrt>);
  r.add("onnx.Exp", onnxUnary<Op::Exp>);
  r.add("onnx.Log", onnxUnary<Op::Log>);
  r.add("onnx.Reciprocal", onnxUnary<Op::Reciprocal>);
  r.add("onnx.Floor", onnxUnary<Op::Floor>);
  r.add("onnx.Ceil", onnxUnary<Op::Ceil>);
  r.add("onnx.Round", onnxUnary<Op::Round>);
  r.add("onnx.Sign", onnxUnary<Op::Sign>);
  r.add("onnx.Relu", onnxUnary<Op::Relu>);
  r.add("onnx.Sigmoid", onnxUnary<Op::Sigmoid>);
  r.add("onnx.Tanh", onnxUnary<Op::Tanh>);
  r.add("onnx.Sin", onnxUnary<Op::Sin>);
  r.add("onnx.Cos", onnxUnary<Op::Cos>);
  r.add("onnx.Erf", onnxUnary<Op::Erf>);
  r.add("onnx.IsNaN", onnxUnary<Op::IsNaN>);
  r.add("onnx.IsInf", onnxIsInf);
  r.add("onnx.Not", onnxUnary<Op::Not>);
  r.add("onnx.BitwiseNot", onnxUnary<Op::BitNot>);
  r.add("onnx.Identity", onnxUnary<Op::Identity>);
  r.add("onnx.Cast", onnxCast);
  r.add("onnx.CastLike", onnxCast);
  r.add("onnx.Where", onnxWhere);
  r.add("onnx.Clip", onnxClip);
  r.add("onnx.Atan", onnxAtan);

  // ATen.
  r.add("aten.add.Tensor", atenAddSub<false, false>);
  r.add("aten.add.Scalar", atenAddSub<false, false>);
  r.add("aten.sub.Tensor", atenAddSub<true, false>);
  r.add("aten.sub.Scalar", atenAddSub<true, false>);
  r.add("aten.rsub.Tensor", atenAddSub<true, true>);
  r.add("aten.rsub.Scalar", atenAddSub<true, true>);
  r.add("aten.mul.Tensor", atenBinary<Op::Mul>);
  r.add("aten.mul.Scalar", atenBinary<Op::Mul>);
  r.add("aten.div.Tensor", atenDiv);
  r.add("aten.div.Scalar", atenDiv);
  r.add("aten.div.Tensor_mode", atenDiv);
  r.add("aten.div.Scalar_mode", atenDiv);
  r.add("aten.floor_divide.default", atenBinary<Op::FloorDiv>);
  r.add("aten.floor_divide.Scalar", atenBinary<Op::FloorDiv>);
  r.add("aten.remainder.Tensor", atenBinary<Op::FloorMod>);
  r.add("aten.remainder.Scalar", atenBinary<Op::FloorMod>);
  r.add("aten.remainder.Scalar_Tensor", atenBinary<Op::FloorMod>);
  r.add("aten.fmod.Tensor", atenBinary<Op::TruncMod>);
  r.add("aten.fmod.Scalar", atenBinary<Op::TruncMod>);
  r.add("aten.pow.Tensor_Tensor", atenPow);
  r.add("aten.pow.Tensor_Scalar", atenPow);
  r.add("aten.pow.Scalar", atenPow);
  r.add("aten.minimum.default", atenBinary<Op::Min>);
  r.add("aten.maximum.default", atenBinary<Op::Max>);
  r.add("aten.bitwise_and.Tensor", atenBinary<Op::BitAnd>);
  r.add("aten.bitwise_and.Scalar", atenBinary<Op::BitAnd>);
  r.add("aten.bitwise_or.Tensor", atenBinary<Op::BitOr>);
  r.add("aten.bitwise_or.Scalar", atenBinary<Op::BitOr>);
  r.add("aten.bitwise_xor.Tensor", atenBinary<Op::BitXor>);
  r.add("aten.bitwise_xor.Scalar", atenBinary<Op::BitXor>);
  for (llvm::StringRef overload : {"Tensor", "Scalar"}) {
    std::string suffix = "." + overload.str();
    r.add("aten.__and__" + suffix, atenBinary<Op::BitAnd>);
    r.add("aten.__or__" + suffix, atenBinary<Op::BitOr>);
    r.add("aten.__xor__" + suffix, atenBinary<Op::BitXor>);
    r.add("aten.__lshift__" + suffix, atenShift<true>);
    r.add("aten.__rshift__" + suffix, atenShift<false>);
  }
  r.add("aten.min.other", atenBinary<Op::Min>);
  r.add("aten.max.other", atenBinary<Op::Max>);
  r.add("aten.atan2.default", atenAtan2);
  r.add("aten.isfinite.default", atenIsFinite);
  for (llvm::StringRef overload : {"Tensor", "Scalar"}) {
    std::string suffix = "." + overload.str();
    r.add("aten.eq" + suffix, atenCompare<Op::Eq>);
    r.add("aten.ne" + suffix, atenCompare<Op::Ne>);
    r.add("aten.lt" + suffix, atenCompare<Op::Lt>);
    r.add("aten.le" + suffix, atenCompare<Op::Le>);
    r.add("aten.gt" + suffix, atenCompare<Op::Gt>);
    r.add("aten.ge" + suffix, atenCompare<Op::Ge>);
  }
  r.add("aten.logical_and.default", atenCompare<Op::And>);
  r.add("aten.logical_or.default", atenCompare<Op::Or>);
  r.add("aten.logical_xor.default", atenCompare<Op::Xor>);
  r.add("aten.logical_not.default", atenPredicate<Op::Not>);
  r.add("aten.bitwise_not.default", atenPredicate<Op::BitNot>);
  r.add("aten.isnan.default", atenPredicate<Op::IsNaN>);
  r.add("aten.neg.default", atenUnary<Op::Neg>);
  r.add("aten.abs.default", atenAbs);
  r.add("aten.sqrt.default", atenUnary<Op::Sqrt>);
  r.add("aten.rsqrt.default", atenUnary<Op::Rsqrt>);
  r.add("aten.exp.default", atenUnary<Op::Exp>);
  r.add("aten.log.default", atenUnary<Op::Log>);
  r.add("aten.reciprocal.default", atenUnary<Op::Reciprocal>);
  r.add("aten.floor.default", atenUnary<Op::Floor>);
  r.add("aten.ceil.default", atenUnary<Op::Ceil>);
  r.add("aten.round.default", atenUnary<Op::Round>);
  r.add("aten.trunc.default", atenUnary<Op::Trunc>);
  r.add("aten.sign.default", atenSign);
  r.add("aten.relu.default", atenUnary<Op::Relu>);
  r.add("aten.sigmoid.default", atenUnary<Op::Sigmoid>);
  r.add("aten.tanh.default", atenUnary<Op::Tanh>);
  r.add("aten.sin.default", atenUnary<Op::Sin>);
  r.add("aten.cos.default", atenUnary<Op::Cos>);
  r.add("aten.erf.default", atenUnary<Op::Erf>);
  r.add("aten.where.self", atenWhere);
  r.add("aten.where.ScalarSelf", atenWhere);
  r.add("aten.where.ScalarOther", atenWhere);
  r.add("aten.where.Scalar", atenWhere);
  r.add("aten.masked_fill.Scalar", atenMaskedFill);
  r.add("aten.masked_fill.Tensor", atenMaskedFill);
  r.add("aten.clamp.default", atenClamp);
  r.add("aten.clamp.Tensor", atenClamp);
  r.add("aten.clamp_min.default", atenClamp);
  r.add("aten.clamp_max.default", atenClamp);
  for (llvm::StringRef name :
       {"aten.to.dtype", "aten.to.dtype_layout", "aten.to.device", "aten._to_copy.default",
        "aten.type_as.default", "aten.clone.default", "aten.contiguous.default",
        "aten.lift_fresh_copy.default", "aten.detach.default", "aten.alias.default"})
    r.add(name, atenConvert);
}

} // namespace pt2onnx::passes::eval
