// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{keep-parameters=1}' --no-provenance | FileCheck %s --check-prefix=PARAMS

// drop-zero-plus-biased: x + 0.0 is x when x is never -0.0, which the
// weights show for a Conv or ConvTranspose with a bias, a Gemm with C (and
// beta 1), or an Add of a constant, none of them holding -0.0.

// A convolution with a bias of [1.0, -2.0]: 0.0 + conv is conv.
// CHECK: %conv = "onnx.Conv"(%x, %w, %b)
// CHECK-NOT: "onnx.Add"
// CHECK: "ir.return"(%conv)
// CHECK-LABEL: }) {sym_name = "zero_plus_conv"}
// TRACE-NOT: on onnx.Add %sum:
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4xf32>):
    %w = "ir.constant"() {value = dense_resource<conv.weight> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
    %b = "ir.constant"() {value = dense_resource<conv.bias> : tensor<2xf32>} : () -> tensor<2xf32>
    %zero = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %conv = "onnx.Conv"(%x, %w, %b) {group = 1 : i64} : (tensor<1x1x4xf32>, tensor<2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4xf32>
    %sum = "onnx.Add"(%zero, %conv) : (tensor<f32>, tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
    "ir.return"(%sum) : (tensor<1x2x4xf32>) -> ()
  }) {sym_name = "zero_plus_conv"} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      conv.weight: "0x040000000000803F00000040",
      conv.bias: "0x040000000000803F000000C0"
    }
  }
#-}

// -----

// Kept: a bias element is -0.0, and the sum of -0.0 products and -0.0 is -0.0.
// CHECK: %sum_nz = "onnx.Add"(%conv_nz, %zero_nz)
// CHECK-LABEL: }) {sym_name = "bias_with_negative_zero"}
// TRACE: pattern drop-zero-plus-biased on onnx.Add %sum_nz: the bias has a -0.0 element
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4xf32>):
    %w = "ir.constant"() {value = dense_resource<conv.weight> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
    %b = "ir.constant"() {value = dense_resource<conv.bias> : tensor<2xf32>} : () -> tensor<2xf32>
    %zero_nz = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %conv_nz = "onnx.Conv"(%x, %w, %b) {group = 1 : i64} : (tensor<1x1x4xf32>, tensor<2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4xf32>
    %sum_nz = "onnx.Add"(%conv_nz, %zero_nz) : (tensor<1x2x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    "ir.return"(%sum_nz) : (tensor<1x2x4xf32>) -> ()
  }) {sym_name = "bias_with_negative_zero"} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      conv.weight: "0x040000000000803F00000040",
      conv.bias: "0x040000000000803F00000080"
    }
  }
#-}

// -----

// Kept: a convolution without a bias is -0.0 where its products are.
// CHECK: %sum_nb = "onnx.Add"(%conv_nb, %zero_nb)
// CHECK-LABEL: }) {sym_name = "conv_without_bias"}
// TRACE: pattern drop-zero-plus-biased on onnx.Add %sum_nb: the other operand is not the result of a biased Conv, ConvTranspose or Gemm, or an Add
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4xf32>, %w: tensor<2x1x1xf32>):
    %zero_nb = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %conv_nb = "onnx.Conv"(%x, %w) {group = 1 : i64} : (tensor<1x1x4xf32>, tensor<2x1x1xf32>) -> tensor<1x2x4xf32>
    %sum_nb = "onnx.Add"(%conv_nb, %zero_nb) : (tensor<1x2x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    "ir.return"(%sum_nb) : (tensor<1x2x4xf32>) -> ()
  }) {sym_name = "conv_without_bias"} : () -> ()
}) : () -> ()

// -----

// An Add of a constant without -0.0 (0.5 and +0.0) is never -0.0: the Add of
// 0.0 after it goes.
// CHECK: %shifted = "onnx.Add"(%y, %half)
// CHECK-NEXT: "ir.return"(%shifted)
// CHECK-LABEL: }) {sym_name = "zero_plus_shifted"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2xf32>):
    %half = "ir.constant"() {value = dense<"0x0000003F00000000"> : tensor<2xf32>} : () -> tensor<2xf32>
    %zero_s = "ir.constant"() {value = dense<"0x00000000"> : tensor<1xf32>} : () -> tensor<1xf32>
    %shifted = "onnx.Add"(%y, %half) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %sum_s = "onnx.Add"(%shifted, %zero_s) : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
    "ir.return"(%sum_s) : (tensor<2xf32>) -> ()
  }) {sym_name = "zero_plus_shifted"} : () -> ()
}) : () -> ()

// -----

// Kept: a Gemm whose beta is not 1 scales C, and 0.5 * C may round to -0.0.
// CHECK: %sum_g = "onnx.Add"(%gemm, %zero_g)
// CHECK-LABEL: }) {sym_name = "gemm_with_beta"}
// TRACE: pattern drop-zero-plus-biased on onnx.Add %sum_g: the Gemm's beta is not 1
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x2xf32>, %bm: tensor<2x2xf32>):
    %c = "ir.constant"() {value = dense<"0x0000803F0000803F"> : tensor<2xf32>} : () -> tensor<2xf32>
    %zero_g = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %gemm = "onnx.Gemm"(%a, %bm, %c) {beta = 0.5 : f64} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
    %sum_g = "onnx.Add"(%gemm, %zero_g) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
    "ir.return"(%sum_g) : (tensor<2x2xf32>) -> ()
  }) {sym_name = "gemm_with_beta"} : () -> ()
}) : () -> ()

// -----

// Kept: the zero broadcasts the sum up ([2] + [3, 2]), so the result is not x.
// CHECK: %sum_up = "onnx.Add"(%shifted_up, %zeros_up)
// CHECK-LABEL: }) {sym_name = "zero_grows_x"}
// TRACE: pattern drop-zero-plus-biased on onnx.Add %sum_up: no operand is a float constant of +0.0 that leaves the other's shape unchanged
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2xf32>):
    %one = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>} : () -> tensor<f32>
    %zeros_up = "ir.constant"() {value = dense<"0x000000000000000000000000000000000000000000000000"> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
    %shifted_up = "onnx.Add"(%y, %one) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %sum_up = "onnx.Add"(%shifted_up, %zeros_up) : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    "ir.return"(%sum_up) : (tensor<3x2xf32>) -> ()
  }) {sym_name = "zero_grows_x"} : () -> ()
}) : () -> ()

// -----

// Kept with keep-parameters: the bias is a parameter, which training changes.
// Without it, the bias is a weight like any other.
// CHECK: "ir.return"(%conv_p)
// CHECK-LABEL: }) {sym_name = "main"
// PARAMS: %sum_p = "onnx.Add"(%conv_p, %zero_p)
// PARAMS-LABEL: }) {sym_name = "main"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4xf32>):
    %w = "ir.constant"() {value = dense_resource<conv.weight> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
    %b = "ir.constant"() {value = dense_resource<conv.bias> : tensor<2xf32>} : () -> tensor<2xf32>
    %zero_p = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %conv_p = "onnx.Conv"(%x, %w, %b) {group = 1 : i64} : (tensor<1x1x4xf32>, tensor<2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4xf32>
    %sum_p = "onnx.Add"(%conv_p, %zero_p) : (tensor<1x2x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    "ir.return"(%sum_p) : (tensor<1x2x4xf32>) -> ()
  }) {sym_name = "main", torch.input_kinds = ["parameter", "parameter", "user_input"], torch.input_names = ["p_conv_weight", "p_conv_bias", "x"], torch.input_targets = ["conv.weight", "conv.bias", ""]} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      conv.weight: "0x040000000000803F00000040",
      conv.bias: "0x040000000000803F000000C0"
    }
  }
#-}
