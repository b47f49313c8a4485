//===- Symbolic.cpp - Evaluation rules: Python arithmetic on SymInts --------===//
//
// The Python operators torch.export records on symbolic numbers (`operator.*`,
// `torch.sym_*`, `math.*`), each operand given as a value (a rank-0 tensor) or
// as an attribute (`operator.ge(%item) {b = -5}`), with Python's semantics:
// floordiv and mod round toward negative infinity, truediv gives a float, a
// result is an int, float or bool as its type (SymInt, SymFloat, SymBool)
// says.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

#include <cmath>

namespace pt2onnx::passes::eval {

namespace {

using ir::DType;

/// An operand as a number: whether it is a float, and its value both ways.
struct Number {
  bool isFloat = false;
  int64_t i = 0;
  double d = 0;
};

std::optional<Number> numberOf(EvalContext &ctx, llvm::StringRef arg) {
  std::optional<ScalarOrTensor> v = ctx.scalarOrTensor(arg);
  if (!v || v->value.getNumElements() != 1)
    return ctx.fail();
  const Tensor &t = v->value;
  NumericKind kind = getNumericKind(t.getDType());
  if (kind == NumericKind::Unsupported)
    return ctx.fail();
  Number n;
  n.isFloat = kind == NumericKind::Float;
  n.d = t.getDouble(0);
  n.i = n.isFloat ? int64_t(n.d) : t.getInt(0);
  return n;
}

/// The result as the op's type says: a SymFloat `d`, a SymBool or SymInt `i`.
std::optional<EvalResults> result(EvalContext &ctx, int64_t i, double d) {
  switch (ctx.resultType().getKind()) {
  case ir::Type::Kind::SymFloat:
    return single(Tensor::scalarDouble(DType::Float64, d));
  case ir::Type::Kind::SymBool:
    return single(Tensor::scalarInt(DType::Bool, i != 0));
  case ir::Type::Kind::SymInt:
    return single(Tensor::scalarInt(DType::Int64, i));
  default:
    return ctx.fail();
  }
}

enum class Binary { Add, Sub, Mul, Pow, FloorDiv, Mod, TrueDiv, And, Or, Max, Min };

template <Binary kind>
std::optional<EvalResults> symBinary(EvalContext &ctx) {
  std::optional<Number> a = numberOf(ctx, "a"), b = numberOf(ctx, "b");
  if (!a || !b)
    return ctx.fail();
  bool isFloat = a->isFloat || b->isFloat;
  auto both = [&](auto onInts, auto onFloats) -> std::optional<EvalResults> {
    if (isFloat) {
      double d = onFloats(a->d, b->d);
      return result(ctx, int64_t(d), d);
    }
    int64_t i = onInts(a->i, b->i);
    return result(ctx, i, double(i));
  };
  switch (kind) {
  case Binary::Add:
    return both([](int64_t x, int64_t y) { return x + y; }, [](double x, double y) { return x + y; });
  case Binary::Sub:
    return both([](int64_t x, int64_t y) { return x - y; }, [](double x, double y) { return x - y; });
  case Binary::Mul:
    return both([](int64_t x, int64_t y) { return x * y; }, [](double x, double y) { return x * y; });
  case Binary::Max:
    return both([](int64_t x, int64_t y) { return std::max(x, y); },
                [](double x, double y) { return std::max(x, y); });
  case Binary::Min:
    return both([](int64_t x, int64_t y) { return std::min(x, y); },
                [](double x, double y) { return std::min(x, y); });
  case Binary::And:
    return result(ctx, a->i && b->i, double(a->i && b->i));
  case Binary::Or:
    return result(ctx, a->i || b->i, double(a->i || b->i));
  case Binary::Pow:
    if (!isFloat && b->i >= 0) {
      int64_t p = 1;
      for (int64_t k = 0; k != b->i; ++k)
        p *= a->i;
      return result(ctx, p, double(p));
    }
    return result(ctx, 0, std::pow(a->d, b->d));
  case Binary::TrueDiv:
    if (b->d == 0)
      return ctx.fail();
    return result(ctx, 0, a->d / b->d);
  case Binary::FloorDiv:
  case Binary::Mod:
    if (b->d == 0)
      return ctx.fail();
    if (isFloat) {
      double q = std::floor(a->d / b->d);
      double d = kind == Binary::FloorDiv ? q : a->d - q * b->d;
      return result(ctx, int64_t(d), d);
    }
    {
      std::optional<int64_t> i = kind == Binary::FloorDiv ? floorDiv(a->i, b->i, DType::Int64)
                                                          : floorMod(a->i, b->i, DType::Int64);
      if (!i)
        return ctx.fail();
      return result(ctx, *i, double(*i));
    }
  }
  return ctx.fail();
}

enum class Compare { Eq, Ne, Lt, Le, Gt, Ge };

template <Compare kind>
std::optional<EvalResults> symCompare(EvalContext &ctx) {
  std::optional<Number> a = numberOf(ctx, "a"), b = numberOf(ctx, "b");
  if (!a || !b)
    return ctx.fail();
  bool isFloat = a->isFloat || b->isFloat;
  auto cmp = [&](auto x, auto y) {
    switch (kind) {
    case Compare::Eq:
      return x == y;
    case Compare::Ne:
      return x != y;
    case Compare::Lt:
      return x < y;
    case Compare::Le:
      return x <= y;
    case Compare::Gt:
      return x > y;
    case Compare::Ge:
      return x >= y;
    }
    return false;
  };
  bool r = isFloat ? cmp(a->d, b->d) : cmp(a->i, b->i);
  return single(Tensor::scalarInt(DType::Bool, r));
}

/// The only operand of a unary op, whatever torch named it.
std::optional<Number> onlyOperand(EvalContext &ctx) {
  for (llvm::StringRef arg : {"a", "self", "x", "b"})
    if (ctx.has(arg))
      return numberOf(ctx, arg);
  return ctx.fail();
}

std::optional<EvalResults> symNeg(EvalContext &ctx) {
  std::optional<Number> a = onlyOperand(ctx);
  if (!a)
    return std::nullopt;
  return result(ctx, -a->i, -a->d);
}

std::optional<EvalResults> symNot(EvalContext &ctx) {
  std::optional<Number> a = onlyOperand(ctx);
  if (!a)
    return std::nullopt;
  return result(ctx, a->i == 0 && a->d == 0, double(a->i == 0 && a->d == 0));
}

/// sym_float, sym_int, math.trunc: to the result's type, toward zero.
std::optional<EvalResults> symCast(EvalContext &ctx) {
  std::optional<Number> a = onlyOperand(ctx);
  if (!a)
    return std::nullopt;
  return result(ctx, int64_t(std::trunc(a->d)), a->isFloat ? a->d : double(a->i));
}

template <bool ceil>
std::optional<EvalResults> symRound(EvalContext &ctx) {
  std::optional<Number> a = onlyOperand(ctx);
  if (!a)
    return std::nullopt;
  if (!a->isFloat)
    return result(ctx, a->i, double(a->i));
  double d = ceil ? std::ceil(a->d) : std::floor(a->d);
  return result(ctx, int64_t(d), d);
}

/// torch.sym_ite(b, t, f).
std::optional<EvalResults> symIte(EvalContext &ctx) {
  std::optional<Number> b = numberOf(ctx, "b"), t = numberOf(ctx, "t"), f = numberOf(ctx, "f");
  if (!b || !t || !f)
    return ctx.fail();
  const Number &pick = b->i ? *t : *f;
  return result(ctx, pick.i, pick.isFloat ? pick.d : double(pick.i));
}

} // namespace

void registerSymbolicRules(EvalRegistry &r) {
  r.add("operator.add", symBinary<Binary::Add>);
  r.add("operator.sub", symBinary<Binary::Sub>);
  r.add("operator.mul", symBinary<Binary::Mul>);
  r.add("operator.pow", symBinary<Binary::Pow>);
  r.add("operator.floordiv", symBinary<Binary::FloorDiv>);
  r.add("operator.mod", symBinary<Binary::Mod>);
  r.add("operator.truediv", symBinary<Binary::TrueDiv>);
  r.add("operator.and_", symBinary<Binary::And>);
  r.add("operator.or_", symBinary<Binary::Or>);
  r.add("torch.sym_max", symBinary<Binary::Max>);
  r.add("torch.sym_min", symBinary<Binary::Min>);
  r.add("operator.eq", symCompare<Compare::Eq>);
  r.add("operator.ne", symCompare<Compare::Ne>);
  r.add("operator.lt", symCompare<Compare::Lt>);
  r.add("operator.le", symCompare<Compare::Le>);
  r.add("operator.gt", symCompare<Compare::Gt>);
  r.add("operator.ge", symCompare<Compare::Ge>);
  r.add("operator.neg", symNeg);
  r.add("operator.not_", symNot);
  r.add("torch.sym_not", symNot);
  r.add("torch.sym_float", symCast);
  r.add("torch.sym_int", symCast);
  r.add("math.trunc", symCast);
  r.add("math.ceil", symRound<true>);
  r.add("math.floor", symRound<false>);
  r.add("torch.sym_ite", symIte);
}

} // namespace pt2onnx::passes::eval
