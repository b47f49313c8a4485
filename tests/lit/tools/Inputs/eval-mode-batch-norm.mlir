// A program exported in eval mode: its batch norm is the inference-only
// overload, which takes no `training` argument.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x2xf32>, %w: tensor<2xf32>, %b: tensor<2xf32>, %mean: tensor<2xf32>, %var: tensor<2xf32>):
    %bn:3 = "aten._native_batch_norm_legit_no_training.default"(%x, %w, %b, %mean, %var) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], eps = 1.0e-05 : f64, momentum = 0.1 : f64} : (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<4x2xf32>, tensor<0xf32>, tensor<0xf32>) loc("bn")
    "ir.return"(%bn#0) : (tensor<4x2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
