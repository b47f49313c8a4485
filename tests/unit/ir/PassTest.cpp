//===- PassTest.cpp - The pass library: options, registry, pass manager -----===//
//
// What embedders of the pass library rely on, with passes defined here so
// that nothing but ir/pass is under test: declared options take their
// defaults and refuse undeclared keys and ill-typed values, the pipeline
// text reads back from str(), statistics accumulate per pass instance and
// are reported in pipeline order, hooks run around each pass, the registry
// lists passes by name with their options, and a ProgramError names its op
// and becomes a LocatedError of the tool's input.
//
//===----------------------------------------------------------------------===//

#include "ir/Diagnostic.h"
#include "ir/Parser.h"
#include "ir/pass/PassManager.h"

#include <gtest/gtest.h>

using namespace pt2onnx;

namespace {

/// Counts the ops of the module under `counted`, `times` times over.
class CountOps : public pass::Pass {
public:
  explicit CountOps(int64_t times) : times(times) {}
  llvm::StringRef getName() const override { return "test-count-ops"; }
  llvm::Expected<bool> run(ir::Module &module) override {
    for (int64_t i = 0; i < times; ++i)
      addStatistic("counted", int64_t(module.countOps()));
    addStatistic("runs");
    return false;
  }

private:
  int64_t times;
};

void registerCountOps() {
  pass::registerPass(
      {"test-count-ops",
       "Count ops",
       {{"times", pass::PassOptionInfo::Type::Int, "1", "How often to count"},
        {"loud", pass::PassOptionInfo::Type::Bool, "false", "Unused"},
        {"label", pass::PassOptionInfo::Type::String, "", "Unused"}},
       [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
         return std::make_unique<CountOps>(options.getInt("times"));
       }});
}

/// Three ops: the graph, a Neg and the return.
std::unique_ptr<ir::Module> threeOps() {
  llvm::Expected<std::unique_ptr<ir::Module>> module = ir::parseModule(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %y = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%y) : (tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)",
                                                                       "test");
  EXPECT_TRUE(bool(module)) << llvm::toString(module.takeError());
  return std::move(*module);
}

std::string errorText(llvm::Error err) { return llvm::toString(std::move(err)); }

TEST(ProgramError, NamesItsOpAndTakesTheInputPathFromTheTool) {
  std::unique_ptr<ir::Module> module = threeOps();
  ASSERT_TRUE(module);
  ir::Operation *neg = nullptr;
  module->getOperation()->walk([&](ir::Operation *op) {
    if (op->isa("onnx.Neg"))
      neg = op;
  });
  ASSERT_TRUE(neg);
  EXPECT_EQ(errorText(pass::makeProgramError(*neg, "test-pass: refused")),
            "'onnx.Neg' op in graph 'main': test-pass: refused");

  // The tool, which knows the input, prints `INPUT: PLACE: REASON`.
  llvm::Error located =
      pass::locateProgramErrors(pass::makeProgramError(*neg, "test-pass: refused"), "model.pt2");
  bool handled = false;
  llvm::handleAllErrors(std::move(located), [&](const ir::LocatedError &e) {
    handled = true;
    EXPECT_EQ(e.getPath(), "model.pt2");
    EXPECT_EQ(e.getPlace(), "'onnx.Neg' op in graph 'main'");
    EXPECT_EQ(e.getReason(), "test-pass: refused");
    EXPECT_EQ(e.message(), "model.pt2: 'onnx.Neg' op in graph 'main': test-pass: refused");
  });
  EXPECT_TRUE(handled);
  EXPECT_EQ(errorText(pass::locateProgramErrors(pass::makeProgramError("whole program"), "m.pt2")),
            "m.pt2: whole program");

  // Other errors pass through as they are.
  EXPECT_EQ(errorText(pass::locateProgramErrors(
                llvm::createStringError(llvm::inconvertibleErrorCode(), "internal"), "m.pt2")),
            "internal");
}

TEST(PassOptions, DeclaredDefaultsAndTypeChecks) {
  registerCountOps();
  const pass::PassInfo *info = pass::lookupPass("test-count-ops");
  ASSERT_TRUE(info);
  pass::PassOptions options(*info);
  EXPECT_EQ(options.getInt("times"), 1);
  EXPECT_FALSE(options.getBool("loud"));
  EXPECT_EQ(options.getString("label"), "");

  EXPECT_FALSE(bool(options.set("times", "3")));
  EXPECT_FALSE(bool(options.set("loud", "1")));
  EXPECT_FALSE(bool(options.set("label", "x")));
  EXPECT_EQ(options.getInt("times"), 3);
  EXPECT_TRUE(options.getBool("loud"));
  EXPECT_EQ(options.getString("label"), "x");

  EXPECT_EQ(errorText(options.set("depth", "1")), "pass 'test-count-ops' has no option 'depth'");
  EXPECT_EQ(errorText(options.set("times", "many")),
            "option 'times' expects an integer, got 'many'");
  EXPECT_EQ(errorText(options.set("loud", "yes")),
            "option 'loud' expects 0, 1, true or false, got 'yes'");
  EXPECT_EQ(options.getInt("times"), 3) << "a refused value leaves the option as it was";
}

TEST(PassManager, TextReadsBackAndNamesItsPasses) {
  registerCountOps();
  pass::PassManager built;
  ASSERT_FALSE(bool(built.addPass("test-count-ops", {{"times", "2"}, {"loud", "true"}})));
  ASSERT_FALSE(bool(built.addPass("test-count-ops")));
  EXPECT_EQ(built.str(), "test-count-ops{times=2,loud=true},test-count-ops");
  EXPECT_TRUE(built.contains("test-count-ops"));
  EXPECT_FALSE(built.contains("lower-aten"));

  llvm::Expected<pass::PassManager> parsed = pass::PassManager::parse(built.str());
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->str(), built.str());
  EXPECT_EQ(parsed->size(), 2u);

  EXPECT_EQ(errorText(built.addPass("nope")), "unknown pass 'nope'");
  llvm::Expected<pass::PassManager> bad = pass::PassManager::parse("test-count-ops{times=x}");
  ASSERT_FALSE(bool(bad));
  EXPECT_EQ(errorText(bad.takeError()),
            "invalid pass pipeline 'test-count-ops{times=x}' at column 1: option 'times' "
            "expects an integer, got 'x'");
}

TEST(PassManager, StatisticsPerPassInPipelineOrder) {
  registerCountOps();
  llvm::Expected<pass::PassManager> pm =
      pass::PassManager::parse("test-count-ops{times=2},test-count-ops");
  ASSERT_TRUE(bool(pm));
  std::unique_ptr<ir::Module> module = threeOps();
  pass::Instrumentation instr;
  instr.statistics = true;
  std::string log;
  llvm::raw_string_ostream os(log);
  ASSERT_FALSE(bool(pm->run(*module, instr, os)));
  ASSERT_FALSE(bool(pm->run(*module, pass::Instrumentation(), llvm::nulls())));
  // The second run adds to the first's counts; only the first printed them.
  std::string report;
  llvm::raw_string_ostream reportOs(report);
  pm->printStatistics(reportOs);
  EXPECT_NE(report.find("  test-count-ops\n"
                        "            12  counted\n"
                        "             2  runs\n"
                        "  test-count-ops\n"
                        "             6  counted\n"
                        "             2  runs\n"),
            std::string::npos)
      << report;
  EXPECT_NE(log.find("             6  counted\n             1  runs\n"), std::string::npos) << log;
}

TEST(PassManager, CallsItsHooksAroundEachPassThatSucceeds) {
  registerCountOps();
  llvm::Expected<pass::PassManager> pm =
      pass::PassManager::parse("test-count-ops{times=2},test-count-ops");
  ASSERT_TRUE(bool(pm));
  std::unique_ptr<ir::Module> module = threeOps();
  std::vector<std::string> calls;
  pass::Instrumentation instr;
  instr.beforePass = [&](const pass::Pass &p) { calls.push_back("before " + p.getName().str()); };
  instr.afterPass = [&](const pass::Pass &p, const ir::Module &m, double seconds) {
    EXPECT_EQ(&m, module.get());
    EXPECT_GE(seconds, 0.0);
    // The pass's statistics are there to read.
    calls.push_back("after " + p.getName().str() + " counted " +
                    std::to_string(p.getStatistics().lookup("counted")));
  };
  ASSERT_FALSE(bool(pm->run(*module, instr, llvm::nulls())));
  EXPECT_EQ(calls, (std::vector<std::string>{
                       "before test-count-ops", "after test-count-ops counted 6",
                       "before test-count-ops", "after test-count-ops counted 3"}));
}

TEST(PassRegistry, ListsPassesByNameWithTheirOptions) {
  registerCountOps();
  pass::registerPass({"test-a-first", "Sorts first", {}, nullptr});
  std::vector<const pass::PassInfo *> passes = pass::getRegisteredPasses();
  ASSERT_GE(passes.size(), 2u);
  EXPECT_EQ(passes.front()->name, "test-a-first");
  std::string text;
  llvm::raw_string_ostream os(text);
  pass::printRegisteredPasses(os);
  EXPECT_NE(text.find("  test-count-ops"), std::string::npos) << text;
  EXPECT_NE(text.find("      times=<int>"), std::string::npos) << text;
  EXPECT_NE(text.find("How often to count (default: 1)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Unused (default: \"\")\n"), std::string::npos) << text;
}

} // namespace
