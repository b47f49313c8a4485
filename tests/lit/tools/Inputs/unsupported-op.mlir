"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "aten.frobnicate.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%y) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
