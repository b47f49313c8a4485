// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=20}' --no-provenance | FileCheck %s

// Hand-written ATen ops that leave arguments out: each takes its default from
// the op's schema in the op table, as torch would.

// aten.add.Tensor without alpha: alpha=1, so no Mul scales `other`.
// CHECK: %add = "onnx.Add"(%x, %y)
// CHECK-NEXT: "ir.return"(%add)
// CHECK-LABEL: }) {sym_name = "add_alpha"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>, %y: tensor<2x8xf32>):
    %add = "aten.add.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%add) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "add_alpha"} : () -> ()
}) : () -> ()

// -----

// aten.mean.dim without keepdim: keepdim=False drops the reduced dim.
// CHECK: %mean = "onnx.ReduceMean"(%x, %{{.*}}) {keepdims = 0 : i64} : (tensor<2x8xf32>, tensor<1xi64>) -> tensor<2xf32>
// CHECK-LABEL: }) {sym_name = "mean_keepdim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %mean = "aten.mean.dim"(%x) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x8xf32>) -> tensor<2xf32>
    "ir.return"(%mean) : (tensor<2xf32>) -> ()
  }) {sym_name = "mean_keepdim"} : () -> ()
}) : () -> ()

// -----

// aten.leaky_relu.default without negative_slope: 0.01.
// CHECK: %r = "onnx.LeakyRelu"(%x) {alpha = 0.01 : f64}
// CHECK-LABEL: }) {sym_name = "leaky_relu_slope"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %r = "aten.leaky_relu.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%r) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "leaky_relu_slope"} : () -> ()
}) : () -> ()

// -----

// aten.glu.default without dim: dim=-1, the last axis is halved.
// CHECK: "onnx.Split"(%x) {axis = 1 : i64, num_outputs = 2 : i64}
// CHECK-LABEL: }) {sym_name = "glu_dim"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %r = "aten.glu.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x4xf32>
    "ir.return"(%r) : (tensor<2x4xf32>) -> ()
  }) {sym_name = "glu_dim"} : () -> ()
}) : () -> ()

// -----

// aten.flatten.using_ints without start_dim and end_dim: 0 and -1, all dims
// into one.
// CHECK: %[[SHAPE:.*]] = "ir.constant"() {value = dense<[24]> : tensor<1xi64>}
// CHECK-NEXT: %r = "onnx.Reshape"(%x, %[[SHAPE]])
// CHECK-LABEL: }) {sym_name = "flatten_dims"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %r = "aten.flatten.using_ints"(%x) {arg_names = ["self"]} : (tensor<2x3x4xf32>) -> tensor<24xf32>
    "ir.return"(%r) : (tensor<24xf32>) -> ()
  }) {sym_name = "flatten_dims"} : () -> ()
}) : () -> ()

// -----

// aten.topk.default with only k: dim=-1, largest=True, sorted=True.
// CHECK: "onnx.TopK"(%x, %{{.*}}) {axis = 1 : i64, largest = 1 : i64, sorted = 1 : i64}
// CHECK-LABEL: }) {sym_name = "topk_dim_largest_sorted"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %r:2 = "aten.topk.default"(%x) {arg_names = ["self"], k = 3 : i64} : (tensor<2x8xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
    "ir.return"(%r#0, %r#1) : (tensor<2x3xf32>, tensor<2x3xi64>) -> ()
  }) {sym_name = "topk_dim_largest_sorted"} : () -> ()
}) : () -> ()

// -----

// aten.max_pool2d.default with only kernel_size: stride=[] (the kernel),
// padding=0 (no pads), dilation=1 (no dilations), ceil_mode=False.
// CHECK: %r = "onnx.MaxPool"(%x) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>}
// CHECK-LABEL: }) {sym_name = "max_pool2d_stride_padding"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x8x8xf32>):
    %r = "aten.max_pool2d.default"(%x) {arg_names = ["self"], kernel_size = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
    "ir.return"(%r) : (tensor<1x3x4x4xf32>) -> ()
  }) {sym_name = "max_pool2d_stride_padding"} : () -> ()
}) : () -> ()

// -----

// aten.conv2d.padding without padding: "valid", no padding; stride and
// dilation 1, groups 1.
// CHECK: %r = "onnx.Conv"(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>}
// CHECK-LABEL: }) {sym_name = "conv2d_padding_valid"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>):
    %r = "aten.conv2d.padding"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
    "ir.return"(%r) : (tensor<1x4x6x6xf32>) -> ()
  }) {sym_name = "conv2d_padding_valid"} : () -> ()
}) : () -> ()

// -----

// aten.hardtanh.default without bounds: min_val=-1, max_val=1.
// CHECK: %[[LO:.*]] = "ir.constant"() {value = dense<"0x000080BF"> : tensor<f32>}
// CHECK-NEXT: %[[HI:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>}
// CHECK-NEXT: %r = "onnx.Clip"(%x, %[[LO]], %[[HI]])
// CHECK-LABEL: }) {sym_name = "hardtanh_bounds"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %r = "aten.hardtanh.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%r) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "hardtanh_bounds"} : () -> ()
}) : () -> ()

// -----

// aten.var.correction without correction or keepdim: correction None is 1
// (the sum of squares is divided by 8 - 1), keepdim=False.
// CHECK: %[[SUMSQ:.*]] = "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<2x8xf32>, tensor<1xi64>) -> tensor<2xf32>
// CHECK-NEXT: %[[COUNT:.*]] = "ir.constant"() {value = dense<"0x00000041"> : tensor<f32>}
// CHECK-NEXT: %[[ZERO:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>}
// CHECK-NEXT: %[[ONE:.*]] = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>}
// CHECK-NEXT: %[[DOF:.*]] = "onnx.Sub"(%[[COUNT]], %[[ONE]])
// CHECK-NEXT: %[[CLAMPED:.*]] = "onnx.Max"(%[[DOF]], %[[ZERO]])
// CHECK-NEXT: %r = "onnx.Div"(%[[SUMSQ]], %[[CLAMPED]])
// CHECK-LABEL: }) {sym_name = "var_correction"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %r = "aten.var.correction"(%x) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x8xf32>) -> tensor<2xf32>
    "ir.return"(%r) : (tensor<2xf32>) -> ()
  }) {sym_name = "var_correction"} : () -> ()
}) : () -> ()

// -----

// aten.gelu.default without approximate: 'none'.
// CHECK: %r = "onnx.Gelu"(%x) {approximate = "none"}
// CHECK-LABEL: }) {sym_name = "gelu_approximate"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x8xf32>):
    %r = "aten.gelu.default"(%x) {arg_names = ["self"]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    "ir.return"(%r) : (tensor<2x8xf32>) -> ()
  }) {sym_name = "gelu_approximate"} : () -> ()
}) : () -> ()
