// tanh(x * a) in ONNX ops, the constant argument taken as a rank-0 tensor.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<*xf32>, %a: tensor<f32>):
    %scaled = "onnx.Mul"(%x, %a) : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32>
    %tanh = "onnx.Tanh"(%scaled) : (tensor<*xf32>) -> tensor<*xf32>
    "ir.return"(%tanh) : (tensor<*xf32>) -> ()
  }) {sym_name = "OnnxBody"} : () -> ()
}) : () -> ()
