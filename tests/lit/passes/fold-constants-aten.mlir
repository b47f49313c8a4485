// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance | FileCheck %s

// ATen ops fold before lowering, with torch's semantics.

// alpha scales `other`.
// CHECK:      %add = "ir.constant"() {value = dense<[-1, 13]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: "ir.return"(%add)
// CHECK-LABEL: }) {sym_name = "add_alpha_scales_other"}
"ir.module"() ({
  "ir.graph"() ({
    %vec = "ir.constant"() {value = dense<[-7, 7]> : tensor<2xi64>} : () -> tensor<2xi64>
    %three = "ir.constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %add = "aten.add.Tensor"(%vec, %three) {alpha = 2 : i64, arg_names = ["self", "other"]} : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
    "ir.return"(%add) : (tensor<2xi64>) -> ()
  }) {sym_name = "add_alpha_scales_other"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// Floor division rounds toward negative infinity; number attributes are
// constants.
// CHECK:      %div = "ir.constant"() {value = dense<[-4, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT: %lt = "ir.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
// CHECK-NEXT: "ir.return"(%div, %lt)
// CHECK-LABEL: }) {sym_name = "floor_division_rounds_down"}
"ir.module"() ({
  "ir.graph"() ({
    %vec = "ir.constant"() {value = dense<[-7, 7]> : tensor<2xi64>} : () -> tensor<2xi64>
    %div = "aten.div.Tensor_mode"(%vec) {arg_names = ["self"], other = 2 : i64, rounding_mode = "floor"} : (tensor<2xi64>) -> tensor<2xi64>
    %lt = "aten.lt.Scalar"(%vec) {arg_names = ["self"], other = 6.5 : f64} : (tensor<2xi64>) -> tensor<2xi1>
    "ir.return"(%div, %lt) : (tensor<2xi64>, tensor<2xi1>) -> ()
  }) {sym_name = "floor_division_rounds_down"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// sym_size of a static dim is a SymInt constant; of a dynamic one it stays,
// and so does a view by it. SymInt operands are constants.
// CHECK:      %size = "ir.constant"() {value = 4 : i64} : () -> !torch.symint<"4">
// CHECK-NEXT: %dynsize = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64}
// CHECK-NEXT: %view = "ir.constant"() {value = dense<{{\[}}[-7], [7]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
// CHECK-NEXT: %dynview = "aten.view.default"(%vec, %dynsize, %size)
// CHECK-NEXT: "ir.return"(%size, %dynsize, %view, %dynview)
// CHECK-LABEL: }) {sym_name = "sym_size_of_static_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">):
    %vec = "ir.constant"() {value = dense<[-7, 7]> : tensor<2xi64>} : () -> tensor<2xi64>
    %two = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2">
    %one = "ir.constant"() {value = 1 : i64} : () -> !torch.symint<"1">
    %size = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<?x4xf32, "s0">) -> !torch.symint<"4">
    %dynsize = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x4xf32, "s0">) -> !torch.symint<"s0">
    %view = "aten.view.default"(%vec, %two, %one) {arg_names = ["self", "size", "size"]} : (tensor<2xi64>, !torch.symint<"2">, !torch.symint<"1">) -> tensor<2x1xi64>
    %dynview = "aten.view.default"(%vec, %dynsize, %size) {arg_names = ["self", "size", "size"]} : (tensor<2xi64>, !torch.symint<"s0">, !torch.symint<"4">) -> tensor<?x4xi64, "s0">
    "ir.return"(%size, %dynsize, %view, %dynview) : (!torch.symint<"4">, !torch.symint<"s0">, tensor<2x1xi64>, tensor<?x4xi64, "s0">) -> ()
  }) {sym_name = "sym_size_of_static_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// arange folds; the *_like ops need only a static shape; random ops stay.
// CHECK:      %arange = "ir.constant"() {value = dense<[1, 3, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
// CHECK-NEXT: %zeros = "ir.constant"() {value = dense<0> : tensor<2x4xi64>} : () -> tensor<2x4xi64>
// CHECK-NEXT: %dynzeros = "aten.zeros_like.default"(%x)
// CHECK-NEXT: %rand = "aten.rand.default"()
// CHECK-NEXT: "ir.return"(%arange, %zeros, %dynzeros, %rand)
// CHECK-LABEL: }) {sym_name = "factories_need_static_shapes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">, %y: tensor<2x4xf32>):
    %arange = "aten.arange.start_step"() {dtype = i32, end = 6 : i64, start = 1 : i64, step = 2 : i64} : () -> tensor<3xi32>
    %zeros = "aten.zeros_like.default"(%y) {arg_names = ["self"], dtype = i64} : (tensor<2x4xf32>) -> tensor<2x4xi64>
    %dynzeros = "aten.zeros_like.default"(%x) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0">
    %rand = "aten.rand.default"() {size = array<i64: 2>} : () -> tensor<2xf32>
    "ir.return"(%arange, %zeros, %dynzeros, %rand) : (tensor<3xi32>, tensor<2x4xi64>, tensor<?x4xf32, "s0">, tensor<2xf32>) -> ()
  }) {sym_name = "factories_need_static_shapes"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()
