//===- OrtFusions.h - Forms ONNX Runtime runs as one contrib op -------------===//
//
// The fusions of fuse-ort (`--optimize-for onnxruntime`): each pattern file
// rewrites a form of the lowered model into an op of ONNX Runtime's
// com.microsoft domain (version 1), only where ONNX Runtime 1.23's CPU kernel
// accepts the types and shapes and computes the same values; every refusal
// says why. fuse-ort erases what a fusion leaves unused as it goes.
//
//   SkipLayerNormalization.cpp  Add + LayerNormalization -> SkipLayerNormalization,
//                               Add + RMS norm -> SkipSimplifiedLayerNormalization
//   BiasGelu.cpp                Gelu(x + bias) -> BiasGelu or FastGelu
//   QuickGelu.cpp               x * Sigmoid(alpha * x) -> QuickGelu
//   TanhGelu.cpp                GPT-2's hand-written tanh Gelu -> FastGelu
//   MultiHeadAttention.cpp      split heads, scaled scores (and q), mask, Softmax,
//                               merged heads -> MultiHeadAttention
//   Attention.cpp               MultiHeadAttention of three projections of one x
//                               -> Attention (one packed projection)
//   GroupQueryAttention.cpp     causal attention of k/v heads repeated per
//                               group, with or without a KV cache (past
//                               Concat) -> GroupQueryAttention
//   RotaryEmbedding.cpp         Llama's rotate_half rotary (fuse-ops' match)
//                               -> RotaryEmbedding with [S, H / 2] caches
//   Conv1dAsConv2d.cpp          a float32 1-D Conv -> a 2-D Conv of height 1,
//                               which ONNX Runtime runs in its blocked layout
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_ORTFUSIONS_ORTFUSIONS_H
#define PT2ONNX_PASSES_ORTFUSIONS_ORTFUSIONS_H

#include "ir/rewrite/RewritePattern.h"

namespace pt2onnx::passes {

class ConstantFolder;
class KnownIntsAnalysis;

/// SkipLayerNormalization reads `constants` to find zero biases.
void addSkipLayerNormalizationFusions(ir::PatternSet &patterns, ConstantFolder &constants);
void addBiasGeluFusion(ir::PatternSet &patterns);
void addQuickGeluFusion(ir::PatternSet &patterns);
void addTanhGeluFusion(ir::PatternSet &patterns);
void addMultiHeadAttentionFusion(ir::PatternSet &patterns);
void addAttentionFusion(ir::PatternSet &patterns);
void addOrtRotaryEmbeddingFusion(ir::PatternSet &patterns);
/// GroupQueryAttention reads what `ints` knows of sizes (the past length).
void addGroupQueryAttentionFusion(ir::PatternSet &patterns, KnownIntsAnalysis &ints);
void addConv1dAsConv2dPattern(ir::PatternSet &patterns);

// ---- Helpers the fusions share ----------------------------------------------

/// A node `opType` of com.microsoft (version 1) before the insertion point.
ir::Operation *createContribOp(ir::PatternRewriter &rw, llvm::StringRef opType,
                               llvm::ArrayRef<ir::Value *> operands,
                               llvm::ArrayRef<ir::Type> resultTypes,
                               llvm::ArrayRef<ir::NamedAttribute> attrs = {});
/// The value of an omitted optional operand, made before the insertion point.
ir::Value *noneValue(ir::PatternRewriter &rw);
/// A ranked float32 tensor type: the one element type every ONNX Runtime 1.23
/// CPU kernel these fusions write has (float16 is refused: see each file).
bool isRankedFloat32(const ir::Type &t);
/// Whether `v` is a rank-1 tensor of `t`'s element type whose one dim is
/// provably `t`'s last.
bool isLastDimVector(ir::Value *v, const ir::Type &t);
/// Whether `op` has the `perm` attribute `perm`.
bool hasPerm(const ir::Operation &op, llvm::ArrayRef<int64_t> perm);
/// The one-use op named `name` that defines `v`, else null.
ir::Operation *soleDefinedBy(ir::Value *v, llvm::StringRef name);
bool isStatic(const ir::Dim &d, int64_t size);
/// The [B, T, D] input whose heads `t` (a Transpose by `perm` of a one-use
/// Reshape to [B, T, N, H]) are; null otherwise. Sets `heads` and `headSize`
/// from the first input it sees and checks them on the others. The heads may
/// also be read by Shape ops (lower-aten sizes a mask from them): then the
/// split stays for those and goes when they do (fuse-ort erases what is left
/// unused); else its ops are appended to `ops`, to erase.
ir::Value *splitHeadsInput(ir::Value *t, llvm::ArrayRef<int64_t> perm, int64_t &heads,
                           int64_t &headSize, llvm::SmallVectorImpl<ir::Operation *> &ops);

/// The constant axes of a ReduceMax: its axes input (opset 18 on) or
/// attribute (below).
std::optional<llvm::SmallVector<int64_t, 4>> reduceAxes(const ir::Operation &op);

/// lower-aten's zeroing of the rows a mask hides entirely:
///   Where(Equal(ReduceMax(rows, [last axis], keepdims 1), hiddenMax), 0, x)
/// with one use of each op; x, and `rows`, `hiddenMax`, `rowMax` and the
/// ops (Where, Equal, ReduceMax appended to `ops`) when `v` is that, else
/// null.
ir::Value *matchZeroedRows(ir::Value *v, ir::Value *&rows, double &hiddenMax,
                           ir::Operation *&rowMax, llvm::SmallVectorImpl<ir::Operation *> &ops);

/// `fused` ([B, S, D], the output of a com.microsoft attention) with the
/// rows zeroed that the float32 attention bias `bias` ([B or 1, 1, S, L])
/// hides entirely (-inf throughout): NaN in ONNX Runtime's ops, 0 in torch.
/// The ReduceMax takes the form of `formRowMax`, the one it replaces (axes
/// as input or attribute).
ir::Value *zeroRowsTheBiasHides(ir::PatternRewriter &rw, ir::Value *fused, ir::Value *bias,
                                const ir::Operation &formRowMax);

/// Why the standard onnx.Attention `att` (opset 23) is not a plain one for
/// a com.microsoft attention to take: an attribute other than scale,
/// is_causal, softcap and qk_matmul_output_mode, a causal mask, a softcap, a
/// qk output, no scale; null when it is plain, with `scale` set.
const char *whyNotPlainAttention(const ir::Operation &att, double &scale);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_ORTFUSIONS_ORTFUSIONS_H
