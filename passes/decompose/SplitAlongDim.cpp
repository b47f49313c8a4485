//===- SplitAlongDim.cpp - hsplit, vsplit and dsplit as slices ----------------===//
//
// `aten.vsplit`, `aten.hsplit` and `aten.dsplit` are torch.tensor_split
// along dim 0, 1 (0 for a tensor of rank 1) and 2, which torch requires to
// exist (rank 2 and 3 for vsplit and dsplit). Each result becomes one
// `aten.slice.Tensor` of that dim:
//
//   .int(self, sections)   equal parts: torch requires the dim's size to be
//                          divisible by `sections`; it must be static here
//   .array(self, indices)  [0, i0), [i0, i1), ... [ik, end), each bound as a
//                          Python slice bound (negative counts from the end,
//                          an empty part where a bound precedes the last)
//
// A number of results other than the parts, or an unknown rank, leaves the
// op alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// The dim split along of the root's `self`, given the rank it needs; null
/// after notifying why not.
std::optional<int64_t> splitDim(ir::Operation &root, ir::PatternRewriter &rw, int64_t dim,
                                int64_t minRank) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked() ||
      int64_t(self->getType().getRank()) < minRank) {
    rw.notifyMatchFailure(root, "`self` does not have rank " + llvm::Twine(minRank) + " or more");
    return std::nullopt;
  }
  // hsplit of a vector splits its one dim.
  return std::min<int64_t>(dim, int64_t(self->getType().getRank()) - 1);
}

/// Replaces the root's results by slices of `self` along `dim`, result i
/// from bounds[i] (none: the start) to bounds[i + 1] (none: the end).
bool sliceParts(ir::Operation &root, ir::PatternRewriter &rw, int64_t dim,
                llvm::ArrayRef<std::optional<int64_t>> bounds) {
  if (root.getNumResults() + 1 != bounds.size())
    return rw.notifyMatchFailure(root, "the op does not have one result per part");
  llvm::SmallVector<ir::Value *, 4> parts;
  for (unsigned i = 0; i < root.getNumResults(); ++i) {
    llvm::SmallVector<ir::NamedAttribute, 3> attrs = {{"dim", ir::Attribute::integer(dim)}};
    if (bounds[i])
      attrs.push_back({"start", ir::Attribute::integer(*bounds[i])});
    if (bounds[i + 1])
      attrs.push_back({"end", ir::Attribute::integer(*bounds[i + 1])});
    parts.push_back(createAtenOp(rw, "aten.slice.Tensor", {{"self", root.getOperand(0)}}, attrs,
                                 {root.getResult(i)->getType()})
                        ->getResult(0));
  }
  rw.replaceOp(&root, parts);
  return true;
}

bool splitSections(ir::Operation &root, ir::PatternRewriter &rw, int64_t givenDim,
                   int64_t minRank) {
  std::optional<int64_t> dim = splitDim(root, rw, givenDim, minRank);
  if (!dim)
    return false;
  const ir::Dim &size = root.getOperand(0)->getType().getShape()[*dim];
  std::optional<int64_t> sections = getIntArg(root, "sections");
  if (!sections || *sections <= 0 || !size.isStatic() || size.getSize() % *sections != 0)
    return rw.notifyMatchFailure(root, "the dim is not static and divisible by `sections`");
  int64_t part = size.getSize() / *sections;
  llvm::SmallVector<std::optional<int64_t>, 5> bounds;
  for (int64_t i = 0; i <= *sections; ++i)
    bounds.push_back(i * part);
  return sliceParts(root, rw, *dim, bounds);
}

bool splitIndices(ir::Operation &root, ir::PatternRewriter &rw, int64_t givenDim, int64_t minRank) {
  std::optional<int64_t> dim = splitDim(root, rw, givenDim, minRank);
  if (!dim)
    return false;
  const ir::Attribute *indices = root.getAttr("indices");
  if (!indices || indices->getKind() != ir::Attribute::Kind::IntList)
    return rw.notifyMatchFailure(root, "`indices` is not a list of ints");
  llvm::SmallVector<std::optional<int64_t>, 5> bounds = {std::nullopt};
  for (int64_t index : indices->getIntList())
    bounds.push_back(index);
  bounds.push_back(std::nullopt);
  return sliceParts(root, rw, *dim, bounds);
}

/// The .int and .array decompositions of one of the three ops.
void addSplit(DecompositionTable &table, llvm::StringRef op, int64_t dim, int64_t minRank) {
  table.add(("aten." + op + ".int").str(),
            {"shape", [=](ir::Operation &root, ir::PatternRewriter &rw) {
               return splitSections(root, rw, dim, minRank);
             }});
  table.add(("aten." + op + ".array").str(),
            {"shape", [=](ir::Operation &root, ir::PatternRewriter &rw) {
               return splitIndices(root, rw, dim, minRank);
             }});
}

} // namespace

void addSplitAlongDimDecompositions(DecompositionTable &table) {
  addSplit(table, "dsplit", 2, 3);
  addSplit(table, "hsplit", 1, 1);
  addSplit(table, "vsplit", 0, 2);
}

} // namespace pt2onnx::passes
