// Not split: --bisect-numerics reads a whole program.
// pt2onnx-opt --bisect-numerics runs the pipeline pass by pass, evaluating
// the program after each on the same inputs, and names the first pass that
// changes its outputs, and within it the first op whose value differs.
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:2x3:1,2,3,4,5,6 input_1=f4:2x3:1,1,1,1,1,1

// The default pipeline keeps the numbers: exit 0.
// RUN: %pt2onnx-opt %s --bisect-numerics --verify-inputs %t.in.npz --bisect-output %t.clean.mlir | FileCheck %s --check-prefix=CLEAN
// RUN: not test -e %t.clean.mlir
// CLEAN: bisect-numerics: 9 passes, inputs {{.*}}in.npz
// CLEAN-NEXT: bisect-numerics: after functionalize: same outputs (2 compared)
// CLEAN-NEXT: bisect-numerics: after decompose: same outputs (2 compared)
// CLEAN-NEXT: bisect-numerics: after lower-aten{opset=20}: same outputs (2 compared)
// CLEAN:      bisect-numerics: after infer-shapes: same outputs (2 compared)
// CLEAN-NEXT: bisect-numerics: no pass changes the numbers
// CLEAN-NOT: {{.}}

// A pipeline with a pass that turns the Add into a Sub: the pass is named,
// the op (by the value's name, which the pass kept), the outputs that
// differ, and the reproducer (exit 1).
// RUN: not %pt2onnx-opt %s --bisect-numerics --verify-inputs %t.in.npz --passes='functionalize,lower-aten,test-break-numerics{op=onnx.Add},cse' --bisect-output %t.repro.mlir > %t.broken.txt
// RUN: sh -c '%pt2onnx-opt %s --bisect-numerics --verify-inputs %t.in.npz --passes=lower-aten,test-break-numerics,cse --bisect-output %t.repro2.mlir >/dev/null; test $? -eq 1'
// RUN: FileCheck %s --check-prefix=BROKEN < %t.broken.txt
// BROKEN: bisect-numerics: 4 passes, inputs {{.*}}in.npz
// BROKEN-NEXT: bisect-numerics: after functionalize: same outputs (2 compared)
// BROKEN-NEXT: bisect-numerics: after lower-aten: same outputs (2 compared)
// BROKEN-NEXT: bisect-numerics: after test-break-numerics{op=onnx.Add}: OUTPUTS DIFFER
// BROKEN-NEXT:   output_0 (sum): f32[2] max abs diff 30, max rel diff 1 (rtol 0.0001, atol 1e-05): MISMATCH in 2 of 2 values
// BROKEN-NEXT: bisect-numerics: the pass `test-break-numerics{op=onnx.Add}` (pass 3 of 4) changes the numbers
// BROKEN-NEXT: bisect-numerics: the first op whose value differs: %add = 'onnx.Sub' op 'add' in graph 'main'
// BROKEN-NEXT:   its counterpart before the pass: %add = 'onnx.Add' op 'add' in graph 'main'
// BROKEN-NEXT:   6 of 6 values differ, max abs diff 12, max rel diff 1
// BROKEN-NEXT: bisect-numerics: reproducer (cut to the outputs that differ) written to {{.*}}.repro.mlir; run
// BROKEN-NEXT:   pt2onnx-opt {{.*}}.repro.mlir --passes='test-break-numerics{op=onnx.Add}' --bisect-numerics (bisected on {{.*}}in.npz; without --verify-inputs the reproducer runs on random inputs)
// BROKEN-NOT: {{.}}

// The reproducer is the program before that pass, at ONNX level, cut to the
// output that differs (the product, which does not depend on the Add, is no
// longer an output).
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir
// REPRO:      // The program before the pass `test-break-numerics{op=onnx.Add}`, cut to the outputs that differ:
// REPRO-NEXT: //   pt2onnx-opt {{.*}}.repro.mlir --passes='test-break-numerics{op=onnx.Add}' --bisect-numerics
// REPRO:      %mul = "onnx.Mul"(%x, %y)
// REPRO-NEXT: %add = "onnx.Add"(%mul, %x)
// REPRO-NEXT: %0 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>}
// REPRO-NEXT: %sum = "onnx.ReduceSum"(%add, %0) {keepdims = 0 : i64}
// REPRO-NEXT: "ir.return"(%sum)
// REPRO:      {sym_name = "main", torch.output_kinds = ["user_output"]}

// ... and reproduces: the pass alone over it names the same op.
// RUN: not %pt2onnx-opt %t.repro.mlir --bisect-numerics --verify-inputs %t.in.npz --passes='test-break-numerics{op=onnx.Add}' --bisect-output %t.repro-again.mlir | FileCheck %s --check-prefix=AGAIN
// AGAIN: bisect-numerics: 1 pass, inputs {{.*}}in.npz
// AGAIN-NEXT: bisect-numerics: after test-break-numerics{op=onnx.Add}: OUTPUTS DIFFER
// AGAIN-NEXT:   output_0 (sum): f32[2] max abs diff 30, max rel diff 1 (rtol 0.0001, atol 1e-05): MISMATCH in 2 of 2 values
// AGAIN:      bisect-numerics: the first op whose value differs: %add = 'onnx.Sub' op 'add' in graph 'main'

// An op the pass created (nothing before the pass has its name or torch
// node) is named when no value the pass kept differs.
// RUN: python3 %S/Inputs/make_npz.py %t.anon.npz input_0=f4:2x3:1,2,3,4,5,6 input_1=f4:2x3:1,1,1,1,1,1
// RUN: not %pt2onnx-opt %S/Inputs/bisect-anonymous.mlir --bisect-numerics --verify-inputs %t.anon.npz --passes=cse,test-break-numerics --bisect-output %t.anon.mlir | FileCheck %s --check-prefix=CREATED
// CREATED:      bisect-numerics: after cse: same outputs (1 compared)
// CREATED-NEXT: bisect-numerics: after test-break-numerics: OUTPUTS DIFFER
// CREATED-NEXT:   output_0: f32[2, 3] max abs diff 2, max rel diff 1 (rtol 0.0001, atol 1e-05): MISMATCH in 6 of 6 values
// CREATED-NEXT: bisect-numerics: the pass `test-break-numerics` (pass 2 of 2) changes the numbers
// CREATED-NEXT: bisect-numerics: no value the pass kept differs; the first op it created that the differing outputs depend on: 'onnx.Sub' op in graph 'main'
// CREATED-NEXT: bisect-numerics: reproducer (the whole program) written to

// An op the evaluator cannot run makes each pass's comparison inconclusive;
// the bisection goes on and ends with exit 0.
// RUN: %pt2onnx-opt %S/Inputs/bisect-opaque-op.mlir --bisect-numerics --passes=functionalize,cse | FileCheck %s --check-prefix=OPAQUE
// OPAQUE:      bisect-numerics: 2 passes, inputs random (seed 0)
// OPAQUE-NEXT: bisect-numerics: after functionalize: inconclusive: 1 of 2 outputs not compared: ops the evaluator cannot run: mylib.opaque.default x1
// OPAQUE-NEXT: bisect-numerics: after cse: inconclusive: 1 of 2 outputs not compared: ops the evaluator cannot run: mylib.opaque.default x1
// OPAQUE-NEXT: bisect-numerics: no pass changes the numbers (2 of 2 passes inconclusive)

// Bad input: exit 2, no reproducer.
// RUN: sh -c '%pt2onnx-opt %t.missing.mlir --bisect-numerics --bisect-output %t.none.mlir 2>&1; test $? -eq 2' | FileCheck %s --check-prefix=MISSING
// RUN: not test -e %t.none.mlir
// MISSING: pt2onnx-opt: error: {{.*}}missing.mlir: {{.*}}
// RUN: not %pt2onnx-opt %s --split-input-file --bisect-numerics 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: --split-input-file reads and prints text: IR or a program's JSON (no .pt2, .onnx, --dot or --bisect-numerics)

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>):
    %mul = "aten.mul.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc("mul")
    %add = "aten.add.Tensor"(%mul, %x) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc("add")
    %sum = "aten.sum.dim_IntList"(%add) {arg_names = ["self"], dim = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32> loc("sum")
    "ir.return"(%sum, %mul) : (tensor<2xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main", torch.output_kinds = ["user_output", "user_output"]} : () -> ()
}) : () -> ()
