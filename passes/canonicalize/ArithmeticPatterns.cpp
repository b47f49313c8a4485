//===- ArithmeticPatterns.cpp - Ops that compute their operand -------------===//
//
//   Identity(x)                                  -> x
//   Cast(x) to x's element type                  -> x
//   Cast(Cast(x, T1), T2) when x -> T1 is exact  -> Cast(x, T2)
//   x * 1, 1 * x, x / 1                          -> x
//   x + 0, 0 + x, x - 0 for integers             -> x
//   x + (-0.0), (-0.0) + x, x - (+0.0) for floats -> x
//     (x + 0.0 is not x for x = -0.0, nor x - (-0.0))
//   x & true, true & x, x | false, false | x     -> x
//   op(x, ConstantOfShape(s, v)) whose result has the shape the other
//   operands give                                -> op(x, v) (a scalar)
//   Cast(b: bool) * c, c a splat constant        -> Where(b, c, 0 * c)
//     (0 * c is the zero of c's sign; not for an infinite or NaN c, where
//     it is NaN)
//
// The constant must broadcast into x (its shape does not grow the result)
// and have x's element type; it is an `ir.constant` whose elements are all
// the neutral value, or a ConstantOfShape of it.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

#include <cstring>

namespace pt2onnx::passes {

using ir::DType;
using ir::Operation;
using ir::Value;

namespace {

bool dropIdentity(Operation &root, Rewriter &rw) {
  rw.replaceOp(&root, {root.getOperand(0)});
  return true;
}

std::optional<DType> castTarget(const Operation &op) {
  const ir::Attribute *to = op.getAttr("to");
  if (!to || to->getKind() != ir::Attribute::Kind::DType)
    return std::nullopt;
  return to->getDType();
}

bool dropSameTypeCast(Operation &root, Rewriter &rw) {
  Value *x = root.getOperand(0);
  std::optional<DType> to = castTarget(root);
  if (!to || !x->getType().isTensor() || x->getType().getDType() != *to)
    return false;
  rw.replaceOp(&root, {x});
  return true;
}

/// Bits of precision of a floating-point type (its significand).
unsigned significandBits(DType t) {
  switch (t) {
  case DType::Float16:
    return 11;
  case DType::BFloat16:
    return 8;
  case DType::Float32:
    return 24;
  case DType::Float64:
    return 53;
  default:
    return 0;
  }
}

/// Whether every value of `from` converts to `to` exactly.
bool isExactConversion(DType from, DType to) {
  if (from == to || from == DType::Bool)
    return true;
  bool fromFloat = ir::isFloatingPoint(from), toFloat = ir::isFloatingPoint(to);
  unsigned fromSize = ir::getDTypeSize(from) * 8;
  if (fromFloat)
    return toFloat && significandBits(from) > 0 && significandBits(to) >= significandBits(from) &&
           ir::getDTypeSize(to) > ir::getDTypeSize(from) &&
           !(from == DType::Float16 && to == DType::BFloat16);
  if (!ir::isIntegral(from) || to == DType::Bool)
    return false;
  bool fromSigned = ir::isSignedIntegral(from);
  // Magnitude bits of the source.
  unsigned bits = fromSigned ? fromSize - 1 : fromSize;
  if (toFloat)
    return significandBits(to) >= bits;
  if (!ir::isIntegral(to))
    return false;
  unsigned toSize = ir::getDTypeSize(to) * 8;
  if (ir::isSignedIntegral(to))
    return toSize - 1 >= bits;
  return !fromSigned && toSize >= bits;
}

bool fuseCasts(Operation &root, Rewriter &rw) {
  Operation *inner = definedBy(root.getOperand(0), "onnx.Cast");
  if (!inner)
    return false;
  Value *x = inner->getOperand(0);
  std::optional<DType> mid = castTarget(*inner), to = castTarget(root);
  if (!mid || !to || !x->getType().isTensor() || !isExactConversion(x->getType().getDType(), *mid))
    return false;
  if (x->getType().getDType() == *to) {
    rw.replaceOp(&root, {x});
    return true;
  }
  rw.replaceOp(&root, {rw.createValue("onnx.Cast", {x}, root.getResult(0)->getType(),
                                      {{"to", ir::Attribute::dtype(*to)}})});
  return true;
}

/// The bytes of every element of `v` when they are all the same: a dense
/// `ir.constant` or a ConstantOfShape. Weights do not count: a training
/// export changes them.
std::optional<std::vector<uint8_t>> splatBytes(Value *v) {
  Operation *def = v->getDefiningOp();
  if (!def || (!def->isa(ir::builtin::kConstant) && !def->isa("onnx.ConstantOfShape")))
    return std::nullopt;
  const ir::Attribute *value = def->getAttr("value");
  if (!value || value->getKind() != ir::Attribute::Kind::Dense)
    return std::nullopt;
  const ir::DenseElements &dense = value->getDense();
  llvm::ArrayRef<uint8_t> bytes = dense.bytes;
  unsigned size = ir::getDTypeSize(dense.dtype);
  if (bytes.empty() || bytes.size() % size)
    return std::nullopt;
  for (size_t i = size; i < bytes.size(); i += size)
    if (std::memcmp(bytes.data(), bytes.data() + i, size) != 0)
      return std::nullopt;
  return std::vector<uint8_t>(bytes.begin(), bytes.begin() + size);
}

enum class Neutral { One, Zero, NegativeZero, True, False };

/// The bytes of `n` in `dtype`, little-endian; nullopt when the dtype has no
/// such value.
std::optional<std::vector<uint8_t>> neutralBytes(Neutral n, DType dtype) {
  unsigned size = ir::getDTypeSize(dtype);
  std::vector<uint8_t> bytes(size, 0);
  auto setBits = [&](uint64_t bits) {
    for (unsigned b = 0; b < size; ++b)
      bytes[b] = uint8_t(bits >> (8 * b));
  };
  bool isFloat = ir::isFloatingPoint(dtype);
  switch (n) {
  case Neutral::Zero:
    return bytes;
  case Neutral::NegativeZero:
    if (!isFloat)
      return std::nullopt;
    setBits(uint64_t(1) << (8 * size - 1));
    return bytes;
  case Neutral::True:
  case Neutral::False:
    if (dtype != DType::Bool)
      return std::nullopt;
    bytes[0] = n == Neutral::True;
    return bytes;
  case Neutral::One:
    switch (dtype) {
    case DType::Float16:
      setBits(0x3C00);
      return bytes;
    case DType::BFloat16:
      setBits(0x3F80);
      return bytes;
    case DType::Float32:
      setBits(0x3F800000);
      return bytes;
    case DType::Float64:
      setBits(0x3FF0000000000000);
      return bytes;
    default:
      if (!ir::isIntegral(dtype) || dtype == DType::Bool)
        return std::nullopt;
      setBits(1);
      return bytes;
    }
  }
  return std::nullopt;
}

/// Whether `c` is the constant `n` of `x`'s type and broadcasting with it
/// leaves `x`'s shape unchanged (so the result is `x`).
bool isNeutralFor(Value *c, Value *x, Neutral n) {
  const ir::Type &ct = c->getType(), &xt = x->getType();
  if (!ct.isTensor() || !xt.isTensor() || !ct.isRanked() || !xt.isRanked() ||
      ct.getDType() != xt.getDType() || ct.getRank() > xt.getRank())
    return false;
  size_t lead = xt.getRank() - ct.getRank();
  for (auto [i, d] : llvm::enumerate(ct.getShape()))
    if (!(d.isStatic() && d.getSize() == 1) && !sameDim(d, xt.getShape()[lead + i]))
      return false;
  std::optional<std::vector<uint8_t>> splat = splatBytes(c);
  std::optional<std::vector<uint8_t>> want = neutralBytes(n, ct.getDType());
  return splat && want && *splat == *want;
}

/// `root` is `x op c` (and `c op x` when `commutes`) with `c` neutral.
bool dropNeutral(Operation &root, Rewriter &rw, Neutral n, bool commutes) {
  if (root.getNumOperands() != 2)
    return false;
  Value *a = root.getOperand(0), *b = root.getOperand(1);
  Value *x = nullptr;
  if (isNeutralFor(b, a, n))
    x = a;
  else if (commutes && isNeutralFor(a, b, n))
    x = b;
  if (!x || x->getType().getDType() != root.getResult(0)->getType().getDType())
    return false;
  rw.replaceOp(&root, {x});
  return true;
}

bool dropMulOne(Operation &root, Rewriter &rw) { return dropNeutral(root, rw, Neutral::One, true); }
bool dropDivOne(Operation &root, Rewriter &rw) {
  return dropNeutral(root, rw, Neutral::One, false);
}
bool dropAddZero(Operation &root, Rewriter &rw) {
  DType t = root.getResult(0)->getType().getDType();
  return dropNeutral(root, rw, ir::isFloatingPoint(t) ? Neutral::NegativeZero : Neutral::Zero,
                     true);
}
bool dropSubZero(Operation &root, Rewriter &rw) {
  return dropNeutral(root, rw, Neutral::Zero, false);
}
bool dropAndTrue(Operation &root, Rewriter &rw) {
  return dropNeutral(root, rw, Neutral::True, true);
}
bool dropOrFalse(Operation &root, Rewriter &rw) {
  return dropNeutral(root, rw, Neutral::False, true);
}

/// An operand that is a ConstantOfShape broadcast to the result's shape by
/// the other operands anyway is the scalar it repeats.
bool scalarizeFilledOperand(Operation &root, Rewriter &rw) {
  const ir::Type &result = root.getResult(0)->getType();
  if (!isFullyKnown(result))
    return false;
  for (unsigned i = 0, e = root.getNumOperands(); i != e; ++i) {
    Operation *fill = definedBy(root.getOperand(i), "onnx.ConstantOfShape");
    if (!fill)
      continue;
    const ir::Attribute *value = fill->getAttr("value");
    if (!value || value->getKind() != ir::Attribute::Kind::Dense ||
        value->getDense().getNumElements() != 1 || root.getOperand(i)->getType().getRank() == 0)
      continue;
    // The others' broadcast must already be the result's shape.
    llvm::SmallVector<ir::Dim, 4> dims;
    bool known = true;
    for (unsigned j = 0; j != e && known; ++j) {
      if (j == i)
        continue;
      const ir::Type &t = root.getOperand(j)->getType();
      if (!isFullyKnown(t) || t.getRank() > result.getRank()) {
        known = false;
        break;
      }
      size_t lead = result.getRank() - t.getRank();
      if (dims.empty())
        dims.assign(result.getRank(), ir::Dim(1));
      for (auto [k, d] : llvm::enumerate(t.getShape()))
        if (!(d.isStatic() && d.getSize() == 1))
          dims[lead + k] = d;
    }
    if (!known || dims.empty())
      continue;
    if (!llvm::all_of(llvm::zip(dims, result.getShape()),
                      [](auto pair) { return sameDim(std::get<0>(pair), std::get<1>(pair)); }))
      continue;
    ir::DenseElements scalar = value->getDense();
    scalar.shape.clear();
    Value *c = rw.create(ir::builtin::kConstant, {}, {scalar.getType()},
                         {{"value", ir::Attribute::dense(scalar)}})
                   ->getResult(0);
    llvm::SmallVector<Value *, 4> operands = root.getOperands();
    operands[i] = c;
    llvm::SmallVector<ir::Type, 1> types{result};
    rw.replaceOp(
        &root,
        {rw.create(root.getName().getStringRef(), operands, types, root.getAttrs())->getResult(0)});
    return true;
  }
  return false;
}

/// The bytes of `0 * c` for one element `c` of `dtype`: zero, with c's sign
/// for floats; nullopt when c is infinite or NaN (the product is NaN).
std::optional<std::vector<uint8_t>> zeroTimes(llvm::ArrayRef<uint8_t> c, DType dtype) {
  std::vector<uint8_t> zero(c.size(), 0);
  if (!ir::isFloatingPoint(dtype))
    return ir::isIntegral(dtype) && dtype != DType::Bool ? std::optional(zero) : std::nullopt;
  uint64_t bits = 0;
  for (size_t i = 0; i < c.size(); ++i)
    bits |= uint64_t(c[i]) << (8 * i);
  uint64_t exponent;
  switch (dtype) {
  case DType::Float16:
    exponent = 0x7C00;
    break;
  case DType::BFloat16:
    exponent = 0x7F80;
    break;
  case DType::Float32:
    exponent = 0x7F800000;
    break;
  case DType::Float64:
    exponent = 0x7FF0000000000000;
    break;
  default:
    return std::nullopt;
  }
  if ((bits & exponent) == exponent)
    return std::nullopt;
  zero.back() = c.back() & 0x80;
  return zero;
}

/// `Cast(b) * c` with a bool `b` and a splat constant `c` selects c or zero:
/// one Where instead of a Cast and a Mul.
bool selectByMask(Operation &root, Rewriter &rw) {
  for (unsigned i = 0; i < 2; ++i) {
    Value *castValue = root.getOperand(i), *c = root.getOperand(1 - i);
    Operation *cast = definedBy(castValue, "onnx.Cast");
    if (!cast || !castValue->hasOneUse())
      continue;
    Value *mask = cast->getOperand(0);
    const ir::Type &ct = c->getType(), &result = root.getResult(0)->getType();
    if (!mask->getType().isTensor() || mask->getType().getDType() != DType::Bool ||
        !ct.isTensor() || ct.getDType() != result.getDType())
      continue;
    std::optional<std::vector<uint8_t>> splat = splatBytes(c);
    if (!splat || !c->getDefiningOp()->isa(ir::builtin::kConstant))
      continue;
    std::optional<std::vector<uint8_t>> zero = zeroTimes(*splat, ct.getDType());
    if (!zero)
      continue;
    const ir::DenseElements &dense = c->getDefiningOp()->getAttr("value")->getDense();
    ir::DenseElements zeros = dense;
    for (size_t k = 0; k < zeros.bytes.size(); k += zero->size())
      std::copy(zero->begin(), zero->end(), zeros.bytes.begin() + k);
    Value *z = rw.createValue(ir::builtin::kConstant, {}, zeros.getType(),
                              {{"value", ir::Attribute::dense(zeros)}});
    rw.replaceOp(&root, {rw.createValue("onnx.Where", {mask, c, z}, result)});
    return true;
  }
  return false;
}

} // namespace

void addArithmeticPatterns(PatternSet &patterns) {
  patterns.add("onnx.Identity", dropIdentity);
  patterns.add("onnx.Cast", dropSameTypeCast);
  patterns.add("onnx.Cast", fuseCasts);
  patterns.add("onnx.Mul", dropMulOne, 2);
  patterns.add("onnx.Mul", selectByMask, 2);
  patterns.add("onnx.Div", dropDivOne, 2);
  patterns.add("onnx.Add", dropAddZero, 2);
  patterns.add("onnx.Sub", dropSubZero, 2);
  patterns.add("onnx.And", dropAndTrue, 2);
  patterns.add("onnx.Or", dropOrFalse, 2);
  for (llvm::StringRef op : {"Add",      "Sub",         "Mul",       "Div",
                             "Pow",      "Mod",         "Max",       "Min",
                             "And",      "Or",          "Xor",       "Equal",
                             "Less",     "LessOrEqual", "Greater",   "GreaterOrEqual",
                             "BitShift", "BitwiseAnd",  "BitwiseOr", "BitwiseXor",
                             "Where"})
    patterns.add(("onnx." + op).str(), scalarizeFilledOperand);
}

} // namespace pt2onnx::passes
