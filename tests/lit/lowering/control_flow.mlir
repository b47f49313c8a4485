// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// cond: an If whose branches see the operands by name (no block arguments).
// CHECK: %[[P:.*]] = "onnx.Greater"
// CHECK: %[[COND:.*]] = "onnx.If"(%[[P]]) ({
// CHECK-NEXT: %[[SIN:.*]] = "onnx.Sin"(%x)
// CHECK-NEXT: "ir.return"(%[[SIN]])
// CHECK-NEXT: }, {
// CHECK-NEXT: %[[COS:.*]] = "onnx.Cos"(%x)
// CHECK-NEXT: "ir.return"(%[[COS]])
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<3x4xf32>
// CHECK-NEXT: "ir.return"(%[[COND]])
// CHECK-LABEL: }) {sym_name = "cond_is_if"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %sum = "aten.sum.default"(%x) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<f32>
    %gt = "aten.gt.Scalar"(%sum) {arg_names = ["self"], other = 0 : i64} : (tensor<f32>) -> tensor<i1>
    %cond = "higher_order.cond"(%gt, %x) ({
    ^bb0(%x_1: tensor<3x4xf32>):
      %sin = "aten.sin.default"(%x_1) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
      "ir.return"(%sin) : (tensor<3x4xf32>) -> ()
    }, {
    ^bb0(%x_2: tensor<3x4xf32>):
      %cos = "aten.cos.default"(%x_2) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
      "ir.return"(%cos) : (tensor<3x4xf32>) -> ()
    }) {arg_names = ["pred", "operands"]} : (tensor<i1>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%cond) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "cond_is_if"} : () -> ()
}) : () -> ()

// -----

// while_loop: cond_fn evaluated on the initial values, then at the end of
// each iteration of a Loop without trip count.
// CHECK: %[[C0:.*]] = "onnx.Less"(%zero, %n)
// CHECK: %[[LOOP:.*]]:2 = "onnx.Loop"(%{{.*}}, %[[C0]], %zero, %x) ({
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %[[I:.*]]: tensor<i64>, %[[ACC:.*]]: tensor<3x4xf32>):
// CHECK: %[[NEXT:.*]] = "onnx.Add"(%[[I]]
// CHECK: %[[ACC1:.*]] = "onnx.Sin"(%[[ACC]])
// CHECK: %[[C1:.*]] = "onnx.Less"(%[[NEXT]], %n)
// CHECK-NEXT: "ir.return"(%[[C1]], %[[NEXT]], %[[ACC1]])
// CHECK: }) : (none, tensor<i1>, tensor<i64>, tensor<3x4xf32>) -> (tensor<i64>, tensor<3x4xf32>)
// CHECK-NEXT: "ir.return"(%[[LOOP]]#1)
// CHECK-LABEL: }) {sym_name = "while_loop_is_loop"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %n: tensor<i64>):
    %zero = "aten.zeros.default"() {dtype = i64, size = array<i64>} : () -> tensor<i64>
    %loop:2 = "higher_order.while_loop"(%zero, %x) ({
    ^bb0(%i: tensor<i64>, %acc: tensor<3x4xf32>):
      %lt = "aten.lt.Tensor"(%i, %n) {arg_names = ["self", "other"]} : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "ir.return"(%lt) : (tensor<i1>) -> ()
    }, {
    ^bb0(%i: tensor<i64>, %acc: tensor<3x4xf32>):
      %next = "aten.add.Tensor"(%i) {arg_names = ["self"], other = 1 : i64} : (tensor<i64>) -> tensor<i64>
      %acc_1 = "aten.sin.default"(%acc) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
      "ir.return"(%next, %acc_1) : (tensor<i64>, tensor<3x4xf32>) -> ()
    }) {arg_names = ["carried_inputs", "carried_inputs"]} : (tensor<i64>, tensor<3x4xf32>) -> (tensor<i64>, tensor<3x4xf32>)
    "ir.return"(%loop#1) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "while_loop_is_loop"} : () -> ()
}) : () -> ()

// -----

// scan: a Scan with the carry as state and xs scanned.
// CHECK: %[[SCAN:.*]]:2 = "onnx.Scan"(%x, %xs) ({
// CHECK-NEXT: ^bb0(%carry: tensor<3x4xf32>, %slice: tensor<3x4xf32>):
// CHECK: }) {num_scan_inputs = 1 : i64} : (tensor<3x4xf32>, tensor<5x3x4xf32>) -> (tensor<3x4xf32>, tensor<5x3x4xf32>)
// CHECK-NEXT: "ir.return"(%[[SCAN]]#1)
// CHECK-LABEL: }) {sym_name = "scan_is_scan"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %xs: tensor<5x3x4xf32>):
    %scan:2 = "higher_order.scan"(%x, %xs) ({
    ^bb0(%carry: tensor<3x4xf32>, %slice: tensor<3x4xf32>):
      %add = "aten.add.Tensor"(%carry, %slice) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
      "ir.return"(%add, %add) : (tensor<3x4xf32>, tensor<3x4xf32>) -> ()
    }) {arg_names = ["init", "xs"]} : (tensor<3x4xf32>, tensor<5x3x4xf32>) -> (tensor<3x4xf32>, tensor<5x3x4xf32>)
    "ir.return"(%scan#1) : (tensor<5x3x4xf32>) -> ()
  }) {sym_name = "scan_is_scan"} : () -> ()
}) : () -> ()
