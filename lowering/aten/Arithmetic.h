//===- Arithmetic.h - Arithmetic helpers shared by rule families ---------------===//
//
// torch and Python round integer division toward negative infinity; ONNX's
// Div truncates. torch's maximum/minimum/clamp give NaN where an operand is
// NaN; ONNX Runtime's Max/Min drop a NaN of one operand or the other,
// depending on how they broadcast. These emit the torch semantics;
// elementwise.cpp defines them, symbolic.cpp and activation.cpp use them too.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_ATEN_ARITHMETIC_H
#define PT2ONNX_LOWERING_ATEN_ARITHMETIC_H

#include "lowering/OnnxBuilder.h"

namespace pt2onnx::lowering {

/// trunc(x) of a floating-point tensor (ONNX has no Trunc).
ir::Value *emitTrunc(OnnxBuilder &b, ir::Value *x);
/// floor(a / c) of integer tensors of the same dtype.
ir::Value *emitIntFloorDiv(OnnxBuilder &b, ir::Value *a, ir::Value *c);
/// `m` (a Max or Min of `a` and `c`) where neither operand is NaN, and the
/// NaN operand where one is, as torch's maximum and minimum: a Where per
/// floating-point operand that is not a constant free of NaN.
ir::Value *propagateNaN(OnnxBuilder &b, ir::Value *m, ir::Value *a, ir::Value *c);

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_ATEN_ARITHMETIC_H
