// Not split into cases: each RUN imports a binary .pt2 archive, which
// --split-input-file cannot read (omitted-arguments.json states nodes as text).
// How each kind of argument the serializer writes is imported: tensors and
// SymInts are operands (their names listed in arg_names), everything else is
// an attribute named after the schema's argument.
// Program: Inputs/make_inputs.py, class Arguments.
// RUN: %pt2onnx-opt %S/Inputs/arguments.pt2 --no-provenance | FileCheck %s

// CHECK:      ^bb0(%x: tensor<4x4xf32>, %index: tensor<2xi64>, %n: tensor<i64>):
// An absent optional tensor in a list is the none value.
// CHECK-NEXT:   %[[NONE:.*]] = "ir.constant"() {value} : () -> none
// as_tensors: one operand per element, each named after the list.
// An argument the node leaves out (cat's dim) is its schema default.
// CHECK-NEXT:   %[[CAT:.*]] = "aten.cat.default"(%x, %x) {arg_names = ["tensors", "tensors"], dim = 0 : i64}
// as_ints and as_bool; the omitted `ScalarType? dtype=None` a unit attribute.
// CHECK-NEXT:   %[[SUM:.*]] = "aten.sum.dim_IntList"(%[[CAT]]) {arg_names = ["self"], dim = array<i64: 1>, dtype, keepdim = true}
// as_float (a Python scalar other).
// CHECK-NEXT:   "aten.mul.Tensor"(%[[SUM]]) {arg_names = ["self"], other = 0.5 : f64}
// as_optional_tensors: x[:, index].
// CHECK-NEXT:   "aten.index.Tensor"(%x, %[[NONE]], %index) {arg_names = ["self", "indices", "indices"]} : (tensor<4x4xf32>, none, tensor<2xi64>) -> tensor<4x2xf32>
// as_string.
// CHECK-NEXT:   "aten.div.Tensor_mode"(%x) {arg_names = ["self"], other = 3.0 : f64, rounding_mode = "floor"}
// as_scalar_type, as_device and as_layout.
// CHECK-NEXT:   "aten._assert_tensor_metadata.default"(%x) {arg_names = ["a"], device = "cpu", dtype = f32, layout = "torch.strided", size, stride}
// CHECK-NEXT:   "aten.to.dtype"(%x) {arg_names = ["self"], copy = false, dtype = f16, memory_format, non_blocking = false}
// as_memory_format.
// CHECK-NEXT:   "aten.clone.default"(%x) {arg_names = ["self"], memory_format = "torch.contiguous_format"}
// as_bool false, and no operands at all.
// CHECK-NEXT:   "aten.zeros.default"() {device = "cpu", dtype, layout = "torch.strided", pin_memory = false, size = array<i64: 2>} : () -> tensor<2xf32>
// as_int.
// CHECK-NEXT:   %[[U0:.*]] = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 0 : i64}
// CHECK-NEXT:   %[[U1:.*]] = "aten.unsqueeze.default"(%[[U0]]) {arg_names = ["self"], dim = 1 : i64}
// as_none (a unit attribute) and as_floats.
// CHECK-NEXT:   "aten.upsample_nearest2d.vec"(%[[U1]]) {arg_names = ["input"], output_size, scale_factors = array<f64: 2.0, 2.0>}
// A data-dependent SymInt (as_sym_int result) and the SymBool of
// torch._check on it (as_sym_bool), asserted with its message (as_string).
// CHECK-NEXT:   %[[ITEM:.*]] = "aten.item.default"(%n) {arg_names = ["self"]} : (tensor<i64>) -> !torch.symint<"[[U:u[0-9]+]]">
// CHECK-NEXT:   %[[GE:.*]] = "operator.ge"(%[[ITEM]]) {arg_names = ["a"], b = 0 : i64} : (!torch.symint<"[[U]]">) -> !torch.symbool
// CHECK-NEXT:   "aten._assert_scalar.default"(%[[GE]]) {arg_names = ["self"], assert_msg = "Runtime assertion failed for expression [[U]] >= 0 on node '{{.*}}'"} : (!torch.symbool) -> ()
// as_sym_int operand: the size of arange is the unbacked symbol.
// CHECK-NEXT:   "aten.arange.default"(%[[ITEM]]) {arg_names = ["end"], device = "cpu", dtype, layout, pin_memory = false} : (!torch.symint<"[[U]]">) -> tensor<?xi64, "[[U]]">
// as_bools, and as_optional_tensor absent (none operands); optional tensor
// results that are absent have the none type.
// CHECK:        "aten.native_layer_norm_backward.default"(%x, %x, %{{.*}}, %{{.*}}, %[[NONE]], %[[NONE]]) {arg_names = ["grad_out", "input", "mean", "rstd", "weight", "bias"], normalized_shape = array<i64: 4>, output_mask = [true, false, false]} : ({{.*}}, none, none) -> (tensor<4x4xf32>, none, none)
// An unbacked symbol's range: at least 0 (torch._check), unbounded above.
// CHECK:      }) {ir.symbols = {[[U]] = #ir.range<0, oo>}} : () -> ()
