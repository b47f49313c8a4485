// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-no-op-reshape: a Reshape whose target is provably the input's shape
// (each entry the input's dim, a 0 that copies it, or one -1) is its input,
// even when the result type has lost what the input's knew.

// 0 copies a dim, -1 is then the last one.
// CHECK-NOT: "onnx.Reshape"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "zeros_and_inferred"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %target = "ir.constant"() {value = dense<[0, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %r = "onnx.Reshape"(%x, %target) : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x3x?xf32>
    "ir.return"(%r) : (tensor<2x3x?xf32>) -> ()
  }) {sym_name = "zeros_and_inferred"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// The target is the input's own Shape: its symbolic entry is the input's dim.
// CHECK-NOT: "onnx.Reshape"
// CHECK: "ir.return"(%s)
// CHECK-LABEL: }) {sym_name = "own_shape"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">):
    %shape = "onnx.Shape"(%s) : (tensor<?x4xf32, "s0">) -> tensor<2xi64>
    %r = "onnx.Reshape"(%s, %shape) : (tensor<?x4xf32, "s0">, tensor<2xi64>) -> tensor<?x4xf32>
    "ir.return"(%r) : (tensor<?x4xf32>) -> ()
  }) {sym_name = "own_shape"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: an entry is not the input's dim.
// CHECK: %r = "onnx.Reshape"(%x, %target)
// CHECK-LABEL: }) {sym_name = "other_entry"}
// TRACE: pattern drop-no-op-reshape on onnx.Reshape %r: target entry 1 is not provably the input's dim
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %target = "ir.constant"() {value = dense<[2, 4, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %r = "onnx.Reshape"(%x, %target) : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x4x?xf32>
    "ir.return"(%r) : (tensor<2x4x?xf32>) -> ()
  }) {sym_name = "other_entry"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the target is a graph input, whose entries are not known.
// CHECK: %r = "onnx.Reshape"(%x, %target)
// CHECK-LABEL: }) {sym_name = "unknown_target"}
// TRACE: pattern drop-no-op-reshape on onnx.Reshape %r: an entry of the target is not known
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %target: tensor<3xi64>):
    %r = "onnx.Reshape"(%x, %target) : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
    "ir.return"(%r) : (tensor<?x?x?xf32>) -> ()
  }) {sym_name = "unknown_target"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
