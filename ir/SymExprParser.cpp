//===- SymExprParser.cpp - Reading SymExprs from text ----------------------===//
//
// One recursive-descent parser over Python's expression grammar reads both
// the canonical text SymExpr::print writes (SymContext::parse) and what
// sympy's str() and srepr() print for torch's integer expressions
// (SymContext::parseSympy). The sympy spellings go through the same grammar:
// srepr is function calls (`Add(a, b)`), str is infix (`a + b`), and either
// may nest the other's constructs.
//
// The canonical syntax is the integer subset: `//` and `%` build the nodes
// directly (a division by a constant zero is a node the printer writes, so
// it reads back), there is no `/`, every name is a symbol, and the functions
// are min, max (or Min, Max), Mod and FloorDiv.
//
// Values are folded into SymExprs as they are parsed. Two kinds of values
// exist only as arguments: an exact quotient, which torch always rounds
// (`CeilToInt(IntTrueDiv(s0, 2))`, `floor(s0/2)`), and an infinity, which
// Max and Min absorb. Both are errors where an integer is needed.
//
//===----------------------------------------------------------------------===//

#include "ir/SymExpr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <limits>
#include <optional>
#include <string>

using namespace llvm;
using namespace pt2onnx;
using ir::SymExpr;

namespace {

enum class Syntax { Canonical, Sympy };

/// A parsed value.
struct Term {
  enum class Kind { Integer, Quotient, Infinity, String, Bool };
  Kind kind = Kind::Integer;
  /// The value of an Integer; the numerator of a Quotient.
  SymExpr value;
  /// A Quotient is exactly value / divisor.
  SymExpr divisor;
  /// Bool: the value; Infinity: true for -oo.
  bool flag = false;
  /// String: the text between the quotes.
  std::string text;

  static Term integer(SymExpr v) {
    Term t;
    t.value = v;
    return t;
  }
};

enum class Rounding { Floor, Ceil, Trunc };

class SymExprParser {
public:
  SymExprParser(StringRef text, ir::SymContext &context, Syntax syntax)
      : text(text), context(context), syntax(syntax) {}

  Expected<SymExpr> parse() {
    lex();
    Term result;
    size_t start = token.pos;
    if (parseExpr(result) && expectToken(Tok::End, "end of expression"))
      requireInteger(result, start, "the expression");
    if (error)
      return createStringError(inconvertibleErrorCode(), *error);
    return result.value;
  }

private:
  enum class Tok {
    End,
    Int,
    Name,
    String,
    Plus,
    Minus,
    Star,
    StarStar,
    Slash,
    SlashSlash,
    Percent,
    LParen,
    RParen,
    Comma,
    Equal,
    Invalid,
  };
  struct Token {
    Tok kind = Tok::End;
    StringRef spelling;
    size_t pos = 0;
  };

  /// Nesting deeper than this is rejected instead of exhausting the stack.
  static constexpr unsigned kMaxDepth = 500;
  /// The largest |exponent| of a power: powers are repeated factors.
  static constexpr int64_t kMaxExponent = 64;

  static constexpr StringLiteral kIntegerFunctions[] = {
      "Symbol",       "Integer",         "Rational",   "Add",      "Mul",        "Pow",
      "PowByNatural", "IntTrueDiv",      "FloorDiv",   "CleanDiv", "CeilDiv",    "Mod",
      "PythonMod",    "ModularIndexing", "Max",        "Min",      "Abs",        "Identity",
      "CeilToInt",    "ceiling",         "FloorToInt", "floor",    "TruncToInt", "LShift",
      "RShift"};
  static constexpr StringLiteral kFloatFunctions[] = {"Float", "ToFloat", "FloatTrueDiv",
                                                      "FloatPow", "TruncToFloat"};
  static constexpr StringLiteral kCanonicalFunctions[] = {"min", "max", "Min",
                                                          "Max", "Mod", "FloorDiv"};

  //===--------------------------------------------------------------------===//
  // Diagnostics
  //===--------------------------------------------------------------------===//

  bool fail(size_t pos, const Twine &message) {
    if (!error)
      error = (message + " at column " + Twine(pos + 1) + " in '" + text + "'").str();
    return false;
  }

  //===--------------------------------------------------------------------===//
  // Lexer
  //===--------------------------------------------------------------------===//

  void lex() {
    while (cursor < text.size() && isSpace(text[cursor]))
      ++cursor;
    token.pos = cursor;
    if (cursor == text.size()) {
      token.kind = Tok::End;
      token.spelling = {};
      return;
    }
    char c = text[cursor];
    auto take = [&](Tok kind, size_t length) {
      token.kind = kind;
      token.spelling = text.substr(cursor, length);
      cursor += length;
    };
    auto next = [&] { return cursor + 1 < text.size() ? text[cursor + 1] : '\0'; };
    if (isDigit(c)) {
      size_t end = cursor;
      while (end < text.size() && isDigit(text[end]))
        ++end;
      return take(Tok::Int, end - cursor);
    }
    if (isAlpha(c) || c == '_') {
      size_t end = cursor;
      while (end < text.size() && (isAlnum(text[end]) || text[end] == '_'))
        ++end;
      return take(Tok::Name, end - cursor);
    }
    if (c == '\'' || c == '"') {
      size_t end = text.find(c, cursor + 1);
      if (end == StringRef::npos)
        return take(Tok::Invalid, text.size() - cursor);
      return take(Tok::String, end + 1 - cursor);
    }
    switch (c) {
    case '+':
      return take(Tok::Plus, 1);
    case '-':
      return take(Tok::Minus, 1);
    case '*':
      return next() == '*' ? take(Tok::StarStar, 2) : take(Tok::Star, 1);
    case '/':
      return next() == '/' ? take(Tok::SlashSlash, 2) : take(Tok::Slash, 1);
    case '%':
      return take(Tok::Percent, 1);
    case '(':
      return take(Tok::LParen, 1);
    case ')':
      return take(Tok::RParen, 1);
    case ',':
      return take(Tok::Comma, 1);
    case '=':
      return take(Tok::Equal, 1);
    default:
      return take(Tok::Invalid, 1);
    }
  }

  static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }
  static bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
  static bool isAlnum(char c) { return isAlpha(c) || isDigit(c); }

  bool consumeIf(Tok kind) {
    if (token.kind != kind)
      return false;
    lex();
    return true;
  }

  bool expectToken(Tok kind, StringRef what) {
    if (consumeIf(kind))
      return true;
    if (token.kind == Tok::Invalid)
      return fail(token.pos, "unexpected character '" + token.spelling.take_front(1) + "'");
    if (token.kind == Tok::End)
      return fail(token.pos, "expected " + what + ", found the end");
    return fail(token.pos, "expected " + what + ", found '" + token.spelling + "'");
  }

  //===--------------------------------------------------------------------===//
  // Grammar: Python's precedence, ** binding tighter than a unary sign on its
  // left and looser than one on its right.
  //   expr    := term (('+' | '-') term)*
  //   term    := unary (('*' | '/' | '//' | '%') unary)*
  //   unary   := ('-' | '+') unary | power
  //   power   := primary ('**' unary)?
  //   primary := INT | STRING | NAME | NAME '(' args ')' | '(' expr ')'
  //===--------------------------------------------------------------------===//

  bool parseExpr(Term &out) {
    if (++depth > kMaxDepth)
      return fail(token.pos, "expression nested too deeply");
    bool ok = parseSum(out);
    --depth;
    return ok;
  }

  bool parseSum(Term &out) {
    if (!parseTerm(out))
      return false;
    while (token.kind == Tok::Plus || token.kind == Tok::Minus) {
      bool minus = token.kind == Tok::Minus;
      size_t pos = token.pos;
      lex();
      Term rhs;
      if (!parseTerm(rhs))
        return false;
      if (minus && !negate(rhs, pos))
        return false;
      if (!add(out, rhs, pos))
        return false;
    }
    return true;
  }

  bool parseTerm(Term &out) {
    if (!parseUnary(out))
      return false;
    while (true) {
      Tok op = token.kind;
      if (op != Tok::Star && op != Tok::Slash && op != Tok::SlashSlash && op != Tok::Percent)
        return true;
      size_t pos = token.pos;
      if (op == Tok::Slash && syntax == Syntax::Canonical)
        return fail(pos, "unexpected '/' (floor division is '//')");
      lex();
      Term rhs;
      if (!parseUnary(rhs))
        return false;
      bool ok = op == Tok::Star         ? multiply(out, rhs, pos)
                : op == Tok::Slash      ? trueDivide(out, rhs, pos)
                : op == Tok::SlashSlash ? floorDivide(out, rhs, pos)
                                        : modulo(out, rhs, pos);
      if (!ok)
        return false;
    }
  }

  bool parseUnary(Term &out) {
    if (token.kind == Tok::Minus || token.kind == Tok::Plus) {
      bool minus = token.kind == Tok::Minus;
      size_t pos = token.pos;
      lex();
      if (minus && token.kind == Tok::Int && negatedLiteral(out))
        return !error;
      if (++depth > kMaxDepth)
        return fail(pos, "expression nested too deeply");
      bool ok = parseUnary(out) && (!minus || negate(out, pos));
      --depth;
      return ok;
    }
    return parsePower(out);
  }

  /// A negated literal is read whole so that -9223372036854775808 fits;
  /// `-2**2` is still -(2**2). Returns false, the token unread, for the
  /// latter.
  bool negatedLiteral(Term &out) {
    Token literal = token;
    size_t savedCursor = cursor;
    lex();
    if (token.kind == Tok::StarStar) {
      cursor = savedCursor;
      token = literal;
      return false;
    }
    uint64_t magnitude;
    if (literal.spelling.getAsInteger(10, magnitude) ||
        magnitude > uint64_t(std::numeric_limits<int64_t>::max()) + 1)
      return !fail(literal.pos,
                   "integer '" + literal.spelling + "' does not fit in 64 bits");
    out = Term::integer(context.getConstant(int64_t(0 - magnitude)));
    return true;
  }

  bool parsePower(Term &out) {
    if (!parsePrimary(out))
      return false;
    if (token.kind != Tok::StarStar)
      return true;
    size_t pos = token.pos;
    lex();
    Term exponent;
    return parseUnary(exponent) && power(out, exponent, pos);
  }

  bool parsePrimary(Term &out) {
    Token tok = token;
    switch (tok.kind) {
    case Tok::Int: {
      int64_t v;
      if (tok.spelling.getAsInteger(10, v))
        return fail(tok.pos, "integer '" + tok.spelling + "' does not fit in 64 bits");
      lex();
      out = Term::integer(context.getConstant(v));
      return true;
    }
    case Tok::String:
      if (syntax == Syntax::Canonical)
        return expectToken(Tok::Int, "a number, a name or '('");
      lex();
      out = Term();
      out.kind = Term::Kind::String;
      out.text = tok.spelling.drop_front().drop_back().str();
      return true;
    case Tok::LParen: {
      lex();
      return parseExpr(out) && expectToken(Tok::RParen, "')'");
    }
    case Tok::Name:
      lex();
      if (token.kind == Tok::LParen)
        return parseCall(tok, out);
      return nameValue(tok, out);
    default:
      return expectToken(Tok::Int, "a number, a name or '('");
    }
  }

  /// A bare name in str() form: a symbol or one of sympy's constants.
  bool nameValue(const Token &tok, Term &out) {
    StringRef name = tok.spelling;
    out = Term();
    if (syntax == Syntax::Canonical) {
      out = Term::integer(context.getSymbol(name));
      return true;
    }
    if (name == "oo" || name == "int_oo") {
      out.kind = Term::Kind::Infinity;
      return true;
    }
    if (name == "True" || name == "False") {
      out.kind = Term::Kind::Bool;
      out.flag = name == "True";
      return true;
    }
    if (name == "nan" || name == "zoo" || name == "pi" || name == "E" || name == "I")
      return fail(tok.pos, "'" + name + "' is not an integer");
    out = Term::integer(context.getSymbol(name));
    return true;
  }

  bool parseCall(const Token &callee, Term &out) {
    // Unknown functions are reported before their arguments, which may use
    // syntax of their own (Piecewise takes tuples).
    StringRef name = callee.spelling;
    if (syntax == Syntax::Canonical) {
      if (!is_contained(kCanonicalFunctions, name))
        return fail(callee.pos, "unknown function '" + name + "'");
    } else if (is_contained(kFloatFunctions, name)) {
      return fail(callee.pos,
                  "floating-point sympy function '" + name + "' in an integer expression");
    } else if (!is_contained(kIntegerFunctions, name)) {
      return fail(callee.pos, "unsupported sympy function '" + name + "'");
    }
    lex(); // '('
    SmallVector<Term, 4> args;
    SmallVector<size_t, 4> argPos;
    SmallVector<std::pair<Token, Term>, 2> keywords;
    if (token.kind != Tok::RParen) {
      do {
        Token start = token;
        Term arg;
        if (start.kind == Tok::Name) {
          // A keyword argument is NAME '='; anything else is an expression.
          size_t savedCursor = cursor;
          lex();
          if (consumeIf(Tok::Equal)) {
            if (!parseExpr(arg))
              return false;
            keywords.push_back({start, std::move(arg)});
            continue;
          }
          cursor = savedCursor;
          token = start;
        }
        if (!keywords.empty())
          return fail(start.pos, "positional argument after a keyword argument");
        if (!parseExpr(arg))
          return false;
        args.push_back(std::move(arg));
        argPos.push_back(start.pos);
      } while (consumeIf(Tok::Comma) && token.kind != Tok::RParen);
    }
    if (!expectToken(Tok::RParen, "')' or ','"))
      return false;

    size_t pos = callee.pos;
    if (name == "Symbol")
      return symbol(pos, args, keywords, out);
    if (!keywords.empty())
      return fail(keywords.front().first.pos, "unexpected keyword argument '" +
                                                  keywords.front().first.spelling + "' of '" +
                                                  name + "'");
    return call(name, pos, args, argPos, out);
  }

  //===--------------------------------------------------------------------===//
  // Functions
  //===--------------------------------------------------------------------===//

  bool checkArity(StringRef name, size_t pos, size_t got, size_t min, size_t max) {
    if (got >= min && got <= max)
      return true;
    std::string expected = min == max        ? std::to_string(min)
                           : max == SIZE_MAX ? "at least " + std::to_string(min)
                                             : std::to_string(min) + " or " + std::to_string(max);
    return fail(pos, "'" + name + "' takes " + expected + " argument" + (max == 1 ? "" : "s") +
                         ", got " + Twine(got));
  }

  bool symbol(size_t pos, ArrayRef<Term> args, ArrayRef<std::pair<Token, Term>> keywords,
              Term &out) {
    if (!checkArity("Symbol", pos, args.size(), 1, 1))
      return false;
    if (args[0].kind != Term::Kind::String)
      return fail(pos, "'Symbol' needs a quoted name");
    StringRef name = args[0].text;
    if (!ir::SymContext::isValidSymbolName(name))
      return fail(pos, "invalid symbol name '" + name + "'");
    SymExpr sym = context.getSymbol(name);
    for (const auto &[key, value] : keywords) {
      if (value.kind != Term::Kind::Bool)
        return fail(key.pos, "assumption '" + key.spelling + "' must be True or False");
      if (!value.flag)
        continue;
      ir::SymRange range;
      if (key.spelling == "positive")
        range.lo = 1;
      else if (key.spelling == "nonnegative")
        range.lo = 0;
      else if (key.spelling == "negative")
        range.hi = -1;
      else if (key.spelling == "nonpositive")
        range.hi = 0;
      else
        continue;
      context.constrain(sym, range);
    }
    for (const auto &[key, value] : keywords)
      if (key.spelling == "integer" && value.kind == Term::Kind::Bool && !value.flag)
        return fail(pos, "symbol '" + name + "' is not an integer");
    out = Term::integer(sym);
    return true;
  }

  bool call(StringRef name, size_t pos, MutableArrayRef<Term> args, ArrayRef<size_t> argPos,
            Term &out) {
    auto arity = [&](size_t min, size_t max) {
      return checkArity(name, pos, args.size(), min, max);
    };
    auto fold = [&](auto combine) {
      out = std::move(args[0]);
      for (size_t i = 1; i < args.size(); ++i)
        if (!combine(out, args[i], argPos[i]))
          return false;
      return true;
    };

    if (name == "Integer") {
      if (!arity(1, 1))
        return false;
      if (args[0].kind != Term::Kind::Integer || !args[0].value.isConstant())
        return fail(argPos[0], "'Integer' needs an integer literal");
      out = std::move(args[0]);
      return true;
    }
    if (name == "Rational") {
      if (!arity(2, 2))
        return false;
      for (size_t i = 0; i < 2; ++i)
        if (args[i].kind != Term::Kind::Integer || !args[i].value.isConstant())
          return fail(argPos[i], "'Rational' needs integer literals");
      out = std::move(args[0]);
      return trueDivide(out, args[1], argPos[1]);
    }
    if (name == "Add")
      return arity(1, SIZE_MAX) && fold([&](Term &a, Term &b, size_t p) { return add(a, b, p); });
    if (name == "Mul")
      return arity(1, SIZE_MAX) &&
             fold([&](Term &a, Term &b, size_t p) { return multiply(a, b, p); });
    if (name == "Pow" || name == "PowByNatural") {
      if (!arity(2, 2))
        return false;
      out = std::move(args[0]);
      return power(out, args[1], argPos[1]);
    }
    if (name == "IntTrueDiv") {
      if (!arity(2, 2))
        return false;
      out = std::move(args[0]);
      return trueDivide(out, args[1], argPos[1]);
    }
    if (name == "FloorDiv" || name == "CleanDiv") {
      if (!arity(2, 2))
        return false;
      out = std::move(args[0]);
      return floorDivide(out, args[1], argPos[1]);
    }
    if (name == "CeilDiv") {
      if (!arity(2, 2))
        return false;
      out = std::move(args[0]);
      return trueDivide(out, args[1], argPos[1]) && round(out, Rounding::Ceil, pos);
    }
    if (name == "Mod" || name == "PythonMod") {
      if (!arity(2, 2))
        return false;
      out = std::move(args[0]);
      return modulo(out, args[1], argPos[1]);
    }
    if (name == "ModularIndexing") {
      // ModularIndexing(x, d, m) is (x // d) % m.
      if (!arity(3, 3))
        return false;
      out = std::move(args[0]);
      return floorDivide(out, args[1], argPos[1]) && modulo(out, args[2], argPos[2]);
    }
    if (name == "Max" || name == "Min" || name == "max" || name == "min")
      return arity(syntax == Syntax::Canonical ? 2 : 1, SIZE_MAX) &&
             extremum(name.equals_insensitive("max"), pos, args, argPos, out);
    if (name == "Abs") {
      if (!arity(1, 1) || !requireInteger(args[0], argPos[0], "'Abs'"))
        return false;
      out = Term::integer(ir::max(args[0].value, -args[0].value));
      return true;
    }
    if (name == "Identity") {
      if (!arity(1, 1))
        return false;
      out = std::move(args[0]);
      return true;
    }
    if (name == "CeilToInt" || name == "ceiling" || name == "FloorToInt" || name == "floor" ||
        name == "TruncToInt") {
      if (!arity(1, 1))
        return false;
      Rounding mode = StringSwitch<Rounding>(name)
                          .Cases("CeilToInt", "ceiling", Rounding::Ceil)
                          .Cases("FloorToInt", "floor", Rounding::Floor)
                          .Default(Rounding::Trunc);
      out = std::move(args[0]);
      return round(out, mode, pos);
    }
    if (name == "LShift" || name == "RShift") {
      // Shifts by a constant amount are products and floor quotients.
      if (!arity(2, 2) || !requireInteger(args[0], argPos[0], "'" + name + "'"))
        return false;
      std::optional<int64_t> amount =
          args[1].kind == Term::Kind::Integer ? args[1].value.getConstant() : std::nullopt;
      if (!amount || *amount < 0 || *amount > 62)
        return fail(argPos[1], "'" + name + "' needs a constant shift amount in [0, 62]");
      SymExpr factor = context.getConstant(int64_t(1) << *amount);
      out = Term::integer(name == "LShift" ? args[0].value * factor
                                           : ir::floorDiv(args[0].value, factor));
      return true;
    }
    llvm_unreachable("a function of kIntegerFunctions without a case");
  }

  //===--------------------------------------------------------------------===//
  // Arithmetic on terms
  //===--------------------------------------------------------------------===//

  bool requireInteger(const Term &t, size_t pos, const Twine &what) {
    switch (t.kind) {
    case Term::Kind::Integer:
      return true;
    case Term::Kind::Quotient:
      return fail(pos, what + " is a fraction, not an integer");
    case Term::Kind::Infinity:
      return fail(pos, what + " is infinite");
    case Term::Kind::String:
      return fail(pos, what + " is a string, not an integer");
    case Term::Kind::Bool:
      return fail(pos, what + " is a boolean, not an integer");
    }
    return false;
  }

  /// Integers and quotients; `num / den` of either.
  bool asFraction(const Term &t, size_t pos, SymExpr &num, SymExpr &den) {
    if (t.kind == Term::Kind::Quotient) {
      num = t.value;
      den = t.divisor;
      return true;
    }
    if (!requireInteger(t, pos, "operand"))
      return false;
    num = t.value;
    den = context.getConstant(1);
    return true;
  }

  /// The term num / den; an Integer when den divides num, which canonical
  /// forms let us test by multiplying back (`(4*s0)//2` is `2*s0`).
  Term makeQuotient(SymExpr num, SymExpr den) {
    if (den.getConstant() != 0) {
      SymExpr quotient = ir::floorDiv(num, den);
      if (quotient * den == num)
        return Term::integer(quotient);
    }
    Term t;
    t.kind = Term::Kind::Quotient;
    t.value = num;
    t.divisor = den;
    return t;
  }

  bool negate(Term &t, size_t pos) {
    if (t.kind == Term::Kind::Integer) {
      t.value = -t.value;
      return true;
    }
    if (t.kind == Term::Kind::Infinity) {
      t.flag = !t.flag;
      return true;
    }
    SymExpr num, den;
    if (!asFraction(t, pos, num, den))
      return false;
    t = makeQuotient(-num, den);
    return true;
  }

  bool add(Term &a, const Term &b, size_t pos) {
    if (a.kind == Term::Kind::Integer && b.kind == Term::Kind::Integer) {
      a.value = a.value + b.value;
      return true;
    }
    SymExpr an, ad, bn, bd;
    if (!asFraction(a, pos, an, ad) || !asFraction(b, pos, bn, bd))
      return false;
    a = ad == bd ? makeQuotient(an + bn, ad) : makeQuotient(an * bd + bn * ad, ad * bd);
    return true;
  }

  bool multiply(Term &a, const Term &b, size_t pos) {
    if (a.kind == Term::Kind::Integer && b.kind == Term::Kind::Integer) {
      a.value = a.value * b.value;
      return true;
    }
    SymExpr an, ad, bn, bd;
    if (!asFraction(a, pos, an, ad) || !asFraction(b, pos, bn, bd))
      return false;
    a = makeQuotient(an * bn, ad * bd);
    return true;
  }

  bool trueDivide(Term &a, const Term &b, size_t pos) {
    SymExpr an, ad, bn, bd;
    if (!asFraction(a, pos, an, ad) || !asFraction(b, pos, bn, bd))
      return false;
    if (bn.getConstant() == 0)
      return fail(pos, "division by zero");
    SymExpr num = an * bd, den = ad * bn;
    // Keep the divisor positive when its sign is known, as sympy does.
    if (den.getRange().hi < 0) {
      num = -num;
      den = -den;
    }
    a = makeQuotient(num, den);
    return true;
  }

  bool floorDivide(Term &a, const Term &b, size_t pos) {
    if (syntax == Syntax::Canonical) {
      a.value = ir::floorDiv(a.value, b.value);
      return true;
    }
    return trueDivide(a, b, pos) && round(a, Rounding::Floor, pos);
  }

  bool modulo(Term &a, const Term &b, size_t pos) {
    if (!requireInteger(a, pos, "the dividend of '%'") ||
        !requireInteger(b, pos, "the divisor of '%'"))
      return false;
    if (syntax == Syntax::Sympy && b.value.getConstant() == 0)
      return fail(pos, "modulo by zero");
    a = Term::integer(ir::mod(a.value, b.value));
    return true;
  }

  bool round(Term &t, Rounding mode, size_t pos) {
    if (t.kind == Term::Kind::Integer)
      return true;
    if (t.kind != Term::Kind::Quotient)
      return requireInteger(t, pos, "the rounded value");
    SymExpr num = t.value, den = t.divisor;
    switch (mode) {
    case Rounding::Floor:
      t = Term::integer(ir::floorDiv(num, den));
      return true;
    case Rounding::Ceil:
      t = Term::integer(ir::ceilDiv(num, den));
      return true;
    case Rounding::Trunc:
      // Truncation is floor division when the quotient cannot be negative.
      if (num.getRange().lo >= 0 && den.getRange().lo > 0) {
        t = Term::integer(ir::floorDiv(num, den));
        return true;
      }
      return fail(pos, "'TruncToInt' of a quotient whose sign is unknown");
    }
    return false;
  }

  bool power(Term &base, const Term &exponent, size_t pos) {
    std::optional<int64_t> k =
        exponent.kind == Term::Kind::Integer ? exponent.value.getConstant() : std::nullopt;
    if (!k)
      return fail(pos, "exponent must be an integer literal");
    int64_t minExponent = syntax == Syntax::Canonical ? 0 : -kMaxExponent;
    if (*k < minExponent || *k > kMaxExponent)
      return fail(pos, "exponent " + Twine(*k) + " is out of range [" + Twine(minExponent) +
                           ", " + Twine(kMaxExponent) + "]");
    SymExpr num, den;
    if (!asFraction(base, pos, num, den))
      return false;
    SymExpr pn = context.getConstant(1), pd = context.getConstant(1);
    for (int64_t i = 0, e = *k < 0 ? -*k : *k; i < e; ++i) {
      pn = pn * num;
      pd = pd * den;
    }
    if (*k < 0) {
      if (pn.getConstant() == 0)
        return fail(pos, "division by zero");
      std::swap(pn, pd);
    }
    base = makeQuotient(pn, pd);
    return true;
  }

  /// Max or Min; an infinity on the absorbing side drops out, on the other
  /// side it would make the result infinite.
  bool extremum(bool isMax, size_t pos, ArrayRef<Term> args, ArrayRef<size_t> argPos, Term &out) {
    SymExpr result;
    StringRef name = isMax ? "Max" : "Min";
    for (size_t i = 0; i < args.size(); ++i) {
      const Term &arg = args[i];
      if (arg.kind == Term::Kind::Infinity) {
        bool negative = arg.flag;
        if (negative == isMax)
          continue;
        return fail(argPos[i], "'" + name + "' of an infinite value");
      }
      if (!requireInteger(arg, argPos[i], "an argument of '" + name + "'"))
        return false;
      result = !result ? arg.value
               : isMax ? ir::max(result, arg.value)
                       : ir::min(result, arg.value);
    }
    if (!result)
      return fail(pos, "'" + name + "' of infinite values only");
    out = Term::integer(result);
    return true;
  }

  StringRef text;
  ir::SymContext &context;
  Syntax syntax;
  size_t cursor = 0;
  Token token;
  unsigned depth = 0;
  std::optional<std::string> error;
};

} // namespace

Expected<SymExpr> ir::SymContext::parse(StringRef text) {
  return SymExprParser(text, *this, Syntax::Canonical).parse();
}

Expected<SymExpr> ir::SymContext::parseSympy(StringRef text) {
  return SymExprParser(text, *this, Syntax::Sympy).parse();
}
