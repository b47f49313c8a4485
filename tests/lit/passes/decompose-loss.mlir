// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// l1_loss is |self - target|, its tensors broadcast; reduction 1 (the
// default) is the mean of all elements.
// CHECK:      %0 = "aten.sub.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %1 = "aten.abs.default"(%0) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %l1_loss = "aten.mean.default"(%1) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "l1_loss_mean"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %y: tensor<4xf32>):
    %l1_loss = "aten.l1_loss.default"(%x, %y) {arg_names = ["self", "target"]} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<f32>
    "ir.return"(%l1_loss) : (tensor<f32>) -> ()
  }) {sym_name = "l1_loss_mean"} : () -> ()
}) : () -> ()

// -----

// mse_loss squares the difference as a product; reduction 2 is the sum.
// CHECK:      %0 = "aten.sub.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<?x4xf64, "s0">, tensor<?x4xf64, "s0">) -> tensor<?x4xf64, "s0">
// CHECK-NEXT: %1 = "aten.mul.Tensor"(%0, %0) {arg_names = ["self", "other"]} : (tensor<?x4xf64, "s0">, tensor<?x4xf64, "s0">) -> tensor<?x4xf64, "s0">
// CHECK-NEXT: %mse_loss = "aten.sum.default"(%1) {arg_names = ["self"]} : (tensor<?x4xf64, "s0">) -> tensor<f64>
// CHECK-LABEL: }) {sym_name = "mse_loss_sum"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf64, "s0">, %y: tensor<?x4xf64, "s0">):
    %mse_loss = "aten.mse_loss.default"(%x, %y) {arg_names = ["self", "target"], reduction = 2 : i64} : (tensor<?x4xf64, "s0">, tensor<?x4xf64, "s0">) -> tensor<f64>
    "ir.return"(%mse_loss) : (tensor<f64>) -> ()
  }) {sym_name = "mse_loss_sum"} : () -> ()
}) : () -> ()

// -----

// huber_loss: z < delta ? 0.5 * z * z : delta * (z - 0.5 * delta), with
// z = |self - target|; reduction 0 keeps the elements.
// CHECK:      %0 = "aten.sub.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %1 = "aten.abs.default"(%0) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %2 = "aten.lt.Scalar"(%1) {arg_names = ["self"], other = 0.5 : f64} : (tensor<3xf32>) -> tensor<3xi1>
// CHECK-NEXT: %3 = "aten.mul.Tensor"(%1, %1) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %4 = "aten.mul.Scalar"(%3) {arg_names = ["self"], other = 0.5 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %5 = "aten.sub.Scalar"(%1) {arg_names = ["self"], other = 0.25 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %6 = "aten.mul.Scalar"(%5) {arg_names = ["self"], other = 0.5 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %huber_loss = "aten.where.self"(%2, %4, %6) {arg_names = ["condition", "self", "other"]} : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "huber_loss_none"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %huber_loss = "aten.huber_loss.default"(%x, %y) {arg_names = ["self", "target"], delta = 5.000000e-01 : f64, reduction = 0 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%huber_loss) : (tensor<3xf32>) -> ()
  }) {sym_name = "huber_loss_none"} : () -> ()
}) : () -> ()

// -----

// A float16 huber_loss is computed as torch's kernel computes it: in float32
// from delta rounded to float16 (8.6953125), rounded to float16 once.
// CHECK:      %0 = "aten._to_copy.default"(%y) {arg_names = ["self"], dtype = f32} : (tensor<3xf16>) -> tensor<3xf32>
// CHECK-NEXT: %1 = "aten._to_copy.default"(%x) {arg_names = ["self"], dtype = f32} : (tensor<3xf16>) -> tensor<3xf32>
// CHECK-NEXT: %2 = "aten.sub.Tensor"(%1, %0)
// CHECK-NEXT: %3 = "aten.abs.default"(%2)
// CHECK-NEXT: %4 = "aten.lt.Scalar"(%3) {arg_names = ["self"], other = 8.6953125 : f64} : (tensor<3xf32>) -> tensor<3xi1>
// CHECK:      %8 = "aten.mul.Scalar"(%7) {arg_names = ["self"], other = 8.6953125 : f64}
// CHECK-NEXT: %9 = "aten.where.self"(%4, %6, %8) {{.*}} -> tensor<3xf32>
// CHECK-NEXT: %huber_loss = "aten._to_copy.default"(%9) {arg_names = ["self"], dtype = f16} : (tensor<3xf32>) -> tensor<3xf16>
// CHECK-LABEL: }) {sym_name = "huber_loss_float16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf16>, %y: tensor<3xf16>):
    %huber_loss = "aten.huber_loss.default"(%x, %y) {arg_names = ["self", "target"], delta = 8.698115367693557 : f64, reduction = 0 : i64} : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
    "ir.return"(%huber_loss) : (tensor<3xf16>) -> ()
  }) {sym_name = "huber_loss_float16"} : () -> ()
}) : () -> ()

// -----

// smooth_l1_loss: z < beta ? 0.5 * z * z / beta : z - 0.5 * beta; of beta 0
// it is l1_loss.
// CHECK:      %0 = "aten.sub.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %1 = "aten.abs.default"(%0) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %2 = "aten.lt.Scalar"(%1) {arg_names = ["self"], other = 2.0 : f64} : (tensor<3xf32>) -> tensor<3xi1>
// CHECK-NEXT: %3 = "aten.mul.Tensor"(%1, %1) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %4 = "aten.mul.Scalar"(%3) {arg_names = ["self"], other = 0.5 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %5 = "aten.div.Scalar"(%4) {arg_names = ["self"], other = 2.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %6 = "aten.sub.Scalar"(%1) {arg_names = ["self"], other = 1.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %smooth = "aten.where.self"(%2, %5, %6) {arg_names = ["condition", "self", "other"]} : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %7 = "aten.sub.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %beta_0 = "aten.abs.default"(%7) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "smooth_l1_loss"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %smooth = "aten.smooth_l1_loss.default"(%x, %y) {arg_names = ["self", "target"], beta = 2.000000e+00 : f64, reduction = 0 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %beta_0 = "aten.smooth_l1_loss.default"(%x, %y) {arg_names = ["self", "target"], beta = 0.000000e+00 : f64, reduction = 0 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%smooth, %beta_0) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "smooth_l1_loss"} : () -> ()
}) : () -> ()

// -----

// binary_cross_entropy_with_logits: (1 - t) * x - (1 + (pos_weight - 1) * t)
// * log_sigmoid(x), log_sigmoid(x) being min(x, 0) - log1p(exp(-|x|)); a
// weight of None is no weight.
// CHECK:      %0 = "aten.abs.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = "aten.neg.default"(%0) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = "aten.exp.default"(%1) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %3 = "aten.log1p.default"(%2) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = "aten.clamp_max.default"(%x) {arg_names = ["self"], max = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%4, %3) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %6 = "aten.sub.Scalar"(%w) {arg_names = ["self"], other = 1.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %7 = "aten.mul.Tensor"(%6, %t) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %8 = "aten.add.Scalar"(%7) {arg_names = ["self"], other = 1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %9 = "aten.mul.Tensor"(%8, %5) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %10 = "aten.rsub.Scalar"(%t) {arg_names = ["self"], other = 1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %11 = "aten.mul.Tensor"(%10, %x) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %bce = "aten.sub.Tensor"(%11, %9) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "bce_with_logits"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>, %w: tensor<3xf32>, %none: none):
    %bce = "aten.binary_cross_entropy_with_logits.default"(%x, %t, %none, %w) {arg_names = ["self", "target", "weight", "pos_weight"], reduction = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, none, tensor<3xf32>) -> tensor<2x3xf32>
    "ir.return"(%bce) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "bce_with_logits"} : () -> ()
}) : () -> ()

// -----

// binary_cross_entropy: (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100).
// CHECK:      %0 = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "aten.log1p.default"(%0) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = "aten.clamp_min.default"(%1) {arg_names = ["self"], min = -100.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = "aten.log.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %4 = "aten.clamp_min.default"(%3) {arg_names = ["self"], min = -100.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %5 = "aten.sub.Scalar"(%t) {arg_names = ["self"], other = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %6 = "aten.mul.Tensor"(%5, %2) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = "aten.mul.Tensor"(%t, %4) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = "aten.sub.Tensor"(%6, %7) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %bce = "aten.mean.default"(%8) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "bce"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %t: tensor<4xf32>):
    %bce = "aten.binary_cross_entropy.default"(%x, %t) {arg_names = ["self", "target"], reduction = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
    "ir.return"(%bce) : (tensor<f32>) -> ()
  }) {sym_name = "bce"} : () -> ()
}) : () -> ()

// -----

// kl_div: xlogy(t, t) - t * x, xlogy(t, t) being t != 0 ? t * log(t) : 0;
// with log_target, exp(t) * (t - x).
// CHECK:      %0 = "aten.log.default"(%t) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "aten.mul.Tensor"(%t, %0) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %3 = "aten.where.ScalarOther"(%2, %1) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %4 = "aten.mul.Tensor"(%t, %x) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %kl_div = "aten.sub.Tensor"(%3, %4) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %5 = "aten.exp.default"(%t) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %6 = "aten.sub.Tensor"(%t, %x) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %log_target = "aten.mul.Tensor"(%5, %6) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: }) {sym_name = "kl_div"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %t: tensor<4xf32>):
    %kl_div = "aten.kl_div.default"(%x, %t) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %log_target = "aten.kl_div.default"(%x, %t) {arg_names = ["self", "target"], log_target = true, reduction = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%kl_div, %log_target) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "kl_div"} : () -> ()
}) : () -> ()

// -----

// hinge_embedding_loss: (t != 1 ? max(margin - x, 0) : 0) + (t != -1 ? x : 0),
// its target of any dtype; soft_margin_loss: log1p(exp(-x * t));
// margin_ranking_loss: max(-t * (x1 - x2) + margin, 0).
// CHECK:      %0 = "aten.rsub.Scalar"(%x) {arg_names = ["self"], other = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "aten.clamp_min.default"(%0) {arg_names = ["self"], min = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = 1.0 : f64} : (tensor<4xi64>) -> tensor<4xi1>
// CHECK-NEXT: %3 = "aten.where.ScalarOther"(%2, %1) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %4 = "aten.ne.Scalar"(%t) {arg_names = ["self"], other = -1.0 : f64} : (tensor<4xi64>) -> tensor<4xi1>
// CHECK-NEXT: %5 = "aten.where.ScalarOther"(%4, %x) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %hinge = "aten.add.Tensor"(%3, %5) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %6 = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = "aten.mul.Tensor"(%6, %y) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = "aten.exp.default"(%7) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %soft_margin = "aten.log1p.default"(%8) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %9 = "aten.sub.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %10 = "aten.neg.default"(%y) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %11 = "aten.mul.Tensor"(%10, %9) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %12 = "aten.add.Scalar"(%11) {arg_names = ["self"], other = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %margin_ranking = "aten.clamp_min.default"(%12) {arg_names = ["self"], min = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: }) {sym_name = "ranking"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>, %t: tensor<4xi64>):
    %hinge = "aten.hinge_embedding_loss.default"(%x, %t) {arg_names = ["self", "target"], margin = 5.000000e-01 : f64, reduction = 0 : i64} : (tensor<4xf32>, tensor<4xi64>) -> tensor<4xf32>
    %soft_margin = "aten.soft_margin_loss.default"(%x, %y) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %margin_ranking = "aten.margin_ranking_loss.default"(%x, %y, %y) {arg_names = ["input1", "input2", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%hinge, %soft_margin, %margin_ranking) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "ranking"} : () -> ()
}) : () -> ()

// -----

// poisson_nll_loss: exp(x) - t * x with log_input, else x - t * log(x + eps);
// full adds Stirling's term t * log(t) - t + 0.5 * log(2 pi t) where t > 1.
// CHECK:      %0 = "aten.exp.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "aten.mul.Tensor"(%t, %x) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %log_input = "aten.sub.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = "aten.add.Scalar"(%x) {arg_names = ["self"], other = 1.0e-06 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = "aten.log.default"(%2) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %4 = "aten.mul.Tensor"(%t, %3) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%x, %4) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %6 = "aten.log.default"(%t) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = "aten.mul.Tensor"(%t, %6) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = "aten.sub.Tensor"(%7, %t) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %9 = "aten.mul.Scalar"(%t) {arg_names = ["self"], other = 6.283185307179586 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %10 = "aten.log.default"(%9) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %11 = "aten.mul.Scalar"(%10) {arg_names = ["self"], other = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %12 = "aten.add.Tensor"(%8, %11) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %13 = "aten.gt.Scalar"(%t) {arg_names = ["self"], other = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %14 = "aten.where.ScalarOther"(%13, %12) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %15 = "aten.add.Tensor"(%5, %14) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %full = "aten.sum.default"(%15) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "poisson_nll_loss"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %t: tensor<4xf32>):
    %log_input = "aten.poisson_nll_loss.default"(%x, %t) {arg_names = ["input", "target"], eps = 1.000000e-08 : f64, full = false, log_input = true, reduction = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %full = "aten.poisson_nll_loss.default"(%x, %t) {arg_names = ["input", "target"], eps = 1.000000e-06 : f64, full = true, log_input = false, reduction = 2 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
    "ir.return"(%log_input, %full) : (tensor<4xf32>, tensor<f32>) -> ()
  }) {sym_name = "poisson_nll_loss"} : () -> ()
}) : () -> ()

// -----

// Tensors of another dtype than the result, of unknown rank or of shapes
// that do not broadcast, and a reduction other than 0, 1 or 2, leave the op
// alone.
// CHECK:      %mixed = "aten.l1_loss.default"(%x, %h) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
// CHECK-NEXT: %unranked = "aten.mse_loss.default"(%x, %u) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT: %bad_shapes = "aten.mse_loss.default"(%x, %v) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
// CHECK-NEXT: %bad_reduction = "aten.l1_loss.default"(%x, %x) {arg_names = ["self", "target"], reduction = 3 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.l1_loss.default on aten.l1_loss.default %mixed: `target` does not have the result's dtype
// TRACE: pattern aten.mse_loss.default on aten.mse_loss.default %unranked: the rank of `target` is not known
// TRACE: pattern aten.mse_loss.default on aten.mse_loss.default %bad_shapes: the shapes of the tensors do not broadcast
// TRACE: pattern aten.l1_loss.default on aten.l1_loss.default %bad_reduction: `reduction` is not 0, 1 or 2
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %h: tensor<4xf16>, %u: tensor<*xf32>, %v: tensor<3xf32>):
    %mixed = "aten.l1_loss.default"(%x, %h) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
    %unranked = "aten.mse_loss.default"(%x, %u) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<*xf32>) -> tensor<*xf32>
    %bad_shapes = "aten.mse_loss.default"(%x, %v) {arg_names = ["self", "target"], reduction = 0 : i64} : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
    %bad_reduction = "aten.l1_loss.default"(%x, %x) {arg_names = ["self", "target"], reduction = 3 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
    "ir.return"(%mixed, %unranked, %bad_shapes, %bad_reduction) : (tensor<4xf32>, tensor<*xf32>, tensor<4xf32>, tensor<f32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
