//===- FftShift.cpp - fftshift and ifftshift as roll -------------------------===//
//
// `aten.fft_fftshift.default(self, dim=None)` moves the zero-frequency term
// to the middle: `aten.roll` by `size // 2` along each dim of `dim` (every
// dim when None); `aten.fft_ifftshift` undoes it, rolling by
// `-(size // 2)`. The shifts are sizes, so each shifted dim must be static;
// a dynamic one, or an unknown rank, leaves the op alone.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeFftShift(bool inverse, ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked())
    return rw.notifyMatchFailure(root, "the rank of `self` is not known");
  const ir::Type &type = self->getType();
  int64_t rank = int64_t(type.getRank());
  llvm::SmallVector<int64_t, 4> dims;
  const ir::Attribute *attr = root.getAttr("dim");
  if (attr && attr->getKind() == ir::Attribute::Kind::IntList)
    dims.assign(attr->getIntList().begin(), attr->getIntList().end());
  else if (attr && attr->getKind() == ir::Attribute::Kind::Int)
    dims.push_back(attr->getInt());
  else if (attr && attr->getKind() != ir::Attribute::Kind::Unit)
    return rw.notifyMatchFailure(root, "`dim` is not a list of ints");
  else
    for (int64_t d = 0; d < rank; ++d)
      dims.push_back(d);

  llvm::SmallVector<int64_t, 4> shifts, normalized;
  for (int64_t dim : dims) {
    std::optional<int64_t> d = numerics::normalizeAxis(dim, rank);
    if (!d)
      return rw.notifyMatchFailure(root, "`dim` is not a dim of `self`");
    const ir::Dim &size = type.getShape()[*d];
    if (!size.isStatic())
      return rw.notifyMatchFailure(root, "a shifted dim has no static size");
    int64_t half = size.getSize() / 2;
    shifts.push_back(inverse ? -half : half);
    normalized.push_back(*d);
  }
  ir::Value *result;
  if (normalized.empty())
    result = createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {type})->getResult(0);
  else
    result = createAtenOp(rw, "aten.roll.default", {{"self", self}},
                          {{"shifts", ir::Attribute::intList(shifts)},
                           {"dims", ir::Attribute::intList(normalized)}},
                          {root.getResult(0)->getType()})
                 ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addFftShiftDecompositions(DecompositionTable &table) {
  table.add("aten.fft_fftshift.default",
            {"spectral", [](ir::Operation &root, ir::PatternRewriter &rw) {
               return decomposeFftShift(false, root, rw);
             }});
  table.add("aten.fft_ifftshift.default",
            {"spectral", [](ir::Operation &root, ir::PatternRewriter &rw) {
               return decomposeFftShift(true, root, rw);
             }});
}

} // namespace pt2onnx::passes
