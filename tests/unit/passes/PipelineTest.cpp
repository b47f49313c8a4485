//===- PipelineTest.cpp - The default pipeline as a library function -------===//
//
// What embedders call instead of spelling the pipeline: its passes for each
// option, the opset range and runtimes it accepts, and the check that a pipeline without
// lower-aten left no ATen op.
//
//===----------------------------------------------------------------------===//

#include "ir/Parser.h"
#include "passes/Passes.h"
#include "passes/Pipeline.h"

#include <gtest/gtest.h>

using namespace pt2onnx;

namespace {

std::string pipelineText(const passes::PipelineOptions &options) {
  llvm::Expected<pass::PassManager> pm = passes::buildDefaultPipeline(options);
  if (!pm)
    return "error: " + llvm::toString(pm.takeError());
  return pm->str();
}

TEST(DefaultPipeline, ItsPassesForEachOption) {
  EXPECT_EQ(pipelineText({}), "functionalize,decompose,lower-aten{opset=20},canonicalize,fold-constants,cse,"
                              "shape-slices,dce,infer-shapes");
  passes::PipelineOptions options;
  options.opset = 23;
  options.training = true;
  options.allowUnsupported = true;
  options.foldLimit = 64;
  EXPECT_EQ(pipelineText(options),
            "functionalize,decompose,lower-aten{opset=23,allow-unsupported=1},canonicalize,fuse-ops,"
            "fold-constants{limit=64,keep-parameters=1},cse{merge-weights=0},shape-slices,dce,"
            "infer-shapes");
  options = {};
  options.opset = ir::kMaxOnnxOpset + 1;
  EXPECT_EQ(pipelineText(options), "error: opset 24 is not supported (supported: 17 to 23)");
}

TEST(DefaultPipeline, OptimizedForOnnxRuntimeFusesBetweenTwoFolds) {
  passes::PipelineOptions options;
  options.optimizeFor = "onnxruntime";
  options.foldLimit = 64;
  EXPECT_EQ(pipelineText(options),
            "functionalize,decompose,lower-aten{opset=20},canonicalize,fold-constants{limit=64},"
            "fuse-ort,fold-constants{limit=64},cse,shape-slices,dce,infer-shapes");
  options.optimizeFor = "tensorrt";
  EXPECT_EQ(pipelineText(options),
            "error: unknown runtime to optimize for 'tensorrt' (known: onnxruntime)");
}

TEST(DefaultPipeline, AtenOpsLeftWithoutLowerAtenAreNamed) {
  passes::registerAllPasses();
  llvm::Expected<std::unique_ptr<ir::Module>> module = ir::parseModule(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %a = "aten.relu.default"(%x) {arg_names = ["self"]} : (tensor<2xf32>) -> tensor<2xf32>
    %b = "aten.neg.default"(%a) {arg_names = ["self"]} : (tensor<2xf32>) -> tensor<2xf32>
    %c = "aten.relu.default"(%b) {arg_names = ["self"]} : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%c) : (tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)",
                                                                       "test");
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
  llvm::Expected<pass::PassManager> without = pass::PassManager::parse("dce");
  ASSERT_TRUE(bool(without));
  EXPECT_EQ(llvm::toString(passes::checkAtenOpsLowered(**module, *without)),
            "3 ATen ops remain after the pipeline (aten.relu.default x2, aten.neg.default); "
            "lower-aten is missing from it");
  llvm::Expected<pass::PassManager> with = passes::buildDefaultPipeline();
  ASSERT_TRUE(bool(with));
  EXPECT_FALSE(bool(passes::checkAtenOpsLowered(**module, *with)));
}

} // namespace
