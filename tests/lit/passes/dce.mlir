// RUN: %pt2onnx-opt %s --passes=dce | FileCheck %s

// Dead pure ops go, chains of them in one sweep; graph outputs, inputs and
// ops with side effects stay, and so do weights that are still referenced.
// CHECK-LABEL: "ir.graph"
// CHECK-NEXT: ^bb0(%x: tensor<4xf32>, %unused_input: tensor<4xf32>):
// CHECK-NEXT: %w = "ir.constant"() {value = dense_resource<live.weight> : tensor<4xf32>}
// CHECK-NEXT: %mul = "onnx.Mul"(%x, %w)
// CHECK-NEXT: "aten._assert_scalar.default"
// CHECK-NEXT: "aten.add_.Tensor"(%x, %x)
// CHECK-NEXT: "custom.op"(%x)
// CHECK-NEXT: "test.region_op"() ({
// CHECK-NEXT: "aten.copy_.default"
// CHECK-NEXT: "ir.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "ir.return"(%mul)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %unused_input: tensor<4xf32>):
    %w = "ir.constant"() {value = dense_resource<live.weight> : tensor<4xf32>} : () -> tensor<4xf32>
    %dead_w = "ir.constant"() {value = dense_resource<dead.weight> : tensor<4xf32>} : () -> tensor<4xf32>
    %mul = "onnx.Mul"(%x, %w) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %d1 = "onnx.Relu"(%dead_w) : (tensor<4xf32>) -> tensor<4xf32>
    %d2 = "aten.neg.default"(%d1) : (tensor<4xf32>) -> tensor<4xf32>
    %d3 = "onnx.Add"(%d2, %d1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %c = "ir.constant"() {value = unit} : () -> none
    "aten._assert_scalar.default"(%x) : (tensor<4xf32>) -> ()
    %inplace = "aten.add_.Tensor"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %custom = "custom.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    "test.region_op"() ({
      %inner_dead = "onnx.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
      %copied = "aten.copy_.default"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      "ir.return"() : () -> ()
    }) : () -> ()
    "ir.return"(%mul) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      live.weight: "0x040000000000803F0000803F0000803F0000803F",
      dead.weight: "0x0400000000000040000000400000004000000040"
    }
  }
#-}

// The weight table loses what nothing refers to any more: only live.weight is
// left to print.
// RUN: %pt2onnx-opt %s --passes=dce --print-weights | FileCheck %s --check-prefix=WEIGHTS
// WEIGHTS: dialect_resources
// WEIGHTS-NOT: dead.weight
// WEIGHTS: live.weight: "0x040000000000803F0000803F0000803F0000803F"
// WEIGHTS-NOT: dead.weight
