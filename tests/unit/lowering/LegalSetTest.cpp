//===- LegalSetTest.cpp - The decomposition layer's legal set --------------===//
//
// The composite overloads the lowering takes whole (passes/decompose/
// KeptWhole.cpp) are one list that the lowering rules and the decompositions
// agree with: a composite overload has a lowering rule only if it is listed,
// a listed one has a rule, and no overload both decomposes and has a rule
// (the decomposition would run first and the rule never). Every functional
// Core ATen overload lowers, decomposes, or has the reason it is refused
// (lowering/Refusals.cpp: gradient ops, memory layout queries, ...), so that a program of Core ATen ops either
// converts or is refused with a reason the user can act on.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/Refusals.h"
#include "passes/decompose/Decompositions.h"

#include "ir/schema/OpTable.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pt2onnx;

namespace {

bool isComposite(llvm::StringRef key) {
  const schema::OpSchema *op = schema::lookupOp(key);
  return op && op->isCompositeImplicit() && !op->hasTag(schema::OpTag::core);
}

TEST(LegalSet, CompositeRulesAreListedAsKeptWhole) {
  std::vector<std::string> unlisted;
  for (const lowering::LoweringRule *rule : lowering::LoweringRegistry::get().getRules())
    if (isComposite(rule->overload) && !passes::isKeptWhole(rule->overload))
      unlisted.push_back(rule->overload.str());
  EXPECT_THAT(unlisted, testing::IsEmpty());
}

TEST(LegalSet, KeptWholeOpsAreCompositesWithRules) {
  std::vector<std::string> wrong;
  for (llvm::StringRef key : passes::getKeptWholeOps())
    if (!isComposite(key) || !lowering::LoweringRegistry::get().lookup(key))
      wrong.push_back(key.str());
  EXPECT_THAT(wrong, testing::IsEmpty());
  EXPECT_TRUE(passes::isKeptWhole("aten.layer_norm.default"));
  EXPECT_FALSE(passes::isKeptWhole("aten.add.Tensor"));
}

TEST(LegalSet, DecomposedOpsHaveNoRule) {
  std::vector<std::string> both;
  for (const auto &entry : passes::getDecompositions())
    if (lowering::LoweringRegistry::get().lookup(entry.getKey()))
      both.push_back(entry.getKey().str());
  EXPECT_THAT(both, testing::IsEmpty());
}

TEST(LegalSet, CoreAtenOverloadsLowerOrSayWhyNot) {
  std::vector<std::string> silent;
  for (llvm::StringRef key : schema::allOpKeys()) {
    const schema::OpSchema *op = schema::lookupOp(key);
    if (!op || !op->hasTag(schema::OpTag::core) || op->isMutating())
      continue;
    if (!lowering::LoweringRegistry::get().lookup(key) && !passes::getDecompositions().lookup(key) &&
        lowering::missingRuleReason(key) == "no lowering rule")
      silent.push_back(key.str());
  }
  EXPECT_THAT(silent, testing::IsEmpty());
}

} // namespace
