// pt2onnx --help groups the options by what they are about (the groups in
// name order, as llvm::cl prints them), then documents the exit codes, then
// lists the passes.
// RUN: %pt2onnx --help | FileCheck %s
// CHECK:      OPTIONS:
// CHECK:      Generic Options:
// CHECK:        --version
// CHECK:      Input and output options:
// CHECK-NEXT: What is read, and how the model is written
// CHECK:        --external-data
// CHECK:        -o <file>
// CHECK:      Naming options:
// CHECK-NEXT: Names of the model's inputs, outputs and dims
// CHECK:        --dim-name=
// CHECK:        --input-names=<a,b,...>
// CHECK:      Numerics check options:
// CHECK:        --verify
// CHECK:      Pipeline options:
// CHECK-NEXT: Which passes run, at which opset, in which mode
// CHECK:        --allow-unsupported
// CHECK:        --list-lowerings
// CHECK:        --opset=<int>
// CHECK:        --optimize-for=<runtime>
// CHECK:        --passes=<pipeline>
// CHECK:        --print-pipeline
// CHECK:      Pipeline tracing options:
// CHECK-NEXT: What the pipeline prints and checks as it runs
// CHECK:        --print-ir-after-all
// CHECK:        --timing
// CHECK:      Reports and diagnostics options:
// CHECK-NEXT: What pt2onnx tells about the conversion
// CHECK:        --quiet
// CHECK:        --report=<file.md>
// CHECK:        --stats
// CHECK:      Resource limits:
// CHECK-NEXT: What an input may hold at most; beyond a limit it is refused (exit code 2)
// CHECK:        --max-json-depth=<N>          - Nesting of the program's JSON arrays and objects (default 1024)
// CHECK-NEXT:   --max-nodes=<N>
// CHECK-NEXT:   --max-region-depth=<N>
// CHECK-NEXT:   --max-string-length=<N>
// CHECK-NEXT:   --max-total-nodes=<N>
// CHECK-NEXT:   --max-weight-bytes=<N>
// CHECK-NEXT:   --max-weight-ratio=<N>
// CHECK:      Exit codes:
// CHECK-NEXT:   0  the model was written
// CHECK-NEXT:   1  the model was written, but its numerics check failed
// CHECK-NEXT:   2  the input cannot be converted (the message says where and why); no model is written
// CHECK-NEXT:   3  internal error: please report it with the command line and the input; no model is written
// CHECK:      Passes (--passes=

// pt2onnx-opt groups its pipeline options the same way.
// RUN: %pt2onnx-opt --help | FileCheck %s --check-prefix=OPT
// OPT:      Pipeline options:
// OPT:        --passes=<pipeline>
// OPT:      Pipeline tracing options:
// OPT:        --verify-each
// OPT:      Resource limits:
// OPT:        --max-nodes=<N>
// OPT:      pt2onnx-opt options:
// OPT:        --stats
