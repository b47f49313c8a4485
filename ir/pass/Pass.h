//===- Pass.h - A transformation over a module, and the pass registry -------===//
//
// A pass rewrites a module in place and reports whether it changed anything.
// Passes are named (the name is what pipelines spell) and are created from the
// registry, with options given in the pipeline text: `fold-constants{limit=64}`.
// Each pass declares its summary and its options (key, type, default, help)
// once, in its PassInfo: the pipeline parser checks the options given against
// that declaration, and the tools' --help and --list-passes print it.
//
// This library sits on ir/ alone, below lowering/ and passes/, which both
// register passes into it.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_PASS_PASS_H
#define PT2ONNX_IR_PASS_PASS_H

#include "ir/Module.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pt2onnx::pass {

/// One option a pass declares.
struct PassOptionInfo {
  enum class Type { Bool, Int, String };
  /// The key the pipeline text spells: `limit` in `fold-constants{limit=64}`.
  std::string key;
  Type type;
  /// The value when the pipeline does not give one, as it would be written.
  std::string defaultValue;
  /// One line for --help.
  std::string help;
};

llvm::StringRef getTypeName(PassOptionInfo::Type type);

struct PassInfo;

/// The options of one pass instance: every declared option, at its default
/// unless the pipeline text gave it. Values are checked against their type
/// when set, so the getters cannot fail.
class PassOptions {
public:
  explicit PassOptions(const PassInfo &info);

  /// Sets `key` to `value`; an error when the pass declares no such option or
  /// `value` is not of its type.
  llvm::Error set(llvm::StringRef key, llvm::StringRef value);

  bool getBool(llvm::StringRef key) const;
  int64_t getInt(llvm::StringRef key) const;
  llvm::StringRef getString(llvm::StringRef key) const;

private:
  const PassInfo &info;
  llvm::StringMap<std::string> values;
};

class Pass {
public:
  virtual ~Pass() = default;
  /// The name pipelines use, e.g. `dce`.
  virtual llvm::StringRef getName() const = 0;
  /// Runs on `module`; returns whether anything changed.
  virtual llvm::Expected<bool> run(ir::Module &module) = 0;

  /// Adds `delta` to the counter `name` (what the pass did: `erased-ops`),
  /// which --pass-statistics prints after the pipeline.
  void addStatistic(llvm::StringRef name, int64_t delta = 1);
  const llvm::StringMap<int64_t> &getStatistics() const;

private:
  llvm::StringMap<int64_t> statistics;
};

/// An error that is the program's fault, not the compiler's: a pass refuses
/// what it cannot transform exactly. It names the op it refused (its place),
/// or none when the whole program is at fault. A pass does not know which
/// file the program came from: the tools, which do, turn it into an
/// ir::LocatedError (locateProgramErrors) and report it as bad input,
/// `INPUT: PLACE: REASON`.
class ProgramError : public llvm::ErrorInfo<ProgramError> {
public:
  static char ID;
  ProgramError(std::string place, std::string reason)
      : place(std::move(place)), reason(std::move(reason)) {}

  /// The op, as ir::describeOp names it; empty for the whole program.
  llvm::StringRef getPlace() const { return place; }
  llvm::StringRef getReason() const { return reason; }

  /// `PLACE: REASON`, or `REASON` without a place.
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }

private:
  std::string place;
  std::string reason;
};

/// The whole program is at fault.
llvm::Error makeProgramError(const llvm::Twine &reason);
/// `op` is at fault.
llvm::Error makeProgramError(const ir::Operation &op, const llvm::Twine &reason);

/// Every ProgramError in `err` as an ir::LocatedError of `input`, the file
/// the program was read from; other errors stay as they are.
llvm::Error locateProgramErrors(llvm::Error err, llvm::StringRef input);

using PassFactory = std::function<llvm::Expected<std::unique_ptr<Pass>>(const PassOptions &)>;

struct PassInfo {
  std::string name;
  /// One line for --help and --list-passes.
  std::string summary;
  std::vector<PassOptionInfo> options;
  PassFactory factory;

  const PassOptionInfo *lookupOption(llvm::StringRef key) const;
};

/// Makes `info.name` available to pipelines; a second registration of a name
/// replaces the first.
void registerPass(PassInfo info);
/// The registered passes, sorted by name.
std::vector<const PassInfo *> getRegisteredPasses();
const PassInfo *lookupPass(llvm::StringRef name);

/// Every registered pass, one a line with its summary, then its options, one
/// a line with type, default and help: what --help and --list-passes show.
void printRegisteredPasses(llvm::raw_ostream &os);

} // namespace pt2onnx::pass

#endif // PT2ONNX_IR_PASS_PASS_H
