//===- FloatExpr.h - Elementwise float arithmetic written like scalar code ----===//
//
// torch computes its special functions (Bessel functions, orthogonal
// polynomials) with scalar C++ per element (aten/src/ATen/native/Math.h). The
// rules in bessel.cpp and polynomials.cpp emit the same arithmetic, in the
// same order, as ONNX ops on whole tensors: FloatExpr lets them read like the
// scalar code they follow. Every operand is a tensor of one floating dtype or
// a number, which becomes a rank-0 constant of that dtype; shapes broadcast.
// A branch of the scalar code becomes both sides computed and a Where, so a
// side that overflows or divides by zero where it is not taken does no harm.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_ATEN_FLOATEXPR_H
#define PT2ONNX_LOWERING_ATEN_FLOATEXPR_H

#include "lowering/OnnxBuilder.h"

namespace pt2onnx::lowering {

class FloatExpr {
public:
  /// A tensor of the expression's dtype, or a number.
  struct Term {
    Term(ir::Value *v) : value(v) {}
    Term(double d) : number(d) {}
    ir::Value *value = nullptr;
    double number = 0.0;
  };

  FloatExpr(OnnxBuilder &b, ir::DType dtype) : b(b), dtype(dtype) {}

  /// The dtype a function of result dtype `result` computes in: float64, else
  /// float32 (torch upcasts float16 and bfloat16; integers promote to the
  /// default float).
  static ir::DType computeDType(ir::DType result) {
    return result == ir::DType::Float64 ? ir::DType::Float64 : ir::DType::Float32;
  }

  OnnxBuilder &builder() const { return b; }
  ir::DType getDType() const { return dtype; }

  ir::Value *get(Term x) { return x.value ? x.value : b.scalar(dtype, x.number); }

  ir::Value *add(Term x, Term y) { return binary("Add", x, y); }
  ir::Value *sub(Term x, Term y) { return binary("Sub", x, y); }
  ir::Value *mul(Term x, Term y) { return binary("Mul", x, y); }
  ir::Value *div(Term x, Term y) { return binary("Div", x, y); }
  ir::Value *neg(Term x) { return b.unary("Neg", get(x)); }
  /// `Abs`, `Exp`, `Log`, `Sqrt`, `Sin`, ...: an ONNX op ONNX Runtime's CPU
  /// provider has for the dtype (Sin, not Cos or Acos, in float64).
  ir::Value *fn(llvm::StringRef opType, Term x) { return b.unary(opType, get(x)); }
  /// cos and acos in either dtype, to the accuracy of the C library's.
  ir::Value *cos(Term x);
  ir::Value *acos(Term x);
  /// The functions ONNX Runtime's CPU provider has in float32 only, in either
  /// dtype: float64 builds them from Sin, Exp, Log, Sqrt and arithmetic to a
  /// few ulps, as the C library's.
  ir::Value *tan(Term x);
  ir::Value *asin(Term x);
  ir::Value *sinh(Term x);
  ir::Value *cosh(Term x);
  ir::Value *asinh(Term x);
  ir::Value *acosh(Term x);
  ir::Value *atanh(Term x);
  /// erf keeps NaN (ONNX Runtime's Erf makes it 1) unless `keepNaN` is
  /// false, for a caller whose own product with x makes NaN NaN again.
  ir::Value *erf(Term x, bool keepNaN = true);
  /// log(1 + x), accurate for small x, in either dtype.
  ir::Value *log1p(Term x);
  /// log(1 + e^x): Softplus, which ONNX Runtime has in float32 only.
  ir::Value *softplus(Term x) {
    return dtype == ir::DType::Float64 ? log1p(fn("Exp", x)) : fn("Softplus", x);
  }

  ir::Value *lt(Term x, Term y) { return compare("Less", x, y); }
  ir::Value *le(Term x, Term y) { return compare("LessOrEqual", x, y); }
  ir::Value *gt(Term x, Term y) { return compare("Greater", x, y); }
  ir::Value *ge(Term x, Term y) { return compare("GreaterOrEqual", x, y); }
  ir::Value *eq(Term x, Term y) { return compare("Equal", x, y); }
  ir::Value *isInf(Term x) {
    return b.op("IsInf", {get(x)}, get(x)->getType().withDType(ir::DType::Bool));
  }
  ir::Value *isNaN(Term x) {
    return b.op("IsNaN", {get(x)}, get(x)->getType().withDType(ir::DType::Bool));
  }
  ir::Value *logicalAnd(ir::Value *x, ir::Value *y) { return b.compare("And", x, y); }
  ir::Value *logicalOr(ir::Value *x, ir::Value *y) { return b.compare("Or", x, y); }
  ir::Value *logicalNot(ir::Value *x) { return b.unary("Not", x); }

  /// `cond ? x : y` per element.
  ir::Value *select(ir::Value *cond, Term x, Term y) { return b.where(cond, get(x), get(y)); }

  /// Horner's rule as torch writes it: r = 0; r = r * z + c for each c, the
  /// highest power first.
  ir::Value *polynomial(ir::Value *z, llvm::ArrayRef<double> coefficients) {
    ir::Value *r = get(coefficients.front());
    for (double c : coefficients.drop_front())
      r = add(mul(r, z), c);
    return r;
  }

private:
  ir::Value *binary(llvm::StringRef opType, Term x, Term y) {
    return b.binary(opType, get(x), get(y));
  }
  ir::Value *compare(llvm::StringRef opType, Term x, Term y) {
    return b.compare(opType, get(x), get(y));
  }

  OnnxBuilder &b;
  ir::DType dtype;
};

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_ATEN_FLOATEXPR_H
