//===- Indexing.cpp - Gathers, scatters and nonzero along index tensors ----===//
//
// Element-wise indexing along one axis (torch's gather, scatter, index_add,
// index_copy; ONNX's GatherElements, ScatterElements) and by index tuples
// (GatherND), and the positions of nonzero elements. torch rejects negative
// indices in these ops and ONNX counts them from the end; indices out of
// range are declined. Writes of one position by several indices without a
// reduction are declined: both runtimes leave the winner open. Reductions
// apply in index order and round to the element type at each step, as the
// runtimes' loops do.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// Calls f(i, index) for every element i of a tensor of `shape`, with its
/// multi-index.
template <typename F> void forEachIndex(llvm::ArrayRef<int64_t> shape, F f) {
  Shape counter(shape.size(), 0);
  for (int64_t i = 0, n = getNumElements(shape); i != n; ++i) {
    f(i, llvm::ArrayRef<int64_t>(counter));
    for (size_t d = shape.size(); d-- > 0;) {
      if (++counter[d] < shape[d])
        break;
      counter[d] = 0;
    }
  }
}

int64_t offsetOf(llvm::ArrayRef<int64_t> index, llvm::ArrayRef<int64_t> strides) {
  int64_t at = 0;
  for (auto [i, s] : llvm::zip(index, strides))
    at += i * s;
  return at;
}

/// The integer index `v` into a dim of `n`: negative ones count from the end
/// when `negative` allows them; nullopt when out of range.
std::optional<int64_t> resolveIndex(int64_t v, int64_t n, bool negative) {
  if (v < 0 && negative)
    v += n;
  if (v < 0 || v >= n)
    return std::nullopt;
  return v;
}

bool isIndexType(const Tensor &t) { return getNumericKind(t.getDType()) == NumericKind::Integer; }

/// For every element of `index` (the rank of `shape`), the offset in a
/// tensor of `shape` of the element it addresses: its own position with the
/// index value along `axis`. `bound` (the rank of `shape`) limits the index
/// dims other than `axis`.
std::optional<std::vector<int64_t>> axisTargets(EvalContext &ctx, llvm::ArrayRef<int64_t> shape,
                                                const Tensor &index, int64_t axis,
                                                llvm::ArrayRef<int64_t> bound, bool negative) {
  if (!isIndexType(index) || index.getRank() != shape.size())
    return ctx.fail();
  for (size_t d = 0; d != shape.size(); ++d)
    if (index.getShape()[d] > bound[d] || (int64_t(d) != axis && index.getShape()[d] > shape[d]))
      return ctx.fail();
  Shape strides = getStrides(shape);
  std::vector<int64_t> targets(index.getNumElements());
  bool inRange = true;
  forEachIndex(index.getShape(), [&](int64_t i, llvm::ArrayRef<int64_t> at) {
    std::optional<int64_t> v = resolveIndex(index.getInt(i), shape[axis], negative);
    inRange &= v.has_value();
    targets[i] = offsetOf(at, strides) + (v.value_or(0) - at[axis]) * strides[axis];
  });
  if (!inRange)
    return ctx.fail();
  return targets;
}

/// The offsets in a tensor of `shape` of the elements of a tensor of
/// `subShape` (no larger in any dim) at the same multi-indices.
std::vector<int64_t> embeddedOffsets(llvm::ArrayRef<int64_t> subShape,
                                     llvm::ArrayRef<int64_t> shape) {
  Shape strides = getStrides(shape);
  std::vector<int64_t> offsets(getNumElements(subShape));
  forEachIndex(subShape, [&](int64_t i, llvm::ArrayRef<int64_t> at) {
    offsets[i] = offsetOf(at, strides);
  });
  return offsets;
}

/// A rank-0 tensor as rank 1 (torch's indexing ops treat it so).
Tensor atLeast1D(const Tensor &t) { return t.getRank() ? t : t.reshaped({1}); }

std::optional<Tensor> gatherElements(EvalContext &ctx, const Tensor &data, const Tensor &index,
                                     int64_t axis, bool negative) {
  // The index may be longer than the data along the axis (and only there).
  Shape bound(data.getShape().begin(), data.getShape().end());
  if (axis >= 0 && axis < int64_t(bound.size()))
    bound[size_t(axis)] = std::numeric_limits<int64_t>::max();
  std::optional<std::vector<int64_t>> targets =
      axisTargets(ctx, data.getShape(), index, axis, bound, negative);
  if (!targets)
    return std::nullopt;
  std::optional<Tensor> out = ctx.allocate(data.getDType(), index.getShape());
  if (!out)
    return std::nullopt;
  for (auto [i, at] : llvm::enumerate(*targets))
    out->copyElements(int64_t(i), data, at);
  return out;
}

enum class Reduction { None, Add, Mul, Max, Min };

/// `data` with the elements of `src` at `targets` written (None) or
/// combined into the element there, in order, in the element type.
std::optional<Tensor> scatterInto(EvalContext &ctx, const Tensor &data, const Tensor &src,
                                  llvm::ArrayRef<int64_t> sources,
                                  llvm::ArrayRef<int64_t> targets, Reduction reduction) {
  DType t = data.getDType();
  NumericKind kind = getNumericKind(t);
  if (src.getDType() != t || (reduction != Reduction::None && (kind == NumericKind::Unsupported)))
    return ctx.fail();
  std::optional<Tensor> out = ctx.allocate(t, data.getShape());
  if (!out)
    return std::nullopt;
  out->copyElements(0, data, 0, data.getNumElements());
  if (reduction == Reduction::None) {
    std::vector<bool> written(data.getNumElements(), false);
    for (auto [from, to] : llvm::zip(sources, targets)) {
      if (written[to])
        return ctx.fail();
      written[to] = true;
      out->copyElements(to, src, from);
    }
    return out;
  }
  for (auto [from, to] : llvm::zip(sources, targets)) {
    if (kind == NumericKind::Float) {
      double a = out->getDouble(to), b = src.getDouble(from);
      if ((reduction == Reduction::Max || reduction == Reduction::Min) &&
          (std::isnan(a) || std::isnan(b)))
        return ctx.fail();
      double v = reduction == Reduction::Add   ? a + b
                 : reduction == Reduction::Mul ? a * b
                 : reduction == Reduction::Max ? std::max(a, b)
                                               : std::min(a, b);
      out->setDouble(to, v);
    } else {
      int64_t a = out->getInt(to), b = src.getInt(from);
      int64_t v = reduction == Reduction::Add   ? int64_t(uint64_t(a) + uint64_t(b))
                  : reduction == Reduction::Mul ? int64_t(uint64_t(a) * uint64_t(b))
                  : reduction == Reduction::Max ? std::max(a, b)
                                                : std::min(a, b);
      out->setInt(to, kind == NumericKind::Bool ? v != 0 : v);
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// ATen
//===----------------------------------------------------------------------===//

std::optional<EvalResults> atenGather(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *index = ctx.tensor("index");
  if (!self || !index || self->getRank() != index->getRank())
    return ctx.fail();
  Tensor data = atLeast1D(*self);
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("dim", 0), int64_t(data.getRank()));
  if (!axis)
    return ctx.fail();
  std::optional<Tensor> out = gatherElements(ctx, data, atLeast1D(*index), *axis, false);
  if (!out)
    return std::nullopt;
  return single(out->reshaped(index->getShape()));
}

/// scatter.src, scatter.value, scatter_add: `src` (or the value) at the
/// positions `index` gives along `dim`.
template <Reduction reduction> std::optional<EvalResults> atenScatter(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *index = ctx.tensor("index");
  if (!self || !index || self->getRank() != index->getRank())
    return ctx.fail();
  Tensor data = atLeast1D(*self), idx = atLeast1D(*index);
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("dim", 0), int64_t(data.getRank()));
  if (!axis)
    return ctx.fail();
  std::optional<Tensor> src;
  if (ctx.has("src")) {
    const Tensor *s = ctx.tensor("src");
    if (!s || s->getRank() != self->getRank())
      return ctx.fail();
    src = castTo(atLeast1D(*s), data.getDType());
  } else if (std::optional<ScalarOrTensor> v = ctx.scalarOrTensor("value")) {
    std::optional<Tensor> one = castTo(v->value.reshaped(Shape(data.getRank(), 1)), data.getDType());
    if (one) { // the value at every position of the index
      llvm::SmallVector<Shape, 4> maps;
      for (int64_t d : idx.getShape())
        maps.push_back(Shape(d, 0));
      src = remapAxes(*one, maps);
    }
  }
  if (!src)
    return ctx.fail();
  std::optional<std::vector<int64_t>> targets =
      axisTargets(ctx, data.getShape(), idx, *axis, src->getShape(), false);
  if (!targets)
    return std::nullopt;
  std::vector<int64_t> sources = embeddedOffsets(idx.getShape(), src->getShape());
  std::optional<Tensor> out = scatterInto(ctx, data, *src, sources, *targets, reduction);
  if (!out)
    return std::nullopt;
  return single(out->reshaped(self->getShape()));
}

/// index_add, index_copy: slab i of `source` along `dim` added to (or
/// written over) slab index[i] of self.
template <bool add> std::optional<EvalResults> atenIndexAccumulate(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self"), *index = ctx.tensor("index"),
               *source = ctx.tensor("source");
  if (!self || !index || !source || index->getRank() > 1 || !isIndexType(*index) ||
      source->getRank() != self->getRank())
    return ctx.fail();
  Tensor data = atLeast1D(*self);
  std::optional<Tensor> src = castTo(atLeast1D(*source), data.getDType());
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("dim", 0), int64_t(data.getRank()));
  if (!src || !axis)
    return ctx.fail();
  Shape expected(data.getShape().begin(), data.getShape().end());
  expected[*axis] = index->getNumElements();
  if (llvm::ArrayRef<int64_t>(expected) != src->getShape())
    return ctx.fail();
  // The index tensor along `axis`, broadcast over the other dims.
  Shape along(data.getRank(), 1);
  along[*axis] = index->getNumElements();
  llvm::SmallVector<Shape, 4> maps;
  for (size_t d = 0; d != data.getRank(); ++d)
    maps.push_back(Shape(expected[d], 0));
  for (int64_t i = 0; i != expected[*axis]; ++i)
    maps[*axis][i] = i;
  Tensor idx = remapAxes(index->reshaped(along), maps);
  std::optional<std::vector<int64_t>> targets =
      axisTargets(ctx, data.getShape(), idx, *axis, expected, false);
  if (!targets)
    return std::nullopt;
  std::vector<int64_t> sources(src->getNumElements());
  std::iota(sources.begin(), sources.end(), 0);
  if (add) {
    std::optional<ScalarOrTensor> alpha = ctx.scalarOrTensor("alpha");
    if (alpha && alpha->value.getDouble(0) != 1) {
      const Tensor *in = &*src;
      std::optional<Tensor> scaled = ctx.allocate(src->getDType(), src->getShape());
      if (!scaled || getNumericKind(in->getDType()) == NumericKind::Unsupported)
        return ctx.fail();
      for (int64_t i = 0, n = in->getNumElements(); i != n; ++i) {
        if (getNumericKind(in->getDType()) == NumericKind::Float)
          scaled->setDouble(i, alpha->value.getDouble(0) * in->getDouble(i));
        else if (ir::isFloatingPoint(alpha->value.getDType()))
          return ctx.fail();
        else
          scaled->setInt(i, int64_t(uint64_t(alpha->value.getInt(0)) * uint64_t(in->getInt(i))));
      }
      src = std::move(scaled);
    }
  }
  std::optional<Tensor> out = scatterInto(ctx, data, *src, sources, *targets,
                                          add ? Reduction::Add : Reduction::None);
  if (!out)
    return std::nullopt;
  return single(out->reshaped(self->getShape()));
}

/// The positions of the nonzero (NaN included) elements, row-major: one
/// row of `rank` coordinates each.
std::vector<Shape> nonzeroPositions(const Tensor &t) {
  std::vector<Shape> positions;
  bool isFloat = getNumericKind(t.getDType()) == NumericKind::Float;
  forEachIndex(t.getShape(), [&](int64_t i, llvm::ArrayRef<int64_t> at) {
    if (isFloat ? t.getDouble(i) != 0 || std::isnan(t.getDouble(i)) : t.getInt(i) != 0)
      positions.push_back(Shape(at.begin(), at.end()));
  });
  return positions;
}

/// nonzero: [count, rank]; where(condition): one 1-D tensor per dim;
/// onnx.NonZero: [rank, count].
enum class NonzeroForm { Rows, Tuple, Columns };

template <NonzeroForm form> std::optional<EvalResults> nonzero(EvalContext &ctx) {
  const Tensor *t = form == NonzeroForm::Columns ? ctx.operand(0)
                    : form == NonzeroForm::Rows  ? ctx.tensor("self")
                                                 : ctx.tensor("condition");
  if (!t || getNumericKind(t->getDType()) == NumericKind::Unsupported ||
      (form == NonzeroForm::Columns && t->getRank() == 0))
    return ctx.fail();
  Tensor x = form == NonzeroForm::Tuple ? atLeast1D(*t) : *t;
  std::vector<Shape> positions = nonzeroPositions(x);
  int64_t count = int64_t(positions.size()), rank = int64_t(x.getRank());
  if (form == NonzeroForm::Tuple) {
    EvalResults results;
    for (int64_t d = 0; d != rank; ++d) {
      Tensor r = Tensor::create(DType::Int64, {count});
      for (int64_t i = 0; i != count; ++i)
        r.setInt(i, positions[i][d]);
      results.push_back(std::move(r));
    }
    return results;
  }
  bool rows = form == NonzeroForm::Rows;
  std::optional<Tensor> out =
      ctx.allocate(DType::Int64, rows ? Shape{count, rank} : Shape{rank, count});
  if (!out)
    return std::nullopt;
  for (int64_t i = 0; i != count; ++i)
    for (int64_t d = 0; d != rank; ++d)
      out->setInt(rows ? i * rank + d : d * count + i, positions[i][d]);
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// ONNX
//===----------------------------------------------------------------------===//

std::optional<EvalResults> onnxGatherElements(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0), *indices = ctx.operand(1);
  if (!data || !indices || data->getRank() == 0)
    return ctx.fail();
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("axis", 0), int64_t(data->getRank()));
  if (!axis)
    return ctx.fail();
  return single(gatherElements(ctx, *data, *indices, *axis, true));
}

std::optional<EvalResults> onnxScatterElements(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0), *indices = ctx.operand(1), *updates = ctx.operand(2);
  if (!data || !indices || !updates || data->getRank() == 0 ||
      updates->getShape() != indices->getShape())
    return ctx.fail();
  std::optional<int64_t> axis = normalizeAxis(ctx.getInt("axis", 0), int64_t(data->getRank()));
  std::string name = ctx.getString("reduction", "none");
  std::optional<Reduction> reduction = name == "none" ? Reduction::None
                                       : name == "add" ? Reduction::Add
                                       : name == "mul" ? Reduction::Mul
                                       : name == "max" ? Reduction::Max
                                       : name == "min" ? std::optional(Reduction::Min)
                                                       : std::nullopt;
  if (!axis || !reduction)
    return ctx.fail();
  std::optional<std::vector<int64_t>> targets =
      axisTargets(ctx, data->getShape(), *indices, *axis, indices->getShape(), true);
  if (!targets)
    return std::nullopt;
  std::vector<int64_t> sources(updates->getNumElements());
  std::iota(sources.begin(), sources.end(), 0);
  return single(scatterInto(ctx, *data, *updates, sources, *targets, *reduction));
}

/// GatherND: the last dim of `indices` addresses the leading dims of data
/// after `batch_dims` shared leading dims; each tuple picks a slice.
std::optional<EvalResults> onnxGatherND(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0), *indices = ctx.operand(1);
  int64_t b = ctx.getInt("batch_dims", 0);
  if (!data || !indices || !isIndexType(*indices) || indices->getRank() == 0 || b < 0 ||
      b >= int64_t(indices->getRank()) || b >= int64_t(data->getRank()) ||
      indices->getShape().take_front(b) != data->getShape().take_front(b))
    return ctx.fail();
  int64_t k = indices->getShape().back();
  if (k > int64_t(data->getRank()) - b)
    return ctx.fail();
  llvm::ArrayRef<int64_t> batchShape = data->getShape().take_front(b);
  llvm::ArrayRef<int64_t> addressed = data->getShape().slice(b, k);
  Shape shape(indices->getShape().drop_back());
  shape.append(data->getShape().begin() + b + k, data->getShape().end());
  std::optional<Tensor> out = ctx.allocate(data->getDType(), shape);
  if (!out)
    return std::nullopt;
  int64_t batches = getNumElements(batchShape);
  int64_t batchSize = getNumElements(data->getShape().drop_front(b));
  int64_t tuples = getNumElements(indices->getShape().slice(b, indices->getRank() - b - 1));
  int64_t slice = getNumElements(data->getShape().drop_front(b + k));
  Shape strides = getStrides(data->getShape().drop_front(b));
  int64_t at = 0;
  for (int64_t batch = 0; batch != batches; ++batch)
    for (int64_t t = 0; t != tuples; ++t) {
      int64_t from = batch * batchSize;
      for (int64_t j = 0; j != k; ++j) {
        std::optional<int64_t> v =
            resolveIndex(indices->getInt((batch * tuples + t) * k + j), addressed[j], true);
        if (!v)
          return ctx.fail();
        from += *v * strides[j];
      }
      out->copyElements(at, *data, from, slice);
      at += slice;
    }
  return single(std::move(out));
}

} // namespace

void registerIndexingRules(EvalRegistry &r) {
  r.add("onnx.GatherElements", onnxGatherElements);
  r.add("onnx.GatherND", onnxGatherND);
  r.add("onnx.ScatterElements", onnxScatterElements);
  r.add("onnx.NonZero", nonzero<NonzeroForm::Columns>);

  r.add("aten.gather.default", atenGather);
  r.add("aten.scatter.src", atenScatter<Reduction::None>);
  r.add("aten.scatter.value", atenScatter<Reduction::None>);
  r.add("aten.scatter_add.default", atenScatter<Reduction::Add>);
  r.add("aten.index_add.default", atenIndexAccumulate<true>);
  r.add("aten.index_copy.default", atenIndexAccumulate<false>);
  r.add("aten.nonzero.default", nonzero<NonzeroForm::Rows>);
  r.add("aten.where.default", nonzero<NonzeroForm::Tuple>);
}

} // namespace pt2onnx::passes::eval
