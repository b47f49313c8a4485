//===- LowerAtenPass.h - The lowering as a pipeline pass --------------------===//
//
// Registers `lower-aten{opset=N,allow-unsupported=0|1}`, which runs
// lowerModule (Lowering.h) as a pass of the pass library (ir/pass).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_LOWERATENPASS_H
#define PT2ONNX_LOWERING_LOWERATENPASS_H

namespace pt2onnx::lowering {

/// Idempotent.
void registerLowerAtenPass();

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_LOWERATENPASS_H
