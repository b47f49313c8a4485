// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort,fold-constants,dce | FileCheck %s --check-prefix=FOLDED

// fuse-attention: the MultiHeadAttention of three projections x @ W + b of
// one x is ONNX Runtime's Attention, with the weights and biases
// concatenated (fold-constants packs them).

// CHECK: %[[W:.*]] = "onnx.Concat"(%wq, %wk, %wv) {axis = 1 : i64} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x48xf32>
// CHECK-NEXT: %[[B:.*]] = "onnx.Concat"(%bq, %bk, %bv) {axis = 0 : i64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<48xf32>
// CHECK-NEXT: %out = "onnx_domain.com.microsoft.Attention"(%x, %[[W]], %[[B]], %[[NONE:.*]], %[[NONE]], %[[BIAS:.*]]) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.35355{{[0-9]*}} : f64} : (tensor<?x6x16xf32, "s0">, tensor<16x48xf32>, tensor<48xf32>, none, none, tensor<?x1x6x6xf32, "s0">) -> tensor<?x6x16xf32, "s0">
// CHECK-NOT: "onnx.MatMul"
// CHECK-LABEL: }) {sym_name = "projected"}
// FOLDED-NOT: "onnx.Concat"
// FOLDED: "onnx_domain.com.microsoft.Attention"(%x, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : (tensor<?x6x16xf32, "s0">, tensor<16x48xf32>, tensor<48xf32>, none, none, tensor<?x1x6x6xf32, "s0">)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x6x16xf32, "s0">, %mask: tensor<?x1x6x6xi1, "s0">):
    %wq = "ir.constant"() {value = dense<0.5> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %wk = "ir.constant"() {value = dense<0.25> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %wv = "ir.constant"() {value = dense<0.125> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %bq = "ir.constant"() {value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %bk = "ir.constant"() {value = dense<2.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %bv = "ir.constant"() {value = dense<3.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %split = "ir.constant"() {value = dense<[0, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[0, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %scale = "ir.constant"() {value = dense<0.35355339> : tensor<f32>} : () -> tensor<f32>
    %ninf = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>} : () -> tensor<f32>
    %mq = "onnx.MatMul"(%x, %wq) : (tensor<?x6x16xf32, "s0">, tensor<16x16xf32>) -> tensor<?x6x16xf32, "s0">
    %q = "onnx.Add"(%mq, %bq) : (tensor<?x6x16xf32, "s0">, tensor<16xf32>) -> tensor<?x6x16xf32, "s0">
    %mk = "onnx.MatMul"(%x, %wk) : (tensor<?x6x16xf32, "s0">, tensor<16x16xf32>) -> tensor<?x6x16xf32, "s0">
    %k = "onnx.Add"(%bk, %mk) : (tensor<16xf32>, tensor<?x6x16xf32, "s0">) -> tensor<?x6x16xf32, "s0">
    %mv = "onnx.MatMul"(%x, %wv) : (tensor<?x6x16xf32, "s0">, tensor<16x16xf32>) -> tensor<?x6x16xf32, "s0">
    %v = "onnx.Add"(%mv, %bv) : (tensor<?x6x16xf32, "s0">, tensor<16xf32>) -> tensor<?x6x16xf32, "s0">
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %k4 = "onnx.Reshape"(%k, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x8x6xf32, "s0">
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<?x6x16xf32, "s0">, tensor<4xi64>) -> tensor<?x6x2x8xf32, "s0">
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x6x2x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<?x2x6x8xf32, "s0">, tensor<?x2x8x6xf32, "s0">) -> tensor<?x2x6x6xf32, "s0">
    %scaled = "onnx.Mul"(%scale, %qk) : (tensor<f32>, tensor<?x2x6x6xf32, "s0">) -> tensor<?x2x6x6xf32, "s0">
    %masked = "onnx.Where"(%mask, %scaled, %ninf) : (tensor<?x1x6x6xi1, "s0">, tensor<?x2x6x6xf32, "s0">, tensor<f32>) -> tensor<?x2x6x6xf32, "s0">
    %p = "onnx.Softmax"(%masked) {axis = -1 : i64} : (tensor<?x2x6x6xf32, "s0">) -> tensor<?x2x6x6xf32, "s0">
    %o = "onnx.MatMul"(%p, %vt) : (tensor<?x2x6x6xf32, "s0">, tensor<?x2x6x8xf32, "s0">) -> tensor<?x2x6x8xf32, "s0">
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<?x2x6x8xf32, "s0">) -> tensor<?x6x2x8xf32, "s0">
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<?x6x2x8xf32, "s0">, tensor<3xi64>) -> tensor<?x6x16xf32, "s0">
    "ir.return"(%out) : (tensor<?x6x16xf32, "s0">) -> ()
  }) {sym_name = "projected"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}, onnx.opset = 20 : i64} : () -> ()

// -----

// k without bias (Whisper's k_proj): its part of the packed bias is zeros
// (x @ w + 0 is x @ w but for the sign of a zero, which no score keeps).
// CHECK: %[[ZERO:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<16xf32>}
// CHECK: %[[W:.*]] = "onnx.Concat"(%wq, %wk, %wv) {axis = 1 : i64}
// CHECK: %[[B:.*]] = "onnx.Concat"(%bq, %[[ZERO]], %bv) {axis = 0 : i64}
// CHECK: %out = "onnx_domain.com.microsoft.Attention"(%x, %[[W]], %[[B]])
// CHECK-LABEL: }) {sym_name = "unbiased_key"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x6x16xf32>):
    %wq = "ir.constant"() {value = dense<0.5> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %wk = "ir.constant"() {value = dense<0.25> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %wv = "ir.constant"() {value = dense<0.125> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %bq = "ir.constant"() {value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %bv = "ir.constant"() {value = dense<3.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %mq = "onnx.MatMul"(%x, %wq) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %q = "onnx.Add"(%mq, %bq) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %mk = "onnx.MatMul"(%x, %wk) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %mv = "onnx.MatMul"(%x, %wv) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %v = "onnx.Add"(%mv, %bv) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%q, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%mk, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %kt = "onnx.Transpose"(%k4) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x8x6xf32>
    %v4 = "onnx.Reshape"(%v, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %vt = "onnx.Transpose"(%v4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %qk = "onnx.MatMul"(%qt, %kt) : (tensor<1x2x6x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x6x6xf32>
    %p = "onnx.Softmax"(%qk) {axis = -1 : i64} : (tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
    %o = "onnx.MatMul"(%p, %vt) : (tensor<1x2x6x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
    %ot = "onnx.Transpose"(%o) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x2x6x8xf32>) -> tensor<1x6x2x8xf32>
    %out = "onnx.Reshape"(%ot, %merged) : (tensor<1x6x2x8xf32>, tensor<3xi64>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "unbiased_key"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Whisper's attention: q scaled by a constant (its scale goes into the
// MultiHeadAttention's, so q is a projection again) and k without bias.
// CHECK: %[[ZERO:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<16xf32>}
// CHECK: %[[W:.*]] = "onnx.Concat"(%wq, %wk, %wv) {axis = 1 : i64}
// CHECK: %[[B:.*]] = "onnx.Concat"(%bq, %[[ZERO]], %bv) {axis = 0 : i64}
// CHECK: %out = "onnx_domain.com.microsoft.Attention"(%x, %[[W]], %[[B]]) {ir.domain_version = 1 : i64, num_heads = 2 : i64, scale = 0.17677669{{[0-9]*}} : f64}
// CHECK-NOT: "onnx.Mul"
// CHECK-LABEL: }) {sym_name = "scaled_query"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x6x16xf32>):
    %wq = "ir.constant"() {value = dense<0.5> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %wk = "ir.constant"() {value = dense<0.25> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %wv = "ir.constant"() {value = dense<0.125> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %bq = "ir.constant"() {value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %bv = "ir.constant"() {value = dense<3.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %split = "ir.constant"() {value = dense<[1, 6, 2, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %merged = "ir.constant"() {value = dense<[1, 6, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %s = "ir.constant"() {value = dense<"0xF304353E"> : tensor<f32>} : () -> tensor<f32>
    %mq = "onnx.MatMul"(%x, %wq) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %q = "onnx.Add"(%mq, %bq) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %mk = "onnx.MatMul"(%x, %wk) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %mv = "onnx.MatMul"(%x, %wv) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %v = "onnx.Add"(%mv, %bv) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %qs = "onnx.Mul"(%q, %s) : (tensor<1x6x16xf32>, tensor<f32>) -> tensor<1x6x16xf32>
    %q4 = "onnx.Reshape"(%qs, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
    %qt = "onnx.Transpose"(%q4) {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x6x2x8xf32>) -> tensor<1x2x6x8xf32>
    %k4 = "onnx.Reshape"(%mk, %split) : (tensor<1x6x16xf32>, tensor<4xi64>) -> tensor<1x6x2x8xf32>
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

// Refused: a MultiHeadAttention with an attribute Attention would drop (as a
// custom-ops table may write it).
// CHECK: "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v)
// CHECK-LABEL: }) {sym_name = "unidirectional"}
// TRACE: pattern fuse-attention on onnx_domain.com.microsoft.MultiHeadAttention %out: it has the attribute unidirectional
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x6x16xf32>):
    %w = "ir.constant"() {value = dense<0.5> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %b = "ir.constant"() {value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %mq = "onnx.MatMul"(%x, %w) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %q = "onnx.Add"(%mq, %b) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %mk = "onnx.MatMul"(%x, %w) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %k = "onnx.Add"(%mk, %b) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %mv = "onnx.MatMul"(%x, %w) : (tensor<1x6x16xf32>, tensor<16x16xf32>) -> tensor<1x6x16xf32>
    %v = "onnx.Add"(%mv, %b) : (tensor<1x6x16xf32>, tensor<16xf32>) -> tensor<1x6x16xf32>
    %out = "onnx_domain.com.microsoft.MultiHeadAttention"(%q, %k, %v) {ir.domain_version = 1 : i64, num_heads = 2 : i64, unidirectional = 1 : i64} : (tensor<1x6x16xf32>, tensor<1x6x16xf32>, tensor<1x6x16xf32>) -> tensor<1x6x16xf32>
    "ir.return"(%out) : (tensor<1x6x16xf32>) -> ()
  }) {sym_name = "unidirectional"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()
