//===- Axis.h - Axes counted from the end ------------------------------------===//
//
// torch and ONNX both let an axis of a rank-r tensor be negative, counting
// from the end: -1 is r - 1, -r is 0. Every layer that reads an axis
// attribute or input turns it into its position here, so that an axis out
// of [-r, r) is refused the same way everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_NUMERICS_AXIS_H
#define PT2ONNX_IR_NUMERICS_AXIS_H

#include <cstdint>
#include <optional>

namespace pt2onnx::numerics {

/// The position in [0, rank) of `axis`, which may count from the end;
/// nullopt when it lies outside [-rank, rank).
std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank);

} // namespace pt2onnx::numerics

#endif // PT2ONNX_IR_NUMERICS_AXIS_H
