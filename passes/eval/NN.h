//===- NN.h - Helpers of the neural-network rule families -------------------===//
//
// The convolution, pooling, normalization, matrix-product, activation and
// attention rules compute in double over whole tensors: they read their
// float operands into double buffers once and write the result, rounded
// once, from one. Spatial ops take torch's per-dim lists, which may hold
// one value for every dim, and accept unbatched inputs.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_EVAL_NN_H
#define PT2ONNX_PASSES_EVAL_NN_H

#include "passes/eval/Rules.h"

#include <vector>

namespace pt2onnx::passes::eval {

/// The elements of a float tensor as doubles; nullopt (and a failure) for
/// other element types.
std::optional<std::vector<double>> floatsOf(EvalContext &ctx, const Tensor &t);

/// A tensor of `dtype` (a float type) and `shape` holding `values`, each
/// rounded once; nullopt (and a failure) beyond the element limit.
std::optional<Tensor> tensorOfFloats(EvalContext &ctx, ir::DType dtype,
                                     llvm::ArrayRef<int64_t> shape,
                                     llvm::ArrayRef<double> values);

/// A rank-0 float or number argument (a Scalar, or a float attribute) as a
/// double, or `defaultValue` when absent.
std::optional<double> numberArg(EvalContext &ctx, llvm::StringRef arg, double defaultValue);

/// The int list `arg` with one entry per spatial dim: a single value is
/// repeated, absent or empty gives `defaultValue` everywhere; nullopt (and a
/// failure) for another length.
std::optional<Shape> perDim(EvalContext &ctx, llvm::StringRef arg, size_t n,
                            int64_t defaultValue);

/// An ONNX per-dim attribute: absent gives `defaultValue` everywhere.
std::optional<Shape> onnxPerDim(EvalContext &ctx, llvm::StringRef arg, size_t n,
                                int64_t defaultValue);

/// ONNX `pads` ([begin..., end...]), or zeros when absent.
std::optional<Shape> onnxPads(EvalContext &ctx, size_t n);

/// The `axis`-th dim onward of `shape` collapsed: [prod(before), prod(after)].
std::pair<int64_t, int64_t> splitAt(llvm::ArrayRef<int64_t> shape, size_t axis);

} // namespace pt2onnx::passes::eval

#endif // PT2ONNX_PASSES_EVAL_NN_H
