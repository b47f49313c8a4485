// pt2onnx --report on a program it cannot convert: the report is written,
// the conversion still fails with exit code 2 and its error, and no model is
// left. Every unsupported op is in the report at once, by overload with the
// reason, grouped by the module and source line they come from.
// RUN: rm -f %t.onnx %t.md
// RUN: sh -c '%pt2onnx %s -o %t.onnx --report %t.md 2> %t.err; test $? -eq 2'
// RUN: not test -e %t.onnx
// RUN: FileCheck %s --input-file %t.md
// RUN: FileCheck %s --check-prefix=ERR --input-file %t.err

// The error is the one pt2onnx gives without --report.
// RUN: sh -c '%pt2onnx %s -o %t.onnx 2> %t.plain.err; test $? -eq 2'
// RUN: diff %t.err %t.plain.err

// With --allow-unsupported, the ops left (dce removed the unused bincounts)
// are kept as custom nodes, and the report lists them as kept.
// RUN: %pt2onnx %s -o %t.kept.onnx --allow-unsupported --report %t.kept.md
// RUN: FileCheck %s --check-prefix=KEPT --input-file %t.kept.md
// KEPT:      | result | converted |
// KEPT:      ## Unsupported ops
// KEPT-EMPTY:
// KEPT-NEXT: 1 op of 1 overload has no lowering to ONNX opset 20; --allow-unsupported kept it as a node of the custom domain `pkg.torch.ops`.
// KEPT-EMPTY:
// KEPT-NEXT: ### `aten.linalg_pinv.default` (1 use)
// KEPT-EMPTY:
// KEPT-NEXT: | uses | nodes | module | source |
// KEPT-NEXT: |---:|---|---|---|
// KEPT-NEXT: | 1 | `linalg_pinv` | `__main__.Net` | `/src/net.py:12`: `p = torch.linalg.pinv(m)` |
// KEPT:      ## Ops out
// KEPT:      | 1 | `aten.linalg_pinv.default` |

// ERR: pt2onnx: error: {{.*}}report-unsupported.mlir: cannot lower 3 ops (2 overloads) to ONNX opset 20:
// ERR-NEXT:   aten.bincount.default (2 uses): no lowering rule
// ERR-NEXT:     first at 'aten.bincount.default' op 'bincount' in graph 'main' (/src/net.py:4)
// ERR-NEXT:   aten.linalg_pinv.default (1 use): compares singular values with a tolerance

// CHECK: # pt2onnx report: {{.*}}report-unsupported.mlir
// CHECK: | result | the input cannot be converted (exit code 2); no model was written |
// CHECK: | pt2onnx | {{[0-9.]+}}, ONNX opset 20 |

// CHECK:      ## Errors
// CHECK-EMPTY:
// CHECK-NEXT: ```
// CHECK-NEXT: {{.*}}report-unsupported.mlir: cannot lower 3 ops (2 overloads) to ONNX opset 20:
// CHECK-NEXT:   aten.bincount.default (2 uses): no lowering rule

// CHECK:      ## Unsupported ops
// CHECK-EMPTY:
// CHECK-NEXT: 3 ops of 2 overloads have no lowering to ONNX opset 20.
// CHECK-EMPTY:
// CHECK-NEXT: ### `aten.bincount.default` (2 uses)
// CHECK-EMPTY:
// CHECK-NEXT: Reason: no lowering rule
// CHECK-EMPTY:
// CHECK-NEXT: | uses | nodes | module | source |
// CHECK-NEXT: |---:|---|---|---|
// CHECK-NEXT: | 2 | `bincount`, `bincount_1` | `counter (__main__.Counter)` | `/src/net.py:4`: `return torch.bincount(i)` |
// CHECK-EMPTY:
// CHECK-NEXT: ### `aten.linalg_pinv.default` (1 use)
// CHECK-EMPTY:
// CHECK-NEXT: Reason: compares singular values with a tolerance, which rounding tips either way for a rank-deficient matrix (pt2onnx lowers linalg.svdvals)
// CHECK-EMPTY:
// CHECK-NEXT: | uses | nodes | module | source |
// CHECK-NEXT: |---:|---|---|---|
// CHECK-NEXT: | 1 | `linalg_pinv` | `__main__.Net` | `/src/net.py:12`: `p = torch.linalg.pinv(m)` |

// The program as it came in.
// CHECK:      ## Program
// CHECK-EMPTY:
// CHECK-NEXT: | input | kind | dtype | shape |
// CHECK-NEXT: |---|---|---|---|
// CHECK-NEXT: | `x` | user_input | float32 | `[s0, 8]` |
// CHECK-NEXT: | `m` | user_input | float32 | `[4, 4]` |
// CHECK-NEXT: | `i` | user_input | int64 | `[16]` |
// CHECK-EMPTY:
// CHECK-NEXT: | symbolic dim | range |
// CHECK-NEXT: |---|---|
// CHECK-NEXT: | `s0` | [2, 64] |
// CHECK-EMPTY:
// CHECK-NEXT: | output | kind | dtype | shape |
// CHECK-NEXT: |---|---|---|---|
// CHECK-NEXT: | `relu` | user_output | float32 | `[s0, 8]` |
// CHECK-NEXT: | `linalg_pinv` | user_output | float32 | `[4, 4]` |

// The passes up to the one that failed; the ops in, and no ops out.
// CHECK:      ## Steps
// CHECK-EMPTY:
// CHECK-NEXT: | step | wall (ms) | ops after |
// CHECK-NEXT: |---|---:|---:|
// CHECK-NEXT: | read | {{[0-9.]+}} | |
// CHECK-NEXT: | functionalize | {{[0-9.]+}} | 6 |
// CHECK-NEXT: | decompose | {{[0-9.]+}} | 6 |
// CHECK-NEXT: | lower-aten | failed | |
// CHECK:      ## Ops in
// CHECK-EMPTY:
// CHECK-NEXT: | count | op |
// CHECK-NEXT: |---:|---|
// CHECK-NEXT: | 2 | `aten.bincount.default` |
// CHECK-NEXT: | 1 | `aten.linalg_pinv.default` |
// CHECK-NEXT: | 1 | `aten.relu.default` |
// CHECK-NEXT: | 1 | `aten.sum.default` |
// CHECK-NEXT: | 1 | `ir.return` |
// CHECK-NOT: ## Ops out

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x8xf32, "s0">, %m: tensor<4x4xf32>, %i: tensor<16xi64>):
    %relu = "aten.relu.default"(%x) {arg_names = ["self"]} : (tensor<?x8xf32, "s0">) -> tensor<?x8xf32, "s0"> loc(fused<{nn_module_stack = "L__self__,,__main__.Net;L__self___act,act,torch.nn.modules.activation.ReLU", stack_trace = "File \22/src/net.py\22, line 10, in forward\0A    y = self.act(x)"}>["relu"])
    %bincount = "aten.bincount.default"(%i) {arg_names = ["self"]} : (tensor<16xi64>) -> tensor<?xi64> loc(fused<{nn_module_stack = "L__self__,,__main__.Net;L__self___counter,counter,__main__.Counter", stack_trace = "File \22/src/net.py\22, line 11, in forward\0A    c = self.counter(i)\0AFile \22/src/net.py\22, line 4, in forward\0A    return torch.bincount(i)"}>["bincount"])
    %bincount_1 = "aten.bincount.default"(%i) {arg_names = ["self"]} : (tensor<16xi64>) -> tensor<?xi64> loc(fused<{nn_module_stack = "L__self__,,__main__.Net;L__self___counter,counter,__main__.Counter", stack_trace = "File \22/src/net.py\22, line 11, in forward\0A    c = self.counter(i)\0AFile \22/src/net.py\22, line 4, in forward\0A    return torch.bincount(i)"}>["bincount_1"])
    %linalg_pinv = "aten.linalg_pinv.default"(%m) {arg_names = ["self"]} : (tensor<4x4xf32>) -> tensor<4x4xf32> loc(fused<{nn_module_stack = "L__self__,,__main__.Net", stack_trace = "File \22/src/net.py\22, line 12, in forward\0A    p = torch.linalg.pinv(m)"}>["linalg_pinv"])
    %sum = "aten.sum.default"(%bincount) {arg_names = ["self"]} : (tensor<?xi64>) -> tensor<i64> loc("sum")
    "ir.return"(%relu, %linalg_pinv) : (tensor<?x8xf32, "s0">, tensor<4x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()
