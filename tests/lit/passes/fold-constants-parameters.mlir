// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{keep-parameters=1}' --no-provenance | FileCheck %s --check-prefix=KEEP
// RUN: not %pt2onnx-opt %s --split-input-file --passes='fold-constants{keep-parameters=2}' 2>&1 | FileCheck %s --check-prefix=BAD-BOOL
// RUN: not %pt2onnx-opt %s --split-input-file --passes='fold-constants{limit=many}' 2>&1 | FileCheck %s --check-prefix=BAD-LIMIT
// RUN: not %pt2onnx-opt %s --split-input-file --passes='fold-constants{limit=-1}' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not %pt2onnx-opt %s --split-input-file --passes='fold-constants{depth=1}' 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// BAD-BOOL: option 'keep-parameters' expects 0, 1, true or false, got '2'
// BAD-LIMIT: option 'limit' expects an integer, got 'many'
// NEGATIVE: option 'limit' must not be negative, got -1
// UNKNOWN: pass 'fold-constants' has no option 'depth'

// Weights the program takes as parameters (torch.input_kinds) are constants
// like any other weight by default. The signature is the main graph's: a
// graph of another name has no parameters.
// CHECK: %t = "ir.constant"() {value = dense<"0x0000803F000040400000004000008040"> : tensor<2x2xf32>}
// CHECK: %n = "ir.constant"() {value = dense<"0x000000BF0000003F"> : tensor<2xf32>}
// CHECK-LABEL: }) {sym_name = "main"
// With keep-parameters, nothing is computed from a parameter (they stay
// initializers, for training); buffers still fold.
// KEEP: %t = "onnx.Transpose"(%p_fc_weight)
// KEEP: %n = "ir.constant"() {value = dense<"0x000000BF0000003F"> : tensor<2xf32>}
// KEEP-LABEL: }) {sym_name = "main"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<i64>):
    %p_fc_weight = "ir.constant"() {value = dense_resource<fc.weight> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %b_stats = "ir.constant"() {value = dense_resource<stats> : tensor<2xf32>} : () -> tensor<2xf32>
    %t = "onnx.Transpose"(%p_fc_weight) {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %n = "onnx.Neg"(%b_stats) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%t, %n) : (tensor<2x2xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "main", torch.input_kinds = ["parameter", "buffer", "user_input"], torch.input_names = ["p_fc_weight", "b_stats", "x"], torch.input_targets = ["fc.weight", "stats", ""]} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      fc.weight: "0x040000000000803F000000400000404000008040",
      stats: "0x040000000000003F000000BF"
    }
  }
#-}

// -----

// The signature is read from the graph named main only: under another name
// the same graph's parameters fold even with keep-parameters.
// KEEP: %t = "ir.constant"() {value = dense<"0x0000803F000040400000004000008040"> : tensor<2x2xf32>}
// KEEP-LABEL: }) {sym_name = "signature_of_another_graph"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<i64>):
    %p_fc_weight = "ir.constant"() {value = dense_resource<fc.weight> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %b_stats = "ir.constant"() {value = dense_resource<stats> : tensor<2xf32>} : () -> tensor<2xf32>
    %t = "onnx.Transpose"(%p_fc_weight) {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %n = "onnx.Neg"(%b_stats) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%t, %n) : (tensor<2x2xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "signature_of_another_graph", torch.input_kinds = ["parameter", "buffer", "user_input"], torch.input_names = ["p_fc_weight", "b_stats", "x"], torch.input_targets = ["fc.weight", "stats", ""]} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      fc.weight: "0x040000000000803F000000400000404000008040",
      stats: "0x040000000000003F000000BF"
    }
  }
#-}


// -----

// Ops in regions fold when their operands are constants, from outside the
// region or inside; an operand that is a region argument is not constant.
// CHECK: "test.loop"() ({
// CHECK-NEXT: ^bb0(%i: tensor<i64>):
// CHECK-NEXT: %inner = "ir.constant"() {value = dense<3> : tensor<i64>}
// CHECK-NEXT: %step = "onnx.Add"(%i, %inner)
// CHECK-NEXT: "ir.return"(%step)
// CHECK-LABEL: }) {sym_name = "ops_in_regions_fold"}
"ir.module"() ({
  "ir.graph"() ({
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %two = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %r = "test.loop"() ({
    ^bb0(%i: tensor<i64>):
      %inner = "onnx.Add"(%one, %two) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      %step = "onnx.Add"(%i, %inner) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "ir.return"(%step) : (tensor<i64>) -> ()
    }) : () -> tensor<i64>
    "ir.return"(%r) : (tensor<i64>) -> ()
  }) {sym_name = "ops_in_regions_fold"} : () -> ()
}) : () -> ()
