//===- ImportSymbolic.cpp - SymInts and range constraints -----------------===//
//
// Symbolic sizes: the sympy expressions of SymInts (parsed once per text),
// the SymInt / SymFloat / SymBool placeholders of graphs, and the range
// constraints that bound the symbols before any expression is built.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Importer.h"

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;

namespace pt2onnx::pt2::importer {

bool Importer::readSymExprString(const json &symExpr, ir::SymExpr &out) {
  if (!expectObject(symExpr))
    return false;
  checkFields(symExpr, kSymExprFields, "SymExpr");
  const json *text = field(symExpr, "expr_str");
  StringRef s;
  if (!text || !readString(*text, s))
    return false;
  // Programs repeat a handful of expressions over every tensor that has
  // the dims they describe.
  auto [cached, isNew] = parsedExprs.try_emplace(s);
  if (isNew) {
    Expected<ir::SymExpr> e = module->getSymContext().parseSympy(s);
    if (!e) {
      parsedExprs.erase(cached);
      return fail(*text, toString(e.takeError()));
    }
    cached->second = *e;
  }
  out = cached->second;
  return true;
}

bool Importer::readSymInt(const json &v, ir::SymExpr &out) {
  StringRef kind;
  const json *value = readUnion(v, kSymIntKinds, kind);
  if (!value)
    return false;
  if (kind == "as_expr")
    return readSymExprString(*value, out);
  int64_t i;
  if (!readInt(*value, i))
    return false;
  out = module->getSymContext().getConstant(i);
  return true;
}

bool Importer::symIntType(const GraphScope &scope, const json &at, StringRef name, ir::Type &out) {
  auto it = scope.symIntValues->find(std::string_view(name.data(), name.size()));
  if (it == scope.symIntValues->end())
    return fail(at, "SymInt '" + name + "' has no sym_int_values entry");
  ir::SymExpr e;
  if (!readSymInt(*it, e))
    return false;
  out = ir::Type::symInt(e);
  return true;
}

bool Importer::symbolicPlaceholder(GraphScope &scope, StringRef kind, const json &v,
                                   StringRef &name, ir::Type &type) {
  ArrayRef<StringLiteral> kinds = kind == "as_sym_int"     ? kSymIntArgumentKinds
                                  : kind == "as_sym_float" ? kSymFloatArgumentKinds
                                                           : kSymBoolArgumentKinds;
  StringRef valueKind;
  const json *value = readUnion(v, kinds, valueKind);
  if (!value)
    return false;
  if (valueKind != "as_name")
    return fail(v, "constant symbolic placeholder");
  if (!readString(*value, name))
    return false;
  if (kind == "as_sym_int")
    return symIntType(scope, *value, name, type);
  type = kind == "as_sym_float" ? ir::Type::symFloat() : ir::Type::symBool();
  return true;
}

bool Importer::importRangeConstraints() {
  const json *constraints = optionalField(root, "range_constraints");
  if (!constraints)
    return true;
  if (!expectObject(*constraints))
    return false;
  ir::SymContext &context = module->getSymContext();
  std::vector<ir::Attribute> entries;
  for (auto it = constraints->cbegin(); it != constraints->cend(); ++it) {
    const json &constraint = it.value();
    if (!expectObject(constraint))
      return false;
    checkFields(constraint, kRangeConstraintFields, "RangeConstraint");
    ir::SymRange range;
    const json *lo = optionalField(constraint, "min_val");
    const json *hi = optionalField(constraint, "max_val");
    if ((lo && !readInt(*lo, range.lo)) || (hi && !readInt(*hi, range.hi)))
      return false;
    if (range.isEmpty())
      return fail(constraint, "empty range [" + Twine(range.lo) + ", " + Twine(range.hi) + "]");
    Expected<ir::SymExpr> key = context.parseSympy(it.key());
    if (!key)
      return fail(constraint, toString(key.takeError()));
    if (std::optional<std::pair<ir::SymExpr, ir::SymRange>> bound = symbolBound(*key, range))
      context.constrain(bound->first, bound->second);
    entries.push_back(ir::Attribute::list(
        {ir::Attribute::string(it.key()),
         range.isLowerUnbounded() ? ir::Attribute::unit() : ir::Attribute::integer(range.lo),
         range.isUpperUnbounded() ? ir::Attribute::unit() : ir::Attribute::integer(range.hi)}));
  }
  rangeConstraints = ir::Attribute::list(std::move(entries));
  return true;
}

std::optional<std::pair<ir::SymExpr, ir::SymRange>> Importer::symbolBound(ir::SymExpr e,
                                                                          ir::SymRange range) {
  int64_t c = 1, d = 0;
  if (e.getKind() == ir::SymKind::Add && e.getOperands().size() == 2 &&
      e.getOperands()[1].isConstant()) {
    d = *e.getOperands()[1].getConstant();
    e = e.getOperands()[0];
  }
  if (e.getKind() == ir::SymKind::Mul && e.getOperands().size() == 2 &&
      e.getOperands()[0].isConstant() && e.getOperands()[1].isSymbol()) {
    c = *e.getOperands()[0].getConstant();
    e = e.getOperands()[1];
  }
  if (!e.isSymbol() || c == 0)
    return std::nullopt;
  // In 128 bits nothing below overflows; results outside int64 are unbounded.
  auto divide = [](__int128 n, __int128 q, bool up) {
    __int128 r = n / q;
    if ((n % q != 0) && ((n < 0) == (q < 0)) == up)
      r += up ? 1 : -1;
    return r;
  };
  auto clamp = [](__int128 v, int64_t inf) {
    if (v <= __int128(ir::SymRange::kNegInf) || v >= __int128(ir::SymRange::kPosInf))
      return inf;
    return int64_t(v);
  };
  __int128 lo = range.lo, hi = range.hi;
  ir::SymRange out;
  bool loBounded = !range.isLowerUnbounded(), hiBounded = !range.isUpperUnbounded();
  if (c < 0) {
    std::swap(lo, hi);
    std::swap(loBounded, hiBounded);
  }
  if (loBounded)
    out.lo = clamp(divide(lo - d, c, /*up=*/true), ir::SymRange::kNegInf);
  if (hiBounded)
    out.hi = clamp(divide(hi - d, c, /*up=*/false), ir::SymRange::kPosInf);
  return std::make_pair(e, out);
}

} // namespace pt2onnx::pt2::importer
