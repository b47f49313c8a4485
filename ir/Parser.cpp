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
// The first error stops the parse; it is reported as an ir::LocatedError,
// `<buffer>:<line>:<col>: error: <message>`.
//
// This file holds the entry point, the resource section and the weights;
// TextParser.h declares the Parser class and lists the files defining the
// rest of it.
//
//===----------------------------------------------------------------------===//

#include "ir/Parser.h"
#include "ir/TextParser.h"

namespace pt2onnx::ir {

namespace textparse {

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
        std::optional<int64_t> expected = type.getNumBytes();
        if (!expected)
          return emitError(dataLoc, "resource '" + blob.name + "' has the type " + type.str() +
                                        ", whose size in bytes overflows int64");
        uint64_t numBytes = digits.size() / 2 - 4;
        if (numBytes != uint64_t(*expected))
          return emitError(dataLoc, "resource '" + blob.name + "' has " + llvm::Twine(numBytes) +
                                        " bytes, but its type " + type.str() + " needs " +
                                        llvm::Twine(*expected));
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
    return takeError();
  skipTrivia();
  if (cur != end) {
    (void)emitError("expected end of input after the module");
    return takeError();
  }
  registerWeights(*module);
  return module;
}

} // namespace textparse

llvm::Expected<std::unique_ptr<Module>> parseModule(llvm::StringRef text,
                                                    llvm::StringRef bufferName,
                                                    unsigned firstLine) {
  return textparse::Parser(text, bufferName, firstLine).parse();
}

} // namespace pt2onnx::ir
