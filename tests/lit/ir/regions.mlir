// One case: value names reused across the graphs of one module are the point.
// Regions, blocks and values: multi-result ops and their `#i` uses, an op
// with two regions whose blocks take arguments, regions without blocks, with
// an empty block and with two blocks, uses before definitions, anonymous
// values, and names reused by sibling regions and graphs.
// RUN: %pt2onnx-opt %s | FileCheck %s
// RUN: %pt2onnx-opt %s | %pt2onnx-opt | FileCheck %s
// RUN: %pt2onnx-opt %s -o %t.1 && %pt2onnx-opt %t.1 -o %t.2 && diff %t.1 %t.2
// RUN: %pt2onnx-opt %s | %mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK-LABEL: "ir.graph"() ({
// CHECK-NEXT:  ^bb0(%x: tensor<4xf32>, %pred: tensor<i1>):
// CHECK-NEXT:    %split:3 = "aten.split.Tensor"(%x) {dim = 0 : i64, split_size = 2 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<0xf32>)
// CHECK-NEXT:    %cond:2 = "aten.cond"(%pred, %split#0, %split#1) ({
// CHECK-NEXT:    ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
// CHECK-NEXT:      %add = "aten.add.Tensor"(%a, %b)
// CHECK-NEXT:      "ir.return"(%add, %x)
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
// CHECK-NEXT:      %add = "aten.sub.Tensor"(%a, %split#2)
// CHECK-NEXT:      "ir.return"(%add, %x)
// CHECK-NEXT:    }) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<4xf32>)
// Anonymous values are numbered in order; a group of N results takes N numbers.
// CHECK-NEXT:    %0 = "aten.neg.default"(%cond#0)
// CHECK-NEXT:    %1:2 = "test.two"(%0)
// CHECK-NEXT:    %3 = "test.use_later"(%later)
// CHECK-NEXT:    %later = "test.def"()
// `{}` is a region without blocks; an empty block needs its label.
// CHECK-NEXT:    "test.shapes"() ({
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0:
// CHECK-NEXT:    }, {
// CHECK-NEXT:      "test.first"() : () -> ()
// CHECK-NEXT:    ^bb1(%4: tensor<2xf32>):
// CHECK-NEXT:      "test.second"(%4) : (tensor<2xf32>) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "ir.return"(%1#1, %cond#1)
// CHECK-NEXT:  }) {sym_name = "main"} : () -> ()
// CHECK-NEXT:  "ir.graph"() ({
// CHECK-NEXT:  ^bb0(%x: tensor<4xf32>):
// CHECK-NEXT:    "ir.return"(%x) : (tensor<4xf32>) -> ()
// CHECK-NEXT:  }) {sym_name = "helper"} : () -> ()
// CHECK-NEXT: }) : () -> ()

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>, %pred: tensor<i1>):
    %split:3 = "aten.split.Tensor"(%x) {dim = 0 : i64, split_size = 2 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<0xf32>)
    %cond:2 = "aten.cond"(%pred, %split#0, %split#1) ({
    ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
      %add = "aten.add.Tensor"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      "ir.return"(%add, %x) : (tensor<2xf32>, tensor<4xf32>) -> ()
    }, {
    ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
      %add = "aten.sub.Tensor"(%a, %split#2) : (tensor<2xf32>, tensor<0xf32>) -> tensor<2xf32>
      "ir.return"(%add, %x) : (tensor<2xf32>, tensor<4xf32>) -> ()
    }) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<4xf32>)
    %0 = "aten.neg.default"(%cond#0) : (tensor<2xf32>) -> tensor<2xf32>
    %1:2 = "test.two"(%0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %3 = "test.use_later"(%later) : (tensor<2xf32>) -> tensor<2xf32>
    %later = "test.def"() : () -> tensor<2xf32>
    "test.shapes"() ({
    }, {
    ^bb0:
    }, {
      "test.first"() : () -> ()
    ^bb1(%4: tensor<2xf32>):
      "test.second"(%4) : (tensor<2xf32>) -> ()
    }) : () -> ()
    "ir.return"(%1#1, %cond#1) : (tensor<2xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "ir.return"(%x) : (tensor<4xf32>) -> ()
  }) {sym_name = "helper"} : () -> ()
}) : () -> ()
