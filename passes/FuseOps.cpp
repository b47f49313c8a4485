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

#include "ir/rewrite/GreedyRewriteDriver.h"
#include "passes/Pass.h"
#include "passes/Passes.h"
#include "passes/fusions/Fusions.h"

namespace pt2onnx::passes {

namespace {

constexpr int64_t kFusedOpset = 23;

class FuseOps : public Pass {
public:
  explicit FuseOps(bool traceFailures) : traceFailures(traceFailures) {}

  llvm::StringRef getName() const override { return "fuse-ops"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    if (module.getLoweredOpset().value_or(0) < kFusedOpset)
      return false;
    ir::PatternSet patterns;
    addRMSNormalizationFusion(patterns);
    addRotaryEmbeddingFusion(patterns);
    ir::GreedyRewriteConfig config;
    config.traceFailures = traceFailures ? &llvm::errs() : nullptr;
    llvm::Expected<ir::GreedyRewriteResult> result =
        ir::applyPatternsGreedily(module, patterns, config);
    if (!result)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "fuse-ops: " + llvm::toString(result.takeError()));
    for (const auto &entry : result->applied)
      addStatistic(entry.getKey(), entry.getValue());
    return result->changed;
  }

private:
  bool traceFailures;
};

} // namespace

void registerFuseOpsPass() {
  registerPass("fuse-ops",
               "Replace decomposed RMS norms and rotary embeddings by RMSNormalization and "
               "RotaryEmbedding in a module lowered to opset 23 or later (option: "
               "trace-failures)",
               [](const PassOptions &options) -> llvm::Expected<std::unique_ptr<Pass>> {
                 if (llvm::Error err = options.checkKnown("fuse-ops", {"trace-failures"}))
                   return err;
                 llvm::Expected<int64_t> trace = options.getInt("trace-failures", 0);
                 if (!trace)
                   return trace.takeError();
                 return std::make_unique<FuseOps>(*trace != 0);
               });
}

} // namespace pt2onnx::passes
