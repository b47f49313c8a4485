// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// diff takes each element less the one before along dim (-1 by default),
// n times, each step one element shorter.
// CHECK:      %0 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, start = 1 : i64} : (tensor<3x?xf32, "s0">) -> tensor<3x?xf32, "s0 - 1">
// CHECK-NEXT: %1 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, end = -1 : i64} : (tensor<3x?xf32, "s0">) -> tensor<3x?xf32, "s0 - 1">
// CHECK-NEXT: %2 = "aten.sub.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<3x?xf32, "s0 - 1">, tensor<3x?xf32, "s0 - 1">) -> tensor<3x?xf32, "s0 - 1">
// CHECK-NEXT: %3 = "aten.slice.Tensor"(%2) {arg_names = ["self"], dim = 1 : i64, start = 1 : i64} : (tensor<3x?xf32, "s0 - 1">) -> tensor<3x?xf32, "s0 - 2">
// CHECK-NEXT: %4 = "aten.slice.Tensor"(%2) {arg_names = ["self"], dim = 1 : i64, end = -1 : i64} : (tensor<3x?xf32, "s0 - 1">) -> tensor<3x?xf32, "s0 - 2">
// CHECK-NEXT: %diff = "aten.sub.Tensor"(%3, %4) {arg_names = ["self", "other"]} : (tensor<3x?xf32, "s0 - 2">, tensor<3x?xf32, "s0 - 2">) -> tensor<3x?xf32, "s0 - 2">
// CHECK-LABEL: }) {sym_name = "diff"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x?xf32, "s0">):
    %diff = "aten.diff.default"(%x) {arg_names = ["self"], n = 2 : i64} : (tensor<3x?xf32, "s0">) -> tensor<3x?xf32, "s0 - 2">
    "ir.return"(%diff) : (tensor<3x?xf32, "s0 - 2">) -> ()
  }) {sym_name = "diff"} : () -> ()
}) : () -> ()

// -----

// Of bool tensors the difference is logical_xor, as in torch.
// CHECK:      %0 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, start = 1 : i64} : (tensor<4xi1>) -> tensor<3xi1>
// CHECK-NEXT: %1 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = -1 : i64} : (tensor<4xi1>) -> tensor<3xi1>
// CHECK-NEXT: %diff = "aten.logical_xor.default"(%0, %1) {arg_names = ["self", "other"]} : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-LABEL: }) {sym_name = "bool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xi1>):
    %diff = "aten.diff.default"(%x) {arg_names = ["self"], dim = 0 : i64, n = 1 : i64} : (tensor<4xi1>) -> tensor<3xi1>
    "ir.return"(%diff) : (tensor<3xi1>) -> ()
  }) {sym_name = "bool"} : () -> ()
}) : () -> ()

// -----

// prepend and append are concatenated along dim first, promoting to the
// result's dtype.
// CHECK:      %0 = "aten.cat.default"(%p, %x, %a) {arg_names = ["tensors", "tensors", "tensors"], dim = 0 : i64} : (tensor<1x3xf32>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<5x3xf32>
// CHECK-NEXT: %1 = "aten.slice.Tensor"(%0) {arg_names = ["self"], dim = 0 : i64, start = 1 : i64} : (tensor<5x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %2 = "aten.slice.Tensor"(%0) {arg_names = ["self"], dim = 0 : i64, end = -1 : i64} : (tensor<5x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %diff = "aten.sub.Tensor"(%1, %2) {arg_names = ["self", "other"]} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-LABEL: }) {sym_name = "prepend_append"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xi64>, %p: tensor<1x3xf32>, %a: tensor<2x3xi64>):
    %diff = "aten.diff.default"(%x, %p, %a) {arg_names = ["self", "prepend", "append"], dim = -2 : i64, n = 1 : i64} : (tensor<2x3xi64>, tensor<1x3xf32>, tensor<2x3xi64>) -> tensor<4x3xf32>
    "ir.return"(%diff) : (tensor<4x3xf32>) -> ()
  }) {sym_name = "prepend_append"} : () -> ()
}) : () -> ()

// -----

// n = 0 is the tensor itself; a prepend of None is no prepend.
// CHECK:      %diff = "aten.alias.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "n_0"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %none: none):
    %diff = "aten.diff.default"(%x, %none) {arg_names = ["self", "prepend"], dim = 1 : i64, n = 0 : i64} : (tensor<2x3xf32>, none) -> tensor<2x3xf32>
    "ir.return"(%diff) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "n_0"} : () -> ()
}) : () -> ()

// -----

// trapezoid with a spacing: (sum(y) - (first + last) * 0.5) * dx along dim.
// CHECK:      %0 = "aten.sum.dim_IntList"(%y) {arg_names = ["self"], dim = array<i64: 0>} : (tensor<3x5xf64>) -> tensor<5xf64>
// CHECK-NEXT: %1 = "aten.select.int"(%y) {arg_names = ["self"], dim = 0 : i64, index = 0 : i64} : (tensor<3x5xf64>) -> tensor<5xf64>
// CHECK-NEXT: %2 = "aten.select.int"(%y) {arg_names = ["self"], dim = 0 : i64, index = -1 : i64} : (tensor<3x5xf64>) -> tensor<5xf64>
// CHECK-NEXT: %3 = "aten.add.Tensor"(%1, %2) {arg_names = ["self", "other"]} : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xf64>
// CHECK-NEXT: %4 = "aten.mul.Scalar"(%3) {arg_names = ["self"], other = 0.5 : f64} : (tensor<5xf64>) -> tensor<5xf64>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%0, %4) {arg_names = ["self", "other"]} : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xf64>
// CHECK-NEXT: %trapezoid = "aten.mul.Scalar"(%5) {arg_names = ["self"], other = 0.5 : f64} : (tensor<5xf64>) -> tensor<5xf64>
// CHECK-LABEL: }) {sym_name = "trapezoid_dx"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<3x5xf64>):
    %trapezoid = "aten.trapezoid.dx"(%y) {arg_names = ["y"], dim = 0 : i64, dx = 5.000000e-01 : f64} : (tensor<3x5xf64>) -> tensor<5xf64>
    "ir.return"(%trapezoid) : (tensor<5xf64>) -> ()
  }) {sym_name = "trapezoid_dx"} : () -> ()
}) : () -> ()

// -----

// trapezoid (trapz) with sample points: sum(diff(x) * (y[1:] + y[:-1])) / 2
// along dim, an x of one dim unsqueezed to lie along dim of y.
// CHECK:      %0 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, start = 1 : i64} : (tensor<5xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = -1 : i64} : (tensor<5xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = "aten.sub.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = "aten.unsqueeze.default"(%2) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%3) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x4xf32>) -> tensor<1x4x1xf32>
// CHECK-NEXT: %5 = "aten.slice.Tensor"(%y) {arg_names = ["self"], dim = 1 : i64, start = 1 : i64} : (tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %6 = "aten.slice.Tensor"(%y) {arg_names = ["self"], dim = 1 : i64, end = -1 : i64} : (tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %7 = "aten.add.Tensor"(%5, %6) {arg_names = ["self", "other"]} : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %8 = "aten.mul.Tensor"(%4, %7) {arg_names = ["self", "other"]} : (tensor<1x4x1xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %9 = "aten.sum.dim_IntList"(%8) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %trapz = "aten.div.Scalar"(%9) {arg_names = ["self"], other = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "trapezoid_x"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2x5x3xf32>, %x: tensor<5xf32>):
    %trapz = "aten.trapz.x"(%y, %x) {arg_names = ["y", "x"], dim = 1 : i64} : (tensor<2x5x3xf32>, tensor<5xf32>) -> tensor<2x3xf32>
    "ir.return"(%trapz) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "trapezoid_x"} : () -> ()
}) : () -> ()

// -----

// An integral y (whose trapezoid torch gives in float32), a y empty along
// dim (torch gives zeros) and a dim out of range stay as they are.
// CHECK:      %integral = "aten.trapezoid.dx"(%i) {arg_names = ["y"], dim = -1 : i64, dx = 1 : i64} : (tensor<3x4xi64>) -> tensor<3xf32>
// CHECK-NEXT: %empty = "aten.trapezoid.dx"(%y) {arg_names = ["y"], dim = -1 : i64, dx = 1 : i64} : (tensor<3x0xf32>) -> tensor<3xf32>
// CHECK-NEXT: %bad_dim = "aten.diff.default"(%x) {arg_names = ["self"], dim = 1 : i64, n = 1 : i64} : (tensor<3xf32>) -> tensor<2xf32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.trapezoid.dx on aten.trapezoid.dx %integral: `y` is not floating point
// TRACE: pattern aten.trapezoid.dx on aten.trapezoid.dx %empty: `y` is empty along `dim`
// TRACE: pattern aten.diff.default on aten.diff.default %bad_dim: `n` or `dim` is not valid for `self`
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3x4xi64>, %y: tensor<3x0xf32>, %x: tensor<3xf32>):
    %integral = "aten.trapezoid.dx"(%i) {arg_names = ["y"], dim = -1 : i64, dx = 1 : i64} : (tensor<3x4xi64>) -> tensor<3xf32>
    %empty = "aten.trapezoid.dx"(%y) {arg_names = ["y"], dim = -1 : i64, dx = 1 : i64} : (tensor<3x0xf32>) -> tensor<3xf32>
    %bad_dim = "aten.diff.default"(%x) {arg_names = ["self"], dim = 1 : i64, n = 1 : i64} : (tensor<3xf32>) -> tensor<2xf32>
    "ir.return"(%integral, %empty, %bad_dim) : (tensor<3xf32>, tensor<3xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()

// -----

// cumulative_trapezoid with sample points: ((y[1:] + y[:-1]) * diff(x))
// summed cumulatively along dim, halved.
// CHECK:      %3 = "aten.unsqueeze.default"(%2) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %4 = "aten.slice.Tensor"(%y) {arg_names = ["self"], dim = 1 : i64, start = 1 : i64} : (tensor<2x5xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %5 = "aten.slice.Tensor"(%y) {arg_names = ["self"], dim = 1 : i64, end = -1 : i64} : (tensor<2x5xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %6 = "aten.add.Tensor"(%4, %5) {arg_names = ["self", "other"]} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %7 = "aten.mul.Tensor"(%6, %3) {arg_names = ["self", "other"]} : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %8 = "aten.cumsum.default"(%7) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %cumulative_trapezoid = "aten.div.Scalar"(%8) {arg_names = ["self"], other = 2.0 : f64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-LABEL: }) {sym_name = "cumulative_trapezoid_x"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2x5xf32>, %x: tensor<5xf32>):
    %cumulative_trapezoid = "aten.cumulative_trapezoid.x"(%y, %x) {arg_names = ["y", "x"]} : (tensor<2x5xf32>, tensor<5xf32>) -> tensor<2x4xf32>
    "ir.return"(%cumulative_trapezoid) : (tensor<2x4xf32>) -> ()
  }) {sym_name = "cumulative_trapezoid_x"} : () -> ()
}) : () -> ()

// -----

// cumulative_trapezoid with a spacing: (dx / 2 * (y[1:] + y[:-1])) summed
// cumulatively along dim.
// CHECK:      %2 = "aten.add.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
// CHECK-NEXT: %3 = "aten.mul.Scalar"(%2) {arg_names = ["self"], other = 0.25 : f64} : (tensor<2x2xf64>) -> tensor<2x2xf64>
// CHECK-NEXT: %cumulative_trapezoid = "aten.cumsum.default"(%3) {arg_names = ["self"], dim = 0 : i64} : (tensor<2x2xf64>) -> tensor<2x2xf64>
// CHECK-LABEL: }) {sym_name = "cumulative_trapezoid_dx"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<3x2xf64>):
    %cumulative_trapezoid = "aten.cumulative_trapezoid.dx"(%y) {arg_names = ["y"], dim = 0 : i64, dx = 5.000000e-01 : f64} : (tensor<3x2xf64>) -> tensor<2x2xf64>
    "ir.return"(%cumulative_trapezoid) : (tensor<2x2xf64>) -> ()
  }) {sym_name = "cumulative_trapezoid_dx"} : () -> ()
}) : () -> ()

// -----

// An x of the rank of y broadcasts against it: its differences along dim.
// CHECK:      %2 = "aten.sub.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK:      %6 = "aten.mul.Tensor"(%5, %2) {arg_names = ["self", "other"]} : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
// CHECK-LABEL: }) {sym_name = "cumulative_trapezoid_broadcast"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2x3xf32>, %x: tensor<1x3xf32>):
    %cumulative_trapezoid = "aten.cumulative_trapezoid.x"(%y, %x) {arg_names = ["y", "x"]} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x2xf32>
    "ir.return"(%cumulative_trapezoid) : (tensor<2x2xf32>) -> ()
  }) {sym_name = "cumulative_trapezoid_broadcast"} : () -> ()
}) : () -> ()
