// One case: what the FFTs refuse, each with its reason.
// RUN: not %pt2onnx-opt %s --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// CHECK: cannot lower 5 ops (5 overloads) to ONNX opset 20:
// CHECK-DAG: aten.fft_irfftn.default (1 use): an FFT needs transformed dims of static, nonzero size
// CHECK-DAG: aten.fft_hfft.default (1 use): `norm` must be "backward", "forward" or "ortho"
// CHECK-DAG: aten.fft_irfft2.default (1 use): the FFT dims `dim` repeat a dim
// CHECK-DAG: aten.fft_rfft.default (1 use): rfft and ihfft need a real input
// CHECK-DAG: aten.fft_ifft.default (1 use): an FFT of 4096 points over 2049 inputs is too large for DFT matrices (at most 4194304 entries)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?xf32, "s0">, %y: tensor<3x4xf32>, %c: tensor<4xcomplex<f32>>, %long: tensor<2049xf32>):
    %irfftn = "aten.fft_irfftn.default"(%x) {arg_names = ["self"], s = array<i64: 2, 4>} : (tensor<2x?xf32, "s0">) -> tensor<2x4xf32>
    %hfft = "aten.fft_hfft.default"(%y) {arg_names = ["self"], norm = "twice"} : (tensor<3x4xf32>) -> tensor<3x6xf32>
    %irfft2 = "aten.fft_irfft2.default"(%y) {arg_names = ["self"], dim = array<i64: 1, -1>} : (tensor<3x4xf32>) -> tensor<3x6xf32>
    %rfft = "aten.fft_rfft.default"(%c) {arg_names = ["self"]} : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %ifft = "aten.fft_ifft.default"(%long) {arg_names = ["self"], n = 4096 : i64} : (tensor<2049xf32>) -> tensor<4096xcomplex<f32>>
    "ir.return"(%irfftn, %hfft, %irfft2, %rfft, %ifft) : (tensor<2x4xf32>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<3xcomplex<f32>>, tensor<4096xcomplex<f32>>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 100>}} : () -> ()
