//===- FloatExpr.cpp - Functions ONNX Runtime lacks in float64 ------------------===//
//
// ONNX Runtime's CPU provider computes Cos, Tan, Asin, Acos, Sinh, Cosh,
// Asinh, Acosh, Atanh and Erf in float32 only, and its float32 Acos may be an
// ulp from the C library's, which a Chebyshev polynomial's cos(n acos x)
// multiplies by n. They are built here from ops it has in float64 (Sin, Exp,
// Log, Sqrt, Round, arithmetic).
//
//===----------------------------------------------------------------------===//

#include "lowering/aten/FloatExpr.h"

#include <cmath>
#include <vector>

namespace pt2onnx::lowering {

using ir::DType;
using ir::Value;

namespace {
constexpr double kPi = 3.14159265358979323846264338327950288;
constexpr double kHalfPi = kPi / 2;
constexpr double kLn2 = 0.693147180559945309417232121458176568;
// Above this magnitude 1 + x^2 rounds to x^2 in float64, and asinh x and
// acosh x are log(2x).
constexpr double kHuge = 0x1p28;
// pi/2 in four parts, the first three of 20 significant bits, so that k times
// them is exact for |k| < 2^33 (|x| < 1.3e10).
constexpr double kHalfPiParts[] = {0x1.921fap+0, 0x1.54442p-20, 0x1.a308cp-41,
                                   0x1.313198a2e037p-61};
} // namespace

namespace {
/// x = k pi/2 + r with |r| <= pi/4, in float64: sin r, cos r (as
/// sin(pi/2 - r)) and the quadrant k mod 4.
struct Reduced {
  Value *sinR, *cosR, *quadrant;
};
Reduced reduceQuarterTurns(FloatExpr &d, Value *v) {
  Value *k = d.fn("Round", d.mul(v, 2.0 / kPi));
  Value *r = v;
  for (double part : kHalfPiParts)
    r = d.sub(r, d.mul(k, part));
  Value *quadrant = d.sub(k, d.mul(4.0, d.fn("Floor", d.div(k, 4.0))));
  return {d.fn("Sin", r), d.fn("Sin", d.sub(kHalfPi, r)), quadrant};
}
} // namespace

// By the quadrant cos x is cos r, -sin r, -cos r or sin r.
Value *FloatExpr::cos(Term x) {
  if (dtype != DType::Float64)
    return fn("Cos", x);
  auto [sinR, cosR, quadrant] = reduceQuarterTurns(*this, get(x));
  Value *c = select(eq(quadrant, 1.0), neg(sinR), cosR);
  c = select(eq(quadrant, 2.0), neg(cosR), c);
  return select(eq(quadrant, 3.0), sinR, c);
}

// acos y = 2 asin(sqrt((1 - |y|)/2)) for y >= 0 and pi minus that below,
// where asin's argument is at most sqrt(1/2) and well conditioned. asin s is
// float32 Asin refined in float64 by Newton's steps on sin(phi) = s: two for a
// float64 result, one for a float32 result rounded from float64.
Value *FloatExpr::acos(Term y) {
  FloatExpr d(b, DType::Float64);
  Value *wide = b.cast(get(y), DType::Float64);
  Value *s = d.fn("Sqrt", d.div(d.sub(1.0, d.fn("Abs", wide)), 2.0));
  Value *phi = b.cast(b.unary("Asin", b.cast(s, DType::Float32)), DType::Float64);
  for (int i = 0, steps = dtype == DType::Float64 ? 2 : 1; i < steps; ++i) {
    Value *cosPhi = d.fn("Sin", d.sub(kHalfPi, phi));
    phi = d.sub(phi, d.div(d.sub(d.fn("Sin", phi), s), cosPhi));
  }
  Value *twoPhi = d.mul(2.0, phi);
  Value *theta = d.select(d.lt(wide, 0.0), d.sub(kPi, twoPhi), twoPhi);
  return b.cast(theta, dtype);
}

namespace {
/// asin s for float64 |s| <= 1/2, where cos(asin s) >= 0.86: float32 Asin
/// refined by two Newton steps on sin(phi) = s.
Value *asinNear0(FloatExpr &d, Value *s) {
  OnnxBuilder &b = d.builder();
  Value *phi = b.cast(b.unary("Asin", b.cast(s, DType::Float32)), DType::Float64);
  for (int i = 0; i < 2; ++i) {
    Value *cosPhi = d.fn("Sin", d.sub(kHalfPi, phi));
    phi = d.sub(phi, d.div(d.sub(d.fn("Sin", phi), s), cosPhi));
  }
  return phi;
}

/// e^a / 2 as e^(a/2) (e^(a/2) / 2), finite wherever the result is.
Value *halfExp(FloatExpr &d, Value *a) {
  Value *h = d.fn("Exp", d.mul(a, 0.5));
  return d.mul(h, d.mul(h, 0.5));
}

/// `magnitude` with the sign of `x` (`magnitude` >= 0 or NaN).
Value *withSignOf(FloatExpr &d, Value *x, Value *magnitude) {
  return d.select(d.lt(x, 0.0), d.neg(magnitude), magnitude);
}
} // namespace

// tan r in an even quadrant, -1 / tan r in an odd one (r as for cos).
Value *FloatExpr::tan(Term x) {
  if (dtype != DType::Float64)
    return fn("Tan", x);
  auto [sinR, cosR, quadrant] = reduceQuarterTurns(*this, get(x));
  Value *odd = logicalOr(eq(quadrant, 1.0), eq(quadrant, 3.0));
  return select(odd, neg(div(cosR, sinR)), div(sinR, cosR));
}

// asin x for |x| <= 1/2, else pi/2 - 2 asin(sqrt((1 - |x|)/2)) with the sign
// of x (NaN outside [-1, 1], from Sqrt).
Value *FloatExpr::asin(Term x) {
  if (dtype != DType::Float64)
    return fn("Asin", x);
  Value *v = get(x);
  Value *a = fn("Abs", v);
  // The small side reads |x| clamped to 1/2, so that its float32 Asin is defined.
  Value *near0 = asinNear0(*this, select(le(a, 0.5), v, 0.0));
  Value *s = fn("Sqrt", div(sub(1.0, a), 2.0));
  Value *far = sub(kHalfPi, mul(2.0, asinNear0(*this, select(le(s, 0.5), s, 0.0))));
  far = select(isNaN(s), s, far);
  return select(le(a, 0.5), near0, withSignOf(*this, v, far));
}

// Below |x| = 1/2 the Taylor series (to x^17, whose next term is under 1e-17
// of the sum); above, (e^|x| - e^-|x|)/2 with its sign, where the
// subtraction loses under a bit. e^|x| / 2 is e^(|x|/2) (e^(|x|/2) / 2),
// which does not overflow before sinh does.
Value *FloatExpr::sinh(Term x) {
  if (dtype != DType::Float64)
    return fn("Sinh", x);
  Value *v = get(x);
  Value *a = fn("Abs", v);
  Value *z = mul(v, v);
  std::vector<double> coefficients;
  for (int k = 8; k >= 0; --k) {
    double factorial = 1.0;
    for (int i = 2; i <= 2 * k + 1; ++i)
      factorial *= i;
    coefficients.push_back(1.0 / factorial);
  }
  Value *series = mul(v, polynomial(z, coefficients));
  Value *far = sub(halfExp(*this, a), mul(fn("Exp", neg(a)), 0.5));
  return select(lt(a, 0.5), series, withSignOf(*this, v, far));
}

// (e^|x| + e^-|x|)/2, e^|x| / 2 as for sinh.
Value *FloatExpr::cosh(Term x) {
  if (dtype != DType::Float64)
    return fn("Cosh", x);
  Value *a = fn("Abs", get(x));
  return add(halfExp(*this, a), mul(fn("Exp", neg(a)), 0.5));
}

// Kahan's: x log(u) / (u - 1) with u = 1 + x, x itself where u is 1 (on
// Where's false side, which keeps -0.0), +inf for +inf.
Value *FloatExpr::log1p(Term x) {
  Value *v = get(x);
  Value *u = add(v, 1.0);
  Value *scaled = div(mul(v, fn("Log", u)), sub(u, 1.0));
  scaled = select(eq(u, INFINITY), u, scaled);
  return select(logicalNot(eq(u, 1.0)), scaled, v);
}

// log1p(a + a^2 / (1 + sqrt(1 + a^2))) with a = |x| and the sign of x,
// log(a) + log 2 for huge a.
Value *FloatExpr::asinh(Term x) {
  if (dtype != DType::Float64)
    return fn("Asinh", x);
  Value *v = get(x);
  Value *a = fn("Abs", v);
  Value *aa = mul(a, a);
  Value *near = log1p(add(a, div(aa, add(1.0, fn("Sqrt", add(1.0, aa))))));
  Value *far = add(fn("Log", a), kLn2);
  Value *r = withSignOf(*this, v, select(gt(a, kHuge), far, near));
  return select(logicalNot(eq(v, 0.0)), r, v);
}

// log1p(t + sqrt(2t + t^2)) with t = x - 1 (exact near 1), log(x) + log 2
// for huge x, NaN below 1.
Value *FloatExpr::acosh(Term x) {
  if (dtype != DType::Float64)
    return fn("Acosh", x);
  Value *v = get(x);
  Value *t = sub(v, 1.0);
  Value *near = log1p(add(t, fn("Sqrt", add(mul(2.0, t), mul(t, t)))));
  Value *r = select(gt(v, kHuge), add(fn("Log", v), kLn2), near);
  return select(lt(v, 1.0), NAN, r);
}

// log1p(2a / (1 - a)) / 2 with a = |x| and the sign of x: +-inf at +-1, NaN
// beyond (Log of a negative number).
Value *FloatExpr::atanh(Term x) {
  if (dtype != DType::Float64)
    return fn("Atanh", x);
  Value *v = get(x);
  Value *a = fn("Abs", v);
  Value *r = mul(0.5, log1p(div(mul(2.0, a), sub(1.0, a))));
  return withSignOf(*this, v, r);
}

// erf a = 2/sqrt(pi) e^(-a^2) sum_n (2a^2)^n a / (1 3 5 ... (2n+1)), a sum of
// positive terms, for a = |x| up to 6 (100 terms reach 1e-17 of the sum
// there); erf is 1 in float64 from 5.93 on. The sign of x, NaN kept (ONNX
// Runtime 1.23's Erf makes NaN 1).
Value *FloatExpr::erf(Term x, bool keepNaN) {
  Value *v = get(x);
  if (dtype != DType::Float64)
    return keepNaN ? select(isNaN(v), v, fn("Erf", v)) : fn("Erf", v);
  Value *a = b.binary("Min", fn("Abs", v), get(6.0));
  Value *z = mul(2.0, mul(a, a));
  Value *term = a, *sum = a;
  for (int n = 1; n <= 100; ++n) {
    term = div(mul(term, z), double(2 * n + 1));
    sum = add(sum, term);
  }
  Value *r = mul(mul(sum, fn("Exp", neg(mul(a, a)))), 2.0 / std::sqrt(kPi));
  r = b.binary("Min", r, get(1.0));
  r = withSignOf(*this, v, r);
  return keepNaN ? select(isNaN(v), v, r) : r;
}

} // namespace pt2onnx::lowering
