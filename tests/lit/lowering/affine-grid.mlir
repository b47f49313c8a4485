// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// affine_grid_generator: the base grid (x, y, 1) of the 2x3 output positions
// is a constant, x = linspace(-1, 1, 3) * 2/3 and y = linspace(-1, 1, 2) * 1/2
// without align_corners, multiplied by theta transposed, then reshaped.
// As float32 bits: -2/3 ABAA2ABF, -1/2 000000BF, 1 0000803F, 2/3 ABAA2A3F.
// CHECK:      %[[T:.*]] = "onnx.Transpose"(%theta) {perm = array<i64: 0, 2, 1>}
// CHECK-NEXT: %[[B:.*]] = "ir.constant"() {value = dense<"0xABAA2ABF000000BF0000803F00000000000000BF0000803FABAA2A3F000000BF0000803FABAA2ABF0000003F0000803F000000000000003F0000803FABAA2A3F0000003F0000803F"> : tensor<6x3xf32>}
// CHECK-NEXT: %[[M:.*]] = "onnx.MatMul"(%[[B]], %[[T]]) : (tensor<6x3xf32>, tensor<2x3x2xf32>) -> tensor<2x6x2xf32>
// CHECK-NEXT: %[[S:.*]] = "ir.constant"() {value = dense<[-1, 2, 3, 2]> : tensor<4xi64>}
// CHECK-NEXT: %y = "onnx.Reshape"(%[[M]], %[[S]]) : (tensor<2x6x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32>
// CHECK-LABEL: }) {sym_name = "affine_grid_2d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%theta: tensor<2x2x3xf32>):
    %y = "aten.affine_grid_generator.default"(%theta) {align_corners = false, arg_names = ["theta"], size = array<i64: 2, 1, 2, 3>} : (tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32>
    "ir.return"(%y) : (tensor<2x2x3x2xf32>) -> ()
  }) {sym_name = "affine_grid_2d"} : () -> ()
}) : () -> ()

// -----

// Volumes with align_corners: (x, y, z, 1), x = linspace(-1, 1, 2), y and
// z of a single step are 0.
// CHECK:      "ir.constant"() {value = dense<"0x000000000000F0BF00000000000000000000000000000000000000000000F03F000000000000F03F00000000000000000000000000000000000000000000F03F"> : tensor<2x4xf64>}
// CHECK-NEXT: "onnx.MatMul"{{.*}} : (tensor<2x4xf64>, tensor<1x4x3xf64>) -> tensor<1x2x3xf64>
// CHECK:      %y = "onnx.Reshape"{{.*}} -> tensor<1x1x1x2x3xf64>
// CHECK-LABEL: }) {sym_name = "affine_grid_3d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%theta: tensor<1x3x4xf64>):
    %y = "aten.affine_grid_generator.default"(%theta) {align_corners = true, arg_names = ["theta"], size = array<i64: 1, 1, 1, 1, 2>} : (tensor<1x3x4xf64>) -> tensor<1x1x1x2x3xf64>
    "ir.return"(%y) : (tensor<1x1x1x2x3xf64>) -> ()
  }) {sym_name = "affine_grid_3d"} : () -> ()
}) : () -> ()


// -----

// torch's linspace rounds each -1 + step * i once (a fused multiply-add): the
// middle of seven steps is -2^-25, not 0 (B3000000 below, third row).
// CHECK:      "ir.constant"() {value = dense<"0x000080BF000000000000803FAAAA2ABF000000000000803FAAAAAABE000000000000803F000000B3000000000000803FAAAAAA3E000000000000803FAAAA2A3F000000000000803F0000803F000000000000803F"> : tensor<7x3xf32>}
// CHECK-LABEL: }) {sym_name = "affine_grid_linspace_rounding"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%theta: tensor<1x2x3xf32>):
    %y = "aten.affine_grid_generator.default"(%theta) {align_corners = true, arg_names = ["theta"], size = array<i64: 1, 1, 1, 7>} : (tensor<1x2x3xf32>) -> tensor<1x1x7x2xf32>
    "ir.return"(%y) : (tensor<1x1x7x2xf32>) -> ()
  }) {sym_name = "affine_grid_linspace_rounding"} : () -> ()
}) : () -> ()
