// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// torch's CPU kernels of some ops on float16 round intermediate results to
// float16; the lowering repeats those roundings.

// Training-mode batch norm of float16 with float16 parameters rounds the
// mean and 1 / sqrt(var + eps) to float16, as torch's CPU kernel stores them,
// then computes x * a + (bias - mean * a), a = invstd * weight, in float32.
// CHECK: %[[MEAN:.*]] = "onnx.ReduceMean"(%0,
// CHECK: %[[INVSTD:.*]] = "onnx.Reciprocal"
// CHECK: %[[M16:.*]] = "onnx.Cast"(%[[MEAN]]) {to = f16}
// CHECK: %[[M:.*]] = "onnx.Cast"(%[[M16]]) {to = f32}
// CHECK: %[[I16:.*]] = "onnx.Cast"(%[[INVSTD]]) {to = f16}
// CHECK: %[[I:.*]] = "onnx.Cast"(%[[I16]]) {to = f32}
// CHECK: %[[A:.*]] = "onnx.Mul"(%[[I]], %{{.*}}) : (tensor<1x3x1xf32>, tensor<3x1xf32>)
// CHECK: %[[MA:.*]] = "onnx.Mul"(%[[M]], %[[A]])
// CHECK: %[[SHIFT:.*]] = "onnx.Sub"(%{{.*}}, %[[MA]])
// CHECK: %[[XA:.*]] = "onnx.Mul"(%0, %[[A]])
// CHECK: %[[Y:.*]] = "onnx.Add"(%[[XA]], %[[SHIFT]])
// CHECK: %bn = "onnx.Cast"(%[[Y]]) {to = f16}
// CHECK-LABEL: }) {sym_name = "batch_norm_f16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf16>, %w: tensor<3xf16>, %b: tensor<3xf16>):
    %bn:3 = "aten.native_batch_norm.default"(%x, %w, %b) {arg_names = ["input", "weight", "bias"], training = true, momentum = 0.1 : f64, eps = 1.0e-05 : f64} : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>) -> (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>)
    "ir.return"(%bn#0, %bn#1, %bn#2) : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>) -> ()
  }) {sym_name = "batch_norm_f16"} : () -> ()
}) : () -> ()

// -----

// With float32 parameters ("mixed") torch keeps the statistics in float32.
// CHECK-NOT: {to = f16}
// CHECK: %bn = "onnx.Cast"(%{{.*}}) {to = f16}
// CHECK-LABEL: }) {sym_name = "batch_norm_f16_mixed"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf16>, %w: tensor<3xf32>, %b: tensor<3xf32>):
    %bn:3 = "aten.native_batch_norm.default"(%x, %w, %b) {arg_names = ["input", "weight", "bias"], training = true, momentum = 0.1 : f64, eps = 1.0e-05 : f64} : (tensor<2x3x4xf16>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf16>, tensor<3xf32>, tensor<3xf32>)
    "ir.return"(%bn#0) : (tensor<2x3x4xf16>) -> ()
  }) {sym_name = "batch_norm_f16_mixed"} : () -> ()
}) : () -> ()

// -----

// Instance norm is torch's batch norm of (1, N * C, ...): the same rounding,
// statistics per instance and channel.
// CHECK: %[[MEAN:.*]] = "onnx.ReduceMean"(%0, %{{.*}}) {keepdims = 1 : i64} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
// CHECK: "onnx.Cast"(%[[MEAN]]) {to = f16}
// CHECK-NOT: InstanceNormalization
// CHECK-LABEL: }) {sym_name = "instance_norm_f16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf16>):
    %r = "aten.instance_norm.default"(%x) {arg_names = ["input"], use_input_stats = true, momentum = 0.1 : f64, eps = 1.0e-05 : f64, cudnn_enabled = false} : (tensor<2x3x4xf16>) -> tensor<2x3x4xf16>
    "ir.return"(%r) : (tensor<2x3x4xf16>) -> ()
  }) {sym_name = "instance_norm_f16"} : () -> ()
}) : () -> ()

// -----

// torch's logit kernel rounds each step of a float16 logit (eps too).
// CHECK: %[[E16:.*]] = "onnx.Cast"(%{{.*}}) {to = f16} : (tensor<f32>) -> tensor<f16>
// CHECK: %[[LOW:.*]] = "onnx.Cast"(%[[E16]]) {to = f32}
// CHECK: %[[HIGH:.*]] = "onnx.Cast"(%{{.*}}) {to = f32} : (tensor<f16>) -> tensor<f32>
// CHECK: %[[MAX:.*]] = "onnx.Max"(%0, %[[LOW]])
// CHECK: %[[X:.*]] = "onnx.Min"(%[[MAX]], %[[HIGH]])
// CHECK: %[[ONEMINUS:.*]] = "onnx.Sub"(%{{.*}}, %[[X]])
// CHECK: %[[C16:.*]] = "onnx.Cast"(%[[ONEMINUS]]) {to = f16}
// CHECK: %[[C:.*]] = "onnx.Cast"(%[[C16]]) {to = f32}
// CHECK: %[[Q:.*]] = "onnx.Div"(%[[X]], %[[C]])
// CHECK: %[[Q16:.*]] = "onnx.Cast"(%[[Q]]) {to = f16}
// CHECK: %[[QR:.*]] = "onnx.Cast"(%[[Q16]]) {to = f32}
// CHECK: %[[L:.*]] = "onnx.Log"(%[[QR]])
// CHECK: %r = "onnx.Cast"(%[[L]]) {to = f16}
// CHECK-LABEL: }) {sym_name = "logit_f16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xf16>):
    %r = "aten.logit.default"(%x) {arg_names = ["self"], eps = 0.2 : f64} : (tensor<5xf16>) -> tensor<5xf16>
    "ir.return"(%r) : (tensor<5xf16>) -> ()
  }) {sym_name = "logit_f16"} : () -> ()
}) : () -> ()

// -----

// float16 ndtr is torch's (1 + erf(x * sqrt(1/2))) / 2 rounded at each step,
// its constant too.
// CHECK: %[[C:.*]] = "onnx.Cast"(%{{.*}}) {to = f16} : (tensor<f64>) -> tensor<f16>
// CHECK: %[[CR:.*]] = "onnx.Cast"(%[[C]]) {to = f64}
// CHECK: %[[U:.*]] = "onnx.Mul"(%0, %[[CR]])
// CHECK: %[[U16:.*]] = "onnx.Cast"(%[[U]]) {to = f16}
// CHECK: "onnx.Cast"(%[[U16]]) {to = f64}
// CHECK-LABEL: }) {sym_name = "ndtr_f16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xf16>):
    %r = "aten.special_ndtr.default"(%x) {arg_names = ["self"]} : (tensor<5xf16>) -> tensor<5xf16>
    "ir.return"(%r) : (tensor<5xf16>) -> ()
  }) {sym_name = "ndtr_f16"} : () -> ()
}) : () -> ()

// -----

// float16 adaptive_avg_pool3d sums each window in float16, one element at a
// time in (d, h, w) order, then divides by its depth, height and width in
// turn, rounding after each step, as torch's kernel does.
// CHECK:      %[[A:.*]] = "onnx.Add"(%{{.*}}, %{{.*}}) : (tensor<2x2x1x2xf32>, tensor<2x2x1x2xf32>)
// CHECK-NEXT: %[[A16:.*]] = "onnx.Cast"(%[[A]]) {to = f16}
// CHECK-NEXT: "onnx.Cast"(%[[A16]]) {to = f32}
// CHECK-COUNT-2: "onnx.Add"
// CHECK:      %[[D:.*]] = "onnx.Div"(%{{.*}}, %{{.*}}) : (tensor<2x2x1x2xf32>, tensor<2x1x1xf32>)
// CHECK-NEXT: "onnx.Cast"(%[[D]]) {to = f16}
// CHECK:      "onnx.Div"(%{{.*}}, %{{.*}}) : (tensor<2x2x1x2xf32>, tensor<1x1xf32>)
// CHECK:      "onnx.Div"(%{{.*}}, %{{.*}}) : (tensor<2x2x1x2xf32>, tensor<2xf32>)
// CHECK-NOT:  "onnx.ReduceMean"
// CHECK-LABEL: }) {sym_name = "adaptive_avg_pool3d_f16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x2x2xf16>):
    %r = "aten.adaptive_avg_pool3d.default"(%x) {arg_names = ["self"], output_size = array<i64: 2, 1, 2>} : (tensor<2x3x2x2xf16>) -> tensor<2x2x1x2xf16>
    "ir.return"(%r) : (tensor<2x2x1x2xf16>) -> ()
  }) {sym_name = "adaptive_avg_pool3d_f16"} : () -> ()
}) : () -> ()
