// A program exported in eval mode: its LSTM runs with `train = false`, an
// argument the op table's schema of lstm.input names.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x1x2xf32>, %h: tensor<1x1x2xf32>, %c: tensor<1x1x2xf32>, %wi: tensor<8x2xf32>, %wh: tensor<8x2xf32>):
    %lstm:3 = "aten.lstm.input"(%x, %h, %c, %wi, %wh) {arg_names = ["input", "hx", "hx", "params", "params"], batch_first = false, bidirectional = false, dropout = 0.0 : f64, has_biases = false, num_layers = 1 : i64, train = false} : (tensor<3x1x2xf32>, tensor<1x1x2xf32>, tensor<1x1x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>) -> (tensor<3x1x2xf32>, tensor<1x1x2xf32>, tensor<1x1x2xf32>) loc("lstm")
    "ir.return"(%lstm#0) : (tensor<3x1x2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
