// An op without a name or provenance: after test-break-numerics replaces it,
// nothing ties the subtraction to a value before the pass.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>):
    %0 = "onnx.Add"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "onnx.Relu"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%1) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
