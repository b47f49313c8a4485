//===- MarginLoss.cpp - multi_margin_loss and multilabel_margin_loss ---------===//
//
// The multi-class hinge losses over the C class scores of each sample (a
// [N, C] `self`, or one sample [C] or a single score [] that count as N = 1),
// computed as torch's kernels do, with the margin term (1 - x[y]) + x[k]:
//
//   multi_margin_loss(self, target [N], p, margin, weight)
//     sum over classes k != y of max(margin - x[y] + x[k], 0)^p, times
//     weight[y], over C; `target` holds one class y per sample
//   multilabel_margin_loss(self, target [N, C])
//     sum over the target classes y and the classes k not among them of
//     max(1 - x[y] + x[k], 0), over C; `target` lists the classes of a
//     sample up to its first -1 (a class listed twice counts twice)
//
// The picked scores are `aten.gather`s; the classes a term covers are
// masks comparing `aten.arange(C)` with the targets (the listed part of a
// multilabel target: a cumulative count of -1s still 0). Reduction 0 keeps
// one loss per sample, 1 is their mean and 2 their sum. C must be static,
// p 1 or 2 (torch's only ones) and `self` floating; otherwise the op stays.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// Builds the ops of a margin loss: results of inferred shape, of the
/// first operand's dtype unless an op fixes it or `dtype` is given.
class MarginLossBuilder {
public:
  explicit MarginLossBuilder(ir::PatternRewriter &rw) : rw(rw) {}

  ir::Value *op(llvm::StringRef key, llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> args,
                llvm::ArrayRef<ir::NamedAttribute> attrs = {},
                std::optional<ir::DType> dtype = std::nullopt) {
    return buildAten(rw, key, args, attrs,
                     dtype.value_or(args.front().second->getType().getDType()));
  }
  ir::Value *binary(llvm::StringRef key, ir::Value *self, ir::Value *other) {
    return op(key, {{"self", self}, {"other", other}});
  }
  /// A comparison or logical op, of bool.
  ir::Value *predicate(llvm::StringRef key,
                       llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> args,
                       llvm::ArrayRef<ir::NamedAttribute> attrs = {}) {
    return op(key, args, attrs, ir::DType::Bool);
  }
  ir::Value *unsqueeze(ir::Value *self, int64_t dim) {
    return op("aten.unsqueeze.default", {{"self", self}}, {{"dim", ir::Attribute::integer(dim)}});
  }
  /// `self` along `dim` at the indices `index`.
  ir::Value *gather(ir::Value *self, int64_t dim, ir::Value *index) {
    return op("aten.gather.default", {{"self", self}, {"index", index}},
              {{"dim", ir::Attribute::integer(dim)}});
  }
  /// `[0, 1, ... n-1]`, int64.
  ir::Value *arange(int64_t n) {
    return buildAten(
        rw, "aten.arange.default", {},
        {{"end", ir::Attribute::integer(n)}, {"dtype", ir::Attribute::dtype(ir::DType::Int64)}},
        ir::DType::Int64);
  }
  /// max(base - picked + scores, 0): torch's (base - x[y]) + x[k].
  ir::Value *hinge(double base, ir::Value *picked, ir::Value *scores) {
    ir::Value *rest =
        op("aten.rsub.Scalar", {{"self", picked}}, {{"other", ir::Attribute::floating(base)}});
    return op("aten.relu.default", {{"self", binary("aten.add.Tensor", rest, scores)}});
  }
  /// `condition ? self : 0`.
  ir::Value *maskOut(ir::Value *condition, ir::Value *self) {
    ir::DType type = self->getType().getDType();
    return op("aten.where.ScalarOther", {{"condition", condition}, {"self", self}},
              {{"other",
                isFloatingPoint(type) ? ir::Attribute::floating(0.0) : ir::Attribute::integer(0)}},
              type);
  }
  ir::Value *sum(ir::Value *self, llvm::ArrayRef<int64_t> dims) {
    return op("aten.sum.dim_IntList", {{"self", self}}, {{"dim", ir::Attribute::intList(dims)}});
  }

  ir::PatternRewriter &rw;
};

/// The checks both losses share; the number of classes C, or nullopt after
/// notifying why not.
std::optional<int64_t> classCount(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  const ir::Type &resultType = root.getResult(0)->getType();
  auto decline = [&](const char *why) -> std::optional<int64_t> {
    rw.notifyMatchFailure(root, why);
    return std::nullopt;
  };
  if (!self || !target || !self->getType().isTensor() || !self->getType().isRanked() ||
      !target->getType().isTensor() || !target->getType().isRanked())
    return decline("the rank of `self` or `target` is not known");
  const ir::Type &type = self->getType();
  if (!isFloatingPoint(type.getDType()) || resultType.getDType() != type.getDType() ||
      !isIntegral(target->getType().getDType()))
    return decline("`self` is not floating point or `target` does not hold classes");
  if (type.getRank() > 2)
    return decline("`self` has a rank above 2");
  std::optional<int64_t> reduction = getIntArg(root, "reduction");
  if (!reduction || *reduction < 0 || *reduction > 2)
    return decline("`reduction` is not 0, 1 or 2");
  if (type.getRank() == 0)
    return 1;
  const ir::Dim &classes = type.getShape()[type.getRank() - 1];
  if (!classes.isStatic())
    return decline("the number of classes is not static");
  return classes.getSize();
}

/// `value` with leading unit dims up to rank `rank`.
ir::Value *toRank(MarginLossBuilder &b, ir::Value *value, size_t rank) {
  while (value->getType().getRank() < rank)
    value = b.unsqueeze(value, 0);
  return value;
}

/// The per-sample losses [N] over C, reduced as `reduction` says into the
/// root's result. Unreduced, the loss of a `self` of rank below 2 is a
/// scalar, as torch's kernels give it (its shape function says [1]).
void finish(ir::Operation &root, ir::PatternRewriter &rw, MarginLossBuilder &b, ir::Value *losses,
            int64_t classes) {
  ir::Value *perSample = b.op("aten.div.Scalar", {{"self", losses}},
                              {{"other", ir::Attribute::floating(double(classes))}});
  ir::Type resultType = root.getResult(0)->getType();
  int64_t reduction = *getIntArg(root, "reduction");
  ir::Value *result;
  if (reduction == 0) {
    bool oneSample = getTensorArg(root, "self")->getType().getRank() < 2;
    if (oneSample)
      resultType = resultType.withShape({});
    result =
        createAtenOp(rw, "aten.reshape.default", {{"self", perSample}},
                     {{"shape", ir::Attribute::intList(oneSample ? llvm::ArrayRef<int64_t>{}
                                                                 : llvm::ArrayRef<int64_t>{-1})}},
                     {resultType})
            ->getResult(0);
  } else {
    result = createAtenOp(rw, reduction == 1 ? "aten.mean.default" : "aten.sum.default",
                          {{"self", perSample}}, {}, {resultType})
                 ->getResult(0);
  }
  rw.replaceOp(&root, {result});
}

bool decomposeMultiMarginLoss(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> classes = classCount(root, rw);
  if (!classes)
    return false;
  std::optional<int64_t> p = getIntArg(root, "p");
  std::optional<double> margin = getFloatArg(root, "margin");
  if (!p || (*p != 1 && *p != 2) || !margin)
    return rw.notifyMatchFailure(root, "`p` is not 1 or 2, or `margin` is not a number");
  ir::Value *weight = getTensorArg(root, "weight");
  ir::Value *target = getTensorArg(root, "target");
  ir::DType dtype = root.getResult(0)->getType().getDType();
  if (target->getType().getRank() > 1 ||
      (weight && (weight->getType() != ir::Type::tensor(dtype, {ir::Dim(*classes)}))))
    return rw.notifyMatchFailure(root, "`target` or `weight` does not fit `self`");
  MarginLossBuilder b(rw);
  ir::Value *scores = toRank(b, getTensorArg(root, "self"), 2); // [N, C]
  ir::Value *classOf = b.unsqueeze(toRank(b, target, 1), 1);    // [N, 1]
  ir::Value *picked = b.gather(scores, 1, classOf);             // [N, 1]
  ir::Value *terms = b.hinge(*margin, picked, scores);          // [N, C]
  if (*p == 2)
    terms = b.binary("aten.mul.Tensor", terms, terms);
  if (weight) {
    ir::Value *weightOf =
        b.op("aten.index_select.default", {{"self", weight}, {"index", toRank(b, target, 1)}},
             {{"dim", ir::Attribute::integer(0)}});
    terms = b.binary("aten.mul.Tensor", terms, b.unsqueeze(weightOf, 1));
  }
  ir::Value *others =
      b.predicate("aten.ne.Tensor", {{"self", b.arange(*classes)}, {"other", classOf}});
  finish(root, rw, b, b.sum(b.maskOut(others, terms), {1}), *classes);
  return true;
}

bool decomposeMultilabelMarginLoss(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> classes = classCount(root, rw);
  if (!classes)
    return false;
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  if (target->getType().getShape() != self->getType().getShape())
    return rw.notifyMatchFailure(root, "`target` does not have the shape of `self`");
  MarginLossBuilder b(rw);
  ir::Value *scores = toRank(b, self, 2); // [N, C]
  if (target->getType().getDType() != ir::DType::Int64)
    target = b.op("aten.to.dtype", {{"self", target}},
                  {{"dtype", ir::Attribute::dtype(ir::DType::Int64)}}, ir::DType::Int64);
  ir::Value *targets = toRank(b, target, 2); // [N, C]
  // A target is listed while no -1 precedes or is it.
  ir::Value *ends =
      b.predicate("aten.eq.Scalar", {{"self", targets}}, {{"other", ir::Attribute::integer(-1)}});
  ir::Value *endsSoFar =
      b.op("aten.cumsum.default", {{"self", ends}},
           {{"dim", ir::Attribute::integer(1)}, {"dtype", ir::Attribute::dtype(ir::DType::Int64)}},
           ir::DType::Int64);
  ir::Value *listed =
      b.predicate("aten.eq.Scalar", {{"self", endsSoFar}}, {{"other", ir::Attribute::integer(0)}});
  ir::Value *classOf = b.maskOut(listed, targets); // [N, P]
  // isTarget[n, k]: class k is listed for sample n.
  ir::Value *matches = b.predicate(
      "aten.eq.Tensor", {{"self", b.unsqueeze(classOf, 2)}, {"other", b.arange(*classes)}});
  ir::Value *listedMatches = b.predicate("aten.logical_and.default",
                                         {{"self", matches}, {"other", b.unsqueeze(listed, 2)}});
  ir::Value *isTarget = b.predicate("aten.any.dim", {{"self", listedMatches}},
                                    {{"dim", ir::Attribute::integer(1)}});         // [N, C]
  ir::Value *picked = b.gather(scores, 1, classOf);                                // [N, P]
  ir::Value *terms = b.hinge(1.0, b.unsqueeze(picked, 2), b.unsqueeze(scores, 1)); // [N, P, C]
  ir::Value *covered = b.predicate(
      "aten.logical_and.default",
      {{"self", b.unsqueeze(listed, 2)},
       {"other", b.unsqueeze(b.predicate("aten.logical_not.default", {{"self", isTarget}}), 1)}});
  finish(root, rw, b, b.sum(b.maskOut(covered, terms), {1, 2}), *classes);
  return true;
}

} // namespace

void addMarginLossDecompositions(DecompositionTable &table) {
  table.add("aten.multi_margin_loss.default", {"loss", decomposeMultiMarginLoss});
  table.add("aten.multilabel_margin_loss.default", {"loss", decomposeMultilabelMarginLoss});
}

} // namespace pt2onnx::passes
