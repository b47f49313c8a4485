//===- Refusals.cpp - Why an op has no lowering, where the reason is known --===//

#include "lowering/Refusals.h"

namespace pt2onnx::lowering {

const schema::OpKeyedMap<std::string> &getRefusals() {
  static const schema::OpKeyedMap<std::string> refusals = [] {
    schema::OpKeyedMap<std::string> r;
    r.add("aten.hash_tensor.default",
          "reinterprets its elements' bits as 64-bit integers (ONNX has no bit cast) and "
          "reduces them by exclusive or: compute the hash outside the model");
    r.add("torchvision.deform_conv2d.default",
          "ONNX's DeformConv has no kernel in ONNX Runtime's CPU provider, so a model with it "
          "would not run");
    const std::string fft =
        "the Core ATen form of an FFT, which pt2onnx does not lower: it lowers torch.fft's own "
        "ops (fft_fft, fft_rfft, fft_irfft, ...), which a program keeps unless "
        "run_decompositions() breaks them up";
    r.add("aten._fft_r2c.default", fft);
    r.add("aten._fft_c2r.default", fft);
    r.add("aten._fft_c2c.default", fft);
    const std::string layout =
        "asks for a tensor's memory layout, which ONNX tensors do not have: remove the "
        "is_contiguous() test from the exported code";
    r.add("aten.sym_is_contiguous.default", layout);
    r.add("aten.is_contiguous.default", layout);
    // lowering/aten/factorization.cpp computes eigenvalues and singular
    // values (eigvalsh, svdvals), not the vectors or cutoffs these need.
    const std::string vectors =
        "needs eigenvectors or singular vectors, whose signs are LAPACK's choice (pt2onnx lowers "
        "linalg.eigvalsh and linalg.svdvals)";
    for (const char *op :
         {"aten._linalg_eigh.default", "aten._linalg_svd.default", "aten.linalg_eigh.default",
          "aten.linalg_matrix_sqrth.default", "aten.linalg_polar.default",
          "aten.linalg_svd.default", "aten.svd.default"})
      r.add(op, vectors);
    const std::string general = "needs the eigenvalues of a general matrix, which are complex";
    r.add("aten.linalg_eig.default", general);
    r.add("aten.linalg_eigvals.default", general);
    const std::string cutoff =
        "compares singular values with a tolerance, which rounding tips either way for a "
        "rank-deficient matrix (pt2onnx lowers linalg.svdvals)";
    for (const char *op :
         {"aten.linalg_matrix_rank.atol_rtol_float", "aten.linalg_matrix_rank.atol_rtol_tensor",
          "aten.linalg_matrix_rank.default", "aten.linalg_matrix_rank.tol_tensor",
          "aten.linalg_pinv.atol_rtol_float", "aten.linalg_pinv.atol_rtol_tensor",
          "aten.linalg_pinv.default", "aten.linalg_pinv.rcond_tensor", "aten.pinverse.default"})
      r.add(op, cutoff);
    // What the decompositions of passes/decompose/MatrixNorm.cpp leave.
    const std::string norm = "ord 2, -2 and 'nuc' are supported over the last two dims only, "
                             "and a dtype argument is not supported";
    for (const char *op : {"aten.linalg_matrix_norm.default", "aten.linalg_matrix_norm.str_ord",
                           "aten.linalg_norm.default", "aten.linalg_norm.ord_str",
                           "aten.nuclear_norm.default", "aten.nuclear_norm.dim"})
      r.add(op, norm);
    return r;
  }();
  return refusals;
}

std::string missingRuleReason(llvm::StringRef name) {
  if (const std::string *reason = getRefusals().lookup(name))
    return *reason;
  // torch.vmap in a program saved before run_decompositions: markers around
  // ops that still see one sample's shapes.
  if (name.startswith("torch._functorch.predispatch."))
    return "torch.vmap left unapplied (the program was saved before run_decompositions): "
           "pt2onnx does not batch ops itself; save ep.run_decompositions(), which applies "
           "vmap, and convert that";
  const schema::OpSchema *op = schema::lookupOp(name);
  if (op && op->isInPlace())
    return "an in-place op: run the functionalize pass before lower-aten";
  if (op && op->isMutating())
    return "writes its arguments: run the functionalize pass before lower-aten";
  // `convolution_backward`, `_softmax_backward_data`, ...
  if (op && (op->getName().endswith("_backward") || op->getName().contains("_backward_")))
    return "a gradient op: pt2onnx converts forward programs (export the model, not its "
           "backward pass)";
  return "no lowering rule";
}

} // namespace pt2onnx::lowering
