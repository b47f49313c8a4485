//===- ParserTypes.cpp - Types and attributes -----------------------------===//
//
// Types (memoized by their text) and attributes: scalars, strings, lists,
// dictionaries, symbolic expressions and weight references.
//
//===----------------------------------------------------------------------===//

#include "ir/TextParser.h"

namespace pt2onnx::ir::textparse {

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

} // namespace pt2onnx::ir::textparse
