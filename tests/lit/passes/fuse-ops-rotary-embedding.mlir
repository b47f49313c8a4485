// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ops --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ops{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: sed 's/onnx.opset = 23/onnx.opset = 22/' %s | %pt2onnx-opt - --split-input-file --passes=fuse-ops --verify | FileCheck %s --check-prefix=OPSET22

// fuse-rotary-embedding: from opset 23, Llama's rotary embedding
// q * cos + Concat(-q[..., d/2:], q[..., :d/2]) * sin is one RotaryEmbedding
// of q and the first halves of cos and sin, when their halves are provably
// equal. Below opset 23 nothing changes.

// OPSET22-NOT: RotaryEmbedding

// cos and sin of Concat(f, f), unsqueezed over the heads. The caches are
// their first halves, expanded to q's dynamic batch; q and k share them.
// CHECK: %[[COSH:.*]] = "onnx.Slice"(%cos, {{.*}}) : (tensor<1x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x5x4xf32>
// CHECK: %[[BATCH:.*]] = "onnx.Shape"(%q) {end = 1 : i64, start = 0 : i64}
// CHECK: %[[TARGET:.*]] = "onnx.Concat"(%[[BATCH]], {{.*}}) {axis = 0 : i64}
// CHECK: %[[COSC:.*]] = "onnx.Expand"(%[[COSH]], %[[TARGET]]) : (tensor<1x5x4xf32>, tensor<3xi64>) -> tensor<?x5x4xf32, "s0">
// CHECK: %[[SINH:.*]] = "onnx.Slice"(%sin, {{.*}}) -> tensor<1x5x4xf32>
// CHECK: %[[SINC:.*]] = "onnx.Expand"(%[[SINH]], {{.*}}) -> tensor<?x5x4xf32, "s0">
// CHECK: %qr = "onnx.RotaryEmbedding"(%q, %[[COSC]], %[[SINC]]) : (tensor<?x4x5x8xf32, "s0">, tensor<?x5x4xf32, "s0">, tensor<?x5x4xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
// CHECK-NOT: "onnx.Neg"
// CHECK: %kr = "onnx.RotaryEmbedding"(%k, %[[COSC]], %[[SINC]])
// CHECK-LABEL: }) {sym_name = "llama_q_and_k"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<?x4x5x8xf32, "s0">, %k: tensor<?x2x5x8xf32, "s0">, %f: tensor<1x5x4xf32>):
    %cat = "onnx.Concat"(%f, %f) {axis = 2 : i64} : (tensor<1x5x4xf32>, tensor<1x5x4xf32>) -> tensor<1x5x8xf32>
    %cos = "onnx.Cos"(%cat) : (tensor<1x5x8xf32>) -> tensor<1x5x8xf32>
    %sin = "onnx.Sin"(%cat) : (tensor<1x5x8xf32>) -> tensor<1x5x8xf32>
    %heads = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cu = "onnx.Unsqueeze"(%cos, %heads) : (tensor<1x5x8xf32>, tensor<1xi64>) -> tensor<1x1x5x8xf32>
    %su = "onnx.Unsqueeze"(%sin, %heads) : (tensor<1x5x8xf32>, tensor<1xi64>) -> tensor<1x1x5x8xf32>
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c4 = "ir.constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cmax = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ax3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %step = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qc = "onnx.Mul"(%q, %cu) : (tensor<?x4x5x8xf32, "s0">, tensor<1x1x5x8xf32>) -> tensor<?x4x5x8xf32, "s0">
    %q1 = "onnx.Slice"(%q, %c0, %c4, %ax3, %step) : (tensor<?x4x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf32, "s0">
    %q2 = "onnx.Slice"(%q, %c4, %cmax, %ax3, %step) : (tensor<?x4x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf32, "s0">
    %qn = "onnx.Neg"(%q2) : (tensor<?x4x5x4xf32, "s0">) -> tensor<?x4x5x4xf32, "s0">
    %qh = "onnx.Concat"(%qn, %q1) {axis = 3 : i64} : (tensor<?x4x5x4xf32, "s0">, tensor<?x4x5x4xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
    %qs = "onnx.Mul"(%qh, %su) : (tensor<?x4x5x8xf32, "s0">, tensor<1x1x5x8xf32>) -> tensor<?x4x5x8xf32, "s0">
    %qr = "onnx.Add"(%qc, %qs) : (tensor<?x4x5x8xf32, "s0">, tensor<?x4x5x8xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
    %kc = "onnx.Mul"(%cu, %k) : (tensor<1x1x5x8xf32>, tensor<?x2x5x8xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">
    %k1 = "onnx.Slice"(%k, %c0, %c4, %axm1) : (tensor<?x2x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x2x5x4xf32, "s0">
    %k2 = "onnx.Slice"(%k, %c4, %cmax, %axm1) : (tensor<?x2x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x2x5x4xf32, "s0">
    %kn = "onnx.Neg"(%k2) : (tensor<?x2x5x4xf32, "s0">) -> tensor<?x2x5x4xf32, "s0">
    %kh = "onnx.Concat"(%kn, %k1) {axis = -1 : i64} : (tensor<?x2x5x4xf32, "s0">, tensor<?x2x5x4xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">
    %ks = "onnx.Mul"(%su, %kh) : (tensor<1x1x5x8xf32>, tensor<?x2x5x8xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">
    %kr = "onnx.Add"(%ks, %kc) : (tensor<?x2x5x8xf32, "s0">, tensor<?x2x5x8xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">
    "ir.return"(%qr, %kr) : (tensor<?x4x5x8xf32, "s0">, tensor<?x2x5x8xf32, "s0">) -> ()
  }) {sym_name = "llama_q_and_k"} : () -> ()
}) {onnx.opset = 23 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// A 4-D table of q's batch: the cache is squeezed over the heads and sliced,
// not expanded.
// CHECK: %[[SQ:.*]] = "onnx.Squeeze"(%cos, %{{.*}}) : (tensor<2x1x5x8xf32>, tensor<1xi64>) -> tensor<2x5x8xf32>
// CHECK: %[[HALF:.*]] = "onnx.Slice"(%[[SQ]], {{.*}}) -> tensor<2x5x4xf32>
// CHECK-NOT: "onnx.Expand"
// CHECK: %qr = "onnx.RotaryEmbedding"(%q, %[[HALF]], %{{.*}}) : (tensor<2x4x5x8xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x4x5x8xf32>
// CHECK-LABEL: }) {sym_name = "table_of_q_batch"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x4x5x8xf32>, %f: tensor<2x1x5x4xf32>):
    %cat = "onnx.Concat"(%f, %f) {axis = 3 : i64} : (tensor<2x1x5x4xf32>, tensor<2x1x5x4xf32>) -> tensor<2x1x5x8xf32>
    %cos = "onnx.Cos"(%cat) : (tensor<2x1x5x8xf32>) -> tensor<2x1x5x8xf32>
    %sin = "onnx.Sin"(%cat) : (tensor<2x1x5x8xf32>) -> tensor<2x1x5x8xf32>
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c4 = "ir.constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c8 = "ir.constant"() {value = dense<[8]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ax3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qc = "onnx.Mul"(%cos, %q) : (tensor<2x1x5x8xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    %q1 = "onnx.Slice"(%q, %c0, %c4, %ax3) : (tensor<2x4x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4x5x4xf32>
    %q2 = "onnx.Slice"(%q, %c4, %c8, %ax3) : (tensor<2x4x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4x5x4xf32>
    %qn = "onnx.Neg"(%q2) : (tensor<2x4x5x4xf32>) -> tensor<2x4x5x4xf32>
    %qh = "onnx.Concat"(%qn, %q1) {axis = 3 : i64} : (tensor<2x4x5x4xf32>, tensor<2x4x5x4xf32>) -> tensor<2x4x5x8xf32>
    %qs = "onnx.Mul"(%qh, %sin) : (tensor<2x4x5x8xf32>, tensor<2x1x5x8xf32>) -> tensor<2x4x5x8xf32>
    %qr = "onnx.Add"(%qc, %qs) : (tensor<2x4x5x8xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    "ir.return"(%qr) : (tensor<2x4x5x8xf32>) -> ()
  }) {sym_name = "table_of_q_batch"} : () -> ()
}) {onnx.opset = 23 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the table's halves are not provably equal (the cos of an input,
// not of Concat(f, f)).
// CHECK-NOT: RotaryEmbedding
// CHECK: %gr = "onnx.Add"(%gq, %gs)
// CHECK-LABEL: }) {sym_name = "halves_not_provably_equal"}
// TRACE: pattern fuse-rotary-embedding on onnx.Add %gr: cos or sin is not a [B or 1, 1, S, D] table of q's type with provably equal halves
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x4x5x8xf32>, %g: tensor<2x1x5x8xf32>):
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c4 = "ir.constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c8 = "ir.constant"() {value = dense<[8]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ax3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %gcos = "onnx.Cos"(%g) : (tensor<2x1x5x8xf32>) -> tensor<2x1x5x8xf32>
    %gsin = "onnx.Sin"(%g) : (tensor<2x1x5x8xf32>) -> tensor<2x1x5x8xf32>
    %gq = "onnx.Mul"(%q, %gcos) : (tensor<2x4x5x8xf32>, tensor<2x1x5x8xf32>) -> tensor<2x4x5x8xf32>
    %g1 = "onnx.Slice"(%q, %c0, %c4, %ax3) : (tensor<2x4x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4x5x4xf32>
    %g2 = "onnx.Slice"(%q, %c4, %c8, %ax3) : (tensor<2x4x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4x5x4xf32>
    %gn = "onnx.Neg"(%g2) : (tensor<2x4x5x4xf32>) -> tensor<2x4x5x4xf32>
    %gh = "onnx.Concat"(%gn, %g1) {axis = 3 : i64} : (tensor<2x4x5x4xf32>, tensor<2x4x5x4xf32>) -> tensor<2x4x5x8xf32>
    %gs = "onnx.Mul"(%gh, %gsin) : (tensor<2x4x5x8xf32>, tensor<2x1x5x8xf32>) -> tensor<2x4x5x8xf32>
    %gr = "onnx.Add"(%gq, %gs) : (tensor<2x4x5x8xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    "ir.return"(%gr) : (tensor<2x4x5x8xf32>) -> ()
  }) {sym_name = "halves_not_provably_equal"} : () -> ()
}) {onnx.opset = 23 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the halves of q are not swapped (Concat(q1, -q2), not
// Concat(-q2, q1)).
// CHECK-NOT: RotaryEmbedding
// CHECK: %sr = "onnx.Add"(%sq, %ss)
// CHECK-LABEL: }) {sym_name = "halves_not_swapped"}
// TRACE: pattern fuse-rotary-embedding on onnx.Add %sr: the Concat is not of a Neg and a slice, each used once
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x4x5x8xf32>, %g: tensor<2x1x5x8xf32>):
    %gcos = "onnx.Cos"(%g) : (tensor<2x1x5x8xf32>) -> tensor<2x1x5x8xf32>
    %gsin = "onnx.Sin"(%g) : (tensor<2x1x5x8xf32>) -> tensor<2x1x5x8xf32>
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c4 = "ir.constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c8 = "ir.constant"() {value = dense<[8]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ax3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %sq = "onnx.Mul"(%q, %gcos) : (tensor<2x4x5x8xf32>, tensor<2x1x5x8xf32>) -> tensor<2x4x5x8xf32>
    %s1 = "onnx.Slice"(%q, %c0, %c4, %ax3) : (tensor<2x4x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4x5x4xf32>
    %s2 = "onnx.Slice"(%q, %c4, %c8, %ax3) : (tensor<2x4x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4x5x4xf32>
    %sn = "onnx.Neg"(%s2) : (tensor<2x4x5x4xf32>) -> tensor<2x4x5x4xf32>
    %sh = "onnx.Concat"(%s1, %sn) {axis = 3 : i64} : (tensor<2x4x5x4xf32>, tensor<2x4x5x4xf32>) -> tensor<2x4x5x8xf32>
    %ss = "onnx.Mul"(%sh, %gsin) : (tensor<2x4x5x8xf32>, tensor<2x1x5x8xf32>) -> tensor<2x4x5x8xf32>
    %sr = "onnx.Add"(%sq, %ss) : (tensor<2x4x5x8xf32>, tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
    "ir.return"(%sr) : (tensor<2x4x5x8xf32>) -> ()
  }) {sym_name = "halves_not_swapped"} : () -> ()
}) {onnx.opset = 23 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
