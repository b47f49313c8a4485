// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// linalg_vecdot multiplies and sums along dim; vdot is dot of real vectors.
// CHECK:      %0 = "aten.mul.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %v = "aten.sum.dim_IntList"(%0) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %d = "aten.dot.default"(%y, %y) {arg_names = ["self", "tensor"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "vecdot"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<3xf32>):
    %v = "aten.linalg_vecdot.default"(%x, %y) {arg_names = ["x", "y"]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
    %d = "aten.vdot.default"(%y, %y) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
    "ir.return"(%v, %d) : (tensor<2xf32>, tensor<f32>) -> ()
  }) {sym_name = "vecdot"} : () -> ()
}) : () -> ()

// -----

// inner contracts the last dims (a product with a scalar); tensordot the
// dims given, free dims of self first.
// CHECK:      %i = "aten.einsum.default"(%a, %b) {arg_names = ["tensors", "tensors"], equation = "ba,cda->bcd"} : (tensor<2x3xf32>, tensor<4x5x3xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: %k = "aten.mul.Tensor"(%s, %a) {arg_names = ["self", "other"]} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %t = "aten.einsum.default"(%b, %a) {arg_names = ["tensors", "tensors"], equation = "bca,ba->c"} : (tensor<4x5x3xf32>, tensor<2x3xf32>) -> tensor<5xf32>
// CHECK-LABEL: }) {sym_name = "contractions"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<4x5x3xf32>, %s: tensor<f32>):
    %i = "aten.inner.default"(%a, %b) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<4x5x3xf32>) -> tensor<2x4x5xf32>
    %k = "aten.inner.default"(%s, %a) {arg_names = ["self", "other"]} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %t = "aten.tensordot.default"(%b, %a) {arg_names = ["self", "other"], dims_self = array<i64: 2, 0>, dims_other = array<i64: 1, -2>} : (tensor<4x5x3xf32>, tensor<2x3xf32>) -> tensor<5xf32>
    "ir.return"(%i, %k, %t) : (tensor<2x4x5xf32>, tensor<2x3xf32>, tensor<5xf32>) -> ()
  }) {sym_name = "contractions"} : () -> ()
}) : () -> ()

// -----

// kron: self [2, 1, 3, 1], other [1, 1, 1, 4] after a leading unit dim,
// multiplied and reshaped to [2, 12].
// CHECK:      %0 = "aten.reshape.default"(%a) {arg_names = ["self"], shape = array<i64: 2, 1, 3, 1>} : (tensor<2x3xf32>) -> tensor<2x1x3x1xf32>
// CHECK-NEXT: %1 = "aten.reshape.default"(%b) {arg_names = ["self"], shape = array<i64: 1, 1, 1, 4>} : (tensor<4xf32>) -> tensor<1x1x1x4xf32>
// CHECK-NEXT: %2 = "aten.mul.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<2x1x3x1xf32>, tensor<1x1x1x4xf32>) -> tensor<2x1x3x4xf32>
// CHECK-NEXT: %k = "aten.reshape.default"(%2) {arg_names = ["self"], shape = array<i64: 2, 12>} : (tensor<2x1x3x4xf32>) -> tensor<2x12xf32>
// CHECK-LABEL: }) {sym_name = "kron"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<4xf32>):
    %k = "aten.kron.default"(%a, %b) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x12xf32>
    "ir.return"(%k) : (tensor<2x12xf32>) -> ()
  }) {sym_name = "kron"} : () -> ()
}) : () -> ()

// -----

// multi_dot and chain_matmul multiply left to right; bilinear is one einsum
// and the bias.
// CHECK:      %0 = "aten.matmul.default"(%v, %m) {arg_names = ["self", "other"]} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %d = "aten.matmul.default"(%0, %n) {arg_names = ["self", "other"]} : (tensor<4xf32>, tensor<4x2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %c = "aten.matmul.default"(%m, %n) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %1 = "aten.einsum.default"(%x1, %w, %x2) {arg_names = ["tensors", "tensors", "tensors"], equation = "da,cab,db->dc"} : (tensor<5x3xf32>, tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<5x2xf32>
// CHECK-NEXT: %b = "aten.add.Tensor"(%1, %bias) {arg_names = ["self", "other"]} : (tensor<5x2xf32>, tensor<2xf32>) -> tensor<5x2xf32>
// CHECK-LABEL: }) {sym_name = "multi_dot_bilinear"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%v: tensor<3xf32>, %m: tensor<3x4xf32>, %n: tensor<4x2xf32>, %x1: tensor<5x3xf32>, %x2: tensor<5x4xf32>, %w: tensor<2x3x4xf32>, %bias: tensor<2xf32>):
    %d = "aten.linalg_multi_dot.default"(%v, %m, %n) {arg_names = ["tensors", "tensors", "tensors"]} : (tensor<3xf32>, tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<2xf32>
    %c = "aten.chain_matmul.default"(%m, %n) {arg_names = ["matrices", "matrices"]} : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
    %b = "aten.bilinear.default"(%x1, %x2, %w, %bias) {arg_names = ["input1", "input2", "weight", "bias"]} : (tensor<5x3xf32>, tensor<5x4xf32>, tensor<2x3x4xf32>, tensor<2xf32>) -> tensor<5x2xf32>
    "ir.return"(%d, %c, %b) : (tensor<2xf32>, tensor<3x2xf32>, tensor<5x2xf32>) -> ()
  }) {sym_name = "multi_dot_bilinear"} : () -> ()
}) : () -> ()

// -----

// addmv with beta = 0 leaves self out; addr scales both; addbmm sums the
// batch of products.
// CHECK:      %0 = "aten.matmul.default"(%mat, %vec) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
// CHECK-NEXT: %mv = "aten.mul.Scalar"(%0) {arg_names = ["self"], other = 2.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %1 = "aten.unsqueeze.default"(%self) {arg_names = ["self"], dim = 1 : i64} : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT: %2 = "aten.unsqueeze.default"(%vec) {arg_names = ["self"], dim = 0 : i64} : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %3 = "aten.mul.Tensor"(%1, %2) {arg_names = ["self", "other"]} : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %4 = "aten.mul.Scalar"(%3) {arg_names = ["self"], other = 2.0 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %5 = "aten.mul.Scalar"(%s2) {arg_names = ["self"], other = 0.5 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %r = "aten.add.Tensor"(%5, %4) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %6 = "aten.bmm.default"(%b1, %b2) {arg_names = ["self", "mat2"]} : (tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %7 = "aten.sum.dim_IntList"(%6) {arg_names = ["self"], dim = array<i64: 0>} : (tensor<2x3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %bmm = "aten.add.Tensor"(%s2, %7) {arg_names = ["self", "other"]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-LABEL: }) {sym_name = "add_products"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%self: tensor<3xf32>, %mat: tensor<3x4xf32>, %vec: tensor<4xf32>, %s2: tensor<3x4xf32>, %b1: tensor<2x3x5xf32>, %b2: tensor<2x5x4xf32>):
    %mv = "aten.addmv.default"(%self, %mat, %vec) {arg_names = ["self", "mat", "vec"], beta = 0 : i64, alpha = 2.0 : f64} : (tensor<3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
    %r = "aten.addr.default"(%s2, %self, %vec) {arg_names = ["self", "vec1", "vec2"], beta = 0.5 : f64, alpha = 2.0 : f64} : (tensor<3x4xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<3x4xf32>
    %bmm = "aten.addbmm.default"(%s2, %b1, %b2) {arg_names = ["self", "batch1", "batch2"]} : (tensor<3x4xf32>, tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<3x4xf32>
    "ir.return"(%mv, %r, %bmm) : (tensor<3xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> ()
  }) {sym_name = "add_products"} : () -> ()
}) : () -> ()

// -----

// cross along the first dim of size 3 when dim is None (linalg_cross along
// dim): rolled copies multiplied crosswise.
// CHECK:      %0 = "aten.roll.default"(%a) {arg_names = ["self"], dims = array<i64: 1>, shifts = array<i64: -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = "aten.roll.default"(%b) {arg_names = ["self"], dims = array<i64: 1>, shifts = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = "aten.mul.Tensor"(%0, %1) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %3 = "aten.roll.default"(%a) {arg_names = ["self"], dims = array<i64: 1>, shifts = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = "aten.roll.default"(%b) {arg_names = ["self"], dims = array<i64: 1>, shifts = array<i64: -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %5 = "aten.mul.Tensor"(%3, %4) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %c = "aten.sub.Tensor"(%2, %5) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "cross"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>):
    %c = "aten.cross.default"(%a, %b) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%c) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "cross"} : () -> ()
}) : () -> ()

// -----

// ONNX Runtime's Einsum fails on empty operands: a product with a dim of
// size zero is zeros of the result's shape.
// CHECK:      %b = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 0, 2>} : () -> tensor<0x2xf32>
// CHECK-NEXT: %i = "aten.zeros.default"() {arg_names = [], dtype = f32, size = array<i64: 2, 2>} : () -> tensor<2x2xf32>
// CHECK-LABEL: }) {sym_name = "empty"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x1: tensor<0x3xf32>, %x2: tensor<0x4xf32>, %w: tensor<2x3x4xf32>, %a: tensor<2x0xf32>):
    %b = "aten.bilinear.default"(%x1, %x2, %w) {arg_names = ["input1", "input2", "weight"]} : (tensor<0x3xf32>, tensor<0x4xf32>, tensor<2x3x4xf32>) -> tensor<0x2xf32>
    %i = "aten.inner.default"(%a, %a) {arg_names = ["self", "other"]} : (tensor<2x0xf32>, tensor<2x0xf32>) -> tensor<2x2xf32>
    "ir.return"(%b, %i) : (tensor<0x2xf32>, tensor<2x2xf32>) -> ()
  }) {sym_name = "empty"} : () -> ()
}) : () -> ()

// -----

// Bool add products (logical in torch), a cross product along a dim not of
// size 3 and a kron of dynamic shape stay.
// CHECK:      %r = "aten.addr.default"(%s, %v1, %v2) {arg_names = ["self", "vec1", "vec2"]} : (tensor<3x4xi1>, tensor<3xi1>, tensor<4xi1>) -> tensor<3x4xi1>
// CHECK-NEXT: %c = "aten.linalg_cross.default"(%a, %a) {arg_names = ["self", "other"], dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %k = "aten.kron.default"(%d, %d) {arg_names = ["self", "other"]} : (tensor<?xf32, "s0">, tensor<?xf32, "s0">) -> tensor<?xf32, "s0**2">
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.addr.default on aten.addr.default %r: the result is bool or complex
// TRACE: pattern aten.linalg_cross.default on aten.linalg_cross.default %c: the dim of the product is not of size 3 in both
// TRACE: pattern aten.kron.default on aten.kron.default %k: `self` or `other` is not a real tensor of static shape
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%s: tensor<3x4xi1>, %v1: tensor<3xi1>, %v2: tensor<4xi1>, %a: tensor<2x3xf32>, %d: tensor<?xf32, "s0">):
    %r = "aten.addr.default"(%s, %v1, %v2) {arg_names = ["self", "vec1", "vec2"]} : (tensor<3x4xi1>, tensor<3xi1>, tensor<4xi1>) -> tensor<3x4xi1>
    %c = "aten.linalg_cross.default"(%a, %a) {arg_names = ["self", "other"], dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %k = "aten.kron.default"(%d, %d) {arg_names = ["self", "other"]} : (tensor<?xf32, "s0">, tensor<?xf32, "s0">) -> tensor<?xf32, "s0*s0">
    "ir.return"(%r, %c, %k) : (tensor<3x4xi1>, tensor<2x3xf32>, tensor<?xf32, "s0*s0">) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()

// -----

// float16 addbmm adds one batch at a time in float32 and rounds to float16
// after each, as torch's kernel does; beta scales self in the first step only.
// CHECK:      %[[B1:.*]] = "aten._to_copy.default"(%b1) {arg_names = ["self"], dtype = f32}
// CHECK-NEXT: %[[B2:.*]] = "aten._to_copy.default"(%b2) {arg_names = ["self"], dtype = f32}
// CHECK-NEXT: %[[L0:.*]] = "aten.select.int"(%[[B1]]) {arg_names = ["self"], dim = 0 : i64, index = 0 : i64}
// CHECK-NEXT: %[[R0:.*]] = "aten.select.int"(%[[B2]]) {arg_names = ["self"], dim = 0 : i64, index = 0 : i64}
// CHECK-NEXT: %[[P0:.*]] = "aten.mm.default"(%[[L0]], %[[R0]])
// CHECK-NEXT: %[[M:.*]] = "aten._to_copy.default"(%m) {arg_names = ["self"], dtype = f32}
// CHECK-NEXT: %[[MB:.*]] = "aten.mul.Scalar"(%[[M]]) {arg_names = ["self"], other = 0.5 : f64}
// CHECK-NEXT: %[[S0:.*]] = "aten.add.Tensor"(%[[MB]], %[[P0]])
// CHECK-NEXT: %[[H0:.*]] = "aten._to_copy.default"(%[[S0]]) {arg_names = ["self"], dtype = f16}
// CHECK:      %[[P1:.*]] = "aten.mm.default"
// CHECK-NEXT: %[[A1:.*]] = "aten._to_copy.default"(%[[H0]]) {arg_names = ["self"], dtype = f32}
// CHECK-NEXT: %[[S1:.*]] = "aten.add.Tensor"(%[[A1]], %[[P1]])
// CHECK-NEXT: %r = "aten._to_copy.default"(%[[S1]]) {arg_names = ["self"], dtype = f16} : (tensor<2x4xf32>) -> tensor<2x4xf16>
// CHECK-LABEL: }) {sym_name = "addbmm_float16"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%m: tensor<2x4xf16>, %b1: tensor<2x2x3xf16>, %b2: tensor<2x3x4xf16>):
    %r = "aten.addbmm.default"(%m, %b1, %b2) {arg_names = ["self", "batch1", "batch2"], beta = 5.000000e-01 : f64} : (tensor<2x4xf16>, tensor<2x2x3xf16>, tensor<2x3x4xf16>) -> tensor<2x4xf16>
    "ir.return"(%r) : (tensor<2x4xf16>) -> ()
  }) {sym_name = "addbmm_float16"} : () -> ()
}) : () -> ()
