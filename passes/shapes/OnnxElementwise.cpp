//===- OnnxElementwise.cpp - Shapes of ONNX elementwise ops ----------------===//
//
// Unary ops keep their input's type; binary and variadic ops broadcast
// their inputs numpy-style (PRelu broadcasts its slope to the input);
// comparisons and logic give bool; Where broadcasts all three; Cast and
// CastLike change the element type only.
//
//===----------------------------------------------------------------------===//

#include "passes/shapes/ShapeFunctions.h"

namespace pt2onnx::passes {

using ir::Dim;
using ir::DType;

namespace {

/// Same type as input 0, for every result that has one (Dropout's mask is
/// bool).
void inferUnary(ShapeContext &ctx) { ctx.setSameAs(0, 0); }

void inferPredicate(ShapeContext &ctx) {
  if (auto x = ctx.shape(0))
    ctx.setTensor(0, DType::Bool, *x);
  else
    ctx.setUnranked(0, DType::Bool);
}

/// The broadcast of every operand's shape, or nullopt when one is unranked.
std::optional<llvm::SmallVector<Dim, 4>> broadcastAll(ShapeContext &ctx) {
  llvm::SmallVector<Dim, 4> dims;
  for (unsigned i = 0, e = ctx.getNumOperands(); i != e; ++i) {
    std::optional<llvm::ArrayRef<Dim>> s = ctx.shape(i);
    if (!s)
      return std::nullopt;
    dims = ctx.broadcast(dims, *s);
  }
  return dims;
}

void inferBroadcast(ShapeContext &ctx, DType dtype) {
  if (auto dims = broadcastAll(ctx))
    ctx.setTensor(0, dtype, *dims);
  else
    ctx.setUnranked(0, dtype);
}

void inferArithmetic(ShapeContext &ctx) { inferBroadcast(ctx, ctx.dtype(0)); }
void inferComparison(ShapeContext &ctx) { inferBroadcast(ctx, DType::Bool); }

void inferPRelu(ShapeContext &ctx) {
  // The slope broadcasts to X (unidirectionally): the result is X's.
  if (auto x = ctx.shape(0), slope = ctx.shape(1); x && slope)
    ctx.broadcast(*x, *slope);
  ctx.setSameAs(0, 0);
}

void inferWhere(ShapeContext &ctx) { inferBroadcast(ctx, ctx.dtype(1)); }

void inferCast(ShapeContext &ctx) {
  std::optional<DType> to = ctx.getDType("to");
  if (!to)
    return ctx.fail("has no element type 'to'");
  if (auto x = ctx.shape(0))
    ctx.setTensor(0, *to, *x);
  else
    ctx.setUnranked(0, *to);
}

void inferCastLike(ShapeContext &ctx) {
  DType to = ctx.dtype(1);
  if (auto x = ctx.shape(0))
    ctx.setTensor(0, to, *x);
  else
    ctx.setUnranked(0, to);
}

void inferDropout(ShapeContext &ctx) {
  ctx.setSameAs(0, 0);
  if (auto x = ctx.shape(0))
    ctx.setTensor(1, DType::Bool, *x);
}

} // namespace

void registerOnnxElementwiseShapes(ShapeFunctionRegistry &r) {
  // clang-format off
  for (llvm::StringRef op : {"Abs", "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "BitwiseNot",
                             "Ceil", "Celu", "Clip", "Cos", "Cosh", "CumSum", "Elu", "Erf", "Exp",
                             "Floor", "Gelu", "HardSigmoid", "HardSwish", "Hardmax", "Identity",
                             "LeakyRelu", "Log", "LogSoftmax", "Mish", "Neg", "Not", "Reciprocal",
                             "Relu", "Round", "Selu", "Shrink", "Sigmoid", "Sign", "Sin", "Sinh",
                             "Softmax", "Softplus", "Softsign", "Sqrt", "Tan", "Tanh",
                             "ThresholdedRelu", "Trilu", "LpNormalization",
                             "MeanVarianceNormalization", "LRN", "ReverseSequence"})
    r.addOnnx(("onnx." + op).str(), inferUnary);
  // clang-format on
  for (llvm::StringRef op : {"IsNaN", "IsInf"})
    r.addOnnx(("onnx." + op).str(), inferPredicate);
  for (llvm::StringRef op : {"Add", "Sub", "Mul", "Div", "Pow", "Mod", "BitShift", "BitwiseAnd",
                             "BitwiseOr", "BitwiseXor", "Max", "Min", "Sum", "Mean"})
    r.addOnnx(("onnx." + op).str(), inferArithmetic);
  for (llvm::StringRef op :
       {"And", "Or", "Xor", "Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual"})
    r.addOnnx(("onnx." + op).str(), inferComparison);
  r.addOnnx("onnx.PRelu", inferPRelu);
  r.addOnnx("onnx.Where", inferWhere);
  r.addOnnx("onnx.Cast", inferCast);
  r.addOnnx("onnx.CastLike", inferCastLike);
  r.addOnnx("onnx.Dropout", inferDropout);
}

} // namespace pt2onnx::passes
