//===- OrtContrib.cpp - ONNX Runtime's com.microsoft operators --------------===//
//
// The contrib ops `--optimize-for onnxruntime` (fuse-ort) writes, as ONNX
// Runtime 1.23's CPU kernels compute them (ContribOperators.md gives the
// inputs and attributes; the kernels decide what is computed):
//
//   Gelu (erf), FastGelu (tanh approximation) and BiasGelu: of x + bias,
//   the bias over the last dim, the sum rounded to float32 first;
//   QuickGelu: x * sigmoid(alpha * x), alpha 1.702 by default;
//   SkipLayerNormalization and SkipSimplifiedLayerNormalization: the norm of
//   input + skip (+ bias) over the last dim, the sum also an output
//   (input_skip_bias_sum), the statistics in float32 in the kernel's order
//   (the mean of squares less the squared mean, which cancel when the mean
//   is large); the kernels write no mean or inv_std_var, so a
//   program that reads them is declined, and SkipSimplifiedLayerNormalization
//   ignores its bias input, which is declined too;
//   SimplifiedLayerNormalization (ONNX Runtime registers it in the default
//   domain): the RMS norm over the dims from `axis`, and inv_std_var;
//   FusedMatMul: alpha * A' @ B', where transBatch moves the first dim behind
//   the batch dims and trans swaps the last two;
//   MultiHeadAttention and Attention (packed QKV weights and bias, or
//   qkv_hidden_sizes): softmax(Q K^T * scale + mask + attention_bias) V, the
//   key padding / mask_index forms [B] (key lengths), [2B] (Attention: end
//   and start), [B, T] and [B, S, T] (Attention) adding mask_filter_value
//   where masked, unidirectional setting it past the diagonal; a row whose
//   scores are all -inf is NaN, as the kernels' softmax gives;
//   GroupQueryAttention: each key/value head serves N / N_kv query heads,
//   causal over the past and new keys, the present key and value the past
//   ones followed by the new ones, rotated (do_rotary) at their positions;
//   RotaryEmbedding: [B, S, N * H] or [B, N, S, H] input, position_ids
//   [B, S] or one start offset, rotate-half or interleaved pairs over the
//   first rotary_embedding_dim features of each head.
//
// Only float32 is computed. Declined: past keys and values in
// MultiHeadAttention and Attention and their present outputs, packed QKV in
// MultiHeadAttention, GroupQueryAttention with a batch whose sequence
// lengths differ, a local window, softcap, smooth softmax, position_ids,
// attention_bias, head_sink, or head sizes the kernel refuses (a multiple of
// 8; of 16 to rotate). ONNX Runtime has no CPU kernel for BiasAdd:
// no rule. Computed in double and rounded once: unfoldable.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/NN.h"

#include <cmath>
#include <functional>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;
constexpr double kNegInf = -std::numeric_limits<double>::infinity();
constexpr llvm::StringLiteral kContrib = "onnx_domain.com.microsoft.";

/// Operand `i` as doubles: present and float32, else a failure.
std::optional<std::vector<double>> float32Operand(EvalContext &ctx, unsigned i) {
  const Tensor *t = ctx.operand(i);
  if (!t || t->getDType() != DType::Float32)
    return ctx.fail();
  return floatsOf(ctx, *t);
}

/// Optional operand `i`: absent gives an empty vector.
std::optional<std::vector<double>> optionalFloat32Operand(EvalContext &ctx, unsigned i) {
  if (ctx.isNone(i))
    return std::vector<double>();
  return float32Operand(ctx, i);
}

/// `x` plus `bias` (empty, or a vector of x's last dim), each sum rounded to
/// float32 as the kernels add.
std::optional<std::vector<double>> addLastDimBias(EvalContext &ctx, std::vector<double> x,
                                                  llvm::ArrayRef<int64_t> shape,
                                                  const std::vector<double> &bias) {
  if (bias.empty())
    return x;
  if (shape.empty() || int64_t(bias.size()) != shape.back())
    return ctx.fail();
  for (size_t i = 0; i != x.size(); ++i)
    x[i] = roundTo(DType::Float32, x[i] + bias[i % bias.size()]);
  return x;
}

//===----------------------------------------------------------------------===//
// Gelu family
//===----------------------------------------------------------------------===//

/// `f` of operand 0 plus the optional bias operand `biasIndex` (0: none).
template <typename F>
std::optional<EvalResults> geluOf(EvalContext &ctx, unsigned biasIndex, bool biasRequired, F f) {
  std::optional<std::vector<double>> x = float32Operand(ctx, 0);
  std::optional<std::vector<double>> bias =
      biasIndex == 0 ? std::vector<double>()
                     : (biasRequired ? float32Operand(ctx, biasIndex)
                                     : optionalFloat32Operand(ctx, biasIndex));
  if (!x || !bias || ctx.resultDType() != DType::Float32)
    return ctx.fail();
  llvm::ArrayRef<int64_t> shape = ctx.operand(0)->getShape();
  std::optional<std::vector<double>> sum = addLastDimBias(ctx, std::move(*x), shape, *bias);
  if (!sum)
    return std::nullopt;
  for (double &v : *sum)
    v = f(v);
  return single(tensorOfFloats(ctx, DType::Float32, shape, *sum));
}

double erfGelu(double x) { return 0.5 * x * (1 + std::erf(x * M_SQRT1_2)); }

double tanhGelu(double x) {
  return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}

std::optional<EvalResults> ortGelu(EvalContext &ctx) { return geluOf(ctx, 0, false, erfGelu); }
std::optional<EvalResults> ortBiasGelu(EvalContext &ctx) { return geluOf(ctx, 1, true, erfGelu); }
std::optional<EvalResults> ortFastGelu(EvalContext &ctx) {
  return geluOf(ctx, 1, false, tanhGelu);
}

std::optional<EvalResults> ortQuickGelu(EvalContext &ctx) {
  double alpha = double(float(ctx.getFloat("alpha", 1.702)));
  return geluOf(ctx, 0, false, [alpha](double x) { return x / (1 + std::exp(-alpha * x)); });
}

//===----------------------------------------------------------------------===//
// Norms
//===----------------------------------------------------------------------===//

/// An empty tensor for a result of none type; nullopt for one that carries
/// data.
std::optional<Tensor> absentResult(EvalContext &ctx, unsigned i) {
  if (i < ctx.getOp().getNumResults() && !ctx.resultType(i).isNone())
    return ctx.fail();
  return Tensor();
}

/// SkipLayerNormalization(input, skip, gamma, beta?, bias?) and
/// SkipSimplifiedLayerNormalization(input, skip, gamma).
std::optional<EvalResults> skipNorm(EvalContext &ctx, bool simplified) {
  const Tensor *input = ctx.operand(0), *skip = ctx.operand(1);
  unsigned numOperands = ctx.getNumOperands();
  if (!input || !skip || (simplified && numOperands > 3 && !ctx.isNone(3)) ||
      numOperands > (simplified ? 4u : 5u) || ctx.getOp().getNumResults() > 4)
    return ctx.fail();
  size_t rank = input->getRank();
  if (rank != 2 && rank != 3)
    return ctx.fail();
  // skip is input's shape, or (ONNX Runtime broadcasts it over the batch)
  // [S, H] or [1, S, H] of a 3-D input.
  llvm::ArrayRef<int64_t> shape = input->getShape(), skipShape = skip->getShape();
  bool broadcastSkip = rank == 3 && (skipShape == shape.drop_front() ||
                                     (skipShape.size() == 3 && skipShape[0] == 1 &&
                                      skipShape.drop_front() == shape.drop_front()));
  if (skipShape != shape && !broadcastSkip)
    return ctx.fail();
  int64_t hidden = shape.back();
  std::optional<std::vector<double>> x = float32Operand(ctx, 0), s = float32Operand(ctx, 1),
                                     gamma = float32Operand(ctx, 2),
                                     beta = simplified ? std::vector<double>()
                                                       : optionalFloat32Operand(ctx, 3),
                                     bias = simplified || numOperands < 5
                                                ? std::vector<double>()
                                                : optionalFloat32Operand(ctx, 4);
  if (!x || !s || !gamma || !beta || !bias || int64_t(gamma->size()) != hidden ||
      (!beta->empty() && int64_t(beta->size()) != hidden) ||
      (!bias->empty() && int64_t(bias->size()) != hidden))
    return ctx.fail();
  double eps = double(float(ctx.getFloat("epsilon", 1e-12)));
  std::vector<double> sum(x->size()), y(x->size());
  for (size_t i = 0; i != x->size(); ++i) {
    double v = roundTo(DType::Float32, (*x)[i] + (*s)[i % s->size()]);
    if (!bias->empty())
      v = roundTo(DType::Float32, v + (*bias)[i % hidden]);
    sum[i] = v;
  }
  for (int64_t row = 0, rows = int64_t(x->size()) / std::max<int64_t>(hidden, 1); row != rows;
       ++row) {
    // The kernel's float32 arithmetic, in its order: the statistics are the
    // mean and the mean of squares, which cancel when the mean is large.
    const double *r = &sum[row * hidden];
    float mean = 0, meanSquare = 0;
    for (int64_t h = 0; h != hidden; ++h) {
      mean += float(r[h]);
      meanSquare += float(r[h]) * float(r[h]);
    }
    mean /= float(hidden);
    float deviation =
        std::sqrt((simplified ? meanSquare / float(hidden)
                              : meanSquare / float(hidden) - mean * mean) +
                  float(eps));
    for (int64_t h = 0; h != hidden; ++h) {
      float v = ((simplified ? float(r[h]) : float(r[h]) - mean) / deviation) * float((*gamma)[h]);
      if (!beta->empty())
        v += float((*beta)[h]);
      y[row * hidden + h] = v;
    }
  }
  EvalResults results;
  std::optional<Tensor> out = tensorOfFloats(ctx, DType::Float32, shape, y);
  if (!out)
    return std::nullopt;
  results.push_back(std::move(*out));
  unsigned numResults = ctx.getOp().getNumResults();
  for (unsigned i = 1; i < std::min(numResults, 3u); ++i) {
    std::optional<Tensor> absent = absentResult(ctx, i);
    if (!absent)
      return std::nullopt;
    results.push_back(std::move(*absent));
  }
  if (numResults == 4) {
    std::optional<Tensor> sumOut = ctx.resultType(3).isNone()
                                       ? Tensor()
                                       : tensorOfFloats(ctx, DType::Float32, shape, sum);
    if (!sumOut)
      return std::nullopt;
    results.push_back(std::move(*sumOut));
  }
  return results;
}

std::optional<EvalResults> ortSkipLayerNorm(EvalContext &ctx) { return skipNorm(ctx, false); }
std::optional<EvalResults> ortSkipSimplifiedLayerNorm(EvalContext &ctx) {
  return skipNorm(ctx, true);
}

/// SimplifiedLayerNormalization(X, scale) {axis, epsilon, stash_type}: Y and
/// inv_std_var (the normalized dims kept as 1s).
std::optional<EvalResults> ortSimplifiedLayerNorm(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *scale = ctx.operand(1);
  if (!x || !scale || ctx.getNumOperands() != 2 || ctx.getOp().getNumResults() > 2 ||
      ctx.getInt("stash_type", 1) != 1)
    return ctx.fail();
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("axis", -1), int64_t(x->getRank()));
  if (!axis || x->getRank() == 0)
    return ctx.fail();
  auto [rows, count] = splitAt(x->getShape(), size_t(*axis));
  std::optional<std::vector<double>> xs = float32Operand(ctx, 0), g = float32Operand(ctx, 1);
  if (!xs || !g || int64_t(g->size()) != count || count == 0)
    return ctx.fail();
  double eps = double(float(ctx.getFloat("epsilon", 1e-5)));
  std::vector<double> y(xs->size()), inv(rows);
  for (int64_t r = 0; r != rows; ++r) {
    double meanSquare = 0;
    for (int64_t j = 0; j != count; ++j)
      meanSquare += (*xs)[r * count + j] * (*xs)[r * count + j];
    inv[r] = 1 / std::sqrt(meanSquare / double(count) + eps);
    for (int64_t j = 0; j != count; ++j)
      y[r * count + j] = (*xs)[r * count + j] * inv[r] * (*g)[j];
  }
  EvalResults results;
  std::optional<Tensor> out = tensorOfFloats(ctx, DType::Float32, x->getShape(), y);
  if (!out)
    return std::nullopt;
  results.push_back(std::move(*out));
  if (ctx.getOp().getNumResults() == 2) {
    Shape statShape(x->getShape().begin(), x->getShape().end());
    for (size_t d = size_t(*axis); d != statShape.size(); ++d)
      statShape[d] = 1;
    std::optional<Tensor> stat = ctx.resultType(1).isNone()
                                     ? Tensor()
                                     : tensorOfFloats(ctx, DType::Float32, statShape, inv);
    if (!stat)
      return std::nullopt;
    results.push_back(std::move(*stat));
  }
  return results;
}

//===----------------------------------------------------------------------===//
// FusedMatMul
//===----------------------------------------------------------------------===//

/// `t` [d0, d1, ..., dn-2, dn-1] permuted as transBatch ([d1, ..., dn-2, d0,
/// dn-1]) and trans (the last two swapped) say.
Tensor transposedOperand(const Tensor &t, bool transBatch, bool trans) {
  size_t rank = t.getRank();
  Shape perm;
  for (size_t d = 0; d != rank; ++d)
    perm.push_back(int64_t(d));
  if (transBatch)
    std::rotate(perm.begin(), perm.begin() + 1, perm.end() - 1);
  if (trans)
    std::swap(perm[rank - 2], perm[rank - 1]);
  Shape strides = getStrides(t.getShape()), shape, permStrides;
  for (int64_t d : perm) {
    shape.push_back(t.getShape()[d]);
    permStrides.push_back(strides[d]);
  }
  return copyStrided(t, shape, permStrides, 0);
}

std::optional<EvalResults> ortFusedMatMul(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0), *b = ctx.operand(1);
  if (!a || !b || a->getDType() != DType::Float32 || b->getDType() != DType::Float32 ||
      a->getRank() < 2 || b->getRank() < 2)
    return ctx.fail();
  bool transBatchA = ctx.getInt("transBatchA", 0) != 0,
       transBatchB = ctx.getInt("transBatchB", 0) != 0;
  // The kernel takes transBatch only of operands of one rank, at least 3.
  if ((transBatchA || transBatchB) && (a->getRank() < 3 || a->getRank() != b->getRank()))
    return ctx.fail();
  Tensor ta = transposedOperand(*a, transBatchA, ctx.getInt("transA", 0) != 0);
  Tensor tb = transposedOperand(*b, transBatchB, ctx.getInt("transB", 0) != 0);
  size_t ra = ta.getRank(), rb = tb.getRank();
  int64_t m = ta.getShape()[ra - 2], k = ta.getShape()[ra - 1], n = tb.getShape()[rb - 1];
  if (tb.getShape()[rb - 2] != k)
    return ctx.fail();
  llvm::ArrayRef<int64_t> ba = ta.getShape().drop_back(2), bb = tb.getShape().drop_back(2);
  std::optional<Shape> batch = ctx.broadcast({ba, bb});
  if (!batch)
    return std::nullopt;
  Shape outShape = *batch;
  outShape.append({m, n});
  if (!ctx.withinLimit(outShape))
    return std::nullopt;
  std::vector<double> av = doublesOf(ta), bv = doublesOf(tb);
  std::vector<int64_t> ai = numerics::broadcastIndices(ba, *batch),
                       bi = numerics::broadcastIndices(bb, *batch);
  double alpha = double(float(ctx.getFloat("alpha", 1.0)));
  std::vector<double> y(getNumElements(outShape));
  for (size_t p = 0; p != ai.size(); ++p)
    for (int64_t i = 0; i != m; ++i)
      for (int64_t j = 0; j != n; ++j) {
        double dot = 0;
        for (int64_t c = 0; c != k; ++c)
          dot += av[(ai[p] * m + i) * k + c] * bv[(bi[p] * k + c) * n + j];
        y[(p * m + i) * n + j] = alpha * dot;
      }
  return single(tensorOfFloats(ctx, DType::Float32, outShape, y));
}

//===----------------------------------------------------------------------===//
// Attention
//===----------------------------------------------------------------------===//

/// Attention of q [B, N, S, H], k [B, Nkv, T, H], v [B, Nkv, T, Hv] (query
/// head n reads key/value head n / (N / Nkv)); `bias(b, n, s, t)` is added
/// to the scaled score (-inf: not attended). The result is [B, S, N * Hv].
struct AttentionProblem {
  int64_t batch, heads, kvHeads, seqQ, seqKV, headSize, vHeadSize;
  std::vector<double> q, k, v;
  double scale;
};

std::vector<double> attend(const AttentionProblem &p,
                           const std::function<double(int64_t, int64_t, int64_t, int64_t)> &bias) {
  int64_t group = p.heads / p.kvHeads;
  std::vector<double> y(p.batch * p.seqQ * p.heads * p.vHeadSize, 0.0), scores(p.seqKV);
  for (int64_t b = 0; b != p.batch; ++b)
    for (int64_t n = 0; n != p.heads; ++n) {
      int64_t kvHead = b * p.kvHeads + n / group;
      for (int64_t s = 0; s != p.seqQ; ++s) {
        const double *qr = &p.q[((b * p.heads + n) * p.seqQ + s) * p.headSize];
        double max = kNegInf;
        for (int64_t t = 0; t != p.seqKV; ++t) {
          const double *kr = &p.k[(kvHead * p.seqKV + t) * p.headSize];
          double dot = 0;
          for (int64_t c = 0; c != p.headSize; ++c)
            dot += qr[c] * kr[c];
          double score = dot * p.scale + bias(b, n, s, t);
          scores[t] = score;
          max = std::isnan(score) || std::isnan(max) ? std::nan("") : std::max(max, score);
        }
        double sum = 0;
        for (double &score : scores)
          sum += score = std::exp(score - max);
        double *yr = &y[((b * p.seqQ + s) * p.heads + n) * p.vHeadSize];
        for (int64_t t = 0; t != p.seqKV; ++t) {
          const double *vr = &p.v[(kvHead * p.seqKV + t) * p.vHeadSize];
          double w = scores[t] / sum;
          for (int64_t c = 0; c != p.vHeadSize; ++c)
            yr[c] += w * vr[c];
        }
      }
    }
  return y;
}

/// [B, S, N * H] (row-major doubles) as [B, N, S, H].
std::vector<double> splitHeads(llvm::ArrayRef<double> x, int64_t batch, int64_t seq,
                               int64_t heads, int64_t headSize) {
  std::vector<double> out(x.size());
  for (int64_t b = 0; b != batch; ++b)
    for (int64_t s = 0; s != seq; ++s)
      for (int64_t n = 0; n != heads; ++n)
        for (int64_t h = 0; h != headSize; ++h)
          out[((b * heads + n) * seq + s) * headSize + h] =
              x[((b * seq + s) * heads + n) * headSize + h];
  return out;
}

/// The additive mask ONNX Runtime builds from a key padding mask or
/// mask_index ([B] key lengths, [2B] ends and starts when `allowStarts`,
/// [B, T] or, when `allow3d`, [B, S, T] with 0 meaning masked) and
/// unidirectional: 0 or mask_filter_value, as [B, S, T]; an empty vector
/// when there is neither.
std::optional<std::vector<double>> keyMask(EvalContext &ctx, const Tensor *mask, int64_t batch,
                                           int64_t seqQ, int64_t seqKV, bool causal,
                                           bool allowStarts, bool allow3d) {
  if (!mask && !causal)
    return std::vector<double>();
  double filter = double(float(ctx.getFloat("mask_filter_value", -10000.0)));
  std::vector<double> m(batch * seqQ * seqKV, 0.0);
  if (mask) {
    if (mask->getDType() != DType::Int32)
      return ctx.fail();
    llvm::ArrayRef<int64_t> shape = mask->getShape();
    for (int64_t b = 0; b != batch; ++b)
      for (int64_t s = 0; s != seqQ; ++s)
        for (int64_t t = 0; t != seqKV; ++t) {
          bool masked;
          bool starts = allowStarts && shape.size() == 1 && shape[0] == 2 * batch;
          if (shape.size() == 1 && (shape[0] == batch || starts)) {
            int64_t end = mask->getInt(b), start = starts ? mask->getInt(batch + b) : 0;
            masked = t >= end || t < start;
          } else if (shape == llvm::ArrayRef<int64_t>{batch, seqKV}) {
            masked = mask->getInt(b * seqKV + t) == 0;
          } else if (allow3d && shape == llvm::ArrayRef<int64_t>{batch, seqQ, seqKV}) {
            masked = mask->getInt((b * seqQ + s) * seqKV + t) == 0;
          } else {
            return ctx.fail();
          }
          if (masked)
            m[(b * seqQ + s) * seqKV + t] = filter;
        }
  }
  if (causal) {
    if (seqQ != seqKV)
      return ctx.fail();
    for (int64_t b = 0; b != batch; ++b)
      for (int64_t s = 0; s != seqQ; ++s)
        for (int64_t t = s + 1; t < seqKV; ++t)
          m[(b * seqQ + s) * seqKV + t] = filter;
  }
  return m;
}

/// The attention_bias operand `i`: [B or 1, N or 1, S, T] float32 as
/// doubles, with a function of (b, n, s, t) adding mask and bias.
std::optional<std::function<double(int64_t, int64_t, int64_t, int64_t)>>
scoreBias(EvalContext &ctx, unsigned i, std::vector<double> mask, int64_t batch, int64_t heads,
          int64_t seqQ, int64_t seqKV) {
  std::vector<double> attnBias;
  bool perBatch = false, perHead = false;
  if (!ctx.isNone(i)) {
    const Tensor *t = ctx.operand(i);
    if (!t || t->getDType() != DType::Float32 || t->getRank() != 4)
      return ctx.fail();
    llvm::ArrayRef<int64_t> s = t->getShape();
    if ((s[0] != 1 && s[0] != batch) || (s[1] != 1 && s[1] != heads) || s[2] != seqQ ||
        s[3] != seqKV)
      return ctx.fail();
    perBatch = s[0] == batch && batch != 1;
    perHead = s[1] == heads && heads != 1;
    attnBias = doublesOf(*t);
  }
  return [=, mask = std::move(mask),
          attnBias = std::move(attnBias)](int64_t b, int64_t n, int64_t s, int64_t t) {
    double v = mask.empty() ? 0.0 : mask[(b * seqQ + s) * seqKV + t];
    if (!attnBias.empty())
      v += attnBias[(((perBatch ? b : 0) * (perHead ? heads : 1) + (perHead ? n : 0)) * seqQ + s) *
                        seqKV +
                    t];
    return v;
  };
}

/// The scale attribute, 0 or absent meaning 1 / sqrt(head size).
double attentionScale(EvalContext &ctx, int64_t headSize) {
  double scale = double(float(ctx.getFloat("scale", 0)));
  return scale != 0 ? scale : 1 / std::sqrt(double(headSize));
}

/// The results of an attention op: the output, then absent results.
std::optional<EvalResults> attentionResults(EvalContext &ctx, llvm::ArrayRef<int64_t> outShape,
                                            llvm::ArrayRef<double> y) {
  EvalResults results;
  std::optional<Tensor> out = tensorOfFloats(ctx, DType::Float32, outShape, y);
  if (!out)
    return std::nullopt;
  results.push_back(std::move(*out));
  for (unsigned i = 1; i < ctx.getOp().getNumResults(); ++i) {
    std::optional<Tensor> absent = absentResult(ctx, i);
    if (!absent)
      return std::nullopt;
    results.push_back(std::move(*absent));
  }
  return results;
}

/// MultiHeadAttention(query, key, value, bias?, key_padding_mask?,
/// attention_bias?) with 3-D query, key and value.
std::optional<EvalResults> ortMultiHeadAttention(EvalContext &ctx) {
  for (unsigned i = 6; i < ctx.getNumOperands(); ++i)
    if (!ctx.isNone(i))
      return ctx.fail();
  const Tensor *q = ctx.operand(0), *k = ctx.operand(1), *v = ctx.operand(2);
  int64_t heads = ctx.getInt("num_heads", 0);
  if (!q || !k || !v || q->getRank() != 3 || k->getRank() != 3 || v->getRank() != 3 ||
      heads < 1 || (!ctx.isNone(4) && !ctx.operand(4)))
    return ctx.fail();
  int64_t batch = q->getShape()[0], seqQ = q->getShape()[1], d = q->getShape()[2],
          seqKV = k->getShape()[1], dv = v->getShape()[2];
  if (k->getShape()[0] != batch || v->getShape()[0] != batch || k->getShape()[2] != d ||
      v->getShape()[1] != seqKV || d % heads || dv % heads)
    return ctx.fail();
  std::optional<std::vector<double>> qs = float32Operand(ctx, 0), ks = float32Operand(ctx, 1),
                                     vs = float32Operand(ctx, 2),
                                     bias = optionalFloat32Operand(ctx, 3);
  if (!qs || !ks || !vs || !bias)
    return std::nullopt;
  if (!bias->empty()) {
    if (int64_t(bias->size()) != 2 * d + dv)
      return ctx.fail();
    llvm::ArrayRef<double> all(*bias);
    std::vector<double> bq(all.take_front(d).begin(), all.take_front(d).end()),
        bk(all.slice(d, d).begin(), all.slice(d, d).end()),
        bv(all.take_back(dv).begin(), all.take_back(dv).end());
    qs = addLastDimBias(ctx, std::move(*qs), q->getShape(), bq);
    ks = addLastDimBias(ctx, std::move(*ks), k->getShape(), bk);
    vs = addLastDimBias(ctx, std::move(*vs), v->getShape(), bv);
  }
  int64_t headSize = d / heads, vHeadSize = dv / heads;
  std::optional<std::vector<double>> mask =
      keyMask(ctx, ctx.isNone(4) ? nullptr : ctx.operand(4), batch, seqQ, seqKV,
              ctx.getInt("unidirectional", 0) != 0, false, false);
  if (!mask)
    return std::nullopt;
  auto bias2 = scoreBias(ctx, 5, std::move(*mask), batch, heads, seqQ, seqKV);
  if (!bias2)
    return std::nullopt;
  AttentionProblem p{batch,
                     heads,
                     heads,
                     seqQ,
                     seqKV,
                     headSize,
                     vHeadSize,
                     splitHeads(*qs, batch, seqQ, heads, headSize),
                     splitHeads(*ks, batch, seqKV, heads, headSize),
                     splitHeads(*vs, batch, seqKV, heads, vHeadSize),
                     attentionScale(ctx, headSize)};
  return attentionResults(ctx, {batch, seqQ, dv}, attend(p, *bias2));
}

/// Attention(input, weights, bias?, mask_index?, past?, attention_bias?,
/// past_sequence_length?).
std::optional<EvalResults> ortAttention(EvalContext &ctx) {
  for (unsigned i : {4u, 6u})
    if (i < ctx.getNumOperands() && !ctx.isNone(i))
      return ctx.fail();
  const Tensor *x = ctx.operand(0), *w = ctx.operand(1);
  int64_t heads = ctx.getInt("num_heads", 0);
  if (!x || !w || x->getRank() != 3 || w->getRank() != 2 || heads < 1 ||
      ctx.getInt("do_rotary", 0) != 0 || (!ctx.isNone(3) && !ctx.operand(3)))
    return ctx.fail();
  int64_t batch = x->getShape()[0], seq = x->getShape()[1], din = x->getShape()[2];
  if (w->getShape()[0] != din)
    return ctx.fail();
  Shape sizes = ctx.getIntList("qkv_hidden_sizes");
  if (sizes.empty())
    sizes.assign(3, w->getShape()[1] / 3);
  if (ctx.hasFailed() || sizes.size() != 3 || sizes[0] != sizes[1] || sizes[0] < 1 ||
      sizes[2] < 1 ||
      sizes[0] + sizes[1] + sizes[2] != w->getShape()[1] || sizes[0] % heads || sizes[2] % heads)
    return ctx.fail();
  std::optional<std::vector<double>> xs = float32Operand(ctx, 0), ws = float32Operand(ctx, 1),
                                     bias = optionalFloat32Operand(ctx, 2);
  if (!xs || !ws || !bias || (!bias->empty() && int64_t(bias->size()) != w->getShape()[1]))
    return ctx.fail();
  // The projections, each rounded to float32 as the kernel's GEMM writes it.
  int64_t width = w->getShape()[1], rows = batch * seq;
  std::vector<double> proj[3];
  for (int part = 0, offset = 0; part != 3; offset += sizes[part], ++part) {
    proj[part].resize(rows * sizes[part]);
    for (int64_t r = 0; r != rows; ++r)
      for (int64_t j = 0; j != sizes[part]; ++j) {
        double dot = 0;
        for (int64_t c = 0; c != din; ++c)
          dot += (*xs)[r * din + c] * (*ws)[c * width + offset + j];
        if (!bias->empty())
          dot += (*bias)[offset + j];
        proj[part][r * sizes[part] + j] = roundTo(DType::Float32, dot);
      }
  }
  int64_t headSize = sizes[0] / heads, vHeadSize = sizes[2] / heads;
  std::optional<std::vector<double>> mask =
      keyMask(ctx, ctx.isNone(3) ? nullptr : ctx.operand(3), batch, seq, seq,
              ctx.getInt("unidirectional", 0) != 0, true, true);
  if (!mask)
    return std::nullopt;
  auto bias2 = scoreBias(ctx, 5, std::move(*mask), batch, heads, seq, seq);
  if (!bias2)
    return std::nullopt;
  AttentionProblem p{batch,
                     heads,
                     heads,
                     seq,
                     seq,
                     headSize,
                     vHeadSize,
                     splitHeads(proj[0], batch, seq, heads, headSize),
                     splitHeads(proj[1], batch, seq, heads, headSize),
                     splitHeads(proj[2], batch, seq, heads, vHeadSize),
                     attentionScale(ctx, headSize)};
  return attentionResults(ctx, {batch, seq, sizes[2]}, attend(p, *bias2));
}

//===----------------------------------------------------------------------===//
// Rotary embedding
//===----------------------------------------------------------------------===//

/// Rotates the first `rotary` features of the head vector at `x` by the
/// angles of cache row `pos` (cos and sin: [positions, rotary / 2]).
void rotate(double *x, int64_t rotary, bool interleaved, const std::vector<double> &cos,
            const std::vector<double> &sin, int64_t pos) {
  int64_t half = rotary / 2;
  const double *c = &cos[pos * half], *s = &sin[pos * half];
  for (int64_t i = 0; i != half; ++i) {
    int64_t i1 = interleaved ? 2 * i : i, i2 = interleaved ? 2 * i + 1 : i + half;
    double x1 = x[i1], x2 = x[i2];
    x[i1] = x1 * c[i] - x2 * s[i];
    x[i2] = x2 * c[i] + x1 * s[i];
  }
}

/// The cos and sin caches of operands `cosIndex` and `cosIndex + 1`:
/// float32 [positions, half] each.
std::optional<std::pair<std::vector<double>, std::vector<double>>>
rotaryCaches(EvalContext &ctx, unsigned cosIndex, int64_t &positions, int64_t &half) {
  const Tensor *cos = ctx.operand(cosIndex), *sin = ctx.operand(cosIndex + 1);
  if (!cos || !sin || cos->getRank() != 2 || cos->getShape() != sin->getShape())
    return ctx.fail();
  std::optional<std::vector<double>> c = float32Operand(ctx, cosIndex),
                                     s = float32Operand(ctx, cosIndex + 1);
  if (!c || !s)
    return std::nullopt;
  positions = cos->getShape()[0];
  half = cos->getShape()[1];
  return std::make_pair(std::move(*c), std::move(*s));
}

/// RotaryEmbedding(input, position_ids, cos_cache, sin_cache).
std::optional<EvalResults> ortRotaryEmbedding(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *ids = ctx.operand(1);
  if (!x || !ids || (x->getRank() != 3 && x->getRank() != 4) ||
      ctx.getInt("is_packed_batching", 0) != 0 || ctx.getFloat("scale", 1.0) != 1.0 ||
      getNumericKind(ids->getDType()) != NumericKind::Integer)
    return ctx.fail();
  int64_t positions = 0, half = 0;
  auto caches = rotaryCaches(ctx, 2, positions, half);
  if (!caches)
    return std::nullopt;
  int64_t batch = x->getShape()[0], heads, seq, headSize;
  int64_t rotary = ctx.getInt("rotary_embedding_dim", 0), numHeads = ctx.getInt("num_heads", 0);
  if (x->getRank() == 4) {
    heads = x->getShape()[1];
    seq = x->getShape()[2];
    headSize = x->getShape()[3];
  } else {
    // The kernel needs num_heads to split a 3-D input with a rotary dim.
    if (rotary > 0 && numHeads < 1)
      return ctx.fail();
    seq = x->getShape()[1];
    int64_t d = x->getShape()[2];
    headSize = numHeads > 0 ? d / numHeads : 2 * half;
    if (headSize < 1 || d % headSize)
      return ctx.fail();
    heads = d / headSize;
  }
  if (rotary == 0)
    rotary = headSize;
  if (rotary != 2 * half || rotary > headSize || (rotary < headSize && numHeads < 1))
    return ctx.fail();
  bool startOffset = ids->getShape() == llvm::ArrayRef<int64_t>{1};
  if (!startOffset && ids->getShape() != llvm::ArrayRef<int64_t>{batch, seq})
    return ctx.fail();
  std::optional<std::vector<double>> y = float32Operand(ctx, 0);
  if (!y)
    return std::nullopt;
  bool interleaved = ctx.getInt("interleaved", 0) != 0;
  for (int64_t b = 0; b != batch; ++b)
    for (int64_t s = 0; s != seq; ++s) {
      int64_t pos = startOffset ? ids->getInt(0) + s : ids->getInt(b * seq + s);
      if (pos < 0 || pos >= positions)
        return ctx.fail();
      for (int64_t n = 0; n != heads; ++n) {
        int64_t base = x->getRank() == 4 ? ((b * heads + n) * seq + s) * headSize
                                         : ((b * seq + s) * heads + n) * headSize;
        rotate(&(*y)[base], rotary, interleaved, caches->first, caches->second, pos);
      }
    }
  return single(tensorOfFloats(ctx, DType::Float32, x->getShape(), *y));
}

//===----------------------------------------------------------------------===//
// GroupQueryAttention
//===----------------------------------------------------------------------===//

/// GroupQueryAttention(query, key?, value?, past_key?, past_value?,
/// seqlens_k, total_sequence_length, cos_cache?, sin_cache?): output,
/// present_key, present_value.
std::optional<EvalResults> ortGroupQueryAttention(EvalContext &ctx) {
  // position_ids and head_sink are declined; attention_bias (10) is added.
  for (unsigned i = 9; i < ctx.getNumOperands(); ++i)
    if (i != 10 && !ctx.isNone(i))
      return ctx.fail();
  int64_t heads = ctx.getInt("num_heads", 0), kvHeads = ctx.getInt("kv_num_heads", 0);
  const Tensor *q = ctx.operand(0), *seqlens = ctx.operand(5), *total = ctx.operand(6);
  bool packed = ctx.isNone(1);
  if (!q || !seqlens || !total || q->getRank() != 3 || heads < 1 || kvHeads < 1 ||
      heads % kvHeads || ctx.getInt("local_window_size", -1) != -1 ||
      ctx.getFloat("softcap", 0) != 0 || ctx.getInt("smooth_softmax", 0) != 0 ||
      ctx.getInt("qk_output", 0) != 0 || packed != ctx.isNone(2) ||
      ctx.isNone(3) != ctx.isNone(4) || seqlens->getDType() != DType::Int32 ||
      total->getDType() != DType::Int32 || total->getNumElements() != 1 ||
      ctx.getOp().getNumResults() != 3)
    return ctx.fail();
  int64_t batch = q->getShape()[0], seq = q->getShape()[1];
  int64_t headSize = q->getShape()[2] / (packed ? heads + 2 * kvHeads : heads);
  // The kernel takes head sizes that are multiples of 8.
  if (q->getShape()[2] != headSize * (packed ? heads + 2 * kvHeads : heads) || headSize % 8 ||
      seqlens->getShape() != llvm::ArrayRef<int64_t>{batch})
    return ctx.fail();
  // The kernel takes a past with several queries only for one sequence.
  if (!ctx.isNone(3) && batch > 1 && seq > 1)
    return ctx.fail();
  int64_t totalLength = total->getInt(0);
  for (int64_t b = 0; b != batch; ++b)
    if (seqlens->getInt(b) + 1 != totalLength)
      return ctx.fail();
  int64_t pastLength = totalLength - seq;
  if (pastLength < 0)
    return ctx.fail();
  // The new query, key and value as [B, heads, S, H].
  std::optional<std::vector<double>> qs = float32Operand(ctx, 0);
  if (!qs)
    return std::nullopt;
  std::vector<double> newQ, newK, newV;
  if (packed) {
    int64_t width = (heads + 2 * kvHeads) * headSize;
    std::vector<double> parts[3];
    int64_t widths[3] = {heads * headSize, kvHeads * headSize, kvHeads * headSize};
    for (int64_t r = 0; r != batch * seq; ++r)
      for (int part = 0, offset = 0; part != 3; offset += int(widths[part]), ++part)
        parts[part].insert(parts[part].end(), qs->begin() + r * width + offset,
                           qs->begin() + r * width + offset + widths[part]);
    newQ = splitHeads(parts[0], batch, seq, heads, headSize);
    newK = splitHeads(parts[1], batch, seq, kvHeads, headSize);
    newV = splitHeads(parts[2], batch, seq, kvHeads, headSize);
  } else {
    const Tensor *k = ctx.operand(1), *v = ctx.operand(2);
    Shape kvShape = {batch, seq, kvHeads * headSize};
    if (!k || !v || q->getShape()[2] != heads * headSize || k->getShape() != kvShape ||
        v->getShape() != kvShape)
      return ctx.fail();
    std::optional<std::vector<double>> ks = float32Operand(ctx, 1), vs = float32Operand(ctx, 2);
    if (!ks || !vs)
      return std::nullopt;
    newQ = splitHeads(*qs, batch, seq, heads, headSize);
    newK = splitHeads(*ks, batch, seq, kvHeads, headSize);
    newV = splitHeads(*vs, batch, seq, kvHeads, headSize);
  }
  if (ctx.getInt("do_rotary", 0) != 0) {
    int64_t positions = 0, half = 0;
    auto caches = rotaryCaches(ctx, 7, positions, half);
    if (!caches)
      return std::nullopt;
    // The kernel rotates heads whose size is a multiple of 16, by caches of
    // a multiple of 8 angles.
    if (2 * half > headSize || headSize % 16 || half % 8 || pastLength + seq > positions)
      return ctx.fail();
    bool interleaved = ctx.getInt("rotary_interleaved", 0) != 0;
    for (auto [x, n] : {std::pair{&newQ, heads}, std::pair{&newK, kvHeads}})
      for (int64_t bn = 0; bn != batch * n; ++bn)
        for (int64_t s = 0; s != seq; ++s)
          rotate(&(*x)[(bn * seq + s) * headSize], 2 * half, interleaved, caches->first,
                 caches->second, pastLength + s);
  } else if (!ctx.isNone(7) || !ctx.isNone(8)) {
    return ctx.fail();
  }
  // present = the past's first pastLength positions, then the new ones.
  const ir::Type &presentType = ctx.resultType(1);
  // Its length is the total (a dynamic one is checked against the run's
  // bindings by the interpreter).
  if (!presentType.isRanked() || presentType.getRank() != 4 ||
      (presentType.getShape()[2].isStatic() &&
       presentType.getShape()[2].getSize() != totalLength))
    return ctx.fail();
  std::vector<double> present[2];
  for (int kv = 0; kv != 2; ++kv) {
    std::vector<double> past;
    int64_t pastSeq = 0;
    if (!ctx.isNone(3)) {
      const Tensor *t = ctx.operand(3 + kv);
      if (!t || t->getRank() != 4 || t->getShape()[0] != batch || t->getShape()[1] != kvHeads ||
          t->getShape()[3] != headSize || t->getShape()[2] < pastLength)
        return ctx.fail();
      std::optional<std::vector<double>> p = float32Operand(ctx, 3 + kv);
      if (!p)
        return std::nullopt;
      past = std::move(*p);
      pastSeq = t->getShape()[2];
    } else if (pastLength != 0) {
      return ctx.fail();
    }
    const std::vector<double> &fresh = kv == 0 ? newK : newV;
    std::vector<double> &out = present[kv];
    for (int64_t bn = 0; bn != batch * kvHeads; ++bn) {
      out.insert(out.end(), past.begin() + bn * pastSeq * headSize,
                 past.begin() + (bn * pastSeq + pastLength) * headSize);
      out.insert(out.end(), fresh.begin() + bn * seq * headSize,
                 fresh.begin() + (bn + 1) * seq * headSize);
    }
  }
  AttentionProblem p{batch,       heads,      kvHeads,    seq,       totalLength, headSize,
                     headSize,    std::move(newQ), present[0], present[1],
                     attentionScale(ctx, headSize)};
  // The causal window, and in it the attention_bias [B or 1, N or 1, S,
  // total]: a row it hides whole is NaN, as in the kernel.
  auto bias = scoreBias(ctx, 10, {}, batch, heads, seq, totalLength);
  if (!bias)
    return std::nullopt;
  std::vector<double> y = attend(p, [&](int64_t b, int64_t n, int64_t s, int64_t t) {
    return t <= pastLength + s ? (*bias)(b, n, s, t) : kNegInf;
  });
  EvalResults results;
  Shape presentShape = {batch, kvHeads, totalLength, headSize};
  std::optional<Tensor> out =
      tensorOfFloats(ctx, DType::Float32, {batch, seq, heads * headSize}, y);
  std::optional<Tensor> presentK = tensorOfFloats(ctx, DType::Float32, presentShape, present[0]);
  std::optional<Tensor> presentV = tensorOfFloats(ctx, DType::Float32, presentShape, present[1]);
  if (!out || !presentK || !presentV)
    return std::nullopt;
  return EvalResults{std::move(*out), std::move(*presentK), std::move(*presentV)};
}

} // namespace

void registerOrtContribRules(EvalRegistry &r) {
  auto add = [&](llvm::StringRef op, EvalRule rule) {
    r.addUnfoldable((llvm::Twine(kContrib) + op).str(), rule);
  };
  add("Attention", ortAttention);
  add("BiasGelu", ortBiasGelu);
  add("FastGelu", ortFastGelu);
  add("FusedMatMul", ortFusedMatMul);
  add("Gelu", ortGelu);
  add("GroupQueryAttention", ortGroupQueryAttention);
  add("MultiHeadAttention", ortMultiHeadAttention);
  add("QuickGelu", ortQuickGelu);
  add("RotaryEmbedding", ortRotaryEmbedding);
  add("SkipLayerNormalization", ortSkipLayerNorm);
  add("SkipSimplifiedLayerNormalization", ortSkipSimplifiedLayerNorm);
  // ONNX Runtime registers SimplifiedLayerNormalization in the default domain.
  r.addUnfoldable("onnx.SimplifiedLayerNormalization", ortSimplifiedLayerNorm);
}

} // namespace pt2onnx::passes::eval
