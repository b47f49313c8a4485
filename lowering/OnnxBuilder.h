//===- OnnxBuilder.h - Emitting ONNX-dialect ops with their result types --===//
//
// What every lowering rule builds with: an ir::Builder positioned before the
// ATen op being lowered, plus the target opset, plus helpers that create the
// ONNX ops rules need most and fill in their result types (dtype and shape,
// symbolic where the inputs' shapes are). The backend writes value_info from
// these types, so a helper never leaves a type it could know unknown.
//
// Conventions of the ONNX-dialect IR (see docs/lowering.md):
//   * ops are named `onnx.<OpType>`, attributes carry ONNX names and kinds
//     (`to` of Cast is a DType attribute);
//   * an omitted optional input is the `none` value of `ir.constant unit`;
//   * constants are `ir.constant` ops with a dense literal;
//   * a torch SymInt is a rank-0 int64 tensor, a SymFloat a rank-0 float64
//     tensor, a SymBool a rank-0 bool tensor.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_ONNXBUILDER_H
#define PT2ONNX_LOWERING_ONNXBUILDER_H

#include "ir/Builder.h"
#include "ir/numerics/Axis.h"
#include "ir/numerics/DenseAccess.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace pt2onnx::lowering {

using ValueList = llvm::SmallVector<ir::Value *, 2>;

/// The ONNX-level type of an ATen-level type: torch scalars become rank-0
/// tensors (SymInt -> int64, SymFloat -> float64, SymBool -> bool), a complex
/// tensor its real pairs (`complex<f32>` [d...] -> f32 [d..., 2]); other
/// types are as they are.
ir::Type loweredType(const ir::Type &t);

using numerics::normalizeAxis;

/// The broadcast type of `a` and `b` (numerics::broadcastShapes) with
/// element type `dtype`; unranked if either is or they do not broadcast.
ir::Type broadcastType(const ir::Type &a, const ir::Type &b, ir::DType dtype);

using numerics::makeDense;
using numerics::makeDenseInt;

class OnnxBuilder {
public:
  OnnxBuilder(ir::Builder &builder, int opset) : builder(builder), opset(opset) {}

  ir::Builder &getBuilder() const { return builder; }
  int getOpset() const { return opset; }
  ir::SymContext &getSymContext() const { return builder.getSymContext(); }

  // ---- Generic creation --------------------------------------------------
  /// `onnx.<opType>` with the given operands, result types and attributes.
  ir::Operation *create(llvm::StringRef opType, llvm::ArrayRef<ir::Value *> operands,
                        llvm::ArrayRef<ir::Type> resultTypes,
                        llvm::ArrayRef<ir::NamedAttribute> attrs = {}, unsigned numRegions = 0);
  /// Single-result form of create.
  ir::Value *op(llvm::StringRef opType, llvm::ArrayRef<ir::Value *> operands,
                const ir::Type &resultType, llvm::ArrayRef<ir::NamedAttribute> attrs = {});

  // ---- Constants ----------------------------------------------------------
  ir::Value *constant(ir::DenseElements value);
  /// A rank-0 constant of `dtype`.
  ir::Value *scalar(ir::DType dtype, double value);
  ir::Value *scalarInt(ir::DType dtype, int64_t value);
  /// A rank-0 int64 constant.
  ir::Value *i64(int64_t value);
  /// A 1-D int64 constant.
  ir::Value *i64s(llvm::ArrayRef<int64_t> values);
  /// The `none` value standing for an omitted optional input.
  ir::Value *none();

  // ---- Elementwise --------------------------------------------------------
  /// Same type as `x`.
  ir::Value *unary(llvm::StringRef opType, ir::Value *x,
                   llvm::ArrayRef<ir::NamedAttribute> attrs = {});
  /// Broadcast of `a` and `b` with `a`'s element type.
  ir::Value *binary(llvm::StringRef opType, ir::Value *a, ir::Value *b);
  /// Broadcast of `a` and `b`, bool.
  ir::Value *compare(llvm::StringRef opType, ir::Value *a, ir::Value *b);
  ir::Value *where(ir::Value *cond, ir::Value *a, ir::Value *b);
  /// `x` itself when it already has `dtype`.
  ir::Value *cast(ir::Value *x, ir::DType dtype);
  /// `x` rounded to the precision of `dtype` (a round trip through it), in
  /// its own dtype: repeats a rounding torch makes in a narrower dtype.
  ir::Value *roundTo(ir::Value *x, ir::DType dtype);

  // ---- Shapes -------------------------------------------------------------
  /// The shape of `x` (1-D int64), optionally of dims [start, end): a
  /// constant when the shape is static, else `onnx.Shape`.
  ir::Value *shapeOf(ir::Value *x, std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt);
  /// Size of dim `axis` (non-negative) of `x` as a rank-0 int64: a constant
  /// when static, else Shape + Gather.
  ir::Value *dimSize(ir::Value *x, int64_t axis);
  ir::Value *reshape(ir::Value *x, ir::Value *shape, const ir::Type &resultType);
  /// Reshape to a constant shape (entries may be -1 / 0 as in ONNX); the
  /// result type is inferred where the shape allows.
  ir::Value *reshape(ir::Value *x, llvm::ArrayRef<int64_t> shape);
  /// Axes must be non-negative and refer to the result (Unsqueeze) or input
  /// (Squeeze).
  ir::Value *unsqueeze(ir::Value *x, llvm::ArrayRef<int64_t> axes);
  ir::Value *squeeze(ir::Value *x, llvm::ArrayRef<int64_t> axes);
  ir::Value *transpose(ir::Value *x, llvm::ArrayRef<int64_t> perm);
  ir::Value *concat(llvm::ArrayRef<ir::Value *> values, int64_t axis);
  /// `onnx.Gather` along non-negative `axis`.
  ir::Value *gather(ir::Value *x, ir::Value *indices, int64_t axis);
  ir::Value *expand(ir::Value *x, ir::Value *shape, const ir::Type &resultType);
  ir::Value *slice(ir::Value *x, ir::Value *starts, ir::Value *ends, ir::Value *axes,
                   ir::Value *steps, const ir::Type &resultType);
  ir::Value *matmul(ir::Value *a, ir::Value *b);

  // ---- Control flow -------------------------------------------------------
  /// The values one step of a Scan body returns: its new states, then its
  /// outputs; the body gets the states, then one slice of each scan input.
  using ScanStep = llvm::function_ref<llvm::SmallVector<ir::Value *, 4>(
      llvm::ArrayRef<ir::Value *> states, llvm::ArrayRef<ir::Value *> slices)>;
  /// `onnx.Scan` over axis `axis` of each of `scanInputs` (from the last
  /// slice to the first when `reverse`, the outputs then stacked in input
  /// order), with the initial states `initial`; `outputTypes` are the
  /// stacked outputs' types. Returns the final states, then the outputs.
  llvm::SmallVector<ir::Value *, 4> scan(llvm::ArrayRef<ir::Value *> initial,
                                         llvm::ArrayRef<ir::Value *> scanInputs, int64_t axis,
                                         bool reverse, llvm::ArrayRef<ir::Type> outputTypes,
                                         ScanStep step);

  // ---- Reductions ---------------------------------------------------------
  /// `onnx.<opType>` (ReduceSum, ReduceMean, ReduceMax, ...) over the
  /// non-negative `axes`, or over all dims when `axes` is nullopt. Axes are an
  /// input from opset 18 (opset 13 for ReduceSum), an attribute before.
  ir::Value *reduce(llvm::StringRef opType, ir::Value *x,
                    std::optional<llvm::ArrayRef<int64_t>> axes, bool keepdims,
                    std::optional<ir::DType> resultDType = std::nullopt);
  /// The type `reduce` gives.
  static ir::Type reducedType(const ir::Type &x, std::optional<llvm::ArrayRef<int64_t>> axes,
                              bool keepdims, ir::DType dtype);

  /// A 1-D int64 tensor from rank-0 int64 values and constants: a constant
  /// when every element is one, else a Concat of the elements.
  struct ShapeElement {
    std::optional<int64_t> constant;
    ir::Value *value = nullptr;
  };
  ir::Value *buildShape(llvm::ArrayRef<ShapeElement> elements);

private:
  ir::Builder &builder;
  int opset;
};

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_ONNXBUILDER_H
