//===- Canonicalize.cpp - Local rewrites to a fixed point ------------------===//
//
// Applies the canonicalization patterns (passes/canonicalize/, one file
// each) with the greedy driver (ir/rewrite/GreedyRewriteDriver.h) until none
// applies. Pure ops (SideEffects.h) left without uses are erased on the way,
// so that single-use conditions see the program as it is; weights are left
// to `dce`.
//
// Patterns are exact rewrites: dropping ops that compute their input
// (Reshape to the same shape, identity Transpose, Cast to the same type, x*1,
// ...), fusing chains of view ops into one, and folding shape computations
// whose value the types decide. A rewrite's new ops inherit the provenance of
// the op they replace. How often each pattern applied is a statistic of the
// pass; `canonicalize{trace-failures=1}` prints why each pattern tried did
// not apply.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/ApplyPatterns.h"
#include "passes/Passes.h"
#include "passes/SideEffects.h"
#include "passes/canonicalize/Patterns.h"

namespace pt2onnx::passes {

void addCanonicalizePatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  addSameTypeViewPatterns(patterns, context);
  addNoOpReshapePatterns(patterns, context);
  addSqueezePairPatterns(patterns, context);
  addSqueezeBeforeTransposePatterns(patterns, context);
  addUnitReshapeBeforeTransposePatterns(patterns, context);
  addViewChainPatterns(patterns, context);
  addTransposePatterns(patterns, context);
  addNoOpExpandPatterns(patterns, context);
  addNoOpSlicePatterns(patterns, context);
  addForwardOperandPatterns(patterns, context);
  addCastPatterns(patterns, context);
  addNeutralOperandPatterns(patterns, context);
  addSelectByMaskPatterns(patterns, context);
  addScalarizeFilledOperandPatterns(patterns, context);
  addKnownShapeValuePatterns(patterns, context);
  addAtenNoOpPatterns(patterns, context);
}

namespace {

class Canonicalize : public pass::Pass {
public:
  explicit Canonicalize(bool traceFailures) : traceFailures(traceFailures) {}

  llvm::StringRef getName() const override { return "canonicalize"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    CanonicalizeContext context(module);
    ir::PatternSet patterns;
    addCanonicalizePatterns(patterns, context);
    ir::GreedyRewriteConfig config;
    config.isPure = [](const ir::Operation &op) { return isPure(op); };
    config.listener = &context;
    return applyPatternsForPass(*this, module, patterns, traceFailures, config);
  }

private:
  bool traceFailures;
};

} // namespace

void registerCanonicalizePass() {
  pass::registerPass({"canonicalize",
                      "Local exact rewrites to a fixed point: drop no-op ops, fuse chains of view "
                      "ops, fold shape computations the types decide",
                      {{"trace-failures", pass::PassOptionInfo::Type::Bool, "0", "Print why each pattern did not match each op it was tried on"}},
                      [](const pass::PassOptions &options)
                          -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<Canonicalize>(options.getBool("trace-failures"));
                      }});
}

} // namespace pt2onnx::passes
