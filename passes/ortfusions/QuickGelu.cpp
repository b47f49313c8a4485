//===- QuickGelu.cpp - x * Sigmoid(alpha * x) as one op ---------------------===//
//
//   x * Sigmoid(x)          -> com.microsoft.QuickGelu(x) {alpha = 1.0}  (SiLU)
//   x * Sigmoid(x * alpha)  -> com.microsoft.QuickGelu(x) {alpha}
//
// The root is the outer Mul, either operand order of each Mul. The fusion
// proves it computes the same values: x is a float32 tensor (ONNX Runtime
// 1.23 has no float16 CPU form), the product, the Sigmoid and the scaled x
// have x's type and no other use, and alpha is a scalar constant.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"
#include "passes/ortfusions/OrtFusions.h"

namespace pt2onnx::passes {

namespace {

using ir::Operation;
using ir::Value;

class QuickGeluFusion : public FusionPattern {
public:
  QuickGeluFusion() : FusionPattern("fuse-quick-gelu", "onnx.Mul", "not a Mul of two inputs") {}

  bool matchAndRewriteRoot(Operation &mul, ir::PatternRewriter &rw) override {
    const ir::Type &type = mul.getResult(0)->getType();
    if (!isRankedFloat32(type))
      return rw.notifyMatchFailure(mul, "the product is not a ranked float32 tensor");
    for (unsigned i : {0u, 1u}) {
      Value *x = mul.getOperand(i), *gate = mul.getOperand(1 - i);
      Operation *sigmoid = ir::definedBy(gate, "onnx.Sigmoid", 1);
      if (!sigmoid || x->getType() != type || gate->getType() != type || !gate->hasOneUse())
        continue;
      Value *in = sigmoid->getOperand(0);
      double alpha = 1.0;
      Operation *scale = nullptr;
      if (in != x) {
        scale = ir::definedBy(in, "onnx.Mul", 2);
        Value *factor = scale ? ir::otherOperand(scale, x) : nullptr;
        std::optional<double> value = factor ? scalarFloat(factor) : std::nullopt;
        if (!value || in->getType() != type || !in->hasOneUse())
          continue;
        alpha = *value;
      }
      Value *fused =
          createContribOp(rw, "QuickGelu", {x}, {type}, {{"alpha", ir::Attribute::floating(alpha)}})
              ->getResult(0);
      rw.replaceOp(&mul, {fused});
      rw.eraseOp(sigmoid);
      if (scale)
        rw.eraseOp(scale);
      return true;
    }
    return rw.notifyMatchFailure(mul, "neither operand is Sigmoid(x) or Sigmoid(x * alpha) "
                                      "of the other, of its type and no other use");
  }
};

} // namespace

void addQuickGeluFusion(ir::PatternSet &patterns) { patterns.add<QuickGeluFusion>(); }

} // namespace pt2onnx::passes
