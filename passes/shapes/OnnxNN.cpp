//===- OnnxNN.cpp - Shapes of ONNX neural-network ops -----------------------===//
//
// Contractions (MatMul, Gemm, Einsum), sliding windows (Conv, ConvTranspose,
// pools, with pads, strides, dilations, ceil_mode and auto_pad),
// normalizations, reductions, TopK, Resize with constant scales or sizes,
// recurrent ops, attention, grid sampling, STFT and random generators.
//
//===----------------------------------------------------------------------===//

#include "passes/shapes/ShapeFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>

namespace pt2onnx::passes {

using ir::Dim;
using ir::DType;
using ir::SymExpr;

namespace {

using Dims = llvm::SmallVector<Dim, 4>;

/// Records a failure when two dims that must be equal are static and differ.
void checkEqual(ShapeContext &ctx, const Dim &a, const Dim &b, llvm::StringRef what) {
  if (a.isStatic() && b.isStatic() && a.getSize() != b.getSize())
    ctx.fail(what + ": " + llvm::Twine(a.getSize()) + " vs " + llvm::Twine(b.getSize()));
}

void inferMatMul(ShapeContext &ctx) {
  auto a = ctx.shape(0), b = ctx.shape(1);
  if (!a || !b)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (a->empty() || b->empty())
    return ctx.fail("multiplies a rank-0 tensor");
  Dims dims;
  if (a->size() == 1 && b->size() == 1) {
    checkEqual(ctx, (*a)[0], (*b)[0], "contracted dims differ");
  } else if (b->size() == 1) {
    checkEqual(ctx, a->back(), (*b)[0], "contracted dims differ");
    dims.assign(a->begin(), a->end() - 1);
  } else if (a->size() == 1) {
    checkEqual(ctx, (*a)[0], (*b)[b->size() - 2], "contracted dims differ");
    dims.assign(b->begin(), b->end() - 2);
    dims.push_back(b->back());
  } else {
    checkEqual(ctx, a->back(), (*b)[b->size() - 2], "contracted dims differ");
    dims = ctx.broadcast(a->drop_back(2), b->drop_back(2));
    dims.push_back((*a)[a->size() - 2]);
    dims.push_back(b->back());
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferGemm(ShapeContext &ctx) {
  auto a = ctx.shape(0), b = ctx.shape(1);
  if (!a || !b)
    return ctx.setTensor(0, ctx.dtype(0), {Dim::unknown(), Dim::unknown()});
  if (a->size() != 2 || b->size() != 2)
    return ctx.fail("needs rank-2 A and B");
  bool ta = ctx.getInt("transA", 0), tb = ctx.getInt("transB", 0);
  Dim m = (*a)[ta ? 1 : 0], k = (*a)[ta ? 0 : 1];
  Dim k2 = (*b)[tb ? 1 : 0], n = (*b)[tb ? 0 : 1];
  checkEqual(ctx, k, k2, "contracted dims differ");
  ctx.setTensor(0, ctx.dtype(0), {m, n});
}

/// The spatial attributes of a conv or pool over `spatial` dims.
struct Window {
  llvm::SmallVector<int64_t, 4> kernel, strides, dilations, pads;
  llvm::StringRef autoPad;
  bool ceilMode = false;
};

std::optional<Window> readWindow(ShapeContext &ctx, size_t spatial,
                                 std::optional<llvm::ArrayRef<Dim>> weight) {
  Window w;
  if (auto k = ctx.getInts("kernel_shape")) {
    w.kernel = *k;
  } else if (weight && weight->size() == spatial + 2) {
    for (const Dim &d : weight->drop_front(2)) {
      if (!d.isStatic())
        return std::nullopt;
      w.kernel.push_back(d.getSize());
    }
  } else {
    return std::nullopt;
  }
  w.strides = ctx.getInts("strides").value_or(llvm::SmallVector<int64_t, 4>(spatial, 1));
  w.dilations = ctx.getInts("dilations").value_or(llvm::SmallVector<int64_t, 4>(spatial, 1));
  w.pads = ctx.getInts("pads").value_or(llvm::SmallVector<int64_t, 4>(2 * spatial, 0));
  w.autoPad = ctx.getString("auto_pad", "NOTSET");
  w.ceilMode = ctx.getInt("ceil_mode", 0) != 0;
  if (w.kernel.size() != spatial || w.strides.size() != spatial || w.dilations.size() != spatial ||
      w.pads.size() != 2 * spatial) {
    ctx.fail("has kernel_shape, strides, dilations or pads of the wrong length for " +
             llvm::Twine(spatial) + " spatial dims");
    return std::nullopt;
  }
  if (llvm::any_of(w.strides, [](int64_t s) { return s <= 0; })) {
    ctx.fail("has a non-positive stride");
    return std::nullopt;
  }
  return w;
}

/// The output spatial dims of a conv or pool.
Dims windowOutput(ShapeContext &ctx, llvm::ArrayRef<Dim> in, const Window &w) {
  Dims dims;
  for (size_t i = 0; i < in.size(); ++i) {
    if (w.autoPad == "SAME_UPPER" || w.autoPad == "SAME_LOWER") {
      SymExpr x = ctx.expr(in[i]);
      dims.push_back(x ? ctx.dim(ir::ceilDiv(x, ctx.constant(w.strides[i]))) : Dim::unknown());
    } else if (w.autoPad == "VALID") {
      dims.push_back(
          windowDim(ctx, in[i], w.kernel[i], w.strides[i], w.dilations[i], 0, 0, w.ceilMode));
    } else {
      dims.push_back(windowDim(ctx, in[i], w.kernel[i], w.strides[i], w.dilations[i], w.pads[i],
                               w.pads[i + in.size()], w.ceilMode));
    }
  }
  return dims;
}

void inferConv(ShapeContext &ctx) {
  auto x = ctx.shape(0), weight = ctx.shape(1);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (x->size() < 3)
    return ctx.fail("needs an input of rank 3 or more");
  size_t spatial = x->size() - 2;
  Dims dims{(*x)[0], weight && !weight->empty() ? (*weight)[0] : Dim::unknown()};
  if (weight && weight->size() == x->size()) {
    SymExpr c = ctx.expr((*weight)[1]);
    if (c)
      checkEqual(ctx, (*x)[1], ctx.dim(c * ctx.getInt("group", 1)), "input channels differ");
  }
  std::optional<Window> w = readWindow(ctx, spatial, weight);
  if (!w) {
    dims.append(spatial, Dim::unknown());
    return ctx.setTensor(0, ctx.dtype(0), dims);
  }
  dims.append(windowOutput(ctx, x->drop_front(2), *w));
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferConvTranspose(ShapeContext &ctx) {
  auto x = ctx.shape(0), weight = ctx.shape(1);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (x->size() < 3)
    return ctx.fail("needs an input of rank 3 or more");
  size_t spatial = x->size() - 2;
  Dim channels = Dim::unknown();
  if (weight && weight->size() == x->size())
    if (SymExpr m = ctx.expr((*weight)[1]))
      channels = ctx.dim(m * ctx.getInt("group", 1));
  Dims dims{(*x)[0], channels};
  std::optional<Window> w = readWindow(ctx, spatial, weight);
  if (auto outputShape = ctx.getInts("output_shape")) {
    if (outputShape->size() != spatial)
      return ctx.fail("has an output_shape of the wrong length");
    for (int64_t d : *outputShape)
      dims.push_back(Dim(d));
    return ctx.setTensor(0, ctx.dtype(0), dims);
  }
  auto outputPadding =
      ctx.getInts("output_padding").value_or(llvm::SmallVector<int64_t, 4>(spatial, 0));
  if (!w || outputPadding.size() != spatial) {
    dims.append(spatial, Dim::unknown());
    return ctx.setTensor(0, ctx.dtype(0), dims);
  }
  for (size_t i = 0; i < spatial; ++i) {
    SymExpr in = ctx.expr((*x)[i + 2]);
    if (!in) {
      dims.push_back(Dim::unknown());
    } else if (w->autoPad == "SAME_UPPER" || w->autoPad == "SAME_LOWER") {
      dims.push_back(ctx.dim(in * w->strides[i]));
    } else {
      // In SymExprs, whose arithmetic cannot overflow: the ints are attributes.
      SymExpr out = (in - 1) * w->strides[i] + outputPadding[i] +
                    (ctx.constant(w->kernel[i]) - 1) * w->dilations[i] + 1;
      if (w->autoPad != "VALID")
        out = out - w->pads[i] - w->pads[i + spatial];
      dims.push_back(ctx.dim(out));
    }
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferPool(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (x->size() < 3)
    return ctx.fail("needs an input of rank 3 or more");
  size_t spatial = x->size() - 2;
  Dims dims(x->take_front(2));
  std::optional<Window> w = readWindow(ctx, spatial, std::nullopt);
  if (!w && !ctx.failed())
    return ctx.fail("has no kernel_shape");
  if (!w)
    return;
  dims.append(windowOutput(ctx, x->drop_front(2), *w));
  ctx.setTensor(0, ctx.dtype(0), dims);
  // MaxPool's indices.
  ctx.setTensor(1, DType::Int64, dims);
}

void inferGlobalPool(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (x->size() < 2)
    return ctx.fail("needs an input of rank 2 or more");
  Dims dims(x->take_front(2));
  dims.append(x->size() - 2, Dim(1));
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferBatchNormalization(ShapeContext &ctx) {
  ctx.setSameAs(0, 0);
  // Training mode's running statistics have the shape of the scale.
  if (auto scale = ctx.shape(1)) {
    ctx.setTensor(1, ctx.dtype(3), *scale);
    ctx.setTensor(2, ctx.dtype(4), *scale);
  }
}

void inferLayerNormalization(ShapeContext &ctx) {
  ctx.setSameAs(0, 0);
  auto x = ctx.shape(0);
  if (!x)
    return;
  std::optional<int64_t> axis = ctx.normalizeAxis(ctx.getInt("axis", -1), int64_t(x->size()));
  if (!axis)
    return;
  Dims stats(x->take_front(*axis));
  stats.append(x->size() - *axis, Dim(1));
  ctx.setShape(1, stats);
  ctx.setShape(2, stats);
}

void inferReduce(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t rank = int64_t(x->size());
  bool keepdims = ctx.getInt("keepdims", 1) != 0;
  std::optional<llvm::SmallVector<int64_t, 4>> axes;
  if (ctx.has(1)) {
    axes = ctx.constInts(1);
    if (!axes)
      return ctx.setShape(0, keepdims ? Dims(rank, Dim::unknown()) : Dims());
  } else if (auto a = ctx.getInts("axes")) {
    axes = *a;
  }
  if (!axes || axes->empty()) {
    if (ctx.getInt("noop_with_empty_axes", 0))
      return ctx.setSameAs(0, 0);
    axes.emplace();
    for (int64_t i = 0; i < rank; ++i)
      axes->push_back(i);
  }
  llvm::SmallVector<int64_t, 4> normalized;
  for (int64_t a : *axes) {
    std::optional<int64_t> n = ctx.normalizeAxis(a, rank);
    if (!n)
      return;
    normalized.push_back(*n);
  }
  Dims dims;
  for (int64_t i = 0; i < rank; ++i) {
    if (!llvm::is_contained(normalized, i))
      dims.push_back((*x)[i]);
    else if (keepdims)
      dims.push_back(Dim(1));
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferArgReduce(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, DType::Int64);
  std::optional<int64_t> axis = ctx.normalizeAxis(ctx.getInt("axis", 0), int64_t(x->size()));
  if (!axis)
    return;
  Dims dims(*x);
  if (ctx.getInt("keepdims", 1))
    dims[*axis] = Dim(1);
  else
    dims.erase(dims.begin() + *axis);
  ctx.setTensor(0, DType::Int64, dims);
}

void inferTopK(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return;
  std::optional<int64_t> axis = ctx.normalizeAxis(ctx.getInt("axis", -1), int64_t(x->size()));
  if (!axis)
    return;
  Dims dims(*x);
  const KnownInts *k = ctx.ints(1);
  dims[*axis] = k && k->size() == 1 && (*k)[0] ? ctx.dim((*k)[0]) : Dim::unknown();
  ctx.setTensor(0, ctx.dtype(0), dims);
  ctx.setTensor(1, DType::Int64, dims);
}

void inferEinsum(ShapeContext &ctx) {
  std::string equation;
  for (char c : ctx.getString("equation", ""))
    if (c != ' ')
      equation += c;
  auto [lhs, rhs] = llvm::StringRef(equation).split("->");
  bool explicitOutput = llvm::StringRef(equation).contains("->");
  llvm::SmallVector<llvm::StringRef, 4> terms;
  lhs.split(terms, ',');
  if (terms.size() != ctx.getNumOperands())
    return ctx.fail("has " + llvm::Twine(terms.size()) + " input terms for " +
                    llvm::Twine(ctx.getNumOperands()) + " operands");
  llvm::DenseMap<char, Dim> letters;
  llvm::DenseMap<char, unsigned> counts;
  Dims ellipsis;
  for (auto [i, term] : llvm::enumerate(terms)) {
    auto x = ctx.shape(unsigned(i));
    if (!x)
      return ctx.setUnranked(0, ctx.dtype(0));
    bool hasEllipsis = term.contains("...");
    size_t named = term.size() - (hasEllipsis ? 3 : 0);
    if (named > x->size() || (!hasEllipsis && named != x->size()))
      return ctx.fail("term '" + term + "' does not match rank " + llvm::Twine(x->size()));
    size_t spread = x->size() - named, dim = 0;
    for (size_t c = 0; c < term.size(); ++c) {
      if (term[c] == '.') {
        if (term.substr(c, 3) != "...")
          return ctx.fail("has a malformed ellipsis");
        ellipsis = ctx.broadcast(ellipsis, x->slice(dim, spread));
        dim += spread;
        c += 2;
        continue;
      }
      if (!llvm::isAlpha(term[c]))
        return ctx.fail("has a malformed equation");
      ++counts[term[c]];
      auto [it, inserted] = letters.try_emplace(term[c], (*x)[dim]);
      if (!inserted)
        it->second = ctx.broadcast(it->second, (*x)[dim]);
      ++dim;
    }
  }
  std::string output = rhs.str();
  if (!explicitOutput) {
    // Implicit: the ellipsis, then the letters used once, alphabetically.
    output = "...";
    for (char c = 'A'; c <= 'z'; ++c)
      if (counts.lookup(c) == 1)
        output += c;
  }
  Dims dims;
  for (size_t c = 0; c < output.size(); ++c) {
    if (output[c] == '.') {
      dims.append(ellipsis.begin(), ellipsis.end());
      c += 2;
      continue;
    }
    auto it = letters.find(output[c]);
    if (it == letters.end())
      return ctx.fail("output letter '" + llvm::Twine(output[c]) + "' is not an input's");
    dims.push_back(it->second);
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferResize(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t rank = int64_t(x->size());
  llvm::SmallVector<int64_t, 4> axes;
  if (auto a = ctx.getInts("axes")) {
    for (int64_t v : *a) {
      std::optional<int64_t> n = ctx.normalizeAxis(v, rank);
      if (!n)
        return;
      axes.push_back(*n);
    }
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
  }
  Dims dims(*x);
  if (ctx.has(3)) {
    const KnownInts *sizes = ctx.ints(3);
    if (!sizes || sizes->size() != axes.size() ||
        ctx.getString("keep_aspect_ratio_policy", "stretch") != "stretch") {
      for (int64_t a : axes)
        dims[a] = Dim::unknown();
      return ctx.setTensor(0, ctx.dtype(0), dims);
    }
    for (auto [a, s] : llvm::zip(axes, *sizes))
      dims[a] = ctx.dim(s);
    return ctx.setTensor(0, ctx.dtype(0), dims);
  }
  auto scales = ctx.constFloats(2);
  if (!scales || scales->size() != axes.size()) {
    for (int64_t a : axes)
      dims[a] = Dim::unknown();
    return ctx.setTensor(0, ctx.dtype(0), dims);
  }
  for (auto [a, scale] : llvm::zip(axes, *scales)) {
    const Dim &d = (*x)[a];
    // Runtimes compute floor(dim * scale) in float32.
    float s = float(scale);
    if (d.isStatic()) {
      dims[a] = Dim(int64_t(std::floor(float(d.getSize()) * s)));
    } else if (d.isSymbolic() && s >= 1 && std::floor(s) == s) {
      dims[a] = ctx.dim(d.getExpr() * int64_t(s));
    } else if (d.isSymbolic() && s > 0 && s < 1 && std::floor(1 / s) == 1 / s &&
               llvm::isPowerOf2_64(uint64_t(1 / s))) {
      dims[a] = ctx.dim(ir::floorDiv(d.getExpr(), ctx.constant(int64_t(1 / s))));
    } else {
      dims[a] = Dim::unknown();
    }
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferRecurrent(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  std::optional<int64_t> hidden = ctx.getOptionalInt("hidden_size");
  if (!x || !hidden)
    return;
  if (x->size() != 3)
    return ctx.fail("needs a rank-3 input");
  Dim dirs(ctx.getString("direction", "forward") == "bidirectional" ? 2 : 1);
  bool batchFirst = ctx.getInt("layout", 0) != 0;
  Dim seq = (*x)[batchFirst ? 1 : 0], batch = (*x)[batchFirst ? 0 : 1];
  DType t = ctx.dtype(0);
  if (batchFirst) {
    ctx.setTensor(0, t, {batch, seq, dirs, Dim(*hidden)});
    ctx.setTensor(1, t, {batch, dirs, Dim(*hidden)});
    ctx.setTensor(2, t, {batch, dirs, Dim(*hidden)});
  } else {
    ctx.setTensor(0, t, {seq, dirs, batch, Dim(*hidden)});
    ctx.setTensor(1, t, {dirs, batch, Dim(*hidden)});
    ctx.setTensor(2, t, {dirs, batch, Dim(*hidden)});
  }
}

void inferAttention(ShapeContext &ctx) {
  auto q = ctx.shape(0), v = ctx.shape(2);
  if (!q || !v)
    return;
  if (q->size() == 4 && v->size() == 4)
    return ctx.setTensor(0, ctx.dtype(0), {(*q)[0], (*q)[1], (*q)[2], (*v)[3]});
  if (q->size() == 3 && v->size() == 3) {
    std::optional<int64_t> qHeads = ctx.getOptionalInt("q_num_heads"),
                           kvHeads = ctx.getOptionalInt("kv_num_heads");
    SymExpr vHidden = ctx.expr((*v)[2]);
    Dim hidden = Dim::unknown();
    if (qHeads && kvHeads && *kvHeads > 0 && vHidden)
      hidden = ctx.dim(ir::floorDiv(vHidden, ctx.constant(*kvHeads)) * *qHeads);
    return ctx.setTensor(0, ctx.dtype(0), {(*q)[0], (*q)[1], hidden});
  }
  ctx.fail("needs Q and V of rank 3 or 4");
}

void inferGridSample(ShapeContext &ctx) {
  auto x = ctx.shape(0), grid = ctx.shape(1);
  if (!x || !grid)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (x->size() < 3 || grid->size() != x->size())
    return ctx.fail("needs an input and a grid of the same rank, 3 or more");
  Dims dims{(*x)[0], (*x)[1]};
  dims.append(grid->begin() + 1, grid->end() - 1);
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferSTFT(ShapeContext &ctx) {
  auto signal = ctx.shape(0);
  if (!signal || signal->size() != 3)
    return;
  SymExpr length;
  if (const KnownInts *fl = ctx.ints(3); fl && fl->size() == 1)
    length = (*fl)[0];
  else if (auto window = ctx.shape(2); window && window->size() == 1)
    length = ctx.expr((*window)[0]);
  const KnownInts *step = ctx.ints(1);
  SymExpr n = ctx.expr((*signal)[1]);
  Dim frames = Dim::unknown(), bins = Dim::unknown();
  if (length && step && step->size() == 1 && (*step)[0] && (*step)[0].getRange().lo >= 1 && n)
    frames = ctx.dim(ir::floorDiv(n - length, (*step)[0]) + 1);
  if (length)
    bins = ctx.getInt("onesided", 1) ? ctx.dim(ir::floorDiv(length, ctx.constant(2)) + 1)
                                     : ctx.dim(length);
  ctx.setTensor(0, ctx.dtype(0), {(*signal)[0], frames, bins, Dim(2)});
}

void inferRandom(ShapeContext &ctx) {
  DType dtype = ctx.getDType("dtype").value_or(DType::Float32);
  auto shape = ctx.getInts("shape");
  if (!shape)
    return ctx.setUnranked(0, dtype);
  Dims dims;
  for (int64_t d : *shape)
    dims.push_back(Dim(d));
  ctx.setTensor(0, dtype, dims);
}

void inferRandomLike(ShapeContext &ctx) {
  DType dtype = ctx.getDType("dtype").value_or(ctx.dtype(0));
  if (auto x = ctx.shape(0))
    ctx.setTensor(0, dtype, *x);
  else
    ctx.setUnranked(0, dtype);
}

} // namespace

void registerOnnxNNShapes(ShapeFunctionRegistry &r) {
  r.addOnnx("onnx.MatMul", inferMatMul);
  r.addOnnx("onnx.Gemm", inferGemm);
  r.addOnnx("onnx.Einsum", inferEinsum);
  r.addOnnx("onnx.Conv", inferConv);
  r.addOnnx("onnx.ConvTranspose", inferConvTranspose);
  for (llvm::StringRef op : {"MaxPool", "AveragePool", "LpPool"})
    r.addOnnx(("onnx." + op).str(), inferPool);
  for (llvm::StringRef op : {"GlobalAveragePool", "GlobalMaxPool", "GlobalLpPool"})
    r.addOnnx(("onnx." + op).str(), inferGlobalPool);
  r.addOnnx("onnx.BatchNormalization", inferBatchNormalization);
  r.addOnnx("onnx.LayerNormalization", inferLayerNormalization);
  for (llvm::StringRef op : {"InstanceNormalization", "GroupNormalization", "RMSNormalization"})
    r.addOnnx(("onnx." + op).str(), [](ShapeContext &ctx) { ctx.setSameAs(0, 0); });
  for (llvm::StringRef op :
       {"ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceMax", "ReduceMean",
        "ReduceMin", "ReduceProd", "ReduceSum", "ReduceSumSquare"})
    r.addOnnx(("onnx." + op).str(), inferReduce);
  r.addOnnx("onnx.ArgMax", inferArgReduce);
  r.addOnnx("onnx.ArgMin", inferArgReduce);
  r.addOnnx("onnx.TopK", inferTopK);
  r.addOnnx("onnx.Resize", inferResize);
  for (llvm::StringRef op : {"LSTM", "GRU", "RNN"})
    r.addOnnx(("onnx." + op).str(), inferRecurrent);
  r.addOnnx("onnx.Attention", inferAttention);
  r.addOnnx("onnx.GridSample", inferGridSample);
  r.addOnnx("onnx.STFT", inferSTFT);
  r.addOnnx("onnx.RandomNormal", inferRandom);
  r.addOnnx("onnx.RandomUniform", inferRandom);
  for (llvm::StringRef op : {"RandomNormalLike", "RandomUniformLike", "Bernoulli"})
    r.addOnnx(("onnx." + op).str(), inferRandomLike);
}

} // namespace pt2onnx::passes
