// One case: one GRU, whose lowering is a single chain of ops.
// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s

// A batch-first GRU: time-major input for ONNX, weights regathered from
// torch's (r, z, n) gate order to ONNX's (z, r, n), biases concatenated, and
// Y [seq, dirs, batch, hidden] back to torch's [batch, seq, dirs * hidden].
// CHECK: %[[X:.*]] = "onnx.Transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<?x5x3xf32, "s0">) -> tensor<5x?x3xf32, "s0">
// CHECK: %[[ROWS:.*]] = "ir.constant"() {value = dense<[2, 3, 0, 1, 4, 5]> : tensor<6xi64>}
// CHECK: "onnx.Gather"(%w_ih, %[[ROWS]]) {axis = 0 : i64} : (tensor<6x3xf32>, tensor<6xi64>) -> tensor<6x3xf32>
// CHECK: %[[Y:.*]]:2 = "onnx.GRU"(%[[X]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {direction = "forward", hidden_size = 2 : i64, linear_before_reset = 1 : i64} : (tensor<5x?x3xf32, "s0">, tensor<1x6x3xf32>, tensor<1x6x2xf32>, tensor<1x12xf32>, none, tensor<1x?x2xf32, "s0">) -> (tensor<5x1x?x2xf32, "s0">, tensor<1x?x2xf32, "s0">)
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[Y]]#0) {perm = array<i64: 0, 2, 1, 3>}
// CHECK: %[[R:.*]] = "onnx.Reshape"(%[[T]], %{{.*}}) : (tensor<5x?x1x2xf32, "s0">, tensor<3xi64>) -> tensor<5x?x2xf32, "s0">
// CHECK: %gru = "onnx.Transpose"(%[[R]]) {perm = array<i64: 1, 0, 2>} : (tensor<5x?x2xf32, "s0">) -> tensor<?x5x2xf32, "s0">
// CHECK: "ir.return"(%gru, %[[Y]]#1)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x5x3xf32, "s0">, %h: tensor<1x?x2xf32, "s0">, %w_ih: tensor<6x3xf32>, %w_hh: tensor<6x2xf32>, %b_ih: tensor<6xf32>, %b_hh: tensor<6xf32>):
    %gru:2 = "aten.gru.input"(%x, %h, %w_ih, %w_hh, %b_ih, %b_hh) {arg_names = ["input", "hx", "params", "params", "params", "params"], batch_first = true, bidirectional = false, dropout = 0.0 : f64, has_biases = true, num_layers = 1 : i64, train = false} : (tensor<?x5x3xf32, "s0">, tensor<1x?x2xf32, "s0">, tensor<6x3xf32>, tensor<6x2xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<?x5x2xf32, "s0">, tensor<1x?x2xf32, "s0">)
    "ir.return"(%gru#0, %gru#1) : (tensor<?x5x2xf32, "s0">, tensor<1x?x2xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
