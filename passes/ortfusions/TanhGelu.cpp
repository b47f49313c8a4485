//===- TanhGelu.cpp - The tanh Gelu written by hand as one op ---------------===//
//
//   (x * 0.5) * (1 + Tanh((x + Pow(x, 3) * 0.044715) * sqrt(2 / pi)))
//                 -> com.microsoft.FastGelu(x)
//
// GPT-2's NewGELUActivation (gelu_new) as lower-aten writes it; the root is
// the outer Mul, either operand order of every Mul and Add. The fusion proves
// it computes the same function: the constants are one-element float32
// constants equal to 0.5, 1, 3, 0.044715 and sqrt(2 / pi) in float32 (the
// coefficients of ONNX Runtime's FastGelu), x is a float32 tensor (no float16
// CPU kernel), and every intermediate has x's type and one use. ONNX Runtime
// evaluates the same polynomial and tanh in float32, in another order: the
// values agree to rounding.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"
#include "passes/ortfusions/OrtFusions.h"

#include <cmath>

namespace pt2onnx::passes {

namespace {

using ir::Operation;
using ir::Value;

constexpr double kPi = 3.14159265358979323846;

/// Whether `v` is a one-element constant equal to `expected` in float32.
bool isFloat32Constant(Value *v, double expected) {
  std::optional<double> c = scalarFloat(v);
  return c && float(*c) == float(expected);
}

/// The operand of the binary `op` beside a constant equal to `c`, else null.
Value *operandBesideConstant(Operation *op, double c) {
  for (unsigned i : {0u, 1u})
    if (isFloat32Constant(op->getOperand(1 - i), c))
      return op->getOperand(i);
  return nullptr;
}

/// The op defining `v` when it is named `name`, binary, of `v`'s type
/// `type`, and `v` has one use.
Operation *binaryOfOneUse(Value *v, llvm::StringRef name, const ir::Type &type) {
  Operation *def = ir::definedBy(v, name, 2);
  return def && def->getNumOperands() == 2 && v->hasOneUse() && v->getType() == type ? def
                                                                                      : nullptr;
}

class TanhGeluFusion : public FusionPattern {
public:
  TanhGeluFusion() : FusionPattern("fuse-tanh-gelu", "onnx.Mul", "not a Mul of two inputs") {}

  bool matchAndRewriteRoot(Operation &root, ir::PatternRewriter &rw) override {
    const ir::Type &type = root.getResult(0)->getType();
    if (!isRankedFloat32(type))
      return rw.notifyMatchFailure(root, "the product is not a ranked float32 tensor");
    for (unsigned i : {0u, 1u}) {
      llvm::SmallVector<Operation *, 8> dead;
      if (Value *x = matchGelu(root.getOperand(i), root.getOperand(1 - i), type, dead)) {
        Value *fused = createContribOp(rw, "FastGelu", {x}, {type})->getResult(0);
        rw.replaceOp(&root, {fused});
        for (Operation *op : dead)
          rw.eraseOp(op);
        return true;
      }
    }
    return rw.notifyMatchFailure(root, "not (x * 0.5) * (1 + Tanh((x + Pow(x, 3) * 0.044715) * "
                                       "sqrt(2 / pi))) of one-use float32 intermediates");
  }

private:
  /// x when `half` is x * 0.5 and `onePlus` 1 + Tanh(...) of the same x;
  /// `dead` gets the ops of the form, users before operands.
  static Value *matchGelu(Value *half, Value *onePlus, const ir::Type &type,
                          llvm::SmallVectorImpl<Operation *> &dead) {
    Operation *halfMul = binaryOfOneUse(half, "onnx.Mul", type);
    Operation *addOne = binaryOfOneUse(onePlus, "onnx.Add", type);
    Value *x = halfMul ? operandBesideConstant(halfMul, 0.5) : nullptr;
    Value *tanhOut = addOne ? operandBesideConstant(addOne, 1.0) : nullptr;
    if (!x || x->getType() != type || !tanhOut)
      return nullptr;
    Operation *tanh = ir::definedBy(tanhOut, "onnx.Tanh", 1);
    if (!tanh || !tanhOut->hasOneUse() || tanhOut->getType() != type)
      return nullptr;
    Operation *scaled = binaryOfOneUse(tanh->getOperand(0), "onnx.Mul", type);
    Value *poly = scaled ? operandBesideConstant(scaled, std::sqrt(2.0 / kPi)) : nullptr;
    Operation *polyAdd = poly ? binaryOfOneUse(poly, "onnx.Add", type) : nullptr;
    if (!polyAdd)
      return nullptr;
    Value *cubeTerm = ir::otherOperand(polyAdd, x);
    Operation *cubeMul = cubeTerm ? binaryOfOneUse(cubeTerm, "onnx.Mul", type) : nullptr;
    Value *cube = cubeMul ? operandBesideConstant(cubeMul, 0.044715) : nullptr;
    Operation *pow = cube ? binaryOfOneUse(cube, "onnx.Pow", type) : nullptr;
    if (!pow || pow->getOperand(0) != x || !isFloat32Constant(pow->getOperand(1), 3.0))
      return nullptr;
    dead.append({halfMul, addOne, tanh, scaled, polyAdd, cubeMul, pow});
    return x;
  }
};

} // namespace

void addTanhGeluFusion(ir::PatternSet &patterns) { patterns.add<TanhGeluFusion>(); }

} // namespace pt2onnx::passes
