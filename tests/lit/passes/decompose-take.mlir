// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// take indexes the flattened self; take_along_dim gathers along dim after
// broadcasting the other dims (-1: the size stays), or from the flattened
// self by the flattened indices without a dim.
// CHECK:      %0 = "aten.view.default"(%x) {arg_names = ["self"], size = array<i64: -1>} : (tensor<4x5xf32>) -> tensor<20xf32>
// CHECK-NEXT: %take = "aten.index.Tensor"(%0, %i) {arg_names = ["self", "indices"]} : (tensor<20xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = "aten.expand.default"(%j) {arg_names = ["self"], size = array<i64: 4, -1>} : (tensor<1x3xi64>) -> tensor<4x3xi64>
// CHECK-NEXT: %along = "aten.gather.default"(%x, %1) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<4x5xf32>, tensor<4x3xi64>) -> tensor<4x3xf32>
// CHECK-NEXT: %2 = "aten.view.default"(%x) {arg_names = ["self"], size = array<i64: -1>} : (tensor<4x5xf32>) -> tensor<20xf32>
// CHECK-NEXT: %3 = "aten.view.default"(%i) {arg_names = ["self"], size = array<i64: -1>} : (tensor<2x3xi64>) -> tensor<6xi64>
// CHECK-NEXT: %flat = "aten.gather.default"(%2, %3) {arg_names = ["self", "index"], dim = 0 : i64} : (tensor<20xf32>, tensor<6xi64>) -> tensor<6xf32>
// CHECK-LABEL: }) {sym_name = "take"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<2x3xi64>, %j: tensor<1x3xi64>):
    %take = "aten.take.default"(%x, %i) {arg_names = ["self", "index"]} : (tensor<4x5xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
    %along = "aten.take_along_dim.default"(%x, %j) {arg_names = ["self", "indices"], dim = -1 : i64} : (tensor<4x5xf32>, tensor<1x3xi64>) -> tensor<4x3xf32>
    %flat = "aten.take_along_dim.default"(%x, %i) {arg_names = ["self", "indices"]} : (tensor<4x5xf32>, tensor<2x3xi64>) -> tensor<6xf32>
    "ir.return"(%take, %along, %flat) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<6xf32>) -> ()
  }) {sym_name = "take"} : () -> ()
}) : () -> ()

// -----

// Broadcasting to a size known only at run time is left alone.
// CHECK: %along = "aten.take_along_dim.default"
// CHECK-LABEL: }) {sym_name = "dynamic_broadcast"}
// TRACE: pattern aten.take_along_dim.default on aten.take_along_dim.default %along: `self` and `indices` broadcast to a size not known at compile time
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x5xf32>, %j: tensor<?x3xi64, "s0">):
    %along = "aten.take_along_dim.default"(%x, %j) {arg_names = ["self", "indices"], dim = 1 : i64} : (tensor<1x5xf32>, tensor<?x3xi64, "s0">) -> tensor<?x3xf32, "s0">
    "ir.return"(%along) : (tensor<?x3xf32, "s0">) -> ()
  }) {sym_name = "dynamic_broadcast"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()
