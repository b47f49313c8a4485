// RUN: not %pt2onnx-opt %s --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// polygamma of a high order is refused: its series is not accurate there.
// CHECK: aten.polygamma.default (1 use): polygamma of order n = 17 is not supported (at most 16)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %polygamma = "aten.polygamma.default"(%x) {arg_names = ["self"], n = 17 : i64} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%polygamma) : (tensor<3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
