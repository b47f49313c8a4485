// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// fliplr reverses dim 1, flipud dim 0.
// CHECK: %fliplr = "aten.flip.default"(%x) {arg_names = ["self"], dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %flipud = "aten.flip.default"(%x) {arg_names = ["self"], dims = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "flips"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %fliplr = "aten.fliplr.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %flipud = "aten.flipud.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%fliplr, %flipud) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "flips"} : () -> ()
}) : () -> ()

// -----

// fliplr of a rank-1 tensor, which torch refuses, stays.
// CHECK: %fliplr = "aten.fliplr.default"(%v)
// CHECK-LABEL: }) {sym_name = "no_dim_1"}
// TRACE: pattern aten.fliplr.default on aten.fliplr.default %fliplr: `self` has no dim 1
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%v: tensor<3xf32>):
    %fliplr = "aten.fliplr.default"(%v) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%fliplr) : (tensor<3xf32>) -> ()
  }) {sym_name = "no_dim_1"} : () -> ()
}) : () -> ()
