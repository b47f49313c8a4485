//===- indexing.cpp - Gathers, scatters and advanced indexing ------------------===//
//
// Advanced indexing (`index.Tensor`, `index_put`) follows numpy/torch: the
// index tensors broadcast together; when they index adjacent dims the
// broadcast dims replace them in place, otherwise they come first. Both are
// lowered by moving the indexed dims to the front, gathering/scattering with
// GatherND/ScatterND on stacked indices, and moving the dims back. A bool
// index becomes the int indices of its true elements (NonZero).
//
//===----------------------------------------------------------------------===//

#include "ir/Module.h"
#include "lowering/LoweringRegistry.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

// aten.embedding.default(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False)
ValueList lowerEmbedding(RuleContext &ctx) {
  Value *r = ctx.b.gather(ctx.tensor("weight"), ctx.tensor("indices"), 0);
  r->setType(ctx.resultType());
  return {r};
}

/// embedding_bag: the rows of `weight` at `indices`, reduced per bag (mode
/// 0 sum, 1 mean, 2 max). A 1-D `indices` is cut into bags at `offsets`
/// (bag b from offsets[b] to the next offset, or to the end; with
/// include_last_offset the last offset is that end, which torch documents
/// as the size of `indices`); a 2-D one has a bag per row. Each index's bag
/// is the number of bag offsets at or before its position, less one;
/// indices equal to `padding_idx` go to an extra bag that is dropped. The rows
/// (times per_sample_weights, for sums) are added into their bags with
/// ScatterND reduction=add, in order as torch adds them; mean divides by
/// each bag's count, max is ScatterND reduction=max into -inf (opset 18).
/// An empty bag is zeros, as in torch. Only the reduced rows are lowered:
/// the other results (offset2bag, bag_size, max_indices) must be unused.
/// `padding_idx` negative means none in _embedding_bag; the public
/// overload's counts from the end.
ValueList lowerEmbeddingBag(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *weight = ctx.tensor("weight");
  Value *indices = ctx.tensor("indices");
  Value *offsets = ctx.optionalTensor("offsets");
  int64_t mode = ctx.getInt("mode");
  Value *perSampleWeights = ctx.optionalTensor("per_sample_weights");
  std::optional<int64_t> paddingIdx = ctx.getOptionalInt("padding_idx");
  for (unsigned i = 1; i < ctx.getOp()->getNumResults(); ++i)
    if (!ctx.getOp()->getResult(i)->use_empty())
      return ctx.fail("embedding_bag's offset2bag, bag_size and max_indices results are not "
                      "supported; use only the reduced bags");
  if (ctx.failed())
    return {};
  if (mode < 0 || mode > 2)
    return ctx.fail("embedding_bag mode must be 0 (sum), 1 (mean) or 2 (max)");
  if (mode == 2 && ctx.getOpset() < 18)
    return ctx.fail("embedding_bag with mode max needs opset 18 (ScatterND reduction max)");
  if (perSampleWeights && mode != 0)
    return ctx.fail("per_sample_weights are only for mode sum");
  const ir::Type &weightType = weight->getType();
  if (ctx.rankOf(weight) != 2 || !weightType.getShape()[0].isStatic() ||
      !indices->getType().hasStaticShape() || (offsets && !offsets->getType().hasStaticShape()))
    return ctx.fail("embedding_bag needs static indices, offsets and number of embeddings");
  int64_t embeddings = weightType.getShape()[0].getSize();
  if (paddingIdx && *paddingIdx < 0)
    paddingIdx = ctx.getOverload() == "aten.embedding_bag.padding_idx"
                     ? std::optional<int64_t>(*paddingIdx + embeddings)
                     : std::nullopt;
  DType dtype = ctx.resultDType();
  ir::Type resultType = ctx.resultType();
  if (!resultType.hasStaticShape() || resultType.getRank() != 2)
    return ctx.fail("embedding_bag needs a static result shape");
  int64_t bags = resultType.getShape()[0].getSize();
  int64_t dim = resultType.getShape()[1].getSize();

  indices = b.cast(indices, DType::Int64);
  int64_t count = *indices->getType().getNumElements();
  Value *bagStarts;
  if (ctx.rankOf(indices) == 2) {
    int64_t length = indices->getType().getShape()[1].getSize();
    std::vector<int64_t> starts;
    for (int64_t i = 0; i < bags; ++i)
      starts.push_back(i * length);
    bagStarts = b.constant(makeDenseInt(DType::Int64, {bags}, starts));
    indices = b.reshape(indices, llvm::ArrayRef<int64_t>{count});
  } else if (ctx.rankOf(indices) == 1 && offsets && ctx.rankOf(offsets) == 1) {
    offsets = b.cast(offsets, DType::Int64);
    bagStarts = b.slice(offsets, b.i64s({0}), b.i64s({bags}), b.i64s({0}), nullptr,
                        ir::Type::tensor(DType::Int64, {ir::Dim(bags)}));
  } else {
    return ctx.fail("embedding_bag needs 1-D indices with 1-D offsets, or 2-D indices");
  }

  // bag[i] = #{b : start[b] <= i} - 1, or the extra bag `bags`.
  std::vector<int64_t> positions;
  for (int64_t i = 0; i < count; ++i)
    positions.push_back(i);
  Value *position = b.constant(makeDenseInt(DType::Int64, {count, 1}, positions));
  Value *started =
      b.cast(b.compare("GreaterOrEqual", position, b.unsqueeze(bagStarts, {0})), DType::Int64);
  Value *bag =
      b.binary("Sub", b.reduce("ReduceSum", started, llvm::ArrayRef<int64_t>{1}, false), b.i64(1));
  if (paddingIdx)
    bag = b.where(b.compare("Equal", indices, b.i64(*paddingIdx)), b.i64(bags), bag);
  Value *bagIndex = b.unsqueeze(bag, {1});

  Value *rows = b.cast(b.gather(weight, indices, 0), dtype);
  if (perSampleWeights)
    rows = b.binary("Mul", rows, b.unsqueeze(b.cast(perSampleWeights, dtype), {1}));
  ir::Type bagsType = ir::Type::tensor(dtype, {ir::Dim(bags + 1), ir::Dim(dim)});
  auto scatter = [&](double initial, Value *index, Value *updates, const ir::Type &type,
                     llvm::StringRef reduction) {
    llvm::SmallVector<int64_t, 2> shape;
    for (const ir::Dim &d : type.getShape())
      shape.push_back(d.getSize());
    Value *init = b.expand(b.scalar(dtype, initial), b.i64s(shape), type);
    Value *all = b.op("ScatterND", {init, index, updates}, type,
                      {{"reduction", Attribute::string(reduction)}});
    llvm::SmallVector<ir::Dim, 2> kept(type.getShape().begin(), type.getShape().end());
    kept[0] = ir::Dim(bags);
    return b.slice(all, b.i64s({0}), b.i64s({bags}), b.i64s({0}), nullptr, type.withShape(kept));
  };
  Value *result;
  if (mode == 0) {
    result = scatter(0.0, bagIndex, rows, bagsType, "add");
  } else {
    ir::Type countType = ir::Type::tensor(dtype, {ir::Dim(bags + 1)});
    Value *ones =
        b.expand(b.scalar(dtype, 1.0), b.i64s({count}), ir::Type::tensor(dtype, {ir::Dim(count)}));
    Value *sizes = b.unsqueeze(scatter(0.0, bagIndex, ones, countType, "add"), {1});
    if (mode == 1) {
      result = b.binary("Div", scatter(0.0, bagIndex, rows, bagsType, "add"),
                        b.binary("Max", sizes, b.scalar(dtype, 1.0)));
    } else {
      Value *maxima =
          scatter(-std::numeric_limits<double>::infinity(), bagIndex, rows, bagsType, "max");
      result =
          b.where(b.compare("Greater", sizes, b.scalar(dtype, 0.0)), maxima, b.scalar(dtype, 0.0));
    }
  }
  result->setType(resultType);
  ValueList results{result};
  // Unused results: any value of their type.
  for (unsigned i = 1; i < ctx.getOp()->getNumResults(); ++i) {
    ir::Type type = ctx.resultType(i);
    if (!type.hasStaticShape())
      return ctx.fail("embedding_bag needs static result shapes");
    llvm::SmallVector<int64_t, 2> shape;
    for (const ir::Dim &d : type.getShape())
      shape.push_back(d.getSize());
    results.push_back(b.constant(makeDenseInt(
        type.getDType(), shape, std::vector<int64_t>(size_t(*type.getNumElements()), 0))));
  }
  return results;
}

// aten.index_select.default(self, dim, index): a 0-d index selects one entry
// and keeps the dim.
ValueList lowerIndexSelect(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  Value *index = ctx.tensor("index");
  if (ctx.rankOf(index) == 0)
    index = ctx.b.unsqueeze(index, {0});
  if (rank == 0)
    return {x};
  Value *r = ctx.b.gather(x, index, dim);
  r->setType(ctx.resultType());
  return {r};
}

// aten.gather.default(self, dim, index, *, sparse_grad=False): a 0-d self
// is read as one element; an empty index may have any integer dtype and rank.
ValueList lowerGather(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), std::max<int64_t>(rank, 1));
  Value *index = b.cast(ctx.tensor("index"), DType::Int64);
  // An empty index may have another rank than self: the result is empty.
  if (index->getType().getNumElements() == 0)
    return {b.op("ConstantOfShape", {b.shapeOf(index)}, ctx.resultType(),
                 {{"value", Attribute::dense(makeDense(ctx.resultDType(), {1}, {0.0}))}})};
  if (rank > 0)
    return {b.op("GatherElements", {x, index}, ctx.resultType(),
                 {{"axis", Attribute::integer(dim)}})};
  Value *flatIndex = b.reshape(index, {-1});
  Value *gathered = b.op("GatherElements", {b.reshape(x, {1}), flatIndex},
                         flatIndex->getType().withDType(x->getType().getDType()),
                         {{"axis", Attribute::integer(0)}});
  return {b.reshape(gathered, b.shapeOf(index), ctx.resultType())};
}

// ---- Advanced indexing ------------------------------------------------------------

/// The advanced indices of an index/index_put op, with bool masks replaced
/// by the int indices of their true elements.
struct AdvancedIndices {
  /// The indexed dims, ascending, and one int64 index per dim.
  llvm::SmallVector<int64_t, 4> dims;
  ValueList indices;
  bool adjacent = true;
  /// When one k-d mask (k > 1) is the only index: its NonZero [k, n], whose
  /// transpose is the stacked indices.
  Value *maskRows = nullptr;
};

std::optional<AdvancedIndices> collectIndices(RuleContext &ctx, Value *x) {
  ValueList given = ctx.optionalTensorList("indices");
  int64_t rank = ctx.rankOf(x);
  AdvancedIndices result;
  int64_t dim = 0;
  for (Value *index : given) {
    if (!index) {
      ++dim;
      continue;
    }
    const ir::Type &t = index->getType();
    if (t.getDType() == DType::Bool || t.getDType() == DType::UInt8) {
      // A k-d mask indexes k dims: its NonZero rows.
      int64_t k = ctx.rankOf(index);
      if (k == 0) {
        ctx.fail("0-d bool indices are not supported");
        return std::nullopt;
      }
      ir::Type nzType = ir::Type::tensor(DType::Int64, {ir::Dim(k), ir::Dim::unknown()});
      Value *nz = ctx.b.op("NonZero", {ctx.b.cast(index, DType::Bool)}, nzType);
      if (k > 1 && llvm::count_if(given, [](Value *v) { return v != nullptr; }) == 1)
        result.maskRows = nz;
      for (int64_t i = 0; i < k; ++i) {
        result.dims.push_back(dim + i);
        result.indices.push_back(ctx.b.gather(nz, ctx.b.i64(i), 0));
      }
      dim += k;
      continue;
    }
    result.dims.push_back(dim++);
    result.indices.push_back(ctx.b.cast(index, DType::Int64));
  }
  if (dim > rank) {
    ctx.fail("too many indices for a tensor of rank " + llvm::Twine(rank));
    return std::nullopt;
  }
  for (size_t i = 1; i < result.dims.size(); ++i)
    if (result.dims[i] != result.dims[i - 1] + 1)
      result.adjacent = false;
  return result;
}

/// The indices broadcast against each other and stacked on a new last axis.
/// Indices of one type are stacked as they are. Indices that broadcast are
/// each scaled by a one-hot row and summed: `i0[..., None] * [1, 0] +
/// i1[..., None] * [0, 1]` broadcasts them and stacks them at once, exactly
/// (int64 products by 0 and 1), without materializing the broadcast shape.
Value *stackIndices(RuleContext &ctx, llvm::ArrayRef<Value *> indices) {
  OnnxBuilder &b = ctx.b;
  auto trailingUnsqueeze = [&](Value *v) {
    return b.unsqueeze(v, {int64_t(v->getType().getRank())});
  };
  // Equal shapes only when every dim is known: two unknown dims may differ.
  const ir::Type &first = indices.front()->getType();
  bool sameType =
      indices.size() == 1 ||
      (first.isRanked() &&
       llvm::none_of(first.getShape(), [](const ir::Dim &d) { return d.isUnknown(); }) &&
       llvm::all_of(indices, [&](Value *v) { return v->getType() == first; }));
  if (sameType) {
    ValueList columns;
    for (Value *v : indices)
      columns.push_back(trailingUnsqueeze(v));
    return indices.size() == 1 ? columns.front()
                               : b.concat(columns, int64_t(indices.front()->getType().getRank()));
  }
  Value *stacked = nullptr;
  for (auto [i, v] : llvm::enumerate(indices)) {
    llvm::SmallVector<int64_t, 4> oneHot(indices.size(), 0);
    oneHot[i] = 1;
    Value *unsqueezed = trailingUnsqueeze(v);
    Value *column = b.binary("Mul", unsqueezed, b.i64s(oneHot));
    stacked = stacked ? b.binary("Add", stacked, column) : column;
  }
  return stacked;
}

/// The stacked indices of `adv`: a lone mask's NonZero transposed (its rows
/// are the indices, already of one length), else stackIndices.
Value *stackIndices(RuleContext &ctx, const AdvancedIndices &adv) {
  if (!adv.maskRows)
    return stackIndices(ctx, adv.indices);
  const ir::Type &nz = adv.maskRows->getType();
  return ctx.b.op("Transpose", {adv.maskRows},
                  ir::Type::tensor(DType::Int64, {nz.getShape()[1], nz.getShape()[0]}),
                  {{"perm", ir::Attribute::intList({1, 0})}});
}

/// The permutation moving `dims` to the front, the other dims after in order.
llvm::SmallVector<int64_t, 4> frontPermutation(llvm::ArrayRef<int64_t> dims, int64_t rank) {
  llvm::SmallVector<int64_t, 4> perm(dims.begin(), dims.end());
  for (int64_t i = 0; i < rank; ++i)
    if (!llvm::is_contained(dims, i))
      perm.push_back(i);
  return perm;
}

bool isIdentity(llvm::ArrayRef<int64_t> perm) {
  for (auto [i, p] : llvm::enumerate(perm))
    if (int64_t(i) != p)
      return false;
  return true;
}

/// self[indices] for the collected advanced indices `adv`, typed as the
/// op's result.
ValueList emitIndex(RuleContext &ctx, Value *x, const AdvancedIndices &adv) {
  int64_t rank = ctx.rankOf(x);
  if (adv.dims.empty())
    return {x};
  OnnxBuilder &b = ctx.b;
  if (adv.indices.size() == 1) {
    Value *r = b.gather(x, adv.indices.front(), adv.dims.front());
    r->setType(ctx.resultType());
    return {r};
  }
  llvm::SmallVector<int64_t, 4> perm = frontPermutation(adv.dims, rank);
  Value *moved = isIdentity(perm) ? x : b.transpose(x, perm);
  Value *stacked = stackIndices(ctx, adv);
  int64_t batchRank = int64_t(stacked->getType().getRank()) - 1;
  int64_t restRank = rank - int64_t(adv.dims.size());
  ir::Type gatheredType = ir::Type::unrankedTensor(x->getType().getDType());
  if (stacked->getType().isRanked() && moved->getType().isRanked()) {
    llvm::SmallVector<ir::Dim, 4> dims(stacked->getType().getShape().drop_back());
    llvm::append_range(dims, moved->getType().getShape().drop_front(adv.dims.size()));
    gatheredType = ir::Type::tensor(x->getType().getDType(), dims);
  }
  Value *gathered = b.op("GatherND", {moved, stacked}, gatheredType);
  int64_t first = adv.dims.front();
  if (adv.adjacent && first > 0) {
    // [batch..., rest...] -> [rest[:first], batch..., rest[first:]]
    llvm::SmallVector<int64_t, 4> back;
    for (int64_t i = 0; i < first; ++i)
      back.push_back(batchRank + i);
    for (int64_t i = 0; i < batchRank; ++i)
      back.push_back(i);
    for (int64_t i = first; i < restRank; ++i)
      back.push_back(batchRank + i);
    gathered = b.transpose(gathered, back);
  }
  gathered->setType(ctx.resultType());
  return {gathered};
}

// aten.index.Tensor(self, indices), aten._unsafe_index.Tensor (the same
// without bounds checks)
ValueList lowerIndex(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  std::optional<AdvancedIndices> adv = collectIndices(ctx, x);
  if (!adv)
    return {};
  return emitIndex(ctx, x, *adv);
}

/// `index + size` for negative entries (Python's slice bounds).
Value *nonNegative(OnnxBuilder &b, Value *index, Value *size) {
  Value *zero = b.i64(0);
  return b.where(b.compare("Less", index, zero), b.binary("Add", index, size), index);
}

/// self[indices] = values (or += with `accumulate`) for the collected
/// advanced indices `adv`; `values` has self's dtype.
ValueList emitIndexPut(RuleContext &ctx, Value *x, const AdvancedIndices &adv, Value *values,
                       bool accumulate) {
  if (adv.dims.empty())
    return {x};
  OnnxBuilder &b = ctx.b;
  int64_t rank = ctx.rankOf(x);
  DType t = x->getType().getDType();
  llvm::SmallVector<int64_t, 4> perm = frontPermutation(adv.dims, rank);
  Value *moved = isIdentity(perm) ? x : b.transpose(x, perm);
  Value *shape = b.shapeOf(x);
  // ScatterND counts negative indices from the end, as torch does.
  Value *stacked = stackIndices(ctx, adv);
  int64_t batchRank = int64_t(stacked->getType().getRank()) - 1;
  int64_t first = adv.dims.front();
  bool inPlace = adv.adjacent && first > 0;

  // values broadcast against x[indices], in torch's dim order.
  Value *batchShape = b.shapeOf(stacked, 0, -1);
  llvm::SmallVector<int64_t, 4> restDims;
  for (int64_t i = 0; i < rank; ++i)
    if (!llvm::is_contained(adv.dims, i))
      restDims.push_back(i);
  Value *restShape = restDims.empty() ? nullptr : b.gather(shape, b.i64s(restDims), 0);
  ValueList parts;
  if (inPlace) {
    parts.push_back(b.gather(shape, b.i64s(llvm::ArrayRef(restDims).take_front(first)), 0));
    parts.push_back(batchShape);
    if (int64_t(restDims.size()) > first)
      parts.push_back(b.gather(shape, b.i64s(llvm::ArrayRef(restDims).drop_front(first)), 0));
  } else {
    parts.push_back(batchShape);
    if (restShape)
      parts.push_back(restShape);
  }
  Value *updatesShape = b.concat(parts, 0);
  Value *updates = b.expand(values, updatesShape, ir::Type::unrankedTensor(t));
  int64_t restRank = int64_t(restDims.size());
  if (inPlace) {
    llvm::SmallVector<int64_t, 4> toFront;
    for (int64_t i = 0; i < batchRank; ++i)
      toFront.push_back(first + i);
    for (int64_t i = 0; i < first; ++i)
      toFront.push_back(i);
    for (int64_t i = first; i < restRank; ++i)
      toFront.push_back(batchRank + i);
    updates = b.transpose(updates, toFront);
  }
  // In scatter order: [batch..., rest...].
  if (stacked->getType().isRanked() && moved->getType().isRanked()) {
    llvm::SmallVector<ir::Dim, 4> dims(stacked->getType().getShape().drop_back());
    llvm::append_range(dims, moved->getType().getShape().drop_front(adv.dims.size()));
    updates->setType(ir::Type::tensor(t, dims));
  }
  llvm::SmallVector<ir::NamedAttribute, 1> attrs;
  if (accumulate)
    attrs.push_back({"reduction", Attribute::string("add")});
  Value *scattered = b.op("ScatterND", {moved, stacked, updates}, moved->getType(), attrs);
  if (!isIdentity(perm)) {
    llvm::SmallVector<int64_t, 4> inverse(rank);
    for (int64_t i = 0; i < rank; ++i)
      inverse[perm[i]] = i;
    scattered = b.transpose(scattered, inverse);
  }
  scattered->setType(ctx.resultType().withDType(t));
  return {scattered};
}

/// emitIndexPut, accumulating where ONNX Runtime's ScatterND cannot add:
/// bool values as integers (a sum of 0 and 1, read back as bool: or), float16
/// ones in float32 (rounded back once).
ValueList emitIndexPutWide(RuleContext &ctx, Value *x, const AdvancedIndices &adv, Value *values,
                           bool accumulate) {
  DType t = x->getType().getDType();
  DType wideType = t == DType::Bool ? DType::Int64 : DType::Float32;
  if (!accumulate || (t != DType::Bool && t != DType::Float16))
    return emitIndexPut(ctx, x, adv, values, accumulate);
  Value *wideSelf = ctx.b.cast(x, wideType);
  Value *wideValues = ctx.b.cast(values, wideType);
  ValueList wide = emitIndexPut(ctx, wideSelf, adv, wideValues, true);
  if (wide.empty())
    return {};
  return {ctx.b.cast(wide.front(), t)};
}

// aten.index_put.default(self, indices, values, accumulate=False),
// aten._unsafe_index_put.default (the same without bounds checks),
// aten._index_put_impl.default (with `unsafe`, which only skips checks)
ValueList lowerIndexPut(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  DType t = x->getType().getDType();
  Value *values = ctx.b.cast(ctx.tensor("values"), t);
  bool accumulate = ctx.getBool("accumulate");
  OnnxBuilder &b = ctx.b;

  // x[mask] = scalar over the leading dims: a Where.
  ValueList given = ctx.optionalTensorList("indices");
  const ir::Type &vt = values->getType();
  if (given.size() == 1 && given.front() && given.front()->getType().getDType() == DType::Bool &&
      vt.getNumElements() == 1) {
    Value *mask = given.front();
    int64_t k = ctx.rankOf(mask);
    llvm::SmallVector<int64_t, 4> trailing;
    for (int64_t i = k; i < rank; ++i)
      trailing.push_back(i);
    if (!trailing.empty())
      mask = b.unsqueeze(mask, trailing);
    Value *scalarValue = b.reshape(values, llvm::ArrayRef<int64_t>{});
    if (accumulate)
      return {b.binary(t == DType::Bool ? "Or" : "Add", x,
                       b.where(mask, scalarValue, b.scalar(t, 0.0)))};
    Value *r = b.where(mask, scalarValue, x);
    r->setType(ctx.resultType());
    return {r};
  }

  std::optional<AdvancedIndices> adv = collectIndices(ctx, x);
  if (!adv)
    return {};
  return emitIndexPutWide(ctx, x, *adv, values, accumulate);
}

/// The collected int indices clamped into [-size, size - 1] of their dims,
/// as the `_unsafe_masked_index*` ops read them: where their mask is false
/// an index may be out of range, and what is read there is not used. One
/// Clip where the dim is static and not empty (a bound can then not pass
/// the other), else Min then Max.
std::optional<AdvancedIndices> clampedIndices(RuleContext &ctx, Value *x) {
  std::optional<AdvancedIndices> adv = collectIndices(ctx, x);
  if (!adv)
    return std::nullopt;
  OnnxBuilder &b = ctx.b;
  const ir::Type &type = x->getType();
  for (size_t i = 0; i < adv->dims.size(); ++i) {
    int64_t dim = adv->dims[i];
    Value *size = b.dimSize(x, dim);
    Value *low = b.unary("Neg", size);
    Value *high = b.binary("Sub", size, b.i64(1));
    Value *index = adv->indices[i];
    bool nonEmpty = type.isRanked() && type.getShape()[dim].isStatic() &&
                    type.getShape()[dim].getSize() > 0 &&
                    index->getType().getDType() == DType::Int64;
    adv->indices[i] = nonEmpty ? b.op("Clip", {index, low, high}, index->getType())
                               : b.binary("Max", b.binary("Min", index, high), low);
  }
  return adv;
}

// aten._unsafe_masked_index.default(self, mask, indices, fill): self[indices]
// where mask is true, fill elsewhere.
ValueList lowerUnsafeMaskedIndex(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  Value *mask = ctx.b.cast(ctx.tensor("mask"), DType::Bool);
  Value *fill = ctx.materialize(ctx.tensorOrNumber("fill"), ctx.resultDType());
  std::optional<AdvancedIndices> adv = clampedIndices(ctx, x);
  if (!adv || ctx.failed())
    return {};
  ValueList gathered = emitIndex(ctx, x, *adv);
  if (gathered.empty())
    return {};
  Value *r = ctx.b.where(mask, gathered.front(), fill);
  r->setType(ctx.resultType());
  return {r};
}

// aten._unsafe_masked_index_put_accumulate.default(self, mask, indices,
// values): self[indices] += values where mask is true.
ValueList lowerUnsafeMaskedIndexPutAccumulate(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  DType t = x->getType().getDType();
  Value *mask = ctx.b.cast(ctx.tensor("mask"), DType::Bool);
  Value *values = ctx.b.cast(ctx.tensor("values"), t);
  values = ctx.b.where(mask, values, ctx.b.scalar(t, 0.0));
  std::optional<AdvancedIndices> adv = clampedIndices(ctx, x);
  if (!adv || ctx.failed())
    return {};
  return emitIndexPutWide(ctx, x, *adv, values, true);
}

// aten.masked_select.default(self, mask): the elements of self where mask
// is true, self and mask broadcast together, in row-major order (Compress
// of both flattened).
ValueList lowerMaskedSelect(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  Value *mask = b.cast(ctx.tensor("mask"), DType::Bool);
  DType t = x->getType().getDType();
  ir::Type broadcast = broadcastType(x->getType(), mask->getType(), t);
  if (broadcast != x->getType())
    x = b.expand(x, b.shapeOf(mask), broadcast);
  if (broadcast.withDType(DType::Bool) != mask->getType())
    mask = b.expand(mask, b.shapeOf(x), broadcast.withDType(DType::Bool));
  return {b.op("Compress", {b.reshape(x, {-1}), b.reshape(mask, {-1})}, ctx.resultType(),
               {{"axis", Attribute::integer(0)}})};
}

// aten.nonzero_static.default(self, *, size, fill_value=-1): the first `size`
// rows of nonzero(self), padded with rows of fill_value.
ValueList lowerNonzeroStatic(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  IntArg size = ctx.intArg("size");
  int64_t fill = ctx.getInt("fill_value");
  if (ctx.failed())
    return {};
  Value *shape = b.buildShape({size.asShapeElement(), {rank, nullptr}});
  Value *padding =
      b.op("ConstantOfShape", {shape}, ctx.resultType(),
           {{"value", Attribute::dense(makeDenseInt(DType::Int64, {1}, {fill}))}});
  if (rank == 0)
    return {padding};
  ir::Type nzType = ir::Type::tensor(DType::Int64, {ir::Dim(rank), ir::Dim::unknown()});
  Value *nz = b.op("NonZero", {x}, nzType);
  Value *rows = b.op("Transpose", {nz}, nzType.withShape({ir::Dim::unknown(), ir::Dim(rank)}),
                     {{"perm", Attribute::intList({1, 0})}});
  Value *padded = b.concat({rows, padding}, 0);
  Value *end = b.reshape(size.isConstant() ? b.i64(*size.constant) : size.value, {1});
  return {b.slice(padded, b.i64s({0}), end, b.i64s({0}), nullptr, ctx.resultType())};
}

// ---- as_strided ------------------------------------------------------------------

/// The flat positions that as_strided(size, stride, storage_offset) reads of
/// self, in row-major order of the result. ONNX tensors have no strides:
/// this holds where self's storage is its own elements in row-major order,
/// which is known of a graph input or a constant (an intermediate may be a
/// view, or keep a permuted layout, that the program no longer shows), and
/// where every size, stride and the offset are known. Fails otherwise.
std::optional<std::vector<int64_t>> stridedPositions(RuleContext &ctx, Value *self) {
  ir::Operation *def = self->getDefiningOp();
  ir::Operation *owner = self->getParentBlock() ? self->getParentBlock()->getParentOp() : nullptr;
  bool ownStorage = def ? def->getName().getStringRef() == ir::builtin::kConstant
                        : owner && owner->getName().getStringRef() == ir::builtin::kGraph;
  if (!ownStorage) {
    ctx.fail("reads its input's memory through strides, which ONNX tensors do not have: "
             "only a graph input or a constant, whose memory is its elements in order, is "
             "supported (use view, reshape, slice or unfold in the program instead)");
    return std::nullopt;
  }
  const ir::Type &type = self->getType();
  llvm::SmallVector<IntArg, 4> size = ctx.intListArg("size");
  llvm::SmallVector<IntArg, 4> stride = ctx.intListArg("stride");
  std::optional<IntArg> offset = ctx.optionalIntArg("storage_offset");
  auto known = [](const IntArg &a) { return a.isConstant(); };
  if (ctx.failed() || !type.hasStaticShape() || !llvm::all_of(size, known) ||
      !llvm::all_of(stride, known) || (offset && !offset->isConstant()) ||
      size.size() != stride.size()) {
    ctx.fail("as_strided needs self's shape, the sizes, the strides and the offset known at "
             "compile time");
    return std::nullopt;
  }
  int64_t numel = *type.getNumElements();
  int64_t count = 1;
  for (const IntArg &s : size)
    count *= *s.constant;
  constexpr int64_t kMaxPositions = int64_t(1) << 22;
  if (count > kMaxPositions) {
    ctx.fail("as_strided of more than 4M elements is not supported");
    return std::nullopt;
  }
  std::vector<int64_t> positions(size_t(count), offset ? *offset->constant : 0);
  int64_t repeat = 1;
  for (int64_t d = int64_t(size.size()) - 1; d >= 0; --d) {
    int64_t n = *size[d].constant, step = *stride[d].constant;
    for (int64_t i = 0; i < count; ++i)
      positions[size_t(i)] += (i / repeat % n) * step;
    repeat *= n;
  }
  for (int64_t p : positions)
    if (p < 0 || p >= numel) {
      ctx.fail("as_strided reads outside self's elements");
      return std::nullopt;
    }
  return positions;
}

/// The positions as an int64 constant of the result's shape.
Value *positionsConstant(RuleContext &ctx, const std::vector<int64_t> &positions) {
  llvm::SmallVector<int64_t, 4> shape;
  for (const IntArg &s : ctx.intListArg("size"))
    shape.push_back(*s.constant);
  return ctx.b.constant(makeDenseInt(DType::Int64, shape, positions));
}

// aten.as_strided.default(self, size, stride, storage_offset=None),
// aten.as_strided_copy.default: a Gather of the flattened self.
ValueList lowerAsStrided(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  std::optional<std::vector<int64_t>> positions = stridedPositions(ctx, x);
  if (!positions)
    return {};
  Value *r = ctx.b.gather(ctx.b.reshape(x, {-1}), positionsConstant(ctx, *positions), 0);
  r->setType(ctx.resultType());
  return {r};
}

// aten.as_strided_scatter.default(self, src, size, stride, storage_offset=None):
// self with the elements as_strided reads replaced by src; positions read
// twice (an overlapping view) have no one value and are refused.
ValueList lowerAsStridedScatter(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  std::optional<std::vector<int64_t>> positions = stridedPositions(ctx, x);
  if (!positions)
    return {};
  std::vector<int64_t> sorted = *positions;
  llvm::sort(sorted);
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    return ctx.fail("as_strided_scatter into overlapping positions is not supported");
  OnnxBuilder &b = ctx.b;
  Value *flat = b.reshape(x, {-1});
  Value *indices = b.constant(
      makeDenseInt(DType::Int64, {int64_t(positions->size()), 1}, *positions));
  Value *src = b.reshape(b.cast(ctx.tensor("src"), x->getType().getDType()), {-1});
  Value *r = b.op("ScatterND", {flat, indices, src}, flat->getType());
  return {b.reshape(r, b.shapeOf(x), ctx.resultType())};
}

// aten.masked_scatter.default(self, mask, source): self with the elements
// where mask (broadcast with self) is true replaced, in row-major order, by
// the first elements of source. The k-th true element takes source[k]: k is
// the running count of true elements less one, gathered from source
// flattened with one element more, so that the index is valid where the
// mask is false (Where keeps self there) even for an empty source.
ValueList lowerMaskedScatter(RuleContext &ctx) {
  Value *self = ctx.tensor("self");
  Value *mask = ctx.b.cast(ctx.tensor("mask"), DType::Bool);
  if (!self->getType().isRanked() || !ctx.resultType().isRanked())
    return ctx.fail("masked_scatter needs the ranks of self and of its result");
  // A mask that broadcasts self to a larger shape: self expanded to it.
  if (ctx.resultType().getShape() != self->getType().getShape())
    self = ctx.b.expand(self, ctx.b.shapeOf(mask), ctx.resultType());
  const ir::Type &type = self->getType();
  DType dtype = type.getDType();
  Value *shape = ctx.b.shapeOf(self);
  ir::Type maskType = ir::Type::tensor(DType::Bool, type.getShape());
  if (mask->getType() != maskType)
    mask = ctx.b.expand(mask, shape, maskType);
  Value *count = ctx.b.cast(ctx.b.reshape(mask, {-1}), DType::Int64);
  Value *running = ctx.b.op("CumSum", {count, ctx.b.i64(0)}, count->getType());
  Value *k = ctx.b.binary("Sub", running, ctx.b.i64s({1}));
  Value *index = ctx.b.binary("Max", k, ctx.b.i64s({0}));
  Value *source = ctx.b.cast(ctx.b.reshape(ctx.tensor("source"), {-1}), dtype);
  Value *padded = ctx.b.concat(
      {source, ctx.b.constant(makeDense(dtype, {1}, llvm::ArrayRef<double>{0.0}))}, 0);
  Value *scattered = ctx.b.reshape(ctx.b.gather(padded, index, 0), shape, type);
  Value *r = ctx.b.where(mask, scattered, self);
  r->setType(ctx.resultType());
  return {r};
}

// aten.nonzero.default(self): [n, rank] indices of the non-zero elements.
// A 0-d tensor has [n, 0] (n is 0 or 1): those of it as a 1-element vector,
// [n, 1], without their column.
ValueList lowerNonzero(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  // ONNX Runtime has no float64 NonZero: x != 0 (true for NaN) as bool.
  if (DType t = x->getType().getDType(); t == DType::Float64)
    x = ctx.b.unary("Not", ctx.b.compare("Equal", x, ctx.b.scalar(t, 0.0)));
  ir::Type nzType = ir::Type::tensor(DType::Int64, {ir::Dim(rank), ir::Dim::unknown()});
  if (rank == 0) {
    Value *nz = ctx.b.op("NonZero", {ctx.b.reshape(x, {1})},
                         nzType.withShape({ir::Dim(1), ir::Dim::unknown()}));
    Value *indices = ctx.b.op("Transpose", {nz}, nzType.withShape({ir::Dim::unknown(), ir::Dim(1)}),
                              {{"perm", Attribute::intList({1, 0})}});
    return {ctx.b.slice(indices, ctx.b.i64s({0}), ctx.b.i64s({0}), ctx.b.i64s({1}), nullptr,
                        ctx.resultType())};
  }
  Value *nz = ctx.b.op("NonZero", {x}, nzType);
  return {ctx.b.op("Transpose", {nz}, ctx.resultType(), {{"perm", Attribute::intList({1, 0})}})};
}

/// tril/triu(self, diagonal=0)
ValueList lowerTrilu(RuleContext &ctx, bool upper) {
  Value *x = ctx.tensor("self");
  int64_t diagonal = ctx.getInt("diagonal");
  DType t = ctx.resultDType();
  // ONNX Runtime's Trilu takes floats, int64 and bool; other integers go
  // through int64 (exactly).
  if (ir::isFloatingPoint(t) || t == DType::Int64 || t == DType::Bool)
    return {ctx.b.op("Trilu", {x, ctx.b.i64(diagonal)}, ctx.resultType(),
                     {{"upper", Attribute::integer(upper ? 1 : 0)}})};
  Value *wide = ctx.b.op("Trilu", {ctx.b.cast(x, DType::Int64), ctx.b.i64(diagonal)},
                         ctx.resultType().withDType(DType::Int64),
                         {{"upper", Attribute::integer(upper ? 1 : 0)}});
  return {ctx.b.cast(wide, t)};
}
// aten.tril.default(self, diagonal=0)
ValueList lowerTril(RuleContext &ctx) { return lowerTrilu(ctx, false); }
// aten.triu.default(self, diagonal=0)
ValueList lowerTriu(RuleContext &ctx) { return lowerTrilu(ctx, true); }

// aten.item.default(self), aten._local_scalar_dense.default: the element as
// a rank-0 tensor of the scalar's lowered dtype.
ValueList lowerItem(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  DType t = ctx.resultDType();
  return {ctx.b.cast(ctx.b.reshape(x, llvm::ArrayRef<int64_t>{}), t)};
}

/// `x` with dim `dim` moved to the front, and the inverse permutation.
std::pair<Value *, llvm::SmallVector<int64_t, 4>> moveToFront(OnnxBuilder &b, Value *x, int64_t dim,
                                                              int64_t rank) {
  llvm::SmallVector<int64_t, 4> perm = frontPermutation({dim}, rank), inverse(rank);
  for (int64_t i = 0; i < rank; ++i)
    inverse[perm[i]] = i;
  return {dim == 0 ? x : b.transpose(x, perm), inverse};
}

// aten.select_scatter.default(self, src, dim, index): self with self[dim=index] = src
ValueList lowerSelectScatter(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  IntArg index = ctx.intArg("index");
  OnnxBuilder &b = ctx.b;
  Value *src = b.cast(ctx.tensor("src"), x->getType().getDType());
  auto [moved, inverse] = moveToFront(b, x, dim, rank);
  const ir::Dim &size = x->getType().getShape()[dim];
  Value *indices;
  if (index.isConstant() && size.isStatic()) {
    int64_t i = *index.constant < 0 ? *index.constant + size.getSize() : *index.constant;
    indices = b.constant(makeDenseInt(DType::Int64, {1, 1}, {i}));
  } else {
    // ScatterND counts a negative index from the end, as torch does.
    indices = b.reshape(index.isConstant() ? b.i64(*index.constant) : index.value, {1, 1});
  }
  Value *updates = b.unsqueeze(src, {0});
  Value *r = b.op("ScatterND", {moved, indices, updates}, moved->getType());
  if (dim != 0)
    r = b.transpose(r, inverse);
  r->setType(ctx.resultType());
  return {r};
}

// aten.slice_scatter.default(self, src, dim=0, start=None, end=None, step=1)
ValueList lowerSliceScatter(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  OnnxBuilder &b = ctx.b;
  Value *src = b.cast(ctx.tensor("src"), x->getType().getDType());
  IntArg start = ctx.optionalIntArg("start").value_or(IntArg{int64_t(0), nullptr});
  IntArg end =
      ctx.optionalIntArg("end").value_or(IntArg{std::numeric_limits<int64_t>::max(), nullptr});
  IntArg step = ctx.intArg("step");
  // Python slice bounds: negative ones count from the end, then clamp to [0, L].
  const ir::Dim &size = x->getType().getShape()[dim];
  if (start.isConstant() && end.isConstant() && step.isConstant() && size.isStatic()) {
    int64_t l = size.getSize();
    auto clampBound = [&](int64_t v) { return std::clamp(v < 0 ? v + l : v, int64_t(0), l); };
    std::vector<int64_t> positions;
    for (int64_t p = clampBound(*start.constant); p < clampBound(*end.constant);
         p += *step.constant)
      positions.push_back(p);
    auto [moved, inverse] = moveToFront(b, x, dim, rank);
    Value *movedSrc = moveToFront(b, src, dim, rank).first;
    Value *indices =
        b.constant(makeDenseInt(DType::Int64, {int64_t(positions.size()), 1}, positions));
    Value *r = b.op("ScatterND", {moved, indices, movedSrc}, moved->getType());
    if (dim != 0)
      r = b.transpose(r, inverse);
    r->setType(ctx.resultType());
    return {r};
  }
  Value *length = b.dimSize(x, dim);
  auto bound = [&](const IntArg &v) {
    Value *raw = v.isConstant() ? b.i64(*v.constant) : v.value;
    Value *wrapped = nonNegative(b, raw, length);
    return b.binary("Min", b.binary("Max", wrapped, b.i64(0)), length);
  };
  Value *from = bound(start), *to = bound(end);
  Value *stepValue = step.isConstant() ? b.i64(*step.constant) : step.value;
  Value *positions =
      b.op("Range", {from, to, stepValue}, ir::Type::tensor(DType::Int64, {ir::Dim::unknown()}));
  auto [moved, inverse] = moveToFront(b, x, dim, rank);
  Value *movedSrc = moveToFront(b, src, dim, rank).first;
  Value *r = b.op("ScatterND", {moved, b.unsqueeze(positions, {1}), movedSrc}, moved->getType());
  if (dim != 0)
    r = b.transpose(r, inverse);
  r->setType(ctx.resultType());
  return {r};
}

// aten.one_hot.default(self, num_classes=-1): int64 one-hot rows; the class
// count must be given (torch's -1 reads the data).
ValueList lowerOneHot(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t classes = ctx.getInt("num_classes");
  if (classes < 0)
    return ctx.fail("one_hot needs num_classes (inferring it from the data is not supported)");
  OnnxBuilder &b = ctx.b;
  Value *values = b.constant(makeDenseInt(DType::Int64, {2}, {0, 1}));
  // ONNX's OneHot needs indices of rank >= 1: a 0-d index is one row.
  if (ctx.rankOf(x) == 0) {
    Value *row = b.op("OneHot", {b.reshape(x, {1}), b.i64(classes), values},
                      ctx.resultType().withShape({ir::Dim(1), ir::Dim(classes)}),
                      {{"axis", Attribute::integer(-1)}});
    Value *r = b.reshape(row, {classes});
    r->setType(ctx.resultType());
    return {r};
  }
  return {b.op("OneHot", {x, b.i64(classes), values}, ctx.resultType(),
               {{"axis", Attribute::integer(-1)}})};
}

} // namespace

void registerIndexingLowerings(LoweringRegistry &r) {
  r.add("aten.embedding.default", lowerEmbedding);
  r.add("aten.embedding_bag.default", lowerEmbeddingBag);
  r.add("aten.embedding_bag.padding_idx", lowerEmbeddingBag);
  r.add("aten._embedding_bag.default", lowerEmbeddingBag);
  r.add("aten._embedding_bag_forward_only.default", lowerEmbeddingBag);
  r.add("aten.index_select.default", lowerIndexSelect);
  r.add("aten.gather.default", lowerGather);
  r.add("aten.index.Tensor", lowerIndex);
  r.add("aten.index_put.default", lowerIndexPut);
  r.add("aten._index_put_impl.default", lowerIndexPut);
  r.add("aten._unsafe_index.Tensor", lowerIndex);
  r.add("aten._unsafe_index_put.default", lowerIndexPut);
  r.add("aten._unsafe_masked_index.default", lowerUnsafeMaskedIndex);
  r.add("aten._unsafe_masked_index_put_accumulate.default", lowerUnsafeMaskedIndexPutAccumulate);
  r.add("aten.as_strided.default", lowerAsStrided);
  r.add("aten.as_strided_copy.default", lowerAsStrided);
  r.add("aten.as_strided_scatter.default", lowerAsStridedScatter);
  r.add("aten.masked_select.default", lowerMaskedSelect);
  r.add("aten.nonzero_static.default", lowerNonzeroStatic);
  r.add("aten.nonzero.default", lowerNonzero);
  r.add("aten.masked_scatter.default", lowerMaskedScatter);
  r.add("aten.one_hot.default", lowerOneHot);
  r.add("aten.tril.default", lowerTril);
  r.add("aten.triu.default", lowerTriu);
  r.add("aten.item.default", lowerItem);
  r.add("aten._local_scalar_dense.default", lowerItem);
  r.add("aten.select_scatter.default", lowerSelectScatter);
  r.add("aten.slice_scatter.default", lowerSliceScatter);
}

} // namespace pt2onnx::lowering
