//===- Verifier.h - Structural checks on a module ---------------------------===//
//
// Checks what every pass may assume: operands are defined and dominate their
// uses (SSA), ops match the arity of their registered schema, terminators end
// their blocks, graphs are named uniquely and end in `ir.return`, constants
// hold a literal or a reference to an existing weight of the same type (or a
// torch scalar: unit : none, int : !torch.symint, float : !torch.symfloat,
// bool : !torch.symbool, string : !torch.opaque<"str">), and tensor types are
// well formed. Each error names the op, its node and graph, and the user's
// source line when the provenance has one.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_VERIFIER_H
#define PT2ONNX_IR_VERIFIER_H

#include "ir/Module.h"

#include "llvm/Support/Error.h"

namespace pt2onnx::ir {

/// Success, or one error whose message lists every problem found (one per
/// line, at most `maxErrors` of them, then a count of the rest).
llvm::Error verifyModule(const Module &module, unsigned maxErrors = 20);

/// A short description of where an op is, for diagnostics:
/// `'aten.add.Tensor' op 'add_1' in graph 'main' (model.py:12)`.
std::string describeOp(const Operation &op);

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_VERIFIER_H
