//===- Pass.cpp - Pass options, statistics and the registry -----------------===//

#include "ir/pass/Pass.h"

#include "ir/Diagnostic.h"
#include "ir/Verifier.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::pass {

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

llvm::StringRef getTypeName(PassOptionInfo::Type type) {
  switch (type) {
  case PassOptionInfo::Type::Bool:
    return "bool";
  case PassOptionInfo::Type::Int:
    return "int";
  case PassOptionInfo::Type::String:
    return "string";
  }
  llvm_unreachable("unknown option type");
}

namespace {
std::optional<bool> parseBool(llvm::StringRef v) {
  if (v == "1" || v == "true")
    return true;
  if (v == "0" || v == "false")
    return false;
  return std::nullopt;
}
} // namespace

PassOptions::PassOptions(const PassInfo &info) : info(info) {
  for (const PassOptionInfo &option : info.options)
    values[option.key] = option.defaultValue;
}

llvm::Error PassOptions::set(llvm::StringRef key, llvm::StringRef value) {
  const PassOptionInfo *option = info.lookupOption(key);
  if (!option)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "pass '" + info.name + "' has no option '" + key + "'");
  int64_t integer;
  if (option->type == PassOptionInfo::Type::Int && value.getAsInteger(10, integer))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "option '" + key + "' expects an integer, got '" + value + "'");
  if (option->type == PassOptionInfo::Type::Bool && !parseBool(value))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "option '" + key + "' expects 0, 1, true or false, got '" +
                                       value + "'");
  values[key] = value.str();
  return llvm::Error::success();
}

bool PassOptions::getBool(llvm::StringRef key) const {
  assert(info.lookupOption(key) && info.lookupOption(key)->type == PassOptionInfo::Type::Bool);
  return *parseBool(values.lookup(key));
}

int64_t PassOptions::getInt(llvm::StringRef key) const {
  assert(info.lookupOption(key) && info.lookupOption(key)->type == PassOptionInfo::Type::Int);
  int64_t v = 0;
  llvm::StringRef(values.find(key)->second).getAsInteger(10, v);
  return v;
}

llvm::StringRef PassOptions::getString(llvm::StringRef key) const {
  assert(info.lookupOption(key) && "undeclared option");
  return values.find(key)->second;
}

//===----------------------------------------------------------------------===//
// Statistics and errors
//===----------------------------------------------------------------------===//

void Pass::addStatistic(llvm::StringRef name, int64_t delta) { statistics[name] += delta; }

const llvm::StringMap<int64_t> &Pass::getStatistics() const { return statistics; }

char ProgramError::ID = 0;

void ProgramError::log(llvm::raw_ostream &os) const {
  if (!place.empty())
    os << place << ": ";
  os << reason;
}

llvm::Error makeProgramError(const llvm::Twine &reason) {
  return llvm::make_error<ProgramError>("", reason.str());
}

llvm::Error makeProgramError(const ir::Operation &op, const llvm::Twine &reason) {
  return llvm::make_error<ProgramError>(ir::describeOp(op), reason.str());
}

llvm::Error locateProgramErrors(llvm::Error err, llvm::StringRef input) {
  return llvm::handleErrors(std::move(err), [&](const ProgramError &e) {
    return ir::makeLocatedError(input, e.getPlace(), e.getReason());
  });
}

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

const PassOptionInfo *PassInfo::lookupOption(llvm::StringRef key) const {
  auto it = llvm::find_if(options, [&](const PassOptionInfo &o) { return o.key == key; });
  return it == options.end() ? nullptr : &*it;
}

namespace {
llvm::StringMap<PassInfo> &registry() {
  static llvm::StringMap<PassInfo> passes;
  return passes;
}
} // namespace

void registerPass(PassInfo info) {
  std::string name = info.name;
  registry()[name] = std::move(info);
}

std::vector<const PassInfo *> getRegisteredPasses() {
  std::vector<const PassInfo *> out;
  for (const auto &entry : registry())
    out.push_back(&entry.getValue());
  llvm::sort(out, [](const PassInfo *a, const PassInfo *b) { return a->name < b->name; });
  return out;
}

const PassInfo *lookupPass(llvm::StringRef name) {
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : &it->getValue();
}

void printRegisteredPasses(llvm::raw_ostream &os) {
  // Names and option spellings in one column, as mlir-opt's --help does.
  constexpr size_t kColumn = 34;
  auto padded = [&](size_t indent, const std::string &text) {
    os.indent(indent) << text;
    os.indent(indent + text.size() < kColumn ? kColumn - indent - text.size() : 1);
  };
  for (const PassInfo *info : getRegisteredPasses()) {
    padded(2, info->name);
    os << info->summary << '\n';
    for (const PassOptionInfo &option : info->options) {
      padded(6, option.key + "=<" + getTypeName(option.type).str() + ">");
      os << option.help << " (default: "
         << (option.defaultValue.empty() ? std::string("\"\"") : option.defaultValue) << ")\n";
    }
  }
}

} // namespace pt2onnx::pass
