//===- FoldConstantsTest.cpp - The fold-constants pass on modules ----------===//
//
// What the textual tests cannot see: that a folded reshape of a weight
// shares the weight's bytes instead of copying them, that folding computes
// from the weights' real data, and that a second run finds nothing to do.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"
#include "ir/pass/Pass.h"
#include "passes/Passes.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace pt2onnx;

namespace {

std::unique_ptr<pass::Pass> makePass(llvm::StringRef limit = "") {
  passes::registerAllPasses();
  const pass::PassInfo *info = pass::lookupPass("fold-constants");
  EXPECT_TRUE(info);
  pass::PassOptions options(*info);
  if (!limit.empty()) {
    EXPECT_FALSE(bool(options.set("limit", limit)));
  }
  llvm::Expected<std::unique_ptr<pass::Pass>> created = info->factory(options);
  EXPECT_TRUE(bool(created));
  return std::move(*created);
}

/// A module whose main graph reshapes and negates a 1024-element weight.
struct WeightModule {
  ir::Module module;
  std::vector<float> data = std::vector<float>(1024);
  ir::Operation *reshape, *neg;

  WeightModule() {
    for (size_t i = 0; i != data.size(); ++i)
      data[i] = float(i) - 512;
    ir::WeightData w;
    w.dtype = ir::DType::Float32;
    w.shape = {1024};
    w.bytes = llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()),
                                      data.size() * sizeof(float));
    module.addWeight("table", std::move(w));
    ir::Builder b(module);
    b.setInsertionPointToEnd(&ir::Module::getGraphBody(module.addGraph("main")));
    ir::Value *table = b.createWeightRef("table", module.lookupWeight("table")->getType());
    int64_t dims[] = {32, 32};
    ir::DenseElements d{ir::DType::Int64, {2}, std::vector<uint8_t>(sizeof dims)};
    std::memcpy(d.bytes.data(), dims, sizeof dims);
    ir::Value *shape = b.createConstant(std::move(d));
    ir::Type square = ir::Type::tensor(ir::DType::Float32, {32, 32});
    reshape = b.create("onnx.Reshape", {table, shape}, {square});
    reshape->getResult(0)->setName("square");
    neg = b.create("onnx.Neg", {reshape->getResult(0)}, {square});
    neg->getResult(0)->setName("negated");
    b.createReturn({neg->getResult(0)});
  }
};

TEST(FoldConstantsTest, ReshapeOfAWeightSharesItsBytes) {
  WeightModule m;
  llvm::Expected<bool> changed = makePass()->run(m.module);
  ASSERT_TRUE(bool(changed));
  EXPECT_TRUE(*changed);
  const ir::WeightData *square = m.module.lookupWeight("square_1");
  ASSERT_TRUE(square);
  EXPECT_EQ(square->bytes.data(), reinterpret_cast<const uint8_t *>(m.data.data()));
  EXPECT_EQ(llvm::ArrayRef<int64_t>(square->shape), llvm::ArrayRef<int64_t>({32, 32}));

  const ir::WeightData *negated = m.module.lookupWeight("negated_1");
  ASSERT_TRUE(negated);
  ASSERT_EQ(negated->bytes.size(), 4096u);
  float values[1024];
  std::memcpy(values, negated->bytes.data(), sizeof values);
  for (size_t i = 0; i != 1024; ++i)
    ASSERT_EQ(values[i], 512 - float(i)) << i;

  llvm::Expected<bool> again = makePass()->run(m.module);
  ASSERT_TRUE(bool(again));
  EXPECT_FALSE(*again);
}

TEST(FoldConstantsTest, NothingOverTheLimitIsComputed) {
  WeightModule m;
  llvm::Expected<bool> changed = makePass("1000")->run(m.module);
  ASSERT_TRUE(bool(changed));
  EXPECT_FALSE(*changed);
  EXPECT_FALSE(m.module.lookupWeight("square_1"));
}

} // namespace
