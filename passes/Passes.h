//===- Passes.h - Every pass of pt2onnx --------------------------------------===//
//
// One pass per file; each file defines its pass and a register function that
// registerAllPasses calls (explicit, so a static link never drops one). The
// passes register into the pass library (ir/pass/Pass.h).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_PASSES_H
#define PT2ONNX_PASSES_PASSES_H

namespace pt2onnx::passes {

/// Registers every pass below and lower-aten (lowering/LowerAtenPass.h);
/// idempotent.
void registerAllPasses();

void registerDeadCodeEliminationPass();
void registerCommonSubexpressionEliminationPass();
void registerDecomposePass();
void registerFunctionalizePass();
void registerFoldConstantsPass();
void registerInferShapesPass();
void registerCanonicalizePass();
void registerFuseOpsPass();
void registerFuseOrtPass();
void registerShapeSlicesPass();

/// Registers the passes that exist for the tests (test-use-before-def,
/// test-break-numerics); pt2onnx-opt calls it, registerAllPasses does not.
void registerTestPasses();
/// Registers test-break-numerics alone (registerTestPasses does too).
void registerTestBreakNumerics();

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_PASSES_H
