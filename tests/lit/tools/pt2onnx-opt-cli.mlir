// Not split: these RUN lines test the command line itself, with no case of IR.
// The driver's command line: version, help, and the exit-code convention
// (0 ok, 2 bad input).
// RUN: %pt2onnx-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION: pt2onnx {{[0-9]+\.[0-9]+\.[0-9]+}}
// RUN: %pt2onnx-opt --help | FileCheck %s --check-prefix=HELP
// HELP: USAGE: pt2onnx-opt [options] <input .pt2 or .mlir, or - for stdin>
// HELP: --print-weights
// HELP: --verify

// A missing input file is bad input: exit code 2, the file named.
// RUN: sh -c '%pt2onnx-opt %t.does-not-exist 2>/dev/null; test $? -eq 2'
// RUN: not %pt2onnx-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: pt2onnx-opt: error: {{.*}}does-not-exist: cannot read: No such file or directory

// An unknown option is bad input too.
// RUN: sh -c '%pt2onnx-opt --no-such-option %s 2>/dev/null; test $? -eq 2'

// The bundled example verifies, prints back identically, and mlir-opt reads it.
// RUN: %pt2onnx-opt --verify %examples/mlp.mlir -o %t.1
// RUN: %pt2onnx-opt --verify %t.1 -o %t.2
// RUN: diff %t.1 %t.2
// RUN: %mlir-opt --allow-unregistered-dialect %t.1 > /dev/null
