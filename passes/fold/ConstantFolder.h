//===- ConstantFolder.h - The constants fold-constants reads and makes -----===//
//
// What the fold-constants patterns share in one run: the value of each
// constant they may use (literals, and weights with data unless they are
// parameters kept for training), cached as views; the making of new
// constants (dense literals up to 1 KiB, new module weights beyond, named
// after the value they replace); the replacement of a weight's bytes in
// place when nothing else refers to it; and the release of the pages of
// mapped weights once a fold has read them.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_FOLD_CONSTANTFOLDER_H
#define PT2ONNX_PASSES_FOLD_CONSTANTFOLDER_H

#include "ir/rewrite/RewritePattern.h"
#include "passes/eval/Tensor.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <memory>

namespace pt2onnx::passes {

class ConstantFolder {
public:
  /// Reads `module`'s weight references, value names and, with
  /// `keepParameters`, the parameters of its main graph.
  ConstantFolder(ir::Module &module, int64_t limit, bool keepParameters);

  /// The most elements a folded result may have.
  int64_t getLimit() const { return limit; }
  /// Whether a result of type `t` is known to be over the limit.
  bool overLimit(const ir::Type &t) const;

  /// The value of `v` when it is a constant the pass may use, else null.
  const eval::Tensor *constantOf(ir::Value *v);
  /// Drops what is known of `op`'s results, as `op` is about to be erased:
  /// a value made later may take the address of one of them. A pass whose
  /// driver erases constants calls it (fold-constants' never does).
  void forget(const ir::Operation &op);
  /// An `ir.constant` holding `t`, standing for `old` (whose name it takes),
  /// created by `rw` at its insertion point.
  ir::Value *materialize(ir::PatternRewriter &rw, eval::Tensor t, const ir::Value *old);
  /// A constant holding `t` in place of the constant `old`: `old` itself,
  /// its weight's bytes replaced, when nothing else refers to that weight;
  /// a new constant otherwise.
  ir::Value *replaceConstant(ir::PatternRewriter &rw, ir::Value *old, eval::Tensor t);
  /// Gives back the pages of the mapped weights among `values` once they
  /// have been read: the data of a fold's inputs need not stay in memory.
  void releaseReadWeights(llvm::ArrayRef<ir::Value *> values) const;

private:
  const eval::Tensor *remember(const ir::Value *v, eval::Tensor t);
  std::string uniqueWeightName(llvm::StringRef base);
  void collectValueNames();
  void collectParameters();

  ir::Module &module;
  int64_t limit;
  bool keepParameters;
  llvm::StringSet<> parameters;
  /// Constants read or made so far (weights are views, not copies), at
  /// stable addresses.
  llvm::DenseMap<const ir::Value *, std::unique_ptr<eval::Tensor>> constants;
  /// How many `ir.constant` ops refer to each weight.
  llvm::StringMap<unsigned> weightRefs;
  llvm::StringSet<> valueNames;
};

void addEvaluateConstantOpPattern(ir::PatternSet &patterns, ConstantFolder &folder);
void addBatchNormIntoConvPattern(ir::PatternSet &patterns, ConstantFolder &folder);
void addConstantConditionPattern(ir::PatternSet &patterns, ConstantFolder &folder);
void addZeroPlusBiasedPattern(ir::PatternSet &patterns, ConstantFolder &folder);
void addZeroPlusUnseenSignPattern(ir::PatternSet &patterns, ConstantFolder &folder);
void addZeroBiasPattern(ir::PatternSet &patterns, ConstantFolder &folder);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_FOLD_CONSTANTFOLDER_H
