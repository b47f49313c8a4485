// What pt2onnx prints besides the model: --stats, warnings and --quiet, and
// the exit codes of the failures that are the input's fault.

// --stats: the op histograms in and out, each step with its wall time and op
// count (a pass's statistics under it: decompose rewrote arccos), the total
// time and the peak memory. The unused neg is gone after lower-aten.
// RUN: %pt2onnx %s -o %t.onnx --stats | FileCheck %s --check-prefix=STATS
// STATS:      ops in: 4
// STATS-NEXT:        2  aten.neg.default
// STATS-NEXT:        1  aten.arccos.default
// STATS-NEXT:        1  ir.return
// STATS-NEXT: ops out: 3
// STATS-NEXT:        1  ir.return
// STATS-NEXT:        1  onnx.Acos
// STATS-NEXT:        1  onnx.Neg
// STATS-NEXT:      wall (ms)       ops  step
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9]            }}read
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}4  functionalize
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}4  decompose
// STATS-NEXT: {{^                           +}}1  aten.arccos.default
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}3  lower-aten
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}3  canonicalize
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}3  fold-constants
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}3  cse
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}3  shape-slices
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}3  dce
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9] +}}3  infer-shapes
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9]            }}write
// STATS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9]            }}total
// STATS-NEXT: peak memory: {{[0-9]+\.[0-9]}} MiB
// STATS-NOT: {{.}}

// A conversion says nothing on stderr when it succeeds (no progress line in
// a pipe), and --stats does not write the model differently.
// RUN: %pt2onnx %s -o %t.plain.onnx 2>&1 | count 0
// RUN: cmp %t.onnx %t.plain.onnx

// A reader's warning is printed on stderr, and kept in the report; --quiet
// leaves stderr to the errors.
// RUN: %pt2onnx %S/Inputs/unknown-field.json -o %t.onnx 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: {{.*}}unknown-field.json: graph_module.graph.nodes[0]: ignoring unknown Node field 'future_field'
// RUN: %pt2onnx %S/Inputs/unknown-field.json -o %t.onnx --quiet --report %t.md 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=REPORT --input-file %t.md
// REPORT:      Exported by torch 2.14.1 (schema 8.20).
// REPORT:      ## Warnings
// REPORT-EMPTY:
// REPORT-NEXT: - {{.*}}unknown-field.json: graph_module.graph.nodes[0]: ignoring unknown Node field 'future_field' (the program has schema 8.20; this importer knows {{.*}})

// Input errors exit with 2, and --report records them too.
// RUN: sh -c '%pt2onnx %s 2> %t.err; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=NO-OUTPUT --input-file %t.err
// NO-OUTPUT: pt2onnx: error: no output file: give -o OUT.onnx
// RUN: sh -c '%pt2onnx %t.missing.pt2 -o %t.onnx --report %t.missing.md 2> %t.err; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=MISSING --input-file %t.missing.md
// MISSING:      | result | the input cannot be converted (exit code 2); no model was written |
// MISSING:      ## Errors
// MISSING-EMPTY:
// MISSING-NEXT: ```
// MISSING-NEXT: {{.*}}.missing.pt2: {{.*}}
// MISSING:      ## Program
// MISSING-EMPTY:
// MISSING-NEXT: The program was not read.
// A report that cannot be written is refused before anything is converted.
// RUN: rm -f %t.onnx
// RUN: sh -c '%pt2onnx %s -o %t.onnx --report %t.nodir/r.md 2> %t.err; test $? -eq 2'
// RUN: not test -e %t.onnx
// RUN: FileCheck %s --check-prefix=NODIR --input-file %t.err
// NODIR: pt2onnx: error: {{.*}}.nodir/r.md: the directory '{{.*}}.nodir' does not exist

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %neg = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    %neg_1 = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    %arccos = "aten.arccos.default"(%neg_1) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%arccos) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
