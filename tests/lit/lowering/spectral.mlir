// One case: one STFT whose complex result flows through reshape and abs.
// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s

// A complex tensor is carried as real pairs [..., 2]: STFT computes them (in
// float64), reshape keeps the pair dim, abs is the L2 norm of each pair.
// CHECK: %[[S:.*]] = "onnx.STFT"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {onesided = 1 : i64} : (tensor<1x?x1xf64, "160*s0 + 400">, tensor<i64>, tensor<400xf64>, tensor<i64>) -> tensor<1x?x201x2xf64, "s0 + 1">
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[S]]) {perm = array<i64: 0, 2, 1, 3>}
// CHECK: %stft = "onnx.Cast"(%[[T]]) {to = f32} : (tensor<1x201x?x2xf64, "s0 + 1">) -> tensor<1x201x?x2xf32, "s0 + 1">
// CHECK: %reshape = "onnx.Reshape"(%stft, %{{.*}}) : (tensor<1x201x?x2xf32, "s0 + 1">, tensor<4xi64>) -> tensor<201x1x?x2xf32, "s0 + 1">
// CHECK: %abs = "onnx.ReduceL2"(%reshape, %{{.*}}) {keepdims = 0 : i64} : (tensor<201x1x?x2xf32, "s0 + 1">, tensor<1xi64>) -> tensor<201x1x?xf32, "s0 + 1">
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x?xf32, "160*s0 + 400">, %window: tensor<400xf32>):
    %stft = "aten.stft.default"(%x, %window) {arg_names = ["self", "window"], hop_length = 160 : i64, n_fft = 400 : i64, normalized = false, onesided = true, return_complex = true, win_length = 400 : i64} : (tensor<1x?xf32, "160*s0 + 400">, tensor<400xf32>) -> tensor<1x201x?xcomplex<f32>, "s0 + 1">
    %n = "aten.sym_size.int"(%stft) {arg_names = ["self"], dim = -1 : i64} : (tensor<1x201x?xcomplex<f32>, "s0 + 1">) -> !torch.symint<"s0 + 1">
    %c201 = "ir.constant"() {value = 201 : i64} : () -> !torch.symint<"201">
    %c1 = "ir.constant"() {value = 1 : i64} : () -> !torch.symint<"1">
    %reshape = "aten.reshape.default"(%stft, %c201, %c1, %n) {arg_names = ["self", "shape", "shape", "shape"]} : (tensor<1x201x?xcomplex<f32>, "s0 + 1">, !torch.symint<"201">, !torch.symint<"1">, !torch.symint<"s0 + 1">) -> tensor<201x1x?xcomplex<f32>, "s0 + 1">
    %abs = "aten.abs.default"(%reshape) {arg_names = ["self"]} : (tensor<201x1x?xcomplex<f32>, "s0 + 1">) -> tensor<201x1x?xf32, "s0 + 1">
    "ir.return"(%abs) : (tensor<201x1x?xf32, "s0 + 1">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 100>}} : () -> ()
