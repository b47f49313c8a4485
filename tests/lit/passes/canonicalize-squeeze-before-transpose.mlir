// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// squeeze-before-transpose: Squeeze(Transpose(y, p), b) with a single-use
// Transpose becomes Transpose(Squeeze(y, p[b]), p'), so that the Squeeze
// meets what produced y.

// ViT's attention split: the Squeeze moves up, meets the Unsqueeze and both go.
// CHECK-NOT: "onnx.Squeeze"
// CHECK-NOT: "onnx.Unsqueeze"
// CHECK: %sq = "onnx.Transpose"(%v) {perm = array<i64: 2, 0, 1, 3>} : (tensor<197x1x3x768xf32>) -> tensor<3x197x1x768xf32>
// CHECK-NEXT: "ir.return"(%sq)
// CHECK-LABEL: }) {sym_name = "cancels_unsqueeze"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%v: tensor<197x1x3x768xf32>):
    %a0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %a3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %uv = "onnx.Unsqueeze"(%v, %a0) : (tensor<197x1x3x768xf32>, tensor<1xi64>) -> tensor<1x197x1x3x768xf32>
    %tv = "onnx.Transpose"(%uv) {perm = array<i64: 3, 1, 2, 0, 4>} : (tensor<1x197x1x3x768xf32>) -> tensor<3x197x1x1x768xf32>
    %sq = "onnx.Squeeze"(%tv, %a3) : (tensor<3x197x1x1x768xf32>, tensor<1xi64>) -> tensor<3x197x1x768xf32>
    "ir.return"(%sq) : (tensor<3x197x1x768xf32>) -> ()
  }) {sym_name = "cancels_unsqueeze"} : () -> ()
}) : () -> ()

// -----

// A graph input y: the Squeeze still moves up, with the axis y has there.
// CHECK: %[[Y:.*]] = "onnx.Squeeze"(%y, %{{.*}}) : (tensor<2x1x3xf32>, tensor<1xi64>) -> tensor<2x3xf32>
// CHECK-NEXT: %sq = "onnx.Transpose"(%[[Y]]) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-LABEL: }) {sym_name = "moves_up"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2x1x3xf32>):
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %t = "onnx.Transpose"(%y) {perm = array<i64: 2, 1, 0>} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32>
    %sq = "onnx.Squeeze"(%t, %a1) : (tensor<3x1x2xf32>, tensor<1xi64>) -> tensor<3x2xf32>
    "ir.return"(%sq) : (tensor<3x2xf32>) -> ()
  }) {sym_name = "moves_up"} : () -> ()
}) : () -> ()

// -----

// Refused: the Transpose has another use, and would stay besides.
// CHECK: %t = "onnx.Transpose"(%y)
// CHECK: "ir.return"(%sq, %t)
// CHECK-LABEL: }) {sym_name = "shared_transpose"}
// TRACE: pattern squeeze-before-transpose on onnx.Squeeze %sq: the Transpose has other uses
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2x1x3xf32>):
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %t = "onnx.Transpose"(%y) {perm = array<i64: 2, 1, 0>} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32>
    %sq = "onnx.Squeeze"(%t, %a1) : (tensor<3x1x2xf32>, tensor<1xi64>) -> tensor<3x2xf32>
    "ir.return"(%sq, %t) : (tensor<3x2xf32>, tensor<3x1x2xf32>) -> ()
  }) {sym_name = "shared_transpose"} : () -> ()
}) : () -> ()
