// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// complex of parts that broadcast: each expanded to the shape of their sum,
// then paired on a new last dim.
// CHECK-LABEL: "ir.graph"
// CHECK: %[[SUM:.*]] = "onnx.Add"(%re, %im) : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: %[[S:.*]] = "onnx.Shape"(%[[SUM]]) : (tensor<3x4xf32>) -> tensor<2xi64>
// CHECK: "onnx.Expand"(%re, %[[S]]) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK: "onnx.Expand"(%im, %[[S]]) : (tensor<4xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK: %complex = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 2 : i64} : (tensor<3x4x1xf32>, tensor<3x4x1xf32>) -> tensor<3x4x2xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%re: tensor<3x1xf32>, %im: tensor<4xf32>):
    %complex = "aten.complex.default"(%re, %im) {arg_names = ["real", "imag"]} : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xcomplex<f32>>
    "ir.return"(%complex) : (tensor<3x4xcomplex<f32>>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// polar: abs * cos(angle) and abs * sin(angle), paired.
// CHECK-LABEL: "ir.graph"
// CHECK: %[[C:.*]] = "onnx.Cos"(%angle)
// CHECK: %[[RE:.*]] = "onnx.Mul"(%abs, %[[C]])
// CHECK: %[[S:.*]] = "onnx.Sin"(%angle)
// CHECK: %[[IM:.*]] = "onnx.Mul"(%abs, %[[S]])
// CHECK: %polar = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 1 : i64} : (tensor<5x1xf64>, tensor<5x1xf64>) -> tensor<5x2xf64>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%abs: tensor<5xf64>, %angle: tensor<5xf64>):
    %polar = "aten.polar.default"(%abs, %angle) {arg_names = ["abs", "angle"]} : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xcomplex<f64>>
    "ir.return"(%polar) : (tensor<5xcomplex<f64>>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// view_as_real is a new value (an Identity): its users take real tensors, as
// select does here, while the complex value stays a pair for abs.
// CHECK-LABEL: "ir.graph"
// CHECK: %real = "onnx.Identity"(%x) : (tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK: "onnx.Gather"(%real, %{{.*}}) {axis = 1 : i64}
// CHECK: %abs = "onnx.ReduceL2"(%x, %{{.*}})
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xcomplex<f32>>):
    %real = "aten.view_as_real.default"(%x) {arg_names = ["self"]} : (tensor<4xcomplex<f32>>) -> tensor<4x2xf32>
    %re = "aten.select.int"(%real) {arg_names = ["self"], dim = -1 : i64, index = 0 : i64} : (tensor<4x2xf32>) -> tensor<4xf32>
    %abs = "aten.abs.default"(%x) {arg_names = ["self"]} : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    "ir.return"(%re, %abs) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
