//===- Patterns.h - The patterns the canonicalizer applies -----------------===//
//
// A canonicalization pattern looks at one op (the root) and its operands'
// definitions, and when it proves a simpler equivalent form, builds it and
// replaces the root. Patterns are exact: the rewritten program computes
// bit-identical results for every input the types allow. Each pattern (or
// tight family) has its own file and its own lit test,
// tests/lit/passes/canonicalize-<file>.mlir; `add<Name>Patterns` puts it in
// a set, and Canonicalize.cpp lists them in the order they are tried.
//
// Roots have one result and at least the operands their pattern names
// (malformed ops are left to the verifier). The patterns share a
// CanonicalizeContext: what KnownInts knows of small integer tensors,
// whether the module is functional, and the root names that claim to be
// op-table operators (anything but `onnx.*` and `ir.*`) but that the table
// does not have; the pattern set's unit test asserts there are none.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_CANONICALIZE_PATTERNS_H
#define PT2ONNX_PASSES_CANONICALIZE_PATTERNS_H

#include "ir/rewrite/Matchers.h"
#include "ir/rewrite/RewritePattern.h"
#include "passes/shapes/KnownInts.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace pt2onnx::passes {

/// What the patterns of one canonicalize run share; it forgets what
/// KnownInts knows of the ops the rewrites remove.
class CanonicalizeContext : public ir::RewriteListener {
public:
  explicit CanonicalizeContext(ir::Module &module) : module(module), ints(module) {}

  KnownIntsAnalysis &getInts() { return ints; }
  /// Whether no ATen op of the module writes in place or into an `out=`
  /// argument (so a copy and its input stay equal).
  bool isFunctional();

  /// Records, for checkRootKeys(), each of `rootNames` outside the `onnx`
  /// and `ir` dialects that is not an op-table key.
  void checkRootNames(llvm::ArrayRef<llvm::StringRef> rootNames);
  /// One message per unknown root name, with the table's closest keys.
  llvm::ArrayRef<std::string> checkRootKeys() const { return unknownRoots; }

  void notifyOperationReplaced(ir::Operation *op) override { ints.forget(*op); }
  void notifyOperationErased(ir::Operation *op) override { ints.forget(*op); }

private:
  ir::Module &module;
  KnownIntsAnalysis ints;
  std::optional<bool> functional;
  std::vector<std::string> unknownRoots;
};

class CanonicalizePattern : public ir::RewritePattern {
public:
  CanonicalizePattern(llvm::StringRef name, llvm::ArrayRef<llvm::StringRef> rootNames,
                      CanonicalizeContext &context, unsigned minOperands = 1)
      : RewritePattern(name, rootNames), context(context), minOperands(minOperands) {
    context.checkRootNames(rootNames);
  }

  bool matchAndRewrite(ir::Operation &root, ir::PatternRewriter &rw) final;

protected:
  /// Called on roots with one result and at least `minOperands` operands.
  virtual bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) = 0;

  CanonicalizeContext &context;

private:
  unsigned minOperands;
};

/// Every pattern below, in the order they are tried on an op of their root
/// names (Canonicalize.cpp).
void addCanonicalizePatterns(ir::PatternSet &patterns, CanonicalizeContext &context);

// One per file, in the order addCanonicalizePatterns adds them.
void addSameTypeViewPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addNoOpReshapePatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addSqueezePairPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addSqueezeBeforeTransposePatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addUnitReshapeBeforeTransposePatterns(ir::PatternSet &patterns,
                                           CanonicalizeContext &context);
void addViewChainPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addTransposePatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addNoOpExpandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addNoOpSlicePatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addForwardOperandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addCastPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addNeutralOperandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addSelectByMaskPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addScalarizeFilledOperandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addKnownShapeValuePatterns(ir::PatternSet &patterns, CanonicalizeContext &context);
void addAtenNoOpPatterns(ir::PatternSet &patterns, CanonicalizeContext &context);

// ---- Helpers patterns of several files share --------------------------------------

using Ints = llvm::SmallVector<int64_t, 4>;

/// Whether `op` is an ATen op that writes a tensor operand: in place
/// (`add_`) or into an `out=` argument.
bool writesInPlace(const ir::Operation &op);
/// Whether `op` is a view op of one result and its input: Reshape (with its
/// shape operand), Squeeze, Unsqueeze or Flatten.
bool isView(const ir::Operation *op);
/// Whether `op` is a Reshape with `allowzero` set.
bool allowsZero(const ir::Operation &op);
/// The constant axes of a Squeeze or Unsqueeze, normalized against `rank`
/// and sorted; nullopt when they are not constant (or absent).
std::optional<Ints> constantAxes(ir::Operation &op, KnownIntsAnalysis &ints, int64_t rank);
/// A Squeeze or Unsqueeze like `like` (axes as an input or an attribute, as
/// `like` has them) of `x` over `axes`.
ir::Value *createAxesOp(ir::PatternRewriter &rw, ir::Operation &like, ir::Value *x,
                        llvm::ArrayRef<int64_t> axes, const ir::Type &resultType);
/// The constant target shape with which a Reshape of a tensor of type `in`
/// gives type `out`: static dims, 0 for a dim that is the input's at the
/// same position, -1 for at most one other; nullopt when `out` cannot be
/// spelled so.
std::optional<Ints> reshapeTarget(const ir::Type &in, const ir::Type &out);
/// Replaces `root` by a Reshape of `x` to `root`'s result type; fails
/// when reshapeTarget cannot spell that type.
bool replaceByReshape(ir::Operation &root, ir::Value *x, ir::PatternRewriter &rw);
/// The `perm` attribute of a Transpose.
std::optional<Ints> permOf(const ir::Operation &op);
/// The bytes of every element of `v` when they are all the same: a dense
/// `ir.constant` or a ConstantOfShape. Weights do not count: a training
/// export changes them.
std::optional<std::vector<uint8_t>> splatBytes(ir::Value *v);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_CANONICALIZE_PATTERNS_H
