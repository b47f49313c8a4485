//===- ParserLexer.cpp - Characters of the textual IR ---------------------===//
//
// The lexing helpers of the parser: trivia, strings and their escapes, keys,
// numbers, and the error at a location.
//
//===----------------------------------------------------------------------===//

#include "ir/TextParser.h"

#include "ir/CheckedArithmetic.h"

namespace pt2onnx::ir::textparse {

//===----------------------------------------------------------------------===//
// Characters
//===----------------------------------------------------------------------===//

ParseResult Parser::emitError(const char *loc, const llvm::Twine &message) {
  if (errorAt)
    return failure();
  unsigned line = firstLine;
  const char *lineStart = start;
  for (const char *p = start; p != loc; ++p)
    if (*p == '\n')
      ++line, lineStart = p + 1;
  errorAt = LocatedError::LineColumn{line, unsigned(loc - lineStart + 1)};
  errorReason = message.str();
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
    std::optional<uint64_t> next =
        llvm::checkedMulAddUnsigned(out, uint64_t(10), uint64_t(*cur - '0'));
    if (!next)
      return emitError(loc, what + " is too large");
    out = *next;
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

} // namespace pt2onnx::ir::textparse
