// One case: one graph written in the spellings the printer does not use.
// The parser also reads MLIR spellings the printer does not write, and
// prints them in canonical form: numbered values are renumbered, several
// result groups become one, a dynamic dim without an encoding is unknown,
// attribute dictionaries are sorted, integers and floats without a type are
// i64 and f64, unit attributes lose their `= unit`, float data becomes hex,
// symbolic expressions are canonicalized, and locations that name no torch
// node (`unknown`, "file":line:col) are dropped. Comments are skipped.
// RUN: %pt2onnx-opt %s | FileCheck %s

// CHECK:      ^bb0(%0: tensor<?x4xf32, "?">, %arg1: tensor<?x?xf32, "2*s0, 2*s0">):
// CHECK-NEXT:   %1 = "test.a"(%0) {alpha = 1 : i64, big = 1.0e+05 : f64, d = dense<"0x0000803F000000C0"> : tensor<2xf32>, empty = [], f = 2.5 : f64, h = 1.0 : f64, s = dense<"0x0000803F"> : tensor<2xf32>, strs = ["a"], sym = #torch.sym<"2*s0">, z} : (tensor<?x4xf32, "?">) -> tensor<?x4xf32, "?">{{$}}
// CHECK-NEXT:   %a:3 = "test.groups"() : () -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT:   "ir.return"(%1, %a#2, %a#0) : (tensor<?x4xf32, "?">, tensor<2xf32>, tensor<2xf32>) -> ()
// CHECK:      }) {ir.symbols = {s0 = #ir.range<-oo, oo>}} : () -> ()

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%7: tensor<?x4xf32> loc("x.py":1:1), %arg1: tensor<?x?xf32, "s0*2, s0 + s0">):
    %9 = "test.a"(%7) {z = unit, "alpha" = 1, f = 2.5, big = 1.0e5 : f64, h = 0x3FF0000000000000 : f64, strs = ["a"], empty = [], d = dense<[1.0, -2.0]> : tensor<2xf32>, s = dense<"0x0000803F0000803F"> : tensor<2xf32>, sym = #torch.sym<"s0*2">} : (tensor<?x4xf32>) -> tensor<?x4xf32> loc(unknown)
    %a, %b:2 = "test.groups"() : () -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) // trailing comment
    "ir.return"(%9, %b#1, %a) : (tensor<?x4xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
