//===- Distances.cpp - Distances, cosine similarity, their losses, renorm ----===//
//
// As torch's ATen kernels compute them, from `aten.linalg_vector_norm`
// (which the lowering takes whole) and elementwise ops:
//
//   dist(a, b, p)                  ||a - b||_p over every element
//   pairwise_distance(a, b, p, eps, keepdim)
//                                  ||a - b + eps||_p over the last dim
//   cosine_similarity(a, b, dim, eps)
//                                  sum(a / max(||a||, eps) * b / max(||b||, eps), dim),
//                                  a and b broadcast first
//   cosine_embedding_loss(a, b, y, margin, reduction)
//                                  cos = sum(a b) / sqrt((sum(a a) + 1e-12)(sum(b b) + 1e-12))
//                                  along dim y.dim(); 1 - cos where y = 1,
//                                  max(cos - margin, 0) where y = -1, else 0
//   triplet_margin_loss(a, p, n, margin, norm, eps, swap, reduction)
//                                  max(margin + d(a, p) - d(a, n), 0), d the
//                                  pairwise distance (d(a, n) the least of it
//                                  and d(p, n) with swap)
//   _euclidean_dist(a, b)          cdist's matrix-product form of the 2-norm
//   renorm(x, p, dim, maxnorm)     x * (maxnorm / (norm + 1e-7)) where the
//                                  p-norm of a slice along dim exceeds
//                                  maxnorm, x elsewhere
//
// The losses reduce as torch's reductions do (0 none, 1 mean, 2 sum). Only
// floating tensors are taken (torch's norms refuse the others).
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "ir/numerics/DenseAccess.h"
#include "passes/decompose/Decompositions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

using Operands = llvm::ArrayRef<std::pair<llvm::StringRef, Value *>>;

bool isFloatingRankedTensor(const Value *value) {
  return value && value->getType().isTensor() && value->getType().isRanked() &&
         isFloatingPoint(value->getType().getDType());
}

int64_t rankOf(const Value *value) { return int64_t(value->getType().getRank()); }

/// Builds the ops of one decomposition, all in the result's dtype.
struct Builder {
  ir::PatternRewriter &rw;
  DType dtype;

  Value *op(llvm::StringRef key, Operands operands, llvm::ArrayRef<ir::NamedAttribute> attrs = {}) {
    return buildAten(rw, key, operands, attrs, dtype);
  }
  Value *binary(llvm::StringRef key, Value *self, Value *other) {
    return op(key, {{"self", self}, {"other", other}});
  }
  Value *scalar(llvm::StringRef key, Value *self, double other) {
    return op(key, {{"self", self}}, {{"other", Attribute::floating(other)}});
  }
  Value *clampMin(Value *self, double min) {
    return op("aten.clamp_min.default", {{"self", self}}, {{"min", Attribute::floating(min)}});
  }
  Value *sum(Value *self, int64_t dim) {
    return op("aten.sum.dim_IntList", {{"self", self}}, {{"dim", Attribute::intList({dim})}});
  }
  /// The `p`-norm over `dims` (every dim when empty).
  Value *norm(Value *self, double p, llvm::ArrayRef<int64_t> dims, bool keepdim) {
    llvm::SmallVector<ir::NamedAttribute, 3> attrs{{"ord", Attribute::floating(p)},
                                                   {"keepdim", Attribute::boolean(keepdim)}};
    if (!dims.empty())
      attrs.push_back({"dim", Attribute::intList(dims)});
    return op("aten.linalg_vector_norm.default", {{"self", self}}, attrs);
  }
  /// pairwise_distance(a, b, p, eps, keepdim) of tensors of rank 1 or more.
  Value *pairwiseDistance(Value *a, Value *b, double p, double eps, bool keepdim) {
    int64_t rank = std::max(rankOf(a), rankOf(b));
    Value *difference = scalar("aten.add.Scalar", binary("aten.sub.Tensor", a, b), eps);
    return norm(difference, p, {rank - 1}, keepdim);
  }
  /// torch's loss reduction of `loss`: 0 none, 1 mean, 2 sum.
  Value *reduce(Value *loss, int64_t reduction) {
    if (reduction == 0)
      return loss;
    return op(reduction == 1 ? "aten.mean.default" : "aten.sum.default", {{"self", loss}});
  }
};

/// `value` as `type` where only the form of its type may differ.
Value *asResult(ir::PatternRewriter &rw, Value *value, const ir::Type &type) {
  if (value->getType() == type)
    return value;
  return createAtenOp(rw, "aten.alias.default", {{"self", value}}, {}, {type})->getResult(0);
}

/// The result's dtype, when it is floating; nullopt after notifying.
std::optional<DType> floatingResult(ir::Operation &root, ir::PatternRewriter &rw) {
  const ir::Type &type = root.getResult(0)->getType();
  if (!type.isTensor() || !isFloatingPoint(type.getDType())) {
    rw.notifyMatchFailure(root, "the result is not a floating tensor");
    return std::nullopt;
  }
  return type.getDType();
}

/// A loss reduction torch knows, or nullopt after notifying.
std::optional<int64_t> lossReduction(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> reduction = getIntArg(root, "reduction");
  if (!reduction || *reduction < 0 || *reduction > 2) {
    rw.notifyMatchFailure(root, "`reduction` is not none, mean or sum");
    return std::nullopt;
  }
  return reduction;
}

// aten.dist.default(self, other, p=2)
bool decomposeDist(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  Value *other = getTensorArg(root, "other");
  std::optional<DType> dtype = floatingResult(root, rw);
  std::optional<double> p = getFloatArg(root, "p");
  if (!dtype)
    return false;
  if (!isFloatingRankedTensor(self) || !isFloatingRankedTensor(other) || !p)
    return rw.notifyMatchFailure(root, "`self` or `other` is not a floating tensor");
  Builder b{rw, *dtype};
  Value *norm = b.norm(b.binary("aten.sub.Tensor", self, other), *p, {}, false);
  rw.replaceOp(&root, {asResult(rw, norm, root.getResult(0)->getType())});
  return true;
}

// aten.pairwise_distance.default(x1, x2, p=2, eps=1e-6, keepdim=False)
bool decomposePairwiseDistance(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x1 = getTensorArg(root, "x1");
  Value *x2 = getTensorArg(root, "x2");
  std::optional<DType> dtype = floatingResult(root, rw);
  if (!dtype)
    return false;
  if (!isFloatingRankedTensor(x1) || !isFloatingRankedTensor(x2) ||
      std::max(rankOf(x1), rankOf(x2)) == 0)
    return rw.notifyMatchFailure(root, "`x1` or `x2` is not a floating tensor with dims");
  Builder b{rw, *dtype};
  Value *distance = b.pairwiseDistance(x1, x2, *getFloatArg(root, "p"), *getFloatArg(root, "eps"),
                                       getBoolArg(root, "keepdim"));
  rw.replaceOp(&root, {asResult(rw, distance, root.getResult(0)->getType())});
  return true;
}

// aten.cosine_similarity.default(x1, x2, dim=1, eps=1e-8)
bool decomposeCosineSimilarity(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x1 = getTensorArg(root, "x1");
  Value *x2 = getTensorArg(root, "x2");
  std::optional<DType> dtype = floatingResult(root, rw);
  if (!dtype)
    return false;
  if (!isFloatingRankedTensor(x1) || !isFloatingRankedTensor(x2) ||
      x1->getType().getDType() != *dtype || x2->getType().getDType() != *dtype)
    return rw.notifyMatchFailure(root, "`x1` or `x2` is not a tensor of the result's dtype");
  // Operands of different shapes are each broadcast to the other's shape
  // first, as their norms are over the broadcast dim: where(true, a, b) has
  // a's values in the shape of both, of static or dynamic sizes alike.
  if (!llvm::equal(x1->getType().getShape(), x2->getType().getShape())) {
    Value *always = rw.createConstant(numerics::makeDenseInt(DType::Bool, {}, {1}));
    auto spread = [&](Value *values, Value *other) {
      return buildAten(rw, "aten.where.self",
                       {{"condition", always}, {"self", values}, {"other", other}}, {}, *dtype);
    };
    Value *spread1 = spread(x1, x2);
    Value *spread2 = spread(x2, x1);
    x1 = spread1;
    x2 = spread2;
  }
  int64_t rank = int64_t(x1->getType().getRank());
  // Of scalars (whose dim torch has checked is 0 or -1) the similarity is
  // that of one-element vectors.
  bool scalars = rank == 0;
  std::optional<int64_t> dim = scalars ? 0 : numerics::normalizeAxis(*getIntArg(root, "dim"), rank);
  if (!dim)
    return rw.notifyMatchFailure(root, "`dim` is not a dim of the broadcast inputs");
  if (scalars) {
    x1 = unsqueezeAt(rw, x1, {0});
    x2 = unsqueezeAt(rw, x2, {0});
  }
  double eps = *getFloatArg(root, "eps");
  Builder b{rw, *dtype};
  auto normalized = [&](Value *x) {
    return b.binary("aten.div.Tensor", x, b.clampMin(b.norm(x, 2.0, {*dim}, true), eps));
  };
  Value *unit1 = normalized(x1);
  Value *unit2 = normalized(x2);
  Value *product = b.binary("aten.mul.Tensor", unit1, unit2);
  rw.replaceOp(&root, {asResult(rw, b.sum(product, *dim), root.getResult(0)->getType())});
  return true;
}

// aten.cosine_embedding_loss.default(input1, input2, target, margin=0, reduction=1)
bool decomposeCosineEmbeddingLoss(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x1 = getTensorArg(root, "input1");
  Value *x2 = getTensorArg(root, "input2");
  Value *target = getTensorArg(root, "target");
  std::optional<DType> dtype = floatingResult(root, rw);
  if (!dtype)
    return false;
  std::optional<int64_t> reduction = lossReduction(root, rw);
  if (!reduction)
    return false;
  if (!isFloatingRankedTensor(x1) || !isFloatingRankedTensor(x2) || !target ||
      !target->getType().isRanked())
    return rw.notifyMatchFailure(root, "an input is not a tensor of known rank");
  int64_t dim = rankOf(target);
  if (dim > 1 || rankOf(x1) != dim + 1 || rankOf(x2) != dim + 1)
    return rw.notifyMatchFailure(root, "the inputs are not of one rank more than `target`");
  Builder b{rw, *dtype};
  auto sumOfProduct = [&](Value *a, Value *c) {
    return b.sum(b.binary("aten.mul.Tensor", a, c), dim);
  };
  Value *magnitude1 = b.scalar("aten.add.Scalar", sumOfProduct(x1, x1), 1e-12);
  Value *magnitude2 = b.scalar("aten.add.Scalar", sumOfProduct(x2, x2), 1e-12);
  Value *denominator =
      b.op("aten.sqrt.default", {{"self", b.binary("aten.mul.Tensor", magnitude1, magnitude2)}});
  Value *cos = b.binary("aten.div.Tensor", sumOfProduct(x1, x2), denominator);
  Value *positive = b.scalar("aten.rsub.Scalar", cos, 1.0);
  Value *negative = b.clampMin(b.scalar("aten.sub.Scalar", cos, *getFloatArg(root, "margin")), 0.0);
  auto where = [&](int64_t label, Value *loss) {
    Value *isLabel = buildAten(rw, "aten.eq.Scalar", {{"self", target}},
                               {{"other", Attribute::integer(label)}}, DType::Bool);
    return b.op("aten.where.ScalarOther", {{"condition", isLabel}, {"self", loss}},
                {{"other", Attribute::floating(0.0)}});
  };
  Value *positiveLoss = where(1, positive);
  Value *negativeLoss = where(-1, negative);
  Value *loss = b.binary("aten.add.Tensor", positiveLoss, negativeLoss);
  rw.replaceOp(&root, {asResult(rw, b.reduce(loss, *reduction), root.getResult(0)->getType())});
  return true;
}

// aten.triplet_margin_loss.default(anchor, positive, negative, margin=1, p=2,
// eps=1e-6, swap=False, reduction=1)
bool decomposeTripletMarginLoss(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *anchor = getTensorArg(root, "anchor");
  Value *positive = getTensorArg(root, "positive");
  Value *negative = getTensorArg(root, "negative");
  std::optional<DType> dtype = floatingResult(root, rw);
  if (!dtype)
    return false;
  std::optional<int64_t> reduction = lossReduction(root, rw);
  if (!reduction)
    return false;
  if (!isFloatingRankedTensor(anchor) || !isFloatingRankedTensor(positive) ||
      !isFloatingRankedTensor(negative))
    return rw.notifyMatchFailure(root, "an input is not a floating tensor of known rank");
  int64_t rank = rankOf(anchor);
  if (rank == 0 || rankOf(positive) != rank || rankOf(negative) != rank)
    return rw.notifyMatchFailure(root, "the inputs are not of one rank with dims");
  double p = *getFloatArg(root, "p"), eps = *getFloatArg(root, "eps");
  Builder b{rw, *dtype};
  Value *toPositive = b.pairwiseDistance(anchor, positive, p, eps, false);
  Value *toNegative = b.pairwiseDistance(anchor, negative, p, eps, false);
  if (getBoolArg(root, "swap"))
    toNegative = b.binary("aten.minimum.default", toNegative,
                          b.pairwiseDistance(positive, negative, p, eps, false));
  Value *margin = b.scalar("aten.add.Scalar", toPositive, *getFloatArg(root, "margin"));
  Value *loss = b.clampMin(b.binary("aten.sub.Tensor", margin, toNegative), 0.0);
  rw.replaceOp(&root, {asResult(rw, b.reduce(loss, *reduction), root.getResult(0)->getType())});
  return true;
}

// aten._euclidean_dist.default(x1, x2): cdist's matrix-product form,
// sqrt(max([-2 x1, |x1|^2, 1] @ [x2, 1, |x2|^2]^T, 0)) over the last dim.
bool decomposeEuclideanDist(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x1 = getTensorArg(root, "x1");
  Value *x2 = getTensorArg(root, "x2");
  std::optional<DType> dtype = floatingResult(root, rw);
  if (!dtype)
    return false;
  if (!isFloatingRankedTensor(x1) || !isFloatingRankedTensor(x2) || rankOf(x1) < 2 ||
      rankOf(x2) < 2 || x1->getType().getDType() != *dtype || x2->getType().getDType() != *dtype)
    return rw.notifyMatchFailure(root, "`x1` or `x2` is not a matrix of the result's dtype");
  Builder b{rw, *dtype};
  auto squaredNorm = [&](Value *x) {
    Value *square =
        b.op("aten.pow.Tensor_Scalar", {{"self", x}}, {{"exponent", Attribute::floating(2.0)}});
    return b.op("aten.sum.dim_IntList", {{"self", square}},
                {{"dim", Attribute::intList({-1})}, {"keepdim", Attribute::boolean(true)}});
  };
  auto concat = [&](Value *a, Value *c, Value *d) {
    return b.op("aten.cat.default", {{"tensors", a}, {"tensors", c}, {"tensors", d}},
                {{"dim", Attribute::integer(-1)}});
  };
  Value *norm1 = squaredNorm(x1);
  Value *pad1 = b.op("aten.ones_like.default", {{"self", norm1}});
  Value *norm2 = squaredNorm(x2);
  Value *pad2 = b.op("aten.ones_like.default", {{"self", norm2}});
  Value *rows = concat(b.scalar("aten.mul.Scalar", x1, -2.0), norm1, pad1);
  Value *columns = concat(x2, pad2, norm2);
  Value *transposed = b.op("aten.transpose.int", {{"self", columns}},
                           {{"dim0", Attribute::integer(-2)}, {"dim1", Attribute::integer(-1)}});
  Value *squares = b.clampMin(b.binary("aten.matmul.default", rows, transposed), 0.0);
  Value *result =
      createAtenOp(rw, "aten.sqrt.default", {{"self", squares}}, {}, {root.getResult(0)->getType()})
          ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

// aten.renorm.default(self, p, dim, maxnorm)
bool decomposeRenorm(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  std::optional<DType> dtype = floatingResult(root, rw);
  if (!dtype)
    return false;
  // Half-precision tensors are normed in float32 by torch.
  if (!isFloatingRankedTensor(self) || (*dtype != DType::Float32 && *dtype != DType::Float64))
    return rw.notifyMatchFailure(root, "`self` is not a float32 or float64 tensor");
  int64_t rank = rankOf(self);
  std::optional<int64_t> dim = numerics::normalizeAxis(*getIntArg(root, "dim"), rank);
  std::optional<double> p = getFloatArg(root, "p");
  std::optional<double> maxnorm = getFloatArg(root, "maxnorm");
  if (rank < 2 || !dim || !p || !maxnorm)
    return rw.notifyMatchFailure(root, "`self` has fewer than two dims or `dim` is not one");
  llvm::SmallVector<int64_t, 4> others;
  for (int64_t i = 0; i < rank; ++i)
    if (i != *dim)
      others.push_back(i);
  Builder b{rw, *dtype};
  Value *norm = b.norm(self, *p, others, true);
  Value *limit = b.op("aten.full_like.default", {{"self", norm}},
                      {{"fill_value", Attribute::floating(*maxnorm)}});
  Value *scale = b.binary("aten.div.Tensor", limit, b.scalar("aten.add.Scalar", norm, 1e-7));
  Value *exceeds = buildAten(rw, "aten.gt.Scalar", {{"self", norm}},
                             {{"other", Attribute::floating(*maxnorm)}}, DType::Bool);
  Value *factor = b.op("aten.where.ScalarOther", {{"condition", exceeds}, {"self", scale}},
                       {{"other", Attribute::floating(1.0)}});
  Value *result = createAtenOp(rw, "aten.mul.Tensor", {{"self", self}, {"other", factor}}, {},
                               {root.getResult(0)->getType()})
                      ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addDistanceDecompositions(DecompositionTable &table) {
  table.add("aten._euclidean_dist.default", {"distances", decomposeEuclideanDist});
  table.add("aten.cosine_embedding_loss.default", {"distances", decomposeCosineEmbeddingLoss});
  table.add("aten.cosine_similarity.default", {"distances", decomposeCosineSimilarity});
  table.add("aten.dist.default", {"distances", decomposeDist});
  table.add("aten.pairwise_distance.default", {"distances", decomposePairwiseDistance});
  table.add("aten.renorm.default", {"distances", decomposeRenorm});
  table.add("aten.triplet_margin_loss.default", {"distances", decomposeTripletMarginLoss});
}

} // namespace pt2onnx::passes
