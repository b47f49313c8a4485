// One case: what the unrolled factorizations refuse, each with its reason.
// RUN: not %pt2onnx-opt %s --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// CHECK: cannot lower 5 ops (5 overloads) to ONNX opset 20:
// CHECK-NEXT: aten.linalg_inv.default (1 use): the matrix dims of 'A' must be static: the factorization is unrolled over them
// CHECK: aten.linalg_cholesky.default (1 use): matrices larger than 16x16 are not supported: the factorization is unrolled into ONNX ops per step
// CHECK: aten.linalg_lu_factor.default (1 use): LU without pivoting (pivot=False) is not supported
// CHECK: aten.linalg_cond.p_str (1 use): linalg_cond with p='nuc' is not supported (p='fro', None, 1, -1, 2, -2, inf and -inf are)
// CHECK: aten.linalg_svd.default (1 use): needs eigenvectors or singular vectors, whose signs are LAPACK's choice (pt2onnx lowers linalg.eigvalsh and linalg.svdvals)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3x3xf32>, %d: tensor<?x?xf32, "s0, s0">, %big: tensor<17x17xf32>):
    %inv = "aten.linalg_inv.default"(%d) {arg_names = ["A"]} : (tensor<?x?xf32, "s0, s0">) -> tensor<?x?xf32, "s0, s0">
    %chol = "aten.linalg_cholesky.default"(%big) {arg_names = ["self"]} : (tensor<17x17xf32>) -> tensor<17x17xf32>
    %lu:2 = "aten.linalg_lu_factor.default"(%a) {arg_names = ["A"], pivot = false} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xi32>)
    %cond = "aten.linalg_cond.p_str"(%a) {arg_names = ["self"], p = "nuc"} : (tensor<2x3x3xf32>) -> tensor<2xf32>
    %svd:3 = "aten.linalg_svd.default"(%a) {arg_names = ["A"]} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xf32>, tensor<2x3x3xf32>)
    "ir.return"(%inv, %chol, %lu#0, %cond, %svd#1) : (tensor<?x?xf32, "s0, s0">, tensor<17x17xf32>, tensor<2x3x3xf32>, tensor<2xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 100>}} : () -> ()
