// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s

// SymInts are rank-0 int64 tensors: sym_size is Shape + Gather (a constant
// for a static dim), `//` floors like Python, constants are dense, and
// assertions go with the values only they used.
// CHECK-LABEL: "ir.graph"
// CHECK-NEXT: ^bb0(%x: tensor<?x?x16xf32, "s77, 2*s44">, %n: tensor<i64>):
// CHECK: %[[SHAPE:.*]] = "onnx.Shape"(%x)
// CHECK: %sym_size_int = "onnx.Gather"(%[[SHAPE]], %{{.*}}) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
// CHECK: %sym_size_int_1 = "ir.constant"() {value = dense<16> : tensor<i64>}
// CHECK: %[[TWO:.*]] = "ir.constant"() {value = dense<2> : tensor<i64>}
// CHECK: %[[R:.*]] = "onnx.Mod"(%sym_size_int, %[[TWO]]) {fmod = 0 : i64}
// CHECK: %[[D:.*]] = "onnx.Sub"(%sym_size_int, %[[R]])
// CHECK: %floordiv = "onnx.Div"(%[[D]], %[[TWO]]) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: %mul = "onnx.Mul"(%floordiv, %n) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: %mod = "onnx.Mod"(%mul, %sym_size_int_1) {fmod = 0 : i64}
// CHECK: %sym_max = "onnx.Max"(%mod, %n)
// CHECK: %[[N:.*]] = "onnx.Unsqueeze"(%sym_max
// CHECK: %[[C16L:.*]] = "ir.constant"() {value = dense<[16]> : tensor<1xi64>}
// CHECK: %[[ZS:.*]] = "onnx.Concat"(%[[N]], %[[C16L]]) {axis = 0 : i64}
// CHECK: %zeros = "onnx.ConstantOfShape"(%[[ZS]]) {value = dense<"0x00000000"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<?x16xf32, "max(s44, s77)">
// CHECK-NOT: _assert
// CHECK: "ir.return"(%zeros, %sym_max)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s77, 2*s44">, %n: !torch.symint<"s77">):
    %sym_size_int = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s77, 2*s44">) -> !torch.symint<"2*s44">
    %sym_size_int_1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 2 : i64} : (tensor<?x?x16xf32, "s77, 2*s44">) -> !torch.symint<"16">
    %floordiv = "operator.floordiv"(%sym_size_int) {arg_names = ["a"], b = 2 : i64} : (!torch.symint<"2*s44">) -> !torch.symint<"s44">
    %mul = "operator.mul"(%floordiv, %n) {arg_names = ["a", "b"]} : (!torch.symint<"s44">, !torch.symint<"s77">) -> !torch.symint<"s44*s77">
    %mod = "operator.mod"(%mul, %sym_size_int_1) {arg_names = ["a", "b"]} : (!torch.symint<"s44*s77">, !torch.symint<"16">) -> !torch.symint<"(s44*s77) % 16">
    %sym_max = "torch.sym_max"(%mod, %n) {arg_names = ["a", "b"]} : (!torch.symint<"(s44*s77) % 16">, !torch.symint<"s77">) -> !torch.symint<"max(s44, s77)">
    %ge = "operator.ge"(%floordiv) {arg_names = ["a"], b = 2 : i64} : (!torch.symint<"s44">) -> !torch.symbool
    "aten._assert_scalar.default"(%ge) {arg_names = ["self"], assert_msg = "s44 >= 2"} : (!torch.symbool) -> ()
    %c16 = "ir.constant"() {value = 16 : i64} : () -> !torch.symint<"16">
    %zeros = "aten.zeros.default"(%sym_max, %c16) {arg_names = ["size", "size"], dtype = f32} : (!torch.symint<"max(s44, s77)">, !torch.symint<"16">) -> tensor<?x16xf32, "max(s44, s77)">
    "ir.return"(%zeros, %sym_max) : (tensor<?x16xf32, "max(s44, s77)">, !torch.symint<"max(s44, s77)">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s44 = #ir.range<2, 64>, s77 = #ir.range<1, 8>}} : () -> ()
