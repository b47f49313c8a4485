//===- TextParser.h - The textual IR parser's class -------------*- C++ -*-===//
//
// Internal to ir/Parser*.cpp (not installed): the Parser class and the small
// types it works with. Its methods are defined by concern:
//   ParserLexer.cpp   characters: trivia, strings, keys, numbers, errors
//   ParserTypes.cpp   types and attributes
//   ParserDense.cpp   dense literals
//   ParserOps.cpp     values, operations and regions
//   Parser.cpp        the module, the resource section, the weights
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_TEXTPARSER_H
#define PT2ONNX_IR_TEXTPARSER_H

#include "ir/Parser.h"
#include "ir/Diagnostic.h"
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


namespace pt2onnx::ir::textparse {


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

inline ParseResult success() { return ParseResult::success(); }
inline ParseResult failure() { return ParseResult::failure(); }
inline bool failed(ParseResult r) { return r.failed(); }

inline bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
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
inline bool isBareIdChar(char c) { return kCharClasses[static_cast<unsigned char>(c)] & kBareId; }
inline bool isValueNameChar(char c) {
  return kCharClasses[static_cast<unsigned char>(c)] & kValueName;
}
/// Characters of type keywords and element types: `tensor`, `!torch.symint`,
/// `f8E4M3FN`, `complex`.
inline bool isTypeIdChar(char c) { return kCharClasses[static_cast<unsigned char>(c)] & kTypeId; }
inline int hexValue(char c) {
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

inline size_t countLines(llvm::StringRef text) {
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
  /// The first error; later ones follow from it.
  std::optional<LocatedError::LineColumn> errorAt;
  std::string errorReason;
  llvm::Error takeError() const {
    return makeTextError(bufferName, errorAt->line, errorAt->column, errorReason);
  }

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

} // namespace pt2onnx::ir::textparse

#endif // PT2ONNX_IR_TEXTPARSER_H
