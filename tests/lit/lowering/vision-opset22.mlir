// ONNX Runtime has no kernel for RoiAlign-22 and MaxRoiPool-22: from opset 22
// roi_align and roi_pool are refused, nms still lowers.
// RUN: not %pt2onnx-opt %s --passes='lower-aten{opset=22}' -o /dev/null 2>&1 | FileCheck %s

// CHECK: cannot lower 2 ops (2 overloads) to ONNX opset 22:
// CHECK: torchvision.roi_align.default (1 use): the rule supports opsets 17 to 21
// CHECK: torchvision.roi_pool.default (1 use): the rule supports opsets 17 to 21
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x8x16x16xf32>, %boxes: tensor<12x4xf32>, %scores: tensor<12xf32>, %rois: tensor<12x5xf32>):
    %nms = "torchvision.nms.default"(%boxes, %scores) {arg_names = ["dets", "scores"], iou_threshold = 0.5 : f64} : (tensor<12x4xf32>, tensor<12xf32>) -> tensor<?xi64, "u0">
    %roi_align = "torchvision.roi_align.default"(%x, %rois) {aligned = true, arg_names = ["input", "rois"], pooled_height = 4 : i64, pooled_width = 4 : i64, sampling_ratio = -1 : i64, spatial_scale = 0.5 : f64} : (tensor<1x8x16x16xf32>, tensor<12x5xf32>) -> tensor<12x8x4x4xf32>
    %pool:2 = "torchvision.roi_pool.default"(%x, %rois) {arg_names = ["input", "rois"], pooled_height = 3 : i64, pooled_width = 3 : i64, spatial_scale = 0.5 : f64} : (tensor<1x8x16x16xf32>, tensor<12x5xf32>) -> (tensor<12x8x3x3xf32>, tensor<12x8x3x3xi32>)
    "ir.return"(%nms, %roi_align, %pool#0) : (tensor<?xi64, "u0">, tensor<12x8x4x4xf32>, tensor<12x8x3x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
