//===- MatrixProduct.cpp - Matrix products and einsum ----------------------===//
//
// numpy's matmul (1-D operands promoted to matrices and their dim dropped,
// batch dims broadcast) serves torch's mm, bmm, matmul, mv, dot, outer,
// linear and the add* forms (beta * self + alpha * product; beta 0 ignores
// self, NaN included, as torch documents), and ONNX's MatMul and Gemm (C
// ignored when beta is 0, as onnxruntime does). einsum handles ellipses,
// implicit outputs (the labels used once, in alphabetical order), repeated
// labels (diagonals) and size-1 broadcasting.
//
// Float tensors only (the runtimes' integer products are declined). Products
// are summed in double and rounded once, so the result may differ from the
// runtimes', which accumulate in float32, in the last bits: the rules are
// unfoldable.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"
#include "passes/eval/NN.h"

#include "llvm/ADT/StringExtras.h"

#include <map>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

/// Values and shape of an intermediate product.
struct Product {
  Shape shape;
  std::vector<double> values;
};

/// numpy's matmul of `a` and `b` (float tensors), in double.
std::optional<Product> matmul(EvalContext &ctx, const Tensor &a, const Tensor &b) {
  if (a.getRank() == 0 || b.getRank() == 0)
    return ctx.fail();
  Shape as(a.getShape().begin(), a.getShape().end()), bs(b.getShape().begin(), b.getShape().end());
  bool aVector = as.size() == 1, bVector = bs.size() == 1;
  if (aVector)
    as.insert(as.begin(), 1);
  if (bVector)
    bs.push_back(1);
  int64_t m = as[as.size() - 2], k = as.back(), n = bs.back();
  if (bs[bs.size() - 2] != k)
    return ctx.fail();
  llvm::ArrayRef<int64_t> aBatch = llvm::ArrayRef<int64_t>(as).drop_back(2),
                          bBatch = llvm::ArrayRef<int64_t>(bs).drop_back(2);
  std::optional<Shape> batch = ctx.broadcast({aBatch, bBatch});
  if (!batch)
    return std::nullopt;
  Product p;
  p.shape = *batch;
  if (!aVector)
    p.shape.push_back(m);
  if (!bVector)
    p.shape.push_back(n);
  if (!ctx.withinLimit(p.shape))
    return std::nullopt;
  std::optional<std::vector<double>> av = floatsOf(ctx, a), bv = floatsOf(ctx, b);
  if (!av || !bv)
    return std::nullopt;
  std::vector<int64_t> aIndex = numerics::broadcastIndices(aBatch, *batch),
                       bIndex = numerics::broadcastIndices(bBatch, *batch);
  p.values.assign(getNumElements(*batch) * m * n, 0.0);
  for (size_t i = 0, e = aIndex.size(); i != e; ++i) {
    const double *ap = &(*av)[aIndex[i] * m * k], *bp = &(*bv)[bIndex[i] * k * n];
    double *out = &p.values[i * m * n];
    for (int64_t r = 0; r != m; ++r)
      for (int64_t j = 0; j != k; ++j) {
        double x = ap[r * k + j];
        for (int64_t c = 0; c != n; ++c)
          out[r * n + c] += x * bp[j * n + c];
      }
  }
  return p;
}

/// `t` with its last two dims swapped.
Tensor transposedMatrix(const Tensor &t) {
  size_t rank = t.getRank();
  Shape strides = getStrides(t.getShape()), shape(t.getShape().begin(), t.getShape().end());
  std::swap(shape[rank - 1], shape[rank - 2]);
  std::swap(strides[rank - 1], strides[rank - 2]);
  return copyStrided(t, shape, strides, 0);
}

/// beta * c + alpha * p, c broadcast to p's shape (unidirectionally); c is
/// ignored when beta is 0.
std::optional<Tensor> scaleAndAdd(EvalContext &ctx, Product p, const Tensor *c, double alpha,
                                  double beta, DType out) {
  for (double &v : p.values)
    v *= alpha;
  if (c && beta != 0) {
    std::optional<Shape> shape = ctx.broadcast({c->getShape(), p.shape});
    if (!shape || *shape != p.shape)
      return ctx.fail();
    std::optional<std::vector<double>> cv = floatsOf(ctx, *c);
    if (!cv)
      return std::nullopt;
    std::vector<int64_t> index = numerics::broadcastIndices(c->getShape(), p.shape);
    for (size_t i = 0, e = p.values.size(); i != e; ++i)
      p.values[i] += beta * (*cv)[index[i]];
  }
  return tensorOfFloats(ctx, out, p.shape, p.values);
}

/// mm, bmm, matmul, mv, dot, outer (a column times a row).
std::optional<EvalResults> atenMatmul(EvalContext &ctx, llvm::StringRef lhs, llvm::StringRef rhs,
                                      bool outer = false) {
  const Tensor *a = ctx.tensor(lhs), *b = ctx.tensor(rhs);
  if (!a || !b)
    return ctx.fail();
  std::optional<Product> p =
      outer ? matmul(ctx, a->reshaped({a->getNumElements(), 1}), b->reshaped({1, b->getNumElements()}))
            : matmul(ctx, *a, *b);
  if (!p)
    return std::nullopt;
  return single(tensorOfFloats(ctx, ctx.resultDType(), p->shape, p->values));
}

std::optional<EvalResults> atenMm(EvalContext &ctx) { return atenMatmul(ctx, "self", "mat2"); }
std::optional<EvalResults> atenMatmulOther(EvalContext &ctx) {
  return atenMatmul(ctx, "self", "other");
}
std::optional<EvalResults> atenMv(EvalContext &ctx) { return atenMatmul(ctx, "self", "vec"); }
std::optional<EvalResults> atenDot(EvalContext &ctx) { return atenMatmul(ctx, "self", "tensor"); }
std::optional<EvalResults> atenOuter(EvalContext &ctx) {
  return atenMatmul(ctx, "self", "vec2", true);
}

/// addmm, baddbmm, addmv: beta * self + alpha * (m1 @ m2); addbmm sums the
/// batch of products.
template <bool sumBatch>
std::optional<EvalResults> atenAddProduct(EvalContext &ctx, llvm::StringRef lhs,
                                          llvm::StringRef rhs) {
  const Tensor *self = ctx.tensor("self"), *a = ctx.tensor(lhs), *b = ctx.tensor(rhs);
  std::optional<double> alpha = numberArg(ctx, "alpha", 1), beta = numberArg(ctx, "beta", 1);
  if (!self || !a || !b || !alpha || !beta)
    return ctx.fail();
  std::optional<Product> p = matmul(ctx, *a, *b);
  if (!p)
    return std::nullopt;
  if (sumBatch) {
    if (p->shape.size() != 3)
      return ctx.fail();
    int64_t plane = p->shape[1] * p->shape[2];
    for (int64_t i = 1; i < p->shape[0]; ++i)
      for (int64_t j = 0; j != plane; ++j)
        p->values[j] += p->values[i * plane + j];
    p->values.resize(plane);
    p->shape.erase(p->shape.begin());
  }
  return single(scaleAndAdd(ctx, std::move(*p), self, *alpha, *beta, ctx.resultDType()));
}

std::optional<EvalResults> atenAddmm(EvalContext &ctx) {
  return atenAddProduct<false>(ctx, "mat1", "mat2");
}
std::optional<EvalResults> atenBaddbmm(EvalContext &ctx) {
  return atenAddProduct<false>(ctx, "batch1", "batch2");
}
std::optional<EvalResults> atenAddbmm(EvalContext &ctx) {
  return atenAddProduct<true>(ctx, "batch1", "batch2");
}
std::optional<EvalResults> atenAddmv(EvalContext &ctx) {
  return atenAddProduct<false>(ctx, "mat", "vec");
}

/// linear: input @ weight^T + bias (a 1-D weight gives a dot product).
std::optional<EvalResults> atenLinear(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input"), *w = ctx.tensor("weight");
  const Tensor *bias = ctx.optionalTensor("bias");
  if (!x || !w || ctx.hasFailed() || w->getRank() > 2)
    return ctx.fail();
  std::optional<Product> p = matmul(ctx, *x, w->getRank() == 2 ? transposedMatrix(*w) : *w);
  if (!p)
    return std::nullopt;
  return single(scaleAndAdd(ctx, std::move(*p), bias, 1, 1, ctx.resultDType()));
}

std::optional<EvalResults> onnxMatMul(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0), *b = ctx.operand(1);
  if (!a || !b || a->getDType() != b->getDType())
    return ctx.fail();
  std::optional<Product> p = matmul(ctx, *a, *b);
  if (!p)
    return std::nullopt;
  return single(tensorOfFloats(ctx, ctx.resultDType(), p->shape, p->values));
}

/// Gemm: alpha * A' B' + beta * C, A' and B' optionally transposed.
std::optional<EvalResults> onnxGemm(EvalContext &ctx) {
  const Tensor *a = ctx.operand(0), *b = ctx.operand(1);
  const Tensor *c = ctx.isNone(2) ? nullptr : ctx.operand(2);
  if (!a || !b || (!ctx.isNone(2) && !c) || a->getRank() != 2 || b->getRank() != 2)
    return ctx.fail();
  double alpha = ctx.getFloat("alpha", 1), beta = ctx.getFloat("beta", 1);
  Tensor at = ctx.getInt("transA", 0) ? transposedMatrix(*a) : *a;
  Tensor bt = ctx.getInt("transB", 0) ? transposedMatrix(*b) : *b;
  std::optional<Product> p = matmul(ctx, at, bt);
  if (!p)
    return std::nullopt;
  return single(scaleAndAdd(ctx, std::move(*p), c, alpha, beta, ctx.resultDType()));
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

/// The labels of one term: letters as their character, the ellipsis dims as
/// negative numbers -1 - position among the broadcast ellipsis dims.
using Labels = llvm::SmallVector<int, 8>;

/// Parses one term of `rank` dims (rank -1: the output, whose ellipsis has
/// `ellipsisRank` dims); nullopt when malformed.
std::optional<Labels> parseTerm(llvm::StringRef term, int64_t rank, int64_t ellipsisRank) {
  Labels labels;
  size_t dots = term.find("...");
  llvm::StringRef before = term.substr(0, dots),
                  after = dots == llvm::StringRef::npos ? "" : term.substr(dots + 3);
  if (after.contains('.') || before.contains('.'))
    return std::nullopt;
  for (char c : before) {
    if (!llvm::isAlpha(c))
      return std::nullopt;
    labels.push_back(c);
  }
  if (dots != llvm::StringRef::npos) {
    int64_t own = rank < 0 ? ellipsisRank : rank - int64_t(before.size() + after.size());
    if (own < 0 || own > ellipsisRank)
      return std::nullopt;
    for (int64_t i = ellipsisRank - own; i != ellipsisRank; ++i)
      labels.push_back(-1 - int(i));
  }
  for (char c : after) {
    if (!llvm::isAlpha(c))
      return std::nullopt;
    labels.push_back(c);
  }
  if (rank >= 0 && int64_t(labels.size()) != rank)
    return std::nullopt;
  return labels;
}

std::optional<Tensor> einsum(EvalContext &ctx, llvm::StringRef equation,
                             llvm::ArrayRef<const Tensor *> inputs, DType out) {
  std::string eq;
  for (char c : equation)
    if (c != ' ')
      eq.push_back(c);
  auto [lhs, rhs] = llvm::StringRef(eq).split("->");
  bool explicitOutput = llvm::StringRef(eq).contains("->");
  llvm::SmallVector<llvm::StringRef, 4> terms;
  lhs.split(terms, ',');
  if (terms.size() != inputs.size())
    return ctx.fail();
  int64_t ellipsisRank = 0;
  for (auto [term, t] : llvm::zip(terms, inputs)) {
    size_t letters = llvm::count_if(term, llvm::isAlpha);
    if (term.contains("..."))
      ellipsisRank = std::max(ellipsisRank, int64_t(t->getRank()) - int64_t(letters));
  }
  llvm::SmallVector<Labels, 4> operandLabels;
  std::map<int, int64_t> sizes, uses;
  for (auto [term, t] : llvm::zip(terms, inputs)) {
    std::optional<Labels> labels = parseTerm(term, t->getRank(), ellipsisRank);
    if (!labels)
      return ctx.fail();
    for (auto [label, size] : llvm::zip(*labels, t->getShape())) {
      auto [it, added] = sizes.try_emplace(label, size);
      if (!added && it->second != size && it->second != 1 && size != 1)
        return ctx.fail();
      if (it->second == 1)
        it->second = size;
      ++uses[label];
    }
    operandLabels.push_back(std::move(*labels));
  }
  Labels outLabels;
  if (explicitOutput) {
    std::optional<Labels> labels = parseTerm(rhs, -1, ellipsisRank);
    if (!labels)
      return ctx.fail();
    outLabels = std::move(*labels);
    for (int label : outLabels)
      if (!sizes.count(label) && label >= 0)
        return ctx.fail();
  } else {
    for (int64_t i = 0; i != ellipsisRank; ++i)
      outLabels.push_back(-1 - int(i));
    for (auto [label, count] : uses) // letters, in ASCII order
      if (label >= 0 && count == 1)
        outLabels.push_back(label);
  }
  // All labels: the output's first, then the summed ones.
  Labels all = outLabels;
  for (auto [label, size] : sizes)
    if (!llvm::is_contained(all, label))
      all.push_back(label);
  Shape allSizes, outShape;
  for (int label : all)
    allSizes.push_back(sizes.count(label) ? sizes[label] : 1);
  outShape.assign(allSizes.begin(), allSizes.begin() + outLabels.size());
  if (!ctx.withinLimit(outShape))
    return std::nullopt;
  // Per operand, the stride of each label (summed over repeated dims; 0
  // where the operand broadcasts).
  llvm::SmallVector<Shape, 4> strides;
  llvm::SmallVector<std::vector<double>, 4> values;
  for (auto [labels, t] : llvm::zip(operandLabels, inputs)) {
    Shape dimStrides = getStrides(t->getShape()), labelStrides(all.size(), 0);
    for (auto [d, label] : llvm::enumerate(labels))
      if (t->getShape()[d] != 1)
        labelStrides[llvm::find(all, label) - all.begin()] += dimStrides[d];
    strides.push_back(std::move(labelStrides));
    std::optional<std::vector<double>> v = floatsOf(ctx, *t);
    if (!v)
      return std::nullopt;
    values.push_back(std::move(*v));
  }
  std::vector<double> result(getNumElements(outShape), 0.0);
  int64_t total = getNumElements(allSizes), inner = total / std::max<int64_t>(1, result.size());
  Shape counter(all.size(), 0);
  llvm::SmallVector<int64_t, 4> offsets(inputs.size(), 0);
  for (int64_t i = 0; i != total; ++i) {
    double product = 1;
    for (size_t k = 0; k != inputs.size(); ++k)
      product *= values[k][offsets[k]];
    result[i / std::max<int64_t>(1, inner)] += product;
    for (size_t d = all.size(); d-- > 0;) {
      for (size_t k = 0; k != inputs.size(); ++k)
        offsets[k] += strides[k][d];
      if (++counter[d] < allSizes[d])
        break;
      for (size_t k = 0; k != inputs.size(); ++k)
        offsets[k] -= strides[k][d] * allSizes[d];
      counter[d] = 0;
    }
  }
  return tensorOfFloats(ctx, out, outShape, result);
}

std::optional<EvalResults> atenEinsum(EvalContext &ctx) {
  llvm::SmallVector<const Tensor *, 4> inputs = ctx.tensorList("tensors");
  std::string equation = ctx.getString("equation", "");
  if (ctx.hasFailed() || inputs.empty())
    return ctx.fail();
  return single(einsum(ctx, equation, inputs, ctx.resultDType()));
}

std::optional<EvalResults> onnxEinsum(EvalContext &ctx) {
  llvm::SmallVector<const Tensor *, 4> inputs;
  for (unsigned i = 0, e = ctx.getNumOperands(); i != e; ++i) {
    if (!ctx.operand(i))
      return ctx.fail();
    inputs.push_back(ctx.operand(i));
  }
  std::string equation = ctx.getString("equation", "");
  if (ctx.hasFailed() || inputs.empty())
    return ctx.fail();
  return single(einsum(ctx, equation, inputs, ctx.resultDType()));
}

} // namespace

void registerMatrixProductRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.Einsum", onnxEinsum);
  r.addUnfoldable("onnx.Gemm", onnxGemm);
  r.addUnfoldable("onnx.MatMul", onnxMatMul);

  r.addUnfoldable("aten.addbmm.default", atenAddbmm);
  r.addUnfoldable("aten.addmm.default", atenAddmm);
  r.addUnfoldable("aten.addmv.default", atenAddmv);
  r.addUnfoldable("aten.baddbmm.default", atenBaddbmm);
  r.addUnfoldable("aten.bmm.default", atenMm);
  r.addUnfoldable("aten.dot.default", atenDot);
  r.addUnfoldable("aten.einsum.default", atenEinsum);
  r.addUnfoldable("aten.linear.default", atenLinear);
  r.addUnfoldable("aten.matmul.default", atenMatmulOther);
  r.addUnfoldable("aten.mm.default", atenMm);
  r.addUnfoldable("aten.mv.default", atenMv);
  r.addUnfoldable("aten.outer.default", atenOuter);
}

} // namespace pt2onnx::passes::eval
