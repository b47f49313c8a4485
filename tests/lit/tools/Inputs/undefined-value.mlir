"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "ir.return"(%y) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
