// RUN: %pt2onnx-opt %s --split-input-file --passes=decompose --no-provenance | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='decompose{trace-failures=1}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// dist is the p-norm of the difference over every element;
// pairwise_distance adds eps and takes the norm over the last dim.
// CHECK:      %0 = "aten.sub.Tensor"(%a, %b) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %d = "aten.linalg_vector_norm.default"(%0) {arg_names = ["self"], keepdim = false, ord = 3.0 : f64} : (tensor<2x3xf32>) -> tensor<f32>
// CHECK-NEXT: %1 = "aten.sub.Tensor"(%a, %b) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = "aten.add.Scalar"(%1) {arg_names = ["self"], other = 1.0e-06 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %p = "aten.linalg_vector_norm.default"(%2) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true, ord = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-LABEL: }) {sym_name = "distances"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<3xf32>):
    %d = "aten.dist.default"(%a, %b) {arg_names = ["self", "other"], p = 3.0 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<f32>
    %p = "aten.pairwise_distance.default"(%a, %b) {arg_names = ["x1", "x2"], keepdim = true} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x1xf32>
    "ir.return"(%d, %p) : (tensor<f32>, tensor<2x1xf32>) -> ()
  }) {sym_name = "distances"} : () -> ()
}) : () -> ()

// -----

// cosine_similarity divides each, broadcast to the shape of both by
// where(true, it, other), by its norm, at least eps, and sums the products
// along dim.
// CHECK:      %0 = "ir.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
// CHECK-NEXT: %1 = "aten.where.self"(%0, %a, %b) {arg_names = ["condition", "self", "other"]} : (tensor<i1>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = "aten.where.self"(%0, %b, %a) {arg_names = ["condition", "self", "other"]} : (tensor<i1>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %3 = "aten.linalg_vector_norm.default"(%1) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true, ord = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %4 = "aten.clamp_min.default"(%3) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %5 = "aten.div.Tensor"(%1, %4) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %6 = "aten.linalg_vector_norm.default"(%2) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true, ord = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %7 = "aten.clamp_min.default"(%6) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %8 = "aten.div.Tensor"(%2, %7) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %9 = "aten.mul.Tensor"(%5, %8) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %c = "aten.sum.dim_IntList"(%9) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-LABEL: }) {sym_name = "cosine_similarity"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>):
    %c = "aten.cosine_similarity.default"(%a, %b) {arg_names = ["x1", "x2"]} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2xf32>
    "ir.return"(%c) : (tensor<2xf32>) -> ()
  }) {sym_name = "cosine_similarity"} : () -> ()
}) : () -> ()

// -----

// Operands of one shape are not broadcast; a broadcast may be to dynamic
// sizes.
// CHECK:      %0 = "aten.linalg_vector_norm.default"(%a) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true, ord = 2.0 : f64} : (tensor<?x3xf32, "s0">) -> tensor<?x1xf32, "s0">
// CHECK-NEXT: %1 = "aten.clamp_min.default"(%0) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<?x1xf32, "s0">) -> tensor<?x1xf32, "s0">
// CHECK-NEXT: %2 = "aten.div.Tensor"(%a, %1) {arg_names = ["self", "other"]} : (tensor<?x3xf32, "s0">, tensor<?x1xf32, "s0">) -> tensor<?x3xf32, "s0">
// CHECK-NEXT: %3 = "aten.linalg_vector_norm.default"(%b) {arg_names = ["self"], dim = array<i64: 1>, keepdim = true, ord = 2.0 : f64} : (tensor<?x3xf32, "s0">) -> tensor<?x1xf32, "s0">
// CHECK-NEXT: %4 = "aten.clamp_min.default"(%3) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<?x1xf32, "s0">) -> tensor<?x1xf32, "s0">
// CHECK-NEXT: %5 = "aten.div.Tensor"(%b, %4) {arg_names = ["self", "other"]} : (tensor<?x3xf32, "s0">, tensor<?x1xf32, "s0">) -> tensor<?x3xf32, "s0">
// CHECK-NEXT: %6 = "aten.mul.Tensor"(%2, %5) {arg_names = ["self", "other"]} : (tensor<?x3xf32, "s0">, tensor<?x3xf32, "s0">) -> tensor<?x3xf32, "s0">
// CHECK-NEXT: %c = "aten.sum.dim_IntList"(%6) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<?x3xf32, "s0">) -> tensor<?xf32, "s0">
// CHECK-NEXT: %7 = "ir.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
// CHECK-NEXT: %8 = "aten.where.self"(%7, %q, %k) {arg_names = ["condition", "self", "other"]} : (tensor<i1>, tensor<?x1x3xf32, "s1">, tensor<5x3xf32>) -> tensor<?x5x3xf32, "s1">
// CHECK-NEXT: %9 = "aten.where.self"(%7, %k, %q) {arg_names = ["condition", "self", "other"]} : (tensor<i1>, tensor<5x3xf32>, tensor<?x1x3xf32, "s1">) -> tensor<?x5x3xf32, "s1">
// CHECK-NEXT: %10 = "aten.linalg_vector_norm.default"(%8) {arg_names = ["self"], dim = array<i64: 2>, keepdim = true, ord = 2.0 : f64} : (tensor<?x5x3xf32, "s1">) -> tensor<?x5x1xf32, "s1">
// CHECK-NEXT: %11 = "aten.clamp_min.default"(%10) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<?x5x1xf32, "s1">) -> tensor<?x5x1xf32, "s1">
// CHECK-NEXT: %12 = "aten.div.Tensor"(%8, %11) {arg_names = ["self", "other"]} : (tensor<?x5x3xf32, "s1">, tensor<?x5x1xf32, "s1">) -> tensor<?x5x3xf32, "s1">
// CHECK-NEXT: %13 = "aten.linalg_vector_norm.default"(%9) {arg_names = ["self"], dim = array<i64: 2>, keepdim = true, ord = 2.0 : f64} : (tensor<?x5x3xf32, "s1">) -> tensor<?x5x1xf32, "s1">
// CHECK-NEXT: %14 = "aten.clamp_min.default"(%13) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<?x5x1xf32, "s1">) -> tensor<?x5x1xf32, "s1">
// CHECK-NEXT: %15 = "aten.div.Tensor"(%9, %14) {arg_names = ["self", "other"]} : (tensor<?x5x3xf32, "s1">, tensor<?x5x1xf32, "s1">) -> tensor<?x5x3xf32, "s1">
// CHECK-NEXT: %16 = "aten.mul.Tensor"(%12, %15) {arg_names = ["self", "other"]} : (tensor<?x5x3xf32, "s1">, tensor<?x5x3xf32, "s1">) -> tensor<?x5x3xf32, "s1">
// CHECK-NEXT: %d = "aten.sum.dim_IntList"(%16) {arg_names = ["self"], dim = array<i64: 2>} : (tensor<?x5x3xf32, "s1">) -> tensor<?x5xf32, "s1">
// CHECK-LABEL: }) {sym_name = "cosine_similarity_dynamic"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<?x3xf32, "s0">, %b: tensor<?x3xf32, "s0">, %q: tensor<?x1x3xf32, "s1">, %k: tensor<5x3xf32>):
    %c = "aten.cosine_similarity.default"(%a, %b) {arg_names = ["x1", "x2"], dim = -1 : i64} : (tensor<?x3xf32, "s0">, tensor<?x3xf32, "s0">) -> tensor<?xf32, "s0">
    %d = "aten.cosine_similarity.default"(%q, %k) {arg_names = ["x1", "x2"], dim = -1 : i64} : (tensor<?x1x3xf32, "s1">, tensor<5x3xf32>) -> tensor<?x5xf32, "s1">
    "ir.return"(%c, %d) : (tensor<?xf32, "s0">, tensor<?x5xf32, "s1">) -> ()
  }) {sym_name = "cosine_similarity_dynamic"} : () -> ()
}) : () -> ()

// -----

// Of scalars the similarity is that of one-element vectors.
// CHECK:      %0 = "aten.unsqueeze.default"(%a) {arg_names = ["self"], dim = 0 : i64} : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: %1 = "aten.unsqueeze.default"(%b) {arg_names = ["self"], dim = 0 : i64} : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: %2 = "aten.linalg_vector_norm.default"(%0) {arg_names = ["self"], dim = array<i64: 0>, keepdim = true, ord = 2.0 : f64} : (tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %3 = "aten.clamp_min.default"(%2) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %4 = "aten.div.Tensor"(%0, %3) {arg_names = ["self", "other"]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %5 = "aten.linalg_vector_norm.default"(%1) {arg_names = ["self"], dim = array<i64: 0>, keepdim = true, ord = 2.0 : f64} : (tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %6 = "aten.clamp_min.default"(%5) {arg_names = ["self"], min = 1.0e-08 : f64} : (tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %7 = "aten.div.Tensor"(%1, %6) {arg_names = ["self", "other"]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %8 = "aten.mul.Tensor"(%4, %7) {arg_names = ["self", "other"]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT: %c = "aten.sum.dim_IntList"(%8) {arg_names = ["self"], dim = array<i64: 0>} : (tensor<1xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "cosine_similarity_scalars"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "aten.cosine_similarity.default"(%a, %b) {arg_names = ["x1", "x2"], dim = 0 : i64} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "ir.return"(%c) : (tensor<f32>) -> ()
  }) {sym_name = "cosine_similarity_scalars"} : () -> ()
}) : () -> ()

// -----

// cosine_embedding_loss: 1 - cos where target is 1, max(cos - margin, 0)
// where it is -1, averaged.
// CHECK:      %0 = "aten.mul.Tensor"(%a, %a) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = "aten.sum.dim_IntList"(%0) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %2 = "aten.add.Scalar"(%1) {arg_names = ["self"], other = 1.0e-12 : f64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %3 = "aten.mul.Tensor"(%b, %b) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = "aten.sum.dim_IntList"(%3) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %5 = "aten.add.Scalar"(%4) {arg_names = ["self"], other = 1.0e-12 : f64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %6 = "aten.mul.Tensor"(%2, %5) {arg_names = ["self", "other"]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %7 = "aten.sqrt.default"(%6) {arg_names = ["self"]} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %8 = "aten.mul.Tensor"(%a, %b) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %9 = "aten.sum.dim_IntList"(%8) {arg_names = ["self"], dim = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %10 = "aten.div.Tensor"(%9, %7) {arg_names = ["self", "other"]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %11 = "aten.rsub.Scalar"(%10) {arg_names = ["self"], other = 1.0 : f64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %12 = "aten.sub.Scalar"(%10) {arg_names = ["self"], other = 0.5 : f64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %13 = "aten.clamp_min.default"(%12) {arg_names = ["self"], min = 0.0 : f64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %14 = "aten.eq.Scalar"(%t) {arg_names = ["self"], other = 1 : i64} : (tensor<2xi64>) -> tensor<2xi1>
// CHECK-NEXT: %15 = "aten.where.ScalarOther"(%14, %11) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<2xi1>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %16 = "aten.eq.Scalar"(%t) {arg_names = ["self"], other = -1 : i64} : (tensor<2xi64>) -> tensor<2xi1>
// CHECK-NEXT: %17 = "aten.where.ScalarOther"(%16, %13) {arg_names = ["condition", "self"], other = 0.0 : f64} : (tensor<2xi1>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %18 = "aten.add.Tensor"(%15, %17) {arg_names = ["self", "other"]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %l = "aten.mean.default"(%18) {arg_names = ["self"]} : (tensor<2xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "cosine_embedding_loss"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %t: tensor<2xi64>):
    %l = "aten.cosine_embedding_loss.default"(%a, %b, %t) {arg_names = ["input1", "input2", "target"], margin = 0.5 : f64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xi64>) -> tensor<f32>
    "ir.return"(%l) : (tensor<f32>) -> ()
  }) {sym_name = "cosine_embedding_loss"} : () -> ()
}) : () -> ()

// -----

// triplet_margin_loss with swap: the distance to the negative is the least
// of the anchor's and the positive's; summed.
// CHECK:      %0 = "aten.sub.Tensor"(%a, %p) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = "aten.add.Scalar"(%0) {arg_names = ["self"], other = 1.0e-06 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = "aten.linalg_vector_norm.default"(%1) {arg_names = ["self"], dim = array<i64: 1>, keepdim = false, ord = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %3 = "aten.sub.Tensor"(%a, %n) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = "aten.add.Scalar"(%3) {arg_names = ["self"], other = 1.0e-06 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %5 = "aten.linalg_vector_norm.default"(%4) {arg_names = ["self"], dim = array<i64: 1>, keepdim = false, ord = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %6 = "aten.sub.Tensor"(%p, %n) {arg_names = ["self", "other"]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %7 = "aten.add.Scalar"(%6) {arg_names = ["self"], other = 1.0e-06 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %8 = "aten.linalg_vector_norm.default"(%7) {arg_names = ["self"], dim = array<i64: 1>, keepdim = false, ord = 2.0 : f64} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %9 = "aten.minimum.default"(%5, %8) {arg_names = ["self", "other"]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %10 = "aten.add.Scalar"(%2) {arg_names = ["self"], other = 1.0 : f64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %11 = "aten.sub.Tensor"(%10, %9) {arg_names = ["self", "other"]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %12 = "aten.clamp_min.default"(%11) {arg_names = ["self"], min = 0.0 : f64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %l = "aten.sum.default"(%12) {arg_names = ["self"]} : (tensor<2xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "triplet_margin_loss"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<2x3xf32>, %p: tensor<2x3xf32>, %n: tensor<2x3xf32>):
    %l = "aten.triplet_margin_loss.default"(%a, %p, %n) {arg_names = ["anchor", "positive", "negative"], swap = true, reduction = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
    "ir.return"(%l) : (tensor<f32>) -> ()
  }) {sym_name = "triplet_margin_loss"} : () -> ()
}) : () -> ()

// -----

// _euclidean_dist: [-2 x1, |x1|^2, 1] @ [x2, 1, |x2|^2]^T, at least 0, its
// square root.
// CHECK:      %0 = "aten.pow.Tensor_Scalar"(%a) {arg_names = ["self"], exponent = 2.0 : f64} : (tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %1 = "aten.sum.dim_IntList"(%0) {arg_names = ["self"], dim = array<i64: -1>, keepdim = true} : (tensor<4x3xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: %2 = "aten.ones_like.default"(%1) {arg_names = ["self"]} : (tensor<4x1xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: %3 = "aten.pow.Tensor_Scalar"(%b) {arg_names = ["self"], exponent = 2.0 : f64} : (tensor<5x3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT: %4 = "aten.sum.dim_IntList"(%3) {arg_names = ["self"], dim = array<i64: -1>, keepdim = true} : (tensor<5x3xf32>) -> tensor<5x1xf32>
// CHECK-NEXT: %5 = "aten.ones_like.default"(%4) {arg_names = ["self"]} : (tensor<5x1xf32>) -> tensor<5x1xf32>
// CHECK-NEXT: %6 = "aten.mul.Scalar"(%a) {arg_names = ["self"], other = -2.0 : f64} : (tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %7 = "aten.cat.default"(%6, %1, %2) {arg_names = ["tensors", "tensors", "tensors"], dim = -1 : i64} : (tensor<4x3xf32>, tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %8 = "aten.cat.default"(%b, %5, %4) {arg_names = ["tensors", "tensors", "tensors"], dim = -1 : i64} : (tensor<5x3xf32>, tensor<5x1xf32>, tensor<5x1xf32>) -> tensor<5x5xf32>
// CHECK-NEXT: %9 = "aten.transpose.int"(%8) {arg_names = ["self"], dim0 = -2 : i64, dim1 = -1 : i64} : (tensor<5x5xf32>) -> tensor<5x5xf32>
// CHECK-NEXT: %10 = "aten.matmul.default"(%7, %9) {arg_names = ["self", "other"]} : (tensor<4x5xf32>, tensor<5x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %11 = "aten.clamp_min.default"(%10) {arg_names = ["self"], min = 0.0 : f64} : (tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %d = "aten.sqrt.default"(%11) {arg_names = ["self"]} : (tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-LABEL: }) {sym_name = "euclidean_dist"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%a: tensor<4x3xf32>, %b: tensor<5x3xf32>):
    %d = "aten._euclidean_dist.default"(%a, %b) {arg_names = ["x1", "x2"]} : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
    "ir.return"(%d) : (tensor<4x5xf32>) -> ()
  }) {sym_name = "euclidean_dist"} : () -> ()
}) : () -> ()

// -----

// renorm scales the slices along dim whose norm exceeds maxnorm by
// maxnorm / (norm + 1e-7).
// CHECK:      %0 = "aten.linalg_vector_norm.default"(%x) {arg_names = ["self"], dim = array<i64: 0, 2>, keepdim = true, ord = 1.0 : f64} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %1 = "aten.full_like.default"(%0) {arg_names = ["self"], fill_value = 5.0 : f64} : (tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %2 = "aten.add.Scalar"(%0) {arg_names = ["self"], other = 1.0e-07 : f64} : (tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %3 = "aten.div.Tensor"(%1, %2) {arg_names = ["self", "other"]} : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %4 = "aten.gt.Scalar"(%0) {arg_names = ["self"], other = 5.0 : f64} : (tensor<1x3x1xf32>) -> tensor<1x3x1xi1>
// CHECK-NEXT: %5 = "aten.where.ScalarOther"(%4, %3) {arg_names = ["condition", "self"], other = 1.0 : f64} : (tensor<1x3x1xi1>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %r = "aten.mul.Tensor"(%x, %5) {arg_names = ["self", "other"]} : (tensor<2x3x4xf32>, tensor<1x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-LABEL: }) {sym_name = "renorm"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %r = "aten.renorm.default"(%x) {arg_names = ["self"], p = 1 : i64, dim = 1 : i64, maxnorm = 5.0 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "ir.return"(%r) : (tensor<2x3x4xf32>) -> ()
  }) {sym_name = "renorm"} : () -> ()
}) : () -> ()

// -----

// Integer inputs and a renorm of a vector stay.
// CHECK:      %p = "aten.dist.default"(%i, %i) {arg_names = ["self", "other"]} : (tensor<3xi64>, tensor<3xi64>) -> tensor<i64>
// CHECK-NEXT: %r = "aten.renorm.default"(%v) {arg_names = ["self"], dim = 0 : i64, maxnorm = 1.0 : f64, p = 2 : i64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %c = "aten.cosine_similarity.default"(%i, %v) {arg_names = ["x1", "x2"], dim = -1 : i64} : (tensor<3xi64>, tensor<3xf32>) -> tensor<f32>
// CHECK-LABEL: }) {sym_name = "declined"}
// TRACE: pattern aten.dist.default on aten.dist.default %p: the result is not a floating tensor
// TRACE: pattern aten.renorm.default on aten.renorm.default %r: `self` has fewer than two dims or `dim` is not one
// TRACE: pattern aten.cosine_similarity.default on aten.cosine_similarity.default %c: `x1` or `x2` is not a tensor of the result's dtype
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<3xi64>, %v: tensor<3xf32>):
    %p = "aten.dist.default"(%i, %i) {arg_names = ["self", "other"]} : (tensor<3xi64>, tensor<3xi64>) -> tensor<i64>
    %r = "aten.renorm.default"(%v) {arg_names = ["self"], p = 2 : i64, dim = 0 : i64, maxnorm = 1.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
    %c = "aten.cosine_similarity.default"(%i, %v) {arg_names = ["x1", "x2"], dim = -1 : i64} : (tensor<3xi64>, tensor<3xf32>) -> tensor<f32>
    "ir.return"(%p, %r, %c) : (tensor<i64>, tensor<3xf32>, tensor<f32>) -> ()
  }) {sym_name = "declined"} : () -> ()
}) : () -> ()
