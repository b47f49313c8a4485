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

// -----

// fuse-tanh-gelu: GPT-2's gelu_new, (x * 0.5) * (1 + Tanh((x + Pow(x, 3) *
// 0.044715) * sqrt(2 / pi))), is FastGelu; with another coefficient it stays.
// CHECK: %gelu = "onnx_domain.com.microsoft.FastGelu"(%x) {ir.domain_version = 1 : i64} : (tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
// CHECK-NOT: "onnx.Tanh"
// CHECK: "onnx.Tanh"(%o_in)
// CHECK-LABEL: }) {sym_name = "tanh_gelu"}
// TRACE: pattern fuse-tanh-gelu on onnx.Mul %other: not (x * 0.5) * (1 + Tanh((x + Pow(x, 3) * 0.044715) * sqrt(2 / pi))) of one-use float32 intermediates
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x8xf32, "s0">, %y: tensor<?x8xf32, "s0">):
    %half = "ir.constant"() {value = dense<"0x0000003F"> : tensor<f32>} : () -> tensor<f32>
    %three = "ir.constant"() {value = dense<"0x00004040"> : tensor<f32>} : () -> tensor<f32>
    %coef = "ir.constant"() {value = dense<"0x1327373D"> : tensor<f32>} : () -> tensor<f32>
    %other_coef = "ir.constant"() {value = dense<0.05> : tensor<f32>} : () -> tensor<f32>
    %root2pi = "ir.constant"() {value = dense<"0x2A424C3F"> : tensor<f32>} : () -> tensor<f32>
    %one = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>} : () -> tensor<f32>
    %h = "onnx.Mul"(%x, %half) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %p = "onnx.Pow"(%x, %three) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %c = "onnx.Mul"(%coef, %p) : (tensor<f32>, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %in = "onnx.Add"(%x, %c) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %s = "onnx.Mul"(%in, %root2pi) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %t = "onnx.Tanh"(%s) : (tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %a = "onnx.Add"(%one, %t) : (tensor<f32>, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %gelu = "onnx.Mul"(%a, %h) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %o_h = "onnx.Mul"(%y, %half) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %o_p = "onnx.Pow"(%y, %three) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %o_c = "onnx.Mul"(%o_p, %other_coef) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %o_a = "onnx.Add"(%y, %o_c) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %o_in = "onnx.Mul"(%o_a, %root2pi) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %o_t = "onnx.Tanh"(%o_in) : (tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %o_1 = "onnx.Add"(%o_t, %one) : (tensor<?x8xf32, "s0">, tensor<f32>) -> tensor<?x8xf32, "s0">
    %other = "onnx.Mul"(%o_h, %o_1) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    "ir.return"(%gelu, %other) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> ()
  }) {sym_name = "tanh_gelu"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}, onnx.opset = 20 : i64} : () -> ()
