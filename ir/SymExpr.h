//===- SymExpr.h - Symbolic integer expressions for dimensions ------------===//
//
// Dynamic dimensions and SymInt values are integer expressions over named
// symbols (`s0`, `s77`, `u3`), each symbol carrying a value range. Expressions
// are immutable, uniqued in a SymContext and kept in a canonical form, so two
// expressions are equal iff their handles compare equal: `s0*2` and `2*s0`
// are the same node.
//
// Canonical form:
//   * sums are flattened, like terms combined (`s0 + s0` is `2*s0`), terms
//     ordered by their monomials (factor lists compared lexicographically),
//     the constant term last;
//   * products are flattened, the integer coefficient kept apart, factors
//     ordered; a power is its base repeated (`s0*s0`, printed `s0**2`); a
//     product with a sum factor is distributed (`2*(s0+1)` is `2*s0 + 2`) so
//     that polynomials have one form;
//   * floor division, modulo, min and max fold constants and the cases the
//     symbol ranges decide (`(4*s0)//2` is `2*s0`, `min(s0, 0)` is `0` when
//     s0 >= 0); a negative constant divisor is made positive (`s0//-2` is
//     `(-s0)//2`), modulo by a constant reduces coefficients into [0, k);
//   * min and max are n-ary: nested ones are flattened, operands that the
//     ranges show to be redundant dropped, the rest ordered, constant last.
//
// The order on nodes is structural (kind, constant value, symbol name in
// natural order so that `s2` < `s10`, then operands), never by address, so the
// printed text does not depend on the run or on the order of construction.
//
// Simplifications read the symbol ranges when an expression is built:
// constrain symbols before building expressions over them.
//
// Folding never overflows int64: an Add or Mul whose folding would overflow is
// kept as a node of its two operands, and floor division or modulo by a
// constant zero is kept as a node. Such expressions print and evaluate
// correctly but are outside the canonical form.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_SYMEXPR_H
#define PT2ONNX_IR_SYMEXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>

namespace pt2onnx::ir {

class SymContext;

/// A closed integer interval; the int64 extremes stand for -oo and +oo.
struct SymRange {
  static constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();
  static constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max();
  int64_t lo = kNegInf;
  int64_t hi = kPosInf;

  bool isLowerUnbounded() const { return lo == kNegInf; }
  bool isUpperUnbounded() const { return hi == kPosInf; }
  bool contains(int64_t v) const { return lo <= v && v <= hi; }
  /// Constraining a symbol to disjoint ranges leaves it empty.
  bool isEmpty() const { return lo > hi; }
  bool operator==(const SymRange &o) const { return lo == o.lo && hi == o.hi; }
};

enum class SymKind : uint8_t { Constant, Symbol, Add, Mul, FloorDiv, Mod, Min, Max };

namespace detail {
struct SymNode;
} // namespace detail

/// A handle to a uniqued, canonical expression. Cheap to copy; null when
/// default-constructed.
class SymExpr {
public:
  SymExpr() = default;
  explicit SymExpr(const detail::SymNode *node) : node(node) {}

  explicit operator bool() const { return node != nullptr; }
  bool operator==(SymExpr o) const { return node == o.node; }
  bool operator!=(SymExpr o) const { return node != o.node; }

  SymKind getKind() const;
  SymContext &getContext() const;
  bool isConstant() const { return getKind() == SymKind::Constant; }
  bool isSymbol() const { return getKind() == SymKind::Symbol; }
  /// The value of a constant expression.
  std::optional<int64_t> getConstant() const;
  /// The name of a symbol expression; empty otherwise.
  llvm::StringRef getSymbolName() const;
  /// For Add: the terms (constant last). For Mul: the factors (the
  /// coefficient, if not 1, first as a constant; a power as repeats). For
  /// FloorDiv and Mod: the two operands. For Min and Max: two or more
  /// operands, constant last.
  llvm::ArrayRef<SymExpr> getOperands() const;

  /// The canonical total order: negative, zero or positive as this sorts
  /// before, equal to or after `other`. Independent of node addresses.
  int compare(SymExpr other) const;

  /// A range holding every value the expression takes while the symbols stay
  /// in their ranges: interval arithmetic, unbounded where it cannot tell.
  SymRange getRange() const;
  /// Every symbol the expression mentions, in canonical order, no repeats.
  void collectSymbols(llvm::SmallVectorImpl<SymExpr> &out) const;
  /// The value under the given symbol values, with Python's semantics for
  /// // and %. nullopt if a symbol has no value, on division by zero or on
  /// int64 overflow.
  std::optional<int64_t>
  evaluate(llvm::function_ref<std::optional<int64_t>(SymExpr symbol)> valueOf) const;

  /// Prints the canonical text, e.g. `2*s0 + 1`, `s0 - 1`, `-s0`, `s0**2`,
  /// `(s0 + 1)//2`, `s0 % 2`, `min(s0, 4)`; SymContext::parse reads it back.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  const detail::SymNode *getNode() const { return node; }

private:
  const detail::SymNode *node = nullptr;
};

SymExpr operator+(SymExpr a, SymExpr b);
SymExpr operator+(SymExpr a, int64_t b);
SymExpr operator-(SymExpr a, SymExpr b);
SymExpr operator-(SymExpr a, int64_t b);
SymExpr operator-(SymExpr a);
SymExpr operator*(SymExpr a, SymExpr b);
SymExpr operator*(SymExpr a, int64_t b);
SymExpr operator+(int64_t a, SymExpr b);
SymExpr operator-(int64_t a, SymExpr b);
SymExpr operator*(int64_t a, SymExpr b);
/// Floor division and modulo with Python's sign rules (the remainder takes
/// the sign of the divisor).
SymExpr floorDiv(SymExpr a, SymExpr b);
SymExpr mod(SymExpr a, SymExpr b);
/// ceil(a / b), expressed as -((-a) // b).
SymExpr ceilDiv(SymExpr a, SymExpr b);
SymExpr min(SymExpr a, SymExpr b);
SymExpr max(SymExpr a, SymExpr b);

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, SymExpr e) {
  e.print(os);
  return os;
}

/// Owns and uniques expression nodes and the symbol table (name -> range).
/// Not thread-safe; one per ir::Module.
class SymContext {
public:
  SymContext();
  ~SymContext();
  SymContext(const SymContext &) = delete;
  SymContext &operator=(const SymContext &) = delete;

  SymExpr getConstant(int64_t value);
  /// The symbol named `name`, created unbounded if new. The name must be a
  /// valid symbol name.
  SymExpr getSymbol(llvm::StringRef name);
  /// `[A-Za-z_][A-Za-z0-9_]*`, the names the parser reads back.
  static bool isValidSymbolName(llvm::StringRef name);
  /// Returns the symbol if it exists.
  std::optional<SymExpr> lookupSymbol(llvm::StringRef name) const;
  /// Narrows (intersects) the range of a symbol.
  void constrain(SymExpr symbol, SymRange range);
  /// Replaces the range of a symbol.
  void setRange(SymExpr symbol, SymRange range);
  SymRange getSymbolRange(SymExpr symbol) const;
  /// All symbols in creation order.
  llvm::ArrayRef<SymExpr> getSymbols() const;

  /// Parses the canonical text printed by SymExpr::print with Python's
  /// precedence: integers, symbol names, unary and binary + -, * // %, ** with
  /// a constant exponent in [0, 64], min(a, b, ...), max(a, b, ...),
  /// parentheses; sympy's Min, Max, Mod(a, b) and FloorDiv(a, b) too. Unknown
  /// symbols are created. Errors name the 1-based column, e.g.
  /// `expected ')', found the end at column 8 in 's0 + (1'`.
  llvm::Expected<SymExpr> parse(llvm::StringRef text);

  /// Parses an integer expression torch.export wrote with sympy, in either
  /// spelling: `srepr(expr)` in `expr_str` fields,
  ///   Mul(Integer(2), Symbol('s77', positive=True, integer=True))
  /// or `str(expr)` in range_constraints keys, `2*s77`. Reads integers,
  /// symbols, Add, Mul, Pow with an integer exponent, FloorDiv, CeilDiv,
  /// CleanDiv, Mod, PythonMod, ModularIndexing, Max, Min, Abs, Identity,
  /// LShift and RShift by a constant, PowByNatural, the roundings CeilToInt /
  /// FloorToInt / TruncToInt / ceiling / floor of an exact quotient
  /// (IntTrueDiv, Rational, `/`, negative powers), the infix operators
  /// + - * / // % **, and `oo` / `int_oo` where Max or Min absorb them. Symbol
  /// assumptions narrow the symbol's range: `positive=True` to [1, oo),
  /// `nonnegative=True` to [0, oo), and likewise for the negative ones.
  /// Anything else (floats, booleans, relations, Piecewise) is an error naming
  /// the construct and its column, e.g.
  ///   unsupported sympy function 'Piecewise' at column 1 in 'Piecewise(...)'
  llvm::Expected<SymExpr> parseSympy(llvm::StringRef text);

  // Builders used by the free operators above.
  SymExpr add(SymExpr a, SymExpr b);
  SymExpr mul(SymExpr a, SymExpr b);
  SymExpr floorDiv(SymExpr a, SymExpr b);
  SymExpr mod(SymExpr a, SymExpr b);
  SymExpr min(SymExpr a, SymExpr b);
  SymExpr max(SymExpr a, SymExpr b);

  struct Impl;

private:
  std::unique_ptr<Impl> impl;
};

} // namespace pt2onnx::ir

namespace llvm {
template <> struct DenseMapInfo<pt2onnx::ir::SymExpr> {
  using Node = const pt2onnx::ir::detail::SymNode *;
  static pt2onnx::ir::SymExpr getEmptyKey() {
    return pt2onnx::ir::SymExpr(DenseMapInfo<Node>::getEmptyKey());
  }
  static pt2onnx::ir::SymExpr getTombstoneKey() {
    return pt2onnx::ir::SymExpr(DenseMapInfo<Node>::getTombstoneKey());
  }
  static unsigned getHashValue(pt2onnx::ir::SymExpr e) {
    return DenseMapInfo<Node>::getHashValue(e.getNode());
  }
  static bool isEqual(pt2onnx::ir::SymExpr a, pt2onnx::ir::SymExpr b) { return a == b; }
};
} // namespace llvm

#endif // PT2ONNX_IR_SYMEXPR_H
