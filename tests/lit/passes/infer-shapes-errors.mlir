// Where a recorded type contradicts what the op proves, or the op is
// malformed, infer-shapes stops with an error naming the op (exit code 2)
// rather than picking one type.
// RUN: split-file %s %t
// RUN: not %pt2onnx-opt %t/static.mlir --passes=infer-shapes 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: sh -c '%pt2onnx-opt %t/static.mlir --passes=infer-shapes >/dev/null 2>&1; test $? -eq 2'
// RUN: not %pt2onnx-opt %t/range.mlir --passes=infer-shapes 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not %pt2onnx-opt %t/dtype.mlir --passes=infer-shapes 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not %pt2onnx-opt %t/broadcast.mlir --passes=infer-shapes 2>&1 | FileCheck %s --check-prefix=BROADCAST
// RUN: not %pt2onnx-opt %t/perm.mlir --passes=infer-shapes 2>&1 | FileCheck %s --check-prefix=PERM
// A symbolic dim may be equal to what is inferred: that is no contradiction.
// RUN: %pt2onnx-opt %t/maybe.mlir --passes=infer-shapes | FileCheck %s --check-prefix=MAYBE

// STATIC: pt2onnx-opt: error: infer-shapes: 'onnx.Transpose' op 'permute' in graph 'main' (model.py:3): result #0 has type tensor<2x3xf32> but the op gives tensor<3x2xf32>
// RANGE: error: infer-shapes: 'onnx.Reshape' op in graph 'main': result #0 has type tensor<?xf32, "s0"> but the op gives tensor<6xf32>
// DTYPE: error: infer-shapes: 'onnx.Equal' op in graph 'main': result #0 has type tensor<2x3xf32> but the op gives tensor<2x3xi1>
// BROADCAST: error: infer-shapes: 'onnx.Add' op in graph 'main': cannot broadcast dims 3 and 4
// PERM: error: infer-shapes: 'onnx.Transpose' op in graph 'main': perm has 3 entries for rank 2
// MAYBE: "onnx.Concat"(%a, %b) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<?xf32, "s1">) -> tensor<?xf32, "s2">

//--- static.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %permute = "onnx.Transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc(fused<{stack_trace = "File \22model.py\22, line 3, in forward\0A    return x.t()"}>["permute"])
    "ir.return"(%permute) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

//--- range.mlir
// s0 is at least 8: a Reshape to 6 elements contradicts it.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %shape = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %flat = "onnx.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?xf32, "s0">
    "ir.return"(%flat) : (tensor<?xf32, "s0">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<8, 64>}} : () -> ()

//--- dtype.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %eq = "onnx.Equal"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%eq) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

//--- broadcast.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<4xf32>):
    %add = "onnx.Add"(%x, %y) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
    "ir.return"(%add) : (tensor<*xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

//--- perm.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %t = "onnx.Transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<2x3xf32>) -> tensor<*xf32>
    "ir.return"(%t) : (tensor<*xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

//--- maybe.mlir
// s2 may be s0 + s1 (torch knew it from a guard): the recorded dim stays.
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<?xf32, "s0">, %b: tensor<?xf32, "s1">):
    %cat = "onnx.Concat"(%a, %b) {axis = 0 : i64} : (tensor<?xf32, "s0">, tensor<?xf32, "s1">) -> tensor<?xf32, "s2">
    "ir.return"(%cat) : (tensor<?xf32, "s2">) -> ()
  }) {sym_name = "main"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<1, 8>, s1 = #ir.range<1, 8>, s2 = #ir.range<2, 16>}} : () -> ()
