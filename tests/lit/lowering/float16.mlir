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
