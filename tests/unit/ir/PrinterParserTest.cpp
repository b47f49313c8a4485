//===- PrinterParserTest.cpp - The textual IR ---------------------------===//
//
// Round trips through printModule and parseModule: every attribute kind,
// every dtype, symbolic and unknown dims, regions with arguments,
// multi-result ops, provenance with awkward strings and weights with their
// bytes must come back equal, and print -> parse -> print must be
// byte-identical. Also value naming, forward references, the exact error
// messages, and a mutation loop that no input may crash or hang.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"
#include "ir/Parser.h"
#include "ir/Printer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace pt2onnx::ir;

namespace {

std::string print(const Module &module, bool printWeights = false) {
  std::string text;
  llvm::raw_string_ostream os(text);
  PrintOptions options;
  options.printWeights = printWeights;
  printModule(module, os, options);
  return text;
}

std::unique_ptr<Module> parse(llvm::StringRef text) {
  llvm::Expected<std::unique_ptr<Module>> module = parseModule(text, "test.mlir");
  if (!module) {
    ADD_FAILURE() << llvm::toString(module.takeError()) << "\nin:\n" << text.str();
    return nullptr;
  }
  return std::move(*module);
}

/// The error message of parsing `text`, or "" when it parses.
std::string parseError(llvm::StringRef text) {
  llvm::Expected<std::unique_ptr<Module>> module = parseModule(text, "t.mlir");
  if (module)
    return "";
  return llvm::toString(module.takeError());
}

/// Wraps ops into a module with one graph `main` whose inputs are `args`.
std::string inGraph(llvm::StringRef args, llvm::StringRef body) {
  return ("\"ir.module\"() ({\n  \"ir.graph\"() ({\n  ^bb0(" + args + "):\n" + body +
          "  }) {sym_name = \"main\"} : () -> ()\n}) : () -> ()\n")
      .str();
}

/// Types and symbolic expressions belong to their module's SymContext, so
/// modules are compared through their printed forms of those.
bool sameAttribute(const Attribute &a, const Attribute &b) {
  if (a.getKind() != b.getKind())
    return false;
  switch (a.getKind()) {
  case Attribute::Kind::Type:
  case Attribute::Kind::WeightRef:
    return a.getType().str() == b.getType().str() &&
           (a.getKind() == Attribute::Kind::Type || a.getString() == b.getString());
  case Attribute::Kind::SymExpr:
    return a.getSym().str() == b.getSym().str();
  case Attribute::Kind::List:
    return a.getList().size() == b.getList().size() &&
           llvm::all_of(llvm::zip(a.getList(), b.getList()), [](auto pair) {
             return sameAttribute(std::get<0>(pair), std::get<1>(pair));
           });
  default:
    return a == b;
  }
}

/// Structural equality of two modules: ops, operands (by position of their
/// definitions), attributes, types, names, provenance, weights.
void expectSameModule(const Module &a, const Module &b) {
  std::vector<const Operation *> opsA, opsB;
  a.getOperation()->walk([&](Operation *op) { opsA.push_back(op); });
  b.getOperation()->walk([&](Operation *op) { opsB.push_back(op); });
  ASSERT_EQ(opsA.size(), opsB.size());
  llvm::DenseMap<const Value *, const Value *> valueMap;
  for (size_t i = 0; i != opsA.size(); ++i) {
    const Operation &x = *opsA[i], &y = *opsB[i];
    ASSERT_EQ(x.getName(), y.getName());
    ASSERT_EQ(x.getNumRegions(), y.getNumRegions());
    for (unsigned r = 0; r != x.getNumRegions(); ++r) {
      ASSERT_EQ(x.getRegion(r).getNumBlocks(), y.getRegion(r).getNumBlocks());
      for (size_t k = 0; k != x.getRegion(r).getNumBlocks(); ++k) {
        const Block &bx = *x.getRegion(r).getBlocks()[k], &by = *y.getRegion(r).getBlocks()[k];
        ASSERT_EQ(bx.getNumArguments(), by.getNumArguments());
        for (size_t j = 0; j != bx.getNumArguments(); ++j) {
          EXPECT_EQ(bx.getArgument(j)->getType().str(), by.getArgument(j)->getType().str());
          EXPECT_EQ(bx.getArgument(j)->getName(), by.getArgument(j)->getName());
          valueMap[bx.getArgument(j)] = by.getArgument(j);
        }
      }
    }
    ASSERT_EQ(x.getNumResults(), y.getNumResults());
    for (unsigned j = 0; j != x.getNumResults(); ++j) {
      EXPECT_EQ(x.getResult(j)->getType().str(), y.getResult(j)->getType().str());
      valueMap[x.getResult(j)] = y.getResult(j);
    }
    if (x.getNumResults()) {
      EXPECT_EQ(x.getResult(0)->getName(), y.getResult(0)->getName());
    }
    ASSERT_EQ(x.getAttrs().size(), y.getAttrs().size()) << x.getName().getStringRef().str();
    for (size_t j = 0; j != x.getAttrs().size(); ++j) {
      EXPECT_EQ(x.getAttrs()[j].name, y.getAttrs()[j].name);
      EXPECT_TRUE(sameAttribute(x.getAttrs()[j].value, y.getAttrs()[j].value))
          << "attribute " << x.getAttrs()[j].name;
    }
    ASSERT_EQ(bool(x.getProvenance()), bool(y.getProvenance()));
    if (x.getProvenance()) {
      EXPECT_EQ(x.getProvenance()->nodeName, y.getProvenance()->nodeName);
      EXPECT_EQ(x.getProvenance()->fields, y.getProvenance()->fields);
    }
  }
  // Operands last: they may refer forward.
  for (size_t i = 0; i != opsA.size(); ++i) {
    ASSERT_EQ(opsA[i]->getNumOperands(), opsB[i]->getNumOperands());
    for (unsigned j = 0; j != opsA[i]->getNumOperands(); ++j)
      EXPECT_EQ(valueMap.lookup(opsA[i]->getOperand(j)), opsB[i]->getOperand(j));
  }
}

/// Prints, parses, compares, and checks that printing again gives the same
/// bytes. Returns the parsed module.
std::unique_ptr<Module> roundTrip(const Module &module, bool printWeights = false) {
  std::string text = print(module, printWeights);
  std::unique_ptr<Module> parsed = parse(text);
  if (!parsed)
    return nullptr;
  expectSameModule(module, *parsed);
  EXPECT_EQ(print(*parsed, printWeights), text);
  return parsed;
}

DenseElements denseOf(DType dtype, llvm::ArrayRef<int64_t> shape, std::mt19937 &rng) {
  DenseElements d;
  d.dtype = dtype;
  d.shape.assign(shape.begin(), shape.end());
  d.bytes.resize(d.getNumElements() * getDTypeSize(dtype));
  for (uint8_t &b : d.bytes)
    b = uint8_t(rng());
  if (dtype == DType::Bool)
    for (uint8_t &b : d.bytes)
      b &= 1;
  return d;
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

TEST(PrinterParserTest, EveryAttributeKindRoundTrips) {
  Module module;
  SymContext &sym = module.getSymContext();
  SymExpr s0 = sym.getSymbol("s0");
  sym.setRange(s0, {2, SymRange::kPosInf});
  Builder b(module);
  Operation *graph = module.addGraph("main");
  b.setInsertionPointToEnd(&Module::getGraphBody(graph));
  Value *x = Module::getGraphBody(graph).addArgument(
      Type::tensor(DType::Float32, {Dim::of(s0), 4}), "x");

  std::string allBytes;
  for (int c = 0; c != 256; ++c)
    allBytes += char(c);
  double nan = std::numeric_limits<double>::quiet_NaN();
  double inf = std::numeric_limits<double>::infinity();
  std::vector<NamedAttribute> attrs = {
      {"unit", Attribute::unit()},
      {"yes", Attribute::boolean(true)},
      {"no", Attribute::boolean(false)},
      {"int_max", Attribute::integer(std::numeric_limits<int64_t>::max())},
      {"int_min", Attribute::integer(std::numeric_limits<int64_t>::min())},
      {"f_half", Attribute::floating(1.5)},
      {"f_third", Attribute::floating(1.0 / 3.0)},
      {"f_big", Attribute::floating(1e300)},
      {"f_tiny", Attribute::floating(5e-324)},
      {"f_negzero", Attribute::floating(-0.0)},
      {"f_integral", Attribute::floating(100.0)},
      {"f_nan", Attribute::floating(nan)},
      {"f_inf", Attribute::floating(-inf)},
      {"str", Attribute::string(allBytes)},
      {"str_empty", Attribute::string("")},
      {"ints", Attribute::intList({1, -2, std::numeric_limits<int64_t>::min()})},
      {"ints_empty", Attribute::intList({})},
      {"floats", Attribute::floatList({0.1, -0.0, nan, inf, 2.0})},
      {"floats_empty", Attribute::floatList({})},
      {"strs", Attribute::stringList({"a", "b\"c", "\n"})},
      {"dtype_cf", Attribute::dtype(DType::Complex64)},
      {"dtype_fnuz", Attribute::dtype(DType::Float8E4M3FNUZ)},
      {"dtype_bool", Attribute::dtype(DType::Bool)},
      {"type_tensor", Attribute::type(Type::tensor(DType::Int64, {Dim::of(s0 * 2), Dim::unknown()}))},
      {"type_unranked", Attribute::type(Type::unrankedTensor(DType::BFloat16))},
      {"type_none", Attribute::type(Type::none())},
      {"type_symint", Attribute::type(Type::symInt(s0 + 1))},
      {"type_opaque", Attribute::type(Type::opaque("__torch__.Foo<\"x\">"))},
      {"sym", Attribute::sym(floorDiv(s0, sym.getConstant(2)))},
      {"list", Attribute::list({Attribute::integer(1), Attribute::string("x"), Attribute::unit(),
                                Attribute::list({Attribute::boolean(true)}),
                                Attribute::intList({3}), Attribute::dtype(DType::Int8)})},
      {"list_empty", Attribute::list({})},
      {"weird name", Attribute::integer(7)},
  };
  b.create("test.attrs", {x}, {Type::none()}, attrs);
  ASSERT_TRUE(roundTrip(module));
}

TEST(PrinterParserTest, DenseLiteralsOfEveryDTypeRoundTrip) {
  Module module;
  Builder b(module);
  b.setInsertionPointToEnd(&Module::getGraphBody(module.addGraph("main")));
  std::mt19937 rng(42);
  std::vector<std::vector<int64_t>> shapes = {{}, {1}, {3}, {2, 3}, {0}, {2, 0, 3}};
  for (unsigned t = 0; t != kNumDTypes; ++t) {
    for (const auto &shape : shapes) {
      b.createConstant(denseOf(DType(t), shape, rng));
      // Splats print as one element.
      DenseElements splat = denseOf(DType(t), shape, rng);
      for (size_t i = getDTypeSize(DType(t)); i < splat.bytes.size(); ++i)
        splat.bytes[i] = splat.bytes[i % getDTypeSize(DType(t))];
      b.createConstant(splat);
    }
  }
  std::unique_ptr<Module> parsed = roundTrip(module);
  ASSERT_TRUE(parsed);
  std::string text = print(module);
  // Integers as nested lists, floats as hex, empty data as `dense<>`.
  EXPECT_NE(text.find("dense<[[false, false, false], [false, true, false]]> : tensor<2x3xi1>"),
            std::string::npos);
  EXPECT_NE(text.find("dense<\"0x"), std::string::npos);
  EXPECT_NE(text.find("dense<> : tensor<2x0x3xf16>"), std::string::npos);
  EXPECT_NE(text.find(": tensor<2x0x3xcomplex<f64>>"), std::string::npos);
}

TEST(PrinterParserTest, TypesRoundTrip) {
  Module module;
  SymContext &sym = module.getSymContext();
  SymExpr s0 = sym.getSymbol("s0"), s1 = sym.getSymbol("s1");
  sym.setRange(s1, {SymRange::kNegInf, 64});
  Block &body = Module::getGraphBody(module.addGraph("main"));
  for (unsigned t = 0; t != kNumDTypes; ++t) {
    body.addArgument(Type::tensor(DType(t), {2, Dim::of(s0), Dim::unknown()}));
    body.addArgument(Type::unrankedTensor(DType(t)));
    body.addArgument(Type::tensor(DType(t), {}));
  }
  body.addArgument(Type::tensor(DType::Float32, {Dim::of(min(s0, s1) * 2 + 1), Dim::of(mod(s0, sym.getConstant(3)))}));
  body.addArgument(Type::symInt());
  body.addArgument(Type::symInt(s0 * s1));
  body.addArgument(Type::symFloat());
  body.addArgument(Type::symBool());
  body.addArgument(Type::none());
  body.addArgument(Type::opaque("torch.Generator"));
  std::unique_ptr<Module> parsed = roundTrip(module);
  ASSERT_TRUE(parsed);
  std::optional<SymExpr> p1 = parsed->getSymContext().lookupSymbol("s1");
  ASSERT_TRUE(p1);
  EXPECT_EQ(parsed->getSymContext().getSymbolRange(*p1), (SymRange{SymRange::kNegInf, 64}));
  EXPECT_NE(print(module).find("ir.symbols = {s0 = #ir.range<-oo, oo>, s1 = #ir.range<-oo, 64>}"),
            std::string::npos);
}

TEST(PrinterParserTest, RegionsAndMultiResultOpsRoundTrip) {
  Module module;
  Builder b(module);
  Block &body = Module::getGraphBody(module.addGraph("main"));
  Type t = Type::tensor(DType::Float32, {4});
  Value *x = body.addArgument(t, "x");
  b.setInsertionPointToEnd(&body);
  Operation *split = b.create("aten.split", {x}, {t, t, t});
  split->getResult(0)->setName("parts");
  Operation *cond = b.create("aten.cond", {split->getResult(2)}, {t, t}, {}, 2);
  for (unsigned r = 0; r != 2; ++r) {
    Block *block = cond->getRegion(r).addBlock();
    Value *arg = block->addArgument(t, "a");
    InsertionGuard guard(b);
    b.setInsertionPointToEnd(block);
    Operation *inner = b.create("t.inner", {arg, split->getResult(1), x}, {t});
    b.createReturn({inner->getResult(0), arg});
  }
  // A region with no blocks, one with an empty block, one with two blocks.
  Operation *shapes = b.create("t.shapes", {}, {}, {}, 3);
  shapes->getRegion(1).addBlock();
  Block *first = shapes->getRegion(2).addBlock();
  Block *second = shapes->getRegion(2).addBlock();
  second->addArgument(t);
  b.setInsertionPointToEnd(first);
  b.create("t.op", {}, {});
  b.setInsertionPointToEnd(&body);
  b.createReturn({cond->getResult(1), split->getResult(0)});

  std::unique_ptr<Module> parsed = roundTrip(module);
  ASSERT_TRUE(parsed);
  std::string text = print(module);
  EXPECT_NE(text.find("%parts:3 = \"aten.split\"(%x)"), std::string::npos) << text;
  EXPECT_NE(text.find("%0:2 = \"aten.cond\"(%parts#2) ({"), std::string::npos) << text;
  EXPECT_NE(text.find("\"t.inner\"(%a, %parts#1, %x)"), std::string::npos) << text;
  EXPECT_NE(text.find("\"ir.return\"(%0#1, %parts#0)"), std::string::npos) << text;
}

TEST(PrinterParserTest, ProvenanceRoundTrips) {
  Module module;
  Builder b(module);
  b.setInsertionPointToEnd(&Module::getGraphBody(module.addGraph("main")));
  b.setProvenance(Provenance::make("plain"));
  b.create("t.a", {}, {});
  b.setProvenance(Provenance::make(
      "add_1", {{"stack_trace", "File \"m.py\", line 3, in forward\n    x = a + b\t\\"},
                {"nn_module_stack", "{'L__self__': ('', 'M')}"},
                {"not a bare-id", ""},
                {"unicode", "\xc3\xa9\xe2\x82\xac"}}));
  b.create("t.b", {}, {});
  b.setProvenance(Provenance::make(""));
  b.create("t.c", {}, {});
  b.setProvenance(nullptr);
  b.create("t.d", {}, {});
  ASSERT_TRUE(roundTrip(module));
  std::string text = print(module);
  EXPECT_NE(text.find("loc(\"plain\")"), std::string::npos);
  EXPECT_NE(text.find("stack_trace = \"File \\22m.py\\22, line 3, in forward\\0A    x = a + "
                      "b\\09\\\\\""),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"not a bare-id\" = \"\""), std::string::npos);

  std::string noLoc;
  llvm::raw_string_ostream os(noLoc);
  PrintOptions options;
  options.printProvenance = false;
  printModule(module, os, options);
  EXPECT_EQ(noLoc.find("loc("), std::string::npos);
}

//===----------------------------------------------------------------------===//
// Weights
//===----------------------------------------------------------------------===//

TEST(PrinterParserTest, WeightsAreElidedOrPrintedAsResources) {
  Module module;
  Builder b(module);
  b.setInsertionPointToEnd(&Module::getGraphBody(module.addGraph("main")));
  std::vector<uint8_t> data = {0, 0, 128, 63, 0, 0, 0, 64};
  module.addWeight("fc.weight", WeightData::copyOf(DType::Float32, {2}, data));
  module.addWeight("0.bias", WeightData::copyOf(DType::Int8, {3}, {1, 2, 255}));
  module.addWeight("unused", WeightData::copyOf(DType::Int8, {1}, {7}));
  WeightData elided;
  elided.dtype = DType::Float16;
  elided.shape = {5};
  module.addWeight("elided w", elided);
  b.createWeightRef("fc.weight", Type::tensor(DType::Float32, {2}));
  b.createWeightRef("0.bias", Type::tensor(DType::Int8, {3}));
  b.createWeightRef("elided w", Type::tensor(DType::Float16, {5}));

  std::string text = print(module);
  EXPECT_NE(text.find("dense_resource<fc.weight> : tensor<2xf32>"), std::string::npos);
  EXPECT_NE(text.find("dense_resource<_$0.bias> : tensor<3xi8>"), std::string::npos) << text;
  EXPECT_NE(text.find("dense_resource<_$elided$20w> : tensor<5xf16>"), std::string::npos);
  EXPECT_EQ(text.find("{-#"), std::string::npos);

  // Referenced weights with data, in the module's order, after the module.
  std::string withData = print(module, /*printWeights=*/true);
  size_t section = withData.find("{-#");
  ASSERT_NE(section, std::string::npos);
  EXPECT_EQ(withData.substr(section), "{-#\n"
                                      "  dialect_resources: {\n"
                                      "    builtin: {\n"
                                      "      fc.weight: \"0x040000000000803F00000040\",\n"
                                      "      _$0.bias: \"0x010000000102FF\"\n"
                                      "    }\n"
                                      "  }\n"
                                      "#-}\n");

  // With data: bytes come back, in the module's order.
  std::unique_ptr<Module> full = roundTrip(module, /*printWeights=*/true);
  ASSERT_TRUE(full);
  ASSERT_EQ(full->getWeights().size(), 3u);
  EXPECT_EQ(full->getWeights()[0].first, "fc.weight");
  EXPECT_EQ(full->getWeights()[1].first, "0.bias");
  EXPECT_EQ(full->getWeights()[2].first, "elided w");
  const WeightData *fc = full->lookupWeight("fc.weight");
  EXPECT_EQ(std::vector<uint8_t>(fc->bytes.begin(), fc->bytes.end()), data);
  EXPECT_EQ(fc->dtype, DType::Float32);
  EXPECT_FALSE(full->lookupWeight("elided w")->hasData());
  EXPECT_EQ(full->lookupWeight("unused"), nullptr);

  // Without: every referenced weight is registered, with its type and no
  // bytes.
  std::unique_ptr<Module> refs = roundTrip(module);
  ASSERT_TRUE(refs);
  const WeightData *bias = refs->lookupWeight("0.bias");
  ASSERT_TRUE(bias);
  EXPECT_FALSE(bias->hasData());
  EXPECT_EQ(bias->dtype, DType::Int8);
  EXPECT_EQ(bias->shape, (llvm::SmallVector<int64_t, 4>{3}));
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

TEST(PrinterParserTest, ValueNamesAreSanitizedAndUniquedPerScope) {
  Module module;
  Builder b(module);
  Type t = Type::tensor(DType::Float32, {4});
  Block &main = Module::getGraphBody(module.addGraph("main"));
  Value *x = main.addArgument(t, "x");
  main.addArgument(t, "x");       // duplicate
  main.addArgument(t, "1st");     // leading digit
  main.addArgument(t, "a b#c");   // invalid characters
  main.addArgument(t, "x_1");     // collides with the first renaming
  main.addArgument(t);            // anonymous
  b.setInsertionPointToEnd(&main);
  Operation *region = b.create("t.region", {}, {t}, {}, 2);
  region->getResult(0)->setName("r");
  for (unsigned i = 0; i != 2; ++i) {
    Block *block = region->getRegion(i).addBlock();
    block->addArgument(t, "x"); // shadows the graph's x: renamed
    block->addArgument(t, "y"); // siblings may both use y
    InsertionGuard guard(b);
    b.setInsertionPointToEnd(block);
    b.createReturn({x});
  }
  Block &other = Module::getGraphBody(module.addGraph("other"));
  other.addArgument(t, "x"); // another graph: no clash

  std::string text = print(module);
  EXPECT_NE(text.find("^bb0(%x: tensor<4xf32>, %x_1: tensor<4xf32>, %_1st: tensor<4xf32>, "
                      "%a_b_c: tensor<4xf32>, %x_1_1: tensor<4xf32>, %0: tensor<4xf32>):"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("^bb0(%x_2: tensor<4xf32>, %y: tensor<4xf32>):"), std::string::npos);
  EXPECT_NE(text.find("^bb0(%x_3: tensor<4xf32>, %y: tensor<4xf32>):"), std::string::npos);
  EXPECT_NE(text.find("  ^bb0(%x: tensor<4xf32>):\n  }) {sym_name = \"other\"}"),
            std::string::npos)
      << text;

  // The printed names are what the parser gives back, and what it prints.
  std::unique_ptr<Module> parsed = parse(text);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(Module::getGraphBody(parsed->lookupGraph("main")).getArgument(4)->getName(),
            "x_1_1");
  EXPECT_TRUE(Module::getGraphBody(parsed->lookupGraph("main")).getArgument(5)->getName().empty());
  EXPECT_EQ(print(*parsed), text);
  // mlir-opt rejects redefining a visible name; so does the parser.
  EXPECT_NE(parseError(inGraph("%x: none", "    %x = \"t.a\"() : () -> none\n")), "");
}

TEST(PrinterParserTest, PrintOperationNamesOperandsAsInTheModule) {
  Module module;
  Builder b(module);
  Type t = Type::tensor(DType::Float32, {4});
  Block &main = Module::getGraphBody(module.addGraph("main"));
  Value *x = main.addArgument(t, "x");
  b.setInsertionPointToEnd(&main);
  Value *anon = b.create("t.a", {x}, {t})->getResult(0);
  Operation *op = b.create("t.b", {anon, x}, {t});
  op->getResult(0)->setName("out");
  std::string text;
  llvm::raw_string_ostream os(text);
  printOperation(*op, os);
  EXPECT_EQ(text, "%out = \"t.b\"(%0, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n");
}

//===----------------------------------------------------------------------===//
// Parsing what the printer does not write
//===----------------------------------------------------------------------===//

TEST(PrinterParserTest, ForwardReferencesResolveToTheirDefinition) {
  std::unique_ptr<Module> module =
      parse(inGraph("%x: none", "    %a = \"t.use\"(%b, %c#1) : (none, none) -> none\n"
                                "    %b = \"t.def\"() : () -> none\n"
                                "    %c:2 = \"t.def2\"() : () -> (none, none)\n"));
  ASSERT_TRUE(module);
  Block &body = Module::getGraphBody(module->lookupGraph("main"));
  Operation *use = body.front();
  Operation *defB = use->getNextNode();
  Operation *defC = defB->getNextNode();
  EXPECT_EQ(use->getOperand(0), defB->getResult(0));
  EXPECT_EQ(use->getOperand(1), defC->getResult(1));
  EXPECT_EQ(defC->getResult(0)->getName(), "c");

  // Anonymous values used before their definition keep their numbers.
  std::string numbered =
      inGraph("%x: none", "    %0 = \"t.use\"(%1, %2#1, %x) : (none, none, none) -> none\n"
                          "    %1 = \"t.def\"() : () -> none\n"
                          "    %2:2 = \"t.def2\"() : () -> (none, none)\n"
                          "    %4 = \"t.after\"(%2#0, %0) : (none, none) -> none\n"
                          "    \"ir.return\"(%4, %1) : (none, none) -> ()\n");
  std::unique_ptr<Module> parsed = parse(numbered);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(print(*parsed), numbered);
}

TEST(PrinterParserTest, RepeatedDictionariesAndTypesReadAsWritten) {
  // Ops that repeat the dictionary or the function type of the op before
  // them, with ops in between that differ, or sit in a nested region.
  std::unique_ptr<Module> module = parse(inGraph(
      "%x: tensor<2xf32>",
      "    %a = \"t.op\"(%x) {k = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    %b = \"t.op\"(%a) {k = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    %c = \"t.op\"(%b) {k = 1 : i64, m = 2 : i64} : (tensor<2xf32>) -> tensor<2xi64>\n"
      "    %d = \"t.op\"(%c) {k = 1 : i64} : (tensor<2xi64>) -> tensor<2xf32>\n"
      "    %e = \"t.region\"(%d) ({\n"
      "      %f = \"t.op\"(%d) {k = 2 : i64} : (tensor<2xf32>) -> none\n"
      "      \"ir.return\"(%f) : (none) -> ()\n"
      "    }) {k = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    %g = \"t.op\"(%e) {k = 1 : i64} : (tensor<2xf32>) -> none\n"
      "    %h = \"t.op\"(%g) {k = 1 : i64} : (none) -> none\n"
      "    %i = \"t.op\"(%h) : (none) -> none\n"
      "    \"ir.return\"(%i) : (none) -> ()\n"));
  ASSERT_TRUE(module);
  std::vector<std::string> seen;
  for (Operation &op : Module::getGraphBody(module->lookupGraph("main"))) {
    std::string line;
    llvm::raw_string_ostream os(line);
    for (const NamedAttribute &attr : op.getAttrs())
      os << attr.name << '=' << attr.value.getInt() << ' ';
    for (unsigned i = 0; i != op.getNumOperands(); ++i)
      os << op.getOperand(i)->getType() << ' ';
    os << "->";
    for (const OpResult &result : op.getResults())
      os << ' ' << result.getType();
    seen.push_back(os.str());
  }
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "k=1 tensor<2xf32> -> tensor<2xf32>",
                      "k=1 tensor<2xf32> -> tensor<2xf32>",
                      "k=1 m=2 tensor<2xf32> -> tensor<2xi64>",
                      "k=1 tensor<2xi64> -> tensor<2xf32>",
                      "k=1 tensor<2xf32> -> tensor<2xf32>",
                      "k=1 tensor<2xf32> -> none",
                      "k=1 none -> none",
                      "none -> none",
                      "none ->",
                  }));
  Operation *region = module->lookupGraph("main")->getRegion(0).front().front();
  for (int i = 0; i != 4; ++i)
    region = region->getNextNode();
  EXPECT_EQ(region->getRegion(0).front().front()->getAttr("k")->getInt(), 2);
}

TEST(PrinterParserTest, AcceptsMLIRSpellingsItDoesNotPrint) {
  std::unique_ptr<Module> module = parse(inGraph(
      "%x: tensor<?xf32>",
      "    \"t.a\"() {u = unit, i = 3, f = 2.5, h = 0x3FF0000000000000 : f64, "
      "d = dense<[1.0, 2.5]> : tensor<2xf32>, s = dense<\"0x0000803F\"> : tensor<2xf32>} : "
      "() -> () loc(unknown)\n"));
  ASSERT_TRUE(module);
  Operation *op = Module::getGraphBody(module->lookupGraph("main")).front();
  EXPECT_TRUE(op->getAttr("u")->isUnit());
  EXPECT_EQ(op->getAttr("i")->getInt(), 3);
  EXPECT_EQ(op->getAttr("f")->getFloat(), 2.5);
  EXPECT_EQ(op->getAttr("h")->getFloat(), 1.0);
  EXPECT_EQ(op->getAttr("d")->getDense().bytes, (std::vector<uint8_t>{0, 0, 128, 63, 0, 0, 32, 64}));
  EXPECT_EQ(op->getAttr("s")->getDense().bytes, (std::vector<uint8_t>{0, 0, 128, 63, 0, 0, 128, 63}));
  EXPECT_EQ(op->getProvenance(), nullptr);
  // Without an encoding, a dynamic dim is unknown.
  EXPECT_TRUE(Module::getGraphBody(module->lookupGraph("main"))
                  .getArgument(0)
                  ->getType()
                  .getShape()[0]
                  .isUnknown());
}

TEST(PrinterParserTest, ErrorsNameTheLineAndColumn) {
  struct Case {
    std::string text;
    std::string error;
  };
  std::string module = "\"ir.module\"() ({\n}) : () -> ()\n";
  std::vector<Case> cases = {
      {"", "t.mlir:1:1: error: expected the \"ir.module\" operation"},
      {"\"ir.module\"() ({", "t.mlir:1:17: error: expected '}' at the end of the region"},
      {inGraph("%x: none", "    \"t.a\"(%x : (none) -> ()\n"),
       "t.mlir:4:14: error: expected ')' in operand list"},
      {inGraph("%x: none", "    \"t.a\"(%y) : (none) -> ()\n"),
       "t.mlir:4:11: error: use of undefined value '%y'"},
      {inGraph("%x: tensor<2xf13>", ""), "t.mlir:3:21: error: unknown element type 'f13'"},
      {inGraph("%x: tensor<?xf32, \"s0 +\">", ""),
       "t.mlir:3:26: error: invalid symbolic expression: "},
      {inGraph("%x: none", "    %x = \"t.a\"() : () -> none\n"),
       "t.mlir:4:5: error: redefinition of value '%x'"},
      {inGraph("%x: none", "    \"t.a\"(%x) : (tensor<2xf32>) -> ()\n"),
       "t.mlir:4:11: error: '%x' has type none, but this use expects tensor<2xf32>"},
      {inGraph("%x: none", "    \"t.a\"(%x, %x) : (none) -> ()\n"),
       "t.mlir:4:21: error: expected 2 operand types but had 1"},
      {inGraph("%x: none", "    %a:2 = \"t.a\"() : () -> none\n"),
       "t.mlir:4:5: error: operation defines 1 results but was provided 2 to bind"},
      {inGraph("%x: none", "    \"t.a\"() {a = 1 : i64, a = 2 : i64} : () -> ()\n"),
       "t.mlir:4:27: error: duplicate attribute 'a'"},
      {inGraph("%x: none", "    \"t.a\"() {a = \"\\q\"} : () -> ()\n"),
       "t.mlir:4:19: error: unknown escape in string literal"},
      {inGraph("%x: none", "    \"t.a\"() {a = dense<[1, 2]> : tensor<3xi8>} : () -> ()\n"),
       "t.mlir:4:24: error: dense literal has 2 elements in dimension 0, but tensor<3xi8> has 3"},
      {inGraph("%x: none", "    \"t.a\"() {a = dense<[300]> : tensor<1xi8>} : () -> ()\n"),
       "t.mlir:4:25: error: integer out of range for tensor<1xi8>"},
      {inGraph("%x: none", "    \"t.a\"() {a = #foo.bar<1>} : () -> ()\n"),
       "t.mlir:4:18: error: unknown attribute '#foo.bar'"},
      {inGraph("%x: f32", ""),
       "t.mlir:3:12: error: 'f32' is an element type; values have tensor, !torch.* or none types "
       "(write tensor<f32>)"},
      {module + "trailing", "t.mlir:3:1: error: expected end of input after the module"},
      {module + "{-#\n  dialect_resources: {\n    builtin: {\n      w: \"0x04\"\n    }\n  }\n#-}",
       ""}, // data for no reference is dropped
      {inGraph("%x: none",
               "    \"ir.constant\"() {value = dense_resource<w> : tensor<2xf32>} : () -> ()\n") +
           "{-#\n  dialect_resources: {\n    builtin: {\n      w: \"0x0400000000\"\n    }\n  }\n#-}",
       "t.mlir:10:10: error: resource 'w' has 1 bytes, but its type tensor<2xf32> needs 8"},
  };
  for (const Case &c : cases) {
    std::string error = parseError(c.text);
    if (c.error.empty())
      EXPECT_EQ(error, "") << c.text;
    else
      EXPECT_EQ(error.substr(0, c.error.size()), c.error) << c.text;
  }
}

/// Text that is one part of a larger file (a case of a split input file)
/// reports lines of that file: counting starts at `firstLine`, columns are
/// unchanged.
TEST(PrinterParserTest, ErrorsCountLinesFromTheFirstLineGiven) {
  std::string text = inGraph("%x: none", "    \"t.a\"(%y) : (none) -> ()\n");
  llvm::Expected<std::unique_ptr<Module>> module = parseModule(text, "t.mlir", /*firstLine=*/20);
  ASSERT_FALSE(module);
  EXPECT_EQ(llvm::toString(module.takeError()),
            "t.mlir:23:11: error: use of undefined value '%y'");
}

//===----------------------------------------------------------------------===//
// Scale and robustness
//===----------------------------------------------------------------------===//

/// A module of `numOps` ops over every attribute kind, with nested regions
/// and weights holding data.
std::unique_ptr<Module> buildLargeModule(unsigned numOps) {
  auto module = std::make_unique<Module>();
  SymExpr s0 = module->getSymContext().getSymbol("s0");
  Type t = Type::tensor(DType::Float32, {Dim::of(s0), 8});
  Builder b(*module);
  Block &body = Module::getGraphBody(module->addGraph("main"));
  Value *prev = body.addArgument(t, "x");
  b.setInsertionPointToEnd(&body);
  std::mt19937 rng(7);
  for (unsigned i = 0; i != numOps; ++i) {
    b.setProvenance(Provenance::make("node_" + std::to_string(i),
                                     {{"stack_trace", "line " + std::to_string(i) + "\n\"x\""}}));
    switch (i % 5) {
    case 0: {
      std::string name = "w." + std::to_string(i);
      DenseElements data = denseOf(DType::Float32, {8}, rng);
      module->addWeight(name, WeightData::copyOf(DType::Float32, {8}, data.bytes));
      Value *w = b.createWeightRef(name, Type::tensor(DType::Float32, {8}));
      prev = b.create("aten.add.Tensor", {prev, w}, {t}, {{"alpha", Attribute::integer(i)}})
                 ->getResult(0);
      break;
    }
    case 1:
      prev = b.create("aten.mul.Scalar", {prev}, {t},
                      {{"other", Attribute::floating(i * 0.1)},
                       {"dims", Attribute::intList({int64_t(i), -1})},
                       {"names", Attribute::stringList({"a", std::to_string(i)})}})
                 ->getResult(0);
      prev->setName(i % 2 ? "mul" + std::to_string(i) : "");
      break;
    case 2: {
      Value *c = b.createConstant(denseOf(DType(i % kNumDTypes), {2, 2}, rng));
      Operation *op = b.create("t.pair", {prev, c}, {t, Type::symInt(s0 + i)},
                               {{"sym", Attribute::sym(s0 * int64_t(i))},
                                {"dt", Attribute::dtype(DType(i % kNumDTypes))}});
      prev = op->getResult(0);
      break;
    }
    case 3: {
      Operation *op = b.create("aten.cond", {prev}, {t}, {}, 2);
      for (unsigned r = 0; r != 2; ++r) {
        Block *block = op->getRegion(r).addBlock();
        Value *arg = block->addArgument(t, "arg");
        InsertionGuard guard(b);
        b.setInsertionPointToEnd(block);
        b.createReturn({b.create("t.inner", {arg, prev}, {t})->getResult(0)});
      }
      prev = op->getResult(0);
      break;
    }
    default:
      prev = b.create("t.list", {prev}, {t},
                      {{"l", Attribute::list({Attribute::unit(), Attribute::boolean(i % 2),
                                              Attribute::type(t)})}})
                 ->getResult(0);
      break;
    }
  }
  b.createReturn({prev});
  return module;
}

TEST(PrinterParserTest, LargeModuleRoundTripsByteIdentically) {
  std::unique_ptr<Module> module = buildLargeModule(10000);
  std::unique_ptr<Module> parsed = roundTrip(*module, /*printWeights=*/true);
  ASSERT_TRUE(parsed);
  ASSERT_EQ(parsed->getWeights().size(), module->getWeights().size());
  for (size_t i = 0; i != module->getWeights().size(); ++i) {
    const auto &[name, w] = module->getWeights()[i];
    EXPECT_EQ(parsed->getWeights()[i].first, name);
    EXPECT_EQ(parsed->getWeights()[i].second.bytes, w.bytes);
  }
}

TEST(PrinterParserTest, MutatedInputNeverCrashes) {
  std::unique_ptr<Module> module = buildLargeModule(12);
  std::string base = print(*module, /*printWeights=*/true);
  auto check = [](const std::string &text) {
    llvm::Expected<std::unique_ptr<Module>> parsed = parseModule(text, "fuzz.mlir");
    if (!parsed) {
      std::string message = llvm::toString(parsed.takeError());
      EXPECT_EQ(message.rfind("fuzz.mlir:", 0), 0u) << message;
      return;
    }
    // What parses prints, and reads back to the same text.
    std::string printed = print(**parsed, true);
    std::unique_ptr<Module> again = parse(printed);
    ASSERT_TRUE(again) << text;
    EXPECT_EQ(print(*again, true), printed);
  };
  for (size_t i = 0; i <= base.size(); i += 7)
    check(base.substr(0, i));
  std::mt19937 rng(1234);
  const char interesting[] = "\"\\%#^{}()[]<>,:=-x?*!0123456789afsox \n";
  for (int iter = 0; iter != 3000; ++iter) {
    std::string text = base;
    for (int k = 0, n = 1 + rng() % 3; k != n; ++k) {
      size_t pos = rng() % text.size();
      switch (rng() % 4) {
      case 0:
        text[pos] = interesting[rng() % (sizeof(interesting) - 1)];
        break;
      case 1:
        text.insert(pos, 1, interesting[rng() % (sizeof(interesting) - 1)]);
        break;
      case 2:
        text.erase(pos, 1 + rng() % 8);
        break;
      default:
        text[pos] = char(rng());
        break;
      }
    }
    check(text);
  }
  // Deep nesting is an error, not a stack overflow.
  std::string deep = inGraph("%x: none", "    \"t.a\"() {a = " + std::string(100000, '[') +
                                             "} : () -> ()\n");
  EXPECT_NE(parseError(deep).find("nested too deeply"), std::string::npos);
  std::string regions = "\"ir.module\"() (";
  for (int i = 0; i != 10000; ++i)
    regions += "{\"t.a\"() (";
  EXPECT_NE(parseError(regions).find("nested too deeply"), std::string::npos);
}

} // namespace
