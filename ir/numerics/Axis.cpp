//===- Axis.cpp - Axes counted from the end ----------------------------------===//

#include "ir/numerics/Axis.h"

namespace pt2onnx::numerics {

std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

} // namespace pt2onnx::numerics
