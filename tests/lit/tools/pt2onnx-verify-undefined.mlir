// Not split: pt2onnx converts a whole program.
// A float cast to an integer type it does not fit (log(0) = -inf to int64)
// has no defined value: torch and ONNX Runtime give different numbers. The
// check carries such elements through element-wise ops; a `where` that
// takes them from the other operand leaves a defined output (compared), an
// output that keeps them is not compared, and an op that is not element-wise
// (a sum) cannot run on them.
// RUN: python3 %S/Inputs/make_npz.py %t.in.npz input_0=f4:4:0,1,8,0.5
// RUN: %pt2onnx %s -o %t.onnx --verify --verify-inputs %t.in.npz --verify-samples 0 | FileCheck %s
// CHECK:      verify: inputs {{.*}}in.npz:
// CHECK-NEXT:   output_0 (where): i64[4] max abs diff 0, max rel diff 0: ok
// CHECK-NEXT:   output_1 (add): unknown (not compared)
// CHECK-NEXT:   output_2 (sum): unknown (not compared)
// CHECK-NEXT:   output_3 (full): i64[4] max abs diff 0, max rel diff 0: ok
// CHECK-NEXT: verify: ops the evaluator cannot run (what depends on them was not compared): aten.add.Tensor (undefined values) x1, aten.sum.default (reads undefined values) x1, onnx.Add (undefined values) x1, onnx.ReduceSum (reads undefined values) x1
// CHECK-NEXT: verify: inconclusive: 2 outputs not compared ({{.*}}), 2 outputs compared over 1 input sets
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %log = "aten.log.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32> loc("log")
    %cast = "aten.to.dtype"(%log) {arg_names = ["self"], dtype = i64} : (tensor<4xf32>) -> tensor<4xi64> loc("cast")
    %add = "aten.add.Tensor"(%cast, %cast) {arg_names = ["self", "other"]} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64> loc("add")
    %pos = "aten.gt.Scalar"(%x) {arg_names = ["self"], other = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xi1> loc("gt")
    %zeros = "aten.zeros_like.default"(%cast) {arg_names = ["self"]} : (tensor<4xi64>) -> tensor<4xi64> loc("zeros")
    %where = "aten.where.self"(%pos, %cast, %zeros) {arg_names = ["condition", "self", "other"]} : (tensor<4xi1>, tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64> loc("where")
    %sum = "aten.sum.default"(%cast) {arg_names = ["self"]} : (tensor<4xi64>) -> tensor<i64> loc("sum")
    %full = "aten.full_like.default"(%cast) {arg_names = ["self"], fill_value = 7 : i64} : (tensor<4xi64>) -> tensor<4xi64> loc("full_like")
    "ir.return"(%where, %add, %sum, %full) : (tensor<4xi64>, tensor<4xi64>, tensor<i64>, tensor<4xi64>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
