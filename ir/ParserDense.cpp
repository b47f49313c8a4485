//===- ParserDense.cpp - Dense literals -----------------------------------===//
//
// `dense<...>` literals in list, splat and hex form, and resource handles,
// stored into DenseElements.
//
//===----------------------------------------------------------------------===//

#include "ir/TextParser.h"

namespace pt2onnx::ir::textparse {

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

namespace {

/// Writes integer `n` as the little-endian element `i`; false when it is
/// out of the dtype's range (an unsigned type or bool takes no negative
/// literal, not even -0).
bool storeInteger(DenseElements &d, size_t i, const NumberLiteral &n) {
  switch (d.dtype) {
  case DType::Bool:
  case DType::UInt8:
  case DType::Int8:
  case DType::UInt16:
  case DType::Int16:
  case DType::UInt32:
  case DType::Int32:
  case DType::UInt64:
  case DType::Int64:
    break;
  default:
    return false;
  }
  unsigned bytes = getDTypeSize(d.dtype);
  unsigned width = d.dtype == DType::Bool ? 1 : 8 * bytes;
  bool isSigned = isSignedIntegral(d.dtype);
  if (n.negative && !isSigned)
    return false;
  // Signed: [-2^(w-1), 2^(w-1) - 1]; unsigned: [0, 2^w - 1].
  uint64_t largest = isSigned ? (uint64_t(1) << (width - 1)) - (n.negative ? 0 : 1)
                              : (width == 64 ? UINT64_MAX : (uint64_t(1) << width) - 1);
  if (n.magnitude > largest)
    return false;
  uint64_t bits = n.negative ? 0 - n.magnitude : n.magnitude;
  uint8_t *p = d.bytes.data() + i * bytes;
  for (unsigned k = 0; k < bytes; ++k)
    p[k] = uint8_t(bits >> (8 * k));
  return true;
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
  std::optional<int64_t> byteSize = type.getNumBytes();
  if (!byteSize)
    return emitError(typeLoc, "tensor type is too large");
  uint64_t numBytes = uint64_t(*byteSize);
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

} // namespace pt2onnx::ir::textparse
