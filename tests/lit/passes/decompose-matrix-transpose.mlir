// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// mH and matrix_H of a real tensor transpose its last two dims; numpy_T
// reverses the dims, and is the tensor itself below rank 2.
// CHECK:      %mh = "aten.transpose.int"(%x) {arg_names = ["self"], dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %h = "aten.transpose.int"(%m) {arg_names = ["self"], dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x5xf32>) -> tensor<5x3xf32>
// CHECK-NEXT: %t = "aten.permute.default"(%x) {arg_names = ["self"], dims = array<i64: 2, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT: %tv = "aten.alias.default"(%v) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: }) {sym_name = "transposes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %m: tensor<3x5xf32>, %v: tensor<4xf32>):
    %mh = "aten.mH.default"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    %h = "aten.matrix_H.default"(%m) {arg_names = ["self"]} : (tensor<3x5xf32>) -> tensor<5x3xf32>
    %t = "aten.numpy_T.default"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
    %tv = "aten.numpy_T.default"(%v) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%mh, %h, %t, %tv) : (tensor<2x4x3xf32>, tensor<5x3xf32>, tensor<4x3x2xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "transposes"} : () -> ()
}) : () -> ()

// -----

// The conjugate of a complex tensor is not lowered, and matrix_H takes
// matrices only: both stay.
// CHECK:      %complex = "aten.mH.default"(%c) {arg_names = ["self"]} : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
// CHECK-NEXT: %batched = "aten.matrix_H.default"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.mH.default on aten.mH.default %complex: `self` is complex: its conjugate is not lowered
// TRACE: pattern aten.matrix_H.default on aten.matrix_H.default %batched: `self` is not a matrix
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<2x3xcomplex<f32>>, %x: tensor<2x3x4xf32>):
    %complex = "aten.mH.default"(%c) {arg_names = ["self"]} : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
    %batched = "aten.matrix_H.default"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    "ir.return"(%complex, %batched) : (tensor<3x2xcomplex<f32>>, tensor<2x4x3xf32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
