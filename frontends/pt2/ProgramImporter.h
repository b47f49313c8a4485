//===- ProgramImporter.h - ExportedProgram JSON to IR -----------*- C++ -*-===//
//
// Builds an ir::Module from the JSON form of a torch.export ExportedProgram
// (torch/_export/serde/schema.yaml, schema version 8.x): one `ir.graph` named
// `main` whose entry-block arguments are the user inputs, parameters, buffers
// and tensor constants as `ir.constant` weight references, one op per node
// named after its target (`aten.add.Tensor`), higher-order ops with their
// subgraphs as nested regions, the graph signature, range constraints and
// module call graph as attributes of the graph op, and each node's metadata
// as the provenance of its ops. docs/frontend.md gives the conventions in
// full.
//
// The JSON is untrusted: every malformed input is an error naming the source,
// the JSON path and what was expected, e.g.
//   model.pt2: model/models/model.json: graph_module.graph.nodes[12].inputs[1].arg:
//   expected an object with one of as_none, as_tensor, ...
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_PROGRAMIMPORTER_H
#define PT2ONNX_FRONTENDS_PT2_PROGRAMIMPORTER_H

#include "frontends/pt2/ImportLimits.h"
#include "ir/Module.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace pt2onnx::pt2 {

/// Supplies the bytes of the tensors a program's signature names: parameters
/// and buffers (the state dict) and tensor constants, by fully qualified name.
class WeightProvider {
public:
  virtual ~WeightProvider();
  /// The tensor stored under `fqn`. The importer checks its dtype and shape
  /// against the graph's.
  virtual llvm::Expected<ir::WeightData> getTensor(llvm::StringRef fqn) = 0;
};

struct ProgramImportOptions {
  /// Names the JSON in diagnostics, e.g. `model.pt2: model/models/model.json`.
  std::string sourceName = "<program>";
  /// Receives warnings (fields this importer does not know, as a newer minor
  /// schema version may add); null prints them to llvm::errs().
  std::function<void(const llvm::Twine &)> warningHandler;
  /// Nodes, nesting and string lengths beyond these are errors.
  ImportLimits limits;
};

/// The schema version the importer was written against; any 8.x is read.
constexpr int kSchemaMajor = 8;
constexpr int kSchemaMinor = 20;

llvm::Expected<std::unique_ptr<ir::Module>>
importProgramJSON(llvm::StringRef json, WeightProvider &weights,
                  const ProgramImportOptions &options = {});

/// The element type of a value of the schema's ScalarType enum, if the IR
/// has one.
/// A program's JSON on its own, as a test writes it: lines whose first
/// non-blank characters are `//` are comments (kept as blank lines, so
/// error positions stay those of the text), and there are no weights, so a
/// parameter, buffer or tensor constant is an error.
llvm::Expected<std::unique_ptr<ir::Module>>
importProgramText(llvm::StringRef text, const ProgramImportOptions &options = {});

std::optional<ir::DType> getDTypeOfScalarType(int64_t scalarType);

/// Checks JSON text against the limits on nesting and string length before
/// it is parsed; errors name `source` and the byte offset.
llvm::Error checkJsonLimits(llvm::StringRef text, llvm::StringRef source,
                            const ImportLimits &limits);

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_PROGRAMIMPORTER_H
