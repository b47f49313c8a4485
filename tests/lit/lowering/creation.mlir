// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// linspace with tensor bounds: the bounds read as the result dtype, the step
// (end - start) / (steps - 1) at run time; the first half counts up from
// start, the second down from end.
// CHECK:      %[[E:.*]] = "onnx.Cast"(%e) {to = f32} : (tensor<i64>) -> tensor<f32>
// CHECK:      %[[D:.*]] = "onnx.Sub"(%[[E]], %s)
// CHECK:      %[[STEP:.*]] = "onnx.Div"(%[[D]], %{{.*}})
// CHECK:      %[[I:.*]] = "onnx.Range"
// CHECK:      %[[IF:.*]] = "onnx.Cast"(%[[I]]) {to = f32} : (tensor<4xi64>) -> tensor<4xf32>
// CHECK:      %[[UP:.*]] = "onnx.Mul"(%[[IF]], %[[STEP]])
// CHECK:      %[[FRONT:.*]] = "onnx.Add"(%s, %[[UP]])
// CHECK:      %[[LEFT:.*]] = "onnx.Sub"(%{{.*}}, %[[IF]])
// CHECK:      %[[DOWN:.*]] = "onnx.Mul"(%[[LEFT]], %[[STEP]])
// CHECK:      %[[BACK:.*]] = "onnx.Sub"(%[[E]], %[[DOWN]])
// CHECK:      %[[HALF:.*]] = "onnx.Less"(%[[IF]], %{{.*}})
// CHECK:      %lin = "onnx.Where"(%[[HALF]], %[[FRONT]], %[[BACK]]) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// logspace raises base in float64 to the exponents linspace computes.
// CHECK:      %[[EXP:.*]] = "onnx.Where"
// CHECK-NEXT: %[[EXPD:.*]] = "onnx.Cast"(%[[EXP]]) {to = f64} : (tensor<2xf32>) -> tensor<2xf64>
// CHECK-NEXT: %[[BASE:.*]] = "ir.constant"() {value = dense<"0x0000000000000040"> : tensor<f64>}
// CHECK-NEXT: %[[POW:.*]] = "onnx.Pow"(%[[BASE]], %[[EXPD]])
// CHECK-NEXT: %log = "onnx.Cast"(%[[POW]]) {to = f32} : (tensor<2xf64>) -> tensor<2xf32>
// CHECK-LABEL: }) {sym_name = "linspace_logspace"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<f32>, %e: tensor<i64>):
    %lin = "aten.linspace.Tensor_Tensor"(%s, %e) {arg_names = ["start", "end"], steps = 4 : i64} : (tensor<f32>, tensor<i64>) -> tensor<4xf32>
    %log = "aten.logspace.Tensor_Scalar"(%s) {arg_names = ["start"], end = 3 : i64, steps = 2 : i64, base = 2.0 : f64} : (tensor<f32>) -> tensor<2xf32>
    "ir.return"(%lin, %log) : (tensor<4xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "linspace_logspace"} : () -> ()
}) : () -> ()

// -----

// No steps: an empty constant.
// CHECK: %log = "ir.constant"() {value = dense<> : tensor<0xf32>} : () -> tensor<0xf32>
// CHECK-LABEL: }) {sym_name = "no_steps"}
"ir.module"() ({
  "ir.graph"() ({
    %log = "aten.logspace.default"() {start = 0 : i64, end = -3 : i64, steps = 0 : i64, base = 10.0 : f64} : () -> tensor<0xf32>
    "ir.return"(%log) : (tensor<0xf32>) -> ()
  }) {sym_name = "no_steps"} : () -> ()
}) : () -> ()
