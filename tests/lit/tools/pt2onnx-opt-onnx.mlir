// Not split: these RUN lines compare written models byte for byte and test exit codes.
// pt2onnx-opt writes an ONNX model when the output file ends in .onnx: the
// opset is the one lower-aten recorded on the module (onnx.opset), so the
// default pipeline through pt2onnx-opt gives pt2onnx's model byte for byte.
// RUN: %pt2onnx-opt %examples/tiny_cnn.pt2 --passes='functionalize,lower-aten{opset=18},canonicalize,fold-constants,cse,dce,infer-shapes' -o %t.opt.onnx
// RUN: %pt2onnx %examples/tiny_cnn.pt2 --opset 18 -o %t.cli.onnx
// RUN: cmp %t.opt.onnx %t.cli.onnx

// The lowering records its opset on the module, and the printed IR keeps it.
// RUN: %pt2onnx-opt %s --passes='lower-aten{opset=23}' --no-provenance | FileCheck %s --check-prefix=IR
// IR: "onnx.Relu"
// IR: }) {onnx.opset = 23 : i64} : () -> ()

// Writing a program lowered for one opset as another is refused (exit 2), and
// no file is left.
// RUN: rm -f %t.mismatch.onnx
// RUN: sh -c '%pt2onnx %s --passes="lower-aten{opset=23}" -o %t.mismatch.onnx 2>/dev/null; test $? -eq 2'
// RUN: not %pt2onnx %s --passes='lower-aten{opset=23}' -o %t.mismatch.onnx 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: pt2onnx: error: {{.*}}pt2onnx-opt-onnx.mlir: the program was lowered to ONNX opset 23 and cannot be written as opset 20
// RUN: test ! -e %t.mismatch.onnx

// So is a program that still holds ATen ops after a pipeline without
// lower-aten.
// RUN: rm -f %t.aten.onnx
// RUN: sh -c '%pt2onnx-opt %s --passes=dce -o %t.aten.onnx 2>/dev/null; test $? -eq 2'
// RUN: not %pt2onnx-opt %s --passes=dce -o %t.aten.onnx 2>&1 | FileCheck %s --check-prefix=ATEN
// ATEN: pt2onnx-opt: error: {{.*}}pt2onnx-opt-onnx.mlir: 1 ATen op remains after the pipeline (aten.relu.default); lower-aten is missing from it
// RUN: test ! -e %t.aten.onnx
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %relu = "aten.relu.default"(%x) {arg_names = ["self"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%relu) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
