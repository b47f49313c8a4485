//===- Gradient.cpp - torch.gradient as slices and differences ----------------===//
//
// `aten.gradient.*(self, spacing, dim, edge_order)` estimates the derivative
// of `self` along each of `dim` (every dim when None) with a uniform spacing
// h per dim (one number for all, one per dim, or 1 when None): central
// differences `(x[2:] - x[:-2]) / h / 2` inside, and at each end a one-sided
// difference of first (`edge_order` 1) or second order, concatenated along
// the dim, with torch's operations in torch's order. Spacing may also be the
// sample points along each dim (`Tensor[]`, of the dtype of self): torch's
// differences of unequal spacing. Only floating `self` is taken (torch gives
// float32 for integral ones).
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

#include <limits>

namespace pt2onnx::passes {

namespace {

/// The dims `root` differentiates along, normalized: its `dim` argument (an
/// int or a list), every dim of `rank` when None.
std::optional<llvm::SmallVector<int64_t, 4>> gradientDims(const ir::Operation &root, int64_t rank) {
  llvm::SmallVector<int64_t, 4> given;
  const ir::Attribute *attr = root.getAttr("dim");
  if (!attr || attr->isUnit()) {
    for (int64_t d = 0; d < rank; ++d)
      given.push_back(d);
  } else if (attr->getKind() == ir::Attribute::Kind::Int) {
    given.push_back(attr->getInt());
  } else if (attr->getKind() == ir::Attribute::Kind::IntList) {
    given.append(attr->getIntList().begin(), attr->getIntList().end());
  } else {
    return std::nullopt;
  }
  llvm::SmallVector<int64_t, 4> dims;
  for (int64_t d : given) {
    std::optional<int64_t> dim = numerics::normalizeAxis(d, rank);
    if (!dim)
      return std::nullopt;
    dims.push_back(*dim);
  }
  return dims;
}

/// The spacing of each of `count` dims: `spacing` as one number for all, a
/// list of one per dim, or 1.0 when None.
std::optional<llvm::SmallVector<ir::Attribute, 4>> gradientSpacings(const ir::Operation &root,
                                                                    size_t count) {
  const ir::Attribute *attr = root.getAttr("spacing");
  if (!attr || attr->isUnit())
    return llvm::SmallVector<ir::Attribute, 4>(count, ir::Attribute::floating(1.0));
  if (attr->getKind() == ir::Attribute::Kind::Int || attr->getKind() == ir::Attribute::Kind::Float)
    return llvm::SmallVector<ir::Attribute, 4>(count, *attr);
  llvm::SmallVector<ir::Attribute, 4> spacings;
  if (attr->getKind() == ir::Attribute::Kind::IntList)
    for (int64_t h : attr->getIntList())
      spacings.push_back(ir::Attribute::integer(h));
  else if (attr->getKind() == ir::Attribute::Kind::FloatList)
    for (double h : attr->getFloatList())
      spacings.push_back(ir::Attribute::floating(h));
  else if (attr->getKind() == ir::Attribute::Kind::List)
    for (const ir::Attribute &h : attr->getList())
      if (h.getKind() == ir::Attribute::Kind::Int || h.getKind() == ir::Attribute::Kind::Float)
        spacings.push_back(h);
  if (spacings.size() != count)
    return std::nullopt;
  return spacings;
}

class GradientBuilder {
public:
  GradientBuilder(ir::PatternRewriter &rw, ir::Value *self, int64_t dim, ir::Attribute spacing)
      : rw(rw), self(self), dim(dim), spacing(spacing), dtype(self->getType().getDType()) {}

  /// The gradient along `dim` for `edgeOrder` 1 or 2. Each op is built in
  /// a statement of its own, so the order of the ops is torch's.
  ir::Value *build(int64_t edgeOrder) {
    ir::Value *next = slice(2, kEnd);
    ir::Value *previous = slice(0, -2);
    ir::Value *center = divide(sub(next, previous));
    center = scale("aten.div.Scalar", center, ir::Attribute::integer(2));
    ir::Value *prepend, *append;
    if (edgeOrder == 1) {
      ir::Value *second = slice(1, 2);
      ir::Value *first = slice(0, 1);
      prepend = divide(sub(second, first));
      ir::Value *last = slice(-1, kEnd);
      ir::Value *beforeLast = slice(-2, -1);
      append = divide(sub(last, beforeLast));
    } else {
      ir::Value *first = times(slice(0, 1), -1.5);
      ir::Value *second = times(slice(1, 2), 2);
      ir::Value *third = times(slice(2, 3), 0.5);
      prepend = divide(sub(add(first, second), third));
      ir::Value *thirdLast = times(slice(-3, -2), 0.5);
      ir::Value *beforeLast = times(slice(-2, -1), 2);
      ir::Value *last = times(slice(-1, kEnd), 1.5);
      append = divide(add(sub(thirdLast, beforeLast), last));
    }
    return buildAten(rw, "aten.cat.default",
                     {{"tensors", prepend}, {"tensors", center}, {"tensors", append}},
                     {{"dim", ir::Attribute::integer(dim)}}, dtype);
  }

  /// The gradient along `dim` with sample points `coordinates` (1-D, along
  /// `dim`): torch's second-order differences of unequal spacing inside and
  /// its one-sided ones at the ends.
  ir::Value *build(ir::Value *coordinates, int64_t edgeOrder) {
    ir::Value *spacings = sub(sliceOf(coordinates, 0, 1, kEnd), sliceOf(coordinates, 0, 0, -1));
    ir::Value *before = sliceOf(spacings, 0, 0, -1);
    ir::Value *after = sliceOf(spacings, 0, 1, kEnd);
    ir::Value *a = div(neg(after), mul(before, add(before, after)));
    ir::Value *b = div(sub(after, before), mul(before, after));
    ir::Value *c = div(before, mul(after, add(before, after)));
    ir::Value *center = mul(alongDim(a), slice(0, -2));
    center = add(center, mul(alongDim(b), slice(1, -1)));
    center = add(center, mul(alongDim(c), slice(2, kEnd)));
    ir::Value *first = at(spacings, 0), *last = at(spacings, -1);
    ir::Value *prepend, *append;
    if (edgeOrder == 1) {
      ir::Value *second = slice(1, 2);
      prepend = div(sub(second, slice(0, 1)), first);
      ir::Value *end = slice(-1, kEnd);
      append = div(sub(end, slice(-2, -1)), last);
    } else {
      ir::Value *next = at(spacings, 1), *beforeLast = at(spacings, -2);
      ir::Value *outer = add(first, next);
      ir::Value *a0 = div(neg(add(times(first, 2.0), next)), mul(first, outer));
      ir::Value *b0 = div(outer, mul(first, next));
      ir::Value *c0 = div(neg(first), mul(next, outer));
      prepend = mul(a0, slice(0, 1));
      prepend = add(prepend, mul(b0, slice(1, 2)));
      prepend = add(prepend, mul(c0, slice(2, 3)));
      ir::Value *inner = add(last, beforeLast);
      ir::Value *a1 = div(last, mul(beforeLast, inner));
      ir::Value *b1 = neg(div(inner, mul(last, beforeLast)));
      ir::Value *c1 = div(add(times(last, 2), beforeLast), mul(last, inner));
      append = mul(a1, slice(-3, -2));
      append = add(append, mul(b1, slice(-2, -1)));
      append = add(append, mul(c1, slice(-1, kEnd)));
    }
    return buildAten(rw, "aten.cat.default",
                     {{"tensors", prepend}, {"tensors", center}, {"tensors", append}},
                     {{"dim", ir::Attribute::integer(dim)}}, dtype);
  }

private:
  static constexpr int64_t kEnd = std::numeric_limits<int64_t>::max();

  ir::Value *slice(int64_t start, int64_t end) { return sliceOf(self, dim, start, end); }
  ir::Value *sliceOf(ir::Value *value, int64_t along, int64_t start, int64_t end) {
    return buildAten(rw, "aten.slice.Tensor", {{"self", value}},
                     {{"dim", ir::Attribute::integer(along)},
                      {"start", ir::Attribute::integer(start)},
                      {"end", ir::Attribute::integer(end)}},
                     dtype);
  }
  /// Element `index` of the 1-D `value`, 0-d.
  ir::Value *at(ir::Value *value, int64_t index) {
    return buildAten(rw, "aten.select.int", {{"self", value}},
                     {{"dim", ir::Attribute::integer(0)}, {"index", ir::Attribute::integer(index)}},
                     dtype);
  }
  /// The 1-D `value` as a tensor of the rank of self along `dim`.
  ir::Value *alongDim(ir::Value *value) {
    llvm::SmallVector<int64_t, 4> shape(self->getType().getRank(), 1);
    shape[dim] = -1;
    return buildAten(rw, "aten.reshape.default", {{"self", value}},
                     {{"shape", ir::Attribute::intList(shape)}}, dtype);
  }
  ir::Value *neg(ir::Value *value) {
    return buildAten(rw, "aten.neg.default", {{"self", value}}, {}, dtype);
  }
  ir::Value *binary(llvm::StringRef key, ir::Value *a, ir::Value *b) {
    return buildAten(rw, key, {{"self", a}, {"other", b}}, {}, dtype);
  }
  ir::Value *sub(ir::Value *a, ir::Value *b) { return binary("aten.sub.Tensor", a, b); }
  ir::Value *add(ir::Value *a, ir::Value *b) { return binary("aten.add.Tensor", a, b); }
  ir::Value *mul(ir::Value *a, ir::Value *b) { return binary("aten.mul.Tensor", a, b); }
  ir::Value *div(ir::Value *a, ir::Value *b) { return binary("aten.div.Tensor", a, b); }
  ir::Value *scale(llvm::StringRef key, ir::Value *a, ir::Attribute by) {
    return buildAten(rw, key, {{"self", a}}, {{"other", by}}, dtype);
  }
  ir::Value *times(ir::Value *a, double factor) {
    return scale("aten.mul.Scalar", a,
                 factor == double(int64_t(factor)) ? ir::Attribute::integer(int64_t(factor))
                                                   : ir::Attribute::floating(factor));
  }
  ir::Value *divide(ir::Value *a) { return scale("aten.div.Scalar", a, spacing); }

  ir::PatternRewriter &rw;
  ir::Value *self;
  int64_t dim;
  ir::Attribute spacing;
  ir::DType dtype;
};

/// The operands of `root` its `arg_names` attribute names `name`, in order.
llvm::SmallVector<ir::Value *, 4> argOperands(const ir::Operation &root, llvm::StringRef name) {
  llvm::SmallVector<ir::Value *, 4> values;
  const ir::Attribute *names = root.getAttr("arg_names");
  if (!names || names->getKind() != ir::Attribute::Kind::StringList)
    return values;
  for (auto [i, argName] : llvm::enumerate(names->getStringList()))
    if (argName == name && i < root.getNumOperands())
      values.push_back(root.getOperand(unsigned(i)));
  return values;
}

bool decomposeGradient(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked())
    return rw.notifyMatchFailure(root, "`self` is not a tensor of known rank");
  const ir::Type &type = self->getType();
  if (!isFloatingPoint(type.getDType()))
    return rw.notifyMatchFailure(root, "`self` is not floating point");
  int64_t rank = int64_t(type.getRank());
  std::optional<int64_t> edgeOrder = getIntArg(root, "edge_order");
  if (!edgeOrder || (*edgeOrder != 1 && *edgeOrder != 2))
    return rw.notifyMatchFailure(root, "`edge_order` is neither 1 nor 2");
  std::optional<llvm::SmallVector<int64_t, 4>> dims = gradientDims(root, rank);
  if (!dims || dims->size() != root.getNumResults())
    return rw.notifyMatchFailure(root, "`dim` is not a dim or a list of dims of `self`");
  for (int64_t dim : *dims) {
    const ir::Dim &size = type.getShape()[dim];
    if (!size.isStatic() || size.getSize() < *edgeOrder + 1)
      return rw.notifyMatchFailure(
          root, "a differentiated dim is not of a static size above `edge_order`");
  }
  llvm::StringRef key = root.getName().getStringRef();
  llvm::SmallVector<ir::Value *, 4> results;
  if (key == "aten.gradient.tensorarray" || key == "aten.gradient.tensorarrayint") {
    llvm::SmallVector<ir::Value *, 4> coordinates = argOperands(root, "spacing");
    if (coordinates.size() != dims->size())
      return rw.notifyMatchFailure(root, "`spacing` is not one tensor per dim");
    for (auto [coordinate, dim] : llvm::zip(coordinates, *dims)) {
      const ir::Type &t = coordinate->getType();
      if (!t.isTensor() || !t.isRanked() || t.getRank() != 1 || t.getDType() != type.getDType() ||
          t.getShape()[0] != type.getShape()[dim])
        return rw.notifyMatchFailure(
            root, "a `spacing` tensor is not 1-D, of the dtype of `self` and along its dim");
    }
    for (auto [coordinate, dim] : llvm::zip(coordinates, *dims))
      results.push_back(GradientBuilder(rw, self, dim, ir::Attribute::floating(1.0))
                            .build(coordinate, *edgeOrder));
  } else {
    std::optional<llvm::SmallVector<ir::Attribute, 4>> spacings =
        gradientSpacings(root, dims->size());
    if (!spacings)
      return rw.notifyMatchFailure(root, "`spacing` is not a number or one number per dim");
    for (size_t i = 0; i < dims->size(); ++i)
      results.push_back(GradientBuilder(rw, self, (*dims)[i], (*spacings)[i]).build(*edgeOrder));
  }
  rw.replaceOp(&root, results);
  return true;
}

} // namespace

void addGradientDecompositions(DecompositionTable &table) {
  table.add("aten.gradient.array", {"gradient", decomposeGradient});
  table.add("aten.gradient.scalararray", {"gradient", decomposeGradient});
  table.add("aten.gradient.scalarint", {"gradient", decomposeGradient});
  table.add("aten.gradient.scalarrayarray", {"gradient", decomposeGradient});
  table.add("aten.gradient.scalarrayint", {"gradient", decomposeGradient});
  table.add("aten.gradient.tensorarray", {"gradient", decomposeGradient});
  table.add("aten.gradient.tensorarrayint", {"gradient", decomposeGradient});
}

} // namespace pt2onnx::passes
