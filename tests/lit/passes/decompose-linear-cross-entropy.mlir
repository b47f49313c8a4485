// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// The chunked linear_cross_entropy ops are linear then cross_entropy_loss
// (decomposed in turn); the gradients, not asked for, are empty zeros.
// CHECK:      %[[LOGITS:.*]] = "aten.linear.default"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<8x3xf32>, tensor<4x3xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %{{.*}} = "aten.log_softmax.int"(%[[LOGITS]]) {arg_names = ["self"], dim = 1 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %{{.*}} = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = -100 : i64} : (tensor<8xi64>) -> tensor<8xi1>
// CHECK:      %r = "aten.sum.default"(%{{.*}}) {arg_names = ["self"]} : (tensor<8xf32>) -> tensor<f32>
// CHECK-NEXT: %{{.*}} = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0, 0>} : () -> tensor<0x0xf32>
// CHECK-NEXT: %{{.*}} = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0, 0>} : () -> tensor<0x0xf32>
// CHECK-NEXT: %{{.*}} = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0>} : () -> tensor<0xf32>
// CHECK-NEXT: %[[LOGITS2:.*]] = "aten.linear.default"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<8x3xf32>, tensor<4x3xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %{{.*}} = "aten.log_softmax.int"(%[[LOGITS2]]) {arg_names = ["self"], dim = 1 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %{{.*}} = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = 1 : i64} : (tensor<8xi64>) -> tensor<8xi1>
// CHECK:      %n = "aten.where.ScalarOther"(%{{.*}}, %{{.*}}) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<8xi1>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-LABEL: }) {sym_name = "linear_cross_entropy"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<8x3xf32>, %w: tensor<4x3xf32>, %t: tensor<8xi64>):
    %r:4 = "torch_nn._linear_cross_entropy_batch_chunked.default"(%x, %w, %t) {acc_dtype = f32, acc_policy = "compact", allow_retain_graph = true, arg_names = ["input", "linear_weight", "target"], batch_chunk_size = 2 : i64, compute_input_grad = false, compute_linear_bias_grad = false, compute_linear_weight_grad = false, ignore_index = -100 : i64, label_smoothing = 0.0 : f64, linear_bias, reduction = "sum", weight} : (tensor<8x3xf32>, tensor<4x3xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<0x0xf32>, tensor<0x0xf32>, tensor<0xf32>)
    %n = "torch_nn._linear_cross_entropy_batch_chunked_no_reduction.default"(%x, %w, %t) {acc_dtype = f32, acc_policy = "compact", arg_names = ["input", "linear_weight", "target"], batch_chunk_size = 2 : i64, ignore_index = 1 : i64, linear_bias, weight} : (tensor<8x3xf32>, tensor<4x3xf32>, tensor<8xi64>) -> tensor<8xf32>
    "ir.return"(%r#0, %n) : (tensor<f32>, tensor<8xf32>) -> ()
  }) {sym_name = "linear_cross_entropy"} : () -> ()
}) : () -> ()

// -----

// Precomputed gradients for a backward pass are not built.
// CHECK: "torch_nn._linear_cross_entropy_batch_chunked.default"
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern torch_nn._linear_cross_entropy_batch_chunked.default on torch_nn._linear_cross_entropy_batch_chunked.default %r: gradients are asked for
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<8x3xf32>, %w: tensor<4x3xf32>, %t: tensor<8xi64>):
    %r:4 = "torch_nn._linear_cross_entropy_batch_chunked.default"(%x, %w, %t) {acc_dtype = f32, acc_policy = "compact", allow_retain_graph = true, arg_names = ["input", "linear_weight", "target"], batch_chunk_size = 2 : i64, compute_input_grad = true, compute_linear_bias_grad = false, compute_linear_weight_grad = false, ignore_index = -100 : i64, label_smoothing = 0.0 : f64, linear_bias, reduction = "mean", weight} : (tensor<8x3xf32>, tensor<4x3xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8x3xf32>, tensor<0x0xf32>, tensor<0xf32>)
    "ir.return"(%r#0) : (tensor<f32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
