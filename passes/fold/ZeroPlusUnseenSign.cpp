//===- ZeroPlusUnseenSign.cpp - x + 0.0 where no one sees a zero's sign ----===//
//
//   Add(x, zeros), Add(zeros, x)  -> x    when the sum's zero signs are unseen
//
// x + 0.0 differs from x only where x is -0.0 (the sum is +0.0); adding
// -0.0 changes nothing. So a constant of zeros (of either sign, of x's float
// type, broadcasting into x without growing it) drops out wherever no output
// of the program can tell -0.0 from +0.0 in the sum (ZeroSign.h): the
// zero biases of a model initialised without training, ahead of a layer
// norm with a bias or a residual Add of the positional embeddings, say.
// ZeroPlusBiased.cpp drops it where x itself is never -0.0.
//
//===----------------------------------------------------------------------===//

#include "passes/fold/ConstantFolder.h"
#include "passes/fold/ZeroSign.h"

namespace pt2onnx::passes {

namespace {

class ZeroPlusUnseenSign : public ir::RewritePattern {
public:
  explicit ZeroPlusUnseenSign(ConstantFolder &folder)
      : RewritePattern("drop-zero-plus-unseen-sign", {"onnx.Add"}, 1), folder(folder) {}

  bool matchAndRewrite(ir::Operation &add, ir::PatternRewriter &rw) override {
    ir::Value *x = zeroPlusOperand(folder, add);
    if (!x)
      return rw.notifyMatchFailure(add, "no operand is a float constant of zeros that leaves "
                                        "the other's type unchanged");
    if (!isZeroSignUnseen(folder, add.getResult(0)))
      return rw.notifyMatchFailure(add, "a use of the sum may see the sign of a zero");
    rw.replaceOp(&add, {x});
    return true;
  }

private:
  ConstantFolder &folder;
};

} // namespace

void addZeroPlusUnseenSignPattern(ir::PatternSet &patterns, ConstantFolder &folder) {
  patterns.add<ZeroPlusUnseenSign>(folder);
}

} // namespace pt2onnx::passes
