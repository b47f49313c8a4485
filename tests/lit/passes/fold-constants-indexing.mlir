// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance | FileCheck %s

// Gathers, scatters with a reduction, top-k, scans, pads, triangles and
// nonzero of constants fold at ONNX level.
// CHECK:      %gathered = "ir.constant"() {value = dense<{{\[\[}}3, 1], [5, 5]]> : tensor<2x2xi64>}
// CHECK-NEXT: %added = "ir.constant"() {value = dense<{{\[\[}}1, 2, 2], [4, 7, 6]]> : tensor<2x3xi64>}
// CHECK-NEXT: %top = "ir.constant"() {value = dense<{{\[\[}}3, 2], [6, 5]]> : tensor<2x2xi64>}
// CHECK-NEXT: %0 = "ir.constant"() {value = dense<{{\[\[}}2, 1], [2, 1]]> : tensor<2x2xi64>}
// CHECK-NEXT: %sums = "ir.constant"() {value = dense<{{\[\[}}6, 5, 3], [15, 11, 6]]> : tensor<2x3xi64>}
// CHECK-NEXT: %padded = "ir.constant"() {value = dense<{{\[\[}}2, 1, 2, 3, 2], [5, 4, 5, 6, 5]]> : tensor<2x5xi64>}
// CHECK-NEXT: %upper = "ir.constant"() {value = dense<{{\[\[}}1, 2, 3], [0, 5, 6]]> : tensor<2x3xi64>}
// CHECK-NEXT: %where = "ir.constant"() {value = dense<{{\[\[}}0, 0, 0, 1, 1], [0, 1, 2, 1, 2]]> : tensor<2x5xi64>}
// CHECK-NEXT: "ir.return"(%gathered, %added, %top, %0, %sums, %padded, %upper, %where)
// CHECK-LABEL: }) {sym_name = "onnx_indexing_folds"}
"ir.module"() ({
  "ir.graph"() ({
    %data = "ir.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
    %idx = "ir.constant"() {value = dense<[[-1, 0], [1, 1]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
    %k = "ir.constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %axis = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %pads = "ir.constant"() {value = dense<[0, 1, 0, 1]> : tensor<4xi64>} : () -> tensor<4xi64>
    %gathered = "onnx.GatherElements"(%data, %idx) {axis = 1 : i64} : (tensor<2x3xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
    %added = "onnx.ScatterElements"(%data, %idx, %idx) {axis = 1 : i64, reduction = "add"} : (tensor<2x3xi64>, tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x3xi64>
    %top:2 = "onnx.TopK"(%data, %k) {axis = -1 : i64} : (tensor<2x3xi64>, tensor<1xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>)
    %sums = "onnx.CumSum"(%data, %axis) {reverse = 1 : i64} : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    %padded = "onnx.Pad"(%data, %pads) {mode = "reflect"} : (tensor<2x3xi64>, tensor<4xi64>) -> tensor<2x5xi64>
    %upper = "onnx.Trilu"(%data) : (tensor<2x3xi64>) -> tensor<2x3xi64>
    %where = "onnx.NonZero"(%upper) : (tensor<2x3xi64>) -> tensor<2x?xi64, "n">
    "ir.return"(%gathered, %added, %top#0, %top#1, %sums, %padded, %upper, %where) : (tensor<2x2xi64>, tensor<2x3xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x3xi64>, tensor<2x5xi64>, tensor<2x3xi64>, tensor<2x?xi64, "n">) -> ()
  }) {sym_name = "onnx_indexing_folds"} : () -> ()
}) : () -> ()

// -----

// ArgMax is not folded (fold-constants would compute the pivoted
// factorizations of constant matrices); neither is a scatter that writes
// one position twice without a reduction, which the runtimes leave open.
// CHECK:      %arg = "onnx.ArgMax"(%data)
// CHECK-NEXT: %clash = "onnx.ScatterElements"(%data, %twice, %twice)
// CHECK-LABEL: }) {sym_name = "what_does_not_fold"}
"ir.module"() ({
  "ir.graph"() ({
    %data = "ir.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
    %twice = "ir.constant"() {value = dense<[[0, 0]]> : tensor<1x2xi64>} : () -> tensor<1x2xi64>
    %arg = "onnx.ArgMax"(%data) {axis = 1 : i64} : (tensor<2x3xi64>) -> tensor<2x1xi64>
    %clash = "onnx.ScatterElements"(%data, %twice, %twice) {axis = 1 : i64} : (tensor<2x3xi64>, tensor<1x2xi64>, tensor<1x2xi64>) -> tensor<2x3xi64>
    "ir.return"(%arg, %clash) : (tensor<2x1xi64>, tensor<2x3xi64>) -> ()
  }) {sym_name = "what_does_not_fold"} : () -> ()
}) : () -> ()

// -----

// ATen views, rolls and linspace of constants fold with torch's semantics;
// losses serve whole-program evaluation only.
// CHECK:      %rolled = "ir.constant"() {value = dense<{{\[\[}}3, 1, 2], [6, 4, 5]]> : tensor<2x3xi64>}
// CHECK-NEXT: %flipped = "ir.constant"() {value = dense<{{\[\[}}4, 5, 6], [1, 2, 3]]> : tensor<2x3xi64>}
// 0.5, 0.75, 1.0, 1.25, 1.5
// CHECK-NEXT: %line = "ir.constant"() {value = dense<"0x0000003F0000403F0000803F0000A03F0000C03F"> : tensor<5xf32>}
// CHECK-NEXT: %loss = "aten.huber_loss.default"(%x, %x)
// CHECK-LABEL: }) {sym_name = "aten_folds"}
"ir.module"() ({
  "ir.graph"() ({
    %data = "ir.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
    %x = "ir.constant"() {value = dense<[0.5, 1.5]> : tensor<2xf32>} : () -> tensor<2xf32>
    %rolled = "aten.roll.default"(%data) {arg_names = ["self"], dims = array<i64: 1>, shifts = array<i64: 1>} : (tensor<2x3xi64>) -> tensor<2x3xi64>
    %flipped = "aten.flip.default"(%data) {arg_names = ["self"], dims = array<i64: 0>} : (tensor<2x3xi64>) -> tensor<2x3xi64>
    %line = "aten.linspace.default"() {dtype, end = 1.5 : f64, start = 0.5 : f64, steps = 5 : i64} : () -> tensor<5xf32>
    %loss = "aten.huber_loss.default"(%x, %x) {arg_names = ["self", "target"], delta = 1.0 : f64, reduction = 1 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
    "ir.return"(%rolled, %flipped, %line, %loss) : (tensor<2x3xi64>, tensor<2x3xi64>, tensor<5xf32>, tensor<f32>) -> ()
  }) {sym_name = "aten_folds"} : () -> ()
}) : () -> ()
