// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// unit-reshape-before-transpose: Reshape(Transpose(v)) that only inserts or
// drops dims of size 1, with v a view op and a single-use Transpose, becomes
// Transpose(Reshape(v)), where the new Reshape fuses with v. Each 1 of the
// result goes before the dim that follows it there or after the one before
// it, whichever keeps more dims in order (ONNX Runtime copies a Transpose
// that moves one dim fast, and folds one that moves the first dim to the
// rows into the MatMul after it).

// Attention heads: view, transpose, view that adds a 1. The 1 goes before
// the 12 it precedes in the result: [1, 2, 0, 3] moves the 197 alone.
// CHECK: %[[HEADS:.*]] = "onnx.Reshape"(%q, %{{.*}}) : (tensor<197x1x768xf32>, tensor<4xi64>) -> tensor<197x1x12x64xf32>
// CHECK-NEXT: %q4 = "onnx.Transpose"(%[[HEADS]]) {perm = array<i64: 1, 2, 0, 3>} : (tensor<197x1x12x64xf32>) -> tensor<1x12x197x64xf32>
// CHECK-NEXT: "ir.return"(%q4)
// CHECK-LABEL: }) {sym_name = "attention_heads"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<197x1x768xf32>):
    %shape_heads = "ir.constant"() {value = dense<[197, 12, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %qv = "onnx.Reshape"(%q, %shape_heads) : (tensor<197x1x768xf32>, tensor<3xi64>) -> tensor<197x12x64xf32>
    %qt = "onnx.Transpose"(%qv) {perm = array<i64: 1, 0, 2>} : (tensor<197x12x64xf32>) -> tensor<12x197x64xf32>
    %shape_batched = "ir.constant"() {value = dense<[1, 12, 197, 64]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q4 = "onnx.Reshape"(%qt, %shape_batched) : (tensor<12x197x64xf32>, tensor<4xi64>) -> tensor<1x12x197x64xf32>
    "ir.return"(%q4) : (tensor<1x12x197x64xf32>) -> ()
  }) {sym_name = "attention_heads"} : () -> ()
}) : () -> ()

// -----

// The keys' heads, transposed for the product with the queries: the 197
// moves to the end alone.
// CHECK: %[[HEADS:.*]] = "onnx.Reshape"(%k, %{{.*}}) : (tensor<197x1x768xf32>, tensor<4xi64>) -> tensor<197x1x12x64xf32>
// CHECK-NEXT: %k4 = "onnx.Transpose"(%[[HEADS]]) {perm = array<i64: 1, 2, 3, 0>} : (tensor<197x1x12x64xf32>) -> tensor<1x12x64x197xf32>
// CHECK-NEXT: "ir.return"(%k4)
// CHECK-LABEL: }) {sym_name = "key_heads"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%k: tensor<197x1x768xf32>):
    %shape_heads = "ir.constant"() {value = dense<[197, 12, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kv = "onnx.Reshape"(%k, %shape_heads) : (tensor<197x1x768xf32>, tensor<3xi64>) -> tensor<197x12x64xf32>
    %kt = "onnx.Transpose"(%kv) {perm = array<i64: 1, 2, 0>} : (tensor<197x12x64xf32>) -> tensor<12x64x197xf32>
    %shape_batched = "ir.constant"() {value = dense<[1, 12, 64, 197]> : tensor<4xi64>} : () -> tensor<4xi64>
    %k4 = "onnx.Reshape"(%kt, %shape_batched) : (tensor<12x64x197xf32>, tensor<4xi64>) -> tensor<1x12x64x197xf32>
    "ir.return"(%k4) : (tensor<1x12x64x197xf32>) -> ()
  }) {sym_name = "key_heads"} : () -> ()
}) : () -> ()

// -----

// Two 1s: the first before the 3 that follows it, the last after the 2
// before it; the Reshape also drops v's 1. Only the 2 moves.
// CHECK: %[[V:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<6xf32>, tensor<4xi64>) -> tensor<2x1x3x1xf32>
// CHECK-NEXT: %r = "onnx.Transpose"(%[[V]]) {perm = array<i64: 1, 2, 0, 3>} : (tensor<2x1x3x1xf32>) -> tensor<1x3x2x1xf32>
// CHECK-NEXT: "ir.return"(%r)
// CHECK-LABEL: }) {sym_name = "trailing_ones"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<6xf32>):
    %shape_v = "ir.constant"() {value = dense<[2, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %v = "onnx.Reshape"(%x, %shape_v) : (tensor<6xf32>, tensor<3xi64>) -> tensor<2x1x3xf32>
    %t = "onnx.Transpose"(%v) {perm = array<i64: 2, 1, 0>} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32>
    %shape_r = "ir.constant"() {value = dense<[1, 3, 2, 1]> : tensor<4xi64>} : () -> tensor<4xi64>
    %r = "onnx.Reshape"(%t, %shape_r) : (tensor<3x1x2xf32>, tensor<4xi64>) -> tensor<1x3x2x1xf32>
    "ir.return"(%r) : (tensor<1x3x2x1xf32>) -> ()
  }) {sym_name = "trailing_ones"} : () -> ()
}) : () -> ()

// -----

// MaxViT's channels back to the front: the 1 before the 512 would split the
// 7x7 from the 512 ([2, 3, 0, 1] moves two dims); at the start, only the
// 512 moves.
// CHECK: %[[G:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<49x512xf32>, tensor<4xi64>) -> tensor<1x7x7x512xf32>
// CHECK-NEXT: %r = "onnx.Transpose"(%[[G]]) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x7x7x512xf32>) -> tensor<1x512x7x7xf32>
// CHECK-NEXT: "ir.return"(%r)
// CHECK-LABEL: }) {sym_name = "leading_one_to_the_start"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<49x512xf32>):
    %shape_g = "ir.constant"() {value = dense<[7, 7, 512]> : tensor<3xi64>} : () -> tensor<3xi64>
    %g = "onnx.Reshape"(%x, %shape_g) : (tensor<49x512xf32>, tensor<3xi64>) -> tensor<7x7x512xf32>
    %t = "onnx.Transpose"(%g) {perm = array<i64: 2, 0, 1>} : (tensor<7x7x512xf32>) -> tensor<512x7x7xf32>
    %shape_r = "ir.constant"() {value = dense<[1, 512, 7, 7]> : tensor<4xi64>} : () -> tensor<4xi64>
    %r = "onnx.Reshape"(%t, %shape_r) : (tensor<512x7x7xf32>, tensor<4xi64>) -> tensor<1x512x7x7xf32>
    "ir.return"(%r) : (tensor<1x512x7x7xf32>) -> ()
  }) {sym_name = "leading_one_to_the_start"} : () -> ()
}) : () -> ()

// -----

// Refused: the Transpose's input is a graph input, not a view op to fuse with.
// CHECK: %qt = "onnx.Transpose"(%q)
// CHECK: %q4 = "onnx.Reshape"(%qt, %shape_batched)
// CHECK-LABEL: }) {sym_name = "no_view_below"}
// TRACE: pattern unit-reshape-before-transpose on onnx.Reshape %q4: the Transpose's input is not a view op to fuse with
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<197x12x64xf32>):
    %qt = "onnx.Transpose"(%q) {perm = array<i64: 1, 0, 2>} : (tensor<197x12x64xf32>) -> tensor<12x197x64xf32>
    %shape_batched = "ir.constant"() {value = dense<[1, 12, 197, 64]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q4 = "onnx.Reshape"(%qt, %shape_batched) : (tensor<12x197x64xf32>, tensor<4xi64>) -> tensor<1x12x197x64xf32>
    "ir.return"(%q4) : (tensor<1x12x197x64xf32>) -> ()
  }) {sym_name = "no_view_below"} : () -> ()
}) : () -> ()

// -----

// Refused: the Reshape merges dims, which a Transpose cannot follow.
// CHECK: %qt = "onnx.Transpose"(%qv)
// CHECK: %m = "onnx.Reshape"(%qt, %shape_merged)
// CHECK-LABEL: }) {sym_name = "merges_dims"}
// TRACE: pattern unit-reshape-before-transpose on onnx.Reshape %m: the Reshape does more than insert or drop 1s
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<197x1x768xf32>):
    %shape_heads = "ir.constant"() {value = dense<[197, 12, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %qv = "onnx.Reshape"(%q, %shape_heads) : (tensor<197x1x768xf32>, tensor<3xi64>) -> tensor<197x12x64xf32>
    %qt = "onnx.Transpose"(%qv) {perm = array<i64: 1, 0, 2>} : (tensor<197x12x64xf32>) -> tensor<12x197x64xf32>
    %shape_merged = "ir.constant"() {value = dense<[2364, 64]> : tensor<2xi64>} : () -> tensor<2xi64>
    %m = "onnx.Reshape"(%qt, %shape_merged) : (tensor<12x197x64xf32>, tensor<2xi64>) -> tensor<2364x64xf32>
    "ir.return"(%m) : (tensor<2364x64xf32>) -> ()
  }) {sym_name = "merges_dims"} : () -> ()
}) : () -> ()
