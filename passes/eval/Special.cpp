//===- Special.cpp - Gamma, zeta, error and Bessel functions ---------------===//
//
// torch's special functions, computed in double to about 1e-13 relative
// error and rounded once to the result type: digamma, polygamma, lgamma,
// Hurwitz zeta, erfc, erfinv, erfcx, i0e, ndtr, log_ndtr, ndtri, log1p,
// xlogy, xlog1py. Their edge values are torch's (digamma of 0 is -inf with
// the sign of -0, of a negative integer NaN; zeta(1, q) is inf; xlogy(0, y)
// is 0 unless y is NaN). torch's kernels compute float32 in float32, so the
// results differ from torch's in the last bits: the rules are for
// whole-program evaluation only.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

#include <cmath>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

constexpr double kPi = 3.14159265358979323846;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// The Hurwitz zeta function sum_k (k + q)^-x, by Euler-Maclaurin summation
/// (Cephes' zeta, which torch uses).
double zeta(double x, double q) {
  // (2k)! / B_2k
  static constexpr double a[] = {12.0,
                                 -720.0,
                                 30240.0,
                                 -1209600.0,
                                 47900160.0,
                                 -1.8924375803183791606e9,
                                 7.47242496e10,
                                 -2.950130727918164224e12,
                                 1.1646782814350067249e14,
                                 -4.5979787224074726105e15,
                                 1.8152105401943546773e17,
                                 -7.1661652561756670113e18};
  if (x == 1)
    return kInf;
  if (x < 1)
    return kNaN;
  if (q <= 0) {
    if (q == std::floor(q))
      return kInf;
    if (x != std::floor(x))
      return kNaN;
  }
  double s = std::pow(q, -x), aq = q, b = 0;
  int i = 0;
  while (i < 9 || aq <= 9) {
    ++i;
    aq += 1;
    b = std::pow(aq, -x);
    s += b;
    if (std::fabs(b / s) < kEpsilon)
      return s;
  }
  double w = aq;
  s += b * w / (x - 1);
  s -= 0.5 * b;
  double f = 1, k = 0;
  for (double ai : a) {
    f *= x + k;
    b /= w;
    double t = f * b / ai;
    s += t;
    if (std::fabs(t / s) < kEpsilon)
      break;
    k += 1;
    f *= x + k;
    b /= w;
    k += 1;
  }
  return s;
}

/// digamma by reflection below 0, recurrence up to 10 and the asymptotic
/// series there.
double digamma(double x) {
  if (x == 0)
    return std::copysign(kInf, -x);
  if (x < 0) {
    if (x == std::trunc(x))
      return kNaN;
    // psi(1 - x) - psi(x) = pi / tan(pi x)
    double r = std::fmod(x, 1.0);
    return digamma(1 - x) - kPi / std::tan(kPi * r);
  }
  double result = 0;
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  if (x == 10)
    return result + 2.25175258906672110764;
  // ln x - 1/2x - sum B_2k / (2k x^2k)
  static constexpr double b[] = {8.33333333333333333333e-2, -2.10927960927960927961e-2,
                                 7.57575757575757575758e-3, -4.16666666666666666667e-3,
                                 3.96825396825396825397e-3, -8.33333333333333333333e-3,
                                 8.33333333333333333333e-2};
  double z = 1 / (x * x), poly = 0;
  for (double c : b)
    poly = poly * z + c;
  return result + std::log(x) - 0.5 / x - poly * z;
}

/// trigamma, as torch computes it: reflection below 1/2, recurrence up to
/// 6, the asymptotic series there.
double trigamma(double x) {
  double sign = 1, result = 0;
  if (x < 0.5) {
    sign = -1;
    double s = std::sin(kPi * x);
    result -= kPi * kPi / (s * s);
    x = 1 - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += 1 / (x * x);
    x += 1;
  }
  double ixx = 1 / (x * x);
  result += (1 + 1 / (2 * x) +
             ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42 - ixx * (1.0 / 30))))) /
            x;
  return sign * result;
}

double polygamma(int64_t n, double x) {
  if (n == 0)
    return digamma(x);
  if (n == 1)
    return trigamma(x);
  // (-1)^(n+1) n! zeta(n + 1, x)
  double sign = n % 2 ? 1 : -1;
  return sign * std::exp(std::lgamma(double(n) + 1)) * zeta(double(n + 1), x);
}

/// erfinv: a first guess refined by Newton steps on erf.
double erfinv(double y) {
  if (std::isnan(y) || y < -1 || y > 1)
    return kNaN;
  if (y == 1 || y == -1)
    return std::copysign(kInf, y);
  if (y == 0)
    return y;
  // Giles' single-precision approximation as the first guess.
  double w = -std::log((1 - y) * (1 + y)), x;
  if (w < 5) {
    w -= 2.5;
    double p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                     -0.00125372503, -0.00417768164, 0.246640727, 1.50140941})
      p = c + p * w;
    x = p * y;
  } else {
    w = std::sqrt(w) - 3;
    double p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                     -0.0076224613, 0.00943887047, 1.00167406, 2.83297682})
      p = c + p * w;
    x = p * y;
  }
  // Newton on erf(x) - y; near |y| = 1, on erfc for its relative accuracy.
  for (int i = 0; i < 4; ++i) {
    double d = 2 / std::sqrt(kPi) * std::exp(-x * x);
    double err = std::fabs(y) > 0.5 ? -(std::erfc(std::fabs(x)) - (1 - std::fabs(y))) *
                                          (y < 0 ? -1 : 1)
                                    : std::erf(x) - y;
    if (d == 0)
      break;
    x -= err / d;
  }
  return x;
}

/// exp(x^2) erfc(x), asymptotically where erfc underflows.
double erfcx(double x) {
  if (std::isnan(x))
    return x;
  if (x < 0) {
    if (x < -26.7)
      return kInf;
    return 2 * std::exp(x * x) - erfcx(-x);
  }
  if (x < 26)
    return std::exp(x * x) * std::erfc(x);
  // 1 / (x sqrt(pi)) * sum (-1)^k (2k-1)!! / (2x^2)^k
  double z = 1 / (2 * x * x), term = 1, sum = 1;
  for (int k = 1; k < 8; ++k) {
    term *= -(2 * k - 1) * z;
    sum += term;
  }
  return sum / (x * std::sqrt(kPi));
}

/// exp(-|x|) I0(x): the power series up to 30, the asymptotic series above.
double i0e(double x) {
  double ax = std::fabs(x);
  if (std::isnan(x))
    return x;
  if (ax <= 30) {
    double q = x * x / 4, term = 1, sum = 1;
    for (int k = 1; term > sum * 1e-17; ++k) {
      term *= q / (double(k) * k);
      sum += term;
    }
    return sum * std::exp(-ax);
  }
  // 1 / sqrt(2 pi x) * sum ((2k-1)!!)^2 / (k! (8x)^k)
  double term = 1, sum = 1;
  for (int k = 1; k < 40; ++k) {
    term *= (2.0 * k - 1) * (2.0 * k - 1) / (8.0 * k * ax);
    sum += term;
    if (term < sum * 1e-17)
      break;
  }
  return sum / std::sqrt(2 * kPi * ax);
}

/// torch's formula, which loses the lower tail to cancellation.
double ndtr(double x) { return (1 + std::erf(x / std::sqrt(2.0))) * 0.5; }

/// log(ndtr(x)), accurate in the lower tail.
double logNdtr(double x) {
  double t = x / std::sqrt(2.0);
  if (x < -1)
    return std::log(erfcx(-t) / 2) - t * t;
  return std::log1p(-std::erfc(t) / 2);
}

/// The inverse of ndtr: Abramowitz & Stegun 26.2.23 as the first guess,
/// refined by Newton steps on the lower tail.
double ndtri(double p) {
  if (std::isnan(p) || p < 0 || p > 1)
    return kNaN;
  if (p == 0)
    return -kInf;
  if (p == 1)
    return kInf;
  if (p == 0.5)
    return 0;
  if (p > 0.5)
    return -ndtri(1 - p);
  double t = std::sqrt(-2 * std::log(p));
  double x = -(t - (2.515517 + 0.802853 * t + 0.010328 * t * t) /
                       (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t));
  for (int i = 0; i < 6; ++i) {
    double density = std::exp(-x * x / 2) / std::sqrt(2 * kPi);
    if (density == 0)
      break;
    x -= (0.5 * std::erfc(-x / std::sqrt(2.0)) - p) / density;
  }
  return x;
}

double xlogy(double x, double y) {
  if (std::isnan(y))
    return kNaN;
  return x == 0 ? 0 : x * std::log(y);
}

double xlog1py(double x, double y) {
  if (std::isnan(y))
    return kNaN;
  return x == 0 ? 0 : x * std::log1p(y);
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

/// `f` of the elements of `self`, in the (floating) result type.
template <double (*f)(double)> std::optional<EvalResults> atenUnary(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  DType out = ctx.resultDType();
  if (!x || getNumericKind(x->getDType()) == NumericKind::Unsupported ||
      getNumericKind(out) != NumericKind::Float)
    return ctx.fail();
  std::optional<Tensor> result = ctx.allocate(out, x->getShape());
  if (!result)
    return std::nullopt;
  for (int64_t i = 0, n = x->getNumElements(); i != n; ++i)
    result->setDouble(i, f(x->getDouble(i)));
  return single(std::move(result));
}

/// `f` of the broadcast elements of `self` and `other` (a Tensor or a
/// Scalar each), in the (floating) result type.
template <double (*f)(double, double)> std::optional<EvalResults> atenBinary(EvalContext &ctx) {
  std::optional<ScalarOrTensor> a = ctx.scalarOrTensor("self"), b = ctx.scalarOrTensor("other");
  DType out = ctx.resultDType();
  if (!a || !b || getNumericKind(out) != NumericKind::Float)
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({a->value.getShape(), b->value.getShape()});
  if (!shape || !ctx.withinLimit(*shape))
    return std::nullopt;
  std::optional<Tensor> x = castTo(broadcastTo(a->value, *shape), DType::Float64);
  std::optional<Tensor> y = castTo(broadcastTo(b->value, *shape), DType::Float64);
  if (!x || !y)
    return ctx.fail();
  Tensor result = Tensor::create(out, *shape);
  for (int64_t i = 0, n = result.getNumElements(); i != n; ++i)
    result.setDouble(i, f(x->getDouble(i), y->getDouble(i)));
  return EvalResults{std::move(result)};
}

std::optional<EvalResults> atenPolygamma(EvalContext &ctx) {
  std::optional<int64_t> n = ctx.getOptionalInt("n");
  const Tensor *x = ctx.tensor("self");
  DType out = ctx.resultDType();
  if (!n || *n < 0 || !x || getNumericKind(x->getDType()) == NumericKind::Unsupported ||
      getNumericKind(out) != NumericKind::Float)
    return ctx.fail();
  std::optional<Tensor> result = ctx.allocate(out, x->getShape());
  if (!result)
    return std::nullopt;
  for (int64_t i = 0, e = x->getNumElements(); i != e; ++i)
    result->setDouble(i, polygamma(*n, x->getDouble(i)));
  return single(std::move(result));
}

double erfc(double x) { return std::erfc(x); }
double lgamma(double x) { return std::lgamma(x); }
double log1p(double x) { return std::log1p(x); }

} // namespace

void registerSpecialRules(EvalRegistry &r) {
  r.addUnfoldable("aten.digamma.default", atenUnary<digamma>);
  r.addUnfoldable("aten.erfc.default", atenUnary<erfc>);
  r.addUnfoldable("aten.erfinv.default", atenUnary<erfinv>);
  r.addUnfoldable("aten.lgamma.default", atenUnary<lgamma>);
  r.addUnfoldable("aten.log1p.default", atenUnary<log1p>);
  r.addUnfoldable("aten.polygamma.default", atenPolygamma);
  r.addUnfoldable("aten.special_erfcx.default", atenUnary<erfcx>);
  r.addUnfoldable("aten.special_i0e.default", atenUnary<i0e>);
  r.addUnfoldable("aten.special_log_ndtr.default", atenUnary<logNdtr>);
  r.addUnfoldable("aten.special_ndtr.default", atenUnary<ndtr>);
  r.addUnfoldable("aten.special_ndtri.default", atenUnary<ndtri>);
  r.addUnfoldable("aten.special_xlog1py.default", atenBinary<xlog1py>);
  r.addUnfoldable("aten.special_xlog1py.other_scalar", atenBinary<xlog1py>);
  r.addUnfoldable("aten.special_xlog1py.self_scalar", atenBinary<xlog1py>);
  r.addUnfoldable("aten.special_zeta.default", atenBinary<zeta>);
  r.addUnfoldable("aten.special_zeta.other_scalar", atenBinary<zeta>);
  r.addUnfoldable("aten.special_zeta.self_scalar", atenBinary<zeta>);
  r.addUnfoldable("aten.xlogy.Scalar_Other", atenBinary<xlogy>);
  r.addUnfoldable("aten.xlogy.Scalar_Self", atenBinary<xlogy>);
  r.addUnfoldable("aten.xlogy.Tensor", atenBinary<xlogy>);
}

} // namespace pt2onnx::passes::eval
