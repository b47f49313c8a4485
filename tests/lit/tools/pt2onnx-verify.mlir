// Not split: pt2onnx converts a whole program.
// pt2onnx --verify runs the program as imported, functionalized, against the
// converted one: an in-place op (relu_ writes its operand %add, so the
// program returns the rectified sum twice) is evaluated in its functional
// form, so every output is compared.
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:2x3:-1,2,-3,4,-5,6 input_1=f4:2x3:1,1,1,1,1,1
// RUN: %pt2onnx %s -o %t.onnx --verify --verify-inputs %t.in.npz --verify-samples 0 | FileCheck %s
// CHECK:      verify: inputs {{.*}}in.npz:
// CHECK-NEXT:   output_0 (relu_): f32[2, 3] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// CHECK-NEXT:   output_1 (relu_): f32[2, 3] max abs diff 0, max rel diff 0 (rtol 0.0001, atol 1e-05): ok
// CHECK-NEXT: verify: passed: 2 outputs compared over 1 input sets, all within tolerance

// A model wrong on purpose (the hidden --test-break-numerics turns the Add
// into a subtraction after the pipeline): exit 1, the model written and
// marked with metadata pt2onnx.verify.
// RUN: rm -f %t.broken.onnx
// RUN: sh -c '%pt2onnx %s -o %t.broken.onnx --verify --verify-inputs %t.in.npz --verify-samples 0 --test-break-numerics=onnx.Add > %t.broken.txt 2>&1; test $? -eq 1'
// RUN: FileCheck %s --check-prefix=BROKEN < %t.broken.txt
// RUN: grep -a -c "pt2onnx.verify.*failed: 2 of 2 outputs compared" %t.broken.onnx
// BROKEN:      output_0 (relu_): f32[2, 3] max abs diff 2, max rel diff 0.667 (rtol 0.0001, atol 1e-05): MISMATCH in 3 of 6 values
// BROKEN-NEXT: output_1 (relu_): f32[2, 3] max abs diff 2, max rel diff 0.667 (rtol 0.0001, atol 1e-05): MISMATCH in 3 of 6 values
// BROKEN-NEXT: verify: FAILED: 2 of 2 outputs compared over 1 input sets failed; first: input set 1 ({{.*}}in.npz), output_0 (relu_)
// BROKEN:      error: {{.*}}pt2onnx-verify.mlir: the numerics check failed: {{.*}} was written, marked with metadata_props pt2onnx.verify
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>):
    %add = "aten.add.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc("add")
    %relu_ = "aten.relu_.default"(%add) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("relu_")
    "ir.return"(%relu_, %add) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
