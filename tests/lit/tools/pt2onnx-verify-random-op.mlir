// Not split: pt2onnx converts a whole program.
// A program that draws random numbers: the outputs that depend on the draw
// are not compared (here the evaluator does not draw at all), the others are
// compared as usual (an unused draw, like a layer-drop probability in eval
// mode, hides nothing).
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:3:1,2,3
// RUN: %pt2onnx %s -o %t.onnx --verify --verify-inputs %t.in.npz --verify-samples 0 | FileCheck %s
// CHECK:      verify: inputs {{.*}}in.npz:
// CHECK-NEXT:   output_0 (add): f32[3] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// CHECK-NEXT:   output_1 (noisy): unknown (not compared)
// CHECK-NEXT: verify: random ops (values not compared, only dtypes and shapes): aten.rand.default x1, onnx.RandomUniform x1
// CHECK-NEXT: verify: inconclusive: 1 outputs not compared (the program draws random numbers: aten.rand.default x1, onnx.RandomUniform x1), 1 outputs compared over 1 input sets
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %rand = "aten.rand.default"() {size = array<i64: 3>, pin_memory = false} : () -> tensor<3xf32> loc("rand")
    %add = "aten.add.Tensor"(%x, %x) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32> loc("add")
    %noisy = "aten.add.Tensor"(%x, %rand) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32> loc("noisy")
    "ir.return"(%add, %noisy) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
