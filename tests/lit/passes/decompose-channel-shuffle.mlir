// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// The channels of [N, C, *] as groups of C / groups, interleaved: dim 1
// unflattened to [groups, C / groups], those dims swapped, flattened back.
// The batch may be symbolic.
// CHECK:      %0 = "aten.unflatten.int"(%x) {arg_names = ["self"], dim = 1 : i64, sizes = array<i64: 3, 2>} : (tensor<?x6x5xf32, "s0">) -> tensor<?x3x2x5xf32, "s0">
// CHECK-NEXT: %1 = "aten.transpose.int"(%0) {arg_names = ["self"], dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<?x3x2x5xf32, "s0">) -> tensor<?x2x3x5xf32, "s0">
// CHECK-NEXT: %shuffled = "aten.flatten.using_ints"(%1) {arg_names = ["self"], end_dim = 2 : i64, start_dim = 1 : i64} : (tensor<?x2x3x5xf32, "s0">) -> tensor<?x6x5xf32, "s0">
// CHECK-NEXT: %2 = "aten.unflatten.int"(%y) {arg_names = ["self"], dim = 1 : i64, sizes = array<i64: 2, 2>} : (tensor<1x4x2x2xf32>) -> tensor<1x2x2x2x2xf32>
// CHECK-NEXT: %3 = "aten.transpose.int"(%2) {arg_names = ["self"], dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
// CHECK-NEXT: %native = "aten.flatten.using_ints"(%3) {arg_names = ["self"], end_dim = 2 : i64, start_dim = 1 : i64} : (tensor<1x2x2x2x2xf32>) -> tensor<1x4x2x2xf32>
// CHECK-LABEL: }) {sym_name = "channel_shuffle"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x6x5xf32, "s0">, %y: tensor<1x4x2x2xf32>):
    %shuffled = "aten.channel_shuffle.default"(%x) {arg_names = ["self"], groups = 3 : i64} : (tensor<?x6x5xf32, "s0">) -> tensor<?x6x5xf32, "s0">
    %native = "aten.native_channel_shuffle.default"(%y) {arg_names = ["self"], groups = 2 : i64} : (tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
    "ir.return"(%shuffled, %native) : (tensor<?x6x5xf32, "s0">, tensor<1x4x2x2xf32>) -> ()
  }) {sym_name = "channel_shuffle"} : () -> ()
}) : () -> ()

// -----

// Channels not divisible by groups (an error in torch) or not static stay.
// CHECK:      %indivisible = "aten.channel_shuffle.default"(%x) {arg_names = ["self"], groups = 4 : i64} : (tensor<1x6x5xf32>) -> tensor<1x6x5xf32>
// CHECK-NEXT: %dynamic = "aten.channel_shuffle.default"(%y) {arg_names = ["self"], groups = 2 : i64} : (tensor<1x?x5xf32, "s0">) -> tensor<1x?x5xf32, "s0">
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.channel_shuffle.default on aten.channel_shuffle.default %indivisible: the channels are not static and divisible by `groups`
// TRACE: pattern aten.channel_shuffle.default on aten.channel_shuffle.default %dynamic: the channels are not static and divisible by `groups`
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x6x5xf32>, %y: tensor<1x?x5xf32, "s0">):
    %indivisible = "aten.channel_shuffle.default"(%x) {arg_names = ["self"], groups = 4 : i64} : (tensor<1x6x5xf32>) -> tensor<1x6x5xf32>
    %dynamic = "aten.channel_shuffle.default"(%y) {arg_names = ["self"], groups = 2 : i64} : (tensor<1x?x5xf32, "s0">) -> tensor<1x?x5xf32, "s0">
    "ir.return"(%indivisible, %dynamic) : (tensor<1x6x5xf32>, tensor<1x?x5xf32, "s0">) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
