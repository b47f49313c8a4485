// The evaluator runs the Python operators torch.export records on symbolic
// numbers, each operand a value or an attribute, with Python's semantics
// (floordiv and mod toward negative infinity), at ATen level and after
// lower-aten, with the same numbers; and ScatterND with a reduction (what
// index_put with accumulate=True becomes), tuple by tuple.
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:7x2:1,2,3,4,5,6,7,8,9,10,11,12,13,14 input_1=i8:3x1:1,1,4 input_2=f4:3x2:1,1,1,1,1,1
// RUN: %pt2onnx-opt %s --evaluate --verify-inputs %t.in.npz | FileCheck %s
// RUN: %pt2onnx-opt %s --passes=lower-aten --evaluate --verify-inputs %t.in.npz | FileCheck %s
// CHECK: output_0 (floordiv): i64[] [-3]
// CHECK-NEXT: output_1 (mod): i64[] [2]
// CHECK-NEXT: output_2 (truediv): f64[] [3.5]
// CHECK-NEXT: output_3 (ge): i1[] [1]
// CHECK-NEXT: output_4 (and_): i1[] [0]
// CHECK-NEXT: output_5 (pow): i64[] [49]
// CHECK-NEXT: output_6 (index_put): f32[7, 2] [1, 2, 5, 6, 5, 6, 7, 8, ... (14 values)]
// CHECK-NOT: {{.}}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x2xf32, "s0">, %rows: tensor<3x1xi64>, %ones: tensor<3x2xf32>):
    %n = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x2xf32, "s0">) -> !torch.symint<"s0">
    %floordiv = "operator.floordiv"(%n) {arg_names = ["b"], a = -20 : i64} : (!torch.symint<"s0">) -> !torch.symint<"u0">
    %mod = "operator.mod"(%n) {arg_names = ["b"], a = -12 : i64} : (!torch.symint<"s0">) -> !torch.symint<"u1">
    %truediv = "operator.truediv"(%n) {arg_names = ["a"], b = 2 : i64} : (!torch.symint<"s0">) -> !torch.symfloat
    %ge = "operator.ge"(%n) {arg_names = ["a"], b = 7 : i64} : (!torch.symint<"s0">) -> !torch.symbool
    %lt = "operator.lt"(%n) {arg_names = ["a"], b = 7 : i64} : (!torch.symint<"s0">) -> !torch.symbool
    %and_ = "operator.and_"(%ge, %lt) {arg_names = ["a", "b"]} : (!torch.symbool, !torch.symbool) -> !torch.symbool
    %pow = "operator.pow"(%n) {arg_names = ["a"], b = 2 : i64} : (!torch.symint<"s0">) -> !torch.symint<"u2">
    %index_put = "onnx.ScatterND"(%x, %rows, %ones) {reduction = "add"} : (tensor<?x2xf32, "s0">, tensor<3x1xi64>, tensor<3x2xf32>) -> tensor<?x2xf32, "s0">
    "ir.return"(%floordiv, %mod, %truediv, %ge, %and_, %pow, %index_put) : (!torch.symint<"u0">, !torch.symint<"u1">, !torch.symfloat, !torch.symbool, !torch.symbool, !torch.symint<"u2">, tensor<?x2xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
