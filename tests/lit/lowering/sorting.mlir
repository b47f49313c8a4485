// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// A float32 sort is one stable TopK of keys without NaN: the values widened
// to float64, infinity lowered to the largest double (Min) and NaN raised to
// infinity, so NaN sorts last (first when descending) in index order.
// CHECK:      %[[WIDE:.*]] = "onnx.Cast"(%x) {to = f64} : (tensor<2x5xf32>) -> tensor<2x5xf64>
// CHECK:      %[[LARGEST:.*]] = "ir.constant"() {value = dense<"0xFFFFFFFFFFFFEF7F"> : tensor<f64>}
// CHECK:      %[[FINITE:.*]] = "onnx.Min"(%[[WIDE]], %[[LARGEST]])
// CHECK:      %[[NAN:.*]] = "onnx.IsNaN"(%[[WIDE]]) : (tensor<2x5xf64>) -> tensor<2x5xi1>
// CHECK:      %[[INF:.*]] = "ir.constant"() {value = dense<"0x000000000000F07F"> : tensor<f64>}
// CHECK:      %[[KEYS:.*]] = "onnx.Where"(%[[NAN]], %[[INF]], %[[FINITE]])
// CHECK:      %[[ORDER:.*]]:2 = "onnx.TopK"(%[[KEYS]], %{{.*}}) {axis = 1 : i64, largest = 1 : i64, sorted = 1 : i64}
// CHECK:      %sort = "onnx.GatherElements"(%x, %[[ORDER]]#1) {axis = 1 : i64} : (tensor<2x5xf32>, tensor<2x5xi64>) -> tensor<2x5xf32>
// CHECK-NEXT: "ir.return"(%sort, %[[ORDER]]#1)
// CHECK-LABEL: }) {sym_name = "sort_float"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5xf32>):
    %sort:2 = "aten.sort.default"(%x) {arg_names = ["self"], descending = true} : (tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xi64>)
    "ir.return"(%sort#0, %sort#1) : (tensor<2x5xf32>, tensor<2x5xi64>) -> ()
  }) {sym_name = "sort_float"} : () -> ()
}) : () -> ()

// -----

// A float64 sort is two stable TopKs: the values with NaN as zero, then
// whether each was NaN, which moves the NaNs to the end (the front when
// descending) in index order.
// CHECK:      %[[NAN:.*]] = "onnx.IsNaN"(%x) : (tensor<2x5xf64>) -> tensor<2x5xi1>
// CHECK:      %[[KEYS:.*]] = "onnx.Where"(%[[NAN]], %{{.*}}, %x)
// CHECK:      %[[BYVALUE:.*]]:2 = "onnx.TopK"(%[[KEYS]], %{{.*}}) {axis = 1 : i64, largest = 1 : i64, sorted = 1 : i64}
// CHECK:      %[[NANINT:.*]] = "onnx.Cast"(%[[NAN]]) {to = i32}
// CHECK:      %[[NANORDER:.*]] = "onnx.GatherElements"(%[[NANINT]], %[[BYVALUE]]#1) {axis = 1 : i64}
// CHECK:      %[[BYNAN:.*]]:2 = "onnx.TopK"(%[[NANORDER]], %{{.*}}) {axis = 1 : i64, largest = 1 : i64, sorted = 1 : i64}
// CHECK:      %[[ORDER:.*]] = "onnx.GatherElements"(%[[BYVALUE]]#1, %[[BYNAN]]#1) {axis = 1 : i64}
// CHECK:      %sort = "onnx.GatherElements"(%x, %[[ORDER]]) {axis = 1 : i64} : (tensor<2x5xf64>, tensor<2x5xi64>) -> tensor<2x5xf64>
// CHECK-NEXT: "ir.return"(%sort, %[[ORDER]])
// CHECK-LABEL: }) {sym_name = "sort_float64"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5xf64>):
    %sort:2 = "aten.sort.default"(%x) {arg_names = ["self"], descending = true} : (tensor<2x5xf64>) -> (tensor<2x5xf64>, tensor<2x5xi64>)
    "ir.return"(%sort#0, %sort#1) : (tensor<2x5xf64>, tensor<2x5xi64>) -> ()
  }) {sym_name = "sort_float64"} : () -> ()
}) : () -> ()

// -----

// argsort of bools sorts them as int32 keys, one TopK (no NaN to place).
// CHECK:      %[[KEYS:.*]] = "onnx.Cast"(%x) {to = i32} : (tensor<?x3xi1, "s0">) -> tensor<?x3xi32, "s0">
// CHECK:      %[[TOPK:.*]]:2 = "onnx.TopK"(%[[KEYS]], %{{.*}}) {axis = 0 : i64, largest = 0 : i64, sorted = 1 : i64} : (tensor<?x3xi32, "s0">, tensor<1xi64>) -> (tensor<?x3xi32, "s0">, tensor<?x3xi64, "s0">)
// CHECK-NEXT: "ir.return"(%[[TOPK]]#1)
// CHECK-LABEL: }) {sym_name = "argsort_bool"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3xi1, "s0">):
    %argsort = "aten.argsort.default"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x3xi1, "s0">) -> tensor<?x3xi64, "s0">
    "ir.return"(%argsort) : (tensor<?x3xi64, "s0">) -> ()
  }) {sym_name = "argsort_bool"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// kthvalue takes rank k - 1 of the sort, keeping the dim for keepdim.
// CHECK:      %[[K:.*]] = "ir.constant"() {value = dense<[1]> : tensor<1xi64>}
// CHECK:      %[[ORDER:.*]]:2 = "onnx.TopK"(%{{.*}}, %{{.*}}) {axis = 1 : i64, largest = 0 : i64, sorted = 1 : i64} : (tensor<2x5xf64>, tensor<1xi64>) -> (tensor<2x5xf64>, tensor<2x5xi64>)
// CHECK:      %[[SORTED:.*]] = "onnx.GatherElements"(%x, %[[ORDER]]#1)
// CHECK:      %kth = "onnx.Gather"(%[[SORTED]], %[[K]]) {axis = 1 : i64} : (tensor<2x5xf32>, tensor<1xi64>) -> tensor<2x1xf32>
// CHECK:      %[[INDEX:.*]] = "onnx.Gather"(%[[ORDER]]#1, %[[K]]) {axis = 1 : i64} : (tensor<2x5xi64>, tensor<1xi64>) -> tensor<2x1xi64>
// CHECK-NEXT: "ir.return"(%kth, %[[INDEX]])
// CHECK-LABEL: }) {sym_name = "kthvalue"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5xf32>):
    %kth:2 = "aten.kthvalue.default"(%x) {arg_names = ["self"], k = 2 : i64, dim = 1 : i64, keepdim = true} : (tensor<2x5xf32>) -> (tensor<2x1xf32>, tensor<2x1xi64>)
    "ir.return"(%kth#0, %kth#1) : (tensor<2x1xf32>, tensor<2x1xi64>) -> ()
  }) {sym_name = "kthvalue"} : () -> ()
}) : () -> ()

// -----

// median is the sort's rank (n - 1) / 2, or NaN at the first NaN's index
// where the slice has one.
// CHECK:      %[[MIDDLE:.*]] = "onnx.Gather"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<1x5xf32>
// CHECK:      %[[VALUE:.*]] = "onnx.Squeeze"(%[[MIDDLE]], %{{.*}}) : (tensor<1x5xf32>, tensor<1xi64>) -> tensor<5xf32>
// CHECK:      %[[ANY:.*]] = "onnx.ReduceMax"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<4x5xi32>, tensor<1xi64>) -> tensor<5xi32>
// CHECK:      %[[HASNAN:.*]] = "onnx.Cast"(%[[ANY]]) {to = i1}
// CHECK:      %[[FIRST:.*]] = "onnx.ArgMax"(%{{.*}}) {axis = 0 : i64, keepdims = 0 : i64, select_last_index = 0 : i64} : (tensor<4x5xi32>) -> tensor<5xi64>
// CHECK:      %median = "onnx.Where"(%[[HASNAN]], %{{.*}}, %[[VALUE]]) : (tensor<5xi1>, tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
// CHECK:      %[[INDEX:.*]] = "onnx.Where"(%[[HASNAN]], %[[FIRST]], %{{.*}}) : (tensor<5xi1>, tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
// CHECK-NEXT: "ir.return"(%median, %[[INDEX]])
// CHECK-LABEL: }) {sym_name = "median_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>):
    %median:2 = "aten.median.dim"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<4x5xf32>) -> (tensor<5xf32>, tensor<5xi64>)
    "ir.return"(%median#0, %median#1) : (tensor<5xf32>, tensor<5xi64>) -> ()
  }) {sym_name = "median_dim"} : () -> ()
}) : () -> ()

// -----

// nanmedian of the whole tensor: rank max(numbers - 1, 0) / 2 of the
// flattened sort, NaN last.
// CHECK:      %[[FLAT:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<20xf32>
// CHECK:      %[[SORTED:.*]] = "onnx.GatherElements"(%[[FLAT]], %{{.*}}) {axis = 0 : i64} : (tensor<20xf32>, tensor<20xi64>) -> tensor<20xf32>
// CHECK:      %[[NANS:.*]] = "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 1 : i64} : (tensor<20xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:      %[[NUMBERS:.*]] = "onnx.Sub"(%{{.*}}, %[[NANS]])
// CHECK:      %[[LAST:.*]] = "onnx.Sub"(%[[NUMBERS]], %{{.*}})
// CHECK:      %[[CLAMPED:.*]] = "onnx.Max"(%[[LAST]], %{{.*}})
// CHECK:      %[[RANK:.*]] = "onnx.Div"(%[[CLAMPED]], %{{.*}})
// CHECK:      %[[PICKED:.*]] = "onnx.Gather"(%[[SORTED]], %[[RANK]]) {axis = 0 : i64} : (tensor<20xf32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK:      %nanmedian = "onnx.Squeeze"(%[[PICKED]], %{{.*}}) : (tensor<1xf32>, tensor<1xi64>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "nanmedian"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>):
    %nanmedian = "aten.nanmedian.default"(%x) {arg_names = ["self"]} : (tensor<4x5xf32>) -> tensor<f32>
    "ir.return"(%nanmedian) : (tensor<f32>) -> ()
  }) {sym_name = "nanmedian"} : () -> ()
}) : () -> ()

// -----

// mode sorts along the last dim; each element's count is the distance
// between its upper and lower bound searches in its sorted slice; the first
// largest count is the mode, the end of its run the last index holding it.
// CHECK:      %[[MOVED:.*]] = "onnx.Transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<3x4x2xi32>) -> tensor<3x2x4xi32>
// CHECK:      %[[TOPK:.*]]:2 = "onnx.TopK"(%[[MOVED]], %{{.*}}) {axis = 2 : i64, largest = 0 : i64, sorted = 1 : i64}
// CHECK:      %[[SORTED:.*]] = "onnx.GatherElements"(%[[MOVED]], %[[TOPK]]#1) {axis = 2 : i64}
// CHECK:      %[[BEST:.*]] = "onnx.ArgMax"(%{{.*}}) {axis = 2 : i64, keepdims = 1 : i64, select_last_index = 0 : i64} : (tensor<3x2x4xi64>) -> tensor<3x2x1xi64>
// CHECK:      %[[UPPER:.*]] = "onnx.GatherElements"(%{{.*}}, %[[BEST]]) {axis = 2 : i64} : (tensor<3x2x4xi64>, tensor<3x2x1xi64>) -> tensor<3x2x1xi64>
// CHECK-NEXT: %[[RUNEND:.*]] = "onnx.Sub"(%[[UPPER]], %{{.*}})
// CHECK-NEXT: %[[VALUE:.*]] = "onnx.GatherElements"(%[[SORTED]], %[[BEST]]) {axis = 2 : i64}
// CHECK:      %mode = "onnx.Squeeze"(%[[VALUE]], %{{.*}}) : (tensor<3x2x1xi32>, tensor<1xi64>) -> tensor<3x2xi32>
// CHECK-NEXT: %[[INDEX:.*]] = "onnx.GatherElements"(%[[TOPK]]#1, %[[RUNEND]]) {axis = 2 : i64}
// CHECK-LABEL: }) {sym_name = "mode"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4x2xi32>):
    %mode:2 = "aten.mode.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<3x4x2xi32>) -> (tensor<3x2xi32>, tensor<3x2xi64>)
    "ir.return"(%mode#0, %mode#1) : (tensor<3x2xi32>, tensor<3x2xi64>) -> ()
  }) {sym_name = "mode"} : () -> ()
}) : () -> ()

// -----

// quantile: rank q * (n - 1) in the input's dtype (the last rank where the
// slice has a NaN), values below and above, and torch's lerp.
// CHECK:      %[[LASTF:.*]] = "onnx.Cast"(%{{.*}}) {to = f32} : (tensor<i64>) -> tensor<f32>
// CHECK:      %[[HASNAN:.*]] = "onnx.Greater"(%{{.*}}, %{{.*}}) : (tensor<3x1xi64>, tensor<i64>) -> tensor<3x1xi1>
// CHECK:      %[[SCALED:.*]] = "onnx.Mul"(%{{.*}}, %[[LASTF]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK:      %[[RANK:.*]] = "onnx.Where"(%[[HASNAN]], %[[LASTF]], %[[SCALED]]) : (tensor<3x1xi1>, tensor<f32>, tensor<f32>) -> tensor<3x1xf32>
// CHECK:      %[[BELOW:.*]] = "onnx.Cast"(%[[RANK]]) {to = i64}
// CHECK:      %[[LOW:.*]] = "onnx.GatherElements"(%{{.*}}, %[[BELOW]]) {axis = 1 : i64} : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3x1xf32>
// CHECK:      %[[CEIL:.*]] = "onnx.Ceil"(%[[RANK]])
// CHECK:      %[[HIGH:.*]] = "onnx.GatherElements"(%{{.*}}, %{{.*}}) {axis = 1 : i64} : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3x1xf32>
// CHECK:      %q = "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3x1xi1>, tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
// CHECK-LABEL: }) {sym_name = "quantile"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>):
    %q = "aten.quantile.scalar"(%x) {arg_names = ["self"], q = 0.25 : f64, dim = 1 : i64, keepdim = true, interpolation = "linear"} : (tensor<3x4xf32>) -> tensor<3x1xf32>
    "ir.return"(%q) : (tensor<3x1xf32>) -> ()
  }) {sym_name = "quantile"} : () -> ()
}) : () -> ()

// -----

// nanquantile over the flattened tensor: rank q * (numbers - 1), zero below
// zero, rounded half to even for "nearest".
// CHECK:      %[[RANK:.*]] = "onnx.Mul"(%{{.*}}, %{{.*}}) : (tensor<f64>, tensor<1xf64>) -> tensor<1xf64>
// CHECK:      %[[NEGATIVE:.*]] = "onnx.Less"(%[[RANK]], %{{.*}})
// CHECK:      %[[CLAMPED:.*]] = "onnx.Where"(%[[NEGATIVE]], %{{.*}}, %[[RANK]])
// CHECK:      %[[ROUND:.*]] = "onnx.Round"(%[[CLAMPED]]) : (tensor<1xf64>) -> tensor<1xf64>
// CHECK:      %[[INDEX:.*]] = "onnx.Cast"(%[[ROUND]]) {to = i64}
// CHECK:      %[[PICKED:.*]] = "onnx.GatherElements"(%{{.*}}, %[[INDEX]]) {axis = 0 : i64} : (tensor<12xf64>, tensor<1xi64>) -> tensor<1xf64>
// CHECK:      %q = "onnx.Squeeze"(%[[PICKED]], %{{.*}}) : (tensor<1xf64>, tensor<1xi64>) -> tensor<f64>
// CHECK-LABEL: }) {sym_name = "nanquantile"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf64>):
    %q = "aten.nanquantile.scalar"(%x) {arg_names = ["self"], q = 0.5 : f64, interpolation = "nearest"} : (tensor<3x4xf64>) -> tensor<f64>
    "ir.return"(%q) : (tensor<f64>) -> ()
  }) {sym_name = "nanquantile"} : () -> ()
}) : () -> ()

// -----

// searchsorted halves [start, end) once per bit of the 3 boundaries (two
// steps), probing the middle boundary of each row; side "right" moves right
// while the boundary is not above the value.
// CHECK:      %[[START:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<[0]> : tensor<1xi64>} : (tensor<2xi64>) -> tensor<2x5xi64>
// CHECK:      %[[PROBE:.*]] = "onnx.GatherElements"(%s, %{{.*}}) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xi64>) -> tensor<2x5xf32>
// CHECK:      %[[STOP:.*]] = "onnx.Greater"(%[[PROBE]], %v)
// CHECK:      "onnx.GatherElements"(%s, %{{.*}}) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xi64>) -> tensor<2x5xf32>
// CHECK-NOT:  "onnx.GatherElements"
// CHECK:      %r = "onnx.Cast"(%{{.*}}) {to = i32} : (tensor<2x5xi64>) -> tensor<2x5xi32>
// CHECK-LABEL: }) {sym_name = "searchsorted"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<2x3xf32>, %v: tensor<2x5xf32>):
    %r = "aten.searchsorted.Tensor"(%s, %v) {arg_names = ["sorted_sequence", "self"], side = "right", out_int32 = true} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x5xi32>
    "ir.return"(%r) : (tensor<2x5xi32>) -> ()
  }) {sym_name = "searchsorted"} : () -> ()
}) : () -> ()

// -----

// bucketize of a number: the boundaries and the number in their
// torch.result_type (float32), a 0-d search.
// CHECK:      %[[VALUE:.*]] = "ir.constant"() {value = dense<"0x00002040"> : tensor<f32>}
// CHECK:      %[[BOUNDARIES:.*]] = "onnx.Cast"(%b) {to = f32} : (tensor<4xi64>) -> tensor<4xf32>
// CHECK:      %[[PROBE:.*]] = "onnx.Gather"(%[[BOUNDARIES]], %{{.*}}) {axis = 0 : i64} : (tensor<4xf32>, tensor<i64>) -> tensor<f32>
// CHECK:      "onnx.GreaterOrEqual"(%[[PROBE]], %[[VALUE]])
// CHECK:      %r = "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK-LABEL: }) {sym_name = "bucketize_scalar"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<4xi64>):
    %r = "aten.bucketize.Scalar"(%b) {arg_names = ["boundaries"], self = 2.5 : f64} : (tensor<4xi64>) -> tensor<i64>
    "ir.return"(%r) : (tensor<i64>) -> ()
  }) {sym_name = "bucketize_scalar"} : () -> ()
}) : () -> ()

// -----

// isin compares in the promoted dtype against every test element, negated
// for invert.
// CHECK:      %[[ELEMENTS:.*]] = "onnx.Cast"(%e) {to = f32} : (tensor<2x3xi64>) -> tensor<2x3xf32>
// CHECK:      %[[TESTS:.*]] = "onnx.Reshape"(%t, %{{.*}}) : (tensor<4xf32>, tensor<1xi64>) -> tensor<4xf32>
// CHECK:      %[[COLUMN:.*]] = "onnx.Unsqueeze"(%[[ELEMENTS]], %{{.*}}) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
// CHECK:      %[[EQUAL:.*]] = "onnx.Equal"(%[[COLUMN]], %[[TESTS]]) : (tensor<2x3x1xf32>, tensor<4xf32>) -> tensor<2x3x4xi1>
// CHECK:      %[[FOUND:.*]] = "onnx.Greater"(%{{.*}}, %{{.*}}) : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi1>
// CHECK-NEXT: %r = "onnx.Not"(%[[FOUND]]) : (tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-LABEL: }) {sym_name = "isin"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%e: tensor<2x3xi64>, %t: tensor<4xf32>):
    %r = "aten.isin.Tensor_Tensor"(%e, %t) {arg_names = ["elements", "test_elements"], invert = true} : (tensor<2x3xi64>, tensor<4xf32>) -> tensor<2x3xi1>
    "ir.return"(%r) : (tensor<2x3xi1>) -> ()
  }) {sym_name = "isin"} : () -> ()
}) : () -> ()

// -----

// histc: bin trunc((x - min) * bins / (max - min)), the last for max, an
// extra bin for what is outside [min, max], summed by ScatterElements.
// CHECK:      %[[SCALED:.*]] = "onnx.Div"(%{{.*}}, %{{.*}}) : (tensor<10xf32>, tensor<f32>) -> tensor<10xf32>
// CHECK:      %[[FLOOR:.*]] = "onnx.Floor"(%[[SCALED]])
// CHECK:      %[[BIN:.*]] = "onnx.Min"(%{{.*}}, %{{.*}}) : (tensor<10xi64>, tensor<i64>) -> tensor<10xi64>
// CHECK:      %[[TARGET:.*]] = "onnx.Where"(%{{.*}}, %[[BIN]], %{{.*}}) : (tensor<10xi1>, tensor<10xi64>, tensor<i64>) -> tensor<10xi64>
// CHECK:      %[[COUNTS:.*]] = "onnx.ScatterElements"(%{{.*}}, %[[TARGET]], %{{.*}}) {axis = 0 : i64, reduction = "add"} : (tensor<5xf32>, tensor<10xi64>, tensor<10xf32>) -> tensor<5xf32>
// CHECK:      %r = "onnx.Slice"(%[[COUNTS]], %{{.*}}) : (tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4xf32>
// CHECK-LABEL: }) {sym_name = "histc"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<10xf32>):
    %r = "aten.histc.default"(%x) {arg_names = ["self"], bins = 4 : i64, min = 0 : i64, max = 2 : i64} : (tensor<10xf32>) -> tensor<4xf32>
    "ir.return"(%r) : (tensor<4xf32>) -> ()
  }) {sym_name = "histc"} : () -> ()
}) : () -> ()

// -----

// histogram with given edges: the bin before the first edge above each
// element, density dividing by the total and the bin widths.
// CHECK:      "onnx.Gather"(%edges, %{{.*}}) {axis = 0 : i64} : (tensor<4xf32>, tensor<10xi64>) -> tensor<10xf32>
// CHECK:      %[[COUNTS:.*]] = "onnx.ScatterElements"(%{{.*}}) {axis = 0 : i64, reduction = "add"} : (tensor<4xf32>, tensor<10xi64>, tensor<10xf32>) -> tensor<4xf32>
// CHECK:      %[[HIST:.*]] = "onnx.Slice"(%[[COUNTS]], %{{.*}}) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xf32>
// CHECK-NEXT: %[[TOTAL:.*]] = "onnx.ReduceSum"(%[[HIST]]) {keepdims = 0 : i64} : (tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT: %[[SHARE:.*]] = "onnx.Div"(%[[HIST]], %[[TOTAL]])
// CHECK:      %[[WIDTHS:.*]] = "onnx.Sub"(%{{.*}}, %{{.*}}) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %r = "onnx.Div"(%[[SHARE]], %[[WIDTHS]]) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: "ir.return"(%r, %edges)
// CHECK-LABEL: }) {sym_name = "histogram_edges"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<10xf32>, %edges: tensor<4xf32>):
    %r:2 = "aten.histogram.bins_tensor"(%x, %edges) {arg_names = ["self", "bins"], density = true} : (tensor<10xf32>, tensor<4xf32>) -> (tensor<3xf32>, tensor<4xf32>)
    "ir.return"(%r#0, %r#1) : (tensor<3xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "histogram_edges"} : () -> ()
}) : () -> ()

// -----

// histogram with a bin count: linspace edges between the data's extremes
// (widened by a half where equal), from the start in the first half and from
// the end in the second.
// CHECK:      %[[LOW:.*]] = "onnx.ReduceMin"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<10xf32>, tensor<1xi64>) -> tensor<f32>
// CHECK:      %[[HIGH:.*]] = "onnx.ReduceMax"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<10xf32>, tensor<1xi64>) -> tensor<f32>
// CHECK:      %[[HALF:.*]] = "ir.constant"() {value = dense<[true, true, false, false]> : tensor<4xi1>}
// CHECK:      %[[EDGES:.*]] = "onnx.Where"(%[[HALF]], %{{.*}}, %{{.*}}) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK:      "ir.return"(%{{.*}}, %[[EDGES]]) : (tensor<3xf32>, tensor<4xf32>) -> ()
// CHECK-LABEL: }) {sym_name = "histogram_bin_count"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<10xf32>):
    %r:2 = "aten.histogram.bin_ct"(%x) {arg_names = ["self"], bins = 3 : i64} : (tensor<10xf32>) -> (tensor<3xf32>, tensor<4xf32>)
    "ir.return"(%r#0, %r#1) : (tensor<3xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "histogram_bin_count"} : () -> ()
}) : () -> ()

// -----

// unique: the runs of the flattened stable sort (each NaN a run of its own),
// each element's run number scattered back to its place; an inverse or
// counts not asked for is empty.
// CHECK:      %[[TOPK:.*]]:2 = "onnx.TopK"(%{{.*}}, %{{.*}}) {axis = 0 : i64, largest = 0 : i64, sorted = 1 : i64} : (tensor<6xf64>, tensor<1xi64>) -> (tensor<6xf64>, tensor<6xi64>)
// CHECK:      %[[SORTED:.*]] = "onnx.GatherElements"(%{{.*}}, %[[TOPK]]#1) {axis = 0 : i64} : (tensor<6xf32>, tensor<6xi64>) -> tensor<6xf32>
// CHECK:      %[[SAME:.*]] = "onnx.Equal"(%{{.*}}, %{{.*}}) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
// CHECK:      %[[STARTS:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<1xi1>, tensor<5xi1>) -> tensor<6xi1>
// CHECK-NEXT: %r = "onnx.Compress"(%[[SORTED]], %[[STARTS]]) {axis = 0 : i64} : (tensor<6xf32>, tensor<6xi1>) -> tensor<?xf32, "u0">
// CHECK:      %[[COUNTED:.*]] = "onnx.CumSum"(%{{.*}}, %{{.*}}) : (tensor<6xi64>, tensor<i64>) -> tensor<6xi64>
// CHECK:      %[[NUMBER:.*]] = "onnx.Sub"(%[[COUNTED]], %{{.*}})
// CHECK:      %[[INVERSE:.*]] = "onnx.ScatterElements"(%[[NUMBER]], %[[TOPK]]#1, %[[NUMBER]]) {axis = 0 : i64} : (tensor<6xi64>, tensor<6xi64>, tensor<6xi64>) -> tensor<6xi64>
// CHECK:      %[[SHAPED:.*]] = "onnx.Reshape"(%[[INVERSE]], %{{.*}}) : (tensor<6xi64>, tensor<2xi64>) -> tensor<2x3xi64>
// CHECK:      %[[EMPTY:.*]] = "ir.constant"() {value = dense<> : tensor<0xi64>}
// CHECK-NEXT: "ir.return"(%r, %[[SHAPED]], %[[EMPTY]])
// CHECK-LABEL: }) {sym_name = "unique"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %r:3 = "aten._unique2.default"(%x) {arg_names = ["self"], return_inverse = true} : (tensor<2x3xf32>) -> (tensor<?xf32, "u0">, tensor<2x3xi64>, tensor<0xi64>)
    "ir.return"(%r#0, %r#1, %r#2) : (tensor<?xf32, "u0">, tensor<2x3xi64>, tensor<0xi64>) -> ()
  }) {sym_name = "unique"} : () -> ()
}) {ir.symbols = {u0 = #ir.range<0, 6>}} : () -> ()

// -----

// unique_consecutive: the runs of the flattened tensor as it is; counts are
// the differences of the runs' starts (NonZero) and the length.
// CHECK:      %[[SAME:.*]] = "onnx.Equal"(%{{.*}}, %{{.*}}) : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi1>
// CHECK:      %[[STARTS:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<1xi1>, tensor<5xi1>) -> tensor<6xi1>
// CHECK-NEXT: %r = "onnx.Compress"(%{{.*}}, %[[STARTS]]) {axis = 0 : i64} : (tensor<6xi64>, tensor<6xi1>) -> tensor<?xi64, "u0">
// CHECK:      %[[NONZERO:.*]] = "onnx.NonZero"(%[[STARTS]])
// CHECK:      %[[POSITIONS:.*]] = "onnx.Reshape"(%[[NONZERO]], %{{.*}})
// CHECK:      %[[ENDS:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 0 : i64}
// CHECK-NEXT: %[[COUNTS:.*]] = "onnx.Sub"(%[[ENDS]], %[[POSITIONS]]) : ({{.*}}) -> tensor<?xi64, "u0">
// CHECK-NEXT: "ir.return"(%r, %{{.*}}, %[[COUNTS]])
// CHECK-LABEL: }) {sym_name = "unique_consecutive"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<6xi64>):
    %r:3 = "aten.unique_consecutive.default"(%x) {arg_names = ["self"], return_counts = true} : (tensor<6xi64>) -> (tensor<?xi64, "u0">, tensor<0xi64>, tensor<?xi64, "u0">)
    "ir.return"(%r#0, %r#1, %r#2) : (tensor<?xi64, "u0">, tensor<0xi64>, tensor<?xi64, "u0">) -> ()
  }) {sym_name = "unique_consecutive"} : () -> ()
}) {ir.symbols = {u0 = #ir.range<0, 6>}} : () -> ()

// -----

// histogramdd: a search of each coordinate's edges, the bins combined in
// row-major order (an extra bin for points outside), one count, reshaped.
// CHECK:      %[[POINTS:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<5x2xf32>, tensor<2xi64>) -> tensor<5x2xf32>
// CHECK:      %[[FIRST:.*]] = "onnx.Gather"(%[[POINTS]], %{{.*}}) {axis = 1 : i64} : (tensor<5x2xf32>, tensor<i64>) -> tensor<5xf32>
// CHECK:      %[[SECOND:.*]] = "onnx.Gather"(%[[POINTS]], %{{.*}}) {axis = 1 : i64} : (tensor<5x2xf32>, tensor<i64>) -> tensor<5xf32>
// CHECK:      "onnx.Gather"(%e0, %{{.*}}) {axis = 0 : i64} : (tensor<3xf32>, tensor<5xi64>) -> tensor<5xf32>
// CHECK:      "onnx.Gather"(%e1, %{{.*}}) {axis = 0 : i64} : (tensor<4xf32>, tensor<5xi64>) -> tensor<5xf32>
// CHECK:      %[[ROW:.*]] = "onnx.Mul"(%{{.*}}, %{{.*}}) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
// CHECK-NEXT: %[[INDEX:.*]] = "onnx.Add"(%[[ROW]], %{{.*}}) : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
// CHECK:      %[[COUNTS:.*]] = "onnx.ScatterElements"(%{{.*}}) {axis = 0 : i64, reduction = "add"} : (tensor<7xf32>, tensor<5xi64>, tensor<5xf32>) -> tensor<7xf32>
// CHECK:      %[[HIST:.*]] = "onnx.Slice"(%[[COUNTS]], %{{.*}}) : (tensor<7xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6xf32>
// CHECK:      %r = "onnx.Reshape"(%[[HIST]], %{{.*}}) : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK-NEXT: "ir.return"(%r, %e0, %e1)
// CHECK-LABEL: }) {sym_name = "histogramdd"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5x2xf32>, %e0: tensor<3xf32>, %e1: tensor<4xf32>):
    %r:3 = "aten.histogramdd.TensorList_bins"(%x, %e0, %e1) {arg_names = ["self", "bins", "bins"], density = false, result_segments = array<i64: 1, 2>} : (tensor<5x2xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>)
    "ir.return"(%r#0, %r#1, %r#2) : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "histogramdd"} : () -> ()
}) : () -> ()

// -----

// quantile of a 1-D q: each quantile along a new first dim, over the sorted
// slices repeated for each.
// CHECK:      %[[QS:.*]] = "onnx.Reshape"(%q, %{{.*}}) : (tensor<5xf32>, tensor<3xi64>) -> tensor<5x1x1xf32>
// CHECK:      %[[REPEATED:.*]] = "onnx.Expand"(%{{.*}}, %{{.*}}) : (tensor<1x3x4xf32>, tensor<3xi64>) -> tensor<5x3x4xf32>
// CHECK:      %[[SCALED:.*]] = "onnx.Mul"(%[[QS]], %{{.*}}) : (tensor<5x1x1xf32>, tensor<f32>) -> tensor<5x1x1xf32>
// CHECK-NEXT: %[[RANKS:.*]] = "onnx.Where"(%{{.*}}, %{{.*}}, %[[SCALED]]) : (tensor<3x1xi1>, tensor<f32>, tensor<5x1x1xf32>) -> tensor<5x3x1xf32>
// CHECK-NEXT: %[[FLOOR:.*]] = "onnx.Floor"(%[[RANKS]])
// CHECK-NEXT: %[[BELOW:.*]] = "onnx.Cast"(%[[FLOOR]]) {to = i64}
// CHECK-NEXT: %[[VALUES:.*]] = "onnx.GatherElements"(%[[REPEATED]], %[[BELOW]]) {axis = 2 : i64} : (tensor<5x3x4xf32>, tensor<5x3x1xi64>) -> tensor<5x3x1xf32>
// CHECK:      %quantiles = "onnx.Squeeze"(%[[VALUES]], %{{.*}}) : (tensor<5x3x1xf32>, tensor<1xi64>) -> tensor<5x3xf32>
// CHECK-LABEL: }) {sym_name = "quantiles"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %q: tensor<5xf32>):
    %quantiles = "aten.quantile.default"(%x, %q) {arg_names = ["self", "q"], dim = 1 : i64, interpolation = "lower"} : (tensor<3x4xf32>, tensor<5xf32>) -> tensor<5x3xf32>
    "ir.return"(%quantiles) : (tensor<5x3xf32>) -> ()
  }) {sym_name = "quantiles"} : () -> ()
}) : () -> ()

// -----

// A dynamic number of boundaries: the search ends at the runtime length and
// takes one step per bit of the largest length its range allows (6: three).
// CHECK:      %[[SHAPE:.*]] = "onnx.Shape"(%s)
// CHECK-NEXT: %[[END:.*]] = "onnx.Gather"(%[[SHAPE]], %{{.*}}) {axis = 0 : i64} : (tensor<1xi64>, tensor<i64>) -> tensor<i64>
// CHECK:      "onnx.Gather"(%s, %{{.*}}) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<3xi64>) -> tensor<3xf32>
// CHECK:      "onnx.Gather"(%s, %{{.*}}) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<3xi64>) -> tensor<3xf32>
// CHECK:      "onnx.Gather"(%s, %{{.*}}) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<3xi64>) -> tensor<3xf32>
// CHECK-NOT:  "onnx.Gather"(%s
// CHECK:      %r = "onnx.Where"
// CHECK-LABEL: }) {sym_name = "searchsorted_dynamic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<?xf32, "s0">, %v: tensor<3xf32>):
    %r = "aten.searchsorted.Tensor"(%s, %v) {arg_names = ["sorted_sequence", "self"]} : (tensor<?xf32, "s0">, tensor<3xf32>) -> tensor<3xi64>
    "ir.return"(%r) : (tensor<3xi64>) -> ()
  }) {sym_name = "searchsorted_dynamic"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 6>}} : () -> ()

// -----

// unique_dim compares every pair of slices along dim (as rows): below at the
// first differing element, or equal; a row's number counts the first
// occurrences below it, and the first occurrences are scattered to theirs.
// CHECK:      %[[MOVED:.*]] = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<3x5xi64>) -> tensor<5x3xi64>
// CHECK:      %[[EQUAL:.*]] = "onnx.Equal"(%{{.*}}, %{{.*}}) : (tensor<5x1x3xi64>, tensor<1x5x3xi64>) -> tensor<5x5x3xi1>
// CHECK:      %[[FIRSTDIFF:.*]] = "onnx.ArgMax"(%{{.*}}) {axis = 2 : i64, keepdims = 1 : i64, select_last_index = 0 : i64} : (tensor<5x5x3xi32>) -> tensor<5x5x1xi64>
// CHECK:      %[[LESS:.*]] = "onnx.Less"(%{{.*}}, %{{.*}}) : (tensor<5x1x3xi64>, tensor<1x5x3xi64>) -> tensor<5x5x3xi1>
// CHECK:      "onnx.GatherElements"(%{{.*}}, %[[FIRSTDIFF]]) {axis = 2 : i64} : (tensor<5x5x3xi64>, tensor<5x5x1xi64>) -> tensor<5x5x1xi64>
// CHECK:      %[[INVERSE:.*]] = "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<5x5xi64>, tensor<1xi64>) -> tensor<5xi64>
// CHECK:      %[[FIRSTROWS:.*]] = "onnx.Compress"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<5x3xi64>, tensor<5xi1>) -> tensor<?x3xi64, "u0">
// CHECK:      %[[SLOTS:.*]] = "onnx.Compress"(%[[INVERSE]], %{{.*}}) {axis = 0 : i64} : (tensor<5xi64>, tensor<5xi1>) -> tensor<?xi64, "u0">
// CHECK:      %[[SORTED:.*]] = "onnx.ScatterND"(%[[FIRSTROWS]], %{{.*}}, %[[FIRSTROWS]]) : (tensor<?x3xi64, "u0">, tensor<?x1xi64, "u0">, tensor<?x3xi64, "u0">) -> tensor<?x3xi64, "u0">
// CHECK:      %r = "onnx.Transpose"(%{{.*}}) {perm = array<i64: 1, 0>} : (tensor<?x3xi64, "u0">) -> tensor<3x?xi64, "u0">
// CHECK:      "ir.return"(%r, %[[INVERSE]], %{{.*}})
// CHECK-LABEL: }) {sym_name = "unique_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5xi64>):
    %r:3 = "aten.unique_dim.default"(%x) {arg_names = ["self"], dim = 1 : i64, return_inverse = true} : (tensor<3x5xi64>) -> (tensor<3x?xi64, "u0">, tensor<5xi64>, tensor<0xi64>)
    "ir.return"(%r#0, %r#1, %r#2) : (tensor<3x?xi64, "u0">, tensor<5xi64>, tensor<0xi64>) -> ()
  }) {sym_name = "unique_dim"} : () -> ()
}) {ir.symbols = {u0 = #ir.range<0, 5>}} : () -> ()

// -----

// isin of more than 16 test elements: they are sorted (NaN searched as
// infinity) and each element searched for; found where the search stops on
// an equal one.
// CHECK:      %[[SORTED:.*]] = "onnx.GatherElements"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<32xf32>, tensor<32xi64>) -> tensor<32xf32>
// CHECK:      %[[NAN:.*]] = "onnx.IsNaN"(%[[SORTED]])
// CHECK:      %[[KEYS:.*]] = "onnx.Where"(%[[NAN]], %{{.*}}, %[[SORTED]])
// CHECK:      "onnx.Gather"(%[[KEYS]], %{{.*}}) {axis = 0 : i64} : (tensor<32xf32>, tensor<3xi64>) -> tensor<3xf32>
// CHECK:      %[[PADDED:.*]] = "onnx.Concat"(%[[SORTED]], %{{.*}}) {axis = 0 : i64} : (tensor<32xf32>, tensor<1xf32>) -> tensor<33xf32>
// CHECK-NEXT: %[[CANDIDATE:.*]] = "onnx.Gather"(%[[PADDED]], %[[POSITION:.*]]) {axis = 0 : i64} : (tensor<33xf32>, tensor<3xi64>) -> tensor<3xf32>
// CHECK-NEXT: %[[EQUAL:.*]] = "onnx.Equal"(%[[CANDIDATE]], %e)
// CHECK:      %[[INSIDE:.*]] = "onnx.Less"(%[[POSITION]], %{{.*}})
// CHECK-NEXT: %r = "onnx.And"(%[[INSIDE]], %[[EQUAL]]) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-LABEL: }) {sym_name = "isin_sorted"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%e: tensor<3xf32>, %t: tensor<32xf32>):
    %r = "aten.isin.Tensor_Tensor"(%e, %t) {arg_names = ["elements", "test_elements"]} : (tensor<3xf32>, tensor<32xf32>) -> tensor<3xi1>
    "ir.return"(%r) : (tensor<3xi1>) -> ()
  }) {sym_name = "isin_sorted"} : () -> ()
}) : () -> ()

// -----

// unique_consecutive along a dim: the slices along it first; a slice starts
// a run where any element differs from the slice before.
// CHECK:      %[[MOVED:.*]] = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<3x5xi64>) -> tensor<5x3xi64>
// CHECK:      %[[EQUAL:.*]] = "onnx.Equal"(%{{.*}}, %{{.*}}) : (tensor<4x3xi64>, tensor<4x3xi64>) -> tensor<4x3xi1>
// CHECK:      %[[CHANGED:.*]] = "onnx.ReduceMax"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<4x3xi32>, tensor<1xi64>) -> tensor<4xi32>
// CHECK:      %[[STARTS:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<1xi1>, tensor<4xi1>) -> tensor<5xi1>
// CHECK-NEXT: %[[VALUES:.*]] = "onnx.Compress"(%[[MOVED]], %[[STARTS]]) {axis = 0 : i64} : (tensor<5x3xi64>, tensor<5xi1>) -> tensor<?x3xi64, "u0">
// CHECK:      %[[INVERSE:.*]] = "onnx.Sub"(%{{.*}}, %{{.*}}) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
// CHECK:      %r = "onnx.Transpose"(%[[VALUES]]) {perm = array<i64: 1, 0>} : (tensor<?x3xi64, "u0">) -> tensor<3x?xi64, "u0">
// CHECK-NEXT: "ir.return"(%r, %[[INVERSE]], %{{.*}})
// CHECK-LABEL: }) {sym_name = "unique_consecutive_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5xi64>):
    %r:3 = "aten.unique_consecutive.default"(%x) {arg_names = ["self"], dim = 1 : i64, return_inverse = true} : (tensor<3x5xi64>) -> (tensor<3x?xi64, "u0">, tensor<5xi64>, tensor<0xi64>)
    "ir.return"(%r#0, %r#1, %r#2) : (tensor<3x?xi64, "u0">, tensor<5xi64>, tensor<0xi64>) -> ()
  }) {sym_name = "unique_consecutive_dim"} : () -> ()
}) {ir.symbols = {u0 = #ir.range<0, 5>}} : () -> ()
