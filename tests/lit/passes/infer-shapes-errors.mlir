// Where a recorded type contradicts what the op proves, or the op is
// malformed, infer-shapes stops with an error naming the op (exit code 2)
// rather than picking one type. Each case is checked on its own; the errors
// come in the order of the cases.
// RUN: not %pt2onnx-opt %s --split-input-file --passes=infer-shapes 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: sh -c '%pt2onnx-opt %s --split-input-file --passes=infer-shapes >/dev/null 2>&1; test $? -eq 2'

// ERR: pt2onnx-opt: error: {{.*}}infer-shapes-errors.mlir: 'onnx.Transpose' op 'permute' in graph 'static_type_contradicted' (model.py:3): infer-shapes: result #0 has type tensor<2x3xf32> but the op gives tensor<3x2xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %permute = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc(fused<{stack_trace = "File \22model.py\22, line 3, in forward\0A    return x.t()"}>["permute"])
    "ir.return"(%permute) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "static_type_contradicted"} : () -> ()
}) : () -> ()

// -----

// s0 is at least 8: a Reshape to 6 elements contradicts it.
// ERR: error: {{.*}}infer-shapes-errors.mlir: 'onnx.Reshape' op in graph 'symbol_range_contradicted': infer-shapes: result #0 has type tensor<?xf32, "s0"> but the op gives tensor<6xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %shape = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %flat = "onnx.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?xf32, "s0">
    "ir.return"(%flat) : (tensor<?xf32, "s0">) -> ()
  }) {sym_name = "symbol_range_contradicted"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<8, 64>}} : () -> ()

// -----

// ERR: error: {{.*}}infer-shapes-errors.mlir: 'onnx.Equal' op in graph 'element_type_contradicted': infer-shapes: result #0 has type tensor<2x3xf32> but the op gives tensor<2x3xi1>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %eq = "onnx.Equal"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%eq) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "element_type_contradicted"} : () -> ()
}) : () -> ()

// -----

// ERR: error: {{.*}}infer-shapes-errors.mlir: 'onnx.Add' op in graph 'dims_do_not_broadcast': infer-shapes: cannot broadcast dims 3 and 4
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<4xf32>):
    %add = "onnx.Add"(%x, %y) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
    "ir.return"(%add) : (tensor<*xf32>) -> ()
  }) {sym_name = "dims_do_not_broadcast"} : () -> ()
}) : () -> ()

// -----

// ERR: error: {{.*}}infer-shapes-errors.mlir: 'onnx.Transpose' op in graph 'perm_of_wrong_rank': infer-shapes: perm has 3 entries for rank 2
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %t = "onnx.Transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<2x3xf32>) -> tensor<*xf32>
    "ir.return"(%t) : (tensor<*xf32>) -> ()
  }) {sym_name = "perm_of_wrong_rank"} : () -> ()
}) : () -> ()

// -----

// A symbolic dim may be equal to what is inferred: that is no contradiction.
// s2 may be s0 + s1 (torch knew it from a guard): the recorded dim stays.
// CHECK: "onnx.Concat"(%a, %b) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<?xf32, "s1">) -> tensor<?xf32, "s2">
// CHECK-LABEL: }) {sym_name = "symbolic_dim_may_be_equal"}
// ERR-NOT: symbolic_dim_may_be_equal
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<?xf32, "s0">, %b: tensor<?xf32, "s1">):
    %cat = "onnx.Concat"(%a, %b) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<?xf32, "s1">) -> tensor<?xf32, "s2">
    "ir.return"(%cat) : (tensor<?xf32, "s2">) -> ()
  }) {sym_name = "symbolic_dim_may_be_equal"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 8>, s1 = #ir.range<1, 8>, s2 = #ir.range<2, 16>}} : () -> ()
