//===- DType.h - Tensor element types --------------------------------------===//
//
// Every element type a torch tensor can have. The IR spells them the way
// MLIR's builtin types do (`f32`, `i64`, `i1`, `ui8`, `complex<f32>`); the
// float8 variants MLIR 16 lacks are spelled as `!torch.<name>` types.
// Signless integers are signed, as torch's are.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_DTYPE_H
#define PT2ONNX_IR_DTYPE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace pt2onnx::ir {

enum class DType : uint8_t {
  Bool,
  UInt8,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  BFloat16,
  Float32,
  Float64,
  Float8E4M3FN,
  Float8E4M3FNUZ,
  Float8E5M2,
  Float8E5M2FNUZ,
  Complex64,
  Complex128,
};

constexpr unsigned kNumDTypes = static_cast<unsigned>(DType::Complex128) + 1;

/// Size of one element in bytes.
unsigned getDTypeSize(DType t);
/// torch's name without the `torch.` prefix: `float32`, `int64`, `bool`.
llvm::StringRef getTorchName(DType t);
/// The textual IR spelling: `f32`, `i64`, `i1`, `!torch.f8E4M3FNUZ`.
llvm::StringRef getIRName(DType t);
std::optional<DType> parseTorchName(llvm::StringRef name);
std::optional<DType> parseIRName(llvm::StringRef name);

bool isFloatingPoint(DType t);
bool isComplex(DType t);
/// Integral includes bool.
bool isIntegral(DType t);
bool isSignedIntegral(DType t);

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_DTYPE_H
