//===- shape.cpp - Views, reshapes, concatenation, splitting, padding --------===//
//
// Shape arguments are SymInt lists: each element a constant or a runtime
// rank-0 int64 value, assembled into a 1-D shape tensor (constant when every
// element is). Where a rule needs the dims of its input, static dims are
// constants and dynamic ones come from one `onnx.Shape`. Views lower to
// copies (ONNX has no aliasing); the driver refuses in-place updates
// through them.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;
using ShapeElement = OnnxBuilder::ShapeElement;

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

/// The dims of `x`: constants where static, Gathers of one Shape otherwise.
llvm::SmallVector<ShapeElement, 4> dimsOf(OnnxBuilder &b, Value *x) {
  llvm::SmallVector<ShapeElement, 4> dims;
  Value *shape = nullptr;
  for (auto [i, d] : llvm::enumerate(x->getType().getShape())) {
    if (d.isStatic()) {
      dims.push_back({d.getSize(), nullptr});
      continue;
    }
    if (!shape)
      shape = b.shapeOf(x);
    dims.push_back({std::nullopt, b.gather(shape, b.i64(int64_t(i)), 0)});
  }
  return dims;
}

/// A rank-0 int64 value for `i`.
Value *scalarOf(OnnxBuilder &b, const ShapeElement &i) {
  return i.constant ? b.i64(*i.constant) : i.value;
}

/// Whether the dim can be 0: unknown, or a range reaching 0.
bool mayBeZero(const ir::Dim &d) {
  if (d.isStatic())
    return d.getSize() == 0;
  return d.isUnknown() || d.getExpr().getRange().lo < 1;
}

/// Reshape `x` to `elements`, typed as `type`; allowzero when a constant
/// element is 0 (torch's 0 is a size, ONNX's a copy of the input dim).
/// Otherwise the types spare runtime elements: a dim the result has static
/// is that constant, one equal to `x`'s dim at the same index is ONNX's 0
/// (copy), and a last runtime element is -1 (inferred) when no other
/// element can be 0. A shape of constants needs no Shape, Gather or Concat;
/// a reshape to the input's own shape is none.
Value *reshapeTo(RuleContext &ctx, Value *x, llvm::ArrayRef<ShapeElement> elements,
                 const ir::Type &type) {
  bool hasZero = llvm::any_of(elements, [](const ShapeElement &e) { return e.constant == 0; });
  if (hasZero)
    return ctx.b.op("Reshape", {x, ctx.b.buildShape(elements)}, type,
                    {{"allowzero", Attribute::integer(1)}});
  llvm::SmallVector<ShapeElement, 4> target(elements.begin(), elements.end());
  const ir::Type &in = x->getType();
  if (in == type && type.isRanked() &&
      llvm::none_of(type.getShape(), [](const ir::Dim &d) { return d.isUnknown(); }))
    return x;
  if (type.isRanked() && type.getRank() == target.size()) {
    bool othersNonzero = true;
    ShapeElement *runtime = nullptr;
    size_t runtimeCount = 0;
    for (auto [i, e] : llvm::enumerate(target)) {
      const ir::Dim &d = type.getShape()[i];
      if (!e.constant && d.isStatic() && d.getSize() != 0)
        e = {d.getSize(), nullptr};
      else if (!e.constant && !d.isUnknown() && in.isRanked() && i < in.getRank() &&
               in.getShape()[i] == d) {
        e = {int64_t(0), nullptr};
        othersNonzero &= !mayBeZero(d);
      } else if (!e.constant) {
        runtime = &e;
        ++runtimeCount;
      }
    }
    bool inferred = llvm::any_of(target, [](const ShapeElement &e) { return e.constant == -1; });
    if (runtimeCount == 1 && !inferred && othersNonzero)
      *runtime = {int64_t(-1), nullptr};
  }
  return ctx.b.reshape(x, ctx.b.buildShape(target), type);
}

llvm::SmallVector<ShapeElement, 4> toElements(llvm::ArrayRef<IntArg> args) {
  llvm::SmallVector<ShapeElement, 4> elements;
  for (const IntArg &a : args)
    elements.push_back(a.asShapeElement());
  return elements;
}

// aten.view.default(self, size), aten._unsafe_view.default, aten.reshape.default(self, shape)
// (complex tensors keep their trailing pair dim)
ValueList lowerView(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  llvm::StringRef arg = ctx.has("shape") ? "shape" : "size";
  llvm::SmallVector<ShapeElement, 4> target = toElements(ctx.intListArg(arg));
  if (ctx.isComplexPair(x))
    target.push_back({int64_t(2), nullptr});
  return {reshapeTo(ctx, x, target, ctx.resultType())};
}

// aten.view_as.default(self, other), aten.reshape_as.default
ValueList lowerViewAs(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  Value *other = ctx.tensor("other");
  ctx.rankOf(other);
  return {reshapeTo(ctx, x, dimsOf(ctx.b, other), ctx.resultType())};
}

// aten.permute.default(self, dims)
ValueList lowerPermute(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> perm;
  for (int64_t d : ctx.getIntList("dims"))
    perm.push_back(ctx.normalizeDim(d, rank));
  if (int64_t(perm.size()) != rank)
    return ctx.fail("permute needs one dim per input dim");
  if (rank <= 1)
    return {x};
  return {ctx.b.transpose(x, perm)};
}

Value *swapDims(RuleContext &ctx, Value *x, int64_t a, int64_t b) {
  int64_t rank = ctx.rankOf(x);
  a = ctx.normalizeDim(a, rank);
  b = ctx.normalizeDim(b, rank);
  if (a == b || rank <= 1)
    return x;
  llvm::SmallVector<int64_t, 4> perm;
  for (int64_t i = 0; i < rank; ++i)
    perm.push_back(i);
  std::swap(perm[a], perm[b]);
  return ctx.b.transpose(x, perm);
}

// aten.transpose.int(self, dim0, dim1)
ValueList lowerTranspose(RuleContext &ctx) {
  return {swapDims(ctx, ctx.tensor("self"), ctx.getInt("dim0"), ctx.getInt("dim1"))};
}

// aten.swapaxes.default(self, axis0, axis1), aten.swapdims.default(self, dim0, dim1)
ValueList lowerSwapAxes(RuleContext &ctx) {
  if (ctx.has("dim0"))
    return lowerTranspose(ctx);
  return {swapDims(ctx, ctx.tensor("self"), ctx.getInt("axis0"), ctx.getInt("axis1"))};
}

// aten.t.default(self): rank <= 2
ValueList lowerT(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  if (ctx.rankOf(x) > 2)
    return ctx.fail("t() needs a tensor of rank <= 2");
  return {swapDims(ctx, x, 0, -1)};
}

// aten.mT.default(self): swaps the last two dims
ValueList lowerMT(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  if (ctx.rankOf(x) < 2)
    return ctx.fail("mT needs a tensor of rank >= 2");
  return {swapDims(ctx, x, -2, -1)};
}

// aten.movedim.int(self, source, destination)
ValueList lowerMovedim(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t src = ctx.normalizeDim(ctx.getInt("source"), rank);
  int64_t dst = ctx.normalizeDim(ctx.getInt("destination"), rank);
  if (src == dst)
    return {x};
  llvm::SmallVector<int64_t, 4> rest;
  for (int64_t i = 0; i < rank; ++i)
    if (i != src)
      rest.push_back(i);
  rest.insert(rest.begin() + dst, src);
  return {ctx.b.transpose(x, rest)};
}

// aten.flatten.using_ints(self, start_dim=0, end_dim=-1)
ValueList lowerFlatten(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  if (rank == 0)
    return {ctx.b.reshape(x, {1})};
  int64_t start = ctx.normalizeDim(ctx.getInt("start_dim"), rank);
  int64_t end = ctx.normalizeDim(ctx.getInt("end_dim"), rank);
  if (start > end)
    return ctx.fail("flatten needs start_dim <= end_dim");
  if (start == end)
    return {x};
  llvm::SmallVector<ShapeElement, 4> dims = dimsOf(ctx.b, x), target;
  target.append(dims.begin(), dims.begin() + start);
  std::optional<int64_t> merged = 1;
  for (int64_t i = start; i <= end; ++i)
    merged = dims[i].constant && merged ? std::optional<int64_t>(*merged * *dims[i].constant)
                                        : std::nullopt;
  target.push_back({merged.value_or(-1), nullptr});
  target.append(dims.begin() + end + 1, dims.end());
  return {reshapeTo(ctx, x, target, ctx.resultType())};
}

// aten.unflatten.int(self, dim, sizes)
ValueList lowerUnflatten(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  llvm::SmallVector<ShapeElement, 4> dims = dimsOf(ctx.b, x), target;
  target.append(dims.begin(), dims.begin() + dim);
  llvm::append_range(target, toElements(ctx.intListArg("sizes")));
  target.append(dims.begin() + dim + 1, dims.end());
  return {reshapeTo(ctx, x, target, ctx.resultType())};
}

// aten.unsqueeze.default(self, dim)
ValueList lowerUnsqueeze(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank + 1);
  Value *r = ctx.b.unsqueeze(x, {dim});
  r->setType(ctx.resultType());
  return {r};
}

/// torch's squeeze drops only dims of size 1; a dynamic dim is dropped when
/// the result rank says it was.
ValueList squeezeDims(RuleContext &ctx, Value *x, llvm::ArrayRef<int64_t> candidates) {
  int64_t rank = ctx.rankOf(x);
  const ir::Type &result = ctx.resultType();
  llvm::SmallVector<int64_t, 4> ones, dynamic;
  for (int64_t d : candidates) {
    const ir::Dim &dim = x->getType().getShape()[d];
    if (dim.isStatic() && dim.getSize() == 1)
      ones.push_back(d);
    else if (!dim.isStatic())
      dynamic.push_back(d);
  }
  int64_t resultRank = result.isRanked() ? int64_t(result.getRank()) : -1;
  if (resultRank == rank - int64_t(ones.size() + dynamic.size()))
    llvm::append_range(ones, dynamic);
  else if (resultRank != rank - int64_t(ones.size()))
    return ctx.fail("cannot tell which dynamic dims squeeze removes");
  llvm::sort(ones);
  if (ones.empty())
    return {x};
  Value *r = ctx.b.squeeze(x, ones);
  r->setType(result);
  return {r};
}

// aten.squeeze.dim(self, dim), aten.squeeze.dims(self, dim), aten.squeeze.default(self)
ValueList lowerSqueeze(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  if (rank == 0)
    return {x};
  llvm::SmallVector<int64_t, 4> dims;
  if (std::optional<llvm::SmallVector<int64_t, 4>> given = ctx.getOptionalIntList("dim")) {
    for (int64_t d : *given)
      dims.push_back(ctx.normalizeDim(d, rank));
  } else {
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(i);
  }
  return squeezeDims(ctx, x, dims);
}

// aten.expand.default(self, size, *, implicit=False): -1 keeps a dim, which
// ONNX's bidirectional Expand does with 1.
ValueList lowerExpand(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  const ir::Type &type = ctx.resultType(), &in = x->getType();
  if (in == type)
    return {x};
  llvm::SmallVector<ShapeElement, 4> target = toElements(ctx.intListArg("size"));
  for (ShapeElement &e : target)
    if (e.constant == -1)
      e.constant = 1;
  // Runtime sizes the types tell: static dims, and dims the input already has
  // (1 keeps the input's dim in ONNX's broadcast).
  if (type.isRanked() && type.getRank() == target.size() && in.isRanked() &&
      in.getRank() <= target.size()) {
    size_t lead = target.size() - in.getRank();
    for (auto [i, e] : llvm::enumerate(target)) {
      const ir::Dim &d = type.getShape()[i];
      if (e.constant || d.isUnknown())
        continue;
      if (d.isStatic())
        e = {d.getSize(), nullptr};
      else if (i >= lead && in.getShape()[i - lead] == d)
        e = {int64_t(1), nullptr};
    }
  }
  return {ctx.b.expand(x, ctx.b.buildShape(target), type)};
}

// aten.expand_as.default(self, other)
ValueList lowerExpandAs(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  Value *other = ctx.tensor("other");
  return {ctx.b.expand(x, ctx.b.shapeOf(other), ctx.resultType())};
}

// aten.cat.default(tensors, dim=0): inputs in the result dtype; 1-D empty
// tensors are skipped as torch does.
ValueList lowerCat(RuleContext &ctx) {
  ValueList inputs = ctx.tensorList("tensors");
  const ir::Type &result = ctx.resultType();
  if (inputs.empty() || !result.isRanked())
    return ctx.fail("cat needs tensors and a ranked result");
  int64_t rank = int64_t(result.getRank());
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  ValueList kept;
  for (Value *v : inputs) {
    const ir::Type &t = v->getType();
    bool legacyEmpty =
        t.isRanked() && t.getRank() == 1 && t.getShape()[0] == ir::Dim(0) && rank != 1;
    if (!legacyEmpty)
      kept.push_back(ctx.b.cast(v, result.getDType()));
  }
  if (kept.empty())
    return ctx.fail("cat of only empty tensors");
  if (kept.size() == 1)
    return {kept.front()};
  Value *r = ctx.b.concat(kept, dim);
  r->setType(result);
  return {r};
}

// aten.stack.default(tensors, dim=0)
ValueList lowerStack(RuleContext &ctx) {
  ValueList inputs = ctx.tensorList("tensors");
  if (inputs.empty())
    return ctx.fail("stack of no tensors");
  int64_t rank = ctx.rankOf(inputs.front());
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank + 1);
  ValueList expanded;
  for (Value *v : inputs)
    expanded.push_back(ctx.b.unsqueeze(ctx.b.cast(v, ctx.resultDType()), {dim}));
  Value *r = expanded.size() == 1 ? expanded.front() : ctx.b.concat(expanded, dim);
  r->setType(ctx.resultType());
  return {r};
}

/// Splits `x` along `dim` into the op's results. When every result's size
/// along `dim` is static, one Split; otherwise `sizes` (runtime) feed it.
ValueList emitSplit(RuleContext &ctx, Value *x, int64_t dim, llvm::ArrayRef<ShapeElement> sizes) {
  unsigned n = ctx.getOp()->getNumResults();
  llvm::SmallVector<ir::Type, 4> types;
  llvm::SmallVector<ShapeElement, 4> staticSizes;
  for (unsigned i = 0; i < n; ++i) {
    types.push_back(ctx.resultType(i));
    const ir::Type &t = types.back();
    if (t.isRanked() && t.getShape()[dim].isStatic())
      staticSizes.push_back({t.getShape()[dim].getSize(), nullptr});
  }
  if (n == 1)
    return {x};
  Value *splitSizes =
      ctx.b.buildShape(staticSizes.size() == n ? llvm::ArrayRef(staticSizes) : sizes);
  ir::Operation *split =
      ctx.b.create("Split", {x, splitSizes}, types, {{"axis", Attribute::integer(dim)}});
  ValueList results;
  for (unsigned i = 0; i < n; ++i)
    results.push_back(split->getResult(i));
  return results;
}

/// Sizes of `n` chunks of `chunk` each, the last taking the rest of `length`.
llvm::SmallVector<ShapeElement, 4> chunkSizes(OnnxBuilder &b, const ShapeElement &length,
                                              const ShapeElement &chunk, unsigned n) {
  llvm::SmallVector<ShapeElement, 4> sizes(n ? n - 1 : 0, chunk);
  if (length.constant && chunk.constant) {
    sizes.push_back({*length.constant - *chunk.constant * int64_t(n - 1), nullptr});
    return sizes;
  }
  Value *used = b.binary("Mul", scalarOf(b, chunk), b.i64(int64_t(n - 1)));
  sizes.push_back({std::nullopt, b.binary("Sub", scalarOf(b, length), used)});
  return sizes;
}

// aten.split.Tensor(self, split_size, dim=0)
ValueList lowerSplit(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  IntArg size = ctx.intArg("split_size");
  ShapeElement length = dimsOf(ctx.b, x)[dim];
  return emitSplit(ctx, x, dim,
                   chunkSizes(ctx.b, length, size.asShapeElement(), ctx.getOp()->getNumResults()));
}

// aten.split_with_sizes.default(self, split_sizes, dim=0), aten.split.sizes
ValueList lowerSplitWithSizes(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  llvm::StringRef arg = ctx.has("split_sizes") ? "split_sizes" : "split_size";
  llvm::SmallVector<ShapeElement, 4> sizes = toElements(ctx.intListArg(arg));
  if (sizes.size() != ctx.getOp()->getNumResults())
    return ctx.fail("split_with_sizes needs one result per size");
  return emitSplit(ctx, x, dim, sizes);
}

// aten.chunk.default(self, chunks, dim=0): chunks of ceil(L / chunks); the
// op's results tell how many there are.
ValueList lowerChunk(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  int64_t chunks = ctx.getInt("chunks");
  ShapeElement length = dimsOf(ctx.b, x)[dim];
  ShapeElement chunk;
  if (length.constant) {
    chunk.constant = (*length.constant + chunks - 1) / chunks;
  } else {
    Value *l = length.value;
    chunk.value =
        ctx.b.binary("Div", ctx.b.binary("Add", l, ctx.b.i64(chunks - 1)), ctx.b.i64(chunks));
  }
  return emitSplit(ctx, x, dim, chunkSizes(ctx.b, length, chunk, ctx.getOp()->getNumResults()));
}

// aten.tensor_split.tensor_indices_or_sections(self, tensor_indices_or_sections,
// dim=0) with a 1-D tensor of split indices, known only at run time: part i
// is self[idx[i-1]:idx[i]] along dim (from 0, to the end), a Slice whose
// bounds are read from the tensor and treated as torch's slice treats them
// (negative from the end, clamped, empty when reversed). (A 0-d tensor, a
// number of sections, makes the number of results depend on its value,
// which torch.export does not export.)
ValueList lowerTensorSplitTensor(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  Value *split = ctx.tensor("tensor_indices_or_sections");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  int64_t parts = int64_t(ctx.getOp()->getNumResults());
  if (ctx.rankOf(split) != 1 || split->getType().getShape()[0] != ir::Dim(parts - 1))
    return ctx.fail("tensor_split needs a 1-D tensor of indices, one fewer than the parts");
  OnnxBuilder &b = ctx.b;
  Value *indices = b.cast(split, DType::Int64);
  ValueList results;
  for (int64_t i = 0; i < parts; ++i) {
    Value *start = i == 0 ? b.i64s({0}) : b.gather(indices, b.i64s({i - 1}), 0);
    Value *end = i == parts - 1 ? b.i64s({kInt64Max}) : b.gather(indices, b.i64s({i}), 0);
    results.push_back(
        b.slice(x, start, end, b.i64s({dim}), nullptr, ctx.resultType(unsigned(i))));
  }
  return results;
}

// aten.unbind.int(self, dim=0)
ValueList lowerUnbind(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  ValueList results;
  for (unsigned i = 0; i < ctx.getOp()->getNumResults(); ++i)
    results.push_back(ctx.b.gather(x, ctx.b.i64(i), dim));
  return results;
}

/// A rank-1 int64 tensor of one IntArg.
Value *oneElement(OnnxBuilder &b, const IntArg &a) { return b.buildShape({a.asShapeElement()}); }

// aten.slice.Tensor(self, dim=0, start=None, end=None, step=1)
ValueList lowerSlice(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  IntArg start = ctx.optionalIntArg("start").value_or(IntArg{int64_t(0), nullptr});
  IntArg end = ctx.optionalIntArg("end").value_or(IntArg{kInt64Max, nullptr});
  IntArg step = ctx.intArg("step");
  if (step.isConstant() && *step.constant <= 0)
    return ctx.fail("slice needs a positive step");
  if (start.constant == 0 && end.constant == kInt64Max && step.constant == 1)
    return {x};
  // A slice as long as the dim, for every size the symbols take, is all of it.
  const ir::Type &type = ctx.resultType();
  if (x->getType() == type && type.isRanked() &&
      llvm::none_of(type.getShape(), [](const ir::Dim &d) { return d.isUnknown(); }))
    return {x};
  return {ctx.b.slice(x, oneElement(ctx.b, start), oneElement(ctx.b, end), ctx.b.i64s({dim}),
                      oneElement(ctx.b, step), ctx.resultType())};
}

// aten.select.int(self, dim, index): a Gather with a scalar index drops the dim
ValueList lowerSelect(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  IntArg index = ctx.intArg("index");
  Value *r = ctx.b.gather(x, index.isConstant() ? ctx.b.i64(*index.constant) : index.value, dim);
  r->setType(ctx.resultType());
  return {r};
}

// aten.narrow.default(self, dim, start, length), aten.narrow_copy.default
ValueList lowerNarrow(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  IntArg start = ctx.intArg("start"), length = ctx.intArg("length");
  OnnxBuilder &b = ctx.b;
  ShapeElement begin = start.asShapeElement();
  if (start.constant && *start.constant < 0) {
    ShapeElement size = dimsOf(b, x)[dim];
    begin = size.constant
                ? ShapeElement{*size.constant + *start.constant, nullptr}
                : ShapeElement{std::nullopt, b.binary("Add", size.value, b.i64(*start.constant))};
  }
  ShapeElement finish;
  if (begin.constant && length.constant)
    finish.constant = *begin.constant + *length.constant;
  else
    finish.value = b.binary("Add", scalarOf(b, begin), scalarOf(b, length.asShapeElement()));
  return {b.slice(x, b.buildShape({begin}), b.buildShape({finish}), b.i64s({dim}), nullptr,
                  ctx.resultType())};
}

// aten.clone.default, aten.contiguous.default, aten.alias.default,
// aten.detach.default, aten.lift_fresh_copy.default: values, not storage
ValueList lowerIdentity(RuleContext &ctx) { return {ctx.tensor("self")}; }

/// Tile after giving `x` leading 1-dims up to the number of repeats. No
/// repeats (of a 0-d tensor) is the tensor itself: ONNX Runtime's Tile
/// rejects rank 0.
Value *emitTile(RuleContext &ctx, Value *x, llvm::ArrayRef<ShapeElement> repeats) {
  if (repeats.empty())
    return x;
  int64_t rank = ctx.rankOf(x);
  int64_t extra = int64_t(repeats.size()) - rank;
  if (extra > 0) {
    llvm::SmallVector<int64_t, 4> axes;
    for (int64_t i = 0; i < extra; ++i)
      axes.push_back(i);
    x = ctx.b.unsqueeze(x, axes);
  }
  return ctx.b.op("Tile", {x, ctx.b.buildShape(repeats)}, ctx.resultType());
}

// aten.repeat.default(self, repeats)
ValueList lowerRepeat(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  llvm::SmallVector<ShapeElement, 4> repeats = toElements(ctx.intListArg("repeats"));
  if (int64_t(repeats.size()) < ctx.rankOf(x))
    return ctx.fail("repeat needs at least one repeat per dim");
  return {emitTile(ctx, x, repeats)};
}

// aten.tile.default(self, dims): fewer dims than the rank repeat the last ones
ValueList lowerTile(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  llvm::SmallVector<ShapeElement, 4> repeats = toElements(ctx.intListArg("dims"));
  int64_t rank = ctx.rankOf(x);
  while (int64_t(repeats.size()) < rank)
    repeats.insert(repeats.begin(), ShapeElement{int64_t(1), nullptr});
  return {emitTile(ctx, x, repeats)};
}

// aten.flip.default(self, dims)
ValueList lowerFlip(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<int64_t, 4> axes;
  for (int64_t d : ctx.getIntList("dims"))
    axes.push_back(ctx.normalizeDim(d, rank));
  // An empty tensor is its own flip (and onnx's shape inference gives a
  // reversed Slice of an empty dim one element).
  bool empty = llvm::any_of(x->getType().getShape(),
                            [](const ir::Dim &d) { return d.isStatic() && d.getSize() == 0; });
  if (axes.empty() || rank == 0 || empty)
    return {x};
  llvm::SmallVector<int64_t, 4> starts(axes.size(), -1), ends(axes.size(), kInt64Min),
      steps(axes.size(), -1);
  return {ctx.b.slice(x, ctx.b.i64s(starts), ctx.b.i64s(ends), ctx.b.i64s(axes), ctx.b.i64s(steps),
                      ctx.resultType())};
}

/// Rolls `x` by `shift` along `dim`: the last `shift mod L` entries first.
Value *emitRoll(RuleContext &ctx, Value *x, const IntArg &shift, int64_t dim) {
  OnnxBuilder &b = ctx.b;
  ShapeElement length = dimsOf(b, x)[dim];
  ShapeElement split;
  if (length.constant && shift.constant) {
    if (*length.constant == 0)
      return x;
    int64_t k = ((*shift.constant % *length.constant) + *length.constant) % *length.constant;
    if (k == 0)
      return x;
    split.constant = *length.constant - k;
  } else {
    Value *l = scalarOf(b, length);
    Value *k = b.op("Mod", {scalarOf(b, shift.asShapeElement()), l}, l->getType(),
                    {{"fmod", Attribute::integer(0)}});
    split.value = b.binary("Sub", l, k);
  }
  Value *axes = b.i64s({dim});
  Value *at = b.buildShape({split});
  ir::Type unknown = x->getType();
  Value *tail = b.slice(x, at, b.i64s({kInt64Max}), axes, nullptr, unknown);
  Value *head = b.slice(x, b.i64s({0}), at, axes, nullptr, unknown);
  if (unknown.isRanked()) {
    llvm::SmallVector<ir::Dim, 4> dims(unknown.getShape().begin(), unknown.getShape().end());
    bool known = length.constant && split.constant;
    dims[dim] = known ? ir::Dim(*length.constant - *split.constant) : ir::Dim::unknown();
    tail->setType(unknown.withShape(dims));
    dims[dim] = known ? ir::Dim(*split.constant) : ir::Dim::unknown();
    head->setType(unknown.withShape(dims));
  }
  Value *r = b.concat({tail, head}, dim);
  r->setType(x->getType());
  return r;
}

// aten.roll.default(self, shifts, dims=[]): no dims rolls the flattened tensor
ValueList lowerRoll(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  llvm::SmallVector<IntArg, 4> shifts = ctx.intListArg("shifts");
  llvm::SmallVector<int64_t, 4> dims = ctx.getIntList("dims");
  if (dims.empty()) {
    if (shifts.size() != 1)
      return ctx.fail("roll without dims takes one shift");
    Value *flat = ctx.b.reshape(x, {-1});
    Value *rolled = emitRoll(ctx, flat, shifts.front(), 0);
    return {ctx.b.reshape(rolled, ctx.b.shapeOf(x), ctx.resultType())};
  }
  if (dims.size() != shifts.size())
    return ctx.fail("roll needs one shift per dim");
  for (auto [shift, dim] : llvm::zip(shifts, dims))
    x = emitRoll(ctx, x, shift, ctx.normalizeDim(dim, rank));
  return {x};
}

/// torch's pad list starts at the last dim: [last_begin, last_end,
/// prev_begin, ...]. From opset 18 ONNX's Pad takes the padded axes, and its
/// pads ([begins..., ends...]) cover only those: the trailing dims torch
/// pads. Before, the pads cover every dim. (A Pad with axes is also one ONNX
/// Runtime does not fuse into a following pooling op, a fusion that changes
/// the results of AveragePool and MaxPool.) Padding by zeros everywhere is
/// no op at all.
Value *emitPad(RuleContext &ctx, Value *x, llvm::ArrayRef<IntArg> pad, llvm::StringRef mode,
               Value *value) {
  int64_t rank = ctx.rankOf(x);
  if (pad.size() % 2 != 0 || int64_t(pad.size()) > 2 * rank) {
    ctx.fail("pad needs an even number of entries, two per padded dim at most");
    return x;
  }
  int64_t padded = int64_t(pad.size()) / 2;
  if (llvm::all_of(pad, [](const IntArg &p) { return p.constant == 0; }))
    return x;
  bool withAxes = ctx.getOpset() >= 18;
  int64_t first = withAxes ? rank - padded : 0;
  llvm::SmallVector<ShapeElement, 8> begins(rank - first, {int64_t(0), nullptr}),
      ends(rank - first, {int64_t(0), nullptr});
  for (int64_t i = 0; i < padded; ++i) {
    begins[rank - 1 - i - first] = pad[2 * i].asShapeElement();
    ends[rank - 1 - i - first] = pad[2 * i + 1].asShapeElement();
  }
  llvm::append_range(begins, ends);
  llvm::SmallVector<Value *, 4> operands{x, ctx.b.buildShape(begins)};
  if (value || withAxes)
    operands.push_back(value ? value : ctx.b.none());
  if (withAxes) {
    llvm::SmallVector<int64_t, 4> axes;
    for (int64_t d = first; d < rank; ++d)
      axes.push_back(d);
    operands.push_back(ctx.b.i64s(axes));
  }
  return ctx.b.op("Pad", operands, ctx.resultType(), {{"mode", Attribute::string(mode)}});
}

// aten.constant_pad_nd.default(self, pad, value=0)
ValueList lowerConstantPad(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  Value *value = ctx.materialize(ctx.tensorOrNumber("value"), x->getType().getDType());
  return {emitPad(ctx, x, ctx.intListArg("pad"), "constant", value)};
}

/// torch's padding modes as ONNX's: replicate is edge, circular is wrap
/// (opset 19; see emitCircularPad).
std::optional<std::string> onnxPadMode(RuleContext &ctx, llvm::StringRef mode) {
  if (mode == "constant" || mode == "reflect")
    return mode.str();
  if (mode == "replicate")
    return std::string("edge");
  if (mode == "circular")
    return std::string("wrap");
  ctx.fail("unknown padding mode '" + mode + "'");
  return std::nullopt;
}

/// The type of `x` with padded dim `dim` of size `size` (unknown if none).
ir::Type withDimSize(Value *x, int64_t dim, std::optional<int64_t> size) {
  const ir::Type &t = x->getType();
  llvm::SmallVector<ir::Dim, 4> dims(t.getShape().begin(), t.getShape().end());
  dims[dim] = size ? ir::Dim(*size) : ir::Dim::unknown();
  return t.withShape(dims);
}

/// The static size of dim `dim` of `x`, if it has one.
std::optional<int64_t> staticDim(Value *x, int64_t dim) {
  const ir::Dim &d = x->getType().getShape()[dim];
  return d.isStatic() ? std::optional<int64_t>(d.getSize()) : std::nullopt;
}

/// Replication padding reads x[clamp(i - begin, 0, L - 1)] along each padded
/// dim: a negative pad crops, and a crop reaching past the other end still
/// leaves the last element, which the other side's pad repeats. ONNX
/// Runtime's edge Pad gives other values for negative pads, hence the crop
/// is a Slice of its own and the Pad gets what is left of the pads, all
/// non-negative. Returns the cropped tensor,
/// and rewrites `pad`; null after a failure.
Value *cropForReplication(RuleContext &ctx, Value *x, llvm::SmallVectorImpl<IntArg> &pad) {
  int64_t rank = ctx.rankOf(x);
  if (llvm::none_of(pad, [](const IntArg &p) { return p.constant && *p.constant < 0; }) ||
      int64_t(pad.size()) > 2 * rank)
    return x;
  llvm::SmallVector<int64_t, 4> starts, ends, axes;
  for (size_t i = 0; i < pad.size() / 2; ++i) {
    IntArg &begin = pad[2 * i], &end = pad[2 * i + 1];
    int64_t dim = rank - 1 - int64_t(i);
    if (!begin.constant || !end.constant) {
      ctx.fail("replication padding with negative pads needs constant pads");
      return nullptr;
    }
    int64_t cropBegin = std::max<int64_t>(-*begin.constant, 0),
            cropEnd = std::max<int64_t>(-*end.constant, 0);
    if (cropBegin == 0 && cropEnd == 0)
      continue;
    std::optional<int64_t> length = staticDim(x, dim);
    if (!length) {
      ctx.fail("replication padding with a negative pad needs a static size on that dim");
      return nullptr;
    }
    int64_t from = std::min(cropBegin, *length - 1), to = std::max(*length - cropEnd, int64_t(1));
    begin.constant = std::max<int64_t>(*begin.constant, 0) - (cropEnd - (*length - to));
    end.constant = std::max<int64_t>(*end.constant, 0) - (cropBegin - from);
    starts.push_back(from);
    ends.push_back(to);
    axes.push_back(dim);
  }
  const ir::Type &t = x->getType();
  llvm::SmallVector<ir::Dim, 4> dims(t.getShape().begin(), t.getShape().end());
  for (auto [from, to, axis] : llvm::zip(starts, ends, axes))
    dims[axis] = ir::Dim(to - from);
  return ctx.b.slice(x, ctx.b.i64s(starts), ctx.b.i64s(ends), ctx.b.i64s(axes), nullptr,
                     t.withShape(dims));
}

/// Replication padding: the crop of the negative pads, then an edge Pad.
Value *emitReplicationPad(RuleContext &ctx, Value *x, llvm::ArrayRef<IntArg> pad) {
  llvm::SmallVector<IntArg, 4> remaining(pad.begin(), pad.end());
  Value *cropped = cropForReplication(ctx, x, remaining);
  if (!cropped)
    return x;
  return emitPad(ctx, cropped, remaining, "edge", nullptr);
}

/// Circular padding as Slice and Concat: the negative pads crop first, then
/// per padded dim the last `begin` elements, the tensor, the first `end`
/// elements are concatenated (a wrap reads the cropped tensor, as torch's
/// does). ONNX's Pad `wrap` (opset 19) is not used for constant pads: ONNX
/// Runtime's CPU Pad rejects it for empty tensors. A pad larger than the
/// cropped dim would wrap parts of itself, which is refused.
Value *emitCircularPad(RuleContext &ctx, Value *x, llvm::ArrayRef<IntArg> pad) {
  int64_t rank = ctx.rankOf(x);
  if (pad.size() % 2 != 0 || int64_t(pad.size()) > 2 * rank) {
    ctx.fail("pad needs an even number of entries, two per padded dim at most");
    return x;
  }
  if (!llvm::all_of(pad, [](const IntArg &p) { return p.constant.has_value(); })) {
    ctx.fail("circular padding before opset 19 needs constant pads");
    return x;
  }
  OnnxBuilder &b = ctx.b;
  for (size_t i = 0; i < pad.size() / 2; ++i) {
    int64_t dim = rank - 1 - int64_t(i), begin = *pad[2 * i].constant,
            end = *pad[2 * i + 1].constant;
    std::optional<int64_t> length = staticDim(x, dim);
    if (begin < 0 || end < 0) {
      int64_t cropBegin = std::max<int64_t>(-begin, 0), cropEnd = std::max<int64_t>(-end, 0);
      if (length)
        *length -= cropBegin + cropEnd;
      else if (begin > 0 || end > 0) {
        ctx.fail("circular padding with negative and positive pads on one dim needs a static "
                 "size");
        return x;
      }
      x = b.slice(x, b.i64s({cropBegin}), b.i64s({cropEnd > 0 ? -cropEnd : kInt64Max}),
                  b.i64s({dim}), nullptr, withDimSize(x, dim, length));
    }
    if (length && (begin > *length || end > *length)) {
      ctx.fail("circular padding larger than the (cropped) dim wraps around more than once");
      return x;
    }
    if (begin <= 0 && end <= 0)
      continue;
    llvm::SmallVector<Value *, 3> parts;
    auto part = [&](int64_t from, int64_t to, int64_t size) {
      return b.slice(x, b.i64s({from}), b.i64s({to}), b.i64s({dim}), nullptr,
                     withDimSize(x, dim, size));
    };
    if (begin > 0)
      parts.push_back(part(-begin, kInt64Max, begin));
    parts.push_back(x);
    if (end > 0)
      parts.push_back(part(0, end, end));
    std::optional<int64_t> padded;
    if (length)
      padded = *length + std::max<int64_t>(begin, 0) + std::max<int64_t>(end, 0);
    x = b.concat(parts, dim);
    x->setType(withDimSize(x, dim, padded));
  }
  return x;
}

// aten.pad.default(self, pad, mode='constant', value=None)
ValueList lowerPad(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  std::optional<std::string> mode = onnxPadMode(ctx, ctx.getString("mode"));
  if (!mode)
    return {};
  llvm::SmallVector<IntArg, 4> pad = ctx.intListArg("pad");
  if (*mode == "edge")
    return {emitReplicationPad(ctx, x, pad)};
  Value *value = nullptr;
  if (*mode == "constant")
    value = ctx.b.scalar(x->getType().getDType(), ctx.getOptionalFloat("value").value_or(0.0));
  bool constantPads = llvm::all_of(pad, [](const IntArg &p) { return p.isConstant(); });
  if (*mode == "wrap" && (constantPads || ctx.getOpset() < 19)) {
    Value *r = emitCircularPad(ctx, x, pad);
    if (r != x)
      r->setType(ctx.resultType());
    return {r};
  }
  return {emitPad(ctx, x, pad, *mode, value)};
}

// aten.reflection_pad1d/2d/3d.default(self, padding)
ValueList lowerReflectionPad(RuleContext &ctx) {
  return {emitPad(ctx, ctx.tensor("self"), ctx.intListArg("padding"), "reflect", nullptr)};
}

// aten.replication_pad1d/2d/3d.default(self, padding)
ValueList lowerReplicationPad(RuleContext &ctx) {
  return {emitReplicationPad(ctx, ctx.tensor("self"), ctx.intListArg("padding"))};
}

// aten.meshgrid.indexing(tensors, *, indexing), aten.meshgrid.default(tensors):
// output i is input i laid along dim i ('ij'), with dims 0 and 1 swapped
// for 'xy', expanded to the grid.
ValueList lowerMeshgrid(RuleContext &ctx) {
  ValueList inputs = ctx.tensorList("tensors");
  // aten.meshgrid.default has no indexing argument: torch's is 'ij'.
  std::string indexing = ctx.getOptionalString("indexing").value_or("ij");
  if (indexing != "ij" && indexing != "xy")
    return ctx.fail("unknown meshgrid indexing '" + indexing + "'");
  size_t n = inputs.size();
  if (n == 0 || ctx.getOp()->getNumResults() != n)
    return ctx.fail("meshgrid needs one result per input");
  llvm::SmallVector<int64_t, 4> position;
  for (size_t i = 0; i < n; ++i)
    position.push_back(int64_t(i));
  if (indexing == "xy" && n >= 2)
    std::swap(position[0], position[1]);
  llvm::SmallVector<ShapeElement, 4> grid(n);
  ValueList flat;
  for (size_t i = 0; i < n; ++i) {
    flat.push_back(ctx.b.reshape(inputs[i], {-1}));
    grid[position[i]] = dimsOf(ctx.b, flat.back())[0];
  }
  Value *gridShape = ctx.b.buildShape(grid);
  ValueList results;
  for (size_t i = 0; i < n; ++i) {
    llvm::SmallVector<int64_t, 4> laid(n, 1);
    laid[position[i]] = -1;
    results.push_back(
        ctx.b.expand(ctx.b.reshape(flat[i], laid), gridShape, ctx.resultType(unsigned(i))));
  }
  return results;
}

// aten.copy.default(self, src, non_blocking=False) and copy_: src broadcast
// to self's shape, in self's dtype.
ValueList lowerCopy(RuleContext &ctx) {
  Value *self = ctx.tensor("self");
  Value *src = ctx.b.cast(ctx.tensor("src"), self->getType().getDType());
  const ir::Type &st = src->getType(), &dt = self->getType();
  if (st.isRanked() && dt.isRanked() && st.getShape() == dt.getShape())
    return {src};
  return {ctx.b.expand(src, ctx.b.shapeOf(self), ctx.resultType())};
}

// aten.repeat_interleave.self_int(self, repeats, dim=None, *, output_size=None):
// each element `repeats` times in a row along dim (of the flattened tensor
// when dim is None): a new axis after dim, expanded, merged into dim.
ValueList lowerRepeatInterleave(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  IntArg repeats = ctx.intArg("repeats");
  std::optional<int64_t> givenDim = ctx.getOptionalInt("dim");
  if (!givenDim)
    x = ctx.b.reshape(x, {-1});
  int64_t rank = ctx.rankOf(x);
  int64_t dim = ctx.normalizeDim(givenDim.value_or(0), rank);
  llvm::SmallVector<ShapeElement, 4> dims = dimsOf(ctx.b, x);
  Value *spread = ctx.b.unsqueeze(x, {dim + 1});
  llvm::SmallVector<ShapeElement, 4> expanded(dims.begin(), dims.end());
  expanded.insert(expanded.begin() + dim + 1, repeats.asShapeElement());
  llvm::SmallVector<ir::Dim, 4> copyDims(x->getType().getShape().begin(),
                                         x->getType().getShape().end());
  copyDims.insert(copyDims.begin() + dim + 1,
                  repeats.constant ? ir::Dim(*repeats.constant) : ir::Dim::unknown());
  Value *copies =
      ctx.b.expand(spread, ctx.b.buildShape(expanded), x->getType().withShape(copyDims));
  llvm::SmallVector<ShapeElement, 4> merged(dims.begin(), dims.end());
  if (merged[dim].constant && repeats.constant)
    merged[dim] = {*merged[dim].constant * *repeats.constant, nullptr};
  else
    merged[dim] = {std::nullopt, ctx.b.binary("Mul", scalarOf(ctx.b, merged[dim]),
                                              scalarOf(ctx.b, repeats.asShapeElement()))};
  return {reshapeTo(ctx, copies, merged, ctx.resultType())};
}

// aten.diagonal.default(self, offset, dim1, dim2): the elements
// self[.., i, .., i + offset, ..] (i - offset, i for a negative offset) as a
// new last dim, dim1 and dim2 removed. dim1 and dim2 go last, are merged into
// one dim of n * m elements and the diagonal is gathered from it at
// row * m + column; their sizes must be static, the other dims may not be.
ValueList lowerDiagonal(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  if (rank < 2)
    return ctx.fail("diagonal needs a tensor of rank 2 or more");
  int64_t dim1 = ctx.normalizeDim(ctx.getInt("dim1"), rank);
  int64_t dim2 = ctx.normalizeDim(ctx.getInt("dim2"), rank);
  int64_t offset = ctx.getInt("offset");
  if (dim1 == dim2)
    return ctx.fail("diagonal dimensions cannot be identical");
  const ir::Dim &rows = x->getType().getShape()[dim1];
  const ir::Dim &columns = x->getType().getShape()[dim2];
  if (!rows.isStatic() || !columns.isStatic())
    return ctx.fail("diagonal needs static sizes of dim1 and dim2");
  int64_t n = rows.getSize(), m = columns.getSize();
  int64_t length = std::max<int64_t>(0, offset >= 0 ? std::min(n, m - offset)
                                                    : std::min(n + offset, m));
  std::vector<int64_t> indices;
  for (int64_t i = 0; i < length; ++i)
    indices.push_back(offset >= 0 ? i * m + i + offset : (i - offset) * m + i);

  llvm::SmallVector<int64_t, 4> perm;
  llvm::SmallVector<ir::Dim, 4> mergedShape;
  for (int64_t i = 0; i < rank; ++i)
    if (i != dim1 && i != dim2) {
      perm.push_back(i);
      mergedShape.push_back(x->getType().getShape()[i]);
    }
  perm.append({dim1, dim2});
  mergedShape.push_back(ir::Dim(n * m));
  bool inPlace = llvm::equal(perm, llvm::seq<int64_t>(0, rank));
  Value *moved = inPlace ? x : ctx.b.transpose(x, perm);
  llvm::SmallVector<ShapeElement, 4> target = dimsOf(ctx.b, moved);
  target.resize(rank - 2);
  target.push_back({n * m, nullptr});
  Value *merged = reshapeTo(ctx, moved, target,
                            ir::Type::tensor(x->getType().getDType(), mergedShape));
  Value *r = ctx.b.gather(
      merged, ctx.b.constant(makeDenseInt(DType::Int64, {length}, indices)), rank - 2);
  r->setType(ctx.resultType());
  return {r};
}

// aten.unfold.default(self, dimension, size, step), aten.unfold_copy.default: the windows
// [i*step, i*step + size) along a static dim, the window as a new last dim.
ValueList lowerUnfold(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  int64_t size = ctx.getInt("size"), step = ctx.getInt("step");
  // A rank-0 tensor unfolds as one of shape [1]: one window of size 1 over
  // its one element.
  if (rank == 0) {
    if (size != 1 || step <= 0)
      return ctx.fail("unfold of a rank-0 tensor needs a size of 1 and a positive step");
    return {reshapeTo(ctx, x, {{int64_t(1), nullptr}}, ctx.resultType())};
  }
  int64_t dim = ctx.normalizeDim(ctx.getInt("dimension"), rank);
  const ir::Dim &length = x->getType().getShape()[dim];
  if (!length.isStatic() || size <= 0 || step <= 0 || size > length.getSize())
    return ctx.fail("unfold needs a static dim at least `size` long and a positive step");
  int64_t windows = (length.getSize() - size) / step + 1;
  std::vector<int64_t> indices;
  for (int64_t i = 0; i < windows; ++i)
    for (int64_t j = 0; j < size; ++j)
      indices.push_back(i * step + j);
  Value *gathered =
      ctx.b.gather(x, ctx.b.constant(makeDenseInt(DType::Int64, {windows, size}, indices)), dim);
  // [.., windows, size, rest..] -> [.., windows, rest.., size]
  llvm::SmallVector<int64_t, 4> perm;
  for (int64_t i = 0; i <= rank; ++i)
    if (i != dim + 1)
      perm.push_back(i);
  perm.push_back(dim + 1);
  Value *r = dim + 1 == rank ? gathered : ctx.b.transpose(gathered, perm);
  r->setType(ctx.resultType());
  return {r};
}

// aten.resize.default(self, size), aten.resize_as.default(self, the_template):
// the functional forms of Tensor.resize_/resize_as_, which give the tensor
// the new shape over its storage, read in memory order. With as many
// elements that is a Reshape; with fewer, the first elements flattened. The
// storage order is the elements' order only for a contiguous tensor, so a
// new shape is taken only for a program input; more elements (uninitialized
// memory) are refused.
ValueList lowerResize(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  if (ctx.getOptionalInt("memory_format"))
    return ctx.fail("resize_ with a memory_format is not supported");
  ir::Type type = ctx.resultType();
  if (!x->getType().hasStaticShape() || !type.hasStaticShape())
    return ctx.fail("resize_ needs static shapes");
  if (x->getType().getShape() == type.getShape())
    return {x};
  int64_t have = *x->getType().getNumElements(), want = *type.getNumElements();
  if (want > have)
    return ctx.fail("resize_ to more elements than the tensor has: the new elements would be "
                    "uninitialized memory; resize to at most " +
                    llvm::Twine(have) + " elements, or build the tensor with torch.zeros");
  if (x->getDefiningOp())
    return ctx.fail("resize_ to a new shape of a computed tensor, whose memory order is not "
                    "known: resize a model input, or use reshape");
  Value *flat = x;
  if (want < have) {
    flat = ctx.b.reshape(x, llvm::ArrayRef<int64_t>{-1});
    flat = ctx.b.slice(flat, ctx.b.i64s({0}), ctx.b.i64s({want}), ctx.b.i64s({0}), nullptr,
                       ir::Type::tensor(x->getType().getDType(), {ir::Dim(want)}));
  }
  llvm::SmallVector<ShapeElement, 4> shape;
  for (const ir::Dim &d : type.getShape())
    shape.push_back({d.getSize(), nullptr});
  return {reshapeTo(ctx, flat, shape, type)};
}

/// Runs a 4-D pixel (un)shuffle on x of any rank >= 3, as torch takes
/// (*, C, H, W): an unbatched input gets a batch dim, more leading dims
/// (static shapes then) are flattened into one and restored.
ValueList pixelShuffleAnyRank(RuleContext &ctx, const char *what,
                              llvm::function_ref<Value *(Value *, const ir::Type &)> lower4d) {
  Value *x = ctx.tensor("self");
  int64_t rank = ctx.rankOf(x);
  ir::Type type = ctx.resultType();
  if (rank == 4)
    return {lower4d(x, type)};
  if (rank < 3 || !type.isRanked() || int64_t(type.getRank()) != rank)
    return ctx.fail(std::string(what) + " needs an input of at least 3 dims (*, C, H, W)");
  auto shape4 = [&](const ir::Type &t) {
    llvm::ArrayRef<ir::Dim> dims = t.getShape();
    llvm::SmallVector<ir::Dim, 4> four;
    if (rank == 3) {
      four.push_back(ir::Dim(1));
    } else {
      int64_t lead = 1;
      for (const ir::Dim &d : dims.drop_back(3))
        lead *= d.getSize();
      four.push_back(ir::Dim(lead));
    }
    four.append(dims.end() - 3, dims.end());
    return ir::Type::tensor(t.getDType(), four);
  };
  if (rank == 3) {
    Value *y = ctx.b.squeeze(lower4d(ctx.b.unsqueeze(x, {0}), shape4(type)), {0});
    y->setType(type);
    return {y};
  }
  for (const ir::Type *t : {&x->getType(), static_cast<const ir::Type *>(&type)})
    for (const ir::Dim &d : t->getShape())
      if (!d.isStatic())
        return ctx.fail(std::string(what) + " of more than 4 dims needs static shapes");
  ir::Type in4 = shape4(x->getType());
  llvm::SmallVector<int64_t, 4> in4Shape;
  for (const ir::Dim &d : in4.getShape())
    in4Shape.push_back(d.getSize());
  llvm::SmallVector<int64_t, 6> outShape;
  for (const ir::Dim &d : type.getShape())
    outShape.push_back(d.getSize());
  Value *y = ctx.b.reshape(lower4d(ctx.b.reshape(x, in4Shape), shape4(type)), outShape);
  y->setType(type);
  return {y};
}

// aten.pixel_shuffle.default(self, upscale_factor): [.., C*r*r, H, W] ->
// [.., C, H*r, W*r] (pixelShuffleAnyRank), ONNX DepthToSpace in CRD order.
// ONNX Runtime's DepthToSpace computes floats only; other dtypes take
// reshape [N, C, r, r, H, W] -> transpose -> [N, C, H*r, W*r].
ValueList lowerPixelShuffle(RuleContext &ctx) {
  int64_t r = ctx.getInt("upscale_factor");
  return pixelShuffleAnyRank(ctx, "pixel_shuffle", [&](Value *x, const ir::Type &type) {
    if (ir::isFloatingPoint(x->getType().getDType()))
      return ctx.b.op("DepthToSpace", {x}, type,
                      {{"blocksize", Attribute::integer(r)}, {"mode", Attribute::string("CRD")}});
    llvm::SmallVector<ShapeElement, 4> d = dimsOf(ctx.b, x);
    auto scaled = [&](const ShapeElement &e, int64_t num, int64_t den) -> ShapeElement {
      if (e.constant)
        return {*e.constant * num / den, nullptr};
      Value *v = num == 1 ? e.value : ctx.b.binary("Mul", e.value, ctx.b.i64(num));
      return {std::nullopt, den == 1 ? v : ctx.b.binary("Div", v, ctx.b.i64(den))};
    };
    ShapeElement rr{r, nullptr};
    Value *split = reshapeTo(ctx, x, {d[0], scaled(d[1], 1, r * r), rr, rr, d[2], d[3]},
                             ir::Type::unrankedTensor(x->getType().getDType()));
    Value *moved = ctx.b.transpose(split, {0, 1, 4, 2, 5, 3});
    return reshapeTo(ctx, moved,
                     {d[0], scaled(d[1], 1, r * r), scaled(d[2], r, 1), scaled(d[3], r, 1)}, type);
  });
}

// aten.pixel_unshuffle.default(self, downscale_factor): the inverse, as
// reshape [N, C, H/r, r, W/r, r] -> transpose -> [N, C*r*r, H/r, W/r]
// (SpaceToDepth has no CRD order; pixelShuffleAnyRank for other ranks).
ValueList lowerPixelUnshuffle(RuleContext &ctx) {
  int64_t r = ctx.getInt("downscale_factor");
  return pixelShuffleAnyRank(ctx, "pixel_unshuffle", [&](Value *x, const ir::Type &type) {
    llvm::SmallVector<ShapeElement, 4> d = dimsOf(ctx.b, x);
    auto divided = [&](const ShapeElement &e) -> ShapeElement {
      if (e.constant)
        return {*e.constant / r, nullptr};
      return {std::nullopt, ctx.b.binary("Div", e.value, ctx.b.i64(r))};
    };
    ShapeElement h = divided(d[2]), w = divided(d[3]);
    ShapeElement rr{r, nullptr};
    Value *split = reshapeTo(ctx, x, {d[0], d[1], h, rr, w, rr},
                             ir::Type::unrankedTensor(x->getType().getDType()));
    Value *moved = ctx.b.transpose(split, {0, 1, 3, 5, 2, 4});
    ShapeElement channels =
        d[1].constant
            ? ShapeElement{*d[1].constant * r * r, nullptr}
            : ShapeElement{std::nullopt, ctx.b.binary("Mul", d[1].value, ctx.b.i64(r * r))};
    return reshapeTo(ctx, moved, {d[0], channels, h, w}, type);
  });
}

} // namespace

void registerShapeLowerings(LoweringRegistry &r) {
  r.addAcceptingComplex("aten.view.default", lowerView);
  r.addAcceptingComplex("aten._unsafe_view.default", lowerView);
  r.addAcceptingComplex("aten.reshape.default", lowerView);
  r.add("aten.view_as.default", lowerViewAs);
  r.add("aten.reshape_as.default", lowerViewAs);
  r.add("aten.permute.default", lowerPermute);
  r.add("aten.transpose.int", lowerTranspose);
  r.add("aten.swapaxes.default", lowerSwapAxes);
  r.add("aten.swapdims.default", lowerSwapAxes);
  r.add("aten.t.default", lowerT);
  r.add("aten.mT.default", lowerMT);
  r.add("aten.movedim.int", lowerMovedim);
  r.add("aten.flatten.using_ints", lowerFlatten);
  r.add("aten.unflatten.int", lowerUnflatten);
  r.add("aten.unsqueeze.default", lowerUnsqueeze);
  r.add("aten.squeeze.dim", lowerSqueeze);
  r.add("aten.squeeze.dims", lowerSqueeze);
  r.add("aten.squeeze.default", lowerSqueeze);
  r.add("aten.expand.default", lowerExpand);
  r.add("aten.expand_as.default", lowerExpandAs);
  r.add("aten.cat.default", lowerCat);
  r.add("aten.stack.default", lowerStack);
  r.add("aten.split.Tensor", lowerSplit);
  r.add("aten.split.sizes", lowerSplitWithSizes);
  r.add("aten.split_with_sizes.default", lowerSplitWithSizes);
  r.add("aten.chunk.default", lowerChunk);
  r.add("aten.unbind.int", lowerUnbind);
  r.add("aten.tensor_split.tensor_indices_or_sections", lowerTensorSplitTensor);
  r.add("aten.slice.Tensor", lowerSlice);
  r.add("aten.select.int", lowerSelect);
  r.add("aten.narrow.default", lowerNarrow);
  r.add("aten.narrow_copy.default", lowerNarrow);
  r.add("aten.clone.default", lowerIdentity);
  r.add("aten.contiguous.default", lowerIdentity);
  r.add("aten.alias.default", lowerIdentity);
  r.add("aten.detach.default", lowerIdentity);
  r.add("aten.lift_fresh_copy.default", lowerIdentity);
  r.add("aten.lift_fresh.default", lowerIdentity);
  r.add("aten.repeat.default", lowerRepeat);
  r.add("aten.tile.default", lowerTile);
  r.add("aten.flip.default", lowerFlip);
  r.add("aten.roll.default", lowerRoll);
  r.add("aten.copy.default", lowerCopy);
  r.add("aten.repeat_interleave.self_int", lowerRepeatInterleave);
  r.add("aten.unfold.default", lowerUnfold);
  r.add("aten.unfold_copy.default", lowerUnfold);
  r.add("aten.resize.default", lowerResize);
  r.add("aten.resize_as.default", lowerResize);
  r.add("aten.diagonal.default", lowerDiagonal);
  r.add("aten.diagonal_copy.default", lowerDiagonal);
  r.add("aten.pixel_shuffle.default", lowerPixelShuffle);
  r.add("aten.pixel_unshuffle.default", lowerPixelUnshuffle);
  // The *_copy forms of views (functionalized programs) are the same values.
  r.addAcceptingComplex("aten.view_copy.default", lowerView);
  r.add("aten._reshape_copy.default", lowerView);
  r.add("aten.permute_copy.default", lowerPermute);
  r.add("aten.transpose_copy.int", lowerTranspose);
  r.add("aten.t_copy.default", lowerT);
  r.add("aten.unsqueeze_copy.default", lowerUnsqueeze);
  r.add("aten.squeeze_copy.dim", lowerSqueeze);
  r.add("aten.squeeze_copy.dims", lowerSqueeze);
  r.add("aten.squeeze_copy.default", lowerSqueeze);
  r.add("aten.expand_copy.default", lowerExpand);
  r.add("aten.slice_copy.Tensor", lowerSlice);
  r.add("aten.select_copy.int", lowerSelect);
  r.add("aten.split_copy.Tensor", lowerSplit);
  r.add("aten.split_with_sizes_copy.default", lowerSplitWithSizes);
  r.add("aten.unbind_copy.int", lowerUnbind);
  r.add("aten.alias_copy.default", lowerIdentity);
  r.add("aten.detach_copy.default", lowerIdentity);
  r.add("aten.meshgrid.indexing", lowerMeshgrid);
  r.add("aten.meshgrid.default", lowerMeshgrid);
  r.add("aten.constant_pad_nd.default", lowerConstantPad);
  r.add("aten.pad.default", lowerPad);
  r.add("aten.reflection_pad1d.default", lowerReflectionPad);
  r.add("aten.reflection_pad2d.default", lowerReflectionPad);
  r.add("aten.reflection_pad3d.default", lowerReflectionPad);
  r.add("aten.replication_pad1d.default", lowerReplicationPad);
  r.add("aten.replication_pad2d.default", lowerReplicationPad);
  r.add("aten.replication_pad3d.default", lowerReplicationPad);
}

} // namespace pt2onnx::lowering
