//===- SelectByMask.cpp - Cast(bool) times a splat constant is a Where -----===//
//
//   Cast(b: bool) * c, c a splat constant   -> Where(b, c, 0 * c)
//
// Either operand order. 0 * c is the zero of c's sign (0 * -2.5 is -0.0);
// an infinite or NaN c stays a Mul, since 0 * c is NaN there. The Cast must
// have no other use (else it stays, and nothing is saved), the factor must
// be an `ir.constant` of the result's element type.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "ir/numerics/DenseAccess.h"

#include <cmath>

namespace pt2onnx::passes {

using ir::DType;

namespace {

/// The bytes of `0 * c` for one element `c` of `dtype`: zero, with c's sign
/// for floats; nullopt when c is infinite or NaN (the product is NaN).
std::optional<std::vector<uint8_t>> zeroTimes(llvm::ArrayRef<uint8_t> c, DType dtype) {
  if (dtype == DType::Bool || !numerics::hasNumericElements(dtype))
    return std::nullopt;
  double v = numerics::readDouble(dtype, c.data(), 0);
  if (!std::isfinite(v))
    return std::nullopt;
  std::vector<uint8_t> zero(c.size());
  numerics::writeDouble(dtype, zero.data(), 0, 0.0 * v);
  return zero;
}

class SelectByMask : public CanonicalizePattern {
public:
  explicit SelectByMask(CanonicalizeContext &context)
      : CanonicalizePattern("select-by-mask", {"onnx.Mul"}, context, 2) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    for (unsigned i = 0; i < 2; ++i) {
      ir::Value *castValue = root.getOperand(i), *c = root.getOperand(1 - i);
      ir::Operation *cast = ir::definedBy(castValue, "onnx.Cast", 1);
      if (!cast) {
        rw.notifyMatchFailure(root, "operand " + llvm::Twine(i) + " is not a Cast");
        continue;
      }
      if (!castValue->hasOneUse()) {
        rw.notifyMatchFailure(root, "the Cast of operand " + llvm::Twine(i) + " has other uses");
        continue;
      }
      ir::Value *mask = cast->getOperand(0);
      const ir::Type &ct = c->getType(), &result = root.getResult(0)->getType();
      if (!mask->getType().isTensor() || mask->getType().getDType() != DType::Bool) {
        rw.notifyMatchFailure(root, "the Cast of operand " + llvm::Twine(i) + " is not of a bool");
        continue;
      }
      if (!ct.isTensor() || ct.getDType() != result.getDType()) {
        rw.notifyMatchFailure(root, "the factor's element type is not the result's");
        continue;
      }
      std::optional<std::vector<uint8_t>> splat = splatBytes(c);
      if (!splat || !c->getDefiningOp()->isa(ir::builtin::kConstant)) {
        rw.notifyMatchFailure(root, "the factor is not a splat `ir.constant`");
        continue;
      }
      std::optional<std::vector<uint8_t>> zero = zeroTimes(*splat, ct.getDType());
      if (!zero) {
        rw.notifyMatchFailure(root, "0 times the factor is not zero (infinite or NaN)");
        continue;
      }
      ir::DenseElements zeros = c->getDefiningOp()->getAttr("value")->getDense();
      for (size_t k = 0; k < zeros.bytes.size(); k += zero->size())
        std::copy(zero->begin(), zero->end(), zeros.bytes.begin() + k);
      ir::Value *z = rw.createConstant(std::move(zeros));
      rw.replaceOp(&root, {rw.createValue("onnx.Where", {mask, c, z}, result)});
      return true;
    }
    return false;
  }
};

} // namespace

void addSelectByMaskPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<SelectByMask>(context);
}

} // namespace pt2onnx::passes
