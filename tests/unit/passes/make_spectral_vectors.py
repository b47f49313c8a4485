"""Writes spectral_vectors.json: complex values and Fourier transforms (torch's fft
family, fftshift, polar, view_as_real/view_as_complex, the magnitude of a complex
tensor, stft) computed by torch, and ONNX's STFT computed by onnxruntime, for
EvaluatorTest.cpp. Complex values are written as (real, imaginary) pairs.

Run inside the oracle (torch, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_spectral_vectors.py tests/unit/passes/spectral_vectors.json

The evaluator sums each transform by its definition in double: float32 results
may differ from the runtimes' FFTs by rounding of the order of the float32 epsilon
times the signal's magnitude (atol), float64 results by much less.
"""

import sys

import torch

from eval_vectors import *  # noqa: F403

torch.manual_seed(0)

F32 = {"ulp": 4, "atol": 2e-5}
F64 = {"ulp": 4, "atol": 1e-12}


def ints(v):
    return Attr("ints", v)


def string(v):
    return Attr("string", v)


def flag(v):
    return Attr("bool", v)


x = torch.randn(2, 3, 8)
z = torch.randn(2, 3, 8, dtype=torch.complex64)

# ---- one-dimensional transforms ----------------------------------------------

for norm in (None, "backward", "ortho", "forward"):
    args = [("norm", string(norm))] if norm else []
    tag = norm or "default"
    aten(f"fft_real_{tag}", "aten.fft_fft.default", [("self", x)] + args, **F32)
    aten(f"fft_complex_{tag}", "aten.fft_fft.default", [("self", z), ("dim", num(1))] + args, **F32)
    aten(f"ifft_{tag}", "aten.fft_ifft.default", [("self", z)] + args, **F32)
    aten(f"rfft_{tag}", "aten.fft_rfft.default", [("self", x), ("dim", num(0))] + args, **F32)
    aten(f"irfft_{tag}", "aten.fft_irfft.default", [("self", z)] + args, **F32)
aten("fft_n_padded", "aten.fft_fft.default", [("self", x), ("n", num(11))], **F32)
aten("fft_n_cut", "aten.fft_fft.default", [("self", z), ("n", num(5)), ("dim", num(-2))], **F32)
aten("rfft_odd_n", "aten.fft_rfft.default", [("self", x), ("n", num(7))], **F32)
aten("irfft_odd_n", "aten.fft_irfft.default", [("self", z), ("n", num(9))], **F32)
aten("irfft_n_cut", "aten.fft_irfft.default", [("self", z), ("n", num(4))], **F32)
aten("fft_float64", "aten.fft_fft.default", [("self", x.double())], **F64)
aten("ifft_complex128", "aten.fft_ifft.default", [("self", z.to(torch.complex128))], **F64)
aten("fft_float16", "aten.fft_fft.default", [("self", x.half())], decline=True)
aten("fft_int", "aten.fft_fft.default", [("self", torch.arange(8))], decline=True)

# ---- two- and n-dimensional transforms ---------------------------------------

aten("fft2", "aten.fft_fft2.default", [("self", x), ("dim", ints([-2, -1]))], **F32)
aten("fft2_s_dims", "aten.fft_fft2.default",
     [("self", z), ("s", ints([3, 10])), ("dim", ints([0, 2])), ("norm", string("ortho"))], **F32)
aten("ifft2", "aten.fft_ifft2.default", [("self", z), ("dim", ints([-2, -1]))], **F32)
aten("rfft2_ortho", "aten.fft_rfft2.default",
     [("self", x), ("dim", ints([-2, -1])), ("norm", string("ortho"))], **F32)
aten("rfft2_s", "aten.fft_rfft2.default", [("self", x), ("s", ints([5, 7])), ("dim", ints([0, 1]))],
     **F32)
aten("irfft2_s_ortho", "aten.fft_irfft2.default",
     [("self", z), ("s", ints([4, 8])), ("dim", ints([-2, -1])), ("norm", string("ortho"))], **F32)
aten("irfft2_default_size", "aten.fft_irfft2.default", [("self", z), ("dim", ints([-2, -1]))], **F32)
aten("fftn_all", "aten.fft_fftn.default", [("self", x)], **F32)
aten("fftn_last_of_s", "aten.fft_fftn.default", [("self", z), ("s", ints([3, 4]))], **F32)
aten("ifftn_forward", "aten.fft_ifftn.default",
     [("self", z), ("dim", ints([0, 2])), ("norm", string("forward"))], **F32)
aten("rfftn", "aten.fft_rfftn.default", [("self", x), ("dim", ints([0, 2]))], **F32)
aten("irfftn_s", "aten.fft_irfftn.default", [("self", z), ("s", ints([3, 4, 6]))], **F32)
aten("fft2_repeated_dim", "aten.fft_fft2.default", [("self", x), ("dim", ints([1, 1]))])

# ---- shifts, polar, views, magnitude -----------------------------------------

odd = torch.randn(3, 5, 4)
aten("fftshift_all", "aten.fft_fftshift.default", [("self", odd)])
aten("fftshift_dims", "aten.fft_fftshift.default", [("self", odd), ("dim", ints([-2, 0]))])
aten("ifftshift_all", "aten.fft_ifftshift.default", [("self", odd)])
aten("ifftshift_complex", "aten.fft_ifftshift.default", [("self", z), ("dim", ints([1]))])
aten("fftshift_int", "aten.fft_fftshift.default", [("self", torch.arange(15).reshape(3, 5))])

aten("polar", "aten.polar.default", [("abs", x.abs()), ("angle", torch.randn(2, 3, 8) * 4)], ulp=2,
     atol=1e-7)
aten("polar_broadcast_float64", "aten.polar.default",
     [("abs", torch.rand(6, 1).double()), ("angle", torch.randn(8).double())], ulp=2)
aten("view_as_real", "aten.view_as_real.default", [("self", z)])
aten("view_as_real_complex128", "aten.view_as_real.default", [("self", z.to(torch.complex128))])
aten("view_as_complex", "aten.view_as_complex.default", [("self", torch.randn(4, 3, 2))])
aten("abs_complex64", "aten.abs.default", [("self", z * 1e3)], ulp=1)
aten("abs_complex128", "aten.abs.default", [("self", z.to(torch.complex128))], ulp=1)

# ---- stft --------------------------------------------------------------------

signal = torch.randn(2, 40)
hann = torch.hann_window(12)
aten("stft_window_padded", "aten.stft.default",
     [("self", signal), ("n_fft", num(16)), ("hop_length", num(4)), ("win_length", num(12)),
      ("window", hann), ("return_complex", flag(True))], **F32)
aten("stft_1d_defaults", "aten.stft.default",
     [("self", signal[0]), ("n_fft", num(16)), ("return_complex", flag(True))], **F32)
aten("stft_normalized_twosided", "aten.stft.default",
     [("self", signal), ("n_fft", num(10)), ("hop_length", num(3)), ("window", torch.hann_window(10)),
      ("normalized", flag(True)), ("onesided", flag(False)), ("return_complex", flag(True))], **F32)
aten("stft_real_pairs", "aten.stft.default",
     [("self", signal), ("n_fft", num(16)), ("hop_length", num(5)), ("window", torch.hann_window(16)),
      ("return_complex", flag(False))], **F32)
aten("stft_float64", "aten.stft.default",
     [("self", signal.double()), ("n_fft", num(8)), ("hop_length", num(8)),
      ("window", torch.hann_window(8, dtype=torch.float64)), ("return_complex", flag(True))], **F64)
aten("stft_frame_longer_than_signal", "aten.stft.default",
     [("self", signal[:, :8]), ("n_fft", num(16)), ("return_complex", flag(True))])

for mode in ("reflect", "constant", "replicate", "circular"):
    aten(f"stft_center_{mode}", "aten.stft.center",
         [("self", signal), ("n_fft", num(12)), ("hop_length", num(5)), ("window", torch.hann_window(12)),
          ("center", flag(True)), ("pad_mode", string(mode)), ("return_complex", flag(True))], **F32)
aten("stft_center_1d_default_mode", "aten.stft.center",
     [("self", signal[0]), ("n_fft", num(8)), ("return_complex", flag(True))], **F32)
aten("stft_center_false", "aten.stft.center",
     [("self", signal), ("n_fft", num(8)), ("center", flag(False)), ("return_complex", flag(True))], **F32)
aten("stft_center_reflect_too_short", "aten.stft.center",
     [("self", signal[:, :4]), ("n_fft", num(12)), ("return_complex", flag(True))])

# ---- onnx.STFT (opset 17 and later) ------------------------------------------

sig = torch.randn(2, 40, 1)
step = T(8, "int64")
length = T(16, "int64")
window = torch.hann_window(16)
onnx_case("STFT_window", "STFT", [sig, step, window], **F32)
onnx_case("STFT_window_and_length", "STFT", [sig, T(5, "int64"), window, length], **F32)
onnx_case("STFT_length_only", "STFT", [sig, step, None, T(12, "int64")], **F32)
onnx_case("STFT_twosided", "STFT", [sig, step, window], {"onesided": ("int", 0)}, **F32)
onnx_case("STFT_float64", "STFT", [sig.double(), step, window.double()], **F64)
# onnxruntime 1.23 returns values unrelated to a complex signal: declined.
onnx_case("STFT_complex_signal", "STFT", [torch.randn(1, 40, 2), step, window],
          {"onesided": ("int", 0)}, decline=True)
onnx_case("STFT_opset17", "STFT", [sig, step, window], opset=17, **F32)

# ---- onnx.DFT (the axis an attribute at opset 17, an operand at 20) --------------

real = torch.randn(2, 6, 5, 1)
pairs = torch.randn(2, 6, 5, 2)
onnx_case("DFT_opset17_axis", "DFT", [real], {"axis": ("int", 2)}, opset=17, **F32)
onnx_case("DFT_opset17_onesided_length", "DFT", [real, T(8, "int64")],
          {"axis": ("int", 1), "onesided": ("int", 1)}, opset=17, **F32)
onnx_case("DFT_opset17_inverse_complex", "DFT", [pairs], {"axis": ("int", 1), "inverse": ("int", 1)},
          opset=17, **F32)
onnx_case("DFT_axis_operand", "DFT", [pairs, None, T(-2, "int64")], **F32)
onnx_case("DFT_length_cut_inverse", "DFT", [pairs, T(4, "int64"), T(1, "int64")],
          {"inverse": ("int", 1)}, **F32)
onnx_case("DFT_onesided_float64", "DFT", [real.double(), None, T(2, "int64")],
          {"onesided": ("int", 1)}, **F64)
onnx_case("DFT_default_axis_rank3", "DFT", [torch.randn(3, 7, 2)], **F32)
onnx_case("DFT_default_axis_rank4", "DFT", [pairs], decline=True)

write(sys.argv[1], "tests/unit/passes/make_spectral_vectors.py")
