// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// An alias becomes its target with the operands, attributes and result type
// it has, and its result keeps its name. The statistics of `decompose` count
// the ops decomposed per overload.
// STATS:      {{^}}  decompose{{$}}
// STATS-NEXT: {{^}}             1  aten.subtract.Tensor{{$}}

// CHECK: %subtract = "aten.sub.Tensor"(%x, %y) {alpha = 2 : i64, arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NOT: aten.subtract
// CHECK-LABEL: }) {sym_name = "subtract"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>):
    %subtract = "aten.subtract.Tensor"(%x, %y) {alpha = 2 : i64, arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%subtract) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "subtract"} : () -> ()
}) : () -> ()

// -----

// A Python number in a Tensor position (torch.multiply(x, 3)) stays the
// attribute it was.
// CHECK: %multiply = "aten.mul.Tensor"(%x) {arg_names = ["self"], other = 3 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "multiply_number"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %multiply = "aten.multiply.Tensor"(%x) {arg_names = ["self"], other = 3 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%multiply) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "multiply_number"} : () -> ()
}) : () -> ()

// -----

// broadcast_to is expand with its `implicit` argument at the default.
// CHECK: %broadcast_to = "aten.expand.default"(%x) {arg_names = ["self"], size = array<i64: 4, 2, 3>} : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
// CHECK-LABEL: }) {sym_name = "broadcast_to"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %broadcast_to = "aten.broadcast_to.default"(%x) {arg_names = ["self"], size = array<i64: 4, 2, 3>} : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
    "ir.return"(%broadcast_to) : (tensor<4x2x3xf32>) -> ()
  }) {sym_name = "broadcast_to"} : () -> ()
}) : () -> ()

// -----

// moveaxis is movedim; the list form decomposes further (decompose-move-dim.mlir).
// CHECK: %moveaxis = "aten.permute.default"(%x) {arg_names = ["self"], dims = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-LABEL: }) {sym_name = "moveaxis_to_permute"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %moveaxis = "aten.moveaxis.intlist"(%x) {arg_names = ["self"], destination = array<i64: 2>, source = array<i64: 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
    "ir.return"(%moveaxis) : (tensor<3x4x2xf32>) -> ()
  }) {sym_name = "moveaxis_to_permute"} : () -> ()
}) : () -> ()

// -----

// Same values, not documented aliases: resolve_conj is the tensor itself,
// unsafe_chunk is chunk.
// CHECK: %resolve_conj = "aten.alias.default"(%x) {arg_names = ["self"]} : (tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK: %unsafe_chunk:2 = "aten.chunk.default"(%x) {arg_names = ["self"], chunks = 2 : i64, dim = 0 : i64}
// CHECK-LABEL: }) {sym_name = "same_values"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x2xf32>):
    %resolve_conj = "aten.resolve_conj.default"(%x) {arg_names = ["self"]} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %unsafe_chunk:2 = "aten.unsafe_chunk.default"(%x) {arg_names = ["self"], chunks = 2 : i64, dim = 0 : i64} : (tensor<4x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
    "ir.return"(%resolve_conj, %unsafe_chunk#0, %unsafe_chunk#1) : (tensor<4x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  }) {sym_name = "same_values"} : () -> ()
}) : () -> ()
