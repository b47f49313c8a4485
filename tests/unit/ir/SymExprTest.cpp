//===- SymExprTest.cpp - Symbolic integer expressions ---------------------===//
//
// Canonical form, Python division semantics, ranges, printing and parsing.
// The property tests build random expression trees, evaluate them naively and
// check the canonical expression against them: same value, value inside the
// computed range, and parse(print(e)) == e.
//
//===----------------------------------------------------------------------===//

#include "ir/SymExpr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace pt2onnx::ir;

namespace pt2onnx::ir {
/// Lets GoogleTest print expressions in failure messages.
void PrintTo(SymExpr e, std::ostream *os) { *os << (e ? e.str() : "<null>"); }
std::ostream &operator<<(std::ostream &os, SymExpr e) {
  PrintTo(e, &os);
  return os;
}
void PrintTo(SymRange r, std::ostream *os) {
  auto bound = [&](int64_t v) {
    if (v == SymRange::kNegInf)
      *os << "-oo";
    else if (v == SymRange::kPosInf)
      *os << "oo";
    else
      *os << v;
  };
  *os << '[';
  bound(r.lo);
  *os << ", ";
  bound(r.hi);
  *os << ']';
}
} // namespace pt2onnx::ir

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kNegInf = SymRange::kNegInf;
constexpr int64_t kPosInf = SymRange::kPosInf;

class SymExprTest : public ::testing::Test {
protected:
  SymContext ctx;
  SymExpr s0 = ctx.getSymbol("s0");
  SymExpr s1 = ctx.getSymbol("s1");
  SymExpr s2 = ctx.getSymbol("s2");

  SymExpr c(int64_t v) { return ctx.getConstant(v); }

  SymExpr parse(llvm::StringRef text) {
    llvm::Expected<SymExpr> e = ctx.parse(text);
    if (!e) {
      ADD_FAILURE() << "parse failed: " << llvm::toString(e.takeError());
      return SymExpr();
    }
    return *e;
  }

  std::string parseError(llvm::StringRef text) {
    llvm::Expected<SymExpr> e = ctx.parse(text);
    if (e) {
      ADD_FAILURE() << "parsed '" << text.str() << "' as " << e->str();
      return "";
    }
    return llvm::toString(e.takeError());
  }
};

SymRange range(int64_t lo, int64_t hi) { return SymRange{lo, hi}; }

//===----------------------------------------------------------------------===//
// Canonical form
//===----------------------------------------------------------------------===//

TEST_F(SymExprTest, ConstantsAndSymbolsAreUniqued) {
  EXPECT_EQ(c(3), c(3));
  EXPECT_NE(c(3), c(4));
  EXPECT_EQ(ctx.getSymbol("s0"), s0);
  EXPECT_EQ(c(3).getConstant(), 3);
  EXPECT_EQ(s0.getConstant(), std::nullopt);
  EXPECT_EQ(s0.getSymbolName(), "s0");
  EXPECT_TRUE(s0.isSymbol());
  EXPECT_EQ(&s0.getContext(), &ctx);
  EXPECT_FALSE(SymExpr());
}

TEST_F(SymExprTest, CanonicalEqualities) {
  EXPECT_EQ(s0 * 2, c(2) * s0);
  EXPECT_EQ(s0 + s1, s1 + s0);
  EXPECT_EQ((s0 + 1) + s0, 2 * s0 + 1);
  EXPECT_EQ((s0 + 1) + s0, s0 * 2 + 1);
  EXPECT_EQ(c(2) * (s0 + 1), s0 * 2 + 2);
  EXPECT_EQ(s0 - s0, c(0));
  EXPECT_EQ(s0 * s1, s1 * s0);
  EXPECT_EQ(s0 + 0, s0);
  EXPECT_EQ(s0 * 1, s0);
  EXPECT_EQ(s0 * 0, c(0));
  EXPECT_EQ(-(-s0), s0);
  EXPECT_EQ(c(2) + c(3), c(5));
  EXPECT_EQ(c(2) * c(3), c(6));
  EXPECT_EQ((s0 + 1) * (s0 - 1), s0 * s0 - 1);
  EXPECT_EQ((s0 + s1) * (s0 - s1), s0 * s0 - s1 * s1);
  EXPECT_EQ(s0 * s1 * 3 - s1 * s0 * 3, c(0));
}

TEST_F(SymExprTest, SumStructure) {
  SymExpr e = s1 + 3 + s0 * 2;
  ASSERT_EQ(e.getKind(), SymKind::Add);
  ASSERT_EQ(e.getOperands().size(), 3u);
  EXPECT_EQ(e.getOperands()[0], s0 * 2);
  EXPECT_EQ(e.getOperands()[1], s1);
  EXPECT_EQ(e.getOperands()[2], c(3)) << "the constant term comes last";
}

TEST_F(SymExprTest, ProductStructureAndPowers) {
  SymExpr sq = s0 * s0;
  ASSERT_EQ(sq.getKind(), SymKind::Mul);
  EXPECT_EQ(sq.getOperands().size(), 2u);
  EXPECT_EQ(sq.getOperands()[0], s0);
  EXPECT_EQ(sq.getOperands()[1], s0);

  SymExpr e = s1 * s0 * 3 * s0;
  ASSERT_EQ(e.getKind(), SymKind::Mul);
  ASSERT_EQ(e.getOperands().size(), 4u);
  EXPECT_EQ(e.getOperands()[0], c(3)) << "the coefficient comes first";
  EXPECT_EQ(e.getOperands()[1], s0);
  EXPECT_EQ(e.getOperands()[2], s0);
  EXPECT_EQ(e.getOperands()[3], s1);
  EXPECT_EQ(e, c(3) * sq * s1);
}

//===----------------------------------------------------------------------===//
// A deterministic random expression generator (no std distributions, whose
// output is implementation-defined).
//===----------------------------------------------------------------------===//

class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int64_t uniform(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }

private:
  uint64_t state;
};

/// An expression as written, before any canonicalization.
struct Tree {
  enum Op { Const, Sym, Add, Sub, Mul, Neg, FloorDiv, CeilDiv, Mod, Min, Max };
  Op op = Const;
  int64_t value = 0;
  unsigned symbol = 0;
  std::unique_ptr<Tree> lhs, rhs;
};

constexpr unsigned kNumSymbols = 5;
const char *const kSymbolNames[kNumSymbols] = {"s0", "s1", "s2", "s3", "s10"};

/// Symbol ranges for the property tests, and the finite interval values are
/// drawn from.
const SymRange kSymbolRanges[kNumSymbols] = {
    {0, kPosInf}, {1, 64}, {-8, 8}, {kNegInf, kPosInf}, {2, 2}};
const SymRange kSampleRanges[kNumSymbols] = {{0, 40}, {1, 64}, {-8, 8}, {-20, 20}, {2, 2}};

std::unique_ptr<Tree> generate(Rng &rng, unsigned depth) {
  auto t = std::make_unique<Tree>();
  if (depth == 0 || rng.uniform(0, 3) == 0) {
    if (rng.uniform(0, 2) == 0) {
      t->op = Tree::Const;
      t->value = rng.uniform(-6, 6);
    } else {
      t->op = Tree::Sym;
      t->symbol = rng.uniform(0, kNumSymbols - 1);
    }
    return t;
  }
  t->op = static_cast<Tree::Op>(rng.uniform(Tree::Add, Tree::Max));
  t->lhs = generate(rng, depth - 1);
  if (t->op != Tree::Neg)
    t->rhs = generate(rng, depth - 1);
  return t;
}

struct Ops {
  static std::optional<int64_t> floorDiv(int64_t a, int64_t b) {
    if (b == 0 || (a == kMin && b == -1))
      return std::nullopt;
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  }
  static std::optional<int64_t> mod(int64_t a, int64_t b) {
    std::optional<int64_t> q = floorDiv(a, b);
    if (!q)
      return b == -1 ? std::optional<int64_t>(0) : std::nullopt;
    int64_t p, r;
    if (__builtin_mul_overflow(*q, b, &p) || __builtin_sub_overflow(a, p, &r))
      return std::nullopt;
    return r;
  }
};

/// Naive evaluation with Python semantics; nullopt when undefined.
std::optional<int64_t> evalTree(const Tree &t, llvm::ArrayRef<int64_t> values) {
  if (t.op == Tree::Const)
    return t.value;
  if (t.op == Tree::Sym)
    return values[t.symbol];
  std::optional<int64_t> a = evalTree(*t.lhs, values);
  if (!a)
    return std::nullopt;
  if (t.op == Tree::Neg) {
    if (*a == kMin)
      return std::nullopt;
    return -*a;
  }
  std::optional<int64_t> b = evalTree(*t.rhs, values);
  if (!b)
    return std::nullopt;
  int64_t r;
  switch (t.op) {
  case Tree::Add:
    return __builtin_add_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
  case Tree::Sub:
    return __builtin_sub_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
  case Tree::Mul:
    return __builtin_mul_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
  case Tree::FloorDiv:
    return Ops::floorDiv(*a, *b);
  case Tree::CeilDiv: {
    if (*a == kMin)
      return std::nullopt;
    std::optional<int64_t> q = Ops::floorDiv(-*a, *b);
    if (!q || *q == kMin)
      return std::nullopt;
    return -*q;
  }
  case Tree::Mod:
    return Ops::mod(*a, *b);
  case Tree::Min:
    return std::min(*a, *b);
  case Tree::Max:
    return std::max(*a, *b);
  default:
    return std::nullopt;
  }
}

/// Builds the tree through the public operators; `mirror` swaps the operands
/// of every commutative operation.
SymExpr buildTree(const Tree &t, llvm::ArrayRef<SymExpr> symbols, bool mirror = false) {
  SymContext &ctx = symbols.front().getContext();
  if (t.op == Tree::Const)
    return ctx.getConstant(t.value);
  if (t.op == Tree::Sym)
    return symbols[t.symbol];
  SymExpr a = buildTree(*t.lhs, symbols, mirror);
  if (t.op == Tree::Neg)
    return -a;
  SymExpr b = buildTree(*t.rhs, symbols, mirror);
  auto commute = [&](auto fn) { return mirror ? fn(b, a) : fn(a, b); };
  switch (t.op) {
  case Tree::Add:
    return commute([](SymExpr x, SymExpr y) { return x + y; });
  case Tree::Sub:
    return mirror ? -b + a : a - b;
  case Tree::Mul:
    return commute([](SymExpr x, SymExpr y) { return x * y; });
  case Tree::FloorDiv:
    return floorDiv(a, b);
  case Tree::CeilDiv:
    return ceilDiv(a, b);
  case Tree::Mod:
    return mod(a, b);
  case Tree::Min:
    return commute([](SymExpr x, SymExpr y) { return min(x, y); });
  case Tree::Max:
    return commute([](SymExpr x, SymExpr y) { return max(x, y); });
  default:
    return SymExpr();
  }
}

/// Creates the property-test symbols with their ranges, in the given order.
std::vector<SymExpr> makeSymbols(SymContext &ctx, bool reverseCreation = false) {
  std::vector<SymExpr> symbols(kNumSymbols);
  for (unsigned n = 0; n < kNumSymbols; ++n) {
    unsigned i = reverseCreation ? kNumSymbols - 1 - n : n;
    symbols[i] = ctx.getSymbol(kSymbolNames[i]);
    ctx.setRange(symbols[i], kSymbolRanges[i]);
  }
  return symbols;
}

//===----------------------------------------------------------------------===//
// Algebraic laws over random expressions
//===----------------------------------------------------------------------===//

TEST(SymExprLaws, CommutativityAssociativityDistributivity) {
  SymContext ctx;
  std::vector<SymExpr> symbols = makeSymbols(ctx);
  Rng rng(1);
  for (int i = 0; i < 400; ++i) {
    SymExpr a = buildTree(*generate(rng, 3), symbols);
    SymExpr b = buildTree(*generate(rng, 3), symbols);
    SymExpr c = buildTree(*generate(rng, 2), symbols);
    EXPECT_EQ(a + b, b + a) << a << " | " << b;
    EXPECT_EQ(a * b, b * a) << a << " | " << b;
    EXPECT_EQ((a + b) + c, a + (b + c)) << a << " | " << b << " | " << c;
    EXPECT_EQ((a * b) * c, a * (b * c)) << a << " | " << b << " | " << c;
    EXPECT_EQ(a * (b + c), a * b + a * c) << a << " | " << b << " | " << c;
    EXPECT_EQ(a - a, ctx.getConstant(0)) << a;
    EXPECT_EQ(a + b - b, a) << a << " | " << b;
    EXPECT_EQ(min(a, b), min(b, a)) << a << " | " << b;
    EXPECT_EQ(max(a, b), max(b, a)) << a << " | " << b;
    EXPECT_EQ(min(min(a, b), c), min(a, min(b, c))) << a << " | " << b << " | " << c;
    EXPECT_EQ(max(max(a, b), c), max(a, max(b, c))) << a << " | " << b << " | " << c;
    EXPECT_EQ(min(a, a), a);
  }
}

//===----------------------------------------------------------------------===//
// Floor division and modulo
//===----------------------------------------------------------------------===//

TEST_F(SymExprTest, ConstantFloorDivAndModFollowPython) {
  struct Case {
    int64_t a, b, quotient, remainder;
  };
  const Case cases[] = {
      {7, 2, 3, 1},    {-7, 2, -4, 1},  {7, -2, -4, -1}, {-7, -2, 3, -1},
      {6, 3, 2, 0},    {-6, 3, -2, 0},  {0, 5, 0, 0},    {1, 5, 0, 1},
      {-1, 5, -1, 4},  {1, -5, -1, -4}, {kMin, 1, kMin, 0}, {kMin, 2, kMin / 2, 0},
      {kMax, -1, -kMax, 0}, {kMin, kMin, 1, 0}, {kMax, kMin, -1, -1}, {kMin, kMax, -2, kMax - 1},
  };
  for (const Case &t : cases) {
    EXPECT_EQ(floorDiv(c(t.a), c(t.b)), c(t.quotient)) << t.a << " // " << t.b;
    EXPECT_EQ(mod(c(t.a), c(t.b)), c(t.remainder)) << t.a << " % " << t.b;
    // The same through symbols, evaluated.
    auto values = [&](SymExpr s) -> std::optional<int64_t> { return s == s0 ? t.a : t.b; };
    EXPECT_EQ(floorDiv(s0, s1).evaluate(values), t.quotient);
    EXPECT_EQ(mod(s0, s1).evaluate(values), t.remainder);
  }
  EXPECT_EQ(mod(c(kMin), c(-1)), c(0)) << "no trap on INT64_MIN % -1";
}

TEST_F(SymExprTest, FloorDivSimplifications) {
  EXPECT_EQ(floorDiv(s0, c(1)), s0);
  EXPECT_EQ(floorDiv(s0, c(-1)), -s0);
  EXPECT_EQ(floorDiv(s0 * 4, c(2)), s0 * 2);
  EXPECT_EQ(floorDiv(s0 * 6 + s1 * 3, c(3)), s0 * 2 + s1);
  EXPECT_EQ(floorDiv(s0 * 4 + 3, c(2)), s0 * 2 + 1);
  EXPECT_EQ(floorDiv(s0 * 4 + s1, c(2)), s0 * 2 + floorDiv(s1, c(2)));
  EXPECT_EQ(floorDiv(s0 * 2 + 2, c(4)), floorDiv(s0 + 1, c(2))) << "common factor";
  EXPECT_EQ(floorDiv(floorDiv(s0, c(2)), c(3)), floorDiv(s0, c(6)));
  EXPECT_EQ(floorDiv(s0, s0).getKind(), SymKind::FloorDiv) << "s0 may be zero: left alone";
  EXPECT_EQ(floorDiv(s0, c(-2)), floorDiv(-s0, c(2))) << "divisor made positive";

  SymExpr x = ctx.getSymbol("x"), y = ctx.getSymbol("y");
  ctx.setRange(y, range(1, kPosInf));
  EXPECT_EQ(floorDiv(y, y), c(1));
  EXPECT_EQ(floorDiv(x * y, y), x);
  EXPECT_EQ(floorDiv(x * y + y * 3 + x, y), x + 3 + floorDiv(x, y));

  // Decided by ranges: (2*x + r)//2 == x when r is in [0, 2).
  SymExpr r = ctx.getSymbol("r");
  ctx.setRange(r, range(0, 1));
  EXPECT_EQ(floorDiv(x * 2 + r, c(2)), x);
  EXPECT_EQ(floorDiv(r, y + 1), c(0)) << "r < 2 <= y + 1";
  EXPECT_EQ(floorDiv(r, y).getKind(), SymKind::FloorDiv) << "r = y = 1 gives 1";
  SymExpr big = ctx.getSymbol("big");
  ctx.setRange(big, range(10, 19));
  EXPECT_EQ(floorDiv(big, c(10)), c(1));
  EXPECT_EQ(floorDiv(big, y).getKind(), SymKind::FloorDiv);
}

TEST_F(SymExprTest, ModSimplifications) {
  EXPECT_EQ(mod(s0, c(1)), c(0));
  EXPECT_EQ(mod(s0, c(-1)), c(0));
  EXPECT_EQ(mod(s0 * 4, c(4)), c(0));
  EXPECT_EQ(mod(s0 * 4 + s1 * 8, c(4)), c(0));
  EXPECT_EQ(mod(s0 * 4 + 5, c(4)), c(1));
  EXPECT_EQ(mod(s0 * 4 + s1, c(4)), mod(s1, c(4)));
  EXPECT_EQ(mod(s0 * 5 + 3, c(4)), mod(s0 + 3, c(4))) << "coefficients reduced";
  EXPECT_EQ(mod(s0 - 1, c(4)), mod(s0 + 3, c(4)));
  EXPECT_EQ(mod(mod(s0, c(6)), c(3)), mod(s0, c(3)));
  EXPECT_EQ(mod(s0 * 2, c(4)), mod(s0, c(2)) * 2) << "common factor";
  EXPECT_EQ(mod(s0, c(-3)), -mod(-s0, c(3))) << "divisor made positive";
  EXPECT_EQ(mod(s0, s0).getKind(), SymKind::Mod) << "s0 may be zero: left alone";

  SymExpr x = ctx.getSymbol("x"), y = ctx.getSymbol("y");
  ctx.setRange(y, range(2, 100));
  EXPECT_EQ(mod(y, y), c(0));
  EXPECT_EQ(mod(x * y + 1, y), mod(c(1), y));
  EXPECT_EQ(mod(c(1), y), c(1)) << "0 <= 1 < 2 <= y";

  SymExpr small = ctx.getSymbol("small");
  ctx.setRange(small, range(0, 3));
  EXPECT_EQ(mod(small, c(4)), small);
  SymExpr shifted = ctx.getSymbol("shifted");
  ctx.setRange(shifted, range(4, 7));
  EXPECT_EQ(mod(shifted, c(4)), shifted - 4);
  SymExpr neg = ctx.getSymbol("neg");
  ctx.setRange(neg, range(-2, 0));
  EXPECT_EQ(mod(neg, c(-3)), neg) << "-3 < neg <= 0";
}

TEST_F(SymExprTest, CeilDiv) {
  EXPECT_EQ(ceilDiv(c(7), c(2)), c(4));
  EXPECT_EQ(ceilDiv(c(-7), c(2)), c(-3));
  EXPECT_EQ(ceilDiv(s0 * 4, c(2)), s0 * 2);
  auto at = [](int64_t v) { return [v](SymExpr) -> std::optional<int64_t> { return v; }; };
  EXPECT_EQ(ceilDiv(s0, c(3)).evaluate(at(7)), 3);
  EXPECT_EQ(ceilDiv(s0, c(3)).evaluate(at(-7)), -2);
}

TEST_F(SymExprTest, DivisionByZeroIsKeptUnsimplified) {
  SymExpr q = floorDiv(s0, c(0));
  ASSERT_EQ(q.getKind(), SymKind::FloorDiv);
  EXPECT_EQ(q.getOperands()[1], c(0));
  EXPECT_EQ(q.str(), "s0//0");
  EXPECT_EQ(q.getRange(), SymRange());
  EXPECT_EQ(q.evaluate([](SymExpr) { return std::optional<int64_t>(4); }), std::nullopt);

  SymExpr k = floorDiv(c(5), c(0));
  EXPECT_EQ(k.getKind(), SymKind::FloorDiv);
  EXPECT_EQ(k.str(), "5//0");
  SymExpr m = mod(c(5), c(0));
  EXPECT_EQ(m.getKind(), SymKind::Mod);
  EXPECT_EQ(m.str(), "5 % 0");
  EXPECT_EQ(floorDiv(c(5), c(0)), k) << "still uniqued";
  EXPECT_EQ(parse("s0//0"), q);
  EXPECT_EQ(parse("5 % 0"), m);
  EXPECT_EQ(m.evaluate([](SymExpr) { return std::nullopt; }), std::nullopt);
}

//===----------------------------------------------------------------------===//
// Min and max
//===----------------------------------------------------------------------===//

TEST_F(SymExprTest, MinMaxFolding) {
  EXPECT_EQ(min(c(3), c(5)), c(3));
  EXPECT_EQ(max(c(3), c(5)), c(5));
  EXPECT_EQ(min(s0, s0), s0);
  EXPECT_EQ(min(s0, s0 + 1), s0);
  EXPECT_EQ(max(s0, s0 + 1), s0 + 1);
  EXPECT_EQ(max(s0 * 2 - 1, s0 * 2 + 3), s0 * 2 + 3);
  EXPECT_EQ(min(min(s0, c(3)), c(5)), min(s0, c(3)));
  EXPECT_EQ(min(s0, min(s0, c(3))), min(s0, c(3)));

  SymExpr unbounded = max(s0, c(1));
  ASSERT_EQ(unbounded.getKind(), SymKind::Max);
  EXPECT_EQ(unbounded.str(), "max(s0, 1)");

  SymExpr a = ctx.getSymbol("a");
  ctx.setRange(a, range(1, kPosInf));
  EXPECT_EQ(max(a, c(1)), a);
  EXPECT_EQ(min(a, c(1)), c(1));
  EXPECT_EQ(min(a, c(0)), c(0));
  EXPECT_EQ(max(a, c(-5)), a);
  EXPECT_EQ(max(a, c(2)).getKind(), SymKind::Max);

  SymExpr lo = ctx.getSymbol("lo"), hi = ctx.getSymbol("hi");
  ctx.setRange(lo, range(0, 5));
  ctx.setRange(hi, range(5, 10));
  EXPECT_EQ(max(lo, hi), hi);
  EXPECT_EQ(min(hi, lo), lo);
}

TEST_F(SymExprTest, MinMaxFlattenAndOrder) {
  SymExpr a = ctx.getSymbol("a"), b = ctx.getSymbol("b"), d = ctx.getSymbol("d");
  SymExpr m = min(a, min(b, d));
  EXPECT_EQ(m, min(min(a, b), d));
  EXPECT_EQ(m, min(d, min(b, a)));
  ASSERT_EQ(m.getKind(), SymKind::Min);
  ASSERT_EQ(m.getOperands().size(), 3u);
  EXPECT_EQ(m.str(), "min(a, b, d)");
  EXPECT_EQ(max(c(4), max(b, a)).str(), "max(a, b, 4)");
  EXPECT_EQ(min(max(a, b), d).str(), "min(d, max(a, b))");
}

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

TEST_F(SymExprTest, SymbolTable) {
  EXPECT_EQ(ctx.getSymbolRange(s0), SymRange());
  ctx.constrain(s0, range(0, kPosInf));
  ctx.constrain(s0, range(kNegInf, 10));
  EXPECT_EQ(ctx.getSymbolRange(s0), range(0, 10));
  EXPECT_FALSE(ctx.getSymbolRange(s0).isEmpty());
  ctx.setRange(s0, range(2, 3));
  EXPECT_EQ(ctx.getSymbolRange(s0), range(2, 3));
  ctx.constrain(s0, range(5, 6));
  EXPECT_TRUE(ctx.getSymbolRange(s0).isEmpty());

  ASSERT_EQ(ctx.getSymbols().size(), 3u);
  EXPECT_EQ(ctx.getSymbols()[0], s0);
  EXPECT_EQ(ctx.getSymbols()[2], s2);
  SymExpr late = ctx.getSymbol("a_late");
  EXPECT_EQ(ctx.getSymbols().back(), late) << "creation order, not name order";
  EXPECT_EQ(ctx.lookupSymbol("s1"), s1);
  EXPECT_EQ(ctx.lookupSymbol("nope"), std::nullopt);

  EXPECT_TRUE(SymContext::isValidSymbolName("s0"));
  EXPECT_TRUE(SymContext::isValidSymbolName("_u3"));
  EXPECT_FALSE(SymContext::isValidSymbolName(""));
  EXPECT_FALSE(SymContext::isValidSymbolName("3s"));
  EXPECT_FALSE(SymContext::isValidSymbolName("s-1"));
}

TEST_F(SymExprTest, RangesWithInfiniteBounds) {
  EXPECT_EQ(c(7).getRange(), range(7, 7));
  EXPECT_EQ(s0.getRange(), SymRange());
  ctx.setRange(s0, range(0, kPosInf));
  ctx.setRange(s1, range(-2, 3));
  ctx.setRange(s2, range(kNegInf, -1));

  EXPECT_EQ((s0 + 1).getRange(), range(1, kPosInf));
  EXPECT_EQ((-s0).getRange(), range(kNegInf, 0));
  EXPECT_EQ((s0 * 2 - 3).getRange(), range(-3, kPosInf));
  EXPECT_EQ((s0 + s2).getRange(), SymRange());
  EXPECT_EQ((s0 - s2).getRange(), range(1, kPosInf));
  EXPECT_EQ((s0 * s1).getRange(), SymRange());
  EXPECT_EQ((s0 * s2).getRange(), range(kNegInf, 0));
  EXPECT_EQ((s2 * s2).getRange(), range(1, kPosInf));
  EXPECT_EQ((s1 * s1).getRange(), range(0, 9)) << "an even power is non-negative";
  EXPECT_EQ((s1 * s1 * s1).getRange(), range(-18, 27));
  EXPECT_EQ((s1 * 3 + 1).getRange(), range(-5, 10));
  EXPECT_EQ(min(s0, c(4)).getRange(), range(0, 4));
  EXPECT_EQ(max(s1, s2).getRange(), range(-2, 3));
  EXPECT_EQ(max(s0, s2).getRange(), range(0, kPosInf));
}

TEST_F(SymExprTest, DivisionRanges) {
  SymExpr x = ctx.getSymbol("x"), y = ctx.getSymbol("y"), n = ctx.getSymbol("n");
  ctx.setRange(s0, range(-5, 7));
  ctx.setRange(s1, range(1, kPosInf));
  ctx.setRange(s2, range(kNegInf, kPosInf));
  ctx.setRange(x, range(0, kPosInf));
  ctx.setRange(y, range(1, 10));
  ctx.setRange(n, range(-10, -2));

  EXPECT_EQ(floorDiv(s0, c(2)).getRange(), range(-3, 3));
  EXPECT_EQ(floorDiv(x, c(4)).getRange(), range(0, kPosInf));
  EXPECT_EQ(floorDiv(s2, c(4)).getRange(), SymRange());
  EXPECT_EQ(floorDiv(s0, s1).getRange(), range(-5, 7));
  EXPECT_EQ(floorDiv(s0, y).getRange(), range(-5, 7));
  EXPECT_EQ(floorDiv(x, s1).getRange(), range(0, kPosInf));
  EXPECT_EQ(floorDiv(s0, n).getRange(), range(-4, 2));
  EXPECT_EQ(floorDiv(s0, s2).getRange(), SymRange()) << "divisor may be zero";

  EXPECT_EQ(mod(s0, c(4)).getRange(), range(0, 3));
  EXPECT_EQ(mod(s2, c(4)).getRange(), range(0, 3));
  EXPECT_EQ(mod(s2, y).getRange(), range(0, 9));
  EXPECT_EQ(mod(s2, s1).getRange(), range(0, kPosInf));
  EXPECT_EQ(mod(s2, n).getRange(), range(-9, 0));
  EXPECT_EQ(mod(s2, s0).getRange(), SymRange());
  EXPECT_EQ(mod(x, s1).getRange(), range(0, kPosInf));
}

TEST_F(SymExprTest, RangesFollowConstraintsMadeLater) {
  SymExpr e = s0 * 2 + 1;
  EXPECT_EQ(e.getRange(), SymRange());
  ctx.constrain(s0, range(0, 10));
  EXPECT_EQ(e.getRange(), range(1, 21));
  ctx.setRange(s0, range(-1, 1));
  EXPECT_EQ(e.getRange(), range(-1, 3));
}

TEST_F(SymExprTest, RangeArithmeticSaturates) {
  ctx.setRange(s0, range(int64_t(1) << 62, (int64_t(1) << 62) + 10));
  EXPECT_EQ((s0 * 4).getRange(), SymRange()) << "overflowing corners give up";
  EXPECT_EQ((s0 + s0 * 2).getRange().hi, kPosInf);
  ctx.setRange(s1, range(0, kPosInf));
  EXPECT_EQ((s1 + kMax).getRange().hi, kPosInf);
  EXPECT_TRUE((s1 + kMax).getRange().contains(kMax));
  EXPECT_EQ((-s1 - kMax).getRange().lo, kNegInf);
}

//===----------------------------------------------------------------------===//
// Property test: value, range and round trip of random expressions
//===----------------------------------------------------------------------===//

/// Checks that every node of `e` evaluates inside its range at `values`.
void checkRanges(SymExpr e, llvm::function_ref<std::optional<int64_t>(SymExpr)> valueOf,
                 const std::string &context) {
  if (std::optional<int64_t> v = e.evaluate(valueOf)) {
    EXPECT_TRUE(e.getRange().contains(*v))
        << e.str() << " = " << *v << " outside [" << e.getRange().lo << ", "
        << e.getRange().hi << "] in " << context;
  }
  for (SymExpr op : e.getOperands())
    checkRanges(op, valueOf, context);
}

TEST(SymExprProperties, RandomExpressions) {
  SymContext ctx;
  std::vector<SymExpr> symbols = makeSymbols(ctx);
  Rng rng(42);
  unsigned compared = 0;
  for (int i = 0; i < 3000; ++i) {
    std::unique_ptr<Tree> tree = generate(rng, 4);
    SymExpr e = buildTree(*tree, symbols);
    std::string text = e.str();

    // Round trip: the same node, the same text.
    llvm::Expected<SymExpr> parsed = ctx.parse(text);
    ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(*parsed, e) << text << " reparsed as " << *parsed;
    EXPECT_EQ(parsed->str(), text);

    for (int sample = 0; sample < 8; ++sample) {
      int64_t values[kNumSymbols];
      for (unsigned s = 0; s < kNumSymbols; ++s)
        values[s] = rng.uniform(kSampleRanges[s].lo, kSampleRanges[s].hi);
      auto valueOf = [&](SymExpr s) -> std::optional<int64_t> {
        for (unsigned k = 0; k < kNumSymbols; ++k)
          if (symbols[k] == s)
            return values[k];
        return std::nullopt;
      };
      std::optional<int64_t> expected = evalTree(*tree, values);
      if (expected) {
        ++compared;
        EXPECT_EQ(e.evaluate(valueOf), expected) << text;
      }
      checkRanges(e, valueOf, text);
    }
  }
  EXPECT_GT(compared, 10000u) << "the generator should mostly make defined expressions";
}

/// Constants near the int64 limits: folding must not overflow, and whatever
/// is built must agree with the naive value wherever both are defined.
TEST(SymExprProperties, HugeConstants) {
  SymContext ctx;
  std::vector<SymExpr> symbols = makeSymbols(ctx);
  const int64_t huge[] = {kMax, kMin, kMax - 1, kMin + 1, int64_t(1) << 62, -(int64_t(1) << 62),
                          int64_t(1) << 32, 3, -1, 0};
  Rng rng(9);
  unsigned compared = 0;
  for (int i = 0; i < 3000; ++i) {
    std::unique_ptr<Tree> tree = generate(rng, 3);
    // Replace some small constants by huge ones.
    std::vector<Tree *> stack{tree.get()};
    while (!stack.empty()) {
      Tree *t = stack.back();
      stack.pop_back();
      if (t->op == Tree::Const && rng.uniform(0, 1) == 0)
        t->value = huge[rng.uniform(0, std::size(huge) - 1)];
      for (Tree *child : {t->lhs.get(), t->rhs.get()})
        if (child)
          stack.push_back(child);
    }
    SymExpr e = buildTree(*tree, symbols);
    llvm::Expected<SymExpr> parsed = ctx.parse(e.str());
    ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(*parsed, e);
    for (int sample = 0; sample < 4; ++sample) {
      int64_t values[kNumSymbols];
      for (unsigned s = 0; s < kNumSymbols; ++s)
        values[s] = rng.uniform(kSampleRanges[s].lo, kSampleRanges[s].hi);
      auto valueOf = [&](SymExpr s) -> std::optional<int64_t> {
        for (unsigned k = 0; k < kNumSymbols; ++k)
          if (symbols[k] == s)
            return values[k];
        return std::nullopt;
      };
      std::optional<int64_t> expected = evalTree(*tree, values);
      std::optional<int64_t> actual = e.evaluate(valueOf);
      if (expected && actual) {
        ++compared;
        EXPECT_EQ(actual, expected) << e.str();
      }
      std::optional<int64_t> reparsed = parsed->evaluate(valueOf);
      if (actual && reparsed) {
        EXPECT_EQ(actual, reparsed) << e.str();
      }
      checkRanges(e, valueOf, e.str());
    }
  }
  EXPECT_GT(compared, 1000u);
}

TEST(SymExprProperties, PrintingIgnoresConstructionOrder) {
  Rng rng(7);
  SymContext first, second;
  std::vector<SymExpr> a = makeSymbols(first);
  std::vector<SymExpr> b = makeSymbols(second, /*reverseCreation=*/true);
  for (int i = 0; i < 1000; ++i) {
    std::unique_ptr<Tree> tree = generate(rng, 4);
    SymExpr x = buildTree(*tree, a);
    SymExpr y = buildTree(*tree, b, /*mirror=*/true);
    EXPECT_EQ(x.str(), y.str());
    EXPECT_EQ(buildTree(*tree, a, /*mirror=*/true), x);
  }
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

TEST_F(SymExprTest, PrintsCanonicalText) {
  EXPECT_EQ((s0 * 2 + 1).str(), "2*s0 + 1");
  EXPECT_EQ((s0 - 1).str(), "s0 - 1");
  EXPECT_EQ((-s0).str(), "-s0");
  EXPECT_EQ((-s0 * 2).str(), "-2*s0");
  EXPECT_EQ((s1 * s0).str(), "s0*s1");
  EXPECT_EQ((s0 * s0).str(), "s0**2");
  EXPECT_EQ((s1 * s0 * s0 * 2).str(), "2*s0**2*s1");
  EXPECT_EQ(floorDiv(s0, c(2)).str(), "s0//2");
  EXPECT_EQ(mod(s0, c(2)).str(), "s0 % 2");
  EXPECT_EQ(floorDiv(s0 + 1, c(2)).str(), "(s0 + 1)//2");
  EXPECT_EQ(floorDiv(s0 * 3, c(2)).str(), "(3*s0)//2");
  EXPECT_EQ(floorDiv(s0, s1 * s2).str(), "s0//(s1*s2)");
  EXPECT_EQ(min(s0, c(4)).str(), "min(s0, 4)");
  EXPECT_EQ(max(s1, s0).str(), "max(s0, s1)");
  EXPECT_EQ((s0 - s1 * 2 + 3).str(), "s0 - 2*s1 + 3");
  EXPECT_EQ((-s0 * 2 - s1 - 1).str(), "-2*s0 - s1 - 1");
  EXPECT_EQ((s1 - floorDiv(s0, c(2))).str(), "s1 - s0//2");
  EXPECT_EQ((floorDiv(s0, c(2)) * 2).str(), "2*(s0//2)");
  EXPECT_EQ((-floorDiv(s0, c(2))).str(), "-(s0//2)");
  EXPECT_EQ((mod(s0, c(3)) * s1).str(), "s1*(s0 % 3)");
  EXPECT_EQ((floorDiv(s0, c(2)) * floorDiv(s0, c(2))).str(), "(s0//2)**2");
  EXPECT_EQ(floorDiv(s0, c(-2)).str(), "(-s0)//2");
  EXPECT_EQ(ceilDiv(s0, c(2)).str(), "-((-s0)//2)");
  EXPECT_EQ((s0 * s1 + s0 + s1 + s0 * s0).str(), "s0 + s0**2 + s0*s1 + s1");
  EXPECT_EQ(c(-5).str(), "-5");
  EXPECT_EQ(floorDiv(c(-5), s0).str(), "-5//s0");
  EXPECT_EQ(c(kMin).str(), "-9223372036854775808");
  EXPECT_EQ((s0 + kMin).str(), "s0 + -9223372036854775808");
  EXPECT_EQ((s0 * kMin).str(), "-9223372036854775808*s0");
  EXPECT_EQ((s1 + s0 * kMin).str(), "-9223372036854775808*s0 + s1");
}

TEST(SymExprOrder, NaturalNameOrderAndDeterminism) {
  SymContext ctx;
  SymExpr s10 = ctx.getSymbol("s10");
  SymExpr s2 = ctx.getSymbol("s2");
  SymExpr s1 = ctx.getSymbol("s1");
  EXPECT_LT(s2.compare(s10), 0);
  EXPECT_GT(s10.compare(s2), 0);
  EXPECT_EQ(s2.compare(s2), 0);
  EXPECT_LT(ctx.getConstant(100).compare(s1), 0);
  EXPECT_EQ((s10 + s2).str(), "s2 + s10");

  llvm::SmallVector<SymExpr> symbols;
  (s10 * s2 + floorDiv(s1, s10) + s2).collectSymbols(symbols);
  ASSERT_EQ(symbols.size(), 3u);
  EXPECT_EQ(symbols[0], s1);
  EXPECT_EQ(symbols[1], s2);
  EXPECT_EQ(symbols[2], s10);

  // The same expression from another context, symbols made in another order.
  SymContext other;
  SymExpr o1 = other.getSymbol("s1"), o2 = other.getSymbol("s2"), o10 = other.getSymbol("s10");
  EXPECT_EQ((floorDiv(o1, o10) + o2 + o10 * o2).str(),
            (s10 * s2 + floorDiv(s1, s10) + s2).str());
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

TEST_F(SymExprTest, ParsesVariations) {
  EXPECT_EQ(parse("  2 * s0+1 "), s0 * 2 + 1);
  EXPECT_EQ(parse("((s0))"), s0);
  EXPECT_EQ(parse("-(-s0)"), s0);
  EXPECT_EQ(parse("--s0"), s0);
  EXPECT_EQ(parse("+s0"), s0);
  EXPECT_EQ(parse("- 2*s0"), s0 * -2);
  EXPECT_EQ(parse("s0 - s1 - s2"), s0 - (s1 + s2));
  EXPECT_EQ(parse("s0 + s1 * 2"), s0 + s1 * 2);
  EXPECT_EQ(parse("s0 // 2 * 2"), floorDiv(s0, c(2)) * 2);
  EXPECT_EQ(parse("8 // 2 // 2"), c(2));
  EXPECT_EQ(parse("2 * 3 % 4"), c(2));
  EXPECT_EQ(parse("-7 // 2"), c(-4));
  EXPECT_EQ(parse("-7 % 2"), c(1));
  EXPECT_EQ(parse("7 % -2"), c(-1));
  EXPECT_EQ(parse("s0**2"), s0 * s0);
  EXPECT_EQ(parse("s0 ** 2 * s1"), s0 * s0 * s1);
  EXPECT_EQ(parse("-s0**2"), -(s0 * s0));
  EXPECT_EQ(parse("-2**2"), c(-4));
  EXPECT_EQ(parse("2**10"), c(1024));
  EXPECT_EQ(parse("2**3**2"), c(512)) << "** is right-associative";
  EXPECT_EQ(parse("s0**0"), c(1));
  EXPECT_EQ(parse("min(s0, 4)"), min(s0, c(4)));
  EXPECT_EQ(parse("max(s0, s1, 3)"), max(max(s0, s1), c(3)));
  EXPECT_EQ(parse("Max(1, s0)"), max(s0, c(1)));
  EXPECT_EQ(parse("Min(s0, s1)"), min(s0, s1));
  EXPECT_EQ(parse("Mod(s0, 2)"), mod(s0, c(2)));
  EXPECT_EQ(parse("FloorDiv(s0 + 1, 2)"), floorDiv(s0 + 1, c(2)));
  EXPECT_EQ(parse("min + 1"), ctx.getSymbol("min") + 1) << "a name is a call only before '('";
  EXPECT_EQ(parse("-9223372036854775808"), c(kMin));
  EXPECT_EQ(parse("9223372036854775807"), c(kMax));
  EXPECT_EQ(parse("007"), c(7));

  EXPECT_FALSE(ctx.lookupSymbol("fresh"));
  SymExpr fresh = parse("fresh*2");
  ASSERT_TRUE(ctx.lookupSymbol("fresh"));
  EXPECT_EQ(fresh, *ctx.lookupSymbol("fresh") * 2);
  EXPECT_EQ(ctx.getSymbolRange(*ctx.lookupSymbol("fresh")), SymRange());
}

TEST_F(SymExprTest, ParseErrorsPointAtTheColumn) {
  EXPECT_EQ(parseError(""), "expected a number, a name or '(', found the end at column 1 in ''");
  EXPECT_EQ(parseError("s0 + (1"), "expected ')', found the end at column 8 in 's0 + (1'");
  EXPECT_EQ(parseError("s0 +"), "expected a number, a name or '(', found the end at column 5 in "
                                "'s0 +'");
  EXPECT_EQ(parseError("s0 + )"),
            "expected a number, a name or '(', found ')' at column 6 in 's0 + )'");
  EXPECT_EQ(parseError("s0 s1"), "expected end of expression, found 's1' at column 4 in 's0 s1'");
  EXPECT_EQ(parseError("(s0))"), "expected end of expression, found ')' at column 5 in '(s0))'");
  EXPECT_EQ(parseError("s0 / 2"),
            "unexpected '/' (floor division is '//') at column 4 in 's0 / 2'");
  EXPECT_EQ(parseError("s0 $ 1"), "unexpected character '$' at column 4 in 's0 $ 1'");
  EXPECT_EQ(parseError("s0 + $"), "unexpected character '$' at column 6 in 's0 + $'");
  EXPECT_EQ(parseError("foo(s0)"), "unknown function 'foo' at column 1 in 'foo(s0)'");
  EXPECT_EQ(parseError("Add(s0, 1)"), "unknown function 'Add' at column 1 in 'Add(s0, 1)'")
      << "sympy's functions are parseSympy's";
  EXPECT_EQ(parseError("'s0'"), "expected a number, a name or '(', found ''s0'' at column 1 in "
                                "''s0''");
  EXPECT_EQ(parseError("min(s0)"),
            "'min' takes at least 2 arguments, got 1 at column 1 in 'min(s0)'");
  EXPECT_EQ(parseError("min(s0,)"),
            "'min' takes at least 2 arguments, got 1 at column 1 in 'min(s0,)'");
  EXPECT_EQ(parseError("Mod(s0, 2, 3)"),
            "'Mod' takes 2 arguments, got 3 at column 1 in 'Mod(s0, 2, 3)'");
  EXPECT_EQ(parseError("99999999999999999999"),
            "integer '99999999999999999999' does not fit in 64 bits at column 1 in "
            "'99999999999999999999'");
  EXPECT_EQ(parseError("9223372036854775808"),
            "integer '9223372036854775808' does not fit in 64 bits at column 1 in "
            "'9223372036854775808'");
  EXPECT_EQ(parseError("-9223372036854775809"),
            "integer '9223372036854775809' does not fit in 64 bits at column 2 in "
            "'-9223372036854775809'");
  EXPECT_EQ(parseError("s0**s1"), "exponent must be an integer literal at column 3 in 's0**s1'");
  EXPECT_EQ(parseError("s0**-1"), "exponent -1 is out of range [0, 64] at column 3 in 's0**-1'");
  EXPECT_EQ(parseError("s0**65"), "exponent 65 is out of range [0, 64] at column 3 in 's0**65'");

  std::string deep = std::string(1000, '(') + "s0" + std::string(1000, ')');
  EXPECT_NE(parseError(deep).find("expression nested too deeply at column"), std::string::npos);
}

//===----------------------------------------------------------------------===//
// Overflow
//===----------------------------------------------------------------------===//

TEST_F(SymExprTest, OverflowIsKeptUnfolded) {
  auto noSymbols = [](SymExpr) -> std::optional<int64_t> { return std::nullopt; };
  auto at = [](int64_t v) { return [v](SymExpr) -> std::optional<int64_t> { return v; }; };

  SymExpr sum = c(kMax) + 1;
  ASSERT_EQ(sum.getKind(), SymKind::Add);
  EXPECT_EQ(sum.evaluate(noSymbols), std::nullopt);
  EXPECT_EQ(sum.str(), "1 + 9223372036854775807");
  EXPECT_EQ(parse(sum.str()), sum);
  EXPECT_EQ(c(1) + c(kMax), sum) << "still commutative";

  SymExpr diff = c(kMin) - 1;
  EXPECT_EQ(diff.getKind(), SymKind::Add);
  EXPECT_EQ(diff.evaluate(noSymbols), std::nullopt);
  EXPECT_EQ(parse(diff.str()), diff);

  SymExpr negMin = -c(kMin);
  ASSERT_EQ(negMin.getKind(), SymKind::Mul);
  EXPECT_EQ(negMin.str(), "-9223372036854775808*(-1)");
  EXPECT_EQ(parse(negMin.str()), negMin);
  EXPECT_EQ(negMin.evaluate(noSymbols), std::nullopt);

  SymExpr quotient = floorDiv(c(kMin), c(-1));
  EXPECT_NE(quotient.getConstant(), std::optional<int64_t>(kMin));
  EXPECT_EQ(quotient.evaluate(noSymbols), std::nullopt);

  // A coefficient that overflows keeps both factors.
  SymExpr big = s0 * (int64_t(1) << 62);
  SymExpr product = big * 4;
  EXPECT_EQ(product.getKind(), SymKind::Mul);
  EXPECT_EQ(product.evaluate(at(0)), 0);
  EXPECT_EQ(product.evaluate(at(1)), std::nullopt);
  EXPECT_EQ(parse(product.str()), product);

  // Like terms whose coefficients overflow stay apart.
  SymExpr terms = s0 * kMax + s0;
  EXPECT_EQ(terms.evaluate(at(0)), 0);
  EXPECT_EQ(terms.evaluate(at(-1)), -kMax - 1);
  EXPECT_EQ(terms.evaluate(at(1)), std::nullopt);
  EXPECT_EQ(parse(terms.str()), terms);

  // Distribution that overflows falls back to the unexpanded product.
  SymExpr dist = (s0 + kMax) * 2;
  EXPECT_EQ(dist.evaluate(at(-kMax)), 0);
  EXPECT_EQ(parse(dist.str()), dist);

  EXPECT_EQ(parse("9223372036854775807 + 1"), sum);
}

//===----------------------------------------------------------------------===//
// Scale
//===----------------------------------------------------------------------===//

TEST(SymExprScale, MillionSmallExpressions) {
  SymContext ctx;
  std::vector<SymExpr> symbols;
  for (int i = 0; i < 64; ++i)
    symbols.push_back(ctx.getSymbol(llvm::Twine("s").concat(llvm::Twine(i)).str()));
  llvm::DenseMap<SymExpr, unsigned> seen;
  for (int64_t i = 0; i < 1000000; ++i) {
    SymExpr e = symbols[i % 64] * (i % 1000) + symbols[(i * 7) % 64] + (i % 13);
    if (i % 3 == 0)
      e = floorDiv(e, ctx.getConstant(i % 5 + 1));
    ++seen[e];
  }
  // Rebuilding yields the same handles.
  EXPECT_EQ(symbols[5] * 5 + symbols[35] + 5, symbols[5] * 5 + symbols[35] + 5);
  EXPECT_GT(seen.size(), 1000u);
  EXPECT_LT(seen.size(), 1000000u);
}

} // namespace
