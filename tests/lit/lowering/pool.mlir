// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s --check-prefixes=CHECK,BEFORE22
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,BEFORE22
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET23

// Average pooling divides by the input elements a window covers
// (count_include_pad=0, ONNX's default), then rescales each window to
// torch's divisor: with count_include_pad=True, padding [1, 0] counts the
// padded row of the first and last windows (2 of 3 rows are input: 2/3).
// CHECK: %[[A:.*]] = "onnx.AveragePool"(%x) {kernel_shape = array<i64: 3, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x4xf32>
// CHECK: %[[F:.*]] = "ir.constant"() {value = dense<"0xABAA2A3FABAA2A3FABAA2A3FABAA2A3F0000803F{{.*}}ABAA2A3F"> : tensor<4x4xf32>}
// CHECK: %[[ASYM:.*]] = "onnx.Mul"(%[[A]], %[[F]]) : (tensor<1x2x4x4xf32>, tensor<4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: "ir.return"(%[[ASYM]])
// CHECK-LABEL: }) {sym_name = "count_include_pad_rescales_windows"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x4x5xf32>):
    %asym = "aten.avg_pool2d.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 3, 2>, stride = array<i64: 1, 1>, padding = array<i64: 1, 0>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x4xf32>
    "ir.return"(%asym) : (tensor<1x2x4x4xf32>) -> ()
  }) {sym_name = "count_include_pad_rescales_windows"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// Padding equal in every dim and no window overrunning it: ONNX's own
// count_include_pad.
// CHECK: %[[SYM:.*]] = "onnx.AveragePool"(%x) {count_include_pad = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x5xf32>
// CHECK-NEXT: "ir.return"(%[[SYM]])
// CHECK-LABEL: }) {sym_name = "count_include_pad_of_onnx"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x4x5xf32>):
    %sym = "aten.avg_pool2d.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<1x2x4x5xf32>) -> tensor<1x2x4x5xf32>
    "ir.return"(%sym) : (tensor<1x2x4x5xf32>) -> ()
  }) {sym_name = "count_include_pad_of_onnx"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// A ceil_mode window that would start in the right padding: torch drops it,
// ONNX only from opset 22, so before a Slice does.
// BEFORE22: %[[C:.*]] = "onnx.AveragePool"(%y) {ceil_mode = 1 : i64, count_include_pad = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
// BEFORE22: %[[CEIL:.*]] = "onnx.Slice"(%[[C]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x2x3x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x2x2xf32>
// OPSET23: %[[CEIL:.*]] = "onnx.AveragePool"(%y) {ceil_mode = 1 : i64, count_include_pad = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT: "ir.return"(%[[CEIL]])
// CHECK-LABEL: }) {sym_name = "ceil_mode_window_in_padding_dropped"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<1x2x4x4xf32>):
    %ceil = "aten.avg_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, stride = array<i64: 3, 3>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    "ir.return"(%ceil) : (tensor<1x2x2x2xf32>) -> ()
  }) {sym_name = "ceil_mode_window_in_padding_dropped"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// A last window overrunning the padding: torch divides it by its part
// within the padded input (2 of 3 rows), of which 1 row is input.
// CHECK: %[[O:.*]] = "onnx.AveragePool"(%y) {ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
// CHECK: %[[G:.*]] = "ir.constant"() {value = dense<"0x{{.*}}"> : tensor<3x3xf32>}
// CHECK: %[[OVER:.*]] = "onnx.Mul"(%[[O]], %[[G]])
// CHECK-NEXT: "ir.return"(%[[OVER]])
// CHECK-LABEL: }) {sym_name = "window_overrunning_padding"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<1x2x4x4xf32>):
    %overrun = "aten.avg_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
    "ir.return"(%overrun) : (tensor<1x2x3x3xf32>) -> ()
  }) {sym_name = "window_overrunning_padding"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// divisor_override: the window sum (4 elements) over 3.
// CHECK: %[[D:.*]] = "onnx.AveragePool"(%y) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>}
// CHECK: %[[S:.*]] = "ir.constant"() {value = dense<"0xABAAAA3F"> : tensor<f32>}
// CHECK: %[[DIV:.*]] = "onnx.Mul"(%[[D]], %[[S]])
// CHECK-NEXT: "ir.return"(%[[DIV]])
// CHECK-LABEL: }) {sym_name = "divisor_override"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<1x2x4x4xf32>):
    %div = "aten.avg_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, divisor_override = 3 : i64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    "ir.return"(%div) : (tensor<1x2x2x2xf32>) -> ()
  }) {sym_name = "divisor_override"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// No padding: neither pads nor count_include_pad, so that ONNX Runtime does not
// fuse a preceding Pad into the pool (local_response_norm pads, then pools).
// CHECK: %[[LRN:.*]] = "onnx.AveragePool"(%v) {kernel_shape = array<i64: 3, 1, 1>, strides = array<i64: 1, 1, 1>} : (tensor<2x1x8x5x12xf32>) -> tensor<2x1x6x5x12xf32>
// CHECK-NEXT: "ir.return"(%[[LRN]])
// CHECK-LABEL: }) {sym_name = "no_padding_no_pad_attributes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%v: tensor<2x1x8x5x12xf32>):
    %lrn = "aten.avg_pool3d.default"(%v) {arg_names = ["self"], kernel_size = array<i64: 3, 1, 1>, stride = array<i64: 1, 1, 1>} : (tensor<2x1x8x5x12xf32>) -> tensor<2x1x6x5x12xf32>
    "ir.return"(%lrn) : (tensor<2x1x6x5x12xf32>) -> ()
  }) {sym_name = "no_padding_no_pad_attributes"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// Only the pooled dims need to be static.
// CHECK: %[[Y:.*]] = "onnx.AveragePool"(%d) {kernel_shape = array<i64: 3, 2>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 1, 1>}
// CHECK: %[[DYN:.*]] = "onnx.Mul"(%[[Y]], %{{.*}}) : (tensor<?x2x4x4xf32, "s0">, tensor<4x4xf32>) -> tensor<?x2x4x4xf32, "s0">
// CHECK-NEXT: "ir.return"(%[[DYN]])
// CHECK-LABEL: }) {sym_name = "dynamic_batch"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%d: tensor<?x2x4x5xf32, "s0">):
    %dyn = "aten.avg_pool2d.default"(%d) {arg_names = ["self"], kernel_size = array<i64: 3, 2>, stride = array<i64: 1, 1>, padding = array<i64: 1, 0>} : (tensor<?x2x4x5xf32, "s0">) -> tensor<?x2x4x4xf32, "s0">
    "ir.return"(%dyn) : (tensor<?x2x4x4xf32, "s0">) -> ()
  }) {sym_name = "dynamic_batch"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// Max pooling drops the extra window the same way.
// BEFORE22: %[[M:.*]] = "onnx.MaxPool"(%y) {ceil_mode = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x3x3xf32>
// BEFORE22: %[[MAX:.*]] = "onnx.Slice"(%[[M]], {{.*}}) -> tensor<1x2x2x2xf32>
// OPSET23: %[[MAX:.*]] = "onnx.MaxPool"(%y) {ceil_mode = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT: "ir.return"(%[[MAX]])
// CHECK-LABEL: }) {sym_name = "max_pool_ceil_mode_window_dropped"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<1x2x4x4xf32>):
    %max = "aten.max_pool2d.default"(%y) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, stride = array<i64: 3, 3>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    "ir.return"(%max) : (tensor<1x2x2x2xf32>) -> ()
  }) {sym_name = "max_pool_ceil_mode_window_dropped"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()
