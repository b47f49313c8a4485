//===- ShapeFunctions.h - The result types an op's semantics give ---------===//
//
// A shape function computes, from an op's operand types, attributes and the
// known elements of its shape operands (KnownInts.h), what its result types
// must be: the rank, each dim as a static size, a symbolic expression over
// the module's symbols or unknown, and the element type when the op fixes
// it. Shape functions are found by op name in one registry, filled per op
// family:
//
//   OnnxElementwise.cpp  unary, binary (broadcasting), variadic, Where, Cast
//   OnnxShape.cpp        Reshape, Transpose, Concat, Slice, Gather*, Squeeze,
//                        Unsqueeze, Expand, Shape, Size, Range, Split, Pad,
//                        Tile, Flatten, ConstantOfShape, ...
//   OnnxNN.cpp           MatMul, Gemm, Conv, ConvTranspose, pools, norms,
//                        reductions, Softmax, Resize, recurrent, attention
//   OnnxControlFlow.cpp  If, Loop, Scan (from the types their regions yield)
//   Aten.cpp             the common ATen ops (shapes; dtypes where fixed),
//                        keyed by the op table's overload keys
//
// A shape function that finds the op malformed (a perm of the wrong length,
// incompatible static dims) records the reason with `fail`; it is reported
// naming the op.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_SHAPES_SHAPEFUNCTIONS_H
#define PT2ONNX_PASSES_SHAPES_SHAPEFUNCTIONS_H

#include "ir/schema/OpKeyedMap.h"
#include "passes/shapes/KnownInts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

namespace pt2onnx::passes {

/// What inference proved about one result.
struct InferredType {
  /// A tensor type (unranked when not even the rank is known) or a torch
  /// scalar type.
  ir::Type type;
  /// False when the op does not fix the element type (it is then the
  /// recorded one).
  bool dtypeKnown = true;
};

class ShapeContext {
public:
  ShapeContext(ir::Operation &op, ir::Module &module, KnownIntsAnalysis &ints);

  ir::Operation &getOp() const { return op; }
  ir::Module &getModule() const { return module; }
  ir::SymContext &getSymContext() const { return module.getSymContext(); }

  // ---- Operands -------------------------------------------------------------
  unsigned getNumOperands() const { return op.getNumOperands(); }
  /// Operand `i`, or null when it is absent (past the end, or `none`).
  ir::Value *operand(unsigned i) const;
  bool has(unsigned i) const { return operand(i) != nullptr; }
  /// The dims of operand `i`, or nullopt when it is absent, not a tensor or
  /// unranked.
  std::optional<llvm::ArrayRef<ir::Dim>> shape(unsigned i) const;
  /// The element type of tensor operand `i` (float32 when absent).
  ir::DType dtype(unsigned i) const;
  /// What is known of the elements of operand `i`, or null.
  const KnownInts *ints(unsigned i) const;
  /// The elements of operand `i` when all are constants.
  std::optional<llvm::SmallVector<int64_t, 4>> constInts(unsigned i) const;
  /// The values of operand `i` when it is a floating-point constant.
  std::optional<llvm::SmallVector<double, 4>> constFloats(unsigned i) const;

  // ---- Attributes -----------------------------------------------------------
  int64_t getInt(llvm::StringRef name, int64_t fallback) const;
  std::optional<int64_t> getOptionalInt(llvm::StringRef name) const;
  double getFloat(llvm::StringRef name, double fallback) const;
  /// An int list attribute (a single int is a one-element list).
  std::optional<llvm::SmallVector<int64_t, 4>> getInts(llvm::StringRef name) const;
  std::optional<llvm::SmallVector<double, 4>> getFloats(llvm::StringRef name) const;
  llvm::StringRef getString(llvm::StringRef name, llvm::StringRef fallback) const;
  std::optional<ir::DType> getDType(llvm::StringRef name) const;

  // ---- Dims -----------------------------------------------------------------
  /// A dim as an expression: a constant, its symbolic expression, or null.
  ir::SymExpr expr(const ir::Dim &d) const;
  ir::SymExpr constant(int64_t v) const;
  /// An expression as a dim: static when constant, unknown when null.
  /// Records a failure when it is provably negative.
  ir::Dim dim(ir::SymExpr e);
  /// The product of `dims`, or null when one is unknown.
  ir::SymExpr product(llvm::ArrayRef<ir::Dim> dims) const;
  /// numerics::broadcastDims; records a failure for two different static
  /// sizes neither of which is 1.
  ir::Dim broadcast(const ir::Dim &a, const ir::Dim &b);
  /// numerics::broadcastShapes of two shapes, recording a failure likewise.
  llvm::SmallVector<ir::Dim, 4> broadcast(llvm::ArrayRef<ir::Dim> a, llvm::ArrayRef<ir::Dim> b);
  /// `axis` in [-rank, rank) made non-negative; records a failure otherwise.
  std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank);

  // ---- Results ----------------------------------------------------------------
  void setResult(unsigned i, ir::Type type);
  /// A tensor result of shape `dims` and element type `dtype`.
  void setTensor(unsigned i, ir::DType dtype, llvm::ArrayRef<ir::Dim> dims);
  /// A tensor result whose shape is known and whose element type the op
  /// does not fix.
  void setShape(unsigned i, llvm::ArrayRef<ir::Dim> dims);
  /// Result `i` has the type of operand `j`.
  void setSameAs(unsigned i, unsigned j);
  /// Result `i` is a tensor of element type `dtype` and unknown rank.
  void setUnranked(unsigned i, ir::DType dtype);
  llvm::ArrayRef<std::optional<InferredType>> getResults() const { return results; }

  // ---- Errors -------------------------------------------------------------------
  /// Records why the op is malformed (the first reason wins).
  void fail(const llvm::Twine &reason);
  bool failed() const { return !failure.empty(); }
  llvm::StringRef getFailure() const { return failure; }

private:
  ir::Operation &op;
  ir::Module &module;
  KnownIntsAnalysis &knownInts;
  llvm::SmallVector<std::optional<InferredType>, 2> results;
  std::string failure;
};

// ---- Helpers shared by the families -------------------------------------------

/// `num / den` for products of dims known to divide exactly (the element
/// count of a reshape's inferred dim): equal dims cancel, then equal
/// factors and constant coefficients; what is left is a floor division.
ir::SymExpr divideExact(ShapeContext &ctx, llvm::ArrayRef<ir::Dim> num,
                        llvm::ArrayRef<ir::Dim> den);

/// The dims of a reshape of a tensor of dims `in` (nullopt: unranked) to the
/// target `shape` with ONNX's conventions: 0 copies the input dim (unless
/// `allowZero`), -1 is inferred from the element count.
llvm::SmallVector<ir::Dim, 4> reshapeDims(ShapeContext &ctx,
                                          std::optional<llvm::ArrayRef<ir::Dim>> in,
                                          const KnownInts &shape, bool allowZero);

/// The length of the slice [start, end) by `step` of a dim of size `d`, with
/// ONNX's (and Python's) clamping of out-of-range bounds. `start` and `end`
/// may be symbolic; null when unknown.
ir::Dim sliceDim(ShapeContext &ctx, const ir::Dim &d, ir::SymExpr start, ir::SymExpr end,
                 int64_t step);

/// The output size of a sliding window along a dim of size `in`:
/// floor((in + padBegin + padEnd - dilation*(kernel-1) - 1) / stride) + 1, or
/// ceil of it in ceil mode, where a window that would start in the end
/// padding is dropped.
ir::Dim windowDim(ShapeContext &ctx, const ir::Dim &in, int64_t kernel, int64_t stride,
                  int64_t dilation, int64_t padBegin, int64_t padEnd, bool ceilMode);

/// Fills in what it can of `ctx`'s results.
using ShapeFunction = void (*)(ShapeContext &ctx);

/// The shape functions of ONNX ops, by op name (`onnx.Reshape`), and of the
/// op table's operators (ATen overloads, symbolic `operator.*` functions),
/// by table key: checkAtenKeys() lists the keys the table does not have.
class ShapeFunctionRegistry {
public:
  /// Registers the function of the ONNX op `opName` (`onnx.` and the op type).
  void addOnnx(llvm::StringRef opName, ShapeFunction fn);
  schema::OpKeyedMap<ShapeFunction> &getAten() { return aten; }
  ShapeFunction lookup(ir::OperationName name) const;
  /// What OpKeyedMap::checkKeys says of the ATen functions' keys.
  llvm::ArrayRef<std::string> checkAtenKeys() const { return aten.checkKeys(); }

private:
  llvm::DenseMap<ir::OperationName, ShapeFunction> onnx;
  schema::OpKeyedMap<ShapeFunction> aten;
};

/// The registry of every family below, built once.
const ShapeFunctionRegistry &getShapeFunctions();

void registerOnnxElementwiseShapes(ShapeFunctionRegistry &r);
void registerOnnxShapeShapes(ShapeFunctionRegistry &r);
void registerOnnxNNShapes(ShapeFunctionRegistry &r);
void registerOnnxControlFlowShapes(ShapeFunctionRegistry &r);
void registerAtenShapes(schema::OpKeyedMap<ShapeFunction> &r);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_SHAPES_SHAPEFUNCTIONS_H
