// RUN: not %pt2onnx-opt %s --split-input-file --passes=lower-aten --no-provenance 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// Each index's bag is the number of bag offsets at or before its position,
// less one; an index equal to padding_idx goes to an extra bag 2, dropped.
// The gathered rows are added into their bags with ScatterND, and the mean
// divides by each bag's count (at least 1: an empty bag is zeros).
// CHECK:      %[[STARTS:.*]] = "onnx.Slice"(%o, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
// CHECK:      %[[POS:.*]] = "ir.constant"() {value = dense<{{\[\[0\], \[1\], \[2\], \[3\], \[4\]\]}}> : tensor<5x1xi64>}
// CHECK:      %[[ROW:.*]] = "onnx.Unsqueeze"(%[[STARTS]], %{{.*}}) : (tensor<2xi64>, tensor<1xi64>) -> tensor<1x2xi64>
// CHECK-NEXT: %[[STARTED:.*]] = "onnx.GreaterOrEqual"(%[[POS]], %[[ROW]]) : (tensor<5x1xi64>, tensor<1x2xi64>) -> tensor<5x2xi1>
// CHECK:      %[[COUNT:.*]] = "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : i64} : (tensor<5x2xi64>, tensor<1xi64>) -> tensor<5xi64>
// CHECK-NEXT: %[[BAG:.*]] = "onnx.Sub"(%[[COUNT]], %{{.*}}) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
// CHECK:      %[[PAD:.*]] = "onnx.Equal"(%i, %{{.*}}) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi1>
// CHECK-NEXT: %[[KEPT:.*]] = "onnx.Where"(%[[PAD]], %{{.*}}, %[[BAG]]) : (tensor<5xi1>, tensor<i64>, tensor<5xi64>) -> tensor<5xi64>
// CHECK:      %[[INDEX:.*]] = "onnx.Unsqueeze"(%[[KEPT]], %{{.*}}) : (tensor<5xi64>, tensor<1xi64>) -> tensor<5x1xi64>
// CHECK-NEXT: %[[ROWS:.*]] = "onnx.Gather"(%w, %i) {axis = 0 : i64} : (tensor<10x3xf32>, tensor<5xi64>) -> tensor<5x3xf32>
// CHECK:      %[[SIZES:.*]] = "onnx.ScatterND"(%{{.*}}, %[[INDEX]], %{{.*}}) {reduction = "add"} : (tensor<3xf32>, tensor<5x1xi64>, tensor<5xf32>) -> tensor<3xf32>
// CHECK:      %[[DIVISOR:.*]] = "onnx.Max"(%{{.*}}, %{{.*}}) : (tensor<2x1xf32>, tensor<f32>) -> tensor<2x1xf32>
// CHECK:      %[[SUMS:.*]] = "onnx.ScatterND"(%{{.*}}, %[[INDEX]], %[[ROWS]]) {reduction = "add"} : (tensor<3x3xf32>, tensor<5x1xi64>, tensor<5x3xf32>) -> tensor<3x3xf32>
// CHECK:      %[[BAGS:.*]] = "onnx.Slice"(%[[SUMS]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x3xf32>
// CHECK-NEXT: %bags = "onnx.Div"(%[[BAGS]], %[[DIVISOR]]) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "embedding_bag_mean"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%w: tensor<10x3xf32>, %i: tensor<5xi64>, %o: tensor<2xi64>):
    %bags:4 = "aten.embedding_bag.padding_idx"(%w, %i, %o) {arg_names = ["weight", "indices", "offsets"], include_last_offset = false, mode = 1 : i64, padding_idx = 4 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x3xf32>, tensor<5xi64>, tensor<2xi64>) -> (tensor<2x3xf32>, tensor<5xi64>, tensor<2xi64>, tensor<2xi64>)
    "ir.return"(%bags#0) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "embedding_bag_mean"} : () -> ()
}) : () -> ()

// -----

// Max pooling of bags: ScatterND reduction=max into -inf, empty bags zeros.
// CHECK:      %[[MAX:.*]] = "onnx.ScatterND"(%{{.*}}, %{{.*}}, %{{.*}}) {reduction = "max"} : (tensor<3x3xf32>, tensor<4x1xi64>, tensor<4x3xf32>) -> tensor<3x3xf32>
// CHECK:      %bags = "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-LABEL: }) {sym_name = "embedding_bag_max"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%w: tensor<10x3xf32>, %i: tensor<4xi64>, %o: tensor<2xi64>):
    %bags:4 = "aten.embedding_bag.default"(%w, %i, %o) {arg_names = ["weight", "indices", "offsets"], mode = 2 : i64} : (tensor<10x3xf32>, tensor<4xi64>, tensor<2xi64>) -> (tensor<2x3xf32>, tensor<4xi64>, tensor<2xi64>, tensor<2x3xi64>)
    "ir.return"(%bags#0) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "embedding_bag_max"} : () -> ()
}) : () -> ()

// -----

// The other results are not lowered.
// ERR: aten.embedding_bag.default (1 use): embedding_bag's offset2bag, bag_size and max_indices results are not supported; use only the reduced bags
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%w: tensor<10x3xf32>, %i: tensor<4xi64>, %o: tensor<2xi64>):
    %bags:4 = "aten.embedding_bag.default"(%w, %i, %o) {arg_names = ["weight", "indices", "offsets"], mode = 2 : i64} : (tensor<10x3xf32>, tensor<4xi64>, tensor<2xi64>) -> (tensor<2x3xf32>, tensor<4xi64>, tensor<2xi64>, tensor<2x3xi64>)
    "ir.return"(%bags#0, %bags#3) : (tensor<2x3xf32>, tensor<2x3xi64>) -> ()
  }) {sym_name = "embedding_bag_indices"} : () -> ()
}) : () -> ()
