// RUN: %pt2onnx-opt %s --split-input-file --passes=functionalize --verify-each --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes=functionalize,lower-aten --verify-each -o /dev/null

// An update of a view is written back to its base after the op, through
// each view of the chain, innermost first, and later uses of every base see
// the rebuilt value.

// A slice: slice_scatter.
// CHECK: ^bb0(%x: tensor<3x4xf32>, %y: tensor<3x2xf32>)
// CHECK: %add_ = "aten.add.Tensor"(%slice, %y)
// CHECK-NEXT: %[[BASE:[0-9a-z_]+]] = "aten.slice_scatter.default"(%clone, %add_) {arg_names = ["self", "src"], dim = 1 : i64, end = 3 : i64, start = 1 : i64, step = 1 : i64} : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %neg = "aten.neg.default"(%[[BASE]])
// CHECK-NEXT: "ir.return"(%[[BASE]], %add_, %neg)
// CHECK-LABEL: }) {sym_name = "slice"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %y: tensor<3x2xf32>):
    %clone = "aten.clone.default"(%x) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %slice = "aten.slice.Tensor"(%clone) {arg_names = ["self"], dim = 1 : i64, start = 1 : i64, end = 3 : i64, step = 1 : i64} : (tensor<3x4xf32>) -> tensor<3x2xf32>
    %add_ = "aten.add_.Tensor"(%slice, %y) {arg_names = ["self", "other"]} : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %neg = "aten.neg.default"(%clone) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%clone, %slice, %neg) : (tensor<3x4xf32>, tensor<3x2xf32>, tensor<3x4xf32>) -> ()
  }) {sym_name = "slice"} : () -> ()
}) : () -> ()

// -----

// A select of a slice (swin's attention mask): select_scatter into the
// slice, slice_scatter into the base. Another view of the base made before
// the update and used after it (%row) is made again from the rebuilt base.
// CHECK: ^bb0(%x: tensor<3x4xf32>):
// CHECK: %fill_ = "aten.fill.Scalar"(%select)
// CHECK-NEXT: %[[S:[0-9a-z_]+]] = "aten.select_scatter.default"(%slice, %fill_) {arg_names = ["self", "src"], dim = 0 : i64, index = 0 : i64} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[B:[0-9a-z_]+]] = "aten.slice_scatter.default"(%zeros, %[[S]]) {arg_names = ["self", "src"], dim = 0 : i64, end = 3 : i64, start = 1 : i64} : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[ROW:[0-9a-z_]+]] = "aten.select.int"(%[[B]]) {arg_names = ["self"], dim = 0 : i64, index = 1 : i64}
// CHECK-NEXT: %add = "aten.add.Tensor"(%[[B]], %x)
// CHECK-NEXT: "ir.return"(%add, %[[ROW]])
// CHECK-LABEL: }) {sym_name = "select_of_slice"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %zeros = "aten.zeros.default"() {arg_names = [], size = array<i64: 3, 4>, dtype = f32} : () -> tensor<3x4xf32>
    %slice = "aten.slice.Tensor"(%zeros) {arg_names = ["self"], dim = 0 : i64, start = 1 : i64, end = 3 : i64} : (tensor<3x4xf32>) -> tensor<2x4xf32>
    %select = "aten.select.int"(%slice) {arg_names = ["self"], dim = 0 : i64, index = 0 : i64} : (tensor<2x4xf32>) -> tensor<4xf32>
    %row = "aten.select.int"(%zeros) {arg_names = ["self"], dim = 0 : i64, index = 1 : i64} : (tensor<3x4xf32>) -> tensor<4xf32>
    %fill_ = "aten.fill_.Scalar"(%select) {arg_names = ["self"], value = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    %add = "aten.add.Tensor"(%zeros, %x) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%add, %row) : (tensor<3x4xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "select_of_slice"} : () -> ()
}) : () -> ()

// -----

// Views without data movement have exact inverses: a transpose is its own,
// a permute's is the inverse permutation, an unsqueeze's a squeeze.dim, and
// a view goes back to the base's shape (its dynamic dims from sym_size).
// CHECK: ^bb0(%a: tensor<3x4xf32>
// CHECK: %mul_ = "aten.mul.Scalar"(%t)
// CHECK-NEXT: %[[T:[0-9a-z_]+]] = "aten.transpose.int"(%mul_) {arg_names = ["self"], dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<4x3xf32>) -> tensor<3x4xf32>
// CHECK: %sub_ = "aten.sub.Scalar"(%p)
// CHECK-NEXT: %[[P:[0-9a-z_]+]] = "aten.permute.default"(%sub_) {arg_names = ["self"], dims = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
// CHECK: %neg_ = "aten.neg.default"(%u)
// CHECK-NEXT: %[[U:[0-9a-z_]+]] = "aten.squeeze.dim"(%neg_) {arg_names = ["self"], dim = 1 : i64} : (tensor<3x1x4xf32>) -> tensor<3x4xf32>
// CHECK: %relu_ = "aten.relu.default"(%view)
// CHECK-NEXT: %[[S0:[0-9a-z_]+]] = "aten.sym_size.int"(%clone) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x4xf32, "s0">) -> !torch.symint<"s0">
// CHECK-NEXT: %[[C4:[0-9a-z_]+]] = "ir.constant"() {value = 4 : i64} : () -> !torch.symint<"4">
// CHECK-NEXT: %[[V:[0-9a-z_]+]] = "aten.view.default"(%relu_, %[[S0]], %[[C4]]) {arg_names = ["self", "size", "size"]} : (tensor<?xf32, "4*s0">, !torch.symint<"s0">, !torch.symint<"4">) -> tensor<?x4xf32, "s0">
// CHECK-NEXT: "ir.return"(%[[T]], %[[P]], %[[U]], %[[V]])
// CHECK-LABEL: }) {sym_name = "reshaping"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<3x4xf32>, %b: tensor<2x3x4xf32>, %c: tensor<3x4xf32>, %d: tensor<?x4xf32, "s0">):
    %t = "aten.transpose.int"(%a) {arg_names = ["self"], dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x4xf32>) -> tensor<4x3xf32>
    %mul_ = "aten.mul_.Scalar"(%t) {arg_names = ["self"], other = 2.0 : f64} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %p = "aten.permute.default"(%b) {arg_names = ["self"], dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %sub_ = "aten.sub_.Scalar"(%p) {arg_names = ["self"], other = 1.0 : f64} : (tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
    %u = "aten.unsqueeze.default"(%c) {arg_names = ["self"], dim = 1 : i64} : (tensor<3x4xf32>) -> tensor<3x1x4xf32>
    %neg_ = "aten.neg_.default"(%u) {arg_names = ["self"]} : (tensor<3x1x4xf32>) -> tensor<3x1x4xf32>
    %clone = "aten.clone.default"(%d) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0">
    %view = "aten.view.default"(%clone) {arg_names = ["self"], size = array<i64: -1>} : (tensor<?x4xf32, "s0">) -> tensor<?xf32, "4*s0">
    %relu_ = "aten.relu_.default"(%view) {arg_names = ["self"]} : (tensor<?xf32, "4*s0">) -> tensor<?xf32, "4*s0">
    "ir.return"(%a, %b, %c, %clone) : (tensor<3x4xf32>, tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "reshaping"} : () -> ()
}) : () -> ()

// -----

// Through a view without an exact inverse (expand) the update stays local
// when nothing sees the base afterwards.
// CHECK: ^bb0(%x: tensor<1x4xf32>)
// CHECK: %e = "aten.expand.default"(%x)
// CHECK-NEXT: %add_ = "aten.add.Scalar"(%e)
// CHECK-NEXT: "ir.return"(%add_)
// CHECK-LABEL: }) {sym_name = "local"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x4xf32>):
    %e = "aten.expand.default"(%x) {arg_names = ["self"], size = array<i64: 3, 4>} : (tensor<1x4xf32>) -> tensor<3x4xf32>
    %add_ = "aten.add_.Scalar"(%e) {arg_names = ["self"], other = 1.0 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%e) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "local"} : () -> ()
}) : () -> ()
