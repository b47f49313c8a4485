// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=18}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET18

// Reduce* take axes as an attribute before opset 18 and as an input from 18;
// ReduceSum takes an input in both.
// CHECK: %[[AX:.*]] = "ir.constant"() {value = dense<[1]> : tensor<1xi64>}
// CHECK: %[[SUM:.*]] = "onnx.ReduceSum"(%x, %[[AX]]) {keepdims = 0 : i64} : (tensor<2x?x4xf32, "s0">, tensor<1xi64>) -> tensor<2x4xf32>
// CHECK-NEXT: "ir.return"(%[[SUM]])
// CHECK-LABEL: }) {sym_name = "sum_axes_input"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %sum = "aten.sum.dim_IntList"(%x) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x?x4xf32, "s0">) -> tensor<2x4xf32>
    "ir.return"(%sum) : (tensor<2x4xf32>) -> ()
  }) {sym_name = "sum_axes_input"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// OPSET17: %[[MEAN:.*]] = "onnx.ReduceMean"(%x) {axes = array<i64: 0, 2>, keepdims = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<1x?x1xf32, "s0">
// OPSET18: %[[MEAN:.*]] = "onnx.ReduceMean"(%x, %{{.*}}) {keepdims = 1 : i64} : (tensor<2x?x4xf32, "s0">, tensor<2xi64>) -> tensor<1x?x1xf32, "s0">
// CHECK-NEXT: "ir.return"(%[[MEAN]])
// CHECK-LABEL: }) {sym_name = "mean_axes_attribute_then_input"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %mean = "aten.mean.dim"(%x) {arg_names = ["self"], dim = array<i64: -1, 0>, keepdim = true} : (tensor<2x?x4xf32, "s0">) -> tensor<1x?x1xf32, "s0">
    "ir.return"(%mean) : (tensor<1x?x1xf32, "s0">) -> ()
  }) {sym_name = "mean_axes_attribute_then_input"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// sum of an int tensor is int64; dim=None reduces every dim.
// CHECK: %[[I:.*]] = "onnx.Cast"(%i) {to = i64}
// CHECK: %[[SUM:.*]] = "onnx.ReduceSum"(%[[I]], %{{.*}}) {keepdims = 0 : i64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: "ir.return"(%[[SUM]])
// CHECK-LABEL: }) {sym_name = "int_sum_is_int64_over_all_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>):
    %sum_1 = "aten.sum.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<i64>
    "ir.return"(%sum_1) : (tensor<i64>) -> ()
  }) {sym_name = "int_sum_is_int64_over_all_dims"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// max.dim gives values and first indices.
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"
// CHECK: %[[IDX:.*]] = "onnx.ArgMax"(%x) {axis = 2 : i64, keepdims = 0 : i64, select_last_index = 0 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x?xi64, "s0">
// CHECK: "ir.return"(%[[MAX]], %[[IDX]])
// CHECK-LABEL: }) {sym_name = "max_dim_values_and_first_indices"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %max:2 = "aten.max.dim"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<2x?x4xf32, "s0">) -> (tensor<2x?xf32, "s0">, tensor<2x?xi64, "s0">)
    "ir.return"(%max#0, %max#1) : (tensor<2x?xf32, "s0">, tensor<2x?xi64, "s0">) -> ()
  }) {sym_name = "max_dim_values_and_first_indices"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// argmax without dim flattens.
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<2x?x4xf32, "s0">, tensor<1xi64>) -> tensor<?xf32, "8*s0">
// CHECK: %[[ARGMAX:.*]] = "onnx.ArgMax"(%[[FLAT]]) {axis = 0 : i64, keepdims = 0 : i64, select_last_index = 0 : i64} : (tensor<?xf32, "8*s0">) -> tensor<i64>
// CHECK-NEXT: "ir.return"(%[[ARGMAX]])
// CHECK-LABEL: }) {sym_name = "argmax_without_dim_flattens"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %argmax = "aten.argmax.default"(%x) {arg_names = ["self"]} : (tensor<2x?x4xf32, "s0">) -> tensor<i64>
    "ir.return"(%argmax) : (tensor<i64>) -> ()
  }) {sym_name = "argmax_without_dim_flattens"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// var with correction divides by max(N - correction, 0); N of a dynamic dim
// comes from the shape.
// CHECK: "onnx.ReduceMean"
// CHECK: "onnx.Sub"(%x
// CHECK: "onnx.ReduceSum"
// CHECK: "onnx.Shape"(%x)
// CHECK: "onnx.ReduceProd"
// CHECK: "onnx.Max"
// CHECK: %[[VAR:.*]] = "onnx.Div"
// CHECK-NEXT: "ir.return"(%[[VAR]])
// CHECK-LABEL: }) {sym_name = "var_correction_dynamic_count"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %var = "aten.var.correction"(%x) {arg_names = ["self"], dim = array<i64: 1>, correction = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x4xf32>
    "ir.return"(%var) : (tensor<2x4xf32>) -> ()
  }) {sym_name = "var_correction_dynamic_count"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// all is the min of the truth values as uint8.
// CHECK: %[[B:.*]] = "onnx.Cast"(%{{.*}}) {to = ui8}
// CHECK: "onnx.ReduceMin"(%[[B]]
// CHECK: %[[ALL:.*]] = "onnx.Cast"(%{{.*}}) {to = i1}
// CHECK-NEXT: "ir.return"(%[[ALL]])
// CHECK-LABEL: }) {sym_name = "all_is_min_of_uint8"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi32>):
    %all = "aten.all.default"(%i) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<i1>
    "ir.return"(%all) : (tensor<i1>) -> ()
  }) {sym_name = "all_is_min_of_uint8"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// cumsum's axis is a rank-0 input.
// CHECK: %[[CUMSUM:.*]] = "onnx.CumSum"(%x, %{{.*}}) : (tensor<2x?x4xf32, "s0">, tensor<i64>) -> tensor<2x?x4xf32, "s0">
// CHECK-NEXT: "ir.return"(%[[CUMSUM]])
// CHECK-LABEL: }) {sym_name = "cumsum_axis_rank0"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %cumsum = "aten.cumsum.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x?x4xf32, "s0">
    "ir.return"(%cumsum) : (tensor<2x?x4xf32, "s0">) -> ()
  }) {sym_name = "cumsum_axis_rank0"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// cumprod is a Scan along the dim: a running product.
// CHECK: %[[P:.*]]:2 = "onnx.Scan"(%{{.*}}, %x) ({
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<2x4xf32>, %{{.*}}: tensor<2x4xf32>):
// CHECK: }) {num_scan_inputs = 1 : i64, scan_input_axes = array<i64: 1>, scan_output_axes = array<i64: 1>}
// CHECK: "ir.return"(%[[P]]#1)
// CHECK-LABEL: }) {sym_name = "cumprod_is_scan"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %cumprod = "aten.cumprod.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x?x4xf32, "s0">) -> tensor<2x?x4xf32, "s0">
    "ir.return"(%cumprod) : (tensor<2x?x4xf32, "s0">) -> ()
  }) {sym_name = "cumprod_is_scan"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// cummax is a Scan along the dim: a running maximum with its (last, as
// torch's) index.
// CHECK: %[[M:.*]]:5 = "onnx.Scan"(%{{.*}}, %{{.*}}, %{{.*}}, %x) ({
// CHECK: "onnx.GreaterOrEqual"
// CHECK: "onnx.IsNaN"
// CHECK: }) {num_scan_inputs = 1 : i64, scan_input_axes = array<i64: 2>, scan_output_axes = array<i64: 2, 2>}
// CHECK: "ir.return"(%[[M]]#4)
// CHECK-LABEL: }) {sym_name = "cummax_is_scan_with_last_index"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %cummax:2 = "aten.cummax.default"(%x) {arg_names = ["self"], dim = 2 : i64} : (tensor<2x?x4xf32, "s0">) -> (tensor<2x?x4xf32, "s0">, tensor<2x?x4xi64, "s0">)
    "ir.return"(%cummax#1) : (tensor<2x?x4xi64, "s0">) -> ()
  }) {sym_name = "cummax_is_scan_with_last_index"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// cummin of floats whose slices have a static shape starts from +inf, which
// the first slice takes over (no Gather of it); a dynamic slice starts from
// the first slice, as cummax_is_scan_with_last_index shows. A slice takes
// over where it is NaN or <= the running minimum, which is false for a NaN
// minimum; the step (a scalar) is the new index where it does.
// CHECK: %[[INF:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<"0x0000807F"> : tensor<1xf32>} : (tensor<1xi64>) -> tensor<4xf32>
// CHECK: %[[M:.*]]:5 = "onnx.Scan"(%[[INF]], %{{.*}}, %{{.*}}, %x) ({
// CHECK-NEXT: ^bb0(%[[BEST:.*]]: tensor<4xf32>, %[[BESTI:.*]]: tensor<4xi64>, %[[I:.*]]: tensor<i64>, %[[SLICE:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[LE:.*]] = "onnx.LessOrEqual"(%[[SLICE]], %[[BEST]])
// CHECK-NEXT: %[[NAN:.*]] = "onnx.IsNaN"(%[[SLICE]])
// CHECK-NEXT: %[[TAKES:.*]] = "onnx.Or"(%[[NAN]], %[[LE]])
// CHECK-NEXT: "onnx.Where"(%[[TAKES]], %[[SLICE]], %[[BEST]])
// CHECK-NEXT: "onnx.Where"(%[[TAKES]], %[[I]], %[[BESTI]]) : (tensor<4xi1>, tensor<i64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK: }) {num_scan_inputs = 1 : i64, scan_input_axes = array<i64: 0>, scan_output_axes = array<i64: 0, 0>}
// CHECK: "ir.return"(%[[M]]#3, %[[M]]#4)
// CHECK-LABEL: }) {sym_name = "cummin_starts_from_infinity"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %cummin:2 = "aten.cummin.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xi64>)
    "ir.return"(%cummin#0, %cummin#1) : (tensor<3x4xf32>, tensor<3x4xi64>) -> ()
  }) {sym_name = "cummin_starts_from_infinity"} : () -> ()
}) : () -> ()

// -----

// topk's k is a 1-D input.
// CHECK: %[[TOPK:.*]]:2 = "onnx.TopK"(%x, %{{.*}}) {axis = 2 : i64, largest = 1 : i64, sorted = 1 : i64} : (tensor<2x?x4xf32, "s0">, tensor<1xi64>) -> (tensor<2x?x2xf32, "s0">, tensor<2x?x2xi64, "s0">)
// CHECK-NEXT: "ir.return"(%[[TOPK]]#0, %[[TOPK]]#1)
// CHECK-LABEL: }) {sym_name = "topk_k_is_1d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x?x4xf32, "s0">):
    %topk:2 = "aten.topk.default"(%x) {arg_names = ["self"], k = 2 : i64} : (tensor<2x?x4xf32, "s0">) -> (tensor<2x?x2xf32, "s0">, tensor<2x?x2xi64, "s0">)
    "ir.return"(%topk#0, %topk#1) : (tensor<2x?x2xf32, "s0">, tensor<2x?x2xi64, "s0">) -> ()
  }) {sym_name = "topk_k_is_1d"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// cdist: the norm over the last dim of x1[.., :, None, :] - x2[.., None, :, :].
// CHECK: %[[A:.*]] = "onnx.Unsqueeze"(%a, %{{.*}}) : (tensor<2x5x3xf32>, tensor<1xi64>) -> tensor<2x5x1x3xf32>
// CHECK: %[[B:.*]] = "onnx.Unsqueeze"(%b, %{{.*}}) : (tensor<2x4x3xf32>, tensor<1xi64>) -> tensor<2x1x4x3xf32>
// CHECK: %[[D:.*]] = "onnx.Sub"(%[[A]], %[[B]]) : (tensor<2x5x1x3xf32>, tensor<2x1x4x3xf32>) -> tensor<2x5x4x3xf32>
// CHECK: %cdist = "onnx.ReduceL2"(%[[D]]{{.*}}) {{.*}}keepdims = 0 : i64} : (tensor<2x5x4x3xf32>{{.*}}) -> tensor<2x5x4xf32>
// CHECK-LABEL: }) {sym_name = "cdist"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x5x3xf32>, %b: tensor<2x4x3xf32>):
    %cdist = "aten.cdist.default"(%a, %b) {arg_names = ["x1", "x2"]} : (tensor<2x5x3xf32>, tensor<2x4x3xf32>) -> tensor<2x5x4xf32>
    "ir.return"(%cdist) : (tensor<2x5x4xf32>) -> ()
  }) {sym_name = "cdist"} : () -> ()
}) : () -> ()

// -----

// pdist: rows (0, 1), (0, 2), (1, 2) gathered, the p-norm of their differences.
// CHECK: %[[I:.*]] = "ir.constant"() {value = dense<[0, 0, 1]> : tensor<3xi64>}
// CHECK: %[[A:.*]] = "onnx.Gather"(%x, %[[I]]) {axis = 0 : i64} : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
// CHECK: %[[J:.*]] = "ir.constant"() {value = dense<[1, 2, 2]> : tensor<3xi64>}
// CHECK: %[[B:.*]] = "onnx.Gather"(%x, %[[J]])
// CHECK: %[[D:.*]] = "onnx.Sub"(%[[A]], %[[B]])
// CHECK: %[[S:.*]] = "onnx.ReduceSum"({{.*}}) {{.*}}keepdims = 0 : i64} : (tensor<3x4xf32>{{.*}}) -> tensor<3xf32>
// CHECK: %pdist = "onnx.Pow"(%[[S]], %{{.*}})
// CHECK-LABEL: }) {sym_name = "pdist"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %pdist = "aten._pdist_forward.default"(%x) {arg_names = ["self"], p = 3.0 : f64} : (tensor<3x4xf32>) -> tensor<3xf32>
    "ir.return"(%pdist) : (tensor<3xf32>) -> ()
  }) {sym_name = "pdist"} : () -> ()
}) : () -> ()

// -----

// logcumsumexp: a Scan from -inf adding each element as max + softplus(min -
// max), or max + log(2) where both are equal (two infinities of one sign);
// NaN where either is NaN.
// CHECK:      %[[START:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<"0x000080FF"> : tensor<1xf32>} : (tensor<1xi64>) -> tensor<2xf32>
// CHECK:      %[[SCAN:.*]]:2 = "onnx.Scan"(%[[START]], %x) ({
// CHECK:        %[[HIGH:.*]] = "onnx.Max"(
// CHECK-NEXT:   %[[LOW:.*]] = "onnx.Min"(
// CHECK-NEXT:   %[[GAP:.*]] = "onnx.Sub"(%[[LOW]], %[[HIGH]])
// CHECK-NEXT:   %[[SOFTPLUS:.*]] = "onnx.Softplus"(%[[GAP]])
// CHECK-NEXT:   %[[SUM:.*]] = "onnx.Add"(%[[HIGH]], %[[SOFTPLUS]])
// CHECK:        %[[TWICE:.*]] = "onnx.Add"(%[[HIGH]], %{{.*}})
// CHECK-NEXT:   %[[EQUAL:.*]] = "onnx.Equal"(%[[LOW]], %[[HIGH]])
// CHECK-NEXT:   %[[TOTAL:.*]] = "onnx.Where"(%[[EQUAL]], %[[TWICE]], %[[SUM]])
// CHECK-NEXT:   %[[STATENAN:.*]] = "onnx.IsNaN"(%[[STATE:.*]]) :
// CHECK-NEXT:   %[[SLICENAN:.*]] = "onnx.IsNaN"(%[[SLICE:.*]]) :
// CHECK-NEXT:   %[[NAN:.*]] = "onnx.Or"(%[[STATENAN]], %[[SLICENAN]])
// CHECK-NEXT:   %[[NANSUM:.*]] = "onnx.Add"(%[[STATE]], %[[SLICE]])
// CHECK-NEXT:   %[[RESULT:.*]] = "onnx.Where"(%[[NAN]], %[[NANSUM]], %[[TOTAL]])
// CHECK-NEXT:   "ir.return"(%[[RESULT]], %[[RESULT]])
// CHECK:      }) {num_scan_inputs = 1 : i64, scan_input_axes = array<i64: 1>, scan_output_axes = array<i64: 1>} : (tensor<2xf32>, tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2x4xf32>)
// CHECK-NEXT: "ir.return"(%[[SCAN]]#1)
// CHECK-LABEL: }) {sym_name = "logcumsumexp"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4xf32>):
    %logcumsumexp = "aten.logcumsumexp.default"(%x) {arg_names = ["self"], dim = -1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    "ir.return"(%logcumsumexp) : (tensor<2x4xf32>) -> ()
  }) {sym_name = "logcumsumexp"} : () -> ()
}) : () -> ()
