// RUN: %pt2onnx-opt %s --passes=fuse-ops --verify | FileCheck %s
// RUN: sed 's/onnx.opset = 23/onnx.opset = 22/' %s | %pt2onnx-opt - --passes=fuse-ops --verify | FileCheck %s --check-prefix=OPSET22
// RUN: sed 's/onnx.opset = 23 : i64, //' %s | %pt2onnx-opt - --passes=fuse-ops --verify | FileCheck %s --check-prefix=OPSET22

// From opset 23, the RMS norms HF models write by hand become
// RMSNormalization and Llama's rotary embedding RotaryEmbedding; what the
// pass cannot prove equal stays as it is. Below opset 23 nothing changes.

// OPSET22-NOT: RMSNormalization
// OPSET22-NOT: RotaryEmbedding
// OPSET22: "ir.return"

// CHECK-LABEL: "ir.graph"

// float32, one axis (LlamaRMSNorm in float32): weight * (x * rstd).
// CHECK: %norm = "onnx.RMSNormalization"(%x, %w) {axis = -1 : i64, epsilon = 9.99999997{{[0-9]*}}e-07 : f64, stash_type = 1 : i64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK-NOT: %sq =
// CHECK-NOT: %y =

// float32, the last two axes, with Pow, 1 / sqrt and the other operand
// orders.
// CHECK: %norm2 = "onnx.RMSNormalization"(%x, %w2) {axis = -2 : i64, epsilon = 9.99999974{{[0-9]*}}e-06 : f64, stash_type = 1 : i64} : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>
// CHECK-NOT: %pw =

// float16 cast up to float32 and back (LlamaRMSNorm in float16).
// CHECK: %norm3 = "onnx.RMSNormalization"(%h, %wh) {axis = -1 : i64, {{.*}}stash_type = 1 : i64} : (tensor<2x3x8xf16>, tensor<8xf16>) -> tensor<2x3x8xf16>
// CHECK-NOT: %hc =

// float16 with two casts up, one per use (T5LayerNorm in float16).
// CHECK: %norm4 = "onnx.RMSNormalization"(%h, %wh) {axis = -1 : i64, {{.*}}} : (tensor<2x3x8xf16>, tensor<8xf16>) -> tensor<2x3x8xf16>
// CHECK-NOT: %tc1 =

// No weight: a scale of ones.
// CHECK: %[[ONES:.*]] = "ir.constant"() {value = dense<"0x0000803F{{.*}}"> : tensor<8xf32>} : () -> tensor<8xf32>
// CHECK: %bare = "onnx.RMSNormalization"(%x, %[[ONES]]) {axis = -1 : i64, {{.*}}} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>

// What stays: rstd has a second use; the mean is over a middle axis; eps is
// an input, not a constant.
// CHECK: %used = "onnx.Mul"(%w, %uy)
// CHECK: %middle = "onnx.Mul"(%w, %my)
// CHECK: %epsin = "onnx.Mul"(%w, %ey)
// CHECK-NOT: RMSNormalization

// Rotary embedding: cos and sin of Concat(f, f), unsqueezed over the heads.
// The caches are their first halves, expanded to q's dynamic batch; q and k
// share them.
// CHECK: %[[COSH:.*]] = "onnx.Slice"(%cos, {{.*}}) : (tensor<1x5x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x5x4xf32>
// CHECK: %[[BATCH:.*]] = "onnx.Shape"(%q) {end = 1 : i64, start = 0 : i64}
// CHECK: %[[TARGET:.*]] = "onnx.Concat"(%[[BATCH]], {{.*}}) {axis = 0 : i64}
// CHECK: %[[COSC:.*]] = "onnx.Expand"(%[[COSH]], %[[TARGET]]) : (tensor<1x5x4xf32>, tensor<3xi64>) -> tensor<?x5x4xf32, "s0">
// CHECK: %[[SINH:.*]] = "onnx.Slice"(%sin, {{.*}}) -> tensor<1x5x4xf32>
// CHECK: %[[SINC:.*]] = "onnx.Expand"(%[[SINH]], {{.*}}) -> tensor<?x5x4xf32, "s0">
// CHECK: %qr = "onnx.RotaryEmbedding"(%q, %[[COSC]], %[[SINC]]) : (tensor<?x4x5x8xf32, "s0">, tensor<?x5x4xf32, "s0">, tensor<?x5x4xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
// CHECK-NOT: "onnx.Neg"(%q
// CHECK: %kr = "onnx.RotaryEmbedding"(%k, %[[COSC]], %[[SINC]])

// What stays: cos of a table whose halves are not provably equal.
// CHECK: %gr = "onnx.Add"(%gq, %gs)
// CHECK-NOT: RotaryEmbedding

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>, %w2: tensor<3x8xf32>, %h: tensor<2x3x8xf16>, %wh: tensor<8xf16>, %epsv: tensor<f32>, %q: tensor<?x4x5x8xf32, "s0">, %k: tensor<?x2x5x8xf32, "s0">, %f: tensor<1x5x4xf32>, %g: tensor<1x5x8xf32>):
    %last = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %sq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms = "onnx.ReduceMean"(%sq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve = "onnx.Add"(%ms, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd = "onnx.Sqrt"(%ve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs = "onnx.Reciprocal"(%sd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %y = "onnx.Mul"(%x, %rs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %norm = "onnx.Mul"(%w, %y) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>

    %two = "ir.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %one = "ir.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
    %last2 = "ir.constant"() {value = dense<[-1, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %eps2 = "ir.constant"() {value = dense<1.0e-05> : tensor<f32>} : () -> tensor<f32>
    %pw = "onnx.Pow"(%x, %two) : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
    %ms2 = "onnx.ReduceMean"(%pw, %last2) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
    %ve2 = "onnx.Add"(%eps2, %ms2) : (tensor<f32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %sd2 = "onnx.Sqrt"(%ve2) : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %rs2 = "onnx.Div"(%one, %sd2) : (tensor<f32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %y2 = "onnx.Mul"(%rs2, %x) : (tensor<2x1x1xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %norm2 = "onnx.Mul"(%y2, %w2) : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>

    %hc = "onnx.Cast"(%h) {to = f32} : (tensor<2x3x8xf16>) -> tensor<2x3x8xf32>
    %sq3 = "onnx.Mul"(%hc, %hc) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms3 = "onnx.ReduceMean"(%sq3, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve3 = "onnx.Add"(%ms3, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd3 = "onnx.Sqrt"(%ve3) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs3 = "onnx.Reciprocal"(%sd3) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %y3 = "onnx.Mul"(%hc, %rs3) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %y3h = "onnx.Cast"(%y3) {to = f16} : (tensor<2x3x8xf32>) -> tensor<2x3x8xf16>
    %norm3 = "onnx.Mul"(%wh, %y3h) : (tensor<8xf16>, tensor<2x3x8xf16>) -> tensor<2x3x8xf16>

    %tc1 = "onnx.Cast"(%h) {to = f32} : (tensor<2x3x8xf16>) -> tensor<2x3x8xf32>
    %sq4 = "onnx.Mul"(%tc1, %tc1) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms4 = "onnx.ReduceMean"(%sq4, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve4 = "onnx.Add"(%ms4, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd4 = "onnx.Sqrt"(%ve4) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs4 = "onnx.Reciprocal"(%sd4) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %tc2 = "onnx.Cast"(%h) {to = f32} : (tensor<2x3x8xf16>) -> tensor<2x3x8xf32>
    %y4 = "onnx.Mul"(%tc2, %rs4) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %y4h = "onnx.Cast"(%y4) {to = f16} : (tensor<2x3x8xf32>) -> tensor<2x3x8xf16>
    %norm4 = "onnx.Mul"(%wh, %y4h) : (tensor<8xf16>, tensor<2x3x8xf16>) -> tensor<2x3x8xf16>

    %sq5 = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms5 = "onnx.ReduceMean"(%sq5, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve5 = "onnx.Add"(%ms5, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd5 = "onnx.Sqrt"(%ve5) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs5 = "onnx.Reciprocal"(%sd5) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %bare = "onnx.Mul"(%x, %rs5) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>

    %usq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ums = "onnx.ReduceMean"(%usq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %uve = "onnx.Add"(%ums, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %usd = "onnx.Sqrt"(%uve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %urs = "onnx.Reciprocal"(%usd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %uy = "onnx.Mul"(%x, %urs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %used = "onnx.Mul"(%w, %uy) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>

    %mid = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %msq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %mms = "onnx.ReduceMean"(%msq, %mid) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x1x8xf32>
    %mve = "onnx.Add"(%mms, %eps) : (tensor<2x1x8xf32>, tensor<f32>) -> tensor<2x1x8xf32>
    %msd = "onnx.Sqrt"(%mve) : (tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
    %mrs = "onnx.Reciprocal"(%msd) : (tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
    %my = "onnx.Mul"(%x, %mrs) : (tensor<2x3x8xf32>, tensor<2x1x8xf32>) -> tensor<2x3x8xf32>
    %middle = "onnx.Mul"(%w, %my) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>

    %esq = "onnx.Mul"(%x, %x) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ems = "onnx.ReduceMean"(%esq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %eve = "onnx.Add"(%ems, %epsv) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %esd = "onnx.Sqrt"(%eve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %ers = "onnx.Reciprocal"(%esd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %ey = "onnx.Mul"(%x, %ers) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %epsin = "onnx.Mul"(%w, %ey) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>

    %cat = "onnx.Concat"(%f, %f) {axis = 2 : i64} : (tensor<1x5x4xf32>, tensor<1x5x4xf32>) -> tensor<1x5x8xf32>
    %cos = "onnx.Cos"(%cat) : (tensor<1x5x8xf32>) -> tensor<1x5x8xf32>
    %sin = "onnx.Sin"(%cat) : (tensor<1x5x8xf32>) -> tensor<1x5x8xf32>
    %heads = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cu = "onnx.Unsqueeze"(%cos, %heads) : (tensor<1x5x8xf32>, tensor<1xi64>) -> tensor<1x1x5x8xf32>
    %su = "onnx.Unsqueeze"(%sin, %heads) : (tensor<1x5x8xf32>, tensor<1xi64>) -> tensor<1x1x5x8xf32>
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c4 = "ir.constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cmax = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ax3 = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %axm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %step = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %qc = "onnx.Mul"(%q, %cu) : (tensor<?x4x5x8xf32, "s0">, tensor<1x1x5x8xf32>) -> tensor<?x4x5x8xf32, "s0">
    %q1 = "onnx.Slice"(%q, %c0, %c4, %ax3, %step) : (tensor<?x4x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf32, "s0">
    %q2 = "onnx.Slice"(%q, %c4, %cmax, %ax3, %step) : (tensor<?x4x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf32, "s0">
    %qn = "onnx.Neg"(%q2) : (tensor<?x4x5x4xf32, "s0">) -> tensor<?x4x5x4xf32, "s0">
    %qh = "onnx.Concat"(%qn, %q1) {axis = 3 : i64} : (tensor<?x4x5x4xf32, "s0">, tensor<?x4x5x4xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
    %qs = "onnx.Mul"(%qh, %su) : (tensor<?x4x5x8xf32, "s0">, tensor<1x1x5x8xf32>) -> tensor<?x4x5x8xf32, "s0">
    %qr = "onnx.Add"(%qc, %qs) : (tensor<?x4x5x8xf32, "s0">, tensor<?x4x5x8xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
    %kc = "onnx.Mul"(%cu, %k) : (tensor<1x1x5x8xf32>, tensor<?x2x5x8xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">
    %k1 = "onnx.Slice"(%k, %c0, %c4, %axm1) : (tensor<?x2x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x2x5x4xf32, "s0">
    %k2 = "onnx.Slice"(%k, %c4, %cmax, %axm1) : (tensor<?x2x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x2x5x4xf32, "s0">
    %kn = "onnx.Neg"(%k2) : (tensor<?x2x5x4xf32, "s0">) -> tensor<?x2x5x4xf32, "s0">
    %kh = "onnx.Concat"(%kn, %k1) {axis = -1 : i64} : (tensor<?x2x5x4xf32, "s0">, tensor<?x2x5x4xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">
    %ks = "onnx.Mul"(%su, %kh) : (tensor<1x1x5x8xf32>, tensor<?x2x5x8xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">
    %kr = "onnx.Add"(%ks, %kc) : (tensor<?x2x5x8xf32, "s0">, tensor<?x2x5x8xf32, "s0">) -> tensor<?x2x5x8xf32, "s0">

    %gcos = "onnx.Cos"(%g) : (tensor<1x5x8xf32>) -> tensor<1x5x8xf32>
    %gu = "onnx.Unsqueeze"(%gcos, %heads) : (tensor<1x5x8xf32>, tensor<1xi64>) -> tensor<1x1x5x8xf32>
    %gq = "onnx.Mul"(%q, %gu) : (tensor<?x4x5x8xf32, "s0">, tensor<1x1x5x8xf32>) -> tensor<?x4x5x8xf32, "s0">
    %g1 = "onnx.Slice"(%q, %c0, %c4, %ax3) : (tensor<?x4x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf32, "s0">
    %g2 = "onnx.Slice"(%q, %c4, %cmax, %ax3) : (tensor<?x4x5x8xf32, "s0">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4x5x4xf32, "s0">
    %gn = "onnx.Neg"(%g2) : (tensor<?x4x5x4xf32, "s0">) -> tensor<?x4x5x4xf32, "s0">
    %gh = "onnx.Concat"(%gn, %g1) {axis = 3 : i64} : (tensor<?x4x5x4xf32, "s0">, tensor<?x4x5x4xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
    %gs = "onnx.Mul"(%gh, %su) : (tensor<?x4x5x8xf32, "s0">, tensor<1x1x5x8xf32>) -> tensor<?x4x5x8xf32, "s0">
    %gr = "onnx.Add"(%gq, %gs) : (tensor<?x4x5x8xf32, "s0">, tensor<?x4x5x8xf32, "s0">) -> tensor<?x4x5x8xf32, "s0">
    "ir.return"(%norm, %norm2, %norm3, %norm4, %bare, %used, %urs, %middle, %epsin, %qr, %kr, %gr) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf16>, tensor<2x3x8xf16>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<?x4x5x8xf32, "s0">, tensor<?x2x5x8xf32, "s0">, tensor<?x4x5x8xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {onnx.opset = 23 : i64, ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
