// RUN: %pt2onnx-opt %s --passes=functionalize --verify-each --no-provenance | FileCheck %s

// Later uses include those in the regions of later ops (%neg captured by the
// cond branch), and an in-place op inside a region updates a value of that
// region: later uses there see the result.
// CHECK: %add_ = "aten.add.Scalar"(%neg)
// CHECK-NEXT: %cond = "higher_order.cond"(%pred, %add_) ({
// CHECK-NEXT: ^bb0(%a: tensor<4xf32>):
// CHECK-NEXT: %c = "aten.clone.default"(%a)
// CHECK-NEXT: %relu_ = "aten.relu.default"(%c)
// CHECK-NEXT: %m = "aten.mul.Tensor"(%relu_, %add_)
// CHECK-NEXT: "ir.return"(%m)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%pred: tensor<i1>, %x: tensor<4xf32>):
    %neg = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    %add_ = "aten.add_.Scalar"(%neg) {arg_names = ["self"], other = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    %cond = "higher_order.cond"(%pred, %neg) ({
    ^bb0(%a: tensor<4xf32>):
      %c = "aten.clone.default"(%a) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
      %relu_ = "aten.relu_.default"(%c) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
      %m = "aten.mul.Tensor"(%c, %neg) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      "ir.return"(%m) : (tensor<4xf32>) -> ()
    }, {
    ^bb0(%a: tensor<4xf32>):
      "ir.return"(%a) : (tensor<4xf32>) -> ()
    }) {arg_names = ["pred", "operands"], region_names = ["true_fn", "false_fn"]} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%cond) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
