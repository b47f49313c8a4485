// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// fftshift rolls every dim (dim None) by half its size rounded down;
// ifftshift by half rounded up.
// CHECK:      %s = "aten.roll.default"(%x) {arg_names = ["self"], dims = array<i64: 0, 1>, shifts = array<i64: 4, 5>} : (tensor<9x10xf32>) -> tensor<9x10xf32>
// CHECK-NEXT: %i = "aten.roll.default"(%x) {arg_names = ["self"], dims = array<i64: 0>, shifts = array<i64: 5>} : (tensor<9x10xf32>) -> tensor<9x10xf32>
// CHECK-LABEL: }) {sym_name = "shifts"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<9x10xf32>):
    %s = "aten.fft_fftshift.default"(%x) {arg_names = ["self"]} : (tensor<9x10xf32>) -> tensor<9x10xf32>
    %i = "aten.fft_ifftshift.default"(%x) {arg_names = ["self"], dim = array<i64: -2>} : (tensor<9x10xf32>) -> tensor<9x10xf32>
    "ir.return"(%s, %i) : (tensor<9x10xf32>, tensor<9x10xf32>) -> ()
  }) {sym_name = "shifts"} : () -> ()
}) : () -> ()

// -----

// A dynamic dim's half is not a constant.
// CHECK: "aten.fft_fftshift.default"
// CHECK-LABEL: }) {sym_name = "dynamic"}
// TRACE: pattern aten.fft_fftshift.default on aten.fft_fftshift.default %s: a shifted dim has no static size
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?xf32, "s0">):
    %s = "aten.fft_fftshift.default"(%x) {arg_names = ["self"]} : (tensor<?xf32, "s0">) -> tensor<?xf32, "s0">
    "ir.return"(%s) : (tensor<?xf32, "s0">) -> ()
  }) {sym_name = "dynamic"} : () -> ()
}) : () -> ()
