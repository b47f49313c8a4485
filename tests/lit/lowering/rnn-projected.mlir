// An LSTM with projections (proj_size 2, hidden 5) has no ONNX op: a Scan
// over the sequence computes torch's cell, the input's part of every step
// hoisted out of the loop.
// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s

// CHECK: %[[H0:.*]] = "onnx.Gather"(%h, %{{.*}}) {axis = 0 : i64} : (tensor<1x?x2xf32, "s0">, tensor<i64>) -> tensor<?x2xf32, "s0">
// CHECK: %[[C0:.*]] = "onnx.Gather"(%c, %{{.*}}) {axis = 0 : i64} : (tensor<1x?x5xf32, "s0">, tensor<i64>) -> tensor<?x5xf32, "s0">
// CHECK: %[[WIH:.*]] = "onnx.Transpose"(%w_ih) {perm = array<i64: 1, 0>}
// CHECK: %[[XW:.*]] = "onnx.MatMul"(%x, %[[WIH]]) : (tensor<4x?x3xf32, "s0">, tensor<3x20xf32>) -> tensor<4x?x20xf32, "s0">
// CHECK: %[[WHH:.*]] = "onnx.Transpose"(%w_hh) {perm = array<i64: 1, 0>} : (tensor<20x2xf32>) -> tensor<2x20xf32>
// CHECK: %[[WHR:.*]] = "onnx.Transpose"(%w_hr) {perm = array<i64: 1, 0>} : (tensor<2x5xf32>) -> tensor<5x2xf32>
// CHECK: %[[SCAN:.*]]:3 = "onnx.Scan"(%[[H0]], %[[C0]], %[[XW]]) ({
// CHECK-NEXT: ^bb0(%[[H:.*]]: tensor<?x2xf32, "s0">, %[[C:.*]]: tensor<?x5xf32, "s0">, %[[XT:.*]]: tensor<?x20xf32, "s0">):
// CHECK-NEXT: %[[REC:.*]] = "onnx.MatMul"(%[[H]], %[[WHH]])
// CHECK-NEXT: %[[GATES:.*]] = "onnx.Add"(%[[XT]], %[[REC]])
// The gates in torch's order: input, forget, cell, output.
// CHECK: %[[I:.*]] = "onnx.Sigmoid"
// CHECK: %[[F:.*]] = "onnx.Sigmoid"
// CHECK: %[[G:.*]] = "onnx.Tanh"
// CHECK: %[[O:.*]] = "onnx.Sigmoid"
// CHECK: %[[KEPT:.*]] = "onnx.Mul"(%[[F]], %[[C]])
// CHECK: %[[ADDED:.*]] = "onnx.Mul"(%[[I]], %[[G]])
// CHECK: %[[CN:.*]] = "onnx.Add"(%[[KEPT]], %[[ADDED]])
// CHECK: %[[SQ:.*]] = "onnx.Tanh"(%[[CN]])
// CHECK: %[[UNPROJ:.*]] = "onnx.Mul"(%[[O]], %[[SQ]])
// CHECK: %[[HN:.*]] = "onnx.MatMul"(%[[UNPROJ]], %[[WHR]]) : (tensor<?x5xf32, "s0">, tensor<5x2xf32>) -> tensor<?x2xf32, "s0">
// CHECK: "ir.return"(%[[HN]], %[[CN]], %[[HN]])
// CHECK: }) {num_scan_inputs = 1 : i64, scan_input_axes = array<i64: 0>, scan_output_axes = array<i64: 0>} : (tensor<?x2xf32, "s0">, tensor<?x5xf32, "s0">, tensor<4x?x20xf32, "s0">) -> (tensor<?x2xf32, "s0">, tensor<?x5xf32, "s0">, tensor<4x?x2xf32, "s0">)
// CHECK: %[[HOUT:.*]] = "onnx.Unsqueeze"(%[[SCAN]]#0
// CHECK: %[[COUT:.*]] = "onnx.Unsqueeze"(%[[SCAN]]#1
// CHECK: "ir.return"(%[[SCAN]]#2, %[[HOUT]], %[[COUT]])
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x?x3xf32, "s0">, %h: tensor<1x?x2xf32, "s0">, %c: tensor<1x?x5xf32, "s0">, %w_ih: tensor<20x3xf32>, %w_hh: tensor<20x2xf32>, %w_hr: tensor<2x5xf32>):
    %lstm:3 = "aten.lstm.input"(%x, %h, %c, %w_ih, %w_hh, %w_hr) {arg_names = ["input", "hx", "hx", "params", "params", "params"], batch_first = false, bidirectional = false, dropout = 0.0 : f64, has_biases = false, num_layers = 1 : i64, train = false} : (tensor<4x?x3xf32, "s0">, tensor<1x?x2xf32, "s0">, tensor<1x?x5xf32, "s0">, tensor<20x3xf32>, tensor<20x2xf32>, tensor<2x5xf32>) -> (tensor<4x?x2xf32, "s0">, tensor<1x?x2xf32, "s0">, tensor<1x?x5xf32, "s0">)
    "ir.return"(%lstm#0, %lstm#1, %lstm#2) : (tensor<4x?x2xf32, "s0">, tensor<1x?x2xf32, "s0">, tensor<1x?x5xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
