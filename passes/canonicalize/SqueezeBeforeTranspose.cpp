//===- SqueezeBeforeTranspose.cpp - Squeeze moved above its Transpose ------===//
//
//   Squeeze(Transpose(y, p), b) -> Transpose(Squeeze(y, p[b]), p')
//
// with a single-use Transpose and constant axes, so that the Squeeze meets
// what produced y (an Unsqueeze it cancels, say).
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class SqueezeBeforeTranspose : public CanonicalizePattern {
public:
  explicit SqueezeBeforeTranspose(CanonicalizeContext &context)
      : CanonicalizePattern("squeeze-before-transpose", {"onnx.Squeeze"}, context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Operation *transpose = ir::definedBy(root.getOperand(0), "onnx.Transpose", 1);
    if (!transpose)
      return rw.notifyMatchFailure(root, "the input is not a Transpose");
    if (!transpose->getResult(0)->hasOneUse())
      return rw.notifyMatchFailure(root, "the Transpose has other uses");
    ir::Value *y = transpose->getOperand(0);
    auto perm = permOf(*transpose);
    const ir::Type &yt = y->getType();
    if (!perm || !yt.isRanked() || perm->size() != yt.getRank())
      return rw.notifyMatchFailure(root, "the Transpose's perm does not fit its input's rank");
    auto axes = constantAxes(root, context.getInts(), int64_t(perm->size()));
    if (!axes)
      return rw.notifyMatchFailure(root, "the axes are not constant and valid");
    Ints yAxes;
    for (int64_t a : *axes)
      yAxes.push_back((*perm)[a]);
    llvm::sort(yAxes);
    llvm::SmallVector<ir::Dim, 4> squeezed;
    for (auto [i, d] : llvm::enumerate(yt.getShape()))
      if (!llvm::is_contained(yAxes, int64_t(i)))
        squeezed.push_back(d);
    Ints newPerm;
    for (auto [i, p] : llvm::enumerate(*perm)) {
      if (llvm::is_contained(*axes, int64_t(i)))
        continue;
      newPerm.push_back(p - llvm::count_if(yAxes, [&](int64_t a) { return a < p; }));
    }
    ir::Value *s = createAxesOp(rw, root, y, yAxes, ir::Type::tensor(yt.getDType(), squeezed));
    rw.replaceOp(&root, {rw.createValue("onnx.Transpose", {s}, root.getResult(0)->getType(),
                                        {{"perm", ir::Attribute::intList(newPerm)}})});
    return true;
  }
};

} // namespace

void addSqueezeBeforeTransposePatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<SqueezeBeforeTranspose>(context);
}

} // namespace pt2onnx::passes
