// RUN: %pt2onnx-opt %s --passes=lower-aten --no-provenance | FileCheck %s

// embedding and a single index tensor are Gathers.
// CHECK: %embedding = "onnx.Gather"(%table, %i) {axis = 0 : i64} : (tensor<10x8xf32>, tensor<2x3xi64>) -> tensor<2x3x8xf32>
// CHECK: %index = "onnx.Gather"(%x, %i) {axis = 1 : i64} : (tensor<4x5x6xf32>, tensor<2x3xi64>) -> tensor<4x2x3x6xf32>
// Several indices: indexed dims to the front, broadcast indices stacked for
// GatherND, and the broadcast dims put back where the (adjacent) indices were.
// CHECK: %[[T:.*]] = "onnx.Transpose"(%x) {perm = array<i64: 1, 2, 0>}
// Indices that broadcast are stacked by scaling each with a one-hot row and adding.
// CHECK: %[[I:.*]] = "onnx.Unsqueeze"(%i, %{{.*}}) : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<2x3x1xi64>
// CHECK: %[[ONEHOT0:.*]] = "ir.constant"() {value = dense<[1, 0]> : tensor<2xi64>}
// CHECK: %[[IC:.*]] = "onnx.Mul"(%[[I]], %[[ONEHOT0]]) : (tensor<2x3x1xi64>, tensor<2xi64>) -> tensor<2x3x2xi64>
// CHECK: %[[J:.*]] = "onnx.Unsqueeze"(%j, %{{.*}}) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3x1xi64>
// CHECK: %[[ONEHOT1:.*]] = "ir.constant"() {value = dense<[0, 1]> : tensor<2xi64>}
// CHECK: %[[JC:.*]] = "onnx.Mul"(%[[J]], %[[ONEHOT1]]) : (tensor<3x1xi64>, tensor<2xi64>) -> tensor<3x2xi64>
// CHECK: %[[ST:.*]] = "onnx.Add"(%[[IC]], %[[JC]]) : (tensor<2x3x2xi64>, tensor<3x2xi64>) -> tensor<2x3x2xi64>
// CHECK: %[[G:.*]] = "onnx.GatherND"(%[[T]], %[[ST]]) : (tensor<5x6x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x4xf32>
// CHECK: %index_1 = "onnx.Transpose"(%[[G]]) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// A bool mask indexes with the coordinates of its true elements.
// CHECK: %[[NZ:.*]] = "onnx.NonZero"(%m) : (tensor<4x5xi1>)
// CHECK: %index_2 = "onnx.GatherND"(%x, %{{.*}}) : (tensor<4x5x6xf32>, tensor<?x2xi64, "?">) -> tensor<?x6xf32, "u0">
// CHECK: %gather = "onnx.GatherElements"(%x, %i3) {axis = 1 : i64}
// x[mask] = scalar is a Where.
// CHECK: %[[MASK:.*]] = "onnx.Unsqueeze"(%m, %{{.*}}) : (tensor<4x5xi1>, tensor<1xi64>) -> tensor<4x5x1xi1>
// CHECK: %index_put = "onnx.Where"(%[[MASK]], %{{.*}}, %x)
// Other puts are ScatterND on in-range indices, adding when accumulating.
// CHECK: "onnx.Less"(%j
// CHECK: %[[UPD:.*]] = "onnx.Expand"(%x0, %{{.*}}) : (tensor<3x5x6xf32>, tensor<3xi64>) -> tensor<3x5x6xf32>
// CHECK: %index_put_1 = "onnx.ScatterND"(%x, %{{.*}}, %[[UPD]]) {reduction = "add"} : (tensor<4x5x6xf32>, tensor<3x1xi64>, tensor<3x5x6xf32>) -> tensor<4x5x6xf32>
// CHECK: %scatter_add = "onnx.ScatterElements"(%x, %i3, %g) {axis = 1 : i64, reduction = "add"}
// CHECK: %triu = "onnx.Trilu"(%table, %{{.*}}) {upper = 1 : i64}
// Indices of one shape are stacked as they are.
// CHECK: %[[SAME:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 2 : i64} : (tensor<2x3x1xi64>, tensor<2x3x1xi64>) -> tensor<2x3x2xi64>
// CHECK: %index_3 = "onnx.GatherND"(%x, %[[SAME]]) : (tensor<4x5x6xf32>, tensor<2x3x2xi64>) -> tensor<2x3x6xf32>
// A single index is unsqueezed alone, whatever its dims.
// CHECK: %[[K:.*]] = "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<?xi64, "?">, tensor<1xi64>) -> tensor<?x1xi64, "?">
// CHECK-NOT: "onnx.Mul"
// CHECK: %index_put_2 = "onnx.ScatterND"(%x, %[[K]], %{{.*}})
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %i: tensor<2x3xi64>, %j: tensor<3xi64>, %m: tensor<4x5xi1>, %table: tensor<10x8xf32>, %i3: tensor<4x2x6xi64>, %g: tensor<4x2x6xf32>, %x0: tensor<3x5x6xf32>, %k: tensor<?xi64>):
    %none = "ir.constant"() {value} : () -> none
    %embedding = "aten.embedding.default"(%table, %i) {arg_names = ["weight", "indices"]} : (tensor<10x8xf32>, tensor<2x3xi64>) -> tensor<2x3x8xf32>
    %index = "aten.index.Tensor"(%x, %none, %i) {arg_names = ["self", "indices", "indices"]} : (tensor<4x5x6xf32>, none, tensor<2x3xi64>) -> tensor<4x2x3x6xf32>
    %index_1 = "aten.index.Tensor"(%x, %none, %i, %j) {arg_names = ["self", "indices", "indices", "indices"]} : (tensor<4x5x6xf32>, none, tensor<2x3xi64>, tensor<3xi64>) -> tensor<4x2x3xf32>
    %index_2 = "aten.index.Tensor"(%x, %m) {arg_names = ["self", "indices"]} : (tensor<4x5x6xf32>, tensor<4x5xi1>) -> tensor<?x6xf32, "u0">
    %gather = "aten.gather.default"(%x, %i3) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<4x5x6xf32>, tensor<4x2x6xi64>) -> tensor<4x2x6xf32>
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %index_put = "aten.index_put.default"(%x, %m, %zero) {arg_names = ["self", "indices", "values"]} : (tensor<4x5x6xf32>, tensor<4x5xi1>, tensor<f32>) -> tensor<4x5x6xf32>
    %index_put_1 = "aten.index_put.default"(%x, %j, %x0) {arg_names = ["self", "indices", "values"], accumulate = true} : (tensor<4x5x6xf32>, tensor<3xi64>, tensor<3x5x6xf32>) -> tensor<4x5x6xf32>
    %scatter_add = "aten.scatter_add.default"(%x, %i3, %g) {arg_names = ["self", "index", "src"], dim = 1 : i64} : (tensor<4x5x6xf32>, tensor<4x2x6xi64>, tensor<4x2x6xf32>) -> tensor<4x5x6xf32>
    %triu = "aten.triu.default"(%table) {arg_names = ["self"], diagonal = 1 : i64} : (tensor<10x8xf32>) -> tensor<10x8xf32>
    %index_3 = "aten.index.Tensor"(%x, %i, %i) {arg_names = ["self", "indices", "indices"]} : (tensor<4x5x6xf32>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3x6xf32>
    %index_put_2 = "aten.index_put.default"(%x, %k, %zero) {arg_names = ["self", "indices", "values"]} : (tensor<4x5x6xf32>, tensor<?xi64>, tensor<f32>) -> tensor<4x5x6xf32>
    "ir.return"(%embedding, %index, %index_1, %index_2, %gather, %index_put, %index_put_1, %scatter_add, %triu, %index_3, %index_put_2) : (tensor<2x3x8xf32>, tensor<4x2x3x6xf32>, tensor<4x2x3xf32>, tensor<?x6xf32, "u0">, tensor<4x2x6xf32>, tensor<4x5x6xf32>, tensor<4x5x6xf32>, tensor<4x5x6xf32>, tensor<10x8xf32>, tensor<2x3x6xf32>, tensor<4x5x6xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
