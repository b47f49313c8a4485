// --optimize-for onnxruntime: the default pipeline with fuse-ort after
// fold-constants, in both tools, at every opset; the model imports
// com.microsoft (version 1) only when a fused op is in it. Another runtime is
// an input error: exit 2, no file.
// RUN: %pt2onnx --print-pipeline --optimize-for onnxruntime | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: {{^}}functionalize,decompose,lower-aten{opset=20},canonicalize,fold-constants,fuse-ort,fold-constants,cse,shape-slices,dce,infer-shapes{{$}}
// RUN: %pt2onnx --print-pipeline --optimize-for onnxruntime --opset 23 | FileCheck %s --check-prefix=PIPELINE23
// PIPELINE23: {{^}}functionalize,decompose,lower-aten{opset=23},canonicalize,fuse-ops,fold-constants,fuse-ort,fold-constants,cse,shape-slices,dce,infer-shapes{{$}}

// RUN: %pt2onnx-opt %s --default-pipeline --optimize-for onnxruntime --no-provenance | FileCheck %s
// CHECK: %layer_norm:4 = "onnx_domain.com.microsoft.SkipLayerNormalization"(%x, %y, %w, %b) {epsilon = 1.0e-05 : f64, ir.domain_version = 1 : i64}
// CHECK-NEXT: "ir.return"(%layer_norm#0, %layer_norm#3)
// RUN: %pt2onnx %s --optimize-for onnxruntime --stats -o %t.onnx 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: fuse-ort
// STATS-NEXT: 1 fuse-skip-layer-normalization
// RUN: %pt2onnx-opt %s --optimize-for onnxruntime -o %t.opt.onnx
// RUN: cmp %t.onnx %t.opt.onnx
// RUN: grep -q com.microsoft %t.onnx
// RUN: %pt2onnx %s -o %t.plain.onnx
// RUN: not grep -q com.microsoft %t.plain.onnx

// RUN: rm -f %t.bad.onnx
// RUN: sh -c '%pt2onnx %s --optimize-for tensorrt -o %t.bad.onnx 2>/dev/null; test $? -eq 2'
// RUN: not %pt2onnx %s --optimize-for tensorrt -o %t.bad.onnx 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: pt2onnx: error: unknown runtime to optimize for 'tensorrt' (known: onnxruntime)
// RUN: test ! -e %t.bad.onnx
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x5x8xf32>, %y: tensor<2x5x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>):
    %add = "aten.add.Tensor"(%x, %y) {arg_names = ["self", "other"]} : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %layer_norm = "aten.layer_norm.default"(%add, %w, %b) {arg_names = ["input", "weight", "bias"], normalized_shape = array<i64: 8>} : (tensor<2x5x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x5x8xf32>
    "ir.return"(%layer_norm, %add) : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
