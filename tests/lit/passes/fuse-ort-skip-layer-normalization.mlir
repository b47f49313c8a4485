// RUN: %pt2onnx-opt %s --split-input-file --passes=fuse-ort --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: %pt2onnx-opt %s --split-input-file --passes='fuse-ort{keep-parameters=1}' | FileCheck %s --check-prefix=PARAMS

// fuse-skip-layer-normalization and fuse-skip-simplified-layer-normalization:
// a residual Add and the layer or RMS norm of the sum become one op of ONNX
// Runtime's com.microsoft domain, where its CPU kernel accepts the types and
// shapes; other uses of the sum take the fused op's sum output (#3).

// Post-norm (BERT): the sum has no other use; dynamic batch and sequence.
// CHECK: %ln:4 = "onnx_domain.com.microsoft.SkipLayerNormalization"(%a, %b, %g, %beta) {epsilon = 1.0e-12 : f64, ir.domain_version = 1 : i64} : (tensor<?x?x8xf32, "s0, s1">, tensor<?x?x8xf32, "s0, s1">, tensor<8xf32>, tensor<8xf32>) -> (tensor<?x?x8xf32, "s0, s1">, none, none, none)
// CHECK-NEXT: "ir.return"(%ln#0)
// CHECK-LABEL: }) {sym_name = "post_norm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<?x?x8xf32, "s0, s1">, %b: tensor<?x?x8xf32, "s0, s1">, %g: tensor<8xf32>, %beta: tensor<8xf32>):
    %sum = "onnx.Add"(%a, %b) : (tensor<?x?x8xf32, "s0, s1">, tensor<?x?x8xf32, "s0, s1">) -> tensor<?x?x8xf32, "s0, s1">
    %ln = "onnx.LayerNormalization"(%sum, %g, %beta) {axis = -1 : i64, epsilon = 1.0e-12 : f64, stash_type = 1 : i64} : (tensor<?x?x8xf32, "s0, s1">, tensor<8xf32>, tensor<8xf32>) -> tensor<?x?x8xf32, "s0, s1">
    "ir.return"(%ln) : (tensor<?x?x8xf32, "s0, s1">) -> ()
  }) {sym_name = "post_norm"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>}, onnx.opset = 20 : i64} : () -> ()

// -----

// Pre-norm (GPT-2), rank 2, no beta: the residual stream takes output #3.
// CHECK: %ln:4 = "onnx_domain.com.microsoft.SkipLayerNormalization"(%a, %b, %g) {epsilon = 1.0e-05 : f64, ir.domain_version = 1 : i64} : (tensor<6x8xf32>, tensor<6x8xf32>, tensor<8xf32>) -> (tensor<6x8xf32>, none, none, tensor<6x8xf32>)
// CHECK-NEXT: %next = "onnx.Add"(%ln#3, %ln#0)
// CHECK-LABEL: }) {sym_name = "pre_norm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<6x8xf32>, %b: tensor<6x8xf32>, %g: tensor<8xf32>):
    %sum = "onnx.Add"(%a, %b) : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %ln = "onnx.LayerNormalization"(%sum, %g) {axis = 1 : i64, epsilon = 1.0e-05 : f64} : (tensor<6x8xf32>, tensor<8xf32>) -> tensor<6x8xf32>
    %next = "onnx.Add"(%sum, %ln) : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    "ir.return"(%next) : (tensor<6x8xf32>) -> ()
  }) {sym_name = "pre_norm"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// The RMS norm fuse-ops makes from opset 23 (Llama, T5).
// CHECK: %rms:4 = "onnx_domain.com.microsoft.SkipSimplifiedLayerNormalization"(%a, %b, %g) {epsilon = 1.0e-06 : f64, ir.domain_version = 1 : i64} : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<8xf32>) -> (tensor<2x3x8xf32>, none, none, tensor<2x3x8xf32>)
// CHECK-NEXT: "ir.return"(%rms#0, %rms#3)
// CHECK-LABEL: }) {sym_name = "rms_normalization"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3x8xf32>, %b: tensor<2x3x8xf32>, %g: tensor<8xf32>):
    %sum = "onnx.Add"(%a, %b) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %rms = "onnx.RMSNormalization"(%sum, %g) {axis = -1 : i64, epsilon = 1.0e-06 : f64, stash_type = 1 : i64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%rms, %sum) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> ()
  }) {sym_name = "rms_normalization"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// The decomposed RMS norm of opsets below 23, with a weight, and without one
// (a scale of ones).
// CHECK-NOT: "onnx.ReduceMean"
// CHECK: %norm:4 = "onnx_domain.com.microsoft.SkipSimplifiedLayerNormalization"(%a, %b, %w) {epsilon = 9.99999{{[0-9]*}}e-07 : f64, ir.domain_version = 1 : i64} : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<8xf32>) -> (tensor<2x3x8xf32>, none, none, tensor<2x3x8xf32>)
// CHECK: %[[ONES:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<8xf32>}
// CHECK-NEXT: %y2:4 = "onnx_domain.com.microsoft.SkipSimplifiedLayerNormalization"(%norm#3, %norm#0, %[[ONES]])
// CHECK-NOT: "onnx.ReduceMean"
// CHECK-LABEL: }) {sym_name = "decomposed_rms"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3x8xf32>, %b: tensor<2x3x8xf32>, %w: tensor<8xf32>):
    %last = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %sum = "onnx.Add"(%a, %b) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %sq = "onnx.Mul"(%sum, %sum) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms = "onnx.ReduceMean"(%sq, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve = "onnx.Add"(%ms, %eps) : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
    %sd = "onnx.Sqrt"(%ve) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs = "onnx.Reciprocal"(%sd) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %y = "onnx.Mul"(%sum, %rs) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
    %norm = "onnx.Mul"(%w, %y) : (tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %sum2 = "onnx.Add"(%sum, %norm) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %two = "ir.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %sq2 = "onnx.Pow"(%sum2, %two) : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
    %ms2 = "onnx.ReduceMean"(%sq2, %last) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    %ve2 = "onnx.Add"(%eps, %ms2) : (tensor<f32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %sd2 = "onnx.Sqrt"(%ve2) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %rs2 = "onnx.Reciprocal"(%sd2) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %y2 = "onnx.Mul"(%rs2, %sum2) : (tensor<2x3x1xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%y2) : (tensor<2x3x8xf32>) -> ()
  }) {sym_name = "decomposed_rms"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Refused: what ONNX Runtime's kernel rejects or computes otherwise.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "refused"}
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %f16: the normalized value is not a ranked float32 tensor
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %bcast: the Add broadcasts
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %rank4: the normalized value is not of rank 2 or 3
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %two_axes: the norm is not over the last axis alone
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %scale1: the scale or bias is not a vector of the last dim
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %stash0: stash_type is not 1
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %early: the sum is used before the norm ends
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %stats: the mean or inverse std output is used
// TRACE: pattern fuse-skip-layer-normalization on onnx.LayerNormalization %noadd: the normalized value is not an Add
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x3x8xf16>, %gh: tensor<8xf16>, %a: tensor<2x3x8xf32>, %v: tensor<8xf32>, %g: tensor<8xf32>, %x4: tensor<1x2x3x8xf32>, %g38: tensor<3x8xf32>, %g1: tensor<1xf32>):
    %hs = "onnx.Add"(%h, %h) : (tensor<2x3x8xf16>, tensor<2x3x8xf16>) -> tensor<2x3x8xf16>
    %f16 = "onnx.LayerNormalization"(%hs, %gh) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf16>, tensor<8xf16>) -> tensor<2x3x8xf16>
    %bs = "onnx.Add"(%a, %v) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    %bcast = "onnx.LayerNormalization"(%bs, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    %s4 = "onnx.Add"(%x4, %x4) : (tensor<1x2x3x8xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x3x8xf32>
    %rank4 = "onnx.LayerNormalization"(%s4, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<1x2x3x8xf32>, tensor<8xf32>) -> tensor<1x2x3x8xf32>
    %s2 = "onnx.Add"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %two_axes = "onnx.LayerNormalization"(%s2, %g38) {axis = -2 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>
    %s3 = "onnx.Add"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %scale1 = "onnx.LayerNormalization"(%s3, %g1) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<1xf32>) -> tensor<2x3x8xf32>
    %s5 = "onnx.Add"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %stash0 = "onnx.LayerNormalization"(%s5, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64, stash_type = 0 : i64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    %s6 = "onnx.Add"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %between = "onnx.Neg"(%s6) : (tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %early = "onnx.LayerNormalization"(%s6, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    %s7 = "onnx.Add"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %stats:3 = "onnx.LayerNormalization"(%s7, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> (tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
    %s8 = "onnx.Sub"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %noadd = "onnx.LayerNormalization"(%s8, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%f16, %bcast, %rank4, %two_axes, %scale1, %stash0, %between, %early, %stats#0, %stats#1, %noadd) : (tensor<2x3x8xf16>, tensor<2x3x8xf32>, tensor<1x2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x8xf32>) -> ()
  }) {sym_name = "refused"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// Refused: RMS norms over two axes, as onnx.RMSNormalization and decomposed.
// CHECK-NOT: com.microsoft
// CHECK-LABEL: }) {sym_name = "rms_refused"}
// TRACE: pattern fuse-skip-simplified-layer-normalization on onnx.RMSNormalization %two: the norm is not over the last axis alone
// TRACE: pattern fuse-skip-simplified-layer-normalization on onnx.ReduceMean %ms: the RMS norm is over more than the last axis
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3x8xf32>, %g38: tensor<3x8xf32>):
    %s = "onnx.Add"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %two = "onnx.RMSNormalization"(%s, %g38) {axis = -2 : i64, epsilon = 1.0e-06 : f64} : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>
    %last2 = "ir.constant"() {value = dense<[-1, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %eps = "ir.constant"() {value = dense<1.0e-06> : tensor<f32>} : () -> tensor<f32>
    %t = "onnx.Add"(%a, %a) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %sq = "onnx.Mul"(%t, %t) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ms = "onnx.ReduceMean"(%sq, %last2) {keepdims = 1 : i64} : (tensor<2x3x8xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
    %ve = "onnx.Add"(%ms, %eps) : (tensor<2x1x1xf32>, tensor<f32>) -> tensor<2x1x1xf32>
    %sd = "onnx.Sqrt"(%ve) : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %rs = "onnx.Reciprocal"(%sd) : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    %y = "onnx.Mul"(%t, %rs) : (tensor<2x3x8xf32>, tensor<2x1x1xf32>) -> tensor<2x3x8xf32>
    %norm = "onnx.Mul"(%g38, %y) : (tensor<3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%two, %norm) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> ()
  }) {sym_name = "rms_refused"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// A bias of zeros under the residual Add goes into the kernel's bias input:
// (m + a) + 0 is a + (m + 0) bit for bit. The projection's MatMul then
// feeds the fused op directly.
// CHECK: %ln:4 = "onnx_domain.com.microsoft.SkipLayerNormalization"(%mm, %res, %g, %beta, %zeros) {epsilon = 1.0e-05 : f64, ir.domain_version = 1 : i64} : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<2x3x8xf32>, none, none, tensor<2x3x8xf32>)
// CHECK-NOT: "onnx.Add"
// CHECK: "ir.return"(%ln#0, %ln#3)
// CHECK-LABEL: }) {sym_name = "zero_bias"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x3x8xf32>, %res: tensor<2x3x8xf32>, %w: tensor<8x8xf32>, %g: tensor<8xf32>, %beta: tensor<8xf32>):
    %zeros = "ir.constant"() {value = dense<"0x0000000000000000000000000000000000000000000000000000000000000000"> : tensor<8xf32>} : () -> tensor<8xf32>
    %mm = "onnx.MatMul"(%h, %w) : (tensor<2x3x8xf32>, tensor<8x8xf32>) -> tensor<2x3x8xf32>
    %proj = "onnx.Add"(%mm, %zeros) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    %sum = "onnx.Add"(%res, %proj) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %ln = "onnx.LayerNormalization"(%sum, %g, %beta) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
    "ir.return"(%ln, %sum) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> ()
  }) {sym_name = "zero_bias"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// A scalar -0.0 (adding it changes nothing either), on the left of the
// residual Add, without beta: the kernel takes an omitted beta and a vector
// of zeros, the dynamic rows notwithstanding.
// CHECK: %[[NONE:.*]] = "ir.constant"() {value} : () -> none
// CHECK-NEXT: %[[ZEROS:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<8xf32>}
// CHECK-NEXT: %ln:4 = "onnx_domain.com.microsoft.SkipLayerNormalization"(%mm, %res, %g, %[[NONE]], %[[ZEROS]]) {epsilon = 1.0e-05 : f64, ir.domain_version = 1 : i64} : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">, tensor<8xf32>, none, tensor<8xf32>) -> (tensor<?x8xf32, "s0">, none, none, none)
// CHECK-NEXT: "ir.return"(%ln#0)
// CHECK-LABEL: }) {sym_name = "negative_scalar_zero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<?x8xf32, "s0">, %res: tensor<?x8xf32, "s0">, %w: tensor<8x8xf32>, %g: tensor<8xf32>):
    %nz = "ir.constant"() {value = dense<"0x00000080"> : tensor<f32>} : () -> tensor<f32>
    %mm = "onnx.MatMul"(%h, %w) : (tensor<?x8xf32, "s0">, tensor<8x8xf32>) -> tensor<?x8xf32, "s0">
    %proj = "onnx.Add"(%nz, %mm) : (tensor<f32>, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %sum = "onnx.Add"(%proj, %res) : (tensor<?x8xf32, "s0">, tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0">
    %ln = "onnx.LayerNormalization"(%sum, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<?x8xf32, "s0">, tensor<8xf32>) -> tensor<?x8xf32, "s0">
    "ir.return"(%ln) : (tensor<?x8xf32, "s0">) -> ()
  }) {sym_name = "negative_scalar_zero"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}, onnx.opset = 20 : i64} : () -> ()

// -----

// Kept under the residual Add (the norm fuses around it): a bias that is
// not all zeros (moving it would reassociate), a zero-bias sum with another
// use, the RMS norm (whose kernel ignores its bias), a zero that grows the
// sum's shape.
// CHECK: %proj = "onnx.Add"(%mm, %one)
// CHECK: "onnx_domain.com.microsoft.SkipLayerNormalization"(%res, %proj, %g) {{.*}} : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<8xf32>) ->
// CHECK: %proj2 = "onnx.Add"(%mm, %zeros)
// CHECK: "onnx_domain.com.microsoft.SkipLayerNormalization"(%res, %proj2, %g) {{.*}} : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<8xf32>) ->
// CHECK: %proj3 = "onnx.Add"(%mm, %zeros)
// CHECK: "onnx_domain.com.microsoft.SkipSimplifiedLayerNormalization"(%res, %proj3, %g) {{.*}} : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<8xf32>) ->
// CHECK: %proj4 = "onnx.Add"(%v, %zeros2)
// CHECK: "onnx_domain.com.microsoft.SkipLayerNormalization"(%res, %proj4, %g) {{.*}} : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<8xf32>) ->
// CHECK-LABEL: }) {sym_name = "bias_kept"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x8xf32>, %res: tensor<2x8xf32>, %w: tensor<8x8xf32>, %g: tensor<8xf32>, %v: tensor<8xf32>):
    %one = "ir.constant"() {value = dense<"0x0000803F00000000000000000000000000000000000000000000000000000000"> : tensor<8xf32>} : () -> tensor<8xf32>
    %zeros = "ir.constant"() {value = dense<"0x0000000000000000000000000000000000000000000000000000000000000000"> : tensor<8xf32>} : () -> tensor<8xf32>
    %zeros2 = "ir.constant"() {value = dense<"0x00000000"> : tensor<2x8xf32>} : () -> tensor<2x8xf32>
    %mm = "onnx.MatMul"(%h, %w) : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %proj = "onnx.Add"(%mm, %one) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %sum = "onnx.Add"(%res, %proj) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %ln = "onnx.LayerNormalization"(%sum, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %proj2 = "onnx.Add"(%mm, %zeros) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %sum2 = "onnx.Add"(%res, %proj2) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %ln2 = "onnx.LayerNormalization"(%sum2, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %proj3 = "onnx.Add"(%mm, %zeros) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %sum3 = "onnx.Add"(%res, %proj3) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %rms = "onnx.RMSNormalization"(%sum3, %g) {axis = -1 : i64, epsilon = 1.0e-06 : f64, stash_type = 1 : i64} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %proj4 = "onnx.Add"(%v, %zeros2) : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %sum4 = "onnx.Add"(%res, %proj4) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %ln4 = "onnx.LayerNormalization"(%sum4, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    "ir.return"(%ln, %ln2, %proj2, %rms, %ln4) : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) -> ()
  }) {sym_name = "bias_kept"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// With keep-parameters the bias is a parameter, which training changes: it
// stays an Add. Without it, it is a weight like any other.
// CHECK: "onnx_domain.com.microsoft.SkipLayerNormalization"(%mm, %res, %g, %[[NONE:.*]], %b)
// CHECK-LABEL: }) {sym_name = "main"
// PARAMS: %proj = "onnx.Add"(%mm, %b)
// PARAMS: "onnx_domain.com.microsoft.SkipLayerNormalization"(%res, %proj, %g)
// PARAMS-LABEL: }) {sym_name = "main"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x8xf32>, %res: tensor<2x8xf32>, %w: tensor<8x8xf32>, %g: tensor<8xf32>):
    %b = "ir.constant"() {value = dense_resource<proj.bias> : tensor<8xf32>} : () -> tensor<8xf32>
    %mm = "onnx.MatMul"(%h, %w) : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %proj = "onnx.Add"(%mm, %b) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %sum = "onnx.Add"(%res, %proj) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %ln = "onnx.LayerNormalization"(%sum, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    "ir.return"(%ln) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "main", torch.input_kinds = ["parameter", "user_input", "user_input", "user_input", "user_input"], torch.input_names = ["p_proj_bias", "h", "res", "w", "g"], torch.input_targets = ["proj.bias", "", "", "", ""]} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

{-#
  dialect_resources: {
    builtin: {
      proj.bias: "0x040000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
