//===- Progress.h - The step a long conversion is at, on the terminal -------===//
//
// A conversion that takes longer than a second shows, on one line of stderr
// that it keeps rewriting, the step it is at (`[4/9] fold-constants`) and
// the time spent; the line is erased when the conversion ends. Only when
// stderr is a terminal: pipes and CI logs never see it.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_PROGRESS_H
#define PT2ONNX_TOOLS_PROGRESS_H

#include "ir/pass/PassManager.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace pt2onnx::tools {

class Progress {
public:
  /// Shows nothing unless `enabled`.
  Progress(llvm::StringRef tool, bool enabled);
  /// Erases the line.
  ~Progress();
  Progress(const Progress &) = delete;
  Progress &operator=(const Progress &) = delete;

  /// Whether to show progress: stderr is a terminal, and a pipeline run
  /// with `instr` prints nothing there that the line would garble.
  static bool wanted(const pass::Instrumentation &instr);

  void setStep(const llvm::Twine &step);
  /// Adds hooks to `instr` that show each pass of a pipeline of `numPasses`
  /// as a step, after those it has.
  void instrument(pass::Instrumentation &instr, size_t numPasses);
  /// Runs `write`, which prints a message, with the line erased; the line
  /// comes back after.
  void print(llvm::function_ref<void()> write);

private:
  void show();
  void erase();

  std::string tool;
  bool enabled;
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  std::string step;
  bool done = false;
  bool shown = false;
  size_t passIndex = 0;
  std::thread thread;
};

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_PROGRESS_H
