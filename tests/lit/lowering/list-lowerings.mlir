// `pt2onnx --list-lowerings`: every lowered overload, sorted, one a line, the
// overload first, then the opsets of its rule and its family.
// RUN: %pt2onnx --list-lowerings | FileCheck %s
// CHECK: {{^}}aten.__and__.Scalar 17-23 elementwise{{$}}
// CHECK: {{^}}aten.add.Tensor 17-23 elementwise{{$}}
// CHECK: {{^}}aten.conv2d.default 17-23 conv{{$}}
// CHECK: {{^}}aten.relu.default 17-23 activation{{$}}
// CHECK: {{^}}aten.roll.default 17-23 shape{{$}}
