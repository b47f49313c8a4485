// A program exported in eval mode: its dropout is the identity.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %dropout = "aten.dropout.default"(%x) {arg_names = ["input"], p = 0.5 : f64, train = false} : (tensor<4xf32>) -> tensor<4xf32> loc("dropout")
    "ir.return"(%dropout) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
