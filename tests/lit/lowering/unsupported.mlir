// One case: one error lists every op of the module that cannot be lowered.
// RUN: not %pt2onnx-opt %s --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s
// RUN: %pt2onnx-opt %s --passes='lower-aten{allow-unsupported=1}' --no-provenance | FileCheck %s --check-prefix=ALLOW

// One error lists each overload that cannot be lowered once, with its count,
// the reason and where its first use is in the user's source.
// CHECK: pt2onnx-opt: error: {{.*}}unsupported.mlir: cannot lower 4 ops (3 overloads) to ONNX opset 20:
// CHECK-NEXT: aten.frobnicate.default (2 uses): no lowering rule
// CHECK-NEXT: first at 'aten.frobnicate.default' op 'frobnicate' in graph 'main' (model.py:3)
// CHECK-NEXT: aten.div.Tensor_mode (1 use): unknown rounding_mode 'ceil'
// CHECK-NEXT: first at 'aten.div.Tensor_mode' op 'div' in graph 'main' (model.py:5)
// CHECK-NEXT: aten.relu_.default (1 use): an in-place op: run the functionalize pass before lower-aten
// CHECK-NEXT: first at 'aten.relu_.default' op 'relu_' in graph 'main' (model.py:7)

// With allow-unsupported they stay (the backend writes them to a custom
// domain) and everything else is lowered.
// ALLOW: %frobnicate = "aten.frobnicate.default"(%x)
// ALLOW: %frobnicate_1 = "aten.frobnicate.default"(%frobnicate)
// ALLOW: %div = "aten.div.Tensor_mode"(%frobnicate_1, %x)
// ALLOW: %neg = "onnx.Neg"(%div)
// ALLOW: "aten.relu_.default"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %frobnicate = "aten.frobnicate.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc(fused<{stack_trace = "File \22model.py\22, line 3, in forward\0A    y = frobnicate(x)"}>["frobnicate"])
    %frobnicate_1 = "aten.frobnicate.default"(%frobnicate) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc(fused<{stack_trace = "File \22model.py\22, line 4, in forward\0A    y = frobnicate(y)"}>["frobnicate_1"])
    %div = "aten.div.Tensor_mode"(%frobnicate_1, %x) {arg_names = ["self", "other"], rounding_mode = "ceil"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(fused<{stack_trace = "File \22model.py\22, line 5, in forward\0A    y = y.div(x, rounding_mode='ceil')"}>["div"])
    %neg = "aten.neg.default"(%div) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("neg")
    %view = "aten.view.default"(%neg) {arg_names = ["self"], size = array<i64: 2, 2>} : (tensor<4xf32>) -> tensor<2x2xf32> loc("view")
    %relu_ = "aten.relu_.default"(%view) {arg_names = ["self"]} : (tensor<2x2xf32>) -> tensor<2x2xf32> loc(fused<{stack_trace = "File \22model.py\22, line 7, in forward\0A    v.relu_()"}>["relu_"])
    "ir.return"(%neg, %relu_) : (tensor<4xf32>, tensor<2x2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
