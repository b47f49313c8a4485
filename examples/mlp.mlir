"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">):
    %w = "ir.constant"() {value = dense<"0x0000803F000000400000404000008040000080BF000000C0000040C0000080C0"> : tensor<2x4xf32>} : () -> tensor<2x4xf32> loc("p_fc_weight")
    %linear = "aten.linear.default"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<?x4xf32, "s0">, tensor<2x4xf32>) -> tensor<?x2xf32, "s0"> loc(fused<{nn_module_stack = "L__self__,,__main__.MLP;L__self___fc,fc,torch.nn.modules.linear.Linear", stack_trace = "File \22mlp.py\22, line 9, in forward\0A    return torch.relu(self.fc(x))"}>["linear"])
    %relu = "aten.relu.default"(%linear) {arg_names = ["self"]} : (tensor<?x2xf32, "s0">) -> tensor<?x2xf32, "s0"> loc(fused<{stack_trace = "File \22mlp.py\22, line 9, in forward\0A    return torch.relu(self.fc(x))"}>["relu"])
    "ir.return"(%relu) : (tensor<?x2xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 1024>}} : () -> ()
