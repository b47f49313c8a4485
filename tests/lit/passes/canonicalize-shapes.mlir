// RUN: %pt2onnx-opt %s --passes=canonicalize --verify | FileCheck %s

// Shape computations the types decide become constants; those that depend
// on a symbolic dim stay. A rewritten op's replacement keeps its provenance,
// and ops left without uses go on the way.

// CHECK-LABEL: "ir.graph"
// The static dims of a partly symbolic tensor: Shape with start/end, and
// Gather of a static dim (and the arithmetic on it) are constants.
// The symbolic dim is still read at run time.
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %shape = "onnx.Shape"(%x) {end = 1 : i64} : (tensor<?x3x4xf32, "s0">) -> tensor<1xi64>
// CHECK-NEXT: %tail = "ir.constant"() {value = dense<[3, 4]> : tensor<2xi64>} : () -> tensor<2xi64> loc("tail")
// CHECK-NEXT: %prod = "ir.constant"() {value = dense<12> : tensor<i64>} : () -> tensor<i64> loc("prod")
// CHECK-NEXT: %cat = "onnx.Concat"(%shape, %tail)
// CHECK-NEXT: "ir.return"(%cat, %prod)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x4xf32, "s0">):
    %shape = "onnx.Shape"(%x) {end = 1 : i64} : (tensor<?x3x4xf32, "s0">) -> tensor<1xi64> loc("shape")
    %tail = "onnx.Shape"(%x) {start = -2 : i64} : (tensor<?x3x4xf32, "s0">) -> tensor<2xi64> loc("tail")
    %all = "onnx.Shape"(%x) : (tensor<?x3x4xf32, "s0">) -> tensor<3xi64> loc("all")
    %c1 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %c2 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %d1 = "onnx.Gather"(%all, %c1) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64> loc("d1")
    %d2 = "onnx.Gather"(%all, %c2) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64> loc("d2")
    %prod = "onnx.Mul"(%d1, %d2) : (tensor<i64>, tensor<i64>) -> tensor<i64> loc("prod")
    %cat = "onnx.Concat"(%shape, %tail) {axis = 0 : i64} : (tensor<1xi64>, tensor<2xi64>) -> tensor<3xi64> loc("cat")
    "ir.return"(%cat, %prod) : (tensor<3xi64>, tensor<i64>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
