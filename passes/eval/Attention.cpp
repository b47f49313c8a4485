//===- Attention.cpp - Scaled dot-product attention and rotary embedding ---===//
//
// softmax(Q K^T * scale + mask) V, scale 1/sqrt(E) by default, a boolean
// mask meaning "may attend" and a float one added; is_causal masks the
// top-left aligned upper triangle. With enable_gqa (and in ONNX Attention
// whenever the head counts differ) each key/value head serves H_q / H_kv
// consecutive query heads.
//
// torch's scaled_dot_product_attention: batch dims broadcast, and a row that
// may attend nothing gives zeros (the math reference's _safe_softmax);
// dropout declined. ONNX Attention (opset 23): 4-D [B, H, L, E] or 3-D
// [B, L, H * E] inputs (q_num_heads, kv_num_heads), the mask added before
// softcap; declined: past key/value, the qk_matmul output, a causal mask on
// non-square scores and rows that may attend nothing (onnxruntime's result
// there is not the specification's).
//
// RotaryEmbedding (opset 23): [B, H, S, D] or [B, S, H * D] inputs, cos
// and sin caches [B, S, R/2] or, with position_ids, [positions, R/2];
// rotate_half or interleaved pairs over the first R = rotary_embedding_dim
// (default D) features.
//
// Computed in double and rounded once: unfoldable.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/NN.h"

#include <cmath>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;
constexpr double kNegInf = -std::numeric_limits<double>::infinity();

/// `t` [..., H, S, E] with each head repeated `times` times consecutively.
Tensor repeatHeads(const Tensor &t, int64_t times) {
  size_t rank = t.getRank();
  Shape strides = getStrides(t.getShape()), shape(t.getShape().begin(), t.getShape().end());
  shape.insert(shape.begin() + rank - 2, times);
  strides.insert(strides.begin() + rank - 2, 0);
  Shape repeated(t.getShape().begin(), t.getShape().end());
  repeated[rank - 3] *= times;
  return copyStrided(t, shape, strides, 0).reshaped(repeated);
}

struct AttentionOptions {
  double scale = 0; // 0: 1/sqrt(E)
  bool causal = false;
  double softcap = 0;
  bool zeroMaskedRows = true; // false: decline rows that may attend nothing
};

/// Attention of q [..., L, E], k [..., S, E], v [..., S, Ev] (batch dims
/// broadcast) with `mask` broadcast to [..., L, S].
std::optional<Tensor> attention(EvalContext &ctx, const Tensor &q, const Tensor &k,
                                const Tensor &v, const Tensor *mask, const AttentionOptions &o,
                                DType out) {
  size_t rank = q.getRank();
  if (rank < 2 || k.getRank() != rank || v.getRank() != rank)
    return ctx.fail();
  int64_t l = q.getShape()[rank - 2], e = q.getShape()[rank - 1], s = k.getShape()[rank - 2],
          ev = v.getShape()[rank - 1];
  if (k.getShape()[rank - 1] != e || v.getShape()[rank - 2] != s || (o.causal && mask))
    return ctx.fail();
  llvm::ArrayRef<int64_t> qb = q.getShape().drop_back(2), kb = k.getShape().drop_back(2),
                          vb = v.getShape().drop_back(2);
  std::optional<Shape> batch = ctx.broadcast({qb, kb, vb});
  if (!batch)
    return std::nullopt;
  Shape scoreShape = *batch, outShape = *batch;
  scoreShape.append({l, s});
  outShape.append({l, ev});
  if (!ctx.withinLimit(outShape))
    return std::nullopt;
  std::optional<std::vector<double>> qs = floatsOf(ctx, q), ks = floatsOf(ctx, k),
                                     vs = floatsOf(ctx, v);
  if (!qs || !ks || !vs)
    return std::nullopt;
  std::vector<double> bias;
  std::vector<int64_t> biasIndex;
  if (mask) {
    std::optional<Shape> full = ctx.broadcast({mask->getShape(), scoreShape});
    if (!full || *full != scoreShape)
      return ctx.fail();
    bool isBool = mask->getDType() == DType::Bool;
    if (!isBool && getNumericKind(mask->getDType()) != NumericKind::Float)
      return ctx.fail();
    bias.resize(mask->getNumElements());
    for (int64_t i = 0, n = mask->getNumElements(); i != n; ++i)
      bias[i] = isBool ? (mask->getInt(i) ? 0.0 : kNegInf) : mask->getDouble(i);
    biasIndex = numerics::broadcastIndices(mask->getShape(), scoreShape);
  }
  double scale = o.scale != 0 ? o.scale : 1 / std::sqrt(double(e));
  std::vector<int64_t> qi = numerics::broadcastIndices(qb, *batch),
                       ki = numerics::broadcastIndices(kb, *batch),
                       vi = numerics::broadcastIndices(vb, *batch);
  std::vector<double> y(getNumElements(outShape), 0.0), scores(s);
  for (size_t b = 0; b != qi.size(); ++b)
    for (int64_t i = 0; i != l; ++i) {
      const double *qr = &(*qs)[(qi[b] * l + i) * e];
      double max = kNegInf;
      for (int64_t j = 0; j != s; ++j) {
        const double *kr = &(*ks)[(ki[b] * s + j) * e];
        double dot = 0;
        for (int64_t c = 0; c != e; ++c)
          dot += qr[c] * kr[c];
        double score = dot * scale;
        if (mask)
          score += bias[biasIndex[(b * l + i) * s + j]];
        if (o.causal && j > i)
          score = kNegInf;
        if (o.softcap > 0)
          score = o.softcap * std::tanh(score / o.softcap);
        scores[j] = score;
        max = std::isnan(score) ? score : std::max(max, score);
      }
      double *yr = &y[(b * l + i) * ev];
      if (max == kNegInf) {
        if (!o.zeroMaskedRows)
          return ctx.fail();
        continue;
      }
      double sum = 0;
      for (double &score : scores)
        sum += score = std::exp(score - max);
      for (int64_t j = 0; j != s; ++j) {
        const double *vr = &(*vs)[(vi[b] * s + j) * ev];
        double p = scores[j] / sum;
        for (int64_t c = 0; c != ev; ++c)
          yr[c] += p * vr[c];
      }
    }
  return tensorOfFloats(ctx, out, outShape, y);
}

/// scaled_dot_product_attention(query, key, value, attn_mask, dropout_p,
/// is_causal, scale, enable_gqa).
std::optional<EvalResults> atenSdpa(EvalContext &ctx) {
  const Tensor *q = ctx.tensor("query"), *k = ctx.tensor("key"), *v = ctx.tensor("value");
  const Tensor *mask = ctx.optionalTensor("attn_mask");
  std::optional<double> dropout = numberArg(ctx, "dropout_p", 0);
  if (!q || !k || !v || !dropout || *dropout != 0 || ctx.hasFailed())
    return ctx.fail();
  AttentionOptions o;
  o.causal = ctx.getInt("is_causal", 0) != 0;
  std::optional<double> scale = numberArg(ctx, "scale", 0);
  if (!scale)
    return std::nullopt;
  o.scale = *scale;
  Tensor key = *k, value = *v;
  if (ctx.getInt("enable_gqa", 0) != 0 && q->getRank() >= 3 && k->getRank() == q->getRank()) {
    size_t h = q->getRank() - 3;
    int64_t qHeads = q->getShape()[h], kvHeads = k->getShape()[h];
    if (kvHeads < 1 || qHeads % kvHeads || v->getRank() != k->getRank() ||
        v->getShape()[h] != kvHeads)
      return ctx.fail();
    key = repeatHeads(*k, qHeads / kvHeads);
    value = repeatHeads(*v, qHeads / kvHeads);
  }
  return single(attention(ctx, *q, key, value, mask, o, ctx.resultDType()));
}

/// [B, L, H * E] as [B, H, L, E].
std::optional<Tensor> splitHeads(EvalContext &ctx, const Tensor &t, int64_t heads) {
  if (t.getRank() == 4)
    return t;
  if (t.getRank() != 3 || heads < 1 || t.getShape()[2] % heads)
    return ctx.fail();
  int64_t b = t.getShape()[0], l = t.getShape()[1], e = t.getShape()[2] / heads;
  Tensor split = t.reshaped({b, l, heads, e});
  Shape strides = getStrides(split.getShape());
  return copyStrided(split, {b, heads, l, e}, {strides[0], strides[2], strides[1], strides[3]}, 0);
}

std::optional<EvalResults> onnxAttention(EvalContext &ctx) {
  const Tensor *q = ctx.operand(0), *k = ctx.operand(1), *v = ctx.operand(2);
  const Tensor *mask = ctx.isNone(3) ? nullptr : ctx.operand(3);
  if (!q || !k || !v || (!ctx.isNone(3) && !mask) || !ctx.isNone(4) || !ctx.isNone(5) ||
      ctx.getOp().getNumResults() != 1 || ctx.getInt("qk_matmul_output_mode", 0) != 0)
    return ctx.fail();
  bool threeD = q->getRank() == 3;
  std::optional<Tensor> q4 = splitHeads(ctx, *q, ctx.getInt("q_num_heads", 0)),
                        k4 = splitHeads(ctx, *k, ctx.getInt("kv_num_heads", 0)),
                        v4 = splitHeads(ctx, *v, ctx.getInt("kv_num_heads", 0));
  if (!q4 || !k4 || !v4 || k4->getRank() != 4 || v4->getRank() != 4)
    return ctx.fail();
  int64_t qHeads = q4->getShape()[1], kvHeads = k4->getShape()[1];
  if (kvHeads < 1 || qHeads % kvHeads || v4->getShape()[1] != kvHeads)
    return ctx.fail();
  Tensor key = qHeads == kvHeads ? *k4 : repeatHeads(*k4, qHeads / kvHeads);
  Tensor value = qHeads == kvHeads ? *v4 : repeatHeads(*v4, qHeads / kvHeads);
  AttentionOptions o;
  o.causal = ctx.getInt("is_causal", 0) != 0;
  o.scale = ctx.getFloat("scale", 0);
  o.softcap = ctx.getFloat("softcap", 0);
  o.zeroMaskedRows = false;
  if (o.causal && (mask || q4->getShape()[2] != key.getShape()[2]))
    return ctx.fail();
  std::optional<Tensor> y = attention(ctx, *q4, key, value, mask, o, ctx.resultDType());
  if (!y || !threeD)
    return single(std::move(y));
  // [B, H, L, Ev] back to [B, L, H * Ev].
  llvm::ArrayRef<int64_t> s = y->getShape();
  Shape strides = getStrides(s);
  return single(copyStrided(*y, {s[0], s[2], s[1], s[3]},
                            {strides[0], strides[2], strides[1], strides[3]}, 0)
                    .reshaped({s[0], s[2], s[1] * s[3]}));
}

std::optional<EvalResults> onnxRotaryEmbedding(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *cosCache = ctx.operand(1), *sinCache = ctx.operand(2);
  const Tensor *positions = ctx.isNone(3) ? nullptr : ctx.operand(3);
  if (!x || !cosCache || !sinCache || (!ctx.isNone(3) && !positions))
    return ctx.fail();
  bool interleaved = ctx.getInt("interleaved", 0) != 0;
  std::optional<Tensor> x4 = splitHeads(ctx, *x, ctx.getInt("num_heads", 0));
  if (!x4)
    return std::nullopt;
  int64_t batch = x4->getShape()[0], heads = x4->getShape()[1], seq = x4->getShape()[2],
          d = x4->getShape()[3];
  int64_t rotary = ctx.getInt("rotary_embedding_dim", 0);
  if (rotary == 0)
    rotary = d;
  int64_t half = rotary / 2;
  if (rotary % 2 || rotary > d || cosCache->getShape() != sinCache->getShape() ||
      cosCache->getRank() < 2 || cosCache->getShape().back() != half)
    return ctx.fail();
  if (positions ? positions->getShape() != llvm::ArrayRef<int64_t>{batch, seq} ||
                      cosCache->getRank() != 2
                : cosCache->getShape() != llvm::ArrayRef<int64_t>{batch, seq, half})
    return ctx.fail();
  std::optional<std::vector<double>> xs = floatsOf(ctx, *x4), cs = floatsOf(ctx, *cosCache),
                                     ss = floatsOf(ctx, *sinCache);
  if (!xs || !cs || !ss)
    return std::nullopt;
  std::vector<double> y = *xs;
  for (int64_t b = 0; b != batch; ++b)
    for (int64_t s = 0; s != seq; ++s) {
      int64_t row = b * seq + s;
      if (positions) {
        row = positions->getInt(b * seq + s);
        if (row < 0 || row >= cosCache->getShape()[0])
          return ctx.fail();
      }
      const double *c = &(*cs)[row * half], *sn = &(*ss)[row * half];
      for (int64_t h = 0; h != heads; ++h) {
        int64_t base = ((b * heads + h) * seq + s) * d;
        for (int64_t i = 0; i != half; ++i) {
          int64_t i1 = base + (interleaved ? 2 * i : i),
                  i2 = base + (interleaved ? 2 * i + 1 : i + half);
          double x1 = (*xs)[i1], x2 = (*xs)[i2];
          y[i1] = x1 * c[i] - x2 * sn[i];
          y[i2] = x2 * c[i] + x1 * sn[i];
        }
      }
    }
  std::optional<Tensor> out = tensorOfFloats(ctx, ctx.resultDType(), x4->getShape(), y);
  if (!out || x->getRank() == 4)
    return single(std::move(out));
  llvm::ArrayRef<int64_t> s = out->getShape();
  Shape strides = getStrides(s);
  return single(copyStrided(*out, {s[0], s[2], s[1], s[3]},
                            {strides[0], strides[2], strides[1], strides[3]}, 0)
                    .reshaped(x->getShape()));
}

} // namespace

void registerAttentionRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.Attention", onnxAttention);
  r.addUnfoldable("onnx.RotaryEmbedding", onnxRotaryEmbedding);

  r.addUnfoldable("aten.scaled_dot_product_attention.default", atenSdpa);
}

} // namespace pt2onnx::passes::eval
