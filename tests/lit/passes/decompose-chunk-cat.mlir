// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// Each tensor padded along dim to a multiple of num_chunks, its dims from
// dim on flattened and unflattened to [num_chunks, -1], then concatenated
// along dim + 1.
// CHECK:      %0 = "aten.constant_pad_nd.default"(%a) {arg_names = ["self"], pad = array<i64: 0, 0, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x4xf32>
// CHECK-NEXT: %1 = "aten.flatten.using_ints"(%0) {arg_names = ["self"], end_dim = 2 : i64, start_dim = 1 : i64} : (tensor<2x4x4xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %2 = "aten.unflatten.int"(%1) {arg_names = ["self"], dim = 1 : i64, sizes = array<i64: 2, -1>} : (tensor<2x16xf32>) -> tensor<2x2x8xf32>
// CHECK-NEXT: %3 = "aten.flatten.using_ints"(%b) {arg_names = ["self"], end_dim = 2 : i64, start_dim = 1 : i64} : (tensor<2x4x1xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %4 = "aten.unflatten.int"(%3) {arg_names = ["self"], dim = 1 : i64, sizes = array<i64: 2, -1>} : (tensor<2x4xf32>) -> tensor<2x2x2xf32>
// CHECK-NEXT: %cat = "aten.cat.default"(%2, %4) {arg_names = ["tensors", "tensors"], dim = 2 : i64} : (tensor<2x2x8xf32>, tensor<2x2x2xf32>) -> tensor<2x2x10xf32>
// CHECK-LABEL: }) {sym_name = "chunk_cat"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3x4xf32>, %b: tensor<2x4x1xf32>):
    %cat = "aten._chunk_cat.default"(%a, %b) {arg_names = ["tensors", "tensors"], dim = -2 : i64, num_chunks = 2 : i64} : (tensor<2x3x4xf32>, tensor<2x4x1xf32>) -> tensor<2x2x10xf32>
    "ir.return"(%cat) : (tensor<2x2x10xf32>) -> ()
  }) {sym_name = "chunk_cat"} : () -> ()
}) : () -> ()

// -----

// A dim from `dim` on that is not static leaves the op alone.
// CHECK:      %cat = "aten._chunk_cat.default"(%a) {arg_names = ["tensors"], dim = 1 : i64, num_chunks = 2 : i64} : (tensor<2x?xf32, "s0">) -> tensor<2x2x?xf32, "s1">
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten._chunk_cat.default on aten._chunk_cat.default %cat: a dim from `dim` on is not static
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x?xf32, "s0">):
    %cat = "aten._chunk_cat.default"(%a) {arg_names = ["tensors"], dim = 1 : i64, num_chunks = 2 : i64} : (tensor<2x?xf32, "s0">) -> tensor<2x2x?xf32, "s1">
    "ir.return"(%cat) : (tensor<2x2x?xf32, "s1">) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
