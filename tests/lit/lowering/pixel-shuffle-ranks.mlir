// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s

// pixel_shuffle of an unbatched (C, H, W) input: a batch dim around the
// DepthToSpace; pixel_unshuffle of a 5-D input: the leading dims flattened
// into one and restored.
// CHECK:      %[[U:.*]] = "onnx.Unsqueeze"(%a, %{{.*}}) : (tensor<8x3x5xf32>, tensor<1xi64>) -> tensor<1x8x3x5xf32>
// CHECK-NEXT: %[[D:.*]] = "onnx.DepthToSpace"(%[[U]]) {blocksize = 2 : i64, mode = "CRD"} : (tensor<1x8x3x5xf32>) -> tensor<1x2x6x10xf32>
// CHECK:      %y = "onnx.Squeeze"(%[[D]], %{{.*}}) : (tensor<1x2x6x10xf32>, tensor<1xi64>) -> tensor<2x6x10xf32>
// CHECK:      "onnx.Reshape"(%b, %{{.*}}) : (tensor<2x1x3x4x6xf32>, tensor<4xi64>) -> tensor<2x3x4x6xf32>
// CHECK:      "onnx.Transpose"({{.*}}) {perm = array<i64: 0, 1, 3, 5, 2, 4>}
// CHECK:      "onnx.Reshape"({{.*}}) -> tensor<2x12x2x3xf32>
// CHECK:      %z = "onnx.Reshape"({{.*}}) : (tensor<2x12x2x3xf32>, tensor<5xi64>) -> tensor<2x1x12x2x3xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<8x3x5xf32>, %b: tensor<2x1x3x4x6xf32>):
    %y = "aten.pixel_shuffle.default"(%a) {arg_names = ["self"], upscale_factor = 2 : i64} : (tensor<8x3x5xf32>) -> tensor<2x6x10xf32>
    %z = "aten.pixel_unshuffle.default"(%b) {arg_names = ["self"], downscale_factor = 2 : i64} : (tensor<2x1x3x4x6xf32>) -> tensor<2x1x12x2x3xf32>
    "ir.return"(%y, %z) : (tensor<2x6x10xf32>, tensor<2x1x12x2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
