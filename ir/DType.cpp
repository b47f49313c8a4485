//===- DType.cpp - Tensor element types ------------------------------------===//

#include "ir/DType.h"

namespace pt2onnx::ir {

namespace {
struct DTypeInfo {
  DType type;
  unsigned size;
  const char *torchName;
  const char *irName;
};

// Indexed by DType.
constexpr DTypeInfo kInfos[kNumDTypes] = {
    {DType::Bool, 1, "bool", "i1"},
    {DType::UInt8, 1, "uint8", "ui8"},
    {DType::Int8, 1, "int8", "i8"},
    {DType::Int16, 2, "int16", "i16"},
    {DType::Int32, 4, "int32", "i32"},
    {DType::Int64, 8, "int64", "i64"},
    {DType::UInt16, 2, "uint16", "ui16"},
    {DType::UInt32, 4, "uint32", "ui32"},
    {DType::UInt64, 8, "uint64", "ui64"},
    {DType::Float16, 2, "float16", "f16"},
    {DType::BFloat16, 2, "bfloat16", "bf16"},
    {DType::Float32, 4, "float32", "f32"},
    {DType::Float64, 8, "float64", "f64"},
    {DType::Float8E4M3FN, 1, "float8_e4m3fn", "f8E4M3FN"},
    {DType::Float8E4M3FNUZ, 1, "float8_e4m3fnuz", "!torch.f8E4M3FNUZ"},
    {DType::Float8E5M2, 1, "float8_e5m2", "f8E5M2"},
    {DType::Float8E5M2FNUZ, 1, "float8_e5m2fnuz", "!torch.f8E5M2FNUZ"},
    {DType::Complex64, 8, "complex64", "complex<f32>"},
    {DType::Complex128, 16, "complex128", "complex<f64>"},
};

const DTypeInfo &info(DType t) { return kInfos[static_cast<unsigned>(t)]; }
} // namespace

unsigned getDTypeSize(DType t) { return info(t).size; }
llvm::StringRef getTorchName(DType t) { return info(t).torchName; }
llvm::StringRef getIRName(DType t) { return info(t).irName; }

std::optional<DType> parseTorchName(llvm::StringRef name) {
  for (const DTypeInfo &i : kInfos)
    if (name == i.torchName)
      return i.type;
  return std::nullopt;
}

std::optional<DType> parseIRName(llvm::StringRef name) {
  for (const DTypeInfo &i : kInfos)
    if (name == i.irName)
      return i.type;
  return std::nullopt;
}

bool isFloatingPoint(DType t) {
  switch (t) {
  case DType::Float16:
  case DType::BFloat16:
  case DType::Float32:
  case DType::Float64:
  case DType::Float8E4M3FN:
  case DType::Float8E4M3FNUZ:
  case DType::Float8E5M2:
  case DType::Float8E5M2FNUZ:
    return true;
  default:
    return false;
  }
}

bool isComplex(DType t) { return t == DType::Complex64 || t == DType::Complex128; }

bool isIntegral(DType t) { return !isFloatingPoint(t) && !isComplex(t); }

bool isSignedIntegral(DType t) {
  return t == DType::Int8 || t == DType::Int16 || t == DType::Int32 || t == DType::Int64;
}

} // namespace pt2onnx::ir
