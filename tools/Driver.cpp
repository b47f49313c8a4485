//===- Driver.cpp - What the pt2onnx tools share -----------------------------===//

#include "tools/Driver.h"

#include "frontends/pt2/PT2Reader.h"
#include "frontends/pt2/ProgramImporter.h"
#include "ir/Diagnostic.h"
#include "ir/Parser.h"
#include "ir/pass/Pass.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

namespace pt2onnx::tools {

char InputError::ID = 0;

llvm::Error makeInputError(const llvm::Twine &message) {
  return llvm::make_error<InputError>(message.str(), /*aboutCommandLine=*/false);
}

llvm::Error makeCommandLineError(const llvm::Twine &message) {
  return llvm::make_error<InputError>(message.str(), /*aboutCommandLine=*/true);
}

/// How diagnostics name the input: `-` is stdin.
static llvm::StringRef getShownPath(llvm::StringRef inputPath) {
  return inputPath == "-" ? llvm::StringRef("<stdin>") : inputPath;
}

/// The readers locate their errors (ir::LocatedError); whatever else they
/// report is still about the input.
static llvm::Error asInputError(llvm::Error err) {
  return llvm::handleErrors(std::move(err),
                            [](std::unique_ptr<llvm::ErrorInfoBase> e) -> llvm::Error {
                              if (e->isA<ir::LocatedError>())
                                return llvm::Error(std::move(e));
                              return makeInputError(e->message());
                            });
}

llvm::Expected<std::unique_ptr<ir::Module>>
loadModule(llvm::StringRef path, llvm::StringRef modelName,
           std::function<void(const llvm::Twine &)> warningHandler,
           const pt2::ImportLimits &limits) {
  if (path.endswith(".pt2")) {
    pt2::ImportOptions options;
    options.modelName = modelName.str();
    options.warningHandler = std::move(warningHandler);
    options.limits = limits;
    llvm::Expected<std::unique_ptr<ir::Module>> module = pt2::importPT2(path, options);
    if (!module)
      return asInputError(module.takeError());
    return module;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!buffer)
    return makeInputError(path + ": cannot read: " + buffer.getError().message());
  llvm::StringRef bufferName = getShownPath(path);
  llvm::Expected<std::unique_ptr<ir::Module>> module =
      readModuleText((*buffer)->getBuffer(), bufferName, 1, std::move(warningHandler), limits);
  if (!module)
    return asInputError(module.takeError());
  return module;
}

llvm::Expected<std::unique_ptr<ir::Module>>
readModuleText(llvm::StringRef text, llvm::StringRef name, unsigned firstLine,
               std::function<void(const llvm::Twine &)> warningHandler,
               const pt2::ImportLimits &limits) {
  if (!name.endswith(".json"))
    return ir::parseModule(text, name, firstLine);
  pt2::ProgramImportOptions options;
  options.sourceName = name.str();
  options.warningHandler = std::move(warningHandler);
  options.limits = limits;
  return pt2::importProgramText(text, options);
}

llvm::Error writeOutput(llvm::StringRef path,
                        const std::function<llvm::Error(llvm::raw_ostream &)> &write) {
  if (llvm::Error err = llvm::writeToOutput(path, write)) {
    // The write callback's own errors pass through unchanged; file-system
    // failures name the path.
    return llvm::handleErrors(
        std::move(err),
        [&](const llvm::ECError &ec) -> llvm::Error {
          return makeCommandLineError(path + ": cannot write: " +
                                      ec.convertToErrorCode().message());
        },
        [&](const llvm::FileError &fe) -> llvm::Error {
          return makeCommandLineError(path + ": cannot write: " +
                                      fe.convertToErrorCode().message());
        });
  }
  return llvm::Error::success();
}

llvm::Error classifyBackendError(llvm::Error err, llvm::StringRef inputPath) {
  return llvm::handleErrors(std::move(err),
                            [&](std::unique_ptr<llvm::ErrorInfoBase> e) -> llvm::Error {
                              if (e->convertToErrorCode() == std::errc::invalid_argument)
                                return ir::makeLocatedError(getShownPath(inputPath), "",
                                                            e->message());
                              return llvm::Error(std::move(e));
                            });
}

llvm::Error locateInInput(llvm::Error err, llvm::StringRef inputPath) {
  llvm::StringRef shownPath = getShownPath(inputPath);
  if (shownPath.empty())
    return err;
  return llvm::handleErrors(
      std::move(err), [&](std::unique_ptr<llvm::ErrorInfoBase> e) -> llvm::Error {
        const auto *inputError =
            e->isA<InputError>() ? static_cast<const InputError *>(e.get()) : nullptr;
        bool aboutInput = e->isA<ir::LocatedError>() || e->isA<pass::ProgramError>() ||
                          (inputError && !inputError->isAboutCommandLine());
        // `PATH: ...`, `PATH:4:2: ...` and `PATH!entry: ...` (a torch.save
        // file inside the archive) name it already.
        std::string message = e->message();
        llvm::StringRef rest = message;
        if (!aboutInput || (rest.consume_front(shownPath) && rest.find_first_of(":!") == 0))
          return llvm::Error(std::move(e));
        return makeInputError(shownPath + ": " + message);
      });
}

int reportError(llvm::StringRef tool, llvm::Error err, llvm::StringRef inputPath) {
  bool allInput = true;
  llvm::handleAllErrors(locateInInput(std::move(err), inputPath), [&](const llvm::ErrorInfoBase &e) {
    if (!e.isA<InputError>() && !e.isA<ir::LocatedError>() && !e.isA<pass::ProgramError>())
      allInput = false;
    llvm::WithColor::error(llvm::errs(), tool) << e.message() << '\n';
  });
  if (allInput)
    return kExitBadInput;
  llvm::errs() << "This is a bug in " << tool << " " << getVersionString()
               << ": please report it with the command line and the input file.\n";
  return kExitInternalError;
}

void printVersion(llvm::raw_ostream &os) { os << "pt2onnx " << getVersionString() << '\n'; }

llvm::StringRef getVersionString() { return PT2ONNX_VERSION; }

} // namespace pt2onnx::tools
