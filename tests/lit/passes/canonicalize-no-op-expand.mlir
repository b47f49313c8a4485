// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-no-op-expand: an Expand whose target is 1 or the input's dim at every
// position (right-aligned, no longer than the input's rank) is its input.

// A target shorter than the rank, with a 1.
// CHECK-NOT: "onnx.Expand"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "ones_and_own_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %shape_1_4 = "ir.constant"() {value = dense<[1, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %e = "onnx.Expand"(%x, %shape_1_4) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x?xf32>
    "ir.return"(%e) : (tensor<2x3x?xf32>) -> ()
  }) {sym_name = "ones_and_own_dims"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// The target is the input's own Shape, a symbolic dim included.
// CHECK-NOT: "onnx.Expand"
// CHECK: "ir.return"(%s)
// CHECK-LABEL: }) {sym_name = "own_shape"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">):
    %shape = "onnx.Shape"(%s) : (tensor<?x4xf32, "s0">) -> tensor<2xi64>
    %e = "onnx.Expand"(%s, %shape) : (tensor<?x4xf32, "s0">, tensor<2xi64>) -> tensor<?x?xf32>
    "ir.return"(%e) : (tensor<?x?xf32>) -> ()
  }) {sym_name = "own_shape"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the target adds a dim.
// CHECK: %grow = "onnx.Expand"(%x, %shape)
// CHECK-LABEL: }) {sym_name = "grows_rank"}
// TRACE: pattern drop-no-op-expand on onnx.Expand %grow: the target adds dims to the input
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %shape = "ir.constant"() {value = dense<[5, 2, 3, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
    %grow = "onnx.Expand"(%x, %shape) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<5x2x3x4xf32>
    "ir.return"(%grow) : (tensor<5x2x3x4xf32>) -> ()
  }) {sym_name = "grows_rank"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the target broadcasts a dim of size 1 up.
// CHECK: %wide = "onnx.Expand"(%y, %shape)
// CHECK-LABEL: }) {sym_name = "broadcasts_a_dim"}
// TRACE: pattern drop-no-op-expand on onnx.Expand %wide: target entry 1 is neither 1 nor the input's dim
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2x1xf32>):
    %shape = "ir.constant"() {value = dense<[2, 5]> : tensor<2xi64>} : () -> tensor<2xi64>
    %wide = "onnx.Expand"(%y, %shape) : (tensor<2x1xf32>, tensor<2xi64>) -> tensor<2x5xf32>
    "ir.return"(%wide) : (tensor<2x5xf32>) -> ()
  }) {sym_name = "broadcasts_a_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
