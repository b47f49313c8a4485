// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17

// Binary arithmetic computes in the ATen result dtype; alpha scales `other`;
// a Python float turns an int tensor into float32.
// CHECK: %[[XF:.*]] = "onnx.Cast"(%i) {to = f32} : (tensor<3xi32>) -> tensor<3xf32>
// CHECK: %[[C:.*]] = "ir.constant"() {value = dense<"0x00002040"> : tensor<f32>}
// CHECK: %[[A:.*]] = "ir.constant"() {value = dense<"0x00000040"> : tensor<f32>}
// CHECK: %[[S:.*]] = "onnx.Mul"(%[[C]], %[[A]])
// CHECK: %[[ADD:.*]] = "onnx.Add"(%[[XF]], %[[S]]) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT: "ir.return"(%[[ADD]])
// CHECK-LABEL: }) {sym_name = "add_in_result_dtype_with_alpha"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>):
    %add = "aten.add.Tensor"(%i) {arg_names = ["self"], other = 2.5 : f64, alpha = 2 : i64} : (tensor<3xi32>) -> tensor<3xf32>
    "ir.return"(%add) : (tensor<3xf32>) -> ()
  }) {sym_name = "add_in_result_dtype_with_alpha"} : () -> ()
}) : () -> ()

// -----

// Floor division of integers: (a - a mod b) / b with Python's modulo, which
// ONNX's truncating Div computes exactly.
// CHECK: %[[M:.*]] = "onnx.Mod"(%i, %j) {fmod = 0 : i64}
// CHECK: %[[D:.*]] = "onnx.Sub"(%i, %[[M]])
// CHECK: %[[DIV:.*]] = "onnx.Div"(%[[D]], %j) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT: "ir.return"(%[[DIV]])
// CHECK-LABEL: }) {sym_name = "integer_floor_division"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>, %j: tensor<3xi32>):
    %div = "aten.div.Tensor_mode"(%i, %j) {arg_names = ["self", "other"], rounding_mode = "floor"} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
    "ir.return"(%div) : (tensor<3xi32>) -> ()
  }) {sym_name = "integer_floor_division"} : () -> ()
}) : () -> ()

// -----

// Float remainder takes the divisor's sign: fmod, then + divisor where the signs differ.
// CHECK: %[[R:.*]] = "onnx.Mod"(%x, %y) {fmod = 1 : i64}
// CHECK: %[[REM:.*]] = "onnx.Where"(%{{.*}}, %{{.*}}, %[[R]]) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: "ir.return"(%[[REM]])
// CHECK-LABEL: }) {sym_name = "float_remainder_takes_divisor_sign"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %remainder = "aten.remainder.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%remainder) : (tensor<3xf32>) -> ()
  }) {sym_name = "float_remainder_takes_divisor_sign"} : () -> ()
}) : () -> ()

// -----

// Integer remainder is ONNX's integer Mod.
// CHECK: %[[REM:.*]] = "onnx.Mod"(%i, %j) {fmod = 0 : i64}
// CHECK-NEXT: "ir.return"(%[[REM]])
// CHECK-LABEL: }) {sym_name = "integer_remainder_is_mod"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>, %j: tensor<3xi32>):
    %remainder_1 = "aten.remainder.Tensor"(%i, %j) {arg_names = ["self", "other"]} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
    "ir.return"(%remainder_1) : (tensor<3xi32>) -> ()
  }) {sym_name = "integer_remainder_is_mod"} : () -> ()
}) : () -> ()

// -----

// A comparison promotes its operands (int32 vs 2.5 compares in float32).
// CHECK: %[[IF:.*]] = "onnx.Cast"(%i) {to = f32}
// CHECK: %[[LT:.*]] = "onnx.Less"(%[[IF]], %{{.*}}) : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
// CHECK-NEXT: "ir.return"(%[[LT]])
// CHECK-LABEL: }) {sym_name = "comparison_promotes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>):
    %lt = "aten.lt.Scalar"(%i) {arg_names = ["self"], other = 2.5 : f64} : (tensor<3xi32>) -> tensor<3xi1>
    "ir.return"(%lt) : (tensor<3xi1>) -> ()
  }) {sym_name = "comparison_promotes"} : () -> ()
}) : () -> ()

// -----

// x ** 2 is x * x.
// CHECK: %[[POW:.*]] = "onnx.Mul"(%x, %x)
// CHECK-NEXT: "ir.return"(%[[POW]])
// CHECK-LABEL: }) {sym_name = "square_is_mul"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %pow = "aten.pow.Tensor_Scalar"(%x) {arg_names = ["self"], exponent = 2 : i64} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%pow) : (tensor<3xf32>) -> ()
  }) {sym_name = "square_is_mul"} : () -> ()
}) : () -> ()

// -----

// where and masked_fill are Where.
// CHECK: %[[WHERE:.*]] = "onnx.Where"(%m, %x, %y)
// CHECK: %[[FILL:.*]] = "onnx.Where"(%m, %{{.*}}, %x)
// CHECK-NEXT: "ir.return"(%[[WHERE]], %[[FILL]])
// CHECK-LABEL: }) {sym_name = "where_and_masked_fill"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>, %m: tensor<3xi1>):
    %where = "aten.where.self"(%m, %x, %y) {arg_names = ["condition", "self", "other"]} : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %masked_fill = "aten.masked_fill.Scalar"(%x, %m) {arg_names = ["self", "mask"], value = -1.0e+09 : f64} : (tensor<3xf32>, tensor<3xi1>) -> tensor<3xf32>
    "ir.return"(%where, %masked_fill) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "where_and_masked_fill"} : () -> ()
}) : () -> ()

// -----

// A where of bools is (cond and a) or (not cond and b): ONNX Runtime's CPU
// Where has no bool kernel.
// CHECK-NOT: "onnx.Where"
// CHECK: %[[A:.*]] = "onnx.And"(%m, %p) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK: %[[NOT:.*]] = "onnx.Not"(%m)
// CHECK: %[[B:.*]] = "onnx.And"(%[[NOT]], %q)
// CHECK: %where = "onnx.Or"(%[[A]], %[[B]]) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-LABEL: }) {sym_name = "where_of_bools"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%m: tensor<3xi1>, %p: tensor<3xi1>, %q: tensor<3xi1>):
    %where = "aten.where.self"(%m, %p, %q) {arg_names = ["condition", "self", "other"]} : (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
    "ir.return"(%where) : (tensor<3xi1>) -> ()
  }) {sym_name = "where_of_bools"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[TO:.*]] = "onnx.Cast"(%x) {to = f16} : (tensor<3xf32>) -> tensor<3xf16>
// CHECK-NEXT: "ir.return"(%[[TO]])
// CHECK-LABEL: }) {sym_name = "to_dtype"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %to = "aten.to.dtype"(%x) {arg_names = ["self"], dtype = f16} : (tensor<3xf32>) -> tensor<3xf16>
    "ir.return"(%to) : (tensor<3xf16>) -> ()
  }) {sym_name = "to_dtype"} : () -> ()
}) : () -> ()

// -----

// Bitwise ops on integers are ONNX ops from opset 18. Before, they work on
// the bits in int64: the sign bit (x < 0, worth -2^31 for int32) and the low
// bits of x - sign * -2^31, bit k being (low / 2^k) mod 2; and is a product
// of bits, reassembled as the sum of the bits times their worth.
// DEFAULT: %[[AND:.*]] = "onnx.BitwiseAnd"(%i, %j)
// OPSET17: %[[WORTH:.*]] = "ir.constant"() {value = dense<[1, 2, 4, {{.*}}, 1073741824]> : tensor<31xi64>}
// OPSET17: %[[I:.*]] = "onnx.Cast"(%i) {to = i64}
// OPSET17: %[[NEG:.*]] = "onnx.Less"(%[[I]], %{{.*}})
// OPSET17: %[[SIGN_I:.*]] = "onnx.Cast"(%[[NEG]]) {to = i64}
// OPSET17: %[[MIN:.*]] = "ir.constant"() {value = dense<-2147483648> : tensor<i64>}
// OPSET17: %[[S:.*]] = "onnx.Mul"(%[[SIGN_I]], %[[MIN]])
// OPSET17: %[[LOW:.*]] = "onnx.Sub"(%[[I]], %[[S]])
// OPSET17: %[[COL:.*]] = "onnx.Unsqueeze"(%[[LOW]], %{{.*}}) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3x1xi64>
// OPSET17: %[[Q:.*]] = "onnx.Div"(%[[COL]], %[[WORTH]]) : (tensor<3x1xi64>, tensor<31xi64>) -> tensor<3x31xi64>
// OPSET17: %[[BITS_I:.*]] = "onnx.Mod"(%[[Q]], %{{.*}}) {fmod = 0 : i64}
// OPSET17: %[[SIGN_J:.*]] = "onnx.Cast"(%{{.*}}) {to = i64} : (tensor<3xi1>) -> tensor<3xi64>
// OPSET17: %[[BITS_J:.*]] = "onnx.Mod"(%{{.*}}, %{{.*}}) {fmod = 0 : i64}
// OPSET17: %[[BOTH:.*]] = "onnx.Mul"(%[[BITS_I]], %[[BITS_J]]) : (tensor<3x31xi64>, tensor<3x31xi64>) -> tensor<3x31xi64>
// OPSET17: %[[VALUES:.*]] = "onnx.Mul"(%[[BOTH]], %[[WORTH]])
// OPSET17: %[[SUM:.*]] = "onnx.ReduceSum"(%[[VALUES]], %{{.*}}) {keepdims = 0 : i64} : (tensor<3x31xi64>, tensor<1xi64>) -> tensor<3xi64>
// OPSET17: %[[SIGNS:.*]] = "onnx.Mul"(%[[SIGN_I]], %[[SIGN_J]])
// OPSET17: %[[SIGN_VALUE:.*]] = "onnx.Mul"(%[[SIGNS]], %{{.*}})
// OPSET17: %[[R:.*]] = "onnx.Add"(%[[SUM]], %[[SIGN_VALUE]])
// OPSET17: %[[AND:.*]] = "onnx.Cast"(%[[R]]) {to = i32} : (tensor<3xi64>) -> tensor<3xi32>
// CHECK-NEXT: "ir.return"(%[[AND]])
// CHECK-LABEL: }) {sym_name = "bitwise_and"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>, %j: tensor<3xi32>):
    %and = "aten.bitwise_and.Tensor"(%i, %j) {arg_names = ["self", "other"]} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32> loc(fused<{stack_trace = "File \22model.py\22, line 7, in forward\0A    return x & y"}>["and"])
    "ir.return"(%and) : (tensor<3xi32>) -> ()
  }) {sym_name = "bitwise_and"} : () -> ()
}) : () -> ()

// -----

// ~x is -1 - x.
// DEFAULT: %[[NOT:.*]] = "onnx.BitwiseNot"(%i)
// OPSET17: %[[X:.*]] = "onnx.Cast"(%i) {to = i64}
// OPSET17: %[[D:.*]] = "onnx.Sub"(%{{.*}}, %[[X]]) : (tensor<i64>, tensor<3xi64>) -> tensor<3xi64>
// OPSET17: %[[NOT:.*]] = "onnx.Cast"(%[[D]]) {to = i32}
// CHECK-NEXT: "ir.return"(%[[NOT]])
// CHECK-LABEL: }) {sym_name = "bitwise_not"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>):
    %not = "aten.bitwise_not.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<3xi32>
    "ir.return"(%not) : (tensor<3xi32>) -> ()
  }) {sym_name = "bitwise_not"} : () -> ()
}) : () -> ()

// -----

// addcmul: self + value * t1 * t2.
// CHECK: %[[P:.*]] = "onnx.Mul"(%x, %y)
// CHECK: %[[V:.*]] = "onnx.Mul"(%{{.*}}, %[[P]])
// CHECK: %[[ADDCMUL:.*]] = "onnx.Add"(%x, %[[V]]) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: "ir.return"(%[[ADDCMUL]])
// CHECK-LABEL: }) {sym_name = "addcmul"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %addcmul = "aten.addcmul.default"(%x, %x, %y) {arg_names = ["self", "tensor1", "tensor2"], value = 0.5 : f64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%addcmul) : (tensor<3xf32>) -> ()
  }) {sym_name = "addcmul"} : () -> ()
}) : () -> ()

// -----

// lerp: self + weight * (end - self).
// CHECK: %[[D:.*]] = "onnx.Sub"(%y, %x)
// CHECK: %[[LERP:.*]] = "onnx.Add"(%x, %{{.*}})
// CHECK-NEXT: "ir.return"(%[[LERP]])
// CHECK-LABEL: }) {sym_name = "lerp"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %lerp = "aten.lerp.Scalar"(%x, %y) {arg_names = ["self", "end"], weight = 0.25 : f64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%lerp) : (tensor<3xf32>) -> ()
  }) {sym_name = "lerp"} : () -> ()
}) : () -> ()

// -----

// nan_to_num: NaN to 0, +-inf to the float32 extremes.
// CHECK: "onnx.IsNaN"(%x)
// CHECK: "onnx.IsInf"(%x) {detect_negative = 0 : i64}
// CHECK: %nan_to_num = "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: "ir.return"(%nan_to_num)
// CHECK-LABEL: }) {sym_name = "nan_to_num"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %nan_to_num = "aten.nan_to_num.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%nan_to_num) : (tensor<3xf32>) -> ()
  }) {sym_name = "nan_to_num"} : () -> ()
}) : () -> ()

// -----

// copysign: |self| in the float result dtype times -1 where `other` has its
// sign bit set (other < 0, or -0.0, whose reciprocal is -inf), else 1.
// CHECK: %[[X:.*]] = "onnx.Cast"(%i) {to = f32} : (tensor<3xi64>) -> tensor<3xf32>
// CHECK: %[[ABS:.*]] = "onnx.Abs"(%[[X]])
// CHECK: %[[ONE:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>}
// CHECK: %[[MINUS:.*]] = "ir.constant"() {value = dense<"0x000080BF"> : tensor<f32>}
// CHECK: %[[LT:.*]] = "onnx.Less"(%x, %[[ZERO:[0-9]+]])
// CHECK: %[[R:.*]] = "onnx.Reciprocal"(%x)
// CHECK: %[[RLT:.*]] = "onnx.Less"(%[[R]], %[[ZERO]])
// CHECK: %[[SIGNBIT:.*]] = "onnx.Or"(%[[LT]], %[[RLT]])
// CHECK: %[[SIGN:.*]] = "onnx.Where"(%[[SIGNBIT]], %[[MINUS]], %[[ONE]])
// CHECK: %copysign = "onnx.Mul"(%[[ABS]], %[[SIGN]]) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "copysign"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %i: tensor<3xi64>):
    %copysign = "aten.copysign.Tensor"(%i, %x) {arg_names = ["self", "other"]} : (tensor<3xi64>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%copysign) : (tensor<3xf32>) -> ()
  }) {sym_name = "copysign"} : () -> ()
}) : () -> ()

// -----

// copysign with a number: its sign bit is known (-0.0 has it).
// CHECK: %[[ABS:.*]] = "onnx.Abs"(%x)
// CHECK-NEXT: %copysign = "onnx.Neg"(%[[ABS]])
// CHECK-LABEL: }) {sym_name = "copysign_scalar"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %copysign = "aten.copysign.Scalar"(%x) {arg_names = ["self"], other = -0.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%copysign) : (tensor<3xf32>) -> ()
  }) {sym_name = "copysign_scalar"} : () -> ()
}) : () -> ()

// -----

// signbit: true for negative numbers and -0.0.
// CHECK: %[[LT:.*]] = "onnx.Less"(%x, %{{.*}})
// CHECK: %[[R:.*]] = "onnx.Reciprocal"(%x)
// CHECK: %[[RLT:.*]] = "onnx.Less"(%[[R]], %{{.*}})
// CHECK: %signbit = "onnx.Or"(%[[LT]], %[[RLT]]) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-LABEL: }) {sym_name = "signbit"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %signbit = "aten.signbit.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xi1>
    "ir.return"(%signbit) : (tensor<3xi1>) -> ()
  }) {sym_name = "signbit"} : () -> ()
}) : () -> ()

// -----

// heaviside: `values` where self is 0, else self > 0.
// CHECK: %[[GT:.*]] = "onnx.Greater"(%x, %{{.*}})
// CHECK: %[[STEP:.*]] = "onnx.Cast"(%[[GT]]) {to = f32}
// CHECK: %[[EQ:.*]] = "onnx.Equal"(%x, %{{.*}})
// CHECK: %[[NE:.*]] = "onnx.Not"(%[[EQ]])
// CHECK: %heaviside = "onnx.Where"(%[[NE]], %[[STEP]], %v) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "heaviside"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %v: tensor<3xf32>):
    %heaviside = "aten.heaviside.default"(%x, %v) {arg_names = ["self", "values"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%heaviside) : (tensor<3xf32>) -> ()
  }) {sym_name = "heaviside"} : () -> ()
}) : () -> ()

// -----

// isposinf is IsInf of one sign; an integer tensor has no infinities.
// CHECK: %pos = "onnx.IsInf"(%x) {detect_negative = 0 : i64} : (tensor<3xf32>) -> tensor<3xi1>
// CHECK: %[[FALSE:.*]] = "ir.constant"() {value = dense<false> : tensor<i1>}
// CHECK: %neg = "onnx.Expand"(%[[FALSE]], %{{.*}}) : (tensor<i1>, tensor<1xi64>) -> tensor<3xi1>
// CHECK-LABEL: }) {sym_name = "isposinf_isneginf"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %i: tensor<3xi32>):
    %pos = "aten.isposinf.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xi1>
    %neg = "aten.isneginf.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<3xi1>
    "ir.return"(%pos, %neg) : (tensor<3xi1>, tensor<3xi1>) -> ()
  }) {sym_name = "isposinf_isneginf"} : () -> ()
}) : () -> ()

// -----

// ldexp: 2 ** other in float32 for an integer exponent, as torch computes
// it, times self in the result dtype.
// CHECK: %[[E:.*]] = "onnx.Cast"(%e) {to = f32} : (tensor<3xi32>) -> tensor<3xf32>
// CHECK: %[[TWO:.*]] = "ir.constant"() {value = dense<"0x00000040"> : tensor<f32>}
// CHECK: %[[P:.*]] = "onnx.Pow"(%[[TWO]], %[[E]])
// CHECK: %[[PD:.*]] = "onnx.Cast"(%[[P]]) {to = f64}
// CHECK: %ldexp = "onnx.Mul"(%x, %[[PD]]) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
// CHECK-LABEL: }) {sym_name = "ldexp"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>, %e: tensor<3xi32>):
    %ldexp = "aten.ldexp.Tensor"(%x, %e) {arg_names = ["self", "other"]} : (tensor<3xf64>, tensor<3xi32>) -> tensor<3xf64>
    "ir.return"(%ldexp) : (tensor<3xf64>) -> ()
  }) {sym_name = "ldexp"} : () -> ()
}) : () -> ()

// -----

// logaddexp: max + log1p(exp(-|x - y|)), log1p as Kahan's x * log(u) / (u - 1)
// (x where u is 1); x itself where both are the same infinity.
// CHECK: %[[D:.*]] = "onnx.Sub"(%x, %y)
// CHECK: %[[A:.*]] = "onnx.Abs"(%[[D]])
// CHECK: %[[N:.*]] = "onnx.Neg"(%[[A]])
// CHECK: %[[E:.*]] = "onnx.Exp"(%[[N]])
// CHECK: %[[U:.*]] = "onnx.Add"(%[[E]], %[[ONE:[0-9]+]])
// CHECK: %[[LOG:.*]] = "onnx.Log"(%[[U]])
// CHECK: %[[NUM:.*]] = "onnx.Mul"(%[[E]], %[[LOG]])
// CHECK: %[[UM1:.*]] = "onnx.Sub"(%[[U]], %[[ONE]])
// CHECK: %[[Q:.*]] = "onnx.Div"(%[[NUM]], %[[UM1]])
// CHECK: %[[UINF:.*]] = "onnx.Equal"(%[[U]], %{{.*}})
// CHECK: %[[Q2:.*]] = "onnx.Where"(%[[UINF]], %[[U]], %[[Q]])
// CHECK: %[[U1:.*]] = "onnx.Equal"(%[[U]], %[[ONE]])
// CHECK: %[[UNOT1:.*]] = "onnx.Not"(%[[U1]])
// CHECK: %[[L1P:.*]] = "onnx.Where"(%[[UNOT1]], %[[Q2]], %[[E]])
// CHECK: %[[M:.*]] = "onnx.Max"(%x, %y)
// CHECK: %[[SUM:.*]] = "onnx.Add"(%[[M]], %[[L1P]])
// CHECK: %[[SAME:.*]] = "onnx.Equal"(%x, %y)
// CHECK: %[[INF:.*]] = "onnx.IsInf"(%x)
// CHECK: %[[BOTH:.*]] = "onnx.And"(%[[INF]], %[[SAME]])
// CHECK: %logaddexp = "onnx.Where"(%[[BOTH]], %x, %[[SUM]]) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "logaddexp"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %logaddexp = "aten.logaddexp.default"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%logaddexp) : (tensor<3xf32>) -> ()
  }) {sym_name = "logaddexp"} : () -> ()
}) : () -> ()

// -----

// deg2rad: times pi / 180 rounded to float32, the result dtype.
// CHECK: %[[X:.*]] = "onnx.Cast"(%i) {to = f32}
// CHECK: %[[K:.*]] = "ir.constant"() {value = dense<"0x35FA8E3C"> : tensor<f32>}
// CHECK: %deg2rad = "onnx.Mul"(%[[X]], %[[K]]) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "deg2rad"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi64>):
    %deg2rad = "aten.deg2rad.default"(%i) {arg_names = ["self"]} : (tensor<3xi64>) -> tensor<3xf32>
    "ir.return"(%deg2rad) : (tensor<3xf32>) -> ()
  }) {sym_name = "deg2rad"} : () -> ()
}) : () -> ()

// -----

// sgn of a complex tensor (real pairs): z / |z|, 0 where |z| is 0.
// CHECK: %[[M:.*]] = "onnx.ReduceL2"(%z{{.*}}keepdims = 1 : i64} : (tensor<3x2xf32>{{.*}}) -> tensor<3x1xf32>
// CHECK: %[[Q:.*]] = "onnx.Div"(%z, %[[M]])
// CHECK: %[[Z:.*]] = "onnx.Equal"(%[[M]], %[[ZERO:[0-9]+]])
// CHECK: %sgn = "onnx.Where"(%[[Z]], %[[ZERO]], %[[Q]]) : (tensor<3x1xi1>, tensor<f32>, tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-LABEL: }) {sym_name = "sgn_complex"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%z: tensor<3xcomplex<f32>>):
    %sgn = "aten.sgn.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    "ir.return"(%sgn) : (tensor<3xcomplex<f32>>) -> ()
  }) {sym_name = "sgn_complex"} : () -> ()
}) : () -> ()

// -----

// angle of a real tensor: pi where negative, else 0; NaN stays NaN.
// CHECK: %[[ZERO:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>}
// CHECK: %[[PI:.*]] = "ir.constant"() {value = dense<"0xDB0F4940"> : tensor<f32>}
// CHECK: %[[LT:.*]] = "onnx.Less"(%x, %{{.*}})
// CHECK: %[[A:.*]] = "onnx.Where"(%[[LT]], %[[PI]], %[[ZERO]])
// CHECK: %[[NAN:.*]] = "onnx.IsNaN"(%x)
// CHECK: %angle = "onnx.Where"(%[[NAN]], %x, %[[A]]) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "angle"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %angle = "aten.angle.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%angle) : (tensor<3xf32>) -> ()
  }) {sym_name = "angle"} : () -> ()
}) : () -> ()

// -----

// sign of floats is torch's (x > 0) - (x < 0): 0 for NaN and -0.0; ONNX
// Sign keeps NaN, which the Where replaces by 0.
// CHECK: %[[S:.*]] = "onnx.Sign"(%x)
// CHECK: %[[NAN:.*]] = "onnx.IsNaN"(%x)
// CHECK: %sign = "onnx.Where"(%[[NAN]], %{{.*}}, %[[S]]) : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: %sgn = "onnx.Sign"(%i) : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-LABEL: }) {sym_name = "sign"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %i: tensor<3xi32>):
    %sign = "aten.sign.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    %sgn = "aten.sgn.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<3xi32>
    "ir.return"(%sign, %sgn) : (tensor<3xf32>, tensor<3xi32>) -> ()
  }) {sym_name = "sign"} : () -> ()
}) : () -> ()

// -----

// frexp in float64: e = floor(log2 |x|), corrected both ways by comparing
// 2^e and 2^(e + 1) with |x|; mantissa x / 2^e / 2, exponent e + 1 (int32);
// zeros, infinities and NaN divide by 1 with exponent 0.
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f64}
// CHECK: %[[A:.*]] = "onnx.Abs"(%[[X]])
// CHECK: %[[LOG:.*]] = "onnx.Log"(%[[A]])
// CHECK: %[[FLOOR:.*]] = "onnx.Floor"
// CHECK: %[[P:.*]] = "onnx.Pow"(%{{.*}}, %[[FLOOR]])
// CHECK: "onnx.Greater"(%[[P]], %[[A]])
// CHECK: "onnx.LessOrEqual"(%{{.*}}, %[[A]])
// CHECK: %[[Q:.*]] = "onnx.Div"(%[[X]], %{{.*}})
// CHECK: %[[M:.*]] = "onnx.Mul"(%[[Q]], %{{.*}})
// CHECK: %[[E:.*]] = "onnx.Where"
// CHECK: %m = "onnx.Cast"(%[[M]]) {to = f32} : (tensor<3xf64>) -> tensor<3xf32>
// CHECK: %e = "onnx.Cast"(%[[E]]) {to = i32} : (tensor<3xf64>) -> tensor<3xi32>
// CHECK-LABEL: }) {sym_name = "frexp"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %m, %e = "aten.frexp.Tensor"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xi32>)
    "ir.return"(%m, %e) : (tensor<3xf32>, tensor<3xi32>) -> ()
  }) {sym_name = "frexp"} : () -> ()
}) : () -> ()

// -----

// nextafter in float64: self plus or minus 2^(max(e, -126) - 23) for
// float32, the smallest subnormal 2^-149 from zero, the largest float from
// an infinity; other where equal, NaN where either is.
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f64}
// CHECK: %[[Y:.*]] = "onnx.Cast"(%y) {to = f64}
// CHECK: "onnx.Less"(%[[X]], %[[Y]])
// CHECK: "ir.constant"() {value = dense<"0x0000000000805FC0"> : tensor<f64>}
// CHECK: "ir.constant"() {value = dense<"0x000000000000A036"> : tensor<f64>}
// CHECK: "ir.constant"() {value = dense<"0x000000E0FFFFEF47"> : tensor<f64>}
// CHECK: %[[XNAN:.*]] = "onnx.IsNaN"(%[[X]])
// CHECK-NEXT: %[[NAN:.*]] = "onnx.Or"(%[[XNAN]], %{{.*}})
// CHECK-NEXT: %[[SUM:.*]] = "onnx.Add"(%[[X]], %[[Y]])
// CHECK-NEXT: %[[R:.*]] = "onnx.Where"(%[[NAN]], %[[SUM]], %{{.*}})
// CHECK-NEXT: %nextafter = "onnx.Cast"(%[[R]]) {to = f32} : (tensor<3xf64>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "nextafter"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %nextafter = "aten.nextafter.default"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%nextafter) : (tensor<3xf32>) -> ()
  }) {sym_name = "nextafter"} : () -> ()
}) : () -> ()

// -----

// atan2 as C's: the angle of (x, |y|), atan(|y| / x) plus pi where x has its
// sign bit set (1 / tanh(x) < 0), times the sign of y (the Sign of
// 1 / tanh(y)); where |y| / x is NaN of numbers (both zero, both infinite)
// the quotient is tanh(x).
// CHECK: %[[TX:.*]] = "onnx.Tanh"(%x)
// CHECK: %[[ABSY:.*]] = "onnx.Abs"(%y)
// CHECK: %[[Q:.*]] = "onnx.Div"(%[[ABSY]], %x)
// CHECK: %[[QNAN:.*]] = "onnx.IsNaN"(%[[Q]])
// CHECK: %[[NUMBERS:.*]] = "onnx.Where"(%[[QNAN]], %[[TX]], %[[Q]])
// CHECK: %[[A:.*]] = "onnx.Atan"(%[[NUMBERS]])
// CHECK: %[[RX:.*]] = "onnx.Reciprocal"(%[[TX]])
// CHECK: %[[XNEG:.*]] = "onnx.Less"(%[[RX]], %{{.*}})
// CHECK: %[[PI:.*]] = "ir.constant"() {value = dense<"0xDB0F4940"> : tensor<f32>}
// CHECK: %[[TURN:.*]] = "onnx.Add"(%[[A]], %[[PI]])
// CHECK: %[[UPPER:.*]] = "onnx.Where"(%[[XNEG]], %[[TURN]], %[[A]])
// CHECK: %[[TY:.*]] = "onnx.Tanh"(%y)
// CHECK: %[[RY:.*]] = "onnx.Reciprocal"(%[[TY]])
// CHECK: %[[YSIGN:.*]] = "onnx.Sign"(%[[RY]])
// CHECK: %atan2 = "onnx.Mul"(%[[UPPER]], %[[YSIGN]]) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "atan2"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<3xf32>, %x: tensor<3xf32>):
    %atan2 = "aten.atan2.default"(%y, %x) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%atan2) : (tensor<3xf32>) -> ()
  }) {sym_name = "atan2"} : () -> ()
}) : () -> ()

// -----

// float64 atan: float32's Atan refined by a Newton step on sin t - z cos t
// (ONNX Runtime has no float64 Atan or Cos); +-pi / 2 for infinities.
// CHECK: %[[Z32:.*]] = "onnx.Cast"(%z) {to = f32}
// CHECK: %[[A32:.*]] = "onnx.Atan"(%[[Z32]])
// CHECK: %[[T:.*]] = "onnx.Cast"(%[[A32]]) {to = f64}
// CHECK: %[[SIN:.*]] = "onnx.Sin"(%[[T]])
// CHECK: %[[SHIFT:.*]] = "onnx.Add"(%[[T]], %{{.*}})
// CHECK: %[[COS:.*]] = "onnx.Sin"(%[[SHIFT]])
// CHECK: %[[REFINED:.*]] = "onnx.Sub"(%[[T]], %{{.*}})
// CHECK: %[[INF:.*]] = "onnx.IsInf"(%z)
// CHECK: %atan = "onnx.Where"(%[[INF]], %{{.*}}, %[[REFINED]]) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
// CHECK-LABEL: }) {sym_name = "atan_f64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%z: tensor<3xf64>):
    %atan = "aten.atan.default"(%z) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%atan) : (tensor<3xf64>) -> ()
  }) {sym_name = "atan_f64"} : () -> ()
}) : () -> ()

// -----

// angle of a complex tensor (real pairs): atan2(imag, real).
// CHECK: %[[IM:.*]] = "onnx.Gather"(%z, %{{.*}}) {axis = 1 : i64} : (tensor<3x2xf32>, tensor<i64>) -> tensor<3xf32>
// CHECK: %[[RE:.*]] = "onnx.Gather"(%z, %{{.*}}) {axis = 1 : i64} : (tensor<3x2xf32>, tensor<i64>) -> tensor<3xf32>
// CHECK: "onnx.Div"(%{{.*}}, %{{.*}}) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: %angle = "onnx.Mul"({{.*}}) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "angle_complex"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%z: tensor<3xcomplex<f32>>):
    %angle = "aten.angle.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
    "ir.return"(%angle) : (tensor<3xf32>) -> ()
  }) {sym_name = "angle_complex"} : () -> ()
}) : () -> ()

// -----

// log1p and expm1 keep small x (Kahan): x * log(u) / (u - 1) with u = 1 + x,
// and (u - 1) * x / log(u) with u = exp(x); x itself where u is 1.
// CHECK: %[[U:.*]] = "onnx.Add"(%x, %[[ONE:[0-9]+]])
// CHECK: %[[L:.*]] = "onnx.Log"(%[[U]])
// CHECK: %[[N:.*]] = "onnx.Mul"(%x, %[[L]])
// CHECK: %[[D:.*]] = "onnx.Sub"(%[[U]], %[[ONE]])
// CHECK: %[[Q:.*]] = "onnx.Div"(%[[N]], %[[D]])
// CHECK: %[[IS1:.*]] = "onnx.Equal"(%[[U]], %[[ONE]])
// CHECK: %[[NOT1:.*]] = "onnx.Not"(%[[IS1]])
// CHECK: %log1p = "onnx.Where"(%[[NOT1]], %{{.*}}, %x) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[E:.*]] = "onnx.Exp"(%x)
// CHECK: %[[EM1:.*]] = "onnx.Sub"(%[[E]], %{{.*}})
// CHECK: %[[EN:.*]] = "onnx.Mul"(%[[EM1]], %x)
// CHECK: %[[EL:.*]] = "onnx.Log"(%[[E]])
// CHECK: "onnx.Div"(%[[EN]], %[[EL]])
// CHECK: %expm1 = "onnx.Where"(%{{.*}}, %{{.*}}, %x) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "log1p_expm1"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %log1p = "aten.log1p.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    %expm1 = "aten.expm1.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%log1p, %expm1) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "log1p_expm1"} : () -> ()
}) : () -> ()
