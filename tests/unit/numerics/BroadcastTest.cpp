//===- BroadcastTest.cpp - Broadcasting of static and symbolic shapes -----===//
//
// Static shapes against torch.broadcast_shapes (promotion_vectors.json,
// "broadcast"); symbolic dims by their ranges.
//
//===----------------------------------------------------------------------===//

#include "ir/numerics/Broadcast.h"

#include "ir/SymExpr.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <fstream>

using namespace pt2onnx;
using namespace pt2onnx::numerics;
using ir::Dim;
using json = nlohmann::json;

namespace {

TEST(Broadcast, StaticShapesMatchTorch) {
  std::ifstream in(std::string(PT2ONNX_TEST_DATA_DIR) + "/numerics/promotion_vectors.json");
  json v = json::parse(in);
  ASSERT_FALSE(v["broadcast"].empty());
  for (const json &c : v["broadcast"]) {
    std::vector<std::vector<int64_t>> shapes = c["shapes"].get<std::vector<std::vector<int64_t>>>();
    llvm::SmallVector<llvm::ArrayRef<int64_t>, 3> refs(shapes.begin(), shapes.end());
    llvm::Expected<llvm::SmallVector<int64_t, 4>> got = broadcastShapes(refs);
    if (c["result"].is_string()) {
      ASSERT_FALSE(got) << c["shapes"];
      EXPECT_NE(llvm::toString(got.takeError()).find("cannot broadcast dims"), std::string::npos);
      continue;
    }
    ASSERT_TRUE(bool(got)) << c["shapes"] << llvm::toString(got.takeError());
    std::vector<int64_t> want = c["result"].get<std::vector<int64_t>>();
    EXPECT_EQ(std::vector<int64_t>(got->begin(), got->end()), want) << c["shapes"];
  }
}

TEST(Broadcast, IndicesRepeatTheStretchedDims) {
  EXPECT_EQ(broadcastIndices({2, 1}, {2, 3}), (std::vector<int64_t>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(broadcastIndices({3}, {2, 3}), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(broadcastIndices({}, {2}), (std::vector<int64_t>{0, 0}));
  EXPECT_TRUE(broadcastIndices({1}, {0}).empty());
}

TEST(Broadcast, SymbolicDimsUseTheirRanges) {
  ir::SymContext ctx;
  ir::SymExpr s0 = ctx.getSymbol("s0"), s1 = ctx.getSymbol("s1");
  ir::SymExpr big = ctx.getSymbol("big"), alsoBig = ctx.getSymbol("also_big");
  ctx.setRange(s0, {0, 100});
  ctx.setRange(s1, {1, 100});
  ctx.setRange(big, {2, 100});
  ctx.setRange(alsoBig, {1, 50});
  auto dim = [](llvm::Expected<Dim> d) {
    EXPECT_TRUE(bool(d));
    return d ? *d : Dim::unknown();
  };
  EXPECT_EQ(dim(broadcastDims(Dim(1), Dim::of(s0))), Dim::of(s0));
  EXPECT_EQ(dim(broadcastDims(Dim(4), Dim::of(s0))), Dim(4));
  EXPECT_EQ(dim(broadcastDims(Dim::unknown(), Dim(4))), Dim(4));
  // A dim that cannot be 1 is the result; two that may be are their max.
  EXPECT_EQ(dim(broadcastDims(Dim::of(s0), Dim::of(big))), Dim::of(big));
  EXPECT_EQ(dim(broadcastDims(Dim::of(s1), Dim::of(alsoBig))), Dim::of(ir::max(s1, alsoBig)));
  EXPECT_TRUE(dim(broadcastDims(Dim::of(s0), Dim::of(s1))).isUnknown());
  EXPECT_TRUE(dim(broadcastDims(Dim::unknown(), Dim::of(s1))).isUnknown());

  llvm::Expected<Dim> bad = broadcastDims(Dim(2), Dim(3));
  ASSERT_FALSE(bad);
  EXPECT_EQ(llvm::toString(bad.takeError()), "cannot broadcast dims 2 and 3");

  llvm::Expected<llvm::SmallVector<Dim, 4>> shape =
      broadcastShapes(llvm::ArrayRef<Dim>{Dim::of(big), Dim(1)}, llvm::ArrayRef<Dim>{Dim(5)});
  ASSERT_TRUE(bool(shape));
  EXPECT_EQ(*shape, (llvm::SmallVector<Dim, 4>{Dim::of(big), Dim(5)}));
  llvm::Expected<llvm::SmallVector<Dim, 4>> mismatch =
      broadcastShapes(llvm::ArrayRef<Dim>{Dim(2), Dim(3)}, llvm::ArrayRef<Dim>{Dim(4), Dim(3)});
  ASSERT_FALSE(mismatch);
  EXPECT_EQ(llvm::toString(mismatch.takeError()), "cannot broadcast dims 2 and 4");
}

} // namespace
