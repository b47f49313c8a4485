// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten,fold-constants,cse --no-provenance | FileCheck %s --check-prefix=KEPT

// Random ops draw with ONNX's Random* ops: the values are not torch's, and
// no pass folds or merges two draws (the second RUN).

// rand of a static shape is RandomUniform with that shape and dtype.
// CHECK: %rand = "onnx.RandomUniform"() {dtype = f32, shape = array<i64: 2, 3>} : () -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "rand"}
// KEPT-COUNT-2: "onnx.RandomUniform"
// KEPT-LABEL: }) {sym_name = "rand"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0:
    %rand = "aten.rand.default"() {size = array<i64: 2, 3>, dtype = f32} : () -> tensor<2x3xf32>
    %rand_1 = "aten.rand.default"() {size = array<i64: 2, 3>, dtype = f32} : () -> tensor<2x3xf32>
    "ir.return"(%rand, %rand_1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "rand"} : () -> ()
}) : () -> ()

// -----

// randperm is the order that sorts n uniform draws, cast to its dtype.
// CHECK: %[[KEYS:.*]] = "onnx.RandomUniform"() {dtype = f32, shape = array<i64: 5>} : () -> tensor<5xf32>
// CHECK: %[[TOPK:.*]]:2 = "onnx.TopK"(%[[KEYS]], %{{.*}}) {axis = 0 : i64} : (tensor<5xf32>, tensor<1xi64>) -> (tensor<5xf32>, tensor<5xi64>)
// CHECK: %randperm = "onnx.Cast"(%[[TOPK]]#1) {to = i32} : (tensor<5xi64>) -> tensor<5xi32>
// CHECK-LABEL: }) {sym_name = "randperm"}
// KEPT-LABEL: }) {sym_name = "randperm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0:
    %randperm = "aten.randperm.default"() {n = 5 : i64, dtype = i32} : () -> tensor<5xi32>
    "ir.return"(%randperm) : (tensor<5xi32>) -> ()
  }) {sym_name = "randperm"} : () -> ()
}) : () -> ()
