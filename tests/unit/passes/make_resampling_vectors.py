"""Writes resampling_vectors.json: torch's upsample_* ops (nearest, nearest-exact,
linear, bilinear, trilinear, bicubic, antialiased bilinear and bicubic) and ONNX
Resize, with constant inputs and what torch or onnxruntime computes for them, for
EvaluatorTest.cpp.

Run inside the oracle (torch, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_resampling_vectors.py tests/unit/passes/resampling_vectors.json

Nearest modes gather and match to the bit; the scales and sizes are chosen so
that source coordinates land on and near the rounding points, where one bit of
the coordinate's arithmetic picks another pixel. Weighted modes sum a few
products, in another order than the runtimes' kernels: a few ulp.
"""

import sys

import torch

from eval_vectors import *  # noqa: F403

torch.manual_seed(0)


def normal(*shape, dtype=torch.float32):
    return torch.randn(shape).to(dtype)


def ints(v):
    return Attr("ints", v)


def floats(v):
    return Attr("floats", v)


def string(v):
    return Attr("string", v)


W = dict(ulp=4, atol=1e-6)  # weighted sums
# torch's float32 bicubic weights differ from the same formulas evaluated in
# float by up to 3 ulp (its compiled arithmetic is not reproduced): a few 1e-6
# of the result, some 30 of its ulp where the sum cancels.
C = dict(ulp=32, atol=3e-6)

# ---- torch: nearest and nearest-exact --------------------------------------

x4 = normal(1, 1, 5, 7)
for name, op in [("nearest", "upsample_nearest"), ("nearest_exact", "_upsample_nearest_exact")]:
    aten(f"{name}2d_scale2", f"aten.{op}2d.vec",
         [("input", x4), ("output_size", None), ("scale_factors", floats([2.0, 2.0]))])
    aten(f"{name}2d_scale_fractional", f"aten.{op}2d.vec",
         [("input", x4), ("output_size", None), ("scale_factors", floats([1.7, 2.3]))])
    aten(f"{name}2d_downsample_scale", f"aten.{op}2d.vec",
         [("input", normal(1, 1, 11, 13)), ("output_size", None), ("scale_factors", floats([0.6, 0.35]))])
    aten(f"{name}2d_output_size", f"aten.{op}2d.vec",
         [("input", x4), ("output_size", ints([9, 3])), ("scale_factors", None)])
    aten(f"{name}2d_size_and_scale", f"aten.{op}2d.vec",
         [("input", x4), ("output_size", ints([10, 14])), ("scale_factors", floats([2.0, 2.0]))])
    aten(f"{name}2d_thirds", f"aten.{op}2d.vec",
         [("input", normal(1, 1, 7, 10)), ("output_size", ints([21, 3])), ("scale_factors", None)])
    aten(f"{name}1d_scale", f"aten.{op}1d.vec",
         [("input", normal(1, 2, 10)), ("output_size", None), ("scale_factors", floats([1.3]))])
    aten(f"{name}1d_default", f"aten.{op}1d.default",
         [("self", normal(1, 2, 10)), ("output_size", ints([7])), ("scales", num(0.7))])
    aten(f"{name}3d_size", f"aten.{op}3d.vec",
         [("input", normal(1, 1, 3, 4, 5)), ("output_size", ints([5, 4, 11])), ("scale_factors", None)])
    aten(f"{name}2d_default_scales", f"aten.{op}2d.default",
         [("self", x4), ("output_size", ints([12, 10])), ("scales_h", num(2.5)), ("scales_w", num(1.5))])
    aten(f"{name}2d_default_no_scales", f"aten.{op}2d.default",
         [("self", x4), ("output_size", ints([12, 10]))])
    aten(f"{name}3d_default", f"aten.{op}3d.default",
         [("self", normal(1, 1, 3, 4, 5)), ("output_size", ints([6, 6, 6])), ("scales_d", num(2.0)),
          ("scales_h", num(1.5)), ("scales_w", num(1.2))])
    aten(f"{name}2d_float64", f"aten.{op}2d.vec",
         [("input", normal(1, 2, 5, 7, dtype=torch.float64)), ("output_size", None),
          ("scale_factors", floats([1.7, 0.45]))])
    aten(f"{name}2d_float16", f"aten.{op}2d.vec",
         [("input", normal(1, 2, 5, 7, dtype=torch.float16)), ("output_size", ints([8, 3])), ("scale_factors", None)])
    aten(f"{name}2d_bfloat16", f"aten.{op}2d.vec",
         [("input", normal(1, 2, 5, 7, dtype=torch.bfloat16)), ("output_size", ints([8, 3])), ("scale_factors", None)])
    aten(f"{name}2d_empty_batch", f"aten.{op}2d.vec",
         [("input", normal(0, 2, 3, 3)), ("output_size", ints([6, 6])), ("scale_factors", None)])
    aten(f"{name}2d_unbatched", f"aten.{op}2d.vec",
         [("input", normal(2, 3, 3)), ("output_size", ints([6, 6])), ("scale_factors", None)])
    aten(f"{name}2d_uint8", f"aten.{op}2d.vec",
         [("input", torch.randint(0, 255, (1, 1, 3, 3), dtype=torch.uint8)), ("output_size", ints([5, 5])), ("scale_factors", None)],
         decline=True)

# ---- torch: linear, bilinear, trilinear, bicubic ----------------------------

for align in (False, True):
    a = Attr("bool", align)
    sfx = "_align" if align else ""
    aten(f"linear1d_scale{sfx}", "aten.upsample_linear1d.vec",
         [("input", normal(1, 2, 6)), ("output_size", None), ("align_corners", a),
          ("scale_factors", floats([2.5]))], **W)
    aten(f"linear1d_default_size{sfx}", "aten.upsample_linear1d.default",
         [("self", normal(1, 2, 6)), ("output_size", ints([4])), ("align_corners", a)], **W)
    aten(f"bilinear2d_scale2{sfx}", "aten.upsample_bilinear2d.vec",
         [("input", x4), ("output_size", None), ("align_corners", a), ("scale_factors", floats([2.0, 2.0]))], **W)
    aten(f"bilinear2d_size{sfx}", "aten.upsample_bilinear2d.vec",
         [("input", x4), ("output_size", ints([9, 4])), ("align_corners", a), ("scale_factors", None)], **W)
    aten(f"bilinear2d_downsample_scale{sfx}", "aten.upsample_bilinear2d.vec",
         [("input", normal(1, 1, 11, 13)), ("output_size", None), ("align_corners", a),
          ("scale_factors", floats([0.6, 0.35]))], **W)
    aten(f"bilinear2d_same_size{sfx}", "aten.upsample_bilinear2d.vec",
         [("input", x4), ("output_size", ints([5, 7])), ("align_corners", a), ("scale_factors", None)], **W)
    aten(f"bilinear2d_to_one{sfx}", "aten.upsample_bilinear2d.vec",
         [("input", x4), ("output_size", ints([1, 3])), ("align_corners", a), ("scale_factors", None)], **W)
    aten(f"bilinear2d_default_scales{sfx}", "aten.upsample_bilinear2d.default",
         [("self", x4), ("output_size", ints([12, 10])), ("align_corners", a), ("scales_h", num(2.5)),
          ("scales_w", num(1.5))], **W)
    aten(f"trilinear3d_scale{sfx}", "aten.upsample_trilinear3d.vec",
         [("input", normal(1, 1, 3, 4, 5)), ("output_size", None), ("align_corners", a),
          ("scale_factors", floats([2.0, 1.5, 0.8]))], **W)
    aten(f"trilinear3d_default{sfx}", "aten.upsample_trilinear3d.default",
         [("self", normal(1, 1, 3, 4, 5)), ("output_size", ints([5, 7, 2])), ("align_corners", a)], **W)
    aten(f"bicubic2d_scale2{sfx}", "aten.upsample_bicubic2d.vec",
         [("input", x4), ("output_size", None), ("align_corners", a), ("scale_factors", floats([2.0, 2.0]))], **C)
    aten(f"bicubic2d_size{sfx}", "aten.upsample_bicubic2d.vec",
         [("input", x4), ("output_size", ints([9, 4])), ("align_corners", a), ("scale_factors", None)], **C)
    aten(f"bicubic2d_downsample_scale{sfx}", "aten.upsample_bicubic2d.vec",
         [("input", normal(1, 1, 11, 13)), ("output_size", None), ("align_corners", a),
          ("scale_factors", floats([0.6, 0.35]))], **C)
    aten(f"bicubic2d_same_size{sfx}", "aten.upsample_bicubic2d.vec",
         [("input", x4), ("output_size", ints([5, 7])), ("align_corners", a), ("scale_factors", None)], **C)
    aten(f"bicubic2d_default_scales{sfx}", "aten.upsample_bicubic2d.default",
         [("self", x4), ("output_size", ints([12, 10])), ("align_corners", a), ("scales_h", num(2.5)),
          ("scales_w", num(1.5))], **C)
    for dtype in ("float64", "float16", "bfloat16"):
        ulp = 4 if dtype == "float64" else 1
        aten(f"bilinear2d_{dtype}{sfx}", "aten.upsample_bilinear2d.vec",
             [("input", normal(1, 2, 5, 7, dtype=DTYPES[dtype])), ("output_size", ints([8, 3])),
              ("align_corners", a), ("scale_factors", None)], ulp=ulp, atol=1e-6)
        aten(f"bicubic2d_{dtype}{sfx}", "aten.upsample_bicubic2d.vec",
             [("input", normal(1, 2, 5, 7, dtype=DTYPES[dtype])), ("output_size", ints([8, 3])),
              ("align_corners", a), ("scale_factors", None)], ulp=ulp, atol=1e-6)
    # Antialiased: downsampling widens the filter; upsampling is the plain one.
    for kind in ("bilinear", "bicubic"):
        op = f"aten._upsample_{kind}2d_aa"
        aten(f"{kind}2d_aa_downsample{sfx}", op + ".vec",
             [("input", normal(1, 1, 12, 17)), ("output_size", ints([5, 4])), ("align_corners", a),
              ("scale_factors", None)], **(C if kind == "bicubic" else W))
        aten(f"{kind}2d_aa_upsample{sfx}", op + ".vec",
             [("input", normal(1, 2, 4, 5)), ("output_size", ints([7, 11])), ("align_corners", a),
              ("scale_factors", None)], **(C if kind == "bicubic" else W))
        aten(f"{kind}2d_aa_scale{sfx}", op + ".vec",
             [("input", normal(1, 1, 12, 17)), ("output_size", None), ("align_corners", a),
              ("scale_factors", floats([0.4, 1.5]))], **(C if kind == "bicubic" else W))
        aten(f"{kind}2d_aa_one_dim{sfx}", op + ".default",
             [("self", normal(1, 1, 12, 17)), ("output_size", ints([12, 6])), ("align_corners", a),
              ("scales_h", None), ("scales_w", num(0.35))], **(C if kind == "bicubic" else W))
        aten(f"{kind}2d_aa_float64{sfx}", op + ".vec",
             [("input", normal(1, 1, 9, 8, dtype=torch.float64)), ("output_size", ints([4, 5])),
              ("align_corners", a), ("scale_factors", None)], **W)

aten("bilinear2d_uint8", "aten.upsample_bilinear2d.vec",
     [("input", torch.randint(0, 255, (1, 3, 4, 4), dtype=torch.uint8)), ("output_size", ints([6, 6])),
      ("align_corners", Attr("bool", False)), ("scale_factors", None)], decline=True)
aten("bilinear2d_aa_float16", "aten._upsample_bilinear2d_aa.vec",
     [("input", normal(1, 2, 12, 17, dtype=torch.float16)), ("output_size", ints([5, 9])),
      ("align_corners", Attr("bool", False)), ("scale_factors", None)], decline=True)

# ---- ONNX Resize -------------------------------------------------------------

F = lambda v: T(v, "float32")  # noqa: E731
I64 = lambda v: T(v, "int64")  # noqa: E731
none = None
xr = normal(1, 2, 5, 6)


def resize(name, inputs, opset=OPSET, decline=False, weighted=False, **attrs):
    kinds = {str: "string", int: "int", float: "float", list: "ints"}
    onnx_case(name, "Resize", inputs, {k: (kinds[type(v)], v) for k, v in attrs.items()},
              opset=opset, decline=decline, **(W if weighted else {}))


# Nearest: every transform and rounding mode, scales and sizes.
resize("Resize_nearest_2x_asymmetric_floor", [xr, none, F([1, 1, 2, 2])],
       coordinate_transformation_mode="asymmetric", nearest_mode="floor")
resize("Resize_nearest_fractional_asymmetric_floor", [xr, none, F([1, 1, 1.7, 2.3])],
       coordinate_transformation_mode="asymmetric", nearest_mode="floor")
resize("Resize_nearest_sizes_asymmetric_floor", [xr, none, none, I64([1, 2, 9, 3])],
       coordinate_transformation_mode="asymmetric", nearest_mode="floor")
resize("Resize_nearest_half_pixel_prefer_ceil", [xr, none, none, I64([1, 2, 9, 3])],
       coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_ceil")
resize("Resize_nearest_half_pixel_thirds", [normal(1, 1, 7, 10), none, none, I64([1, 1, 21, 3])],
       coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_ceil")
resize("Resize_nearest_defaults", [xr, none, F([1, 1, 2.5, 0.5])])
for mode in ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil"):
    for transform in ("half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                      "tf_half_pixel_for_nn", "half_pixel_symmetric"):
        resize(f"Resize_nearest_{transform}_{mode}", [normal(1, 1, 6, 5), none, F([1, 1, 1.5, 0.6])],
               coordinate_transformation_mode=transform, nearest_mode=mode)
resize("Resize_nearest_axes_opset18", [xr, none, F([1.5, 3])], opset=18, axes=[2, 3],
       coordinate_transformation_mode="asymmetric", nearest_mode="floor")
resize("Resize_nearest_opset11_empty_scales", [xr, F([]), F([]), I64([1, 2, 8, 8])], opset=11,
       coordinate_transformation_mode="asymmetric", nearest_mode="floor")
resize("Resize_nearest_opset13", [xr, none, F([1, 1, 2, 2])], opset=13,
       coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_ceil")
resize("Resize_nearest_1d", [normal(9), none, F([1.4])])
resize("Resize_nearest_3d", [normal(1, 1, 3, 4, 5), none, none, I64([1, 1, 5, 4, 11])],
       coordinate_transformation_mode="asymmetric", nearest_mode="floor")
resize("Resize_nearest_batch_and_channels", [xr, none, F([2, 0.5, 1, 1])])
resize("Resize_nearest_int32", [T([[1, 2, 3], [4, 5, 6]], "int32"), none, F([2, 1.5])])
resize("Resize_nearest_uint8", [torch.randint(0, 255, (1, 1, 3, 4), dtype=torch.uint8), none, F([1, 1, 2, 1.5])])
resize("Resize_nearest_float64", [normal(1, 1, 3, 4, dtype=torch.float64), none, F([1, 1, 2, 1.5])])
resize("Resize_nearest_not_larger", [xr, none, none, I64([10, 9])], opset=18, axes=[2, 3],
       keep_aspect_ratio_policy="not_larger")
resize("Resize_nearest_not_smaller", [xr, none, none, I64([10, 9])], opset=18, axes=[2, 3],
       keep_aspect_ratio_policy="not_smaller")
resize("Resize_nearest_empty_batch", [normal(0, 2, 3, 3), none, F([1, 1, 2, 2])])

# Linear: the forms the lowering emits (pytorch_half_pixel, align_corners)
# and the others, 1-3 spatial dims, NCHW and NHWC.
for transform in ("pytorch_half_pixel", "align_corners", "half_pixel", "asymmetric",
                  "half_pixel_symmetric", "tf_half_pixel_for_nn"):
    resize(f"Resize_linear_{transform}_scales", [xr, none, F([1, 1, 2.5, 0.6])], weighted=True,
           mode="linear", coordinate_transformation_mode=transform)
    resize(f"Resize_linear_{transform}_sizes", [xr, none, none, I64([1, 2, 9, 4])], weighted=True,
           mode="linear", coordinate_transformation_mode=transform)
    resize(f"Resize_cubic_{transform}_scales", [xr, none, F([1, 1, 2.5, 0.6])], weighted=True,
           mode="cubic", coordinate_transformation_mode=transform)
    resize(f"Resize_cubic_{transform}_sizes", [xr, none, none, I64([1, 2, 9, 4])], weighted=True,
           mode="cubic", coordinate_transformation_mode=transform)
resize("Resize_linear_axes_opset18", [xr, none, F([2.0, 2.0])], opset=18, axes=[2, 3], weighted=True,
       mode="linear", coordinate_transformation_mode="pytorch_half_pixel")
resize("Resize_linear_sizes_axes_opset18", [xr, none, none, I64([1, 7])], opset=18, axes=[2, 3],
       weighted=True, mode="linear", coordinate_transformation_mode="pytorch_half_pixel")
resize("Resize_linear_align_to_one", [xr, none, none, I64([1, 3])], opset=18, axes=[2, 3],
       weighted=True, mode="linear", coordinate_transformation_mode="align_corners")
resize("Resize_linear_1d", [normal(1, 2, 6), none, none, I64([5])], opset=18, axes=[2], weighted=True,
       mode="linear", coordinate_transformation_mode="pytorch_half_pixel")
resize("Resize_linear_3d", [normal(1, 1, 3, 4, 5), none, F([1, 1, 2, 1.5, 0.8])], weighted=True,
       mode="linear", coordinate_transformation_mode="align_corners")
resize("Resize_linear_nhwc", [normal(1, 5, 6, 3), none, F([1, 1.5, 2, 1])], weighted=True, mode="linear")
resize("Resize_linear_rank2", [normal(5, 6), none, F([1.5, 2])], weighted=True, mode="linear")
resize("Resize_linear_float64", [normal(1, 2, 5, 7, dtype=torch.float64), none, F([1, 1, 1.6, 0.5])],
       weighted=True, mode="linear", coordinate_transformation_mode="pytorch_half_pixel")
resize("Resize_linear_rank1", [normal(6), none, F([2])], mode="linear", decline=True)
resize("Resize_linear_batch_scale", [xr, none, F([2, 1, 2, 2])], mode="linear", decline=True)
resize("Resize_linear_uint8", [torch.randint(0, 255, (1, 1, 3, 4), dtype=torch.uint8), none,
                               F([1, 1, 2, 2])], mode="linear", decline=True)
resize("Resize_cubic_a_exclude_outside", [xr, none, F([1, 1, 2.5, 0.6])], weighted=True, mode="cubic",
       cubic_coeff_a=-0.5, exclude_outside=1)
resize("Resize_cubic_exclude_outside_align", [xr, none, none, I64([1, 2, 4, 11])], weighted=True,
       mode="cubic", exclude_outside=1, coordinate_transformation_mode="align_corners")
resize("Resize_cubic_axes_opset18", [xr, none, F([2.0, 2.0])], opset=18, axes=[2, 3], weighted=True,
       mode="cubic", coordinate_transformation_mode="pytorch_half_pixel", cubic_coeff_a=-0.75)
resize("Resize_cubic_rank2", [normal(5, 6), none, F([1.5, 2])], weighted=True, mode="cubic")
resize("Resize_cubic_3d", [normal(1, 1, 3, 4, 5), none, F([1, 1, 2, 1.5, 0.8])], mode="cubic",
       decline=True)
# tf_crop_and_resize: a region of interest, partly outside the input, where
# the outputs take extrapolation_value.
crop = dict(coordinate_transformation_mode="tf_crop_and_resize")
for mode in ("nearest", "linear", "cubic"):
    w = mode != "nearest"
    resize(f"Resize_{mode}_tf_crop_and_resize_inside", [xr, F([0, 0, 0.1, 0.2, 1, 1, 0.9, 0.7]),
                                                        F([1, 1, 2, 1.5])], weighted=w, mode=mode, **crop)
    resize(f"Resize_{mode}_tf_crop_and_resize_outside", [xr, F([0, 0, -0.3, 0.4, 1, 1, 0.8, 1.6]),
                                                         none, I64([1, 2, 7, 9])], weighted=w, mode=mode,
           extrapolation_value=7.5, **crop)
    resize(f"Resize_{mode}_tf_crop_and_resize_to_one", [xr, F([0, 0, 0.2, -0.5, 1, 1, 0.6, 0.1]),
                                                        none, I64([1, 2, 1, 1])], weighted=w, mode=mode,
           extrapolation_value=-1.0, **crop)
resize("Resize_linear_tf_crop_and_resize_axes", [xr, F([-0.3, 0.4, 0.8, 1.6]), F([2, 1.5])], opset=18,
       axes=[2, 3], weighted=True, mode="linear", extrapolation_value=3.0, **crop)
resize("Resize_nearest_tf_crop_and_resize_int32",
       [T([[1, 2, 3], [4, 5, 6]], "int32"), F([-0.5, 0, 1, 1.5]), F([2, 2])], extrapolation_value=2.7, **crop)
resize("Resize_nearest_tf_crop_and_resize_uint8_overflow",
       [torch.randint(0, 255, (1, 1, 3, 4), dtype=torch.uint8), F([0, 0, -0.5, 0, 1, 1, 1, 1]),
        F([1, 1, 2, 2])], extrapolation_value=300.0, decline=True, **crop)
resize("Resize_linear_antialias", [xr, none, F([1, 1, 0.5, 0.5])], opset=18, mode="linear",
       antialias=1, decline=True)
resize("Resize_scales_and_sizes", [xr, none, F([1, 1, 2, 2]), I64([1, 2, 10, 14])], decline=True)

write(sys.argv[1], "tests/unit/passes/make_resampling_vectors.py")
