//===- Pipeline.h - The default pipeline, from .pt2 import to ONNX ----------===//
//
// The one definition of what pt2onnx does between the frontend and the
// backend: custom-ops (given a table), functionalize, lower-aten,
// canonicalize, fuse-ops (from opset 23), fold-constants, fuse-ort and
// fold-constants again (when optimizing for ONNX Runtime), cse, dce,
// infer-shapes. The tools and embedders build it
// here; --print-pipeline prints it (PassManager::str).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_PIPELINE_H
#define PT2ONNX_PASSES_PIPELINE_H

#include "ir/Module.h"
#include "ir/pass/PassManager.h"

#include <optional>
#include <string>

namespace pt2onnx::passes {

struct PipelineOptions {
  /// The ONNX opset lower-aten targets, in [ir::kMinOnnxOpset,
  /// ir::kMaxOnnxOpset].
  int opset = ir::kDefaultOnnxOpset;
  /// Export for on-device training: parameters stay distinct initializers,
  /// neither folded into other constants nor merged with equal weights.
  bool training = false;
  /// Leave ops without a lowering in place instead of failing (the backend
  /// then needs EmitOptions::allowUnsupported).
  bool allowUnsupported = false;
  /// fold-constants' limit (elements of a folded result); unset keeps the
  /// pass's default.
  std::optional<int64_t> foldLimit;
  /// A custom-ops table (JSON, lowering/CustomOpTable.h) applied first;
  /// empty for none.
  std::string customOpsTable;
  /// The runtime the model is optimized for: empty for none (the model is
  /// standard ONNX), or "onnxruntime" (fuse-ort after fold-constants: ops of
  /// ONNX Runtime's com.microsoft domain). Another name is an error of
  /// buildDefaultPipeline.
  std::string optimizeFor;
};

/// The default pipeline for `options`; an error for an opset out of range.
/// Registers every pass (registerAllPasses) first.
llvm::Expected<pass::PassManager> buildDefaultPipeline(const PipelineOptions &options = {});

/// After `pipeline` ran on `module` and before the module is written as
/// ONNX: a ProgramError naming the ATen ops left, by count, when the
/// pipeline has no lower-aten (with lower-aten, what it left is what
/// allow-unsupported kept, for the backend to judge).
llvm::Error checkAtenOpsLowered(const ir::Module &module, const pass::PassManager &pipeline);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_PIPELINE_H
