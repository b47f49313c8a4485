// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s --check-prefixes=CHECK,BEFORE22
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,BEFORE22
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET23

// Average pooling divides by the input elements a window covers
// (count_include_pad=0, ONNX's default), then rescales each window to
// torch's divisor: with count_include_pad=True, padding [1, 0] counts the
// padded row of the first and last windows (2 of 3 rows are input: 2/3).
// CHECK: %[[A:.*]] = "onnx.AveragePool"(%x) {kernel_shape = array<i64: 3, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x4xf32>
// CHECK: %[[F:.*]] = "ir.constant"() {value = dense<"0xABAA2A3FABAA2A3FABAA2A3FABAA2A3F0000803F{{.*}}ABAA2A3F"> : tensor<4x4xf32>}
// CHECK: %asym = "onnx.Mul"(%[[A]], %[[F]]) : (tensor<1x2x4x4xf32>, tensor<4x4xf32>) -> tensor<1x2x4x4xf32>
// Padding equal in every dim and no window overrunning it: ONNX's own
// count_include_pad.
// CHECK: %sym = "onnx.AveragePool"(%x) {count_include_pad = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x5xf32>
// A ceil_mode window that would start in the right padding: torch drops it,
// ONNX only from opset 22, so before a Slice does.
// BEFORE22: %[[C:.*]] = "onnx.AveragePool"(%y) {ceil_mode = 1 : i64, count_include_pad = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
// BEFORE22: %ceil = "onnx.Slice"(%[[C]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x2x3x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x2x2xf32>
// OPSET23: %ceil = "onnx.AveragePool"(%y) {ceil_mode = 1 : i64, count_include_pad = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// A last window overrunning the padding: torch divides it by its part
// within the padded input (2 of 3 rows), of which 1 row is input.
// CHECK: %[[O:.*]] = "onnx.AveragePool"(%y) {ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
// CHECK: %[[G:.*]] = "ir.constant"() {value = dense<"0x{{.*}}"> : tensor<3x3xf32>}
// CHECK: %overrun = "onnx.Mul"(%[[O]], %[[G]])
// divisor_override: the window sum (4 elements) over 3.
// CHECK: %[[D:.*]] = "onnx.AveragePool"(%y) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>}
// CHECK: %[[S:.*]] = "ir.constant"() {value = dense<"0xABAAAA3F"> : tensor<f32>}
// CHECK: %div = "onnx.Mul"(%[[D]], %[[S]])
// No padding: neither pads nor count_include_pad, so that ONNX Runtime does not
// fuse a preceding Pad into the pool (local_response_norm pads, then pools).
// CHECK: %lrn = "onnx.AveragePool"(%v) {kernel_shape = array<i64: 3, 1, 1>, strides = array<i64: 1, 1, 1>} : (tensor<2x1x8x5x12xf32>) -> tensor<2x1x6x5x12xf32>
// Only the pooled dims need to be static.
// CHECK: %[[Y:.*]] = "onnx.AveragePool"(%d) {kernel_shape = array<i64: 3, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>}
// CHECK: %dyn = "onnx.Mul"(%[[Y]], %{{.*}}) : (tensor<?x2x4x4xf32, "s0">, tensor<4x4xf32>) -> tensor<?x2x4x4xf32, "s0">
// Max pooling drops the extra window the same way.
// BEFORE22: %[[M:.*]] = "onnx.MaxPool"(%y) {ceil_mode = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
// BEFORE22: %max = "onnx.Slice"(%[[M]], {{.*}}) -> tensor<1x2x2x2xf32>
// OPSET23: %max = "onnx.MaxPool"(%y) {ceil_mode = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x4x5xf32>, %y: tensor<1x2x4x4xf32>, %v: tensor<2x1x8x5x12xf32>, %d: tensor<?x2x4x5xf32, "s0">):
    %asym = "aten.avg_pool2d.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 3, 2>, stride = array<i64: 1, 1>, padding = array<i64: 1, 0>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x4xf32>
    %sym = "aten.avg_pool2d.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x5xf32>
    %ceil = "aten.avg_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, stride = array<i64: 3, 3>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    %overrun = "aten.avg_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
    %div = "aten.avg_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, divisor_override = 3 : i64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    %lrn = "aten.avg_pool3d.default"(%v) {arg_names = ["self"], kernel_size = array<i64: 3, 1, 1>, stride = array<i64: 1, 1, 1>} : (tensor<2x1x8x5x12xf32>) -> tensor<2x1x6x5x12xf32>
    %dyn = "aten.avg_pool2d.default"(%d) {arg_names = ["self"], kernel_size = array<i64: 3, 2>, stride = array<i64: 1, 1>, padding = array<i64: 1, 0>} : (tensor<?x2x4x5xf32, "s0">) -> tensor<?x2x4x4xf32, "s0">
    %max = "aten.max_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, stride = array<i64: 3, 3>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    "ir.return"(%asym, %sym, %ceil, %overrun, %div, %lrn, %dyn, %max) : (tensor<1x2x4x4xf32>, tensor<1x2x4x5xf32>, tensor<1x2x2x2xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<2x1x6x5x12xf32>, tensor<?x2x4x4xf32, "s0">, tensor<1x2x2x2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()
