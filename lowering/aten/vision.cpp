//===- vision.cpp - torchvision's detection ops ------------------------------===//
//
// torchvision registers its ops with the dispatcher (`torchvision::nms`,
// `torchvision::roi_align`), and torch.export keeps them as such. Those with
// an ONNX op of the same definition are lowered to it:
//
//   roi_align  RoiAlign (average), the rois [K, 5] split into the batch index
//              and the box; aligned=True is the half_pixel coordinate mode,
//              aligned=False output_half_pixel (boxes at least 1 wide)
//   ps_roi_align
//              RoiAlign (half_pixel) of every channel, each bin keeping the
//              channel its position reads
//   roi_pool   MaxRoiPool, which reads the rois as torchvision gives them
//   nms        NonMaxSuppression of one batch and class, keeping every box
//              that no higher-scored kept box overlaps by more than the IoU
//              threshold, in decreasing score order: the box indices are the
//              last column of its selection
//
// RoiAlign and MaxRoiPool stop at opset 21: ONNX Runtime (1.23) has no
// kernel for their opset-22 forms. `import torchvision` inside forward leaves
// `_cuda_version` calls, a query of how torchvision was built, in the
// program: unused, they lower to nothing. deform_conv2d has ONNX's
// DeformConv, which ONNX Runtime does not run: it is refused (Refusals.cpp).
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

/// RoiAlign (average) of `x` at torchvision's rois [K, 5], split into the
/// batch index and the box; null after failing the rule.
Value *emitRoiAlign(RuleContext &ctx, Value *x, Value *rois, int64_t height, int64_t width,
                    bool aligned) {
  if (ctx.rankOf(x) != 4 || ctx.rankOf(rois) != 2 || rois->getType().getShape()[1] != ir::Dim(5)) {
    ctx.fail("RoI align needs a 4-D input and rois of [K, 5] (batch index, x1, y1, x2, y2)");
    return nullptr;
  }
  OnnxBuilder &b = ctx.b;
  DType dtype = x->getType().getDType();
  const ir::Dim &count = rois->getType().getShape()[0];
  rois = b.cast(rois, dtype);
  Value *batch = b.slice(rois, b.i64s({0}), b.i64s({1}), b.i64s({1}), nullptr,
                         ir::Type::tensor(dtype, {count, ir::Dim(1)}));
  Value *indices = b.cast(b.squeeze(batch, {1}), DType::Int64);
  Value *boxes = b.slice(rois, b.i64s({1}), b.i64s({5}), b.i64s({1}), nullptr,
                         ir::Type::tensor(dtype, {count, ir::Dim(4)}));
  const ir::Dim &channels = x->getType().getShape()[1];
  return b.op(
      "RoiAlign", {x, boxes, indices},
      ir::Type::tensor(dtype, {count, channels, ir::Dim(height), ir::Dim(width)}),
      {{"coordinate_transformation_mode",
        Attribute::string(aligned ? "half_pixel" : "output_half_pixel")},
       {"mode", Attribute::string("avg")},
       {"output_height", Attribute::integer(height)},
       {"output_width", Attribute::integer(width)},
       {"sampling_ratio", Attribute::integer(std::max<int64_t>(ctx.getInt("sampling_ratio"), 0))},
       {"spatial_scale", Attribute::floating(ctx.getFloat("spatial_scale"))}});
}

// torchvision.roi_align.default(input, rois, spatial_scale, pooled_height,
// pooled_width, sampling_ratio, aligned)
ValueList lowerRoiAlign(RuleContext &ctx) {
  IntArg height = ctx.intArg("pooled_height"), width = ctx.intArg("pooled_width");
  if (!height.isConstant() || !width.isConstant())
    return ctx.fail("roi_align needs a static pooled size");
  Value *r = emitRoiAlign(ctx, ctx.tensor("input"), ctx.tensor("rois"), *height.constant,
                          *width.constant, ctx.getBool("aligned"));
  if (!r)
    return {};
  r->setType(ctx.resultType());
  return {r};
}

// torchvision.ps_roi_align.default(input, rois, spatial_scale, pooled_height,
// pooled_width, sampling_ratio) -> (output, channel_mapping): position-
// sensitive RoI align, bin (ph, pw) of output channel c averaging input
// channel (c * PH + ph) * PW + pw, sampled as roi_align with aligned=True
// samples. That is RoiAlign (half_pixel) of every input channel, of which
// each bin keeps its own channel: [K, C, PH * PW, PH * PW] gathered at the
// diagonal. With adaptive sampling, the bins of a box with no samples are
// NaN, as torchvision's average of none. The channel_mapping result must be
// unused.
ValueList lowerPsRoiAlign(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *rois = ctx.tensor("rois");
  IntArg height = ctx.intArg("pooled_height"), width = ctx.intArg("pooled_width");
  if (!height.isConstant() || !width.isConstant())
    return ctx.fail("ps_roi_align needs a static pooled size");
  if (!ctx.getOp()->getResult(1)->use_empty())
    return ctx.fail("ps_roi_align's channel_mapping result is not supported; use only the values");
  ir::Type type = ctx.resultType();
  if (ctx.rankOf(x) != 4 || !type.isRanked() || type.getRank() != 4 ||
      !type.getShape()[1].isStatic())
    return ctx.fail("ps_roi_align needs a 4-D input and a static number of output channels");
  int64_t bins = *height.constant * *width.constant;
  int64_t channels = type.getShape()[1].getSize();
  Value *all = emitRoiAlign(ctx, x, rois, *height.constant, *width.constant, true);
  if (!all)
    return {};
  OnnxBuilder &b = ctx.b;
  Value *grouped = b.reshape(all, llvm::ArrayRef<int64_t>{0, channels, bins * bins});
  std::vector<int64_t> diagonal;
  for (int64_t i = 0; i < bins; ++i)
    diagonal.push_back(i * bins + i);
  Value *own = b.gather(grouped, b.constant(makeDenseInt(DType::Int64, {bins}, diagonal)), 2);
  Value *result = b.reshape(own, b.i64s({0, channels, *height.constant, *width.constant}), type);
  if (ctx.getInt("sampling_ratio") <= 0) {
    // torchvision averages over ceil(size / bins) samples per bin and dim,
    // without the floor of 1 roi_align has: a box of no height or width
    // (or reversed by less than a bin) gives 0 / 0.
    DType dtype = type.getDType();
    Value *scale = b.scalar(dtype, ctx.getFloat("spatial_scale"));
    Value *half = b.scalar(dtype, 0.5);
    Value *boxes = b.cast(rois, dtype);
    auto coordinate = [&](int64_t column) {
      Value *c = b.gather(boxes, b.i64(column), 1);
      return b.binary("Sub", b.binary("Mul", c, scale), half);
    };
    auto empty = [&](int64_t low, int64_t high, int64_t pooled) {
      Value *size = b.binary("Sub", coordinate(high), coordinate(low));
      Value *samples = b.unary("Ceil", b.binary("Div", size, b.scalar(dtype, double(pooled))));
      return b.compare("Equal", samples, b.scalar(dtype, 0.0));
    };
    Value *nan = b.binary("Or", empty(2, 4, *height.constant), empty(1, 3, *width.constant));
    result = b.where(b.unsqueeze(nan, {1, 2, 3}),
                     b.scalar(dtype, std::numeric_limits<double>::quiet_NaN()), result);
    result->setType(type);
  }
  // Unused: any value of its type.
  return {result, b.cast(result, ctx.resultDType(1))};
}

// torchvision.roi_pool.default(input, rois, spatial_scale, pooled_height,
// pooled_width) -> (output, argmax): MaxRoiPool, which takes the rois as
// torchvision gives them ([K, 5], the batch index first) and pools as it
// does (box corners rounded after scaling, bins floor/ceil of the box
// divided evenly, an empty bin 0). The argmax result must be unused.
ValueList lowerRoiPool(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *rois = ctx.tensor("rois");
  IntArg height = ctx.intArg("pooled_height"), width = ctx.intArg("pooled_width");
  if (!height.isConstant() || !width.isConstant())
    return ctx.fail("roi_pool needs a static pooled size");
  if (!ctx.getOp()->getResult(1)->use_empty())
    return ctx.fail("roi_pool's argmax result is not supported; use only the pooled values");
  if (ctx.rankOf(x) != 4 || ctx.rankOf(rois) != 2 || rois->getType().getShape()[1] != ir::Dim(5))
    return ctx.fail("roi_pool needs a 4-D input and rois of [K, 5] (batch index, x1, y1, x2, y2)");
  OnnxBuilder &b = ctx.b;
  Value *pooled = b.op("MaxRoiPool", {x, b.cast(rois, x->getType().getDType())}, ctx.resultType(),
                       {{"pooled_shape", Attribute::intList({*height.constant, *width.constant})},
                        {"spatial_scale", Attribute::floating(ctx.getFloat("spatial_scale"))}});
  // Unused: any value of its type.
  return {pooled, b.cast(pooled, ctx.resultDType(1))};
}

// torchvision.nms.default(dets, scores, iou_threshold): dets [N, 4] as
// (x1, y1, x2, y2), scores [N]
ValueList lowerNms(RuleContext &ctx) {
  Value *boxes = ctx.tensor("dets");
  Value *scores = ctx.tensor("scores");
  if (ctx.rankOf(boxes) != 2 || ctx.rankOf(scores) != 1)
    return ctx.fail("nms needs boxes [N, 4] and scores [N]");
  OnnxBuilder &b = ctx.b;
  DType dtype = boxes->getType().getDType();
  if (dtype != DType::Float32 || scores->getType().getDType() != DType::Float32)
    return ctx.fail("nms is lowered for float32 boxes and scores");
  Value *count = b.unsqueeze(b.dimSize(boxes, 0), {0});
  Value *selected =
      b.op("NonMaxSuppression",
           {b.unsqueeze(boxes, {0}), b.unsqueeze(scores, {0, 1}), count,
            b.constant(makeDense(DType::Float32, {1},
                                 llvm::ArrayRef<double>{ctx.getFloat("iou_threshold")}))},
           ir::Type::tensor(DType::Int64, {ctx.resultType().getShape()[0], ir::Dim(3)}),
           {{"center_point_box", Attribute::integer(0)}});
  Value *kept = b.gather(selected, b.i64(2), 1);
  kept->setType(ctx.resultType());
  return {kept};
}

// torchvision._cuda_version.default(): unused, nothing.
ValueList lowerCudaVersion(RuleContext &ctx) {
  if (!ctx.getOp()->getResult(0)->use_empty())
    return ctx.fail("the program uses torchvision's CUDA version, which the model cannot know");
  return {ctx.b.none()};
}

} // namespace

void registerVisionLowerings(LoweringRegistry &r) {
  // ONNX Runtime (1.23) has no kernel for RoiAlign-22 and MaxRoiPool-22.
  const OpsetRange upTo21{ir::kMinOnnxOpset, 21};
  r.add("torchvision._cuda_version.default", lowerCudaVersion);
  r.add("torchvision.nms.default", lowerNms);
  r.add("torchvision.ps_roi_align.default", lowerPsRoiAlign, upTo21);
  r.add("torchvision.roi_align.default", lowerRoiAlign, upTo21);
  r.add("torchvision.roi_pool.default", lowerRoiPool, upTo21);
}

} // namespace pt2onnx::lowering
