//===- FoldConstants.cpp - Evaluate ops whose operands are constants -------===//
//
// Applies two patterns with the greedy driver (ir/rewrite/): one replaces
// each pure op whose operands are all constants by the constants it
// computes (fold/EvaluateConstantOp.cpp), the other folds an inference
// BatchNormalization into the convolution before it
// (fold/BatchNormIntoConv.cpp), and is tried first. Constants are
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

#include "ir/rewrite/GreedyRewriteDriver.h"
#include "passes/Pass.h"
#include "passes/Passes.h"
#include "passes/fold/ConstantFolder.h"

namespace pt2onnx::passes {

namespace {

constexpr int64_t kDefaultLimit = 1000000;

class FoldConstants : public Pass {
public:
  FoldConstants(int64_t limit, bool keepParameters, bool traceFailures)
      : limit(limit), keepParameters(keepParameters), traceFailures(traceFailures) {}

  llvm::StringRef getName() const override { return "fold-constants"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    ConstantFolder folder(module, limit, keepParameters);
    ir::PatternSet patterns;
    addBatchNormIntoConvPattern(patterns, folder);
    addEvaluateConstantOpPattern(patterns, folder);
    ir::GreedyRewriteConfig config;
    config.traceFailures = traceFailures ? &llvm::errs() : nullptr;
    llvm::Expected<ir::GreedyRewriteResult> result =
        ir::applyPatternsGreedily(module, patterns, config);
    if (!result)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "fold-constants: " + llvm::toString(result.takeError()));
    for (const auto &entry : result->applied)
      addStatistic(entry.getKey(), entry.getValue());
    return result->changed;
  }

private:
  int64_t limit;
  bool keepParameters;
  bool traceFailures;
};

llvm::Expected<bool> parseBool(const PassOptions &options, llvm::StringRef key) {
  llvm::StringRef v = options.getString(key, "0");
  if (v == "1" || v == "true")
    return true;
  if (v == "0" || v == "false")
    return false;
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "option '%s' expects 0, 1, true or false, got '%s'",
                                 key.str().c_str(), v.str().c_str());
}

} // namespace

void registerFoldConstantsPass() {
  registerPass(
      "fold-constants",
      "Evaluate ops whose operands are constants; fold BatchNormalization into Conv "
      "(options: limit, keep-parameters, trace-failures)",
      [](const PassOptions &options) -> llvm::Expected<std::unique_ptr<Pass>> {
        if (llvm::Error err = options.checkKnown("fold-constants",
                                                 {"limit", "keep-parameters", "trace-failures"}))
          return err;
        llvm::Expected<int64_t> limit = options.getInt("limit", kDefaultLimit);
        if (!limit)
          return limit.takeError();
        if (*limit < 0)
          return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                         "option 'limit' must not be negative, got %lld",
                                         (long long)*limit);
        llvm::Expected<bool> keep = parseBool(options, "keep-parameters");
        if (!keep)
          return keep.takeError();
        llvm::Expected<int64_t> trace = options.getInt("trace-failures", 0);
        if (!trace)
          return trace.takeError();
        return std::make_unique<FoldConstants>(*limit, *keep, *trace != 0);
      });
}

} // namespace pt2onnx::passes
