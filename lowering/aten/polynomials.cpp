//===- polynomials.cpp - Orthogonal polynomials P_n(x) ------------------------===//
//
// torch.special's Chebyshev (T, U, V, W and their shifted forms on [0, 1]),
// Hermite (physicists' H, probabilists' He), Laguerre and Legendre
// polynomials, each with overloads (Tensor x, Tensor n), (Scalar x, Tensor n)
// and (Tensor x, Scalar n). torch (aten/src/ATen/native/Math.h) evaluates,
// per element, in the common floating dtype of x and n, with n truncated to an
// integer:
//
//   n < 0 -> 0; the closed values at the ends of the interval; for Chebyshev
//   with n above a threshold and x inside (-1, 1), the trigonometric form
//   (T_n = cos(n acos x), ...); P_0 and P_1; otherwise the three-term
//   recurrence from P_0, P_1 up to P_n.
//
// The rules emit every branch and select per element; the recurrence is an
// ONNX Loop run max(n) - 1 times over the elements that need it, each element
// keeping its value once its own n is reached. A non-finite n counts as
// negative (torch's conversion to int64 makes it so).
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/aten/Arithmetic.h"
#include "lowering/aten/FloatExpr.h"

#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::DType;
using ir::Value;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// One step of a recurrence: P_{j+1} from p = P_{j-1}, q = P_j and j (a
/// rank-0 float, 1 for the first step).
using RecurrenceStep = llvm::function_ref<Value *(Value *j, Value *p, Value *q)>;

/// The arguments of a polynomial rule in the compute dtype (float64, else
/// float32), and the expression builder of that dtype.
struct PolynomialArgs {
  FloatExpr e;
  Value *x;
  /// n truncated toward zero, -1 where it is not finite.
  Value *n;
};

PolynomialArgs polynomialArgs(RuleContext &ctx) {
  DType t = FloatExpr::computeDType(ctx.resultDType());
  FloatExpr e(ctx.b, t);
  Value *x = ctx.materialize(ctx.tensorOrNumber("x"), t);
  Value *n = emitTrunc(ctx.b, ctx.materialize(ctx.tensorOrNumber("n"), t));
  n = e.select(e.logicalOr(e.isInf(n), e.isNaN(n)), -1.0, n);
  return {e, x, n};
}

ValueList polynomialResult(RuleContext &ctx, Value *v) {
  return {ctx.b.cast(v, ctx.resultDType())};
}

/// n is even (n a non-negative integer value).
Value *isEven(FloatExpr &e, Value *n) {
  Value *r =
      e.builder().op("Mod", {n, e.get(2.0)}, n->getType(), {{"fmod", ir::Attribute::integer(1)}});
  return e.eq(r, 0.0);
}

/// P_n(x) by the recurrence from `p0` and `p1`, for the elements where
/// `needed` holds and n >= 2 (others get P_1 or an unspecified value).
Value *emitRecurrence(FloatExpr &e, Value *n, Value *needed, FloatExpr::Term p0, Value *p1,
                      RecurrenceStep step) {
  OnnxBuilder &b = e.builder();
  DType t = e.getDType();
  // Both carried values have the shape of the result: `active` has n's
  // shape (and maybe x's), p1 has x's.
  Value *active = e.logicalAnd(needed, e.ge(n, 2.0));
  Value *q0 = e.select(active, p1, p1);
  Value *pInit = b.expand(e.get(p0), b.shapeOf(q0), q0->getType());

  Value *steps = b.reduce("ReduceMax", e.select(active, n, 0.0), std::nullopt, false);
  steps = b.cast(b.binary("Max", e.sub(steps, 1.0), e.get(0.0)), DType::Int64);
  Value *always = b.constant(makeDense(DType::Bool, {}, {1.0}));
  ir::Operation *loop =
      b.create("Loop", {steps, always, pInit, q0}, {q0->getType(), q0->getType()}, {}, 1);
  ir::Block *body = loop->getRegion(0).addBlock();
  Value *iteration = body->addArgument(ir::Type::tensor(DType::Int64, {}), "iteration");
  body->addArgument(ir::Type::tensor(DType::Bool, {}), "condition");
  Value *p = body->addArgument(q0->getType(), "p");
  Value *q = body->addArgument(q0->getType(), "q");
  {
    ir::Builder &builder = b.getBuilder();
    ir::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(body);
    Value *j = e.add(b.cast(iteration, t), 1.0);
    Value *r = step(j, p, q);
    Value *advance = e.lt(j, n);
    Value *pNext = e.select(advance, q, p), *qNext = e.select(advance, r, q);
    // As torch's loops stop at a NaN (an overflowed recurrence stays NaN),
    // stop once no element left to advance is a number: a huge n with |x| > 1
    // then costs no more than in torch.
    Value *live = e.logicalAnd(e.logicalAnd(active, e.lt(e.add(j, 1.0), n)),
                               e.logicalNot(e.isNaN(qNext)));
    Value *more = e.gt(b.reduce("ReduceMax", b.cast(live, t), std::nullopt, false), 0.0);
    builder.createReturn({more, pNext, qNext});
  }
  return loop->getResult(1);
}

/// P_0 = 1 and P_1 = p1 over `v`, the recurrence's value for n >= 2.
Value *lowOrders(FloatExpr &e, Value *n, Value *p1, Value *v) {
  v = e.select(e.eq(n, 1.0), p1, v);
  v = e.select(e.eq(n, 0.0), 1.0, v);
  return v;
}

// ---- Chebyshev polynomials ------------------------------------------------------------

enum class Chebyshev { T, U, V, W };

/// special_chebyshev_polynomial_{t,u,v,w} (`Shifted` false) and
/// special_shifted_chebyshev_polynomial_{t,u,v,w}(x, n): the shifted ones are
/// the others at y = 2x - 1.
template <Chebyshev K, bool Shifted> ValueList lowerChebyshev(RuleContext &ctx) {
  PolynomialArgs args = polynomialArgs(ctx);
  FloatExpr &e = args.e;
  Value *x = args.x, *n = args.n;
  Value *y = Shifted ? e.sub(e.add(x, x), 1.0) : x;
  Value *twoY = e.add(y, y);
  Value *p1 = K == Chebyshev::T   ? y
              : K == Chebyshev::U ? twoY
              : K == Chebyshev::V ? e.sub(twoY, 1.0)
                                  : e.add(twoY, 1.0);
  Value *even = isEven(e, n);
  Value *nPlusOne = e.add(n, 1.0);
  Value *twoNPlusOne = e.add(e.add(n, n), 1.0);
  auto alternating = [&](FloatExpr::Term v) { return e.select(even, v, e.neg(e.get(v))); };

  // The ends: y == 1 and y == -1 (torch tests x, for the shifted ones x == 1
  // and x == 0).
  Value *atOne = e.eq(x, 1.0);
  Value *atMinusOne = e.eq(x, Shifted ? 0.0 : -1.0);
  Value *valueAtOne = K == Chebyshev::U ? nPlusOne : K == Chebyshev::W ? twoNPlusOne : e.get(1.0);
  Value *valueAtMinusOne = K == Chebyshev::U   ? alternating(nPlusOne)
                           : K == Chebyshev::V ? alternating(twoNPlusOne)
                                               : alternating(1.0);

  // Inside (-1, 1), above a degree, the trigonometric forms in theta = acos(y).
  double trigAbove = K == Chebyshev::T ? 6.0 : Shifted ? (K == Chebyshev::W ? 4.0 : 6.0) : 8.0;
  Value *trig = e.logicalAnd(e.gt(n, trigAbove), e.lt(e.fn("Abs", y), 1.0));
  Value *theta = e.acos(y);
  Value *trigValue;
  switch (K) {
  case Chebyshev::T:
    trigValue = e.cos(e.mul(n, theta));
    break;
  case Chebyshev::U: {
    Value *s = e.fn("Sin", theta);
    Value *angle = e.mul(nPlusOne, theta);
    trigValue = e.select(e.eq(s, 0.0), e.div(e.mul(nPlusOne, e.cos(angle)), y),
                         e.div(e.fn("Sin", angle), s));
    break;
  }
  case Chebyshev::V: {
    Value *half = e.div(theta, 2.0);
    trigValue = e.select(e.eq(e.fn("Sin", half), 1.0), alternating(twoNPlusOne),
                         e.div(e.cos(e.mul(e.add(n, 0.5), theta)), e.cos(half)));
    break;
  }
  case Chebyshev::W: {
    Value *half = e.div(theta, 2.0);
    Value *atZeroAngle =
        Shifted ? alternating(1.0) : e.select(e.gt(x, 0.0), twoNPlusOne, alternating(1.0));
    trigValue = e.select(e.eq(e.cos(half), 1.0), atZeroAngle,
                         e.div(e.fn("Sin", e.mul(e.add(n, 0.5), theta)), e.fn("Sin", half)));
    break;
  }
  }

  Value *special = e.logicalOr(e.logicalOr(e.lt(n, 0.0), e.logicalOr(atOne, atMinusOne)), trig);
  Value *recurrence =
      emitRecurrence(e, n, e.logicalNot(special), 1.0, p1,
                     [&](Value *, Value *p, Value *q) { return e.sub(e.mul(twoY, q), p); });
  Value *v = lowOrders(e, n, p1, recurrence);
  v = e.select(trig, trigValue, v);
  v = e.select(atMinusOne, valueAtMinusOne, v);
  v = e.select(atOne, valueAtOne, v);
  return polynomialResult(ctx, e.select(e.lt(n, 0.0), 0.0, v));
}

// ---- Hermite, Laguerre and Legendre polynomials --------------------------------------

/// Beyond this degree torch's Hermite polynomials are NaN.
double hermiteLimit(DType t) { return t == DType::Float64 ? 512.0 : 128.0; }

// special_hermite_polynomial_h(x, n): H_{j+1} = 2x H_j - 2j H_{j-1}.
ValueList lowerHermiteH(RuleContext &ctx) {
  PolynomialArgs args = polynomialArgs(ctx);
  FloatExpr &e = args.e;
  Value *x = args.x, *n = args.n;
  Value *twoX = e.add(x, x);
  Value *beyond = e.gt(n, hermiteLimit(e.getDType()));
  Value *recurrence =
      emitRecurrence(e, n, e.logicalNot(beyond), 1.0, twoX, [&](Value *j, Value *p, Value *q) {
        return e.sub(e.mul(twoX, q), e.mul(e.add(j, j), p));
      });
  Value *v = e.select(beyond, kNaN, recurrence);
  v = lowOrders(e, n, twoX, v);
  return polynomialResult(ctx, e.select(e.lt(n, 0.0), 0.0, v));
}

// special_hermite_polynomial_he(x, n): He_{j+1} = x He_j - j He_{j-1}.
ValueList lowerHermiteHe(RuleContext &ctx) {
  PolynomialArgs args = polynomialArgs(ctx);
  FloatExpr &e = args.e;
  Value *x = args.x, *n = args.n;
  Value *beyond = e.gt(n, hermiteLimit(e.getDType()));
  Value *recurrence =
      emitRecurrence(e, n, e.logicalNot(beyond), 1.0, x,
                     [&](Value *j, Value *p, Value *q) { return e.sub(e.mul(x, q), e.mul(j, p)); });
  Value *v = e.select(beyond, kNaN, recurrence);
  v = lowOrders(e, n, x, v);
  return polynomialResult(ctx, e.select(e.lt(n, 0.0), 0.0, v));
}

// special_laguerre_polynomial_l(x, n):
// L_{j+1} = ((2j + 1 - x) L_j - j L_{j-1}) / (j + 1); 1 at x == 0.
ValueList lowerLaguerreL(RuleContext &ctx) {
  PolynomialArgs args = polynomialArgs(ctx);
  FloatExpr &e = args.e;
  Value *x = args.x, *n = args.n;
  Value *oneMinusX = e.sub(1.0, x);
  Value *atZero = e.eq(e.fn("Abs", x), 0.0);
  Value *recurrence =
      emitRecurrence(e, n, e.logicalNot(atZero), 1.0, oneMinusX, [&](Value *j, Value *p, Value *q) {
        return e.div(e.sub(e.mul(e.add(e.add(j, j), oneMinusX), q), e.mul(j, p)), e.add(j, 1.0));
      });
  Value *v = lowOrders(e, n, oneMinusX, recurrence);
  v = e.select(atZero, 1.0, v);
  return polynomialResult(ctx, e.select(e.lt(n, 0.0), 0.0, v));
}

// special_legendre_polynomial_p(x, n):
// P_{j+1} = ((2j + 1) x P_j - j P_{j-1}) / (j + 1); +-1 at |x| == 1.
ValueList lowerLegendreP(RuleContext &ctx) {
  PolynomialArgs args = polynomialArgs(ctx);
  FloatExpr &e = args.e;
  Value *x = args.x, *n = args.n;
  Value *atEnd = e.eq(e.fn("Abs", x), 1.0);
  Value *endValue = e.select(e.logicalOr(e.gt(x, 0.0), isEven(e, n)), 1.0, -1.0);
  Value *recurrence =
      emitRecurrence(e, n, e.logicalNot(atEnd), 1.0, x, [&](Value *j, Value *p, Value *q) {
        return e.div(e.sub(e.mul(e.mul(e.add(e.add(j, j), 1.0), x), q), e.mul(j, p)),
                     e.add(j, 1.0));
      });
  Value *v = lowOrders(e, n, x, recurrence);
  v = e.select(atEnd, endValue, v);
  return polynomialResult(ctx, e.select(e.lt(n, 0.0), 0.0, v));
}

} // namespace

void registerPolynomialLowerings(LoweringRegistry &r) {
  auto addAll = [&](llvm::StringRef op, LoweringFn fn) {
    for (llvm::StringRef overload : {"default", "x_scalar", "n_scalar"})
      r.add(("aten." + op + "." + overload).str(), fn);
  };
  addAll("special_chebyshev_polynomial_t", lowerChebyshev<Chebyshev::T, false>);
  addAll("special_chebyshev_polynomial_u", lowerChebyshev<Chebyshev::U, false>);
  addAll("special_chebyshev_polynomial_v", lowerChebyshev<Chebyshev::V, false>);
  addAll("special_chebyshev_polynomial_w", lowerChebyshev<Chebyshev::W, false>);
  addAll("special_shifted_chebyshev_polynomial_t", lowerChebyshev<Chebyshev::T, true>);
  addAll("special_shifted_chebyshev_polynomial_u", lowerChebyshev<Chebyshev::U, true>);
  addAll("special_shifted_chebyshev_polynomial_v", lowerChebyshev<Chebyshev::V, true>);
  addAll("special_shifted_chebyshev_polynomial_w", lowerChebyshev<Chebyshev::W, true>);
  addAll("special_hermite_polynomial_h", lowerHermiteH);
  addAll("special_hermite_polynomial_he", lowerHermiteHe);
  addAll("special_laguerre_polynomial_l", lowerLaguerreL);
  addAll("special_legendre_polynomial_p", lowerLegendreP);
}

} // namespace pt2onnx::lowering
