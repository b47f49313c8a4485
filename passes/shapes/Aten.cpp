//===- Aten.cpp - Shapes of the common ATen ops -----------------------------===//
//
// The ATen ops torch.export programs use most, before lowering: views,
// elementwise ops, linear algebra, convolutions and pools, normalizations,
// reductions and indexing. Arguments are read the way the frontend writes
// them (docs/lowering.md): value arguments are operands named by
// `arg_names`, others attributes named after the schema argument, a SymInt
// list either an int list attribute or one operand per element. Torch's type
// promotion is not re-derived: where the op does not fix the element type,
// the recorded one is kept and only the shape is inferred.
//
//===----------------------------------------------------------------------===//

#include "passes/shapes/ShapeFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>

namespace pt2onnx::passes {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::SymExpr;

namespace {

using Dims = llvm::SmallVector<Dim, 4>;

/// An ATen op's arguments by schema name.
class AtenArgs {
public:
  explicit AtenArgs(ShapeContext &ctx) : ctx(ctx) {
    const Attribute *names = ctx.getOp().getAttr("arg_names");
    if (names && names->getKind() == Attribute::Kind::StringList)
      for (auto [i, name] : llvm::enumerate(names->getStringList()))
        if (i < ctx.getNumOperands())
          operands[name].push_back(unsigned(i));
  }

  /// The operand index of a single-valued argument.
  std::optional<unsigned> index(llvm::StringRef name) const {
    auto it = operands.find(name);
    if (it == operands.end() || it->second.size() != 1 || !ctx.has(it->second[0]))
      return std::nullopt;
    return it->second[0];
  }
  std::optional<llvm::ArrayRef<Dim>> shape(llvm::StringRef name) const {
    std::optional<unsigned> i = index(name);
    return i ? ctx.shape(*i) : std::nullopt;
  }
  bool has(llvm::StringRef name) const {
    if (index(name))
      return true;
    const Attribute *a = ctx.getOp().getAttr(name);
    return a && !a->isUnit();
  }
  /// A SymInt argument: attribute, or an operand whose value is known.
  SymExpr symInt(llvm::StringRef name, std::optional<int64_t> fallback = std::nullopt) const {
    if (std::optional<unsigned> i = index(name)) {
      const KnownInts *k = ctx.ints(*i);
      return k && k->size() == 1 ? (*k)[0] : SymExpr();
    }
    if (std::optional<int64_t> v = ctx.getOptionalInt(name))
      return ctx.constant(*v);
    return fallback ? ctx.constant(*fallback) : SymExpr();
  }
  std::optional<int64_t> getInt(llvm::StringRef name, std::optional<int64_t> fallback) const {
    if (SymExpr e = symInt(name, fallback))
      return e.getConstant();
    return std::nullopt;
  }
  /// A SymInt[] (or int[]) argument, nullopt when absent or not a list.
  std::optional<KnownInts> symIntList(llvm::StringRef name) const {
    if (auto values = ctx.getInts(name)) {
      KnownInts out;
      for (int64_t v : *values)
        out.push_back(ctx.constant(v));
      return out;
    }
    auto it = operands.find(name);
    if (it == operands.end())
      return std::nullopt;
    KnownInts out;
    for (unsigned i : it->second) {
      const KnownInts *k = ctx.ints(i);
      out.push_back(k && k->size() == 1 ? (*k)[0] : SymExpr());
    }
    return out;
  }
  /// An int[] argument of `n` entries: a single entry applies to all.
  std::optional<llvm::SmallVector<int64_t, 4>> ints(llvm::StringRef name, size_t n,
                                                    std::optional<int64_t> fallback) const {
    std::optional<llvm::SmallVector<int64_t, 4>> v = ctx.getInts(name);
    if (!v || v->empty()) {
      if (!fallback)
        return std::nullopt;
      return llvm::SmallVector<int64_t, 4>(n, *fallback);
    }
    if (v->size() == 1 && n != 1)
      v->assign(n, (*v)[0]);
    if (v->size() != n)
      return std::nullopt;
    return v;
  }

private:
  ShapeContext &ctx;
  llvm::StringMap<llvm::SmallVector<unsigned, 1>> operands;
};

/// The dims of a tensor argument, or nullopt.
std::optional<llvm::ArrayRef<Dim>> argShape(ShapeContext &ctx, llvm::StringRef name) {
  return AtenArgs(ctx).shape(name);
}

void inferSameAsSelf(ShapeContext &ctx) {
  if (auto x = argShape(ctx, "self"))
    ctx.setShape(0, *x);
  else if (auto in = argShape(ctx, "input"))
    ctx.setShape(0, *in);
}

void inferBroadcastSelfOther(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto self = args.shape("self");
  if (!self)
    return;
  Dims dims(*self);
  for (llvm::StringRef other : {"other", "mask", "exponent"})
    if (auto o = args.shape(other))
      dims = ctx.broadcast(dims, *o);
  ctx.setShape(0, dims);
}

void inferWhere(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto cond = args.shape("condition");
  if (!cond)
    return;
  Dims dims(*cond);
  for (llvm::StringRef other : {"self", "other"})
    if (auto o = args.shape(other))
      dims = ctx.broadcast(dims, *o);
  ctx.setShape(0, dims);
}

void inferMaskedFill(ShapeContext &ctx) {
  AtenArgs args(ctx);
  if (auto self = args.shape("self")) {
    if (auto mask = args.shape("mask"))
      ctx.broadcast(*self, *mask);
    ctx.setShape(0, *self);
  }
}

void inferView(ShapeContext &ctx) {
  AtenArgs args(ctx);
  std::optional<KnownInts> size = args.symIntList("size");
  if (!size)
    size = args.symIntList("shape");
  if (!size)
    return;
  // torch's -1 is ONNX's; a 0 is a dim of size 0.
  ctx.setShape(0, reshapeDims(ctx, args.shape("self"), *size, /*allowZero=*/true));
}

void inferPermute(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  auto dims = ctx.getInts("dims");
  if (!x || !dims)
    return;
  int64_t rank = int64_t(x->size());
  if (int64_t(dims->size()) != rank)
    return ctx.fail("permutes " + llvm::Twine(dims->size()) + " dims of a rank-" +
                    llvm::Twine(rank) + " tensor");
  Dims out;
  for (int64_t d : *dims) {
    std::optional<int64_t> n = ctx.normalizeAxis(d, rank);
    if (!n)
      return;
    out.push_back((*x)[*n]);
  }
  ctx.setShape(0, out);
}

void inferTranspose(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  int64_t rank = int64_t(x->size());
  Dims out(*x);
  if (ctx.getOp().isa("aten.t.default") || ctx.getOp().isa("aten.numpy_T.default")) {
    std::reverse(out.begin(), out.end());
    return ctx.setShape(0, out);
  }
  if (ctx.getOp().isa("aten.mT.default")) {
    if (rank < 2)
      return ctx.fail("transposes the last two dims of a rank-" + llvm::Twine(rank) + " tensor");
    std::swap(out[rank - 2], out[rank - 1]);
    return ctx.setShape(0, out);
  }
  bool swapaxes = ctx.getOp().isa("aten.swapaxes.default");
  std::optional<int64_t> d0 =
      ctx.normalizeAxis(args.getInt(swapaxes ? "axis0" : "dim0", std::nullopt).value_or(-2), rank);
  std::optional<int64_t> d1 =
      ctx.normalizeAxis(args.getInt(swapaxes ? "axis1" : "dim1", std::nullopt).value_or(-1), rank);
  if (!d0 || !d1)
    return;
  std::swap(out[*d0], out[*d1]);
  ctx.setShape(0, out);
}

void inferUnsqueeze(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  std::optional<int64_t> dim = args.getInt("dim", std::nullopt);
  if (!x || !dim)
    return;
  std::optional<int64_t> d = ctx.normalizeAxis(*dim, int64_t(x->size()) + 1);
  if (!d)
    return;
  Dims out(*x);
  out.insert(out.begin() + *d, Dim(1));
  ctx.setShape(0, out);
}

void inferSqueeze(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  int64_t rank = int64_t(x->size());
  auto dims = ctx.getInts("dim");
  if (!dims) {
    dims.emplace();
    for (int64_t i = 0; i < rank; ++i)
      dims->push_back(i);
  }
  Dims out;
  for (int64_t i = 0; i < rank; ++i) {
    bool listed = llvm::any_of(*dims, [&](int64_t d) { return d == i || d + rank == i; });
    const Dim &d = (*x)[i];
    // torch squeezes a listed dim only when it is 1, and keeps it otherwise.
    bool notOne = (d.isStatic() && d.getSize() != 1) ||
                  (d.isSymbolic() && !d.getExpr().getRange().contains(1));
    if (!listed || notOne) {
      out.push_back(d);
      continue;
    }
    if (!d.isStatic())
      return;
  }
  ctx.setShape(0, out);
}

void inferFlatten(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  int64_t rank = int64_t(x->size());
  if (rank == 0)
    return ctx.setShape(0, {Dim(1)});
  std::optional<int64_t> start = ctx.normalizeAxis(args.getInt("start_dim", 0).value_or(0), rank);
  std::optional<int64_t> end = ctx.normalizeAxis(args.getInt("end_dim", -1).value_or(-1), rank);
  if (!start || !end)
    return;
  if (*start > *end)
    return ctx.fail("flattens from dim " + llvm::Twine(*start) + " to dim " + llvm::Twine(*end));
  Dims out(x->take_front(*start));
  out.push_back(ctx.dim(ctx.product(x->slice(*start, *end - *start + 1))));
  out.append(x->begin() + *end + 1, x->end());
  ctx.setShape(0, out);
}

void inferUnflatten(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  std::optional<KnownInts> sizes = args.symIntList("sizes");
  std::optional<int64_t> dim = args.getInt("dim", std::nullopt);
  if (!x || !sizes || !dim)
    return;
  std::optional<int64_t> d = ctx.normalizeAxis(*dim, int64_t(x->size()));
  if (!d)
    return;
  Dims out(x->take_front(*d));
  out.append(reshapeDims(ctx, x->slice(*d, 1), *sizes, /*allowZero=*/true));
  out.append(x->begin() + *d + 1, x->end());
  ctx.setShape(0, out);
}

void inferExpand(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  std::optional<KnownInts> size = args.symIntList("size");
  if (!x || !size)
    return;
  if (size->size() < x->size())
    return ctx.fail("expands a rank-" + llvm::Twine(x->size()) + " tensor to rank " +
                    llvm::Twine(size->size()));
  size_t lead = size->size() - x->size();
  Dims out;
  for (auto [i, e] : llvm::enumerate(*size)) {
    std::optional<int64_t> c = e ? e.getConstant() : std::nullopt;
    if (c && *c == -1) {
      if (i < lead)
        return ctx.fail("expands a new dim to -1");
      out.push_back((*x)[i - lead]);
      continue;
    }
    Dim target = e && e.getRange().lo >= 0 ? Dim::of(e) : Dim::unknown();
    out.push_back(i < lead ? target : ctx.broadcast((*x)[i - lead], target));
  }
  ctx.setShape(0, out);
}

void inferCat(ShapeContext &ctx) {
  ir::Operation &op = ctx.getOp();
  llvm::SmallVector<llvm::ArrayRef<Dim>, 4> shapes;
  for (unsigned i = 0, e = ctx.getNumOperands(); i != e; ++i) {
    auto s = ctx.shape(i);
    if (!s)
      return;
    // torch skips 1-D empty tensors in cat.
    if (s->size() == 1 && (*s)[0].isStatic() && (*s)[0].getSize() == 0)
      continue;
    shapes.push_back(*s);
  }
  if (shapes.empty())
    return;
  bool stack = op.isa("aten.stack.default");
  int64_t rank = int64_t(shapes[0].size()) + (stack ? 1 : 0);
  std::optional<int64_t> dim = ctx.normalizeAxis(ctx.getInt("dim", 0), rank);
  if (!dim)
    return;
  if (stack) {
    Dims out(shapes[0]);
    out.insert(out.begin() + *dim, Dim(int64_t(shapes.size())));
    return ctx.setShape(0, out);
  }
  Dims out(shapes[0]);
  SymExpr sum = ctx.constant(0);
  for (llvm::ArrayRef<Dim> s : shapes) {
    if (int64_t(s.size()) != rank)
      return ctx.fail("concatenates tensors of ranks " + llvm::Twine(rank) + " and " +
                      llvm::Twine(s.size()));
    SymExpr e = ctx.expr(s[*dim]);
    sum = sum && e ? sum + e : SymExpr();
    for (int64_t d = 0; d < rank; ++d)
      if (d != *dim && out[d].isUnknown())
        out[d] = s[d];
  }
  out[*dim] = ctx.dim(sum);
  ctx.setShape(0, out);
}

void inferSlice(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  std::optional<int64_t> dim = ctx.normalizeAxis(args.getInt("dim", 0).value_or(0), x->size());
  std::optional<int64_t> step = args.getInt("step", 1);
  if (!dim || !step)
    return;
  if (*step <= 0)
    return ctx.fail("has a non-positive step");
  SymExpr start = args.has("start") ? args.symInt("start") : ctx.constant(0);
  SymExpr end =
      args.has("end") ? args.symInt("end") : ctx.constant(std::numeric_limits<int64_t>::max());
  Dims out(*x);
  out[*dim] = sliceDim(ctx, (*x)[*dim], start, end, *step);
  ctx.setShape(0, out);
}

void inferSelect(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  std::optional<int64_t> dim = ctx.normalizeAxis(args.getInt("dim", 0).value_or(0), x->size());
  if (!dim)
    return;
  Dims out(*x);
  out.erase(out.begin() + *dim);
  ctx.setShape(0, out);
}

void inferLinear(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("input"), w = args.shape("weight");
  if (!x || !w || x->empty())
    return;
  if (w->size() != 2 && w->size() != 1)
    return ctx.fail("has a weight of rank " + llvm::Twine(w->size()));
  Dims out(x->drop_back());
  if (w->size() == 2)
    out.push_back((*w)[0]);
  ctx.setShape(0, out);
}

/// linalg_svdvals(A): A's batch dims and min(m, n) singular values.
void inferSvdvals(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto a = args.shape("A");
  if (!a || a->size() < 2)
    return;
  const Dim &m = (*a)[a->size() - 2], &n = a->back();
  Dims out(a->drop_back(2));
  if (m.isStatic() && n.isStatic())
    out.push_back(Dim(std::min(m.getSize(), n.getSize())));
  else
    out.push_back(m == n ? m : Dim::unknown());
  ctx.setShape(0, out);
}

void inferMatmul(ShapeContext &ctx) {
  AtenArgs args(ctx);
  llvm::StringRef a = args.has("self") ? "self" : "input";
  llvm::StringRef b = args.has("other") ? "other" : args.has("mat2") ? "mat2" : "mat1";
  if (ctx.getOp().isa("aten.addmm.default") || ctx.getOp().isa("aten.baddbmm.default")) {
    a = "mat1";
    b = "mat2";
    if (ctx.getOp().isa("aten.baddbmm.default"))
      a = "batch1", b = "batch2";
  }
  auto x = args.shape(a), y = args.shape(b);
  if (!x || !y || x->empty() || y->empty())
    return;
  Dims out;
  if (x->size() == 1 && y->size() == 1) {
  } else if (y->size() == 1) {
    out.assign(x->begin(), x->end() - 1);
  } else if (x->size() == 1) {
    out.assign(y->begin(), y->end() - 2);
    out.push_back(y->back());
  } else {
    out = ctx.broadcast(x->drop_back(2), y->drop_back(2));
    out.push_back((*x)[x->size() - 2]);
    out.push_back(y->back());
  }
  ctx.setShape(0, out);
}

void inferConvolution(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("input"), w = args.shape("weight");
  if (!x || !w || x->size() < 2 || w->size() != x->size())
    return;
  size_t spatial = x->size() - 2;
  bool transposed = ctx.getOp().getName().getStringRef().starts_with("aten.conv_transpose") ||
                    ctx.getInt("transposed", 0) != 0;
  int64_t groups = args.getInt("groups", 1).value_or(1);
  auto stride = args.ints("stride", spatial, 1), dilation = args.ints("dilation", spatial, 1);
  auto outputPadding = args.ints("output_padding", spatial, 0);
  llvm::StringRef paddingMode = ctx.getString("padding", "");
  auto padding = paddingMode.empty() ? args.ints("padding", spatial, 0)
                                     : llvm::SmallVector<int64_t, 4>(spatial, 0);
  if (!stride || !dilation || !padding || !outputPadding)
    return;
  Dims out{(*x)[0]};
  if (transposed) {
    SymExpr m = ctx.expr((*w)[1]);
    out.push_back(m ? ctx.dim(m * groups) : Dim::unknown());
  } else {
    out.push_back((*w)[0]);
  }
  for (size_t i = 0; i < spatial; ++i) {
    const Dim &in = (*x)[i + 2];
    const Dim &k = (*w)[i + 2];
    if (!k.isStatic()) {
      out.push_back(Dim::unknown());
    } else if (paddingMode == "same") {
      out.push_back(in);
    } else if (transposed) {
      SymExpr e = ctx.expr(in);
      // In SymExprs, whose arithmetic cannot overflow: the ints are attributes.
      out.push_back(e ? ctx.dim((e - 1) * (*stride)[i] - (*padding)[i] - (*padding)[i] +
                                (ctx.constant(k.getSize()) - 1) * (*dilation)[i] +
                                (*outputPadding)[i] + 1)
                      : Dim::unknown());
    } else {
      out.push_back(windowDim(ctx, in, k.getSize(), (*stride)[i], (*dilation)[i], (*padding)[i],
                              (*padding)[i], false));
    }
  }
  ctx.setShape(0, out);
}

void inferPool(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  llvm::StringRef name = ctx.getOp().getName().getStringRef();
  size_t spatial = name.contains("1d") ? 1 : name.contains("3d") ? 3 : 2;
  if (!x || x->size() < spatial + 1)
    return;
  auto kernel = args.ints("kernel_size", spatial, std::nullopt);
  if (!kernel)
    return;
  auto stride = args.ints("stride", spatial, std::nullopt);
  if (!stride)
    stride = kernel;
  auto padding = args.ints("padding", spatial, 0), dilation = args.ints("dilation", spatial, 1);
  if (!padding || !dilation)
    return;
  bool ceilMode = ctx.getInt("ceil_mode", 0) != 0;
  Dims out(x->drop_back(spatial));
  for (size_t i = 0; i < spatial; ++i)
    out.push_back(windowDim(ctx, (*x)[x->size() - spatial + i], (*kernel)[i], (*stride)[i],
                            (*dilation)[i], (*padding)[i], (*padding)[i], ceilMode));
  ctx.setShape(0, out);
  ctx.setTensor(1, DType::Int64, out);
}

void inferAdaptivePool(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  std::optional<KnownInts> size = args.symIntList("output_size");
  if (!x || !size || size->size() > x->size())
    return;
  Dims out(x->drop_back(size->size()));
  for (SymExpr e : *size)
    out.push_back(e ? ctx.dim(e) : Dim::unknown());
  ctx.setShape(0, out);
  ctx.setTensor(1, DType::Int64, out);
}

void inferReduction(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  int64_t rank = int64_t(x->size());
  std::optional<llvm::SmallVector<int64_t, 4>> dims = ctx.getInts("dim");
  bool keepdim = ctx.getInt("keepdim", 0) != 0;
  llvm::SmallVector<int64_t, 4> axes;
  if (!dims || dims->empty()) {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
  } else {
    for (int64_t d : *dims) {
      std::optional<int64_t> n = ctx.normalizeAxis(d, std::max<int64_t>(rank, 1));
      if (!n)
        return;
      axes.push_back(*n);
    }
  }
  Dims out;
  for (int64_t i = 0; i < rank; ++i) {
    if (!llvm::is_contained(axes, i))
      out.push_back((*x)[i]);
    else if (keepdim)
      out.push_back(Dim(1));
  }
  ctx.setShape(0, out);
  // max.dim / min.dim: the indices.
  ctx.setTensor(1, DType::Int64, out);
}

void inferEmbedding(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto w = args.shape("weight"), indices = args.shape("indices");
  if (!w || !indices || w->size() != 2)
    return;
  Dims out(*indices);
  out.push_back((*w)[1]);
  ctx.setShape(0, out);
}

void inferAttention(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto q = args.shape("query"), v = args.shape("value");
  if (!q || !v || q->empty() || v->empty())
    return;
  Dims out(q->drop_back());
  out.push_back(v->back());
  ctx.setShape(0, out);
}

void inferSymSize(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  std::optional<int64_t> dim = args.getInt("dim", std::nullopt);
  if (!x || !dim)
    return;
  std::optional<int64_t> d = ctx.normalizeAxis(*dim, int64_t(x->size()));
  if (!d)
    return;
  ctx.setResult(0, ir::Type::symInt(ctx.expr((*x)[*d])));
}

void inferTo(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  if (std::optional<DType> dtype = ctx.getDType("dtype"))
    ctx.setTensor(0, *dtype, *x);
  else
    ctx.setShape(0, *x);
}

void inferArange(ShapeContext &ctx) {
  AtenArgs args(ctx);
  // Integer bounds only: float ranges depend on rounding.
  SymExpr start = args.has("start") ? args.symInt("start") : ctx.constant(0);
  SymExpr end = args.symInt("end");
  SymExpr step = args.has("step") ? args.symInt("step") : ctx.constant(1);
  if (!start || !end || !step || step.getRange().lo < 1)
    return ctx.setShape(0, {Dim::unknown()});
  ctx.setShape(0, {ctx.dim(ir::max(ir::ceilDiv(end - start, step), ctx.constant(0)))});
}

/// SymInt arithmetic of the `operator` targets (the importer reads
/// `_operator.add` as `operator.add`).
void inferSymArithmetic(ShapeContext &ctx) {
  AtenArgs args(ctx);
  SymExpr a = args.symInt("a"), b = args.symInt("b");
  if (!a || !b)
    return;
  llvm::StringRef op = ctx.getOp().getName().getStringRef().rsplit('.').second;
  SymExpr r;
  if (op == "add")
    r = a + b;
  else if (op == "sub")
    r = a - b;
  else if (op == "mul")
    r = a * b;
  else if (op == "floordiv" && b.getConstant() != 0)
    r = ir::floorDiv(a, b);
  else if (op == "mod" && b.getConstant() != 0)
    r = ir::mod(a, b);
  if (r)
    ctx.setResult(0, ir::Type::symInt(r));
}

/// Factories: zeros, ones, full, empty and their `new_` forms.
void inferFactory(ShapeContext &ctx) {
  AtenArgs args(ctx);
  std::optional<KnownInts> size = args.symIntList("size");
  if (!size)
    return;
  Dims out;
  for (SymExpr e : *size)
    out.push_back(e && e.getRange().lo >= 0 ? Dim::of(e) : Dim::unknown());
  ctx.setShape(0, out);
}

void inferPad(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  std::optional<KnownInts> pad = args.symIntList("pad");
  if (!x || !pad)
    return;
  // Pairs from the last dim backwards.
  if (pad->size() % 2 || pad->size() / 2 > x->size())
    return ctx.fail("has " + llvm::Twine(pad->size()) + " pads for rank " + llvm::Twine(x->size()));
  Dims out(*x);
  for (size_t i = 0; i < pad->size() / 2; ++i) {
    size_t d = x->size() - 1 - i;
    SymExpr e = ctx.expr(out[d]), lo = (*pad)[2 * i], hi = (*pad)[2 * i + 1];
    out[d] = e && lo && hi ? ctx.dim(e + lo + hi) : Dim::unknown();
  }
  ctx.setShape(0, out);
}

void inferUpsample(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("input");
  if (!x || x->size() < 3)
    return;
  size_t spatial = x->size() - 2;
  Dims out(x->take_front(2));
  if (std::optional<KnownInts> size = args.symIntList("output_size")) {
    if (size->size() != spatial)
      return;
    for (SymExpr e : *size)
      out.push_back(e ? ctx.dim(e) : Dim::unknown());
    return ctx.setShape(0, out);
  }
  std::optional<llvm::SmallVector<double, 4>> scales = ctx.getFloats("scale_factors");
  if (!scales || scales->size() != spatial)
    return;
  for (size_t i = 0; i < spatial; ++i) {
    const Dim &d = (*x)[i + 2];
    double s = (*scales)[i];
    // torch: floor(dim * scale) in double.
    if (d.isStatic())
      out.push_back(Dim(int64_t(std::floor(double(d.getSize()) * s))));
    else if (d.isSymbolic() && s >= 1 && std::floor(s) == s)
      out.push_back(ctx.dim(d.getExpr() * int64_t(s)));
    else
      out.push_back(Dim::unknown());
  }
  ctx.setShape(0, out);
}

void inferSplit(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  std::optional<int64_t> dim =
      ctx.normalizeAxis(args.getInt("dim", 0).value_or(0), int64_t(x->size()));
  if (!dim)
    return;
  unsigned results = ctx.getOp().getNumResults();
  llvm::StringRef name = ctx.getOp().getName().getStringRef();
  SymExpr n = ctx.expr((*x)[*dim]);
  llvm::SmallVector<Dim, 4> sizes;
  if (name == "aten.unbind.int") {
    for (unsigned i = 0; i < results; ++i) {
      Dims out(*x);
      out.erase(out.begin() + *dim);
      ctx.setShape(i, out);
    }
    return;
  }
  if (std::optional<KnownInts> list = args.symIntList("split_sizes")) {
    for (SymExpr e : *list)
      sizes.push_back(e ? ctx.dim(e) : Dim::unknown());
  } else if (name == "aten.chunk.default") {
    // ceil(n / chunks) each, the last one what is left.
    std::optional<int64_t> chunks = args.getInt("chunks", std::nullopt);
    if (!chunks || *chunks <= 0 || !n)
      return;
    SymExpr part = ir::ceilDiv(n, ctx.constant(*chunks));
    for (unsigned i = 0; i < results; ++i)
      sizes.push_back(ctx.dim(ir::max(ir::min(part, n - part * int64_t(i)), ctx.constant(0))));
  } else {
    SymExpr part = args.symInt("split_size");
    if (!part || !n || part.getRange().lo < 1)
      return;
    for (unsigned i = 0; i < results; ++i)
      sizes.push_back(ctx.dim(ir::max(ir::min(part, n - part * int64_t(i)), ctx.constant(0))));
  }
  if (sizes.size() != results)
    return;
  for (unsigned i = 0; i < results; ++i) {
    Dims out(*x);
    out[*dim] = sizes[i];
    ctx.setShape(i, out);
  }
}

void inferLikeArg(ShapeContext &ctx, llvm::StringRef arg) {
  if (auto x = argShape(ctx, arg))
    ctx.setShape(0, *x);
}

void inferExpandAs(ShapeContext &ctx) { inferLikeArg(ctx, "other"); }
void inferGather(ShapeContext &ctx) { inferLikeArg(ctx, "index"); }

void inferIndexSelect(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self"), index = args.shape("index");
  if (!x || !index || index->size() > 1)
    return;
  std::optional<int64_t> dim =
      ctx.normalizeAxis(args.getInt("dim", 0).value_or(0), int64_t(x->size()));
  if (!dim)
    return;
  Dims out(*x);
  out[*dim] = index->empty() ? Dim(1) : (*index)[0];
  ctx.setShape(0, out);
}

void inferNarrow(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  std::optional<int64_t> dim =
      ctx.normalizeAxis(args.getInt("dim", 0).value_or(0), int64_t(x->size()));
  if (!dim)
    return;
  Dims out(*x);
  SymExpr length = args.symInt("length");
  out[*dim] = length ? ctx.dim(length) : Dim::unknown();
  ctx.setShape(0, out);
}

void inferTopK(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("self");
  if (!x)
    return;
  std::optional<int64_t> dim =
      ctx.normalizeAxis(args.getInt("dim", -1).value_or(-1), std::max<int64_t>(x->size(), 1));
  if (!dim || x->empty())
    return;
  Dims out(*x);
  if (ctx.getOp().isa("aten.topk.default")) {
    SymExpr k = args.symInt("k");
    out[*dim] = k ? ctx.dim(k) : Dim::unknown();
  }
  ctx.setShape(0, out);
  ctx.setTensor(1, DType::Int64, out);
}

void inferGridSampler(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto x = args.shape("input"), grid = args.shape("grid");
  if (!x || !grid || x->size() < 3 || grid->size() != x->size())
    return;
  Dims out{(*x)[0], (*x)[1]};
  out.append(grid->begin() + 1, grid->end() - 1);
  ctx.setShape(0, out);
}

void inferWhereScalar(ShapeContext &ctx) {
  AtenArgs args(ctx);
  auto cond = args.shape("condition");
  if (!cond)
    return;
  Dims dims(*cond);
  for (llvm::StringRef other : {"self", "other"})
    if (auto o = args.shape(other))
      dims = ctx.broadcast(dims, *o);
  ctx.setShape(0, dims);
}

} // namespace

void registerAtenShapes(schema::OpKeyedMap<ShapeFunction> &r) {
  for (llvm::StringRef op :
       {"relu",      "relu_",       "gelu",       "sigmoid",     "tanh",
        "silu",      "silu_",       "hardswish",  "hardswish_",  "hardsigmoid",
        "hardtanh",  "hardtanh_",   "leaky_relu", "elu",         "mish",
        "softplus",  "neg",         "exp",        "log",         "sqrt",
        "rsqrt",     "sin",         "cos",        "abs",         "erf",
        "sign",      "floor",       "ceil",       "round",       "reciprocal",
        "clone",     "contiguous",  "alias",      "detach",      "lift_fresh_copy",
        "dropout",   "clamp",       "clamp_min",  "clamp_max",   "tril",
        "triu",      "bitwise_not", "isnan",      "logical_not", "zeros_like",
        "ones_like", "empty_like",  "full_like",  "rand_like",   "randn_like"})
    r.add(("aten." + op + ".default").str(), inferSameAsSelf);
  // clang-format off
  for (llvm::StringRef op : {"aten.softmax.int", "aten.log_softmax.int", "aten._softmax.default",
                             "aten._log_softmax.default", "aten.cumsum.default",
                             "aten.pow.Tensor_Scalar", "aten.layer_norm.default",
                             "aten.batch_norm.default", "aten.group_norm.default",
                             "aten.instance_norm.default", "aten.rms_norm.default",
                             "aten._native_batch_norm_legit_no_training.default",
                             "aten.native_layer_norm.default", "aten.fill.Scalar",
                             "aten.fill_.Scalar", "aten.eq.Scalar", "aten.ne.Scalar",
                             "aten.lt.Scalar", "aten.le.Scalar", "aten.gt.Scalar", "aten.ge.Scalar",
                             "aten.add.Scalar", "aten.sub.Scalar", "aten.mul.Scalar",
                             "aten.div.Scalar", "aten.remainder.Scalar", "aten.rsub.Scalar",
                             "aten.__and__.Scalar", "aten.__or__.Scalar", "aten.__xor__.Scalar",
                             "aten.__lshift__.Scalar", "aten.masked_fill.Tensor"})
    r.add(op, inferSameAsSelf);
  // clang-format on
  for (llvm::StringRef op : {"add", "sub", "mul", "div", "eq", "ne", "lt", "le", "gt", "ge",
                             "__and__", "__or__", "__xor__", "bitwise_and", "bitwise_or",
                             "bitwise_xor", "remainder", "add_", "mul_"})
    r.add(("aten." + op + ".Tensor").str(), inferBroadcastSelfOther);
  for (llvm::StringRef op :
       {"logical_and", "logical_or", "atan2", "floor_divide", "maximum", "minimum"})
    r.add(("aten." + op + ".default").str(), inferBroadcastSelfOther);
  r.add("aten.div.Tensor_mode", inferBroadcastSelfOther);
  r.add("aten.pow.Tensor_Tensor", inferBroadcastSelfOther);
  r.add("aten.min.other", inferBroadcastSelfOther);
  r.add("aten.max.other", inferBroadcastSelfOther);
  r.add("aten.where.self", inferWhere);
  r.add("aten.masked_fill.Scalar", inferMaskedFill);
  r.add("aten.masked_fill_.Scalar", inferMaskedFill);
  for (llvm::StringRef op : {"aten.view.default", "aten.reshape.default",
                             "aten._unsafe_view.default", "aten.view_copy.default"})
    r.add(op, inferView);
  r.add("aten.permute.default", inferPermute);
  for (llvm::StringRef op :
       {"aten.transpose.int", "aten.swapaxes.default", "aten.t.default", "aten.numpy_T.default"})
    r.add(op, inferTranspose);
  r.add("aten.unsqueeze.default", inferUnsqueeze);
  for (llvm::StringRef op : {"aten.squeeze.dim", "aten.squeeze.dims", "aten.squeeze.default"})
    r.add(op, inferSqueeze);
  r.add("aten.flatten.using_ints", inferFlatten);
  r.add("aten.unflatten.int", inferUnflatten);
  r.add("aten.expand.default", inferExpand);
  r.add("aten.cat.default", inferCat);
  r.add("aten.stack.default", inferCat);
  r.add("aten.slice.Tensor", inferSlice);
  r.add("aten.select.int", inferSelect);
  r.add("aten.linear.default", inferLinear);
  for (llvm::StringRef op : {"aten.matmul.default", "aten.mm.default", "aten.bmm.default",
                             "aten.addmm.default", "aten.baddbmm.default"})
    r.add(op, inferMatmul);
  r.add("aten.linalg_svdvals.default", inferSvdvals);
  for (llvm::StringRef op : {"aten.conv1d.default", "aten.conv2d.default", "aten.conv3d.default",
                             "aten.conv1d.padding", "aten.conv2d.padding", "aten.conv3d.padding",
                             "aten.convolution.default", "aten.conv_transpose1d.default",
                             "aten.conv_transpose2d.input", "aten.conv_transpose3d.input"})
    r.add(op, inferConvolution);
  for (llvm::StringRef op :
       {"aten.max_pool1d.default", "aten.max_pool2d.default", "aten.max_pool3d.default",
        "aten.avg_pool1d.default", "aten.avg_pool2d.default", "aten.avg_pool3d.default",
        "aten.max_pool2d_with_indices.default"})
    r.add(op, inferPool);
  for (llvm::StringRef op : {"aten.adaptive_avg_pool1d.default", "aten.adaptive_avg_pool2d.default",
                             "aten.adaptive_avg_pool3d.default", "aten.adaptive_max_pool2d.default",
                             "aten._adaptive_avg_pool2d.default"})
    r.add(op, inferAdaptivePool);
  for (llvm::StringRef op :
       {"aten.mean.dim", "aten.sum.dim_IntList", "aten.amax.default", "aten.amin.default",
        "aten.mean.default", "aten.sum.default", "aten.max.dim", "aten.min.dim",
        "aten.logsumexp.default", "aten.prod.dim_int", "aten.argmax.default", "aten.argmin.default",
        "aten.any.dim", "aten.all.dim", "aten.var.dim", "aten.std.correction",
        "aten.var.correction", "aten.linalg_vector_norm.default"})
    r.add(op, inferReduction);
  r.add("aten.embedding.default", inferEmbedding);
  r.add("aten.scaled_dot_product_attention.default", inferAttention);
  r.add("aten.sym_size.int", inferSymSize);
  for (llvm::StringRef op : {"aten.to.dtype", "aten.to.dtype_layout", "aten.to.device",
                             "aten._to_copy.default", "aten.type_as.default"})
    r.add(op, inferTo);
  for (llvm::StringRef op :
       {"operator.add", "operator.sub", "operator.mul", "operator.floordiv", "operator.mod"})
    r.add(op, inferSymArithmetic);
  for (llvm::StringRef op :
       {"aten.zeros.default", "aten.ones.default", "aten.full.default", "aten.empty.memory_format",
        "aten.new_zeros.default", "aten.new_ones.default", "aten.new_full.default",
        "aten.new_empty.default", "aten.rand.default", "aten.randn.default"})
    r.add(op, inferFactory);
  r.add("aten.pad.default", inferPad);
  r.add("aten.constant_pad_nd.default", inferPad);
  for (llvm::StringRef op :
       {"aten.upsample_nearest1d.vec", "aten.upsample_nearest2d.vec", "aten.upsample_nearest3d.vec",
        "aten._upsample_nearest_exact1d.vec", "aten._upsample_nearest_exact2d.vec",
        "aten._upsample_nearest_exact3d.vec", "aten.upsample_linear1d.vec",
        "aten.upsample_bilinear2d.vec", "aten.upsample_trilinear3d.vec",
        "aten.upsample_bicubic2d.vec"})
    r.add(op, inferUpsample);
  for (llvm::StringRef op : {"aten.split_with_sizes.default", "aten.split.Tensor",
                             "aten.chunk.default", "aten.unbind.int"})
    r.add(op, inferSplit);
  for (llvm::StringRef op : {"roll", "flip", "prelu", "dropout_", "detach_", "isfinite", "cumprod",
                             "cummax", "cummin", "sort"})
    r.add(("aten." + op + ".default").str(), inferSameAsSelf);
  r.add("aten.fill_.Tensor", inferSameAsSelf);
  r.add("aten.fill.Tensor", inferSameAsSelf);
  r.add("aten.expand_as.default", inferExpandAs);
  r.add("aten.gather.default", inferGather);
  r.add("aten.index_select.default", inferIndexSelect);
  r.add("aten.narrow.default", inferNarrow);
  r.add("aten.topk.default", inferTopK);
  r.add("aten.grid_sampler.default", inferGridSampler);
  r.add("aten.where.ScalarOther", inferWhereScalar);
  r.add("aten.where.ScalarSelf", inferWhereScalar);
  r.add("aten.mT.default", inferTranspose);
  r.add("aten.arange.default", inferArange);
  r.add("aten.arange.start", inferArange);
  r.add("aten.arange.start_step", inferArange);
}

} // namespace pt2onnx::passes
