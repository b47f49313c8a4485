// ATen copies and views that give their input, when the program is
// functional; a program that still updates tensors in place keeps them
// (a copy and its input differ once one of them is written).
// RUN: split-file %s %t
// RUN: %pt2onnx-opt %t/functional.mlir --passes=canonicalize --verify | FileCheck %s --check-prefix=FUNCTIONAL
// RUN: %pt2onnx-opt %t/in-place.mlir --passes=canonicalize --verify | FileCheck %s --check-prefix=IN-PLACE

// FUNCTIONAL-LABEL: "ir.graph"
// FUNCTIONAL-NOT: "aten.clone.default"
// FUNCTIONAL-NOT: "aten.contiguous.default"
// FUNCTIONAL-NOT: "aten.to.dtype"
// FUNCTIONAL-NOT: "aten.dropout.default"
// FUNCTIONAL-NOT: "aten.view.default"
// FUNCTIONAL: %half = "aten.to.dtype"(%x) {{.*}} -> tensor<2x3xf16>
// FUNCTIONAL: %train = "aten.dropout.default"(%x) {{.*}}train = true
// FUNCTIONAL: "ir.return"(%x, %half, %train)

// IN-PLACE: %clone = "aten.clone.default"(%x)
// IN-PLACE: "aten.add_.Tensor"(%clone, %clone)

//--- functional.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %clone = "aten.clone.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %contiguous = "aten.contiguous.default"(%clone) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %to = "aten.to.dtype"(%contiguous) {arg_names = ["self"], dtype = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %dropout = "aten.dropout.default"(%to) {arg_names = ["input"], p = 0.1 : f64, train = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %view = "aten.view.default"(%dropout) {arg_names = ["self"], size = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %half = "aten.to.dtype"(%x) {arg_names = ["self"], dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
    %train = "aten.dropout.default"(%x) {arg_names = ["input"], p = 0.1 : f64, train = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%view, %half, %train) : (tensor<2x3xf32>, tensor<2x3xf16>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

//--- in-place.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %clone = "aten.clone.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %add_ = "aten.add_.Tensor"(%clone, %clone) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%x, %clone) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
