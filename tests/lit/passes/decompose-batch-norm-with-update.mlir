// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s

// _batch_norm_with_update_functional is the training form of
// _native_batch_norm_legit_functional, plus an empty reserve buffer.
// CHECK:      %[[N:.*]]:5 = "aten._native_batch_norm_legit_functional.default"(%x, %w, %b, %m, %v) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = true} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: %[[R:.*]] = "aten.empty.memory_format"() {arg_names = [], dtype = ui8, size = array<i64: 0>} : () -> tensor<0xui8>
// CHECK-NEXT: "ir.return"(%[[N]]#0, %[[N]]#1, %[[N]]#2, %[[R]], %[[N]]#3, %[[N]]#4)
// CHECK-LABEL: }) {sym_name = "batch_norm_with_update"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>):
    %r:6 = "aten._batch_norm_with_update_functional.default"(%x, %w, %b, %m, %v) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], momentum = 0.1 : f64, eps = 1.0e-05 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<0xui8>, tensor<3xf32>, tensor<3xf32>)
    "ir.return"(%r#0, %r#1, %r#2, %r#3, %r#4, %r#5) : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<0xui8>, tensor<3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "batch_norm_with_update"} : () -> ()
}) : () -> ()
