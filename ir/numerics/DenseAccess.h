//===- DenseAccess.h - Typed elements of dense buffers ------------------------===//
//
// Reading and writing element i of a little-endian dense buffer (a dense
// literal's bytes, a weight, an evaluated tensor) of any dtype with numeric
// elements: bool, uint8, int8..int64, uint16..uint64, float16, bfloat16,
// float32, float64. Float8 and complex elements are only moved as bytes by
// the passes, never read as numbers.
//
// Conversions are the ones torch makes in C++ (static_cast, c10::Half,
// c10::BFloat16): an integer written to an integer type wraps to its width;
// a double or an int64 written to float16 or bfloat16 is rounded to float32
// first and then to 16 bits (each to nearest, ties to even), so a double
// just above a float16 tie may round down as torch's does; a NaN becomes the
// quiet NaN of the type; a float written to bool is true when it is not zero
// (NaN included). Reading is exact.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_NUMERICS_DENSEACCESS_H
#define PT2ONNX_IR_NUMERICS_DENSEACCESS_H

#include "ir/Attribute.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace pt2onnx::numerics {

/// Bit-exact float <-> float16 / bfloat16 conversions (to nearest, ties to
/// even; NaN to the type's quiet NaN, keeping the sign for float16).
uint16_t floatToHalf(float f);
float halfToFloat(uint16_t h);
uint16_t floatToBFloat16(float f);
float bfloat16ToFloat(uint16_t h);

/// Whether elements of `t` are numbers this file reads and writes.
bool hasNumericElements(ir::DType t);

/// Element `i` of `data`, which holds elements of `dtype` (numeric). A bool
/// reads as 0 or 1; readInt is for bool and integer types and reads a uint64
/// as the int64 of the same bits.
double readDouble(ir::DType dtype, const uint8_t *data, int64_t i);
int64_t readInt(ir::DType dtype, const uint8_t *data, int64_t i);

/// Writes element `i` of `data`, converting as described above. A double
/// written to an integer type is truncated toward zero and wrapped; it must
/// lie within int64 (uint64 for uint64), as C++ requires.
void writeDouble(ir::DType dtype, uint8_t *data, int64_t i, double v);
void writeInt(ir::DType dtype, uint8_t *data, int64_t i, int64_t v);

/// Elements [begin, begin + out.size()) as readDouble reads them, and the
/// writing counterpart of writeDouble: the bulk forms, for whole weights.
void readDoubles(ir::DType dtype, const uint8_t *data, int64_t begin,
                 llvm::MutableArrayRef<double> out);
void writeDoubles(ir::DType dtype, uint8_t *data, int64_t begin, llvm::ArrayRef<double> values);

/// A dense literal of `shape` holding `values` converted to `dtype`
/// (numeric); `values` has one element per element of `shape`.
ir::DenseElements makeDense(ir::DType dtype, llvm::ArrayRef<int64_t> shape,
                            llvm::ArrayRef<double> values);
ir::DenseElements makeDenseInt(ir::DType dtype, llvm::ArrayRef<int64_t> shape,
                               llvm::ArrayRef<int64_t> values);

} // namespace pt2onnx::numerics

#endif // PT2ONNX_IR_NUMERICS_DENSEACCESS_H
