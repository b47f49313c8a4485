// What functionalize cannot rewrite exactly is refused: exit code 2, the
// op, its graph and the reason. Each case is refused on its own; the errors
// come in the order of the cases.
// RUN: not %pt2onnx-opt %s --split-input-file --passes=functionalize 2>&1 | FileCheck %s
// RUN: sh -c '%pt2onnx-opt %s --split-input-file --passes=functionalize >/dev/null 2>&1; test $? -eq 2'
// An in-place op that reaches lower-aten asks for functionalize.
// RUN: not %pt2onnx-opt %s --split-input-file --passes=lower-aten 2>&1 | FileCheck %s --check-prefix=LOWER
// LOWER: aten.relu_.default (1 use): an in-place op: run the functionalize pass before lower-aten

// CHECK: pt2onnx-opt: error: {{.*}}functionalize-errors.mlir: 'aten.relu_.default' op 'relu_' in graph 'update_through_expand_view' (model.py:4): functionalize: an in-place update through the view 'aten.expand.default', whose base is used afterwards, is not supported (the view has no exact inverse to write the update back with)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x4xf32>):
    %neg = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %e = "aten.expand.default"(%neg) {arg_names = ["self"], size = array<i64: 3, 4>} : (tensor<1x4xf32>) -> tensor<3x4xf32>
    %relu_ = "aten.relu_.default"(%e) {arg_names = ["self"]} : (tensor<3x4xf32>) -> tensor<3x4xf32> loc(fused<{stack_trace = "File \22model.py\22, line 4, in forward\0A    e.relu_()"}>["relu_"])
    "ir.return"(%neg) : (tensor<1x4xf32>) -> ()
  }) {sym_name = "update_through_expand_view"} : () -> ()
}) : () -> ()

// -----

// CHECK: error: {{.*}}functionalize-errors.mlir: 'aten.relu_.default' op 'relu_' in graph 'update_of_captured_value': functionalize: an in-place update of a value from outside the op's region ('%neg') is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%pred: tensor<i1>, %x: tensor<4xf32>):
    %neg = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    %cond = "higher_order.cond"(%pred, %x) ({
    ^bb0(%a: tensor<4xf32>):
      %relu_ = "aten.relu_.default"(%neg) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("relu_")
      "ir.return"(%relu_) : (tensor<4xf32>) -> ()
    }, {
    ^bb0(%a: tensor<4xf32>):
      "ir.return"(%a) : (tensor<4xf32>) -> ()
    }) {arg_names = ["pred", "operands"]} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%cond, %neg) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "update_of_captured_value"} : () -> ()
}) : () -> ()

// -----

// CHECK: error: {{.*}}functionalize-errors.mlir: 'aten.relu_.default' op 'relu_' in graph 'update_of_region_argument': functionalize: an in-place update of a region argument ('%a') is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%pred: tensor<i1>, %x: tensor<4xf32>):
    %cond = "higher_order.cond"(%pred, %x) ({
    ^bb0(%a: tensor<4xf32>):
      %relu_ = "aten.relu_.default"(%a) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("relu_")
      "ir.return"(%relu_) : (tensor<4xf32>) -> ()
    }, {
    ^bb0(%a: tensor<4xf32>):
      "ir.return"(%a) : (tensor<4xf32>) -> ()
    }) {arg_names = ["pred", "operands"]} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%cond) : (tensor<4xf32>) -> ()
  }) {sym_name = "update_of_region_argument"} : () -> ()
}) : () -> ()

// -----

// CHECK: error: {{.*}}functionalize-errors.mlir: 'aten._foreach_add_.Scalar' op '_foreach_add_' in graph 'update_of_tensor_list': functionalize: an in-place update of a tensor list is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %r = "aten._foreach_add_.Scalar"(%x, %y) {arg_names = ["self", "self"], scalar = 1.0 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("_foreach_add_")
    "ir.return"(%x) : (tensor<4xf32>) -> ()
  }) {sym_name = "update_of_tensor_list"} : () -> ()
}) : () -> ()

// -----

// fill_diagonal_ writes `self`, and torch has no functional overload of it.
// CHECK: error: {{.*}}functionalize-errors.mlir: 'aten.fill_diagonal_.default' op 'fill_diagonal_' in graph 'writing_op_without_functional_twin': functionalize: the op writes its argument 'self' and the op table has no functional form of it
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x3xf32>):
    %neg = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %fill = "aten.fill_diagonal_.default"(%neg) {arg_names = ["self"], fill_value = 0.0 : f64, wrap = false} : (tensor<3x3xf32>) -> tensor<3x3xf32> loc("fill_diagonal_")
    "ir.return"(%fill) : (tensor<3x3xf32>) -> ()
  }) {sym_name = "writing_op_without_functional_twin"} : () -> ()
}) : () -> ()

// -----

// moveaxis is a view by its schema (`Tensor(a) self -> Tensor(a)`), with no
// inverse to write an update back to its base.
// CHECK: error: {{.*}}functionalize-errors.mlir: 'aten.relu_.default' op 'relu_' in graph 'update_through_schema_view': functionalize: an in-place update through the view 'aten.moveaxis.int', whose base is used afterwards, is not supported
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %neg = "aten.neg.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %m = "aten.moveaxis.int"(%neg) {arg_names = ["self"], destination = 1 : i64, source = 0 : i64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %relu_ = "aten.relu_.default"(%m) {arg_names = ["self"]} : (tensor<3x2xf32>) -> tensor<3x2xf32> loc("relu_")
    "ir.return"(%neg) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "update_through_schema_view"} : () -> ()
}) : () -> ()
