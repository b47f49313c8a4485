// RUN: %pt2onnx-opt %s --split-input-file --passes=shape-slices --no-provenance | FileCheck %s

// Dims used as 1-D tensors are Shape slices; one also used as a scalar is a
// Squeeze of its slice. 5 ops (Shape, 2 Gathers, 2 Unsqueezes) become 3, and
// the whole Shape is left unused.
// CHECK: %batch1 = "onnx.Shape"(%x) {end = 1 : i64, start = 0 : i64} : (tensor<?x?xi64, "s0, s1">) -> tensor<1xi64>
// CHECK-NEXT: %len1 = "onnx.Shape"(%x) {end = 2 : i64, start = 1 : i64} : (tensor<?x?xi64, "s0, s1">) -> tensor<1xi64>
// CHECK-NEXT: %[[FRONT:.*]] = "ir.constant"() {value = dense<[0]> : tensor<1xi64>}
// CHECK-NEXT: %len = "onnx.Squeeze"(%len1, %[[FRONT]]) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: %shape = "onnx.Shape"(%x)
// CHECK-NOT: "onnx.Gather"
// CHECK-NOT: "onnx.Unsqueeze"
// CHECK: "onnx.Range"(%c0, %len, %c1)
// CHECK-NEXT: "ir.return"(%batch1, %len1, %range)
// CHECK-LABEL: }) {sym_name = "unsqueezed_dims_are_shape_slices"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?xi64, "s0, s1">):
    %shape = "onnx.Shape"(%x) : (tensor<?x?xi64, "s0, s1">) -> tensor<2xi64>
    %c0 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %c1 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %axes = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %batch = "onnx.Gather"(%shape, %c0) {axis = 0 : i64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
    %len = "onnx.Gather"(%shape, %c1) {axis = 0 : i64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
    %batch1 = "onnx.Unsqueeze"(%batch, %axes) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %len1 = "onnx.Unsqueeze"(%len, %axes) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %range = "onnx.Range"(%c0, %len, %c1) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
    "ir.return"(%batch1, %len1, %range) : (tensor<1xi64>, tensor<1xi64>, tensor<?xi64>) -> ()
  }) {sym_name = "unsqueezed_dims_are_shape_slices"} : () -> ()
}) : () -> ()


// -----

// A Gather of one element and a Slice read dims counted from the Shape's own
// start; negative indices and bounds count from its end.
// CHECK: %tail = "onnx.Shape"(%x) {end = 3 : i64, start = 1 : i64} : (tensor<?x?x?xf32, "s0, s1, s2">) -> tensor<2xi64>
// CHECK-NEXT: %d2 = "onnx.Shape"(%x) {end = 3 : i64, start = 2 : i64} : (tensor<?x?x?xf32, "s0, s1, s2">) -> tensor<1xi64>
// CHECK-NOT: "onnx.Gather"
// CHECK-NOT: "onnx.Slice"
// CHECK: "ir.return"(%d2, %tail)
// CHECK-LABEL: }) {sym_name = "gathers_and_slices_count_from_the_shapes_start"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?x?xf32, "s0, s1, s2">):
    %shape = "onnx.Shape"(%x) {start = 1 : i64} : (tensor<?x?x?xf32, "s0, s1, s2">) -> tensor<2xi64>
    %last = "ir.constant"() {value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %zero = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %big = "ir.constant"() {value = dense<[9223372036854775807]> : tensor<1xi64>} : () -> tensor<1xi64>
    %d2 = "onnx.Gather"(%shape, %last) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<1xi64>
    %tail = "onnx.Slice"(%shape, %zero, %big) : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
    "ir.return"(%d2, %tail) : (tensor<1xi64>, tensor<2xi64>) -> ()
  }) {sym_name = "gathers_and_slices_count_from_the_shapes_start"} : () -> ()
}) : () -> ()


// -----

// Scalar dims that no Unsqueeze reads: Shape and 2 Gathers would become 2
// Shapes and 2 Squeezes; they stay.
// CHECK: %shape = "onnx.Shape"(%x) :
// CHECK: %batch = "onnx.Gather"(%shape, %c0)
// CHECK-NEXT: %len = "onnx.Gather"(%shape, %c1)
// CHECK-NEXT: "ir.return"(%batch, %len)
// CHECK-LABEL: }) {sym_name = "scalar_dims_alone_stay_gathers"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?xi64, "s0, s1">):
    %shape = "onnx.Shape"(%x) : (tensor<?x?xi64, "s0, s1">) -> tensor<2xi64>
    %c0 = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %c1 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %batch = "onnx.Gather"(%shape, %c0) {axis = 0 : i64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
    %len = "onnx.Gather"(%shape, %c1) {axis = 0 : i64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
    "ir.return"(%batch, %len) : (tensor<i64>, tensor<i64>) -> ()
  }) {sym_name = "scalar_dims_alone_stay_gathers"} : () -> ()
}) : () -> ()


// -----

// A Shape also read whole stays, and so do its other readers.
// CHECK: %shape = "onnx.Shape"(%x) :
// CHECK: %len = "onnx.Gather"(%shape, %c1)
// CHECK-NEXT: %len1 = "onnx.Unsqueeze"(%len, %axes)
// CHECK-LABEL: }) {sym_name = "a_shape_read_whole_stays"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?xi64, "s0, s1">):
    %shape = "onnx.Shape"(%x) : (tensor<?x?xi64, "s0, s1">) -> tensor<2xi64>
    %c1 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %axes = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %len = "onnx.Gather"(%shape, %c1) {axis = 0 : i64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
    %len1 = "onnx.Unsqueeze"(%len, %axes) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %ones = "onnx.ConstantOfShape"(%shape) : (tensor<2xi64>) -> tensor<?x?xf32>
    "ir.return"(%len1, %ones) : (tensor<1xi64>, tensor<?x?xf32>) -> ()
  }) {sym_name = "a_shape_read_whole_stays"} : () -> ()
}) : () -> ()


// -----

// Without the input's rank, the dims the Shape returns are not known.
// CHECK: %len = "onnx.Gather"(%shape, %c1)
// CHECK-NEXT: %len1 = "onnx.Unsqueeze"(%len, %axes)
// CHECK-LABEL: }) {sym_name = "unranked_input_stays"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<*xf32>):
    %shape = "onnx.Shape"(%x) : (tensor<*xf32>) -> tensor<?xi64>
    %c1 = "ir.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %axes = "ir.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %len = "onnx.Gather"(%shape, %c1) {axis = 0 : i64} : (tensor<?xi64>, tensor<i64>) -> tensor<i64>
    %len1 = "onnx.Unsqueeze"(%len, %axes) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    "ir.return"(%len1) : (tensor<1xi64>) -> ()
  }) {sym_name = "unranked_input_stays"} : () -> ()
}) : () -> ()
