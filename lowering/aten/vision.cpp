//===- vision.cpp - torchvision's detection ops ------------------------------===//
//
// torchvision registers its ops with the dispatcher (`torchvision::nms`,
// `torchvision::roi_align`), and torch.export keeps them as such. Those with
// an ONNX op of the same definition are lowered to it:
//
//   roi_align  RoiAlign (average), the rois [K, 5] split into the batch index
//              and the box; aligned=True is the half_pixel coordinate mode,
//              aligned=False output_half_pixel (boxes at least 1 wide)
//   roi_pool   MaxRoiPool, which reads the rois as torchvision gives them
//   nms        NonMaxSuppression of one batch and class, keeping every box
//              that no higher-scored kept box overlaps by more than the IoU
//              threshold, in decreasing score order: the box indices are the
//              last column of its selection
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

// torchvision.roi_align.default(input, rois, spatial_scale, pooled_height,
// pooled_width, sampling_ratio, aligned)
ValueList lowerRoiAlign(RuleContext &ctx) {
  Value *x = ctx.tensor("input");
  Value *rois = ctx.tensor("rois");
  IntArg height = ctx.intArg("pooled_height"), width = ctx.intArg("pooled_width");
  if (!height.isConstant() || !width.isConstant())
    return ctx.fail("roi_align needs a static pooled size");
  if (ctx.rankOf(x) != 4 || ctx.rankOf(rois) != 2 || rois->getType().getShape()[1] != ir::Dim(5))
    return ctx.fail("roi_align needs a 4-D input and rois of [K, 5] (batch index, x1, y1, x2, y2)");
  OnnxBuilder &b = ctx.b;
  DType dtype = x->getType().getDType();
  const ir::Dim &count = rois->getType().getShape()[0];
  rois = b.cast(rois, dtype);
  Value *batch = b.slice(rois, b.i64s({0}), b.i64s({1}), b.i64s({1}), nullptr,
                         ir::Type::tensor(dtype, {count, ir::Dim(1)}));
  Value *indices = b.cast(b.squeeze(batch, {1}), DType::Int64);
  Value *boxes = b.slice(rois, b.i64s({1}), b.i64s({5}), b.i64s({1}), nullptr,
                         ir::Type::tensor(dtype, {count, ir::Dim(4)}));
  bool aligned = ctx.getBool("aligned");
  return {b.op(
      "RoiAlign", {x, boxes, indices}, ctx.resultType(),
      {{"coordinate_transformation_mode",
        Attribute::string(aligned ? "half_pixel" : "output_half_pixel")},
       {"mode", Attribute::string("avg")},
       {"output_height", Attribute::integer(*height.constant)},
       {"output_width", Attribute::integer(*width.constant)},
       {"sampling_ratio", Attribute::integer(std::max<int64_t>(ctx.getInt("sampling_ratio"), 0))},
       {"spatial_scale", Attribute::floating(ctx.getFloat("spatial_scale"))}})};
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

} // namespace

void registerVisionLowerings(LoweringRegistry &r) {
  r.add("torchvision.nms.default", lowerNms);
  r.add("torchvision.roi_align.default", lowerRoiAlign);
  r.add("torchvision.roi_pool.default", lowerRoiPool);
}

} // namespace pt2onnx::lowering
