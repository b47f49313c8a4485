// Not split: these RUN lines test command-line flags over one trivial module.
// Every registered pass is listed with its one-line summary and its options,
// each with type, help and default: at the end of --help of both tools, and
// alone with --list-passes.
// RUN: %pt2onnx-opt --help | FileCheck %s
// RUN: %pt2onnx --help | FileCheck %s
// RUN: %pt2onnx --list-passes | FileCheck %s --check-prefixes=CHECK,ALONE
// RUN: %pt2onnx-opt --list-passes | FileCheck %s --check-prefixes=CHECK,ALONE
// CHECK:      {{^}}  canonicalize {{ *}}Local exact rewrites to a fixed point
// CHECK-NEXT: {{^}}      trace-failures=<bool> {{ *}}Print why each pattern did not match each op it was tried on (default: 0)
// CHECK-NEXT: {{^}}  cse {{ *}}Merge identical pure ops, constants and weights
// CHECK-NEXT: {{^}}      merge-weights=<bool> {{ *}}Merge weights with equal contents{{.*}} (default: 1)
// CHECK-NEXT: {{^}}  custom-ops {{ *}}Rewrite the ops a custom-ops table names (pt2onnx --custom-ops){{.*}}
// CHECK-NEXT: {{^}}      table=<string> {{ *}}The table, a JSON file (default: "")
// CHECK-NEXT: {{^}}  dce {{ *}}Remove unused pure ops and the weights nothing refers to
// CHECK-NEXT: {{^}}  decompose {{ *}}Rewrite ATen ops that have no lowering rule
// CHECK-NEXT: {{^}}      trace-failures=<bool> {{ *}}Print why each decomposition did not apply to each op it was tried on (default: 0)
// CHECK-NEXT: {{^}}  fold-constants {{ *}}Evaluate ops whose operands are constants
// CHECK-NEXT: {{^}}      limit=<int> {{ *}}Fold no result larger than this many elements (default: 1000000)
// CHECK-NEXT: {{^}}      keep-parameters=<bool> {{ *}}Compute nothing from the program's parameters{{.*}} (default: 0)
// CHECK-NEXT: {{^}}      trace-failures=<bool> {{ *}}Print why each pattern did not match each op it was tried on (default: 0)
// CHECK-NEXT: {{^}}  functionalize {{ *}}Rewrite in-place ATen ops as their functional forms
// CHECK-NEXT: {{^}}  fuse-ops {{ *}}Replace decomposed RMS norms and rotary embeddings
// CHECK-NEXT: {{^}}      trace-failures=<bool> {{ *}}Print why each pattern did not match each op it was tried on (default: 0)
// CHECK-NEXT: {{^}}  fuse-ort {{ *}}Replace forms ONNX Runtime runs as one op
// CHECK-NEXT: {{^}}      keep-parameters=<bool> {{ *}}Read no values of the program's parameters{{.*}} (default: 0)
// CHECK-NEXT: {{^}}      trace-failures=<bool> {{ *}}Print why each pattern did not match each op it was tried on (default: 0)
// CHECK-NEXT: {{^}}  infer-shapes {{ *}}Give every op result the most precise type
// CHECK-NEXT: {{^}}  lower-aten {{ *}}Lower ATen ops to ONNX ops
// CHECK-NEXT: {{^}}      opset=<int> {{ *}}The ONNX opset to target, 17 to 23 (default: 20)
// CHECK-NEXT: {{^}}      allow-unsupported=<bool> {{ *}}Leave ops without a lowering in place instead of failing (default: 0)
// ALONE-NOT: --passes

// The declaration is what the parser checks: an option of another pass, or
// a value not of the option's type, is refused.
// RUN: not %pt2onnx-opt %s --passes='lower-aten{limit=5}' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: at column 1: pass 'lower-aten' has no option 'limit'
// RUN: not %pt2onnx-opt %s --passes='cse{merge-weights=yes}' 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: at column 1: option 'merge-weights' expects 0, 1, true or false, got 'yes'
// RUN: not %pt2onnx-opt %s --passes='lower-aten{opset=16}' 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: at column 1: opset 16 is not supported (supported: 17 to 23)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    "ir.return"(%x) : (tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
