//===- CustomOpTable.cpp - Reading and checking a custom-ops table ----------===//
//
// Everything that can be checked without the program is checked here, so
// that a wrong table fails before the program is read: the keys, each
// entry's fields and their JSON types, and the function files, which must
// parse, verify and hold one graph whose types name no symbol (a symbol is
// the program's; `?` is a dim that may be anything).
//
//===----------------------------------------------------------------------===//

#include "lowering/CustomOpTable.h"

#include "ir/Diagnostic.h"
#include "ir/Module.h"
#include "ir/Parser.h"
#include "ir/Verifier.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

namespace pt2onnx::lowering {

using json = nlohmann::json;

std::string CustomOpEntry::place(llvm::StringRef field) const {
  return field.empty() ? key : key + "." + field.str();
}

const CustomOpEntry *CustomOpTable::lookup(llvm::StringRef opName) const {
  const CustomOpEntry *byBase = nullptr;
  for (const CustomOpEntry &entry : entries) {
    if (entry.exact && entry.opName == opName)
      return &entry;
    if (!entry.exact && opName.startswith(entry.opName) &&
        !opName.drop_front(entry.opName.size()).contains('.'))
      byBase = &entry;
  }
  return byBase;
}

namespace {

bool isIdentifier(llvm::StringRef s) {
  return !s.empty() && !llvm::isDigit(s.front()) &&
         llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

const char *jsonTypeName(const json &value) {
  if (value.is_boolean())
    return "a boolean";
  if (value.is_number_integer())
    return "an integer";
  if (value.is_number())
    return "a number";
  if (value.is_string())
    return "a string";
  if (value.is_array())
    return "an array";
  if (value.is_object())
    return "an object";
  return "null";
}

/// Reads one entry; errors name the table, the entry and the field.
class EntryReader {
public:
  EntryReader(llvm::StringRef tablePath, CustomOpEntry &entry)
      : tablePath(tablePath), entry(entry) {}

  llvm::Error read(const json &object);

private:
  llvm::Error fail(llvm::StringRef field, const llvm::Twine &reason) const {
    return ir::makeLocatedError(tablePath, entry.place(field), reason);
  }
  llvm::Error wrongType(llvm::StringRef field, const json &value, llvm::StringRef expected) const {
    return fail(field, "expected " + expected + ", got " + jsonTypeName(value));
  }
  llvm::Error readString(const json &object, llvm::StringRef field, std::string &out) const;
  llvm::Error readDefaults(const json &value);
  llvm::Error readNodeForm(const json &object);
  llvm::Error readFunctionForm(const json &object);
  llvm::Error readFunctionFile(llvm::StringRef file);
  llvm::Error readDomain(const json &object, llvm::StringRef defaultDomain);

  llvm::StringRef tablePath;
  CustomOpEntry &entry;
};

llvm::Error EntryReader::readString(const json &object, llvm::StringRef field,
                                    std::string &out) const {
  const json &value = object.at(field.str());
  if (!value.is_string())
    return wrongType(field, value, "a string");
  out = value.get<std::string>();
  return llvm::Error::success();
}

/// A JSON value as the attribute the frontend would have imported for a
/// constant argument of that value.
std::optional<ir::Attribute> attributeOf(const json &value) {
  if (value.is_boolean())
    return ir::Attribute::boolean(value.get<bool>());
  if (value.is_number_integer())
    return ir::Attribute::integer(value.get<int64_t>());
  if (value.is_number())
    return ir::Attribute::floating(value.get<double>());
  if (value.is_string())
    return ir::Attribute::string(value.get<std::string>());
  if (!value.is_array())
    return std::nullopt;
  if (llvm::all_of(value, [](const json &v) { return v.is_number_integer(); })) {
    std::vector<int64_t> ints;
    for (const json &v : value)
      ints.push_back(v.get<int64_t>());
    return ir::Attribute::intList(ints);
  }
  if (llvm::all_of(value, [](const json &v) { return v.is_number(); })) {
    std::vector<double> floats;
    for (const json &v : value)
      floats.push_back(v.get<double>());
    return ir::Attribute::floatList(floats);
  }
  if (llvm::all_of(value, [](const json &v) { return v.is_string(); })) {
    std::vector<std::string> strings;
    for (const json &v : value)
      strings.push_back(v.get<std::string>());
    return ir::Attribute::stringList(strings);
  }
  if (llvm::all_of(value, [](const json &v) { return v.is_boolean(); })) {
    std::vector<ir::Attribute> bools;
    for (const json &v : value)
      bools.push_back(ir::Attribute::boolean(v.get<bool>()));
    return ir::Attribute::list(std::move(bools));
  }
  return std::nullopt;
}

llvm::Error EntryReader::readDefaults(const json &value) {
  if (!value.is_object())
    return wrongType("defaults", value, "an object mapping arguments to values");
  for (const auto &[name, item] : value.items()) {
    std::optional<ir::Attribute> attr = attributeOf(item);
    if (!attr)
      return fail("defaults." + name,
                  llvm::Twine("expected a boolean, number, string or a list of one of them, got ") +
                      jsonTypeName(item));
    entry.defaults.push_back({name, std::move(*attr)});
  }
  return llvm::Error::success();
}

/// `domain`, `op_type` and `version`. The default domain (`""` or
/// `ai.onnx`) and `ai.onnx.ml` are imported at the versions of --opset, so
/// they take no version.
llvm::Error EntryReader::readDomain(const json &object, llvm::StringRef defaultDomain) {
  entry.domain = defaultDomain.str();
  if (object.contains("domain"))
    if (llvm::Error err = readString(object, "domain", entry.domain))
      return err;
  if (entry.domain == "ai.onnx")
    entry.domain.clear();
  if (object.contains("op_type"))
    if (llvm::Error err = readString(object, "op_type", entry.opType))
      return err;
  if (entry.opType.empty() || llvm::StringRef(entry.opType).contains('.'))
    return fail("op_type", "'" + entry.opType + "' is not an ONNX op type (a name without dots)");
  if (object.contains("version")) {
    const json &version = object.at("version");
    if (!version.is_number_integer() || version.get<int64_t>() < 1)
      return fail("version", llvm::Twine("expected a positive integer, got ") +
                                 (version.is_number_integer() ? version.dump().c_str()
                                                              : jsonTypeName(version)));
    if (entry.domain.empty() || entry.domain == "ai.onnx.ml")
      return fail("version", "the domain '" + entry.domain +
                                 "' is imported at the version of --opset; leave 'version' out");
    entry.version = version.get<int64_t>();
  }
  return llvm::Error::success();
}

llvm::Error EntryReader::readNodeForm(const json &object) {
  for (llvm::StringRef required : {"domain", "op_type"})
    if (!object.contains(required.str()))
      return fail("", "a node entry needs '" + required +
                          "' (or 'function' for a body in textual IR)");
  if (llvm::Error err = readDomain(object, ""))
    return err;
  if (object.contains("inputs")) {
    const json &inputs = object.at("inputs");
    if (!inputs.is_array())
      return wrongType("inputs", inputs, "an array of argument names");
    for (size_t i = 0; i != inputs.size(); ++i) {
      if (!inputs[i].is_string())
        return wrongType("inputs[" + std::to_string(i) + "]", inputs[i], "an argument name");
      entry.inputs.push_back(inputs[i].get<std::string>());
    }
  }
  if (object.contains("attributes")) {
    const json &attributes = object.at("attributes");
    if (!attributes.is_object())
      return wrongType("attributes", attributes,
                       "an object mapping ONNX attributes to argument names");
    for (const auto &[name, argument] : attributes.items()) {
      if (!argument.is_string())
        return wrongType("attributes." + name, argument, "an argument name");
      entry.attributes.emplace_back(name, argument.get<std::string>());
    }
  }
  return llvm::Error::success();
}

llvm::Error EntryReader::readFunctionFile(llvm::StringRef file) {
  llvm::SmallString<128> full;
  if (llvm::sys::path::is_absolute(file)) {
    full = file;
  } else {
    full = llvm::sys::path::parent_path(tablePath);
    llvm::sys::path::append(full, file);
  }
  entry.functionPath = std::string(full);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(full, /*IsText=*/true);
  if (!buffer)
    return fail("function", "cannot read '" + entry.functionPath +
                                "': " + buffer.getError().message());
  entry.functionText = (*buffer)->getBuffer().str();
  llvm::Expected<std::unique_ptr<ir::Module>> module =
      ir::parseModule(entry.functionText, entry.functionPath);
  if (!module)
    return module.takeError();
  if (llvm::Error err = ir::verifyModule(**module))
    return ir::makeLocatedError(entry.functionPath, "",
                                "the function is invalid: " + llvm::toString(std::move(err)));
  llvm::SmallVector<ir::Operation *, 1> graphs;
  for (ir::Operation &op : (*module)->getBody())
    if (op.isa(ir::builtin::kGraph))
      graphs.push_back(&op);
  if (graphs.size() != 1)
    return ir::makeLocatedError(entry.functionPath, "",
                                "expected one ir.graph, the function, found " +
                                    llvm::Twine(graphs.size()));
  ir::Block &body = ir::Module::getGraphBody(graphs.front());
  auto namesSymbol = [](const ir::Type &type) {
    if (type.getKind() == ir::Type::Kind::SymInt)
      return static_cast<bool>(type.getSymValue());
    return type.isTensor() && type.isRanked() &&
           llvm::any_of(type.getShape(), [](const ir::Dim &d) { return d.isSymbolic(); });
  };
  std::string symbolic;
  graphs.front()->walk([&](ir::Operation *op) {
    for (const ir::OpResult &result : op->getResults())
      if (symbolic.empty() && namesSymbol(result.getType()))
        symbolic = result.getType().str();
  });
  for (const std::unique_ptr<ir::BlockArgument> &arg : body.getArguments()) {
    if (arg->getName().empty())
      return ir::makeLocatedError(entry.functionPath, "",
                                  "argument #" + llvm::Twine(arg->getIndex()) +
                                      " of the function has no name; arguments bind to the "
                                      "op's arguments by name");
    if (symbolic.empty() && namesSymbol(arg->getType()))
      symbolic = arg->getType().str();
    entry.functionArguments.push_back({arg->getName().str(), arg->getType()});
  }
  if (!symbolic.empty())
    return ir::makeLocatedError(entry.functionPath, "",
                                "the type " + symbolic +
                                    " names a symbol; a function's dims are static or '?'");
  for (unsigned i = 0, e = body.back()->getNumOperands(); i != e; ++i)
    entry.functionResults.push_back(body.back()->getOperand(i)->getType());
  if (entry.opType.empty()) {
    const ir::Attribute *name = graphs.front()->getAttr("sym_name");
    entry.opType = name ? name->getString().str() : "";
  }
  return llvm::Error::success();
}

llvm::Error EntryReader::readFunctionForm(const json &object) {
  std::string file;
  if (llvm::Error err = readString(object, "function", file))
    return err;
  if (object.contains("as_function")) {
    const json &flag = object.at("as_function");
    if (!flag.is_boolean())
      return wrongType("as_function", flag, "a boolean");
    entry.asFunction = flag.get<bool>();
  }
  if (!entry.asFunction)
    for (llvm::StringRef field : {"domain", "op_type", "version"})
      if (object.contains(field.str()))
        return fail(field, "names the ONNX local function: only with \"as_function\": true");
  if (llvm::Error err = readFunctionFile(file))
    return err;
  if (!entry.asFunction)
    return llvm::Error::success();
  // The function is named after the graph unless the entry says otherwise,
  // in a domain named after the op's namespace.
  llvm::StringRef ns = llvm::StringRef(entry.key).split("::").first;
  if (llvm::Error err = readDomain(object, ns))
    return err;
  if (entry.domain.empty() || entry.domain == "ai.onnx.ml")
    return fail("domain", "a local function needs a domain of its own, not '" + entry.domain + "'");
  return llvm::Error::success();
}

llvm::Error EntryReader::read(const json &object) {
  if (!object.is_object())
    return wrongType("", object, "an object");
  static constexpr llvm::StringLiteral kNodeKeys[] = {"attributes", "defaults", "domain",
                                                      "inputs",     "op_type",  "version"};
  static constexpr llvm::StringLiteral kFunctionKeys[] = {
      "as_function", "defaults", "domain", "function", "op_type", "version"};
  bool isFunction = object.contains("function");
  llvm::ArrayRef<llvm::StringLiteral> known =
      isFunction ? llvm::ArrayRef(kFunctionKeys) : llvm::ArrayRef(kNodeKeys);
  for (const auto &item : object.items())
    if (!llvm::is_contained(known, item.key()))
      return fail(item.key(), llvm::Twine("unknown key; ") +
                                  (isFunction ? "a function entry" : "a node entry") +
                                  " has " + llvm::join(known.begin(), known.end(), ", "));
  if (object.contains("defaults"))
    if (llvm::Error err = readDefaults(object.at("defaults")))
      return err;
  return isFunction ? readFunctionForm(object) : readNodeForm(object);
}

/// The line and column (1-based) of byte `offset` of `text`.
ir::LocatedError::LineColumn lineColumnOf(llvm::StringRef text, size_t offset) {
  llvm::StringRef before = text.take_front(offset);
  unsigned line = 1 + before.count('\n');
  size_t lineStart = before.rfind('\n');
  unsigned column = lineStart == llvm::StringRef::npos ? offset + 1 : offset - lineStart;
  return {line, column};
}

} // namespace

llvm::Expected<CustomOpTable> CustomOpTable::load(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return ir::makeLocatedError(path, "", "cannot read: " + buffer.getError().message());
  return parse((*buffer)->getBuffer(), path);
}

llvm::Expected<CustomOpTable> CustomOpTable::parse(llvm::StringRef text, llvm::StringRef path) {
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::parse_error &error) {
    ir::LocatedError::LineColumn at =
        lineColumnOf(text, error.byte == 0 ? 0 : size_t(error.byte) - 1);
    llvm::StringRef what(error.what());
    // nlohmann's message: `[json.exception.parse_error.101] parse error at
    // line 1, column 2: REASON`; the place is ours.
    size_t colon = what.find(": ");
    return ir::makeTextError(path, at.line, at.column,
                             "invalid JSON: " + (colon == llvm::StringRef::npos
                                                     ? what
                                                     : what.drop_front(colon + 2)));
  }
  if (!root.is_object())
    return ir::makeLocatedError(path, "",
                                llvm::Twine("expected an object keyed by op names, got ") +
                                    jsonTypeName(root));
  CustomOpTable table;
  table.path = path.str();
  for (const auto &[key, value] : root.items()) {
    CustomOpEntry entry;
    entry.key = key;
    auto [ns, rest] = llvm::StringRef(key).split("::");
    auto [name, overload] = rest.split('.');
    if (!isIdentifier(ns) || !isIdentifier(name) || (rest.contains('.') && !isIdentifier(overload)))
      return ir::makeLocatedError(path, key,
                                  "expected 'namespace::name' or 'namespace::name.overload'");
    entry.exact = rest.contains('.');
    entry.opName = (ns + "." + name + "." + overload).str();
    if (llvm::Error err = EntryReader(path, entry).read(value))
      return err;
    table.entries.push_back(std::move(entry));
  }
  // A model imports a domain at one version.
  llvm::StringMap<const CustomOpEntry *> byDomain;
  for (const CustomOpEntry &entry : table.entries) {
    if (entry.domain.empty() || entry.domain == "ai.onnx.ml" ||
        (entry.isFunction() && !entry.asFunction))
      continue;
    auto [it, inserted] = byDomain.try_emplace(entry.domain, &entry);
    if (!inserted && it->second->version != entry.version)
      return ir::makeLocatedError(path, entry.place("version"),
                                  "the domain '" + entry.domain + "' is imported at version " +
                                      llvm::Twine(it->second->version) + " by " +
                                      it->second->key);
  }
  return table;
}

} // namespace pt2onnx::lowering
