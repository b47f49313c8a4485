//===- RegistryKeysTest.cpp - The passes' registries name real operators ---===//
//
// Shape functions, evaluator rules and canonicalization roots are found by op
// name. Those that name an operator of the op table (an ATen or prims
// overload, a symbolic `operator.*` function) must name one torch has, once:
// a misspelt overload would never be found, and the op it meant would go
// without. ONNX ops are not in the table; they are found by name as before.
//
//===----------------------------------------------------------------------===//

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
  for (llvm::StringRef name : {"onnx.Add", "onnx.Shape", "aten.add.Tensor", "aten.eq.Scalar",
                               "aten.sym_size.int"})
    EXPECT_NE(passes::eval::lookupEvalRule(name), nullptr) << name.str();
  for (llvm::StringRef name : {"aten.add.default", "onnx.NoSuchOp"})
    EXPECT_EQ(passes::eval::lookupEvalRule(name), nullptr) << name.str();
  ASSERT_NE(passes::eval::lookupEvalRule("onnx.Shape"), nullptr);
  EXPECT_FALSE(passes::eval::lookupEvalRule("onnx.Shape")->needsConstantOperands);
}

} // namespace
