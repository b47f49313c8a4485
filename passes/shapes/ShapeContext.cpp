//===- ShapeContext.cpp - What a shape function sees of its op -------------===//

#include "passes/shapes/ShapeFunctions.h"

#include "ir/numerics/Broadcast.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>
#include <mutex>

namespace pt2onnx::passes {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::SymExpr;
using ir::Type;

ShapeContext::ShapeContext(ir::Operation &op, ir::Module &module, KnownIntsAnalysis &ints)
    : op(op), module(module), knownInts(ints), results(op.getNumResults()) {}

// ---- Operands -------------------------------------------------------------------

ir::Value *ShapeContext::operand(unsigned i) const {
  if (i >= op.getNumOperands())
    return nullptr;
  ir::Value *v = op.getOperand(i);
  return v->getType().isNone() ? nullptr : v;
}

std::optional<llvm::ArrayRef<Dim>> ShapeContext::shape(unsigned i) const {
  ir::Value *v = operand(i);
  if (!v || !v->getType().isTensor() || !v->getType().isRanked())
    return std::nullopt;
  return v->getType().getShape();
}

DType ShapeContext::dtype(unsigned i) const {
  ir::Value *v = operand(i);
  return v ? v->getType().getDType() : DType::Float32;
}

const KnownInts *ShapeContext::ints(unsigned i) const {
  ir::Value *v = operand(i);
  return v ? knownInts.lookup(v) : nullptr;
}

std::optional<llvm::SmallVector<int64_t, 4>> ShapeContext::constInts(unsigned i) const {
  ir::Value *v = operand(i);
  return v ? knownInts.lookupConstants(v) : std::nullopt;
}

std::optional<llvm::SmallVector<double, 4>> ShapeContext::constFloats(unsigned i) const {
  ir::Value *v = operand(i);
  ir::Operation *def = v ? v->getDefiningOp() : nullptr;
  return def ? getConstantFloats(*def) : std::nullopt;
}

// ---- Attributes -------------------------------------------------------------------

int64_t ShapeContext::getInt(llvm::StringRef name, int64_t fallback) const {
  return getOptionalInt(name).value_or(fallback);
}

std::optional<int64_t> ShapeContext::getOptionalInt(llvm::StringRef name) const {
  const Attribute *a = op.getAttr(name);
  if (!a)
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::Int)
    return a->getInt();
  if (a->getKind() == Attribute::Kind::Bool)
    return a->getBool() ? 1 : 0;
  return std::nullopt;
}

double ShapeContext::getFloat(llvm::StringRef name, double fallback) const {
  const Attribute *a = op.getAttr(name);
  if (a && a->getKind() == Attribute::Kind::Float)
    return a->getFloat();
  if (a && a->getKind() == Attribute::Kind::Int)
    return double(a->getInt());
  return fallback;
}

std::optional<llvm::SmallVector<int64_t, 4>> ShapeContext::getInts(llvm::StringRef name) const {
  const Attribute *a = op.getAttr(name);
  if (!a)
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::IntList)
    return llvm::SmallVector<int64_t, 4>(a->getIntList().begin(), a->getIntList().end());
  if (a->getKind() == Attribute::Kind::Int)
    return llvm::SmallVector<int64_t, 4>{a->getInt()};
  if (a->getKind() == Attribute::Kind::List) {
    llvm::SmallVector<int64_t, 4> out;
    for (const Attribute &e : a->getList()) {
      if (e.getKind() != Attribute::Kind::Int)
        return std::nullopt;
      out.push_back(e.getInt());
    }
    return out;
  }
  return std::nullopt;
}

std::optional<llvm::SmallVector<double, 4>> ShapeContext::getFloats(llvm::StringRef name) const {
  const Attribute *a = op.getAttr(name);
  if (!a)
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::FloatList)
    return llvm::SmallVector<double, 4>(a->getFloatList().begin(), a->getFloatList().end());
  if (a->getKind() == Attribute::Kind::Float)
    return llvm::SmallVector<double, 4>{a->getFloat()};
  return std::nullopt;
}

llvm::StringRef ShapeContext::getString(llvm::StringRef name, llvm::StringRef fallback) const {
  const Attribute *a = op.getAttr(name);
  return a && a->getKind() == Attribute::Kind::String ? a->getString() : fallback;
}

std::optional<DType> ShapeContext::getDType(llvm::StringRef name) const {
  const Attribute *a = op.getAttr(name);
  if (a && a->getKind() == Attribute::Kind::DType)
    return a->getDType();
  return std::nullopt;
}

// ---- Dims -------------------------------------------------------------------------

SymExpr ShapeContext::expr(const Dim &d) const {
  if (d.isStatic())
    return constant(d.getSize());
  return d.getExpr();
}

SymExpr ShapeContext::constant(int64_t v) const { return getSymContext().getConstant(v); }

Dim ShapeContext::dim(SymExpr e) {
  if (!e)
    return Dim::unknown();
  if (e.getRange().hi < 0) {
    fail("computes a negative dim (" + e.str() + ")");
    return Dim::unknown();
  }
  return Dim::of(e);
}

SymExpr ShapeContext::product(llvm::ArrayRef<Dim> dims) const {
  SymExpr p = constant(1);
  for (const Dim &d : dims) {
    SymExpr e = expr(d);
    if (!e)
      return SymExpr();
    p = p * e;
  }
  return p;
}

Dim ShapeContext::broadcast(const Dim &a, const Dim &b) {
  llvm::Expected<Dim> d = numerics::broadcastDims(a, b);
  if (d)
    return *d;
  fail(llvm::toString(d.takeError()));
  return Dim::unknown();
}

llvm::SmallVector<Dim, 4> ShapeContext::broadcast(llvm::ArrayRef<Dim> a, llvm::ArrayRef<Dim> b) {
  llvm::Expected<llvm::SmallVector<Dim, 4>> dims = numerics::broadcastShapes(a, b);
  if (dims)
    return *dims;
  fail(llvm::toString(dims.takeError()));
  return llvm::SmallVector<Dim, 4>(std::max(a.size(), b.size()), Dim::unknown());
}

std::optional<int64_t> ShapeContext::normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) {
    fail("axis " + llvm::Twine(axis) + " is out of range for rank " + llvm::Twine(rank));
    return std::nullopt;
  }
  return axis < 0 ? axis + rank : axis;
}

// ---- Results ----------------------------------------------------------------------

void ShapeContext::setResult(unsigned i, Type type) {
  if (i < results.size())
    results[i] = InferredType{std::move(type), true};
}

void ShapeContext::setTensor(unsigned i, DType dtype, llvm::ArrayRef<Dim> dims) {
  setResult(i, Type::tensor(dtype, dims));
}

void ShapeContext::setShape(unsigned i, llvm::ArrayRef<Dim> dims) {
  if (i >= results.size())
    return;
  const Type &recorded = op.getResult(i)->getType();
  DType dtype = recorded.isTensor() ? recorded.getDType() : DType::Float32;
  results[i] = InferredType{Type::tensor(dtype, dims), false};
}

void ShapeContext::setSameAs(unsigned i, unsigned j) {
  if (ir::Value *v = operand(j); v && v->getType().isTensor())
    setResult(i, v->getType());
}

void ShapeContext::setUnranked(unsigned i, DType dtype) {
  setResult(i, Type::unrankedTensor(dtype));
}

void ShapeContext::fail(const llvm::Twine &reason) {
  if (failure.empty())
    failure = reason.str();
}

// ---- Registry ---------------------------------------------------------------------

void ShapeFunctionRegistry::addOnnx(llvm::StringRef opName, ShapeFunction fn) {
  assert(opName.starts_with("onnx.") && "an op-table operator goes in getAten()");
  bool added = onnx.try_emplace(ir::OperationName::get(opName), fn).second;
  assert(added && "an ONNX op registered twice");
  (void)added;
}

ShapeFunction ShapeFunctionRegistry::lookup(ir::OperationName name) const {
  if (auto it = onnx.find(name); it != onnx.end())
    return it->second;
  const ShapeFunction *fn = aten.lookup(name.getStringRef());
  return fn ? *fn : nullptr;
}

const ShapeFunctionRegistry &getShapeFunctions() {
  static ShapeFunctionRegistry registry;
  static std::once_flag once;
  std::call_once(once, [] {
    registerOnnxElementwiseShapes(registry);
    registerOnnxShapeShapes(registry);
    registerOnnxNNShapes(registry);
    registerOnnxControlFlowShapes(registry);
    registerAtenShapes(registry.getAten());
  });
  return registry;
}

// ---- Shared helpers ---------------------------------------------------------------

namespace {

/// A product as its integer coefficient and its other factors.
void factorize(SymExpr e, int64_t &coefficient, llvm::SmallVectorImpl<SymExpr> &factors) {
  if (std::optional<int64_t> c = e.getConstant()) {
    coefficient *= *c;
    return;
  }
  if (e.getKind() != ir::SymKind::Mul) {
    factors.push_back(e);
    return;
  }
  for (SymExpr f : e.getOperands())
    factorize(f, coefficient, factors);
}

} // namespace

SymExpr divideExact(ShapeContext &ctx, llvm::ArrayRef<Dim> num, llvm::ArrayRef<Dim> den) {
  llvm::SmallVector<Dim, 4> n(num.begin(), num.end()), d;
  for (const Dim &x : den) {
    auto it = llvm::find(n, x);
    if (it != n.end() && !x.isUnknown())
      n.erase(it);
    else
      d.push_back(x);
  }
  SymExpr pn = ctx.product(n), pd = ctx.product(d);
  if (!pn || !pd)
    return SymExpr();
  int64_t cn = 1, cd = 1;
  llvm::SmallVector<SymExpr, 4> fn, fd;
  factorize(pn, cn, fn);
  factorize(pd, cd, fd);
  if (cd == 0)
    return SymExpr();
  for (auto it = fd.begin(); it != fd.end();) {
    auto match = llvm::find(fn, *it);
    if (match == fn.end()) {
      ++it;
      continue;
    }
    fn.erase(match);
    it = fd.erase(it);
  }
  SymExpr rest = ctx.constant(1);
  for (SymExpr f : fn)
    rest = rest * f;
  if (fd.empty() && cn % cd == 0)
    return rest * (cn / cd);
  SymExpr divisor = ctx.constant(cd);
  for (SymExpr f : fd)
    divisor = divisor * f;
  return ir::floorDiv(rest * cn, divisor);
}

llvm::SmallVector<Dim, 4> reshapeDims(ShapeContext &ctx, std::optional<llvm::ArrayRef<Dim>> in,
                                      const KnownInts &shape, bool allowZero) {
  llvm::SmallVector<Dim, 4> dims;
  std::optional<size_t> inferred;
  for (auto [i, e] : llvm::enumerate(shape)) {
    std::optional<int64_t> c = e ? e.getConstant() : std::nullopt;
    if (c && *c == -1) {
      if (inferred)
        ctx.fail("shape has more than one -1");
      inferred = i;
      dims.push_back(Dim::unknown());
    } else if (c && *c == 0 && !allowZero) {
      if (!in) {
        dims.push_back(Dim::unknown());
      } else if (i < in->size()) {
        dims.push_back((*in)[i]);
      } else {
        ctx.fail("shape entry " + llvm::Twine(i) + " is 0 but the input has rank " +
                 llvm::Twine(in->size()));
        dims.push_back(Dim::unknown());
      }
    } else if (c && *c < -1) {
      ctx.fail("shape entry " + llvm::Twine(i) + " is " + llvm::Twine(*c));
      dims.push_back(Dim::unknown());
    } else if (e && e.getRange().lo >= (allowZero ? 0 : 1)) {
      dims.push_back(Dim::of(e));
    } else {
      // Unknown, or possibly 0 or -1 at run time.
      dims.push_back(Dim::unknown());
    }
  }
  if (inferred && in) {
    llvm::SmallVector<Dim, 4> others;
    for (auto [i, d] : llvm::enumerate(dims))
      if (i != *inferred)
        others.push_back(d);
    if (llvm::none_of(others, [](const Dim &d) { return d.isStatic() && d.getSize() == 0; }))
      dims[*inferred] = ctx.dim(divideExact(ctx, *in, others));
  }
  return dims;
}

namespace {

/// Dims are far below this: a constant bound beyond it is past either end
/// (slices spell "to the end" as INT64_MAX).
constexpr int64_t kBoundLimit = int64_t(1) << 53;

} // namespace

Dim sliceDim(ShapeContext &ctx, const Dim &d, SymExpr start, SymExpr end, int64_t step) {
  SymExpr n = ctx.expr(d);
  if (!n || !start || !end || step == 0)
    return Dim::unknown();
  if (d.isStatic() && d.getSize() == 0)
    return Dim(0);
  SymExpr zero = ctx.constant(0);
  // Both bounds clamped to [lo, hi]; negative ones count from the end, so
  // their sign must be known.
  auto bound = [&](SymExpr b, SymExpr lo, SymExpr hi) -> SymExpr {
    if (std::optional<int64_t> c = b.getConstant()) {
      if (*c >= kBoundLimit)
        return hi;
      if (*c <= -kBoundLimit)
        return lo;
    }
    ir::SymRange r = b.getRange();
    if (r.hi < 0)
      b = b + n;
    else if (r.lo < 0)
      return SymExpr();
    return ir::max(ir::min(b, hi), lo);
  };
  if (step > 0) {
    SymExpr s = bound(start, zero, n), e = bound(end, zero, n);
    if (!s || !e)
      return Dim::unknown();
    return ctx.dim(ir::max(ir::ceilDiv(e - s, ctx.constant(step)), zero));
  }
  SymExpr last = n - 1;
  SymExpr s = bound(start, zero, last), e = bound(end, ctx.constant(-1), last);
  if (!s || !e)
    return Dim::unknown();
  return ctx.dim(ir::max(ir::ceilDiv(s - e, ctx.constant(-step)), zero));
}

Dim windowDim(ShapeContext &ctx, const Dim &in, int64_t kernel, int64_t stride, int64_t dilation,
              int64_t padBegin, int64_t padEnd, bool ceilMode) {
  SymExpr x = ctx.expr(in);
  if (!x || stride <= 0)
    return Dim::unknown();
  // In SymExprs, whose arithmetic cannot overflow: the ints are attributes.
  SymExpr span = x + padBegin + padEnd - (ctx.constant(kernel) - 1) * dilation - 1;
  SymExpr s = ctx.constant(stride);
  if (!ceilMode)
    return ctx.dim(ir::floorDiv(span, s) + 1);
  SymExpr out = ir::ceilDiv(span, s) + 1;
  // The last window must start inside the input or its begin padding.
  ir::SymRange late = ((out - 1) * stride - (x + padBegin)).getRange();
  if (late.lo >= 0)
    return ctx.dim(out - 1);
  if (late.hi < 0)
    return ctx.dim(out);
  return Dim::unknown();
}

} // namespace pt2onnx::passes
