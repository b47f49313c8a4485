// One case: a single op carries every attribute kind, printed byte for byte.
// Every attribute kind prints back exactly as written here (this text is
// the printer's canonical form), and mlir-opt reads all of it.
// RUN: %pt2onnx-opt %s | FileCheck %s
// RUN: %pt2onnx-opt %s | %pt2onnx-opt | FileCheck %s
// RUN: %pt2onnx-opt %s -o %t.1 && %pt2onnx-opt %t.1 -o %t.2 && diff %t.1 %t.2
// RUN: %pt2onnx-opt %s | %mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK: %0 = "test.attrs"(%x) {
// Bools, then dtypes: an element type spelling is a dtype.
// CHECK-SAME: b_false = false, b_true = true, dt_bf16 = bf16, dt_bool = i1, dt_c64 = complex<f32>, dt_fnuz = !torch.f8E4M3FNUZ,
// Floats: the shortest exact decimal, always with a '.'; NaN and inf as bits.
// CHECK-SAME: f_big = 1.0e+300 : f64, f_inf = 0xFFF0000000000000 : f64, f_nan = 0x7FF8000000000000 : f64, f_neg_zero = -0.0 : f64,
// CHECK-SAME: f_third = 0.3333333333333333 : f64, f_tiny = 5.0e-324 : f64, f_two = 2.0 : f64,
// CHECK-SAME: floats = array<f64: 0.1, -2.5, 0x7FF0000000000000>, floats_empty = array<f64>,
// CHECK-SAME: i_max = 9223372036854775807 : i64, i_min = -9223372036854775808 : i64,
// CHECK-SAME: ints = array<i64: 1, -2, 3>, ints_empty = array<i64>,
// A list holds any attributes; an empty one prints as [].
// CHECK-SAME: list = [1 : i64, "x", unit, [true, ["nested"]], array<i64: 4>, f16, none], list_empty = [],
// Strings escape '"', '\' and non-printable bytes as MLIR does.
// CHECK-SAME: s = "quote \22 backslash \\ newline \0A tab \09 nul \00 utf8 \C3\A9", s_empty = "", strings = ["a", "b c", ""],
// CHECK-SAME: sym = #torch.sym<"(s0 + 1)//2">, sym_max = #torch.sym<"max(s0, 2)">,
// Types.
// CHECK-SAME: t_none = none, t_opaque = !torch.opaque<"__torch__.Foo">, t_symbool = !torch.symbool, t_symfloat = !torch.symfloat,
// CHECK-SAME: t_symint = !torch.symint<"2*s0">, t_tensor = tensor<?x3xi64, "s0 + 1">, t_unranked = tensor<*xf16>,
// A unit attribute is its name alone; names that are not bare identifiers are quoted.
// CHECK-SAME: u, "weird key" = 1 : i64} : (tensor<?x4xf32, "s0">) -> none

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x4xf32, "s0">):
    %0 = "test.attrs"(%x) {b_false = false, b_true = true, dt_bf16 = bf16, dt_bool = i1, dt_c64 = complex<f32>, dt_fnuz = !torch.f8E4M3FNUZ, f_big = 1.0e+300 : f64, f_inf = 0xFFF0000000000000 : f64, f_nan = 0x7FF8000000000000 : f64, f_neg_zero = -0.0 : f64, f_third = 0.3333333333333333 : f64, f_tiny = 5.0e-324 : f64, f_two = 2.0 : f64, floats = array<f64: 0.1, -2.5, 0x7FF0000000000000>, floats_empty = array<f64>, i_max = 9223372036854775807 : i64, i_min = -9223372036854775808 : i64, ints = array<i64: 1, -2, 3>, ints_empty = array<i64>, list = [1 : i64, "x", unit, [true, ["nested"]], array<i64: 4>, f16, none], list_empty = [], s = "quote \22 backslash \\ newline \0A tab \09 nul \00 utf8 \C3\A9", s_empty = "", strings = ["a", "b c", ""], sym = #torch.sym<"(s0 + 1)//2">, sym_max = #torch.sym<"max(s0, 2)">, t_none = none, t_opaque = !torch.opaque<"__torch__.Foo">, t_symbool = !torch.symbool, t_symfloat = !torch.symfloat, t_symint = !torch.symint<"2*s0">, t_tensor = tensor<?x3xi64, "s0 + 1">, t_unranked = tensor<*xf16>, u, "weird key" = 1 : i64} : (tensor<?x4xf32, "s0">) -> none
    "ir.return"(%0) : (none) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 1024>}} : () -> ()
