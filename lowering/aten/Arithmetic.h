//===- Arithmetic.h - Integer division helpers shared by rule families --------===//
//
// torch and Python round integer division toward negative infinity; ONNX's
// Div truncates. These emit the torch semantics; elementwise.cpp defines
// them, symbolic.cpp uses them for SymInt arithmetic too.
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

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_ATEN_ARITHMETIC_H
