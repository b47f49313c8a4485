//===- RewriteTest.cpp - Patterns, pattern sets and the greedy driver ------===//
//
// What the passes built on ir/rewrite rely on: patterns are tried in order
// of benefit, then of addition, any-op patterns included; the driver reaches
// a fixed point, revisits users of what a rewrite changed, erases dead pure
// ops only when given a purity predicate, counts applications per pattern,
// traces refusals with their reasons, keeps provenance and names, and stops
// with an error on a pattern set that never converges.
//
//===----------------------------------------------------------------------===//

#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/rewrite/GreedyRewriteDriver.h"
#include "ir/rewrite/Matchers.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace pt2onnx::ir;

namespace {

std::unique_ptr<Module> parse(llvm::StringRef text) {
  llvm::Expected<std::unique_ptr<Module>> m = parseModule(text, "test");
  EXPECT_TRUE(bool(m)) << (m ? "" : llvm::toString(m.takeError()));
  return m ? std::move(*m) : nullptr;
}

std::string print(const Module &m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  printModule(m, os);
  return s;
}

/// Neg(Neg(x)) -> x.
class DoubleNeg : public RewritePattern {
public:
  DoubleNeg() : RewritePattern("double-neg", {"onnx.Neg"}) {}
  bool matchAndRewrite(Operation &op, PatternRewriter &rw) override {
    Operation *inner = definedBy(op.getOperand(0), "onnx.Neg", 1);
    if (!inner)
      return rw.notifyMatchFailure(op, "the input is not a Neg");
    rw.replaceOp(&op, {inner->getOperand(0)});
    return true;
  }
};

/// Abs(x) -> Relu(x) with the root's provenance and name: a rewrite that
/// creates an op.
class AbsToRelu : public RewritePattern {
public:
  explicit AbsToRelu(unsigned benefit = 1) : RewritePattern("abs-to-relu", {"onnx.Abs"}, benefit) {}
  bool matchAndRewrite(Operation &op, PatternRewriter &rw) override {
    rw.replaceOp(&op, {rw.createValue("onnx.Relu", {op.getOperand(0)},
                                      op.getResult(0)->getType())});
    return true;
  }
};

/// Refuses everything, for any op.
class Refuse : public RewritePattern {
public:
  Refuse(llvm::StringRef name, unsigned benefit) : RewritePattern(name, {}, benefit) {}
  bool matchAndRewrite(Operation &op, PatternRewriter &rw) override {
    return rw.notifyMatchFailure(op, "never");
  }
};

/// Relu(x) -> Relu(x), a fresh op each time: never converges.
class Churn : public RewritePattern {
public:
  Churn() : RewritePattern("churn", {"onnx.Relu"}) {}
  bool matchAndRewrite(Operation &op, PatternRewriter &rw) override {
    rw.replaceOp(&op, {rw.createValue("onnx.Relu", {op.getOperand(0)},
                                      op.getResult(0)->getType())});
    return true;
  }
};

constexpr llvm::StringLiteral kNegChain = R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %a = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    %b = "onnx.Neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    %c = "onnx.Neg"(%b) : (tensor<2xf32>) -> tensor<2xf32>
    %d = "onnx.Neg"(%c) : (tensor<2xf32>) -> tensor<2xf32>
    %unused = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    %m = "onnx.Abs"(%d) : (tensor<2xf32>) -> tensor<2xf32> loc("abs")
    "ir.return"(%m) : (tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)";

TEST(PatternSetTest, OrdersByBenefitThenAdditionWithAnyOpPatterns) {
  PatternSet set;
  set.add<Refuse>("any-low", 1);
  set.add<AbsToRelu>(1);
  set.add<Refuse>("any-high", 3);
  set.add<AbsToRelu>(2);
  llvm::SmallVector<RewritePattern *, 4> order;
  set.lookup(OperationName::get("onnx.Abs"), order);
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order[0]->getName(), "any-high");
  EXPECT_EQ(order[1]->getBenefit(), 2u);
  EXPECT_EQ(order[2]->getName(), "abs-to-relu");
  EXPECT_EQ(order[2]->getBenefit(), 1u);
  EXPECT_EQ(order[3]->getName(), "any-low");
  set.lookup(OperationName::get("onnx.Neg"), order);
  ASSERT_EQ(order.size(), 2u);
  EXPECT_EQ(order[0]->getName(), "any-high");
}

TEST(GreedyRewriteDriverTest, ReachesAFixedPointAndCountsPerPattern) {
  std::unique_ptr<Module> m = parse(kNegChain);
  ASSERT_TRUE(m);
  PatternSet set;
  set.add<DoubleNeg>();
  set.add<AbsToRelu>();
  llvm::Expected<GreedyRewriteResult> result = applyPatternsGreedily(*m, set);
  ASSERT_TRUE(bool(result)) << llvm::toString(result.takeError());
  EXPECT_TRUE(result->changed);
  EXPECT_EQ(result->applied.lookup("double-neg"), 2);
  EXPECT_EQ(result->applied.lookup("abs-to-relu"), 1);
  EXPECT_EQ(result->erasedDead, 0);
  std::string text = print(*m);
  // The Relu replaces %m: it takes its name and its provenance.
  EXPECT_NE(text.find("%m = \"onnx.Relu\"(%x)"), std::string::npos) << text;
  EXPECT_NE(text.find("(tensor<2xf32>) -> tensor<2xf32> loc(\"abs\")"), std::string::npos) << text;
  // Without a purity predicate, nothing dead is erased.
  EXPECT_NE(text.find("%unused"), std::string::npos) << text;
  EXPECT_NE(text.find("%a = \"onnx.Neg\""), std::string::npos) << text;

  llvm::Expected<GreedyRewriteResult> again = applyPatternsGreedily(*m, set);
  ASSERT_TRUE(bool(again));
  EXPECT_FALSE(again->changed);
  EXPECT_TRUE(again->applied.empty());
}

TEST(GreedyRewriteDriverTest, ErasesDeadPureOpsWhenToldWhatIsPure) {
  std::unique_ptr<Module> m = parse(kNegChain);
  ASSERT_TRUE(m);
  PatternSet set;
  set.add<DoubleNeg>();
  GreedyRewriteConfig config;
  config.isPure = [](const Operation &op) { return op.isa("onnx.Neg"); };
  llvm::Expected<GreedyRewriteResult> result = applyPatternsGreedily(*m, set, config);
  ASSERT_TRUE(bool(result));
  // %unused, and %a and %c once the rewrites leave them unused (%b and %d
  // are replaced).
  EXPECT_EQ(result->erasedDead, 3);
  std::string text = print(*m);
  EXPECT_EQ(text.find("onnx.Neg"), std::string::npos) << text;
  EXPECT_NE(text.find("\"onnx.Abs\"(%x)"), std::string::npos) << text;
}

TEST(GreedyRewriteDriverTest, TracesWhyPatternsDidNotApply) {
  std::unique_ptr<Module> m = parse(kNegChain);
  ASSERT_TRUE(m);
  PatternSet set;
  set.add<DoubleNeg>();
  std::string trace;
  llvm::raw_string_ostream os(trace);
  GreedyRewriteConfig config;
  config.traceFailures = &os;
  ASSERT_TRUE(bool(applyPatternsGreedily(*m, set, config)));
  EXPECT_NE(trace.find("pattern double-neg on onnx.Neg %a: the input is not a Neg\n"),
            std::string::npos)
      << trace;
}

TEST(GreedyRewriteDriverTest, ReportsPatternSetsThatDoNotConverge) {
  std::unique_ptr<Module> m = parse(kNegChain);
  ASSERT_TRUE(m);
  PatternSet set;
  set.add<AbsToRelu>();
  set.add<Churn>();
  GreedyRewriteConfig config;
  config.maxRewrites = 50;
  llvm::Expected<GreedyRewriteResult> result = applyPatternsGreedily(*m, set, config);
  ASSERT_FALSE(bool(result));
  EXPECT_EQ(llvm::toString(result.takeError()),
            "the rewrites do not reach a fixed point (the last by pattern churn)");
}

} // namespace
