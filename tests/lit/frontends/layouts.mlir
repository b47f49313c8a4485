// Not split into cases: each RUN imports a binary .pt2 archive, which
// --split-input-file cannot read (omitted-arguments.json states nodes as text).
// Both archive layouts import to the same program: torch 2.6's single
// serialized_exported_program.json with pickled weights
// (serialized_state_dict.pt), and the later per-model folder
// (<archive>/models/model.json, weights one file each under data/weights/).
// Only the versions recorded on the graph tell them apart.
// Inputs/make_inputs.py writes layout-2.14.pt2 under torch 2.14 and
// layout-2.6.pt2 under torch 2.6 (tools/oracle run --trixie).
// RUN: %pt2onnx-opt %S/Inputs/layout-2.14.pt2 --no-provenance --print-weights | FileCheck %s --check-prefixes=CHECK,TORCH214
// RUN: %pt2onnx-opt %S/Inputs/layout-2.6.pt2 --no-provenance --print-weights | FileCheck %s --check-prefixes=CHECK,TORCH26

// CHECK:      ^bb0(%x: tensor<4x2xf32>):
// CHECK-NEXT:   %p_weight = "ir.constant"() {value = dense_resource<weight> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
// CHECK-NEXT:   %matmul = "aten.matmul.default"(%x, %p_weight) {arg_names = ["self", "other"]} : (tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:   %relu = "aten.relu.default"(%matmul) {arg_names = ["self"]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:   "ir.return"(%relu) : (tensor<4x3xf32>) -> ()
// CHECK-NEXT: }) {sym_name = "main", torch.forward_arg_names = ["x"], torch.input_kinds = ["parameter", "user_input"], torch.input_names = ["p_weight", "x"], torch.input_targets = ["weight", ""]
// TORCH214-SAME: torch.schema_version = "8.20", torch.torch_version = "2.14.1
// TORCH26-SAME:  torch.schema_version = "8.2", torch.torch_version = "2.6.0
// The weight's bytes, whichever file of the archive held them.
// CHECK:      weight: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F"
