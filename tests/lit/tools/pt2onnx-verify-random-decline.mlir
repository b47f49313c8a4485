// Not split: pt2onnx converts a whole program.
// An op the evaluator runs on the first input set and declines on a random
// one: scatter's random indices repeat within a row (the random set draws
// integers in [0, 3]), where torch and ONNX leave the result open. What
// depends on it was compared on the first set, so the verdict is passed,
// with a note of what the random set did not compare.
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:2x4:1,2,3,4,5,6,7,8 input_1=i8:2x3:0,1,2,3,2,1 input_2=f4:2x3:-1,-2,-3,-4,-5,-6
// RUN: %pt2onnx %s -o %t.onnx --verify --verify-inputs %t.in.npz --verify-samples 1 | FileCheck %s
// CHECK:      verify: inputs {{.*}}in.npz:
// CHECK-NEXT:   output_0 (scatter): f32[2, 4] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// CHECK-NEXT:   output_1 (add): f32[2, 4] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// CHECK-NEXT: verify: inputs random (seed 1):
// CHECK-NEXT:   output_0 (scatter): unknown (not compared)
// CHECK-NEXT:   output_1 (add): f32[2, 4] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// CHECK-NEXT: verify: ops the evaluator declined on random inputs only (what depends on them was compared on the other sets): aten.scatter.src x1, onnx.ScatterElements x1
// CHECK-NEXT: verify: passed: 3 outputs compared over 2 input sets, all within tolerance; 1 not compared on random inputs (aten.scatter.src x1, onnx.ScatterElements x1)

// Without the first set, no set compares the scatter: inconclusive.
// RUN: %pt2onnx %s -o %t.random.onnx --verify --verify-samples 1 | FileCheck %s --check-prefix=RANDOM
// RANDOM: verify: inconclusive: 2 outputs not compared (ops the evaluator cannot run: aten.scatter.src x1, onnx.ScatterElements x1), 2 outputs compared over 2 input sets
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4xf32>, %index: tensor<2x3xi64>, %src: tensor<2x3xf32>):
    %scatter = "aten.scatter.src"(%x, %index, %src) {arg_names = ["self", "index", "src"], dim = 1 : i64} : (tensor<2x4xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<2x4xf32> loc("scatter")
    %add = "aten.add.Tensor"(%x, %x) {arg_names = ["self", "other"]} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32> loc("add")
    "ir.return"(%scatter, %add) : (tensor<2x4xf32>, tensor<2x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
