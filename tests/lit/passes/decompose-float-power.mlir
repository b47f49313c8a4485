// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// float_power casts its tensors to float64 and raises with the pow overload
// of the same form; a number operand stays a number.
// CHECK:      %[[X:.*]] = "aten._to_copy.default"(%x) {arg_names = ["self"], dtype = f64} : (tensor<3xf32>) -> tensor<3xf64>
// CHECK-NEXT: %[[E:.*]] = "aten._to_copy.default"(%e) {arg_names = ["self"], dtype = f64} : (tensor<3xi64>) -> tensor<3xf64>
// CHECK-NEXT: %p = "aten.pow.Tensor_Tensor"(%[[X]], %[[E]]) {arg_names = ["self", "exponent"]} : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
// CHECK-NEXT: %[[X2:.*]] = "aten._to_copy.default"(%x)
// CHECK-NEXT: %q = "aten.pow.Tensor_Scalar"(%[[X2]]) {arg_names = ["self"], exponent = 2 : i64} : (tensor<3xf64>) -> tensor<3xf64>
// CHECK-NEXT: %[[E2:.*]] = "aten._to_copy.default"(%e)
// CHECK-NEXT: %r = "aten.pow.Scalar"(%[[E2]]) {arg_names = ["exponent"], self = 1.5 : f64} : (tensor<3xf64>) -> tensor<3xf64>
// CHECK-LABEL: }) {sym_name = "float_power"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %e: tensor<3xi64>):
    %p = "aten.float_power.Tensor_Tensor"(%x, %e) {arg_names = ["self", "exponent"]} : (tensor<3xf32>, tensor<3xi64>) -> tensor<3xf64>
    %q = "aten.float_power.Tensor_Scalar"(%x) {arg_names = ["self"], exponent = 2 : i64} : (tensor<3xf32>) -> tensor<3xf64>
    %r = "aten.float_power.Scalar"(%e) {arg_names = ["exponent"], self = 1.5 : f64} : (tensor<3xi64>) -> tensor<3xf64>
    "ir.return"(%p, %q, %r) : (tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> ()
  }) {sym_name = "float_power"} : () -> ()
}) : () -> ()

// -----

// A complex result is left alone.
// CHECK: "aten.float_power.Tensor_Tensor"
// CHECK-LABEL: }) {sym_name = "complex"}
// TRACE: pattern aten.float_power.Tensor_Tensor on aten.float_power.Tensor_Tensor %p: the result is not float64 (complex operands)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xcomplex<f32>>, %e: tensor<3xf32>):
    %p = "aten.float_power.Tensor_Tensor"(%x, %e) {arg_names = ["self", "exponent"]} : (tensor<3xcomplex<f32>>, tensor<3xf32>) -> tensor<3xcomplex<f64>>
    "ir.return"(%p) : (tensor<3xcomplex<f64>>) -> ()
  }) {sym_name = "complex"} : () -> ()
}) : () -> ()
