// RUN: %pt2onnx-opt %s --passes=canonicalize --verify | FileCheck %s

// Ops that compute their operand go; the result's users use the operand.
// Only exact identities count: x + 0.0 is not x when x is -0.0.

// CHECK-LABEL: "ir.graph"
// CHECK-NEXT: ^bb0(%f: tensor<2x3xf32>, %i: tensor<2x3xi64>, %b: tensor<2x3xi1>, %h: tensor<2x3xf16>):
// Cast(Cast(x)) through a wider type is one Cast; through a narrower one
// (f32 -> f16 rounds) it is not.
// A Cast that changes the type stays.
// CHECK: %from_bool = "onnx.Cast"(%b) {to = f32}
// CHECK: %to_f64 = "onnx.Cast"(%h) {to = f64}
// CHECK: %narrow = "onnx.Cast"(%f) {to = f16}
// CHECK: %back = "onnx.Cast"(%narrow) {to = f32}
// x + (+0.0) and x - (-0.0) stay, and so does x * 1 when 1 broadcasts x up.
// CHECK: %add_pos = "onnx.Add"(%f, %zero_f)
// CHECK: %sub_neg = "onnx.Sub"(%f, %neg_zero_f)
// CHECK: %grow = "onnx.Mul"(%f, %ones_3d)
// CHECK: "ir.return"(%f, %f, %i, %from_bool, %to_f64, %back, %f, %f, %h32, %i, %i, %f, %b, %b, %add_pos, %sub_neg, %grow)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>, %i: tensor<2x3xi64>, %b: tensor<2x3xi1>, %h: tensor<2x3xf16>):
    %id = "onnx.Identity"(%f) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %same_f = "onnx.Cast"(%f) {to = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %wide = "onnx.Cast"(%i) {to = i64} : (tensor<2x3xi64>) -> tensor<2x3xi64>
    %from_bool = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %round_trip = "onnx.Cast"(%h) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
    %to_f64 = "onnx.Cast"(%round_trip) {to = f64} : (tensor<2x3xf32>) -> tensor<2x3xf64>
    %narrow = "onnx.Cast"(%f) {to = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
    %back = "onnx.Cast"(%narrow) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
    %h32 = "onnx.Cast"(%h) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
    %one_f = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>} : () -> tensor<f32>
    %ones_row = "ir.constant"() {value = dense<"0x0000803F0000803F0000803F"> : tensor<3xf32>} : () -> tensor<3xf32>
    %ones_3d = "ir.constant"() {value = dense<"0x0000803F"> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
    %zero_f = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %neg_zero_f = "ir.constant"() {value = dense<"0x00000080"> : tensor<f32>} : () -> tensor<f32>
    %zero_i = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %true = "ir.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
    %empty = "ir.constant"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
    %false = "onnx.ConstantOfShape"(%empty) {value = dense<false> : tensor<1xi1>} : (tensor<0xi64>) -> tensor<i1>
    %mul_one = "onnx.Mul"(%one_f, %f) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %div_one = "onnx.Div"(%f, %ones_row) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %add_neg = "onnx.Add"(%neg_zero_f, %h32) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %add_int = "onnx.Add"(%i, %zero_i) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    %sub_int = "onnx.Sub"(%i, %zero_i) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    %sub_pos = "onnx.Sub"(%f, %zero_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %and_true = "onnx.And"(%true, %b) : (tensor<i1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %or_false = "onnx.Or"(%b, %false) : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
    %add_pos = "onnx.Add"(%f, %zero_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %sub_neg = "onnx.Sub"(%f, %neg_zero_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %grow = "onnx.Mul"(%f, %ones_3d) : (tensor<2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    "ir.return"(%id, %same_f, %wide, %from_bool, %to_f64, %back, %mul_one, %div_one, %add_neg, %add_int, %sub_int, %sub_pos, %and_true, %or_false, %add_pos, %sub_neg, %grow) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>, tensor<2x3xf64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
