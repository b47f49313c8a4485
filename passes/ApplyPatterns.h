//===- ApplyPatterns.h - A pattern set run as the body of a pass ------------===//
//
// canonicalize, fold-constants and fuse-ops each collect their patterns and
// hand them to the greedy driver; this runs the driver for a pass, prefixes a
// driver error with the pass name and records how often each pattern applied
// as a statistic of the pass.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_APPLYPATTERNS_H
#define PT2ONNX_PASSES_APPLYPATTERNS_H

#include "ir/pass/Pass.h"
#include "ir/rewrite/GreedyRewriteDriver.h"

namespace pt2onnx::passes {

/// Applies `patterns` to `module` to a fixed point on behalf of `pass`,
/// printing why patterns did not match to stderr with `traceFailures` (each
/// pass's `trace-failures` option); returns whether anything changed.
inline llvm::Expected<bool> applyPatternsForPass(pass::Pass &pass, ir::Module &module,
                                                 const ir::PatternSet &patterns,
                                                 bool traceFailures,
                                                 ir::GreedyRewriteConfig config = {}) {
  config.traceFailures = traceFailures ? &llvm::errs() : nullptr;
  llvm::Expected<ir::GreedyRewriteResult> result =
      ir::applyPatternsGreedily(module, patterns, config);
  if (!result)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   pass.getName() + ": " + llvm::toString(result.takeError()));
  for (const auto &entry : result->applied)
    pass.addStatistic(entry.getKey(), entry.getValue());
  return result->changed;
}

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_APPLYPATTERNS_H
