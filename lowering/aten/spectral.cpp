//===- spectral.cpp - STFT, the FFTs and complex tensors from real parts ----===//
//
// ONNX has no complex tensors; a complex tensor is carried as real pairs, a
// trailing dim of 2 (real, imaginary), as ONNX's STFT/DFT produce them. Only
// rules registered with addAcceptingComplex see such values (the driver
// refuses complex operands elsewhere): here stft, the torch.fft transforms,
// complex / polar and view_as_real / view_as_complex, and abs, view/reshape
// and sym_size in their families.
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

/// The most entries of one DFT matrix: 32 MB in float64.
constexpr int64_t kMaxDftMatrixEntries = int64_t(1) << 22;

/// The dims an FFT transforms (normalized, in order) and the size of each
/// in the full signal, from torch's `n` and `dim`, or `s` and `dim`.
struct FftPlan {
  int64_t rank = 0; ///< The torch rank of the input.
  llvm::SmallVector<int64_t, 4> dims;
  llvm::SmallVector<int64_t, 4> sizes;
  /// The input dim sizes along `dims`.
  llvm::SmallVector<int64_t, 4> inSizes;
  /// The scale `norm` asks for.
  double scale = 1.0;
};

std::optional<FftPlan> failPlan(RuleContext &ctx, const llvm::Twine &reason) {
  ctx.fail(reason);
  return std::nullopt;
}

/// The plan of the FFT `ctx` lowers, whose input `x` has the torch rank
/// `rank`. A half spectrum input (c2r) has a last size of 2 * (bins - 1) by
/// default, else each size is the input's. `inverseNormalized`: "backward"
/// scales by 1/N (an inverse transform), else "forward" does.
std::optional<FftPlan> planFft(RuleContext &ctx, Value *x, int64_t rank, bool halfSpectrumInput,
                               bool inverseNormalized) {
  llvm::StringRef overload = ctx.getOverload();
  bool oneDim = !overload.contains("fft2") && !overload.contains("fftn");
  llvm::ArrayRef<Dim> inShape = x->getType().getShape();
  llvm::SmallVector<int64_t, 4> dims;
  llvm::SmallVector<int64_t, 4> sizes; // -1: the default for that dim
  if (oneDim) {
    dims.push_back(ctx.getInt("dim"));
    std::optional<IntArg> n = ctx.optionalIntArg("n");
    if (n && !n->isConstant())
      return failPlan(ctx, "the FFT length `n` must be a constant");
    sizes.push_back(n ? *n->constant : -1);
  } else {
    std::optional<llvm::SmallVector<int64_t, 4>> givenDims = ctx.getOptionalIntList("dim");
    llvm::SmallVector<IntArg, 4> s;
    if (ctx.has("s"))
      s = ctx.intListArg("s");
    for (const IntArg &size : s) {
      if (!size.isConstant())
        return failPlan(ctx, "the FFT sizes `s` must be constants");
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
      return failPlan(ctx, "the FFT sizes `s` and dims `dim` differ in length");
  }
  if (dims.empty())
    return failPlan(ctx, "an FFT needs at least one dim");
  for (int64_t &dim : dims) {
    dim = ctx.normalizeDim(dim, rank);
    if (ctx.failed())
      return std::nullopt;
    if (!inShape[size_t(dim)].isStatic() || inShape[size_t(dim)].getSize() == 0)
      return failPlan(ctx, "an FFT needs transformed dims of static, nonzero size");
  }
  for (size_t i = 0; i < dims.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (dims[i] == dims[k])
        return failPlan(ctx, "the FFT dims `dim` repeat a dim");
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t in = inShape[size_t(dims[i])].getSize();
    if (sizes[i] == -1)
      sizes[i] = halfSpectrumInput && i + 1 == dims.size() ? 2 * (in - 1) : in;
    if (sizes[i] <= 0)
      return failPlan(ctx, "an FFT size must be positive");
  }


  FftPlan plan;
  plan.rank = rank;
  plan.dims = dims;
  plan.sizes = sizes;
  for (size_t i = 0; i < dims.size(); ++i) {
    plan.inSizes.push_back(inShape[size_t(dims[i])].getSize());
    // The DFT matrices are constants of the model, in * out entries each.
    if (plan.inSizes.back() * sizes[i] > kMaxDftMatrixEntries)
      return failPlan(ctx, "an FFT of " + llvm::Twine(sizes[i]) + " points over " +
                               llvm::Twine(plan.inSizes.back()) +
                               " inputs is too large for DFT matrices (at most " +
                               llvm::Twine(kMaxDftMatrixEntries) + " entries)");
  }
  std::string norm = ctx.getOptionalString("norm").value_or("backward");
  double total = 1.0;
  for (int64_t size : sizes)
    total *= double(size);
  if (norm == "ortho")
    plan.scale = 1.0 / std::sqrt(total);
  else if (norm == "backward" || norm == "forward")
    plan.scale = (norm == "backward") == inverseNormalized ? 1.0 / total : 1.0;
  else
    return failPlan(ctx, "`norm` must be \"backward\", \"forward\" or \"ortho\"");
  return plan;
}

/// The input of an FFT as float64 parts.
ComplexParts fftInput(RuleContext &ctx, Value *x, int64_t rank) {
  if (!ctx.isComplexPair(x))
    return {ctx.b.cast(x, DType::Float64), nullptr};
  return {ctx.b.cast(ctx.b.gather(x, ctx.b.i64(0), rank), DType::Float64),
          ctx.b.cast(ctx.b.gather(x, ctx.b.i64(1), rank), DType::Float64)};
}

/// The complex DFT of `v` along plan dim `i` (exponent sign `sign`), keeping
/// the first `columns` of its `sizes[i]` outputs, times `scale`.
ComplexParts complexDftAlongDim(OnnxBuilder &b, ComplexParts v, const FftPlan &plan, size_t i,
                                double sign, int64_t columns, double scale) {
  int64_t in = plan.inSizes[i], period = plan.sizes[i];
  std::vector<double> c(size_t(in * columns), 0.0), s(size_t(in * columns), 0.0);
  for (int64_t j = 0; j < std::min(in, period); ++j)
    for (int64_t t = 0; t < columns; ++t) {
      auto [cosine, sine] = unitCirclePoint(j * t, period);
      c[size_t(j * columns + t)] = cosine * scale;
      s[size_t(j * columns + t)] = sign * sine * scale;
    }
  int64_t dim = plan.dims[i];
  auto re = multiplyAlongDim(b, v.re, dim, plan.rank, in, columns, {&c, &s});
  if (!v.im)
    return {re[0], re[1]};
  auto im = multiplyAlongDim(b, v.im, dim, plan.rank, in, columns, {&c, &s});
  return {b.binary("Sub", re[0], im[1]), b.binary("Add", re[1], im[0])};
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
  bool hermitian = ctx.getOverload().contains("hfft");
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x) - (ctx.isComplexPair(x) ? 1 : 0);
  if (ctx.failed())
    return {};
  std::optional<FftPlan> plan = planFft(ctx, x, rank, true, !hermitian);
  if (!plan)
    return {};
  double sign = hermitian ? -1.0 : 1.0;
  ComplexParts v = fftInput(ctx, x, rank);
  for (size_t i = 0; i + 1 < plan->dims.size(); ++i)
    v = complexDftAlongDim(ctx.b, v, *plan, i, sign, plan->sizes[i], 1.0);

  int64_t last = plan->dims.back(), n = plan->sizes.back(), in = plan->inSizes.back();
  std::vector<double> c(size_t(in * n), 0.0), s(size_t(in * n), 0.0);
  for (int64_t j = 0; j < std::min(in, n / 2 + 1); ++j) {
    double weight = (j == 0 || 2 * j == n ? 1.0 : 2.0) * plan->scale;
    for (int64_t t = 0; t < n; ++t) {
      auto [cosine, sine] = unitCirclePoint(j * t, n);
      c[size_t(j * n + t)] = cosine * weight;
      s[size_t(j * n + t)] = sign * sine * weight;
    }
  }
  Value *r = multiplyAlongDim(ctx.b, v.re, last, rank, in, n, {&c})[0];
  if (v.im)
    r = ctx.b.binary("Sub", r, multiplyAlongDim(ctx.b, v.im, last, rank, in, n, {&s})[0]);
  r = ctx.b.cast(r, ctx.resultDType());
  r->setType(ctx.resultType());
  return {r};
}

// aten.fft_fft / fft_ifft, fft_rfft / fft_ihfft and their 2-D and n-D
// forms: complex DFTs along each transformed dim, as MatMuls with cos and
// sin matrices (see lowerInverseRealFft), to a complex result as real pairs.
// fft and rfft have the exponent sign -1, ifft and ihfft +1 (torch's ihfft
// is the conjugate of a forward one-sided transform, which for a real input
// is the one-sided inverse one); rfft and ihfft take a real input and keep
// the first n/2 + 1 bins of the last dim. `norm` as torch: "backward"
// scales the inverse transforms (ifft, ihfft) by 1/N.
ValueList lowerComplexFft(RuleContext &ctx) {
  llvm::StringRef overload = ctx.getOverload();
  bool inverse = overload.contains("ifft") || overload.contains("ihfft");
  bool onesided = overload.contains("rfft") || overload.contains("ihfft");
  Value *x = ctx.tensor("self");
  bool complexInput = ctx.isComplexPair(x);
  if (onesided && complexInput)
    return ctx.fail("rfft and ihfft need a real input");
  int64_t rank = ctx.rankOf(x) - (complexInput ? 1 : 0);
  if (ctx.failed())
    return {};
  std::optional<FftPlan> plan = planFft(ctx, x, rank, false, inverse);
  if (!plan)
    return {};
  ComplexParts v = fftInput(ctx, x, rank);
  size_t count = plan->dims.size();
  for (size_t i = 0; i < count; ++i) {
    bool last = i + 1 == count;
    int64_t columns = onesided && last ? plan->sizes[i] / 2 + 1 : plan->sizes[i];
    v = complexDftAlongDim(ctx.b, v, *plan, i, inverse ? 1.0 : -1.0, columns,
                           last ? plan->scale : 1.0);
  }
  Value *pairs = ctx.b.concat({ctx.b.unsqueeze(v.re, {rank}), ctx.b.unsqueeze(v.im, {rank})}, rank);
  Value *r = ctx.b.cast(pairs, ctx.resultDType());
  r->setType(ctx.resultType());
  return {r};
}

// aten.complex.default(real, imag) and aten.polar.default(abs, angle): the
// pairs (real, imag) and (abs * cos(angle), abs * sin(angle)), broadcast
// against each other. torch takes two floating tensors of one dtype.
ValueList lowerComplexFromParts(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  bool polar = ctx.getOverload().contains("polar");
  Value *first = ctx.tensor(polar ? "abs" : "real");
  Value *second = ctx.tensor(polar ? "angle" : "imag");
  if (ctx.isComplexPair(first) || ctx.isComplexPair(second))
    return ctx.fail("complex and polar need real parts");
  DType t = first->getType().getDType();
  if (!ir::isFloatingPoint(t) || second->getType().getDType() != t)
    return ctx.fail("complex and polar need two floating-point tensors of one dtype");
  Value *re = first, *im = second;
  if (polar) {
    re = b.binary("Mul", first, b.unary("Cos", second));
    im = b.binary("Mul", first, b.unary("Sin", second));
  } else if (first->getType() != second->getType()) {
    ir::Type both = broadcastType(first->getType(), second->getType(), t);
    Value *shape = b.op("Shape", {b.binary("Add", first, second)},
                        ir::Type::tensor(DType::Int64, {both.isRanked() ? Dim(int64_t(both.getRank()))
                                                                        : Dim::unknown()}));
    re = b.expand(first, shape, both);
    im = b.expand(second, shape, both);
  }
  int64_t rank = ctx.rankOf(re);
  if (ctx.failed())
    return {};
  Value *r = b.concat({b.unsqueeze(re, {rank}), b.unsqueeze(im, {rank})}, rank);
  r->setType(ctx.resultType());
  return {r};
}

// aten.view_as_real.default(self), aten.view_as_complex.default(self): the
// pairs are the same values either way, but a new value (an Identity): the
// driver knows complex values by value, and the real view's users must not
// see the complex one, nor the complex view's users the real one.
ValueList lowerViewAsPairs(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  bool fromComplex = ctx.getOverload().contains("view_as_real");
  if (fromComplex != ctx.isComplexPair(x))
    return ctx.fail(fromComplex ? "view_as_real needs a complex tensor"
                                : "view_as_complex needs a real tensor of pairs");
  return {ctx.b.op("Identity", {x}, ctx.resultType())};
}

} // namespace

void registerSpectralLowerings(LoweringRegistry &r) {
  for (llvm::StringRef fft : {"aten.fft_hfft.default", "aten.fft_hfft2.default",
                              "aten.fft_hfftn.default", "aten.fft_irfft.default",
                              "aten.fft_irfft2.default", "aten.fft_irfftn.default"})
    r.addAcceptingComplex(fft, lowerInverseRealFft);
  for (llvm::StringRef fft :
       {"aten.fft_fft.default", "aten.fft_fft2.default", "aten.fft_fftn.default",
        "aten.fft_ifft.default", "aten.fft_ifft2.default", "aten.fft_ifftn.default",
        "aten.fft_ihfft.default", "aten.fft_ihfft2.default", "aten.fft_ihfftn.default",
        "aten.fft_rfft.default", "aten.fft_rfft2.default", "aten.fft_rfftn.default"})
    r.addAcceptingComplex(fft, lowerComplexFft);
  r.addAcceptingComplex("aten.complex.default", lowerComplexFromParts);
  r.addAcceptingComplex("aten.polar.default", lowerComplexFromParts);
  r.addAcceptingComplex("aten.stft.default", lowerStft);
  r.addAcceptingComplex("aten.view_as_real.default", lowerViewAsPairs);
  r.addAcceptingComplex("aten.view_as_complex.default", lowerViewAsPairs);
}

} // namespace pt2onnx::lowering
