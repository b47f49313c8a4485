// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// conv1d-as-conv2d: a float32 1-D Conv whose kernel spans at least 2
// positions over at least 8 channels per group becomes a 2-D Conv of height
// 1 between an Unsqueeze and a Squeeze, which ONNX Runtime runs in its
// blocked channel layout.

// Whisper's front convolution: padding, stride, dilation and bias carried
// over; a dynamic batch and length.
// CHECK: %[[AXIS:.*]] = "ir.constant"() {value = dense<[2]> : tensor<1xi64>}
// CHECK-NEXT: %[[X4:.*]] = "onnx.Unsqueeze"(%x, %[[AXIS]]) : (tensor<?x80x?xf32, "s0, s1">, tensor<1xi64>) -> tensor<?x80x1x?xf32, "s0, s1">
// CHECK-NEXT: %[[W4:.*]] = "onnx.Unsqueeze"(%w, %[[AXIS]]) : (tensor<16x80x3xf32>, tensor<1xi64>) -> tensor<16x80x1x3xf32>
// CHECK-NEXT: %[[Y4:.*]] = "onnx.Conv"(%[[X4]], %[[W4]], %b) {dilations = array<i64: 1, 2>, group = 1 : i64, kernel_shape = array<i64: 1, 3>, pads = array<i64: 0, 2, 0, 1>, strides = array<i64: 1, 2>} : (tensor<?x80x1x?xf32, "s0, s1">, tensor<16x80x1x3xf32>, tensor<16xf32>) -> tensor<?x16x1x?xf32, "s0, s2">
// CHECK-NEXT: %y = "onnx.Squeeze"(%[[Y4]], %[[AXIS]]) : (tensor<?x16x1x?xf32, "s0, s2">, tensor<1xi64>) -> tensor<?x16x?xf32, "s0, s2">
// CHECK-NEXT: "ir.return"(%y)
// CHECK-LABEL: }) {sym_name = "front_conv"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x80x?xf32, "s0, s1">, %w: tensor<16x80x3xf32>, %b: tensor<16xf32>):
    %y = "onnx.Conv"(%x, %w, %b) {dilations = array<i64: 2>, group = 1 : i64, kernel_shape = array<i64: 3>, pads = array<i64: 2, 1>, strides = array<i64: 2>} : (tensor<?x80x?xf32, "s0, s1">, tensor<16x80x3xf32>, tensor<16xf32>) -> tensor<?x16x?xf32, "s0, s2">
    "ir.return"(%y) : (tensor<?x16x?xf32, "s0, s2">) -> ()
  }) {sym_name = "front_conv"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 8>, s1 = #ir.range<8, 3000>, s2 = #ir.range<1, 3000>}, onnx.opset = 20 : i64} : () -> ()

// -----

// A grouped convolution of 8 channels per group (wav2vec2's positional
// convolution), without a bias, auto_pad kept.
// CHECK: %[[Y4:.*]] = "onnx.Conv"(%{{.*}}, %{{.*}}) {auto_pad = "SAME_UPPER", group = 4 : i64} : (tensor<1x32x1x50xf32>, tensor<32x8x1x16xf32>) -> tensor<1x32x1x50xf32>
// CHECK-NEXT: %y = "onnx.Squeeze"(%[[Y4]], %{{.*}})
// CHECK-LABEL: }) {sym_name = "grouped"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x32x50xf32>, %w: tensor<32x8x16xf32>):
    %y = "onnx.Conv"(%x, %w) {auto_pad = "SAME_UPPER", group = 4 : i64} : (tensor<1x32x50xf32>, tensor<32x8x16xf32>) -> tensor<1x32x50xf32>
    "ir.return"(%y) : (tensor<1x32x50xf32>) -> ()
  }) {sym_name = "grouped"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Kept 1-D: a 1x1 convolution, a depthwise one, one of a single input
// channel (ConvTasNet's), a float16 one, a 2-D one.
// CHECK-NOT: "onnx.Unsqueeze"
// CHECK-LABEL: }) {sym_name = "kept"}
// TRACE: pattern conv1d-as-conv2d on onnx.Conv %pointwise: a kernel of 1 or fewer than 8 channels per group
// TRACE: pattern conv1d-as-conv2d on onnx.Conv %depthwise: a kernel of 1 or fewer than 8 channels per group
// TRACE: pattern conv1d-as-conv2d on onnx.Conv %encoder: a kernel of 1 or fewer than 8 channels per group
// TRACE: pattern conv1d-as-conv2d on onnx.Conv %half: x is not a ranked float32 tensor of rank 3
// TRACE: pattern conv1d-as-conv2d on onnx.Conv %image: x is not a ranked float32 tensor of rank 3
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x64x50xf32>, %w1: tensor<32x64x1xf32>, %wd: tensor<64x1x3xf32>, %s: tensor<1x1x400xf32>, %we: tensor<64x1x16xf32>, %h: tensor<1x64x50xf16>, %wh: tensor<32x64x3xf16>, %img: tensor<1x64x5x5xf32>, %wi: tensor<8x64x3x3xf32>):
    %pointwise = "onnx.Conv"(%x, %w1) {group = 1 : i64} : (tensor<1x64x50xf32>, tensor<32x64x1xf32>) -> tensor<1x32x50xf32>
    %depthwise = "onnx.Conv"(%x, %wd) {group = 64 : i64, pads = array<i64: 1, 1>} : (tensor<1x64x50xf32>, tensor<64x1x3xf32>) -> tensor<1x64x50xf32>
    %encoder = "onnx.Conv"(%s, %we) {group = 1 : i64, strides = array<i64: 8>} : (tensor<1x1x400xf32>, tensor<64x1x16xf32>) -> tensor<1x64x49xf32>
    %half = "onnx.Conv"(%h, %wh) {group = 1 : i64, pads = array<i64: 1, 1>} : (tensor<1x64x50xf16>, tensor<32x64x3xf16>) -> tensor<1x32x50xf16>
    %image = "onnx.Conv"(%img, %wi) {group = 1 : i64} : (tensor<1x64x5x5xf32>, tensor<8x64x3x3xf32>) -> tensor<1x8x3x3xf32>
    "ir.return"(%pointwise, %depthwise, %encoder, %half, %image) : (tensor<1x32x50xf32>, tensor<1x64x50xf32>, tensor<1x64x49xf32>, tensor<1x32x50xf16>, tensor<1x8x3x3xf32>) -> ()
  }) {sym_name = "kept"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()
