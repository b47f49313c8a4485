//===- Tensor.h - Constant tensors the evaluator computes with -------------===//
//
// A Tensor is a constant value: element type, static shape and little-endian
// element bytes, either owned or viewing a module weight (kept alive by the
// weight's owner, never copied). Copies share the bytes; only a tensor just
// created is written to.
//
// Elements are read and written as double or int64 through
// ir/numerics/DenseAccess.h, which converts the way torch and onnxruntime
// convert in C++. Bool, the integer types up to uint32 and
// float16/bfloat16/float32/float64 are computable; the other types (uint64,
// float8, complex) can only be moved (reshaped, sliced, gathered, ...).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_EVAL_TENSOR_H
#define PT2ONNX_PASSES_EVAL_TENSOR_H

#include "ir/Attribute.h"
#include "ir/numerics/Axis.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cassert>
#include <memory>
#include <optional>
#include <vector>

namespace pt2onnx::passes::eval {

/// How the evaluator computes with an element type.
enum class NumericKind { Bool, Integer, Float, Unsupported };
NumericKind getNumericKind(ir::DType t);

using Shape = llvm::SmallVector<int64_t, 4>;

class Tensor {
public:
  Tensor() = default;
  /// A zero-filled tensor owning its bytes.
  static Tensor create(ir::DType dtype, llvm::ArrayRef<int64_t> shape);
  /// A view of `bytes`, which `owner` keeps alive.
  static Tensor view(ir::DType dtype, llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<uint8_t> bytes,
                     std::shared_ptr<const void> owner);
  static Tensor fromDense(const ir::DenseElements &dense);
  /// Rank-0 tensors.
  static Tensor scalarInt(ir::DType dtype, int64_t v);
  static Tensor scalarDouble(ir::DType dtype, double v);
  ir::DenseElements toDense() const;

  ir::DType getDType() const { return dtype; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  size_t getRank() const { return shape.size(); }
  int64_t getNumElements() const;
  llvm::ArrayRef<uint8_t> getBytes() const { return bytes; }
  /// The bytes of a created tensor, to write.
  uint8_t *getMutableData() {
    assert(data && "writing a tensor that does not own its bytes");
    return data;
  }
  /// What keeps the bytes alive.
  const std::shared_ptr<const void> &getOwner() const { return owner; }
  /// The same elements under `newShape` (same element count), sharing bytes.
  Tensor reshaped(llvm::ArrayRef<int64_t> newShape) const;

  /// Element `i` (row-major). getInt is for bool and integer types,
  /// getDouble for every computable type.
  double getDouble(int64_t i) const;
  int64_t getInt(int64_t i) const;
  /// Writes element `i`, converting as a C++ cast to the element type does.
  /// setDouble is for float and bool types, setInt for every computable type.
  void setDouble(int64_t i, double v);
  void setInt(int64_t i, int64_t v);
  /// Elements [begin, begin + out.size()) as doubles, and the writing
  /// counterpart (float and bool types): bulk forms of getDouble/setDouble.
  void getDoubles(int64_t begin, llvm::MutableArrayRef<double> out) const;
  void setDoubles(int64_t begin, llvm::ArrayRef<double> values);
  /// Copies `count` elements of `src` (same dtype) from `from` to `to`.
  void copyElements(int64_t to, const Tensor &src, int64_t from, int64_t count = 1);

private:
  ir::DType dtype = ir::DType::Float32;
  Shape shape;
  llvm::ArrayRef<uint8_t> bytes;
  std::shared_ptr<const void> owner;
  uint8_t *data = nullptr; // writable bytes, for created tensors
};

/// `src` converted to `dtype` as torch's `to(dtype)` and ONNX's Cast do;
/// nullopt when a type is not computable or a float does not fit the integer
/// type (NaN, infinity, out of range: what C++ leaves undefined).
std::optional<Tensor> castTo(const Tensor &src, ir::DType dtype);
/// As castTo, but a float that does not fit the integer type gives 0 and is
/// marked true in `undefined` (a bool tensor of src's shape, all false
/// elsewhere) instead of failing the cast.
std::optional<Tensor> castToMarkingUndefined(const Tensor &src, ir::DType dtype, Tensor &undefined);

/// `v` rounded to the floating-point type `dtype` (float64, float32,
/// float16, bfloat16) as a C++ cast to that type rounds it: what a kernel
/// computing in `dtype` keeps of each intermediate result.
double roundTo(ir::DType dtype, double v);

/// Row-major strides, in elements.
Shape getStrides(llvm::ArrayRef<int64_t> shape);
/// Product of the dims.
int64_t getNumElements(llvm::ArrayRef<int64_t> shape);
using numerics::normalizeAxis;

/// A tensor of `outShape` whose element at index (i_0, ..., i_n) is element
/// `offset + sum(i_d * strides[d])` of `src`: transposes, slices and
/// broadcasts are such views. Strides may be zero or negative.
Tensor copyStrided(const Tensor &src, llvm::ArrayRef<int64_t> outShape,
                   llvm::ArrayRef<int64_t> strides, int64_t offset);

} // namespace pt2onnx::passes::eval

#endif // PT2ONNX_PASSES_EVAL_TENSOR_H
