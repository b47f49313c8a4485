//===- Diff.cpp - diff and trapezoids, differences along a dim ---------------===//
//
// `aten.diff.default(self, n, dim, prepend, append)` concatenates `prepend`,
// `self` and `append` along `dim` (promoting as `aten.cat` does), then n
// times takes each element less the one before it: `x[1:] - x[:-1]` as two
// `aten.slice.Tensor`, with `aten.logical_xor` for bool as torch does. Each
// step shortens `dim` by one, down to zero; n = 0 is the tensor itself.
//
// `aten.trapezoid` (and its older name `aten.trapz`) integrates along `dim`
// by the trapezoidal rule. With a spacing `dx` it is torch's
// `(y.sum(dim) - (y.select(dim, 0) + y.select(dim, -1)) * 0.5) * dx`; with
// sample points `x` it is `(diff(x) * (y[1:] + y[:-1])).sum(dim) / 2`, where
// an `x` of one dim lies along `dim` of `y` (one of its rank broadcasts
// against it). Only floating `y` (and `x` of its dtype) is taken, as
// integral ones give float32 in torch; a `dim` of size zero, where torch
// gives zeros, leaves the op alone, as does an unranked tensor.
//
// `aten.cumulative_trapezoid` is the running form: the same areas, summed
// with `aten.cumsum` along `dim`, one shorter than `y` there.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// `type` with dim `dim` of size `size`.
ir::Type withDim(const ir::Type &type, int64_t dim, ir::Dim size) {
  llvm::SmallVector<ir::Dim, 4> shape(type.getShape().begin(), type.getShape().end());
  shape[dim] = size;
  return type.withShape(shape);
}

/// The size of `size` less one, not below zero.
ir::Dim shorterByOne(const ir::Dim &size) {
  if (size.isStatic())
    return std::max<int64_t>(size.getSize() - 1, 0);
  if (size.isSymbolic())
    return ir::Dim::of(size.getExpr() - 1);
  return ir::Dim::unknown();
}

/// `value[1:]` and `value[:-1]` along `dim`.
std::pair<ir::Value *, ir::Value *> adjacentSlices(ir::PatternRewriter &rw, ir::Value *value,
                                                   int64_t dim) {
  const ir::Type &type = value->getType();
  ir::Type sliceType = withDim(type, dim, shorterByOne(type.getShape()[dim]));
  ir::Attribute dimAttr = ir::Attribute::integer(dim);
  ir::Value *upper =
      createAtenOp(rw, "aten.slice.Tensor", {{"self", value}},
                   {{"dim", dimAttr}, {"start", ir::Attribute::integer(1)}}, {sliceType})
          ->getResult(0);
  ir::Value *lower =
      createAtenOp(rw, "aten.slice.Tensor", {{"self", value}},
                   {{"dim", dimAttr}, {"end", ir::Attribute::integer(-1)}}, {sliceType})
          ->getResult(0);
  return {upper, lower};
}

bool isRankedTensor(const ir::Value *value) {
  return value->getType().isTensor() && value->getType().isRanked();
}

bool decomposeDiff(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *prepend = getTensorArg(root, "prepend");
  ir::Value *append = getTensorArg(root, "append");
  ir::Type resultType = root.getResult(0)->getType();
  if (!self || !isRankedTensor(self) || (prepend && !isRankedTensor(prepend)) ||
      (append && !isRankedTensor(append)) || !resultType.isTensor())
    return rw.notifyMatchFailure(root, "the rank of a tensor is not known");
  int64_t rank = self->getType().getRank();
  std::optional<int64_t> n = getIntArg(root, "n");
  std::optional<int64_t> givenDim = getIntArg(root, "dim");
  std::optional<int64_t> dim = givenDim ? numerics::normalizeAxis(*givenDim, rank) : std::nullopt;
  if (!n || *n < 0 || !dim || rank == 0)
    return rw.notifyMatchFailure(root, "`n` or `dim` is not valid for `self`");

  ir::Value *value = self;
  if (prepend || append) {
    llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 3> tensors;
    ir::Dim size = 0;
    for (ir::Value *part : {prepend, self, append}) {
      if (!part)
        continue;
      if (part->getType().getRank() != size_t(rank))
        return rw.notifyMatchFailure(root, "`prepend` or `append` has another rank than `self`");
      tensors.push_back({"tensors", part});
      size = addDims(size, part->getType().getShape()[*dim]);
    }
    value = createAtenOp(rw, "aten.cat.default", tensors, {{"dim", ir::Attribute::integer(*dim)}},
                         {withDim(self->getType().withDType(resultType.getDType()), *dim, size)})
                ->getResult(0);
  }
  bool isBool = resultType.getDType() == ir::DType::Bool;
  for (int64_t step = 0; step < *n; ++step) {
    auto [upper, lower] = adjacentSlices(rw, value, *dim);
    value = createAtenOp(rw, isBool ? "aten.logical_xor.default" : "aten.sub.Tensor",
                         {{"self", upper}, {"other", lower}}, {}, {upper->getType()})
                ->getResult(0);
  }
  if (value == self)
    value = createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {self->getType()})
                ->getResult(0);
  rw.replaceOp(&root, {value});
  return true;
}

/// The checks both trapezoid overloads share: `y` ranked and floating, of
/// the result's dtype, and `dim` one of its dims, of a size not known to be
/// zero. Returns the normalized dim, or nullopt after notifying why not.
std::optional<int64_t> trapezoidDim(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *y = getTensorArg(root, "y");
  if (!y || !isRankedTensor(y) || y->getType().getRank() == 0) {
    rw.notifyMatchFailure(root, "`y` is not a tensor of known rank with dims");
    return std::nullopt;
  }
  const ir::Type &type = y->getType();
  if (!isFloatingPoint(type.getDType()) ||
      root.getResult(0)->getType().getDType() != type.getDType()) {
    rw.notifyMatchFailure(root, "`y` is not floating point");
    return std::nullopt;
  }
  std::optional<int64_t> givenDim = getIntArg(root, "dim");
  std::optional<int64_t> dim =
      givenDim ? numerics::normalizeAxis(*givenDim, int64_t(type.getRank())) : std::nullopt;
  if (!dim) {
    rw.notifyMatchFailure(root, "`dim` is not a dim of `y`");
    return std::nullopt;
  }
  if (type.getShape()[*dim] == ir::Dim(0)) {
    rw.notifyMatchFailure(root, "`y` is empty along `dim`");
    return std::nullopt;
  }
  return dim;
}

/// `y.sum(dim)` as the result's type has it.
ir::Value *sumAlong(ir::PatternRewriter &rw, ir::Value *y, int64_t dim, const ir::Type &type) {
  return createAtenOp(rw, "aten.sum.dim_IntList", {{"self", y}},
                      {{"dim", ir::Attribute::intList({dim})}}, {type})
      ->getResult(0);
}

bool decomposeTrapezoidDx(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> dim = trapezoidDim(root, rw);
  if (!dim)
    return false;
  std::optional<double> dx = getFloatArg(root, "dx");
  if (!dx)
    return rw.notifyMatchFailure(root, "`dx` is not a number");
  ir::Value *y = getTensorArg(root, "y");
  ir::Type resultType = root.getResult(0)->getType();
  ir::Value *sum = sumAlong(rw, y, *dim, resultType);
  auto select = [&](int64_t index) {
    return createAtenOp(
               rw, "aten.select.int", {{"self", y}},
               {{"dim", ir::Attribute::integer(*dim)}, {"index", ir::Attribute::integer(index)}},
               {resultType})
        ->getResult(0);
  };
  auto binary = [&](llvm::StringRef key, ir::Value *self, ir::Value *other) {
    return createAtenOp(rw, key, {{"self", self}, {"other", other}}, {}, {resultType})
        ->getResult(0);
  };
  auto scale = [&](ir::Value *self, double factor) {
    return createAtenOp(rw, "aten.mul.Scalar", {{"self", self}},
                        {{"other", ir::Attribute::floating(factor)}}, {resultType})
        ->getResult(0);
  };
  ir::Value *first = select(0);
  ir::Value *last = select(-1);
  ir::Value *ends = scale(binary("aten.add.Tensor", first, last), 0.5);
  ir::Value *result = scale(binary("aten.sub.Tensor", sum, ends), *dx);
  rw.replaceOp(&root, {result});
  return true;
}

/// The spacing `diff(x)` along `dim` of `y` (trapezoid's and
/// cumulative_trapezoid's `x`: of the rank of `y`, broadcasting against it,
/// or one dim along `dim`), or null after notifying why not.
ir::Value *spacingAlong(ir::Operation &root, ir::PatternRewriter &rw, int64_t dim) {
  ir::Value *y = getTensorArg(root, "y");
  ir::Value *x = getTensorArg(root, "x");
  const ir::Type &yType = y->getType();
  if (!x || !isRankedTensor(x) || x->getType().getDType() != yType.getDType()) {
    rw.notifyMatchFailure(root, "`x` is not a tensor of known rank and the dtype of `y`");
    return nullptr;
  }
  int64_t rank = int64_t(yType.getRank());
  ir::Type diffType = withDim(yType, dim, shorterByOne(yType.getShape()[dim]));
  const ir::Type &xType = x->getType();
  // An x of the rank of y broadcasts against it: of its size along dim, of
  // its size or 1 along the others.
  auto broadcastsAlong = [&] {
    if (int64_t(xType.getRank()) != rank || xType.getShape()[dim] != yType.getShape()[dim])
      return false;
    for (int64_t i = 0; i < rank; ++i)
      if (i != dim && xType.getShape()[i] != yType.getShape()[i] &&
          xType.getShape()[i] != ir::Dim(1))
        return false;
    return true;
  };
  if (broadcastsAlong())
    return createAtenOp(rw, "aten.diff.default", {{"self", x}},
                        {{"dim", ir::Attribute::integer(dim)}},
                        {withDim(xType, dim, diffType.getShape()[dim])})
        ->getResult(0);
  if (x->getType().getRank() == 1 && x->getType().getShape()[0] == yType.getShape()[dim]) {
    ir::Value *dx = createAtenOp(rw, "aten.diff.default", {{"self", x}}, {},
                                 {withDim(x->getType(), 0, diffType.getShape()[dim])})
                        ->getResult(0);
    // Unit dims before and after put the spacing along `dim` of `y`.
    llvm::SmallVector<int64_t, 4> positions(dim, 0);
    for (int64_t position = dim + 1; position < rank; ++position)
      positions.push_back(position);
    return unsqueezeAt(rw, dx, positions);
  }
  rw.notifyMatchFailure(root, "`x` neither broadcasts against `y` nor is one dim along it");
  return nullptr;
}

/// `y[1:] + y[:-1]` along `dim`.
ir::Value *sidesAlong(ir::PatternRewriter &rw, ir::Value *y, int64_t dim) {
  auto [upper, lower] = adjacentSlices(rw, y, dim);
  return createAtenOp(rw, "aten.add.Tensor", {{"self", upper}, {"other", lower}}, {},
                      {upper->getType()})
      ->getResult(0);
}

bool decomposeTrapezoidX(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> dim = trapezoidDim(root, rw);
  if (!dim)
    return false;
  ir::Value *dx = spacingAlong(root, rw, *dim);
  if (!dx)
    return false;
  ir::Value *sides = sidesAlong(rw, getTensorArg(root, "y"), *dim);
  ir::Value *areas =
      createAtenOp(rw, "aten.mul.Tensor", {{"self", dx}, {"other", sides}}, {}, {sides->getType()})
          ->getResult(0);
  ir::Type resultType = root.getResult(0)->getType();
  ir::Value *result =
      createAtenOp(rw, "aten.div.Scalar", {{"self", sumAlong(rw, areas, *dim, resultType)}},
                   {{"other", ir::Attribute::floating(2.0)}}, {resultType})
          ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

/// cumulative_trapezoid: torch's `((y[1:] + y[:-1]) * diff(x)).cumsum(dim) / 2`
/// with sample points, `(dx / 2 * (y[1:] + y[:-1])).cumsum(dim)` with a
/// spacing.
bool decomposeCumulativeTrapezoid(ir::Operation &root, ir::PatternRewriter &rw) {
  std::optional<int64_t> dim = trapezoidDim(root, rw);
  if (!dim)
    return false;
  ir::Value *dx = nullptr;
  std::optional<double> step;
  if (root.getName().getStringRef() == "aten.cumulative_trapezoid.x") {
    dx = spacingAlong(root, rw, *dim);
    if (!dx)
      return false;
  } else {
    step = getFloatArg(root, "dx");
    if (!step)
      return rw.notifyMatchFailure(root, "`dx` is not a number");
  }
  ir::Value *sides = sidesAlong(rw, getTensorArg(root, "y"), *dim);
  const ir::Type &type = sides->getType();
  ir::Attribute dimAttr = ir::Attribute::integer(*dim);
  ir::Value *result;
  if (dx) {
    ir::Value *areas =
        createAtenOp(rw, "aten.mul.Tensor", {{"self", sides}, {"other", dx}}, {}, {type})
            ->getResult(0);
    ir::Value *sums =
        createAtenOp(rw, "aten.cumsum.default", {{"self", areas}}, {{"dim", dimAttr}}, {type})
            ->getResult(0);
    result = createAtenOp(rw, "aten.div.Scalar", {{"self", sums}},
                          {{"other", ir::Attribute::floating(2.0)}}, {type})
                 ->getResult(0);
  } else {
    ir::Value *areas = createAtenOp(rw, "aten.mul.Scalar", {{"self", sides}},
                                    {{"other", ir::Attribute::floating(*step / 2.0)}}, {type})
                           ->getResult(0);
    result = createAtenOp(rw, "aten.cumsum.default", {{"self", areas}}, {{"dim", dimAttr}}, {type})
                 ->getResult(0);
  }
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addDiffDecompositions(DecompositionTable &table) {
  table.add("aten.cumulative_trapezoid.dx", {"diff", decomposeCumulativeTrapezoid});
  table.add("aten.cumulative_trapezoid.x", {"diff", decomposeCumulativeTrapezoid});
  table.add("aten.diff.default", {"diff", decomposeDiff});
  table.add("aten.trapezoid.dx", {"diff", decomposeTrapezoidDx});
  table.add("aten.trapezoid.x", {"diff", decomposeTrapezoidX});
  table.add("aten.trapz.dx", {"diff", decomposeTrapezoidDx});
  table.add("aten.trapz.x", {"diff", decomposeTrapezoidX});
}

} // namespace pt2onnx::passes
