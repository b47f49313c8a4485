// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// fuse-ort-rotary-embedding: Llama's rotary embedding
// q * cos + Concat(-q[..., d/2:], q[..., :d/2]) * sin, as fuse-ops matches it,
// is com.microsoft.RotaryEmbedding(q, [0], cos_cache, sin_cache): the caches
// are the tables' first halves without batch and heads, [S, H / 2], and the
// position offset 0 reads their rows 0 to S - 1.

// cos and sin of Concat(f, f), unsqueezed over the heads: q and k share
// the caches.
// CHECK: %[[COSH:.*]] = "onnx.Slice"(%cos, {{.*}}) : (tensor<1x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x5x4xf32>
// CHECK: %[[COSC:.*]] = "onnx.Squeeze"(%[[COSH]], %{{.*}}) : (tensor<1x5x4xf32>, tensor<1xi64>) -> tensor<5x4xf32>
// CHECK: %[[SINH:.*]] = "onnx.Slice"(%sin, {{.*}}) -> tensor<1x5x4xf32>
// CHECK: %[[SINC:.*]] = "onnx.Squeeze"(%[[SINH]], %{{.*}}) -> tensor<5x4xf32>
// CHECK: %[[POS:.*]] = "ir.constant"() {value = dense<[0]> : tensor<1xi64>}
// CHECK: %qr = "onnx_domain.com.microsoft.RotaryEmbedding"(%q, %[[POS]], %[[COSC]], %[[SINC]]) {interleaved = 0 : i64, ir.domain_version = 1 : i64} : (tensor<?x4x5x8xf32, "s0">, tensor<1xi64>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<?x4x5x8xf32, "s0">
// CHECK-NOT: "onnx.Neg"
// CHECK: %kr = "onnx_domain.com.microsoft.RotaryEmbedding"(%k, %{{.*}}, %[[COSC]], %[[SINC]])
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
}) {onnx.opset = 20 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: a table per batch row (ONNX Runtime's caches have no batch dim).
// CHECK-NOT: RotaryEmbedding
// CHECK: %qr = "onnx.Add"(%qc, %qs)
// CHECK-LABEL: }) {sym_name = "table_of_q_batch"}
// TRACE: pattern fuse-ort-rotary-embedding on onnx.Add %qr: a table has a batch dim other than 1 (ONNX Runtime's caches are one table for every batch row)
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
}) {onnx.opset = 20 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: float16 (fuse-ops' form takes it; the contrib kernel is float32
// here).
// CHECK-NOT: RotaryEmbedding
// CHECK: %qr = "onnx.Add"(%qc, %qs)
// CHECK-LABEL: }) {sym_name = "float16"}
// TRACE: pattern fuse-ort-rotary-embedding on onnx.Add %qr: q is not float32
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<?x4x5x8xf16, "s0">, %k: tensor<?x2x5x8xf16, "s0">, %f: tensor<1x5x4xf16>):
    %cat = "onnx.Concat"(%f, %f) {axis = 2 : i64} : (tensor<1x5x4xf16>, tensor<1x5x4xf16>) -> tensor<1x5x8xf16>
    %cos = "onnx.Cos"(%cat) : (tensor<1x5x8xf16>) -> tensor<1x5x8xf16>
    %sin = "onnx.Sin"(%cat) : (tensor<1x5x8xf16>) -> tensor<1x5x8xf16>
    %heads = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cu = "onnx.Unsqueeze"(%cos, %heads) : (tensor<1x5x8xf16>, tensor<1xi64>) -> tensor<1x1x5x8xf16>
    %su = "onnx.Unsqueeze"(%sin, %heads) : (tensor<1x5x8xf16>, tensor<1xi64>) -> tensor<1x1x5x8xf16>
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c4 = "ir.constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cmax = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ax3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %step = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qc = "onnx.Mul"(%q, %cu) : (tensor<?x4x5x8xf16, "s0">, tensor<1x1x5x8xf16>) -> tensor<?x4x5x8xf16, "s0">
    %q1 = "onnx.Slice"(%q, %c0, %c4, %ax3, %step) : (tensor<?x4x5x8xf16, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf16, "s0">
    %q2 = "onnx.Slice"(%q, %c4, %cmax, %ax3, %step) : (tensor<?x4x5x8xf16, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf16, "s0">
    %qn = "onnx.Neg"(%q2) : (tensor<?x4x5x4xf16, "s0">) -> tensor<?x4x5x4xf16, "s0">
    %qh = "onnx.Concat"(%qn, %q1) {axis = 3 : i64} : (tensor<?x4x5x4xf16, "s0">, tensor<?x4x5x4xf16, "s0">) -> tensor<?x4x5x8xf16, "s0">
    %qs = "onnx.Mul"(%qh, %su) : (tensor<?x4x5x8xf16, "s0">, tensor<1x1x5x8xf16>) -> tensor<?x4x5x8xf16, "s0">
    %qr = "onnx.Add"(%qc, %qs) : (tensor<?x4x5x8xf16, "s0">, tensor<?x4x5x8xf16, "s0">) -> tensor<?x4x5x8xf16, "s0">
    %kc = "onnx.Mul"(%cu, %k) : (tensor<1x1x5x8xf16>, tensor<?x2x5x8xf16, "s0">) -> tensor<?x2x5x8xf16, "s0">
    %k1 = "onnx.Slice"(%k, %c0, %c4, %axm1) : (tensor<?x2x5x8xf16, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x2x5x4xf16, "s0">
    %k2 = "onnx.Slice"(%k, %c4, %cmax, %axm1) : (tensor<?x2x5x8xf16, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x2x5x4xf16, "s0">
    %kn = "onnx.Neg"(%k2) : (tensor<?x2x5x4xf16, "s0">) -> tensor<?x2x5x4xf16, "s0">
    %kh = "onnx.Concat"(%kn, %k1) {axis = -1 : i64} : (tensor<?x2x5x4xf16, "s0">, tensor<?x2x5x4xf16, "s0">) -> tensor<?x2x5x8xf16, "s0">
    %ks = "onnx.Mul"(%su, %kh) : (tensor<1x1x5x8xf16>, tensor<?x2x5x8xf16, "s0">) -> tensor<?x2x5x8xf16, "s0">
    %kr = "onnx.Add"(%ks, %kc) : (tensor<?x2x5x8xf16, "s0">, tensor<?x2x5x8xf16, "s0">) -> tensor<?x2x5x8xf16, "s0">
    "ir.return"(%qr, %kr) : (tensor<?x4x5x8xf16, "s0">, tensor<?x2x5x8xf16, "s0">) -> ()
  }) {sym_name = "float16"} : () -> ()
}) {onnx.opset = 20 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
