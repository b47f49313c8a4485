// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// log_sigmoid is min(x, 0) - log1p(exp(-|x|)), so that exp never overflows.
// CHECK:      %0 = "aten.abs.default"(%x) {arg_names = ["self"]} : (tensor<2x?xf16, "s0">) -> tensor<2x?xf16, "s0">
// CHECK-NEXT: %1 = "aten.neg.default"(%0) {arg_names = ["self"]} : (tensor<2x?xf16, "s0">) -> tensor<2x?xf16, "s0">
// CHECK-NEXT: %2 = "aten.exp.default"(%1) {arg_names = ["self"]} : (tensor<2x?xf16, "s0">) -> tensor<2x?xf16, "s0">
// CHECK-NEXT: %3 = "aten.log1p.default"(%2) {arg_names = ["self"]} : (tensor<2x?xf16, "s0">) -> tensor<2x?xf16, "s0">
// CHECK-NEXT: %4 = "aten.clamp_max.default"(%x) {arg_names = ["self"], max = 0.0 : f64} : (tensor<2x?xf16, "s0">) -> tensor<2x?xf16, "s0">
// CHECK-NEXT: %log_sigmoid = "aten.sub.Tensor"(%4, %3) {arg_names = ["self", "other"]} : (tensor<2x?xf16, "s0">, tensor<2x?xf16, "s0">) -> tensor<2x?xf16, "s0">
// CHECK-LABEL: }) {sym_name = "log_sigmoid"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?xf16, "s0">):
    %log_sigmoid = "aten.log_sigmoid.default"(%x) {arg_names = ["self"]} : (tensor<2x?xf16, "s0">) -> tensor<2x?xf16, "s0">
    "ir.return"(%log_sigmoid) : (tensor<2x?xf16, "s0">) -> ()
  }) {sym_name = "log_sigmoid"} : () -> ()
}) : () -> ()

// -----

// An integral tensor, which torch refuses, stays as it is.
// CHECK:      %log_sigmoid = "aten.log_sigmoid.default"(%x) {arg_names = ["self"]} : (tensor<3xi64>) -> tensor<3xi64>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.log_sigmoid.default on aten.log_sigmoid.default %log_sigmoid: `self` is not a floating-point tensor
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi64>):
    %log_sigmoid = "aten.log_sigmoid.default"(%x) {arg_names = ["self"]} : (tensor<3xi64>) -> tensor<3xi64>
    "ir.return"(%log_sigmoid) : (tensor<3xi64>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
