//===- DecompositionsTest.cpp - The decomposition table and its aliases ----===//
//
// Every key of the decomposition table is a real overload, registered once;
// every alias takes its target's arguments (same names, types and defaults,
// in order, the target's extra trailing arguments defaulted; the IR passes
// arguments by name, so keyword-only or not does not matter) and returns what it does,
// so renaming one into the other changes no value.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

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

} // namespace
