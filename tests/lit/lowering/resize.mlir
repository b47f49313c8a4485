// RUN: not %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// resize (the functional Tensor.resize_) to as many elements is a Reshape;
// to fewer, the first elements flattened; resize_as takes the template's
// shape.
// CHECK:      %same = "onnx.Reshape"(%x, %{{.*}}) : (tensor<5x5x5xf32>, tensor<2xi64>) -> tensor<25x5xf32>
// CHECK:      %[[FLAT:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<5x5x5xf32>, tensor<1xi64>) -> tensor<125xf32>
// CHECK:      %[[FIRST:.*]] = "onnx.Slice"(%[[FLAT]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<125xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6xf32>
// CHECK:      %fewer = "onnx.Reshape"(%[[FIRST]], %{{.*}}) : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK:      %[[FLAT2:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<5x5x5xf32>, tensor<1xi64>) -> tensor<125xf32>
// CHECK:      %[[FIRST2:.*]] = "onnx.Slice"(%[[FLAT2]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<125xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<12xf32>
// CHECK:      %as = "onnx.Reshape"(%[[FIRST2]], %{{.*}}) : (tensor<12xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK-LABEL: }) {sym_name = "resize"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5x5x5xf32>, %t: tensor<3x4xf32>):
    %same = "aten.resize.default"(%x) {arg_names = ["self"], size = array<i64: 25, 5>} : (tensor<5x5x5xf32>) -> tensor<25x5xf32>
    %fewer = "aten.resize.default"(%x) {arg_names = ["self"], size = array<i64: 2, 3>} : (tensor<5x5x5xf32>) -> tensor<2x3xf32>
    %as = "aten.resize_as.default"(%x, %t) {arg_names = ["self", "the_template"]} : (tensor<5x5x5xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%same, %fewer, %as) : (tensor<25x5xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> ()
  }) {sym_name = "resize"} : () -> ()
}) : () -> ()

// -----

// More elements than the tensor has would be uninitialized memory.
// ERR: aten.resize.default (1 use): resize_ to more elements than the tensor has: the new elements would be uninitialized memory; resize to at most 6 elements, or build the tensor with torch.zeros
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %more = "aten.resize.default"(%x) {arg_names = ["self"], size = array<i64: 3, 3>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
    "ir.return"(%more) : (tensor<3x3xf32>) -> ()
  }) {sym_name = "resize_more"} : () -> ()
}) : () -> ()

// -----

// The storage order of a computed tensor (here a transposed view) is not
// the order of its elements.
// ERR: aten.resize.default (1 use): resize_ to a new shape of a computed tensor, whose memory order is not known: resize a model input, or use reshape
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %t = "aten.t.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %computed = "aten.resize.default"(%t) {arg_names = ["self"], size = array<i64: 6>} : (tensor<3x2xf32>) -> tensor<6xf32>
    "ir.return"(%computed) : (tensor<6xf32>) -> ()
  }) {sym_name = "resize_view"} : () -> ()
}) : () -> ()
