// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// isclose: equal, or both NaN with equal_nan, or a finite |self - other|
// within atol + |rtol * other|.
// CHECK:      %[[EQ:.*]] = "aten.eq.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[NY:.*]] = "aten.isnan.default"(%y)
// CHECK-NEXT: %[[NX:.*]] = "aten.isnan.default"(%x)
// CHECK-NEXT: %[[NAN:.*]] = "aten.logical_and.default"(%[[NX]], %[[NY]])
// CHECK-NEXT: %[[CLOSE:.*]] = "aten.logical_or.default"(%[[EQ]], %[[NAN]])
// CHECK-NEXT: %[[R:.*]] = "aten.mul.Scalar"(%y) {arg_names = ["self"], other = 1.0e-05 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[RA:.*]] = "aten.abs.default"(%[[R]])
// CHECK-NEXT: %[[ALLOWED:.*]] = "aten.add.Scalar"(%[[RA]]) {arg_names = ["self"], other = 1.0e-08 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[D:.*]] = "aten.sub.Tensor"(%x, %y)
// CHECK-NEXT: %[[ACTUAL:.*]] = "aten.abs.default"(%[[D]]) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[LE:.*]] = "aten.le.Tensor"(%[[ACTUAL]], %[[ALLOWED]]) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[FIN:.*]] = "aten.isfinite.default"(%[[ACTUAL]])
// CHECK-NEXT: %[[WITHIN:.*]] = "aten.logical_and.default"(%[[FIN]], %[[LE]])
// CHECK-NEXT: %c = "aten.logical_or.default"(%[[CLOSE]], %[[WITHIN]]) {arg_names = ["self", "other"]} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-LABEL: }) {sym_name = "isclose"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<3xf32>):
    %c = "aten.isclose.default"(%x, %y) {arg_names = ["self", "other"], equal_nan = true} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
    "ir.return"(%c) : (tensor<2x3xi1>) -> ()
  }) {sym_name = "isclose"} : () -> ()
}) : () -> ()

// -----

// With zero tolerances it is equality; integers have no NaN.
// CHECK:      %c = "aten.eq.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
// CHECK-NEXT: "ir.return"(%c)
// CHECK-LABEL: }) {sym_name = "zero_tolerances"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi64>, %y: tensor<3xi64>):
    %c = "aten.isclose.default"(%x, %y) {arg_names = ["self", "other"], rtol = 0.0 : f64, atol = 0.0 : f64, equal_nan = true} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
    "ir.return"(%c) : (tensor<3xi1>) -> ()
  }) {sym_name = "zero_tolerances"} : () -> ()
}) : () -> ()

// -----

// Operands of two dtypes are an error in torch, left alone.
// CHECK: "aten.isclose.default"
// CHECK-LABEL: }) {sym_name = "mixed"}
// TRACE: pattern aten.isclose.default on aten.isclose.default %c: `self` and `other` are not real tensors of one dtype
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf64>):
    %c = "aten.isclose.default"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xi1>
    "ir.return"(%c) : (tensor<3xi1>) -> ()
  }) {sym_name = "mixed"} : () -> ()
}) : () -> ()
