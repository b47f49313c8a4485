// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s

// torch computes an op on bfloat16 tensors in float32 and rounds its results
// to bfloat16 once: the op is lowered in float32 between Casts. A linear
// layer accumulates in float32:
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f32} : (tensor<4x8xbf16>) -> tensor<4x8xf32>
// CHECK: %[[W:.*]] = "onnx.Cast"(%w) {to = f32} : (tensor<3x8xbf16>) -> tensor<3x8xf32>
// CHECK: %[[B:.*]] = "onnx.Cast"(%b) {to = f32} : (tensor<3xbf16>) -> tensor<3xf32>
// CHECK: %[[L:.*]] = "onnx.Gemm"(%[[X]], %[[W]], %[[B]]) {transB = 1 : i64} : (tensor<4x8xf32>, tensor<3x8xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK: %linear = "onnx.Cast"(%[[L]]) {to = bf16} : (tensor<4x3xf32>) -> tensor<4x3xbf16>
// gelu is evaluated in float32 as a whole, rounded once:
// CHECK: %[[G:.*]] = "onnx.Cast"(%linear) {to = f32}
// CHECK: %gelu = "onnx.Cast"(%{{.*}}) {to = bf16} : (tensor<4x3xf32>) -> tensor<4x3xbf16>
// Ops that only move data stay in bfloat16:
// CHECK: %view = "onnx.Reshape"(%gelu, %{{.*}}) : (tensor<4x3xbf16>, tensor<2xi64>) -> tensor<2x6xbf16>
// CHECK: %cat = "onnx.Concat"(%view, %view) {axis = 0 : i64} : (tensor<2x6xbf16>, tensor<2x6xbf16>) -> tensor<4x6xbf16>
// as do casts out of bfloat16:
// CHECK: %to = "onnx.Cast"(%cat) {to = f32} : (tensor<4x6xbf16>) -> tensor<4x6xf32>
// A bfloat16 result by a dtype argument is made in float32 as well.
// CHECK: %[[F:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<"0x00002040"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: %full = "onnx.Cast"(%[[F]]) {to = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x8xbf16>):
    %w = "ir.constant"() {value = dense_resource<fc.weight> : tensor<3x8xbf16>} : () -> tensor<3x8xbf16>
    %b = "ir.constant"() {value = dense_resource<fc.bias> : tensor<3xbf16>} : () -> tensor<3xbf16>
    %linear = "aten.linear.default"(%x, %w, %b) {arg_names = ["input", "weight", "bias"]} : (tensor<4x8xbf16>, tensor<3x8xbf16>, tensor<3xbf16>) -> tensor<4x3xbf16>
    %gelu = "aten.gelu.default"(%linear) {arg_names = ["self"]} : (tensor<4x3xbf16>) -> tensor<4x3xbf16>
    %view = "aten.view.default"(%gelu) {arg_names = ["self"], size = array<i64: 2, 6>} : (tensor<4x3xbf16>) -> tensor<2x6xbf16>
    %cat = "aten.cat.default"(%view, %view) {arg_names = ["tensors", "tensors"]} : (tensor<2x6xbf16>, tensor<2x6xbf16>) -> tensor<4x6xbf16>
    %to = "aten._to_copy.default"(%cat) {arg_names = ["self"], dtype = f32} : (tensor<4x6xbf16>) -> tensor<4x6xf32>
    %full = "aten.full.default"() {arg_names = [], size = array<i64: 2, 3>, fill_value = 2.5 : f64, dtype = bf16} : () -> tensor<2x3xbf16>
    "ir.return"(%linear, %gelu, %view, %cat, %to, %full) : (tensor<4x3xbf16>, tensor<4x3xbf16>, tensor<2x6xbf16>, tensor<4x6xbf16>, tensor<4x6xf32>, tensor<2x3xbf16>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
