//===- BisectNumerics.h - pt2onnx-opt --bisect-numerics: which pass changed the numbers ===//
//
// Runs a pipeline one pass at a time and evaluates the program after each
// pass with pt2onnx's interpreter (passes/eval/Interpreter.h), on the first
// input set of a numerics check (tools/NumericsCheck.h: --verify-inputs,
// else the archive's sample inputs, else random). Each pass's outputs are
// compared with the previous pass's under the tolerances of --verify; the
// first pass whose outputs differ is named, and within it the first op:
//
//   the program before the pass and after it are run again, recording the
//   value of every op of the `main` graph; each value of the program after
//   the pass is matched with the value of the same name before it (the
//   importer names values after torch's nodes, and the passes keep the name
//   on the value that replaces another), else with a value of the same
//   torch node (provenance), dtype and shape that leaves that node's ops.
//   The first op, in program order, whose value differs from its
//   counterpart is named; when no matched value differs, the first op
//   without a counterpart (one the pass created) that a differing output
//   depends on.
//
// The program before that pass is written as textual IR with its weights,
// so that `pt2onnx-opt REPRO.mlir --passes=PASS --bisect-numerics` shows the
// same change; when it still does, the reproducer is cut to the outputs that
// differ and the ops they depend on.
//
// A pass whose comparison cannot conclude (an op the interpreter cannot run,
// a random op, a changed signature) is reported as such and the bisection
// goes on.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_BISECTNUMERICS_H
#define PT2ONNX_TOOLS_BISECTNUMERICS_H

#include "ir/pass/PassManager.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace pt2onnx::tools {

struct BisectOptions {
  /// The program: a .pt2 archive or text, as loadModule reads it.
  std::string inputPath;
  std::string modelName = "model";
  /// The pipeline, as PassManager::str spells it.
  std::string pipeline;
  /// Where the reproducer is written.
  std::string reproPath;
  /// Run around every pass (--print-ir-after-all, --verify-each...).
  pass::Instrumentation instrumentation;
};

/// Bisects the pipeline over the program, printing a line per pass to `os`;
/// returns whether a pass changed the numbers (then named, with its op, and
/// the reproducer written).
llvm::Expected<bool> bisectNumerics(const BisectOptions &options, llvm::raw_ostream &os);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_BISECTNUMERICS_H
