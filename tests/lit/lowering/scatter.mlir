// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s
// RUN: not %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance 2>&1 | FileCheck %s --check-prefix=OPSET17

// include_self=False: the touched positions (a scatter-add of ones counts
// them) start from the reduction's identity, -inf for amax; src is cut to
// the index's shape.
// CHECK: %[[SRC:.*]] = "onnx.Slice"(%s, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x5xf32>
// CHECK: %[[ZEROS:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<[0]> : tensor<1xi64>} : (tensor<2xi64>) -> tensor<4x5xi64>
// CHECK: %[[ONES:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<[1]> : tensor<1xi64>} : (tensor<2xi64>) -> tensor<2x5xi64>
// CHECK: %[[COUNT:.*]] = "onnx.ScatterElements"(%[[ZEROS]], %i, %[[ONES]]) {axis = 0 : i64, reduction = "add"}
// CHECK: %[[TOUCHED:.*]] = "onnx.Greater"(%[[COUNT]], %{{.*}})
// CHECK: %[[NEGINF:.*]] = "ir.constant"() {value = dense<"0x000080FF"> : tensor<f32>}
// CHECK: %[[BASE:.*]] = "onnx.Where"(%[[TOUCHED]], %[[NEGINF]], %x)
// CHECK: %[[MAX:.*]] = "onnx.ScatterElements"(%[[BASE]], %i, %[[SRC]]) {axis = 0 : i64, reduction = "max"} : (tensor<4x5xf32>, tensor<2x5xi64>, tensor<2x5xf32>) -> tensor<4x5xf32>
// ONNX Runtime's max may drop a NaN that torch's amax keeps: positions a NaN
// is scattered to (counted as the touched ones are) are NaN.
// CHECK: %[[ISNAN:.*]] = "onnx.IsNaN"(%[[SRC]]) : (tensor<2x5xf32>) -> tensor<2x5xi1>
// CHECK: %[[NANS:.*]] = "onnx.ScatterElements"(%{{.*}}, %i, %{{.*}}) {axis = 0 : i64, reduction = "add"}
// CHECK: %[[HASNAN:.*]] = "onnx.Greater"(%[[NANS]], %{{.*}})
// CHECK: %[[NAN:.*]] = "ir.constant"() {value = dense<"0x0000C07F"> : tensor<f32>}
// CHECK: %r = "onnx.Where"(%[[HASNAN]], %[[NAN]], %[[MAX]])
// CHECK-LABEL: }) {sym_name = "amax_without_self"}
// OPSET17: aten.scatter_reduce.two (1 use): a scatter reduction by max or min needs opset 18 or later
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<2x5xi64>, %s: tensor<3x6xf32>):
    %r = "aten.scatter_reduce.two"(%x, %i, %s) {arg_names = ["self", "index", "src"], dim = 0 : i64, reduce = "amax", include_self = false} : (tensor<4x5xf32>, tensor<2x5xi64>, tensor<3x6xf32>) -> tensor<4x5xf32>
    "ir.return"(%r) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "amax_without_self"} : () -> ()
}) : () -> ()

// -----

// mean is a sum divided by the count of values, self included; integers
// divide flooring (Mod, Sub, Div), as torch does.
// CHECK: %[[COUNT:.*]] = "onnx.ScatterElements"(%{{.*}}, %i, %{{.*}}) {axis = 0 : i64, reduction = "add"} : (tensor<4x5xi64>, tensor<2x5xi64>, tensor<2x5xi64>) -> tensor<4x5xi64>
// CHECK: %[[SUM:.*]] = "onnx.ScatterElements"(%x, %i, %s) {axis = 0 : i64, reduction = "add"} : (tensor<4x5xi64>, tensor<2x5xi64>, tensor<2x5xi64>) -> tensor<4x5xi64>
// CHECK: %[[N:.*]] = "onnx.Add"(%[[COUNT]], %{{.*}})
// CHECK: %[[MOD:.*]] = "onnx.Mod"(%[[SUM]], %[[N]]) {fmod = 0 : i64}
// CHECK: %[[EXACT:.*]] = "onnx.Sub"(%[[SUM]], %[[MOD]])
// CHECK: %r = "onnx.Div"(%[[EXACT]], %[[N]])
// CHECK-LABEL: }) {sym_name = "integer_mean"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xi64>, %i: tensor<2x5xi64>, %s: tensor<2x5xi64>):
    %r = "aten.scatter_reduce.two"(%x, %i, %s) {arg_names = ["self", "index", "src"], dim = -2 : i64, reduce = "mean"} : (tensor<4x5xi64>, tensor<2x5xi64>, tensor<2x5xi64>) -> tensor<4x5xi64>
    "ir.return"(%r) : (tensor<4x5xi64>) -> ()
  }) {sym_name = "integer_mean"} : () -> ()
}) : () -> ()

// -----

// scatter.reduce's "multiply" is ScatterElements' mul.
// CHECK: %r = "onnx.ScatterElements"(%x, %i, %s) {axis = 1 : i64, reduction = "mul"} : (tensor<4x5xf32>, tensor<4x2xi64>, tensor<4x2xf32>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "scatter_multiply"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<4x2xi64>, %s: tensor<4x2xf32>):
    %r = "aten.scatter.reduce"(%x, %i, %s) {arg_names = ["self", "index", "src"], dim = 1 : i64, reduce = "multiply"} : (tensor<4x5xf32>, tensor<4x2xi64>, tensor<4x2xf32>) -> tensor<4x5xf32>
    "ir.return"(%r) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "scatter_multiply"} : () -> ()
}) : () -> ()

// -----

// index_reduce scatters whole slices: the 1-D index is expanded to the
// source's shape along dim.
// CHECK: %[[COL:.*]] = "onnx.Reshape"(%i, %{{.*}}) : (tensor<3xi64>, tensor<2xi64>) -> tensor<1x3xi64>
// CHECK: %[[IDX:.*]] = "onnx.Expand"(%[[COL]], %{{.*}}) : (tensor<1x3xi64>, tensor<2xi64>) -> tensor<4x3xi64>
// CHECK: %[[ONE:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>}
// CHECK: %[[BASE:.*]] = "onnx.Where"(%{{.*}}, %[[ONE]], %x)
// CHECK: %r = "onnx.ScatterElements"(%[[BASE]], %[[IDX]], %s) {axis = 1 : i64, reduction = "mul"} : (tensor<4x5xf32>, tensor<4x3xi64>, tensor<4x3xf32>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "index_reduce_prod"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<3xi64>, %s: tensor<4x3xf32>):
    %r = "aten.index_reduce.default"(%x, %i, %s) {arg_names = ["self", "index", "source"], dim = 1 : i64, reduce = "prod", include_self = false} : (tensor<4x5xf32>, tensor<3xi64>, tensor<4x3xf32>) -> tensor<4x5xf32>
    "ir.return"(%r) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "index_reduce_prod"} : () -> ()
}) : () -> ()

// -----

// index_add scales the source by alpha and, along dim 0, adds its rows at
// the index as a column (ScatterND); index_copy scatters without a
// reduction.
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%s, %{{.*}}) : (tensor<2x5xf32>, tensor<f32>) -> tensor<2x5xf32>
// CHECK: %[[COLUMN:.*]] = "onnx.Unsqueeze"(%i, %{{.*}}) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2x1xi64>
// CHECK: %add = "onnx.ScatterND"(%x, %[[COLUMN]], %[[SCALED]]) {reduction = "add"} : (tensor<4x5xf32>, tensor<2x1xi64>, tensor<2x5xf32>) -> tensor<4x5xf32>
// CHECK: %copy = "onnx.ScatterElements"(%x, %{{.*}}, %s) {axis = 0 : i64} : (tensor<4x5xf32>, tensor<2x5xi64>, tensor<2x5xf32>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "index_add_copy"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<2xi64>, %s: tensor<2x5xf32>):
    %add = "aten.index_add.default"(%x, %i, %s) {arg_names = ["self", "index", "source"], dim = 0 : i64, alpha = 2.0 : f64} : (tensor<4x5xf32>, tensor<2xi64>, tensor<2x5xf32>) -> tensor<4x5xf32>
    %copy = "aten.index_copy.default"(%x, %i, %s) {arg_names = ["self", "index", "source"], dim = 0 : i64} : (tensor<4x5xf32>, tensor<2xi64>, tensor<2x5xf32>) -> tensor<4x5xf32>
    "ir.return"(%add, %copy) : (tensor<4x5xf32>, tensor<4x5xf32>) -> ()
  }) {sym_name = "index_add_copy"} : () -> ()
}) : () -> ()

// -----

// index_add keeps ScatterElements along another dim than 0, and for float16
// (ONNX Runtime's ScatterND cannot add it; ScatterElements adds in float32).
// A 0-d index along dim 0 is a [1, 1] column.
// CHECK: %cols = "onnx.ScatterElements"(%x, %{{.*}}, %s) {axis = 1 : i64, reduction = "add"} : (tensor<4x5xf32>, tensor<4x2xi64>, tensor<4x2xf32>) -> tensor<4x5xf32>
// CHECK: %[[WIDE:.*]] = "onnx.ScatterElements"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 0 : i64, reduction = "add"} : (tensor<4x5xf32>, tensor<2x5xi64>, tensor<2x5xf32>) -> tensor<4x5xf32>
// CHECK: %half = "onnx.Cast"(%[[WIDE]]) {to = f16} : (tensor<4x5xf32>) -> tensor<4x5xf16>
// CHECK: %[[COLUMN:.*]] = "onnx.Unsqueeze"(%j, %{{.*}}) : (tensor<i64>, tensor<2xi64>) -> tensor<1x1xi64>
// CHECK: %one = "onnx.ScatterND"(%x, %[[COLUMN]], %r) {reduction = "add"} : (tensor<4x5xf32>, tensor<1x1xi64>, tensor<1x5xf32>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "index_add_elements"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<2xi64>, %s: tensor<4x2xf32>, %h: tensor<4x5xf16>, %hs: tensor<2x5xf16>, %j: tensor<i64>, %r: tensor<1x5xf32>):
    %cols = "aten.index_add.default"(%x, %i, %s) {arg_names = ["self", "index", "source"], dim = 1 : i64} : (tensor<4x5xf32>, tensor<2xi64>, tensor<4x2xf32>) -> tensor<4x5xf32>
    %half = "aten.index_add.default"(%h, %i, %hs) {arg_names = ["self", "index", "source"], dim = 0 : i64} : (tensor<4x5xf16>, tensor<2xi64>, tensor<2x5xf16>) -> tensor<4x5xf16>
    %one = "aten.index_add.default"(%x, %j, %r) {arg_names = ["self", "index", "source"], dim = -2 : i64} : (tensor<4x5xf32>, tensor<i64>, tensor<1x5xf32>) -> tensor<4x5xf32>
    "ir.return"(%cols, %half, %one) : (tensor<4x5xf32>, tensor<4x5xf16>, tensor<4x5xf32>) -> ()
  }) {sym_name = "index_add_elements"} : () -> ()
}) : () -> ()

// -----

// index_fill: a mask along dim (a scatter-add of ones, as the index may
// repeat), broadcast over the later dims by Where.
// CHECK: %[[ZEROS:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<[0]> : tensor<1xi64>} : (tensor<1xi64>) -> tensor<4xi64>
// CHECK: %[[COUNT:.*]] = "onnx.ScatterElements"(%[[ZEROS]], %{{.*}}, %{{.*}}) {axis = 0 : i64, reduction = "add"} : (tensor<4xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<4xi64>
// CHECK: %[[MASK:.*]] = "onnx.Greater"(%[[COUNT]], %{{.*}})
// CHECK: %[[COLUMN:.*]] = "onnx.Unsqueeze"(%[[MASK]], %{{.*}}) : (tensor<4xi1>, tensor<1xi64>) -> tensor<4x1xi1>
// CHECK: %r = "onnx.Where"(%[[COLUMN]], %{{.*}}, %x) : (tensor<4x1xi1>, tensor<f32>, tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "index_fill"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<3xi64>):
    %r = "aten.index_fill.int_Scalar"(%x, %i) {arg_names = ["self", "index"], dim = 0 : i64, value = 2.5 : f64} : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x5xf32>
    "ir.return"(%r) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "index_fill"} : () -> ()
}) : () -> ()

// -----

// put scatters into the flattened self.
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<20xf32>
// CHECK: %[[PUT:.*]] = "onnx.ScatterElements"(%[[FLAT]], %{{.*}}, %{{.*}}) {axis = 0 : i64, reduction = "add"} : (tensor<20xf32>, tensor<6xi64>, tensor<6xf32>) -> tensor<20xf32>
// CHECK: %r = "onnx.Reshape"(%[[PUT]], %{{.*}}) : (tensor<20xf32>, tensor<2xi64>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "put_accumulate"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<2x3xi64>, %s: tensor<6xf32>):
    %r = "aten.put.default"(%x, %i, %s) {arg_names = ["self", "index", "source"], accumulate = true} : (tensor<4x5xf32>, tensor<2x3xi64>, tensor<6xf32>) -> tensor<4x5xf32>
    "ir.return"(%r) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "put_accumulate"} : () -> ()
}) : () -> ()

// -----

// segment_reduce: each element's segment is the number of segment ends
// (the running sum of the lengths) at or before it; a spare segment takes
// the elements past the last and is dropped. mean divides by the counts.
// CHECK: %[[ENDS:.*]] = "onnx.CumSum"(%l, %{{.*}}) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
// CHECK: %[[POS:.*]] = "onnx.Range"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<6xi64>
// CHECK: %[[PASSED:.*]] = "onnx.LessOrEqual"(%{{.*}}, %{{.*}}) : (tensor<1x3xi64>, tensor<6x1xi64>) -> tensor<6x3xi1>
// CHECK: %[[IDS:.*]] = "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<6x3xi64>, tensor<1xi64>) -> tensor<6xi64>
// CHECK: %[[INIT:.*]] = "onnx.Expand"(%{{.*}}, %{{.*}}) : (tensor<f32>, tensor<2xi64>) -> tensor<4x2xf32>
// CHECK: %[[SUM:.*]] = "onnx.ScatterElements"(%[[INIT]], %{{.*}}, %d) {axis = 0 : i64, reduction = "add"} : (tensor<4x2xf32>, tensor<6x2xi64>, tensor<6x2xf32>) -> tensor<4x2xf32>
// CHECK: "onnx.Slice"(%[[SUM]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4x2xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3x2xf32>
// CHECK: %r = "onnx.Div"(%{{.*}}, %{{.*}}) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-LABEL: }) {sym_name = "segment_mean"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%d: tensor<6x2xf32>, %l: tensor<3xi64>):
    %r = "aten.segment_reduce.default"(%d, %l) {arg_names = ["data", "lengths"], reduce = "mean", axis = 0 : i64} : (tensor<6x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
    "ir.return"(%r) : (tensor<3x2xf32>) -> ()
  }) {sym_name = "segment_mean"} : () -> ()
}) : () -> ()

// -----

// Bool sums are or: the sum of 0 and 1 as integers, read back as bool. A
// 0-d self is scattered as one element.
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = i64} : (tensor<3xi1>) -> tensor<3xi64>
// CHECK: %[[S:.*]] = "onnx.Cast"(%s) {to = i64} : (tensor<2xi1>) -> tensor<2xi64>
// CHECK: %[[SUM:.*]] = "onnx.ScatterElements"(%[[X]], %i, %[[S]]) {axis = 0 : i64, reduction = "add"}
// CHECK: %or = "onnx.Cast"(%[[SUM]]) {to = i1} : (tensor<3xi64>) -> tensor<3xi1>
// CHECK: %[[ONE:.*]] = "onnx.Reshape"(%y, %{{.*}}) : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK: %[[AT:.*]] = "onnx.Reshape"(%j, %{{.*}}) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: %[[PUT:.*]] = "onnx.ScatterElements"(%[[ONE]], %[[AT]], %{{.*}}) {axis = 0 : i64} : (tensor<1xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<1xf32>
// CHECK: %scalar = "onnx.Reshape"(%[[PUT]], %{{.*}}) : (tensor<1xf32>, tensor<0xi64>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "bool_and_0d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi1>, %i: tensor<2xi64>, %s: tensor<2xi1>, %y: tensor<f32>, %j: tensor<i64>, %z: tensor<f32>):
    %or = "aten.scatter_add.default"(%x, %i, %s) {arg_names = ["self", "index", "src"], dim = 0 : i64} : (tensor<3xi1>, tensor<2xi64>, tensor<2xi1>) -> tensor<3xi1>
    %scalar = "aten.scatter.src"(%y, %j, %z) {arg_names = ["self", "index", "src"], dim = 0 : i64} : (tensor<f32>, tensor<i64>, tensor<f32>) -> tensor<f32>
    "ir.return"(%or, %scalar) : (tensor<3xi1>, tensor<f32>) -> ()
  }) {sym_name = "bool_and_0d"} : () -> ()
}) : () -> ()

// -----

// ONNX Runtime has no float16 ScatterElements that adds: the sum is taken in
// float32 and rounded back once.
// CHECK: %[[X:.*]] = "onnx.Cast"(%x) {to = f32} : (tensor<3xf16>) -> tensor<3xf32>
// CHECK: %[[S:.*]] = "onnx.Cast"(%s) {to = f32} : (tensor<2xf16>) -> tensor<2xf32>
// CHECK: %[[SUM:.*]] = "onnx.ScatterElements"(%[[X]], %i, %[[S]]) {axis = 0 : i64, reduction = "add"}
// CHECK: %sum = "onnx.Cast"(%[[SUM]]) {to = f16} : (tensor<3xf32>) -> tensor<3xf16>
// CHECK-LABEL: }) {sym_name = "float16_sum"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf16>, %i: tensor<2xi64>, %s: tensor<2xf16>):
    %sum = "aten.scatter_add.default"(%x, %i, %s) {arg_names = ["self", "index", "src"], dim = 0 : i64} : (tensor<3xf16>, tensor<2xi64>, tensor<2xf16>) -> tensor<3xf16>
    "ir.return"(%sum) : (tensor<3xf16>) -> ()
  }) {sym_name = "float16_sum"} : () -> ()
}) : () -> ()
