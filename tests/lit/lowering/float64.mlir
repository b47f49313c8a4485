// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// ONNX Runtime's CPU provider has Cos, Tan, Asin, Acos, Sinh, Cosh, Asinh,
// Acosh, Atanh and Erf in float32 only: float64 builds them from Sin, Exp,
// Log, Sqrt and arithmetic (asin and acos start from a float32 Asin refined
// in float64), and float32 keeps the op.
// CHECK-NOT: "onnx.Cos"{{.*}}f64
// CHECK: "onnx.Sin"
// CHECK-NOT: "onnx.Cos"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "cos_f64"}
// CHECK: "onnx.Cos"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "cos_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.cos.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "cos_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.cos.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "cos_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Tan"{{.*}}f64
// CHECK: "onnx.Div"
// CHECK-NOT: "onnx.Tan"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "tan_f64"}
// CHECK: "onnx.Tan"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "tan_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.tan.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "tan_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.tan.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "tan_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Asin"{{.*}}f64
// CHECK: "onnx.Sqrt"
// CHECK-NOT: "onnx.Asin"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "asin_f64"}
// CHECK: "onnx.Asin"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "asin_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.asin.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "asin_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.asin.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "asin_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Acos"{{.*}}f64
// CHECK: "onnx.Sqrt"
// CHECK-NOT: "onnx.Acos"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "acos_f64"}
// CHECK: "onnx.Acos"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "acos_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.acos.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "acos_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.acos.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "acos_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Sinh"{{.*}}f64
// CHECK: "onnx.Exp"
// CHECK-NOT: "onnx.Sinh"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "sinh_f64"}
// CHECK: "onnx.Sinh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "sinh_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.sinh.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "sinh_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.sinh.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "sinh_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Cosh"{{.*}}f64
// CHECK: "onnx.Exp"
// CHECK-NOT: "onnx.Cosh"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "cosh_f64"}
// CHECK: "onnx.Cosh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "cosh_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.cosh.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "cosh_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.cosh.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "cosh_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Asinh"{{.*}}f64
// CHECK: "onnx.Log"
// CHECK-NOT: "onnx.Asinh"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "asinh_f64"}
// CHECK: "onnx.Asinh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "asinh_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.asinh.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "asinh_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.asinh.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "asinh_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Acosh"{{.*}}f64
// CHECK: "onnx.Log"
// CHECK-NOT: "onnx.Acosh"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "acosh_f64"}
// CHECK: "onnx.Acosh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "acosh_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.acosh.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "acosh_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.acosh.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "acosh_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Atanh"{{.*}}f64
// CHECK: "onnx.Log"
// CHECK-NOT: "onnx.Atanh"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "atanh_f64"}
// CHECK: "onnx.Atanh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "atanh_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.atanh.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "atanh_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.atanh.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "atanh_f32"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: "onnx.Erf"{{.*}}f64
// CHECK: "onnx.Exp"
// CHECK-NOT: "onnx.Erf"{{.*}}f64
// CHECK-LABEL: }) {sym_name = "erf_f64"}
// CHECK: "onnx.Erf"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: }) {sym_name = "erf_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.erf.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "erf_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %r = "aten.erf.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%r) : (tensor<3xf32>) -> ()
  }) {sym_name = "erf_f32"} : () -> ()
}) : () -> ()

// -----

// Activations ONNX Runtime has in float32 only are spelled out in float64;
// silu avoids the product ONNX Runtime fuses into QuickGelu.
// CHECK-NOT: "onnx.LeakyRelu"
// CHECK: "onnx.Where"
// CHECK-LABEL: }) {sym_name = "leaky_relu_f64"}
// CHECK-NOT: "onnx.Sigmoid"
// CHECK: "onnx.Exp"
// CHECK: "onnx.Div"(%x
// CHECK-LABEL: }) {sym_name = "silu_f64"}
// CHECK-NOT: "onnx.HardSwish"
// CHECK: "onnx.Max"
// CHECK: "onnx.Min"
// CHECK-LABEL: }) {sym_name = "hardswish_f64"}
// CHECK-NOT: "onnx.Softplus"
// CHECK: "onnx.Exp"
// CHECK: "onnx.Log"
// CHECK: "onnx.Tanh"
// CHECK-LABEL: }) {sym_name = "mish_f64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.leaky_relu.default"(%x) {arg_names = ["self"], negative_slope = 1.000000e-01 : f64} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "leaky_relu_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.silu.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "silu_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.hardswish.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "hardswish_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf64>):
    %r = "aten.mish.default"(%x) {arg_names = ["self"]} : (tensor<3xf64>) -> tensor<3xf64>
    "ir.return"(%r) : (tensor<3xf64>) -> ()
  }) {sym_name = "mish_f64"} : () -> ()
}) : () -> ()

// -----

// A float64 MatMul fed by a Transpose would become ONNX Runtime's
// FusedMatMul, which has no float64 kernel: linear and bmm take Einsum.
// CHECK-NOT: "onnx.Transpose"
// CHECK: "onnx.Einsum"(%x, %w) {equation = "...i,oi->...o"}
// CHECK-LABEL: }) {sym_name = "linear_f64"}
// CHECK: %[[T:.*]] = "onnx.Transpose"(%b)
// CHECK: "onnx.Einsum"(%a, %[[T]]) {equation = "...ij,...jk->...ik"}
// CHECK-LABEL: }) {sym_name = "bmm_transposed_f64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4x8xf64>, %w: tensor<3x8xf64>):
    %r = "aten.linear.default"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<2x4x8xf64>, tensor<3x8xf64>) -> tensor<2x4x3xf64>
    "ir.return"(%r) : (tensor<2x4x3xf64>) -> ()
  }) {sym_name = "linear_f64"} : () -> ()
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3x4xf64>, %b: tensor<2x5x4xf64>):
    %t = "aten.transpose.int"(%b) {arg_names = ["self"], dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x5x4xf64>) -> tensor<2x4x5xf64>
    %r = "aten.bmm.default"(%a, %t) {arg_names = ["self", "mat2"]} : (tensor<2x3x4xf64>, tensor<2x4x5xf64>) -> tensor<2x3x5xf64>
    "ir.return"(%r) : (tensor<2x3x5xf64>) -> ()
  }) {sym_name = "bmm_transposed_f64"} : () -> ()
}) : () -> ()
