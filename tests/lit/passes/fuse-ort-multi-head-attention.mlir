// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// fuse-multi-head-attention: the attention lower-aten writes below opset 23
// (heads split by Reshape and Transpose, scores scaled and masked, Softmax,
// heads merged) is ONNX Runtime's com.microsoft MultiHeadAttention. A boolean
// mask with fill -inf becomes the attention_bias Where(mask, 0, -inf).

// BERT: dynamic batch and sequence, scale, a [B, 1, S, S] boolean mask.
// CHECK: %[[ZERO:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>}
// CHECK-NEXT: %[[NINF:.*]] = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>}
// CHECK-NEXT: %[[BIAS:.*]] = "onnx.Where"(%mask, %[[ZERO]], %[[NINF]]) : (tensor<?x1x?x?xi1, "s0, s1, s1">, tensor<f32>, tensor<f32>) -> tensor<?x1x?x?xf32, "s0, s1, s1">
// CHECK-NEXT: %[[NONE:.*]] = "ir.constant"() {value} : () -> none
// CHECK-NEXT: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v, %[[NONE]], %[[NONE]], %[[BIAS]]) {ir.domain_version = 1 : i64, num_heads = 4 : i64, scale = 0.17677669{{[0-9]*}} : f64} : (tensor<?x?x128xf32, "s0, s1">, tensor<?x?x128xf32, "s0, s1">, tensor<?x?x128xf32, "s0, s1">, none, none, tensor<?x1x?x?xf32, "s0, s1, s1">) -> tensor<?x?x128xf32, "s0, s1">
// CHECK-NEXT: "ir.return"(%out)
// CHECK-LABEL: }) {sym_name = "masked"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<?x?x128xf32, "s0, s1">, %k: tensor<?x?x128xf32, "s0, s1">, %v: tensor<?x?x128xf32, "s0, s1">, %mask: tensor<?x1x?x?xi1, "s0, s1, s1">):
    %split = "ir.constant"() {value = dense<[0, 0, -1, 32]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[0, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<"0xF304353E"> : tensor<f32>} : () -> tensor<f32>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x?x4x32xf32, "s0, s1">) -> tensor<?x4x?x32xf32, "s0, s1">
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<?x?x4x32xf32, "s0, s1">) -> tensor<?x4x32x?xf32, "s0, s1">
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x?x4x32xf32, "s0, s1">) -> tensor<?x4x?x32xf32, "s0, s1">
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<?x4x?x32xf32, "s0, s1">, tensor<?x4x32x?xf32, "s0, s1">) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<?x4x?x?xf32, "s0, s1, s1">, tensor<f32>) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %masked = "onnx.Where"(%mask, %scaled, %ninf) : (tensor<?x1x?x?xi1, "s0, s1, s1">, tensor<?x4x?x?xf32, "s0, s1, s1">, tensor<f32>) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<?x4x?x?xf32, "s0, s1, s1">) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %o = "onnx.MatMul"(%p, %vt) : (tensor<?x4x?x?xf32, "s0, s1, s1">, tensor<?x4x?x32xf32, "s0, s1">) -> tensor<?x4x?x32xf32, "s0, s1">
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x4x?x32xf32, "s0, s1">) -> tensor<?x?x4x32xf32, "s0, s1">
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<?x?x4x32xf32, "s0, s1">, tensor<3xi64>) -> tensor<?x?x128xf32, "s0, s1">
    "ir.return"(%out) : (tensor<?x?x128xf32, "s0, s1">) -> ()
  }) {sym_name = "masked"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>}, onnx.opset = 20 : i64} : () -> ()

// -----

// T5: no scale (1), an additive float bias [1, N, S, L]; cross attention
// (L is not S); the merged heads reshaped to 2-D (GPT-2) stay a Reshape of
// the fused result.
// CHECK: %[[NONE:.*]] = "ir.constant"() {value} : () -> none
// CHECK-NEXT: %[[MHA:.*]] = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %kv, %kv2, %[[NONE]], %[[NONE]], %bias) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 1.0{{(e\+00)?}} : f64} : (tensor<2x5x16xf32>, tensor<2x7x16xf32>, tensor<2x7x16xf32>, none, none, tensor<1x2x5x7xf32>) -> tensor<2x5x16xf32>
// CHECK-NEXT: %out = "onnx.Reshape"(%[[MHA]], %flat) : (tensor<2x5x16xf32>, tensor<2xi64>) -> tensor<10x16xf32>
// CHECK-LABEL: }) {sym_name = "additive_bias"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x5x16xf32>, %kv: tensor<2x7x16xf32>, %kv2: tensor<2x7x16xf32>, %bias: tensor<1x2x5x7xf32>):
    %qsplit = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %ksplit = "ir.constant"() {value = dense<[2, 7, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %flat = "ir.constant"() {value = dense<[-1, 16]> : tensor<2xi64>} : () -> tensor<2xi64>
    %q4 = "onnx.Reshape"(%q, %qsplit) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %k4 = "onnx.Reshape"(%kv, %ksplit) : (tensor<2x7x16xf32>, tensor<4xi64>) -> tensor<2x7x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x7x2x8xf32>) -> tensor<2x2x8x7xf32>
    %v4 = "onnx.Reshape"(%kv2, %ksplit) : (tensor<2x7x16xf32>, tensor<4xi64>) -> tensor<2x7x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x7x2x8xf32>) -> tensor<2x2x7x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x5x8xf32>, tensor<2x2x8x7xf32>) -> tensor<2x2x5x7xf32>
    %biased = "onnx.Add"(%qk, %bias) : (tensor<2x2x5x7xf32>, tensor<1x2x5x7xf32>) -> tensor<2x2x5x7xf32>
    %p = "onnx.Softmax"(%biased) {axis = 3 : i64} : (tensor<2x2x5x7xf32>) -> tensor<2x2x5x7xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<2x2x5x7xf32>, tensor<2x2x7x8xf32>) -> tensor<2x2x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x5x8xf32>) -> tensor<2x5x2x8xf32>
    %out = "onnx.Reshape"(%ot, %flat) : (tensor<2x5x2x8xf32>, tensor<2xi64>) -> tensor<10x16xf32>
    "ir.return"(%out) : (tensor<10x16xf32>) -> ()
  }) {sym_name = "additive_bias"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// No mask (Whisper's encoder): q, k and v only.
// CHECK-NOT: none
// CHECK: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%x, %x2, %x3) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 1.0{{(e\+00)?}} : f64} : (tensor<1x6x16xf32>, tensor<1x6x16xf32>, tensor<1x6x16xf32>) -> tensor<1x6x16xf32>
// CHECK-LABEL: }) {sym_name = "unmasked"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x6x16xf32>, %x2: tensor<1x6x16xf32>, %x3: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %q4 = "onnx.Reshape"(%x, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%x2, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%x3, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "unmasked"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: a finite fill: adding it to the scores is not selecting it.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "finite_fill"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: the mask's fill is not -inf
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x6x16xf32>, %k: tensor<2x6x16xf32>, %v: tensor<2x6x16xf32>, %mask: tensor<2x1x6x6xi1>):
    %split = "ir.constant"() {value = dense<[2, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[2, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<0.35355339> : tensor<f32>} : () -> tensor<f32>
    %fill = "ir.constant"() {value = dense<-1.0e+04> : tensor<f32>} : () -> tensor<f32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x6x8xf32>, tensor<2x2x8x6xf32>) -> tensor<2x2x6x6xf32>
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %masked = "onnx.Where"(%mask, %scaled, %fill) : (tensor<2x1x6x6xi1>, tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<2x2x6x6xf32>, tensor<2x2x6x8xf32>) -> tensor<2x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x6x8xf32>) -> tensor<2x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<2x6x2x8xf32>, tensor<3xi64>) -> tensor<2x6x16xf32>
    "ir.return"(%out) : (tensor<2x6x16xf32>) -> ()
  }) {sym_name = "finite_fill"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: a mask [B, 1, 1, L] (ONNX Runtime broadcasts no query dim).
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "mask_over_keys_only"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: the mask is not [B or 1, N or 1, S, L]
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x6x16xf32>, %k: tensor<2x6x16xf32>, %v: tensor<2x6x16xf32>, %mask: tensor<2x1x1x6xi1>):
    %split = "ir.constant"() {value = dense<[2, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[2, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<0.35355339> : tensor<f32>} : () -> tensor<f32>
    %fill = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x6x8xf32>, tensor<2x2x8x6xf32>) -> tensor<2x2x6x6xf32>
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %masked = "onnx.Where"(%mask, %scaled, %fill) : (tensor<2x1x1x6xi1>, tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<2x2x6x6xf32>, tensor<2x2x6x8xf32>) -> tensor<2x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x6x8xf32>) -> tensor<2x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<2x6x2x8xf32>, tensor<3xi64>) -> tensor<2x6x16xf32>
    "ir.return"(%out) : (tensor<2x6x16xf32>) -> ()
  }) {sym_name = "mask_over_keys_only"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: float16.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "float16"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: q, k and v are not float32 [B, S or L, D] inputs
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x6x16xf16>, %k: tensor<2x6x16xf16>, %v: tensor<2x6x16xf16>, %mask: tensor<2x1x6x6xi1>):
    %split = "ir.constant"() {value = dense<[2, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[2, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<"0xA835"> : tensor<f16>} : () -> tensor<f16>
    %fill = "ir.constant"() {value = dense<"0x00FC"> : tensor<f16>} : () -> tensor<f16>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<2x6x16xf16>, tensor<4xi64>) -> tensor<2x6x2x8xf16>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf16>) -> tensor<2x2x6x8xf16>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<2x6x16xf16>, tensor<4xi64>) -> tensor<2x6x2x8xf16>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x6x2x8xf16>) -> tensor<2x2x8x6xf16>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<2x6x16xf16>, tensor<4xi64>) -> tensor<2x6x2x8xf16>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf16>) -> tensor<2x2x6x8xf16>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x6x8xf16>, tensor<2x2x8x6xf16>) -> tensor<2x2x6x6xf16>
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<2x2x6x6xf16>, tensor<f16>) -> tensor<2x2x6x6xf16>
    %masked = "onnx.Where"(%mask, %scaled, %fill) : (tensor<2x1x6x6xi1>, tensor<2x2x6x6xf16>, tensor<f16>) -> tensor<2x2x6x6xf16>
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<2x2x6x6xf16>) -> tensor<2x2x6x6xf16>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<2x2x6x6xf16>, tensor<2x2x6x8xf16>) -> tensor<2x2x6x8xf16>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x6x8xf16>) -> tensor<2x6x2x8xf16>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<2x6x2x8xf16>, tensor<3xi64>) -> tensor<2x6x16xf16>
    "ir.return"(%out) : (tensor<2x6x16xf16>) -> ()
  }) {sym_name = "float16"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: the scores have another use.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "scores_returned"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: the weights are not a one-use Softmax
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x6x16xf32>, %k: tensor<2x6x16xf32>, %v: tensor<2x6x16xf32>, %mask: tensor<2x1x6x6xi1>):
    %split = "ir.constant"() {value = dense<[2, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[2, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<0.35355339> : tensor<f32>} : () -> tensor<f32>
    %fill = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x6x8xf32>, tensor<2x2x8x6xf32>) -> tensor<2x2x6x6xf32>
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %masked = "onnx.Where"(%mask, %scaled, %fill) : (tensor<2x1x6x6xi1>, tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<2x2x6x6xf32>, tensor<2x2x6x8xf32>) -> tensor<2x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x6x8xf32>) -> tensor<2x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<2x6x2x8xf32>, tensor<3xi64>) -> tensor<2x6x16xf32>
    "ir.return"(%out, %p) : (tensor<2x6x16xf32>, tensor<2x2x6x6xf32>) -> ()
  }) {sym_name = "scores_returned"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: a scale of 0 (ONNX Runtime reads it as 1 / sqrt(H)).
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "zero_scale"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: the scale is 0
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x6x16xf32>, %k: tensor<2x6x16xf32>, %v: tensor<2x6x16xf32>, %mask: tensor<2x1x6x6xi1>):
    %split = "ir.constant"() {value = dense<[2, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[2, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %fill = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x6x8xf32>, tensor<2x2x8x6xf32>) -> tensor<2x2x6x6xf32>
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %masked = "onnx.Where"(%mask, %scaled, %fill) : (tensor<2x1x6x6xi1>, tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<2x2x6x6xf32>, tensor<2x2x6x8xf32>) -> tensor<2x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x6x8xf32>) -> tensor<2x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<2x6x2x8xf32>, tensor<3xi64>) -> tensor<2x6x16xf32>
    "ir.return"(%out) : (tensor<2x6x16xf32>) -> ()
  }) {sym_name = "zero_scale"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: a merged shape that copies a dim past the first two.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "merged_copies_heads"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: the merged shape is not [B, S, D] nor a constant
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x6x16xf32>, %k: tensor<2x6x16xf32>, %v: tensor<2x6x16xf32>, %mask: tensor<2x1x6x6xi1>):
    %split = "ir.constant"() {value = dense<[2, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[12, 2, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<0.35355339> : tensor<f32>} : () -> tensor<f32>
    %fill = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<2x6x16xf32>, tensor<4xi64>) -> tensor<2x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x6x2x8xf32>) -> tensor<2x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x6x8xf32>, tensor<2x2x8x6xf32>) -> tensor<2x2x6x6xf32>
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %masked = "onnx.Where"(%mask, %scaled, %fill) : (tensor<2x1x6x6xi1>, tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<2x2x6x6xf32>, tensor<2x2x6x8xf32>) -> tensor<2x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x6x8xf32>) -> tensor<2x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<2x6x2x8xf32>, tensor<3xi64>) -> tensor<12x2x8xf32>
    "ir.return"(%out) : (tensor<12x2x8xf32>) -> ()
  }) {sym_name = "merged_copies_heads"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Opset 23: onnx.Attention of the split heads, its boolean mask expanded to
// the scores' shape by a size read from the heads. The Expand is dropped, and
// the split that only sized the mask goes with it.
// CHECK-NOT: "onnx.Expand"
// CHECK-NOT: "onnx.Shape"
// CHECK: %[[BIAS:.*]] = "onnx.Where"(%mask, %{{.*}}, %{{.*}}) : (tensor<?x1x6x6xi1, "s0">, tensor<f32>, tensor<f32>) -> tensor<?x1x6x6xf32, "s0">
// CHECK: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v, %{{.*}}, %{{.*}}, %[[BIAS]]) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.35355{{[0-9]*}} : f64}
// CHECK-NOT: "onnx.Transpose"
// CHECK-LABEL: }) {sym_name = "attention_op"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<?x6x16xf32, "s0">, %k: tensor<?x6x16xf32, "s0">, %v: tensor<?x6x16xf32, "s0">, %mask: tensor<?x1x6x6xi1, "s0">):
    %split = "ir.constant"() {value = dense<[0, 0, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[0, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %qshape = "onnx.Shape"(%qt) {end = 3 : i64, start = 0 : i64} : (tensor<?x2x6x8xf32, "s0">) -> tensor<3xi64>
    %kshape = "onnx.Shape"(%kt) {end = 3 : i64, start = 2 : i64} : (tensor<?x2x6x8xf32, "s0">) -> tensor<1xi64>
    %shape = "onnx.Concat"(%qshape, %kshape) {axis = 0 : i64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<4xi64>
    %full = "onnx.Expand"(%mask, %shape) : (tensor<?x1x6x6xi1, "s0">, tensor<4xi64>) -> tensor<?x2x6x6xi1, "s0">
    %o = "onnx.Attention"(%qt, %kt, %vt, %full) {is_causal = 0 : i64, scale = 0.3535533905932738 : f64} : (tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x6xi1, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x2x6x8xf32, "s0">) -> tensor<?x6x2x8xf32, "s0">
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<?x6x2x8xf32, "s0">, tensor<3xi64>) -> tensor<?x6x16xf32, "s0">
    "ir.return"(%out) : (tensor<?x6x16xf32, "s0">) -> ()
  }) {sym_name = "attention_op"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}, onnx.opset = 23 : i64} : () -> ()

// -----

// Opset 23, q scaled before a split that also sizes the mask: the split,
// and the scaling with it, stay until the sizing goes.
// CHECK-NOT: "onnx.Mul"
// CHECK-NOT: "onnx.Shape"
// CHECK: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v, %{{.*}}, %{{.*}}, %{{.*}}) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.088388{{[0-9]*}} : f64}
// CHECK-NOT: "onnx.Transpose"
// CHECK-LABEL: }) {sym_name = "attention_op_scaled_query_sizing_mask"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<?x6x16xf32, "s0">, %k: tensor<?x6x16xf32, "s0">, %v: tensor<?x6x16xf32, "s0">, %mask: tensor<?x1x6x6xi1, "s0">):
    %split = "ir.constant"() {value = dense<[0, 0, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[0, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %qs = "onnx.Mul"(%q, %s) : (tensor<?x6x16xf32, "s0">, tensor<f32>) -> tensor<?x6x16xf32, "s0">
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %qshape = "onnx.Shape"(%qt) {end = 3 : i64, start = 0 : i64} : (tensor<?x2x6x8xf32, "s0">) -> tensor<3xi64>
    %kshape = "onnx.Shape"(%kt) {end = 3 : i64, start = 2 : i64} : (tensor<?x2x6x8xf32, "s0">) -> tensor<1xi64>
    %shape = "onnx.Concat"(%qshape, %kshape) {axis = 0 : i64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<4xi64>
    %full = "onnx.Expand"(%mask, %shape) : (tensor<?x1x6x6xi1, "s0">, tensor<4xi64>) -> tensor<?x2x6x6xi1, "s0">
    %o = "onnx.Attention"(%qt, %kt, %vt, %full) {is_causal = 0 : i64, scale = 0.3535533905932738 : f64} : (tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x6xi1, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x2x6x8xf32, "s0">) -> tensor<?x6x2x8xf32, "s0">
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<?x6x2x8xf32, "s0">, tensor<3xi64>) -> tensor<?x6x16xf32, "s0">
    "ir.return"(%out) : (tensor<?x6x16xf32, "s0">) -> ()
  }) {sym_name = "attention_op_scaled_query_sizing_mask"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}, onnx.opset = 23 : i64} : () -> ()

// -----

// Refused at opset 23: a causal Attention.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "causal_attention_op"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: the Attention is causal, caps its scores or outputs them
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %o = "onnx.Attention"(%qt, %kt, %vt) {is_causal = 1 : i64, scale = 0.3535533905932738 : f64} : (tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "causal_attention_op"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// The rows a mask hides entirely: lower-aten zeroes them after the Softmax
// (torch gives 0, the Softmax NaN). ONNX Runtime's op gives NaN too, so the
// fused output is zeroed where the bias's row is -inf throughout: ReduceMax
// over the last axis, Equal -inf, the heads axis squeezed.
// CHECK: %[[BIAS:.*]] = "onnx.Where"(%mask, %{{.*}}, %{{.*}}) : (tensor<?x1x?x?xi1, "s0, s1, s1">, tensor<f32>, tensor<f32>) -> tensor<?x1x?x?xf32, "s0, s1, s1">
// CHECK: %[[MHA:.*]] = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v, %{{.*}}, %{{.*}}, %[[BIAS]]) {ir.domain_version = 1 : i64, num_heads = 4 : i64, scale = 0.17677669{{[0-9]*}} : f64}
// CHECK: %[[AXES:.*]] = "ir.constant"() {value = dense<[3]> : tensor<1xi64>}
// CHECK-NEXT: %[[MAX:.*]] = "onnx.ReduceMax"(%[[BIAS]], %[[AXES]]) {keepdims = 1 : i64} : (tensor<?x1x?x?xf32, "s0, s1, s1">, tensor<1xi64>) -> tensor<?x1x?x1xf32, "s0, s1">
// CHECK-NEXT: %[[HIDDEN:.*]] = "onnx.Equal"(%[[MAX]], %{{.*}}) : (tensor<?x1x?x1xf32, "s0, s1">, tensor<f32>) -> tensor<?x1x?x1xi1, "s0, s1">
// CHECK: %[[ROWS:.*]] = "onnx.Squeeze"(%[[HIDDEN]], %{{.*}}) : (tensor<?x1x?x1xi1, "s0, s1">, tensor<1xi64>) -> tensor<?x?x1xi1, "s0, s1">
// CHECK-NEXT: %out = "onnx.Where"(%[[ROWS]], %{{.*}}, %[[MHA]]) : (tensor<?x?x1xi1, "s0, s1">, tensor<f32>, tensor<?x?x128xf32, "s0, s1">) -> tensor<?x?x128xf32, "s0, s1">
// CHECK-NOT: "onnx.Softmax"
// CHECK-LABEL: }) {sym_name = "zeroed_rows"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<?x?x128xf32, "s0, s1">, %k: tensor<?x?x128xf32, "s0, s1">, %v: tensor<?x?x128xf32, "s0, s1">, %mask: tensor<?x1x?x?xi1, "s0, s1, s1">):
    %split = "ir.constant"() {value = dense<[0, 0, -1, 32]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[0, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<"0xF304353E"> : tensor<f32>} : () -> tensor<f32>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %zero = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %last = "ir.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x?x4x32xf32, "s0, s1">) -> tensor<?x4x?x32xf32, "s0, s1">
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<?x?x4x32xf32, "s0, s1">) -> tensor<?x4x32x?xf32, "s0, s1">
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<?x?x128xf32, "s0, s1">, tensor<4xi64>) -> tensor<?x?x4x32xf32, "s0, s1">
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x?x4x32xf32, "s0, s1">) -> tensor<?x4x?x32xf32, "s0, s1">
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<?x4x?x32xf32, "s0, s1">, tensor<?x4x32x?xf32, "s0, s1">) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<?x4x?x?xf32, "s0, s1, s1">, tensor<f32>) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %masked = "onnx.Where"(%mask, %scaled, %ninf) : (tensor<?x1x?x?xi1, "s0, s1, s1">, tensor<?x4x?x?xf32, "s0, s1, s1">, tensor<f32>) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<?x4x?x?xf32, "s0, s1, s1">) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %rowmax = "onnx.ReduceMax"(%masked, %last) {keepdims = 1 : i64} : (tensor<?x4x?x?xf32, "s0, s1, s1">, tensor<1xi64>) -> tensor<?x4x?x1xf32, "s0, s1">
    %hidden = "onnx.Equal"(%rowmax, %ninf) : (tensor<?x4x?x1xf32, "s0, s1">, tensor<f32>) -> tensor<?x4x?x1xi1, "s0, s1">
    %pz = "onnx.Where"(%hidden, %zero, %p) : (tensor<?x4x?x1xi1, "s0, s1">, tensor<f32>, tensor<?x4x?x?xf32, "s0, s1, s1">) -> tensor<?x4x?x?xf32, "s0, s1, s1">
    %o = "onnx.MatMul"(%pz, %vt) : (tensor<?x4x?x?xf32, "s0, s1, s1">, tensor<?x4x?x32xf32, "s0, s1">) -> tensor<?x4x?x32xf32, "s0, s1">
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x4x?x32xf32, "s0, s1">) -> tensor<?x?x4x32xf32, "s0, s1">
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<?x?x4x32xf32, "s0, s1">, tensor<3xi64>) -> tensor<?x?x128xf32, "s0, s1">
    "ir.return"(%out) : (tensor<?x?x128xf32, "s0, s1">) -> ()
  }) {sym_name = "zeroed_rows"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>}, onnx.opset = 20 : i64} : () -> ()

// -----

// The same under a mask per head ([B, N, S, L]): the merged output has no
// axis for the heads to zero a row of one head, so it is not fused.
// CHECK: "onnx.Softmax"
// CHECK-LABEL: }) {sym_name = "zeroed_rows_per_head"}
// TRACE: pattern fuse-multi-head-attention on onnx.Reshape %out: rows are zeroed under a mask per head
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<2x5x16xf32>, %k: tensor<2x5x16xf32>, %v: tensor<2x5x16xf32>, %mask: tensor<2x2x5x5xi1>):
    %split = "ir.constant"() {value = dense<[2, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[2, 5, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %zero = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %last = "ir.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x8x5xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<2x5x16xf32>, tensor<4xi64>) -> tensor<2x5x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x5x2x8xf32>) -> tensor<2x2x5x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<2x2x5x8xf32>, tensor<2x2x8x5xf32>) -> tensor<2x2x5x5xf32>
    %masked = "onnx.Where"(%mask, %qk, %ninf) : (tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5x5xf32>
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<2x2x5x5xf32>) -> tensor<2x2x5x5xf32>
    %rowmax = "onnx.ReduceMax"(%masked, %last) {keepdims = 1 : i64} : (tensor<2x2x5x5xf32>, tensor<1xi64>) -> tensor<2x2x5x1xf32>
    %hidden = "onnx.Equal"(%rowmax, %ninf) : (tensor<2x2x5x1xf32>, tensor<f32>) -> tensor<2x2x5x1xi1>
    %pz = "onnx.Where"(%hidden, %zero, %p) : (tensor<2x2x5x1xi1>, tensor<f32>, tensor<2x2x5x5xf32>) -> tensor<2x2x5x5xf32>
    %o = "onnx.MatMul"(%pz, %vt) : (tensor<2x2x5x5xf32>, tensor<2x2x5x8xf32>) -> tensor<2x2x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x5x8xf32>) -> tensor<2x5x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<2x5x2x8xf32>, tensor<3xi64>) -> tensor<2x5x16xf32>
    "ir.return"(%out) : (tensor<2x5x16xf32>) -> ()
  }) {sym_name = "zeroed_rows_per_head"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Opset 23: the zeroing follows the Attention op, over Cast(mask) whose row
// max is 0 where the boolean mask has no true. Fused, and zeroed as above.
// CHECK: %[[BIAS:.*]] = "onnx.Where"(%mask, %{{.*}}, %{{.*}}) : (tensor<?x1x6x6xi1, "s0">, tensor<f32>, tensor<f32>) -> tensor<?x1x6x6xf32, "s0">
// CHECK: %[[MHA:.*]] = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v, %{{.*}}, %{{.*}}, %[[BIAS]])
// CHECK: "onnx.ReduceMax"(%[[BIAS]]
// CHECK: %out = "onnx.Where"(%{{.*}}, %{{.*}}, %[[MHA]]) : (tensor<?x6x1xi1, "s0">, tensor<f32>, tensor<?x6x16xf32, "s0">) -> tensor<?x6x16xf32, "s0">
// CHECK-NOT: "onnx.Attention"
// CHECK-LABEL: }) {sym_name = "attention_op_zeroed_rows"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<?x6x16xf32, "s0">, %k: tensor<?x6x16xf32, "s0">, %v: tensor<?x6x16xf32, "s0">, %mask: tensor<?x1x6x6xi1, "s0">):
    %split = "ir.constant"() {value = dense<[0, 0, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[0, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %zero = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %last = "ir.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %qshape = "onnx.Shape"(%qt) {end = 3 : i64, start = 0 : i64} : (tensor<?x2x6x8xf32, "s0">) -> tensor<3xi64>
    %kshape = "onnx.Shape"(%kt) {end = 3 : i64, start = 2 : i64} : (tensor<?x2x6x8xf32, "s0">) -> tensor<1xi64>
    %shape = "onnx.Concat"(%qshape, %kshape) {axis = 0 : i64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<4xi64>
    %full = "onnx.Expand"(%mask, %shape) : (tensor<?x1x6x6xi1, "s0">, tensor<4xi64>) -> tensor<?x2x6x6xi1, "s0">
    %o = "onnx.Attention"(%qt, %kt, %vt, %full) {is_causal = 0 : i64, scale = 0.3535533905932738 : f64} : (tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x8xf32, "s0">, tensor<?x2x6x6xi1, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %fmask = "onnx.Cast"(%mask) {to = 1 : i64} : (tensor<?x1x6x6xi1, "s0">) -> tensor<?x1x6x6xf32, "s0">
    %rowmax = "onnx.ReduceMax"(%fmask, %last) {keepdims = 1 : i64} : (tensor<?x1x6x6xf32, "s0">, tensor<1xi64>) -> tensor<?x1x6x1xf32, "s0">
    %hidden = "onnx.Equal"(%rowmax, %zero) : (tensor<?x1x6x1xf32, "s0">, tensor<f32>) -> tensor<?x1x6x1xi1, "s0">
    %oz = "onnx.Where"(%hidden, %zero, %o) : (tensor<?x1x6x1xi1, "s0">, tensor<f32>, tensor<?x2x6x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %ot = "onnx.Transpose"(%oz) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x2x6x8xf32, "s0">) -> tensor<?x6x2x8xf32, "s0">
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<?x6x2x8xf32, "s0">, tensor<3xi64>) -> tensor<?x6x16xf32, "s0">
    "ir.return"(%out) : (tensor<?x6x16xf32, "s0">) -> ()
  }) {sym_name = "attention_op_zeroed_rows"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}, onnx.opset = 23 : i64} : () -> ()

// -----

// A mask that hid nothing was folded away (HF ViT's all-true mask) and left
// the zeroing over the unmasked scores: those are finite in every row, as
// lower-aten assumes of attention without a mask, so nothing is zeroed.
// CHECK: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.5{{(0*e-01)?}} : f64}
// CHECK-NEXT: "ir.return"(%out)
// CHECK-LABEL: }) {sym_name = "zeroed_rows_without_mask"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x5x16xf32>, %k: tensor<1x5x16xf32>, %v: tensor<1x5x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 5, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 5, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<"0x0000003F"> : tensor<f32>} : () -> tensor<f32>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %zero = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %last = "ir.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<1x5x16xf32>, tensor<4xi64>) -> tensor<1x5x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x5x2x8xf32>) -> tensor<1x2x5x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x5x16xf32>, tensor<4xi64>) -> tensor<1x5x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x5x2x8xf32>) -> tensor<1x2x8x5xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x5x16xf32>, tensor<4xi64>) -> tensor<1x5x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x5x2x8xf32>) -> tensor<1x2x5x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x5x8xf32>, tensor<1x2x8x5xf32>) -> tensor<1x2x5x5xf32>
    %scaled = "onnx.Mul"(%qk, %scale) : (tensor<1x2x5x5xf32>, tensor<f32>) -> tensor<1x2x5x5xf32>
    %p = "onnx.Softmax"(%scaled) {axis = -1 : i64} : (tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
    %rowmax = "onnx.ReduceMax"(%scaled, %last) {keepdims = 1 : i64} : (tensor<1x2x5x5xf32>, tensor<1xi64>) -> tensor<1x2x5x1xf32>
    %hidden = "onnx.Equal"(%rowmax, %ninf) : (tensor<1x2x5x1xf32>, tensor<f32>) -> tensor<1x2x5x1xi1>
    %pz = "onnx.Where"(%hidden, %zero, %p) : (tensor<1x2x5x1xi1>, tensor<f32>, tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
    %o = "onnx.MatMul"(%pz, %vt) : (tensor<1x2x5x5xf32>, tensor<1x2x5x8xf32>) -> tensor<1x2x5x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x5x8xf32>) -> tensor<1x5x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x5x2x8xf32>, tensor<3xi64>) -> tensor<1x5x16xf32>
    "ir.return"(%out) : (tensor<1x5x16xf32>) -> ()
  }) {sym_name = "zeroed_rows_without_mask"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Whisper: q scaled before the split (q_proj(x) * scaling) and attention of
// scale 1: the scale of q is the fused op's (ONNX Runtime scales q k^T
// instead, equal but for rounding).
// CHECK-NOT: "onnx.Mul"
// CHECK: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.17677669{{[0-9]*}} : f64} : (tensor<1x6x16xf32>, tensor<1x6x16xf32>, tensor<1x6x16xf32>) -> tensor<1x6x16xf32>
// CHECK-NEXT: "ir.return"(%out)
// CHECK-LABEL: }) {sym_name = "scaled_query"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<"0xF304353E"> : tensor<f32>} : () -> tensor<f32>
    %qs = "onnx.Mul"(%q, %s) : (tensor<1x6x16xf32>, tensor<f32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "scaled_query"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// The split heads of q divided by 4 and the scores scaled by 0.5: scale
// 0.5 / 4 (a power of two: the same numbers).
// CHECK-NOT: "onnx.Div"
// CHECK: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.125 : f64}
// CHECK-NEXT: "ir.return"(%out)
// CHECK-LABEL: }) {sym_name = "divided_query_heads"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %four = "ir.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
    %half = "ir.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qd = "onnx.Div"(%qt, %four) : (tensor<1x2x6x8xf32>, tensor<f32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qd, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %scaled = "onnx.Mul"(%qk, %half) : (tensor<1x2x6x6xf32>, tensor<f32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%scaled) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "divided_query_heads"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Opset 23: onnx.Attention of scale 1 of q scaled (the constant first).
// CHECK-NOT: "onnx.Mul"
// CHECK: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.17677669{{[0-9]*}} : f64}
// CHECK-LABEL: }) {sym_name = "attention_op_scaled_query"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<"0xF304353E"> : tensor<f32>} : () -> tensor<f32>
    %qs = "onnx.Mul"(%s, %q) : (tensor<f32>, tensor<1x6x16xf32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %o = "onnx.Attention"(%qt, %kt, %vt) {is_causal = 0 : i64, scale = 1.0 : f64} : (tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "attention_op_scaled_query"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// Not taken in: a scale of q that is not a constant, one per channel, a
// scale of 0 (which ONNX Runtime would read as 1 / sqrt(H)), a scaled q of
// another use, and a scale of k. The scalings stay; the attention fuses with
// scale 1.
// CHECK: %qs = "onnx.Mul"(%q, %s)
// CHECK-NEXT: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%qs, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 1.0{{(e\+00)?}} : f64}
// CHECK-LABEL: }) {sym_name = "query_scaled_by_input"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>, %s: tensor<f32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %qs = "onnx.Mul"(%q, %s) : (tensor<1x6x16xf32>, tensor<f32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "query_scaled_by_input"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// CHECK: %qs = "onnx.Mul"(%q, %s)
// CHECK-NEXT: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%qs, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 1.0{{(e\+00)?}} : f64}
// CHECK-LABEL: }) {sym_name = "query_scaled_per_channel"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<0.5> : tensor<16xf32>} : () -> tensor<16xf32>
    %qs = "onnx.Mul"(%q, %s) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "query_scaled_per_channel"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// CHECK: %qs = "onnx.Mul"(%q, %s)
// CHECK-NEXT: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%qs, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 1.0{{(e\+00)?}} : f64}
// CHECK-LABEL: }) {sym_name = "query_scaled_by_zero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %qs = "onnx.Mul"(%q, %s) : (tensor<1x6x16xf32>, tensor<f32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "query_scaled_by_zero"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// CHECK: %qs = "onnx.Mul"(%q, %s)
// CHECK-NEXT: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%qs, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 1.0{{(e\+00)?}} : f64}
// CHECK-NEXT: "ir.return"(%out, %qs)
// CHECK-LABEL: }) {sym_name = "scaled_query_returned"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
    %qs = "onnx.Mul"(%q, %s) : (tensor<1x6x16xf32>, tensor<f32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out, %qs) : (tensor<1x6x16xf32>, tensor<1x6x16xf32>) -> ()
  }) {sym_name = "scaled_query_returned"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// CHECK: %ks = "onnx.Mul"(%k, %s)
// CHECK-NEXT: %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %ks, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 1.0{{(e\+00)?}} : f64}
// CHECK-LABEL: }) {sym_name = "scaled_key"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x6x16xf32>, %k: tensor<1x6x16xf32>, %v: tensor<1x6x16xf32>):
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
    %ks = "onnx.Mul"(%k, %s) : (tensor<1x6x16xf32>, tensor<f32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%ks, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "scaled_key"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()