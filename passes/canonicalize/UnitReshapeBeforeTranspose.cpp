//===- UnitReshapeBeforeTranspose.cpp - Reshape of 1s moved above a Transpose ===//
//
//   Reshape(Transpose(y, p)) that only inserts or drops dims of size 1
//                                -> Transpose(Reshape(y), p')
//
// y's reshape keeps y's other dims in order, then the result's 1s. Only
// done with a single-use Transpose and when y is itself a view op, which the
// new Reshape then fuses with (attention's view, transpose, view).
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

bool isUnit(const ir::Dim &d) { return d.isStatic() && d.getSize() == 1; }

class UnitReshapeBeforeTranspose : public CanonicalizePattern {
public:
  explicit UnitReshapeBeforeTranspose(CanonicalizeContext &context)
      : CanonicalizePattern("unit-reshape-before-transpose", {"onnx.Reshape"}, context, 2) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    ir::Operation *transpose = ir::definedBy(root.getOperand(0), "onnx.Transpose", 1);
    if (!transpose)
      return rw.notifyMatchFailure(root, "the input is not a Transpose");
    if (!transpose->getResult(0)->hasOneUse())
      return rw.notifyMatchFailure(root, "the Transpose has other uses");
    if (allowsZero(root))
      return rw.notifyMatchFailure(root, "allowzero is set");
    ir::Value *y = transpose->getOperand(0);
    if (!isView(y->getDefiningOp()))
      return rw.notifyMatchFailure(root, "the Transpose's input is not a view op to fuse with");
    auto perm = permOf(*transpose);
    const ir::Type &yt = y->getType(), &tt = transpose->getResult(0)->getType(),
                   &out = root.getResult(0)->getType();
    if (!perm || !ir::isFullyKnown(yt) || !ir::isFullyKnown(tt) || !ir::isFullyKnown(out) ||
        perm->size() != yt.getRank())
      return rw.notifyMatchFailure(root, "a shape has unknown dims, or the perm is malformed");
    llvm::SmallVector<int64_t, 4> tKept, outKept;
    for (auto [j, d] : llvm::enumerate(tt.getShape()))
      if (!isUnit(d))
        tKept.push_back(int64_t(j));
    for (auto [i, d] : llvm::enumerate(out.getShape()))
      if (!isUnit(d))
        outKept.push_back(int64_t(i));
    if (tKept.size() != outKept.size())
      return rw.notifyMatchFailure(root, "the Reshape does more than insert or drop 1s");
    for (auto [j, i] : llvm::zip(tKept, outKept))
      if (!ir::sameDim(tt.getShape()[j], out.getShape()[i]))
        return rw.notifyMatchFailure(root, "the Reshape does more than insert or drop 1s");
    // y's kept axes, in y's order, and where each lands in y'.
    Ints yKept;
    for (int64_t j : tKept)
      yKept.push_back((*perm)[j]);
    Ints yKeptSorted = yKept;
    llvm::sort(yKeptSorted);
    llvm::SmallVector<ir::Dim, 4> reshaped;
    for (int64_t a : yKeptSorted)
      reshaped.push_back(yt.getShape()[a]);
    int64_t units = int64_t(out.getRank() - outKept.size());
    reshaped.append(units, ir::Dim(1));
    Ints newPerm;
    size_t kept = 0;
    int64_t nextUnit = int64_t(yKeptSorted.size());
    for (const ir::Dim &d : out.getShape()) {
      if (isUnit(d)) {
        newPerm.push_back(nextUnit++);
        continue;
      }
      int64_t axis = yKept[kept++];
      newPerm.push_back(llvm::find(yKeptSorted, axis) - yKeptSorted.begin());
    }
    ir::Type reshapedType = ir::Type::tensor(yt.getDType(), reshaped);
    std::optional<Ints> target = reshapeTarget(yt, reshapedType);
    if (!target)
      return rw.notifyMatchFailure(root, "y's reshape has no constant target");
    ir::Value *r = rw.createValue("onnx.Reshape", {y, rw.createI64s(*target)}, reshapedType);
    rw.replaceOp(&root, {rw.createValue("onnx.Transpose", {r}, out,
                                        {{"perm", ir::Attribute::intList(newPerm)}})});
    return true;
  }
};

} // namespace

void addUnitReshapeBeforeTransposePatterns(ir::PatternSet &patterns,
                                           CanonicalizeContext &context) {
  patterns.add<UnitReshapeBeforeTranspose>(context);
}

} // namespace pt2onnx::passes
