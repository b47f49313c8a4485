//===- Progress.cpp - The step a long conversion is at, on the terminal -----===//
//
// A thread waits out the first second, then redraws the line four times a
// second until the conversion ends; the steps only set the text it draws.
//
//===----------------------------------------------------------------------===//

#include "tools/Progress.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::tools {

namespace {
constexpr std::chrono::seconds kQuietTime(1);
constexpr std::chrono::milliseconds kRedrawInterval(250);
} // namespace

bool Progress::wanted(const pass::Instrumentation &instr) {
  bool logs = !instr.printBefore.empty() || !instr.printAfter.empty() || instr.printAfterAll ||
              instr.printAfterChange || instr.timing || instr.statistics;
  return !logs && llvm::sys::Process::StandardErrIsDisplayed();
}

Progress::Progress(llvm::StringRef tool, bool enabled)
    : tool(tool.str()), enabled(enabled), start(std::chrono::steady_clock::now()) {
  if (!enabled)
    return;
  thread = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex);
    if (wake.wait_until(lock, start + kQuietTime, [this] { return done; }))
      return;
    while (!done) {
      show();
      wake.wait_for(lock, kRedrawInterval, [this] { return done; });
    }
  });
}

Progress::~Progress() {
  if (!enabled)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    erase();
  }
  wake.notify_all();
  thread.join();
}

void Progress::show() {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  llvm::errs() << "\r\x1b[K" << tool << ": " << step << llvm::format(" (%.1f s)", seconds);
  llvm::errs().flush();
  shown = true;
}

void Progress::erase() {
  if (!shown)
    return;
  llvm::errs() << "\r\x1b[K";
  llvm::errs().flush();
  shown = false;
}

void Progress::setStep(const llvm::Twine &text) {
  if (!enabled)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  step = text.str();
  if (shown)
    show();
}

void Progress::instrument(pass::Instrumentation &instr, size_t numPasses) {
  if (!enabled)
    return;
  auto before = std::move(instr.beforePass);
  instr.beforePass = [this, before, numPasses](const pass::Pass &pass) {
    if (before)
      before(pass);
    ++passIndex;
    setStep("[" + llvm::Twine(passIndex) + "/" + llvm::Twine(numPasses) + "] " + pass.getName());
  };
}

void Progress::print(llvm::function_ref<void()> write) {
  std::lock_guard<std::mutex> lock(mutex);
  bool wasShown = shown;
  erase();
  write();
  llvm::outs().flush();
  if (wasShown)
    show();
}

} // namespace pt2onnx::tools
