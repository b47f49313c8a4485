//===- SympyExprTest.cpp - SymContext::parseSympy -------------------------===//
//
// Each construct torch writes, in srepr form (expr_str) and str form
// (range_constraints keys), compared through the canonical printed form of
// the resulting SymExpr; and each error, with its exact message.
//
//===----------------------------------------------------------------------===//

#include "ir/SymExpr.h"

#include "gtest/gtest.h"

#include <string>

using namespace llvm;
using namespace pt2onnx;

namespace {

class SympyExprTest : public ::testing::Test {
protected:
  /// The canonical text of the parsed expression, or "error: <message>".
  std::string parse(StringRef text) {
    Expected<ir::SymExpr> e = context.parseSympy(text);
    if (!e)
      return "error: " + toString(e.takeError());
    return e->str();
  }

  ir::SymRange range(StringRef symbol) {
    return context.getSymbolRange(*context.lookupSymbol(symbol));
  }

  ir::SymContext context;
};

TEST_F(SympyExprTest, SreprAtoms) {
  EXPECT_EQ(parse("Integer(42)"), "42");
  EXPECT_EQ(parse("Integer(-3)"), "-3");
  EXPECT_EQ(parse("Symbol('s77', positive=True, integer=True)"), "s77");
  EXPECT_EQ(parse("Symbol(\"u0\", integer=True)"), "u0");
}

TEST_F(SympyExprTest, SymbolAssumptionsNarrowTheRange) {
  parse("Symbol('s0', positive=True, integer=True)");
  parse("Symbol('s1', nonnegative=True, integer=True)");
  parse("Symbol('s2', negative=True, integer=True)");
  parse("Symbol('s3', nonpositive=True, integer=True)");
  parse("Symbol('u0', integer=True)");
  parse("Symbol('s4', positive=False, integer=True)");
  EXPECT_EQ(range("s0").lo, 1);
  EXPECT_EQ(range("s1").lo, 0);
  EXPECT_EQ(range("s2").hi, -1);
  EXPECT_EQ(range("s3").hi, 0);
  EXPECT_TRUE(range("u0").isLowerUnbounded() && range("u0").isUpperUnbounded());
  EXPECT_TRUE(range("s4").isLowerUnbounded());
}

TEST_F(SympyExprTest, SreprArithmetic) {
  const char *s0 = "Symbol('s0', positive=True, integer=True)";
  const char *s1 = "Symbol('s1', positive=True, integer=True)";
  auto call = [](std::string f, std::string a, std::string b) {
    return f + "(" + a + ", " + b + ")";
  };
  EXPECT_EQ(parse(call("Add", s0, "Integer(1)")), "s0 + 1");
  EXPECT_EQ(parse("Add(" + std::string(s0) + ", " + s1 + ", Integer(-2))"), "s0 + s1 - 2");
  EXPECT_EQ(parse(call("Mul", "Integer(2)", s0)), "2*s0");
  EXPECT_EQ(parse("Mul(Integer(2), " + std::string(s0) + ", " + s1 + ")"), "2*s0*s1");
  EXPECT_EQ(parse(call("Pow", s0, "Integer(2)")), "s0**2");
  EXPECT_EQ(parse(call("PowByNatural", s0, "Integer(3)")), "s0**3");
  EXPECT_EQ(parse(call("FloorDiv", s0, "Integer(2)")), "s0//2");
  EXPECT_EQ(parse(call("CleanDiv", call("Mul", "Integer(4)", s0), "Integer(2)")), "2*s0");
  EXPECT_EQ(parse(call("Mod", s0, "Integer(2)")), "s0 % 2");
  EXPECT_EQ(parse(call("PythonMod", s0, s1)), "s0 % s1");
  EXPECT_EQ(parse("ModularIndexing(" + std::string(s0) + ", Integer(4), Integer(3))"),
            "(s0//4) % 3");
  EXPECT_EQ(parse(call("Max", s0, "Integer(1)")), "s0");
  EXPECT_EQ(parse(call("Max", s0, "Integer(7)")), "max(s0, 7)");
  EXPECT_EQ(parse("Min(Integer(32), " + std::string(s0) + ", " + s1 + ")"), "min(s0, s1, 32)");
  EXPECT_EQ(parse("Abs(Symbol('u0', integer=True))"), "max(u0, -u0)");
  EXPECT_EQ(parse("Identity(" + std::string(s0) + ")"), "s0");
  EXPECT_EQ(parse(call("LShift", s0, "Integer(3)")), "8*s0");
  EXPECT_EQ(parse(call("RShift", s0, "Integer(1)")), "s0//2");
}

TEST_F(SympyExprTest, RoundedQuotients) {
  const char *s0 = "Symbol('s0', positive=True, integer=True)";
  std::string half = "IntTrueDiv(" + std::string(s0) + ", Integer(2))";
  EXPECT_EQ(parse("CeilToInt(" + half + ")"), parse("-((-s0)//2)"));
  EXPECT_EQ(parse("FloorToInt(" + half + ")"), "s0//2");
  EXPECT_EQ(parse("TruncToInt(" + half + ")"), "s0//2");
  EXPECT_EQ(parse("CeilDiv(" + std::string(s0) + ", Integer(4))"), parse("-((-s0)//4)"));
  // sympy spells division as a product with a rational or a negative power.
  EXPECT_EQ(parse("CeilToInt(Mul(Rational(1, 2), " + std::string(s0) + "))"), parse("-((-s0)//2)"));
  EXPECT_EQ(parse("floor(Mul(" + std::string(s0) +
                  ", Pow(Symbol('s1', positive=True, "
                  "integer=True), Integer(-1))))"),
            "s0//s1");
  EXPECT_EQ(parse("ceiling(s0/3)"), parse("-((-s0)//3)"));
  // An exact quotient that happens to be an integer needs no rounding.
  EXPECT_EQ(parse("Rational(6, 3)"), "2");
  EXPECT_EQ(parse("Mul(Integer(2), IntTrueDiv(s0, 2))"), "s0");
}

TEST_F(SympyExprTest, StrForm) {
  EXPECT_EQ(parse("s77"), "s77");
  EXPECT_EQ(parse("2*s44"), "2*s44");
  EXPECT_EQ(parse("2*s77 + 1"), "2*s77 + 1");
  EXPECT_EQ(parse("s0 - 1"), "s0 - 1");
  EXPECT_EQ(parse("4 - s0"), "-s0 + 4");
  EXPECT_EQ(parse("(s0//2)"), "s0//2");
  EXPECT_EQ(parse("(s0 + 1)//2"), "(s0 + 1)//2");
  EXPECT_EQ(parse("s0 % 2"), "s0 % 2");
  EXPECT_EQ(parse("s0**2 + s0*s1"), "s0**2 + s0*s1");
  EXPECT_EQ(parse("-s0**2"), "-s0**2");
  EXPECT_EQ(parse("+s0"), "s0");
  EXPECT_EQ(parse("FloorDiv(s0, 2)"), "s0//2");
  EXPECT_EQ(parse("Max(s0, s1)"), "max(s0, s1)");
  EXPECT_EQ(parse("  s0\t+\n1 "), "s0 + 1");
}

TEST_F(SympyExprTest, InfinitiesInMaxAndMin) {
  EXPECT_EQ(parse("Max(s0, -oo)"), "s0");
  EXPECT_EQ(parse("Min(s0, oo)"), "s0");
  EXPECT_EQ(parse("Min(s0, int_oo, 5)"), "min(s0, 5)");
  EXPECT_EQ(parse("Max(-int_oo, s0)"), "s0");
}

TEST_F(SympyExprTest, Errors) {
  EXPECT_EQ(parse("Piecewise((s0, True))"),
            "error: unsupported sympy function 'Piecewise' at column 1 in 'Piecewise((s0, True))'");
  EXPECT_EQ(parse("ToFloat(s0)"), "error: floating-point sympy function 'ToFloat' in an integer "
                                  "expression at column 1 in 'ToFloat(s0)'");
  EXPECT_EQ(parse("IntTrueDiv(s0, 2)"),
            "error: the expression is a fraction, not an integer at column 1 in "
            "'IntTrueDiv(s0, 2)'");
  EXPECT_EQ(parse("oo"), "error: the expression is infinite at column 1 in 'oo'");
  EXPECT_EQ(parse("s0 + oo"), "error: operand is infinite at column 4 in 's0 + oo'");
  EXPECT_EQ(parse("Max(s0, oo)"), "error: 'Max' of an infinite value at column 9 in 'Max(s0, oo)'");
  EXPECT_EQ(parse("Max(oo, -oo)"),
            "error: 'Max' of an infinite value at column 5 in 'Max(oo, -oo)'");
  EXPECT_EQ(parse("Min(oo)"), "error: 'Min' of infinite values only at column 1 in 'Min(oo)'");
  EXPECT_EQ(parse("s0 & 1"), "error: unexpected character '&' at column 4 in 's0 & 1'");
  EXPECT_EQ(parse("(s0 + 1"), "error: expected ')', found the end at column 8 in '(s0 + 1'");
  EXPECT_EQ(parse("Symbol('s0)"), "error: unexpected character ''' at column 8 in 'Symbol('s0)'");
  EXPECT_EQ(parse("s0 s1"), "error: expected end of expression, found 's1' at column 4 in 's0 s1'");
  EXPECT_EQ(parse(""), "error: expected a number, a name or '(', found the end at column 1 in ''");
  EXPECT_EQ(parse("Integer(99999999999999999999)"),
            "error: integer '99999999999999999999' does not fit in 64 bits at column 9 in "
            "'Integer(99999999999999999999)'");
  EXPECT_EQ(parse("Integer(s0)"),
            "error: 'Integer' needs an integer literal at column 9 in 'Integer(s0)'");
  EXPECT_EQ(parse("s0**s1"), "error: exponent must be an integer literal at column 3 in 's0**s1'");
  EXPECT_EQ(parse("s0**65"),
            "error: exponent 65 is out of range [-64, 64] at column 3 in 's0**65'");
  EXPECT_EQ(parse("s0//0"), "error: division by zero at column 3 in 's0//0'");
  EXPECT_EQ(parse("Mod(s0, 0)"), "error: modulo by zero at column 9 in 'Mod(s0, 0)'");
  EXPECT_EQ(parse("FloorDiv(s0)"),
            "error: 'FloorDiv' takes 2 arguments, got 1 at column 1 in 'FloorDiv(s0)'");
  EXPECT_EQ(parse("Max(s0, key=1)"),
            "error: unexpected keyword argument 'key' of 'Max' at column 9 in 'Max(s0, key=1)'");
  EXPECT_EQ(parse("Symbol(x=True, 's0')"),
            "error: positional argument after a keyword argument at column 16 in "
            "'Symbol(x=True, 's0')'");
  EXPECT_EQ(parse("Symbol('s 0')"),
            "error: invalid symbol name 's 0' at column 1 in 'Symbol('s 0')'");
  EXPECT_EQ(parse("Symbol('zf0', integer=False)"),
            "error: symbol 'zf0' is not an integer at column 1 in 'Symbol('zf0', integer=False)'");
  EXPECT_EQ(parse("Symbol('s0', positive=1)"),
            "error: assumption 'positive' must be True or False at column 14 in "
            "'Symbol('s0', positive=1)'");
  EXPECT_EQ(parse("TruncToInt(IntTrueDiv(u0, 2))"),
            "error: 'TruncToInt' of a quotient whose sign is unknown at column 1 in "
            "'TruncToInt(IntTrueDiv(u0, 2))'");
  EXPECT_EQ(parse("LShift(s0, s1)"),
            "error: 'LShift' needs a constant shift amount in [0, 62] at column 12 in "
            "'LShift(s0, s1)'");
  EXPECT_EQ(parse("nan"), "error: 'nan' is not an integer at column 1 in 'nan'");
  EXPECT_EQ(parse("Mod(s0, 'a')"),
            "error: the divisor of '%' is a string, not an integer at column 9 in 'Mod(s0, 'a')'");
}

TEST_F(SympyExprTest, DeepNestingIsAnErrorNotACrash) {
  std::string deep(100000, '(');
  Expected<ir::SymExpr> e = context.parseSympy(deep);
  ASSERT_FALSE(e);
  EXPECT_NE(toString(e.takeError()).find("expression nested too deeply at column "),
            std::string::npos);
  std::string negations(100000, '-');
  e = context.parseSympy(negations + "1");
  ASSERT_FALSE(e);
  EXPECT_NE(toString(e.takeError()).find("nested too deeply"), std::string::npos);
}

} // namespace
