// RUN: %pt2onnx-opt %s --passes=infer-shapes --verify | FileCheck %s

// ATen ops before lowering: arguments by schema name, SymInt lists as int
// list attributes or one SymInt operand per element. Where torch's type
// promotion decides the element type, the recorded one is kept.

// CHECK-LABEL: "ir.graph"
// CHECK: %d0 = "aten.sym_size.int"(%x) {{.*}} -> !torch.symint<"s0">
// CHECK: %half = "operator.floordiv"(%d1) {{.*}} -> !torch.symint<"s1">
// CHECK: %view = "aten.view.default"(%x, %d0, %half, %m1) {{.*}} -> tensor<?x?x32xf32, "s0, s1">
// CHECK: %flat = "aten.reshape.default"(%view) {{.*}} -> tensor<?x32xf32, "s0*s1">
// CHECK: %lin = "aten.linear.default"(%view, %w, %bias) {{.*}} -> tensor<?x?x8xf32, "s0, s1">
// CHECK: %add = "aten.add.Tensor"(%lin, %bias) {{.*}} -> tensor<?x?x8xf32, "s0, s1">
// CHECK: %perm = "aten.permute.default"(%lin) {{.*}} -> tensor<8x?x?xf32, "s0, s1">
// CHECK: %tr = "aten.transpose.int"(%lin) {{.*}} -> tensor<?x8x?xf32, "s0, s1">
// CHECK: %sl = "aten.slice.Tensor"(%x, %half) {{.*}} -> tensor<?x?x16xf32, "s0, s1">
// CHECK: %unsq = "aten.unsqueeze.default"(%lin) {{.*}} -> tensor<?x1x?x8xf32, "s0, s1">
// CHECK: %cat = "aten.cat.default"(%lin, %lin) {{.*}} -> tensor<?x?x16xf32, "s0, s1">
// CHECK: %conv = "aten.conv2d.default"(%img, %k) {{.*}} -> tensor<1x4x15x15xf32>
// CHECK: %pool = "aten.max_pool2d.default"(%img) {{.*}} -> tensor<1x3x16x16xf32>
// CHECK: %mean = "aten.mean.dim"(%x) {{.*}} -> tensor<?x1x16xf32, "s0">
// CHECK: %emb = "aten.embedding.default"(%table, %ids) {{.*}} -> tensor<?x?x8xf32, "s0, s1">
// The element type comes from `dtype`.
// CHECK: %to = "aten.to.dtype"(%x) {{.*}} -> tensor<?x?x16xf16, "s0, 2*s1">
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">, %w: tensor<8x32xf32>, %bias: tensor<8xf32>, %img: tensor<1x3x32x32xf32>, %k: tensor<4x3x3x3xf32>, %table: tensor<100x8xf32>, %ids: tensor<?x?xi64, "s0, s1">):
    %d0 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %d1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %half = "operator.floordiv"(%d1) {arg_names = ["a"], b = 2 : i64} : (!torch.symint) -> !torch.symint
    %m1 = "ir.constant"() {value = -1 : i64} : () -> !torch.symint<"-1">
    %view = "aten.view.default"(%x, %d0, %half, %m1) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x16xf32, "s0, 2*s1">, !torch.symint, !torch.symint, !torch.symint<"-1">) -> tensor<*xf32>
    %flat = "aten.reshape.default"(%view) {arg_names = ["self"], shape = array<i64: -1, 32>} : (tensor<*xf32>) -> tensor<*xf32>
    %lin = "aten.linear.default"(%view, %w, %bias) {arg_names = ["input", "weight", "bias"]} : (tensor<*xf32>, tensor<8x32xf32>, tensor<8xf32>) -> tensor<*xf32>
    %add = "aten.add.Tensor"(%lin, %bias) {arg_names = ["self", "other"]} : (tensor<*xf32>, tensor<8xf32>) -> tensor<*xf32>
    %perm = "aten.permute.default"(%lin) {arg_names = ["self"], dims = array<i64: 2, 0, 1>} : (tensor<*xf32>) -> tensor<*xf32>
    %tr = "aten.transpose.int"(%lin) {arg_names = ["self"], dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<*xf32>) -> tensor<*xf32>
    %sl = "aten.slice.Tensor"(%x, %half) {arg_names = ["self", "end"], dim = 1 : i64, start = 0 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">, !torch.symint) -> tensor<*xf32>
    %unsq = "aten.unsqueeze.default"(%lin) {arg_names = ["self"], dim = 1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
    %cat = "aten.cat.default"(%lin, %lin) {arg_names = ["tensors", "tensors"], dim = -1 : i64} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    %conv = "aten.conv2d.default"(%img, %k) {arg_names = ["input", "weight"], stride = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
    %pool = "aten.max_pool2d.default"(%img) {arg_names = ["self"], kernel_size = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> tensor<*xf32>
    %mean = "aten.mean.dim"(%x) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true} : (tensor<?x?x16xf32, "s0, 2*s1">) -> tensor<*xf32>
    %emb = "aten.embedding.default"(%table, %ids) {arg_names = ["weight", "indices"]} : (tensor<100x8xf32>, tensor<?x?xi64, "s0, s1">) -> tensor<*xf32>
    %to = "aten.to.dtype"(%x) {arg_names = ["self"], dtype = f16} : (tensor<?x?x16xf32, "s0, 2*s1">) -> tensor<*xf16>
    "ir.return"(%flat, %add, %perm, %tr, %sl, %unsq, %cat, %conv, %pool, %mean, %emb, %to) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf16>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()
