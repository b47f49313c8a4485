// RUN: %pt2onnx-opt %s --split-input-file --passes=functionalize --verify-each --no-provenance | FileCheck %s

// An out= overload writes its keyword-only `out` arguments: its functional
// twin takes the other operands, and the later uses of each out tensor see
// the twin's result its return annotation names (`max` is `values`,
// `max_values` is `indices`).
// CHECK: %sum = "aten.add.Tensor"(%x, %y) {alpha = 2 : i64, arg_names = ["self", "other"]}
// CHECK: %max:2 = "aten.max.dim"(%sum) {arg_names = ["self"], dim = 1 : i64, keepdim = false} : (tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xi64>)
// CHECK-NEXT: %mul = "aten.mul.Tensor"(%sum, %sum)
// CHECK-NEXT: "ir.return"(%mul, %max#0, %max#1)
// CHECK-LABEL: }) {sym_name = "out_overloads"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>):
    %buf = "aten.empty.memory_format"() {arg_names = [], size = array<i64: 3, 4>} : () -> tensor<3x4xf32>
    %sum = "aten.add.out"(%x, %y, %buf) {alpha = 2 : i64, arg_names = ["self", "other", "out"]} : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %vals = "aten.empty.memory_format"() {arg_names = [], size = array<i64: 3>} : () -> tensor<3xf32>
    %idx = "aten.empty.memory_format"() {arg_names = [], size = array<i64: 3>} : () -> tensor<3xi64>
    %max:2 = "aten.max.dim_max"(%buf, %vals, %idx) {arg_names = ["self", "max", "max_values"], dim = 1 : i64, keepdim = false} : (tensor<3x4xf32>, tensor<3xf32>, tensor<3xi64>) -> (tensor<3xf32>, tensor<3xi64>)
    %mul = "aten.mul.Tensor"(%buf, %buf) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%mul, %vals, %idx) : (tensor<3x4xf32>, tensor<3xf32>, tensor<3xi64>) -> ()
  }) {sym_name = "out_overloads"} : () -> ()
}) : () -> ()

// -----

// A mutable overload writes arguments it does not return: its twin returns
// their new values after the op's own results, and the running statistics,
// buffers of the program, become its outputs. In eval mode
// (`training = false`) it writes nothing and stays.
// CHECK: %bn:5 = "aten._native_batch_norm_legit_functional.default"(%x, %none, %none, %mean, %var)
// CHECK-SAME: -> (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT: %eval:3 = "aten._native_batch_norm_legit.default"(%bn#0, %none, %none, %bn#3, %bn#4) {{.*}} training = false
// CHECK-NEXT: "ir.return"(%eval#0, %bn#3, %bn#4)
// CHECK-LABEL: }) {sym_name = "mutable_overload"
// CHECK-SAME: torch.output_kinds = ["user_output", "buffer_mutation", "buffer_mutation"], torch.output_names = ["eval", "bn_running_mean", "bn_running_var"], torch.output_targets = ["", "bn.running_mean", "bn.running_var"]
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x2xf32>):
    %mean = "ir.constant"() {value = dense_resource<bn.running_mean> : tensor<2xf32>} : () -> tensor<2xf32>
    %var = "ir.constant"() {value = dense_resource<bn.running_var> : tensor<2xf32>} : () -> tensor<2xf32>
    %none = "ir.constant"() {value = unit} : () -> none
    %bn:3 = "aten._native_batch_norm_legit.default"(%x, %none, %none, %mean, %var) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = true} : (tensor<4x2xf32>, none, none, tensor<2xf32>, tensor<2xf32>) -> (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>)
    %eval:3 = "aten._native_batch_norm_legit.default"(%bn#0, %none, %none, %mean, %var) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], eps = 1.0e-05 : f64, momentum = 0.1 : f64, training = false} : (tensor<4x2xf32>, none, none, tensor<2xf32>, tensor<2xf32>) -> (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>)
    "ir.return"(%eval#0) : (tensor<4x2xf32>) -> ()
  }) {sym_name = "mutable_overload", torch.input_kinds = ["buffer", "buffer", "user_input"], torch.input_names = ["b_mean", "b_var", "x"], torch.input_targets = ["bn.running_mean", "bn.running_var", ""], torch.output_kinds = ["user_output"], torch.output_names = ["eval"], torch.output_targets = [""]} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      bn.running_mean: "0x040000000000000000000000",
      bn.running_var: "0x040000000000803F0000803F"
    }
  }
#-}
