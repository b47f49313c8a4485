// RUN: %pt2onnx-opt %s --passes=canonicalize --verify | FileCheck %s

// View ops: those that compute their input go, chains of them become one op,
// Transposes compose; what would change the data stays.

// CHECK-LABEL: "ir.graph"
// CHECK-NEXT: ^bb0(%x: tensor<2x3x4xf32>, %s: tensor<?x4xf32, "s0">, %w: tensor<1x197x768xf32>, %v: tensor<197x1x3x768xf32>, %q: tensor<197x1x768xf32>):

// Reshape to the input's own shape (0 copies a dim, -1 is then the last).
// CHECK-NOT: %same = "onnx.Reshape"
// Reshape(Reshape(x)) is one Reshape with the outer target.
// CHECK: %two = "onnx.Reshape"(%x, %shape_6_4) {{.*}} -> tensor<6x4xf32>
// Unsqueeze(Unsqueeze(x)) is one Unsqueeze; Squeeze(Unsqueeze(x)) over the
// same axes is x.
// CHECK: %u2 = "onnx.Unsqueeze"(%s, %[[AXES:.*]]) : (tensor<?x4xf32, "s0">, tensor<2xi64>) -> tensor<?x1x1x4xf32, "s0">
// CHECK-NOT: "onnx.Squeeze"(%u
// Unsqueeze then Reshape: one Reshape that copies the symbolic dim.
// CHECK: %r = "onnx.Reshape"(%s, %[[C:.*]]) : (tensor<?x4xf32, "s0">, tensor<3xi64>) -> tensor<?x2x2xf32, "s0">
// Transposes compose, and go when they cancel.
// CHECK: %t2 = "onnx.Transpose"(%x) {perm = array<i64: 1, 2, 0>} {{.*}} -> tensor<3x4x2xf32>
// CHECK-NOT: %back = "onnx.Transpose"
// A Transpose that only moves a dim of size 1 is a Reshape.
// CHECK: %swap = "onnx.Reshape"(%w, %{{.*}}) : (tensor<1x197x768xf32>, tensor<3xi64>) -> tensor<197x1x768xf32>
// Squeeze(Transpose(Unsqueeze(v))) (ViT's attention split): the Squeeze moves
// before the Transpose, meets the Unsqueeze and both go.
// CHECK: %sq = "onnx.Transpose"(%v) {perm = array<i64: 2, 0, 1, 3>} : (tensor<197x1x3x768xf32>) -> tensor<3x197x1x768xf32>
// Attention heads: view, transpose, view that adds a 1. The last Reshape
// moves before the Transpose, where it fuses with the first.
// CHECK: %[[HEADS:.*]] = "onnx.Reshape"(%q, %{{.*}}) : (tensor<197x1x768xf32>, tensor<4xi64>) -> tensor<197x12x64x1xf32>
// CHECK-NEXT: %q4 = "onnx.Transpose"(%[[HEADS]]) {perm = array<i64: 3, 1, 0, 2>} : (tensor<197x12x64x1xf32>) -> tensor<1x12x197x64xf32>
// Expand, Slice, Pad and Concat that keep the input as it is.
// CHECK-NOT: %e1 = "onnx.Expand"
// CHECK-NOT: %sl1 = "onnx.Slice"
// CHECK-NOT: %p1 = "onnx.Pad"
// CHECK-NOT: %cat1 = "onnx.Concat"
// What changes the data stays: a Transpose of dims other than 1s, a
// reversing Slice of the same shape, a Pad that shifts, an Expand that grows.
// CHECK: %t3 = "onnx.Transpose"(%x) {perm = array<i64: 0, 2, 1>}
// CHECK: %rev = "onnx.Slice"
// CHECK: %shift = "onnx.Pad"
// CHECK: %grow = "onnx.Expand"
// CHECK: "ir.return"(%x, %two, %u2, %s, %r, %t2, %x, %swap, %sq, %q4, %x, %x, %x, %x, %t3, %rev, %shift, %grow)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %s: tensor<?x4xf32, "s0">, %w: tensor<1x197x768xf32>, %v: tensor<197x1x3x768xf32>, %q: tensor<197x1x768xf32>):
    %shape_0_0_m1 = "ir.constant"() {value = dense<[0, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %same = "onnx.Reshape"(%x, %shape_0_0_m1) : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
    %shape_24 = "ir.constant"() {value = dense<[24]> : tensor<1xi64>} : () -> tensor<1xi64>
    %flat = "onnx.Reshape"(%x, %shape_24) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<24xf32>
    %shape_6_4 = "ir.constant"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %two = "onnx.Reshape"(%flat, %shape_6_4) : (tensor<24xf32>, tensor<2xi64>) -> tensor<6x4xf32>
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u1 = "onnx.Unsqueeze"(%s, %a1) : (tensor<?x4xf32, "s0">, tensor<1xi64>) -> tensor<?x1x4xf32, "s0">
    %u2 = "onnx.Unsqueeze"(%u1, %a1) : (tensor<?x1x4xf32, "s0">, tensor<1xi64>) -> tensor<?x1x1x4xf32, "s0">
    %u3 = "onnx.Unsqueeze"(%s, %a1) : (tensor<?x4xf32, "s0">, tensor<1xi64>) -> tensor<?x1x4xf32, "s0">
    %back1 = "onnx.Squeeze"(%u3, %a1) : (tensor<?x1x4xf32, "s0">, tensor<1xi64>) -> tensor<?x4xf32, "s0">
    %shape_0_2_2 = "ir.constant"() {value = dense<[0, 2, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %r = "onnx.Reshape"(%u3, %shape_0_2_2) : (tensor<?x1x4xf32, "s0">, tensor<3xi64>) -> tensor<?x2x2xf32, "s0">
    %t1 = "onnx.Transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %t2 = "onnx.Transpose"(%t1) {perm = array<i64: 2, 0, 1>} : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
    %back = "onnx.Transpose"(%t2) {perm = array<i64: 2, 0, 1>} : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
    %swap = "onnx.Transpose"(%w) {perm = array<i64: 1, 0, 2>} : (tensor<1x197x768xf32>) -> tensor<197x1x768xf32>
    %a0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %a3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %uv = "onnx.Unsqueeze"(%v, %a0) : (tensor<197x1x3x768xf32>, tensor<1xi64>) -> tensor<1x197x1x3x768xf32>
    %tv = "onnx.Transpose"(%uv) {perm = array<i64: 3, 1, 2, 0, 4>} : (tensor<1x197x1x3x768xf32>) -> tensor<3x197x1x1x768xf32>
    %sq = "onnx.Squeeze"(%tv, %a3) : (tensor<3x197x1x1x768xf32>, tensor<1xi64>) -> tensor<3x197x1x768xf32>
    %shape_heads = "ir.constant"() {value = dense<[197, 12, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %qv = "onnx.Reshape"(%q, %shape_heads) : (tensor<197x1x768xf32>, tensor<3xi64>) -> tensor<197x12x64xf32>
    %qt = "onnx.Transpose"(%qv) {perm = array<i64: 1, 0, 2>} : (tensor<197x12x64xf32>) -> tensor<12x197x64xf32>
    %shape_batched = "ir.constant"() {value = dense<[1, 12, 197, 64]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q4 = "onnx.Reshape"(%qt, %shape_batched) : (tensor<12x197x64xf32>, tensor<4xi64>) -> tensor<1x12x197x64xf32>
    %shape_1_4 = "ir.constant"() {value = dense<[1, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %e1 = "onnx.Expand"(%x, %shape_1_4) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x4xf32>
    %zero = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %max = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %sl1 = "onnx.Slice"(%x, %zero, %max, %a1) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x3x4xf32>
    %pads0 = "ir.constant"() {value = dense<0> : tensor<6xi64>} : () -> tensor<6xi64>
    %p1 = "onnx.Pad"(%x, %pads0) {mode = "constant"} : (tensor<2x3x4xf32>, tensor<6xi64>) -> tensor<2x3x4xf32>
    %cat1 = "onnx.Concat"(%x) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %t3 = "onnx.Transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    %m1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %min = "ir.constant"() {value = dense<[-9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %rev = "onnx.Slice"(%x, %m1, %min, %a1, %m1) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x3x4xf32>
    %pads_shift = "ir.constant"() {value = dense<[0, 0, 1, 0, 0, -1]> : tensor<6xi64>} : () -> tensor<6xi64>
    %shift = "onnx.Pad"(%x, %pads_shift) {mode = "constant"} : (tensor<2x3x4xf32>, tensor<6xi64>) -> tensor<2x3x4xf32>
    %shape_5_2_3_4 = "ir.constant"() {value = dense<[5, 2, 3, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
    %grow = "onnx.Expand"(%x, %shape_5_2_3_4) : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<5x2x3x4xf32>
    "ir.return"(%same, %two, %u2, %back1, %r, %t2, %back, %swap, %sq, %q4, %e1, %sl1, %p1, %cat1, %t3, %rev, %shift, %grow) : (tensor<2x3x4xf32>, tensor<6x4xf32>, tensor<?x1x1x4xf32, "s0">, tensor<?x4xf32, "s0">, tensor<?x2x2xf32, "s0">, tensor<3x4x2xf32>, tensor<2x3x4xf32>, tensor<197x1x768xf32>, tensor<3x197x1x768xf32>, tensor<1x12x197x64xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x4x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<5x2x3x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
