//===- Casts.cpp - Casts that change nothing, chains of casts --------------===//
//
//   Cast(x) to x's element type                  -> x
//   Cast(Cast(x, T1), T2) when x -> T1 is exact  -> Cast(x, T2), or x when
//                                                   T2 is x's type
//
// A conversion is exact when every value of the source type has its own
// value in the target: bool to anything, a float to a wider float with at
// least its significand (not float16 to bfloat16), an integer to an integer
// or a float that holds all its magnitude bits.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

namespace pt2onnx::passes {

using ir::DType;

namespace {

std::optional<DType> castTarget(const ir::Operation &op) {
  const ir::Attribute *to = op.getAttr("to");
  if (!to || to->getKind() != ir::Attribute::Kind::DType)
    return std::nullopt;
  return to->getDType();
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

class SameTypeCast : public CanonicalizePattern {
public:
  explicit SameTypeCast(CanonicalizeContext &context)
      : CanonicalizePattern("drop-same-type-cast", {"onnx.Cast"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Value *x = root.getOperand(0);
    std::optional<DType> to = castTarget(root);
    if (!to)
      return rw.notifyMatchFailure(root, "no `to` attribute");
    if (!x->getType().isTensor() || x->getType().getDType() != *to)
      return rw.notifyMatchFailure(root, "the input's element type is not the target");
    rw.replaceOp(&root, {x});
    return true;
  }
};

class CastChain : public CanonicalizePattern {
public:
  explicit CastChain(CanonicalizeContext &context)
      : CanonicalizePattern("fuse-casts", {"onnx.Cast"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Operation *inner = ir::definedBy(root.getOperand(0), "onnx.Cast", 1);
    if (!inner)
      return rw.notifyMatchFailure(root, "the input is not a Cast");
    ir::Value *x = inner->getOperand(0);
    std::optional<DType> mid = castTarget(*inner), to = castTarget(root);
    if (!mid || !to || !x->getType().isTensor())
      return rw.notifyMatchFailure(root, "a cast has no `to`, or x is not a tensor");
    if (!isExactConversion(x->getType().getDType(), *mid))
      return rw.notifyMatchFailure(root, "the first cast is not exact, so it is not dropped");
    if (x->getType().getDType() == *to) {
      rw.replaceOp(&root, {x});
      return true;
    }
    rw.replaceOp(&root, {rw.createValue("onnx.Cast", {x}, root.getResult(0)->getType(),
                                        {{"to", ir::Attribute::dtype(*to)}})});
    return true;
  }
};

} // namespace

void addCastPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<SameTypeCast>(context);
  patterns.add<CastChain>(context);
}

} // namespace pt2onnx::passes
