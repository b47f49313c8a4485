//===- pt2onnx.cpp - The converter: .pt2 in, .onnx out ----------------------===//
//
//   pt2onnx model.pt2 -o model.onnx [options]
//
// Imports the program (frontends/pt2), verifies it, runs the default pipeline
// (printed by --print-pipeline; --passes replaces it), verifies again and
// writes the ONNX model (backends/onnx) atomically. Textual IR (.mlir) is
// accepted as input too. Exit codes (tools/Driver.h): 0 ok, 1 numerics check
// failed, 2 bad input or unsupported program, 3 internal error; on an error
// with exit code 2 or 3 no output file is left.
//
// --report FILE.md writes what the conversion did (tools/Report.h), also
// when it fails; --stats prints its numbers. A conversion longer than a
// second shows its step on the terminal (tools/Progress.h); --quiet keeps
// stderr to the errors.
//
// --training exports for on-device training: the program must have been
// exported in training mode (its batch norms and dropouts in their training
// forms, which the lowering keeps), parameters stay distinct initializers
// (never merged or folded), and the updates of buffers (running statistics)
// are graph outputs, as functionalize makes every state update.
//
//===----------------------------------------------------------------------===//

#include "backends/onnx/ONNXBackend.h"
#include "ir/Verifier.h"
#include "ir/schema/OpTable.h"
#include "lowering/Lowering.h"
#include "passes/Passes.h"
#include "passes/Pipeline.h"
#include "tools/Driver.h"
#include "tools/NumericsCheck.h"
#include "tools/PipelineOptions.h"
#include "tools/Progress.h"
#include "tools/Report.h"
#include "tools/Verify.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace pt2onnx;
namespace cl = llvm::cl;

static cl::OptionCategory category("Input and output options",
                                   "What is read, and how the model is written");
static cl::OptionCategory namingCategory("Naming options",
                                         "Names of the model's inputs, outputs and dims");
static cl::OptionCategory diagnosticsCategory("Reports and diagnostics options",
                                              "What pt2onnx tells about the conversion");
static cl::opt<std::string> inputPath(cl::Positional, cl::desc("<input .pt2 or .mlir>"),
                                      cl::cat(category));
static cl::opt<std::string> outputPath("o", cl::desc("Output ONNX file"), cl::value_desc("file"),
                                       cl::cat(category));
static cl::opt<std::string> modelName("model",
                                      cl::desc("The program of a multi-program archive (default: model)"),
                                      cl::value_desc("name"), cl::init("model"), cl::cat(category));
static cl::list<std::string> inputNames("input-names", cl::desc("Names of the graph inputs, in order"),
                                        cl::CommaSeparated, cl::value_desc("a,b,..."),
                                        cl::cat(namingCategory));
static cl::list<std::string> outputNames("output-names",
                                         cl::desc("Names of the graph outputs, in order"),
                                         cl::CommaSeparated, cl::value_desc("a,b,..."),
                                         cl::cat(namingCategory));
static cl::list<std::string> dimNames(
    "dim-name",
    cl::desc("Name a dynamic dim: by an input's axis, the input by name or position "
             "(input_ids.0=batch, 0.0=batch), or by torch's symbol (s18=batch); the name spreads "
             "to every dim of that size. Unnamed dims are named after the first input or output "
             "axis they are (x_dim0)"),
    cl::value_desc("input.axis=name"), cl::cat(namingCategory));
static cl::opt<bool> keepInitializersAsInputs(
    "keep-initializers-as-inputs", cl::desc("Also list the initializers as graph inputs"),
    cl::cat(category));
static cl::opt<bool> noInitializers("no-initializers",
                                    cl::desc("Leave the weights out (architecture only)"),
                                    cl::cat(category));
static cl::opt<bool> externalData("external-data",
                                  cl::desc("Store the weights in a file beside the model"),
                                  cl::cat(category));
static cl::opt<bool> listLowerings(
    "list-lowerings",
    cl::desc("List the overloads pt2onnx lowers, sorted, one a line: the overload, the opsets "
             "and family of its rule (aten.add.Tensor 17-23 elementwise), and for one that "
             "functionalize rewrites first, 'via' and the functional overload whose rule lowers it "
             "(aten.add_.Tensor 17-23 elementwise via aten.add.Tensor); then exit"),
    cl::cat(tools::getPipelineCategory()));
static cl::opt<bool> verifyNumerics(
    "verify",
    cl::desc("Check the converted program's numbers against the imported program's with "
             "pt2onnx's evaluator (no PyTorch, no ONNX Runtime); exit 1 when they differ beyond "
             "tolerance, the model still written and marked (metadata pt2onnx.verify)"),
    cl::cat(tools::getNumericsCategory()));
// Testing only: a model that is wrong on purpose, for the tests of --verify.
static cl::opt<std::string> testBreakNumerics(
    "test-break-numerics", cl::Hidden,
    cl::desc("(testing) After the pipeline, replace the first op of this name with a subtraction"),
    cl::value_desc("op"), cl::cat(tools::getNumericsCategory()));
static cl::opt<bool> printPipeline("print-pipeline",
                                   cl::desc("Print the default pass pipeline and exit"),
                                   cl::cat(tools::getPipelineCategory()));
static cl::opt<std::string>
    reportPath("report",
               cl::desc("Write what the conversion did, in Markdown, also when it fails: the "
                        "program, every unsupported op with its module and source line, the "
                        "passes, the ops in and out"),
               cl::value_desc("file.md"), cl::cat(diagnosticsCategory));
static cl::opt<bool> quiet("quiet", cl::desc("Print no warnings and no progress, only errors"),
                           cl::cat(diagnosticsCategory));
// --stats is created in main: LLVM's Support library registers an option of
// that name, which ours replaces once LLVM's common options exist.
static cl::opt<bool> *stats;
static cl::extrahelp exitCodes(R"(
Exit codes:
  0  the model was written
  1  the model was written, but its numerics check failed
  2  the input cannot be converted (the message says where and why); no model is written
  3  internal error: please report it with the command line and the input; no model is written
)");

/// With --training, an op in its inference form means the program was
/// exported in eval mode. The op table says which forms those are: an
/// overload whose schema takes a bool `training` or `train` the program sets
/// to false (batch norms, dropouts, RNNs), and the overloads torch names
/// `..._no_training`, the inference-only form of one that takes `training`
/// (`_native_batch_norm_legit_no_training`).
static llvm::Error checkTrainingForms(ir::Module &module) {
  auto isInferenceForm = [](const ir::Operation &op) {
    const schema::OpSchema *opSchema =
        op.getDialect() == "aten" ? schema::lookupOp(op.getName().getStringRef()) : nullptr;
    if (!opSchema || !opSchema->hasSchema())
      return false;
    if (opSchema->getName().endswith("_no_training"))
      return true;
    return llvm::any_of(opSchema->getArguments(), [&](const schema::SchemaArgument &arg) {
      if (arg.type.base != schema::BaseType::Bool || arg.type.isList ||
          (arg.name != "training" && arg.name != "train"))
        return false;
      const ir::Attribute *flag = op.getAttr(arg.name);
      return flag && flag->getKind() == ir::Attribute::Kind::Bool && !flag->getBool();
    });
  };
  std::string found;
  module.getOperation()->walk([&](ir::Operation *op) {
    if (found.empty() && isInferenceForm(*op))
      found = ir::describeOp(*op);
  });
  if (found.empty())
    return llvm::Error::success();
  return tools::makeInputError("--training: the program was exported in eval mode (" + found +
                               " is in its inference form); export it after model.train()");
}

static llvm::Error checkArguments(const passes::PipelineOptions &pipeline) {
  if (inputPath.empty())
    return tools::makeCommandLineError("no input file (usage: pt2onnx IN.pt2 -o OUT.onnx)");
  if (outputPath.empty())
    return tools::makeCommandLineError("no output file: give -o OUT.onnx");
  if (pipeline.opset < ir::kMinOnnxOpset || pipeline.opset > ir::kMaxOnnxOpset)
    return tools::makeCommandLineError("--opset " + llvm::Twine(pipeline.opset) +
                                 " is not supported (supported: " +
                                 llvm::Twine(ir::kMinOnnxOpset) + " to " +
                                 llvm::Twine(ir::kMaxOnnxOpset) + ")");
  if (keepInitializersAsInputs && noInitializers)
    return tools::makeCommandLineError(
        "--keep-initializers-as-inputs and --no-initializers exclude each other");
  for (const std::string &path : {outputPath.getValue(), reportPath.getValue()}) {
    llvm::StringRef dir = llvm::sys::path::parent_path(path);
    if (!dir.empty() && !llvm::sys::fs::is_directory(dir))
      return tools::makeCommandLineError(path + ": the directory '" + dir + "' does not exist");
  }
  return llvm::Error::success();
}

static llvm::Expected<onnx_backend::EmitOptions>
emitOptions(const passes::PipelineOptions &pipeline) {
  onnx_backend::EmitOptions options;
  options.opset = pipeline.opset;
  options.producerVersion = tools::getVersionString();
  options.inputNames.assign(inputNames.begin(), inputNames.end());
  options.outputNames.assign(outputNames.begin(), outputNames.end());
  for (const std::string &text : dimNames) {
    llvm::Expected<onnx_backend::AxisName> name = onnx_backend::parseDimName(text);
    if (!name)
      return tools::makeCommandLineError(llvm::toString(name.takeError()));
    options.dimNames.push_back(std::move(*name));
  }
  options.allowUnsupported = pipeline.allowUnsupported;
  options.keepInitializersAsInputs = keepInitializersAsInputs;
  options.noInitializers = noInitializers;
  options.externalData = externalData;
  return options;
}

/// The exit code when no error occurred: kExitMismatch after a failed
/// numerics check.
static int exitCode = tools::kExitOk;

static llvm::Error run(tools::ConversionReport &report, tools::Progress &progress) {
  passes::PipelineOptions pipeline = tools::getPipelineOptions();
  if (llvm::Error err = checkArguments(pipeline))
    return err;
  llvm::Expected<onnx_backend::EmitOptions> emit = emitOptions(pipeline);
  if (!emit)
    return emit.takeError();
  llvm::Expected<pass::PassManager> pm = tools::buildPipeline(/*useDefault=*/true);
  if (!pm)
    return pm.takeError();
  if (!testBreakNumerics.empty()) {
    passes::registerTestBreakNumerics();
    if (llvm::Error err = pm->addPass("test-break-numerics", {{"op", testBreakNumerics}}))
      return tools::makeInputError(llvm::toString(std::move(err)));
  }

  report.startStep("read");
  progress.setStep("reading " + inputPath);
  llvm::Expected<std::unique_ptr<ir::Module>> module =
      tools::loadModule(
          inputPath, modelName,
          [&](const llvm::Twine &warning) {
            report.addWarning(warning);
            if (!quiet)
              progress.print([&] { llvm::errs() << "warning: " << warning << '\n'; });
          },
          tools::getImportLimits());
  if (!module)
    return module.takeError();
  if (llvm::Error err = ir::verifyModule(**module))
    return tools::makeInputError(inputPath + ": the program is invalid:\n" +
                                 llvm::toString(std::move(err)));
  report.recordInput(**module);

  if (pipeline.training)
    if (llvm::Error err = checkTrainingForms(**module))
      return err;
  // The program as imported, for --verify: imported again rather than
  // copied, its weights are views of the same mapped archive.
  std::unique_ptr<ir::Module> reference;
  if (verifyNumerics) {
    // Its warnings are the first import's.
    llvm::Expected<std::unique_ptr<ir::Module>> imported =
        tools::loadModule(inputPath, modelName, [](const llvm::Twine &) {},
                          tools::getImportLimits());
    if (!imported)
      return imported.takeError();
    reference = std::move(*imported);
    tools::prepareReference(*reference, pm->str(), outputPath == "-" ? llvm::errs() : llvm::outs());
  }
  pass::Instrumentation instr = tools::getInstrumentation(ir::PrintOptions());
  report.instrument(instr);
  progress.instrument(instr, pm->size());
  if (llvm::Error err = pm->run(**module, instr, llvm::errs()))
    return pass::locateProgramErrors(report.recordPipelineError(std::move(err), **module),
                                     inputPath);
  if (llvm::Error err = passes::checkAtenOpsLowered(**module, *pm))
    return pass::locateProgramErrors(std::move(err), inputPath);
  if (llvm::Error err = ir::verifyModule(**module))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the converted program is invalid:\n%s",
                                   llvm::toString(std::move(err)).c_str());
  report.recordOutput(**module);
  std::optional<tools::VerifyResult> verified;
  if (verifyNumerics) {
    report.startStep("verify");
    progress.setStep("checking the numerics");
    // Its lines go out at once, clear of the progress line.
    std::string lines;
    llvm::raw_string_ostream linesOS(lines);
    llvm::Expected<tools::VerifyResult> result =
        tools::verifyConversion(*reference, **module, inputPath, modelName, linesOS);
    progress.print([&] { (outputPath == "-" ? llvm::errs() : llvm::outs()) << lines; });
    if (!result)
      return result.takeError();
    verified = std::move(*result);
    reference.reset();
    if (verified->verdict == tools::VerifyVerdict::Failed)
      emit->modelMetadata.emplace_back("pt2onnx.verify", "failed: " + verified->summary);
  }
  report.startStep("write");
  progress.setStep("writing " + outputPath);
  if (llvm::Error err =
          tools::classifyBackendError(onnx_backend::writeModel(**module, outputPath, *emit),
                                      inputPath))
    return err;
  if (verified && verified->verdict == tools::VerifyVerdict::Inconclusive) {
    report.addWarning("the numerics check is inconclusive: " + verified->summary);
    if (!quiet)
      progress.print([&] {
        llvm::WithColor::warning(llvm::errs(), "pt2onnx")
            << "the numerics check is inconclusive: " << verified->summary << '\n';
      });
  }
  if (verified && verified->verdict == tools::VerifyVerdict::Failed) {
    std::string message = inputPath + ": the numerics check failed: " + verified->summary + "; " +
                          outputPath + " was written, marked with metadata_props pt2onnx.verify";
    report.addError(message);
    progress.print([&] { llvm::WithColor::error(llvm::errs(), "pt2onnx") << message << '\n'; });
    exitCode = tools::kExitMismatch;
  }
  return llvm::Error::success();
}

/// Converts, then prints --stats and writes --report, whether the
/// conversion succeeded or not; returns the exit code.
static int convert() {
  tools::ConversionReport report(inputPath, outputPath, tools::getPipelineOptions().opset);
  llvm::Error err = [&] {
    pass::Instrumentation instr = tools::getInstrumentation(ir::PrintOptions());
    tools::Progress progress("pt2onnx", !quiet && tools::Progress::wanted(instr));
    return run(report, progress);
  }();
  int code = exitCode;
  if (err)
    code = tools::reportError(
        "pt2onnx", report.recordError(tools::locateInInput(std::move(err), inputPath)));
  report.finish(code);
  if (*stats)
    report.printStats(llvm::outs());
  if (reportPath.empty())
    return code;
  if (llvm::Error err = tools::writeOutput(reportPath, [&](llvm::raw_ostream &os) {
        report.writeMarkdown(os);
        return llvm::Error::success();
      })) {
    int reportCode = tools::reportError("pt2onnx", std::move(err));
    return code == tools::kExitOk ? reportCode : code;
  }
  return code;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions({&category, &namingCategory, &diagnosticsCategory,
                            &tools::getNumericsCategory(), &tools::getPipelineCategory(),
                            &tools::getPipelineTracingCategory(), &tools::getLimitsCategory()});
  if (cl::Option *llvmStats = cl::getRegisteredOptions().lookup("stats"))
    llvmStats->removeArgument();
  cl::opt<bool> statsOption("stats",
                            cl::desc("Print the op histograms in and out, each step with its "
                                     "time and op count, what each pass counted, and the peak "
                                     "memory"),
                            cl::cat(diagnosticsCategory));
  stats = &statsOption;
  cl::SetVersionPrinter(tools::printVersion);
  tools::registerPassesForHelp();
  if (!cl::ParseCommandLineOptions(argc, argv, "pt2onnx: convert torch.export programs to ONNX\n",
                                   &llvm::errs()))
    return tools::kExitBadInput;
  if (listLowerings) {
    for (const lowering::LoweringInfo &info : lowering::listLowerings()) {
      llvm::outs() << info.overload << ' ' << info.minOpset << '-' << info.maxOpset << ' '
                   << info.family;
      if (!info.functionalTwin.empty())
        llvm::outs() << " via " << info.functionalTwin;
      llvm::outs() << '\n';
    }
    return tools::kExitOk;
  }
  if (printPipeline) {
    llvm::Expected<pass::PassManager> pm = tools::buildPipeline(/*useDefault=*/true);
    if (!pm)
      return tools::reportError("pt2onnx", pm.takeError());
    llvm::outs() << pm->str() << '\n';
    return tools::kExitOk;
  }
  if (tools::listPassesIfRequested(llvm::outs()))
    return tools::kExitOk;
  return convert();
}
