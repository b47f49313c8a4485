//===- TypePromotion.cpp - torch's dtype promotion rules ---------------------===//

#include "lowering/TypePromotion.h"

namespace pt2onnx::lowering {

using ir::DType;

namespace {

bool isUnsignedWide(DType t) {
  return t == DType::UInt16 || t == DType::UInt32 || t == DType::UInt64;
}

DType toComplex(DType t) { return t == DType::Float64 ? DType::Complex128 : DType::Complex64; }

DType promoteSkipUndefined(std::optional<DType> a, DType b) { return a ? promoteTypes(*a, b) : b; }

std::optional<DType> combineCategories(std::optional<DType> higher, std::optional<DType> lower) {
  if (higher && ir::isComplex(*higher))
    return higher;
  if (lower && ir::isComplex(*lower))
    return higher && ir::isFloatingPoint(*higher) ? toComplex(*higher) : *lower;
  if (higher && ir::isFloatingPoint(*higher))
    return higher;
  if (higher && lower && (*higher == DType::Bool || ir::isFloatingPoint(*lower)))
    return promoteTypes(*higher, *lower);
  return higher ? higher : lower;
}

} // namespace

DType promoteTypes(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::Bool)
    return b;
  if (b == DType::Bool)
    return a;
  bool ca = ir::isComplex(a), cb = ir::isComplex(b);
  if (ca || cb) {
    if (ca && cb)
      return ir::getDTypeSize(a) >= ir::getDTypeSize(b) ? a : b;
    DType c = ca ? a : b, other = ca ? b : a;
    return other == DType::Float64 ? DType::Complex128 : c;
  }
  bool fa = ir::isFloatingPoint(a), fb = ir::isFloatingPoint(b);
  if (fa && fb) {
    if ((a == DType::Float16 && b == DType::BFloat16) ||
        (a == DType::BFloat16 && b == DType::Float16))
      return DType::Float32;
    // float8 types promote to the wider one; torch refuses mixed float8.
    return ir::getDTypeSize(a) >= ir::getDTypeSize(b) ? a : b;
  }
  if (fa)
    return a;
  if (fb)
    return b;
  // Both integral, not bool.
  bool sa = ir::isSignedIntegral(a), sb = ir::isSignedIntegral(b);
  unsigned za = ir::getDTypeSize(a), zb = ir::getDTypeSize(b);
  if (sa == sb)
    return za >= zb ? a : b;
  DType u = sa ? b : a, s = sa ? a : b;
  unsigned zu = ir::getDTypeSize(u), zs = ir::getDTypeSize(s);
  if (zs > zu)
    return s;
  if (isUnsignedWide(u) && zu >= 8)
    return DType::Int64;
  // A signed type wide enough for both.
  switch (zu) {
  case 1:
    return DType::Int16;
  case 2:
    return DType::Int32;
  default:
    return DType::Int64;
  }
}

std::optional<DType> resultType(llvm::ArrayRef<PromotionOperand> operands) {
  std::optional<DType> dim, zeroDim, wrapped;
  for (const PromotionOperand &o : operands) {
    DType current = o.dtype;
    switch (o.priority) {
    case PromotionPriority::DimTensor:
      dim = promoteSkipUndefined(dim, current);
      break;
    case PromotionPriority::ZeroDimTensor:
      zeroDim = promoteSkipUndefined(zeroDim, current);
      break;
    case PromotionPriority::WrappedNumber:
      if (ir::isFloatingPoint(current))
        current = DType::Float32;
      else if (ir::isComplex(current))
        current = DType::Complex64;
      wrapped = promoteSkipUndefined(wrapped, current);
      break;
    }
  }
  return combineCategories(dim, combineCategories(zeroDim, wrapped));
}

} // namespace pt2onnx::lowering
