// torchvision's detection ops: nms as NonMaxSuppression over one batch and one
// class (the box column of its rows), roi_align as RoiAlign with the batch
// index split off the rois, roi_pool as MaxRoiPool (its argmax unused).
// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s
// RUN: not %pt2onnx-opt %s --passes='lower-aten{opset=22}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPSET22

// CHECK: %[[B:.*]] = "onnx.Unsqueeze"(%boxes, %{{.*}}) : (tensor<12x4xf32>, tensor<1xi64>) -> tensor<1x12x4xf32>
// CHECK: %[[S:.*]] = "onnx.Unsqueeze"(%scores, %{{.*}}) : (tensor<12xf32>, tensor<2xi64>) -> tensor<1x1x12xf32>
// CHECK: %[[MAX:.*]] = "ir.constant"() {value = dense<[2147483647]> : tensor<1xi64>}
// CHECK: %[[T:.*]] = "ir.constant"() {value = dense<"0x0000003F"> : tensor<f32>}
// CHECK: %[[SEL:.*]] = "onnx.NonMaxSuppression"(%[[B]], %[[S]], %[[MAX]], %[[T]]) : (tensor<1x12x4xf32>, tensor<1x1x12xf32>, tensor<1xi64>, tensor<f32>) -> tensor<?x3xi64, "u0">
// CHECK: %[[COL:.*]] = "ir.constant"() {value = dense<2> : tensor<i64>}
// CHECK: %nms = "onnx.Gather"(%[[SEL]], %[[COL]]) {axis = 1 : i64} : (tensor<?x3xi64, "u0">, tensor<i64>) -> tensor<?xi64, "u0">
// CHECK: %[[FIRST:.*]] = "onnx.Gather"(%rois, %{{.*}}) {axis = 1 : i64} : (tensor<12x5xf32>, tensor<i64>) -> tensor<12xf32>
// CHECK: %[[BATCH:.*]] = "onnx.Cast"(%[[FIRST]]) {to = i64}
// CHECK: %[[BOXES:.*]] = "onnx.Slice"(%rois, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<12x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<12x4xf32>
// CHECK: %roi_align = "onnx.RoiAlign"(%x, %[[BOXES]], %[[BATCH]]) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 4 : i64, output_width = 4 : i64, sampling_ratio = 0 : i64, spatial_scale = 0.5 : f64}
// CHECK: %pool = "onnx.MaxRoiPool"(%x, %rois) {pooled_shape = array<i64: 3, 3>, spatial_scale = 0.5 : f64} : (tensor<1x8x16x16xf32>, tensor<12x5xf32>) -> tensor<12x8x3x3xf32>
// CHECK: "ir.return"(%nms, %roi_align, %pool)

// ONNX Runtime has no kernel for RoiAlign-22 and MaxRoiPool-22.
// OPSET22: cannot lower 2 ops (2 overloads) to ONNX opset 22:
// OPSET22: torchvision.roi_align.default (1 use): the rule supports opsets 17 to 21
// OPSET22: torchvision.roi_pool.default (1 use): the rule supports opsets 17 to 21
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x8x16x16xf32>, %boxes: tensor<12x4xf32>, %scores: tensor<12xf32>, %rois: tensor<12x5xf32>):
    %nms = "torchvision.nms.default"(%boxes, %scores) {arg_names = ["dets", "scores"], iou_threshold = 0.5 : f64} : (tensor<12x4xf32>, tensor<12xf32>) -> tensor<?xi64, "u0">
    %roi_align = "torchvision.roi_align.default"(%x, %rois) {aligned = true, arg_names = ["input", "rois"], pooled_height = 4 : i64, pooled_width = 4 : i64, sampling_ratio = -1 : i64, spatial_scale = 0.5 : f64} : (tensor<1x8x16x16xf32>, tensor<12x5xf32>) -> tensor<12x8x4x4xf32>
    %pool:2 = "torchvision.roi_pool.default"(%x, %rois) {arg_names = ["input", "rois"], pooled_height = 3 : i64, pooled_width = 3 : i64, spatial_scale = 0.5 : f64} : (tensor<1x8x16x16xf32>, tensor<12x5xf32>) -> (tensor<12x8x3x3xf32>, tensor<12x8x3x3xi32>)
    "ir.return"(%nms, %roi_align, %pool#0) : (tensor<?xi64, "u0">, tensor<12x8x4x4xf32>, tensor<12x8x3x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
