// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s

// torch computes an op on bfloat16 tensors in float32 and rounds its results
// to bfloat16 once: the op is lowered in float32 between Casts. A linear
// layer accumulates in float32:
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f32} : (tensor<4x8xbf16>) -> tensor<4x8xf32>
// CHECK: %[[W:.*]] = "onnx.Cast"(%w) {to = f32} : (tensor<3x8xbf16>) -> tensor<3x8xf32>
// CHECK: %[[B:.*]] = "onnx.Cast"(%b) {to = f32} : (tensor<3xbf16>) -> tensor<3xf32>
// CHECK: %[[L:.*]] = "onnx.Gemm"(%[[X]], %[[W]], %[[B]]) {transB = 1 : i64} : (tensor<4x8xf32>, tensor<3x8xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK: %[[LINEAR:.*]] = "onnx.Cast"(%[[L]]) {to = bf16} : (tensor<4x3xf32>) -> tensor<4x3xbf16>
// CHECK: "ir.return"(%[[LINEAR]])
// CHECK-LABEL: }) {sym_name = "linear_accumulates_in_f32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x8xbf16>):
    %w = "ir.constant"() {value = dense_resource<fc.weight> : tensor<3x8xbf16>} : () -> tensor<3x8xbf16>
    %b = "ir.constant"() {value = dense_resource<fc.bias> : tensor<3xbf16>} : () -> tensor<3xbf16>
    %linear = "aten.linear.default"(%x, %w, %b) {arg_names = ["input", "weight", "bias"]} : (tensor<4x8xbf16>, tensor<3x8xbf16>, tensor<3xbf16>) -> tensor<4x3xbf16>
    "ir.return"(%linear) : (tensor<4x3xbf16>) -> ()
  }) {sym_name = "linear_accumulates_in_f32"} : () -> ()
}) : () -> ()

// -----

// gelu is evaluated in float32 as a whole, rounded once:
// CHECK: %[[G:.*]] = "onnx.Cast"(%x) {to = f32}
// CHECK: %[[GELU:.*]] = "onnx.Cast"(%{{.*}}) {to = bf16} : (tensor<4x3xf32>) -> tensor<4x3xbf16>
// CHECK-NOT: "onnx.Cast"
// CHECK: "ir.return"(%[[GELU]])
// CHECK-LABEL: }) {sym_name = "gelu_rounds_once"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x3xbf16>):
    %gelu = "aten.gelu.default"(%x) {arg_names = ["self"]} : (tensor<4x3xbf16>) -> tensor<4x3xbf16>
    "ir.return"(%gelu) : (tensor<4x3xbf16>) -> ()
  }) {sym_name = "gelu_rounds_once"} : () -> ()
}) : () -> ()

// -----

// Ops that only move data stay in bfloat16:
// CHECK-NOT: "onnx.Cast"
// CHECK: %[[VIEW:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<4x3xbf16>, tensor<2xi64>) -> tensor<2x6xbf16>
// CHECK: %[[CAT:.*]] = "onnx.Concat"(%[[VIEW]], %[[VIEW]]) {axis = 0 : i64} : (tensor<2x6xbf16>, tensor<2x6xbf16>) -> tensor<4x6xbf16>
// CHECK-NOT: "onnx.Cast"
// CHECK: "ir.return"(%[[CAT]])
// CHECK-LABEL: }) {sym_name = "data_movement_stays_in_bf16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x3xbf16>):
    %view = "aten.view.default"(%x) {arg_names = ["self"], size = array<i64: 2, 6>} : (tensor<4x3xbf16>) -> tensor<2x6xbf16>
    %cat = "aten.cat.default"(%view, %view) {arg_names = ["tensors", "tensors"]} : (tensor<2x6xbf16>, tensor<2x6xbf16>) -> tensor<4x6xbf16>
    "ir.return"(%cat) : (tensor<4x6xbf16>) -> ()
  }) {sym_name = "data_movement_stays_in_bf16"} : () -> ()
}) : () -> ()

// -----

// as do casts out of bfloat16:
// CHECK: %[[TO:.*]] = "onnx.Cast"(%x) {to = f32} : (tensor<4x6xbf16>) -> tensor<4x6xf32>
// CHECK-NEXT: "ir.return"(%[[TO]])
// CHECK-LABEL: }) {sym_name = "cast_out_of_bf16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x6xbf16>):
    %to = "aten._to_copy.default"(%x) {arg_names = ["self"], dtype = f32} : (tensor<4x6xbf16>) -> tensor<4x6xf32>
    "ir.return"(%to) : (tensor<4x6xf32>) -> ()
  }) {sym_name = "cast_out_of_bf16"} : () -> ()
}) : () -> ()

// -----

// A bfloat16 result by a dtype argument is made in float32 as well.
// CHECK: %[[F:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<"0x00002040"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: %[[FULL:.*]] = "onnx.Cast"(%[[F]]) {to = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
// CHECK: "ir.return"(%[[FULL]])
// CHECK-LABEL: }) {sym_name = "bf16_by_dtype_argument"}
"ir.module"() ({
  "ir.graph"() ({
    %full = "aten.full.default"() {arg_names = [], size = array<i64: 2, 3>, fill_value = 2.5 : f64, dtype = bf16} : () -> tensor<2x3xbf16>
    "ir.return"(%full) : (tensor<2x3xbf16>) -> ()
  }) {sym_name = "bf16_by_dtype_argument"} : () -> ()
}) : () -> ()

// -----

// A scatter moves elements, but one with a reduction computes: ONNX
// Runtime's CPU kernels do not add in bfloat16, so the sum is in float32.
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f32} : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: %[[S:.*]] = "onnx.Cast"(%s) {to = f32} : (tensor<2xbf16>) -> tensor<2xf32>
// CHECK: %[[SUM:.*]] = "onnx.ScatterElements"(%[[X]], %i, %[[S]]) {axis = 0 : i64, reduction = "add"} : (tensor<4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<4xf32>
// CHECK: %sum = "onnx.Cast"(%[[SUM]]) {to = bf16} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: %copy = "onnx.ScatterElements"(%x, %i, %s) {axis = 0 : i64} : (tensor<4xbf16>, tensor<2xi64>, tensor<2xbf16>) -> tensor<4xbf16>
// CHECK-LABEL: }) {sym_name = "scatter_with_reduction"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xbf16>, %i: tensor<2xi64>, %s: tensor<2xbf16>):
    %sum = "aten.scatter_add.default"(%x, %i, %s) {arg_names = ["self", "index", "src"], dim = 0 : i64} : (tensor<4xbf16>, tensor<2xi64>, tensor<2xbf16>) -> tensor<4xbf16>
    %copy = "aten.scatter.src"(%x, %i, %s) {arg_names = ["self", "index", "src"], dim = 0 : i64} : (tensor<4xbf16>, tensor<2xi64>, tensor<2xbf16>) -> tensor<4xbf16>
    "ir.return"(%sum, %copy) : (tensor<4xbf16>, tensor<4xbf16>) -> ()
  }) {sym_name = "scatter_with_reduction"} : () -> ()
}) : () -> ()
