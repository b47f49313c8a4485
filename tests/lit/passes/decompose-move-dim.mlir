// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// movedim with lists: source dims go to their destinations, the others keep
// their order in the positions left: (-1, 0) -> (0, 1) of a rank-3 tensor is
// the order [2, 0, 1].
// CHECK: %movedim = "aten.permute.default"(%x) {arg_names = ["self"], dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-LABEL: }) {sym_name = "negative_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %movedim = "aten.movedim.intlist"(%x) {arg_names = ["self"], destination = array<i64: 0, 1>, source = array<i64: -1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    "ir.return"(%movedim) : (tensor<4x2x3xf32>) -> ()
  }) {sym_name = "negative_dims"} : () -> ()
}) : () -> ()

// -----

// Destinations out of order: 0 -> 3 and 3 -> 1 leave positions 0 and 2 to
// dims 1 and 2, in that order.
// CHECK: %movedim = "aten.permute.default"(%x) {arg_names = ["self"], dims = array<i64: 1, 3, 2, 0>}
// CHECK-LABEL: }) {sym_name = "free_positions"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4x5xf32>):
    %movedim = "aten.movedim.intlist"(%x) {arg_names = ["self"], destination = array<i64: 3, 1>, source = array<i64: 0, 3>} : (tensor<2x3x4x5xf32>) -> tensor<3x5x4x2xf32>
    "ir.return"(%movedim) : (tensor<3x5x4x2xf32>) -> ()
  }) {sym_name = "free_positions"} : () -> ()
}) : () -> ()

// -----

// A tensor of rank 0 or 1 is returned as itself (an alias), a rank-0 tensor
// accepting dim 0 as torch does.
// CHECK: %movedim = "aten.alias.default"(%x) {arg_names = ["self"]} : (tensor<f32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "rank_0"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<f32>):
    %movedim = "aten.movedim.intlist"(%x) {arg_names = ["self"], destination = array<i64: -1>, source = array<i64: 0>} : (tensor<f32>) -> tensor<f32>
    "ir.return"(%movedim) : (tensor<f32>) -> ()
  }) {sym_name = "rank_0"} : () -> ()
}) : () -> ()

// -----

// Repeated dims, which torch refuses, and an unranked input stay as they are.
// CHECK: %repeated = "aten.movedim.intlist"
// CHECK: %unranked = "aten.movedim.intlist"
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.movedim.intlist on aten.movedim.intlist %repeated: the dims are not distinct dims of `self`
// TRACE: pattern aten.movedim.intlist on aten.movedim.intlist %unranked: the rank of `self` is not known
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %u: tensor<*xf32>):
    %repeated = "aten.movedim.intlist"(%x) {arg_names = ["self"], destination = array<i64: 0, 1>, source = array<i64: 2, -1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %unranked = "aten.movedim.intlist"(%u) {arg_names = ["self"], destination = array<i64: 0>, source = array<i64: 1>} : (tensor<*xf32>) -> tensor<*xf32>
    "ir.return"(%repeated, %unranked) : (tensor<4x2x3xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
