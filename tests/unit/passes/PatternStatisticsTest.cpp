//===- PatternStatisticsTest.cpp - Pattern counts as pass statistics -------===//
//
// canonicalize, fuse-ops and fold-constants record how often each of their
// patterns applied as statistics of the pass, by pattern name, summed over
// runs; a pass that changed nothing records nothing.
//
//===----------------------------------------------------------------------===//

#include "ir/Parser.h"
#include "ir/pass/Pass.h"
#include "passes/Passes.h"

#include <gtest/gtest.h>

using namespace pt2onnx;

namespace {

std::unique_ptr<pass::Pass> makePass(llvm::StringRef name) {
  passes::registerAllPasses();
  const pass::PassInfo *info = pass::lookupPass(name);
  EXPECT_TRUE(info) << name.str();
  llvm::Expected<std::unique_ptr<pass::Pass>> pass = info->factory(pass::PassOptions(*info));
  EXPECT_TRUE(bool(pass));
  return std::move(*pass);
}

std::unique_ptr<ir::Module> parse(llvm::StringRef text) {
  llvm::Expected<std::unique_ptr<ir::Module>> m = ir::parseModule(text, "test");
  EXPECT_TRUE(bool(m)) << (m ? "" : llvm::toString(m.takeError()));
  return m ? std::move(*m) : nullptr;
}

constexpr llvm::StringLiteral kProgram = R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %a = "onnx.Identity"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %b = "onnx.Identity"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %t = "onnx.Transpose"(%b) {perm = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %two = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %n = "onnx.Neg"(%two) : (tensor<2xi64>) -> tensor<2xi64>
    "ir.return"(%t, %n) : (tensor<2x3xf32>, tensor<2xi64>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()
)";

TEST(PatternStatisticsTest, CanonicalizeCountsEachPattern) {
  std::unique_ptr<ir::Module> m = parse(kProgram);
  ASSERT_TRUE(m);
  std::unique_ptr<pass::Pass> pass = makePass("canonicalize");
  llvm::Expected<bool> changed = pass->run(*m);
  ASSERT_TRUE(bool(changed));
  EXPECT_TRUE(*changed);
  const llvm::StringMap<int64_t> &stats = pass->getStatistics();
  EXPECT_EQ(stats.lookup("drop-identity"), 2);
  EXPECT_EQ(stats.lookup("drop-identity-transpose"), 1);
  EXPECT_FALSE(stats.count("fuse-casts"));

  // A second run changes nothing and adds nothing.
  llvm::Expected<bool> again = pass->run(*m);
  ASSERT_TRUE(bool(again));
  EXPECT_FALSE(*again);
  EXPECT_EQ(pass->getStatistics().lookup("drop-identity"), 2);
}

TEST(PatternStatisticsTest, FoldConstantsAndFuseOpsCountTheirPatterns) {
  std::unique_ptr<ir::Module> m = parse(kProgram);
  ASSERT_TRUE(m);
  std::unique_ptr<pass::Pass> fold = makePass("fold-constants");
  ASSERT_TRUE(bool(fold->run(*m)));
  EXPECT_EQ(fold->getStatistics().lookup("evaluate-constant-op"), 1);
  EXPECT_FALSE(fold->getStatistics().count("fold-batch-norm-into-conv"));

  std::unique_ptr<pass::Pass> fuse = makePass("fuse-ops");
  llvm::Expected<bool> fused = fuse->run(*m);
  ASSERT_TRUE(bool(fused));
  EXPECT_FALSE(*fused);
  EXPECT_TRUE(fuse->getStatistics().empty());
}

TEST(PatternStatisticsTest, AddStatisticSumsDeltas) {
  std::unique_ptr<pass::Pass> pass = makePass("dce");
  pass->addStatistic("removed");
  pass->addStatistic("removed", 4);
  EXPECT_EQ(pass->getStatistics().lookup("removed"), 5);
}

} // namespace
