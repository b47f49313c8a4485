// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefix=OPSET17

// Before opset 18 each column entry (c, k, l) is added at its flat image
// position, 20 (one past the 4x5 plane) for one in the padding: kernel
// offset (0, 0) of block (1, 1) is at (1, 1), 6. ScatterElements adds them
// into zeros in the entries' order; the extra slot is sliced off.
// OPSET17: "ir.constant"() {value = dense<[20, 20, 20, 20, 6, 8, 20, 16, 18, 20, 20, 20, 5, 7, 9, 15, 17, 19, 20, 1, 3, 20, 11, 13, 20, 20, 20, 0, 2, 4, 10, 12, 14, 20, 20, 20]> : tensor<36xi64>}
// OPSET17: "onnx.ScatterElements"({{.*}}) {axis = 2 : i64, reduction = "add"} : (tensor<1x3x21xf32>, tensor<1x3x36xi64>, tensor<1x3x36xf32>) -> tensor<1x3x21xf32>
// OPSET17: "onnx.Slice"({{.*}}) -> tensor<1x3x20xf32>
// OPSET17: "onnx.Reshape"({{.*}}) -> tensor<1x3x4x5xf32>
// OPSET17: %col2im = "onnx.Squeeze"({{.*}}) -> tensor<3x4x5xf32>

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
