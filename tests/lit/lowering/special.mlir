// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// xlogy is 0 where self is 0 and NaN where other is NaN, in the result dtype.
// CHECK: %[[LOG:.*]] = "onnx.Log"(%y) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[PRODUCT:.*]] = "onnx.Mul"(%x, %[[LOG]])
// CHECK: %[[ZERO:.*]] = "onnx.Where"(%{{.*}}, %{{.*}}, %[[PRODUCT]])
// CHECK: %[[NAN:.*]] = "onnx.IsNaN"(%y)
// CHECK: %xlogy = "onnx.Where"(%[[NAN]], %{{.*}}, %[[ZERO]]) : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "xlogy"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %xlogy = "aten.xlogy.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%xlogy) : (tensor<3xf32>) -> ()
  }) {sym_name = "xlogy"} : () -> ()
}) : () -> ()

// -----

// The gamma family computes in float64 and rounds once at the end; an
// integer input gives float32, as in torch.
// CHECK: %[[X:.*]] = "onnx.Cast"(%i) {to = f64} : (tensor<3xi64>) -> tensor<3xf64>
// CHECK: "onnx.Sin"
// CHECK: %lgamma = "onnx.Cast"(%{{.*}}) {to = f32} : (tensor<3xf64>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "lgamma_of_integers"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi64>):
    %lgamma = "aten.lgamma.default"(%i) {arg_names = ["self"]} : (tensor<3xi64>) -> tensor<3xf32>
    "ir.return"(%lgamma) : (tensor<3xf32>) -> ()
  }) {sym_name = "lgamma_of_integers"} : () -> ()
}) : () -> ()

// -----

// mvlgamma is one lgamma over a trailing dim of p shifts x - j/2, summed away.
// CHECK: %[[U:.*]] = "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<2x?xf64, "s0">, tensor<1xi64>) -> tensor<2x?x1xf64, "s0">
// CHECK: "onnx.Sub"(%[[U]], %{{.*}}) : (tensor<2x?x1xf64, "s0">, tensor<3xf64>) -> tensor<2x?x3xf64, "s0">
// CHECK: "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<2x?x3xf64, "s0">, tensor<1xi64>) -> tensor<2x?xf64, "s0">
// CHECK: %mvlgamma = "onnx.Cast"(%{{.*}}) {to = f32} : (tensor<2x?xf64, "s0">) -> tensor<2x?xf32, "s0">
// CHECK-LABEL: }) {sym_name = "mvlgamma"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?xf32, "s0">):
    %mvlgamma = "aten.mvlgamma.default"(%x) {arg_names = ["self"], p = 3 : i64} : (tensor<2x?xf32, "s0">) -> tensor<2x?xf32, "s0">
    "ir.return"(%mvlgamma) : (tensor<2x?xf32, "s0">) -> ()
  }) {sym_name = "mvlgamma"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 100>}} : () -> ()

// -----

// igamma and igammac compute in float64; torch's edge values come last, the
// NaN of negative arguments taking precedence over the others.
// CHECK-DAG: "onnx.Cast"(%a) {to = f64} : (tensor<4xf32>) -> tensor<4xf64>
// CHECK-DAG: "onnx.Cast"(%x) {to = f64} : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: "onnx.IsInf"
// CHECK: "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4xi1>, tensor<f64>, tensor<4xf64>) -> tensor<4xf64>
// CHECK: %igammac = "onnx.Cast"(%{{.*}}) {to = f32} : (tensor<4xf64>) -> tensor<4xf32>
// CHECK-LABEL: }) {sym_name = "igammac"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<4xf32>, %x: tensor<4xf32>):
    %igammac = "aten.igammac.default"(%a, %x) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%igammac) : (tensor<4xf32>) -> ()
  }) {sym_name = "igammac"} : () -> ()
}) : () -> ()
