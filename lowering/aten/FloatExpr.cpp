//===- FloatExpr.cpp - cos and acos where ONNX Runtime lacks them ---------------===//
//
// ONNX Runtime's CPU provider computes Cos, Acos and Asin in float32 only, and
// its float32 Acos may be an ulp from the C library's, which a Chebyshev
// polynomial's cos(n acos x) multiplies by n. Both are built here from ops it
// has in float64 (Sin, Sqrt, Round, arithmetic).
//
//===----------------------------------------------------------------------===//

#include "lowering/aten/FloatExpr.h"

namespace pt2onnx::lowering {

using ir::DType;
using ir::Value;

namespace {
constexpr double kPi = 3.14159265358979323846264338327950288;
constexpr double kHalfPi = kPi / 2;
// pi/2 in four parts, the first three of 20 significant bits, so that k times
// them is exact for |k| < 2^33 (|x| < 1.3e10).
constexpr double kHalfPiParts[] = {0x1.921fap+0, 0x1.54442p-20, 0x1.a308cp-41,
                                   0x1.313198a2e037p-61};
} // namespace

// In float64: x = k pi/2 + r with |r| <= pi/4, then by the quadrant k mod 4
// cos x is cos r, -sin r, -cos r or sin r, with cos r = sin(pi/2 - r).
Value *FloatExpr::cos(Term x) {
  if (dtype != DType::Float64)
    return fn("Cos", x);
  Value *v = get(x);
  Value *k = fn("Round", mul(v, 2.0 / kPi));
  Value *r = v;
  for (double part : kHalfPiParts)
    r = sub(r, mul(k, part));
  Value *quadrant = sub(k, mul(4.0, fn("Floor", div(k, 4.0))));
  Value *sinR = fn("Sin", r);
  Value *cosR = fn("Sin", sub(kHalfPi, r));
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

} // namespace pt2onnx::lowering
