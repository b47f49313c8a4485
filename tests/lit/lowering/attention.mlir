// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=20}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET20
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET23

// softmax(Q K^T / sqrt(E) + causal mask) V; GQA repeats each of the 2 key
// heads for 4 query heads.
// OPSET20: %[[KU:.*]] = "onnx.Unsqueeze"(%k, %{{.*}}) : (tensor<1x2x?x16xf32, "s0">, tensor<1xi64>) -> tensor<1x2x1x?x16xf32, "s0">
// OPSET20: %[[KE:.*]] = "onnx.Expand"(%[[KU]]
// OPSET20: %[[KR:.*]] = "onnx.Reshape"(%[[KE]], %{{.*}}) : (tensor<*xf32>, tensor<4xi64>) -> tensor<1x4x?x16xf32, "s0">
// OPSET20: %[[SCALE:.*]] = "ir.constant"() {value = dense<"0x0000803E"> : tensor<f32>}
// OPSET20: %[[KT:.*]] = "onnx.Transpose"(%[[KR]]) {perm = array<i64: 0, 1, 3, 2>}
// OPSET20: %[[QK:.*]] = "onnx.MatMul"(%q, %[[KT]]) : (tensor<1x4x?x16xf32, "s0">, tensor<1x4x16x?xf32, "s0">) -> tensor<1x4x?x?xf32, "s0, s0">
// OPSET20: %[[S:.*]] = "onnx.Mul"(%[[QK]], %[[SCALE]])
// OPSET20: %[[LOWER:.*]] = "onnx.Trilu"(%{{.*}}, %{{.*}}) {upper = 0 : i64}
// OPSET20: %[[MASKED:.*]] = "onnx.Where"(%[[LOWER]], %[[S]], %{{.*}})
// OPSET20: %[[W:.*]] = "onnx.Softmax"(%[[MASKED]]) {axis = -1 : i64}
// OPSET20: %[[SDPA:.*]] = "onnx.MatMul"(%[[W]], %{{.*}}) : (tensor<1x4x?x?xf32, "s0, s0">, tensor<1x4x?x16xf32, "s0">) -> tensor<1x4x?x16xf32, "s0">
// OPSET20: "ir.return"(%[[SDPA]])
// From opset 23, the Attention op (which handles GQA itself).
// OPSET23: %[[SDPA:.*]] = "onnx.Attention"(%q, %k, %v) {is_causal = 1 : i64} : (tensor<1x4x?x16xf32, "s0">, tensor<1x2x?x16xf32, "s0">, tensor<1x2x?x16xf32, "s0">) -> tensor<1x4x?x16xf32, "s0">
// OPSET23: "ir.return"(%[[SDPA]])
// CHECK-LABEL: }) {sym_name = "causal_grouped_query_attention"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x4x?x16xf32, "s0">, %k: tensor<1x2x?x16xf32, "s0">, %v: tensor<1x2x?x16xf32, "s0">):
    %sdpa = "aten.scaled_dot_product_attention.default"(%q, %k, %v) {arg_names = ["query", "key", "value"], is_causal = true, enable_gqa = true} : (tensor<1x4x?x16xf32, "s0">, tensor<1x2x?x16xf32, "s0">, tensor<1x2x?x16xf32, "s0">) -> tensor<1x4x?x16xf32, "s0">
    "ir.return"(%sdpa) : (tensor<1x4x?x16xf32, "s0">) -> ()
  }) {sym_name = "causal_grouped_query_attention"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 128>}} : () -> ()

// -----

// A boolean mask: Where(mask, scores, -inf); a row it hides entirely gives
// 0 (torch's safe softmax), not Softmax's NaN. For Attention the mask is
// expanded to [batch, heads, L, S], the only form ONNX Runtime takes.
// OPSET20: %[[S2:.*]] = "onnx.Mul"
// OPSET20: %[[MASKED:.*]] = "onnx.Where"(%mask, %[[S2]], %{{.*}})
// OPSET20: %[[SOFT:.*]] = "onnx.Softmax"(%[[MASKED]]) {axis = -1 : i64}
// OPSET20: %[[MAX:.*]] = "onnx.ReduceMax"(%[[MASKED]], %{{.*}}) {keepdims = 1 : i64}
// OPSET20: %[[HIDDEN:.*]] = "onnx.Equal"(%[[MAX]], %{{.*}}) : (tensor<1x4x?x1xf32, "s0">, tensor<f32>) -> tensor<1x4x?x1xi1, "s0">
// OPSET20: %[[SAFE:.*]] = "onnx.Where"(%[[HIDDEN]], %{{.*}}, %[[SOFT]])
// OPSET20: "onnx.MatMul"(%[[SAFE]], %q)
// OPSET23: %[[FULL:.*]] = "onnx.Expand"(%mask, %{{.*}}) : (tensor<1x1x?x?xi1, "s0, s0">, tensor<4xi64>) -> tensor<1x4x?x?xi1, "s0, s0">
// OPSET23: %[[SDPA:.*]] = "onnx.Attention"(%q, %q, %q, %[[FULL]]) {is_causal = 0 : i64, scale = 0.5 : f64}
// ONNX Runtime's Attention gives NaN where torch gives 0: rows without a
// position to attend are zeroed after it.
// OPSET23: %[[ALLOWED:.*]] = "onnx.Cast"(%mask) {to = f32}
// OPSET23: %[[ANY:.*]] = "onnx.ReduceMax"(%[[ALLOWED]], %{{.*}}) {keepdims = 1 : i64} : (tensor<1x1x?x?xf32, "s0, s0">, tensor<1xi64>) -> tensor<1x1x?x1xf32, "s0">
// OPSET23: %[[NONE:.*]] = "onnx.Equal"(%[[ANY]], %{{.*}})
// OPSET23: %[[ZEROED:.*]] = "onnx.Where"(%[[NONE]], %{{.*}}, %[[SDPA]])
// OPSET23: "ir.return"(%[[ZEROED]])
// CHECK-LABEL: }) {sym_name = "boolean_mask"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x4x?x16xf32, "s0">, %mask: tensor<1x1x?x?xi1, "s0, s0">):
    %sdpa = "aten.scaled_dot_product_attention.default"(%q, %q, %q, %mask) {arg_names = ["query", "key", "value", "attn_mask"], scale = 0.5 : f64} : (tensor<1x4x?x16xf32, "s0">, tensor<1x4x?x16xf32, "s0">, tensor<1x4x?x16xf32, "s0">, tensor<1x1x?x?xi1, "s0, s0">) -> tensor<1x4x?x16xf32, "s0">
    "ir.return"(%sdpa) : (tensor<1x4x?x16xf32, "s0">) -> ()
  }) {sym_name = "boolean_mask"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 128>}} : () -> ()

// -----

// The CPU flash kernel of decomposed programs is the same attention (its
// log-sum-exp result unused).
// OPSET20: %flash = "onnx.MatMul"
// OPSET20-NEXT: "ir.return"(%flash)
// OPSET23: %[[FLASH:.*]] = "onnx.Attention"(%q, %q, %q) {is_causal = 0 : i64, scale = 0.25 : f64}
// OPSET23: "ir.return"(%[[FLASH]])
// CHECK-LABEL: }) {sym_name = "cpu_flash_kernel"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x4x?x16xf32, "s0">):
    %flash:2 = "aten._scaled_dot_product_flash_attention_for_cpu.default"(%q, %q, %q) {arg_names = ["query", "key", "value"], scale = 0.25 : f64} : (tensor<1x4x?x16xf32, "s0">, tensor<1x4x?x16xf32, "s0">, tensor<1x4x?x16xf32, "s0">) -> (tensor<1x4x?x16xf32, "s0">, tensor<1x4x?xf32, "s0">)
    "ir.return"(%flash#0) : (tensor<1x4x?x16xf32, "s0">) -> ()
  }) {sym_name = "cpu_flash_kernel"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 128>}} : () -> ()

// -----

// An additive float mask: its -inf rows give 0 too.
// OPSET20: %[[S:.*]] = "onnx.Add"(%{{.*}}, %mask)
// OPSET20: %[[SOFT:.*]] = "onnx.Softmax"(%[[S]]) {axis = -1 : i64}
// OPSET20: %[[MAX:.*]] = "onnx.ReduceMax"(%[[S]], %{{.*}}) {keepdims = 1 : i64}
// OPSET20: %[[HIDDEN:.*]] = "onnx.Equal"(%[[MAX]], %{{.*}})
// OPSET20: %[[SAFE:.*]] = "onnx.Where"(%[[HIDDEN]], %{{.*}}, %[[SOFT]])
// OPSET20: "onnx.MatMul"(%[[SAFE]], %q)
// OPSET23: %[[SDPA:.*]] = "onnx.Attention"(%q, %q, %q, %{{.*}}) {is_causal = 0 : i64}
// OPSET23: %[[MAX:.*]] = "onnx.ReduceMax"(%mask, %{{.*}}) {keepdims = 1 : i64}
// OPSET23: %[[NEGINF:.*]] = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>}
// OPSET23: %[[NONE:.*]] = "onnx.Equal"(%[[MAX]], %[[NEGINF]])
// OPSET23: %[[ZEROED:.*]] = "onnx.Where"(%[[NONE]], %{{.*}}, %[[SDPA]])
// OPSET23: "ir.return"(%[[ZEROED]])
// CHECK-LABEL: }) {sym_name = "float_mask"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x4x8x16xf32>, %mask: tensor<1x1x8x8xf32>):
    %sdpa = "aten.scaled_dot_product_attention.default"(%q, %q, %q, %mask) {arg_names = ["query", "key", "value", "attn_mask"]} : (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>, tensor<1x1x8x8xf32>) -> tensor<1x4x8x16xf32>
    "ir.return"(%sdpa) : (tensor<1x4x8x16xf32>) -> ()
  }) {sym_name = "float_mask"} : () -> ()
}) : () -> ()
