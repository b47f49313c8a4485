// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s

// msort is the values of a sort along dim 0.
// CHECK:      %msort:2 = "aten.sort.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>)
// CHECK-NEXT: "ir.return"(%msort#0) : (tensor<4x3xf32>) -> ()
// CHECK-LABEL: }) {sym_name = "msort"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x3xf32>):
    %msort = "aten.msort.default"(%x) {arg_names = ["self"]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    "ir.return"(%msort) : (tensor<4x3xf32>) -> ()
  }) {sym_name = "msort"} : () -> ()
}) : () -> ()
