//===- special.cpp - Special functions: gamma, zeta, error function, xlogy ---===//
//
// ONNX has Erf and nothing else of torch.special, so each function here is
// built from a classical formula valid over the whole domain torch accepts,
// with torch's values at poles, infinities and NaN:
//
//   lgamma       Lanczos (g = 7, 9 terms) for x >= 1/2, reflection below;
//   digamma      recurrence up to x + 10, then the asymptotic series in
//                Bernoulli numbers; reflection for x < 0;
//   polygamma    the same with the series of the n-th derivative, and the
//                reflection through the n-th derivative of cot (a
//                polynomial in cot, built here) for x < 0;
//   zeta         Hurwitz zeta by Euler-Maclaurin after thirty direct terms;
//   igamma, igammac  the power series of P below x = a + 1, Legendre's
//                continued fraction of Q = 1 - P above, Temme's uniform
//                expansion for a > 1000 near x = a;
//   erfc, erfcx  the everywhere-positive series of erf for |x| < 2, the
//                Laplace continued fraction of erfcx above, so no tail is
//                computed as 1 - erf;
//   ndtr, log_ndtr  from erfc and erfcx;
//   erfinv, ndtri   a starting guess refined by Newton steps on erf near 0
//                and on log erfc in the tails.
//
// These compute in float64 (cast back to the result dtype at the end): the
// recurrences, reflections and cancellations need its precision and range
// to give float32 results torch's accuracy; float64 results are accurate to
// about 1e-12 or better. xlogy, xlog1py, entr and sinc compute in the result
// dtype as torch does (float32 for float16).
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <cmath>
#include <limits>

namespace pt2onnx::lowering {

using ir::DType;
using ir::Value;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kTwoOverSqrtPi = 1.12837916709551257390;
constexpr double kSqrtPiOverTwo = 0.88622692545275801365;
constexpr double kSqrt2 = 1.41421356237309504880;
constexpr double kSqrtHalf = 0.70710678118654752440;

/// Elementwise arithmetic in one floating dtype, numbers as rank-0
/// constants of it, for an op torch computes in `torchT`.
class Calc {
public:
  Calc(OnnxBuilder &b, DType t, DType torchT) : b(b), t(t), torchT(torchT) {}
  Calc(OnnxBuilder &b, DType t) : Calc(b, t, t) {}

  DType dtype() const { return t; }
  Value *num(double v) { return b.scalar(t, v); }
  Value *add(Value *x, Value *y) { return b.binary("Add", x, y); }
  Value *add(Value *x, double y) { return add(x, num(y)); }
  Value *sub(Value *x, Value *y) { return b.binary("Sub", x, y); }
  Value *sub(double x, Value *y) { return sub(num(x), y); }
  Value *sub(Value *x, double y) { return sub(x, num(y)); }
  Value *mul(Value *x, Value *y) { return b.binary("Mul", x, y); }
  Value *mul(Value *x, double y) { return mul(x, num(y)); }
  Value *div(Value *x, Value *y) { return b.binary("Div", x, y); }
  Value *div(double x, Value *y) { return div(num(x), y); }
  Value *square(Value *x) { return mul(x, x); }
  Value *pow(Value *x, Value *e) { return b.binary("Pow", x, e); }
  Value *pow(Value *x, double e) { return pow(x, num(e)); }
  Value *min(Value *x, Value *y) { return b.binary("Min", x, y); }
  Value *fn(llvm::StringRef opType, Value *x) { return b.unary(opType, x); }
  /// `x` rounded to the dtype torch computes in, where a formula repeats a
  /// rounding of torch's to agree with it.
  Value *roundedAsTorch(Value *x) { return b.roundTo(x, torchT); }

  Value *lt(Value *x, Value *y) { return b.compare("Less", x, y); }
  Value *lt(Value *x, double y) { return lt(x, num(y)); }
  Value *le(Value *x, double y) { return b.compare("LessOrEqual", x, num(y)); }
  Value *gt(Value *x, double y) { return b.compare("Greater", x, num(y)); }
  Value *eq(Value *x, double y) { return b.compare("Equal", x, num(y)); }
  Value *eq(Value *x, Value *y) { return b.compare("Equal", x, y); }
  Value *both(Value *p, Value *q) { return b.compare("And", p, q); }
  Value *either(Value *p, Value *q) { return b.compare("Or", p, q); }
  Value *isNaN(Value *x) { return b.op("IsNaN", {x}, x->getType().withDType(DType::Bool)); }
  Value *isInf(Value *x) { return b.op("IsInf", {x}, x->getType().withDType(DType::Bool)); }
  /// x is an integer or infinite.
  Value *isInteger(Value *x) { return eq(x, fn("Floor", x)); }

  Value *select(Value *cond, Value *x, Value *y) { return b.where(cond, x, y); }
  Value *select(Value *cond, double x, Value *y) { return select(cond, num(x), y); }

  /// sum(coeffs[i] * x^i) by Horner's rule.
  Value *polynomial(Value *x, llvm::ArrayRef<double> coeffs) {
    Value *r = num(coeffs.back());
    for (double c : llvm::reverse(coeffs.drop_back()))
      r = add(mul(r, x), c);
    return r;
  }

private:
  OnnxBuilder &b;
  DType t, torchT;
};

/// The operand `arg` as a float64 tensor.
Value *inFloat64(RuleContext &ctx, llvm::StringRef arg) {
  return ctx.materialize(ctx.tensorOrNumber(arg), DType::Float64);
}

/// The dtype torch computes an op of result dtype `t` in (its opmath
/// type): `t` itself, float32 for float16.
DType opmathDType(DType t) { return t == DType::Float16 ? DType::Float32 : t; }

// ---- Gamma function ------------------------------------------------------------

/// log Gamma(y) for y >= 1/2 by Lanczos' approximation with g = 7.
Value *lanczosLogGamma(Calc &c, Value *y) {
  static constexpr double kCoeffs[] = {
      676.5203681218851,     -1259.1392167224028,  771.32342877765313,
      -176.61502916214059,   12.507343278686905,   -0.13857109526572012,
      9.9843695780195716e-6, 1.5056327351493116e-7};
  Value *z = c.sub(y, 1.0);
  Value *series = c.num(0.99999999999980993);
  for (size_t i = 0; i < std::size(kCoeffs); ++i)
    series = c.add(series, c.div(kCoeffs[i], c.add(z, double(i + 1))));
  Value *t = c.add(z, 7.5);
  Value *r = c.sub(c.mul(c.add(z, 0.5), c.fn("Log", t)), t);
  return c.add(c.add(r, c.fn("Log", series)), 0.5 * std::log(2 * kPi));
}

/// x less its nearest integer, in [-1/2, 1/2] and exact: sin(pi x) and
/// cot(pi x) are those of it up to sign, without the rounding of pi * x.
Value *foldedFraction(Calc &c, Value *x) { return c.sub(x, c.fn("Round", x)); }

/// cot(pi g) for g in [-1/2, 1/2], its cosine as sin(pi (1/2 - |g|)) (ONNX
/// Runtime has no float64 Cos).
Value *cotPi(Calc &c, Value *g) {
  Value *cosine = c.fn("Sin", c.mul(c.sub(0.5, c.fn("Abs", g)), kPi));
  return c.div(cosine, c.fn("Sin", c.mul(g, kPi)));
}

/// log |Gamma(x)|: the reflection log(pi / |sin(pi x)|) - log Gamma(1 - x) below
/// 1/2; +inf at the poles (non-positive integers) and at +-inf.
Value *logGamma(Calc &c, Value *x) {
  Value *reflect = c.lt(x, 0.5);
  Value *y = c.select(reflect, c.sub(1.0, x), x);
  Value *direct = lanczosLogGamma(c, y);
  Value *s = c.fn("Abs", c.fn("Sin", c.mul(foldedFraction(c, x), kPi)));
  Value *reflected = c.sub(c.fn("Log", c.div(kPi, s)), direct);
  return c.select(c.isInf(x), kInf, c.select(reflect, reflected, direct));
}

// ---- Digamma and polygamma ---------------------------------------------------------

/// B_2k for k = 1..12.
constexpr double kBernoulli[] = {1.0 / 6,      -1.0 / 30,          1.0 / 42,       -1.0 / 30,
                                 5.0 / 66,     -691.0 / 2730,      7.0 / 6,        -3617.0 / 510,
                                 43867.0 / 798, -174611.0 / 330, 854513.0 / 138, -236364091.0 / 2730};

double factorial(int64_t n) {
  double r = 1.0;
  for (int64_t k = 2; k <= n; ++k)
    r *= double(k);
  return r;
}

/// How many terms the recurrence sums before the asymptotic series of the
/// n-th derivative of digamma takes over: its first omitted term is then
/// below 1e-13 of the result for n <= kMaxPolygammaOrder.
int64_t recurrenceTerms(int64_t n) { return 10 + n; }
constexpr int64_t kMaxPolygammaOrder = 16;

/// digamma(y) for y >= 0: the recurrence psi(y) = psi(y + N) - sum 1/(y + k)
/// and the asymptotic series at y + N.
Value *digammaNonNegative(Calc &c, Value *y) {
  int64_t terms = recurrenceTerms(0);
  Value *z = c.add(y, double(terms));
  Value *w = c.div(1.0, c.square(z));
  llvm::SmallVector<double, 8> coeffs = {0.0};
  for (int k = 1; k <= 7; ++k)
    coeffs.push_back(kBernoulli[k - 1] / (2 * k));
  Value *r = c.sub(c.sub(c.fn("Log", z), c.div(0.5, z)), c.polynomial(w, coeffs));
  for (int64_t k = 0; k < terms; ++k)
    r = c.sub(r, c.div(1.0, c.add(y, double(k))));
  return r;
}

/// digamma(x): psi(1 - x) - pi cot(pi x) for x < 0; NaN at the negative
/// integers and -inf, -inf at +0 and +inf at -0 (1 / x decides).
Value *digamma(Calc &c, Value *x) {
  Value *reflect = c.lt(x, 0.0);
  Value *direct = digammaNonNegative(c, c.select(reflect, c.sub(1.0, x), x));
  Value *piCot = c.mul(cotPi(c, foldedFraction(c, x)), kPi);
  Value *reflected = c.select(c.isInteger(x), kNaN, c.sub(direct, piCot));
  return c.select(reflect, reflected, direct);
}

/// The n-th derivative of digamma at y >= 0 (n >= 1): the recurrence
/// psi_n(y) = psi_n(y + N) + (-1)^(n+1) n! sum (y + k)^-(n+1) and the
/// asymptotic series at z = y + N,
///   (-1)^(n+1) z^-n [(n-1)! + n!/(2z) + sum_k B_2k (2k+n-1)!/(2k)! z^-2k].
Value *polygammaNonNegative(Calc &c, int64_t n, Value *y) {
  double sign = n % 2 ? 1.0 : -1.0;
  int64_t terms = recurrenceTerms(n);
  Value *z = c.add(y, double(terms));
  Value *w = c.div(1.0, c.square(z));
  llvm::SmallVector<double, 12> coeffs = {factorial(n - 1)};
  for (int k = 1; k <= 8; ++k)
    coeffs.push_back(kBernoulli[k - 1] * factorial(2 * k + n - 1) / factorial(2 * k));
  Value *series = c.add(c.polynomial(w, coeffs), c.div(factorial(n) / 2, z));
  Value *r = c.mul(c.mul(series, c.pow(z, -double(n))), sign);
  Value *sum = nullptr;
  for (int64_t k = 0; k < terms; ++k) {
    Value *term = c.pow(c.add(y, double(k)), -double(n + 1));
    sum = sum ? c.add(sum, term) : term;
  }
  return c.add(r, c.mul(sum, sign * factorial(n)));
}

/// The coefficients (lowest first) of the polynomial Q_n with
/// d^n/dx^n cot(pi x) = pi^n Q_n(cot(pi x)): Q_0 = c and
/// Q_{n+1} = -(1 + c^2) Q_n'(c).
llvm::SmallVector<double, 20> cotDerivative(int64_t n) {
  llvm::SmallVector<double, 20> q = {0.0, 1.0};
  for (int64_t step = 0; step < n; ++step) {
    llvm::SmallVector<double, 20> next(q.size() + 1, 0.0);
    for (size_t i = 1; i < q.size(); ++i) {
      double d = q[i] * double(i); // coefficient of c^(i-1) in Q_n'
      next[i - 1] -= d;
      next[i + 1] -= d;
    }
    q = std::move(next);
  }
  return q;
}

/// Trigamma as torch computes it: below 1/2, pi^2 / sin^2(pi x) -
/// psi_1(1 - x) with pi x rounded in torch's dtype, which decides its values
/// near the poles (finite at the negative integers, NaN at -inf).
Value *trigamma(Calc &c, Value *x) {
  Value *reflect = c.lt(x, 0.5);
  Value *direct = polygammaNonNegative(c, 1, c.select(reflect, c.sub(1.0, x), x));
  Value *angle = c.roundedAsTorch(c.mul(x, c.roundedAsTorch(c.num(kPi))));
  Value *pole = c.div(kPi * kPi, c.square(c.fn("Sin", angle)));
  return c.select(reflect, c.sub(pole, direct), direct);
}

/// The n-th derivative of digamma (n >= 1). For x < 0 the reflection
/// psi_n(x) = (-1)^n psi_n(1 - x) - pi^(n+1) Q_n(cot(pi x)); at the
/// non-positive integers and -inf it is (-1)^(n+1) inf, and NaN at +inf,
/// as torch's (-1)^(n+1) n! zeta(n + 1, x) gives for n >= 2.
Value *polygamma(Calc &c, int64_t n, Value *x) {
  if (n == 1)
    return trigamma(c, x);
  double sign = n % 2 ? 1.0 : -1.0;
  Value *reflect = c.lt(x, 0.0);
  Value *direct = polygammaNonNegative(c, n, c.select(reflect, c.sub(1.0, x), x));
  Value *cot = cotPi(c, foldedFraction(c, x));
  Value *pole = c.mul(c.polynomial(cot, cotDerivative(n)), -std::pow(kPi, double(n + 1)));
  Value *reflected = c.add(c.mul(direct, n % 2 ? -1.0 : 1.0), pole);
  Value *r = c.select(reflect, reflected, direct);
  r = c.select(c.both(c.le(x, 0.0), c.isInteger(x)), sign * kInf, r);
  return c.select(c.eq(x, kInf), kNaN, r);
}

// ---- Hurwitz zeta -----------------------------------------------------------------

constexpr int64_t kZetaDirectTerms = 30;
constexpr double kZetaLowestQ = -20.0;

/// zeta(s, q) = sum_k (q + k)^-s by Euler-Maclaurin after the first
/// thirty terms, as cephes (and torch) compute it: inf at s = 1 and at the
/// non-positive integers q, NaN for s < 1 and for s not an integer with
/// q < 0. The direct terms cover q >= -20 (the tail starts at w >= 10);
/// further left the caller must not use it.
Value *hurwitzZeta(Calc &c, Value *s, Value *q) {
  Value *sum = nullptr;
  for (int64_t k = 0; k < kZetaDirectTerms; ++k) {
    Value *term = c.pow(c.add(q, double(k)), c.sub(0.0, s));
    sum = sum ? c.add(sum, term) : term;
  }
  Value *w = c.add(q, double(kZetaDirectTerms));
  Value *w2 = c.square(w);
  // w^-s [w / (s - 1) + 1/2 + sum_j B_2j / (2j)! s (s+1) ... (s+2j-2) w^-(2j-1)]
  Value *rising = c.div(s, w);
  Value *tail = c.add(c.div(w, c.sub(s, 1.0)), 0.5);
  for (int j = 1; j <= 12; ++j) {
    if (j > 1)
      rising = c.div(c.mul(rising, c.mul(c.add(s, 2.0 * j - 3), c.add(s, 2.0 * j - 2))), w2);
    tail = c.add(tail, c.mul(rising, kBernoulli[j - 1] / factorial(2 * j)));
  }
  Value *r = c.add(sum, c.mul(tail, c.pow(w, c.sub(0.0, s))));
  Value *nonPositiveQ = c.le(q, 0.0);
  r = c.select(c.both(nonPositiveQ, c.fn("Not", c.isInteger(s))), kNaN, r);
  r = c.select(c.both(nonPositiveQ, c.isInteger(q)), kInf, r);
  r = c.select(c.lt(s, 1.0), kNaN, r);
  return c.select(c.eq(s, 1.0), kInf, r);
}

// ---- Error function ---------------------------------------------------------------

/// The series erf(a) = 2/sqrt(pi) exp(-a^2) a S(a), S(a) = sum (2a^2)^n /
/// (1 3 5 ... (2n+1)): positive terms, so no cancellation; `terms` terms
/// give float64 precision for |a| < 2 with 40.
Value *erfSeries(Calc &c, Value *a, int terms) {
  Value *z = c.mul(c.square(a), 2.0);
  Value *s = c.num(1.0);
  for (int n = terms; n >= 1; --n)
    s = c.add(c.mul(c.mul(z, 1.0 / (2 * n + 1)), s), 1.0);
  return s;
}

/// erfcx(a) = exp(a^2) erfc(a) for a >= 2 by Laplace's continued fraction
/// 1/sqrt(pi) / (a + (1/2) / (a + 1 / (a + (3/2) / (a + ...)))).
Value *erfcxFraction(Calc &c, Value *a) {
  Value *t = a;
  for (int k = 50; k >= 1; --k)
    t = c.add(a, c.div(0.5 * k, t));
  return c.div(1.0 / std::sqrt(kPi), t);
}

constexpr double kErfSeriesBound = 2.0;
constexpr int kErfSeriesTerms = 40;

/// erfc(a) and erfcx(a) for a >= 0 (or NaN): the series below 2, the
/// continued fraction above.
struct ErfcParts {
  Value *erfc;
  Value *erfcx;
};
ErfcParts erfcNonNegative(Calc &c, Value *a) {
  Value *useSeries = c.lt(a, kErfSeriesBound);
  Value *aSeries = c.min(a, c.num(kErfSeriesBound));
  Value *scaledErf = c.mul(c.mul(erfSeries(c, aSeries, kErfSeriesTerms), aSeries), kTwoOverSqrtPi);
  Value *fraction = erfcxFraction(c, a);
  Value *gauss = c.fn("Exp", c.sub(0.0, c.square(a)));
  Value *erfc = c.select(useSeries, c.sub(1.0, c.mul(gauss, scaledErf)), c.mul(gauss, fraction));
  Value *erfcx = c.select(useSeries, c.sub(c.fn("Exp", c.square(aSeries)), scaledErf), fraction);
  return {erfc, erfcx};
}

/// erfc(x): 2 - erfc(-x) for x < 0.
Value *complementaryErf(Calc &c, Value *x) {
  Value *e = erfcNonNegative(c, c.fn("Abs", x)).erfc;
  return c.select(c.lt(x, 0.0), c.sub(2.0, e), e);
}

/// erfcx(x): 2 exp(x^2) - erfcx(-x) for x < 0 (inf once exp overflows),
/// x^2 rounded as torch rounds it: exp magnifies its rounding error x^2
/// times.
Value *scaledComplementaryErf(Calc &c, Value *x) {
  Value *e = erfcNonNegative(c, c.fn("Abs", x)).erfcx;
  Value *gauss = c.fn("Exp", c.roundedAsTorch(c.square(x)));
  return c.select(c.lt(x, 0.0), c.sub(c.mul(gauss, 2.0), e), e);
}

/// log(1 + v) without the rounding of 1 + v: log(u) v / (u - 1), u = 1 + v.
Value *logOnePlus(Calc &c, Value *v) {
  Value *u = c.add(v, 1.0);
  Value *ratio = c.select(c.isInf(u), 1.0, c.div(v, c.sub(u, 1.0)));
  return c.select(c.eq(u, 1.0), v, c.mul(c.fn("Log", u), ratio));
}

/// x >= 0 with erfc(x) = q, for 0 < q <= 1/2: Abramowitz and Stegun's
/// 26.2.23 for the normal quantile as the guess, then Newton steps on
/// log erfc(x) = log erfcx(x) - x^2, whose derivative is
/// -2/sqrt(pi) / erfcx(x): each step at least doubles the correct digits.
Value *inverseErfcTail(Calc &c, Value *q) {
  Value *t = c.fn("Sqrt", c.mul(c.fn("Log", c.mul(q, 0.5)), -2.0));
  Value *guess = c.sub(t, c.div(c.polynomial(t, {2.515517, 0.802853, 0.010328}),
                                c.polynomial(t, {1.0, 1.432788, 0.189269, 0.001308})));
  Value *x = c.mul(guess, kSqrtHalf);
  Value *logQ = c.fn("Log", q);
  for (int step = 0; step < 3; ++step) {
    Value *e = erfcNonNegative(c, x).erfcx;
    Value *residual = c.sub(c.sub(c.fn("Log", e), c.square(x)), logQ);
    x = c.add(x, c.mul(c.mul(residual, e), kSqrtPiOverTwo));
  }
  return c.select(c.eq(q, 0.0), kInf, x);
}

/// erfinv(y) for |y| <= 1/2: three terms of its Maclaurin series as the
/// guess, then Newton steps on erf.
Value *inverseErfSmall(Calc &c, Value *y) {
  Value *y2 = c.square(y);
  Value *x = c.mul(c.mul(c.polynomial(y2, {1.0, kPi / 12, 7 * kPi * kPi / 480}), y),
                   kSqrtPiOverTwo);
  for (int step = 0; step < 3; ++step) {
    Value *x2 = c.square(x);
    Value *erf = c.mul(c.mul(c.mul(erfSeries(c, x, 20), x), c.fn("Exp", c.sub(0.0, x2))),
                       kTwoOverSqrtPi);
    x = c.sub(x, c.mul(c.mul(c.sub(erf, y), c.fn("Exp", x2)), kSqrtPiOverTwo));
  }
  return x;
}

/// erfinv(y): +-inf at +-1, NaN outside [-1, 1].
Value *inverseErf(Calc &c, Value *y) {
  Value *a = c.fn("Abs", y);
  Value *sign = c.fn("Sign", y);
  Value *small = inverseErfSmall(c, c.select(c.le(a, 0.5), y, c.num(0.0)));
  Value *tail = c.mul(inverseErfcTail(c, c.select(c.le(a, 0.5), c.num(0.5), c.sub(1.0, a))), sign);
  Value *r = c.select(c.le(a, 0.5), small, tail);
  r = c.select(c.eq(a, 1.0), c.mul(sign, kInf), r);
  return c.select(c.gt(a, 1.0), kNaN, r);
}

/// ndtri(p) = sqrt(2) erfinv(2p - 1), where 2p - 1 is exact for p >= 1/4;
/// below, -sqrt(2) times the inverse of erfc at 2p, whose tiny values 2p - 1
/// would lose. -inf at 0, +inf at 1, NaN outside [0, 1].
Value *ndtri(Calc &c, Value *p) {
  Value *low = c.lt(p, 0.25);
  Value *lowQ = c.select(low, c.mul(p, 2.0), c.num(0.5));
  Value *lower = c.mul(inverseErfcTail(c, lowQ), -kSqrt2);
  Value *upper = c.mul(inverseErf(c, c.select(low, c.num(0.0), c.sub(c.mul(p, 2.0), 1.0))), kSqrt2);
  Value *r = c.select(low, lower, upper);
  return c.select(c.either(c.lt(p, 0.0), c.gt(p, 1.0)), kNaN, r);
}

// ---- Incomplete gamma ---------------------------------------------------------

constexpr int kIncompleteGammaTerms = 300;

/// The regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 - P
/// for a, x > 0: the series P = x^a e^-x / Gamma(a+1) sum_n x^n / ((a+1)...(a+n))
/// for x < a + 1, Legendre's continued fraction for Q above. Each computes
/// the one below about 1/2, so 1 less it loses nothing; 300 terms of either
/// converge to float64 precision for a <= 1000, and for any a when x is
/// outside (0.9 a, 1.15 a).
struct IncompleteGamma {
  Value *lower;
  Value *upper;
};
IncompleteGamma incompleteGamma(Calc &c, Value *a, Value *x) {
  Value *useSeries = c.lt(c.sub(x, a), 1.0);
  Value *logPower = c.sub(c.mul(a, c.fn("Log", x)), x);
  Value *logGammaA = logGamma(c, a);
  Value *sum = c.num(1.0);
  for (int n = kIncompleteGammaTerms; n >= 1; --n)
    sum = c.add(c.mul(c.div(x, c.add(a, double(n))), sum), 1.0);
  Value *logPrefactor = c.sub(c.sub(logPower, logGammaA), c.fn("Log", a));
  Value *seriesP = c.mul(c.fn("Exp", logPrefactor), sum);
  Value *shifted = c.sub(x, a);
  Value *t = c.add(shifted, 2.0 * kIncompleteGammaTerms + 1);
  for (int k = kIncompleteGammaTerms; k >= 1; --k)
    t = c.sub(c.add(shifted, 2.0 * k - 1), c.div(c.mul(c.sub(double(k), a), double(k)), t));
  Value *fractionQ = c.div(c.fn("Exp", c.sub(logPower, logGammaA)), t);
  return {c.select(useSeries, seriesP, c.sub(1.0, fractionQ)),
          c.select(useSeries, c.sub(1.0, seriesP), fractionQ)};
}

/// The Maclaurin coefficients (lowest first) of Temme's c_0(eta) and
/// c_1(eta), from those of mu = lambda - 1 in eta (DLMF 8.12.13): with
/// mu = eta (1 + u), c_0 = ((1 + u)^-1 - 1) / eta and
/// c_1 = (1 - (1 + u)^-3) / eta^3 - (1 + u)^-2 / eta^2 - (1 + u)^-1 / (12 eta).
std::pair<llvm::SmallVector<double, 8>, llvm::SmallVector<double, 8>> temmeSeries() {
  constexpr int kOrder = 8;
  // mu / eta - 1, from alpha_2 = 1/3 and alpha_3 .. alpha_8.
  const double u[kOrder] = {0.0,          1.0 / 3,       1.0 / 36, -1.0 / 270, 1.0 / 4320,
                            1.0 / 17010, -139.0 / 5443200, 1.0 / 204120};
  auto times = [&](llvm::ArrayRef<double> p, llvm::ArrayRef<double> q) {
    llvm::SmallVector<double, 8> r(kOrder, 0.0);
    for (int i = 0; i < kOrder; ++i)
      for (int j = 0; i + j < kOrder; ++j)
        r[i + j] += p[i] * q[j];
    return r;
  };
  // (1 + u)^-1 = sum (-u)^k.
  llvm::SmallVector<double, 8> inverse(kOrder, 0.0), power(kOrder, 0.0);
  power[0] = 1.0;
  llvm::SmallVector<double, 8> minusU(u, u + kOrder);
  for (double &v : minusU)
    v = -v;
  for (int k = 0; k < kOrder; ++k) {
    for (int i = 0; i < kOrder; ++i)
      inverse[i] += power[i];
    power = times(power, minusU);
  }
  llvm::SmallVector<double, 8> inverse2 = times(inverse, inverse);
  llvm::SmallVector<double, 8> inverse3 = times(inverse2, inverse);
  llvm::SmallVector<double, 8> c0, c1;
  for (int m = 0; m + 1 < kOrder; ++m)
    c0.push_back(inverse[m + 1]);
  for (int m = 0; m + 3 < kOrder; ++m)
    c1.push_back(-inverse3[m + 3] - inverse2[m + 2] - inverse[m + 1] / 12);
  return {c0, c1};
}

/// P(a, x) and Q(a, x) for large a by Temme's uniform expansion (DLMF
/// 8.12.3-4), to the term in 1/a: with lambda = x / a, mu = lambda - 1 and
/// eta = sign(mu) sqrt(2 (mu - log(1 + mu))),
///   Q = erfc(eta sqrt(a/2)) / 2 + R,  P = erfc(-eta sqrt(a/2)) / 2 - R,
///   R = exp(-a eta^2 / 2) / sqrt(2 pi a) (c_0(eta) + c_1(eta) / a),
/// c_0 = 1/mu - 1/eta and c_1 = 1/eta^3 - 1/mu^3 - 1/mu^2 - 1/(12 mu)
/// (8.12.9), by their Maclaurin series where these lose digits (|eta| < 0.01).
IncompleteGamma temmeIncompleteGamma(Calc &c, Value *a, Value *x) {
  static const auto [c0Series, c1Series] = temmeSeries();
  Value *mu = c.div(c.sub(x, a), a);
  Value *eta = c.mul(c.fn("Sqrt", c.mul(c.sub(mu, logOnePlus(c, mu)), 2.0)), c.fn("Sign", mu));
  Value *near = c.lt(c.fn("Abs", eta), 0.01);
  Value *safeEta = c.select(near, c.num(1.0), eta);
  Value *safeMu = c.select(near, c.num(1.0), mu);
  Value *c0 = c.select(near, c.polynomial(eta, c0Series),
                       c.sub(c.div(1.0, safeMu), c.div(1.0, safeEta)));
  Value *muInverse = c.div(1.0, safeMu);
  Value *c1Closed = c.sub(c.pow(safeEta, -3.0),
                          c.mul(muInverse, c.add(c.mul(c.add(muInverse, 1.0), muInverse), 1.0 / 12)));
  Value *c1 = c.select(near, c.polynomial(eta, c1Series), c1Closed);
  Value *scale = c.div(c.fn("Exp", c.mul(c.mul(a, c.square(eta)), -0.5)),
                       c.fn("Sqrt", c.mul(a, 2 * kPi)));
  Value *r = c.mul(scale, c.add(c0, c.div(c1, a)));
  Value *z = c.mul(eta, c.fn("Sqrt", c.mul(a, 0.5)));
  return {c.sub(c.mul(complementaryErf(c, c.mul(z, -1.0)), 0.5), r),
          c.add(c.mul(complementaryErf(c, z), 0.5), r)};
}

/// igamma (P) or igammac (Q) with torch's values at the edges, in its order
/// of precedence: NaN for a < 0 or x < 0; at a = 0, P = 1 for x > 0 (NaN at
/// x = 0); at x = 0, P = 0; for a = inf, P = 0 (NaN at x = inf); at x =
/// inf, P = 1. For a > 1000 and x in (0.9 a, 1.15 a), where the series and
/// the continued fraction converge too slowly, Temme's expansion.
Value *regularizedGamma(Calc &c, Value *a, Value *x, bool lower) {
  IncompleteGamma g = incompleteGamma(c, a, x);
  IncompleteGamma t = temmeIncompleteGamma(c, a, x);
  double zeroP = lower ? 0.0 : 1.0, oneP = lower ? 1.0 : 0.0;
  Value *slow = c.both(c.lt(c.mul(a, 0.9), x), c.lt(x, c.mul(a, 1.15)));
  Value *r = c.select(c.both(c.gt(a, 1000.0), slow), lower ? t.lower : t.upper,
                      lower ? g.lower : g.upper);
  r = c.select(c.isInf(x), oneP, r);
  r = c.select(c.isInf(a), c.select(c.isInf(x), c.num(kNaN), c.num(zeroP)), r);
  r = c.select(c.eq(x, 0.0), zeroP, r);
  r = c.select(c.eq(a, 0.0), c.select(c.gt(x, 0.0), c.num(oneP), c.num(kNaN)), r);
  return c.select(c.either(c.lt(a, 0.0), c.lt(x, 0.0)), kNaN, r);
}

// ---- Rules --------------------------------------------------------------------------

/// Lowers a one-argument function computed in float64.
template <Value *(*Fn)(Calc &, Value *)> ValueList lowerInFloat64(RuleContext &ctx) {
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail(llvm::Twine(ctx.getOverload()) + " gives a floating-point tensor, not " +
                    ir::getTorchName(t));
  Calc c(ctx.b, DType::Float64, opmathDType(t));
  return {ctx.b.cast(Fn(c, inFloat64(ctx, "self")), t)};
}

// aten.special_ndtr.default(self) = erfc(-x / sqrt(2)) / 2
Value *ndtr(Calc &c, Value *x) { return c.mul(complementaryErf(c, c.mul(x, -kSqrtHalf)), 0.5); }

/// ndtr as torch's kernel evaluates it (calc_ndtr): (1 + erf(x * sqrt(1/2)))
/// / 2 in the tensor's dtype, which for bfloat16 and float16 rounds each
/// step (the constant too) to it; `c` rounds to that dtype. Below about -4
/// erf rounds to -1 and ndtr to 0.
Value *ndtrRoundedEachStep(Calc &c, Value *x) {
  Value *u = c.roundedAsTorch(c.mul(x, c.roundedAsTorch(c.num(kSqrtHalf))));
  Value *erf = c.roundedAsTorch(c.sub(1.0, complementaryErf(c, u)));
  return c.mul(c.roundedAsTorch(c.add(erf, 1.0)), 0.5);
}

// aten.special_ndtr.default(self)
ValueList lowerNdtr(RuleContext &ctx) {
  DType t = ctx.resultDType();
  if (t != DType::Float16 && t != DType::BFloat16)
    return lowerInFloat64<ndtr>(ctx);
  Calc c(ctx.b, DType::Float64, t);
  return {ctx.b.cast(ndtrRoundedEachStep(c, inFloat64(ctx, "self")), t)};
}

// aten.special_log_ndtr.default(self): log(erfcx(-x / sqrt(2)) / 2) - x^2 / 2
// for x < -1, where ndtr underflows; log1p(-erfc(x / sqrt(2)) / 2) above.
Value *logNdtr(Calc &c, Value *x) {
  Value *u = c.mul(x, kSqrtHalf);
  ErfcParts parts = erfcNonNegative(c, c.fn("Abs", u));
  Value *erfcU = c.select(c.lt(u, 0.0), c.sub(2.0, parts.erfc), parts.erfc);
  Value *upper = logOnePlus(c, c.mul(erfcU, -0.5));
  Value *lower = c.sub(c.fn("Log", c.mul(parts.erfcx, 0.5)), c.square(u));
  return c.select(c.lt(x, -1.0), lower, upper);
}

// aten.polygamma.default(int n, Tensor self)
ValueList lowerPolygamma(RuleContext &ctx) {
  int64_t n = ctx.getInt("n");
  if (n < 0)
    return ctx.fail("polygamma is defined for n >= 0, got n = " + llvm::Twine(n));
  if (n > kMaxPolygammaOrder)
    return ctx.fail("polygamma of order n = " + llvm::Twine(n) + " is not supported (at most " +
                    llvm::Twine(kMaxPolygammaOrder) + ")");
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("polygamma gives a floating-point tensor");
  Calc c(ctx.b, DType::Float64, opmathDType(t));
  Value *x = inFloat64(ctx, "self");
  return {ctx.b.cast(n == 0 ? digamma(c, x) : polygamma(c, n, x), t)};
}

// aten.mvlgamma.default(self, int p) = p(p-1)/4 log(pi) + sum_{j<p} lgamma(x - j/2),
// as one lgamma over a trailing dim of p entries, summed away.
ValueList lowerMvlgamma(RuleContext &ctx) {
  int64_t p = ctx.getInt("p");
  if (p < 1)
    return ctx.fail("mvlgamma needs p >= 1, got p = " + llvm::Twine(p));
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("mvlgamma gives a floating-point tensor");
  Value *x = inFloat64(ctx, "self");
  int64_t rank = ctx.rankOf(x);
  if (ctx.failed())
    return {};
  llvm::SmallVector<double, 8> offsets;
  for (int64_t j = 0; j < p; ++j)
    offsets.push_back(0.5 * double(j));
  Value *shifts = ctx.b.constant(makeDense(DType::Float64, {p}, offsets));
  Calc c(ctx.b, DType::Float64);
  Value *lg = logGamma(c, c.sub(ctx.b.unsqueeze(x, {rank}), shifts));
  Value *sum = ctx.b.reduce("ReduceSum", lg, llvm::ArrayRef<int64_t>{rank}, false);
  return {ctx.b.cast(c.add(sum, double(p * (p - 1)) / 4 * std::log(kPi)), t)};
}

// aten.special_zeta.default(self, other), .self_scalar, .other_scalar: the
// Hurwitz zeta function zeta(x = self, q = other).
ValueList lowerZeta(RuleContext &ctx) {
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("special_zeta gives a floating-point tensor");
  TensorOrNumber q = ctx.tensorOrNumber("other");
  if (q.isNumber() && q.asDouble() < kZetaLowestQ && q.asDouble() != std::floor(q.asDouble()))
    return ctx.fail("special_zeta with q below " + llvm::Twine(int64_t(kZetaLowestQ)) +
                    " is not supported");
  Calc c(ctx.b, DType::Float64);
  Value *s = inFloat64(ctx, "self");
  Value *qv = ctx.materialize(q, DType::Float64);
  // Left of -20 the direct terms stop short of the tail; torch sums
  // (q + k)^-s there until q + k > 9, which a fixed graph cannot: such q give
  // NaN rather than a wrong number.
  Value *r = hurwitzZeta(c, s, qv);
  Value *unsupported = c.both(c.lt(qv, kZetaLowestQ), c.fn("Not", c.isInteger(qv)));
  Value *integerS = c.both(c.isInteger(s), c.gt(s, 1.0));
  return {ctx.b.cast(c.select(c.both(unsupported, integerS), kNaN, r), t)};
}

// aten.igamma.default(self, other), aten.igammac.default(self, other): the
// regularized lower and upper incomplete gamma functions of a = self at
// x = other.
template <bool Lower> ValueList lowerIncompleteGamma(RuleContext &ctx) {
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail(llvm::Twine(ctx.getOverload()) + " gives a floating-point tensor");
  Calc c(ctx.b, DType::Float64, opmathDType(t));
  return {ctx.b.cast(regularizedGamma(c, inFloat64(ctx, "self"), inFloat64(ctx, "other"), Lower), t)};
}

// aten.xlogy.Tensor(self, other), .Scalar_Self, .Scalar_Other: 0 where
// self is 0 (even for other = 0 or inf), NaN where other is NaN.
// aten.special_xlog1py.default(self, other), .self_scalar, .other_scalar:
// the same with log1p(other).
template <bool OnePlus> ValueList lowerXLogY(RuleContext &ctx) {
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail(llvm::Twine(ctx.getOverload()) + " gives a floating-point tensor");
  DType w = opmathDType(t);
  Calc c(ctx.b, w);
  Value *x = ctx.materialize(ctx.tensorOrNumber("self"), w);
  Value *y = ctx.materialize(ctx.tensorOrNumber("other"), w);
  Value *logY = OnePlus ? logOnePlus(c, y) : c.fn("Log", y);
  Value *r = c.select(c.eq(x, 0.0), c.num(0.0), c.mul(x, logY));
  r = c.select(c.isNaN(y), c.num(kNaN), r);
  return {ctx.b.cast(r, t)};
}

// aten.special_entr.default(self): -x log x for x > 0, 0 at 0, -inf below.
ValueList lowerEntr(RuleContext &ctx) {
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("special_entr gives a floating-point tensor");
  Calc c(ctx.b, opmathDType(t));
  Value *x = ctx.b.cast(ctx.tensor("self"), c.dtype());
  Value *r = c.mul(c.mul(x, c.fn("Log", x)), -1.0);
  r = c.select(c.eq(x, 0.0), c.num(0.0), r);
  r = c.select(c.lt(x, 0.0), c.num(-kInf), r);
  return {ctx.b.cast(r, t)};
}

// aten.sinc.default(self) = sin(pi x) / (pi x), 1 at 0; pi x rounded to the
// dtype as torch computes it.
ValueList lowerSinc(RuleContext &ctx) {
  DType t = ctx.resultDType();
  if (!ir::isFloatingPoint(t))
    return ctx.fail("sinc gives a floating-point tensor");
  Calc c(ctx.b, opmathDType(t));
  Value *x = ctx.b.cast(ctx.tensor("self"), c.dtype());
  Value *product = c.mul(x, kPi);
  Value *r = c.select(c.eq(x, 0.0), c.num(1.0), c.div(c.fn("Sin", product), product));
  return {ctx.b.cast(r, t)};
}

} // namespace

void registerSpecialLowerings(LoweringRegistry &r) {
  r.add("aten.lgamma.default", lowerInFloat64<logGamma>);
  r.add("aten.digamma.default", lowerInFloat64<digamma>);
  r.add("aten.polygamma.default", lowerPolygamma);
  r.add("aten.mvlgamma.default", lowerMvlgamma);
  r.add("aten.igamma.default", lowerIncompleteGamma<true>);
  r.add("aten.igammac.default", lowerIncompleteGamma<false>);
  r.add("aten.special_zeta.default", lowerZeta);
  r.add("aten.special_zeta.self_scalar", lowerZeta);
  r.add("aten.special_zeta.other_scalar", lowerZeta);
  r.add("aten.erfc.default", lowerInFloat64<complementaryErf>);
  r.add("aten.special_erfcx.default", lowerInFloat64<scaledComplementaryErf>);
  r.add("aten.special_ndtr.default", lowerNdtr);
  r.add("aten.special_log_ndtr.default", lowerInFloat64<logNdtr>);
  r.add("aten.erfinv.default", lowerInFloat64<inverseErf>);
  r.add("aten.special_ndtri.default", lowerInFloat64<ndtri>);
  r.add("aten.xlogy.Tensor", lowerXLogY<false>);
  r.add("aten.xlogy.Scalar_Self", lowerXLogY<false>);
  r.add("aten.xlogy.Scalar_Other", lowerXLogY<false>);
  r.add("aten.special_xlog1py.default", lowerXLogY<true>);
  r.add("aten.special_xlog1py.self_scalar", lowerXLogY<true>);
  r.add("aten.special_xlog1py.other_scalar", lowerXLogY<true>);
  r.add("aten.special_entr.default", lowerEntr);
  r.add("aten.sinc.default", lowerSinc);
}

} // namespace pt2onnx::lowering
