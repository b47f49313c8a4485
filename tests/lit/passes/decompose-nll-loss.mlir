// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// cross_entropy_loss is nll_loss_nd of log_softmax over the class dim. The
// entries whose target is ignore_index (-100 by default) are picked at class
// 0 and weigh 0; the mean divides the sum by the count of the others.
// CHECK:      %0 = "aten.log_softmax.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %1 = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = -100 : i64} : (tensor<4xi64>) -> tensor<4xi1>
// CHECK-NEXT: %2 = "aten.where.ScalarOther"(%1, %t) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<4xi1>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: %3 = "aten.unsqueeze.default"(%2) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xi64>) -> tensor<4x1xi64>
// CHECK-NEXT: %4 = "aten.gather.default"(%0, %3) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<4x5xf32>, tensor<4x1xi64>) -> tensor<4x1xf32>
// CHECK-NEXT: %5 = "aten.squeeze.dim"(%4) {arg_names = ["self"], dim = 1 : i64} : (tensor<4x1xf32>) -> tensor<4xf32>
// CHECK-NEXT: %6 = "aten.neg.default"(%5) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = "aten.where.ScalarOther"(%1, %6) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = "aten.sum.default"(%7) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<f32>
// CHECK-NEXT: %9 = "aten._to_copy.default"(%1) {arg_names = ["self"], dtype = f32} : (tensor<4xi1>) -> tensor<4xf32>
// CHECK-NEXT: %10 = "aten.sum.default"(%9) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<f32>
// CHECK-NEXT: %cross_entropy_loss = "aten.div.Tensor"(%8, %10) {arg_names = ["self", "other"]} : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "cross_entropy"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %t: tensor<4xi64>):
    %cross_entropy_loss = "aten.cross_entropy_loss.default"(%x, %t) {arg_names = ["self", "target"]} : (tensor<4x5xf32>, tensor<4xi64>) -> tensor<f32>
    "ir.return"(%cross_entropy_loss) : (tensor<f32>) -> ()
  }) {sym_name = "cross_entropy"} : () -> ()
}) : () -> ()

// -----

// A weight per class is laid along the class dim (dim 1 of [N, C, d]) and
// picked with the same indices as the input; reduction 0 keeps the entries.
// CHECK:      %0 = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = 1 : i64} : (tensor<2x3xi64>) -> tensor<2x3xi1>
// CHECK-NEXT: %1 = "aten.where.ScalarOther"(%0, %t) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<2x3xi1>, tensor<2x3xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x3xi64>) -> tensor<2x1x3xi64>
// CHECK-NEXT: %3 = "aten.zeros_like.default"(%x) {arg_names = ["self"]} : (tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%w) {arg_names = ["self"], dim = 0 : i64} : (tensor<5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT: %5 = "aten.unsqueeze.default"(%4) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x5xf32>) -> tensor<1x5x1xf32>
// CHECK-NEXT: %6 = "aten.add.Tensor"(%3, %5) {arg_names = ["self", "other"]} : (tensor<2x5x3xf32>, tensor<1x5x1xf32>) -> tensor<2x5x3xf32>
// CHECK-NEXT: %7 = "aten.gather.default"(%6, %2) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<2x5x3xf32>, tensor<2x1x3xi64>) -> tensor<2x1x3xf32>
// CHECK-NEXT: %8 = "aten.squeeze.dim"(%7) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %9 = "aten.where.ScalarOther"(%0, %8) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<2x3xi1>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %10 = "aten.gather.default"(%x, %2) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<2x5x3xf32>, tensor<2x1x3xi64>) -> tensor<2x1x3xf32>
// CHECK-NEXT: %11 = "aten.squeeze.dim"(%10) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %12 = "aten.neg.default"(%11) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %nll_loss_nd = "aten.mul.Tensor"(%12, %9) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "weighted"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x3xf32>, %t: tensor<2x3xi64>, %w: tensor<5xf32>):
    %nll_loss_nd = "aten.nll_loss_nd.default"(%x, %t, %w) {arg_names = ["self", "target", "weight"], ignore_index = 1 : i64, reduction = 0 : i64} : (tensor<2x5x3xf32>, tensor<2x3xi64>, tensor<5xf32>) -> tensor<2x3xf32>
    "ir.return"(%nll_loss_nd) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "weighted"} : () -> ()
}) : () -> ()

// -----

// With class probabilities as the target, the loss is minus the sum over
// the classes of log_softmax times the target (smoothed with the uniform
// distribution by label_smoothing) times the weight; the mean divides the
// sum by the number of entries (8 = 2 * 4 of [2, 3, 4]).
// CHECK:      %0 = "aten.log_softmax.int"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %1 = "aten.mul.Scalar"(%p) {arg_names = ["self"], other = 0.75 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %2 = "aten.add.Scalar"(%1) {arg_names = ["self"], other = 0.08333333333333333 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %3 = "aten.mul.Tensor"(%0, %2) {arg_names = ["self", "other"]} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%w) {arg_names = ["self"], dim = 0 : i64} : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %5 = "aten.unsqueeze.default"(%4) {arg_names = ["self"], dim = 2 : i64} : (tensor<1x3xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %6 = "aten.mul.Tensor"(%3, %5) {arg_names = ["self", "other"]} : (tensor<2x3x4xf32>, tensor<1x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %7 = "aten.sum.default"(%6) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<f32>
// CHECK-NEXT: %8 = "aten.neg.default"(%7) {arg_names = ["self"]} : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %cross_entropy_loss = "aten.div.Scalar"(%8) {arg_names = ["self"], other = 8 : i64} : (tensor<f32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "probabilities"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %p: tensor<2x3x4xf32>, %w: tensor<3xf32>):
    %cross_entropy_loss = "aten.cross_entropy_loss.default"(%x, %p, %w) {arg_names = ["self", "target", "weight"], label_smoothing = 2.500000e-01 : f64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<f32>
    "ir.return"(%cross_entropy_loss) : (tensor<f32>) -> ()
  }) {sym_name = "probabilities"} : () -> ()
}) : () -> ()

// -----

// Label smoothing over a number of classes that is not static, and
// probabilities of a shape that is not static, are left alone.
// CHECK:      %dynamic = "aten.cross_entropy_loss.default"(%d, %d) {arg_names = ["self", "target"]} : (tensor<?x5xf32, "s0">, tensor<?x5xf32, "s0">) -> tensor<f32>
// CHECK-NEXT: %smoothing = "aten.cross_entropy_loss.default"(%c, %t) {arg_names = ["self", "target"], label_smoothing = 0.1 : f64} : (tensor<4x?xf32, "s1">, tensor<4xi64>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.cross_entropy_loss.default on aten.cross_entropy_loss.default %dynamic: `self` is not of a static, non-empty shape with dims
// TRACE: pattern aten.cross_entropy_loss.default on aten.cross_entropy_loss.default %smoothing: the number of classes is not static
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<4x?xf32, "s1">, %d: tensor<?x5xf32, "s0">, %t: tensor<4xi64>):
    %dynamic = "aten.cross_entropy_loss.default"(%d, %d) {arg_names = ["self", "target"]} : (tensor<?x5xf32, "s0">, tensor<?x5xf32, "s0">) -> tensor<f32>
    %smoothing = "aten.cross_entropy_loss.default"(%c, %t) {arg_names = ["self", "target"], label_smoothing = 1.000000e-01 : f64} : (tensor<4x?xf32, "s1">, tensor<4xi64>) -> tensor<f32>
    "ir.return"(%dynamic, %smoothing) : (tensor<f32>, tensor<f32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()

// -----

// Label smoothing e over C class indices: (1 - e) * the nll part plus e / C
// times minus log_softmax times the weights summed over the classes, 0 where
// the target is ignored, its mean over the weights picked (the nll of all -1).
// CHECK:      %[[LOGP:.*]] = "aten.log_softmax.int"(%x) {arg_names = ["self"], dim = 1 : i64}
// CHECK:      %[[NLL:.*]] = "aten.div.Tensor"
// CHECK:      %[[W:.*]] = "aten.unsqueeze.default"(%w) {arg_names = ["self"], dim = 0 : i64} : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %[[TERMS:.*]] = "aten.mul.Tensor"(%[[LOGP]], %[[W]])
// CHECK-NEXT: %[[SUMMED:.*]] = "aten.sum.dim_IntList"(%[[TERMS]]) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<4x3xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[SMOOTH:.*]] = "aten.neg.default"(%[[SUMMED]])
// CHECK-NEXT: %[[KEPT:.*]] = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = 2 : i64}
// CHECK-NEXT: %[[KEPTSMOOTH:.*]] = "aten.where.ScalarOther"(%[[KEPT]], %[[SMOOTH]]) {arg_names = ["condition", "self"], other = 0.0 : f64}
// CHECK-NEXT: %[[TOTAL:.*]] = "aten.sum.default"(%[[KEPTSMOOTH]])
// CHECK-NEXT: %[[MINUSONES:.*]] = "aten.full_like.default"(%x) {arg_names = ["self"], fill_value = -1.0 : f64}
// CHECK:      %[[PICKED:.*]] = "aten.sum.default"
// CHECK-NEXT: %[[MEAN:.*]] = "aten.div.Tensor"(%[[TOTAL]], %[[PICKED]])
// CHECK-NEXT: %[[NLLPART:.*]] = "aten.mul.Scalar"(%[[NLL]]) {arg_names = ["self"], other = 0.9 : f64}
// CHECK-NEXT: %[[SMOOTHPART:.*]] = "aten.mul.Scalar"(%[[MEAN]]) {arg_names = ["self"], other = 0.03333333333333333 : f64}
// CHECK-NEXT: %loss = "aten.add.Tensor"(%[[NLLPART]], %[[SMOOTHPART]])
// CHECK-LABEL: }) {sym_name = "smoothed_cross_entropy"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x3xf32>, %t: tensor<4xi64>, %w: tensor<3xf32>):
    %loss = "aten.cross_entropy_loss.default"(%x, %t, %w) {arg_names = ["self", "target", "weight"], ignore_index = 2 : i64, label_smoothing = 1.000000e-01 : f64, reduction = 1 : i64} : (tensor<4x3xf32>, tensor<4xi64>, tensor<3xf32>) -> tensor<f32>
    "ir.return"(%loss) : (tensor<f32>) -> ()
  }) {sym_name = "smoothed_cross_entropy"} : () -> ()
}) : () -> ()
