// One case: a whole module with its weights, printed back byte for byte.
// A small imported program: symbolic batch dim and SymInt values, weights
// with their bytes, provenance. Printing is the identity on this text, it is
// idempotent, and mlir-opt reads it.
// RUN: %pt2onnx-opt %s --print-weights | FileCheck %s
// RUN: %pt2onnx-opt %s --print-weights | %pt2onnx-opt --print-weights | FileCheck %s
// RUN: %pt2onnx-opt %s --print-weights -o %t.1 && %pt2onnx-opt %t.1 --print-weights -o %t.2 && diff %t.1 %t.2
// RUN: %pt2onnx-opt %s --verify --print-weights | %mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK:      "ir.module"() ({
// CHECK-NEXT:   "ir.graph"() ({
// CHECK-NEXT:   ^bb0(%x: tensor<?x4xf32, "s0">, %n: !torch.symint<"s0">):
// CHECK-NEXT:     %p_fc_weight = "ir.constant"() {value = dense_resource<fc.weight> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
// CHECK-NEXT:     %p_fc_bias = "ir.constant"() {value = dense_resource<fc.bias> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK-NEXT:     %linear = "aten.linear.default"(%x, %p_fc_weight, %p_fc_bias) {arg_names = ["input", "weight", "bias"]} : (tensor<?x4xf32, "s0">, tensor<2x4xf32>, tensor<2xf32>) -> tensor<?x2xf32, "s0"> loc(fused<{nn_module_stack = "{'L__self__': ('', 'MLP'), 'L__self___fc': ('fc', 'Linear')}", stack_trace = "File \22mlp.py\22, line 9, in forward\0A    return self.fc(x).relu()", torch_fn = "linear_1;torch.nn.functional.linear"}>["linear"])
// CHECK-NEXT:     %relu = "aten.relu.default"(%linear) {arg_names = ["self"]} : (tensor<?x2xf32, "s0">) -> tensor<?x2xf32, "s0"> loc("relu")
// CHECK-NEXT:     %sym_size = "aten.sym_size.int"(%relu) {dim = 0 : i64} : (tensor<?x2xf32, "s0">) -> !torch.symint<"s0"> loc("sym_size")
// CHECK-NEXT:     %mul = "aten.mul"(%sym_size) {other = 2 : i64} : (!torch.symint<"s0">) -> !torch.symint<"2*s0"> loc("mul")
// CHECK-NEXT:     %view = "aten.view.default"(%relu, %mul) : (tensor<?x2xf32, "s0">, !torch.symint<"2*s0">) -> tensor<?xf32, "2*s0"> loc("view")
// CHECK-NEXT:     "ir.return"(%view, %n) : (tensor<?xf32, "2*s0">, !torch.symint<"s0">) -> ()
// CHECK-NEXT:   }) {sym_name = "main"} : () -> ()
// CHECK-NEXT: }) {ir.symbols = {s0 = #ir.range<2, 1024>}} : () -> ()
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       fc.weight: "0x040000000000803F0000803F0000803F0000803F00000040000000400000004000000040",
// CHECK-NEXT:       fc.bias: "0x04000000000000000000803F"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">, %n: !torch.symint<"s0">):
    %p_fc_weight = "ir.constant"() {value = dense_resource<fc.weight> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
    %p_fc_bias = "ir.constant"() {value = dense_resource<fc.bias> : tensor<2xf32>} : () -> tensor<2xf32>
    %linear = "aten.linear.default"(%x, %p_fc_weight, %p_fc_bias) {arg_names = ["input", "weight", "bias"]} : (tensor<?x4xf32, "s0">, tensor<2x4xf32>, tensor<2xf32>) -> tensor<?x2xf32, "s0"> loc(fused<{nn_module_stack = "{'L__self__': ('', 'MLP'), 'L__self___fc': ('fc', 'Linear')}", stack_trace = "File \22mlp.py\22, line 9, in forward\0A    return self.fc(x).relu()", torch_fn = "linear_1;torch.nn.functional.linear"}>["linear"])
    %relu = "aten.relu.default"(%linear) {arg_names = ["self"]} : (tensor<?x2xf32, "s0">) -> tensor<?x2xf32, "s0"> loc("relu")
    %sym_size = "aten.sym_size.int"(%relu) {dim = 0 : i64} : (tensor<?x2xf32, "s0">) -> !torch.symint<"s0"> loc("sym_size")
    %mul = "aten.mul"(%sym_size) {other = 2 : i64} : (!torch.symint<"s0">) -> !torch.symint<"2*s0"> loc("mul")
    %view = "aten.view.default"(%relu, %mul) : (tensor<?x2xf32, "s0">, !torch.symint<"2*s0">) -> tensor<?xf32, "2*s0"> loc("view")
    "ir.return"(%view, %n) : (tensor<?xf32, "2*s0">, !torch.symint<"s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 1024>}} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      fc.weight: "0x040000000000803F0000803F0000803F0000803F00000040000000400000004000000040",
      fc.bias: "0x04000000000000000000803F"
    }
  }
#-}
