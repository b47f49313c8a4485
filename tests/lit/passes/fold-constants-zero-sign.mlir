// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{keep-parameters=1}' --no-provenance | FileCheck %s --check-prefix=PARAMS

// drop-zero-plus-unseen-sign and drop-zero-bias: x + zeros is x, and a bias
// of zeros drops out, where no output of the program can tell -0.0 from
// +0.0 in the sum (passes/fold/ZeroSign.h).

// A zero projection bias under a layer norm whose bias has no -0.0 (a
// zero sum comes out +0.0 whatever its sign), through the residual Add.
// CHECK: %mm = "onnx.MatMul"(%h, %w)
// CHECK-NEXT: %sum = "onnx.Add"(%res, %mm)
// CHECK-NEXT: %ln = "onnx.LayerNormalization"(%sum, %g, %beta)
// CHECK-LABEL: }) {sym_name = "under_layer_norm"}
// TRACE-NOT: drop-zero-plus-unseen-sign on onnx.Add %proj:
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x8xf32>, %res: tensor<2x8xf32>, %w: tensor<8x8xf32>, %g: tensor<8xf32>):
    %zeros = "ir.constant"() {value = dense<"0x00000000"> : tensor<8xf32>} : () -> tensor<8xf32>
    %beta = "ir.constant"() {value = dense<"0x00000000"> : tensor<8xf32>} : () -> tensor<8xf32>
    %mm = "onnx.MatMul"(%h, %w) : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %proj = "onnx.Add"(%mm, %zeros) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %sum = "onnx.Add"(%res, %proj) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %ln = "onnx.LayerNormalization"(%sum, %g, %beta) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    "ir.return"(%ln) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "under_layer_norm"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Whisper's front: a zero conv bias through Gelu, a Transpose and the Add of
// a positional table without -0.0; and sums that only exp, softmax, a
// comparison and a cast to int64 read.
// CHECK: %conv = "onnx.Conv"(%x, %cw) {group = 1 : i64}
// CHECK: %e = "onnx.Exp"(%x2)
// CHECK: %s = "onnx.Softmax"(%x2)
// CHECK: %lt = "onnx.Less"(%x2, %x2)
// CHECK: %i = "onnx.Cast"(%x2)
// CHECK-LABEL: }) {sym_name = "blind"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x4x6xf32>, %x2: tensor<3xf32>):
    %cw = "ir.constant"() {value = dense<"0x0000803F"> : tensor<4x4x1xf32>} : () -> tensor<4x4x1xf32>
    %cb = "ir.constant"() {value = dense<"0x00000000"> : tensor<4xf32>} : () -> tensor<4xf32>
    %pos = "ir.constant"() {value = dense<"0x0000803F000000000000803F0000000000000000000080BF"> : tensor<6x1xf32>} : () -> tensor<6x1xf32>
    %z3 = "ir.constant"() {value = dense<"0x00000000"> : tensor<3xf32>} : () -> tensor<3xf32>
    %conv = "onnx.Conv"(%x, %cw, %cb) {group = 1 : i64} : (tensor<1x4x6xf32>, tensor<4x4x1xf32>, tensor<4xf32>) -> tensor<1x4x6xf32>
    %gelu = "onnx.Gelu"(%conv) : (tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
    %t = "onnx.Transpose"(%gelu) {perm = array<i64: 0, 2, 1>} : (tensor<1x4x6xf32>) -> tensor<1x6x4xf32>
    %p = "onnx.Add"(%t, %pos) : (tensor<1x6x4xf32>, tensor<6x1xf32>) -> tensor<1x6x4xf32>
    %a1 = "onnx.Add"(%x2, %z3) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %e = "onnx.Exp"(%a1) : (tensor<3xf32>) -> tensor<3xf32>
    %a2 = "onnx.Add"(%z3, %x2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %s = "onnx.Softmax"(%a2) {axis = -1 : i64} : (tensor<3xf32>) -> tensor<3xf32>
    %a3 = "onnx.Add"(%x2, %z3) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %lt = "onnx.Less"(%a3, %x2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %a4 = "onnx.Add"(%x2, %z3) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %i = "onnx.Cast"(%a4) {to = i64} : (tensor<3xf32>) -> tensor<3xi64>
    "ir.return"(%p, %e, %s, %lt, %i) : (tensor<1x6x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi64>) -> ()
  }) {sym_name = "blind"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// Kept: the sum is an output; it is a divisor (1 / -0.0 is -inf); a layer
// norm without a bias returns a zero's sign; the positional table holds a
// -0.0 (-0.0 + -0.0 stays -0.0); a Gemm's result reaches Reciprocal; an op
// the analysis does not know (Atan2's ONNX form, Pow) reads it.
// CHECK: %out = "onnx.Add"(%x, %z)
// CHECK: %den = "onnx.Add"(%x, %z)
// CHECK: %pre = "onnx.Add"(%x, %z)
// CHECK: %conv = "onnx.Conv"(%c, %cw, %cb)
// CHECK: %gemm = "onnx.Gemm"(%m, %gw, %gb)
// CHECK: %base = "onnx.Add"(%x, %z)
// CHECK-LABEL: }) {sym_name = "seen"}
// TRACE: pattern drop-zero-plus-unseen-sign on onnx.Add %out: a use of the sum may see the sign of a zero
// TRACE: pattern drop-zero-plus-unseen-sign on onnx.Add %den: a use of the sum may see the sign of a zero
// TRACE: pattern drop-zero-plus-unseen-sign on onnx.Add %pre: a use of the sum may see the sign of a zero
// TRACE: pattern drop-zero-bias on onnx.Conv %conv: a use of the result may see the sign of a zero
// TRACE: pattern drop-zero-bias on onnx.Gemm %gemm: a use of the result may see the sign of a zero
// TRACE: pattern drop-zero-plus-unseen-sign on onnx.Add %base: a use of the sum may see the sign of a zero
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %c: tensor<1x4x6xf32>, %m: tensor<2x3xf32>):
    %z = "ir.constant"() {value = dense<"0x00000000"> : tensor<3xf32>} : () -> tensor<3xf32>
    %one = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>} : () -> tensor<f32>
    %g = "ir.constant"() {value = dense<"0x0000803F"> : tensor<3xf32>} : () -> tensor<3xf32>
    %cw = "ir.constant"() {value = dense<"0x0000803F"> : tensor<4x4x1xf32>} : () -> tensor<4x4x1xf32>
    %cb = "ir.constant"() {value = dense<"0x00000000"> : tensor<4xf32>} : () -> tensor<4xf32>
    %negpos = "ir.constant"() {value = dense<"0x00000080"> : tensor<4xf32>} : () -> tensor<4xf32>
    %gw = "ir.constant"() {value = dense<"0x0000803F"> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
    %gb = "ir.constant"() {value = dense<"0x00000000"> : tensor<3xf32>} : () -> tensor<3xf32>
    %out = "onnx.Add"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %den = "onnx.Add"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %q = "onnx.Div"(%one, %den) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %pre = "onnx.Add"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %ln = "onnx.LayerNormalization"(%pre, %g) {axis = -1 : i64, epsilon = 1.0e-05 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %conv = "onnx.Conv"(%c, %cw, %cb) {group = 1 : i64} : (tensor<1x4x6xf32>, tensor<4x4x1xf32>, tensor<4xf32>) -> tensor<1x4x6xf32>
    %t = "onnx.Transpose"(%conv) {perm = array<i64: 0, 2, 1>} : (tensor<1x4x6xf32>) -> tensor<1x6x4xf32>
    %p = "onnx.Add"(%t, %negpos) : (tensor<1x6x4xf32>, tensor<4xf32>) -> tensor<1x6x4xf32>
    %gemm = "onnx.Gemm"(%m, %gw, %gb) : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %r = "onnx.Reciprocal"(%gemm) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %base = "onnx.Add"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %pow = "onnx.Pow"(%base, %one) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%out, %q, %ln, %p, %r, %pow) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x6x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "seen"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// A Gemm's zero C under a Sigmoid; with keep-parameters the bias is a
// parameter, which training changes, and stays.
// CHECK: %gemm = "onnx.Gemm"(%m, %gw) {transB = 1 : i64}
// CHECK-LABEL: }) {sym_name = "main"
// PARAMS: %gemm = "onnx.Gemm"(%m, %gw, %gb) {transB = 1 : i64}
// PARAMS-LABEL: }) {sym_name = "main"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%m: tensor<2x3xf32>):
    %gw = "ir.constant"() {value = dense<"0x0000803F"> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
    %gb = "ir.constant"() {value = dense_resource<fc.bias> : tensor<3xf32>} : () -> tensor<3xf32>
    %gemm = "onnx.Gemm"(%m, %gw, %gb) {transB = 1 : i64} : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %relu = "onnx.Relu"(%gemm) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %s = "onnx.Sigmoid"(%relu) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%s) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "main", torch.input_kinds = ["parameter", "user_input"], torch.input_names = ["p_fc_bias", "m"], torch.input_targets = ["fc.bias", ""]} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

{-#
  dialect_resources: {
    builtin: {
      fc.bias: "0x04000000000000000000000000000000"
    }
  }
#-}

// -----

// Through opset 23's Attention (scores a softmax reads, weighted sums of v)
// to a softmax.
// CHECK: %att = "onnx.Attention"(%q, %k, %v)
// CHECK-LABEL: }) {sym_name = "attention"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x2x3x4xf32>, %k: tensor<1x2x3x4xf32>, %v: tensor<1x2x3x4xf32>):
    %z = "ir.constant"() {value = dense<"0x00000000"> : tensor<4xf32>} : () -> tensor<4xf32>
    %qb = "onnx.Add"(%q, %z) : (tensor<1x2x3x4xf32>, tensor<4xf32>) -> tensor<1x2x3x4xf32>
    %att = "onnx.Attention"(%qb, %k, %v) : (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
    %s = "onnx.Softmax"(%att) {axis = -1 : i64} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
    "ir.return"(%s) : (tensor<1x2x3x4xf32>) -> ()
  }) {sym_name = "attention"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()
