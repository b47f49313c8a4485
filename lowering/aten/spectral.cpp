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

} // namespace

void registerSpectralLowerings(LoweringRegistry &r) {
  r.addAcceptingComplex("aten.stft.default", lowerStft);
  r.addAcceptingComplex("aten.view_as_real.default", lowerViewAsPairs);
  r.addAcceptingComplex("aten.view_as_complex.default", lowerViewAsPairs);
}

} // namespace pt2onnx::lowering
