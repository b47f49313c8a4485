// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// atleast_3d makes a rank-1 tensor [n] into [1, n, 1], each unsqueeze
// inserting one unit dim; a tensor of rank 3 or more is itself (an alias).
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT: %a = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x5xf32>) -> tensor<1x5x1xf32>
// CHECK-NEXT: %b = "aten.alias.default"(%y) {arg_names = ["self"]} : (tensor<2x3x4xi64>) -> tensor<2x3x4xi64>
// CHECK-LABEL: }) {sym_name = "atleast_3d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xf32>, %y: tensor<2x3x4xi64>):
    %a = "aten.atleast_3d.default"(%x) {arg_names = ["self"]} : (tensor<5xf32>) -> tensor<1x5x1xf32>
    %b = "aten.atleast_3d.default"(%y) {arg_names = ["self"]} : (tensor<2x3x4xi64>) -> tensor<2x3x4xi64>
    "ir.return"(%a, %b) : (tensor<1x5x1xf32>, tensor<2x3x4xi64>) -> ()
  }) {sym_name = "atleast_3d"} : () -> ()
}) : () -> ()

// -----

// The Sequence overload treats each tensor alike, one result each.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: %getitem = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 0 : i64} : (tensor<1xf32>) -> tensor<1x1xf32>
// CHECK-NEXT: %1 = "aten.alias.default"(%y) {arg_names = ["self"]} : (tensor<?x3xi1, "s0">) -> tensor<?x3xi1, "s0">
// CHECK-LABEL: }) {sym_name = "sequence"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<f32>, %y: tensor<?x3xi1, "s0">):
    %getitem:2 = "aten.atleast_2d.Sequence"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<f32>, tensor<?x3xi1, "s0">) -> (tensor<1x1xf32>, tensor<?x3xi1, "s0">)
    "ir.return"(%getitem#0, %getitem#1) : (tensor<1x1xf32>, tensor<?x3xi1, "s0">) -> ()
  }) {sym_name = "sequence"} : () -> ()
}) : () -> ()

// -----

// hstack concatenates along dim 0 when its first tensor, after atleast_1d,
// has rank 1 (a rank-0 one becomes [1]), and along dim 1 otherwise.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: %h1 = "aten.cat.default"(%0, %y) {arg_names = ["tensors", "tensors"], dim = 0 : i64} : (tensor<1xf32>, tensor<?xf32, "s0">) -> tensor<?xf32, "s0 + 1">
// CHECK-NEXT: %h2 = "aten.cat.default"(%a, %b) {arg_names = ["tensors", "tensors"], dim = 1 : i64} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<3x6xf32>
// CHECK-LABEL: }) {sym_name = "hstack"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<f32>, %y: tensor<?xf32, "s0">, %a: tensor<3x2xf32>, %b: tensor<3x4xf32>):
    %h1 = "aten.hstack.default"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<f32>, tensor<?xf32, "s0">) -> tensor<?xf32, "s0 + 1">
    %h2 = "aten.hstack.default"(%a, %b) {arg_names = ["tensors", "tensors"]} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<3x6xf32>
    "ir.return"(%h1, %h2) : (tensor<?xf32, "s0 + 1">, tensor<3x6xf32>) -> ()
  }) {sym_name = "hstack"} : () -> ()
}) : () -> ()

// -----

// vstack makes each tensor at least 2-d and concatenates along dim 0;
// row_stack is its alias.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %vstack = "aten.cat.default"(%0, %y) {arg_names = ["tensors", "tensors"], dim = 0 : i64} : (tensor<1x4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %1 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %row_stack = "aten.cat.default"(%y, %1) {arg_names = ["tensors", "tensors"], dim = 0 : i64} : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
// CHECK-LABEL: }) {sym_name = "vstack"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<2x4xf32>):
    %vstack = "aten.vstack.default"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    %row_stack = "aten.row_stack.default"(%y, %x) {arg_names = ["tensors", "tensors"]} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
    "ir.return"(%vstack, %row_stack) : (tensor<3x4xf32>, tensor<3x4xf32>) -> ()
  }) {sym_name = "vstack"} : () -> ()
}) : () -> ()

// -----

// dstack makes each tensor at least 3-d ([n] -> [1, n, 1]) and
// concatenates along dim 2.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %1 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x3xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %dstack = "aten.cat.default"(%1, %y) {arg_names = ["tensors", "tensors"], dim = 2 : i64} : (tensor<1x3x1xf32>, tensor<1x3x2xf32>) -> tensor<1x3x3xf32>
// CHECK-LABEL: }) {sym_name = "dstack"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<1x3x2xf32>):
    %dstack = "aten.dstack.default"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<3xf32>, tensor<1x3x2xf32>) -> tensor<1x3x3xf32>
    "ir.return"(%dstack) : (tensor<1x3x3xf32>) -> ()
  }) {sym_name = "dstack"} : () -> ()
}) : () -> ()

// -----

// column_stack makes a rank-1 tensor a column [n, 1] and concatenates along
// dim 1; the cat promotes dtypes to the result's.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT: %column_stack = "aten.cat.default"(%0, %y) {arg_names = ["tensors", "tensors"], dim = 1 : i64} : (tensor<3x1xf32>, tensor<3x2xi64>) -> tensor<3x3xf32>
// CHECK-LABEL: }) {sym_name = "column_stack"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3x2xi64>):
    %column_stack = "aten.column_stack.default"(%x, %y) {arg_names = ["tensors", "tensors"]} : (tensor<3xf32>, tensor<3x2xi64>) -> tensor<3x3xf32>
    "ir.return"(%column_stack) : (tensor<3x3xf32>) -> ()
  }) {sym_name = "column_stack"} : () -> ()
}) : () -> ()

// -----

// A tensor of unknown rank leaves the op alone.
// CHECK:      %atleast_2d = "aten.atleast_2d.default"(%u) {arg_names = ["self"]} : (tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT: %vstack = "aten.vstack.default"(%x, %u) {arg_names = ["tensors", "tensors"]} : (tensor<3xf32>, tensor<*xf32>) -> tensor<*xf32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.atleast_2d.default on aten.atleast_2d.default %atleast_2d: the rank of a tensor is not known
// TRACE: pattern aten.vstack.default on aten.vstack.default %vstack: the rank of a tensor is not known
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%u: tensor<*xf32>, %x: tensor<3xf32>):
    %atleast_2d = "aten.atleast_2d.default"(%u) {arg_names = ["self"]} : (tensor<*xf32>) -> tensor<*xf32>
    %vstack = "aten.vstack.default"(%x, %u) {arg_names = ["tensors", "tensors"]} : (tensor<3xf32>, tensor<*xf32>) -> tensor<*xf32>
    "ir.return"(%atleast_2d, %vstack) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
