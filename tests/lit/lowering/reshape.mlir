// RUN: %pt2onnx-opt %s --passes=lower-aten,dce --no-provenance | FileCheck %s

// Reshape and Expand targets take what the types tell instead of runtime
// sizes: a target of constants needs no Shape, Gather, Unsqueeze or Concat.
//
// A dim equal to the input's dim at the same index is ONNX's 0 (copy):
// CHECK: %[[HEADS:.*]] = "ir.constant"() {value = dense<[0, 0, 4, 32]> : tensor<4xi64>}
// CHECK: %heads = "onnx.Reshape"(%x, %[[HEADS]]) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
// one remaining runtime dim is -1, since no other dim can be 0 (s0, s1 >= 2):
// CHECK: %[[ROWS:.*]] = "ir.constant"() {value = dense<[-1, 128]> : tensor<2xi64>}
// CHECK: %rows = "onnx.Reshape"(%x, %[[ROWS]]) : (tensor<?x?x128xf32, "s0, s1">, tensor<2xi64>) -> tensor<?x128xf32, "s0*s1">
// two runtime dims that are not the input's stay runtime values:
// CHECK: %[[SHAPE:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 0 : i64}
// CHECK: %swapped = "onnx.Reshape"(%x, %[[SHAPE]]) : (tensor<?x?x128xf32, "s0, s1">, tensor<3xi64>) -> tensor<?x?x128xf32, "s1, s0">
// torch's 0 is a size: allowzero, and the sizes as given.
// CHECK: %empty = "onnx.Reshape"(%x, %{{.*}}) {allowzero = 1 : i64}
// Expand: a dim the input has is 1 (kept by ONNX's broadcast), a static one
// its size; only expanded dynamic dims are runtime values.
// CHECK: %[[E:.*]] = "ir.constant"() {value = dense<[1, 1, 3]> : tensor<3xi64>}
// CHECK: %expand = "onnx.Expand"(%m, %[[E]]) : (tensor<?x?x1xf32, "s0, s1">, tensor<3xi64>) -> tensor<?x?x3xf32, "s0, s1">
// CHECK: %[[B:.*]] = "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: %[[BS:.*]] = "onnx.Concat"(%[[B]], %{{.*}}) {axis = 0 : i64}
// CHECK: %batch = "onnx.Expand"(%r, %[[BS]]) : (tensor<1x?xf32, "s1">, tensor<2xi64>) -> tensor<?x?xf32, "s0, s1">
// An expand or a view to the input's own shape is the input, and so is a
// slice as long as its dim (x[:, :s1]).
// CHECK: "ir.return"(%heads, %rows, %swapped, %empty, %expand, %batch, %m, %x, %x)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %m: tensor<?x?x1xf32, "s0, s1">, %r: tensor<1x?xf32, "s1">):
    %b = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s0">
    %s = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x128xf32, "s0, s1">) -> !torch.symint<"s1">
    %bs = "operator.mul"(%b, %s) {arg_names = ["a", "b"]} : (!torch.symint<"s0">, !torch.symint<"s1">) -> !torch.symint<"s0*s1">
    %c0 = "ir.constant"() {value = 0 : i64} : () -> !torch.symint<"0">
    %c1 = "ir.constant"() {value = 1 : i64} : () -> !torch.symint<"1">
    %c3 = "ir.constant"() {value = 3 : i64} : () -> !torch.symint<"3">
    %c4 = "ir.constant"() {value = 4 : i64} : () -> !torch.symint<"4">
    %c32 = "ir.constant"() {value = 32 : i64} : () -> !torch.symint<"32">
    %c128 = "ir.constant"() {value = 128 : i64} : () -> !torch.symint<"128">
    %heads = "aten.view.default"(%x, %b, %s, %c4, %c32) {arg_names = ["self", "size", "size", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"4">, !torch.symint<"32">) -> tensor<?x?x4x32xf32, "s0, s1">
    %rows = "aten.view.default"(%x, %bs, %c128) {arg_names = ["self", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s0*s1">, !torch.symint<"128">) -> tensor<?x128xf32, "s0*s1">
    %swapped = "aten.reshape.default"(%x, %s, %b, %c128) {arg_names = ["self", "shape", "shape", "shape"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s1">, !torch.symint<"s0">, !torch.symint<"128">) -> tensor<?x?x128xf32, "s1, s0">
    %empty = "aten.view.default"(%x, %c0, %bs, %c128) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"0">, !torch.symint<"s0*s1">, !torch.symint<"128">) -> tensor<0x?x128xf32, "s0*s1">
    %expand = "aten.expand.default"(%m, %b, %s, %c3) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x1xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"3">) -> tensor<?x?x3xf32, "s0, s1">
    %batch = "aten.expand.default"(%r, %b, %s) {arg_names = ["self", "size", "size"]} : (tensor<1x?xf32, "s1">, !torch.symint<"s0">, !torch.symint<"s1">) -> tensor<?x?xf32, "s0, s1">
    %same = "aten.expand.default"(%m, %b, %s, %c1) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x1xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"1">) -> tensor<?x?x1xf32, "s0, s1">
    %itself = "aten.view.default"(%x, %b, %s, %c128) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s0">, !torch.symint<"s1">, !torch.symint<"128">) -> tensor<?x?x128xf32, "s0, s1">
    %all = "aten.slice.Tensor"(%x, %s) {arg_names = ["self", "end"], dim = 1 : i64, start = 0 : i64} : (tensor<?x?x128xf32, "s0, s1">, !torch.symint<"s1">) -> tensor<?x?x128xf32, "s0, s1">
    "ir.return"(%heads, %rows, %swapped, %empty, %expand, %batch, %same, %itself, %all) : (tensor<?x?x4x32xf32, "s0, s1">, tensor<?x128xf32, "s0*s1">, tensor<?x?x128xf32, "s1, s0">, tensor<0x?x128xf32, "s0*s1">, tensor<?x?x3xf32, "s0, s1">, tensor<?x?xf32, "s0, s1">, tensor<?x?x1xf32, "s0, s1">, tensor<?x?x128xf32, "s0, s1">, tensor<?x?x128xf32, "s0, s1">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>, s1 = #ir.range<2, 512>}} : () -> ()
