// Verifier diagnostics: each names the op, its torch node, its graph and the
// user's source line, and the tool exits with 2.
// RUN: not %pt2onnx-opt --split-input-file --verify %s 2>&1 | FileCheck %s
// RUN: sh -c '%pt2onnx-opt --split-input-file --verify %s >/dev/null 2>&1; test $? -eq 2'
// Without --verify the same text is only parsed and printed.
// RUN: %pt2onnx-opt --split-input-file %s > /dev/null

// Graph names are checked first, then the ops of each graph.
// CHECK: pt2onnx-opt: error: {{.*}}verifier-errors.mlir: invalid module:
// CHECK-NEXT: error: 'ir.graph' op in graph 'twice': graph name 'twice' is defined twice
// CHECK-NEXT: error: 'ir.constant' op in graph 'twice': expects 1 results, got 2
// CHECK-NEXT: note: in the case starting at {{.*}}verifier-errors.mlir:1{{$}}
"ir.module"() ({
  "ir.graph"() ({
    %two:2 = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>, tensor<2xi64>)
    "ir.return"() : () -> ()
  }) {sym_name = "twice"} : () -> ()
  "ir.graph"() ({
    "ir.return"() : () -> ()
  }) {sym_name = "twice"} : () -> ()
}) : () -> ()

// -----
// A use before its definition; the torch node's stack trace gives the line.
// CHECK: pt2onnx-opt: error: {{.*}}verifier-errors.mlir: invalid module:
// CHECK-NEXT: error: 'aten.add.Tensor' op 'add' in graph 'use_before_definition' (model.py:7): operand #1 (%y) does not dominate this use
// CHECK-NEXT: note: in the case starting at {{.*}}verifier-errors.mlir:[[@LINE-3]]{{$}}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %add = "aten.add.Tensor"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(fused<{stack_trace = "File \22model.py\22, line 7, in forward\0A    return x + y"}>["add"])
    %y = "aten.neg.default"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("neg")
    "ir.return"(%add) : (tensor<4xf32>) -> ()
  }) {sym_name = "use_before_definition"} : () -> ()
}) : () -> ()

// -----
// A constant's value must match its type.
// CHECK: pt2onnx-opt: error: {{.*}}verifier-errors.mlir: invalid module:
// CHECK-NEXT: error: 'ir.constant' op 'c' in graph 'constant_of_another_type': dense value type tensor<2xi64> does not match result type tensor<3xi64>
// CHECK-NEXT: note: in the case starting at {{.*}}verifier-errors.mlir:[[@LINE-3]]{{$}}
"ir.module"() ({
  "ir.graph"() ({
    %c = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<3xi64> loc("c")
    "ir.return"() : () -> ()
  }) {sym_name = "constant_of_another_type"} : () -> ()
}) : () -> ()

// -----
// A constant needs a value.
// CHECK: pt2onnx-opt: error: {{.*}}verifier-errors.mlir: invalid module:
// CHECK-NEXT: error: 'ir.constant' op in graph 'constant_without_value': constant has no 'value' attribute
// CHECK-NEXT: note: in the case starting at {{.*}}verifier-errors.mlir:[[@LINE-3]]{{$}}
"ir.module"() ({
  "ir.graph"() ({
    %n = "ir.constant"() : () -> tensor<2xf32>
    "ir.return"() : () -> ()
  }) {sym_name = "constant_without_value"} : () -> ()
}) : () -> ()

// -----
// A terminator must end its block.
// CHECK: pt2onnx-opt: error: {{.*}}verifier-errors.mlir: invalid module:
// CHECK-NEXT: error: 'ir.return' op in graph 'terminator_before_the_end': terminator is not the last op of its block
// CHECK-NEXT: note: in the case starting at {{.*}}verifier-errors.mlir:[[@LINE-3]]{{$}}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "ir.return"(%x) : (tensor<4xf32>) -> ()
    "ir.return"(%x) : (tensor<4xf32>) -> ()
  }) {sym_name = "terminator_before_the_end"} : () -> ()
}) : () -> ()

// -----
// A graph's body ends with its return.
// CHECK: pt2onnx-opt: error: {{.*}}verifier-errors.mlir: invalid module:
// CHECK-NEXT: error: 'ir.graph' op in graph 'without_return': graph body must end with 'ir.return'
// CHECK-NEXT: note: in the case starting at {{.*}}verifier-errors.mlir:[[@LINE-3]]{{$}}
// CHECK-NOT: error
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %neg = "aten.neg.default"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "without_return"} : () -> ()
}) : () -> ()
