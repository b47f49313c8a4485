//===- FftShift.cpp - fftshift and ifftshift as rolls ------------------------===//
//
// `aten.fft_fftshift.default(self, dim=None)` rolls each of `dim` (every dim
// when None) by half its size, rounded down, moving the zero frequency to
// the middle; `aten.fft_ifftshift.default` rolls by half rounded up, undoing
// it. Both are one `aten.roll.default`, as torch defines them. The sizes of
// the rolled dims must be known.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

#include <numeric>

namespace pt2onnx::passes {

namespace {

/// fft_fftshift (`inverse` false) or fft_ifftshift as a roll.
DecomposeFn decomposeShift(bool inverse) {
  return [inverse](ir::Operation &root, ir::PatternRewriter &rw) {
    ir::Value *self = getTensorArg(root, "self");
    if (!self || !self->getType().isTensor() || !self->getType().isRanked())
      return rw.notifyMatchFailure(root, "`self` is not a ranked tensor");
    const ir::Type &type = self->getType();
    int64_t rank = int64_t(type.getRank());
    llvm::SmallVector<int64_t, 4> dims;
    const ir::Attribute *dimAttr = root.getAttr("dim");
    if (dimAttr && dimAttr->getKind() == ir::Attribute::Kind::IntList) {
      dims.assign(dimAttr->getIntList().begin(), dimAttr->getIntList().end());
    } else if (dimAttr && dimAttr->getKind() == ir::Attribute::Kind::Int) {
      dims.push_back(dimAttr->getInt());
    } else if (!dimAttr || dimAttr->isUnit()) {
      dims.resize(size_t(rank));
      std::iota(dims.begin(), dims.end(), 0);
    } else {
      return rw.notifyMatchFailure(root, "`dim` is not a list of ints");
    }
    llvm::SmallVector<int64_t, 4> shifts;
    for (int64_t &dim : dims) {
      std::optional<int64_t> axis = numerics::normalizeAxis(dim, rank);
      if (!axis)
        return rw.notifyMatchFailure(root, "`dim` is not a dim of `self`");
      dim = *axis;
      const ir::Dim &size = type.getShape()[*axis];
      if (!size.isStatic())
        return rw.notifyMatchFailure(root, "a shifted dim has no static size");
      shifts.push_back((size.getSize() + (inverse ? 1 : 0)) / 2);
    }
    ir::Value *result = self;
    if (dims.empty())
      result = createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {type})->getResult(0);
    else
      result = createAtenOp(rw, "aten.roll.default", {{"self", self}},
                            {{"shifts", ir::Attribute::intList(shifts)},
                             {"dims", ir::Attribute::intList(dims)}},
                            {root.getResult(0)->getType()})
                   ->getResult(0);
    rw.replaceOp(&root, {result});
    return true;
  };
}

} // namespace

void addFftShiftDecompositions(DecompositionTable &table) {
  table.add("aten.fft_fftshift.default", {"fft_shift", decomposeShift(false)});
  table.add("aten.fft_ifftshift.default", {"fft_shift", decomposeShift(true)});
}

} // namespace pt2onnx::passes
