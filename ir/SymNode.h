//===- SymNode.h - The node behind a SymExpr handle -------------*- C++ -*-===//
//
// Internal to ir/SymExpr*.cpp (not installed): the uniqued node a SymExpr
// points to, shared by the builders (SymExpr.cpp) and the printer
// (SymExprPrinter.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_SYMNODE_H
#define PT2ONNX_IR_SYMNODE_H

#include "ir/SymExpr.h"

namespace pt2onnx::ir {

namespace detail {
struct SymNode {
  SymKind kind;
  /// An Add or Mul kept as built because folding it would overflow; it is
  /// then an opaque term or factor to the other builders.
  bool unfolded;
  uint32_t numOperands;
  unsigned hash;
  SymContext::Impl *impl;
  /// Constant: the value. Symbol: the index in the symbol table.
  int64_t value;
  llvm::StringRef name;
  const SymExpr *operands;
  mutable SymRange range;
  mutable uint64_t rangeEpoch;

  llvm::ArrayRef<SymExpr> getOperands() const { return {operands, numOperands}; }
};
} // namespace detail

/// A sum or product in canonical form, not one kept unfolded on overflow.
inline bool isSum(SymExpr e) { return e.getKind() == SymKind::Add && !e.getNode()->unfolded; }
inline bool isProduct(SymExpr e) { return e.getKind() == SymKind::Mul && !e.getNode()->unfolded; }

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_SYMNODE_H
