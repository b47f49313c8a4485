// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// Of real tensors positive, real and conj_physical are the tensor itself,
// isreal is true everywhere.
// CHECK:      %p = "aten.alias.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %r = "aten.alias.default"(%x)
// CHECK-NEXT: %c = "aten.alias.default"(%x)
// CHECK-NEXT: %i = "aten.ones_like.default"(%x) {arg_names = ["self"], dtype = i1} : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-LABEL: }) {sym_name = "real_tensors"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %p = "aten.positive.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %r = "aten.real.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %c = "aten.conj_physical.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %i = "aten.isreal.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xi1>
    "ir.return"(%p, %r, %c, %i) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>) -> ()
  }) {sym_name = "real_tensors"} : () -> ()
}) : () -> ()

// -----

// Of complex tensors, the parts are selected from view_as_real; the
// conjugate stacks (re, -im) back; isreal is imag == 0.
// CHECK:      %[[V:.*]] = "aten.view_as_real.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3x2xf32>
// CHECK-NEXT: %r = "aten.select.int"(%[[V]]) {arg_names = ["self"], dim = -1 : i64, index = 0 : i64} : (tensor<3x2xf32>) -> tensor<3xf32>
// CHECK:      %[[IM:.*]] = "aten.select.int"(%{{.*}}) {arg_names = ["self"], dim = -1 : i64, index = 1 : i64}
// CHECK-NEXT: %[[NEG:.*]] = "aten.neg.default"(%[[IM]])
// CHECK:      %[[PAIRS:.*]] = "aten.stack.default"(%{{.*}}, %[[NEG]]) {arg_names = ["tensors", "tensors"], dim = -1 : i64}
// CHECK-NEXT: %c = "aten.view_as_complex.default"(%[[PAIRS]]) {arg_names = ["self"]} : (tensor<3x2xf32>) -> tensor<3xcomplex<f32>>
// CHECK:      %[[IM2:.*]] = "aten.select.int"(%{{.*}}) {arg_names = ["self"], dim = -1 : i64, index = 1 : i64}
// CHECK-NEXT: %i = "aten.eq.Scalar"(%[[IM2]]) {arg_names = ["self"], other = 0 : i64} : (tensor<3xf32>) -> tensor<3xi1>
// CHECK-LABEL: }) {sym_name = "complex_tensors"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%z: tensor<3xcomplex<f32>>):
    %r = "aten.real.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
    %c = "aten.conj_physical.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %i = "aten.isreal.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3xi1>
    "ir.return"(%r, %c, %i) : (tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xi1>) -> ()
  }) {sym_name = "complex_tensors"} : () -> ()
}) : () -> ()

// -----

// positive of a bool tensor is an error in torch, left alone.
// CHECK: "aten.positive.default"
// CHECK-LABEL: }) {sym_name = "positive_bool"}
// TRACE: pattern aten.positive.default on aten.positive.default %p: `self` is not a ranked tensor of numbers
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<3xi1>):
    %p = "aten.positive.default"(%b) {arg_names = ["self"]} : (tensor<3xi1>) -> tensor<3xi1>
    "ir.return"(%p) : (tensor<3xi1>) -> ()
  }) {sym_name = "positive_bool"} : () -> ()
}) : () -> ()
