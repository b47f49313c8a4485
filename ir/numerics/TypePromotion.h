//===- TypePromotion.h - torch's dtype promotion rules -----------------------===//
//
// torch.promote_types and torch.result_type, and the computation and result
// dtypes of an elementwise op under each of torch's ELEMENTWISE_TYPE_
// PROMOTION_KINDs. The lowering, shape inference and the evaluator all
// promote through these functions.
//
// Operands take part at one of three priorities: tensors with dims, zero-dim
// tensors, and wrapped numbers (Python scalars and SymInts). Each priority
// promotes its own operands; a lower priority changes the result only when
// its category (bool < integral < floating < complex) is higher. So an int32
// tensor + 2.5 is float32 (a wrapped float counts as the default dtype), a
// float16 tensor + a float64 zero-dim tensor is float16, a uint8 tensor + 300
// is uint8, and an int32 tensor + a complex128 zero-dim tensor is complex128.
//
// Where torch raises (uint16/uint32/uint64 mixed with another integral or
// complex type or bool, float8 mixed with anything, a bfloat16 tensor with a
// complex scalar) the answer is nullopt, and so it is where torch's answer is
// complex32, which the IR has no dtype for (a float16 tensor with a complex
// scalar or zero-dim tensor).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_NUMERICS_TYPEPROMOTION_H
#define PT2ONNX_IR_NUMERICS_TYPEPROMOTION_H

#include "ir/DType.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace pt2onnx::numerics {

enum class PromotionPriority { DimTensor, ZeroDimTensor, WrappedNumber };

/// One operand of a promotion. A Python int is an int64 wrapped number, a
/// float a float64 one, a complex a complex128 one, a bool a bool one.
struct PromotionOperand {
  ir::DType dtype;
  PromotionPriority priority;
};

/// torch.promote_types(a, b); nullopt where torch raises.
std::optional<ir::DType> promoteTypes(ir::DType a, ir::DType b);

/// torch.result_type over `operands` (torch's binary result_type extended to
/// any number of operands, as TensorIterator computes it for an op's inputs).
/// Nullopt when `operands` is empty or torch raises.
std::optional<ir::DType> resultType(llvm::ArrayRef<PromotionOperand> operands);

/// torch._prims_common.ELEMENTWISE_TYPE_PROMOTION_KIND.
enum class PromotionKind {
  /// Result: the promoted type; computed in its opmath type (add, mul).
  Default,
  /// As Default, computed in the result type itself (where, clone).
  NoOpmath,
  /// Integral and bool results become float32 (div, sqrt, sin).
  IntToFloat,
  /// Complex results become their real type; computed in complex (abs).
  ComplexToFloat,
  /// A bool result becomes int64 (sum-like ops on bool, neg).
  BoolToLong,
  /// The result is bool; computed in the promoted type (eq, lt, logical_and).
  AlwaysBool,
};

struct ElementwiseDTypes {
  ir::DType computation;
  ir::DType result;
};

/// The opmath type torch computes `t` in: float32 for float16 and
/// bfloat16, `t` itself otherwise.
ir::DType getComputationDType(ir::DType t);

/// torch._prims_common.elementwise_dtypes: the dtype an elementwise op over
/// `operands` computes in and the dtype of its result. Nullopt where
/// resultType is.
std::optional<ElementwiseDTypes> elementwiseDTypes(llvm::ArrayRef<PromotionOperand> operands,
                                                   PromotionKind kind);

} // namespace pt2onnx::numerics

#endif // PT2ONNX_IR_NUMERICS_TYPEPROMOTION_H
