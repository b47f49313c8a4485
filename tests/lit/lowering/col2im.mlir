// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s
// RUN: not %pt2onnx-opt %s --passes='lower-aten{opset=17}' 2>&1 | FileCheck %s --check-prefix=OPSET17
// One case: its refusal below opset 18 is a whole-pipeline error.

// OPSET17: aten.col2im.default (1 use): the rule supports opsets 18 to 23

// col2im is ONNX Col2Im (opset 18), an unbatched input given a batch of one.
// CHECK: %[[B:.*]] = "onnx.Unsqueeze"(%c, %{{.*}}) : (tensor<12x9xf32>, tensor<1xi64>) -> tensor<1x12x9xf32>
// CHECK: %[[IM:.*]] = "onnx.Col2Im"(%[[B]], %{{.*}}, %{{.*}}) {dilations = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x12x9xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x4x5xf32>
// CHECK: %col2im = "onnx.Squeeze"(%[[IM]], %{{.*}}) : (tensor<1x3x4x5xf32>, tensor<1xi64>) -> tensor<3x4x5xf32>
// CHECK-LABEL: }) {sym_name = "col2im"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<12x9xf32>):
    %col2im = "aten.col2im.default"(%c) {arg_names = ["self"], output_size = array<i64: 4, 5>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<12x9xf32>) -> tensor<3x4x5xf32>
    "ir.return"(%col2im) : (tensor<3x4x5xf32>) -> ()
  }) {sym_name = "col2im"} : () -> ()
}) : () -> ()
