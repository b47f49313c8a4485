//===- Combinatorics.cpp - Tensors assembled from the pieces of others -------===//
//
// Ops whose result places given elements in a larger tensor, all of static
// sizes:
//
//   block_diag(ts)           each tensor as a matrix (a scalar [1, 1], a
//                            vector [1, n]) padded with zeros left and
//                            right to the total width, the rows concatenated
//   cartesian_prod(ts)       each vector reshaped to its own dim, expanded
//                            to the grid of all and flattened, stacked as
//                            columns (one vector is itself)
//   combinations(x, r, rep)  the r-tuples of elements of x at increasing
//                            (non-decreasing with rep) positions, in
//                            lexicographic order, as one index_select of x
//                            with the positions computed here
//   linalg_vander(x, N)      the powers x^0 .. x^(N-1) as a new last dim:
//                            ones, then the cumulative product of N - 1
//                            copies of x, as torch computes them
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

bool isStaticTensor(const Value *value) {
  return value && value->getType().isTensor() && value->getType().isRanked() &&
         value->getType().hasStaticShape();
}

llvm::SmallVector<int64_t, 4> staticShape(const Value *value) {
  llvm::SmallVector<int64_t, 4> shape;
  for (const ir::Dim &size : value->getType().getShape())
    shape.push_back(size.getSize());
  return shape;
}

/// Whether `type` is of static shape without elements: ONNX Runtime's Expand
/// and Scan mishandle some empty tensors, and such a result is `aten.zeros`.
bool isStaticEmpty(const ir::Type &type) {
  return type.isTensor() && type.isRanked() && type.getNumElements() == 0;
}

Value *reshape(ir::PatternRewriter &rw, Value *value, llvm::ArrayRef<int64_t> shape) {
  return buildAten(rw, "aten.reshape.default", {{"self", value}},
                   {{"shape", Attribute::intList(shape)}}, value->getType().getDType());
}

// aten.block_diag.default(tensors)
bool decomposeBlockDiag(ir::Operation &root, ir::PatternRewriter &rw) {
  llvm::SmallVector<Value *, 4> tensors = root.getOperands();
  if (tensors.empty() || !llvm::all_of(tensors, isStaticTensor))
    return rw.notifyMatchFailure(root, "a tensor is not of static shape");
  const ir::Type &resultType = root.getResult(0)->getType();
  llvm::SmallVector<llvm::SmallVector<int64_t, 2>, 4> shapes;
  int64_t width = 0;
  for (Value *tensor : tensors) {
    llvm::SmallVector<int64_t, 4> shape = staticShape(tensor);
    if (shape.size() > 2)
      return rw.notifyMatchFailure(root, "a tensor has more than two dims");
    while (shape.size() < 2)
      shape.insert(shape.begin(), 1);
    width += shape[1];
    shapes.push_back({shape[0], shape[1]});
  }
  llvm::SmallVector<std::pair<llvm::StringRef, Value *>, 4> rows;
  int64_t left = 0;
  for (auto [tensor, shape] : llvm::zip_equal(tensors, shapes)) {
    Value *block = tensor;
    if (block->getType().getDType() != resultType.getDType())
      block =
          buildAten(rw, "aten._to_copy.default", {{"self", block}},
                    {{"dtype", Attribute::dtype(resultType.getDType())}}, resultType.getDType());
    if (block->getType().getRank() != 2)
      block = reshape(rw, block, shape);
    int64_t right = width - left - shape[1];
    if (left > 0 || right > 0)
      block = buildAten(rw, "aten.constant_pad_nd.default", {{"self", block}},
                        {{"pad", Attribute::intList({left, right})}}, resultType.getDType());
    rows.push_back({"tensors", block});
    left += shape[1];
  }
  rw.replaceOp(&root, {createAtenOp(rw, "aten.cat.default", rows, {{"dim", Attribute::integer(0)}},
                                    {resultType})
                           ->getResult(0)});
  return true;
}

// aten.cartesian_prod.default(tensors)
bool decomposeCartesianProd(ir::Operation &root, ir::PatternRewriter &rw) {
  llvm::SmallVector<Value *, 4> tensors = root.getOperands();
  if (tensors.empty() || !llvm::all_of(tensors, isStaticTensor) ||
      !llvm::all_of(tensors, [](Value *v) { return v->getType().getRank() == 1; }))
    return rw.notifyMatchFailure(root, "a tensor is not a vector of static size");
  const ir::Type &resultType = root.getResult(0)->getType();
  if (tensors.size() == 1) {
    rw.replaceOp(&root, {createAtenOp(rw, "aten.alias.default", {{"self", tensors.front()}}, {},
                                      {resultType})
                             ->getResult(0)});
    return true;
  }
  if (isStaticEmpty(resultType)) {
    rw.replaceOp(&root, {buildZeros(rw, resultType)});
    return true;
  }
  llvm::SmallVector<int64_t, 4> grid;
  int64_t count = 1;
  for (Value *tensor : tensors) {
    grid.push_back(tensor->getType().getShape()[0].getSize());
    count *= grid.back();
  }
  llvm::SmallVector<std::pair<llvm::StringRef, Value *>, 4> columns;
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    llvm::SmallVector<int64_t, 4> own(grid.size(), 1);
    own[i] = grid[i];
    Value *spread = buildAten(rw, "aten.expand.default", {{"self", reshape(rw, tensor, own)}},
                              {{"size", Attribute::intList(grid)}}, tensor->getType().getDType());
    columns.push_back({"tensors", reshape(rw, spread, {count})});
  }
  rw.replaceOp(&root, {createAtenOp(rw, "aten.stack.default", columns,
                                    {{"dim", Attribute::integer(1)}}, {resultType})
                           ->getResult(0)});
  return true;
}

// aten.combinations.default(self, r=2, with_replacement=False)
bool decomposeCombinations(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  std::optional<int64_t> r = getIntArg(root, "r");
  bool withReplacement = getBoolArg(root, "with_replacement");
  if (!isStaticTensor(self) || self->getType().getRank() != 1 || !r)
    return rw.notifyMatchFailure(root, "`self` is not a vector of static size");
  const ir::Type &resultType = root.getResult(0)->getType();
  // No combinations (r = 0, or r > n without replacement) is an empty
  // result: [0] for r = 0, [0, r] else.
  if (isStaticEmpty(resultType)) {
    rw.replaceOp(&root, {buildZeros(rw, resultType)});
    return true;
  }
  if (*r <= 0)
    return rw.notifyMatchFailure(root, "`r` is not positive");
  int64_t n = self->getType().getShape()[0].getSize();
  // The tuples in lexicographic order, each position after (or, with
  // replacement, at) the one before.
  std::vector<int64_t> positions;
  llvm::SmallVector<int64_t, 4> tuple(*r, 0);
  constexpr int64_t kMaxElements = 1 << 20;
  auto next = [&](int64_t k, auto &recurse) -> bool {
    if (k == *r) {
      positions.insert(positions.end(), tuple.begin(), tuple.end());
      return int64_t(positions.size()) <= kMaxElements;
    }
    int64_t first = k == 0 ? 0 : tuple[k - 1] + (withReplacement ? 0 : 1);
    for (int64_t i = first; i < n; ++i) {
      tuple[k] = i;
      if (!recurse(k + 1, recurse))
        return false;
    }
    return true;
  };
  if (!next(0, next))
    return rw.notifyMatchFailure(root, "there are too many combinations");
  int64_t count = int64_t(positions.size()) / *r;
  if (count == 0)
    return rw.notifyMatchFailure(root, "the result's shape does not say there are no combinations");
  DType dtype = self->getType().getDType();
  Value *elements = buildAten(rw, "aten.index_select.default",
                              {{"self", self}, {"index", rw.createI64s(positions)}},
                              {{"dim", Attribute::integer(0)}}, dtype);
  rw.replaceOp(&root, {createAtenOp(rw, "aten.reshape.default", {{"self", elements}},
                                    {{"shape", Attribute::intList({count, *r})}}, {resultType})
                           ->getResult(0)});
  return true;
}

// aten.linalg_vander.default(x, *, N=None)
bool decomposeVander(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x = getTensorArg(root, "x");
  const ir::Type &resultType = root.getResult(0)->getType();
  if (!x || !x->getType().isRanked() || !resultType.isTensor() || !resultType.isRanked() ||
      resultType.getRank() == 0)
    return rw.notifyMatchFailure(root, "the rank of `x` is not known");
  const ir::Dim &columns = resultType.getShape().back();
  if (!columns.isStatic() || columns.getSize() < 2)
    return rw.notifyMatchFailure(root, "`N` is not static, or less than 2");
  DType dtype = resultType.getDType();
  if (dtype == DType::Bool || isComplex(dtype))
    return rw.notifyMatchFailure(root, "`x` is bool or complex");
  if (isStaticEmpty(resultType)) {
    rw.replaceOp(&root, {buildZeros(rw, resultType)});
    return true;
  }
  // A scalar x is a vector of one element.
  int64_t rank = std::max<int64_t>(int64_t(x->getType().getRank()), 1);
  Value *base =
      x->getType().getRank() == 0 ? unsqueezeAt(rw, x, {0, 1}) : unsqueezeAt(rw, x, {rank});
  llvm::SmallVector<int64_t, 4> size(rank, -1);
  size.push_back(columns.getSize() - 1);
  Value *copies = buildAten(rw, "aten.expand.default", {{"self", base}},
                            {{"size", Attribute::intList(size)}}, dtype);
  Value *powers = buildAten(rw, "aten.cumprod.default", {{"self", copies}},
                            {{"dim", Attribute::integer(-1)}}, dtype);
  Value *ones = buildAten(rw, "aten.ones_like.default", {{"self", base}}, {}, dtype);
  rw.replaceOp(&root,
               {createAtenOp(rw, "aten.cat.default", {{"tensors", ones}, {"tensors", powers}},
                             {{"dim", Attribute::integer(-1)}}, {resultType})
                    ->getResult(0)});
  return true;
}

} // namespace

void addCombinatoricsDecompositions(DecompositionTable &table) {
  table.add("aten.block_diag.default", {"combinatorics", decomposeBlockDiag});
  table.add("aten.cartesian_prod.default", {"combinatorics", decomposeCartesianProd});
  table.add("aten.combinations.default", {"combinatorics", decomposeCombinations});
  table.add("aten.linalg_vander.default", {"combinatorics", decomposeVander});
}

} // namespace pt2onnx::passes
