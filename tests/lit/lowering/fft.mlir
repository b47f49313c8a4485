// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// irfft of a real spectrum along the last dim: one float64 MatMul with the
// [bins, n] matrix of w_k cos(2 pi k t / n) and the norm's scale (ortho:
// 1 / sqrt(4); w is 1 at bins 0 and n / 2, else 2), here 3 bins to 4 samples.
// CHECK:      %[[X:.*]] = "onnx.Cast"(%x) {to = f64} : (tensor<2x3xf32>) -> tensor<2x3xf64>
// CHECK-NEXT: %[[M:.*]] = "ir.constant"() {value = dense<"0x000000000000E03F000000000000E03F000000000000E03F000000000000E03F000000000000F03F{{.*}}"> : tensor<3x4xf64>}
// CHECK-NEXT: %[[P:.*]] = "onnx.MatMul"(%[[X]], %[[M]]) : (tensor<2x3xf64>, tensor<3x4xf64>) -> tensor<2x4xf64>
// CHECK-NEXT: %r = "onnx.Cast"(%[[P]]) {to = f32} : (tensor<2x4xf64>) -> tensor<2x4xf32>
// CHECK-LABEL: }) {sym_name = "irfft"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %r = "aten.fft_irfft.default"(%x) {arg_names = ["self"], norm = "ortho"} : (tensor<2x3xf32>) -> tensor<2x4xf32>
    "ir.return"(%r) : (tensor<2x4xf32>) -> ()
  }) {sym_name = "irfft"} : () -> ()
}) : () -> ()

// -----

// hfft2 of a complex input (real pairs): the conjugate's parts, an inverse
// complex DFT along dim 0 (the transposed cos/sin matrices times the
// flattened dims after it, reshaped back), then the complex-to-real one
// along dim 1.
// CHECK:      %[[RE:.*]] = "onnx.Gather"(%z, %{{.*}}) {axis = 2 : i64} : (tensor<2x3x2xf32>, tensor<i64>) -> tensor<2x3xf32>
// CHECK:      %[[IM:.*]] = "onnx.Gather"(%z, %{{.*}}) {axis = 2 : i64}
// CHECK-NEXT: %[[CONJ:.*]] = "onnx.Neg"(%[[IM]])
// CHECK-NEXT: %[[IMD:.*]] = "onnx.Cast"(%[[CONJ]]) {to = f64}
// CHECK-NEXT: %[[RED:.*]] = "onnx.Cast"(%[[RE]]) {to = f64}
// CHECK-NEXT: %[[COS:.*]] = "ir.constant"() {{.*}} : () -> tensor<3x2xf64>
// CHECK-NEXT: %[[FLAT:.*]] = "ir.constant"() {value = dense<[2, -1]> : tensor<2xi64>}
// CHECK-NEXT: %[[COLS:.*]] = "onnx.Reshape"(%[[RED]], %[[FLAT]])
// CHECK-NEXT: %[[PROD:.*]] = "onnx.MatMul"(%[[COS]], %[[COLS]]) : (tensor<3x2xf64>, tensor<2x3xf64>) -> tensor<3x3xf64>
// CHECK:      %[[RECOS:.*]] = "onnx.Reshape"(%[[PROD]], %{{.*}}) : (tensor<3x3xf64>, tensor<2xi64>) -> tensor<3x3xf64>
// CHECK:      %[[RESIN:.*]] = "onnx.Reshape"({{.*}}) : (tensor<3x3xf64>, tensor<2xi64>) -> tensor<3x3xf64>
// CHECK:      %[[IMCOS:.*]] = "onnx.Reshape"({{.*}}) : (tensor<3x3xf64>, tensor<2xi64>) -> tensor<3x3xf64>
// CHECK:      %[[IMSIN:.*]] = "onnx.Reshape"({{.*}}) : (tensor<3x3xf64>, tensor<2xi64>) -> tensor<3x3xf64>
// CHECK-NEXT: %[[RE2:.*]] = "onnx.Sub"(%[[RECOS]], %[[IMSIN]])
// CHECK-NEXT: %[[IM2:.*]] = "onnx.Add"(%[[RESIN]], %[[IMCOS]])
// CHECK:      %[[A:.*]] = "onnx.MatMul"(%[[RE2]], %{{.*}}) : (tensor<3x3xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
// CHECK:      %[[B:.*]] = "onnx.MatMul"(%[[IM2]], %{{.*}}) : (tensor<3x3xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
// CHECK-NEXT: %[[SUM:.*]] = "onnx.Add"(%[[A]], %[[B]])
// CHECK-NEXT: %r = "onnx.Cast"(%[[SUM]]) {to = f32} : (tensor<3x4xf64>) -> tensor<3x4xf32>
// CHECK-LABEL: }) {sym_name = "hfft2"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%z: tensor<2x3xcomplex<f32>>):
    %r = "aten.fft_hfft2.default"(%z) {arg_names = ["self"], s = array<i64: 3, 4>} : (tensor<2x3xcomplex<f32>>) -> tensor<3x4xf32>
    "ir.return"(%r) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "hfft2"} : () -> ()
}) : () -> ()
