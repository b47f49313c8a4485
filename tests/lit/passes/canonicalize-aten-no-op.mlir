// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-aten-no-op: ATen copies and views whose result type is their input's
// are their input, in a functional program. Once any op of the module writes
// in place, a copy and its input may differ, and every copy stays.

// CHECK-NOT: "aten.clone.default"
// CHECK-NOT: "aten.contiguous.default"
// CHECK-NOT: "aten.to.dtype"
// CHECK-NOT: "aten.dropout.default"
// CHECK-NOT: "aten.view.default"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "copies_and_views"}
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
}) : () -> ()

// -----

// Refused: a conversion to another type changes the values.
// CHECK: %half = "aten.to.dtype"(%x) {{.*}} -> tensor<2x3xf16>
// CHECK-LABEL: }) {sym_name = "conversion_to_another_type"}
// TRACE: pattern drop-aten-no-op on aten.to.dtype %half: the result type is not the input's, or not known
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %half = "aten.to.dtype"(%x) {arg_names = ["self"], dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
    "ir.return"(%half) : (tensor<2x3xf16>) -> ()
  }) {sym_name = "conversion_to_another_type"} : () -> ()
}) : () -> ()

// -----

// Refused: a dropout in training mode zeroes elements.
// CHECK: %train = "aten.dropout.default"(%x) {{.*}}train = true
// CHECK-LABEL: }) {sym_name = "dropout_in_training"}
// TRACE: pattern drop-aten-no-op on aten.dropout.default %train: a dropout in training mode
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %train = "aten.dropout.default"(%x) {arg_names = ["input"], p = 0.1 : f64, train = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%train) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "dropout_in_training"} : () -> ()
}) : () -> ()

// -----

// Refused: the relu of another graph writes in place, so in this module a
// copy may differ from its input later.
// CHECK: %clone = "aten.clone.default"(%x)
// CHECK: %view = "aten.view.default"
// CHECK-LABEL: }) {sym_name = "copies_in_a_module_writing_in_place"}
// CHECK: %r = "aten.relu_.default"(%x)
// CHECK-LABEL: }) {sym_name = "in_place_relu"}
// TRACE: pattern drop-aten-no-op on aten.clone.default %clone: the module writes in place: a copy may differ later
// TRACE: pattern drop-aten-no-op on aten.view.default %view: the module writes in place: a copy may differ later
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %clone = "aten.clone.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %view = "aten.view.default"(%clone) {arg_names = ["self"], size = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%view) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "copies_in_a_module_writing_in_place"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %r = "aten.relu_.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%r) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "in_place_relu"} : () -> ()
}) : () -> ()
