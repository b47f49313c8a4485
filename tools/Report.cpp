//===- Report.cpp - What one conversion did: pt2onnx --report and --stats --===//
//
// The ops that could not be lowered are found where the lowering left them:
// lower-aten refuses every op it cannot lower in one UnsupportedOpsError
// (with the reason for each overload) and leaves those ops in the module, so
// one failed run shows all of them with their provenance. With
// --allow-unsupported the same ops reach the model in a custom domain and are
// listed as kept.
//
//===----------------------------------------------------------------------===//

#include "tools/Report.h"

#include "backends/onnx/TorchMetadata.h"
#include "ir/DType.h"
#include "lowering/UnsupportedOpsError.h"
#include "tools/Driver.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"

#include <sys/resource.h>

namespace pt2onnx::tools {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

uint64_t getPeakMemoryBytes() {
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0)
    return 0;
  return uint64_t(usage.ru_maxrss) * 1024; // kilobytes on Linux
}

std::string formatMiB(uint64_t bytes) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%.1f MiB", bytes / double(1 << 20));
  return text;
}

llvm::ArrayRef<std::string> stringList(const ir::Operation &op, llvm::StringRef name) {
  const ir::Attribute *a = op.getAttr(name);
  return a && a->getKind() == ir::Attribute::Kind::StringList ? a->getStringList()
                                                              : llvm::ArrayRef<std::string>();
}

llvm::StringRef stringAttr(const ir::Operation &op, llvm::StringRef name) {
  const ir::Attribute *a = op.getAttr(name);
  return a && a->getKind() == ir::Attribute::Kind::String ? llvm::StringRef(a->getString())
                                                          : llvm::StringRef();
}

std::string formatBound(int64_t v) {
  if (v == ir::SymRange::kNegInf)
    return "-oo";
  if (v == ir::SymRange::kPosInf)
    return "oo";
  return std::to_string(v);
}

/// `float32` and `[s0, 3, 224]` of a tensor; a scalar's kind.
std::pair<std::string, std::string> describeType(const ir::Type &type) {
  std::string shape;
  llvm::raw_string_ostream os(shape);
  if (!type.isTensor()) {
    type.print(os);
    return {"", shape};
  }
  if (!type.isRanked())
    return {ir::getTorchName(type.getDType()).str(), "unranked"};
  os << '[';
  llvm::interleaveComma(type.getShape(), os, [&](const ir::Dim &dim) {
    if (dim.isStatic())
      os << dim.getSize();
    else if (dim.isSymbolic())
      os << dim.getExpr();
    else
      os << '?';
  });
  os << ']';
  return {ir::getTorchName(type.getDType()).str(), shape};
}

/// The code of the innermost frame of a torch stack trace: the line after
/// its last `File "...", line N, in f`.
std::string getSourceCode(llvm::StringRef trace) {
  size_t at = trace.rfind("File \"");
  if (at == llvm::StringRef::npos)
    return {};
  llvm::StringRef rest = trace.drop_front(at).split('\n').second;
  return rest.split('\n').first.trim().str();
}

/// The innermost module of an op's nn_module_stack: `layer1.0.conv1
/// (torch.nn.modules.conv.Conv2d)`, the root module by its type alone.
std::string getModulePath(const ir::Provenance &provenance) {
  std::optional<llvm::SmallVector<onnx_backend::ModuleFrame, 4>> frames =
      onnx_backend::parseModuleStack(provenance.lookup("nn_module_stack"));
  if (!frames || frames->empty())
    return {};
  const onnx_backend::ModuleFrame &inner = frames->back();
  if (inner.path.empty())
    return inner.type.str();
  return (inner.path + " (" + inner.type + ")").str();
}

/// Text for a Markdown table cell: `|` escaped, lines joined.
std::string cell(llvm::StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

/// `text` as inline code in a table cell.
std::string code(llvm::StringRef text) {
  if (text.empty())
    return "";
  std::string fence = text.contains('`') ? "``" : "`";
  std::string pad = text.contains('`') ? " " : "";
  return fence + pad + cell(text) + pad + fence;
}

bool isLoweredDialect(llvm::StringRef dialect) {
  return dialect == "onnx" || dialect == "onnx_ml" || dialect == "ir";
}

void writeHistogram(llvm::raw_ostream &os, const OpHistogram &histogram) {
  os << "| count | op |\n|---:|---|\n";
  for (const auto &[name, count] : sortByCount(histogram))
    os << "| " << count << " | " << code(name) << " |\n";
}

void printHistogram(llvm::raw_ostream &os, llvm::StringRef title, const OpHistogram &histogram) {
  os << title << ": " << countOps(histogram) << '\n';
  for (const auto &[name, count] : sortByCount(histogram))
    os << llvm::format("  %6zu  ", count) << name << '\n';
}

} // namespace

ConversionReport::ConversionReport(std::string inputPath, std::string outputPath, int opset)
    : inputPath(std::move(inputPath)), outputPath(std::move(outputPath)), opset(opset),
      start(Clock::now()) {}

void ConversionReport::endStep() {
  if (!currentStep)
    return;
  steps.push_back({*currentStep, secondsSince(stepStart), std::nullopt, {}, false});
  currentStep.reset();
}

void ConversionReport::startStep(llvm::StringRef name) {
  endStep();
  currentStep = name.str();
  stepStart = Clock::now();
}

void ConversionReport::addWarning(const llvm::Twine &message) { warnings.push_back(message.str()); }

void ConversionReport::addError(const llvm::Twine &message) { errors.push_back(message.str()); }

void ConversionReport::recordInput(const ir::Module &module) {
  imported = true;
  opsIn = countOpNames(module);
  ir::Operation *graph = module.lookupGraph("main");
  if (!graph)
    return;
  torchVersion = stringAttr(*graph, "torch.torch_version").str();
  schemaVersion = stringAttr(*graph, "torch.schema_version").str();
  const ir::Block &body = ir::Module::getGraphBody(graph);

  // The signature lists every input; the graph takes the user inputs as
  // arguments, and most parameters, buffers and constants as weights.
  llvm::ArrayRef<std::string> kinds = stringList(*graph, "torch.input_kinds");
  llvm::ArrayRef<std::string> names = stringList(*graph, "torch.input_names");
  llvm::StringMap<std::string> kindOf;
  for (size_t i = 0; i < kinds.size() && i < names.size(); ++i) {
    kindOf[names[i]] = kinds[i];
    if (kinds[i] != "user_input")
      ++inputKindCounts[kinds[i]];
  }
  for (const std::unique_ptr<ir::BlockArgument> &arg : body.getArguments()) {
    auto kind = kindOf.find(arg->getName());
    auto [dtype, shape] = describeType(arg->getType());
    inputs.push_back({arg->getName().str(), kind == kindOf.end() ? "user_input" : kind->second,
                      dtype, shape});
  }

  if (const ir::Operation *ret = body.getTerminator()) {
    llvm::ArrayRef<std::string> outputKinds = stringList(*graph, "torch.output_kinds");
    for (unsigned i = 0, e = ret->getNumOperands(); i != e; ++i) {
      const ir::Value *v = ret->getOperand(i);
      auto [dtype, shape] = describeType(v->getType());
      std::string kind = i < outputKinds.size() ? outputKinds[i] : "user_output";
      outputs.push_back({v->getName().str(), kind, dtype, shape});
    }
  }

  const ir::SymContext &context = module.getSymContext();
  for (ir::SymExpr sym : context.getSymbols()) {
    ir::SymRange range = context.getSymbolRange(sym);
    std::string name;
    llvm::raw_string_ostream(name) << sym;
    symbols.push_back({name, "[" + formatBound(range.lo) + ", " + formatBound(range.hi) + "]"});
  }
}

void ConversionReport::instrument(pass::Instrumentation &instr) {
  auto before = std::move(instr.beforePass);
  instr.beforePass = [this, before](const pass::Pass &pass) {
    if (before)
      before(pass);
    endStep();
    // Failed until afterPass says otherwise.
    steps.push_back({pass.getName().str(), 0, std::nullopt, {}, true});
  };
  auto after = std::move(instr.afterPass);
  instr.afterPass = [this, after](const pass::Pass &pass, const ir::Module &module,
                                  double seconds) {
    if (after)
      after(pass, module, seconds);
    Step &step = steps.back();
    step.seconds = seconds;
    step.opsAfter = countOps(module);
    step.failed = false;
    for (const auto &entry : pass.getStatistics())
      step.statistics.emplace_back(entry.getKey().str(), entry.getValue());
    llvm::sort(step.statistics);
  };
}

void ConversionReport::recordUnsupported(
    const ir::Module &module, llvm::ArrayRef<std::pair<std::string, std::string>> reasons) {
  llvm::StringMap<size_t> index;
  for (const auto &[name, reason] : reasons) {
    index[name] = unsupported.size();
    unsupported.push_back({name, reason, 0, {}});
  }
  module.getOperation()->walk([&](ir::Operation *op) {
    auto it = index.find(op->getName().getStringRef());
    if (it == index.end())
      return;
    Unsupported &u = unsupported[it->second];
    std::string where, source, sourceCode, node;
    if (const ir::ProvenanceRef &p = op->getProvenance()) {
      where = getModulePath(*p);
      source = p->getSourceLocation();
      sourceCode = getSourceCode(p->lookup("stack_trace"));
      node = p->nodeName.str();
    }
    auto site = llvm::find_if(u.sites, [&](const Site &s) {
      return s.module == where && s.source == source && s.code == sourceCode;
    });
    if (site == u.sites.end()) {
      u.sites.push_back({where, source, sourceCode, {}, 0});
      site = std::prev(u.sites.end());
    }
    ++site->uses;
    ++u.uses;
    if (!node.empty())
      site->nodes.push_back(node);
  });
}

llvm::Error ConversionReport::recordPipelineError(llvm::Error err, const ir::Module &module) {
  std::vector<std::pair<std::string, std::string>> reasons;
  err = llvm::handleErrors(std::move(err),
                           [&](std::unique_ptr<lowering::UnsupportedOpsError> e) -> llvm::Error {
                             for (const auto &overload : e->getOverloads())
                               reasons.emplace_back(overload.name, overload.reason);
                             return llvm::Error(std::move(e));
                           });
  recordUnsupported(module, reasons);
  return err;
}

void ConversionReport::recordOutput(const ir::Module &module) {
  opsOut = countOpNames(module);
  if (!unsupported.empty())
    return;
  std::vector<std::pair<std::string, std::string>> kept;
  for (const auto &[name, count] : *opsOut) {
    llvm::StringRef dialect = llvm::StringRef(name).split('.').first;
    if (!isLoweredDialect(dialect))
      kept.emplace_back(name, "");
  }
  unsupportedKept = !kept.empty();
  recordUnsupported(module, kept);
}

llvm::Error ConversionReport::recordError(llvm::Error err) {
  return llvm::handleErrors(std::move(err), [&](std::unique_ptr<llvm::ErrorInfoBase> e) {
    errors.push_back(e->message());
    return llvm::Error(std::move(e));
  });
}

void ConversionReport::finish(int code) {
  endStep();
  exitCode = code;
  totalSeconds = secondsSince(start);
  peakMemoryBytes = getPeakMemoryBytes();
}

//===----------------------------------------------------------------------===//
// Markdown
//===----------------------------------------------------------------------===//

void ConversionReport::writeSummary(llvm::raw_ostream &os) const {
  static const char *const kResults[] = {
      "converted",
      "converted, but the numerics check failed (exit code 1)",
      "the input cannot be converted (exit code 2); no model was written",
      "internal error (exit code 3); no model was written",
  };
  os << "| | |\n|---|---|\n";
  os << "| input | " << code(inputPath) << " |\n";
  if (!outputPath.empty())
    os << "| output | " << code(outputPath) << " |\n";
  os << "| result | "
     << (exitCode >= kExitOk && exitCode <= kExitInternalError ? kResults[exitCode] : "failed")
     << " |\n";
  os << "| pt2onnx | " << getVersionString() << ", ONNX opset " << opset << " |\n";
  os << llvm::format("| time | %.1f ms |\n", totalSeconds * 1e3);
  os << "| peak memory | " << formatMiB(peakMemoryBytes) << " |\n";
}

void ConversionReport::writeProgram(llvm::raw_ostream &os) const {
  os << "\n## Program\n\n";
  if (!imported) {
    os << "The program was not read.\n";
    return;
  }
  if (!torchVersion.empty() || !schemaVersion.empty()) {
    os << "Exported by torch " << (torchVersion.empty() ? "(unknown)" : torchVersion);
    if (!schemaVersion.empty())
      os << " (schema " << schemaVersion << ")";
    os << ".\n\n";
  }
  os << "| input | kind | dtype | shape |\n|---|---|---|---|\n";
  for (const Value &v : inputs)
    os << "| " << code(v.name) << " | " << v.kind << " | " << v.dtype << " | " << code(v.shape)
       << " |\n";
  if (!inputKindCounts.empty()) {
    os << "\nThe signature's other inputs:";
    llvm::ListSeparator separator(",");
    for (const auto &[kind, count] : inputKindCounts)
      os << separator << ' ' << count << ' ' << kind << (count == 1 ? "" : "s");
    os << ".\n";
  }
  if (!symbols.empty()) {
    os << "\n| symbolic dim | range |\n|---|---|\n";
    for (const Symbol &s : symbols)
      os << "| " << code(s.name) << " | " << s.range << " |\n";
  }
  os << "\n| output | kind | dtype | shape |\n|---|---|---|---|\n";
  for (const Value &v : outputs)
    os << "| " << code(v.name) << " | " << v.kind << " | " << v.dtype << " | " << code(v.shape)
       << " |\n";
}

void ConversionReport::writeUnsupported(llvm::raw_ostream &os) const {
  if (unsupported.empty())
    return;
  size_t uses = 0;
  for (const Unsupported &u : unsupported)
    uses += u.uses;
  os << "\n## Unsupported ops\n\n";
  os << uses << " op" << (uses == 1 ? "" : "s") << " of " << unsupported.size() << " overload"
     << (unsupported.size() == 1 ? "" : "s")
     << (uses == 1 ? " has" : " have") << " no lowering to ONNX opset " << opset;
  if (unsupportedKept)
    os << "; --allow-unsupported kept " << (uses == 1 ? "it as a node" : "them as nodes")
       << " of the custom domain `pkg.torch.ops`";
  os << ".\n";
  for (const Unsupported &u : unsupported) {
    os << "\n### " << code(u.name) << " (" << u.uses << " use" << (u.uses == 1 ? "" : "s")
       << ")\n\n";
    if (!u.reason.empty())
      os << "Reason: " << u.reason << "\n\n";
    os << "| uses | nodes | module | source |\n|---:|---|---|---|\n";
    for (const Site &site : u.sites) {
      constexpr size_t kNodesShown = 3;
      std::string nodes;
      for (size_t i = 0; i < site.nodes.size() && i < kNodesShown; ++i)
        nodes += (i ? ", " : "") + code(site.nodes[i]);
      if (site.nodes.size() > kNodesShown)
        nodes += ", ...";
      std::string source = code(site.source);
      if (!site.code.empty())
        source += (source.empty() ? "" : ": ") + code(site.code);
      os << "| " << site.uses << " | " << nodes << " | " << code(site.module) << " | " << source
         << " |\n";
    }
  }
}

void ConversionReport::writePasses(llvm::raw_ostream &os) const {
  os << "\n## Steps\n\n| step | wall (ms) | ops after |\n|---|---:|---:|\n";
  for (const Step &step : steps) {
    os << "| " << step.name << " | ";
    if (step.failed)
      os << "failed |";
    else
      os << llvm::format("%.3f", step.seconds * 1e3) << " |";
    if (step.opsAfter)
      os << ' ' << *step.opsAfter;
    os << " |\n";
  }

  auto statisticsOf = [&](llvm::StringRef pass) {
    std::vector<std::pair<std::string, int64_t>> all;
    for (const Step &step : steps)
      if (step.name == pass)
        all.insert(all.end(), step.statistics.begin(), step.statistics.end());
    return all;
  };
  auto writeCounts = [&](llvm::StringRef title, llvm::StringRef what, llvm::StringRef pass) {
    std::vector<std::pair<std::string, int64_t>> counts = statisticsOf(pass);
    os << "\n## " << title << "\n\n";
    if (counts.empty()) {
      os << "None.\n";
      return;
    }
    os << "| " << what << " | count |\n|---|---:|\n";
    for (const auto &[name, count] : counts)
      os << "| " << code(name) << " | " << count << " |\n";
  };
  writeCounts("Decompositions", "overload", "decompose");
  writeCounts("Fusions", "fusion", "fuse-ops");

  bool any = false;
  for (const Step &step : steps) {
    if (step.name == "decompose" || step.name == "fuse-ops")
      continue;
    for (const auto &[name, count] : step.statistics) {
      if (!any)
        os << "\n## Other pass statistics\n\n| pass | statistic | count |\n|---|---|---:|\n";
      any = true;
      os << "| " << step.name << " | " << code(name) << " | " << count << " |\n";
    }
  }
}

void ConversionReport::writeMarkdown(llvm::raw_ostream &os) const {
  os << "# pt2onnx report: " << cell(inputPath) << "\n\n";
  writeSummary(os);
  if (!errors.empty()) {
    os << "\n## Errors\n\n";
    for (const std::string &error : errors)
      os << "```\n" << error << "\n```\n";
  }
  writeUnsupported(os);
  writeProgram(os);
  if (!warnings.empty()) {
    os << "\n## Warnings\n\n";
    for (const std::string &warning : warnings)
      os << "- " << warning << '\n';
  }
  writePasses(os);
  if (imported) {
    os << "\n## Ops in\n\n";
    writeHistogram(os, opsIn);
  }
  if (opsOut) {
    os << "\n## Ops out\n\n";
    writeHistogram(os, *opsOut);
  }
}

//===----------------------------------------------------------------------===//
// --stats
//===----------------------------------------------------------------------===//

void ConversionReport::printStats(llvm::raw_ostream &os) const {
  if (imported)
    printHistogram(os, "ops in", opsIn);
  if (opsOut)
    printHistogram(os, "ops out", *opsOut);
  os << "     wall (ms)       ops  step\n";
  for (const Step &step : steps) {
    if (step.failed) {
      os << "        failed            " << step.name << '\n';
      continue;
    }
    os << llvm::format("  %12.3f  ", step.seconds * 1e3);
    if (step.opsAfter)
      os << llvm::format("%8zu", *step.opsAfter);
    else
      os << std::string(8, ' ');
    os << "  " << step.name << '\n';
    for (const auto &[name, count] : step.statistics)
      os << std::string(26, ' ') << llvm::format("%8lld  ", (long long)count) << name << '\n';
  }
  os << llvm::format("  %12.3f            total\n", totalSeconds * 1e3);
  os << "peak memory: " << formatMiB(peakMemoryBytes) << '\n';
}

} // namespace pt2onnx::tools
