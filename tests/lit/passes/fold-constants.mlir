// RUN: %pt2onnx-opt %s --passes=fold-constants --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --passes=fold-constants,dce --no-provenance | FileCheck %s --check-prefix=DCE

// ONNX ops whose operands are constants become constants, chains of them in
// one sweep; the constant takes the name of the value it replaces.
// CHECK-LABEL: "ir.graph"
// CHECK:      %shape = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %sum = "ir.constant"() {value = dense<[12, 13]> : tensor<2xi64>} : () -> tensor<2xi64>
// Integer division truncates in ONNX; Cast converts.
// CHECK-NEXT: %quot = "ir.constant"() {value = dense<[-3, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %small = "ir.constant"() {value = dense<[-3, 3]> : tensor<2xi8>} : () -> tensor<2xi8>
// Shape folds on any value whose reported dims are static: all of %x's, and
// the trailing dim of %dyn.
// CHECK-NEXT: %xshape = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %tail = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT: %dynshape = "onnx.Shape"(%dyn)
// A non-constant operand, an op with side effects, an op of an unknown
// dialect and an op the evaluator declines (a division by zero) stay.
// CHECK-NEXT: %live = "onnx.Add"(%x, %one)
// CHECK-NEXT: %inplace = "aten.add_.Tensor"(%vec, %vec)
// CHECK-NEXT: %custom = "custom.op"(%vec)
// CHECK-NEXT: %byzero = "onnx.Div"(%vec, %zero)
// CHECK-NEXT: "ir.return"(%sum, %quot, %small, %xshape, %tail, %dynshape, %live, %inplace, %custom, %byzero)

// The inputs of folded ops are left to dce.
// DCE-LABEL: "ir.graph"
// DCE-NEXT: ^bb0
// DCE-NEXT: %one = "ir.constant"
// DCE-NEXT: %zero = "ir.constant"
// DCE-NEXT: %vec = "ir.constant"
// DCE-NEXT: %sum = "ir.constant"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xi64>, %dyn: tensor<?x3xf32, "s0">):
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %zero = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %vec = "ir.constant"() {value = dense<[-7, 7]> : tensor<2xi64>} : () -> tensor<2xi64>
    %ten = "ir.constant"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
    %two = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %shape = "onnx.Shape"(%x) : (tensor<2x3xi64>) -> tensor<2xi64>
    %sum = "onnx.Add"(%shape, %ten) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    %quot = "onnx.Div"(%vec, %two) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    %small = "onnx.Cast"(%quot) {to = i8} : (tensor<2xi64>) -> tensor<2xi8>
    %xshape = "onnx.Shape"(%x) : (tensor<2x3xi64>) -> tensor<2xi64>
    %tail = "onnx.Shape"(%dyn) {start = -1 : i64} : (tensor<?x3xf32, "s0">) -> tensor<1xi64>
    %dynshape = "onnx.Shape"(%dyn) : (tensor<?x3xf32, "s0">) -> tensor<2xi64>
    %live = "onnx.Add"(%x, %one) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    %inplace = "aten.add_.Tensor"(%vec, %vec) {arg_names = ["self", "other"]} : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %custom = "custom.op"(%vec) : (tensor<2xi64>) -> tensor<2xi64>
    %byzero = "onnx.Div"(%vec, %zero) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    "ir.return"(%sum, %quot, %small, %xshape, %tail, %dynshape, %live, %inplace, %custom, %byzero) : (tensor<2xi64>, tensor<2xi64>, tensor<2xi8>, tensor<2xi64>, tensor<1xi64>, tensor<2xi64>, tensor<2x3xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
