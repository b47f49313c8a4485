//===- MatrixNorm.cpp - linalg_norm and the matrix norms with closed forms --===//
//
// `aten.linalg_matrix_norm` over the dims (d0, d1) is, for ord 'fro', the
// vector 2-norm over both dims; for ord 1 (-1) the largest (smallest) sum of
// |a| down a column: `abs`, `sum` over d0, `amax` (`amin`) over d1; for ord
// inf (-inf) the same with d0 and d1 exchanged, as torch computes them.
// Ord 2, -2 and 'nuc' over the last two dims are the largest, smallest and
// sum of the singular values (`aten.linalg_svdvals`); over other dims they
// are left whole, and the lowering refuses them.
//
// `aten.linalg_norm` is a vector norm (`aten.linalg_vector_norm`, ord 2 by
// default) over one dim, or over the flattened tensor when neither ord nor
// dim is given, or over a 1-D tensor; a matrix norm (ord 'fro' by default)
// over two dims, or over a 2-D tensor when only ord is given.
//
// `aten.nuclear_norm` is the 'nuc' matrix norm (over dims 0 and 1 of a
// 2-D tensor without `dim`).
//
// A `dtype` argument is declined: torch computes in that dtype, which these
// ops cannot express without a cast of their own.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"
#include "passes/decompose/Decompositions.h"

#include <cmath>
#include <optional>
#include <string>
#include <variant>

namespace pt2onnx::passes {

namespace {

/// A norm's ord: a number, or 'fro' / 'nuc'.
using Ord = std::variant<double, std::string>;

/// The Scalar or str argument `name` of `root`; nullopt when it is None or
/// absent without a default.
std::optional<Ord> getOrdArg(const ir::Operation &root, llvm::StringRef name) {
  const ir::Attribute *attr = root.getAttr(name);
  if (attr && attr->getKind() == ir::Attribute::Kind::String)
    return Ord(attr->getString().str());
  if (std::optional<double> number = getFloatArg(root, name))
    return Ord(*number);
  return std::nullopt;
}

/// The bool argument `keepdim` (False by default in every overload here).
bool getKeepdim(const ir::Operation &root) {
  const ir::Attribute *attr = root.getAttr("keepdim");
  return attr && attr->getKind() == ir::Attribute::Kind::Bool && attr->getBool();
}

/// The int list argument `dim` (a single int as a one-element list);
/// nullopt when None or absent.
std::optional<llvm::SmallVector<int64_t, 2>> getDims(const ir::Operation &root) {
  const ir::Attribute *attr = root.getAttr("dim");
  if (attr && attr->getKind() == ir::Attribute::Kind::IntList)
    return llvm::SmallVector<int64_t, 2>(attr->getIntList().begin(), attr->getIntList().end());
  if (attr && attr->getKind() == ir::Attribute::Kind::Int)
    return llvm::SmallVector<int64_t, 2>{attr->getInt()};
  return std::nullopt;
}

/// The checks every overload shares: a floating ranked `self` with no
/// `dtype`. Returns `self`, or null after notifying why not.
ir::Value *normInput(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked() ||
      !isFloatingPoint(self->getType().getDType())) {
    rw.notifyMatchFailure(root, "`self` is not a floating-point tensor of known rank");
    return nullptr;
  }
  const ir::Attribute *dtype = root.getAttr("dtype");
  if (dtype && !dtype->isUnit()) {
    rw.notifyMatchFailure(root, "a `dtype` argument is not decomposed");
    return nullptr;
  }
  return self;
}

/// The vector norm of `self` of order `ord` over `dims` (all when nullopt).
ir::Value *vectorNorm(ir::PatternRewriter &rw, ir::Value *self, double ord,
                      std::optional<llvm::ArrayRef<int64_t>> dims, bool keepdim, ir::DType dtype) {
  llvm::SmallVector<ir::NamedAttribute, 3> attrs{{"ord", ir::Attribute::floating(ord)},
                                                 {"keepdim", ir::Attribute::boolean(keepdim)}};
  if (dims)
    attrs.push_back({"dim", ir::Attribute::intList(*dims)});
  return buildAten(rw, "aten.linalg_vector_norm.default", {{"self", self}}, attrs, dtype);
}

/// The matrix norm of `self` of order `ord` over the dims (d0, d1), or null
/// after notifying why not.
ir::Value *matrixNorm(ir::Operation &root, ir::PatternRewriter &rw, ir::Value *self, const Ord &ord,
                      llvm::ArrayRef<int64_t> dims, bool keepdim) {
  int64_t rank = self->getType().getRank();
  ir::DType dtype = self->getType().getDType();
  if (dims.size() != 2 || rank < 2) {
    rw.notifyMatchFailure(root, "a matrix norm needs two dims");
    return nullptr;
  }
  std::optional<int64_t> d0 = numerics::normalizeAxis(dims[0], rank);
  std::optional<int64_t> d1 = numerics::normalizeAxis(dims[1], rank);
  if (!d0 || !d1 || *d0 == *d1) {
    rw.notifyMatchFailure(root, "the dims of a matrix norm must be two different dims");
    return nullptr;
  }
  const std::string *name = std::get_if<std::string>(&ord);
  if (name && *name != "fro" && *name != "nuc") {
    rw.notifyMatchFailure(root, "unknown ord '" + *name + "'");
    return nullptr;
  }
  if (name && *name == "fro") {
    int64_t both[] = {*d0, *d1};
    return vectorNorm(rw, self, 2.0, llvm::ArrayRef<int64_t>(both), keepdim, dtype);
  }
  if (name || std::abs(std::get<double>(ord)) == 2) {
    // Of the singular values (the same for the matrix and its transpose):
    // the sum for 'nuc', the largest for 2, the smallest for -2.
    if (std::min(*d0, *d1) != rank - 2 || std::max(*d0, *d1) != rank - 1) {
      rw.notifyMatchFailure(root, "ord 2, -2 and 'nuc' are decomposed over the last two dims only");
      return nullptr;
    }
    ir::Value *values = buildAten(rw, "aten.linalg_svdvals.default", {{"A", self}}, {}, dtype);
    llvm::StringRef reduction = name                        ? "aten.sum.dim_IntList"
                                : std::get<double>(ord) > 0 ? "aten.amax.default"
                                                            : "aten.amin.default";
    ir::Value *norm = buildAten(
        rw, reduction, {{"self", values}},
        {{"dim", ir::Attribute::intList({rank - 2})}, {"keepdim", ir::Attribute::boolean(keepdim)}},
        dtype);
    return keepdim ? unsqueezeAt(rw, norm, {rank - 1}) : norm;
  }
  double p = std::get<double>(ord);
  if (p != 1 && p != -1 && !std::isinf(p)) {
    rw.notifyMatchFailure(root, "ord " + std::to_string(p) + " is not a matrix norm");
    return nullptr;
  }
  if (std::isinf(p))
    std::swap(*d0, *d1);
  if (!keepdim && *d0 < *d1)
    --*d1;
  ir::Value *abs = buildAten(rw, "aten.abs.default", {{"self", self}}, {}, dtype);
  ir::Value *sums = buildAten(
      rw, "aten.sum.dim_IntList", {{"self", abs}},
      {{"dim", ir::Attribute::intList({*d0})}, {"keepdim", ir::Attribute::boolean(keepdim)}},
      dtype);
  return buildAten(
      rw, p > 0 ? "aten.amax.default" : "aten.amin.default", {{"self", sums}},
      {{"dim", ir::Attribute::intList({*d1})}, {"keepdim", ir::Attribute::boolean(keepdim)}},
      dtype);
}

bool replaceWith(ir::Operation &root, ir::PatternRewriter &rw, ir::Value *value) {
  if (!value)
    return false;
  rw.replaceOp(&root, {value});
  return true;
}

// aten.linalg_matrix_norm.default(self, ord, dim=[-2, -1], keepdim=False, *, dtype=None),
// aten.linalg_matrix_norm.str_ord(self, ord='fro', ...)
bool decomposeMatrixNorm(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = normInput(root, rw);
  if (!self)
    return false;
  std::optional<Ord> ord = getOrdArg(root, "ord");
  if (!ord && root.getName().getStringRef().ends_with(".str_ord"))
    ord = Ord(std::string("fro"));
  if (!ord)
    return rw.notifyMatchFailure(root, "`ord` is not a number or a name");
  llvm::SmallVector<int64_t, 2> dims =
      getDims(root).value_or(llvm::SmallVector<int64_t, 2>{-2, -1});
  return replaceWith(root, rw, matrixNorm(root, rw, self, *ord, dims, getKeepdim(root)));
}

// aten.linalg_norm.default(self, ord=None, dim=None, keepdim=False, *, dtype=None),
// aten.linalg_norm.ord_str(self, ord, dim=None, keepdim=False, *, dtype=None)
bool decomposeNorm(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = normInput(root, rw);
  if (!self)
    return false;
  int64_t rank = self->getType().getRank();
  ir::DType dtype = self->getType().getDType();
  std::optional<Ord> ord = getOrdArg(root, "ord");
  bool keepdim = getKeepdim(root);
  std::optional<llvm::SmallVector<int64_t, 2>> dims = getDims(root);
  if (!dims && !ord)
    return replaceWith(root, rw, vectorNorm(rw, self, 2.0, std::nullopt, keepdim, dtype));
  if (!dims) {
    if (rank != 1 && rank != 2)
      return rw.notifyMatchFailure(root, "an ord without dims needs a 1-D or 2-D tensor");
    dims.emplace();
    for (int64_t d = 0; d < rank; ++d)
      dims->push_back(d);
  }
  if (dims->size() == 1) {
    double p = 2.0;
    if (ord) {
      const double *number = std::get_if<double>(&*ord);
      if (!number)
        return rw.notifyMatchFailure(root, "a named ord over one dim");
      p = *number;
    }
    return replaceWith(root, rw,
                       vectorNorm(rw, self, p, llvm::ArrayRef<int64_t>(*dims), keepdim, dtype));
  }
  return replaceWith(
      root, rw, matrixNorm(root, rw, self, ord.value_or(Ord(std::string("fro"))), *dims, keepdim));
}

// aten.nuclear_norm.default(self, keepdim=False) of a 2-D tensor,
// aten.nuclear_norm.dim(self, dim, keepdim=False): the 'nuc' matrix norm.
bool decomposeNuclearNorm(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = normInput(root, rw);
  if (!self)
    return false;
  llvm::SmallVector<int64_t, 2> dims = getDims(root).value_or(llvm::SmallVector<int64_t, 2>{0, 1});
  return replaceWith(root, rw,
                     matrixNorm(root, rw, self, Ord(std::string("nuc")), dims, getKeepdim(root)));
}

} // namespace

void addMatrixNormDecompositions(DecompositionTable &table) {
  table.add("aten.linalg_matrix_norm.default", {"linalg", decomposeMatrixNorm});
  table.add("aten.linalg_matrix_norm.str_ord", {"linalg", decomposeMatrixNorm});
  table.add("aten.linalg_norm.default", {"linalg", decomposeNorm});
  table.add("aten.linalg_norm.ord_str", {"linalg", decomposeNorm});
  table.add("aten.nuclear_norm.default", {"linalg", decomposeNuclearNorm});
  table.add("aten.nuclear_norm.dim", {"linalg", decomposeNuclearNorm});
}

} // namespace pt2onnx::passes
