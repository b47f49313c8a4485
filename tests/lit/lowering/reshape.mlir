// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten,dce --no-provenance | FileCheck %s

// Reshape and Expand targets take what the types tell instead of runtime
// sizes: a target of constants needs no Shape, Gather, Unsqueeze or Concat.

// A dim equal to the input's dim at the same index is ONNX's 0 (copy):
// CHECK-NOT: "onnx.Shape"
// CHECK-NOT: "onnx.Concat"
// CHECK: %[[HEADS:.*]] = "ir.constant"() {value = dense<[0, 0, 4, 32]> : tensor<4xi64>}
// CHECK-NEXT: %[[RESHAPE:.*]] = "onnx.Reshape"(%x, %[[HEADS]]) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
// CHECK-NEXT: "ir.return"(%[[RESHAPE]])
// CHECK-LABEL: }) {sym_name = "dim_of_input_is_copy"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %c4 = "ir.constant"() {value = 4 : i64} : () -> !torch.symint<"4">
    %c32 = "ir.constant"() {value = 32 : i64} : () -> !torch.symint<"32">
    %heads = "aten.view.default"(%x, %b, %s, %c4, %c32) {arg_names = ["self", "size", "size", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"4">, !torch.symint<"32">) -> tensor<?x?x4x32xf32, "s0, s1">
    "ir.return"(%heads) : (tensor<?x?x4x32xf32, "s0, s1">) -> ()
  }) {sym_name = "dim_of_input_is_copy"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()

// -----

// one remaining runtime dim is -1, since no other dim can be 0 (s0, s1 >= 2):
// CHECK-NOT: "onnx.Shape"
// CHECK-NOT: "onnx.Concat"
// CHECK: %[[ROWS:.*]] = "ir.constant"() {value = dense<[-1, 128]> : tensor<2xi64>}
// CHECK-NEXT: %[[RESHAPE:.*]] = "onnx.Reshape"(%x, %[[ROWS]]) : (tensor<?x?x128xf32, "s0, s1">, tensor<2xi64>) -> tensor<?x128xf32, "s0*s1">
// CHECK-NEXT: "ir.return"(%[[RESHAPE]])
// CHECK-LABEL: }) {sym_name = "one_runtime_dim_is_minus_one"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %bs = "operator.mul"(%b, %s) {arg_names = ["a", "b"]} : (!torch.symint<"s0">, !torch.symint<"s1">) -> !torch.symint<"s0*s1">
    %c128 = "ir.constant"() {value = 128 : i64} : () -> !torch.symint<"128">
    %rows = "aten.view.default"(%x, %bs, %c128) {arg_names = ["self", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s0*s1">, !torch.symint<"128">) -> tensor<?x128xf32, "s0*s1">
    "ir.return"(%rows) : (tensor<?x128xf32, "s0*s1">) -> ()
  }) {sym_name = "one_runtime_dim_is_minus_one"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()

// -----

// two runtime dims that are not the input's stay runtime values:
// CHECK: %[[SHAPE:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 0 : i64}
// CHECK: %[[RESHAPE:.*]] = "onnx.Reshape"(%x, %[[SHAPE]]) : (tensor<?x?x128xf32, "s0, s1">, tensor<3xi64>) -> tensor<?x?x128xf32, "s1, s0">
// CHECK-NEXT: "ir.return"(%[[RESHAPE]])
// CHECK-LABEL: }) {sym_name = "two_runtime_dims_stay_runtime"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %c128 = "ir.constant"() {value = 128 : i64} : () -> !torch.symint<"128">
    %swapped = "aten.reshape.default"(%x, %s, %b, %c128) {arg_names = ["self", "shape", "shape", "shape"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s1">, !torch.symint<"s0">, !torch.symint<"128">) -> tensor<?x?x128xf32, "s1, s0">
    "ir.return"(%swapped) : (tensor<?x?x128xf32, "s1, s0">) -> ()
  }) {sym_name = "two_runtime_dims_stay_runtime"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()

// -----

// torch's 0 is a size: allowzero, and the sizes as given.
// CHECK: %[[RESHAPE:.*]] = "onnx.Reshape"(%x, %{{.*}}) {allowzero = 1 : i64}
// CHECK-NEXT: "ir.return"(%[[RESHAPE]])
// CHECK-LABEL: }) {sym_name = "zero_size_is_allowzero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %bs = "operator.mul"(%b, %s) {arg_names = ["a", "b"]} : (!torch.symint<"s0">, !torch.symint<"s1">) -> !torch.symint<"s0*s1">
    %c0 = "ir.constant"() {value = 0 : i64} : () -> !torch.symint<"0">
    %c128 = "ir.constant"() {value = 128 : i64} : () -> !torch.symint<"128">
    %empty = "aten.view.default"(%x, %c0, %bs, %c128) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"0">, !torch.symint<"s0*s1">, !torch.symint<"128">) -> tensor<0x?x128xf32, "s0*s1">
    "ir.return"(%empty) : (tensor<0x?x128xf32, "s0*s1">) -> ()
  }) {sym_name = "zero_size_is_allowzero"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()

// -----

// Expand: a dim the input has is 1 (kept by ONNX's broadcast), a static one
// its size.
// CHECK-NOT: "onnx.Shape"
// CHECK-NOT: "onnx.Concat"
// CHECK: %[[E:.*]] = "ir.constant"() {value = dense<[1, 1, 3]> : tensor<3xi64>}
// CHECK-NEXT: %[[EXPAND:.*]] = "onnx.Expand"(%m, %[[E]]) : (tensor<?x?x1xf32, "s0, s1">, tensor<3xi64>) -> tensor<?x?x3xf32, "s0, s1">
// CHECK-NEXT: "ir.return"(%[[EXPAND]])
// CHECK-LABEL: }) {sym_name = "expand_static_target"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %m: tensor<?x?x1xf32, "s0, s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %c3 = "ir.constant"() {value = 3 : i64} : () -> !torch.symint<"3">
    %expand = "aten.expand.default"(%m, %b, %s, %c3) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x1xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"3">) -> tensor<?x?x3xf32, "s0, s1">
    "ir.return"(%expand) : (tensor<?x?x3xf32, "s0, s1">) -> ()
  }) {sym_name = "expand_static_target"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()

// -----

// Only expanded dynamic dims are runtime values.
// CHECK: %[[B:.*]] = "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: %[[BS:.*]] = "onnx.Concat"(%[[B]], %{{.*}}) {axis = 0 : i64}
// CHECK: %[[EXPAND:.*]] = "onnx.Expand"(%r, %[[BS]]) : (tensor<1x?xf32, "s1">, tensor<2xi64>) -> tensor<?x?xf32, "s0, s1">
// CHECK-NEXT: "ir.return"(%[[EXPAND]])
// CHECK-LABEL: }) {sym_name = "expand_runtime_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %r: tensor<1x?xf32, "s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %batch = "aten.expand.default"(%r, %b, %s) {arg_names = ["self", "size", "size"]} : (tensor<1x?xf32, "s1">, !torch.symint<"s0">, !torch.symint<"s1">) -> tensor<?x?xf32, "s0, s1">
    "ir.return"(%batch) : (tensor<?x?xf32, "s0, s1">) -> ()
  }) {sym_name = "expand_runtime_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()

// -----

// An expand or a view to the input's own shape is the input, and so is a
// slice as long as its dim (x[:, :s1]).
// CHECK: ^bb0(
// CHECK-NEXT: "ir.return"(%m, %x, %x)
// CHECK-LABEL: }) {sym_name = "views_to_own_shape_are_the_input"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %m: tensor<?x?x1xf32, "s0, s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %c1 = "ir.constant"() {value = 1 : i64} : () -> !torch.symint<"1">
    %c128 = "ir.constant"() {value = 128 : i64} : () -> !torch.symint<"128">
    %same = "aten.expand.default"(%m, %b, %s, %c1) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x1xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"1">) -> tensor<?x?x1xf32, "s0, s1">
    %itself = "aten.view.default"(%x, %b, %s, %c128) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"128">) -> tensor<?x?x128xf32, "s0, s1">
    %all = "aten.slice.Tensor"(%x, %s) {arg_names = ["self", "end"], dim = 1 : i64, start = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s1">) -> tensor<?x?x128xf32, "s0, s1">
    "ir.return"(%same, %itself, %all) : (tensor<?x?x1xf32, "s0, s1">, tensor<?x?x128xf32, "s0, s1">, tensor<?x?x128xf32, "s0, s1">) -> ()
  }) {sym_name = "views_to_own_shape_are_the_input"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()
