// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s

// _safe_softmax: softmax, but 0 along rows where every element is -inf.
// CHECK:      %[[S:.*]] = "aten.softmax.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[M:.*]] = "aten.eq.Scalar"(%x) {arg_names = ["self"], other = 0xFFF0000000000000 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[ROWS:.*]] = "aten.all.dim"(%[[M]]) {arg_names = ["self"], dim = 1 : i64, keepdim = true} : (tensor<2x3xi1>) -> tensor<2x1xi1>
// CHECK-NEXT: %s = "aten.where.ScalarSelf"(%[[ROWS]], %[[S]]) {arg_names = ["condition", "other"], self = 0.0 : f64} : (tensor<2x1xi1>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "safe_softmax"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %s = "aten._safe_softmax.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%s) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "safe_softmax"} : () -> ()
}) : () -> ()
