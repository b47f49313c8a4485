// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=17}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET17

// A SymInt list: the dynamic dim is the input's first dim, which ONNX's 0
// copies (tests/lit/lowering/reshape.mlir has the other cases).
// CHECK: %[[SHAPE:.*]] = "ir.constant"() {value = dense<[0, 2, 3]> : tensor<3xi64>}
// CHECK: %[[VIEW:.*]] = "onnx.Reshape"(%x, %[[SHAPE]]) : (tensor<?x6xf32, "s0">, tensor<3xi64>) -> tensor<?x2x3xf32, "s0">
// CHECK: "ir.return"(%[[VIEW]])
// CHECK-LABEL: }) {sym_name = "view_symint_list"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x6xf32, "s0">):
    %sym_size = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x6xf32, "s0">) -> !torch.symint<"s0">
    %c2 = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2">
    %c3 = "ir.constant"() {value = 3 : i64} : () -> !torch.symint<"3">
    %view = "aten.view.default"(%x, %sym_size, %c2, %c3) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x6xf32, "s0">, !torch.symint<"s0">, !torch.symint<"2">, !torch.symint<"3">) -> tensor<?x2x3xf32, "s0">
    "ir.return"(%view) : (tensor<?x2x3xf32, "s0">) -> ()
  }) {sym_name = "view_symint_list"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// flatten keeps the dynamic dim from the input's shape and merges static ones.
// CHECK: %[[M:.*]] = "ir.constant"() {value = dense<[0, 6]> : tensor<2xi64>}
// CHECK: %[[FLATTEN:.*]] = "onnx.Reshape"(%view, %[[M]]) : (tensor<?x2x3xf32, "s0">, tensor<2xi64>) -> tensor<?x6xf32, "s0">
// CHECK: "ir.return"(%[[FLATTEN]])
// CHECK-LABEL: }) {sym_name = "flatten_keeps_dynamic_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x6xf32, "s0">):
    %sym_size = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x6xf32, "s0">) -> !torch.symint<"s0">
    %c2 = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2">
    %c3 = "ir.constant"() {value = 3 : i64} : () -> !torch.symint<"3">
    %view = "aten.view.default"(%x, %sym_size, %c2, %c3) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x6xf32, "s0">, !torch.symint<"s0">, !torch.symint<"2">, !torch.symint<"3">) -> tensor<?x2x3xf32, "s0">
    %flatten = "aten.flatten.using_ints"(%view) {arg_names = ["self"], start_dim = 1 : i64} : (tensor<?x2x3xf32, "s0">) -> tensor<?x6xf32, "s0">
    "ir.return"(%flatten) : (tensor<?x6xf32, "s0">) -> ()
  }) {sym_name = "flatten_keeps_dynamic_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// CHECK: %[[PERMUTE:.*]] = "onnx.Transpose"(%view) {perm = array<i64: 2, 0, 1>} : (tensor<?x2x3xf32, "s0">) -> tensor<3x?x2xf32, "s0">
// CHECK: "ir.return"(%[[PERMUTE]])
// CHECK-LABEL: }) {sym_name = "permute"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x6xf32, "s0">):
    %sym_size = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x6xf32, "s0">) -> !torch.symint<"s0">
    %c2 = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2">
    %c3 = "ir.constant"() {value = 3 : i64} : () -> !torch.symint<"3">
    %view = "aten.view.default"(%x, %sym_size, %c2, %c3) {arg_names = ["self", "size", "size", "size"]} : (tensor<?x6xf32, "s0">, !torch.symint<"s0">, !torch.symint<"2">, !torch.symint<"3">) -> tensor<?x2x3xf32, "s0">
    %permute = "aten.permute.default"(%view) {arg_names = ["self"], dims = array<i64: 2, 0, 1>} : (tensor<?x2x3xf32, "s0">) -> tensor<3x?x2xf32, "s0">
    "ir.return"(%permute) : (tensor<3x?x2xf32, "s0">) -> ()
  }) {sym_name = "permute"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// slice's INT64_MAX end is passed on (ONNX clamps it as torch does).
// CHECK: %[[END:.*]] = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>}
// CHECK: %[[SLICE:.*]] = "onnx.Slice"(%y, %{{.*}}, %[[END]], %{{.*}}, %{{.*}}) : (tensor<5x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5x3xf32>
// CHECK: "ir.return"(%[[SLICE]])
// CHECK-LABEL: }) {sym_name = "slice_int64_max_end"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %slice = "aten.slice.Tensor"(%y) {arg_names = ["self"], dim = 1 : i64, start = 1 : i64, end = 9223372036854775807 : i64} : (tensor<5x4xf32>) -> tensor<5x3xf32>
    "ir.return"(%slice) : (tensor<5x3xf32>) -> ()
  }) {sym_name = "slice_int64_max_end"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// select is a Gather with a scalar index (negative ones allowed).
// CHECK: %[[I:.*]] = "ir.constant"() {value = dense<-1> : tensor<i64>}
// CHECK: %[[SELECT:.*]] = "onnx.Gather"(%y, %[[I]]) {axis = 0 : i64} : (tensor<5x4xf32>, tensor<i64>) -> tensor<4xf32>
// CHECK: "ir.return"(%[[SELECT]])
// CHECK-LABEL: }) {sym_name = "select_is_gather"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %select = "aten.select.int"(%y) {arg_names = ["self"], dim = 0 : i64, index = -1 : i64} : (tensor<5x4xf32>) -> tensor<4xf32>
    "ir.return"(%select) : (tensor<4xf32>) -> ()
  }) {sym_name = "select_is_gather"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// split with static result sizes is one Split with constant sizes.
// CHECK: %[[SIZES:.*]] = "ir.constant"() {value = dense<[2, 2, 1]> : tensor<3xi64>}
// CHECK: %[[SPLIT:.*]]:3 = "onnx.Split"(%y, %[[SIZES]]) {axis = 0 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<1x4xf32>)
// CHECK: "ir.return"(%[[SPLIT]]#0, %[[SPLIT]]#2)
// CHECK-LABEL: }) {sym_name = "split_static_sizes"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %split:3 = "aten.split.Tensor"(%y) {arg_names = ["self"], split_size = 2 : i64} : (tensor<5x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<1x4xf32>)
    "ir.return"(%split#0, %split#2) : (tensor<2x4xf32>, tensor<1x4xf32>) -> ()
  }) {sym_name = "split_static_sizes"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// chunk of a dynamic dim: ceil(L / 2) and the rest, computed at run time.
// CHECK: %[[L:.*]] = "onnx.Gather"
// CHECK: %[[CEIL:.*]] = "onnx.Div"
// CHECK: %[[CHUNK:.*]]:2 = "onnx.Split"(%x, %{{.*}}) {axis = 0 : i64}
// CHECK: "ir.return"(%[[CHUNK]]#1)
// CHECK-LABEL: }) {sym_name = "chunk_of_dynamic_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x6xf32, "s0">):
    %chunk:2 = "aten.chunk.default"(%x) {arg_names = ["self"], chunks = 2 : i64} : (tensor<?x6xf32, "s0">) -> (tensor<?x6xf32, "?">, tensor<?x6xf32, "?">)
    "ir.return"(%chunk#1) : (tensor<?x6xf32, "?">) -> ()
  }) {sym_name = "chunk_of_dynamic_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// CHECK: %[[CAT:.*]] = "onnx.Concat"(%x, %x) {axis = 1 : i64} : (tensor<?x6xf32, "s0">, tensor<?x6xf32, "s0">) -> tensor<?x12xf32, "s0">
// CHECK: "ir.return"(%[[CAT]])
// CHECK-LABEL: }) {sym_name = "cat"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x6xf32, "s0">):
    %cat = "aten.cat.default"(%x, %x) {arg_names = ["tensors", "tensors"], dim = -1 : i64} : (tensor<?x6xf32, "s0">, tensor<?x6xf32, "s0">) -> tensor<?x12xf32, "s0">
    "ir.return"(%cat) : (tensor<?x12xf32, "s0">) -> ()
  }) {sym_name = "cat"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// expand's -1 keeps a dim: 1 in ONNX's bidirectional Expand.
// CHECK: %[[E:.*]] = "ir.constant"() {value = dense<[2, 1, 1, 3]> : tensor<4xi64>}
// CHECK: %[[EXPAND:.*]] = "onnx.Expand"(%unsqueeze, %[[E]]) : (tensor<5x4x1xf32>, tensor<4xi64>) -> tensor<2x5x4x3xf32>
// CHECK: "ir.return"(%[[EXPAND]])
// CHECK-LABEL: }) {sym_name = "expand_minus_one_keeps_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %unsqueeze = "aten.unsqueeze.default"(%y) {arg_names = ["self"], dim = -1 : i64} : (tensor<5x4xf32>) -> tensor<5x4x1xf32>
    %expand = "aten.expand.default"(%unsqueeze) {arg_names = ["self"], size = array<i64: 2, -1, -1, 3>} : (tensor<5x4x1xf32>) -> tensor<2x5x4x3xf32>
    "ir.return"(%expand) : (tensor<2x5x4x3xf32>) -> ()
  }) {sym_name = "expand_minus_one_keeps_dim"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// squeeze drops only the dims of size 1 among those asked for.
// CHECK: %unsqueeze = "onnx.Unsqueeze"(%y
// CHECK: %[[AX:.*]] = "ir.constant"() {value = dense<[2]> : tensor<1xi64>}
// CHECK: %[[SQUEEZE:.*]] = "onnx.Squeeze"(%unsqueeze, %[[AX]]) : (tensor<5x4x1xf32>, tensor<1xi64>) -> tensor<5x4xf32>
// CHECK: "ir.return"(%[[SQUEEZE]])
// CHECK-LABEL: }) {sym_name = "squeeze_only_size_one_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %unsqueeze = "aten.unsqueeze.default"(%y) {arg_names = ["self"], dim = -1 : i64} : (tensor<5x4xf32>) -> tensor<5x4x1xf32>
    %squeeze = "aten.squeeze.dims"(%unsqueeze) {arg_names = ["self"], dim = array<i64: 0, 2>} : (tensor<5x4x1xf32>) -> tensor<5x4xf32>
    "ir.return"(%squeeze) : (tensor<5x4xf32>) -> ()
  }) {sym_name = "squeeze_only_size_one_dims"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// roll by -1 along 5: the last 4 rows after the first.
// CHECK: %[[TAIL:.*]] = "onnx.Slice"(%y, {{.*}}) -> tensor<4x4xf32>
// CHECK: %[[HEAD:.*]] = "onnx.Slice"(%y, {{.*}}) -> tensor<1x4xf32>
// CHECK: %[[ROLL:.*]] = "onnx.Concat"(%[[TAIL]], %[[HEAD]]) {axis = 0 : i64} : (tensor<4x4xf32>, tensor<1x4xf32>) -> tensor<5x4xf32>
// CHECK: "ir.return"(%[[ROLL]])
// CHECK-LABEL: }) {sym_name = "roll"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %roll = "aten.roll.default"(%y) {arg_names = ["self"], shifts = array<i64: -1>, dims = array<i64: 0>} : (tensor<5x4xf32>) -> tensor<5x4xf32>
    "ir.return"(%roll) : (tensor<5x4xf32>) -> ()
  }) {sym_name = "roll"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// torch's pad list starts at the last dim; ONNX's is [begins..., ends...] of
// the padded axes (from opset 18; of every axis before).
// DEFAULT: %[[PADS:.*]] = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>}
// DEFAULT: %[[AXES:.*]] = "ir.constant"() {value = dense<[1]> : tensor<1xi64>}
// DEFAULT: %[[PAD:.*]] = "onnx.Pad"(%y, %[[PADS]], %{{.*}}, %[[AXES]]) {mode = "constant"} : (tensor<5x4xf32>, tensor<2xi64>, tensor<f32>, tensor<1xi64>) -> tensor<5x7xf32>
// OPSET17: %[[PADS:.*]] = "ir.constant"() {value = dense<[0, 1, 0, 2]> : tensor<4xi64>}
// OPSET17: %[[PAD:.*]] = "onnx.Pad"(%y, %[[PADS]], %{{.*}}) {mode = "constant"} : (tensor<5x4xf32>, tensor<4xi64>, tensor<f32>) -> tensor<5x7xf32>
// CHECK: "ir.return"(%[[PAD]])
// CHECK-LABEL: }) {sym_name = "constant_pad"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %pad = "aten.constant_pad_nd.default"(%y) {arg_names = ["self"], pad = array<i64: 1, 2>, value = 0.5 : f64} : (tensor<5x4xf32>) -> tensor<5x7xf32>
    "ir.return"(%pad) : (tensor<5x7xf32>) -> ()
  }) {sym_name = "constant_pad"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// CHECK: %[[FLIP:.*]] = "onnx.Slice"
// CHECK: "ir.return"(%[[FLIP]])
// CHECK-LABEL: }) {sym_name = "flip"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %flip = "aten.flip.default"(%y) {arg_names = ["self"], dims = array<i64: -1>} : (tensor<5x4xf32>) -> tensor<5x4xf32>
    "ir.return"(%flip) : (tensor<5x4xf32>) -> ()
  }) {sym_name = "flip"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// repeat with more repeats than dims adds leading dims.
// CHECK: %[[U:.*]] = "onnx.Unsqueeze"(%y, %{{.*}}) : (tensor<5x4xf32>, tensor<1xi64>) -> tensor<1x5x4xf32>
// CHECK: %[[REPEAT:.*]] = "onnx.Tile"(%[[U]], %{{.*}}) : (tensor<1x5x4xf32>, tensor<3xi64>) -> tensor<2x5x4xf32>
// CHECK: "ir.return"(%[[REPEAT]])
// CHECK-LABEL: }) {sym_name = "repeat_adds_leading_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %repeat = "aten.repeat.default"(%y) {arg_names = ["self"], repeats = array<i64: 2, 1, 1>} : (tensor<5x4xf32>) -> tensor<2x5x4xf32>
    "ir.return"(%repeat) : (tensor<2x5x4xf32>) -> ()
  }) {sym_name = "repeat_adds_leading_dims"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// repeat and tile of a 0-d tensor with no repeats are the tensor: ONNX
// Runtime's Tile rejects rank 0. With repeats, the Unsqueeze comes first.
// CHECK-NOT: "onnx.Tile"(%s
// CHECK: %[[U:.*]] = "onnx.Unsqueeze"(%s, %{{.*}}) : (tensor<f32>, tensor<2xi64>) -> tensor<1x1xf32>
// CHECK: %[[REPEATED:.*]] = "onnx.Tile"(%[[U]], %{{.*}}) : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: "ir.return"(%s, %s, %[[REPEATED]])
// CHECK-LABEL: }) {sym_name = "repeat_and_tile_of_0d"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<f32>):
    %repeat = "aten.repeat.default"(%s) {arg_names = ["self"], repeats = array<i64>} : (tensor<f32>) -> tensor<f32>
    %tile = "aten.tile.default"(%s) {arg_names = ["self"], dims = array<i64>} : (tensor<f32>) -> tensor<f32>
    %repeated = "aten.repeat.default"(%s) {arg_names = ["self"], repeats = array<i64: 2, 3>} : (tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%repeat, %tile, %repeated) : (tensor<f32>, tensor<f32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "repeat_and_tile_of_0d"} : () -> ()
}) : () -> ()

// -----

// clone is the value itself.
// CHECK: ^bb0(%y: tensor<5x4xf32>):
// CHECK-NEXT: "ir.return"(%y)
// CHECK-LABEL: }) {sym_name = "clone_is_the_value"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %clone = "aten.clone.default"(%y) {arg_names = ["self"]} : (tensor<5x4xf32>) -> tensor<5x4xf32>
    "ir.return"(%clone) : (tensor<5x4xf32>) -> ()
  }) {sym_name = "clone_is_the_value"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// copy broadcasts src to self's shape.
// CHECK: %[[COPY:.*]] = "onnx.Expand"(%select, %{{.*}}) : (tensor<4xf32>, tensor<2xi64>) -> tensor<5x4xf32>
// CHECK: "ir.return"(%[[COPY]])
// CHECK-LABEL: }) {sym_name = "copy_broadcasts_src"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %select = "aten.select.int"(%y) {arg_names = ["self"], dim = 0 : i64, index = -1 : i64} : (tensor<5x4xf32>) -> tensor<4xf32>
    %copy = "aten.copy.default"(%y, %select) {arg_names = ["self", "src"]} : (tensor<5x4xf32>, tensor<4xf32>) -> tensor<5x4xf32>
    "ir.return"(%copy) : (tensor<5x4xf32>) -> ()
  }) {sym_name = "copy_broadcasts_src"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// repeat_interleave: a new axis after dim, expanded and merged.
// CHECK: %[[U2:.*]] = "onnx.Unsqueeze"(%y, %{{.*}}) : (tensor<5x4xf32>, tensor<1xi64>) -> tensor<5x4x1xf32>
// CHECK: %[[E2:.*]] = "onnx.Expand"(%[[U2]], %{{.*}})
// CHECK: %[[RI:.*]] = "onnx.Reshape"(%[[E2]], %{{.*}}) : (tensor<5x4x2xf32>, tensor<2xi64>) -> tensor<5x8xf32>
// CHECK: "ir.return"(%[[RI]])
// CHECK-LABEL: }) {sym_name = "repeat_interleave"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %repeat_interleave = "aten.repeat_interleave.self_int"(%y) {arg_names = ["self"], repeats = 2 : i64, dim = 1 : i64} : (tensor<5x4xf32>) -> tensor<5x8xf32>
    "ir.return"(%repeat_interleave) : (tensor<5x8xf32>) -> ()
  }) {sym_name = "repeat_interleave"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// unfold gathers the windows, the window dim last.
// CHECK: %[[WIN:.*]] = "ir.constant"() {value = dense<{{\[\[0, 1, 2\], \[2, 3, 4\]\]}}> : tensor<2x3xi64>}
// CHECK: %[[G:.*]] = "onnx.Gather"(%y, %[[WIN]]) {axis = 0 : i64} : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
// CHECK: %[[UNFOLD:.*]] = "onnx.Transpose"(%[[G]]) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK: "ir.return"(%[[UNFOLD]])
// CHECK-LABEL: }) {sym_name = "unfold_gathers_windows"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %unfold = "aten.unfold.default"(%y) {arg_names = ["self"], dimension = 0 : i64, size = 3 : i64, step = 2 : i64} : (tensor<5x4xf32>) -> tensor<2x4x3xf32>
    "ir.return"(%unfold) : (tensor<2x4x3xf32>) -> ()
  }) {sym_name = "unfold_gathers_windows"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// unfold of a rank-0 tensor is its one element as a window of size 1;
// unfold_copy and narrow_copy are unfold and narrow.
// CHECK:      %unfold = "onnx.Reshape"(%x, %{{.*}}) : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK:      %[[WIN:.*]] = "ir.constant"() {value = dense<{{\[\[0, 1\], \[2, 3\]\]}}> : tensor<2x2xi64>}
// CHECK-NEXT: %unfold_copy = "onnx.Gather"(%y, %[[WIN]]) {axis = 1 : i64} : (tensor<5x4xf32>, tensor<2x2xi64>) -> tensor<5x2x2xf32>
// CHECK:      %narrow_copy = "onnx.Slice"(%y, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<5x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4xf32>
// CHECK-LABEL: }) {sym_name = "unfold_scalar_and_copies"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<f32>, %y: tensor<5x4xf32>):
    %unfold = "aten.unfold.default"(%x) {arg_names = ["self"], dimension = 0 : i64, size = 1 : i64, step = 1 : i64} : (tensor<f32>) -> tensor<1xf32>
    %unfold_copy = "aten.unfold_copy.default"(%y) {arg_names = ["self"], dimension = -1 : i64, size = 2 : i64, step = 2 : i64} : (tensor<5x4xf32>) -> tensor<5x2x2xf32>
    %narrow_copy = "aten.narrow_copy.default"(%y) {arg_names = ["self"], dim = 0 : i64, start = 1 : i64, length = 2 : i64} : (tensor<5x4xf32>) -> tensor<2x4xf32>
    "ir.return"(%unfold, %unfold_copy, %narrow_copy) : (tensor<1xf32>, tensor<5x2x2xf32>, tensor<2x4xf32>) -> ()
  }) {sym_name = "unfold_scalar_and_copies"} : () -> ()
}) : () -> ()

// -----

// tensor_split at indices known at run time: each part a Slice between
// entries of the index tensor (from 0, to the end).
// CHECK:      %[[END0:.*]] = "onnx.Gather"(%i, %{{.*}}) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:      %parts = "onnx.Slice"(%x, %{{.*}}, %[[END0]], %{{.*}}) : (tensor<5x7xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5x?xf32, "u0">
// CHECK:      %[[START1:.*]] = "onnx.Gather"(%i, %{{.*}}) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:      %[[END1:.*]] = "onnx.Gather"(%i, %{{.*}}) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:      %{{.*}} = "onnx.Slice"(%x, %[[START1]], %[[END1]], %{{.*}}) : (tensor<5x7xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5x?xf32, "u1">
// CHECK:      %[[START2:.*]] = "onnx.Gather"(%i, %{{.*}}) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK-NEXT: %[[END2:.*]] = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>}
// CHECK:      %{{.*}} = "onnx.Slice"(%x, %[[START2]], %[[END2]], %{{.*}}) : (tensor<5x7xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5x?xf32, "u2">
// CHECK-LABEL: }) {sym_name = "tensor_split_at_run_time"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5x7xf32>, %i: tensor<2xi64>):
    %parts:3 = "aten.tensor_split.tensor_indices_or_sections"(%x, %i) {arg_names = ["self", "tensor_indices_or_sections"], dim = -1 : i64} : (tensor<5x7xf32>, tensor<2xi64>) -> (tensor<5x?xf32, "u0">, tensor<5x?xf32, "u1">, tensor<5x?xf32, "u2">)
    "ir.return"(%parts#0, %parts#1, %parts#2) : (tensor<5x?xf32, "u0">, tensor<5x?xf32, "u1">, tensor<5x?xf32, "u2">) -> ()
  }) {sym_name = "tensor_split_at_run_time"} : () -> ()
}) : () -> ()

// -----

// *_copy views are their views.
// CHECK: %[[VIEW:.*]] = "onnx.Reshape"(%y, %{{.*}}) : (tensor<5x4xf32>, tensor<1xi64>) -> tensor<20xf32>
// CHECK: "ir.return"(%[[VIEW]])
// CHECK-LABEL: }) {sym_name = "copy_views_are_views"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %view_copy = "aten.view_copy.default"(%y) {arg_names = ["self"], size = array<i64: 20>} : (tensor<5x4xf32>) -> tensor<20xf32>
    "ir.return"(%view_copy) : (tensor<20xf32>) -> ()
  }) {sym_name = "copy_views_are_views"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// Padding by zeros is the value itself.
// CHECK: ^bb0(%y: tensor<5x4xf32>):
// CHECK-NEXT: "ir.return"(%y)
// CHECK-LABEL: }) {sym_name = "zero_padding_is_the_value"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<5x4xf32>):
    %nopad = "aten.pad.default"(%y) {arg_names = ["self"], pad = array<i64: 0, 0, 0, 0>} : (tensor<5x4xf32>) -> tensor<5x4xf32>
    "ir.return"(%nopad) : (tensor<5x4xf32>) -> ()
  }) {sym_name = "zero_padding_is_the_value"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()

// -----

// diagonal moves dim1 and dim2 last, merges them and gathers row * m +
// column: offset -1 of a 4x3 matrix in the rows of a batch of 2 takes
// (1, 0), (2, 1), (3, 2), the flat indices 3, 7, 11; offset 5 is empty.
// CHECK-NOT: "onnx.Transpose"
// CHECK: %[[M:.*]] = "onnx.Reshape"(%x, %{{.*}}) : (tensor<2x4x3xf32>, tensor<2xi64>) -> tensor<2x12xf32>
// CHECK: %[[I:.*]] = "ir.constant"() {value = dense<[3, 7, 11]> : tensor<3xi64>}
// CHECK: %[[D:.*]] = "onnx.Gather"(%[[M]], %[[I]]) {axis = 1 : i64} : (tensor<2x12xf32>, tensor<3xi64>) -> tensor<2x3xf32>
// CHECK: %[[E:.*]] = "onnx.Gather"(%{{.*}}, %{{.*}}) {axis = 1 : i64} : (tensor<2x12xf32>, tensor<0xi64>) -> tensor<2x0xf32>
// CHECK: "ir.return"(%[[D]], %[[E]])
// CHECK-LABEL: }) {sym_name = "diagonal_gathers_merged_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4x3xf32>):
    %diagonal = "aten.diagonal.default"(%x) {arg_names = ["self"], dim1 = 1 : i64, dim2 = 2 : i64, offset = -1 : i64} : (tensor<2x4x3xf32>) -> tensor<2x3xf32>
    %empty = "aten.diagonal.default"(%x) {arg_names = ["self"], dim1 = 1 : i64, dim2 = -1 : i64, offset = 5 : i64} : (tensor<2x4x3xf32>) -> tensor<2x0xf32>
    "ir.return"(%diagonal, %empty) : (tensor<2x3xf32>, tensor<2x0xf32>) -> ()
  }) {sym_name = "diagonal_gathers_merged_dims"} : () -> ()
}) : () -> ()

// -----

// Other dims move in front of dim1 and dim2 (here dim2 = 0, dim1 = 2).
// CHECK: %[[T:.*]] = "onnx.Transpose"(%x) {perm = array<i64: 1, 2, 0>} : (tensor<3x5x4xf32>) -> tensor<5x4x3xf32>
// CHECK: "onnx.Reshape"(%[[T]], %{{.*}}) : (tensor<5x4x3xf32>, tensor<2xi64>) -> tensor<5x12xf32>
// CHECK: %[[I:.*]] = "ir.constant"() {value = dense<[0, 4, 8]> : tensor<3xi64>}
// CHECK-LABEL: }) {sym_name = "diagonal_moves_dims_last"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5x4xf32>):
    %diagonal = "aten.diagonal.default"(%x) {arg_names = ["self"], dim1 = 2 : i64, dim2 = 0 : i64} : (tensor<3x5x4xf32>) -> tensor<5x3xf32>
    "ir.return"(%diagonal) : (tensor<5x3xf32>) -> ()
  }) {sym_name = "diagonal_moves_dims_last"} : () -> ()
}) : () -> ()

// -----

// An empty tensor is its own flip: no reversed Slice over an empty dim.
// CHECK-NOT: "onnx.Slice"
// CHECK: "ir.return"(%x)
// CHECK-LABEL: }) {sym_name = "flip_of_empty"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<5x0x10xf32>):
    %flip = "aten.flip.default"(%x) {arg_names = ["self"], dims = array<i64: 1>} : (tensor<5x0x10xf32>) -> tensor<5x0x10xf32>
    "ir.return"(%flip) : (tensor<5x0x10xf32>) -> ()
  }) {sym_name = "flip_of_empty"} : () -> ()
}) : () -> ()
