// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-identity-transpose, fuse-transposes, transpose-as-reshape: an
// identity Transpose goes, two Transposes compose (and go when they cancel),
// a Transpose that only moves dims of size 1 is a Reshape.

// CHECK-NOT: "onnx.Transpose"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "identity"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %t = "onnx.Transpose"(%x) {perm = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "ir.return"(%t) : (tensor<2x3x4xf32>) -> ()
  }) {sym_name = "identity"} : () -> ()
}) : () -> ()

// -----

// CHECK: %t2 = "onnx.Transpose"(%x) {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT: "ir.return"(%t2, %x)
// CHECK-LABEL: }) {sym_name = "compose_and_cancel"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %t1 = "onnx.Transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %t2 = "onnx.Transpose"(%t1) {perm = array<i64: 2, 0, 1>} : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
    %back = "onnx.Transpose"(%t2) {perm = array<i64: 2, 0, 1>} : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
    "ir.return"(%t2, %back) : (tensor<3x4x2xf32>, tensor<2x3x4xf32>) -> ()
  }) {sym_name = "compose_and_cancel"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[TARGET:.*]] = "ir.constant"() {value = dense<[197, 1, 768]> : tensor<3xi64>}
// CHECK-NEXT: %swap = "onnx.Reshape"(%w, %[[TARGET]]) : (tensor<1x197x768xf32>, tensor<3xi64>) -> tensor<197x1x768xf32>
// CHECK-LABEL: }) {sym_name = "moves_a_unit_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%w: tensor<1x197x768xf32>):
    %swap = "onnx.Transpose"(%w) {perm = array<i64: 1, 0, 2>} : (tensor<1x197x768xf32>) -> tensor<197x1x768xf32>
    "ir.return"(%swap) : (tensor<197x1x768xf32>) -> ()
  }) {sym_name = "moves_a_unit_dim"} : () -> ()
}) : () -> ()

// -----

// Refused by all three: the dims other than 1s change order.
// CHECK: %t3 = "onnx.Transpose"(%x) {perm = array<i64: 0, 2, 1>}
// CHECK-LABEL: }) {sym_name = "reorders"}
// TRACE: pattern drop-identity-transpose on onnx.Transpose %t3: the perm is not the identity
// TRACE-NEXT: pattern fuse-transposes on onnx.Transpose %t3: the input is not a Transpose
// TRACE-NEXT: pattern transpose-as-reshape on onnx.Transpose %t3: the perm reorders dims other than 1s
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %t3 = "onnx.Transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    "ir.return"(%t3) : (tensor<2x4x3xf32>) -> ()
  }) {sym_name = "reorders"} : () -> ()
}) : () -> ()
