// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-no-op-slice: a Slice from 0 to the end of each axis it names, step 1,
// is its input.

// An end of INT64_MAX is "to the end".
// CHECK-NOT: "onnx.Slice"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "to_int64_max"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %zero = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %max = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %sl = "onnx.Slice"(%x, %zero, %max, %a1) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x?x4xf32>
    "ir.return"(%sl) : (tensor<2x?x4xf32>) -> ()
  }) {sym_name = "to_int64_max"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// An end that is the symbolic dim itself, read from Shape.
// CHECK-NOT: "onnx.Slice"
// CHECK: "ir.return"(%s)
// CHECK-LABEL: }) {sym_name = "to_symbolic_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?x4xf32, "s0">):
    %zero = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %end = "onnx.Shape"(%s) {end = 1 : i64} : (tensor<?x4xf32, "s0">) -> tensor<1xi64>
    %sl = "onnx.Slice"(%s, %zero, %end) : (tensor<?x4xf32, "s0">, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4xf32>
    "ir.return"(%sl) : (tensor<?x4xf32>) -> ()
  }) {sym_name = "to_symbolic_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: a reversing Slice has the input's shape, not its order.
// CHECK: %rev = "onnx.Slice"(%x
// CHECK-LABEL: }) {sym_name = "reverses"}
// TRACE: pattern drop-no-op-slice on onnx.Slice %rev: an axis is out of range or a step is not 1
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %m1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %min = "ir.constant"() {value = dense<[-9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %a1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %rev = "onnx.Slice"(%x, %m1, %min, %a1, %m1) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x3x4xf32>
    "ir.return"(%rev) : (tensor<2x3x4xf32>) -> ()
  }) {sym_name = "reverses"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()

// -----

// Refused: the end stops one short.
// CHECK: %short = "onnx.Slice"(%x
// CHECK-LABEL: }) {sym_name = "stops_short"}
// TRACE: pattern drop-no-op-slice on onnx.Slice %short: the end on axis 2 may stop short of the dim
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %zero = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %three = "ir.constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %a2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %short = "onnx.Slice"(%x, %zero, %three, %a2) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x3x3xf32>
    "ir.return"(%short) : (tensor<2x3x3xf32>) -> ()
  }) {sym_name = "stops_short"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>}} : () -> ()
