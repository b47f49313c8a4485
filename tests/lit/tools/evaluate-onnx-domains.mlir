// pt2onnx-opt --evaluate runs ONNX ops of other domains: a call of an ONNX
// local function by running its body, ONNX Runtime's com.microsoft ops
// through their rules (a result of none type, an optional output nobody asked
// for, is left out), and lists an op of a domain it does not know as one it
// cannot run.
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:2x4:0,1,-1,2,0.5,-2,3,-0.5 input_1=f4:2x4:1,1,1,1,0,0,0,4
// RUN: %pt2onnx-opt %s --evaluate --verify-inputs %t.in.npz | FileCheck %s
// 2 tanh(x):
// CHECK: output_0 (f): f32[2, 4] [0, 1.52319, -1.52319, 1.92806, 0.924234, -1.92806, 1.99011, -0.924234]
// The tanh approximation of Gelu:
// CHECK-NEXT: output_1 (g): f32[2, 4] [0, 0.841192, -0.158808, 1.9546, 0.345714, -0.0454023, 2.99636, -0.154286]
// x + y = [1, 2, 0, 3] normalized (mean 1.5, variance 1.25), times w, plus b:
// CHECK-NEXT: output_2 (n): f32[2, 4] [-0.447212, 1.89442, -0.670818, -2.34164, -0.341881, -1.96297, 0.398862, -2.02564]
// CHECK-NEXT: output_3 (n#3): f32[2, 4] [1, 2, 0, 3, 0.5, -2, 3, 3.5]
// CHECK-NEXT: output_4 (o): unknown
// CHECK-NEXT: ops the evaluator could not run (what depends on them is unknown):
// CHECK-NEXT:   onnx_domain.com.example.Opaque x1
// CHECK-NOT: {{.}}

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4xf32>, %y: tensor<2x4xf32>):
    %two = "ir.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %f = "onnx_function.pkg.mine.ScaledTanh"(%x, %two) ({
    ^bb0(%a: tensor<2x4xf32>, %s: tensor<f32>):
      %t = "onnx.Tanh"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %m = "onnx.Mul"(%t, %s) : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
      "ir.return"(%m) : (tensor<2x4xf32>) -> ()
    }) {ir.domain_version = 1 : i64} : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %g = "onnx_domain.com.microsoft.FastGelu"(%x) {ir.domain_version = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %w = "ir.constant"() {value = dense<[1.0, 2.0, 0.5, -1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
    %b = "ir.constant"() {value = dense<[0.0, 1.0, 0.0, -1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
    %n:4 = "onnx_domain.com.microsoft.SkipLayerNormalization"(%x, %y, %w, %b) {epsilon = 1.0e-05 : f64, ir.domain_version = 1 : i64} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, none, none, tensor<2x4xf32>)
    %o = "onnx_domain.com.example.Opaque"(%x) {ir.domain_version = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    "ir.return"(%f, %g, %n#0, %n#3, %o) : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()
