// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// One quarter turn flips dims[1] and swaps the dims; k is taken modulo 4,
// so -1 is three turns (flip dims[0], swap) and 2 flips both.
// CHECK:      %0 = "aten.flip.default"(%x) {arg_names = ["self"], dims = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %one = "aten.transpose.int"(%0) {arg_names = ["self"], dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
// CHECK-NEXT: %1 = "aten.flip.default"(%x) {arg_names = ["self"], dims = array<i64: 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %three = "aten.transpose.int"(%1) {arg_names = ["self"], dim0 = 2 : i64, dim1 = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %two = "aten.flip.default"(%x) {arg_names = ["self"], dims = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %none = "aten.alias.default"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-LABEL: }) {sym_name = "rot90"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %one = "aten.rot90.default"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
    %three = "aten.rot90.default"(%x) {arg_names = ["self"], k = -1 : i64, dims = array<i64: 2, -2>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    %two = "aten.rot90.default"(%x) {arg_names = ["self"], k = 2 : i64, dims = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %none = "aten.rot90.default"(%x) {arg_names = ["self"], k = 4 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "ir.return"(%one, %three, %two, %none) : (tensor<3x2x4xf32>, tensor<2x4x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> ()
  }) {sym_name = "rot90"} : () -> ()
}) : () -> ()

// -----

// The same dim twice, or a vector, is an error in torch: the op stays.
// CHECK:      %same = "aten.rot90.default"(%x) {arg_names = ["self"], dims = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %vector = "aten.rot90.default"(%v) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.rot90.default on aten.rot90.default %same: `dims` are not two distinct dims of `self`
// TRACE: pattern aten.rot90.default on aten.rot90.default %vector: rot90 needs a rank of 2 or more and two dims
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %v: tensor<3xf32>):
    %same = "aten.rot90.default"(%x) {arg_names = ["self"], dims = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %vector = "aten.rot90.default"(%v) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%same, %vector) : (tensor<2x3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
