// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// n is truncated in the compute dtype, -1 where not finite. The recurrence
// T_{j+1} = 2x T_j - T_{j-1} is a Loop run max(n) - 1 times over the elements
// that need it (not at the ends, not in the trigonometric range, n >= 2),
// carrying (T_{j-1}, T_j) of the result's shape; each element stops at its
// own n, and the Loop once every element left is NaN. The special cases are
// selected around it, n < 0 last.
// CHECK: %[[NF:.*]] = "onnx.Cast"(%n) {to = f32} : (tensor<4xi64>) -> tensor<4xf32>
// CHECK: "onnx.Floor"(%[[NF]])
// CHECK: "onnx.IsInf"
// CHECK: %[[N:.*]] = "onnx.Where"
// CHECK: %[[TWOX:.*]] = "onnx.Add"(%x, %x)
// acos(x) is 2 asin(sqrt((1 - |x|)/2)) (or pi minus it), asin from float32
// Asin and a Newton step in float64, for the correctly rounded acos.
// CHECK: %[[WIDE:.*]] = "onnx.Cast"(%x) {to = f64}
// CHECK: "onnx.Abs"(%[[WIDE]])
// CHECK: "onnx.Asin"(%{{.*}}) : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: "onnx.Sin"(%{{.*}}) : (tensor<3x4xf64>) -> tensor<3x4xf64>
// CHECK: %[[TRIG:.*]] = "onnx.Cos"
// CHECK: %[[ACTIVE:.*]] = "onnx.And"(%{{.*}}, %{{.*}}) : (tensor<3x4xi1>, tensor<4xi1>) -> tensor<3x4xi1>
// CHECK: %[[Q0:.*]] = "onnx.Where"(%[[ACTIVE]], %x, %x) : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: %[[P0:.*]] = "onnx.Expand"
// CHECK: %[[MAXN:.*]] = "onnx.ReduceMax"(%{{.*}}) {keepdims = 0 : i64} : (tensor<3x4xf32>) -> tensor<f32>
// CHECK: %[[STEPS:.*]] = "onnx.Cast"(%{{.*}}) {to = i64} : (tensor<f32>) -> tensor<i64>
// CHECK: %[[LOOP:.*]]:2 = "onnx.Loop"(%[[STEPS]], %{{.*}}, %[[P0]], %[[Q0]]) ({
// CHECK-NEXT: ^bb0(%iteration: tensor<i64>, %condition: tensor<i1>, %p: tensor<3x4xf32>, %q: tensor<3x4xf32>):
// CHECK: %[[PROD:.*]] = "onnx.Mul"(%[[TWOX]], %q)
// CHECK: %[[R:.*]] = "onnx.Sub"(%[[PROD]], %p)
// CHECK: %[[ADVANCE:.*]] = "onnx.Less"(%{{.*}}, %[[N]]) : (tensor<f32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[P:.*]] = "onnx.Where"(%[[ADVANCE]], %q, %p)
// CHECK: %[[Q:.*]] = "onnx.Where"(%[[ADVANCE]], %[[R]], %q)
// CHECK: "onnx.IsNaN"(%[[Q]])
// CHECK: "onnx.ReduceMax"
// CHECK: %[[MORE:.*]] = "onnx.Greater"
// CHECK: "ir.return"(%[[MORE]], %[[P]], %[[Q]])
// CHECK: }) : (tensor<i64>, tensor<i1>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
// CHECK: "onnx.Where"(%{{.*}}, %x, %[[LOOP]]#1)
// CHECK: "onnx.Where"(%{{.*}}, %[[TRIG]], %{{.*}})
// CHECK: %[[NEG:.*]] = "onnx.Less"(%[[N]], %{{.*}})
// CHECK: %t = "onnx.Where"(%[[NEG]], %{{.*}}, %{{.*}}) : (tensor<4xi1>, tensor<f32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-LABEL: }) {sym_name = "chebyshev_t"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %n: tensor<4xi64>):
    %t = "aten.special_chebyshev_polynomial_t.default"(%x, %n) {arg_names = ["x", "n"]} : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<3x4xf32>
    "ir.return"(%t) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "chebyshev_t"} : () -> ()
}) : () -> ()

// -----

// A Scalar n is a constant; He_{j+1} = x He_j - j He_{j-1} takes j from the
// Loop's iteration number.
// CHECK: "onnx.Loop"
// CHECK: %[[J0:.*]] = "onnx.Cast"(%iteration) {to = f64}
// CHECK: %[[J:.*]] = "onnx.Add"(%[[J0]], %{{.*}})
// CHECK-DAG: %[[JP:.*]] = "onnx.Mul"(%[[J]], %p)
// CHECK-DAG: %[[XQ:.*]] = "onnx.Mul"(%x, %q)
// CHECK: "onnx.Sub"(%[[XQ]], %[[JP]])
// CHECK: %he = "onnx.Where"
// CHECK-LABEL: }) {sym_name = "hermite_he"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xf64>):
    %he = "aten.special_hermite_polynomial_he.n_scalar"(%x) {arg_names = ["x"], n = 3 : i64} : (tensor<5xf64>) -> tensor<5xf64>
    "ir.return"(%he) : (tensor<5xf64>) -> ()
  }) {sym_name = "hermite_he"} : () -> ()
}) : () -> ()
