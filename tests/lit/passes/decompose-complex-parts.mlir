// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// imag selects the second of the pairs of view_as_real; _conj (and conj) of
// a complex tensor is conj_physical, of a real one the tensor itself.
// CHECK: %[[P:.*]] = "aten.view_as_real.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3x2xf32>
// CHECK: %imag = "aten.select.int"(%[[P]]) {arg_names = ["self"], dim = -1 : i64, index = 1 : i64} : (tensor<3x2xf32>) -> tensor<3xf32>
// CHECK: "aten.view_as_complex.default"
// CHECK: %real_conj = "aten.alias.default"(%x)
// CHECK-LABEL: }) {sym_name = "parts"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%z: tensor<3xcomplex<f32>>, %x: tensor<3xf32>):
    %imag = "aten.imag.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
    %conj = "aten._conj.default"(%z) {arg_names = ["self"]} : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %real_conj = "aten.conj.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%imag, %conj, %real_conj) : (tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xf32>) -> ()
  }) {sym_name = "parts"} : () -> ()
}) : () -> ()

// -----

// imag of a real tensor, which torch refuses, stays.
// CHECK: %imag = "aten.imag.default"(%x)
// CHECK-LABEL: }) {sym_name = "real_imag"}
// TRACE: pattern aten.imag.default on aten.imag.default %imag: `self` is not a ranked complex tensor
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %imag = "aten.imag.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3xf32>
    "ir.return"(%imag) : (tensor<3xf32>) -> ()
  }) {sym_name = "real_imag"} : () -> ()
}) : () -> ()
