//===- AxisTest.cpp - Axes counted from the end ----------------------------===//
//
// The positions torch and ONNX give to axes of a tensor of rank r: negative
// ones count from the end, anything outside [-r, r) is refused.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Axis.h"

#include <gtest/gtest.h>

using pt2onnx::numerics::normalizeAxis;

namespace {

TEST(Axis, NonNegativeAxesAreTheirPosition) {
  EXPECT_EQ(normalizeAxis(0, 3), 0);
  EXPECT_EQ(normalizeAxis(2, 3), 2);
}

TEST(Axis, NegativeAxesCountFromTheEnd) {
  EXPECT_EQ(normalizeAxis(-1, 3), 2);
  EXPECT_EQ(normalizeAxis(-3, 3), 0);
}

TEST(Axis, OutOfRangeAxesAreRefused) {
  EXPECT_EQ(normalizeAxis(3, 3), std::nullopt);
  EXPECT_EQ(normalizeAxis(-4, 3), std::nullopt);
  EXPECT_EQ(normalizeAxis(0, 0), std::nullopt);
}

} // namespace
