//===- KeptWhole.cpp - Composite ops the lowering takes whole ---------------===//
//
// The legal set of the decomposition layer: what `decompose` leaves for the
// lowering. It is Core ATen, the ops torch has no CompositeImplicitAutograd
// kernel for (torch itself cannot break them up further), and the composite
// ops listed here, which pt2onnx lowers whole because ONNX has a direct form
// that breaking them up would lose: a Conv, a LayerNormalization, an
// Attention, a recurrent op, a Resize, one Cast.
//
// The list is the one place where that choice is made; the unit test holds
// it to the op table and to the other tables: each entry is a composite
// overload with a lowering rule and no decomposition, and every composite
// overload with a lowering rule is listed here.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

// clang-format off
constexpr llvm::StringLiteral kKeptWhole[] = {
    // One ONNX op each, or a Cast: bitwise and logical forms by dtype, Max/Min, Where,
    // IsInf/IsNaN, Mul, the dtype conversions.
    "aten.__and__.Scalar",
    "aten.__and__.Tensor",
    "aten.__or__.Scalar",
    "aten.__or__.Tensor",
    "aten.__xor__.Scalar",
    "aten.__xor__.Tensor",
    "aten.isfinite.default",
    "aten.max.other",
    "aten.min.other",
    "aten.square.default",
    "aten.to.device",
    "aten.to.dtype",
    "aten.to.dtype_layout",
    "aten.to.other",
    "aten.type_as.default",
    "aten.where.Scalar",
    "aten.where.ScalarOther",
    "aten.where.ScalarSelf",
    // Convolutions and pools as ONNX's, upsampling as one Resize (nearest_exact
    // is Resize's round_prefer_ceil on half-pixel coordinates), antialiased
    // upsampling as two MatMuls by weight matrices, grid_sampler as GridSample.
    "aten._upsample_bicubic2d_aa.vec",
    "aten._upsample_bilinear2d_aa.vec",
    "aten._upsample_nearest_exact1d.vec",
    "aten._upsample_nearest_exact2d.vec",
    "aten._upsample_nearest_exact3d.vec",
    "aten.adaptive_avg_pool2d.default",
    "aten.adaptive_avg_pool3d.default",
    "aten.adaptive_max_pool1d.default",
    "aten.conv1d.default",
    "aten.conv1d.padding",
    "aten.conv2d.default",
    "aten.conv2d.padding",
    "aten.conv3d.default",
    "aten.conv3d.padding",
    "aten.conv_transpose1d.default",
    "aten.conv_transpose2d.input",
    "aten.conv_transpose3d.input",
    "aten.grid_sampler.default",
    "aten.max_pool1d.default",
    "aten.max_pool1d_with_indices.default",
    "aten.max_pool2d.default",
    "aten.max_pool3d.default",
    "aten.upsample_bicubic2d.vec",
    "aten.upsample_linear1d.vec",
    "aten.upsample_nearest1d.vec",
    "aten.upsample_nearest3d.vec",
    "aten.upsample_trilinear3d.vec",
    // Normalizations as BatchNormalization, GroupNormalization,
    // InstanceNormalization, LayerNormalization, RMSNormalization; weight
    // normalization as one norm and a product.
    "aten._weight_norm.default",
    "aten.batch_norm.default",
    "aten.group_norm.default",
    "aten.instance_norm.default",
    "aten.layer_norm.default",
    "aten.rms_norm.default",
    // Softmax forms, dropout (the identity in inference) and the activations
    // with an ONNX op.
    "aten.dropout.default",
    "aten.log_softmax.int",
    "aten.prelu.default",
    "aten.relu6.default",
    "aten.selu.default",
    "aten.softmax.int",
    // Contractions as MatMul, Gemm or Einsum.
    "aten.einsum.default",
    "aten.ger.default",
    "aten.linear.default",
    "aten.matmul.default",
    "aten.outer.default",
    // Determinants, inverses, solves, LU factors, matrix powers, condition
    // numbers, tensor inverses and solves, each built on one unrolled LU or
    // Cholesky factorization, and eigenvalues and singular values by Jacobi
    // rotations (lowering/aten/factorization.cpp): torch's decompositions end in
    // LAPACK-backed ops (_linalg_det, linalg_lu_factor_ex, _linalg_eigh, ...)
    // whose extra factors, pivots, vectors and info the composite drops.
    "aten._lu_with_info.default",
    "aten.det.default",
    "aten.inverse.default",
    "aten.linalg_cholesky.default",
    "aten.linalg_cond.default",
    "aten.linalg_cond.p_str",
    "aten.linalg_det.default",
    "aten.linalg_eigvalsh.default",
    "aten.linalg_inv.default",
    "aten.linalg_lu_factor.default",
    "aten.linalg_matrix_power.default",
    "aten.linalg_slogdet.default",
    "aten.linalg_solve.default",
    "aten.linalg_solve_ex.default",
    "aten.linalg_svdvals.default",
    "aten.linalg_tensorinv.default",
    "aten.linalg_tensorsolve.default",
    "aten.logdet.default",
    "aten.lu_solve.default",
    "aten.matrix_power.default",
    "aten.slogdet.default",
    // Bags of embeddings as one Gather and ScatterND reductions into the bags.
    "aten.embedding_bag.default",
    "aten.embedding_bag.padding_idx",
    // Attention as ONNX Attention (opset 23) or its MatMul/Softmax form;
    // recurrent networks as ONNX's GRU, LSTM and RNN; the short-time Fourier
    // transform as STFT, the FFTs as MatMuls with DFT matrices (torch's
    // decompositions go through complex intermediates).
    "aten.scaled_dot_product_attention.default",
    "aten.gru.input",
    "aten.lstm.input",
    "aten.rnn_relu.input",
    "aten.rnn_tanh.input",
    "aten.stft.default",
    "aten.fft_fft.default",
    "aten.fft_fft2.default",
    "aten.fft_fftn.default",
    "aten.fft_hfft.default",
    "aten.fft_hfft2.default",
    "aten.fft_hfftn.default",
    "aten.fft_ifft.default",
    "aten.fft_ifft2.default",
    "aten.fft_ifftn.default",
    "aten.fft_ihfft.default",
    "aten.fft_ihfft2.default",
    "aten.fft_ihfftn.default",
    "aten.fft_irfft.default",
    "aten.fft_irfft2.default",
    "aten.fft_irfftn.default",
    "aten.fft_rfft.default",
    "aten.fft_rfft2.default",
    "aten.fft_rfftn.default",
    // Reductions in one pass: sorting as TopK (quantiles over one sort, with
    // torch's rank and lerp arithmetic), histograms as one ScatterElements
    // count, variance with its correction, distances over one broadcast
    // difference.
    "aten.argsort.default",
    "aten.argsort.stable",
    "aten.histogramdd.TensorList_bins",
    "aten.histogramdd.default",
    "aten.histogramdd.int_bins",
    "aten.nanquantile.default",
    "aten.nanquantile.scalar",
    "aten.quantile.default",
    "aten.quantile.scalar",
    "aten.std.default",
    "aten.std.dim",
    "aten.var.default",
    "aten.cdist.default",
    "aten.pdist.default",
    // Shape ops as one Split, Reshape, Transpose, Expand, Slice, Pad or Tile.
    "aten.chunk.default",
    "aten.contiguous.default",
    "aten.expand_as.default",
    "aten.flatten.using_ints",
    "aten.mT.default",
    "aten.meshgrid.default",
    "aten.meshgrid.indexing",
    "aten.movedim.int",
    "aten.narrow.default",
    "aten.pad.default",
    "aten.repeat_interleave.self_int",
    "aten.reshape.default",
    "aten.reshape_as.default",
    "aten.split.sizes",
    "aten.swapaxes.default",
    "aten.swapdims.default",
    "aten.tensor_split.tensor_indices_or_sections",
    "aten.tile.default",
    "aten.unflatten.int",
    "aten.view_as.default",
    // Fake quantization as a QuantizeLinear / DequantizeLinear pair, which ONNX Runtime runs
    // as quantized kernels.
    "aten.fake_quantize_per_channel_affine.default",
    "aten.fake_quantize_per_tensor_affine.default",
    "aten.fake_quantize_per_tensor_affine.tensor_qparams",
    // The normal distribution function from erfc, accurate in both tails
    // (its decomposition, (1 + erf(x / sqrt(2))) / 2, loses the left tail).
    "aten.special_ndtr.default",
    // A query of how torchvision was built, which `import torchvision` inside forward leaves in
    // the program: unused, it lowers to nothing.
    "torchvision._cuda_version.default",
    // A scalar read of a one-element tensor; one_hot as OneHot.
    "aten.item.default",
    "aten.one_hot.default",
};
// clang-format on

} // namespace

llvm::ArrayRef<llvm::StringLiteral> getKeptWholeOps() { return kKeptWhole; }

bool isKeptWhole(llvm::StringRef key) { return llvm::is_contained(kKeptWhole, key); }

} // namespace pt2onnx::passes
