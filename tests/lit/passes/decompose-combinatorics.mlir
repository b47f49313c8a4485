// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// block_diag: a scalar is [1, 1] and a vector a row; each block is cast to
// the result's dtype and padded to the total width, the rows concatenated.
// CHECK:      %0 = "aten.constant_pad_nd.default"(%a) {arg_names = ["self"], pad = array<i64: 0, 4>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %1 = "aten._to_copy.default"(%s) {arg_names = ["self"], dtype = f32} : (tensor<i64>) -> tensor<f32>
// CHECK-NEXT: %2 = "aten.reshape.default"(%1) {arg_names = ["self"], shape = array<i64: 1, 1>} : (tensor<f32>) -> tensor<1x1xf32>
// CHECK-NEXT: %3 = "aten.constant_pad_nd.default"(%2) {arg_names = ["self"], pad = array<i64: 2, 3>} : (tensor<1x1xf32>) -> tensor<1x6xf32>
// CHECK-NEXT: %4 = "aten.reshape.default"(%v) {arg_names = ["self"], shape = array<i64: 1, 3>} : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %5 = "aten.constant_pad_nd.default"(%4) {arg_names = ["self"], pad = array<i64: 3, 0>} : (tensor<1x3xf32>) -> tensor<1x6xf32>
// CHECK-NEXT: %b = "aten.cat.default"(%0, %3, %5) {arg_names = ["tensors", "tensors", "tensors"], dim = 0 : i64} : (tensor<2x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>
// CHECK-LABEL: }) {sym_name = "block_diag"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x2xf32>, %s: tensor<i64>, %v: tensor<3xf32>):
    %b = "aten.block_diag.default"(%a, %s, %v) {arg_names = ["tensors", "tensors", "tensors"]} : (tensor<2x2xf32>, tensor<i64>, tensor<3xf32>) -> tensor<4x6xf32>
    "ir.return"(%b) : (tensor<4x6xf32>) -> ()
  }) {sym_name = "block_diag"} : () -> ()
}) : () -> ()

// -----

// cartesian_prod spreads each vector over its dim of the grid and stacks
// the flattened grids as columns.
// CHECK:      %0 = "aten.reshape.default"(%a) {arg_names = ["self"], shape = array<i64: 2, 1>} : (tensor<2xi64>) -> tensor<2x1xi64>
// CHECK-NEXT: %1 = "aten.expand.default"(%0) {arg_names = ["self"], size = array<i64: 2, 3>} : (tensor<2x1xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %2 = "aten.reshape.default"(%1) {arg_names = ["self"], shape = array<i64: 6>} : (tensor<2x3xi64>) -> tensor<6xi64>
// CHECK-NEXT: %3 = "aten.reshape.default"(%b) {arg_names = ["self"], shape = array<i64: 1, 3>} : (tensor<3xi64>) -> tensor<1x3xi64>
// CHECK-NEXT: %4 = "aten.expand.default"(%3) {arg_names = ["self"], size = array<i64: 2, 3>} : (tensor<1x3xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %5 = "aten.reshape.default"(%4) {arg_names = ["self"], shape = array<i64: 6>} : (tensor<2x3xi64>) -> tensor<6xi64>
// CHECK-NEXT: %c = "aten.stack.default"(%2, %5) {arg_names = ["tensors", "tensors"], dim = 1 : i64} : (tensor<6xi64>, tensor<6xi64>) -> tensor<6x2xi64>
// CHECK-LABEL: }) {sym_name = "cartesian_prod"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2xi64>, %b: tensor<3xi64>):
    %c = "aten.cartesian_prod.default"(%a, %b) {arg_names = ["tensors", "tensors"]} : (tensor<2xi64>, tensor<3xi64>) -> tensor<6x2xi64>
    "ir.return"(%c) : (tensor<6x2xi64>) -> ()
  }) {sym_name = "cartesian_prod"} : () -> ()
}) : () -> ()

// -----

// combinations of 3 elements: (0, 1), (0, 2), (1, 2), and with replacement
// (0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2).
// CHECK:      %0 = "ir.constant"() {value = dense<[0, 1, 0, 2, 1, 2]> : tensor<6xi64>} : () -> tensor<6xi64>
// CHECK-NEXT: %1 = "aten.index_select.default"(%x, %0) {arg_names = ["self", "index"], dim = 0 : i64} : (tensor<3xf32>, tensor<6xi64>) -> tensor<6xf32>
// CHECK-NEXT: %c = "aten.reshape.default"(%1) {arg_names = ["self"], shape = array<i64: 3, 2>} : (tensor<6xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %2 = "ir.constant"() {value = dense<[0, 0, 0, 1, 0, 2, 1, 1, 1, 2, 2, 2]> : tensor<12xi64>} : () -> tensor<12xi64>
// CHECK-NEXT: %3 = "aten.index_select.default"(%x, %2) {arg_names = ["self", "index"], dim = 0 : i64} : (tensor<3xf32>, tensor<12xi64>) -> tensor<12xf32>
// CHECK-NEXT: %r = "aten.reshape.default"(%3) {arg_names = ["self"], shape = array<i64: 6, 2>} : (tensor<12xf32>) -> tensor<6x2xf32>
// CHECK-LABEL: }) {sym_name = "combinations"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xf32>):
    %c = "aten.combinations.default"(%x) {arg_names = ["self"]} : (tensor<3xf32>) -> tensor<3x2xf32>
    %r = "aten.combinations.default"(%x) {arg_names = ["self"], with_replacement = true} : (tensor<3xf32>) -> tensor<6x2xf32>
    "ir.return"(%c, %r) : (tensor<3x2xf32>, tensor<6x2xf32>) -> ()
  }) {sym_name = "combinations"} : () -> ()
}) : () -> ()

// -----

// linalg_vander: ones, then the cumulative product of N - 1 copies of x,
// along a new last dim.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %1 = "aten.expand.default"(%0) {arg_names = ["self"], size = array<i64: -1, -1, 3>} : (tensor<2x3x1xf32>) -> tensor<2x3x3xf32>
// CHECK-NEXT: %2 = "aten.cumprod.default"(%1) {arg_names = ["self"], dim = -1 : i64} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-NEXT: %3 = "aten.ones_like.default"(%0) {arg_names = ["self"]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %v = "aten.cat.default"(%3, %2) {arg_names = ["tensors", "tensors"], dim = -1 : i64} : (tensor<2x3x1xf32>, tensor<2x3x3xf32>) -> tensor<2x3x4xf32>
// CHECK-LABEL: }) {sym_name = "vander"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %v = "aten.linalg_vander.default"(%x) {arg_names = ["x"], N = 4 : i64} : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
    "ir.return"(%v) : (tensor<2x3x4xf32>) -> ()
  }) {sym_name = "vander"} : () -> ()
}) : () -> ()

// -----

// linalg_vander of int32 is int64 (torch's cumprod promotes): x is cast
// first.
// CHECK:      %0 = "aten.unsqueeze.default"(%x) {arg_names = ["self"], dim = 1 : i64} : (tensor<3xi32>) -> tensor<3x1xi32>
// CHECK-NEXT: %1 = "aten._to_copy.default"(%0) {arg_names = ["self"], dtype = i64} : (tensor<3x1xi32>) -> tensor<3x1xi64>
// CHECK-NEXT: %2 = "aten.expand.default"(%1) {arg_names = ["self"], size = array<i64: -1, 1>} : (tensor<3x1xi64>) -> tensor<3x1xi64>
// CHECK-NEXT: %3 = "aten.cumprod.default"(%2) {arg_names = ["self"], dim = -1 : i64} : (tensor<3x1xi64>) -> tensor<3x1xi64>
// CHECK-NEXT: %4 = "aten.ones_like.default"(%1) {arg_names = ["self"]} : (tensor<3x1xi64>) -> tensor<3x1xi64>
// CHECK-NEXT: %v = "aten.cat.default"(%4, %3) {arg_names = ["tensors", "tensors"], dim = -1 : i64} : (tensor<3x1xi64>, tensor<3x1xi64>) -> tensor<3x2xi64>
// CHECK-LABEL: }) {sym_name = "vander_int32"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi32>):
    %v = "aten.linalg_vander.default"(%x) {arg_names = ["x"], N = 2 : i64} : (tensor<3xi32>) -> tensor<3x2xi64>
    "ir.return"(%v) : (tensor<3x2xi64>) -> ()
  }) {sym_name = "vander_int32"} : () -> ()
}) : () -> ()

// -----

// vander: the same powers of a vector, an integral one in int64, flipped to
// decrease unless increasing; tril_indices and triu_indices are constants.
// CHECK:      %0 = "aten._to_copy.default"(%x) {arg_names = ["self"], dtype = i64} : (tensor<3xi8>) -> tensor<3xi64>
// CHECK-NEXT: %1 = "aten.unsqueeze.default"(%0) {arg_names = ["self"], dim = 1 : i64} : (tensor<3xi64>) -> tensor<3x1xi64>
// CHECK-NEXT: %2 = "aten.expand.default"(%1) {arg_names = ["self"], size = array<i64: -1, 2>} : (tensor<3x1xi64>) -> tensor<3x2xi64>
// CHECK-NEXT: %3 = "aten.cumprod.default"(%2) {arg_names = ["self"], dim = -1 : i64} : (tensor<3x2xi64>) -> tensor<3x2xi64>
// CHECK-NEXT: %4 = "aten.ones_like.default"(%1) {arg_names = ["self"]} : (tensor<3x1xi64>) -> tensor<3x1xi64>
// CHECK-NEXT: %5 = "aten.cat.default"(%4, %3) {arg_names = ["tensors", "tensors"], dim = -1 : i64} : (tensor<3x1xi64>, tensor<3x2xi64>) -> tensor<3x3xi64>
// CHECK-NEXT: %v = "aten.flip.default"(%5) {arg_names = ["self"], dims = array<i64: 1>} : (tensor<3x3xi64>) -> tensor<3x3xi64>
// CHECK-NEXT: %l = "ir.constant"() {value = dense<{{\[\[}}0, 1, 1, 2, 2], [0, 0, 1, 0, 1]]> : tensor<2x5xi64>} : () -> tensor<2x5xi64>
// CHECK-NEXT: %u = "ir.constant"() {value = dense<{{\[\[}}0, 0, 1], [1, 2, 2]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
// CHECK-LABEL: }) {sym_name = "vander_indices"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3xi8>):
    %v = "aten.vander.default"(%x) {arg_names = ["x"]} : (tensor<3xi8>) -> tensor<3x3xi64>
    %l = "aten.tril_indices.default"() {row = 3 : i64, col = 2 : i64} : () -> tensor<2x5xi64>
    %u = "aten.triu_indices.default"() {row = 2 : i64, col = 3 : i64, offset = 1 : i64, dtype = i32} : () -> tensor<2x3xi32>
    "ir.return"(%v, %l, %u) : (tensor<3x3xi64>, tensor<2x5xi64>, tensor<2x3xi32>) -> ()
  }) {sym_name = "vander_indices"} : () -> ()
}) : () -> ()

// -----

// Results without elements are zeros of their shape (ONNX Runtime's Expand
// and Scan mishandle some empty tensors): no combinations, of r = 0 or of
// more elements than there are, a product with an empty vector, the powers
// of an empty vector.
// CHECK:      %c = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0>} : () -> tensor<0xf32>
// CHECK-NEXT: %d = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0, 2>} : () -> tensor<0x2xf32>
// CHECK-NEXT: %p = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0, 2>} : () -> tensor<0x2xf32>
// CHECK-NEXT: %v = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0, 3>} : () -> tensor<0x3xf32>
// CHECK-LABEL: }) {sym_name = "no_combinations"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1xf32>, %e: tensor<0xf32>):
    %c = "aten.combinations.default"(%x) {arg_names = ["self"], r = 0 : i64} : (tensor<1xf32>) -> tensor<0xf32>
    %d = "aten.combinations.default"(%x) {arg_names = ["self"]} : (tensor<1xf32>) -> tensor<0x2xf32>
    %p = "aten.cartesian_prod.default"(%e, %x) {arg_names = ["tensors", "tensors"]} : (tensor<0xf32>, tensor<1xf32>) -> tensor<0x2xf32>
    %v = "aten.linalg_vander.default"(%e) {arg_names = ["x"], N = 3 : i64} : (tensor<0xf32>) -> tensor<0x3xf32>
    "ir.return"(%c, %d, %p, %v) : (tensor<0xf32>, tensor<0x2xf32>, tensor<0x2xf32>, tensor<0x3xf32>) -> ()
  }) {sym_name = "no_combinations"} : () -> ()
}) : () -> ()

// -----

// A block of more than two dims, combinations of a vector of dynamic size
// and a Vandermonde matrix of dynamic width stay.
// CHECK:      %b = "aten.block_diag.default"(%a) {arg_names = ["tensors"]} : (tensor<1x2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %c = "aten.combinations.default"(%d) {arg_names = ["self"]} : (tensor<?xf32, "s0">) -> tensor<?x2xf32, "?">
// CHECK-NEXT: %v = "aten.linalg_vander.default"(%d) {arg_names = ["x"]} : (tensor<?xf32, "s0">) -> tensor<?x?xf32, "s0, s0">
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.block_diag.default on aten.block_diag.default %b: a tensor has more than two dims
// TRACE: pattern aten.combinations.default on aten.combinations.default %c: `self` is not a vector of static size
// TRACE: pattern aten.linalg_vander.default on aten.linalg_vander.default %v: the number of columns is not static
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<1x2x2xf32>, %d: tensor<?xf32, "s0">):
    %b = "aten.block_diag.default"(%a) {arg_names = ["tensors"]} : (tensor<1x2x2xf32>) -> tensor<2x2xf32>
    %c = "aten.combinations.default"(%d) {arg_names = ["self"]} : (tensor<?xf32, "s0">) -> tensor<?x2xf32, "?">
    %v = "aten.linalg_vander.default"(%d) {arg_names = ["x"]} : (tensor<?xf32, "s0">) -> tensor<?x?xf32, "s0, s0">
    "ir.return"(%b, %c, %v) : (tensor<2x2xf32>, tensor<?x2xf32, "?">, tensor<?x?xf32, "s0, s0">) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
