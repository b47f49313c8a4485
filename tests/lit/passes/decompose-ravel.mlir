// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s

// ravel is a reshape to one dim of all elements.
// CHECK: %ravel = "aten.reshape.default"(%x) {arg_names = ["self"], shape = array<i64: -1>} : (tensor<2x?xf32, "s0">) -> tensor<?xf32, "2*s0">
// CHECK-LABEL: }) {sym_name = "dynamic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?xf32, "s0">):
    %ravel = "aten.ravel.default"(%x) {arg_names = ["self"]} : (tensor<2x?xf32, "s0">) -> tensor<?xf32, "2*s0">
    "ir.return"(%ravel) : (tensor<?xf32, "2*s0">) -> ()
  }) {sym_name = "dynamic"} : () -> ()
}) : () -> ()

// -----

// A rank-0 tensor becomes a tensor of shape [1].
// CHECK: %ravel = "aten.reshape.default"(%x) {arg_names = ["self"], shape = array<i64: -1>} : (tensor<f32>) -> tensor<1xf32>
// CHECK-LABEL: }) {sym_name = "rank_0"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<f32>):
    %ravel = "aten.ravel.default"(%x) {arg_names = ["self"]} : (tensor<f32>) -> tensor<1xf32>
    "ir.return"(%ravel) : (tensor<1xf32>) -> ()
  }) {sym_name = "rank_0"} : () -> ()
}) : () -> ()
