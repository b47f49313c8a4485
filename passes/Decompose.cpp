//===- Decompose.cpp - ATen ops into the ATen ops the lowering knows -------===//
//
// Applies the decompositions of passes/decompose/ (one table keyed by
// overload, see Decompositions.h) with the greedy driver, so that an op
// decomposed into others that decompose too ends in ops with lowering rules.
// How often each overload was decomposed is a statistic of the pass, named
// by the overload (`--pass-statistics`); `decompose{trace-failures=1}`
// prints why a decomposition declined an op.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/ApplyPatterns.h"
#include "passes/Passes.h"
#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// One table entry as a rewrite pattern rooted at its overload.
class DecompositionPattern : public ir::RewritePattern {
public:
  DecompositionPattern(llvm::StringRef key, const DecomposeFn &fn)
      : ir::RewritePattern(key, {key}), fn(fn) {}

  bool matchAndRewrite(ir::Operation &op, ir::PatternRewriter &rw) override { return fn(op, rw); }

private:
  const DecomposeFn &fn;
};

class Decompose : public pass::Pass {
public:
  explicit Decompose(bool traceFailures) : traceFailures(traceFailures) {}

  llvm::StringRef getName() const override { return "decompose"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    ir::PatternSet patterns;
    for (const auto &entry : getDecompositions())
      patterns.add<DecompositionPattern>(entry.getKey(), entry.value.fn);
    return applyPatternsForPass(*this, module, patterns, traceFailures);
  }

private:
  bool traceFailures;
};

} // namespace

void registerDecomposePass() {
  pass::registerPass(
      {"decompose",
       "Rewrite ATen ops that have no lowering rule (aliases, composite ops torch.export keeps) "
       "into ATen ops that have one",
       {{"trace-failures", pass::PassOptionInfo::Type::Bool, "0",
         "Print why each decomposition did not apply to each op it was tried on"}},
       [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
         return std::make_unique<Decompose>(options.getBool("trace-failures"));
       }});
}

} // namespace pt2onnx::passes
