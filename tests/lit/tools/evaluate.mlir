// pt2onnx-opt --evaluate runs the program with pt2onnx's own evaluator: ops
// through their rules, control flow by running its regions, at ATen level and,
// after lower-aten, at ONNX level (If, Loop, Scan), with the same numbers.
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:2x3:1,2,3,4,5,6 input_1=i8::3
// RUN: %pt2onnx-opt %s --evaluate --verify-inputs %t.in.npz | FileCheck %s
// RUN: %pt2onnx-opt %s --passes=lower-aten --evaluate --verify-inputs %t.in.npz | FileCheck %s
// CHECK: output_0 (cond): f32[2, 3] [2, 4, 6, 8, 10, 12]
// CHECK-NEXT: output_1 (loop#1): f32[2, 3] [4, 8, 12, 16, 20, 24]
// CHECK-NEXT: output_2 (scan): f32[3] [5, 7, 9]
// CHECK-NEXT: output_3 (scan#1): f32[2, 3] [1, 2, 3, 5, 7, 9]
// CHECK-NOT: {{.}}

// Negative inputs take the other branch.
// RUN: python3 %S/Inputs/make_npz.py %t.neg.npz input_0=f4:2x3:-1,-2,-3,-4,-5,-6 input_1=i8::0
// RUN: %pt2onnx-opt %s --passes=lower-aten --evaluate --verify-inputs %t.neg.npz | FileCheck %s --check-prefix=NEG
// NEG: output_0 (cond): f32[2, 3] [1, 2, 3, 4, 5, 6]
// NEG-NEXT: output_1 (loop#1): f32[2, 3] [-1, -2, -3, -4, -5, -6]

// --expect compares the outputs with an .npz of expected arrays, within the
// tolerance of their dtype; a mismatch exits 1.
// RUN: python3 %S/Inputs/make_npz.py %t.expected.npz output_0=f4:2x3:2,4,6,8,10,12.00001 output_1=f4:2x3:4,8,12,16,20,24 output_3=f4:2x3:1,2,3,5,7,9
// RUN: %pt2onnx-opt %s --evaluate --verify-inputs %t.in.npz --expect %t.expected.npz | FileCheck %s --check-prefix=EXPECT
// EXPECT: output_0 (cond): f32[2, 3] max abs diff 9.54e-06, max rel diff 7.95e-07 (rtol 0.0001, atol 1e-05): ok
// EXPECT-NEXT: output_1 (loop#1): f32[2, 3] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// EXPECT-NEXT: output_3 (scan#1): f32[2, 3] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// EXPECT-NOT: {{.}}
// RUN: python3 %S/Inputs/make_npz.py %t.wrong.npz output_0=f4:2x3:2,4,6,8,10,13 output_2=f4:3:5,7,9
// RUN: not %pt2onnx-opt %s --evaluate --verify-inputs %t.in.npz --expect %t.wrong.npz | FileCheck %s --check-prefix=WRONG
// RUN: sh -c '%pt2onnx-opt %s --evaluate --verify-inputs %t.in.npz --expect %t.wrong.npz >/dev/null; test $? -eq 1'
// WRONG: output_0 (cond): f32[2, 3] max abs diff 1, max rel diff 0.0769 (rtol 0.0001, atol 1e-05): MISMATCH in 1 of 6 values
// WRONG-NEXT: output_2 (scan): f32[3] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// RUN: %pt2onnx-opt %s --evaluate --verify-inputs %t.in.npz --expect %t.wrong.npz --verify-atol 1 | FileCheck %s --check-prefix=ATOL
// ATOL: output_0 (cond): f32[2, 3] max abs diff 1, max rel diff 0.0769 (rtol 0.0001, atol 1): ok

// Inputs that do not fit the program are refused (exit 2), naming the input.
// RUN: python3 %S/Inputs/make_npz.py %t.bad.npz input_0=f4:3x2:1,2,3,4,5,6 input_1=i8::3
// RUN: not %pt2onnx-opt %s --evaluate --verify-inputs %t.bad.npz 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: pt2onnx-opt: error: {{.*}}bad.npz: input 0 ('x'): given shape [3, 2], the program takes tensor<2x3xf32>
// RUN: python3 %S/Inputs/make_npz.py %t.missing.npz input_0=f4:2x3:1,2,3,4,5,6
// RUN: not %pt2onnx-opt %s --evaluate --verify-inputs %t.missing.npz 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: pt2onnx-opt: error: {{.*}}missing.npz: no array 'input_1' for input 1 ('n') of the program

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %n: tensor<i64>):
    %sum = "aten.sum.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<f32>
    %gt = "aten.gt.Scalar"(%sum) {arg_names = ["self"], other = 0 : i64} : (tensor<f32>) -> tensor<i1>
    %cond = "higher_order.cond"(%gt, %x) ({
    ^bb0(%a: tensor<2x3xf32>):
      %twice = "aten.mul.Tensor"(%a) {arg_names = ["self"], other = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
      "ir.return"(%twice) : (tensor<2x3xf32>) -> ()
    }, {
    ^bb0(%b: tensor<2x3xf32>):
      %neg = "aten.neg.default"(%b) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
      "ir.return"(%neg) : (tensor<2x3xf32>) -> ()
    }) {arg_names = ["pred", "operands"]} : (tensor<i1>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %zero = "aten.zeros.default"() {dtype = i64, size = array<i64>} : () -> tensor<i64>
    %loop:2 = "higher_order.while_loop"(%zero, %x) ({
    ^bb0(%i: tensor<i64>, %acc: tensor<2x3xf32>):
      %lt = "aten.lt.Tensor"(%i, %n) {arg_names = ["self", "other"]} : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "ir.return"(%lt) : (tensor<i1>) -> ()
    }, {
    ^bb0(%i: tensor<i64>, %acc: tensor<2x3xf32>):
      %next = "aten.add.Tensor"(%i) {arg_names = ["self"], other = 1 : i64} : (tensor<i64>) -> tensor<i64>
      %acc_1 = "aten.add.Tensor"(%acc, %x) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
      "ir.return"(%next, %acc_1) : (tensor<i64>, tensor<2x3xf32>) -> ()
    }) {arg_names = ["carried_inputs", "carried_inputs"]} : (tensor<i64>, tensor<2x3xf32>) -> (tensor<i64>, tensor<2x3xf32>)
    %init = "aten.zeros.default"() {dtype = f32, size = array<i64: 3>} : () -> tensor<3xf32>
    %scan:2 = "higher_order.scan"(%init, %x) ({
    ^bb0(%carry: tensor<3xf32>, %row: tensor<3xf32>):
      %add = "aten.add.Tensor"(%carry, %row) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
      "ir.return"(%add, %add) : (tensor<3xf32>, tensor<3xf32>) -> ()
    }) {arg_names = ["init", "xs"]} : (tensor<3xf32>, tensor<2x3xf32>) -> (tensor<3xf32>, tensor<2x3xf32>)
    "ir.return"(%cond, %loop#1, %scan#0, %scan#1) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
