// RUN: %pt2onnx-opt %s --split-input-file --passes=infer-shapes --verify | FileCheck %s

// The ops of a region are inferred before the op that owns it.

// If's results keep what both branches agree on.
// CHECK: %both:2 = "onnx.If"(%cond) ({
// CHECK: %t = "onnx.Transpose"(%x) {{.*}} -> tensor<4x3xf32>
// CHECK: %n = "onnx.Neg"(%y) {{.*}} -> tensor<4x?xf32, "s0">
// CHECK: }) : (tensor<i1>) -> (tensor<4x?xf32, "?">, tensor<4xf32>)
// CHECK-LABEL: }) {sym_name = "if_results_agree_on_both_branches"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%cond: tensor<i1>, %x: tensor<3x4xf32>, %y: tensor<4x?xf32, "s0">, %v: tensor<4xf32>):
    %both:2 = "onnx.If"(%cond) ({
      %t = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<3x4xf32>) -> tensor<*xf32>
      "ir.return"(%t, %v) : (tensor<*xf32>, tensor<4xf32>) -> ()
    }, {
      %n = "onnx.Neg"(%y) : (tensor<4x?xf32, "s0">) -> tensor<*xf32>
      "ir.return"(%n, %v) : (tensor<*xf32>, tensor<4xf32>) -> ()
    }) : (tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>)
    "ir.return"(%both#0, %both#1) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "if_results_agree_on_both_branches"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 10>}} : () -> ()

// -----

// Loop's carried values keep what the initial value and the body agree on,
// its scan outputs stack the body's value along a new leading dim of unknown
// length.
// CHECK: %loop:3 = "onnx.Loop"(%trip, %cond, %x)
// CHECK: %sum = "onnx.Add"(%acc, %acc) {{.*}} -> tensor<3x4xf32>
// CHECK: %row = "onnx.ReduceSum"(%sum, %axis0) {{.*}} -> tensor<1x4xf32>
// CHECK: (tensor<i64>, tensor<i1>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<?x1x4xf32, "?">, tensor<?xi64, "?">)
// CHECK-LABEL: }) {sym_name = "loop_carried_and_scan_outputs"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%cond: tensor<i1>, %x: tensor<3x4xf32>, %trip: tensor<i64>):
    %loop:3 = "onnx.Loop"(%trip, %cond, %x) ({
    ^bb0(%i: tensor<i64>, %c: tensor<i1>, %acc: tensor<3x4xf32>):
      %sum = "onnx.Add"(%acc, %acc) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<*xf32>
      %axis0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
      %row = "onnx.ReduceSum"(%sum, %axis0) {keepdims = 1 : i64} : (tensor<*xf32>, tensor<1xi64>) -> tensor<*xf32>
      "ir.return"(%c, %sum, %row, %i) : (tensor<i1>, tensor<*xf32>, tensor<*xf32>, tensor<i64>) -> ()
    }) : (tensor<i64>, tensor<i1>, tensor<3x4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xi64>)
    "ir.return"(%loop#0, %loop#1, %loop#2) : (tensor<*xf32>, tensor<*xf32>, tensor<*xi64>) -> ()
  }) {sym_name = "loop_carried_and_scan_outputs"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 10>}} : () -> ()

// -----

// Scan's scan outputs take the scanned length.
// CHECK: %scan:2 = "onnx.Scan"(%v, %xs) ({
// CHECK: %next = "onnx.Add"(%state, %item) {{.*}} -> tensor<4xf32>
// CHECK: }) {num_scan_inputs = 1 : i64, scan_output_axes = array<i64: 1>} : (tensor<4xf32>, tensor<7x4xf32>) -> (tensor<4xf32>, tensor<4x7xf32>)
// CHECK-LABEL: }) {sym_name = "scan_outputs_take_scanned_length"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%v: tensor<4xf32>, %xs: tensor<7x4xf32>):
    %scan:2 = "onnx.Scan"(%v, %xs) ({
    ^bb0(%state: tensor<4xf32>, %item: tensor<4xf32>):
      %next = "onnx.Add"(%state, %item) : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
      "ir.return"(%next, %next) : (tensor<*xf32>, tensor<*xf32>) -> ()
    }) {num_scan_inputs = 1 : i64, scan_output_axes = array<i64: 1>} : (tensor<4xf32>, tensor<7x4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
    "ir.return"(%scan#0, %scan#1) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "scan_outputs_take_scanned_length"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 10>}} : () -> ()
