// RUN: not %pt2onnx-opt %s --split-input-file --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s
// RUN: not %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPSET17

// torch sums bool blocks as a logical or; neither Col2Im nor ScatterElements
// adds bools in ONNX Runtime, so only patches that cover the image are moved.
// CHECK: aten.col2im.default (1 use): col2im of bool (a logical or of overlapping blocks) is supported only for patches that cover the output: stride equal to the kernel, no padding, output sizes multiples of the kernel
// OPSET17: aten.col2im.default (1 use): col2im of bool (a logical or of overlapping blocks) is supported only for patches that cover the output: stride equal to the kernel, no padding, output sizes multiples of the kernel
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<1x12x9xi1>):
    %col2im = "aten.col2im.default"(%c) {arg_names = ["self"], output_size = array<i64: 4, 5>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x12x9xi1>) -> tensor<1x3x4x5xi1>
    "ir.return"(%col2im) : (tensor<1x3x4x5xi1>) -> ()
  }) {sym_name = "col2im_bool"} : () -> ()
}) : () -> ()

// -----

// A symbolic batch of float64 blocks: no Col2Im (none in ONNX Runtime for
// float64) and no scatter table without static shapes.
// CHECK: aten.col2im.default (1 use): col2im of float64 needs static shapes (ONNX Runtime has no float64 Col2Im)
// OPSET17: aten.col2im.default (1 use): col2im before opset 18 (no Col2Im) needs static shapes
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<?x12x9xf64, "s0">):
    %col2im = "aten.col2im.default"(%c) {arg_names = ["self"], output_size = array<i64: 4, 5>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<?x12x9xf64, "s0">) -> tensor<?x3x4x5xf64, "s0">
    "ir.return"(%col2im) : (tensor<?x3x4x5xf64, "s0">) -> ()
  }) {sym_name = "col2im_float64_symbolic"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()
