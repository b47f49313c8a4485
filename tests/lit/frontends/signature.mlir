// Not split into cases: each RUN imports a binary .pt2 archive, which
// --split-input-file cannot read (omitted-arguments.json states nodes as text).
// The graph signature of an exported program: every input kind becomes
// either a graph argument (user inputs) or a constant of the graph holding
// the archive's weight (parameters, buffers, constant tensors); outputs keep
// their kinds, mutations naming what they write.
// Program: Inputs/make_inputs.py, class Signature (functionalized).
// RUN: %pt2onnx-opt %S/Inputs/signature.pt2 --no-provenance --print-weights | FileCheck %s

// Only user inputs are graph arguments, in the order of forward's.
// CHECK:      ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
// A parameter (p_), a persistent and a non-persistent buffer (b_) and a
// constant tensor (c_) are constants referring to weights named by target.
// CHECK-NEXT:   %[[WEIGHT:.*]] = "ir.constant"() {value = dense_resource<weight> : tensor<3xf32>}
// CHECK-NEXT:   %[[STEPS:.*]] = "ir.constant"() {value = dense_resource<steps> : tensor<1xi64>}
// CHECK-NEXT:   %[[SCALE:.*]] = "ir.constant"() {value = dense_resource<scale> : tensor<3xf32>}
// CHECK-NEXT:   %[[OFFSET:.*]] = "ir.constant"() {value = dense_resource<offset> : tensor<3xf32>}
// self.steps.add_(1) and y.mul_(2.0), functionalized: their new values are
// outputs.
// CHECK-NEXT:   %[[NEW_STEPS:.*]] = "aten.add.Tensor"(%[[STEPS]])
// CHECK-NEXT:   %[[NEW_Y:.*]] = "aten.mul.Tensor"(%y)
// CHECK:        "ir.return"(%[[NEW_STEPS]], %[[NEW_Y]], %{{.*}}, %{{.*}}) : (tensor<1xi64>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> ()
// The signature as torch wrote it, on the graph.
// CHECK-NEXT: }) {sym_name = "main", torch.forward_arg_names = ["x", "y"],
// CHECK-SAME: torch.input_kinds = ["parameter", "buffer", "buffer", "tensor_constant", "user_input", "user_input"]
// CHECK-SAME: torch.input_names = ["p_weight", "b_steps", "b_scale", "c_offset", "x", "y"]
// CHECK-SAME: torch.input_targets = ["weight", "steps", "scale", "offset", "", ""]
// CHECK-SAME: torch.nonpersistent_buffers = ["scale"]
// CHECK-SAME: torch.output_kinds = ["buffer_mutation", "user_input_mutation", "user_output", "user_output"]
// CHECK-SAME: torch.output_targets = ["steps", "y", "", ""]
// The weights, persistent or not, and the constant tensor come with their
// bytes (ones, zeros, twos, halves).
// CHECK:      weight: "0x040000000000803F0000803F0000803F"
// CHECK-NEXT: steps: "0x080000000000000000000000"
// CHECK-NEXT: scale: "0x04000000000000400000004000000040"
// CHECK-NEXT: offset: "0x040000000000003F0000003F0000003F"

// A joint forward-backward program (class Loss): the loss and the gradient
// of each parameter are outputs, the gradient naming its parameter.
// RUN: %pt2onnx-opt %S/Inputs/loss.pt2 --no-provenance | FileCheck %s --check-prefix=LOSS
// LOSS:      ^bb0(%x: tensor<3xf32>):
// LOSS-NEXT:   %[[W:.*]] = "ir.constant"() {value = dense_resource<weight> : tensor<3xf32>}
// LOSS-NEXT:   %[[MUL:.*]] = "aten.mul.Tensor"(%x, %[[W]])
// LOSS-NEXT:   %[[LOSS:.*]] = "aten.sum.dim_IntList"(%[[MUL]])
// LOSS:        %[[GRAD:.*]] = "aten.mul.Tensor"(%{{.*}}, %x)
// LOSS-NEXT:   "ir.return"(%[[LOSS]], %[[GRAD]]) : (tensor<f32>, tensor<3xf32>) -> ()
// LOSS-NEXT: }) {sym_name = "main", torch.forward_arg_names = ["x"], torch.input_kinds = ["parameter", "user_input"]
// LOSS-SAME: torch.output_kinds = ["loss_output", "gradient_to_parameter"], torch.output_names = ["{{.*}}", "{{.*}}"], torch.output_targets = ["", "weight"]
