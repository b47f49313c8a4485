//===- ZeroBias.cpp - A bias of zeros no one sees the sign of --------------===//
//
//   Conv(x, w, zeros), ConvTranspose(x, w, zeros)  -> the op without bias
//   Gemm(a, b, zeros)                              -> Gemm(a, b)
//
// when no output of the program can tell -0.0 from +0.0 in the op's result
// (ZeroSign.h): adding a bias of zeros changes at most the sign of a zero
// sum. The bias is a constant of zeros of either sign (a model initialised
// without training has them). The op then skips the pass over its output
// that adds the bias.
//
//===----------------------------------------------------------------------===//

#include "passes/fold/ConstantFolder.h"
#include "passes/fold/ZeroSign.h"

namespace pt2onnx::passes {

namespace {

class ZeroBias : public ir::RewritePattern {
public:
  explicit ZeroBias(ConstantFolder &folder)
      : RewritePattern("drop-zero-bias", {"onnx.Conv", "onnx.ConvTranspose", "onnx.Gemm"}, 1),
        folder(folder) {}

  bool matchAndRewrite(ir::Operation &op, ir::PatternRewriter &rw) override {
    if (op.getNumOperands() != 3 || op.getNumResults() != 1)
      return rw.notifyMatchFailure(op, "no bias operand");
    if (!isZeros(folder, op.getOperand(2)))
      return rw.notifyMatchFailure(op, "the bias is not a float constant of zeros");
    if (!isZeroSignUnseen(folder, op.getResult(0)))
      return rw.notifyMatchFailure(op, "a use of the result may see the sign of a zero");
    ir::Value *y = rw.createValue(op.getName().getStringRef(),
                                  {op.getOperand(0), op.getOperand(1)},
                                  op.getResult(0)->getType(), op.getAttrs());
    rw.replaceOp(&op, {y});
    return true;
  }

private:
  ConstantFolder &folder;
};

} // namespace

void addZeroBiasPattern(ir::PatternSet &patterns, ConstantFolder &folder) {
  patterns.add<ZeroBias>(folder);
}

} // namespace pt2onnx::passes
