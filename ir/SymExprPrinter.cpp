//===- SymExprPrinter.cpp - Printing SymExprs as text ----------------------===//
//
// SymExpr::print writes Python's syntax with the fewest parentheses Python's
// precedence allows: `2*s0 + 1`, `s0 - 1`, `s0**2`, `(s0 + 1)//2`,
// `min(s0, 4)`. SymContext::parse (SymExprParser.cpp) reads it back to the
// same node.
//
//===----------------------------------------------------------------------===//

#include "ir/SymExpr.h"
#include "ir/SymNode.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

namespace pt2onnx::ir {

namespace {

/// Python's operator precedence, used to parenthesize.
enum Precedence { kSumPrec = 1, kProductPrec, kUnaryPrec, kPowerPrec, kAtomPrec };

int precedence(SymExpr e) {
  switch (e.getKind()) {
  case SymKind::Constant:
    return *e.getConstant() < 0 ? kUnaryPrec : kAtomPrec;
  case SymKind::Symbol:
  case SymKind::Min:
  case SymKind::Max:
    return kAtomPrec;
  case SymKind::Add:
    return kSumPrec;
  case SymKind::Mul:
  case SymKind::FloorDiv:
  case SymKind::Mod:
    return kProductPrec;
  }
  llvm_unreachable("unknown SymKind");
}

void printExpr(llvm::raw_ostream &os, SymExpr e, int minPrecedence);

/// The largest exponent printed, the largest the parsers read.
constexpr size_t kMaxPrintedExponent = 64;

/// Prints a product with its coefficient replaced by `coef`.
void printProduct(llvm::raw_ostream &os, int64_t coef, llvm::ArrayRef<SymExpr> factors) {
  if (coef == -1)
    os << '-';
  else if (coef != 1)
    os << coef << '*';
  for (size_t i = 0; i < factors.size();) {
    size_t run = 1;
    while (i + run < factors.size() && factors[i + run] == factors[i])
      ++run;
    if (i != 0)
      os << '*';
    if (run == 1) {
      printExpr(os, factors[i], kPowerPrec);
    } else {
      // The parsers take exponents up to 64; a product of powers may hold
      // more factors (s0**32*s0**36), printed as several powers.
      for (size_t left = run; left > 0;) {
        size_t chunk = std::min<size_t>(left, kMaxPrintedExponent);
        if (left != run)
          os << '*';
        printExpr(os, factors[i], chunk == 1 ? kPowerPrec : kAtomPrec);
        if (chunk > 1)
          os << "**" << chunk;
        left -= chunk;
      }
    }
    i += run;
  }
}

/// Splits a product into its printed coefficient and factors.
std::pair<int64_t, llvm::ArrayRef<SymExpr>> splitCoefficient(SymExpr mulExpr) {
  llvm::ArrayRef<SymExpr> ops = mulExpr.getOperands();
  if (std::optional<int64_t> c = ops.front().getConstant())
    return {*c, ops.drop_front()};
  return {1, ops};
}

/// Prints `term` after a sum's first term, as ` - x` when it is negative.
void printLaterTerm(llvm::raw_ostream &os, SymExpr term) {
  if (std::optional<int64_t> c = term.getConstant(); c && *c < 0 && *c != SymRange::kNegInf) {
    os << " - " << -*c;
    return;
  }
  if (isProduct(term)) {
    auto [coef, factors] = splitCoefficient(term);
    if (coef < 0 && coef != SymRange::kNegInf) {
      os << " - ";
      if (coef == -1 && factors.size() == 1)
        printExpr(os, factors.front(), kProductPrec);
      else
        printProduct(os, -coef, factors);
      return;
    }
  }
  os << " + ";
  printExpr(os, term, kProductPrec);
}

void printExpr(llvm::raw_ostream &os, SymExpr e, int minPrecedence) {
  bool parens = precedence(e) < minPrecedence;
  if (parens)
    os << '(';
  switch (e.getKind()) {
  case SymKind::Constant:
    os << *e.getConstant();
    break;
  case SymKind::Symbol:
    os << e.getSymbolName();
    break;
  case SymKind::Add: {
    llvm::ArrayRef<SymExpr> terms = e.getOperands();
    printExpr(os, terms.front(), kProductPrec);
    for (SymExpr term : terms.drop_front())
      printLaterTerm(os, term);
    break;
  }
  case SymKind::Mul: {
    auto [coef, factors] = splitCoefficient(e);
    printProduct(os, coef, factors);
    break;
  }
  case SymKind::FloorDiv:
  case SymKind::Mod:
    printExpr(os, e.getOperands()[0], kUnaryPrec);
    os << (e.getKind() == SymKind::FloorDiv ? "//" : " % ");
    printExpr(os, e.getOperands()[1], kUnaryPrec);
    break;
  case SymKind::Min:
  case SymKind::Max:
    os << (e.getKind() == SymKind::Min ? "min(" : "max(");
    llvm::interleaveComma(e.getOperands(), os, [&](SymExpr op) { printExpr(os, op, 0); });
    os << ')';
    break;
  }
  if (parens)
    os << ')';
}

} // namespace

void SymExpr::print(llvm::raw_ostream &os) const { printExpr(os, *this, 0); }

std::string SymExpr::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}

} // namespace pt2onnx::ir
