// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// sum_to_size sums the leading dims and those where size has 1, keeping
// dims, then views the result as size.
// CHECK:      %[[S:.*]] = "aten.sum.dim_IntList"(%x) {arg_names = ["self"], dim = array<i64: 0, 1>, keepdim = true} : (tensor<4x2x3xf32>) -> tensor<1x1x3xf32>
// CHECK-NEXT: %s = "aten.view.default"(%[[S]]) {arg_names = ["self"], size = array<i64: 1, 3>} : (tensor<1x1x3xf32>) -> tensor<1x3xf32>
// CHECK-LABEL: }) {sym_name = "sum_to_size"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x2x3xf32>):
    %s = "aten.sum_to_size.default"(%x) {arg_names = ["self"], size = [1, 3]} : (tensor<4x2x3xf32>) -> tensor<1x3xf32>
    "ir.return"(%s) : (tensor<1x3xf32>) -> ()
  }) {sym_name = "sum_to_size"} : () -> ()
}) : () -> ()

// -----

// An int32 tensor sums to int64, as torch.sum promotes it.
// CHECK:      %[[S:.*]] = "aten.sum.dim_IntList"(%x) {arg_names = ["self"], dim = array<i64: 0>, keepdim = true} : (tensor<4x3xi32>) -> tensor<1x3xi64>
// CHECK-NEXT: %s = "aten.view.default"(%[[S]]) {arg_names = ["self"], size = array<i64: 3>} : (tensor<1x3xi64>) -> tensor<3xi64>
// CHECK-LABEL: }) {sym_name = "sum_to_size_int32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x3xi32>):
    %s = "aten.sum_to_size.default"(%x) {arg_names = ["self"], size = [3]} : (tensor<4x3xi32>) -> tensor<3xi64>
    "ir.return"(%s) : (tensor<3xi64>) -> ()
  }) {sym_name = "sum_to_size_int32"} : () -> ()
}) : () -> ()

// -----

// Nothing to sum, but an int64 result: the tensor cast.
// CHECK:      %s = "aten._to_copy.default"(%x) {arg_names = ["self"], dtype = i64} : (tensor<i32>) -> tensor<i64>
// CHECK-LABEL: }) {sym_name = "same_size_int32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<i32>):
    %s = "aten.sum_to_size.default"(%x) {arg_names = ["self"], size = array<i64>} : (tensor<i32>) -> tensor<i64>
    "ir.return"(%s) : (tensor<i64>) -> ()
  }) {sym_name = "same_size_int32"} : () -> ()
}) : () -> ()

// -----

// Nothing to sum: the tensor itself.
// CHECK:      %s = "aten.alias.default"(%x)
// CHECK-LABEL: }) {sym_name = "same_size"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x1xf32>):
    %s = "aten.sum_to_size.default"(%x) {arg_names = ["self"], size = array<i64: 2, 1>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
    "ir.return"(%s) : (tensor<2x1xf32>) -> ()
  }) {sym_name = "same_size"} : () -> ()
}) : () -> ()

// -----

// Whether a dynamic dim sums to 1 is not known.
// CHECK: "aten.sum_to_size.default"
// CHECK-LABEL: }) {sym_name = "dynamic"}
// TRACE: pattern aten.sum_to_size.default on aten.sum_to_size.default %s: a dim of `self` where `size` has 1 is not static
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3xf32, "s0">):
    %s = "aten.sum_to_size.default"(%x) {arg_names = ["self"], size = array<i64: 1, 3>} : (tensor<?x3xf32, "s0">) -> tensor<1x3xf32>
    "ir.return"(%s) : (tensor<1x3xf32>) -> ()
  }) {sym_name = "dynamic"} : () -> ()
}) : () -> ()
