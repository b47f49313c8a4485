// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-same-type-view: a Reshape, Squeeze, Unsqueeze, Flatten or Expand whose
// result type is its input's, with no unknown dim, is its input.

// CHECK-NOT: "onnx.Reshape"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "reshape_same_type"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %shape: tensor<2xi64>):
    %r = "onnx.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
    "ir.return"(%r) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "reshape_same_type"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// A symbolic dim is known: the same expression on both sides.
// CHECK-NOT: "onnx.Flatten"
// CHECK-NOT: "onnx.Expand"
// CHECK: "ir.return"(%s, %s)
// CHECK-LABEL: }) {sym_name = "flatten_and_expand_symbolic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">, %shape: tensor<2xi64>):
    %f = "onnx.Flatten"(%s) {axis = 1 : i64} : (tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0">
    %e = "onnx.Expand"(%s, %shape) : (tensor<?x4xf32, "s0">, tensor<2xi64>) -> tensor<?x4xf32, "s0">
    "ir.return"(%f, %e) : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "flatten_and_expand_symbolic"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: an unknown dim may differ from the input's.
// CHECK: %r = "onnx.Reshape"(%u, %shape)
// CHECK: "ir.return"(%r)
// CHECK-LABEL: }) {sym_name = "unknown_dim"}
// TRACE: pattern drop-same-type-view on onnx.Reshape %r: the result type has unknown dims
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%u: tensor<?x4xf32>, %shape: tensor<2xi64>):
    %r = "onnx.Reshape"(%u, %shape) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
    "ir.return"(%r) : (tensor<?x4xf32>) -> ()
  }) {sym_name = "unknown_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the type changes.
// CHECK: %r = "onnx.Reshape"(%x, %shape)
// CHECK-LABEL: }) {sym_name = "other_type"}
// TRACE: pattern drop-same-type-view on onnx.Reshape %r: the result type is not the input's
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %shape: tensor<2xi64>):
    %r = "onnx.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    "ir.return"(%r) : (tensor<3x2xf32>) -> ()
  }) {sym_name = "other_type"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
