// RUN: %pt2onnx-opt %s --passes=canonicalize --verify | FileCheck %s

// A bool mask cast to a number and scaled by a splat constant selects the
// constant or zero: Cast(b) * c -> Where(b, c, 0 * c). The zero carries c's
// sign (0 * -2.5 is -0.0); an infinite c stays a Mul, since 0 * inf is NaN.

// CHECK-LABEL: "ir.graph"
// CHECK-NEXT: ^bb0(%b: tensor<2x3xi1>, %x: tensor<2x3xf32>, %n: tensor<2x3xi64>):
// CHECK: %[[ZI:.*]] = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
// CHECK: %scaled_i = "onnx.Where"(%b, %sixteen, %[[ZI]]) : (tensor<2x3xi1>, tensor<i64>, tensor<i64>) -> tensor<2x3xi64>
// CHECK: %[[ZF:.*]] = "ir.constant"() {value = dense<"0x00000080"> : tensor<3xf32>} : () -> tensor<3xf32>
// CHECK: %scaled_f = "onnx.Where"(%b, %neg_row, %[[ZF]]) : (tensor<2x3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// What stays: an infinite constant, a cast used elsewhere, a cast of a
// non-bool, a non-constant factor.
// CHECK: %scaled_inf = "onnx.Mul"(%mask_inf, %inf)
// CHECK: %scaled_shared = "onnx.Mul"(%mask_shared, %sixteen_f)
// CHECK: %scaled_x = "onnx.Mul"(%from_int, %sixteen_f)
// CHECK: %scaled_by_x = "onnx.Mul"(%mask_x, %x)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>, %x: tensor<2x3xf32>, %n: tensor<2x3xi64>):
    %sixteen = "ir.constant"() {value = dense<16> : tensor<i64>} : () -> tensor<i64>
    %mask_i = "onnx.Cast"(%b) {to = i64} : (tensor<2x3xi1>) -> tensor<2x3xi64>
    %scaled_i = "onnx.Mul"(%mask_i, %sixteen) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    %neg_row = "ir.constant"() {value = dense<"0x000020C0000020C0000020C0"> : tensor<3xf32>} : () -> tensor<3xf32>
    %mask_f = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %scaled_f = "onnx.Mul"(%neg_row, %mask_f) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %inf = "ir.constant"() {value = dense<"0x0000807F"> : tensor<f32>} : () -> tensor<f32>
    %mask_inf = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %scaled_inf = "onnx.Mul"(%mask_inf, %inf) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %sixteen_f = "ir.constant"() {value = dense<"0x00008041"> : tensor<f32>} : () -> tensor<f32>
    %mask_shared = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %scaled_shared = "onnx.Mul"(%mask_shared, %sixteen_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %from_int = "onnx.Cast"(%n) {to = f32} : (tensor<2x3xi64>) -> tensor<2x3xf32>
    %scaled_x = "onnx.Mul"(%from_int, %sixteen_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %mask_x = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    %scaled_by_x = "onnx.Mul"(%mask_x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%scaled_i, %scaled_f, %scaled_inf, %scaled_shared, %mask_shared, %scaled_x, %scaled_by_x) : (tensor<2x3xi64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
