// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=20}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET20
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=21}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET21
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s --check-prefixes=CHECK,OPSET23

// layer_norm without weight gets a ones scale; stash_type 1 computes in float32.
// CHECK: %[[ONES:.*]] = "ir.constant"() {value = dense<{{.*}}> : tensor<8xf32>}
// CHECK: %[[LN:.*]] = "onnx.LayerNormalization"(%x, %[[ONES]]) {axis = -1 : i64, epsilon = 1.0e-05 : f64, stash_type = 1 : i64} : (tensor<2x5x8xf32>, tensor<8xf32>) -> tensor<2x5x8xf32>
// CHECK: "ir.return"(%[[LN]])
// CHECK-LABEL: }) {sym_name = "layer_norm_without_weight"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x8xf32>):
    %layer_norm = "aten.layer_norm.default"(%x) {arg_names = ["input"], normalized_shape = array<i64: 8>} : (tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    "ir.return"(%layer_norm) : (tensor<2x5x8xf32>) -> ()
  }) {sym_name = "layer_norm_without_weight"} : () -> ()
}) : () -> ()

// -----

// group_norm: GroupNormalization has per-channel scale and bias from opset 21;
// before, a float32 group norm is InstanceNormalization over [N, G, -1] (a
// group per "channel", scale 1 and bias 0), then the per-channel affine.
// OPSET20: %[[G:.*]] = "onnx.Reshape"(%y, %{{.*}}) : (tensor<2x6x4xf32>, tensor<3xi64>) -> tensor<2x3x8xf32>
// OPSET20: %[[ONES3:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<3xf32>}
// OPSET20: %[[ZEROS3:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<3xf32>}
// OPSET20-NOT: ReduceMean
// OPSET20: %[[IN:.*]] = "onnx.InstanceNormalization"(%[[G]], %[[ONES3]], %[[ZEROS3]]) {epsilon = 1.0e-05 : f64} : (tensor<2x3x8xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x8xf32>
// OPSET20: %[[BACK:.*]] = "onnx.Reshape"(%[[IN]], %{{.*}}) : (tensor<2x3x8xf32>, tensor<3xi64>) -> tensor<2x6x4xf32>
// OPSET20: "onnx.Mul"(%[[BACK]]
// OPSET20: %group_norm = "onnx.Add"
// OPSET21: %[[GN:.*]] = "onnx.GroupNormalization"(%y, %gw, %gb) {epsilon = 1.0e-05 : f64, num_groups = 3 : i64, stash_type = 1 : i64} : (tensor<2x6x4xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x6x4xf32>
// OPSET20: "ir.return"(%group_norm)
// OPSET21: "ir.return"(%[[GN]])
// CHECK-LABEL: }) {sym_name = "group_norm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%y: tensor<2x6x4xf32>, %gw: tensor<6xf32>, %gb: tensor<6xf32>):
    %group_norm = "aten.group_norm.default"(%y, %gw, %gb) {arg_names = ["input", "weight", "bias"], num_groups = 3 : i64} : (tensor<2x6x4xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x6x4xf32>
    "ir.return"(%group_norm) : (tensor<2x6x4xf32>) -> ()
  }) {sym_name = "group_norm"} : () -> ()
}) : () -> ()

// -----

// rms_norm: RMSNormalization from opset 23, x * rsqrt(mean(x^2) + eps) * w before.
// OPSET20: %[[MS:.*]] = "onnx.ReduceMean"
// OPSET20: "onnx.Sqrt"
// OPSET20: %[[RMS:.*]] = "onnx.Mul"(%{{.*}}, %rw)
// OPSET20: "ir.return"(%[[RMS]])
// OPSET23: %[[RMS:.*]] = "onnx.RMSNormalization"(%x, %rw) {axis = -1 : i64, epsilon = 1.1920928955078125e-07 : f64, stash_type = 1 : i64}
// OPSET23: "ir.return"(%[[RMS]])
// CHECK-LABEL: }) {sym_name = "rms_norm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x8xf32>, %rw: tensor<8xf32>):
    %rms_norm = "aten.rms_norm.default"(%x, %rw) {arg_names = ["input", "weight"], normalized_shape = array<i64: 8>} : (tensor<2x5x8xf32>, tensor<8xf32>) -> tensor<2x5x8xf32>
    "ir.return"(%rms_norm) : (tensor<2x5x8xf32>) -> ()
  }) {sym_name = "rms_norm"} : () -> ()
}) : () -> ()

// -----

// Inference batch norm; torch's momentum is ONNX's 1 - momentum (unused at inference).
// CHECK: %[[BN:.*]] = "onnx.BatchNormalization"(%x, %w, %b, %m, %v) {epsilon = 1.0e-05 : f64, momentum = 0.9 : f64} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
// CHECK: "ir.return"(%[[BN]])
// CHECK-LABEL: }) {sym_name = "inference_batch_norm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4x3x3xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>):
    %batch_norm = "aten.batch_norm.default"(%x, %w, %b, %m, %v) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], training = false, momentum = 0.1 : f64, eps = 1.0e-05 : f64, cudnn_enabled = true} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
    "ir.return"(%batch_norm) : (tensor<2x4x3x3xf32>) -> ()
  }) {sym_name = "inference_batch_norm"} : () -> ()
}) : () -> ()

// -----

// The no_training form is BatchNormalization too, with two empty outputs.
// CHECK: %[[BN:.*]] = "onnx.BatchNormalization"(%x, %w, %b, %m, %v) {epsilon = 1.0e-05 : f64, momentum = 0.9 : f64}
// CHECK: %[[E:.*]] = "ir.constant"() {value = dense<> : tensor<0xf32>}
// CHECK: "ir.return"(%[[BN]], %[[E]]
// CHECK-LABEL: }) {sym_name = "no_training_batch_norm_has_empty_outputs"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x4x3x3xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>):
    %_native_batch_norm_legit_no_training:3 = "aten._native_batch_norm_legit_no_training.default"(%x, %w, %b, %m, %v) {arg_names = ["input", "weight", "bias", "running_mean", "running_var"], momentum = 0.1 : f64, eps = 1.0e-05 : f64} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x3x3xf32>, tensor<0xf32>, tensor<0xf32>)
    "ir.return"(%_native_batch_norm_legit_no_training#0, %_native_batch_norm_legit_no_training#1) : (tensor<2x4x3x3xf32>, tensor<0xf32>) -> ()
  }) {sym_name = "no_training_batch_norm_has_empty_outputs"} : () -> ()
}) : () -> ()
