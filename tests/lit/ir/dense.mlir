// One case: one graph of literals whose printed text is compared byte for byte.
// Dense literals: integers and bools as decimal (nested) lists, floats and
// complex numbers as MLIR's little-endian hex strings, which are exact for
// every width; data whose elements are all equal as one element (a splat);
// empty data as `dense<>`.
// RUN: %pt2onnx-opt %s | FileCheck %s
// RUN: %pt2onnx-opt %s -o %t.1 && %pt2onnx-opt %t.1 -o %t.2 && diff %t.1 %t.2
// mlir-opt reads the same values from the hex data.
// RUN: %pt2onnx-opt %s | %mlir-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=MLIR

// CHECK: %scalar = "ir.constant"() {value = dense<-3> : tensor<i64>} : () -> tensor<i64>
// CHECK-NEXT: %list = "ir.constant"() {value = dense<[1, -2, 3]> : tensor<3xi32>}
// CHECK-NEXT: %nested = "ir.constant"() {value = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>}
// CHECK-NEXT: %one = "ir.constant"() {value = dense<[7]> : tensor<1xi8>}
// CHECK-NEXT: %splat = "ir.constant"() {value = dense<0> : tensor<2x2xi64>}
// CHECK-NEXT: %bools = "ir.constant"() {value = dense<[true, false, true]> : tensor<3xi1>}
// CHECK-NEXT: %unsigned = "ir.constant"() {value = dense<[0, 255]> : tensor<2xui8>}
// CHECK-NEXT: %u64 = "ir.constant"() {value = dense<[18446744073709551615, 0]> : tensor<2xui64>}
// CHECK-NEXT: %i64min = "ir.constant"() {value = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>}
// CHECK-NEXT: %f32 = "ir.constant"() {value = dense<"0x0000803F000000C0"> : tensor<2xf32>}
// CHECK-NEXT: %f32_splat = "ir.constant"() {value = dense<"0x0000803F"> : tensor<8xf32>}
// CHECK-NEXT: %f16 = "ir.constant"() {value = dense<"0x003C00C0"> : tensor<2xf16>}
// CHECK-NEXT: %bf16 = "ir.constant"() {value = dense<"0x803F"> : tensor<bf16>}
// CHECK-NEXT: %f64 = "ir.constant"() {value = dense<"0x000000000000F03F"> : tensor<1xf64>}
// CHECK-NEXT: %f8 = "ir.constant"() {value = dense<"0x3840"> : tensor<2xf8E4M3FN>}
// CHECK-NEXT: %f8_fnuz = "ir.constant"() {value = dense<"0x4048"> : tensor<2x!torch.f8E5M2FNUZ>}
// CHECK-NEXT: %complex = "ir.constant"() {value = dense<"0x0000803F00000040"> : tensor<1xcomplex<f32>>}
// CHECK-NEXT: %empty = "ir.constant"() {value = dense<> : tensor<0xf32>}
// CHECK-NEXT: %empty_2d = "ir.constant"() {value = dense<> : tensor<2x0xi64>}

// MLIR: dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf32>
// MLIR: dense<1.000000e+00> : tensor<8xf32>
// MLIR: dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf16>
// MLIR: dense<1.000000e+00> : tensor<bf16>
// MLIR: dense<1.000000e+00> : tensor<1xf64>
// MLIR: dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf8E4M3FN>
// MLIR: dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f32>>

"ir.module"() ({
  "ir.graph"() ({
    %scalar = "ir.constant"() {value = dense<-3> : tensor<i64>} : () -> tensor<i64>
    %list = "ir.constant"() {value = dense<[1, -2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
    %nested = "ir.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
    %one = "ir.constant"() {value = dense<[7]> : tensor<1xi8>} : () -> tensor<1xi8>
    %splat = "ir.constant"() {value = dense<0> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
    %bools = "ir.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
    %unsigned = "ir.constant"() {value = dense<[0, 255]> : tensor<2xui8>} : () -> tensor<2xui8>
    %u64 = "ir.constant"() {value = dense<[18446744073709551615, 0]> : tensor<2xui64>} : () -> tensor<2xui64>
    %i64min = "ir.constant"() {value = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>} : () -> tensor<2xi64>
    %f32 = "ir.constant"() {value = dense<"0x0000803F000000C0"> : tensor<2xf32>} : () -> tensor<2xf32>
    %f32_splat = "ir.constant"() {value = dense<"0x0000803F"> : tensor<8xf32>} : () -> tensor<8xf32>
    %f16 = "ir.constant"() {value = dense<"0x003C00C0"> : tensor<2xf16>} : () -> tensor<2xf16>
    %bf16 = "ir.constant"() {value = dense<"0x803F"> : tensor<bf16>} : () -> tensor<bf16>
    %f64 = "ir.constant"() {value = dense<"0x000000000000F03F"> : tensor<1xf64>} : () -> tensor<1xf64>
    %f8 = "ir.constant"() {value = dense<"0x3840"> : tensor<2xf8E4M3FN>} : () -> tensor<2xf8E4M3FN>
    %f8_fnuz = "ir.constant"() {value = dense<"0x4048"> : tensor<2x!torch.f8E5M2FNUZ>} : () -> tensor<2x!torch.f8E5M2FNUZ>
    %complex = "ir.constant"() {value = dense<"0x0000803F00000040"> : tensor<1xcomplex<f32>>} : () -> tensor<1xcomplex<f32>>
    %empty = "ir.constant"() {value = dense<> : tensor<0xf32>} : () -> tensor<0xf32>
    %empty_2d = "ir.constant"() {value = dense<> : tensor<2x0xi64>} : () -> tensor<2x0xi64>
    "ir.return"() : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
