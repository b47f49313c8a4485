// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// Without dim, one gradient per dim; without spacing, a spacing of 1.0:
// central differences halved inside, one-sided differences at the ends.
// CHECK:      %0 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = 9223372036854775807 : i64, start = 2 : i64} : (tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = -2 : i64, start = 0 : i64} : (tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = "aten.sub.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %3 = "aten.div.Scalar"(%2) {arg_names = ["self"], other = 1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = "aten.div.Scalar"(%3) {arg_names = ["self"], other = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %5 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = 2 : i64, start = 1 : i64} : (tensor<4x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %6 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = 1 : i64, start = 0 : i64} : (tensor<4x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %7 = "aten.sub.Tensor"(%5, %6) {arg_names = ["self", "other"]} : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %8 = "aten.div.Scalar"(%7) {arg_names = ["self"], other = 1.0 : f64} : (tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %9 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = 9223372036854775807 : i64, start = -1 : i64} : (tensor<4x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %10 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = -1 : i64, start = -2 : i64} : (tensor<4x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %11 = "aten.sub.Tensor"(%9, %10) {arg_names = ["self", "other"]} : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %12 = "aten.div.Scalar"(%11) {arg_names = ["self"], other = 1.0 : f64} : (tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %g = "aten.cat.default"(%8, %4, %12) {arg_names = ["tensors", "tensors", "tensors"], dim = 0 : i64} : (tensor<1x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
// CHECK:      %[[DIM1:.*]] = "aten.cat.default"({{.*}}) {arg_names = ["tensors", "tensors", "tensors"], dim = 1 : i64} : (tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: "ir.return"(%g, %[[DIM1]])
// CHECK-LABEL: }) {sym_name = "gradient_all_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x3xf32>):
    %g:2 = "aten.gradient.scalarint"(%x) {arg_names = ["self"]} : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
    "ir.return"(%g#0, %g#1) : (tensor<4x3xf32>, tensor<4x3xf32>) -> ()
  }) {sym_name = "gradient_all_dims"} : () -> ()
}) : () -> ()

// -----

// edge_order=2: second-order one-sided differences at the ends, with torch's
// coefficients (-1.5, 2, -0.5 and 0.5, -2, 1.5), divided by the spacing.
// CHECK:      %5 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, end = 1 : i64, start = 0 : i64} : (tensor<2x5xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %6 = "aten.mul.Scalar"(%5) {arg_names = ["self"], other = -1.5 : f64} : (tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %7 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, end = 2 : i64, start = 1 : i64} : (tensor<2x5xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %8 = "aten.mul.Scalar"(%7) {arg_names = ["self"], other = 2 : i64} : (tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %9 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, end = 3 : i64, start = 2 : i64} : (tensor<2x5xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %10 = "aten.mul.Scalar"(%9) {arg_names = ["self"], other = 0.5 : f64} : (tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %11 = "aten.add.Tensor"(%6, %8) {arg_names = ["self", "other"]} : (tensor<2x1xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %12 = "aten.sub.Tensor"(%11, %10) {arg_names = ["self", "other"]} : (tensor<2x1xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK-NEXT: %13 = "aten.div.Scalar"(%12) {arg_names = ["self"], other = 2.0 : f64} : (tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK:      %g = "aten.cat.default"(%13, %4, %{{.*}}) {arg_names = ["tensors", "tensors", "tensors"], dim = 1 : i64} : (tensor<2x1xf64>, tensor<2x3xf64>, tensor<2x1xf64>) -> tensor<2x5xf64>
// CHECK-LABEL: }) {sym_name = "gradient_edge_order_2"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5xf64>):
    %g = "aten.gradient.scalararray"(%x) {arg_names = ["self"], spacing = 2.000000e+00 : f64, dim = array<i64: -1>, edge_order = 2 : i64} : (tensor<2x5xf64>) -> tensor<2x5xf64>
    "ir.return"(%g) : (tensor<2x5xf64>) -> ()
  }) {sym_name = "gradient_edge_order_2"} : () -> ()
}) : () -> ()

// -----

// An integral self (whose gradient torch gives in float32) and a dim of a
// dynamic size stay as they are.
// CHECK:      %integral = "aten.gradient.scalarint"(%i)
// CHECK-NEXT: %dynamic = "aten.gradient.scalarint"(%x)
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.gradient.scalarint on aten.gradient.scalarint %integral: `self` is not floating point
// TRACE: pattern aten.gradient.scalarint on aten.gradient.scalarint %dynamic: a differentiated dim is not of a static size above `edge_order`
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<4xi64>, %x: tensor<2x?xf32, "s0">):
    %integral = "aten.gradient.scalarint"(%i) {arg_names = ["self"]} : (tensor<4xi64>) -> tensor<4xf32>
    %dynamic = "aten.gradient.scalarint"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x?xf32, "s0">) -> tensor<2x?xf32, "s0">
    "ir.return"(%integral, %dynamic) : (tensor<4xf32>, tensor<2x?xf32, "s0">) -> ()
  }) {sym_name = "declined"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// Sample points as spacing: torch's coefficients from the spacings before
// and after each inner point, along dim; the ends divided by the first and
// last spacing.
// CHECK:      %[[SPACINGS:.*]] = "aten.sub.Tensor"(%{{.*}}, %{{.*}}) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-DAG:  "aten.neg.default"(%{{.*}}) {arg_names = ["self"]} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-DAG:  "aten.reshape.default"(%{{.*}}) {arg_names = ["self"], shape = array<i64: 1, -1>} : (tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-DAG:  %[[FIRST:.*]] = "aten.select.int"(%[[SPACINGS]]) {arg_names = ["self"], dim = 0 : i64, index = 0 : i64} : (tensor<3xf32>) -> tensor<f32>
// CHECK-DAG:  %[[LAST:.*]] = "aten.select.int"(%[[SPACINGS]]) {arg_names = ["self"], dim = 0 : i64, index = -1 : i64} : (tensor<3xf32>) -> tensor<f32>
// CHECK-DAG:  %[[PREPEND:.*]] = "aten.div.Tensor"(%{{.*}}, %[[FIRST]]) {arg_names = ["self", "other"]} : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
// CHECK-DAG:  %[[APPEND:.*]] = "aten.div.Tensor"(%{{.*}}, %[[LAST]]) {arg_names = ["self", "other"]} : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
// CHECK:      %g = "aten.cat.default"(%[[PREPEND]], %{{.*}}, %[[APPEND]]) {arg_names = ["tensors", "tensors", "tensors"], dim = 1 : i64} : (tensor<3x1xf32>, tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK-LABEL: }) {sym_name = "gradient_coordinates"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %c: tensor<4xf32>):
    %g = "aten.gradient.tensorarrayint"(%x, %c) {arg_names = ["self", "spacing"], dim = 1 : i64} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
    "ir.return"(%g) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "gradient_coordinates"} : () -> ()
}) : () -> ()
