// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// vsplit, hsplit and dsplit into equal parts: one slice per result along
// dim 0, 1 and 2 (hsplit of a vector along dim 0).
// CHECK:      %v0 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = 2 : i64, start = 0 : i64} : (tensor<4x6x2xf32>) -> tensor<2x6x2xf32>
// CHECK-NEXT: %v1 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 0 : i64, end = 4 : i64, start = 2 : i64} : (tensor<4x6x2xf32>) -> tensor<2x6x2xf32>
// CHECK-NEXT: %h0 = "aten.slice.Tensor"(%v) {arg_names = ["self"], dim = 0 : i64, end = 2 : i64, start = 0 : i64} : (tensor<6xf32>) -> tensor<2xf32>
// CHECK-NEXT: %h1 = "aten.slice.Tensor"(%v) {arg_names = ["self"], dim = 0 : i64, end = 4 : i64, start = 2 : i64} : (tensor<6xf32>) -> tensor<2xf32>
// CHECK-NEXT: %h2 = "aten.slice.Tensor"(%v) {arg_names = ["self"], dim = 0 : i64, end = 6 : i64, start = 4 : i64} : (tensor<6xf32>) -> tensor<2xf32>
// CHECK-NEXT: %d0 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 2 : i64, end = 1 : i64, start = 0 : i64} : (tensor<4x6x2xf32>) -> tensor<4x6x1xf32>
// CHECK-NEXT: %d1 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 2 : i64, end = 2 : i64, start = 1 : i64} : (tensor<4x6x2xf32>) -> tensor<4x6x1xf32>
// CHECK-LABEL: }) {sym_name = "sections"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x6x2xf32>, %v: tensor<6xf32>):
    %v0, %v1 = "aten.vsplit.int"(%x) {arg_names = ["self"], sections = 2 : i64} : (tensor<4x6x2xf32>) -> (tensor<2x6x2xf32>, tensor<2x6x2xf32>)
    %h0, %h1, %h2 = "aten.hsplit.int"(%v) {arg_names = ["self"], sections = 3 : i64} : (tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %d0, %d1 = "aten.dsplit.int"(%x) {arg_names = ["self"], sections = 2 : i64} : (tensor<4x6x2xf32>) -> (tensor<4x6x1xf32>, tensor<4x6x1xf32>)
    "ir.return"(%v0, %v1, %h0, %h1, %h2, %d0, %d1) : (tensor<2x6x2xf32>, tensor<2x6x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<4x6x1xf32>, tensor<4x6x1xf32>) -> ()
  }) {sym_name = "sections"} : () -> ()
}) : () -> ()

// -----

// At indices: [0, i0), [i0, i1), ..., [ik, end) as Python slices, a
// negative index counting from the end.
// CHECK:      %h0 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, end = 1 : i64} : (tensor<4x6xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: %h1 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, end = -2 : i64, start = 1 : i64} : (tensor<4x6xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %h2 = "aten.slice.Tensor"(%x) {arg_names = ["self"], dim = 1 : i64, start = -2 : i64} : (tensor<4x6xf32>) -> tensor<4x2xf32>
// CHECK-LABEL: }) {sym_name = "indices"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x6xf32>):
    %h0, %h1, %h2 = "aten.hsplit.array"(%x) {arg_names = ["self"], indices = array<i64: 1, -2>} : (tensor<4x6xf32>) -> (tensor<4x1xf32>, tensor<4x3xf32>, tensor<4x2xf32>)
    "ir.return"(%h0, %h1, %h2) : (tensor<4x1xf32>, tensor<4x3xf32>, tensor<4x2xf32>) -> ()
  }) {sym_name = "indices"} : () -> ()
}) : () -> ()

// -----

// A size not divisible by sections (an error in torch) and a vector for
// vsplit stay.
// CHECK:      %a:2 = "aten.vsplit.int"(%x) {arg_names = ["self"], sections = 2 : i64} : (tensor<5x6xf32>) -> (tensor<3x6xf32>, tensor<2x6xf32>)
// CHECK-NEXT: %c:2 = "aten.vsplit.array"(%v) {arg_names = ["self"], indices = array<i64: 2>} : (tensor<6xf32>) -> (tensor<2xf32>, tensor<4xf32>)
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.vsplit.int on aten.vsplit.int %a: the dim is not static and divisible by `sections`
// TRACE: pattern aten.vsplit.array on aten.vsplit.array %c: `self` does not have rank 2 or more
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5x6xf32>, %v: tensor<6xf32>):
    %a, %b = "aten.vsplit.int"(%x) {arg_names = ["self"], sections = 2 : i64} : (tensor<5x6xf32>) -> (tensor<3x6xf32>, tensor<2x6xf32>)
    %c, %d = "aten.vsplit.array"(%v) {arg_names = ["self"], indices = array<i64: 2>} : (tensor<6xf32>) -> (tensor<2xf32>, tensor<4xf32>)
    "ir.return"(%a, %b, %c, %d) : (tensor<3x6xf32>, tensor<2x6xf32>, tensor<2xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
