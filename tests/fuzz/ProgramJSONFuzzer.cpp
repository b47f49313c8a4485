//===- ProgramJSONFuzzer.cpp - Fuzzing the ExportedProgram JSON importer -----===//
//
// Feeds: the JSON of one program (`models/<name>.json` of a .pt2), as
// pt2::importProgramText reads it: without weights, `//` comment lines
// allowed.
// Does: imports it; a module that imports is verified and printed.
// Asserts: an imported module that verifies prints as textual IR that
// parses back; errors are consumed.
//
//===----------------------------------------------------------------------===//

#include "tests/fuzz/FuzzCheck.h"

#include "frontends/pt2/ProgramImporter.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"

using namespace pt2onnx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  pt2::ProgramImportOptions options;
  options.sourceName = "fuzz.json";
  options.warningHandler = [](const llvm::Twine &) {};
  llvm::Expected<std::unique_ptr<ir::Module>> module = pt2::importProgramText(text, options);
  if (!module) {
    llvm::consumeError(module.takeError());
    return 0;
  }
  if (llvm::Error err = ir::verifyModule(**module)) {
    llvm::consumeError(std::move(err));
    return 0;
  }
  std::string printed;
  llvm::raw_string_ostream os(printed);
  ir::printModule(**module, os);
  llvm::Expected<std::unique_ptr<ir::Module>> reparsed = ir::parseModule(printed, "printed.mlir");
  if (!reparsed) {
    std::fprintf(stderr, "%s\n%s\n", printed.c_str(),
                 llvm::toString(reparsed.takeError()).c_str());
    FUZZ_CHECK(false, "the imported module prints as text that does not parse");
  }
  return 0;
}
