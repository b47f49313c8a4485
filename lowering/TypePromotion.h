//===- TypePromotion.h - torch's dtype promotion rules -----------------------===//
//
// torch.promote_types and torch.result_type, for the rules whose ONNX
// computation type is not the ATen result type (comparisons compute in the
// promoted type and return bool). Operands take part at one of three
// priorities: tensors with dims, zero-dim tensors, and wrapped numbers
// (Python scalars and SymInts); a lower priority changes the result only when
// its category (bool < integer < floating < complex) is higher, e.g.
// int32 tensor + 2.5 is float32, float16 tensor + float64 zero-dim tensor is
// float16, uint8 tensor + 300 is uint8.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_TYPEPROMOTION_H
#define PT2ONNX_LOWERING_TYPEPROMOTION_H

#include "ir/DType.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace pt2onnx::lowering {

enum class PromotionPriority { DimTensor, ZeroDimTensor, WrappedNumber };

struct PromotionOperand {
  ir::DType dtype;
  PromotionPriority priority;
};

/// torch.promote_types(a, b).
ir::DType promoteTypes(ir::DType a, ir::DType b);

/// torch.result_type over the operands. A wrapped float counts as the
/// default dtype float32, a wrapped complex as complex64. Nullopt when
/// `operands` is empty.
std::optional<ir::DType> resultType(llvm::ArrayRef<PromotionOperand> operands);

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_TYPEPROMOTION_H
