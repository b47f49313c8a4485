//===- Passes.cpp - Every pass of pt2onnx ------------------------------------===//

#include "passes/Passes.h"

#include "lowering/CustomOpsPass.h"
#include "lowering/LowerAtenPass.h"

#include <mutex>

namespace pt2onnx::passes {

void registerAllPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerDeadCodeEliminationPass();
    registerCommonSubexpressionEliminationPass();
    registerDecomposePass();
    registerFunctionalizePass();
    registerFoldConstantsPass();
    registerInferShapesPass();
    registerCanonicalizePass();
    registerFuseOpsPass();
    registerFuseOrtPass();
    registerShapeSlicesPass();
    lowering::registerCustomOpsPass();
    lowering::registerLowerAtenPass();
  });
}

} // namespace pt2onnx::passes
