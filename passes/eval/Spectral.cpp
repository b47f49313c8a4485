//===- Spectral.cpp - Complex values, Fourier transforms and the STFT -------===//
//
// The evaluator's complex values: complex64 and complex128 tensors hold
// (real, imaginary) pairs of float32 or float64, the layout torch and ONNX
// share, so view_as_real and view_as_complex reinterpret the bytes. The
// rules here are the ops that make or read them: torch's fft family (c2c,
// r2c, c2r over any dims, with signal sizes and the three norm modes),
// polar, the magnitude (aten.abs of a complex tensor), torch's stft, and
// ONNX's DFT and STFT, which hold (real, imaginary) pairs in a last dim of 2.
//
// Transforms are computed in double by the definition (a sum over the
// signal, twiddles from exact multiples of 2*pi/n) and rounded once, so they
// may differ from the runtimes' FFTs by a few units in the last place of
// float32 and are whole-program-only (unfoldable). The c2r transforms take
// the real part of the zero and Nyquist frequencies, as pocketfft does.
// Half-precision transforms (which torch's CPU kernels do not run) and
// integer inputs are declined.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/NN.h"

#include <cmath>
#include <complex>
#include <cstring>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;
using Complex = std::complex<double>;

/// A complex array: row-major values and their shape.
struct ComplexArray {
  Shape shape;
  std::vector<Complex> values;
};

DType componentType(DType complexType) {
  return complexType == DType::Complex128 ? DType::Float64 : DType::Float32;
}

DType complexTypeOf(DType realType) {
  return realType == DType::Float64 ? DType::Complex128 : DType::Complex64;
}

/// The values of `t`: a complex64/complex128 tensor, or a float32/float64
/// one (imaginary parts 0); nullopt for other types.
std::optional<ComplexArray> complexOf(const Tensor &t) {
  ComplexArray a{Shape(t.getShape()), std::vector<Complex>(t.getNumElements())};
  DType d = t.getDType();
  if (d == DType::Float32 || d == DType::Float64) {
    std::vector<double> real = doublesOf(t);
    for (size_t i = 0; i != real.size(); ++i)
      a.values[i] = real[i];
    return a;
  }
  const uint8_t *bytes = t.getBytes().data();
  for (size_t i = 0; i != a.values.size(); ++i) {
    if (d == DType::Complex64) {
      float pair[2];
      std::memcpy(pair, bytes + 8 * i, 8);
      a.values[i] = {pair[0], pair[1]};
    } else if (d == DType::Complex128) {
      double pair[2];
      std::memcpy(pair, bytes + 16 * i, 16);
      a.values[i] = {pair[0], pair[1]};
    } else {
      return std::nullopt;
    }
  }
  return a;
}

/// A complex tensor of `dtype` holding `a`, each component rounded once.
std::optional<Tensor> tensorOfComplex(EvalContext &ctx, DType dtype, const ComplexArray &a) {
  std::optional<Tensor> t = ctx.allocate(dtype, a.shape);
  if (!t)
    return std::nullopt;
  uint8_t *bytes = t->getMutableData();
  for (size_t i = 0; i != a.values.size(); ++i) {
    if (dtype == DType::Complex64) {
      float pair[2] = {float(a.values[i].real()), float(a.values[i].imag())};
      std::memcpy(bytes + 8 * i, pair, 8);
    } else {
      double pair[2] = {a.values[i].real(), a.values[i].imag()};
      std::memcpy(bytes + 16 * i, pair, 16);
    }
  }
  return t;
}

/// `a` cut or zero-padded at the end of `axis` to `n` elements.
ComplexArray resized(const ComplexArray &a, size_t axis, int64_t n) {
  ComplexArray out{a.shape, {}};
  out.shape[axis] = n;
  out.values.assign(getNumElements(out.shape), Complex());
  auto [outer, rest] = splitAt(a.shape, axis);
  int64_t inner = rest / std::max<int64_t>(a.shape[axis], 1), keep = std::min(n, a.shape[axis]);
  for (int64_t o = 0; o != outer; ++o)
    for (int64_t k = 0; k != keep; ++k)
      for (int64_t i = 0; i != inner; ++i)
        out.values[(o * n + k) * inner + i] = a.values[(o * a.shape[axis] + k) * inner + i];
  return out;
}

/// exp(sign * 2*pi*i * j / n) for j in [0, n): exact multiples of the angle.
std::vector<Complex> twiddles(int64_t n, double sign) {
  std::vector<Complex> w(n);
  for (int64_t j = 0; j != n; ++j)
    w[j] = std::polar(1.0, sign * 2 * M_PI * double(j) / double(n));
  return w;
}

/// The discrete Fourier transform of every line of `a` along `axis`, of
/// `outLength` frequencies (at most the line's length): exp(-2*pi*i*k*t/n)
/// forward, exp(+...) inverse, unscaled.
ComplexArray transformAxis(const ComplexArray &a, size_t axis, bool inverse, int64_t outLength) {
  int64_t n = a.shape[axis];
  ComplexArray out{a.shape, {}};
  out.shape[axis] = outLength;
  out.values.assign(getNumElements(out.shape), Complex());
  auto [outer, rest] = splitAt(a.shape, axis);
  int64_t inner = n ? rest / n : 0;
  std::vector<Complex> w = twiddles(n, inverse ? 1 : -1);
  for (int64_t o = 0; o != outer; ++o)
    for (int64_t i = 0; i != inner; ++i)
      for (int64_t k = 0; k != outLength; ++k) {
        Complex sum;
        const Complex *line = a.values.data() + o * n * inner + i;
        for (int64_t t = 0, j = 0; t != n; ++t) { // j = k * t mod n
          sum += line[t * inner] * w[j];
          j += k;
          j -= j >= n ? n : 0;
        }
        out.values[(o * outLength + k) * inner + i] = sum;
      }
  return out;
}

/// The real signal of `n` samples whose one-sided spectrum (n/2 + 1
/// frequencies) is each line of `a` along `axis`, unscaled: the Hermitian
/// extension, with the imaginary parts of the zero and Nyquist frequencies
/// ignored.
ComplexArray inverseOneSided(const ComplexArray &a, size_t axis, int64_t n) {
  ComplexArray half = resized(a, axis, n / 2 + 1);
  ComplexArray out{half.shape, {}};
  out.shape[axis] = n;
  out.values.assign(getNumElements(out.shape), Complex());
  auto [outer, rest] = splitAt(half.shape, axis);
  int64_t m = n / 2 + 1, inner = rest / m;
  std::vector<Complex> w = twiddles(n, 1);
  for (int64_t o = 0; o != outer; ++o)
    for (int64_t i = 0; i != inner; ++i)
      for (int64_t t = 0; t != n; ++t) {
        auto at = [&](int64_t k) { return half.values[(o * m + k) * inner + i]; };
        double sum = at(0).real();
        for (int64_t k = 1; 2 * k < n; ++k)
          sum += 2 * (at(k) * w[(k * t) % n]).real();
        if (n % 2 == 0)
          sum += at(n / 2).real() * (t % 2 ? -1 : 1);
        out.values[(o * n + t) * inner + i] = sum;
      }
  return out;
}

/// The scale of a transform over `n` points (the product of the signal
/// sizes) in torch's norm mode; nullopt for an unknown mode.
std::optional<double> normScale(llvm::StringRef norm, bool inverse, int64_t n) {
  if (norm == "ortho")
    return 1 / std::sqrt(double(n));
  if (norm.empty() || norm == "backward")
    return inverse ? 1 / double(n) : 1.0;
  if (norm == "forward")
    return inverse ? 1.0 : 1 / double(n);
  return std::nullopt;
}

void scale(ComplexArray &a, double s) {
  if (s != 1)
    for (Complex &v : a.values)
      v *= s;
}

enum class FFTKind { C2C, R2C, C2R };
/// How an fft op names its dims: fft (n, dim), fft2 (s, dim = [-2, -1]),
/// fftn (s, dim = all, or the last len(s)).
enum class FFTDims { One, Two, All };

template <FFTKind kind, bool inverse, FFTDims dimsForm>
std::optional<EvalResults> atenFFT(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return ctx.fail();
  DType in = self->getDType();
  bool complexInput = ir::isComplex(in);
  if (!complexInput && in != DType::Float32 && in != DType::Float64)
    return ctx.fail();
  if (kind == FFTKind::R2C && complexInput)
    return ctx.fail();
  DType precision = complexInput ? componentType(in) : in;
  int64_t rank = int64_t(self->getRank());
  std::optional<Shape> sizes;
  Shape dims;
  if (dimsForm == FFTDims::One) {
    if (std::optional<int64_t> n = ctx.getOptionalInt("n"))
      sizes = Shape{*n};
    dims = {ctx.getInt("dim", -1)};
  } else {
    sizes = ctx.getOptionalIntList("s");
    std::optional<Shape> given = ctx.getOptionalIntList("dim");
    if (given) {
      dims = *given;
    } else if (dimsForm == FFTDims::Two) {
      dims = {-2, -1};
    } else {
      int64_t count = sizes ? int64_t(sizes->size()) : rank;
      for (int64_t d = rank - count; d < rank; ++d)
        dims.push_back(d);
    }
  }
  std::string norm = ctx.getString("norm", "");
  if (ctx.hasFailed() || dims.empty() || (sizes && sizes->size() != dims.size()))
    return ctx.fail();
  for (int64_t &d : dims) {
    std::optional<int64_t> axis = normalizeAxis(d, rank);
    if (!axis)
      return ctx.fail();
    d = *axis;
  }
  for (size_t i = 0; i != dims.size(); ++i)
    for (size_t j = 0; j != i; ++j)
      if (dims[i] == dims[j])
        return ctx.fail();
  // Signal sizes: the given ones (-1 for the input's), else the input's;
  // for c2r the last one defaults to 2 * (frequencies - 1).
  Shape n(dims.size());
  for (size_t i = 0; i != dims.size(); ++i) {
    int64_t given = sizes ? (*sizes)[i] : -1;
    int64_t have = self->getShape()[dims[i]];
    bool lastOfC2R = kind == FFTKind::C2R && i + 1 == dims.size();
    n[i] = given != -1 ? given : (lastOfC2R ? 2 * (have - 1) : have);
    if (n[i] < 1)
      return ctx.fail();
  }
  std::optional<ComplexArray> a = complexOf(*self);
  if (!a)
    return ctx.fail();
  int64_t points = 1;
  double work = double(getNumElements(a->shape));
  for (int64_t v : n) {
    points *= v;
    work *= double(v);
  }
  if (work > 64.0 * double(ctx.getLimit()))
    return ctx.fail();
  std::optional<double> s = normScale(norm, inverse, points);
  if (!s)
    return ctx.fail();
  size_t last = dims.size() - 1;
  if (kind == FFTKind::C2R) {
    for (size_t i = 0; i != last; ++i)
      *a = transformAxis(resized(*a, dims[i], n[i]), dims[i], true, n[i]);
    *a = inverseOneSided(*a, dims[last], n[last]);
    scale(*a, *s);
    std::vector<double> real(a->values.size());
    for (size_t i = 0; i != real.size(); ++i)
      real[i] = a->values[i].real();
    return single(tensorOfFloats(ctx, precision, a->shape, real));
  }
  for (size_t i = dims.size(); i-- != 0;) {
    int64_t out = kind == FFTKind::R2C && i == last ? n[i] / 2 + 1 : n[i];
    *a = transformAxis(resized(*a, dims[i], n[i]), dims[i], inverse, out);
  }
  scale(*a, *s);
  return single(tensorOfComplex(ctx, complexTypeOf(precision), *a));
}

// aten.view_as_real.default: the (real, imaginary) pairs as a last dim of 2.
std::optional<EvalResults> atenViewAsReal(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !ir::isComplex(self->getDType()))
    return ctx.fail();
  Shape shape(self->getShape());
  shape.push_back(2);
  return EvalResults{Tensor::view(componentType(self->getDType()), shape, self->getBytes(),
                                  self->getOwner())};
}

// aten.view_as_complex.default: a last dim of 2 as complex values.
std::optional<EvalResults> atenViewAsComplex(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || (self->getDType() != DType::Float32 && self->getDType() != DType::Float64) ||
      self->getRank() == 0 || self->getShape().back() != 2)
    return ctx.fail();
  return EvalResults{Tensor::view(complexTypeOf(self->getDType()),
                                  self->getShape().drop_back(), self->getBytes(),
                                  self->getOwner())};
}

// aten.polar.default(abs, angle): abs * (cos(angle) + i sin(angle)),
// broadcast, in the operands' (shared) float type.
std::optional<EvalResults> atenPolar(EvalContext &ctx) {
  const Tensor *abs = ctx.tensor("abs"), *angle = ctx.tensor("angle");
  if (!abs || !angle || abs->getDType() != angle->getDType() ||
      (abs->getDType() != DType::Float32 && abs->getDType() != DType::Float64))
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({abs->getShape(), angle->getShape()});
  if (!shape || !ctx.withinLimit(*shape))
    return ctx.fail();
  std::vector<double> r = doublesOf(broadcastTo(*abs, *shape)),
                      theta = doublesOf(broadcastTo(*angle, *shape));
  ComplexArray out{*shape, std::vector<Complex>(r.size())};
  for (size_t i = 0; i != r.size(); ++i)
    out.values[i] = {r[i] * std::cos(theta[i]), r[i] * std::sin(theta[i])};
  return single(tensorOfComplex(ctx, complexTypeOf(abs->getDType()), out));
}

// aten.fft_fftshift.default / fft_ifftshift.default(self, dim = all): the
// zero frequency moved to the middle of each dim (a roll by n / 2), and back
// (a roll by -(n / 2)); any element type.
template <bool inverse> std::optional<EvalResults> atenFFTShift(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  std::optional<Shape> dims = ctx.getOptionalIntList("dim");
  if (!self || ctx.hasFailed() || !ctx.withinLimit(self->getShape()))
    return ctx.fail();
  int64_t rank = int64_t(self->getRank());
  llvm::SmallVector<Shape, 4> maps;
  for (int64_t size : self->getShape()) {
    Shape identity(size);
    for (int64_t i = 0; i != size; ++i)
      identity[i] = i;
    maps.push_back(identity);
  }
  Shape all;
  for (int64_t d = 0; d != rank; ++d)
    all.push_back(d);
  for (int64_t d : dims.value_or(all)) {
    std::optional<int64_t> axis = normalizeAxis(d, rank);
    if (!axis)
      return ctx.fail();
    int64_t n = self->getShape()[*axis];
    // Element i of the result is element (i - shift) mod n of the input.
    int64_t shift = inverse ? n - n / 2 : n / 2;
    for (int64_t i = 0; i != n; ++i)
      maps[*axis][i] = ((i - shift) % n + n) % n;
  }
  return EvalResults{remapAxes(*self, maps)};
}

/// The frames of a real signal: frame f is samples [f * hop, f * hop + n)
/// of each row of `signal` ([rows, length]) times `window` (n values).
/// Returns [rows, frames, bins] of their transforms (onesided: n / 2 + 1
/// bins), each times `factor`.
std::optional<ComplexArray> framesSpectrum(EvalContext &ctx, const ComplexArray &signal,
                                           int64_t n, int64_t hop,
                                           llvm::ArrayRef<Complex> window, bool onesided,
                                           double factor) {
  int64_t rows = signal.shape[0], length = signal.shape[1];
  if (n < 1 || hop < 1 || n > length)
    return ctx.fail();
  int64_t frames = 1 + (length - n) / hop, bins = onesided ? n / 2 + 1 : n;
  if (double(rows) * double(frames) * double(bins) * double(n) > 64.0 * double(ctx.getLimit()))
    return ctx.fail();
  ComplexArray framed{{rows, frames, n}, std::vector<Complex>(rows * frames * n)};
  for (int64_t r = 0; r != rows; ++r)
    for (int64_t f = 0; f != frames; ++f)
      for (int64_t t = 0; t != n; ++t)
        framed.values[(r * frames + f) * n + t] =
            signal.values[r * length + f * hop + t] * window[t];
  ComplexArray out = transformAxis(framed, 2, false, bins);
  scale(out, factor);
  return out;
}

/// Each row of `a` ([rows, length]) extended by `pad` samples on both sides
/// as torch.nn.functional.pad's mode does (reflect, constant 0, replicate,
/// circular); nullopt for another mode or a reflection longer than the row.
std::optional<ComplexArray> padRows(const ComplexArray &a, int64_t pad, llvm::StringRef mode) {
  int64_t rows = a.shape[0], length = a.shape[1], out = length + 2 * pad;
  if (length < 1 || (mode == "reflect" && pad >= length) || (mode == "circular" && pad > length))
    return std::nullopt;
  ComplexArray p{{rows, out}, std::vector<Complex>(rows * out)};
  for (int64_t r = 0; r != rows; ++r)
    for (int64_t i = 0; i != out; ++i) {
      int64_t j = i - pad; // position in the row
      if (j < 0 || j >= length) {
        if (mode == "constant")
          continue;
        if (mode == "reflect")
          j = j < 0 ? -j : 2 * (length - 1) - j;
        else if (mode == "replicate")
          j = j < 0 ? 0 : length - 1;
        else if (mode == "circular")
          j = (j + length) % length;
        else
          return std::nullopt;
      }
      p.values[r * out + i] = a.values[r * length + j];
    }
  return p;
}

// aten.stft.default(self [L] or [B, L], n_fft, hop_length = n_fft / 4,
// win_length = n_fft, window = ones, normalized, onesided = true for real
// input and window, return_complex, align_to_window): [B?, bins, frames],
// complex, or (real, imaginary) pairs in a last dim when return_complex is
// false. A window shorter than n_fft is zero-padded on both sides.
// aten.stft.center adds center (default true: the signal padded by n_fft / 2
// on both sides, as pad_mode says, so that frame f is centered on sample
// f * hop) and pad_mode (default reflect).
template <bool centerForm> std::optional<EvalResults> atenStft(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  const Tensor *window = ctx.optionalTensor("window");
  int64_t nfft = ctx.getInt("n_fft", 0);
  int64_t hop = ctx.getOptionalInt("hop_length").value_or(nfft / 4);
  int64_t winLength = ctx.getOptionalInt("win_length").value_or(nfft);
  bool normalized = ctx.getInt("normalized", 0) != 0;
  std::optional<int64_t> onesided = ctx.getOptionalInt("onesided");
  std::optional<int64_t> returnComplex = ctx.getOptionalInt("return_complex");
  std::optional<int64_t> alignToWindow = ctx.getOptionalInt("align_to_window");
  if (ctx.hasFailed() || !self || (self->getRank() != 1 && self->getRank() != 2) ||
      (self->getDType() != DType::Float32 && self->getDType() != DType::Float64) ||
      !returnComplex || winLength < 1 || winLength > nfft ||
      (alignToWindow.value_or(0) && winLength != nfft))
    return ctx.fail();
  if (window && (window->getDType() != self->getDType() || window->getRank() != 1 ||
                 window->getShape()[0] != winLength))
    return ctx.fail();
  std::vector<Complex> padded(nfft);
  int64_t left = (nfft - winLength) / 2;
  std::vector<double> w = window ? doublesOf(*window) : std::vector<double>(winLength, 1.0);
  for (int64_t i = 0; i != winLength; ++i)
    padded[left + i] = w[i];
  std::optional<ComplexArray> signal = complexOf(*self);
  if (!signal)
    return ctx.fail();
  bool batched = self->getRank() == 2;
  if (!batched)
    signal->shape.insert(signal->shape.begin(), 1);
  if (centerForm && ctx.getInt("center", 1) != 0) {
    if (alignToWindow)
      return ctx.fail(); // torch rejects align_to_window with center
    signal = padRows(*signal, nfft / 2, ctx.getString("pad_mode", "reflect"));
    if (!signal || ctx.hasFailed())
      return ctx.fail();
  }
  std::optional<ComplexArray> spectrum =
      framesSpectrum(ctx, *signal, nfft, hop, padded, onesided.value_or(1) != 0,
                     normalized ? 1 / std::sqrt(double(nfft)) : 1.0);
  if (!spectrum)
    return std::nullopt;
  // [rows, frames, bins] -> [rows, bins, frames]
  int64_t rows = spectrum->shape[0], frames = spectrum->shape[1], bins = spectrum->shape[2];
  ComplexArray out{{rows, bins, frames}, std::vector<Complex>(spectrum->values.size())};
  for (int64_t r = 0; r != rows; ++r)
    for (int64_t f = 0; f != frames; ++f)
      for (int64_t b = 0; b != bins; ++b)
        out.values[(r * bins + b) * frames + f] = spectrum->values[(r * frames + f) * bins + b];
  if (!batched)
    out.shape.erase(out.shape.begin());
  std::optional<Tensor> t = tensorOfComplex(ctx, complexTypeOf(self->getDType()), out);
  if (!t)
    return std::nullopt;
  if (*returnComplex)
    return EvalResults{std::move(*t)};
  Shape pairs(out.shape);
  pairs.push_back(2);
  return EvalResults{
      Tensor::view(self->getDType(), pairs, t->getBytes(), t->getOwner())};
}

// onnx.STFT(signal [B, L, 1], frame_step, window?, frame_length?) with
// onesided (default 1): [B, frames, bins, 2], unscaled.
std::optional<EvalResults> onnxStft(EvalContext &ctx) {
  const Tensor *signal = ctx.operand(0), *step = ctx.operand(1);
  const Tensor *window = ctx.isNone(2) ? nullptr : ctx.operand(2);
  const Tensor *frameLength = ctx.isNone(3) ? nullptr : ctx.operand(3);
  if (!signal || !step || (!ctx.isNone(2) && !window) || (!ctx.isNone(3) && !frameLength) ||
      signal->getRank() != 3 ||
      (signal->getDType() != DType::Float32 && signal->getDType() != DType::Float64) ||
      step->getNumElements() != 1 || getNumericKind(step->getDType()) != NumericKind::Integer)
    return ctx.fail();
  // onnxruntime's (1.23) transform of a complex signal ([B, L, 2]) is not
  // the signal's: declined.
  if (signal->getShape()[2] != 1)
    return ctx.fail();
  bool onesided = ctx.getInt("onesided", 1) != 0;
  int64_t n = -1;
  if (frameLength) {
    if (frameLength->getNumElements() != 1 ||
        getNumericKind(frameLength->getDType()) != NumericKind::Integer)
      return ctx.fail();
    n = frameLength->getInt(0);
  }
  if (window) {
    if (window->getRank() != 1 || window->getDType() != signal->getDType() ||
        (n != -1 && window->getShape()[0] != n))
      return ctx.fail();
    n = window->getShape()[0];
  }
  if (n < 1)
    return ctx.fail();
  std::vector<Complex> w(n, 1.0);
  if (window) {
    std::vector<double> values = doublesOf(*window);
    for (int64_t i = 0; i != n; ++i)
      w[i] = values[i];
  }
  std::vector<double> values = doublesOf(*signal);
  int64_t rows = signal->getShape()[0], length = signal->getShape()[1];
  ComplexArray rowsOf{{rows, length}, std::vector<Complex>(rows * length)};
  for (int64_t i = 0; i != rows * length; ++i)
    rowsOf.values[i] = values[i];
  std::optional<ComplexArray> spectrum =
      framesSpectrum(ctx, rowsOf, n, step->getInt(0), w, onesided, 1.0);
  if (!spectrum)
    return std::nullopt;
  std::vector<double> pairs(2 * spectrum->values.size());
  for (size_t i = 0; i != spectrum->values.size(); ++i) {
    pairs[2 * i] = spectrum->values[i].real();
    pairs[2 * i + 1] = spectrum->values[i].imag();
  }
  Shape shape(spectrum->shape);
  shape.push_back(2);
  return single(tensorOfFloats(ctx, signal->getDType(), shape, pairs));
}

// onnx.DFT(input [..., 1 or 2], dft_length?, axis?) with inverse, onesided
// and the axis an attribute (opset 17, default 1) or an operand (opset 20,
// default -2): [..., 2] (real, imaginary) pairs, the inverse scaled by
// 1 / length. Without an axis the opsets' defaults name the same dim only
// for rank-3 inputs; other ranks are declined, as are one-sided inverse or
// complex transforms.
std::optional<EvalResults> onnxDft(EvalContext &ctx) {
  const Tensor *input = ctx.operand(0);
  if (!input || input->getRank() < 2 ||
      (input->getDType() != DType::Float32 && input->getDType() != DType::Float64))
    return ctx.fail();
  int64_t rank = int64_t(input->getRank()), components = input->getShape().back();
  bool inverse = ctx.getInt("inverse", 0) != 0, onesided = ctx.getInt("onesided", 0) != 0;
  std::optional<int64_t> axis = ctx.getOptionalInt("axis");
  if (!axis && !ctx.isNone(2)) {
    const Tensor *given = ctx.operand(2);
    if (!given || given->getNumElements() != 1 ||
        getNumericKind(given->getDType()) != NumericKind::Integer)
      return ctx.fail();
    axis = given->getInt(0);
  }
  if (!axis && rank != 3)
    return ctx.fail();
  std::optional<int64_t> dim = normalizeAxis(axis.value_or(1), rank);
  if (ctx.hasFailed() || !dim || *dim == rank - 1 || (components != 1 && components != 2) ||
      (onesided && (inverse || components != 1)))
    return ctx.fail();
  int64_t n = input->getShape()[*dim];
  if (!ctx.isNone(1)) {
    const Tensor *length = ctx.operand(1);
    if (!length || length->getNumElements() != 1 ||
        getNumericKind(length->getDType()) != NumericKind::Integer)
      return ctx.fail();
    n = length->getInt(0);
  }
  if (n < 1)
    return ctx.fail();
  std::vector<double> values = doublesOf(*input);
  ComplexArray a{Shape(input->getShape().drop_back()), {}};
  a.values.resize(values.size() / components);
  for (size_t i = 0; i != a.values.size(); ++i)
    a.values[i] = components == 1 ? Complex(values[i])
                                  : Complex(values[2 * i], values[2 * i + 1]);
  if (double(getNumElements(a.shape)) * double(n) > 64.0 * double(ctx.getLimit()))
    return ctx.fail();
  a = transformAxis(resized(a, *dim, n), *dim, inverse, onesided ? n / 2 + 1 : n);
  scale(a, inverse ? 1 / double(n) : 1.0);
  std::vector<double> pairs(2 * a.values.size());
  for (size_t i = 0; i != a.values.size(); ++i) {
    pairs[2 * i] = a.values[i].real();
    pairs[2 * i + 1] = a.values[i].imag();
  }
  Shape shape(a.shape);
  shape.push_back(2);
  return single(tensorOfFloats(ctx, input->getDType(), shape, pairs));
}

} // namespace

std::optional<EvalResults> complexAbs(EvalContext &ctx, const Tensor &t) {
  std::optional<ComplexArray> a = complexOf(t);
  if (!a)
    return ctx.fail();
  std::vector<double> magnitude(a->values.size());
  for (size_t i = 0; i != magnitude.size(); ++i)
    magnitude[i] = std::abs(a->values[i]);
  return single(tensorOfFloats(ctx, componentType(t.getDType()), a->shape, magnitude));
}

void registerSpectralRules(EvalRegistry &r) {
  r.addUnfoldable("aten.fft_fft.default", atenFFT<FFTKind::C2C, false, FFTDims::One>);
  r.addUnfoldable("aten.fft_fft2.default", atenFFT<FFTKind::C2C, false, FFTDims::Two>);
  r.addUnfoldable("aten.fft_fftn.default", atenFFT<FFTKind::C2C, false, FFTDims::All>);
  r.addUnfoldable("aten.fft_fftshift.default", atenFFTShift<false>);
  r.addUnfoldable("aten.fft_ifftshift.default", atenFFTShift<true>);
  r.addUnfoldable("aten.fft_ifft.default", atenFFT<FFTKind::C2C, true, FFTDims::One>);
  r.addUnfoldable("aten.fft_ifft2.default", atenFFT<FFTKind::C2C, true, FFTDims::Two>);
  r.addUnfoldable("aten.fft_ifftn.default", atenFFT<FFTKind::C2C, true, FFTDims::All>);
  r.addUnfoldable("aten.fft_irfft.default", atenFFT<FFTKind::C2R, true, FFTDims::One>);
  r.addUnfoldable("aten.fft_irfft2.default", atenFFT<FFTKind::C2R, true, FFTDims::Two>);
  r.addUnfoldable("aten.fft_irfftn.default", atenFFT<FFTKind::C2R, true, FFTDims::All>);
  r.addUnfoldable("aten.fft_rfft.default", atenFFT<FFTKind::R2C, false, FFTDims::One>);
  r.addUnfoldable("aten.fft_rfft2.default", atenFFT<FFTKind::R2C, false, FFTDims::Two>);
  r.addUnfoldable("aten.fft_rfftn.default", atenFFT<FFTKind::R2C, false, FFTDims::All>);
  r.addUnfoldable("aten.polar.default", atenPolar);
  r.addUnfoldable("aten.stft.center", atenStft<true>);
  r.addUnfoldable("aten.stft.default", atenStft<false>);
  r.addUnfoldable("onnx.DFT", onnxDft);
  r.addUnfoldable("onnx.STFT", onnxStft);
  r.addUnfoldable("aten.view_as_complex.default", atenViewAsComplex);
  r.addUnfoldable("aten.view_as_real.default", atenViewAsReal);
}

} // namespace pt2onnx::passes::eval
