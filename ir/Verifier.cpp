//===- Verifier.cpp - Structural checks on a module -------------------------===//

#include "ir/Verifier.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

namespace pt2onnx::ir {

std::string describeOp(const Operation &op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '\'' << op.getName().getStringRef() << "' op";
  if (const ProvenanceRef &p = op.getProvenance(); p && !p->nodeName.empty())
    os << " '" << p->nodeName << '\'';
  // A graph op names itself: its own errors would not say which graph otherwise.
  for (const Operation *scope = &op; scope; scope = scope->getParentOp()) {
    if (!scope->isa(builtin::kGraph))
      continue;
    if (const Attribute *name = scope->getAttr("sym_name");
        name && name->getKind() == Attribute::Kind::String)
      os << " in graph '" << name->getString() << '\'';
    break;
  }
  if (const ProvenanceRef &p = op.getProvenance())
    if (std::string where = p->getSourceLocation(); !where.empty())
      os << " (" << where << ')';
  return s;
}

namespace {

class Verifier {
public:
  Verifier(const Module &module, unsigned maxErrors) : module(module), maxErrors(maxErrors) {}

  llvm::Error run() {
    Operation *top = module.getOperation();
    llvm::StringSet<> graphNames;
    for (Operation &op : module.getBody()) {
      if (!op.isa(builtin::kGraph))
        continue;
      const Attribute *name = op.getAttr("sym_name");
      if (!name || name->getKind() != Attribute::Kind::String)
        error(op, "graph has no string 'sym_name' attribute");
      else if (!graphNames.insert(name->getString()).second)
        error(op, "graph name '" + name->getString().str() + "' is defined twice");
    }
    top->walk([&](Operation *op) { verifyOp(*op); });
    if (messages.empty())
      return llvm::Error::success();
    std::string text;
    for (size_t i = 0; i < messages.size() && i < maxErrors; ++i)
      text += (i ? "\n" : "") + messages[i];
    if (messages.size() > maxErrors)
      text += llvm::formatv("{0}... and {1} more errors", maxErrors ? "\n" : "",
                            messages.size() - maxErrors)
                  .str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), text);
  }

private:
  void error(const Operation &op, const llvm::Twine &what) {
    messages.push_back("error: " + describeOp(op) + ": " + what.str());
  }

  static std::string valueName(const Value *v) {
    return v->getName().empty() ? std::string() : " (%" + v->getName().str() + ")";
  }

  void verifyOp(const Operation &op) {
    if (const OpSchema *schema = op.getName().getSchema())
      verifySchema(op, *schema);
    for (unsigned i = 0, e = op.getNumOperands(); i != e; ++i) {
      const Value *v = op.getOperand(i);
      if (!v)
        error(op, llvm::formatv("operand #{0} is not defined", i));
      else if (!dominates(v, op))
        error(op, llvm::formatv("operand #{0}{1} does not dominate this use", i, valueName(v)));
      if (v)
        verifyType(op, v->getType(), "operand #" + llvm::Twine(i));
    }
    for (const OpResult &r : op.getResults())
      verifyType(op, r.getType(), "result #" + llvm::Twine(r.getIndex()));
    for (unsigned i = 0, e = op.getNumRegions(); i != e; ++i)
      for (const auto &block : op.getRegion(i).getBlocks())
        for (const auto &arg : block->getArguments())
          verifyType(op, arg->getType(),
                     "region #" + llvm::Twine(i) + " argument #" + llvm::Twine(arg->getIndex()));
    if (op.isa(builtin::kConstant))
      verifyConstant(op);
    if (op.isa(builtin::kGraph) && op.getNumRegions() == 1) {
      Region &body = op.getRegion(0);
      if (body.getNumBlocks() != 1)
        error(op, "graph body must have exactly one block");
      else if (!body.front().back() || !body.front().back()->isa(builtin::kReturn))
        error(op, "graph body must end with 'ir.return'");
    }
  }

  void verifySchema(const Operation &op, const OpSchema &schema) {
    auto checkCount = [&](const char *what, unsigned n, unsigned lo, unsigned hi) {
      if (n >= lo && n <= hi)
        return;
      std::string expected = hi == OpSchema::kVariadic ? llvm::formatv("at least {0}", lo).str()
                             : lo == hi                ? llvm::formatv("{0}", lo).str()
                                       : llvm::formatv("{0} to {1}", lo, hi).str();
      error(op, llvm::formatv("expects {0} {1}, got {2}", expected, what, n));
    };
    checkCount("operands", op.getNumOperands(), schema.minOperands, schema.maxOperands);
    checkCount("results", op.getNumResults(), schema.minResults, schema.maxResults);
    checkCount("regions", op.getNumRegions(), schema.numRegions, schema.numRegions);
    if (schema.isTerminator && op.getBlock() && op.getBlock()->back() != &op)
      error(op, "terminator is not the last op of its block");
  }

  /// True when `v` is visible at `user`: defined in a block that encloses the
  /// user, before the user's ancestor in that block.
  static bool dominates(const Value *v, const Operation &user) {
    const Block *defBlock = v->getParentBlock();
    if (!defBlock)
      return false;
    // The ancestor of `user` (possibly itself) that sits in defBlock.
    const Operation *ancestor = &user;
    while (ancestor && ancestor->getBlock() != defBlock)
      ancestor = ancestor->getParentOp();
    if (!ancestor)
      return false;
    const Operation *def = v->getDefiningOp();
    if (!def)
      return true; // block argument
    return def != ancestor && defBlock->isBefore(def, ancestor);
  }

  /// `what` is a Twine so that nothing is formatted unless there is an error.
  void verifyType(const Operation &op, const Type &t, const llvm::Twine &what) {
    if (!t.isTensor() || !t.isRanked())
      return;
    for (const Dim &d : t.getShape())
      if (d.isSymbolic() && d.getExpr().getRange().hi < 0)
        error(op, what + " has a dimension that is negative for every value of its symbols");
  }

  void verifyConstant(const Operation &op) {
    const Attribute *value = op.getAttr("value");
    if (!value) {
      error(op, "constant has no 'value' attribute");
      return;
    }
    if (op.getNumResults() != 1)
      return; // reported by the schema check
    const Type &resultType = op.getResult(0)->getType();
    switch (value->getKind()) {
    case Attribute::Kind::Dense:
      if (value->getDense().getType() != resultType)
        error(op, "dense value type " + value->getDense().getType().str() +
                      " does not match result type " + resultType.str());
      break;
    case Attribute::Kind::WeightRef: {
      const WeightData *w = module.lookupWeight(value->getString());
      if (!w)
        error(op, "refers to weight '" + value->getString().str() + "', which the module lacks");
      else if (w->getType() != resultType)
        error(op, "weight '" + value->getString().str() + "' has type " + w->getType().str() +
                      ", the result has type " + resultType.str());
      break;
    }
    case Attribute::Kind::Unit:
    case Attribute::Kind::Int:
    case Attribute::Kind::Float:
    case Attribute::Kind::Bool:
    case Attribute::Kind::String:
      verifyScalarConstant(op, *value, resultType);
      break;
    default:
      error(op, "constant 'value' must be a dense literal or a weight reference");
    }
  }

  /// Scalars are the non-tensor values of torch programs: None, SymInt,
  /// SymFloat, SymBool and str constants.
  void verifyScalarConstant(const Operation &op, const Attribute &value, const Type &resultType) {
    if (resultType.isTensor()) {
      error(op, "constant 'value' must be a dense literal or a weight reference");
      return;
    }
    Type expected;
    const char *kind = "a unit";
    switch (value.getKind()) {
    case Attribute::Kind::Int:
      expected = Type::symInt(resultType.getSymValue());
      kind = "an int";
      break;
    case Attribute::Kind::Float:
      expected = Type::symFloat();
      kind = "a float";
      break;
    case Attribute::Kind::Bool:
      expected = Type::symBool();
      kind = "a bool";
      break;
    case Attribute::Kind::String:
      expected = Type::opaque("str");
      kind = "a string";
      break;
    default:
      break;
    }
    if (resultType != expected) {
      error(op, llvm::Twine(kind) + " constant must have type " + expected.str() +
                    ", not " + resultType.str());
      return;
    }
    if (SymExpr sym = resultType.getSymValue();
        sym && value.getKind() == Attribute::Kind::Int && sym.getConstant() != value.getInt())
      error(op, "the constant " + llvm::Twine(value.getInt()) + " has type " + resultType.str());
  }

  const Module &module;
  unsigned maxErrors;
  std::vector<std::string> messages;
};

} // namespace

llvm::Error verifyModule(const Module &module, unsigned maxErrors) {
  return Verifier(module, maxErrors).run();
}

} // namespace pt2onnx::ir
