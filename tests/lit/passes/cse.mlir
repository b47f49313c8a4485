// RUN: %pt2onnx-opt %s --split-input-file --passes=cse | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes=cse --print-weights | FileCheck %s --check-prefix=WEIGHTS

// Identical pure ops merge; the first one survives with its name.
// CHECK: %a = "onnx.Add"(%x, %y)
// CHECK-NOT: "onnx.Add"(%x, %y)
// CHECK: "ir.return"(%a, %a)
// CHECK-LABEL: }) {sym_name = "identical_ops_merge"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>):
    %a = "onnx.Add"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %a2 = "onnx.Add"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "ir.return"(%a, %a2) : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  }) {sym_name = "identical_ops_merge"} : () -> ()
}) : () -> ()

// -----

// Different attributes or operand order are different computations.
// CHECK: %t1 = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>}
// CHECK-NEXT: %t3 = "onnx.Transpose"(%x) {perm = array<i64: 0, 1>}
// CHECK-NEXT: %a = "onnx.Add"(%x, %y)
// CHECK-NEXT: %b = "onnx.Add"(%y, %x)
// CHECK-NEXT: "ir.return"(%t1, %t1, %t3, %a, %b)
// CHECK-LABEL: }) {sym_name = "attributes_and_operand_order_differ"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>):
    %t1 = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %t2 = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %t3 = "onnx.Transpose"(%x) {perm = array<i64: 0, 1>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %a = "onnx.Add"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %b = "onnx.Add"(%y, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "ir.return"(%t1, %t2, %t3, %a, %b) : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  }) {sym_name = "attributes_and_operand_order_differ"} : () -> ()
}) : () -> ()

// -----

// Identical constants merge, and so do byte-identical weights; a weight that
// differs in its last byte is kept, and the weight table loses the merged one.
// CHECK: %c1 = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>}
// CHECK-NOT: dense<[1, 2]>
// CHECK: %w1 = "ir.constant"() {value = dense_resource<first.weight> : tensor<4xf32>}
// CHECK-NOT: second.weight
// CHECK: %w3 = "ir.constant"() {value = dense_resource<other.weight> : tensor<4xf32>}
// CHECK: "ir.return"(%c1, %c1, %w1, %w1, %w3)
// CHECK-LABEL: }) {sym_name = "identical_constants_and_weights_merge"}
// WEIGHTS-NOT: second.weight
// WEIGHTS: first.weight: "0x040000000000803F0000803F0000803F0000803F"
// WEIGHTS-NEXT: other.weight: "0x040000000000803F0000803F0000803F00000040"
// WEIGHTS-NOT: second.weight
"ir.module"() ({
  "ir.graph"() ({
    %c1 = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %c2 = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %w1 = "ir.constant"() {value = dense_resource<first.weight> : tensor<4xf32>} : () -> tensor<4xf32>
    %w2 = "ir.constant"() {value = dense_resource<second.weight> : tensor<4xf32>} : () -> tensor<4xf32>
    %w3 = "ir.constant"() {value = dense_resource<other.weight> : tensor<4xf32>} : () -> tensor<4xf32>
    "ir.return"(%c1, %c2, %w1, %w2, %w3) : (tensor<2xi64>, tensor<2xi64>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "identical_constants_and_weights_merge"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      first.weight: "0x040000000000803F0000803F0000803F0000803F",
      second.weight: "0x040000000000803F0000803F0000803F0000803F",
      other.weight: "0x040000000000803F0000803F0000803F00000040"
    }
  }
#-}

// -----

// Ops with side effects never merge.
// CHECK: %i1 = "aten.add_.Tensor"(%x, %y)
// CHECK-NEXT: %i2 = "aten.add_.Tensor"(%x, %y)
// CHECK-NEXT: "ir.return"(%i1, %i2)
// CHECK-LABEL: }) {sym_name = "side_effects_never_merge"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>):
    %i1 = "aten.add_.Tensor"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %i2 = "aten.add_.Tensor"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "ir.return"(%i1, %i2) : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  }) {sym_name = "side_effects_never_merge"} : () -> ()
}) : () -> ()

// -----

// A region may reuse what was computed before it, but not what its sibling
// region computed.
// CHECK: %a = "onnx.Add"(%x, %y)
// CHECK-NEXT: %r:2 = "test.cond"() ({
// CHECK-NEXT: %n1 = "onnx.Neg"(%x)
// CHECK-NEXT: "ir.return"(%a, %n1)
// CHECK-NEXT: }, {
// CHECK-NEXT: %n2 = "onnx.Neg"(%x)
// CHECK-NEXT: "ir.return"(%a, %n2)
// CHECK-LABEL: }) {sym_name = "regions_reuse_dominating_values_only"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>):
    %a = "onnx.Add"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %r:2 = "test.cond"() ({
      %a3 = "onnx.Add"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %n1 = "onnx.Neg"(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
      "ir.return"(%a3, %n1) : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
    }, {
      %n2 = "onnx.Neg"(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
      "ir.return"(%a, %n2) : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
    }) : () -> (tensor<2x2xf32>, tensor<2x2xf32>)
    "ir.return"(%a, %r#0, %r#1) : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  }) {sym_name = "regions_reuse_dominating_values_only"} : () -> ()
}) : () -> ()
