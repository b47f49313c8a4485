// RUN: not %pt2onnx-opt %s --split-input-file --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// Convolution, average and max pooling of integers are refused: ONNX
// Runtime computes them on floats only (max pooling also on int8 and uint8).
// CHECK: aten.convolution.default (1 use): convolution of integer tensors is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x5x5xi64>, %w: tensor<3x2x3x3xi64>):
    %y = "aten.convolution.default"(%x, %w) {arg_names = ["input", "weight"], stride = [1, 1], padding = [0, 0], dilation = [1, 1], transposed = false, output_padding = [0, 0], groups = 1 : i64} : (tensor<1x2x5x5xi64>, tensor<3x2x3x3xi64>) -> tensor<1x3x3x3xi64>
    "ir.return"(%y) : (tensor<1x3x3x3xi64>) -> ()
  }) {sym_name = "conv_int64"} : () -> ()
}) : () -> ()

// -----

// CHECK: aten.avg_pool2d.default (1 use): average pooling of integer tensors is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x4x4xi64>):
    %y = "aten.avg_pool2d.default"(%x) {arg_names = ["self"], kernel_size = [2, 2]} : (tensor<1x2x4x4xi64>) -> tensor<1x2x2x2xi64>
    "ir.return"(%y) : (tensor<1x2x2x2xi64>) -> ()
  }) {sym_name = "avg_pool_int64"} : () -> ()
}) : () -> ()

// -----

// CHECK: aten.max_pool2d.default (1 use): max pooling of int32 tensors is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x4x4xi32>):
    %y = "aten.max_pool2d.default"(%x) {arg_names = ["self"], kernel_size = [2, 2]} : (tensor<1x2x4x4xi32>) -> tensor<1x2x2x2xi32>
    "ir.return"(%y) : (tensor<1x2x2x2xi32>) -> ()
  }) {sym_name = "max_pool_int32"} : () -> ()
}) : () -> ()
