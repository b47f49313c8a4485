//===- Driver.h - What the pt2onnx tools share -------------------------------===//
//
// Reading a program given on the command line into a Module, writing outputs
// atomically, and the exit-code convention of both tools:
//   0  success
//   1  the converted model was written but its numerics check (--verify) failed
//   2  bad input or unsupported program (the message says which and where)
//   3  internal error (a bug: the message asks to report it with the input)
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_DRIVER_H
#define PT2ONNX_TOOLS_DRIVER_H

#include "frontends/pt2/ImportLimits.h"
#include "ir/Module.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>

namespace pt2onnx::tools {

enum ExitCode : int {
  kExitOk = 0,
  kExitMismatch = 1,
  kExitBadInput = 2,
  kExitInternalError = 3,
};

/// An error that is the user's fault (exit code 2), as opposed to an
/// internal one (exit code 3): the input's, or the command line's (an option,
/// the output or report path), which is not about the input.
class InputError : public llvm::ErrorInfo<InputError> {
public:
  static char ID;
  InputError(std::string message, bool aboutCommandLine)
      : message(std::move(message)), aboutCommandLine(aboutCommandLine) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  bool isAboutCommandLine() const { return aboutCommandLine; }

private:
  std::string message;
  bool aboutCommandLine;
};

/// An error about the input; reportError puts the input path first.
llvm::Error makeInputError(const llvm::Twine &message);
/// An error about the command line, printed as it is.
llvm::Error makeCommandLineError(const llvm::Twine &message);

/// Reads `path` into a module: a `.pt2` archive through the frontend
/// (`modelName` picks the program), anything else as text (readModuleText;
/// `-` for stdin). Errors name the file: ir::LocatedErrors, or InputErrors.
/// The reader's warnings go to `warningHandler`, or to stderr without one.
/// The frontend refuses what exceeds `limits`.
llvm::Expected<std::unique_ptr<ir::Module>>
loadModule(llvm::StringRef path, llvm::StringRef modelName = "model",
           std::function<void(const llvm::Twine &)> warningHandler = nullptr,
           const pt2::ImportLimits &limits = {});

/// `text`, read from `name` from line `firstLine` on, as a module: a
/// program's JSON without its archive when `name` ends in `.json`
/// (pt2::importProgramText: how the frontend's lit tests state a node),
/// otherwise textual IR.
llvm::Expected<std::unique_ptr<ir::Module>>
readModuleText(llvm::StringRef text, llvm::StringRef name, unsigned firstLine = 1,
               std::function<void(const llvm::Twine &)> warningHandler = nullptr,
               const pt2::ImportLimits &limits = {});

/// The backend's errors that say the program cannot be written as ONNX
/// (std::errc::invalid_argument: an unsupported op, an opset mismatch) become
/// errors located in `inputPath`; others (the file system's, internal ones)
/// stay as they are.
llvm::Error classifyBackendError(llvm::Error err, llvm::StringRef inputPath);

/// Writes `path` through a temporary file renamed into place, so a failure
/// never leaves a partial file; `-` writes to stdout.
llvm::Error writeOutput(llvm::StringRef path,
                        const std::function<llvm::Error(llvm::raw_ostream &)> &write);

/// `err` with every error about the input (not about the command line) made
/// to start with `inputPath` (`-` is `<stdin>`) where its message does not:
/// `PATH: PLACE: REASON`. Messages that name it already are left alone.
llvm::Error locateInInput(llvm::Error err, llvm::StringRef inputPath);

/// Prints `tool: error: ...` for every error in `err` and returns the exit
/// code: 2 when all are input errors (InputError, an ir::LocatedError, or a
/// pass's ProgramError), else 3, after a plea to report the internal error.
/// With `inputPath`, every input error that is not about the command line
/// starts with it (`-` is `<stdin>`): `tool: error: PATH: PLACE: REASON`.
int reportError(llvm::StringRef tool, llvm::Error err, llvm::StringRef inputPath = {});

/// `pt2onnx <version>`, printed by --version.
void printVersion(llvm::raw_ostream &os);
/// The bare version, e.g. `0.1.0`.
llvm::StringRef getVersionString();

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_DRIVER_H
