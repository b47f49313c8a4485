"""Writes detection_vectors.json: torchvision's nms, roi_align and roi_pool (computed
by torchvision's CPU kernels) and ONNX's NonMaxSuppression, RoiAlign and MaxRoiPool
(computed by onnxruntime), for EvaluatorTest.cpp.

Run inside the oracle (torch, torchvision, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_detection_vectors.py tests/unit/passes/detection_vectors.json

The evaluator rounds every intermediate value as the kernels do, so every case
matches to the bit: random boxes and feature maps, not only exact ones.
"""

import sys

import torch
import torchvision  # noqa: F401  (registers torch.ops.torchvision)

from eval_vectors import *  # noqa: F403

torch.manual_seed(0)


def boxes(n, size=16.0, dtype=torch.float32):
    """n boxes [x1, y1, x2, y2] in [0, size], some reaching past it."""
    corner = torch.rand(n, 2) * size
    return torch.cat([corner, corner + torch.rand(n, 2) * size / 2 + 0.5], 1).to(dtype)


def rois(n, batch, size=16.0, dtype=torch.float32):
    return torch.cat([torch.randint(0, batch, (n, 1)).float(), boxes(n, size)], 1).to(dtype)


def flt(v):
    return Attr("float", v)


def ints(v):
    return Attr("ints", v)


# ---- torchvision.nms ---------------------------------------------------------

b = boxes(20, 8)
s = torch.rand(20)
for t in (0.5, 0.2, 0.0, 1.0):
    aten(f"nms_iou_{t}".replace(".", "_"), "torchvision.nms.default",
         [("dets", b), ("scores", s), ("iou_threshold", flt(t))])
aten("nms_float64", "torchvision.nms.default",
     [("dets", b.double()), ("scores", s.double()), ("iou_threshold", flt(0.3))])
# Corners given in either order: torchvision does not sort them (negative widths).
aten("nms_swapped_corners", "torchvision.nms.default",
     [("dets", b[:, [2, 3, 0, 1]]), ("scores", s), ("iou_threshold", flt(0.4))])
aten("nms_identical_boxes", "torchvision.nms.default",
     [("dets", T([[0, 0, 2, 2], [0, 0, 2, 2], [1, 1, 3, 3]])), ("scores", T([0.9, 0.8, 0.7])),
      ("iou_threshold", flt(0.5))])
aten("nms_empty", "torchvision.nms.default",
     [("dets", torch.zeros(0, 4)), ("scores", torch.zeros(0)), ("iou_threshold", flt(0.5))])
aten("nms_tied_scores", "torchvision.nms.default",
     [("dets", b[:4]), ("scores", T([0.5, 0.7, 0.5, 0.1])), ("iou_threshold", flt(0.5))], decline=True)
aten("nms_nan_score", "torchvision.nms.default",
     [("dets", b[:3]), ("scores", T([0.5, nan, 0.1])), ("iou_threshold", flt(0.5))], decline=True)

# ---- torchvision.roi_align ---------------------------------------------------

x = torch.randn(2, 2, 8, 9)
r = rois(6, 2, 12)
r[0, 1:] = torch.tensor([3.0, 3.0, 3.0, 3.0])  # empty box
r[1, 1:] = torch.tensor([-6.0, -5.0, 30.0, 28.0])  # past every edge
for aligned in (True, False):
    for ratio, scale in ((-1, 0.5), (0, 1.0), (2, 0.5), (3, 1.0)):
            aten(f"roi_align_aligned{int(aligned)}_ratio{ratio if ratio >= 0 else '_adaptive'}_scale{scale}".replace(".", "_"),
                 "torchvision.roi_align.default",
                 [("input", x), ("rois", r), ("spatial_scale", flt(scale)),
                  ("pooled_height", num(3)), ("pooled_width", num(4)),
                  ("sampling_ratio", num(ratio)), ("aligned", Attr("bool", aligned))])
aten("roi_align_float64", "torchvision.roi_align.default",
     [("input", x.double()), ("rois", r.double()), ("spatial_scale", flt(0.25)),
      ("pooled_height", num(2)), ("pooled_width", num(2)), ("sampling_ratio", num(-1)),
      ("aligned", Attr("bool", True))])
aten("roi_align_float16", "torchvision.roi_align.default",
     [("input", x.half()), ("rois", r.half()), ("spatial_scale", flt(0.5)),
      ("pooled_height", num(2)), ("pooled_width", num(3)), ("sampling_ratio", num(2)),
      ("aligned", Attr("bool", False))])
aten("roi_align_one_bin", "torchvision.roi_align.default",
     [("input", x), ("rois", r), ("spatial_scale", flt(0.7)), ("pooled_height", num(1)),
      ("pooled_width", num(1)), ("sampling_ratio", num(-1)), ("aligned", Attr("bool", True))])

# ---- torchvision.roi_pool ----------------------------------------------------

xp = torch.randn(2, 2, 9, 11)
xp[0, 1, :4, :4] = -inf  # a bin of -inf keeps -FLT_MAX and argmax -1
xp[1, 0, 2, 3] = nan  # NaN is never the maximum
rp = rois(5, 2, 12)
rp[0] = torch.tensor([0.0, 0.0, 0.0, 3.0, 3.0])
rp[1, 1:] = torch.tensor([-4.0, -3.0, 25.0, 22.0])
rp[2, 1:] = torch.tensor([5.0, 5.0, 5.0, 5.0])
for scale, pooled in ((1.0, (3, 3)), (0.5, (2, 4)), (0.6, (4, 3))):
    aten(f"roi_pool_scale{scale}_{pooled[0]}x{pooled[1]}".replace(".", "_"), "torchvision.roi_pool.default",
         [("input", xp), ("rois", rp), ("spatial_scale", flt(scale)),
          ("pooled_height", num(pooled[0])), ("pooled_width", num(pooled[1]))])
aten("roi_pool_float64", "torchvision.roi_pool.default",
     [("input", xp.double()), ("rois", rp.double()), ("spatial_scale", flt(0.5)),
      ("pooled_height", num(2)), ("pooled_width", num(2))])

# ---- onnx.NonMaxSuppression --------------------------------------------------

nb = torch.stack([boxes(10, 8), boxes(10, 8)])  # [2, 10, 4]
ns = torch.rand(2, 3, 10)
yx = nb[..., [1, 0, 3, 2]]  # [y1, x1, y2, x2]
center = torch.cat([(nb[..., :2] + nb[..., 2:]) / 2, nb[..., 2:] - nb[..., :2]], -1)
i64 = lambda v: T([v], "int64")  # noqa: E731
f32 = lambda v: T([v])  # noqa: E731
onnx_case("NonMaxSuppression_corners", "NonMaxSuppression", [yx, ns, i64(10), f32(0.4)])
onnx_case("NonMaxSuppression_center", "NonMaxSuppression", [center, ns, i64(10), f32(0.4)],
          {"center_point_box": ("int", 1)})
onnx_case("NonMaxSuppression_max_two_score_threshold", "NonMaxSuppression",
          [yx, ns, i64(2), f32(0.3), f32(0.5)])
onnx_case("NonMaxSuppression_corners_swapped", "NonMaxSuppression", [nb, ns, i64(4), f32(0.0)])
onnx_case("NonMaxSuppression_iou_one", "NonMaxSuppression", [yx, ns, i64(10), f32(1.0)])
onnx_case("NonMaxSuppression_no_max", "NonMaxSuppression", [yx, ns])
onnx_case("NonMaxSuppression_negative_max", "NonMaxSuppression", [yx, ns, i64(-3), f32(0.4)])
onnx_case("NonMaxSuppression_scalar_inputs", "NonMaxSuppression",
          [yx, ns, T(5, "int64"), T(0.5), T(0.2)])
onnx_case("NonMaxSuppression_iou_out_of_range", "NonMaxSuppression", [yx, ns, i64(5), f32(1.5)])
onnx_case("NonMaxSuppression_tied_scores", "NonMaxSuppression",
          [yx[:1, :3], T([[[0.5, 0.7, 0.5]]]), i64(3), f32(0.1)], decline=True)

# ---- onnx.RoiAlign -----------------------------------------------------------

boxes4 = r[:, 1:].contiguous()
batch = r[:, 0].long()
for mode in ("avg", "max"):
    for transform in ("half_pixel", "output_half_pixel"):
        for ratio in (0, 2):
            onnx_case(f"RoiAlign_{mode}_{transform}_ratio{ratio}", "RoiAlign", [x, boxes4, batch],
                      {"mode": ("string", mode), "coordinate_transformation_mode": ("string", transform),
                       "output_height": ("int", 3), "output_width": ("int", 4),
                       "sampling_ratio": ("int", ratio), "spatial_scale": ("float", 0.5)})
onnx_case("RoiAlign_float64", "RoiAlign", [x.double(), boxes4.double(), batch],
          {"coordinate_transformation_mode": ("string", "half_pixel"), "output_height": ("int", 2),
           "output_width": ("int", 2), "spatial_scale": ("float", 0.25)})
onnx_case("RoiAlign_defaults", "RoiAlign", [x, boxes4, batch],
          {"coordinate_transformation_mode": ("string", "output_half_pixel")})
# Opset 10 has no coordinate_transformation_mode: the rule does not know the opset.
onnx_case("RoiAlign_opset10", "RoiAlign", [x, boxes4, batch],
          {"output_height": ("int", 2), "output_width": ("int", 2)}, opset=10, decline=True)

# ---- onnx.MaxRoiPool ---------------------------------------------------------

for scale, pooled in ((1.0, [3, 3]), (0.5, [2, 4]), (0.6, [4, 3])):
    onnx_case(f"MaxRoiPool_scale{scale}_{pooled[0]}x{pooled[1]}".replace(".", "_"), "MaxRoiPool", [xp, rp],
              {"pooled_shape": ("ints", pooled), "spatial_scale": ("float", scale)})

write(sys.argv[1], "tests/unit/passes/make_detection_vectors.py")
