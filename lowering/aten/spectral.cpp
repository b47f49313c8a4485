//===- spectral.cpp - STFT, inverse real FFTs and the complex <-> pair views -===//
//
// ONNX has no complex tensors; a complex tensor is carried as real pairs, a
// trailing dim of 2 (real, imaginary), as ONNX's STFT/DFT produce them. Only
// rules registered with addAcceptingComplex see such values (the driver
// refuses complex operands elsewhere): here stft, the FFTs with a real
// result (irfft, hfft and their 2-D and n-D forms) and view_as_real /
// view_as_complex, and abs, view/reshape and sym_size in their families.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <cmath>
#include <numbers>

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

/// A tensor of complex values as its real and imaginary parts, each a real
/// tensor of the torch shape; `im` is null for a real tensor.
struct ComplexParts {
  Value *re = nullptr;
  Value *im = nullptr;
};

/// The 1-D transforms `y[..., t, ...] = sum_j x[..., j, ...] * m[j][t]`
/// along dim `dim` of `x` (rank `rank`), for each of `matrices`, row-major
/// [in, out]. ONNX Runtime has no float64 kernel for the FusedMatMul it
/// makes of a Transpose next to a MatMul, so a dim other than the last is
/// no transpose: `x` is viewed as [..., in, inner] and multiplied from the
/// left by the transposed matrix.
llvm::SmallVector<Value *, 2>
multiplyAlongDim(OnnxBuilder &b, Value *x, int64_t dim, int64_t rank, int64_t in, int64_t out,
                 llvm::ArrayRef<const std::vector<double> *> matrices) {
  llvm::SmallVector<Value *, 2> products;
  if (dim == rank - 1) {
    for (const std::vector<double> *m : matrices)
      products.push_back(b.matmul(x, b.constant(makeDense(DType::Float64, {in, out}, *m))));
    return products;
  }
  llvm::ArrayRef<Dim> shape = x->getType().getShape();
  llvm::SmallVector<Dim, 4> resultDims(shape.begin(), shape.end());
  resultDims[size_t(dim)] = Dim(out);
  Value *view = x, *resultShape = nullptr;
  if (dim != rank - 2) {
    std::optional<int64_t> inner = 1;
    llvm::SmallVector<OnnxBuilder::ShapeElement, 4> dims(size_t(dim), {int64_t(0), nullptr});
    dims.push_back({out, nullptr});
    for (int64_t d = dim + 1; d < rank; ++d) {
      const Dim &size = shape[size_t(d)];
      inner = size.isStatic() && inner ? std::optional(*inner * size.getSize()) : std::nullopt;
      dims.push_back(size.isStatic() ? OnnxBuilder::ShapeElement{size.getSize(), nullptr}
                                     : OnnxBuilder::ShapeElement{std::nullopt, b.dimSize(x, d)});
    }
    llvm::SmallVector<int64_t, 4> viewShape(size_t(dim), 0);
    viewShape.append({in, inner.value_or(-1)});
    view = b.reshape(x, viewShape);
    resultShape = b.buildShape(dims);
  }
  for (const std::vector<double> *m : matrices) {
    std::vector<double> transposed(m->size());
    for (int64_t j = 0; j < in; ++j)
      for (int64_t t = 0; t < out; ++t)
        transposed[size_t(t * in + j)] = (*m)[size_t(j * out + t)];
    Value *product =
        b.matmul(b.constant(makeDense(DType::Float64, {out, in}, transposed)), view);
    if (resultShape)
      product = b.reshape(product, resultShape, ir::Type::tensor(DType::Float64, resultDims));
    products.push_back(product);
  }
  return products;
}

/// cos and sin of 2*pi*k/n, exact at the multiples of a quarter turn.
std::pair<double, double> unitCirclePoint(int64_t k, int64_t n) {
  k %= n;
  if ((4 * k) % n == 0) {
    static const double cosines[] = {1.0, 0.0, -1.0, 0.0};
    int64_t quarter = 4 * k / n;
    return {cosines[quarter], cosines[(quarter + 3) % 4]};
  }
  double angle = 2.0 * std::numbers::pi * double(k) / double(n);
  return {std::cos(angle), std::sin(angle)};
}

/// The row-major [in, out] matrices of cos and sin of
/// `sign * 2*pi*j*t / out` (row j, column t) times `weight(j) * scale`, for
/// the rows j below `used`; the others are zero, which trims the input as
/// torch does, and an input shorter than the rows it would use is
/// zero-padded by having no such rows.
std::pair<std::vector<double>, std::vector<double>>
dftMatrices(int64_t in, int64_t out, int64_t used, double sign, double scale,
            llvm::function_ref<double(int64_t)> weight) {
  std::vector<double> c(size_t(in * out), 0.0), s(size_t(in * out), 0.0);
  for (int64_t j = 0; j < std::min(in, used); ++j)
    for (int64_t t = 0; t < out; ++t) {
      auto [cosine, sine] = unitCirclePoint(j * t, out);
      c[size_t(j * out + t)] = cosine * weight(j) * scale;
      s[size_t(j * out + t)] = sign * sine * weight(j) * scale;
    }
  return {c, s};
}

// aten.fft_irfft / fft_irfft2 / fft_irfftn and aten.fft_hfft / fft_hfft2 /
// fft_hfftn: a complex-to-complex DFT over every transformed dim but the last
// (inverse for irfft, forward for hfft, as torch computes hfftn), then the
// last dim's half spectrum [0, n/2] extended by Hermitian symmetry to n
// points and transformed to its real result. Each 1-D transform is a MatMul
// with cos and sin matrices computed here, which needs static sizes; the
// Hermitian extension folds into the matrix as a weight of 2 on the bins
// that stand for two (all but bin 0 and, for an even n, bin n/2), whose
// imaginary parts drop out as torch's c2r drops them. The products run in
// float64, as stft's DFT does. `norm` scales by 1/N ("backward" for irfft,
// "forward" for hfft), 1/sqrt(N) ("ortho") or 1, N the product of the
// output sizes; a real input is a complex one with zero imaginary parts.
ValueList lowerInverseRealFft(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  llvm::StringRef overload = ctx.getOverload();
  bool hermitian = overload.contains("hfft");
  bool oneDim = !overload.contains("fft2") && !overload.contains("fftn");
  Value *x = ctx.tensor("self");
  bool complexInput = ctx.isComplexPair(x);
  int64_t rank = ctx.rankOf(x) - (complexInput ? 1 : 0);
  if (ctx.failed())
    return {};
  llvm::ArrayRef<Dim> inShape = x->getType().getShape();

  llvm::SmallVector<int64_t, 4> dims;
  llvm::SmallVector<int64_t, 4> sizes; // -1: the default for that dim
  if (oneDim) {
    dims.push_back(ctx.getInt("dim"));
    std::optional<IntArg> n = ctx.optionalIntArg("n");
    if (n && !n->isConstant())
      return ctx.fail("the FFT length `n` must be a constant");
    sizes.push_back(n ? *n->constant : -1);
  } else {
    std::optional<llvm::SmallVector<int64_t, 4>> givenDims = ctx.getOptionalIntList("dim");
    llvm::SmallVector<IntArg, 4> s;
    if (ctx.has("s"))
      s = ctx.intListArg("s");
    for (const IntArg &size : s) {
      if (!size.isConstant())
        return ctx.fail("the FFT sizes `s` must be constants");
      sizes.push_back(*size.constant);
    }
    if (givenDims) {
      dims = *givenDims;
    } else {
      int64_t count = s.empty() ? rank : int64_t(s.size());
      for (int64_t d = rank - count; d < rank; ++d)
        dims.push_back(d);
    }
    if (s.empty())
      sizes.assign(dims.size(), -1);
    else if (s.size() != dims.size())
      return ctx.fail("the FFT sizes `s` and dims `dim` differ in length");
  }
  if (dims.empty())
    return ctx.fail("an inverse real FFT needs at least one dim");
  for (int64_t &dim : dims) {
    dim = ctx.normalizeDim(dim, rank);
    if (ctx.failed())
      return {};
    if (!inShape[size_t(dim)].isStatic() || inShape[size_t(dim)].getSize() == 0)
      return ctx.fail("an inverse real FFT needs transformed dims of static, nonzero size");
  }
  for (size_t i = 0; i < dims.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (dims[i] == dims[k])
        return ctx.fail("the FFT dims `dim` repeat a dim");
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t in = inShape[size_t(dims[i])].getSize();
    if (sizes[i] == -1)
      sizes[i] = i + 1 == dims.size() ? 2 * (in - 1) : in;
    if (sizes[i] <= 0)
      return ctx.fail("an FFT size must be positive");
  }

  std::string norm = ctx.getOptionalString("norm").value_or("backward");
  double total = 1.0;
  for (int64_t size : sizes)
    total *= double(size);
  double scale;
  if (norm == "ortho")
    scale = 1.0 / std::sqrt(total);
  else if (norm == "backward" || norm == "forward")
    scale = (norm == "forward") == hermitian ? 1.0 / total : 1.0;
  else
    return ctx.fail("`norm` must be \"backward\", \"forward\" or \"ortho\"");
  double sign = hermitian ? -1.0 : 1.0;

  ComplexParts v;
  if (complexInput) {
    v.re = b.cast(b.gather(x, b.i64(0), rank), DType::Float64);
    v.im = b.cast(b.gather(x, b.i64(1), rank), DType::Float64);
  } else {
    v.re = b.cast(x, DType::Float64);
  }
  auto one = [](int64_t) { return 1.0; };
  for (size_t i = 0; i + 1 < dims.size(); ++i) {
    int64_t in = inShape[size_t(dims[i])].getSize(), out = sizes[i];
    auto [c, s] = dftMatrices(in, out, out, sign, 1.0, one);
    auto re = multiplyAlongDim(b, v.re, dims[i], rank, in, out, {&c, &s});
    if (!v.im) {
      v = {re[0], re[1]};
      continue;
    }
    auto im = multiplyAlongDim(b, v.im, dims[i], rank, in, out, {&c, &s});
    v = {b.binary("Sub", re[0], im[1]), b.binary("Add", re[1], im[0])};
  }
  int64_t last = dims.back(), n = sizes.back();
  int64_t in = inShape[size_t(last)].getSize();
  auto hermitianWeight = [n](int64_t j) { return j == 0 || 2 * j == n ? 1.0 : 2.0; };
  auto [c, s] = dftMatrices(in, n, n / 2 + 1, sign, scale, hermitianWeight);
  Value *r = multiplyAlongDim(b, v.re, last, rank, in, n, {&c})[0];
  if (v.im)
    r = b.binary("Sub", r, multiplyAlongDim(b, v.im, last, rank, in, n, {&s})[0]);
  r = b.cast(r, ctx.resultDType());
  r->setType(ctx.resultType());
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

} // namespace

void registerSpectralLowerings(LoweringRegistry &r) {
  for (llvm::StringRef fft : {"aten.fft_hfft.default", "aten.fft_hfft2.default",
                              "aten.fft_hfftn.default", "aten.fft_irfft.default",
                              "aten.fft_irfft2.default", "aten.fft_irfftn.default"})
    r.addAcceptingComplex(fft, lowerInverseRealFft);
  r.addAcceptingComplex("aten.stft.default", lowerStft);
  r.addAcceptingComplex("aten.view_as_real.default", lowerViewAsPairs);
  r.addAcceptingComplex("aten.view_as_complex.default", lowerViewAsPairs);
}

} // namespace pt2onnx::lowering
