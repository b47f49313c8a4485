// pt2onnx --report on a program it converts: the model is written as
// without --report, and the report shows the program, the steps with their
// times and op counts, the decompositions that fired and the ops in and out.
// RUN: %pt2onnx %s -o %t.onnx --report %t.md
// RUN: %pt2onnx %s -o %t.plain.onnx
// RUN: cmp %t.onnx %t.plain.onnx
// RUN: FileCheck %s --input-file %t.md

// CHECK: # pt2onnx report: {{.*}}report.mlir
// CHECK-NOT: ## Errors
// CHECK-NOT: ## Unsupported ops
// CHECK: | result | converted |

// CHECK:      ## Program
// CHECK-EMPTY:
// CHECK-NEXT: | input | kind | dtype | shape |
// CHECK-NEXT: |---|---|---|---|
// CHECK-NEXT: | `x` | user_input | float32 | `[s0, 4]` |
// CHECK-EMPTY:
// CHECK-NEXT: | symbolic dim | range |
// CHECK-NEXT: |---|---|
// CHECK-NEXT: | `s0` | [1, oo] |
// CHECK-EMPTY:
// CHECK-NEXT: | output | kind | dtype | shape |
// CHECK-NEXT: |---|---|---|---|
// CHECK-NEXT: | `add` | user_output | float32 | `[s0, 4]` |

// Each pass of the default pipeline, between reading and writing.
// CHECK:      ## Steps
// CHECK-EMPTY:
// CHECK-NEXT: | step | wall (ms) | ops after |
// CHECK-NEXT: |---|---:|---:|
// CHECK-NEXT: | read | {{[0-9]+\.[0-9][0-9][0-9]}} | |
// CHECK-NEXT: | functionalize | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | decompose | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | lower-aten | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | canonicalize | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | fold-constants | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | cse | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | shape-slices | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | dce | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | infer-shapes | {{[0-9]+\.[0-9][0-9][0-9]}} | 4 |
// CHECK-NEXT: | write | {{[0-9]+\.[0-9][0-9][0-9]}} | |

// CHECK:      ## Decompositions
// CHECK-EMPTY:
// CHECK-NEXT: | overload | count |
// CHECK-NEXT: |---|---:|
// CHECK-NEXT: | `aten.absolute.default` | 1 |
// CHECK-EMPTY:
// CHECK-NEXT: ## Fusions
// CHECK-EMPTY:
// CHECK-NEXT: None.

// CHECK:      ## Ops in
// CHECK-EMPTY:
// CHECK-NEXT: | count | op |
// CHECK-NEXT: |---:|---|
// CHECK-NEXT: | 1 | `aten.absolute.default` |
// CHECK-NEXT: | 1 | `aten.add.Tensor` |
// CHECK-NEXT: | 1 | `aten.relu.default` |
// CHECK-NEXT: | 1 | `ir.return` |
// CHECK-EMPTY:
// CHECK-NEXT: ## Ops out
// CHECK-EMPTY:
// CHECK-NEXT: | count | op |
// CHECK-NEXT: |---:|---|
// CHECK-NEXT: | 1 | `ir.return` |
// CHECK-NEXT: | 1 | `onnx.Abs` |
// CHECK-NEXT: | 1 | `onnx.Add` |
// CHECK-NEXT: | 1 | `onnx.Relu` |
// CHECK-NOT: {{.}}

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">):
    %absolute = "aten.absolute.default"(%x) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0"> loc(fused<{nn_module_stack = "L__self__,,__main__.Net", stack_trace = "File \22/src/net.py\22, line 5, in forward\0A    y = x.absolute()"}>["absolute"])
    %relu = "aten.relu.default"(%absolute) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0"> loc("relu")
    %add = "aten.add.Tensor"(%relu, %x) {arg_names = ["self", "other"]} : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0"> loc("add")
    "ir.return"(%add) : (tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 9223372036854775807>}} : () -> ()
