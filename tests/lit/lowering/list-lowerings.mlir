// `pt2onnx --list-lowerings`: every lowered overload, sorted, one a line, the
// overload first, then the opsets of its rule and its family. An overload that
// writes its arguments has no rule of its own: it is listed with `via` and the
// functional twin (from its schema) whose rule lowers it after functionalize.
// RUN: %pt2onnx --list-lowerings | FileCheck %s
// CHECK: {{^}}aten.__and__.Scalar 17-23 elementwise{{$}}
// CHECK: {{^}}aten.add.Tensor 17-23 elementwise{{$}}
// CHECK-NEXT: {{^}}aten.add.out 17-23 elementwise via aten.add.Tensor{{$}}
// CHECK-NEXT: {{^}}aten.add_.Scalar 17-23 elementwise via aten.add.Scalar{{$}}
// CHECK-NEXT: {{^}}aten.add_.Tensor 17-23 elementwise via aten.add.Tensor{{$}}
// CHECK: {{^}}aten.conv2d.default 17-23 conv{{$}}
// CHECK: {{^}}aten.relu.default 17-23 activation{{$}}
// CHECK-NEXT: {{^}}aten.relu.out 17-23 activation via aten.relu.default{{$}}
// CHECK: {{^}}aten.relu_.default 17-23 activation via aten.relu.default{{$}}
// CHECK: {{^}}aten.roll.default 17-23 shape{{$}}
//
// Only op-table keys are listed: torch has no aten.softsign.default.
// RUN: %pt2onnx --list-lowerings | FileCheck %s --check-prefix=REAL
// REAL-NOT: softsign
