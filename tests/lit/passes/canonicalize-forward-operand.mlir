// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-identity, drop-single-concat, drop-zero-pad: an Identity, a Concat of
// one input and a Pad by zeros are their input.

// An Identity is its input.
// CHECK-NOT: "onnx.Identity"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "identity"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %id = "onnx.Identity"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%id) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "identity"} : () -> ()
}) : () -> ()

// -----

// A Concat of one input is that input.
// CHECK-NOT: "onnx.Concat"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "single_concat"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %cat = "onnx.Concat"(%x) {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%cat) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "single_concat"} : () -> ()
}) : () -> ()

// -----

// A Pad by zeros is its input, pads as an input or as an attribute.
// CHECK-NOT: "onnx.Pad"
// CHECK: "ir.return"(%x, %x)
// CHECK-LABEL: }) {sym_name = "zero_pad"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %pads0 = "ir.constant"() {value = dense<0> : tensor<4xi64>} : () -> tensor<4xi64>
    %p = "onnx.Pad"(%x, %pads0) {mode = "constant"} : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<2x3xf32>
    %pa = "onnx.Pad"(%x) {mode = "constant", pads = array<i64: 0, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%p, %pa) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "zero_pad"} : () -> ()
}) : () -> ()

// -----

// Refused: a Pad by 1 and -1 shifts the elements.
// CHECK: %shift = "onnx.Pad"(%x, %pads)
// CHECK-LABEL: }) {sym_name = "pad_that_shifts"}
// TRACE: pattern drop-zero-pad on onnx.Pad %shift: a pad is not 0
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %pads = "ir.constant"() {value = dense<[0, 1, 0, -1]> : tensor<4xi64>} : () -> tensor<4xi64>
    %shift = "onnx.Pad"(%x, %pads) {mode = "constant"} : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<2x3xf32>
    "ir.return"(%shift) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "pad_that_shifts"} : () -> ()
}) : () -> ()

// -----

// Refused: a Concat of two inputs.
// CHECK: %two = "onnx.Concat"(%x, %x)
// CHECK-LABEL: }) {sym_name = "concat_of_two"}
// TRACE: pattern drop-single-concat on onnx.Concat %two: more than one input
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %two = "onnx.Concat"(%x, %x) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    "ir.return"(%two) : (tensor<4x3xf32>) -> ()
  }) {sym_name = "concat_of_two"} : () -> ()
}) : () -> ()
