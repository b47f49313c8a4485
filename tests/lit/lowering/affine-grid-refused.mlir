// RUN: not %pt2onnx-opt %s --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// Half-precision theta is refused with a reason.
// CHECK: aten.affine_grid_generator.default (1 use): affine_grid is supported for float32 and float64 theta (cast theta to float32)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%theta: tensor<1x2x3xf16>):
    %y = "aten.affine_grid_generator.default"(%theta) {align_corners = true, arg_names = ["theta"], size = array<i64: 1, 1, 2, 2>} : (tensor<1x2x3xf16>) -> tensor<1x2x2x2xf16>
    "ir.return"(%y) : (tensor<1x2x2x2xf16>) -> ()
  }) {sym_name = "affine_grid_half"} : () -> ()
}) : () -> ()
