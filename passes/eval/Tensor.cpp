//===- Tensor.cpp - Constant tensors the evaluator computes with -----------===//

#include "passes/eval/Tensor.h"

#include <cassert>
#include <cmath>
#include <cstring>

namespace pt2onnx::passes::eval {

using ir::DType;

NumericKind getNumericKind(DType t) {
  switch (t) {
  case DType::Bool:
    return NumericKind::Bool;
  case DType::UInt8:
  case DType::Int8:
  case DType::Int16:
  case DType::Int32:
  case DType::Int64:
  case DType::UInt16:
  case DType::UInt32:
    return NumericKind::Integer;
  case DType::Float16:
  case DType::BFloat16:
  case DType::Float32:
  case DType::Float64:
    return NumericKind::Float;
  default:
    return NumericKind::Unsupported;
  }
}

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
// Tensor
//===----------------------------------------------------------------------===//

int64_t getNumElements(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

Shape getStrides(llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    strides[i - 1] = strides[i] * shape[i];
  return strides;
}

std::optional<int64_t> normalizeAxis(int64_t d, int64_t rank) {
  if (d < -rank || d >= rank)
    return std::nullopt;
  return d < 0 ? d + rank : d;
}

Tensor Tensor::create(DType dtype, llvm::ArrayRef<int64_t> shape) {
  auto storage = std::make_shared<std::vector<uint8_t>>(size_t(eval::getNumElements(shape)) *
                                                        ir::getDTypeSize(dtype));
  Tensor t;
  t.dtype = dtype;
  t.shape.assign(shape.begin(), shape.end());
  t.data = storage->data();
  t.bytes = *storage;
  t.owner = std::move(storage);
  return t;
}

Tensor Tensor::view(DType dtype, llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<uint8_t> bytes,
                    std::shared_ptr<const void> owner) {
  Tensor t;
  t.dtype = dtype;
  t.shape.assign(shape.begin(), shape.end());
  t.bytes = bytes;
  t.owner = std::move(owner);
  return t;
}

Tensor Tensor::fromDense(const ir::DenseElements &dense) {
  Tensor t = create(dense.dtype, dense.shape);
  std::memcpy(t.data, dense.bytes.data(), t.bytes.size());
  return t;
}

Tensor Tensor::scalarInt(DType dtype, int64_t v) {
  Tensor t = create(dtype, {});
  t.setInt(0, v);
  return t;
}

Tensor Tensor::scalarDouble(DType dtype, double v) {
  Tensor t = create(dtype, {});
  t.setDouble(0, v);
  return t;
}

ir::DenseElements Tensor::toDense() const {
  ir::DenseElements d;
  d.dtype = dtype;
  d.shape = shape;
  d.bytes.assign(bytes.begin(), bytes.end());
  return d;
}

int64_t Tensor::getNumElements() const { return eval::getNumElements(shape); }

Tensor Tensor::reshaped(llvm::ArrayRef<int64_t> newShape) const {
  Tensor t = *this;
  t.shape.assign(newShape.begin(), newShape.end());
  return t;
}

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

double Tensor::getDouble(int64_t i) const {
  const uint8_t *p = bytes.data();
  switch (dtype) {
  case DType::Float16:
    return halfToFloat(load<uint16_t>(p, i));
  case DType::BFloat16:
    return bfloat16ToFloat(load<uint16_t>(p, i));
  case DType::Float32:
    return load<float>(p, i);
  case DType::Float64:
    return load<double>(p, i);
  default:
    return double(getInt(i));
  }
}

int64_t Tensor::getInt(int64_t i) const {
  const uint8_t *p = bytes.data();
  switch (dtype) {
  case DType::Bool:
    return load<uint8_t>(p, i) != 0;
  case DType::UInt8:
    return load<uint8_t>(p, i);
  case DType::Int8:
    return load<int8_t>(p, i);
  case DType::Int16:
    return load<int16_t>(p, i);
  case DType::Int32:
    return load<int32_t>(p, i);
  case DType::Int64:
  case DType::UInt64:
    return load<int64_t>(p, i);
  case DType::UInt16:
    return load<uint16_t>(p, i);
  case DType::UInt32:
    return load<uint32_t>(p, i);
  default:
    assert(false && "getInt on a non-integer tensor");
    return 0;
  }
}

void Tensor::setDouble(int64_t i, double v) {
  assert(data && "writing a tensor that does not own its bytes");
  switch (dtype) {
  case DType::Bool:
    return store<uint8_t>(data, i, v != 0 || std::isnan(v));
  case DType::Float16:
    return store<uint16_t>(data, i, floatToHalf(float(v)));
  case DType::BFloat16:
    return store<uint16_t>(data, i, floatToBFloat16(float(v)));
  case DType::Float32:
    return store<float>(data, i, float(v));
  case DType::Float64:
    return store<double>(data, i, v);
  default:
    assert(false && "setDouble on an integer tensor");
  }
}

void Tensor::setInt(int64_t i, int64_t v) {
  assert(data && "writing a tensor that does not own its bytes");
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
    assert(false && "setInt on a tensor of a type the evaluator does not compute with");
  }
}

void Tensor::getDoubles(int64_t begin, llvm::MutableArrayRef<double> out) const {
  int64_t n = int64_t(out.size());
  const uint8_t *p = bytes.data();
  switch (dtype) {
  case DType::Float32:
    for (int64_t i = 0; i != n; ++i)
      out[i] = load<float>(p, begin + i);
    return;
  case DType::Float64:
    for (int64_t i = 0; i != n; ++i)
      out[i] = load<double>(p, begin + i);
    return;
  default:
    for (int64_t i = 0; i != n; ++i)
      out[i] = getDouble(begin + i);
  }
}

void Tensor::setDoubles(int64_t begin, llvm::ArrayRef<double> values) {
  assert(data && "writing a tensor that does not own its bytes");
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
      setDouble(begin + i, values[i]);
  }
}

void Tensor::copyElements(int64_t to, const Tensor &src, int64_t from, int64_t count) {
  assert(data && src.dtype == dtype);
  size_t size = ir::getDTypeSize(dtype);
  std::memcpy(data + to * size, src.bytes.data() + from * size, count * size);
}

std::optional<Tensor> castTo(const Tensor &src, DType dtype) {
  if (src.getDType() == dtype)
    return src;
  NumericKind from = getNumericKind(src.getDType()), to = getNumericKind(dtype);
  if (from == NumericKind::Unsupported || to == NumericKind::Unsupported)
    return std::nullopt;
  Tensor out = Tensor::create(dtype, src.getShape());
  int64_t n = src.getNumElements();
  if (from != NumericKind::Float) {
    for (int64_t i = 0; i != n; ++i)
      out.setInt(i, src.getInt(i));
    return out;
  }
  if (to != NumericKind::Integer) {
    for (int64_t i = 0; i != n; ++i)
      out.setDouble(i, src.getDouble(i));
    return out;
  }
  // Float to integer truncates toward zero; what does not fit is undefined
  // in C++ and differs between runtimes, so it is not folded.
  double lo, hi;
  switch (dtype) {
  case DType::UInt8:
    lo = 0, hi = 255;
    break;
  case DType::Int8:
    lo = -128, hi = 127;
    break;
  case DType::Int16:
    lo = -32768, hi = 32767;
    break;
  case DType::UInt16:
    lo = 0, hi = 65535;
    break;
  case DType::Int32:
    lo = -2147483648.0, hi = 2147483647.0;
    break;
  case DType::UInt32:
    lo = 0, hi = 4294967295.0;
    break;
  default:
    lo = -9223372036854775808.0, hi = 9223372036854774784.0;
    break;
  }
  for (int64_t i = 0; i != n; ++i) {
    double v = std::trunc(src.getDouble(i));
    if (!(v >= lo && v <= hi))
      return std::nullopt;
    out.setInt(i, int64_t(v));
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Broadcasting and strided copies
//===----------------------------------------------------------------------===//

std::optional<Shape> broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (llvm::ArrayRef<int64_t> s : shapes)
    rank = std::max(rank, s.size());
  Shape out(rank, 1);
  for (llvm::ArrayRef<int64_t> s : shapes) {
    for (size_t i = 0; i != s.size(); ++i) {
      int64_t &o = out[rank - s.size() + i];
      int64_t d = s[i];
      if (d == o || d == 1)
        continue;
      if (o != 1)
        return std::nullopt;
      o = d;
    }
  }
  return out;
}

std::vector<int64_t> broadcastIndices(llvm::ArrayRef<int64_t> in, llvm::ArrayRef<int64_t> out) {
  Shape inStrides = getStrides(in);
  Shape strides(out.size(), 0);
  for (size_t i = 0; i != in.size(); ++i)
    if (in[i] != 1)
      strides[out.size() - in.size() + i] = inStrides[i];
  std::vector<int64_t> indices(size_t(getNumElements(out)));
  Shape counter(out.size(), 0);
  int64_t offset = 0;
  for (int64_t &index : indices) {
    index = offset;
    for (size_t d = out.size(); d-- > 0;) {
      offset += strides[d];
      if (++counter[d] < out[d])
        break;
      offset -= strides[d] * out[d];
      counter[d] = 0;
    }
  }
  return indices;
}

namespace {
/// The strided gather of copyStrided for elements of type T: the innermost
/// dim in a tight loop, the outer dims by an odometer.
template <typename T>
void gatherElements(const uint8_t *src, uint8_t *dst, llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<int64_t> strides, int64_t offset, int64_t n) {
  size_t rank = shape.size();
  int64_t inner = rank ? shape[rank - 1] : 1, innerStride = rank ? strides[rank - 1] : 0;
  size_t outer = rank ? rank - 1 : 0;
  Shape counter(outer, 0);
  int64_t at = offset;
  for (int64_t o = 0; o < n; o += inner) {
    for (int64_t i = 0; i != inner; ++i)
      store<T>(dst, o + i, load<T>(src, at + i * innerStride));
    for (size_t d = outer; d-- > 0;) {
      at += strides[d];
      if (++counter[d] < shape[d])
        break;
      at -= strides[d] * shape[d];
      counter[d] = 0;
    }
  }
}

struct Bytes16 {
  uint64_t lo, hi;
};
} // namespace

Tensor copyStrided(const Tensor &src, llvm::ArrayRef<int64_t> outShape,
                   llvm::ArrayRef<int64_t> strides, int64_t offset) {
  Tensor out = Tensor::create(src.getDType(), outShape);
  int64_t n = out.getNumElements();
  if (n == 0)
    return out;
  const uint8_t *from = src.getBytes().data();
  uint8_t *to = out.getMutableData();
  switch (ir::getDTypeSize(src.getDType())) {
  case 1:
    gatherElements<uint8_t>(from, to, outShape, strides, offset, n);
    break;
  case 2:
    gatherElements<uint16_t>(from, to, outShape, strides, offset, n);
    break;
  case 4:
    gatherElements<uint32_t>(from, to, outShape, strides, offset, n);
    break;
  case 8:
    gatherElements<uint64_t>(from, to, outShape, strides, offset, n);
    break;
  default:
    gatherElements<Bytes16>(from, to, outShape, strides, offset, n);
    break;
  }
  return out;
}

} // namespace pt2onnx::passes::eval
