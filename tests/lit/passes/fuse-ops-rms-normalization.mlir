// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ops --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ops{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: sed 's/onnx.opset = 23/onnx.opset = 22/' %s | %pt2onnx-opt - --split-input-file --passes=fuse-ops --verify | FileCheck %s --check-prefix=OPSET22
// RUN: sed 's/ {onnx.opset = 23 : i64}//' %s | %pt2onnx-opt - --split-input-file --passes=fuse-ops --verify | FileCheck %s --check-prefix=OPSET22

// fuse-rms-normalization: from opset 23, the RMS norm HF models write by hand,
// w * Cast(x * Reciprocal(Sqrt(ReduceMean(x * x) + eps))), is one
// RMSNormalization; what the fusion cannot prove equal stays. Below opset
// 23, or in a module not lowered, nothing changes.

// OPSET22-NOT: RMSNormalization

// float32, one axis (LlamaRMSNorm in float32): weight * (x * rstd).
// CHECK: %norm = "onnx.RMSNormalization"(%x, %w) {axis = -1 : i64, epsilon = 9.99999997{{[0-9]*}}e-07 : f64, stash_type = 1 : i64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK-NEXT: "ir.return"(%norm)
// CHECK-LABEL: }) {sym_name = "float32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>):
    %last = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %sq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms = "onnx.ReduceMean"(%sq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve = "onnx.Add"(%ms, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd = "onnx.Sqrt"(%ve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs = "onnx.Reciprocal"(%sd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %y = "onnx.Mul"(%x, %rs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %norm = "onnx.Mul"(%w, %y) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%norm) : (tensor<2x3x8xf32>) -> ()
  }) {sym_name = "float32"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// The last two axes, with Pow, 1 / sqrt and the other operand orders.
// CHECK: %norm = "onnx.RMSNormalization"(%x, %w) {axis = -2 : i64, epsilon = 9.99999974{{[0-9]*}}e-06 : f64, stash_type = 1 : i64} : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>
// CHECK-NOT: "onnx.Pow"
// CHECK-LABEL: }) {sym_name = "two_axes_pow_div"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x8xf32>, %w: tensor<3x8xf32>):
    %two = "ir.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %one = "ir.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
    %last2 = "ir.constant"() {value = dense<[-1, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %eps = "ir.constant"() {value = dense<1.0e-05> : tensor<f32>} : () -> tensor<f32>
    %pw = "onnx.Pow"(%x, %two) : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
    %ms = "onnx.ReduceMean"(%pw, %last2) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
    %ve = "onnx.Add"(%eps, %ms) : (tensor<f32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %sd = "onnx.Sqrt"(%ve) : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %rs = "onnx.Div"(%one, %sd) : (tensor<f32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %y = "onnx.Mul"(%rs, %x) : (tensor<2x1x1xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %norm = "onnx.Mul"(%y, %w) : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%norm) : (tensor<2x3x8xf32>) -> ()
  }) {sym_name = "two_axes_pow_div"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// float16 cast up to float32 and back: once (LlamaRMSNorm), or once per use
// (T5LayerNorm).
// CHECK-NOT: "onnx.Cast"
// CHECK: %norm = "onnx.RMSNormalization"(%h, %wh) {axis = -1 : i64, {{.*}}stash_type = 1 : i64} : (tensor<2x3x8xf16>, tensor<8xf16>) -> tensor<2x3x8xf16>
// CHECK-NEXT: %norm2 = "onnx.RMSNormalization"(%h, %wh)
// CHECK-LABEL: }) {sym_name = "float16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x3x8xf16>, %wh: tensor<8xf16>):
    %last = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %hc = "onnx.Cast"(%h) {to = f32} : (tensor<2x3x8xf16>) -> tensor<2x3x8xf32>
    %sq = "onnx.Mul"(%hc, %hc) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms = "onnx.ReduceMean"(%sq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve = "onnx.Add"(%ms, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd = "onnx.Sqrt"(%ve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs = "onnx.Reciprocal"(%sd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %y = "onnx.Mul"(%hc, %rs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %yh = "onnx.Cast"(%y) {to = f16} : (tensor<2x3x8xf32>) -> tensor<2x3x8xf16>
    %norm = "onnx.Mul"(%wh, %yh) : (tensor<8xf16>, tensor<2x3x8xf16>) -> tensor<2x3x8xf16>
    %tc1 = "onnx.Cast"(%h) {to = f32} : (tensor<2x3x8xf16>) -> tensor<2x3x8xf32>
    %sq2 = "onnx.Mul"(%tc1, %tc1) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms2 = "onnx.ReduceMean"(%sq2, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve2 = "onnx.Add"(%ms2, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd2 = "onnx.Sqrt"(%ve2) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs2 = "onnx.Reciprocal"(%sd2) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %tc2 = "onnx.Cast"(%h) {to = f32} : (tensor<2x3x8xf16>) -> tensor<2x3x8xf32>
    %y2 = "onnx.Mul"(%tc2, %rs2) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %y2h = "onnx.Cast"(%y2) {to = f16} : (tensor<2x3x8xf32>) -> tensor<2x3x8xf16>
    %norm2 = "onnx.Mul"(%wh, %y2h) : (tensor<8xf16>, tensor<2x3x8xf16>) -> tensor<2x3x8xf16>
    "ir.return"(%norm, %norm2) : (tensor<2x3x8xf16>, tensor<2x3x8xf16>) -> ()
  }) {sym_name = "float16"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// No weight: a scale of ones.
// CHECK: %[[ONES:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<8xf32>} : () -> tensor<8xf32>
// CHECK-NEXT: %bare = "onnx.RMSNormalization"(%x, %[[ONES]]) {axis = -1 : i64, {{.*}}} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK-LABEL: }) {sym_name = "no_weight"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x8xf32>):
    %last = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %sq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms = "onnx.ReduceMean"(%sq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve = "onnx.Add"(%ms, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd = "onnx.Sqrt"(%ve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs = "onnx.Reciprocal"(%sd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %bare = "onnx.Mul"(%x, %rs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%bare) : (tensor<2x3x8xf32>) -> ()
  }) {sym_name = "no_weight"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// Refused: rstd has a second use, which still needs it.
// CHECK-NOT: RMSNormalization
// CHECK: %used = "onnx.Mul"(%w, %uy)
// CHECK-LABEL: }) {sym_name = "rstd_used_twice"}
// TRACE: pattern fuse-rms-normalization on onnx.ReduceMean %ums: rstd has another use than one Mul
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>):
    %last = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %usq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ums = "onnx.ReduceMean"(%usq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %uve = "onnx.Add"(%ums, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %usd = "onnx.Sqrt"(%uve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %urs = "onnx.Reciprocal"(%usd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %uy = "onnx.Mul"(%x, %urs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %used = "onnx.Mul"(%w, %uy) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%used, %urs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> ()
  }) {sym_name = "rstd_used_twice"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// Refused: the mean is over a middle axis, not the last ones.
// CHECK-NOT: RMSNormalization
// CHECK: %middle = "onnx.Mul"(%w, %my)
// CHECK-LABEL: }) {sym_name = "mean_over_middle_axis"}
// TRACE: pattern fuse-rms-normalization on onnx.ReduceMean %mms: the axes are not the last 1
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>):
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %mid = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %msq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %mms = "onnx.ReduceMean"(%msq, %mid) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x1x8xf32>
    %mve = "onnx.Add"(%mms, %eps) : (tensor<2x1x8xf32>, tensor<f32>) -> tensor<2x1x8xf32>
    %msd = "onnx.Sqrt"(%mve) : (tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
    %mrs = "onnx.Reciprocal"(%msd) : (tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
    %my = "onnx.Mul"(%x, %mrs) : (tensor<2x3x8xf32>, tensor<2x1x8xf32>) -> tensor<2x3x8xf32>
    %middle = "onnx.Mul"(%w, %my) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%middle) : (tensor<2x3x8xf32>) -> ()
  }) {sym_name = "mean_over_middle_axis"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// Refused: epsilon is an input, not a constant.
// CHECK-NOT: RMSNormalization
// CHECK: %epsin = "onnx.Mul"(%w, %ey)
// CHECK-LABEL: }) {sym_name = "epsilon_not_constant"}
// TRACE: pattern fuse-rms-normalization on onnx.ReduceMean %ems: epsilon is not a scalar constant
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>, %epsv: tensor<f32>):
    %last = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %esq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ems = "onnx.ReduceMean"(%esq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %eve = "onnx.Add"(%ems, %epsv) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %esd = "onnx.Sqrt"(%eve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %ers = "onnx.Reciprocal"(%esd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %ey = "onnx.Mul"(%x, %ers) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %epsin = "onnx.Mul"(%w, %ey) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%epsin) : (tensor<2x3x8xf32>) -> ()
  }) {sym_name = "epsilon_not_constant"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()
