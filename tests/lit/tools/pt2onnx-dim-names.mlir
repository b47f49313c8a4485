// Names of dynamic dims on a real program (tiny_cnn: x is f32[s77, 3, 16, 16],
// s77 in [1, 64]). The checks read the model's bytes: the ranges entry of its
// metadata_props names each dim (the e2e check_metadata.py reads the dims
// themselves back with onnx). Unnamed, the dim is named after its input axis.
// RUN: %pt2onnx %examples/tiny_cnn.pt2 -o %t.default.onnx
// RUN: grep -a -o 'pt2onnx.dim_ranges.*x_dim0.:.1,64.}' %t.default.onnx | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: pt2onnx.dim_ranges{{.*}}{"x_dim0":[1,64]}

// By the input's name, by its position, or by torch's symbol: the same model.
// RUN: %pt2onnx %examples/tiny_cnn.pt2 -o %t.name.onnx --dim-name x.0=batch
// RUN: %pt2onnx %examples/tiny_cnn.pt2 -o %t.position.onnx --dim-name 0.0=batch
// RUN: %pt2onnx %examples/tiny_cnn.pt2 -o %t.symbol.onnx --dim-name s77=batch
// RUN: cmp %t.name.onnx %t.position.onnx
// RUN: cmp %t.name.onnx %t.symbol.onnx
// RUN: grep -a -o '{"batch":\[1,64\]}' %t.name.onnx | FileCheck %s --check-prefix=NAMED
// NAMED: {"batch":[1,64]}

// A static dim or an unknown input is refused (exit 2), and no file is left.
// RUN: rm -f %t.bad.onnx
// RUN: sh -c '%pt2onnx %examples/tiny_cnn.pt2 -o %t.bad.onnx --dim-name x.1=channels 2>/dev/null; test $? -eq 2'
// RUN: not %pt2onnx %examples/tiny_cnn.pt2 -o %t.bad.onnx --dim-name x.1=channels 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: error: {{.*}}tiny_cnn.pt2: --dim-name x.1=channels: axis 1 of input 'x' is static (size 3); only dynamic dims take names
// RUN: not %pt2onnx %examples/tiny_cnn.pt2 -o %t.bad.onnx --dim-name image.0=batch 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: {{.*}}tiny_cnn.pt2: --dim-name image.0=batch: the model has no input 'image' (its inputs: x)
// RUN: not %pt2onnx %examples/tiny_cnn.pt2 -o %t.bad.onnx --dim-name x=batch 2>&1 | FileCheck %s --check-prefix=SYMBOL
// SYMBOL: error: {{.*}}tiny_cnn.pt2: --dim-name x=batch: the program has no symbol 'x'
// RUN: test ! -e %t.bad.onnx
