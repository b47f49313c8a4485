//===- PipelineOptions.cpp - The pass-pipeline flags both tools accept -----===//

#include "tools/PipelineOptions.h"

#include "tools/Driver.h"

#include "passes/Passes.h"

#include <deque>

namespace pt2onnx::tools {

namespace cl = llvm::cl;

cl::OptionCategory &getPipelineCategory() {
  static cl::OptionCategory category("Pipeline options",
                                     "Which passes run, at which opset, in which mode");
  return category;
}

cl::OptionCategory &getPipelineTracingCategory() {
  static cl::OptionCategory category("Pipeline tracing options",
                                     "What the pipeline prints and checks as it runs");
  return category;
}

cl::OptionCategory &getLimitsCategory() {
  static cl::OptionCategory category(
      "Resource limits",
      "What an input may hold at most; beyond a limit it is refused (exit code 2)");
  return category;
}

namespace {
const pt2::ImportLimits kDefaultLimits;

/// A limit flag whose help gives its default.
struct LimitOpt : cl::opt<uint64_t> {
  LimitOpt(llvm::StringRef name, llvm::StringRef what, uint64_t pt2::ImportLimits::*field)
      : cl::opt<uint64_t>(name, cl::desc(help(what, kDefaultLimits.*field)),
                          cl::init(kDefaultLimits.*field), cl::value_desc("N"),
                          cl::cat(getLimitsCategory())),
        field(field) {}
  /// cl::desc keeps a StringRef, so the text lives as long as the program.
  static llvm::StringRef help(llvm::StringRef what, uint64_t value) {
    static std::deque<std::string> texts;
    return texts.emplace_back((what + " (default " + llvm::Twine(value) + ")").str());
  }
  uint64_t pt2::ImportLimits::*field;
};
LimitOpt maxNodes("max-nodes", "Nodes of one graph or subgraph", &pt2::ImportLimits::maxGraphNodes);
LimitOpt maxTotalNodes("max-total-nodes", "Nodes of all graphs together",
                       &pt2::ImportLimits::maxTotalNodes);
LimitOpt maxJsonDepth("max-json-depth", "Nesting of the program's JSON arrays and objects",
                      &pt2::ImportLimits::maxJsonDepth);
LimitOpt maxRegionDepth("max-region-depth",
                        "Nesting of control-flow subgraphs (cond, while_loop, scan, map)",
                        &pt2::ImportLimits::maxRegionDepth);
LimitOpt maxStringLength("max-string-length",
                         "Bytes of one JSON string (names, op names, metadata)",
                         &pt2::ImportLimits::maxStringLength);
LimitOpt maxWeightRatio("max-weight-ratio",
                        "Bytes of weights, and of inflated archive entries, per byte of the "
                        "archive file",
                        &pt2::ImportLimits::maxWeightRatio);
LimitOpt maxWeightBytes("max-weight-bytes", "Bytes of weights in all",
                        &pt2::ImportLimits::maxWeightBytes);

cl::opt<std::string> passesOpt("passes",
                               cl::desc("The pass pipeline, e.g. 'cse,dce' (see --list-passes)"),
                               cl::value_desc("pipeline"), cl::cat(getPipelineCategory()));
cl::list<std::string> printBefore("print-ir-before", cl::desc("Print the IR before these passes"),
                                  cl::value_desc("pass"), cl::CommaSeparated,
                                  cl::cat(getPipelineTracingCategory()));
cl::list<std::string> printAfter("print-ir-after", cl::desc("Print the IR after these passes"),
                                 cl::value_desc("pass"), cl::CommaSeparated,
                                 cl::cat(getPipelineTracingCategory()));
cl::opt<bool> printAfterAll("print-ir-after-all", cl::desc("Print the IR after every pass"),
                            cl::cat(getPipelineTracingCategory()));
cl::opt<bool> printAfterChange("print-ir-after-change",
                               cl::desc("Print the IR after every pass that changed it"),
                               cl::cat(getPipelineTracingCategory()));
cl::opt<bool> verifyEach("verify-each",
                         cl::desc("Verify the IR after every pass and name the pass that broke it"),
                         cl::cat(getPipelineTracingCategory()));
cl::opt<bool> timing("timing", cl::desc("Report wall time and op-count change per pass"),
                     cl::cat(getPipelineTracingCategory()));
cl::opt<bool> passStatistics("pass-statistics",
                             cl::desc("Report what each pass counted (ops erased, merged...)"),
                             cl::cat(getPipelineTracingCategory()));
cl::opt<std::string> irDumpDir("ir-dump-dir",
                               cl::desc("Write the IR after each pass to DIR/NN-<pass>.mlir"),
                               cl::value_desc("dir"), cl::cat(getPipelineTracingCategory()));
cl::opt<bool> listPasses("list-passes", cl::desc("List the available passes and exit"),
                         cl::cat(getPipelineCategory()));
cl::opt<int64_t> foldLimit("fold-limit",
                           cl::desc("Fold no result larger than N elements (the limit option of "
                                    "fold-constants, where the pipeline does not set it)"),
                           cl::value_desc("N"), cl::cat(getPipelineCategory()));

const std::string &opsetHelp() {
  static const std::string help =
      "ONNX opset the default pipeline lowers to, " + std::to_string(ir::kMinOnnxOpset) + " to " +
      std::to_string(ir::kMaxOnnxOpset) + " (default " + std::to_string(ir::kDefaultOnnxOpset) + ")";
  return help;
}
cl::opt<int> opset("opset", cl::desc(opsetHelp()), cl::init(ir::kDefaultOnnxOpset),
                   cl::cat(getPipelineCategory()));
cl::opt<bool> training(
    "training",
    cl::desc("Export for on-device training: parameters stay distinct initializers, batch norm "
             "and dropout keep their training forms and the running statistics' updates are "
             "outputs (the program must be exported in training mode)"),
    cl::cat(getPipelineCategory()));
cl::opt<std::string> customOps(
    "custom-ops",
    cl::desc("A JSON table translating the program's own ops (torch.library) to ONNX nodes of "
             "their domains or to function bodies in textual IR (docs/cli.md)"),
    cl::value_desc("file.json"), cl::cat(getPipelineCategory()));
cl::opt<std::string> optimizeFor(
    "optimize-for",
    cl::desc("Optimize the model for a runtime: 'onnxruntime' fuses forms into ops of ONNX "
             "Runtime's com.microsoft domain (fuse-ort; the model then needs ONNX Runtime)"),
    cl::value_desc("runtime"), cl::cat(getPipelineCategory()));
cl::opt<bool> allowUnsupported(
    "allow-unsupported",
    cl::desc("Keep ops without a lowering as nodes of the pkg.torch.ops domain"),
    cl::cat(getPipelineCategory()));

/// `pipeline` with --fold-limit given to every fold-constants that does not
/// set its own limit.
std::string applyFoldLimit(llvm::StringRef pipeline) {
  constexpr llvm::StringLiteral kPass = "fold-constants";
  if (!foldLimit.getNumOccurrences())
    return pipeline.str();
  std::string out, option = "limit=" + std::to_string(foldLimit);
  for (size_t at; (at = pipeline.find(kPass)) != llvm::StringRef::npos;) {
    out += pipeline.take_front(at + kPass.size());
    pipeline = pipeline.drop_front(at + kPass.size()).ltrim();
    if (!pipeline.startswith("{")) {
      out += "{" + option + "}";
      continue;
    }
    llvm::StringRef given = pipeline.drop_front().take_until([](char c) { return c == '}'; });
    out += "{";
    if (!given.contains("limit"))
      out += option + (given.trim().empty() ? "" : ",");
    pipeline = pipeline.drop_front();
  }
  return out + pipeline.str();
}
} // namespace

void registerPassesForHelp() {
  passes::registerAllPasses();
  static std::string listing = [] {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "\nPasses (--passes='name{key=value,...},...'):\n";
    pass::printRegisteredPasses(os);
    return text;
  }();
  static cl::extrahelp help(listing);
}

pt2::ImportLimits getImportLimits() {
  pt2::ImportLimits limits;
  for (const LimitOpt *opt : {&maxNodes, &maxTotalNodes, &maxJsonDepth, &maxRegionDepth,
                              &maxStringLength, &maxWeightRatio, &maxWeightBytes})
    limits.*(opt->field) = opt->getValue();
  return limits;
}

passes::PipelineOptions getPipelineOptions() {
  passes::PipelineOptions options;
  options.opset = opset;
  options.training = training;
  options.allowUnsupported = allowUnsupported;
  options.customOpsTable = customOps;
  options.optimizeFor = optimizeFor;
  if (foldLimit.getNumOccurrences())
    options.foldLimit = foldLimit;
  return options;
}

llvm::Expected<pass::PassManager> buildPipeline(bool useDefault) {
  if (!passesOpt.getNumOccurrences() && useDefault) {
    llvm::Expected<pass::PassManager> pm = passes::buildDefaultPipeline(getPipelineOptions());
    if (!pm)
      return makeCommandLineError(llvm::toString(pm.takeError()));
    return pm;
  }
  llvm::Expected<pass::PassManager> given = pass::PassManager::parse(applyFoldLimit(passesOpt));
  if (!given)
    return makeCommandLineError(llvm::toString(given.takeError()));
  if (customOps.empty())
    return given;
  // The table applies before the given pipeline, as in the default one.
  passes::registerAllPasses();
  pass::PassManager pm;
  if (llvm::Error err = pm.addPass("custom-ops", {{"table", customOps}}))
    return makeCommandLineError(llvm::toString(std::move(err)));
  pm.append(std::move(*given));
  return pm;
}

std::vector<std::string> splitPipeline(llvm::StringRef pipeline) {
  std::vector<std::string> specs;
  int depth = 0;
  std::string current;
  for (char c : pipeline) {
    if (c == ',' && depth == 0) {
      if (!llvm::StringRef(current).trim().empty())
        specs.push_back(llvm::StringRef(current).trim().str());
      current.clear();
      continue;
    }
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    current += c;
  }
  if (!llvm::StringRef(current).trim().empty())
    specs.push_back(llvm::StringRef(current).trim().str());
  return specs;
}

pass::Instrumentation getInstrumentation(const ir::PrintOptions &printOptions) {
  pass::Instrumentation instr;
  for (const std::string &p : printBefore)
    instr.printBefore.insert(p);
  for (const std::string &p : printAfter)
    instr.printAfter.insert(p);
  instr.printAfterAll = printAfterAll;
  instr.printAfterChange = printAfterChange;
  instr.verifyEach = verifyEach;
  instr.timing = timing;
  instr.statistics = passStatistics;
  instr.irDumpDir = irDumpDir;
  instr.printOptions = printOptions;
  return instr;
}

bool listPassesIfRequested(llvm::raw_ostream &os) {
  if (!listPasses)
    return false;
  pass::printRegisteredPasses(os);
  return true;
}

} // namespace pt2onnx::tools
