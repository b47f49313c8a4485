// RUN: %pt2onnx-opt %s --passes=functionalize --verify-each --no-provenance | FileCheck %s

// The program's state, as its torch signature names it: updates of buffers
// and user inputs become graph outputs after the program's own, with the
// signature's output kinds, names and targets, as torch's functionalization
// gives them. Training-mode batch norm updates its running statistics:
// it becomes _native_batch_norm_legit_functional, whose results 3 and 4 are
// their new values.
// CHECK: %add_ = "aten.add.Tensor"(%b_count) {arg_names = ["self"], other = 1 : i64}
// CHECK-NEXT: %bn:5 = "aten._native_batch_norm_legit_functional.default"(%x, %p_weight, %p_bias, %b_mean, %b_var) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = true} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: %mul_ = "aten.mul.Tensor"(%y, %bn#0)
// CHECK-NEXT: %mul_1 = "aten.mul.Scalar"(%add_) {arg_names = ["self"], other = 2 : i64}
// CHECK-NEXT: "ir.return"(%bn#0, %mul_1, %bn#3, %bn#4, %mul_)
// CHECK-NEXT: torch.output_kinds = ["user_output", "buffer_mutation", "buffer_mutation", "buffer_mutation", "user_input_mutation"]
// CHECK-SAME: torch.output_names = ["bn", "mul_1", "bn_running_mean", "bn_running_var", "mul_"]
// CHECK-SAME: torch.output_targets = ["", "count", "bn.running_mean", "bn.running_var", "y"]
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %y: tensor<2x3x4xf32>):
    %p_weight = "ir.constant"() {value = dense_resource<bn.weight> : tensor<3xf32>} : () -> tensor<3xf32>
    %p_bias = "ir.constant"() {value = dense_resource<bn.bias> : tensor<3xf32>} : () -> tensor<3xf32>
    %b_mean = "ir.constant"() {value = dense_resource<bn.running_mean> : tensor<3xf32>} : () -> tensor<3xf32>
    %b_var = "ir.constant"() {value = dense_resource<bn.running_var> : tensor<3xf32>} : () -> tensor<3xf32>
    %b_count = "ir.constant"() {value = dense_resource<count> : tensor<i64>} : () -> tensor<i64>
    %add_ = "aten.add_.Tensor"(%b_count) {arg_names = ["self"], other = 1 : i64} : (tensor<i64>) -> tensor<i64>
    %bn = "aten.batch_norm.default"(%x, %p_weight, %p_bias, %b_mean, %b_var) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], cudnn_enabled = false, eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = true} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
    %mul_ = "aten.mul_.Tensor"(%y, %bn) {arg_names = ["self", "other"]} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %mul_1 = "aten.mul_.Scalar"(%b_count) {arg_names = ["self"], other = 2 : i64} : (tensor<i64>) -> tensor<i64>
    "ir.return"(%bn) : (tensor<2x3x4xf32>) -> ()
  }) {sym_name = "main", torch.input_kinds = ["parameter", "parameter", "buffer", "buffer", "buffer", "user_input", "user_input"], torch.input_names = ["p_weight", "p_bias", "b_mean", "b_var", "b_count", "x", "y"], torch.input_targets = ["bn.weight", "bn.bias", "bn.running_mean", "bn.running_var", "count", "", ""], torch.output_kinds = ["user_output"], torch.output_names = ["bn"], torch.output_targets = [""]} : () -> ()
}) : () -> ()
