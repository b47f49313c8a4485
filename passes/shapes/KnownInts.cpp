//===- KnownInts.cpp - What is known of small integer tensors --------------===//

#include "passes/shapes/KnownInts.h"

#include "ir/numerics/DenseAccess.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

using ir::DType;
using ir::SymExpr;

namespace {

/// Recursion through definitions stops here; the shape computations passes
/// look at are a few ops deep.
constexpr unsigned kMaxDepth = 32;

/// Element `i` of `bytes` as an int64: nullopt for non-integer types and
/// uint64 values past int64.
std::optional<int64_t> readKnownInt(DType dtype, const uint8_t *bytes, int64_t i) {
  if (!numerics::hasNumericElements(dtype) || !ir::isIntegral(dtype))
    return std::nullopt;
  int64_t v = numerics::readInt(dtype, bytes, i);
  if (dtype == DType::UInt64 && v < 0)
    return std::nullopt;
  return v;
}

/// The dtype and bytes of a constant's dense literal, when small enough.
/// Weights are not read: they are the program's data, which a training
/// export goes on changing.
std::optional<std::pair<DType, llvm::ArrayRef<uint8_t>>> constantBytes(const ir::Operation &op) {
  if (!op.isa(ir::builtin::kConstant))
    return std::nullopt;
  const ir::Attribute *value = op.getAttr("value");
  if (!value || value->getKind() != ir::Attribute::Kind::Dense)
    return std::nullopt;
  const ir::DenseElements &d = value->getDense();
  int64_t n = d.getNumElements();
  if (n < 0 || size_t(n) > kMaxKnownInts || d.bytes.size() != size_t(n) * ir::getDTypeSize(d.dtype))
    return std::nullopt;
  return std::make_pair(d.dtype, llvm::ArrayRef<uint8_t>(d.bytes));
}

} // namespace

std::optional<llvm::SmallVector<int64_t, 4>> getConstantInts(const ir::Operation &constant) {
  if (constant.isa(ir::builtin::kConstant)) {
    // ATen integer scalars: `4 : i64` of type !torch.symint.
    const ir::Attribute *value = constant.getAttr("value");
    if (value && value->getKind() == ir::Attribute::Kind::Int)
      return llvm::SmallVector<int64_t, 4>{value->getInt()};
  }
  auto data = constantBytes(constant);
  if (!data)
    return std::nullopt;
  auto [dtype, bytes] = *data;
  llvm::SmallVector<int64_t, 4> out;
  for (int64_t i = 0, n = int64_t(bytes.size() / ir::getDTypeSize(dtype)); i != n; ++i) {
    std::optional<int64_t> v = readKnownInt(dtype, bytes.data(), i);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

std::optional<llvm::SmallVector<double, 4>> getConstantFloats(const ir::Operation &constant) {
  auto data = constantBytes(constant);
  if (!data)
    return std::nullopt;
  auto [dtype, bytes] = *data;
  if (!ir::isFloatingPoint(dtype) || !numerics::hasNumericElements(dtype))
    return std::nullopt;
  llvm::SmallVector<double, 4> out;
  for (int64_t i = 0, n = int64_t(bytes.size() / ir::getDTypeSize(dtype)); i != n; ++i)
    out.push_back(numerics::readDouble(dtype, bytes.data(), i));
  return out;
}

bool isTrackedIntType(const ir::Type &t) {
  if (t.getKind() == ir::Type::Kind::SymInt)
    return true;
  if (!t.isTensor() || !t.isRanked() || t.getRank() > 1)
    return false;
  DType d = t.getDType();
  if (d != DType::Int64 && d != DType::Int32 && d != DType::Int16 && d != DType::Int8 &&
      d != DType::UInt8 && d != DType::UInt16 && d != DType::UInt32)
    return false;
  if (t.getRank() == 0)
    return true;
  const ir::Dim &n = t.getShape()[0];
  return n.isStatic() && size_t(n.getSize()) <= kMaxKnownInts;
}

namespace {

/// Number of elements of a tracked type.
size_t trackedLength(const ir::Type &t) {
  if (!t.isTensor() || t.getRank() == 0)
    return 1;
  return size_t(t.getShape()[0].getSize());
}

/// The range of values an integer dtype holds; nullopt for 64-bit types
/// (everything a SymExpr folds to fits).
std::optional<ir::SymRange> dtypeRange(DType d) {
  switch (d) {
  case DType::Int8:
    return ir::SymRange{-128, 127};
  case DType::Int16:
    return ir::SymRange{-32768, 32767};
  case DType::Int32:
    return ir::SymRange{std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()};
  case DType::UInt8:
    return ir::SymRange{0, 255};
  case DType::UInt16:
    return ir::SymRange{0, 65535};
  case DType::UInt32:
    return ir::SymRange{0, std::numeric_limits<uint32_t>::max()};
  default:
    return std::nullopt;
  }
}

bool fits(SymExpr e, std::optional<ir::SymRange> range) {
  if (!range)
    return true;
  ir::SymRange r = e.getRange();
  return r.lo >= range->lo && r.hi <= range->hi;
}

bool isNonNegative(SymExpr e) { return e.getRange().lo >= 0; }

/// ONNX integer arithmetic on two known elements.
SymExpr arith(llvm::StringRef op, SymExpr a, SymExpr b) {
  if (!a || !b)
    return SymExpr();
  if (op == "Add")
    return a + b;
  if (op == "Sub")
    return a - b;
  if (op == "Mul")
    return a * b;
  if (op == "Max")
    return ir::max(a, b);
  if (op == "Min")
    return ir::min(a, b);
  if (op == "Div") {
    // ONNX truncates; that is floor division when both are non-negative.
    std::optional<int64_t> ca = a.getConstant(), cb = b.getConstant();
    if (ca && cb && *cb != 0 && !(*ca == std::numeric_limits<int64_t>::min() && *cb == -1))
      return a.getContext().getConstant(*ca / *cb);
    if (isNonNegative(a) && b.getRange().lo >= 1)
      return ir::floorDiv(a, b);
    return SymExpr();
  }
  if (op == "Mod") {
    // fmod=0: the sign of the divisor, as Python's %.
    ir::SymRange rb = b.getRange();
    if (rb.lo >= 1 || rb.hi <= -1)
      return ir::mod(a, b);
    return SymExpr();
  }
  return SymExpr();
}

} // namespace

const KnownInts *KnownIntsAnalysis::lookup(const ir::Value *v) { return lookup(v, 0); }

const KnownInts *KnownIntsAnalysis::lookup(const ir::Value *v, unsigned depth) {
  auto it = cache.find(v);
  if (it != cache.end())
    return it->second.get();
  if (depth > kMaxDepth)
    return nullptr;
  std::optional<KnownInts> known = compute(v, depth);
  // compute() may have grown the map: look the slot up afresh.
  std::unique_ptr<KnownInts> &slot = cache[v];
  slot = known ? std::make_unique<KnownInts>(std::move(*known)) : nullptr;
  return slot.get();
}

std::optional<llvm::SmallVector<int64_t, 4>>
KnownIntsAnalysis::lookupConstants(const ir::Value *v) {
  const KnownInts *known = lookup(v);
  if (!known)
    return std::nullopt;
  llvm::SmallVector<int64_t, 4> out;
  for (SymExpr e : *known) {
    std::optional<int64_t> c = e ? e.getConstant() : std::nullopt;
    if (!c)
      return std::nullopt;
    out.push_back(*c);
  }
  return out;
}

void KnownIntsAnalysis::forget(const ir::Operation &op) {
  for (const ir::OpResult &r : op.getResults())
    cache.erase(&r);
}

std::optional<KnownInts> KnownIntsAnalysis::compute(const ir::Value *v, unsigned depth) {
  const ir::Type &type = v->getType();
  if (type.getKind() == ir::Type::Kind::SymInt)
    return KnownInts{type.getSymValue()};
  if (!isTrackedIntType(type))
    return std::nullopt;
  ir::SymContext &ctx = getSymContext();
  size_t length = trackedLength(type);
  KnownInts unknown(length, SymExpr());
  ir::Operation *op = v->getDefiningOp();
  if (!op)
    return unknown;
  auto known = [&](unsigned i) -> const KnownInts * {
    return i < op->getNumOperands() ? lookup(op->getOperand(i), depth + 1) : nullptr;
  };
  auto constants = [&](unsigned i) -> std::optional<llvm::SmallVector<int64_t, 4>> {
    const KnownInts *k = known(i);
    if (!k)
      return std::nullopt;
    llvm::SmallVector<int64_t, 4> out;
    for (SymExpr e : *k) {
      std::optional<int64_t> c = e ? e.getConstant() : std::nullopt;
      if (!c)
        return std::nullopt;
      out.push_back(*c);
    }
    return out;
  };
  auto intAttr = [&](llvm::StringRef name, int64_t fallback) {
    const ir::Attribute *a = op->getAttr(name);
    return a && a->getKind() == ir::Attribute::Kind::Int ? a->getInt() : fallback;
  };
  auto sized = [&](KnownInts k) -> std::optional<KnownInts> {
    // A definition that disagrees with the type's length is not trusted.
    if (k.size() != length)
      return unknown;
    return k;
  };

  if (op->isa(ir::builtin::kConstant)) {
    std::optional<llvm::SmallVector<int64_t, 4>> values = getConstantInts(*op);
    if (!values)
      return unknown;
    KnownInts out;
    for (int64_t c : *values)
      out.push_back(ctx.getConstant(c));
    return sized(std::move(out));
  }
  if (op->getDialect() != "onnx" || op->getNumOperands() == 0)
    return unknown;
  llvm::StringRef name = op->getName().getStringRef().drop_front(5);

  if (name == "Shape") {
    const ir::Type &x = op->getOperand(0)->getType();
    if (!x.isRanked())
      return unknown;
    int64_t rank = int64_t(x.getRank());
    int64_t start = intAttr("start", 0), end = intAttr("end", rank);
    start = std::clamp(start < 0 ? start + rank : start, int64_t(0), rank);
    end = std::clamp(end < 0 ? end + rank : end, int64_t(0), rank);
    KnownInts out;
    for (int64_t i = start; i < end; ++i) {
      const ir::Dim &d = x.getShape()[i];
      out.push_back(d.isStatic() ? ctx.getConstant(d.getSize()) : d.getExpr());
    }
    return sized(std::move(out));
  }
  if (name == "Size") {
    const ir::Type &x = op->getOperand(0)->getType();
    if (!x.isRanked())
      return unknown;
    SymExpr n = ctx.getConstant(1);
    for (const ir::Dim &d : x.getShape()) {
      if (d.isUnknown())
        return unknown;
      n = n * (d.isStatic() ? ctx.getConstant(d.getSize()) : d.getExpr());
    }
    return sized({n});
  }
  if (name == "Identity" || name == "Reshape" || name == "Squeeze" || name == "Unsqueeze" ||
      name == "Flatten") {
    const KnownInts *x = known(0);
    return x ? sized(*x) : unknown;
  }
  if (name == "Cast") {
    const KnownInts *x = known(0);
    if (!x)
      return unknown;
    std::optional<ir::SymRange> range = dtypeRange(type.getDType());
    KnownInts out;
    for (SymExpr e : *x)
      out.push_back(e && fits(e, range) ? e : SymExpr());
    return sized(std::move(out));
  }
  if (name == "Concat") {
    KnownInts out;
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i) {
      const KnownInts *part = known(i);
      if (!part)
        return unknown;
      out.append(part->begin(), part->end());
    }
    return sized(std::move(out));
  }
  if (name == "Gather") {
    const KnownInts *data = known(0);
    std::optional<llvm::SmallVector<int64_t, 4>> indices = constants(1);
    if (!data || !indices || intAttr("axis", 0) != 0)
      return unknown;
    int64_t n = int64_t(data->size());
    KnownInts out;
    for (int64_t i : *indices) {
      if (i < -n || i >= n)
        return unknown;
      out.push_back((*data)[i < 0 ? i + n : i]);
    }
    return sized(std::move(out));
  }
  if (name == "Slice") {
    const KnownInts *data = known(0);
    auto starts = constants(1), ends = constants(2);
    if (!data || !starts || !ends || starts->size() != 1 || ends->size() != 1)
      return unknown;
    if (op->getNumOperands() > 3 && !op->getOperand(3)->getType().isNone()) {
      auto axes = constants(3);
      if (!axes || axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1))
        return unknown;
    }
    int64_t step = 1;
    if (op->getNumOperands() > 4 && !op->getOperand(4)->getType().isNone()) {
      auto steps = constants(4);
      if (!steps || steps->size() != 1 || (*steps)[0] == 0)
        return unknown;
      step = (*steps)[0];
    }
    int64_t n = int64_t(data->size());
    int64_t s = (*starts)[0], e = (*ends)[0];
    if (s < 0)
      s += n;
    if (e < 0)
      e += n;
    KnownInts out;
    if (step > 0) {
      s = std::clamp<int64_t>(s, 0, n);
      e = std::clamp<int64_t>(e, 0, n);
      for (int64_t i = s; i < e; i += step)
        out.push_back((*data)[i]);
    } else {
      s = std::clamp<int64_t>(s, 0, n - 1);
      e = std::clamp<int64_t>(e, -1, n - 1);
      for (int64_t i = s; i > e; i += step)
        out.push_back((*data)[i]);
    }
    return sized(std::move(out));
  }
  if (name == "Neg" || name == "Abs") {
    const KnownInts *x = known(0);
    if (!x)
      return unknown;
    KnownInts out;
    for (SymExpr e : *x) {
      if (!e)
        out.push_back(SymExpr());
      else if (name == "Neg")
        out.push_back(-e);
      else if (isNonNegative(e))
        out.push_back(e);
      else if (e.getRange().hi <= 0)
        out.push_back(-e);
      else
        out.push_back(SymExpr());
    }
    return sized(std::move(out));
  }
  if (name == "Add" || name == "Sub" || name == "Mul" || name == "Div" || name == "Mod" ||
      name == "Max" || name == "Min") {
    if (op->getNumOperands() != 2 || (name == "Mod" && intAttr("fmod", 0) != 0))
      return unknown;
    const KnownInts *a = known(0), *b = known(1);
    if (!a || !b)
      return unknown;
    // Broadcasting of rank <= 1 operands: one of them has one element.
    size_t n = std::max(a->size(), b->size());
    if ((a->size() != n && a->size() != 1) || (b->size() != n && b->size() != 1))
      return unknown;
    KnownInts out;
    for (size_t i = 0; i < n; ++i)
      out.push_back(arith(name, (*a)[a->size() == 1 ? 0 : i], (*b)[b->size() == 1 ? 0 : i]));
    return sized(std::move(out));
  }
  if (name == "Range") {
    auto start = constants(0), limit = constants(1), delta = constants(2);
    if (!start || !limit || !delta || (*delta)[0] == 0)
      return unknown;
    KnownInts out;
    for (int64_t x = (*start)[0]; (*delta)[0] > 0 ? x < (*limit)[0] : x > (*limit)[0];
         x += (*delta)[0]) {
      if (out.size() == kMaxKnownInts)
        return unknown;
      out.push_back(ctx.getConstant(x));
    }
    return sized(std::move(out));
  }
  if (name == "ConstantOfShape") {
    const ir::Attribute *value = op->getAttr("value");
    std::optional<int64_t> fill = 0;
    if (value) {
      if (value->getKind() != ir::Attribute::Kind::Dense || value->getDense().getNumElements() != 1)
        return unknown;
      const ir::DenseElements &d = value->getDense();
      if (d.bytes.size() != ir::getDTypeSize(d.dtype))
        return unknown;
      fill = readKnownInt(d.dtype, d.bytes.data(), 0);
    }
    if (!fill)
      return unknown;
    return sized(KnownInts(length, ctx.getConstant(*fill)));
  }
  return unknown;
}

} // namespace pt2onnx::passes
