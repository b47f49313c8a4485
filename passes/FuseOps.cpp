//===- FuseOps.cpp - Decomposed forms to the single op the opset has -------===//
//
// In a module lowered to opset 23 or later (the `onnx.opset` lower-aten
// records; below 23, or in a module not lowered, the pass changes nothing),
// replaces two hand-written decompositions of HF models, as
// lower-aten and canonicalize leave them, by one ONNX op: the RMS norm
// (T5LayerNorm, LlamaRMSNorm) `w * Cast(x * Reciprocal(Sqrt(ReduceMean(x *
// x) + eps)))`, x cast up from float16 to float32 or float32 itself,
// becomes `RMSNormalization(x, w, axis=-k, epsilon=eps, stash_type=1)`, and
// Llama's non-interleaved rotary embedding `q * cos + Concat(-q[..., d/2:],
// q[..., :d/2]) * sin` becomes `RotaryEmbedding(q, cos[..., :d/2],
// sin[..., :d/2])`. It assumes ONNX-level ops with their axes as constant
// inputs, and rewrites only what it proves to compute the same values:
// every intermediate of a form is used by the form alone, the element type
// is float32 or float16 (ONNX Runtime 1.23 has neither op for bfloat16),
// the result type is the input's, an RMS weight has exactly the normalized
// shape (ONNX Runtime rejects a broadcast scale; without a weight the scale
// is a constant of ones, so the normalized dims must be static), and the
// two halves of cos and sin are equal because both are computed from
// `Concat(f, f)` by elementwise ops. What the rewrite leaves unused outside
// the matched ops (constants, the full cos and sin) is left to `dce`.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"
#include "ir/pass/Pass.h"
#include "passes/Passes.h"
#include "passes/eval/Tensor.h"
#include "passes/shapes/KnownInts.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::Operation;
using ir::Type;
using ir::Value;

constexpr int64_t kFusedOpset = 23;

/// The op defining `v` when it is named `name`, else null.
Operation *definedBy(Value *v, llvm::StringRef name) {
  Operation *def = v->getDefiningOp();
  return def && def->isa(name) ? def : nullptr;
}

/// The single op using `v` (once), or null.
Operation *soleUser(Value *v) {
  return v->hasOneUse() ? (*v->getUses().begin()).getOwner() : nullptr;
}

/// The operand of the binary `op` that is not `v`, when `v` is one of its
/// two operands.
Value *otherOperand(Operation *op, Value *v) {
  if (op->getNumOperands() != 2)
    return nullptr;
  if (op->getOperand(0) == v)
    return op->getOperand(1);
  return op->getOperand(1) == v ? op->getOperand(0) : nullptr;
}

std::optional<llvm::SmallVector<int64_t, 4>> constantInts(Value *v) {
  Operation *def = definedBy(v, ir::builtin::kConstant);
  return def ? getConstantInts(*def) : std::nullopt;
}

/// The value of a constant with one floating-point element.
std::optional<double> scalarFloat(Value *v) {
  Operation *def = definedBy(v, ir::builtin::kConstant);
  if (!def)
    return std::nullopt;
  std::optional<llvm::SmallVector<double, 4>> values = getConstantFloats(*def);
  if (!values || values->size() != 1)
    return std::nullopt;
  return values->front();
}

/// An omitted optional input: absent, or the `none` value.
bool isAbsent(Operation &op, unsigned i) {
  if (i >= op.getNumOperands())
    return true;
  Operation *def = definedBy(op.getOperand(i), ir::builtin::kConstant);
  const Attribute *value = def ? def->getAttr("value") : nullptr;
  return value && value->isUnit();
}

int64_t intAttr(const Operation &op, llvm::StringRef name, int64_t fallback) {
  const Attribute *a = op.getAttr(name);
  return a && a->getKind() == Attribute::Kind::Int ? a->getInt() : fallback;
}

/// A ranked float32 or float16 tensor type.
bool isFusableFloat(const Type &t) {
  return t.isTensor() && t.isRanked() &&
         (t.getDType() == DType::Float32 || t.getDType() == DType::Float16);
}

bool sameDim(const Dim &a, const Dim &b) { return !a.isUnknown() && a == b; }

/// Whether every use of `v` is an operand of one of `users`.
bool onlyUsedBy(Value *v, llvm::ArrayRef<Operation *> users) {
  return llvm::all_of(v->getUses(), [&](const ir::OpOperand &use) {
    return llvm::is_contained(users, use.getOwner());
  });
}

class FuseOps : public pass::Pass {
public:
  llvm::StringRef getName() const override { return "fuse-ops"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    if (module.getLoweredOpset().value_or(0) < kFusedOpset)
      return false;
    ir::Builder b(module);
    bool changed = false;
    // A fusion erases only the ops of its own form, of which the anchor is
    // the only one of its name, so anchors collected up front stay valid.
    for (Operation *mean : collect(module, "onnx.ReduceMean"))
      changed |= fuseRmsNorm(*mean, b);
    for (Operation *add : collect(module, "onnx.Add"))
      changed |= fuseRotaryEmbedding(*add, b);
    caches.clear();
    return changed;
  }

private:
  static std::vector<Operation *> collect(ir::Module &module, llvm::StringRef name) {
    std::vector<Operation *> ops;
    module.getOperation()->walk([&](Operation *op) {
      if (op->isa(name))
        ops.push_back(op);
    });
    return ops;
  }

  /// A 1-D int64 constant.
  static Value *i64s(ir::Builder &b, llvm::ArrayRef<int64_t> values) {
    ir::DenseElements dense;
    dense.dtype = DType::Int64;
    dense.shape.push_back(int64_t(values.size()));
    for (int64_t v : values)
      for (unsigned byte = 0; byte < 8; ++byte)
        dense.bytes.push_back(uint8_t(uint64_t(v) >> (8 * byte)));
    return b.createConstant(std::move(dense));
  }

  /// Replaces `root`'s result by `value`, which takes its name, and erases
  /// `root` and then `dead` (users before their operands).
  static void replace(ir::Builder &b, Operation *root, Value *value,
                      llvm::ArrayRef<Operation *> dead) {
    value->setName(root->getResult(0)->getName());
    b.replaceOp(root, {value});
    for (Operation *op : dead)
      b.eraseOp(op);
  }

  // ---- RMSNormalization -------------------------------------------------------

  /// `mean` = ReduceMean(Mul(a, a) or Pow(a, 2), last k axes, keepdims=1).
  static bool fuseRmsNorm(Operation &mean, ir::Builder &b) {
    if (mean.getNumOperands() != 2 || mean.getNumResults() != 1 ||
        intAttr(mean, "keepdims", 1) != 1)
      return false;
    Operation *square = mean.getOperand(0)->getDefiningOp();
    if (!square || square->getNumOperands() != 2 || !mean.getOperand(0)->hasOneUse())
      return false;
    Value *a = square->getOperand(0);
    bool isSquare = square->isa("onnx.Mul")   ? square->getOperand(1) == a
                    : square->isa("onnx.Pow") ? scalarFloat(square->getOperand(1)) == 2.0
                                              : false;
    const Type &computeType = a->getType();
    if (!isSquare || !computeType.isTensor() || !computeType.isRanked() ||
        computeType.getDType() != DType::Float32)
      return false;

    // The normalized axes: the last k.
    int64_t rank = int64_t(computeType.getRank());
    std::optional<llvm::SmallVector<int64_t, 4>> axes = constantInts(mean.getOperand(1));
    if (!axes || axes->empty() || int64_t(axes->size()) > rank)
      return false;
    int64_t k = int64_t(axes->size());
    llvm::SmallVector<bool, 4> seen(size_t(rank), false);
    for (int64_t axis : *axes) {
      int64_t d = axis < 0 ? axis + rank : axis;
      if (d < rank - k || d >= rank || seen[size_t(d)])
        return false;
      seen[size_t(d)] = true;
    }

    // + eps, Sqrt, Reciprocal or 1 / _, then x * rstd.
    Value *meanValue = mean.getResult(0);
    Operation *addEps = soleUser(meanValue);
    if (!addEps || !addEps->isa("onnx.Add") ||
        addEps->getResult(0)->getType() != meanValue->getType())
      return false;
    Value *epsValue = otherOperand(addEps, meanValue);
    std::optional<double> eps = epsValue ? scalarFloat(epsValue) : std::nullopt;
    if (!eps)
      return false;
    Operation *sqrt = soleUser(addEps->getResult(0));
    if (!sqrt || !sqrt->isa("onnx.Sqrt"))
      return false;
    Operation *reciprocal = soleUser(sqrt->getResult(0));
    if (!reciprocal || !(reciprocal->isa("onnx.Reciprocal") ||
                         (reciprocal->isa("onnx.Div") && reciprocal->getNumOperands() == 2 &&
                          reciprocal->getOperand(1) == sqrt->getResult(0) &&
                          scalarFloat(reciprocal->getOperand(0)) == 1.0)))
      return false;
    Value *rstd = reciprocal->getResult(0);
    Operation *normalize = soleUser(rstd);
    if (!normalize || !normalize->isa("onnx.Mul"))
      return false;
    Value *normalized = normalize->getResult(0);
    Value *scaled = otherOperand(normalize, rstd);
    if (!scaled || normalized->getType() != computeType)
      return false;

    // x is a float32 input, or a float16 one cast up, then cast back after
    // the normalization; `a` and `scaled` may be two casts of the same x.
    Operation *castUp = definedBy(a, "onnx.Cast");
    Value *x = castUp ? castUp->getOperand(0) : a;
    llvm::SmallVector<Operation *, 3> castsUp;
    if (castUp) {
      if (!isFusableFloat(x->getType()) || x->getType().getDType() != DType::Float16)
        return false;
      Operation *secondCast = scaled == a ? nullptr : definedBy(scaled, "onnx.Cast");
      if (scaled != a && (!secondCast || secondCast->getOperand(0) != x ||
                          scaled->getType() != computeType || !scaled->hasOneUse()))
        return false;
      if (!onlyUsedBy(a, {square, normalize}))
        return false;
      castsUp.push_back(castUp);
      if (secondCast)
        castsUp.push_back(secondCast);
    } else if (scaled != a) {
      return false;
    }
    Value *y = normalized;
    Operation *castDown = nullptr;
    if (castUp) {
      castDown = soleUser(normalized);
      if (!castDown || !castDown->isa("onnx.Cast") ||
          castDown->getResult(0)->getType() != x->getType())
        return false;
      y = castDown->getResult(0);
    }

    // w * y with w of the normalized shape, or a scale of ones.
    DType dtype = x->getType().getDType();
    llvm::ArrayRef<Dim> normalizedDims = x->getType().getShape().take_back(size_t(k));
    Operation *root = castDown ? castDown : normalize;
    Value *scale = nullptr;
    Operation *weighted = soleUser(y);
    Value *weight = weighted && weighted->isa("onnx.Mul") ? otherOperand(weighted, y) : nullptr;
    if (weight && weight != y && weight->getType().isTensor() && weight->getType().isRanked() &&
        weight->getType().getDType() == dtype && weight->getType().getRank() == size_t(k) &&
        llvm::all_of(llvm::zip(weight->getType().getShape(), normalizedDims),
                     [](auto dims) { return sameDim(std::get<0>(dims), std::get<1>(dims)); })) {
      scale = weight;
      root = weighted;
    }
    if (root->getResult(0)->getType() != x->getType())
      return false;

    b.setInsertionPoint(root);
    b.setProvenanceFrom(root);
    if (!scale) {
      llvm::SmallVector<int64_t, 4> shape;
      for (const Dim &d : normalizedDims) {
        if (!d.isStatic())
          return false;
        shape.push_back(d.getSize());
      }
      eval::Tensor ones = eval::Tensor::create(dtype, shape);
      for (int64_t i = 0, e = ones.getNumElements(); i != e; ++i)
        ones.setDouble(i, 1.0);
      scale = b.createConstant(ones.toDense());
    }
    Value *fused = b.create("onnx.RMSNormalization", {x, scale}, {x->getType()},
                            {{"axis", Attribute::integer(-k)},
                             {"epsilon", Attribute::floating(*eps)},
                             {"stash_type", Attribute::integer(1)}})
                       ->getResult(0);
    llvm::SmallVector<Operation *, 10> dead;
    if (root == weighted && castDown)
      dead.push_back(castDown);
    if (root != normalize)
      dead.push_back(normalize);
    dead.append({reciprocal, sqrt, addEps, &mean, square});
    dead.append(castsUp.rbegin(), castsUp.rend());
    replace(b, root, fused, dead);
    return true;
  }

  // ---- RotaryEmbedding --------------------------------------------------------

  /// Whether the two halves of `v`'s last dim are provably equal: `v` is
  /// Concat(f, f) on its last axis, or an elementwise function of such a
  /// value that keeps its last axis.
  static bool hasEqualHalves(Value *v, unsigned depth = 0) {
    Operation *def = v->getDefiningOp();
    if (!def || depth > 8 || def->getNumResults() != 1 || !v->getType().isTensor() ||
        !v->getType().isRanked() || v->getType().getRank() == 0)
      return false;
    int64_t rank = int64_t(v->getType().getRank());
    if (def->isa("onnx.Concat"))
      return def->getNumOperands() == 2 && def->getOperand(0) == def->getOperand(1) &&
             (intAttr(*def, "axis", 0) + rank) % rank == rank - 1;
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

  /// `slice` = Slice(q, [start], [end], [last axis], steps 1 or absent),
  /// where `endOrBeyond` accepts any end from `end` on (Slice clamps it).
  static bool isLastAxisSlice(Operation *slice, Value *q, int64_t start, int64_t end,
                              bool endOrBeyond) {
    if (!slice || !slice->isa("onnx.Slice") || slice->getNumOperands() < 4 ||
        slice->getOperand(0) != q || isAbsent(*slice, 3))
      return false;
    int64_t rank = int64_t(q->getType().getRank());
    auto starts = constantInts(slice->getOperand(1));
    auto ends = constantInts(slice->getOperand(2));
    auto axes = constantInts(slice->getOperand(3));
    if (!starts || !ends || !axes || starts->size() != 1 || ends->size() != 1 ||
        axes->size() != 1 || (*axes)[0] + ((*axes)[0] < 0 ? rank : 0) != rank - 1)
      return false;
    if (!isAbsent(*slice, 4)) {
      auto steps = constantInts(slice->getOperand(4));
      if (!steps || steps->size() != 1 || (*steps)[0] != 1)
        return false;
    }
    return (*starts)[0] == start && (endOrBeyond ? (*ends)[0] >= end : (*ends)[0] == end);
  }

  /// The q whose rotate_half `rot` is: Concat(Neg(q[..., d/2:]), q[..., :d/2])
  /// on the last axis, each piece used there alone.
  static Value *rotatedHalf(Value *rot, llvm::SmallVectorImpl<Operation *> &ops) {
    Operation *cat = definedBy(rot, "onnx.Concat");
    if (!cat || cat->getNumOperands() != 2 || !rot->hasOneUse())
      return nullptr;
    Operation *neg = definedBy(cat->getOperand(0), "onnx.Neg");
    Operation *firstHalf = cat->getOperand(1)->getDefiningOp();
    if (!neg || !firstHalf || !neg->getResult(0)->hasOneUse() ||
        !firstHalf->getResult(0)->hasOneUse())
      return nullptr;
    Operation *secondHalf = neg->getOperand(0)->getDefiningOp();
    if (!secondHalf || !secondHalf->getResult(0)->hasOneUse() || firstHalf->getNumOperands() == 0)
      return nullptr;
    Value *q = firstHalf->getOperand(0);
    const Type &type = q->getType();
    if (!isFusableFloat(type) || type.getRank() != 4 || !type.getShape()[3].isStatic())
      return nullptr;
    int64_t d = type.getShape()[3].getSize();
    if (d == 0 || d % 2 != 0 || (intAttr(*cat, "axis", 0) + 4) % 4 != 3 ||
        !isLastAxisSlice(firstHalf, q, 0, d / 2, false) ||
        !isLastAxisSlice(secondHalf, q, d / 2, d, true))
      return nullptr;
    ops.append({cat, neg, secondHalf, firstHalf});
    return q;
  }

  /// Whether `c` is a cos or sin table for q [B, H, S, D]: [B or 1, 1, S,
  /// D] of q's type, with equal halves.
  static bool isRotaryTable(Value *c, const Type &q) {
    const Type &t = c->getType();
    if (!t.isTensor() || !t.isRanked() || t.getDType() != q.getDType() || t.getRank() != 4)
      return false;
    llvm::ArrayRef<Dim> cs = t.getShape(), qs = q.getShape();
    return (cs[0] == Dim(1) || sameDim(cs[0], qs[0])) && cs[1] == Dim(1) && sameDim(cs[2], qs[2]) &&
           cs[3] == qs[3] && hasEqualHalves(c);
  }

  /// `add` = q * cos + rotate_half(q) * sin, either order everywhere.
  bool fuseRotaryEmbedding(Operation &add, ir::Builder &b) {
    if (add.getNumOperands() != 2 || add.getNumResults() != 1)
      return false;
    for (unsigned order = 0; order != 2; ++order) {
      Operation *direct = definedBy(add.getOperand(order), "onnx.Mul");
      Operation *rotated = definedBy(add.getOperand(1 - order), "onnx.Mul");
      if (!direct || !rotated || direct == rotated || direct->getNumOperands() != 2 ||
          rotated->getNumOperands() != 2 || !direct->getResult(0)->hasOneUse() ||
          !rotated->getResult(0)->hasOneUse())
        continue;
      for (unsigned side = 0; side != 2; ++side) {
        llvm::SmallVector<Operation *, 4> ops;
        Value *q = rotatedHalf(rotated->getOperand(side), ops);
        Value *sin = rotated->getOperand(1 - side);
        Value *cos = q ? otherOperand(direct, q) : nullptr;
        if (!cos || cos == q)
          continue;
        const Type &type = q->getType();
        if (add.getResult(0)->getType() != type || direct->getResult(0)->getType() != type ||
            rotated->getResult(0)->getType() != type || !isRotaryTable(cos, type) ||
            !isRotaryTable(sin, type))
          continue;
        b.setInsertionPoint(&add);
        b.setProvenanceFrom(&add);
        Value *cosCache = halfTable(b, cos, q);
        Value *sinCache = halfTable(b, sin, q);
        Value *fused =
            b.create("onnx.RotaryEmbedding", {q, cosCache, sinCache}, {type})->getResult(0);
        llvm::SmallVector<Operation *, 6> dead = {direct, rotated};
        dead.append(ops);
        replace(b, &add, fused, dead);
        return true;
      }
    }
    return false;
  }

  /// RotaryEmbedding's cache for table `c` [B', 1, S, D] of q [B, H, S,
  /// D]: c[:, 0, :, :D/2], expanded to batch B (ONNX Runtime wants the
  /// cache's batch and sequence dims to be q's). Made once per table, batch
  /// and block.
  Value *halfTable(ir::Builder &b, Value *c, Value *q) {
    ir::Block *block = b.getInsertionBlock();
    const Type &qt = q->getType();
    Dim batch = qt.getShape()[0], seq = qt.getShape()[2];
    int64_t half = qt.getShape()[3].getSize() / 2;
    Dim tableBatch = c->getType().getShape()[0];
    DType dtype = qt.getDType();
    // The [B', S, D] table the unsqueeze over heads came from, if any.
    Operation *unsqueeze = definedBy(c, "onnx.Unsqueeze");
    std::optional<llvm::SmallVector<int64_t, 4>> axes =
        unsqueeze && unsqueeze->getNumOperands() == 2 ? constantInts(unsqueeze->getOperand(1))
                                                      : std::nullopt;
    Value *table3 = axes && axes->size() == 1 && ((*axes)[0] == 1 || (*axes)[0] == -3)
                        ? unsqueeze->getOperand(0)
                        : nullptr;
    Value *key = table3 ? table3 : c;
    for (const Cache &cache : caches)
      if (cache.table == key && cache.block == block && cache.batch == batch)
        return cache.value;
    if (!table3)
      table3 = b.create("onnx.Squeeze", {c, i64s(b, {1})},
                        {Type::tensor(dtype, {tableBatch, seq, qt.getShape()[3]})})
                   ->getResult(0);
    Value *value = b.create("onnx.Slice", {table3, i64s(b, {0}), i64s(b, {half}), i64s(b, {2})},
                            {Type::tensor(dtype, {tableBatch, seq, Dim(half)})})
                       ->getResult(0);
    if (tableBatch != batch) {
      Value *target;
      if (batch.isStatic()) {
        target = i64s(b, {batch.getSize(), 1, 1});
      } else {
        Type shapeType = Type::tensor(DType::Int64, {Dim(1)});
        Value *batchSize =
            b.create("onnx.Shape", {q}, {shapeType},
                     {{"end", Attribute::integer(1)}, {"start", Attribute::integer(0)}})
                ->getResult(0);
        target = b.create("onnx.Concat", {batchSize, i64s(b, {1, 1})},
                          {Type::tensor(DType::Int64, {Dim(3)})}, {{"axis", Attribute::integer(0)}})
                     ->getResult(0);
      }
      value =
          b.create("onnx.Expand", {value, target}, {Type::tensor(dtype, {batch, seq, Dim(half)})})
              ->getResult(0);
    }
    caches.push_back({key, block, batch, value});
    return value;
  }

  struct Cache {
    Value *table;
    ir::Block *block;
    Dim batch;
    Value *value;
  };

  /// The RotaryEmbedding caches made so far; few (one per table and batch).
  std::vector<Cache> caches;
};

} // namespace

void registerFuseOpsPass() {
  pass::registerPass({"fuse-ops",
                      "Replace decomposed RMS norms and rotary embeddings by RMSNormalization and "
                      "RotaryEmbedding in a module lowered to opset 23 or later",
                      {},
                      [](const pass::PassOptions &) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<FuseOps>();
                      }});
}

} // namespace pt2onnx::passes
