// RUN: %pt2onnx-opt %s --split-input-file --passes=infer-shapes --verify | FileCheck %s

// ATen ops before lowering: arguments by schema name, SymInt lists as int
// list attributes or one SymInt operand per element. Where torch's type
// promotion decides the element type, the recorded one is kept.

// CHECK: %d0 = "aten.sym_size.int"(%x) {{.*}} -> !torch.symint<"s0">
// CHECK: %half = "operator.floordiv"(%d1) {{.*}} -> !torch.symint<"s1">
// CHECK-LABEL: }) {sym_name = "symint_arithmetic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">):
    %d0 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %d1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %half = "operator.floordiv"(%d1) {arg_names = ["a"], b = 2 : i64} : (!torch.symint) -> !torch.symint
    "ir.return"(%d0, %half) : (!torch.symint, !torch.symint) -> ()
  }) {sym_name = "symint_arithmetic"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %view = "aten.view.default"(%x, %d0, %half, %m1) {{.*}} -> tensor<?x?x32xf32, "s0, s1">
// CHECK: %flat = "aten.reshape.default"(%view) {{.*}} -> tensor<?x32xf32, "s0*s1">
// CHECK-LABEL: }) {sym_name = "view_by_symints_and_reshape"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">):
    %d0 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %d1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %half = "operator.floordiv"(%d1) {arg_names = ["a"], b = 2 : i64} : (!torch.symint) -> !torch.symint
    %m1 = "ir.constant"() {value = -1 : i64} : () -> !torch.symint<"-1">
    %view = "aten.view.default"(%x, %d0, %half, %m1) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x16xf32, "s0, 2*s1">, !torch.symint, !torch.symint, !torch.symint<"-1">) -> tensor<*xf32>
    %flat = "aten.reshape.default"(%view) {arg_names = ["self"], shape = array<i64: -1, 32>} : (tensor<*xf32>) -> tensor<*xf32>
    "ir.return"(%flat) : (tensor<*xf32>) -> ()
  }) {sym_name = "view_by_symints_and_reshape"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %lin = "aten.linear.default"(%view, %w, %bias) {{.*}} -> tensor<?x?x8xf32, "s0, s1">
// CHECK: %add = "aten.add.Tensor"(%lin, %bias) {{.*}} -> tensor<?x?x8xf32, "s0, s1">
// CHECK-LABEL: }) {sym_name = "linear_and_broadcast"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">, %w: tensor<8x32xf32>, %bias: tensor<8xf32>):
    %d0 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %d1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %half = "operator.floordiv"(%d1) {arg_names = ["a"], b = 2 : i64} : (!torch.symint) -> !torch.symint
    %m1 = "ir.constant"() {value = -1 : i64} : () -> !torch.symint<"-1">
    %view = "aten.view.default"(%x, %d0, %half, %m1) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x16xf32, "s0, 2*s1">, !torch.symint, !torch.symint, !torch.symint<"-1">) -> tensor<*xf32>
    %lin = "aten.linear.default"(%view, %w, %bias) {arg_names = ["input", "weight", "bias"]} : (tensor<*xf32>, tensor<8x32xf32>, tensor<8xf32>) -> tensor<*xf32>
    %add = "aten.add.Tensor"(%lin, %bias) {arg_names = ["self", "other"]} : (tensor<*xf32>, tensor<8xf32>) -> tensor<*xf32>
    "ir.return"(%add) : (tensor<*xf32>) -> ()
  }) {sym_name = "linear_and_broadcast"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %perm = "aten.permute.default"(%lin) {{.*}} -> tensor<8x?x?xf32, "s0, s1">
// CHECK: %tr = "aten.transpose.int"(%lin) {{.*}} -> tensor<?x8x?xf32, "s0, s1">
// CHECK: %unsq = "aten.unsqueeze.default"(%lin) {{.*}} -> tensor<?x1x?x8xf32, "s0, s1">
// CHECK: %cat = "aten.cat.default"(%lin, %lin) {{.*}} -> tensor<?x?x16xf32, "s0, s1">
// CHECK-LABEL: }) {sym_name = "permute_transpose_unsqueeze_cat"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">, %w: tensor<8x32xf32>, %bias: tensor<8xf32>):
    %d0 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %d1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %half = "operator.floordiv"(%d1) {arg_names = ["a"], b = 2 : i64} : (!torch.symint) -> !torch.symint
    %m1 = "ir.constant"() {value = -1 : i64} : () -> !torch.symint<"-1">
    %view = "aten.view.default"(%x, %d0, %half, %m1) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x?x16xf32, "s0, 2*s1">, !torch.symint, !torch.symint, !torch.symint<"-1">) -> tensor<*xf32>
    %lin = "aten.linear.default"(%view, %w, %bias) {arg_names = ["input", "weight", "bias"]} : (tensor<*xf32>, tensor<8x32xf32>, tensor<8xf32>) -> tensor<*xf32>
    %perm = "aten.permute.default"(%lin) {arg_names = ["self"], dims = array<i64: 2, 0, 1>} : (tensor<*xf32>) -> tensor<*xf32>
    %tr = "aten.transpose.int"(%lin) {arg_names = ["self"], dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<*xf32>) -> tensor<*xf32>
    %unsq = "aten.unsqueeze.default"(%lin) {arg_names = ["self"], dim = 1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
    %cat = "aten.cat.default"(%lin, %lin) {arg_names = ["tensors", "tensors"], dim = -1 : i64} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    "ir.return"(%perm, %tr, %unsq, %cat) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "permute_transpose_unsqueeze_cat"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %sl = "aten.slice.Tensor"(%x, %half) {{.*}} -> tensor<?x?x16xf32, "s0, s1">
// CHECK-LABEL: }) {sym_name = "slice_by_symint"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">):
    %d1 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">) -> !torch.symint
    %half = "operator.floordiv"(%d1) {arg_names = ["a"], b = 2 : i64} : (!torch.symint) -> !torch.symint
    %sl = "aten.slice.Tensor"(%x, %half) {arg_names = ["self", "end"], dim = 1 : i64, start = 0 : i64} : (tensor<?x?x16xf32, "s0, 2*s1">, !torch.symint) -> tensor<*xf32>
    "ir.return"(%sl) : (tensor<*xf32>) -> ()
  }) {sym_name = "slice_by_symint"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %conv = "aten.conv2d.default"(%img, %k) {{.*}} -> tensor<1x4x15x15xf32>
// CHECK: %pool = "aten.max_pool2d.default"(%img) {{.*}} -> tensor<1x3x16x16xf32>
// CHECK-LABEL: }) {sym_name = "conv_and_pool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%img: tensor<1x3x32x32xf32>, %k: tensor<4x3x3x3xf32>):
    %conv = "aten.conv2d.default"(%img, %k) {arg_names = ["input", "weight"], stride = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
    %pool = "aten.max_pool2d.default"(%img) {arg_names = ["self"], kernel_size = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> tensor<*xf32>
    "ir.return"(%conv, %pool) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "conv_and_pool"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %mean = "aten.mean.dim"(%x) {{.*}} -> tensor<?x1x16xf32, "s0">
// CHECK-LABEL: }) {sym_name = "mean_keepdim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">):
    %mean = "aten.mean.dim"(%x) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true} : (tensor<?x?x16xf32, "s0, 2*s1">) -> tensor<*xf32>
    "ir.return"(%mean) : (tensor<*xf32>) -> ()
  }) {sym_name = "mean_keepdim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %emb = "aten.embedding.default"(%table, %ids) {{.*}} -> tensor<?x?x8xf32, "s0, s1">
// CHECK-LABEL: }) {sym_name = "embedding"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%table: tensor<100x8xf32>, %ids: tensor<?x?xi64, "s0, s1">):
    %emb = "aten.embedding.default"(%table, %ids) {arg_names = ["weight", "indices"]} : (tensor<100x8xf32>, tensor<?x?xi64, "s0, s1">) -> tensor<*xf32>
    "ir.return"(%emb) : (tensor<*xf32>) -> ()
  }) {sym_name = "embedding"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()

// -----

// The element type comes from `dtype`.
// CHECK: %to = "aten.to.dtype"(%x) {{.*}} -> tensor<?x?x16xf16, "s0, 2*s1">
// CHECK-LABEL: }) {sym_name = "dtype_argument"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x16xf32, "s0, 2*s1">):
    %to = "aten.to.dtype"(%x) {arg_names = ["self"], dtype = f16} : (tensor<?x?x16xf32, "s0, 2*s1">) -> tensor<*xf16>
    "ir.return"(%to) : (tensor<*xf16>) -> ()
  }) {sym_name = "dtype_argument"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 64>}} : () -> ()
