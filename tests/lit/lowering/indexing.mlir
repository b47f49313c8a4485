// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s

// embedding and a single index tensor are Gathers.
// CHECK: %[[EMB:.*]] = "onnx.Gather"(%table, %i) {axis = 0 : i64} : (tensor<10x8xf32>, tensor<2x3xi64>) -> tensor<2x3x8xf32>
// CHECK-NEXT: "ir.return"(%[[EMB]])
// CHECK-LABEL: }) {sym_name = "embedding_is_gather"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<2x3xi64>, %table: tensor<10x8xf32>):
    %embedding = "aten.embedding.default"(%table, %i) {arg_names = ["weight", "indices"]} : (tensor<10x8xf32>, tensor<2x3xi64>) -> tensor<2x3x8xf32>
    "ir.return"(%embedding) : (tensor<2x3x8xf32>) -> ()
  }) {sym_name = "embedding_is_gather"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[INDEX:.*]] = "onnx.Gather"(%x, %i) {axis = 1 : i64} : (tensor<4x5x6xf32>, tensor<2x3xi64>) -> tensor<4x2x3x6xf32>
// CHECK-NEXT: "ir.return"(%[[INDEX]])
// CHECK-LABEL: }) {sym_name = "single_index_is_gather"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %i: tensor<2x3xi64>):
    %none = "ir.constant"() {value} : () -> none
    %index = "aten.index.Tensor"(%x, %none, %i) {arg_names = ["self", "indices", "indices"]} : (tensor<4x5x6xf32>, none, tensor<2x3xi64>) -> tensor<4x2x3x6xf32>
    "ir.return"(%index) : (tensor<4x2x3x6xf32>) -> ()
  }) {sym_name = "single_index_is_gather"} : () -> ()
}) : () -> ()

// -----

// Several indices: indexed dims to the front, broadcast indices stacked for
// GatherND, and the broadcast dims put back where the (adjacent) indices were.
// CHECK: %[[T:.*]] = "onnx.Transpose"(%x) {perm = array<i64: 1, 2, 0>}
// Indices that broadcast are stacked by scaling each with a one-hot row and adding.
// CHECK: %[[I:.*]] = "onnx.Unsqueeze"(%i, %{{.*}}) : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<2x3x1xi64>
// CHECK: %[[ONEHOT0:.*]] = "ir.constant"() {value = dense<[1, 0]> : tensor<2xi64>}
// CHECK: %[[IC:.*]] = "onnx.Mul"(%[[I]], %[[ONEHOT0]]) : (tensor<2x3x1xi64>, tensor<2xi64>) -> tensor<2x3x2xi64>
// CHECK: %[[J:.*]] = "onnx.Unsqueeze"(%j, %{{.*}}) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3x1xi64>
// CHECK: %[[ONEHOT1:.*]] = "ir.constant"() {value = dense<[0, 1]> : tensor<2xi64>}
// CHECK: %[[JC:.*]] = "onnx.Mul"(%[[J]], %[[ONEHOT1]]) : (tensor<3x1xi64>, tensor<2xi64>) -> tensor<3x2xi64>
// CHECK: %[[ST:.*]] = "onnx.Add"(%[[IC]], %[[JC]]) : (tensor<2x3x2xi64>, tensor<3x2xi64>) -> tensor<2x3x2xi64>
// CHECK: %[[G:.*]] = "onnx.GatherND"(%[[T]], %[[ST]]) : (tensor<5x6x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x4xf32>
// CHECK: %[[INDEX:.*]] = "onnx.Transpose"(%[[G]]) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: "ir.return"(%[[INDEX]])
// CHECK-LABEL: }) {sym_name = "broadcast_indices_stacked_for_gather_nd"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %i: tensor<2x3xi64>, %j: tensor<3xi64>):
    %none = "ir.constant"() {value} : () -> none
    %index_1 = "aten.index.Tensor"(%x, %none, %i, %j) {arg_names = ["self", "indices", "indices", "indices"]} : (tensor<4x5x6xf32>, none, tensor<2x3xi64>, tensor<3xi64>) -> tensor<4x2x3xf32>
    "ir.return"(%index_1) : (tensor<4x2x3xf32>) -> ()
  }) {sym_name = "broadcast_indices_stacked_for_gather_nd"} : () -> ()
}) : () -> ()

// -----

// A bool mask indexes with the coordinates of its true elements: the rows
// of its NonZero, transposed to [n, 2], are GatherND's indices as they are.
// CHECK: %[[NZ:.*]] = "onnx.NonZero"(%m) : (tensor<4x5xi1>)
// CHECK: %[[ROWS:.*]] = "onnx.Transpose"(%[[NZ]]) {perm = array<i64: 1, 0>}
// CHECK-NEXT: %[[INDEX:.*]] = "onnx.GatherND"(%x, %[[ROWS]]) : (tensor<4x5x6xf32>, tensor<?x2xi64, "?">) -> tensor<?x6xf32, "u0">
// CHECK-NEXT: "ir.return"(%[[INDEX]])
// CHECK-LABEL: }) {sym_name = "bool_mask_index"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %m: tensor<4x5xi1>):
    %index_2 = "aten.index.Tensor"(%x, %m) {arg_names = ["self", "indices"]} : (tensor<4x5x6xf32>, tensor<4x5xi1>) -> tensor<?x6xf32, "u0">
    "ir.return"(%index_2) : (tensor<?x6xf32, "u0">) -> ()
  }) {sym_name = "bool_mask_index"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[GATHER:.*]] = "onnx.GatherElements"(%x, %i3) {axis = 1 : i64}
// CHECK-NEXT: "ir.return"(%[[GATHER]])
// CHECK-LABEL: }) {sym_name = "gather_is_gather_elements"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %i3: tensor<4x2x6xi64>):
    %gather = "aten.gather.default"(%x, %i3) {arg_names = ["self", "index"], dim = 1 : i64} : (tensor<4x5x6xf32>, tensor<4x2x6xi64>) -> tensor<4x2x6xf32>
    "ir.return"(%gather) : (tensor<4x2x6xf32>) -> ()
  }) {sym_name = "gather_is_gather_elements"} : () -> ()
}) : () -> ()

// -----

// x[mask] = scalar is a Where.
// CHECK: %[[MASK:.*]] = "onnx.Unsqueeze"(%m, %{{.*}}) : (tensor<4x5xi1>, tensor<1xi64>) -> tensor<4x5x1xi1>
// CHECK: %[[PUT:.*]] = "onnx.Where"(%[[MASK]], %{{.*}}, %x)
// CHECK-NEXT: "ir.return"(%[[PUT]])
// CHECK-LABEL: }) {sym_name = "masked_put_of_scalar_is_where"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %m: tensor<4x5xi1>):
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %index_put = "aten.index_put.default"(%x, %m, %zero) {arg_names = ["self", "indices", "values"]} : (tensor<4x5x6xf32>, tensor<4x5xi1>, tensor<f32>) -> tensor<4x5x6xf32>
    "ir.return"(%index_put) : (tensor<4x5x6xf32>) -> ()
  }) {sym_name = "masked_put_of_scalar_is_where"} : () -> ()
}) : () -> ()

// -----

// Other puts are ScatterND, adding when accumulating. ScatterND counts a
// negative index from the end as torch does: the indices go in as they are.
// CHECK-NOT: "onnx.Less"
// CHECK: %[[J:.*]] = "onnx.Unsqueeze"(%j, %{{.*}}) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3x1xi64>
// CHECK-NOT: "onnx.Where"
// CHECK: %[[UPD:.*]] = "onnx.Expand"(%x0, %{{.*}}) : (tensor<3x5x6xf32>, tensor<3xi64>) -> tensor<3x5x6xf32>
// CHECK: %[[PUT:.*]] = "onnx.ScatterND"(%x, %[[J]], %[[UPD]]) {reduction = "add"} : (tensor<4x5x6xf32>, tensor<3x1xi64>, tensor<3x5x6xf32>) -> tensor<4x5x6xf32>
// CHECK-NEXT: "ir.return"(%[[PUT]])
// CHECK-LABEL: }) {sym_name = "accumulating_put_is_scatter_nd_add"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %j: tensor<3xi64>, %x0: tensor<3x5x6xf32>):
    %index_put_1 = "aten.index_put.default"(%x, %j, %x0) {arg_names = ["self", "indices", "values"], accumulate = true} : (tensor<4x5x6xf32>, tensor<3xi64>, tensor<3x5x6xf32>) -> tensor<4x5x6xf32>
    "ir.return"(%index_put_1) : (tensor<4x5x6xf32>) -> ()
  }) {sym_name = "accumulating_put_is_scatter_nd_add"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[SCATTER:.*]] = "onnx.ScatterElements"(%x, %i3, %g) {axis = 1 : i64, reduction = "add"}
// CHECK-NEXT: "ir.return"(%[[SCATTER]])
// CHECK-LABEL: }) {sym_name = "scatter_add"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %i3: tensor<4x2x6xi64>, %g: tensor<4x2x6xf32>):
    %scatter_add = "aten.scatter_add.default"(%x, %i3, %g) {arg_names = ["self", "index", "src"], dim = 1 : i64} : (tensor<4x5x6xf32>, tensor<4x2x6xi64>, tensor<4x2x6xf32>) -> tensor<4x5x6xf32>
    "ir.return"(%scatter_add) : (tensor<4x5x6xf32>) -> ()
  }) {sym_name = "scatter_add"} : () -> ()
}) : () -> ()

// -----

// CHECK: %[[TRIU:.*]] = "onnx.Trilu"(%table, %{{.*}}) {upper = 1 : i64}
// CHECK-NEXT: "ir.return"(%[[TRIU]])
// CHECK-LABEL: }) {sym_name = "triu"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%table: tensor<10x8xf32>):
    %triu = "aten.triu.default"(%table) {arg_names = ["self"], diagonal = 1 : i64} : (tensor<10x8xf32>) -> tensor<10x8xf32>
    "ir.return"(%triu) : (tensor<10x8xf32>) -> ()
  }) {sym_name = "triu"} : () -> ()
}) : () -> ()

// -----

// Indices of one shape are stacked as they are.
// CHECK: %[[SAME:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}) {axis = 2 : i64} : (tensor<2x3x1xi64>, tensor<2x3x1xi64>) -> tensor<2x3x2xi64>
// CHECK: %[[INDEX:.*]] = "onnx.GatherND"(%x, %[[SAME]]) : (tensor<4x5x6xf32>, tensor<2x3x2xi64>) -> tensor<2x3x6xf32>
// CHECK-NEXT: "ir.return"(%[[INDEX]])
// CHECK-LABEL: }) {sym_name = "indices_of_one_shape_stacked_as_they_are"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %i: tensor<2x3xi64>):
    %index_3 = "aten.index.Tensor"(%x, %i, %i) {arg_names = ["self", "indices", "indices"]} : (tensor<4x5x6xf32>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3x6xf32>
    "ir.return"(%index_3) : (tensor<2x3x6xf32>) -> ()
  }) {sym_name = "indices_of_one_shape_stacked_as_they_are"} : () -> ()
}) : () -> ()

// -----

// A single index is unsqueezed alone, whatever its dims.
// CHECK: %[[K:.*]] = "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<?xi64, "?">, tensor<1xi64>) -> tensor<?x1xi64, "?">
// CHECK-NOT: "onnx.Mul"
// CHECK: %[[PUT:.*]] = "onnx.ScatterND"(%x, %[[K]], %{{.*}})
// CHECK-NEXT: "ir.return"(%[[PUT]])
// CHECK-LABEL: }) {sym_name = "single_index_put_unsqueezed_alone"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5x6xf32>, %k: tensor<?xi64>):
    %zero = "ir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %index_put_2 = "aten.index_put.default"(%x, %k, %zero) {arg_names = ["self", "indices", "values"]} : (tensor<4x5x6xf32>, tensor<?xi64>, tensor<f32>) -> tensor<4x5x6xf32>
    "ir.return"(%index_put_2) : (tensor<4x5x6xf32>) -> ()
  }) {sym_name = "single_index_put_unsqueezed_alone"} : () -> ()
}) : () -> ()

// -----

// masked_scatter: the k-th true element of the mask (broadcast to self)
// takes source[k], k = running count - 1, from source flattened with one
// element more, so that the index is valid where the mask is false.
// CHECK: %[[MASK:.*]] = "onnx.Expand"(%m, %{{.*}}) : (tensor<3xi1>, tensor<2xi64>) -> tensor<2x3xi1>
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[MASK]], %{{.*}}) : (tensor<2x3xi1>, tensor<1xi64>) -> tensor<6xi1>
// CHECK: %[[COUNT:.*]] = "onnx.Cast"(%[[FLAT]]) {to = i64}
// CHECK: %[[RUNNING:.*]] = "onnx.CumSum"(%[[COUNT]], %{{.*}})
// CHECK: %[[K:.*]] = "onnx.Sub"(%[[RUNNING]], %{{.*}})
// CHECK: %[[INDEX:.*]] = "onnx.Max"(%[[K]], %{{.*}})
// CHECK: %[[SOURCE:.*]] = "onnx.Reshape"(%s, %{{.*}}) : (tensor<7xf32>, tensor<1xi64>) -> tensor<7xf32>
// CHECK: %[[PADDED:.*]] = "onnx.Concat"(%[[SOURCE]], %{{.*}}) {axis = 0 : i64} : (tensor<7xf32>, tensor<1xf32>) -> tensor<8xf32>
// CHECK: %[[TAKEN:.*]] = "onnx.Gather"(%[[PADDED]], %[[INDEX]]) {axis = 0 : i64}
// CHECK: %[[BACK:.*]] = "onnx.Reshape"(%[[TAKEN]], %{{.*}}) : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: %masked_scatter = "onnx.Where"(%[[MASK]], %[[BACK]], %x) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "masked_scatter"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %m: tensor<3xi1>, %s: tensor<7xf32>):
    %masked_scatter = "aten.masked_scatter.default"(%x, %m, %s) {arg_names = ["self", "mask", "source"]} : (tensor<2x3xf32>, tensor<3xi1>, tensor<7xf32>) -> tensor<2x3xf32>
    "ir.return"(%masked_scatter) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "masked_scatter"} : () -> ()
}) : () -> ()

// -----

// nonzero of a 0-d tensor is [n, 0] (n is 0 or 1): the indices of it as a
// 1-element vector, without their column.
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%s, %{{.*}}) : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK: %[[NZ:.*]] = "onnx.NonZero"(%[[FLAT]]) : (tensor<1xf32>) -> tensor<1x?xi64, "?">
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[NZ]]) {perm = array<i64: 1, 0>} : (tensor<1x?xi64, "?">) -> tensor<?x1xi64, "?">
// CHECK: %[[IDX:.*]] = "onnx.Slice"(%[[T]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?x1xi64, "?">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x0xi64, "?">
// CHECK-NEXT: "ir.return"(%[[IDX]])
// CHECK-LABEL: }) {sym_name = "nonzero_of_0d_has_no_columns"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<f32>):
    %nonzero = "aten.nonzero.default"(%s) {arg_names = ["self"]} : (tensor<f32>) -> tensor<?x0xi64, "?">
    "ir.return"(%nonzero) : (tensor<?x0xi64, "?">) -> ()
  }) {sym_name = "nonzero_of_0d_has_no_columns"} : () -> ()
}) : () -> ()

// -----

// masked_select: self and mask broadcast together, flattened, Compress.
// CHECK: %[[MASK:.*]] = "onnx.Expand"(%m, %{{.*}}) : (tensor<5xi1>, tensor<2xi64>) -> tensor<4x5xi1>
// CHECK: %[[X:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<20xf32>
// CHECK: %[[M:.*]] = "onnx.Reshape"(%[[MASK]], %{{.*}}) : (tensor<4x5xi1>, tensor<1xi64>) -> tensor<20xi1>
// CHECK: %r = "onnx.Compress"(%[[X]], %[[M]]) {axis = 0 : i64} : (tensor<20xf32>, tensor<20xi1>) -> tensor<?xf32, "u0">
// CHECK-LABEL: }) {sym_name = "masked_select"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %m: tensor<5xi1>):
    %r = "aten.masked_select.default"(%x, %m) {arg_names = ["self", "mask"]} : (tensor<4x5xf32>, tensor<5xi1>) -> tensor<?xf32, "u0">
    "ir.return"(%r) : (tensor<?xf32, "u0">) -> ()
  }) {sym_name = "masked_select"} : () -> ()
}) : () -> ()

// -----

// nonzero_static: the rows of nonzero, then rows of fill_value, cut to size.
// CHECK: %[[FILL:.*]] = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<[-1]> : tensor<1xi64>} : (tensor<2xi64>) -> tensor<6x2xi64>
// CHECK: %[[NZ:.*]] = "onnx.NonZero"(%x)
// CHECK: %[[ROWS:.*]] = "onnx.Transpose"(%[[NZ]]) {perm = array<i64: 1, 0>}
// CHECK: %[[ALL:.*]] = "onnx.Concat"(%[[ROWS]], %[[FILL]]) {axis = 0 : i64}
// CHECK: %r = "onnx.Slice"(%[[ALL]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?x2xi64, "?">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6x2xi64>
// CHECK-LABEL: }) {sym_name = "nonzero_static"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>):
    %r = "aten.nonzero_static.default"(%x) {arg_names = ["self"], size = 6 : i64} : (tensor<4x5xf32>) -> tensor<6x2xi64>
    "ir.return"(%r) : (tensor<6x2xi64>) -> ()
  }) {sym_name = "nonzero_static"} : () -> ()
}) : () -> ()

// -----

// _unsafe_masked_index: indices clamped into [-size, size - 1] (where the
// mask is false they may be out of range), one Clip for a static dim, then
// fill where it is false. _unsafe_masked_index_put_accumulate adds the
// values where it is true.
// CHECK: %[[LOW:.*]] = "onnx.Neg"(%[[SIZE:.*]]) : (tensor<i64>) -> tensor<i64>
// CHECK: %[[HIGH:.*]] = "onnx.Sub"(%[[SIZE]], %{{.*}})
// CHECK: %[[CLAMPED:.*]] = "onnx.Clip"(%i, %[[LOW]], %[[HIGH]]) : (tensor<3x5xi64>, tensor<i64>, tensor<i64>) -> tensor<3x5xi64>
// CHECK: %[[READ:.*]] = "onnx.Gather"(%x, %[[CLAMPED]]) {axis = 1 : i64} : (tensor<4x5xf32>, tensor<3x5xi64>) -> tensor<4x3x5xf32>
// CHECK: %r = "onnx.Where"(%m, %[[READ]], %{{.*}}) : (tensor<3x5xi1>, tensor<4x3x5xf32>, tensor<f32>) -> tensor<4x3x5xf32>
// CHECK: %[[VALUES:.*]] = "onnx.Where"(%m, %v, %{{.*}}) : (tensor<3x5xi1>, tensor<4x3x5xf32>, tensor<f32>) -> tensor<4x3x5xf32>
// CHECK: %put = "onnx.Transpose"(%{{.*}}) {perm = array<i64: 1, 0>}
// CHECK-LABEL: }) {sym_name = "unsafe_masked_index"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %m: tensor<3x5xi1>, %i: tensor<3x5xi64>, %v: tensor<4x3x5xf32>):
    %none = "ir.constant"() {value = unit} : () -> none
    %r = "aten._unsafe_masked_index.default"(%x, %m, %none, %i) {arg_names = ["self", "mask", "indices", "indices"], fill = 0.0 : f64} : (tensor<4x5xf32>, tensor<3x5xi1>, none, tensor<3x5xi64>) -> tensor<4x3x5xf32>
    %put = "aten._unsafe_masked_index_put_accumulate.default"(%x, %m, %none, %i, %v) {arg_names = ["self", "mask", "indices", "indices", "values"]} : (tensor<4x5xf32>, tensor<3x5xi1>, none, tensor<3x5xi64>, tensor<4x3x5xf32>) -> tensor<4x5xf32>
    "ir.return"(%r, %put) : (tensor<4x3x5xf32>, tensor<4x5xf32>) -> ()
  }) {sym_name = "unsafe_masked_index"} : () -> ()
}) : () -> ()

// -----

// A dynamic dim may be empty, where -size is above size - 1: Min then Max,
// as torch clamps.
// CHECK: %[[SIZE:.*]] = "onnx.Gather"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
// CHECK: %[[LOW:.*]] = "onnx.Neg"(%[[SIZE]])
// CHECK: %[[HIGH:.*]] = "onnx.Sub"(%[[SIZE]], %{{.*}})
// CHECK: %[[MIN:.*]] = "onnx.Min"(%i, %[[HIGH]]) : (tensor<3x5xi64>, tensor<i64>) -> tensor<3x5xi64>
// CHECK: "onnx.Max"(%[[MIN]], %[[LOW]])
// CHECK-LABEL: }) {sym_name = "unsafe_masked_index_dynamic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x?xf32, "s0">, %m: tensor<3x5xi1>, %i: tensor<3x5xi64>):
    %none = "ir.constant"() {value = unit} : () -> none
    %r = "aten._unsafe_masked_index.default"(%x, %m, %none, %i) {arg_names = ["self", "mask", "indices", "indices"], fill = 0.0 : f64} : (tensor<4x?xf32, "s0">, tensor<3x5xi1>, none, tensor<3x5xi64>) -> tensor<4x3x5xf32>
    "ir.return"(%r) : (tensor<4x3x5xf32>) -> ()
  }) {sym_name = "unsafe_masked_index_dynamic"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<0, 64>}} : () -> ()

// -----

// gather of a 0-d self reads it as one element; an empty index (of any
// integer dtype and rank) gives an empty result.
// CHECK: %[[ONE:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK: %[[READ:.*]] = "onnx.GatherElements"(%[[ONE]], %{{.*}}) {axis = 0 : i64} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK: %scalar = "onnx.Reshape"(%[[READ]], %{{.*}}) : (tensor<1xf32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK: %empty = "onnx.ConstantOfShape"(%{{.*}}) {value = dense<"0x00000000"> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<2x0xf32>
// CHECK-LABEL: }) {sym_name = "gather_0d_and_empty"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<f32>, %i: tensor<1xi64>, %y: tensor<5xf32>, %e: tensor<2x0xui8>):
    %scalar = "aten.gather.default"(%x, %i) {arg_names = ["self", "index"], dim = 0 : i64} : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
    %empty = "aten.gather.default"(%y, %e) {arg_names = ["self", "index"], dim = 0 : i64} : (tensor<5xf32>, tensor<2x0xui8>) -> tensor<2x0xf32>
    "ir.return"(%scalar, %empty) : (tensor<1xf32>, tensor<2x0xf32>) -> ()
  }) {sym_name = "gather_0d_and_empty"} : () -> ()
}) : () -> ()

// -----

// _unsafe_index, _unsafe_index_put and _index_put_impl are index and
// index_put without bounds checks.
// CHECK: %read = "onnx.Gather"(%x, %i) {axis = 0 : i64} : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<3x5xf32>
// CHECK: %put = "onnx.ScatterND"(%x, %{{.*}}, %{{.*}}) : (tensor<4x5xf32>, tensor<3x1xi64>, tensor<3x5xf32>) -> tensor<4x5xf32>
// CHECK: %impl = "onnx.ScatterND"(%x, %{{.*}}, %{{.*}}) {reduction = "add"} : (tensor<4x5xf32>, tensor<3x1xi64>, tensor<3x5xf32>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "unsafe_index"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %i: tensor<3xi64>, %v: tensor<3x5xf32>):
    %read = "aten._unsafe_index.Tensor"(%x, %i) {arg_names = ["self", "indices"]} : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<3x5xf32>
    %put = "aten._unsafe_index_put.default"(%x, %i, %v) {arg_names = ["self", "indices", "values"]} : (tensor<4x5xf32>, tensor<3xi64>, tensor<3x5xf32>) -> tensor<4x5xf32>
    %impl = "aten._index_put_impl.default"(%x, %i, %v) {arg_names = ["self", "indices", "values"], accumulate = true, unsafe = true} : (tensor<4x5xf32>, tensor<3xi64>, tensor<3x5xf32>) -> tensor<4x5xf32>
    "ir.return"(%read, %put, %impl) : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) -> ()
  }) {sym_name = "unsafe_index"} : () -> ()
}) : () -> ()

// -----

// select_scatter at an index known only at run time: ScatterND counts it from
// the end when negative, as torch does.
// CHECK: %[[I:.*]] = "onnx.Reshape"(%i, %{{.*}}) : (tensor<i64>, tensor<2xi64>) -> tensor<1x1xi64>
// CHECK-NEXT: %[[ROW:.*]] = "ir.constant"
// CHECK-NEXT: %[[SRC:.*]] = "onnx.Unsqueeze"(%s, %[[ROW]]) : (tensor<5xf32>, tensor<1xi64>) -> tensor<1x5xf32>
// CHECK-NEXT: %[[PUT:.*]] = "onnx.ScatterND"(%x, %[[I]], %[[SRC]]) : (tensor<4x5xf32>, tensor<1x1xi64>, tensor<1x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: "ir.return"(%[[PUT]])
// CHECK-LABEL: }) {sym_name = "select_scatter_at_symbolic_index"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4x5xf32>, %s: tensor<5xf32>, %i: !torch.symint<"s0">):
    %select_scatter = "aten.select_scatter.default"(%x, %s, %i) {arg_names = ["self", "src", "index"], dim = 0 : i64} : (tensor<4x5xf32>, tensor<5xf32>, !torch.symint<"s0">) -> tensor<4x5xf32>
    "ir.return"(%select_scatter) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "select_scatter_at_symbolic_index"} : () -> ()
}) : () -> ()
