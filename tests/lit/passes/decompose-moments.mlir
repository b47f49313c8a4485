// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s

// std_mean/var_mean by unbiased flag are the .correction overload with
// correction 1 (unbiased, the default) or 0.
// CHECK:      %s:2 = "aten.std_mean.correction"(%x) {arg_names = ["self"], correction = 0 : i64, dim = array<i64: 1>} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT: %v:2 = "aten.var_mean.correction"(%x) {arg_names = ["self"], correction = 1 : i64} : (tensor<2x3xf32>) -> (tensor<f32>, tensor<f32>)
// CHECK-LABEL: }) {sym_name = "moments"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %s:2 = "aten.std_mean.dim"(%x) {arg_names = ["self"], dim = array<i64: 1>, unbiased = false} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %v:2 = "aten.var_mean.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> (tensor<f32>, tensor<f32>)
    "ir.return"(%s#0, %s#1, %v#0, %v#1) : (tensor<2xf32>, tensor<2xf32>, tensor<f32>, tensor<f32>) -> ()
  }) {sym_name = "moments"} : () -> ()
}) : () -> ()
