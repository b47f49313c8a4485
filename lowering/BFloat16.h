//===- BFloat16.h - Lowering ops on bfloat16 tensors in float32 ------------===//
//
// torch keeps bfloat16 as a storage type: its kernels compute an op on
// bfloat16 tensors in float32 (their "opmath" type: a matmul, convolution
// or reduction accumulates in float32, a gelu or softmax is evaluated in
// float32) and round each result to bfloat16 once. Their float16 kernels do
// the same, and ONNX Runtime's CPU provider lacks float16 kernels for much
// (Cos, Erf, Softplus, ...), so float16 goes the same way: "bfloat16" below
// reads "bfloat16 or float16". The ONNX of such an op
// does the same when it is lowered as a float32 op: its bfloat16 operands
// cast to float32 before it, its results cast back after. ONNX leaves the
// accumulation type of a bfloat16 MatMul to the runtime, many ops take no
// bfloat16 before opset 22, and ONNX Runtime's CPU kernels take bfloat16
// for moving data and almost nothing else (not Add, MatMul, Gemm, Conv,
// Softmax, LayerNormalization, Where, Expand, Pad, ...).
//
// The driver lowers an op as usual, and again in float32 when what the rule
// built computes on bfloat16: any op with a bfloat16 operand or result
// outside the ops that only move elements and that ONNX Runtime runs in
// bfloat16 (Reshape, Transpose, Concat, Gather, Slice, ...). Ops that only
// move data (view, cat, slice, ...) stay in bfloat16. So does a float16
// LayerNormalization (stash_type 1): ONNX Runtime's CPU kernel computes it in
// float32 and rounds once, giving the bits of the float32 op between casts.
// Other float16 ops stay widened even where ONNX Runtime would take them: it
// runs float16 ops that have no kernel of their own in float32 between casts
// it inserts, and drops the casts between two such ops, so a chain of them
// would skip the rounding torch does after each.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_BFLOAT16_H
#define PT2ONNX_LOWERING_BFLOAT16_H

#include "lowering/OnnxBuilder.h"

#include "ir/Operation.h"

#include <optional>
#include <string>

namespace pt2onnx::lowering {

/// True when an operand or result of `op` is a bfloat16 tensor, or one of
/// its dtype arguments is bfloat16.
bool involvesBFloat16(const ir::Operation &op);

/// True when one of the ops between `before` (exclusive; null for the start
/// of the block) and `op` (exclusive) computes on bfloat16 tensors.
bool computesOnBFloat16(const ir::Operation *before, const ir::Operation &op);

/// Makes an ATen op a float32 one for the time of its lowering: Casts to
/// float32 of its bfloat16 operands (inserted at `b`'s insertion point),
/// float32 result types and dtype arguments. `narrow` casts the rule's
/// results back where the op's were bfloat16; `restore` undoes everything.
/// Either leaves the op as it was.
class Float32Widening {
public:
  Float32Widening(ir::Operation &op, OnnxBuilder &b);

  /// The dtype (bfloat16 or float16) operand `index` of the op had before it
  /// was widened; nullopt for an operand left as it was.
  std::optional<ir::DType> originalDType(unsigned index) const;
  /// The rule's results, cast to bfloat16 where the op's results are.
  ValueList narrow(ValueList results);
  /// Puts the op back and erases the Casts (the rule's ops must be gone).
  void restore();

private:
  void restoreOp();

  ir::Operation &op;
  OnnxBuilder &b;
  llvm::SmallVector<std::pair<unsigned, ir::Value *>, 4> operands; // index, original value
  llvm::SmallVector<std::pair<unsigned, ir::Type>, 2> results;     // index, original type
  llvm::SmallVector<std::pair<std::string, ir::DType>, 1> dtypeArgs; // name, original dtype
};

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_BFLOAT16_H
