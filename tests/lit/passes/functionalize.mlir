// RUN: %pt2onnx-opt %s --split-input-file --passes=functionalize --verify-each --no-provenance | FileCheck %s

// An in-place op becomes its functional overload with the same operands and
// attributes, and every later use of the tensor it updated, in program
// order, sees the result. fill_, copy_ and index_put_ are no different.
// CHECK: %clone = "aten.clone.default"(%x)
// CHECK-NEXT: %add_ = "aten.add.Tensor"(%clone, %y) {arg_names = ["self", "other"]}
// CHECK-NEXT: %mul = "aten.mul.Tensor"(%add_, %add_)
// CHECK-NEXT: %relu_ = "aten.relu.default"(%add_)
// CHECK-NEXT: %fill_ = "aten.fill.Scalar"(%mul) {arg_names = ["self"], value = 1.0 : f64}
// CHECK-NEXT: %copy_ = "aten.copy.default"(%fill_, %y) {arg_names = ["self", "src"]}
// CHECK-NEXT: %index_put_ = "aten.index_put.default"(%copy_, %rows, %y) {accumulate = false, arg_names = ["self", "indices", "values"]}
// CHECK-NEXT: "ir.return"(%relu_, %index_put_)
// CHECK-LABEL: }) {sym_name = "later_uses_see_the_update"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>, %rows: tensor<2xi64>):
    %clone = "aten.clone.default"(%x) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %add_ = "aten.add_.Tensor"(%clone, %y) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %mul = "aten.mul.Tensor"(%clone, %clone) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %relu_ = "aten.relu_.default"(%clone) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %fill_ = "aten.fill_.Scalar"(%mul) {arg_names = ["self"], value = 1.0 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %copy_ = "aten.copy_.default"(%fill_, %y) {arg_names = ["self", "src"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %index_put_ = "aten.index_put_.default"(%mul, %rows, %y) {arg_names = ["self", "indices", "values"], accumulate = false} : (tensor<3x4xf32>, tensor<2xi64>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%clone, %mul) : (tensor<3x4xf32>, tensor<3x4xf32>) -> ()
  }) {sym_name = "later_uses_see_the_update"} : () -> ()
}) : () -> ()

// -----

// The overloads whose functional twin torch names otherwise, the Python
// operator forms, and dropout_, whose first argument is `input` once
// functional.
// CHECK: %b = "aten.bernoulli.p"(%x) {arg_names = ["self"], p = 0.5 : f64}
// CHECK-NEXT: %n = "aten.normal_functional.default"(%b) {arg_names = ["self"]}
// CHECK-NEXT: %a = "aten.__and__.Tensor"(%m, %m)
// CHECK-NEXT: %d = "aten.dropout.default"(%n) {arg_names = ["input"], p = 0.1 : f64, train = true}
// CHECK-NEXT: "ir.return"(%d, %d, %a, %d)
// CHECK-LABEL: }) {sym_name = "functional_twins_named_otherwise"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %m: tensor<4xi1>):
    %b = "aten.bernoulli_.float"(%x) {arg_names = ["self"], p = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    %n = "aten.normal_.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    %a = "aten.__iand__.Tensor"(%m, %m) {arg_names = ["self", "other"]} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %d = "aten.dropout_.default"(%x) {arg_names = ["self"], p = 0.1 : f64, train = true} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%b, %n, %a, %d) : (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xf32>) -> ()
  }) {sym_name = "functional_twins_named_otherwise"} : () -> ()
}) : () -> ()
