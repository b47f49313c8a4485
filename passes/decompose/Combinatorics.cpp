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
//   vander(x, N, increasing) the same of a vector, in int64 for integral x,
//                            flipped unless increasing
//   tril_indices, triu_indices
//                            the positions of a triangle, a constant
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/DenseAccess.h"
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

/// tril_indices (`lower`) or triu_indices of a row x col matrix: the rows,
/// then the columns, of the elements on or below (above) diagonal `offset`,
/// in row-major order, as one constant of the result's dtype.
bool decomposeTriangleIndices(ir::Operation &root, ir::PatternRewriter &rw, bool lower) {
  std::optional<int64_t> rows = getIntArg(root, "row");
  std::optional<int64_t> columns = getIntArg(root, "col");
  std::optional<int64_t> offset = getIntArg(root, "offset");
  const ir::Type &resultType = root.getResult(0)->getType();
  if (!rows || !columns || !offset || *rows < 0 || *columns < 0)
    return rw.notifyMatchFailure(root, "`row`, `col` or `offset` is not an int");
  if (!resultType.isTensor() || !isIntegral(resultType.getDType()))
    return rw.notifyMatchFailure(root, "the result is not an integer tensor");
  constexpr int64_t kMaxElements = 1 << 20;
  if (*rows * *columns > kMaxElements)
    return rw.notifyMatchFailure(root, "the matrix has more than 2^20 elements");
  std::vector<int64_t> rowIndices, columnIndices;
  for (int64_t i = 0; i < *rows; ++i)
    for (int64_t j = 0; j < *columns; ++j)
      if (lower ? j - i <= *offset : j - i >= *offset) {
        rowIndices.push_back(i);
        columnIndices.push_back(j);
      }
  int64_t count = int64_t(rowIndices.size());
  rowIndices.insert(rowIndices.end(), columnIndices.begin(), columnIndices.end());
  if (resultType != ir::Type::tensor(resultType.getDType(), {ir::Dim(2), ir::Dim(count)}))
    return rw.notifyMatchFailure(root, "the result's type is not that of the indices");
  rw.replaceOp(&root, {rw.createConstant(
                          numerics::makeDenseInt(resultType.getDType(), {2, count}, rowIndices))});
  return true;
}

// aten.tril_indices.default(row, col, offset=0, *, dtype=long, ..)
bool decomposeTrilIndices(ir::Operation &root, ir::PatternRewriter &rw) {
  return decomposeTriangleIndices(root, rw, true);
}

// aten.triu_indices.default(row, col, offset=0, *, dtype=long, ..)
bool decomposeTriuIndices(ir::Operation &root, ir::PatternRewriter &rw) {
  return decomposeTriangleIndices(root, rw, false);
}

/// The powers base^0 .. base^(columns - 1) of `base` [.., n, 1] along its
/// last dim, as torch computes them: ones, then the cumulative product of
/// columns - 1 copies of base. Of type `type`, whose dtype base is cast to
/// first (torch computes an integral linalg_vander in int64).
Value *buildPowers(ir::PatternRewriter &rw, Value *base, int64_t columns, const ir::Type &type) {
  DType dtype = type.getDType();
  if (base->getType().getDType() != dtype)
    base = buildAten(rw, "aten._to_copy.default", {{"self", base}},
                     {{"dtype", Attribute::dtype(dtype)}}, dtype);
  if (columns == 1)
    return createAtenOp(rw, "aten.ones_like.default", {{"self", base}}, {}, {type})->getResult(0);
  llvm::SmallVector<int64_t, 4> size(base->getType().getRank() - 1, -1);
  size.push_back(columns - 1);
  Value *copies = buildAten(rw, "aten.expand.default", {{"self", base}},
                            {{"size", Attribute::intList(size)}}, dtype);
  Value *powers = buildAten(rw, "aten.cumprod.default", {{"self", copies}},
                            {{"dim", Attribute::integer(-1)}}, dtype);
  Value *ones = buildAten(rw, "aten.ones_like.default", {{"self", base}}, {}, dtype);
  return createAtenOp(rw, "aten.cat.default", {{"tensors", ones}, {"tensors", powers}},
                      {{"dim", Attribute::integer(-1)}}, {type})
      ->getResult(0);
}

/// The result type of a Vandermonde matrix: ranked, its last dim static;
/// nullopt after notifying why not.
std::optional<int64_t> vanderColumns(ir::Operation &root, ir::PatternRewriter &rw) {
  const ir::Type &type = root.getResult(0)->getType();
  if (!type.isTensor() || !type.isRanked() || type.getRank() == 0 ||
      !type.getShape().back().isStatic()) {
    rw.notifyMatchFailure(root, "the number of columns is not static");
    return std::nullopt;
  }
  if (type.getDType() == DType::Bool || isComplex(type.getDType())) {
    rw.notifyMatchFailure(root, "the result is bool or complex");
    return std::nullopt;
  }
  return type.getShape().back().getSize();
}

// aten.linalg_vander.default(x, *, N=None): N of 2 or more (torch's check).
bool decomposeVander(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x = getTensorArg(root, "x");
  if (!x || !x->getType().isRanked())
    return rw.notifyMatchFailure(root, "the rank of `x` is not known");
  std::optional<int64_t> columns = vanderColumns(root, rw);
  if (!columns)
    return false;
  const ir::Type &resultType = root.getResult(0)->getType();
  if (isStaticEmpty(resultType)) {
    rw.replaceOp(&root, {buildZeros(rw, resultType)});
    return true;
  }
  // A scalar x is a vector of one element.
  int64_t rank = int64_t(x->getType().getRank());
  Value *base = rank == 0 ? unsqueezeAt(rw, x, {0, 1}) : unsqueezeAt(rw, x, {rank});
  rw.replaceOp(&root, {buildPowers(rw, base, *columns, resultType)});
  return true;
}

// aten.vander.default(x, N=None, increasing=False): of a vector, in int64
// for an integral one, the powers decreasing unless `increasing`.
bool decomposeNumpyVander(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x = getTensorArg(root, "x");
  if (!x || !x->getType().isRanked() || x->getType().getRank() != 1)
    return rw.notifyMatchFailure(root, "`x` is not a vector");
  std::optional<int64_t> columns = vanderColumns(root, rw);
  if (!columns)
    return false;
  const ir::Type &resultType = root.getResult(0)->getType();
  if (isStaticEmpty(resultType)) {
    rw.replaceOp(&root, {buildZeros(rw, resultType)});
    return true;
  }
  DType dtype = resultType.getDType();
  if (x->getType().getDType() != dtype)
    x = buildAten(rw, "aten._to_copy.default", {{"self", x}}, {{"dtype", Attribute::dtype(dtype)}},
                  dtype);
  Value *powers = buildPowers(rw, unsqueezeAt(rw, x, {1}), *columns, resultType);
  if (!getBoolArg(root, "increasing"))
    powers = createAtenOp(rw, "aten.flip.default", {{"self", powers}},
                          {{"dims", Attribute::intList({1})}}, {resultType})
                 ->getResult(0);
  rw.replaceOp(&root, {powers});
  return true;
}

} // namespace

void addCombinatoricsDecompositions(DecompositionTable &table) {
  table.add("aten.block_diag.default", {"combinatorics", decomposeBlockDiag});
  table.add("aten.cartesian_prod.default", {"combinatorics", decomposeCartesianProd});
  table.add("aten.combinations.default", {"combinatorics", decomposeCombinations});
  table.add("aten.linalg_vander.default", {"combinatorics", decomposeVander});
  table.add("aten.tril_indices.default", {"combinatorics", decomposeTrilIndices});
  table.add("aten.triu_indices.default", {"combinatorics", decomposeTriuIndices});
  table.add("aten.vander.default", {"combinatorics", decomposeNumpyVander});
}

} // namespace pt2onnx::passes
