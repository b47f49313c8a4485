//===- TargetShape.h - Whether an Expand or Reshape target is its input's --===//
//
// Expand(x, s) and Reshape(x, s) give back x when every entry of s is
// provably x's dim at its position (s and x's shape aligned at their last
// dim), or an entry the op reads as that dim: a 1 for Expand, a copying 0 or
// one -1 for Reshape. drop-no-op-expand and drop-no-op-reshape make this
// check through one function, with the same reasons for a refusal.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_CANONICALIZE_TARGETSHAPE_H
#define PT2ONNX_PASSES_CANONICALIZE_TARGETSHAPE_H

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace pt2onnx::passes {

/// Whether the target shape `root` takes as operand 1 gives back its input,
/// operand 0: KnownInts knows every entry; the target is as long as the
/// input's rank or, with `mayBeShorter`, no longer; and each entry is the
/// input's dim it lines up with, or one `readsAsDim(i, entry)` accepts.
/// Reports the first reason it is not, for an entry "target entry i "
/// followed by `refusal`.
bool targetIsInputShape(ir::Operation &root, KnownIntsAnalysis &ints, bool mayBeShorter,
                        llvm::function_ref<bool(size_t, const ir::SymExpr &)> readsAsDim,
                        llvm::StringRef refusal, ir::PatternRewriter &rw);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_CANONICALIZE_TARGETSHAPE_H
