//===- FuseOrt.cpp - Forms ONNX Runtime runs as one contrib op --------------===//
//
// Applies the fusions of passes/ortfusions/ with the greedy driver: a
// residual Add and the layer or RMS norm after it become
// SkipLayerNormalization or SkipSimplifiedLayerNormalization; a bias Add and
// its Gelu BiasGelu or FastGelu, GPT-2's hand-written tanh Gelu FastGelu;
// x * Sigmoid(alpha * x) QuickGelu; split-head attention MultiHeadAttention,
// or Attention with its three projections; causal attention of k and v
// heads repeated per group GroupQueryAttention; Llama's rotate_half rotary
// RotaryEmbedding; and a float32 1-D Conv becomes a 2-D Conv of height 1,
// which ONNX Runtime runs in its blocked channel layout. The fused ops are
// ops of ONNX Runtime's com.microsoft domain (the backend imports it,
// version 1, when one is used), so the model then loads in ONNX Runtime
// alone. Each fusion rewrites only
// what ONNX Runtime 1.23's CPU kernel accepts and computes the same values
// for; its file lists the checks. What a fusion leaves unused is erased as
// the fusions go. How often each fusion applied is a statistic of the pass;
// `fuse-ort{trace-failures=1}` prints why each did not apply.
// `--optimize-for onnxruntime` adds the pass to the default pipeline, between
// two fold-constants (the second packs the weights fuse-attention
// concatenates). The fusions read constants as fold-constants does; with
// `keep-parameters=1` (training export) the program's parameters are not
// read.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/ApplyPatterns.h"
#include "passes/Passes.h"
#include "passes/SideEffects.h"
#include "passes/fold/ConstantFolder.h"
#include "passes/shapes/KnownInts.h"
#include "passes/ortfusions/OrtFusions.h"

namespace pt2onnx::passes {

namespace {

/// Keeps what the fusions know of values (constants read, known integers)
/// from outliving the ops that define them.
class ForgetErased : public ir::RewriteListener {
public:
  ForgetErased(ConstantFolder &constants, KnownIntsAnalysis &ints)
      : constants(constants), ints(ints) {}
  void notifyOperationReplaced(ir::Operation *op) override { forget(*op); }
  void notifyOperationErased(ir::Operation *op) override { forget(*op); }

private:
  void forget(const ir::Operation &op) {
    constants.forget(op);
    ints.forget(op);
  }

  ConstantFolder &constants;
  KnownIntsAnalysis &ints;
};

class FuseOrt : public pass::Pass {
public:
  FuseOrt(bool keepParameters, bool traceFailures)
      : keepParameters(keepParameters), traceFailures(traceFailures) {}

  llvm::StringRef getName() const override { return "fuse-ort"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    // Reads constants only: the limit on what it makes does not apply.
    ConstantFolder constants(module, /*limit=*/0, keepParameters);
    KnownIntsAnalysis ints(module);
    ir::PatternSet patterns;
    addSkipLayerNormalizationFusions(patterns, constants);
    addBiasGeluFusion(patterns);
    addQuickGeluFusion(patterns);
    addTanhGeluFusion(patterns);
    addMultiHeadAttentionFusion(patterns);
    addAttentionFusion(patterns);
    addOrtRotaryEmbeddingFusion(patterns);
    addGroupQueryAttentionFusion(patterns, ints);
    addConv1dAsConv2dPattern(patterns);
    // Ops a fusion leaves unused go at once: a split of attention heads that
    // only sized the mask still holds a projection Attention would take.
    ForgetErased forgetErased(constants, ints);
    ir::GreedyRewriteConfig config;
    config.listener = &forgetErased;
    config.isPure = [](const ir::Operation &op) { return isPure(op); };
    return applyPatternsForPass(*this, module, patterns, traceFailures, config);
  }

private:
  bool keepParameters;
  bool traceFailures;
};

} // namespace

void registerFuseOrtPass() {
  pass::registerPass(
      {"fuse-ort",
       "Replace forms ONNX Runtime runs as one op (residual Add + norm, Gelu and bias, SiLU, "
       "attention, rotary embedding) by ops of its com.microsoft domain, and 1-D convolutions by "
       "2-D ones it runs faster",
       {{"keep-parameters", pass::PassOptionInfo::Type::Bool, "0",
         "Read no values of the program's parameters, which stay initializers for training"},
        {"trace-failures", pass::PassOptionInfo::Type::Bool, "0",
         "Print why each pattern did not match each op it was tried on"}},
       [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
         return std::make_unique<FuseOrt>(options.getBool("keep-parameters"),
                                          options.getBool("trace-failures"));
       }});
}

} // namespace pt2onnx::passes
