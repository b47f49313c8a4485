// PT2E quantization: quantize_per_tensor / dequantize_* as QuantizeLinear /
// DequantizeLinear (a range narrower than the dtype adds a Clip); from opset 23
// quantizing is torch's formula and a Cast; fake quantization of a 4-bit
// range is torch's formula, with its mask.
// RUN: %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s --check-prefix=OPSET23

// CHECK: %[[S:.*]] = "ir.constant"() {value = dense<"0xCDCCCC3C"> : tensor<f32>}
// CHECK: %[[Z:.*]] = "ir.constant"() {value = dense<128> : tensor<ui8>}
// CHECK: %q = "onnx.QuantizeLinear"(%x, %[[S]], %[[Z]]) : (tensor<2x3xf32>, tensor<f32>, tensor<ui8>) -> tensor<2x3xui8>
// CHECK: %d = "onnx.DequantizeLinear"(%q, %{{.*}}, %{{.*}}) : (tensor<2x3xui8>, tensor<f32>, tensor<ui8>) -> tensor<2x3xf32>
// CHECK: %[[WZ:.*]] = "onnx.Cast"(%wz) {to = i8} : (tensor<4xi64>) -> tensor<4xi8>
// CHECK: %wd = "onnx.DequantizeLinear"(%w, %ws, %[[WZ]]) {axis = 0 : i64} : (tensor<4x3xi8>, tensor<4xf32>, tensor<4xi8>) -> tensor<4x3xf32>
// CHECK: %[[Q:.*]] = "onnx.QuantizeLinear"(%x, %{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<f32>, tensor<i8>) -> tensor<2x3xi8>
// CHECK: %[[LO:.*]] = "ir.constant"() {value = dense<-127> : tensor<i8>}
// CHECK: %[[HI:.*]] = "ir.constant"() {value = dense<127> : tensor<i8>}
// CHECK: %n = "onnx.Clip"(%[[Q]], %[[LO]], %[[HI]]) : (tensor<2x3xi8>, tensor<i8>, tensor<i8>) -> tensor<2x3xi8>

// The inverse of a float scale is taken in double precision, as torch does.
// OPSET23: %[[INV:.*]] = "ir.constant"() {value = dense<"0x00002042"> : tensor<f32>}
// OPSET23: %[[ZF:.*]] = "onnx.Cast"(%{{.*}}) {to = f32} : (tensor<ui8>) -> tensor<f32>
// OPSET23: %[[M:.*]] = "onnx.Mul"(%x, %[[INV]])
// OPSET23: %[[R:.*]] = "onnx.Round"(%[[M]])
// OPSET23: %[[A:.*]] = "onnx.Add"(%[[R]], %[[ZF]])
// OPSET23: %[[MAX:.*]] = "onnx.Max"(%[[A]], %{{.*}})
// OPSET23: %[[MIN:.*]] = "onnx.Min"(%[[MAX]], %{{.*}})
// OPSET23: %q = "onnx.Cast"(%[[MIN]]) {to = ui8} : (tensor<2x3xf32>) -> tensor<2x3xui8>
// OPSET23: %d = "onnx.DequantizeLinear"(%q,
// OPSET23-NOT: QuantizeLinear"
// OPSET23: %n = "onnx.Cast"(%{{.*}}) {to = i8} : (tensor<2x3xf32>) -> tensor<2x3xi8>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %w: tensor<4x3xi8>, %ws: tensor<4xf32>, %wz: tensor<4xi64>):
    %q = "quantized_decomposed.quantize_per_tensor.default"(%x) {arg_names = ["input"], scale = 2.500000e-02 : f64, zero_point = 128 : i64, quant_min = 0 : i64, quant_max = 255 : i64, dtype = ui8} : (tensor<2x3xf32>) -> tensor<2x3xui8>
    %d = "quantized_decomposed.dequantize_per_tensor.default"(%q) {arg_names = ["input"], scale = 2.500000e-02 : f64, zero_point = 128 : i64, quant_min = 0 : i64, quant_max = 255 : i64, dtype = ui8} : (tensor<2x3xui8>) -> tensor<2x3xf32>
    %wd = "quantized_decomposed.dequantize_per_channel.default"(%w, %ws, %wz) {arg_names = ["input", "scales", "zero_points"], axis = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64, dtype = i8} : (tensor<4x3xi8>, tensor<4xf32>, tensor<4xi64>) -> tensor<4x3xf32>
    %n = "quantized_decomposed.quantize_per_tensor.default"(%x) {arg_names = ["input"], scale = 2.500000e-02 : f64, zero_point = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64, dtype = i8} : (tensor<2x3xf32>) -> tensor<2x3xi8>
    "ir.return"(%d, %wd, %n) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xi8>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-LABEL: ^bb0(%x: tensor<2x3xf32>):
// CHECK: %[[SCALE:.*]] = "ir.constant"() {value = dense<"0xCDCCCC3D"> : tensor<f32>}
// CHECK: %[[ZP:.*]] = "onnx.Cast"(%{{.*}}) {to = f32} : (tensor<i64>) -> tensor<f32>
// CHECK: %[[INV:.*]] = "onnx.Div"(%{{.*}}, %[[SCALE]])
// CHECK: %[[M:.*]] = "onnx.Mul"(%x, %[[INV]])
// CHECK: %[[R:.*]] = "onnx.Round"(%[[M]])
// CHECK: %[[Q:.*]] = "onnx.Add"(%[[R]], %[[ZP]])
// CHECK: %[[LO:.*]] = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>}
// CHECK: %[[HI:.*]] = "ir.constant"() {value = dense<"0x00007041"> : tensor<f32>}
// CHECK: %[[MAX:.*]] = "onnx.Max"(%[[Q]], %[[LO]])
// CHECK: %[[MIN:.*]] = "onnx.Min"(%[[MAX]], %[[HI]])
// CHECK: %[[C:.*]] = "onnx.Sub"(%[[MIN]], %[[ZP]])
// CHECK: %f = "onnx.Mul"(%[[C]], %[[SCALE]])
// CHECK: %[[GE:.*]] = "onnx.GreaterOrEqual"(%[[Q]], %[[LO]])
// CHECK: %[[LE:.*]] = "onnx.LessOrEqual"(%[[Q]], %[[HI]])
// CHECK: %[[MASK:.*]] = "onnx.And"(%[[GE]], %[[LE]])
// CHECK: "ir.return"(%f, %[[MASK]])
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %f:2 = "aten.fake_quantize_per_tensor_affine_cachemask.default"(%x) {arg_names = ["self"], scale = 1.000000e-01 : f64, zero_point = 7 : i64, quant_min = 0 : i64, quant_max = 15 : i64} : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>)
    "ir.return"(%f#0, %f#1) : (tensor<2x3xf32>, tensor<2x3xi1>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
