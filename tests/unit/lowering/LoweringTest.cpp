//===- LoweringTest.cpp - The lowering registry, driver and helpers ------------===//

#include "lowering/Lowering.h"
#include "lowering/LoweringRegistry.h"
#include "lowering/OnnxBuilder.h"
#include "lowering/Refusals.h"
#include "lowering/UnsupportedOpsError.h"

#include "ir/Builder.h"
#include "ir/Verifier.h"

#include "llvm/ADT/StringExtras.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pt2onnx;
using namespace pt2onnx::lowering;
using ir::Attribute;
using ir::DType;
using ir::Type;

namespace {

/// A module with one `main` graph, built op by op.
struct GraphFixture {
  ir::Module module;
  ir::Operation *graph;
  ir::Builder builder;

  GraphFixture() : graph(module.addGraph("main")), builder(module) {
    ir::builtin::registerSchemas();
    builder.setInsertionPointToEnd(&ir::Module::getGraphBody(graph));
  }

  ir::Block &body() { return ir::Module::getGraphBody(graph); }

  ir::Value *input(const Type &type, llvm::StringRef name) {
    return body().addArgument(type, name);
  }

  /// An ATen op with operands named by `argNames` and extra attributes.
  ir::Operation *aten(llvm::StringRef name, llvm::ArrayRef<ir::Value *> operands,
                      llvm::ArrayRef<std::string> argNames, llvm::ArrayRef<Type> results,
                      std::vector<ir::NamedAttribute> attrs = {}, llvm::StringRef node = "",
                      llvm::StringRef stackTrace = "") {
    attrs.push_back({"arg_names", Attribute::stringList(argNames)});
    if (!node.empty())
      builder.setProvenance(stackTrace.empty()
                                ? ir::Provenance::make(node)
                                : ir::Provenance::make(node, {{"stack_trace", stackTrace.str()}}));
    ir::Operation *op = builder.create(name, operands, results, attrs);
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      if (!node.empty())
        op->getResult(i)->setName(i == 0 ? node.str() : (node + "_" + llvm::Twine(i)).str());
    return op;
  }

  void ret(llvm::ArrayRef<ir::Value *> values) { builder.createReturn(values); }

  /// The names of the ops in the graph body, in order.
  std::vector<std::string> opNames() {
    std::vector<std::string> names;
    for (ir::Operation &op : body())
      names.push_back(op.getName().getStringRef().str());
    return names;
  }

  size_t count(llvm::StringRef name) {
    size_t n = 0;
    for (ir::Operation &op : body())
      n += op.isa(name);
    return n;
  }

  ir::Operation *find(llvm::StringRef name) {
    for (ir::Operation &op : body())
      if (op.isa(name))
        return &op;
    return nullptr;
  }
};

Type f32(llvm::ArrayRef<ir::Dim> shape) { return Type::tensor(DType::Float32, shape); }

// ---- Registry ------------------------------------------------------------------

TEST(LoweringRegistry, ListsEveryOverloadSortedWithFamilyAndOpsets) {
  std::vector<LoweringInfo> rules = listLowerings();
  ASSERT_GT(rules.size(), 200u);
  for (size_t i = 1; i < rules.size(); ++i)
    EXPECT_LT(rules[i - 1].overload, rules[i].overload);
  for (const LoweringInfo &r : rules) {
    EXPECT_FALSE(r.family.empty()) << r.overload;
    EXPECT_LE(ir::kMinOnnxOpset, r.minOpset) << r.overload;
    EXPECT_LE(r.minOpset, r.maxOpset) << r.overload;
    EXPECT_LE(r.maxOpset, ir::kMaxOnnxOpset) << r.overload;
  }
  auto find = [&](llvm::StringRef name) {
    return std::find_if(rules.begin(), rules.end(),
                        [&](const LoweringInfo &r) { return r.overload == name; });
  };
  ASSERT_NE(find("aten.add.Tensor"), rules.end());
  EXPECT_EQ(find("aten.add.Tensor")->family, "elementwise");
  EXPECT_EQ(find("aten.roll.default")->family, "shape");
  EXPECT_EQ(find("aten.conv2d.default")->family, "conv");
  EXPECT_EQ(find("aten.add.Tensor")->functionalTwin, "");
  // Overloads that write their arguments have no rule: functionalize rewrites
  // them as their schema's functional twin, whose rule they are listed with.
  EXPECT_EQ(LoweringRegistry::get().lookup("aten.relu_.default"), nullptr);
  ASSERT_NE(find("aten.relu_.default"), rules.end());
  EXPECT_EQ(find("aten.relu_.default")->functionalTwin, "aten.relu.default");
  EXPECT_EQ(find("aten.relu_.default")->family, "activation");
  ASSERT_NE(find("aten.masked_fill_.Scalar"), rules.end());
  EXPECT_EQ(find("aten.masked_fill_.Scalar")->functionalTwin, "aten.masked_fill.Scalar");
  ASSERT_NE(find("aten.add.out"), rules.end());
  EXPECT_EQ(find("aten.add.out")->functionalTwin, "aten.add.Tensor");
  // A twin without a rule lists nothing.
  EXPECT_EQ(find("aten.cauchy_.default"), rules.end());
}

TEST(LoweringRegistry, KeysAreRealOperators) {
  EXPECT_THAT(LoweringRegistry::get().checkKeys(), testing::IsEmpty());
}

// The known refusals name real overloads that have no rule, and each says
// why; gradient ops are refused as such.
TEST(Refusals, KeysAreRealOperatorsWithoutRules) {
  EXPECT_THAT(getRefusals().checkKeys(), testing::IsEmpty());
  for (const auto &entry : getRefusals()) {
    EXPECT_EQ(LoweringRegistry::get().lookup(entry.getKey()), nullptr) << entry.getKey().str();
    EXPECT_EQ(missingRuleReason(entry.getKey()), entry.value);
  }
  EXPECT_THAT(missingRuleReason("aten.hash_tensor.default"), testing::HasSubstr("bit cast"));
  EXPECT_THAT(missingRuleReason("aten.convolution_backward.default"),
              testing::StartsWith("a gradient op"));
  EXPECT_THAT(missingRuleReason("aten._softmax_backward_data.default"),
              testing::StartsWith("a gradient op"));
  EXPECT_EQ(missingRuleReason("aten._embedding_bag.default"), "no lowering rule");
  EXPECT_THAT(missingRuleReason("torch._functorch.predispatch._add_batch_dim"),
              testing::StartsWith("torch.vmap left unapplied"));
}

TEST(LoweringRegistry, RefusesUnknownAndRepeatedKeys) {
  LoweringRegistry registry;
  LoweringFn fn = [](RuleContext &) { return ValueList{}; };
  registry.add("aten.relu.default", fn);
  registry.add("aten.relu.default", fn);
  registry.add("aten.softsign.default", fn);
  EXPECT_NE(registry.lookup("aten.relu.default"), nullptr);
  EXPECT_EQ(registry.lookup("aten.softsign.default"), nullptr);
  ASSERT_EQ(registry.checkKeys().size(), 2u);
  EXPECT_EQ(registry.checkKeys()[0], "operator 'aten.relu.default' is registered twice");
  EXPECT_THAT(registry.checkKeys()[1],
              testing::StartsWith("unknown operator 'aten.softsign.default'"));
}

TEST(LoweringRegistry, LooksUpExactOverloads) {
  const LoweringRegistry &registry = LoweringRegistry::get();
  EXPECT_NE(registry.lookup("aten.relu.default"), nullptr);
  EXPECT_EQ(registry.lookup("aten.relu_.default"), nullptr);
  EXPECT_EQ(registry.lookup("aten.no_such_op.default"), nullptr);
}

// ---- OnnxBuilder -------------------------------------------------------------------

TEST(OnnxBuilder, InfersBroadcastAndReductionTypes) {
  GraphFixture g;
  ir::SymExpr s0 = g.module.getSymContext().getSymbol("s0");
  ir::Value *x = g.input(f32({ir::Dim::of(s0), 1, 4}), "x");
  ir::Value *y = g.input(f32({3, 1}), "y");
  OnnxBuilder b(g.builder, 18);
  ir::Value *sum = b.binary("Add", x, y);
  EXPECT_EQ(sum->getType(), f32({ir::Dim::of(s0), 3, 4}));
  ir::Value *r = b.reduce("ReduceMean", sum, llvm::ArrayRef<int64_t>{1, 2}, false);
  EXPECT_EQ(r->getType(), f32({ir::Dim::of(s0)}));
  // Opset 18 passes axes as an input.
  EXPECT_EQ(r->getDefiningOp()->getNumOperands(), 2u);
  OnnxBuilder b17(g.builder, 17);
  ir::Value *r17 = b17.reduce("ReduceMean", sum, llvm::ArrayRef<int64_t>{1}, true);
  EXPECT_EQ(r17->getDefiningOp()->getNumOperands(), 1u);
  EXPECT_TRUE(r17->getDefiningOp()->hasAttr("axes"));
  EXPECT_EQ(r17->getType(), f32({ir::Dim::of(s0), 1, 4}));
  ir::Value *cat = b.concat({x, x}, 0);
  EXPECT_EQ(cat->getType(), f32({ir::Dim::of(2 * s0), 1, 4}));
}

TEST(OnnxBuilder, AxesDimsAndScalarTypes) {
  EXPECT_EQ(normalizeAxis(-1, 3), 2);
  EXPECT_EQ(normalizeAxis(2, 3), 2);
  EXPECT_FALSE(normalizeAxis(3, 3).has_value());
  EXPECT_FALSE(normalizeAxis(-4, 3).has_value());
  ir::SymContext ctx;
  ir::SymExpr s0 = ctx.getSymbol("s0");
  EXPECT_EQ(loweredType(Type::symInt(s0)), Type::tensor(DType::Int64, {}));
  EXPECT_EQ(loweredType(Type::symFloat()), Type::tensor(DType::Float64, {}));
  EXPECT_EQ(loweredType(Type::symBool()), Type::tensor(DType::Bool, {}));
  EXPECT_EQ(loweredType(f32({2})), f32({2}));
  EXPECT_EQ(loweredType(Type::tensor(DType::Complex64, {3})), f32({3, 2}));
}

TEST(OnnxBuilder, BuildShapeFoldsConstantsAndConcatenatesValues) {
  GraphFixture g;
  ir::Value *n = g.input(Type::tensor(DType::Int64, {}), "n");
  OnnxBuilder b(g.builder, 20);
  ir::Value *constant = b.buildShape({{2, nullptr}, {3, nullptr}});
  ASSERT_TRUE(constant->getDefiningOp()->isa(ir::builtin::kConstant));
  EXPECT_EQ(constant->getType(), Type::tensor(DType::Int64, {2}));
  ir::Value *mixed = b.buildShape({{1, nullptr}, {std::nullopt, n}, {4, nullptr}, {5, nullptr}});
  ir::Operation *concat = mixed->getDefiningOp();
  ASSERT_TRUE(concat->isa("onnx.Concat"));
  EXPECT_EQ(concat->getNumOperands(), 3u); // [1], unsqueeze(n), [4, 5]
  EXPECT_EQ(mixed->getType(), Type::tensor(DType::Int64, {4}));
  // A static shape is a constant, a dynamic one onnx.Shape.
  EXPECT_TRUE(b.shapeOf(g.input(f32({2, 3}), "s"))->getDefiningOp()->isa(ir::builtin::kConstant));
  ir::Value *dyn = g.input(f32({ir::Dim::of(g.module.getSymContext().getSymbol("s0")), 3}), "d");
  EXPECT_TRUE(b.shapeOf(dyn)->getDefiningOp()->isa("onnx.Shape"));
  EXPECT_TRUE(b.dimSize(dyn, 1)->getDefiningOp()->isa(ir::builtin::kConstant));
}

TEST(OnnxBuilder, DenseConstantsConvertLikeACast) {
  ir::DenseElements half = makeDense(DType::Float16, {2}, {1.0, -2.0});
  ASSERT_EQ(half.bytes.size(), 4u);
  EXPECT_EQ(half.bytes[1], 0x3C); // 1.0 = 0x3C00
  EXPECT_EQ(half.bytes[3], 0xC0); // -2.0 = 0xC000
  ir::DenseElements big = makeDenseInt(DType::Int64, {}, {INT64_MAX});
  int64_t v;
  std::memcpy(&v, big.bytes.data(), 8);
  EXPECT_EQ(v, INT64_MAX);
  EXPECT_FALSE(numerics::hasNumericElements(DType::Complex64));
}

// ---- The driver ------------------------------------------------------------------------

TEST(LowerModule, LowersAndKeepsNamesAndProvenance) {
  GraphFixture g;
  ir::Value *x = g.input(f32({2, 3}), "x");
  ir::Operation *relu = g.aten("aten.relu.default", {x}, {"self"}, {f32({2, 3})}, {}, "relu",
                               "File \"m.py\", line 7, in forward\n    return x.relu()");
  g.ret({relu->getResult(0)});
  ASSERT_FALSE(lowerModule(g.module));
  ir::Operation *onnxRelu = g.find("onnx.Relu");
  ASSERT_NE(onnxRelu, nullptr);
  EXPECT_EQ(onnxRelu->getResult(0)->getName(), "relu");
  EXPECT_EQ(onnxRelu->getResult(0)->getType(), f32({2, 3}));
  ASSERT_TRUE(onnxRelu->getProvenance());
  EXPECT_EQ(onnxRelu->getProvenance()->getSourceLocation(), "m.py:7");
  EXPECT_EQ(g.count("aten.relu.default"), 0u);
  EXPECT_FALSE(ir::verifyModule(g.module));
}

TEST(LowerModule, ReportsEveryUnsupportedOverloadOnceWithCountAndSource) {
  GraphFixture g;
  ir::Value *x = g.input(f32({4}), "x");
  ir::Operation *a = g.aten("aten.frobnicate.default", {x}, {"self"}, {f32({4})}, {}, "frob",
                            "File \"net.py\", line 3, in forward\n    y = frob(x)");
  ir::Operation *b = g.aten("aten.frobnicate.default", {a->getResult(0)}, {"self"}, {f32({4})}, {},
                            "frob_1", "File \"net.py\", line 4, in forward\n    y = frob(y)");
  ir::Operation *c = g.aten("aten.twiddle.Tensor", {b->getResult(0)}, {"self"}, {f32({4})}, {},
                            "twiddle", "File \"net.py\", line 5, in forward\n    twiddle(y)");
  ir::Operation *d =
      g.aten("aten.relu.default", {c->getResult(0)}, {"self"}, {f32({4})}, {}, "relu");
  g.ret({d->getResult(0)});

  llvm::Error err = lowerModule(g.module, {20, false});
  ASSERT_TRUE(bool(err));
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(message.find("cannot lower 3 ops (2 overloads) to ONNX opset 20"), std::string::npos)
      << message;
  EXPECT_NE(message.find("aten.frobnicate.default (2 uses): no lowering rule"), std::string::npos)
      << message;
  EXPECT_NE(message.find("'frob' in graph 'main' (net.py:3)"), std::string::npos) << message;
  EXPECT_NE(message.find("aten.twiddle.Tensor (1 use)"), std::string::npos) << message;
  EXPECT_NE(message.find("(net.py:5)"), std::string::npos) << message;
}

TEST(LowerModule, UnsupportedOpsErrorHoldsTheListAndLeavesTheOpsInPlace) {
  GraphFixture g;
  ir::Value *x = g.input(f32({4}), "x");
  ir::Operation *a = g.aten("aten.frobnicate.default", {x}, {"self"}, {f32({4})}, {}, "frob",
                            "File \"net.py\", line 3, in forward\n    y = frob(x)");
  ir::Operation *b = g.aten("aten.frobnicate.default", {a->getResult(0)}, {"self"}, {f32({4})}, {},
                            "frob_1");
  ir::Operation *c = g.aten("aten.neg.default", {b->getResult(0)}, {"self"}, {f32({4})});
  g.ret({c->getResult(0)});

  llvm::Error err = lowerModule(g.module, {20, false});
  ASSERT_TRUE(err.isA<UnsupportedOpsError>());
  std::vector<UnsupportedOpsError::Overload> overloads;
  err = llvm::handleErrors(std::move(err),
                           [&](std::unique_ptr<UnsupportedOpsError> e) -> llvm::Error {
                             overloads.assign(e->getOverloads().begin(), e->getOverloads().end());
                             return llvm::Error(std::move(e));
                           });
  ASSERT_EQ(overloads.size(), 1u);
  EXPECT_EQ(overloads[0].name, "aten.frobnicate.default");
  EXPECT_EQ(overloads[0].count, 2u);
  EXPECT_EQ(overloads[0].reason, "no lowering rule");
  EXPECT_EQ(overloads[0].firstWhere,
            "'aten.frobnicate.default' op 'frob' in graph 'main' (net.py:3)");
  // A ProgramError of the whole program: the tools report it as the input's
  // fault, with the input's path.
  EXPECT_EQ(llvm::toString(pass::locateProgramErrors(std::move(err), "net.pt2")),
            "net.pt2: cannot lower 2 ops (1 overload) to ONNX opset 20:\n"
            "  aten.frobnicate.default (2 uses): no lowering rule\n"
            "    first at 'aten.frobnicate.default' op 'frob' in graph 'main' (net.py:3)");
  EXPECT_EQ(g.count("aten.frobnicate.default"), 2u);
}

TEST(LowerModule, AllowUnsupportedLeavesOpsInPlace) {
  GraphFixture g;
  ir::Value *x = g.input(f32({4}), "x");
  ir::Operation *a = g.aten("aten.frobnicate.default", {x}, {"self"}, {f32({4})});
  ir::Operation *b = g.aten("aten.neg.default", {a->getResult(0)}, {"self"}, {f32({4})});
  g.ret({b->getResult(0)});
  ASSERT_FALSE(lowerModule(g.module, {20, true}));
  EXPECT_EQ(g.opNames(),
            (std::vector<std::string>{"aten.frobnicate.default", "onnx.Neg", "ir.return"}));
}

TEST(LowerModule, RejectedVariantIsReportedAndItsPartialOpsRemoved) {
  GraphFixture g;
  ir::Value *x = g.input(f32({4}), "x");
  ir::Value *y = g.input(f32({4}), "y");
  ir::Operation *div = g.aten("aten.div.Tensor_mode", {x, y}, {"self", "other"}, {f32({4})},
                              {{"rounding_mode", Attribute::string("ceil")}}, "div");
  g.ret({div->getResult(0)});
  llvm::Error err = lowerModule(g.module, {20, false});
  ASSERT_TRUE(bool(err));
  EXPECT_NE(llvm::toString(std::move(err)).find("unknown rounding_mode 'ceil'"), std::string::npos);

  GraphFixture h;
  x = h.input(f32({4}), "x");
  y = h.input(f32({4}), "y");
  div = h.aten("aten.div.Tensor_mode", {x, y}, {"self", "other"}, {f32({4})},
               {{"rounding_mode", Attribute::string("ceil")}}, "div");
  h.ret({div->getResult(0)});
  ASSERT_FALSE(lowerModule(h.module, {20, true}));
  EXPECT_EQ(h.opNames(), (std::vector<std::string>{"aten.div.Tensor_mode", "ir.return"}));
}

TEST(LowerModule, RejectsOpsetsOutsideTheSupportedRange) {
  GraphFixture g;
  llvm::Error err = lowerModule(g.module, {16, false});
  ASSERT_TRUE(bool(err));
  EXPECT_NE(llvm::toString(std::move(err)).find("opset 16 is not supported"), std::string::npos);
  llvm::Error tooNew = lowerModule(g.module, {24, false});
  EXPECT_TRUE(bool(tooNew));
  llvm::consumeError(std::move(tooNew));
}

TEST(LowerModule, AddWithAlphaAndPythonScalarPromotion) {
  GraphFixture g;
  ir::Value *x = g.input(Type::tensor(DType::Int32, {3}), "x");
  // x + 2.5 -> float32; alpha applies to `other`.
  ir::Operation *add =
      g.aten("aten.add.Tensor", {x}, {"self"}, {f32({3})},
             {{"other", Attribute::floating(2.5)}, {"alpha", Attribute::integer(2)}}, "add");
  g.ret({add->getResult(0)});
  EXPECT_EQ(g.module.getLoweredOpset(), std::nullopt);
  ASSERT_FALSE(lowerModule(g.module));
  // The module records the opset it was lowered to.
  const Attribute *opset = g.module.getOperation()->getAttr(ir::builtin::kOnnxOpsetAttr);
  ASSERT_NE(opset, nullptr);
  EXPECT_EQ(opset->getInt(), ir::kDefaultOnnxOpset);
  EXPECT_EQ(g.module.getLoweredOpset(), ir::kDefaultOnnxOpset);
  EXPECT_EQ(g.count("onnx.Cast"), 1u);
  EXPECT_EQ(g.count("onnx.Mul"), 1u);
  ir::Operation *sum = g.find("onnx.Add");
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->getResult(0)->getType(), f32({3}));
  EXPECT_FALSE(ir::verifyModule(g.module));
}

TEST(LowerModule, SymIntsBecomeRank0Int64Tensors) {
  GraphFixture g;
  ir::SymExpr s0 = g.module.getSymContext().getSymbol("s0");
  ir::Value *x = g.input(f32({ir::Dim::of(s0), 4}), "x");
  ir::Operation *size = g.aten("aten.sym_size.int", {x}, {"self"}, {Type::symInt(s0)},
                               {{"dim", Attribute::integer(0)}}, "sym_size");
  ir::Operation *four = g.builder.create(ir::builtin::kConstant, {},
                                         {Type::symInt(g.module.getSymContext().getConstant(4))},
                                         {{"value", Attribute::integer(4)}});
  // view(x, [s0 * 4]): the one runtime size of the target is -1.
  ir::SymExpr flat = s0 * g.module.getSymContext().getConstant(4);
  ir::Operation *times = g.aten("operator.mul", {size->getResult(0), four->getResult(0)},
                                {"a", "b"}, {Type::symInt(flat)}, {}, "mul");
  ir::Operation *view = g.aten("aten.view.default", {x, times->getResult(0)}, {"self", "size"},
                               {f32({ir::Dim::of(flat)})}, {}, "view");
  ir::Operation *static1 = g.aten("aten.sym_size.int", {x}, {"self"},
                                  {Type::symInt(g.module.getSymContext().getConstant(4))},
                                  {{"dim", Attribute::integer(1)}}, "sym_size_1");
  g.ret({view->getResult(0), static1->getResult(0), size->getResult(0)});
  ASSERT_FALSE(lowerModule(g.module));
  EXPECT_EQ(g.count("onnx.Shape"), 1u);
  EXPECT_EQ(g.count("onnx.Gather"), 1u);
  EXPECT_EQ(g.count("onnx.Reshape"), 1u);
  ir::Operation *gather = g.find("onnx.Gather");
  ASSERT_NE(gather, nullptr);
  EXPECT_EQ(gather->getResult(0)->getType(), Type::tensor(DType::Int64, {}));
  ir::Operation *reshape = g.find("onnx.Reshape");
  ASSERT_NE(reshape, nullptr);
  ir::Operation *target = reshape->getOperand(1)->getDefiningOp();
  ASSERT_TRUE(target && target->isa(ir::builtin::kConstant));
  // The static size is a constant output named after the node.
  ir::Operation *ret = g.body().getTerminator();
  ir::Operation *c = ret->getOperand(1)->getDefiningOp();
  ASSERT_TRUE(c && c->isa(ir::builtin::kConstant));
  EXPECT_EQ(c->getAttr("value")->getKind(), Attribute::Kind::Dense);
  EXPECT_FALSE(ir::verifyModule(g.module));
}

TEST(LowerModule, InPlaceOpsAskForTheFunctionalizePass) {
  GraphFixture g;
  ir::Value *x = g.input(f32({4}), "x");
  ir::Operation *relu = g.aten("aten.relu_.default", {x}, {"self"}, {f32({4})}, {}, "relu_");
  ir::Operation *iand = g.aten("aten.__iand__.Tensor", {relu->getResult(0), x}, {"self", "other"},
                               {f32({4})}, {}, "iand");
  g.ret({iand->getResult(0)});
  llvm::Error err = lowerModule(g.module);
  ASSERT_TRUE(bool(err));
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(message.find("aten.relu_.default (1 use): an in-place op: run the functionalize pass "
                         "before lower-aten"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("aten.__iand__.Tensor (1 use): an in-place op"), std::string::npos)
      << message;
}

TEST(LowerModule, OutOverloadsAskForTheFunctionalizePass) {
  GraphFixture g;
  ir::Value *x = g.input(f32({4}), "x");
  ir::Operation *relu =
      g.aten("aten.relu.out", {x, x}, {"self", "out"}, {f32({4})}, {}, "relu_out");
  g.ret({relu->getResult(0)});
  llvm::Error err = lowerModule(g.module);
  ASSERT_TRUE(bool(err));
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(message.find("aten.relu.out (1 use): writes its arguments: run the functionalize pass "
                         "before lower-aten"),
            std::string::npos)
      << message;
}

TEST(LowerModule, AbsentArgumentsTakeTheSchemaDefault) {
  GraphFixture g;
  ir::Value *x = g.input(f32({2, 8}), "x");
  // torch.leaky_relu's negative_slope defaults to 0.01, elu's alpha to 1.
  ir::Operation *leaky = g.aten("aten.leaky_relu.default", {x}, {"self"}, {f32({2, 8})}, {}, "l");
  ir::Operation *elu = g.aten("aten.elu.default", {leaky->getResult(0)}, {"self"}, {f32({2, 8})},
                              {{"alpha", Attribute::floating(0.5)}}, "e");
  g.ret({elu->getResult(0)});
  ASSERT_FALSE(bool(lowerModule(g.module)));
  ir::Operation *leakyRelu = g.find("onnx.LeakyRelu");
  ASSERT_NE(leakyRelu, nullptr);
  EXPECT_EQ(leakyRelu->getAttr("alpha")->getFloat(), 0.01);
  // A given argument wins over the default.
  ir::Operation *onnxElu = g.find("onnx.Elu");
  ASSERT_NE(onnxElu, nullptr);
  EXPECT_EQ(onnxElu->getAttr("alpha")->getFloat(), 0.5);
}

TEST(LowerModule, AbsentRequiredArgumentsAreErrors) {
  GraphFixture g;
  ir::Value *x = g.input(f32({2, 8}), "x");
  // aten.softmax.int(Tensor self, int dim, ScalarType? dtype=None): dim has no default.
  ir::Operation *softmax = g.aten("aten.softmax.int", {x}, {"self"}, {f32({2, 8})}, {}, "s");
  g.ret({softmax->getResult(0)});
  llvm::Error err = lowerModule(g.module);
  ASSERT_TRUE(bool(err));
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(message.find("aten.softmax.int (1 use): argument 'dim': expected an integer"),
            std::string::npos)
      << message;
}

TEST(LowerModule, ComplexTensorsReachOnlyRulesThatTakeThem) {
  GraphFixture g;
  ir::Value *z = g.input(Type::tensor(DType::Complex64, {3}), "z");
  ir::Operation *abs = g.aten("aten.abs.default", {z}, {"self"}, {f32({3})}, {}, "abs");
  ir::Operation *neg =
      g.aten("aten.neg.default", {z}, {"self"}, {Type::tensor(DType::Complex64, {3})}, {}, "neg");
  g.ret({abs->getResult(0), neg->getResult(0)});
  llvm::Error err = lowerModule(g.module);
  ASSERT_TRUE(bool(err));
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(
      message.find("aten.neg.default (1 use): complex tensors are not supported by this rule"),
      std::string::npos)
      << message;
  EXPECT_EQ(message.find("aten.abs.default"), std::string::npos) << message;
  // The complex input became real pairs.
  EXPECT_EQ(z->getType(), f32({3, 2}));
}

TEST(LowerModule, MultiResultSplitUsesStaticSizes) {
  GraphFixture g;
  ir::Value *x = g.input(f32({5, 2}), "x");
  ir::Operation *split =
      g.aten("aten.split.Tensor", {x}, {"self"}, {f32({2, 2}), f32({2, 2}), f32({1, 2})},
             {{"split_size", Attribute::integer(2)}}, "split");
  g.ret({split->getResult(0), split->getResult(1), split->getResult(2)});
  ASSERT_FALSE(lowerModule(g.module));
  ir::Operation *onnxSplit = g.find("onnx.Split");
  ASSERT_NE(onnxSplit, nullptr);
  EXPECT_EQ(onnxSplit->getNumResults(), 3u);
  ir::Operation *sizes = onnxSplit->getOperand(1)->getDefiningOp();
  const ir::DenseElements &d = sizes->getAttr("value")->getDense();
  std::vector<int64_t> values(3);
  std::memcpy(values.data(), d.bytes.data(), 24);
  EXPECT_EQ(values, (std::vector<int64_t>{2, 2, 1}));
  EXPECT_FALSE(ir::verifyModule(g.module));
}

TEST(LowerModule, AssertionsAreDroppedWithTheirDeadInputs) {
  GraphFixture g;
  ir::SymExpr s0 = g.module.getSymContext().getSymbol("s0");
  ir::Value *x = g.input(f32({ir::Dim::of(s0)}), "x");
  ir::Operation *size = g.aten("aten.sym_size.int", {x}, {"self"}, {Type::symInt(s0)},
                               {{"dim", Attribute::integer(0)}}, "sym_size");
  ir::Operation *ge = g.aten("operator.ge", {size->getResult(0)}, {"a"}, {Type::symBool()},
                             {{"b", Attribute::integer(2)}}, "ge");
  g.aten("aten._assert_scalar.default", {ge->getResult(0)}, {"self"}, {},
         {{"assert_msg", Attribute::string("s0 >= 2")}}, "assert");
  g.ret({x});
  ASSERT_FALSE(lowerModule(g.module));
  EXPECT_EQ(g.opNames(), (std::vector<std::string>{"ir.return"}));
}

} // namespace
