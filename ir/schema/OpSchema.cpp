//===- OpSchema.cpp - Parsing torchgen's schema grammar --------------------===//
//
// The parser reads a schema as torch prints it, in one pass over views of
// the string: the argument list and the returns are split at commas outside
// brackets and quotes, then each item is read as `type name=default`. Default
// values are typed afterwards from the argument's type; torch prints enum
// defaults (ScalarType, MemoryFormat) as their c10 codes, which are mapped
// here to the importer's spellings of those values.
//
//===----------------------------------------------------------------------===//

#include "ir/schema/OpSchema.h"

#include "ir/DType.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <string>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::schema;

namespace {

Error parseError(StringRef key, StringRef schema, const Twine &what) {
  return createStringError(inconvertibleErrorCode(),
                           "schema of '" + key + "' (" + schema + "): " + what);
}

/// Splits `text` at the commas outside brackets, parentheses and quotes,
/// trimming each piece.
SmallVector<StringRef, 8> splitTopLevel(StringRef text) {
  SmallVector<StringRef, 8> pieces;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      --depth;
    } else if (c == ',' && depth == 0) {
      pieces.push_back(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  StringRef last = text.substr(start).trim();
  if (!last.empty() || !pieces.empty())
    pieces.push_back(last);
  return pieces;
}

/// The position of the bracket closing the one at `open`, or npos.
size_t matchingClose(StringRef text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(' || text[i] == '[')
      ++depth;
    else if ((text[i] == ')' || text[i] == ']') && --depth == 0)
      return i;
  }
  return StringRef::npos;
}

/// The end of the type that starts `item`: the first space outside
/// parentheses (alias annotations such as `(a -> *)` hold spaces).
size_t typeEnd(StringRef item) {
  int depth = 0;
  for (size_t i = 0; i < item.size(); ++i) {
    if (item[i] == '(')
      ++depth;
    else if (item[i] == ')')
      --depth;
    else if (item[i] == ' ' && depth == 0)
      return i;
  }
  return item.size();
}

BaseType baseTypeOf(StringRef name) {
  return StringSwitch<BaseType>(name)
      .Case("Tensor", BaseType::Tensor)
      .Case("Scalar", BaseType::Scalar)
      .Case("int", BaseType::Int)
      .Case("SymInt", BaseType::SymInt)
      .Case("float", BaseType::Float)
      .Case("SymFloat", BaseType::SymFloat)
      .Case("bool", BaseType::Bool)
      .Case("SymBool", BaseType::SymBool)
      .Case("str", BaseType::Str)
      .Case("ScalarType", BaseType::ScalarType)
      .Case("Layout", BaseType::Layout)
      .Case("Device", BaseType::Device)
      .Case("MemoryFormat", BaseType::MemoryFormat)
      .Case("Generator", BaseType::Generator)
      .Case("Dimname", BaseType::Dimname)
      .Case("Storage", BaseType::Storage)
      .Case("Stream", BaseType::Stream)
      .Default(BaseType::Other);
}

AliasInfo parseAlias(StringRef text) {
  AliasInfo info;
  auto [before, after] = text.split("->");
  info.isWrite = before.contains('!');
  auto readSets = [](StringRef sets, SmallVectorImpl<StringRef> &out) {
    SmallVector<StringRef, 2> names;
    sets.split(names, '|');
    for (StringRef n : names)
      out.push_back(n.trim().rtrim('!').trim());
  };
  readSets(before, info.beforeSets);
  if (text.contains("->"))
    readSets(after, info.afterSets);
  else
    info.afterSets = info.beforeSets;
  return info;
}

/// Reads a type such as `Tensor(a!)`, `Tensor?[]` or `SymInt[2]?`.
Error parseType(StringRef spelling, SchemaType &type, std::optional<AliasInfo> &alias,
                StringRef key, StringRef schema) {
  type.spelling = spelling;
  size_t baseEnd = spelling.find_first_of("([?");
  StringRef baseName = spelling.substr(0, baseEnd);
  if (baseName.empty())
    return parseError(key, schema, "no type in '" + spelling + "'");
  type.base = baseTypeOf(baseName);
  StringRef rest = spelling.substr(std::min(baseEnd, spelling.size()));
  if (rest.startswith("(")) {
    size_t close = matchingClose(rest, 0);
    if (close == StringRef::npos)
      return parseError(key, schema, "unclosed '(' in '" + spelling + "'");
    if (type.base == BaseType::Tensor)
      alias = parseAlias(rest.slice(1, close));
    rest = rest.substr(close + 1);
  }
  bool questionBeforeList = false;
  while (!rest.empty()) {
    if (rest.consume_front("?")) {
      if (type.isList)
        type.optional = true;
      else
        questionBeforeList = true;
      continue;
    }
    if (!rest.consume_front("["))
      return parseError(key, schema, "unexpected '" + rest + "' in type '" + spelling + "'");
    size_t close = rest.find(']');
    if (close == StringRef::npos)
      return parseError(key, schema, "unclosed '[' in type '" + spelling + "'");
    if (close != 0 && rest.substr(0, close).getAsInteger(10, type.listSize))
      return parseError(key, schema, "bad list size in type '" + spelling + "'");
    type.isList = true;
    type.elementOptional = questionBeforeList;
    questionBeforeList = false;
    rest = rest.substr(close + 1);
  }
  if (questionBeforeList)
    type.optional = true;
  return Error::success();
}

/// c10::ScalarType codes, as torch prints a ScalarType default.
std::optional<ir::DType> dtypeOfScalarTypeCode(int64_t code) {
  using ir::DType;
  // Indexed by code; ComplexHalf (8) and the quantized types (12-14) have no
  // DType.
  static constexpr std::optional<DType> dtypes[] = {
      DType::UInt8, DType::Int8,      DType::Int16,      DType::Int32,
      DType::Int64, DType::Float16,   DType::Float32,    DType::Float64,
      std::nullopt, DType::Complex64, DType::Complex128, DType::Bool,
      std::nullopt, std::nullopt,     std::nullopt,      DType::BFloat16};
  return code >= 0 && code < int64_t(std::size(dtypes)) ? dtypes[code] : std::nullopt;
}

/// c10::MemoryFormat codes, as torch prints a MemoryFormat default, to the
/// names the importer gives memory formats.
StringRef memoryFormatOfCode(int64_t code) {
  static constexpr StringLiteral names[] = {"torch.contiguous_format", "torch.preserve_format",
                                            "torch.channels_last", "torch.channels_last_3d"};
  return code >= 0 && code < int64_t(std::size(names)) ? StringRef(names[code]) : StringRef();
}

std::optional<bool> parseBool(StringRef text) {
  if (text == "True")
    return true;
  if (text == "False")
    return false;
  return std::nullopt;
}

std::optional<std::string> unquote(StringRef text) {
  if (text.size() < 2 || (text.front() != '"' && text.front() != '\'') ||
      text.back() != text.front())
    return std::nullopt;
  std::string out;
  StringRef body = text.drop_front().drop_back();
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 1 < body.size())
      ++i;
    out += body[i];
  }
  return out;
}

/// The default `text` of an argument of type `type` as an attribute, or none
/// when it has no attribute form.
std::optional<ir::Attribute> typedDefault(const SchemaType &type, StringRef text) {
  if (text == "None")
    return ir::Attribute::unit();
  if (type.isList) {
    SmallVector<StringRef, 4> items;
    if (text.consume_front("[") && text.consume_back("]"))
      items = splitTopLevel(text);
    else
      items.assign(std::max(type.listSize, 1u), text);
    switch (type.base) {
    case BaseType::Int:
    case BaseType::SymInt: {
      SmallVector<int64_t, 4> ints;
      for (StringRef item : items)
        if (item.getAsInteger(10, ints.emplace_back()))
          return std::nullopt;
      return ir::Attribute::intList(ints);
    }
    case BaseType::Float: {
      SmallVector<double, 4> floats;
      for (StringRef item : items)
        if (item.getAsDouble(floats.emplace_back()))
          return std::nullopt;
      return ir::Attribute::floatList(floats);
    }
    case BaseType::Bool: {
      std::vector<ir::Attribute> bools;
      for (StringRef item : items) {
        std::optional<bool> b = parseBool(item);
        if (!b)
          return std::nullopt;
        bools.push_back(ir::Attribute::boolean(*b));
      }
      return ir::Attribute::list(std::move(bools));
    }
    default:
      return std::nullopt;
    }
  }
  int64_t i;
  double d;
  switch (type.base) {
  case BaseType::Bool:
  case BaseType::SymBool:
    if (std::optional<bool> b = parseBool(text))
      return ir::Attribute::boolean(*b);
    return std::nullopt;
  case BaseType::Int:
  case BaseType::SymInt:
    return text.getAsInteger(10, i) ? std::nullopt : std::optional(ir::Attribute::integer(i));
  case BaseType::Float:
  case BaseType::SymFloat:
    return text.getAsDouble(d) ? std::nullopt : std::optional(ir::Attribute::floating(d));
  case BaseType::Scalar:
    if (!text.getAsInteger(10, i))
      return ir::Attribute::integer(i);
    if (!text.getAsDouble(d))
      return ir::Attribute::floating(d);
    if (std::optional<bool> b = parseBool(text))
      return ir::Attribute::boolean(*b);
    return std::nullopt;
  case BaseType::Str:
    if (std::optional<std::string> s = unquote(text))
      return ir::Attribute::string(*s);
    return std::nullopt;
  case BaseType::ScalarType:
    if (text.getAsInteger(10, i))
      return std::nullopt;
    if (std::optional<ir::DType> t = dtypeOfScalarTypeCode(i))
      return ir::Attribute::dtype(*t);
    return std::nullopt;
  case BaseType::MemoryFormat:
    if (text.getAsInteger(10, i) || memoryFormatOfCode(i).empty())
      return std::nullopt;
    return ir::Attribute::string(memoryFormatOfCode(i));
  default:
    return std::nullopt;
  }
}

bool sharesSet(const AliasInfo &a, const AliasInfo &b) {
  return any_of(a.beforeSets,
                [&](StringRef s) { return s != "*" && is_contained(b.beforeSets, s); });
}

/// torchgen's classification, from the alias annotations alone.
SchemaKind classify(ArrayRef<SchemaArgument> args, ArrayRef<SchemaReturn> returns) {
  bool anyWritten = false, onlyKwargsWritten = true, onlyFirstWritten = true;
  for (const auto &[index, arg] : enumerate(args)) {
    if (!arg.isWritten())
      continue;
    anyWritten = true;
    onlyKwargsWritten &= arg.kwargOnly;
    onlyFirstWritten &= index == 0;
  }
  if (anyWritten) {
    if (onlyKwargsWritten)
      return SchemaKind::Out;
    return onlyFirstWritten ? SchemaKind::InPlace : SchemaKind::Mutable;
  }
  for (const SchemaReturn &ret : returns)
    for (const SchemaArgument &arg : args)
      if (ret.alias && arg.alias && sharesSet(*ret.alias, *arg.alias))
        return SchemaKind::View;
  return SchemaKind::Functional;
}

} // namespace

Expected<OpSchema> OpSchema::parse(StringRef key, StringRef schemaString) {
  OpSchema op;
  op.key = key;
  op.schemaString = schemaString;
  op.ns = key.split('.').first;

  size_t open = schemaString.find('(');
  if (open == StringRef::npos)
    return parseError(key, schemaString, "no argument list");
  std::tie(op.name, op.overload) = schemaString.substr(0, open).split('.');
  if (op.overload.empty())
    op.overload = "default";
  if (key != (op.ns + "." + op.name + "." + op.overload).str())
    return parseError(key, schemaString, "the schema names another operator");

  size_t close = matchingClose(schemaString, open);
  if (close == StringRef::npos)
    return parseError(key, schemaString, "unclosed argument list");
  bool kwargOnly = false;
  for (StringRef item : splitTopLevel(schemaString.slice(open + 1, close))) {
    if (item == "*") {
      kwargOnly = true;
      continue;
    }
    if (item == "...") {
      op.vararg = true;
      continue;
    }
    SchemaArgument &arg = op.arguments.emplace_back();
    size_t end = typeEnd(item);
    if (Error e = parseType(item.substr(0, end), arg.type, arg.alias, key, schemaString))
      return e;
    std::tie(arg.name, arg.defaultSpelling) = item.substr(end).trim().split('=');
    if (arg.name.empty())
      return parseError(key, schemaString, "argument '" + item + "' has no name");
    arg.kwargOnly = kwargOnly;
    if (arg.hasDefault())
      arg.defaultValue = typedDefault(arg.type, arg.defaultSpelling);
  }

  StringRef results = schemaString.substr(close + 1);
  if (!results.consume_front(" -> "))
    return parseError(key, schemaString, "no ' -> ' before the returns");
  SmallVector<StringRef, 2> items;
  if (results.startswith("(") && matchingClose(results, 0) == results.size() - 1)
    items = splitTopLevel(results.drop_front().drop_back());
  else
    items.push_back(results);
  for (StringRef item : items) {
    SchemaReturn &ret = op.returns.emplace_back();
    size_t end = typeEnd(item);
    if (Error e = parseType(item.substr(0, end), ret.type, ret.alias, key, schemaString))
      return e;
    ret.name = item.substr(end).trim();
  }
  op.kind = classify(op.arguments, op.returns);
  return op;
}

OpSchema OpSchema::withoutSchema(StringRef key, OpOrigin origin) {
  OpSchema op;
  op.key = key;
  op.origin = origin;
  std::tie(op.ns, op.name) = key.split('.');
  return op;
}

void OpSchema::setTableFacts(uint32_t tagBits, bool isCia, bool decomposition,
                             bool defaultDecomposition, StringRef functionalTwinKey) {
  tags = tagBits;
  cia = isCia;
  inDecompositionTable = decomposition;
  inDefaultDecompositions = defaultDecomposition;
  twinKey = functionalTwinKey;
}

const SchemaArgument *OpSchema::argument(StringRef argName) const {
  std::optional<unsigned> index = argumentIndex(argName);
  return index ? &arguments[*index] : nullptr;
}

std::optional<unsigned> OpSchema::argumentIndex(StringRef argName) const {
  for (const auto &[index, arg] : enumerate(arguments))
    if (arg.name == argName)
      return unsigned(index);
  return std::nullopt;
}

SmallVector<StringRef, 4> OpSchema::getTagNames() const {
  SmallVector<StringRef, 4> names;
#define PT2ONNX_OP_TAG(NAME, BIT)                                                                  \
  if (hasTag(OpTag::NAME))                                                                         \
    names.push_back(#NAME);
#include "ir/schema/OpTags.def"
  return names;
}
