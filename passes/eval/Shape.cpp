//===- Shape.cpp - Shapes, views, concatenation, indexing, creation --------===//
//
// Data movement is bytewise and works for every element type. Indices out of
// range are declined (both runtimes reject them); ONNX's Slice clamps its
// bounds and torch's slice clamps them too, the same way for positive steps.
// Shape, Size and aten.sym_size read only their operand's type: they fold
// whenever the dims they report are static, whatever computes the operand.
// A whole-program evaluation gives them the operand itself, whose dims they
// report when the type's are symbolic.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/Rules.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// The elements of an integer tensor.
std::optional<Shape> intsOf(EvalContext &ctx, const Tensor *t) {
  if (!t ||
      (getNumericKind(t->getDType()) != NumericKind::Integer && t->getDType() != DType::UInt64))
    return ctx.fail();
  Shape v;
  for (int64_t i = 0, n = t->getNumElements(); i != n; ++i)
    v.push_back(t->getInt(i));
  return v;
}

std::optional<int64_t> axisOf(EvalContext &ctx, int64_t axis, int64_t rank) {
  std::optional<int64_t> a = normalizeAxis(axis, rank);
  if (!a)
    return ctx.fail();
  return a;
}

/// Copies `t` (a view may share bytes; results must own theirs only when
/// written, so views are fine as results).
Tensor transposed(const Tensor &t, llvm::ArrayRef<int64_t> perm) {
  Shape strides = getStrides(t.getShape()), outShape, outStrides;
  for (int64_t p : perm) {
    outShape.push_back(t.getShape()[p]);
    outStrides.push_back(strides[p]);
  }
  return copyStrided(t, outShape, outStrides, 0);
}

bool isPermutation(llvm::ArrayRef<int64_t> perm, size_t rank) {
  if (perm.size() != rank)
    return false;
  llvm::SmallVector<bool, 8> seen(rank, false);
  for (int64_t p : perm) {
    if (p < 0 || p >= int64_t(rank) || seen[p])
      return false;
    seen[p] = true;
  }
  return true;
}

/// Elements [start, start + step * count) along `axis`.
Tensor sliceAxis(const Tensor &t, int64_t axis, int64_t start, int64_t step, int64_t count) {
  Shape strides = getStrides(t.getShape());
  Shape outShape(t.getShape().begin(), t.getShape().end()), outStrides = strides;
  outShape[axis] = count;
  outStrides[axis] = strides[axis] * step;
  return copyStrided(t, outShape, outStrides, start * strides[axis]);
}

/// `self` with the elements [start, start + step * count) along `axis`
/// replaced by `src` (whose shape is self's with `count` at `axis`).
std::optional<Tensor> scatterAxis(EvalContext &ctx, const Tensor &self, const Tensor &src,
                                  int64_t axis, int64_t start, int64_t step, int64_t count) {
  Shape expected(self.getShape().begin(), self.getShape().end());
  expected[axis] = count;
  if (src.getDType() != self.getDType() || llvm::ArrayRef<int64_t>(expected) != src.getShape())
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(self.getDType(), self.getShape());
  if (!out)
    return std::nullopt;
  out->copyElements(0, self, 0, self.getNumElements());
  Shape strides = getStrides(self.getShape());
  Shape counter(expected.size(), 0);
  for (int64_t i = 0, n = src.getNumElements(); i != n; ++i) {
    int64_t at = 0;
    for (size_t d = 0; d != expected.size(); ++d)
      at += (int64_t(d) == axis ? start + counter[d] * step : counter[d]) * strides[d];
    out->copyElements(at, src, i);
    for (size_t d = expected.size(); d-- > 0;) {
      if (++counter[d] < expected[d])
        break;
      counter[d] = 0;
    }
  }
  return out;
}

/// The tensors concatenated along `axis`; all have `dtype` and equal dims
/// elsewhere.
std::optional<Tensor> concatenate(EvalContext &ctx, llvm::ArrayRef<Tensor> inputs, int64_t axis,
                                  DType dtype) {
  if (inputs.empty())
    return ctx.fail();
  Shape shape(inputs[0].getShape().begin(), inputs[0].getShape().end());
  if (axis < 0 || axis >= int64_t(shape.size()))
    return ctx.fail();
  shape[axis] = 0;
  for (const Tensor &t : inputs) {
    if (t.getDType() != dtype || t.getRank() != shape.size())
      return ctx.fail();
    for (size_t d = 0; d != shape.size(); ++d)
      if (int64_t(d) != axis && t.getShape()[d] != shape[d])
        return ctx.fail();
    shape[axis] += t.getShape()[axis];
  }
  std::optional<Tensor> out = ctx.allocate(dtype, shape);
  if (!out)
    return std::nullopt;
  int64_t outer = getNumElements(llvm::ArrayRef<int64_t>(shape).take_front(axis));
  int64_t at = 0;
  for (int64_t o = 0; o != outer; ++o) {
    for (const Tensor &t : inputs) {
      int64_t block = getNumElements(t.getShape().drop_front(axis));
      out->copyElements(at, t, o * block, block);
      at += block;
    }
  }
  return out;
}

/// `data` gathered at `indices` along `axis`: the result's dims are data's
/// before the axis, the indices', then data's after. Negative indices count
/// from the end.
std::optional<Tensor> gather(EvalContext &ctx, const Tensor &data, const Tensor &indices,
                             int64_t axis) {
  std::optional<Shape> idx = intsOf(ctx, &indices);
  if (!idx)
    return std::nullopt;
  int64_t dim = data.getShape()[axis];
  for (int64_t &i : *idx) {
    if (i < -dim || i >= dim)
      return ctx.fail();
    if (i < 0)
      i += dim;
  }
  Shape shape(data.getShape().take_front(axis));
  shape.append(indices.getShape().begin(), indices.getShape().end());
  shape.append(data.getShape().begin() + axis + 1, data.getShape().end());
  std::optional<Tensor> out = ctx.allocate(data.getDType(), shape);
  if (!out)
    return std::nullopt;
  int64_t outer = getNumElements(data.getShape().take_front(axis));
  int64_t inner = getNumElements(data.getShape().drop_front(axis + 1));
  int64_t at = 0;
  for (int64_t o = 0; o != outer; ++o)
    for (int64_t i : *idx) {
      out->copyElements(at, data, (o * dim + i) * inner, inner);
      at += inner;
    }
  return out;
}

/// `t` broadcast to `shape`.
Tensor broadcastTo(const Tensor &t, llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 0), inStrides = getStrides(t.getShape());
  size_t lead = shape.size() - t.getRank();
  for (size_t d = 0; d != t.getRank(); ++d)
    if (t.getShape()[d] != 1)
      strides[lead + d] = inStrides[d];
  return copyStrided(t, shape, strides, 0);
}

/// A tensor of `shape` filled with element 0 of `value`.
std::optional<Tensor> filled(EvalContext &ctx, DType dtype, llvm::ArrayRef<int64_t> shape,
                             const Tensor &value) {
  std::optional<Tensor> one = castTo(value, dtype);
  if (!one || one->getNumElements() != 1)
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(dtype, shape);
  if (!out)
    return std::nullopt;
  for (int64_t i = 0, n = out->getNumElements(); i != n; ++i)
    out->copyElements(i, *one, 0);
  return out;
}

/// The static dims of `type`, or a failure.
std::optional<Shape> staticDims(EvalContext &ctx, const ir::Type &type) {
  if (!type.isTensor() || !type.isRanked() || !type.hasStaticShape())
    return ctx.fail();
  Shape dims;
  for (const ir::Dim &d : type.getShape())
    dims.push_back(d.getSize());
  return dims;
}

/// The dims of operand `i`: its value's when the evaluation has it, else the
/// static dims of its type, or a failure.
std::optional<Shape> operandDims(EvalContext &ctx, unsigned i) {
  if (const Tensor *t = ctx.operand(i))
    return Shape(t->getShape().begin(), t->getShape().end());
  return staticDims(ctx, ctx.operandType(i));
}

/// The shape `request` asks of a tensor of `numElements` elements: one -1
/// is inferred; with `copyZeros` (ONNX without allowzero) a 0 copies the
/// input dim.
std::optional<Shape> resolveShape(EvalContext &ctx, llvm::ArrayRef<int64_t> request,
                                  llvm::ArrayRef<int64_t> input, bool copyZeros) {
  Shape shape(request.begin(), request.end());
  int64_t known = 1, inferred = -1;
  for (size_t d = 0; d != shape.size(); ++d) {
    if (shape[d] == 0 && copyZeros) {
      if (d >= input.size())
        return ctx.fail();
      shape[d] = input[d];
    }
    if (shape[d] == -1) {
      if (inferred >= 0)
        return ctx.fail();
      inferred = int64_t(d);
      continue;
    }
    if (shape[d] < 0)
      return ctx.fail();
    known *= shape[d];
  }
  int64_t total = getNumElements(input);
  if (inferred >= 0) {
    if (known == 0 || total % known != 0)
      return ctx.fail();
    shape[inferred] = total / known;
  } else if (known != total) {
    return ctx.fail();
  }
  return shape;
}

/// Unsqueeze: `axes` refer to the result.
std::optional<Tensor> unsqueeze(EvalContext &ctx, const Tensor &t, llvm::ArrayRef<int64_t> axes) {
  int64_t rank = int64_t(t.getRank() + axes.size());
  llvm::SmallVector<bool, 8> inserted(rank, false);
  for (int64_t a : axes) {
    std::optional<int64_t> n = axisOf(ctx, a, rank);
    if (!n || inserted[*n])
      return ctx.fail();
    inserted[*n] = true;
  }
  Shape shape;
  size_t next = 0;
  for (int64_t d = 0; d != rank; ++d)
    shape.push_back(inserted[d] ? 1 : t.getShape()[next++]);
  return t.reshaped(shape);
}

/// Squeeze: `axes` refer to the input; without axes every 1 goes.
std::optional<Tensor> squeeze(EvalContext &ctx, const Tensor &t,
                              std::optional<llvm::ArrayRef<int64_t>> axes, bool skipNonOnes) {
  llvm::SmallVector<bool, 8> removed(t.getRank(), false);
  for (size_t d = 0; d != t.getRank(); ++d)
    removed[d] = !axes && t.getShape()[d] == 1;
  if (axes) {
    for (int64_t a : *axes) {
      // torch's squeeze of a rank-0 tensor at dim 0 or -1 is a no-op.
      if (t.getRank() == 0 && (a == 0 || a == -1) && skipNonOnes)
        continue;
      std::optional<int64_t> n = axisOf(ctx, a, int64_t(t.getRank()));
      if (!n)
        return std::nullopt;
      if (t.getShape()[*n] == 1)
        removed[*n] = true;
      else if (!skipNonOnes)
        return ctx.fail();
    }
  }
  Shape shape;
  for (size_t d = 0; d != t.getRank(); ++d)
    if (!removed[d])
      shape.push_back(t.getShape()[d]);
  return t.reshaped(shape);
}

/// The number of elements of a range from `start` to `end` (excluded) by
/// `step` (not 0); nullopt when it overflows.
std::optional<int64_t> rangeCount(int64_t start, int64_t end, int64_t step) {
  int64_t span;
  if (step == std::numeric_limits<int64_t>::min() || __builtin_sub_overflow(end, start, &span))
    return std::nullopt;
  if (step > 0)
    return span > 0 ? (span - 1) / step + 1 : 0;
  return span < 0 ? (-(span + 1)) / -step + 1 : 0;
}

/// Python-style slice bounds of a dim of size `dim` (step not 0): start and
/// end clamped into the dim; the element count.
int64_t clampSlice(int64_t &start, int64_t &end, int64_t step, int64_t dim) {
  int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? dim : dim - 1;
  start = start < 0 ? std::max<int64_t>(start + dim, lo) : std::min(start, hi);
  end = end < 0 ? std::max<int64_t>(end + dim, lo) : std::min(end, hi);
  return *rangeCount(start, end, step);
}

//===----------------------------------------------------------------------===//
// ONNX
//===----------------------------------------------------------------------===//

std::optional<EvalResults> onnxShape(EvalContext &ctx) {
  const ir::Type &type = ctx.operandType(0);
  const Tensor *value = ctx.operand(0);
  if (!value && (!type.isTensor() || !type.isRanked()))
    return ctx.fail();
  int64_t rank = value ? int64_t(value->getRank()) : int64_t(type.getRank());
  auto clampBound = [rank](int64_t v) {
    return std::clamp<int64_t>(v < 0 ? v + rank : v, 0, rank);
  };
  int64_t start = clampBound(ctx.getInt("start", 0));
  int64_t end = clampBound(ctx.getInt("end", rank));
  Shape dims;
  for (int64_t d = start; d < end; ++d) {
    if (value) {
      dims.push_back(value->getShape()[d]);
      continue;
    }
    const ir::Dim &dim = type.getShape()[d];
    if (!dim.isStatic())
      return ctx.fail();
    dims.push_back(dim.getSize());
  }
  std::optional<Tensor> out = ctx.allocate(DType::Int64, {int64_t(dims.size())});
  if (!out)
    return std::nullopt;
  for (auto [i, d] : llvm::enumerate(dims))
    out->setInt(int64_t(i), d);
  return single(std::move(out));
}

std::optional<EvalResults> onnxSize(EvalContext &ctx) {
  std::optional<Shape> dims = operandDims(ctx, 0);
  if (!dims)
    return std::nullopt;
  return single(Tensor::scalarInt(DType::Int64, getNumElements(*dims)));
}

std::optional<EvalResults> onnxReshape(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  std::optional<Shape> request = intsOf(ctx, ctx.operand(1));
  if (!data || !request)
    return ctx.fail();
  bool allowZero = ctx.getInt("allowzero", 0) != 0;
  std::optional<Shape> shape = resolveShape(ctx, *request, data->getShape(), !allowZero);
  if (!shape)
    return std::nullopt;
  return single(data->reshaped(*shape));
}

std::optional<EvalResults> onnxFlatten(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  if (!data)
    return ctx.fail();
  int64_t rank = int64_t(data->getRank());
  int64_t axis = ctx.getInt("axis", 1);
  if (axis < -rank || axis > rank)
    return ctx.fail();
  if (axis < 0)
    axis += rank;
  int64_t outer = getNumElements(data->getShape().take_front(axis));
  return single(data->reshaped({outer, data->getNumElements() / std::max<int64_t>(outer, 1)}));
}

std::optional<EvalResults> onnxTranspose(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  if (!data)
    return ctx.fail();
  Shape reversed(data->getRank());
  std::iota(reversed.rbegin(), reversed.rend(), 0);
  Shape perm = ctx.getIntList("perm", reversed);
  if (!isPermutation(perm, data->getRank()))
    return ctx.fail();
  if (!ctx.withinLimit(data->getShape()))
    return std::nullopt;
  return single(transposed(*data, perm));
}

std::optional<EvalResults> onnxSlice(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  std::optional<Shape> starts = intsOf(ctx, ctx.operand(1)), ends = intsOf(ctx, ctx.operand(2));
  if (!data || !starts || !ends || starts->size() != ends->size())
    return ctx.fail();
  int64_t rank = int64_t(data->getRank());
  Shape axes(starts->size()), steps(starts->size(), 1);
  std::iota(axes.begin(), axes.end(), 0);
  if (!ctx.isNone(3)) {
    std::optional<Shape> a = intsOf(ctx, ctx.operand(3));
    if (!a || a->size() != starts->size())
      return ctx.fail();
    axes = *a;
  }
  if (!ctx.isNone(4)) {
    std::optional<Shape> s = intsOf(ctx, ctx.operand(4));
    if (!s || s->size() != starts->size())
      return ctx.fail();
    steps = *s;
  }
  Shape inStrides = getStrides(data->getShape());
  Shape shape(data->getShape().begin(), data->getShape().end()), strides = inStrides;
  llvm::SmallVector<bool, 8> seen(rank, false);
  int64_t offset = 0;
  for (size_t i = 0; i != axes.size(); ++i) {
    std::optional<int64_t> axis = axisOf(ctx, axes[i], rank);
    if (!axis || seen[*axis] || steps[i] == 0)
      return ctx.fail();
    seen[*axis] = true;
    int64_t start = (*starts)[i], end = (*ends)[i];
    shape[*axis] = clampSlice(start, end, steps[i], data->getShape()[*axis]);
    strides[*axis] = inStrides[*axis] * steps[i];
    if (shape[*axis] > 0)
      offset += start * inStrides[*axis];
  }
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  return single(copyStrided(*data, shape, strides, offset));
}

std::optional<EvalResults> onnxConcat(EvalContext &ctx) {
  llvm::SmallVector<Tensor, 4> inputs;
  for (unsigned i = 0, e = ctx.getNumOperands(); i != e; ++i) {
    if (!ctx.operand(i))
      return ctx.fail();
    inputs.push_back(*ctx.operand(i));
  }
  if (inputs.empty())
    return ctx.fail();
  std::optional<int64_t> axis = axisOf(ctx, ctx.getInt("axis", 0), int64_t(inputs[0].getRank()));
  if (!axis)
    return std::nullopt;
  return single(concatenate(ctx, inputs, *axis, inputs[0].getDType()));
}

std::optional<EvalResults> onnxGather(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0), *indices = ctx.operand(1);
  if (!data || !indices)
    return ctx.fail();
  std::optional<int64_t> axis = axisOf(ctx, ctx.getInt("axis", 0), int64_t(data->getRank()));
  if (!axis)
    return std::nullopt;
  return single(gather(ctx, *data, *indices, *axis));
}

/// Axes from the second input (opset 13) or the `axes` attribute.
std::optional<Shape> onnxAxes(EvalContext &ctx, unsigned operandIndex) {
  if (!ctx.isNone(operandIndex))
    return intsOf(ctx, ctx.operand(operandIndex));
  return ctx.getOptionalIntList("axes");
}

std::optional<EvalResults> onnxUnsqueeze(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  std::optional<Shape> axes = onnxAxes(ctx, 1);
  if (!data || !axes)
    return ctx.fail();
  return single(unsqueeze(ctx, *data, *axes));
}

std::optional<EvalResults> onnxSqueeze(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  if (!data)
    return ctx.fail();
  std::optional<Shape> axes = onnxAxes(ctx, 1);
  if (ctx.hasFailed())
    return std::nullopt;
  std::optional<llvm::ArrayRef<int64_t>> axesRef;
  if (axes)
    axesRef = *axes;
  return single(squeeze(ctx, *data, axesRef, /*skipNonOnes=*/false));
}

std::optional<EvalResults> onnxExpand(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  std::optional<Shape> request = intsOf(ctx, ctx.operand(1));
  if (!data || !request)
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({data->getShape(), *request});
  if (!shape)
    return std::nullopt;
  if (!ctx.withinLimit(*shape))
    return std::nullopt;
  return single(broadcastTo(*data, *shape));
}

/// `data` repeated `repeats[d]` times along each dim d (same rank).
std::optional<Tensor> tile(EvalContext &ctx, const Tensor &data, llvm::ArrayRef<int64_t> repeats) {
  Shape shape;
  for (size_t d = 0; d != data.getRank(); ++d) {
    if (repeats[d] < 0)
      return ctx.fail();
    shape.push_back(data.getShape()[d] * repeats[d]);
  }
  std::optional<Tensor> out = ctx.allocate(data.getDType(), shape);
  if (!out)
    return std::nullopt;
  Shape inStrides = getStrides(data.getShape());
  Shape counter(shape.size(), 0);
  for (int64_t o = 0, n = out->getNumElements(); o != n; ++o) {
    int64_t at = 0;
    for (size_t d = 0; d != shape.size(); ++d)
      at += (counter[d] % data.getShape()[d]) * inStrides[d];
    out->copyElements(o, data, at);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++counter[d] < shape[d])
        break;
      counter[d] = 0;
    }
  }
  return out;
}

std::optional<EvalResults> onnxTile(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  std::optional<Shape> repeats = intsOf(ctx, ctx.operand(1));
  if (!data || !repeats || repeats->size() != data->getRank())
    return ctx.fail();
  return single(tile(ctx, *data, *repeats));
}

/// Range: integers exactly; floats by repeated addition in the element type,
/// as onnxruntime computes them.
std::optional<EvalResults> onnxRange(EvalContext &ctx) {
  const Tensor *start = ctx.operand(0), *limit = ctx.operand(1), *delta = ctx.operand(2);
  if (!start || !limit || !delta || start->getNumElements() != 1 || limit->getNumElements() != 1 ||
      delta->getNumElements() != 1)
    return ctx.fail();
  DType t = start->getDType();
  NumericKind kind = getNumericKind(t);
  if (kind == NumericKind::Float) {
    double s = start->getDouble(0), l = limit->getDouble(0), d = delta->getDouble(0);
    double count = std::ceil((l - s) / d);
    if (!(d != 0) || !(count <= double(ctx.getLimit())))
      return ctx.fail();
    std::optional<Tensor> out = ctx.allocate(t, {std::max<int64_t>(int64_t(count), 0)});
    if (!out)
      return std::nullopt;
    Tensor acc = Tensor::scalarDouble(t, s), step = Tensor::scalarDouble(t, d);
    for (int64_t i = 0, n = out->getNumElements(); i != n; ++i) {
      out->copyElements(i, acc, 0);
      acc.setDouble(0, acc.getDouble(0) + step.getDouble(0));
    }
    return single(std::move(out));
  }
  if (kind != NumericKind::Integer)
    return ctx.fail();
  int64_t s = start->getInt(0), l = limit->getInt(0), d = delta->getInt(0);
  std::optional<int64_t> count = d ? rangeCount(s, l, d) : std::nullopt;
  if (!count)
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(t, {*count});
  if (!out)
    return std::nullopt;
  for (int64_t i = 0; i != *count; ++i)
    out->setInt(i, s + i * d);
  return single(std::move(out));
}

std::optional<EvalResults> onnxConstantOfShape(EvalContext &ctx) {
  std::optional<Shape> shape = intsOf(ctx, ctx.operand(0));
  if (!shape)
    return std::nullopt;
  Tensor value = Tensor::scalarDouble(DType::Float32, 0);
  if (const ir::Attribute *a = ctx.getOp().getAttr("value")) {
    if (a->getKind() != ir::Attribute::Kind::Dense || a->getDense().getNumElements() != 1)
      return ctx.fail();
    value = Tensor::fromDense(a->getDense());
  }
  if (value.getDType() != ctx.resultDType())
    return ctx.fail();
  return single(filled(ctx, value.getDType(), *shape, value));
}

/// ScatterND without reduction: `updates` written at the index tuples of
/// `indices` (the last dim indexes data's leading dims).
std::optional<EvalResults> onnxScatterND(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0), *indices = ctx.operand(1), *updates = ctx.operand(2);
  if (!data || !indices || !updates || ctx.getString("reduction", "none") != "none" ||
      indices->getRank() == 0 || updates->getDType() != data->getDType())
    return ctx.fail();
  std::optional<Shape> idx = intsOf(ctx, indices);
  std::optional<Tensor> out = ctx.allocate(data->getDType(), data->getShape());
  if (!idx || !out)
    return std::nullopt;
  out->copyElements(0, *data, 0, data->getNumElements());
  int64_t k = indices->getShape().back();
  if (k > int64_t(data->getRank()))
    return ctx.fail();
  int64_t tuples = indices->getNumElements() / std::max<int64_t>(k, 1);
  int64_t slice = getNumElements(data->getShape().drop_front(k));
  if (k == 0)
    tuples = getNumElements(indices->getShape().drop_back());
  if (updates->getNumElements() != tuples * slice)
    return ctx.fail();
  Shape strides = getStrides(data->getShape());
  for (int64_t t = 0; t != tuples; ++t) {
    int64_t at = 0;
    for (int64_t j = 0; j != k; ++j) {
      int64_t i = (*idx)[t * k + j], dim = data->getShape()[j];
      if (i < -dim || i >= dim)
        return ctx.fail();
      at += (i < 0 ? i + dim : i) * strides[j];
    }
    out->copyElements(at, *updates, t * slice, slice);
  }
  return single(std::move(out));
}

std::optional<EvalResults> onnxSplit(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  if (!data)
    return ctx.fail();
  std::optional<int64_t> axis = axisOf(ctx, ctx.getInt("axis", 0), int64_t(data->getRank()));
  if (!axis)
    return std::nullopt;
  int64_t dim = data->getShape()[*axis];
  unsigned parts = ctx.getOp().getNumResults();
  Shape sizes;
  if (!ctx.isNone(1)) {
    std::optional<Shape> s = intsOf(ctx, ctx.operand(1));
    if (!s)
      return std::nullopt;
    sizes = *s;
  } else if (std::optional<Shape> s = ctx.getOptionalIntList("split")) {
    sizes = *s;
  } else {
    // Equal parts, the last smaller (num_outputs of opset 18).
    int64_t part = (dim + parts - 1) / parts;
    for (unsigned i = 0; i != parts; ++i)
      sizes.push_back(std::clamp<int64_t>(dim - i * part, 0, part));
  }
  if (sizes.size() != parts || std::accumulate(sizes.begin(), sizes.end(), int64_t(0)) != dim)
    return ctx.fail();
  EvalResults results;
  int64_t start = 0;
  for (int64_t size : sizes) {
    if (size < 0)
      return ctx.fail();
    results.push_back(sliceAxis(*data, *axis, start, 1, size));
    start += size;
  }
  return results;
}

//===----------------------------------------------------------------------===//
// ATen
//===----------------------------------------------------------------------===//

std::optional<EvalResults> atenView(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  std::optional<Shape> size = ctx.getOptionalIntList(ctx.has("size") ? "size" : "shape");
  if (!self || !size)
    return ctx.fail();
  std::optional<Shape> shape = resolveShape(ctx, *size, self->getShape(), false);
  if (!shape)
    return std::nullopt;
  return single(self->reshaped(*shape));
}

std::optional<EvalResults> atenFlatten(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  int64_t rank = std::max<int64_t>(int64_t(self->getRank()), 1);
  std::optional<int64_t> start = axisOf(ctx, ctx.getInt("start_dim", 0), rank),
                         end = axisOf(ctx, ctx.getInt("end_dim", -1), rank);
  if (!start || !end || *start > *end)
    return ctx.fail();
  if (self->getRank() == 0)
    return single(self->reshaped({1}));
  Shape shape(self->getShape().take_front(*start));
  shape.push_back(getNumElements(self->getShape().slice(*start, *end - *start + 1)));
  shape.append(self->getShape().begin() + *end + 1, self->getShape().end());
  return single(self->reshaped(shape));
}

std::optional<EvalResults> atenPermute(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !ctx.withinLimit(self->getShape()))
    return std::nullopt;
  Shape perm = ctx.getIntList("dims");
  int64_t rank = int64_t(self->getRank());
  for (int64_t &p : perm)
    if (p < 0)
      p += rank;
  if (!isPermutation(perm, self->getRank()))
    return ctx.fail();
  return single(transposed(*self, perm));
}

std::optional<EvalResults> atenTranspose(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !ctx.withinLimit(self->getShape()))
    return std::nullopt;
  int64_t rank = int64_t(self->getRank());
  Shape perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  if (ctx.getOp().isa("aten.t.default")) {
    if (rank == 2)
      std::swap(perm[0], perm[1]);
    else if (rank > 2)
      return ctx.fail();
    return single(transposed(*self, perm));
  }
  if (rank == 0)
    return single(*self);
  std::optional<int64_t> a = axisOf(ctx, ctx.getInt("dim0", 0), rank),
                         b = axisOf(ctx, ctx.getInt("dim1", 0), rank);
  if (!a || !b)
    return std::nullopt;
  std::swap(perm[*a], perm[*b]);
  return single(transposed(*self, perm));
}

std::optional<EvalResults> atenSlice(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  int64_t step = ctx.getInt("step", 1);
  if (!dim || step <= 0)
    return ctx.fail();
  int64_t size = self->getShape()[*dim];
  int64_t start = ctx.getInt("start", 0);
  int64_t end = ctx.getInt("end", std::numeric_limits<int64_t>::max());
  int64_t count = clampSlice(start, end, step, size);
  return single(sliceAxis(*self, *dim, count ? start : 0, step, count));
}

std::optional<EvalResults> atenSliceScatter(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *src = ctx.tensor("src");
  if (!self || !src || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  int64_t step = ctx.getInt("step", 1);
  if (!dim || step <= 0)
    return ctx.fail();
  int64_t start = ctx.getInt("start", 0);
  int64_t end = ctx.getInt("end", std::numeric_limits<int64_t>::max());
  int64_t count = clampSlice(start, end, step, self->getShape()[*dim]);
  return single(scatterAxis(ctx, *self, *src, *dim, count ? start : 0, step, count));
}

std::optional<EvalResults> atenSelectScatter(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *src = ctx.tensor("src");
  if (!self || !src || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  if (!dim)
    return std::nullopt;
  std::optional<int64_t> index = axisOf(ctx, ctx.getInt("index", 0), self->getShape()[*dim]);
  std::optional<Tensor> slab = unsqueeze(ctx, *src, {*dim});
  if (!index || !slab)
    return std::nullopt;
  return single(scatterAxis(ctx, *self, *slab, *dim, *index, 1, 1));
}

std::optional<EvalResults> atenSelect(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  if (!dim)
    return std::nullopt;
  std::optional<int64_t> index = axisOf(ctx, ctx.getInt("index", 0), self->getShape()[*dim]);
  if (!index)
    return std::nullopt;
  Tensor picked = sliceAxis(*self, *dim, *index, 1, 1);
  Shape shape(self->getShape().begin(), self->getShape().end());
  shape.erase(shape.begin() + *dim);
  return single(picked.reshaped(shape));
}

/// cat and stack: inputs converted to the result type; cat skips the legacy
/// empty 1-D tensors torch skips.
std::optional<EvalResults> atenCat(EvalContext &ctx) {
  llvm::SmallVector<const Tensor *, 4> list = ctx.tensorList("tensors");
  if (ctx.hasFailed() || list.empty())
    return ctx.fail();
  bool stack = ctx.getOp().isa("aten.stack.default");
  llvm::SmallVector<Tensor, 4> inputs;
  for (const Tensor *t : list) {
    if (!stack && t->getRank() == 1 && t->getShape()[0] == 0 && list.size() > 1)
      continue;
    std::optional<Tensor> c = castTo(*t, ctx.resultDType());
    if (!c)
      return ctx.fail();
    inputs.push_back(std::move(*c));
  }
  if (inputs.empty())
    return single(castTo(*list[0], ctx.resultDType()));
  int64_t rank = int64_t(inputs[0].getRank()) + (stack ? 1 : 0);
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), rank);
  if (!dim)
    return std::nullopt;
  if (stack)
    for (Tensor &t : inputs) {
      std::optional<Tensor> u = unsqueeze(ctx, t, {*dim});
      if (!u)
        return std::nullopt;
      t = std::move(*u);
    }
  return single(concatenate(ctx, inputs, *dim, ctx.resultDType()));
}

std::optional<EvalResults> atenIndexSelect(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *index = ctx.tensor("index");
  if (!self || !index || index->getRank() > 1)
    return ctx.fail();
  if (self->getRank() == 0)
    return single(*self);
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  if (!dim)
    return std::nullopt;
  return single(gather(ctx, *self, index->reshaped({index->getNumElements()}), *dim));
}

/// embedding: rows of the weight.
std::optional<EvalResults> atenEmbedding(EvalContext &ctx) {
  const Tensor *weight = ctx.tensor("weight"), *indices = ctx.tensor("indices");
  if (!weight || !indices || weight->getRank() != 2)
    return ctx.fail();
  return single(gather(ctx, *weight, *indices, 0));
}

/// repeat: as Tile, with leading dims added when there are more repeats
/// than dims.
std::optional<EvalResults> atenRepeat(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  Shape repeats = ctx.getIntList("repeats");
  if (!self || repeats.size() < self->getRank())
    return ctx.fail();
  Shape shape(repeats.size() - self->getRank(), 1);
  shape.append(self->getShape().begin(), self->getShape().end());
  return single(tile(ctx, self->reshaped(shape), repeats));
}

std::optional<EvalResults> atenUnsqueeze(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  return single(unsqueeze(ctx, *self, {ctx.getInt("dim", 0)}));
}

std::optional<EvalResults> atenSqueeze(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  std::optional<Shape> dims = ctx.getOptionalIntList("dim");
  std::optional<llvm::ArrayRef<int64_t>> axes;
  if (dims)
    axes = *dims;
  return single(squeeze(ctx, *self, axes, /*skipNonOnes=*/true));
}

/// expand: -1 keeps a dim; new dims lead.
std::optional<EvalResults> atenExpand(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  std::optional<Shape> size = ctx.getOptionalIntList("size");
  if (!self || !size || size->size() < self->getRank())
    return ctx.fail();
  size_t lead = size->size() - self->getRank();
  for (size_t d = 0; d != size->size(); ++d) {
    int64_t &s = (*size)[d];
    if (d >= lead) {
      int64_t in = self->getShape()[d - lead];
      if (s == -1)
        s = in;
      if (in != 1 && in != s)
        return ctx.fail();
    }
    if (s < 0)
      return ctx.fail();
  }
  if (!ctx.withinLimit(*size))
    return std::nullopt;
  return single(broadcastTo(*self, *size));
}

/// Advanced indexing with integer index tensors: the index tensors
/// broadcast; their dims replace the indexed dims where those are adjacent,
/// or lead the result otherwise.
std::optional<EvalResults> atenIndex(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  llvm::SmallVector<const Tensor *, 4> indices = ctx.optionalTensorList("indices");
  if (!self || ctx.hasFailed() || indices.size() > self->getRank() ||
      llvm::all_of(indices, [](const Tensor *t) { return t == nullptr; }))
    return ctx.fail();
  llvm::SmallVector<llvm::ArrayRef<int64_t>, 4> shapes;
  llvm::SmallVector<unsigned, 4> indexed;
  for (auto [d, t] : llvm::enumerate(indices)) {
    if (!t)
      continue;
    if (getNumericKind(t->getDType()) != NumericKind::Integer)
      return ctx.fail(); // boolean masks have data-dependent shapes
    shapes.push_back(t->getShape());
    indexed.push_back(unsigned(d));
  }
  std::optional<Shape> indexShape = ctx.broadcast(shapes);
  if (!indexShape)
    return std::nullopt;
  bool adjacent = indexed.back() - indexed.front() + 1 == indexed.size();
  size_t rank = self->getRank();
  // Result dims: [before..., index..., after...] when adjacent, else
  // [index..., the other dims...].
  Shape shape, otherDims;
  for (size_t d = 0; d != rank; ++d)
    if (!llvm::is_contained(indexed, unsigned(d)))
      otherDims.push_back(int64_t(d));
  size_t insertAt = adjacent ? indexed.front() : 0;
  for (size_t i = 0; i != otherDims.size(); ++i) {
    if (i == insertAt)
      shape.append(indexShape->begin(), indexShape->end());
    shape.push_back(self->getShape()[otherDims[i]]);
  }
  if (insertAt == otherDims.size())
    shape.append(indexShape->begin(), indexShape->end());
  std::optional<Tensor> out = ctx.allocate(self->getDType(), shape);
  if (!out)
    return std::nullopt;
  llvm::SmallVector<std::vector<int64_t>, 4> positions;
  llvm::SmallVector<Shape, 4> values;
  for (unsigned d : indexed) {
    positions.push_back(numerics::broadcastIndices(indices[d]->getShape(), *indexShape));
    std::optional<Shape> v = intsOf(ctx, indices[d]);
    if (!v)
      return std::nullopt;
    int64_t dim = self->getShape()[d];
    for (int64_t &i : *v) {
      if (i < -dim || i >= dim)
        return ctx.fail();
      if (i < 0)
        i += dim;
    }
    values.push_back(std::move(*v));
  }
  Shape strides = getStrides(self->getShape());
  size_t indexRank = indexShape->size();
  Shape counter(shape.size(), 0);
  for (int64_t o = 0, n = out->getNumElements(); o != n; ++o) {
    int64_t indexLinear = 0;
    for (size_t k = 0; k != indexRank; ++k)
      indexLinear = indexLinear * (*indexShape)[k] + counter[insertAt + k];
    int64_t at = 0;
    for (size_t k = 0; k != indexed.size(); ++k)
      at += values[k][positions[k][indexLinear]] * strides[indexed[k]];
    for (size_t i = 0; i != otherDims.size(); ++i) {
      size_t resultDim = i < insertAt ? i : i + indexRank;
      at += counter[resultDim] * strides[otherDims[i]];
    }
    out->copyElements(o, *self, at);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++counter[d] < shape[d])
        break;
      counter[d] = 0;
    }
  }
  return single(std::move(out));
}

/// arange: `start + i * step` in double, converted to the result type (a
/// float range counts its elements in double, as torch does).
std::optional<EvalResults> atenArange(EvalContext &ctx) {
  std::optional<ScalarOrTensor> start = ctx.scalarOrTensor("start"),
                                end = ctx.scalarOrTensor("end"), step = ctx.scalarOrTensor("step");
  if (!end || ctx.hasFailed())
    return ctx.fail();
  DType t = ctx.resultDType();
  NumericKind kind = getNumericKind(t);
  bool integral =
      kind == NumericKind::Integer &&
      llvm::all_of(
          std::initializer_list<const std::optional<ScalarOrTensor> *>{&start, &end, &step},
          [](const std::optional<ScalarOrTensor> *v) {
            return !*v || !ir::isFloatingPoint((*v)->value.getDType());
          });
  if (integral) {
    int64_t s = start ? start->value.getInt(0) : 0, e = end->value.getInt(0),
            d = step ? step->value.getInt(0) : 1;
    std::optional<int64_t> count = d ? rangeCount(s, e, d) : std::nullopt;
    if (!count)
      return ctx.fail();
    std::optional<Tensor> out = ctx.allocate(t, {*count});
    if (!out)
      return std::nullopt;
    for (int64_t i = 0; i != *count; ++i)
      out->setInt(i, s + i * d);
    return single(std::move(out));
  }
  if (kind != NumericKind::Float)
    return ctx.fail();
  double s = start ? start->value.getDouble(0) : 0, e = end->value.getDouble(0),
         d = step ? step->value.getDouble(0) : 1;
  double count = std::ceil((e - s) / d);
  if (!(d != 0) || !(count >= 0 && count <= double(ctx.getLimit())))
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(t, {int64_t(count)});
  if (!out)
    return std::nullopt;
  for (int64_t i = 0, n = int64_t(count); i != n; ++i)
    out->setDouble(i, s + double(i) * d);
  return single(std::move(out));
}

/// full, zeros, ones and their new_* and *_like forms; `fill` is the value
/// when there is no fill_value argument.
template <int fill> std::optional<EvalResults> atenFull(EvalContext &ctx) {
  std::optional<Shape> size;
  if (ctx.has("size")) {
    size = ctx.getOptionalIntList("size");
  } else if (ctx.has("self")) { // *_like: the shape of self's type
    size = operandDims(ctx, 0);
  }
  if (!size || ctx.hasFailed())
    return ctx.fail();
  Tensor value = Tensor::scalarInt(DType::Int64, fill);
  if (ctx.has("fill_value")) {
    std::optional<ScalarOrTensor> v = ctx.scalarOrTensor("fill_value");
    if (!v)
      return ctx.fail();
    value = v->value;
  }
  return single(filled(ctx, ctx.resultDType(), *size, value));
}

/// fill: self's shape, every element `value`.
std::optional<EvalResults> atenFill(EvalContext &ctx) {
  std::optional<Shape> shape = operandDims(ctx, 0);
  std::optional<ScalarOrTensor> value = ctx.scalarOrTensor("value");
  if (!shape || !value)
    return ctx.fail();
  return single(filled(ctx, ctx.resultDType(), *shape, value->value));
}

std::optional<EvalResults> atenScalarTensor(EvalContext &ctx) {
  std::optional<ScalarOrTensor> v = ctx.scalarOrTensor("s");
  if (!v)
    return ctx.fail();
  return single(filled(ctx, ctx.resultDType(), {}, v->value));
}

std::optional<EvalResults> atenSymSize(EvalContext &ctx) {
  const ir::Type &type = ctx.operandType(0);
  const Tensor *value = ctx.operand(0);
  if (!value && (!type.isTensor() || !type.isRanked()))
    return ctx.fail();
  int64_t rank = value ? int64_t(value->getRank()) : int64_t(type.getRank());
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), rank);
  if (!dim)
    return ctx.fail();
  if (value)
    return single(Tensor::scalarInt(DType::Int64, value->getShape()[*dim]));
  if (!type.getShape()[*dim].isStatic())
    return ctx.fail();
  return single(Tensor::scalarInt(DType::Int64, type.getShape()[*dim].getSize()));
}

std::optional<EvalResults> atenNumel(EvalContext &ctx) {
  std::optional<Shape> dims = operandDims(ctx, 0);
  if (!dims)
    return std::nullopt;
  return single(Tensor::scalarInt(DType::Int64, getNumElements(*dims)));
}

} // namespace

void registerShapeRules(EvalRegistry &r) {
  // ONNX.
  r.addTypeOnly("onnx.Shape", onnxShape);
  r.addTypeOnly("onnx.Size", onnxSize);
  r.add("onnx.Reshape", onnxReshape);
  r.add("onnx.Flatten", onnxFlatten);
  r.add("onnx.Transpose", onnxTranspose);
  r.add("onnx.Slice", onnxSlice);
  r.add("onnx.Concat", onnxConcat);
  r.add("onnx.Gather", onnxGather);
  r.add("onnx.Unsqueeze", onnxUnsqueeze);
  r.add("onnx.Squeeze", onnxSqueeze);
  r.add("onnx.Expand", onnxExpand);
  r.add("onnx.Tile", onnxTile);
  r.add("onnx.Range", onnxRange);
  r.add("onnx.ConstantOfShape", onnxConstantOfShape);
  r.add("onnx.ScatterND", onnxScatterND);
  r.add("onnx.Split", onnxSplit);

  // ATen.
  r.add("aten.view.default", atenView);
  r.add("aten.reshape.default", atenView);
  r.add("aten._unsafe_view.default", atenView);
  r.add("aten.flatten.using_ints", atenFlatten);
  r.add("aten.permute.default", atenPermute);
  r.add("aten.transpose.int", atenTranspose);
  r.add("aten.t.default", atenTranspose);
  r.add("aten.slice.Tensor", atenSlice);
  r.add("aten.select.int", atenSelect);
  r.add("aten.cat.default", atenCat);
  r.add("aten.stack.default", atenCat);
  r.add("aten.index_select.default", atenIndexSelect);
  r.add("aten.embedding.default", atenEmbedding);
  r.add("aten.slice_scatter.default", atenSliceScatter);
  r.add("aten.select_scatter.default", atenSelectScatter);
  r.add("aten.repeat.default", atenRepeat);
  r.add("aten.unsqueeze.default", atenUnsqueeze);
  r.add("aten.squeeze.default", atenSqueeze);
  r.add("aten.squeeze.dim", atenSqueeze);
  r.add("aten.squeeze.dims", atenSqueeze);
  r.add("aten.expand.default", atenExpand);
  r.add("aten.index.Tensor", atenIndex);
  r.add("aten.arange.default", atenArange);
  r.add("aten.arange.start", atenArange);
  r.add("aten.arange.start_step", atenArange);
  r.add("aten.full.default", atenFull<0>);
  r.add("aten.zeros.default", atenFull<0>);
  r.add("aten.ones.default", atenFull<1>);
  r.add("aten.scalar_tensor.default", atenScalarTensor);
  r.addTypeOnly("aten.fill.Scalar", atenFill);
  r.addTypeOnly("aten.fill.Tensor", atenFill);
  r.addTypeOnly("aten.new_full.default", atenFull<0>);
  r.addTypeOnly("aten.new_zeros.default", atenFull<0>);
  r.addTypeOnly("aten.new_ones.default", atenFull<1>);
  r.addTypeOnly("aten.full_like.default", atenFull<0>);
  r.addTypeOnly("aten.zeros_like.default", atenFull<0>);
  r.addTypeOnly("aten.ones_like.default", atenFull<1>);
  r.addTypeOnly("aten.sym_size.int", atenSymSize);
  r.addTypeOnly("aten.sym_numel.default", atenNumel);
  r.addTypeOnly("aten.numel.default", atenNumel);
}

} // namespace pt2onnx::passes::eval
