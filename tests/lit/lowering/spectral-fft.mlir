// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// irfft of a half spectrum of 3 bins to n = 4 points: one MatMul (in float64)
// with the cos matrix, the bins that stand for two weighted 2, scaled by 1/4:
// rows [0.25 0.25 0.25 0.25], [0.5 0 -0.5 0], [0.25 -0.25 0.25 -0.25].
// CHECK-LABEL: "ir.graph"
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f64} : (tensor<?x3xf32, "s0">) -> tensor<?x3xf64, "s0">
// CHECK: %[[C:.*]] = "ir.constant"() {value = dense<"0x000000000000D03F000000000000D03F000000000000D03F000000000000D03F000000000000E03F0000000000000000000000000000E0BF0000000000000000000000000000D03F000000000000D0BF000000000000D03F000000000000D0BF"> : tensor<3x4xf64>}
// CHECK: %[[M:.*]] = "onnx.MatMul"(%[[X]], %[[C]]) : (tensor<?x3xf64, "s0">, tensor<3x4xf64>) -> tensor<?x4xf64, "s0">
// CHECK: %irfft = "onnx.Cast"(%[[M]]) {to = f32} : (tensor<?x4xf64, "s0">) -> tensor<?x4xf32, "s0">
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3xf32, "s0">):
    %irfft = "aten.fft_irfft.default"(%x) {arg_names = ["self"]} : (tensor<?x3xf32, "s0">) -> tensor<?x4xf32, "s0">
    "ir.return"(%irfft) : (tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 100>}} : () -> ()

// -----

// hfft2 of complex pairs: the real and imaginary parts are gathered, dim 0
// is a complex DFT, MatMuls from the left (dim 0 of a rank-2 tensor needs
// no view), and dim 1 the Hermitian one, its real part the cos product less
// the sin product.
// CHECK-LABEL: "ir.graph"
// CHECK: "onnx.Gather"(%x, %{{.*}}) {axis = 2 : i64} : (tensor<3x2x2xf32>, tensor<i64>) -> tensor<3x2xf32>
// CHECK: "onnx.Gather"(%x, %{{.*}}) {axis = 2 : i64} : (tensor<3x2x2xf32>, tensor<i64>) -> tensor<3x2xf32>
// CHECK-NOT: onnx.Reshape
// CHECK: "onnx.MatMul"(%{{.*}}, %{{.*}}) : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
// CHECK: "onnx.Sub"
// CHECK: "onnx.Add"
// CHECK: %[[RE:.*]] = "onnx.MatMul"(%{{.*}}, %{{.*}}) : (tensor<3x2xf64>, tensor<2x2xf64>) -> tensor<3x2xf64>
// CHECK: %[[IM:.*]] = "onnx.MatMul"(%{{.*}}, %{{.*}}) : (tensor<3x2xf64>, tensor<2x2xf64>) -> tensor<3x2xf64>
// CHECK: %[[R:.*]] = "onnx.Sub"(%[[RE]], %[[IM]])
// CHECK: %hfft2 = "onnx.Cast"(%[[R]]) {to = f32} : (tensor<3x2xf64>) -> tensor<3x2xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x2xcomplex<f32>>):
    %hfft2 = "aten.fft_hfft2.default"(%x) {arg_names = ["self"]} : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
    "ir.return"(%hfft2) : (tensor<3x2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// irfft along dim 0 of a rank-3 tensor: a [3, 8] view multiplied from the
// left by the [4, 3] transposed matrix, viewed back as [4, 2, 4].
// CHECK-LABEL: "ir.graph"
// CHECK: %[[V:.*]] = "onnx.Reshape"(%{{.*}}, %{{.*}}) : (tensor<3x2x4xf64>, tensor<2xi64>) -> tensor<3x8xf64>
// CHECK: %[[P:.*]] = "onnx.MatMul"(%{{.*}}, %[[V]]) : (tensor<4x3xf64>, tensor<3x8xf64>) -> tensor<4x8xf64>
// CHECK: %[[R:.*]] = "onnx.Reshape"(%[[P]], %{{.*}}) : (tensor<4x8xf64>, tensor<3xi64>) -> tensor<4x2x4xf64>
// CHECK: %irfft = "onnx.Cast"(%[[R]]) {to = f32} : (tensor<4x2x4xf64>) -> tensor<4x2x4xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x2x4xf32>):
    %irfft = "aten.fft_irfft.default"(%x) {arg_names = ["self"], dim = 0 : i64, norm = "ortho"} : (tensor<3x2x4xf32>) -> tensor<4x2x4xf32>
    "ir.return"(%irfft) : (tensor<4x2x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// rfft of 4 real points keeps bins 0..2: cos and sin products of a [4, 3]
// matrix each, paired on a new last dim.
// CHECK-LABEL: "ir.graph"
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f64} : (tensor<2x4xf32>) -> tensor<2x4xf64>
// CHECK: %[[RE:.*]] = "onnx.MatMul"(%[[X]], %{{.*}}) : (tensor<2x4xf64>, tensor<4x3xf64>) -> tensor<2x3xf64>
// CHECK: %[[IM:.*]] = "onnx.MatMul"(%[[X]], %{{.*}}) : (tensor<2x4xf64>, tensor<4x3xf64>) -> tensor<2x3xf64>
// CHECK: %[[P:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 2 : i64} : (tensor<2x3x1xf64>, tensor<2x3x1xf64>) -> tensor<2x3x2xf64>
// CHECK: %rfft = "onnx.Cast"(%[[P]]) {to = f32} : (tensor<2x3x2xf64>) -> tensor<2x3x2xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4xf32>):
    %rfft = "aten.fft_rfft.default"(%x) {arg_names = ["self"]} : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
    %real = "aten.view_as_real.default"(%rfft) {arg_names = ["self"]} : (tensor<2x3xcomplex<f32>>) -> tensor<2x3x2xf32>
    "ir.return"(%real) : (tensor<2x3x2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
