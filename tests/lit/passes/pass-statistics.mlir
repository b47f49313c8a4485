// Not split: the statistics report covers the whole pipeline over one module.
// --pass-statistics: after the pipeline, every pass in order with what it
// counted (Pass::addStatistic), by name; a pass that counted nothing is
// listed alone. Both tools take it, and pt2onnx-opt --stats includes it.
// Here cse merges the weights a and b, then the two constants that now read
// the same weight, then the two Adds; dce erases the Neg, its constant and
// the weight c.
// RUN: %pt2onnx-opt %s --passes=cse,dce,cse --pass-statistics -o /dev/null 2>&1 | FileCheck %s
// CHECK:      pass statistics report
// CHECK:      {{^}}  cse{{$}}
// CHECK-NEXT: {{^}}             2  merged-ops{{$}}
// CHECK-NEXT: {{^}}             1  merged-weights{{$}}
// CHECK-NEXT: {{^}}  dce{{$}}
// CHECK-NEXT: {{^}}             2  erased-ops{{$}}
// CHECK-NEXT: {{^}}             1  erased-weights{{$}}
// CHECK-NEXT: {{^}}  cse{{$}}
// CHECK-NOT:  {{.}}

// RUN: %pt2onnx-opt %s --passes=cse,dce,cse --stats | FileCheck %s --check-prefix=STATS
// STATS: op histogram change (before -> after):
// STATS: pass statistics report
// STATS: {{^}}  dce{{$}}
// STATS-NEXT: {{^}}             2  erased-ops{{$}}

// RUN: %pt2onnx %s --pass-statistics -o %t.onnx 2>&1 | FileCheck %s --check-prefix=CLI
// CLI:      pass statistics report
// CLI:      {{^}}  functionalize{{$}}
// CLI-NEXT: {{^}}  decompose{{$}}
// CLI-NEXT: {{^}}  lower-aten{{$}}
// CLI:      {{^}}  cse{{$}}
// CLI-NEXT: {{^ +[0-9]+}}  merged-ops{{$}}

// Without the flag, nothing is reported.
// RUN: %pt2onnx-opt %s --passes=cse,dce -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: statistics
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2xf32>):
    %a = "ir.constant"() {value = dense_resource<a> : tensor<2xf32>} : () -> tensor<2xf32>
    %b = "ir.constant"() {value = dense_resource<b> : tensor<2xf32>} : () -> tensor<2xf32>
    %sum = "onnx.Add"(%x, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %dup = "onnx.Add"(%x, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %c = "ir.constant"() {value = dense_resource<c> : tensor<2xf32>} : () -> tensor<2xf32>
    %dead = "onnx.Neg"(%c) : (tensor<2xf32>) -> tensor<2xf32>
    "ir.return"(%sum, %dup) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      a: "0x040000000000803F00000040",
      b: "0x040000000000803F00000040",
      c: "0x040000000000004000000040"
    }
  }
#-}
