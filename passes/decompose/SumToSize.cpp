//===- SumToSize.cpp - sum_to_size, the reverse of a broadcast ---------------===//
//
// `aten.sum_to_size.default(self, size)` sums `self` down to `size`, which
// `self` broadcasts from: over its leading dims that `size` lacks, and over
// each dim where `size` has 1 and `self` does not, keeping dims
// (`aten.sum.dim_IntList` with keepdim), then drops the leading ones with
// `aten.view.default`, as torch's sum_to does (the sum promotes integer and
// bool tensors to int64, as torch.sum does). With nothing to sum it is
// `self` itself, cast where the result dtype says torch promoted anyway.
// `size` must be constant, and each dim of `self` where it has 1 of known
// size.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// The constant int list `attr` (an int list, or a list of ints), or nullopt.
std::optional<llvm::SmallVector<int64_t, 4>> constantIntList(const ir::Attribute *attr) {
  if (!attr)
    return std::nullopt;
  if (attr->getKind() == ir::Attribute::Kind::IntList)
    return llvm::SmallVector<int64_t, 4>(attr->getIntList());
  if (attr->getKind() != ir::Attribute::Kind::List)
    return std::nullopt;
  llvm::SmallVector<int64_t, 4> values;
  for (const ir::Attribute &element : attr->getList()) {
    if (element.getKind() != ir::Attribute::Kind::Int)
      return std::nullopt;
    values.push_back(element.getInt());
  }
  return values;
}

bool decomposeSumToSize(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  std::optional<llvm::SmallVector<int64_t, 4>> size = constantIntList(root.getAttr("size"));
  if (!self || !self->getType().isTensor() || !self->getType().isRanked())
    return rw.notifyMatchFailure(root, "`self` is not a ranked tensor");
  if (!size)
    return rw.notifyMatchFailure(root, "`size` is not a constant list");
  const ir::Type &type = self->getType();
  int64_t rank = int64_t(type.getRank());
  int64_t leading = rank - int64_t(size->size());
  if (leading < 0)
    return rw.notifyMatchFailure(root, "`size` has more dims than `self`");
  llvm::SmallVector<int64_t, 4> reduced;
  llvm::SmallVector<ir::Dim, 4> keptShape(type.getShape().begin(), type.getShape().end());
  for (int64_t i = 0; i < rank; ++i) {
    const ir::Dim &dim = type.getShape()[i];
    if (i >= leading && (*size)[i - leading] != 1)
      continue;
    if (i >= leading && !dim.isStatic())
      return rw.notifyMatchFailure(root, "a dim of `self` where `size` has 1 is not static");
    if (i >= leading && dim.getSize() == 1)
      continue;
    reduced.push_back(i);
    keptShape[i] = ir::Dim(1);
  }
  ir::Type resultType = root.getResult(0)->getType();
  ir::Value *result = self;
  if (!reduced.empty())
    result = createAtenOp(rw, "aten.sum.dim_IntList", {{"self", result}},
                          {{"dim", ir::Attribute::intList(reduced)},
                           {"keepdim", ir::Attribute::boolean(true)}},
                          {type.withShape(keptShape).withDType(resultType.getDType())})
                 ->getResult(0);
  if (leading > 0)
    result = createAtenOp(rw, "aten.view.default", {{"self", result}},
                          {{"size", ir::Attribute::intList(*size)}}, {resultType})
                 ->getResult(0);
  if (result == self && self->getType().getDType() != resultType.getDType())
    result = createAtenOp(rw, "aten._to_copy.default", {{"self", self}},
                          {{"dtype", ir::Attribute::dtype(resultType.getDType())}}, {resultType})
                 ->getResult(0);
  if (result == self)
    result = createAtenOp(rw, "aten.alias.default", {{"self", self}}, {}, {resultType})
                 ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addSumToSizeDecompositions(DecompositionTable &table) {
  table.add("aten.sum_to_size.default", {"sum_to_size", decomposeSumToSize});
}

} // namespace pt2onnx::passes
