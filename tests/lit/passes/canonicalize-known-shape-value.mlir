// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// fold-known-shape-value: a shape computation whose every element KnownInts
// proves constant becomes that constant, with the provenance of the op it
// replaces; ops left without uses go on the way.

// The static dims of a partly symbolic tensor: Shape with start, Gather of a
// static dim, and the arithmetic on them.
// CHECK-NOT: "onnx.Gather"
// CHECK-NOT: "onnx.Mul"
// CHECK: %tail = "ir.constant"() {value = dense<[3, 4]> : tensor<2xi64>} : () -> tensor<2xi64> loc("tail")
// CHECK-NEXT: %prod = "ir.constant"() {value = dense<12> : tensor<i64>} : () -> tensor<i64> loc("prod")
// CHECK-NEXT: "ir.return"(%tail, %prod)
// CHECK-LABEL: }) {sym_name = "static_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x4xf32, "s0">):
    %tail = "onnx.Shape"(%x) {start = -2 : i64} : (tensor<?x3x4xf32, "s0">) -> tensor<2xi64> loc("tail")
    %all = "onnx.Shape"(%x) : (tensor<?x3x4xf32, "s0">) -> tensor<3xi64> loc("all")
    %c1 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %c2 = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %d1 = "onnx.Gather"(%all, %c1) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64> loc("d1")
    %d2 = "onnx.Gather"(%all, %c2) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64> loc("d2")
    %prod = "onnx.Mul"(%d1, %d2) : (tensor<i64>, tensor<i64>) -> tensor<i64> loc("prod")
    "ir.return"(%tail, %prod) : (tensor<2xi64>, tensor<i64>) -> ()
  }) {sym_name = "static_dims"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the symbolic dim is read at run time.
// CHECK: %shape = "onnx.Shape"(%x) {end = 1 : i64}
// CHECK-NEXT: "ir.return"(%shape)
// CHECK-LABEL: }) {sym_name = "symbolic_dim"}
// TRACE: pattern fold-known-shape-value on onnx.Shape %shape: KnownInts does not know every element
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3x4xf32, "s0">):
    %shape = "onnx.Shape"(%x) {end = 1 : i64} : (tensor<?x3x4xf32, "s0">) -> tensor<1xi64>
    "ir.return"(%shape) : (tensor<1xi64>) -> ()
  }) {sym_name = "symbolic_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: a result whose length is not static.
// CHECK: %r = "onnx.Range"
// CHECK-LABEL: }) {sym_name = "dynamic_length"}
// TRACE: pattern fold-known-shape-value on onnx.Range %r: the result shape is not static
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%n: tensor<i64>):
    %c0 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %c1 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %r = "onnx.Range"(%c0, %n, %c1) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
    "ir.return"(%r) : (tensor<?xi64>) -> ()
  }) {sym_name = "dynamic_length"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
