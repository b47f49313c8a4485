// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// det by an unrolled LU with partial pivoting of A^T, as torch factors it:
// per column the pivot is the first row of largest |a| (ArgMax keeps the
// first of ties), swapped into place by GatherElements, the column below
// scaled by its reciprocal; det is the product of U's diagonal, negated for
// an odd number of swaps.
// CHECK: %[[AT:.*]] = "onnx.Transpose"(%a) {perm = array<i64: 0, 2, 1>}
// CHECK: %[[ABS:.*]] = "onnx.Abs"(%{{.*}}) : (tensor<3x2x1xf32>) -> tensor<3x2x1xf32>
// CHECK: %[[P:.*]] = "onnx.ArgMax"(%[[ABS]]) {axis = 1 : i64, keepdims = 1 : i64, select_last_index = 0 : i64} : (tensor<3x2x1xf32>) -> tensor<3x1x1xi64>
// CHECK: %[[A:.*]] = "onnx.GatherElements"(%[[AT]], %{{.*}}) {axis = 1 : i64} : (tensor<3x2x2xf32>, tensor<3x2x2xi64>) -> tensor<3x2x2xf32>
// CHECK: "onnx.Reciprocal"
// CHECK: "onnx.ReduceProd"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<3xf32>
// CHECK: "onnx.Mod"
// CHECK: %det = "onnx.Mul"(%{{.*}}, %{{.*}}) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "det"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<3x2x2xf32>):
    %det = "aten.linalg_det.default"(%a) {arg_names = ["A"]} : (tensor<3x2x2xf32>) -> tensor<3xf32>
    "ir.return"(%det) : (tensor<3xf32>) -> ()
  }) {sym_name = "det"} : () -> ()
}) : () -> ()

// -----

// An upper triangular solve goes from the last row up, each row its
// right-hand side less the rows solved below, over the diagonal; the batch
// dims broadcast.
// CHECK: %[[LAST:.*]] = "onnx.Slice"(%b, {{.*}}) : (tensor<4x2x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x1x3xf32>
// CHECK: %[[X1:.*]] = "onnx.Div"(%[[LAST]], %{{.*}}) : (tensor<4x1x3xf32>, tensor<1x1xf32>) -> tensor<4x1x3xf32>
// CHECK: %[[DOT:.*]] = "onnx.MatMul"(%{{.*}}, %[[X1]]) : (tensor<1x1xf32>, tensor<4x1x3xf32>) -> tensor<4x1x3xf32>
// CHECK: %[[R0:.*]] = "onnx.Sub"(%{{.*}}, %[[DOT]])
// CHECK: %[[X0:.*]] = "onnx.Div"(%[[R0]], %{{.*}})
// CHECK: %x = "onnx.Concat"(%[[X0]], %[[X1]]) {axis = 1 : i64} : (tensor<4x1x3xf32>, tensor<4x1x3xf32>) -> tensor<4x2x3xf32>
// CHECK-LABEL: }) {sym_name = "solve_triangular"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%t: tensor<2x2xf32>, %b: tensor<4x2x3xf32>):
    %x = "aten.linalg_solve_triangular.default"(%t, %b) {arg_names = ["self", "B"], upper = true} : (tensor<2x2xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
    "ir.return"(%x) : (tensor<4x2x3xf32>) -> ()
  }) {sym_name = "solve_triangular"} : () -> ()
}) : () -> ()

// -----

// Cholesky column by column: info is the first step whose pivot is not
// positive (NaN included), as potrf reports it.
// CHECK: %[[D:.*]] = "onnx.Slice"(%a, {{.*}}) : (tensor<2x2xf64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x1xf64>
// CHECK: %[[POS:.*]] = "onnx.Greater"(%[[D]], %{{.*}})
// CHECK: "onnx.Not"(%[[POS]])
// CHECK: "onnx.Sqrt"(%[[D]])
// CHECK: %[[L:.*]] = "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x2xi1>, tensor<2x2xf64>, tensor<f64>) -> tensor<2x2xf64>
// CHECK: "onnx.ArgMax"
// CHECK: %[[INFO:.*]] = "onnx.Cast"(%{{.*}}) {to = i32} : (tensor<i64>) -> tensor<i32>
// CHECK: "ir.return"(%[[L]], %[[INFO]])
// CHECK-LABEL: }) {sym_name = "cholesky_ex"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x2xf64>):
    %chol:2 = "aten.linalg_cholesky_ex.default"(%a) {arg_names = ["self"]} : (tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<i32>)
    "ir.return"(%chol#0, %chol#1) : (tensor<2x2xf64>, tensor<i32>) -> ()
  }) {sym_name = "cholesky_ex"} : () -> ()
}) : () -> ()

// -----

// Of empty matrices: sign 1 and log|det| 0, as torch gives.
// CHECK: %[[SIGN:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<3xf32>}
// CHECK: %[[LOG:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<3xf32>}
// CHECK: "ir.return"(%[[SIGN]], %[[LOG]])
// CHECK-LABEL: }) {sym_name = "slogdet_empty"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%e: tensor<3x0x0xf32>):
    %slogdet:2 = "aten.linalg_slogdet.default"(%e) {arg_names = ["A"]} : (tensor<3x0x0xf32>) -> (tensor<3xf32>, tensor<3xf32>)
    "ir.return"(%slogdet#0, %slogdet#1) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "slogdet_empty"} : () -> ()
}) : () -> ()

// -----

// eigvalsh: the symmetric matrix from the lower triangle, Jacobi rotations
// a <- J^T a J (J^T built like J), the diagonal sorted ascending by TopK.
// CHECK: %[[AT:.*]] = "onnx.Transpose"(%a) {perm = array<i64: 1, 0>}
// CHECK: %[[S:.*]] = "onnx.Where"(%{{.*}}, %a, %[[AT]]) : (tensor<2x2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK: %[[AJ:.*]] = "onnx.MatMul"(%[[S]], %{{.*}}) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK: "onnx.MatMul"(%{{.*}}, %[[AJ]])
// CHECK: %[[D:.*]] = "onnx.ReduceSum"
// CHECK: %eigvalsh:2 = "onnx.TopK"(%[[D]], %{{.*}}) {axis = 0 : i64, largest = 0 : i64, sorted = 1 : i64} : (tensor<2xf32>, tensor<1xi64>) -> (tensor<2xf32>, tensor<2xi64>)
// CHECK: "ir.return"(%eigvalsh#0)
// CHECK-LABEL: }) {sym_name = "eigvalsh"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x2xf32>):
    %eigvalsh = "aten.linalg_eigvalsh.default"(%a) {arg_names = ["self"]} : (tensor<2x2xf32>) -> tensor<2xf32>
    "ir.return"(%eigvalsh) : (tensor<2xf32>) -> ()
  }) {sym_name = "eigvalsh"} : () -> ()
}) : () -> ()

// -----

// svdvals of a wide matrix: one-sided Jacobi on the columns of its
// transpose, the singular values the columns' norms, sorted descending.
// CHECK: %[[AT:.*]] = "onnx.Transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: "onnx.ReduceL2"
// CHECK: "onnx.ReduceL2"
// CHECK: %svdvals:2 = "onnx.TopK"(%{{.*}}, %{{.*}}) {axis = 0 : i64, largest = 1 : i64, sorted = 1 : i64} : (tensor<2xf32>, tensor<1xi64>) -> (tensor<2xf32>, tensor<2xi64>)
// CHECK: "ir.return"(%svdvals#0)
// CHECK-LABEL: }) {sym_name = "svdvals"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>):
    %svdvals = "aten.linalg_svdvals.default"(%a) {arg_names = ["A"]} : (tensor<2x3xf32>) -> tensor<2xf32>
    "ir.return"(%svdvals) : (tensor<2xf32>) -> ()
  }) {sym_name = "svdvals"} : () -> ()
}) : () -> ()
