// Circular and replication padding, lowered for an opset before and after Pad `wrap`.
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=19}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET19

// Circular padding with constant pads is, at every opset, per padded dim
// (last first): the last `begin` elements, the tensor, the first `end` ones.
// ONNX Runtime's Pad `wrap` fails on empty tensors.
// CHECK: %[[B:.*]] = "ir.constant"() {value = dense<[-2]> : tensor<1xi64>}
// CHECK: %[[TAIL:.*]] = "onnx.Slice"(%x, %[[B]], %{{.*}}, %{{.*}}) : (tensor<1x2x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x2x2xf32>
// CHECK: %[[HEAD:.*]] = "onnx.Slice"(%x, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x2x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x2x1xf32>
// CHECK: %[[W:.*]] = "onnx.Concat"(%[[TAIL]], %x, %[[HEAD]]) {axis = 2 : i64} : (tensor<1x2x2xf32>, tensor<1x2x5xf32>, tensor<1x2x1xf32>) -> tensor<1x2x8xf32>
// CHECK: %[[H:.*]] = "onnx.Slice"(%[[W]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x2x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x1x8xf32>
// CHECK: %circular = "onnx.Concat"(%[[H]], %[[W]]) {axis = 1 : i64} : (tensor<1x1x8xf32>, tensor<1x2x8xf32>) -> tensor<1x3x8xf32>
// CHECK-NOT: "onnx.Pad"
// CHECK-LABEL: }) {sym_name = "circular_is_slices_and_concat"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x5xf32>):
    %circular = "aten.pad.default"(%x) {arg_names = ["self"], pad = array<i64: 2, 1, 1, 0>, mode = "circular"} : (tensor<1x2x5xf32>) -> tensor<1x3x8xf32>
    "ir.return"(%circular) : (tensor<1x3x8xf32>) -> ()
  }) {sym_name = "circular_is_slices_and_concat"} : () -> ()
}) : () -> ()

// -----

// A negative circular pad crops first; the wrap then reads the cropped
// tensor: [-1, 2] on 5 keeps [1, 5), then appends its first 2.
// CHECK: %[[CROP:.*]] = "onnx.Slice"(%x, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4xf32>
// CHECK: %[[HEAD:.*]] = "onnx.Slice"(%[[CROP]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
// CHECK: %circular = "onnx.Concat"(%[[CROP]], %[[HEAD]]) {axis = 1 : i64} : (tensor<2x4xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
// CHECK-LABEL: }) {sym_name = "circular_negative_pad_crops_first"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5xf32>):
    %circular = "aten.pad.default"(%x) {arg_names = ["self"], pad = array<i64: -1, 2>, mode = "circular"} : (tensor<2x5xf32>) -> tensor<2x6xf32>
    "ir.return"(%circular) : (tensor<2x6xf32>) -> ()
  }) {sym_name = "circular_negative_pad_crops_first"} : () -> ()
}) : () -> ()

// -----

// Replication padding with a negative pad: the crop is a Slice, the Pad
// gets the rest. Cropping 4 of 4 keeps the last element, and the other
// side's pad of 5 loses the 3 elements the crop went past: [3, 4) then 0, 4.
// CHECK: %[[AXES:.*]] = "ir.constant"() {value = dense<[2]> : tensor<1xi64>}
// CHECK: %[[TO:.*]] = "ir.constant"() {value = dense<[4]> : tensor<1xi64>}
// CHECK: %[[FROM:.*]] = "ir.constant"() {value = dense<[3]> : tensor<1xi64>}
// CHECK: %[[CROP:.*]] = "onnx.Slice"(%x, %[[FROM]], %[[TO]], %[[AXES]]) : (tensor<5x3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5x3x1xf32>
// OPSET17: %[[PADS:.*]] = "ir.constant"() {value = dense<[0, 0, 0, 0, 0, 4]> : tensor<6xi64>}
// OPSET19: %[[PADS:.*]] = "ir.constant"() {value = dense<[0, 4]> : tensor<2xi64>}
// CHECK: %replicate = "onnx.Pad"(%[[CROP]], %[[PADS]]{{.*}}) {mode = "edge"} : (tensor<5x3x1xf32>, {{.*}}) -> tensor<5x3x5xf32>
// CHECK-LABEL: }) {sym_name = "replicate_negative_pad_crops_first"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5x3x4xf32>):
    %replicate = "aten.replication_pad1d.default"(%x) {arg_names = ["self"], padding = array<i64: -4, 5>} : (tensor<5x3x4xf32>) -> tensor<5x3x5xf32>
    "ir.return"(%replicate) : (tensor<5x3x5xf32>) -> ()
  }) {sym_name = "replicate_negative_pad_crops_first"} : () -> ()
}) : () -> ()

// -----

// Negative pads only: the crop is all there is.
// CHECK: %replicate = "onnx.Slice"(%x, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3x3xf32>
// CHECK-NEXT: "ir.return"(%replicate)
// CHECK-LABEL: }) {sym_name = "replicate_crop_only"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4x6xf32>):
    %replicate = "aten.pad.default"(%x) {arg_names = ["self"], pad = array<i64: -1, -2, 0, -1>, mode = "replicate"} : (tensor<2x4x6xf32>) -> tensor<2x3x3xf32>
    "ir.return"(%replicate) : (tensor<2x3x3xf32>) -> ()
  }) {sym_name = "replicate_crop_only"} : () -> ()
}) : () -> ()
