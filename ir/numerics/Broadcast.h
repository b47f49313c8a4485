//===- Broadcast.h - numpy broadcasting of shapes ----------------------------===//
//
// torch and ONNX broadcast the same way (numpy's rule): shapes align at
// their last dim, a missing leading dim counts as 1, and a dim of 1
// stretches to the other's size; two sizes that differ and are not 1 do not
// broadcast. Static shapes (the evaluator's) and the IR's dims, which may be
// symbolic or unknown (the lowering's and shape inference's), broadcast
// through these functions.
//
// A symbolic dim broadcast with another dim is the result when it cannot be
// 1 at run time (its range starts at 2 or above: the other is then 1 or
// equal to it); two symbolic dims that are each at least 1 broadcast to their
// max; anything else broadcast with an unknown or possibly-1 symbolic dim is
// unknown.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_NUMERICS_BROADCAST_H
#define PT2ONNX_IR_NUMERICS_BROADCAST_H

#include "ir/Type.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace pt2onnx::numerics {

/// The broadcast of static `shapes` (torch.broadcast_shapes); an error
/// naming the first two dims that do not broadcast.
llvm::Expected<llvm::SmallVector<int64_t, 4>>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

/// For each element of a tensor of shape `out` (row-major), the linear
/// index of the element of a tensor of shape `in`, which broadcasts to
/// `out`, that it is a copy of.
std::vector<int64_t> broadcastIndices(llvm::ArrayRef<int64_t> in, llvm::ArrayRef<int64_t> out);

/// The broadcast of two dims; an error for two different static sizes
/// neither of which is 1.
llvm::Expected<ir::Dim> broadcastDims(const ir::Dim &a, const ir::Dim &b);

/// The broadcast of two shapes of dims; an error at the first pair of dims
/// that does not broadcast.
llvm::Expected<llvm::SmallVector<ir::Dim, 4>> broadcastShapes(llvm::ArrayRef<ir::Dim> a,
                                                              llvm::ArrayRef<ir::Dim> b);

} // namespace pt2onnx::numerics

#endif // PT2ONNX_IR_NUMERICS_BROADCAST_H
