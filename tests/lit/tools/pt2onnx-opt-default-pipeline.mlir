// Not split: these RUN lines compare written models byte for byte and test flags.
// pt2onnx-opt writing ONNX without --passes runs the default pipeline
// (passes/Pipeline.h) with the tool's --opset, --training and
// --allow-unsupported, and writes pt2onnx's model byte for byte.
// RUN: %pt2onnx-opt %examples/tiny_cnn.pt2 -o %t.opt.onnx
// RUN: %pt2onnx %examples/tiny_cnn.pt2 -o %t.cli.onnx
// RUN: cmp %t.opt.onnx %t.cli.onnx
// RUN: %pt2onnx-opt %examples/tiny_cnn.pt2 --opset 23 -o %t.opt23.onnx
// RUN: %pt2onnx %examples/tiny_cnn.pt2 --opset 23 -o %t.cli23.onnx
// RUN: cmp %t.opt23.onnx %t.cli23.onnx
// RUN: not cmp -s %t.opt.onnx %t.opt23.onnx

// Both tools print the same default pipeline, from opset 23 with fuse-ops.
// RUN: %pt2onnx --print-pipeline --opset 23 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: {{^}}functionalize,decompose,lower-aten{opset=23},canonicalize,fuse-ops,fold-constants,cse,shape-slices,dce,infer-shapes{{$}}

// Textual IR that is only printed goes through no pass.
// RUN: %pt2onnx-opt %s --no-provenance | FileCheck %s --check-prefix=PRINTED
// PRINTED: "aten.conv2d.default"

// A pipeline that leaves ATen ops behind cannot be written as ONNX: exit 2,
// each overload named once with its count, and no file left.
// RUN: rm -f %t.aten.onnx
// RUN: sh -c '%pt2onnx-opt %s --passes=functionalize,canonicalize -o %t.aten.onnx 2>/dev/null; test $? -eq 2'
// RUN: not %pt2onnx-opt %s --passes=functionalize,canonicalize -o %t.aten.onnx 2>&1 | FileCheck %s --check-prefix=LEFT
// LEFT: pt2onnx-opt: error: {{.*}}pt2onnx-opt-default-pipeline.mlir: 3 ATen ops remain after the pipeline (aten.conv2d.default x2, aten.relu.default); lower-aten is missing from it
// RUN: test ! -e %t.aten.onnx
// pt2onnx says the same of its --passes.
// RUN: not %pt2onnx %s --passes=dce -o %t.aten.onnx 2>&1 | FileCheck %s --check-prefix=CLI
// CLI: pt2onnx: error: {{.*}}: 3 ATen ops remain after the pipeline (aten.conv2d.default x2, aten.relu.default); lower-aten is missing from it
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x1x1xf32>):
    %c1 = "aten.conv2d.default"(%x, %w) {arg_names = ["input", "weight"]} : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x4x4xf32>
    %r = "aten.relu.default"(%c1) {arg_names = ["self"]} : (tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
    %c2 = "aten.conv2d.default"(%r, %w) {arg_names = ["input", "weight"]} : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x4x4xf32>
    "ir.return"(%c2) : (tensor<1x1x4x4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
