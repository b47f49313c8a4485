// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// fuse-bias-gelu: Gelu(x + bias) is BiasGelu (erf) or FastGelu (tanh) of
// ONNX Runtime's com.microsoft domain; fuse-quick-gelu: x * Sigmoid(x) (SiLU)
// and x * Sigmoid(alpha * x) are QuickGelu.

// CHECK: %g = "onnx_domain.com.microsoft.BiasGelu"(%x, %bias) {ir.domain_version = 1 : i64} : (tensor<?x4x8xf32, "s0">, tensor<8xf32>) -> tensor<?x4x8xf32, "s0">
// CHECK-NEXT: %t = "onnx_domain.com.microsoft.FastGelu"(%x, %bias) {ir.domain_version = 1 : i64} : (tensor<?x4x8xf32, "s0">, tensor<8xf32>) -> tensor<?x4x8xf32, "s0">
// CHECK-NEXT: "ir.return"(%g, %t)
// CHECK-LABEL: }) {sym_name = "bias_gelu"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4x8xf32, "s0">, %bias: tensor<8xf32>):
    %s = "onnx.Add"(%x, %bias) : (tensor<?x4x8xf32, "s0">, tensor<8xf32>) -> tensor<?x4x8xf32, "s0">
    %g = "onnx.Gelu"(%s) {approximate = "none"} : (tensor<?x4x8xf32, "s0">) -> tensor<?x4x8xf32, "s0">
    %s2 = "onnx.Add"(%bias, %x) : (tensor<8xf32>, tensor<?x4x8xf32, "s0">) -> tensor<?x4x8xf32, "s0">
    %t = "onnx.Gelu"(%s2) {approximate = "tanh"} : (tensor<?x4x8xf32, "s0">) -> tensor<?x4x8xf32, "s0">
    "ir.return"(%g, %t) : (tensor<?x4x8xf32, "s0">, tensor<?x4x8xf32, "s0">) -> ()
  }) {sym_name = "bias_gelu"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}, onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: float16, a bias that is not a vector of the last dim, a sum with
// another use.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "bias_gelu_refused"}
// TRACE: pattern fuse-bias-gelu on onnx.Gelu %f16: the input is not a ranked float32 tensor
// TRACE: pattern fuse-bias-gelu on onnx.Gelu %row: the Add is not of x and a vector of its last dim
// TRACE: pattern fuse-bias-gelu on onnx.Gelu %shared: the input is not an Add of no other use
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<4x8xf16>, %hb: tensor<8xf16>, %x: tensor<4x8xf32>, %col: tensor<4x1xf32>, %b: tensor<8xf32>):
    %hs = "onnx.Add"(%h, %hb) : (tensor<4x8xf16>, tensor<8xf16>) -> tensor<4x8xf16>
    %f16 = "onnx.Gelu"(%hs) : (tensor<4x8xf16>) -> tensor<4x8xf16>
    %cs = "onnx.Add"(%x, %col) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %row = "onnx.Gelu"(%cs) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %ss = "onnx.Add"(%x, %b) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %shared = "onnx.Gelu"(%ss) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    "ir.return"(%f16, %row, %shared, %ss) : (tensor<4x8xf16>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> ()
  }) {sym_name = "bias_gelu_refused"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// CHECK: %silu = "onnx_domain.com.microsoft.QuickGelu"(%x) {alpha = 1.0{{(e\+00)?}} : f64, ir.domain_version = 1 : i64} : (tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
// CHECK-NEXT: %quick = "onnx_domain.com.microsoft.QuickGelu"(%x) {alpha = 1.70{{[0-9]*}} : f64, ir.domain_version = 1 : i64}
// CHECK-NEXT: "ir.return"(%silu, %quick)
// CHECK-LABEL: }) {sym_name = "quick_gelu"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x8xf32, "s0">):
    %k = "ir.constant"() {value = dense<1.702> : tensor<f32>} : () -> tensor<f32>
    %sg = "onnx.Sigmoid"(%x) : (tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %silu = "onnx.Mul"(%x, %sg) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %kx = "onnx.Mul"(%k, %x) : (tensor<f32>, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %sk = "onnx.Sigmoid"(%kx) : (tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %quick = "onnx.Mul"(%sk, %x) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    "ir.return"(%silu, %quick) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> ()
  }) {sym_name = "quick_gelu"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}, onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: float16, a Sigmoid of another value, a Sigmoid with another use,
// a factor that is not a constant.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "quick_gelu_refused"}
// TRACE: pattern fuse-quick-gelu on onnx.Mul %f16: the product is not a ranked float32 tensor
// TRACE: pattern fuse-quick-gelu on onnx.Mul %other: neither operand is Sigmoid(x) or Sigmoid(x * alpha) of the other
// TRACE: pattern fuse-quick-gelu on onnx.Mul %shared: neither operand
// TRACE: pattern fuse-quick-gelu on onnx.Mul %scaled: neither operand
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<8xf16>, %x: tensor<8xf32>, %y: tensor<8xf32>, %k: tensor<f32>):
    %hs = "onnx.Sigmoid"(%h) : (tensor<8xf16>) -> tensor<8xf16>
    %f16 = "onnx.Mul"(%h, %hs) : (tensor<8xf16>, tensor<8xf16>) -> tensor<8xf16>
    %ys = "onnx.Sigmoid"(%y) : (tensor<8xf32>) -> tensor<8xf32>
    %other = "onnx.Mul"(%x, %ys) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %xs = "onnx.Sigmoid"(%x) : (tensor<8xf32>) -> tensor<8xf32>
    %shared = "onnx.Mul"(%x, %xs) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %kx = "onnx.Mul"(%x, %k) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    %ks = "onnx.Sigmoid"(%kx) : (tensor<8xf32>) -> tensor<8xf32>
    %scaled = "onnx.Mul"(%x, %ks) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    "ir.return"(%f16, %other, %shared, %xs, %scaled) : (tensor<8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> ()
  }) {sym_name = "quick_gelu_refused"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()
