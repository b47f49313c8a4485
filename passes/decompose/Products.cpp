//===- Products.cpp - Products of vectors, matrices and tensors -------------===//
//
// The composite products, as the matrix products and einsum the lowering
// takes whole, or as elementwise products and sums:
//
//   linalg_vecdot(x, y, dim)  sum(x * y, dim)
//   vdot(a, b)                dot(a, b) (real tensors)
//   inner(a, b)               a * b when one is a scalar, else the einsum
//                             contracting the last dims
//   tensordot(a, b, da, db)   the einsum contracting dims da of a with db of b
//   kron(a, b)                a [a0, 1, a1, 1, ..] * b [1, b0, 1, b1, ..],
//                             reshaped to [a0 * b0, a1 * b1, ..] (static sizes)
//   linalg_multi_dot(ts), chain_matmul(ts)
//                             matmul left to right
//   bilinear(x1, x2, W, b)    einsum x1[.., i] W[o, i, j] x2[.., j] + b
//   addmv, addr, addbmm       beta * self + alpha * (mat @ vec, vec1 vec2^T,
//                             sum over the batch of batch1 @ batch2)
//   linalg_cross, cross       roll(a, -1) * roll(b, 1) - roll(a, 1) * roll(b, -1)
//                             along a dim of size 3
//
// float16 addbmm adds batch after batch, rounding to float16 after each, as
// torch's CPU kernel does (static batch counts up to 64).
//
// As in torch, beta = 0 leaves `self` out (NaN in it does not reach the
// result), alpha = 1 and beta = 1 multiply by nothing, and bool add*
// products (torch's logical forms) are left alone, as are complex tensors
// (no conjugation is done).
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

#include "llvm/ADT/STLExtras.h"

#include <string>

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

bool isRealRankedTensor(const Value *value) {
  return value && value->getType().isTensor() && value->getType().isRanked() &&
         !isComplex(value->getType().getDType());
}

int64_t rankOf(const Value *value) { return int64_t(value->getType().getRank()); }

/// One einsum over `tensors`, each with the dim letters `inputs` gives it,
/// to `output`, of type `resultType`. With a dim of size zero the result is
/// zeros (an empty sum, or no elements at all): ONNX Runtime's Einsum fails
/// on an empty operand, so a result of static shape is built as zeros.
Value *buildEinsum(ir::PatternRewriter &rw, llvm::ArrayRef<Value *> tensors,
                   llvm::ArrayRef<std::string> inputs, llvm::StringRef output,
                   const ir::Type &resultType) {
  bool empty = llvm::any_of(tensors, [](const Value *tensor) {
    return llvm::is_contained(tensor->getType().getShape(), ir::Dim(0));
  });
  if (empty && resultType.hasStaticShape())
    return buildZeros(rw, resultType);
  std::string equation = llvm::join(inputs, ",") + "->" + output.str();
  llvm::SmallVector<std::pair<llvm::StringRef, Value *>, 3> operands;
  for (Value *tensor : tensors)
    operands.push_back({"tensors", tensor});
  return createAtenOp(rw, "aten.einsum.default", operands,
                      {{"equation", Attribute::string(equation)}}, {resultType})
      ->getResult(0);
}

/// The letter of einsum dim `index` (52 of them).
char einsumLetter(int64_t index) { return char(index < 26 ? 'a' + index : 'A' + (index - 26)); }
constexpr int64_t kEinsumLetters = 52;

/// The einsum contracting dims `selfDims` of `self` with `otherDims` of
/// `other`, the remaining dims of self then of other in the result; null
/// after notifying why not.
Value *contract(ir::Operation &root, ir::PatternRewriter &rw, Value *self, Value *other,
                llvm::ArrayRef<int64_t> selfDims, llvm::ArrayRef<int64_t> otherDims) {
  int64_t selfRank = rankOf(self), otherRank = rankOf(other);
  if (selfDims.size() != otherDims.size() || selfRank + otherRank > kEinsumLetters) {
    rw.notifyMatchFailure(root, "the contracted dims do not pair up");
    return nullptr;
  }
  std::string selfLetters(selfRank, ' '), otherLetters(otherRank, ' ');
  int64_t next = 0;
  for (auto [selfDim, otherDim] : llvm::zip_equal(selfDims, otherDims)) {
    std::optional<int64_t> s = numerics::normalizeAxis(selfDim, selfRank);
    std::optional<int64_t> o = numerics::normalizeAxis(otherDim, otherRank);
    if (!s || !o || selfLetters[*s] != ' ' || otherLetters[*o] != ' ') {
      rw.notifyMatchFailure(root, "a contracted dim is out of range or repeated");
      return nullptr;
    }
    selfLetters[*s] = otherLetters[*o] = einsumLetter(next++);
  }
  std::string output;
  for (std::string *letters : {&selfLetters, &otherLetters})
    for (char &letter : *letters)
      if (letter == ' ')
        output += letter = einsumLetter(next++);
  return buildEinsum(rw, {self, other}, {selfLetters, otherLetters}, output,
                     root.getResult(0)->getType());
}

// aten.linalg_vecdot.default(x, y, *, dim=-1)
bool decomposeVecdot(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x = getTensorArg(root, "x");
  Value *y = getTensorArg(root, "y");
  if (!isRealRankedTensor(x) || !isRealRankedTensor(y))
    return rw.notifyMatchFailure(root, "`x` or `y` is not a real tensor of known rank");
  int64_t rank = std::max(rankOf(x), rankOf(y));
  std::optional<int64_t> dim = numerics::normalizeAxis(*getIntArg(root, "dim"), rank);
  if (!dim || rank == 0)
    return rw.notifyMatchFailure(root, "`dim` is not a dim of the broadcast operands");
  const ir::Type &resultType = root.getResult(0)->getType();
  Value *product =
      buildAten(rw, "aten.mul.Tensor", {{"self", x}, {"other", y}}, {}, resultType.getDType());
  Value *sum = createAtenOp(rw, "aten.sum.dim_IntList", {{"self", product}},
                            {{"dim", Attribute::intList({*dim})}}, {resultType})
                   ->getResult(0);
  rw.replaceOp(&root, {sum});
  return true;
}

// aten.vdot.default(self, other): of real vectors their dot product.
bool decomposeVdot(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  Value *other = getTensorArg(root, "other");
  if (!isRealRankedTensor(self) || !isRealRankedTensor(other))
    return rw.notifyMatchFailure(root, "`self` or `other` is not a real tensor of known rank");
  rw.replaceOp(&root, {createAtenOp(rw, "aten.dot.default", {{"self", self}, {"tensor", other}}, {},
                                    {root.getResult(0)->getType()})
                           ->getResult(0)});
  return true;
}

// aten.inner.default(self, other)
bool decomposeInner(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  Value *other = getTensorArg(root, "other");
  if (!isRealRankedTensor(self) || !isRealRankedTensor(other))
    return rw.notifyMatchFailure(root, "`self` or `other` is not a real tensor of known rank");
  Value *result;
  if (rankOf(self) == 0 || rankOf(other) == 0)
    result = createAtenOp(rw, "aten.mul.Tensor", {{"self", self}, {"other", other}}, {},
                          {root.getResult(0)->getType()})
                 ->getResult(0);
  else if (!(result = contract(root, rw, self, other, {-1}, {-1})))
    return false;
  rw.replaceOp(&root, {result});
  return true;
}

// aten.tensordot.default(self, other, dims_self, dims_other)
bool decomposeTensordot(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  Value *other = getTensorArg(root, "other");
  if (!isRealRankedTensor(self) || !isRealRankedTensor(other))
    return rw.notifyMatchFailure(root, "`self` or `other` is not a real tensor of known rank");
  const Attribute *selfDims = root.getAttr("dims_self");
  const Attribute *otherDims = root.getAttr("dims_other");
  if (!selfDims || !otherDims || selfDims->getKind() != Attribute::Kind::IntList ||
      otherDims->getKind() != Attribute::Kind::IntList)
    return rw.notifyMatchFailure(root, "`dims_self` or `dims_other` is not a list of ints");
  Value *result = contract(root, rw, self, other, selfDims->getIntList(), otherDims->getIntList());
  if (!result)
    return false;
  rw.replaceOp(&root, {result});
  return true;
}

// aten.kron.default(self, other)
bool decomposeKron(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  Value *other = getTensorArg(root, "other");
  if (!isRealRankedTensor(self) || !isRealRankedTensor(other) ||
      !self->getType().hasStaticShape() || !other->getType().hasStaticShape())
    return rw.notifyMatchFailure(root, "`self` or `other` is not a real tensor of static shape");
  const ir::Type &resultType = root.getResult(0)->getType();
  if (!resultType.hasStaticShape())
    return rw.notifyMatchFailure(root, "the result's shape is not static");
  int64_t rank = std::max(rankOf(self), rankOf(other));
  // Each shape padded with leading ones to the common rank, interleaved
  // with unit dims: self's at even positions, other's at odd ones.
  auto interleaved = [&](Value *value, bool odd) {
    llvm::SmallVector<int64_t, 8> shape;
    int64_t pad = rank - rankOf(value);
    for (int64_t i = 0; i < rank; ++i) {
      int64_t size = i < pad ? 1 : value->getType().getShape()[i - pad].getSize();
      shape.append(odd ? std::initializer_list<int64_t>{1, size}
                       : std::initializer_list<int64_t>{size, 1});
    }
    return buildAten(rw, "aten.reshape.default", {{"self", value}},
                     {{"shape", Attribute::intList(shape)}}, value->getType().getDType());
  };
  Value *product =
      buildAten(rw, "aten.mul.Tensor",
                {{"self", interleaved(self, false)}, {"other", interleaved(other, true)}}, {},
                resultType.getDType());
  llvm::SmallVector<int64_t, 4> shape;
  for (const ir::Dim &size : resultType.getShape())
    shape.push_back(size.getSize());
  rw.replaceOp(&root, {createAtenOp(rw, "aten.reshape.default", {{"self", product}},
                                    {{"shape", Attribute::intList(shape)}}, {resultType})
                           ->getResult(0)});
  return true;
}

// aten.linalg_multi_dot.default(tensors): the first may be a row vector and
// the last a column vector, the rest are matrices; aten.chain_matmul.default(
// matrices), all matrices.
bool decomposeMultiDot(ir::Operation &root, ir::PatternRewriter &rw) {
  llvm::SmallVector<Value *, 4> tensors = root.getOperands();
  if (tensors.size() < 2 || !llvm::all_of(tensors, isRealRankedTensor))
    return rw.notifyMatchFailure(root, "there are fewer than two real tensors of known rank");
  const ir::Type &resultType = root.getResult(0)->getType();
  Value *product = tensors.front();
  for (auto [i, tensor] : llvm::enumerate(llvm::drop_begin(tensors))) {
    llvm::SmallVector<std::pair<llvm::StringRef, Value *>, 2> operands{{"self", product},
                                                                       {"other", tensor}};
    product =
        i + 2 == tensors.size()
            ? createAtenOp(rw, "aten.matmul.default", operands, {}, {resultType})->getResult(0)
            : buildAten(rw, "aten.matmul.default", operands, {}, resultType.getDType());
  }
  rw.replaceOp(&root, {product});
  return true;
}

// aten.bilinear.default(input1, input2, weight, bias=None)
bool decomposeBilinear(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *x1 = getTensorArg(root, "input1");
  Value *x2 = getTensorArg(root, "input2");
  Value *weight = getTensorArg(root, "weight");
  Value *bias = getTensorArg(root, "bias");
  if (!isRealRankedTensor(x1) || !isRealRankedTensor(x2) || !isRealRankedTensor(weight) ||
      (bias && !isRealRankedTensor(bias)))
    return rw.notifyMatchFailure(root, "an operand is not a real tensor of known rank");
  int64_t rank = rankOf(x1);
  if (rank == 0 || rankOf(x2) != rank || rankOf(weight) != 3 || rank + 3 > kEinsumLetters)
    return rw.notifyMatchFailure(root, "the inputs are not of one rank or `weight` is not 3-d");
  std::string batch;
  for (int64_t i = 0; i < rank - 1; ++i)
    batch += einsumLetter(i + 3);
  const ir::Type &resultType = root.getResult(0)->getType();
  Value *result =
      buildEinsum(rw, {x1, weight, x2}, {batch + "a", "cab", batch + "b"}, batch + "c", resultType);
  if (bias)
    result =
        createAtenOp(rw, "aten.add.Tensor", {{"self", result}, {"other", bias}}, {}, {resultType})
            ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

/// `beta * self + alpha * product` as torch's addmv, addr and addbmm give
/// it: without self when beta is 0, without a factor of 1.
bool replaceWithAddScaled(ir::Operation &root, ir::PatternRewriter &rw, Value *product) {
  const ir::Type &resultType = root.getResult(0)->getType();
  std::optional<double> alpha = getFloatArg(root, "alpha");
  std::optional<double> beta = getFloatArg(root, "beta");
  if (!alpha || !beta)
    return rw.notifyMatchFailure(root, "`alpha` or `beta` is not a number");
  auto scaled = [&](Value *value, double factor) {
    if (factor == 1.0)
      return value;
    Attribute factorAttr = isFloatingPoint(resultType.getDType())
                               ? Attribute::floating(factor)
                               : Attribute::integer(int64_t(factor));
    return buildAten(rw, "aten.mul.Scalar", {{"self", value}}, {{"other", factorAttr}},
                     resultType.getDType());
  };
  Value *result = scaled(product, *alpha);
  if (*beta != 0.0)
    result = buildAten(rw, "aten.add.Tensor",
                       {{"self", scaled(getTensorArg(root, "self"), *beta)}, {"other", result}}, {},
                       resultType.getDType());
  if (result->getType() != resultType)
    result =
        createAtenOp(rw, "aten.alias.default", {{"self", result}}, {}, {resultType})->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

/// The checks the add* products share: `self` and the named operands real
/// tensors of known rank, the result neither bool nor complex.
bool addProductOperands(ir::Operation &root, ir::PatternRewriter &rw,
                        llvm::ArrayRef<llvm::StringRef> names) {
  DType dtype = root.getResult(0)->getType().getDType();
  if (dtype == DType::Bool || isComplex(dtype))
    return rw.notifyMatchFailure(root, "the result is bool or complex");
  if (!isRealRankedTensor(getTensorArg(root, "self")) ||
      !llvm::all_of(names, [&](llvm::StringRef name) {
        return isRealRankedTensor(getTensorArg(root, name));
      }))
    return rw.notifyMatchFailure(root, "an operand is not a real tensor of known rank");
  return true;
}

// aten.addmv.default(self, mat, vec, *, beta=1, alpha=1)
bool decomposeAddmv(ir::Operation &root, ir::PatternRewriter &rw) {
  if (!addProductOperands(root, rw, {"mat", "vec"}))
    return false;
  Value *product =
      buildAten(rw, "aten.matmul.default",
                {{"self", getTensorArg(root, "mat")}, {"other", getTensorArg(root, "vec")}}, {},
                root.getResult(0)->getType().getDType());
  return replaceWithAddScaled(root, rw, product);
}

// aten.addr.default(self, vec1, vec2, *, beta=1, alpha=1)
bool decomposeAddr(ir::Operation &root, ir::PatternRewriter &rw) {
  if (!addProductOperands(root, rw, {"vec1", "vec2"}))
    return false;
  Value *column = unsqueezeAt(rw, getTensorArg(root, "vec1"), {1});
  Value *row = unsqueezeAt(rw, getTensorArg(root, "vec2"), {0});
  Value *product = buildAten(rw, "aten.mul.Tensor", {{"self", column}, {"other", row}}, {},
                             root.getResult(0)->getType().getDType());
  return replaceWithAddScaled(root, rw, product);
}

/// The most batches a float16 addbmm adds one by one.
constexpr int64_t kMaxFloat16AddbmmBatches = 64;

/// float16 addbmm as torch's CPU kernel computes it (addbmm_impl_): one
/// addmm per batch, self = beta * self + alpha * (batch1[i] @ batch2[i]) in
/// float32, rounded to float16 after each (beta 1 after the first).
bool replaceWithFloat16Addbmm(ir::Operation &root, ir::PatternRewriter &rw, int64_t batches) {
  const ir::Type &resultType = root.getResult(0)->getType();
  std::optional<double> alpha = getFloatArg(root, "alpha");
  std::optional<double> beta = getFloatArg(root, "beta");
  if (!alpha || !beta)
    return rw.notifyMatchFailure(root, "`alpha` or `beta` is not a number");
  auto convert = [&](Value *value, DType dtype) {
    return buildAten(rw, "aten._to_copy.default", {{"self", value}},
                     {{"dtype", Attribute::dtype(dtype)}}, dtype);
  };
  auto scaled = [&](Value *value, double factor) {
    if (factor == 1.0)
      return value;
    return buildAten(rw, "aten.mul.Scalar", {{"self", value}},
                     {{"other", Attribute::floating(factor)}}, DType::Float32);
  };
  Value *batch1 = convert(getTensorArg(root, "batch1"), DType::Float32);
  Value *batch2 = convert(getTensorArg(root, "batch2"), DType::Float32);
  Value *result = getTensorArg(root, "self");
  for (int64_t i = 0; i < batches; ++i) {
    auto pick = [&](Value *batch) {
      return buildAten(rw, "aten.select.int", {{"self", batch}},
                       {{"dim", Attribute::integer(0)}, {"index", Attribute::integer(i)}},
                       DType::Float32);
    };
    Value *sum =
        scaled(buildAten(rw, "aten.mm.default", {{"self", pick(batch1)}, {"mat2", pick(batch2)}},
                         {}, DType::Float32),
               *alpha);
    double factor = i == 0 ? *beta : 1.0;
    if (factor != 0.0)
      sum = buildAten(rw, "aten.add.Tensor",
                      {{"self", scaled(convert(result, DType::Float32), factor)}, {"other", sum}},
                      {}, DType::Float32);
    result = convert(sum, DType::Float16);
  }
  if (result->getType() != resultType)
    result =
        createAtenOp(rw, "aten.alias.default", {{"self", result}}, {}, {resultType})->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

// aten.addbmm.default(self, batch1, batch2, *, beta=1, alpha=1)
bool decomposeAddbmm(ir::Operation &root, ir::PatternRewriter &rw) {
  if (!addProductOperands(root, rw, {"batch1", "batch2"}))
    return false;
  DType dtype = root.getResult(0)->getType().getDType();
  if (dtype == DType::Float16) {
    const ir::Type &batch1 = getTensorArg(root, "batch1")->getType();
    if (batch1.getRank() != 3 || !batch1.getShape()[0].isStatic() ||
        batch1.getShape()[0].getSize() < 1 ||
        batch1.getShape()[0].getSize() > kMaxFloat16AddbmmBatches)
      return rw.notifyMatchFailure(
          root, "float16 addbmm needs 1 to " + llvm::Twine(kMaxFloat16AddbmmBatches) +
                    " batches of static count: torch rounds its sum to float16 after each batch, "
                    "which the decomposition repeats batch by batch");
    return replaceWithFloat16Addbmm(root, rw, batch1.getShape()[0].getSize());
  }
  Value *products = buildAten(
      rw, "aten.bmm.default",
      {{"self", getTensorArg(root, "batch1")}, {"mat2", getTensorArg(root, "batch2")}}, {}, dtype);
  Value *product = buildAten(rw, "aten.sum.dim_IntList", {{"self", products}},
                             {{"dim", Attribute::intList({0})}}, dtype);
  return replaceWithAddScaled(root, rw, product);
}

/// The cross product of `self` and `other` (of one rank) along `dim`.
bool replaceWithCross(ir::Operation &root, ir::PatternRewriter &rw, Value *self, Value *other,
                      int64_t dim) {
  DType dtype = root.getResult(0)->getType().getDType();
  auto roll = [&](Value *value, int64_t shift) {
    return buildAten(rw, "aten.roll.default", {{"self", value}},
                     {{"shifts", Attribute::intList({shift})}, {"dims", Attribute::intList({dim})}},
                     value->getType().getDType());
  };
  auto binary = [&](llvm::StringRef key, Value *a, Value *b) {
    return buildAten(rw, key, {{"self", a}, {"other", b}}, {}, dtype);
  };
  Value *selfNext = roll(self, -1), *otherPrevious = roll(other, 1);
  Value *first = binary("aten.mul.Tensor", selfNext, otherPrevious);
  Value *selfPrevious = roll(self, 1), *otherNext = roll(other, -1);
  Value *second = binary("aten.mul.Tensor", selfPrevious, otherNext);
  Value *result = createAtenOp(rw, "aten.sub.Tensor", {{"self", first}, {"other", second}}, {},
                               {root.getResult(0)->getType()})
                      ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

// aten.linalg_cross.default(self, other, *, dim=-1), aten.cross.default(self,
// other, dim=None): along `dim`, or the first dim of `self` of size 3 when it
// is None; self and other of one rank and of size 3 there.
bool decomposeCross(ir::Operation &root, ir::PatternRewriter &rw) {
  Value *self = getTensorArg(root, "self");
  Value *other = getTensorArg(root, "other");
  if (!isRealRankedTensor(self) || !isRealRankedTensor(other) || rankOf(self) != rankOf(other))
    return rw.notifyMatchFailure(root, "`self` and `other` are not real tensors of one rank");
  if (root.getResult(0)->getType().getDType() == DType::Bool)
    return rw.notifyMatchFailure(root, "the result is bool");
  int64_t rank = rankOf(self);
  auto sizeIs3 = [&](Value *value, int64_t dim) {
    return value->getType().getShape()[dim] == ir::Dim(3);
  };
  std::optional<int64_t> givenDim = getIntArg(root, "dim");
  std::optional<int64_t> dim;
  if (givenDim) {
    dim = numerics::normalizeAxis(*givenDim, rank);
  } else {
    for (int64_t i = 0; i < rank && !dim; ++i)
      if (sizeIs3(self, i))
        dim = i;
  }
  if (!dim || !sizeIs3(self, *dim) || !sizeIs3(other, *dim))
    return rw.notifyMatchFailure(root, "the dim of the product is not of size 3 in both");
  return replaceWithCross(root, rw, self, other, *dim);
}

} // namespace

void addProductDecompositions(DecompositionTable &table) {
  table.add("aten.addbmm.default", {"products", decomposeAddbmm});
  table.add("aten.addmv.default", {"products", decomposeAddmv});
  table.add("aten.addr.default", {"products", decomposeAddr});
  table.add("aten.bilinear.default", {"products", decomposeBilinear});
  table.add("aten.chain_matmul.default", {"products", decomposeMultiDot});
  table.add("aten.cross.default", {"products", decomposeCross});
  table.add("aten.inner.default", {"products", decomposeInner});
  table.add("aten.kron.default", {"products", decomposeKron});
  table.add("aten.linalg_cross.default", {"products", decomposeCross});
  table.add("aten.linalg_multi_dot.default", {"products", decomposeMultiDot});
  table.add("aten.linalg_vecdot.default", {"products", decomposeVecdot});
  table.add("aten.tensordot.default", {"products", decomposeTensordot});
  table.add("aten.vdot.default", {"products", decomposeVdot});
}

} // namespace pt2onnx::passes
