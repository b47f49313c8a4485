//===- Conv1dAsConv2d.cpp - A 1-D convolution as a 2-D one of height 1 ----===//
//
//   Conv(x [N, C, L], w [M, C/g, K], b)
//     -> Squeeze(Conv(Unsqueeze(x, 2), Unsqueeze(w, 2), b), 2)
//
// with kernel_shape [1, K], strides [1, s], dilations [1, d] and pads
// [0, p0, 0, p1]; auto_pad and group stay (SAME pads nothing on a height of
// 1 with a kernel of 1). Every output element is the same sum of the same
// products. ONNX Runtime's CPU provider runs 2-D float32 convolutions in its
// blocked channel layout (NCHWc), converting the input and the output, and
// 1-D ones by im2col and a GEMM. The blocked form wins where im2col copies
// much: a kernel of at least 2 over at least 8 channels per group (the
// Whisper encoder's and wav2vec2's convolutions). 1x1, depthwise and
// single-channel convolutions (ConvTasNet's) lose more in the layout
// conversions than they gain, and stay 1-D. Only float32 convolutions are
// rewritten (the blocked layout has no other type), of rank-3 input and a
// static weight shape.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/Matchers.h"
#include "passes/ortfusions/OrtFusions.h"

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Dim;
using ir::Operation;
using ir::Type;
using ir::Value;

/// The smallest kernel and channels per group rewritten.
constexpr int64_t kMinKernel = 2;
constexpr int64_t kMinChannelsPerGroup = 8;

/// `t` with a dim of 1 before its last.
Type withUnitHeight(const Type &t) {
  llvm::SmallVector<Dim, 4> shape(t.getShape().begin(), t.getShape().end());
  shape.insert(shape.end() - 1, Dim(1));
  return t.withShape(shape);
}

class Conv1dAsConv2d : public ir::RewritePattern {
public:
  Conv1dAsConv2d() : RewritePattern("conv1d-as-conv2d", {"onnx.Conv"}) {}

  bool matchAndRewrite(Operation &conv, ir::PatternRewriter &rw) override {
    if (conv.getNumOperands() < 2 || conv.getNumOperands() > 3 || conv.getNumResults() != 1)
      return rw.notifyMatchFailure(conv, "not a Conv of x, w and an optional bias");
    Value *x = conv.getOperand(0), *w = conv.getOperand(1);
    const Type &yt = conv.getResult(0)->getType();
    if (!isRankedFloat32(x->getType()) || x->getType().getRank() != 3)
      return rw.notifyMatchFailure(conv, "x is not a ranked float32 tensor of rank 3");
    if (!isRankedFloat32(w->getType()) || w->getType().getRank() != 3 || !isRankedFloat32(yt) ||
        yt.getRank() != 3)
      return rw.notifyMatchFailure(conv, "the weight or the result is not of rank 3");
    llvm::ArrayRef<ir::Dim> ws = w->getType().getShape();
    if (!ws[1].isStatic() || !ws[2].isStatic())
      return rw.notifyMatchFailure(conv, "the weight's shape is not static");
    if (ws[2].getSize() < kMinKernel || ws[1].getSize() < kMinChannelsPerGroup)
      return rw.notifyMatchFailure(conv, "a kernel of 1 or fewer than 8 channels per group");

    llvm::SmallVector<ir::NamedAttribute, 6> attrs;
    for (const ir::NamedAttribute &a : conv.getAttrs()) {
      llvm::StringRef name = a.name;
      if (name != "kernel_shape" && name != "strides" && name != "dilations" && name != "pads") {
        attrs.push_back(a);
        continue;
      }
      if (a.value.getKind() != Attribute::Kind::IntList)
        return rw.notifyMatchFailure(conv, "attribute '" + name + "' is not a list of ints");
      llvm::ArrayRef<int64_t> v = a.value.getIntList();
      if (v.size() != (name == "pads" ? 2u : 1u))
        return rw.notifyMatchFailure(conv, "attribute '" + name + "' is not of one spatial dim");
      llvm::SmallVector<int64_t, 4> twoD;
      if (name == "pads")
        twoD = {0, v[0], 0, v[1]};
      else
        twoD = {1, v[0]};
      attrs.push_back({a.name, Attribute::intList(twoD)});
    }

    Value *axis = rw.createI64s({2});
    Value *x4 = rw.createValue("onnx.Unsqueeze", {x, axis}, withUnitHeight(x->getType()));
    Value *w4 = rw.createValue("onnx.Unsqueeze", {w, axis}, withUnitHeight(w->getType()));
    llvm::SmallVector<Value *, 3> operands = {x4, w4};
    if (conv.getNumOperands() == 3)
      operands.push_back(conv.getOperand(2));
    Value *y4 = rw.createValue("onnx.Conv", operands, withUnitHeight(yt), attrs);
    rw.replaceOp(&conv, {rw.createValue("onnx.Squeeze", {y4, axis}, yt)});
    return true;
  }
};

} // namespace

void addConv1dAsConv2dPattern(ir::PatternSet &patterns) { patterns.add<Conv1dAsConv2d>(); }

} // namespace pt2onnx::passes
