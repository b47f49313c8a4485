"""Writes sampling_vectors.json: grid sampling (torch's grid_sampler, ONNX GridSample),
affine_grid_generator, im2col/col2im and ONNX Col2Im, fractional max pooling and ONNX
GatherElements, with constant inputs and what torch (ATen ops) or onnxruntime (ONNX ops)
computes for them, for EvaluatorTest.cpp. The case format and helpers are eval_vectors.py's.

Run inside the oracle (torch, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_sampling_vectors.py tests/unit/passes/sampling_vectors.json

onnxruntime's GridSample is matched to the bit. torch's 2-D kernel is vectorized with fused
multiply-adds the evaluator does not place, and its linear interpolation sums the corners in
another order: its cases allow a few ulp, or an absolute 1e-6 where the sum cancels. Grids come
in two kinds: random ones reaching past the borders, and multiples of 1/8 whose coordinates
fall exactly on pixel centres and half-way between them, in every runtime's arithmetic, so
that nearest's ties (half to even) and the reflections of taps are checked exactly.
"""

import sys

import torch

import eval_vectors as fv
from eval_vectors import Attr, T, aten, num, onnx_case

fv.cases.clear()
torch.manual_seed(0)

MODES = ["bilinear", "nearest", "bicubic"]
PADDINGS = ["zeros", "border", "reflection"]
ONNX_MODES = {20: ["linear", "nearest", "cubic"], 16: ["bilinear", "nearest", "bicubic"]}


def ints(v):
    return Attr("ints", v)


def flag(v):
    return Attr("bool", v)


def random_grid(*shape, dtype=torch.float32):
    return (torch.rand(*shape, dtype=torch.float64) * 2.6 - 1.3).to(dtype)


def eighths_grid(*shape, lo=-2.5, hi=2.5, dtype=torch.float32):
    """Multiples of 1/8 in [lo, hi], cycling through the grid's points."""
    steps = int((hi - lo) * 8) + 1
    count = 1
    for d in shape:
        count *= d
    values = [lo + ((i * 7) % steps) / 8 for i in range(count)]
    return torch.tensor(values, dtype=dtype).reshape(shape)


def grid_sampler(name, x, grid, mode, padding, corners, op="aten.grid_sampler.default", **kw):
    aten(name, op, [("input", x), ("grid", grid), ("interpolation_mode", num(mode)),
                    ("padding_mode", num(padding)), ("align_corners", flag(corners))], **kw)


def grid_sample(name, x, grid, mode, padding, corners, opset=20, **kw):
    onnx_case(name, "GridSample", [x, grid],
              {"mode": ("string", mode), "padding_mode": ("string", padding),
               "align_corners": ("int", int(corners))}, opset=opset, **kw)


# ---- grid_sampler / GridSample, 4-D ------------------------------------------

x4 = torch.randn(2, 3, 4, 5)
g4 = random_grid(2, 3, 6, 2)
e4 = eighths_grid(2, 4, 5, 2)
x4d = torch.randn(1, 2, 3, 4, dtype=torch.float64)
g4d = random_grid(1, 5, 3, 2, dtype=torch.float64)
for m, mode in enumerate(MODES):
    for p, padding in enumerate(PADDINGS):
        for corners in (False, True):
            tag = f"{mode}_{padding}_{'corners' if corners else 'centres'}"
            grid_sampler(f"grid_sampler_{tag}", x4, g4, m, p, corners, ulp=8, atol=1e-6)
            grid_sampler(f"grid_sampler_{tag}_ties", x4, e4, m, p, corners, ulp=8, atol=1e-6)
            grid_sampler(f"grid_sampler_{tag}_float64", x4d, g4d, m, p, corners, ulp=8, atol=1e-14)
            onnx_mode = ONNX_MODES[20][m]
            grid_sample(f"GridSample_{tag}", x4, g4, onnx_mode, padding, corners)
            grid_sample(f"GridSample_{tag}_ties", x4, e4, onnx_mode, padding, corners)
            grid_sample(f"GridSample_{tag}_float64", x4d, g4d, onnx_mode, padding, corners)
            grid_sample(f"GridSample_opset16_{tag}", x4, e4, ONNX_MODES[16][m], padding, corners,
                        opset=16)

# A single row and column: reflection about a degenerate span.
x1 = torch.randn(1, 2, 1, 1)
for m, mode in enumerate(MODES):
    for p, padding in enumerate(PADDINGS):
        grid_sampler(f"grid_sampler_{mode}_{padding}_single_pixel", x1, eighths_grid(1, 2, 3, 2),
                     m, p, True, ulp=8, atol=1e-6)
grid_sampler("grid_sampler_2d_overload", x4, g4, 0, 1, False, op="aten.grid_sampler_2d.default",
             ulp=8, atol=1e-6)
# Far outside the image: several reflections.
far = torch.tensor([[[[-7.3, 5.9], [9.1, -11.6], [3.3, 3.3]]]])
for m, mode in enumerate(MODES):
    for corners in (False, True):
        grid_sampler(f"grid_sampler_{mode}_reflection_far_{corners}", x4[:1], far, m, 2, corners,
                     ulp=8, atol=1e-6)
        grid_sample(f"GridSample_{mode}_reflection_far_{corners}", x4[:1], far, ONNX_MODES[20][m],
                    "reflection", corners)

# Declined: non-finite grids or inputs, mixed dtypes, half precision.
nan_grid = g4.clone()
nan_grid[0, 1, 2, 0] = float("nan")
grid_sampler("grid_sampler_nan_grid", x4, nan_grid, 0, 0, False, decline=True)
grid_sample("GridSample_nan_grid", x4, nan_grid, "linear", "zeros", False, decline=True)
inf_x = x4.clone()
inf_x[1, 0, 2, 2] = float("inf")
grid_sampler("grid_sampler_inf_input", inf_x, g4, 0, 1, False, decline=True)
grid_sampler("grid_sampler_mixed_dtypes", x4, g4.double(), 0, 0, False)
grid_sampler("grid_sampler_empty_image", torch.randn(2, 3, 0, 5), g4, 0, 0, False)
grid_sampler("grid_sampler_float16", x4.half(), g4.half(), 0, 0, False, decline=True)

# ---- grid_sampler / GridSample, 5-D ------------------------------------------

x5 = torch.randn(1, 2, 3, 4, 5)
g5 = random_grid(1, 2, 3, 4, 3)
e5 = eighths_grid(1, 3, 4, 5, 3)
for m, mode in enumerate(MODES[:2]):
    for p, padding in enumerate(PADDINGS):
        for corners in (False, True):
            tag = f"3d_{mode}_{padding}_{'corners' if corners else 'centres'}"
            grid_sampler(f"grid_sampler_{tag}", x5, g5, m, p, corners, ulp=8, atol=1e-6)
            grid_sampler(f"grid_sampler_{tag}_ties", x5, e5, m, p, corners, ulp=8, atol=1e-6)
            onnx_mode = ONNX_MODES[20][m]
            grid_sample(f"GridSample_{tag}", x5, g5, onnx_mode, padding, corners)
            grid_sample(f"GridSample_{tag}_ties", x5, e5, onnx_mode, padding, corners)
grid_sampler("grid_sampler_3d_overload", x5, g5, 1, 2, True, op="aten.grid_sampler_3d.default")
grid_sampler("grid_sampler_3d_bicubic", x5, g5, 2, 0, False)
grid_sample("GridSample_3d_cubic", x5, g5, "cubic", "zeros", False)

# ---- affine_grid_generator -----------------------------------------------------

theta2 = torch.randn(2, 2, 3)
theta3 = torch.randn(2, 3, 4)
for corners in (False, True):
    aten(f"affine_grid_4d_{corners}", "aten.affine_grid_generator.default",
         [("theta", theta2), ("size", ints([2, 3, 5, 7])), ("align_corners", flag(corners))],
         ulp=4, atol=1e-6)
    aten(f"affine_grid_5d_{corners}", "aten.affine_grid_generator.default",
         [("theta", theta3), ("size", ints([2, 1, 3, 4, 6])), ("align_corners", flag(corners))],
         ulp=4, atol=1e-6)
    aten(f"affine_grid_4d_float64_{corners}", "aten.affine_grid_generator.default",
         [("theta", theta2.double()), ("size", ints([2, 1, 9, 1])), ("align_corners", flag(corners))],
         ulp=4, atol=1e-15)
aten("affine_grid_identity_28", "aten.affine_grid_generator.default",
     [("theta", torch.tensor([[[1.0, 0, 0], [0, 1.0, 0]]])), ("size", ints([1, 1, 28, 28])),
      ("align_corners", flag(False))])
aten("affine_grid_wrong_theta", "aten.affine_grid_generator.default",
     [("theta", theta3), ("size", ints([2, 3, 5, 7])), ("align_corners", flag(False))])

# ---- im2col / col2im / Col2Im ----------------------------------------------------

xi = torch.randn(2, 3, 7, 8)
for name, k, d, p, s in [("plain", [2, 2], [1, 1], [0, 0], [1, 1]),
                         ("patches", [4, 4], [1, 1], [0, 0], [4, 4]),
                         ("uneven", [3, 2], [2, 1], [1, 2], [2, 3]),
                         ("dilated_padded", [2, 3], [3, 2], [2, 1], [1, 2])]:
    aten(f"im2col_{name}", "aten.im2col.default",
         [("self", xi), ("kernel_size", ints(k)), ("dilation", ints(d)), ("padding", ints(p)),
          ("stride", ints(s))])
    cols = torch.ops.aten.im2col.default(xi, k, d, p, s)
    cols = torch.randn(cols.shape)
    aten(f"col2im_{name}", "aten.col2im.default",
         [("self", cols), ("output_size", ints([7, 8])), ("kernel_size", ints(k)), ("dilation", ints(d)),
          ("padding", ints(p)), ("stride", ints(s))])
    onnx_case(f"Col2Im_{name}", "Col2Im", [cols, T([7, 8], "int64"), T(k, "int64")],
              {"dilations": ("ints", d), "pads": ("ints", p + p), "strides": ("ints", s)})
aten("im2col_unbatched", "aten.im2col.default",
     [("self", xi[0]), ("kernel_size", ints([3, 3])), ("dilation", ints([1, 1])), ("padding", ints([1, 1])),
      ("stride", ints([2, 2]))])
aten("im2col_float64", "aten.im2col.default",
     [("self", xi.double()), ("kernel_size", ints([2, 3])), ("dilation", ints([1, 1])),
      ("padding", ints([0, 1])), ("stride", ints([1, 1]))])
aten("im2col_window_too_large", "aten.im2col.default",
     [("self", xi), ("kernel_size", ints([9, 2])), ("dilation", ints([1, 1])), ("padding", ints([0, 0])),
      ("stride", ints([1, 1]))])
aten("col2im_unbatched", "aten.col2im.default",
     [("self", torch.randn(12, 20)), ("output_size", ints([5, 6])), ("kernel_size", ints([2, 2])),
      ("dilation", ints([1, 1])), ("padding", ints([0, 0])), ("stride", ints([1, 1]))])
aten("col2im_float64", "aten.col2im.default",
     [("self", torch.randn(1, 12, 20, dtype=torch.float64)), ("output_size", ints([5, 6])),
      ("kernel_size", ints([2, 2])), ("dilation", ints([1, 1])), ("padding", ints([0, 0])),
      ("stride", ints([1, 1]))])
aten("col2im_wrong_block_count", "aten.col2im.default",
     [("self", torch.randn(1, 12, 19)), ("output_size", ints([5, 6])), ("kernel_size", ints([2, 2])),
      ("dilation", ints([1, 1])), ("padding", ints([0, 0])), ("stride", ints([1, 1]))])
# Col2Im with asymmetric pads; in 1-D and 3-D onnxruntime's kernel is right only without
# strides, pads or dilations (it takes the dilated kernel for the kernel and the blocks of a
# unit stride): the evaluator declines the others.
onnx_case("Col2Im_asymmetric_pads", "Col2Im", [torch.randn(1, 8, 16), T([4, 5], "int64"), T([2, 2], "int64")],
          {"pads": ("ints", [1, 0, 0, 1]), "dilations": ("ints", [1, 2])})
onnx_case("Col2Im_1d", "Col2Im", [torch.randn(2, 6, 7), T([9], "int64"), T([3], "int64")])
onnx_case("Col2Im_3d", "Col2Im", [torch.randn(1, 16, 24), T([3, 4, 5], "int64"), T([2, 2, 2], "int64")])
onnx_case("Col2Im_1d_strides", "Col2Im", [torch.randn(2, 6, 4), T([9], "int64"), T([3], "int64")],
          {"strides": ("ints", [2]), "pads": ("ints", [0, 1])}, decline=True)
onnx_case("Col2Im_3d_dilations", "Col2Im", [torch.randn(1, 16, 12), T([3, 4, 5], "int64"), T([2, 2, 2], "int64")],
          {"dilations": ("ints", [1, 2, 1])}, decline=True)

# ---- fractional_max_pool2d / 3d ------------------------------------------------

xf = torch.randn(2, 3, 13, 16)
sf = torch.rand(2, 3, 2)
for name, k, out in [("by_size", [3, 2], [7, 9]), ("halved", [2, 2], [6, 8]), ("single_output", [4, 5], [1, 1]),
                     ("full", [1, 1], [13, 16])]:
    aten(f"fractional_max_pool2d_{name}", "aten.fractional_max_pool2d.default",
         [("self", xf), ("kernel_size", ints(k)), ("output_size", ints(out)), ("random_samples", sf)])
aten("fractional_max_pool2d_float64", "aten.fractional_max_pool2d.default",
     [("self", xf.double()), ("kernel_size", ints([3, 3])), ("output_size", ints([5, 6])),
      ("random_samples", sf.double())])
aten("fractional_max_pool2d_unbatched", "aten.fractional_max_pool2d.default",
     [("self", xf[0]), ("kernel_size", ints([2, 3])), ("output_size", ints([8, 7])),
      ("random_samples", sf[:1])])
ties = torch.tensor([[[[1.0, 1.0, 0.0, 2.0, 2.0], [1.0, float("nan"), 0.0, float("nan"), 2.0],
                       [3.0, 3.0, float("-inf"), float("-inf"), 3.0], [float("-inf")] * 5]]])
aten("fractional_max_pool2d_ties_nan_inf", "aten.fractional_max_pool2d.default",
     [("self", ties), ("kernel_size", ints([2, 2])), ("output_size", ints([3, 4])),
      ("random_samples", torch.tensor([[[0.3, 0.8]]]))])
samples_edge = torch.tensor([[[0.0, 0.999999]], [[0.5, 0.25]]]).reshape(2, 1, 2)
aten("fractional_max_pool2d_edge_samples", "aten.fractional_max_pool2d.default",
     [("self", torch.randn(2, 1, 11, 10)), ("kernel_size", ints([2, 3])), ("output_size", ints([5, 4])),
      ("random_samples", samples_edge)])
# torch takes samples outside [0, 1) too (the verification draws them from a normal law).
aten("fractional_max_pool2d_samples_outside_unit", "aten.fractional_max_pool2d.default",
     [("self", xf[:1, :2]), ("kernel_size", ints([3, 2])), ("output_size", ints([7, 9])),
      ("random_samples", torch.tensor([[[-0.3, 1.5], [2.5, -0.9]]]))])
aten("fractional_max_pool2d_window_too_large", "aten.fractional_max_pool2d.default",
     [("self", xf), ("kernel_size", ints([8, 2])), ("output_size", ints([7, 9])), ("random_samples", sf)])
xv = torch.randn(2, 3, 7, 9, 8)
sv = torch.rand(2, 3, 3)
aten("fractional_max_pool3d", "aten.fractional_max_pool3d.default",
     [("self", xv), ("kernel_size", ints([2, 3, 2])), ("output_size", ints([4, 5, 6])), ("random_samples", sv)])
aten("fractional_max_pool3d_cubes", "aten.fractional_max_pool3d.default",
     [("self", xv), ("kernel_size", ints([3, 3, 3])), ("output_size", ints([3, 3, 3])), ("random_samples", sv)])
aten("fractional_max_pool3d_unbatched", "aten.fractional_max_pool3d.default",
     [("self", xv[0]), ("kernel_size", ints([2, 2, 2])), ("output_size", ints([5, 7, 6])),
      ("random_samples", sv[:1])])

# ---- GatherElements (the flat windows of fractional pooling) --------------------

data = torch.randn(2, 3, 4)
for axis in (0, 1, 2, -1, -3):
    size = data.shape[axis]
    index = torch.randint(-size, size, (2, 3, 5) if axis in (2, -1) else (2, 3, 4))
    if axis in (0, -3):
        index = torch.randint(-size, size, (1, 3, 4))
    onnx_case(f"GatherElements_axis_{axis}".replace("-", "minus_"), "GatherElements",
              [data, index], {"axis": ("int", axis)})
onnx_case("GatherElements_int32_indices", "GatherElements",
          [data, torch.randint(-3, 3, (2, 2, 4), dtype=torch.int32)], {"axis": ("int", 1)})
onnx_case("GatherElements_windows", "GatherElements",
          [torch.randn(2, 4, 20), torch.randint(0, 20, (2, 4, 36))], {"axis": ("int", 2)})
onnx_case("GatherElements_out_of_range_negative", "GatherElements",
          [data, T([[[-5, 0, 0, 0]]], "int64")], {"axis": ("int", 2)}, decline=True)

fv.write(sys.argv[1], "tests/unit/passes/make_sampling_vectors.py")
