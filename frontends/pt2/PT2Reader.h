//===- PT2Reader.h - Importing a .pt2 archive -------------------*- C++ -*-===//
//
// The frontend's entry point: opens a .pt2 file written by torch.export.save,
// finds its layout (PT2Layout.h), reads the program's JSON and imports it
// (ProgramImporter.h) with weights served from the archive.
//
// Weights are not copied: a parameter stored as a contiguous run of bytes in
// an uncompressed entry becomes a view into the memory-mapped archive, kept
// alive by the module. Views that are not contiguous (a transposed or strided
// slice of a shared storage) are gathered into an owned buffer, once per
// distinct view, so that tied parameters still share their bytes.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_PT2READER_H
#define PT2ONNX_FRONTENDS_PT2_PT2READER_H

#include "frontends/pt2/ImportLimits.h"
#include "ir/Module.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pt2onnx::pt2 {

struct ImportOptions {
  /// The program to import: `models/<modelName>.json` of an archive that
  /// holds several. Legacy archives (torch 2.1 to 2.6) hold one, "model".
  std::string modelName = "model";
  /// Receives warnings; null prints them to llvm::errs().
  std::function<void(const llvm::Twine &)> warningHandler;
  /// Nodes, nesting, string lengths and weight bytes beyond these are errors.
  ImportLimits limits;
};

llvm::Expected<std::unique_ptr<ir::Module>> importPT2(llvm::StringRef path,
                                                      const ImportOptions &options = {});

/// Imports the archive held in `buffer` (its identifier names it in
/// diagnostics); the module keeps the buffer alive as long as its weights
/// view it.
llvm::Expected<std::unique_ptr<ir::Module>>
importPT2(std::unique_ptr<llvm::MemoryBuffer> buffer, const ImportOptions &options = {});

/// The names of the programs a .pt2 archive holds, sorted.
llvm::Expected<std::vector<std::string>> listPT2Models(llvm::StringRef path);

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_PT2READER_H
