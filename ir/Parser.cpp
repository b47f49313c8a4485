//===- Parser.cpp - Reading the textual IR ----------------------------------===//
//
// A recursive-descent parser that reads the characters of the buffer
// directly. MLIR's syntax is context sensitive in places (`2x4xf32` is a
// shape inside `tensor<...>`, an identifier elsewhere), so there is no
// separate token stream; small lexing helpers skip trivia and read one
// lexeme at a time without allocating.
//
// Values are resolved as MLIR resolves them: a region sees the names of the
// regions around it; a use before the definition (legal in the text, the
// verifier decides dominance) gets a placeholder value that the definition
// replaces; a name still undefined at the end of the module is an error at
// its first use. Types repeat on almost every line, so each distinct type
// text is parsed once and memoized.
//
// The first error stops the parse; it is reported as
// `<buffer>:<line>:<col>: error: <message>`.
//
//===----------------------------------------------------------------------===//

#include "ir/Parser.h"
#include "ir/TextScan.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <deque>

namespace pt2onnx::ir {

namespace {

/// As in MLIR: a parse function reports its error to the Parser and returns
/// failure, and the callers unwind.
class [[nodiscard]] ParseResult {
public:
  static ParseResult success() { return ParseResult(true); }
  static ParseResult failure() { return ParseResult(false); }
  bool failed() const { return !ok; }

private:
  explicit ParseResult(bool ok) : ok(ok) {}
  bool ok;
};

ParseResult success() { return ParseResult::success(); }
ParseResult failure() { return ParseResult::failure(); }
bool failed(ParseResult r) { return r.failed(); }

bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
/// Character classes, one table lookup each: identifiers are most of what
/// is read outside strings.
enum CharClass : uint8_t { kBareId = 1, kValueName = 2, kTypeId = 4 };
constexpr auto kCharClasses = [] {
  std::array<uint8_t, 256> table{};
  for (unsigned c = 0; c != 256; ++c) {
    bool bare = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '_' || c == '$' || c == '.';
    table[c] = (bare ? kBareId | kValueName | kTypeId : 0) | (c == '-' ? kValueName : 0) |
               (c == '!' ? kTypeId : 0);
  }
  return table;
}();
bool isBareIdChar(char c) { return kCharClasses[static_cast<unsigned char>(c)] & kBareId; }
bool isValueNameChar(char c) { return kCharClasses[static_cast<unsigned char>(c)] & kValueName; }
/// Characters of type keywords and element types: `tensor`, `!torch.symint`,
/// `f8E4M3FN`, `complex`.
bool isTypeIdChar(char c) { return kCharClasses[static_cast<unsigned char>(c)] & kTypeId; }
int hexValue(char c) {
  if (isDigit(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/// The characters that end a run of plain string characters.
constexpr auto kEndsStringRun = [] {
  std::array<bool, 256> table{};
  table['"'] = table['\\'] = table['\n'] = true;
  return table;
}();

size_t countLines(llvm::StringRef text) {
  size_t n = 0;
  for (const char *p = text.begin(), *e = text.end();
       (p = static_cast<const char *>(std::memchr(p, '\n', e - p))); ++p)
    ++n;
  return n;
}

/// Nesting limits, so that hostile input cannot exhaust the stack.
constexpr unsigned kMaxRegionDepth = 200;
constexpr unsigned kMaxAttrDepth = 200;
constexpr unsigned kMaxSymExprParens = 200;
/// A splat literal expands into its full byte size; beyond this it is more
/// likely a typo than a constant.
constexpr uint64_t kMaxSplatBytes = uint64_t(1) << 30;

/// An integer or floating-point literal.
struct NumberLiteral {
  const char *loc = nullptr;
  bool isFloat = false;
  double floatValue = 0;
  bool negative = false;
  bool hex = false;
  uint64_t magnitude = 0;

  /// The value as an int64, if it fits (hex literals are bit patterns).
  std::optional<int64_t> getInt64() const {
    if (hex)
      return negative ? std::nullopt : std::optional<int64_t>(int64_t(magnitude));
    if (negative)
      return magnitude <= uint64_t(1) << 63 ? std::optional<int64_t>(int64_t(0 - magnitude))
                                            : std::nullopt;
    return magnitude < uint64_t(1) << 63 ? std::optional<int64_t>(int64_t(magnitude))
                                         : std::nullopt;
  }
};

/// One `%name` or `%name#N` operand before it is resolved.
struct OperandUse {
  llvm::StringRef name;
  unsigned number = 0;
  const char *loc = nullptr;
};

/// What a name stands for in the open scopes: `count` consecutive results
/// of one op starting at `first`, or one block argument.
struct ValueGroup {
  Value *first = nullptr;
  unsigned count = 0;

  Value *get(unsigned i) const {
    Operation *op = first->getDefiningOp();
    return op ? op->getResult(first->getIndex() + i) : first;
  }
};

/// A use seen before its definition, standing in as a placeholder value.
struct ForwardRef {
  unsigned number;
  Value *placeholder;
  const char *loc;
};

struct DenseLiteral;

class Parser {
public:
  Parser(llvm::StringRef text, llvm::StringRef bufferName, unsigned firstLine)
      : start(text.begin()), cur(text.begin()), end(text.end()), bufferName(bufferName),
        firstLine(firstLine),
        // At most one definition per line (block arguments aside): sized
        // once, the table is never rehashed while a large module is read.
        values(unsigned(std::min<size_t>(countLines(text) + 16, UINT32_MAX / 2))),
        placeholders(nullptr) {}

  llvm::Expected<std::unique_ptr<Module>> parse();

private:
  //===--------------------------------------------------------------------===//
  // Characters
  //===--------------------------------------------------------------------===//

  ParseResult emitError(const char *loc, const llvm::Twine &message);
  ParseResult emitError(const llvm::Twine &message) { return emitError(cur, message); }

  /// Skips whitespace and `//` comments.
  void skipTrivia() {
    // Most calls find a token right away.
    if (cur != end && static_cast<unsigned char>(*cur) > ' ' && *cur != '/')
      return;
    while (cur != end) {
      char c = *cur;
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
        ++cur;
      } else if (c == '/' && cur + 1 != end && cur[1] == '/') {
        while (cur != end && *cur != '\n')
          ++cur;
      } else {
        return;
      }
    }
  }
  /// The next significant character, or 0 at the end.
  char peek() {
    skipTrivia();
    return cur != end ? *cur : 0;
  }
  bool consumeIf(char c) {
    if (peek() != c)
      return false;
    ++cur;
    return true;
  }
  bool consumeIf(llvm::StringRef s) {
    skipTrivia();
    if (!llvm::StringRef(cur, end - cur).startswith(s))
      return false;
    cur += s.size();
    return true;
  }
  ParseResult expect(char c, const llvm::Twine &context) {
    if (consumeIf(c))
      return success();
    return emitExpected(c, context);
  }
  [[gnu::noinline]] ParseResult emitExpected(char c, const llvm::Twine &context) {
    return emitError("expected '" + llvm::Twine(c) + "' " + context);
  }
  ParseResult expect(llvm::StringRef s, const llvm::Twine &context) {
    if (consumeIf(s))
      return success();
    return emitError("expected '" + s + "' " + context);
  }
  /// The bare identifier at the current position, without consuming it.
  llvm::StringRef peekBareId() {
    skipTrivia();
    if (cur == end || !(isLetter(*cur) || *cur == '_'))
      return {};
    const char *p = cur + 1;
    while (p != end && isBareIdChar(*p))
      ++p;
    return llvm::StringRef(cur, p - cur);
  }
  llvm::StringRef lexBareId() {
    llvm::StringRef id = peekBareId();
    cur += id.size();
    return id;
  }
  /// Consumes `kw` when it is the whole identifier at the current position.
  bool consumeKeyword(llvm::StringRef kw) {
    if (peekBareId() != kw)
      return false;
    cur += kw.size();
    return true;
  }
  /// A type keyword or element type name, e.g. `tensor`, `!torch.symint`.
  llvm::StringRef lexTypeId() {
    skipTrivia();
    const char *p = cur;
    while (p != end && isTypeIdChar(*p))
      ++p;
    llvm::StringRef id(cur, p - cur);
    cur = p;
    return id;
  }
  /// Where the type text starting at `p` ends: its identifier and a
  /// balanced `<...>` (strings inside may hold any character). Types are
  /// memoized by this text.
  const char *scanTypeEnd(const char *p) const;

  /// A string literal, decoded. `value` points into the buffer when there is
  /// nothing to decode, else into `storage`.
  ParseResult parseString(llvm::StringRef &value, std::string &storage);
  /// A decoded string and the literal it came from.
  struct DecodedString {
    std::string text;
    llvm::StringRef raw;
  };
  /// The same, but a literal spelled as the one `slot` last decoded (the
  /// same stack trace on op after op) is not decoded again.
  ParseResult parseString(llvm::StringRef &value, DecodedString &slot);
  /// Reads a string literal: `raw` is the text between the quotes, which
  /// needs decoding when `escaped`.
  ParseResult scanString(llvm::StringRef &raw, bool &escaped);
  ParseResult decodeString(llvm::StringRef raw, llvm::StringRef &value, std::string &storage);
  ParseResult parseString(std::string &value) {
    llvm::StringRef ref;
    if (failed(parseString(ref, value)))
      return failure();
    if (ref.data() != value.data())
      value = ref.str();
    return success();
  }
  /// A dictionary key: a bare-id or a string.
  ParseResult parseKey(llvm::StringRef &key, std::string &storage, llvm::StringRef what);
  ParseResult parseNumber(NumberLiteral &out);
  ParseResult parseUnsigned(uint64_t &out, llvm::StringRef what);

  //===--------------------------------------------------------------------===//
  // Types and attributes
  //===--------------------------------------------------------------------===//

  /// A type, owned by the parser: callers copy it where they keep it.
  ParseResult parseType(const Type *&out);
  ParseResult parseType(Type &out) {
    const Type *type;
    if (failed(parseType(type)))
      return failure();
    out = *type;
    return success();
  }
  ParseResult parseTypeUncached(Type &out);
  ParseResult parseTensorType(Type &out);
  ParseResult parseElementType(DType &out);
  ParseResult parseSymExpr(llvm::StringRef text, const char *loc, SymExpr &out);
  ParseResult parseAttribute(Attribute &out, unsigned depth = 0);
  ParseResult parseNumberAttribute(Attribute &out);
  ParseResult parseArrayAttribute(Attribute &out);
  ParseResult parseDenseAttribute(Attribute &out);
  ParseResult parseDenseList(DenseLiteral &literal, unsigned depth);
  ParseResult parseDenseScalar(DenseLiteral &literal, unsigned depth);
  ParseResult parseWeightRef(Attribute &out);
  ParseResult parseResourceHandle(std::string &name);
  ParseResult parseAttrDict(llvm::SmallVectorImpl<NamedAttribute> &attrs, bool isModule);
  ParseResult parseSymbolRanges();
  ParseResult parseLocation(ProvenanceRef &out);

  //===--------------------------------------------------------------------===//
  // Values, operations, regions
  //===--------------------------------------------------------------------===//

  ParseResult parseValueName(llvm::StringRef &name);
  ParseResult parseOperandUse(OperandUse &use);
  ParseResult resolveOperand(const OperandUse &use, const Type &type, Value *&out);
  ParseResult defineValues(llvm::StringRef name, ValueGroup group, const char *loc);
  void pushScope() { scopes.emplace_back(); }
  void popScope() {
    lastDefined = nullptr;
    if (scopes.back().size() == values.size())
      values.clear(); // one sweep instead of an erase per name
    else
      for (llvm::StringRef name : scopes.back())
        values.erase(name);
    scopes.pop_back();
  }
  ParseResult parseFunctionType(llvm::SmallVectorImpl<const Type *> &inputs,
                                llvm::SmallVectorImpl<const Type *> &results);
  ParseResult parseOperation(Block &block);
  ParseResult parseRegion(Region &region, Block *entry = nullptr);
  ParseResult parseModuleOp(Module &module);
  ParseResult parseResourceSection();
  void registerWeights(Module &module);

  const char *start, *cur, *end;
  llvm::StringRef bufferName;
  unsigned firstLine;
  std::string errorMessage;

  SymContext *symbols = nullptr;
  llvm::StringMap<Type> typeCache;
  /// Types whose text was spelled unusually (`!torch.symint <"s0">`).
  std::deque<Type> unkeyedTypes;
  struct RecentType {
    llvm::StringRef text;
    const Type *type = nullptr; // in typeCache, whose values do not move
  };
  RecentType recentTypes[4];
  unsigned nextRecentType = 0;
  /// Interning takes a global lock; names repeat, so remember them here.
  llvm::DenseMap<llvm::StringRef, OperationName> opNames;
  OperationName getOperationName(llvm::StringRef name, const std::string &storage) {
    if (name.data() == storage.data()) // decoded, not in the buffer
      return OperationName::get(name);
    // Runs of one op are common: compare with the last name first.
    if (lastOpName && name == lastOpName->getStringRef())
      return *lastOpName;
    lastOpName = lookupOperationName(name);
    return *lastOpName;
  }
  std::optional<OperationName> lastOpName;
  OperationName lookupOperationName(llvm::StringRef name) {
    auto it = opNames.find(name);
    if (it != opNames.end())
      return it->second;
    OperationName interned = OperationName::get(name);
    opNames.try_emplace(name, interned);
    return interned;
  }

  /// StringMap compares stored hashes before keys: names of a long chain
  /// differ in their last characters only.
  llvm::StringMap<ValueGroup, llvm::BumpPtrAllocator> values;
  /// The text of the last function type read and its types.
  llvm::StringRef lastFunctionType;
  llvm::SmallVector<const Type *, 4> operandTypes, resultTypes;
  /// The text of the last attribute dictionary read and the op it went to.
  llvm::StringRef lastAttrDict;
  const Operation *lastAttrDictOp = nullptr;
  /// The entry of the name defined last, while its scope is open.
  const llvm::StringMapEntry<ValueGroup> *lastDefined = nullptr;
  /// The names each open region defined, erased when it closes.
  llvm::SmallVector<llvm::SmallVector<llvm::StringRef, 0>, 8> scopes;
  /// Uses of names not defined yet. Like MLIR, they stay pending across
  /// scopes until any definition of the name, or the end of the module.
  llvm::DenseMap<llvm::StringRef, llvm::SmallVector<ForwardRef, 1>> forwardRefs;
  /// Forward-reference placeholders are arguments of this detached block,
  /// which unlinks whatever still uses them when the parse fails.
  Block placeholders;
  unsigned regionDepth = 0;

  /// Weights in the order they are first referenced, with the type of that
  /// reference.
  llvm::StringMap<Type> weightTypes;
  std::vector<std::string> weightOrder;
  struct ResourceBlob {
    std::string name;
    std::shared_ptr<std::vector<uint8_t>> data;
  };
  std::vector<ResourceBlob> resources;
  /// Decoded strings of the location being read, reused from op to op.
  std::deque<DecodedString> locStorage;
};

} // namespace

//===----------------------------------------------------------------------===//
// Characters
//===----------------------------------------------------------------------===//

ParseResult Parser::emitError(const char *loc, const llvm::Twine &message) {
  if (!errorMessage.empty())
    return failure();
  unsigned line = firstLine;
  const char *lineStart = start;
  for (const char *p = start; p != loc; ++p)
    if (*p == '\n')
      ++line, lineStart = p + 1;
  errorMessage = (bufferName + ":" + llvm::Twine(line) + ":" + llvm::Twine(loc - lineStart + 1) +
                  ": error: " + message)
                     .str();
  return failure();
}

const char *Parser::scanTypeEnd(const char *p) const {
  while (p != end && isTypeIdChar(*p))
    ++p;
  if (p == end || *p != '<')
    return p;
  unsigned depth = 0;
  while (p != end) {
    char c = *p++;
    if (c == '<') {
      ++depth;
    } else if (c == '>') {
      if (--depth == 0)
        return p;
    } else if (c == '"') {
      while (p != end && *p != '"' && *p != '\n')
        p += (*p == '\\' && p + 1 != end) ? 2 : 1;
      if (p != end)
        ++p;
    }
  }
  return p;
}

ParseResult Parser::parseString(llvm::StringRef &value, std::string &storage) {
  llvm::StringRef raw;
  bool escaped;
  if (failed(scanString(raw, escaped)))
    return failure();
  if (!escaped) {
    value = raw;
    return success();
  }
  return decodeString(raw, value, storage);
}

ParseResult Parser::parseString(llvm::StringRef &value, DecodedString &slot) {
  // The literal `slot` decoded last, spelled again: its content is known to
  // be a whole literal (no unescaped quote, no newline), so matching it and
  // the closing quote is reading it.
  if (!slot.raw.empty() && peek() == '"' && size_t(end - cur) > slot.raw.size() + 1 &&
      cur[slot.raw.size() + 1] == '"' &&
      std::memcmp(cur + 1, slot.raw.data(), slot.raw.size()) == 0) {
    cur += slot.raw.size() + 2;
    value = slot.text;
    return success();
  }
  llvm::StringRef raw;
  bool escaped;
  if (failed(scanString(raw, escaped)))
    return failure();
  if (!escaped) {
    value = raw;
    return success();
  }
  if (raw == slot.raw) {
    value = slot.text;
    return success();
  }
  slot.raw = {};
  if (failed(decodeString(raw, value, slot.text)))
    return failure();
  slot.raw = raw;
  return success();
}

ParseResult Parser::scanString(llvm::StringRef &raw, bool &escaped) {
  if (peek() != '"')
    return emitError("expected string literal");
  const char *begin = ++cur;
  escaped = false;
  while (true) {
    // Whole words of plain characters first, then byte by byte.
    while (end - cur >= 8) {
      uint64_t w = textscan::loadWord(cur);
      if (textscan::hasByte(w, '"') | textscan::hasByte(w, '\\') | textscan::hasByte(w, '\n'))
        break;
      cur += 8;
    }
    while (cur != end && !kEndsStringRun[static_cast<unsigned char>(*cur)])
      ++cur;
    if (cur == end || *cur == '\n')
      return emitError(begin - 1, "unterminated string literal");
    if (*cur == '"')
      break;
    // A backslash: skip the escaped character, checked when decoding.
    escaped = true;
    cur += cur + 1 != end ? 2 : 1;
  }
  raw = llvm::StringRef(begin, cur - begin);
  ++cur;
  return success();
}

ParseResult Parser::decodeString(llvm::StringRef raw, llvm::StringRef &value,
                                 std::string &storage) {
  const char *begin = raw.data();
  // MLIR's escapes: \\ \" \n \t and two hex digits. Copy the runs between
  // them whole: stack traces are long and escape only their quotes and
  // newlines.
  storage.clear();
  storage.reserve(raw.size());
  size_t i = 0;
  while (true) {
    size_t slash = raw.find('\\', i);
    storage.append(raw.data() + i, std::min(slash, raw.size()) - i);
    if (slash == llvm::StringRef::npos)
      break;
    char c = raw[slash + 1];
    i = slash + 2;
    if (c == '\\' || c == '"') {
      storage += c;
    } else if (c == 'n') {
      storage += '\n';
    } else if (c == 't') {
      storage += '\t';
    } else if (slash + 2 < raw.size() && hexValue(c) >= 0 && hexValue(raw[slash + 2]) >= 0) {
      storage += char(hexValue(c) * 16 + hexValue(raw[slash + 2]));
      ++i;
    } else {
      return emitError(begin + slash, "unknown escape in string literal");
    }
  }
  value = storage;
  return success();
}

ParseResult Parser::parseKey(llvm::StringRef &key, std::string &storage, llvm::StringRef what) {
  if (peek() == '"')
    return parseString(key, storage);
  key = lexBareId();
  if (key.empty())
    return emitError("expected " + what);
  return success();
}

ParseResult Parser::parseUnsigned(uint64_t &out, llvm::StringRef what) {
  skipTrivia();
  const char *loc = cur;
  if (cur == end || !isDigit(*cur))
    return emitError("expected " + what);
  out = 0;
  while (cur != end && isDigit(*cur)) {
    if (__builtin_mul_overflow(out, uint64_t(10), &out) ||
        __builtin_add_overflow(out, uint64_t(*cur - '0'), &out))
      return emitError(loc, what + " is too large");
    ++cur;
  }
  return success();
}

ParseResult Parser::parseNumber(NumberLiteral &out) {
  skipTrivia();
  out = NumberLiteral();
  out.loc = cur;
  const char *p = cur;
  if (p != end && (*p == '-' || *p == '+')) {
    out.negative = *p == '-';
    ++p;
  }
  if (p == end || !isDigit(*p))
    return emitError("expected a number");
  if (*p == '0' && p + 1 != end && p[1] == 'x') {
    p += 2;
    const char *digits = p;
    while (p != end && hexValue(*p) >= 0) {
      if (p - digits == 16)
        return emitError(out.loc, "hexadecimal literal is too large");
      out.magnitude = out.magnitude * 16 + hexValue(*p++);
    }
    if (p == digits)
      return emitError(out.loc, "expected hexadecimal digits");
    out.hex = true;
    cur = p;
    return success();
  }
  const char *digits = p;
  while (p != end && isDigit(*p))
    ++p;
  if (p == end || *p != '.') {
    cur = digits;
    return parseUnsigned(out.magnitude, "integer");
  }
  // MLIR's float literal: digits '.' digits? ([eE] [+-]? digits)?
  ++p;
  while (p != end && isDigit(*p))
    ++p;
  if (p != end && (*p == 'e' || *p == 'E')) {
    const char *q = p + 1;
    if (q != end && (*q == '+' || *q == '-'))
      ++q;
    if (q != end && isDigit(*q)) {
      while (q != end && isDigit(*q))
        ++q;
      p = q;
    }
  }
  // from_chars rejects a leading '+'.
  const char *first = *cur == '+' ? cur + 1 : cur;
  auto [ptr, ec] = std::from_chars(first, p, out.floatValue);
  if (ec == std::errc::result_out_of_range)
    return emitError(out.loc, "floating-point literal is out of range");
  if (ec != std::errc() || ptr != p)
    return emitError(out.loc, "invalid floating-point literal");
  out.isFloat = true;
  cur = p;
  return success();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

ParseResult Parser::parseType(const Type *&out) {
  skipTrivia();
  // Consecutive ops mostly repeat one type: try the last few texts first.
  // A remembered text ending in '>' is balanced, so a prefix match is the
  // whole type; a bare keyword (`none`) must not continue.
  llvm::StringRef rest(cur, end - cur);
  for (const RecentType &recent : recentTypes) {
    if (!recent.type || !rest.startswith(recent.text))
      continue;
    if (recent.text.back() != '>' && recent.text.size() < rest.size() &&
        (isTypeIdChar(rest[recent.text.size()]) || rest[recent.text.size()] == '<'))
      continue;
    out = recent.type;
    cur += recent.text.size();
    return success();
  }
  const char *typeEnd = scanTypeEnd(cur);
  llvm::StringRef text(cur, typeEnd - cur);
  auto it = typeCache.find(text);
  if (it == typeCache.end()) {
    Type type;
    if (failed(parseTypeUncached(type)))
      return failure();
    // Only a text the parse consumed exactly is a key for the result.
    if (cur != typeEnd) {
      out = &unkeyedTypes.emplace_back(std::move(type));
      return success();
    }
    it = typeCache.try_emplace(text, std::move(type)).first;
  } else {
    cur = typeEnd;
  }
  out = &it->second;
  recentTypes[nextRecentType++ % std::size(recentTypes)] = RecentType{text, out};
  return success();
}

ParseResult Parser::parseTypeUncached(Type &out) {
  const char *loc = cur;
  llvm::StringRef id = lexTypeId();
  if (id == "tensor")
    return parseTensorType(out);
  if (id == "none") {
    out = Type::none();
    return success();
  }
  if (id == "!torch.symint") {
    SymExpr value;
    if (peek() == '<') {
      ++cur;
      std::string storage;
      llvm::StringRef text;
      const char *textLoc = cur;
      if (failed(parseString(text, storage)) || failed(parseSymExpr(text, textLoc, value)) ||
          failed(expect('>', "after the !torch.symint value")))
        return failure();
    }
    out = Type::symInt(value);
    return success();
  }
  if (id == "!torch.symfloat") {
    out = Type::symFloat();
    return success();
  }
  if (id == "!torch.symbool") {
    out = Type::symBool();
    return success();
  }
  if (id == "!torch.opaque") {
    std::string name;
    if (failed(expect('<', "after !torch.opaque")) || failed(parseString(name)) ||
        failed(expect('>', "after the opaque type name")))
      return failure();
    out = Type::opaque(name);
    return success();
  }
  if (id.empty())
    return emitError(loc, "expected type");
  if (parseIRName(id) || id == "complex")
    return emitError(loc, "'" + llvm::StringRef(loc, scanTypeEnd(loc) - loc) +
                              "' is an element type; values have tensor, !torch.* or none "
                              "types (write tensor<" +
                              llvm::StringRef(loc, scanTypeEnd(loc) - loc) + ">)");
  return emitError(loc, "unknown type '" + id + "'");
}

ParseResult Parser::parseElementType(DType &out) {
  skipTrivia();
  const char *loc = cur;
  const char *typeEnd = scanTypeEnd(cur);
  llvm::StringRef text(cur, typeEnd - cur);
  std::optional<DType> dtype = parseIRName(text);
  if (!dtype) {
    if (text.empty())
      return emitError(loc, "expected element type");
    return emitError(loc, "unknown element type '" + text + "'");
  }
  out = *dtype;
  cur = typeEnd;
  return success();
}

ParseResult Parser::parseTensorType(Type &out) {
  if (failed(expect('<', "after 'tensor'")))
    return failure();
  DType dtype;
  if (consumeIf('*')) {
    if (failed(expect('x', "after '*' in an unranked tensor type")) ||
        failed(parseElementType(dtype)) || failed(expect('>', "at the end of the tensor type")))
      return failure();
    out = Type::unrankedTensor(dtype);
    return success();
  }
  // `?` marks a dynamic dim; what it is comes from the encoding.
  llvm::SmallVector<Dim, 4> dims;
  llvm::SmallVector<unsigned, 4> dynamicDims;
  while (true) {
    char c = peek();
    if (c == '?') {
      ++cur;
      dynamicDims.push_back(dims.size());
      dims.push_back(Dim::unknown());
    } else if (isDigit(c)) {
      uint64_t size;
      const char *loc = cur;
      if (failed(parseUnsigned(size, "dimension")))
        return failure();
      if (size > uint64_t(INT64_MAX))
        return emitError(loc, "dimension is too large");
      dims.push_back(Dim(int64_t(size)));
    } else {
      break;
    }
    if (failed(expect('x', "after a dimension")))
      return failure();
  }
  if (failed(parseElementType(dtype)))
    return failure();
  if (consumeIf(',')) {
    // The encoding lists the dynamic dims, in order: an expression or `?`.
    std::string storage;
    llvm::StringRef encoding;
    skipTrivia();
    const char *loc = cur;
    if (failed(parseString(encoding, storage)))
      return failure();
    llvm::SmallVector<llvm::StringRef, 4> entries;
    if (!encoding.trim().empty()) {
      int depth = 0;
      size_t from = 0;
      for (size_t i = 0; i != encoding.size(); ++i) {
        char c = encoding[i];
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c == ',' && depth == 0) {
          entries.push_back(encoding.slice(from, i).trim());
          from = i + 1;
        }
      }
      entries.push_back(encoding.drop_front(from).trim());
    }
    if (entries.size() != dynamicDims.size())
      return emitError(loc, "expected " + llvm::Twine(dynamicDims.size()) +
                                " entries in the encoding, one per dynamic dim, found " +
                                llvm::Twine(entries.size()));
    for (size_t i = 0; i != entries.size(); ++i) {
      if (entries[i] == "?")
        continue;
      SymExpr expr;
      if (failed(parseSymExpr(entries[i], loc, expr)))
        return failure();
      dims[dynamicDims[i]] = Dim::of(expr);
    }
  } else if (!dynamicDims.empty()) {
    // Without an encoding (MLIR's own spelling) dynamic dims are unknown.
  }
  if (failed(expect('>', "at the end of the tensor type")))
    return failure();
  out = Type::tensor(dtype, dims);
  return success();
}

ParseResult Parser::parseSymExpr(llvm::StringRef text, const char *loc, SymExpr &out) {
  int depth = 0, maxDepth = 0;
  for (char c : text) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    maxDepth = std::max(maxDepth, depth);
  }
  if (maxDepth > int(kMaxSymExprParens))
    return emitError(loc, "invalid symbolic expression: nested too deeply");
  llvm::Expected<SymExpr> expr = symbols->parse(text);
  if (!expr)
    return emitError(loc, "invalid symbolic expression: " + llvm::toString(expr.takeError()));
  out = *expr;
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

ParseResult Parser::parseAttribute(Attribute &out, unsigned depth) {
  if (depth > kMaxAttrDepth)
    return emitError("attribute nested too deeply");
  char c = peek();
  if (c == '"') {
    std::string storage;
    llvm::StringRef value;
    if (failed(parseString(value, storage)))
      return failure();
    out = Attribute::string(value);
    return success();
  }
  if (c == '[') {
    ++cur;
    std::vector<Attribute> elements;
    if (!consumeIf(']')) {
      do {
        elements.emplace_back();
        if (failed(parseAttribute(elements.back(), depth + 1)))
          return failure();
      } while (consumeIf(','));
      if (failed(expect(']', "at the end of the list")))
        return failure();
    }
    bool allStrings = !elements.empty() && llvm::all_of(elements, [](const Attribute &a) {
      return a.getKind() == Attribute::Kind::String;
    });
    if (!allStrings) {
      out = Attribute::list(std::move(elements));
      return success();
    }
    std::vector<std::string> strings;
    strings.reserve(elements.size());
    for (const Attribute &a : elements)
      strings.push_back(a.getString().str());
    out = Attribute::stringList(strings);
    return success();
  }
  if (c == '#') {
    const char *loc = cur;
    if (!consumeIf("#torch.sym<")) {
      const char *p = cur + 1;
      while (p != end && isBareIdChar(*p))
        ++p;
      return emitError(loc, "unknown attribute '" + llvm::StringRef(cur, p - cur) + "'");
    }
    std::string storage;
    llvm::StringRef text;
    skipTrivia();
    const char *textLoc = cur;
    SymExpr expr;
    if (failed(parseString(text, storage)) || failed(parseSymExpr(text, textLoc, expr)) ||
        failed(expect('>', "after the symbolic expression")))
      return failure();
    out = Attribute::sym(expr);
    return success();
  }
  if (c == '-' || c == '+' || isDigit(c))
    return parseNumberAttribute(out);

  llvm::StringRef id = peekBareId();
  if (id == "unit" || id == "true" || id == "false") {
    cur += id.size();
    out = id == "unit" ? Attribute::unit() : Attribute::boolean(id == "true");
    return success();
  }
  if (id == "array")
    return parseArrayAttribute(out);
  if (id == "dense")
    return parseDenseAttribute(out);
  if (id == "dense_resource")
    return parseWeightRef(out);
  if (id.empty() && c != '!')
    return emitError("expected attribute value");

  // An element type spelling is a dtype; any other type is a type.
  llvm::StringRef text(cur, scanTypeEnd(cur) - cur);
  if (std::optional<DType> dtype = parseIRName(text)) {
    cur += text.size();
    out = Attribute::dtype(*dtype);
    return success();
  }
  Type type;
  if (failed(parseType(type)))
    return failure();
  out = Attribute::type(type);
  return success();
}

ParseResult Parser::parseNumberAttribute(Attribute &out) {
  NumberLiteral number;
  if (failed(parseNumber(number)))
    return failure();
  llvm::StringRef typeName;
  const char *typeLoc = nullptr;
  if (consumeIf(':')) {
    skipTrivia();
    typeLoc = cur;
    typeName = lexTypeId();
  }
  bool wantFloat = number.isFloat;
  unsigned floatBits = 64;
  if (typeName == "i64") {
    wantFloat = false;
    if (number.isFloat)
      return emitError(number.loc, "floating-point literal for an integer type");
  } else if (!typeName.empty()) {
    if (typeName == "f64" || typeName == "f32") {
      wantFloat = true;
      floatBits = typeName == "f64" ? 64 : 32;
    } else if (std::optional<DType> dtype = parseIRName(typeName);
               (dtype && isIntegral(*dtype)) || typeName == "index") {
      if (number.isFloat)
        return emitError(number.loc, "floating-point literal for an integer type");
      wantFloat = false;
    } else {
      return emitError(typeLoc, "expected i64 or f64 after ':', found '" + typeName + "'");
    }
  } else if (typeLoc) {
    return emitError(typeLoc, "expected type after ':'");
  }

  if (!wantFloat) {
    std::optional<int64_t> v = number.getInt64();
    if (!v)
      return emitError(number.loc, "integer literal does not fit in 64 bits");
    out = Attribute::integer(*v);
    return success();
  }
  if (number.isFloat) {
    out = Attribute::floating(number.floatValue);
    return success();
  }
  if (!number.hex)
    return emitError(number.loc,
                     "unexpected decimal integer literal for a floating point value");
  // A hexadecimal literal is the IEEE bit pattern (how NaN and inf print).
  if (number.negative)
    return emitError(number.loc, "hexadecimal float literal cannot be negative");
  if (floatBits == 32) {
    if (number.magnitude > UINT32_MAX)
      return emitError(number.loc, "hexadecimal float literal is too large for f32");
    uint32_t bits = uint32_t(number.magnitude);
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    out = Attribute::floating(f);
    return success();
  }
  double d;
  std::memcpy(&d, &number.magnitude, sizeof(d));
  out = Attribute::floating(d);
  return success();
}

ParseResult Parser::parseArrayAttribute(Attribute &out) {
  cur += strlen("array");
  if (failed(expect('<', "after 'array'")))
    return failure();
  skipTrivia();
  const char *typeLoc = cur;
  llvm::StringRef elementType = lexBareId();
  if (elementType != "i64" && elementType != "f64")
    return emitError(typeLoc, "expected i64 or f64 as the array element type");
  bool isFloat = elementType == "f64";
  llvm::SmallVector<int64_t, 8> ints;
  llvm::SmallVector<double, 8> floats;
  if (consumeIf(':')) {
    do {
      NumberLiteral number;
      if (failed(parseNumber(number)))
        return failure();
      if (!isFloat) {
        std::optional<int64_t> v = number.getInt64();
        if (number.isFloat || !v)
          return emitError(number.loc, "expected a 64-bit integer");
        ints.push_back(*v);
      } else if (number.isFloat) {
        floats.push_back(number.floatValue);
      } else if (number.hex && !number.negative) {
        double d;
        std::memcpy(&d, &number.magnitude, sizeof(d));
        floats.push_back(d);
      } else {
        std::optional<int64_t> v = number.getInt64();
        if (!v)
          return emitError(number.loc, "integer literal does not fit in 64 bits");
        floats.push_back(double(*v));
      }
    } while (consumeIf(','));
  }
  if (failed(expect('>', "at the end of the array")))
    return failure();
  out = isFloat ? Attribute::floatList(floats) : Attribute::intList(ints);
  return success();
}

namespace {
/// One element of a dense literal in list form.
struct DenseScalar {
  NumberLiteral number; // bools are the integers 0 and 1
  bool isBool = false;
  unsigned depth = 0;
};

/// A `[...]` of a dense literal: its nesting depth and length, checked
/// against the shape once the type (which follows the literal) is known.
struct DenseList {
  const char *loc;
  unsigned depth;
  size_t length;
};

struct DenseLiteral {
  std::vector<DenseScalar> scalars;
  std::vector<DenseList> lists;
};

/// Writes integer `n` as the little-endian element `i`; false when it is
/// out of the dtype's range.
bool storeInteger(DenseElements &d, size_t i, const NumberLiteral &n) {
  using namespace llvm::support;
  uint8_t *p = d.bytes.data() + i * getDTypeSize(d.dtype);
  auto inRange = [&](int64_t lo, uint64_t hi) {
    if (n.negative)
      return lo < 0 && n.magnitude <= uint64_t(-(lo + 1)) + 1;
    return n.magnitude <= hi;
  };
  uint64_t bits = n.negative ? 0 - n.magnitude : n.magnitude;
  switch (d.dtype) {
  case DType::Bool:
    if (!inRange(0, 1))
      return false;
    *p = uint8_t(bits);
    return true;
  case DType::UInt8:
  case DType::Int8:
    if (!(d.dtype == DType::UInt8 ? inRange(0, UINT8_MAX) : inRange(INT8_MIN, INT8_MAX)))
      return false;
    *p = uint8_t(bits);
    return true;
  case DType::UInt16:
  case DType::Int16:
    if (!(d.dtype == DType::UInt16 ? inRange(0, UINT16_MAX) : inRange(INT16_MIN, INT16_MAX)))
      return false;
    endian::write16le(p, uint16_t(bits));
    return true;
  case DType::UInt32:
  case DType::Int32:
    if (!(d.dtype == DType::UInt32 ? inRange(0, UINT32_MAX) : inRange(INT32_MIN, INT32_MAX)))
      return false;
    endian::write32le(p, uint32_t(bits));
    return true;
  case DType::UInt64:
  case DType::Int64:
    if (!(d.dtype == DType::UInt64 ? inRange(0, UINT64_MAX) : inRange(INT64_MIN, INT64_MAX)))
      return false;
    endian::write64le(p, bits);
    return true;
  default:
    return false;
  }
}
} // namespace

ParseResult Parser::parseDenseScalar(DenseLiteral &literal, unsigned depth) {
  DenseScalar s;
  s.depth = depth;
  skipTrivia();
  if (consumeKeyword("true") || consumeKeyword("false")) {
    s.isBool = true;
    s.number.loc = cur;
    s.number.magnitude = cur[-1] == 'e' && cur[-2] == 'u';
  } else if (failed(parseNumber(s.number))) {
    return failure();
  }
  literal.scalars.push_back(s);
  return success();
}

ParseResult Parser::parseDenseList(DenseLiteral &literal, unsigned depth) {
  if (depth == kMaxAttrDepth)
    return emitError("dense literal nested too deeply");
  size_t index = literal.lists.size();
  literal.lists.push_back(DenseList{cur, depth, 0});
  ++cur; // '['
  if (consumeIf(']'))
    return success();
  do {
    if (failed(peek() == '[' ? parseDenseList(literal, depth + 1)
                             : parseDenseScalar(literal, depth + 1)))
      return failure();
    ++literal.lists[index].length;
  } while (consumeIf(','));
  return expect(']', "in the dense literal");
}

ParseResult Parser::parseDenseAttribute(Attribute &out) {
  cur += strlen("dense");
  if (failed(expect('<', "after 'dense'")))
    return failure();
  // The literal comes before its type: collect it, then interpret it.
  skipTrivia();
  const char *literalLoc = cur;
  std::string hexStorage;
  llvm::StringRef hex;
  bool isHex = false, isEmpty = false;
  DenseLiteral literal;
  if (peek() == '>') {
    isEmpty = true;
  } else if (peek() == '"') {
    if (failed(parseString(hex, hexStorage)))
      return failure();
    if (!hex.startswith("0x") || hex.size() % 2)
      return emitError(literalLoc, "expected a hexadecimal string \"0x...\"");
    hex = hex.drop_front(2);
    isHex = true;
  } else if (failed(peek() == '[' ? parseDenseList(literal, 0)
                                  : parseDenseScalar(literal, 0))) {
    return failure();
  }
  if (failed(expect('>', "at the end of the dense literal")) ||
      failed(expect(':', "and the type after the dense literal")))
    return failure();
  skipTrivia();
  const char *typeLoc = cur;
  Type type;
  if (failed(parseType(type)))
    return failure();
  if (!type.isTensor() || !type.hasStaticShape())
    return emitError(typeLoc, "a dense literal needs a statically shaped tensor type");

  DenseElements dense;
  dense.dtype = type.getDType();
  for (const Dim &d : type.getShape())
    dense.shape.push_back(d.getSize());
  size_t elemSize = getDTypeSize(dense.dtype);
  std::optional<int64_t> numElements = type.getNumElements();
  uint64_t numBytes;
  if (!numElements || __builtin_mul_overflow(uint64_t(*numElements), elemSize, &numBytes))
    return emitError(typeLoc, "tensor type is too large");
  // A literal of one element fills the tensor (a splat).
  bool isSplat = isHex ? hex.size() / 2 == elemSize && *numElements != 1
                       : !isEmpty && literal.lists.empty();
  if (isSplat && numBytes > kMaxSplatBytes)
    return emitError(literalLoc, "splat literal expands to more than 1 GiB");
  if (isEmpty) {
    if (*numElements != 0)
      return emitError(literalLoc, "empty dense literal for " + type.str() + ", which has " +
                                       llvm::Twine(*numElements) + " elements");
    out = Attribute::dense(std::move(dense));
    return success();
  }

  if (isHex) {
    if (!isSplat && hex.size() / 2 != numBytes)
      return emitError(literalLoc, "hexadecimal data has " + llvm::Twine(hex.size() / 2) +
                                       " bytes, but " + type.str() + " needs " +
                                       llvm::Twine(numBytes));
    llvm::SmallVector<uint8_t, 16> bytes;
    for (size_t i = 0; i != hex.size(); i += 2) {
      int hi = hexValue(hex[i]), lo = hexValue(hex[i + 1]);
      if (hi < 0 || lo < 0)
        return emitError(literalLoc, "invalid hexadecimal digit in the dense literal");
      bytes.push_back(uint8_t(hi * 16 + lo));
    }
    if (isSplat) {
      dense.bytes.reserve(numBytes);
      for (int64_t i = 0; i != *numElements; ++i)
        dense.bytes.insert(dense.bytes.end(), bytes.begin(), bytes.end());
    } else {
      dense.bytes.assign(bytes.begin(), bytes.end());
    }
    out = Attribute::dense(std::move(dense));
    return success();
  }

  // Lists must nest exactly as the shape does.
  size_t rank = dense.shape.size();
  for (const DenseList &list : literal.lists) {
    if (list.depth >= rank)
      return emitError(list.loc, "dense literal nests deeper than the rank of " + type.str());
    if (int64_t(list.length) != dense.shape[list.depth])
      return emitError(list.loc, "dense literal has " + llvm::Twine(list.length) +
                                     " elements in dimension " + llvm::Twine(list.depth) +
                                     ", but " + type.str() + " has " +
                                     llvm::Twine(dense.shape[list.depth]));
  }
  for (const DenseScalar &s : literal.scalars)
    if (!isSplat && s.depth != rank)
      return emitError(s.number.loc, "expected a list of rank " + llvm::Twine(rank) +
                                         " for " + type.str());

  bool isFloat = dense.dtype == DType::Float32 || dense.dtype == DType::Float64;
  if (!isIntegral(dense.dtype) && !isFloat)
    return emitError(literalLoc, "expected hexadecimal data \"0x...\" for " + type.str());
  dense.bytes.resize(isSplat ? elemSize : numBytes);
  for (size_t i = 0; i != literal.scalars.size(); ++i) {
    const DenseScalar &s = literal.scalars[i];
    if ((s.isBool && dense.dtype != DType::Bool) || (s.number.isFloat && !isFloat) ||
        (s.number.hex && isFloat))
      return emitError(s.number.loc, "element does not match the element type of " + type.str());
    if (isFloat) {
      double v = s.number.isFloat ? s.number.floatValue
                                  : double(s.number.magnitude) * (s.number.negative ? -1 : 1);
      uint8_t *p = dense.bytes.data() + i * elemSize;
      if (dense.dtype == DType::Float32) {
        float f = float(v);
        uint32_t bits;
        std::memcpy(&bits, &f, sizeof(bits));
        llvm::support::endian::write32le(p, bits);
      } else {
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof(bits));
        llvm::support::endian::write64le(p, bits);
      }
      continue;
    }
    if (!storeInteger(dense, i, s.number))
      return emitError(s.number.loc, "integer out of range for " + type.str());
  }
  if (isSplat) {
    std::vector<uint8_t> one = std::move(dense.bytes);
    dense.bytes.clear();
    dense.bytes.reserve(numBytes);
    for (int64_t i = 0; i != *numElements; ++i)
      dense.bytes.insert(dense.bytes.end(), one.begin(), one.end());
  }
  out = Attribute::dense(std::move(dense));
  return success();
}

ParseResult Parser::parseResourceHandle(std::string &name) {
  skipTrivia();
  const char *loc = cur;
  llvm::StringRef handle = lexBareId();
  if (handle.empty())
    return emitError("expected resource handle");
  // Reverses printResourceHandle (Printer.cpp): `_$` then `$XX` escapes.
  if (!handle.startswith("_$")) {
    name = handle.str();
    return success();
  }
  name.clear();
  for (size_t i = 2; i < handle.size(); ++i) {
    if (handle[i] != '$') {
      name += handle[i];
      continue;
    }
    if (i + 2 >= handle.size() || hexValue(handle[i + 1]) < 0 || hexValue(handle[i + 2]) < 0)
      return emitError(loc, "invalid escape in resource handle '" + handle + "'");
    name += char(hexValue(handle[i + 1]) * 16 + hexValue(handle[i + 2]));
    i += 2;
  }
  return success();
}

ParseResult Parser::parseWeightRef(Attribute &out) {
  cur += strlen("dense_resource");
  std::string name;
  if (failed(expect('<', "after 'dense_resource'")) || failed(parseResourceHandle(name)) ||
      failed(expect('>', "after the resource handle")) ||
      failed(expect(':', "and the type after the resource")))
    return failure();
  skipTrivia();
  const char *typeLoc = cur;
  Type type;
  if (failed(parseType(type)))
    return failure();
  if (!type.isTensor() || !type.hasStaticShape())
    return emitError(typeLoc, "a dense_resource needs a statically shaped tensor type");
  if (weightTypes.try_emplace(name, type).second)
    weightOrder.push_back(name);
  out = Attribute::weightRef(name, type);
  return success();
}

ParseResult Parser::parseAttrDict(llvm::SmallVectorImpl<NamedAttribute> &attrs, bool isModule) {
  if (failed(expect('{', "to start the attribute dictionary")))
    return failure();
  llvm::SmallVector<const char *, 4> locs;
  if (!consumeIf('}')) {
    do {
      skipTrivia();
      const char *loc = cur;
      std::string storage;
      llvm::StringRef name;
      if (failed(parseKey(name, storage, "attribute name")))
        return failure();
      if (isModule && name == "ir.symbols") {
        if (failed(expect('=', "after 'ir.symbols'")) || failed(parseSymbolRanges()))
          return failure();
        continue;
      }
      Attribute value;
      if (consumeIf('=') && failed(parseAttribute(value)))
        return failure();
      attrs.push_back(NamedAttribute{name.str(), std::move(value)});
      locs.push_back(loc);
    } while (consumeIf(','));
    if (failed(expect('}', "at the end of the attribute dictionary")))
      return failure();
  }
  if (attrs.size() > 1) {
    llvm::SmallVector<unsigned, 4> order(attrs.size());
    for (unsigned i = 0; i != order.size(); ++i)
      order[i] = i;
    llvm::stable_sort(order, [&](unsigned a, unsigned b) { return attrs[a].name < attrs[b].name; });
    for (unsigned i = 1; i < order.size(); ++i)
      if (attrs[order[i]].name == attrs[order[i - 1]].name)
        return emitError(locs[std::max(order[i], order[i - 1])],
                         "duplicate attribute '" + attrs[order[i]].name + "'");
  }
  return success();
}

ParseResult Parser::parseSymbolRanges() {
  // {s0 = #ir.range<LO, HI>, ...}; LO may be -oo and HI oo.
  if (failed(expect('{', "to start the symbol ranges")))
    return failure();
  if (consumeIf('}'))
    return success();
  do {
    skipTrivia();
    const char *loc = cur;
    std::string storage;
    llvm::StringRef name;
    if (failed(parseKey(name, storage, "symbol name")))
      return failure();
    if (!SymContext::isValidSymbolName(name))
      return emitError(loc, "invalid symbol name '" + name + "'");
    SymRange range;
    auto parseBound = [&](bool upper, int64_t &bound) -> ParseResult {
      if (consumeIf(upper ? "oo" : "-oo")) {
        bound = upper ? SymRange::kPosInf : SymRange::kNegInf;
        return success();
      }
      NumberLiteral n;
      if (failed(parseNumber(n)))
        return failure();
      std::optional<int64_t> v = n.getInt64();
      if (n.isFloat || !v)
        return emitError(n.loc, "expected a 64-bit integer bound");
      bound = *v;
      return success();
    };
    if (failed(expect('=', "after the symbol name")) ||
        failed(expect("#ir.range", "after the symbol name")) ||
        failed(expect('<', "after #ir.range")) || failed(parseBound(false, range.lo)) ||
        failed(expect(',', "between the bounds")) || failed(parseBound(true, range.hi)) ||
        failed(expect('>', "at the end of the range")))
      return failure();
    symbols->setRange(symbols->getSymbol(name), range);
  } while (consumeIf(','));
  return expect('}', "at the end of the symbol ranges");
}

ParseResult Parser::parseLocation(ProvenanceRef &out) {
  if (failed(expect('(', "after 'loc'")))
    return failure();
  if (consumeKeyword("unknown")) {
    out = nullptr;
    return expect(')', "after 'unknown'");
  }
  // The strings stay in the buffer where they need no decoding; the record
  // copies them all into one allocation.
  llvm::SmallVector<Provenance::Field, 4> fields;
  unsigned numDecoded = 0;
  auto parseLocString = [&](llvm::StringRef &value) {
    if (numDecoded == locStorage.size())
      locStorage.emplace_back();
    if (failed(parseString(value, locStorage[numDecoded])))
      return failure();
    if (value.data() == locStorage[numDecoded].text.data())
      ++numDecoded;
    return success();
  };
  bool fused = consumeKeyword("fused");
  if (fused) {
    if (failed(expect('<', "after 'fused'")) || failed(expect('{', "to start the metadata")))
      return failure();
    if (!consumeIf('}')) {
      do {
        if (numDecoded == locStorage.size())
          locStorage.emplace_back();
        Provenance::Field &field = fields.emplace_back();
        DecodedString &slot = locStorage[numDecoded];
        if (failed(parseKey(field.first, slot.text, "metadata key")))
          return failure();
        if (field.first.data() == slot.text.data()) {
          slot.raw = {};
          ++numDecoded;
        }
        if (failed(expect('=', "after the metadata key")) || failed(parseLocString(field.second)))
          return failure();
      } while (consumeIf(','));
      if (failed(expect('}', "at the end of the metadata")))
        return failure();
    }
    if (failed(expect('>', "after the metadata")) || failed(expect('[', "before the node name")))
      return failure();
  }
  llvm::StringRef nodeName;
  if (failed(parseLocString(nodeName)))
    return failure();
  if (!fused && consumeIf(':')) {
    // MLIR's "file":line:col says where text was, not which node an op came
    // from: read and drop it.
    uint64_t line, column;
    if (failed(parseUnsigned(line, "line number")) || failed(expect(':', "after the line")) ||
        failed(parseUnsigned(column, "column number")))
      return failure();
    out = nullptr;
    return expect(')', "at the end of the location");
  }
  if ((fused && failed(expect(']', "after the node name"))) ||
      failed(expect(')', "at the end of the location")))
    return failure();
  // Keys the printer did not write (unsorted, repeated) are sorted, and the
  // last of duplicate keys kept, as Provenance::make does.
  out = Provenance::copyOf(nodeName, fields);
  return success();
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

ParseResult Parser::parseValueName(llvm::StringRef &name) {
  if (failed(expect('%', "before a value name")))
    return failure();
  const char *begin = cur;
  while (cur != end && isValueNameChar(*cur))
    ++cur;
  name = llvm::StringRef(begin, cur - begin);
  if (name.empty())
    return emitError(begin, "expected value name after '%'");
  if (isDigit(name[0]) && !llvm::all_of(name, isDigit))
    return emitError(begin - 1, "invalid value name '%" + name + "'");
  return success();
}

ParseResult Parser::parseOperandUse(OperandUse &use) {
  skipTrivia();
  use.loc = cur;
  if (failed(parseValueName(use.name)))
    return failure();
  use.number = 0;
  if (cur != end && *cur == '#') {
    ++cur;
    uint64_t n;
    if (failed(parseUnsigned(n, "result number")))
      return failure();
    if (n > UINT32_MAX)
      return emitError(use.loc, "result number is too large");
    use.number = unsigned(n);
  }
  return success();
}

/// `'%x'`, or `'%x#1'` for a result of a group other than the first.
static std::string describeUse(llvm::StringRef name, unsigned number) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "'%" << name;
  if (number)
    os << '#' << number;
  os << '\'';
  return s;
}

ParseResult Parser::resolveOperand(const OperandUse &use, const Type &type, Value *&out) {
  // Most operands are the value defined just before: no hashing for those.
  const ValueGroup *found = nullptr;
  if (lastDefined && lastDefined->getKey() == use.name) {
    found = &lastDefined->second;
  } else if (auto it = values.find(use.name); it != values.end()) {
    found = &it->second;
  }
  if (found) {
    const ValueGroup &group = *found;
    if (use.number >= group.count)
      return emitError(use.loc, "'%" + use.name + "' has " + llvm::Twine(group.count) +
                                    " results; there is no result #" + llvm::Twine(use.number));
    out = group.get(use.number);
    if (out->getType() != type)
      return emitError(use.loc, describeUse(use.name, use.number) + " has type " +
                                    out->getType().str() + ", but this use expects " +
                                    type.str());
    return success();
  }
  llvm::SmallVector<ForwardRef, 1> &pending = forwardRefs[use.name];
  for (const ForwardRef &ref : pending) {
    if (ref.number != use.number)
      continue;
    if (ref.placeholder->getType() != type)
      return emitError(use.loc, describeUse(use.name, use.number) + " is used with type " +
                                    ref.placeholder->getType().str() + " earlier, but with " +
                                    type.str() + " here");
    out = ref.placeholder;
    return success();
  }
  out = placeholders.addArgument(type);
  pending.push_back(ForwardRef{use.number, out, use.loc});
  return success();
}

ParseResult Parser::defineValues(llvm::StringRef name, ValueGroup group, const char *loc) {
  auto [entry, inserted] = values.try_emplace(name, group);
  if (!inserted)
    return emitError(loc, "redefinition of value '%" + name + "'");
  lastDefined = &*entry;
  if (!scopes.empty())
    scopes.back().push_back(name);
  if (forwardRefs.empty())
    return success();
  auto it = forwardRefs.find(name);
  if (it == forwardRefs.end())
    return success();
  for (const ForwardRef &ref : it->second) {
    if (ref.number >= group.count)
      return emitError(ref.loc, "'%" + name + "' has " + llvm::Twine(group.count) +
                                    " results; there is no result #" + llvm::Twine(ref.number));
    Value *defined = group.get(ref.number);
    if (ref.placeholder->getType() != defined->getType())
      return emitError(ref.loc, describeUse(name, ref.number) + " has type " +
                                    defined->getType().str() + ", but this use expects " +
                                    ref.placeholder->getType().str());
    ref.placeholder->replaceAllUsesWith(defined);
  }
  forwardRefs.erase(it);
  return success();
}

//===----------------------------------------------------------------------===//
// Operations and regions
//===----------------------------------------------------------------------===//

ParseResult Parser::parseFunctionType(llvm::SmallVectorImpl<const Type *> &inputs,
                                      llvm::SmallVectorImpl<const Type *> &results) {
  auto parseTypeList = [&](llvm::SmallVectorImpl<const Type *> &types) -> ParseResult {
    if (consumeIf(')'))
      return success();
    do {
      types.emplace_back();
      if (failed(parseType(types.back())))
        return failure();
    } while (consumeIf(','));
    return expect(')', "at the end of the type list");
  };
  if (failed(expect('(', "to start the operand types")) || failed(parseTypeList(inputs)) ||
      failed(expect("->", "after the operand types")))
    return failure();
  if (consumeIf('('))
    return parseTypeList(results);
  results.emplace_back();
  return parseType(results.back());
}

ParseResult Parser::parseOperation(Block &block) {
  skipTrivia();
  const char *opLoc = cur;

  // %a, %b:2 = ...
  struct ResultGroup {
    llvm::StringRef name;
    unsigned count;
    const char *loc;
  };
  llvm::SmallVector<ResultGroup, 1> resultGroups;
  unsigned numBound = 0;
  if (peek() == '%') {
    do {
      ResultGroup group{{}, 1, nullptr};
      skipTrivia();
      group.loc = cur;
      if (failed(parseValueName(group.name)))
        return failure();
      if (cur != end && *cur == ':') {
        ++cur;
        uint64_t count;
        if (failed(parseUnsigned(count, "result count")))
          return failure();
        if (count == 0 || count > UINT32_MAX)
          return emitError(group.loc, "invalid result count");
        group.count = unsigned(count);
      }
      numBound += group.count;
      resultGroups.push_back(group);
    } while (consumeIf(','));
    if (failed(expect('=', "after the result names")))
      return failure();
  }

  skipTrivia();
  const char *nameLoc = cur;
  std::string nameStorage;
  llvm::StringRef opName;
  if (peek() != '"')
    return emitError(nameLoc, "expected an operation name in quotes (the generic syntax)");
  if (failed(parseString(opName, nameStorage)))
    return failure();
  if (opName.empty())
    return emitError(nameLoc, "empty operation name");

  llvm::SmallVector<OperandUse, 4> uses;
  if (failed(expect('(', "after the operation name")))
    return failure();
  if (!consumeIf(')')) {
    do {
      uses.emplace_back();
      if (failed(parseOperandUse(uses.back())))
        return failure();
    } while (consumeIf(','));
    if (failed(expect(')', "in operand list")))
      return failure();
  }

  llvm::SmallVector<std::unique_ptr<Region>, 1> regions;
  if (consumeIf('(')) {
    do {
      regions.push_back(std::make_unique<Region>(nullptr));
      if (failed(parseRegion(*regions.back())))
        return failure();
    } while (consumeIf(','));
    if (failed(expect(')', "after the regions")))
      return failure();
  }

  // A dictionary spelled as the one of the op before reads as its
  // attributes (`{alpha = 1 : i64}` on op after op): reuse them.
  llvm::SmallVector<NamedAttribute, 2> attrs;
  llvm::ArrayRef<NamedAttribute> opAttrs;
  bool hasAttrDict = peek() == '{';
  if (hasAttrDict) {
    if (lastAttrDictOp && lastAttrDictOp == block.back() &&
        llvm::StringRef(cur, end - cur).startswith(lastAttrDict)) {
      cur += lastAttrDict.size();
      opAttrs = lastAttrDictOp->getAttrs();
    } else {
      const char *dictStart = cur;
      if (failed(parseAttrDict(attrs, /*isModule=*/false)))
        return failure();
      lastAttrDict = llvm::StringRef(dictStart, cur - dictStart);
      opAttrs = attrs;
    }
  }

  if (failed(expect(':', "and the operation's type")))
    return failure();
  skipTrivia();
  const char *typeLoc = cur;
  // Like attribute dictionaries, function types repeat from op to op. A
  // remembered text ends in '>' or ')', so a prefix match is all of it.
  if (!lastFunctionType.empty() && llvm::StringRef(cur, end - cur).startswith(lastFunctionType)) {
    cur += lastFunctionType.size();
  } else {
    lastFunctionType = {};
    operandTypes.clear();
    resultTypes.clear();
    if (failed(parseFunctionType(operandTypes, resultTypes)))
      return failure();
    if (cur[-1] == '>' || cur[-1] == ')')
      lastFunctionType = llvm::StringRef(typeLoc, cur - typeLoc);
  }
  if (operandTypes.size() != uses.size())
    return emitError(typeLoc, "expected " + llvm::Twine(uses.size()) +
                                  " operand types but had " + llvm::Twine(operandTypes.size()));
  if (!resultGroups.empty() && numBound != resultTypes.size())
    return emitError(opLoc, "operation defines " + llvm::Twine(resultTypes.size()) +
                                " results but was provided " + llvm::Twine(numBound) +
                                " to bind");

  ProvenanceRef provenance;
  if (consumeKeyword("loc") && failed(parseLocation(provenance)))
    return failure();

  llvm::SmallVector<Value *, 4> operands(uses.size());
  for (size_t i = 0; i != uses.size(); ++i)
    if (failed(resolveOperand(uses[i], *operandTypes[i], operands[i])))
      return failure();
  llvm::SmallVector<Type, 2> results;
  results.reserve(resultTypes.size());
  for (const Type *type : resultTypes)
    results.push_back(*type);
  Operation *op =
      Operation::create(getOperationName(opName, nameStorage), operands, results, opAttrs,
                        regions.size(), std::move(provenance), /*attrsLike=*/block.back());
  block.push_back(op);
  lastAttrDictOp = hasAttrDict ? op : nullptr;
  for (size_t i = 0; i != regions.size(); ++i)
    op->getRegion(i).takeBody(*regions[i]);

  unsigned first = 0;
  for (const ResultGroup &g : resultGroups) {
    // Numbered names (`%0`) are the printer's, not the value's.
    if (!isDigit(g.name[0]))
      op->getResult(first)->setName(g.name);
    if (failed(defineValues(g.name, ValueGroup{op->getResult(first), g.count}, g.loc)))
      return failure();
    first += g.count;
  }
  return success();
}

ParseResult Parser::parseRegion(Region &region, Block *entry) {
  if (regionDepth == kMaxRegionDepth)
    return emitError("regions nested too deeply");
  if (failed(expect('{', "to start a region")))
    return failure();
  ++regionDepth;
  pushScope();
  llvm::StringSet<> labels;
  Block *block = nullptr;
  auto nextBlock = [&] {
    return !block && entry ? entry : region.addBlock();
  };
  while (true) {
    char c = peek();
    if (c == '}' || c == 0)
      break;
    if (c != '^') {
      if (!block)
        block = nextBlock();
      if (failed(parseOperation(*block)))
        return failure();
      continue;
    }
    // ^label(%arg: type, ...):
    const char *labelLoc = cur++;
    const char *begin = cur;
    while (cur != end && isValueNameChar(*cur))
      ++cur;
    llvm::StringRef label(begin, cur - begin);
    if (label.empty())
      return emitError(labelLoc, "expected block label after '^'");
    if (!labels.insert(label).second)
      return emitError(labelLoc, "redefinition of block '^" + label + "'");
    block = nextBlock();
    if (consumeIf('(')) {
      do {
        skipTrivia();
        const char *argLoc = cur;
        llvm::StringRef name;
        Type type;
        if (failed(parseValueName(name)) || failed(expect(':', "after the argument name")) ||
            failed(parseType(type)))
          return failure();
        ProvenanceRef ignored; // block arguments carry no provenance
        if (consumeKeyword("loc") && failed(parseLocation(ignored)))
          return failure();
        Value *arg = block->addArgument(type, isDigit(name[0]) ? llvm::StringRef() : name);
        if (failed(defineValues(name, ValueGroup{arg, 1}, argLoc)))
          return failure();
      } while (consumeIf(','));
      if (failed(expect(')', "at the end of the block arguments")))
        return failure();
    }
    if (failed(expect(':', "after the block label")))
      return failure();
  }
  if (failed(expect('}', "at the end of the region")))
    return failure();
  popScope();
  --regionDepth;
  return success();
}

ParseResult Parser::parseModuleOp(Module &module) {
  skipTrivia();
  const char *loc = cur;
  std::string name;
  if (peek() != '"' || failed(parseString(name)) || name != builtin::kModule)
    return emitError(loc, "expected the \"ir.module\" operation");
  if (failed(expect('(', "after the operation name")) ||
      failed(expect(')', ": ir.module takes no operands")) ||
      failed(expect('(', "before the ir.module region")) ||
      failed(parseRegion(module.getOperation()->getRegion(0), &module.getBody())) ||
      failed(expect(')', ": ir.module has one region")))
    return failure();
  llvm::SmallVector<NamedAttribute, 2> attrs;
  if (peek() == '{' && failed(parseAttrDict(attrs, /*isModule=*/true)))
    return failure();
  if (failed(expect(':', "and the operation's type")))
    return failure();
  skipTrivia();
  const char *typeLoc = cur;
  llvm::SmallVector<const Type *, 1> inputs, results;
  if (failed(parseFunctionType(inputs, results)))
    return failure();
  if (!inputs.empty() || !results.empty())
    return emitError(typeLoc, "ir.module has the type () -> ()");
  ProvenanceRef provenance;
  if (consumeKeyword("loc") && failed(parseLocation(provenance)))
    return failure();
  Operation *op = module.getOperation();
  for (NamedAttribute &attr : attrs)
    op->setAttr(attr.name, std::move(attr.value));
  op->setProvenance(std::move(provenance));

  // Report the first undefined use in the text.
  const ForwardRef *firstRef = nullptr;
  llvm::StringRef firstName;
  for (const auto &[name, pending] : forwardRefs) {
    for (const ForwardRef &ref : pending) {
      if (!firstRef || ref.loc < firstRef->loc) {
        firstRef = &ref;
        firstName = name;
      }
    }
  }
  if (firstRef)
    return emitError(firstRef->loc,
                     "use of undefined value " + describeUse(firstName, firstRef->number));
  return success();
}

//===----------------------------------------------------------------------===//
// Weights
//===----------------------------------------------------------------------===//

ParseResult Parser::parseResourceSection() {
  // {-# dialect_resources: { builtin: { NAME: "0x...", ... } } #-}
  if (!consumeIf("{-#"))
    return success();
  do {
    skipTrivia();
    const char *loc = cur;
    llvm::StringRef section = lexBareId();
    if (section != "dialect_resources")
      return emitError(loc, section.empty() ? llvm::Twine("expected 'dialect_resources'")
                                            : "unsupported resource section '" + section + "'");
    if (failed(expect(':', "after 'dialect_resources'")) ||
        failed(expect('{', "to start the dialect resources")))
      return failure();
    if (consumeIf('}'))
      continue;
    do {
      skipTrivia();
      const char *dialectLoc = cur;
      llvm::StringRef dialect = lexBareId();
      if (dialect != "builtin")
        return emitError(dialectLoc, "expected 'builtin' resources");
      if (failed(expect(':', "after 'builtin'")) ||
          failed(expect('{', "to start the builtin resources")))
        return failure();
      if (consumeIf('}'))
        continue;
      do {
        ResourceBlob blob;
        skipTrivia();
        const char *entryLoc = cur;
        if (failed(parseResourceHandle(blob.name)) ||
            failed(expect(':', "after the resource handle")))
          return failure();
        skipTrivia();
        const char *dataLoc = cur;
        std::string storage;
        llvm::StringRef text;
        if (failed(parseString(text, storage)))
          return failure();
        if (text.data() == storage.data() || !text.startswith("0x") || text.size() % 2)
          return emitError(dataLoc, "expected a hexadecimal blob \"0x...\"");
        if (llvm::any_of(resources, [&](const ResourceBlob &r) { return r.name == blob.name; }))
          return emitError(entryLoc, "duplicate resource '" + blob.name + "'");
        // Text holds weights by reference: data no op refers to is dropped.
        auto it = weightTypes.find(blob.name);
        if (it == weightTypes.end())
          continue;
        llvm::StringRef digits = text.drop_front(2);
        if (digits.size() < 8)
          return emitError(dataLoc, "resource blob lacks its 4-byte alignment prefix");
        const Type &type = it->second;
        uint64_t expected = getDTypeSize(type.getDType());
        for (const Dim &d : type.getShape())
          if (__builtin_mul_overflow(expected, uint64_t(d.getSize()), &expected))
            expected = UINT64_MAX;
        uint64_t numBytes = digits.size() / 2 - 4;
        if (numBytes != expected)
          return emitError(dataLoc, "resource '" + blob.name + "' has " + llvm::Twine(numBytes) +
                                        " bytes, but its type " + type.str() + " needs " +
                                        llvm::Twine(expected));
        blob.data = std::make_shared<std::vector<uint8_t>>(numBytes);
        uint8_t *out = blob.data->data();
        for (size_t i = 8; i != digits.size(); i += 2) {
          int hi = hexValue(digits[i]), lo = hexValue(digits[i + 1]);
          if (hi < 0 || lo < 0)
            return emitError(dataLoc + 3 + i, "invalid hexadecimal digit");
          *out++ = uint8_t(hi * 16 + lo);
        }
        resources.push_back(std::move(blob));
      } while (consumeIf(','));
      if (failed(expect('}', "at the end of the builtin resources")))
        return failure();
    } while (consumeIf(','));
    if (failed(expect('}', "at the end of the dialect resources")))
      return failure();
  } while (consumeIf(','));
  return expect("#-}", "at the end of the resource section");
}

void Parser::registerWeights(Module &module) {
  // The resource section's order first (it is the printing order), then the
  // weights whose bytes were elided, in the order they are referenced.
  auto makeWeight = [&](llvm::StringRef name) {
    const Type &type = weightTypes.find(name)->second;
    WeightData w;
    w.dtype = type.getDType();
    for (const Dim &d : type.getShape())
      w.shape.push_back(d.getSize());
    return w;
  };
  for (ResourceBlob &blob : resources) {
    WeightData w = makeWeight(blob.name);
    w.bytes = *blob.data;
    w.keepAlive = std::move(blob.data);
    module.addWeight(blob.name, std::move(w));
  }
  for (const std::string &name : weightOrder)
    if (!module.lookupWeight(name))
      module.addWeight(name, makeWeight(name));
}

llvm::Expected<std::unique_ptr<Module>> Parser::parse() {
  auto module = std::make_unique<Module>();
  symbols = &module->getSymContext();
  if (failed(parseModuleOp(*module)) || failed(parseResourceSection()))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), errorMessage);
  skipTrivia();
  if (cur != end) {
    (void)emitError("expected end of input after the module");
    return llvm::createStringError(llvm::inconvertibleErrorCode(), errorMessage);
  }
  registerWeights(*module);
  return module;
}

llvm::Expected<std::unique_ptr<Module>> parseModule(llvm::StringRef text,
                                                    llvm::StringRef bufferName,
                                                    unsigned firstLine) {
  return Parser(text, bufferName, firstLine).parse();
}

} // namespace pt2onnx::ir
