// --split-input-file: cases separated by `// -----` lines are parsed, run
// and printed one by one, their outputs joined by `// -----`. A failing case
// is reported, with lines of this file, and the next cases still run; the
// tool then exits with 2 (bad input).
// RUN: not %pt2onnx-opt --split-input-file --passes=infer-shapes %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: sh -c '%pt2onnx-opt --split-input-file %s >/dev/null 2>&1; test $? -eq 2'
// Without the flag the file is one (unparsable) text.
// RUN: not %pt2onnx-opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE
// WHOLE: split-input-file.mlir:{{[0-9]+}}:1: error:

// CHECK: %[[NEG:.*]] = "onnx.Neg"(%x)
// CHECK-NEXT: "ir.return"(%[[NEG]])
// CHECK-LABEL: }) {sym_name = "first"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %neg = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%neg) : (tensor<2xf32>) -> ()
  }) {sym_name = "first"} : () -> ()
}) : () -> ()

// -----

// A parse error names its line in this file, not in the case.
// ERR: pt2onnx-opt: error: {{.*}}split-input-file.mlir:[[@LINE+4]]:23: error: use of undefined value '%z'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %neg = "onnx.Neg"(%z) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%neg) : (tensor<2xf32>) -> ()
  }) {sym_name = "parse_error"} : () -> ()
}) : () -> ()

// -----
// A failing pass names the case by the line it starts on.
// ERR-NEXT: pt2onnx-opt: error: {{.*}}split-input-file.mlir: 'onnx.Add' op in graph 'pass_error': infer-shapes: cannot broadcast dims 3 and 4
// ERR-NEXT: pt2onnx-opt: note: in the case starting at {{.*}}split-input-file.mlir:[[@LINE-2]]
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<4xf32>):
    %add = "onnx.Add"(%x, %y) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%add) : (tensor<4xf32>) -> ()
  }) {sym_name = "pass_error"} : () -> ()
}) : () -> ()

// -----

// The cases after a failure still run; the failed ones print nothing
// between their separators.
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: "ir.module"() ({
// CHECK: %[[ABS:.*]] = "onnx.Abs"(%x)
// CHECK-LABEL: }) {sym_name = "last"}
// CHECK-NOT: // -----
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %abs = "onnx.Abs"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%abs) : (tensor<2xf32>) -> ()
  }) {sym_name = "last"} : () -> ()
}) : () -> ()
// ERR-NOT: error
