//===- PassManager.h - Running a pipeline with instrumentation -------------===//
//
// A PassManager runs a pipeline given as text (`functionalize,lower-aten,cse`)
// and instruments it the way mlir-opt does: IR dumps before/after chosen
// passes, after all of them or only after those that changed something,
// verification after each pass (naming the pass that broke the IR), per-pass
// timing with the op-count delta, and one numbered dump file per pass.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_PASSMANAGER_H
#define PT2ONNX_PASSES_PASSMANAGER_H

#include "ir/Printer.h"
#include "passes/Pass.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace pt2onnx::passes {

struct Instrumentation {
  llvm::StringSet<> printBefore;
  llvm::StringSet<> printAfter;
  bool printAfterAll = false;
  bool printAfterChange = false;
  bool verifyEach = false;
  bool timing = false;
  /// When non-empty, `NN-<pass>.mlir` is written there after each pass
  /// (`00-input.mlir` first).
  std::string irDumpDir;
  ir::PrintOptions printOptions;
};

class PassManager {
public:
  /// Parses `pipeline` (comma-separated pass names, each optionally followed
  /// by `{key=value,...}`) into passes from the registry.
  static llvm::Expected<PassManager> parse(llvm::StringRef pipeline);

  void addPass(std::unique_ptr<Pass> pass) { passes.push_back(std::move(pass)); }
  size_t size() const { return passes.size(); }
  /// The pipeline as text, one pass name after the other.
  std::string str() const;

  /// Runs every pass in order; dumps and timings go to `log`. Stops at the
  /// first failing pass and returns its error unchanged.
  llvm::Error run(ir::Module &module, const Instrumentation &instr, llvm::raw_ostream &log);

private:
  std::vector<std::unique_ptr<Pass>> passes;
  std::vector<std::string> specs;
};

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_PASSMANAGER_H
