// RUN: %pt2onnx-opt %s --passes=functionalize,lower-aten --no-provenance | FileCheck %s

// An in-place update of a slice of a slice (swin's attention mask), through
// functionalize and lower-aten: the fill is written back with
// select_scatter/slice_scatter (ScatterND), and the later uses of the base
// see the updated tensor.
// CHECK: %[[ZEROS:.*]] = "onnx.ConstantOfShape"
// CHECK: %[[ROW:.*]] = "onnx.Slice"(%[[ZEROS]]
// CHECK: %fill_ = "onnx.ConstantOfShape"
// CHECK: %[[I:.*]] = "ir.constant"() {value = dense<{{\[\[0\]\]}}> : tensor<1x1xi64>}
// CHECK: %[[ROW2:.*]] = "onnx.ScatterND"(%[[ROW]], %[[I]], %{{.*}}) : (tensor<2x4xf32>, tensor<1x1xi64>, tensor<1x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[J:.*]] = "ir.constant"() {value = dense<{{\[\[1\], \[2\]\]}}> : tensor<2x1xi64>}
// CHECK: %[[BASE:.*]] = "onnx.ScatterND"(%[[ZEROS]], %[[J]], %[[ROW2]]) : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK: %add = "onnx.Add"(%[[BASE]], %x) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %zeros = "aten.zeros.default"() {arg_names = [], size = array<i64: 3, 4>, dtype = f32} : () -> tensor<3x4xf32>
    %slice = "aten.slice.Tensor"(%zeros) {arg_names = ["self"], dim = 0 : i64, start = 1 : i64, end = 3 : i64} : (tensor<3x4xf32>) -> tensor<2x4xf32>
    %select = "aten.select.int"(%slice) {arg_names = ["self"], dim = 0 : i64, index = 0 : i64} : (tensor<2x4xf32>) -> tensor<4xf32>
    %fill_ = "aten.fill_.Scalar"(%select) {arg_names = ["self"], value = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    %add = "aten.add.Tensor"(%zeros, %x) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%add) : (tensor<3x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
