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

#include "ir/CheckedArithmetic.h"
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
  std::optional<int64_t> difference = ir::checkedSub(end, start);
  if (step == std::numeric_limits<int64_t>::min() || !difference)
    return std::nullopt;
  int64_t span = *difference;
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
  std::string reduction = ctx.getString("reduction", "none");
  NumericKind kind = data ? getNumericKind(data->getDType()) : NumericKind::Unsupported;
  if (!data || !indices || !updates || indices->getRank() == 0 ||
      updates->getDType() != data->getDType() ||
      (reduction != "none" && (kind == NumericKind::Unsupported ||
                               !llvm::is_contained(llvm::ArrayRef<llvm::StringRef>{"add", "mul", "max", "min"},
                                                   llvm::StringRef(reduction)))))
    return ctx.fail();
  // Combined in order, tuple by tuple, in the element type.
  auto combine = [&](Tensor &out, int64_t to, int64_t from) {
    if (kind == NumericKind::Float) {
      double a = out.getDouble(to), b = updates->getDouble(from);
      out.setDouble(to, reduction == "add"   ? a + b
                        : reduction == "mul" ? a * b
                        : reduction == "max" ? (std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b))
                                             : (std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b)));
      return;
    }
    int64_t a = out.getInt(to), b = updates->getInt(from);
    out.setInt(to, reduction == "add"   ? int64_t(uint64_t(a) + uint64_t(b))
                   : reduction == "mul" ? int64_t(uint64_t(a) * uint64_t(b))
                   : reduction == "max" ? std::max(a, b)
                                        : std::min(a, b));
  };
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
    if (reduction == "none")
      out->copyElements(at, *updates, t * slice, slice);
    else
      for (int64_t e = 0; e != slice; ++e)
        combine(*out, at + e, t * slice + e);
  }
  return single(std::move(out));
}

/// `t` viewed as `dims` (its elements in order), its dims permuted by
/// `perm`, laid out again, then read as `outShape`: the reshape, transpose,
/// reshape of channel and depth shuffles.
Tensor shuffleThrough(const Tensor &t, llvm::ArrayRef<int64_t> dims, llvm::ArrayRef<int64_t> perm,
                      llvm::ArrayRef<int64_t> outShape) {
  Shape strides = getStrides(dims), shape, permuted;
  for (int64_t d : perm) {
    shape.push_back(dims[d]);
    permuted.push_back(strides[d]);
  }
  return copyStrided(t, shape, permuted, 0).reshaped(outShape);
}

/// aten.channel_shuffle(self, groups): the channels, as `groups` groups of
/// C / groups, read group-minor.
std::optional<EvalResults> atenChannelShuffle(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  int64_t groups = ctx.getInt("groups", 0);
  if (!x || ctx.hasFailed() || x->getRank() < 2 || groups <= 0 || x->getShape()[1] % groups != 0)
    return ctx.fail();
  llvm::ArrayRef<int64_t> shape = x->getShape();
  Shape dims{shape[0], groups, shape[1] / groups, getNumElements(shape.drop_front(2))};
  return single(shuffleThrough(*x, dims, {0, 2, 1, 3}, shape));
}

/// aten.pixel_shuffle(self, upscale_factor) / pixel_unshuffle(self,
/// downscale_factor) over the last three dims (C, H, W): channel blocks of
/// r x r to spatial patches, and back.
template <bool unshuffle>
std::optional<EvalResults> atenPixelShuffle(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("self");
  int64_t r = ctx.getInt(unshuffle ? "downscale_factor" : "upscale_factor", 0);
  if (!x || ctx.hasFailed() || x->getRank() < 3 || r <= 0)
    return ctx.fail();
  llvm::ArrayRef<int64_t> shape = x->getShape();
  int64_t batch = getNumElements(shape.drop_back(3));
  int64_t c = shape[shape.size() - 3], h = shape[shape.size() - 2], w = shape.back();
  Shape out(shape.drop_back(3));
  if (unshuffle) {
    if (h % r != 0 || w % r != 0)
      return ctx.fail();
    out.append({c * r * r, h / r, w / r});
    return single(shuffleThrough(*x, {batch, c, h / r, r, w / r, r}, {0, 1, 3, 5, 2, 4}, out));
  }
  if (c % (r * r) != 0)
    return ctx.fail();
  out.append({c / (r * r), h * r, w * r});
  return single(shuffleThrough(*x, {batch, c / (r * r), r, r, h, w}, {0, 1, 4, 2, 5, 3}, out));
}

/// DepthToSpace(input) {blocksize, mode}: blocks of the channels moved to
/// blocksize x blocksize patches of the spatial dims, DCR (depth, column,
/// row: the default) or CRD order.
std::optional<EvalResults> onnxDepthToSpace(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0);
  int64_t b = ctx.getInt("blocksize", 0);
  std::string mode = ctx.getString("mode", "DCR");
  if (!x || ctx.hasFailed() || x->getRank() != 4 || b <= 0 || x->getShape()[1] % (b * b) != 0 ||
      (mode != "DCR" && mode != "CRD"))
    return ctx.fail();
  int64_t n = x->getShape()[0], c = x->getShape()[1] / (b * b), h = x->getShape()[2],
          w = x->getShape()[3];
  Shape out{n, c, h * b, w * b};
  if (mode == "DCR")
    return single(shuffleThrough(*x, {n, b, b, c, h, w}, {0, 3, 4, 1, 5, 2}, out));
  return single(shuffleThrough(*x, {n, c, b, b, h, w}, {0, 1, 4, 2, 5, 3}, out));
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

/// What advanced indexing addresses: the result's shape, and for each of its
/// elements the offset in the indexed tensor.
struct IndexedPositions {
  Shape shape;
  std::vector<int64_t> offsets;
};

/// Advanced indexing of `self` by `indices` (null: the whole dim): integer
/// index tensors broadcast, and their dims replace the indexed dims where
/// those are adjacent, or lead the result otherwise; a boolean mask stands
/// for the integer tensors of its nonzero positions over as many dims.
std::optional<IndexedPositions> indexPositions(EvalContext &ctx, const Tensor &self,
                                               llvm::ArrayRef<const Tensor *> given) {
  // Masks become one index tensor per dim they cover.
  llvm::SmallVector<std::optional<Tensor>, 4> indices;
  for (const Tensor *t : given) {
    if (!t) {
      indices.push_back(std::nullopt);
      continue;
    }
    NumericKind kind = getNumericKind(t->getDType());
    if (kind == NumericKind::Integer && t->getDType() != DType::UInt8) {
      indices.push_back(*t);
      continue;
    }
    if (kind != NumericKind::Bool && t->getDType() != DType::UInt8)
      return ctx.fail();
    size_t first = indices.size();
    if (first + t->getRank() > self.getRank() ||
        t->getShape() != self.getShape().slice(first, t->getRank()))
      return ctx.fail();
    Shape strides = getStrides(t->getShape());
    Shape hits;
    for (int64_t i = 0, n = t->getNumElements(); i != n; ++i)
      if (t->getInt(i) != 0)
        hits.push_back(i);
    for (size_t d = 0; d != t->getRank(); ++d) {
      Tensor coords = Tensor::create(DType::Int64, {int64_t(hits.size())});
      for (auto [k, at] : llvm::enumerate(hits))
        coords.setInt(int64_t(k), (at / strides[d]) % t->getShape()[d]);
      indices.push_back(std::move(coords));
    }
  }
  if (indices.size() > self.getRank() ||
      llvm::none_of(indices, [](const std::optional<Tensor> &t) { return t.has_value(); }))
    return ctx.fail();
  llvm::SmallVector<llvm::ArrayRef<int64_t>, 4> shapes;
  llvm::SmallVector<unsigned, 4> indexed;
  for (auto [d, t] : llvm::enumerate(indices)) {
    if (!t)
      continue;
    shapes.push_back(t->getShape());
    indexed.push_back(unsigned(d));
  }
  std::optional<Shape> indexShape = ctx.broadcast(shapes);
  if (!indexShape)
    return std::nullopt;
  bool adjacent = indexed.back() - indexed.front() + 1 == indexed.size();
  size_t rank = self.getRank();
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
    shape.push_back(self.getShape()[otherDims[i]]);
  }
  if (insertAt == otherDims.size())
    shape.append(indexShape->begin(), indexShape->end());
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  llvm::SmallVector<std::vector<int64_t>, 4> positions;
  llvm::SmallVector<Shape, 4> values;
  for (unsigned d : indexed) {
    positions.push_back(numerics::broadcastIndices(indices[d]->getShape(), *indexShape));
    std::optional<Shape> v = intsOf(ctx, &*indices[d]);
    if (!v)
      return std::nullopt;
    int64_t dim = self.getShape()[d];
    for (int64_t &i : *v) {
      if (i < -dim || i >= dim)
        return ctx.fail();
      if (i < 0)
        i += dim;
    }
    values.push_back(std::move(*v));
  }
  Shape strides = getStrides(self.getShape());
  size_t indexRank = indexShape->size();
  IndexedPositions result{shape, std::vector<int64_t>(getNumElements(shape))};
  Shape counter(shape.size(), 0);
  for (int64_t o = 0, n = int64_t(result.offsets.size()); o != n; ++o) {
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
    result.offsets[o] = at;
    for (size_t d = shape.size(); d-- > 0;) {
      if (++counter[d] < shape[d])
        break;
      counter[d] = 0;
    }
  }
  return result;
}

std::optional<EvalResults> atenIndex(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  llvm::SmallVector<const Tensor *, 4> indices = ctx.optionalTensorList("indices");
  if (!self || ctx.hasFailed())
    return ctx.fail();
  std::optional<IndexedPositions> picked = indexPositions(ctx, *self, indices);
  if (!picked)
    return std::nullopt;
  Tensor out = Tensor::create(self->getDType(), picked->shape);
  for (auto [o, at] : llvm::enumerate(picked->offsets))
    out.copyElements(int64_t(o), *self, at);
  return single(std::move(out));
}

/// index_put: `values` (broadcast to what the indices address, converted to
/// self's type) written there, or with `accumulate` added in index order,
/// rounding each sum to the element type. Positions written twice without
/// accumulating are declined: torch leaves the winner open.
std::optional<EvalResults> atenIndexPut(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *values = ctx.tensor("values");
  llvm::SmallVector<const Tensor *, 4> indices = ctx.optionalTensorList("indices");
  if (!self || !values || ctx.hasFailed())
    return ctx.fail();
  std::optional<IndexedPositions> target = indexPositions(ctx, *self, indices);
  std::optional<Tensor> v = castTo(*values, self->getDType());
  if (!target || !v)
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({target->shape, v->getShape()});
  if (!shape || llvm::ArrayRef<int64_t>(*shape) != llvm::ArrayRef<int64_t>(target->shape))
    return ctx.fail();
  bool accumulate = ctx.getInt("accumulate", 0) != 0;
  NumericKind kind = getNumericKind(self->getDType());
  if (accumulate && kind == NumericKind::Unsupported)
    return ctx.fail();
  std::vector<int64_t> from = numerics::broadcastIndices(v->getShape(), *shape);
  Tensor out = Tensor::create(self->getDType(), self->getShape());
  out.copyElements(0, *self, 0, self->getNumElements());
  std::vector<bool> written(self->getNumElements(), false);
  for (auto [o, at] : llvm::enumerate(target->offsets)) {
    if (!accumulate) {
      if (written[at])
        return ctx.fail();
      written[at] = true;
      out.copyElements(at, *v, from[o]);
    } else if (kind == NumericKind::Float) {
      out.setDouble(at, out.getDouble(at) + v->getDouble(from[o]));
    } else {
      out.setInt(at, int64_t(uint64_t(out.getInt(at)) + uint64_t(v->getInt(from[o]))));
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

//===----------------------------------------------------------------------===//
// ATen views, splits and creations
//===----------------------------------------------------------------------===//

/// `self` cut along `dim` into pieces of `sizes`, one per result of the op.
std::optional<EvalResults> splitAxis(EvalContext &ctx, const Tensor &self, int64_t dim,
                                     llvm::ArrayRef<int64_t> sizes) {
  if (sizes.size() != ctx.getOp().getNumResults() ||
      std::accumulate(sizes.begin(), sizes.end(), int64_t(0)) != self.getShape()[dim])
    return ctx.fail();
  EvalResults results;
  int64_t start = 0;
  for (int64_t size : sizes) {
    if (size < 0)
      return ctx.fail();
    results.push_back(sliceAxis(self, dim, start, 1, size));
    start += size;
  }
  return results;
}

/// split.Tensor, split_with_sizes and chunk.
std::optional<EvalResults> atenSplit(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  if (!dim)
    return std::nullopt;
  int64_t n = self->getShape()[*dim];
  if (ctx.has("split_sizes"))
    return splitAxis(ctx, *self, *dim, ctx.getIntList("split_sizes"));
  int64_t size;
  if (ctx.has("chunks")) {
    int64_t chunks = ctx.getInt("chunks", 1);
    if (chunks <= 0)
      return ctx.fail();
    size = (n + chunks - 1) / chunks;
    if (size == 0 && n == 0) // as many empty pieces as chunks
      return splitAxis(ctx, *self, *dim, Shape(chunks, 0));
  } else {
    size = ctx.getInt("split_size", -1);
  }
  if (size < 0 || (size == 0 && n != 0))
    return ctx.fail();
  int64_t pieces = size == 0 ? 1 : std::max<int64_t>((n + size - 1) / size, 1);
  Shape sizes;
  for (int64_t i = 0; i != pieces; ++i)
    sizes.push_back(std::min(size, n - i * size));
  return splitAxis(ctx, *self, *dim, sizes);
}

std::optional<EvalResults> atenUnbind(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  if (!dim)
    return std::nullopt;
  std::optional<EvalResults> pieces =
      splitAxis(ctx, *self, *dim, Shape(self->getShape()[*dim], 1));
  if (!pieces)
    return std::nullopt;
  Shape shape(self->getShape().begin(), self->getShape().end());
  shape.erase(shape.begin() + *dim);
  for (Tensor &t : *pieces)
    t = t.reshaped(shape);
  return pieces;
}

std::optional<EvalResults> atenNarrow(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  std::optional<int64_t> start = ctx.getOptionalInt("start"),
                         length = ctx.getOptionalInt("length");
  if (!dim || !start || !length)
    return ctx.fail();
  int64_t n = self->getShape()[*dim];
  if (*start < 0)
    *start += n;
  if (*start < 0 || *length < 0 || *start > n - *length)
    return ctx.fail();
  return single(sliceAxis(*self, *dim, *start, 1, *length));
}

/// swapaxes, mT (the last two dims), numpy_T (all dims reversed).
std::optional<EvalResults> atenSwapDims(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !ctx.withinLimit(self->getShape()))
    return std::nullopt;
  int64_t rank = int64_t(self->getRank());
  Shape perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  if (ctx.getOp().isa("aten.numpy_T.default")) {
    std::reverse(perm.begin(), perm.end());
  } else if (ctx.getOp().isa("aten.mT.default")) {
    if (rank < 2)
      return ctx.fail();
    std::swap(perm[rank - 2], perm[rank - 1]);
  } else if (rank != 0) {
    std::optional<int64_t> a = axisOf(ctx, ctx.getInt("axis0", 0), rank),
                           b = axisOf(ctx, ctx.getInt("axis1", 0), rank);
    if (!a || !b)
      return std::nullopt;
    std::swap(perm[*a], perm[*b]);
  }
  return single(transposed(*self, perm));
}

/// unflatten: `dim` split into `sizes` (one may be -1).
std::optional<EvalResults> atenUnflatten(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || self->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> dim = axisOf(ctx, ctx.getInt("dim", 0), int64_t(self->getRank()));
  Shape sizes = ctx.getIntList("sizes");
  if (!dim || sizes.empty())
    return ctx.fail();
  std::optional<Shape> inner = resolveShape(ctx, sizes, {self->getShape()[*dim]}, false);
  if (!inner)
    return std::nullopt;
  Shape shape(self->getShape().take_front(*dim));
  shape.append(inner->begin(), inner->end());
  shape.append(self->getShape().begin() + *dim + 1, self->getShape().end());
  return single(self->reshaped(shape));
}

std::optional<EvalResults> atenFlip(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !ctx.withinLimit(self->getShape()))
    return std::nullopt;
  int64_t rank = int64_t(self->getRank());
  llvm::SmallVector<bool, 8> flipped(rank, false);
  for (int64_t d : ctx.getIntList("dims")) {
    std::optional<int64_t> a = axisOf(ctx, d, std::max<int64_t>(rank, 1));
    if (!a || (rank && flipped[*a]))
      return ctx.fail();
    if (rank)
      flipped[*a] = true;
  }
  llvm::SmallVector<Shape, 4> maps;
  for (int64_t d = 0; d != rank; ++d) {
    int64_t n = self->getShape()[d];
    Shape map(n);
    for (int64_t i = 0; i != n; ++i)
      map[i] = flipped[d] ? n - 1 - i : i;
    maps.push_back(std::move(map));
  }
  return single(remapAxes(*self, maps));
}

/// roll: elements shifted along dims, wrapping around; without dims over
/// the flattened tensor.
std::optional<EvalResults> atenRoll(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || !ctx.withinLimit(self->getShape()))
    return std::nullopt;
  Shape shifts = ctx.getIntList("shifts"), dims = ctx.getIntList("dims");
  Tensor t = *self;
  if (dims.empty()) {
    if (shifts.size() != 1)
      return ctx.fail();
    t = self->reshaped({self->getNumElements()});
    dims.push_back(0);
  }
  int64_t rank = int64_t(t.getRank());
  if (shifts.size() != dims.size() || rank == 0)
    return ctx.fail();
  Shape total(rank, 0);
  for (auto [s, d] : llvm::zip(shifts, dims)) {
    std::optional<int64_t> a = axisOf(ctx, d, rank);
    if (!a)
      return std::nullopt;
    total[*a] += s;
  }
  llvm::SmallVector<Shape, 4> maps;
  for (int64_t d = 0; d != rank; ++d) {
    int64_t n = t.getShape()[d];
    Shape map(n);
    for (int64_t i = 0; i != n; ++i)
      map[i] = ((i - total[d]) % n + n) % n;
    maps.push_back(std::move(map));
  }
  return single(remapAxes(t, maps).reshaped(self->getShape()));
}

/// tile: as repeat, with leading 1s added to the shorter of dims and shape.
std::optional<EvalResults> atenTile(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  Shape dims = ctx.getIntList("dims");
  if (!self)
    return ctx.fail();
  size_t rank = std::max(dims.size(), self->getRank());
  dims.insert(dims.begin(), rank - dims.size(), 1);
  Shape shape(rank - self->getRank(), 1);
  shape.append(self->getShape().begin(), self->getShape().end());
  return single(tile(ctx, self->reshaped(shape), dims));
}

std::optional<EvalResults> atenBroadcastTensors(EvalContext &ctx) {
  llvm::SmallVector<const Tensor *, 4> list = ctx.tensorList("tensors");
  if (ctx.hasFailed() || list.empty())
    return ctx.fail();
  llvm::SmallVector<llvm::ArrayRef<int64_t>, 4> shapes;
  for (const Tensor *t : list)
    shapes.push_back(t->getShape());
  std::optional<Shape> shape = ctx.broadcast(shapes);
  if (!shape || !ctx.withinLimit(*shape))
    return std::nullopt;
  EvalResults results;
  for (const Tensor *t : list)
    results.push_back(broadcastTo(*t, *shape));
  return results;
}

std::optional<EvalResults> atenExpandAs(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *other = ctx.tensor("other");
  if (!self || !other || other->getRank() < self->getRank())
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({self->getShape(), other->getShape()});
  if (!shape || llvm::ArrayRef<int64_t>(*shape) != other->getShape() ||
      !ctx.withinLimit(*shape))
    return ctx.fail();
  return single(broadcastTo(*self, *shape));
}

/// copy: src converted to self's type and broadcast to its shape.
std::optional<EvalResults> atenCopy(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *src = ctx.tensor("src");
  if (!self || !src || src->getRank() > self->getRank())
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({self->getShape(), src->getShape()});
  if (!shape || llvm::ArrayRef<int64_t>(*shape) != self->getShape() ||
      !ctx.withinLimit(*shape))
    return ctx.fail();
  std::optional<Tensor> converted = castTo(*src, ctx.resultDType());
  if (!converted)
    return ctx.fail();
  return single(broadcastTo(*converted, *shape));
}

/// meshgrid: each 0-d or 1-d input varies along its own dim of the common
/// shape; with indexing "xy" the first two dims are swapped.
std::optional<EvalResults> atenMeshgrid(EvalContext &ctx) {
  llvm::SmallVector<const Tensor *, 4> list = ctx.tensorList("tensors");
  std::string indexing = ctx.getString("indexing", "ij");
  if (ctx.hasFailed() || list.empty() || (indexing != "ij" && indexing != "xy"))
    return ctx.fail();
  size_t n = list.size();
  Shape shape;
  for (const Tensor *t : list) {
    if (t->getRank() > 1 || t->getDType() != list[0]->getDType())
      return ctx.fail();
    shape.push_back(t->getNumElements());
  }
  Shape position(n);
  std::iota(position.begin(), position.end(), 0);
  if (indexing == "xy" && n >= 2) {
    std::swap(shape[0], shape[1]);
    std::swap(position[0], position[1]);
  }
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  EvalResults results;
  for (size_t k = 0; k != n; ++k) {
    Shape along(n, 1);
    along[position[k]] = list[k]->getNumElements();
    results.push_back(broadcastTo(list[k]->reshaped(along), shape));
  }
  return results;
}

/// Zeros above (tril) or below (triu) the diagonal `k` of the last two dims.
std::optional<Tensor> triangle(EvalContext &ctx, const Tensor &t, int64_t k, bool upper) {
  if (t.getRank() < 2)
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(t.getDType(), t.getShape());
  if (!out)
    return std::nullopt;
  int64_t rows = t.getShape()[t.getRank() - 2], cols = t.getShape()[t.getRank() - 1];
  for (int64_t i = 0, n = t.getNumElements(); i != n; ++i) {
    int64_t col = i % cols, row = (i / cols) % rows;
    if (upper ? col - row >= k : col - row <= k)
      out->copyElements(i, t, i);
  }
  return out;
}

template <bool upper> std::optional<EvalResults> atenTriangle(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  return single(triangle(ctx, *self, ctx.getInt("diagonal", 0), upper));
}

std::optional<EvalResults> onnxTrilu(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0);
  if (!data)
    return ctx.fail();
  int64_t k = 0;
  if (!ctx.isNone(1)) {
    std::optional<Shape> v = intsOf(ctx, ctx.operand(1));
    if (!v || v->size() != 1)
      return ctx.fail();
    k = (*v)[0];
  }
  return single(triangle(ctx, *data, k, ctx.getInt("upper", 1) != 0));
}

std::optional<EvalResults> atenEye(EvalContext &ctx) {
  int64_t n = ctx.getInt("n", -1), m = ctx.getInt("m", n);
  std::optional<Tensor> out = ctx.allocate(ctx.resultDType(), {n, m});
  if (!out || getNumericKind(out->getDType()) == NumericKind::Unsupported)
    return ctx.fail();
  for (int64_t i = 0; i < std::min(n, m); ++i)
    out->setInt(i * m + i, 1);
  return single(std::move(out));
}

/// linspace as torch's CPU kernel computes it: the first half start + step *
/// i, the second half end - step * (steps - 1 - i), each a fused
/// multiply-add in the result type (in double for integers; float16 and
/// bfloat16 round every operation, their arithmetic goes through float).
std::optional<EvalResults> atenLinspace(EvalContext &ctx) {
  std::optional<ScalarOrTensor> start = ctx.scalarOrTensor("start"),
                                end = ctx.scalarOrTensor("end");
  int64_t steps = ctx.getInt("steps", -1);
  DType t = ctx.resultDType();
  NumericKind kind = getNumericKind(t);
  if (!start || !end || steps < 0 || start->value.getNumElements() != 1 ||
      end->value.getNumElements() != 1 ||
      (kind != NumericKind::Float && kind != NumericKind::Integer))
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(t, {steps});
  std::optional<Tensor> s = castTo(start->value.reshaped({}), t),
                        e = castTo(end->value.reshaped({}), t);
  if (!out || !s || !e)
    return ctx.fail();
  double first = s->getDouble(0), last = e->getDouble(0);
  bool halfPrecision = t == DType::Float16 || t == DType::BFloat16;
  auto r = [&](double v) { return kind == NumericKind::Float ? roundTo(t, v) : v; };
  double step = steps > 1 ? r(r(last - first) / r(double(steps - 1))) : 0;
  // base + step * n as the kernel rounds it.
  auto madd = [&](double base, double step, double n) {
    if (halfPrecision)
      return r(base + r(step * n));
    if (t == DType::Float32)
      return double(std::fma(float(step), float(n), float(base)));
    return std::fma(step, n, base);
  };
  for (int64_t i = 0, halfway = steps / 2; i != steps; ++i) {
    double v = steps == 1      ? first
               : i < halfway ? madd(first, step, double(i))
                             : madd(last, -step, double(steps - i - 1));
    if (kind == NumericKind::Integer && !(std::fabs(v) < 9.2e18))
      return ctx.fail();
    out->setDouble(i, v);
  }
  return single(std::move(out));
}

/// item: the only element as a torch scalar.
std::optional<EvalResults> atenItem(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || self->getNumElements() != 1)
    return ctx.fail();
  return single(castTo(self->reshaped({}), ctx.resultDType()));
}

//===----------------------------------------------------------------------===//
// Checks: no results; the op is evaluated when its check holds.
//===----------------------------------------------------------------------===//

std::optional<EvalResults> atenAssertScalar(EvalContext &ctx) {
  std::optional<ScalarOrTensor> v = ctx.scalarOrTensor("self");
  if (!v || v->value.getNumElements() != 1 ||
      getNumericKind(v->value.getDType()) == NumericKind::Unsupported ||
      v->value.getDouble(0) == 0)
    return ctx.fail();
  return EvalResults{};
}

/// _assert_tensor_metadata: the dtype and sizes it names. Strides are those
/// of torch's memory layout, which the evaluator's tensors do not have.
std::optional<EvalResults> atenAssertTensorMetadata(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("a");
  if (!a)
    return std::nullopt;
  std::optional<DType> dtype = ctx.getOptionalDType("dtype");
  std::optional<Shape> size = ctx.getOptionalIntList("size");
  if ((dtype && *dtype != a->getDType()) ||
      (size && llvm::ArrayRef<int64_t>(*size) != a->getShape()) || ctx.hasFailed())
    return ctx.fail();
  return EvalResults{};
}

} // namespace

Tensor remapAxes(const Tensor &t, llvm::ArrayRef<Shape> maps, const Tensor *fill) {
  Shape shape;
  for (const Shape &map : maps)
    shape.push_back(int64_t(map.size()));
  Tensor out = Tensor::create(t.getDType(), shape);
  Shape strides = getStrides(t.getShape());
  Shape counter(shape.size(), 0);
  for (int64_t o = 0, n = out.getNumElements(); o != n; ++o) {
    int64_t at = 0;
    for (size_t d = 0; d != shape.size() && at >= 0; ++d) {
      int64_t i = maps[d][counter[d]];
      at = i < 0 ? -1 : at + i * strides[d];
    }
    if (at >= 0)
      out.copyElements(o, t, at);
    else if (fill)
      out.copyElements(o, *fill, 0);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++counter[d] < shape[d])
        break;
      counter[d] = 0;
    }
  }
  return out;
}

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
  r.add("onnx.DepthToSpace", onnxDepthToSpace);

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
  r.add("aten.index_put.default", atenIndexPut);
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
  r.add("onnx.Trilu", onnxTrilu);
  r.add("aten.split.Tensor", atenSplit);
  r.add("aten.channel_shuffle.default", atenChannelShuffle);
  r.add("aten.pixel_shuffle.default", atenPixelShuffle<false>);
  r.add("aten.pixel_unshuffle.default", atenPixelShuffle<true>);
  r.add("aten.native_channel_shuffle.default", atenChannelShuffle);
  r.add("aten.split_with_sizes.default", atenSplit);
  r.add("aten.chunk.default", atenSplit);
  r.add("aten.unbind.int", atenUnbind);
  r.add("aten.narrow.default", atenNarrow);
  r.add("aten.narrow.Tensor", atenNarrow);
  r.add("aten.swapaxes.default", atenSwapDims);
  r.add("aten.mT.default", atenSwapDims);
  r.add("aten.numpy_T.default", atenSwapDims);
  r.add("aten.unflatten.int", atenUnflatten);
  r.add("aten.flip.default", atenFlip);
  r.add("aten.roll.default", atenRoll);
  r.add("aten.tile.default", atenTile);
  r.add("aten.broadcast_tensors.default", atenBroadcastTensors);
  r.add("aten.expand_as.default", atenExpandAs);
  r.add("aten.copy.default", atenCopy);
  r.add("aten.meshgrid.default", atenMeshgrid);
  r.add("aten.meshgrid.indexing", atenMeshgrid);
  r.add("aten.tril.default", atenTriangle<false>);
  r.add("aten.triu.default", atenTriangle<true>);
  r.add("aten.eye.default", atenEye);
  r.add("aten.eye.m", atenEye);
  r.add("aten.linspace.default", atenLinspace);
  r.add("aten.item.default", atenItem);
  r.add("aten._assert_scalar.default", atenAssertScalar);
  r.add("aten._assert_tensor_metadata.default", atenAssertTensorMetadata);
}

} // namespace pt2onnx::passes::eval
