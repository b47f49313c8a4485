//===- ForwardOperand.cpp - Ops whose form makes them their input ----------===//
//
//   Identity(x)                -> x
//   Concat(x) of one input     -> x
//   Pad(x, pads all 0)         -> x  (pads as an input or an attribute)
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class DropIdentity : public CanonicalizePattern {
public:
  explicit DropIdentity(CanonicalizeContext &context)
      : CanonicalizePattern("drop-identity", {"onnx.Identity"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    rw.replaceOp(&root, {root.getOperand(0)});
    return true;
  }
};

class DropSingleConcat : public CanonicalizePattern {
public:
  explicit DropSingleConcat(CanonicalizeContext &context)
      : CanonicalizePattern("drop-single-concat", {"onnx.Concat"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    if (root.getNumOperands() != 1)
      return rw.notifyMatchFailure(root, "more than one input");
    rw.replaceOp(&root, {root.getOperand(0)});
    return true;
  }
};

class DropZeroPad : public CanonicalizePattern {
public:
  explicit DropZeroPad(CanonicalizeContext &context)
      : CanonicalizePattern("drop-zero-pad", {"onnx.Pad"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    std::optional<Ints> pads;
    if (root.getNumOperands() > 1 && !root.getOperand(1)->getType().isNone())
      pads = context.getInts().lookupConstants(root.getOperand(1));
    else if (const ir::Attribute *a = root.getAttr("pads");
             a && a->getKind() == ir::Attribute::Kind::IntList)
      pads = Ints(a->getIntList().begin(), a->getIntList().end());
    if (!pads)
      return rw.notifyMatchFailure(root, "the pads are not constant");
    if (llvm::any_of(*pads, [](int64_t p) { return p != 0; }))
      return rw.notifyMatchFailure(root, "a pad is not 0");
    rw.replaceOp(&root, {root.getOperand(0)});
    return true;
  }
};

} // namespace

void addForwardOperandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<DropIdentity>(context);
  patterns.add<DropSingleConcat>(context);
  patterns.add<DropZeroPad>(context);
}

} // namespace pt2onnx::passes
