//===- TypePromotion.cpp - torch's dtype promotion rules ---------------------===//
//
// promoteTypes follows c10's promoteTypes table; resultType follows ATen's
// ResultTypeState (update_result_type_state, combine_categories).
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/TypePromotion.h"

namespace pt2onnx::numerics {

using ir::DType;

namespace {

/// The unsigned types torch gives only bare support: they promote with
/// themselves and with floating types.
bool isBarebonesUnsigned(DType t) {
  return t == DType::UInt16 || t == DType::UInt32 || t == DType::UInt64;
}

bool isFloat8(DType t) {
  return t == DType::Float8E4M3FN || t == DType::Float8E4M3FNUZ || t == DType::Float8E5M2 ||
         t == DType::Float8E5M2FNUZ;
}

/// The promotion of one priority's operands so far: empty while none has
/// been seen, nullopt once torch would have raised. Combining priorities
/// may give complex32, which the IR lacks: it is a valid intermediate (a
/// higher complex priority overrides it) but not an answer.
struct Slot {
  bool seen = false;
  bool complexHalf = false;
  std::optional<DType> dtype;

  void add(DType t) {
    if (!seen)
      dtype = t;
    else if (dtype)
      dtype = promoteTypes(*dtype, t);
    seen = true;
  }
  bool isComplex() const { return complexHalf || (dtype && ir::isComplex(*dtype)); }
};

/// `slot` with c10's toComplexType of its floating type: float16's is
/// complex32; bfloat16 and float8 have none.
Slot toComplex(Slot slot) {
  switch (*slot.dtype) {
  case DType::Float16:
    slot.complexHalf = true;
    break;
  case DType::Float32:
    slot.dtype = DType::Complex64;
    break;
  case DType::Float64:
    slot.dtype = DType::Complex128;
    break;
  default:
    slot.dtype = std::nullopt;
    break;
  }
  return slot;
}

/// ATen's combine_categories: `lower` changes the result only when its
/// category is higher than `higher`'s.
Slot combineCategories(const Slot &higher, const Slot &lower) {
  if (!higher.seen)
    return lower;
  if (!lower.seen || !higher.dtype)
    return higher;
  if (!lower.dtype)
    return lower;
  if (higher.isComplex())
    return higher;
  DType h = *higher.dtype;
  if (lower.isComplex()) {
    // An integral `higher` takes the complex type; a floating one keeps its
    // precision in the complex type of that precision.
    return ir::isFloatingPoint(h) ? toComplex(higher) : lower;
  }
  DType l = *lower.dtype;
  Slot out = higher;
  if (ir::isFloatingPoint(h))
    return out;
  if (h == DType::Bool || ir::isFloatingPoint(l))
    out.dtype = promoteTypes(h, l);
  return out;
}

} // namespace

std::optional<DType> promoteTypes(DType a, DType b) {
  if (a == b)
    return a;
  if (isFloat8(a) || isFloat8(b))
    return std::nullopt;
  if (isBarebonesUnsigned(a) || isBarebonesUnsigned(b)) {
    if (ir::isFloatingPoint(a))
      return a;
    if (ir::isFloatingPoint(b))
      return b;
    return std::nullopt;
  }
  if (a == DType::Bool)
    return b;
  if (b == DType::Bool)
    return a;
  bool complexA = ir::isComplex(a), complexB = ir::isComplex(b);
  if (complexA || complexB) {
    if (complexA && complexB)
      return ir::getDTypeSize(a) >= ir::getDTypeSize(b) ? a : b;
    DType complex = complexA ? a : b, other = complexA ? b : a;
    return other == DType::Float64 ? DType::Complex128 : complex;
  }
  bool floatA = ir::isFloatingPoint(a), floatB = ir::isFloatingPoint(b);
  if (floatA && floatB) {
    if (ir::getDTypeSize(a) == ir::getDTypeSize(b)) // float16 and bfloat16
      return DType::Float32;
    return ir::getDTypeSize(a) > ir::getDTypeSize(b) ? a : b;
  }
  if (floatA)
    return a;
  if (floatB)
    return b;
  // Two of bool-less uint8, int8..int64.
  unsigned sizeA = ir::getDTypeSize(a), sizeB = ir::getDTypeSize(b);
  if (a == DType::UInt8 || b == DType::UInt8) {
    DType other = a == DType::UInt8 ? b : a;
    return other == DType::Int8 ? DType::Int16 : other;
  }
  return sizeA >= sizeB ? a : b;
}

std::optional<DType> resultType(llvm::ArrayRef<PromotionOperand> operands) {
  Slot dim, zeroDim, wrapped;
  for (const PromotionOperand &o : operands) {
    switch (o.priority) {
    case PromotionPriority::DimTensor:
      dim.add(o.dtype);
      break;
    case PromotionPriority::ZeroDimTensor:
      zeroDim.add(o.dtype);
      break;
    case PromotionPriority::WrappedNumber:
      // A wrapped number has the default dtype of its category.
      if (ir::isComplex(o.dtype))
        wrapped.add(DType::Complex64);
      else if (ir::isFloatingPoint(o.dtype))
        wrapped.add(DType::Float32);
      else
        wrapped.add(o.dtype);
      break;
    }
  }
  Slot result = combineCategories(dim, combineCategories(zeroDim, wrapped));
  if (result.complexHalf)
    return std::nullopt;
  return result.dtype;
}

DType getComputationDType(DType t) {
  return t == DType::Float16 || t == DType::BFloat16 ? DType::Float32 : t;
}

std::optional<ElementwiseDTypes> elementwiseDTypes(llvm::ArrayRef<PromotionOperand> operands,
                                                   PromotionKind kind) {
  std::optional<DType> promoted = resultType(operands);
  if (!promoted)
    return std::nullopt;
  DType result = *promoted;
  switch (kind) {
  case PromotionKind::Default:
    return ElementwiseDTypes{getComputationDType(result), result};
  case PromotionKind::NoOpmath:
    return ElementwiseDTypes{result, result};
  case PromotionKind::IntToFloat:
    if (ir::isIntegral(result))
      result = DType::Float32;
    return ElementwiseDTypes{getComputationDType(result), result};
  case PromotionKind::ComplexToFloat:
    return ElementwiseDTypes{getComputationDType(result),
                             result == DType::Complex64    ? DType::Float32
                             : result == DType::Complex128 ? DType::Float64
                                                           : result};
  case PromotionKind::BoolToLong:
    if (result == DType::Bool)
      return ElementwiseDTypes{DType::Int64, DType::Int64};
    return ElementwiseDTypes{getComputationDType(result), result};
  case PromotionKind::AlwaysBool:
    return ElementwiseDTypes{getComputationDType(result), DType::Bool};
  }
  return std::nullopt;
}

} // namespace pt2onnx::numerics
