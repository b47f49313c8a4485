//===- NllLoss.cpp - nll_loss and cross_entropy over class indices -----------===//
//
// `aten.nll_loss_nd` (and `nll_loss`, `nll_loss2d`, which take the same
// arguments) picks, for each target class index, minus the input's value
// at that class, scaled by the class's weight: self is [C] with a 0-d
// target, or [N, C, d1...] with a target [N, d1...], the classes along dim
// 1 (dim 0 for [C]). Entries whose target is `ignore_index` weigh 0 (their
// index is replaced by 0 before the gather, so that it stays in range).
// Reduction 0 keeps the entries, 2 sums them, and 1 divides that sum by
// the sum of the weights picked, as torch does (NaN when every entry is
// ignored).
//
// `aten.cross_entropy_loss` with class indices and no label smoothing is
// nll_loss_nd of log_softmax over the class dim. Label smoothing e over C
// classes mixes in, as torch does, e / C times the smoothing term: minus
// log_softmax (times the weights) summed over the classes, 0 where the target
// is ignored, reduced as the loss is (a mean divides by the weights picked,
// or the count of entries not ignored, as nll_loss_nd's does); the nll part
// is scaled by 1 - e. With class probabilities as the target it is their
// product with log_softmax (and the weights) summed over the classes, label
// smoothing applied to the target; that takes a static shape. A shape not of
// these forms leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// Null after notifying why not, or the class dim of `self` when `target`
/// holds a class index for each of its entries; then `weight`, if any,
/// holds one weight per class.
std::optional<int64_t> classDim(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  ir::Value *weight = getTensorArg(root, "weight");
  auto decline = [&](const char *why) -> std::optional<int64_t> {
    rw.notifyMatchFailure(root, why);
    return std::nullopt;
  };
  if (!self || !target || !self->getType().isRanked() || !target->getType().isRanked())
    return decline("the rank of `self` or `target` is not known");
  const ir::Type &selfType = self->getType();
  const ir::Type &targetType = target->getType();
  if (!isFloatingPoint(selfType.getDType()) || !isIntegral(targetType.getDType()))
    return decline("`self` is not floating point or `target` does not hold class indices");
  int64_t rank = int64_t(selfType.getRank());
  if (rank == 0 || int64_t(targetType.getRank()) != std::max<int64_t>(rank - 1, 0))
    return decline("`target` does not have one class index per entry of `self`");
  int64_t dim = rank == 1 ? 0 : 1;
  for (int64_t i = 0, t = 0; i < rank; ++i)
    if (i != dim && selfType.getShape()[i] != targetType.getShape()[t++])
      return decline("`target` does not have one class index per entry of `self`");
  if (weight &&
      (weight->getType() != ir::Type::tensor(selfType.getDType(), {selfType.getShape()[dim]})))
    return decline("`weight` is not one weight of the dtype of `self` per class");
  return dim;
}

bool decomposeNllLoss(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> givenDim = classDim(root, rw);
  if (!givenDim)
    return false;
  int64_t dim = *givenDim;
  std::optional<int64_t> reduction = getIntArg(root, "reduction");
  std::optional<int64_t> ignoreIndex = getIntArg(root, "ignore_index");
  if (!reduction || *reduction < 0 || *reduction > 2 || !ignoreIndex)
    return rw.notifyMatchFailure(root,
                                 "`reduction` is not 0, 1 or 2, or `ignore_index` not an int");
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  ir::Value *weight = getTensorArg(root, "weight");
  const ir::Type &selfType = self->getType();
  const ir::Type &targetType = target->getType();
  ir::Type boolType = targetType.withDType(ir::DType::Bool);
  ir::Type entryType = targetType.withDType(selfType.getDType());
  ir::Type scalarType = ir::Type::tensor(selfType.getDType(), {});
  if (root.getResult(0)->getType() != (*reduction == 0 ? entryType : scalarType))
    return rw.notifyMatchFailure(root, "the result does not have the type of the loss");

  ir::Value *kept = createAtenOp(rw, "aten.ne.Scalar", {{"self", target}},
                                 {{"other", ir::Attribute::integer(*ignoreIndex)}}, {boolType})
                        ->getResult(0);
  ir::Value *index =
      createAtenOp(rw, "aten.where.ScalarOther", {{"condition", kept}, {"self", target}},
                   {{"other", ir::Attribute::integer(0)}}, {targetType})
          ->getResult(0);
  index = unsqueezeAt(rw, index, {dim});
  // The value at each entry's class of `values`, a tensor of the shape of `self`.
  auto pick = [&](ir::Value *values) {
    ir::Value *picked =
        createAtenOp(rw, "aten.gather.default", {{"self", values}, {"index", index}},
                     {{"dim", ir::Attribute::integer(dim)}},
                     {index->getType().withDType(selfType.getDType())})
            ->getResult(0);
    return createAtenOp(rw, "aten.squeeze.dim", {{"self", picked}},
                        {{"dim", ir::Attribute::integer(dim)}}, {entryType})
        ->getResult(0);
  };
  auto binary = [&](llvm::StringRef key, ir::Value *lhs, ir::Value *rhs, const ir::Type &type) {
    return createAtenOp(rw, key, {{"self", lhs}, {"other", rhs}}, {}, {type})->getResult(0);
  };
  auto keptOnly = [&](ir::Value *values) {
    return createAtenOp(rw, "aten.where.ScalarOther", {{"condition", kept}, {"self", values}},
                        {{"other", ir::Attribute::floating(0.0)}}, {entryType})
        ->getResult(0);
  };

  ir::Value *entryWeight = nullptr;
  if (weight) {
    // The weights laid along the class dim of a tensor shaped like `self`.
    llvm::SmallVector<int64_t, 4> positions;
    for (int64_t i = 0; i < int64_t(selfType.getRank()); ++i)
      if (i != dim)
        positions.push_back(i);
    ir::Value *zeros =
        createAtenOp(rw, "aten.zeros_like.default", {{"self", self}}, {}, {selfType})->getResult(0);
    ir::Value *weights =
        binary("aten.add.Tensor", zeros, unsqueezeAt(rw, weight, positions), selfType);
    entryWeight = keptOnly(pick(weights));
  }
  ir::Value *negated =
      createAtenOp(rw, "aten.neg.default", {{"self", pick(self)}}, {}, {entryType})->getResult(0);
  ir::Value *loss =
      entryWeight ? binary("aten.mul.Tensor", negated, entryWeight, entryType) : keptOnly(negated);
  if (*reduction != 0) {
    loss = createAtenOp(rw, "aten.sum.default", {{"self", loss}}, {}, {scalarType})->getResult(0);
    if (*reduction == 1) {
      ir::Value *totalWeight =
          entryWeight
              ? entryWeight
              : createAtenOp(rw, "aten._to_copy.default", {{"self", kept}},
                             {{"dtype", ir::Attribute::dtype(selfType.getDType())}}, {entryType})
                    ->getResult(0);
      totalWeight = createAtenOp(rw, "aten.sum.default", {{"self", totalWeight}}, {}, {scalarType})
                        ->getResult(0);
      loss = binary("aten.div.Tensor", loss, totalWeight, scalarType);
    }
  }
  rw.replaceOp(&root, {loss});
  return true;
}

/// cross_entropy_loss with a probability per class as the target (of the
/// type of `self`): -(log_softmax(self) * target * weight) summed over the
/// class dim (reduction 0) or over all (2), or that sum over the number of
/// entries (1); label smoothing mixes the target with the uniform
/// distribution first. The shape must be static, as the class count and
/// the number of entries are numbers in the formula.
bool decomposeCrossEntropyProbabilities(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  ir::Value *weight = getTensorArg(root, "weight");
  const ir::Type &type = self->getType();
  if (!type.hasStaticShape() || type.getRank() == 0 || *type.getNumElements() == 0)
    return rw.notifyMatchFailure(root, "`self` is not of a static, non-empty shape with dims");
  int64_t dim = type.getRank() == 1 ? 0 : 1;
  int64_t classes = type.getShape()[dim].getSize();
  if (weight && weight->getType() != ir::Type::tensor(type.getDType(), {classes}))
    return rw.notifyMatchFailure(root,
                                 "`weight` is not one weight of the dtype of `self` per class");
  std::optional<int64_t> reduction = getIntArg(root, "reduction");
  std::optional<double> labelSmoothing = getFloatArg(root, "label_smoothing");
  if (!reduction || *reduction < 0 || *reduction > 2 || !labelSmoothing)
    return rw.notifyMatchFailure(root, "`reduction` is not 0, 1 or 2");
  llvm::SmallVector<ir::Dim, 4> entryShape(type.getShape().begin(), type.getShape().end());
  entryShape.erase(entryShape.begin() + dim);
  ir::Type resultType =
      ir::Type::tensor(type.getDType(), *reduction == 0 ? llvm::ArrayRef<ir::Dim>(entryShape)
                                                        : llvm::ArrayRef<ir::Dim>());
  if (root.getResult(0)->getType() != resultType)
    return rw.notifyMatchFailure(root, "the result does not have the type of the loss");

  auto scalar = [&](llvm::StringRef key, ir::Value *operand, ir::Attribute value,
                    const ir::Type &valueType) {
    return createAtenOp(rw, key, {{"self", operand}}, {{"other", value}}, {valueType})
        ->getResult(0);
  };
  auto multiply = [&](ir::Value *lhs, ir::Value *rhs) {
    return createAtenOp(rw, "aten.mul.Tensor", {{"self", lhs}, {"other", rhs}}, {}, {type})
        ->getResult(0);
  };
  ir::Value *logProbabilities = createAtenOp(rw, "aten.log_softmax.int", {{"self", self}},
                                             {{"dim", ir::Attribute::integer(dim)}}, {type})
                                    ->getResult(0);
  if (*labelSmoothing > 0.0) {
    ir::Value *kept =
        scalar("aten.mul.Scalar", target, ir::Attribute::floating(1.0 - *labelSmoothing), type);
    target = scalar("aten.add.Scalar", kept,
                    ir::Attribute::floating(*labelSmoothing / double(classes)), type);
  }
  ir::Value *terms = multiply(logProbabilities, target);
  if (weight) {
    llvm::SmallVector<int64_t, 4> positions;
    for (int64_t i = 0; i < int64_t(type.getRank()); ++i)
      if (i != dim)
        positions.push_back(i);
    terms = multiply(terms, unsqueezeAt(rw, weight, positions));
  }
  ir::Type sumType = *reduction == 0 ? resultType : ir::Type::tensor(type.getDType(), {});
  ir::Value *sum =
      *reduction == 0
          ? createAtenOp(rw, "aten.sum.dim_IntList", {{"self", terms}},
                         {{"dim", ir::Attribute::intList({dim})}}, {sumType})
                ->getResult(0)
          : createAtenOp(rw, "aten.sum.default", {{"self", terms}}, {}, {sumType})->getResult(0);
  ir::Value *loss =
      createAtenOp(rw, "aten.neg.default", {{"self", sum}}, {}, {sumType})->getResult(0);
  if (*reduction == 1)
    loss = scalar("aten.div.Scalar", loss, ir::Attribute::integer(*type.getNumElements() / classes),
                  sumType);
  rw.replaceOp(&root, {loss});
  return true;
}

/// cross_entropy_loss over class indices (class dim `dim`) with label
/// smoothing `smoothing`, as torch computes it (see the file comment).
bool decomposeSmoothedCrossEntropy(ir::Operation &root, ir::PatternRewriter &rw, int64_t dim,
                                   double smoothing) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  ir::Value *weight = getTensorArg(root, "weight");
  const ir::Type &type = self->getType();
  std::optional<int64_t> reduction = getIntArg(root, "reduction");
  std::optional<int64_t> ignoreIndex = getIntArg(root, "ignore_index");
  if (!reduction || *reduction < 0 || *reduction > 2 || !ignoreIndex)
    return rw.notifyMatchFailure(root, "`reduction` or `ignore_index` is not valid");
  if (!type.getShape()[dim].isStatic())
    return rw.notifyMatchFailure(root, "the number of classes is not static");
  int64_t classes = type.getShape()[dim].getSize();
  ir::DType dtype = type.getDType();
  const ir::Type &resultType = root.getResult(0)->getType();
  ir::Value *logProbabilities = buildAten(rw, "aten.log_softmax.int", {{"self", self}},
                                          {{"dim", ir::Attribute::integer(dim)}}, dtype);
  // The nll part, and the nll of all -1 (with reduction sum): the weights
  // picked, or the count of entries not ignored, a weighted mean's divisor.
  auto nllOf = [&](ir::Value *input, int64_t nllReduction) {
    llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 3> operands = {
        {"self", input}, {"target", target}};
    if (weight)
      operands.push_back({"weight", weight});
    // Its result: the loss of each entry (reduction 0, the op's own result
    // type), else a scalar.
    ir::Type nllType = nllReduction == 0 ? resultType : ir::Type::tensor(dtype, {});
    return createAtenOp(rw, "aten.nll_loss_nd.default", operands,
                        {{"reduction", ir::Attribute::integer(nllReduction)},
                         {"ignore_index", ir::Attribute::integer(*ignoreIndex)}},
                        {nllType})
        ->getResult(0);
  };
  ir::Value *nll = nllOf(logProbabilities, *reduction);
  ir::Value *terms = logProbabilities;
  if (weight) {
    llvm::SmallVector<int64_t, 4> positions;
    for (int64_t i = 0; i < int64_t(type.getRank()); ++i)
      if (i != dim)
        positions.push_back(i);
    terms = buildAten(rw, "aten.mul.Tensor",
                      {{"self", terms}, {"other", unsqueezeAt(rw, weight, positions)}}, {}, dtype);
  }
  ir::Value *summed = buildAten(rw, "aten.sum.dim_IntList", {{"self", terms}},
                                {{"dim", ir::Attribute::intList({dim})}}, dtype);
  ir::Value *smooth = buildAten(rw, "aten.neg.default", {{"self", summed}}, {}, dtype);
  ir::Value *kept = buildAten(rw, "aten.ne.Scalar", {{"self", target}},
                              {{"other", ir::Attribute::integer(*ignoreIndex)}}, ir::DType::Bool);
  smooth = buildAten(rw, "aten.where.ScalarOther", {{"condition", kept}, {"self", smooth}},
                     {{"other", ir::Attribute::floating(0.0)}}, dtype);
  if (*reduction != 0) {
    smooth = buildAten(rw, "aten.sum.default", {{"self", smooth}}, {}, dtype);
    if (*reduction == 1) {
      ir::Value *minusOnes = buildAten(rw, "aten.full_like.default", {{"self", self}},
                                       {{"fill_value", ir::Attribute::floating(-1.0)}}, dtype);
      smooth = buildAten(rw, "aten.div.Tensor", {{"self", smooth}, {"other", nllOf(minusOnes, 2)}},
                         {}, dtype);
    }
  }
  ir::Value *nllPart = buildAten(rw, "aten.mul.Scalar", {{"self", nll}},
                                 {{"other", ir::Attribute::floating(1.0 - smoothing)}}, dtype);
  ir::Value *smoothPart =
      buildAten(rw, "aten.mul.Scalar", {{"self", smooth}},
                {{"other", ir::Attribute::floating(smoothing / double(classes))}}, dtype);
  ir::Value *loss = createAtenOp(rw, "aten.add.Tensor", {{"self", nllPart}, {"other", smoothPart}},
                                 {}, {resultType})
                        ->getResult(0);
  rw.replaceOp(&root, {loss});
  return true;
}

bool decomposeCrossEntropy(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *target = getTensorArg(root, "target");
  if (self && target && target->getType().isTensor() && self->getType().isTensor() &&
      isFloatingPoint(target->getType().getDType()))
    return target->getType() == self->getType()
               ? decomposeCrossEntropyProbabilities(root, rw)
               : rw.notifyMatchFailure(root,
                                       "`target` holds probabilities of another type than `self`");
  std::optional<double> labelSmoothing = getFloatArg(root, "label_smoothing");
  if (!labelSmoothing)
    return rw.notifyMatchFailure(root, "`label_smoothing` is not a number");
  std::optional<int64_t> dim = classDim(root, rw);
  if (!dim)
    return false;
  if (*labelSmoothing != 0.0)
    return decomposeSmoothedCrossEntropy(root, rw, *dim, *labelSmoothing);
  ir::Value *logProbabilities =
      createAtenOp(rw, "aten.log_softmax.int", {{"self", self}},
                   {{"dim", ir::Attribute::integer(*dim)}}, {self->getType()})
          ->getResult(0);
  llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 3> operands = {
      {"self", logProbabilities}, {"target", getTensorArg(root, "target")}};
  if (ir::Value *weight = getTensorArg(root, "weight"))
    operands.push_back({"weight", weight});
  llvm::SmallVector<ir::NamedAttribute, 2> attrs;
  for (llvm::StringRef name : {"reduction", "ignore_index"})
    if (const ir::Attribute *attr = root.getAttr(name))
      attrs.push_back({name.str(), *attr});
  ir::Operation *nll =
      createAtenOp(rw, "aten.nll_loss_nd.default", operands, attrs, {root.getResult(0)->getType()});
  rw.replaceOp(&root, {nll->getResult(0)});
  return true;
}

} // namespace

void addNllLossDecompositions(DecompositionTable &table) {
  table.add("aten.cross_entropy_loss.default", {"loss", decomposeCrossEntropy});
  table.add("aten.nll_loss.default", {"loss", decomposeNllLoss});
  table.add("aten.nll_loss2d.default", {"loss", decomposeNllLoss});
  table.add("aten.nll_loss_nd.default", {"loss", decomposeNllLoss});
}

} // namespace pt2onnx::passes
