// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// i0: exp(|x|) times a Chebyshev series (Clenshaw's recurrence: Mul, Sub,
// Add per coefficient) in |x|/2 - 2 on |x| <= 8, over sqrt(|x|) in 32/|x| - 2
// beyond; Where picks the range.
// CHECK: %[[ABS:.*]] = "onnx.Abs"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: "onnx.Div"(%[[ABS]], %{{.*}}) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
// CHECK: "onnx.Exp"(%[[ABS]])
// CHECK: "onnx.Sqrt"(%[[ABS]])
// CHECK: %[[SMALL:.*]] = "onnx.LessOrEqual"(%[[ABS]], %{{.*}}) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xi1>
// CHECK: %i0 = "onnx.Where"(%[[SMALL]], %{{.*}}, %{{.*}}) : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: "ir.return"(%i0)
// CHECK-LABEL: }) {sym_name = "i0"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %i0 = "aten.i0.default"(%x) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%i0) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "i0"} : () -> ()
}) : () -> ()

// -----

// An integer input computes in the result dtype (the default float); i1e is
// odd: the value on |x| is negated where x < 0.
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f32} : (tensor<5xi64>) -> tensor<5xf32>
// CHECK-NOT: "onnx.Exp"
// CHECK: %[[NEG:.*]] = "onnx.Less"(%[[X]], %{{.*}})
// CHECK: %i1e = "onnx.Where"(%[[NEG]], %{{.*}}, %{{.*}}) : (tensor<5xi1>, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
// CHECK-LABEL: }) {sym_name = "i1e_int"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xi64>):
    %i1e = "aten.special_i1e.default"(%x) {arg_names = ["self"]} : (tensor<5xi64>) -> tensor<5xf32>
    "ir.return"(%i1e) : (tensor<5xf32>) -> ()
  }) {sym_name = "i1e_int"} : () -> ()
}) : () -> ()

// -----

// k0 is inf at 0 and NaN below, selected last.
// CHECK: "onnx.Log"
// CHECK: %[[NEG:.*]] = "onnx.Less"(%x, %{{.*}})
// CHECK: %[[BELOW:.*]] = "onnx.Where"(%[[NEG]], %{{.*}}, %{{.*}})
// CHECK: %[[ZERO:.*]] = "onnx.Equal"(%x, %{{.*}}) : (tensor<4xf64>, tensor<f64>) -> tensor<4xi1>
// CHECK: %k0 = "onnx.Where"(%[[ZERO]], %{{.*}}, %[[BELOW]]) : (tensor<4xi1>, tensor<f64>, tensor<4xf64>) -> tensor<4xf64>
// CHECK-LABEL: }) {sym_name = "k0"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf64>):
    %k0 = "aten.special_modified_bessel_k0.default"(%x) {arg_names = ["self"]} : (tensor<4xf64>) -> tensor<4xf64>
    "ir.return"(%k0) : (tensor<4xf64>) -> ()
  }) {sym_name = "k0"} : () -> ()
}) : () -> ()

// -----

// y0: a rational function plus (2/pi) log(x) J0(x) on x <= 5, the Hankel
// form (Sin, Cos of x - pi/4) beyond.
// CHECK-DAG: "onnx.Log"(%x)
// CHECK-DAG: "onnx.Sin"
// CHECK-DAG: "onnx.Cos"
// CHECK: %y0 = "onnx.Where"
// CHECK-LABEL: }) {sym_name = "y0"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y0 = "aten.special_bessel_y0.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%y0) : (tensor<4xf32>) -> ()
  }) {sym_name = "y0"} : () -> ()
}) : () -> ()

// -----

// airy_ai: NaN at infinities, selected last.
// CHECK: %[[INF:.*]] = "onnx.IsInf"(%x)
// CHECK: %airy = "onnx.Where"(%[[INF]], %{{.*}}, %{{.*}}) : (tensor<4xi1>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: }) {sym_name = "airy"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %airy = "aten.special_airy_ai.default"(%x) {arg_names = ["x"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%airy) : (tensor<4xf32>) -> ()
  }) {sym_name = "airy"} : () -> ()
}) : () -> ()

// -----

// ONNX Runtime has no float64 Cos: cos(w) reduces w by multiples of pi/2
// (Round) and takes Sin of the remainder or of pi/2 minus it by quadrant.
// CHECK-NOT: "onnx.Cos"
// CHECK: "onnx.Round"
// CHECK: "onnx.Floor"
// CHECK: "onnx.Sin"(%{{.*}}) : (tensor<4xf64>) -> tensor<4xf64>
// CHECK: %j0 = "onnx.Where"
// CHECK-LABEL: }) {sym_name = "j0_f64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf64>):
    %j0 = "aten.special_bessel_j0.default"(%x) {arg_names = ["self"]} : (tensor<4xf64>) -> tensor<4xf64>
    "ir.return"(%j0) : (tensor<4xf64>) -> ()
  }) {sym_name = "j0_f64"} : () -> ()
}) : () -> ()
