// Not split: the instrumentation flags dump the whole module around each pass.
// Every instrumentation flag of pt2onnx-opt on the ATen-to-ONNX pipeline.
// RUN: %pt2onnx-opt %s --passes=functionalize,lower-aten,cse,dce --print-ir-before=lower-aten --print-ir-after=functionalize,dce -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE-AFTER
// BEFORE-AFTER: // -----// IR Dump After functionalize //----- //
// BEFORE-AFTER: %relu_ = "aten.relu.default"(%add)
// BEFORE-AFTER: // -----// IR Dump Before lower-aten //----- //
// BEFORE-AFTER: %relu_ = "aten.relu.default"(%add)
// BEFORE-AFTER: // -----// IR Dump After dce //----- //
// BEFORE-AFTER: %relu_ = "onnx.Relu"(%add)
// BEFORE-AFTER-NOT: IR Dump

// Only the passes that changed something print with --print-ir-after-change:
// cse and dce find nothing to do here.
// RUN: %pt2onnx-opt %s --passes=functionalize,lower-aten,cse,dce --print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE: IR Dump After functionalize
// CHANGE-NEXT: "ir.module"
// CHANGE: IR Dump After lower-aten
// CHANGE-NOT: IR Dump

// Each dump of --print-ir-after-all parses back: the part after lower-aten,
// cut out of the log, is read by pt2onnx-opt (which prints it identically)
// and by mlir-opt.
// RUN: %pt2onnx-opt %s --passes=functionalize,lower-aten,cse,dce --print-ir-after-all -o /dev/null 2> %t.log
// RUN: sed -n '/IR Dump After lower-aten/,/IR Dump After cse/{/IR Dump After cse/!p}' %t.log > %t.lowered.mlir
// RUN: FileCheck %s --check-prefix=PART < %t.lowered.mlir
// PART: IR Dump After lower-aten
// PART: "onnx.Relu"
// PART-NOT: IR Dump
// RUN: %pt2onnx-opt --verify %t.lowered.mlir -o %t.again.mlir
// RUN: sed 1d %t.lowered.mlir | diff - %t.again.mlir
// RUN: %mlir-opt --allow-unregistered-dialect %t.lowered.mlir > /dev/null

// --verify-each names the pass that broke the IR (a test pass of
// pt2onnx-opt's that moves a use before its definition); the IR is the
// compiler's fault, so the exit code is 3 (internal error).
// RUN: not %pt2onnx-opt %s --passes=functionalize,test-use-before-def,dce --verify-each -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: sh -c '%pt2onnx-opt %s --passes=test-use-before-def --verify-each -o /dev/null 2>/dev/null; test $? -eq 3'
// VERIFY: pt2onnx-opt: error: the IR is invalid after pass 'test-use-before-def':
// VERIFY-NEXT: error: 'aten.relu.default' op 'relu_' in graph 'main' (model.py:3): operand #0 (%add) does not dominate this use
// Without --verify-each the broken IR goes out as it is.
// RUN: %pt2onnx-opt %s --passes=test-use-before-def -o /dev/null

// RUN: %pt2onnx-opt %s --passes=functionalize,lower-aten,cse,dce --timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: pass timing report
// TIMING: wall (ms)    share     ops +/-  pass
// TIMING-NEXT: {{[0-9.]+ +[0-9.]+% +\+0}} functionalize
// TIMING-NEXT: {{[0-9.]+ +[0-9.]+% +[-+][0-9]+}} lower-aten
// TIMING-NEXT: {{[0-9.]+ +[0-9.]+% +\+0}} cse
// TIMING-NEXT: {{[0-9.]+ +[0-9.]+% +\+0}} dce
// TIMING-NEXT: {{[0-9.]+}}  100.0%              total

// RUN: rm -rf %t.dumps && %pt2onnx-opt %s --passes=functionalize,lower-aten --ir-dump-dir %t.dumps -o /dev/null
// RUN: ls %t.dumps | FileCheck %s --check-prefix=DUMPS
// DUMPS: 00-input.mlir
// DUMPS-NEXT: 01-functionalize.mlir
// DUMPS-NEXT: 02-lower-aten.mlir
// RUN: FileCheck %s --check-prefix=DUMP1 < %t.dumps/01-functionalize.mlir
// DUMP1: "aten.relu.default"
// RUN: %pt2onnx-opt --verify %t.dumps/02-lower-aten.mlir -o /dev/null
// A directory that cannot be made is bad input.
// RUN: not %pt2onnx-opt %s --passes=dce --ir-dump-dir %s/not-a-dir -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMPDIR
// DUMPDIR: cannot create IR dump directory

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">):
    %add = "aten.add.Tensor"(%x, %x) {arg_names = ["self", "other"]} : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0"> loc("add")
    %relu_ = "aten.relu_.default"(%add) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0"> loc(fused<{stack_trace = "File \22model.py\22, line 3, in forward\0A    y.relu_()"}>["relu_"])
    "ir.return"(%add) : (tensor<?x4xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()
