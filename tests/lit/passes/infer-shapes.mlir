// RUN: %pt2onnx-opt %s --split-input-file --passes=infer-shapes --verify | FileCheck %s

// Every result type below is recorded as unranked (or with unknown dims);
// infer-shapes gives each the type its op proves. Static shapes here;
// infer-shapes-symbolic.mlir has symbolic dims.

// Elementwise: numpy broadcasting; comparisons give bool, Cast its `to`.
// CHECK: "onnx.Add"(%x, %v) {{.*}} -> tensor<2x3x4xf32>
// CHECK: "onnx.Mul"(%z, %x) {{.*}} -> tensor<2x3x4xf32>
// CHECK: "onnx.Less"(%x, %v) {{.*}} -> tensor<2x3x4xi1>
// CHECK: "onnx.Where"(%b, %x, %v) {{.*}} -> tensor<2x3x4xf32>
// CHECK: "onnx.Cast"(%x) {to = f16} {{.*}} -> tensor<2x3x4xf16>
// CHECK: "onnx.Relu"(%x) {{.*}} -> tensor<2x3x4xf32>
// CHECK-LABEL: }) {sym_name = "elementwise"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %v: tensor<4xf32>, %z: tensor<2x1x4xf32>, %b: tensor<2x3x4xi1>):
    %add = "onnx.Add"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<*xf32>
    %mul = "onnx.Mul"(%z, %x) : (tensor<2x1x4xf32>, tensor<2x3x4xf32>) -> tensor<*xf32>
    %lt = "onnx.Less"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<*xi1>
    %where = "onnx.Where"(%b, %x, %v) : (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<*xf32>
    %cast = "onnx.Cast"(%x) {to = f16} : (tensor<2x3x4xf32>) -> tensor<*xf16>
    %relu = "onnx.Relu"(%x) : (tensor<2x3x4xf32>) -> tensor<?x?x?xf32, "?, ?, ?">
    "ir.return"(%add, %mul, %lt, %where, %cast, %relu) : (tensor<*xf32>, tensor<*xf32>, tensor<*xi1>, tensor<*xf32>, tensor<*xf16>, tensor<?x?x?xf32, "?, ?, ?">) -> ()
  }) {sym_name = "elementwise"} : () -> ()
}) : () -> ()

// -----

// Contractions: MatMul batches and drops a 1-D operand's dim; Gemm transposes.
// CHECK: "onnx.MatMul"(%x, %w45) {{.*}} -> tensor<2x3x5xf32>
// CHECK: "onnx.MatMul"(%x, %v) {{.*}} -> tensor<2x3xf32>
// CHECK: "onnx.MatMul"(%v, %w45) {{.*}} -> tensor<5xf32>
// CHECK: "onnx.Gemm"(%m, %w45, %v5) {transA = 1 : i64} {{.*}} -> tensor<3x5xf32>
// CHECK: "onnx.Einsum"(%x, %w45) {equation = "b i j, j k -> b k i"} {{.*}} -> tensor<2x5x3xf32>
// CHECK-LABEL: }) {sym_name = "contractions"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %v: tensor<4xf32>, %m: tensor<4x3xf32>, %v5: tensor<5xf32>):
    %w45 = "ir.constant"() {value = dense_resource<w45> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
    %mm = "onnx.MatMul"(%x, %w45) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
    %mv = "onnx.MatMul"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<*xf32>
    %vm = "onnx.MatMul"(%v, %w45) : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
    %gemm = "onnx.Gemm"(%m, %w45, %v5) {transA = 1 : i64} : (tensor<4x3xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<*xf32>
    %einsum = "onnx.Einsum"(%x, %w45) {equation = "b i j, j k -> b k i"} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
    "ir.return"(%mm, %mv, %vm, %gemm, %einsum) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "contractions"} : () -> ()
}) : () -> ()

// -----

// Conv: pads, strides, dilations; SAME_UPPER; pools with ceil_mode drop a
// window that would start in the end padding.
// CHECK: "onnx.Conv"(%img, %k) {{.*}} -> tensor<1x8x16x16xf32>
// CHECK: "onnx.Conv"(%img, %k) {{.*}} -> tensor<1x8x28x28xf32>
// CHECK: "onnx.Conv"(%img, %k) {auto_pad = "SAME_UPPER", strides = array<i64: 3, 3>} {{.*}} -> tensor<1x8x11x11xf32>
// CHECK: "onnx.ConvTranspose"(%img, %kt) {{.*}} -> tensor<1x4x64x64xf32>
// CHECK: "onnx.MaxPool"(%img) {{.*}} -> (tensor<1x3x16x16xf32>, tensor<1x3x16x16xi64>)
// CHECK: "onnx.AveragePool"(%img) {ceil_mode = 1 : i64, {{.*}} -> tensor<1x3x11x11xf32>
// CHECK: "onnx.MaxPool"(%odd) {ceil_mode = 1 : i64, {{.*}} -> tensor<1x1x3x3xf32>
// CHECK: "onnx.GlobalAveragePool"(%img) {{.*}} -> tensor<1x3x1x1xf32>
// CHECK-LABEL: }) {sym_name = "convolutions_and_pools"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%img: tensor<1x3x32x32xf32>, %k: tensor<8x3x3x3xf32>, %kt: tensor<3x4x3x3xf32>, %odd: tensor<1x1x5x5xf32>):
    %conv = "onnx.Conv"(%img, %k) {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<*xf32>
    %conv_dilated = "onnx.Conv"(%img, %k) {dilations = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<*xf32>
    %conv_same = "onnx.Conv"(%img, %k) {auto_pad = "SAME_UPPER", strides = array<i64: 3, 3>} : (tensor<1x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<*xf32>
    %deconv = "onnx.ConvTranspose"(%img, %kt) {output_padding = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<3x4x3x3xf32>) -> tensor<*xf32>
    %pool:2 = "onnx.MaxPool"(%img) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> (tensor<*xf32>, tensor<*xi64>)
    %avg = "onnx.AveragePool"(%img) {ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, strides = array<i64: 3, 3>} : (tensor<1x3x32x32xf32>) -> tensor<*xf32>
    %ceil = "onnx.MaxPool"(%odd) {ceil_mode = 1 : i64, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<*xf32>
    %gap = "onnx.GlobalAveragePool"(%img) : (tensor<1x3x32x32xf32>) -> tensor<*xf32>
    "ir.return"(%conv, %conv_dilated, %conv_same, %deconv, %pool#0, %pool#1, %avg, %ceil, %gap) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi64>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "convolutions_and_pools"} : () -> ()
}) : () -> ()

// -----

// Data movement: Reshape with 0 and -1, Transpose, Concat, Slice with
// negative and clamped bounds and a negative step, Gather, Squeeze,
// Unsqueeze, Expand, Flatten, Pad, Tile, Split.
// CHECK: "onnx.Reshape"(%x, %shape_0_m1) {{.*}} -> tensor<2x12xf32>
// CHECK: "onnx.Transpose"(%x) {perm = array<i64: 2, 0, 1>} {{.*}} -> tensor<4x2x3xf32>
// CHECK: "onnx.Transpose"(%x) {{.*}} -> tensor<4x3x2xf32>
// CHECK: "onnx.Concat"(%x, %z) {axis = 1 : i64} {{.*}} -> tensor<2x4x4xf32>
// CHECK: "onnx.Slice"(%x, %starts, %ends, %axes, %steps) {{.*}} -> tensor<2x2x2xf32>
// CHECK: "onnx.Slice"(%x, %neg1, %big, %axis2, %negstep) {{.*}} -> tensor<2x3x4xf32>
// CHECK: "onnx.Gather"(%x, %idx2x2) {axis = 1 : i64} {{.*}} -> tensor<2x2x2x4xf32>
// CHECK: "onnx.Squeeze"(%z, %one) {{.*}} -> tensor<2x4xf32>
// CHECK: "onnx.Unsqueeze"(%x, %axes_0_m1) {{.*}} -> tensor<1x2x3x4x1xf32>
// CHECK: "onnx.Expand"(%v, %shape_3_1_4) {{.*}} -> tensor<3x1x4xf32>
// CHECK: "onnx.Flatten"(%x) {axis = 2 : i64} {{.*}} -> tensor<6x4xf32>
// CHECK: "onnx.Pad"(%x, %pads) {{.*}} -> tensor<2x4x7xf32>
// CHECK: "onnx.Tile"(%x, %repeats) {{.*}} -> tensor<2x6x12xf32>
// CHECK: "onnx.Split"(%x, %split) {axis = 2 : i64} {{.*}} -> (tensor<2x3x1xf32>, tensor<2x3x3xf32>)
// CHECK: "onnx.Split"(%x) {axis = 1 : i64, num_outputs = 2 : i64} {{.*}} -> (tensor<2x2x4xf32>, tensor<2x1x4xf32>)
// CHECK-LABEL: }) {sym_name = "data_movement"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %v: tensor<4xf32>, %z: tensor<2x1x4xf32>):
    %shape_0_m1 = "ir.constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
    %reshape = "onnx.Reshape"(%x, %shape_0_m1) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<*xf32>
    %transpose = "onnx.Transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<*xf32>
    %reverse = "onnx.Transpose"(%x) : (tensor<2x3x4xf32>) -> tensor<*xf32>
    %concat = "onnx.Concat"(%x, %z) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<*xf32>
    %starts = "ir.constant"() {value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
    %ends = "ir.constant"() {value = dense<[100, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
    %axes = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %steps = "ir.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %slice = "onnx.Slice"(%x, %starts, %ends, %axes, %steps) : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<*xf32>
    %neg1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %big = "ir.constant"() {value = dense<[-9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %axis2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %negstep = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %flip = "onnx.Slice"(%x, %neg1, %big, %axis2, %negstep) : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
    %idx2x2 = "ir.constant"() {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
    %gather = "onnx.Gather"(%x, %idx2x2) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x2xi64>) -> tensor<*xf32>
    %one = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %squeeze = "onnx.Squeeze"(%z, %one) : (tensor<2x1x4xf32>, tensor<1xi64>) -> tensor<*xf32>
    %axes_0_m1 = "ir.constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
    %unsqueeze = "onnx.Unsqueeze"(%x, %axes_0_m1) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<*xf32>
    %shape_3_1_4 = "ir.constant"() {value = dense<[3, 1, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
    %expand = "onnx.Expand"(%v, %shape_3_1_4) : (tensor<4xf32>, tensor<3xi64>) -> tensor<*xf32>
    %flatten = "onnx.Flatten"(%x) {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<*xf32>
    %pads = "ir.constant"() {value = dense<[0, 1, 2, 0, 0, 1]> : tensor<6xi64>} : () -> tensor<6xi64>
    %pad = "onnx.Pad"(%x, %pads) {mode = "constant"} : (tensor<2x3x4xf32>, tensor<6xi64>) -> tensor<*xf32>
    %repeats = "ir.constant"() {value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
    %tile = "onnx.Tile"(%x, %repeats) : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<*xf32>
    %split = "ir.constant"() {value = dense<[1, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %parts:2 = "onnx.Split"(%x, %split) {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> (tensor<*xf32>, tensor<*xf32>)
    %halves:2 = "onnx.Split"(%x) {axis = 1 : i64, num_outputs = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
    "ir.return"(%reshape, %transpose, %reverse, %concat, %slice, %flip, %gather, %squeeze, %unsqueeze, %expand, %flatten, %pad, %tile, %parts#0, %parts#1, %halves#0, %halves#1) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "data_movement"} : () -> ()
}) : () -> ()

// -----

// Shape descriptions and generators.
// CHECK: "onnx.Shape"(%x) {start = 1 : i64} {{.*}} -> tensor<2xi64>
// CHECK: "onnx.Size"(%x) {{.*}} -> tensor<i64>
// CHECK: "onnx.Range"(%c0, %c10, %c3) {{.*}} -> tensor<4xi64>
// CHECK: "onnx.ConstantOfShape"(%shape_3_1_4) {{.*}} -> tensor<3x1x4xi1>
// CHECK-LABEL: }) {sym_name = "shapes_and_generators"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %shape_3_1_4 = "ir.constant"() {value = dense<[3, 1, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
    %shape = "onnx.Shape"(%x) {start = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<?xi64, "?">
    %size = "onnx.Size"(%x) : (tensor<2x3x4xf32>) -> tensor<*xi64>
    %c0 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %c10 = "ir.constant"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
    %c3 = "ir.constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %range = "onnx.Range"(%c0, %c10, %c3) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64, "?">
    %full = "onnx.ConstantOfShape"(%shape_3_1_4) {value = dense<[true]> : tensor<1xi1>} : (tensor<3xi64>) -> tensor<*xi1>
    "ir.return"(%shape, %size, %range, %full) : (tensor<?xi64, "?">, tensor<*xi64>, tensor<?xi64, "?">, tensor<*xi1>) -> ()
  }) {sym_name = "shapes_and_generators"} : () -> ()
}) : () -> ()

// -----

// Reductions, normalizations, TopK, Resize.
// CHECK: "onnx.ReduceMean"(%x, %one) {keepdims = 1 : i64} {{.*}} -> tensor<2x1x4xf32>
// CHECK: "onnx.ReduceSum"(%x) {keepdims = 0 : i64} {{.*}} -> tensor<f32>
// CHECK: "onnx.ArgMax"(%x) {axis = -1 : i64, keepdims = 0 : i64} {{.*}} -> tensor<2x3xi64>
// CHECK: "onnx.Softmax"(%x) {{.*}} -> tensor<2x3x4xf32>
// CHECK: "onnx.LayerNormalization"(%x, %v, %v) {{.*}} -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
// CHECK: "onnx.TopK"(%x, %k2) {{.*}} -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
// CHECK: "onnx.Resize"(%img, %none, %scales) {{.*}} -> tensor<1x3x64x16xf32>
// CHECK: "onnx.Resize"(%img, %none, %none, %sizes) {{.*}} -> tensor<1x3x7x9xf32>
// CHECK-LABEL: }) {sym_name = "reductions_normalizations_topk_resize"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>, %v: tensor<4xf32>, %img: tensor<1x3x32x32xf32>):
    %none = "ir.constant"() {value} : () -> none
    %one = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %mean = "onnx.ReduceMean"(%x, %one) {keepdims = 1 : i64} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<*xf32>
    %sum = "onnx.ReduceSum"(%x) {keepdims = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<*xf32>
    %argmax = "onnx.ArgMax"(%x) {axis = -1 : i64, keepdims = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<*xi64>
    %softmax = "onnx.Softmax"(%x) {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<*xf32>
    %ln:3 = "onnx.LayerNormalization"(%x, %v, %v) {axis = -1 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
    %k2 = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %topk:2 = "onnx.TopK"(%x, %k2) {axis = -1 : i64} : (tensor<2x3x4xf32>, tensor<1xi64>) -> (tensor<*xf32>, tensor<*xi64>)
    %scales = "ir.constant"() {value = dense<[1.0, 1.0, 2.0, 0.5]> : tensor<4xf32>} : () -> tensor<4xf32>
    %resize = "onnx.Resize"(%img, %none, %scales) {mode = "nearest"} : (tensor<1x3x32x32xf32>, none, tensor<4xf32>) -> tensor<*xf32>
    %sizes = "ir.constant"() {value = dense<[1, 3, 7, 9]> : tensor<4xi64>} : () -> tensor<4xi64>
    %resized = "onnx.Resize"(%img, %none, %none, %sizes) {mode = "linear"} : (tensor<1x3x32x32xf32>, none, none, tensor<4xi64>) -> tensor<*xf32>
    "ir.return"(%mean, %sum, %argmax, %softmax, %ln#0, %ln#1, %ln#2, %topk#0, %topk#1, %resize, %resized) : (tensor<*xf32>, tensor<*xf32>, tensor<*xi64>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi64>, tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "reductions_normalizations_topk_resize"} : () -> ()
}) : () -> ()

// -----

// Recorded types inference cannot improve (NonZero's count) are kept.
// CHECK: "onnx.NonZero"(%x) {{.*}} -> tensor<3x?xi64, "?">
// CHECK-LABEL: }) {sym_name = "recorded_types_kept"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %nonzero = "onnx.NonZero"(%x) : (tensor<2x3x4xf32>) -> tensor<?x?xi64, "?, ?">
    "ir.return"(%nonzero) : (tensor<?x?xi64, "?, ?">) -> ()
  }) {sym_name = "recorded_types_kept"} : () -> ()
}) : () -> ()
