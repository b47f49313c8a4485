//===- PipelineOptions.h - The pass-pipeline flags both tools accept -------===//
//
// --passes, --print-ir-before/after(-all/-change), --verify-each, --timing,
// --ir-dump-dir, --list-passes: parsed by llvm::cl into one option category
// shared by pt2onnx and pt2onnx-opt.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_PIPELINEOPTIONS_H
#define PT2ONNX_TOOLS_PIPELINEOPTIONS_H

#include "passes/PassManager.h"

#include "llvm/Support/CommandLine.h"

namespace pt2onnx::tools {

llvm::cl::OptionCategory &getPipelineCategory();

/// The pipeline text given with --passes, or `defaultPipeline` when absent.
std::string getPipelineText(llvm::StringRef defaultPipeline);
/// The instrumentation requested on the command line.
passes::Instrumentation getInstrumentation(const ir::PrintOptions &printOptions);
/// True when --list-passes was given; then the passes are printed to `os`.
bool listPassesIfRequested(llvm::raw_ostream &os);

/// Parses the pipeline and runs it with the requested instrumentation
/// (dumps and timings on stderr). A pipeline that does not parse is an
/// input error.
llvm::Error runPipeline(ir::Module &module, llvm::StringRef defaultPipeline,
                        const ir::PrintOptions &printOptions);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_PIPELINEOPTIONS_H
