// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17

// CHECK: %[[CONV:.*]] = "onnx.Conv"(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<?x3x8x8xf32, "s0">, tensor<6x3x3x3xf32>, tensor<6xf32>) -> tensor<?x6x4x4xf32, "s0">
// CHECK-NEXT: "ir.return"(%[[CONV]])
// CHECK-LABEL: }) {sym_name = "conv2d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %w = "ir.constant"() {value = dense_resource<conv.weight> : tensor<6x3x3x3xf32>} : () -> tensor<6x3x3x3xf32>
    %b = "ir.constant"() {value = dense_resource<conv.bias> : tensor<6xf32>} : () -> tensor<6xf32>
    %conv2d = "aten.conv2d.default"(%x, %w, %b) {arg_names = ["input", "weight", "bias"], stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<?x3x8x8xf32, "s0">, tensor<6x3x3x3xf32>, tensor<6xf32>) -> tensor<?x6x4x4xf32, "s0">
    "ir.return"(%conv2d) : (tensor<?x6x4x4xf32, "s0">) -> ()
  }) {sym_name = "conv2d"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// 'same' pads dilation * (k - 1) in total, the odd one at the end.
// CHECK: %[[CONV:.*]] = "onnx.Conv"(%s, %w1) {dilations = array<i64: 2>, group = 2 : i64, pads = array<i64: 3, 3>, strides = array<i64: 1>}
// CHECK-NEXT: "ir.return"(%[[CONV]])
// CHECK-LABEL: }) {sym_name = "conv1d_same_padding"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<1x4x10xf32>):
    %w1 = "ir.constant"() {value = dense_resource<conv1.weight> : tensor<4x2x4xf32>} : () -> tensor<4x2x4xf32>
    %conv1d = "aten.conv1d.padding"(%s, %w1) {arg_names = ["input", "weight"], padding = "same", dilation = array<i64: 2>, groups = 2 : i64} : (tensor<1x4x10xf32>, tensor<4x2x4xf32>) -> tensor<1x4x10xf32>
    "ir.return"(%conv1d) : (tensor<1x4x10xf32>) -> ()
  }) {sym_name = "conv1d_same_padding"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %[[CONV:.*]] = "onnx.ConvTranspose"(%x, %wt) {dilations = array<i64: 1, 1>, group = 1 : i64, output_padding = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
// CHECK-NEXT: "ir.return"(%[[CONV]])
// CHECK-LABEL: }) {sym_name = "conv_transpose2d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %wt = "ir.constant"() {value = dense_resource<deconv.weight> : tensor<3x2x3x3xf32>} : () -> tensor<3x2x3x3xf32>
    %conv_transpose2d = "aten.conv_transpose2d.input"(%x, %wt) {arg_names = ["input", "weight"], stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<?x3x8x8xf32, "s0">, tensor<3x2x3x3xf32>) -> tensor<?x2x16x16xf32, "s0">
    "ir.return"(%conv_transpose2d) : (tensor<?x2x16x16xf32, "s0">) -> ()
  }) {sym_name = "conv_transpose2d"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// Pooling attributes at their ONNX defaults are left out (tests/lit/lowering/pool.mlir).
// CHECK: %[[POOL:.*]] = "onnx.MaxPool"(%x) {ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
// CHECK-NEXT: "ir.return"(%[[POOL]])
// CHECK-LABEL: }) {sym_name = "max_pool2d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %max_pool2d = "aten.max_pool2d.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<?x3x8x8xf32, "s0">) -> tensor<?x3x5x5xf32, "s0">
    "ir.return"(%max_pool2d) : (tensor<?x3x5x5xf32, "s0">) -> ()
  }) {sym_name = "max_pool2d"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// The stride defaults to the kernel; ONNX's flat indices become per-plane ones.
// CHECK: %[[MPI:.*]]:2 = "onnx.MaxPool"(%x) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<?x3x8x8xf32, "s0">) -> (tensor<?x3x4x4xf32, "s0">, tensor<?x3x4x4xi64, "s0">)
// CHECK: %[[HW:.*]] = "onnx.Shape"(%x) {start = 2 : i64}
// CHECK: %[[PLANE:.*]] = "onnx.ReduceProd"(%[[HW]])
// CHECK: %[[IDX:.*]] = "onnx.Mod"(%[[MPI]]#1, %[[PLANE]]) {fmod = 0 : i64}
// CHECK: "ir.return"(%[[MPI]]#0, %[[IDX]])
// CHECK-LABEL: }) {sym_name = "max_pool2d_with_indices"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %mpi:2 = "aten.max_pool2d_with_indices.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 2, 2>} : (tensor<?x3x8x8xf32, "s0">) -> (tensor<?x3x4x4xf32, "s0">, tensor<?x3x4x4xi64, "s0">)
    "ir.return"(%mpi#0, %mpi#1) : (tensor<?x3x4x4xf32, "s0">, tensor<?x3x4x4xi64, "s0">) -> ()
  }) {sym_name = "max_pool2d_with_indices"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// CHECK: %[[POOL:.*]] = "onnx.AveragePool"(%x) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>}
// CHECK-NEXT: "ir.return"(%[[POOL]])
// CHECK-LABEL: }) {sym_name = "avg_pool2d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %avg_pool2d = "aten.avg_pool2d.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, count_include_pad = false} : (tensor<?x3x8x8xf32, "s0">) -> tensor<?x3x4x4xf32, "s0">
    "ir.return"(%avg_pool2d) : (tensor<?x3x4x4xf32, "s0">) -> ()
  }) {sym_name = "avg_pool2d"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// Global adaptive pooling is a mean (its axes an input from opset 18).
// DEFAULT: %[[GAP:.*]] = "onnx.ReduceMean"(%x, %{{.*}}) {keepdims = 1 : i64} : (tensor<?x3x8x8xf32, "s0">, tensor<2xi64>) -> tensor<?x3x1x1xf32, "s0">
// DEFAULT-NEXT: "ir.return"(%[[GAP]])
// CHECK-LABEL: }) {sym_name = "global_adaptive_pool_is_mean"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %gap = "aten.adaptive_avg_pool2d.default"(%x) {arg_names = ["self"], output_size = array<i64: 1, 1>} : (tensor<?x3x8x8xf32, "s0">) -> tensor<?x3x1x1xf32, "s0">
    "ir.return"(%gap) : (tensor<?x3x1x1xf32, "s0">) -> ()
  }) {sym_name = "global_adaptive_pool_is_mean"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// 8 -> 3 rows, 8 -> 2 columns. The last dim is a MatMul with an averaging
// matrix; the others a ReduceMean per window ([0, 3), [2, 6), [5, 8)), no
// Transpose before a MatMul: ONNX Runtime fuses it into a FusedMatMul that
// fails on empty batches.
// CHECK-NOT: "onnx.Transpose"
// CHECK: %[[W0:.*]] = "onnx.Slice"(%x, {{.*}}) : (tensor<?x3x8x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x3x3x8xf32, "s0">
// CHECK: %[[R0:.*]] = "onnx.ReduceMean"(%[[W0]]{{.*}}keepdims = 1 : i64} : ({{.*}}) -> tensor<?x3x1x8xf32, "s0">
// CHECK: %[[R1:.*]] = "onnx.ReduceMean"
// CHECK: %[[R2:.*]] = "onnx.ReduceMean"
// CHECK: %[[ROWS:.*]] = "onnx.Concat"(%[[R0]], %[[R1]], %[[R2]]) {axis = 2 : i64} : ({{.*}}) -> tensor<?x3x3x8xf32, "s0">
// CHECK: %[[M:.*]] = "ir.constant"() {value = dense<{{.*}}> : tensor<8x2xf32>}
// CHECK: %[[AAP:.*]] = "onnx.MatMul"(%[[ROWS]], %[[M]]) : (tensor<?x3x3x8xf32, "s0">, tensor<8x2xf32>) -> tensor<?x3x3x2xf32, "s0">
// CHECK-NEXT: "ir.return"(%[[AAP]])
// CHECK-LABEL: }) {sym_name = "adaptive_pool_is_averaging_matmul"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %aap = "aten.adaptive_avg_pool2d.default"(%x) {arg_names = ["self"], output_size = array<i64: 3, 2>} : (tensor<?x3x8x8xf32, "s0">) -> tensor<?x3x3x2xf32, "s0">
    "ir.return"(%aap) : (tensor<?x3x3x2xf32, "s0">) -> ()
  }) {sym_name = "adaptive_pool_is_averaging_matmul"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// output_size gives Resize sizes (batch and channels from the input).
// From opset 18 they are given for the spatial axes only.
// DEFAULT: %[[SIZES:.*]] = "ir.constant"() {value = dense<16> : tensor<2xi64>}
// DEFAULT: %[[UP:.*]] = "onnx.Resize"(%x, %{{.*}}, %{{.*}}, %[[SIZES]]) {axes = array<i64: 2, 3>, coordinate_transformation_mode = "align_corners", mode = "linear"} : (tensor<?x3x8x8xf32, "s0">, none, none, tensor<2xi64>) -> tensor<?x3x16x16xf32, "s0">
// OPSET17: %[[LEAD:.*]] = "onnx.Shape"(%x) {end = 2 : i64, start = 0 : i64}
// OPSET17: %[[SIZES:.*]] = "onnx.Concat"(%[[LEAD]], %{{.*}}) {axis = 0 : i64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
// OPSET17: %[[UP:.*]] = "onnx.Resize"(%x, %{{.*}}, %{{.*}}, %[[SIZES]]) {coordinate_transformation_mode = "align_corners", mode = "linear"} : (tensor<?x3x8x8xf32, "s0">, none, none, tensor<4xi64>) -> tensor<?x3x16x16xf32, "s0">
// CHECK: "ir.return"(%[[UP]])
// CHECK-LABEL: }) {sym_name = "upsample_output_size"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %up = "aten.upsample_bilinear2d.vec"(%x) {arg_names = ["input"], output_size = array<i64: 16, 16>, align_corners = true} : (tensor<?x3x8x8xf32, "s0">) -> tensor<?x3x16x16xf32, "s0">
    "ir.return"(%up) : (tensor<?x3x16x16xf32, "s0">) -> ()
  }) {sym_name = "upsample_output_size"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()

// -----

// scale factors give scales, from opset 18 for the spatial axes only.
// DEFAULT: %[[NEAR:.*]] = "onnx.Resize"(%x, %{{.*}}, %{{.*}}) {axes = array<i64: 2, 3>, coordinate_transformation_mode = "asymmetric", mode = "nearest", nearest_mode = "floor"} : (tensor<?x3x8x8xf32, "s0">, none, tensor<2xf32>) -> tensor<?x3x16x16xf32, "s0">
// OPSET17: %[[NEAR:.*]] = "onnx.Resize"(%x, %{{.*}}, %{{.*}}) {coordinate_transformation_mode = "asymmetric", mode = "nearest", nearest_mode = "floor"} : (tensor<?x3x8x8xf32, "s0">, none, tensor<4xf32>) -> tensor<?x3x16x16xf32, "s0">
// CHECK: "ir.return"(%[[NEAR]])
// CHECK-LABEL: }) {sym_name = "upsample_scale_factors"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x8x8xf32, "s0">):
    %near = "aten.upsample_nearest2d.vec"(%x) {arg_names = ["input"], scale_factors = array<f64: 2.0, 2.0>} : (tensor<?x3x8x8xf32, "s0">) -> tensor<?x3x16x16xf32, "s0">
    "ir.return"(%near) : (tensor<?x3x16x16xf32, "s0">) -> ()
  }) {sym_name = "upsample_scale_factors"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()
