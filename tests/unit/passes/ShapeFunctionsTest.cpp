//===- ShapeFunctionsTest.cpp - Symbolic slice and window sizes --------------===//
//
// The size formulas shape inference uses, checked exhaustively against a
// direct count: the length of a slice (ONNX's and Python's clamping of
// out-of-range and negative bounds, negative steps) and of a sliding window
// (pads, strides, dilations, ceil mode dropping a window that would start in
// the end padding). Each formula is also applied to a symbolic dim and the
// expression evaluated at every value of the symbol's range: the symbolic
// result must be the static one. And KnownInts follows shape computations
// to the expressions a Reshape needs.
//
//===----------------------------------------------------------------------===//

#include "passes/shapes/ShapeFunctions.h"
#include "ir/Builder.h"
#include "ir/Parser.h"

#include <gtest/gtest.h>

#include <limits>

using namespace pt2onnx;
using passes::ShapeContext;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

/// Counts the elements ONNX's Slice selects from a dim of size n, index by
/// index: a negative bound counts from the end, then bounds are clamped to
/// [0, n] (positive steps) or to [0, n-1] for the start and [-1, n-1] for
/// the end (negative steps). Python agrees except for a start before the
/// beginning with a negative step (Python selects nothing, ONNX element 0).
int64_t countSlice(int64_t n, int64_t start, int64_t end, int64_t step) {
  auto resolve = [&](int64_t b, int64_t lo, int64_t hi) {
    if (b < 0)
      b = b < -n ? lo : b + n;
    return std::clamp(b, lo, hi);
  };
  int64_t count = 0;
  if (step > 0) {
    for (int64_t i = resolve(start, 0, n); i < resolve(end, 0, n); i += step)
      ++count;
  } else if (n > 0) {
    for (int64_t i = resolve(start, 0, n - 1); i > resolve(end, -1, n - 1); i += step)
      ++count;
  }
  return count;
}

/// Counts the windows of a pool: window k starts at k*stride in the padded
/// input; a window is kept when it fits (floor mode), or when it overlaps
/// the padded input and starts before the end padding (ceil mode).
int64_t countWindows(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t padBegin,
                     int64_t padEnd, bool ceilMode) {
  int64_t padded = in + padBegin + padEnd, span = dilation * (kernel - 1) + 1;
  if (padded < span)
    return 0;
  int64_t count = 0;
  for (int64_t start = 0; start < padded; start += stride) {
    bool fits = start + span <= padded;
    bool partial = start + span - stride < padded && start < in + padBegin;
    if (fits || (ceilMode && partial))
      ++count;
  }
  return count;
}

class ShapeFunctionsTest : public ::testing::Test {
protected:
  ShapeFunctionsTest() {
    ir::Builder b(module);
    b.setInsertionPointToEnd(&ir::Module::getGraphBody(module.addGraph("main")));
    op = b.create("test.op", {}, {});
    s = module.getSymContext().getSymbol("s");
    module.getSymContext().constrain(s, {1, 12});
  }

  /// Evaluates `d` with s = `value`.
  int64_t at(const ir::Dim &d, int64_t value) {
    if (d.isStatic())
      return d.getSize();
    EXPECT_TRUE(d.isSymbolic());
    std::optional<int64_t> v =
        d.getExpr().evaluate([&](ir::SymExpr) -> std::optional<int64_t> { return value; });
    EXPECT_TRUE(v.has_value());
    return v.value_or(-1);
  }

  ir::Module module;
  ir::Operation *op;
  ir::SymExpr s;
};

TEST_F(ShapeFunctionsTest, SliceLengthsMatchACount) {
  passes::KnownIntsAnalysis ints(module);
  ShapeContext ctx(*op, module, ints);
  const int64_t bounds[] = {kMin, -13, -12, -7, -5, -3, -2, -1, 0, 1, 2, 3, 5, 7, 12, 13, kMax};
  for (int64_t step : {-3, -2, -1, 1, 2, 3})
    for (int64_t start : bounds)
      for (int64_t end : bounds) {
        for (int64_t n = 0; n <= 12; ++n) {
          ir::Dim d =
              passes::sliceDim(ctx, ir::Dim(n), ctx.constant(start), ctx.constant(end), step);
          ASSERT_TRUE(d.isStatic()) << n << " " << start << " " << end << " " << step;
          EXPECT_EQ(d.getSize(), countSlice(n, start, end, step))
              << "[" << start << ":" << end << ":" << step << "] of " << n;
        }
        ir::Dim sym =
            passes::sliceDim(ctx, ir::Dim::of(s), ctx.constant(start), ctx.constant(end), step);
        ASSERT_FALSE(sym.isUnknown()) << start << " " << end << " " << step;
        for (int64_t n = 1; n <= 12; ++n)
          EXPECT_EQ(at(sym, n), countSlice(n, start, end, step))
              << "[" << start << ":" << end << ":" << step << "] of s = " << n << ": "
              << (sym.isSymbolic() ? sym.getExpr().str() : std::to_string(sym.getSize()));
      }
  EXPECT_FALSE(ctx.failed());
}

TEST_F(ShapeFunctionsTest, WindowCountsMatchACount) {
  passes::KnownIntsAnalysis ints(module);
  ShapeContext ctx(*op, module, ints);
  for (int64_t kernel : {1, 2, 3})
    for (int64_t stride : {1, 2, 3})
      for (int64_t dilation : {1, 2})
        for (int64_t padBegin : {0, 1})
          for (int64_t padEnd : {0, 1, 2})
            for (bool ceilMode : {false, true}) {
              if (padBegin >= kernel || padEnd >= kernel)
                continue; // pads are smaller than the window
              int64_t span = dilation * (kernel - 1) + 1;
              ir::Dim sym = passes::windowDim(ctx, ir::Dim::of(s), kernel, stride, dilation,
                                              padBegin, padEnd, ceilMode);
              for (int64_t in = std::max<int64_t>(1, span - padBegin - padEnd); in <= 12; ++in) {
                int64_t want =
                    countWindows(in, kernel, stride, dilation, padBegin, padEnd, ceilMode);
                ir::Dim d = passes::windowDim(ctx, ir::Dim(in), kernel, stride, dilation, padBegin,
                                              padEnd, ceilMode);
                ASSERT_TRUE(d.isStatic());
                EXPECT_EQ(d.getSize(), want)
                    << "in " << in << " kernel " << kernel << " stride " << stride << " dilation "
                    << dilation << " pads " << padBegin << "," << padEnd << " ceil " << ceilMode;
                // Ceil mode's last-window rule may not be decidable over the
                // whole range; when it is, it agrees.
                if (!sym.isUnknown()) {
                  EXPECT_EQ(at(sym, in), want) << "symbolic, in " << in;
                }
              }
            }
  EXPECT_FALSE(ctx.failed());
}

TEST_F(ShapeFunctionsTest, BroadcastOfSymbolicDims) {
  passes::KnownIntsAnalysis ints(module);
  ShapeContext ctx(*op, module, ints);
  ir::SymContext &sc = module.getSymContext();
  ir::SymExpr big = sc.getSymbol("big"), other = sc.getSymbol("other");
  sc.constrain(big, {2, 100});
  sc.constrain(other, {1, 100});
  // A dim that cannot be 1 is the result; 1 yields the other dim.
  EXPECT_EQ(ctx.broadcast(ir::Dim::of(big), ir::Dim::of(s)), ir::Dim::of(big));
  EXPECT_EQ(ctx.broadcast(ir::Dim(1), ir::Dim::of(s)), ir::Dim::of(s));
  EXPECT_EQ(ctx.broadcast(ir::Dim(7), ir::Dim::of(s)), ir::Dim(7));
  // Two dims that may each be 1: their maximum.
  EXPECT_EQ(ctx.broadcast(ir::Dim::of(other), ir::Dim::of(s)), ir::Dim::of(ir::max(other, s)));
  EXPECT_TRUE(ctx.broadcast(ir::Dim::of(s), ir::Dim::unknown()).isUnknown());
  EXPECT_FALSE(ctx.failed());
  ctx.broadcast(ir::Dim(3), ir::Dim(4));
  EXPECT_EQ(ctx.getFailure(), "cannot broadcast dims 3 and 4");
}

TEST_F(ShapeFunctionsTest, DivideExactCancelsFactors) {
  passes::KnownIntsAnalysis ints(module);
  ShapeContext ctx(*op, module, ints);
  ir::SymExpr t = module.getSymContext().getSymbol("t");
  ir::Dim in[] = {ir::Dim::of(s), ir::Dim::of(t * 2), ir::Dim(96)};
  // (s * 2t * 96) / (s * 4) = 48t
  ir::Dim by[] = {ir::Dim::of(s), ir::Dim(4)};
  EXPECT_EQ(passes::divideExact(ctx, in, by), t * 48);
  // (s * 2t * 96) / (t * 3) = 64s
  ir::Dim byT[] = {ir::Dim::of(t), ir::Dim(3)};
  EXPECT_EQ(passes::divideExact(ctx, in, byT), s * 64);
  // Unknown dims leave nothing to divide.
  ir::Dim unknown[] = {ir::Dim::unknown()};
  EXPECT_FALSE(passes::divideExact(ctx, in, unknown));
}

TEST_F(ShapeFunctionsTest, KnownIntsFollowShapeComputations) {
  auto parsed = ir::parseModule(R"(
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x6xf32, "a, b">):
    %shape = "onnx.Shape"(%x) : (tensor<?x?x6xf32, "a, b">) -> tensor<3xi64>
    %i = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %tail = "onnx.Gather"(%shape, %i) {axis = 0 : i64} : (tensor<3xi64>, tensor<2xi64>) -> tensor<2xi64>
    %two = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %half = "onnx.Div"(%tail, %two) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    %prod = "onnx.Mul"(%tail, %tail) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %neg = "onnx.Neg"(%tail) : (tensor<2xi64>) -> tensor<2xi64>
    %small = "onnx.Cast"(%neg) {to = i8} : (tensor<2xi64>) -> tensor<2xi8>
    "ir.return"(%half, %prod, %small) : (tensor<2xi64>, tensor<2xi64>, tensor<2xi8>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {a = #ir.range<1, 8>, b = #ir.range<1, 1000>}} : () -> ()
)",
                                "test.mlir");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  ir::Module &m = **parsed;
  passes::KnownIntsAnalysis ints(m);
  ir::Operation *ret = m.lookupGraph("main")->getRegion(0).front().getTerminator();
  ir::SymExpr b = *m.getSymContext().lookupSymbol("b");
  const passes::KnownInts *half = ints.lookup(ret->getOperand(0));
  ASSERT_TRUE(half);
  ASSERT_EQ(half->size(), 2u);
  // Non-negative dims divide with floor division; 6/2 folds.
  EXPECT_EQ((*half)[0], ir::floorDiv(b, m.getSymContext().getConstant(2)));
  EXPECT_EQ((*half)[1], m.getSymContext().getConstant(3));
  const passes::KnownInts *prod = ints.lookup(ret->getOperand(1));
  ASSERT_TRUE(prod);
  EXPECT_EQ((*prod)[0], b * b);
  EXPECT_EQ((*prod)[1], m.getSymContext().getConstant(36));
  // -b does not fit in int8 for every b: unknown; -6 does.
  const passes::KnownInts *small = ints.lookup(ret->getOperand(2));
  ASSERT_TRUE(small);
  EXPECT_FALSE((*small)[0]);
  EXPECT_EQ((*small)[1], m.getSymContext().getConstant(-6));
}

} // namespace
