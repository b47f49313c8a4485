//===- Convolution.cpp - Convolutions and transposed convolutions ----------===//
//
// One direct N-d kernel serves torch's convolutions (conv1d/2d/3d with
// explicit, 'same' or 'valid' padding, conv_transpose1d/2d/3d, convolution,
// _convolution) and ONNX's Conv and ConvTranspose (group, dilations,
// strides, pads, auto_pad, output_padding, output_shape). Products are
// summed in double and rounded once, so results may differ from the
// runtimes', which accumulate in float32, in the last bits. Padding adds no
// terms (0 * inf is not NaN here, as in oneDNN's direct kernels).
//
// Declined: integer tensors (neither runtime computes them), channel counts
// that do not match the groups, empty outputs, ConvTranspose with auto_pad
// SAME_* (onnxruntime's output size and padding there depart from the
// specification's). ConvTranspose with output_shape pads as onnxruntime
// does: the odd padding at the beginning.
//
// The rules are unfoldable: a convolution's folded result would differ
// from the runtime's in the last bits.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/NN.h"

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

struct ConvGeometry {
  bool transposed = false;
  int64_t groups = 1;
  Shape stride, dilation, padBegin, padEnd, outputPadding;
};

/// The output size of one spatial dim.
int64_t outputSize(const ConvGeometry &g, size_t d, int64_t in, int64_t kernel) {
  int64_t span = g.dilation[d] * (kernel - 1) + 1;
  if (g.transposed)
    return (in - 1) * g.stride[d] - g.padBegin[d] - g.padEnd[d] + span + g.outputPadding[d];
  int64_t padded = in + g.padBegin[d] + g.padEnd[d] - span;
  return padded < 0 ? -1 : padded / g.stride[d] + 1;
}

/// For each kernel position k and source position p (the output for a
/// convolution, the input for a transposed one), the flat target position
/// p * stride + k * dilation - padBegin, or -1 outside the target.
std::vector<int64_t> targetTable(const ConvGeometry &g, llvm::ArrayRef<int64_t> kernel,
                                 llvm::ArrayRef<int64_t> source, llvm::ArrayRef<int64_t> target) {
  size_t n = kernel.size();
  int64_t kPlane = getNumElements(kernel), srcPlane = getNumElements(source);
  Shape targetStrides = getStrides(target);
  std::vector<int64_t> table(kPlane * srcPlane);
  Shape k(n, 0), p(n, 0);
  for (int64_t kf = 0; kf != kPlane; ++kf) {
    std::fill(p.begin(), p.end(), 0);
    for (int64_t pf = 0; pf != srcPlane; ++pf) {
      int64_t flat = 0;
      for (size_t d = 0; d != n && flat >= 0; ++d) {
        int64_t t = p[d] * g.stride[d] + k[d] * g.dilation[d] - g.padBegin[d];
        flat = t < 0 || t >= target[d] ? -1 : flat + t * targetStrides[d];
      }
      table[kf * srcPlane + pf] = flat;
      for (size_t d = n; d-- > 0;) {
        if (++p[d] < source[d])
          break;
        p[d] = 0;
      }
    }
    for (size_t d = n; d-- > 0;) {
      if (++k[d] < kernel[d])
        break;
      k[d] = 0;
    }
  }
  return table;
}

/// The (transposed) convolution of `x` [N, C, in...] by `w` ([M, C/groups,
/// k...], or [C, M/groups, k...] transposed) plus `bias` [M].
std::optional<Tensor> convolve(EvalContext &ctx, const Tensor &x, const Tensor &w,
                               const Tensor *bias, const ConvGeometry &g, DType out) {
  size_t n = w.getRank() >= 2 ? w.getRank() - 2 : 0;
  if (n == 0 || x.getRank() != n + 2 || g.groups < 1 || g.stride.size() != n ||
      g.dilation.size() != n || g.padBegin.size() != n || g.padEnd.size() != n ||
      llvm::any_of(g.stride, [](int64_t s) { return s < 1; }) ||
      llvm::any_of(g.dilation, [](int64_t d) { return d < 1; }))
    return ctx.fail();
  int64_t batch = x.getShape()[0], channels = x.getShape()[1];
  llvm::ArrayRef<int64_t> in = x.getShape().drop_front(2), kernel = w.getShape().drop_front(2);
  int64_t inGroup, outGroup;
  if (g.transposed) {
    if (g.outputPadding.size() != n || w.getShape()[0] != channels || channels % g.groups)
      return ctx.fail();
    inGroup = channels / g.groups;
    outGroup = w.getShape()[1];
  } else {
    if (w.getShape()[1] * g.groups != channels || w.getShape()[0] % g.groups)
      return ctx.fail();
    inGroup = w.getShape()[1];
    outGroup = w.getShape()[0] / g.groups;
  }
  int64_t outChannels = outGroup * g.groups;
  if (bias && (bias->getRank() != 1 || bias->getShape()[0] != outChannels))
    return ctx.fail();
  Shape outShape{batch, outChannels};
  for (size_t d = 0; d != n; ++d) {
    int64_t size = outputSize(g, d, in[d], kernel[d]);
    if (size < 1)
      return ctx.fail();
    outShape.push_back(size);
  }
  if (!ctx.withinLimit(outShape))
    return std::nullopt;
  std::optional<std::vector<double>> xs = floatsOf(ctx, x), ws = floatsOf(ctx, w);
  std::optional<std::vector<double>> bs = bias ? floatsOf(ctx, *bias) : std::vector<double>();
  if (!xs || !ws || !bs)
    return std::nullopt;

  llvm::ArrayRef<int64_t> outSpatial = llvm::ArrayRef<int64_t>(outShape).drop_front(2);
  int64_t inPlane = getNumElements(in), outPlane = getNumElements(outSpatial),
          kPlane = getNumElements(kernel);
  int64_t srcPlane = g.transposed ? inPlane : outPlane;
  std::vector<int64_t> table = g.transposed ? targetTable(g, kernel, in, outSpatial)
                                            : targetTable(g, kernel, outSpatial, in);
  std::vector<double> y(getNumElements(outShape), 0.0);
  for (int64_t b = 0; b != batch; ++b)
    for (int64_t group = 0; group != g.groups; ++group)
      for (int64_t m = 0; m != outGroup; ++m) {
        int64_t oc = group * outGroup + m;
        double *yp = &y[(b * outChannels + oc) * outPlane];
        if (bias)
          std::fill(yp, yp + outPlane, (*bs)[oc]);
        for (int64_t c = 0; c != inGroup; ++c) {
          int64_t ic = group * inGroup + c;
          const double *xp = &(*xs)[(b * channels + ic) * inPlane];
          const double *wp = g.transposed ? &(*ws)[(ic * outGroup + m) * kPlane]
                                          : &(*ws)[(oc * inGroup + c) * kPlane];
          for (int64_t k = 0; k != kPlane; ++k) {
            const int64_t *t = &table[k * srcPlane];
            double wv = wp[k];
            if (g.transposed) {
              for (int64_t p = 0; p != srcPlane; ++p)
                if (t[p] >= 0)
                  yp[t[p]] += wv * xp[p];
            } else {
              for (int64_t p = 0; p != srcPlane; ++p)
                if (t[p] >= 0)
                  yp[p] += wv * xp[t[p]];
            }
          }
        }
      }
  return tensorOfFloats(ctx, out, outShape, y);
}

/// aten.conv{1,2,3}d (ints, or 'same'/'valid' in the .padding overloads),
/// conv_transpose{1,2,3}d, convolution and _convolution; an unbatched input
/// gets a batch dim for the computation.
std::optional<EvalResults> atenConvolution(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input"), *w = ctx.tensor("weight");
  const Tensor *bias = ctx.optionalTensor("bias");
  if (!x || !w || ctx.hasFailed() || w->getRank() < 3)
    return ctx.fail();
  llvm::StringRef name = ctx.getOp().getName().getStringRef();
  size_t n = w->getRank() - 2;
  ConvGeometry g;
  g.transposed = name.contains("conv_transpose") || ctx.getInt("transposed", 0) != 0;
  g.groups = ctx.getInt("groups", 1);
  std::optional<Shape> stride = perDim(ctx, "stride", n, 1),
                       dilation = perDim(ctx, "dilation", n, 1),
                       outputPadding = perDim(ctx, "output_padding", n, 0);
  if (!stride || !dilation || !outputPadding)
    return std::nullopt;
  g.stride = *stride;
  g.dilation = *dilation;
  g.outputPadding = *outputPadding;
  if (name.ends_with(".padding")) {
    std::string mode = ctx.getString("padding", "valid");
    g.padBegin.assign(n, 0);
    g.padEnd.assign(n, 0);
    if (mode == "same") {
      // torch pads dilation * (k - 1) in all, the odd one at the end.
      for (size_t d = 0; d != n; ++d) {
        int64_t total = g.dilation[d] * (w->getShape()[2 + d] - 1);
        g.padBegin[d] = total / 2;
        g.padEnd[d] = total - total / 2;
      }
    } else if (mode != "valid") {
      return ctx.fail();
    }
  } else {
    std::optional<Shape> padding = perDim(ctx, "padding", n, 0);
    if (!padding)
      return std::nullopt;
    g.padBegin = g.padEnd = *padding;
  }
  bool unbatched = x->getRank() == n + 1;
  Shape batchedShape{1};
  batchedShape.append(x->getShape().begin(), x->getShape().end());
  Tensor input = unbatched ? x->reshaped(batchedShape) : *x;
  std::optional<Tensor> y = convolve(ctx, input, *w, bias, g, ctx.resultDType());
  if (!y)
    return std::nullopt;
  if (unbatched)
    return single(y->reshaped(y->getShape().drop_front()));
  return single(std::move(y));
}

/// The geometry of ONNX Conv and ConvTranspose from their attributes.
std::optional<ConvGeometry> onnxGeometry(EvalContext &ctx, const Tensor &x, const Tensor &w,
                                         bool transposed) {
  if (x.getRank() < 3 || w.getRank() != x.getRank())
    return ctx.fail();
  size_t n = x.getRank() - 2;
  ConvGeometry g;
  g.transposed = transposed;
  g.groups = ctx.getInt("group", 1);
  std::optional<Shape> stride = onnxPerDim(ctx, "strides", n, 1),
                       dilation = onnxPerDim(ctx, "dilations", n, 1),
                       outputPadding = onnxPerDim(ctx, "output_padding", n, 0),
                       pads = onnxPads(ctx, n);
  if (!stride || !dilation || !outputPadding || !pads)
    return std::nullopt;
  llvm::ArrayRef<int64_t> kernel = w.getShape().drop_front(2);
  if (std::optional<Shape> k = ctx.getOptionalIntList("kernel_shape");
      k && llvm::ArrayRef<int64_t>(*k) != kernel)
    return ctx.fail();
  g.stride = *stride;
  g.dilation = *dilation;
  g.outputPadding = *outputPadding;
  g.padBegin.assign(pads->begin(), pads->begin() + n);
  g.padEnd.assign(pads->begin() + n, pads->end());
  std::string autoPad = ctx.getString("auto_pad", "NOTSET");
  std::optional<Shape> outputShape = ctx.getOptionalIntList("output_shape");
  if (transposed && outputShape) {
    // onnxruntime: the padding that gives output_shape, the odd one at the
    // beginning.
    if (autoPad != "NOTSET")
      return ctx.fail();
    if (outputShape->size() == n + 2)
      outputShape->erase(outputShape->begin(), outputShape->begin() + 2);
    if (outputShape->size() != n)
      return ctx.fail();
    for (size_t d = 0; d != n; ++d) {
      int64_t full = (x.getShape()[2 + d] - 1) * g.stride[d] + g.outputPadding[d] +
                     (kernel[d] - 1) * g.dilation[d] + 1;
      int64_t total = std::max<int64_t>(0, full - (*outputShape)[d]);
      g.padBegin[d] = total - total / 2;
      g.padEnd[d] = total / 2;
    }
    return g;
  }
  if (autoPad == "NOTSET")
    return g;
  if (autoPad == "VALID") {
    std::fill(g.padBegin.begin(), g.padBegin.end(), 0);
    std::fill(g.padEnd.begin(), g.padEnd.end(), 0);
    return g;
  }
  if (transposed || (autoPad != "SAME_UPPER" && autoPad != "SAME_LOWER"))
    return ctx.fail();
  // Conv SAME_*: output ceil(in / stride), the odd padding at the end
  // (UPPER) or the beginning (LOWER).
  for (size_t d = 0; d != n; ++d) {
    int64_t in = x.getShape()[2 + d], out = (in + g.stride[d] - 1) / g.stride[d];
    int64_t total = std::max<int64_t>(
        0, (out - 1) * g.stride[d] + (kernel[d] - 1) * g.dilation[d] + 1 - in);
    g.padBegin[d] = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
    g.padEnd[d] = total - g.padBegin[d];
  }
  return g;
}

template <bool transposed> std::optional<EvalResults> onnxConv(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *w = ctx.operand(1);
  const Tensor *bias = ctx.isNone(2) ? nullptr : ctx.operand(2);
  if (!x || !w || (!ctx.isNone(2) && !bias) || x->getDType() != w->getDType())
    return ctx.fail();
  std::optional<ConvGeometry> g = onnxGeometry(ctx, *x, *w, transposed);
  if (!g)
    return std::nullopt;
  return single(convolve(ctx, *x, *w, bias, *g, ctx.resultDType()));
}

} // namespace

void registerConvolutionRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.Conv", onnxConv<false>);
  r.addUnfoldable("onnx.ConvTranspose", onnxConv<true>);

  for (llvm::StringRef name :
       {"aten._convolution.default", "aten.conv1d.default", "aten.conv1d.padding",
        "aten.conv2d.default", "aten.conv2d.padding", "aten.conv3d.default",
        "aten.conv3d.padding", "aten.conv_transpose1d.default", "aten.conv_transpose2d.input",
        "aten.conv_transpose3d.input", "aten.convolution.default"})
    r.addUnfoldable(name, atenConvolution);
}

} // namespace pt2onnx::passes::eval
