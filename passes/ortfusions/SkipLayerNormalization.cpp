//===- SkipLayerNormalization.cpp - A residual Add and its norm as one op ---===//
//
//   LayerNormalization(a + b, gamma, beta)
//                 -> com.microsoft.SkipLayerNormalization(a, b, gamma, beta)
//   RMS norm of (a + b), times gamma
//                 -> com.microsoft.SkipSimplifiedLayerNormalization(a, b, gamma)
//
// The RMS norm is onnx.RMSNormalization (fuse-ops makes it from opset 23) or
// the decomposed form RMSNormalization.cpp matches (below opset 23, where
// ONNX Runtime has no RMS norm op ONNX's checker accepts). When the sum has
// other uses (the residual stream of a pre-norm transformer), they take the
// fused op's input_skip_bias_sum output, which is the same sum. The fusion
// refuses what ONNX Runtime 1.23's CPU kernel would reject or compute
// differently:
//   - a, b and the sum are float32 tensors of one type (no broadcasting) of
//     rank 2 or 3; float16 is refused (the kernel converts a constant skip to
//     float32 without its row offset, and shares one conversion buffer
//     between the threads);
//   - the norm is over the last axis alone, with stash_type 1 and an epsilon
//     >= 0, and gamma and beta are vectors of the last dim (the kernel does
//     not broadcast them); a LayerNormalization's mean and inverse std
//     outputs are unused;
//   - the sum's other uses are in the block, after the norm.
// The kernel's bias input is used in one case only. The kernel computes
// (input + skip) + bias, so a bias Add under the residual Add,
// a + (m + bias), would move into it only by reassociating, which rounds
// differently. When every element of the bias is a zero it is exact:
// (m + a) + z and a + (m + z) are the same float for z = +0.0 (both sums
// are +0.0 when they are zero; otherwise adding z changes nothing) and for
// z = -0.0 (adding -0.0 changes nothing). So a + (m + z), z a constant of
// zeros, becomes SkipLayerNormalization(m, a, gamma, beta, z): one Add less,
// and ONNX Runtime then leaves m's MatMul alone instead of making it a
// Gemm between two Reshapes. SkipSimplifiedLayerNormalization's kernel
// reads its bias at beta's position and ignores it, so the simplified
// fusion never uses a bias.
// ONNX Runtime normalizes as its own LayerNormalization kernel does (the
// mean of squares less the squared mean), so the numbers are those of the
// unfused model up to rounding.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "ir/rewrite/Matchers.h"
#include "passes/fold/ConstantFolder.h"
#include "passes/fold/ZeroSign.h"
#include "passes/fusions/Fusions.h"
#include "passes/ortfusions/OrtFusions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Operation;
using ir::Type;
using ir::Value;

/// A norm over the last axis of x: gamma * normalize(x) (+ beta).
struct NormMatch {
  Value *x = nullptr;
  Value *gamma = nullptr;
  Value *beta = nullptr;
  double epsilon = 0;
  /// The op whose one result is the norm.
  Operation *root = nullptr;
  /// The decomposed RMS norm, when it is one.
  std::optional<RMSNormMatch> decomposed;
  llvm::SmallVector<Operation *, 2> usersOfX;
};

/// An omitted optional input: absent, or the `none` value.
bool isAbsent(Operation &op, unsigned i) {
  if (i >= op.getNumOperands())
    return true;
  return op.getOperand(i)->getType().isNone();
}

double floatAttr(const Operation &op, llvm::StringRef name, double fallback) {
  const Attribute *a = op.getAttr(name);
  return a && a->getKind() == Attribute::Kind::Float ? a->getFloat() : fallback;
}

/// Whether axis attribute `axis` of `op` names the last axis of its input.
bool normalizesLastAxis(const Operation &op, int64_t rank) {
  std::optional<int64_t> axis = numerics::normalizeAxis(ir::intAttr(op, "axis", -1), rank);
  return axis && *axis == rank - 1;
}

/// A residual term m + z whose z is a constant of zeros and whose sum has
/// no other use: {m, z}, else {null, null}.
std::pair<Value *, Value *> matchZeroBiased(ConstantFolder &constants, Value *term) {
  Operation *add = term->hasOneUse() ? term->getDefiningOp() : nullptr;
  Value *m = add ? zeroPlusOperand(constants, *add) : nullptr;
  if (!m)
    return {nullptr, nullptr};
  return {m, add->getOperand(add->getOperand(0) == m ? 1 : 0)};
}

class SkipNormalizationFusion : public ir::RewritePattern {
public:
  /// `simplified` fuses RMS norms rooted at `rootName`, else layer norms.
  SkipNormalizationFusion(llvm::StringRef name, llvm::StringRef rootName, bool simplified,
                          ConstantFolder &constants)
      : RewritePattern(name, {rootName}), simplified(simplified), constants(constants) {}

  bool matchAndRewrite(Operation &op, ir::PatternRewriter &rw) override {
    std::optional<NormMatch> norm = matchNorm(op, rw);
    if (!norm)
      return false;
    Value *x = norm->x;
    const Type &type = x->getType();
    if (!isRankedFloat32(type))
      return rw.notifyMatchFailure(op, "the normalized value is not a ranked float32 tensor");
    if (type.getRank() != 2 && type.getRank() != 3)
      return rw.notifyMatchFailure(op, "the normalized value is not of rank 2 or 3");
    if (norm->epsilon < 0)
      return rw.notifyMatchFailure(op, "epsilon is negative");
    if ((norm->gamma && !isLastDimVector(norm->gamma, type)) ||
        (norm->beta && !isLastDimVector(norm->beta, type)))
      return rw.notifyMatchFailure(op, "the scale or bias is not a vector of the last dim");
    Operation *add = ir::definedBy(x, "onnx.Add", 2);
    if (!add)
      return rw.notifyMatchFailure(op, "the normalized value is not an Add");
    Value *a = add->getOperand(0), *b = add->getOperand(1);
    if (a->getType() != type || b->getType() != type)
      return rw.notifyMatchFailure(op, "the Add broadcasts");

    // The sum's uses outside the norm come after it.
    Operation *root = norm->root;
    bool sumUsed = false;
    for (const ir::OpOperand &use : x->getUses()) {
      Operation *user = use.getOwner();
      if (llvm::is_contained(norm->usersOfX, user))
        continue;
      if (user->getBlock() != root->getBlock() || !root->isBeforeInBlock(user))
        return rw.notifyMatchFailure(op, "the sum is used before the norm ends");
      sumUsed = true;
    }

    // a + (m + zeros) or (m + zeros) + b: m, the other term and the zeros.
    Operation *zeroBiasAdd = nullptr;
    Value *zeros = nullptr;
    if (!simplified && type.getShape().back().isStatic()) {
      for (unsigned i = 0; i != 2 && !zeros; ++i) {
        auto [m, z] = matchZeroBiased(constants, add->getOperand(i));
        if (!m)
          continue;
        zeroBiasAdd = add->getOperand(i)->getDefiningOp();
        zeros = z;
        a = m;
        b = add->getOperand(1 - i);
      }
    }

    rw.setInsertionPoint(root);
    Value *gamma = norm->gamma ? norm->gamma : getRMSNormScale(*norm->decomposed, rw);
    llvm::SmallVector<Value *, 5> operands = {a, b, gamma};
    if (norm->beta || zeros)
      operands.push_back(norm->beta ? norm->beta : noneValue(rw));
    if (zeros) {
      // The kernel takes a vector of the last dim.
      int64_t hidden = type.getShape().back().getSize();
      if (!isLastDimVector(zeros, type))
        zeros = rw.createConstant(ir::DenseElements{
            ir::DType::Float32, {hidden}, std::vector<uint8_t>(size_t(hidden) * 4, 0)});
      operands.push_back(zeros);
    }
    Operation *fused = createContribOp(
        rw, simplified ? "SkipSimplifiedLayerNormalization" : "SkipLayerNormalization", operands,
        {type, Type::none(), Type::none(), sumUsed ? type : Type::none()},
        {{"epsilon", Attribute::floating(norm->epsilon)}});
    rw.replaceOp(root, {fused->getResult(0)});
    if (norm->decomposed)
      eraseRMSNormRest(*norm->decomposed, rw);
    if (sumUsed)
      rw.replaceOp(add, {fused->getResult(3)});
    else
      rw.eraseOp(add);
    if (zeroBiasAdd)
      rw.eraseOp(zeroBiasAdd);
    return true;
  }

private:
  std::optional<NormMatch> matchNorm(Operation &op, ir::PatternRewriter &rw) const {
    auto fail = [&](const llvm::Twine &reason) -> std::optional<NormMatch> {
      rw.notifyMatchFailure(op, reason);
      return std::nullopt;
    };
    NormMatch m;
    if (op.isa("onnx.ReduceMean")) {
      m.decomposed = matchRMSNorm(op, rw);
      if (!m.decomposed)
        return std::nullopt;
      if (m.decomposed->axes != 1)
        return fail("the RMS norm is over more than the last axis");
      m.x = m.decomposed->x;
      m.gamma = m.decomposed->scale;
      m.epsilon = m.decomposed->epsilon;
      m.root = m.decomposed->root;
      m.usersOfX = m.decomposed->usersOfX;
      return m;
    }
    if (op.getNumResults() != 1)
      return fail("the mean or inverse std output is used");
    if (op.getNumOperands() < 2 || (!simplified && op.getNumOperands() > 3))
      return fail("not a norm of x with a scale");
    m.x = op.getOperand(0);
    if (!m.x->getType().isTensor() || !m.x->getType().isRanked() ||
        !normalizesLastAxis(op, int64_t(m.x->getType().getRank())))
      return fail("the norm is not over the last axis alone");
    if (ir::intAttr(op, "stash_type", 1) != 1)
      return fail("stash_type is not 1");
    m.gamma = op.getOperand(1);
    if (!simplified && !isAbsent(op, 2))
      m.beta = op.getOperand(2);
    m.epsilon = floatAttr(op, "epsilon", 1e-5);
    m.root = &op;
    m.usersOfX = {&op};
    return m;
  }

  bool simplified;
  ConstantFolder &constants;
};

} // namespace

void addSkipLayerNormalizationFusions(ir::PatternSet &patterns, ConstantFolder &constants) {
  patterns.add<SkipNormalizationFusion>("fuse-skip-layer-normalization", "onnx.LayerNormalization",
                                        false, constants);
  patterns.add<SkipNormalizationFusion>("fuse-skip-simplified-layer-normalization",
                                        "onnx.RMSNormalization", true, constants);
  patterns.add<SkipNormalizationFusion>("fuse-skip-simplified-layer-normalization",
                                        "onnx.ReduceMean", true, constants);
}

} // namespace pt2onnx::passes
