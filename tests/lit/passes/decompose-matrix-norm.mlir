// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// ord 1 is the largest column sum of |a|: sum over the first dim, amax over
// the second (one lower without keepdim).
// CHECK:      %0 = "aten.abs.default"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %1 = "aten.sum.dim_IntList"(%0) {arg_names = ["self"], dim = array<i64: 1>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %norm = "aten.amax.default"(%1) {arg_names = ["self"], dim = array<i64: 1>, keepdim = false} : (tensor<2x4xf32>) -> tensor<2xf32>
// CHECK-LABEL: }) {sym_name = "one"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %norm = "aten.linalg_matrix_norm.default"(%x) {arg_names = ["self"], ord = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2xf32>
    "ir.return"(%norm) : (tensor<2xf32>) -> ()
  }) {sym_name = "one"} : () -> ()
}) : () -> ()

// -----

// ord -inf exchanges the dims: the smallest row sum.
// CHECK:      %0 = "aten.abs.default"(%x)
// CHECK-NEXT: %1 = "aten.sum.dim_IntList"(%0) {arg_names = ["self"], dim = array<i64: 2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %norm = "aten.amin.default"(%1) {arg_names = ["self"], dim = array<i64: 0>, keepdim = true} : (tensor<2x3x1xf32>) -> tensor<1x3x1xf32>
// CHECK-LABEL: }) {sym_name = "neg_inf"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %norm = "aten.linalg_matrix_norm.default"(%x) {arg_names = ["self"], ord = 0xFFF0000000000000 : f64, dim = array<i64: 0, 2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
    "ir.return"(%norm) : (tensor<1x3x1xf32>) -> ()
  }) {sym_name = "neg_inf"} : () -> ()
}) : () -> ()

// -----

// 'fro' is the vector 2-norm over both dims, 'nuc' the sum of the singular
// values. linalg_norm: without ord and dim the flattened vector norm, over
// one dim a vector norm, a 2-D tensor with an ord a matrix norm.
// CHECK:      %fro = "aten.linalg_vector_norm.default"(%x) {arg_names = ["self"], dim = array<i64: 0, 1>, keepdim = false, ord = 2.0 : f64} : (tensor<3x4xf32>) -> tensor<f32>
// CHECK-NEXT: %0 = "aten.linalg_svdvals.default"(%x) {arg_names = ["A"]} : (tensor<3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT: %nuc = "aten.sum.dim_IntList"(%0) {arg_names = ["self"], dim = array<i64: 0>, keepdim = false} : (tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT: %flat = "aten.linalg_vector_norm.default"(%x) {arg_names = ["self"], keepdim = false, ord = 2.0 : f64} : (tensor<3x4xf32>) -> tensor<f32>
// CHECK-NEXT: %vec = "aten.linalg_vector_norm.default"(%x) {arg_names = ["self"], dim = array<i64: 1>, keepdim = false, ord = 3.0 : f64} : (tensor<3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT: %1 = "aten.abs.default"(%x)
// CHECK-NEXT: %2 = "aten.sum.dim_IntList"(%1) {arg_names = ["self"], dim = array<i64: 0>, keepdim = false} : (tensor<3x4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %mat = "aten.amax.default"(%2) {arg_names = ["self"], dim = array<i64: 0>, keepdim = false} : (tensor<4xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "norms"}
// TRACE: pattern aten.linalg_matrix_norm.default on aten.linalg_matrix_norm.default %middle: ord 2, -2 and 'nuc' are decomposed over the last two dims only
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %fro = "aten.linalg_matrix_norm.str_ord"(%x) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<f32>
    %nuc = "aten.linalg_matrix_norm.str_ord"(%x) {arg_names = ["self"], ord = "nuc"} : (tensor<3x4xf32>) -> tensor<f32>
    %flat = "aten.linalg_norm.default"(%x) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<f32>
    %vec = "aten.linalg_norm.default"(%x) {arg_names = ["self"], ord = 3.0 : f64, dim = array<i64: 1>} : (tensor<3x4xf32>) -> tensor<3xf32>
    %mat = "aten.linalg_norm.default"(%x) {arg_names = ["self"], ord = 1 : i64} : (tensor<3x4xf32>) -> tensor<f32>
    "ir.return"(%fro, %nuc, %flat, %vec, %mat) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<3xf32>, tensor<f32>) -> ()
  }) {sym_name = "norms"} : () -> ()
}) : () -> ()

// -----

// ord 2 over dims other than the last two stays whole (the lowering refuses
// it); over the last two, in either order, it is the largest singular value.
// CHECK:      %middle = "aten.linalg_matrix_norm.default"(%x)
// CHECK-NEXT: %0 = "aten.linalg_svdvals.default"(%x) {arg_names = ["A"]} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = "aten.amax.default"(%0) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %last = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 2 : i64} : (tensor<2x1xf32>) -> tensor<2x1x1xf32>
// CHECK-LABEL: }) {sym_name = "spectral"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %middle = "aten.linalg_matrix_norm.default"(%x) {arg_names = ["self"], ord = 2 : i64, dim = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3xf32>
    %last = "aten.linalg_matrix_norm.default"(%x) {arg_names = ["self"], ord = 2 : i64, dim = array<i64: -1, -2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
    "ir.return"(%middle, %last) : (tensor<3xf32>, tensor<2x1x1xf32>) -> ()
  }) {sym_name = "spectral"} : () -> ()
}) : () -> ()

// -----

// nuclear_norm of a 2-D tensor is the sum of its singular values.
// CHECK:      %0 = "aten.linalg_svdvals.default"(%x) {arg_names = ["A"]} : (tensor<3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT: %nuclear_norm = "aten.sum.dim_IntList"(%0) {arg_names = ["self"], dim = array<i64: 0>, keepdim = false} : (tensor<3xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "nuclear_norm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %nuclear_norm = "aten.nuclear_norm.default"(%x) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<f32>
    "ir.return"(%nuclear_norm) : (tensor<f32>) -> ()
  }) {sym_name = "nuclear_norm"} : () -> ()
}) : () -> ()
