//===- GroupQueryAttention.cpp - Causal attention of shared k/v heads -----===//
//
//   Reshape(Transpose(P @ repeat(v), [0, 2, 1, 3]), s)
//       where P = Softmax(Where(mask, (Q @ Transpose(repeat(k), [0, 1, 3, 2])) * scale, -inf)),
//             possibly zeroed where a row's max is -inf,
//             repeat(x) = Reshape(Expand(Unsqueeze(x, [2]), [B, KV, G, S, H]), [B, KV * G, S, H])
//     -> com.microsoft.GroupQueryAttention(q, k, v, past_k, past_v, seqlens_k,
//                                          total_sequence_length, _, _, _, attention_bias)
//                                          {num_heads, kv_num_heads, scale}
//
// HF's grouped-query attention (Llama, Qwen2, Mistral) as lower-aten writes
// it: the k and v heads repeated per group (repeat_kv), a boolean mask,
// Softmax and, when the mask may empty a row, the zeroing of the rows that
// attend to nothing; from opset 23, onnx.Attention of q and the repeated k
// and v (its mask expanded to the scores' shape, no cache, causal flag,
// softcap or extra output) and the zeroing of its output rows where the
// mask's row is all false. ONNX Runtime's op is always causal (key
// j is seen from query i iff j <= i, without a cache), so the fusion proves
// the mask is:
//   - LessOrEqual(kv, q) (or GreaterOrEqual(q, kv)) of the positions
//     Unsqueeze(Range(0, S, 1)) on the last axis (kv) and on axis 2 (q),
//     which is the causal mask itself: no attention_bias; or
//   - And of that and any boolean [B or 1, 1, S, T] mask (HF's causal and
//     padding mask): attention_bias is Where(mask, 0, -inf), which removes
//     what the mask removes within the causal window (as in
//     MultiHeadAttention.cpp: adding 0 or -inf is what Where selects).
// A row the mask empties is NaN in ONNX Runtime's op (checked in the
// oracle); where the form zeroes such rows, the fused output is zeroed
// where the bias's row max is -inf. seqlens_k is S - 1 for every batch row
// and total_sequence_length S (the prompt without a cache).
//
// With a cache (HF's DynamicCache), k and v are each Concat(past, new) on
// axis 2, past [B, KV, P, H] and new [B, KV, S, H], and the mask's q
// positions are Range(0, S, 1) + p, p the past's length (Gather(Shape(x),
// i) of an axis whose dim is P, or a constant), the kv positions 0 to
// P + S - 1. ONNX Runtime's op then takes the past as past_key and
// past_value, seqlens_k P + S - 1 for every row and total_sequence_length
// P + S: it writes the new keys after the whole past and query i sees keys
// 0 to P + i, the mask's window; its present_key and present_value are the
// Concats, which they replace where read after the attention (the graph's
// outputs). Its CPU kernel fails on S > 1 with a past in a batch of more
// than one, so S or B must be statically 1. When S is 1, canonicalize has
// made the head splits and the merge Reshapes (a Transpose that moves a
// unit axis), which the fusion reads as them.
//
// The fusion proves the rest from the types:
//   - Q is [B, N, S, H] and the k and v before their repeat [B, KV, S, H],
//     float32, N, KV and H static, N = KV * G; q, k and v are the [B, S, D]
//     inputs of their head splits (a Reshape and Transpose [0, 2, 1, 3], as
//     MultiHeadAttention.cpp reads them) or, for heads made otherwise (a
//     rotary embedding), a Transpose and Reshape back to [B, S, D] the fusion
//     writes; but when q and k are each one com.microsoft.RotaryEmbedding of
//     split heads (what fuse-ort-rotary-embedding writes: offset [0], the
//     same [S, H / 2] caches) and H is a multiple of 16, the op rotates them
//     itself (do_rotary, the caches as cos_cache and sin_cache; without a
//     past its positions are 0 to S - 1, the rows the RotaryEmbeddings read)
//     and takes the unrotated inputs of the splits;
//   - the Expand repeats axis 2 only and the Reshape merges axes 1 and 2
//     (head n reads k/v head n / G, ONNX Runtime's grouping); every
//     intermediate has one use, the masked scores two with the zeroing
//     (the repeated k and v may also be read by Shape ops, which size the
//     mask at 23);
//   - the merged result is [B, S, N * H] or a Reshape of it whose shape is a
//     constant without 0 past its first two entries.
// A scale of 0 is refused (ONNX Runtime reads it as 1 / sqrt(H)); float16
// is refused as in every fuse-ort fusion. With a cache the op does not
// rotate (its caches would be read from row 0, the RotaryEmbeddings' are
// rows P to P + S - 1). A static cache (index_copy_ into buffers at
// cache_position) is not matched: nothing proves the positions follow the
// filled rows, and the buffers' other rows must keep their values.
//
//===----------------------------------------------------------------------===//

#include "ir/OnnxDomain.h"
#include "ir/numerics/DenseAccess.h"
#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"
#include "passes/ortfusions/OrtFusions.h"
#include "passes/shapes/KnownInts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <variant>

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::Operation;
using ir::Type;
using ir::Value;

bool isNegInf(Value *v) {
  std::optional<double> f = scalarFloat(v);
  return f && std::isinf(*f) && *f < 0;
}

/// Whether the int64 scalar `s` is provably the size `d` (what `ints`
/// knows of it: a constant, or a dim of a Shape, say).
bool isSizeOf(KnownIntsAnalysis &ints, Value *s, const Dim &d) {
  const Type &st = s->getType();
  if (!st.isTensor() || !st.isRanked() || st.getRank() != 0 || st.getDType() != DType::Int64)
    return false;
  const KnownInts *known = ints.lookup(s);
  if (!known || known->size() != 1 || !(*known)[0])
    return false;
  ir::SymExpr e = (*known)[0];
  if (d.isStatic())
    return e.getConstant() == d.getSize();
  return d.isSymbolic() && e == d.getExpr();
}

/// Whether `v` is Unsqueeze(Range(0, n, 1)) of rank 4 whose one non-unit
/// axis is `axis`, of size `size`: the positions 0 to size - 1 along it
/// (the Range may be folded to them);
/// with an `offset`, Unsqueeze(Range(0, n, 1) + p) where p is the size
/// `offset`: the positions offset to offset + size - 1.
bool isPositions(KnownIntsAnalysis &ints, Value *v, unsigned axis, const Dim &size,
                 const Dim *offset = nullptr) {
  const Type &t = v->getType();
  if (!t.isTensor() || !t.isRanked() || t.getRank() != 4)
    return false;
  for (unsigned i = 0; i != 4; ++i)
    if (i == axis ? !ir::sameDim(t.getShape()[i], size) : !isStatic(t.getShape()[i], 1))
      return false;
  Operation *unsqueeze = ir::definedBy(v, "onnx.Unsqueeze");
  Value *positions = unsqueeze ? unsqueeze->getOperand(0) : nullptr;
  if (positions && offset) {
    Operation *add = ir::definedBy(positions, "onnx.Add");
    const Type &at = positions->getType();
    positions = nullptr;
    if (add && at.isRanked() && at.getRank() == 1 && ir::sameDim(at.getShape()[0], size))
      for (unsigned i : {0u, 1u})
        if (isSizeOf(ints, add->getOperand(1 - i), *offset))
          positions = add->getOperand(i);
  }
  if (!positions)
    return false;
  // fold-constants' form of a Range of static size.
  if (std::optional<llvm::SmallVector<int64_t, 4>> folded = constantInts(positions);
      folded && positions->getType().getRank() == 1 && isStatic(size, int64_t(folded->size())))
    return llvm::equal(*folded, llvm::seq<int64_t>(0, int64_t(folded->size())));
  Operation *range = ir::definedBy(positions, "onnx.Range");
  if (!range || range->getNumOperands() != 3)
    return false;
  const Type &rt = range->getResult(0)->getType();
  std::optional<llvm::SmallVector<int64_t, 4>> start = constantInts(range->getOperand(0));
  std::optional<llvm::SmallVector<int64_t, 4>> delta = constantInts(range->getOperand(2));
  return rt.isRanked() && rt.getRank() == 1 && ir::sameDim(rt.getShape()[0], size) && start &&
         start->size() == 1 && (*start)[0] == 0 && delta && delta->size() == 1 && (*delta)[0] == 1;
}

/// A com.microsoft RotaryEmbedding as fuse-ort-rotary-embedding writes it:
/// position offset [0], non-interleaved, the full head rotated, [S, H / 2]
/// caches. Else null.
Operation *contribRotary(Value *v, const Dim &seq, int64_t headSize) {
  static const std::string name =
      ir::makeDomainOpName(ir::kDomainNodeDialect, "com.microsoft", "RotaryEmbedding");
  Operation *rot = ir::definedBy(v, name);
  if (!rot || !v->hasOneUse() || rot->getNumOperands() != 4 || rot->getNumResults() != 1)
    return nullptr;
  for (const ir::NamedAttribute &attr : rot->getAttrs())
    if (attr.name != "interleaved" && attr.name != ir::kDomainVersionAttr)
      return nullptr;
  std::optional<llvm::SmallVector<int64_t, 4>> offset = constantInts(rot->getOperand(1));
  if (ir::intAttr(*rot, "interleaved", 0) != 0 || !offset || offset->size() != 1 ||
      (*offset)[0] != 0 || rot->getOperand(1)->getType().getRank() != 1)
    return nullptr;
  for (unsigned i : {2u, 3u}) {
    const Type &c = rot->getOperand(i)->getType();
    if (!isRankedFloat32(c) || c.getRank() != 2 || !ir::sameDim(c.getShape()[0], seq) ||
        !isStatic(c.getShape()[1], headSize / 2))
      return nullptr;
  }
  return rot;
}

/// Whether `m` is the causal mask of S x T scores: kv position <= q
/// position, the kv positions 0 to T - 1 and the q positions 0 to S - 1, or
/// past to past + S - 1 with a `past` (T = past + S).
bool isCausalMask(KnownIntsAnalysis &ints, Value *m, const Dim &s, const Dim &t,
                  const Dim *past) {
  if (Operation *le = ir::definedBy(m, "onnx.LessOrEqual"))
    return isPositions(ints, le->getOperand(0), 3, t) &&
           isPositions(ints, le->getOperand(1), 2, s, past);
  if (Operation *ge = ir::definedBy(m, "onnx.GreaterOrEqual"))
    return isPositions(ints, ge->getOperand(0), 2, s, past) &&
           isPositions(ints, ge->getOperand(1), 3, t);
  return false;
}

/// The Concat(past, new) on the sequence axis that `x` ([B, KV, T, H]) is,
/// the new [B, KV, S, H] of `s` rows and the past [B, KV, P, H] of x's type
/// but P: a cache's keys or values; else null.
Operation *cacheConcat(Value *x, const Dim &s) {
  Operation *cat = ir::definedBy(x, "onnx.Concat");
  if (!cat || cat->getNumOperands() != 2 ||
      (ir::intAttr(*cat, "axis", 0) != 2 && ir::intAttr(*cat, "axis", 0) != -2))
    return nullptr;
  const Type &xt = x->getType();
  for (unsigned i : {0u, 1u}) {
    const Type &t = cat->getOperand(i)->getType();
    if (!t.isRanked() || t.getRank() != 4 || t.getDType() != xt.getDType())
      return nullptr;
    for (unsigned a : {0u, 1u, 3u})
      if (!ir::sameDim(t.getShape()[a], xt.getShape()[a]))
        return nullptr;
  }
  return ir::sameDim(cat->getOperand(1)->getType().getShape()[2], s) ? cat : nullptr;
}

/// The [B, KV, S, H] value `r` repeats per group: `r` is a
/// Reshape(Expand(Unsqueeze(x, [2]), ...)) from [B, KV, G, S, H] to
/// [B, KV * G, S, H], of one use but for Shape ops (lower-aten sizes the
/// mask from it at 23: the repeat then stays for those and goes with them);
/// null otherwise. Else its ops go to `ops`, users first.
Value *repeatedKV(Value *r, llvm::SmallVectorImpl<Operation *> &ops) {
  Operation *reshape = ir::definedBy(r, "onnx.Reshape");
  Operation *expand = reshape ? soleDefinedBy(reshape->getOperand(0), "onnx.Expand") : nullptr;
  Operation *unsqueeze = expand ? soleDefinedBy(expand->getOperand(0), "onnx.Unsqueeze") : nullptr;
  unsigned nonShapeUses = 0;
  for (const ir::OpOperand &use : r->getUses())
    nonShapeUses += !use.getOwner()->isa("onnx.Shape");
  if (!unsqueeze || nonShapeUses != 1 || unsqueeze->getNumOperands() != 2)
    return nullptr;
  std::optional<llvm::SmallVector<int64_t, 4>> axes = constantInts(unsqueeze->getOperand(1));
  if (!axes || axes->size() != 1 || ((*axes)[0] != 2 && (*axes)[0] != -3))
    return nullptr;
  Value *x = unsqueeze->getOperand(0);
  const Type &xt = x->getType(), &et = expand->getResult(0)->getType(), &rt = r->getType();
  if (!isRankedFloat32(xt) || xt.getRank() != 4 || !et.isRanked() || et.getRank() != 5 ||
      !rt.isRanked() || rt.getRank() != 4 || et.getDType() != xt.getDType() ||
      rt.getDType() != xt.getDType())
    return nullptr;
  llvm::ArrayRef<Dim> xs = xt.getShape(), es = et.getShape(), rs = rt.getShape();
  if (!xs[1].isStatic() || !es[2].isStatic() || !rs[1].isStatic() || !ir::sameDim(es[0], xs[0]) ||
      !ir::sameDim(es[1], xs[1]) || !ir::sameDim(es[3], xs[2]) || !ir::sameDim(es[4], xs[3]) ||
      !ir::sameDim(rs[0], xs[0]) || !ir::sameDim(rs[2], xs[2]) || !ir::sameDim(rs[3], xs[3]) ||
      rs[1].getSize() != xs[1].getSize() * es[2].getSize())
    return nullptr;
  if (r->hasOneUse())
    ops.append({reshape, expand, unsqueeze});
  return x;
}

/// The heads of the repeated k `k` and v `v` (rank 4) when both have the
/// same static number, else 0.
int64_t repeatedHeads(Value *k, Value *v) {
  const Dim &kh = k->getType().getShape()[1], &vh = v->getType().getShape()[1];
  return kh.isStatic() && vh.isStatic() && kh.getSize() == vh.getSize() ? vh.getSize() : 0;
}

constexpr const char *kNotRepeated =
    "k or v is not a float32 [B, KV, S, H] repeated per group by Unsqueeze, Expand and Reshape";

/// The grouped attention below the merge of the heads: q [B, N, S, H], k
/// and v [B, KV, S, H] before their repeat, the boolean mask, the scale,
/// and the ReduceMax of the zeroing of empty rows, if any.
struct GroupedCore {
  Value *q = nullptr, *k = nullptr, *v = nullptr, *mask = nullptr;
  double scale = 1.0;
  /// The heads of the repeated k and v, 0 unless static and equal (N when
  /// they match q's).
  int64_t repeatedHeads = 0;
  Operation *rowMax = nullptr;
  /// The ops of the form below the merge, users before their operands.
  llvm::SmallVector<Operation *, 24> dead;
};

/// What lower-aten writes below opset 23: MatMul, Mul, Where, Softmax, the
/// zeroing of empty rows, MatMul.
std::variant<GroupedCore, std::string> matchDecomposedCore(Operation *weighted) {
  GroupedCore c;
  if (weighted->getNumOperands() != 2)
    return "the heads are not a binary MatMul";
  llvm::SmallVectorImpl<Operation *> &dead = c.dead;
  dead.push_back(weighted);

  // The weights: Softmax, or Where(Equal(ReduceMax(masked), -inf), 0, Softmax).
  Value *probs = weighted->getOperand(0);
  Operation *&rowMax = c.rowMax;
  Value *zeroedOver = nullptr;
  double hiddenMax = 0;
  if (Value *x = matchZeroedRows(probs, zeroedOver, hiddenMax, rowMax, dead)) {
    if (!std::isinf(hiddenMax) || hiddenMax > 0)
      return "the zeroed rows are not those whose max over the last axis is -inf";
    probs = x;
  } else if (ir::definedBy(probs, "onnx.Where")) {
    return "the weights are a Where other than the zeroing of empty rows";
  }
  Operation *softmax = soleDefinedBy(probs, "onnx.Softmax");
  const Type &probsType = probs->getType();
  if (!softmax || !probsType.isRanked() || probsType.getRank() != 4 ||
      (ir::intAttr(*softmax, "axis", -1) != -1 && ir::intAttr(*softmax, "axis", -1) != 3))
    return "the weights are not a one-use Softmax over the last "
           "of 4 axes";
  dead.push_back(softmax);
  Value *masked = softmax->getOperand(0);
  if (rowMax && rowMax->getOperand(0) != masked)
    return "the zeroing reads other scores than the Softmax";
  unsigned maskedUses = rowMax ? 2 : 1;
  Operation *where = ir::definedBy(masked, "onnx.Where");
  if (!where || std::distance(masked->getUses().begin(), masked->getUses().end()) != maskedUses)
    return "the scores are not masked by a Where of no other use";
  if (!isNegInf(where->getOperand(2)))
    return "the mask's fill is not -inf";
  dead.push_back(where);
  Value *mask = where->getOperand(0);
  Value *scores = where->getOperand(1);
  if (scores->getType() != masked->getType())
    return "the masked scores are not the scores' type";
  double &scale = c.scale;
  if (Operation *mul = soleDefinedBy(scores, "onnx.Mul")) {
    for (unsigned i : {0u, 1u})
      if (std::optional<double> factor = scalarFloat(mul->getOperand(i));
          factor && mul->getOperand(1 - i)->getType() == scores->getType()) {
        scale = *factor;
        scores = mul->getOperand(1 - i);
        dead.push_back(mul);
        break;
      }
  }
  Operation *qk = soleDefinedBy(scores, "onnx.MatMul");
  if (!qk || qk->getNumOperands() != 2)
    return "the scores are not a one-use MatMul";
  Operation *kT = soleDefinedBy(qk->getOperand(1), "onnx.Transpose");
  if (!kT || !hasPerm(*kT, {0, 1, 3, 2}))
    return "the keys are not a one-use Transpose [0, 1, 3, 2]";
  dead.append({qk, kT});
  c.k = repeatedKV(kT->getOperand(0), dead);
  c.v = c.k ? repeatedKV(weighted->getOperand(1), dead) : nullptr;
  if (!c.v)
    return kNotRepeated;
  c.q = qk->getOperand(0);
  c.mask = mask;
  c.repeatedHeads = repeatedHeads(kT->getOperand(0), weighted->getOperand(1));
  return c;
}

/// What lower-aten writes from opset 23: onnx.Attention of q and the
/// repeated k and v, a boolean mask expanded to the scores' shape, no cache,
/// causal flag, softcap or extra output, and a scale; then, when the mask
/// may empty a row, Where(Equal(ReduceMax(Cast(mask, float), [-1]), 0), 0,
/// heads) (`zeroing`, else the Attention itself).
std::variant<GroupedCore, std::string> matchAttentionOpCore(Operation *zeroing) {
  GroupedCore c;
  Operation *att = zeroing;
  Value *zeroedMask = nullptr;
  if (zeroing->isa("onnx.Where")) {
    // Over Cast(mask, float32), whose row max is 0 where the mask is false
    // throughout.
    Value *rows = nullptr;
    double hiddenMax = 0;
    Value *x = matchZeroedRows(zeroing->getResult(0), rows, hiddenMax, c.rowMax, c.dead);
    att = x ? soleDefinedBy(x, "onnx.Attention") : nullptr;
    Operation *cast = x ? soleDefinedBy(rows, "onnx.Cast") : nullptr;
    if (!att || hiddenMax != 0 || !cast || !isRankedFloat32(cast->getResult(0)->getType()))
      return "the heads are a Where other than the zeroing of an Attention's rows its mask "
             "empties";
    zeroedMask = cast->getOperand(0);
    c.dead.push_back(cast);
  }
  if (att->getNumResults() != 1 || att->getNumOperands() != 4)
    return "the Attention has no mask, a cache or more than one output";
  if (const char *why = whyNotPlainAttention(*att, c.scale))
    return std::string(why);
  c.dead.push_back(att);
  Value *mask = att->getOperand(3);
  if (Operation *expand = soleDefinedBy(mask, "onnx.Expand")) {
    c.dead.push_back(expand);
    mask = expand->getOperand(0);
  }
  if (zeroedMask && zeroedMask != mask)
    return "the zeroing reads another mask than the Attention";
  c.mask = mask;
  c.k = repeatedKV(att->getOperand(1), c.dead);
  c.v = c.k ? repeatedKV(att->getOperand(2), c.dead) : nullptr;
  if (!c.v)
    return kNotRepeated;
  c.q = att->getOperand(0);
  c.repeatedHeads = repeatedHeads(att->getOperand(1), att->getOperand(2));
  return c;
}

class GroupQueryAttentionFusion : public ir::RewritePattern {
public:
  explicit GroupQueryAttentionFusion(KnownIntsAnalysis &ints)
      : RewritePattern("fuse-group-query-attention", {"onnx.Reshape"}), ints(ints) {}

  bool matchAndRewrite(Operation &merge, ir::PatternRewriter &rw) override {
    if (merge.getNumOperands() != 2 || merge.getNumResults() != 1)
      return rw.notifyMatchFailure(merge, "not a Reshape by a shape input");
    // The heads [B, N, S, H] merged by Transpose [0, 2, 1, 3] and Reshape,
    // or by the Reshape alone when S is 1 (canonicalize's form of the same).
    Operation *mergeHeads = soleDefinedBy(merge.getOperand(0), "onnx.Transpose");
    Value *headsValue = nullptr;
    if (mergeHeads && hasPerm(*mergeHeads, {0, 2, 1, 3}))
      headsValue = mergeHeads->getOperand(0);
    else if (const Type &t = merge.getOperand(0)->getType();
             !mergeHeads && merge.getOperand(0)->hasOneUse() && t.isRanked() && t.getRank() == 4 &&
             isStatic(t.getShape()[2], 1))
      headsValue = merge.getOperand(0);
    else
      return rw.notifyMatchFailure(merge, "the input is not a one-use Transpose [0, 2, 1, 3], "
                                          "nor heads of one row");
    std::variant<GroupedCore, std::string> matched;
    if (Operation *weighted = soleDefinedBy(headsValue, "onnx.MatMul"))
      matched = matchDecomposedCore(weighted);
    else if (Operation *zeroing = soleDefinedBy(headsValue, "onnx.Where"))
      matched = matchAttentionOpCore(zeroing);
    else if (Operation *att = soleDefinedBy(headsValue, "onnx.Attention"))
      matched = matchAttentionOpCore(att);
    else
      return rw.notifyMatchFailure(merge, "the heads are not a one-use MatMul, Attention or "
                                          "zeroing of its empty rows");
    if (const std::string *failure = std::get_if<std::string>(&matched))
      return rw.notifyMatchFailure(merge, *failure);
    GroupedCore &c = std::get<GroupedCore>(matched);
    if (mergeHeads)
      c.dead.insert(c.dead.begin(), mergeHeads);
    llvm::SmallVectorImpl<Operation *> &dead = c.dead;
    Value *q = c.q, *k = c.k, *v = c.v, *mask = c.mask;
    Operation *rowMax = c.rowMax;
    double scale = c.scale;
    if (scale == 0)
      return rw.notifyMatchFailure(merge, "the scale is 0");
    // A cache: k and v each Concat(past, new) on the sequence axis, the
    // present keys and values ONNX Runtime's op outputs.
    Operation *kCat = nullptr, *vCat = nullptr;
    const Type &qt = q->getType();
    if (!isRankedFloat32(qt) || qt.getRank() != 4 || k->getType() != v->getType())
      return rw.notifyMatchFailure(merge, "q is not a float32 [B, N, S, H], or k and v differ "
                                          "in type");
    const Dim &seq = qt.getShape()[2];
    const Dim kvLen = k->getType().getShape()[2];
    if (!ir::sameDim(kvLen, seq)) {
      kCat = cacheConcat(k, seq);
      vCat = kCat ? cacheConcat(v, seq) : nullptr;
      if (!vCat)
        return rw.notifyMatchFailure(merge, "k and v are longer than q but not each Concat(past, "
                                            "new) on axis 2");
      if (kCat->getOperand(0)->getType() != vCat->getOperand(0)->getType())
        return rw.notifyMatchFailure(merge, "the past keys and values differ in type");
      k = kCat->getOperand(1);
      v = vCat->getOperand(1);
    }
    const Type &kt = k->getType();
    if (kt != v->getType())
      return rw.notifyMatchFailure(merge, "the new k and v differ in type");
    llvm::ArrayRef<Dim> qs = qt.getShape(), ks = kt.getShape();
    if (!qs[1].isStatic() || !qs[3].isStatic() || !ir::sameDim(qs[0], ks[0]) ||
        !ir::sameDim(qs[2], ks[2]) || !ir::sameDim(qs[3], ks[3]))
      return rw.notifyMatchFailure(merge, "q and k/v differ in batch, sequence or head size, or "
                                          "their heads are not static");
    int64_t heads = qs[1].getSize(), kvHeads = ks[1].getSize(), headSize = qs[3].getSize();
    if (heads % kvHeads != 0 || c.repeatedHeads != heads)
      return rw.notifyMatchFailure(merge, "the repeated k and v do not have q's heads");
    const Dim *past = kCat ? &kCat->getOperand(0)->getType().getShape()[2] : nullptr;
    if (kCat && !isStatic(seq, 1) && !isStatic(qs[0], 1))
      return rw.notifyMatchFailure(merge, "with a past, ONNX Runtime's kernel takes more than one "
                                          "new token only in a batch of one: neither the new "
                                          "tokens nor the batch are statically 1");

    // The mask: causal, or causal and another [B or 1, 1, S, T] mask.
    const Type &mt = mask->getType();
    if (!mt.isTensor() || !mt.isRanked() || mt.getDType() != DType::Bool || mt.getRank() != 4 ||
        !(isStatic(mt.getShape()[0], 1) || ir::sameDim(mt.getShape()[0], qs[0])) ||
        !isStatic(mt.getShape()[1], 1) || !ir::sameDim(mt.getShape()[2], seq) ||
        !ir::sameDim(mt.getShape()[3], kvLen))
      return rw.notifyMatchFailure(merge, "the mask is not a boolean [B or 1, 1, S, T]");
    bool causalOnly = isCausalMask(ints, mask, seq, kvLen, past);
    if (!causalOnly) {
      Operation *both = ir::definedBy(mask, "onnx.And");
      if (!both || both->getNumOperands() != 2 ||
          !(isCausalMask(ints, both->getOperand(0), seq, kvLen, past) ||
            isCausalMask(ints, both->getOperand(1), seq, kvLen, past)))
        return rw.notifyMatchFailure(merge, "the mask is not the causal mask, nor And of it and "
                                            "another");
    }

    const Type &outType = merge.getResult(0)->getType();
    Type mergedType = Type::tensor(DType::Float32, {qs[0], seq, Dim(heads * headSize)});
    if (!isRankedFloat32(outType))
      return rw.notifyMatchFailure(merge, "the result is not a ranked float32 tensor");
    bool direct = outType == mergedType;
    if (!direct) {
      std::optional<llvm::SmallVector<int64_t, 4>> shape = constantInts(merge.getOperand(1));
      if (!shape || ir::intAttr(merge, "allowzero", 0) != 0 ||
          llvm::any_of(llvm::drop_begin(*shape, 2), [](int64_t d) { return d == 0; }))
        return rw.notifyMatchFailure(merge, "the merged shape is not [B, S, D] nor a constant "
                                            "without 0 past its first two entries");
    }

    // The present keys and values replace the Concats where read after the
    // attention (the graph's outputs). Read before it (by a repeat of k or v
    // kept for the Shape ops that size the mask at 23), the Concats stay, and
    // with them the ops of the new k and v, until those go unused.
    llvm::SmallVector<std::pair<Operation *, unsigned>, 4> presentUses[2];
    bool catsStay = false;
    for (auto [cat, uses] : {std::pair{kCat, &presentUses[0]}, std::pair{vCat, &presentUses[1]}}) {
      if (!cat)
        continue;
      for (ir::OpOperand &use : cat->getResult(0)->getUses()) {
        Operation *owner = use.getOwner();
        if (llvm::is_contained(dead, owner))
          continue;
        if (owner->getBlock() == merge.getBlock() && merge.isBeforeInBlock(owner))
          uses->push_back({owner, use.getOperandNumber()});
        else
          catsStay = true;
      }
    }
    llvm::SmallVector<Operation *, 4> keptForCats;
    llvm::SmallVectorImpl<Operation *> &newKVDead = catsStay ? keptForCats : dead;
    if (kCat && !catsStay)
      dead.append({kCat, vCat});

    // q and k rotated by one RotaryEmbedding each, with the same caches, of
    // split heads: ONNX Runtime rotates them itself (do_rotary, which wants
    // H a multiple of 16), from the unrotated [B, S, D] inputs. Not with a
    // past: the caches' rows are the new positions, and the op would read
    // them at past + i.
    Operation *qRot = kCat ? nullptr : contribRotary(q, seq, headSize);
    Operation *kRot = kCat ? nullptr : contribRotary(k, seq, headSize);
    Value *cosCache = nullptr, *sinCache = nullptr;
    if (qRot && kRot && headSize % 16 == 0 && qRot->getOperand(2) == kRot->getOperand(2) &&
        qRot->getOperand(3) == kRot->getOperand(3)) {
      llvm::SmallVector<Operation *, 4> splits;
      int64_t qn = 0, qh = 0, kn = 0, kh = 0;
      Value *qIn = splitHeadsInput(qRot->getOperand(0), {0, 2, 1, 3}, qn, qh, splits);
      Value *kIn =
          qIn ? splitHeadsInput(kRot->getOperand(0), {0, 2, 1, 3}, kn, kh, splits) : nullptr;
      if (kIn) {
        cosCache = qRot->getOperand(2);
        sinCache = qRot->getOperand(3);
        dead.append({qRot, kRot});
        dead.append(splits.begin(), splits.end());
        q = qIn;
        k = kIn;
      }
    }

    rw.setInsertionPoint(&merge);
    Value *query = cosCache ? q : mergedInput(rw, q, heads, headSize, dead);
    Value *key = cosCache ? k : mergedInput(rw, k, kvHeads, headSize, newKVDead);
    Value *value = mergedInput(rw, v, kvHeads, headSize, newKVDead);

    // seqlens_k = T - 1 for every batch row and total_sequence_length = T,
    // with T = P + S (S without a past): no row is shorter (the op's right
    // padding); the mask's padding is the attention bias.
    Type one = Type::tensor(DType::Int64, {Dim(1)});
    Value *seqLen =
        rw.createValue("onnx.Shape", {query}, one,
                       {{"end", Attribute::integer(2)}, {"start", Attribute::integer(1)}});
    if (kCat)
      seqLen = rw.createValue(
          "onnx.Add",
          {rw.createValue("onnx.Shape", {kCat->getOperand(0)}, one,
                          {{"end", Attribute::integer(3)}, {"start", Attribute::integer(2)}}),
           seqLen},
          one);
    Value *batch =
        rw.createValue("onnx.Shape", {query}, one,
                       {{"end", Attribute::integer(1)}, {"start", Attribute::integer(0)}});
    Value *last = rw.createValue("onnx.Sub", {seqLen, rw.createI64s({1})}, one);
    Value *lasts =
        rw.createValue("onnx.Expand", {last, batch}, Type::tensor(DType::Int64, {qs[0]}));
    Value *seqlensK = rw.createValue("onnx.Cast", {lasts}, Type::tensor(DType::Int32, {qs[0]}),
                                     {{"to", Attribute::dtype(DType::Int32)}});
    Value *total =
        rw.createValue("onnx.Cast",
                       {rw.createValue("onnx.Squeeze", {seqLen, rw.createI64s({0})},
                                       Type::tensor(DType::Int64, {}))},
                       Type::tensor(DType::Int32, {}), {{"to", Attribute::dtype(DType::Int32)}});

    llvm::SmallVector<Value *, 11> operands = {query, key, value};
    Value *none = noneValue(rw);
    if (kCat)
      operands.append({kCat->getOperand(0), vCat->getOperand(0), seqlensK, total});
    else
      operands.append({none, none, seqlensK, total});
    if (cosCache)
      operands.append({cosCache, sinCache});
    Value *bias = nullptr;
    if (!causalOnly) {
      Value *zero = rw.createConstant(numerics::makeDense(DType::Float32, {}, {0.0}));
      Value *ninf = rw.createConstant(
          numerics::makeDense(DType::Float32, {}, {-std::numeric_limits<double>::infinity()}));
      bias = rw.createValue("onnx.Where", {mask, zero, ninf},
                            Type::tensor(DType::Float32, mt.getShape()));
      if (!cosCache)
        operands.append({none, none});
      operands.append({none, bias});
    }
    Type present = kCat ? kCat->getResult(0)->getType()
                        : Type::tensor(DType::Float32, {qs[0], Dim(kvHeads), seq, Dim(headSize)});
    llvm::SmallVector<ir::NamedAttribute, 4> attrs = {{"kv_num_heads", Attribute::integer(kvHeads)},
                                                      {"num_heads", Attribute::integer(heads)},
                                                      {"scale", Attribute::floating(scale)}};
    if (cosCache)
      attrs.push_back({"do_rotary", Attribute::integer(1)});
    Operation *gqa =
        createContribOp(rw, "GroupQueryAttention", operands, {mergedType, present, present}, attrs);
    for (unsigned i : {0u, 1u})
      for (auto [owner, operand] : presentUses[i])
        rw.setOperand(owner, operand, gqa->getResult(1 + i));
    Value *fused = gqa->getResult(0);
    if (rowMax && bias)
      fused = zeroRowsTheBiasHides(rw, fused, bias, *rowMax);
    if (!direct)
      fused = rw.createValue("onnx.Reshape", {fused, merge.getOperand(1)}, outType);
    rw.replaceOp(&merge, {fused});
    for (Operation *op : dead)
      rw.eraseOp(op);
    return true;
  }

private:
  /// The [B, S, N * H] value whose heads `x` [B, N, S, H] are: the input of
  /// its head split (whose ops go to `dead`), or when S is 1 of the one-use
  /// Reshape from [B, 1, N * H] that splits them; else a Transpose (none
  /// when S is 1) and Reshape of `x` made here.
  static Value *mergedInput(ir::PatternRewriter &rw, Value *x, int64_t heads, int64_t headSize,
                            llvm::SmallVectorImpl<Operation *> &dead) {
    int64_t n = 0, h = 0;
    if (Value *in = splitHeadsInput(x, {0, 2, 1, 3}, n, h, dead); in && n == heads && h == headSize)
      return in;
    llvm::ArrayRef<Dim> xs = x->getType().getShape();
    Type merged = Type::tensor(DType::Float32, {xs[0], xs[2], Dim(heads * headSize)});
    if (isStatic(xs[2], 1)) {
      Operation *split = soleDefinedBy(x, "onnx.Reshape");
      if (split && split->getOperand(0)->getType() == merged) {
        dead.push_back(split);
        return split->getOperand(0);
      }
      return rw.createValue("onnx.Reshape", {x, rw.createI64s({0, 1, heads * headSize})}, merged);
    }
    Value *t = rw.createValue("onnx.Transpose", {x},
                              Type::tensor(DType::Float32, {xs[0], xs[2], xs[1], xs[3]}),
                              {{"perm", Attribute::intList({0, 2, 1, 3})}});
    return rw.createValue("onnx.Reshape", {t, rw.createI64s({0, 0, heads * headSize})}, merged);
  }

  KnownIntsAnalysis &ints;
};

} // namespace

void addGroupQueryAttentionFusion(ir::PatternSet &patterns, KnownIntsAnalysis &ints) {
  patterns.add<GroupQueryAttentionFusion>(ints);
}

} // namespace pt2onnx::passes
