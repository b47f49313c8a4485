// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// unit-reshape-before-transpose: Reshape(Transpose(v)) that only inserts or
// drops dims of size 1, with v a view op and a single-use Transpose, becomes
// Transpose(Reshape(v)), where the new Reshape fuses with v.

// Attention heads: view, transpose, view that adds a 1.
// CHECK: %[[HEADS:.*]] = "onnx.Reshape"(%q, %{{.*}}) : (tensor<197x1x768xf32>, tensor<4xi64>) -> tensor<197x12x64x1xf32>
// CHECK-NEXT: %q4 = "onnx.Transpose"(%[[HEADS]]) {perm = array<i64: 3, 1, 0, 2>} : (tensor<197x12x64x1xf32>) -> tensor<1x12x197x64xf32>
// CHECK-NEXT: "ir.return"(%q4)
// CHECK-LABEL: }) {sym_name = "attention_heads"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<197x1x768xf32>):
    %shape_heads = "ir.constant"() {value = dense<[197, 12, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %qv = "onnx.Reshape"(%q, %shape_heads) : (tensor<197x1x768xf32>, tensor<3xi64>) -> tensor<197x12x64xf32>
    %qt = "onnx.Transpose"(%qv) {perm = array<i64: 1, 0, 2>} : (tensor<197x12x64xf32>) -> tensor<12x197x64xf32>
    %shape_batched = "ir.constant"() {value = dense<[1, 12, 197, 64]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q4 = "onnx.Reshape"(%qt, %shape_batched) : (tensor<12x197x64xf32>, tensor<4xi64>) -> tensor<1x12x197x64xf32>
    "ir.return"(%q4) : (tensor<1x12x197x64xf32>) -> ()
  }) {sym_name = "attention_heads"} : () -> ()
}) : () -> ()

// -----

// Refused: the Transpose's input is a graph input, not a view op to fuse with.
// CHECK: %qt = "onnx.Transpose"(%q)
// CHECK: %q4 = "onnx.Reshape"(%qt, %shape_batched)
// CHECK-LABEL: }) {sym_name = "no_view_below"}
// TRACE: pattern unit-reshape-before-transpose on onnx.Reshape %q4: the Transpose's input is not a view op to fuse with
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<197x12x64xf32>):
    %qt = "onnx.Transpose"(%q) {perm = array<i64: 1, 0, 2>} : (tensor<197x12x64xf32>) -> tensor<12x197x64xf32>
    %shape_batched = "ir.constant"() {value = dense<[1, 12, 197, 64]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q4 = "onnx.Reshape"(%qt, %shape_batched) : (tensor<12x197x64xf32>, tensor<4xi64>) -> tensor<1x12x197x64xf32>
    "ir.return"(%q4) : (tensor<1x12x197x64xf32>) -> ()
  }) {sym_name = "no_view_below"} : () -> ()
}) : () -> ()

// -----

// Refused: the Reshape merges dims, which a Transpose cannot follow.
// CHECK: %qt = "onnx.Transpose"(%qv)
// CHECK: %m = "onnx.Reshape"(%qt, %shape_merged)
// CHECK-LABEL: }) {sym_name = "merges_dims"}
// TRACE: pattern unit-reshape-before-transpose on onnx.Reshape %m: the Reshape does more than insert or drop 1s
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<197x1x768xf32>):
    %shape_heads = "ir.constant"() {value = dense<[197, 12, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %qv = "onnx.Reshape"(%q, %shape_heads) : (tensor<197x1x768xf32>, tensor<3xi64>) -> tensor<197x12x64xf32>
    %qt = "onnx.Transpose"(%qv) {perm = array<i64: 1, 0, 2>} : (tensor<197x12x64xf32>) -> tensor<12x197x64xf32>
    %shape_merged = "ir.constant"() {value = dense<[2364, 64]> : tensor<2xi64>} : () -> tensor<2xi64>
    %m = "onnx.Reshape"(%qt, %shape_merged) : (tensor<12x197x64xf32>, tensor<2xi64>) -> tensor<2364x64xf32>
    "ir.return"(%m) : (tensor<2364x64xf32>) -> ()
  }) {sym_name = "merges_dims"} : () -> ()
}) : () -> ()
