//===- ZeroPlusBiased.cpp - x + 0.0 where x cannot be -0.0 -----------------===//
//
//   Add(x, +0.0), Add(+0.0, x)  -> x    when x is never -0.0
//
// x + 0.0 is x for every float x but -0.0 (which it makes +0.0), so
// canonicalize keeps it; here the weights show x is never -0.0. A sum is
// -0.0 only when every term is -0.0 (equal terms of opposite signs sum to
// +0.0, and no later term makes a sum that is not -0.0 into -0.0 again), so
// x is never -0.0 when it is
//   - a Conv or ConvTranspose with a constant bias,
//   - a Gemm with a constant C and beta 1, or
//   - an Add with a constant operand
// whose elements include no -0.0. The zero must be a constant of +0.0
// throughout, of x's float type, that broadcasts into x without growing it
// (ConvTasNet's `output = 0.0 + skip` over a biased convolution). Where the
// consumers of the sum cannot tell -0.0 from +0.0, ZeroPlusUnseenSign.cpp
// drops it whatever x is.
//
//===----------------------------------------------------------------------===//

#include "passes/fold/ConstantFolder.h"
#include "passes/fold/ZeroSign.h"

#include "ir/rewrite/Matchers.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

/// Why `x` may be -0.0, or an empty string when it never is.
std::string whyMaybeNegativeZero(ConstantFolder &folder, ir::Value *x) {
  ir::Operation *def = x->getDefiningOp();
  if (!def || def->getNumResults() != 1)
    return "the other operand is not the result of a Conv, ConvTranspose, Gemm or Add";
  ir::Value *term = nullptr;
  if ((def->isa("onnx.Conv") || def->isa("onnx.ConvTranspose")) && def->getNumOperands() == 3) {
    term = def->getOperand(2);
  } else if (def->isa("onnx.Gemm") && def->getNumOperands() == 3) {
    if (const ir::Attribute *beta = def->getAttr("beta");
        beta && !(beta->getKind() == ir::Attribute::Kind::Float && beta->getFloat() == 1.0))
      return "the Gemm's beta is not 1";
    term = def->getOperand(2);
  } else if (def->isa("onnx.Add") && def->getNumOperands() == 2) {
    for (ir::Value *operand : def->getOperands())
      if (hasNoNegativeZero(folder, operand) == true)
        return "";
    return "no operand of the Add is a constant without -0.0";
  } else {
    return "the other operand is not the result of a biased Conv, ConvTranspose or Gemm, or an Add";
  }
  std::optional<bool> ok = hasNoNegativeZero(folder, term);
  if (!ok)
    return "the bias is not a float constant";
  return *ok ? "" : "the bias has a -0.0 element";
}

/// Whether `c` is a float constant of +0.0 throughout, of `x`'s type, whose
/// broadcasting leaves `x`'s shape unchanged.
bool isPositiveZeroFor(ConstantFolder &folder, ir::Value *c, ir::Value *x) {
  if (!ir::broadcastsInto(c->getType(), x->getType()))
    return false;
  const eval::Tensor *t = folder.constantOf(c);
  return t && ir::isFloatingPoint(t->getDType()) && !ir::isComplex(t->getDType()) &&
         llvm::all_of(t->getBytes(), [](uint8_t b) { return b == 0; });
}

class ZeroPlusBiased : public ir::RewritePattern {
public:
  explicit ZeroPlusBiased(ConstantFolder &folder)
      : RewritePattern("drop-zero-plus-biased", {"onnx.Add"}, 1), folder(folder) {}

  bool matchAndRewrite(ir::Operation &add, ir::PatternRewriter &rw) override {
    if (add.getNumOperands() != 2 || add.getNumResults() != 1)
      return rw.notifyMatchFailure(add, "not binary");
    ir::Value *a = add.getOperand(0), *b = add.getOperand(1);
    ir::Value *x = isPositiveZeroFor(folder, b, a)   ? a
                   : isPositiveZeroFor(folder, a, b) ? b
                                                     : nullptr;
    if (!x)
      return rw.notifyMatchFailure(add, "no operand is a float constant of +0.0 that leaves "
                                        "the other's shape unchanged");
    if (x->getType() != add.getResult(0)->getType())
      return rw.notifyMatchFailure(add, "the result's type is not the operand's");
    if (std::string why = whyMaybeNegativeZero(folder, x); !why.empty())
      return rw.notifyMatchFailure(add, why);
    rw.replaceOp(&add, {x});
    return true;
  }

private:
  ConstantFolder &folder;
};

} // namespace

void addZeroPlusBiasedPattern(ir::PatternSet &patterns, ConstantFolder &folder) {
  patterns.add<ZeroPlusBiased>(folder);
}

} // namespace pt2onnx::passes
