//===- VerifierTest.cpp - Every verifier diagnostic, word for word ----------===//
//
// Each test breaks one rule of ir/Verifier.cpp and checks the complete error
// text, so a change to a message is a deliberate change to this file.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"
#include "ir/Verifier.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace pt2onnx::ir;

namespace {

/// The verifier's message, or "" when the module verifies.
std::string verify(const Module &module, unsigned maxErrors = 20) {
  llvm::Error err = verifyModule(module, maxErrors);
  return err ? llvm::toString(std::move(err)) : std::string();
}

DenseElements denseI64(std::vector<int64_t> values) {
  DenseElements d{DType::Int64, {int64_t(values.size())}, {}};
  d.bytes.resize(values.size() * sizeof(int64_t));
  std::memcpy(d.bytes.data(), values.data(), d.bytes.size());
  return d;
}

WeightData zeros(DType dtype, llvm::ArrayRef<int64_t> shape) {
  WeightData w;
  w.dtype = dtype;
  w.shape.assign(shape.begin(), shape.end());
  std::vector<uint8_t> bytes(w.numBytes());
  return WeightData::copyOf(dtype, shape, bytes);
}

class VerifierTest : public ::testing::Test {
protected:
  VerifierTest() {
    graph = module.addGraph("main");
    body = &Module::getGraphBody(graph);
    x = body->addArgument(t, "x");
    y = body->addArgument(t, "y");
    builder.setInsertionPointToEnd(body);
  }

  Operation *op(llvm::StringRef name, llvm::ArrayRef<Value *> operands, unsigned numResults = 1,
                unsigned numRegions = 0) {
    llvm::SmallVector<Type, 2> results(numResults, t);
    return builder.create(name, operands, results, {}, numRegions);
  }

  Module module;
  Builder builder{module};
  Type t = Type::tensor(DType::Float32, {2, 4});
  Operation *graph;
  Block *body;
  BlockArgument *x;
  BlockArgument *y;
};

//===----------------------------------------------------------------------===//
// A valid module
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, ValidModuleVerifies) {
  SymContext &ctx = module.getSymContext();
  SymExpr s0 = ctx.getSymbol("s0");
  ctx.constrain(s0, {2, 1024});
  Type dynamic = Type::tensor(DType::Float32, {Dim::of(s0), 4});
  BlockArgument *batch = body->addArgument(dynamic, "batch");
  BlockArgument *size = body->addArgument(Type::symInt(s0 - 1), "n");

  builder.setProvenance(Provenance::make("add", {{"stack_trace", "File \"m.py\", line 3, in f"}}));
  Value *sum = op("aten.add.Tensor", {x, y})->getResult(0);
  Value *literal = builder.createConstant(denseI64({1, 2}));
  module.addWeight("fc.weight", zeros(DType::Float32, {2, 4}));
  Value *weight = builder.createWeightRef("fc.weight", t);
  Operation *dyn = builder.create("aten.relu.default", {batch}, {dynamic});
  Operation *view = builder.create("aten.view.default", {dyn->getResult(0), size},
                                   {Type::tensor(DType::Float32, {Dim::of(s0 - 1), Dim::unknown()})});
  Operation *cond = op("aten.cond", {sum}, 1, 2);
  builder.createReturn({cond->getResult(0), literal, view->getResult(0)});

  // Each branch reads values of the enclosing graph, defined before the cond.
  builder.setInsertionPointToEnd(cond->getRegion(0).addBlock());
  Operation *inner = op("aten.mul.Tensor", {sum, weight});
  builder.createReturn({inner->getResult(0)});
  Block *elseBlock = cond->getRegion(1).addBlock();
  BlockArgument *elseArg = elseBlock->addArgument(t, "e");
  builder.setInsertionPointToEnd(elseBlock);
  builder.createReturn({elseArg});

  Operation *sub = module.addGraph("sub");
  builder.setInsertionPointToEnd(&Module::getGraphBody(sub));
  builder.createReturn({});

  EXPECT_EQ(verify(module), "");
}

TEST(VerifierEmptyModuleTest, EmptyModuleVerifies) {
  Module module;
  EXPECT_EQ(verify(module), "");
}

//===----------------------------------------------------------------------===//
// Dominance
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, UseBeforeDefinitionInTheSameBlock) {
  Operation *user = op("aten.neg.default", {x});
  Operation *def = op("aten.abs.default", {x});
  def->getResult(0)->setName("later");
  user->setOperand(0, def->getResult(0));
  builder.createReturn({user->getResult(0)});
  EXPECT_EQ(verify(module), "error: 'aten.neg.default' op in graph 'main': operand #0 (%later) "
                            "does not dominate this use");
}

TEST_F(VerifierTest, UseOfAValueDefinedInASiblingRegion) {
  Operation *cond = op("aten.cond", {x}, 1, 2);
  builder.createReturn({cond->getResult(0)});
  builder.setInsertionPointToEnd(cond->getRegion(0).addBlock());
  Operation *thenValue = op("aten.neg.default", {x});
  builder.createReturn({thenValue->getResult(0)});
  builder.setInsertionPointToEnd(cond->getRegion(1).addBlock());
  builder.createReturn({thenValue->getResult(0)});
  EXPECT_EQ(verify(module),
            "error: 'ir.return' op in graph 'main': operand #0 does not dominate this use");
}

TEST_F(VerifierTest, UseOfARegionValueAfterTheRegion) {
  Operation *holder = op("test.scope", {}, 0, 1);
  builder.setInsertionPointToEnd(holder->getRegion(0).addBlock());
  Operation *inner = op("aten.neg.default", {x});
  inner->getResult(0)->setName("inner");
  builder.setInsertionPointToEnd(body);
  builder.createReturn({inner->getResult(0)});
  EXPECT_EQ(verify(module), "error: 'ir.return' op in graph 'main': operand #0 (%inner) does "
                            "not dominate this use");
}

TEST_F(VerifierTest, UseOfAValueDefinedAfterTheEnclosingOp) {
  Operation *holder = op("test.scope", {}, 0, 1);
  Operation *after = op("aten.neg.default", {x});
  builder.createReturn({after->getResult(0)});
  builder.setInsertionPointToEnd(holder->getRegion(0).addBlock());
  op("aten.abs.default", {after->getResult(0)});
  EXPECT_EQ(verify(module),
            "error: 'aten.abs.default' op in graph 'main': operand #0 does not dominate this use");
}

TEST_F(VerifierTest, OpUsingItsOwnResult) {
  Operation *self = op("aten.neg.default", {x});
  self->setOperand(0, self->getResult(0));
  builder.createReturn({self->getResult(0)});
  EXPECT_EQ(verify(module),
            "error: 'aten.neg.default' op in graph 'main': operand #0 does not dominate this use");
}

TEST_F(VerifierTest, OpUsingAnArgumentOfItsOwnRegion) {
  Operation *holder = op("test.scope", {}, 0, 1);
  BlockArgument *arg = holder->getRegion(0).addBlock()->addArgument(t, "arg");
  holder->insertOperand(0, arg);
  builder.createReturn({});
  EXPECT_EQ(verify(module),
            "error: 'test.scope' op in graph 'main': operand #0 (%arg) does not dominate this use");
}

TEST_F(VerifierTest, UseAcrossGraphs) {
  builder.createReturn({});
  Operation *other = module.addGraph("other");
  builder.setInsertionPointToEnd(&Module::getGraphBody(other));
  builder.createReturn({x});
  EXPECT_EQ(verify(module),
            "error: 'ir.return' op in graph 'other': operand #0 (%x) does not dominate this use");
}

TEST_F(VerifierTest, UndefinedOperand) {
  builder.create("aten.neg.default", {nullptr}, {t});
  builder.createReturn({});
  EXPECT_EQ(verify(module),
            "error: 'aten.neg.default' op in graph 'main': operand #0 is not defined");
}

//===----------------------------------------------------------------------===//
// Schemas and terminators
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, SchemaArity) {
  OperationName::registerSchema("test.binary", {2, 2, 1, 1, 0, false});
  OperationName::registerSchema("test.atleast", {1, OpSchema::kVariadic, 0, 0, 0, false});
  OperationName::registerSchema("test.range", {1, 3, 1, 2, 1, false});
  op("test.binary", {x, y});                             // fine
  op("test.binary", {x});                                // too few operands
  op("test.binary", {x, y}, 2);                          // too many results
  op("test.atleast", {}, 0);                             // too few operands
  op("test.atleast", {x, y, x, y, x}, 0);                // fine
  op("test.range", {x, x, x, x}, 0, 1);                  // operands, results
  op("test.range", {x}, 3, 0);                           // results, regions
  op("test.range", {x}, 2, 1)->getRegion(0).addBlock(); // fine
  builder.createReturn({});
  EXPECT_EQ(verify(module), "error: 'test.binary' op in graph 'main': expects 2 operands, got 1\n"
                            "error: 'test.binary' op in graph 'main': expects 1 results, got 2\n"
                            "error: 'test.atleast' op in graph 'main': expects at least 1 "
                            "operands, got 0\n"
                            "error: 'test.range' op in graph 'main': expects 1 to 3 operands, "
                            "got 4\n"
                            "error: 'test.range' op in graph 'main': expects 1 to 2 results, "
                            "got 0\n"
                            "error: 'test.range' op in graph 'main': expects 1 to 2 results, "
                            "got 3\n"
                            "error: 'test.range' op in graph 'main': expects 1 regions, got 0");
}

TEST_F(VerifierTest, BuiltinSchemas) {
  builder.create(builtin::kConstant, {x}, {t}, {{"value", Attribute::dense(denseI64({1}))}});
  builder.create(builtin::kReturn, {x}, {t});
  EXPECT_EQ(verify(module),
            "error: 'ir.constant' op in graph 'main': expects 0 operands, got 1\n"
            "error: 'ir.constant' op in graph 'main': dense value type tensor<1xi64> does not "
            "match result type tensor<2x4xf32>\n"
            "error: 'ir.return' op in graph 'main': expects 0 results, got 1");
}

TEST_F(VerifierTest, TerminatorNotLast) {
  builder.createReturn({x});
  op("aten.neg.default", {x});
  EXPECT_EQ(verify(module), "error: 'ir.graph' op in graph 'main': graph body must end with "
                            "'ir.return'\n"
                            "error: 'ir.return' op in graph 'main': terminator is not the last op "
                            "of its block");
}

TEST_F(VerifierTest, TerminatorNotLastInANestedRegion) {
  Operation *holder = op("test.scope", {}, 0, 1);
  builder.createReturn({});
  builder.setInsertionPointToEnd(holder->getRegion(0).addBlock());
  builder.createReturn({});
  op("aten.neg.default", {x});
  EXPECT_EQ(verify(module), "error: 'ir.return' op in graph 'main': terminator is not the last "
                            "op of its block");
}

TEST_F(VerifierTest, GraphWithoutReturn) {
  op("aten.neg.default", {x});
  EXPECT_EQ(verify(module),
            "error: 'ir.graph' op in graph 'main': graph body must end with 'ir.return'");
}

TEST_F(VerifierTest, EmptyGraph) {
  module.addGraph("empty");
  builder.createReturn({});
  EXPECT_EQ(verify(module),
            "error: 'ir.graph' op in graph 'empty': graph body must end with 'ir.return'");
}

TEST_F(VerifierTest, GraphWithTwoBlocks) {
  builder.createReturn({});
  graph->getRegion(0).addBlock();
  EXPECT_EQ(verify(module),
            "error: 'ir.graph' op in graph 'main': graph body must have exactly one block");
}

TEST_F(VerifierTest, DuplicateGraphNames) {
  builder.createReturn({});
  for (int i = 0; i != 2; ++i) {
    builder.setInsertionPointToEnd(&Module::getGraphBody(module.addGraph("main")));
    builder.createReturn({});
  }
  EXPECT_EQ(verify(module),
            "error: 'ir.graph' op in graph 'main': graph name 'main' is defined twice\n"
            "error: 'ir.graph' op in graph 'main': graph name 'main' is defined twice");
}

TEST_F(VerifierTest, GraphWithoutName) {
  builder.createReturn({});
  graph->removeAttr("sym_name");
  Operation *numbered = module.addGraph("n");
  numbered->setAttr("sym_name", Attribute::integer(1));
  builder.setInsertionPointToEnd(&Module::getGraphBody(numbered));
  builder.createReturn({});
  EXPECT_EQ(verify(module), "error: 'ir.graph' op: graph has no string 'sym_name' attribute\n"
                            "error: 'ir.graph' op: graph has no string 'sym_name' attribute");
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, ConstantWithoutValue) {
  builder.create(builtin::kConstant, {}, {t});
  builder.createReturn({});
  EXPECT_EQ(verify(module),
            "error: 'ir.constant' op in graph 'main': constant has no 'value' attribute");
}

TEST_F(VerifierTest, ConstantWithMismatchingDenseType) {
  builder.create(builtin::kConstant, {}, {Type::tensor(DType::Int64, {2})},
                 {{"value", Attribute::dense(denseI64({1, 2, 3}))}});
  builder.create(builtin::kConstant, {}, {Type::tensor(DType::Int32, {3})},
                 {{"value", Attribute::dense(denseI64({1, 2, 3}))}});
  builder.createReturn({});
  EXPECT_EQ(verify(module), "error: 'ir.constant' op in graph 'main': dense value type "
                            "tensor<3xi64> does not match result type tensor<2xi64>\n"
                            "error: 'ir.constant' op in graph 'main': dense value type "
                            "tensor<3xi64> does not match result type tensor<3xi32>");
}

TEST_F(VerifierTest, ConstantReferringToAMissingWeight) {
  builder.createWeightRef("fc.weight", t);
  builder.createReturn({});
  EXPECT_EQ(verify(module), "error: 'ir.constant' op in graph 'main': refers to weight "
                            "'fc.weight', which the module lacks");
}

TEST_F(VerifierTest, ConstantWithWeightTypeMismatch) {
  module.addWeight("fc.weight", zeros(DType::Float32, {4, 2}));
  module.addWeight("fc.bias", zeros(DType::Float16, {2, 4}));
  builder.createWeightRef("fc.weight", t);
  builder.createWeightRef("fc.bias", t);
  builder.createReturn({});
  EXPECT_EQ(verify(module), "error: 'ir.constant' op in graph 'main': weight 'fc.weight' has "
                            "type tensor<4x2xf32>, the result has type tensor<2x4xf32>\n"
                            "error: 'ir.constant' op in graph 'main': weight 'fc.bias' has type "
                            "tensor<2x4xf16>, the result has type tensor<2x4xf32>");
}

TEST_F(VerifierTest, ConstantWithAnotherKindOfValue) {
  builder.create(builtin::kConstant, {}, {t}, {{"value", Attribute::floating(1.0)}});
  builder.createReturn({});
  EXPECT_EQ(verify(module), "error: 'ir.constant' op in graph 'main': constant 'value' must be a "
                            "dense literal or a weight reference");
}

TEST_F(VerifierTest, ScalarConstants) {
  SymContext &ctx = module.getSymContext();
  auto constant = [&](Attribute value, Type type) {
    builder.create(builtin::kConstant, {}, {type}, {{"value", value}});
  };
  constant(Attribute::unit(), Type::none());
  constant(Attribute::integer(4), Type::symInt(ctx.getConstant(4)));
  constant(Attribute::integer(4), Type::symInt());
  constant(Attribute::floating(0.5), Type::symFloat());
  constant(Attribute::boolean(true), Type::symBool());
  constant(Attribute::string("bilinear"), Type::opaque("str"));
  builder.createReturn({});
  EXPECT_EQ(verify(module), "");

  body->back()->erase();
  constant(Attribute::integer(4), Type::symInt(ctx.getConstant(5)));
  constant(Attribute::integer(4), Type::symFloat());
  constant(Attribute::unit(), Type::symBool());
  constant(Attribute::string("x"), Type::opaque("Foo"));
  constant(Attribute::intList({1}), Type::symInt());
  builder.createReturn({});
  EXPECT_EQ(verify(module),
            "error: 'ir.constant' op in graph 'main': the constant 4 has type !torch.symint<\"5\">\n"
            "error: 'ir.constant' op in graph 'main': an int constant must have type "
            "!torch.symint, not !torch.symfloat\n"
            "error: 'ir.constant' op in graph 'main': a unit constant must have type none, not "
            "!torch.symbool\n"
            "error: 'ir.constant' op in graph 'main': a string constant must have type "
            "!torch.opaque<\"str\">, not !torch.opaque<\"Foo\">\n"
            "error: 'ir.constant' op in graph 'main': constant 'value' must be a dense literal "
            "or a weight reference");
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, NegativeSymbolicDims) {
  SymContext &ctx = module.getSymContext();
  SymExpr s0 = ctx.getSymbol("s0");
  ctx.constrain(s0, {2, 10});
  SymExpr u0 = ctx.getSymbol("u0"); // unbounded: may be negative, but need not be
  Type negative = Type::tensor(DType::Float32, {Dim::of(-s0), 4});
  Type possiblyNegative = Type::tensor(DType::Float32, {Dim::of(s0 - 5), Dim::of(u0)});
  Type negativeConstant = Type::tensor(DType::Float32, {Dim::of(ctx.getConstant(-1))});

  BlockArgument *in = body->addArgument(negative, "in");
  builder.create("aten.neg.default", {x}, {possiblyNegative});
  builder.create("aten.neg.default", {x}, {negativeConstant});
  builder.create("aten.neg.default", {in}, {t});
  builder.createReturn({});
  EXPECT_EQ(verify(module),
            "error: 'ir.graph' op in graph 'main': region #0 argument #2 has a dimension that is negative for "
            "every value of its symbols\n"
            "error: 'aten.neg.default' op in graph 'main': result #0 has a dimension that is "
            "negative for every value of its symbols\n"
            "error: 'aten.neg.default' op in graph 'main': operand #0 has a dimension that is "
            "negative for every value of its symbols");
}

//===----------------------------------------------------------------------===//
// Descriptions and limits
//===----------------------------------------------------------------------===//

constexpr const char *kTorchStackTrace =
    "  File \"/home/u/train.py\", line 40, in <module>\n"
    "    out = model(x)\n"
    "  File \"/home/u/model.py\", line 12, in forward\n"
    "    x = self.conv(x)\n";

TEST_F(VerifierTest, DescribeOp) {
  builder.setProvenance(Provenance::make("add_1", {{"stack_trace", kTorchStackTrace},
                                                   {"torch_fn", "add_1;method_descriptor.add"}}));
  Operation *add = op("aten.add.Tensor", {x, y});
  EXPECT_EQ(describeOp(*add), "'aten.add.Tensor' op 'add_1' in graph 'main' (/home/u/model.py:12)");

  builder.setProvenance(Provenance::make("relu"));
  EXPECT_EQ(describeOp(*op("aten.relu.default", {x})), "'aten.relu.default' op 'relu' in graph "
                                                       "'main'");

  builder.setProvenance(Provenance::make("", {{"stack_trace", "File \"m.py\", line 7, in f"}}));
  EXPECT_EQ(describeOp(*op("aten.abs.default", {x})),
            "'aten.abs.default' op in graph 'main' (m.py:7)");

  builder.setProvenance(nullptr);
  Operation *cond = op("aten.cond", {x}, 1, 1);
  builder.setInsertionPointToEnd(cond->getRegion(0).addBlock());
  Operation *nested = op("aten.neg.default", {x});
  EXPECT_EQ(describeOp(*nested), "'aten.neg.default' op in graph 'main'");

  Builder detached(module);
  Operation *loose = detached.create("aten.neg.default", {x}, {t});
  EXPECT_EQ(describeOp(*loose), "'aten.neg.default' op");
  loose->erase();

  EXPECT_EQ(describeOp(*graph), "'ir.graph' op in graph 'main'");
  EXPECT_EQ(describeOp(*module.getOperation()), "'ir.module' op");
}

TEST_F(VerifierTest, ErrorsCarryTheDescription) {
  builder.setProvenance(Provenance::make("add_1", {{"stack_trace", kTorchStackTrace}}));
  Operation *add = op("aten.add.Tensor", {x, y});
  Operation *later = op("aten.neg.default", {x});
  later->getResult(0)->setName("y");
  add->setOperand(1, later->getResult(0));
  builder.createReturn({add->getResult(0)});
  EXPECT_EQ(verify(module), "error: 'aten.add.Tensor' op 'add_1' in graph 'main' "
                            "(/home/u/model.py:12): operand #1 (%y) does not dominate this use");
}

TEST_F(VerifierTest, MaxErrorsTruncatesTheList) {
  for (int i = 0; i != 5; ++i)
    builder.create("aten.neg.default", {nullptr}, {t});
  builder.createReturn({});
  const char *line = "error: 'aten.neg.default' op in graph 'main': operand #0 is not defined";
  std::string two = std::string(line) + "\n" + line;
  EXPECT_EQ(verify(module, 2), two + "\n... and 3 more errors");
  EXPECT_EQ(verify(module, 4), two + "\n" + two + "\n... and 1 more errors");
  std::string five = two + "\n" + two + "\n" + line;
  EXPECT_EQ(verify(module, 5), five);
  EXPECT_EQ(verify(module), five);
  EXPECT_EQ(verify(module, 0), "... and 5 more errors");
}

} // namespace
