//===- pt2onnx-opt.cpp - The pass-debugging driver ---------------------------===//
//
// Reads a program (a .pt2 archive, textual IR, or a program's JSON), runs a
// pass pipeline with mlir-opt-style instrumentation, and prints the result,
// or writes it as an ONNX model when the output file ends in `.onnx` (at the
// opset the lowering recorded, `onnx.opset`, else --opset). Without
// --passes, a printed program goes through no pass, and one written as ONNX
// through the default pipeline (passes/Pipeline.h), so that
// `pt2onnx-opt IN.pt2 -o OUT.onnx` writes what `pt2onnx` writes. It is the
// tool the lit tests drive, and the one to reach for when looking at what a
// stage of the compiler produced. `--stats` summarizes the program before
// and after the pipeline, tabulates how the op histogram changed and what
// the passes counted; `--dot FILE` writes the result as a Graphviz graph
// (tools/DotWriter.h). `--split-input-file` treats text (IR, or program
// JSON) as cases separated by `// -----` lines, as mlir-opt does: each case
// is parsed, run and printed on its own.
//
//===----------------------------------------------------------------------===//

#include "backends/onnx/ONNXBackend.h"
#include "frontends/pt2/ImportSummary.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "passes/Passes.h"
#include "passes/Pipeline.h"
#include "tools/BisectNumerics.h"
#include "tools/DotWriter.h"
#include "tools/Driver.h"
#include "tools/NumericsCheck.h"
#include "tools/OpHistogram.h"
#include "tools/PipelineOptions.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"

using namespace pt2onnx;
namespace cl = llvm::cl;

static cl::OptionCategory category("pt2onnx-opt options");
static cl::opt<std::string> inputPath(cl::Positional,
                                      cl::desc("<input .pt2 or .mlir, or - for stdin>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string> outputPath("o",
                                       cl::desc("Output file (default: stdout); a name ending "
                                                "in .onnx gets the ONNX model"),
                                       cl::value_desc("file"), cl::init("-"), cl::cat(category));
static cl::opt<bool> verify("verify",
                            cl::desc("Verify the module; exit 2 with diagnostics if invalid"),
                            cl::cat(category));
static cl::opt<bool> printWeights("print-weights",
                                  cl::desc("Print weight bytes instead of eliding them"),
                                  cl::cat(category));
static cl::opt<bool> noProvenance("no-provenance", cl::desc("Do not print loc(...) provenance"),
                                  cl::cat(category));

static cl::opt<std::string> dotPath("dot",
                                    cl::desc("Also write the resulting program as a Graphviz "
                                             "graph to FILE"),
                                    cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string>
    modelName("model", cl::desc("The program of a multi-program archive (default: model)"),
              cl::value_desc("name"), cl::init("model"), cl::cat(category));
// --stats is created in main: LLVM's Support library registers an option of
// that name (its statistics, which a release LLVM does not collect), and ours
// replaces it once LLVM's common options exist.
static cl::opt<bool> *stats;

static cl::opt<bool> defaultPipeline(
    "default-pipeline",
    cl::desc("Without --passes, run the default pipeline (what pt2onnx runs) also when printing"),
    cl::cat(category));
static cl::opt<bool> evaluate(
    "evaluate",
    cl::desc("After the pipeline, evaluate the program with pt2onnx's evaluator on the inputs of "
             "--verify-inputs (or random ones) and print its outputs; with --expect, compare "
             "them instead (exit 1 on a mismatch)"),
    cl::cat(category));
static cl::opt<std::string>
    expectPath("expect",
               cl::desc("With --evaluate: the expected outputs, an .npz file with arrays "
                        "output_0, ... and mutation_0, ..."),
               cl::value_desc("file.npz"), cl::cat(category));

static cl::opt<bool> bisectNumerics(
    "bisect-numerics",
    cl::desc("Run the pipeline (--passes, else the default one) pass by pass, evaluating the "
             "program after each on the inputs of --verify; name the first pass that changes "
             "its outputs and the first op whose value differs, write a reproducer (exit 1)"),
    cl::cat(tools::getNumericsCategory()));
static cl::opt<std::string> bisectOutput(
    "bisect-output",
    cl::desc("With --bisect-numerics: where the reproducer (the program before the pass that "
             "changed the numbers, as textual IR) is written"),
    cl::value_desc("file.mlir"), cl::init("numerics-repro.mlir"),
    cl::cat(tools::getNumericsCategory()));

/// The exit code when no error occurred: kExitMismatch after a comparison
/// that failed.
static int exitCode = tools::kExitOk;

static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Split textual IR at `// -----` lines; parse, run and print each case on its own, "
             "report a failing case and go on with the next"),
    cl::cat(category));

static ir::PrintOptions getPrintOptions() {
  ir::PrintOptions options;
  options.printWeights = printWeights;
  options.printProvenance = !noProvenance;
  return options;
}

/// Verifies (with --verify) `module`, runs the pipeline over it and writes
/// what --stats, --dot and an .onnx output ask for; true when the module
/// remains to be printed as text.
static llvm::Expected<bool> process(ir::Module &module) {
  if (verify)
    if (llvm::Error err = ir::verifyModule(module))
      return tools::makeInputError(inputPath + ": invalid module:\n" +
                                   llvm::toString(std::move(err)));
  ir::PrintOptions options = getPrintOptions();
  bool writeOnnx = llvm::sys::path::extension(outputPath) == ".onnx";
  llvm::Expected<pass::PassManager> pm =
      tools::buildPipeline(/*useDefault=*/writeOnnx || defaultPipeline);
  if (!pm)
    return pm.takeError();
  tools::OpHistogram before;
  if (*stats) {
    pt2::describeImport(module, llvm::outs());
    before = tools::countOpNames(module);
  }
  if (llvm::Error err = pm->run(module, tools::getInstrumentation(options), llvm::errs()))
    return pass::locateProgramErrors(std::move(err), inputPath);
  if (!dotPath.empty())
    if (llvm::Error err = tools::writeOutput(dotPath, [&](llvm::raw_ostream &os) {
          tools::writeDot(module, os);
          return llvm::Error::success();
        }))
      return err;
  if (evaluate) {
    llvm::Expected<bool> passed = tools::evaluateAndReport(module, inputPath, modelName, expectPath, llvm::outs());
    if (!passed)
      return passed.takeError();
    if (!*passed)
      exitCode = tools::kExitMismatch;
    return false;
  }
  if (*stats) {
    if (pm->size() == 0)
      return false;
    llvm::outs() << "\nafter the pipeline:\n";
    pt2::describeImport(module, llvm::outs());
    tools::printHistogramChange(before, tools::countOpNames(module), llvm::outs());
    llvm::outs() << '\n';
    pm->printStatistics(llvm::outs());
    return false;
  }
  if (writeOnnx) {
    if (llvm::Error err = passes::checkAtenOpsLowered(module, *pm))
      return pass::locateProgramErrors(std::move(err), inputPath);
    passes::PipelineOptions pipeline = tools::getPipelineOptions();
    onnx_backend::EmitOptions emit;
    emit.opset = module.getLoweredOpset().value_or(pipeline.opset);
    emit.allowUnsupported = pipeline.allowUnsupported;
    emit.producerVersion = tools::getVersionString();
    if (llvm::Error err =
            tools::classifyBackendError(onnx_backend::writeModel(module, outputPath, emit),
                                        inputPath))
      return err;
    return false;
  }
  return true;
}

/// --bisect-numerics: exit 1 when a pass changes the numbers.
static llvm::Error runBisect() {
  llvm::Expected<pass::PassManager> pm = tools::buildPipeline(/*useDefault=*/true);
  if (!pm)
    return pm.takeError();
  tools::BisectOptions options;
  options.inputPath = inputPath;
  options.modelName = modelName;
  options.pipeline = pm->str();
  options.reproPath = bisectOutput;
  options.instrumentation = tools::getInstrumentation(getPrintOptions());
  llvm::Expected<bool> changed = tools::bisectNumerics(options, llvm::outs());
  if (!changed)
    return changed.takeError();
  if (*changed)
    exitCode = tools::kExitMismatch;
  return llvm::Error::success();
}

static llvm::Error run() {
  if (bisectNumerics)
    return runBisect();
  llvm::Expected<std::unique_ptr<ir::Module>> module =
      tools::loadModule(inputPath, modelName, nullptr, tools::getImportLimits());
  if (!module)
    return module.takeError();
  llvm::Expected<bool> print = process(**module);
  if (!print || !*print)
    return print.takeError();
  return tools::writeOutput(outputPath, [&](llvm::raw_ostream &os) {
    ir::printModule(**module, os, getPrintOptions());
    return llvm::Error::success();
  });
}

/// One case of a split input file: its text and the line of the file it
/// starts on.
struct InputCase {
  llvm::StringRef text;
  unsigned firstLine;
};

/// Splits `buffer` at the lines that read `// -----` (trailing blanks
/// aside); the marker lines belong to no case.
static llvm::SmallVector<InputCase> splitCases(llvm::StringRef buffer) {
  llvm::SmallVector<InputCase> cases;
  const char *caseStart = buffer.begin();
  unsigned line = 1, caseLine = 1;
  for (llvm::StringRef rest = buffer; !rest.empty(); ++line) {
    auto [lineText, after] = rest.split('\n');
    if (lineText.rtrim() == "// -----") {
      cases.push_back({llvm::StringRef(caseStart, lineText.begin() - caseStart), caseLine});
      caseStart = after.begin();
      caseLine = line + 1;
    }
    rest = after;
  }
  cases.push_back({llvm::StringRef(caseStart, buffer.end() - caseStart), caseLine});
  return cases;
}

/// --split-input-file: every case is processed even when an earlier one
/// failed; each failure is reported with the line its case starts on. The
/// outputs, a failed case's empty, are joined by `// -----` lines. Exits 0
/// when every case succeeded, else 1 when a failure was internal, else 2.
static int runSplit() {
  int exitCode = tools::kExitOk;
  auto fail = [&](llvm::Error err) {
    int code = tools::reportError("pt2onnx-opt", std::move(err), inputPath);
    if (exitCode != tools::kExitInternalError)
      exitCode = code;
  };
  if (llvm::StringRef(inputPath).endswith(".pt2") || !dotPath.empty() || bisectNumerics ||
      llvm::sys::path::extension(outputPath) == ".onnx") {
    fail(tools::makeCommandLineError("--split-input-file reads and prints text: IR or a program's "
                                     "JSON (no .pt2, .onnx, --dot or --bisect-numerics)"));
    return exitCode;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(inputPath, /*IsText=*/true);
  if (!buffer) {
    fail(tools::makeInputError(inputPath + ": cannot read: " + buffer.getError().message()));
    return exitCode;
  }
  llvm::StringRef bufferName = inputPath == "-" ? llvm::StringRef("<stdin>") : inputPath;
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::ListSeparator separator("// -----\n");
  for (const InputCase &input : splitCases((*buffer)->getBuffer())) {
    os << separator;
    llvm::Expected<std::unique_ptr<ir::Module>> module =
        tools::readModuleText(input.text, bufferName, input.firstLine, nullptr,
                              tools::getImportLimits());
    if (!module) {
      fail(tools::makeInputError(llvm::toString(module.takeError())));
      continue;
    }
    llvm::Expected<bool> print = process(**module);
    if (!print) {
      fail(print.takeError());
      llvm::WithColor::note(llvm::errs(), "pt2onnx-opt")
          << "in the case starting at " << bufferName << ":" << input.firstLine << '\n';
    } else if (*print) {
      ir::printModule(**module, os, getPrintOptions());
    }
  }
  if (llvm::Error err = tools::writeOutput(outputPath, [&](llvm::raw_ostream &out) {
        out << text;
        return llvm::Error::success();
      }))
    fail(std::move(err));
  return exitCode;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(
      {&category, &tools::getPipelineCategory(), &tools::getPipelineTracingCategory(),
       &tools::getNumericsCategory(), &tools::getLimitsCategory()});
  if (cl::Option *llvmStats = cl::getRegisteredOptions().lookup("stats"))
    llvmStats->removeArgument();
  cl::opt<bool> statsOption("stats",
                            cl::desc("Print a summary of the program (signature, dynamic dims, op "
                                     "histogram, weight bytes) before and after the pipeline"),
                            cl::cat(category));
  stats = &statsOption;
  cl::SetVersionPrinter(tools::printVersion);
  passes::registerTestPasses();
  tools::registerPassesForHelp();
  if (!cl::ParseCommandLineOptions(argc, argv, "pt2onnx pass-debugging driver\n", &llvm::errs()))
    return tools::kExitBadInput;
  if (tools::listPassesIfRequested(llvm::outs()))
    return tools::kExitOk;
  if (splitInputFile)
    return runSplit();
  if (llvm::Error err = run())
    return tools::reportError("pt2onnx-opt", std::move(err), inputPath);
  return exitCode;
}
