// Not split: --stats reports on the whole module and pipeline, one case.
// pt2onnx-opt --stats: the program's summary before and after the pipeline,
// then the change of the op histogram, largest changes first (ties in name
// order), with the totals, then what each pass counted.
// RUN: %pt2onnx-opt %s --stats --passes=functionalize,lower-aten | FileCheck %s
// CHECK: ops: 4
// CHECK: after the pipeline:
// CHECK: ops: 4
// CHECK:      op histogram change (before -> after):
// CHECK-NEXT:     before    after    delta  op
// CHECK-NEXT:          2        0       -2  aten.add.Tensor
// CHECK-NEXT:          0        2       +2  onnx.Add
// CHECK-NEXT:          1        0       -1  aten.relu_.default
// CHECK-NEXT:          0        1       +1  onnx.Relu
// CHECK-NEXT:          4        4       +0  total
// CHECK:      pass statistics report
// CHECK:        functionalize
// CHECK-NEXT:   lower-aten
// CHECK-NOT: {{.}}
// Without a pipeline there is nothing to compare.
// RUN: %pt2onnx-opt %s --stats | FileCheck %s --check-prefix=NONE
// NONE: ops: 4
// NONE-NOT: after the pipeline
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %add = "aten.add.Tensor"(%x, %x) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %relu_ = "aten.relu_.default"(%add) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    %add_1 = "aten.add.Tensor"(%add, %x) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%add_1) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
