//===- Matchers.h - Questions patterns ask about the ops around a root -----===//
//
// Small predicates over the IR that patterns of every layer share: which op
// defines a value, who uses it, what an integer attribute says, whether two
// dims are provably equal.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_REWRITE_MATCHERS_H
#define PT2ONNX_IR_REWRITE_MATCHERS_H

#include "ir/Module.h"

namespace pt2onnx::ir {

/// The op defining `v` when it is named `name` and has one result and at
/// least `minOperands` operands, else null.
Operation *definedBy(Value *v, llvm::StringRef name, unsigned minOperands = 0);
/// The single op using `v` (once), or null.
Operation *soleUser(Value *v);
/// The operand of the binary `op` that is not `v`, when `v` is one of its
/// two operands; else null.
Value *otherOperand(Operation *op, Value *v);
/// The integer attribute `name` of `op`, or `fallback`.
int64_t intAttr(const Operation &op, llvm::StringRef name, int64_t fallback);
/// Whether two dims are provably equal (static and equal, or the same
/// expression).
bool sameDim(const Dim &a, const Dim &b);
/// Whether a tensor of type `c` broadcasts into one of type `x` without
/// growing it (so an elementwise op of the two has `x`'s shape), with `x`'s
/// element type.
bool broadcastsInto(const Type &c, const Type &x);
/// Whether `t` is a ranked tensor type without unknown dims.
bool isFullyKnown(const Type &t);

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_REWRITE_MATCHERS_H
