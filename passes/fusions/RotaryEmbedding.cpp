//===- RotaryEmbedding.cpp - Llama's rotate_half rotary as one op ----------===//
//
//   q * cos + Concat(-q[..., d/2:], q[..., :d/2]) * sin
//                 -> RotaryEmbedding(q, cos[..., :d/2], sin[..., :d/2])
//
// Llama's non-interleaved rotary embedding; the root is the Add, either
// order of each Add and Mul operand. The fusion proves it computes the same
// values:
//   - q is [B, H, S, D], float32 or float16, D static and even, and every
//     intermediate has q's type and is used by the form alone;
//   - the rotated half is Concat(Neg(Slice(q, D/2, >= D)), Slice(q, 0, D/2))
//     on the last axis, steps 1;
//   - cos and sin are [B or 1, 1, S, D] of q's type with equal halves:
//     elementwise functions (Cos, Sin, Cast, Neg, a scalar Mul, an Unsqueeze
//     off the last axis) of Concat(f, f) on the last axis.
// The caches RotaryEmbedding takes are cos and sin's first halves, squeezed
// over the heads and expanded to q's batch (ONNX Runtime wants the cache's
// batch and sequence dims to be q's); each is made once per table, batch and
// block, and q and k share them. The match (matchRotaryEmbedding) and the
// first halves (RotaryHalfTables) serve fuse-ort's com.microsoft form too.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::Operation;
using ir::Type;
using ir::Value;

/// An omitted optional input: absent, or the `none` value.
bool isAbsent(Operation &op, unsigned i) {
  if (i >= op.getNumOperands())
    return true;
  Operation *def = ir::definedBy(op.getOperand(i), ir::builtin::kConstant);
  const Attribute *value = def ? def->getAttr("value") : nullptr;
  return value && value->isUnit();
}

/// Whether the two halves of `v`'s last dim are provably equal: `v` is
/// Concat(f, f) on its last axis, or an elementwise function of such a value
/// that keeps its last axis.
bool hasEqualHalves(Value *v, unsigned depth = 0) {
  Operation *def = v->getDefiningOp();
  if (!def || depth > 8 || def->getNumResults() != 1 || !v->getType().isTensor() ||
      !v->getType().isRanked() || v->getType().getRank() == 0)
    return false;
  int64_t rank = int64_t(v->getType().getRank());
  if (def->isa("onnx.Concat"))
    return def->getNumOperands() == 2 && def->getOperand(0) == def->getOperand(1) &&
           numerics::normalizeAxis(ir::intAttr(*def, "axis", 0), rank) == rank - 1;
  if (def->isa("onnx.Cos") || def->isa("onnx.Sin") || def->isa("onnx.Cast") ||
      def->isa("onnx.Neg"))
    return hasEqualHalves(def->getOperand(0), depth + 1);
  if (def->isa("onnx.Unsqueeze") && def->getNumOperands() == 2) {
    std::optional<llvm::SmallVector<int64_t, 4>> axes = constantInts(def->getOperand(1));
    return axes && llvm::none_of(*axes, [&](int64_t a) { return a == -1 || a == rank - 1; }) &&
           hasEqualHalves(def->getOperand(0), depth + 1);
  }
  if (def->isa("onnx.Mul") && def->getNumOperands() == 2) {
    for (unsigned i = 0; i != 2; ++i)
      if (scalarFloat(def->getOperand(1 - i)) && def->getOperand(i)->getType() == v->getType())
        return hasEqualHalves(def->getOperand(i), depth + 1);
  }
  return false;
}

/// `slice` = Slice(q, [start], [end], [last axis], steps 1 or absent), where
/// `endOrBeyond` accepts any end from `end` on (Slice clamps it).
bool isLastAxisSlice(Operation *slice, Value *q, int64_t start, int64_t end, bool endOrBeyond) {
  if (!slice || !slice->isa("onnx.Slice") || slice->getNumOperands() < 4 ||
      slice->getOperand(0) != q || isAbsent(*slice, 3))
    return false;
  int64_t rank = int64_t(q->getType().getRank());
  auto starts = constantInts(slice->getOperand(1));
  auto ends = constantInts(slice->getOperand(2));
  auto axes = constantInts(slice->getOperand(3));
  if (!starts || !ends || !axes || starts->size() != 1 || ends->size() != 1 ||
      axes->size() != 1 || numerics::normalizeAxis((*axes)[0], rank) != rank - 1)
    return false;
  if (!isAbsent(*slice, 4)) {
    auto steps = constantInts(slice->getOperand(4));
    if (!steps || steps->size() != 1 || (*steps)[0] != 1)
      return false;
  }
  return (*starts)[0] == start && (endOrBeyond ? (*ends)[0] >= end : (*ends)[0] == end);
}

/// Whether `c` is a cos or sin table for q [B, H, S, D]: [B or 1, 1, S, D]
/// of q's type, with equal halves.
bool isRotaryTable(Value *c, const Type &q) {
  const Type &t = c->getType();
  if (!t.isTensor() || !t.isRanked() || t.getDType() != q.getDType() || t.getRank() != 4)
    return false;
  llvm::ArrayRef<Dim> cs = t.getShape(), qs = q.getShape();
  return (cs[0] == Dim(1) || ir::sameDim(cs[0], qs[0])) && cs[1] == Dim(1) &&
         ir::sameDim(cs[2], qs[2]) && cs[3] == qs[3] && hasEqualHalves(c);
}

Value *fail(Operation &add, ir::PatternRewriter &rw, const char *reason) {
  rw.notifyMatchFailure(add, reason);
  return nullptr;
}

/// The q whose rotate_half `rot` is: Concat(Neg(q[..., d/2:]), q[..., :d/2])
/// on the last axis, each piece used there alone; the ops of the form go to
/// `ops`, users first.
Value *rotatedHalf(Operation &add, ir::PatternRewriter &rw, Value *rot,
                   llvm::SmallVectorImpl<Operation *> &ops) {
  Operation *cat = ir::definedBy(rot, "onnx.Concat");
  if (!cat || cat->getNumOperands() != 2 || !rot->hasOneUse())
    return fail(add, rw, "the factor is not a two-input Concat used once");
  Operation *neg = ir::definedBy(cat->getOperand(0), "onnx.Neg");
  Operation *firstHalf = cat->getOperand(1)->getDefiningOp();
  if (!neg || !firstHalf || !neg->getResult(0)->hasOneUse() ||
      !firstHalf->getResult(0)->hasOneUse())
    return fail(add, rw, "the Concat is not of a Neg and a slice, each used once");
  Operation *secondHalf = neg->getOperand(0)->getDefiningOp();
  if (!secondHalf || !secondHalf->getResult(0)->hasOneUse() || firstHalf->getNumOperands() == 0)
    return fail(add, rw, "the Neg is not of a slice used once");
  Value *q = firstHalf->getOperand(0);
  const Type &type = q->getType();
  if (!isFusableFloat(type) || type.getRank() != 4 || !type.getShape()[3].isStatic())
    return fail(add, rw, "q is not a float32 or float16 [B, H, S, D] with a static D");
  int64_t d = type.getShape()[3].getSize();
  if (d == 0 || d % 2 != 0)
    return fail(add, rw, "D is not even");
  if (numerics::normalizeAxis(ir::intAttr(*cat, "axis", 0), 4) != 3 ||
      !isLastAxisSlice(firstHalf, q, 0, d / 2, false) ||
      !isLastAxisSlice(secondHalf, q, d / 2, d, true))
    return fail(add, rw, "the Concat is not of q's halves swapped on the last axis");
  ops.append({cat, neg, secondHalf, firstHalf});
  return q;
}

class RotaryEmbeddingFusion : public FusionPattern {
public:
  RotaryEmbeddingFusion()
      : FusionPattern("fuse-rotary-embedding", "onnx.Add", "not a binary Add") {}

  bool matchAndRewriteRoot(Operation &add, ir::PatternRewriter &rw) override {
    std::optional<RotaryEmbeddingMatch> m = matchRotaryEmbedding(add, rw);
    if (!m)
      return false;
    const Type &type = m->q->getType();
    Value *cosCache = cache(rw, m->cos, m->q);
    Value *sinCache = cache(rw, m->sin, m->q);
    Value *fused =
        rw.create("onnx.RotaryEmbedding", {m->q, cosCache, sinCache}, {type})->getResult(0);
    rw.replaceOp(&add, {fused});
    for (Operation *op : m->dead)
      rw.eraseOp(op);
    return true;
  }

private:
  /// RotaryEmbedding's cache for table `c` [B', 1, S, D] of q [B, H, S, D]:
  /// c[:, 0, :, :D/2], expanded to batch B.
  Value *cache(ir::PatternRewriter &rw, Value *c, Value *q) {
    Value *half = halves.get(rw, c, q);
    const Type &qt = q->getType();
    Dim batch = qt.getShape()[0];
    if (half->getType().getShape()[0] == batch)
      return half;
    for (const Expanded &e : expanded)
      if (e.half == half && e.batch == batch)
        return e.value;
    Value *target;
    if (batch.isStatic()) {
      target = rw.createI64s({batch.getSize(), 1, 1});
    } else {
      Value *batchSize =
          rw.createValue("onnx.Shape", {q}, Type::tensor(DType::Int64, {Dim(1)}),
                         {{"end", Attribute::integer(1)}, {"start", Attribute::integer(0)}});
      target = rw.createValue("onnx.Concat", {batchSize, rw.createI64s({1, 1})},
                              Type::tensor(DType::Int64, {Dim(3)}),
                              {{"axis", Attribute::integer(0)}});
    }
    llvm::ArrayRef<Dim> hs = half->getType().getShape();
    Value *value = rw.createValue("onnx.Expand", {half, target},
                                  Type::tensor(qt.getDType(), {batch, hs[1], hs[2]}));
    expanded.push_back({half, batch, value});
    return value;
  }

  struct Expanded {
    Value *half;
    Dim batch;
    Value *value;
  };

  RotaryHalfTables halves;
  /// The caches made so far in this run; few (one per table and batch).
  std::vector<Expanded> expanded;
};

} // namespace

std::optional<RotaryEmbeddingMatch> matchRotaryEmbedding(Operation &add, ir::PatternRewriter &rw) {
  if (add.getNumOperands() != 2 || add.getNumResults() != 1) {
    rw.notifyMatchFailure(add, "not a binary Add");
    return std::nullopt;
  }
  for (unsigned order = 0; order != 2; ++order) {
    Operation *direct = ir::definedBy(add.getOperand(order), "onnx.Mul");
    Operation *rotated = ir::definedBy(add.getOperand(1 - order), "onnx.Mul");
    if (!direct || !rotated || direct == rotated || direct->getNumOperands() != 2 ||
        rotated->getNumOperands() != 2) {
      rw.notifyMatchFailure(add, "the operands are not two binary Muls");
      continue;
    }
    if (!direct->getResult(0)->hasOneUse() || !rotated->getResult(0)->hasOneUse()) {
      rw.notifyMatchFailure(add, "a product has other uses");
      continue;
    }
    for (unsigned side = 0; side != 2; ++side) {
      RotaryEmbeddingMatch m;
      m.q = rotatedHalf(add, rw, rotated->getOperand(side), m.dead);
      if (!m.q)
        continue;
      m.sin = rotated->getOperand(1 - side);
      m.cos = ir::otherOperand(direct, m.q);
      if (!m.cos || m.cos == m.q) {
        rw.notifyMatchFailure(add, "the other product is not q times a table");
        continue;
      }
      const Type &type = m.q->getType();
      if (add.getResult(0)->getType() != type || direct->getResult(0)->getType() != type ||
          rotated->getResult(0)->getType() != type) {
        rw.notifyMatchFailure(add, "a product or the sum does not have q's type");
        continue;
      }
      if (!isRotaryTable(m.cos, type) || !isRotaryTable(m.sin, type)) {
        rw.notifyMatchFailure(add, "cos or sin is not a [B or 1, 1, S, D] table of q's type "
                                   "with provably equal halves");
        continue;
      }
      m.dead.insert(m.dead.begin(), {direct, rotated});
      return m;
    }
  }
  return std::nullopt;
}

Value *RotaryHalfTables::get(ir::PatternRewriter &rw, Value *c, Value *q) {
  ir::Block *block = rw.getInsertionBlock();
  const Type &qt = q->getType();
  Dim seq = qt.getShape()[2];
  int64_t half = qt.getShape()[3].getSize() / 2;
  Dim tableBatch = c->getType().getShape()[0];
  DType dtype = qt.getDType();
  // The [B', S, D] table the unsqueeze over heads came from, if any.
  Operation *unsqueeze = ir::definedBy(c, "onnx.Unsqueeze");
  std::optional<llvm::SmallVector<int64_t, 4>> axes =
      unsqueeze && unsqueeze->getNumOperands() == 2 ? constantInts(unsqueeze->getOperand(1))
                                                    : std::nullopt;
  Value *table3 = axes && axes->size() == 1 && ((*axes)[0] == 1 || (*axes)[0] == -3)
                      ? unsqueeze->getOperand(0)
                      : nullptr;
  Value *key = table3 ? table3 : c;
  for (const Entry &e : entries)
    if (e.table == key && e.block == block)
      return e.half;
  if (!table3)
    table3 = rw.createValue("onnx.Squeeze", {c, rw.createI64s({1})},
                            Type::tensor(dtype, {tableBatch, seq, qt.getShape()[3]}));
  Value *value =
      rw.createValue("onnx.Slice",
                     {table3, rw.createI64s({0}), rw.createI64s({half}), rw.createI64s({2})},
                     Type::tensor(dtype, {tableBatch, seq, Dim(half)}));
  entries.push_back({key, block, value});
  return value;
}

void addRotaryEmbeddingFusion(ir::PatternSet &patterns) {
  patterns.add<RotaryEmbeddingFusion>();
}

} // namespace pt2onnx::passes
