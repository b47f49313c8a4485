//===- UnitReshapeBeforeTranspose.cpp - Reshape of 1s moved above a Transpose ===//
//
//   Reshape(Transpose(y, p)) that only inserts or drops dims of size 1
//                                -> Transpose(Reshape(y), p')
//
// y's reshape keeps y's other dims in order and puts each of the result's
// 1s beside one of its neighbours there: before the kept dim that follows it
// (the end of y' when none does) or after the one before it (the start when
// none is), whichever keeps more dims of p' in order (the first on ties).
// p' then moves what p moves and no more, which is what ONNX Runtime runs
// fast: its Transpose copies rows when the last dim stays last and has a
// kernel for moving a single dim, and it folds a Transpose that moves the
// first dim to the rows into the MatMul after it (FusedMatMul's transBatch).
// With the 1s appended to y' instead, attention's head splits (197x12x64 ->
// 1x12x197x64) were perms like [3, 1, 0, 2] that it copies element by
// element, 3 to 5 times slower (ViT-B/16: 36 such Transposes, 4% of its run
// time). Only done with a single-use Transpose and when y is itself a view
// op, which the new Reshape then fuses with (attention's view, transpose,
// view).
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <tuple>
#include <utility>

namespace pt2onnx::passes {

namespace {

bool isUnit(const ir::Dim &d) { return d.isStatic() && d.getSize() == 1; }

/// Placements tried for at most this many 1s (2^n of them); more take the
/// first choice each.
constexpr size_t kMaxUnitChoices = 6;

/// The length of the longest increasing subsequence of `perm`: how many dims
/// a Transpose by `perm` keeps in their order.
size_t dimsInOrder(llvm::ArrayRef<int64_t> perm) {
  llvm::SmallVector<size_t, 8> longestEndingAt(perm.size(), 1);
  size_t longest = 0;
  for (size_t i = 0; i < perm.size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if (perm[j] < perm[i])
        longestEndingAt[i] = std::max(longestEndingAt[i], longestEndingAt[j] + 1);
    longest = std::max(longest, longestEndingAt[i]);
  }
  return longest;
}

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
    // Where each dim of the result sorts in y': y axis a at 2a + 1; a 1 either
    // at 2f, just before the kept dim f that follows it in the result (the
    // end of y' when none does), or at 2b + 2, just after the kept dim b
    // before it (the start when none is). Of these placements, the one whose
    // perm keeps the most dims in order, the first choices on ties.
    size_t rank = out.getRank();
    Ints yAxisOf(rank, -1), beforeFollowing(rank), afterPreceding(rank), units;
    for (auto [j, i] : llvm::zip(tKept, outKept))
      yAxisOf[i] = (*perm)[j];
    int64_t slot = 2 * int64_t(yt.getRank());
    for (size_t i = rank; i-- > 0;) {
      if (yAxisOf[i] >= 0)
        slot = 2 * yAxisOf[i];
      beforeFollowing[i] = slot;
    }
    slot = 0;
    for (size_t i = 0; i < rank; ++i) {
      if (yAxisOf[i] >= 0) {
        slot = 2 * yAxisOf[i] + 2;
        continue;
      }
      afterPreceding[i] = slot;
      units.push_back(int64_t(i));
    }
    auto orderFor = [&](uint64_t choices) {
      Ints key(rank);
      for (size_t i = 0; i < rank; ++i)
        key[i] = yAxisOf[i] >= 0 ? 2 * yAxisOf[i] + 1 : beforeFollowing[i];
      for (auto [u, i] : llvm::enumerate(units))
        if (choices >> u & 1)
          key[i] = afterPreceding[i];
      Ints order(rank);
      for (size_t i = 0; i < rank; ++i)
        order[i] = int64_t(i);
      llvm::stable_sort(order, [&](int64_t a, int64_t b) { return key[a] < key[b]; });
      Ints newPerm(rank);
      for (auto [k, i] : llvm::enumerate(order))
        newPerm[i] = int64_t(k);
      return std::make_pair(order, newPerm);
    };
    auto [order, newPerm] = orderFor(0);
    size_t best = dimsInOrder(newPerm);
    for (uint64_t choices = 1; units.size() <= kMaxUnitChoices && choices >> units.size() == 0;
         ++choices) {
      auto candidate = orderFor(choices);
      if (size_t n = dimsInOrder(candidate.second); n > best) {
        best = n;
        std::tie(order, newPerm) = candidate;
      }
    }
    llvm::SmallVector<ir::Dim, 4> reshaped;
    for (int64_t i : order)
      reshaped.push_back(yAxisOf[i] >= 0 ? yt.getShape()[yAxisOf[i]] : ir::Dim(1));
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
