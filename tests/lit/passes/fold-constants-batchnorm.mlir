// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance --print-weights | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants,dce --no-provenance --print-weights | FileCheck %s --check-prefix=DCE

// fold-batch-norm-into-conv: a BatchNormalization in inference form after a
// Conv or ConvTranspose with constant weights folds into it, per output
// channel c, with f = scale / sqrt(var + epsilon): W' = W * f and
// b' = (b - mean) * f + beta. Weights nothing else refers to keep their
// names and get the new bytes, printed after the module; what only the
// folded BatchNormalization used goes with dce.

// f = [2/1, 3/2], W' = W * f = [2, 3], b' = (0 - mean) * f + beta = [0, -0.5]:
// conv.weight, and bn.bias as the new bias.
// CHECK: %conv = "onnx.Conv"(%x, %w, %beta) {group = 1 : i64}
// CHECK-NOT: "onnx.BatchNormalization"
// CHECK: %relu = "onnx.Relu"(%conv)
// CHECK-LABEL: }) {sym_name = "conv_without_bias"}
// CHECK-DAG: conv.weight: "0x040000000000004000004040"
// CHECK-DAG: bn.bias: "0x0400000000000000000000BF"
// DCE:      builtin: {
// DCE-NEXT:   conv.weight:
// DCE-NEXT:   bn.bias:
// DCE-NEXT: }
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4x4xf32>):
    %w = "ir.constant"() {value = dense_resource<conv.weight> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
    %scale = "ir.constant"() {value = dense_resource<bn.scale> : tensor<2xf32>} : () -> tensor<2xf32>
    %beta = "ir.constant"() {value = dense_resource<bn.bias> : tensor<2xf32>} : () -> tensor<2xf32>
    %mean = "ir.constant"() {value = dense_resource<bn.mean> : tensor<2xf32>} : () -> tensor<2xf32>
    %var = "ir.constant"() {value = dense_resource<bn.var> : tensor<2xf32>} : () -> tensor<2xf32>
    %conv = "onnx.Conv"(%x, %w) {group = 1 : i64} : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
    %bn = "onnx.BatchNormalization"(%conv, %scale, %beta, %mean, %var) {epsilon = 1.0 : f64} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %relu = "onnx.Relu"(%bn) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    "ir.return"(%relu) : (tensor<1x2x4x4xf32>) -> ()
  }) {sym_name = "conv_without_bias"} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      conv.weight: "0x040000000000803F00000040",
      bn.scale: "0x040000000000004000004040",
      bn.bias: "0x040000000000803F0000803F",
      bn.mean: "0x040000000000003F0000803F",
      bn.var: "0x040000000000000000004040"
    }
  }
#-}

// -----

// Refused: the Conv's result is used by something else too.
// CHECK: %shared = "onnx.Conv"(%x, %w2, %b2)
// CHECK-NEXT: %bn2 = "onnx.BatchNormalization"(%shared,
// CHECK-NEXT: %other = "onnx.Neg"(%shared)
// CHECK-LABEL: }) {sym_name = "shared_conv"}
// TRACE: pattern fold-batch-norm-into-conv on onnx.BatchNormalization %bn2: the convolution has other uses
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4x4xf32>):
    %scale3 = "ir.constant"() {value = dense<"0x0000004000004040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %zero3 = "ir.constant"() {value = dense<"0x0000000000000000"> : tensor<2xf32>} : () -> tensor<2xf32>
    %var3 = "ir.constant"() {value = dense<"0x0000000000004040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %w2 = "ir.constant"() {value = dense<"0x0000803F00000040"> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
    %b2 = "ir.constant"() {value = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %shared = "onnx.Conv"(%x, %w2, %b2) : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %bn2 = "onnx.BatchNormalization"(%shared, %scale3, %zero3, %zero3, %var3) {epsilon = 1.0 : f64} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %other = "onnx.Neg"(%shared) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    "ir.return"(%bn2, %other) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> ()
  }) {sym_name = "shared_conv"} : () -> ()
}) : () -> ()

// -----

// ConvTranspose: output channels are on axis 1 of W, per group. With 4
// input channels in 2 groups of 1 output channel, W' = [1*2, 2*2, 3*1.5,
// 4*1.5]; b' = b * f = [2, 3], in ct.weight and ct.bias.
// CHECK: %ct = "onnx.ConvTranspose"(%x4, %tw, %tb) {group = 2 : i64}
// CHECK-NEXT: %relu3 = "onnx.Relu"(%ct)
// CHECK-LABEL: }) {sym_name = "conv_transpose"}
// CHECK-DAG: ct.weight: "0x040000000000004000008040000090400000C040"
// CHECK-DAG: ct.bias: "0x040000000000004000004040"
// DCE:      builtin: {
// DCE-NEXT:   ct.weight:
// DCE-NEXT:   ct.bias:
// DCE-NEXT: }
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x4: tensor<1x4x4x4xf32>):
    %scale3 = "ir.constant"() {value = dense<"0x0000004000004040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %zero3 = "ir.constant"() {value = dense<"0x0000000000000000"> : tensor<2xf32>} : () -> tensor<2xf32>
    %var3 = "ir.constant"() {value = dense<"0x0000000000004040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %tw = "ir.constant"() {value = dense_resource<ct.weight> : tensor<4x1x1x1xf32>} : () -> tensor<4x1x1x1xf32>
    %tb = "ir.constant"() {value = dense_resource<ct.bias> : tensor<2xf32>} : () -> tensor<2xf32>
    %ct = "onnx.ConvTranspose"(%x4, %tw, %tb) {group = 2 : i64} : (tensor<1x4x4x4xf32>, tensor<4x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %bn3 = "onnx.BatchNormalization"(%ct, %scale3, %zero3, %zero3, %var3) {epsilon = 1.0 : f64} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %relu3 = "onnx.Relu"(%bn3) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    "ir.return"(%relu3) : (tensor<1x2x4x4xf32>) -> ()
  }) {sym_name = "conv_transpose"} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      ct.weight: "0x040000000000803F000000400000404000008040",
      ct.bias: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// A weight another Conv also uses is not changed: the folded Conv gets a new
// constant (small here, so a dense literal) named after the weight value,
// and a new bias.
// CHECK: %sw = "ir.constant"() {value = dense_resource<shared.weight>
// CHECK: %sw_1 = "ir.constant"() {value = dense<"0x0000004000004040"> : tensor<2x1x1x1xf32>}
// CHECK-NEXT: %beta4_1 = "ir.constant"() {value = dense<"0x00000000000000BF"> : tensor<2xf32>}
// CHECK-NEXT: %conv_a = "onnx.Conv"(%x, %sw_1, %beta4_1)
// CHECK-NEXT: %conv_b = "onnx.Conv"(%x, %sw)
// CHECK-LABEL: }) {sym_name = "shared_weight"}
// CHECK: shared.weight: "0x040000000000803F00000040"
// DCE-NOT: %scale4
// DCE:      builtin: {
// DCE-NEXT:   shared.weight:
// DCE-NEXT: }
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4x4xf32>):
    %sw = "ir.constant"() {value = dense_resource<shared.weight> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
    %scale4 = "ir.constant"() {value = dense<"0x0000004000004040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %beta4 = "ir.constant"() {value = dense<"0x0000803F0000803F"> : tensor<2xf32>} : () -> tensor<2xf32>
    %mean4 = "ir.constant"() {value = dense<"0x0000003F0000803F"> : tensor<2xf32>} : () -> tensor<2xf32>
    %var4 = "ir.constant"() {value = dense<"0x0000000000004040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %conv_a = "onnx.Conv"(%x, %sw) : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
    %bn4 = "onnx.BatchNormalization"(%conv_a, %scale4, %beta4, %mean4, %var4) {epsilon = 1.0 : f64} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %conv_b = "onnx.Conv"(%x, %sw) : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
    "ir.return"(%bn4, %conv_b) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> ()
  }) {sym_name = "shared_weight"} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      shared.weight: "0x040000000000803F00000040"
    }
  }
#-}
