// RUN: %pt2onnx-opt %s --passes=fold-constants --no-provenance | FileCheck %s

// ATen ops fold before lowering, with torch's semantics: floor division
// rounds toward negative infinity, alpha scales `other`, SymInt operands and
// number attributes are constants, sym_size of a static dim is a SymInt
// constant, and the *_like ops need only a static shape.
// CHECK-LABEL: "ir.graph"
// CHECK:      %add = "ir.constant"() {value = dense<[-1, 13]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %div = "ir.constant"() {value = dense<[-4, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %lt = "ir.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
// CHECK-NEXT: %size = "ir.constant"() {value = 4 : i64} : () -> !torch.symint<"4">
// CHECK-NEXT: %dynsize = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64}
// CHECK-NEXT: %view = "ir.constant"() {value = dense<{{\[}}[-7], [7]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
// CHECK-NEXT: %dynview = "aten.view.default"(%vec, %dynsize, %size)
// CHECK-NEXT: %arange = "ir.constant"() {value = dense<[1, 3, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
// CHECK-NEXT: %zeros = "ir.constant"() {value = dense<0> : tensor<2x4xi64>} : () -> tensor<2x4xi64>
// CHECK-NEXT: %dynzeros = "aten.zeros_like.default"(%x)
// CHECK-NEXT: %rand = "aten.rand.default"()
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">, %y: tensor<2x4xf32>):
    %vec = "ir.constant"() {value = dense<[-7, 7]> : tensor<2xi64>} : () -> tensor<2xi64>
    %three = "ir.constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %two = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2">
    %one = "ir.constant"() {value = 1 : i64} : () -> !torch.symint<"1">
    %add = "aten.add.Tensor"(%vec, %three) {alpha = 2 : i64, arg_names = ["self", "other"]} : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    %div = "aten.div.Tensor_mode"(%vec) {arg_names = ["self"], other = 2 : i64, rounding_mode = "floor"} : (tensor<2xi64>) -> tensor<2xi64>
    %lt = "aten.lt.Scalar"(%vec) {arg_names = ["self"], other = 6.5 : f64} : (tensor<2xi64>) -> tensor<2xi1>
    %size = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<?x4xf32, "s0">) -> !torch.symint<"4">
    %dynsize = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x4xf32, "s0">) -> !torch.symint<"s0">
    %view = "aten.view.default"(%vec, %two, %one) {arg_names = ["self", "size", "size"]} : (tensor<2xi64>, !torch.symint<"2">, !torch.symint<"1">) -> tensor<2x1xi64>
    %dynview = "aten.view.default"(%vec, %dynsize, %size) {arg_names = ["self", "size", "size"]} : (tensor<2xi64>, !torch.symint<"s0">, !torch.symint<"4">) -> tensor<?x4xi64, "s0">
    %arange = "aten.arange.start_step"() {dtype = i32, end = 6 : i64, start = 1 : i64, step = 2 : i64} : () -> tensor<3xi32>
    %zeros = "aten.zeros_like.default"(%y) {arg_names = ["self"], dtype = i64} : (tensor<2x4xf32>) -> tensor<2x4xi64>
    %dynzeros = "aten.zeros_like.default"(%x) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0">
    %rand = "aten.rand.default"() {size = array<i64: 2>} : () -> tensor<2xf32>
    "ir.return"(%add, %div, %lt, %size, %dynsize, %view, %dynview, %arange, %zeros, %dynzeros, %rand) : (tensor<2xi64>, tensor<2xi64>, tensor<2xi1>, !torch.symint<"4">, !torch.symint<"s0">, tensor<2x1xi64>, tensor<?x4xi64, "s0">, tensor<3xi32>, tensor<2x4xi64>, tensor<?x4xf32, "s0">, tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()
