//===- factorization.cpp - Matrix factorizations, solves, inverses ----------===//
//
// ONNX has no factorization op (its Det is not used: torch's det comes from
// an LU, whose pivots and factors these rules need for the other results
// anyway), so LU with partial pivoting, Cholesky and Householder QR are
// emitted unrolled over the matrix size, which must be static and small:
// each step of the algorithm is a few ONNX ops over the whole batch (slices
// of the last two dims, a rank-1 update, a Concat putting the matrix back
// together). The steps are LAPACK's (getrf takes the first row of largest
// |a| as the pivot and scales by its reciprocal, potrf reads the lower
// triangle, geqrf's reflectors have beta = -sign(alpha) * norm), so
// factors, pivots, signs and info are torch's; only the order of the sums,
// and so the rounding, differs. Solves, inverses, determinants and matrix
// powers are built on them.
//
// Symmetric eigenvalues and singular values come from Jacobi rotations, a
// fixed number of sweeps (LAPACK iterates until convergence, which ONNX
// cannot test without a Loop). Eigenvectors and singular vectors are not
// lowered: their signs are LAPACK's choice.
//
// Only floating-point inputs: torch refuses the others.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::Type;
using ir::Value;

/// Each step of an unrolled algorithm is a few ops over the batch, and an
/// n x n matrix takes n steps (n^2 for the row solves of an inverse).
constexpr int64_t kMaxMatrixSize = 16;

/// Jacobi sweeps for eigenvalues and singular values: the off-diagonal
/// shrinks quadratically once small, so these leave it below rounding for
/// any matrix of kMaxMatrixSize.
int64_t jacobiSweeps(DType dtype) { return dtype == DType::Float64 ? 10 : 8; }

int64_t rankOfValue(Value *x) { return int64_t(x->getType().getRank()); }
/// The size of dim `fromEnd` counted from the last (1: the last) of a
/// matrix or batch of matrices; every value here has at least two dims.
int64_t dimFromEnd(Value *x, size_t fromEnd) {
  llvm::ArrayRef<ir::Dim> shape = x->getType().getShape();
  assert(shape.size() >= 2 && "not a matrix");
  return shape.size() >= fromEnd ? shape[shape.size() - fromEnd].getSize() : 0;
}
int64_t rowsOf(Value *x) { return dimFromEnd(x, 2); }
int64_t colsOf(Value *x) { return dimFromEnd(x, 1); }

/// The type of `x` with its last two dims `rows` x `cols`.
Type withMatrixShape(const Type &t, int64_t rows, int64_t cols, DType dtype) {
  llvm::SmallVector<Dim, 4> dims(t.getShape().begin(), t.getShape().end() - 2);
  dims.push_back(Dim(rows));
  dims.push_back(Dim(cols));
  return Type::tensor(dtype, dims);
}

/// The LU factorization with partial pivoting of a [..., m, n] matrix, as
/// LAPACK's getrf leaves it.
struct LuFactors {
  /// U on and above the diagonal, L's multipliers (unit diagonal) below.
  Value *lu = nullptr;
  /// Per step k: the row (0-based, int64 [..., 1, 1]) swapped with row k.
  llvm::SmallVector<Value *, kMaxMatrixSize> pivotRows;
  /// Per step k: U[k, k] ([..., 1, 1]).
  llvm::SmallVector<Value *, kMaxMatrixSize> diagonal;
};

/// The Householder QR factorization of a [..., m, n] matrix as geqrf leaves
/// it: R on and above the diagonal, the reflectors' vectors below (their
/// first element an implicit 1), and their scales tau.
struct QrFactors {
  Value *a = nullptr;
  /// Per reflector: tau ([..., 1, 1]).
  llvm::SmallVector<Value *, kMaxMatrixSize> taus;
};

/// Dense matrix algorithms on tensors [batch..., rows, cols] of `dtype` with
/// static rows and cols; the batch dims are as they come, broadcast where
/// two operands meet.
class DenseLinalg {
public:
  DenseLinalg(OnnxBuilder &b, DType dtype) : b(b), dtype(dtype) {}

  // ---- Pieces ---------------------------------------------------------------
  /// x[..., r0:r1, c0:c1].
  Value *block(Value *x, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
    if (r0 == 0 && c0 == 0 && r1 == rowsOf(x) && c1 == colsOf(x))
      return x;
    Type t = withMatrixShape(x->getType(), r1 - r0, c1 - c0, x->getType().getDType());
    return b.slice(x, b.i64s({r0, c0}), b.i64s({r1, c1}), b.i64s({-2, -1}), nullptr, t);
  }
  Value *element(Value *x, int64_t r, int64_t c) { return block(x, r, r + 1, c, c + 1); }
  /// The non-empty `parts` stacked along the rows (or columns).
  Value *catRows(llvm::ArrayRef<Value *> parts) { return cat(parts, 2); }
  Value *catCols(llvm::ArrayRef<Value *> parts) { return cat(parts, 1); }
  Value *transposed(Value *x) {
    int64_t rank = rankOfValue(x);
    llvm::SmallVector<int64_t, 4> perm;
    for (int64_t i = 0; i < rank - 2; ++i)
      perm.push_back(i);
    perm.push_back(rank - 1);
    perm.push_back(rank - 2);
    return b.transpose(x, perm);
  }
  Value *zero() { return b.scalar(dtype, 0); }
  /// The constant [rows, cols] matrix of `dtype` with entries `f(i, j)`.
  Value *constantMatrix(int64_t rows, int64_t cols, DType type,
                        llvm::function_ref<double(int64_t, int64_t)> f) {
    llvm::SmallVector<double, 64> values;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        values.push_back(f(i, j));
    return b.constant(makeDense(type, {rows, cols}, values));
  }
  Value *mask(int64_t rows, int64_t cols, llvm::function_ref<bool(int64_t, int64_t)> f) {
    return constantMatrix(rows, cols, DType::Bool,
                          [&](int64_t i, int64_t j) { return f(i, j) ? 1.0 : 0.0; });
  }
  Value *identity(int64_t rows, int64_t cols) {
    return constantMatrix(rows, cols, dtype,
                          [](int64_t i, int64_t j) { return i == j ? 1.0 : 0.0; });
  }
  /// The entries of `x` where `keep(i, j)`, zero elsewhere.
  Value *masked(Value *x, llvm::function_ref<bool(int64_t, int64_t)> keep) {
    return b.where(mask(rowsOf(x), colsOf(x), keep), x, zero());
  }
  /// `x` with the batch dims of `x` and `other` broadcast (x itself when
  /// its own already are).
  Value *withBatchOf(Value *x, Value *other) {
    const Type &tx = x->getType(), &to = other->getType();
    llvm::ArrayRef<Dim> xb = tx.getShape().drop_back(2), ob = to.getShape().drop_back(2);
    Type batch = broadcastType(Type::tensor(dtype, xb), Type::tensor(dtype, ob), dtype);
    if (batch.isRanked() && batch.getShape() == xb)
      return x;
    Value *shape = b.concat({b.shapeOf(other, 0, int64_t(ob.size())), b.i64s({1, 1})}, 0);
    llvm::SmallVector<Dim, 4> dims(batch.isRanked() ? batch.getShape() : ob);
    dims.push_back(tx.getShape().end()[-2]);
    dims.push_back(tx.getShape().end()[-1]);
    return b.expand(x, shape, Type::tensor(tx.getDType(), dims));
  }
  /// The constant [rows, cols] `m` repeated over the batch dims of `like`.
  Value *batched(Value *m, Value *like) {
    int64_t rank = rankOfValue(like);
    if (rank == 2)
      return m;
    Value *shape = b.concat({b.shapeOf(like, 0, rank - 2), b.i64s({rowsOf(m), colsOf(m)})}, 0);
    return b.expand(
        m, shape, withMatrixShape(like->getType(), rowsOf(m), colsOf(m), m->getType().getDType()));
  }

  // ---- Row swaps ------------------------------------------------------------
  /// `x` [..., m, c] (batch dims covering p's) with rows k and p
  /// (int64 [..., 1, 1]) swapped.
  Value *swapRows(Value *x, int64_t k, Value *p) {
    int64_t m = rowsOf(x);
    Value *rows =
        b.constant(makeDenseInt(DType::Int64, {m, 1}, llvm::to_vector(llvm::seq<int64_t>(0, m))));
    Value *source = b.where(b.compare("Equal", rows, b.i64(k)), p,
                            b.where(b.compare("Equal", rows, p), b.i64(k), rows));
    Value *index = b.expand(source, b.shapeOf(x), x->getType().withDType(DType::Int64));
    return b.op("GatherElements", {x, index}, x->getType(),
                {{"axis", Attribute::integer(rankOfValue(x) - 2)}});
  }

  /// `x` with the swaps of rows k and pivotRows[k] applied for k ascending
  /// (P^T x), or descending (P x).
  Value *applyRowSwaps(Value *x, llvm::ArrayRef<Value *> pivotRows, bool reverse) {
    int64_t count = int64_t(pivotRows.size());
    for (int64_t s = 0; s < count; ++s) {
      int64_t k = reverse ? count - 1 - s : s;
      if (k + 1 < rowsOf(x)) // the last row can only be swapped with itself
        x = swapRows(x, k, pivotRows[k]);
    }
    return x;
  }

  // ---- LU -------------------------------------------------------------------
  LuFactors luFactor(Value *a) {
    int64_t m = rowsOf(a), n = colsOf(a), steps = std::min(m, n), rank = rankOfValue(a);
    LuFactors f;
    for (int64_t k = 0; k < steps; ++k) {
      Value *column = b.unary("Abs", block(a, k, m, k, k + 1));
      Value *offset = b.op("ArgMax", {column}, withMatrixShape(a->getType(), 1, 1, DType::Int64),
                           {{"axis", Attribute::integer(rank - 2)},
                            {"keepdims", Attribute::integer(1)},
                            {"select_last_index", Attribute::integer(0)}});
      Value *p = k == 0 ? offset : b.binary("Add", offset, b.i64(k));
      f.pivotRows.push_back(p);
      if (k + 1 < m)
        a = swapRows(a, k, p);
      Value *pivot = element(a, k, k);
      f.diagonal.push_back(pivot);
      if (k + 1 == m)
        continue;
      Value *below = block(a, k + 1, m, k, k + 1);
      // getrf scales by the pivot's reciprocal, and leaves the column as it
      // is when the pivot is 0 (info > 0).
      Value *l = b.where(b.compare("Equal", pivot, zero()), below,
                         b.binary("Mul", below, b.unary("Reciprocal", pivot)));
      Value *trailing = nullptr;
      if (k + 1 < n)
        trailing = b.binary("Sub", block(a, k + 1, m, k + 1, n),
                            b.binary("Mul", l, block(a, k, k + 1, k + 1, n)));
      Value *lower = catCols({k > 0 ? block(a, k + 1, m, 0, k) : nullptr, l, trailing});
      a = catRows({block(a, 0, k + 1, 0, n), lower});
    }
    f.lu = a;
    return f;
  }

  /// A swap list for applyRowSwaps from torch's pivots (int32 [..., k],
  /// 1-based).
  llvm::SmallVector<Value *, kMaxMatrixSize> pivotRowsOf(Value *pivots) {
    int64_t rank = rankOfValue(pivots), k = colsOfVector(pivots);
    llvm::SmallVector<Value *, kMaxMatrixSize> rows;
    Value *wide = b.binary("Sub", b.cast(b.unsqueeze(pivots, {rank}), DType::Int64), b.i64(1));
    for (int64_t i = 0; i < k; ++i)
      rows.push_back(block(wide, i, i + 1, 0, 1));
    return rows;
  }

  /// torch's pivots (int32 [..., k], 1-based) of a swap list.
  Value *pivotsOf(llvm::ArrayRef<Value *> pivotRows) {
    Value *rows = catCols(pivotRows);
    rows = b.squeeze(rows, {rankOfValue(rows) - 2});
    return b.cast(b.binary("Add", rows, b.i64(1)), DType::Int32);
  }

  /// The 1-based index of the first of `flags` (bool [..., 1, 1] each) that
  /// is true, else 0: LAPACK's info, as int32 [...].
  Value *firstTrue(llvm::ArrayRef<Value *> flags) {
    Value *z = b.cast(catCols(flags), DType::Float32);
    int64_t rank = rankOfValue(z);
    Value *any = b.reduce("ReduceMax", z, llvm::ArrayRef<int64_t>{rank - 2, rank - 1}, false);
    Value *first = b.op("ArgMax", {z},
                        OnnxBuilder::reducedType(z->getType(), llvm::ArrayRef<int64_t>{rank - 1},
                                                 false, DType::Int64),
                        {{"axis", Attribute::integer(rank - 1)},
                         {"keepdims", Attribute::integer(0)},
                         {"select_last_index", Attribute::integer(0)}});
    first = b.squeeze(first, {rank - 2});
    Value *info = b.where(b.compare("Greater", any, b.scalar(DType::Float32, 0)),
                          b.binary("Add", first, b.i64(1)), b.i64(0));
    return b.cast(info, DType::Int32);
  }

  /// info of getrf: the first zero pivot.
  Value *luInfo(const LuFactors &f) {
    llvm::SmallVector<Value *, kMaxMatrixSize> zeros;
    for (Value *d : f.diagonal)
      zeros.push_back(b.compare("Equal", d, zero()));
    return firstTrue(zeros);
  }

  /// L ([..., m, k], unit diagonal) and U ([..., k, n]) of a packed LU.
  std::pair<Value *, Value *> unpackLu(Value *lu) {
    int64_t m = rowsOf(lu), n = colsOf(lu), k = std::min(m, n);
    Value *l = b.where(mask(m, k, [](int64_t i, int64_t j) { return i > j; }),
                       block(lu, 0, m, 0, k), identity(m, k));
    Value *u = masked(block(lu, 0, k, 0, n), [](int64_t i, int64_t j) { return i <= j; });
    return {l, u};
  }

  /// P of A = P L U ([..., m, m]) for the swaps of an LU of `lu`'s batch.
  Value *permutationMatrix(Value *lu, llvm::ArrayRef<Value *> pivotRows) {
    int64_t m = rowsOf(lu);
    return applyRowSwaps(batched(identity(m, m), lu), pivotRows, true);
  }

  /// X with A X = B (A^T X = B when `transposeA`) for the LU of A and B
  /// [..., n, k] of the same batch dims.
  Value *luSolve(Value *lu, llvm::ArrayRef<Value *> pivotRows, Value *rhs, bool transposeA) {
    if (!transposeA) {
      Value *y = solveTriangular(lu, applyRowSwaps(rhs, pivotRows, false), false, true);
      return solveTriangular(lu, y, true, false);
    }
    // A^T = U^T L^T P^T.
    Value *z = solveTriangular(lu, rhs, false, false, true);
    Value *w = solveTriangular(lu, z, true, true, true);
    return applyRowSwaps(w, pivotRows, true);
  }

  // ---- Triangular solves ----------------------------------------------------
  /// X with op(T) X = B, op(T) = T (T^T when `transposeT`), for the triangle
  /// of op(T) that `upper` names (the other entries are not read; nor is the
  /// diagonal when `unit`) and B [..., n, k]; the batch dims broadcast.
  ///
  /// T^T is read in place, its rows as columns of T, and the sums of a row
  /// of T^T times the rows solved are a Mul and ReduceSum: ONNX Runtime fuses
  /// a MatMul fed by a Transpose into FusedMatMul, which has no float64
  /// kernel.
  Value *solveTriangular(Value *t, Value *rhs, bool upper, bool unit, bool transposeT = false) {
    rhs = withBatchOf(rhs, t);
    int64_t n = rowsOf(t), k = colsOf(rhs);
    Value *solved = nullptr;
    for (int64_t s = 0; s < n; ++s) {
      int64_t i = upper ? n - 1 - s : s;
      Value *r = block(rhs, i, i + 1, 0, k);
      if (solved) {
        // The entries of row i of op(T) in the columns solved.
        int64_t from = upper ? i + 1 : 0, to = upper ? n : i;
        Value *sum;
        if (transposeT) {
          Value *column = block(t, from, to, i, i + 1);
          int64_t rank = rankOfValue(solved);
          sum = b.reduce("ReduceSum", b.binary("Mul", column, solved),
                         llvm::ArrayRef<int64_t>{rank - 2}, true);
        } else {
          sum = b.matmul(block(t, i, i + 1, from, to), solved);
        }
        r = b.binary("Sub", r, sum);
      }
      if (!unit)
        r = b.binary("Div", r, element(t, i, i));
      solved = !solved ? r : upper ? catRows({r, solved}) : catRows({solved, r});
    }
    return solved;
  }

  // ---- Cholesky -------------------------------------------------------------
  /// L of A = L L^T from the lower triangle of A [..., n, n] (potrf), and
  /// potrf's info: the first step whose pivot is not positive.
  std::pair<Value *, Value *> cholesky(Value *a) {
    int64_t n = rowsOf(a);
    llvm::SmallVector<Value *, kMaxMatrixSize> notPositive;
    for (int64_t j = 0; j < n; ++j) {
      Value *d = element(a, j, j);
      notPositive.push_back(b.unary("Not", b.compare("Greater", d, zero())));
      Value *ljj = b.unary("Sqrt", d);
      Value *rowJ = catCols({j > 0 ? block(a, j, j + 1, 0, j) : nullptr, ljj,
                             j + 1 < n ? block(a, j, j + 1, j + 1, n) : nullptr});
      Value *lower = nullptr;
      if (j + 1 < n) {
        Value *c = b.binary("Div", block(a, j + 1, n, j, j + 1), ljj);
        Value *trailing =
            b.binary("Sub", block(a, j + 1, n, j + 1, n), b.binary("Mul", c, transposed(c)));
        lower = catCols({j > 0 ? block(a, j + 1, n, 0, j) : nullptr, c, trailing});
      }
      a = catRows({j > 0 ? block(a, 0, j, 0, n) : nullptr, rowJ, lower});
    }
    Value *l = masked(a, [](int64_t i, int64_t j) { return i >= j; });
    return {l, firstTrue(notPositive)};
  }

  // ---- Householder QR -------------------------------------------------------
  QrFactors geqrf(Value *a) {
    int64_t m = rowsOf(a), n = colsOf(a), steps = std::min(m, n);
    QrFactors f;
    for (int64_t k = 0; k < steps; ++k) {
      Value *alpha = element(a, k, k);
      if (k + 1 == m) {
        // A reflector of one element is the identity (tau = 0).
        f.taus.push_back(b.expand(zero(), b.shapeOf(alpha), alpha->getType()));
        continue;
      }
      Value *tail = block(a, k + 1, m, k, k + 1);
      int64_t rank = rankOfValue(a);
      Value *xnorm = b.reduce("ReduceL2", tail, llvm::ArrayRef<int64_t>{rank - 2}, true);
      Value *norm = b.unary(
          "Sqrt", b.binary("Add", b.binary("Mul", alpha, alpha), b.binary("Mul", xnorm, xnorm)));
      Value *beta = b.where(b.compare("GreaterOrEqual", alpha, zero()), b.unary("Neg", norm), norm);
      // No reflection when the tail is zero: tau = 0, the column unchanged.
      Value *trivial = b.compare("Equal", xnorm, zero());
      Value *tau = b.where(trivial, zero(), b.binary("Div", b.binary("Sub", beta, alpha), beta));
      Value *v =
          b.where(trivial, tail,
                  b.binary("Mul", tail, b.unary("Reciprocal", b.binary("Sub", alpha, beta))));
      beta = b.where(trivial, alpha, beta);
      f.taus.push_back(tau);
      Value *rest = nullptr;
      if (k + 1 < n)
        rest = reflect(block(a, k, m, k + 1, n), v, tau);
      Value *lower = catCols({k > 0 ? block(a, k, m, 0, k) : nullptr, catRows({beta, v}), rest});
      a = catRows({k > 0 ? block(a, 0, k, 0, n) : nullptr, lower});
    }
    f.a = a;
    return f;
  }

  /// H c for the reflector H = I - tau [1; v] [1; v]^T and c [..., 1 + |v|, k]
  /// (LAPACK's larf: w = c^T [1; v], c -= tau [1; v] w^T).
  Value *reflect(Value *c, Value *v, Value *tau) {
    int64_t rows = rowsOf(c), cols = colsOf(c);
    Value *top = block(c, 0, 1, 0, cols);
    if (rows == 1)
      return b.binary("Sub", top, b.binary("Mul", tau, top));
    Value *rest = block(c, 1, rows, 0, cols);
    int64_t rank = rankOfValue(rest);
    Value *w = b.binary(
        "Add", top,
        b.reduce("ReduceSum", b.binary("Mul", v, rest), llvm::ArrayRef<int64_t>{rank - 2}, true));
    Value *tw = b.binary("Mul", tau, w);
    return catRows({b.binary("Sub", top, tw), b.binary("Sub", rest, b.binary("Mul", v, tw))});
  }

  /// Q c (Q^T c when `transposeQ`) for Q = H_0 ... H_{k-1}, the reflectors
  /// of `reflectors` [..., m, >= k] below its diagonal and `taus`, and c
  /// [..., m, cols] of the same batch dims.
  Value *applyQ(Value *reflectors, llvm::ArrayRef<Value *> taus, Value *c, bool transposeQ) {
    int64_t m = rowsOf(reflectors), cols = colsOf(c), k = int64_t(taus.size());
    for (int64_t s = 0; s < k; ++s) {
      int64_t i = transposeQ ? s : k - 1 - s;
      Value *v = i + 1 < m ? block(reflectors, i + 1, m, i, i + 1) : nullptr;
      Value *reflected = reflect(block(c, i, m, 0, cols), v, taus[i]);
      c = catRows({i > 0 ? block(c, 0, i, 0, cols) : nullptr, reflected});
    }
    return c;
  }

  // ---- Symmetric eigenvalues ------------------------------------------------
  /// The eigenvalues, ascending ([..., n]), of the symmetric `a`
  /// [..., n, n] by cyclic Jacobi: `sweeps` sweeps, each rotating every
  /// off-diagonal pair (p, q) to zero once (a <- J^T a J, with J's rotation
  /// from Numerical Recipes' stable tangent). Jacobi converges
  /// quadratically: a few sweeps leave the off-diagonal below rounding.
  Value *symmetricEigenvalues(Value *a, int64_t sweeps) {
    int64_t n = rowsOf(a), rank = rankOfValue(a);
    Value *one = b.scalar(dtype, 1), *eye = identity(n, n);
    // Per pair (p, q): where J holds c (at pp and qq), and its entries pq and qp.
    struct RotationMasks {
      int64_t p, q;
      Value *cosines, *pq, *qp;
    };
    llvm::SmallVector<RotationMasks, 16> pairs;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q)
        pairs.push_back(
            {p, q, mask(n, n, [&](int64_t i, int64_t j) { return i == j && (i == p || i == q); }),
             mask(n, n, [&](int64_t i, int64_t j) { return i == p && j == q; }),
             mask(n, n, [&](int64_t i, int64_t j) { return i == q && j == p; })});
    for (int64_t sweep = 0; sweep < sweeps; ++sweep) {
      for (const RotationMasks &r : pairs) {
        Value *app = element(a, r.p, r.p), *aqq = element(a, r.q, r.q);
        Value *apq = element(a, r.p, r.q);
        Value *done = b.compare("Equal", apq, zero());
        Value *theta = b.binary("Div", b.binary("Sub", aqq, app),
                                b.binary("Mul", b.scalar(dtype, 2), b.where(done, one, apq)));
        Value *sign = b.where(b.compare("GreaterOrEqual", theta, zero()), one, b.scalar(dtype, -1));
        Value *root = b.unary("Sqrt", b.binary("Add", b.binary("Mul", theta, theta), one));
        Value *t = b.binary("Div", sign, b.binary("Add", b.unary("Abs", theta), root));
        Value *c =
            b.unary("Reciprocal", b.unary("Sqrt", b.binary("Add", b.binary("Mul", t, t), one)));
        Value *s = b.binary("Mul", t, c);
        c = b.where(done, one, c);
        s = b.where(done, zero(), s);
        Value *negS = b.unary("Neg", s);
        auto rotation = [&](Value *atPQ, Value *atQP) {
          return b.where(r.cosines, c, b.where(r.pq, atPQ, b.where(r.qp, atQP, eye)));
        };
        // J^T is built like J (a Transpose feeding MatMul would become ONNX
        // Runtime's FusedMatMul, which has no float64 kernel).
        a = b.matmul(rotation(negS, s), b.matmul(a, rotation(s, negS)));
      }
    }
    Value *diagonal = b.reduce("ReduceSum", masked(a, [](int64_t i, int64_t j) { return i == j; }),
                               llvm::ArrayRef<int64_t>{rank - 1}, false);
    return sortedLastAxis(diagonal, false);
  }

  /// The singular values, descending ([..., min(m, n)]), of `a` [..., m, n]
  /// by one-sided (Hestenes) Jacobi: `sweeps` sweeps, each rotating every
  /// pair of columns (of a^T when m < n) to be orthogonal; the singular
  /// values are then the columns' norms, to their relative accuracy.
  Value *singularValues(Value *a, int64_t sweeps) {
    if (rowsOf(a) < colsOf(a))
      a = transposed(a);
    int64_t m = rowsOf(a), n = colsOf(a), rank = rankOfValue(a);
    Value *one = b.scalar(dtype, 1);
    auto dot = [&](Value *x, Value *y) {
      return b.reduce("ReduceSum", b.binary("Mul", x, y), llvm::ArrayRef<int64_t>{rank - 2}, true);
    };
    llvm::SmallVector<Value *, kMaxMatrixSize> columns;
    for (int64_t j = 0; j < n; ++j)
      columns.push_back(block(a, 0, m, j, j + 1));
    for (int64_t sweep = 0; sweep < sweeps; ++sweep) {
      for (int64_t p = 0; p < n; ++p) {
        for (int64_t q = p + 1; q < n; ++q) {
          Value *ap = columns[p], *aq = columns[q];
          Value *alpha = dot(ap, ap), *beta = dot(aq, aq), *gamma = dot(ap, aq);
          Value *done = b.compare("Equal", gamma, zero());
          Value *zeta = b.binary("Div", b.binary("Sub", beta, alpha),
                                 b.binary("Mul", b.scalar(dtype, 2), b.where(done, one, gamma)));
          Value *sign =
              b.where(b.compare("GreaterOrEqual", zeta, zero()), one, b.scalar(dtype, -1));
          Value *root = b.unary("Sqrt", b.binary("Add", b.binary("Mul", zeta, zeta), one));
          Value *t = b.binary("Div", sign, b.binary("Add", b.unary("Abs", zeta), root));
          Value *c =
              b.unary("Reciprocal", b.unary("Sqrt", b.binary("Add", b.binary("Mul", t, t), one)));
          Value *s = b.binary("Mul", t, c);
          c = b.where(done, one, c);
          s = b.where(done, zero(), s);
          columns[p] = b.binary("Sub", b.binary("Mul", c, ap), b.binary("Mul", s, aq));
          columns[q] = b.binary("Add", b.binary("Mul", s, ap), b.binary("Mul", c, aq));
        }
      }
    }
    llvm::SmallVector<Value *, kMaxMatrixSize> norms;
    for (Value *column : columns)
      norms.push_back(b.reduce("ReduceL2", column, llvm::ArrayRef<int64_t>{rank - 2}, true));
    return sortedLastAxis(vectorOf(norms), true);
  }

  /// `values` [..., k] sorted along the last axis by TopK. Over batch dims
  /// not all static, a row of zeros is appended first and dropped after:
  /// ONNX Runtime's TopK divides by zero on an empty input.
  Value *sortedLastAxis(Value *values, bool descending) {
    const Type &type = values->getType();
    int64_t k = type.getShape().back().getSize();
    auto topK = [&](Value *x) {
      return b
          .create("TopK", {x, b.i64s({k})}, {x->getType(), x->getType().withDType(DType::Int64)},
                  {{"axis", Attribute::integer(rankOfValue(x) - 1)},
                   {"largest", Attribute::integer(descending ? 1 : 0)},
                   {"sorted", Attribute::integer(1)}})
          ->getResult(0);
    };
    if (type.hasStaticShape())
      return topK(values);
    Value *shape = b.shapeOf(values);
    Value *rows = b.reshape(values, {-1, k});
    Value *padding = b.constant(makeDense(dtype, {1, k}, llvm::SmallVector<double, 16>(k, 0.0)));
    Value *sorted = topK(b.concat({rows, padding}, 0));
    Value *kept = b.slice(sorted, b.i64s({0}), b.i64s({-1}), b.i64s({0}), nullptr,
                          Type::tensor(dtype, {rows->getType().getShape()[0], Dim(k)}));
    return b.reshape(kept, shape, type);
  }

  /// taus ([..., 1, 1] each) of a [..., k] tensor.
  llvm::SmallVector<Value *, kMaxMatrixSize> tausOf(Value *tau) {
    int64_t rank = rankOfValue(tau), k = colsOfVector(tau);
    Value *wide = b.unsqueeze(tau, {rank});
    llvm::SmallVector<Value *, kMaxMatrixSize> taus;
    for (int64_t i = 0; i < k; ++i)
      taus.push_back(block(wide, i, i + 1, 0, 1));
    return taus;
  }

  /// [..., k] of the [..., 1, 1] `values`.
  Value *vectorOf(llvm::ArrayRef<Value *> values) {
    Value *rowVector = catCols(values);
    return b.squeeze(rowVector, {rankOfValue(rowVector) - 2});
  }

private:
  static int64_t colsOfVector(Value *v) { return v->getType().getShape().back().getSize(); }

  Value *cat(llvm::ArrayRef<Value *> parts, int64_t fromEnd) {
    llvm::SmallVector<Value *, 4> present;
    for (Value *p : parts)
      if (p)
        present.push_back(p);
    return b.concat(present, rankOfValue(present.front()) - fromEnd);
  }

  OnnxBuilder &b;
  DType dtype;
};

// ---- Argument checks ---------------------------------------------------------

/// `x` if it is a float32/float64 tensor of rank >= 2 with static matrix
/// dims no larger than kMaxMatrixSize (square when `square`), else null
/// after ctx.fail.
Value *matrixArg(RuleContext &ctx, llvm::StringRef arg, bool square = true) {
  Value *x = ctx.tensor(arg);
  if (ctx.failed())
    return nullptr;
  const Type &t = x->getType();
  if (!t.isRanked() || t.getRank() < 2) {
    ctx.fail("'" + arg + "' must be a ranked tensor of at least 2 dims");
    return nullptr;
  }
  if (t.getDType() != DType::Float32 && t.getDType() != DType::Float64) {
    ctx.fail("'" + arg + "' has dtype " + ir::getTorchName(t.getDType()) +
             "; only float32 and float64 matrices are supported");
    return nullptr;
  }
  const Dim &rows = t.getShape().end()[-2], &cols = t.getShape().end()[-1];
  if (!rows.isStatic() || !cols.isStatic()) {
    ctx.fail("the matrix dims of '" + arg +
             "' must be static: the factorization is unrolled over them");
    return nullptr;
  }
  if (rows.getSize() > kMaxMatrixSize || cols.getSize() > kMaxMatrixSize) {
    ctx.fail("matrices larger than " + llvm::Twine(kMaxMatrixSize) + "x" +
             llvm::Twine(kMaxMatrixSize) +
             " are not supported: the factorization is unrolled into ONNX ops per step");
    return nullptr;
  }
  if (rows.getSize() == 0 || cols.getSize() == 0) {
    ctx.fail("matrices with an empty dim are not supported by this op");
    return nullptr;
  }
  if (square && rows.getSize() != cols.getSize()) {
    ctx.fail("'" + arg + "' must be a batch of square matrices");
    return nullptr;
  }
  return x;
}

/// Whether `arg` is a tensor of matrices with a dim statically 0: empty
/// matrices, or none. (Their results are constants: ONNX Runtime's TopK
/// divides by zero on an empty input.)
bool hasEmptyMatrices(RuleContext &ctx, llvm::StringRef arg) {
  Value *x = ctx.optionalTensor(arg);
  if (!x || !x->getType().isRanked() || x->getType().getRank() < 2)
    return false;
  return llvm::is_contained(x->getType().getShape(), Dim(0));
}

/// The results of an op on empty matrices, each a constant of its static
/// result type filled with `fills[i]` (0 past the list): an empty tensor,
/// or what torch gives for no matrix entries (det 1, info 0).
ValueList emptyMatrixResults(RuleContext &ctx, llvm::ArrayRef<double> fills) {
  ValueList results;
  for (unsigned i = 0; i < ctx.getOp()->getNumResults(); ++i) {
    Type t = ctx.resultType(i);
    if (!t.isRanked() || !t.hasStaticShape())
      return ctx.fail("empty matrices need static result shapes");
    int64_t count = t.getNumElements().value_or(0);
    llvm::SmallVector<int64_t, 4> shape;
    for (const Dim &d : t.getShape())
      shape.push_back(d.getSize());
    llvm::SmallVector<double, 8> values(count, i < fills.size() ? fills[i] : 0.0);
    results.push_back(ctx.b.constant(makeDense(t.getDType(), shape, values)));
  }
  return results;
}

/// Whether `arg` is a batch of matrices whose batch dims hold a static 0:
/// no matrices at all, so every result is empty.
bool hasNoMatrices(RuleContext &ctx, llvm::StringRef arg) {
  Value *x = ctx.optionalTensor(arg);
  if (!x || !x->getType().isRanked() || x->getType().getRank() < 2)
    return false;
  return llvm::is_contained(x->getType().getShape().drop_back(2), Dim(0));
}

/// A right-hand side [..., n, k] of the dtype of `a` for the matrices `a`.
Value *rhsArg(RuleContext &ctx, llvm::StringRef arg, Value *a) {
  Value *x = matrixArg(ctx, arg, false);
  if (!x)
    return nullptr;
  if (x->getType().getDType() != a->getType().getDType()) {
    ctx.fail("'" + arg + "' and the matrix have different dtypes");
    return nullptr;
  }
  if (rowsOf(x) != rowsOf(a)) {
    ctx.fail("'" + arg + "' has " + llvm::Twine(rowsOf(x)) + " rows for " + llvm::Twine(rowsOf(a)) +
             "x" + llvm::Twine(rowsOf(a)) + " matrices");
    return nullptr;
  }
  return x;
}

// ---- Determinants -------------------------------------------------------------

/// (-1)^(number of swaps) of an LU, in the matrices' dtype ([...]).
Value *permutationSign(DenseLinalg &d, OnnxBuilder &b, const LuFactors &f, DType dtype) {
  int64_t steps = int64_t(f.pivotRows.size());
  Value *rows = d.vectorOf(f.pivotRows);
  Value *identityRows = b.constant(
      makeDenseInt(DType::Int64, {steps}, llvm::to_vector(llvm::seq<int64_t>(0, steps))));
  Value *swapped = b.cast(b.unary("Not", b.compare("Equal", rows, identityRows)), DType::Int64);
  int64_t rank = int64_t(rows->getType().getRank());
  Value *swaps = b.reduce("ReduceSum", swapped, llvm::ArrayRef<int64_t>{rank - 1}, false);
  Value *odd = b.binary("Mod", swaps, b.i64(2));
  return b.cast(b.binary("Sub", b.i64(1), b.binary("Mul", b.i64(2), odd)), dtype);
}

struct SignAndLog {
  Value *sign;
  Value *logAbs;
};

/// sign and log|det| from an LU: the diagonal's and the swaps' signs.
SignAndLog slogdetOf(DenseLinalg &d, OnnxBuilder &b, const LuFactors &f) {
  Value *diagonal = d.vectorOf(f.diagonal);
  DType dtype = diagonal->getType().getDType();
  int64_t lastAxis = int64_t(diagonal->getType().getRank()) - 1;
  Value *sign = b.binary(
      "Mul", permutationSign(d, b, f, dtype),
      b.reduce("ReduceProd", b.unary("Sign", diagonal), llvm::ArrayRef<int64_t>(lastAxis), false));
  Value *logAbs = b.reduce("ReduceSum", b.unary("Log", b.unary("Abs", diagonal)),
                           llvm::ArrayRef<int64_t>(lastAxis), false);
  return {sign, logAbs};
}

/// det from an LU: the product of the diagonal, negated for an odd number
/// of swaps.
Value *detOf(DenseLinalg &d, OnnxBuilder &b, const LuFactors &f) {
  Value *diagonal = d.vectorOf(f.diagonal);
  int64_t lastAxis = int64_t(diagonal->getType().getRank()) - 1;
  return b.binary("Mul", permutationSign(d, b, f, diagonal->getType().getDType()),
                  b.reduce("ReduceProd", diagonal, llvm::ArrayRef<int64_t>(lastAxis), false));
}

// aten.linalg_det.default(A), aten.det.default(self),
// aten._linalg_det.default(A) -> (result, LU, pivots): torch factors A^T
// (A's memory read column-major), and so does this.
ValueList lowerDet(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, ctx.has("self") ? "self" : "A"))
    return emptyMatrixResults(ctx, {1.0});
  Value *a = matrixArg(ctx, ctx.has("self") ? "self" : "A");
  if (!a)
    return {};
  DenseLinalg d(ctx.b, a->getType().getDType());
  LuFactors f = d.luFactor(d.transposed(a));
  Value *det = detOf(d, ctx.b, f);
  if (ctx.getOp()->getNumResults() == 1)
    return {det};
  return {det, f.lu, d.pivotsOf(f.pivotRows)};
}

// aten.linalg_slogdet.default(A), aten.slogdet.default(self) -> (sign, logabsdet),
// aten._linalg_slogdet.default(A) -> (sign, logabsdet, LU, pivots)
ValueList lowerSlogdet(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, ctx.has("self") ? "self" : "A"))
    return emptyMatrixResults(ctx, {1.0, 0.0});
  Value *a = matrixArg(ctx, ctx.has("self") ? "self" : "A");
  if (!a)
    return {};
  DenseLinalg d(ctx.b, a->getType().getDType());
  LuFactors f = d.luFactor(d.transposed(a));
  SignAndLog s = slogdetOf(d, ctx.b, f);
  if (ctx.getOp()->getNumResults() == 2)
    return {s.sign, s.logAbs};
  return {s.sign, s.logAbs, f.lu, d.pivotsOf(f.pivotRows)};
}

// aten.logdet.default(self): log det, NaN for a negative determinant.
ValueList lowerLogdet(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {0.0});
  Value *a = matrixArg(ctx, "self");
  if (!a)
    return {};
  DType dtype = a->getType().getDType();
  DenseLinalg d(ctx.b, dtype);
  SignAndLog s = slogdetOf(d, ctx.b, d.luFactor(d.transposed(a)));
  Value *negative = ctx.b.compare("Equal", s.sign, ctx.b.scalar(dtype, -1));
  return {ctx.b.where(negative, ctx.b.scalar(dtype, std::numeric_limits<double>::quiet_NaN()),
                      s.logAbs)};
}

// ---- Inverses and solves ---------------------------------------------------------

// aten.linalg_inv.default(A), aten.inverse.default(self),
// aten.linalg_inv_ex.default(A, *, check_errors=False) -> (inverse, info)
ValueList lowerInv(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, ctx.has("self") ? "self" : "A"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, ctx.has("self") ? "self" : "A");
  if (!a)
    return {};
  DenseLinalg d(ctx.b, a->getType().getDType());
  LuFactors f = d.luFactor(a);
  int64_t n = rowsOf(a);
  Value *inverse = d.luSolve(f.lu, f.pivotRows, d.batched(d.identity(n, n), a), false);
  if (ctx.getOp()->getNumResults() == 1)
    return {inverse};
  return {inverse, d.luInfo(f)};
}

/// torch's rule for a vector right-hand side: B is [n] or A's batch + [n].
bool isVectorRhs(Value *a, Value *b) {
  const Type &ta = a->getType(), &tb = b->getType();
  if (tb.getRank() == 1)
    return true;
  return tb.getRank() + 1 == ta.getRank() && tb.getShape() == ta.getShape().drop_back();
}

// aten.linalg_solve.default(A, B, *, left=True),
// aten.linalg_solve_ex.default(A, B, *, left=True, check_errors=False) -> (result, info),
// aten._linalg_solve_ex.default(...) -> (result, LU, pivots, info)
ValueList lowerSolve(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "A"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, "A");
  if (!a)
    return {};
  Value *rhs = ctx.tensor("B");
  if (!rhs->getType().isRanked())
    return ctx.fail("'B' must be a ranked tensor");
  bool left = ctx.getBool("left");
  bool vector = isVectorRhs(a, rhs);
  if (vector && !left)
    return ctx.fail("a vector right-hand side with left=False is not supported");
  if (hasEmptyMatrices(ctx, "B") || (vector && rhs->getType().getShape().back() == Dim(0)))
    return ctx.fail("an empty right-hand side for non-empty matrices is not supported");
  if (vector)
    rhs = ctx.b.unsqueeze(rhs, {int64_t(rhs->getType().getRank())});
  else if (!left)
    rhs = DenseLinalg(ctx.b, a->getType().getDType()).transposed(rhs);
  if (!ctx.failed() && rhs->getType().getRank() >= 2 &&
      rhs->getType().getShape().end()[-2] != Dim(rowsOf(a)))
    return ctx.fail("'B' does not have as many rows as 'A'");
  if (rhs->getType().getDType() != a->getType().getDType())
    return ctx.fail("'A' and 'B' have different dtypes");
  DenseLinalg d(ctx.b, a->getType().getDType());
  Value *aFull = d.withBatchOf(a, rhs);
  rhs = d.withBatchOf(rhs, aFull);
  LuFactors f = d.luFactor(aFull);
  Value *x = d.luSolve(f.lu, f.pivotRows, rhs, !left);
  if (vector)
    x = ctx.b.squeeze(x, {int64_t(x->getType().getRank()) - 1});
  else if (!left)
    x = d.transposed(x);
  switch (ctx.getOp()->getNumResults()) {
  case 1:
    return {x};
  case 2:
    return {x, d.luInfo(f)};
  default:
    return {x, f.lu, d.pivotsOf(f.pivotRows), d.luInfo(f)};
  }
}

// aten.linalg_solve_triangular.default(self, B, *, upper, left=True, unitriangular=False)
ValueList lowerSolveTriangular(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "self") || hasEmptyMatrices(ctx, "B"))
    return emptyMatrixResults(ctx, {});
  Value *t = matrixArg(ctx, "self");
  if (!t)
    return {};
  bool upper = ctx.getBool("upper"), left = ctx.getBool("left");
  bool unit = ctx.getBool("unitriangular");
  DenseLinalg d(ctx.b, t->getType().getDType());
  Value *rhs = ctx.tensor("B");
  if (!left) {
    // X T = B: T^T X^T = B^T.
    Value *b = matrixArg(ctx, "B", false);
    if (!b)
      return {};
    if (colsOf(b) != rowsOf(t) || b->getType().getDType() != t->getType().getDType())
      return ctx.fail("'B' does not match 'self'");
    return {d.transposed(d.solveTriangular(t, d.transposed(rhs), !upper, unit, true))};
  }
  rhs = rhsArg(ctx, "B", t);
  if (!rhs)
    return {};
  return {d.solveTriangular(t, rhs, upper, unit)};
}

// aten.triangular_solve.default(self, A, upper=True, transpose=False, unitriangular=False)
//   -> (solution, cloned_coefficient): self is the right-hand side.
ValueList lowerTriangularSolve(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "A") || hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *t = matrixArg(ctx, "A");
  if (!t)
    return {};
  Value *rhs = rhsArg(ctx, "self", t);
  if (!rhs)
    return {};
  bool upper = ctx.getBool("upper"), transpose = ctx.getBool("transpose");
  bool unit = ctx.getBool("unitriangular");
  DenseLinalg d(ctx.b, t->getType().getDType());
  Value *x = d.solveTriangular(t, rhs, transpose ? !upper : upper, unit, transpose);
  return {x, d.withBatchOf(t, rhs)};
}

// ---- Cholesky -------------------------------------------------------------------------

// aten.linalg_cholesky.default(self, *, upper=False),
// aten.linalg_cholesky_ex.default(self, *, upper=False, check_errors=False) -> (L, info)
ValueList lowerCholesky(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, "self");
  if (!a)
    return {};
  bool upper = ctx.getBool("upper");
  DenseLinalg d(ctx.b, a->getType().getDType());
  // The upper factor is the transpose of the lower one of A^T (potrf reads
  // the upper triangle).
  auto [l, info] = d.cholesky(upper ? d.transposed(a) : a);
  Value *factor = upper ? d.transposed(l) : l;
  if (ctx.getOp()->getNumResults() == 1)
    return {factor};
  return {factor, info};
}

/// X with (L L^T) X = B, or (U^T U) X = B when `upper`, for the factor
/// `factor`.
Value *choleskySolve(DenseLinalg &d, Value *factor, Value *rhs, bool upper) {
  // L y = b, L^T x = y with L = factor, or U^T y = b, U x = y with U = factor.
  Value *y = d.solveTriangular(factor, rhs, false, false, upper);
  return d.solveTriangular(factor, y, true, false, !upper);
}

// aten.cholesky_solve.default(self, input2, upper=False): self is B, input2 the factor.
ValueList lowerCholeskySolve(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "input2") || hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *factor = matrixArg(ctx, "input2");
  if (!factor)
    return {};
  Value *rhs = rhsArg(ctx, "self", factor);
  if (!rhs)
    return {};
  DenseLinalg d(ctx.b, factor->getType().getDType());
  Value *fullFactor = d.withBatchOf(factor, rhs);
  return {choleskySolve(d, fullFactor, d.withBatchOf(rhs, fullFactor), ctx.getBool("upper"))};
}

// aten.cholesky_inverse.default(self, upper=False)
ValueList lowerCholeskyInverse(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *factor = matrixArg(ctx, "self");
  if (!factor)
    return {};
  DenseLinalg d(ctx.b, factor->getType().getDType());
  int64_t n = rowsOf(factor);
  return {choleskySolve(d, factor, d.batched(d.identity(n, n), factor), ctx.getBool("upper"))};
}

// ---- LU -------------------------------------------------------------------------

/// Refuses pivot=False: torch has no CPU kernel for it, so no reference.
bool checkPivot(RuleContext &ctx) {
  if (ctx.getOptionalBool("pivot").value_or(true))
    return true;
  ctx.fail("LU without pivoting (pivot=False) is not supported");
  return false;
}

// aten.linalg_lu_factor.default(A, *, pivot=True) -> (LU, pivots),
// aten.linalg_lu_factor_ex.default(A, *, pivot=True, check_errors=False) -> (LU, pivots, info),
// aten._lu_with_info.default(self, pivot=True, check_errors=True) -> (LU, pivots, info)
ValueList lowerLuFactor(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, ctx.has("self") ? "self" : "A") && checkPivot(ctx))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, ctx.has("self") ? "self" : "A", false);
  if (!a || !checkPivot(ctx))
    return {};
  DenseLinalg d(ctx.b, a->getType().getDType());
  LuFactors f = d.luFactor(a);
  if (ctx.getOp()->getNumResults() == 2)
    return {f.lu, d.pivotsOf(f.pivotRows)};
  return {f.lu, d.pivotsOf(f.pivotRows), d.luInfo(f)};
}

// aten.linalg_lu.default(A, *, pivot=True) -> (P, L, U)
ValueList lowerLu(RuleContext &ctx) {
  Value *a = matrixArg(ctx, "A", false);
  if (!a || !checkPivot(ctx))
    return {};
  DenseLinalg d(ctx.b, a->getType().getDType());
  LuFactors f = d.luFactor(a);
  auto [l, u] = d.unpackLu(f.lu);
  return {d.permutationMatrix(f.lu, f.pivotRows), l, u};
}

/// The pivots argument `arg` for the packed LU `lu`: int32 [..., min(m, n)].
Value *pivotsArg(RuleContext &ctx, llvm::StringRef arg, Value *lu) {
  Value *pivots = ctx.tensor(arg);
  const Type &t = pivots->getType();
  int64_t k = std::min(rowsOf(lu), colsOf(lu));
  if (!t.isRanked() || t.getRank() + 1 != lu->getType().getRank() ||
      t.getShape().back() != Dim(k) || ir::isFloatingPoint(t.getDType())) {
    ctx.fail("'" + arg + "' must be an integer tensor of the LU's batch dims and " +
             llvm::Twine(k) + " pivots");
    return nullptr;
  }
  return pivots;
}

// aten.lu_unpack.default(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True) -> (P, L, U)
ValueList lowerLuUnpack(RuleContext &ctx) {
  Value *lu = matrixArg(ctx, "LU_data", false);
  if (!lu)
    return {};
  Value *pivots = pivotsArg(ctx, "LU_pivots", lu);
  if (!pivots)
    return {};
  if (!ctx.getBool("unpack_data") || !ctx.getBool("unpack_pivots"))
    return ctx.fail("lu_unpack with unpack_data or unpack_pivots False is not supported");
  DenseLinalg d(ctx.b, lu->getType().getDType());
  auto [l, u] = d.unpackLu(lu);
  return {d.permutationMatrix(lu, d.pivotRowsOf(pivots)), l, u};
}

/// X with A X = B (A^T X = B when `adjoint`; X A = B / X A^T = B when not
/// `left`) for the LU `lu` and pivots of A.
Value *solveWithLu(RuleContext &ctx, Value *lu, Value *pivots, Value *rhs, bool left,
                   bool adjoint) {
  DenseLinalg d(ctx.b, lu->getType().getDType());
  if (!left)
    rhs = d.transposed(rhs);
  Value *fullLu = d.withBatchOf(lu, rhs);
  Value *fullPivots = pivots;
  if (fullLu != lu)
    fullPivots = ctx.b.squeeze(
        d.withBatchOf(ctx.b.unsqueeze(pivots, {int64_t(pivots->getType().getRank())}), rhs),
        {int64_t(fullLu->getType().getRank()) - 1});
  rhs = d.withBatchOf(rhs, fullLu);
  // X A = B is A^T X^T = B^T: a left solve with the other transpose.
  Value *x = d.luSolve(fullLu, d.pivotRowsOf(fullPivots), rhs, left ? adjoint : !adjoint);
  return left ? x : d.transposed(x);
}

// aten.linalg_lu_solve.default(LU, pivots, B, *, left=True, adjoint=False)
ValueList lowerLinalgLuSolve(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "LU") || hasEmptyMatrices(ctx, "B"))
    return emptyMatrixResults(ctx, {});
  Value *lu = matrixArg(ctx, "LU");
  if (!lu)
    return {};
  Value *pivots = pivotsArg(ctx, "pivots", lu);
  Value *rhs = pivots ? matrixArg(ctx, "B", false) : nullptr;
  if (!rhs)
    return {};
  bool left = ctx.getBool("left");
  if ((left ? rowsOf(rhs) : colsOf(rhs)) != rowsOf(lu) ||
      rhs->getType().getDType() != lu->getType().getDType())
    return ctx.fail("'B' does not match the LU");
  return {solveWithLu(ctx, lu, pivots, rhs, left, ctx.getBool("adjoint"))};
}

// aten.lu_solve.default(self, LU_data, LU_pivots): self is B.
ValueList lowerLuSolve(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "LU_data") || hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *lu = matrixArg(ctx, "LU_data");
  if (!lu)
    return {};
  Value *pivots = pivotsArg(ctx, "LU_pivots", lu);
  Value *rhs = pivots ? rhsArg(ctx, "self", lu) : nullptr;
  if (!rhs)
    return {};
  return {solveWithLu(ctx, lu, pivots, rhs, true, false)};
}

// ---- Powers and tensor inverses ----------------------------------------------------

// aten.linalg_matrix_power.default(self, n), aten.matrix_power.default(self, n):
// binary powering; a negative n powers the inverse.
ValueList lowerMatrixPower(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, "self");
  if (!a)
    return {};
  int64_t power = ctx.getInt("n");
  DenseLinalg d(ctx.b, a->getType().getDType());
  int64_t n = rowsOf(a);
  if (power == 0)
    return {d.batched(d.identity(n, n), a)};
  if (power < 0) {
    LuFactors f = d.luFactor(a);
    a = d.luSolve(f.lu, f.pivotRows, d.batched(d.identity(n, n), a), false);
    power = -power;
  }
  Value *result = nullptr;
  Value *square = a;
  while (true) {
    if (power & 1)
      result = result ? ctx.b.matmul(result, square) : square;
    power >>= 1;
    if (power == 0)
      break;
    square = ctx.b.matmul(square, square);
  }
  return {result};
}

// aten.linalg_tensorinv.default(self, ind=2): the inverse of self as a
// prod(shape[:ind]) x prod(shape[ind:]) matrix, shaped shape[ind:] + shape[:ind].
ValueList lowerTensorInv(RuleContext &ctx) {
  Value *x = ctx.tensor("self");
  int64_t ind = ctx.getInt("ind");
  const Type &t = x->getType();
  if (!t.hasStaticShape())
    return ctx.fail("linalg_tensorinv needs a static shape");
  if (ind <= 0 || ind > int64_t(t.getRank()))
    return ctx.fail("ind must be in [1, rank]");
  int64_t rows = 1, cols = 1;
  llvm::SmallVector<int64_t, 4> resultShape;
  for (auto [i, dim] : llvm::enumerate(t.getShape()))
    (int64_t(i) < ind ? rows : cols) *= dim.getSize();
  for (const Dim &dim : t.getShape().drop_front(ind))
    resultShape.push_back(dim.getSize());
  for (const Dim &dim : t.getShape().take_front(ind))
    resultShape.push_back(dim.getSize());
  if (rows != cols)
    return ctx.fail("linalg_tensorinv needs prod(shape[:ind]) == prod(shape[ind:])");
  if (rows > kMaxMatrixSize)
    return ctx.fail("matrices larger than " + llvm::Twine(kMaxMatrixSize) + "x" +
                    llvm::Twine(kMaxMatrixSize) + " are not supported");
  DType dtype = t.getDType();
  if (dtype != DType::Float32 && dtype != DType::Float64)
    return ctx.fail("only float32 and float64 tensors are supported");
  DenseLinalg d(ctx.b, dtype);
  Value *a = ctx.b.reshape(x, {rows, cols});
  LuFactors f = d.luFactor(a);
  Value *inverse = d.luSolve(f.lu, f.pivotRows, d.identity(rows, rows), false);
  return {ctx.b.reshape(inverse, resultShape)};
}

// aten.linalg_tensorsolve.default(self, other, dims=None): the dims of
// self in `dims` moved to the end, self is a prod(other.shape) x
// prod(rest) matrix and other a vector; x has self's trailing dims.
ValueList lowerTensorSolve(RuleContext &ctx) {
  Value *a = ctx.tensor("self"), *rhs = ctx.tensor("other");
  const Type &ta = a->getType(), &tb = rhs->getType();
  if (!ta.hasStaticShape() || !tb.hasStaticShape())
    return ctx.fail("linalg_tensorsolve needs static shapes");
  DType dtype = ta.getDType();
  if ((dtype != DType::Float32 && dtype != DType::Float64) || tb.getDType() != dtype)
    return ctx.fail("only float32 and float64 tensors of one dtype are supported");
  int64_t rank = int64_t(ta.getRank()), rhsRank = int64_t(tb.getRank());
  llvm::SmallVector<int64_t, 4> perm;
  if (std::optional<llvm::SmallVector<int64_t, 4>> dims = ctx.getOptionalIntList("dims")) {
    llvm::SmallVector<int64_t, 4> moved;
    for (int64_t d : *dims)
      moved.push_back(ctx.normalizeDim(d, rank));
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(moved, d))
        perm.push_back(d);
    perm.append(moved.begin(), moved.end());
  } else {
    for (int64_t d = 0; d < rank; ++d)
      perm.push_back(d);
  }
  if (ctx.failed())
    return {};
  if (rhsRank > rank)
    return ctx.fail("'other' has more dims than 'self'");
  int64_t rows = 1, cols = 1;
  llvm::SmallVector<int64_t, 4> resultShape;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t size = ta.getShape()[perm[i]].getSize();
    if (i < rhsRank) {
      rows *= size;
    } else {
      cols *= size;
      resultShape.push_back(size);
    }
  }
  if (rows != cols || rows != tb.getNumElements().value_or(-1))
    return ctx.fail("linalg_tensorsolve needs prod(other.shape) == prod of self's other dims");
  if (rows == 0 || rows > kMaxMatrixSize)
    return ctx.fail("linalg_tensorsolve is supported for 1 to " + llvm::Twine(kMaxMatrixSize) +
                    " unknowns");
  DenseLinalg d(ctx.b, dtype);
  bool identityPerm = llvm::equal(perm, llvm::seq<int64_t>(0, rank));
  Value *moved = identityPerm ? a : ctx.b.transpose(a, perm);
  Value *matrix = ctx.b.reshape(moved, {rows, cols});
  LuFactors f = d.luFactor(matrix);
  Value *x = d.luSolve(f.lu, f.pivotRows, ctx.b.reshape(rhs, {rows, 1}), false);
  return {ctx.b.reshape(x, resultShape)};
}

/// The matrix norm of order `ord` (a number, or "fro") of x [..., m, n]
/// over its last two dims, for the closed-form orders.
Value *closedFormMatrixNorm(OnnxBuilder &b, Value *x, std::optional<double> ord) {
  int64_t rank = rankOfValue(x);
  if (!ord)
    return b.reduce("ReduceL2", x, llvm::ArrayRef<int64_t>{rank - 2, rank - 1}, false);
  // Column sums for 1 and -1, row sums for inf and -inf.
  int64_t summed = std::isinf(*ord) ? rank - 1 : rank - 2;
  Value *sums = b.reduce("ReduceSum", b.unary("Abs", x), llvm::ArrayRef<int64_t>{summed}, false);
  return b.reduce(*ord > 0 ? "ReduceMax" : "ReduceMin", sums, llvm::ArrayRef<int64_t>{rank - 2},
                  false);
}

// aten.linalg_cond.default(self, p=None), aten.linalg_cond.p_str(self, p):
// for p None, 2 and -2 the ratio of the largest and smallest singular
// values; for p 'fro', 1, -1, inf, -inf, norm(A) * norm(A^-1), infinite
// for a singular A (an exact zero pivot), as in torch.
ValueList lowerCond(RuleContext &ctx) {
  std::optional<double> ord;
  if (ctx.getOverload() == "aten.linalg_cond.p_str") {
    std::string name = ctx.getString("p");
    if (name != "fro")
      return ctx.fail("linalg_cond with p='" + name + "' is not supported (p='fro', None, 1, -1, " +
                      "2, -2, inf and -inf are)");
  } else {
    ord = ctx.getOptionalFloat("p");
    if (!ord || std::abs(*ord) == 2) {
      Value *a = matrixArg(ctx, "self", false);
      if (!a)
        return {};
      DType dtype = a->getType().getDType();
      Value *s = DenseLinalg(ctx.b, dtype).singularValues(a, jacobiSweeps(dtype));
      int64_t last = rankOfValue(s) - 1;
      Value *largest = ctx.b.reduce("ReduceMax", s, llvm::ArrayRef<int64_t>{last}, false);
      Value *smallest = ctx.b.reduce("ReduceMin", s, llvm::ArrayRef<int64_t>{last}, false);
      return {ord && *ord < 0 ? ctx.b.binary("Div", smallest, largest)
                              : ctx.b.binary("Div", largest, smallest)};
    }
    if (!(std::abs(*ord) == 1 || std::isinf(*ord)))
      return ctx.fail("linalg_cond supports p='fro', None, 1, -1, 2, -2, inf and -inf only");
  }
  Value *a = matrixArg(ctx, "self");
  if (!a)
    return {};
  DType dtype = a->getType().getDType();
  DenseLinalg d(ctx.b, dtype);
  LuFactors f = d.luFactor(a);
  int64_t n = rowsOf(a);
  Value *inverse = d.luSolve(f.lu, f.pivotRows, d.batched(d.identity(n, n), a), false);
  Value *singular = ctx.b.compare("Greater", d.luInfo(f), ctx.b.scalarInt(DType::Int32, 0));
  Value *product = ctx.b.binary("Mul", closedFormMatrixNorm(ctx.b, a, ord),
                                closedFormMatrixNorm(ctx.b, inverse, ord));
  return {
      ctx.b.where(singular, ctx.b.scalar(dtype, std::numeric_limits<double>::infinity()), product)};
}

// aten.linalg_eigvalsh.default(self, UPLO="L"): the eigenvalues of the
// symmetric matrix given by its lower (or upper) triangle.
ValueList lowerEigvalsh(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, "self");
  if (!a)
    return {};
  std::string uplo = ctx.getString("UPLO");
  if (uplo != "L" && uplo != "U")
    return ctx.fail("UPLO must be 'L' or 'U'");
  DType dtype = a->getType().getDType();
  DenseLinalg d(ctx.b, dtype);
  bool lower = uplo == "L";
  Value *symmetric = ctx.b.where(
      d.mask(rowsOf(a), rowsOf(a), [&](int64_t i, int64_t j) { return lower ? i >= j : i <= j; }),
      a, d.transposed(a));
  return {d.symmetricEigenvalues(symmetric, jacobiSweeps(dtype))};
}

// aten.linalg_svdvals.default(A, *, driver=None)
ValueList lowerSvdvals(RuleContext &ctx) {
  if (hasEmptyMatrices(ctx, "A"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, "A", false);
  if (!a)
    return {};
  DType dtype = a->getType().getDType();
  return {DenseLinalg(ctx.b, dtype).singularValues(a, jacobiSweeps(dtype))};
}

// ---- QR -------------------------------------------------------------------------

// aten.geqrf.default(self) -> (a, tau)
ValueList lowerGeqrf(RuleContext &ctx) {
  if (hasNoMatrices(ctx, "self"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, "self", false);
  if (!a)
    return {};
  DenseLinalg d(ctx.b, a->getType().getDType());
  QrFactors f = d.geqrf(a);
  return {f.a, d.vectorOf(f.taus)};
}

// aten.linalg_qr.default(A, mode="reduced") -> (Q, R); mode "complete" or
// "r" (Q is then empty).
ValueList lowerQr(RuleContext &ctx) {
  if (hasNoMatrices(ctx, "A"))
    return emptyMatrixResults(ctx, {});
  Value *a = matrixArg(ctx, "A", false);
  if (!a)
    return {};
  std::string mode = ctx.getString("mode");
  if (mode != "reduced" && mode != "complete" && mode != "r")
    return ctx.fail("unknown mode '" + mode + "'");
  DenseLinalg d(ctx.b, a->getType().getDType());
  QrFactors f = d.geqrf(a);
  int64_t m = rowsOf(a), n = colsOf(a), k = std::min(m, n);
  int64_t qCols = mode == "complete" ? m : k;
  Value *r = d.masked(d.block(f.a, 0, mode == "complete" ? m : k, 0, n),
                      [](int64_t i, int64_t j) { return i <= j; });
  if (mode == "r")
    return {ctx.b.constant(makeDense(a->getType().getDType(), {0}, {})), r};
  Value *q = d.applyQ(f.a, f.taus, d.batched(d.identity(m, qCols), a), false);
  return {q, r};
}

// aten.linalg_householder_product.default(input, tau): the first n columns
// of H_0 ... H_{k-1}.
ValueList lowerHouseholderProduct(RuleContext &ctx) {
  Value *a = matrixArg(ctx, "input", false);
  if (!a)
    return {};
  Value *tau = ctx.tensor("tau");
  const Type &tt = tau->getType();
  int64_t m = rowsOf(a), n = colsOf(a);
  if (!tt.isRanked() || tt.getRank() + 1 != a->getType().getRank() ||
      !tt.getShape().back().isStatic() || tt.getShape().back().getSize() > n || n > m ||
      tt.getDType() != a->getType().getDType())
    return ctx.fail("'tau' must hold at most n scales per m x n (m >= n) matrix of 'input'");
  DenseLinalg d(ctx.b, a->getType().getDType());
  return {d.applyQ(a, d.tausOf(tau), d.batched(d.identity(m, n), a), false)};
}

// aten.ormqr.default(self, input2, input3, left=True, transpose=False): Q or
// Q^T (from the reflectors self and scales input2) times input3, from the
// left or the right.
ValueList lowerOrmqr(RuleContext &ctx) {
  Value *a = matrixArg(ctx, "self", false);
  if (!a)
    return {};
  Value *tau = ctx.tensor("input2");
  Value *c = matrixArg(ctx, "input3", false);
  if (!c)
    return {};
  const Type &tt = tau->getType();
  bool left = ctx.getBool("left"), transpose = ctx.getBool("transpose");
  int64_t m = rowsOf(a);
  if (!tt.isRanked() || tt.getRank() + 1 != a->getType().getRank() ||
      !tt.getShape().back().isStatic() || tt.getShape().back().getSize() > m ||
      (left ? rowsOf(c) : colsOf(c)) != m || c->getType().getDType() != a->getType().getDType())
    return ctx.fail("ormqr's operands do not match");
  if (a->getType().getShape().drop_back(2) != c->getType().getShape().drop_back(2))
    return ctx.fail("ormqr needs 'self' and 'input3' of the same batch dims");
  DenseLinalg d(ctx.b, a->getType().getDType());
  llvm::SmallVector<Value *, kMaxMatrixSize> taus = d.tausOf(tau);
  if (left)
    return {d.applyQ(a, taus, c, transpose)};
  // C Q = (Q^T C^T)^T, C Q^T = (Q C^T)^T.
  return {d.transposed(d.applyQ(a, taus, d.transposed(c), !transpose))};
}

} // namespace

void registerFactorizationLowerings(LoweringRegistry &r) {
  r.add("aten._linalg_det.default", lowerDet);
  r.add("aten._linalg_slogdet.default", lowerSlogdet);
  r.add("aten._linalg_solve_ex.default", lowerSolve);
  r.add("aten._lu_with_info.default", lowerLuFactor);
  r.add("aten.cholesky_inverse.default", lowerCholeskyInverse);
  r.add("aten.cholesky_solve.default", lowerCholeskySolve);
  r.add("aten.det.default", lowerDet);
  r.add("aten.geqrf.default", lowerGeqrf);
  r.add("aten.inverse.default", lowerInv);
  r.add("aten.linalg_cholesky.default", lowerCholesky);
  r.add("aten.linalg_cholesky_ex.default", lowerCholesky);
  r.add("aten.linalg_cond.default", lowerCond);
  r.add("aten.linalg_cond.p_str", lowerCond);
  r.add("aten.linalg_det.default", lowerDet);
  r.add("aten.linalg_eigvalsh.default", lowerEigvalsh);
  r.add("aten.linalg_householder_product.default", lowerHouseholderProduct);
  r.add("aten.linalg_inv.default", lowerInv);
  r.add("aten.linalg_inv_ex.default", lowerInv);
  r.add("aten.linalg_lu.default", lowerLu);
  r.add("aten.linalg_lu_factor.default", lowerLuFactor);
  r.add("aten.linalg_lu_factor_ex.default", lowerLuFactor);
  r.add("aten.linalg_lu_solve.default", lowerLinalgLuSolve);
  r.add("aten.linalg_matrix_power.default", lowerMatrixPower);
  r.add("aten.linalg_qr.default", lowerQr);
  r.add("aten.linalg_slogdet.default", lowerSlogdet);
  r.add("aten.linalg_solve.default", lowerSolve);
  r.add("aten.linalg_solve_ex.default", lowerSolve);
  r.add("aten.linalg_solve_triangular.default", lowerSolveTriangular);
  r.add("aten.linalg_svdvals.default", lowerSvdvals);
  r.add("aten.linalg_tensorinv.default", lowerTensorInv);
  r.add("aten.linalg_tensorsolve.default", lowerTensorSolve);
  r.add("aten.logdet.default", lowerLogdet);
  r.add("aten.lu_solve.default", lowerLuSolve);
  r.add("aten.lu_unpack.default", lowerLuUnpack);
  r.add("aten.matrix_power.default", lowerMatrixPower);
  r.add("aten.ormqr.default", lowerOrmqr);
  r.add("aten.slogdet.default", lowerSlogdet);
  r.add("aten.triangular_solve.default", lowerTriangularSolve);
}

} // namespace pt2onnx::lowering
