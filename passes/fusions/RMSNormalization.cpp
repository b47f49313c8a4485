//===- RMSNormalization.cpp - The RMS norm of HF models as one op ----------===//
//
//   w * Cast(x * Reciprocal(Sqrt(ReduceMean(x * x, last k axes) + eps)))
//                 -> RMSNormalization(x, w, axis=-k, epsilon=eps, stash_type=1)
//
// as T5LayerNorm and LlamaRMSNorm write it, after lower-aten and
// canonicalize. The root is the ReduceMean. Variants: Pow(x, 2) for x * x,
// Div(1, _) for Reciprocal, either operand order of each Mul; x float32, or
// float16 cast up to float32 (once, or once per use) and the result cast
// back. The fusion proves it computes the same values:
//   - every intermediate is used by the form alone;
//   - the squared and normalized value are float32 and the result has x's
//     type;
//   - the weight has exactly the normalized shape (ONNX Runtime rejects a
//     broadcast scale); without one the scale is a constant of ones, so the
//     normalized dims must be static.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "ir/numerics/DenseAccess.h"
#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::DType;
using ir::Operation;
using ir::Value;

/// Whether every use of `v` is an operand of one of `users`.
bool onlyUsedBy(Value *v, llvm::ArrayRef<Operation *> users) {
  return llvm::all_of(v->getUses(), [&](const ir::OpOperand &use) {
    return llvm::is_contained(users, use.getOwner());
  });
}

} // namespace

std::optional<RMSNormMatch> matchRMSNorm(Operation &mean, ir::PatternRewriter &rw) {
  auto fail = [&](const llvm::Twine &reason) -> std::optional<RMSNormMatch> {
    rw.notifyMatchFailure(mean, reason);
    return std::nullopt;
  };
  if (mean.getNumOperands() != 2 || mean.getNumResults() != 1)
    return fail("not a ReduceMean with axes as an input");
  if (ir::intAttr(mean, "keepdims", 1) != 1)
    return fail("keepdims is 0");
  Operation *square = mean.getOperand(0)->getDefiningOp();
  if (!square || square->getNumOperands() != 2)
    return fail("the input is not a binary op");
  if (!mean.getOperand(0)->hasOneUse())
    return fail("the square has other uses");
  Value *a = square->getOperand(0);
  bool isSquare = square->isa("onnx.Mul")   ? square->getOperand(1) == a
                  : square->isa("onnx.Pow") ? scalarFloat(square->getOperand(1)) == 2.0
                                            : false;
  if (!isSquare)
    return fail("the input is not Mul(a, a) or Pow(a, 2)");
  const ir::Type &computeType = a->getType();
  if (!computeType.isTensor() || !computeType.isRanked() ||
      computeType.getDType() != DType::Float32)
    return fail("the squared value is not a ranked float32 tensor");

  // The normalized axes: the last k.
  int64_t rank = int64_t(computeType.getRank());
  std::optional<llvm::SmallVector<int64_t, 4>> axes = constantInts(mean.getOperand(1));
  if (!axes || axes->empty() || int64_t(axes->size()) > rank)
    return fail("the axes are not constant, or empty");
  int64_t k = int64_t(axes->size());
  llvm::SmallVector<bool, 4> seen(size_t(rank), false);
  for (int64_t axis : *axes) {
    std::optional<int64_t> d = numerics::normalizeAxis(axis, rank);
    if (!d || *d < rank - k || seen[size_t(*d)])
      return fail("the axes are not the last " + llvm::Twine(k));
    seen[size_t(*d)] = true;
  }

  // + eps, Sqrt, Reciprocal or 1 / _, then x * rstd.
  Value *meanValue = mean.getResult(0);
  Operation *addEps = ir::soleUser(meanValue);
  if (!addEps || !addEps->isa("onnx.Add") ||
      addEps->getResult(0)->getType() != meanValue->getType())
    return fail("the mean's one use is not an Add of its type");
  Value *epsValue = ir::otherOperand(addEps, meanValue);
  std::optional<double> eps = epsValue ? scalarFloat(epsValue) : std::nullopt;
  if (!eps)
    return fail("epsilon is not a scalar constant");
  Operation *sqrt = ir::soleUser(addEps->getResult(0));
  if (!sqrt || !sqrt->isa("onnx.Sqrt"))
    return fail("mean + eps has another use than one Sqrt");
  Operation *reciprocal = ir::soleUser(sqrt->getResult(0));
  if (!reciprocal || !(reciprocal->isa("onnx.Reciprocal") ||
                       (reciprocal->isa("onnx.Div") && reciprocal->getNumOperands() == 2 &&
                        reciprocal->getOperand(1) == sqrt->getResult(0) &&
                        scalarFloat(reciprocal->getOperand(0)) == 1.0)))
    return fail("the Sqrt's one use is not Reciprocal or 1 / _");
  Value *rstd = reciprocal->getResult(0);
  Operation *normalize = ir::soleUser(rstd);
  if (!normalize || !normalize->isa("onnx.Mul"))
    return fail("rstd has another use than one Mul");
  Value *normalized = normalize->getResult(0);
  Value *scaled = ir::otherOperand(normalize, rstd);
  if (!scaled || normalized->getType() != computeType)
    return fail("x * rstd does not have the squared value's type");

  // x is a float32 input, or a float16 one cast up, then cast back after
  // the normalization; `a` and `scaled` may be two casts of the same x.
  Operation *castUp = ir::definedBy(a, "onnx.Cast");
  Value *x = castUp ? castUp->getOperand(0) : a;
  llvm::SmallVector<Operation *, 3> castsUp;
  if (castUp) {
    if (!isFusableFloat(x->getType()) || x->getType().getDType() != DType::Float16)
      return fail("x is cast up from another type than float16");
    Operation *secondCast = scaled == a ? nullptr : ir::definedBy(scaled, "onnx.Cast");
    if (scaled != a && (!secondCast || secondCast->getOperand(0) != x ||
                        scaled->getType() != computeType || !scaled->hasOneUse()))
      return fail("the normalized value is not a cast of the same x");
    if (!onlyUsedBy(a, {square, normalize}))
      return fail("the cast up of x has uses outside the norm");
    castsUp.push_back(castUp);
    if (secondCast)
      castsUp.push_back(secondCast);
  } else if (scaled != a) {
    return fail("the normalized value is not the squared one");
  }
  Value *y = normalized;
  Operation *castDown = nullptr;
  if (castUp) {
    castDown = ir::soleUser(normalized);
    if (!castDown || !castDown->isa("onnx.Cast") ||
        castDown->getResult(0)->getType() != x->getType())
      return fail("the result is not cast back to x's type alone");
    y = castDown->getResult(0);
  }

  // w * y with w of the normalized shape, or a scale of ones.
  DType dtype = x->getType().getDType();
  llvm::ArrayRef<ir::Dim> normalizedDims = x->getType().getShape().take_back(size_t(k));
  Operation *root = castDown ? castDown : normalize;
  Value *scale = nullptr;
  Operation *weighted = ir::soleUser(y);
  Value *weight =
      weighted && weighted->isa("onnx.Mul") ? ir::otherOperand(weighted, y) : nullptr;
  if (weight && weight != y && weight->getType().isTensor() && weight->getType().isRanked() &&
      weight->getType().getDType() == dtype && weight->getType().getRank() == size_t(k) &&
      llvm::all_of(llvm::zip(weight->getType().getShape(), normalizedDims), [](auto dims) {
        return ir::sameDim(std::get<0>(dims), std::get<1>(dims));
      })) {
    scale = weight;
    root = weighted;
  }
  if (root->getResult(0)->getType() != x->getType())
    return fail("the result type is not x's");

  if (!scale && llvm::any_of(normalizedDims, [](const ir::Dim &d) { return !d.isStatic(); }))
    return fail("no weight of the normalized shape, and a scale of ones needs static dims");

  RMSNormMatch m{x, scale, *eps, k, root, {}, {}};
  // Users before their operands.
  if (root == weighted && castDown)
    m.dead.push_back(castDown);
  if (root != normalize)
    m.dead.push_back(normalize);
  m.dead.append({reciprocal, sqrt, addEps, &mean, square});
  m.dead.append(castsUp.rbegin(), castsUp.rend());
  m.usersOfX = castsUp.empty() ? llvm::SmallVector<Operation *, 2>{square, normalize} : castsUp;
  return m;
}

Value *getRMSNormScale(const RMSNormMatch &m, ir::PatternRewriter &rw) {
  if (m.scale)
    return m.scale;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t count = 1;
  for (const ir::Dim &d : m.x->getType().getShape().take_back(size_t(m.axes))) {
    shape.push_back(d.getSize());
    count *= d.getSize();
  }
  return rw.createConstant(numerics::makeDense(m.x->getType().getDType(), shape,
                                               std::vector<double>(size_t(count), 1.0)));
}

void eraseRMSNormRest(const RMSNormMatch &m, ir::PatternRewriter &rw) {
  for (Operation *op : m.dead)
    rw.eraseOp(op);
}

namespace {

class RMSNormalizationFusion : public ir::RewritePattern {
public:
  RMSNormalizationFusion() : RewritePattern("fuse-rms-normalization", {"onnx.ReduceMean"}) {}

  bool matchAndRewrite(Operation &mean, ir::PatternRewriter &rw) override {
    std::optional<RMSNormMatch> m = matchRMSNorm(mean, rw);
    if (!m)
      return false;
    rw.setInsertionPoint(m->root);
    Value *fused = rw.create("onnx.RMSNormalization", {m->x, getRMSNormScale(*m, rw)},
                             {m->x->getType()},
                             {{"axis", Attribute::integer(-m->axes)},
                              {"epsilon", Attribute::floating(m->epsilon)},
                              {"stash_type", Attribute::integer(1)}})
                       ->getResult(0);
    rw.replaceOp(m->root, {fused});
    eraseRMSNormRest(*m, rw);
    return true;
  }
};

} // namespace

void addRMSNormalizationFusion(ir::PatternSet &patterns) {
  patterns.add<RMSNormalizationFusion>();
}

} // namespace pt2onnx::passes
