// RUN: %pt2onnx-opt %s --passes='functionalize,lower-aten{opset=20}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET20
// RUN: %pt2onnx-opt %s --passes='functionalize,lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17

// gelu is the Gelu op from opset 20, its erf / tanh formula before.
// OPSET20: %gelu = "onnx.Gelu"(%x) {approximate = "none"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
// OPSET20: %gelu_1 = "onnx.Gelu"(%x) {approximate = "tanh"}
// OPSET17: "onnx.Erf"
// OPSET17: %gelu = "onnx.Mul"
// OPSET17: "onnx.Tanh"
// OPSET17: %gelu_1 = "onnx.Mul"

// clamp and hardtanh are Max then Min (NaN propagates as in torch).
// CHECK: %[[LO:.*]] = "onnx.Max"(%x, %{{.*}}) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
// CHECK: %clamp = "onnx.Min"(%[[LO]], %{{.*}})
// An in-place op updates later uses of its operand (%z in the return).
// CHECK: %[[LO6:.*]] = "onnx.Max"(%z
// CHECK: %hardtanh_ = "onnx.Min"(%[[LO6]]
// CHECK: %silu = "onnx.Mul"(%x, %{{.*}})
// CHECK: %hardswish = "onnx.HardSwish"(%x)
// CHECK: %hardsigmoid = "onnx.HardSigmoid"(%x) {alpha = 0.16666666666666666 : f64, beta = 0.5 : f64}
// CHECK: %leaky_relu = "onnx.LeakyRelu"(%x) {alpha = 0.1 : f64}
// softplus keeps x where beta * x > threshold.
// CHECK: %[[SP:.*]] = "onnx.Softplus"(%x)
// CHECK: %softplus = "onnx.Where"(%{{.*}}, %x, %[[SP]])
// CHECK: %softmax = "onnx.Softmax"(%x) {axis = 1 : i64}
// half_to_float computes in the (float32) result dtype.
// CHECK: %[[H:.*]] = "onnx.Cast"(%h) {to = f32}
// CHECK: %_log_softmax = "onnx.LogSoftmax"(%[[H]]) {axis = 1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
// Eval-mode dropout is the identity.
// CHECK: "ir.return"(%gelu, %gelu_1, %clamp, %hardtanh_, %silu, %hardswish, %hardsigmoid, %leaky_relu, %softplus, %softmax, %_log_softmax, %x, %hardtanh_)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>, %h: tensor<2x8xf16>, %z: tensor<2x8xf32>):
    %gelu = "aten.gelu.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %gelu_1 = "aten.gelu.default"(%x) {arg_names = ["self"], approximate = "tanh"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %clamp = "aten.clamp.default"(%x) {arg_names = ["self"], min = -5.000000e-01 : f64, max = 5.000000e-01 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %hardtanh_ = "aten.hardtanh_.default"(%z) {arg_names = ["self"], min_val = 0.0 : f64, max_val = 6.0 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %silu = "aten.silu.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %hardswish = "aten.hardswish.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %hardsigmoid = "aten.hardsigmoid.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %leaky_relu = "aten.leaky_relu.default"(%x) {arg_names = ["self"], negative_slope = 1.000000e-01 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %softplus = "aten.softplus.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %softmax = "aten.softmax.int"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %_log_softmax = "aten._log_softmax.default"(%h) {arg_names = ["self"], dim = 1 : i64, half_to_float = true} : (tensor<2x8xf16>) -> tensor<2x8xf32>
    %dropout = "aten.dropout.default"(%x) {arg_names = ["input"], p = 1.000000e-01 : f64, train = false} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%gelu, %gelu_1, %clamp, %hardtanh_, %silu, %hardswish, %hardsigmoid, %leaky_relu, %softplus, %softmax, %_log_softmax, %dropout, %z) : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
