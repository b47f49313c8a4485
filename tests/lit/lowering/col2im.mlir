// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17

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
// DEFAULT: %[[B:.*]] = "onnx.Unsqueeze"(%c, %{{.*}}) : (tensor<12x9xf32>, tensor<1xi64>) -> tensor<1x12x9xf32>
// DEFAULT: %[[IM:.*]] = "onnx.Col2Im"(%[[B]], %{{.*}}, %{{.*}}) {dilations = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x12x9xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x4x5xf32>
// DEFAULT: %col2im = "onnx.Squeeze"(%[[IM]], %{{.*}}) : (tensor<1x3x4x5xf32>, tensor<1xi64>) -> tensor<3x4x5xf32>
// CHECK-LABEL: }) {sym_name = "col2im"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<12x9xf32>):
    %col2im = "aten.col2im.default"(%c) {arg_names = ["self"], output_size = array<i64: 4, 5>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<12x9xf32>) -> tensor<3x4x5xf32>
    "ir.return"(%col2im) : (tensor<3x4x5xf32>) -> ()
  }) {sym_name = "col2im"} : () -> ()
}) : () -> ()

// -----

// Patches that cover the image (4x4, stride 4) are one Col2Im from
// opset 18, faster in ONNX Runtime than moving them back. Before, each pixel
// is one column entry: [N, C, kh, kw, bh, bw] transposed to
// [N, C, bh, kh, bw, kw], with a symbolic batch (0 copies it).
// DEFAULT: %col2im = "onnx.Col2Im"(%c, %{{.*}}, %{{.*}}) {dilations = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 4, 4>}
// OPSET17-NOT: onnx.ScatterElements
// OPSET17: "ir.constant"() {value = dense<[0, 3, 4, 4, 3, 4]> : tensor<6xi64>}
// OPSET17: %[[GRID:.*]] = "onnx.Reshape"(%c, %{{.*}}) : (tensor<?x48x12xf32, "s0">, tensor<6xi64>) -> tensor<?x3x4x4x3x4xf32, "s0">
// OPSET17: %[[T:.*]] = "onnx.Transpose"(%[[GRID]]) {perm = array<i64: 0, 1, 4, 2, 5, 3>} : ({{.*}}) -> tensor<?x3x3x4x4x4xf32, "s0">
// OPSET17: "ir.constant"() {value = dense<[0, 0, 12, 16]> : tensor<4xi64>}
// OPSET17: %col2im = "onnx.Reshape"(%[[T]], %{{.*}}) : (tensor<?x3x3x4x4x4xf32, "s0">, tensor<4xi64>) -> tensor<?x3x12x16xf32, "s0">
// CHECK-LABEL: }) {sym_name = "col2im_patches"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<?x48x12xf32, "s0">):
    %col2im = "aten.col2im.default"(%c) {arg_names = ["self"], output_size = array<i64: 12, 16>, kernel_size = array<i64: 4, 4>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 4, 4>} : (tensor<?x48x12xf32, "s0">) -> tensor<?x3x12x16xf32, "s0">
    "ir.return"(%col2im) : (tensor<?x3x12x16xf32, "s0">) -> ()
  }) {sym_name = "col2im_patches"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// ONNX Runtime has no float64 Col2Im: overlapping float64 blocks are
// scattered at every opset, patches moved back (a kernel of 1 is a patch at
// stride 1 whatever its dilation).
// CHECK-NOT: onnx.Col2Im
// CHECK: "onnx.ScatterElements"({{.*}}) {axis = 2 : i64, reduction = "add"} : (tensor<1x3x21xf64>, tensor<1x3x36xi64>, tensor<1x3x36xf64>) -> tensor<1x3x21xf64>
// CHECK-LABEL: }) {sym_name = "col2im_float64"}
// CHECK-NOT: onnx.Col2Im
// CHECK: "onnx.Transpose"({{.*}}) {perm = array<i64: 0, 1, 4, 2, 5, 3>} : (tensor<2x1x1x3x4x2xf64>) -> tensor<2x1x4x1x2x3xf64>
// CHECK: %col2im = "onnx.Reshape"({{.*}}) -> tensor<2x1x4x6xf64>
// CHECK-LABEL: }) {sym_name = "col2im_float64_patches"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<12x9xf64>):
    %col2im = "aten.col2im.default"(%c) {arg_names = ["self"], output_size = array<i64: 4, 5>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<12x9xf64>) -> tensor<3x4x5xf64>
    "ir.return"(%col2im) : (tensor<3x4x5xf64>) -> ()
  }) {sym_name = "col2im_float64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%c: tensor<2x3x8xf64>):
    %col2im = "aten.col2im.default"(%c) {arg_names = ["self"], output_size = array<i64: 4, 6>, kernel_size = array<i64: 1, 3>, dilation = array<i64: 5, 1>, padding = array<i64: 0, 0>, stride = array<i64: 1, 3>} : (tensor<2x3x8xf64>) -> tensor<2x1x4x6xf64>
    "ir.return"(%col2im) : (tensor<2x1x4x6xf64>) -> ()
  }) {sym_name = "col2im_float64_patches"} : () -> ()
}) : () -> ()
