//===- LinearAlgebra.cpp - Factorizations, solves, determinants, norms ----===//
//
// torch.linalg over batches of matrices ([..., m, n]), computed in double
// with LAPACK's algorithms so that the factors are LAPACK's, not just equal
// up to signs: LU with partial pivoting (getrf: the first largest pivot,
// 1-based int32 pivots), Cholesky (potrf), Householder QR (geqrf + orgqr:
// R's diagonal is -sign(a_kk) * norm, Q the product of the reflectors).
// Singular values (matrix 2-norms, nuclear norms) come from one-sided
// Jacobi. A matrix LAPACK reports singular (an info > 0) is declined where
// torch would raise or return partial factors.
//
// The runtimes compute float32 in float32, so results differ in the last
// bits: the rules are for whole-program evaluation only.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;
using Matrix = std::vector<double>; // row-major

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A batch of matrices: the batch dims, then rows and columns.
struct Batch {
  Shape batch;
  int64_t rows = 0, cols = 0;
  std::vector<double> data;
  int64_t count() const { return getNumElements(batch); }
  Matrix get(int64_t b) const {
    return Matrix(data.begin() + b * rows * cols, data.begin() + (b + 1) * rows * cols);
  }
};

bool isFloat(const Tensor *t) { return t && getNumericKind(t->getDType()) == NumericKind::Float; }

std::optional<Batch> batchOf(const Tensor *t) {
  if (!isFloat(t) || t->getRank() < 2)
    return std::nullopt;
  llvm::ArrayRef<int64_t> s = t->getShape();
  return Batch{Shape(s.drop_back(2)), s[s.size() - 2], s.back(), doublesOf(*t)};
}

/// `b` broadcast to the batch dims `dims`.
Batch broadcastBatch(const Batch &b, llvm::ArrayRef<int64_t> dims) {
  Shape full(dims.begin(), dims.end());
  full.push_back(b.rows);
  full.push_back(b.cols);
  Shape own(b.batch);
  own.push_back(b.rows);
  own.push_back(b.cols);
  Tensor t = Tensor::create(DType::Float64, own);
  t.setDoubles(0, b.data);
  return Batch{Shape(dims.begin(), dims.end()), b.rows, b.cols, doublesOf(broadcastTo(t, full))};
}

Matrix transpose(const Matrix &a, int64_t rows, int64_t cols) {
  Matrix t(a.size());
  for (int64_t i = 0; i != rows; ++i)
    for (int64_t j = 0; j != cols; ++j)
      t[j * rows + i] = a[i * cols + j];
  return t;
}

std::optional<Tensor> tensorOf(EvalContext &ctx, DType dtype, llvm::ArrayRef<int64_t> shape,
                               llvm::ArrayRef<double> values) {
  std::optional<Tensor> t = ctx.allocate(dtype, shape);
  if (t)
    t->setDoubles(0, values);
  return t;
}

Shape matrixShape(llvm::ArrayRef<int64_t> batch, int64_t rows, int64_t cols) {
  Shape s(batch.begin(), batch.end());
  s.push_back(rows);
  s.push_back(cols);
  return s;
}

//===----------------------------------------------------------------------===//
// Factorizations
//===----------------------------------------------------------------------===//

/// getrf on the n x n matrix `a`, in place: L (unit, below the diagonal)
/// and U; `pivots` 1-based. Returns LAPACK's info (0, or the 1-based index
/// of the first zero pivot).
int64_t luFactor(Matrix &a, int64_t n, std::vector<int64_t> &pivots) {
  int64_t info = 0;
  pivots.assign(n, 0);
  for (int64_t k = 0; k != n; ++k) {
    int64_t p = k;
    for (int64_t i = k + 1; i < n; ++i)
      if (std::fabs(a[i * n + k]) > std::fabs(a[p * n + k]))
        p = i;
    pivots[k] = p + 1;
    if (p != k)
      for (int64_t j = 0; j != n; ++j)
        std::swap(a[k * n + j], a[p * n + j]);
    double pivot = a[k * n + k];
    if (pivot == 0) {
      if (!info)
        info = k + 1;
      continue;
    }
    for (int64_t i = k + 1; i < n; ++i) {
      double l = a[i * n + k] /= pivot;
      for (int64_t j = k + 1; j < n; ++j)
        a[i * n + j] -= l * a[k * n + j];
    }
  }
  return info;
}

/// Solves A X = B (B n x k, in place) from getrf's factors.
void luSolve(const Matrix &lu, const std::vector<int64_t> &pivots, int64_t n, Matrix &b,
             int64_t k) {
  for (int64_t i = 0; i != n; ++i)
    if (pivots[i] - 1 != i)
      for (int64_t j = 0; j != k; ++j)
        std::swap(b[i * k + j], b[(pivots[i] - 1) * k + j]);
  for (int64_t i = 0; i != n; ++i)
    for (int64_t r = 0; r != i; ++r)
      for (int64_t j = 0; j != k; ++j)
        b[i * k + j] -= lu[i * n + r] * b[r * k + j];
  for (int64_t i = n; i-- > 0;) {
    for (int64_t r = i + 1; r < n; ++r)
      for (int64_t j = 0; j != k; ++j)
        b[i * k + j] -= lu[i * n + r] * b[r * k + j];
    for (int64_t j = 0; j != k; ++j)
      b[i * k + j] /= lu[i * n + i];
  }
}

/// potrf: the lower factor L of A = L L^T (upper triangle zero); nullopt
/// when A is not positive definite.
std::optional<Matrix> cholesky(const Matrix &a, int64_t n) {
  Matrix l(n * n, 0.0);
  for (int64_t j = 0; j != n; ++j) {
    double d = a[j * n + j];
    for (int64_t k = 0; k != j; ++k)
      d -= l[j * n + k] * l[j * n + k];
    if (!(d > 0))
      return std::nullopt;
    l[j * n + j] = std::sqrt(d);
    for (int64_t i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int64_t k = 0; k != j; ++k)
        s -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = s / l[j * n + j];
    }
  }
  return l;
}

/// Solves T X = B (T n x n triangular, B n x k, in place).
void triangularSolve(const Matrix &t, int64_t n, bool upper, bool unit, Matrix &b, int64_t k) {
  for (int64_t s = 0; s != n; ++s) {
    int64_t i = upper ? n - 1 - s : s;
    for (int64_t j = 0; j != k; ++j) {
      double v = b[i * k + j];
      if (upper)
        for (int64_t r = i + 1; r < n; ++r)
          v -= t[i * n + r] * b[r * k + j];
      else
        for (int64_t r = 0; r < i; ++r)
          v -= t[i * n + r] * b[r * k + j];
      b[i * k + j] = unit ? v : v / t[i * n + i];
    }
  }
}

/// geqrf + orgqr on the m x n matrix `a`: R (rows x n) and Q (m x qcols),
/// with qcols m (complete) or min(m, n).
void householderQr(const Matrix &a, int64_t m, int64_t n, int64_t qcols, Matrix &q, Matrix &r) {
  Matrix w = a;
  int64_t k = std::min(m, n);
  std::vector<Matrix> vs;
  std::vector<double> taus;
  for (int64_t j = 0; j != k; ++j) {
    double alpha = w[j * n + j], xnorm = 0;
    for (int64_t i = j + 1; i < m; ++i)
      xnorm = std::hypot(xnorm, w[i * n + j]);
    Matrix v(m, 0.0);
    v[j] = 1;
    double tau = 0;
    if (xnorm != 0) {
      double beta = -std::copysign(std::hypot(alpha, xnorm), alpha);
      tau = (beta - alpha) / beta;
      // dlarfg scales by the reciprocal.
      double scale = 1 / (alpha - beta);
      for (int64_t i = j + 1; i < m; ++i)
        v[i] = w[i * n + j] * scale;
      // Apply H = I - tau v v^T to the remaining columns.
      w[j * n + j] = beta;
      for (int64_t i = j + 1; i < m; ++i)
        w[i * n + j] = 0;
      for (int64_t c = j + 1; c < n; ++c) {
        double s = 0;
        for (int64_t i = j; i < m; ++i)
          s += v[i] * w[i * n + c];
        s *= tau;
        for (int64_t i = j; i < m; ++i)
          w[i * n + c] -= s * v[i];
      }
    }
    vs.push_back(std::move(v));
    taus.push_back(tau);
  }
  int64_t rrows = qcols == m ? m : k;
  r.assign(rrows * n, 0.0);
  for (int64_t i = 0; i != std::min(rrows, m); ++i)
    for (int64_t c = i; c < n; ++c)
      r[i * n + c] = w[i * n + c];
  // orgqr (dorg2r): Q = H_1 ... H_k built from the last reflector back,
  // each applied only to the columns it can change, so that entries that
  // are structurally zero stay exactly zero.
  q.assign(m * qcols, 0.0);
  for (int64_t j = k; j < qcols; ++j)
    q[j * qcols + j] = 1;
  for (int64_t i = k; i-- > 0;) {
    const Matrix &v = vs[i];
    if (i + 1 < qcols) {
      q[i * qcols + i] = 1;
      for (int64_t c = i + 1; c < qcols; ++c) {
        double s = 0;
        for (int64_t row = i; row < m; ++row)
          s += v[row] * q[row * qcols + c];
        s *= taus[i];
        for (int64_t row = i; row < m; ++row)
          q[row * qcols + c] -= s * v[row];
      }
    }
    for (int64_t row = i + 1; row < m; ++row)
      q[row * qcols + i] = -taus[i] * v[row];
    q[i * qcols + i] = 1 - taus[i];
    for (int64_t row = 0; row < i; ++row)
      q[row * qcols + i] = 0;
  }
}

/// The singular values of the m x n matrix `a`, by one-sided Jacobi.
std::vector<double> singularValues(const Matrix &a, int64_t m, int64_t n) {
  // Work on the columns of the taller orientation.
  Matrix w = m >= n ? a : transpose(a, m, n);
  int64_t rows = std::max(m, n), cols = std::min(m, n);
  for (int sweep = 0; sweep < 60; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p < cols; ++p)
      for (int64_t q = p + 1; q < cols; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (int64_t i = 0; i != rows; ++i) {
          double x = w[i * cols + p], y = w[i * cols + q];
          alpha += x * x;
          beta += y * y;
          gamma += x * y;
        }
        if (gamma == 0 || std::fabs(gamma) <= 1e-15 * std::sqrt(alpha * beta))
          continue;
        rotated = true;
        double zeta = (beta - alpha) / (2 * gamma);
        double t = std::copysign(1.0, zeta) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        double c = 1 / std::sqrt(1 + t * t), s = c * t;
        for (int64_t i = 0; i != rows; ++i) {
          double x = w[i * cols + p], y = w[i * cols + q];
          w[i * cols + p] = c * x - s * y;
          w[i * cols + q] = s * x + c * y;
        }
      }
    if (!rotated)
      break;
  }
  std::vector<double> sv(cols);
  for (int64_t j = 0; j != cols; ++j) {
    double s = 0;
    for (int64_t i = 0; i != rows; ++i)
      s = std::hypot(s, w[i * cols + j]);
    sv[j] = s;
  }
  std::sort(sv.begin(), sv.end(), std::greater<double>());
  return sv;
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

/// The square matrices of `name`, or a failure.
std::optional<Batch> squareBatch(EvalContext &ctx, llvm::StringRef name) {
  std::optional<Batch> a = batchOf(ctx.tensor(name));
  if (!a || a->rows != a->cols || !ctx.withinLimit({a->count(), a->rows, a->rows}))
    return ctx.fail();
  return a;
}

/// LU-based ops: _linalg_det (det, LU, pivots), _linalg_slogdet (sign,
/// logabsdet, LU, pivots), linalg_det/det, logdet, linalg_slogdet/slogdet.
enum class Determinant { Det, DetWithLu, Slogdet, SlogdetWithLu, Logdet };

template <Determinant kind> std::optional<EvalResults> atenDeterminant(EvalContext &ctx) {
  std::optional<Batch> a = squareBatch(ctx, ctx.has("A") ? "A" : "self");
  if (!a)
    return std::nullopt;
  int64_t n = a->rows;
  std::vector<double> det, sign, logabs, lus;
  std::vector<int64_t> allPivots;
  for (int64_t b = 0; b != a->count(); ++b) {
    // torch factors A^T (a contiguous A is A^T in LAPACK's column-major
    // order, and det(A^T) = det(A)): its LU and pivots are A^T's.
    Matrix m = transpose(a->get(b), n, n);
    std::vector<int64_t> pivots;
    luFactor(m, n, pivots);
    double d = 1, s = 1, l = 0;
    for (int64_t i = 0; i != n; ++i) {
      double u = m[i * n + i];
      d *= u;
      s *= u > 0 ? 1 : u < 0 ? -1 : 0;
      l += std::log(std::fabs(u));
      if (pivots[i] != i + 1) {
        d = -d;
        s = -s;
      }
    }
    det.push_back(d);
    sign.push_back(s);
    logabs.push_back(l);
    lus.insert(lus.end(), m.begin(), m.end());
    allPivots.insert(allPivots.end(), pivots.begin(), pivots.end());
  }
  DType t = ctx.resultDType();
  EvalResults results;
  auto push = [&](std::optional<Tensor> v) {
    if (v)
      results.push_back(std::move(*v));
    return v.has_value();
  };
  Shape batch = a->batch, pivotShape = a->batch;
  pivotShape.push_back(n);
  auto luResults = [&](unsigned first) {
    if (!push(tensorOf(ctx, ctx.resultDType(first), matrixShape(batch, n, n), lus)))
      return false;
    std::optional<Tensor> p = ctx.allocate(ctx.resultDType(first + 1), pivotShape);
    if (!p)
      return false;
    for (auto [i, v] : llvm::enumerate(allPivots))
      p->setInt(int64_t(i), v);
    return push(std::move(p));
  };
  switch (kind) {
  case Determinant::Det:
    push(tensorOf(ctx, t, batch, det));
    break;
  case Determinant::DetWithLu:
    if (push(tensorOf(ctx, t, batch, det)))
      luResults(1);
    break;
  case Determinant::Slogdet:
  case Determinant::SlogdetWithLu:
    if (push(tensorOf(ctx, t, batch, sign)) &&
        push(tensorOf(ctx, ctx.resultDType(1), batch, logabs)) &&
        kind == Determinant::SlogdetWithLu)
      luResults(2);
    break;
  case Determinant::Logdet: {
    // log(det): NaN for a negative determinant, -inf for a singular one.
    std::vector<double> v(sign.size());
    for (size_t i = 0; i != v.size(); ++i)
      v[i] = sign[i] < 0 ? std::nan("") : sign[i] == 0 ? -kInf : logabs[i];
    push(tensorOf(ctx, t, batch, v));
    break;
  }
  }
  if (results.size() != ctx.getOp().getNumResults())
    return ctx.fail();
  return results;
}

/// linalg_inv / inverse / linalg_inv_ex (inverse, info).
std::optional<EvalResults> atenInverse(EvalContext &ctx) {
  std::optional<Batch> a = squareBatch(ctx, ctx.has("A") ? "A" : "self");
  if (!a)
    return std::nullopt;
  int64_t n = a->rows;
  std::vector<double> out;
  for (int64_t b = 0; b != a->count(); ++b) {
    Matrix m = a->get(b), x(n * n, 0.0);
    std::vector<int64_t> pivots;
    if (luFactor(m, n, pivots) != 0)
      return ctx.fail();
    for (int64_t i = 0; i != n; ++i)
      x[i * n + i] = 1;
    luSolve(m, pivots, n, x, n);
    out.insert(out.end(), x.begin(), x.end());
  }
  EvalResults results;
  std::optional<Tensor> inv = tensorOf(ctx, ctx.resultDType(), matrixShape(a->batch, n, n), out);
  if (!inv)
    return std::nullopt;
  results.push_back(std::move(*inv));
  if (ctx.getOp().getNumResults() == 2) {
    std::optional<Tensor> info = ctx.allocate(ctx.resultDType(1), a->batch);
    if (!info)
      return std::nullopt;
    results.push_back(std::move(*info));
  }
  return results;
}

/// The right-hand sides of a solve: B as [..., n, k], and whether B is a
/// batch of vectors (torch: B.ndim == 1, or A.ndim - 1 with B.shape ==
/// A.shape[:-1]).
std::optional<Batch> rightHandSides(const Tensor *b, const Batch &a, bool &vector) {
  if (!isFloat(b))
    return std::nullopt;
  llvm::ArrayRef<int64_t> s = b->getShape();
  Shape aLead = a.batch;
  aLead.push_back(a.rows);
  vector = s.size() == 1 || (s.size() == a.batch.size() + 1 && llvm::equal(s, aLead));
  if (!vector)
    return batchOf(b);
  return Batch{Shape(s.drop_back()), s.back(), 1, doublesOf(*b)};
}

/// linalg_solve / linalg_solve_ex / _linalg_solve_ex (result, LU, pivots,
/// info): A X = B, or X A = B when not `left`.
std::optional<EvalResults> atenSolve(EvalContext &ctx) {
  std::optional<Batch> a = squareBatch(ctx, "A");
  bool vector = false;
  std::optional<Batch> b = a ? rightHandSides(ctx.tensor("B"), *a, vector) : std::nullopt;
  bool left = ctx.getInt("left", 1) != 0;
  if (!a || !b || (!left && vector))
    return ctx.fail();
  int64_t n = a->rows;
  // X A = B is A^T X^T = B^T.
  if (!left) {
    for (int64_t i = 0; i != a->count(); ++i) {
      Matrix t = transpose(a->get(i), n, n);
      std::copy(t.begin(), t.end(), a->data.begin() + i * n * n);
    }
    Batch bt = *b;
    for (int64_t i = 0; i != b->count(); ++i) {
      Matrix t = transpose(b->get(i), b->rows, b->cols);
      std::copy(t.begin(), t.end(), bt.data.begin() + i * b->rows * b->cols);
    }
    std::swap(bt.rows, bt.cols);
    b = std::move(bt);
  }
  std::optional<Shape> batch = ctx.broadcast({a->batch, b->batch});
  if (!batch || b->rows != n || !ctx.withinLimit(matrixShape(*batch, n, b->cols)))
    return ctx.fail();
  Batch as = broadcastBatch(*a, *batch), bs = broadcastBatch(*b, *batch);
  int64_t k = bs.cols;
  std::vector<double> x, lus;
  std::vector<int64_t> allPivots;
  for (int64_t i = 0; i != as.count(); ++i) {
    Matrix m = as.get(i), rhs = bs.get(i);
    std::vector<int64_t> pivots;
    if (luFactor(m, n, pivots) != 0)
      return ctx.fail();
    luSolve(m, pivots, n, rhs, k);
    if (!left)
      rhs = transpose(rhs, n, k);
    x.insert(x.end(), rhs.begin(), rhs.end());
    // torch keeps the LU of A itself, whichever side it solves on; `as`
    // holds A^T when not left.
    std::vector<int64_t> tPivots;
    Matrix original = as.get(i);
    Matrix kept = left ? original : transpose(original, n, n);
    luFactor(kept, n, tPivots);
    lus.insert(lus.end(), kept.begin(), kept.end());
    allPivots.insert(allPivots.end(), tPivots.begin(), tPivots.end());
  }
  Shape xShape = vector ? Shape(*batch) : left ? matrixShape(*batch, n, k)
                                               : matrixShape(*batch, k, n);
  if (vector)
    xShape.push_back(n);
  EvalResults results;
  std::optional<Tensor> result = tensorOf(ctx, ctx.resultDType(), xShape, x);
  if (!result)
    return std::nullopt;
  results.push_back(std::move(*result));
  unsigned numResults = ctx.getOp().getNumResults();
  if (numResults == 4) {
    // The LU of A as torch keeps it: A's batch dims, not the broadcast ones.
    if (*batch != a->batch)
      return ctx.fail();
    std::optional<Tensor> lu = tensorOf(ctx, ctx.resultDType(1), matrixShape(*batch, n, n), lus);
    Shape pivotShape = *batch;
    pivotShape.push_back(n);
    std::optional<Tensor> p = ctx.allocate(ctx.resultDType(2), pivotShape);
    if (!lu || !p)
      return std::nullopt;
    for (auto [i, v] : llvm::enumerate(allPivots))
      p->setInt(int64_t(i), v);
    results.push_back(std::move(*lu));
    results.push_back(std::move(*p));
  }
  if (numResults >= 2) {
    std::optional<Tensor> info = ctx.allocate(ctx.resultDType(numResults - 1), a->batch);
    if (!info)
      return std::nullopt;
    results.push_back(std::move(*info));
  }
  return results;
}

/// linalg_cholesky / linalg_cholesky_ex (L, info): L, or U = L^T when
/// `upper`.
std::optional<EvalResults> atenCholesky(EvalContext &ctx) {
  std::optional<Batch> a = squareBatch(ctx, "self");
  if (!a)
    return std::nullopt;
  int64_t n = a->rows;
  bool upper = ctx.getInt("upper", 0) != 0;
  std::vector<double> out;
  for (int64_t b = 0; b != a->count(); ++b) {
    std::optional<Matrix> l = cholesky(a->get(b), n);
    if (!l)
      return ctx.fail();
    if (upper)
      *l = transpose(*l, n, n);
    out.insert(out.end(), l->begin(), l->end());
  }
  EvalResults results;
  std::optional<Tensor> l = tensorOf(ctx, ctx.resultDType(), matrixShape(a->batch, n, n), out);
  if (!l)
    return std::nullopt;
  results.push_back(std::move(*l));
  if (ctx.getOp().getNumResults() == 2) {
    std::optional<Tensor> info = ctx.allocate(ctx.resultDType(1), a->batch);
    if (!info)
      return std::nullopt;
    results.push_back(std::move(*info));
  }
  return results;
}

/// Solves with triangular matrices for every broadcast batch entry: T X =
/// B, then (second) T^T X = B when `twice` (cholesky_solve).
std::optional<EvalResults> solveTriangularBatches(EvalContext &ctx, Batch t, Batch b, bool upper,
                                                  bool left, bool unit, bool cholesky) {
  int64_t n = t.rows;
  if (t.cols != n)
    return ctx.fail();
  if (!left) {
    // X T = B is T^T X^T = B^T.
    for (int64_t i = 0; i != t.count(); ++i) {
      Matrix m = transpose(t.get(i), n, n);
      std::copy(m.begin(), m.end(), t.data.begin() + i * n * n);
    }
    for (int64_t i = 0; i != b.count(); ++i) {
      Matrix m = transpose(b.get(i), b.rows, b.cols);
      std::copy(m.begin(), m.end(), b.data.begin() + i * b.rows * b.cols);
    }
    std::swap(b.rows, b.cols);
    upper = !upper;
  }
  std::optional<Shape> batch = ctx.broadcast({t.batch, b.batch});
  if (!batch || b.rows != n || !ctx.withinLimit(matrixShape(*batch, n, b.cols)))
    return ctx.fail();
  Batch ts = broadcastBatch(t, *batch), bs = broadcastBatch(b, *batch);
  int64_t k = bs.cols;
  std::vector<double> x;
  for (int64_t i = 0; i != ts.count(); ++i) {
    Matrix m = ts.get(i), rhs = bs.get(i);
    if (cholesky) {
      // A = L L^T (or U^T U): L Y = B, then L^T X = Y.
      Matrix mt = transpose(m, n, n);
      triangularSolve(upper ? mt : m, n, false, false, rhs, k);
      triangularSolve(upper ? m : mt, n, true, false, rhs, k);
    } else {
      triangularSolve(m, n, upper, unit, rhs, k);
    }
    if (!left)
      rhs = transpose(rhs, n, k);
    x.insert(x.end(), rhs.begin(), rhs.end());
  }
  return single(tensorOf(ctx, ctx.resultDType(),
                         left ? matrixShape(*batch, n, k) : matrixShape(*batch, k, n), x));
}

/// linalg_solve_triangular(self, B, upper, left, unitriangular).
std::optional<EvalResults> atenSolveTriangular(EvalContext &ctx) {
  std::optional<Batch> t = batchOf(ctx.tensor("self")), b = batchOf(ctx.tensor("B"));
  std::optional<int64_t> upper = ctx.getOptionalInt("upper");
  if (!t || !b || !upper)
    return ctx.fail();
  return solveTriangularBatches(ctx, *t, *b, *upper != 0, ctx.getInt("left", 1) != 0,
                                ctx.getInt("unitriangular", 0) != 0, false);
}

/// cholesky_solve(self = B, input2 = the Cholesky factor, upper).
std::optional<EvalResults> atenCholeskySolve(EvalContext &ctx) {
  std::optional<Batch> b = batchOf(ctx.tensor("self")), l = batchOf(ctx.tensor("input2"));
  if (!b || !l)
    return ctx.fail();
  return solveTriangularBatches(ctx, *l, *b, ctx.getInt("upper", 0) != 0, true, false, true);
}

/// linalg_qr(A, mode): reduced (Q m x k, R k x n), complete (Q m x m, R m x
/// n) or r (Q empty, R k x n).
std::optional<EvalResults> atenQr(EvalContext &ctx) {
  std::optional<Batch> a = batchOf(ctx.tensor("A"));
  std::string mode = ctx.getString("mode", "reduced");
  if (!a || (mode != "reduced" && mode != "complete" && mode != "r"))
    return ctx.fail();
  int64_t m = a->rows, n = a->cols, k = std::min(m, n);
  int64_t qcols = mode == "complete" ? m : k;
  std::vector<double> qs, rs;
  for (int64_t b = 0; b != a->count(); ++b) {
    Matrix q, r;
    householderQr(a->get(b), m, n, qcols, q, r);
    qs.insert(qs.end(), q.begin(), q.end());
    rs.insert(rs.end(), r.begin(), r.end());
  }
  int64_t rrows = mode == "complete" ? m : k;
  std::optional<Tensor> q =
      mode == "r" ? ctx.allocate(ctx.resultDType(0), {0})
                  : tensorOf(ctx, ctx.resultDType(0), matrixShape(a->batch, m, qcols), qs);
  std::optional<Tensor> r = tensorOf(ctx, ctx.resultDType(1), matrixShape(a->batch, rrows, n), rs);
  if (!q || !r)
    return std::nullopt;
  return EvalResults{std::move(*q), std::move(*r)};
}

/// linalg_cross(self, other, dim): broadcast, the dim of size 3.
std::optional<EvalResults> atenCross(EvalContext &ctx) {
  const Tensor *a = ctx.tensor("self"), *b = ctx.tensor("other");
  if (!isFloat(a) || !isFloat(b) || a->getRank() != b->getRank())
    return ctx.fail();
  std::optional<Shape> shape = ctx.broadcast({a->getShape(), b->getShape()});
  std::optional<int64_t> dim =
      shape ? normalizeAxis(ctx.getInt("dim", -1), int64_t(shape->size())) : std::nullopt;
  if (!shape || !dim || (*shape)[*dim] != 3 || !ctx.withinLimit(*shape))
    return ctx.fail();
  std::vector<double> x = doublesOf(broadcastTo(*a, *shape)), y = doublesOf(broadcastTo(*b, *shape));
  int64_t stride = getStrides(*shape)[*dim], total = getNumElements(*shape);
  std::vector<double> out(x.size());
  for (int64_t i = 0; i != total; ++i) {
    int64_t c = (i / stride) % 3, base = i - c * stride;
    int64_t c1 = base + ((c + 1) % 3) * stride, c2 = base + ((c + 2) % 3) * stride;
    out[i] = x[c1] * y[c2] - x[c2] * y[c1];
  }
  return single(tensorOf(ctx, ctx.resultDType(), *shape, out));
}

/// The reduced dims of a norm: `dims` normalized (empty: all), and the
/// shape of the result.
std::optional<std::pair<Shape, Shape>> normDims(EvalContext &ctx, const Tensor &x,
                                                llvm::ArrayRef<int64_t> dims, bool keepdim) {
  int64_t rank = int64_t(x.getRank());
  Shape reduced;
  for (int64_t d : dims) {
    std::optional<int64_t> n = normalizeAxis(d, std::max<int64_t>(rank, 1));
    if (!n || llvm::is_contained(reduced, *n))
      return ctx.fail();
    reduced.push_back(*n);
  }
  if (dims.empty())
    for (int64_t d = 0; d != rank; ++d)
      reduced.push_back(d);
  Shape out;
  for (int64_t d = 0; d != rank; ++d) {
    if (!llvm::is_contained(reduced, d))
      out.push_back(x.getShape()[d]);
    else if (keepdim)
      out.push_back(1);
  }
  return std::pair{reduced, out};
}

/// For each result element, the input elements it reduces (in row-major
/// order of the reduced dims); `order` lists the reduced dims in the order
/// the groups' elements are visited.
std::vector<std::vector<double>> groupsOf(const Tensor &x, llvm::ArrayRef<int64_t> order) {
  int64_t rank = int64_t(x.getRank());
  Shape perm;
  for (int64_t d = 0; d != rank; ++d)
    if (!llvm::is_contained(order, d))
      perm.push_back(d);
  int64_t numGroups = 1, groupSize = 1;
  for (int64_t d : perm)
    numGroups *= x.getShape()[d];
  perm.append(order.begin(), order.end());
  for (int64_t d : order)
    groupSize *= x.getShape()[d];
  Shape outShape, strides, own = getStrides(x.getShape());
  for (int64_t d : perm) {
    outShape.push_back(x.getShape()[d]);
    strides.push_back(own[d]);
  }
  std::vector<double> all = doublesOf(copyStrided(x, outShape, strides, 0));
  std::vector<std::vector<double>> groups(numGroups);
  for (int64_t g = 0; g != numGroups; ++g)
    groups[g].assign(all.begin() + g * groupSize, all.begin() + (g + 1) * groupSize);
  return groups;
}

double vectorNorm(llvm::ArrayRef<double> v, double ord) {
  if (std::isinf(ord)) {
    if (v.empty())
      return ord > 0 ? 0 : kInf;
    double r = std::fabs(v[0]);
    for (double e : v)
      r = std::isnan(e) || std::isnan(r) ? std::nan("")
          : ord > 0                      ? std::max(r, std::fabs(e))
                                         : std::min(r, std::fabs(e));
    return r;
  }
  if (ord == 0) {
    double n = 0;
    for (double e : v)
      n += e != 0;
    return n;
  }
  if (ord == 1) {
    double s = 0;
    for (double e : v)
      s += std::fabs(e);
    return s;
  }
  if (ord == 2) {
    double s = 0;
    for (double e : v)
      s += e * e;
    return std::sqrt(s);
  }
  double s = 0;
  for (double e : v)
    s += std::pow(std::fabs(e), ord);
  return std::pow(s, 1 / ord);
}

/// The input of a norm in its computation type (`dtype`, else the
/// result's).
std::optional<Tensor> normInput(EvalContext &ctx, const Tensor *x) {
  if (!isFloat(x) || getNumericKind(ctx.resultDType()) != NumericKind::Float)
    return ctx.fail();
  return castTo(*x, ctx.resultDType());
}

/// linalg_vector_norm(self, ord, dim, keepdim, dtype).
std::optional<EvalResults> atenVectorNorm(EvalContext &ctx) {
  std::optional<Tensor> x = normInput(ctx, ctx.tensor("self"));
  std::optional<ScalarOrTensor> ord = ctx.scalarOrTensor("ord");
  if (!x)
    return std::nullopt;
  double p = ord ? ord->value.getDouble(0) : 2;
  auto dims = normDims(ctx, *x, ctx.getIntList("dim"), ctx.getInt("keepdim", 0) != 0);
  if (!dims || (p < 0 && x->getNumElements() == 0))
    return ctx.fail();
  std::vector<double> out;
  for (const std::vector<double> &g : groupsOf(*x, dims->first))
    out.push_back(vectorNorm(g, p));
  return single(tensorOf(ctx, ctx.resultDType(), dims->second, out));
}

/// linalg_matrix_norm(self, ord, dim, keepdim, dtype) and .str_ord ("fro",
/// "nuc"): over the two dims (rows, cols) of `dim`.
std::optional<EvalResults> atenMatrixNorm(EvalContext &ctx) {
  std::optional<Tensor> x = normInput(ctx, ctx.tensor("self"));
  if (!x || x->getRank() < 2)
    return ctx.fail();
  std::string name;
  double p = 0;
  if (const ir::Attribute *a = ctx.getOp().getAttr("ord");
      a && a->getKind() == ir::Attribute::Kind::String) {
    name = a->getString().str();
  } else if (std::optional<ScalarOrTensor> ord = ctx.scalarOrTensor("ord")) {
    p = ord->value.getDouble(0);
  } else {
    name = "fro";
  }
  if (!name.empty() && name != "fro" && name != "nuc")
    return ctx.fail();
  if (name.empty() && std::fabs(p) != 1 && std::fabs(p) != 2 && !std::isinf(p))
    return ctx.fail();
  Shape dim = ctx.getIntList("dim", {-2, -1});
  int64_t rank = int64_t(x->getRank());
  std::optional<int64_t> rowDim = dim.size() == 2 ? normalizeAxis(dim[0], rank) : std::nullopt;
  std::optional<int64_t> colDim = dim.size() == 2 ? normalizeAxis(dim[1], rank) : std::nullopt;
  if (!rowDim || !colDim || *rowDim == *colDim)
    return ctx.fail();
  auto dims = normDims(ctx, *x, dim, ctx.getInt("keepdim", 0) != 0);
  if (!dims)
    return std::nullopt;
  int64_t rows = x->getShape()[*rowDim], cols = x->getShape()[*colDim];
  std::vector<double> out;
  for (const std::vector<double> &m : groupsOf(*x, {*rowDim, *colDim})) {
    if (name == "fro") {
      out.push_back(vectorNorm(m, 2));
    } else if (name == "nuc" || std::fabs(p) == 2) {
      std::vector<double> sv = singularValues(m, rows, cols);
      out.push_back(name == "nuc" ? std::accumulate(sv.begin(), sv.end(), 0.0)
                    : sv.empty()  ? 0.0
                    : p > 0       ? sv.front()
                                  : sv.back());
    } else {
      // 1: columns' absolute sums; inf: rows'. The largest, or smallest for
      // negative orders.
      bool byColumn = std::fabs(p) == 1;
      int64_t groups = byColumn ? cols : rows, length = byColumn ? rows : cols;
      std::vector<double> sums(groups, 0.0);
      for (int64_t i = 0; i != rows; ++i)
        for (int64_t j = 0; j != cols; ++j)
          sums[byColumn ? j : i] += std::fabs(m[i * cols + j]);
      if (sums.empty() || length == 0)
        return ctx.fail();
      out.push_back(p > 0 ? *std::max_element(sums.begin(), sums.end())
                          : *std::min_element(sums.begin(), sums.end()));
    }
  }
  return single(tensorOf(ctx, ctx.resultDType(), dims->second, out));
}

} // namespace

void registerLinearAlgebraRules(EvalRegistry &r) {
  r.addUnfoldable("aten._linalg_det.default", atenDeterminant<Determinant::DetWithLu>);
  r.addUnfoldable("aten._linalg_slogdet.default", atenDeterminant<Determinant::SlogdetWithLu>);
  r.addUnfoldable("aten._linalg_solve_ex.default", atenSolve);
  r.addUnfoldable("aten.cholesky_solve.default", atenCholeskySolve);
  r.addUnfoldable("aten.det.default", atenDeterminant<Determinant::Det>);
  r.addUnfoldable("aten.inverse.default", atenInverse);
  r.addUnfoldable("aten.linalg_cholesky.default", atenCholesky);
  r.addUnfoldable("aten.linalg_cholesky_ex.default", atenCholesky);
  r.addUnfoldable("aten.linalg_cross.default", atenCross);
  r.addUnfoldable("aten.linalg_det.default", atenDeterminant<Determinant::Det>);
  r.addUnfoldable("aten.linalg_inv.default", atenInverse);
  r.addUnfoldable("aten.linalg_inv_ex.default", atenInverse);
  r.addUnfoldable("aten.linalg_matrix_norm.default", atenMatrixNorm);
  r.addUnfoldable("aten.linalg_matrix_norm.str_ord", atenMatrixNorm);
  r.addUnfoldable("aten.linalg_qr.default", atenQr);
  r.addUnfoldable("aten.linalg_slogdet.default", atenDeterminant<Determinant::Slogdet>);
  r.addUnfoldable("aten.linalg_solve.default", atenSolve);
  r.addUnfoldable("aten.linalg_solve_ex.default", atenSolve);
  r.addUnfoldable("aten.linalg_solve_triangular.default", atenSolveTriangular);
  r.addUnfoldable("aten.linalg_vector_norm.default", atenVectorNorm);
  r.addUnfoldable("aten.logdet.default", atenDeterminant<Determinant::Logdet>);
  r.addUnfoldable("aten.slogdet.default", atenDeterminant<Determinant::Slogdet>);
}

} // namespace pt2onnx::passes::eval
