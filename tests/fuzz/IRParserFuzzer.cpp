//===- IRParserFuzzer.cpp - Fuzzing the textual IR parser --------------------===//
//
// Feeds: textual IR, as pt2onnx-opt reads it and the lit tests write it.
// Does: parses it; a module that parses is verified and printed.
// Asserts: the printed form of a module that parses parses again, and
// prints the same (printing is a fixpoint after one round); errors are
// consumed.
//
//===----------------------------------------------------------------------===//

#include "tests/fuzz/FuzzCheck.h"

#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"

using namespace pt2onnx::ir;

static std::string print(const Module &module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printModule(module, os);
  return text;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::Expected<std::unique_ptr<Module>> module = parseModule(text, "fuzz.mlir");
  if (!module) {
    llvm::consumeError(module.takeError());
    return 0;
  }
  llvm::consumeError(verifyModule(**module));
  std::string printed = print(**module);
  llvm::Expected<std::unique_ptr<Module>> reparsed = parseModule(printed, "printed.mlir");
  if (!reparsed) {
    std::fprintf(stderr, "%s\n%s\n", printed.c_str(),
                 llvm::toString(reparsed.takeError()).c_str());
    FUZZ_CHECK(false, "the printed module does not parse");
  }
  std::string reprinted = print(**reparsed);
  if (reprinted != printed)
    std::fprintf(stderr, "printed:\n%s\nreprinted:\n%s\n", printed.c_str(), reprinted.c_str());
  FUZZ_CHECK(reprinted == printed, "printing the reparsed module differs");
  return 0;
}
