//===- Fusions.h - Decomposed forms to the single op the opset has ---------===//
//
// Each fusion is one pattern file: what it matches (the root and the ops
// around it), the checks it makes, every one failing with its reason, and
// the op it writes. They apply to modules lowered to opset 23 or later
// (fuse-ops checks that) and leave what they make unused to `dce`.
//
//   RMSNormalization.cpp   the RMS norm of HF models -> RMSNormalization
//   RotaryEmbedding.cpp    Llama's rotate_half rotary -> RotaryEmbedding
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_FUSIONS_FUSIONS_H
#define PT2ONNX_PASSES_FUSIONS_FUSIONS_H

#include "ir/rewrite/RewritePattern.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace pt2onnx::passes {

void addRMSNormalizationFusion(ir::PatternSet &patterns);
void addRotaryEmbeddingFusion(ir::PatternSet &patterns);

/// An RMS norm in the form RMSNormalization.cpp describes, rooted at its
/// ReduceMean: y = RMSNorm(x) * scale over the last `axes` dims of x.
struct RMSNormMatch {
  ir::Value *x;
  /// The weight, of the normalized shape; null for none (a scale of ones).
  ir::Value *scale;
  double epsilon;
  int64_t axes;
  /// The op whose one result is y, of x's type.
  ir::Operation *root;
  /// The other ops of the form, users before their operands.
  llvm::SmallVector<ir::Operation *, 10> dead;
  /// The ops of the form that use x.
  llvm::SmallVector<ir::Operation *, 2> usersOfX;
};

/// The RMS norm whose ReduceMean is `mean`, or nullopt after telling `rw`
/// why not. The match is what RMSNormalization computes; rewriting is the
/// caller's.
std::optional<RMSNormMatch> matchRMSNorm(ir::Operation &mean, ir::PatternRewriter &rw);
/// `m`'s scale, or a constant of ones made before the insertion point.
ir::Value *getRMSNormScale(const RMSNormMatch &m, ir::PatternRewriter &rw);
/// Erases `m.dead`, once `m.root` is replaced.
void eraseRMSNormRest(const RMSNormMatch &m, ir::PatternRewriter &rw);

/// A rotary embedding in the form RotaryEmbedding.cpp describes, rooted at
/// its Add: q * cos + rotate_half(q) * sin.
struct RotaryEmbeddingMatch {
  /// [B, H, S, D], D static and even.
  ir::Value *q;
  /// The tables: [B or 1, 1, S, D] of q's type, with provably equal halves.
  ir::Value *cos, *sin;
  /// The other ops of the form, users before their operands.
  llvm::SmallVector<ir::Operation *, 6> dead;
};

/// The rotary embedding whose Add is `add`, or nullopt after telling `rw`
/// why not. The match is what RotaryEmbedding computes from the first halves
/// of the tables; rewriting is the caller's.
std::optional<RotaryEmbeddingMatch> matchRotaryEmbedding(ir::Operation &add,
                                                         ir::PatternRewriter &rw);

/// The first halves of rotary tables, each made once per table and block.
class RotaryHalfTables {
public:
  /// c[:, 0, :, :D/2] as [B', S, D/2] for the table `c` [B', 1, S, D] of a
  /// match of q `q`, made before the insertion point the first time.
  ir::Value *get(ir::PatternRewriter &rw, ir::Value *c, ir::Value *q);

private:
  struct Entry {
    ir::Value *table;
    ir::Block *block;
    ir::Value *half;
  };
  /// Few: one per table and block.
  llvm::SmallVector<Entry, 4> entries;
};

// ---- Helpers both fusions use ---------------------------------------------------

/// A fusion rooted at a binary op of one result: other roots are refused
/// with `arityRefusal` before matchAndRewriteRoot looks at them.
class FusionPattern : public ir::RewritePattern {
public:
  FusionPattern(llvm::StringRef name, llvm::StringRef rootName, llvm::StringRef arityRefusal)
      : RewritePattern(name, {rootName}), arityRefusal(arityRefusal) {}

  bool matchAndRewrite(ir::Operation &root, ir::PatternRewriter &rw) final;

protected:
  /// Called on roots with two operands and one result.
  virtual bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) = 0;

private:
  llvm::StringRef arityRefusal;
};

/// The elements of `v` when it is an integer `ir.constant`.
std::optional<llvm::SmallVector<int64_t, 4>> constantInts(ir::Value *v);
/// The value of an `ir.constant` with one floating-point element.
std::optional<double> scalarFloat(ir::Value *v);
/// A ranked float32 or float16 tensor type: ONNX Runtime 1.23 has neither
/// fused op for bfloat16.
bool isFusableFloat(const ir::Type &t);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_FUSIONS_FUSIONS_H
