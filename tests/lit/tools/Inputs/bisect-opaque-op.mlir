"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %a = "aten.relu.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("a")
    %b = "mylib.opaque.default"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("b")
    "ir.return"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
