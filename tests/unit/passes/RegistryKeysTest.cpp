//===- RegistryKeysTest.cpp - The passes' registries name real operators ---===//
//
// Shape functions, evaluator rules and canonicalization roots are found by op
// name. Those that name an operator of the op table (an ATen or prims
// overload, a symbolic `operator.*` function) must name one torch has, once:
// a misspelt overload would never be found, and the op it meant would go
// without. ONNX ops are not in the table; they are found by name as before.
//
//===----------------------------------------------------------------------===//

#include "ir/Module.h"
#include "passes/canonicalize/Patterns.h"
#include "passes/eval/Evaluator.h"
#include "passes/shapes/ShapeFunctions.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pt2onnx;
using ::testing::IsEmpty;

namespace {

TEST(ShapeFunctions, AtenKeysAreRealOperators) {
  const passes::ShapeFunctionRegistry &registry = passes::getShapeFunctions();
  EXPECT_THAT(registry.checkAtenKeys(), IsEmpty());
}

TEST(ShapeFunctions, FoundByOnnxNameAndByTableKey) {
  const passes::ShapeFunctionRegistry &registry = passes::getShapeFunctions();
  for (llvm::StringRef name : {"onnx.Reshape", "onnx.Add", "aten.add.Tensor", "aten.mul.Scalar",
                               "aten.view.default", "operator.add", "operator.floordiv"})
    EXPECT_NE(registry.lookup(ir::OperationName::get(name)), nullptr) << name.str();
  // Overloads torch does not have: the binary-op loop once registered them.
  for (llvm::StringRef name : {"aten.add.default", "aten.maximum.Tensor", "onnx.NoSuchOp"})
    EXPECT_EQ(registry.lookup(ir::OperationName::get(name)), nullptr) << name.str();
}

TEST(EvalRules, OpTableKeysAreRealOperators) {
  EXPECT_THAT(passes::eval::getEvalRules().checkKeys(), IsEmpty());
}

TEST(EvalRules, FoundByOnnxNameAndByTableKey) {
  for (llvm::StringRef name :
       {"onnx.Add", "onnx.Shape", "aten.add.Tensor", "aten.eq.Scalar", "aten.sym_size.int"})
    EXPECT_NE(passes::eval::lookupEvalRule(name), nullptr) << name.str();
  for (llvm::StringRef name : {"aten.add.default", "onnx.NoSuchOp"})
    EXPECT_EQ(passes::eval::lookupEvalRule(name), nullptr) << name.str();
  ASSERT_NE(passes::eval::lookupEvalRule("onnx.Shape"), nullptr);
  EXPECT_FALSE(passes::eval::lookupEvalRule("onnx.Shape")->needsConstantOperands);
}

TEST(CanonicalizePatterns, RootNamesAreRealOperators) {
  ir::Module module;
  passes::CanonicalizeContext context(module);
  ir::PatternSet patterns;
  passes::addCanonicalizePatterns(patterns, context);
  EXPECT_THAT(context.checkRootKeys(), IsEmpty());

  llvm::SmallVector<ir::RewritePattern *, 4> found;
  patterns.lookup(ir::OperationName::get("aten.clone.default"), found);
  EXPECT_EQ(found.size(), 1u);
}

TEST(CanonicalizePatterns, UnknownAtenRootsAreReported) {
  ir::Module module;
  passes::CanonicalizeContext context(module);
  context.checkRootNames(
      {"onnx.Identity", "ir.constant", "aten.clone.default", "aten.clone.Tensor"});
  ASSERT_EQ(context.checkRootKeys().size(), 1u);
  EXPECT_THAT(context.checkRootKeys()[0],
              ::testing::HasSubstr("unknown operator 'aten.clone.Tensor'"));
}

} // namespace
