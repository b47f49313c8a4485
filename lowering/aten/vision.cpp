//===- vision.cpp - torchvision's detection ops -----------------------------===//
//
// torchvision registers its detection ops in the `torchvision` namespace;
// three have an ONNX op with torchvision's semantics, which ONNX Runtime's
// CPU provider runs on float32:
//
//   nms(dets [N, 4], scores [N], iou_threshold)  NonMaxSuppression over one
//       batch and one class, every box kept that no higher-scoring kept box
//       overlaps by more than the threshold; the kept boxes' indices by
//       decreasing score ([K], K data-dependent). Boxes are (x1, y1, x2,
//       y2) with x1 <= x2 and y1 <= y2, as torchvision requires.
//   roi_align(input, rois [K, 5], ...)  RoiAlign (average), the batch index
//       in the first column of the rois; `aligned` is the half_pixel
//       coordinate mode, its absence output_half_pixel; a sampling_ratio of
//       0 or less is ONNX's adaptive 0.
//   roi_pool(input, rois [K, 5], ...)  MaxRoiPool, when the program does not
//       use the argmax output (ONNX has none).
//
// roi_align and roi_pool stop at opset 21: ONNX Runtime has no kernel for
// RoiAlign-22 and MaxRoiPool-22.
//
// `import torchvision` inside forward leaves `_cuda_version` calls, a query
// of how torchvision was built, in the program: unused, they lower to
// nothing.
//
// deform_conv2d has ONNX's DeformConv, which ONNX Runtime does not run: it
// is refused (Refusals.cpp).
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// Fails unless `v` is float32, the one dtype ONNX Runtime runs the
/// detection ops on.
bool isFloat32(RuleContext &ctx, Value *v, llvm::StringRef what) {
  DType t = v->getType().getDType();
  if (t == DType::Float32)
    return true;
  ctx.fail(llvm::Twine(what) + " of " + getTorchName(t) +
           " is not supported: ONNX Runtime runs it on float32 only");
  return false;
}

ValueList lowerNms(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *boxes = ctx.tensor("dets");
  Value *scores = ctx.tensor("scores");
  if (!isFloat32(ctx, boxes, "nms") || !isFloat32(ctx, scores, "nms"))
    return {};
  if (ctx.rankOf(boxes) != 2 || ctx.rankOf(scores) != 1)
    return ctx.fail("nms needs boxes [N, 4] and scores [N]");
  // One batch of boxes, one class of scores.
  Value *batchedBoxes = b.unsqueeze(boxes, {0});
  Value *batchedScores = b.unsqueeze(scores, {0, 1});
  Value *maxKept = b.i64s({std::numeric_limits<int32_t>::max()});
  Value *threshold = b.scalar(DType::Float32, ctx.getFloat("iou_threshold"));
  ir::Dim kept = ctx.resultType().getShape()[0];
  Value *selected =
      b.op("NonMaxSuppression", {batchedBoxes, batchedScores, maxKept, threshold},
           ir::Type::tensor(DType::Int64, {kept, ir::Dim(3)}));
  // Each selected row is (batch, class, box).
  Value *boxColumn = b.i64(2);
  return {b.op("Gather", {selected, boxColumn}, ctx.resultType(), {{"axis", Attribute::integer(1)}})};
}

/// The rois [K, 5] split into their batch indices [K] (int64) and boxes
/// [K, 4].
std::pair<Value *, Value *> splitRois(RuleContext &ctx, Value *rois) {
  OnnxBuilder &b = ctx.b;
  ir::Dim count = rois->getType().getShape()[0];
  Value *first = b.i64(0);
  Value *batch = b.cast(b.gather(rois, first, 1), DType::Int64);
  Value *start = b.i64s({1});
  Value *end = b.i64s({5});
  Value *axis = b.i64s({1});
  Value *boxes = b.slice(rois, start, end, axis, nullptr,
                         rois->getType().withShape({count, ir::Dim(4)}));
  return {batch, boxes};
}

ValueList lowerRoiAlign(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("input");
  Value *rois = ctx.tensor("rois");
  if (!isFloat32(ctx, x, "roi_align") || !isFloat32(ctx, rois, "roi_align"))
    return {};
  if (ctx.rankOf(x) != 4 || ctx.rankOf(rois) != 2)
    return ctx.fail("roi_align needs an input [N, C, H, W] and rois [K, 5]");
  auto [batch, boxes] = splitRois(ctx, rois);
  int64_t sampling = ctx.getInt("sampling_ratio");
  bool aligned = ctx.getBool("aligned");
  return {b.op("RoiAlign", {x, boxes, batch}, ctx.resultType(),
               {{"coordinate_transformation_mode",
                 Attribute::string(aligned ? "half_pixel" : "output_half_pixel")},
                {"mode", Attribute::string("avg")},
                {"output_height", Attribute::integer(ctx.getInt("pooled_height"))},
                {"output_width", Attribute::integer(ctx.getInt("pooled_width"))},
                {"sampling_ratio", Attribute::integer(std::max<int64_t>(sampling, 0))},
                {"spatial_scale", Attribute::floating(ctx.getFloat("spatial_scale"))}})};
}

ValueList lowerRoiPool(RuleContext &ctx) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("input");
  Value *rois = ctx.tensor("rois");
  if (!isFloat32(ctx, x, "roi_pool") || !isFloat32(ctx, rois, "roi_pool"))
    return {};
  if (ctx.rankOf(x) != 4 || ctx.rankOf(rois) != 2)
    return ctx.fail("roi_pool needs an input [N, C, H, W] and rois [K, 5]");
  if (!ctx.getOp()->getResult(1)->use_empty())
    return ctx.fail("roi_pool's argmax output has no ONNX form (MaxRoiPool gives the maxima only)");
  int64_t height = ctx.getInt("pooled_height"), width = ctx.getInt("pooled_width");
  Value *pooled = b.op("MaxRoiPool", {x, rois}, ctx.resultType(0),
                       {{"pooled_shape", Attribute::intList({height, width})},
                        {"spatial_scale", Attribute::floating(ctx.getFloat("spatial_scale"))}});
  // The unused argmax: a placeholder of the right count.
  return {pooled, b.none()};
}

ValueList lowerCudaVersion(RuleContext &ctx) {
  if (!ctx.getOp()->getResult(0)->use_empty())
    return ctx.fail("the program uses torchvision's CUDA version, which the model cannot know");
  return {ctx.b.none()};
}

} // namespace

void registerVisionLowerings(LoweringRegistry &r) {
  r.add("torchvision._cuda_version.default", lowerCudaVersion);
  r.add("torchvision.nms.default", lowerNms);
  // ONNX Runtime (1.23) has no kernel for RoiAlign-22 and MaxRoiPool-22.
  r.add("torchvision.roi_align.default", lowerRoiAlign, {ir::kMinOnnxOpset, 21});
  r.add("torchvision.roi_pool.default", lowerRoiPool, {ir::kMinOnnxOpset, 21});
}

} // namespace pt2onnx::lowering
