//===- Pass.h - A transformation over a module ------------------------------===//
//
// A pass rewrites a module in place and reports whether it changed anything.
// Passes are named (the name is what pipelines spell) and are created from the
// registry, with options given in the pipeline text: `fold-constants{limit=64}`.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_PASS_H
#define PT2ONNX_PASSES_PASS_H

#include "ir/Module.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>

namespace pt2onnx::passes {

/// Options of one pass instance, from the pipeline text (`name{k=v,k2=v2}`).
class PassOptions {
public:
  void set(llvm::StringRef key, llvm::StringRef value) { values[key] = value.str(); }
  bool has(llvm::StringRef key) const { return values.count(key); }
  /// The integer value of `key`, or `fallback` when absent; an error when
  /// present but not an integer.
  llvm::Expected<int64_t> getInt(llvm::StringRef key, int64_t fallback) const;
  llvm::StringRef getString(llvm::StringRef key, llvm::StringRef fallback = {}) const;
  /// Errors on every key not in `known`.
  llvm::Error checkKnown(llvm::StringRef passName, llvm::ArrayRef<llvm::StringRef> known) const;

private:
  llvm::StringMap<std::string> values;
};

class Pass {
public:
  virtual ~Pass() = default;
  /// The name pipelines use, e.g. `dce`.
  virtual llvm::StringRef getName() const = 0;
  /// Runs on `module`; returns whether anything changed.
  virtual llvm::Expected<bool> run(ir::Module &module) = 0;

  /// Adds `delta` to the counter `name` (how often something happened in
  /// the runs of this pass, e.g. how often each of its patterns applied).
  void addStatistic(llvm::StringRef name, int64_t delta = 1) { statistics[name] += delta; }
  const llvm::StringMap<int64_t> &getStatistics() const { return statistics; }

private:
  llvm::StringMap<int64_t> statistics;
};

/// An error that is the program's fault, not the compiler's: a pass refuses
/// what it cannot transform exactly. The tools report it as bad input.
class ProgramError : public llvm::ErrorInfo<ProgramError> {
public:
  static char ID;
  explicit ProgramError(std::string message) : message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }

private:
  std::string message;
};

llvm::Error makeProgramError(const llvm::Twine &message);

using PassFactory = std::function<llvm::Expected<std::unique_ptr<Pass>>(const PassOptions &)>;

struct PassInfo {
  std::string name;
  std::string description;
  PassFactory factory;
};

/// Makes `name` available to pipelines. Each pass file registers itself.
void registerPass(llvm::StringRef name, llvm::StringRef description, PassFactory factory);
/// The registered passes, sorted by name.
std::vector<const PassInfo *> getRegisteredPasses();
const PassInfo *lookupPass(llvm::StringRef name);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_PASS_H
