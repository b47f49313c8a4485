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
