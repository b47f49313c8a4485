// Not split into cases: each RUN imports a binary .pt2 archive, which
// --split-input-file cannot read (omitted-arguments.json states nodes as text).
// Dynamic dims: a Dim("batch", min=2, max=64) on x's first dim and 2 * batch
// on y's. Types carry the dims' sympy expressions; the module's ir.symbols
// gives each free symbol its range, and the graph keeps torch's range
// constraints as exported (derived expressions included).
// RUN: %pt2onnx-opt %S/Inputs/symbolic.pt2 --no-provenance | FileCheck %s

// CHECK:      ^bb0(%x: tensor<?x3xf32, "[[S:s[0-9]+]]">, %y: tensor<?xf32, "2*[[S]]">):
// A size read from a dim is a SymInt of its expression (as_sym_int result),
// and arithmetic on it keeps the expression.
// CHECK-NEXT:   %[[SIZE:.*]] = "aten.sym_size.int"(%x) {arg_names = ["self"], dim = 0 : i64} : (tensor<?x3xf32, "[[S]]">) -> !torch.symint<"[[S]]">
// CHECK:        %{{.*}} = "aten.reshape.default"(%{{.*}}) {arg_names = ["self"], shape = array<i64: -1>} : (tensor<?x3xf32, "2*[[S]]">) -> tensor<?xf32, "6*[[S]]">
// A SymInt list (as_sym_ints): one operand per element, the static ones
// SymInt constants.
// CHECK-NEXT:   %[[TWO:.*]] = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2">
// CHECK-NEXT:   %{{.*}} = "aten.new_zeros.default"(%x, %[[SIZE]], %[[TWO]]) {arg_names = ["self", "size", "size"], device, dtype, layout, pin_memory = false} : (tensor<?x3xf32, "[[S]]">, !torch.symint<"[[S]]">, !torch.symint<"2">) -> tensor<?x2xf32, "[[S]]">
// CHECK-NEXT:   %[[MUL:.*]] = "operator.mul"(%[[SIZE]]) {arg_names = ["a"], b = 2 : i64} : (!torch.symint<"[[S]]">) -> !torch.symint<"2*[[S]]">
// A SymInt argument (as_sym_int) is an operand; an absent optional (as_none)
// a unit attribute; the omitted step its default.
// CHECK-NEXT:   %{{.*}} = "aten.slice.Tensor"(%y, %[[MUL]]) {arg_names = ["self", "end"], dim = 0 : i64, start, step = 1 : i64} : (tensor<?xf32, "2*[[S]]">, !torch.symint<"2*[[S]]">) -> tensor<?xf32, "2*[[S]]">
// CHECK:        torch.range_constraints = {{\[\["2\*}}[[S]]", 4 : i64, 128 : i64], ["[[S]]", 2 : i64, 64 : i64]]
// CHECK-NEXT: }) {ir.symbols = {[[S]] = #ir.range<2, 64>}} : () -> ()
