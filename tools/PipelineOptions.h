//===- PipelineOptions.h - The pass-pipeline flags both tools accept -------===//
//
// --passes, --opset, --optimize-for, --training, --allow-unsupported, --custom-ops, --fold-limit,
// --print-ir-before/after(-all/-change), --verify-each, --timing,
// --pass-statistics, --ir-dump-dir, --list-passes: parsed by llvm::cl into
// two option categories shared by pt2onnx and pt2onnx-opt: the pipeline's,
// and its tracing (what is printed and checked as it runs). A third, the
// resource limits (--max-nodes, --max-json-depth, ...), bounds what the
// frontend accepts (pt2::ImportLimits).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_PIPELINEOPTIONS_H
#define PT2ONNX_TOOLS_PIPELINEOPTIONS_H

#include "frontends/pt2/ImportLimits.h"
#include "ir/pass/PassManager.h"
#include "passes/Pipeline.h"

#include "llvm/Support/CommandLine.h"

namespace pt2onnx::tools {

llvm::cl::OptionCategory &getPipelineCategory();
llvm::cl::OptionCategory &getPipelineTracingCategory();
llvm::cl::OptionCategory &getLimitsCategory();

/// The frontend's limits, the defaults raised or lowered by the flags given.
pt2::ImportLimits getImportLimits();

/// Registers every pass and adds their listing (name, summary, options) to
/// the end of --help. Call before parsing the command line.
void registerPassesForHelp();

/// The default pipeline's options given on the command line.
passes::PipelineOptions getPipelineOptions();

/// The pipeline given with --passes; without it, the default pipeline when
/// `useDefault`, else the empty one. A pipeline that does not parse is an
/// input error.
llvm::Expected<pass::PassManager> buildPipeline(bool useDefault);

/// The passes of a pipeline's text, one spec each: `cse,fold-constants{limit=8}`
/// gives `cse` and `fold-constants{limit=8}`.
std::vector<std::string> splitPipeline(llvm::StringRef pipeline);

/// The instrumentation requested on the command line.
pass::Instrumentation getInstrumentation(const ir::PrintOptions &printOptions);

/// True when --list-passes was given; then the passes are printed to `os`.
bool listPassesIfRequested(llvm::raw_ostream &os);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_PIPELINEOPTIONS_H
