// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// im2col of overlapping windows: the padded input's rows of every kernel row
// and block, [N, C, kh, 1, bh, W] (whole rows), one strided Slice of the
// width per kernel column, concatenated at the kernel-column axis, merged
// with the channels: [N, C * kh * kw, bh * bw].
// CHECK: %[[PAD:.*]] = "onnx.Pad"(%x, %{{.*}}) : (tensor<2x3x4x5xf32>, tensor<8xi64>) -> tensor<2x3x6x7xf32>
// CHECK: %[[ROWS:.*]] = "ir.constant"() {value = dense<{{\[\[\[}}0, 1, 2, 3, 4]], {{\[\[}}1, 2, 3, 4, 5]]]> : tensor<2x1x5xi64>}
// CHECK: %[[G:.*]] = "onnx.Gather"(%[[PAD]], %[[ROWS]]) {axis = 2 : i64} : (tensor<2x3x6x7xf32>, tensor<2x1x5xi64>) -> tensor<2x3x2x1x5x7xf32>
// CHECK: %[[C0:.*]] = "onnx.Slice"(%[[G]], {{.*}}) -> tensor<2x3x2x1x5x3xf32>
// CHECK: %[[C1:.*]] = "onnx.Slice"(%[[G]], {{.*}}) -> tensor<2x3x2x1x5x3xf32>
// CHECK: %[[CAT:.*]] = "onnx.Concat"(%[[C0]], %[[C1]]) {axis = 3 : i64} : ({{.*}}) -> tensor<2x3x2x2x5x3xf32>
// CHECK: "ir.constant"() {value = dense<[2, 12, 15]> : tensor<3xi64>}
// CHECK: %im2col = "onnx.Reshape"(%[[CAT]], %{{.*}}) : (tensor<2x3x2x2x5x3xf32>, tensor<3xi64>) -> tensor<2x12x15xf32>
// CHECK-LABEL: }) {sym_name = "im2col"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4x5xf32>):
    %im2col = "aten.im2col.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 1, 2>} : (tensor<2x3x4x5xf32>) -> tensor<2x12x15xf32>
    "ir.return"(%im2col) : (tensor<2x12x15xf32>) -> ()
  }) {sym_name = "im2col"} : () -> ()
}) : () -> ()


// -----

// Kernel, dilation, padding and stride unequal per axis, a symbolic batch
// (copied by the Reshape's 0): rows 0, 2, ... 12 of the padded 14 rows, each
// Slice starts at its kernel column and steps by the stride (axes 5, steps 3).
// CHECK: "onnx.Pad"(%x, %{{.*}}) : (tensor<?x3x12x16xf32, "s0">, tensor<8xi64>) -> tensor<?x3x14x20xf32, "s0">
// CHECK: dense<{{\[\[\[}}0, 2, 4, 6, 8]], {{\[\[}}2, 4, 6, 8, 10]], {{\[\[}}4, 6, 8, 10, 12]]]> : tensor<3x1x5xi64>
// CHECK: %[[G:.*]] = "onnx.Gather"({{.*}}) {axis = 2 : i64} : ({{.*}}) -> tensor<?x3x3x1x5x20xf32, "s0">
// CHECK: %[[STEP:.*]] = "ir.constant"() {value = dense<[3]> : tensor<1xi64>}
// CHECK: %[[AXIS:.*]] = "ir.constant"() {value = dense<[5]> : tensor<1xi64>}
// CHECK: %[[END:.*]] = "ir.constant"() {value = dense<[19]> : tensor<1xi64>}
// CHECK: %[[START:.*]] = "ir.constant"() {value = dense<[0]> : tensor<1xi64>}
// CHECK: "onnx.Slice"(%[[G]], %[[START]], %[[END]], %[[AXIS]], %[[STEP]]) : ({{.*}}) -> tensor<?x3x3x1x5x7xf32, "s0">
// CHECK: "onnx.Concat"({{.*}}) {axis = 3 : i64} : ({{.*}}) -> tensor<?x3x3x2x5x7xf32, "s0">
// CHECK: "ir.constant"() {value = dense<[0, 18, 35]> : tensor<3xi64>}
// CHECK: %im2col = "onnx.Reshape"({{.*}}) -> tensor<?x18x35xf32, "s0">
// CHECK-LABEL: }) {sym_name = "im2col_unequal_axes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x12x16xf32, "s0">):
    %im2col = "aten.im2col.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 3, 2>, dilation = array<i64: 2, 1>, padding = array<i64: 1, 2>, stride = array<i64: 2, 3>} : (tensor<?x3x12x16xf32, "s0">) -> tensor<?x18x35xf32, "s0">
    "ir.return"(%im2col) : (tensor<?x18x35xf32, "s0">) -> ()
  }) {sym_name = "im2col_unequal_axes"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()


// -----

// Patches (4x4, stride 4): the image cut into a
// grid, [N, C, bh, kh, bw, kw], the kernel axes moved before the blocks.
// CHECK-NOT: onnx.Gather
// CHECK: "ir.constant"() {value = dense<[0, 3, 3, 4, 4, 4]> : tensor<6xi64>}
// CHECK: %[[GRID:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<?x3x12x16xf32, "s0">, tensor<6xi64>) -> tensor<?x3x3x4x4x4xf32, "s0">
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[GRID]]) {perm = array<i64: 0, 1, 3, 5, 2, 4>} : ({{.*}}) -> tensor<?x3x4x4x3x4xf32, "s0">
// CHECK: "ir.constant"() {value = dense<[0, 48, 12]> : tensor<3xi64>}
// CHECK: %im2col = "onnx.Reshape"(%[[T]], %{{.*}}) : (tensor<?x3x4x4x3x4xf32, "s0">, tensor<3xi64>) -> tensor<?x48x12xf32, "s0">
// CHECK-LABEL: }) {sym_name = "im2col_patches"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x12x16xf32, "s0">):
    %im2col = "aten.im2col.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 4, 4>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 4, 4>} : (tensor<?x3x12x16xf32, "s0">) -> tensor<?x48x12xf32, "s0">
    "ir.return"(%im2col) : (tensor<?x48x12xf32, "s0">) -> ()
  }) {sym_name = "im2col_patches"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()


// -----

// An unbatched input keeps its rank ([C, H, W] -> [C * kh * kw, L]). A
// kernel of 1 is a patch at stride 1 whatever its dilation; the padded width 6
// is cut in 6 blocks. The Pad computes on float16, so the driver widens
// the rule to float32 (exact: nothing is rounded).
// CHECK: %[[PAD:.*]] = "onnx.Pad"({{.*}}) : (tensor<3x6x4xf32>, tensor<6xi64>) -> tensor<3x6x6xf32>
// CHECK: "ir.constant"() {value = dense<[3, 2, 3, 6, 1]> : tensor<5xi64>}
// CHECK: %[[GRID:.*]] = "onnx.Reshape"(%[[PAD]], %{{.*}}) : (tensor<3x6x6xf32>, tensor<5xi64>) -> tensor<3x2x3x6x1xf32>
// CHECK: "onnx.Transpose"(%[[GRID]]) {perm = array<i64: 0, 2, 4, 1, 3>} : (tensor<3x2x3x6x1xf32>) -> tensor<3x3x1x2x6xf32>
// CHECK: "onnx.Reshape"({{.*}}) : (tensor<3x3x1x2x6xf32>, tensor<2xi64>) -> tensor<9x12xf32>
// CHECK: %im2col = "onnx.Cast"({{.*}}) {to = f16} : (tensor<9x12xf32>) -> tensor<9x12xf16>
// CHECK-LABEL: }) {sym_name = "im2col_unbatched_patches"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x6x4xf16>):
    %im2col = "aten.im2col.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 3, 1>, dilation = array<i64: 1, 3>, padding = array<i64: 0, 1>, stride = array<i64: 3, 1>} : (tensor<3x6x4xf16>) -> tensor<9x12xf16>
    "ir.return"(%im2col) : (tensor<9x12xf16>) -> ()
  }) {sym_name = "im2col_unbatched_patches"} : () -> ()
}) : () -> ()


// -----

// An empty batch: the targets copy it (0) and need no -1, which an empty
// tensor could not resolve. No padding, no Pad.
// CHECK-NOT: onnx.Pad
// CHECK: "onnx.Gather"(%x, %{{.*}}) {axis = 2 : i64} : (tensor<0x1x5x5xf32>, tensor<2x1x4xi64>) -> tensor<0x1x2x1x4x5xf32>
// CHECK-COUNT-3: "onnx.Slice"
// CHECK: "ir.constant"() {value = dense<[0, 6, 12]> : tensor<3xi64>}
// CHECK: %im2col = "onnx.Reshape"({{.*}}) -> tensor<0x6x12xf32>
// CHECK-LABEL: }) {sym_name = "im2col_empty_batch"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<0x1x5x5xf32>):
    %im2col = "aten.im2col.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 2, 3>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<0x1x5x5xf32>) -> tensor<0x6x12xf32>
    "ir.return"(%im2col) : (tensor<0x6x12xf32>) -> ()
  }) {sym_name = "im2col_empty_batch"} : () -> ()
}) : () -> ()

// -----

// Patches that leave rows and columns over (7 rows in 3 patches of 2, 9
// columns in 2 of 4): a Slice keeps the 6x8 the patches cover.
// CHECK: %[[CROP:.*]] = "onnx.Slice"(%x, {{.*}}) : (tensor<1x2x7x9xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x6x8xf32>
// CHECK: %[[GRID:.*]] = "onnx.Reshape"(%[[CROP]], %{{.*}}) : (tensor<1x2x6x8xf32>, tensor<6xi64>) -> tensor<1x2x3x2x2x4xf32>
// CHECK: "onnx.Transpose"(%[[GRID]]) {perm = array<i64: 0, 1, 3, 5, 2, 4>} : (tensor<1x2x3x2x2x4xf32>) -> tensor<1x2x2x4x3x2xf32>
// CHECK: %im2col = "onnx.Reshape"({{.*}}) -> tensor<1x16x6xf32>
// CHECK-LABEL: }) {sym_name = "im2col_patches_left_over"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x7x9xf32>):
    %im2col = "aten.im2col.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 2, 4>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 2, 4>} : (tensor<1x2x7x9xf32>) -> tensor<1x16x6xf32>
    "ir.return"(%im2col) : (tensor<1x16x6xf32>) -> ()
  }) {sym_name = "im2col_patches_left_over"} : () -> ()
}) : () -> ()
