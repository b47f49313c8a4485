// RUN: not %pt2onnx-opt %s --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// ONNX Runtime's CPU provider has no float64 Conv, AveragePool or Resize, and
// no exact float64 form is built for them: refused.
// CHECK: aten.conv1d.default (1 use): ONNX Runtime has no float64 Conv; convert the model in float32
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x8xf64>, %w: tensor<3x2x3xf64>):
    %r = "aten.conv1d.default"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<1x2x8xf64>, tensor<3x2x3xf64>) -> tensor<1x3x6xf64>
    "ir.return"(%r) : (tensor<1x3x6xf64>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
