"""Writes math_vectors.json: recurrent layers, special functions, linear
algebra, quantization, vision and spectral ops with constant inputs and what
torch (ATen ops) or onnxruntime (ONNX ops) computes for them, for
EvaluatorTest.cpp. The case format and helpers are make_fold_vectors.py's.

Run inside the oracle (torch, torchvision, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_math_vectors.py tests/unit/passes/math_vectors.json
"""

import sys

import torch
import torchvision  # noqa: F401  (registers torch.ops.torchvision)

import eval_vectors as fv
from eval_vectors import Attr, T, aten, num, onnx_case

fv.cases.clear()
f64 = "float64"


def rand(*shape, dtype=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    return (torch.rand(*shape, generator=g, dtype=torch.float64) * 2 - 1).to(dtype)


def flag(v):
    return Attr("bool", v)


def label(v):
    """A number as a test name part: 3.5 -> 3_5, -inf -> neg_inf."""
    return str(v).replace("-", "neg_").replace(".", "_")


# ---- Recurrent layers ----------------------------------------------------
# torch's per layer and direction: w_ih, w_hh, [b_ih, b_hh,] [w_hr].

def rnn_params(gates, inputs, hidden, layers, dirs, biases=True, proj=0, dtype=f64, seed=1):
    params, s = [], seed
    state = proj or hidden
    for layer in range(layers):
        width = inputs if layer == 0 else dirs * state
        for _ in range(dirs):
            shapes = [(gates * hidden, width), (gates * hidden, state)]
            if biases:
                shapes += [(gates * hidden,), (gates * hidden,)]
            if proj:
                shapes.append((proj, hidden))
            for shape in shapes:
                params.append(rand(*shape, dtype=fv.DTYPES[dtype], seed=s))
                s += 1
    return params


def rnn_args(x, hx, params, biases, layers, bidirectional, batch_first, train=False, dropout=0.0):
    return [("input", x), ("hx", hx), ("params", params), ("has_biases", flag(biases)),
            ("num_layers", num(layers)), ("dropout", num(float(dropout))), ("train", flag(train)),
            ("bidirectional", flag(bidirectional)), ("batch_first", flag(batch_first))]


# float64 sums in another order: ~1e-13 relative apart, more near zero.
rec = 4096
x_seq = rand(3, 2, 3, dtype=torch.float64, seed=100)  # [seq, batch, features]
h_2layer = rand(2, 2, 2, dtype=torch.float64, seed=101)
c_2layer = rand(2, 2, 2, dtype=torch.float64, seed=102)
aten("lstm_two_layers", "aten.lstm.input",
     rnn_args(x_seq, [h_2layer, c_2layer], rnn_params(4, 3, 2, 2, 1), True, 2, False, False), ulp=rec)
x_batch = x_seq.transpose(0, 1).contiguous()  # batch_first: [batch, seq, features]
aten("lstm_bidirectional_batch_first_no_bias", "aten.lstm.input",
     rnn_args(x_batch, [h_2layer, c_2layer], rnn_params(4, 3, 2, 1, 2, biases=False), False, 1, True,
              True), ulp=rec)
aten("lstm_projected_bidirectional", "aten.lstm.input",
     rnn_args(x_seq, [rand(4, 2, 1, dtype=torch.float64, seed=103),
                      rand(4, 2, 2, dtype=torch.float64, seed=104)],
              rnn_params(4, 3, 2, 2, 2, proj=1), True, 2, True, False), ulp=rec)
aten("lstm_float32", "aten.lstm.input",
     rnn_args(x_seq.float(), [h_2layer[:1].float(), c_2layer[:1].float()],
              rnn_params(4, 3, 2, 1, 1, dtype="float32"), True, 1, False, False), ulp=64)
aten("lstm_train_dropout_declined", "aten.lstm.input",
     rnn_args(x_seq, [h_2layer, c_2layer], rnn_params(4, 3, 2, 2, 1), True, 2, False, False,
              train=True, dropout=0.5), decline=True)
aten("gru_bidirectional_two_layers", "aten.gru.input",
     rnn_args(x_seq, rand(4, 2, 2, dtype=torch.float64, seed=105), rnn_params(3, 3, 2, 2, 2), True,
              2, True, False), ulp=rec)
aten("gru_batch_first", "aten.gru.input",
     rnn_args(x_batch, h_2layer[:1], rnn_params(3, 3, 2, 1, 1), True, 1, False, True), ulp=rec)
aten("rnn_tanh", "aten.rnn_tanh.input",
     rnn_args(x_seq, h_2layer, rnn_params(1, 3, 2, 2, 1), True, 2, False, False), ulp=rec)
aten("rnn_relu_bidirectional", "aten.rnn_relu.input",
     rnn_args(x_seq, rand(2, 2, 2, dtype=torch.float64, seed=106),
              rnn_params(1, 3, 2, 1, 2, biases=False), False, 1, True, False), ulp=rec)

# ONNX: X [seq, batch, in] (layout 1: [batch, seq, in]), W [dirs, G*H, in],
# R [dirs, G*H, H], B [dirs, 2*G*H], sequence_lens, initial_h, initial_c, P.
# onnxruntime computes in float32 with its own GEMMs: ~1e-6 relative apart,
# more where sums cancel.
xf = rand(3, 2, 3, seed=200)
for name, op, gates, attrs, extra in [
        ("LSTM_bidirectional", "LSTM", 4, {"direction": ("string", "bidirectional")}, {}),
        ("LSTM_reverse_clip_peepholes", "LSTM", 4,
         {"direction": ("string", "reverse"), "clip": ("float", 0.5)}, {"P": True}),
        ("LSTM_input_forget", "LSTM", 4, {"input_forget": ("int", 1)}, {}),
        ("LSTM_sequence_lens_activations", "LSTM", 4,
         {"activations": ("strings", ["HardSigmoid", "LeakyRelu", "Softsign"]),
          "activation_alpha": ("floats", [0.3, 0.2]), "activation_beta": ("floats", [0.4])},
         {"lens": True}),
        ("GRU_linear_before_reset", "GRU", 3,
         {"linear_before_reset": ("int", 1), "direction": ("string", "bidirectional")}, {}),
        ("GRU_reset_after", "GRU", 3, {}, {"lens": True}),
        ("RNN_relu", "RNN", 1, {"activations": ("strings", ["Relu"])}, {}),
        # onnxruntime has no batch-major recurrent kernels.
        ("RNN_layout_batch_major_declined", "RNN", 1, {"layout": ("int", 1)}, {}),
]:
    hidden = 2
    dirs = 2 if attrs.get("direction", ("", ""))[1] == "bidirectional" else 1
    attrs = dict(attrs, hidden_size=("int", hidden))
    layout = attrs.get("layout", ("int", 0))[1]
    x = xf.transpose(0, 1).contiguous() if layout else xf
    w = rand(dirs, gates * hidden, 3, seed=201)
    r = rand(dirs, gates * hidden, hidden, seed=202)
    b = rand(dirs, 2 * gates * hidden, seed=203)
    lens = fv.I([3, 2], "int32") if extra.get("lens") else None
    h0 = rand(dirs, 2, hidden, seed=204)
    if layout:
        h0 = h0.transpose(0, 1).contiguous()
    inputs = [x, w, r, b, lens, h0]
    outputs = 2
    if op == "LSTM":
        c0 = rand(dirs, 2, hidden, seed=205)
        inputs.append(c0.transpose(0, 1).contiguous() if layout else c0)
        if extra.get("P"):
            inputs.append(rand(dirs, 3 * hidden, seed=206))
        outputs = 3
    onnx_case(name, op, inputs, attrs, num_outputs=outputs, ulp=2048)


# ---- Special functions ---------------------------------------------------
# torch computes float32 in float32, up to ~1e-6 off (erfinv, digamma) and
# worse in the tails (ndtr below -4, log_ndtr above 6): float32 cases keep to
# points where it holds ~20 ulps; the float64 cases cover the tails within
# ~1e-12.

inf, nan = float("inf"), float("nan")
gamma_points = [-2.5, -1.0, -0.0, 0.0, 1e-3, 0.5, 1.0, 2.0, 3.7, 9.99, 10.0, 25.0, 1e4, nan]
for name, op, points, tails in [
        ("digamma", "aten.digamma.default", gamma_points, []),
        ("lgamma", "aten.lgamma.default", gamma_points + [inf, -inf], []),
        ("erfc", "aten.erfc.default", [-30.0, -1.5, 0.0, 0.3, 2.0, 9.0, inf, nan], [27.0]),
        ("erfinv", "aten.erfinv.default", [-1.0, -0.5, 0.0, 1e-6, 0.3, 0.9, 1.0, 1.5, nan],
         [-0.999999, 0.99999]),
        ("log1p", "aten.log1p.default", [-1.0, -0.5, -1e-8, 0.0, 1e-10, 3.0, 1e30, -2.0, inf], []),
        ("special_erfcx", "aten.special_erfcx.default", [-30.0, -3.0, -0.5, 0.0, 0.5, 5.0, 25.0, 26.5,
                                                         100.0, 1e10, inf, nan], []),
        ("special_i0e", "aten.special_i0e.default", [-50.0, -3.0, 0.0, 0.25, 7.5, 29.9, 30.1, 400.0,
                                                     1e6, nan], []),
        ("special_ndtr", "aten.special_ndtr.default", [-1.0, 0.0, 0.7, 3.0, 9.0, inf],
         [-40.0, -5.0, -3.0]),
        ("special_log_ndtr", "aten.special_log_ndtr.default", [-100.0, -20.0, -1.5, -1.0, -0.5, 0.0,
                                                               2.0], [8.0, 40.0]),
        ("special_ndtri", "aten.special_ndtri.default", [0.0, 1e-30, 1e-6, 0.02, 0.3, 0.5, 0.75,
                                                         0.999, 1.0, 1.2, nan], []),
]:
    aten(name, op, [("self", T(points))], ulp=32)
    aten(name + "_float64", op, [("self", T(points + tails, f64))], ulp=20000)
aten("digamma_int_is_float", "aten.digamma.default", [("self", T([1, 2, 7], "int64"))], ulp=32)
for n in [0, 1, 2, 3, 5]:
    aten(f"polygamma_{n}", "aten.polygamma.default",
         [("n", num(n)), ("self", T([-2.5, -0.5, 0.25, 1.0, 3.5, 12.0, 100.0]))], ulp=32)
aten("polygamma_2_float64", "aten.polygamma.default",
     [("n", num(2)), ("self", T([-2.5, 0.25, 1.0, 3.5, 100.0], f64))], ulp=20000)
aten("special_zeta", "aten.special_zeta.default",
     [("self", T([[1.0], [1.5], [2.0], [4.0], [0.5]])), ("other", T([-2.0, -1.5, 0.5, 1.0, 7.0]))],
     ulp=8)
aten("special_zeta_self_scalar", "aten.special_zeta.self_scalar",
     [("self", num(3.0)), ("other", T([1.0, 2.5, 40.0]))], ulp=8)
aten("special_zeta_other_scalar", "aten.special_zeta.other_scalar",
     [("self", T([2.0, 3.0, 11.0], f64)), ("other", num(2.0))], ulp=20000)
aten("xlogy", "aten.xlogy.Tensor",
     [("self", T([[0.0], [2.0], [-1.5]])), ("other", T([0.0, nan, 3.0, -1.0, inf]))], ulp=1)
aten("xlogy_int_float64", "aten.xlogy.Tensor",
     [("self", T([0, 2, 3], "int64")), ("other", T([5.0, 0.5, 0.0], f64))], ulp=1)
aten("xlogy_scalar_self", "aten.xlogy.Scalar_Self", [("self", num(2)), ("other", T([0.5, 4.0]))],
     ulp=1)
aten("xlogy_scalar_other", "aten.xlogy.Scalar_Other", [("self", T([0.0, 1.5])), ("other", num(0.0))],
     ulp=1)
aten("special_xlog1py", "aten.special_xlog1py.default",
     [("self", T([0.0, 2.0, -1.5, 1.0])), ("other", T([-1.0, 1e-9, 3.0, nan]))], ulp=1)
aten("special_xlog1py_self_scalar", "aten.special_xlog1py.self_scalar",
     [("self", num(3.0)), ("other", T([0.25, -0.5]))], ulp=1)
aten("special_xlog1py_other_scalar", "aten.special_xlog1py.other_scalar",
     [("self", T([0.25, -0.5])), ("other", num(1))], ulp=1)


# ---- Linear algebra ------------------------------------------------------
# LAPACK's factors (pivots, QR signs) exactly; values within float32's last
# bits (torch's float32 LAPACK) or ~1e-12 (float64).

A = T([[4.0, -2.0, 1.0], [3.0, 6.0, -4.0], [2.0, 1.0, 8.0]], f64)
A2 = torch.stack([A, T([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, -1.0, 2.0]], f64)])
spd = torch.stack([A @ A.T + torch.eye(3, dtype=torch.float64), A2[1] @ A2[1].T + 0.5 * torch.eye(3, dtype=torch.float64)])
singular = T([[1.0, 2.0], [2.0, 4.0]], f64)
B = T([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]], f64)
lin = 1000
for dtype, ulp in [(f64, lin), ("float32", 64)]:
    sfx = "" if dtype == f64 else "_float32"
    cast = lambda t: t.to(fv.DTYPES[dtype])
    aten("_linalg_det" + sfx, "aten._linalg_det.default", [("A", cast(A2))], ulp=ulp)
    aten("_linalg_slogdet" + sfx, "aten._linalg_slogdet.default", [("A", cast(A2))], ulp=ulp)
    aten("linalg_inv_ex" + sfx, "aten.linalg_inv_ex.default", [("A", cast(A2))], ulp=ulp)
    aten("_linalg_solve_ex" + sfx, "aten._linalg_solve_ex.default",
         [("A", cast(A2)), ("B", cast(B))], ulp=ulp)
    aten("linalg_cholesky_ex" + sfx, "aten.linalg_cholesky_ex.default", [("self", cast(spd))],
         ulp=ulp)
    aten("linalg_qr" + sfx, "aten.linalg_qr.default", [("A", cast(A2))], ulp=ulp)
aten("linalg_det_singular", "aten.linalg_det.default", [("A", singular)], ulp=lin)
aten("det", "aten.det.default", [("self", A)], ulp=lin)
aten("logdet_negative_and_singular", "aten.logdet.default",
     [("self", torch.stack([A, A2[1], singular.new_zeros(3, 3)]))], ulp=lin)
aten("linalg_slogdet_singular", "aten.linalg_slogdet.default", [("A", singular)], ulp=lin)
aten("slogdet", "aten.slogdet.default", [("self", A2)], ulp=lin)
aten("linalg_inv", "aten.linalg_inv.default", [("A", A)], ulp=lin)
aten("inverse", "aten.inverse.default", [("self", A2)], ulp=lin)
aten("linalg_inv_singular", "aten.linalg_inv.default", [("A", singular)], ulp=lin)
aten("linalg_solve_vector", "aten.linalg_solve.default", [("A", A2), ("B", T([1.0, -2.0, 0.5], f64))],
     ulp=lin)
aten("linalg_solve_batched_vector", "aten.linalg_solve.default",
     [("A", A2), ("B", T([[1.0, -2.0, 0.5], [0.0, 1.0, 2.0]], f64))], ulp=lin)
aten("linalg_solve_broadcast", "aten.linalg_solve.default", [("A", A), ("B", torch.stack([B, -B]))],
     ulp=lin)
aten("linalg_solve_right_vector_declined", "aten.linalg_solve.default",
     [("A", A2), ("B", B.T.contiguous()), ("left", flag(False))], ulp=lin)
aten("linalg_solve_right", "aten.linalg_solve.default",
     [("A", A2), ("B", B.T.contiguous()[None]), ("left", flag(False))], ulp=lin)
aten("linalg_solve_ex", "aten.linalg_solve_ex.default", [("A", A2), ("B", B)], ulp=lin)
aten("linalg_cholesky_upper", "aten.linalg_cholesky.default", [("self", spd), ("upper", flag(True))],
     ulp=lin)
aten("linalg_cholesky_reads_lower_triangle", "aten.linalg_cholesky.default", [("self", A)], ulp=lin)
aten("linalg_cholesky_not_positive_definite", "aten.linalg_cholesky.default", [("self", -A)])
aten("cholesky_solve", "aten.cholesky_solve.default",
     [("self", B), ("input2", torch.linalg.cholesky(spd))], ulp=lin)
aten("cholesky_solve_upper", "aten.cholesky_solve.default",
     [("self", B), ("input2", torch.linalg.cholesky(spd, upper=True)), ("upper", flag(True))], ulp=lin)
tri = torch.triu(A)
for upper, left, unit in [(True, True, False), (False, True, True), (True, False, False),
                          (False, False, False)]:
    aten(f"linalg_solve_triangular_{'upper' if upper else 'lower'}_{'left' if left else 'right'}"
         f"{'_unit' if unit else ''}", "aten.linalg_solve_triangular.default",
         [("self", tri if upper else tri.T.contiguous()), ("B", B if left else B.T.contiguous()),
          ("upper", flag(upper)), ("left", flag(left)), ("unitriangular", flag(unit))], ulp=lin)
tall = rand(4, 2, dtype=torch.float64, seed=300)
aten("linalg_qr_complete_tall", "aten.linalg_qr.default",
     [("A", tall), ("mode", Attr("string", "complete"))], ulp=lin)
aten("linalg_qr_reduced_wide", "aten.linalg_qr.default", [("A", tall.T.contiguous())], ulp=lin)
aten("linalg_qr_r", "aten.linalg_qr.default", [("A", tall), ("mode", Attr("string", "r"))], ulp=lin)
aten("linalg_cross", "aten.linalg_cross.default",
     [("self", T([[1.0, 2.0, 3.0], [0.0, -1.0, 4.0]])), ("other", T([[-2.0, 0.5, 1.0]]))], ulp=0)
aten("linalg_cross_dim0", "aten.linalg_cross.default",
     [("self", T([[1.0, 0.0], [2.0, 1.0], [3.0, 0.0]], f64)),
      ("other", T([[0.0, 1.0], [1.0, 1.0], [0.0, 1.0]], f64)), ("dim", num(0))], ulp=0)
x34 = T([[1.0, -2.0, 0.0, 3.5], [0.25, 4.0, -1.0, 0.0], [2.0, 2.0, -3.0, 1.0]])
for ord_ in [2, 1, 0, 3.5, inf, -inf, -1.0]:
    aten(f"linalg_vector_norm_{label(ord_)}", "aten.linalg_vector_norm.default",
         [("self", x34), ("ord", num(ord_)), ("dim", Attr("ints", [1])), ("keepdim", flag(True))],
         ulp=2)
aten("linalg_vector_norm_all_float64_dtype", "aten.linalg_vector_norm.default",
     [("self", x34), ("dtype", Attr("dtype", f64))], ulp=2)
aten("linalg_vector_norm_dims", "aten.linalg_vector_norm.default",
     [("self", x34.reshape(3, 2, 2)), ("ord", num(1)), ("dim", Attr("ints", [0, -1]))], ulp=2)
for ord_ in [1, -1, 2, -2, inf, -inf]:
    aten(f"linalg_matrix_norm_{label(ord_)}", "aten.linalg_matrix_norm.default",
         [("self", x34.reshape(1, 3, 4)), ("ord", num(ord_))], ulp=4)
for ord_ in ["fro", "nuc"]:
    aten(f"linalg_matrix_norm_{ord_}", "aten.linalg_matrix_norm.str_ord",
         [("self", x34.reshape(3, 2, 2)), ("ord", Attr("string", ord_)), ("dim", Attr("ints", [2, 0])),
          ("keepdim", flag(True))], ulp=4)


# ---- Quantization --------------------------------------------------------
# Bit-exact: the same float32 operations in the same order. Halfway points
# (x / scale = k + 0.5) check rounding half to even.

xq = T([-1.0, -0.3, -0.05, 0.0, 0.025, 0.075, 0.1, 0.33, 0.7, 2.5, -3.0, float("nan")][:11])
scale, zp = 0.05, 3
aten("fake_quantize_per_tensor_affine", "aten.fake_quantize_per_tensor_affine.default",
     [("self", xq), ("scale", num(scale)), ("zero_point", num(zp)), ("quant_min", num(0)),
      ("quant_max", num(255))])
aten("fake_quantize_per_tensor_affine_narrow", "aten.fake_quantize_per_tensor_affine.default",
     [("self", xq), ("scale", num(0.1)), ("zero_point", num(0)), ("quant_min", num(-7)),
      ("quant_max", num(7))])
aten("fake_quantize_per_tensor_affine_tensor_qparams",
     "aten.fake_quantize_per_tensor_affine.tensor_qparams",
     [("self", xq), ("scale", T([0.02])), ("zero_point", T([-5], "int32")), ("quant_min", num(-128)),
      ("quant_max", num(127))])
aten("fake_quantize_per_tensor_affine_cachemask",
     "aten.fake_quantize_per_tensor_affine_cachemask.default",
     [("self", xq), ("scale", num(scale)), ("zero_point", num(zp)), ("quant_min", num(0)),
      ("quant_max", num(15))])
xc = xq[:9].reshape(3, 3)
aten("fake_quantize_per_channel_affine", "aten.fake_quantize_per_channel_affine.default",
     [("self", xc), ("scale", T([0.05, 0.01, 0.2])), ("zero_point", T([0, 10, -3], "int32")),
      ("axis", num(1)), ("quant_min", num(-128)), ("quant_max", num(127))])
aten("fake_quantize_per_channel_affine_cachemask",
     "aten.fake_quantize_per_channel_affine_cachemask.default",
     [("self", xc), ("scale", T([0.05, 0.01, 0.2])), ("zero_point", T([0, 10, 3], "int32")),
      ("axis", num(0)), ("quant_min", num(0)), ("quant_max", num(20))])
aten("fake_quantize_per_channel_affine_zero_point_out_of_range",
     "aten.fake_quantize_per_channel_affine_cachemask.default",
     [("self", xc), ("scale", T([0.05, 0.01, 0.2])), ("zero_point", T([0, 10, -3], "int32")),
      ("axis", num(0)), ("quant_min", num(0)), ("quant_max", num(20))])

from torch.ao.quantization.fx import _decomposed  # noqa: E402,F401  (defines the ops)

i8, u8 = Attr("dtype", "int8"), Attr("dtype", "uint8")
aten("quantize_per_tensor", "quantized_decomposed.quantize_per_tensor.default",
      [("input", xq), ("scale", num(scale)), ("zero_point", num(zp)), ("quant_min", num(-128)),
       ("quant_max", num(127)), ("dtype", i8)])
aten("quantize_per_tensor_tensor", "quantized_decomposed.quantize_per_tensor.tensor",
      [("input", xq), ("scale", T([0.03], f64)), ("zero_point", T([128], "int64")),
       ("quant_min", num(0)), ("quant_max", num(255)), ("dtype", u8)])
aten("dequantize_per_tensor", "quantized_decomposed.dequantize_per_tensor.default",
      [("input", T([-128, -3, 0, 7, 127], "int8")), ("scale", num(0.1)), ("zero_point", num(-3)),
       ("quant_min", num(-128)), ("quant_max", num(127)), ("dtype", i8)])
aten("dequantize_per_tensor_tensor", "quantized_decomposed.dequantize_per_tensor.tensor",
      [("input", T([0, 100, 255], "uint8")), ("scale", T([0.013], f64)),
       ("zero_point", T([100], "int64")), ("quant_min", num(0)), ("quant_max", num(255)),
       ("dtype", u8)])
for sdt in ["float32", f64]:
    aten(f"quantize_per_channel_{sdt}", "quantized_decomposed.quantize_per_channel.default",
          [("input", xc), ("scales", T([0.05, 0.01, 0.2], sdt)), ("zero_points", T([0, 10, -3], "int64")),
           ("axis", num(1)), ("quant_min", num(-127)), ("quant_max", num(127)), ("dtype", i8)])
    aten(f"dequantize_per_channel_{sdt}", "quantized_decomposed.dequantize_per_channel.default",
          [("input", T([[-128, 5, 127], [0, -1, 3]], "int8")), ("scales", T([0.05, 0.013], sdt)),
           ("zero_points", T([0, -2], "int64")), ("axis", num(0)), ("quant_min", num(-128)),
           ("quant_max", num(127)), ("dtype", i8)])

onnx_case("QuantizeLinear_uint8", "QuantizeLinear", [xq[:10], T(scale), T(zp, "uint8")])
onnx_case("QuantizeLinear_int8_saturates", "QuantizeLinear", [xq[:10] * 100, T(0.5), T(-1, "int8")])
onnx_case("QuantizeLinear_default_zero_point", "QuantizeLinear", [xq[:10], T(0.01)])
onnx_case("QuantizeLinear_per_axis", "QuantizeLinear",
          [xc, T([0.05, 0.01, 0.2]), T([0, 10, -3], "int8")], {"axis": ("int", 1)})
onnx_case("QuantizeLinear_per_axis_0", "QuantizeLinear",
          [xc, T([0.05, 0.01, 0.2]), T([0, 10, 3], "uint8")], {"axis": ("int", 0)})
onnx_case("DequantizeLinear_int8", "DequantizeLinear",
          [T([-128, -3, 0, 7, 127], "int8"), T(0.1), T(-3, "int8")])
onnx_case("DequantizeLinear_per_axis", "DequantizeLinear",
          [T([[0, 100, 255], [3, 4, 5]], "uint8"), T([0.013, 0.5, 2.0]), T([100, 0, 7], "uint8")],
          {"axis": ("int", -1)})


fv.write(sys.argv[1], generator="tests/unit/passes/make_math_vectors.py")
