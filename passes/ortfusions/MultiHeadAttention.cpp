//===- MultiHeadAttention.cpp - Scaled dot-product attention as one op ------===//
//
//   Reshape(Transpose(Softmax(mask(QK * scale)) @ V, [0, 2, 1, 3]), s)
//       where Q = Transpose(Reshape(q), [0, 2, 1, 3]), K = Transpose(Reshape(k), [0, 2, 3, 1]),
//             V = Transpose(Reshape(v), [0, 2, 1, 3])
//     -> com.microsoft.MultiHeadAttention(q, k, v, attention_bias) {num_heads, scale}
//
// the attention lower-aten writes for aten.scaled_dot_product_attention (and
// HF's eager attention), rooted at the Reshape that merges the heads. The
// scale is a Mul of the scores by a one-element constant, or 1 without one,
// times the constant q is scaled by (a one-use Mul by, or Div by, a finite
// nonzero one-element constant, before or after the split: Whisper's
// q_proj(x) * scaling). That one reassociates: ONNX Runtime computes
// scale * (q k^T) where the form has (s * q) k^T, which differ by a rounding
// of each score (none when s is a power of two); a scale of k or a scale per
// channel stays outside.
// The mask is none, an Add of a float bias (the bias is attention_bias), or
// Where(m, scores, -inf), whose attention_bias is Where(m, 0, -inf): adding 0
// or -inf to a finite score gives the score or -inf, what Where selects.
// Another fill than -inf is refused: adding a finite fill to the scores is
// not selecting it. A row masked whole is NaN in ONNX Runtime's op (checked
// in 1.23) and 0 in torch, which lower-aten writes as a zeroing after the
// Softmax, Where(Equal(ReduceMax(scores, last axis), -inf), 0, weights) (or
// after onnx.Attention, over Cast(mask)): the fusion takes it and zeroes the
// fused output where the bias's row is -inf throughout, which needs a mask
// the same for every head ([B or 1, 1, S, L]).
// The fusion proves the rest from the types:
//   - q is a float32 [B, S, D] tensor, k and v [B, L, D]; the Reshapes split
//     D into [N, H] (static, N * H = D) and keep B and S (or L);
//   - the bias or mask is [B or 1, N or 1, S, L] (ONNX Runtime broadcasts no
//     other dims) and the masked scores keep the scores' type;
//   - the Softmax is over the last axis; every intermediate has one use;
//   - the merged result is [B, S, D] or a Reshape of it whose shape is a
//     constant without 0 past its first two entries (a 0 copies the same dim
//     of [B, S, D] as of [B, S, N, H]).
// From opset 23 lower-aten writes onnx.Attention of the split heads instead
// of the MatMuls and Softmax; the fusion takes it when it has no cache,
// causal mask, softcap or extra output, and a scale: its boolean mask is -inf
// where false as above, a float mask is added, and the Expand of a mask to
// the scores' shape is dropped (attention_bias broadcasts over B and N).
// ONNX Runtime's kernel runs float32 on CPU; float16 is refused.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/DenseAccess.h"
#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"
#include "passes/ortfusions/OrtFusions.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <limits>
#include <string>
#include <variant>

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Dim;
using ir::Operation;
using ir::Type;
using ir::Value;

/// Whether `bias` can be ONNX Runtime's attention_bias for [B, N, S, L]
/// scores of `scores`' type: [B or 1, N or 1, S, L].
bool isAttentionBiasShape(const Type &bias, const Type &scores) {
  if (!bias.isTensor() || !bias.isRanked() || bias.getRank() != 4)
    return false;
  llvm::ArrayRef<Dim> b = bias.getShape(), s = scores.getShape();
  return (isStatic(b[0], 1) || ir::sameDim(b[0], s[0])) &&
         (isStatic(b[1], 1) || ir::sameDim(b[1], s[1])) && ir::sameDim(b[2], s[2]) &&
         ir::sameDim(b[3], s[3]);
}

/// The attention between the split heads and their merge: q, k and v
/// [B, S or L, D] split into `heads`, scores scaled by `scale`, then an
/// additive `bias` or a boolean `mask` (-inf where false), or neither.
struct AttentionCore {
  Value *q = nullptr, *k = nullptr, *v = nullptr;
  int64_t heads = 0, headSize = 0;
  double scale = 1.0;
  Value *bias = nullptr;
  Value *mask = nullptr;
  /// The ReduceMax of lower-aten's zeroing of the rows the mask hides
  /// entirely (torch gives 0 there, the Softmax NaN), when the form has it.
  Operation *zeroedRows = nullptr;
  /// The ops of the form below the merge, users before their operands.
  llvm::SmallVector<Operation *, 16> dead;
};

using CoreFailure = std::string;

/// `v` unscaled when it is a one-use Mul by a one-element constant s
/// (either operand order) or Div by one, of `v`'s type, with s finite and
/// `scale` times s (or 1 / s) a normal float32: the Mul's or Div's other
/// operand, with `scale` multiplied and `op` set; else null.
Value *unscaled(Value *v, double &scale, Operation *&op) {
  if (!v->hasOneUse())
    return nullptr;
  bool isDiv = false;
  op = ir::definedBy(v, "onnx.Mul", 2);
  if (!op) {
    op = ir::definedBy(v, "onnx.Div", 2);
    isDiv = true;
  }
  if (!op || op->getNumOperands() != 2)
    return nullptr;
  for (unsigned i : {0u, 1u}) {
    Value *x = op->getOperand(i);
    std::optional<double> s = scalarFloat(op->getOperand(1 - i));
    if ((isDiv && i == 1) || !s || !std::isfinite(*s) || *s == 0 || x->getType() != v->getType())
      continue;
    double scaled = isDiv ? scale / *s : scale * *s;
    if (!std::isnormal(scaled) || std::fabs(scaled) < double(std::numeric_limits<float>::min()) ||
        std::fabs(scaled) > double(std::numeric_limits<float>::max()))
      return nullptr;
    scale = scaled;
    return x;
  }
  return nullptr;
}

/// Sets c.q, c.k and c.v to the [B, S or L, D] inputs of the head splits
/// `qHeads`, `kHeads` (transposed by `kPerm`) and `vHeads`. A constant
/// scale of q, before or after its split (Whisper's q_proj(x) * scaling),
/// goes into c.scale: ONNX Runtime scales the scores, s * (q k^T) for
/// (s * q) k^T, equal but for rounding (exact when s is a power of two).
void matchSplitHeads(AttentionCore &c, Value *qHeads, Value *kHeads,
                     llvm::ArrayRef<int64_t> kPerm, Value *vHeads) {
  Operation *scaling = nullptr;
  if (Value *x = unscaled(qHeads, c.scale, scaling)) {
    c.dead.push_back(scaling);
    qHeads = x;
  }
  c.q = splitHeadsInput(qHeads, {0, 2, 1, 3}, c.heads, c.headSize, c.dead);
  if (Value *x = c.q ? unscaled(c.q, c.scale, scaling) : nullptr) {
    // The split stays while Shape ops read it, and the scaling with it.
    if (llvm::is_contained(c.dead, c.q->getUses().begin()->getOwner()))
      c.dead.push_back(scaling);
    c.q = x;
  }
  c.k = c.q ? splitHeadsInput(kHeads, kPerm, c.heads, c.headSize, c.dead) : nullptr;
  c.v = c.k ? splitHeadsInput(vHeads, {0, 2, 1, 3}, c.heads, c.headSize, c.dead) : nullptr;
}

/// The op named `name` that defines `v`, used once, or twice when `rowMax`
/// (the zeroing's ReduceMax of the masked scores) is the other use; else
/// null.
Operation *definedForCore(Value *v, llvm::StringRef name, const Operation *rowMax) {
  Operation *def = ir::definedBy(v, name);
  if (!def || v->getNumUses() != (rowMax ? 2u : 1u))
    return nullptr;
  if (rowMax && llvm::none_of(v->getUses(),
                              [&](const ir::OpOperand &u) { return u.getOwner() == rowMax; }))
    return nullptr;
  return def;
}

/// What lower-aten writes below opset 23: MatMul, Mul, Where or Add,
/// Softmax (with the zeroing of rows the mask hides entirely), MatMul.
std::variant<AttentionCore, CoreFailure> matchDecomposedCore(Operation *weighted) {
  AttentionCore c;
  Value *probsValue = weighted->getOperand(0);
  Value *zeroedOver = nullptr;
  double hiddenMax = 0;
  c.dead.push_back(weighted);
  if (Value *x = matchZeroedRows(probsValue, zeroedOver, hiddenMax, c.zeroedRows, c.dead)) {
    if (!std::isinf(hiddenMax) || hiddenMax > 0)
      return "the rows are zeroed where their max is not -inf";
    probsValue = x;
  }
  Operation *softmax = soleDefinedBy(probsValue, "onnx.Softmax");
  const Type &probs = probsValue->getType();
  if (!softmax || !probs.isRanked() || probs.getRank() != 4 ||
      (ir::intAttr(*softmax, "axis", -1) != -1 && ir::intAttr(*softmax, "axis", -1) != 3))
    return "the weights are not a one-use Softmax over the last of 4 axes";
  c.dead.push_back(softmax);
  Value *scores = softmax->getOperand(0);
  if (c.zeroedRows && zeroedOver != scores)
    return "the zeroed rows are not those of the Softmax's scores";
  if (Operation *where = definedForCore(scores, "onnx.Where", c.zeroedRows)) {
    std::optional<double> fill = scalarFloat(where->getOperand(2));
    if (!fill || !std::isinf(*fill) || *fill > 0)
      return "the mask's fill is not -inf";
    if (where->getOperand(1)->getType() != scores->getType())
      return "the masked scores are not the scores' type";
    c.mask = where->getOperand(0);
    c.dead.push_back(where);
    scores = where->getOperand(1);
  } else if (Operation *add = definedForCore(scores, "onnx.Add", c.zeroedRows)) {
    Operation *inner = add->getOperand(0)->getDefiningOp();
    unsigned scoresAt = inner && (inner->isa("onnx.Mul") || inner->isa("onnx.MatMul")) ? 0 : 1;
    if (add->getOperand(scoresAt)->getType() != scores->getType())
      return "the biased scores are not the scores' type";
    c.bias = add->getOperand(1 - scoresAt);
    c.dead.push_back(add);
    scores = add->getOperand(scoresAt);
  }
  // Without a mask, the unmasked scores feed the Softmax and the zeroing.
  const Operation *scoresReader = c.bias || c.mask ? nullptr : c.zeroedRows;
  if (scoresReader) {
    // A mask that hid nothing was folded away (HF ViT's all-true mask): the
    // scores are finite in every row, as lower-aten assumes of attention
    // without a mask, and the zeroing goes with the ops it read.
    c.zeroedRows = nullptr;
  }
  if (Operation *mul = definedForCore(scores, "onnx.Mul", scoresReader)) {
    for (unsigned i : {0u, 1u})
      if (std::optional<double> factor = scalarFloat(mul->getOperand(i));
          factor && mul->getOperand(1 - i)->getType() == scores->getType()) {
        c.scale = *factor;
        scores = mul->getOperand(1 - i);
        c.dead.push_back(mul);
        scoresReader = nullptr;
        break;
      }
  }
  Operation *qk = definedForCore(scores, "onnx.MatMul", scoresReader);
  if (!qk || qk->getNumOperands() != 2)
    return "the scores are not a one-use MatMul";
  c.dead.push_back(qk);
  matchSplitHeads(c, qk->getOperand(0), qk->getOperand(1), {0, 2, 3, 1}, weighted->getOperand(1));
  return c;
}

/// onnx.Attention (opset 23) of 4-D q, k and v, without cache, causal mask,
/// softcap or extra outputs.
std::variant<AttentionCore, CoreFailure> matchAttentionOpCore(Operation *att) {
  AttentionCore c;
  if (att->getNumResults() != 1 || att->getNumOperands() < 3 || att->getNumOperands() > 4)
    return "the Attention has a cache or more than one output";
  if (const char *why = whyNotPlainAttention(*att, c.scale))
    return std::string(why);
  c.dead = {att};
  if (att->getNumOperands() == 4 && !att->getOperand(3)->getType().isNone()) {
    Value *mask = att->getOperand(3);
    const Type &t = mask->getType();
    if (!t.isTensor() || !t.isRanked())
      return "the mask is not a ranked tensor";
    if (t.getDType() == ir::DType::Bool) {
      // The Expand of a mask to the scores' shape is not needed.
      if (Operation *expand = soleDefinedBy(mask, "onnx.Expand")) {
        Value *unexpanded = expand->getOperand(0);
        if (isAttentionBiasShape(unexpanded->getType(), t)) {
          c.dead.push_back(expand);
          mask = unexpanded;
        }
      }
      c.mask = mask;
    } else {
      c.bias = mask;
    }
  }
  matchSplitHeads(c, att->getOperand(0), att->getOperand(1), {0, 2, 1, 3}, att->getOperand(2));
  return c;
}

class MultiHeadAttentionFusion : public ir::RewritePattern {
public:
  MultiHeadAttentionFusion() : RewritePattern("fuse-multi-head-attention", {"onnx.Reshape"}) {}

  bool matchAndRewrite(Operation &merge, ir::PatternRewriter &rw) override {
    if (merge.getNumOperands() != 2 || merge.getNumResults() != 1)
      return rw.notifyMatchFailure(merge, "not a Reshape by a shape input");
    Operation *mergeHeads = soleDefinedBy(merge.getOperand(0), "onnx.Transpose");
    if (!mergeHeads || !hasPerm(*mergeHeads, {0, 2, 1, 3}))
      return rw.notifyMatchFailure(merge, "the input is not a one-use Transpose [0, 2, 1, 3]");
    std::variant<AttentionCore, CoreFailure> matched;
    Value *heads = mergeHeads->getOperand(0);
    // From opset 23 the zeroing of hidden rows follows the Attention op.
    llvm::SmallVector<Operation *, 3> zeroing;
    Value *zeroedOver = nullptr;
    double hiddenMax = 0;
    Operation *rowMax = nullptr;
    Value *attended = matchZeroedRows(heads, zeroedOver, hiddenMax, rowMax, zeroing);
    if (Operation *weighted = soleDefinedBy(heads, "onnx.MatMul"))
      matched = matchDecomposedCore(weighted);
    else if (Operation *att = soleDefinedBy(attended ? attended : heads, "onnx.Attention"))
      matched = matchAttentionOpCore(att);
    else
      return rw.notifyMatchFailure(merge, "the heads are not a one-use MatMul or Attention");
    if (const CoreFailure *failure = std::get_if<CoreFailure>(&matched))
      return rw.notifyMatchFailure(merge, *failure);
    AttentionCore &c = std::get<AttentionCore>(matched);
    if (attended) {
      // lower-aten zeroes the rows of Cast(mask) without a true (a boolean
      // mask) or of the additive mask whose max is -inf.
      Operation *cast = ir::definedBy(zeroedOver, "onnx.Cast");
      bool sameRows = c.mask ? cast && cast->getOperand(0) == c.mask && hiddenMax == 0
                             : c.bias && zeroedOver == c.bias && std::isinf(hiddenMax) &&
                                   hiddenMax < 0;
      if (!sameRows)
        return rw.notifyMatchFailure(merge, "the zeroed rows are not those the mask hides");
      c.zeroedRows = rowMax;
      c.dead.insert(c.dead.begin(), zeroing.begin(), zeroing.end());
    }
    c.dead.insert(c.dead.begin(), mergeHeads);

    // ONNX Runtime reads a scale of 0 as "the default", 1 / sqrt(H).
    if (c.scale == 0)
      return rw.notifyMatchFailure(merge, "the scale is 0");
    if (!c.v)
      return rw.notifyMatchFailure(merge, "q, k and v are not float32 [B, S or L, D] inputs split "
                                          "into the same heads by one-use Reshapes and Transposes");
    const Type &qType = c.q->getType();
    llvm::ArrayRef<Dim> qs = qType.getShape(), ks = c.k->getType().getShape();
    if (c.k->getType() != c.v->getType() || !ir::sameDim(ks[0], qs[0]))
      return rw.notifyMatchFailure(merge, "k and v differ in type, or their batch is not q's");
    Type scores = Type::tensor(ir::DType::Float32, {qs[0], Dim(c.heads), qs[1], ks[1]});
    if (c.mask && !isAttentionBiasShape(c.mask->getType(), scores))
      return rw.notifyMatchFailure(merge, "the mask is not [B or 1, N or 1, S, L]");
    if (c.bias &&
        (!isRankedFloat32(c.bias->getType()) || !isAttentionBiasShape(c.bias->getType(), scores)))
      return rw.notifyMatchFailure(merge, "the bias is not a float32 [B or 1, N or 1, S, L]");
    const Type &maskType = c.mask ? c.mask->getType() : c.bias ? c.bias->getType() : qType;
    if (c.zeroedRows && !isStatic(maskType.getShape()[1], 1))
      return rw.notifyMatchFailure(merge, "rows are zeroed under a mask per head");

    // The merged heads: [B, S, D], or a Reshape of it that copies no dim
    // past the first two.
    const Type &outType = merge.getResult(0)->getType();
    if (!isRankedFloat32(outType))
      return rw.notifyMatchFailure(merge, "the result is not a ranked float32 tensor");
    bool direct = outType == qType;
    if (!direct) {
      std::optional<llvm::SmallVector<int64_t, 4>> shape = constantInts(merge.getOperand(1));
      if (!shape || ir::intAttr(merge, "allowzero", 0) != 0 ||
          llvm::any_of(llvm::drop_begin(*shape, 2), [](int64_t d) { return d == 0; }))
        return rw.notifyMatchFailure(merge, "the merged shape is not [B, S, D] nor a constant "
                                            "without 0 past its first two entries");
    }

    rw.setInsertionPoint(&merge);
    Value *bias = c.bias;
    if (c.mask) {
      Value *zero = rw.createConstant(numerics::makeDense(ir::DType::Float32, {}, {0.0}));
      Value *ninf = rw.createConstant(
          numerics::makeDense(ir::DType::Float32, {}, {-std::numeric_limits<double>::infinity()}));
      bias = rw.create("onnx.Where", {c.mask, zero, ninf},
                       {Type::tensor(ir::DType::Float32, c.mask->getType().getShape())})
                 ->getResult(0);
    }
    llvm::SmallVector<Value *, 6> operands = {c.q, c.k, c.v};
    if (bias) {
      Value *none = noneValue(rw);
      operands.append({none, none, bias});
    }
    Value *fused = createContribOp(rw, "MultiHeadAttention", operands, {qType},
                                   {{"num_heads", Attribute::integer(c.heads)},
                                    {"scale", Attribute::floating(c.scale)}})
                       ->getResult(0);
    if (c.zeroedRows)
      fused = zeroRowsTheBiasHides(rw, fused, bias, *c.zeroedRows);
    if (!direct)
      fused = rw.create("onnx.Reshape", {fused, merge.getOperand(1)}, {outType})->getResult(0);
    rw.replaceOp(&merge, {fused});
    for (Operation *op : c.dead)
      rw.eraseOp(op);
    return true;
  }
};

} // namespace

void addMultiHeadAttentionFusion(ir::PatternSet &patterns) {
  patterns.add<MultiHeadAttentionFusion>();
}

} // namespace pt2onnx::passes
