//===- FuseOps.cpp - Decomposed forms to the single op the opset has -------===//
//
// In a module lowered to opset 23 or later (the `onnx.opset` lower-aten
// records; below 23, or in a module not lowered, the pass changes nothing),
// applies the fusions of passes/fusions/ with the greedy driver: the RMS norm
// of HF models becomes RMSNormalization, Llama's rotary embedding
// RotaryEmbedding. Each fusion rewrites only what it proves to compute the
// same values; its file lists the checks. What a fusion leaves unused
// outside the matched ops (constants, the full cos and sin) is left to
// `dce`. How often each fusion applied is a statistic of the pass;
// `fuse-ops{trace-failures=1}` prints why each did not apply.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/ApplyPatterns.h"
#include "passes/Passes.h"
#include "passes/fusions/Fusions.h"

namespace pt2onnx::passes {

namespace {

constexpr int64_t kFusedOpset = 23;

class FuseOps : public pass::Pass {
public:
  explicit FuseOps(bool traceFailures) : traceFailures(traceFailures) {}

  llvm::StringRef getName() const override { return "fuse-ops"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    if (module.getLoweredOpset().value_or(0) < kFusedOpset)
      return false;
    ir::PatternSet patterns;
    addRMSNormalizationFusion(patterns);
    addRotaryEmbeddingFusion(patterns);
    return applyPatternsForPass(*this, module, patterns, traceFailures);
  }

private:
  bool traceFailures;
};

} // namespace

void registerFuseOpsPass() {
  pass::registerPass({"fuse-ops",
                      "Replace decomposed RMS norms and rotary embeddings by RMSNormalization and "
                      "RotaryEmbedding in a module lowered to opset 23 or later",
                      {{"trace-failures", pass::PassOptionInfo::Type::Bool, "0", "Print why each pattern did not match each op it was tried on"}},
                      [](const pass::PassOptions &options)
                          -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<FuseOps>(options.getBool("trace-failures"));
                      }});
}

} // namespace pt2onnx::passes
