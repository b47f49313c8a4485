// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=20}' --no-provenance | FileCheck %s

// NaN where torch has it. torch's maximum, minimum and clamp give NaN where an operand is NaN.
// ONNX Runtime 1.23's Max and Min drop a NaN of one operand or the other,
// depending on how they broadcast, except that beside a one-element
// constant the other operand's NaN stays. So a floating-point operand gets
// an IsNaN and a Where unless it is a constant free of NaN or the other
// operand is a one-element constant free of NaN.

// Two tensors: a Where for each.
// CHECK: %[[M:.*]] = "onnx.Max"(%a, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: %[[BNAN:.*]] = "onnx.IsNaN"(%b) : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[W:.*]] = "onnx.Where"(%[[BNAN]], %b, %[[M]]) : (tensor<4xi1>, tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: %[[ANAN:.*]] = "onnx.IsNaN"(%a) : (tensor<3x4xf32>) -> tensor<3x4xi1>
// CHECK: %maximum = "onnx.Where"(%[[ANAN]], %a, %[[W]]) : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// Integers have no NaN: Min alone.
// CHECK: %minimum = "onnx.Min"(%i, %j) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: "ir.return"(%maximum, %minimum)
// CHECK-LABEL: }) {sym_name = "two_tensors"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<3x4xf32>, %b: tensor<4xf32>, %i: tensor<4xi64>, %j: tensor<4xi64>):
    %maximum = "aten.maximum.default"(%a, %b) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
    %minimum = "aten.minimum.default"(%i, %j) {arg_names = ["self", "other"]} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
    "ir.return"(%maximum, %minimum) : (tensor<3x4xf32>, tensor<4xi64>) -> ()
  }) {sym_name = "two_tensors"} : () -> ()
}) : () -> ()

// -----

// A bound that is a number: Max and Min alone (the tensor's NaN stays
// beside a one-element constant).
// CHECK: %clamp_min = "onnx.Max"(%x, %{{.*}}) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
// CHECK-NOT: IsNaN
// A tensor bound: a Where for it and one for what it bounds.
// CHECK: %[[LOW:.*]] = "onnx.Max"(%x, %{{.*}}) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
// CHECK: %[[HI:.*]] = "onnx.Min"(%[[LOW]], %hi) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
// CHECK: %[[HINAN:.*]] = "onnx.IsNaN"(%hi)
// CHECK: %[[W:.*]] = "onnx.Where"(%[[HINAN]], %hi, %[[HI]])
// CHECK: %[[LOWNAN:.*]] = "onnx.IsNaN"(%[[LOW]])
// CHECK: %clamp = "onnx.Where"(%[[LOWNAN]], %[[LOW]], %[[W]])
// CHECK: "ir.return"(%clamp_min, %clamp)
// CHECK-LABEL: }) {sym_name = "number_bounds"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>, %hi: tensor<8xf32>):
    %clamp_min = "aten.clamp_min.default"(%x) {arg_names = ["self"], min = 0.5 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %clamp = "aten.clamp.Tensor"(%x, %hi) {arg_names = ["self", "max"], min = 0.5 : f64} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    "ir.return"(%clamp_min, %clamp) : (tensor<2x8xf32>, tensor<2x8xf32>) -> ()
  }) {sym_name = "number_bounds"} : () -> ()
}) : () -> ()

// -----

// ONNX Runtime's Erf makes NaN 1, torch's erf keeps it: a Where. gelu needs
// none (before opset 20 the product with x is NaN again; from 20 it is Gelu).
// CHECK: %[[ERF:.*]] = "onnx.Erf"(%x) : (tensor<5xf32>) -> tensor<5xf32>
// CHECK: %[[NAN:.*]] = "onnx.IsNaN"(%x)
// CHECK: %erf = "onnx.Where"(%[[NAN]], %x, %[[ERF]])
// CHECK-NOT: IsNaN
// CHECK: %gelu = "onnx.Gelu"(%x)
// CHECK-LABEL: }) {sym_name = "erf_of_nan"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xf32>):
    %erf = "aten.erf.default"(%x) {arg_names = ["self"]} : (tensor<5xf32>) -> tensor<5xf32>
    %gelu = "aten.gelu.default"(%x) {arg_names = ["self"]} : (tensor<5xf32>) -> tensor<5xf32>
    "ir.return"(%erf, %gelu) : (tensor<5xf32>, tensor<5xf32>) -> ()
  }) {sym_name = "erf_of_nan"} : () -> ()
}) : () -> ()
