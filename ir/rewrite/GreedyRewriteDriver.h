//===- GreedyRewriteDriver.h - Apply patterns until none applies -----------===//
//
// Applies a PatternSet to a module with a worklist rather than repeated
// sweeps: every op is visited once in program order, and an op is visited
// again only when something it looks at changed (a rewrite created it,
// replaced or changed one of its operands, or changed the uses of an
// operand's definition). On each visit the op's patterns are tried in the
// set's order and the first that rewrites ends the visit.
//
// Given a purity predicate, the driver also erases pure ops left without
// uses as it goes, so that single-use conditions see the program as it is.
// It stops with an error when the rewrites go on far beyond the program's
// size (a pattern set that does not reach a fixed point), and returns how
// often each pattern applied. With a trace stream, every refusal prints as
// `pattern P on op X: reason`.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_REWRITE_GREEDYREWRITEDRIVER_H
#define PT2ONNX_IR_REWRITE_GREEDYREWRITEDRIVER_H

#include "ir/rewrite/RewritePattern.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

namespace pt2onnx::ir {

struct GreedyRewriteConfig {
  /// When set, ops without uses, without regions and for which this holds
  /// are erased as the driver meets them.
  std::function<bool(const Operation &)> isPure;
  /// The most rewrites before the driver gives up; 0 stands for 16 per op
  /// of the module plus 1024.
  int64_t maxRewrites = 0;
  /// Also told of every op created, replaced, erased or modified.
  RewriteListener *listener = nullptr;
  /// Where to print why each pattern tried did not apply, if anywhere.
  llvm::raw_ostream *traceFailures = nullptr;
};

struct GreedyRewriteResult {
  bool changed = false;
  /// How many times each pattern applied, by pattern name; patterns that
  /// never applied are absent.
  llvm::StringMap<int64_t> applied;
  /// Pure ops erased for having no uses.
  int64_t erasedDead = 0;
};

/// Applies `patterns` to `module` until none applies.
llvm::Expected<GreedyRewriteResult> applyPatternsGreedily(Module &module,
                                                          const PatternSet &patterns,
                                                          const GreedyRewriteConfig &config = {});

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_REWRITE_GREEDYREWRITEDRIVER_H
