// RUN: not %pt2onnx-opt %s --split-input-file --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// What torch computes in float16 with roundings the lowering does not repeat
// is refused with the reason.

// CHECK: aten.grid_sampler_2d.default (1 use): grid sampling of float16 tensors is not supported: torch computes the coordinates and weights in float16, rounding at each step, which GridSample (float32) does not repeat (cast the input and grid to float32)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4x4xf16>, %grid: tensor<1x2x2x2xf16>):
    %r = "aten.grid_sampler_2d.default"(%x, %grid) {arg_names = ["input", "grid"], interpolation_mode = 0 : i64, padding_mode = 0 : i64, align_corners = false} : (tensor<1x1x4x4xf16>, tensor<1x2x2x2xf16>) -> tensor<1x1x2x2xf16>
    "ir.return"(%r) : (tensor<1x1x2x2xf16>) -> ()
  }) {sym_name = "grid_sampler_f16"} : () -> ()
}) : () -> ()

// -----

// CHECK: aten.adaptive_avg_pool3d.default (1 use): float16 adaptive_avg_pool3d with windows of more than 64 elements: torch sums a window in float16, rounding after each element, which the lowering repeats for at most that many
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x5x5x5xf16>):
    %r = "aten.adaptive_avg_pool3d.default"(%x) {arg_names = ["self"], output_size = array<i64: 1, 1, 1>} : (tensor<1x5x5x5xf16>) -> tensor<1x1x1x1xf16>
    "ir.return"(%r) : (tensor<1x1x1x1xf16>) -> ()
  }) {sym_name = "adaptive_avg_pool3d_f16_large_window"} : () -> ()
}) : () -> ()
