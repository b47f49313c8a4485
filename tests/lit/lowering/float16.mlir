// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// torch computes an op on float16 tensors in float32 and rounds its results
// to float16 once, as for bfloat16; ONNX Runtime has no float16 Cos:
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f32} : (tensor<3xf16>) -> tensor<3xf32>
// CHECK: %[[C:.*]] = "onnx.Cos"(%[[X]]) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[R:.*]] = "onnx.Cast"(%[[C]]) {to = f16} : (tensor<3xf32>) -> tensor<3xf16>
// CHECK: "ir.return"(%[[R]])
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf16>):
    %r = "aten.cos.default"(%x) {arg_names = ["self"]} : (tensor<3xf16>) -> tensor<3xf16>
    "ir.return"(%r) : (tensor<3xf16>) -> ()
  }) {sym_name = "cos_f16"} : () -> ()
}) : () -> ()

// -----

// Ops that only move elements stay in float16.
// CHECK-NOT: "onnx.Cast"
// CHECK: "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf16>) -> tensor<3x2xf16>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf16>):
    %r = "aten.permute.default"(%x) {arg_names = ["self"], dims = array<i64: 1, 0>} : (tensor<2x3xf16>) -> tensor<3x2xf16>
    "ir.return"(%r) : (tensor<3x2xf16>) -> ()
  }) {sym_name = "permute_f16"} : () -> ()
}) : () -> ()

// -----

// A float16 LayerNormalization stays in float16: ONNX Runtime's kernel
// computes it in float32 and rounds once, as the widened op would.
// CHECK-NOT: "onnx.Cast"
// CHECK: %r = "onnx.LayerNormalization"(%x, %w, %b) {axis = -1 : i64, epsilon = 1.0e-05 : f64, stash_type = 1 : i64} : (tensor<2x8xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
// CHECK-LABEL: }) {sym_name = "layer_norm_f16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf16>, %w: tensor<8xf16>, %b: tensor<8xf16>):
    %r = "aten.layer_norm.default"(%x, %w, %b) {arg_names = ["input", "weight", "bias"], normalized_shape = array<i64: 8>, eps = 1.0e-05 : f64} : (tensor<2x8xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
    "ir.return"(%r) : (tensor<2x8xf16>) -> ()
  }) {sym_name = "layer_norm_f16"} : () -> ()
}) : () -> ()

// -----

// bfloat16 has no such kernel: the LayerNormalization is widened.
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f32}
// CHECK: %[[N:.*]] = "onnx.LayerNormalization"(%[[X]], %{{.*}}, %{{.*}}) {axis = -1 : i64, epsilon = 1.0e-05 : f64, stash_type = 1 : i64} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
// CHECK: %[[R:.*]] = "onnx.Cast"(%[[N]]) {to = bf16}
// CHECK: "ir.return"(%[[R]])
// CHECK-LABEL: }) {sym_name = "layer_norm_bf16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xbf16>, %w: tensor<8xbf16>, %b: tensor<8xbf16>):
    %r = "aten.layer_norm.default"(%x, %w, %b) {arg_names = ["input", "weight", "bias"], normalized_shape = array<i64: 8>, eps = 1.0e-05 : f64} : (tensor<2x8xbf16>, tensor<8xbf16>, tensor<8xbf16>) -> tensor<2x8xbf16>
    "ir.return"(%r) : (tensor<2x8xbf16>) -> ()
  }) {sym_name = "layer_norm_bf16"} : () -> ()
}) : () -> ()
