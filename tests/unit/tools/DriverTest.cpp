//===- DriverTest.cpp - What the tools share: errors and limits -----------===//
//
// The exit-code convention and the input path in front of every message
// about the input (tools/Driver.h), and the resource-limit flags carried into
// the frontend's ImportLimits (tools/PipelineOptions.h).
//
//===----------------------------------------------------------------------===//

#include "tools/Driver.h"
#include "tools/PipelineOptions.h"

#include "ir/Diagnostic.h"
#include "ir/pass/Pass.h"

#include "llvm/Support/CommandLine.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace pt2onnx;

namespace {

std::vector<std::string> messages(Error err) {
  std::vector<std::string> out;
  handleAllErrors(std::move(err), [&](const ErrorInfoBase &e) { out.push_back(e.message()); });
  return out;
}

TEST(DriverTest, InputErrorsStartWithTheInputPath) {
  EXPECT_EQ(messages(tools::locateInInput(tools::makeInputError("--dim-name x.1=c: static"),
                                          "model.pt2")),
            std::vector<std::string>{"model.pt2: --dim-name x.1=c: static"});
  EXPECT_EQ(messages(tools::locateInInput(pass::makeProgramError("cannot lower 1 op"),
                                          "model.pt2")),
            std::vector<std::string>{"model.pt2: cannot lower 1 op"});
  // Stdin is named as the readers name it.
  EXPECT_EQ(messages(tools::locateInInput(tools::makeInputError("no graph"), "-")),
            std::vector<std::string>{"<stdin>: no graph"});
}

TEST(DriverTest, MessagesNamingTheInputKeepOnePath) {
  Error located = ir::makeLocatedError("model.pt2: model/models/model.json", "graph", "bad");
  Error text = ir::makeTextError("model.mlir", 4, 17, "use of undefined value '%y'");
  Error nested = tools::makeInputError("model.pt2!data/weights/model.pt: entry 'x': truncated");
  EXPECT_EQ(messages(tools::locateInInput(std::move(located), "model.pt2")),
            std::vector<std::string>{"model.pt2: model/models/model.json: graph: bad"});
  EXPECT_EQ(messages(tools::locateInInput(std::move(text), "model.mlir")),
            std::vector<std::string>{"model.mlir:4:17: error: use of undefined value '%y'"});
  EXPECT_EQ(messages(tools::locateInInput(std::move(nested), "model.pt2")),
            std::vector<std::string>{"model.pt2!data/weights/model.pt: entry 'x': truncated"});
  // A path that merely begins like the input's is another file.
  EXPECT_EQ(messages(tools::locateInInput(tools::makeInputError("model.pt2.bak: gone"),
                                          "model.pt2")),
            std::vector<std::string>{"model.pt2: model.pt2.bak: gone"});
}

TEST(DriverTest, CommandLineAndInternalErrorsAreLeftAsMade) {
  EXPECT_EQ(messages(tools::locateInInput(tools::makeCommandLineError("--opset 99"), "m.pt2")),
            std::vector<std::string>{"--opset 99"});
  EXPECT_EQ(messages(tools::locateInInput(
                createStringError(inconvertibleErrorCode(), "the converted program is invalid"),
                "m.pt2")),
            std::vector<std::string>{"the converted program is invalid"});
}

TEST(DriverTest, BackendErrorsAboutTheProgramAreInputErrors) {
  Error program = tools::classifyBackendError(
      createStringError(std::make_error_code(std::errc::invalid_argument), "2 input names"), "-");
  EXPECT_EQ(messages(std::move(program)), std::vector<std::string>{"<stdin>: 2 input names"});
  Error io = tools::classifyBackendError(
      createStringError(std::make_error_code(std::errc::io_error), "disk full"), "m.pt2");
  EXPECT_EQ(messages(std::move(io)), std::vector<std::string>{"disk full"});
}

TEST(DriverTest, ExitCodes) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(tools::reportError("pt2onnx", tools::makeInputError("bad"), "m.pt2"),
            tools::kExitBadInput);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "pt2onnx: error: m.pt2: bad\n");
  testing::internal::CaptureStderr();
  EXPECT_EQ(tools::reportError("pt2onnx",
                               createStringError(inconvertibleErrorCode(), "broken"), "m.pt2"),
            tools::kExitInternalError);
  std::string internal = testing::internal::GetCapturedStderr();
  EXPECT_EQ(internal.substr(0, internal.find('\n')), "pt2onnx: error: broken");
}

TEST(PipelineOptionsTest, LimitFlagsReachTheImportLimits) {
  pt2::ImportLimits defaults = tools::getImportLimits();
  EXPECT_EQ(defaults.maxGraphNodes, pt2::ImportLimits().maxGraphNodes);
  EXPECT_EQ(defaults.maxWeightRatio, pt2::ImportLimits().maxWeightRatio);
  const char *argv[] = {"pt2onnx",
                        "--max-nodes=5",
                        "--max-total-nodes=6",
                        "--max-json-depth=7",
                        "--max-region-depth=8",
                        "--max-string-length=9",
                        "--max-weight-ratio=10",
                        "--max-weight-bytes=11"};
  ASSERT_TRUE(cl::ParseCommandLineOptions(std::size(argv), argv, "", &errs()));
  pt2::ImportLimits limits = tools::getImportLimits();
  EXPECT_EQ(limits.maxGraphNodes, 5u);
  EXPECT_EQ(limits.maxTotalNodes, 6u);
  EXPECT_EQ(limits.maxJsonDepth, 7u);
  EXPECT_EQ(limits.maxRegionDepth, 8u);
  EXPECT_EQ(limits.maxStringLength, 9u);
  EXPECT_EQ(limits.maxWeightRatio, 10u);
  EXPECT_EQ(limits.maxWeightBytes, 11u);
}

} // namespace
