//===- BiasGelu.cpp - A bias Add and its Gelu as one op ---------------------===//
//
//   Gelu(x + bias), approximate "none"  -> com.microsoft.BiasGelu(x, bias)
//   Gelu(x + bias), approximate "tanh"  -> com.microsoft.FastGelu(x, bias)
//
// The Gelu is onnx.Gelu, which lower-aten writes from opset 20; the root is
// the Gelu. The fusion refuses what ONNX Runtime 1.23's CPU kernels would
// reject or compute differently:
//   - x and the sum are float32 tensors of one type (the kernels have no
//     float16 CPU form), and the bias is a vector of x's last dim (the
//     kernels broadcast nothing else);
//   - the sum has no other use.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/Matchers.h"
#include "passes/ortfusions/OrtFusions.h"

namespace pt2onnx::passes {

namespace {

using ir::Operation;
using ir::Value;

class BiasGeluFusion : public ir::RewritePattern {
public:
  BiasGeluFusion() : RewritePattern("fuse-bias-gelu", {"onnx.Gelu"}) {}

  bool matchAndRewrite(Operation &gelu, ir::PatternRewriter &rw) override {
    if (gelu.getNumOperands() != 1 || gelu.getNumResults() != 1)
      return rw.notifyMatchFailure(gelu, "not a Gelu of one input");
    const ir::Attribute *approximate = gelu.getAttr("approximate");
    llvm::StringRef mode = approximate && approximate->getKind() == ir::Attribute::Kind::String
                               ? approximate->getString()
                               : "none";
    if (mode != "none" && mode != "tanh")
      return rw.notifyMatchFailure(gelu, "approximate is neither none nor tanh");
    Value *sum = gelu.getOperand(0);
    Operation *add = ir::definedBy(sum, "onnx.Add", 2);
    if (!add || !sum->hasOneUse())
      return rw.notifyMatchFailure(gelu, "the input is not an Add of no other use");
    const ir::Type &type = sum->getType();
    if (!isRankedFloat32(type))
      return rw.notifyMatchFailure(gelu, "the input is not a ranked float32 tensor");
    Value *x = add->getOperand(0), *bias = add->getOperand(1);
    if (x->getType() != type || !isLastDimVector(bias, type))
      std::swap(x, bias);
    if (x->getType() != type || !isLastDimVector(bias, type))
      return rw.notifyMatchFailure(gelu, "the Add is not of x and a vector of its last dim");

    Value *fused = createContribOp(rw, mode == "none" ? "BiasGelu" : "FastGelu", {x, bias}, {type})
                       ->getResult(0);
    rw.replaceOp(&gelu, {fused});
    rw.eraseOp(add);
    return true;
  }
};

} // namespace

void addBiasGeluFusion(ir::PatternSet &patterns) { patterns.add<BiasGeluFusion>(); }

} // namespace pt2onnx::passes
