// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants,dce --no-provenance | FileCheck %s --check-prefix=DCE

// ONNX ops whose operands are constants become constants, chains of them in
// one sweep; the constant takes the name of the value it replaces.
// CHECK:      %ten = "ir.constant"
// CHECK:      %shape = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %sum = "ir.constant"() {value = dense<[12, 13]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: "ir.return"(%sum)
// The inputs of folded ops are left to dce.
// DCE:      ^bb0
// DCE-NEXT: %sum = "ir.constant"
// DCE-NEXT: "ir.return"(%sum)
// DCE-LABEL: }) {sym_name = "chains_fold_in_one_sweep"}
// CHECK-LABEL: }) {sym_name = "chains_fold_in_one_sweep"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xi64>):
    %ten = "ir.constant"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
    %shape = "onnx.Shape"(%x) : (tensor<2x3xi64>) -> tensor<2xi64>
    %sum = "onnx.Add"(%shape, %ten) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    "ir.return"(%sum) : (tensor<2xi64>) -> ()
  }) {sym_name = "chains_fold_in_one_sweep"} : () -> ()
}) : () -> ()

// -----

// Integer division truncates in ONNX; Cast converts.
// CHECK:      %quot = "ir.constant"() {value = dense<[-3, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %small = "ir.constant"() {value = dense<[-3, 3]> : tensor<2xi8>} : () -> tensor<2xi8>
// CHECK-NEXT: "ir.return"(%quot, %small)
// CHECK-LABEL: }) {sym_name = "integer_division_truncates_and_cast_converts"}
"ir.module"() ({
  "ir.graph"() ({
    %vec = "ir.constant"() {value = dense<[-7, 7]> : tensor<2xi64>} : () -> tensor<2xi64>
    %two = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %quot = "onnx.Div"(%vec, %two) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    %small = "onnx.Cast"(%quot) {to = i8} : (tensor<2xi64>) -> tensor<2xi8>
    "ir.return"(%quot, %small) : (tensor<2xi64>, tensor<2xi8>) -> ()
  }) {sym_name = "integer_division_truncates_and_cast_converts"} : () -> ()
}) : () -> ()

// -----

// Shape folds on any value whose reported dims are static: all of %x's, and
// the trailing dim of %dyn.
// CHECK:      %xshape = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %tail = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT: %dynshape = "onnx.Shape"(%dyn)
// CHECK-NEXT: "ir.return"(%xshape, %tail, %dynshape)
// CHECK-LABEL: }) {sym_name = "shape_of_static_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xi64>, %dyn: tensor<?x3xf32, "s0">):
    %xshape = "onnx.Shape"(%x) : (tensor<2x3xi64>) -> tensor<2xi64>
    %tail = "onnx.Shape"(%dyn) {start = -1 : i64} : (tensor<?x3xf32, "s0">) -> tensor<1xi64>
    %dynshape = "onnx.Shape"(%dyn) : (tensor<?x3xf32, "s0">) -> tensor<2xi64>
    "ir.return"(%xshape, %tail, %dynshape) : (tensor<2xi64>, tensor<1xi64>, tensor<2xi64>) -> ()
  }) {sym_name = "shape_of_static_dims"} : () -> ()
}) : () -> ()

// -----

// A non-constant operand, an op with side effects, an op of an unknown
// dialect and an op the evaluator declines (a division by zero) stay.
// CHECK:      %live = "onnx.Add"(%x, %one)
// CHECK-NEXT: %inplace = "aten.add_.Tensor"(%vec, %vec)
// CHECK-NEXT: %custom = "custom.op"(%vec)
// CHECK-NEXT: %byzero = "onnx.Div"(%vec, %zero)
// CHECK-NEXT: "ir.return"(%live, %inplace, %custom, %byzero)
// CHECK-LABEL: }) {sym_name = "what_does_not_fold"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xi64>):
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %zero = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %vec = "ir.constant"() {value = dense<[-7, 7]> : tensor<2xi64>} : () -> tensor<2xi64>
    %live = "onnx.Add"(%x, %one) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    %inplace = "aten.add_.Tensor"(%vec, %vec) {arg_names = ["self", "other"]} : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %custom = "custom.op"(%vec) : (tensor<2xi64>) -> tensor<2xi64>
    %byzero = "onnx.Div"(%vec, %zero) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    "ir.return"(%live, %inplace, %custom, %byzero) : (tensor<2x3xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> ()
  }) {sym_name = "what_does_not_fold"} : () -> ()
}) : () -> ()
