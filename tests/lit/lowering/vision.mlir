// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// roi_align is RoiAlign of the boxes (columns 1..4 of rois) and their batch
// indices (column 0), aligned as half_pixel; a sampling_ratio below 0 is
// ONNX's adaptive 0. nms is NonMaxSuppression of one batch and class
// keeping up to every box; the kept indices are its last column.
// CHECK:      %[[BATCH:.*]] = "onnx.Slice"(%r, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4x1xf32>
// CHECK:      %[[SQUEEZED:.*]] = "onnx.Squeeze"(%[[BATCH]], %{{.*}}) : (tensor<4x1xf32>, tensor<1xi64>) -> tensor<4xf32>
// CHECK-NEXT: %[[INDICES:.*]] = "onnx.Cast"(%[[SQUEEZED]]) {to = i64} : (tensor<4xf32>) -> tensor<4xi64>
// CHECK:      %[[BOXES:.*]] = "onnx.Slice"(%r, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4x4xf32>
// CHECK-NEXT: %roi_align = "onnx.RoiAlign"(%x, %[[BOXES]], %[[INDICES]]) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 3 : i64, output_width = 4 : i64, sampling_ratio = 0 : i64, spatial_scale = 0.5 : f64} : (tensor<2x3x12x15xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x3x4xf32>
// CHECK:      %[[ALL:.*]] = "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:      %[[B:.*]] = "onnx.Unsqueeze"(%b, %{{.*}}) : (tensor<20x4xf32>, tensor<1xi64>) -> tensor<1x20x4xf32>
// CHECK:      %[[S:.*]] = "onnx.Unsqueeze"(%s, %{{.*}}) : (tensor<20xf32>, tensor<2xi64>) -> tensor<1x1x20xf32>
// CHECK:      %[[SEL:.*]] = "onnx.NonMaxSuppression"(%[[B]], %[[S]], %[[ALL]], %{{.*}}) {center_point_box = 0 : i64} : (tensor<1x20x4xf32>, tensor<1x1x20xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?x3xi64, "u0">
// CHECK:      %nms = "onnx.Gather"(%[[SEL]], %{{.*}}) {axis = 1 : i64} : (tensor<?x3xi64, "u0">, tensor<i64>) -> tensor<?xi64, "u0">
// CHECK-LABEL: }) {sym_name = "vision"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x12x15xf32>, %r: tensor<4x5xf32>, %b: tensor<20x4xf32>, %s: tensor<20xf32>):
    %roi_align = "torchvision.roi_align.default"(%x, %r) {aligned = true, arg_names = ["input", "rois"], pooled_height = 3 : i64, pooled_width = 4 : i64, sampling_ratio = -1 : i64, spatial_scale = 0.5 : f64} : (tensor<2x3x12x15xf32>, tensor<4x5xf32>) -> tensor<4x3x3x4xf32>
    %nms = "torchvision.nms.default"(%b, %s) {arg_names = ["dets", "scores"], iou_threshold = 0.3 : f64} : (tensor<20x4xf32>, tensor<20xf32>) -> tensor<?xi64, "u0">
    "ir.return"(%roi_align, %nms) : (tensor<4x3x3x4xf32>, tensor<?xi64, "u0">) -> ()
  }) {sym_name = "vision"} : () -> ()
}) : () -> ()

// -----

// roi_pool is MaxRoiPool of the rois as they are; its argmax, unused, is
// any value of its type.
// CHECK:      %pool = "onnx.MaxRoiPool"(%x, %r) {pooled_shape = array<i64: 3, 4>, spatial_scale = 0.5 : f64} : (tensor<2x3x12x15xf32>, tensor<4x5xf32>) -> tensor<4x3x3x4xf32>
// CHECK-NEXT: "ir.return"(%pool)
// CHECK-LABEL: }) {sym_name = "roi_pool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x12x15xf32>, %r: tensor<4x5xf32>):
    %pool:2 = "torchvision.roi_pool.default"(%x, %r) {arg_names = ["input", "rois"], pooled_height = 3 : i64, pooled_width = 4 : i64, spatial_scale = 0.5 : f64} : (tensor<2x3x12x15xf32>, tensor<4x5xf32>) -> (tensor<4x3x3x4xf32>, tensor<4x3x3x4xi32>)
    "ir.return"(%pool#0) : (tensor<4x3x3x4xf32>) -> ()
  }) {sym_name = "roi_pool"} : () -> ()
}) : () -> ()

// -----

// ps_roi_align is RoiAlign (half_pixel) of all 8 channels, each of the 2 x 2
// bins of an output channel keeping the input channel its position reads:
// the diagonal of [K, 2, 4 x 4]. With adaptive sampling, a box with no
// samples along a dim (ceil(size / bins) = 0) is NaN, as in torchvision.
// CHECK:      %[[ALL:.*]] = "onnx.RoiAlign"(%x, %{{.*}}, %{{.*}}) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 2 : i64, output_width = 2 : i64, sampling_ratio = 0 : i64, spatial_scale = 1.0 : f64} : (tensor<2x8x12x15xf32>, tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x8x2x2xf32>
// CHECK:      %[[GROUPED:.*]] = "onnx.Reshape"(%[[ALL]], %{{.*}}) : (tensor<3x8x2x2xf32>, tensor<3xi64>) -> tensor<3x2x16xf32>
// CHECK-NEXT: %[[DIAGONAL:.*]] = "ir.constant"() {value = dense<[0, 5, 10, 15]> : tensor<4xi64>}
// CHECK-NEXT: %[[OWN:.*]] = "onnx.Gather"(%[[GROUPED]], %[[DIAGONAL]]) {axis = 2 : i64} : (tensor<3x2x16xf32>, tensor<4xi64>) -> tensor<3x2x4xf32>
// CHECK:      %[[VALUES:.*]] = "onnx.Reshape"(%[[OWN]], %{{.*}}) : (tensor<3x2x4xf32>, tensor<4xi64>) -> tensor<3x2x2x2xf32>
// CHECK:      "onnx.Ceil"
// CHECK:      "onnx.Ceil"
// CHECK:      %[[EMPTY:.*]] = "onnx.Or"
// CHECK:      %ps = "onnx.Where"(%{{.*}}, %{{.*}}, %[[VALUES]]) : (tensor<3x1x1x1xi1>, tensor<f32>, tensor<3x2x2x2xf32>) -> tensor<3x2x2x2xf32>
// CHECK-LABEL: }) {sym_name = "ps_roi_align"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8x12x15xf32>, %r: tensor<3x5xf32>):
    %ps:2 = "torchvision.ps_roi_align.default"(%x, %r) {arg_names = ["input", "rois"], pooled_height = 2 : i64, pooled_width = 2 : i64, sampling_ratio = -1 : i64, spatial_scale = 1.0 : f64} : (tensor<2x8x12x15xf32>, tensor<3x5xf32>) -> (tensor<3x2x2x2xf32>, tensor<3x2x2x2xi64>)
    "ir.return"(%ps#0) : (tensor<3x2x2x2xf32>) -> ()
  }) {sym_name = "ps_roi_align"} : () -> ()
}) : () -> ()
