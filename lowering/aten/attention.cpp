//===- attention.cpp - Scaled dot-product attention ------------------------------===//
//
// scaled_dot_product_attention as torch's math reference computes it:
// softmax(Q K^T * scale + mask) V, with scale = 1/sqrt(E) by default, a
// boolean mask meaning "may attend", and is_causal the top-left aligned
// lower-triangular mask; a query row the mask hides entirely gives 0, as
// torch's safe softmax does. With enable_gqa, each key/value head serves
// H_q / H_kv consecutive query heads. From opset 23 the ONNX Attention op
// is used where its semantics are the same (4-D inputs, no causal mask on
// non-square scores); its mask is expanded to [batch, heads, L, S], the
// only broadcast ONNX Runtime implements.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <cmath>
#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// Repeats each of the H_kv heads (dim -3) of `kv` `groups` times.
Value *repeatHeads(RuleContext &ctx, Value *kv, int64_t groups) {
  if (groups == 1)
    return kv;
  OnnxBuilder &b = ctx.b;
  int64_t rank = ctx.rankOf(kv);
  Value *shape = b.shapeOf(kv);
  Value *expanded = b.unsqueeze(kv, {rank - 2});
  // [..., H_kv, 1, S, E] -> [..., H_kv, groups, S, E] -> [..., H_kv*groups, S, E]
  Value *lead = b.shapeOf(kv, 0, rank - 2);
  Value *tail = b.shapeOf(kv, rank - 2);
  Value *target = b.concat({lead, b.i64s({groups}), tail}, 0);
  expanded = b.expand(expanded, target, ir::Type::unrankedTensor(kv->getType().getDType()));
  Value *heads = b.binary("Mul", b.gather(shape, b.i64(rank - 3), 0), b.i64(groups));
  Value *merged = b.concat({b.shapeOf(kv, 0, rank - 3), b.unsqueeze(heads, {0}), tail}, 0);
  Value *r = b.reshape(expanded, merged, ir::Type::unrankedTensor(kv->getType().getDType()));
  if (kv->getType().isRanked()) {
    llvm::SmallVector<ir::Dim, 4> dims(kv->getType().getShape().begin(),
                                       kv->getType().getShape().end());
    const ir::Dim &h = dims[rank - 3];
    dims[rank - 3] = h.isStatic() ? ir::Dim(h.getSize() * groups) : ir::Dim::unknown();
    r->setType(kv->getType().withShape(dims));
  }
  return r;
}

/// The size of dim `axis` of `v` when static.
std::optional<int64_t> staticDim(Value *v, int64_t axis) {
  const ir::Type &t = v->getType();
  if (!t.isRanked() || axis < 0 || axis >= int64_t(t.getRank()) || !t.getShape()[axis].isStatic())
    return std::nullopt;
  return t.getShape()[axis].getSize();
}

/// `x` with 0 in the query rows that attend to nothing, as torch's safe
/// softmax gives: the rows where `rows` (scores or a mask, broadcasting
/// against x's rows) has `hiddenMax` as its largest element along its last
/// axis.
Value *zeroHiddenRows(RuleContext &ctx, Value *x, Value *rows, double hiddenMax) {
  OnnxBuilder &b = ctx.b;
  DType t = x->getType().getDType();
  Value *rowMax =
      b.reduce("ReduceMax", rows, llvm::ArrayRef<int64_t>{ctx.rankOf(rows) - 1}, true);
  Value *hidden = b.compare("Equal", rowMax, b.scalar(t, hiddenMax));
  return b.where(hidden, b.scalar(t, 0.0), x);
}

/// Attention of the op's query/key/value with `mask` (bool: may attend;
/// float: added), is_causal, scale and dropout_p, as torch's math reference.
ValueList emitSdpa(RuleContext &ctx, Value *mask, bool gqa) {
  OnnxBuilder &b = ctx.b;
  DType t = ctx.resultDType();
  Value *q = b.cast(ctx.tensor("query"), t), *k = b.cast(ctx.tensor("key"), t),
        *v = b.cast(ctx.tensor("value"), t);
  double dropout = ctx.getFloat("dropout_p");
  bool causal = ctx.getBool("is_causal");
  std::optional<double> scale = ctx.getOptionalFloat("scale");
  if (dropout != 0.0)
    return ctx.fail("attention dropout is not supported (export in eval mode)");
  if (causal && mask)
    return ctx.fail("is_causal together with attn_mask is an error in torch");
  int64_t rank = ctx.rankOf(q);
  if (rank < 2 || ctx.rankOf(k) != rank || ctx.rankOf(v) != rank)
    return ctx.fail("attention needs query, key and value of the same rank >= 2");

  std::optional<int64_t> qHeads = staticDim(q, rank - 3), kvHeads = staticDim(k, rank - 3);
  const ir::Dim &lq = q->getType().getShape()[rank - 2], &lk = k->getType().getShape()[rank - 2];
  bool squareOrNotCausal = !causal || (!lq.isUnknown() && lq == lk);
  if (ctx.getOpset() >= 23 && rank == 4 && squareOrNotCausal) {
    llvm::SmallVector<Value *, 4> operands{q, k, v};
    if (mask) {
      // ONNX Runtime takes only full [batch, heads, L, S] masks: expand.
      Value *full = b.concat({b.shapeOf(q, 0, 3), b.shapeOf(k, 2, 3)}, 0);
      const ir::Type &qt = q->getType();
      ir::DType maskType = mask->getType().getDType() == DType::Bool ? DType::Bool : t;
      ir::Type fullType =
          ir::Type::tensor(maskType, {qt.getShape()[0], qt.getShape()[1], qt.getShape()[2],
                                      k->getType().getShape()[2]});
      operands.push_back(b.expand(b.cast(mask, maskType), full, fullType));
    }
    llvm::SmallVector<ir::NamedAttribute, 2> attrs{
        {"is_causal", Attribute::integer(causal ? 1 : 0)}};
    if (scale)
      attrs.push_back({"scale", Attribute::floating(*scale)});
    Value *r = b.op("Attention", operands, ctx.resultType(), attrs);
    if (!mask)
      return {r};
    // ONNX Runtime's Attention gives NaN for a query row the mask hides
    // entirely, torch 0: zero the rows whose mask has no position to attend
    // (a boolean row without true, an additive row of -inf).
    bool boolean = mask->getType().getDType() == DType::Bool;
    r = zeroHiddenRows(ctx, r, b.cast(mask, t),
                       boolean ? 0.0 : -std::numeric_limits<double>::infinity());
    r->setType(ctx.resultType());
    return {r};
  }

  if (gqa) {
    if (rank < 3 || !qHeads || !kvHeads || *kvHeads == 0 || *qHeads % *kvHeads != 0)
      return ctx.fail("enable_gqa needs static head counts, query heads a multiple of key heads");
    k = repeatHeads(ctx, k, *qHeads / *kvHeads);
    v = repeatHeads(ctx, v, *qHeads / *kvHeads);
  }
  // scale = 1/sqrt(E): static E gives a constant.
  Value *scaleValue;
  if (scale)
    scaleValue = b.scalar(t, *scale);
  else if (std::optional<int64_t> e = staticDim(q, rank - 1))
    scaleValue = b.scalar(t, 1.0 / std::sqrt(double(*e)));
  else
    scaleValue = b.unary("Reciprocal", b.unary("Sqrt", b.cast(b.dimSize(q, rank - 1), t)));

  llvm::SmallVector<int64_t, 4> perm;
  for (int64_t i = 0; i < rank - 2; ++i)
    perm.push_back(i);
  perm.push_back(rank - 1);
  perm.push_back(rank - 2);
  Value *scores = b.binary("Mul", b.matmul(q, b.transpose(k, perm)), scaleValue);
  double negInf = -std::numeric_limits<double>::infinity();
  if (causal) {
    // ones[L, S] lower triangle (top-left aligned) -> 0 / -inf bias.
    Value *l = b.dimSize(q, rank - 2), *s = b.dimSize(k, rank - 2);
    Value *shape = b.concat({b.unsqueeze(l, {0}), b.unsqueeze(s, {0})}, 0);
    ir::Type boolMatrix = ir::Type::tensor(DType::Bool, {lq, lk});
    Value *ones = b.op("ConstantOfShape", {shape}, boolMatrix,
                       {{"value", Attribute::dense(makeDense(DType::Bool, {1}, {1.0}))}});
    Value *lower = b.op("Trilu", {ones, b.i64(0)}, boolMatrix, {{"upper", Attribute::integer(0)}});
    scores = b.where(lower, scores, b.scalar(t, negInf));
  } else if (mask) {
    if (mask->getType().getDType() == DType::Bool)
      scores = b.where(mask, scores, b.scalar(t, negInf));
    else
      scores = b.binary("Add", scores, b.cast(mask, t));
  }
  Value *weights = b.unary("Softmax", scores, {{"axis", Attribute::integer(-1)}});
  // torch's softmax here is the safe one: a row the mask hides entirely
  // (every score -inf) attends to nothing and gives 0, where Softmax gives
  // NaN. The row's max is -inf exactly then. Without a mask, and with the
  // causal mask, every row keeps a finite score.
  if (mask)
    weights = zeroHiddenRows(ctx, weights, scores, negInf);
  Value *r = b.matmul(weights, v);
  r->setType(ctx.resultType());
  return {r};
}

// aten.scaled_dot_product_attention.default(query, key, value, attn_mask=None,
// dropout_p=0.0, is_causal=False, *, scale=None, enable_gqa=False)
ValueList lowerSdpa(RuleContext &ctx) {
  return emitSdpa(ctx, ctx.optionalTensor("attn_mask"), ctx.getBool("enable_gqa"));
}

/// The fused-kernel overloads run_decompositions leaves (the flash kernel for
/// CPU, the efficient kernel): the output is the same; their extra results
/// (log-sum-exp, RNG state) are only supported unused.
ValueList lowerFusedSdpa(RuleContext &ctx) {
  ir::Operation *op = ctx.getOp();
  for (unsigned i = 1; i < op->getNumResults(); ++i)
    if (!op->getResult(i)->use_empty())
      return ctx.fail("the attention kernel's auxiliary results are not supported");
  // The efficient kernel calls its mask attn_bias; neither kernel has an
  // enable_gqa argument.
  Value *mask = ctx.optionalTensor(ctx.has("attn_bias") ? "attn_bias" : "attn_mask");
  ValueList results = emitSdpa(ctx, mask, false);
  if (results.empty())
    return results;
  // Unused placeholders of the right count.
  for (unsigned i = 1; i < op->getNumResults(); ++i)
    results.push_back(ctx.b.none());
  return results;
}

} // namespace

void registerAttentionLowerings(LoweringRegistry &r) {
  r.add("aten.scaled_dot_product_attention.default", lowerSdpa);
  // (query, key, value, dropout_p=0.0, is_causal=False, *, attn_mask=None, scale=None)
  // -> (output, logsumexp)
  r.add("aten._scaled_dot_product_flash_attention_for_cpu.default", lowerFusedSdpa);
  // (query, key, value, attn_bias, compute_log_sumexp, dropout_p=0.0,
  // is_causal=False, *, scale=None) -> (output, log_sumexp, philox_seed, philox_offset)
  r.add("aten._scaled_dot_product_efficient_attention.default", lowerFusedSdpa);
}

} // namespace pt2onnx::lowering
