//===- ViewChain.cpp - A view op of a view op becomes one Reshape ----------===//
//
//   V2(V1(x)), each of V1, V2 a Reshape, Squeeze, Unsqueeze or Flatten
//                                   -> Reshape(x, target)
//
// A Reshape root whose target copies no dim (no 0 entry) keeps its target;
// otherwise the target is spelled from the result type (reshapeTarget).
// Neither op may set `allowzero`.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class ViewChain : public CanonicalizePattern {
public:
  explicit ViewChain(CanonicalizeContext &context)
      : CanonicalizePattern("fuse-view-chain",
                            {"onnx.Reshape", "onnx.Squeeze", "onnx.Unsqueeze", "onnx.Flatten"},
                            context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    if (root.isa("onnx.Reshape") && root.getNumOperands() < 2)
      return rw.notifyMatchFailure(root, "malformed root: a Reshape without a shape");
    ir::Operation *inner = root.getOperand(0)->getDefiningOp();
    if (!isView(inner))
      return rw.notifyMatchFailure(root, "the input is not a view op");
    if (allowsZero(root) || allowsZero(*inner))
      return rw.notifyMatchFailure(root, "allowzero is set");
    ir::Value *x = inner->getOperand(0);
    if (root.isa("onnx.Reshape")) {
      // The same target applies to x when it copies no dim (no 0 entries).
      const KnownInts *shape = context.getInts().lookup(root.getOperand(1));
      if (shape && llvm::all_of(*shape, [](ir::SymExpr e) {
            if (!e)
              return false;
            std::optional<int64_t> c = e.getConstant();
            return c ? *c != 0 : e.getRange().lo >= 1;
          })) {
        rw.replaceOp(&root, {rw.createValue("onnx.Reshape", {x, root.getOperand(1)},
                                            root.getResult(0)->getType())});
        return true;
      }
    }
    return replaceByReshape(root, x, rw);
  }
};

} // namespace

void addViewChainPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<ViewChain>(context);
}

} // namespace pt2onnx::passes
