//===- CustomOpsPass.cpp - Applying a custom-ops table to a program ---------===//
//
// The ops a table entry names are collected first, so that the entry can be
// checked against every node of its op before any is rewritten: an argument
// the entry names must be an argument some node of the op passes, or one
// the entry gives a default (a program records neither a custom op's schema
// nor the arguments a node leaves at their defaults). Each function body is
// parsed again from its text for each op it replaces: the parsed graph's ops
// move into the program, so every op gets its own copy.
//
//===----------------------------------------------------------------------===//

#include "lowering/CustomOpsPass.h"

#include "ir/Builder.h"
#include "ir/Diagnostic.h"
#include "ir/OnnxDomain.h"
#include "ir/Parser.h"
#include "ir/Verifier.h"
#include "ir/numerics/DenseAccess.h"
#include "ir/pass/Pass.h"
#include "ir/schema/OpTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"

#include <mutex>

namespace pt2onnx::lowering {

using ir::Attribute;
using ir::Operation;
using ir::Type;
using ir::Value;

namespace {

/// The arguments of one op as the frontend imported them: operands named by
/// `arg_names`, constants as attributes named after their argument.
class OpArguments {
public:
  explicit OpArguments(Operation &op) : op(op) {
    if (const Attribute *names = op.getAttr("arg_names");
        names && names->getKind() == Attribute::Kind::StringList)
      argNames = names->getStringList();
  }

  llvm::SmallVector<Value *, 2> operands(llvm::StringRef name) const {
    llvm::SmallVector<Value *, 2> found;
    for (unsigned i = 0, e = std::min<size_t>(argNames.size(), op.getNumOperands()); i != e; ++i)
      if (argNames[i] == name)
        found.push_back(op.getOperand(i));
    return found;
  }
  const Attribute *constant(llvm::StringRef name) const {
    return isArgumentAttr(name) ? op.getAttr(name) : nullptr;
  }
  /// Every argument name the op passes.
  void collectNames(llvm::StringSet<> &names) const {
    for (const std::string &name : argNames)
      names.insert(name);
    for (const ir::NamedAttribute &attr : op.getAttrs())
      if (isArgumentAttr(attr.name))
        names.insert(attr.name);
  }

private:
  static bool isArgumentAttr(llvm::StringRef name) {
    return name != "arg_names" && name != "result_segments" && !name.startswith("ir.") &&
           !name.startswith("torch.");
  }
  Operation &op;
  llvm::ArrayRef<std::string> argNames;
};

std::string describeConstant(const Attribute &value) {
  switch (value.getKind()) {
  case Attribute::Kind::Bool:
    return value.getBool() ? "True" : "False";
  case Attribute::Kind::Int:
    return std::to_string(value.getInt());
  case Attribute::Kind::Float:
    return llvm::formatv("{0}", value.getFloat()).str();
  case Attribute::Kind::String:
    return "'" + value.getString().str() + "'";
  default:
    return "a constant";
  }
}

/// Whether a value of type `actual` may stand where the function declares
/// `declared`.
bool fits(const Type &actual, const Type &declared) {
  if (declared.isScalar() || actual.isScalar())
    return declared.getKind() == actual.getKind();
  if (!declared.isTensor() || !actual.isTensor() || declared.getDType() != actual.getDType())
    return false;
  if (!declared.isRanked() || !actual.isRanked())
    return true;
  if (declared.getRank() != actual.getRank())
    return false;
  for (auto [d, a] : llvm::zip(declared.getShape(), actual.getShape()))
    if (d.isStatic() && (!a.isStatic() || a.getSize() != d.getSize()))
      return false;
  return true;
}

/// What an `ir.constant` of `type` holds for the constant argument `value`,
/// or nullopt when a function argument of that type cannot take it. A torch
/// scalar or rank-0 tensor takes an int, float or bool: a float only where
/// floats go (SymFloat, a floating-point tensor), a SymBool only a bool; ints
/// and bools become the argument's kind.
std::optional<Attribute> bindConstant(const Attribute &value, const Type &type) {
  bool isFloat = value.getKind() == Attribute::Kind::Float;
  bool isBool = value.getKind() == Attribute::Kind::Bool;
  if (!isFloat && !isBool && value.getKind() != Attribute::Kind::Int)
    return std::nullopt;
  if (type.isTensor()) {
    if (!type.isRanked() || type.getRank() != 0 ||
        (isFloat && !ir::isFloatingPoint(type.getDType())))
      return std::nullopt;
    return value;
  }
  switch (type.getKind()) {
  case Type::Kind::SymInt:
    if (isFloat)
      return std::nullopt;
    return isBool ? Attribute::integer(value.getBool()) : value;
  case Type::Kind::SymFloat:
    return isFloat ? value
                   : Attribute::floating(isBool ? double(value.getBool()) : double(value.getInt()));
  case Type::Kind::SymBool:
    return isBool ? std::optional<Attribute>(value) : std::nullopt;
  default:
    return std::nullopt;
  }
}

class CustomOpRewriter {
public:
  CustomOpRewriter(ir::Module &module, const CustomOpTable &table, llvm::raw_ostream &warnings)
      : module(module), table(table), warnings(warnings), builder(module) {}

  llvm::Expected<size_t> run();

private:
  llvm::Error fail(const CustomOpEntry &entry, llvm::StringRef field,
                   const llvm::Twine &reason) const {
    return ir::makeLocatedError(table.getPath(), entry.place(field), reason);
  }
  void warn(const CustomOpEntry &entry, const llvm::Twine &message) const {
    llvm::WithColor::warning(warnings) << table.getPath() << ": " << entry.key << ": " << message
                                       << '\n';
  }

  llvm::Error checkArguments(const CustomOpEntry &entry, llvm::ArrayRef<Operation *> ops) const;
  /// The constant value of argument `name` of `op`, or its default; an
  /// error when the op passes a value or leaves the argument out without a
  /// default.
  llvm::Expected<Attribute> constantArgument(const CustomOpEntry &entry, llvm::StringRef field,
                                             Operation &op, llvm::StringRef name) const;
  llvm::Error rewriteAsNode(const CustomOpEntry &entry, Operation &op);
  llvm::Error rewriteWithBody(const CustomOpEntry &entry, Operation &op);
  Value *noneValue(Operation &before);
  Value *materialize(const Attribute &value, const Type &type);
  void replaceResults(Operation &op, llvm::ArrayRef<Value *> values, bool rename);

  ir::Module &module;
  const CustomOpTable &table;
  llvm::raw_ostream &warnings;
  ir::Builder builder;
};

llvm::Expected<size_t> CustomOpRewriter::run() {
  llvm::MapVector<const CustomOpEntry *, std::vector<Operation *>> matches;
  module.getOperation()->walk([&](Operation *op) {
    if (op->getDialect() == "ir" || ir::isOnnxLevelOp(*op))
      return;
    if (const CustomOpEntry *entry = table.lookup(op->getName().getStringRef()))
      matches[entry].push_back(op);
  });
  size_t rewritten = 0;
  for (const CustomOpEntry &entry : table.getEntries()) {
    auto it = matches.find(&entry);
    if (it == matches.end()) {
      warn(entry, "matches no op in the program");
      continue;
    }
    llvm::ArrayRef<Operation *> ops = it->second;
    llvm::StringSet<> builtIn;
    for (Operation *op : ops)
      if (schema::lookupOp(op->getName().getStringRef()) &&
          builtIn.insert(op->getName().getStringRef()).second)
        warn(entry, "replaces the built-in lowering of " + op->getName().getStringRef());
    if (llvm::Error err = checkArguments(entry, ops))
      return err;
    for (Operation *op : ops) {
      if (llvm::Error err = entry.isFunction() ? rewriteWithBody(entry, *op)
                                               : rewriteAsNode(entry, *op))
        return err;
      ++rewritten;
    }
  }
  return rewritten;
}

llvm::Error CustomOpRewriter::checkArguments(const CustomOpEntry &entry,
                                             llvm::ArrayRef<Operation *> ops) const {
  llvm::StringSet<> known;
  for (Operation *op : ops)
    OpArguments(*op).collectNames(known);
  for (const ir::NamedAttribute &value : entry.defaults)
    known.insert(value.name);
  auto check = [&](llvm::StringRef field, llvm::StringRef name) -> llvm::Error {
    if (known.contains(name))
      return llvm::Error::success();
    llvm::SmallVector<llvm::StringRef, 8> names;
    for (const auto &k : known)
      names.push_back(k.getKey());
    llvm::sort(names);
    return fail(entry, field,
                "the op has no argument '" + name + "' (its nodes pass " +
                    (names.empty() ? std::string("none") : llvm::join(names, ", ")) + ")");
  };
  for (size_t i = 0; i != entry.inputs.size(); ++i)
    if (llvm::Error err = check("inputs[" + std::to_string(i) + "]", entry.inputs[i]))
      return err;
  for (const auto &[onnxName, argument] : entry.attributes)
    if (llvm::Error err = check("attributes." + onnxName, argument))
      return err;
  for (const CustomFunctionArgument &arg : entry.functionArguments)
    if (llvm::Error err = check("function", arg.name))
      return err;
  return llvm::Error::success();
}

llvm::Expected<Attribute> CustomOpRewriter::constantArgument(const CustomOpEntry &entry,
                                                             llvm::StringRef field, Operation &op,
                                                             llvm::StringRef name) const {
  OpArguments args(op);
  if (!args.operands(name).empty())
    return fail(entry, field,
                "argument '" + name + "' of " + ir::describeOp(op) +
                    " is a tensor or a symbolic value, not a constant");
  if (const Attribute *value = args.constant(name)) {
    if (value->isUnit())
      return fail(entry, field, "argument '" + name + "' of " + ir::describeOp(op) + " is None");
    return *value;
  }
  for (const ir::NamedAttribute &value : entry.defaults)
    if (value.name == name)
      return value.value;
  return fail(entry, field,
              ir::describeOp(op) + " leaves argument '" + name +
                  "' at its default, which the program does not record: give its value in "
                  "'defaults'");
}

Value *CustomOpRewriter::noneValue(Operation &before) {
  builder.setInsertionPoint(&before);
  return builder.create(ir::builtin::kConstant, {}, {Type::none()}, {{"value", Attribute::unit()}})
      ->getResult(0);
}

/// An `ir.constant` of `type` holding `value`, as bindConstant made it, at
/// the builder's insertion point.
Value *CustomOpRewriter::materialize(const Attribute &value, const Type &type) {
  if (type.isTensor()) {
    ir::DType dtype = type.getDType();
    ir::DenseElements dense =
        value.getKind() == Attribute::Kind::Float
            ? numerics::makeDense(dtype, {}, {value.getFloat()})
            : numerics::makeDenseInt(dtype, {}, {value.getKind() == Attribute::Kind::Bool
                                                     ? int64_t(value.getBool())
                                                     : value.getInt()});
    return builder.createConstant(std::move(dense));
  }
  Type resultType = type;
  if (type.getKind() == Type::Kind::SymInt)
    resultType = Type::symInt(module.getSymContext().getConstant(value.getInt()));
  return builder.create(ir::builtin::kConstant, {}, {resultType}, {{"value", value}})
      ->getResult(0);
}

/// Points the uses of `op`'s results at `values` and erases `op`; with
/// `rename`, each value takes the name of the result it replaces.
void CustomOpRewriter::replaceResults(Operation &op, llvm::ArrayRef<Value *> values, bool rename) {
  for (unsigned i = 0, e = op.getNumResults(); i != e; ++i) {
    Value *old = op.getResult(i);
    if (rename && !old->getName().empty())
      values[i]->setName(old->getName());
    old->replaceAllUsesWith(values[i]);
  }
  op.erase();
}

llvm::Error CustomOpRewriter::rewriteAsNode(const CustomOpEntry &entry, Operation &op) {
  OpArguments args(op);
  llvm::SmallVector<Value *, 4> operands;
  for (size_t i = 0; i != entry.inputs.size(); ++i) {
    llvm::StringRef name = entry.inputs[i];
    llvm::SmallVector<Value *, 2> values = args.operands(name);
    const Attribute *constant = args.constant(name);
    if (values.empty() && constant && !constant->isUnit())
      return fail(entry, "inputs[" + std::to_string(i) + "]",
                  "argument '" + name + "' of " + ir::describeOp(op) + " is the constant " +
                      describeConstant(*constant) +
                      ", not a tensor: map it to an attribute under 'attributes'");
    // A None or left-out argument is an omitted optional input.
    if (values.empty())
      values.push_back(noneValue(op));
    operands.append(values.begin(), values.end());
  }

  std::vector<ir::NamedAttribute> attributes;
  for (const auto &[onnxName, argument] : entry.attributes) {
    std::string field = "attributes." + onnxName;
    llvm::Expected<Attribute> value = constantArgument(entry, field, op, argument);
    if (!value)
      return value.takeError();
    switch (value->getKind()) {
    case Attribute::Kind::Bool:
    case Attribute::Kind::Int:
    case Attribute::Kind::Float:
    case Attribute::Kind::String:
    case Attribute::Kind::IntList:
    case Attribute::Kind::FloatList:
    case Attribute::Kind::StringList:
    case Attribute::Kind::DType:
      attributes.push_back({onnxName, *value});
      continue;
    case Attribute::Kind::List: {
      std::vector<int64_t> bools;
      for (const Attribute &item : value->getList())
        if (item.getKind() == Attribute::Kind::Bool)
          bools.push_back(item.getBool());
      if (bools.size() == value->getList().size()) {
        attributes.push_back({onnxName, Attribute::intList(bools)});
        continue;
      }
      break;
    }
    default:
      break;
    }
    return fail(entry, field,
                "argument '" + argument + "' of " + ir::describeOp(op) +
                    " is not a number, string or list of them, which an ONNX attribute holds");
  }

  std::string name;
  if (entry.domain.empty()) {
    name = "onnx." + entry.opType;
  } else if (entry.domain == "ai.onnx.ml") {
    name = "onnx_ml." + entry.opType;
  } else {
    name = ir::makeDomainOpName(ir::kDomainNodeDialect, entry.domain, entry.opType);
    attributes.push_back({ir::kDomainVersionAttr.str(), Attribute::integer(entry.version)});
  }
  llvm::sort(attributes, [](const ir::NamedAttribute &a, const ir::NamedAttribute &b) {
    return a.name < b.name;
  });
  llvm::SmallVector<Type, 2> resultTypes;
  for (const ir::OpResult &result : op.getResults())
    resultTypes.push_back(result.getType());
  builder.setInsertionPoint(&op);
  builder.setProvenanceFrom(&op);
  Operation *node = builder.create(name, operands, resultTypes, attributes);
  llvm::SmallVector<Value *, 2> results;
  for (unsigned i = 0, e = node->getNumResults(); i != e; ++i)
    results.push_back(node->getResult(i));
  replaceResults(op, results, /*rename=*/true);
  return llvm::Error::success();
}

llvm::Error CustomOpRewriter::rewriteWithBody(const CustomOpEntry &entry, Operation &op) {
  // The value each function argument takes: an operand of the op, or a
  // constant argument's value made an ir.constant before the op.
  OpArguments args(op);
  struct Binding {
    Value *operand = nullptr;
    std::optional<Attribute> constant;
  };
  llvm::SmallVector<Binding, 4> bindings;
  for (const CustomFunctionArgument &arg : entry.functionArguments) {
    std::string what = "function argument %" + arg.name + " (" + arg.type.str() + ")";
    llvm::SmallVector<Value *, 2> operands = args.operands(arg.name);
    if (operands.size() > 1)
      return fail(entry, "function",
                  what + ": argument '" + arg.name + "' of " + ir::describeOp(op) + " is a list of " +
                      llvm::Twine(operands.size()) + " values; bind a list argument in a node entry");
    if (operands.size() == 1) {
      if (!fits(operands[0]->getType(), arg.type))
        return fail(entry, "function",
                    what + " does not fit argument '" + arg.name + "' of " + ir::describeOp(op) +
                        ", a " + operands[0]->getType().str());
      bindings.push_back({operands[0], std::nullopt});
      continue;
    }
    llvm::Expected<Attribute> value = constantArgument(entry, "function", op, arg.name);
    if (!value)
      return value.takeError();
    std::optional<Attribute> bound = bindConstant(*value, arg.type);
    if (!bound)
      return fail(entry, "function",
                  what + " cannot take the constant " + describeConstant(*value) +
                      " of argument '" + arg.name + "' of " + ir::describeOp(op) +
                      " (a constant binds to !torch.symint, !torch.symfloat, !torch.symbool or "
                      "a rank-0 tensor that holds it)");
    bindings.push_back({nullptr, *bound});
  }

  if (op.getNumResults() != entry.functionResults.size())
    return fail(entry, "function",
                "the function returns " + llvm::Twine(entry.functionResults.size()) +
                    " values, " + ir::describeOp(op) + " has " + llvm::Twine(op.getNumResults()) +
                    " results");
  for (unsigned i = 0, e = op.getNumResults(); i != e; ++i)
    if (!fits(op.getResult(i)->getType(), entry.functionResults[i]))
      return fail(entry, "function",
                  "result #" + llvm::Twine(i) + " of " + ir::describeOp(op) + " is a " +
                      op.getResult(i)->getType().str() + ", the function returns a " +
                      entry.functionResults[i].str());

  llvm::Expected<std::unique_ptr<ir::Module>> parsed =
      ir::parseModule(entry.functionText, entry.functionPath);
  if (!parsed)
    return parsed.takeError();
  Operation *graph = nullptr;
  for (Operation &candidate : (*parsed)->getBody())
    if (candidate.isa(ir::builtin::kGraph))
      graph = &candidate;
  ir::Block &body = ir::Module::getGraphBody(graph);
  Operation *ret = body.back();
  builder.setProvenanceFrom(&op);

  if (!entry.asFunction) {
    // Inlined ops come from the op's node, as far as the user can tell. A
    // local function's ops stay without: the call node has the provenance,
    // and calls whose bodies are the same share one function.
    for (Operation &inner : body)
      inner.walk([&](Operation *nested) {
        if (!nested->getProvenance())
          nested->setProvenance(op.getProvenance());
      });
    builder.setInsertionPoint(&op);
    for (unsigned i = 0, e = bindings.size(); i != e; ++i) {
      Value *value = bindings[i].operand ? bindings[i].operand
                                         : materialize(*bindings[i].constant, body.getArgument(i)->getType());
      body.getArgument(i)->replaceAllUsesWith(value);
    }
    while (body.front() != ret)
      body.front()->moveBefore(&op);
    llvm::SmallVector<Value *, 4> results = ret->getOperands();
    ret->dropAllUses();
    // A value the body computes takes the op's more precise type and its
    // name; an argument returned as it is stays what it is.
    for (unsigned i = 0, e = results.size(); i != e; ++i) {
      Value *old = op.getResult(i);
      if (Operation *def = results[i]->getDefiningOp(); def && !def->isa(ir::builtin::kConstant)) {
        results[i]->setType(old->getType());
        if (!old->getName().empty())
          results[i]->setName(old->getName());
      }
    }
    replaceResults(op, results, /*rename=*/false);
    return llvm::Error::success();
  }

  // Constant arguments are inputs of the function too, constants of the
  // calling graph: calls that differ only in them share one function.
  builder.setInsertionPoint(&op);
  llvm::SmallVector<Value *, 4> operands;
  for (unsigned i = 0, e = bindings.size(); i != e; ++i) {
    if (bindings[i].operand) {
      operands.push_back(bindings[i].operand);
      continue;
    }
    const CustomFunctionArgument &arg = entry.functionArguments[i];
    Value *constant = materialize(*bindings[i].constant, arg.type);
    if (op.getNumResults() && !op.getResult(0)->getName().empty())
      constant->setName((op.getResult(0)->getName() + "_" + arg.name).str());
    operands.push_back(constant);
  }
  llvm::SmallVector<Type, 2> resultTypes;
  for (const ir::OpResult &result : op.getResults())
    resultTypes.push_back(result.getType());
  Operation *call = builder.create(
      ir::makeDomainOpName(ir::kFunctionCallDialect, entry.domain, entry.opType), operands,
      resultTypes, {{ir::kDomainVersionAttr.str(), Attribute::integer(entry.version)}},
      /*numRegions=*/1);
  call->getRegion(0).takeBody(graph->getRegion(0));
  ir::Block &callBody = call->getRegion(0).front();
  // A tensor argument takes the type it has at this call; a constant's stays
  // as the function declares it, so the body does not know its value.
  for (unsigned i = 0, e = operands.size(); i != e; ++i)
    if (bindings[i].operand)
      callBody.getArgument(i)->setType(operands[i]->getType());
  llvm::SmallVector<Value *, 2> results;
  for (unsigned i = 0, e = call->getNumResults(); i != e; ++i)
    results.push_back(call->getResult(i));
  replaceResults(op, results, /*rename=*/true);
  return llvm::Error::success();
}

class CustomOpsPass : public pass::Pass {
public:
  explicit CustomOpsPass(CustomOpTable table) : table(std::move(table)) {}
  llvm::StringRef getName() const override { return "custom-ops"; }
  llvm::Expected<bool> run(ir::Module &module) override {
    llvm::Expected<size_t> rewritten = applyCustomOps(module, table, llvm::errs());
    if (!rewritten)
      return rewritten.takeError();
    addStatistic("rewritten-ops", int64_t(*rewritten));
    return *rewritten != 0;
  }

private:
  CustomOpTable table;
};

} // namespace

llvm::Expected<size_t> applyCustomOps(ir::Module &module, const CustomOpTable &table,
                                      llvm::raw_ostream &warnings) {
  return CustomOpRewriter(module, table, warnings).run();
}

void registerCustomOpsPass() {
  static std::once_flag once;
  std::call_once(once, [] {
    pass::registerPass(
        {"custom-ops",
         "Rewrite the ops a custom-ops table names (pt2onnx --custom-ops): as ONNX nodes of "
         "their domains, or as the table's function bodies, inlined or as local functions",
         {{"table", pass::PassOptionInfo::Type::String, "", "The table, a JSON file"}},
         [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
           llvm::StringRef path = options.getString("table");
           if (path.empty())
             return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                            "custom-ops needs table=FILE.json");
           llvm::Expected<CustomOpTable> table = CustomOpTable::load(path);
           if (!table)
             return table.takeError();
           return std::make_unique<CustomOpsPass>(std::move(*table));
         }});
  });
}

} // namespace pt2onnx::lowering
