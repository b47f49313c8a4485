// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// select-by-mask: a bool mask cast to a number and scaled by a splat
// constant selects the constant or zero: Cast(b) * c -> Where(b, c, 0 * c).
// The zero carries c's sign (0 * -2.5 is -0.0).

// CHECK: %[[ZI:.*]] = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
// CHECK-NEXT: %scaled = "onnx.Where"(%b, %sixteen, %[[ZI]]) : (tensor<2x3xi1>, tensor<i64>, tensor<i64>) -> tensor<2x3xi64>
// CHECK-NEXT: "ir.return"(%scaled)
// CHECK-LABEL: }) {sym_name = "integer"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>):
    %sixteen = "ir.constant"() {value = dense<16> : tensor<i64>} : () -> tensor<i64>
    %mask = "onnx.Cast"(%b) {to = i64} : (tensor<2x3xi1>) -> tensor<2x3xi64>
    %scaled = "onnx.Mul"(%mask, %sixteen) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    "ir.return"(%scaled) : (tensor<2x3xi64>) -> ()
  }) {sym_name = "integer"} : () -> ()
}) : () -> ()

// -----

// The constant on the left, negative: the zeros are -0.0.
// CHECK: %[[ZF:.*]] = "ir.constant"() {value = dense<"0x00000080"> : tensor<3xf32>} : () -> tensor<3xf32>
// CHECK-NEXT: %scaled = "onnx.Where"(%b, %neg_row, %[[ZF]]) : (tensor<2x3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "negative_float_on_the_left"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>):
    %neg_row = "ir.constant"() {value = dense<"0x000020C0000020C0000020C0"> : tensor<3xf32>} : () -> tensor<3xf32>
    %mask = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %scaled = "onnx.Mul"(%neg_row, %mask) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%scaled) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "negative_float_on_the_left"} : () -> ()
}) : () -> ()

// -----

// Refused: 0 * inf is NaN, not zero.
// CHECK: %scaled = "onnx.Mul"(%mask, %inf)
// CHECK-LABEL: }) {sym_name = "infinite"}
// TRACE: pattern select-by-mask on onnx.Mul %scaled: 0 times the factor is not zero (infinite or NaN)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>):
    %inf = "ir.constant"() {value = dense<"0x0000807F"> : tensor<f32>} : () -> tensor<f32>
    %mask = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %scaled = "onnx.Mul"(%mask, %inf) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%scaled) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "infinite"} : () -> ()
}) : () -> ()

// -----

// Refused: the cast mask is also returned, so the Cast would stay.
// CHECK: %scaled = "onnx.Mul"(%mask, %sixteen)
// CHECK-LABEL: }) {sym_name = "shared_cast"}
// TRACE: pattern select-by-mask on onnx.Mul %scaled: the Cast of operand 0 has other uses
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>):
    %sixteen = "ir.constant"() {value = dense<"0x00008041"> : tensor<f32>} : () -> tensor<f32>
    %mask = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %scaled = "onnx.Mul"(%mask, %sixteen) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%scaled, %mask) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "shared_cast"} : () -> ()
}) : () -> ()

// -----

// Refused: a cast of a number, not of a bool.
// CHECK: %scaled = "onnx.Mul"(%from_int, %sixteen)
// CHECK-LABEL: }) {sym_name = "cast_of_a_number"}
// TRACE: pattern select-by-mask on onnx.Mul %scaled: the Cast of operand 0 is not of a bool
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%n: tensor<2x3xi64>):
    %sixteen = "ir.constant"() {value = dense<"0x00008041"> : tensor<f32>} : () -> tensor<f32>
    %from_int = "onnx.Cast"(%n) {to = f32} : (tensor<2x3xi64>) -> tensor<2x3xf32>
    %scaled = "onnx.Mul"(%from_int, %sixteen) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%scaled) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "cast_of_a_number"} : () -> ()
}) : () -> ()

// -----

// Refused: a factor that is not constant.
// CHECK: %by_x = "onnx.Mul"(%mask, %x)
// CHECK-LABEL: }) {sym_name = "factor_not_constant"}
// TRACE: pattern select-by-mask on onnx.Mul %by_x: the factor is not a splat `ir.constant`
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>, %x: tensor<2x3xf32>):
    %mask = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %by_x = "onnx.Mul"(%mask, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%by_x) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "factor_not_constant"} : () -> ()
}) : () -> ()
