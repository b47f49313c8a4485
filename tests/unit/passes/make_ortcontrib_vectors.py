"""Writes ortcontrib_vectors.json: ONNX Runtime's com.microsoft ops (and its
SimplifiedLayerNormalization of the default domain) with constant inputs and
what onnxruntime's CPU kernels compute for them, for EvaluatorTest.cpp.

Run inside the oracle (torch, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_ortcontrib_vectors.py \
        tests/unit/passes/ortcontrib_vectors.json

The kernels compute in float32 (attention and norms with float32 sums and
MLAS's exp, erf and tanh) where the evaluator computes in double and rounds
once: the cases allow a few ulp, or an absolute tolerance of the order of
float32's epsilon times the magnitudes summed.
"""

import sys

import torch

from eval_vectors import *  # noqa: F403

torch.manual_seed(0)
MS = "com.microsoft"


def normal(*shape, scale=1.0):
    return torch.randn(shape) * scale


def i32(values):
    return torch.tensor(values, dtype=torch.int32)


def i64(values):
    return torch.tensor(values, dtype=torch.int64)


def ms(name, op, inputs, attrs=None, **kw):
    kw.setdefault("ulp", 8)
    kw.setdefault("atol", 2e-6)
    onnx_case(name, op, inputs, attrs, domain=MS, **kw)


# ---- Gelu family -------------------------------------------------------------
x = normal(2, 3, 5, scale=3)
x[0, 0, :] = torch.tensor([0.0, -0.0, 10.0, -10.0, 1e-3])
bias5 = normal(5)
ms("gelu", "Gelu", [x])
ms("fast_gelu", "FastGelu", [x])
ms("fast_gelu_bias", "FastGelu", [x, bias5])
ms("bias_gelu", "BiasGelu", [x, bias5])
ms("quick_gelu_default_alpha", "QuickGelu", [x])
ms("quick_gelu_alpha", "QuickGelu", [x], {"alpha": ("float", 1.25)})
ms("quick_gelu_negative_alpha", "QuickGelu", [x], {"alpha": ("float", -0.5)})
ms("gelu_2d", "Gelu", [normal(4, 3)])
ms("gelu_float64", "Gelu", [x.double()])  # no float64 kernel
ms("fast_gelu_float16", "FastGelu", [x.half()], decline=True)
# No CPU kernel: the evaluator has no rule.
ms("bias_add", "BiasAdd", [normal(2, 3, 4), normal(4), normal(2, 3, 4)])

# ---- Norms ---------------------------------------------------------------
a, b = normal(2, 3, 8), normal(2, 3, 8)
gamma, beta, bias8 = normal(8), normal(8), normal(8)
eps = {"epsilon": ("float", 1e-5)}
ms("skip_layer_norm", "SkipLayerNormalization", [a, b, gamma, beta], eps)
ms("skip_layer_norm_no_beta", "SkipLayerNormalization", [a, b, gamma], eps)
ms("skip_layer_norm_bias_sum", "SkipLayerNormalization", [a, b, gamma, beta, bias8], eps,
   num_outputs=4, absent_outputs=(1, 2))
ms("skip_layer_norm_sum", "SkipLayerNormalization", [a, b, gamma, beta], eps, num_outputs=4,
   absent_outputs=(1, 2))
ms("skip_layer_norm_default_epsilon", "SkipLayerNormalization", [a, b, gamma, beta])
ms("skip_layer_norm_2d", "SkipLayerNormalization", [a[0], b[0], gamma, beta], eps)
ms("skip_layer_norm_skip_2d", "SkipLayerNormalization", [a, b[0], gamma, beta], eps)
ms("skip_layer_norm_skip_batch_1", "SkipLayerNormalization", [a, b[:1], gamma, beta], eps)
# The kernel's float32 statistics cancel: the rule computes them as it does.
ms("skip_layer_norm_large_mean", "SkipLayerNormalization", [a + 100, b, gamma, beta], eps)
# The kernel writes no mean or inv_std_var.
ms("skip_layer_norm_mean", "SkipLayerNormalization", [a, b, gamma, beta], eps, num_outputs=3)
ms("skip_layer_norm_4d", "SkipLayerNormalization", [a[None], b[None], gamma, beta], eps)
ms("skip_simplified_layer_norm", "SkipSimplifiedLayerNormalization", [a, b, gamma], eps)
ms("skip_simplified_layer_norm_sum", "SkipSimplifiedLayerNormalization", [a, b, gamma], eps,
   num_outputs=4, absent_outputs=(1, 2))
ms("skip_simplified_layer_norm_2d", "SkipSimplifiedLayerNormalization", [a[1], b[1], gamma], eps)
# The kernel ignores the bias the schema names.
ms("skip_simplified_layer_norm_bias", "SkipSimplifiedLayerNormalization", [a, b, gamma, bias8],
   eps, decline=True)
ms("skip_simplified_layer_norm_inv_std", "SkipSimplifiedLayerNormalization", [a, b, gamma], eps,
   num_outputs=3, absent_outputs=(1,))
for axis in (-1, 1):
    onnx_case(f"simplified_layer_norm_axis_{axis % 3}", "SimplifiedLayerNormalization",
              [a, normal(*a.shape[axis:])], {"axis": ("int", axis), "epsilon": ("float", 1e-5)},
              num_outputs=2, ulp=8, atol=2e-6, opset=1)
onnx_case("simplified_layer_norm_y", "SimplifiedLayerNormalization", [a, gamma], ulp=8, atol=2e-6,
          opset=1)

# ---- FusedMatMul -------------------------------------------------------------
m23, m34 = normal(2, 3), normal(3, 4)
ms("fused_matmul", "FusedMatMul", [m23, m34])
ms("fused_matmul_alpha", "FusedMatMul", [m23, m34], {"alpha": ("float", 0.3)})
ms("fused_matmul_trans_a", "FusedMatMul", [m23.T.contiguous(), m34], {"transA": ("int", 1)})
ms("fused_matmul_trans_b", "FusedMatMul", [m23, m34.T.contiguous()], {"transB": ("int", 1)})
ms("fused_matmul_trans_both", "FusedMatMul", [m23.T.contiguous(), m34.T.contiguous()],
   {"transA": ("int", 1), "transB": ("int", 1), "alpha": ("float", 2.0)})
ms("fused_matmul_batch", "FusedMatMul", [normal(2, 1, 3, 4), normal(5, 4, 2)])
# transBatch moves the first dim behind the batch dims: A [M, 2, K] is [2, M, K].
for ta in (0, 1):
    for tb in (0, 1):
        ms(f"fused_matmul_trans_batch_{ta}{tb}", "FusedMatMul",
           [normal(4, 2, 3) if ta else normal(3, 2, 4), normal(5, 2, 4) if tb else normal(4, 2, 5)],
           {"transBatchA": ("int", 1), "transA": ("int", ta), "transBatchB": ("int", 1),
            "transB": ("int", tb)})
ms("fused_matmul_trans_batch_a", "FusedMatMul", [normal(3, 2, 4), normal(2, 4, 5)],
   {"transBatchA": ("int", 1)})
ms("fused_matmul_trans_batch_a_4d", "FusedMatMul", [normal(3, 2, 4, 5), normal(2, 4, 5, 6)],
   {"transBatchA": ("int", 1)})
ms("fused_matmul_trans_batch_b_4d", "FusedMatMul", [normal(2, 4, 3, 5), normal(6, 2, 4, 5)],
   {"transBatchB": ("int", 1), "transB": ("int", 1)})
# transBatch needs operands of one rank, at least 3.
ms("fused_matmul_trans_batch_ranks", "FusedMatMul", [normal(3, 2, 4), normal(4, 5)],
   {"transBatchA": ("int", 1)})

# ---- MultiHeadAttention ----------------------------------------------------------
q, k, v = normal(2, 3, 8), normal(2, 4, 8), normal(2, 4, 8)
heads = {"num_heads": ("int", 2)}
ms("mha", "MultiHeadAttention", [q, k, v], heads)
ms("mha_scale", "MultiHeadAttention", [q, k, v], {**heads, "scale": ("float", 0.125)})
ms("mha_value_width", "MultiHeadAttention", [q, k, normal(2, 4, 6)], heads)
ms("mha_bias", "MultiHeadAttention", [q, k, v, normal(24)], heads)
bias_full = normal(2, 2, 3, 4)
ms("mha_attention_bias", "MultiHeadAttention", [q, k, v, None, None, bias_full], heads)
bias_shared = torch.zeros(1, 1, 3, 4)
bias_shared[0, 0, 0, 1:] = -float("inf")
ms("mha_attention_bias_broadcast", "MultiHeadAttention", [q, k, v, None, None, bias_shared], heads)
bias_row = torch.zeros(2, 1, 3, 4)
bias_row[1, 0, 2, :] = -float("inf")  # a row that attends to nothing: NaN
ms("mha_attention_bias_masked_row", "MultiHeadAttention", [q, k, v, None, None, bias_row], heads)
ms("mha_key_lengths", "MultiHeadAttention", [q, k, v, None, i32([3, 1])], heads)
ms("mha_key_padding_mask", "MultiHeadAttention", [q, k, v, None, i32([[1, 1, 0, 1], [0, 1, 1, 0]])],
   {**heads, "mask_filter_value": ("float", -1000.0)})
ms("mha_key_padding_mask_and_bias", "MultiHeadAttention",
   [q, k, v, None, i32([[1, 1, 0, 1], [0, 1, 1, 0]]), bias_full], heads)
ms("mha_unidirectional", "MultiHeadAttention", [q, normal(2, 3, 8), normal(2, 3, 8)],
   {**heads, "unidirectional": ("int", 1)})
ms("mha_past", "MultiHeadAttention",
   [q, k, v, None, None, None, normal(2, 2, 1, 4), normal(2, 2, 1, 4)], heads, num_outputs=3,
   decline=True)

# ---- Attention ----------------------------------------------------------------------
xa, wa, ba = normal(2, 3, 6), normal(6, 18, scale=0.5), normal(18)
heads = {"num_heads": ("int", 2)}
ms("attention", "Attention", [xa, wa, ba], heads)
ms("attention_scale", "Attention", [xa, wa, ba], {**heads, "scale": ("float", 0.25)})
ms("attention_mask_lengths", "Attention", [xa, wa, ba, i32([2, 3])], heads)
ms("attention_mask_ends_starts", "Attention", [xa, wa, ba, i32([3, 2, 1, 0])], heads)
ms("attention_mask_2d", "Attention", [xa, wa, ba, i32([[1, 0, 1], [1, 1, 0]])], heads)
ms("attention_mask_3d", "Attention",
   [xa, wa, ba, i32([[[1, 0, 1], [1, 1, 0], [0, 1, 1]], [[1, 1, 1], [0, 0, 1], [1, 0, 0]]])],
   {**heads, "mask_filter_value": ("float", -50.0)})
ms("attention_unidirectional", "Attention", [xa, wa, ba], {**heads, "unidirectional": ("int", 1)})
ms("attention_unidirectional_mask", "Attention", [xa, wa, ba, i32([[1, 0, 1], [1, 1, 0]])],
   {**heads, "unidirectional": ("int", 1)})
ms("attention_bias", "Attention", [xa, wa, ba, None, None, normal(2, 2, 3, 3)], heads)
ms("attention_qkv_hidden_sizes", "Attention", [xa, normal(6, 16, scale=0.5), normal(16)],
   {**heads, "qkv_hidden_sizes": ("ints", [6, 6, 4])})
ms("attention_past", "Attention", [xa, wa, ba, None, normal(2, 2, 2, 1, 3)], heads, num_outputs=2,
   decline=True)

# ---- RotaryEmbedding -------------------------------------------------------------
cos_cache, sin_cache = torch.cos(normal(8, 2)), torch.sin(normal(8, 2))
ids = i64([[0, 1, 2], [5, 3, 7]])
for interleaved in (0, 1):
    il = {"interleaved": ("int", interleaved)}
    ms(f"rotary_3d_interleaved{interleaved}", "RotaryEmbedding",
       [normal(2, 3, 8), ids, cos_cache, sin_cache], il)
    ms(f"rotary_4d_interleaved{interleaved}", "RotaryEmbedding",
       [normal(2, 2, 3, 4), ids, cos_cache, sin_cache], il)
    ms(f"rotary_partial_interleaved{interleaved}", "RotaryEmbedding",
       [normal(2, 3, 16), ids, cos_cache, sin_cache],
       {**il, "num_heads": ("int", 2), "rotary_embedding_dim": ("int", 4)})
ms("rotary_start_offset", "RotaryEmbedding", [normal(2, 3, 8), i64([4]), cos_cache, sin_cache])
ms("rotary_num_heads", "RotaryEmbedding", [normal(2, 3, 8), ids, cos_cache, sin_cache],
   {"num_heads": ("int", 2)})
ms("rotary_dim_without_num_heads", "RotaryEmbedding", [normal(2, 3, 8), ids, cos_cache, sin_cache],
   {"rotary_embedding_dim": ("int", 4)}, decline=True)
ms("rotary_position_out_of_range", "RotaryEmbedding",
   [normal(2, 3, 8), i64([[0, 1, 2], [5, 3, 8]]), cos_cache, sin_cache], decline=True)

# ---- GroupQueryAttention -------------------------------------------------------------
# 4 query heads, 2 key/value heads, head size 8 (the kernel's multiple of 8).
gqa = {"num_heads": ("int", 4), "kv_num_heads": ("int", 2)}
qg, kg, vg = normal(2, 3, 32), normal(2, 3, 16), normal(2, 3, 16)
total3 = torch.tensor(3, dtype=torch.int32)
ms("gqa_prompt", "GroupQueryAttention", [qg, kg, vg, None, None, i32([2, 2]), total3], gqa,
   num_outputs=3)
ms("gqa_prompt_scale", "GroupQueryAttention", [qg, kg, vg, None, None, i32([2, 2]), total3],
   {**gqa, "scale": ("float", 0.3)}, num_outputs=3)
ms("gqa_packed", "GroupQueryAttention",
   [normal(2, 3, 64), None, None, None, None, i32([2, 2]), total3], gqa, num_outputs=3)
past_k, past_v = normal(2, 2, 2, 8), normal(2, 2, 2, 8)
q1, k1, v1 = normal(2, 1, 32), normal(2, 1, 16), normal(2, 1, 16)
ms("gqa_past", "GroupQueryAttention",
   [q1, k1, v1, past_k, past_v, i32([2, 2]), total3], gqa, num_outputs=3)
ms("gqa_past_prompt_chunk", "GroupQueryAttention",
   [qg[:1], kg[:1], vg[:1], past_k[:1], past_v[:1], i32([4]), torch.tensor(5, dtype=torch.int32)],
   gqa, num_outputs=3)
# The kernel rotates heads whose size is a multiple of 16.
qr, kr, vr = normal(2, 3, 64), normal(2, 3, 32), normal(2, 3, 32)
qr1, kr1, vr1 = normal(2, 1, 64), normal(2, 1, 32), normal(2, 1, 32)
past_kr, past_vr = normal(2, 2, 2, 16), normal(2, 2, 2, 16)
cos_g, sin_g = torch.cos(normal(8, 8)), torch.sin(normal(8, 8))
for interleaved in (0, 1):
    rot = {**gqa, "do_rotary": ("int", 1), "rotary_interleaved": ("int", interleaved)}
    ms(f"gqa_rotary_prompt_interleaved{interleaved}", "GroupQueryAttention",
       [qr, kr, vr, None, None, i32([2, 2]), total3, cos_g, sin_g], rot, num_outputs=3)
    ms(f"gqa_rotary_past_interleaved{interleaved}", "GroupQueryAttention",
       [qr1, kr1, vr1, past_kr, past_vr, i32([2, 2]), total3, cos_g, sin_g], rot, num_outputs=3)
ms("gqa_rotary_half_head", "GroupQueryAttention",
   [qr, kr, vr, None, None, i32([2, 2]), total3, cos_g[:, :4], sin_g[:, :4]],
   {**gqa, "do_rotary": ("int", 1)}, num_outputs=3)
ms("gqa_rotary_packed", "GroupQueryAttention",
   [normal(2, 3, 128), None, None, None, None, i32([2, 2]), total3, cos_g, sin_g],
   {**gqa, "do_rotary": ("int", 1)}, num_outputs=3)
ms("gqa_rotary_head_size_8", "GroupQueryAttention",
   [qg, kg, vg, None, None, i32([2, 2]), total3, cos_g[:, :4], sin_g[:, :4]],
   {**gqa, "do_rotary": ("int", 1)}, num_outputs=3)
ms("gqa_past_batch_chunk", "GroupQueryAttention",
   [qg, kg, vg, past_k, past_v, i32([4, 4]), torch.tensor(5, dtype=torch.int32)], gqa,
   num_outputs=3)
ms("gqa_head_size_4", "GroupQueryAttention",
   [normal(2, 3, 16), normal(2, 3, 8), normal(2, 3, 8), None, None, i32([2, 2]), total3], gqa,
   num_outputs=3)
# Declined: sequences of different lengths, a local window, softcap.
ms("gqa_padded_batch", "GroupQueryAttention", [qg, kg, vg, None, None, i32([2, 1]), total3], gqa,
   num_outputs=3, decline=True)
ms("gqa_local_window", "GroupQueryAttention", [qg, kg, vg, None, None, i32([2, 2]), total3],
   {**gqa, "local_window_size": ("int", 1)}, num_outputs=3, decline=True)
ms("gqa_softcap", "GroupQueryAttention", [qg, kg, vg, None, None, i32([2, 2]), total3],
   {**gqa, "softcap": ("float", 2.0)}, num_outputs=3, decline=True)

# attention_bias within the causal window: per batch row (a padding mask of
# 0 and -inf, one row hidden whole: NaN) and per head.
pad_bias = torch.zeros(2, 1, 3, 3)
pad_bias[1, :, :, 0] = float("-inf")
pad_bias[1, :, 0, :] = float("-inf")
ms("gqa_attention_bias", "GroupQueryAttention",
   [qg, kg, vg, None, None, i32([2, 2]), total3, None, None, None, pad_bias], gqa, num_outputs=3)
ms("gqa_attention_bias_per_head", "GroupQueryAttention",
   [qg, kg, vg, None, None, i32([2, 2]), total3, None, None, None, normal(1, 4, 3, 3)], gqa,
   num_outputs=3)

write(sys.argv[1], "make_ortcontrib_vectors.py")
