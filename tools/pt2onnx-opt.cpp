//===- pt2onnx-opt.cpp - The pass-debugging driver ---------------------------===//
//
// Reads a program as textual IR, runs a pass pipeline (none by default) with
// mlir-opt-style instrumentation, and prints the result. It is the tool the
// lit tests drive, and the one to reach for when looking at what a stage of
// the compiler produced.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/ImportSummary.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "tools/Driver.h"
#include "tools/LowerAtenPass.h"
#include "tools/PipelineOptions.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

using namespace pt2onnx;
namespace cl = llvm::cl;

static cl::OptionCategory category("pt2onnx-opt options");
static cl::opt<std::string> inputPath(cl::Positional,
                                      cl::desc("<input .pt2 or .mlir, or - for stdin>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string> outputPath("o", cl::desc("Output file (default: stdout)"),
                                       cl::value_desc("file"), cl::init("-"), cl::cat(category));
static cl::opt<bool> verify("verify", cl::desc("Verify the module; exit 2 with diagnostics if invalid"),
                            cl::cat(category));
static cl::opt<bool> printWeights("print-weights",
                                  cl::desc("Print weight bytes instead of eliding them"),
                                  cl::cat(category));
static cl::opt<bool> noProvenance("no-provenance", cl::desc("Do not print loc(...) provenance"),
                                  cl::cat(category));

static cl::opt<std::string> modelName("model",
                                      cl::desc("The program of a multi-program archive (default: model)"),
                                      cl::value_desc("name"), cl::init("model"), cl::cat(category));
// --stats is created in main: LLVM's Support library registers an option of
// that name (its statistics, which a release LLVM does not collect), and ours
// replaces it once LLVM's common options exist.
static cl::opt<bool> *stats;

static llvm::Error run() {
  llvm::Expected<std::unique_ptr<ir::Module>> module = tools::loadModule(inputPath, modelName);
  if (!module)
    return module.takeError();
  if (verify)
    if (llvm::Error err = ir::verifyModule(**module))
      return tools::makeInputError(inputPath + ": invalid module:\n" + llvm::toString(std::move(err)));
  ir::PrintOptions options;
  options.printWeights = printWeights;
  options.printProvenance = !noProvenance;
  if (*stats)
    pt2::describeImport(**module, llvm::outs());
  if (llvm::Error err = tools::runPipeline(**module, /*defaultPipeline=*/"", options))
    return err;
  if (*stats) {
    if (tools::getPipelineText("").empty())
      return llvm::Error::success();
    llvm::outs() << "\nafter the pipeline:\n";
    pt2::describeImport(**module, llvm::outs());
    return llvm::Error::success();
  }
  return tools::writeOutput(outputPath, [&](llvm::raw_ostream &os) {
    ir::printModule(**module, os, options);
    return llvm::Error::success();
  });
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions({&category, &tools::getPipelineCategory()});
  if (cl::Option *llvmStats = cl::getRegisteredOptions().lookup("stats"))
    llvmStats->removeArgument();
  cl::opt<bool> statsOption("stats",
                            cl::desc("Print a summary of the program (signature, dynamic dims, op "
                                     "histogram, weight bytes) before and after the pipeline"),
                            cl::cat(category));
  stats = &statsOption;
  cl::SetVersionPrinter(tools::printVersion);
  if (!cl::ParseCommandLineOptions(argc, argv, "pt2onnx pass-debugging driver\n", &llvm::errs()))
    return tools::kExitBadInput;
  tools::registerLowerAtenPass();
  if (tools::listPassesIfRequested(llvm::outs()))
    return tools::kExitOk;
  if (llvm::Error err = run())
    return tools::reportError("pt2onnx-opt", std::move(err));
  return tools::kExitOk;
}
