// One case: the module's resource section is checked as a whole.
// Weights are printed by reference, `dense_resource<NAME> : TYPE`; their
// bytes only with --print-weights, in MLIR's resource section (a blob is
// its alignment as 4 little-endian bytes, then the data). Names that are
// not bare identifiers are escaped: `_$` then the name with `$XX` for each
// byte outside [A-Za-z0-9_.]. Data no op refers to is not kept.
// RUN: %pt2onnx-opt %s | FileCheck %s --check-prefixes=CHECK,ELIDED
// RUN: %pt2onnx-opt %s --print-weights | FileCheck %s --check-prefixes=CHECK,DATA
// RUN: %pt2onnx-opt %s --print-weights -o %t.1 && %pt2onnx-opt %t.1 --print-weights -o %t.2 && diff %t.1 %t.2
// RUN: %pt2onnx-opt %s --print-weights | %mlir-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=DATA
// Elided text reads back as weights without bytes, which still verify.
// RUN: %pt2onnx-opt %s | %pt2onnx-opt --verify --print-weights | FileCheck %s --check-prefixes=CHECK,ELIDED

// CHECK:      %fc_weight = "ir.constant"() {value = dense_resource<fc.weight> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK-NEXT: %seq_bias = "ir.constant"() {value = dense_resource<_$0.bias> : tensor<3xi8>} : () -> tensor<3xi8>
// CHECK-NEXT: %odd = "ir.constant"() {value = dense_resource<_$layer$5B0$5D.w$24> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT: %elided = "ir.constant"() {value = dense_resource<big.table> : tensor<2x2xf16>} : () -> tensor<2x2xf16>

// ELIDED-NOT: {-#

// DATA:      {-#
// DATA-NEXT:   dialect_resources: {
// DATA-NEXT:     builtin: {
// DATA-NEXT:       fc.weight: "0x040000000000803F000000C0",
// DATA-NEXT:       _$0.bias: "0x0100000001FF7F",
// DATA-NEXT:       _$layer$5B0$5D.w$24: "0x08000000FFFFFFFFFFFFFFFF"
// DATA-NEXT:     }
// DATA-NEXT:   }
// DATA-NEXT: #-}

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %fc_weight = "ir.constant"() {value = dense_resource<fc.weight> : tensor<2xf32>} : () -> tensor<2xf32>
    %seq_bias = "ir.constant"() {value = dense_resource<_$0.bias> : tensor<3xi8>} : () -> tensor<3xi8>
    %odd = "ir.constant"() {value = dense_resource<_$layer$5B0$5D.w$24> : tensor<1xi64>} : () -> tensor<1xi64>
    %elided = "ir.constant"() {value = dense_resource<big.table> : tensor<2x2xf16>} : () -> tensor<2x2xf16>
    %add = "aten.add.Tensor"(%x, %fc_weight) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%add, %seq_bias, %odd, %elided) : (tensor<2xf32>, tensor<3xi8>, tensor<1xi64>, tensor<2x2xf16>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      fc.weight: "0x040000000000803F000000C0",
      _$0.bias: "0x0100000001FF7F",
      _$layer$5B0$5D.w$24: "0x08000000FFFFFFFFFFFFFFFF",
      unreferenced: "0x0400000000000000"
    }
  }
#-}
