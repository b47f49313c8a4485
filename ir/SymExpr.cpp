//===- SymExpr.cpp - Symbolic integer expressions for dimensions ----------===//
//
// Every builder returns its result in the canonical form of SymExpr.h, so
// uniquing alone decides equality. Builders either return the result of other
// builders or make a node from exactly the operands they were given; that keeps
// the canonical form a fixed point, which is what lets parse(print(e)) rebuild
// the very node e.
//
// Sums are handled as lists of terms (coefficient, monomial), where a
// monomial is the sorted factor list of a product. Ranges are interval
// arithmetic over extended integers (the int64 extremes are the infinities);
// they are cached per node and recomputed after a symbol range changes.
//
// The printer is SymExprPrinter.cpp, the parser SymExprParser.cpp; SymNode.h
// holds the node they share.
//
//===----------------------------------------------------------------------===//

#include "ir/SymExpr.h"
#include "ir/SymNode.h"

#include "ir/CheckedArithmetic.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace pt2onnx::ir {

namespace {
using detail::SymNode;

constexpr int64_t kNegInf = SymRange::kNegInf;
constexpr int64_t kPosInf = SymRange::kPosInf;

//===----------------------------------------------------------------------===//
// Integer arithmetic: checked, with Python's floor division and modulo.
//===----------------------------------------------------------------------===//

std::optional<int64_t> pyFloorDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == kNegInf && b == -1))
    return std::nullopt;
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

std::optional<int64_t> pyMod(int64_t a, int64_t b) {
  if (b == 0)
    return std::nullopt;
  if (b == -1)
    return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

/// a / d when d divides a exactly and the quotient fits.
std::optional<int64_t> exactQuotient(int64_t a, int64_t d) {
  if (d == 0 || (a == kNegInf && d == -1) || a % d != 0)
    return std::nullopt;
  return a / d;
}

/// A 64-bit finalizer (MurmurHash3's), cheap enough to apply per operand.
uint64_t scramble(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

uint64_t magnitude(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : v; }

uint64_t gcd(uint64_t a, uint64_t b) {
  while (b != 0)
    a = std::exchange(b, a % b);
  return a;
}

//===----------------------------------------------------------------------===//
// Interval arithmetic over extended integers. Ranges are normalized so that a
// lower bound is never +oo and an upper bound never -oo; any overflow widens
// the bound to the infinity on its side, which is always sound.
//===----------------------------------------------------------------------===//

const SymRange kUnbounded{};

SymRange normalize(SymRange r) {
  if (r.lo == kPosInf)
    r.lo = kPosInf - 1;
  if (r.hi == kNegInf)
    r.hi = kNegInf + 1;
  return r;
}

bool isInf(int64_t v) { return v == kNegInf || v == kPosInf; }

int64_t addLower(int64_t a, int64_t b) {
  if (a == kNegInf || b == kNegInf)
    return kNegInf;
  std::optional<int64_t> r = checkedAdd(a, b);
  return r && !isInf(*r) ? *r : kNegInf;
}

int64_t addUpper(int64_t a, int64_t b) {
  if (a == kPosInf || b == kPosInf)
    return kPosInf;
  std::optional<int64_t> r = checkedAdd(a, b);
  return r && !isInf(*r) ? *r : kPosInf;
}

int64_t negBound(int64_t v) {
  if (v == kNegInf)
    return kPosInf;
  if (v == kPosInf)
    return kNegInf;
  return -v;
}

SymRange negRange(SymRange r) { return normalize({negBound(r.hi), negBound(r.lo)}); }

/// The product of two bounds, or nullopt if it overflows.
std::optional<int64_t> mulBound(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  if (isInf(a) || isInf(b))
    return (a < 0) == (b < 0) ? kPosInf : kNegInf;
  std::optional<int64_t> r = checkedMul(a, b);
  if (!r || isInf(*r))
    return std::nullopt;
  return r;
}

SymRange mulRange(SymRange a, SymRange b) {
  std::optional<int64_t> corners[] = {mulBound(a.lo, b.lo), mulBound(a.lo, b.hi),
                                      mulBound(a.hi, b.lo), mulBound(a.hi, b.hi)};
  SymRange r{kPosInf, kNegInf};
  for (std::optional<int64_t> c : corners) {
    if (!c)
      return kUnbounded;
    r.lo = std::min(r.lo, *c);
    r.hi = std::max(r.hi, *c);
  }
  return normalize(r);
}

SymRange powRange(SymRange base, unsigned exponent) {
  SymRange r = base;
  for (unsigned i = 1; i < exponent; ++i)
    r = mulRange(r, base);
  if (exponent % 2 == 0)
    r.lo = std::max<int64_t>(r.lo, 0);
  return r;
}

SymRange floorDivRange(SymRange a, SymRange b) {
  if (b.hi < 0)
    return floorDivRange(negRange(a), negRange(b));
  if (b.lo <= 0)
    return kUnbounded;
  // b.lo is finite and positive; a quotient is smallest at the most negative
  // numerator over the smallest divisor (or a non-negative one over the
  // largest), and symmetrically for the largest.
  SymRange r;
  if (a.lo == kNegInf)
    r.lo = kNegInf;
  else if (a.lo >= 0)
    r.lo = b.hi == kPosInf ? 0 : *pyFloorDiv(a.lo, b.hi);
  else
    r.lo = *pyFloorDiv(a.lo, b.lo);
  if (a.hi == kPosInf)
    r.hi = kPosInf;
  else if (a.hi >= 0)
    r.hi = *pyFloorDiv(a.hi, b.lo);
  else
    r.hi = b.hi == kPosInf ? -1 : *pyFloorDiv(a.hi, b.hi);
  return normalize(r);
}

SymRange modRange(SymRange a, SymRange b) {
  if (b.lo > 0) {
    if (a.lo >= 0 && a.hi < b.lo)
      return a;
    if (b.lo == b.hi && !isInf(a.lo) && !isInf(a.hi)) {
      int64_t q = *pyFloorDiv(a.lo, b.lo);
      if (q == *pyFloorDiv(a.hi, b.lo))
        return {a.lo - q * b.lo, a.hi - q * b.lo};
    }
    SymRange r{0, b.hi == kPosInf ? kPosInf : b.hi - 1};
    if (a.lo >= 0)
      r.hi = std::min(r.hi, a.hi);
    return r;
  }
  if (b.hi < 0) {
    if (a.hi <= 0 && a.lo > b.hi)
      return a;
    SymRange r{b.lo == kNegInf ? kNegInf : b.lo + 1, 0};
    if (a.hi <= 0)
      r.lo = std::max(r.lo, a.lo);
    return r;
  }
  return kUnbounded;
}

bool excludesZero(SymRange r) { return r.lo > 0 || r.hi < 0; }

std::optional<int64_t> pointValue(SymRange r) {
  if (r.lo == r.hi && !isInf(r.lo))
    return r.lo;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The canonical order.
//===----------------------------------------------------------------------===//

int compareInts(int64_t a, int64_t b) { return a < b ? -1 : (a > b ? 1 : 0); }

int compareNodes(const SymNode *a, const SymNode *b) {
  if (a == b)
    return 0;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  switch (a->kind) {
  case SymKind::Constant:
    return compareInts(a->value, b->value);
  case SymKind::Symbol:
    if (int c = a->name.compare_numeric(b->name))
      return c;
    return a->name.compare(b->name);
  default:
    break;
  }
  if (a->unfolded != b->unfolded)
    return a->unfolded ? 1 : -1;
  llvm::ArrayRef<SymExpr> x = a->getOperands(), y = b->getOperands();
  for (size_t i = 0, e = std::min(x.size(), y.size()); i != e; ++i)
    if (int c = compareNodes(x[i].getNode(), y[i].getNode()))
      return c;
  return compareInts(x.size(), y.size());
}

bool lessThan(SymExpr a, SymExpr b) { return compareNodes(a.getNode(), b.getNode()) < 0; }


/// One term of a sum: coefficient times a monomial (no factors: a constant).
struct Term {
  int64_t coef = 0;
  /// The monomial when it is a single factor.
  SymExpr atom;
  /// The monomial's factors when it is a product.
  llvm::ArrayRef<SymExpr> productFactors;
  /// The node the term was read from, and its coefficient there: while the
  /// coefficient is unchanged the node is reused rather than looked up.
  SymExpr source;
  int64_t sourceCoef = 0;

  static Term of(SymExpr e) {
    Term t = readTerm(e);
    t.source = e;
    t.sourceCoef = t.coef;
    return t;
  }

  llvm::ArrayRef<SymExpr> factors() const {
    return atom ? llvm::ArrayRef<SymExpr>(atom) : productFactors;
  }

private:
  static Term readTerm(SymExpr e) {
    Term t;
    if (std::optional<int64_t> c = e.getConstant()) {
      t.coef = *c;
      return t;
    }
    if (!isProduct(e)) {
      t.coef = 1;
      t.atom = e;
      return t;
    }
    llvm::ArrayRef<SymExpr> ops = e.getOperands();
    t.coef = 1;
    if (std::optional<int64_t> c = ops.front().getConstant()) {
      t.coef = *c;
      ops = ops.drop_front();
    }
    if (ops.size() == 1)
      t.atom = ops.front();
    else
      t.productFactors = ops;
    return t;
  }
};

/// Orders terms by monomial, the constant term last.
int compareMonomials(const Term &a, const Term &b) {
  llvm::ArrayRef<SymExpr> x = a.factors(), y = b.factors();
  if (x.empty() || y.empty())
    return compareInts(y.size(), x.size());
  for (size_t i = 0, e = std::min(x.size(), y.size()); i != e; ++i)
    if (int c = compareNodes(x[i].getNode(), y[i].getNode()))
      return c;
  return compareInts(x.size(), y.size());
}

/// The terms of `e` read as a sum (none for zero).
void appendTerms(SymExpr e, llvm::SmallVectorImpl<Term> &terms) {
  if (isSum(e)) {
    for (SymExpr op : e.getOperands())
      terms.push_back(Term::of(op));
    return;
  }
  if (e.getConstant() != 0)
    terms.push_back(Term::of(e));
}

/// `from` minus the multiset `sub`, both sorted; false unless `sub` is
/// contained in `from`.
bool subtractFactors(llvm::ArrayRef<SymExpr> from, llvm::ArrayRef<SymExpr> sub,
                     llvm::SmallVectorImpl<SymExpr> &rest) {
  size_t j = 0;
  for (SymExpr f : from) {
    if (j < sub.size() && f == sub[j])
      ++j;
    else
      rest.push_back(f);
  }
  return j == sub.size();
}


} // namespace

//===----------------------------------------------------------------------===//
// SymContext::Impl: uniquing and the builders.
//===----------------------------------------------------------------------===//

struct SymContext::Impl {
  explicit Impl(SymContext &context) : context(context) {}

  struct NodeKey {
    SymKind kind;
    bool unfolded;
    int64_t value;
    llvm::ArrayRef<SymExpr> operands;
    unsigned hash;
  };

  struct NodeInfo {
    using Ptr = const SymNode *;
    static Ptr getEmptyKey() { return llvm::DenseMapInfo<Ptr>::getEmptyKey(); }
    static Ptr getTombstoneKey() { return llvm::DenseMapInfo<Ptr>::getTombstoneKey(); }
    static unsigned getHashValue(Ptr node) { return node->hash; }
    static unsigned getHashValue(const NodeKey &key) { return key.hash; }
    static bool isEqual(Ptr a, Ptr b) { return a == b; }
    static bool isEqual(const NodeKey &key, Ptr node) {
      if (node == getEmptyKey() || node == getTombstoneKey())
        return false;
      return key.kind == node->kind && key.unfolded == node->unfolded &&
             key.value == node->value && key.operands == node->getOperands();
    }
  };

  SymContext &context;
  llvm::BumpPtrAllocator allocator;
  llvm::DenseSet<const SymNode *, NodeInfo> nodes;
  llvm::StringMap<unsigned> symbolIndex;
  llvm::SmallVector<SymExpr> symbols;
  llvm::SmallVector<SymRange> symbolRanges;
  /// Bumped whenever a symbol range changes, invalidating cached ranges.
  uint64_t rangeEpoch = 1;

  SymNode *allocateNode(SymKind kind, bool unfolded, int64_t value,
                        llvm::ArrayRef<SymExpr> operands, unsigned hash) {
    SymExpr *ops = allocator.Allocate<SymExpr>(operands.size());
    std::uninitialized_copy(operands.begin(), operands.end(), ops);
    return new (allocator.Allocate<SymNode>())
        SymNode{kind, unfolded, static_cast<uint32_t>(operands.size()), hash, this, value,
                llvm::StringRef(), ops, SymRange(), 0};
  }

  SymExpr getNode(SymKind kind, llvm::ArrayRef<SymExpr> operands, bool unfolded = false,
                  int64_t value = 0) {
    uint64_t hash = scramble(static_cast<uint64_t>(value) ^
                             ((static_cast<uint64_t>(kind) << 1 | unfolded) << 56));
    for (SymExpr op : operands)
      hash = scramble(hash ^ reinterpret_cast<uintptr_t>(op.getNode()));
    NodeKey key{kind, unfolded, value, operands, static_cast<unsigned>(hash)};
    auto it = nodes.find_as(key);
    if (it != nodes.end())
      return SymExpr(*it);
    SymNode *node = allocateNode(kind, unfolded, value, operands, key.hash);
    nodes.insert(node);
    return SymExpr(node);
  }

  SymExpr constant(int64_t value) { return getNode(SymKind::Constant, {}, false, value); }

  /// The node of an operation whose folding overflowed; operands ordered so
  /// that it stays commutative.
  SymExpr unfolded(SymKind kind, SymExpr a, SymExpr b) {
    if (lessThan(b, a))
      std::swap(a, b);
    return getNode(kind, {a, b}, /*unfolded=*/true);
  }

  SymExpr symbol(llvm::StringRef name) {
    auto [it, inserted] = symbolIndex.try_emplace(name, symbols.size());
    if (!inserted)
      return symbols[it->second];
    SymNode *node = allocateNode(SymKind::Symbol, false, it->second, {}, 0);
    node->name = it->first();
    symbols.push_back(SymExpr(node));
    symbolRanges.push_back(SymRange());
    return symbols.back();
  }

  //===--------------------------------------------------------------------===//
  // Ranges.
  //===--------------------------------------------------------------------===//

  SymRange range(SymExpr e) {
    const SymNode *node = e.getNode();
    if (node->rangeEpoch != rangeEpoch) {
      node->range = computeRange(e);
      node->rangeEpoch = rangeEpoch;
    }
    return node->range;
  }

  SymRange computeRange(SymExpr e) {
    llvm::ArrayRef<SymExpr> ops = e.getOperands();
    switch (e.getKind()) {
    case SymKind::Constant: {
      int64_t v = *e.getConstant();
      return normalize({v, v});
    }
    case SymKind::Symbol:
      return normalize(symbolRanges[e.getNode()->value]);
    case SymKind::Add: {
      SymRange r{0, 0};
      for (SymExpr op : ops) {
        SymRange o = range(op);
        r = {addLower(r.lo, o.lo), addUpper(r.hi, o.hi)};
      }
      return normalize(r);
    }
    case SymKind::Mul: {
      SymRange r{1, 1};
      for (size_t i = 0; i < ops.size();) {
        size_t run = 1;
        while (i + run < ops.size() && ops[i + run] == ops[i])
          ++run;
        r = mulRange(r, powRange(range(ops[i]), run));
        i += run;
      }
      return r;
    }
    case SymKind::FloorDiv:
      return floorDivRange(range(ops[0]), range(ops[1]));
    case SymKind::Mod:
      return modRange(range(ops[0]), range(ops[1]));
    case SymKind::Min:
    case SymKind::Max: {
      bool isMin = e.getKind() == SymKind::Min;
      SymRange r = range(ops.front());
      for (SymExpr op : ops.drop_front()) {
        SymRange o = range(op);
        r.lo = isMin ? std::min(r.lo, o.lo) : std::max(r.lo, o.lo);
        r.hi = isMin ? std::min(r.hi, o.hi) : std::max(r.hi, o.hi);
      }
      return r;
    }
    }
    llvm_unreachable("unknown SymKind");
  }

  //===--------------------------------------------------------------------===//
  // Sums and products.
  //===--------------------------------------------------------------------===//

  SymExpr buildTerm(int64_t coef, llvm::ArrayRef<SymExpr> factors) {
    assert(coef != 0 && "zero terms are dropped");
    if (factors.empty())
      return constant(coef);
    if (coef == 1 && factors.size() == 1)
      return factors.front();
    llvm::SmallVector<SymExpr, 4> ops;
    if (coef != 1)
      ops.push_back(constant(coef));
    ops.append(factors.begin(), factors.end());
    return getNode(SymKind::Mul, ops);
  }

  SymExpr buildTerm(const Term &t) {
    if (t.source && t.coef == t.sourceCoef)
      return t.source;
    return buildTerm(t.coef, t.factors());
  }

  /// The sum of terms already sorted, combined and nonzero.
  SymExpr buildSum(llvm::ArrayRef<Term> terms) {
    if (terms.empty())
      return constant(0);
    if (terms.size() == 1)
      return buildTerm(terms.front());
    llvm::SmallVector<SymExpr, 8> ops;
    for (const Term &t : terms)
      ops.push_back(buildTerm(t));
    return getNode(SymKind::Add, ops);
  }

  /// Sorts and combines like terms; nullopt if a coefficient overflows.
  /// Coefficients are summed in 128 bits so that the outcome depends only on
  /// the terms, not on their order.
  std::optional<SymExpr> sumTerms(llvm::SmallVectorImpl<Term> &terms) {
    llvm::sort(terms, [](const Term &a, const Term &b) {
      int c = compareMonomials(a, b);
      return c != 0 ? c < 0 : a.coef < b.coef;
    });
    llvm::SmallVector<Term, 8> combined;
    for (size_t i = 0; i < terms.size();) {
      size_t j = i + 1;
      __int128 coef = terms[i].coef;
      for (; j < terms.size() && compareMonomials(terms[i], terms[j]) == 0; ++j)
        coef += terms[j].coef;
      if (coef < kNegInf || coef > kPosInf)
        return std::nullopt;
      if (coef != 0) {
        combined.push_back(terms[i]);
        combined.back().coef = static_cast<int64_t>(coef);
      }
      i = j;
    }
    return buildSum(combined);
  }

  SymExpr add(SymExpr a, SymExpr b) {
    if (a.getConstant() == 0)
      return b;
    if (b.getConstant() == 0)
      return a;
    llvm::SmallVector<Term, 8> terms;
    appendTerms(a, terms);
    appendTerms(b, terms);
    if (std::optional<SymExpr> sum = sumTerms(terms))
      return *sum;
    return unfolded(SymKind::Add, a, b);
  }

  SymExpr neg(SymExpr a) { return mul(a, constant(-1)); }

  SymExpr mul(SymExpr a, SymExpr b) {
    if (b.isConstant())
      std::swap(a, b);
    if (std::optional<int64_t> c = a.getConstant()) {
      if (*c == 0 || b.getConstant() == 1)
        return a;
      if (*c == 1)
        return b;
      if (std::optional<int64_t> d = b.getConstant()) {
        if (std::optional<int64_t> p = checkedMul(*c, *d))
          return constant(*p);
        return unfolded(SymKind::Mul, a, b);
      }
    }
    if (isSum(a) || isSum(b)) {
      llvm::ArrayRef<SymExpr> xs = isSum(a) ? a.getOperands() : llvm::ArrayRef<SymExpr>(a);
      llvm::ArrayRef<SymExpr> ys = isSum(b) ? b.getOperands() : llvm::ArrayRef<SymExpr>(b);
      llvm::SmallVector<Term, 8> terms;
      for (SymExpr x : xs) {
        for (SymExpr y : ys) {
          // Keep the product whole rather than let one term overflow where
          // the sum would not.
          SymExpr p = mul(x, y);
          if (p.getNode()->unfolded)
            return unfolded(SymKind::Mul, a, b);
          appendTerms(p, terms);
        }
      }
      if (std::optional<SymExpr> sum = sumTerms(terms))
        return *sum;
      return unfolded(SymKind::Mul, a, b);
    }
    Term x = Term::of(a), y = Term::of(b);
    std::optional<int64_t> coef = checkedMul(x.coef, y.coef);
    if (!coef)
      return unfolded(SymKind::Mul, a, b);
    llvm::SmallVector<SymExpr, 4> factors;
    std::merge(x.factors().begin(), x.factors().end(), y.factors().begin(), y.factors().end(),
               std::back_inserter(factors), lessThan);
    return buildTerm(*coef, factors);
  }

  //===--------------------------------------------------------------------===//
  // Floor division and modulo.
  //===--------------------------------------------------------------------===//

  /// Splits the terms of `a` into the quotients of those `divisor` (not a
  /// sum) divides exactly and the rest; false if no term divides.
  bool splitDivisible(SymExpr a, SymExpr divisor, SymExpr &quotient,
                      llvm::SmallVectorImpl<Term> &rest) {
    Term d = Term::of(divisor);
    llvm::SmallVector<Term, 8> terms, quotients;
    appendTerms(a, terms);
    for (const Term &t : terms) {
      llvm::SmallVector<SymExpr, 4> factors;
      std::optional<int64_t> q = exactQuotient(t.coef, d.coef);
      if (q && subtractFactors(t.factors(), d.factors(), factors))
        appendTerms(buildTerm(*q, factors), quotients);
      else
        rest.push_back(t);
    }
    if (quotients.empty())
      return false;
    std::optional<SymExpr> sum = sumTerms(quotients);
    if (!sum)
      return false;
    quotient = *sum;
    return true;
  }

  /// gcd of k > 1 and every coefficient of `a`.
  int64_t commonFactor(SymExpr a, int64_t k) {
    llvm::SmallVector<Term, 8> terms;
    appendTerms(a, terms);
    uint64_t g = k;
    for (const Term &t : terms)
      g = gcd(g, magnitude(t.coef));
    return static_cast<int64_t>(g);
  }

  /// `a` with every coefficient divided by `g`, which divides them all.
  SymExpr divideCoefficients(SymExpr a, int64_t g) {
    llvm::SmallVector<Term, 8> terms;
    appendTerms(a, terms);
    for (Term &t : terms)
      t.coef /= g;
    return buildSum(terms);
  }

  SymExpr floorDiv(SymExpr a, SymExpr b) {
    std::optional<int64_t> k = b.getConstant();
    if (k) {
      if (*k == 0)
        return getNode(SymKind::FloorDiv, {a, b});
      if (std::optional<int64_t> c = a.getConstant()) {
        if (std::optional<int64_t> q = pyFloorDiv(*c, *k))
          return constant(*q);
        return getNode(SymKind::FloorDiv, {a, b});
      }
      if (*k == 1)
        return a;
      // a // -k == (-a) // k
      if (*k < 0 && *k != kNegInf)
        return floorDiv(neg(a), constant(-*k));
    }
    SymRange divisorRange = range(b);
    if (!excludesZero(divisorRange))
      return getNode(SymKind::FloorDiv, {a, b});
    if (a == b)
      return constant(1);
    if (a.getConstant() == 0)
      return a;
    // (x // m) // k == x // (m*k) for positive m and k.
    if (k && *k > 0 && a.getKind() == SymKind::FloorDiv) {
      std::optional<int64_t> m = a.getOperands()[1].getConstant();
      if (m && *m > 0)
        if (std::optional<int64_t> mk = checkedMul(*m, *k))
          return floorDiv(a.getOperands()[0], constant(*mk));
    }
    // (q*b + r) // b == q + r // b
    if (!isSum(b)) {
      SymExpr quotient;
      llvm::SmallVector<Term, 8> rest;
      if (splitDivisible(a, b, quotient, rest))
        return add(quotient, floorDiv(buildSum(rest), b));
    }
    // (g*x) // (g*m) == x // m
    if (k && *k > 1)
      if (int64_t g = commonFactor(a, *k); g > 1)
        return floorDiv(divideCoefficients(a, g), constant(*k / g));
    if (std::optional<int64_t> v = pointValue(floorDivRange(range(a), divisorRange)))
      return constant(*v);
    return getNode(SymKind::FloorDiv, {a, b});
  }

  SymExpr mod(SymExpr a, SymExpr b) {
    std::optional<int64_t> k = b.getConstant();
    if (k) {
      if (*k == 0)
        return getNode(SymKind::Mod, {a, b});
      if (std::optional<int64_t> c = a.getConstant())
        return constant(*pyMod(*c, *k));
      if (*k == 1 || *k == -1)
        return constant(0);
      // a % -k == -((-a) % k)
      if (*k < 0 && *k != kNegInf)
        return neg(mod(neg(a), constant(-*k)));
    }
    SymRange divisorRange = range(b);
    if (!excludesZero(divisorRange))
      return getNode(SymKind::Mod, {a, b});
    if (a == b || a.getConstant() == 0)
      return constant(0);
    // (q*b + r) % b == r % b
    if (!isSum(b)) {
      SymExpr quotient;
      llvm::SmallVector<Term, 8> rest;
      if (splitDivisible(a, b, quotient, rest))
        return mod(buildSum(rest), b);
    }
    // Ranges first: reducing coefficients can hide them (-x % 3 is -x for x
    // in [-2, 0], but nothing bounds (2*x) % 3 that tightly).
    SymRange valueRange = range(a);
    if (divisorRange.lo > 0 && valueRange.lo >= 0 && valueRange.hi < divisorRange.lo)
      return a;
    if (divisorRange.hi < 0 && valueRange.hi <= 0 && valueRange.lo > divisorRange.hi)
      return a;
    // a % k == a - q*k when a // k is the constant q.
    if (k && *k > 0 && !isInf(valueRange.lo) && !isInf(valueRange.hi)) {
      int64_t q = *pyFloorDiv(valueRange.lo, *k);
      if (q == *pyFloorDiv(valueRange.hi, *k))
        if (std::optional<int64_t> offset = checkedMul(q, -*k))
          return add(a, constant(*offset));
    }
    if (k && *k > 1) {
      // Reduce every coefficient into [0, k): none is a multiple of k here.
      llvm::SmallVector<Term, 8> terms;
      appendTerms(a, terms);
      bool changed = false;
      for (Term &t : terms) {
        int64_t reduced = *pyMod(t.coef, *k);
        changed |= reduced != t.coef;
        t.coef = reduced;
      }
      if (changed)
        return mod(buildSum(terms), b);
      // (x % m) % k == x % k when k divides m.
      if (a.getKind() == SymKind::Mod) {
        std::optional<int64_t> m = a.getOperands()[1].getConstant();
        if (m && *m > 0 && *m % *k == 0)
          return mod(a.getOperands()[0], b);
      }
      // (g*x) % (g*m) == g*(x % m)
      if (int64_t g = commonFactor(a, *k); g > 1)
        return mul(mod(divideCoefficients(a, g), constant(*k / g)), constant(g));
    }
    if (std::optional<int64_t> v = pointValue(modRange(valueRange, divisorRange)))
      return constant(*v);
    return getNode(SymKind::Mod, {a, b});
  }

  //===--------------------------------------------------------------------===//
  // Min and max.
  //===--------------------------------------------------------------------===//

  /// Whether the ranges prove x <= y.
  bool provablyLessEqual(SymExpr x, SymExpr y) {
    std::optional<int64_t> cx = x.getConstant(), cy = y.getConstant();
    if (cx && cy)
      return *cx <= *cy;
    return range(add(y, neg(x))).lo >= 0;
  }

  SymExpr minMax(SymKind kind, SymExpr a, SymExpr b) {
    bool isMin = kind == SymKind::Min;
    llvm::SmallVector<SymExpr, 4> ops;
    for (SymExpr e : {a, b}) {
      if (e.getKind() == kind)
        ops.append(e.getOperands().begin(), e.getOperands().end());
      else
        ops.push_back(e);
    }
    // Constants last, as in sums.
    llvm::sort(ops, [](SymExpr x, SymExpr y) {
      if (x.isConstant() != y.isConstant())
        return y.isConstant();
      return lessThan(x, y);
    });
    ops.erase(std::unique(ops.begin(), ops.end()), ops.end());
    // Keep the operands no other one makes redundant; each pass preserves
    // the order.
    llvm::SmallVector<SymExpr, 4> kept;
    auto dominates = [&](SymExpr x, SymExpr y) {
      return isMin ? provablyLessEqual(x, y) : provablyLessEqual(y, x);
    };
    for (SymExpr x : ops) {
      if (llvm::any_of(kept, [&](SymExpr y) { return dominates(y, x); }))
        continue;
      llvm::erase_if(kept, [&](SymExpr y) { return dominates(x, y); });
      kept.push_back(x);
    }
    if (kept.size() == 1)
      return kept.front();
    return getNode(kind, kept);
  }
};

//===----------------------------------------------------------------------===//
// SymExpr
//===----------------------------------------------------------------------===//

SymKind SymExpr::getKind() const {
  assert(node && "null SymExpr");
  return node->kind;
}

SymContext &SymExpr::getContext() const {
  assert(node && "null SymExpr");
  return node->impl->context;
}

std::optional<int64_t> SymExpr::getConstant() const {
  if (getKind() != SymKind::Constant)
    return std::nullopt;
  return node->value;
}

llvm::StringRef SymExpr::getSymbolName() const { return node->name; }

llvm::ArrayRef<SymExpr> SymExpr::getOperands() const { return node->getOperands(); }

int SymExpr::compare(SymExpr other) const { return compareNodes(node, other.node); }

SymRange SymExpr::getRange() const { return node->impl->range(*this); }

void SymExpr::collectSymbols(llvm::SmallVectorImpl<SymExpr> &out) const {
  llvm::SmallPtrSet<const detail::SymNode *, 16> visited;
  llvm::SmallVector<SymExpr, 8> symbols;
  llvm::SmallVector<SymExpr, 16> worklist{*this};
  while (!worklist.empty()) {
    SymExpr e = worklist.pop_back_val();
    if (!visited.insert(e.node).second)
      continue;
    if (e.isSymbol())
      symbols.push_back(e);
    worklist.append(e.getOperands().begin(), e.getOperands().end());
  }
  llvm::sort(symbols, lessThan);
  out.append(symbols.begin(), symbols.end());
}

std::optional<int64_t>
SymExpr::evaluate(llvm::function_ref<std::optional<int64_t>(SymExpr)> valueOf) const {
  switch (getKind()) {
  case SymKind::Constant:
    return node->value;
  case SymKind::Symbol:
    return valueOf(*this);
  default:
    break;
  }
  llvm::ArrayRef<SymExpr> ops = getOperands();
  std::optional<int64_t> result = ops.front().evaluate(valueOf);
  for (SymExpr op : ops.drop_front()) {
    std::optional<int64_t> v = op.evaluate(valueOf);
    if (!result || !v)
      return std::nullopt;
    switch (getKind()) {
    case SymKind::Add:
      result = checkedAdd(*result, *v);
      break;
    case SymKind::Mul:
      result = checkedMul(*result, *v);
      break;
    case SymKind::FloorDiv:
      result = pyFloorDiv(*result, *v);
      break;
    case SymKind::Mod:
      result = pyMod(*result, *v);
      break;
    case SymKind::Min:
      result = std::min(*result, *v);
      break;
    case SymKind::Max:
      result = std::max(*result, *v);
      break;
    case SymKind::Constant:
    case SymKind::Symbol:
      llvm_unreachable("leaf kinds have no operands");
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// SymContext
//===----------------------------------------------------------------------===//

SymContext::SymContext() : impl(std::make_unique<Impl>(*this)) {}
SymContext::~SymContext() = default;

SymExpr SymContext::getConstant(int64_t value) { return impl->constant(value); }

bool SymContext::isValidSymbolName(llvm::StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name.front()) || name.front() == '_'))
    return false;
  return llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

SymExpr SymContext::getSymbol(llvm::StringRef name) {
  assert(isValidSymbolName(name) && "symbol names must be identifiers");
  return impl->symbol(name);
}

std::optional<SymExpr> SymContext::lookupSymbol(llvm::StringRef name) const {
  auto it = impl->symbolIndex.find(name);
  if (it == impl->symbolIndex.end())
    return std::nullopt;
  return impl->symbols[it->second];
}

void SymContext::constrain(SymExpr symbol, SymRange range) {
  SymRange current = getSymbolRange(symbol);
  setRange(symbol, {std::max(current.lo, range.lo), std::min(current.hi, range.hi)});
}

void SymContext::setRange(SymExpr symbol, SymRange range) {
  assert(symbol.isSymbol() && &symbol.getContext() == this && "not a symbol of this context");
  impl->symbolRanges[symbol.getNode()->value] = range;
  ++impl->rangeEpoch;
}

SymRange SymContext::getSymbolRange(SymExpr symbol) const {
  assert(symbol.isSymbol() && &symbol.getContext() == this && "not a symbol of this context");
  return impl->symbolRanges[symbol.getNode()->value];
}

llvm::ArrayRef<SymExpr> SymContext::getSymbols() const { return impl->symbols; }

SymExpr SymContext::add(SymExpr a, SymExpr b) { return impl->add(a, b); }
SymExpr SymContext::mul(SymExpr a, SymExpr b) { return impl->mul(a, b); }
SymExpr SymContext::floorDiv(SymExpr a, SymExpr b) { return impl->floorDiv(a, b); }
SymExpr SymContext::mod(SymExpr a, SymExpr b) { return impl->mod(a, b); }
SymExpr SymContext::min(SymExpr a, SymExpr b) { return impl->minMax(SymKind::Min, a, b); }
SymExpr SymContext::max(SymExpr a, SymExpr b) { return impl->minMax(SymKind::Max, a, b); }

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

SymExpr operator+(SymExpr a, SymExpr b) { return a.getContext().add(a, b); }
SymExpr operator+(SymExpr a, int64_t b) {
  return a.getContext().add(a, a.getContext().getConstant(b));
}
SymExpr operator-(SymExpr a, SymExpr b) { return a + (-b); }
SymExpr operator-(SymExpr a, int64_t b) {
  SymContext &context = a.getContext();
  return context.add(a, context.mul(context.getConstant(b), context.getConstant(-1)));
}
SymExpr operator-(SymExpr a) { return a.getContext().mul(a, a.getContext().getConstant(-1)); }
SymExpr operator*(SymExpr a, SymExpr b) { return a.getContext().mul(a, b); }
SymExpr operator*(SymExpr a, int64_t b) {
  return a.getContext().mul(a, a.getContext().getConstant(b));
}
SymExpr operator+(int64_t a, SymExpr b) { return b + a; }
SymExpr operator-(int64_t a, SymExpr b) { return -b + a; }
SymExpr operator*(int64_t a, SymExpr b) { return b * a; }
SymExpr floorDiv(SymExpr a, SymExpr b) { return a.getContext().floorDiv(a, b); }
SymExpr mod(SymExpr a, SymExpr b) { return a.getContext().mod(a, b); }
SymExpr ceilDiv(SymExpr a, SymExpr b) { return -floorDiv(-a, b); }
SymExpr min(SymExpr a, SymExpr b) { return a.getContext().min(a, b); }
SymExpr max(SymExpr a, SymExpr b) { return a.getContext().max(a, b); }

} // namespace pt2onnx::ir
