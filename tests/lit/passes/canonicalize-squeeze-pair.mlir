// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// fold-squeeze-pair: Unsqueeze(Unsqueeze(x)) and Squeeze(Squeeze(x)) are one
// op over the merged axes; a Squeeze and an Unsqueeze over the same axes
// cancel.

// CHECK: %[[AXES:.*]] = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>}
// CHECK-NEXT: %u2 = "onnx.Unsqueeze"(%s, %[[AXES]]) : (tensor<?x4xf32, "s0">, tensor<2xi64>) -> tensor<?x1x1x4xf32, "s0">
// CHECK-NEXT: "ir.return"(%u2)
// CHECK-LABEL: }) {sym_name = "unsqueeze_twice"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">):
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u1 = "onnx.Unsqueeze"(%s, %a1) : (tensor<?x4xf32, "s0">, tensor<1xi64>) -> tensor<?x1x4xf32, "s0">
    %u2 = "onnx.Unsqueeze"(%u1, %a1) : (tensor<?x1x4xf32, "s0">, tensor<1xi64>) -> tensor<?x1x1x4xf32, "s0">
    "ir.return"(%u2) : (tensor<?x1x1x4xf32, "s0">) -> ()
  }) {sym_name = "unsqueeze_twice"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Axes as attributes (opset 11 and before) stay attributes.
// CHECK: %q2 = "onnx.Squeeze"(%x) {axes = array<i64: 0, 2>} : (tensor<1x3x1xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "squeeze_twice_attributes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x1xf32>):
    %q1 = "onnx.Squeeze"(%x) {axes = array<i64: 0>} : (tensor<1x3x1xf32>) -> tensor<3x1xf32>
    %q2 = "onnx.Squeeze"(%q1) {axes = array<i64: 1>} : (tensor<3x1xf32>) -> tensor<3xf32>
    "ir.return"(%q2) : (tensor<3xf32>) -> ()
  }) {sym_name = "squeeze_twice_attributes"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// CHECK-NOT: "onnx.Squeeze"
// CHECK: "ir.return"(%s)
// CHECK-LABEL: }) {sym_name = "cancel"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">):
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%s, %a1) : (tensor<?x4xf32, "s0">, tensor<1xi64>) -> tensor<?x1x4xf32, "s0">
    %q = "onnx.Squeeze"(%u, %a1) : (tensor<?x1x4xf32, "s0">, tensor<1xi64>) -> tensor<?x4xf32, "s0">
    "ir.return"(%q) : (tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "cancel"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: different axes do not cancel (the pair is then one Reshape, by
// fuse-view-chain).
// CHECK: %q = "onnx.Reshape"(%s, %{{.*}}) : (tensor<?x4xf32, "s0">, tensor<3xi64>) -> tensor<?x1x4xf32, "s0">
// CHECK-LABEL: }) {sym_name = "other_axes"}
// TRACE: pattern fold-squeeze-pair on onnx.Squeeze %q: the two ops' axes differ, so they do not cancel
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">):
    %a3 = "ir.constant"() {value = dense<[1, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %a1 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%s, %a3) : (tensor<?x4xf32, "s0">, tensor<2xi64>) -> tensor<?x1x4x1xf32, "s0">
    %q = "onnx.Squeeze"(%u, %a1) : (tensor<?x1x4x1xf32, "s0">, tensor<1xi64>) -> tensor<?x1x4xf32, "s0">
    "ir.return"(%q, %u) : (tensor<?x1x4xf32, "s0">, tensor<?x1x4x1xf32, "s0">) -> ()
  }) {sym_name = "other_axes"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the axes are a graph input (fuse-view-chain then makes the pair a
// Reshape of x to its own type, which goes).
// CHECK: "ir.return"(%x, %u)
// CHECK-LABEL: }) {sym_name = "unknown_axes"}
// TRACE: pattern fold-squeeze-pair on onnx.Squeeze %q: the axes are not constant and valid
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %axes: tensor<1xi64>):
    %a0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%x, %a0) : (tensor<3xf32>, tensor<1xi64>) -> tensor<1x3xf32>
    %q = "onnx.Squeeze"(%u, %axes) : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<3xf32>
    "ir.return"(%q, %u) : (tensor<3xf32>, tensor<1x3xf32>) -> ()
  }) {sym_name = "unknown_axes"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
