//===- spectral.cpp - STFT and the complex <-> real-pair views ---------------------===//
//
// ONNX has no complex tensors; a complex tensor is carried as real pairs, a
// trailing dim of 2 (real, imaginary), as ONNX's STFT/DFT produce them. Only
// rules registered with addAcceptingComplex see such values (the driver
// refuses complex operands elsewhere): here stft and view_as_real /
// view_as_complex, and abs, view/reshape and sym_size in their families.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <cmath>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::Value;

// aten.stft.default(self, n_fft, hop_length=None, win_length=None,
// window=None, normalized=False, onesided=None, return_complex=None): frames
// of n_fft samples every hop_length, each multiplied by the window (centered
// in n_fft when shorter), no padding (torch.stft's `center` padding is an
// explicit pad before this op). ONNX STFT gives [batch, frames, bins, 2];
// torch wants [batch, bins, frames] complex, i.e. [batch, bins, frames, 2].
ValueList lowerStft(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t nFft = ctx.getInt("n_fft");
  int64_t hop = ctx.getOptionalInt("hop_length").value_or(nFft / 4);
  int64_t winLength = ctx.getOptionalInt("win_length").value_or(nFft);
  bool normalized = ctx.getBool("normalized");
  bool onesided = ctx.getOptionalInt("onesided").value_or(1) != 0;
  Value *window = ctx.optionalTensor("window");
  int64_t rank = ctx.rankOf(x);
  DType t = x->getType().getDType();
  if (ctx.isComplexPair(x))
    return ctx.fail("stft of a complex signal is not supported");
  if (rank != 1 && rank != 2)
    return ctx.fail("stft needs a 1-D or 2-D signal");
  if (nFft <= 0 || hop <= 0 || winLength <= 0 || winLength > nFft)
    return ctx.fail("stft needs 0 < win_length <= n_fft and a positive hop");
  if (!ir::isFloatingPoint(t))
    return ctx.fail("stft needs a floating-point signal");

  // The window, padded to n_fft with its center in the middle.
  int64_t left = (nFft - winLength) / 2;
  if (!window) {
    std::vector<double> w(size_t(nFft), 0.0);
    for (int64_t i = 0; i < winLength; ++i)
      w[size_t(left + i)] = 1.0;
    window = b.constant(makeDense(t, {nFft}, w));
  } else if (winLength < nFft) {
    window = b.op("Pad", {b.cast(window, t), b.i64s({left, nFft - winLength - left})},
                  ir::Type::tensor(t, {Dim(nFft)}), {{"mode", Attribute::string("constant")}});
  } else {
    window = b.cast(window, t);
  }

  // The DFT runs in float64: ONNX Runtime sums each bin naively, where
  // torch's FFT loses far less precision in float32.
  DType compute = DType::Float64;
  window = b.cast(window, compute);
  Value *signal = b.cast(rank == 1 ? b.unsqueeze(x, {0, 2}) : b.unsqueeze(x, {2}), compute);
  ir::Type result = ctx.resultType(); // [batch?, bins, frames, 2]
  llvm::ArrayRef<Dim> rd = result.isRanked() ? result.getShape() : llvm::ArrayRef<Dim>();
  Dim batch = rank == 2 ? x->getType().getShape()[0] : Dim(1);
  Dim bins = rd.size() >= 3 ? rd[rd.size() - 3] : Dim::unknown();
  Dim frames = rd.size() >= 2 ? rd[rd.size() - 2] : Dim::unknown();
  Value *spectrum = b.op("STFT", {signal, b.i64(hop), window, b.i64(nFft)},
                         ir::Type::tensor(compute, {batch, frames, bins, Dim(2)}),
                         {{"onesided", Attribute::integer(onesided ? 1 : 0)}});
  Value *r = b.cast(b.transpose(spectrum, {0, 2, 1, 3}), t);
  if (normalized)
    r = b.binary("Mul", r, b.scalar(t, 1.0 / std::sqrt(double(nFft))));
  if (rank == 1)
    r = b.squeeze(r, {0});
  r->setType(result);
  return {r};
}

// aten.view_as_real.default(self), aten.view_as_complex.default(self): the
// pairs are the same values either way.
ValueList lowerViewAsPairs(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  bool fromComplex = ctx.getOverload().contains("view_as_real");
  if (fromComplex != ctx.isComplexPair(x))
    return ctx.fail(fromComplex ? "view_as_real needs a complex tensor"
                                : "view_as_complex needs a real tensor of pairs");
  return {x};
}

/// The largest DFT matrix the inverse real FFTs build (32 MiB of float64).
constexpr int64_t kMaxSpectrumMatrixElements = int64_t(1) << 22;

/// Entry (k, t) of a DFT matrix: a weighted cos or sin of `angle`, 2 pi k t / n.
using SpectrumEntry = llvm::function_ref<double(int64_t k, double angle)>;

/// `x` (float64) times the [m, n] matrix of `entry` over bins k < m and
/// samples t < n along `axis` (of size m, which becomes n); bins at or past
/// `bins` have zero rows, cutting the spectrum there. For the last dim a
/// MatMul; for another, the transposed matrix times `x` with the dims after
/// `axis` flattened into one, reshaped back (ONNX Runtime fuses a MatMul
/// between Transposes into a FusedMatMul it has no float64 kernel for).
Value *multiplyAlong(OnnxBuilder &b, Value *x, int64_t axis, int64_t m, int64_t n, int64_t bins,
                     SpectrumEntry entry) {
  const ir::Type &type = x->getType();
  int64_t rank = int64_t(type.getRank());
  bool last = axis == rank - 1;
  std::vector<double> values(size_t(m * n), 0.0);
  for (int64_t k = 0; k < std::min(m, bins); ++k)
    for (int64_t t = 0; t < n; ++t)
      values[size_t(last ? k * n + t : t * m + k)] =
          entry(k, 2.0 * M_PI * double((k * t) % n) / double(n));
  llvm::SmallVector<int64_t, 2> matrixShape = last ? llvm::SmallVector<int64_t, 2>{m, n}
                                                   : llvm::SmallVector<int64_t, 2>{n, m};
  Value *matrix = b.constant(makeDense(DType::Float64, matrixShape, values));
  if (last)
    return b.matmul(x, matrix);
  llvm::SmallVector<int64_t, 4> flat(size_t(axis), 0);
  flat.append({m, -1});
  Value *product = b.matmul(matrix, b.reshape(x, flat));
  llvm::SmallVector<Dim, 4> dims(type.getShape().begin(), type.getShape().end());
  dims[size_t(axis)] = Dim(n);
  Value *shape = b.concat({b.shapeOf(x, 0, axis), b.i64s({n}), b.shapeOf(x, axis + 1)}, 0);
  return b.reshape(product, shape, type.withShape(dims));
}

// aten.fft_irfft.default(self, n=None, dim=-1, norm=None), fft_irfft2(self,
// s=None, dim=[-2, -1], norm=None), fft_irfftn(self, s=None, dim=None,
// norm=None), and fft_hfft/hfft2/hfftn of the same arguments: the inverse
// FFT of a Hermitian spectrum, real. Each dim but the last of `dim` is an
// inverse complex DFT to its size in `s` (the input cut or zero-padded), the
// last a complex-to-real one to s[-1] samples (2 * (bins - 1) by default)
// from its first s[-1] / 2 + 1 bins, whose imaginary parts at 0 and s[-1] / 2
// do not count. hfft is the same of the conjugate input with the norm of a
// forward transform. Each DFT is a product with a constant cos/sin matrix,
// in float64 as stft's DFT, so the sizes of the transformed dims must be
// static. A real input is a spectrum with zero imaginary parts.
ValueList lowerInverseRealFft(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  bool hermitian = ctx.getOverload().contains("hfft");
  Value *x = ctx.tensor("self");
  bool complex = ctx.isComplexPair(x);
  int64_t rank = ctx.rankOf(x) - (complex ? 1 : 0);
  if (ctx.failed())
    return {};
  llvm::SmallVector<int64_t, 4> dims;
  std::optional<llvm::SmallVector<int64_t, 4>> sizes;
  if (!ctx.getOverload().contains("fft2") && !ctx.getOverload().contains("fftn")) {
    dims.push_back(ctx.getInt("dim"));
    if (std::optional<int64_t> n = ctx.getOptionalInt("n"))
      sizes = llvm::SmallVector<int64_t, 4>{*n};
  } else {
    sizes = ctx.getOptionalIntList("s");
    if (std::optional<llvm::SmallVector<int64_t, 4>> dim = ctx.getOptionalIntList("dim"))
      dims = *dim;
    else
      for (int64_t d = sizes ? rank - int64_t(sizes->size()) : 0; d < rank; ++d)
        dims.push_back(d);
  }
  if (dims.empty() || (sizes && sizes->size() != dims.size()))
    return ctx.fail("the FFT needs one size in `s` for each dim in `dim`");
  llvm::SmallVector<int64_t, 4> inSizes, outSizes;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    dim = ctx.normalizeDim(dim, rank);
    if (ctx.failed())
      return {};
    if (llvm::count(dims, dim) > 1)
      return ctx.fail("the FFT dims repeat");
    const Dim &size = x->getType().getShape()[dim];
    if (!size.isStatic())
      return ctx.fail("the FFT needs static sizes along its dims");
    int64_t in = size.getSize();
    bool last = i + 1 == dims.size();
    int64_t out = sizes && (*sizes)[i] != -1 ? (*sizes)[i] : last ? 2 * (in - 1) : in;
    if (out < 1)
      return ctx.fail("the FFT's output size must be positive");
    // The cos/sin matrices hold in * out float64s each.
    if (in * out > kMaxSpectrumMatrixElements)
      return ctx.fail("the FFT's DFT matrices would exceed " +
                      llvm::Twine(kMaxSpectrumMatrixElements) + " elements");
    inSizes.push_back(in);
    outSizes.push_back(out);
  }
  std::optional<std::string> norm = ctx.getOptionalString("norm");
  double count = 1.0;
  for (int64_t out : outSizes)
    count *= double(out);
  double scale;
  if (!norm || *norm == "backward")
    scale = hermitian ? 1.0 : 1.0 / count;
  else if (*norm == "forward")
    scale = hermitian ? 1.0 / count : 1.0;
  else if (*norm == "ortho")
    scale = 1.0 / std::sqrt(count);
  else
    return ctx.fail("unknown FFT norm '" + *norm + "'");

  // Real and imaginary parts (no imaginary part for a real input).
  Value *re = x, *im = nullptr;
  if (complex) {
    re = b.gather(x, b.i64(0), rank);
    im = b.gather(x, b.i64(1), rank);
    im = b.cast(hermitian ? b.unary("Neg", im) : im, DType::Float64);
  }
  re = b.cast(re, DType::Float64);
  // (re + i im) * (cos + i sin) along each dim but the last.
  for (size_t i = 0; i + 1 < dims.size(); ++i) {
    int64_t m = inSizes[i], n = outSizes[i];
    auto cosine = [](int64_t, double a) { return std::cos(a); };
    auto sine = [](int64_t, double a) { return std::sin(a); };
    Value *reCos = multiplyAlong(b, re, dims[i], m, n, n, cosine);
    Value *reSin = multiplyAlong(b, re, dims[i], m, n, n, sine);
    if (!im) {
      re = reCos;
      im = reSin;
      continue;
    }
    Value *imCos = multiplyAlong(b, im, dims[i], m, n, n, cosine);
    Value *imSin = multiplyAlong(b, im, dims[i], m, n, n, sine);
    re = b.binary("Sub", reCos, imSin);
    im = b.binary("Add", reSin, imCos);
  }
  // The real part of the same along the last dim, each bin between 0 and
  // n / 2 counted for itself and its conjugate mirror, with the norm's scale.
  int64_t m = inSizes.back(), n = outSizes.back();
  auto weight = [n, scale](int64_t k) {
    return (k == 0 || 2 * k == n ? 1.0 : 2.0) * scale;
  };
  Value *r = multiplyAlong(b, re, dims.back(), m, n, n / 2 + 1,
                           [&](int64_t k, double a) { return weight(k) * std::cos(a); });
  if (im)
    r = b.binary("Add", r, multiplyAlong(b, im, dims.back(), m, n, n / 2 + 1,
                                         [&](int64_t k, double a) {
                                           return -weight(k) * std::sin(a);
                                         }));
  r = b.cast(r, ctx.resultDType());
  r->setType(ctx.resultType());
  return {r};
}

} // namespace

void registerSpectralLowerings(LoweringRegistry &r) {
  r.addAcceptingComplex("aten.stft.default", lowerStft);
  r.addAcceptingComplex("aten.view_as_real.default", lowerViewAsPairs);
  r.addAcceptingComplex("aten.view_as_complex.default", lowerViewAsPairs);
  for (llvm::StringRef op : {"aten.fft_irfft.default", "aten.fft_irfft2.default",
                             "aten.fft_irfftn.default", "aten.fft_hfft.default",
                             "aten.fft_hfft2.default", "aten.fft_hfftn.default"})
    r.addAcceptingComplex(op, lowerInverseRealFft);
}

} // namespace pt2onnx::lowering
