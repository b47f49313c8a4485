//===- TensorTest.cpp - The evaluator's tensors and conversions ------------===//

#include "passes/eval/Evaluator.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace pt2onnx;
using namespace pt2onnx::passes::eval;

namespace {

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

TEST(TensorTest, CastsToIntegersFoldExactlyTheValuesTheTypeHolds) {
  struct Bounds {
    ir::DType dtype;
    double lowest, highest, below, above;
  };
  for (const Bounds &b :
       {Bounds{ir::DType::Int8, -128, 127, -129, 128}, Bounds{ir::DType::UInt8, 0, 255, -1, 256},
        Bounds{ir::DType::Int16, -32768, 32767, -32769, 32768},
        Bounds{ir::DType::UInt16, 0, 65535, -1, 65536},
        Bounds{ir::DType::Int32, -2147483648.0, 2147483647.0, -2147483649.0, 2147483648.0},
        Bounds{ir::DType::UInt32, 0, 4294967295.0, -1, 4294967296.0},
        // The nearest doubles inside and outside int64.
        Bounds{ir::DType::Int64, -9223372036854775808.0, 9223372036854774784.0,
               -9223372036854777856.0, 9223372036854775808.0}}) {
    Tensor f = Tensor::create(ir::DType::Float64, {2});
    f.setDouble(0, b.lowest);
    f.setDouble(1, b.highest + 0.5);
    std::optional<Tensor> inside = castTo(f, b.dtype);
    ASSERT_TRUE(inside) << ir::getTorchName(b.dtype).str();
    EXPECT_EQ(inside->getDouble(0), b.lowest);
    EXPECT_EQ(inside->getDouble(1), b.highest);
    f.setDouble(1, b.above);
    EXPECT_FALSE(castTo(f, b.dtype)) << ir::getTorchName(b.dtype).str();
    f.setDouble(1, b.below);
    EXPECT_FALSE(castTo(f, b.dtype)) << ir::getTorchName(b.dtype).str();
  }
}

TEST(TensorTest, StridedCopies) {
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

  // 16-byte elements are moved whole.
  Tensor c = Tensor::create(ir::DType::Complex128, {3});
  for (unsigned i = 0; i != c.getBytes().size(); ++i)
    c.getMutableData()[i] = uint8_t(i);
  Tensor crev = copyStrided(c, {3}, {-1}, 2);
  for (unsigned i = 0; i != 3; ++i)
    EXPECT_EQ(crev.getBytes().slice(16 * i, 16), c.getBytes().slice(16 * (2 - i), 16));
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
