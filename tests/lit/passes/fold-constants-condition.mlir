// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// select-by-constant-condition: a Where whose condition is a constant of one
// value is the operand it selects, when that has the result's type.
// CHECK-NOT: "onnx.Where"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "where_all_false"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %c = "ir.constant"() {value = dense<false> : tensor<2x1xi1>} : () -> tensor<2x1xi1>
    %zero = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %w = "onnx.Where"(%c, %zero, %x) : (tensor<2x1xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%w) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "where_all_false"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// CHECK-NOT: "onnx.Where"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "where_all_true"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>):
    %c = "ir.constant"() {value = dense<true> : tensor<3xi1>} : () -> tensor<3xi1>
    %w = "onnx.Where"(%c, %x, %y) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%w) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "where_all_true"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// The selected operand is broadcast to the result: the Where stays.
// CHECK: "onnx.Where"
// CHECK-LABEL: }) {sym_name = "where_broadcasts"}
// TRACE: pattern select-by-constant-condition on onnx.Where %w: the chosen operand is broadcast
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %c = "ir.constant"() {value = dense<true> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
    %zero = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %w = "onnx.Where"(%c, %zero, %x) : (tensor<2x3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%w) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "where_broadcasts"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// A condition of both values stays.
// CHECK: "onnx.Where"
// CHECK-LABEL: }) {sym_name = "where_mixed"}
// TRACE: pattern select-by-constant-condition on onnx.Where %w: the condition is not the same throughout
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    %c = "ir.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
    %w = "onnx.Where"(%c, %x, %y) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%w) : (tensor<2xf32>) -> ()
  }) {sym_name = "where_mixed"} : () -> ()
}) {onnx.opset = 20 : i64} : () -> ()

// -----

// An Attention whose boolean mask is true throughout has no mask.
// CHECK: %a = "onnx.Attention"(%q, %k, %v) {is_causal = 0 : i64, scale = 0.5 : f64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-LABEL: }) {sym_name = "attention_all_true_mask"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x2x4x4xf32>, %k: tensor<1x2x4x4xf32>, %v: tensor<1x2x4x4xf32>):
    %m = "ir.constant"() {value = dense<true> : tensor<1x2x4x4xi1>} : () -> tensor<1x2x4x4xi1>
    %a = "onnx.Attention"(%q, %k, %v, %m) {is_causal = 0 : i64, scale = 0.5 : f64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xi1>) -> tensor<1x2x4x4xf32>
    "ir.return"(%a) : (tensor<1x2x4x4xf32>) -> ()
  }) {sym_name = "attention_all_true_mask"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()

// -----

// An additive mask of zeros is no mask either; one with a -inf is kept.
// CHECK: %a = "onnx.Attention"(%q, %k, %v) {is_causal = 0 : i64}
// CHECK: %b = "onnx.Attention"(%q, %k, %v, %hide)
// CHECK-LABEL: }) {sym_name = "attention_float_masks"}
// TRACE: pattern select-by-constant-condition on onnx.Attention %b: the mask hides something
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%q: tensor<1x1x2x4xf32>, %k: tensor<1x1x2x4xf32>, %v: tensor<1x1x2x4xf32>):
    %zeros = "ir.constant"() {value = dense<"0x00000000000000000000000000000000"> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
    %hide = "ir.constant"() {value = dense<"0x00000000000080FF0000000000000000"> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
    %a = "onnx.Attention"(%q, %k, %v, %zeros) {is_causal = 0 : i64} : (tensor<1x1x2x4xf32>, tensor<1x1x2x4xf32>, tensor<1x1x2x4xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x4xf32>
    %b = "onnx.Attention"(%q, %k, %v, %hide) {is_causal = 0 : i64} : (tensor<1x1x2x4xf32>, tensor<1x1x2x4xf32>, tensor<1x1x2x4xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x4xf32>
    "ir.return"(%a, %b) : (tensor<1x1x2x4xf32>, tensor<1x1x2x4xf32>) -> ()
  }) {sym_name = "attention_float_masks"} : () -> ()
}) {onnx.opset = 23 : i64} : () -> ()
