//===- Diagonal.cpp - Diagonals read, embedded, scattered and summed ---------===//
//
// The ops built on `aten.diagonal`, which the lowering takes whole (a Gather
// at the diagonal's flat positions, dim1 and dim2 of static sizes):
// `linalg_diagonal` is diagonal with other defaults, `diag` of a matrix is
// its diagonal, `trace` the sum of it.
//
// The other way round, a diagonal placed in a matrix of n x m: the element
// at (a, b) is on diagonal `offset` when b - a = offset, a mask built from
// two `aten.arange`; the values, padded to n along the rows (offset >= 0,
// element i sits in row i) or to m along the columns (offset < 0, in column
// i), are picked by the mask with `aten.where` and the rest is zero
// (`diag_embed`, `diag` of a vector, `diagflat`) or `self`
// (`diagonal_scatter`). A select, not a product with an eye, so that an inf
// or NaN stays on its diagonal. The matrix is built in the last two dims and
// permuted to dim1 and dim2. `eye` is the mask of diagonal 0 in the result's
// dtype.
//
// The sizes of the matrix dims must be static, but for `eye` (SymInts),
// `diag_embed` (read from the tensor) and `trace` (the sum of the matrix
// under the mask); an op with them dynamic or unknown stays as it is.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

bool isRankedTensor(const Value *value) {
  return value && value->getType().isTensor() && value->getType().isRanked();
}

/// The static size of dim `dim` of `value`, or nullopt.
std::optional<int64_t> staticDim(const Value *value, int64_t dim) {
  const ir::Dim &size = value->getType().getShape()[dim];
  return size.isStatic() ? std::optional<int64_t>(size.getSize()) : std::nullopt;
}

/// The length of diagonal `offset` of an n x m matrix.
int64_t diagonalLength(int64_t n, int64_t m, int64_t offset) {
  return std::max<int64_t>(0, offset >= 0 ? std::min(n, m - offset) : std::min(n + offset, m));
}

/// `aten.diagonal` of `self` (dim1 and dim2 normalized, distinct and of
/// static sizes): its other dims, then the diagonal.
Value *buildDiagonal(ir::PatternRewriter &rw, Value *self, int64_t offset, int64_t dim1,
                     int64_t dim2, DType dtype) {
  const ir::Type &type = self->getType();
  llvm::SmallVector<ir::Dim, 4> shape;
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    if (int64_t(i) != dim1 && int64_t(i) != dim2)
      shape.push_back(size);
  shape.push_back(diagonalLength(*staticDim(self, dim1), *staticDim(self, dim2), offset));
  return createAtenOp(rw, "aten.diagonal.default", {{"self", self}},
                      {{"offset", Attribute::integer(offset)},
                       {"dim1", Attribute::integer(dim1)},
                       {"dim2", Attribute::integer(dim2)}},
                      {ir::Type::tensor(dtype, shape)})
      ->getResult(0);
}

/// The size of a dim: an int, or a SymInt value.
struct Size {
  Size(int64_t constant) : constant(constant) {}
  Size(Value *symbolic) : symbolic(symbolic) {}
  int64_t constant = 0;
  Value *symbolic = nullptr;
};

/// The size of dim `dim` of `value`: static, or read by `aten.sym_size`.
Size sizeOf(ir::PatternRewriter &rw, Value *value, int64_t dim) {
  if (std::optional<int64_t> size = staticDim(value, dim))
    return *size;
  const ir::Dim &size = value->getType().getShape()[dim];
  return createAtenOp(rw, "aten.sym_size.int", {{"self", value}},
                      {{"dim", Attribute::integer(dim)}},
                      {ir::Type::symInt(size.isSymbolic() ? size.getExpr() : ir::SymExpr())})
      ->getResult(0);
}

/// `aten.arange(size)` in int64.
Value *arange(ir::PatternRewriter &rw, const Size &size) {
  llvm::SmallVector<std::pair<llvm::StringRef, Value *>, 1> operands;
  llvm::SmallVector<ir::NamedAttribute, 2> attrs{{"dtype", Attribute::dtype(DType::Int64)}};
  if (size.symbolic)
    operands.push_back({"end", size.symbolic});
  else
    attrs.push_back({"end", Attribute::integer(size.constant)});
  return buildAten(rw, "aten.arange.default", operands, attrs, DType::Int64);
}

/// The n x m bool mask of diagonal `offset`: b - a == offset at (a, b).
Value *diagonalMask(ir::PatternRewriter &rw, const Size &n, const Size &m, int64_t offset) {
  Value *rows = unsqueezeAt(rw, arange(rw, n), {1});
  Value *columns = unsqueezeAt(rw, arange(rw, m), {0});
  Value *distance =
      buildAten(rw, "aten.sub.Tensor", {{"self", columns}, {"other", rows}}, {}, DType::Int64);
  return buildAten(rw, "aten.eq.Scalar", {{"self", distance}},
                   {{"other", Attribute::integer(offset)}}, DType::Bool);
}

/// `values` with `amount` zeros appended along their last dim.
Value *padLast(ir::PatternRewriter &rw, Value *values, int64_t amount) {
  if (amount <= 0)
    return values;
  return buildAten(rw, "aten.constant_pad_nd.default", {{"self", values}},
                   {{"pad", Attribute::intList({0, amount})}}, values->getType().getDType());
}

/// The permutation that takes a tensor of rank `rank` with its matrix in
/// the last two dims to one with it at dims `dim1` and `dim2`; empty when
/// it is the identity.
llvm::SmallVector<int64_t, 4> matrixToDims(int64_t rank, int64_t dim1, int64_t dim2) {
  llvm::SmallVector<int64_t, 4> perm;
  int64_t next = 0;
  for (int64_t i = 0; i < rank; ++i)
    perm.push_back(i == dim1 ? rank - 2 : i == dim2 ? rank - 1 : next++);
  if (llvm::equal(perm, llvm::seq<int64_t>(0, rank)))
    return {};
  return perm;
}

Value *permute(ir::PatternRewriter &rw, Value *value, llvm::ArrayRef<int64_t> perm) {
  if (perm.empty())
    return value;
  return buildAten(rw, "aten.permute.default", {{"self", value}},
                   {{"dims", Attribute::intList(perm)}}, value->getType().getDType());
}

/// `values` along diagonal `offset` of matrices n x m at dims dim1, dim2 of
/// a tensor of rank `rank`, `background` elsewhere (a tensor already
/// permuted so its matrix is last, or null for zeros). The last dim of
/// `values` is padded to the rows (offset >= 0, element i in row i) or the
/// columns (element i in column i).
Value *placeOnDiagonal(ir::PatternRewriter &rw, Value *values, Value *background, const Size &n,
                       const Size &m, int64_t offset, int64_t rank, int64_t dim1, int64_t dim2,
                       const ir::Type &resultType) {
  Value *mask = diagonalMask(rw, n, m, offset);
  int64_t valuesRank = int64_t(values->getType().getRank());
  Value *placed = unsqueezeAt(rw, values, {offset >= 0 ? valuesRank : valuesRank - 1});
  llvm::SmallVector<int64_t, 4> perm = matrixToDims(rank, dim1, dim2);
  // The matrix in the last two dims: of the result's type when that is
  // where it goes.
  llvm::SmallVector<std::pair<llvm::StringRef, Value *>, 3> operands{{"condition", mask},
                                                                     {"self", placed}};
  llvm::SmallVector<ir::NamedAttribute, 1> attrs;
  if (background)
    operands.push_back({"other", background});
  else
    attrs.push_back({"other", Attribute::integer(0)});
  llvm::StringRef key = background ? "aten.where.self" : "aten.where.ScalarOther";
  if (perm.empty())
    return createAtenOp(rw, key, operands, attrs, {resultType})->getResult(0);
  Value *matrix = buildAten(rw, key, operands, attrs, resultType.getDType());
  return createAtenOp(rw, "aten.permute.default", {{"self", matrix}},
                      {{"dims", Attribute::intList(perm)}}, {resultType})
      ->getResult(0);
}

/// diag_embed of `self` (ranked, of rank one or more) along `offset`,
/// `dim1` and `dim2` of the result; false after notifying why not.
bool embedDiagonal(ir::Operation &root, ir::PatternRewriter &rw, Value *self, int64_t offset,
                   int64_t givenDim1, int64_t givenDim2) {
  int64_t rank = int64_t(self->getType().getRank()) + 1;
  std::optional<int64_t> dim1 = numerics::normalizeAxis(givenDim1, rank);
  std::optional<int64_t> dim2 = numerics::normalizeAxis(givenDim2, rank);
  if (!dim1 || !dim2 || *dim1 == *dim2)
    return rw.notifyMatchFailure(root, "`dim1` and `dim2` are not two dims of the result");
  // The matrix is n + |offset| square, the values padded to it.
  Value *padded = padLast(rw, self, std::abs(offset));
  Size size = sizeOf(rw, padded, rank - 2);
  Value *result = placeOnDiagonal(rw, padded, nullptr, size, size, offset, rank, *dim1, *dim2,
                                  root.getResult(0)->getType());
  rw.replaceOp(&root, {result});
  return true;
}

// aten.linalg_diagonal.default(A, *, offset=0, dim1=-2, dim2=-1)
bool decomposeLinalgDiagonal(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *a = getTensorArg(root, "A");
  if (!a)
    return rw.notifyMatchFailure(root, "`A` is not a tensor");
  ir::Operation *diagonal =
      createAtenOp(rw, "aten.diagonal.default", {{"self", a}},
                   {{"offset", Attribute::integer(*getIntArg(root, "offset"))},
                    {"dim1", Attribute::integer(*getIntArg(root, "dim1"))},
                    {"dim2", Attribute::integer(*getIntArg(root, "dim2"))}},
                   {root.getResult(0)->getType()});
  rw.replaceOp(&root, {diagonal->getResult(0)});
  return true;
}

// aten.diag.default(self, diagonal=0): of a vector the matrix with it on
// that diagonal, of a matrix that diagonal.
bool decomposeDiag(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  std::optional<int64_t> offset = getIntArg(root, "diagonal");
  if (!isRankedTensor(self) || !offset)
    return rw.notifyMatchFailure(root, "the rank of `self` is not known");
  int64_t rank = int64_t(self->getType().getRank());
  if (rank == 1)
    return embedDiagonal(root, rw, self, *offset, 0, 1);
  if (rank != 2)
    return rw.notifyMatchFailure(root, "`self` is neither a vector nor a matrix");
  if (!staticDim(self, 0) || !staticDim(self, 1))
    return rw.notifyMatchFailure(root, "the sizes of `self` are not static");
  rw.replaceOp(&root,
               {buildDiagonal(rw, self, *offset, 0, 1, root.getResult(0)->getType().getDType())});
  return true;
}

// aten.diag_embed.default(self, offset=0, dim1=-2, dim2=-1)
bool decomposeDiagEmbed(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  if (!isRankedTensor(self) || self->getType().getRank() == 0)
    return rw.notifyMatchFailure(root, "`self` is not a tensor of known rank with dims");
  return embedDiagonal(root, rw, self, *getIntArg(root, "offset"), *getIntArg(root, "dim1"),
                       *getIntArg(root, "dim2"));
}

// aten.diagflat.default(self, offset=0): the flattened self on the diagonal.
bool decomposeDiagflat(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  if (!isRankedTensor(self))
    return rw.notifyMatchFailure(root, "the rank of `self` is not known");
  std::optional<int64_t> count = self->getType().getNumElements();
  if (!count)
    return rw.notifyMatchFailure(root, "the sizes of `self` are not static");
  Value *flat =
      self->getType().getRank() == 1
          ? self
          : createAtenOp(rw, "aten.reshape.default", {{"self", self}},
                         {{"shape", Attribute::intList({*count})}},
                         {ir::Type::tensor(self->getType().getDType(), {ir::Dim(*count)})})
                ->getResult(0);
  return embedDiagonal(root, rw, flat, *getIntArg(root, "offset"), 0, 1);
}

// aten.diagonal_scatter.default(self, src, offset=0, dim1=0, dim2=1)
bool decomposeDiagonalScatter(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  Value *src = getTensorArg(root, "src");
  if (!isRankedTensor(self) || !isRankedTensor(src) || self->getType().getRank() < 2)
    return rw.notifyMatchFailure(root, "`self` or `src` is not a tensor of known rank");
  const ir::Type &resultType = root.getResult(0)->getType();
  if (src->getType().getDType() != resultType.getDType())
    return rw.notifyMatchFailure(root, "`src` is not of the dtype of `self`");
  int64_t rank = int64_t(self->getType().getRank());
  int64_t offset = *getIntArg(root, "offset");
  std::optional<int64_t> dim1 = numerics::normalizeAxis(*getIntArg(root, "dim1"), rank);
  std::optional<int64_t> dim2 = numerics::normalizeAxis(*getIntArg(root, "dim2"), rank);
  if (!dim1 || !dim2 || *dim1 == *dim2)
    return rw.notifyMatchFailure(root, "`dim1` and `dim2` are not two dims of `self`");
  std::optional<int64_t> n = staticDim(self, *dim1), m = staticDim(self, *dim2);
  std::optional<int64_t> length = staticDim(src, int64_t(src->getType().getRank()) - 1);
  if (!n || !m || !length)
    return rw.notifyMatchFailure(root, "the sizes of the diagonal's dims are not static");
  if (*length != diagonalLength(*n, *m, offset) || int64_t(src->getType().getRank()) != rank - 1)
    return rw.notifyMatchFailure(root, "`src` is not of the diagonal's shape");
  // self with dim1 and dim2 last, the inverse of matrixToDims.
  llvm::SmallVector<int64_t, 4> toMatrix;
  for (int64_t i = 0; i < rank; ++i)
    if (i != *dim1 && i != *dim2)
      toMatrix.push_back(i);
  toMatrix.append({*dim1, *dim2});
  if (llvm::equal(toMatrix, llvm::seq<int64_t>(0, rank)))
    toMatrix.clear();
  Value *background = permute(rw, self, toMatrix);
  Value *padded = padLast(rw, src, (offset >= 0 ? *n : *m) - *length);
  Value *result =
      placeOnDiagonal(rw, padded, background, *n, *m, offset, rank, *dim1, *dim2, resultType);
  rw.replaceOp(&root, {result});
  return true;
}

// aten.trace.default(self): the sum of a matrix's main diagonal.
bool decomposeTrace(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  if (!isRankedTensor(self) || self->getType().getRank() != 2)
    return rw.notifyMatchFailure(root, "`self` is not a matrix");
  // Of sizes that are not static, the sum of the matrix where the mask of
  // the diagonal is, zero elsewhere.
  Value *diagonal;
  if (staticDim(self, 0) && staticDim(self, 1)) {
    diagonal = buildDiagonal(rw, self, 0, 0, 1, self->getType().getDType());
  } else {
    Size rows = sizeOf(rw, self, 0);
    Size columns = sizeOf(rw, self, 1);
    diagonal = buildAten(rw, "aten.where.ScalarOther",
                         {{"condition", diagonalMask(rw, rows, columns, 0)}, {"self", self}},
                         {{"other", Attribute::integer(0)}}, self->getType().getDType());
  }
  rw.replaceOp(&root, {createAtenOp(rw, "aten.sum.default", {{"self", diagonal}}, {},
                                    {root.getResult(0)->getType()})
                           ->getResult(0)});
  return true;
}

// aten.eye.default(n, *, dtype=None, ..), aten.eye.m(n, m, *, dtype=None, ..)
bool decomposeEye(ir::Operation &root, ir::PatternRewriter &rw) {
  // A size is an int, or a SymInt operand.
  auto size = [&](llvm::StringRef name) -> std::optional<Size> {
    if (Value *symbolic = root.getArgOperand(name))
      return symbolic->getType().getKind() == ir::Type::Kind::SymInt ? std::optional<Size>(symbolic)
                                                                     : std::nullopt;
    std::optional<int64_t> constant = getIntArg(root, name);
    if (!constant || *constant < 0)
      return std::nullopt;
    return *constant;
  };
  std::optional<Size> n = size("n");
  std::optional<Size> m = root.getName().getStringRef() == "aten.eye.m" ? size("m") : n;
  const ir::Type &resultType = root.getResult(0)->getType();
  if (!n || !m || !resultType.isTensor())
    return rw.notifyMatchFailure(root, "`n` or `m` is neither an int nor a SymInt");
  Value *mask = diagonalMask(rw, *n, *m, 0);
  if (resultType.getDType() != DType::Bool)
    mask = createAtenOp(rw, "aten._to_copy.default", {{"self", mask}},
                        {{"dtype", Attribute::dtype(resultType.getDType())}}, {resultType})
               ->getResult(0);
  else if (mask->getType() != resultType)
    mask = createAtenOp(rw, "aten.alias.default", {{"self", mask}}, {}, {resultType})->getResult(0);
  rw.replaceOp(&root, {mask});
  return true;
}

} // namespace

void addDiagonalDecompositions(DecompositionTable &table) {
  table.add("aten.diag.default", {"diagonal", decomposeDiag});
  table.add("aten.diag_embed.default", {"diagonal", decomposeDiagEmbed});
  table.add("aten.diagflat.default", {"diagonal", decomposeDiagflat});
  table.add("aten.diagonal_scatter.default", {"diagonal", decomposeDiagonalScatter});
  table.add("aten.eye.default", {"diagonal", decomposeEye});
  table.add("aten.eye.m", {"diagonal", decomposeEye});
  table.add("aten.linalg_diagonal.default", {"diagonal", decomposeLinalgDiagonal});
  table.add("aten.trace.default", {"diagonal", decomposeTrace});
}

} // namespace pt2onnx::passes
