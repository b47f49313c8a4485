//===- OpTableTest.cpp - The generated op table and its schemas -----------===//
//
// Every entry of the checked-in table parses; the facts the importer and the
// registries rely on (argument kinds and defaults, mutation, views, twins,
// tags, CIA) read as torch states them; unknown keys are reported with real
// suggestions; OpKeyedMap reports unknown and duplicate keys.
//
//===----------------------------------------------------------------------===//

#include "ir/schema/OpTable.h"
#include "ir/schema/OpKeyedMap.h"

#include "llvm/ADT/StringExtras.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::schema;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

const OpSchema &op(StringRef key) {
  const OpSchema *found = lookupOp(key);
  EXPECT_NE(found, nullptr) << key.str();
  static const OpSchema none = OpSchema::withoutSchema("none.none", OpOrigin::Symbolic);
  return found ? *found : none;
}

TEST(OpTable, EveryEntryParses) {
  size_t overloads = 0;
  for (StringRef key : allOpKeys()) {
    const OpSchema *entry = lookupOp(key);
    ASSERT_NE(entry, nullptr) << key.str();
    EXPECT_EQ(entry->getKey(), key);
    if (!entry->hasSchema())
      continue;
    ++overloads;
    Expected<OpSchema> reparsed = OpSchema::parse(key, entry->getSchemaString());
    ASSERT_TRUE(bool(reparsed)) << toString(reparsed.takeError());
    for (const SchemaArgument &arg : entry->getArguments())
      EXPECT_FALSE(arg.name.empty()) << key.str();
  }
  EXPECT_GT(overloads, 3000u);
}

TEST(OpTable, KeysAreSortedAndUnique) {
  ArrayRef<StringLiteral> keys = allOpKeys();
  for (size_t i = 1; i < keys.size(); ++i)
    EXPECT_LT(StringRef(keys[i - 1]), StringRef(keys[i]));
}

TEST(OpTable, AddTensorAlphaIsKeywordOnlyScalarDefaultingToOne) {
  const OpSchema &add = op("aten.add.Tensor");
  EXPECT_EQ(add.getNamespace(), "aten");
  EXPECT_EQ(add.getName(), "add");
  EXPECT_EQ(add.getOverload(), "Tensor");
  ASSERT_EQ(add.getArguments().size(), 3u);
  const SchemaArgument *alpha = add.argument("alpha");
  ASSERT_NE(alpha, nullptr);
  EXPECT_EQ(add.argumentIndex("alpha"), 2u);
  EXPECT_TRUE(alpha->kwargOnly);
  EXPECT_EQ(alpha->type.base, BaseType::Scalar);
  EXPECT_FALSE(alpha->type.optional);
  EXPECT_EQ(alpha->defaultSpelling, "1");
  ASSERT_TRUE(alpha->defaultValue.has_value());
  EXPECT_EQ(alpha->defaultValue->getInt(), 1);
  EXPECT_FALSE(add.argument("other")->kwargOnly);
  EXPECT_TRUE(add.argument("other")->type.isTensor());
  EXPECT_EQ(add.argument("missing"), nullptr);
  EXPECT_TRUE(add.isFunctional());
  EXPECT_TRUE(add.hasTag(OpTag::core));
  EXPECT_TRUE(add.hasTag(OpTag::pointwise));
  EXPECT_FALSE(add.hasTag(OpTag::inplace));
  EXPECT_THAT(add.getTagNames(), ElementsAre("core", "pointwise", "pt2_compliant_tag"));
}

TEST(OpTable, InPlaceAddWritesSelfAndHasFunctionalTwin) {
  const OpSchema &add = op("aten.add_.Tensor");
  EXPECT_TRUE(add.isInPlace());
  EXPECT_TRUE(add.isMutating());
  EXPECT_TRUE(add.argument("self")->isWritten());
  EXPECT_EQ(add.argument("self")->alias->beforeSets, SmallVector<StringRef>{"a"});
  EXPECT_FALSE(add.argument("other")->isWritten());
  ASSERT_EQ(add.getReturns().size(), 1u);
  EXPECT_TRUE(add.getReturns()[0].alias->isWrite);
  EXPECT_EQ(add.getFunctionalTwinKey(), "aten.add.Tensor");
  ASSERT_NE(add.getFunctionalTwin(), nullptr);
  EXPECT_EQ(add.getFunctionalTwin()->getKey(), "aten.add.Tensor");
  EXPECT_EQ(op("aten.add.Tensor").getFunctionalTwin(), nullptr);
}

TEST(OpTable, FunctionalTwinsMatchArgumentsNotNames) {
  EXPECT_EQ(op("aten.bernoulli_.float").getFunctionalTwinKey(), "aten.bernoulli.p");
  EXPECT_EQ(op("aten.relu_.default").getFunctionalTwinKey(), "aten.relu.default");
  EXPECT_EQ(op("aten.add.out").getFunctionalTwinKey(), "aten.add.Tensor");
  EXPECT_TRUE(op("aten.add.out").isOut());
  const OpSchema &bn = op("aten._native_batch_norm_legit.default");
  EXPECT_EQ(bn.getKind(), SchemaKind::Mutable);
  EXPECT_EQ(bn.getFunctionalTwinKey(), "aten._native_batch_norm_legit_functional.default");
}

TEST(OpTable, FunctionalTwinsOfRenamedArgumentsAndAugmentedAssignments) {
  // dropout_ reads `self`, dropout `input`: the twin matches by type.
  EXPECT_EQ(op("aten.dropout_.default").getFunctionalTwinKey(), "aten.dropout.default");
  EXPECT_EQ(op("aten.__iand__.Tensor").getFunctionalTwinKey(), "aten.__and__.Tensor");
  EXPECT_EQ(op("aten.__ilshift__.Scalar").getFunctionalTwinKey(), "aten.__lshift__.Scalar");
  EXPECT_EQ(op("aten.dropout_.default").getFunctionalTwin()->getArguments().front().name,
            "input");
}

TEST(OpTable, ViewsAreReadFromAliasAnnotations) {
  const OpSchema &transpose = op("aten.transpose.int");
  EXPECT_TRUE(transpose.isView());
  EXPECT_FALSE(transpose.isMutating());
  EXPECT_FALSE(op("aten.relu.default").isView());

  const OpSchema &split = op("aten.split.Tensor");
  EXPECT_TRUE(split.isView());
  const AliasInfo &self = *split.argument("self")->alias;
  EXPECT_EQ(self.beforeSets, SmallVector<StringRef>{"a"});
  EXPECT_EQ(self.afterSets, SmallVector<StringRef>{"*"});
  ASSERT_EQ(split.getReturns().size(), 1u);
  const SchemaReturn &pieces = split.getReturns()[0];
  EXPECT_EQ(pieces.type.spelling, "Tensor(a)[]");
  EXPECT_TRUE(pieces.type.isTensorList());
  ASSERT_TRUE(pieces.alias.has_value());
  EXPECT_EQ(pieces.alias->beforeSets, SmallVector<StringRef>{"a"});
  EXPECT_FALSE(pieces.alias->isWrite);
  EXPECT_EQ(split.argument("dim")->defaultValue->getInt(), 0);
}

TEST(OpTable, CompositeAndDecompositionFlags) {
  const OpSchema &conv2d = op("aten.conv2d.default");
  EXPECT_TRUE(conv2d.isCompositeImplicit());
  EXPECT_TRUE(conv2d.hasDefaultDecomposition());
  EXPECT_FALSE(conv2d.hasTag(OpTag::core));
  EXPECT_TRUE(conv2d.argument("bias")->type.isOptionalTensor());
  EXPECT_TRUE(conv2d.argument("bias")->defaultValue->isUnit());
  const SchemaArgument *stride = conv2d.argument("stride");
  EXPECT_EQ(stride->type.base, BaseType::SymInt);
  EXPECT_TRUE(stride->type.isList);
  EXPECT_EQ(stride->type.listSize, 2u);
  EXPECT_THAT(stride->defaultValue->getIntList(), ElementsAre(1, 1));

  const OpSchema &convolution = op("aten.convolution.default");
  EXPECT_TRUE(convolution.hasTag(OpTag::core));
  EXPECT_FALSE(convolution.isCompositeImplicit());
  EXPECT_FALSE(convolution.argument("bias")->hasDefault());
}

TEST(OpTable, TypesAndDefaultsOfOtherKinds) {
  const OpSchema &index = op("aten.index.Tensor");
  const SchemaType &indices = index.argument("indices")->type;
  EXPECT_TRUE(indices.isTensorList());
  EXPECT_TRUE(indices.elementOptional);
  EXPECT_FALSE(indices.optional);

  const OpSchema &sum = op("aten.sum.dim_IntList");
  const SchemaType &dim = sum.argument("dim")->type;
  EXPECT_TRUE(dim.isIntLike() && dim.isList && dim.optional && !dim.elementOptional);
  EXPECT_TRUE(sum.argument("keepdim")->defaultValue->getBool() == false);
  EXPECT_EQ(sum.argument("dtype")->type.base, BaseType::ScalarType);

  const OpSchema &gelu = op("aten.gelu.default");
  EXPECT_EQ(gelu.argument("approximate")->defaultValue->getString(), "none");

  EXPECT_EQ(op("aten.clone.default").argument("memory_format")->type.base, BaseType::MemoryFormat);
  EXPECT_TRUE(op("aten.bernoulli.p").argument("generator")->type.optional);
  EXPECT_EQ(op("aten.leaky_relu.default").argument("negative_slope")->defaultValue->getFloat(),
            0.01);
}

TEST(OpTable, ParsesTheWholeGrammar) {
  Expected<OpSchema> parsed = OpSchema::parse(
      "ns.f.over",
      "f.over(Tensor(a! -> a|b) x, Tensor?[] ys, int[2]? size=None, *, "
      "bool[3] mask=[True, False, True], str sep=\",\", ...) -> (Tensor(a!) out, int n)");
  ASSERT_TRUE(bool(parsed)) << toString(parsed.takeError());
  EXPECT_TRUE(parsed->isVararg());
  ASSERT_EQ(parsed->getArguments().size(), 5u);
  const AliasInfo &x = *parsed->argument("x")->alias;
  EXPECT_TRUE(x.isWrite);
  EXPECT_THAT(x.afterSets, ElementsAre("a", "b"));
  EXPECT_TRUE(parsed->isInPlace());
  EXPECT_EQ(parsed->argument("size")->type.listSize, 2u);
  EXPECT_TRUE(parsed->argument("size")->type.optional);
  EXPECT_TRUE(parsed->argument("mask")->kwargOnly);
  EXPECT_EQ(parsed->argument("mask")->defaultValue->getList().size(), 3u);
  EXPECT_EQ(parsed->argument("sep")->defaultValue->getString(), ",");
  ASSERT_EQ(parsed->getReturns().size(), 2u);
  EXPECT_EQ(parsed->getReturns()[1].name, "n");
  EXPECT_EQ(parsed->getReturns()[1].type.base, BaseType::Int);

  Expected<OpSchema> nothing = OpSchema::parse("ns.g.default", "g() -> ()");
  ASSERT_TRUE(bool(nothing)) << toString(nothing.takeError());
  EXPECT_TRUE(nothing->getArguments().empty());
  EXPECT_TRUE(nothing->getReturns().empty());
}

TEST(OpTable, MalformedSchemasAreErrors) {
  for (StringRef bad : {"f(Tensor x -> Tensor", "f(Tensor x) Tensor", "f(Tensor) -> Tensor",
                        "f(Tensor[2 x) -> Tensor", "g(Tensor x) -> Tensor"}) {
    Expected<OpSchema> parsed = OpSchema::parse("ns.f.default", bad);
    ASSERT_FALSE(bool(parsed)) << bad.str();
    EXPECT_THAT(toString(parsed.takeError()), HasSubstr("ns.f.default"));
  }
}

TEST(OpTable, UnknownKeysAreReportedWithRealSuggestions) {
  EXPECT_EQ(lookupOp("aten.softsign.default"), nullptr);
  EXPECT_EQ(findOpKey("aten.softsign.default"), "");
  EXPECT_EQ(findOpKey(std::string("aten.relu.default")).data(),
            lookupOp("aten.relu.default")->getKey().data());
  Expected<const OpSchema &> softsign = resolveOp("aten.softsign.default");
  ASSERT_FALSE(bool(softsign));
  std::string message = toString(softsign.takeError());
  EXPECT_THAT(message, HasSubstr("unknown operator 'aten.softsign.default'; did you mean '"));
  for (StringRef s : suggestOpKeys("aten.softsign.default"))
    EXPECT_NE(lookupOp(s), nullptr) << s.str();
  EXPECT_FALSE(suggestOpKeys("aten.softsign.default").empty());

  // TorchScript's scalar aten::add has no kernel: no program can call it.
  EXPECT_EQ(lookupOp("aten.add.default"), nullptr);
  SmallVector<StringRef, 3> add = suggestOpKeys("aten.add.default");
  ASSERT_FALSE(add.empty());
  EXPECT_TRUE(add[0].startswith("aten.add.")) << add[0].str();

  SmallVector<StringRef, 3> relu = suggestOpKeys("aten.relu");
  ASSERT_GE(relu.size(), 2u);
  EXPECT_EQ(relu[0], "aten.relu.default");
  EXPECT_EQ(relu[1], "aten.relu.out");

  Expected<const OpSchema &> resolved = resolveOp("aten.relu.default");
  ASSERT_TRUE(bool(resolved));
  EXPECT_EQ(resolved->getKey(), "aten.relu.default");
}

TEST(OpTable, SchemalessEntries) {
  const OpSchema &cond = op("higher_order.cond");
  EXPECT_EQ(cond.getOrigin(), OpOrigin::HigherOrder);
  EXPECT_FALSE(cond.hasSchema());
  EXPECT_EQ(cond.getName(), "cond");
  EXPECT_TRUE(cond.getArguments().empty());
  EXPECT_EQ(op("operator.add").getOrigin(), OpOrigin::Symbolic);
  EXPECT_EQ(op("torch.sym_max").getOrigin(), OpOrigin::Symbolic);
  EXPECT_EQ(op("math.ceil").getOrigin(), OpOrigin::Symbolic);
  EXPECT_NE(lookupOp("higher_order.while_loop"), nullptr);
  EXPECT_NE(lookupOp("torchvision.nms.default"), nullptr);
  EXPECT_NE(lookupOp("prims.convert_element_type.default"), nullptr);
  EXPECT_NE(lookupOp("quantized_decomposed.quantize_per_tensor.default"), nullptr);
}

TEST(OpKeyedMap, ReportsUnknownAndDuplicateKeys) {
  OpKeyedMap<int> map;
  EXPECT_TRUE(map.add("aten.add.Tensor", 1));
  EXPECT_TRUE(map.add("aten.relu.default", 2));
  EXPECT_TRUE(map.checkKeys().empty());
  EXPECT_FALSE(map.add("aten.softsign.default", 3));
  EXPECT_FALSE(map.add("aten.add.Tensor", 4));
  ASSERT_EQ(map.checkKeys().size(), 2u);
  EXPECT_THAT(map.checkKeys()[0], HasSubstr("unknown operator 'aten.softsign.default'"));
  EXPECT_THAT(map.checkKeys()[0], HasSubstr("did you mean"));
  EXPECT_EQ(map.checkKeys()[1], "operator 'aten.add.Tensor' is registered twice");

  ASSERT_NE(map.lookup("aten.add.Tensor"), nullptr);
  EXPECT_EQ(*map.lookup("aten.add.Tensor"), 1);
  EXPECT_EQ(map.lookup("aten.softsign.default"), nullptr);
  EXPECT_TRUE(map.contains("aten.relu.default"));
  EXPECT_EQ(map.size(), 2u);
  SmallVector<StringRef> keys;
  for (const auto &entry : map) {
    keys.push_back(entry.getKey());
    EXPECT_EQ(entry.getOp().getKey(), entry.getKey());
  }
  EXPECT_THAT(keys, ElementsAre("aten.add.Tensor", "aten.relu.default"));
}

} // namespace
