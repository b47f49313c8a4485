//===- OnnxDomainsTest.cpp - Nodes of other domains and local functions -----===//
//
// buildModelProto on the ops ir/OnnxDomain.h describes: `onnx_domain` nodes
// and their domains' imports, `onnx_function` calls and the FunctionProtos
// their regions become (constants as nodes, identical bodies shared).
//
//===----------------------------------------------------------------------===//

#include "backends/onnx/ONNXBackend.h"
#include "ir/Parser.h"

#include "llvm/Support/Error.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pt2onnx;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

namespace {

std::unique_ptr<ir::Module> parse(llvm::StringRef text) {
  llvm::Expected<std::unique_ptr<ir::Module>> module = ir::parseModule(text, "test.mlir");
  if (!module) {
    ADD_FAILURE() << llvm::toString(module.takeError());
    return nullptr;
  }
  return std::move(*module);
}

llvm::Expected<onnx::ModelProto> build(const ir::Module &module) {
  return onnx_backend::buildModelProto(module, onnx_backend::EmitOptions());
}

std::vector<std::pair<std::string, int64_t>> imports(const onnx::ModelProto &model) {
  std::vector<std::pair<std::string, int64_t>> found;
  for (const onnx::OperatorSetIdProto &opset : model.opset_import())
    found.emplace_back(opset.domain(), opset.version());
  return found;
}

TEST(OnnxDomains, NodesOfOtherDomains) {
  std::unique_ptr<ir::Module> module = parse(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4xf32>, %b: tensor<4xf32>):
    %g = "onnx_domain.com.microsoft.FastGelu"(%x, %b) {ir.domain_version = 1 : i64} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
    %s = "onnx_domain.com.example.ScaledTanh"(%g) {alpha = 0.25 : f64, ir.domain_version = 2 : i64, scale = 3 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    "ir.return"(%s) : (tensor<2x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)");
  llvm::Expected<onnx::ModelProto> model = build(*module);
  ASSERT_TRUE(bool(model)) << llvm::toString(model.takeError());
  const onnx::GraphProto &graph = model->graph();
  ASSERT_EQ(graph.node_size(), 2);
  EXPECT_EQ(graph.node(0).domain(), "com.microsoft");
  EXPECT_EQ(graph.node(0).op_type(), "FastGelu");
  EXPECT_EQ(graph.node(0).attribute_size(), 0);
  EXPECT_EQ(graph.node(1).domain(), "com.example");
  EXPECT_EQ(graph.node(1).op_type(), "ScaledTanh");
  ASSERT_EQ(graph.node(1).attribute_size(), 2);
  EXPECT_EQ(graph.node(1).attribute(0).name(), "alpha");
  EXPECT_EQ(graph.node(1).attribute(0).f(), 0.25f);
  EXPECT_EQ(graph.node(1).attribute(1).name(), "scale");
  EXPECT_EQ(graph.node(1).attribute(1).i(), 3);
  EXPECT_THAT(imports(*model),
              ElementsAre(Pair("", 20), Pair("com.example", 2), Pair("com.microsoft", 1)));
}

TEST(OnnxDomains, OneVersionPerDomain) {
  std::unique_ptr<ir::Module> module = parse(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %a = "onnx_domain.com.example.A"(%x) {ir.domain_version = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %b = "onnx_domain.com.example.B"(%a) {ir.domain_version = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %c = "onnx_domain.com.example.C"(%b) : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%c) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)");
  llvm::Expected<onnx::ModelProto> model = build(*module);
  ASSERT_FALSE(bool(model));
  EXPECT_THAT(llvm::toString(model.takeError()),
              HasSubstr("uses domain 'com.example' at version 2, another op at version 1"));
}

TEST(OnnxDomains, LocalFunctions) {
  // Two calls with the same body share a function, a third with another
  // constant gets its own; the constant the third's body shares with the
  // enclosing graph is copied into it.
  std::unique_ptr<ir::Module> module = parse(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %three = "ir.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
    %p = "onnx_function.pkg.mine.Scale"(%x) ({
    ^bb0(%a: tensor<4xf32>):
      %two = "ir.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
      %m = "onnx.Mul"(%a, %two) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
      "ir.return"(%m) : (tensor<4xf32>) -> ()
    }) {ir.domain_version = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %q = "onnx_function.pkg.mine.Scale"(%p) ({
    ^bb0(%a: tensor<4xf32>):
      %two = "ir.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
      %m = "onnx.Mul"(%a, %two) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
      "ir.return"(%m) : (tensor<4xf32>) -> ()
    }) {ir.domain_version = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %r = "onnx_function.pkg.mine.Scale"(%q) ({
    ^bb0(%a: tensor<4xf32>):
      %m = "onnx.Mul"(%a, %three) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
      "ir.return"(%m) : (tensor<4xf32>) -> ()
    }) {ir.domain_version = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %y = "onnx.Add"(%r, %three) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    "ir.return"(%y) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)");
  llvm::Expected<onnx::ModelProto> model = build(*module);
  ASSERT_TRUE(bool(model)) << llvm::toString(model.takeError());
  const onnx::GraphProto &graph = model->graph();
  ASSERT_EQ(graph.node_size(), 4);
  for (int i = 0; i != 3; ++i) {
    EXPECT_EQ(graph.node(i).domain(), "pkg.mine");
    EXPECT_EQ(graph.node(i).attribute_size(), 0);
  }
  EXPECT_EQ(graph.node(0).op_type(), "Scale");
  EXPECT_EQ(graph.node(1).op_type(), "Scale");
  EXPECT_EQ(graph.node(2).op_type(), "Scale_1");
  // Only the enclosing graph's constant is an initializer.
  ASSERT_EQ(graph.initializer_size(), 1);
  EXPECT_EQ(graph.initializer(0).name(), "three");

  ASSERT_EQ(model->functions_size(), 2);
  const onnx::FunctionProto &scale = model->functions(0);
  EXPECT_EQ(scale.domain(), "pkg.mine");
  EXPECT_EQ(scale.name(), "Scale");
  EXPECT_THAT(std::vector<std::string>(scale.input().begin(), scale.input().end()),
              ElementsAre("a"));
  EXPECT_THAT(std::vector<std::string>(scale.output().begin(), scale.output().end()),
              ElementsAre("m"));
  ASSERT_EQ(scale.node_size(), 2);
  EXPECT_EQ(scale.node(0).op_type(), "Constant");
  EXPECT_EQ(scale.node(0).output(0), "two");
  EXPECT_EQ(scale.node(1).op_type(), "Mul");
  ASSERT_EQ(scale.opset_import_size(), 1);
  EXPECT_EQ(scale.opset_import(0).version(), 20);

  const onnx::FunctionProto &other = model->functions(1);
  EXPECT_EQ(other.name(), "Scale_1");
  ASSERT_EQ(other.node_size(), 2);
  EXPECT_EQ(other.node(0).op_type(), "Constant");
  EXPECT_EQ(other.node(0).output(0), "three");
  EXPECT_EQ(other.node(1).input(1), "three");
  EXPECT_THAT(imports(*model), ElementsAre(Pair("", 20), Pair("pkg.mine", 1)));
}

} // namespace
