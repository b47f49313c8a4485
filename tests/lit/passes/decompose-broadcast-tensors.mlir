// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// Each tensor is expanded to its result's shape; one that has it already is
// its own result.
// CHECK:      %getitem = "aten.expand.default"(%x) {arg_names = ["self"], size = array<i64: 3, 4>} : (tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %0 = "aten.expand.default"(%y) {arg_names = ["self"], size = array<i64: 3, 4>} : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: "ir.return"(%getitem, %0, %z)
// CHECK-LABEL: }) {sym_name = "broadcast"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x1xf32>, %y: tensor<4xf32>, %z: tensor<3x4xf32>):
    %getitem:3 = "aten.broadcast_tensors.default"(%x, %y, %z) {arg_names = ["tensors", "tensors", "tensors"]} : (tensor<3x1xf32>, tensor<4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>)
    "ir.return"(%getitem#0, %getitem#1, %getitem#2) : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> ()
  }) {sym_name = "broadcast"} : () -> ()
}) : () -> ()

// -----

// Tensors of one shape, symbolic or not, are their own results: no op is
// left.
// CHECK:      %sum = "aten.add.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0">
// CHECK-LABEL: }) {sym_name = "same_shapes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">, %y: tensor<?x4xf32, "s0">):
    %getitem:2 = "aten.broadcast_tensors.default"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">)
    %sum = "aten.add.Tensor"(%getitem#0, %getitem#1) {arg_names = ["self", "other"]} : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0">
    "ir.return"(%sum) : (tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "same_shapes"} : () -> ()
}) : () -> ()

// -----

// Expanding to a shape that is not static leaves the op alone.
// CHECK:      %getitem:2 = "aten.broadcast_tensors.default"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<1x4xf32>, tensor<?x4xf32, "s0">) -> (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">)
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.broadcast_tensors.default on aten.broadcast_tensors.default %getitem: a tensor is broadcast to a shape that is not static
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x4xf32>, %y: tensor<?x4xf32, "s0">):
    %getitem:2 = "aten.broadcast_tensors.default"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<1x4xf32>, tensor<?x4xf32, "s0">) -> (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">)
    "ir.return"(%getitem#0, %getitem#1) : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
