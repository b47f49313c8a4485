// Verifier diagnostics: each names the op, its torch node, its graph and the
// user's source line, and the tool exits with 2.
// RUN: not %pt2onnx-opt --verify %s 2>&1 | FileCheck %s
// RUN: sh -c '%pt2onnx-opt --verify %s >/dev/null 2>&1; test $? -eq 2'
// Without --verify the same text is only parsed and printed.
// RUN: %pt2onnx-opt %s > /dev/null

// CHECK: pt2onnx-opt: error: {{.*}}verifier-errors.mlir: invalid module:
// Graph names are checked first.
// CHECK-NEXT: error: 'ir.graph' op in graph 'main': graph name 'main' is defined twice
// CHECK-NEXT: error: 'aten.add.Tensor' op 'add' in graph 'main' (model.py:7): operand #1 (%y) does not dominate this use
// CHECK-NEXT: error: 'ir.constant' op 'c' in graph 'main': dense value type tensor<2xi64> does not match result type tensor<3xi64>
// CHECK-NEXT: error: 'ir.constant' op in graph 'main': constant has no 'value' attribute
// CHECK-NEXT: error: 'ir.constant' op in graph 'main': expects 1 results, got 2
// CHECK-NEXT: error: 'ir.return' op in graph 'main': terminator is not the last op of its block
// CHECK-NEXT: error: 'ir.graph' op in graph 'helper': graph body must end with 'ir.return'
// CHECK-NOT: error

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    // A use before its definition.
    %add = "aten.add.Tensor"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(fused<{stack_trace = "File \22model.py\22, line 7, in forward\0A    return x + y"}>["add"])
    %y = "aten.neg.default"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("neg")
    // A constant needs a value that matches its type, and one result.
    %c = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<3xi64> loc("c")
    %n = "ir.constant"() : () -> tensor<2xf32>
    %two:2 = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>, tensor<2xi64>)
    // A terminator must end its block.
    "ir.return"(%add) : (tensor<4xf32>) -> ()
    "ir.return"(%add) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %neg = "aten.neg.default"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "helper"} : () -> ()
  "ir.graph"() ({
    "ir.return"() : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
