//===- Tensor.cpp - Constant tensors the evaluator computes with -----------===//

#include "passes/eval/Tensor.h"

#include "ir/numerics/DenseAccess.h"

#include <cassert>
#include <cmath>
#include <cstring>

namespace pt2onnx::passes::eval {

using ir::DType;

NumericKind getNumericKind(DType t) {
  // uint64 is only moved: its values above int64's do not survive int64
  // arithmetic.
  if (!numerics::hasNumericElements(t) || t == DType::UInt64)
    return NumericKind::Unsupported;
  if (t == DType::Bool)
    return NumericKind::Bool;
  return ir::isFloatingPoint(t) ? NumericKind::Float : NumericKind::Integer;
}

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
  // An empty tensor has no storage: memcpy's pointers may not be null.
  if (!t.bytes.empty())
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

double Tensor::getDouble(int64_t i) const { return numerics::readDouble(dtype, bytes.data(), i); }

int64_t Tensor::getInt(int64_t i) const { return numerics::readInt(dtype, bytes.data(), i); }

void Tensor::setDouble(int64_t i, double v) {
  assert(data && "writing a tensor that does not own its bytes");
  numerics::writeDouble(dtype, data, i, v);
}

void Tensor::setInt(int64_t i, int64_t v) {
  assert(data && "writing a tensor that does not own its bytes");
  numerics::writeInt(dtype, data, i, v);
}

void Tensor::getDoubles(int64_t begin, llvm::MutableArrayRef<double> out) const {
  numerics::readDoubles(dtype, bytes.data(), begin, out);
}

void Tensor::setDoubles(int64_t begin, llvm::ArrayRef<double> values) {
  assert(data && "writing a tensor that does not own its bytes");
  numerics::writeDoubles(dtype, data, begin, values);
}

void Tensor::copyElements(int64_t to, const Tensor &src, int64_t from, int64_t count) {
  assert(data && src.dtype == dtype);
  size_t size = ir::getDTypeSize(dtype);
  std::memcpy(data + to * size, src.bytes.data() + from * size, count * size);
}

static std::optional<Tensor> castImpl(const Tensor &src, DType dtype, Tensor *undefined) {
  if (undefined)
    *undefined = Tensor::create(DType::Bool, src.getShape());
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
  // in C++ and differs between runtimes, so it is not folded. The type holds
  // [lo, end): -2^(bits-1) or 0 up to 2^(bits-1) or 2^bits, exactly doubles.
  int bits = int(8 * ir::getDTypeSize(dtype));
  bool isSigned = ir::isSignedIntegral(dtype);
  double lo = isSigned ? -std::ldexp(1.0, bits - 1) : 0.0;
  double end = std::ldexp(1.0, isSigned ? bits - 1 : bits);
  for (int64_t i = 0; i != n; ++i) {
    double v = std::trunc(src.getDouble(i));
    if (!(v >= lo && v < end)) {
      if (!undefined)
        return std::nullopt;
      undefined->setInt(i, 1);
      continue;
    }
    out.setInt(i, int64_t(v));
  }
  return out;
}

std::optional<Tensor> castTo(const Tensor &src, DType dtype) {
  return castImpl(src, dtype, nullptr);
}

std::optional<Tensor> castToMarkingUndefined(const Tensor &src, DType dtype, Tensor &undefined) {
  return castImpl(src, dtype, &undefined);
}

double roundTo(DType dtype, double v) {
  switch (dtype) {
  case DType::Float32:
    return double(float(v));
  case DType::Float16:
    return numerics::halfToFloat(numerics::floatToHalf(float(v)));
  case DType::BFloat16:
    return numerics::bfloat16ToFloat(numerics::floatToBFloat16(float(v)));
  default:
    return v;
  }
}

//===----------------------------------------------------------------------===//
// Strided copies
//===----------------------------------------------------------------------===//

namespace {
/// The strided gather of copyStrided for elements of `Size` bytes (a
/// constant, so that each copy is one move): the innermost dim in a tight
/// loop, the outer dims by an odometer.
template <int64_t Size>
void gatherElements(const uint8_t *src, uint8_t *dst, llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<int64_t> strides, int64_t offset, int64_t n) {
  size_t rank = shape.size();
  int64_t inner = rank ? shape[rank - 1] : 1, innerStride = rank ? strides[rank - 1] : 0;
  size_t outer = rank ? rank - 1 : 0;
  Shape counter(outer, 0);
  int64_t at = offset;
  for (int64_t o = 0; o < n; o += inner) {
    for (int64_t i = 0; i != inner; ++i)
      std::memcpy(dst + (o + i) * Size, src + (at + i * innerStride) * Size, Size);
    for (size_t d = outer; d-- > 0;) {
      at += strides[d];
      if (++counter[d] < shape[d])
        break;
      at -= strides[d] * shape[d];
      counter[d] = 0;
    }
  }
}
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
    gatherElements<1>(from, to, outShape, strides, offset, n);
    break;
  case 2:
    gatherElements<2>(from, to, outShape, strides, offset, n);
    break;
  case 4:
    gatherElements<4>(from, to, outShape, strides, offset, n);
    break;
  case 8:
    gatherElements<8>(from, to, outShape, strides, offset, n);
    break;
  default:
    gatherElements<16>(from, to, outShape, strides, offset, n);
    break;
  }
  return out;
}

} // namespace pt2onnx::passes::eval
