// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// fftshift rolls every dim by half its size (rounded down) when `dim` is
// None; ifftshift rolls back, over the dims it is given.
// CHECK: %shift = "aten.roll.default"(%x) {arg_names = ["self"], dims = array<i64: 0, 1>, shifts = array<i64: 2, 1>} : (tensor<5x2xf32>) -> tensor<5x2xf32>
// CHECK: %unshift = "aten.roll.default"(%x) {arg_names = ["self"], dims = array<i64: 0>, shifts = array<i64: -2>} : (tensor<5x2xf32>) -> tensor<5x2xf32>
// CHECK-LABEL: }) {sym_name = "shifts"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5x2xf32>):
    %shift = "aten.fft_fftshift.default"(%x) {arg_names = ["self"]} : (tensor<5x2xf32>) -> tensor<5x2xf32>
    %unshift = "aten.fft_ifftshift.default"(%x) {arg_names = ["self"], dim = array<i64: -2>} : (tensor<5x2xf32>) -> tensor<5x2xf32>
    "ir.return"(%shift, %unshift) : (tensor<5x2xf32>, tensor<5x2xf32>) -> ()
  }) {sym_name = "shifts"} : () -> ()
}) : () -> ()

// -----

// A shifted dim of dynamic size stays.
// CHECK: %shift = "aten.fft_fftshift.default"(%x)
// CHECK-LABEL: }) {sym_name = "dynamic"}
// TRACE: pattern aten.fft_fftshift.default on aten.fft_fftshift.default %shift: a shifted dim has no static size
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x2xf32>):
    %shift = "aten.fft_fftshift.default"(%x) {arg_names = ["self"]} : (tensor<?x2xf32>) -> tensor<?x2xf32>
    "ir.return"(%shift) : (tensor<?x2xf32>) -> ()
  }) {sym_name = "dynamic"} : () -> ()
}) : () -> ()
