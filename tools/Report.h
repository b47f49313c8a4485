//===- Report.h - What one conversion did: pt2onnx --report and --stats ----===//
//
// pt2onnx records, as it converts, what a user needs to understand the
// conversion: the program that came in (torch version, inputs and outputs
// with dtypes and dims, symbolic dims with their ranges, the ATen op
// histogram), each pass with its wall time, op count and statistics (which
// decompositions and fusions fired), every op that could not be lowered with
// where it comes from in the user's model (its nn_module_stack path and
// source line), the op histogram of the model written, the warnings and the
// error. `--report FILE.md` writes it as Markdown whether the conversion
// succeeds or fails; `--stats` prints the numbers.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_REPORT_H
#define PT2ONNX_TOOLS_REPORT_H

#include "ir/Module.h"
#include "ir/pass/PassManager.h"
#include "tools/OpHistogram.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace pt2onnx::tools {

class ConversionReport {
public:
  ConversionReport(std::string inputPath, std::string outputPath, int opset);

  /// Starts timing a step of the conversion outside the pipeline (reading
  /// the input, writing the model); it ends when the next one starts.
  void startStep(llvm::StringRef name);
  void addWarning(const llvm::Twine &message);
  /// An error that does not stop the conversion (a failed numerics check).
  void addError(const llvm::Twine &message);
  /// The program as imported: its signature and ATen op histogram.
  void recordInput(const ir::Module &module);
  /// Adds hooks to `instr` that record each pass, after those it has.
  void instrument(pass::Instrumentation &instr);
  /// `err`, unchanged. When it says that ops could not be lowered, records
  /// those ops from `module`, where the lowering left them.
  llvm::Error recordPipelineError(llvm::Error err, const ir::Module &module);
  /// The program as written: its op histogram, and the ops left to a custom
  /// domain (--allow-unsupported).
  void recordOutput(const ir::Module &module);
  /// `err`, unchanged, after recording its messages.
  llvm::Error recordError(llvm::Error err);
  /// Ends the conversion with its exit code (tools/Driver.h).
  void finish(int exitCode);

  /// The report, in Markdown.
  void writeMarkdown(llvm::raw_ostream &os) const;
  /// The op histograms in and out, the passes with time and op count, what
  /// they counted, the time of each step and the peak memory.
  void printStats(llvm::raw_ostream &os) const;

private:
  struct Value {
    std::string name;
    std::string kind;
    std::string dtype;
    std::string shape;
  };
  struct Symbol {
    std::string name;
    std::string range;
  };
  struct Step {
    std::string name;
    double seconds = 0;
    /// Ops after a pass; unset for steps outside the pipeline.
    std::optional<size_t> opsAfter;
    std::vector<std::pair<std::string, int64_t>> statistics;
    bool failed = false;
  };
  /// The uses of an unsupported overload at one place of the user's model.
  struct Site {
    std::string module;
    std::string source;
    std::string code;
    std::vector<std::string> nodes;
    size_t uses = 0;
  };
  struct Unsupported {
    std::string name;
    std::string reason;
    size_t uses = 0;
    std::vector<Site> sites;
  };

  void endStep();
  /// Groups the ops of `module` named in `reasons` (name, reason) by overload
  /// and by place in the user's model.
  void recordUnsupported(const ir::Module &module,
                         llvm::ArrayRef<std::pair<std::string, std::string>> reasons);
  void writeSummary(llvm::raw_ostream &os) const;
  void writeProgram(llvm::raw_ostream &os) const;
  void writeUnsupported(llvm::raw_ostream &os) const;
  void writePasses(llvm::raw_ostream &os) const;

  std::string inputPath;
  std::string outputPath;
  int opset;
  std::chrono::steady_clock::time_point start;
  std::chrono::steady_clock::time_point stepStart;
  std::optional<std::string> currentStep;
  double totalSeconds = 0;
  uint64_t peakMemoryBytes = 0;

  bool imported = false;
  std::string torchVersion;
  std::string schemaVersion;
  std::vector<Value> inputs;
  std::vector<Value> outputs;
  std::vector<Symbol> symbols;
  std::map<std::string, size_t> inputKindCounts;
  OpHistogram opsIn;
  std::optional<OpHistogram> opsOut;

  std::vector<Step> steps;
  std::vector<Unsupported> unsupported;
  /// The unsupported ops were kept (--allow-unsupported), not refused.
  bool unsupportedKept = false;
  std::vector<std::string> warnings;
  std::vector<std::string> errors;
  int exitCode = 0;
};

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_REPORT_H
