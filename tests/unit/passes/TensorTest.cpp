//===- TensorTest.cpp - The evaluator's tensors and conversions ------------===//

#include "passes/eval/Evaluator.h"

#include "llvm/ADT/APFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace pt2onnx;
using namespace pt2onnx::passes::eval;

namespace {

float floatOfBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

/// `f` rounded to `sem` by LLVM's APFloat (nearest, ties to even).
uint16_t reference(float f, const llvm::fltSemantics &sem) {
  llvm::APFloat a(f);
  bool lost;
  a.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return uint16_t(a.bitcastToAPInt().getZExtValue());
}

TEST(TensorTest, HalfConversionRoundsLikeAPFloat) {
  // A sweep of float bit patterns; the ties are tested below.
  for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 4099) {
    float f = floatOfBits(uint32_t(bits));
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(halfToFloat(floatToHalf(f))));
      continue;
    }
    ASSERT_EQ(floatToHalf(f), reference(f, llvm::APFloat::IEEEhalf())) << f;
  }
}

TEST(TensorTest, HalfValuesRoundTripAndTiesGoToEven) {
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    float f = halfToFloat(uint16_t(h));
    if (std::isnan(f))
      continue;
    EXPECT_EQ(floatToHalf(f), h);
    EXPECT_EQ(reference(f, llvm::APFloat::IEEEhalf()), h);
    if ((h & 0x7fff) >= 0x7c00)
      continue;
    // The midpoint to the next half away from zero, and the floats beside it.
    float next = halfToFloat(uint16_t(h + 1));
    float mid = float((double(f) + double(next)) / 2);
    for (float x : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 2 * mid)})
      ASSERT_EQ(floatToHalf(x), reference(x, llvm::APFloat::IEEEhalf())) << x;
  }
}

TEST(TensorTest, BFloat16ConversionRoundsLikeAPFloat) {
  for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 4099) {
    float f = floatOfBits(uint32_t(bits));
    if (std::isnan(f)) {
      EXPECT_EQ(floatToBFloat16(f), 0x7fc0);
      continue;
    }
    ASSERT_EQ(floatToBFloat16(f), reference(f, llvm::APFloat::BFloat())) << f;
    EXPECT_EQ(floatToBFloat16(bfloat16ToFloat(floatToBFloat16(f))), floatToBFloat16(f));
  }
}

TEST(TensorTest, WritingConvertsAsACast) {
  Tensor i8 = Tensor::create(ir::DType::Int8, {2});
  i8.setInt(0, 200);
  i8.setInt(1, -129);
  EXPECT_EQ(i8.getInt(0), -56);
  EXPECT_EQ(i8.getInt(1), 127);
  Tensor f32 = Tensor::create(ir::DType::Float32, {1});
  f32.setInt(0, (int64_t(1) << 24) + 1); // one rounding, to even
  EXPECT_EQ(f32.getDouble(0), 16777216.0);
  Tensor b = Tensor::create(ir::DType::Bool, {2});
  b.setDouble(0, NAN);
  b.setDouble(1, -0.0);
  EXPECT_EQ(b.getInt(0), 1);
  EXPECT_EQ(b.getInt(1), 0);
}

TEST(TensorTest, CastsDeclineUndefinedFloatToIntegerConversions) {
  Tensor f = Tensor::create(ir::DType::Float32, {2});
  f.setDouble(0, -1.5);
  f.setDouble(1, 255.9);
  std::optional<Tensor> i32 = castTo(f, ir::DType::Int32);
  ASSERT_TRUE(i32);
  EXPECT_EQ(i32->getInt(0), -1);
  EXPECT_EQ(i32->getInt(1), 255);
  EXPECT_FALSE(castTo(f, ir::DType::UInt8)); // -1.5 truncates to -1
  f.setDouble(0, 0.5);
  EXPECT_TRUE(castTo(f, ir::DType::UInt8));
  f.setDouble(0, INFINITY);
  EXPECT_FALSE(castTo(f, ir::DType::Int64));
  EXPECT_FALSE(castTo(f, ir::DType::Complex64));
}

TEST(TensorTest, BroadcastingAndStridedCopies) {
  std::optional<Shape> s = broadcastShapes({{2, 1, 3}, {4, 1}, {}});
  ASSERT_TRUE(s);
  EXPECT_EQ(*s, Shape({2, 4, 3}));
  EXPECT_FALSE(broadcastShapes({{2, 3}, {3, 2}}));
  EXPECT_EQ(broadcastIndices({2, 1}, {2, 3}), (std::vector<int64_t>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(broadcastIndices({3}, {2, 3}), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));

  Tensor t = Tensor::create(ir::DType::Int16, {2, 3});
  for (int64_t i = 0; i != 6; ++i)
    t.setInt(i, i);
  // The transpose, then the second column reversed.
  Tensor tt = copyStrided(t, {3, 2}, {1, 3}, 0);
  std::vector<int64_t> got;
  for (int64_t i = 0; i != 6; ++i)
    got.push_back(tt.getInt(i));
  EXPECT_EQ(got, (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  Tensor rev = copyStrided(t, {2}, {-3}, 4);
  EXPECT_EQ(rev.getInt(0), 4);
  EXPECT_EQ(rev.getInt(1), 1);
}

TEST(TensorTest, PromotionFollowsTorchResultType) {
  auto operand = [](ir::DType t, bool zeroDim, bool wrapped) {
    return ScalarOrTensor{Tensor::create(t, zeroDim ? Shape{} : Shape{2}), wrapped};
  };
  auto promote = [&](ScalarOrTensor a, ScalarOrTensor b) { return promoteOperands({&a, &b}); };
  using ir::DType;
  EXPECT_EQ(promote(operand(DType::Int32, false, false), operand(DType::Float64, false, true)),
            DType::Float32);
  EXPECT_EQ(promote(operand(DType::Float16, false, false), operand(DType::Float64, true, false)),
            DType::Float16);
  EXPECT_EQ(promote(operand(DType::Int32, false, false), operand(DType::Float64, true, false)),
            DType::Float64);
  EXPECT_EQ(promote(operand(DType::UInt8, false, false), operand(DType::Int64, false, true)),
            DType::UInt8);
  EXPECT_EQ(promote(operand(DType::UInt8, false, false), operand(DType::Int8, false, false)),
            DType::Int16);
  EXPECT_EQ(promote(operand(DType::Bool, false, false), operand(DType::Int64, false, true)),
            DType::Int64);
  EXPECT_EQ(promote(operand(DType::Float16, false, false), operand(DType::BFloat16, false, false)),
            DType::Float32);
  EXPECT_FALSE(promote(operand(DType::UInt32, false, false), operand(DType::Int8, false, false)));
}

} // namespace
