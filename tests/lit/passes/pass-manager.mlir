// Not split: these RUN lines test pipeline and instrumentation flags over one module.
// The pass manager: pipelines as text and the mlir-opt-style instrumentation.

// RUN: %pt2onnx-opt %s --passes='cse, dce' --print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER-ALL
// AFTER-ALL: // -----// IR Dump After cse //----- //
// AFTER-ALL: "onnx.Add"(%x, %x)
// AFTER-ALL-NOT: %dup
// AFTER-ALL: %dead = "onnx.Neg"
// AFTER-ALL: // -----// IR Dump After dce //----- //
// AFTER-ALL-NOT: %dead

// RUN: %pt2onnx-opt %s --passes=cse,dce,cse --print-ir-before=dce --print-ir-after=dce -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE-AFTER
// BEFORE-AFTER: // -----// IR Dump Before dce //----- //
// BEFORE-AFTER: %dead = "onnx.Neg"
// BEFORE-AFTER: // -----// IR Dump After dce //----- //
// BEFORE-AFTER-NOT: IR Dump

// The second cse changes nothing, so it prints nothing.
// RUN: %pt2onnx-opt %s --passes=cse,dce,cse --print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE: IR Dump After cse
// CHANGE: IR Dump After dce
// CHANGE-NOT: IR Dump

// RUN: %pt2onnx-opt %s --passes=cse,dce --timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: pass timing report
// TIMING: wall (ms)    share     ops +/-  pass
// TIMING-NEXT: {{[0-9.]+}} {{ *[0-9.]+}}%          -1  cse
// TIMING-NEXT: {{[0-9.]+}} {{ *[0-9.]+}}%          -1  dce
// TIMING-NEXT: {{[0-9.]+}}  100.0%              total

// RUN: rm -rf %t.dumps && %pt2onnx-opt %s --passes=cse,dce --ir-dump-dir %t.dumps -o /dev/null
// RUN: ls %t.dumps | FileCheck %s --check-prefix=DUMPS
// DUMPS: 00-input.mlir
// DUMPS-NEXT: 01-cse.mlir
// DUMPS-NEXT: 02-dce.mlir
// Every dump parses back.
// RUN: %pt2onnx-opt --verify %t.dumps/01-cse.mlir -o /dev/null
// RUN: %pt2onnx-opt --verify %t.dumps/02-dce.mlir -o /dev/null

// RUN: %pt2onnx-opt %s --passes=cse --verify-each -o /dev/null

// Bad pipelines are bad input (exit code 2) with the column.
// RUN: not %pt2onnx-opt %s --passes=cse,nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: invalid pass pipeline 'cse,nope' at column 5: unknown pass 'nope'
// RUN: not %pt2onnx-opt %s --passes='cse{limit=3}' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: invalid pass pipeline 'cse{limit=3}' at column 1: pass 'cse' has no option 'limit'
// RUN: not %pt2onnx-opt %s --passes='cse dce' 2>&1 | FileCheck %s --check-prefix=SEPARATOR
// SEPARATOR: error: invalid pass pipeline 'cse dce' at column 5: expected ',' between passes
// RUN: sh -c '%pt2onnx-opt %s --passes=nope >/dev/null 2>&1; test $? -eq 2'

// RUN: %pt2onnx-opt --list-passes | FileCheck %s --check-prefix=LIST
// LIST: cse Merge identical pure ops, constants and weights
// LIST: dce Remove unused pure ops and the weights nothing refers to

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %sum = "onnx.Add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %dup = "onnx.Add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %dead = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%sum, %dup) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
