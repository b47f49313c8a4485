// RUN: %pt2onnx-opt %s --split-input-file --passes='functionalize,lower-aten{opset=20}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET20
// RUN: %pt2onnx-opt %s --split-input-file --passes='functionalize,lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17

// gelu is the Gelu op from opset 20, its erf formula before.
// OPSET20: %[[GELU:.*]] = "onnx.Gelu"(%x) {approximate = "none"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
// OPSET17: "onnx.Erf"
// OPSET17: %gelu = "onnx.Mul"
// OPSET20: "ir.return"(%[[GELU]])
// OPSET17: "ir.return"(%gelu)
// CHECK-LABEL: }) {sym_name = "gelu_erf"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %gelu = "aten.gelu.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%gelu) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "gelu_erf"} : () -> ()
}) : () -> ()

// -----

// gelu's tanh approximation: the Gelu op from opset 20, its tanh formula before.
// OPSET20: %[[GELU:.*]] = "onnx.Gelu"(%x) {approximate = "tanh"}
// OPSET17: "onnx.Tanh"
// OPSET17: %gelu = "onnx.Mul"
// OPSET20: "ir.return"(%[[GELU]])
// OPSET17: "ir.return"(%gelu)
// CHECK-LABEL: }) {sym_name = "gelu_tanh"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %gelu = "aten.gelu.default"(%x) {arg_names = ["self"], approximate = "tanh"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%gelu) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "gelu_tanh"} : () -> ()
}) : () -> ()

// -----

// A float clamp between two finite numbers in order is one Clip (ONNX
// Runtime's Clip propagates NaN and keeps -0.0 as torch does; bfloat16 is
// computed in float32); bounds out of order are Max then Min (NaN
// propagates as in torch).
// CHECK: %[[LO:.*]] = "ir.constant"() {value = dense<"0x000000BF"> : tensor<f32>}
// CHECK: %[[HI:.*]] = "ir.constant"() {value = dense<"0x0000003F"> : tensor<f32>}
// CHECK: %clamp = "onnx.Clip"(%x, %[[LO]], %[[HI]]) : (tensor<2x8xf32>, tensor<f32>, tensor<f32>) -> tensor<2x8xf32>
// CHECK: %[[LO2:.*]] = "onnx.Max"(%x, %{{.*}}) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
// CHECK: %clamp_1 = "onnx.Min"(%[[LO2]], %{{.*}})
// CHECK: %[[WIDE:.*]] = "onnx.Cast"(%b) {to = f32} : (tensor<2x8xbf16>) -> tensor<2x8xf32>
// CHECK: %[[CLIPPED:.*]] = "onnx.Clip"(%[[WIDE]], %{{.*}}, %{{.*}}) : (tensor<2x8xf32>, tensor<f32>, tensor<f32>) -> tensor<2x8xf32>
// CHECK: %clamp_2 = "onnx.Cast"(%[[CLIPPED]]) {to = bf16}
// CHECK: "ir.return"(%clamp, %clamp_1, %clamp_2)
// CHECK-LABEL: }) {sym_name = "clamp_float_bounds"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>, %b: tensor<2x8xbf16>):
    %clamp = "aten.clamp.default"(%x) {arg_names = ["self"], min = -5.000000e-01 : f64, max = 5.000000e-01 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %clamp_1 = "aten.clamp.default"(%x) {arg_names = ["self"], min = 5.000000e-01 : f64, max = -5.000000e-01 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %clamp_2 = "aten.clamp.default"(%b) {arg_names = ["self"], min = -5.000000e-01 : f64, max = 5.000000e-01 : f64} : (tensor<2x8xbf16>) -> tensor<2x8xbf16>
    "ir.return"(%clamp, %clamp_1, %clamp_2) : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xbf16>) -> ()
  }) {sym_name = "clamp_float_bounds"} : () -> ()
}) : () -> ()

// -----

// Integers have no NaN: a clamp between two 0-d bounds is one Clip; a
// tensor bound keeps Max/Min (Clip takes 0-d bounds only).
// CHECK: %[[LO:.*]] = "ir.constant"() {value = dense<-5> : tensor<i64>}
// CHECK: %[[HI:.*]] = "ir.constant"() {value = dense<4> : tensor<i64>}
// CHECK: %clamp = "onnx.Clip"(%i, %[[LO]], %[[HI]]) : (tensor<10xi64>, tensor<i64>, tensor<i64>) -> tensor<10xi64>
// CHECK: %[[MAX:.*]] = "onnx.Max"(%i, %bound) : (tensor<10xi64>, tensor<10xi64>) -> tensor<10xi64>
// CHECK: %clamp_1 = "onnx.Min"(%[[MAX]], %{{.*}})
// CHECK: "ir.return"(%clamp, %clamp_1)
// CHECK-LABEL: }) {sym_name = "clamp_of_integers_is_clip"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<10xi64>, %bound: tensor<10xi64>, %top: tensor<i64>):
    %clamp = "aten.clamp.default"(%i) {arg_names = ["self"], min = -5 : i64, max = 4 : i64} : (tensor<10xi64>) -> tensor<10xi64>
    %clamp_1 = "aten.clamp.Tensor"(%i, %bound, %top) {arg_names = ["self", "min", "max"]} : (tensor<10xi64>, tensor<10xi64>, tensor<i64>) -> tensor<10xi64>
    "ir.return"(%clamp, %clamp_1) : (tensor<10xi64>, tensor<10xi64>) -> ()
  }) {sym_name = "clamp_of_integers_is_clip"} : () -> ()
}) : () -> ()

// -----

// hardtanh (relu6 here) is a Clip too; in place, it updates later uses of
// its operand (%z in the return).
// CHECK: %[[HARDTANH:.*]] = "onnx.Clip"(%z
// CHECK: "ir.return"(%[[HARDTANH]], %[[HARDTANH]])
// CHECK-LABEL: }) {sym_name = "inplace_hardtanh_updates_later_uses"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%z: tensor<2x8xf32>):
    %hardtanh_ = "aten.hardtanh_.default"(%z) {arg_names = ["self"], min_val = 0.0 : f64, max_val = 6.0 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%hardtanh_, %z) : (tensor<2x8xf32>, tensor<2x8xf32>) -> ()
  }) {sym_name = "inplace_hardtanh_updates_later_uses"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[SILU:.*]] = "onnx.Mul"(%x, %{{.*}})
// CHECK: "ir.return"(%[[SILU]])
// CHECK-LABEL: }) {sym_name = "silu"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %silu = "aten.silu.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%silu) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "silu"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[SWISH:.*]] = "onnx.HardSwish"(%x)
// CHECK: %[[SIGMOID:.*]] = "onnx.HardSigmoid"(%x) {alpha = 0.16666666666666666 : f64, beta = 0.5 : f64}
// CHECK: "ir.return"(%[[SWISH]], %[[SIGMOID]])
// CHECK-LABEL: }) {sym_name = "hardswish_and_hardsigmoid"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %hardswish = "aten.hardswish.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %hardsigmoid = "aten.hardsigmoid.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%hardswish, %hardsigmoid) : (tensor<2x8xf32>, tensor<2x8xf32>) -> ()
  }) {sym_name = "hardswish_and_hardsigmoid"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[LEAKY:.*]] = "onnx.LeakyRelu"(%x) {alpha = 0.1 : f64}
// CHECK: "ir.return"(%[[LEAKY]])
// CHECK-LABEL: }) {sym_name = "leaky_relu"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %leaky_relu = "aten.leaky_relu.default"(%x) {arg_names = ["self"], negative_slope = 1.000000e-01 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%leaky_relu) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "leaky_relu"} : () -> ()
}) : () -> ()

// -----

// softplus keeps x where beta * x > threshold.
// CHECK: %[[SP:.*]] = "onnx.Softplus"(%x)
// CHECK: %[[SOFTPLUS:.*]] = "onnx.Where"(%{{.*}}, %x, %[[SP]])
// CHECK: "ir.return"(%[[SOFTPLUS]])
// CHECK-LABEL: }) {sym_name = "softplus_keeps_x_above_threshold"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %softplus = "aten.softplus.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%softplus) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "softplus_keeps_x_above_threshold"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[SOFTMAX:.*]] = "onnx.Softmax"(%x) {axis = 1 : i64}
// CHECK: "ir.return"(%[[SOFTMAX]])
// CHECK-LABEL: }) {sym_name = "softmax"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %softmax = "aten.softmax.int"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%softmax) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "softmax"} : () -> ()
}) : () -> ()

// -----

// half_to_float computes in the (float32) result dtype.
// CHECK: %[[H:.*]] = "onnx.Cast"(%h) {to = f32}
// CHECK: %[[LOG_SOFTMAX:.*]] = "onnx.LogSoftmax"(%[[H]]) {axis = 1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK: "ir.return"(%[[LOG_SOFTMAX]])
// CHECK-LABEL: }) {sym_name = "log_softmax_half_to_float"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x8xf16>):
    %_log_softmax = "aten._log_softmax.default"(%h) {arg_names = ["self"], dim = 1 : i64, half_to_float = true} : (tensor<2x8xf16>) -> tensor<2x8xf32>
    "ir.return"(%_log_softmax) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "log_softmax_half_to_float"} : () -> ()
}) : () -> ()

// -----

// Eval-mode dropout is the identity.
// CHECK: ^bb0(%x: tensor<2x8xf32>):
// CHECK-NEXT: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "eval_dropout_is_identity"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %dropout = "aten.dropout.default"(%x) {arg_names = ["input"], p = 1.000000e-01 : f64, train = false} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%dropout) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "eval_dropout_is_identity"} : () -> ()
}) : () -> ()

// -----

// hardshrink: 0 on [-lambd, lambd], else x (NaN stays). softshrink: x -+
// lambd outside, x * 0 inside (NaN stays NaN).
// CHECK: %[[L:.*]] = "ir.constant"() {value = dense<"0x0000803E"> : tensor<f32>}
// CHECK: %[[LE:.*]] = "onnx.LessOrEqual"(%x, %[[L]])
// CHECK: %[[NL:.*]] = "onnx.Neg"(%[[L]])
// CHECK: %[[GE:.*]] = "onnx.GreaterOrEqual"(%x, %[[NL]])
// CHECK: %[[IN:.*]] = "onnx.And"(%[[GE]], %[[LE]])
// CHECK: %hard = "onnx.Where"(%[[IN]], %{{.*}}, %x) : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[S:.*]] = "ir.constant"() {value = dense<"0x0000003F"> : tensor<f32>}
// CHECK: %[[ZERO:.*]] = "onnx.Mul"(%x, %{{.*}})
// CHECK: %[[UP:.*]] = "onnx.Add"(%x, %[[S]])
// CHECK: %[[NS:.*]] = "onnx.Neg"(%[[S]])
// CHECK: %[[LT:.*]] = "onnx.Less"(%x, %[[NS]])
// CHECK: %[[BELOW:.*]] = "onnx.Where"(%[[LT]], %[[UP]], %[[ZERO]])
// CHECK: %[[DOWN:.*]] = "onnx.Sub"(%x, %[[S]])
// CHECK: %[[GT:.*]] = "onnx.Greater"(%x, %[[S]])
// CHECK: %soft = "onnx.Where"(%[[GT]], %[[DOWN]], %[[BELOW]]) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "shrink"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %hard = "aten.hardshrink.default"(%x) {arg_names = ["self"], lambd = 0.25 : f64} : (tensor<3xf32>) -> tensor<3xf32>
    %soft = "aten.softshrink.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%hard, %soft) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "shrink"} : () -> ()
}) : () -> ()
