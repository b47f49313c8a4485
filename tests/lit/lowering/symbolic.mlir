// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// SymInts are rank-0 int64 tensors, graph arguments included.

// sym_size of a dynamic dim is Shape + Gather.
// CHECK: ^bb0(%x: tensor<?x?x16xf32, "s77, 2*s44">, %n: tensor<i64>):
// CHECK: %[[SHAPE:.*]] = "onnx.Shape"(%x)
// CHECK: %sym_size_int = "onnx.Gather"(%[[SHAPE]], %{{.*}}) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
// CHECK: "ir.return"(%sym_size_int, %n)
// CHECK-LABEL: }) {sym_name = "size_of_dynamic_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s77, 2*s44">, %n: !torch.symint<"s77">):
    %sym_size_int = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s77, 2*s44">) -> !torch.symint<"2*s44">
    "ir.return"(%sym_size_int, %n) : (!torch.symint<"2*s44">, !torch.symint<"s77">) -> ()
  }) {sym_name = "size_of_dynamic_dim"} : () -> ()
}) {ir.symbols = {s44 = #ir.range<2, 64>, s77 = #ir.range<1, 8>}} : () -> ()

// -----

// sym_size of a static dim is a constant.
// CHECK-NOT: "onnx.Shape"
// CHECK: %sym_size_int_1 = "ir.constant"() {value = dense<16> : tensor<i64>}
// CHECK-NEXT: "ir.return"(%sym_size_int_1)
// CHECK-LABEL: }) {sym_name = "size_of_static_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s77, 2*s44">):
    %sym_size_int_1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 2 : i64} : (tensor<?x?x16xf32, "s77, 2*s44">) -> !torch.symint<"16">
    "ir.return"(%sym_size_int_1) : (!torch.symint<"16">) -> ()
  }) {sym_name = "size_of_static_dim"} : () -> ()
}) {ir.symbols = {s44 = #ir.range<2, 64>, s77 = #ir.range<1, 8>}} : () -> ()

// -----

// `//` floors like Python: (a - a mod 2) / 2, with a Mod that takes the
// divisor's sign.
// CHECK: %[[TWO:.*]] = "ir.constant"() {value = dense<2> : tensor<i64>}
// CHECK: %[[R:.*]] = "onnx.Mod"(%a, %[[TWO]]) {fmod = 0 : i64}
// CHECK: %[[D:.*]] = "onnx.Sub"(%a, %[[R]])
// CHECK: %floordiv = "onnx.Div"(%[[D]], %[[TWO]]) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK-LABEL: }) {sym_name = "floor_division"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: !torch.symint<"2*s44">):
    %floordiv = "operator.floordiv"(%a) {arg_names = ["a"], b = 2 : i64} : (!torch.symint<"2*s44">) -> !torch.symint<"s44">
    "ir.return"(%floordiv) : (!torch.symint<"s44">) -> ()
  }) {sym_name = "floor_division"} : () -> ()
}) {ir.symbols = {s44 = #ir.range<2, 64>, s77 = #ir.range<1, 8>}} : () -> ()

// -----

// Arithmetic on SymInts is elementwise on the scalars; Python's % is a Mod
// with the divisor's sign.
// CHECK: %mul = "onnx.Mul"(%a, %n) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: %mod = "onnx.Mod"(%mul, %sixteen) {fmod = 0 : i64}
// CHECK: %sym_max = "onnx.Max"(%mod, %n)
// CHECK-LABEL: }) {sym_name = "arithmetic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: !torch.symint<"s44">, %n: !torch.symint<"s77">, %sixteen: !torch.symint<"16">):
    %mul = "operator.mul"(%a, %n) {arg_names = ["a", "b"]} : (!torch.symint<"s44">, !torch.symint<"s77">) -> !torch.symint<"s44*s77">
    %mod = "operator.mod"(%mul, %sixteen) {arg_names = ["a", "b"]} : (!torch.symint<"s44*s77">, !torch.symint<"16">) -> !torch.symint<"(s44*s77) % 16">
    %sym_max = "torch.sym_max"(%mod, %n) {arg_names = ["a", "b"]} : (!torch.symint<"(s44*s77) % 16">, !torch.symint<"s77">) -> !torch.symint<"max(s44, s77)">
    "ir.return"(%sym_max) : (!torch.symint<"max(s44, s77)">) -> ()
  }) {sym_name = "arithmetic"} : () -> ()
}) {ir.symbols = {s44 = #ir.range<2, 64>, s77 = #ir.range<1, 8>}} : () -> ()

// -----

// A size list of SymInts and constants is their Concat; the constants are
// dense.
// CHECK: %[[N:.*]] = "onnx.Unsqueeze"(%m
// CHECK: %[[C16L:.*]] = "ir.constant"() {value = dense<[16]> : tensor<1xi64>}
// CHECK: %[[ZS:.*]] = "onnx.Concat"(%[[N]], %[[C16L]]) {axis = 0 : i64}
// CHECK: %zeros = "onnx.ConstantOfShape"(%[[ZS]]) {value = dense<"0x00000000"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<?x16xf32, "max(s44, s77)">
// CHECK-LABEL: }) {sym_name = "size_list"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%m: !torch.symint<"max(s44, s77)">):
    %c16 = "ir.constant"() {value = 16 : i64} : () -> !torch.symint<"16">
    %zeros = "aten.zeros.default"(%m, %c16) {arg_names = ["size", "size"], dtype = f32} : (!torch.symint<"max(s44, s77)">, !torch.symint<"16">) -> tensor<?x16xf32, "max(s44, s77)">
    "ir.return"(%zeros) : (tensor<?x16xf32, "max(s44, s77)">) -> ()
  }) {sym_name = "size_list"} : () -> ()
}) {ir.symbols = {s44 = #ir.range<2, 64>, s77 = #ir.range<1, 8>}} : () -> ()

// -----

// Assertions go, with the values only they used.
// CHECK-NOT: _assert
// CHECK: ^bb0(%a: tensor<i64>):
// CHECK-NEXT: "ir.return"(%a)
// CHECK-LABEL: }) {sym_name = "assertions_go"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: !torch.symint<"s44">):
    %ge = "operator.ge"(%a) {arg_names = ["a"], b = 2 : i64} : (!torch.symint<"s44">) -> !torch.symbool
    "aten._assert_scalar.default"(%ge) {arg_names = ["self"], assert_msg = "s44 >= 2"} : (!torch.symbool) -> ()
    "ir.return"(%a) : (!torch.symint<"s44">) -> ()
  }) {sym_name = "assertions_go"} : () -> ()
}) {ir.symbols = {s44 = #ir.range<2, 64>, s77 = #ir.range<1, 8>}} : () -> ()
