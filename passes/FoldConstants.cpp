//===- FoldConstants.cpp - Evaluate ops whose operands are constants -------===//
//
// Applies its patterns with the greedy driver (ir/rewrite/): one replaces
// each pure op whose operands are all constants by the constants it
// computes (fold/EvaluateConstantOp.cpp); one folds an inference
// BatchNormalization into the convolution before it
// (fold/BatchNormIntoConv.cpp), and is tried first; one drops what a
// constant condition does not select (fold/ConstantCondition.cpp); one
// drops `x + 0.0` where the weights show x is never -0.0
// (fold/ZeroPlusBiased.cpp), one where no output can tell -0.0 from +0.0 in
// the sum (fold/ZeroPlusUnseenSign.cpp, fold/ZeroSign.h), one a bias of
// zeros under that condition (fold/ZeroBias.cpp). Constants are
// `ir.constant` ops holding a literal or a reference to a module weight with
// data (fold/ConstantFolder.h). How often each pattern applied is a
// statistic of the pass; `fold-constants{trace-failures=1}` prints why each
// did not apply.
//
// A result with more than `limit` elements is left as it is computed (the
// option `fold-constants{limit=N}`, default 1,000,000), so folding cannot
// blow up the model. Results of at most 1 KiB become dense literals, larger
// ones new module weights named after the value they replace (with a suffix:
// a weight must not take the name of a graph output); a result that only
// reinterprets a weight's bytes (a Reshape) shares them.
//
// With `keep-parameters=1` the weights the program takes as parameters
// (`torch.input_kinds` on the main graph) are not constants: nothing is
// computed from them, and they stay initializers (training export).
//
// Ops in nested regions fold too; an operand that is a region argument is
// never constant. The pass leaves the constants and weights it made unused
// to `dce`.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/ApplyPatterns.h"
#include "passes/Passes.h"
#include "passes/fold/ConstantFolder.h"

namespace pt2onnx::passes {

namespace {

constexpr int64_t kDefaultLimit = 1000000;

class FoldConstants : public pass::Pass {
public:
  FoldConstants(int64_t limit, bool keepParameters, bool traceFailures)
      : limit(limit), keepParameters(keepParameters), traceFailures(traceFailures) {}

  llvm::StringRef getName() const override { return "fold-constants"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    ConstantFolder folder(module, limit, keepParameters);
    ir::PatternSet patterns;
    addBatchNormIntoConvPattern(patterns, folder);
    addEvaluateConstantOpPattern(patterns, folder);
    addConstantConditionPattern(patterns, folder);
    addZeroPlusBiasedPattern(patterns, folder);
    addZeroPlusUnseenSignPattern(patterns, folder);
    addZeroBiasPattern(patterns, folder);
    return applyPatternsForPass(*this, module, patterns, traceFailures);
  }

private:
  int64_t limit;
  bool keepParameters;
  bool traceFailures;
};

} // namespace

void registerFoldConstantsPass() {
  pass::registerPass(
      {"fold-constants",
       "Evaluate ops whose operands are constants; fold BatchNormalization into Conv",
       {{"limit", pass::PassOptionInfo::Type::Int, std::to_string(kDefaultLimit),
         "Fold no result larger than this many elements"},
        {"keep-parameters", pass::PassOptionInfo::Type::Bool, "0",
         "Compute nothing from the program's parameters, which stay initializers for training"},
        {"trace-failures", pass::PassOptionInfo::Type::Bool, "0", "Print why each pattern did not match each op it was tried on"}},
       [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
         int64_t limit = options.getInt("limit");
         if (limit < 0)
           return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                          "option 'limit' must not be negative, got %lld",
                                          (long long)limit);
         return std::make_unique<FoldConstants>(limit, options.getBool("keep-parameters"),
                                                options.getBool("trace-failures"));
       }});
}

} // namespace pt2onnx::passes
