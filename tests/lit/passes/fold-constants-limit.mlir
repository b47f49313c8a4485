// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --no-provenance --print-weights | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='fold-constants{limit=5}' --no-provenance | FileCheck %s --check-prefix=LIMIT
// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants --fold-limit=5 --no-provenance | FileCheck %s --check-prefix=LIMIT
// RUN: %pt2onnx-opt %s --split-input-file --passes=fold-constants,dce --no-provenance --print-weights | FileCheck %s --check-prefix=DCE

// pt2onnx folds after lowering; --fold-limit reaches every fold-constants of
// a pipeline that does not set its own limit.
// RUN: %pt2onnx --print-pipeline | FileCheck %s --check-prefix=PIPELINE
// RUN: %pt2onnx --print-pipeline --fold-limit 64 | FileCheck %s --check-prefix=FLAG
// RUN: %pt2onnx --print-pipeline --fold-limit 64 --passes='fold-constants{keep-parameters=1},fold-constants{limit=8}' | FileCheck %s --check-prefix=GIVEN
// PIPELINE: lower-aten{opset=20},{{(.*,)?}}fold-constants,
// FLAG: lower-aten{opset=20},{{(.*,)?}}fold-constants{limit=64},
// GIVEN: fold-constants{limit=64,keep-parameters=1},fold-constants{limit=8}

// Results of up to 1 KiB become dense literals (f32 data prints as hex:
// 1, 4, 2, 5, 3, 6 for the transpose). The result type takes the static
// shape computed.
// CHECK: %transposed = "ir.constant"() {value = dense<"0x0000803F00008040000000400000A040000040400000C040"> : tensor<3x2xf32>}
// CHECK: %flat = "ir.constant"() {value = dense<"0x0000803F0000004000004040000080400000A0400000C040"> : tensor<6xf32>}
// CHECK: "ir.return"(%transposed, %flat) : (tensor<3x2xf32>, tensor<6xf32>)
// CHECK:      table: "0x040000000000803F0000004000004040000080400000A0400000C040"
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: #-}
// CHECK-NEXT: // -----
// Nothing with more elements than the limit is folded, whether the result
// type tells the size (Transpose, Reshape) or not (the Expand).
// LIMIT: %transposed = "onnx.Transpose"
// LIMIT: %flat = "onnx.Reshape"
// LIMIT-LABEL: }) {sym_name = "small_results_become_literals"}
"ir.module"() ({
  "ir.graph"() ({
    %table = "ir.constant"() {value = dense_resource<table> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %flatshape = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %transposed = "onnx.Transpose"(%table) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %flat = "onnx.Reshape"(%table, %flatshape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    "ir.return"(%transposed, %flat) : (tensor<3x2xf32>, tensor<6xf32>) -> ()
  }) {sym_name = "small_results_become_literals"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      table: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}

// -----

// Larger results become weights named after the value they replace, with a
// suffix where a value has the name (the ONNX writer names weights first:
// `big` stays the name of the graph output).
// CHECK: %big = "ir.constant"() {value = dense_resource<big_1> : tensor<300xf32>}
// CHECK: "ir.return"(%big) : (tensor<300xf32>)
// CHECK: }) {sym_name = "large_results_become_weights"}
// CHECK:      half: "0x040000000000003F",
// CHECK-NEXT: big_1: "0x040000000000003F0000003F0000003F
// LIMIT: %big = "onnx.Expand"
// LIMIT: }) {sym_name = "large_results_become_weights"}
// The weights nothing refers to any more go with dce.
// DCE:      }) {sym_name = "large_results_become_weights"}
// DCE:      dialect_resources: {
// DCE-NEXT:   builtin: {
// DCE-NEXT:     big_1: "0x04
// DCE-NEXT:   }
"ir.module"() ({
  "ir.graph"() ({
    %half = "ir.constant"() {value = dense_resource<half> : tensor<f32>} : () -> tensor<f32>
    %bigshape = "ir.constant"() {value = dense<[300]> : tensor<1xi64>} : () -> tensor<1xi64>
    %big = "onnx.Expand"(%half, %bigshape) : (tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
    "ir.return"(%big) : (tensor<?xf32>) -> ()
  }) {sym_name = "large_results_become_weights"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      half: "0x040000000000003F"
    }
  }
#-}
