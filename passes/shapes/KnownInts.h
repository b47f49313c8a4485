//===- KnownInts.h - What is known of small integer tensors ----------------===//
//
// Shape computations (`Shape`, `Gather` of a shape, `Concat`, arithmetic on
// their results, a torch SymInt) produce small integer tensors whose elements
// a pass can often name without running the program: a constant, a dim of a
// value (`s0`), or an expression over them (`2*s0 + 1`). KnownInts is that
// knowledge, one SymExpr per element and null where an element is not known.
// It is what lets shape inference type a Reshape whose target shape is
// computed at run time, and canonicalization fold a shape computation once
// every element is a constant.
//
// Tracked values: integer tensors of rank 0 or 1 with at most kMaxKnownInts
// elements, and torch SymInts (one element). Constants are dense literals. Everything an element
// says holds for every execution that satisfies the symbols' ranges: integer division is only
// modelled where operands are non-negative, casts only where the value provably fits.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_SHAPES_KNOWNINTS_H
#define PT2ONNX_PASSES_SHAPES_KNOWNINTS_H

#include "ir/Module.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>

namespace pt2onnx::passes {

/// The elements of a small integer tensor; a null element is unknown.
using KnownInts = llvm::SmallVector<ir::SymExpr, 4>;

/// Longer integer tensors are not tracked.
constexpr size_t kMaxKnownInts = 64;

/// The values of an integer `ir.constant` (a dense literal of at most
/// kMaxKnownInts elements, or an ATen integer scalar), or nullopt. Weights
/// are not read: they are the program's data, which a training export goes
/// on changing.
std::optional<llvm::SmallVector<int64_t, 4>> getConstantInts(const ir::Operation &constant);
/// The values of a floating-point `ir.constant` dense literal (float16,
/// bfloat16, float32, float64) of at most kMaxKnownInts elements, or nullopt.
std::optional<llvm::SmallVector<double, 4>> getConstantFloats(const ir::Operation &constant);

/// Whether `t` is a type KnownInts tracks.
bool isTrackedIntType(const ir::Type &t);

/// Memoized KnownInts of values, computed from their definitions on demand.
/// Valid while the values it was asked about keep their meaning; a pass that
/// erases an op calls forget() on its results first.
class KnownIntsAnalysis {
public:
  explicit KnownIntsAnalysis(ir::Module &module) : module(module) {}

  /// What is known of `v`'s elements, or null when `v` is not tracked (not
  /// a small integer tensor, or its length is unknown).
  const KnownInts *lookup(const ir::Value *v);
  /// The elements of `v` when all of them are constants.
  std::optional<llvm::SmallVector<int64_t, 4>> lookupConstants(const ir::Value *v);
  /// Drops what is remembered about the results of `op`.
  void forget(const ir::Operation &op);

  ir::SymContext &getSymContext() const { return module.getSymContext(); }

private:
  std::optional<KnownInts> compute(const ir::Value *v, unsigned depth);
  const KnownInts *lookup(const ir::Value *v, unsigned depth);

  ir::Module &module;
  /// Null for values that are not tracked; boxed so that pointers handed
  /// out stay valid while the map grows.
  llvm::DenseMap<const ir::Value *, std::unique_ptr<KnownInts>> cache;
};

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_SHAPES_KNOWNINTS_H
