// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// fuse-group-query-attention: attention of q heads [B, N, S, H] and k/v heads
// [B, KV, S, H] repeated per group (Unsqueeze, Expand, Reshape), causal
// by its mask, is com.microsoft.GroupQueryAttention with seqlens_k S - 1 and
// total_sequence_length S: k/v head n / G serves q head n, as there.
// HF's causal and padding mask, with the zeroing of empty rows: the mask is
// attention_bias (Where(mask, 0, -inf)) and the output rows the mask
// empties are zeroed (NaN in ONNX Runtime's op); q, k and v are the inputs
// of the head splits.
// CHECK: %[[SEQ:.*]] = "onnx.Shape"(%x) {end = 2 : i64, start = 1 : i64}
// CHECK: %[[BATCH:.*]] = "onnx.Shape"(%x) {end = 1 : i64, start = 0 : i64}
// CHECK: %[[LAST:.*]] = "onnx.Sub"(%[[SEQ]], %{{.*}})
// CHECK: %[[LASTS:.*]] = "onnx.Expand"(%[[LAST]], %[[BATCH]]) : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
// CHECK: %[[SEQLENS:.*]] = "onnx.Cast"(%[[LASTS]]) {to = i32} : (tensor<2xi64>) -> tensor<2xi32>
// CHECK: %[[TOTAL64:.*]] = "onnx.Squeeze"(%[[SEQ]], %{{.*}}) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
// CHECK: %[[TOTAL:.*]] = "onnx.Cast"(%[[TOTAL64]]) {to = i32} : (tensor<i64>) -> tensor<i32>
// CHECK: %[[NONE:.*]] = "ir.constant"() {value} : () -> none
// CHECK: %[[BIAS:.*]] = "onnx.Where"(%mask, %{{.*}}, %{{.*}}) : (tensor<2x1x5x5xi1>, tensor<f32>, tensor<f32>) -> tensor<2x1x5x5xf32>
// CHECK: %[[GQA:.*]]:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%x, %kx, %vx, %[[NONE]], %[[NONE]], %[[SEQLENS]], %[[TOTAL]], %[[NONE]], %[[NONE]], %[[NONE]], %[[BIAS]]) {ir.domain_version = 1 : i64, kv_num_heads = 2 : i64, num_heads = 4 : i64, scale = 0.25 : f64} : ({{.*}}) -> (tensor<2x5x32xf32>, tensor<2x2x5x8xf32>, tensor<2x2x5x8xf32>)
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%[[BIAS]], %{{.*}}) {keepdims = 1 : i64} : (tensor<2x1x5x5xf32>, tensor<1xi64>) -> tensor<2x1x5x1xf32>
// CHECK: %[[EMPTY:.*]] = "onnx.Equal"(%[[MAX]], %{{.*}})
// CHECK: %[[ROWS:.*]] = "onnx.Squeeze"(%[[EMPTY]], %{{.*}}) : (tensor<2x1x5x1xi1>, tensor<1xi64>) -> tensor<2x5x1xi1>
// CHECK: %out = "onnx.Where"(%[[ROWS]], %{{.*}}, %[[GQA]]#0) : (tensor<2x5x1xi1>, tensor<f32>, tensor<2x5x32xf32>) -> tensor<2x5x32xf32>
// CHECK-NOT: "onnx.Softmax"
// CHECK-NOT: "onnx.Expand"({{.*}}tensor<5xi64>
// CHECK-LABEL: }) {sym_name = "causal_and_padding"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf32>, %kx: tensor<2x5x16xf32>, %vx: tensor<2x5x16xf32>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf32>) -> tensor<2x4x5x8xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x8xf32>) -> tensor<2x4x8x5xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x5x8xf32>, tensor<2x4x8x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x5x5xi1>, tensor<2x1x5x5xi1>) -> tensor<2x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%mask, %ss, %ninf) : (tensor<2x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<2x4x5x5xf32>, tensor<1xi64>) -> tensor<2x4x5x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<2x4x5x1xf32>, tensor<f32>) -> tensor<2x4x5x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<2x4x5x1xi1>, tensor<f32>, tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf32>) -> tensor<2x5x4x8xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
    "ir.return"(%out) : (tensor<2x5x32xf32>) -> ()
  }) {sym_name = "causal_and_padding"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// The causal mask alone, without the zeroing (no row is empty): no
// attention_bias.
// CHECK: %out:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%x, %kx, %vx, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}) {{.*}} -> (tensor<2x5x32xf32>, tensor<2x2x5x8xf32>, tensor<2x2x5x8xf32>)
// CHECK-NOT: "onnx.Where"
// CHECK-LABEL: }) {sym_name = "causal_only"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf32>, %kx: tensor<2x5x16xf32>, %vx: tensor<2x5x16xf32>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf32>) -> tensor<2x4x5x8xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x8xf32>) -> tensor<2x4x8x5xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x5x8xf32>, tensor<2x4x8x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%p, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf32>) -> tensor<2x5x4x8xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
    "ir.return"(%out) : (tensor<2x5x32xf32>) -> ()
  }) {sym_name = "causal_only"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// q and k rotated by com.microsoft.RotaryEmbedding with the same caches
// (what fuse-ort-rotary-embedding writes), H a multiple of 16: the op
// rotates them itself (do_rotary) from the unrotated inputs of the splits.
// CHECK: %out:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%x, %kx, %vx, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %cosc, %sinc) {do_rotary = 1 : i64, ir.domain_version = 1 : i64, kv_num_heads = 2 : i64, num_heads = 4 : i64, scale = 0.25 : f64}
// CHECK-NOT: RotaryEmbedding
// CHECK-NOT: "onnx.Transpose"
// CHECK-LABEL: }) {sym_name = "rotary"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x64xf32>, %kx: tensor<2x5x32xf32>, %vx: tensor<2x5x32xf32>, %pad: tensor<2x1x5x5xi1>, %cosc: tensor<5x8xf32>, %sinc: tensor<5x8xf32>, %cosk: tensor<5x8xf32>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x64xf32>, tensor<4xi64>) -> tensor<2x5x4x16xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x16xf32>) -> tensor<2x4x5x16xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x2x16xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x16xf32>) -> tensor<2x2x5x16xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x2x16xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x16xf32>) -> tensor<2x2x5x16xf32>
    %pos0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qrot = "onnx_domain.com.microsoft.RotaryEmbedding"(%q, %pos0, %cosc, %sinc) {interleaved = 0 : i64, ir.domain_version = 1 : i64} : (tensor<2x4x5x16xf32>, tensor<1xi64>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<2x4x5x16xf32>
    %krot = "onnx_domain.com.microsoft.RotaryEmbedding"(%k, %pos0, %cosc, %sinc) {interleaved = 0 : i64, ir.domain_version = 1 : i64} : (tensor<2x2x5x16xf32>, tensor<1xi64>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<2x2x5x16xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 16]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%krot, %ax2) : (tensor<2x2x5x16xf32>, tensor<1xi64>) -> tensor<2x2x1x5x16xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x16xf32>, tensor<5xi64>) -> tensor<2x2x2x5x16xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x16xf32>, tensor<4xi64>) -> tensor<2x4x5x16xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x16xf32>, tensor<1xi64>) -> tensor<2x2x1x5x16xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x16xf32>, tensor<5xi64>) -> tensor<2x2x2x5x16xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x16xf32>, tensor<4xi64>) -> tensor<2x4x5x16xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x16xf32>) -> tensor<2x4x16x5xf32>
    %sc = "onnx.MatMul"(%qrot, %kt) : (tensor<2x4x5x16xf32>, tensor<2x4x16x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%p, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x16xf32>) -> tensor<2x4x5x16xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x16xf32>) -> tensor<2x5x4x16xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x16xf32>, tensor<3xi64>) -> tensor<2x5x64xf32>
    "ir.return"(%out) : (tensor<2x5x64xf32>) -> ()
  }) {sym_name = "rotary"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// q and k rotated with other caches: the rotations stay, their heads go
// back to [B, S, D] by Transpose and Reshape.
// CHECK: %[[QT:.*]] = "onnx.Transpose"(%qrot) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x16xf32>) -> tensor<2x5x4x16xf32>
// CHECK: %[[Q:.*]] = "onnx.Reshape"(%[[QT]], %{{.*}}) : (tensor<2x5x4x16xf32>, tensor<3xi64>) -> tensor<2x5x64xf32>
// CHECK: %[[KT:.*]] = "onnx.Transpose"(%krot)
// CHECK: %[[K:.*]] = "onnx.Reshape"(%[[KT]], %{{.*}}) : (tensor<2x5x2x16xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
// CHECK: %out:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%[[Q]], %[[K]], %vx, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^)]*}}) {ir.domain_version = 1 : i64, kv_num_heads = 2 : i64, num_heads = 4 : i64, scale = 0.25 : f64}
// CHECK-LABEL: }) {sym_name = "rotary_other_caches"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x64xf32>, %kx: tensor<2x5x32xf32>, %vx: tensor<2x5x32xf32>, %pad: tensor<2x1x5x5xi1>, %cosc: tensor<5x8xf32>, %sinc: tensor<5x8xf32>, %cosk: tensor<5x8xf32>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x64xf32>, tensor<4xi64>) -> tensor<2x5x4x16xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x16xf32>) -> tensor<2x4x5x16xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x2x16xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x16xf32>) -> tensor<2x2x5x16xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x2x16xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x16xf32>) -> tensor<2x2x5x16xf32>
    %pos0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qrot = "onnx_domain.com.microsoft.RotaryEmbedding"(%q, %pos0, %cosc, %sinc) {interleaved = 0 : i64, ir.domain_version = 1 : i64} : (tensor<2x4x5x16xf32>, tensor<1xi64>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<2x4x5x16xf32>
    %krot = "onnx_domain.com.microsoft.RotaryEmbedding"(%k, %pos0, %cosk, %sinc) {interleaved = 0 : i64, ir.domain_version = 1 : i64} : (tensor<2x2x5x16xf32>, tensor<1xi64>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<2x2x5x16xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 16]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%krot, %ax2) : (tensor<2x2x5x16xf32>, tensor<1xi64>) -> tensor<2x2x1x5x16xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x16xf32>, tensor<5xi64>) -> tensor<2x2x2x5x16xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x16xf32>, tensor<4xi64>) -> tensor<2x4x5x16xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x16xf32>, tensor<1xi64>) -> tensor<2x2x1x5x16xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x16xf32>, tensor<5xi64>) -> tensor<2x2x2x5x16xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x16xf32>, tensor<4xi64>) -> tensor<2x4x5x16xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x16xf32>) -> tensor<2x4x16x5xf32>
    %sc = "onnx.MatMul"(%qrot, %kt) : (tensor<2x4x5x16xf32>, tensor<2x4x16x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%p, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x16xf32>) -> tensor<2x4x5x16xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x16xf32>) -> tensor<2x5x4x16xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 64]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x16xf32>, tensor<3xi64>) -> tensor<2x5x64xf32>
    "ir.return"(%out) : (tensor<2x5x64xf32>) -> ()
  }) {sym_name = "rotary_other_caches"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// From opset 23: onnx.Attention of q and the repeated k and v, its mask
// expanded to the scores' shape, then the zeroing of the rows the mask
// empties (Where(Equal(ReduceMax(Cast(mask)), 0), 0, heads)).
// CHECK: %[[BIAS:.*]] = "onnx.Where"(%mask, %{{.*}}, %{{.*}}) : (tensor<2x1x5x5xi1>, tensor<f32>, tensor<f32>) -> tensor<2x1x5x5xf32>
// CHECK: %[[GQA:.*]]:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%x, %kx, %vx, {{.*}}, %[[BIAS]]) {ir.domain_version = 1 : i64, kv_num_heads = 2 : i64, num_heads = 4 : i64, scale = 0.25 : f64}
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%[[BIAS]], %{{.*}}) {keepdims = 1 : i64}
// CHECK: %out = "onnx.Where"(%{{.*}}, %{{.*}}, %[[GQA]]#0) : (tensor<2x5x1xi1>, tensor<f32>, tensor<2x5x32xf32>) -> tensor<2x5x32xf32>
// CHECK-NOT: "onnx.Attention"
// CHECK-LABEL: }) {sym_name = "attention_op"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf32>, %kx: tensor<2x5x16xf32>, %vx: tensor<2x5x16xf32>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf32>) -> tensor<2x4x5x8xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %e4 = "ir.constant"() {value = dense<[2, 4, 5, 5]> : tensor<4xi64>} : () -> tensor<4xi64>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x5x5xi1>, tensor<2x1x5x5xi1>) -> tensor<2x1x5x5xi1>
    %me = "onnx.Expand"(%mask, %e4) : (tensor<2x1x5x5xi1>, tensor<4xi64>) -> tensor<2x4x5x5xi1>
    %att = "onnx.Attention"(%q, %kr, %vr, %me) {is_causal = 0 : i64, scale = 0.25 : f64} : (tensor<2x4x5x8xf32>, tensor<2x4x5x8xf32>, tensor<2x4x5x8xf32>, tensor<2x4x5x5xi1>) -> tensor<2x4x5x8xf32>
    %mf = "onnx.Cast"(%mask) {to = f32} : (tensor<2x1x5x5xi1>) -> tensor<2x1x5x5xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%mf, %axm1) {keepdims = 1 : i64} : (tensor<2x1x5x5xf32>, tensor<1xi64>) -> tensor<2x1x5x1xf32>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %empty = "onnx.Equal"(%mx, %zero) : (tensor<2x1x5x1xf32>, tensor<f32>) -> tensor<2x1x5x1xi1>
    %o = "onnx.Where"(%empty, %zero, %att) : (tensor<2x1x5x1xi1>, tensor<f32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf32>) -> tensor<2x5x4x8xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
    "ir.return"(%out) : (tensor<2x5x32xf32>) -> ()
  }) {sym_name = "attention_op"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// Refused: a padding mask alone is not causal (ONNX Runtime's op is).
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "not_causal"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: the mask is not the causal mask, nor And of it and another
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf32>, %kx: tensor<2x5x16xf32>, %vx: tensor<2x5x16xf32>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf32>) -> tensor<2x4x5x8xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x8xf32>) -> tensor<2x4x8x5xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x5x8xf32>, tensor<2x4x8x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%pad, %ss, %ninf) : (tensor<2x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<2x4x5x5xf32>, tensor<1xi64>) -> tensor<2x4x5x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<2x4x5x1xf32>, tensor<f32>) -> tensor<2x4x5x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<2x4x5x1xi1>, tensor<f32>, tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf32>) -> tensor<2x5x4x8xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
    "ir.return"(%out) : (tensor<2x5x32xf32>) -> ()
  }) {sym_name = "not_causal"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: Less is not the causal mask (a query does not see itself).
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "strictly_causal"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: the mask is not the causal mask, nor And of it and another
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf32>, %kx: tensor<2x5x16xf32>, %vx: tensor<2x5x16xf32>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf32>) -> tensor<2x4x5x8xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x8xf32>) -> tensor<2x4x8x5xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x5x8xf32>, tensor<2x4x8x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.Less"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x5x5xi1>, tensor<2x1x5x5xi1>) -> tensor<2x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%mask, %ss, %ninf) : (tensor<2x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<2x4x5x5xf32>, tensor<1xi64>) -> tensor<2x4x5x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<2x4x5x1xf32>, tensor<f32>) -> tensor<2x4x5x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<2x4x5x1xi1>, tensor<f32>, tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf32>) -> tensor<2x5x4x8xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
    "ir.return"(%out) : (tensor<2x5x32xf32>) -> ()
  }) {sym_name = "strictly_causal"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: positions from 1 are not provably the causal window's.
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "positions_from_one"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: the mask is not the causal mask, nor And of it and another
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf32>, %kx: tensor<2x5x16xf32>, %vx: tensor<2x5x16xf32>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf32>) -> tensor<2x4x5x8xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x2x1x5x8xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x8xf32>) -> tensor<2x4x8x5xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x5x8xf32>, tensor<2x4x8x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x5x5xi1>, tensor<2x1x5x5xi1>) -> tensor<2x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%mask, %ss, %ninf) : (tensor<2x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<2x4x5x5xf32>, tensor<1xi64>) -> tensor<2x4x5x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<2x4x5x1xf32>, tensor<f32>) -> tensor<2x4x5x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<2x4x5x1xi1>, tensor<f32>, tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf32>) -> tensor<2x5x4x8xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
    "ir.return"(%out) : (tensor<2x5x32xf32>) -> ()
  }) {sym_name = "positions_from_one"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: k and v tiled over a new axis 1 (head n reads k/v head n % KV,
// not ONNX Runtime's n / G).
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "tiled_heads"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: k or v is not a float32 [B, KV, S, H] repeated per group by Unsqueeze, Expand and Reshape
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf32>, %kx: tensor<2x5x16xf32>, %vx: tensor<2x5x16xf32>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf32>, tensor<4xi64>) -> tensor<2x5x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf32>) -> tensor<2x4x5x8xf32>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %ax2 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x1x2x5x8xf32>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x1x2x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf32>, tensor<1xi64>) -> tensor<2x1x2x5x8xf32>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x1x2x5x8xf32>, tensor<5xi64>) -> tensor<2x2x2x5x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf32>, tensor<4xi64>) -> tensor<2x4x5x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x8xf32>) -> tensor<2x4x8x5xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x5x8xf32>, tensor<2x4x8x5xf32>) -> tensor<2x4x5x5xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x5x5xi1>, tensor<2x1x5x5xi1>) -> tensor<2x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%mask, %ss, %ninf) : (tensor<2x1x5x5xi1>, tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5x5xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<2x4x5x5xf32>, tensor<1xi64>) -> tensor<2x4x5x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<2x4x5x1xf32>, tensor<f32>) -> tensor<2x4x5x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<2x4x5x1xi1>, tensor<f32>, tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<2x4x5x5xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf32>) -> tensor<2x5x4x8xf32>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf32>, tensor<3xi64>) -> tensor<2x5x32xf32>
    "ir.return"(%out) : (tensor<2x5x32xf32>) -> ()
  }) {sym_name = "tiled_heads"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: float16.
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "float16"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: k or v is not a float32 [B, KV, S, H] repeated per group by Unsqueeze, Expand and Reshape
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x32xf16>, %kx: tensor<2x5x16xf16>, %vx: tensor<2x5x16xf16>, %pad: tensor<2x1x5x5xi1>):
    %s4 = "ir.constant"() {value = dense<[2, 5, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %s2 = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %s4) : (tensor<2x5x32xf16>, tensor<4xi64>) -> tensor<2x5x4x8xf16>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x4x8xf16>) -> tensor<2x4x5x8xf16>
    %kv = "onnx.Reshape"(%kx, %s2) : (tensor<2x5x16xf16>, tensor<4xi64>) -> tensor<2x5x2x8xf16>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf16>) -> tensor<2x2x5x8xf16>
    %vv = "onnx.Reshape"(%vx, %s2) : (tensor<2x5x16xf16>, tensor<4xi64>) -> tensor<2x5x2x8xf16>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf16>) -> tensor<2x2x5x8xf16>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e5 = "ir.constant"() {value = dense<[2, 2, 2, 5, 8]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[2, 4, 5, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%k, %ax2) : (tensor<2x2x5x8xf16>, tensor<1xi64>) -> tensor<2x2x1x5x8xf16>
    %ke = "onnx.Expand"(%ku, %e5) : (tensor<2x2x1x5x8xf16>, tensor<5xi64>) -> tensor<2x2x2x5x8xf16>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x5x8xf16>, tensor<4xi64>) -> tensor<2x4x5x8xf16>
    %vu = "onnx.Unsqueeze"(%v, %ax2) : (tensor<2x2x5x8xf16>, tensor<1xi64>) -> tensor<2x2x1x5x8xf16>
    %ve = "onnx.Expand"(%vu, %e5) : (tensor<2x2x1x5x8xf16>, tensor<5xi64>) -> tensor<2x2x2x5x8xf16>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x5x8xf16>, tensor<4xi64>) -> tensor<2x4x5x8xf16>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x5x8xf16>) -> tensor<2x4x8x5xf16>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x5x8xf16>, tensor<2x4x8x5xf16>) -> tensor<2x4x5x5xf16>
    %scale = "ir.constant"() {value = dense<"0x0034"> : tensor<f16>} : () -> tensor<f16>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x5x5xf16>, tensor<f16>) -> tensor<2x4x5x5xf16>
    %start = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %n = "ir.constant"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pos = "onnx.Range"(%start, %n, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%pos, %a012) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x1x5xi64>
    %qpos = "onnx.Unsqueeze"(%pos, %a013) : (tensor<5xi64>, tensor<3xi64>) -> tensor<1x1x5x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x5xi64>, tensor<1x1x5x1xi64>) -> tensor<1x1x5x5xi1>
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x5x5xi1>, tensor<2x1x5x5xi1>) -> tensor<2x1x5x5xi1>
    %ninf = "ir.constant"() {value = dense<"0x00FC"> : tensor<f16>} : () -> tensor<f16>
    %m = "onnx.Where"(%mask, %ss, %ninf) : (tensor<2x1x5x5xi1>, tensor<2x4x5x5xf16>, tensor<f16>) -> tensor<2x4x5x5xf16>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x5x5xf16>) -> tensor<2x4x5x5xf16>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<2x4x5x5xf16>, tensor<1xi64>) -> tensor<2x4x5x1xf16>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<2x4x5x1xf16>, tensor<f16>) -> tensor<2x4x5x1xi1>
    %zero = "ir.constant"() {value = dense<"0x0000"> : tensor<f16>} : () -> tensor<f16>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<2x4x5x1xi1>, tensor<f16>, tensor<2x4x5x5xf16>) -> tensor<2x4x5x5xf16>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<2x4x5x5xf16>, tensor<2x4x5x8xf16>) -> tensor<2x4x5x8xf16>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x5x8xf16>) -> tensor<2x5x4x8xf16>
    %s3 = "ir.constant"() {value = dense<[2, 5, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x5x4x8xf16>, tensor<3xi64>) -> tensor<2x5x32xf16>
    "ir.return"(%out) : (tensor<2x5x32xf16>) -> ()
  }) {sym_name = "float16"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// A decode step with a KV cache: k and v are Concat(past, new) on axis 2,
// the causal mask's q positions are offset by the past's length (P + i),
// batch and past dynamic. The past is past_key/past_value; seqlens_k is
// P + S - 1 for every row and total_sequence_length P + S; the Concats,
// read after the attention (the graph's outputs), are present_key and
// present_value. The heads of one row are split and merged by Reshapes.
// CHECK: %[[SEQ:.*]] = "onnx.Shape"(%x) {end = 2 : i64, start = 1 : i64}
// CHECK: %[[PAST:.*]] = "onnx.Shape"(%pk) {end = 3 : i64, start = 2 : i64}
// CHECK: %[[TOTAL1:.*]] = "onnx.Add"(%[[PAST]], %[[SEQ]]) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: %[[LAST:.*]] = "onnx.Sub"(%[[TOTAL1]], %{{.*}})
// CHECK: %[[SEQLENS:.*]] = "onnx.Cast"(%{{.*}}) {to = i32} : (tensor<?xi64, "s0">) -> tensor<?xi32, "s0">
// CHECK: %[[TOTAL64:.*]] = "onnx.Squeeze"(%[[TOTAL1]], %{{.*}}) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
// CHECK: %[[TOTAL:.*]] = "onnx.Cast"(%[[TOTAL64]]) {to = i32} : (tensor<i64>) -> tensor<i32>
// CHECK: %[[BIAS:.*]] = "onnx.Where"(%mask, %{{.*}}, %{{.*}}) : (tensor<?x1x1x?xi1, "s0, s1 + 1">, tensor<f32>, tensor<f32>) -> tensor<?x1x1x?xf32, "s0, s1 + 1">
// CHECK: %[[GQA:.*]]:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%x, %kx, %vx, %pk, %pv, %[[SEQLENS]], %[[TOTAL]], %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %[[BIAS]]) {ir.domain_version = 1 : i64, kv_num_heads = 2 : i64, num_heads = 4 : i64, scale = 0.25 : f64} : ({{.*}}) -> (tensor<?x1x32xf32, "s0">, tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<?x2x?x8xf32, "s0, s1 + 1">)
// CHECK: %out = "onnx.Where"(%{{.*}}, %{{.*}}, %[[GQA]]#0)
// CHECK: "ir.return"(%out, %[[GQA]]#1, %[[GQA]]#2)
// CHECK-NOT: "onnx.Concat"
// CHECK-LABEL: }) {sym_name = "decode_cache"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x1x32xf32, "s0">, %kx: tensor<?x1x16xf32, "s0">, %vx: tensor<?x1x16xf32, "s0">, %pk: tensor<?x2x?x8xf32, "s0, s1">, %pv: tensor<?x2x?x8xf32, "s0, s1">, %pad: tensor<?x1x1x?xi1, "s0, s1 + 1">):
    %sq = "ir.constant"() {value = dense<[0, 4, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q = "onnx.Reshape"(%x, %sq) : (tensor<?x1x32xf32, "s0">, tensor<4xi64>) -> tensor<?x4x1x8xf32, "s0">
    %k = "onnx.Reshape"(%kx, %sk) : (tensor<?x1x16xf32, "s0">, tensor<4xi64>) -> tensor<?x2x1x8xf32, "s0">
    %v = "onnx.Reshape"(%vx, %sv) : (tensor<?x1x16xf32, "s0">, tensor<4xi64>) -> tensor<?x2x1x8xf32, "s0">
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<?x2x?x8xf32, "s0, s1">, tensor<?x2x1x8xf32, "s0">) -> tensor<?x2x?x8xf32, "s0, s1 + 1">
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<?x2x?x8xf32, "s0, s1">, tensor<?x2x1x8xf32, "s0">) -> tensor<?x2x?x8xf32, "s0, s1 + 1">
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x2x1x?x8xf32, "s0, s1 + 1">
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<?x2x1x?x8xf32, "s0, s1 + 1">, tensor<5xi64>) -> tensor<?x2x2x?x8xf32, "s0, s1 + 1">
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<?x2x2x?x8xf32, "s0, s1 + 1">, tensor<4xi64>) -> tensor<?x4x?x8xf32, "s0, s1 + 1">
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x2x1x?x8xf32, "s0, s1 + 1">
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<?x2x1x?x8xf32, "s0, s1 + 1">, tensor<5xi64>) -> tensor<?x2x2x?x8xf32, "s0, s1 + 1">
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<?x2x2x?x8xf32, "s0, s1 + 1">, tensor<4xi64>) -> tensor<?x4x?x8xf32, "s0, s1 + 1">
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<?x4x?x8xf32, "s0, s1 + 1">) -> tensor<?x4x8x?xf32, "s0, s1 + 1">
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<?x4x1x8xf32, "s0">, tensor<?x4x8x?xf32, "s0, s1 + 1">) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<f32>) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<?x2x?x8xf32, "s0, s1">) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<?x1x32xf32, "s0">) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64, "s1 + 1">
    %qrange = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qabs = "onnx.Add"(%qrange, %plen) : (tensor<1xi64>, tensor<i64>) -> tensor<1xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<?xi64, "s1 + 1">, tensor<3xi64>) -> tensor<1x1x1x?xi64, "s1 + 1">
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<1xi64>, tensor<3xi64>) -> tensor<1x1x1x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x?xi64, "s1 + 1">, tensor<1x1x1x1xi64>) -> tensor<1x1x1x?xi1, "s1 + 1">
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x1x?xi1, "s1 + 1">, tensor<?x1x1x?xi1, "s0, s1 + 1">) -> tensor<?x1x1x?xi1, "s0, s1 + 1">
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%mask, %ss, %ninf) : (tensor<?x1x1x?xi1, "s0, s1 + 1">, tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<f32>) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<?x4x1x?xf32, "s0, s1 + 1">) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x4x1x1xf32, "s0">
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<?x4x1x1xf32, "s0">, tensor<f32>) -> tensor<?x4x1x1xi1, "s0">
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<?x4x1x1xi1, "s0">, tensor<f32>, tensor<?x4x1x?xf32, "s0, s1 + 1">) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<?x4x?x8xf32, "s0, s1 + 1">) -> tensor<?x4x1x8xf32, "s0">
    %s3 = "ir.constant"() {value = dense<[0, 1, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%o, %s3) : (tensor<?x4x1x8xf32, "s0">, tensor<3xi64>) -> tensor<?x1x32xf32, "s0">
    "ir.return"(%out, %kc, %vc) : (tensor<?x1x32xf32, "s0">, tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<?x2x?x8xf32, "s0, s1 + 1">) -> ()
  }) {sym_name = "decode_cache"} : () -> ()
}) {onnx.opset = 20 : i64, ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 128>}} : () -> ()

// -----

// More than one new token with a past, in a batch of one: fused as well
// (ONNX Runtime's kernel takes it); the causal mask alone, no bias.
// CHECK: %[[GQA:.*]]:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%x, %kx, %vx, %pk, %pv, %{{[^,]*}}, %{{[^,]*}}) {{.*}} -> (tensor<1x3x32xf32>, tensor<1x2x7x8xf32>, tensor<1x2x7x8xf32>)
// CHECK: "ir.return"(%[[GQA]]#0, %[[GQA]]#1, %[[GQA]]#2)
// CHECK-LABEL: }) {sym_name = "prefill_cache_batch_one"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x32xf32>, %kx: tensor<1x3x16xf32>, %vx: tensor<1x3x16xf32>, %pk: tensor<1x2x4x8xf32>, %pv: tensor<1x2x4x8xf32>, %pad: tensor<1x1x1x7xi1>):
    %sq = "ir.constant"() {value = dense<[0, 4, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qs = "ir.constant"() {value = dense<[0, 3, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %qs) : (tensor<1x3x32xf32>, tensor<4xi64>) -> tensor<1x3x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x4x8xf32>) -> tensor<1x4x3x8xf32>
    %ks = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %kv = "onnx.Reshape"(%kx, %ks) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %vs = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %vv = "onnx.Reshape"(%vx, %vs) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x7x8xf32>) -> tensor<1x4x8x7xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<1x4x3x8xf32>, tensor<1x4x8x7xf32>) -> tensor<1x4x3x7xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<1x2x4x8xf32>) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<1x3x32xf32>) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<7xi64>
    %qrange = "onnx.Range"(%zero64, %slen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
    %qabs = "onnx.Add"(%qrange, %plen) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<7xi64>, tensor<3xi64>) -> tensor<1x1x1x7xi64>
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<3xi64>, tensor<3xi64>) -> tensor<1x1x3x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x7xi64>, tensor<1x1x3x1xi64>) -> tensor<1x1x3x7xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x3x7xi1>, tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<1x4x3x7xf32>, tensor<1xi64>) -> tensor<1x4x3x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<1x4x3x1xf32>, tensor<f32>) -> tensor<1x4x3x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<1x4x3x1xi1>, tensor<f32>, tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<1x4x3x7xf32>, tensor<1x4x7x8xf32>) -> tensor<1x4x3x8xf32>
    %s3 = "ir.constant"() {value = dense<[0, 3, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x4x3x8xf32>) -> tensor<1x3x4x8xf32>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<1x3x4x8xf32>, tensor<3xi64>) -> tensor<1x3x32xf32>
    "ir.return"(%out, %kc, %vc) : (tensor<1x3x32xf32>, tensor<1x2x7x8xf32>, tensor<1x2x7x8xf32>) -> ()
  }) {sym_name = "prefill_cache_batch_one"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: with a past, ONNX Runtime 1.23's CPU kernel fails on more than
// one new token in a batch of more than one ("batch_size must be 1 when
// sequence_length > 1 and past context is given").
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "cache_batch_and_tokens"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: with a past, ONNX Runtime's kernel takes more than one new token only in a batch of one: neither the new tokens nor the batch are statically 1
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x32xf32>, %kx: tensor<2x3x16xf32>, %vx: tensor<2x3x16xf32>, %pk: tensor<2x2x4x8xf32>, %pv: tensor<2x2x4x8xf32>, %pad: tensor<2x1x1x7xi1>):
    %sq = "ir.constant"() {value = dense<[0, 4, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qs = "ir.constant"() {value = dense<[0, 3, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %qs) : (tensor<2x3x32xf32>, tensor<4xi64>) -> tensor<2x3x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x4x8xf32>) -> tensor<2x4x3x8xf32>
    %ks = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %kv = "onnx.Reshape"(%kx, %ks) : (tensor<2x3x16xf32>, tensor<4xi64>) -> tensor<2x3x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x8xf32>) -> tensor<2x2x3x8xf32>
    %vs = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %vv = "onnx.Reshape"(%vx, %vs) : (tensor<2x3x16xf32>, tensor<4xi64>) -> tensor<2x3x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x2x8xf32>) -> tensor<2x2x3x8xf32>
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<2x2x4x8xf32>, tensor<2x2x3x8xf32>) -> tensor<2x2x7x8xf32>
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<2x2x4x8xf32>, tensor<2x2x3x8xf32>) -> tensor<2x2x7x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<2x2x7x8xf32>, tensor<1xi64>) -> tensor<2x2x1x7x8xf32>
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<2x2x1x7x8xf32>, tensor<5xi64>) -> tensor<2x2x2x7x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<2x2x2x7x8xf32>, tensor<4xi64>) -> tensor<2x4x7x8xf32>
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<2x2x7x8xf32>, tensor<1xi64>) -> tensor<2x2x1x7x8xf32>
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<2x2x1x7x8xf32>, tensor<5xi64>) -> tensor<2x2x2x7x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<2x2x2x7x8xf32>, tensor<4xi64>) -> tensor<2x4x7x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x7x8xf32>) -> tensor<2x4x8x7xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<2x4x3x8xf32>, tensor<2x4x8x7xf32>) -> tensor<2x4x3x7xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<2x4x3x7xf32>, tensor<f32>) -> tensor<2x4x3x7xf32>
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<2x2x4x8xf32>) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<2x3x32xf32>) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<7xi64>
    %qrange = "onnx.Range"(%zero64, %slen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
    %qabs = "onnx.Add"(%qrange, %plen) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<7xi64>, tensor<3xi64>) -> tensor<1x1x1x7xi64>
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<3xi64>, tensor<3xi64>) -> tensor<1x1x3x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x7xi64>, tensor<1x1x3x1xi64>) -> tensor<1x1x3x7xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x3x7xi1>, tensor<2x4x3x7xf32>, tensor<f32>) -> tensor<2x4x3x7xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<2x4x3x7xf32>) -> tensor<2x4x3x7xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<2x4x3x7xf32>, tensor<1xi64>) -> tensor<2x4x3x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<2x4x3x1xf32>, tensor<f32>) -> tensor<2x4x3x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<2x4x3x1xi1>, tensor<f32>, tensor<2x4x3x7xf32>) -> tensor<2x4x3x7xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<2x4x3x7xf32>, tensor<2x4x7x8xf32>) -> tensor<2x4x3x8xf32>
    %s3 = "ir.constant"() {value = dense<[0, 3, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x3x8xf32>) -> tensor<2x3x4x8xf32>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<2x3x4x8xf32>, tensor<3xi64>) -> tensor<2x3x32xf32>
    "ir.return"(%out, %kc, %vc) : (tensor<2x3x32xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x8xf32>) -> ()
  }) {sym_name = "cache_batch_and_tokens"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: the q positions are offset by another length than the past's.
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "cache_offset_not_past"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: the mask is not the causal mask, nor And of it and another
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x32xf32>, %kx: tensor<1x3x16xf32>, %vx: tensor<1x3x16xf32>, %pk: tensor<1x2x4x8xf32>, %pv: tensor<1x2x4x8xf32>, %pad: tensor<1x1x1x7xi1>):
    %sq = "ir.constant"() {value = dense<[0, 4, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qs = "ir.constant"() {value = dense<[0, 3, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %qs) : (tensor<1x3x32xf32>, tensor<4xi64>) -> tensor<1x3x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x4x8xf32>) -> tensor<1x4x3x8xf32>
    %ks = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %kv = "onnx.Reshape"(%kx, %ks) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %vs = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %vv = "onnx.Reshape"(%vx, %vs) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x7x8xf32>) -> tensor<1x4x8x7xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<1x4x3x8xf32>, tensor<1x4x8x7xf32>) -> tensor<1x4x3x7xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<1x2x4x8xf32>) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<1x3x32xf32>) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<7xi64>
    %qrange = "onnx.Range"(%zero64, %slen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
    %qabs = "onnx.Add"(%qrange, %slen) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<7xi64>, tensor<3xi64>) -> tensor<1x1x1x7xi64>
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<3xi64>, tensor<3xi64>) -> tensor<1x1x3x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x7xi64>, tensor<1x1x3x1xi64>) -> tensor<1x1x3x7xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x3x7xi1>, tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<1x4x3x7xf32>, tensor<1xi64>) -> tensor<1x4x3x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<1x4x3x1xf32>, tensor<f32>) -> tensor<1x4x3x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<1x4x3x1xi1>, tensor<f32>, tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<1x4x3x7xf32>, tensor<1x4x7x8xf32>) -> tensor<1x4x3x8xf32>
    %s3 = "ir.constant"() {value = dense<[0, 3, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x4x3x8xf32>) -> tensor<1x3x4x8xf32>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<1x3x4x8xf32>, tensor<3xi64>) -> tensor<1x3x32xf32>
    "ir.return"(%out, %kc, %vc) : (tensor<1x3x32xf32>, tensor<1x2x7x8xf32>, tensor<1x2x7x8xf32>) -> ()
  }) {sym_name = "cache_offset_not_past"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: q positions from 0 against a past (query i sees keys 0 to i,
// not the past and i + 1 new ones).
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "cache_without_offset"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: the mask is not the causal mask, nor And of it and another
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x32xf32>, %kx: tensor<1x3x16xf32>, %vx: tensor<1x3x16xf32>, %pk: tensor<1x2x4x8xf32>, %pv: tensor<1x2x4x8xf32>, %pad: tensor<1x1x1x7xi1>):
    %sq = "ir.constant"() {value = dense<[0, 4, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qs = "ir.constant"() {value = dense<[0, 3, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %qs) : (tensor<1x3x32xf32>, tensor<4xi64>) -> tensor<1x3x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x4x8xf32>) -> tensor<1x4x3x8xf32>
    %ks = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %kv = "onnx.Reshape"(%kx, %ks) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %vs = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %vv = "onnx.Reshape"(%vx, %vs) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x7x8xf32>) -> tensor<1x4x8x7xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<1x4x3x8xf32>, tensor<1x4x8x7xf32>) -> tensor<1x4x3x7xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<1x2x4x8xf32>) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<1x3x32xf32>) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<7xi64>
    %qrange = "onnx.Range"(%zero64, %slen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<7xi64>, tensor<3xi64>) -> tensor<1x1x1x7xi64>
    %qpos = "onnx.Unsqueeze"(%qrange, %a013) : (tensor<3xi64>, tensor<3xi64>) -> tensor<1x1x3x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x7xi64>, tensor<1x1x3x1xi64>) -> tensor<1x1x3x7xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x3x7xi1>, tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<1x4x3x7xf32>, tensor<1xi64>) -> tensor<1x4x3x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<1x4x3x1xf32>, tensor<f32>) -> tensor<1x4x3x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<1x4x3x1xi1>, tensor<f32>, tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<1x4x3x7xf32>, tensor<1x4x7x8xf32>) -> tensor<1x4x3x8xf32>
    %s3 = "ir.constant"() {value = dense<[0, 3, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x4x3x8xf32>) -> tensor<1x3x4x8xf32>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<1x3x4x8xf32>, tensor<3xi64>) -> tensor<1x3x32xf32>
    "ir.return"(%out, %kc, %vc) : (tensor<1x3x32xf32>, tensor<1x2x7x8xf32>, tensor<1x2x7x8xf32>) -> ()
  }) {sym_name = "cache_without_offset"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: the new keys before the past.
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "cache_new_before_past"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: k and v are longer than q but not each Concat(past, new) on axis 2
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x32xf32>, %kx: tensor<1x3x16xf32>, %vx: tensor<1x3x16xf32>, %pk: tensor<1x2x4x8xf32>, %pv: tensor<1x2x4x8xf32>, %pad: tensor<1x1x1x7xi1>):
    %sq = "ir.constant"() {value = dense<[0, 4, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qs = "ir.constant"() {value = dense<[0, 3, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %qs) : (tensor<1x3x32xf32>, tensor<4xi64>) -> tensor<1x3x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x4x8xf32>) -> tensor<1x4x3x8xf32>
    %ks = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %kv = "onnx.Reshape"(%kx, %ks) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %vs = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %vv = "onnx.Reshape"(%vx, %vs) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %kc = "onnx.Concat"(%k, %pk) {axis = 2 : i64} : (tensor<1x2x3x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x7x8xf32>
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x7x8xf32>) -> tensor<1x4x8x7xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<1x4x3x8xf32>, tensor<1x4x8x7xf32>) -> tensor<1x4x3x7xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<1x2x4x8xf32>) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<1x3x32xf32>) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<7xi64>
    %qrange = "onnx.Range"(%zero64, %slen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
    %qabs = "onnx.Add"(%qrange, %plen) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<7xi64>, tensor<3xi64>) -> tensor<1x1x1x7xi64>
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<3xi64>, tensor<3xi64>) -> tensor<1x1x3x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x7xi64>, tensor<1x1x3x1xi64>) -> tensor<1x1x3x7xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x3x7xi1>, tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<1x4x3x7xf32>, tensor<1xi64>) -> tensor<1x4x3x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<1x4x3x1xf32>, tensor<f32>) -> tensor<1x4x3x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<1x4x3x1xi1>, tensor<f32>, tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<1x4x3x7xf32>, tensor<1x4x7x8xf32>) -> tensor<1x4x3x8xf32>
    %s3 = "ir.constant"() {value = dense<[0, 3, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x4x3x8xf32>) -> tensor<1x3x4x8xf32>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<1x3x4x8xf32>, tensor<3xi64>) -> tensor<1x3x32xf32>
    "ir.return"(%out, %kc, %vc) : (tensor<1x3x32xf32>, tensor<1x2x7x8xf32>, tensor<1x2x7x8xf32>) -> ()
  }) {sym_name = "cache_new_before_past"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: the cached v has one head, k two.
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "cache_kv_heads_differ"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: q is not a float32 [B, N, S, H], or k and v differ in type
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x32xf32>, %kx: tensor<1x3x16xf32>, %vx: tensor<1x3x8xf32>, %pk: tensor<1x2x4x8xf32>, %pv: tensor<1x1x4x8xf32>, %pad: tensor<1x1x1x7xi1>):
    %sq = "ir.constant"() {value = dense<[0, 4, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 1, 3, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qs = "ir.constant"() {value = dense<[0, 3, 4, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %qv = "onnx.Reshape"(%x, %qs) : (tensor<1x3x32xf32>, tensor<4xi64>) -> tensor<1x3x4x8xf32>
    %q = "onnx.Transpose"(%qv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x4x8xf32>) -> tensor<1x4x3x8xf32>
    %ks = "ir.constant"() {value = dense<[0, 3, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %kv = "onnx.Reshape"(%kx, %ks) : (tensor<1x3x16xf32>, tensor<4xi64>) -> tensor<1x3x2x8xf32>
    %k = "onnx.Transpose"(%kv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x2x3x8xf32>
    %vs = "ir.constant"() {value = dense<[0, 3, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %vv = "onnx.Reshape"(%vx, %vs) : (tensor<1x3x8xf32>, tensor<4xi64>) -> tensor<1x3x1x8xf32>
    %v = "onnx.Transpose"(%vv) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x3x1x8xf32>) -> tensor<1x1x3x8xf32>
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x7x8xf32>
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<1x1x4x8xf32>, tensor<1x1x3x8xf32>) -> tensor<1x1x7x8xf32>
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 4, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<1x2x7x8xf32>, tensor<1xi64>) -> tensor<1x2x1x7x8xf32>
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<1x2x1x7x8xf32>, tensor<5xi64>) -> tensor<1x2x2x7x8xf32>
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<1x2x2x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<1x1x7x8xf32>, tensor<1xi64>) -> tensor<1x1x1x7x8xf32>
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<1x1x1x7x8xf32>, tensor<5xi64>) -> tensor<1x1x4x7x8xf32>
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<1x1x4x7x8xf32>, tensor<4xi64>) -> tensor<1x4x7x8xf32>
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x7x8xf32>) -> tensor<1x4x8x7xf32>
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<1x4x3x8xf32>, tensor<1x4x8x7xf32>) -> tensor<1x4x3x7xf32>
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<1x2x4x8xf32>) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<1x3x32xf32>) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<7xi64>
    %qrange = "onnx.Range"(%zero64, %slen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
    %qabs = "onnx.Add"(%qrange, %plen) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<7xi64>, tensor<3xi64>) -> tensor<1x1x1x7xi64>
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<3xi64>, tensor<3xi64>) -> tensor<1x1x3x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x7xi64>, tensor<1x1x3x1xi64>) -> tensor<1x1x3x7xi1>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%causal, %ss, %ninf) : (tensor<1x1x3x7xi1>, tensor<1x4x3x7xf32>, tensor<f32>) -> tensor<1x4x3x7xf32>
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<1x4x3x7xf32>, tensor<1xi64>) -> tensor<1x4x3x1xf32>
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<1x4x3x1xf32>, tensor<f32>) -> tensor<1x4x3x1xi1>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<1x4x3x1xi1>, tensor<f32>, tensor<1x4x3x7xf32>) -> tensor<1x4x3x7xf32>
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<1x4x3x7xf32>, tensor<1x4x7x8xf32>) -> tensor<1x4x3x8xf32>
    %s3 = "ir.constant"() {value = dense<[0, 3, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x4x3x8xf32>) -> tensor<1x3x4x8xf32>
    %out = "onnx.Reshape"(%ot, %s3) : (tensor<1x3x4x8xf32>, tensor<3xi64>) -> tensor<1x3x32xf32>
    "ir.return"(%out, %kc, %vc) : (tensor<1x3x32xf32>, tensor<1x2x7x8xf32>, tensor<1x1x7x8xf32>) -> ()
  }) {sym_name = "cache_kv_heads_differ"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: with a cache as without, a padding mask alone is not causal.
// CHECK-NOT: GroupQueryAttention
// CHECK-LABEL: }) {sym_name = "cache_padding_alone"}
// TRACE: pattern fuse-group-query-attention on onnx.Reshape %out: the mask is not the causal mask, nor And of it and another
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x1x32xf32, "s0">, %kx: tensor<?x1x16xf32, "s0">, %vx: tensor<?x1x16xf32, "s0">, %pk: tensor<?x2x?x8xf32, "s0, s1">, %pv: tensor<?x2x?x8xf32, "s0, s1">, %pad: tensor<?x1x1x?xi1, "s0, s1 + 1">):
    %sq = "ir.constant"() {value = dense<[0, 4, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q = "onnx.Reshape"(%x, %sq) : (tensor<?x1x32xf32, "s0">, tensor<4xi64>) -> tensor<?x4x1x8xf32, "s0">
    %k = "onnx.Reshape"(%kx, %sk) : (tensor<?x1x16xf32, "s0">, tensor<4xi64>) -> tensor<?x2x1x8xf32, "s0">
    %v = "onnx.Reshape"(%vx, %sv) : (tensor<?x1x16xf32, "s0">, tensor<4xi64>) -> tensor<?x2x1x8xf32, "s0">
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<?x2x?x8xf32, "s0, s1">, tensor<?x2x1x8xf32, "s0">) -> tensor<?x2x?x8xf32, "s0, s1 + 1">
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<?x2x?x8xf32, "s0, s1">, tensor<?x2x1x8xf32, "s0">) -> tensor<?x2x?x8xf32, "s0, s1 + 1">
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x2x1x?x8xf32, "s0, s1 + 1">
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<?x2x1x?x8xf32, "s0, s1 + 1">, tensor<5xi64>) -> tensor<?x2x2x?x8xf32, "s0, s1 + 1">
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<?x2x2x?x8xf32, "s0, s1 + 1">, tensor<4xi64>) -> tensor<?x4x?x8xf32, "s0, s1 + 1">
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x2x1x?x8xf32, "s0, s1 + 1">
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<?x2x1x?x8xf32, "s0, s1 + 1">, tensor<5xi64>) -> tensor<?x2x2x?x8xf32, "s0, s1 + 1">
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<?x2x2x?x8xf32, "s0, s1 + 1">, tensor<4xi64>) -> tensor<?x4x?x8xf32, "s0, s1 + 1">
    %kt = "onnx.Transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<?x4x?x8xf32, "s0, s1 + 1">) -> tensor<?x4x8x?xf32, "s0, s1 + 1">
    %sc = "onnx.MatMul"(%q, %kt) : (tensor<?x4x1x8xf32, "s0">, tensor<?x4x8x?xf32, "s0, s1 + 1">) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %scale = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %ss = "onnx.Mul"(%sc, %scale) : (tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<f32>) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<?x2x?x8xf32, "s0, s1">) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<?x1x32xf32, "s0">) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64, "s1 + 1">
    %qrange = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qabs = "onnx.Add"(%qrange, %plen) : (tensor<1xi64>, tensor<i64>) -> tensor<1xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<?xi64, "s1 + 1">, tensor<3xi64>) -> tensor<1x1x1x?xi64, "s1 + 1">
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<1xi64>, tensor<3xi64>) -> tensor<1x1x1x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x?xi64, "s1 + 1">, tensor<1x1x1x1xi64>) -> tensor<1x1x1x?xi1, "s1 + 1">
    %mask = "onnx.Not"(%pad) : (tensor<?x1x1x?xi1, "s0, s1 + 1">) -> tensor<?x1x1x?xi1, "s0, s1 + 1">
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %m = "onnx.Where"(%mask, %ss, %ninf) : (tensor<?x1x1x?xi1, "s0, s1 + 1">, tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<f32>) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %p = "onnx.Softmax"(%m) {axis = -1 : i64} : (tensor<?x4x1x?xf32, "s0, s1 + 1">) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%m, %axm1) {keepdims = 1 : i64} : (tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x4x1x1xf32, "s0">
    %empty = "onnx.Equal"(%mx, %ninf) : (tensor<?x4x1x1xf32, "s0">, tensor<f32>) -> tensor<?x4x1x1xi1, "s0">
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %pz = "onnx.Where"(%empty, %zero, %p) : (tensor<?x4x1x1xi1, "s0">, tensor<f32>, tensor<?x4x1x?xf32, "s0, s1 + 1">) -> tensor<?x4x1x?xf32, "s0, s1 + 1">
    %o = "onnx.MatMul"(%pz, %vr) : (tensor<?x4x1x?xf32, "s0, s1 + 1">, tensor<?x4x?x8xf32, "s0, s1 + 1">) -> tensor<?x4x1x8xf32, "s0">
    %s3 = "ir.constant"() {value = dense<[0, 1, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%o, %s3) : (tensor<?x4x1x8xf32, "s0">, tensor<3xi64>) -> tensor<?x1x32xf32, "s0">
    "ir.return"(%out, %kc, %vc) : (tensor<?x1x32xf32, "s0">, tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<?x2x?x8xf32, "s0, s1 + 1">) -> ()
  }) {sym_name = "cache_padding_alone"} : () -> ()
}) {onnx.opset = 20 : i64, ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 128>}} : () -> ()

// -----

// The decode step from opset 23: onnx.Attention of the repeated cache,
// its mask expanded to a shape read from the repeated k (Shape ops, which
// keep the repeat and so the Concats until they go unused); the graph's
// outputs read the present keys and values. (q, also read by a Shape op,
// is merged by a Reshape the fusion writes.)
// CHECK: %[[GQA:.*]]:3 = "onnx_domain.com.microsoft.GroupQueryAttention"(%{{[^,]*}}, %kx, %vx, %pk, %pv, {{.*}}) {ir.domain_version = 1 : i64, kv_num_heads = 2 : i64, num_heads = 4 : i64, scale = 0.25 : f64} : ({{.*}}) -> (tensor<?x1x32xf32, "s0">, tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<?x2x?x8xf32, "s0, s1 + 1">)
// CHECK: "ir.return"(%out, %[[GQA]]#1, %[[GQA]]#2)
// CHECK-NOT: "onnx.Attention"
// CHECK-NOT: "onnx.Concat"({{.*}}f32
// CHECK-LABEL: }) {sym_name = "decode_cache_attention_op"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x1x32xf32, "s0">, %kx: tensor<?x1x16xf32, "s0">, %vx: tensor<?x1x16xf32, "s0">, %pk: tensor<?x2x?x8xf32, "s0, s1">, %pv: tensor<?x2x?x8xf32, "s0, s1">, %pad: tensor<?x1x1x?xi1, "s0, s1 + 1">):
    %sq = "ir.constant"() {value = dense<[0, 4, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sk = "ir.constant"() {value = dense<[0, 2, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %sv = "ir.constant"() {value = dense<[0, 2, 1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %q = "onnx.Reshape"(%x, %sq) : (tensor<?x1x32xf32, "s0">, tensor<4xi64>) -> tensor<?x4x1x8xf32, "s0">
    %k = "onnx.Reshape"(%kx, %sk) : (tensor<?x1x16xf32, "s0">, tensor<4xi64>) -> tensor<?x2x1x8xf32, "s0">
    %v = "onnx.Reshape"(%vx, %sv) : (tensor<?x1x16xf32, "s0">, tensor<4xi64>) -> tensor<?x2x1x8xf32, "s0">
    %kc = "onnx.Concat"(%pk, %k) {axis = 2 : i64} : (tensor<?x2x?x8xf32, "s0, s1">, tensor<?x2x1x8xf32, "s0">) -> tensor<?x2x?x8xf32, "s0, s1 + 1">
    %vc = "onnx.Concat"(%pv, %v) {axis = 2 : i64} : (tensor<?x2x?x8xf32, "s0, s1">, tensor<?x2x1x8xf32, "s0">) -> tensor<?x2x?x8xf32, "s0, s1 + 1">
    %ax2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ek = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %ev = "ir.constant"() {value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>} : () -> tensor<5xi64>
    %r4 = "ir.constant"() {value = dense<[0, 4, -1, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ku = "onnx.Unsqueeze"(%kc, %ax2) : (tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x2x1x?x8xf32, "s0, s1 + 1">
    %ke = "onnx.Expand"(%ku, %ek) : (tensor<?x2x1x?x8xf32, "s0, s1 + 1">, tensor<5xi64>) -> tensor<?x2x2x?x8xf32, "s0, s1 + 1">
    %kr = "onnx.Reshape"(%ke, %r4) : (tensor<?x2x2x?x8xf32, "s0, s1 + 1">, tensor<4xi64>) -> tensor<?x4x?x8xf32, "s0, s1 + 1">
    %vu = "onnx.Unsqueeze"(%vc, %ax2) : (tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x2x1x?x8xf32, "s0, s1 + 1">
    %ve = "onnx.Expand"(%vu, %ev) : (tensor<?x2x1x?x8xf32, "s0, s1 + 1">, tensor<5xi64>) -> tensor<?x2x2x?x8xf32, "s0, s1 + 1">
    %vr = "onnx.Reshape"(%ve, %r4) : (tensor<?x2x2x?x8xf32, "s0, s1 + 1">, tensor<4xi64>) -> tensor<?x4x?x8xf32, "s0, s1 + 1">
    %zero64 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one64 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two64 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %pkshape = "onnx.Shape"(%pk) : (tensor<?x2x?x8xf32, "s0, s1">) -> tensor<4xi64>
    %plen = "onnx.Gather"(%pkshape, %two64) {axis = 0 : i64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %xshape = "onnx.Shape"(%x) : (tensor<?x1x32xf32, "s0">) -> tensor<3xi64>
    %slen = "onnx.Gather"(%xshape, %one64) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %tlen = "onnx.Add"(%plen, %slen) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %kvrange = "onnx.Range"(%zero64, %tlen, %one64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64, "s1 + 1">
    %qrange = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qabs = "onnx.Add"(%qrange, %plen) : (tensor<1xi64>, tensor<i64>) -> tensor<1xi64>
    %a012 = "ir.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %a013 = "ir.constant"() {value = dense<[0, 1, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %kvpos = "onnx.Unsqueeze"(%kvrange, %a012) : (tensor<?xi64, "s1 + 1">, tensor<3xi64>) -> tensor<1x1x1x?xi64, "s1 + 1">
    %qpos = "onnx.Unsqueeze"(%qabs, %a013) : (tensor<1xi64>, tensor<3xi64>) -> tensor<1x1x1x1xi64>
    %causal = "onnx.LessOrEqual"(%kvpos, %qpos) : (tensor<1x1x1x?xi64, "s1 + 1">, tensor<1x1x1x1xi64>) -> tensor<1x1x1x?xi1, "s1 + 1">
    %mask = "onnx.And"(%causal, %pad) : (tensor<1x1x1x?xi1, "s1 + 1">, tensor<?x1x1x?xi1, "s0, s1 + 1">) -> tensor<?x1x1x?xi1, "s0, s1 + 1">
    %qshape = "onnx.Shape"(%q) {end = 3 : i64, start = 0 : i64} : (tensor<?x4x1x8xf32, "s0">) -> tensor<3xi64>
    %kvlen = "onnx.Shape"(%kr) {end = 3 : i64, start = 2 : i64} : (tensor<?x4x?x8xf32, "s0, s1 + 1">) -> tensor<1xi64>
    %mshape = "onnx.Concat"(%qshape, %kvlen) {axis = 0 : i64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<4xi64>
    %me = "onnx.Expand"(%mask, %mshape) : (tensor<?x1x1x?xi1, "s0, s1 + 1">, tensor<4xi64>) -> tensor<?x4x1x?xi1, "s0, s1 + 1">
    %att = "onnx.Attention"(%q, %kr, %vr, %me) {is_causal = 0 : i64, scale = 0.25 : f64} : (tensor<?x4x1x8xf32, "s0">, tensor<?x4x?x8xf32, "s0, s1 + 1">, tensor<?x4x?x8xf32, "s0, s1 + 1">, tensor<?x4x1x?xi1, "s0, s1 + 1">) -> tensor<?x4x1x8xf32, "s0">
    %mf = "onnx.Cast"(%mask) {to = f32} : (tensor<?x1x1x?xi1, "s0, s1 + 1">) -> tensor<?x1x1x?xf32, "s0, s1 + 1">
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mx = "onnx.ReduceMax"(%mf, %axm1) {keepdims = 1 : i64} : (tensor<?x1x1x?xf32, "s0, s1 + 1">, tensor<1xi64>) -> tensor<?x1x1x1xf32, "s0">
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %empty = "onnx.Equal"(%mx, %zero) : (tensor<?x1x1x1xf32, "s0">, tensor<f32>) -> tensor<?x1x1x1xi1, "s0">
    %o = "onnx.Where"(%empty, %zero, %att) : (tensor<?x1x1x1xi1, "s0">, tensor<f32>, tensor<?x4x1x8xf32, "s0">) -> tensor<?x4x1x8xf32, "s0">
    %s3 = "ir.constant"() {value = dense<[0, 1, 32]> : tensor<3xi64>} : () -> tensor<3xi64>
    %out = "onnx.Reshape"(%o, %s3) : (tensor<?x4x1x8xf32, "s0">, tensor<3xi64>) -> tensor<?x1x32xf32, "s0">
    "ir.return"(%out, %kc, %vc) : (tensor<?x1x32xf32, "s0">, tensor<?x2x?x8xf32, "s0, s1 + 1">, tensor<?x2x?x8xf32, "s0, s1 + 1">) -> ()
  }) {sym_name = "decode_cache_attention_op"} : () -> ()
}) {onnx.opset = 23 : i64, ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<1, 128>}} : () -> ()

