// (tanh(x), x), the body of the custom-ops test with two results.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?xf32>):
    %tanh = "aten.tanh.default"(%x) {arg_names = ["self"]} : (tensor<?xf32>) -> tensor<?xf32>
    "ir.return"(%tanh, %x) : (tensor<?xf32>, tensor<?xf32>) -> ()
  }) {sym_name = "Pair"} : () -> ()
}) : () -> ()
