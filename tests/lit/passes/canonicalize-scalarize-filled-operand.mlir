// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// scalarize-filled-operand: an operand of a broadcasting elementwise op that
// is a ConstantOfShape, when the other operands already give the result's
// shape, is the scalar it repeats.

// CHECK: %[[C:.*]] = "ir.constant"() {value = dense<"0x00000040"> : tensor<f32>} : () -> tensor<f32>
// CHECK-NEXT: %sum = "onnx.Add"(%x, %[[C]]) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "filled_operand"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %shape = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %twos = "onnx.ConstantOfShape"(%shape) {value = dense<"0x00000040"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<2x3xf32>
    %sum = "onnx.Add"(%x, %twos) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%sum) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "filled_operand"} : () -> ()
}) : () -> ()

// -----

// Where's condition and other branch give the shape; the filled branch is a
// scalar.
// CHECK: %[[Z:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
// CHECK-NEXT: %w = "onnx.Where"(%b, %x, %[[Z]])
// CHECK-LABEL: }) {sym_name = "where_branch"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>, %x: tensor<2x3xf32>):
    %shape = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %zeros = "onnx.ConstantOfShape"(%shape) {value = dense<"0x00000000"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<2x3xf32>
    %w = "onnx.Where"(%b, %x, %zeros) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%w) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "where_branch"} : () -> ()
}) : () -> ()

// -----

// Refused: the filled operand gives the result its rows.
// CHECK: %sum = "onnx.Add"(%row, %twos)
// CHECK-LABEL: }) {sym_name = "filled_operand_broadcasts"}
// TRACE: pattern scalarize-filled-operand on onnx.Add %sum: no ConstantOfShape operand of one value whose shape the other operands already give
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%row: tensor<3xf32>):
    %shape = "ir.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %twos = "onnx.ConstantOfShape"(%shape) {value = dense<"0x00000040"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<2x3xf32>
    %sum = "onnx.Add"(%row, %twos) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%sum) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "filled_operand_broadcasts"} : () -> ()
}) : () -> ()

// -----

// Refused: a symbolic result shape.
// CHECK: %sum = "onnx.Add"(%s, %fill)
// CHECK-LABEL: }) {sym_name = "symbolic"}
// TRACE: pattern scalarize-filled-operand on onnx.Add %sum: the result type has unknown dims
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x3xf32>, %shape: tensor<2xi64>):
    %fill = "onnx.ConstantOfShape"(%shape) {value = dense<"0x00000040"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<?x3xf32>
    %sum = "onnx.Add"(%s, %fill) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
    "ir.return"(%sum) : (tensor<?x3xf32>) -> ()
  }) {sym_name = "symbolic"} : () -> ()
}) : () -> ()
