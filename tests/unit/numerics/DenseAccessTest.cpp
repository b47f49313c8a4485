//===- DenseAccessTest.cpp - Typed elements of dense buffers --------------===//
//
// The float16/bfloat16 conversions against LLVM's APFloat over a sweep of
// float bit patterns and every half, and against the bits torch stores
// (promotion_vectors.json, "rounding"); element reads and writes of every
// numeric dtype.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/DenseAccess.h"

#include "llvm/ADT/APFloat.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>

using namespace pt2onnx;
using namespace pt2onnx::numerics;
using ir::DType;
using json = nlohmann::json;

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

TEST(DenseAccess, HalfConversionRoundsLikeAPFloat) {
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

TEST(DenseAccess, HalfValuesRoundTripAndTiesGoToEven) {
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

TEST(DenseAccess, BFloat16ConversionRoundsLikeAPFloat) {
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

double parseValue(const std::string &s) {
  if (s == "nan")
    return NAN;
  if (s == "inf")
    return INFINITY;
  if (s == "-inf")
    return -INFINITY;
  return std::stod(s);
}

TEST(DenseAccess, WritesTheBitsTorchStores) {
  std::ifstream in(std::string(PT2ONNX_TEST_DATA_DIR) + "/numerics/promotion_vectors.json");
  json v = json::parse(in);
  ASSERT_FALSE(v["rounding"].empty());
  for (const json &c : v["rounding"]) {
    double value = parseValue(c["value"].get<std::string>());
    for (DType t : {DType::Float16, DType::BFloat16}) {
      std::string name = ir::getTorchName(t).str();
      const json &want = c[name];
      uint8_t bytes[2];
      writeDouble(t, bytes, 0, value);
      uint16_t bits;
      std::memcpy(&bits, bytes, 2);
      EXPECT_EQ(bits, want["from_float64"].get<uint16_t>()) << c["value"] << name;
      writeDouble(t, bytes, 0, double(float(value)));
      std::memcpy(&bits, bytes, 2);
      EXPECT_EQ(bits, want["from_float32"].get<uint16_t>()) << c["value"] << name;
      double read = readDouble(t, bytes, 0), expected = parseValue(want["read"].get<std::string>());
      if (std::isnan(expected))
        EXPECT_TRUE(std::isnan(read)) << c["value"];
      else
        EXPECT_EQ(read, expected) << c["value"] << name;
    }
  }
}

TEST(DenseAccess, IntegersWrapAndFloatsConvertAsCasts) {
  uint8_t i8[2];
  writeInt(DType::Int8, i8, 0, 200);
  writeInt(DType::Int8, i8, 1, -129);
  EXPECT_EQ(readInt(DType::Int8, i8, 0), -56);
  EXPECT_EQ(readInt(DType::Int8, i8, 1), 127);
  uint8_t u32[4];
  writeDouble(DType::UInt32, u32, 0, -1.9); // truncated to -1, wrapped
  EXPECT_EQ(readInt(DType::UInt32, u32, 0), 4294967295);
  float f32;
  writeInt(DType::Float32, reinterpret_cast<uint8_t *>(&f32), 0, (int64_t(1) << 24) + 1);
  EXPECT_EQ(f32, 16777216.0f); // one rounding, to even
  uint8_t b[2];
  writeDouble(DType::Bool, b, 0, NAN);
  writeDouble(DType::Bool, b, 1, -0.0);
  EXPECT_EQ(readInt(DType::Bool, b, 0), 1);
  EXPECT_EQ(readDouble(DType::Bool, b, 1), 0.0);
  uint8_t u64[8];
  writeInt(DType::UInt64, u64, 0, -1);
  EXPECT_EQ(readInt(DType::UInt64, u64, 0), -1);
  EXPECT_EQ(readDouble(DType::UInt64, u64, 0), 18446744073709551615.0);
}

TEST(DenseAccess, DenseLiteralsOfEveryNumericDType) {
  for (unsigned k = 0; k != ir::kNumDTypes; ++k) {
    auto t = DType(k);
    if (!hasNumericElements(t)) {
      EXPECT_TRUE(ir::isComplex(t) || ir::getDTypeSize(t) == 1) << ir::getTorchName(t).str();
      continue;
    }
    ir::DenseElements d = makeDense(t, {2, 2}, {0, 1, 2, 100});
    ASSERT_EQ(d.bytes.size(), 4 * ir::getDTypeSize(t));
    EXPECT_EQ(d.shape, (llvm::SmallVector<int64_t, 4>{2, 2}));
    EXPECT_EQ(readDouble(t, d.bytes.data(), 3), t == DType::Bool ? 1.0 : 100.0);
    ir::DenseElements i = makeDenseInt(t, {3}, {-1, 0, 7});
    EXPECT_EQ(readDouble(t, i.bytes.data(), 2), t == DType::Bool ? 1.0 : 7.0);
    EXPECT_EQ(readDouble(t, i.bytes.data(), 1), 0.0);
  }
}

TEST(DenseAccess, BulkAccessIsElementAccess) {
  const double values[] = {-2.5, 0.1, 1e10, 65519.0, -0.0, 3.0};
  for (unsigned k = 0; k != ir::kNumDTypes; ++k) {
    auto t = DType(k);
    if (!hasNumericElements(t) || t == DType::UInt64)
      continue;
    std::vector<uint8_t> bulk(8 * ir::getDTypeSize(t)), single(bulk.size());
    writeDoubles(t, bulk.data(), 1, values);
    for (unsigned i = 0; i != 6; ++i)
      writeDouble(t, single.data(), 1 + i, values[i]);
    EXPECT_EQ(bulk, single) << ir::getTorchName(t).str();
    double read[4];
    readDoubles(t, bulk.data(), 3, read);
    for (unsigned i = 0; i != 4; ++i)
      EXPECT_EQ(read[i], readDouble(t, bulk.data(), 3 + i)) << ir::getTorchName(t).str();
  }
}

} // namespace
