// RUN: %pt2onnx-opt %s --split-input-file --passes=infer-shapes --verify | FileCheck %s

// Symbolic dims: expressions over the module's symbols, simplified with their
// ranges (s0 in [1, 16], s1 in [2, 128], s2 in [1, 64]). Shape computations
// (Shape, Gather, Concat, arithmetic, Cast) are followed, so a Reshape to a
// shape computed at run time still gets symbolic dims.

// Broadcasting: 1 yields the other dim; s1 cannot be 1, so it is the result;
// two dims that may each be 1 broadcast to their maximum.
// CHECK: %bcast = "onnx.Add"(%x, %row) {{.*}} -> tensor<?x?x128xf32, "s0, s1">
// CHECK: %bcast_s1 = "onnx.Add"(%a, %b) {{.*}} -> tensor<?xf32, "s1">
// CHECK: %bcast_max = "onnx.Add"(%a, %c) {{.*}} -> tensor<?xf32, "max(s0, s2)">
// CHECK-LABEL: }) {sym_name = "broadcasting"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %row: tensor<1x1x128xf32>, %a: tensor<?xf32, "s0">, %b: tensor<?xf32, "s1">, %c: tensor<?xf32, "s2">):
    %bcast = "onnx.Add"(%x, %row) : (tensor<?x?x128xf32, "s0, s1">, tensor<1x1x128xf32>) -> tensor<*xf32>
    %bcast_s1 = "onnx.Add"(%a, %b) : (tensor<?xf32, "s0">, tensor<?xf32, "s1">) -> tensor<*xf32>
    %bcast_max = "onnx.Add"(%a, %c) : (tensor<?xf32, "s0">, tensor<?xf32, "s2">) -> tensor<*xf32>
    "ir.return"(%bcast, %bcast_s1, %bcast_max) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "broadcasting"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>, s2 = #ir.range<1, 64>, s3 = #ir.range<1, 8>}} : () -> ()

// -----

// A Reshape to [s0, 4, -1] computed from the input's shape: -1 is the
// element count over the other dims, with equal factors cancelled.
// CHECK: %heads = "onnx.Reshape"(%x, %target) {{.*}} -> tensor<?x4x?xf32, "s0, 32*s1">
// CHECK: %rows = "onnx.Reshape"(%x, %rows_shape) {{.*}} -> tensor<?x128xf32, "s0*s1">
// CHECK-LABEL: }) {sym_name = "reshape_to_computed_shape"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">):
    %xshape = "onnx.Shape"(%x) : (tensor<?x?x128xf32, "s0, s1">) -> tensor<3xi64>
    %z = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %batch = "onnx.Gather"(%xshape, %z) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %batch1 = "onnx.Unsqueeze"(%batch, %c0) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %rest = "ir.constant"() {value = dense<[4, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
    %target = "onnx.Concat"(%batch1, %rest) {axis = 0 : i64} : (tensor<1xi64>, tensor<2xi64>) -> tensor<3xi64>
    %heads = "onnx.Reshape"(%x, %target) : (tensor<?x?x128xf32, "s0, s1">, tensor<3xi64>) -> tensor<*xf32>
    %rows_shape = "ir.constant"() {value = dense<[-1, 128]> : tensor<2xi64>} : () -> tensor<2xi64>
    %rows = "onnx.Reshape"(%x, %rows_shape) : (tensor<?x?x128xf32, "s0, s1">, tensor<2xi64>) -> tensor<*xf32>
    "ir.return"(%heads, %rows) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "reshape_to_computed_shape"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>, s2 = #ir.range<1, 64>, s3 = #ir.range<1, 8>}} : () -> ()

// -----

// Slices with constant bounds on symbolic dims, and a symbolic bound.
// CHECK: %tail = "onnx.Slice"(%x, %c1, %cmax, %c1) {{.*}} -> tensor<?x?x128xf32, "s0, s1 - 1">
// CHECK: %head = "onnx.Slice"(%x, %c0, %cm1, %c1) {{.*}} -> tensor<?x?x128xf32, "s0, s1 - 1">
// CHECK: %firsts = "onnx.Slice"(%x, %c0, %n1, %c1) {{.*}} -> tensor<?x?x128xf32, "s0, min(s1, s2)">
// CHECK-LABEL: }) {sym_name = "slices"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %y: tensor<?xf32, "s2">):
    %c0 = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %c1 = "ir.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cmax = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %cm1 = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %tail = "onnx.Slice"(%x, %c1, %cmax, %c1) : (tensor<?x?x128xf32, "s0, s1">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
    %head = "onnx.Slice"(%x, %c0, %cm1, %c1) : (tensor<?x?x128xf32, "s0, s1">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
    %n1 = "onnx.Shape"(%y) : (tensor<?xf32, "s2">) -> tensor<1xi64>
    %firsts = "onnx.Slice"(%x, %c0, %n1, %c1) : (tensor<?x?x128xf32, "s0, s1">, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
    "ir.return"(%tail, %head, %firsts) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "slices"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>, s2 = #ir.range<1, 64>, s3 = #ir.range<1, 8>}} : () -> ()

// -----

// Concat adds, Range counts, integer arithmetic on shapes floors.
// CHECK: %cat = "onnx.Concat"(%a, %b) {axis = 0 : i64} {{.*}} -> tensor<?xf32, "s0 + s1">
// CHECK: %positions = "onnx.Range"(%z, %len, %one) {{.*}} -> tensor<?xi64, "s1">
// CHECK: %halves = "onnx.Range"(%z, %half, %one) {{.*}} -> tensor<?xi64, "s1//2">
// CHECK: %expand = "onnx.Expand"(%row, %xshape32) {{.*}} -> tensor<?x?x128xf32, "s0, s1">
// CHECK-LABEL: }) {sym_name = "concat_range_arithmetic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %row: tensor<1x1x128xf32>, %a: tensor<?xf32, "s0">, %b: tensor<?xf32, "s1">):
    %xshape = "onnx.Shape"(%x) : (tensor<?x?x128xf32, "s0, s1">) -> tensor<3xi64>
    %z = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %cat = "onnx.Concat"(%a, %b) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<?xf32, "s1">) -> tensor<*xf32>
    %len = "onnx.Gather"(%xshape, %one) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %positions = "onnx.Range"(%z, %len, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<*xi64>
    %two = "ir.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %half = "onnx.Div"(%len, %two) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %halves = "onnx.Range"(%z, %half, %one) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<*xi64>
    %xshape32 = "onnx.Cast"(%xshape) {to = i32} : (tensor<3xi64>) -> tensor<3xi32>
    %expand = "onnx.Expand"(%row, %xshape32) : (tensor<1x1x128xf32>, tensor<3xi32>) -> tensor<*xf32>
    "ir.return"(%cat, %positions, %halves, %expand) : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>, tensor<*xf32>) -> ()
  }) {sym_name = "concat_range_arithmetic"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>, s2 = #ir.range<1, 64>, s3 = #ir.range<1, 8>}} : () -> ()

// -----

// Windows over symbolic dims.
// CHECK: %conv = "onnx.Conv"(%img, %k) {{.*}} -> tensor<1x8x?x?xf32, "(s2 - 1)//2 + 1, (s2 - 1)//2 + 1">
// CHECK: %mm = "onnx.MatMul"(%x, %w) {{.*}} -> tensor<?x?x64xf32, "s0, s1">
// CHECK-LABEL: }) {sym_name = "windows"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x128xf32, "s0, s1">, %img: tensor<1x3x?x?xf32, "s2, s2">, %k: tensor<8x3x3x3xf32>, %w: tensor<128x64xf32>):
    %conv = "onnx.Conv"(%img, %k) {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x?x?xf32, "s2, s2">, tensor<8x3x3x3xf32>) -> tensor<*xf32>
    %mm = "onnx.MatMul"(%x, %w) : (tensor<?x?x128xf32, "s0, s1">, tensor<128x64xf32>) -> tensor<*xf32>
    "ir.return"(%conv, %mm) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }) {sym_name = "windows"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>, s2 = #ir.range<1, 64>, s3 = #ir.range<1, 8>}} : () -> ()

// -----

// A recorded symbolic dim that inference proves static becomes static.
// CHECK: %fixed = "onnx.Reshape"(%eight, %fixed_shape) {{.*}} -> tensor<2x4xf32>
// CHECK-LABEL: }) {sym_name = "proven_static"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%eight: tensor<8xf32>):
    %fixed_shape = "ir.constant"() {value = dense<[2, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %fixed = "onnx.Reshape"(%eight, %fixed_shape) : (tensor<8xf32>, tensor<2xi64>) -> tensor<?x4xf32, "s3">
    "ir.return"(%fixed) : (tensor<?x4xf32, "s3">) -> ()
  }) {sym_name = "proven_static"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>, s2 = #ir.range<1, 64>, s3 = #ir.range<1, 8>}} : () -> ()

// -----

// Data-dependent sizes stay unknown.
// CHECK: %nz = "onnx.NonZero"(%a) {{.*}} -> tensor<1x?xi64, "?">
// CHECK-LABEL: }) {sym_name = "data_dependent_unknown"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<?xf32, "s0">):
    %nz = "onnx.NonZero"(%a) : (tensor<?xf32, "s0">) -> tensor<*xi64>
    "ir.return"(%nz) : (tensor<*xi64>) -> ()
  }) {sym_name = "data_dependent_unknown"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 16>, s1 = #ir.range<2, 128>, s2 = #ir.range<1, 64>, s3 = #ir.range<1, 8>}} : () -> ()
