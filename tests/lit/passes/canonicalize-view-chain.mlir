// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// fuse-view-chain: a Reshape, Squeeze, Unsqueeze or Flatten of one of those
// is one Reshape of the first input.

// Reshape(Reshape(x)): the outer target, which copies no dim, is kept.
// CHECK: %two = "onnx.Reshape"(%x, %shape_6_4) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
// CHECK-NEXT: "ir.return"(%two)
// CHECK-LABEL: }) {sym_name = "reshape_reshape"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %shape_24 = "ir.constant"() {value = dense<[24]> : tensor<1xi64>} : () -> tensor<1xi64>
    %flat = "onnx.Reshape"(%x, %shape_24) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<24xf32>
    %shape_6_4 = "ir.constant"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %two = "onnx.Reshape"(%flat, %shape_6_4) : (tensor<24xf32>, tensor<2xi64>) -> tensor<6x4xf32>
    "ir.return"(%two) : (tensor<6x4xf32>) -> ()
  }) {sym_name = "reshape_reshape"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Unsqueeze then a Reshape that copies a dim: the target is spelled from the
// result type, 0 for the symbolic dim the input has in place.
// CHECK: %[[C:.*]] = "ir.constant"() {value = dense<[0, 2, 2]> : tensor<3xi64>}
// CHECK-NEXT: %r = "onnx.Reshape"(%s, %[[C]]) : (tensor<?x4xf32, "s0">, tensor<3xi64>) -> tensor<?x2x2xf32, "s0">
// CHECK-LABEL: }) {sym_name = "unsqueeze_reshape"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">):
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%s, %a1) : (tensor<?x4xf32, "s0">, tensor<1xi64>) -> tensor<?x1x4xf32, "s0">
    %shape_0_2_2 = "ir.constant"() {value = dense<[0, 2, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %r = "onnx.Reshape"(%u, %shape_0_2_2) : (tensor<?x1x4xf32, "s0">, tensor<3xi64>) -> tensor<?x2x2xf32, "s0">
    "ir.return"(%r) : (tensor<?x2x2xf32, "s0">) -> ()
  }) {sym_name = "unsqueeze_reshape"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: allowzero makes a 0 entry a 0 dim, not a copy.
// CHECK: %flat = "onnx.Reshape"(%x
// CHECK: %two = "onnx.Reshape"(%flat
// CHECK-LABEL: }) {sym_name = "allowzero"}
// TRACE: pattern fuse-view-chain on onnx.Reshape %two: allowzero is set
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %shape_24 = "ir.constant"() {value = dense<[24]> : tensor<1xi64>} : () -> tensor<1xi64>
    %flat = "onnx.Reshape"(%x, %shape_24) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<24xf32>
    %shape_6_4 = "ir.constant"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %two = "onnx.Reshape"(%flat, %shape_6_4) {allowzero = 1 : i64} : (tensor<24xf32>, tensor<2xi64>) -> tensor<6x4xf32>
    "ir.return"(%two) : (tensor<6x4xf32>) -> ()
  }) {sym_name = "allowzero"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the input is not a view op.
// CHECK: %r = "onnx.Reshape"(%n
// CHECK-LABEL: }) {sym_name = "not_a_view"}
// TRACE: pattern fuse-view-chain on onnx.Reshape %r: the input is not a view op
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %n = "onnx.Neg"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %shape_6_4 = "ir.constant"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %r = "onnx.Reshape"(%n, %shape_6_4) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
    "ir.return"(%r) : (tensor<6x4xf32>) -> ()
  }) {sym_name = "not_a_view"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
