// Not split: --dot writes the whole module as one digraph, compared byte for byte.
// pt2onnx-opt --dot FILE: the program as a Graphviz digraph (Boost.Graph's
// write_graphviz). One node per graph input (ellipse) and per op, labelled
// with the op name (and the weight's name) and result type, filled with the
// colour of its family; an edge per operand (mul(%a, %a) has two), also into
// regions; graphs and the
// regions of cond (If after lowering) are clusters. The same input gives
// the same text.
// RUN: %pt2onnx-opt %s --dot %t.dot -o /dev/null
// RUN: FileCheck %s < %t.dot
// RUN: %pt2onnx-opt %s --dot %t.2.dot -o /dev/null && diff %t.dot %t.2.dot
// RUN: %pt2onnx-opt %s --passes='lower-aten{allow-unsupported=1}' --dot - -o /dev/null | FileCheck %s --check-prefix=LOWERED
// An unwritable file is bad input.
// RUN: not %pt2onnx-opt %s --dot %s/not-a-dir/g.dot -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: sh -c '%pt2onnx-opt %s --dot %s/not-a-dir/g.dot -o /dev/null 2>/dev/null; test $? -eq 2'
// BAD: pt2onnx-opt: error: {{.*}}not-a-dir/g.dot: cannot write: Not a directory

// CHECK:      digraph pt2onnx {
// CHECK-NEXT: graph [
// CHECK-NEXT: rankdir=TB];
// CHECK-NEXT: node [
// CHECK-NEXT: fontname=Helvetica, shape=box, style=filled];
// CHECK-NEXT: subgraph cluster0 {
// CHECK-NEXT: graph [
// CHECK-NEXT: label="graph main", style=rounded];
// CHECK-NEXT: subgraph cluster1 {
// CHECK-NEXT: graph [
// CHECK-NEXT: label="higher_order.cond true_fn", style=rounded];
// CHECK-NEXT: 5[fillcolor="#ffffff", label="%a\ntensor<4xf32>", shape=ellipse];
// CHECK-NEXT: 6[fillcolor="#a6cee3", label="aten.mul.Tensor\ntensor<4xf32>"];
// CHECK-NEXT: 7[fillcolor="#8dd3c7", label="ir.return"];
// CHECK-NEXT: 5 -> 6;
// CHECK-NEXT: 5 -> 6;
// CHECK-NEXT: 6 -> 7;
// CHECK-NEXT: }
// CHECK-NEXT: subgraph cluster2 {
// CHECK-NEXT: graph [
// CHECK-NEXT: label="higher_order.cond false_fn", style=rounded];
// CHECK-NEXT: 8[fillcolor="#ffffff", label="%a\ntensor<4xf32>", shape=ellipse];
// CHECK-NEXT: 9[fillcolor="#b2df8a", label="aten.view.default\ntensor<1x1x4xf32>"];
// CHECK-NEXT: 10[fillcolor="#fb9a99", label="aten.conv1d.default\ntensor<1x2x2xf32>"];
// CHECK-NEXT: 11[fillcolor="#b2df8a", label="aten.view.default\ntensor<4xf32>"];
// CHECK-NEXT: 12[fillcolor="#8dd3c7", label="ir.return"];
// CHECK-NEXT: 8 -> 9;
// CHECK-NEXT: 9 -> 10;
// CHECK-NEXT: 10 -> 11;
// CHECK-NEXT: 11 -> 12;
// CHECK-NEXT: }
// CHECK-NEXT: 0[fillcolor="#ffffff", label="%pred\ntensor<i1>", shape=ellipse];
// CHECK-NEXT: 1[fillcolor="#ffffff", label="%x\ntensor<4xf32>", shape=ellipse];
// CHECK-NEXT: 2[fillcolor="#d9d9d9", label="ir.constant w\ntensor<2x1x3xf32>"];
// CHECK-NEXT: 3[fillcolor="#cab2d6", label="aten.layer_norm.default\ntensor<4xf32>"];
// CHECK-NEXT: 4[fillcolor="#8dd3c7", label="higher_order.cond\ntensor<4xf32>"];
// CHECK-NEXT: 13[fillcolor="#fdbf6f", label="aten.sum.default\ntensor<f32>"];
// CHECK-NEXT: 14[fillcolor="#d9d9d9", label="ir.constant\ntensor<2xi64>"];
// CHECK-NEXT: 15[fillcolor="#ffff99", label="aten.index_select.default\ntensor<2xf32>"];
// CHECK-NEXT: 16[fillcolor="#fccde5", label="aten.frobnicate.default\ntensor<4xf32>"];
// CHECK-NEXT: 17[fillcolor="#8dd3c7", label="ir.return"];
// CHECK-NEXT: 0 -> 4;
// CHECK-NEXT: 1 -> 3;
// CHECK-NEXT: 1 -> 16;
// CHECK-NEXT: 2 -> 10;
// CHECK-NEXT: 3 -> 4;
// CHECK-NEXT: 4 -> 13;
// CHECK-NEXT: 4 -> 15;
// CHECK-NEXT: 4 -> 17;
// CHECK-NEXT: 13 -> 17;
// CHECK-NEXT: 14 -> 15;
// CHECK-NEXT: 15 -> 17;
// CHECK-NEXT: 16 -> 17;
// CHECK-NEXT: }
// CHECK-NEXT: }

// LOWERED: label="onnx.If region 0"
// LOWERED: label="onnx.Mul\ntensor<4xf32>"
// LOWERED: label="onnx.If\ntensor<4xf32>"
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%pred: tensor<i1>, %x: tensor<4xf32>):
    %w = "ir.constant"() {value = dense_resource<w> : tensor<2x1x3xf32>} : () -> tensor<2x1x3xf32>
    %ln = "aten.layer_norm.default"(%x) {arg_names = ["input"], normalized_shape = array<i64: 4>} : (tensor<4xf32>) -> tensor<4xf32>
    %cond = "higher_order.cond"(%pred, %ln) ({
    ^bb0(%a: tensor<4xf32>):
      %m = "aten.mul.Tensor"(%a, %a) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      "ir.return"(%m) : (tensor<4xf32>) -> ()
    }, {
    ^bb0(%a: tensor<4xf32>):
      %r = "aten.view.default"(%a) {arg_names = ["self"], size = array<i64: 1, 1, 4>} : (tensor<4xf32>) -> tensor<1x1x4xf32>
      %c = "aten.conv1d.default"(%r, %w) {arg_names = ["input", "weight"]} : (tensor<1x1x4xf32>, tensor<2x1x3xf32>) -> tensor<1x2x2xf32>
      %v = "aten.view.default"(%c) {arg_names = ["self"], size = array<i64: 4>} : (tensor<1x2x2xf32>) -> tensor<4xf32>
      "ir.return"(%v) : (tensor<4xf32>) -> ()
    }) {arg_names = ["pred", "operands"], region_names = ["true_fn", "false_fn"]} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
    %s = "aten.sum.default"(%cond) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<f32>
    %i = "ir.constant"() {value = dense<[0, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %sel = "aten.index_select.default"(%cond, %i) {arg_names = ["self", "index"], dim = 0 : i64} : (tensor<4xf32>, tensor<2xi64>) -> tensor<2xf32>
    %f = "aten.frobnicate.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%cond, %s, %sel, %f) : (tensor<4xf32>, tensor<f32>, tensor<2xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
