//===- DecompositionsTest.cpp - The decomposition table and its aliases ----===//
//
// Every key of the decomposition table is a real overload, registered once;
// every alias takes its target's arguments (same names, types and defaults,
// in order, the target's extra trailing arguments defaulted; the IR passes
// arguments by name, so keyword-only or not does not matter) and returns what it does,
// so renaming one into the other changes no value. The argument readers
// fall back to the schema's defaults and read a None tensor as absent,
// sizes add symbolically, and the ops a decomposition builds get their
// result types from their shape functions.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

#include "ir/Module.h"
#include "ir/Parser.h"
#include "ir/rewrite/RewritePattern.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pt2onnx;

namespace {

/// The type without its alias annotation: `Tensor(a)` -> `Tensor`.
std::string typeOf(const schema::SchemaType &type) {
  std::string spelling = type.spelling.str();
  size_t open = spelling.find('(');
  if (open != std::string::npos)
    spelling.erase(open, spelling.find(')', open) - open + 1);
  return spelling;
}

TEST(Decompositions, KeysAreRealOperators) {
  EXPECT_THAT(passes::getDecompositions().checkKeys(), testing::IsEmpty());
  EXPECT_GT(passes::getDecompositions().size(), 0u);
}

TEST(Decompositions, AliasesTakeTheirTargetsArguments) {
  for (const passes::AtenAlias &alias : passes::getAtenAliases()) {
    SCOPED_TRACE(alias.alias.str() + " -> " + alias.target.str());
    const schema::OpSchema *from = schema::lookupOp(alias.alias);
    const schema::OpSchema *to = schema::lookupOp(alias.target);
    ASSERT_TRUE(from && to);
    llvm::ArrayRef<schema::SchemaArgument> fromArgs = from->getArguments();
    llvm::ArrayRef<schema::SchemaArgument> toArgs = to->getArguments();
    ASSERT_LE(fromArgs.size(), toArgs.size());
    for (size_t i = 0; i < toArgs.size(); ++i) {
      if (i >= fromArgs.size()) {
        EXPECT_TRUE(toArgs[i].hasDefault()) << toArgs[i].name.str();
        continue;
      }
      EXPECT_EQ(fromArgs[i].name, toArgs[i].name);
      EXPECT_EQ(typeOf(fromArgs[i].type), typeOf(toArgs[i].type));
      EXPECT_EQ(fromArgs[i].defaultSpelling, toArgs[i].defaultSpelling);
    }
    ASSERT_EQ(from->getReturns().size(), to->getReturns().size());
    for (size_t i = 0; i < from->getReturns().size(); ++i)
      EXPECT_EQ(typeOf(from->getReturns()[i].type), typeOf(to->getReturns()[i].type));
  }
}

TEST(Decompositions, ArgumentsDefaultFromTheSchema) {
  llvm::Expected<std::unique_ptr<ir::Module>> module = ir::parseModule(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %t: tensor<4xf32>, %none: none):
    %loss = "aten.smooth_l1_loss.default"(%x, %t, %none) {arg_names = ["self", "target", "weight"], reduction = 2 : i64} : (tensor<4xf32>, tensor<4xf32>, none) -> tensor<f32>
    "ir.return"(%loss) : (tensor<f32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)",
                                                                       "test");
  ASSERT_TRUE(static_cast<bool>(module)) << llvm::toString(module.takeError());
  ir::Operation *graph = (*module)->getBody().front();
  const ir::Operation &loss = *ir::Module::getGraphBody(graph).front();
  EXPECT_EQ(passes::getIntArg(loss, "reduction"), 2);
  EXPECT_EQ(passes::getFloatArg(loss, "beta"), 1.0);
  EXPECT_EQ(passes::getFloatArg(loss, "reduction"), 2.0);
  EXPECT_EQ(passes::getIntArg(loss, "beta"), std::nullopt);
  EXPECT_EQ(passes::getIntArg(loss, "no_such_argument"), std::nullopt);
  EXPECT_EQ(passes::getTensorArg(loss, "target"), loss.getOperand(1));
  EXPECT_EQ(passes::getTensorArg(loss, "weight"), nullptr);
}

TEST(Decompositions, DimsAddSymbolically) {
  ir::SymContext context;
  ir::SymExpr s0 = context.getSymbol("s0");
  ir::SymExpr s1 = context.getSymbol("s1");
  EXPECT_EQ(passes::addDims(2, 3), ir::Dim(5));
  EXPECT_EQ(passes::addDims(ir::Dim::of(s0), 1), ir::Dim::of(s0 + 1));
  EXPECT_EQ(passes::addDims(1, ir::Dim::of(s0)), ir::Dim::of(s0 + 1));
  EXPECT_EQ(passes::addDims(ir::Dim::of(s0), ir::Dim::of(s1)), ir::Dim::of(s0 + s1));
  EXPECT_TRUE(passes::addDims(ir::Dim::unknown(), 1).isUnknown());
}

TEST(Decompositions, BuiltOpsTakeTheirShapeFunctionsTypes) {
  llvm::Expected<std::unique_ptr<ir::Module>> module = ir::parseModule(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<3xf32>):
    "ir.return"(%x) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
)",
                                                                       "test");
  ASSERT_TRUE(static_cast<bool>(module)) << llvm::toString(module.takeError());
  ir::Operation *graph = (*module)->getBody().front();
  ir::Block &body = ir::Module::getGraphBody(graph);
  ir::Value *x = body.getArgument(0);
  ir::Value *y = body.getArgument(1);
  ir::PatternRewriter rw(**module);
  rw.setRoot(body.front());

  ir::Value *unsqueezed = passes::buildAten(rw, "aten.unsqueeze.default", {{"self", y}},
                                            {{"dim", ir::Attribute::integer(0)}}, ir::DType::Float32);
  EXPECT_EQ(unsqueezed->getType().str(), "tensor<1x3xf32>");
  ir::Value *sum = passes::buildAten(rw, "aten.add.Tensor", {{"self", x}, {"other", unsqueezed}}, {},
                                     ir::DType::Float32);
  EXPECT_EQ(sum->getType().str(), "tensor<2x3xf32>");
  ir::Operation *maxAlong = passes::createInferredAtenOp(
      rw, "aten.max.dim", {{"self", sum}},
      {{"dim", ir::Attribute::integer(1)}, {"keepdim", ir::Attribute::integer(0)}},
      {ir::DType::Float32, ir::DType::Int64});
  EXPECT_EQ(maxAlong->getResult(0)->getType().str(), "tensor<2xf32>");
  EXPECT_EQ(maxAlong->getResult(1)->getType().str(), "tensor<2xi64>");
}

} // namespace
