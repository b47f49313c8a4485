//===- DiagnosticTest.cpp - LocatedError --------------------------------===//
//
// The printed forms a user reads, the parts a caller can take apart, and the
// textual IR parser reporting its errors as LocatedErrors.
//
//===----------------------------------------------------------------------===//

#include "ir/Diagnostic.h"
#include "ir/Parser.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::ir;

namespace {

TEST(LocatedError, PrintsPathPlaceReason) {
  EXPECT_EQ(toString(makeLocatedError("model.pt2: model/models/model.json",
                                      "graph_module.graph.nodes[12].inputs[1]", "bad arg")),
            "model.pt2: model/models/model.json: graph_module.graph.nodes[12].inputs[1]: bad arg");
  EXPECT_EQ(toString(makeLocatedError("model.pt2", "", "not a zip archive")),
            "model.pt2: not a zip archive");
  EXPECT_EQ(toString(makeTextError("a.mlir", 4, 55, "expected type")),
            "a.mlir:4:55: error: expected type");
  EXPECT_EQ(toString(makeLocatedError("model.pt2", describeOpPlace("aten.add.Tensor", "add_1"),
                                      "unsupported")),
            "model.pt2: op 'aten.add.Tensor' (node 'add_1'): unsupported");
  EXPECT_EQ(describeOpPlace("aten.add.Tensor", ""), "op 'aten.add.Tensor'");
}

TEST(LocatedError, PartsCanBeTakenApart) {
  Error err = makeTextError("a.mlir", 4, 55, "expected type");
  bool handled = false;
  handleAllErrors(std::move(err), [&](const LocatedError &e) {
    handled = true;
    EXPECT_EQ(e.getPath(), "a.mlir");
    EXPECT_EQ(e.getPlace(), "4:55");
    ASSERT_TRUE(e.getLineColumn());
    EXPECT_EQ(e.getLineColumn()->line, 4u);
    EXPECT_EQ(e.getReason(), "expected type");
  });
  EXPECT_TRUE(handled);
}

TEST(LocatedError, TheIRParserLocatesItsErrors) {
  Expected<std::unique_ptr<Module>> module = parseModule("\n  nonsense", "in.mlir");
  ASSERT_FALSE(module);
  handleAllErrors(module.takeError(), [&](const LocatedError &e) {
    EXPECT_EQ(e.getPath(), "in.mlir");
    EXPECT_EQ(e.getPlace(), "2:3");
  });
}

} // namespace
