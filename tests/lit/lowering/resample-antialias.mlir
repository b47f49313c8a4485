// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// Antialiased resampling multiplies by a weight matrix per resized dim:
// height 4 -> 2 (scale 2, support 2) takes, for output 0 centred at 1.0,
// inputs 0..2 with the triangle stretched by 2, (0.75, 0.75, 0.25) / 1.75,
// as float32 [3/7, 3/7, 1/7, 0]; the width, unchanged, is left alone.
// Bicubic with align_corners resizes the width 3 -> 2 (scale (3-1)/(2-1)),
// a matrix on the right; the unchanged height is left alone.
// CHECK:      %[[H:.*]] = "ir.constant"() {value = dense<"0xB76DDB3EB76DDB3E2549123E00000000000000002549123EB76DDB3EB76DDB3E"> : tensor<2x4xf32>}
// CHECK-NEXT: %y = "onnx.MatMul"(%[[H]], %x) : (tensor<2x4xf32>, tensor<1x2x4x3xf32>) -> tensor<1x2x2x3xf32>
// CHECK-NEXT: %[[W:.*]] = "ir.constant"() {value = dense<"0x1D6CE23EC9B38CBD1D6CE23EE1AF623E1C9FEC3D81EA583F"> : tensor<3x2xf32>}
// CHECK-NEXT: %z = "onnx.MatMul"(%x, %[[W]]) : (tensor<1x2x4x3xf32>, tensor<3x2xf32>) -> tensor<1x2x4x2xf32>
// CHECK-LABEL: }) {sym_name = "antialias"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x4x3xf32>):
    %y = "aten._upsample_bilinear2d_aa.vec"(%x) {align_corners = false, arg_names = ["input"], output_size = array<i64: 2, 3>, scale_factors} : (tensor<1x2x4x3xf32>) -> tensor<1x2x2x3xf32>
    %z = "aten._upsample_bicubic2d_aa.default"(%x) {align_corners = true, arg_names = ["self"], output_size = array<i64: 4, 2>} : (tensor<1x2x4x3xf32>) -> tensor<1x2x4x2xf32>
    "ir.return"(%y, %z) : (tensor<1x2x2x3xf32>, tensor<1x2x4x2xf32>) -> ()
  }) {sym_name = "antialias"} : () -> ()
}) : () -> ()
