//===- DimNames.cpp - The names of the model's dynamic dims -----------------===//

#include "backends/onnx/DimNames.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::onnx_backend {

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(std::make_error_code(std::errc::invalid_argument), message);
}

bool isIdentifier(llvm::StringRef name) {
  return !name.empty() && (llvm::isAlpha(name[0]) || name[0] == '_') &&
         llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// `name` with every character outside [A-Za-z0-9_] replaced by `_`, and a
/// `_` in front of a leading digit: a dim name made from a value's name.
std::string toIdentifier(llvm::StringRef name) {
  std::string out;
  if (name.empty() || llvm::isDigit(name[0]))
    out += '_';
  for (char c : name)
    out += llvm::isAlnum(c) || c == '_' ? c : '_';
  return out;
}

/// The symbol a dim is, if it is one symbol alone.
std::optional<ir::SymExpr> bareSymbol(const ir::Dim &dim) {
  if (!dim.isSymbolic() || !dim.getExpr().isSymbol())
    return std::nullopt;
  return dim.getExpr();
}

/// Decides the names, in the order of DimNames.h.
class DimNamer {
public:
  DimNamer(const ir::Module &module, const ir::Block &body, llvm::ArrayRef<std::string> inputNames,
           llvm::ArrayRef<std::string> outputNames)
      : module(module), body(body), inputNames(inputNames), outputNames(outputNames) {}

  llvm::Expected<DimNaming> run(llvm::ArrayRef<AxisName> userNames);

private:
  llvm::Error applyUserName(const AxisName &user);
  /// The graph input `spec` names, or an error.
  llvm::Expected<unsigned> findInput(const AxisName &user) const;
  /// Gives `symbol` the name `name`; an error when it has another one or
  /// another symbol has it.
  llvm::Error assign(ir::SymExpr symbol, llvm::StringRef name, const AxisName &user);
  void nameByOrigin(llvm::ArrayRef<ir::Type> types, llvm::ArrayRef<std::string> valueNames);
  std::string formatRanges(llvm::ArrayRef<ir::Type> types) const;

  const ir::Module &module;
  const ir::Block &body;
  llvm::ArrayRef<std::string> inputNames;
  llvm::ArrayRef<std::string> outputNames;
  llvm::StringMap<std::string> names;
  /// Dim name -> the symbol that has it.
  llvm::StringMap<std::string> owners;
};

llvm::Expected<unsigned> DimNamer::findInput(const AxisName &user) const {
  unsigned numInputs = body.getNumArguments();
  unsigned position;
  if (!llvm::StringRef(user.input).getAsInteger(10, position)) {
    if (position < numInputs)
      return position;
    return makeError("--dim-name " + user.spelling + ": the model has " + llvm::Twine(numInputs) +
                     " inputs, so there is no input #" + user.input);
  }
  for (unsigned i = 0; i != numInputs; ++i)
    if (inputNames[i] == user.input || body.getArgument(i)->getName() == user.input)
      return i;
  std::string known;
  for (unsigned i = 0; i != numInputs; ++i)
    known += (i ? ", " : "") + inputNames[i];
  return makeError("--dim-name " + user.spelling + ": the model has no input '" + user.input +
                   "' (its inputs: " + (known.empty() ? "none" : known) + ")");
}

llvm::Error DimNamer::assign(ir::SymExpr symbol, llvm::StringRef name, const AxisName &user) {
  std::string symbolName = symbol.getSymbolName().str();
  auto [it, inserted] = names.try_emplace(symbolName, name.str());
  if (!inserted && it->second != name)
    return makeError("--dim-name " + user.spelling + ": the dim is " + symbolName +
                     ", which is already named '" + it->second + "'");
  auto [owner, free] = owners.try_emplace(name, symbolName);
  if (!free && owner->second != symbolName)
    return makeError("--dim-name " + user.spelling + ": '" + name + "' already names " +
                     owner->second + ", a different dim (one name would say they are equal)");
  return llvm::Error::success();
}

llvm::Error DimNamer::applyUserName(const AxisName &user) {
  if (!isIdentifier(user.name))
    return makeError("--dim-name " + user.spelling + ": '" + user.name +
                     "' is not a name (letters, digits and _, not starting with a digit)");
  if (user.bySymbol) {
    std::optional<ir::SymExpr> symbol = module.getSymContext().lookupSymbol(user.input);
    if (!symbol)
      return makeError("--dim-name " + user.spelling + ": the program has no symbol '" +
                       user.input + "'");
    return assign(*symbol, user.name, user);
  }
  llvm::Expected<unsigned> index = findInput(user);
  if (!index)
    return index.takeError();
  const ir::Value *arg = body.getArgument(*index);
  std::string what = "input '" + inputNames[*index] + "'";
  const ir::Type &type = arg->getType();
  if (!type.isTensor() || !type.isRanked())
    return makeError("--dim-name " + user.spelling + ": " + what + " has no dims to name (its type is " +
                     type.str() + ")");
  int64_t rank = type.getRank();
  if (user.axis < 0 || user.axis >= rank)
    return makeError("--dim-name " + user.spelling + ": " + what + " has rank " +
                     llvm::Twine(rank) + ", so no axis " + llvm::Twine(user.axis));
  const ir::Dim &dim = type.getShape()[user.axis];
  if (dim.isStatic())
    return makeError("--dim-name " + user.spelling + ": axis " + llvm::Twine(user.axis) + " of " +
                     what + " is static (size " + llvm::Twine(dim.getSize()) +
                     "); only dynamic dims take names");
  if (!dim.isSymbolic())
    return makeError("--dim-name " + user.spelling + ": axis " + llvm::Twine(user.axis) + " of " +
                     what + " has no symbol to name");
  if (!dim.getExpr().isSymbol())
    return makeError("--dim-name " + user.spelling + ": axis " + llvm::Twine(user.axis) + " of " +
                     what + " is the expression " + dim.getExpr().str() +
                     ", not a dim of its own; name its symbol (--dim-name SYMBOL=NAME)");
  return assign(dim.getExpr(), user.name, user);
}

void DimNamer::nameByOrigin(llvm::ArrayRef<ir::Type> types,
                            llvm::ArrayRef<std::string> valueNames) {
  for (auto [type, valueName] : llvm::zip(types, valueNames)) {
    if (!type.isTensor() || !type.isRanked())
      continue;
    for (auto [axis, dim] : llvm::enumerate(type.getShape())) {
      std::optional<ir::SymExpr> symbol = bareSymbol(dim);
      if (!symbol || names.count(symbol->getSymbolName()))
        continue;
      std::string name = toIdentifier(valueName) + "_dim" + llvm::utostr(axis);
      // A user's name may have taken it; the symbol then keeps torch's.
      if (!owners.try_emplace(name, symbol->getSymbolName().str()).second)
        continue;
      names[symbol->getSymbolName()] = name;
    }
  }
}

std::string DimNamer::formatRanges(llvm::ArrayRef<ir::Type> types) const {
  llvm::SmallVector<ir::SymExpr, 8> symbols;
  llvm::DenseSet<ir::SymExpr> seen;
  for (const ir::Type &type : types) {
    if (!type.isTensor() || !type.isRanked())
      continue;
    for (const ir::Dim &dim : type.getShape()) {
      if (!dim.isSymbolic())
        continue;
      llvm::SmallVector<ir::SymExpr, 4> mentioned;
      dim.getExpr().collectSymbols(mentioned);
      for (ir::SymExpr symbol : mentioned)
        if (seen.insert(symbol).second)
          symbols.push_back(symbol);
    }
  }
  if (symbols.empty())
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::json::OStream json(os);
  json.object([&] {
    for (ir::SymExpr symbol : symbols) {
      auto it = names.find(symbol.getSymbolName());
      std::string name = it == names.end() ? symbol.getSymbolName().str() : it->second;
      ir::SymRange range = module.getSymContext().getSymbolRange(symbol);
      json.attributeArray(name, [&] {
        if (range.isLowerUnbounded())
          json.value(nullptr);
        else
          json.value(range.lo);
        if (range.isUpperUnbounded())
          json.value(nullptr);
        else
          json.value(range.hi);
      });
    }
  });
  return os.str();
}

llvm::Expected<DimNaming> DimNamer::run(llvm::ArrayRef<AxisName> userNames) {
  for (const AxisName &user : userNames)
    if (llvm::Error error = applyUserName(user))
      return error;

  llvm::SmallVector<ir::Type, 8> inputTypes;
  for (unsigned i = 0, e = body.getNumArguments(); i != e; ++i)
    inputTypes.push_back(body.getArgument(i)->getType());
  llvm::SmallVector<ir::Type, 8> outputTypes;
  llvm::SmallVector<std::string, 8> outputValueNames;
  if (const ir::Operation *ret = body.empty() ? nullptr : body.back())
    for (unsigned i = 0, e = ret->getNumOperands(); i != e; ++i) {
      outputTypes.push_back(ret->getOperand(i)->getType());
      std::string name = i < outputNames.size() ? outputNames[i] : "";
      if (name.empty())
        name = ret->getOperand(i)->getName().str();
      outputValueNames.push_back(name.empty() ? "output" + llvm::utostr(i) : name);
    }
  nameByOrigin(inputTypes, inputNames);
  nameByOrigin(outputTypes, outputValueNames);

  DimNaming naming;
  naming.names = names;
  llvm::SmallVector<ir::Type, 16> all(inputTypes.begin(), inputTypes.end());
  all.append(outputTypes.begin(), outputTypes.end());
  naming.rangesJSON = formatRanges(all);
  return naming;
}

} // namespace

llvm::Expected<AxisName> parseDimName(llvm::StringRef text) {
  AxisName result;
  result.spelling = text.str();
  auto [target, name] = text.split('=');
  if (target.empty() || name.empty())
    return makeError("--dim-name " + text + ": expected INPUT.AXIS=NAME or SYMBOL=NAME");
  result.name = name.str();
  size_t dot = target.rfind('.');
  if (dot == llvm::StringRef::npos) {
    result.input = target.str();
    result.bySymbol = true;
    return result;
  }
  llvm::StringRef axis = target.substr(dot + 1);
  result.input = target.substr(0, dot).str();
  if (result.input.empty() || axis.getAsInteger(10, result.axis))
    return makeError("--dim-name " + text + ": expected INPUT.AXIS=NAME, AXIS a number, got '" +
                     target + "'");
  return result;
}

llvm::Expected<DimNaming> nameDims(const ir::Module &module, const ir::Block &mainBody,
                                   llvm::ArrayRef<std::string> inputNames,
                                   llvm::ArrayRef<std::string> outputNames,
                                   llvm::ArrayRef<AxisName> userNames) {
  return DimNamer(module, mainBody, inputNames, outputNames).run(userNames);
}

std::string renameSymbols(llvm::StringRef text, const llvm::StringMap<std::string> &names) {
  if (names.empty())
    return text.str();
  // Symbols are the identifiers of the printed text; rename whole ones.
  std::string renamed;
  auto isIdentChar = [&](size_t j) { return llvm::isAlnum(text[j]) || text[j] == '_'; };
  for (size_t i = 0, e = text.size(); i != e;) {
    if (!isIdentChar(i)) {
      renamed += text[i++];
      continue;
    }
    size_t end = i;
    while (end != e && isIdentChar(end))
      ++end;
    llvm::StringRef token = text.slice(i, end);
    auto it = names.find(token);
    renamed += it == names.end() ? token.str() : it->second;
    i = end;
  }
  return renamed;
}

} // namespace pt2onnx::onnx_backend
