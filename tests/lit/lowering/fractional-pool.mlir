// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// fractional_max_pool2d: the window starts from the samples (height from
// [..., 1], width from [..., 0]) by torch's interval formula, alpha =
// (5 - 2) / (3 - 1) = 1.5 for the height and (4 - 2) / (2 - 1) = 2 for the
// width, the last start in - pool; the windows' flat positions gathered
// from the plane, ReduceMax the values, the first ArgMax the indices.
// CHECK:      "ir.constant"() {value = dense<[1]> : tensor<1xi64>}
// CHECK-NEXT: "onnx.Gather"(%u, %{{.*}}) {axis = 2 : i64}
// CHECK:      "ir.constant"() {value = dense<"0x0000C03F"> : tensor<f32>}
// CHECK:      "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<i64>, tensor<1x2x3xi64>) -> tensor<1x2x3xi64>
// CHECK:      "ir.constant"() {value = dense<[0]> : tensor<1xi64>}
// CHECK-NEXT: "onnx.Gather"(%u, %{{.*}}) {axis = 2 : i64}
// CHECK:      "ir.constant"() {value = dense<"0x00000040"> : tensor<f32>}
// CHECK:      "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2xi1>, tensor<i64>, tensor<1x2x2xi64>) -> tensor<1x2x2xi64>
// CHECK:      "onnx.Add"({{.*}}) : (tensor<1x2x3x1x2x1xi64>, tensor<1x2x1x2x1x2xi64>) -> tensor<1x2x3x2x2x2xi64>
// CHECK:      "onnx.GatherElements"({{.*}}) {axis = 2 : i64} : (tensor<1x2x20xf32>, tensor<1x2x24xi64>) -> tensor<1x2x24xf32>
// CHECK:      "onnx.ReduceMax"({{.*}}) {keepdims = 0 : i64} : (tensor<1x2x3x2x4xf32>, tensor<1xi64>) -> tensor<1x2x3x2xf32>
// CHECK:      "onnx.ArgMax"({{.*}}) {axis = 4 : i64, keepdims = 1 : i64, select_last_index = 0 : i64}
// CHECK:      "onnx.GatherElements"({{.*}}) {axis = 4 : i64} : (tensor<1x2x3x2x4xi64>, tensor<1x2x3x2x1xi64>) -> tensor<1x2x3x2x1xi64>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x5x4xf32>, %u: tensor<1x2x2xf32>):
    %y:2 = "aten.fractional_max_pool2d.default"(%x, %u) {arg_names = ["self", "random_samples"], kernel_size = array<i64: 2, 2>, output_size = array<i64: 3, 2>} : (tensor<1x2x5x4xf32>, tensor<1x2x2xf32>) -> (tensor<1x2x3x2xf32>, tensor<1x2x3x2xi64>)
    "ir.return"(%y#0, %y#1) : (tensor<1x2x3x2xf32>, tensor<1x2x3x2xi64>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// fractional_max_pool3d: samples [..., 0], [..., 1], [..., 2] along time,
// height and width; positions of the 2x1x2 windows (N, C, 2, 2, 1, 2, 1, 2).
// CHECK-LABEL: ^bb0(%x: tensor<1x1x4x3x5xf32>
// CHECK:      %[[T:.*]] = "ir.constant"() {value = dense<[0]> : tensor<1xi64>}
// CHECK-NEXT: "onnx.Gather"(%u, %[[T]]) {axis = 2 : i64}
// CHECK:      %[[H:.*]] = "ir.constant"() {value = dense<[1]> : tensor<1xi64>}
// CHECK-NEXT: "onnx.Gather"(%u, %[[H]]) {axis = 2 : i64}
// CHECK:      "onnx.Gather"(%u, %{{.*}}) {axis = 2 : i64}
// CHECK:      "onnx.Add"({{.*}}) : (tensor<1x1x2x2x1x2x1x1xi64>, tensor<1x1x1x1x2x1x1x2xi64>) -> tensor<1x1x2x2x2x2x1x2xi64>
// CHECK:      "onnx.GatherElements"({{.*}}) {axis = 2 : i64} : (tensor<1x1x60xf32>, tensor<1x1x32xi64>) -> tensor<1x1x32xf32>
// CHECK:      "onnx.ReduceMax"({{.*}}) {keepdims = 0 : i64} : (tensor<1x1x2x2x2x4xf32>, tensor<1xi64>) -> tensor<1x1x2x2x2xf32>
// CHECK:      "onnx.ArgMax"({{.*}}) {axis = 5 : i64, keepdims = 1 : i64, select_last_index = 0 : i64}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4x3x5xf32>, %u: tensor<1x1x3xf32>):
    %y:2 = "aten.fractional_max_pool3d.default"(%x, %u) {arg_names = ["self", "random_samples"], kernel_size = array<i64: 2, 1, 2>, output_size = array<i64: 2, 2, 2>} : (tensor<1x1x4x3x5xf32>, tensor<1x1x3xf32>) -> (tensor<1x1x2x2x2xf32>, tensor<1x1x2x2x2xi64>)
    "ir.return"(%y#0, %y#1) : (tensor<1x1x2x2x2xf32>, tensor<1x1x2x2x2xi64>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
