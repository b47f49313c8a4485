//===- BatchNormIntoConv.cpp - An inference batch norm folded into its conv ===//
//
//   BatchNormalization(Conv(x, W, b?), scale, beta, mean, var)
//                                     -> Conv(x, W', b')
//
// and the same for ConvTranspose: per output channel c, with f = scale /
// sqrt(var + epsilon), W' = W * f and b' = (b - mean) * f + beta, computed
// in double and rounded once. It needs the inference form (no
// training_mode), a Conv used by the batch norm alone, and constant float W,
// b, scale, beta, mean and var of one value per output channel. This
// replaces weights by weights of the same size, so the folder's limit does
// not apply; a weight nothing else refers to keeps its name and gets the
// new bytes, so the Conv's weight stays `conv1.weight` and its new bias is
// the BatchNormalization's `bn1.bias`.
//
//===----------------------------------------------------------------------===//

#include "passes/fold/ConstantFolder.h"

#include <cmath>

namespace pt2onnx::passes {

namespace {

using eval::Tensor;
using ir::DType;

class BatchNormIntoConv : public ir::RewritePattern {
public:
  explicit BatchNormIntoConv(ConstantFolder &folder)
      : RewritePattern("fold-batch-norm-into-conv", {"onnx.BatchNormalization"}, 2),
        folder(folder) {}

  bool matchAndRewrite(ir::Operation &bn, ir::PatternRewriter &rw) override {
    if (bn.getNumResults() != 1 || bn.getNumOperands() != 5)
      return rw.notifyMatchFailure(bn, "not the inference form (one result, five operands)");
    if (const ir::Attribute *training = bn.getAttr("training_mode");
        training && !(training->getKind() == ir::Attribute::Kind::Int && training->getInt() == 0))
      return rw.notifyMatchFailure(bn, "training_mode is set");
    ir::Value *input = bn.getOperand(0);
    ir::Operation *conv = input->getDefiningOp();
    if (!conv || conv->getNumResults() != 1 ||
        !(conv->isa("onnx.Conv") || conv->isa("onnx.ConvTranspose")) ||
        conv->getNumOperands() < 2 || conv->getNumOperands() > 3)
      return rw.notifyMatchFailure(bn, "the input is not a Conv or ConvTranspose");
    if (!input->hasOneUse())
      return rw.notifyMatchFailure(bn, "the convolution has other uses");
    bool transposed = conv->isa("onnx.ConvTranspose");
    const Tensor *w = folder.constantOf(conv->getOperand(1));
    bool hasBias = conv->getNumOperands() == 3 && !conv->getOperand(2)->getType().isNone();
    const Tensor *bias = hasBias ? folder.constantOf(conv->getOperand(2)) : nullptr;
    const Tensor *scale = folder.constantOf(bn.getOperand(1)),
                 *beta = folder.constantOf(bn.getOperand(2)),
                 *mean = folder.constantOf(bn.getOperand(3)),
                 *var = folder.constantOf(bn.getOperand(4));
    if (!w || (hasBias && !bias) || !scale || !beta || !mean || !var)
      return rw.notifyMatchFailure(bn, "a weight or statistic is not a constant");
    if (w->getRank() < 2)
      return rw.notifyMatchFailure(bn, "the convolution's weight has rank below 2");
    DType dtype = w->getDType();
    if (eval::getNumericKind(dtype) != eval::NumericKind::Float)
      return rw.notifyMatchFailure(bn, "the weight is not floating-point");
    int64_t group = 1;
    if (const ir::Attribute *g = conv->getAttr("group")) {
      if (g->getKind() != ir::Attribute::Kind::Int || g->getInt() < 1)
        return rw.notifyMatchFailure(bn, "the convolution's group is not a positive integer");
      group = g->getInt();
    }
    // Output channels: W is [C_out, C_in/group, k...] for Conv and
    // [C_in, C_out/group, k...] for ConvTranspose.
    int64_t dim0 = w->getShape()[0], dim1 = w->getShape()[1];
    int64_t channels = transposed ? dim1 * group : dim0;
    if (transposed && dim0 % group != 0)
      return rw.notifyMatchFailure(bn, "the input channels do not divide into the groups");
    for (const Tensor *t : {bias, scale, beta, mean, var})
      if (t && (t->getRank() != 1 || t->getShape()[0] != channels ||
                eval::getNumericKind(t->getDType()) != eval::NumericKind::Float))
        return rw.notifyMatchFailure(bn, "a bias or statistic is not one float per output "
                                         "channel (" + llvm::Twine(channels) + ")");
    if (bias && bias->getDType() != dtype)
      return rw.notifyMatchFailure(bn, "the bias's element type is not the weight's");
    double epsilon = 1e-5;
    if (const ir::Attribute *e = bn.getAttr("epsilon")) {
      if (e->getKind() != ir::Attribute::Kind::Float)
        return rw.notifyMatchFailure(bn, "epsilon is not a float");
      epsilon = e->getFloat();
    }

    std::vector<double> factor(channels);
    Tensor newBias = Tensor::create(dtype, {channels});
    for (int64_t c = 0; c != channels; ++c) {
      factor[c] = scale->getDouble(c) / std::sqrt(var->getDouble(c) + epsilon);
      double b = bias ? bias->getDouble(c) : 0;
      newBias.setDouble(c, (b - mean->getDouble(c)) * factor[c] + beta->getDouble(c));
    }
    Tensor newWeight = Tensor::create(dtype, w->getShape());
    int64_t inner = w->getNumElements() / std::max<int64_t>(dim0 * dim1, 1);
    int64_t inPerGroup = dim0 / group;
    std::vector<double> slab(size_t(dim1 * inner));
    for (int64_t i = 0; i != dim0; ++i) {
      w->getDoubles(i * dim1 * inner, slab);
      for (int64_t j = 0; j != dim1; ++j) {
        double f = factor[transposed ? (i / inPerGroup) * dim1 + j : i];
        for (int64_t k = j * inner, e = k + inner; k != e; ++k)
          slab[k] *= f;
      }
      newWeight.setDoubles(i * dim1 * inner, slab);
    }

    folder.releaseReadWeights({conv->getOperand(1)});

    rw.setInsertionPoint(conv);
    rw.setOperand(conv, 1, folder.replaceConstant(rw, conv->getOperand(1), std::move(newWeight)));
    if (hasBias) {
      rw.setOperand(conv, 2, folder.replaceConstant(rw, conv->getOperand(2), std::move(newBias)));
    } else {
      ir::Value *b = folder.replaceConstant(rw, bn.getOperand(2), std::move(newBias));
      rw.setOperand(conv, 2, b, /*insert=*/conv->getNumOperands() != 3);
    }
    rw.replaceOp(&bn, {input});
    return true;
  }

private:
  ConstantFolder &folder;
};

} // namespace

void addBatchNormIntoConvPattern(ir::PatternSet &patterns, ConstantFolder &folder) {
  patterns.add<BatchNormIntoConv>(folder);
}

} // namespace pt2onnx::passes
