//===- NeutralOperand.cpp - Binary ops with a neutral constant operand -----===//
//
//   x * 1, 1 * x, x / 1                            -> x
//   x + 0, 0 + x, x - 0 for integers               -> x
//   x + (-0.0), (-0.0) + x, x - (+0.0) for floats  -> x
//     (x + 0.0 is not x for x = -0.0, nor x - (-0.0))
//   x & true, true & x, x | false, false | x       -> x
//
// The constant must broadcast into x (its shape does not grow the result)
// and have x's element type; it is an `ir.constant` whose elements are all
// the neutral value, or a ConstantOfShape of it.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "ir/numerics/DenseAccess.h"

namespace pt2onnx::passes {

using ir::DType;

namespace {

enum class Neutral { One, Zero, NegativeZero, True, False };

/// The bytes of `n` as one element of `dtype`; nullopt when the dtype has
/// no such value. Zero bits are zero in every dtype; the other values are
/// written as numbers, which float8 and complex elements are not.
std::optional<std::vector<uint8_t>> neutralBytes(Neutral n, DType dtype) {
  std::vector<uint8_t> bytes(ir::getDTypeSize(dtype), 0);
  if (n == Neutral::Zero)
    return bytes;
  bool isBool = dtype == DType::Bool;
  bool exists = n == Neutral::NegativeZero ? ir::isFloatingPoint(dtype)
                : n == Neutral::One        ? !isBool
                                           : isBool;
  if (!exists || !numerics::hasNumericElements(dtype))
    return std::nullopt;
  double value = n == Neutral::NegativeZero ? -0.0 : n == Neutral::False ? 0.0 : 1.0;
  numerics::writeDouble(dtype, bytes.data(), 0, value);
  return bytes;
}

/// Whether `c` is the constant `n` of `x`'s type and broadcasting with it
/// leaves `x`'s shape unchanged (so the result is `x`).
bool isNeutralFor(ir::Value *c, ir::Value *x, Neutral n) {
  if (!ir::broadcastsInto(c->getType(), x->getType()))
    return false;
  std::optional<std::vector<uint8_t>> splat = splatBytes(c);
  std::optional<std::vector<uint8_t>> want = neutralBytes(n, c->getType().getDType());
  return splat && want && *splat == *want;
}

class NeutralOperand : public CanonicalizePattern {
public:
  explicit NeutralOperand(CanonicalizeContext &context)
      : CanonicalizePattern("drop-neutral-operand",
                            {"onnx.Mul", "onnx.Div", "onnx.Add", "onnx.Sub", "onnx.And",
                             "onnx.Or"},
                            context, 2) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    if (root.getNumOperands() != 2)
      return rw.notifyMatchFailure(root, "not binary");
    DType t = root.getResult(0)->getType().getDType();
    // The neutral element, and whether it may stand on the left.
    auto [n, commutes] = [&]() -> std::pair<Neutral, bool> {
      if (root.isa("onnx.Mul"))
        return {Neutral::One, true};
      if (root.isa("onnx.Div"))
        return {Neutral::One, false};
      if (root.isa("onnx.Add"))
        return {ir::isFloatingPoint(t) ? Neutral::NegativeZero : Neutral::Zero, true};
      if (root.isa("onnx.Sub"))
        return {Neutral::Zero, false};
      if (root.isa("onnx.And"))
        return {Neutral::True, true};
      return {Neutral::False, true};
    }();
    ir::Value *a = root.getOperand(0), *b = root.getOperand(1);
    ir::Value *x = nullptr;
    if (isNeutralFor(b, a, n))
      x = a;
    else if (commutes && isNeutralFor(a, b, n))
      x = b;
    if (!x)
      return rw.notifyMatchFailure(root, "no operand is a neutral constant that leaves the "
                                         "other's shape unchanged");
    if (x->getType().getDType() != t)
      return rw.notifyMatchFailure(root, "the result's element type is not the operand's");
    rw.replaceOp(&root, {x});
    return true;
  }
};

} // namespace

void addNeutralOperandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<NeutralOperand>(context);
}

} // namespace pt2onnx::passes
