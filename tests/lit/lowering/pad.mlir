// One case: one circular pad, lowered for an opset before and after Pad `wrap`.
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefix=OPSET17
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=19}' --no-provenance | FileCheck %s --check-prefix=OPSET19

// Circular padding is Pad `wrap` from opset 19. Before, per padded dim
// (last first): the last `begin` elements, the tensor, the first `end` ones.
// OPSET17: %[[B:.*]] = "ir.constant"() {value = dense<[-2]> : tensor<1xi64>}
// OPSET17: %[[TAIL:.*]] = "onnx.Slice"(%x, %[[B]], %{{.*}}, %{{.*}}) : (tensor<1x2x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x2x2xf32>
// OPSET17: %[[HEAD:.*]] = "onnx.Slice"(%x, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x2x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x2x1xf32>
// OPSET17: %[[W:.*]] = "onnx.Concat"(%[[TAIL]], %x, %[[HEAD]]) {axis = 2 : i64} : (tensor<1x2x2xf32>, tensor<1x2x5xf32>, tensor<1x2x1xf32>) -> tensor<1x2x8xf32>
// OPSET17: %[[H:.*]] = "onnx.Slice"(%[[W]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x2x8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x1x8xf32>
// OPSET17: %circular = "onnx.Concat"(%[[H]], %[[W]]) {axis = 1 : i64} : (tensor<1x1x8xf32>, tensor<1x2x8xf32>) -> tensor<1x3x8xf32>
// OPSET19: %circular = "onnx.Pad"(%x, %{{.*}}, %{{.*}}, %{{.*}}) {mode = "wrap"} : (tensor<1x2x5xf32>, tensor<4xi64>, none, tensor<2xi64>) -> tensor<1x3x8xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x2x5xf32>):
    %circular = "aten.pad.default"(%x) {arg_names = ["self"], pad = array<i64: 2, 1, 1, 0>, mode = "circular"} : (tensor<1x2x5xf32>) -> tensor<1x3x8xf32>
    "ir.return"(%circular) : (tensor<1x3x8xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
