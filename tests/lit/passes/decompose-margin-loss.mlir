// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// multi_margin_loss: the picked score x[y] gathered per sample, the hinge
// (margin - x[y]) + x[k] squared for p = 2 and weighted by weight[y], summed
// over the classes k != y (a mask against arange(C)), over C, then reduced.
// CHECK:      %0 = "aten.unsqueeze.default"(%t) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xi64>) -> tensor<4x1xi64>
// CHECK-NEXT: %1 = "aten.gather.default"(%x, %0) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<4x6xf32>, tensor<4x1xi64>) -> tensor<4x1xf32>
// CHECK-NEXT: %2 = "aten.rsub.Scalar"(%1) {arg_names = ["self"], other = 0.5 : f64} : (tensor<4x1xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: %3 = "aten.add.Tensor"(%2, %x) {arg_names = ["self", "other"]} : (tensor<4x1xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %4 = "aten.relu.default"(%3) {arg_names = ["self"]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %5 = "aten.mul.Tensor"(%4, %4) {arg_names = ["self", "other"]} : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %6 = "aten.index_select.default"(%w, %t) {arg_names = ["self", "index"], dim = 0 : i64} : (tensor<6xf32>, tensor<4xi64>) -> tensor<4xf32>
// CHECK-NEXT: %7 = "aten.unsqueeze.default"(%6) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: %8 = "aten.mul.Tensor"(%5, %7) {arg_names = ["self", "other"]} : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %9 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 6 : i64} : () -> tensor<6xi64>
// CHECK-NEXT: %10 = "aten.ne.Tensor"(%9, %0) {arg_names = ["self", "other"]} : (tensor<6xi64>, tensor<4x1xi64>) -> tensor<4x6xi1>
// CHECK-NEXT: %11 = "aten.where.ScalarOther"(%10, %8) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<4x6xi1>, tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %12 = "aten.sum.dim_IntList"(%11) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<4x6xf32>) -> tensor<4xf32>
// CHECK-NEXT: %13 = "aten.div.Scalar"(%12) {arg_names = ["self"], other = 6.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %loss = "aten.sum.default"(%13) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "multi_margin_loss"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x6xf32>, %t: tensor<4xi64>, %w: tensor<6xf32>):
    %loss = "aten.multi_margin_loss.default"(%x, %t, %w) {arg_names = ["self", "target", "weight"], margin = 5.000000e-01 : f64, p = 2 : i64, reduction = 2 : i64} : (tensor<4x6xf32>, tensor<4xi64>, tensor<6xf32>) -> tensor<f32>
    "ir.return"(%loss) : (tensor<f32>) -> ()
  }) {sym_name = "multi_margin_loss"} : () -> ()
}) : () -> ()

// -----

// multilabel_margin_loss of one sample: the listed targets are those before
// the first -1 (a cumulative count of -1s still 0); each listed target y
// against each class k not listed adds max((1 - x[y]) + x[k], 0). Unreduced,
// one sample's loss is a scalar, as torch's kernel gives it.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT: %1 = "aten.unsqueeze.default"(%t) {arg_names = ["self"], dim = 0 : i64} : (tensor<5xi64>) -> tensor<1x5xi64>
// CHECK-NEXT: %2 = "aten.eq.Scalar"(%1) {arg_names = ["self"], other = -1 : i64} : (tensor<1x5xi64>) -> tensor<1x5xi1>
// CHECK-NEXT: %3 = "aten.cumsum.default"(%2) {arg_names = ["self"], dim = 1 : i64, dtype = i64} : (tensor<1x5xi1>) -> tensor<1x5xi64>
// CHECK-NEXT: %4 = "aten.eq.Scalar"(%3) {arg_names = ["self"], other = 0 : i64} : (tensor<1x5xi64>) -> tensor<1x5xi1>
// CHECK-NEXT: %5 = "aten.where.ScalarOther"(%4, %1) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<1x5xi1>, tensor<1x5xi64>) -> tensor<1x5xi64>
// CHECK-NEXT: %6 = "aten.unsqueeze.default"(%5) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x5xi64>) -> tensor<1x5x1xi64>
// CHECK-NEXT: %7 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 5 : i64} : () -> tensor<5xi64>
// CHECK-NEXT: %8 = "aten.eq.Tensor"(%6, %7) {arg_names = ["self", "other"]} : (tensor<1x5x1xi64>, tensor<5xi64>) -> tensor<1x5x5xi1>
// CHECK-NEXT: %9 = "aten.unsqueeze.default"(%4) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x5xi1>) -> tensor<1x5x1xi1>
// CHECK-NEXT: %10 = "aten.logical_and.default"(%8, %9) {arg_names = ["self", "other"]} : (tensor<1x5x5xi1>, tensor<1x5x1xi1>) -> tensor<1x5x5xi1>
// CHECK-NEXT: %11 = "aten.any.dim"(%10) {arg_names = ["self"], dim = 1 : i64} : (tensor<1x5x5xi1>) -> tensor<1x5xi1>
// CHECK-NEXT: %12 = "aten.gather.default"(%0, %5) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<1x5xf32>, tensor<1x5xi64>) -> tensor<1x5xf32>
// CHECK-NEXT: %13 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 1 : i64} : (tensor<1x5xf32>) -> tensor<1x1x5xf32>
// CHECK-NEXT: %14 = "aten.unsqueeze.default"(%12) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x5xf32>) -> tensor<1x5x1xf32>
// CHECK-NEXT: %15 = "aten.rsub.Scalar"(%14) {arg_names = ["self"], other = 1.0 : f64} : (tensor<1x5x1xf32>) -> tensor<1x5x1xf32>
// CHECK-NEXT: %16 = "aten.add.Tensor"(%15, %13) {arg_names = ["self", "other"]} : (tensor<1x5x1xf32>, tensor<1x1x5xf32>) -> tensor<1x5x5xf32>
// CHECK-NEXT: %17 = "aten.relu.default"(%16) {arg_names = ["self"]} : (tensor<1x5x5xf32>) -> tensor<1x5x5xf32>
// CHECK-NEXT: %18 = "aten.unsqueeze.default"(%4) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x5xi1>) -> tensor<1x5x1xi1>
// CHECK-NEXT: %19 = "aten.logical_not.default"(%11) {arg_names = ["self"]} : (tensor<1x5xi1>) -> tensor<1x5xi1>
// CHECK-NEXT: %20 = "aten.unsqueeze.default"(%19) {arg_names = ["self"], dim = 1 : i64} : (tensor<1x5xi1>) -> tensor<1x1x5xi1>
// CHECK-NEXT: %21 = "aten.logical_and.default"(%18, %20) {arg_names = ["self", "other"]} : (tensor<1x5x1xi1>, tensor<1x1x5xi1>) -> tensor<1x5x5xi1>
// CHECK-NEXT: %22 = "aten.where.ScalarOther"(%21, %17) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<1x5x5xi1>, tensor<1x5x5xf32>) -> tensor<1x5x5xf32>
// CHECK-NEXT: %23 = "aten.sum.dim_IntList"(%22) {arg_names = ["self"], dim = array<i64: 1, 2>} : (tensor<1x5x5xf32>) -> tensor<1xf32>
// CHECK-NEXT: %24 = "aten.div.Scalar"(%23) {arg_names = ["self"], other = 5.0 : f64} : (tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %loss = "aten.reshape.default"(%24) {arg_names = ["self"], shape = array<i64>} : (tensor<1xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "multilabel_margin_loss"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xf32>, %t: tensor<5xi64>):
    %loss = "aten.multilabel_margin_loss.default"(%x, %t) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<5xf32>, tensor<5xi64>) -> tensor<1xf32>
    "ir.return"(%loss) : (tensor<1xf32>) -> ()
  }) {sym_name = "multilabel_margin_loss"} : () -> ()
}) : () -> ()

// -----

// A number of classes that is not static, or p = 3, leaves the op alone.
// CHECK:      %dynamic = "aten.multi_margin_loss.default"(%x, %t) {arg_names = ["self", "target"]} : (tensor<4x?xf32, "s0">, tensor<4xi64>) -> tensor<f32>
// CHECK-NEXT: %cubed = "aten.multi_margin_loss.default"(%y, %t) {arg_names = ["self", "target"], p = 3 : i64} : (tensor<4x6xf32>, tensor<4xi64>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.multi_margin_loss.default on aten.multi_margin_loss.default %dynamic: the number of classes is not static
// TRACE: pattern aten.multi_margin_loss.default on aten.multi_margin_loss.default %cubed: `p` is not 1 or 2, or `margin` is not a number
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x?xf32, "s0">, %t: tensor<4xi64>, %y: tensor<4x6xf32>):
    %dynamic = "aten.multi_margin_loss.default"(%x, %t) {arg_names = ["self", "target"]} : (tensor<4x?xf32, "s0">, tensor<4xi64>) -> tensor<f32>
    %cubed = "aten.multi_margin_loss.default"(%y, %t) {arg_names = ["self", "target"], p = 3 : i64} : (tensor<4x6xf32>, tensor<4xi64>) -> tensor<f32>
    "ir.return"(%dynamic, %cubed) : (tensor<f32>, tensor<f32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
