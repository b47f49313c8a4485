//===- PassManager.h - Running a pipeline with instrumentation -------------===//
//
// A PassManager runs a pipeline given as text (`functionalize,lower-aten,cse`)
// and instruments it the way mlir-opt does: IR dumps before/after chosen
// passes, after all of them or only after those that changed something,
// verification after each pass (naming the pass that broke the IR), per-pass
// timing with the op-count delta, one numbered dump file per pass, and the
// passes' statistics (Pass::addStatistic) after the run; callbacks around
// each pass let a tool follow the run.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_PASS_PASSMANAGER_H
#define PT2ONNX_IR_PASS_PASSMANAGER_H

#include "ir/Printer.h"
#include "ir/pass/Pass.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pt2onnx::pass {

struct Instrumentation {
  llvm::StringSet<> printBefore;
  llvm::StringSet<> printAfter;
  bool printAfterAll = false;
  bool printAfterChange = false;
  bool verifyEach = false;
  bool timing = false;
  /// Print every pass's statistics after the pipeline.
  bool statistics = false;
  /// When non-empty, `NN-<pass>.mlir` is written there after each pass
  /// (`00-input.mlir` first).
  std::string irDumpDir;
  ir::PrintOptions printOptions;
  /// Called before each pass runs, and after it succeeded with its wall
  /// time: what a progress display or a conversion report listens to.
  std::function<void(const Pass &)> beforePass;
  std::function<void(const Pass &, const ir::Module &, double seconds)> afterPass;
};

class PassManager {
public:
  /// Parses `pipeline` (comma-separated pass names, each optionally followed
  /// by `{key=value,...}`) into passes from the registry.
  static llvm::Expected<PassManager> parse(llvm::StringRef pipeline);

  /// Appends the registered pass `name` with `options` (key and value as the
  /// pipeline text spells them); an error for an unknown pass or an option
  /// its declaration rejects.
  llvm::Error addPass(llvm::StringRef name,
                      llvm::ArrayRef<std::pair<std::string, std::string>> options = {});
  /// Appends a pass that need not be registered.
  void addPass(std::unique_ptr<Pass> pass);
  /// Appends the passes of `other`, in order.
  void append(PassManager other);
  size_t size() const { return passes.size(); }
  /// The pipeline as text that parse() reads back: `cse,fold-constants{limit=8}`.
  std::string str() const;
  /// Whether a pass of that name is in the pipeline.
  bool contains(llvm::StringRef name) const;

  /// Runs every pass in order; dumps and timings go to `log`. Stops at the
  /// first failing pass and returns its error unchanged.
  llvm::Error run(ir::Module &module, const Instrumentation &instr, llvm::raw_ostream &log);

  /// Each pass in order with its statistics, by name (what
  /// Instrumentation::statistics prints after the run).
  void printStatistics(llvm::raw_ostream &os) const;

private:
  std::vector<std::unique_ptr<Pass>> passes;
  std::vector<std::string> specs;
};

} // namespace pt2onnx::pass

#endif // PT2ONNX_IR_PASS_PASSMANAGER_H
