//===- CheckedArithmetic.h - Size arithmetic that cannot overflow -*- C++ -*-===//
//
// Sizes, strides, offsets and element or byte counts come from untrusted
// archives. Every sum or product of them goes through llvm::checkedAdd /
// checkedSub / checkedMul (llvm/Support/CheckedArithmetic.h), which return
// no value on int64 overflow, or through the few compositions below, so that
// an overflow is an error and never a wrapped size.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_CHECKEDARITHMETIC_H
#define PT2ONNX_IR_CHECKEDARITHMETIC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cstdint>
#include <optional>

namespace pt2onnx::ir {

using llvm::checkedAdd;
using llvm::checkedMul;
using llvm::checkedSub;

/// The product of `values` (1 for none), or nothing if it overflows int64.
inline std::optional<int64_t> checkedProduct(llvm::ArrayRef<int64_t> values) {
  int64_t product = 1;
  for (int64_t v : values) {
    std::optional<int64_t> next = checkedMul(product, v);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}

/// How many elements a storage needs for a strided view of it:
/// `offset + sum((size - 1) * stride) + 1`, or 0 for a view with no elements
/// (which addresses nothing, whatever its offset, as torch counts it);
/// nothing if that overflows int64. Sizes, strides and offset must be
/// non-negative, and there must be as many strides as sizes.
inline std::optional<int64_t> checkedViewExtent(llvm::ArrayRef<int64_t> sizes,
                                                llvm::ArrayRef<int64_t> strides,
                                                int64_t offset) {
  for (int64_t size : sizes)
    if (size == 0)
      return 0;
  std::optional<int64_t> last = offset;
  for (size_t i = 0; i < sizes.size() && last; ++i) {
    std::optional<int64_t> step = checkedMul(sizes[i] - 1, strides[i]);
    last = step ? checkedAdd(*last, *step) : std::nullopt;
  }
  return last ? checkedAdd(*last, int64_t(1)) : std::nullopt;
}

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_CHECKEDARITHMETIC_H
