//===- OnnxShape.cpp - Shapes of ONNX data-movement ops ---------------------===//
//
// Ops that move, select or describe data: their result dims come from the
// input dims and from shape operands (Reshape's shape, Slice's bounds,
// Expand's shape, ...), read through KnownInts so that a shape computed at
// run time from symbolic dims still gives symbolic result dims.
//
//===----------------------------------------------------------------------===//

#include "passes/shapes/ShapeFunctions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

using ir::Dim;
using ir::DType;
using ir::SymExpr;

namespace {

using Dims = llvm::SmallVector<Dim, 4>;

/// Axes given as input `index` (newer opsets) or as attribute `axes`.
std::optional<llvm::SmallVector<int64_t, 4>> axesOf(ShapeContext &ctx, unsigned index) {
  if (ctx.has(index))
    return ctx.constInts(index);
  return ctx.getInts("axes");
}

/// Normalized, checked axes; nullopt after a failure.
std::optional<llvm::SmallVector<int64_t, 4>>
normalizeAxes(ShapeContext &ctx, llvm::ArrayRef<int64_t> axes, int64_t rank) {
  llvm::SmallVector<int64_t, 4> out;
  for (int64_t a : axes) {
    std::optional<int64_t> n = ctx.normalizeAxis(a, rank);
    if (!n)
      return std::nullopt;
    if (llvm::is_contained(out, *n)) {
      ctx.fail("axis " + llvm::Twine(a) + " is repeated");
      return std::nullopt;
    }
    out.push_back(*n);
  }
  return out;
}

void inferReshape(ShapeContext &ctx) {
  const KnownInts *shape = ctx.ints(1);
  if (!shape)
    return;
  ctx.setTensor(0, ctx.dtype(0),
                reshapeDims(ctx, ctx.shape(0), *shape, ctx.getInt("allowzero", 0) != 0));
}

void inferTranspose(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t rank = int64_t(x->size());
  llvm::SmallVector<int64_t, 4> perm;
  if (auto p = ctx.getInts("perm")) {
    perm = *p;
  } else {
    for (int64_t i = rank - 1; i >= 0; --i)
      perm.push_back(i);
  }
  if (int64_t(perm.size()) != rank)
    return ctx.fail("perm has " + llvm::Twine(perm.size()) + " entries for rank " +
                    llvm::Twine(rank));
  auto axes = normalizeAxes(ctx, perm, rank);
  if (!axes)
    return;
  Dims dims;
  for (int64_t p : *axes)
    dims.push_back((*x)[p]);
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferConcat(ShapeContext &ctx) {
  std::optional<int64_t> rank;
  for (unsigned i = 0, e = ctx.getNumOperands(); i != e; ++i) {
    auto s = ctx.shape(i);
    if (!s)
      return ctx.setUnranked(0, ctx.dtype(0));
    if (rank && *rank != int64_t(s->size()))
      return ctx.fail("concatenates tensors of ranks " + llvm::Twine(*rank) + " and " +
                      llvm::Twine(s->size()));
    rank = int64_t(s->size());
  }
  if (!rank)
    return;
  std::optional<int64_t> axis = ctx.normalizeAxis(ctx.getInt("axis", 0), *rank);
  if (!axis)
    return;
  Dims dims(*ctx.shape(0));
  SymExpr sum = ctx.constant(0);
  for (unsigned i = 0, n = ctx.getNumOperands(); i != n; ++i) {
    llvm::ArrayRef<Dim> s = *ctx.shape(i);
    SymExpr e = ctx.expr(s[*axis]);
    sum = sum && e ? sum + e : SymExpr();
    for (int64_t d = 0; d < *rank; ++d) {
      if (d == *axis || dims[d] == s[d] || s[d].isUnknown())
        continue;
      if (dims[d].isUnknown() || (s[d].isStatic() && !dims[d].isStatic()))
        dims[d] = s[d];
      else if (dims[d].isStatic() && s[d].isStatic())
        return ctx.fail("concatenates dims " + llvm::Twine(dims[d].getSize()) + " and " +
                        llvm::Twine(s[d].getSize()) + " along axis " + llvm::Twine(d));
    }
  }
  dims[*axis] = ctx.dim(sum);
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferSlice(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t rank = int64_t(x->size());
  const KnownInts *starts = ctx.ints(1), *ends = ctx.ints(2);
  llvm::SmallVector<int64_t, 4> axes, steps;
  if (ctx.has(3)) {
    auto a = ctx.constInts(3);
    if (!a)
      return ctx.setShape(0, Dims(rank, Dim::unknown()));
    axes = *a;
  }
  if (ctx.has(4)) {
    auto s = ctx.constInts(4);
    if (!s)
      return ctx.setShape(0, Dims(rank, Dim::unknown()));
    steps = *s;
  }
  if (!starts || !ends) {
    // The sliced axes are unknown when the bounds are, the others kept.
    Dims dims(*x);
    if (!ctx.has(3))
      dims.assign(rank, Dim::unknown());
    for (int64_t a : axes)
      if (auto n = ctx.normalizeAxis(a, rank))
        dims[*n] = Dim::unknown();
    return ctx.setTensor(0, ctx.dtype(0), dims);
  }
  size_t n = starts->size();
  if (ends->size() != n || (ctx.has(3) && axes.size() != n) || (ctx.has(4) && steps.size() != n))
    return ctx.fail("has starts, ends, axes and steps of different lengths");
  if (!ctx.has(3))
    for (size_t i = 0; i < n; ++i)
      axes.push_back(int64_t(i));
  if (!ctx.has(4))
    steps.assign(n, 1);
  auto normalized = normalizeAxes(ctx, axes, rank);
  if (!normalized)
    return;
  Dims dims(*x);
  for (size_t i = 0; i < n; ++i) {
    if (steps[i] == 0)
      return ctx.fail("has a step of 0");
    int64_t a = (*normalized)[i];
    dims[a] = sliceDim(ctx, (*x)[a], (*starts)[i], (*ends)[i], steps[i]);
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferGather(ShapeContext &ctx) {
  auto x = ctx.shape(0), indices = ctx.shape(1);
  if (!x || !indices)
    return ctx.setUnranked(0, ctx.dtype(0));
  std::optional<int64_t> axis = ctx.normalizeAxis(ctx.getInt("axis", 0), int64_t(x->size()));
  if (!axis)
    return;
  Dims dims(x->begin(), x->begin() + *axis);
  dims.append(indices->begin(), indices->end());
  dims.append(x->begin() + *axis + 1, x->end());
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferGatherElements(ShapeContext &ctx) {
  if (auto indices = ctx.shape(1))
    ctx.setTensor(0, ctx.dtype(0), *indices);
  else
    ctx.setUnranked(0, ctx.dtype(0));
}

void inferGatherND(ShapeContext &ctx) {
  auto x = ctx.shape(0), indices = ctx.shape(1);
  if (!x || !indices || indices->empty() || !indices->back().isStatic())
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t batch = ctx.getInt("batch_dims", 0), k = indices->back().getSize();
  if (batch + k > int64_t(x->size()))
    return ctx.fail("indexes " + llvm::Twine(batch + k) + " dims of a rank-" +
                    llvm::Twine(x->size()) + " tensor");
  Dims dims(indices->drop_back());
  dims.append(x->begin() + batch + k, x->end());
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferSqueeze(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t rank = int64_t(x->size());
  auto given = axesOf(ctx, 1);
  if (!given && (ctx.has(1) || ctx.getOp().hasAttr("axes")))
    return ctx.setUnranked(0, ctx.dtype(0));
  llvm::SmallVector<int64_t, 4> axes;
  if (given) {
    auto n = normalizeAxes(ctx, *given, rank);
    if (!n)
      return;
    axes = *n;
  } else {
    // Every dim of size 1: all must be decided.
    for (auto [i, d] : llvm::enumerate(*x)) {
      if (d.isStatic()) {
        if (d.getSize() == 1)
          axes.push_back(int64_t(i));
      } else if (d.isUnknown() || d.getExpr().getRange().contains(1)) {
        return ctx.setUnranked(0, ctx.dtype(0));
      }
    }
  }
  Dims dims;
  for (auto [i, d] : llvm::enumerate(*x)) {
    if (!llvm::is_contained(axes, int64_t(i))) {
      dims.push_back(d);
      continue;
    }
    if (d.isStatic() && d.getSize() != 1)
      return ctx.fail("squeezes axis " + llvm::Twine(i) + " of size " + llvm::Twine(d.getSize()));
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferUnsqueeze(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  auto given = axesOf(ctx, 1);
  if (!x || !given)
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t rank = int64_t(x->size() + given->size());
  auto axes = normalizeAxes(ctx, *given, rank);
  if (!axes)
    return;
  Dims dims;
  size_t next = 0;
  for (int64_t i = 0; i < rank; ++i)
    dims.push_back(llvm::is_contained(*axes, i) ? Dim(1) : (*x)[next++]);
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferExpand(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  const KnownInts *shape = ctx.ints(1);
  if (!x || !shape)
    return ctx.setUnranked(0, ctx.dtype(0));
  Dims target;
  for (SymExpr e : *shape)
    target.push_back(e && e.getRange().lo >= 0 ? Dim::of(e) : Dim::unknown());
  ctx.setTensor(0, ctx.dtype(0), ctx.broadcast(*x, target));
}

void inferShape(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setTensor(0, DType::Int64, {Dim::unknown()});
  int64_t rank = int64_t(x->size());
  int64_t start = ctx.getInt("start", 0), end = ctx.getInt("end", rank);
  start = std::clamp(start < 0 ? start + rank : start, int64_t(0), rank);
  end = std::clamp(end < 0 ? end + rank : end, int64_t(0), rank);
  ctx.setTensor(0, DType::Int64, {Dim(std::max<int64_t>(end - start, 0))});
}

void inferSize(ShapeContext &ctx) { ctx.setTensor(0, DType::Int64, {}); }

void inferRange(ShapeContext &ctx) {
  const KnownInts *start = ctx.ints(0), *limit = ctx.ints(1), *delta = ctx.ints(2);
  Dim n = Dim::unknown();
  if (start && limit && delta && start->size() == 1 && limit->size() == 1 && delta->size() == 1 &&
      (*start)[0] && (*limit)[0] && (*delta)[0]) {
    SymExpr s = (*start)[0], l = (*limit)[0], d = (*delta)[0];
    ir::SymRange r = d.getRange();
    SymExpr zero = ctx.constant(0);
    if (r.lo >= 1)
      n = ctx.dim(ir::max(ir::ceilDiv(l - s, d), zero));
    else if (r.hi <= -1)
      n = ctx.dim(ir::max(ir::ceilDiv(s - l, -d), zero));
    else if (d.getConstant() == 0)
      return ctx.fail("has a delta of 0");
  }
  ctx.setTensor(0, ctx.dtype(0), {n});
}

void inferSplit(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  unsigned outputs = ctx.getOp().getNumResults();
  if (!x) {
    for (unsigned i = 0; i < outputs; ++i)
      ctx.setUnranked(i, ctx.dtype(0));
    return;
  }
  std::optional<int64_t> axis = ctx.normalizeAxis(ctx.getInt("axis", 0), int64_t(x->size()));
  if (!axis)
    return;
  llvm::SmallVector<Dim, 4> sizes;
  std::optional<llvm::SmallVector<int64_t, 4>> split =
      ctx.has(1) ? ctx.constInts(1) : ctx.getInts("split");
  if (split) {
    if (split->size() != outputs)
      return ctx.fail("splits into " + llvm::Twine(split->size()) + " parts but has " +
                      llvm::Twine(outputs) + " results");
    int64_t total = 0;
    for (int64_t s : *split) {
      if (s < 0)
        return ctx.fail("has a negative split size");
      sizes.push_back(Dim(s));
      total += s;
    }
    if ((*x)[*axis].isStatic() && (*x)[*axis].getSize() != total)
      return ctx.fail("splits a dim of " + llvm::Twine((*x)[*axis].getSize()) + " into parts of " +
                      llvm::Twine(total));
  } else if (ctx.has(1)) {
    sizes.assign(outputs, Dim::unknown());
  } else {
    // Equal parts, the last one smaller when the dim does not divide.
    SymExpr n = ctx.expr((*x)[*axis]);
    SymExpr count = ctx.constant(ctx.getInt("num_outputs", outputs));
    if (ctx.getInt("num_outputs", outputs) != int64_t(outputs))
      return ctx.fail("has num_outputs " + llvm::Twine(ctx.getInt("num_outputs", outputs)) +
                      " but " + llvm::Twine(outputs) + " results");
    SymExpr part = n ? ir::ceilDiv(n, count) : SymExpr();
    for (unsigned i = 0; i + 1 < outputs; ++i)
      sizes.push_back(ctx.dim(part));
    sizes.push_back(part ? ctx.dim(n - part * int64_t(outputs - 1)) : Dim::unknown());
  }
  for (unsigned i = 0; i < outputs; ++i) {
    Dims dims(*x);
    dims[*axis] = sizes[i];
    ctx.setTensor(i, ctx.dtype(0), dims);
  }
}

void inferFlatten(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setTensor(0, ctx.dtype(0), {Dim::unknown(), Dim::unknown()});
  int64_t rank = int64_t(x->size());
  int64_t axis = ctx.getInt("axis", 1);
  if (axis < -rank || axis > rank)
    return ctx.fail("axis " + llvm::Twine(axis) + " is out of range for rank " + llvm::Twine(rank));
  if (axis < 0)
    axis += rank;
  ctx.setTensor(
      0, ctx.dtype(0),
      {ctx.dim(ctx.product(x->take_front(axis))), ctx.dim(ctx.product(x->drop_front(axis)))});
}

void inferPad(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  int64_t rank = int64_t(x->size());
  const KnownInts *pads = ctx.has(1) ? ctx.ints(1) : nullptr;
  std::optional<llvm::SmallVector<int64_t, 4>> attrPads = ctx.getInts("pads");
  KnownInts padList;
  if (pads)
    padList = *pads;
  else if (attrPads)
    for (int64_t p : *attrPads)
      padList.push_back(ctx.constant(p));
  else
    return ctx.setShape(0, Dims(rank, Dim::unknown()));
  llvm::SmallVector<int64_t, 4> axes;
  if (ctx.has(3)) {
    auto a = ctx.constInts(3);
    if (!a)
      return ctx.setShape(0, Dims(rank, Dim::unknown()));
    auto n = normalizeAxes(ctx, *a, rank);
    if (!n)
      return;
    axes = *n;
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
  }
  if (padList.size() != 2 * axes.size())
    return ctx.fail("has " + llvm::Twine(padList.size()) + " pads for " + llvm::Twine(axes.size()) +
                    " axes");
  Dims dims(*x);
  size_t n = axes.size();
  for (size_t i = 0; i < n; ++i) {
    SymExpr d = ctx.expr((*x)[axes[i]]), begin = padList[i], end = padList[n + i];
    dims[axes[i]] = d && begin && end ? ctx.dim(d + begin + end) : Dim::unknown();
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferTile(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  const KnownInts *repeats = ctx.ints(1);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (!repeats)
    return ctx.setShape(0, Dims(x->size(), Dim::unknown()));
  if (repeats->size() != x->size())
    return ctx.fail("has " + llvm::Twine(repeats->size()) + " repeats for rank " +
                    llvm::Twine(x->size()));
  Dims dims;
  for (auto [d, r] : llvm::zip(*x, *repeats)) {
    SymExpr e = ctx.expr(d);
    dims.push_back(e && r ? ctx.dim(e * r) : Dim::unknown());
  }
  ctx.setTensor(0, ctx.dtype(0), dims);
}

void inferConstantOfShape(ShapeContext &ctx) {
  DType dtype = DType::Float32;
  if (const ir::Attribute *value = ctx.getOp().getAttr("value");
      value && value->getKind() == ir::Attribute::Kind::Dense)
    dtype = value->getDense().dtype;
  const KnownInts *shape = ctx.ints(0);
  if (!shape)
    return ctx.setUnranked(0, dtype);
  Dims dims;
  for (SymExpr e : *shape)
    dims.push_back(e ? ctx.dim(e) : Dim::unknown());
  ctx.setTensor(0, dtype, dims);
}

void inferSpaceDepth(ShapeContext &ctx, bool toDepth) {
  auto x = ctx.shape(0);
  if (!x)
    return ctx.setUnranked(0, ctx.dtype(0));
  if (x->size() != 4)
    return ctx.fail("needs a rank-4 input");
  int64_t b = ctx.getInt("blocksize", 0);
  if (b <= 0)
    return ctx.fail("has no positive blocksize");
  auto scale = [&](const Dim &d, bool up) {
    SymExpr e = ctx.expr(d);
    if (!e)
      return Dim::unknown();
    return ctx.dim(up ? e * b : ir::floorDiv(e, ctx.constant(b)));
  };
  auto channels = [&](const Dim &d, bool up) {
    SymExpr e = ctx.expr(d);
    if (!e)
      return Dim::unknown();
    return ctx.dim(up ? e * (b * b) : ir::floorDiv(e, ctx.constant(b * b)));
  };
  ctx.setTensor(
      0, ctx.dtype(0),
      {(*x)[0], channels((*x)[1], toDepth), scale((*x)[2], !toDepth), scale((*x)[3], !toDepth)});
}

void inferDepthToSpace(ShapeContext &ctx) { inferSpaceDepth(ctx, false); }
void inferSpaceToDepth(ShapeContext &ctx) { inferSpaceDepth(ctx, true); }

void inferOneHot(ShapeContext &ctx) {
  auto indices = ctx.shape(0);
  DType dtype = ctx.dtype(2);
  if (!indices)
    return ctx.setUnranked(0, dtype);
  int64_t rank = int64_t(indices->size()) + 1;
  std::optional<int64_t> axis = ctx.normalizeAxis(ctx.getInt("axis", -1), rank);
  if (!axis)
    return;
  Dim depth = Dim::unknown();
  if (const KnownInts *d = ctx.ints(1); d && d->size() == 1 && (*d)[0])
    depth = ctx.dim((*d)[0]);
  Dims dims(*indices);
  dims.insert(dims.begin() + *axis, depth);
  ctx.setTensor(0, dtype, dims);
}

void inferNonZero(ShapeContext &ctx) {
  auto x = ctx.shape(0);
  ctx.setTensor(0, DType::Int64, {x ? Dim(int64_t(x->size())) : Dim::unknown(), Dim::unknown()});
}

void inferScatter(ShapeContext &ctx) { ctx.setSameAs(0, 0); }

} // namespace

void registerOnnxShapeShapes(ShapeFunctionRegistry &r) {
  r.addOnnx("onnx.Reshape", inferReshape);
  r.addOnnx("onnx.Transpose", inferTranspose);
  r.addOnnx("onnx.Concat", inferConcat);
  r.addOnnx("onnx.Slice", inferSlice);
  r.addOnnx("onnx.Gather", inferGather);
  r.addOnnx("onnx.GatherElements", inferGatherElements);
  r.addOnnx("onnx.GatherND", inferGatherND);
  r.addOnnx("onnx.ScatterND", inferScatter);
  r.addOnnx("onnx.ScatterElements", inferScatter);
  r.addOnnx("onnx.Squeeze", inferSqueeze);
  r.addOnnx("onnx.Unsqueeze", inferUnsqueeze);
  r.addOnnx("onnx.Expand", inferExpand);
  r.addOnnx("onnx.Shape", inferShape);
  r.addOnnx("onnx.Size", inferSize);
  r.addOnnx("onnx.Range", inferRange);
  r.addOnnx("onnx.Split", inferSplit);
  r.addOnnx("onnx.Flatten", inferFlatten);
  r.addOnnx("onnx.Pad", inferPad);
  r.addOnnx("onnx.Tile", inferTile);
  r.addOnnx("onnx.ConstantOfShape", inferConstantOfShape);
  r.addOnnx("onnx.DepthToSpace", inferDepthToSpace);
  r.addOnnx("onnx.SpaceToDepth", inferSpaceToDepth);
  r.addOnnx("onnx.OneHot", inferOneHot);
  r.addOnnx("onnx.NonZero", inferNonZero);
}

} // namespace pt2onnx::passes
