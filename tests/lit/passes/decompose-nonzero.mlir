// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s

// count_nonzero is (self != 0).sum(dim, dtype=int64): over every dim without
// one, over the given dim or dims otherwise.
// CHECK:      %0 = "aten.ne.Scalar"(%x) {arg_names = ["self"], other = 0 : i64} : (tensor<4x5xf32>) -> tensor<4x5xi1>
// CHECK-NEXT: %all = "aten.sum.default"(%0) {arg_names = ["self"], dtype = i64} : (tensor<4x5xi1>) -> tensor<i64>
// CHECK-NEXT: %1 = "aten.ne.Scalar"(%x) {arg_names = ["self"], other = 0 : i64} : (tensor<4x5xf32>) -> tensor<4x5xi1>
// CHECK-NEXT: %one = "aten.sum.dim_IntList"(%1) {arg_names = ["self"], dim = array<i64: 1>, dtype = i64} : (tensor<4x5xi1>) -> tensor<4xi64>
// CHECK-NEXT: %2 = "aten.ne.Scalar"(%x) {arg_names = ["self"], other = 0 : i64} : (tensor<4x5xf32>) -> tensor<4x5xi1>
// CHECK-NEXT: %list = "aten.sum.dim_IntList"(%2) {arg_names = ["self"], dim = array<i64: 0, 1>, dtype = i64} : (tensor<4x5xi1>) -> tensor<i64>
// CHECK-LABEL: }) {sym_name = "count_nonzero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>):
    %all = "aten.count_nonzero.default"(%x) {arg_names = ["self"]} : (tensor<4x5xf32>) -> tensor<i64>
    %one = "aten.count_nonzero.default"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<4x5xf32>) -> tensor<4xi64>
    %list = "aten.count_nonzero.dim_IntList"(%x) {arg_names = ["self"], dim = array<i64: 0, -1>} : (tensor<4x5xf32>) -> tensor<i64>
    "ir.return"(%all, %one, %list) : (tensor<i64>, tensor<4xi64>, tensor<i64>) -> ()
  }) {sym_name = "count_nonzero"} : () -> ()
}) : () -> ()

// -----

// nonzero_numpy is one column of nonzero per dim; argwhere is nonzero.
// CHECK:      %argwhere = "aten.nonzero.default"(%x) {arg_names = ["self"]} : (tensor<4x5xf32>) -> tensor<?x2xi64, "u0">
// CHECK-NEXT: %0 = "aten.nonzero.default"(%x) {arg_names = ["self"]} : (tensor<4x5xf32>) -> tensor<?x2xi64, "u1">
// CHECK-NEXT: %rows = "aten.select.int"(%0) {arg_names = ["self"], dim = 1 : i64, index = 0 : i64} : (tensor<?x2xi64, "u1">) -> tensor<?xi64, "u1">
// CHECK-NEXT: %1 = "aten.select.int"(%0) {arg_names = ["self"], dim = 1 : i64, index = 1 : i64} : (tensor<?x2xi64, "u1">) -> tensor<?xi64, "u1">
// CHECK-LABEL: }) {sym_name = "nonzero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>):
    %argwhere = "aten.argwhere.default"(%x) {arg_names = ["self"]} : (tensor<4x5xf32>) -> tensor<?x2xi64, "u0">
    %rows:2 = "aten.nonzero_numpy.default"(%x) {arg_names = ["self"]} : (tensor<4x5xf32>) -> (tensor<?xi64, "u1">, tensor<?xi64, "u1">)
    "ir.return"(%argwhere, %rows#0, %rows#1) : (tensor<?x2xi64, "u0">, tensor<?xi64, "u1">, tensor<?xi64, "u1">) -> ()
  }) {sym_name = "nonzero"} : () -> ()
}) : () -> ()

// -----

// A 0-d tensor counts as one of shape [1].
// CHECK:      %0 = "aten.view.default"(%x) {arg_names = ["self"], size = array<i64: 1>} : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: %1 = "aten.nonzero.default"(%0) {arg_names = ["self"]} : (tensor<1xf32>) -> tensor<?x1xi64, "u0">
// CHECK-NEXT: %rows = "aten.select.int"(%1) {arg_names = ["self"], dim = 1 : i64, index = 0 : i64} : (tensor<?x1xi64, "u0">) -> tensor<?xi64, "u0">
// CHECK-LABEL: }) {sym_name = "nonzero_numpy_0d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<f32>):
    %rows = "aten.nonzero_numpy.default"(%x) {arg_names = ["self"]} : (tensor<f32>) -> tensor<?xi64, "u0">
    "ir.return"(%rows) : (tensor<?xi64, "u0">) -> ()
  }) {sym_name = "nonzero_numpy_0d"} : () -> ()
}) : () -> ()

// -----

// torch.where with one argument is nonzero_numpy.
// CHECK:      %0 = "aten.nonzero.default"(%c) {arg_names = ["self"]} : (tensor<3x2xi1>) -> tensor<?x2xi64, "u0">
// CHECK-NEXT: %rows = "aten.select.int"(%0) {arg_names = ["self"], dim = 1 : i64, index = 0 : i64} : (tensor<?x2xi64, "u0">) -> tensor<?xi64, "u0">
// CHECK-NEXT: %1 = "aten.select.int"(%0) {arg_names = ["self"], dim = 1 : i64, index = 1 : i64} : (tensor<?x2xi64, "u0">) -> tensor<?xi64, "u0">
// CHECK-LABEL: }) {sym_name = "where_one_argument"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<3x2xi1>):
    %rows:2 = "aten.where.default"(%c) {arg_names = ["condition"]} : (tensor<3x2xi1>) -> (tensor<?xi64, "u0">, tensor<?xi64, "u0">)
    "ir.return"(%rows#0, %rows#1) : (tensor<?xi64, "u0">, tensor<?xi64, "u0">) -> ()
  }) {sym_name = "where_one_argument"} : () -> ()
}) : () -> ()
