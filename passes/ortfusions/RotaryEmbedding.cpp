//===- RotaryEmbedding.cpp - Llama's rotary as ONNX Runtime's contrib op ---===//
//
//   q * cos + Concat(-q[..., d/2:], q[..., :d/2]) * sin
//       -> com.microsoft.RotaryEmbedding(q, [0], cos[0, 0, :, :d/2], sin[0, 0, :, :d/2])
//
// The rotate_half form fuse-ops makes onnx.RotaryEmbedding of from opset 23
// (matchRotaryEmbedding of passes/fusions/RotaryEmbedding.cpp: q [B, N, S, H],
// tables [B or 1, 1, S, H] with provably equal halves), for the opsets
// below, where fuse-ops leaves it. ONNX Runtime's op reads a 4-D input as
// [B, N, S, H] and rotates position p of the sequence by row
// position_ids[0] + p of the [max positions, H / 2] caches when
// position_ids is the one-element offset [0]: the caches are the tables'
// first halves, rows 0 to S - 1, whatever computed them (HF computes them
// from the positions at run time; the fused op reads the same rows). Its
// non-interleaved rotation is x1 * cos - x2 * sin and x2 * cos + x1 * sin,
// the values of the form. A table per batch row (a [B, 1, S, H] table of
// another batch than 1) has no such cache: refused. ONNX Runtime's kernel
// runs float32; float16 is refused as in every fuse-ort fusion.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"
#include "passes/ortfusions/OrtFusions.h"

#include <vector>

namespace pt2onnx::passes {

namespace {

using ir::Dim;
using ir::Operation;
using ir::Type;
using ir::Value;

class OrtRotaryEmbeddingFusion : public ir::RewritePattern {
public:
  OrtRotaryEmbeddingFusion() : RewritePattern("fuse-ort-rotary-embedding", {"onnx.Add"}) {}

  bool matchAndRewrite(Operation &add, ir::PatternRewriter &rw) override {
    std::optional<RotaryEmbeddingMatch> m = matchRotaryEmbedding(add, rw);
    if (!m)
      return false;
    const Type &type = m->q->getType();
    if (!isRankedFloat32(type))
      return rw.notifyMatchFailure(add, "q is not float32");
    if (m->cos->getType().getShape()[0] != Dim(1) || m->sin->getType().getShape()[0] != Dim(1))
      return rw.notifyMatchFailure(add, "a table has a batch dim other than 1 (ONNX Runtime's "
                                        "caches are one table for every batch row)");
    rw.setInsertionPoint(&add);
    Value *cosCache = cache(rw, m->cos, m->q);
    Value *sinCache = cache(rw, m->sin, m->q);
    Value *fused =
        createContribOp(rw, "RotaryEmbedding", {m->q, rw.createI64s({0}), cosCache, sinCache},
                        {type}, {{"interleaved", ir::Attribute::integer(0)}})
            ->getResult(0);
    rw.replaceOp(&add, {fused});
    for (Operation *op : m->dead)
      rw.eraseOp(op);
    return true;
  }

private:
  /// The [S, H / 2] cache of table `c` [1, 1, S, H] of q: its first half
  /// without the batch dim, made once per table and block.
  Value *cache(ir::PatternRewriter &rw, Value *c, Value *q) {
    Value *half = halves.get(rw, c, q);
    for (const Squeezed &s : squeezed)
      if (s.half == half)
        return s.value;
    llvm::ArrayRef<Dim> hs = half->getType().getShape();
    Value *value = rw.createValue("onnx.Squeeze", {half, rw.createI64s({0})},
                                  Type::tensor(half->getType().getDType(), {hs[1], hs[2]}));
    squeezed.push_back({half, value});
    return value;
  }

  struct Squeezed {
    Value *half;
    Value *value;
  };

  RotaryHalfTables halves;
  /// The caches made so far in this run; few (one per table and block).
  std::vector<Squeezed> squeezed;
};

} // namespace

void addOrtRotaryEmbeddingFusion(ir::PatternSet &patterns) {
  patterns.add<OrtRotaryEmbeddingFusion>();
}

} // namespace pt2onnx::passes
