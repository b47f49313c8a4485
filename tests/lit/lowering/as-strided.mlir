// as_strided reads self's memory; ONNX tensors have none, but a graph input
// or a constant is its elements in row-major order: with every size, stride
// and the offset known, the elements read are a Gather (a ScatterND for
// as_strided_scatter) of the flattened self at constant positions.
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{allow-unsupported=1}' --no-provenance | FileCheck %s
// RUN: not %pt2onnx-opt %s --split-input-file --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// offset 2 + i * 1 + j * 5
// CHECK: %[[POS:.*]] = "ir.constant"() {value = dense<{{\[}}[2, 7], [3, 8], [4, 9]]> : tensor<3x2xi64>}
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<20xf32>
// CHECK: %r = "onnx.Gather"(%[[FLAT]], %[[POS]]) {axis = 0 : i64} : (tensor<20xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
// CHECK-LABEL: }) {sym_name = "as_strided"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>):
    %r = "aten.as_strided.default"(%x) {arg_names = ["self"], size = array<i64: 3, 2>, stride = array<i64: 1, 5>, storage_offset = 2 : i64} : (tensor<4x5xf32>) -> tensor<3x2xf32>
    "ir.return"(%r) : (tensor<3x2xf32>) -> ()
  }) {sym_name = "as_strided"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<20xf32>
// CHECK: %[[POS:.*]] = "ir.constant"() {value = dense<{{\[}}[0], [5], [1], [6], [2], [7]]> : tensor<6x1xi64>}
// CHECK: %[[PUT:.*]] = "onnx.ScatterND"(%[[FLAT]], %[[POS]], %{{.*}}) : (tensor<20xf32>, tensor<6x1xi64>, tensor<6xf32>) -> tensor<20xf32>
// CHECK: %r = "onnx.Reshape"(%[[PUT]], %{{.*}}) : (tensor<20xf32>, tensor<2xi64>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "as_strided_scatter"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %s: tensor<3x2xf32>):
    %r = "aten.as_strided_scatter.default"(%x, %s) {arg_names = ["self", "src"], size = array<i64: 3, 2>, stride = array<i64: 1, 5>} : (tensor<4x5xf32>, tensor<3x2xf32>) -> tensor<4x5xf32>
    "ir.return"(%r) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "as_strided_scatter"} : () -> ()
}) : () -> ()

// -----

// The memory of an intermediate is not known (here a transpose's is its
// input's), nor is it where positions overlap in an as_strided_scatter.
// CHECK: "aten.as_strided.default"(%{{.*}})
// CHECK: "aten.as_strided_scatter.default"(%x, %s)
// CHECK-LABEL: }) {sym_name = "refused"}
// ERR: aten.as_strided.default (1 use): reads its input's memory through strides, which ONNX tensors do not have: only a graph input or a constant
// ERR: aten.as_strided_scatter.default (1 use): as_strided_scatter into overlapping positions is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %s: tensor<3x2xf32>):
    %t = "aten.t.default"(%x) {arg_names = ["self"]} : (tensor<4x5xf32>) -> tensor<5x4xf32>
    %r = "aten.as_strided.default"(%t) {arg_names = ["self"], size = array<i64: 3, 2>, stride = array<i64: 1, 5>} : (tensor<5x4xf32>) -> tensor<3x2xf32>
    %o = "aten.as_strided_scatter.default"(%x, %s) {arg_names = ["self", "src"], size = array<i64: 3, 2>, stride = array<i64: 1, 1>} : (tensor<4x5xf32>, tensor<3x2xf32>) -> tensor<4x5xf32>
    "ir.return"(%r, %o) : (tensor<3x2xf32>, tensor<4x5xf32>) -> ()
  }) {sym_name = "refused"} : () -> ()
}) : () -> ()
