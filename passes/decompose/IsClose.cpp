//===- IsClose.cpp - isclose, elementwise closeness within tolerances --------===//
//
// `aten.isclose.default(self, other, rtol, atol, equal_nan)` as torch
// computes it (aten/src/ATen/native/TensorCompare.cpp):
//
//   close = self == other, or both NaN with equal_nan (floating only)
//   unless rtol and atol are both 0:
//     close |= isfinite(|self - other|) & |self - other| <= atol + |rtol * other|
//
// where bool operands take part in the error terms as float32 (the default
// dtype), and integer ones compute the difference in their own dtype and
// the allowed error in float32, as torch's promotion of a Python float with
// an integer tensor gives. Both operands must have one dtype, as torch
// requires; complex operands are left alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

using ir::DType;

bool decomposeIsClose(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  ir::Value *other = getTensorArg(root, "other");
  if (!self || !other || !self->getType().isTensor() || !other->getType().isTensor())
    return rw.notifyMatchFailure(root, "`self` or `other` is not a tensor");
  DType t = self->getType().getDType();
  if (other->getType().getDType() != t || ir::isComplex(t))
    return rw.notifyMatchFailure(root, "`self` and `other` are not real tensors of one dtype");
  std::optional<double> rtol = getFloatArg(root, "rtol");
  std::optional<double> atol = getFloatArg(root, "atol");
  if (!rtol || !atol)
    return rw.notifyMatchFailure(root, "`rtol` or `atol` is not a number");
  // equal_nan defaults to False.
  const ir::Attribute *equalNanAttr = root.getAttr("equal_nan");
  bool equalNan = equalNanAttr && equalNanAttr->getKind() == ir::Attribute::Kind::Bool &&
                  equalNanAttr->getBool();

  auto unary = [&](llvm::StringRef key, ir::Value *x, DType dtype) {
    return buildAten(rw, key, {{"self", x}}, {}, dtype);
  };
  auto binary = [&](llvm::StringRef key, ir::Value *a, ir::Value *b, DType dtype) {
    return buildAten(rw, key, {{"self", a}, {"other", b}}, {}, dtype);
  };
  auto withNumber = [&](llvm::StringRef key, ir::Value *x, double number, DType dtype) {
    return buildAten(rw, key, {{"self", x}}, {{"other", ir::Attribute::floating(number)}}, dtype);
  };

  ir::Value *close = binary("aten.eq.Tensor", self, other, DType::Bool);
  if (equalNan && ir::isFloatingPoint(t)) {
    ir::Value *otherNan = unary("aten.isnan.default", other, DType::Bool);
    ir::Value *selfNan = unary("aten.isnan.default", self, DType::Bool);
    ir::Value *bothNan = binary("aten.logical_and.default", selfNan, otherNan, DType::Bool);
    close = binary("aten.logical_or.default", close, bothNan, DType::Bool);
  }
  if (*rtol != 0.0 || *atol != 0.0) {
    if (t == DType::Bool) {
      auto toFloat = [&](ir::Value *x) {
        return buildAten(rw, "aten._to_copy.default", {{"self", x}},
                         {{"dtype", ir::Attribute::dtype(DType::Float32)}}, DType::Float32);
      };
      self = toFloat(self);
      other = toFloat(other);
      t = DType::Float32;
    }
    DType errorType = ir::isFloatingPoint(t) ? t : DType::Float32;
    ir::Value *relative = withNumber("aten.mul.Scalar", other, *rtol, errorType);
    ir::Value *allowed = withNumber(
        "aten.add.Scalar", unary("aten.abs.default", relative, errorType), *atol, errorType);
    ir::Value *actual = unary("aten.abs.default", binary("aten.sub.Tensor", self, other, t), t);
    ir::Value *within = binary("aten.logical_and.default",
                               unary("aten.isfinite.default", actual, DType::Bool),
                               binary("aten.le.Tensor", actual, allowed, DType::Bool), DType::Bool);
    close = binary("aten.logical_or.default", close, within, DType::Bool);
  }
  if (close->getType() != root.getResult(0)->getType())
    close->setType(root.getResult(0)->getType());
  rw.replaceOp(&root, {close});
  return true;
}

} // namespace

void addIsCloseDecompositions(DecompositionTable &table) {
  table.add("aten.isclose.default", {"isclose", decomposeIsClose});
}

} // namespace pt2onnx::passes
