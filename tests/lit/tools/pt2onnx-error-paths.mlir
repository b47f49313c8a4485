// Every error that is the input's fault (exit code 2) starts with the input
// path, whichever stage finds it: `pt2onnx: error: PATH: PLACE: REASON`.
// Errors about the command line itself (an option, the output path) name
// what they are about instead.

// The reader, and a resource limit a flag raises (tiny_cnn has 7 nodes).
// RUN: rm -f %t.onnx
// RUN: not %pt2onnx %examples/tiny_cnn.pt2 -o %t.onnx --max-nodes 6 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: sh -c '%pt2onnx %examples/tiny_cnn.pt2 -o %t.onnx --max-nodes 6 2>/dev/null; test $? -eq 2'
// RUN: not test -e %t.onnx
// NODES: pt2onnx: error: {{.*}}tiny_cnn.pt2: tiny_cnn/models/model.json: graph_module.graph.nodes: a graph of 7 nodes, more than 6 (--max-nodes raises the limit)
// RUN: %pt2onnx %examples/tiny_cnn.pt2 -o %t.onnx --max-nodes 7
// RUN: test -s %t.onnx

// Limits apply to a program's JSON read on its own too.
// RUN: not %pt2onnx %S/Inputs/unknown-field.json -o %t.json.onnx --max-string-length 4 2>&1 | FileCheck %s --check-prefix=STRING
// STRING: pt2onnx: error: {{.*}}unknown-field.json: at byte 1: a string longer than 4 bytes (--max-string-length raises the limit)

// Textual IR that does not parse.
// RUN: not %pt2onnx %S/Inputs/undefined-value.mlir -o %t.onnx 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: pt2onnx: error: {{.*}}undefined-value.mlir:4:17: error: use of undefined value '%y'

// The lowering.
// RUN: not %pt2onnx %S/Inputs/unsupported-op.mlir -o %t.onnx 2>&1 | FileCheck %s --check-prefix=LOWER
// LOWER:      pt2onnx: error: {{.*}}unsupported-op.mlir: cannot lower 1 op (1 overload) to ONNX opset 20:
// LOWER-NEXT:   aten.frobnicate.default (1 use): no lowering rule

// A pass (shape inference) that finds the program inconsistent.
// RUN: not %pt2onnx %S/Inputs/shape-contradiction.mlir -o %t.onnx 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: pt2onnx: error: {{.*}}shape-contradiction.mlir: 'onnx.Transpose' op in graph 'main': infer-shapes: result #0 has type tensor<2x3xf32> but the op gives tensor<3x2xf32>

// The backend, once with the input read from stdin.
// RUN: not %pt2onnx %s -o %t.onnx --input-names a,b 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND: pt2onnx: error: {{.*}}pt2onnx-error-paths.mlir: 2 input names given, the graph has 1 inputs
// RUN: not %pt2onnx - -o %t.onnx --input-names a,b < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: pt2onnx: error: <stdin>: 2 input names given, the graph has 1 inputs
// RUN: not %pt2onnx %s -o %t.onnx --passes='lower-aten{opset=17}' 2>&1 | FileCheck %s --check-prefix=OPSET
// OPSET: pt2onnx: error: {{.*}}pt2onnx-error-paths.mlir: the program was lowered to ONNX opset 17 and cannot be written as opset 20

// pt2onnx-opt, writing ONNX after a pipeline that does not lower.
// RUN: not %pt2onnx-opt %s -o %t.onnx --passes=cse 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: pt2onnx-opt: error: {{.*}}pt2onnx-error-paths.mlir: 1 ATen op remains after the pipeline (aten.neg.default); lower-aten is missing from it

// The program against a flag: the input is named first, then the flag.
// RUN: not %pt2onnx %examples/tiny_cnn.pt2 -o %t.onnx --dim-name x.1=c 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: pt2onnx: error: {{.*}}tiny_cnn.pt2: --dim-name x.1=c: axis 1 of input 'x' is static (size 3); only dynamic dims take names
// The report records the message as printed.
// RUN: not %pt2onnx %examples/tiny_cnn.pt2 -o %t.onnx --dim-name x.1=c --report %t.md
// RUN: FileCheck %s --check-prefix=REPORT --input-file %t.md
// REPORT:      ## Errors
// REPORT-EMPTY:
// REPORT-NEXT: ```
// REPORT-NEXT: {{.*}}tiny_cnn.pt2: --dim-name x.1=c: axis 1 of input 'x' is static (size 3); only dynamic dims take names

// The command line alone: no input path.
// RUN: not %pt2onnx %s -o %t.onnx --opset 99 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: pt2onnx: error: --opset 99 is not supported (supported: 17 to 23)

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %neg = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%neg) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
