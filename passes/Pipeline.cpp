//===- Pipeline.cpp - The default pipeline, from .pt2 import to ONNX --------===//

#include "passes/Pipeline.h"

#include "passes/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace pt2onnx::passes {

llvm::Expected<pass::PassManager> buildDefaultPipeline(const PipelineOptions &options) {
  registerAllPasses();
  using Options = std::vector<std::pair<std::string, std::string>>;
  Options lower = {{"opset", std::to_string(options.opset)}};
  if (options.allowUnsupported)
    lower.emplace_back("allow-unsupported", "1");
  Options fold, fuseOrt, cse;
  if (options.foldLimit)
    fold.emplace_back("limit", std::to_string(*options.foldLimit));
  // Parameters of a training export are trained apart even when their
  // initial values are equal.
  if (options.training) {
    fold.emplace_back("keep-parameters", "1");
    fuseOrt.emplace_back("keep-parameters", "1");
    cse.emplace_back("merge-weights", "0");
  }

  if (!options.optimizeFor.empty() && options.optimizeFor != "onnxruntime")
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unknown runtime to optimize for '" + options.optimizeFor +
                                       "' (known: onnxruntime)");

  pass::PassManager pm;
  std::vector<std::pair<llvm::StringRef, Options>> passes;
  // The user's translations see the ops as the program has them.
  if (!options.customOpsTable.empty())
    passes.emplace_back("custom-ops", Options{{"table", options.customOpsTable}});
  passes.insert(passes.end(), {{"functionalize", {}},
                               {"decompose", {}},
                               {"lower-aten", lower},
                               {"canonicalize", {}}});
  // From opset 23 the decomposed RMS norms and rotary embeddings have ops.
  if (options.opset >= 23)
    passes.emplace_back("fuse-ops", Options());
  passes.emplace_back("fold-constants", fold);
  // After folding, so that the weights the fusions check are constants; a
  // second fold-constants packs the weights fuse-attention concatenates.
  if (options.optimizeFor == "onnxruntime")
    passes.insert(passes.end(), {{"fuse-ort", fuseOrt}, {"fold-constants", fold}});
  passes.insert(passes.end(),
                {{"cse", cse}, {"shape-slices", {}}, {"dce", {}}, {"infer-shapes", {}}});
  for (const auto &[name, passOptions] : passes)
    if (llvm::Error err = pm.addPass(name, passOptions))
      return err;
  return pm;
}

llvm::Error checkAtenOpsLowered(const ir::Module &module, const pass::PassManager &pipeline) {
  if (pipeline.contains("lower-aten"))
    return llvm::Error::success();
  llvm::MapVector<llvm::StringRef, size_t> left;
  size_t total = 0;
  module.getOperation()->walk([&](ir::Operation *op) {
    if (op->getName().getStringRef().startswith("aten.")) {
      ++left[op->getName().getStringRef()];
      ++total;
    }
  });
  if (total == 0)
    return llvm::Error::success();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << total << " ATen op" << (total == 1 ? " remains" : "s remain") << " after the pipeline (";
  llvm::interleaveComma(left, os, [&](const auto &entry) {
    os << entry.first;
    if (entry.second > 1)
      os << " x" << entry.second;
  });
  os << "); lower-aten is missing from it";
  return pass::makeProgramError(text);
}

} // namespace pt2onnx::passes
