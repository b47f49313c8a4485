//===- SympyExpr.h - torch's sympy expressions as SymExprs ------*- C++ -*-===//
//
// torch.export writes symbolic sizes as sympy expressions in two spellings:
// `expr_str` fields hold `srepr(expr)`,
//   Mul(Integer(2), Symbol('s77', positive=True, integer=True))
// and range_constraints keys hold `str(expr)`, `2*s77`. parseSympyExpr reads
// the integer expressions of both into an ir::SymExpr: integers, symbols,
// Add, Mul, Pow with an integer exponent, FloorDiv, CeilDiv, CleanDiv, Mod,
// PythonMod, ModularIndexing, Max, Min, Abs, Identity, LShift and RShift by a
// constant, PowByNatural, the roundings CeilToInt / FloorToInt / TruncToInt /
// ceiling / floor of an exact quotient (IntTrueDiv, Rational, `/`, negative
// powers), the infix operators + - * / // % **, and `oo` / `int_oo` where
// Max or Min absorb them. Symbol assumptions narrow the symbol's range:
// `positive=True` to [1, oo), `nonnegative=True` to [0, oo), and likewise for
// the negative ones.
//
// Anything else (floats, booleans, relations, Piecewise) is an error naming
// the construct and its 1-based column, e.g.
//   unsupported sympy function 'Piecewise' at column 1 in 'Piecewise(...)'
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_SYMPYEXPR_H
#define PT2ONNX_FRONTENDS_PT2_SYMPYEXPR_H

#include "ir/SymExpr.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace pt2onnx::pt2 {

/// Parses an integer sympy expression in srepr or str form. Symbols are
/// created in `context` when new.
llvm::Expected<ir::SymExpr> parseSympyExpr(llvm::StringRef text, ir::SymContext &context);

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_SYMPYEXPR_H
