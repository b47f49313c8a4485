// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// linalg_diagonal is diagonal with its own defaults (the last two dims).
// CHECK:      %d = "aten.diagonal.default"(%x) {arg_names = ["self"], dim1 = -2 : i64, dim2 = -1 : i64, offset = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "linalg_diagonal"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %d = "aten.linalg_diagonal.default"(%x) {arg_names = ["A"], offset = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
    "ir.return"(%d) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "linalg_diagonal"} : () -> ()
}) : () -> ()

// -----

// diag of a matrix is its diagonal; of a vector the matrix with it on the
// diagonal, built as diag_embed does: a mask b - a == offset from two
// arange, the vector padded to the rows and picked by aten.where.
// CHECK:      %d = "aten.diagonal.default"(%x) {arg_names = ["self"], dim1 = 0 : i64, dim2 = 1 : i64, offset = -1 : i64} : (tensor<3x4xf32>) -> tensor<2xf32>
// CHECK-NEXT: %0 = "aten.constant_pad_nd.default"(%v) {arg_names = ["self"], pad = array<i64: 0, 1>} : (tensor<3xi64>) -> tensor<4xi64>
// CHECK-NEXT: %1 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xi64>) -> tensor<4x1xi64>
// CHECK-NEXT: %3 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%3) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xi64>) -> tensor<1x4xi64>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%4, %2) {arg_names = ["self", "other"]} : (tensor<1x4xi64>, tensor<4x1xi64>) -> tensor<4x4xi64>
// CHECK-NEXT: %6 = "aten.eq.Scalar"(%5) {arg_names = ["self"], other = 1 : i64} : (tensor<4x4xi64>) -> tensor<4x4xi1>
// CHECK-NEXT: %7 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xi64>) -> tensor<4x1xi64>
// CHECK-NEXT: %e = "aten.where.ScalarOther"(%6, %7) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<4x4xi1>, tensor<4x1xi64>) -> tensor<4x4xi64>
// CHECK-LABEL: }) {sym_name = "diag"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xf32>, %v: tensor<3xi64>):
    %d = "aten.diag.default"(%x) {arg_names = ["self"], diagonal = -1 : i64} : (tensor<3x4xf32>) -> tensor<2xf32>
    %e = "aten.diag.default"(%v) {arg_names = ["self"], diagonal = 1 : i64} : (tensor<3xi64>) -> tensor<4x4xi64>
    "ir.return"(%d, %e) : (tensor<2xf32>, tensor<4x4xi64>) -> ()
  }) {sym_name = "diag"} : () -> ()
}) : () -> ()

// -----

// diag_embed with a negative offset: the values along the columns, padded
// to 4 = 3 + |offset|, the matrix permuted to dim1 = 0 and dim2 = 2.
// CHECK:      %0 = "aten.constant_pad_nd.default"(%x) {arg_names = ["self"], pad = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %1 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xi64>) -> tensor<4x1xi64>
// CHECK-NEXT: %3 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%3) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xi64>) -> tensor<1x4xi64>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%4, %2) {arg_names = ["self", "other"]} : (tensor<1x4xi64>, tensor<4x1xi64>) -> tensor<4x4xi64>
// CHECK-NEXT: %6 = "aten.eq.Scalar"(%5) {arg_names = ["self"], other = -1 : i64} : (tensor<4x4xi64>) -> tensor<4x4xi1>
// CHECK-NEXT: %7 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT: %8 = "aten.where.ScalarOther"(%6, %7) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<4x4xi1>, tensor<2x1x4xf32>) -> tensor<2x4x4xf32>
// CHECK-NEXT: %e = "aten.permute.default"(%8) {arg_names = ["self"], dims = array<i64: 1, 0, 2>} : (tensor<2x4x4xf32>) -> tensor<4x2x4xf32>
// CHECK-LABEL: }) {sym_name = "diag_embed"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %e = "aten.diag_embed.default"(%x) {arg_names = ["self"], offset = -1 : i64, dim1 = 0 : i64, dim2 = 2 : i64} : (tensor<2x3xf32>) -> tensor<4x2x4xf32>
    "ir.return"(%e) : (tensor<4x2x4xf32>) -> ()
  }) {sym_name = "diag_embed"} : () -> ()
}) : () -> ()

// -----

// diagflat embeds the flattened tensor.
// CHECK:      %0 = "aten.reshape.default"(%x) {arg_names = ["self"], shape = array<i64: 4>} : (tensor<2x2xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xi64>) -> tensor<4x1xi64>
// CHECK-NEXT: %3 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%3) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xi64>) -> tensor<1x4xi64>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%4, %2) {arg_names = ["self", "other"]} : (tensor<1x4xi64>, tensor<4x1xi64>) -> tensor<4x4xi64>
// CHECK-NEXT: %6 = "aten.eq.Scalar"(%5) {arg_names = ["self"], other = 0 : i64} : (tensor<4x4xi64>) -> tensor<4x4xi1>
// CHECK-NEXT: %7 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 1 : i64} : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: %e = "aten.where.ScalarOther"(%6, %7) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<4x4xi1>, tensor<4x1xf32>) -> tensor<4x4xf32>
// CHECK-LABEL: }) {sym_name = "diagflat"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x2xf32>):
    %e = "aten.diagflat.default"(%x) {arg_names = ["self"]} : (tensor<2x2xf32>) -> tensor<4x4xf32>
    "ir.return"(%e) : (tensor<4x4xf32>) -> ()
  }) {sym_name = "diagflat"} : () -> ()
}) : () -> ()

// -----

// diagonal_scatter: self permuted so its matrix is last, src placed on the
// diagonal with aten.where, permuted back.
// CHECK:      %0 = "aten.permute.default"(%x) {arg_names = ["self"], dims = array<i64: 1, 0, 2>} : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %1 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 3 : i64} : () -> tensor<3xi64>
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 1 : i64} : (tensor<3xi64>) -> tensor<3x1xi64>
// CHECK-NEXT: %3 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%3) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xi64>) -> tensor<1x4xi64>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%4, %2) {arg_names = ["self", "other"]} : (tensor<1x4xi64>, tensor<3x1xi64>) -> tensor<3x4xi64>
// CHECK-NEXT: %6 = "aten.eq.Scalar"(%5) {arg_names = ["self"], other = 1 : i64} : (tensor<3x4xi64>) -> tensor<3x4xi1>
// CHECK-NEXT: %7 = "aten.unsqueeze.default"(%s) {arg_names = ["self"], dim = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %8 = "aten.where.self"(%6, %7, %0) {arg_names = ["condition", "self", "other"]} : (tensor<3x4xi1>, tensor<2x3x1xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %e = "aten.permute.default"(%8) {arg_names = ["self"], dims = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
// CHECK-LABEL: }) {sym_name = "diagonal_scatter"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x2x4xf32>, %s: tensor<2x3xf32>):
    %e = "aten.diagonal_scatter.default"(%x, %s) {arg_names = ["self", "src"], offset = 1 : i64, dim1 = 0 : i64, dim2 = 2 : i64} : (tensor<3x2x4xf32>, tensor<2x3xf32>) -> tensor<3x2x4xf32>
    "ir.return"(%e) : (tensor<3x2x4xf32>) -> ()
  }) {sym_name = "diagonal_scatter"} : () -> ()
}) : () -> ()

// -----

// trace sums the main diagonal (an int32 one in int64, as the result
// says); eye is the mask of diagonal 0 in the result's dtype.
// CHECK:      %0 = "aten.diagonal.default"(%x) {arg_names = ["self"], dim1 = 0 : i64, dim2 = 1 : i64, offset = 0 : i64} : (tensor<3x4xi32>) -> tensor<3xi32>
// CHECK-NEXT: %t = "aten.sum.default"(%0) {arg_names = ["self"]} : (tensor<3xi32>) -> tensor<i64>
// CHECK-NEXT: %1 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 2 : i64} : () -> tensor<2xi64>
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 1 : i64} : (tensor<2xi64>) -> tensor<2x1xi64>
// CHECK-NEXT: %3 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 3 : i64} : () -> tensor<3xi64>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%3) {arg_names = ["self"], dim = 0 : i64} : (tensor<3xi64>) -> tensor<1x3xi64>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%4, %2) {arg_names = ["self", "other"]} : (tensor<1x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %6 = "aten.eq.Scalar"(%5) {arg_names = ["self"], other = 0 : i64} : (tensor<2x3xi64>) -> tensor<2x3xi1>
// CHECK-NEXT: %e = "aten._to_copy.default"(%6) {arg_names = ["self"], dtype = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "trace_eye"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x4xi32>):
    %t = "aten.trace.default"(%x) {arg_names = ["self"]} : (tensor<3x4xi32>) -> tensor<i64>
    %e = "aten.eye.m"() {n = 2 : i64, m = 3 : i64, dtype = f32} : () -> tensor<2x3xf32>
    "ir.return"(%t, %e) : (tensor<i64>, tensor<2x3xf32>) -> ()
  }) {sym_name = "trace_eye"} : () -> ()
}) : () -> ()

// -----

// eye of a SymInt size counts to it; a bool eye is the mask (an alias
// gives it the type recorded for the result).
// CHECK:      %n = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x3xf32, "s0">) -> !torch.symint<"s0">
// CHECK-NEXT: %0 = "aten.arange.default"(%n) {arg_names = ["end"], dtype = i64} : (!torch.symint<"s0">) -> tensor<?xi64, "max(s0, 0)">
// CHECK-NEXT: %1 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 1 : i64} : (tensor<?xi64, "max(s0, 0)">) -> tensor<?x1xi64, "max(s0, 0)">
// CHECK-NEXT: %2 = "aten.arange.default"(%n) {arg_names = ["end"], dtype = i64} : (!torch.symint<"s0">) -> tensor<?xi64, "max(s0, 0)">
// CHECK-NEXT: %3 = "aten.unsqueeze.default"(%2) {arg_names = ["self"], dim = 0 : i64} : (tensor<?xi64, "max(s0, 0)">) -> tensor<1x?xi64, "max(s0, 0)">
// CHECK-NEXT: %4 = "aten.sub.Tensor"(%3, %1) {arg_names = ["self", "other"]} : (tensor<1x?xi64, "max(s0, 0)">, tensor<?x1xi64, "max(s0, 0)">) -> tensor<?x?xi64, "max(s0, 0), max(s0, 0)">
// CHECK-NEXT: %5 = "aten.eq.Scalar"(%4) {arg_names = ["self"], other = 0 : i64} : (tensor<?x?xi64, "max(s0, 0), max(s0, 0)">) -> tensor<?x?xi1, "max(s0, 0), max(s0, 0)">
// CHECK-NEXT: %e = "aten.alias.default"(%5) {arg_names = ["self"]} : (tensor<?x?xi1, "max(s0, 0), max(s0, 0)">) -> tensor<?x?xi1, "s0, s0">
// CHECK-LABEL: }) {sym_name = "eye_symint"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x3xf32, "s0">):
    %n = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x3xf32, "s0">) -> !torch.symint<"s0">
    %e = "aten.eye.default"(%n) {arg_names = ["n"], dtype = i1} : (!torch.symint<"s0">) -> tensor<?x?xi1, "s0, s0">
    "ir.return"(%e) : (tensor<?x?xi1, "s0, s0">) -> ()
  }) {sym_name = "eye_symint"} : () -> ()
}) : () -> ()

// -----

// diag_embed of a last dim that is not static counts to the size of the
// padded values.
// CHECK:      %0 = "aten.constant_pad_nd.default"(%y) {arg_names = ["self"], pad = array<i64: 0, 1>} : (tensor<3x?xf32, "s1">) -> tensor<3x?xf32, "s1 + 1">
// CHECK-NEXT: %1 = "aten.sym_size.int"(%0) {arg_names = ["self"], dim = 1 : i64} : (tensor<3x?xf32, "s1 + 1">) -> !torch.symint<"s1 + 1">
// CHECK-NEXT: %2 = "aten.arange.default"(%1) {arg_names = ["end"], dtype = i64} : (!torch.symint<"s1 + 1">) -> tensor<?xi64, "max(s1 + 1, 0)">
// CHECK-NEXT: %3 = "aten.unsqueeze.default"(%2) {arg_names = ["self"], dim = 1 : i64} : (tensor<?xi64, "max(s1 + 1, 0)">) -> tensor<?x1xi64, "max(s1 + 1, 0)">
// CHECK-NEXT: %4 = "aten.arange.default"(%1) {arg_names = ["end"], dtype = i64} : (!torch.symint<"s1 + 1">) -> tensor<?xi64, "max(s1 + 1, 0)">
// CHECK-NEXT: %5 = "aten.unsqueeze.default"(%4) {arg_names = ["self"], dim = 0 : i64} : (tensor<?xi64, "max(s1 + 1, 0)">) -> tensor<1x?xi64, "max(s1 + 1, 0)">
// CHECK-NEXT: %6 = "aten.sub.Tensor"(%5, %3) {arg_names = ["self", "other"]} : (tensor<1x?xi64, "max(s1 + 1, 0)">, tensor<?x1xi64, "max(s1 + 1, 0)">) -> tensor<?x?xi64, "max(s1 + 1, 0), max(s1 + 1, 0)">
// CHECK-NEXT: %7 = "aten.eq.Scalar"(%6) {arg_names = ["self"], other = 1 : i64} : (tensor<?x?xi64, "max(s1 + 1, 0), max(s1 + 1, 0)">) -> tensor<?x?xi1, "max(s1 + 1, 0), max(s1 + 1, 0)">
// CHECK-NEXT: %8 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 2 : i64} : (tensor<3x?xf32, "s1 + 1">) -> tensor<3x?x1xf32, "s1 + 1">
// CHECK-NEXT: %e = "aten.where.ScalarOther"(%7, %8) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<?x?xi1, "max(s1 + 1, 0), max(s1 + 1, 0)">, tensor<3x?x1xf32, "s1 + 1">) -> tensor<3x?x?xf32, "s1 + 1, s1 + 1">
// CHECK-LABEL: }) {sym_name = "diag_embed_dynamic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<3x?xf32, "s1">):
    %e = "aten.diag_embed.default"(%y) {arg_names = ["self"], offset = 1 : i64} : (tensor<3x?xf32, "s1">) -> tensor<3x?x?xf32, "s1 + 1, s1 + 1">
    "ir.return"(%e) : (tensor<3x?x?xf32, "s1 + 1, s1 + 1">) -> ()
  }) {sym_name = "diag_embed_dynamic"} : () -> ()
}) : () -> ()

// -----

// trace of sizes that are not static sums the matrix under the mask.
// CHECK:      %0 = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x4xf32, "s0">) -> !torch.symint<"s0">
// CHECK-NEXT: %1 = "aten.arange.default"(%0) {arg_names = ["end"], dtype = i64} : (!torch.symint<"s0">) -> tensor<?xi64, "max(s0, 0)">
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%1) {arg_names = ["self"], dim = 1 : i64} : (tensor<?xi64, "max(s0, 0)">) -> tensor<?x1xi64, "max(s0, 0)">
// CHECK-NEXT: %3 = "aten.arange.default"() {arg_names = [], dtype = i64, end = 4 : i64} : () -> tensor<4xi64>
// CHECK-NEXT: %4 = "aten.unsqueeze.default"(%3) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xi64>) -> tensor<1x4xi64>
// CHECK-NEXT: %5 = "aten.sub.Tensor"(%4, %2) {arg_names = ["self", "other"]} : (tensor<1x4xi64>, tensor<?x1xi64, "max(s0, 0)">) -> tensor<?x4xi64, "max(s0, 0)">
// CHECK-NEXT: %6 = "aten.eq.Scalar"(%5) {arg_names = ["self"], other = 0 : i64} : (tensor<?x4xi64, "max(s0, 0)">) -> tensor<?x4xi1, "max(s0, 0)">
// CHECK-NEXT: %7 = "aten.where.ScalarOther"(%6, %x) {arg_names = ["condition", "self"], other = 0 : i64} : (tensor<?x4xi1, "max(s0, 0)">, tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "?">
// CHECK-NEXT: %t = "aten.sum.default"(%7) {arg_names = ["self"]} : (tensor<?x4xf32, "?">) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "trace_dynamic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">):
    %t = "aten.trace.default"(%x) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<f32>
    "ir.return"(%t) : (tensor<f32>) -> ()
  }) {sym_name = "trace_dynamic"} : () -> ()
}) : () -> ()

// -----

// Other sizes of matrix dims that are not static leave the ops alone.
// CHECK:      %d = "aten.diag.default"(%x) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?xf32, "min(s0, 4)">
// CHECK-NEXT: %f = "aten.diagflat.default"(%y) {arg_names = ["self"]} : (tensor<3x?xf32, "s1">) -> tensor<?x?xf32, "3*s1, 3*s1">
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.diag.default on aten.diag.default %d: the sizes of `self` are not static
// TRACE: pattern aten.diagflat.default on aten.diagflat.default %f: the sizes of `self` are not static
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">, %y: tensor<3x?xf32, "s1">):
    %d = "aten.diag.default"(%x) {arg_names = ["self"]} : (tensor<?x4xf32, "s0">) -> tensor<?xf32, "min(s0, 4)">
    %f = "aten.diagflat.default"(%y) {arg_names = ["self"]} : (tensor<3x?xf32, "s1">) -> tensor<?x?xf32, "3*s1, 3*s1">
    "ir.return"(%d, %f) : (tensor<?xf32, "min(s0, 4)">, tensor<?x?xf32, "3*s1, 3*s1">) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
