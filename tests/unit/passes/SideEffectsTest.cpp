//===- SideEffectsTest.cpp - Which ops cse, dce and folding may touch ------===//
//
// isPure reads the purity of ATen ops from the op table's schemas: the ops
// cse may merge, dce erase and fold-constants evaluate are exactly the
// overloads that write no argument, draw no random numbers and return
// something.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"
#include "passes/SideEffects.h"

#include <gtest/gtest.h>

using namespace pt2onnx;

namespace {

class SideEffects : public testing::Test {
protected:
  SideEffects() : builder(module) {
    builder.setInsertionPointToEnd(&ir::Module::getGraphBody(module.addGraph("main")));
  }

  /// Whether an op named `name` is pure; isPure reads nothing but the name.
  bool pure(llvm::StringRef name) {
    return passes::isPure(*builder.create(name, {}, {ir::Type::none()}, {}));
  }

  ir::Module module;
  ir::Builder builder;
};

TEST_F(SideEffects, FunctionalAtenOpsAndViewsArePure) {
  EXPECT_TRUE(pure("aten.add.Tensor"));
  EXPECT_TRUE(pure("aten.view.default"));
  EXPECT_TRUE(pure("aten.transpose.int"));
  EXPECT_TRUE(pure("aten.empty.memory_format"));
}

TEST_F(SideEffects, AtenOpsThatWriteTheirArgumentsAreNot) {
  EXPECT_FALSE(pure("aten.add_.Tensor"));
  EXPECT_FALSE(pure("aten.__iand__.Tensor"));
  EXPECT_FALSE(pure("aten.add.out"));
  EXPECT_FALSE(pure("aten.max.dim_max"));
  EXPECT_FALSE(pure("aten._native_batch_norm_legit.default"));
}

TEST_F(SideEffects, RandomAtenOpsAreNot) {
  EXPECT_FALSE(pure("aten.bernoulli.p"));
  EXPECT_FALSE(pure("aten.rand.default"));
  EXPECT_FALSE(pure("aten.dropout.default"));
  EXPECT_FALSE(pure("aten.normal_functional.default"));
}

TEST_F(SideEffects, AtenOpsCalledForTheirEffectAreNot) {
  EXPECT_FALSE(pure("aten._assert_scalar.default"));
  EXPECT_FALSE(pure("aten._assert_async.msg"));
  EXPECT_FALSE(pure("aten.sym_constrain_range.default"));
  EXPECT_FALSE(pure("aten._print.default"));
  EXPECT_FALSE(pure("aten._make_dep_token.default"));
}

TEST_F(SideEffects, UnknownAtenOpsAndOtherDialectsAreNot) {
  EXPECT_FALSE(pure("aten.no_such_op.default"));
  EXPECT_FALSE(pure("custom.op"));
  EXPECT_FALSE(pure("higher_order.cond"));
}

TEST_F(SideEffects, OnnxOpsArePureButTheRandomOnes) {
  EXPECT_TRUE(pure("onnx.Add"));
  EXPECT_TRUE(pure("ir.constant"));
  EXPECT_FALSE(pure("onnx.RandomNormal"));
  EXPECT_FALSE(pure("onnx.Dropout"));
}

} // namespace
