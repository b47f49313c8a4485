// RUN: %pt2onnx-opt %s --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: sed 's/aten.relu.default/aten.relu_.default/' %s | %pt2onnx-opt - --passes=canonicalize --verify | FileCheck %s --check-prefix=IN-PLACE

// drop-aten-no-op: ATen copies and views whose result type is their input's
// are their input, in a functional program. Once any op writes in place
// (the third RUN makes the relu in-place), a copy and its input may differ,
// and every copy stays.

// IN-PLACE: %clone = "aten.clone.default"(%x)
// IN-PLACE: %view = "aten.view.default"

// CHECK-NOT: "aten.clone.default"
// CHECK-NOT: "aten.contiguous.default"
// CHECK-NOT: "aten.to.dtype"
// CHECK-NOT: "aten.dropout.default"
// CHECK-NOT: "aten.view.default"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: {sym_name = "copies_and_views"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %clone = "aten.clone.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %contiguous = "aten.contiguous.default"(%clone) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %to = "aten.to.dtype"(%contiguous) {arg_names = ["self"], dtype = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %dropout = "aten.dropout.default"(%to) {arg_names = ["input"], p = 0.1 : f64, train = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %view = "aten.view.default"(%dropout) {arg_names = ["self"], size = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%view) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "copies_and_views"} : () -> ()

// Refused: a conversion to another type, a dropout in training mode.
// CHECK: %half = "aten.to.dtype"(%x) {{.*}} -> tensor<2x3xf16>
// CHECK: %train = "aten.dropout.default"(%x) {{.*}}train = true
// CHECK-LABEL: {sym_name = "changes_values"}
// TRACE: pattern drop-aten-no-op on aten.to.dtype %half: the result type is not the input's, or not known
// TRACE: pattern drop-aten-no-op on aten.dropout.default %train: a dropout in training mode
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %half = "aten.to.dtype"(%x) {arg_names = ["self"], dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
    %train = "aten.dropout.default"(%x) {arg_names = ["input"], p = 0.1 : f64, train = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%half, %train) : (tensor<2x3xf16>, tensor<2x3xf32>) -> ()
  }) {sym_name = "changes_values"} : () -> ()

// What the third RUN turns into an in-place op.
// CHECK: %r = "aten.relu.default"(%x)
// CHECK-LABEL: {sym_name = "relu"}
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %r = "aten.relu.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%r) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "relu"} : () -> ()
}) : () -> ()
