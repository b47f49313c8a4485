// Every dtype, and every kind of shape and type, prints back unchanged.
// RUN: %pt2onnx-opt %s --split-input-file | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file | %pt2onnx-opt --split-input-file | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file -o %t.1 && %pt2onnx-opt %t.1 --split-input-file -o %t.2 && diff %t.1 %t.2
// RUN: %pt2onnx-opt %s --split-input-file | %mlir-opt --split-input-file --allow-unregistered-dialect > /dev/null

// Element types are MLIR's builtin spellings; the float8 variants MLIR 16
// lacks are !torch types.
// CHECK: ^bb0(%b: tensor<2xi1>, %u8: tensor<2xui8>, %i8: tensor<2xi8>, %i16: tensor<2xi16>, %i32: tensor<2xi32>, %i64: tensor<2xi64>,
// CHECK-SAME: %u16: tensor<2xui16>, %u32: tensor<2xui32>, %u64: tensor<2xui64>, %f16: tensor<2xf16>, %bf16: tensor<2xbf16>, %f32: tensor<2xf32>, %f64: tensor<2xf64>,
// CHECK-SAME: %e4m3: tensor<2xf8E4M3FN>, %e4m3z: tensor<2x!torch.f8E4M3FNUZ>, %e5m2: tensor<2xf8E5M2>, %e5m2z: tensor<2x!torch.f8E5M2FNUZ>,
// CHECK-SAME: %c64: tensor<2xcomplex<f32>>, %c128: tensor<2xcomplex<f64>>):
// CHECK-LABEL: }) {sym_name = "dtypes"} : () -> ()
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2xi1>, %u8: tensor<2xui8>, %i8: tensor<2xi8>, %i16: tensor<2xi16>, %i32: tensor<2xi32>, %i64: tensor<2xi64>, %u16: tensor<2xui16>, %u32: tensor<2xui32>, %u64: tensor<2xui64>, %f16: tensor<2xf16>, %bf16: tensor<2xbf16>, %f32: tensor<2xf32>, %f64: tensor<2xf64>, %e4m3: tensor<2xf8E4M3FN>, %e4m3z: tensor<2x!torch.f8E4M3FNUZ>, %e5m2: tensor<2xf8E5M2>, %e5m2z: tensor<2x!torch.f8E5M2FNUZ>, %c64: tensor<2xcomplex<f32>>, %c128: tensor<2xcomplex<f64>>):
    "ir.return"() : () -> ()
  }) {sym_name = "dtypes"} : () -> ()
}) : () -> ()

// -----

// Dynamic dims are `?` in the shape; the encoding lists what each one is,
// in order: a symbolic expression, or `?` when unknown.
// CHECK: ^bb0(%scalar: tensor<f32>, %empty: tensor<0x3xf32>, %sym: tensor<?x?x4xf32, "s0, 2*s1">, %expr: tensor<?xf32, "(s0 + 1)//2">,
// CHECK-SAME: %minmax: tensor<?x?xf32, "min(s0, s1), max(s0, s1, 3)">, %unknown: tensor<?x5x?xi64, "?, s0">, %unranked: tensor<*xf32>,
// CHECK-SAME: %symint: !torch.symint, %symint_value: !torch.symint<"s0*s1 + 2">, %symfloat: !torch.symfloat, %symbool: !torch.symbool,
// CHECK-SAME: %none: none, %opaque: !torch.opaque<"__torch__.torch.classes.Foo">):
// CHECK-LABEL: }) {sym_name = "shapes"} : () -> ()
// Symbol ranges are the module's ir.symbols attribute, sorted by name,
// unbounded ends as oo; a symbol no type mentions is kept too.
// CHECK-NEXT: }) {ir.symbols = {s0 = #ir.range<2, 1024>, s1 = #ir.range<-oo, oo>, s2 = #ir.range<0, 0>}} : () -> ()
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%scalar: tensor<f32>, %empty: tensor<0x3xf32>, %sym: tensor<?x?x4xf32, "s0, 2*s1">, %expr: tensor<?xf32, "(s0 + 1)//2">, %minmax: tensor<?x?xf32, "min(s0, s1), max(s0, s1, 3)">, %unknown: tensor<?x5x?xi64, "?, s0">, %unranked: tensor<*xf32>, %symint: !torch.symint, %symint_value: !torch.symint<"s0*s1 + 2">, %symfloat: !torch.symfloat, %symbool: !torch.symbool, %none: none, %opaque: !torch.opaque<"__torch__.torch.classes.Foo">):
    "ir.return"() : () -> ()
  }) {sym_name = "shapes"} : () -> ()
}) {ir.symbols = {s2 = #ir.range<0, 0>, s1 = #ir.range<-oo, oo>, s0 = #ir.range<2, 1024>}} : () -> ()
