// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=18}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET18

// Reduce* take axes as an attribute before opset 18 and as an input from 18;
// ReduceSum takes an input in both.
// CHECK: %[[AX:.*]] = "ir.constant"() {value = dense<[1]> : tensor<1xi64>}
// CHECK: %sum = "onnx.ReduceSum"(%x, %[[AX]]) {keepdims = 0 : i64} : (tensor<2x?x4xf32, "s0">, tensor<1xi64>) -> tensor<2x4xf32>
// OPSET17: %mean = "onnx.ReduceMean"(%x) {axes = array<i64: 0, 2>, keepdims = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<1x?x1xf32, "s0">
// OPSET18: %mean = "onnx.ReduceMean"(%x, %{{.*}}) {keepdims = 1 : i64} : (tensor<2x?x4xf32, "s0">, tensor<2xi64>) -> tensor<1x?x1xf32, "s0">

// sum of an int tensor is int64; dim=None reduces every dim.
// CHECK: %[[I:.*]] = "onnx.Cast"(%i) {to = i64}
// CHECK: %sum_1 = "onnx.ReduceSum"(%[[I]], %{{.*}}) {keepdims = 0 : i64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<i64>

// max.dim gives values and first indices.
// CHECK: %max = "onnx.ReduceMax"
// CHECK: %[[IDX:.*]] = "onnx.ArgMax"(%x) {axis = 2 : i64, keepdims = 0 : i64, select_last_index = 0 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x?xi64, "s0">

// argmax without dim flattens.
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<2x?x4xf32, "s0">, tensor<1xi64>) -> tensor<?xf32, "8*s0">
// CHECK: %argmax = "onnx.ArgMax"(%[[FLAT]]) {axis = 0 : i64, keepdims = 0 : i64, select_last_index = 0 : i64} : (tensor<?xf32, "8*s0">) -> tensor<i64>

// var with correction divides by max(N - correction, 0); N of a dynamic dim
// comes from the shape.
// CHECK: "onnx.ReduceMean"
// CHECK: "onnx.Sub"(%x
// CHECK: "onnx.ReduceSum"
// CHECK: "onnx.Shape"(%x)
// CHECK: "onnx.ReduceProd"
// CHECK: "onnx.Max"
// CHECK: %var = "onnx.Div"

// all is the min of the truth values as uint8.
// CHECK: %[[B:.*]] = "onnx.Cast"(%{{.*}}) {to = ui8}
// CHECK: "onnx.ReduceMin"(%[[B]]
// CHECK: %all = "onnx.Cast"(%{{.*}}) {to = i1}

// cumsum's axis is a rank-0 input; topk's k a 1-D one.
// CHECK: %cumsum = "onnx.CumSum"(%x, %{{.*}}) : (tensor<2x?x4xf32, "s0">, tensor<i64>) -> tensor<2x?x4xf32, "s0">
// cumprod and cummax are Scans along the dim: a running product, and a
// running maximum with its (last, as torch's) index.
// CHECK: %[[P:.*]]:2 = "onnx.Scan"(%{{.*}}, %x) ({
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<2x4xf32>, %{{.*}}: tensor<2x4xf32>):
// CHECK: }) {num_scan_inputs = 1 : i64, scan_input_axes = array<i64: 1>, scan_output_axes = array<i64: 1>}
// CHECK: %[[M:.*]]:5 = "onnx.Scan"(%{{.*}}, %{{.*}}, %{{.*}}, %x) ({
// CHECK: "onnx.GreaterOrEqual"
// CHECK: "onnx.IsNaN"
// CHECK: }) {num_scan_inputs = 1 : i64, scan_input_axes = array<i64: 2>, scan_output_axes = array<i64: 2, 2>}
// CHECK: %topk:2 = "onnx.TopK"(%x, %{{.*}}) {axis = 2 : i64, largest = 1 : i64, sorted = 1 : i64} : (tensor<2x?x4xf32, "s0">, tensor<1xi64>) -> (tensor<2x?x2xf32, "s0">, tensor<2x?x2xi64, "s0">)
// CHECK: "ir.return"(%sum, %mean, %sum_1, %max, %[[IDX]], %argmax, %var, %all, %cumsum, %topk#0, %topk#1, %[[P]]#1, %[[M]]#4)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">, %i: tensor<3xi32>):
    %sum = "aten.sum.dim_IntList"(%x) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x?x4xf32, "s0">) -> tensor<2x4xf32>
    %mean = "aten.mean.dim"(%x) {arg_names = ["self"], dim = array<i64: -1, 0>, keepdim = true} : (tensor<2x?x4xf32, "s0">) -> tensor<1x?x1xf32, "s0">
    %sum_1 = "aten.sum.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<i64>
    %max:2 = "aten.max.dim"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<2x?x4xf32, "s0">) -> (tensor<2x?xf32, "s0">, tensor<2x?xi64, "s0">)
    %argmax = "aten.argmax.default"(%x) {arg_names = ["self"]} : (tensor<2x?x4xf32, "s0">) -> tensor<i64>
    %var = "aten.var.correction"(%x) {arg_names = ["self"], dim = array<i64: 1>, correction = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x4xf32>
    %all = "aten.all.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<i1>
    %cumsum = "aten.cumsum.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x?x4xf32, "s0">
    %cumprod = "aten.cumprod.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x?x4xf32, "s0">
    %cummax:2 = "aten.cummax.default"(%x) {arg_names = ["self"], dim = 2 : i64} : (tensor<2x?x4xf32, "s0">) -> (tensor<2x?x4xf32, "s0">, tensor<2x?x4xi64, "s0">)
    %topk:2 = "aten.topk.default"(%x) {arg_names = ["self"], k = 2 : i64} : (tensor<2x?x4xf32, "s0">) -> (tensor<2x?x2xf32, "s0">, tensor<2x?x2xi64, "s0">)
    "ir.return"(%sum, %mean, %sum_1, %max#0, %max#1, %argmax, %var, %all, %cumsum, %topk#0, %topk#1, %cumprod, %cummax#1) : (tensor<2x4xf32>, tensor<1x?x1xf32, "s0">, tensor<i64>, tensor<2x?xf32, "s0">, tensor<2x?xi64, "s0">, tensor<i64>, tensor<2x4xf32>, tensor<i1>, tensor<2x?x4xf32, "s0">, tensor<2x?x2xf32, "s0">, tensor<2x?x2xi64, "s0">, tensor<2x?x4xf32, "s0">, tensor<2x?x4xi64, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()
