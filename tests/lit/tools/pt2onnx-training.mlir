// pt2onnx --training: the pipeline keeps parameters apart (fold-constants
// does not fold them, cse does not merge weights), and a program exported in
// eval mode is refused.
// RUN: %pt2onnx --training --print-pipeline | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: {{^}}functionalize,decompose,lower-aten{opset=20},{{.*}}fold-constants{keep-parameters=1},cse{merge-weights=0},
// RUN: %pt2onnx --print-pipeline | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: {{^}}functionalize,decompose,lower-aten{opset=20},{{.*}}fold-constants,cse,

// The training pipeline on a batch norm in training mode: the weight and the
// running variance (all ones) stay two initializers, the output is computed
// from the batch statistics, and the running statistics' updates are outputs:
// (1 - 0.1) * running + 0.1 * batch, with the unbiased batch variance
// (8 elements per channel: 8/7 times the biased one).
// RUN: %pt2onnx-opt %s --passes='functionalize,lower-aten,cse{merge-weights=0},dce' --no-provenance | FileCheck %s
// CHECK-DAG: %p_weight = "ir.constant"() {value = dense_resource<bn.weight> : tensor<2xf32>}
// CHECK-DAG: %b_var = "ir.constant"() {value = dense_resource<bn.running_var> : tensor<2xf32>}
// CHECK-DAG: %b_mean = "ir.constant"() {value = dense_resource<bn.running_mean> : tensor<2xf32>}
// CHECK: %[[MEAN:[0-9]+]] = "onnx.ReduceMean"(%x
// CHECK-NEXT: %[[CENTERED:[0-9]+]] = "onnx.Sub"(%x, %[[MEAN]])
// CHECK-NEXT: %[[SQ:[0-9]+]] = "onnx.Mul"(%[[CENTERED]], %[[CENTERED]])
// CHECK-NEXT: %[[VAR:[0-9]+]] = "onnx.ReduceMean"(%[[SQ]]
// CHECK: %bn = "onnx.Add"
// CHECK: %[[MEAN1:[0-9]+]] = "onnx.Reshape"(%[[MEAN]]
// CHECK-NEXT: %[[VAR1:[0-9]+]] = "onnx.Reshape"(%[[VAR]]
// CHECK-NEXT: %[[N:[0-9]+]] = "ir.constant"() {value = dense<"0x00000041"> : tensor<f32>}
// CHECK-NEXT: %[[ONE:[0-9]+]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>}
// CHECK-NEXT: %[[NM1:[0-9]+]] = "onnx.Sub"(%[[N]], %[[ONE]])
// CHECK-NEXT: %[[BESSEL:[0-9]+]] = "onnx.Div"(%[[N]], %[[NM1]])
// CHECK-NEXT: %[[UNBIASED:[0-9]+]] = "onnx.Mul"(%[[VAR1]], %[[BESSEL]])
// CHECK-NEXT: %[[KEEP:[0-9]+]] = "ir.constant"() {value = dense<"0x6666663F"> : tensor<f32>}
// CHECK-NEXT: %[[M0:[0-9]+]] = "onnx.Mul"(%b_mean, %[[KEEP]])
// CHECK-NEXT: %[[MOMENTUM:[0-9]+]] = "ir.constant"() {value = dense<"0xCDCCCC3D"> : tensor<f32>}
// CHECK-NEXT: %[[M1:[0-9]+]] = "onnx.Mul"(%[[MEAN1]], %[[MOMENTUM]])
// CHECK-NEXT: %bn_running_mean = "onnx.Add"(%[[M0]], %[[M1]])
// CHECK-NEXT: %[[V0:[0-9]+]] = "onnx.Mul"(%b_var, %[[KEEP]])
// CHECK-NEXT: %[[V1:[0-9]+]] = "onnx.Mul"(%[[UNBIASED]], %[[MOMENTUM]])
// CHECK-NEXT: %bn_running_var = "onnx.Add"(%[[V0]], %[[V1]])
// CHECK-NEXT: "ir.return"(%bn, %bn_running_mean, %bn_running_var)
// CHECK-NEXT: torch.output_kinds = ["user_output", "buffer_mutation", "buffer_mutation"]
// RUN: %pt2onnx-opt %s --passes='functionalize,lower-aten,cse,dce' --no-provenance | FileCheck %s --check-prefix=MERGED
// MERGED-NOT: dense_resource<bn.running_var>
// MERGED: "onnx.Sqrt"

// RUN: %pt2onnx --training %s -o %t.onnx
// RUN: not %pt2onnx --training %S/Inputs/eval-mode.mlir -o %t.eval.onnx 2>&1 | FileCheck %s --check-prefix=EVAL
// RUN: sh -c '%pt2onnx --training %S/Inputs/eval-mode.mlir -o %t.eval.onnx 2>/dev/null; test $? -eq 2'
// EVAL: pt2onnx: error: {{.*}}eval-mode.mlir: --training: the program was exported in eval mode ('aten.dropout.default' op 'dropout' in graph 'main' is in its inference form); export it after model.train()
// The inference forms come from the op table: the `_no_training` overload,
// and any overload whose `training` or `train` argument is false.
// RUN: not %pt2onnx --training %S/Inputs/eval-mode-batch-norm.mlir -o %t.eval.onnx 2>&1 | FileCheck %s --check-prefix=EVAL-BN
// EVAL-BN: pt2onnx: error: {{.*}}eval-mode-batch-norm.mlir: --training: the program was exported in eval mode ('aten._native_batch_norm_legit_no_training.default' op 'bn' in graph 'main' is in its inference form)
// RUN: not %pt2onnx --training %S/Inputs/eval-mode-lstm.mlir -o %t.eval.onnx 2>&1 | FileCheck %s --check-prefix=EVAL-LSTM
// EVAL-LSTM: pt2onnx: error: {{.*}}eval-mode-lstm.mlir: --training: the program was exported in eval mode ('aten.lstm.input' op 'lstm' in graph 'main' is in its inference form)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x2x2xf32>):
    %p_weight = "ir.constant"() {value = dense_resource<bn.weight> : tensor<2xf32>} : () -> tensor<2xf32>
    %p_bias = "ir.constant"() {value = dense_resource<bn.bias> : tensor<2xf32>} : () -> tensor<2xf32>
    %b_mean = "ir.constant"() {value = dense_resource<bn.running_mean> : tensor<2xf32>} : () -> tensor<2xf32>
    %b_var = "ir.constant"() {value = dense_resource<bn.running_var> : tensor<2xf32>} : () -> tensor<2xf32>
    %bn = "aten.batch_norm.default"(%x, %p_weight, %p_bias, %b_mean, %b_var) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], cudnn_enabled = false, eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = true} : (tensor<4x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x2x2xf32>
    "ir.return"(%bn) : (tensor<4x2x2xf32>) -> ()
  }) {sym_name = "main", torch.input_kinds = ["parameter", "parameter", "buffer", "buffer", "user_input"], torch.input_names = ["p_weight", "p_bias", "b_mean", "b_var", "x"], torch.input_targets = ["bn.weight", "bn.bias", "bn.running_mean", "bn.running_var", ""], torch.output_kinds = ["user_output"], torch.output_names = ["bn"], torch.output_targets = [""]} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      bn.weight: "0x040000000000803F0000803F",
      bn.bias: "0x040000000000000000000000",
      bn.running_mean: "0x040000000000000000000000",
      bn.running_var: "0x040000000000803F0000803F"
    }
  }
#-}
