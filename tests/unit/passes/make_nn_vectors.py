"""Writes nn_vectors.json: the neural-network ops (convolution, matrix products,
activations, softmax, normalization, pooling, attention) with constant inputs
and what torch (ATen ops) or onnxruntime (ONNX ops) computes for them, for
EvaluatorTest.cpp.

Run inside the oracle (torch, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_nn_vectors.py tests/unit/passes/nn_vectors.json

Linear ops (convolutions, products, pooling) take multiples of 1/2 of small
magnitude, whose sums are exact in float32 whatever the order: their results
match to the bit. The others allow a few ulp, or an absolute tolerance where
the result is a difference of nearly equal numbers.
"""

import sys

import torch

from eval_vectors import *  # noqa: F403

torch.manual_seed(0)


def halves(*shape):
    """Multiples of 1/2 in [-2, 2]."""
    return torch.randint(-4, 5, shape).float() / 2


def normal(*shape):
    return torch.randn(shape)


def ints(v):
    return Attr("ints", v)


def string(v):
    return Attr("string", v)


# ---- Convolution -----------------------------------------------------------

x = halves(2, 4, 5, 6)
w = halves(6, 2, 3, 2)
b = halves(6)
aten("conv2d_groups_stride_padding", "aten.conv2d.default",
     [("input", x), ("weight", w), ("bias", b), ("stride", ints([2, 1])), ("padding", ints([1, 0])),
      ("dilation", ints([1, 2])), ("groups", num(2))])
aten("conv2d_defaults", "aten.conv2d.default", [("input", x), ("weight", halves(3, 4, 2, 2))])
aten("conv2d_unbatched_single_stride", "aten.conv2d.default",
     [("input", halves(2, 5, 5)), ("weight", halves(3, 2, 3, 3)), ("stride", ints([2]))])
aten("conv2d_same_even_kernel", "aten.conv2d.padding",
     [("input", x), ("weight", halves(2, 4, 2, 4)), ("padding", string("same")),
      ("dilation", ints([2, 1]))])
aten("conv2d_valid", "aten.conv2d.padding",
     [("input", x), ("weight", halves(2, 4, 2, 4)), ("padding", string("valid"))])
aten("conv1d_bias", "aten.conv1d.default",
     [("input", halves(1, 2, 7)), ("weight", halves(4, 2, 3)), ("bias", halves(4)),
      ("padding", ints([2])), ("stride", ints([3]))])
aten("conv3d", "aten.conv3d.default",
     [("input", halves(1, 2, 3, 4, 3)), ("weight", halves(2, 2, 2, 2, 2)), ("padding", ints([1, 0, 1]))])
aten("conv2d_channels_mismatch", "aten.conv2d.default",
     [("input", x), ("weight", halves(3, 3, 2, 2))])
aten("convolution_transposed_groups", "aten.convolution.default",
     [("input", halves(1, 4, 3, 3)), ("weight", halves(4, 3, 3, 2)), ("bias", halves(6)),
      ("stride", ints([2, 2])), ("padding", ints([1, 0])), ("dilation", ints([1, 2])),
      ("transposed", Attr("bool", True)), ("output_padding", ints([1, 1])), ("groups", num(2))])
aten("convolution_plain", "aten.convolution.default",
     [("input", x), ("weight", w), ("bias", None), ("stride", ints([1, 1])), ("padding", ints([0, 1])),
      ("dilation", ints([1, 1])), ("transposed", Attr("bool", False)), ("output_padding", ints([0, 0])),
      ("groups", num(2))])
aten("conv_transpose2d", "aten.conv_transpose2d.input",
     [("input", halves(2, 2, 3, 4)), ("weight", halves(2, 3, 3, 3)), ("bias", halves(3)),
      ("stride", ints([2, 3])), ("padding", ints([1, 2])), ("output_padding", ints([1, 0]))])
aten("conv_transpose1d_unbatched", "aten.conv_transpose1d.default",
     [("input", halves(2, 5)), ("weight", halves(2, 2, 3)), ("stride", ints([2])),
      ("dilation", ints([2]))])

xo = halves(1, 2, 5, 5)
wo = halves(4, 1, 3, 3)
onnx_case("Conv_group_pads_strides", "Conv", [xo, wo, halves(4)],
          {"group": ("int", 2), "pads": ("ints", [1, 0, 2, 1]), "strides": ("ints", [2, 1]),
           "dilations": ("ints", [1, 2])})
onnx_case("Conv_same_upper", "Conv", [xo, halves(2, 2, 2, 2)],
          {"auto_pad": ("string", "SAME_UPPER"), "strides": ("ints", [2, 2])})
onnx_case("Conv_same_lower", "Conv", [xo, halves(2, 2, 2, 2)],
          {"auto_pad": ("string", "SAME_LOWER"), "strides": ("ints", [2, 2])})
onnx_case("Conv_valid_kernel_shape", "Conv", [xo, halves(2, 2, 3, 2)],
          {"auto_pad": ("string", "VALID"), "kernel_shape": ("ints", [3, 2])})
onnx_case("Conv_1d", "Conv", [halves(2, 3, 6), halves(2, 3, 2), halves(2)], {"pads": ("ints", [1, 1])})
onnx_case("ConvTranspose_output_padding_group", "ConvTranspose", [halves(1, 4, 3, 2), halves(4, 1, 3, 3),
                                                                  halves(2)],
          {"group": ("int", 2), "strides": ("ints", [2, 2]), "pads": ("ints", [1, 0, 1, 1]),
           "output_padding": ("ints", [1, 1])})
onnx_case("ConvTranspose_output_shape", "ConvTranspose", [halves(1, 2, 3, 3), halves(2, 2, 3, 3)],
          {"strides": ("ints", [2, 2]), "output_shape": ("ints", [6, 5])})
onnx_case("ConvTranspose_dilations", "ConvTranspose", [halves(1, 2, 4), halves(2, 3, 2)],
          {"dilations": ("ints", [3]), "strides": ("ints", [2])})

# ---- Matrix products -------------------------------------------------------

aten("mm", "aten.mm.default", [("self", halves(3, 4)), ("mat2", halves(4, 2))])
aten("bmm", "aten.bmm.default", [("self", halves(2, 3, 4)), ("mat2", halves(2, 4, 2))])
aten("matmul_vector_matrix", "aten.matmul.default", [("self", halves(4)), ("other", halves(2, 4, 3))])
aten("matmul_broadcast_batch", "aten.matmul.default",
     [("self", halves(2, 1, 3, 4)), ("other", halves(3, 4, 2))])
aten("matmul_matrix_vector", "aten.matmul.default", [("self", halves(2, 3, 4)), ("other", halves(4))])
aten("matmul_dot", "aten.matmul.default", [("self", halves(4)), ("other", halves(4))])
aten("matmul_mismatch", "aten.matmul.default", [("self", halves(3, 4)), ("other", halves(3, 4))])
aten("addmm_alpha_beta", "aten.addmm.default",
     [("self", halves(2)), ("mat1", halves(3, 4)), ("mat2", halves(4, 2)), ("beta", num(0.5)),
      ("alpha", num(2))])
aten("addmm_beta_zero_ignores_nan", "aten.addmm.default",
     [("self", T([[nan, inf]])), ("mat1", halves(3, 4)), ("mat2", halves(4, 2)), ("beta", num(0))])
aten("baddbmm", "aten.baddbmm.default",
     [("self", halves(2, 3, 1)), ("batch1", halves(2, 3, 4)), ("batch2", halves(2, 4, 2)),
      ("alpha", num(-1.5))])
aten("addbmm", "aten.addbmm.default",
     [("self", halves(3, 2)), ("batch1", halves(2, 3, 4)), ("batch2", halves(2, 4, 2))])
aten("addmv", "aten.addmv.default", [("self", halves(3)), ("mat", halves(3, 4)), ("vec", halves(4))])
aten("mv", "aten.mv.default", [("self", halves(3, 4)), ("vec", halves(4))])
aten("dot", "aten.dot.default", [("self", halves(5)), ("tensor", halves(5))])
aten("outer", "aten.outer.default", [("self", halves(3)), ("vec2", halves(2))])
aten("linear_bias", "aten.linear.default",
     [("input", halves(2, 3, 4)), ("weight", halves(5, 4)), ("bias", halves(5))])
aten("linear_no_bias", "aten.linear.default", [("input", halves(4)), ("weight", halves(2, 4))])
aten("linear_float16", "aten.linear.default",
     [("input", normal(2, 8).half()), ("weight", normal(3, 8).half()), ("bias", normal(3).half())], ulp=1)
aten("einsum_batched_matmul", "aten.einsum.default",
     [("equation", string("bij,bjk->bik")), ("tensors", [halves(2, 3, 4), halves(2, 4, 2)])])
aten("einsum_implicit_output", "aten.einsum.default",
     [("equation", string("ji,kj")), ("tensors", [halves(3, 2), halves(4, 3)])])
aten("einsum_ellipsis_broadcast", "aten.einsum.default",
     [("equation", string("...ij,...jk->...ik")), ("tensors", [halves(2, 1, 2, 3), halves(3, 3, 2)])])
aten("einsum_trace_and_sum", "aten.einsum.default",
     [("equation", string("ii,jk->j")), ("tensors", [halves(3, 3), halves(2, 4)])])
aten("einsum_outer_three", "aten.einsum.default",
     [("equation", string("i,j,k->ijk")), ("tensors", [halves(2), halves(3), halves(2)])])
aten("einsum_spaces", "aten.einsum.default",
     [("equation", string("b h i d, b h j d -> b h i j")),
      ("tensors", [halves(1, 2, 3, 4), halves(1, 2, 2, 4)])])

onnx_case("MatMul_broadcast", "MatMul", [halves(2, 1, 3, 4), halves(3, 4, 2)])
onnx_case("MatMul_vectors", "MatMul", [halves(4), halves(4, 2)])
onnx_case("Gemm_trans_alpha_beta", "Gemm", [halves(4, 3), halves(2, 4), halves(2)],
          {"transA": ("int", 1), "transB": ("int", 1), "alpha": ("float", 0.5), "beta": ("float", 2.0)})
onnx_case("Gemm_no_c", "Gemm", [halves(3, 4), halves(4, 2)])
onnx_case("Gemm_c_column", "Gemm", [halves(3, 4), halves(4, 2), halves(3, 1)])
onnx_case("Einsum", "Einsum", [halves(2, 3, 4), halves(2, 4, 2)], {"equation": ("string", "bij,bjk->bik")})
onnx_case("Einsum_dot_rows", "Einsum", [halves(2, 3), halves(2, 3)], {"equation": ("string", "ij,ij->i")})

# ---- Activations -----------------------------------------------------------

a = T([-3.5, -1.0, -0.25, 0.0, 0.3, 1.0, 2.5, 4.0, nan])
aten("elu", "aten.elu.default", [("self", a)], ulp=2)
aten("elu_scales", "aten.elu.default",
     [("self", a), ("alpha", num(0.5)), ("scale", num(2.0)), ("input_scale", num(1.5))], ulp=2)
aten("selu", "aten.selu.default", [("self", a)], ulp=2)
aten("celu", "aten.celu.default", [("self", a), ("alpha", num(2.0))], ulp=2)
# torch's 1 + erf(x) cancels in float32 for negative x: an absolute tolerance.
aten("gelu", "aten.gelu.default", [("self", a)], ulp=2, atol=1e-6)
aten("gelu_tanh", "aten.gelu.default", [("self", a), ("approximate", string("tanh"))], ulp=2, atol=1e-6)
aten("gelu_float16", "aten.gelu.default", [("self", a.half())], ulp=1)
aten("hardsigmoid", "aten.hardsigmoid.default", [("self", a)], ulp=1)
aten("hardswish", "aten.hardswish.default", [("self", a)], ulp=1)
aten("hardtanh", "aten.hardtanh.default", [("self", a), ("min_val", num(-2.0)), ("max_val", num(1.5))])
aten("relu6", "aten.relu6.default", [("self", a * 2)])
aten("leaky_relu", "aten.leaky_relu.default", [("self", a), ("negative_slope", num(0.2))])
aten("leaky_relu_default", "aten.leaky_relu.default", [("self", a)])
aten("mish", "aten.mish.default", [("self", a)], ulp=2)
aten("silu", "aten.silu.default", [("self", a)], ulp=2)
aten("softplus", "aten.softplus.default", [("self", a * 8)], ulp=2)
aten("softplus_beta_threshold", "aten.softplus.default",
     [("self", a), ("beta", num(2.0)), ("threshold", num(3.0))], ulp=2)
aten("threshold", "aten.threshold.default", [("self", a), ("threshold", num(0.3)), ("value", num(-7.0))])
aten("prelu_channels", "aten.prelu.default", [("self", halves(2, 3, 2)), ("weight", T([0.25, -0.5, 2.0]))])
aten("prelu_single", "aten.prelu.default", [("self", halves(2, 3)), ("weight", T([0.25]))])
aten("prelu_kernel", "aten._prelu_kernel.default",
     [("self", halves(2, 3, 2)), ("weight", T([[0.25], [-0.5], [2.0]]))])
aten("glu", "aten.glu.default", [("self", normal(2, 4, 3)), ("dim", num(1))], ulp=2)
aten("dropout_eval", "aten.dropout.default", [("input", a), ("p", num(0.3)), ("train", Attr("bool", False))])

for op, attrs in [("Elu", {}), ("Elu", {"alpha": ("float", 0.5)}), ("Celu", {"alpha": ("float", 2.0)}),
                  ("Selu", {}), ("Gelu", {}), ("Gelu", {"approximate": ("string", "tanh")}),
                  ("HardSigmoid", {}), ("HardSigmoid", {"alpha": ("float", 0.5), "beta": ("float", 0.25)}),
                  ("HardSwish", {}), ("LeakyRelu", {}), ("LeakyRelu", {"alpha": ("float", 0.2)}),
                  ("Mish", {}), ("Softplus", {}), ("Softsign", {}), ("ThresholdedRelu", {"alpha": ("float", 0.5)})]:
    suffix = "".join("_" + k for k in attrs)
    onnx_case(op + suffix, op, [a * 4], attrs, ulp=4, atol=1e-6 if op == "Gelu" else 0)
onnx_case("PRelu_broadcast", "PRelu", [halves(2, 3, 2), T([[0.25], [-0.5], [2.0]])])
onnx_case("Dropout_inference", "Dropout", [a], num_outputs=2)
onnx_case("Dropout_ratio_not_training", "Dropout", [a, T(0.4), T(False, "bool")])

# ---- Softmax ---------------------------------------------------------------

s = normal(2, 3, 4) * 3
aten("softmax_dim", "aten.softmax.int", [("self", s), ("dim", num(1))], ulp=4)
aten("softmax_dtype", "aten.softmax.int", [("self", s.half()), ("dim", num(-1)), ("dtype", Attr("dtype", "float32"))],
     ulp=2)
aten("softmax_neg_inf_row", "aten._softmax.default",
     [("self", T([[-inf, -inf], [0.0, -inf], [inf, 1.0]])), ("dim", num(1)), ("half_to_float", Attr("bool", False))])
aten("safe_softmax_neg_inf_row", "aten._safe_softmax.default",
     [("self", T([[-inf, -inf], [0.0, -inf]])), ("dim", num(1))])
aten("log_softmax", "aten.log_softmax.int", [("self", s), ("dim", num(0))], ulp=2, atol=1e-6)
aten("log_softmax_internal", "aten._log_softmax.default",
     [("self", s), ("dim", num(-1)), ("half_to_float", Attr("bool", False))], ulp=2, atol=1e-6)
aten("logsumexp", "aten.logsumexp.default", [("self", s), ("dim", ints([0, 2])), ("keepdim", Attr("bool", True))],
     ulp=2)
aten("logsumexp_inf", "aten.logsumexp.default", [("self", T([[-inf, -inf], [inf, 1.0]])), ("dim", ints([1]))])
aten("logsumexp_int", "aten.logsumexp.default", [("self", T([[1, 2], [3, 4]], "int64")), ("dim", ints([1]))],
     ulp=2)
onnx_case("Softmax_axis", "Softmax", [s], {"axis": ("int", 1)}, ulp=4)
onnx_case("Softmax_default_axis", "Softmax", [s], ulp=4)
onnx_case("LogSoftmax", "LogSoftmax", [s], {"axis": ("int", 0)}, ulp=4, atol=1e-6)
onnx_case("ReduceLogSumExp", "ReduceLogSumExp", [s, T([-1], "int64")], {"keepdims": ("int", 0)}, ulp=4)

# ---- Normalization ---------------------------------------------------------

xn = normal(2, 3, 4) * 2 + 1
wc, bc = normal(3), normal(3)
rm, rv = normal(3), torch.rand(3) + 0.5
f = Attr("bool", False)
t = Attr("bool", True)
aten("batch_norm_eval", "aten.batch_norm.default",
     [("input", xn), ("weight", wc), ("bias", bc), ("running_mean", rm), ("running_var", rv), ("training", f),
      ("momentum", num(0.1)), ("eps", num(1e-5)), ("cudnn_enabled", f)], ulp=4, atol=1e-6)
aten("batch_norm_training", "aten.batch_norm.default",
     [("input", xn), ("weight", None), ("bias", None), ("running_mean", None), ("running_var", None),
      ("training", t), ("momentum", num(0.1)), ("eps", num(1e-3)), ("cudnn_enabled", f)], ulp=4, atol=1e-6)
aten("native_batch_norm_legit_functional_training", "aten._native_batch_norm_legit_functional.default",
     [("input", xn), ("weight", wc), ("bias", bc), ("running_mean", rm), ("running_var", rv), ("training", t),
      ("momentum", num(0.2)), ("eps", num(1e-5))], ulp=4, atol=1e-6)
aten("native_batch_norm_legit_functional_eval", "aten._native_batch_norm_legit_functional.default",
     [("input", xn), ("weight", wc), ("bias", bc), ("running_mean", rm), ("running_var", rv), ("training", f),
      ("momentum", num(0.2)), ("eps", num(1e-5))], ulp=4, atol=1e-6)
aten("native_batch_norm_legit_no_training", "aten._native_batch_norm_legit_no_training.default",
     [("input", xn), ("weight", wc), ("bias", bc), ("running_mean", rm), ("running_var", rv),
      ("momentum", num(0.1)), ("eps", num(1e-5))], ulp=4, atol=1e-6)
aten("native_batch_norm_training", "aten.native_batch_norm.default",
     [("input", xn), ("weight", wc), ("bias", bc), ("running_mean", rm), ("running_var", rv), ("training", t),
      ("momentum", num(0.1)), ("eps", num(1e-5))], ulp=4, atol=1e-6)
aten("instance_norm", "aten.instance_norm.default",
     [("input", xn), ("weight", wc), ("bias", bc), ("running_mean", None), ("running_var", None),
      ("use_input_stats", t), ("momentum", num(0.1)), ("eps", num(1e-5)), ("cudnn_enabled", f)], ulp=4,
     atol=1e-6)
xg = normal(2, 4, 3, 2) * 2 + 1
aten("group_norm", "aten.group_norm.default",
     [("input", xg), ("num_groups", num(2)), ("weight", normal(4)), ("bias", normal(4)), ("eps", num(1e-5))],
     ulp=4, atol=1e-6)
aten("group_norm_no_affine", "aten.group_norm.default", [("input", xg), ("num_groups", num(4))], ulp=4,
     atol=1e-6)
aten("native_group_norm", "aten.native_group_norm.default",
     [("input", xg), ("weight", normal(4)), ("bias", None), ("N", num(2)), ("C", num(4)), ("HxW", num(6)),
      ("group", num(2)), ("eps", num(1e-5))], ulp=4, atol=1e-6)
aten("layer_norm", "aten.layer_norm.default",
     [("input", xn), ("normalized_shape", ints([4])), ("weight", normal(4)), ("bias", normal(4))], ulp=4,
     atol=1e-6)
aten("layer_norm_two_dims_no_affine", "aten.layer_norm.default",
     [("input", xn), ("normalized_shape", ints([3, 4])), ("eps", num(0.1))], ulp=4, atol=1e-6)
aten("native_layer_norm", "aten.native_layer_norm.default",
     [("input", xn), ("normalized_shape", ints([4])), ("weight", normal(4)), ("bias", None), ("eps", num(1e-5))],
     ulp=4, atol=1e-6)
aten("layer_norm_float16", "aten.layer_norm.default",
     [("input", xn.half()), ("normalized_shape", ints([4])), ("weight", normal(4).half()),
      ("bias", normal(4).half())], ulp=1, atol=1e-3)
aten("rms_norm", "aten.rms_norm.default",
     [("input", xn), ("normalized_shape", ints([4])), ("weight", normal(4)), ("eps", num(1e-6))], ulp=4)
aten("rms_norm_default_eps", "aten.rms_norm.default", [("input", xn * 1e-3), ("normalized_shape", ints([3, 4]))],
     ulp=4)
aten("fused_rms_norm", "aten._fused_rms_norm.default",
     [("input", xn), ("normalized_shape", ints([4])), ("weight", normal(4)), ("eps", num(1e-6))], ulp=4)
aten("weight_norm", "aten._weight_norm.default", [("v", normal(3, 2, 2)), ("g", normal(3, 1, 1))], ulp=4)
aten("weight_norm_dim1", "aten._weight_norm.default",
     [("v", normal(3, 2, 2)), ("g", normal(1, 2, 1)), ("dim", num(1))], ulp=4)
aten("weight_norm_interface", "aten._weight_norm_interface.default",
     [("v", normal(3, 2)), ("g", normal(3, 1)), ("dim", num(0))], ulp=4)

onnx_case("BatchNormalization", "BatchNormalization", [xn, wc, bc, rm, rv], {"epsilon": ("float", 1e-3)}, ulp=4,
          atol=1e-6)
onnx_case("InstanceNormalization", "InstanceNormalization", [xn, wc, bc], ulp=4, atol=1e-5)
onnx_case("GroupNormalization_per_channel", "GroupNormalization", [xg, normal(4), normal(4)],
          {"num_groups": ("int", 2)}, ulp=4, atol=1e-5, opset=21)
onnx_case("LayerNormalization_axis", "LayerNormalization", [xn, normal(3, 4), normal(3, 4)], {"axis": ("int", 1)},
          num_outputs=3, ulp=4, atol=1e-5)
onnx_case("LayerNormalization_no_bias", "LayerNormalization", [xn, normal(4)], {"epsilon": ("float", 0.5)},
          ulp=4, atol=1e-5)
onnx_case("RMSNormalization", "RMSNormalization", [xn, normal(4)], {"epsilon": ("float", 1e-6)}, ulp=4,
          opset=23)

# ---- Pooling ---------------------------------------------------------------

xp = halves(2, 2, 5, 6)
aten("max_pool2d", "aten.max_pool2d.default", [("self", xp), ("kernel_size", ints([3, 2])), ("stride", ints([2]))])
aten("max_pool2d_pad_dilation_ceil", "aten.max_pool2d.default",
     [("self", xp), ("kernel_size", ints([2, 2])), ("stride", ints([2, 2])), ("padding", ints([1, 1])),
      ("dilation", ints([2, 1])), ("ceil_mode", t)])
aten("max_pool2d_with_indices_nan_ties", "aten.max_pool2d_with_indices.default",
     [("self", T([[[[1.0, 1.0, 2.0], [nan, 0.0, 2.0], [3.0, nan, -inf]]]])), ("kernel_size", ints([2, 2])),
      ("stride", ints([1, 1]))])
aten("max_pool2d_with_indices_unbatched", "aten.max_pool2d_with_indices.default",
     [("self", halves(2, 4, 4)), ("kernel_size", ints([3])), ("stride", ints([2])), ("padding", ints([1]))])
aten("max_pool1d", "aten.max_pool1d.default", [("self", halves(1, 2, 7)), ("kernel_size", ints([3])),
                                               ("stride", ints([2])), ("ceil_mode", t)])
aten("max_pool3d_with_indices", "aten.max_pool3d_with_indices.default",
     [("self", halves(1, 1, 3, 4, 4)), ("kernel_size", ints([2])), ("stride", ints([1, 2, 2]))])
aten("avg_pool2d_pad_include", "aten.avg_pool2d.default",
     [("self", xp), ("kernel_size", ints([3, 3])), ("stride", ints([2, 2])), ("padding", ints([1, 1])),
      ("ceil_mode", t)])
aten("avg_pool2d_pad_exclude", "aten.avg_pool2d.default",
     [("self", xp), ("kernel_size", ints([3, 3])), ("stride", ints([2, 2])), ("padding", ints([1, 1])),
      ("ceil_mode", t), ("count_include_pad", f)])
aten("avg_pool2d_divisor_override", "aten.avg_pool2d.default",
     [("self", xp), ("kernel_size", ints([2, 3])), ("padding", ints([1, 0])), ("divisor_override", num(4))])
aten("avg_pool1d", "aten.avg_pool1d.default", [("self", halves(1, 2, 7)), ("kernel_size", ints([3])),
                                               ("stride", ints([2])), ("padding", ints([1]))])
aten("avg_pool3d", "aten.avg_pool3d.default",
     [("self", halves(1, 1, 3, 4, 4)), ("kernel_size", ints([2])), ("stride", ints([1, 2, 2])),
      ("padding", ints([1, 0, 1])), ("count_include_pad", f)])
aten("adaptive_avg_pool2d", "aten.adaptive_avg_pool2d.default", [("self", xp), ("output_size", ints([3, 4]))],
     ulp=1)
aten("adaptive_avg_pool2d_internal", "aten._adaptive_avg_pool2d.default",
     [("self", xp), ("output_size", ints([1, 1]))], ulp=1)
aten("adaptive_avg_pool3d", "aten.adaptive_avg_pool3d.default",
     [("self", halves(1, 2, 3, 4, 5)), ("output_size", ints([2, 3, 2]))], ulp=1)
aten("adaptive_avg_pool1d", "aten.adaptive_avg_pool1d.default", [("self", halves(2, 2, 7)), ("output_size", ints([3]))],
     ulp=1)
aten("adaptive_max_pool2d", "aten.adaptive_max_pool2d.default", [("self", xp), ("output_size", ints([2, 4]))])

onnx_case("MaxPool_pads_strides", "MaxPool", [xp], {"kernel_shape": ("ints", [3, 2]), "strides": ("ints", [2, 2]),
                                                   "pads": ("ints", [1, 0, 1, 1])})
onnx_case("MaxPool_indices", "MaxPool", [xp], {"kernel_shape": ("ints", [2, 2]), "strides": ("ints", [2, 2]),
                                              "ceil_mode": ("int", 1)}, num_outputs=2)
onnx_case("MaxPool_indices_column_major", "MaxPool", [xp],
          {"kernel_shape": ("ints", [2, 3]), "storage_order": ("int", 1)}, num_outputs=2)
onnx_case("MaxPool_dilations_same_upper", "MaxPool", [xp],
          {"kernel_shape": ("ints", [2, 2]), "dilations": ("ints", [2, 2]), "auto_pad": ("string", "SAME_UPPER")})
onnx_case("MaxPool_1d_same_lower", "MaxPool", [halves(1, 2, 7)],
          {"kernel_shape": ("ints", [4]), "strides": ("ints", [2]), "auto_pad": ("string", "SAME_LOWER")})
onnx_case("AveragePool_exclude_pad", "AveragePool", [xp],
          {"kernel_shape": ("ints", [3, 3]), "strides": ("ints", [2, 2]), "pads": ("ints", [1, 1, 1, 1])})
onnx_case("AveragePool_include_pad", "AveragePool", [xp],
          {"kernel_shape": ("ints", [3, 3]), "strides": ("ints", [2, 2]), "pads": ("ints", [1, 1, 1, 1]),
           "count_include_pad": ("int", 1)})
onnx_case("AveragePool_include_pad_ceil", "AveragePool", [xp],
          {"kernel_shape": ("ints", [3, 3]), "strides": ("ints", [2, 2]), "pads": ("ints", [1, 1, 1, 1]),
           "count_include_pad": ("int", 1), "ceil_mode": ("int", 1)})
onnx_case("AveragePool_ceil_exclude", "AveragePool", [xp],
          {"kernel_shape": ("ints", [2, 2]), "strides": ("ints", [2, 2]), "ceil_mode": ("int", 1)})
onnx_case("AveragePool_dilations", "AveragePool", [xp],
          {"kernel_shape": ("ints", [2, 2]), "dilations": ("ints", [2, 1]), "pads": ("ints", [1, 0, 0, 1])})
onnx_case("GlobalAveragePool", "GlobalAveragePool", [xp], ulp=1)
onnx_case("GlobalMaxPool", "GlobalMaxPool", [xp])

# ---- Attention -------------------------------------------------------------

q, k, v = normal(2, 2, 3, 4), normal(2, 2, 5, 4), normal(2, 2, 5, 3)
sdpa = "aten.scaled_dot_product_attention.default"
aten("sdpa", sdpa, [("query", q), ("key", k), ("value", v)], ulp=8, atol=1e-6)
aten("sdpa_causal_scale", sdpa, [("query", q), ("key", k), ("value", v), ("is_causal", t), ("scale", num(0.3))],
     ulp=8, atol=1e-6)
aten("sdpa_bool_mask_broadcast", sdpa,
     [("query", q), ("key", k), ("value", v), ("attn_mask", torch.rand(3, 5) > 0.4)], ulp=8, atol=1e-6)
aten("sdpa_bool_mask_row_masked", sdpa,
     [("query", q), ("key", k), ("value", v),
      ("attn_mask", torch.tensor([[True] * 5, [False] * 5, [True, False] * 2 + [True]]))], ulp=8, atol=1e-6)
aten("sdpa_float_mask", sdpa, [("query", q), ("key", k), ("value", v), ("attn_mask", normal(2, 1, 3, 5))],
     ulp=8, atol=1e-6)
aten("sdpa_gqa", sdpa,
     [("query", normal(1, 4, 3, 4)), ("key", normal(1, 2, 5, 4)), ("value", normal(1, 2, 5, 3)),
      ("enable_gqa", t)], ulp=8, atol=1e-6)
aten("sdpa_broadcast_batch", sdpa, [("query", normal(2, 3, 4)), ("key", normal(1, 5, 4)), ("value", normal(1, 5, 2))],
     ulp=8, atol=1e-6)
onnx_case("Attention_4d", "Attention", [q, k, v], ulp=16, atol=1e-6, opset=23)
onnx_case("Attention_causal_scale", "Attention", [q, normal(2, 2, 3, 4), normal(2, 2, 3, 3)],
          {"is_causal": ("int", 1), "scale": ("float", 0.3)}, ulp=16, atol=1e-6, opset=23)
onnx_case("Attention_bool_mask", "Attention", [q, k, v, (torch.rand(2, 2, 3, 5) > 0.3) | torch.eye(3, 5, dtype=torch.bool)],
          ulp=16, atol=1e-6, opset=23)
onnx_case("Attention_float_mask", "Attention", [q, k, v, normal(2, 2, 3, 5)], ulp=16, atol=1e-6, opset=23)
onnx_case("Attention_gqa_3d", "Attention", [normal(2, 3, 8), normal(2, 5, 4), normal(2, 5, 6)],
          {"q_num_heads": ("int", 2), "kv_num_heads": ("int", 1)}, ulp=16, atol=1e-6, opset=23)
onnx_case("Attention_softcap", "Attention", [q * 4, k, v], {"softcap": ("float", 2.0)}, ulp=16, atol=1e-6, opset=23)
xr = normal(2, 2, 3, 8)
cos, sin = normal(2, 3, 4), normal(2, 3, 4)
onnx_case("RotaryEmbedding", "RotaryEmbedding", [xr, cos, sin], ulp=2, atol=1e-6, opset=23)
onnx_case("RotaryEmbedding_interleaved_partial", "RotaryEmbedding", [xr, normal(2, 3, 2), normal(2, 3, 2)],
          {"interleaved": ("int", 1), "rotary_embedding_dim": ("int", 4), "num_heads": ("int", 2)}, ulp=2, atol=1e-6, opset=23)
onnx_case("RotaryEmbedding_3d_positions", "RotaryEmbedding",
          [normal(2, 3, 8), normal(6, 2), normal(6, 2), T([[0, 3, 5], [1, 1, 2]], "int64")],
          {"num_heads": ("int", 2)}, ulp=2, atol=1e-6, opset=23)

write(sys.argv[1], "tests/unit/passes/make_nn_vectors.py")
