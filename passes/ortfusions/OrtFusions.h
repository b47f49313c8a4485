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
//   MultiHeadAttention.cpp      split heads, scaled scores, mask, Softmax, merged
//                               heads -> MultiHeadAttention
//   Attention.cpp               MultiHeadAttention of three projections of one x
//                               -> Attention (one packed projection)
//   RotaryEmbedding.cpp         Llama's rotate_half rotary (fuse-ops' match)
//                               -> RotaryEmbedding with [S, H / 2] caches
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_ORTFUSIONS_ORTFUSIONS_H
#define PT2ONNX_PASSES_ORTFUSIONS_ORTFUSIONS_H

#include "ir/rewrite/RewritePattern.h"

namespace pt2onnx::passes {

void addSkipLayerNormalizationFusions(ir::PatternSet &patterns);
void addBiasGeluFusion(ir::PatternSet &patterns);
void addQuickGeluFusion(ir::PatternSet &patterns);
void addTanhGeluFusion(ir::PatternSet &patterns);
void addMultiHeadAttentionFusion(ir::PatternSet &patterns);
void addAttentionFusion(ir::PatternSet &patterns);
void addOrtRotaryEmbeddingFusion(ir::PatternSet &patterns);

// ---- Helpers the fusions share ----------------------------------------------

/// A node `opType` of com.microsoft (version 1) before the insertion point.
ir::Operation *createContribOp(ir::PatternRewriter &rw, llvm::StringRef opType,
                               llvm::ArrayRef<ir::Value *> operands,
                               llvm::ArrayRef<ir::Type> resultTypes,
                               llvm::ArrayRef<ir::NamedAttribute> attrs = {});
/// A ranked float32 tensor type: the one element type every ONNX Runtime 1.23
/// CPU kernel these fusions write has (float16 is refused: see each file).
bool isRankedFloat32(const ir::Type &t);
/// Whether `v` is a rank-1 tensor of `t`'s element type whose one dim is
/// provably `t`'s last.
bool isLastDimVector(ir::Value *v, const ir::Type &t);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_ORTFUSIONS_ORTFUSIONS_H
