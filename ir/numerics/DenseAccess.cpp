//===- DenseAccess.cpp - Typed elements of dense buffers ----------------------===//

#include "ir/numerics/DenseAccess.h"

#include <cassert>
#include <cmath>
#include <cstring>

namespace pt2onnx::numerics {

using ir::DType;

//===----------------------------------------------------------------------===//
// float16 and bfloat16
//===----------------------------------------------------------------------===//

namespace {

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

/// `m >> shift`, rounded to nearest with ties to even.
uint32_t shiftRoundEven(uint32_t m, unsigned shift) {
  if (shift == 0)
    return m;
  if (shift > 31)
    return 0;
  uint32_t q = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
  return q + (rem > half || (rem == half && (q & 1)));
}

} // namespace

uint16_t floatToHalf(float f) {
  uint32_t x = bitsOf(f);
  auto sign = uint16_t((x >> 16) & 0x8000);
  uint32_t abs = x & 0x7fffffff;
  if (abs > 0x7f800000)
    return sign | 0x7e00; // NaN
  if (abs >= 0x477ff000)
    return sign | 0x7c00; // 65520 and above round to infinity
  uint32_t exponent = abs >> 23;
  if (exponent < 113) {
    // Below 2^-14: a subnormal half, in units of 2^-24.
    if (exponent < 102)
      return sign; // below 2^-25
    uint32_t mantissa = (abs & 0x7fffff) | 0x800000;
    return sign | uint16_t(shiftRoundEven(mantissa, 126 - exponent));
  }
  // Rebias the exponent (127 -> 15) and round off 13 mantissa bits; a carry
  // into the exponent is the correct next binade.
  return sign | uint16_t(shiftRoundEven(abs - (112u << 23), 13));
}

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  if (exponent == 0) {
    float v = std::ldexp(float(mantissa), -24);
    return sign ? -v : v;
  }
  if (exponent == 31)
    return floatOf(sign | 0x7f800000 | (mantissa << 13));
  return floatOf(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

uint16_t floatToBFloat16(float f) {
  uint32_t x = bitsOf(f);
  if ((x & 0x7fffffff) > 0x7f800000)
    return 0x7fc0; // NaN, as c10::BFloat16 writes it
  return uint16_t(((x & 0x80000000) >> 16) | shiftRoundEven(x & 0x7fffffff, 16));
}

float bfloat16ToFloat(uint16_t h) { return floatOf(uint32_t(h) << 16); }

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//

namespace {

template <typename T> T load(const uint8_t *p, int64_t i) {
  T v;
  std::memcpy(&v, p + i * int64_t(sizeof(T)), sizeof(T));
  return v;
}

template <typename T> void store(uint8_t *p, int64_t i, T v) {
  std::memcpy(p + i * int64_t(sizeof(T)), &v, sizeof(T));
}

} // namespace

bool hasNumericElements(DType t) {
  switch (t) {
  case DType::Bool:
  case DType::UInt8:
  case DType::Int8:
  case DType::Int16:
  case DType::Int32:
  case DType::Int64:
  case DType::UInt16:
  case DType::UInt32:
  case DType::UInt64:
  case DType::Float16:
  case DType::BFloat16:
  case DType::Float32:
  case DType::Float64:
    return true;
  default:
    return false;
  }
}

double readDouble(DType dtype, const uint8_t *data, int64_t i) {
  switch (dtype) {
  case DType::Float16:
    return halfToFloat(load<uint16_t>(data, i));
  case DType::BFloat16:
    return bfloat16ToFloat(load<uint16_t>(data, i));
  case DType::Float32:
    return load<float>(data, i);
  case DType::Float64:
    return load<double>(data, i);
  case DType::UInt64:
    return double(load<uint64_t>(data, i));
  default:
    return double(readInt(dtype, data, i));
  }
}

int64_t readInt(DType dtype, const uint8_t *data, int64_t i) {
  switch (dtype) {
  case DType::Bool:
    return load<uint8_t>(data, i) != 0;
  case DType::UInt8:
    return load<uint8_t>(data, i);
  case DType::Int8:
    return load<int8_t>(data, i);
  case DType::Int16:
    return load<int16_t>(data, i);
  case DType::Int32:
    return load<int32_t>(data, i);
  case DType::Int64:
  case DType::UInt64:
    return load<int64_t>(data, i);
  case DType::UInt16:
    return load<uint16_t>(data, i);
  case DType::UInt32:
    return load<uint32_t>(data, i);
  default:
    assert(false && "readInt of a non-integer element");
    return 0;
  }
}

void writeDouble(DType dtype, uint8_t *data, int64_t i, double v) {
  switch (dtype) {
  case DType::Bool:
    return store<uint8_t>(data, i, v != 0 || std::isnan(v));
  case DType::UInt64:
    return store<uint64_t>(data, i, uint64_t(v));
  case DType::Float16:
    return store<uint16_t>(data, i, floatToHalf(float(v)));
  case DType::BFloat16:
    return store<uint16_t>(data, i, floatToBFloat16(float(v)));
  case DType::Float32:
    return store<float>(data, i, float(v));
  case DType::Float64:
    return store<double>(data, i, v);
  default:
    return writeInt(dtype, data, i, int64_t(v));
  }
}

void writeInt(DType dtype, uint8_t *data, int64_t i, int64_t v) {
  switch (dtype) {
  case DType::Bool:
    return store<uint8_t>(data, i, v != 0);
  case DType::UInt8:
    return store<uint8_t>(data, i, uint8_t(v));
  case DType::Int8:
    return store<int8_t>(data, i, int8_t(v));
  case DType::Int16:
    return store<int16_t>(data, i, int16_t(v));
  case DType::Int32:
    return store<int32_t>(data, i, int32_t(v));
  case DType::Int64:
  case DType::UInt64:
    return store<int64_t>(data, i, v);
  case DType::UInt16:
    return store<uint16_t>(data, i, uint16_t(v));
  case DType::UInt32:
    return store<uint32_t>(data, i, uint32_t(v));
  // An integer becomes a float directly (one rounding), then a half from
  // that float, as c10::Half(float) does.
  case DType::Float16:
    return store<uint16_t>(data, i, floatToHalf(float(v)));
  case DType::BFloat16:
    return store<uint16_t>(data, i, floatToBFloat16(float(v)));
  case DType::Float32:
    return store<float>(data, i, float(v));
  case DType::Float64:
    return store<double>(data, i, double(v));
  default:
    assert(false && "writeInt of a non-numeric element");
  }
}

// float32 and float64, the types of nearly every weight, are read and
// written without a switch per element.
void readDoubles(DType dtype, const uint8_t *data, int64_t begin,
                 llvm::MutableArrayRef<double> out) {
  int64_t n = int64_t(out.size());
  switch (dtype) {
  case DType::Float32:
    for (int64_t i = 0; i != n; ++i)
      out[i] = load<float>(data, begin + i);
    return;
  case DType::Float64:
    for (int64_t i = 0; i != n; ++i)
      out[i] = load<double>(data, begin + i);
    return;
  default:
    for (int64_t i = 0; i != n; ++i)
      out[i] = readDouble(dtype, data, begin + i);
  }
}

void writeDoubles(DType dtype, uint8_t *data, int64_t begin, llvm::ArrayRef<double> values) {
  int64_t n = int64_t(values.size());
  switch (dtype) {
  case DType::Float32:
    for (int64_t i = 0; i != n; ++i)
      store<float>(data, begin + i, float(values[i]));
    return;
  case DType::Float64:
    for (int64_t i = 0; i != n; ++i)
      store<double>(data, begin + i, values[i]);
    return;
  default:
    for (int64_t i = 0; i != n; ++i)
      writeDouble(dtype, data, begin + i, values[i]);
  }
}

//===----------------------------------------------------------------------===//
// Dense literals
//===----------------------------------------------------------------------===//

namespace {

template <typename T>
ir::DenseElements makeDenseOf(DType dtype, llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<T> values,
                              void (*write)(DType, uint8_t *, int64_t, T)) {
  assert(hasNumericElements(dtype) && "dense literal of a non-numeric dtype");
  ir::DenseElements d{dtype, llvm::SmallVector<int64_t, 4>(shape.begin(), shape.end()), {}};
  d.bytes.resize(values.size() * ir::getDTypeSize(dtype));
  for (size_t i = 0; i != values.size(); ++i)
    write(dtype, d.bytes.data(), int64_t(i), values[i]);
  return d;
}

} // namespace

ir::DenseElements makeDense(DType dtype, llvm::ArrayRef<int64_t> shape,
                            llvm::ArrayRef<double> values) {
  return makeDenseOf(dtype, shape, values, writeDouble);
}

ir::DenseElements makeDenseInt(DType dtype, llvm::ArrayRef<int64_t> shape,
                               llvm::ArrayRef<int64_t> values) {
  return makeDenseOf(dtype, shape, values, writeInt);
}

} // namespace pt2onnx::numerics
