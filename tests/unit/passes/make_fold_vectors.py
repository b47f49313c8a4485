"""Writes fold_vectors.json: ops with constant inputs and what torch (ATen ops)
or onnxruntime (ONNX ops) computes for them, for EvaluatorTest.cpp.

Run inside the oracle (torch, onnx, onnxruntime):
    tools/oracle run tests/unit/passes/make_fold_vectors.py tests/unit/passes/fold_vectors.json

Each case names an op of the IR, its operands (tensors, SymInts or None) and
attributes in the IR's form, and either the results or `declined`: the
runtime rejects the input (torch raises, onnxruntime fails) or leaves the
result undefined, so the evaluator must not fold it. `ulp` is the tolerance
of float results in units in the last place of the result type: 0 for
arithmetic that rounds once, more for transcendental functions and sums,
whose runtime kernels are not correctly rounded.
"""

import sys

import torch

from eval_vectors import *  # noqa: F403

# ---- The cases -------------------------------------------------------------

i32, i64, f32 = "int32", "int64", "float32"
signs_a = [7, -7, 7, -7, 0, 6, -6]
signs_b = [2, 2, -2, -2, 3, -3, 3]
fsigns_a = [7.5, -7.5, 7.5, -7.5, 0.0, -0.0, 6.0]
fsigns_b = [2.0, 2.0, -2.0, -2.0, 3.0, 3.0, -3.0]

# Arithmetic, broadcasting and promotion.
aten("add_broadcast_int32", "aten.add.Tensor",
     [("self", T([[1, 2, 3], [4, 5, 6]], i32)), ("other", T([10, 20, 30], i32))])
aten("add_int32_overflow_wraps", "aten.add.Tensor",
     [("self", T([2147483647, -2147483648], i32)), ("other", T([1, -1], i32))])
aten("add_alpha_int", "aten.add.Tensor",
     [("self", T([1, 2], i64)), ("other", T([3, 4], i64)), ("alpha", num(3))])
aten("add_alpha_float", "aten.add.Tensor",
     [("self", T([1.0, 2.0])), ("other", T([0.1, 0.3])), ("alpha", num(0.5))])
aten("add_int_tensor_float_number", "aten.add.Tensor",
     [("self", T([1, 2, 16777217], i64)), ("other", num(2.5))])
aten("add_float32_zero_dim_float64", "aten.add.Tensor",
     [("self", T([1.0, 1e-8])), ("other", T(0.1, "float64"))])
aten("add_int32_zero_dim_float64", "aten.add.Tensor",
     [("self", T([1, 2], i32)), ("other", T(0.5, "float64"))])
aten("add_uint8_int8_is_int16", "aten.add.Tensor",
     [("self", T([200, 1], "uint8")), ("other", T([100, -2], "int8"))])
aten("add_bool_bool", "aten.add.Tensor",
     [("self", T([True, True, False], "bool")), ("other", T([True, False, False], "bool"))])
aten("add_float16_number", "aten.add.Tensor", [("self", T([1.0, 2.0, 1000.0], "float16")),
                                               ("other", num(0.1))])
aten("mul_float16_number", "aten.mul.Tensor", [("self", T([3.0, 0.7, 1000.0], "float16")),
                                               ("other", num(0.1))])
aten("mul_bfloat16_number", "aten.mul.Tensor", [("self", T([3.0, 0.7, 1000.0], "bfloat16")),
                                                ("other", num(0.1))])
aten("mul_float16_tensors", "aten.mul.Tensor", [("self", T([3.0, 0.7, 65504.0], "float16")),
                                                ("other", T([0.1, 0.3, 2.0], "float16"))])
aten("mul_float32_number", "aten.mul.Tensor", [("self", T([3.0, 0.7, 1e30])), ("other", num(0.1))])
aten("sub_alpha", "aten.sub.Tensor",
     [("self", T([10, 20], i64)), ("other", T([1, 2], i64)), ("alpha", num(2))])
aten("sub_scalar", "aten.sub.Scalar", [("self", T([1.5, 2.5])), ("other", num(1))])
aten("rsub_scalar", "aten.rsub.Scalar", [("self", T([1.5, 2.5])), ("other", num(1.0))])
aten("div_int_is_float", "aten.div.Tensor", [("self", T(signs_a, i64)), ("other", T(signs_b, i64))])
aten("div_float_by_zero", "aten.div.Tensor",
     [("self", T([1.0, -1.0, 0.0])), ("other", T([0.0, 0.0, 0.0]))])
aten("div_floor_int_signs", "aten.div.Tensor_mode",
     [("self", T(signs_a, i64)), ("other", T(signs_b, i64)), ("rounding_mode", Attr("string", "floor"))])
aten("div_trunc_int_signs", "aten.div.Tensor_mode",
     [("self", T(signs_a, i32)), ("other", T(signs_b, i32)), ("rounding_mode", Attr("string", "trunc"))])
aten("div_floor_float_signs", "aten.div.Tensor_mode",
     [("self", T(fsigns_a)), ("other", T(fsigns_b)), ("rounding_mode", Attr("string", "floor"))])
aten("div_trunc_float_signs", "aten.div.Tensor_mode",
     [("self", T(fsigns_a)), ("other", T(fsigns_b)), ("rounding_mode", Attr("string", "trunc"))])
aten("div_floor_int_by_zero", "aten.div.Tensor_mode",
     [("self", T([1, 2], i64)), ("other", T([1, 0], i64)), ("rounding_mode", Attr("string", "floor"))])
aten("div_scalar_mode_floor", "aten.div.Scalar_mode",
     [("self", T(signs_a, i64)), ("other", num(4)), ("rounding_mode", Attr("string", "floor"))])
aten("floor_divide_int_signs", "aten.floor_divide.default",
     [("self", T(signs_a, i64)), ("other", T(signs_b, i64))])
aten("remainder_int_signs", "aten.remainder.Tensor",
     [("self", T(signs_a, i64)), ("other", T(signs_b, i64))])
aten("remainder_float_signs", "aten.remainder.Tensor", [("self", T(fsigns_a)), ("other", T(fsigns_b))])
aten("remainder_scalar", "aten.remainder.Scalar", [("self", T(signs_a, i32)), ("other", num(-3))])
aten("remainder_int_by_zero", "aten.remainder.Tensor",
     [("self", T([1], i64)), ("other", T([0], i64))])
aten("fmod_int_signs", "aten.fmod.Tensor", [("self", T(signs_a, i64)), ("other", T(signs_b, i64))])
aten("fmod_float_signs", "aten.fmod.Tensor", [("self", T(fsigns_a)), ("other", T(fsigns_b))])
aten("pow_square", "aten.pow.Tensor_Scalar", [("self", T([1.1, -3.0, 1e20])), ("exponent", num(2))])
aten("pow_sqrt", "aten.pow.Tensor_Scalar", [("self", T([2.0, 9.0, 0.3])), ("exponent", num(0.5))])
aten("pow_cube", "aten.pow.Tensor_Scalar", [("self", T([1.1, -3.0, 0.3])), ("exponent", num(3))], ulp=1)
aten("pow_tensors", "aten.pow.Tensor_Tensor", [("self", T([2.0, 0.5, 10.0])),
                                               ("exponent", T([0.3, -1.5, 2.5]))], ulp=1)
aten("pow_int", "aten.pow.Tensor_Scalar", [("self", T([-3, 2, 0, 7], i64)), ("exponent", num(3))])
aten("pow_int_negative_exponent", "aten.pow.Tensor_Scalar",
     [("self", T([2, 3], i64)), ("exponent", num(-1))])
aten("pow_scalar_base", "aten.pow.Scalar", [("self", num(2)), ("exponent", T([0, 3, 10], i64))])

# Minima, maxima, comparisons, logic.
aten("maximum_nan", "aten.maximum.default",
     [("self", T([1.0, nan, 3.0, -0.5])), ("other", T([nan, 2.0, 1.0, -1.0]))])
aten("minimum_nan", "aten.minimum.default",
     [("self", T([1.0, nan, 3.0, -0.5])), ("other", T([nan, 2.0, 1.0, -1.0]))])
aten("maximum_int_promotes", "aten.maximum.default",
     [("self", T([1, 5], i32)), ("other", T([2.5, 3.5]))])
aten("lt_int_number_promotes_to_float32", "aten.lt.Scalar",
     [("self", T([16777217, 3], i64)), ("other", num(16777216.5))])
aten("eq_int_float_tensors", "aten.eq.Tensor",
     [("self", T([16777217, 3], i64)), ("other", T([16777216.0, 3.0]))])
aten("ge_broadcast", "aten.ge.Tensor", [("self", T([[1], [2], [3]], i32)), ("other", T([2, 1], i32))])
aten("ne_nan", "aten.ne.Tensor", [("self", T([nan, 1.0])), ("other", T([nan, 1.0]))])
aten("logical_and_mixed", "aten.logical_and.default",
     [("self", T([0, 1, 2, 0], i32)), ("other", T([0.0, nan, 0.5, 3.0]))])
aten("logical_not_nan", "aten.logical_not.default", [("self", T([0.0, nan, -1.0]))])
aten("bitwise_and_int", "aten.bitwise_and.Tensor",
     [("self", T([12, -1, 5], i32)), ("other", T([10, 7, -2], i32))])
aten("bitwise_xor_scalar", "aten.bitwise_xor.Scalar", [("self", T([12, -1], i64)), ("other", num(5))])
aten("bitwise_not_bool", "aten.bitwise_not.default", [("self", T([True, False], "bool"))])
aten("bitwise_not_int8", "aten.bitwise_not.default", [("self", T([0, -128, 5], "int8"))])
aten("where_broadcast", "aten.where.self",
     [("condition", T([[True], [False]], "bool")), ("self", T([1.0, 2.0])), ("other", T(-1.0))])
aten("where_scalar_other_promotes", "aten.where.ScalarOther",
     [("condition", T([True, False], "bool")), ("self", T([1, 2], i64)), ("other", num(0.5))])
aten("clamp_int_float_bounds", "aten.clamp.default",
     [("self", T([-5, 0, 5], i64)), ("min", num(-1.5)), ("max", num(2.5))])
aten("clamp_nan", "aten.clamp.default", [("self", T([nan, -3.0, 3.0])), ("min", num(-1.0)),
                                         ("max", num(1.0))])
aten("clamp_min_only", "aten.clamp_min.default", [("self", T([-2, 3], i32)), ("min", num(0))])
aten("clamp_tensor_bounds", "aten.clamp.Tensor",
     [("self", T([-5.0, 0.5, 5.0])), ("min", T([0.0])), ("max", None)])

# Unary math.
aten("neg_int8_min_wraps", "aten.neg.default", [("self", T([-128, 5], "int8"))])
aten("abs_int", "aten.abs.default", [("self", T([-3, 4], i64))])
aten("sqrt_float32", "aten.sqrt.default", [("self", T([2.0, 1e-3, 0.0, -1.0]))])
aten("sqrt_int_is_float", "aten.sqrt.default", [("self", T([2, 9], i64))])
aten("rsqrt", "aten.rsqrt.default", [("self", T([2.0, 4.0, 0.3]))], ulp=1)
aten("exp", "aten.exp.default", [("self", T([0.5, -2.0, 10.0, 100.0]))], ulp=1)
aten("log", "aten.log.default", [("self", T([0.5, 2.0, 0.0, -1.0]))], ulp=1)
aten("sin", "aten.sin.default", [("self", T([0.5, -2.0, 10.0]))], ulp=1)
aten("tanh", "aten.tanh.default", [("self", T([0.5, -2.0, 10.0]))], ulp=1)
aten("sigmoid", "aten.sigmoid.default", [("self", T([0.5, -2.0, 30.0]))], ulp=1)
# torch's vectorized erf is within 16 ulp of the exact value the evaluator gives.
aten("erf", "aten.erf.default", [("self", T([0.5, -2.0, 0.01]))], ulp=16)
aten("reciprocal_int_is_float", "aten.reciprocal.default", [("self", T([3, -4], i64))])
aten("round_half_even", "aten.round.default", [("self", T([0.5, 1.5, 2.5, -0.5, -1.5, 2.6]))])
aten("floor_ceil_trunc", "aten.floor.default", [("self", T([-1.5, 1.5, -0.0]))])
aten("ceil", "aten.ceil.default", [("self", T([-1.5, 1.5, 0.2]))])
aten("trunc", "aten.trunc.default", [("self", T([-1.7, 1.7]))])
aten("sign_nan", "aten.sign.default", [("self", T([-2.0, 0.0, 3.0, nan]))])
aten("relu_nan", "aten.relu.default", [("self", T([-2.0, 3.0, nan]))])
aten("isnan", "aten.isnan.default", [("self", T([1.0, nan, inf]))])

# Casts.
aten("to_float16_rounding", "aten.to.dtype",
     [("self", T([1.0 + 2**-11, 1.0 + 3 * 2**-11, 65519.0, 65520.0, 1e-8, 5.96e-8, 2.98e-8, -0.0, nan, inf])),
      ("dtype", Attr("dtype", "float16"))])
aten("to_float16_subnormals", "aten.to.dtype",
     [("self", T([2**-24 * 1.5, 2**-24 * 2.5, 2**-15 + 2**-25, 6.1e-5, -3e-6])),
      ("dtype", Attr("dtype", "float16"))])
aten("to_bfloat16_rounding", "aten.to.dtype",
     [("self", T([1.0 + 2**-8, 1.0 + 3 * 2**-8, 3.4e38, -1e-40, nan, -inf, 0.1])),
      ("dtype", Attr("dtype", "bfloat16"))])
aten("to_float16_from_float64_double_rounding", "aten.to.dtype",
     [("self", T([1.0 + 2**-11 + 2**-40, 1.0 + 2**-11 + 2**-30, 0.1], "float64")),
      ("dtype", Attr("dtype", "float16"))])
aten("to_float16_from_int64", "aten.to.dtype",
     [("self", T([2049, 2051, 65535, 70000, -70000], i64)), ("dtype", Attr("dtype", "float16"))])
aten("to_float32_from_int64", "aten.to.dtype",
     [("self", T([16777217, 2**62 + 1, -(2**53 + 1)], i64)), ("dtype", Attr("dtype", "float32"))])
aten("to_int32_truncates", "aten.to.dtype",
     [("self", T([1.7, -1.7, -0.5, 2147483520.0])), ("dtype", Attr("dtype", "int32"))])
aten("to_uint8_negative_undefined", "aten.to.dtype",
     [("self", T([-1.0, 3.0])), ("dtype", Attr("dtype", "uint8"))], decline=True)
aten("to_int64_nan_undefined", "aten.to.dtype",
     [("self", T([nan])), ("dtype", Attr("dtype", "int64"))], decline=True)
aten("to_bool_from_float", "aten.to.dtype",
     [("self", T([0.0, -0.0, nan, 0.1])), ("dtype", Attr("dtype", "bool"))])
aten("to_int8_wraps", "aten.to.dtype", [("self", T([200, -129, 127], i64)),
                                        ("dtype", Attr("dtype", "int8"))])
aten("to_float32_from_float16", "aten.to.dtype",
     [("self", T([6e-8, 65504.0, -2.5], "float16")), ("dtype", Attr("dtype", "float32"))])
aten("to_copy_bool_to_float", "aten._to_copy.default",
     [("self", T([True, False], "bool")), ("dtype", Attr("dtype", "float32"))])

# Shapes and data movement.
x23 = T([[1, 2, 3], [4, 5, 6]], i64)
x234 = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
aten("view_infer", "aten.view.default", [("self", x234), ("size", Attr("ints", [4, -1]))])
aten("reshape_symint_operands", "aten.reshape.default",
     [("self", x23), ("shape", [SymInt(3), SymInt(2)])])
aten("permute_negative_dims", "aten.permute.default", [("self", x234), ("dims", Attr("ints", [-1, 0, 1]))])
aten("transpose_negative", "aten.transpose.int",
     [("self", x234), ("dim0", Attr("int", -1)), ("dim1", Attr("int", 0))])
aten("t", "aten.t.default", [("self", x23)])
aten("slice_negative_bounds", "aten.slice.Tensor",
     [("self", x234), ("dim", Attr("int", -1)), ("start", Attr("int", -3)), ("end", Attr("int", 100)),
      ("step", Attr("int", 2))])
aten("slice_empty", "aten.slice.Tensor",
     [("self", x234), ("dim", Attr("int", 1)), ("start", Attr("int", 2)), ("end", Attr("int", 1))])
aten("select_negative_index", "aten.select.int",
     [("self", x234), ("dim", Attr("int", 1)), ("index", Attr("int", -1))])
aten("select_out_of_range", "aten.select.int",
     [("self", x234), ("dim", Attr("int", 1)), ("index", Attr("int", 3))])
aten("cat_promotes", "aten.cat.default",
     [("tensors", [T([[1, 2]], i32), T([[0.5, 1.5]])]), ("dim", Attr("int", -2))])
aten("stack", "aten.stack.default", [("tensors", [T([1, 2], i64), T([3, 4], i64)]), ("dim", Attr("int", 1))])
aten("index_select_negative_dim", "aten.index_select.default",
     [("self", x234), ("dim", Attr("int", -1)), ("index", T([3, 0, 3], i64))])
aten("unsqueeze_negative", "aten.unsqueeze.default", [("self", x23), ("dim", Attr("int", -1))])
aten("squeeze_dim_not_one", "aten.squeeze.dim", [("self", x23), ("dim", Attr("int", 0))])
aten("squeeze_dims", "aten.squeeze.dims",
     [("self", torch.zeros(1, 2, 1, dtype=torch.int64)), ("dim", Attr("ints", [0, -1]))])
aten("expand_new_dims", "aten.expand.default",
     [("self", T([[1], [2]], i64)), ("size", Attr("ints", [3, -1, 4]))])
aten("flatten", "aten.flatten.using_ints",
     [("self", x234), ("start_dim", Attr("int", 1)), ("end_dim", Attr("int", -1))])
aten("index_adjacent", "aten.index.Tensor",
     [("self", x234), ("indices", [None, T([2, -1], i64), T([[0], [3]], i64)])])
aten("index_separated", "aten.index.Tensor",
     [("self", x234), ("indices", [T([1, 0], i64), None, T([3, 2], i64)])])
aten("index_out_of_range", "aten.index.Tensor", [("self", x234), ("indices", [T([2], i64)])])
aten("arange_int", "aten.arange.start_step",
     [("start", num(-3)), ("end", num(10)), ("step", num(4)), ("dtype", Attr("dtype", "int64"))])
aten("arange_float", "aten.arange.start_step",
     [("start", num(0.0)), ("end", num(1.0)), ("step", num(0.1)), ("dtype", Attr("dtype", "float32"))])
aten("arange_end_only", "aten.arange.default", [("end", num(5)), ("dtype", Attr("dtype", "int64"))])
aten("slice_scatter_step", "aten.slice_scatter.default",
     [("self", x234), ("src", torch.full((2, 3, 2), -1.0)), ("dim", Attr("int", -1)),
      ("start", Attr("int", 1)), ("step", Attr("int", 2))])
aten("select_scatter_negative", "aten.select_scatter.default",
     [("self", x234), ("src", torch.full((2, 4), -1.0)), ("dim", Attr("int", 1)),
      ("index", Attr("int", -2))])
aten("embedding", "aten.embedding.default",
     [("weight", T([[0.5, 1.5], [2.5, 3.5], [4.5, 5.5]])), ("indices", T([[2, 0], [1, 1]], i64))])
aten("repeat_new_dims", "aten.repeat.default", [("self", T([1, 2], i32)), ("repeats", Attr("ints", [2, 1, 3]))])
aten("fill_scalar", "aten.fill.Scalar", [("self", x23), ("value", num(2.7))])
aten("fill_tensor", "aten.fill.Tensor", [("self", T([1.0, 2.0], "float16")), ("value", T(0.1, "float64"))])
aten("masked_fill_broadcast", "aten.masked_fill.Scalar",
     [("self", T([[1, 2], [3, 4]], i64)), ("mask", T([True, False], "bool")), ("value", num(-1))])
aten("masked_fill_float_value_int_self", "aten.masked_fill.Scalar",
     [("self", T([1, 2], i32)), ("mask", T([True, False], "bool")), ("value", num(-1.7))])
aten("full_float_into_int", "aten.full.default",
     [("size", Attr("ints", [2, 2])), ("fill_value", num(3)), ("dtype", Attr("dtype", "int32"))])
aten("full_default_dtype", "aten.full.default", [("size", Attr("ints", [3])), ("fill_value", num(0.1))])
aten("ones", "aten.ones.default", [("size", Attr("ints", [2, 1])), ("dtype", Attr("dtype", "float16"))])

# Reductions.
aten("sum_negative_dims_keepdim", "aten.sum.dim_IntList",
     [("self", x234), ("dim", Attr("ints", [-1, 0])), ("keepdim", Attr("bool", True))])
aten("sum_int32_is_int64", "aten.sum.dim_IntList",
     [("self", T([[2147483647, 1]], i32)), ("dim", Attr("ints", [1]))])
aten("sum_all", "aten.sum.default", [("self", T([[0.1, 0.2], [0.3, 0.4]]))], ulp=1)
aten("sum_float16", "aten.sum.dim_IntList",
     [("self", T([[1000.0, 0.1, 0.1, 0.1]], "float16")), ("dim", Attr("ints", [1]))], ulp=1)
aten("mean_dim", "aten.mean.dim", [("self", x234), ("dim", Attr("ints", [1]))], ulp=1)
aten("amax_nan", "aten.amax.default", [("self", T([[1.0, nan], [3.0, 2.0]])), ("dim", Attr("ints", [1]))])
aten("amin_all", "aten.amin.default", [("self", T([[1, -5], [3, 2]], i32)), ("dim", Attr("ints", []))])
aten("prod_dim", "aten.prod.dim_int", [("self", x23), ("dim", Attr("int", 0))])

# ONNX: integer division truncates, Mod follows fmod.
I = lambda v, d=i32: T(v, d)
onnx_case("Add_broadcast", "Add", [I([[1, 2, 3], [4, 5, 6]]), I([10, 20, 30])])
onnx_case("Sub_int64", "Sub", [I([1, -5], i64), I([3, 3], i64)])
onnx_case("Mul_float16", "Mul", [T([3.0, 0.7, 65504.0], "float16"), T([0.1, 0.3, 2.0], "float16")])
onnx_case("Div_int_truncates", "Div", [I(signs_a), I(signs_b)])
onnx_case("Div_float", "Div", [T([1.0, -1.0, 7.0]), T([0.0, 3.0, 3.0])])
onnx_case("Mod_int_divisor_sign", "Mod", [I(signs_a), I(signs_b)])
onnx_case("Mod_int_fmod", "Mod", [I(signs_a), I(signs_b)], {"fmod": ("int", 1)})
onnx_case("Mod_float_fmod", "Mod", [T(fsigns_a), T(fsigns_b)], {"fmod": ("int", 1)})
onnx_case("Pow_float", "Pow", [T([2.0, 0.5, 10.0]), T([0.3, -1.5, 2.0])], ulp=1)
onnx_case("Pow_int_exponent_type", "Pow", [T([1.5, 2.0]), I([2, 3], i64)])
# onnxruntime's Max and Min of NaN depend on the operand order (the spec says
# nothing): not folded.
onnx_case("Max_nan", "Max", [T([1.0, nan, 3.0]), T([nan, 2.0, 1.0])], decline=True)
onnx_case("Min_nan", "Min", [T([1.0, nan, 3.0]), T([nan, 2.0, 1.0])], decline=True)
onnx_case("Max_variadic", "Max", [I([1, 9]), I([[5], [2]]), I([3, 4])])
onnx_case("Sum_variadic", "Sum", [T([1.0, 2.0]), T([0.5]), T([[1.0], [2.0]])])
onnx_case("Equal", "Equal", [I([1, 2, 3]), I([1, 0, 3])])
onnx_case("Less_float", "Less", [T([1.0, nan, -1.0]), T([2.0, 1.0, -1.0])])
onnx_case("GreaterOrEqual", "GreaterOrEqual", [I([1, 2, 3], i64), I([2], i64)])
onnx_case("And", "And", [T([True, True, False], "bool"), T([True, False, False], "bool")])
onnx_case("Not", "Not", [T([True, False], "bool")])
onnx_case("Where", "Where", [T([[True], [False]], "bool"), T([1.0, 2.0]), T([-1.0])])
onnx_case("Neg_int8_min", "Neg", [I([-128, 3], "int8")])
onnx_case("Abs", "Abs", [I([-128, 3], "int8")])
onnx_case("Sqrt", "Sqrt", [T([2.0, 0.01, -1.0])])
onnx_case("Exp", "Exp", [T([0.5, -2.0, 10.0])], ulp=1)
onnx_case("Log", "Log", [T([0.5, 2.0, 0.0])], ulp=1)
onnx_case("Reciprocal", "Reciprocal", [T([3.0, -0.0])])
onnx_case("Round_half_even", "Round", [T([0.5, 1.5, 2.5, -0.5, -2.5])])
onnx_case("Floor", "Floor", [T([-1.5, 1.5])])
onnx_case("Relu_nan", "Relu", [T([-1.0, 2.0, nan])])
onnx_case("Sigmoid", "Sigmoid", [T([0.5, -2.0, 30.0])], ulp=1)
onnx_case("Tanh", "Tanh", [T([0.5, -2.0, 10.0])], ulp=1)
onnx_case("Erf", "Erf", [T([0.5, -2.0, 0.01])], ulp=1)
onnx_case("Sign", "Sign", [T([-2.0, 0.0, 3.0])])
onnx_case("IsNaN", "IsNaN", [T([1.0, nan])])
onnx_case("IsInf_positive", "IsInf", [T([inf, -inf, 1.0])], {"detect_negative": ("int", 0)})
onnx_case("Clip", "Clip", [T([-3.0, 0.5, 3.0]), T(-1.0), T(1.0)])
onnx_case("Clip_int_no_min", "Clip", [I([-3, 5]), None, I(2)])
onnx_case("BitShift_left", "BitShift", [I([1, 255], "uint8"), I([3, 1], "uint8")],
          {"direction": ("string", "LEFT")})
onnx_case("Cast_float16", "Cast", [T([1.0 + 2**-11, 65520.0, 0.1, nan])], {"to": ("dtype", "float16")})
onnx_case("Cast_bfloat16", "Cast", [T([1.0 + 2**-8, 1.0 + 3 * 2**-8, 0.1])], {"to": ("dtype", "bfloat16")})
onnx_case("Cast_float64_to_float16", "Cast", [T([1.0 + 2**-11 + 2**-40, 0.1], "float64")],
          {"to": ("dtype", "float16")})
onnx_case("Cast_int64_to_float16", "Cast", [I([2049, 70000], i64)], {"to": ("dtype", "float16")})
onnx_case("Cast_float_to_int32", "Cast", [T([1.7, -1.7, -0.5])], {"to": ("dtype", "int32")})
onnx_case("Cast_int_to_bool", "Cast", [I([0, 2, -1], i64)], {"to": ("dtype", "bool")})
onnx_case("Cast_bfloat16_to_float", "Cast", [T([0.1, -3.5], "bfloat16")], {"to": ("dtype", "float32")})

# ONNX shapes.
onnx_case("Shape_start_end", "Shape", [x234], {"start": ("int", -2)})
onnx_case("Size", "Size", [x234])
onnx_case("Reshape_zero_copies", "Reshape", [x234, I([0, -1], i64)])
onnx_case("Reshape_allowzero", "Reshape", [torch.zeros(0, 3), I([3, 0], i64)], {"allowzero": ("int", 1)})
onnx_case("Flatten", "Flatten", [x234], {"axis": ("int", -1)})
onnx_case("Transpose_default_perm", "Transpose", [x234])
onnx_case("Transpose_perm", "Transpose", [x234], {"perm": ("ints", [1, 0, 2])})
onnx_case("Slice_negative_step", "Slice", [x234, I([-1], i64), I([-100], i64), I([2], i64), I([-2], i64)])
onnx_case("Slice_clamps", "Slice", [x234, I([1, -10], i64), I([100, 3], i64), I([2, 1], i64), None])
onnx_case("Slice_default_axes", "Slice", [x234, I([1], i64), I([2], i64)])
onnx_case("Concat_negative_axis", "Concat", [I([[1], [2]]), I([[3, 4], [5, 6]])], {"axis": ("int", -1)})
onnx_case("Gather_negative_indices", "Gather", [x234, I([[-1, 0]], i64)], {"axis": ("int", 1)})
onnx_case("Gather_scalar_index", "Gather", [x234, I(-1, i64)], {"axis": ("int", -1)})
onnx_case("Gather_out_of_range", "Gather", [x234, I([3], i64)], {"axis": ("int", 1)})
onnx_case("Unsqueeze_negative_axes", "Unsqueeze", [x23, I([-1, 0], i64)])
onnx_case("Squeeze_axes", "Squeeze", [torch.zeros(1, 2, 1), I([-1], i64)])
onnx_case("Squeeze_all", "Squeeze", [torch.zeros(1, 2, 1)])
onnx_case("Expand_bidirectional", "Expand", [I([[1], [2]]), I([2, 1, 3], i64)])
onnx_case("Tile", "Tile", [x23, I([2, 1], i64)])
onnx_case("Range_int_negative_delta", "Range", [I(10, i64), I(-3, i64), I(-4, i64)])
onnx_case("Range_float", "Range", [T(0.0), T(1.0), T(0.1)])
onnx_case("ConstantOfShape", "ConstantOfShape", [I([2, 3], i64)],
          {"value": ("dense", onnx_dense([7], "int32"))})
onnx_case("ConstantOfShape_default", "ConstantOfShape", [I([2], i64)])
onnx_case("ScatterND", "ScatterND", [x234, I([[1, 2], [0, -3]], i64), T([[9.0] * 4, [8.0] * 4])])
onnx_case("Split_sizes", "Split", [x234, I([1, 3], i64)], {"axis": ("int", -1)}, num_outputs=2)
onnx_case("Split_num_outputs", "Split", [T(list(range(7)))], {"num_outputs": ("int", 3)}, num_outputs=3)

# ONNX reductions.
onnx_case("ReduceSum_axes_input", "ReduceSum", [x234, I([-1, 0], i64)], {"keepdims": ("int", 0)})
onnx_case("ReduceSum_all", "ReduceSum", [I([[1, 2], [3, 4]])])
onnx_case("ReduceSum_noop", "ReduceSum", [I([[1, 2], [3, 4]]), I([], i64)],
          {"noop_with_empty_axes": ("int", 1)})
onnx_case("ReduceMean", "ReduceMean", [x234, I([1], i64)], ulp=1)
onnx_case("ReduceMax", "ReduceMax", [x234, I([-2], i64)])
onnx_case("ReduceMin_int", "ReduceMin", [I([[3, -1], [2, 5]]), I([0], i64)], {"keepdims": ("int", 0)})
onnx_case("ReduceL2", "ReduceL2", [T([[3.0, 4.0], [-5.0, 12.0]]), I([-1], i64)], ulp=1)
onnx_case("ReduceL1_int", "ReduceL1", [I([[3, -4], [-5, 12]]), I([0], i64)])
onnx_case("ReduceSumSquare", "ReduceSumSquare", [T([[0.5, -1.5], [2.0, 3.0]])], {"keepdims": ("int", 0)})
onnx_case("ReduceProd", "ReduceProd", [I([[3, -1], [2, 5]], i64), I([1], i64)])

# Indexing, sorting, scans, padding, views, statistics, losses.
ties = T([[3.0, 1.0, 3.0, nan, 2.0, 1.0], [0.5, -0.0, 0.0, 2.0, 2.0, -1.0]])
aten("bitand_scalar", "aten.__and__.Scalar", [("self", T([12, -1, 7], i32)), ("other", num(10))])
aten("bitor_bool", "aten.__or__.Tensor",
     [("self", T([True, False, False], "bool")), ("other", T([False, False, True], "bool"))])
aten("bitxor_scalar", "aten.__xor__.Scalar", [("self", T([12, -1], i64)), ("other", num(5))])
aten("lshift_scalar", "aten.__lshift__.Scalar", [("self", T([1, -3, 1 << 30], i32)), ("other", num(2))])
aten("lshift_out_of_range", "aten.__lshift__.Tensor",
     [("self", T([1, 5, 5], i32)), ("other", T([32, -1, 31], i32))])
aten("rshift_negative", "aten.__rshift__.Tensor",
     [("self", T([-8, -8, 64, -1], i64)), ("other", T([1, 70, 3, 63], i64))])
aten("rshift_uint8_out_of_range", "aten.__rshift__.Scalar", [("self", T([200, 7], "uint8")), ("other", num(9))])
aten("isfinite", "aten.isfinite.default", [("self", T([1.0, nan, inf, -inf]))])
aten("isfinite_int", "aten.isfinite.default", [("self", T([1, 2], i32))])
aten("atan2_quadrants", "aten.atan2.default",
     [("self", T([1.0, 1.0, -1.0, -1.0, 0.0, -0.0])), ("other", T([1.0, -1.0, 1.0, -1.0, -1.0, -1.0]))], ulp=1)
aten("atan2_int_is_float", "aten.atan2.default", [("self", T([1, 2], i64)), ("other", T([3, -1], i64))], ulp=1)
aten("min_other_nan", "aten.min.other", [("self", T([1.0, nan, 3.0])), ("other", T([2.0, 1.0, nan]))])

aten("split_tensor", "aten.split.Tensor", [("self", x234), ("split_size", SymInt(3)), ("dim", Attr("int", -1))])
aten("split_with_sizes", "aten.split_with_sizes.default",
     [("self", x234), ("split_sizes", Attr("ints", [1, 0, 2])), ("dim", Attr("int", 1))])
aten("chunk_uneven", "aten.chunk.default", [("self", T(list(range(5)), i64)), ("chunks", Attr("int", 3))])
aten("unbind_negative", "aten.unbind.int", [("self", x23), ("dim", Attr("int", -1))])
aten("narrow_negative_start", "aten.narrow.default",
     [("self", x234), ("dim", Attr("int", 2)), ("start", SymInt(-3)), ("length", SymInt(2))])
aten("narrow_out_of_range", "aten.narrow.default",
     [("self", x234), ("dim", Attr("int", 2)), ("start", SymInt(3)), ("length", SymInt(2))])
aten("swapaxes", "aten.swapaxes.default", [("self", x234), ("axis0", Attr("int", 0)), ("axis1", Attr("int", -1))])
aten("mT", "aten.mT.default", [("self", x234)])
aten("numpy_T", "aten.numpy_T.default", [("self", x234)])
aten("unflatten_infer", "aten.unflatten.int", [("self", x234), ("dim", Attr("int", -1)), ("sizes", Attr("ints", [2, -1]))])
aten("flip_two_dims", "aten.flip.default", [("self", x234), ("dims", Attr("ints", [0, -1]))])
aten("roll_dims", "aten.roll.default", [("self", x234), ("shifts", Attr("ints", [1, -5])), ("dims", Attr("ints", [1, 2]))])
aten("roll_flat", "aten.roll.default", [("self", x23), ("shifts", Attr("ints", [2]))])
aten("tile_fewer_dims", "aten.tile.default", [("self", x23), ("dims", Attr("ints", [2]))])
aten("tile_more_dims", "aten.tile.default", [("self", T([1, 2], i32)), ("dims", Attr("ints", [2, 1, 2]))])
aten("broadcast_tensors", "aten.broadcast_tensors.default",
     [("tensors", [T([[1], [2]], i64), T([5, 6, 7], i64)])])
aten("expand_as", "aten.expand_as.default", [("self", T([[1], [2]], i32)), ("other", torch.zeros(3, 2, 4))])
aten("copy_broadcast_converts", "aten.copy.default", [("self", torch.zeros(2, 3, dtype=torch.int32)),
                                                      ("src", T([1.7, -2.5, 3.0]))])
aten("meshgrid_xy", "aten.meshgrid.indexing",
     [("tensors", [T([1, 2, 3], i64), T([4, 5], i64), T([6], i64)]), ("indexing", Attr("string", "xy"))])
aten("meshgrid_ij", "aten.meshgrid.indexing",
     [("tensors", [T([1, 2, 3], i64), T([4, 5], i64)]), ("indexing", Attr("string", "ij"))])
aten("tril_negative_diagonal", "aten.tril.default", [("self", x234), ("diagonal", Attr("int", -1))])
aten("triu_wide", "aten.triu.default", [("self", x234), ("diagonal", Attr("int", 1))])
aten("eye_m", "aten.eye.m", [("n", SymInt(2)), ("m", SymInt(3)), ("dtype", Attr("dtype", "int64"))])
aten("eye_default_float", "aten.eye.default", [("n", SymInt(3))])
aten("linspace_float32", "aten.linspace.default",
     [("start", num(0.1)), ("end", num(1.7)), ("steps", Attr("int", 7))])
aten("linspace_float32_long", "aten.linspace.default",
     [("start", num(-3.3)), ("end", num(2.9)), ("steps", Attr("int", 37))])
aten("linspace_int", "aten.linspace.default",
     [("start", num(-3)), ("end", num(10)), ("steps", Attr("int", 6)), ("dtype", Attr("dtype", "int64"))])
aten("linspace_one_step", "aten.linspace.default", [("start", num(2.5)), ("end", num(10.0)), ("steps", Attr("int", 1))])
aten("linspace_float64", "aten.linspace.default",
     [("start", num(0.1)), ("end", num(0.9)), ("steps", Attr("int", 9)), ("dtype", Attr("dtype", "float64"))])
aten("item_int", "aten.item.default", [("self", T([[7]], i64))])

aten("gather", "aten.gather.default",
     [("self", x23), ("dim", Attr("int", 1)), ("index", T([[2, 0], [1, 1]], i64))])
aten("gather_negative_index", "aten.gather.default",
     [("self", x23), ("dim", Attr("int", 1)), ("index", T([[-1]], i64))])
aten("scatter_src", "aten.scatter.src",
     [("self", torch.zeros(3, 4)), ("dim", Attr("int", 0)), ("index", T([[2, 0, 1, 2]], i64)),
      ("src", torch.arange(1.0, 13.0).reshape(3, 4))])
aten("scatter_value", "aten.scatter.value",
     [("self", torch.zeros(2, 3, dtype=torch.int64)), ("dim", Attr("int", 1)), ("index", T([[2], [0]], i64)),
      ("value", num(5))])
aten("scatter_add_duplicates", "aten.scatter_add.default",
     [("self", T([0.1, 0.2, 0.3])), ("dim", Attr("int", 0)), ("index", T([0, 2, 0, 0], i64)),
      ("src", T([1e8, 1.0, -1e8, 0.5]))])
aten("index_add_alpha", "aten.index_add.default",
     [("self", torch.ones(3, 2)), ("dim", Attr("int", 0)), ("index", T([2, 0, 2], i64)),
      ("source", T([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])), ("alpha", num(2))])
aten("index_copy", "aten.index_copy.default",
     [("self", torch.zeros(2, 3, dtype=torch.int32)), ("dim", Attr("int", 1)), ("index", T([2, 0], i64)),
      ("source", T([[1, 2], [3, 4]], i32))])
aten("index_put_accumulate", "aten.index_put.default",
     [("self", T([0.1, 0.2, 0.3])), ("indices", [T([0, 2, 0, -3], i64)]), ("values", T([1e8, 1.0, -1e8, 0.5])),
      ("accumulate", Attr("bool", True))])
aten("index_put_broadcast", "aten.index_put.default",
     [("self", torch.zeros(3, 4, dtype=torch.int32)), ("indices", [T([2, 0], i64), None]), ("values", T([1, 2, 3, 4], i32))])
aten("index_put_mask", "aten.index_put.default",
     [("self", x23), ("indices", [T([[True, False, True], [False, True, False]], "bool")]), ("values", T(-1, i64))])
aten("index_put_clash", "aten.index_put.default",
     [("self", x23), ("indices", [T([1, 1], i64)]), ("values", T([[7, 8, 9], [0, 1, 2]], i64))], decline=True)
aten("index_mask_then_int", "aten.index.Tensor",
     [("self", x234), ("indices", [T([False, True], "bool"), T([2, 0], i64)])])
aten("nonzero", "aten.nonzero.default", [("self", T([[0.0, nan, 1.0], [0.0, -0.0, 2.0]]))])
aten("where_condition_only", "aten.where.default", [("condition", T([[True, False], [True, True]], "bool"))])

aten("argmax_nan_ties", "aten.argmax.default", [("self", ties), ("dim", Attr("int", 1))])
aten("argmin_nan_ties", "aten.argmin.default", [("self", ties), ("dim", Attr("int", 1))])
aten("argmax_all_keepdim", "aten.argmax.default", [("self", T([[1, 5], [5, 2]], i32)), ("keepdim", Attr("bool", True))])
aten("argmin_all", "aten.argmin.default", [("self", T([[3, 1], [1, 2]], i32))])
aten("max_dim_nan", "aten.max.dim", [("self", ties), ("dim", Attr("int", -1)), ("keepdim", Attr("bool", True))])
aten("min_dim", "aten.min.dim", [("self", T([[3, 1, 1], [0, 2, 0]], i64)), ("dim", Attr("int", 1))])
aten("sort_nan_ties", "aten.sort.stable", [("self", ties), ("stable", Attr("bool", True))])
aten("sort_descending", "aten.sort.stable",
     [("self", ties), ("stable", Attr("bool", True)), ("dim", Attr("int", 1)), ("descending", Attr("bool", True))])
aten("sort_stable_dim0", "aten.sort.stable",
     [("self", T([[2, 1], [1, 1], [2, 0]], i64)), ("stable", Attr("bool", True)), ("dim", Attr("int", 0))])
aten("topk_ties", "aten.topk.default", [("self", ties), ("k", SymInt(3))])
aten("topk_partial_sort_ties", "aten.topk.default", [("self", T([1.0, 3.0, 2.0, 3.0, nan, 0.5] * 14)), ("k", SymInt(1))])
aten("topk_long_ties", "aten.topk.default", [("self", T([1.0, 3.0, 2.0, 3.0, 1.0] * 9)), ("k", SymInt(7))])
# An unstable sort leaves the order of equal elements to the CPU's sorting
# network: not folded; a stable one keeps them in order.
aten("sort_unstable_ties", "aten.sort.default",
     [("self", T([1, 3, 2, 3, 1, 0, 3] * 7, i64)), ("descending", Attr("bool", True))], decline=True)
aten("sort_stable_long_ties", "aten.sort.stable",
     [("self", T([1, 3, 2, 3, 1, 0, 3] * 7, i64)), ("stable", Attr("bool", True)), ("descending", Attr("bool", True))])
aten("sort_unstable_distinct", "aten.sort.default", [("self", T([[0.5, -1.0, nan, 2.0, 0.25, -0.0, 7.0, 1.5] * 1 + [9.0, 8.0] * 1])),
                                                     ("descending", Attr("bool", True))])
aten("topk_smallest", "aten.topk.default",
     [("self", T([[4.0, 1.0, 1.0, 3.0, 1.0]])), ("k", SymInt(2)), ("largest", Attr("bool", False))])
aten("cumsum_int_is_int64", "aten.cumsum.default", [("self", T([[1, 2, 3], [4, 5, 6]], i32)), ("dim", Attr("int", 1))])
aten("cumsum_float32", "aten.cumsum.default",
     [("self", T([0.1, 0.2, 0.3, 1e8, 0.4, -1e8, 0.7])), ("dim", Attr("int", 0))])
aten("cumsum_float16", "aten.cumsum.default",
     [("self", T([0.1, 0.2, 0.3, 1000.0, 0.4, 0.6], "float16")), ("dim", Attr("int", 0))])
aten("cumsum_dtype", "aten.cumsum.default",
     [("self", T([1, 2, 3], i64)), ("dim", Attr("int", 0)), ("dtype", Attr("dtype", "float32"))])
aten("cumprod", "aten.cumprod.default", [("self", T([[1.5, 2.0, -3.0], [0.1, 0.2, 0.3]])), ("dim", Attr("int", -1))])
aten("cummax_nan_ties", "aten.cummax.default", [("self", ties), ("dim", Attr("int", 1))])
aten("histc", "aten.histc.default",
     [("self", T([0.0, 1.0, 1.0, 2.0, 3.0, 2.9, -0.1, 3.1, nan])), ("bins", Attr("int", 4)),
      ("min", num(0)), ("max", num(3))])
aten("histc_data_range", "aten.histc.default",
     [("self", T([0.3, 0.1, 0.7, 0.55, 0.2, 0.9])), ("bins", Attr("int", 3))])

aten("pad_constant_negative", "aten.pad.default",
     [("self", x234), ("pad", Attr("ints", [1, -2, 0, 1])), ("value", num(-1.5))])
aten("pad_reflect", "aten.pad.default",
     [("self", x234), ("pad", Attr("ints", [3, 2])), ("mode", Attr("string", "reflect"))])
aten("pad_replicate_negative", "aten.pad.default",
     [("self", x234), ("pad", Attr("ints", [-1, 2, 2, -1])), ("mode", Attr("string", "replicate"))])
aten("pad_circular_negative", "aten.pad.default",
     [("self", x234.reshape(1, 2, 3, 4)), ("pad", Attr("ints", [-1, 2, 1, -2])), ("mode", Attr("string", "circular"))])
aten("pad_circular", "aten.pad.default",
     [("self", x234), ("pad", Attr("ints", [4, 1])), ("mode", Attr("string", "circular"))])
aten("pad_reflect_too_far", "aten.pad.default",
     [("self", x234), ("pad", Attr("ints", [4, 0])), ("mode", Attr("string", "reflect"))])
aten("replication_pad2d", "aten.replication_pad2d.default",
     [("self", x234), ("padding", Attr("ints", [2, 0, 1, 1]))])

xs = T([[0.5, -1.0, 2.0, 0.25, 3.0], [1.5, 1.5, -2.0, 0.0, 0.75], [-0.3, 0.2, 0.9, 4.0, -1.2]])
aten("var_dim", "aten.var.dim", [("self", xs), ("dim", Attr("ints", [1])), ("unbiased", Attr("bool", True))], ulp=1)
aten("var_correction_all", "aten.var.correction", [("self", xs), ("correction", num(0))], ulp=1)
aten("std_correction_keepdim", "aten.std.correction",
     [("self", xs), ("dim", Attr("ints", [0])), ("correction", num(2)), ("keepdim", Attr("bool", True))], ulp=1)

logits = T([[1.2, -0.5, 0.3, 2.2, -1.0], [0.1, 0.2, 0.3, 0.4, 0.5], [-2.0, 3.0, 0.0, 1.0, 0.5],
            [0.7, 0.7, -0.7, 1.5, 2.5]])
labels = T([3, 1, 2, 0], i64)
cw = T([0.5, 1.0, 1.5, 2.0, 0.25])
for red in (0, 1, 2):
    aten(f"cross_entropy_weight_ignore_r{red}", "aten.cross_entropy_loss.default",
         [("self", logits), ("target", labels), ("weight", cw), ("reduction", Attr("int", red)),
          ("ignore_index", Attr("int", 2)), ("label_smoothing", Attr("float", 0.1))], ulp=4)
aten("cross_entropy_plain", "aten.cross_entropy_loss.default",
     [("self", logits), ("target", labels), ("weight", None)], ulp=4)
aten("cross_entropy_probs", "aten.cross_entropy_loss.default",
     [("self", logits), ("target", torch.softmax(logits * 0.7, 1)), ("weight", cw),
      ("label_smoothing", Attr("float", 0.2))], ulp=4)
aten("cross_entropy_out_of_range", "aten.cross_entropy_loss.default",
     [("self", logits), ("target", T([3, 1, 5, 0], i64)), ("weight", None)])
aten("nll_loss_nd_mean_weight", "aten.nll_loss_nd.default",
     [("self", torch.log_softmax(logits, 1)), ("target", labels), ("weight", cw), ("ignore_index", Attr("int", 1))], ulp=4)
preds, targs = T([[0.3, -1.2, 2.0], [0.0, 4.0, -3.5]]), T([[0.5, 1.0, 0.0], [0.2, -0.1, 1.5]])
aten("bce_with_logits_pos_weight", "aten.binary_cross_entropy_with_logits.default",
     [("self", preds), ("target", torch.sigmoid(targs)), ("weight", T([1.0, 0.5, 2.0])),
      ("pos_weight", T([2.0, 1.0, 0.5])), ("reduction", Attr("int", 0))], ulp=4)
aten("huber_loss", "aten.huber_loss.default",
     [("self", preds), ("target", targs), ("reduction", Attr("int", 0)), ("delta", Attr("float", 0.8))], ulp=1)
aten("smooth_l1_loss", "aten.smooth_l1_loss.default",
     [("self", preds), ("target", targs), ("reduction", Attr("int", 2)), ("beta", Attr("float", 0.5))], ulp=1)
aten("kl_div", "aten.kl_div.default",
     [("self", torch.log_softmax(preds, 1)), ("target", torch.softmax(targs, 1)), ("reduction", Attr("int", 0))], ulp=4)
aten("kl_div_log_target", "aten.kl_div.default",
     [("self", torch.log_softmax(preds, 1)), ("target", torch.log_softmax(targs, 1)),
      ("log_target", Attr("bool", True))], ulp=4)
aten("margin_ranking_loss", "aten.margin_ranking_loss.default",
     [("input1", preds[0]), ("input2", preds[1]), ("target", T([1.0, -1.0, 1.0])), ("margin", Attr("float", 0.3)),
      ("reduction", Attr("int", 0))], ulp=1)
aten("cosine_embedding_loss", "aten.cosine_embedding_loss.default",
     [("input1", logits), ("input2", logits.flip(1)), ("target", T([1.0, -1.0, -1.0, 1.0])),
      ("margin", Attr("float", -0.2)), ("reduction", Attr("int", 0))], ulp=4)
aten("multi_margin_loss_p2_weight", "aten.multi_margin_loss.default",
     [("self", logits), ("target", labels), ("p", num(2)), ("margin", num(0.5)), ("weight", cw),
      ("reduction", Attr("int", 0))], ulp=4)
aten("multi_margin_loss_mean", "aten.multi_margin_loss.default",
     [("self", logits), ("target", labels)], ulp=4)
aten("multilabel_margin_loss", "aten.multilabel_margin_loss.default",
     [("self", logits), ("target", T([[3, 0, -1, 1, 1], [1, -1, 0, 0, 0], [4, 3, 2, 1, 0], [-1, 0, 0, 0, 0]], i64)),
      ("reduction", Attr("int", 0))], ulp=4)
anchor = torch.tensor([[0.1, 0.5, -0.3], [1.0, 2.0, 3.0]])
aten("triplet_margin_loss_swap", "aten.triplet_margin_loss.default",
     [("anchor", anchor), ("positive", anchor * 0.9), ("negative", anchor.flip(0)),
      ("swap", Attr("bool", True)), ("reduction", Attr("int", 0))], ulp=4)
aten("triplet_margin_loss_p1", "aten.triplet_margin_loss.default",
     [("anchor", anchor), ("positive", anchor + 0.5), ("negative", anchor * -1.0), ("p", Attr("float", 1.0)),
      ("margin", Attr("float", 2.0))], ulp=4)
aten("cdist", "aten.cdist.default", [("x1", anchor), ("x2", T([[0.0, 0.0, 0.0], [1.0, 2.0, 3.5], [0.1, 0.5, -0.3]]))],
     ulp=4)
aten("cdist_p1_batched", "aten.cdist.default",
     [("x1", anchor.reshape(1, 2, 3)), ("x2", x234[:, :2, :3]), ("p", Attr("float", 1.0))], ulp=4)

# ONNX indexing, sorting, scans, padding.
onnx_case("Atan", "Atan", [T([0.5, -2.0, 10.0, 0.0])], ulp=2)
onnx_case("GatherElements_negative", "GatherElements", [x23, I([[-1, 0], [1, -3]], i64)], {"axis": ("int", 1)})
onnx_case("GatherElements_out_of_range", "GatherElements", [x23, I([[3]], i64)], {"axis": ("int", 1)})
onnx_case("GatherND", "GatherND", [x234, I([[1, -1], [0, 0]], i64)])
onnx_case("GatherND_batch_dims", "GatherND", [x234, I([[[2]], [[0]]], i64)], {"batch_dims": ("int", 1)})
onnx_case("ScatterElements_add", "ScatterElements",
          [T([[0.1, 0.2], [0.3, 0.4]]), I([[1, 1], [1, 0]], i64), T([[1e8, 1.0], [-1e8, 2.0]])],
          {"axis": ("int", 0), "reduction": ("string", "add")})
onnx_case("ScatterElements_max_negative", "ScatterElements",
          [I([[1, 9], [3, 4]]), I([[-1], [0]], i64), I([[7], [2]])], {"axis": ("int", 1), "reduction": ("string", "max")})
onnx_case("ScatterElements_none", "ScatterElements",
          [I([[1, 9], [3, 4]]), I([[1, 0]], i64), I([[7, 8]])])
onnx_case("NonZero", "NonZero", [T([[0.0, nan, 1.0], [0.0, -0.0, 2.0]])])
onnx_case("ArgMax_select_last", "ArgMax", [I([[1, 5, 5], [2, 2, 0]])], {"axis": ("int", 1), "select_last_index": ("int", 1)})
onnx_case("ArgMin_keepdims0", "ArgMin", [T([[1.0, 0.5, 0.5], [2.0, -2.0, 0.0]])], {"axis": ("int", -1), "keepdims": ("int", 0)})
onnx_case("TopK_ties", "TopK", [T([[3.0, 1.0, 3.0, 2.0, 1.0, 3.0]]), I([4], i64)], num_outputs=2)
onnx_case("TopK_smallest", "TopK", [I([[5, 1, 1, 0], [2, 2, 2, 2]], i64), I([2], i64)],
          {"axis": ("int", 1), "largest": ("int", 0)}, num_outputs=2)
onnx_case("CumSum_float32", "CumSum", [T([0.1, 0.2, 0.3, 1e8, 0.4, -1e8, 0.7]), I(0)])
onnx_case("CumSum_exclusive_reverse", "CumSum", [I([[1, 2, 3], [4, 5, 6]], i64), I([1], i64)],
          {"exclusive": ("int", 1), "reverse": ("int", 1)})
onnx_case("Pad_constant_negative", "Pad", [x234, I([0, 1, -1, 0, -1, 2], i64), T(-1.5)])
onnx_case("Pad_reflect_axes", "Pad", [x234, I([2, 1], i64), None, I([-1], i64)], {"mode": ("string", "reflect")})
onnx_case("Pad_edge", "Pad", [x234, I([0, 1, 2, 0, 2, 1], i64)], {"mode": ("string", "edge")})
onnx_case("Pad_wrap", "Pad", [x234, I([3, 1], i64), None, I([2], i64)], {"mode": ("string", "wrap")})
onnx_case("Trilu_lower", "Trilu", [x234, I(1, i64)], {"upper": ("int", 0)})
onnx_case("Trilu_upper_default", "Trilu", [x234])

write(sys.argv[1], "tests/unit/passes/make_fold_vectors.py")
