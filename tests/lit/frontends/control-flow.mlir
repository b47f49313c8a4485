// Not split into cases: each RUN imports a binary .pt2 archive, which
// --split-input-file cannot read (omitted-arguments.json states nodes as text).
// torch.cond and while_loop import as higher_order ops whose subgraphs are
// regions, in the order of the operator's graph arguments (region_names);
// each region's block arguments are the operands it is called with.
// RUN: %pt2onnx-opt %S/Inputs/cond.pt2 --no-provenance | FileCheck %s --check-prefix=COND
// RUN: %pt2onnx-opt %S/Inputs/while-loop.pt2 --no-provenance | FileCheck %s --check-prefix=WHILE

// torch.cond(x.sum() > 0, sin, cos, (x,)): the predicate and the operands
// are operands; true_fn then false_fn are regions (as_graph arguments).
// COND:      ^bb0(%x: tensor<3xf32>):
// COND:        %[[PRED:.*]] = "aten.gt.Scalar"
// COND-NEXT:   %[[COND:.*]] = "higher_order.cond"(%[[PRED]], %x) ({
// COND-NEXT:   ^bb0(%[[T:.*]]: tensor<3xf32>):
// COND-NEXT:     %[[SIN:.*]] = "aten.sin.default"(%[[T]])
// COND-NEXT:     "ir.return"(%[[SIN]]) : (tensor<3xf32>) -> ()
// COND-NEXT:   }, {
// COND-NEXT:   ^bb0(%[[F:.*]]: tensor<3xf32>):
// COND-NEXT:     %[[COS:.*]] = "aten.cos.default"(%[[F]])
// COND-NEXT:     "ir.return"(%[[COS]]) : (tensor<3xf32>) -> ()
// COND-NEXT:   }) {arg_names = ["pred", "operands"], region_names = ["true_fn", "false_fn"]} : (tensor<i1>, tensor<3xf32>) -> tensor<3xf32>
// COND-NEXT:   "ir.return"(%[[COND]])

// while_loop(i < 3, (i + 1, x * 2), (i, x)): the carried values are operands
// and results; cond_fn and body_fn are regions taking the carried values.
// WHILE:      ^bb0(%i: tensor<i64>, %x: tensor<3xf32>):
// WHILE-NEXT:   %[[LOOP:.*]]:2 = "higher_order.while_loop"(%i, %x) ({
// WHILE-NEXT:   ^bb0(%[[CI:.*]]: tensor<i64>, %{{.*}}: tensor<3xf32>):
// WHILE-NEXT:     %[[LT:.*]] = "aten.lt.Scalar"(%[[CI]]) {arg_names = ["self"], other = 3 : i64}
// WHILE-NEXT:     "ir.return"(%[[LT]]) : (tensor<i1>) -> ()
// WHILE-NEXT:   }, {
// WHILE-NEXT:   ^bb0(%[[BI:.*]]: tensor<i64>, %[[BX:.*]]: tensor<3xf32>):
// WHILE-NEXT:     %[[ADD:.*]] = "aten.add.Tensor"(%[[BI]]) {alpha = 1 : i64, arg_names = ["self"], other = 1 : i64}
// WHILE-NEXT:     %[[MUL:.*]] = "aten.mul.Tensor"(%[[BX]]) {arg_names = ["self"], other = 2.0 : f64}
// WHILE-NEXT:     "ir.return"(%[[ADD]], %[[MUL]]) : (tensor<i64>, tensor<3xf32>) -> ()
// WHILE-NEXT:   }) {arg_names = ["carried_inputs", "carried_inputs"], region_names = ["cond_fn", "body_fn"]} : (tensor<i64>, tensor<3xf32>) -> (tensor<i64>, tensor<3xf32>)
// WHILE-NEXT:   "ir.return"(%[[LOOP]]#0, %[[LOOP]]#1)
