// RUN: %pt2onnx-opt %s --split-input-file --passes='functionalize,lower-aten{opset=20}' --no-provenance | FileCheck %s

// Integer and bool forms of ops whose ONNX op ONNX Runtime does not compute
// on those dtypes.

// ONNX Runtime's Relu takes no int64: max(x, 0).
// CHECK: %r = "onnx.Max"(%x, %0) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
// CHECK-LABEL: }) {sym_name = "relu_int64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi64>):
    %r = "aten.relu.default"(%x) {arg_names = ["self"]} : (tensor<3xi64>) -> tensor<3xi64>
    "ir.return"(%r) : (tensor<3xi64>) -> ()
  }) {sym_name = "relu_int64"} : () -> ()
}) : () -> ()

// -----

// clamp_min of bools is Or (ONNX's Max takes no bool).
// CHECK: %r = "onnx.Or"(%x, %y)
// CHECK-LABEL: }) {sym_name = "clamp_min_bool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi1>, %y: tensor<3xi1>):
    %r = "aten.clamp_min.Tensor"(%x, %y) {arg_names = ["self", "min"]} : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
    "ir.return"(%r) : (tensor<3xi1>) -> ()
  }) {sym_name = "clamp_min_bool"} : () -> ()
}) : () -> ()

// -----

// fmax of bools is Or.
// CHECK: %r = "onnx.Or"(%x, %y)
// CHECK-LABEL: }) {sym_name = "fmax_bool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi1>, %y: tensor<3xi1>):
    %r = "aten.fmax.default"(%x, %y) {arg_names = ["self", "other"]} : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
    "ir.return"(%r) : (tensor<3xi1>) -> ()
  }) {sym_name = "fmax_bool"} : () -> ()
}) : () -> ()

// -----

// Integer addmm is MatMul and Add (ONNX Runtime's Gemm computes floats only).
// CHECK:      %0 = "onnx.MatMul"(%x, %y)
// CHECK-NEXT: %r = "onnx.Add"(%0, %c)
// CHECK-NOT:  onnx.Gemm
// CHECK-LABEL: }) {sym_name = "addmm_int64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%c: tensor<2x4xi64>, %x: tensor<2x3xi64>, %y: tensor<3x4xi64>):
    %r = "aten.addmm.default"(%c, %x, %y) {arg_names = ["self", "mat1", "mat2"]} : (tensor<2x4xi64>, tensor<2x3xi64>, tensor<3x4xi64>) -> tensor<2x4xi64>
    "ir.return"(%r) : (tensor<2x4xi64>) -> ()
  }) {sym_name = "addmm_int64"} : () -> ()
}) : () -> ()

// -----

// Integer linear: MatMul by the transposed weight, not Gemm.
// CHECK:      %0 = "onnx.Transpose"(%w)
// CHECK-NEXT: %r = "onnx.MatMul"(%x, %0)
// CHECK-LABEL: }) {sym_name = "linear_int32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xi32>, %w: tensor<4x3xi32>):
    %r = "aten.linear.default"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<2x3xi32>, tensor<4x3xi32>) -> tensor<2x4xi32>
    "ir.return"(%r) : (tensor<2x4xi32>) -> ()
  }) {sym_name = "linear_int32"} : () -> ()
}) : () -> ()

// -----

// tril of int32 goes through int64 (ONNX Runtime's Trilu takes no int32).
// CHECK:      %0 = "onnx.Cast"(%x) {to = i64}
// CHECK:      %2 = "onnx.Trilu"(%0, %1) {upper = 0 : i64} : (tensor<3x3xi64>, tensor<i64>) -> tensor<3x3xi64>
// CHECK-NEXT: %r = "onnx.Cast"(%2) {to = i32}
// CHECK-LABEL: }) {sym_name = "tril_int32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x3xi32>):
    %r = "aten.tril.default"(%x) {arg_names = ["self"]} : (tensor<3x3xi32>) -> tensor<3x3xi32>
    "ir.return"(%r) : (tensor<3x3xi32>) -> ()
  }) {sym_name = "tril_int32"} : () -> ()
}) : () -> ()

// -----

// pixel_shuffle of integers: reshape, transpose, reshape (ONNX Runtime's
// DepthToSpace computes floats only).
// CHECK:      %1 = "onnx.Reshape"(%x, %0)
// CHECK-NEXT: %2 = "onnx.Transpose"(%1) {perm = array<i64: 0, 1, 4, 2, 5, 3>}
// CHECK:      %r = "onnx.Reshape"(%2, %3) : (tensor<*xi64>, tensor<4xi64>) -> tensor<1x2x4x6xi64>
// CHECK-NOT:  onnx.DepthToSpace
// CHECK-LABEL: }) {sym_name = "pixel_shuffle_int64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x8x2x3xi64>):
    %r = "aten.pixel_shuffle.default"(%x) {arg_names = ["self"], upscale_factor = 2 : i64} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
    "ir.return"(%r) : (tensor<1x2x4x6xi64>) -> ()
  }) {sym_name = "pixel_shuffle_int64"} : () -> ()
}) : () -> ()

// -----

// outer of bools is And; the row broadcasts without an Unsqueeze.
// CHECK: %r = "onnx.And"(%1, %y) : (tensor<3x1xi1>, tensor<2xi1>) -> tensor<3x2xi1>
// CHECK-LABEL: }) {sym_name = "outer_bool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi1>, %y: tensor<2xi1>):
    %r = "aten.outer.default"(%x, %y) {arg_names = ["self", "vec2"]} : (tensor<3xi1>, tensor<2xi1>) -> tensor<3x2xi1>
    "ir.return"(%r) : (tensor<3x2xi1>) -> ()
  }) {sym_name = "outer_bool"} : () -> ()
}) : () -> ()

// -----

// one_hot of a 0-d index: OneHot of it as a vector, reshaped to one row.
// CHECK:      %2 = "onnx.Reshape"(%x, %1) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:      %4 = "onnx.OneHot"(%2, %3, %0) {axis = -1 : i64} : (tensor<1xi64>, tensor<i64>, tensor<2xi64>) -> tensor<1x4xi64>
// CHECK:      %r = "onnx.Reshape"(%4, %5) : (tensor<1x4xi64>, tensor<1xi64>) -> tensor<4xi64>
// CHECK-LABEL: }) {sym_name = "one_hot_0d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<i64>):
    %r = "aten.one_hot.default"(%x) {arg_names = ["self"], num_classes = 4 : i64} : (tensor<i64>) -> tensor<4xi64>
    "ir.return"(%r) : (tensor<4xi64>) -> ()
  }) {sym_name = "one_hot_0d"} : () -> ()
}) : () -> ()

// -----

// cummax of bools compares them as int32 (ONNX's GreaterOrEqual takes no bool).
// CHECK:      "onnx.Cast"(%{{.*}}) {to = i32} : (tensor<i1>) -> tensor<i32>
// CHECK:      "onnx.GreaterOrEqual"(%{{.*}}, %{{.*}}) : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-LABEL: }) {sym_name = "cummax_bool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5xi1>):
    %r:2 = "aten.cummax.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<5xi1>) -> (tensor<5xi1>, tensor<5xi64>)
    "ir.return"(%r#0, %r#1) : (tensor<5xi1>, tensor<5xi64>) -> ()
  }) {sym_name = "cummax_bool"} : () -> ()
}) : () -> ()
