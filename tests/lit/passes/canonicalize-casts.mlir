// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-same-type-cast, fuse-casts: a Cast to its input's element type is its
// input; Cast(Cast(x, T1), T2) is Cast(x, T2) when x -> T1 is exact, or x
// when T2 is x's type.

// CHECK-NOT: "onnx.Cast"
// CHECK: "ir.return"(%f, %i)
// CHECK-LABEL: }) {sym_name = "same_type"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>, %i: tensor<2x3xi64>):
    %same_f = "onnx.Cast"(%f) {to = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %same_i = "onnx.Cast"(%i) {to = i64} : (tensor<2x3xi64>) -> tensor<2x3xi64>
    "ir.return"(%same_f, %same_i) : (tensor<2x3xf32>, tensor<2x3xi64>) -> ()
  }) {sym_name = "same_type"} : () -> ()
}) : () -> ()

// -----

// Through a wider float: one Cast.
// CHECK: %to_f64 = "onnx.Cast"(%h) {to = f64} : (tensor<2x3xf16>) -> tensor<2x3xf64>
// CHECK-NEXT: "ir.return"(%to_f64)
// CHECK-LABEL: }) {sym_name = "through_wider_float"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x3xf16>):
    %up = "onnx.Cast"(%h) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
    %to_f64 = "onnx.Cast"(%up) {to = f64} : (tensor<2x3xf32>) -> tensor<2x3xf64>
    "ir.return"(%to_f64) : (tensor<2x3xf64>) -> ()
  }) {sym_name = "through_wider_float"} : () -> ()
}) : () -> ()

// -----

// Up and back to x's type: nothing.
// CHECK-NOT: "onnx.Cast"
// CHECK: "ir.return"(%h)
// CHECK-LABEL: }) {sym_name = "up_and_back"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%h: tensor<2x3xf16>):
    %up2 = "onnx.Cast"(%h) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
    %down = "onnx.Cast"(%up2) {to = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
    "ir.return"(%down) : (tensor<2x3xf16>) -> ()
  }) {sym_name = "up_and_back"} : () -> ()
}) : () -> ()

// -----

// Refused: f32 -> f16 rounds, so the round trip is not x.
// CHECK: %narrow = "onnx.Cast"(%f) {to = f16}
// CHECK-NEXT: %back = "onnx.Cast"(%narrow) {to = f32}
// CHECK-LABEL: }) {sym_name = "rounding_chain"}
// TRACE: pattern fuse-casts on onnx.Cast %back: the first cast is not exact, so it is not dropped
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %narrow = "onnx.Cast"(%f) {to = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
    %back = "onnx.Cast"(%narrow) {to = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
    "ir.return"(%back) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "rounding_chain"} : () -> ()
}) : () -> ()

// -----

// Refused: a Cast that changes the type, of a graph input.
// CHECK: %from_bool = "onnx.Cast"(%b) {to = f32}
// CHECK-LABEL: }) {sym_name = "changes_type"}
// TRACE: pattern drop-same-type-cast on onnx.Cast %from_bool: the input's element type is not the target
// TRACE-NEXT: pattern fuse-casts on onnx.Cast %from_bool: the input is not a Cast
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>):
    %from_bool = "onnx.Cast"(%b) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
    "ir.return"(%from_bool) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "changes_type"} : () -> ()
}) : () -> ()
