//===- LowerAtenPass.h - The lowering as a pipeline pass --------------------===//
//
// Registers `lower-aten{opset=N,allow-unsupported=0|1}`, which runs
// lowering::lowerModule. It lives with the tools because it joins two sibling
// layers (passes and lowering) that do not depend on each other.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_LOWERATENPASS_H
#define PT2ONNX_TOOLS_LOWERATENPASS_H

namespace pt2onnx::tools {

/// Idempotent.
void registerLowerAtenPass();

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_LOWERATENPASS_H
