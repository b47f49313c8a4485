// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// nansum sums with NaN masked to 0; nanmean divides that by the count of
// non-NaN elements, reduced alike (here every dim, keeping them).
// CHECK:      %[[N:.*]] = "aten.isnan.default"(%x)
// CHECK-NEXT: %[[F:.*]] = "aten.masked_fill.Scalar"(%x, %[[N]]) {arg_names = ["self", "mask"], value = 0.0 : f64} : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
// CHECK-NEXT: %s = "aten.sum.dim_IntList"(%[[F]]) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK:      %[[SUM:.*]] = "aten.sum.dim_IntList"(%{{.*}}) {arg_names = ["self"], keepdim = true} : (tensor<2x3xf32>) -> tensor<1x1xf32>
// CHECK-NEXT: %[[N2:.*]] = "aten.isnan.default"(%x)
// CHECK-NEXT: %[[P:.*]] = "aten.logical_not.default"(%[[N2]])
// CHECK-NEXT: %[[COUNT:.*]] = "aten.sum.dim_IntList"(%[[P]]) {arg_names = ["self"], keepdim = true} : (tensor<2x3xi1>) -> tensor<1x1xi64>
// CHECK-NEXT: %m = "aten.div.Tensor"(%[[SUM]], %[[COUNT]]) {arg_names = ["self", "other"]} : (tensor<1x1xf32>, tensor<1x1xi64>) -> tensor<1x1xf32>
// CHECK-LABEL: }) {sym_name = "nan_reductions"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %s = "aten.nansum.default"(%x) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
    %m = "aten.nanmean.default"(%x) {arg_names = ["self"], keepdim = true} : (tensor<2x3xf32>) -> tensor<1x1xf32>
    "ir.return"(%s, %m) : (tensor<2xf32>, tensor<1x1xf32>) -> ()
  }) {sym_name = "nan_reductions"} : () -> ()
}) : () -> ()

// -----

// Integers have no NaN: nansum is sum, with its dtype. nanmean of them is
// an error in torch, left alone.
// CHECK:      %s = "aten.sum.dim_IntList"(%i) {arg_names = ["self"], dtype = i64} : (tensor<3xi32>) -> tensor<i64>
// CHECK:      "aten.nanmean.default"
// CHECK-LABEL: }) {sym_name = "integers"}
// TRACE: pattern aten.nanmean.default on aten.nanmean.default %m: `self` is not a floating-point tensor
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>):
    %s = "aten.nansum.default"(%i) {arg_names = ["self"], dtype = i64} : (tensor<3xi32>) -> tensor<i64>
    %m = "aten.nanmean.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<f32>
    "ir.return"(%s, %m) : (tensor<i64>, tensor<f32>) -> ()
  }) {sym_name = "integers"} : () -> ()
}) : () -> ()
