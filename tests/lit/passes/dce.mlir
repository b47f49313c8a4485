// RUN: %pt2onnx-opt %s --split-input-file --passes=dce | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes=dce --print-weights | FileCheck %s --check-prefix=WEIGHTS

// Dead pure ops go, chains of them in one sweep; graph outputs and inputs
// stay, and so do weights that are still referenced.
// CHECK:      ^bb0(%x: tensor<4xf32>, %unused_input: tensor<4xf32>):
// CHECK-NEXT: %w = "ir.constant"() {value = dense_resource<live.weight> : tensor<4xf32>}
// CHECK-NEXT: %mul = "onnx.Mul"(%x, %w)
// CHECK-NEXT: "ir.return"(%mul)
// CHECK-LABEL: }) {sym_name = "dead_pure_chains_go"}
// The weight table loses what nothing refers to any more: only live.weight is
// left to print.
// WEIGHTS: dialect_resources
// WEIGHTS-NOT: dead.weight
// WEIGHTS: live.weight: "0x040000000000803F0000803F0000803F0000803F"
// WEIGHTS-NOT: dead.weight
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
    "ir.return"(%mul) : (tensor<4xf32>) -> ()
  }) {sym_name = "dead_pure_chains_go"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      live.weight: "0x040000000000803F0000803F0000803F0000803F",
      dead.weight: "0x0400000000000040000000400000004000000040"
    }
  }
#-}

// -----

// Ops with side effects stay though nothing uses their results: assertions,
// in-place ops, ops of unknown dialects, and ops holding regions with such
// ops (whose own dead pure ops go).
// CHECK:      ^bb0(%x: tensor<4xf32>):
// CHECK-NEXT: "aten._assert_scalar.default"
// CHECK-NEXT: "aten.add_.Tensor"(%x, %x)
// CHECK-NEXT: "custom.op"(%x)
// CHECK-NEXT: "test.region_op"() ({
// CHECK-NEXT: "aten.copy_.default"
// CHECK-NEXT: "ir.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "side_effects_stay"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "aten._assert_scalar.default"(%x) : (tensor<4xf32>) -> ()
    %inplace = "aten.add_.Tensor"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %custom = "custom.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    "test.region_op"() ({
      %inner_dead = "onnx.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
      %copied = "aten.copy_.default"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      "ir.return"() : () -> ()
    }) : () -> ()
    "ir.return"(%x) : (tensor<4xf32>) -> ()
  }) {sym_name = "side_effects_stay"} : () -> ()
}) : () -> ()
