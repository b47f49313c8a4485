// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// adaptive max pooling with sizes that do not divide: cell i of a dim of
// length 5 pooled to 3 takes [floor(5i/3), ceil(5(i+1)/3)): [0, 2), [1, 4),
// [3, 5), each a row of positions padded with its first. ReduceMax gives the
// values; the first ArgMax of each row, looked up in the table, the
// indices. A NaN in a window's own slots wins, the last one for the index,
// as in torch's kernel. An unbatched input gets a batch dim.
// CHECK:      %[[X:.*]] = "onnx.Unsqueeze"(%x, %{{.*}}) : (tensor<2x5xf32>, tensor<1xi64>) -> tensor<1x2x5xf32>
// CHECK:      %[[TABLE:.*]] = "ir.constant"() {value = dense<{{\[\[0, 1, 0\], \[1, 2, 3\], \[3, 4, 3\]\]}}> : tensor<3x3xi64>}
// CHECK:      %[[PLANE:.*]] = "onnx.Reshape"(%[[X]], %{{.*}}) : (tensor<1x2x5xf32>, tensor<3xi64>) -> tensor<1x2x5xf32>
// CHECK-NEXT: %[[WINDOWS:.*]] = "onnx.Gather"(%[[PLANE]], %[[TABLE]]) {axis = 2 : i64} : (tensor<1x2x5xf32>, tensor<3x3xi64>) -> tensor<1x2x3x3xf32>
// CHECK:      %[[MAX:.*]] = "onnx.ReduceMax"(%[[WINDOWS]], %{{.*}}) {keepdims = 0 : i64} : (tensor<1x2x3x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
// CHECK-NEXT: %[[ISNAN:.*]] = "onnx.IsNaN"(%[[WINDOWS]])
// CHECK-NEXT: %[[OWN:.*]] = "ir.constant"() {value = dense<{{\[\[true, true, false\], \[true, true, true\], \[true, true, false\]\]}}> : tensor<3x3xi1>}
// CHECK-NEXT: %[[NANS:.*]] = "onnx.And"(%[[ISNAN]], %[[OWN]])
// CHECK:      %[[ANYNAN:.*]] = "onnx.Cast"(%{{.*}}) {to = i1} : (tensor<1x2x3xi32>) -> tensor<1x2x3xi1>
// CHECK:      %{{.*}} = "onnx.Where"(%[[ANYNAN]], %{{.*}}, %[[MAX]]) : (tensor<1x2x3xi1>, tensor<f32>, tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
// CHECK:      %[[ARG:.*]] = "onnx.ArgMax"(%[[WINDOWS]]) {axis = 3 : i64, keepdims = 0 : i64, select_last_index = 0 : i64} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3xi64>
// CHECK-NEXT: %[[LASTNAN:.*]] = "onnx.ArgMax"(%{{.*}}) {axis = 3 : i64, keepdims = 0 : i64, select_last_index = 1 : i64} : (tensor<1x2x3x3xi32>) -> tensor<1x2x3xi64>
// CHECK-NEXT: %[[BEST:.*]] = "onnx.Where"(%[[ANYNAN]], %[[LASTNAN]], %[[ARG]])
// CHECK-NEXT: %[[ROWS:.*]] = "ir.constant"() {value = dense<[0, 3, 6]> : tensor<3xi64>}
// CHECK-NEXT: %[[ENTRY:.*]] = "onnx.Add"(%[[BEST]], %[[ROWS]])
// CHECK-NEXT: %[[FLAT:.*]] = "ir.constant"() {value = dense<[0, 1, 0, 1, 2, 3, 3, 4, 3]> : tensor<9xi64>}
// CHECK-NEXT: %{{.*}} = "onnx.Gather"(%[[FLAT]], %[[ENTRY]]) {axis = 0 : i64} : (tensor<9xi64>, tensor<1x2x3xi64>) -> tensor<1x2x3xi64>
// CHECK:      %values = "onnx.Squeeze"(%{{.*}}, %{{.*}}) : (tensor<1x2x3xf32>, tensor<1xi64>) -> tensor<2x3xf32>
// CHECK:      %indices = "onnx.Squeeze"(%{{.*}}, %{{.*}}) : (tensor<1x2x3xi64>, tensor<1xi64>) -> tensor<2x3xi64>
// CHECK-LABEL: }) {sym_name = "adaptive_max_pool_windows"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5xf32>):
    %values, %indices = "aten.adaptive_max_pool1d.default"(%x) {arg_names = ["self"], output_size = array<i64: 3>} : (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
    "ir.return"(%values, %indices) : (tensor<2x3xf32>, tensor<2x3xi64>) -> ()
  }) {sym_name = "adaptive_max_pool_windows"} : () -> ()
}) : () -> ()

// -----

// max_unpool scatters each value to its index, flat in the output plane,
// in zeros of [N, C, 4 * 5]; the batch may be symbolic.
// CHECK:      %[[VALUES:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<?x3x2x2xf32, "s0">, tensor<3xi64>) -> tensor<?x3x4xf32, "s0">
// CHECK:      %[[NC:.*]] = "onnx.Shape"(%x) {end = 2 : i64, start = 0 : i64}
// CHECK:      %[[SHAPE:.*]] = "onnx.Concat"(%[[NC]], %{{.*}}) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
// CHECK:      %[[ZEROS:.*]] = "onnx.Expand"(%{{.*}}, %[[SHAPE]]) : (tensor<f32>, tensor<3xi64>) -> tensor<?x3x20xf32, "s0">
// CHECK:      %[[INDICES:.*]] = "onnx.Reshape"(%i, %{{.*}}) : (tensor<?x3x2x2xi64, "s0">, tensor<3xi64>) -> tensor<?x3x4xi64, "s0">
// CHECK-NEXT: %[[OUT:.*]] = "onnx.ScatterElements"(%[[ZEROS]], %[[INDICES]], %[[VALUES]]) {axis = 2 : i64} : (tensor<?x3x20xf32, "s0">, tensor<?x3x4xi64, "s0">, tensor<?x3x4xf32, "s0">) -> tensor<?x3x20xf32, "s0">
// CHECK:      %unpool = "onnx.Reshape"(%[[OUT]], %{{.*}}) : (tensor<?x3x20xf32, "s0">, tensor<4xi64>) -> tensor<?x3x4x5xf32, "s0">
// CHECK-LABEL: }) {sym_name = "max_unpool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x2x2xf32, "s0">, %i: tensor<?x3x2x2xi64, "s0">):
    %unpool = "aten.max_unpool2d.default"(%x, %i) {arg_names = ["self", "indices"], output_size = array<i64: 4, 5>} : (tensor<?x3x2x2xf32, "s0">, tensor<?x3x2x2xi64, "s0">) -> tensor<?x3x4x5xf32, "s0">
    "ir.return"(%unpool) : (tensor<?x3x4x5xf32, "s0">) -> ()
  }) {sym_name = "max_unpool"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 64>}} : () -> ()
