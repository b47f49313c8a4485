// scaled_tanh(Tensor x, float a=0.5, int n=2) -> Tensor, as torch computes it: tanh(x * a) * n.
// Arguments bind to the op's arguments by name; `?` dims take any size.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?xf32>, %a: !torch.symfloat, %n: !torch.symint):
    %scaled = "aten.mul.Tensor"(%x, %a) {arg_names = ["self", "other"]} : (tensor<?x?xf32>, !torch.symfloat) -> tensor<?x?xf32>
    %tanh = "aten.tanh.default"(%scaled) {arg_names = ["self"]} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %result = "aten.mul.Tensor"(%tanh, %n) {arg_names = ["self", "other"]} : (tensor<?x?xf32>, !torch.symint) -> tensor<?x?xf32>
    "ir.return"(%result) : (tensor<?x?xf32>) -> ()
  }) {sym_name = "ScaledTanh"} : () -> ()
}) : () -> ()
