//===- TypePromotionTest.cpp - Promotion against torch's ------------------===//
//
// Each entry of promotion_vectors.json (written by make_promotion_vectors.py
// in the oracle) names two or three operands (a tensor with dims, a zero-dim
// tensor or a Python scalar) and what torch gives for them:
// torch.result_type (pairs) and elementwise_dtypes for each promotion kind.
// resultType must give torch.result_type, nullopt where torch raises or
// answers complex32; elementwiseDTypes must give elementwise_dtypes wherever
// result_type succeeds (elementwise_dtypes also accepts the uint16/32/64
// mixes result_type refuses, which ATen's kernels refuse too).
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/TypePromotion.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <fstream>

using namespace pt2onnx;
using namespace pt2onnx::numerics;
using ir::DType;
using json = nlohmann::json;

namespace {

const json &vectors() {
  static const json v = [] {
    std::ifstream in(std::string(PT2ONNX_TEST_DATA_DIR) + "/numerics/promotion_vectors.json");
    return json::parse(in);
  }();
  return v;
}

/// "int32 tensor", "float16 zerodim", "float scalar".
PromotionOperand operandOf(const std::string &label) {
  size_t space = label.find(' ');
  std::string name = label.substr(0, space), kind = label.substr(space + 1);
  if (kind == "scalar") {
    DType t = name == "bool"    ? DType::Bool
              : name == "int"   ? DType::Int64
              : name == "float" ? DType::Float64
                                : DType::Complex128;
    return {t, PromotionPriority::WrappedNumber};
  }
  std::optional<DType> t = ir::parseTorchName(name);
  EXPECT_TRUE(t) << label;
  return {t.value_or(DType::Bool),
          kind == "zerodim" ? PromotionPriority::ZeroDimTensor : PromotionPriority::DimTensor};
}

/// The dtype an expected answer names; nullopt for "error" and complex32.
std::optional<DType> expectedDType(const json &v) {
  return ir::parseTorchName(v.get<std::string>());
}

const PromotionKind kKinds[] = {PromotionKind::Default,        PromotionKind::NoOpmath,
                                PromotionKind::IntToFloat,     PromotionKind::ComplexToFloat,
                                PromotionKind::BoolToLong,     PromotionKind::AlwaysBool};

TEST(TypePromotion, MatchesTorchOverTheGrid) {
  const json &v = vectors();
  ASSERT_EQ(v["kinds"].size(), std::size(kKinds));
  size_t pairs = 0;
  for (const json &e : v["promotion"]) {
    llvm::SmallVector<PromotionOperand, 3> operands;
    std::string where;
    for (const json &o : e["operands"]) {
      operands.push_back(operandOf(o.get<std::string>()));
      where += o.get<std::string>() + ", ";
    }
    std::optional<DType> got = resultType(operands);
    // Pairs check result_type; triples take elementwise_dtypes' result,
    // which equals it wherever result_type succeeds.
    bool refused = false;
    if (e.contains("result_type")) {
      ++pairs;
      std::optional<DType> want = expectedDType(e["result_type"]);
      EXPECT_EQ(got, want) << where;
      refused = !want;
    }
    for (auto [k, kind] : llvm::enumerate(kKinds)) {
      const json &want = e[v["kinds"][k].get<std::string>()];
      std::optional<ElementwiseDTypes> dtypes = elementwiseDTypes(operands, kind);
      bool unanswered = refused || want.is_string() ||
                        !expectedDType(want[0]) || !expectedDType(want[1]) ||
                        e["NO_OPMATH"].is_string() || !expectedDType(e["NO_OPMATH"][1]);
      if (unanswered) {
        EXPECT_FALSE(dtypes) << where << v["kinds"][k];
        continue;
      }
      ASSERT_TRUE(dtypes) << where << v["kinds"][k];
      EXPECT_EQ(dtypes->computation, expectedDType(want[0])) << where << v["kinds"][k];
      EXPECT_EQ(dtypes->result, expectedDType(want[1])) << where << v["kinds"][k];
    }
  }
  // Every dtype at both tensor priorities and the four scalars, paired.
  EXPECT_EQ(pairs, 34u * 34u);
}

TEST(TypePromotion, PromoteTypesAndEmptyOperands) {
  EXPECT_EQ(promoteTypes(DType::UInt8, DType::Int8), DType::Int16);
  EXPECT_EQ(promoteTypes(DType::Float16, DType::BFloat16), DType::Float32);
  EXPECT_EQ(promoteTypes(DType::Complex64, DType::Float64), DType::Complex128);
  EXPECT_EQ(promoteTypes(DType::UInt32, DType::Float16), DType::Float16);
  EXPECT_FALSE(promoteTypes(DType::UInt32, DType::Int8));
  EXPECT_FALSE(promoteTypes(DType::Bool, DType::UInt16));
  EXPECT_FALSE(promoteTypes(DType::Float8E4M3FN, DType::Float8E5M2));
  EXPECT_FALSE(promoteTypes(DType::Float8E4M3FN, DType::Float32));
  EXPECT_EQ(promoteTypes(DType::Float8E5M2, DType::Float8E5M2), DType::Float8E5M2);
  EXPECT_FALSE(resultType({}));
  EXPECT_EQ(getComputationDType(DType::BFloat16), DType::Float32);
  EXPECT_EQ(getComputationDType(DType::Int8), DType::Int8);
}

} // namespace
