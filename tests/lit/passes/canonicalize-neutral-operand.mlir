// RUN: %pt2onnx-opt %s --split-input-file --passes=canonicalize --verify | FileCheck %s
// RUN: %pt2onnx-opt %s --split-input-file --passes='canonicalize{trace-failures=1}' -o %t 2>&1 | FileCheck %s --check-prefix=TRACE

// drop-neutral-operand: x * 1, 1 * x, x / 1, x + 0, x - 0 (integers),
// x + (-0.0), x - (+0.0) (floats), x & true, x | false are x, when the
// constant does not broadcast x up. Only exact identities: x + 0.0 is not x
// for x = -0.0.

// 1 * x is x: the constant may stand on the left of a Mul.
// CHECK-NOT: "onnx.Mul"
// CHECK: "ir.return"(%f)
// CHECK-LABEL: }) {sym_name = "one_times_x"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %one_f = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>} : () -> tensor<f32>
    %mul_one = "onnx.Mul"(%one_f, %f) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%mul_one) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "one_times_x"} : () -> ()
}) : () -> ()

// -----

// x / 1 is x, with a 1 that broadcasts along x without growing it.
// CHECK-NOT: "onnx.Div"
// CHECK: "ir.return"(%f)
// CHECK-LABEL: }) {sym_name = "x_over_ones"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %ones_row = "ir.constant"() {value = dense<"0x0000803F0000803F0000803F"> : tensor<3xf32>} : () -> tensor<3xf32>
    %div_one = "onnx.Div"(%f, %ones_row) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    "ir.return"(%div_one) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "x_over_ones"} : () -> ()
}) : () -> ()

// -----

// -0.0 + x is x for every float x, -0.0 included.
// CHECK-NOT: "onnx.Add"
// CHECK: "ir.return"(%f)
// CHECK-LABEL: }) {sym_name = "negative_zero_plus_x"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %neg_zero_f = "ir.constant"() {value = dense<"0x00000080"> : tensor<f32>} : () -> tensor<f32>
    %add_neg = "onnx.Add"(%neg_zero_f, %f) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%add_neg) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "negative_zero_plus_x"} : () -> ()
}) : () -> ()

// -----

// x - (+0.0) is x for every float x.
// CHECK-NOT: "onnx.Sub"
// CHECK: "ir.return"(%f)
// CHECK-LABEL: }) {sym_name = "x_minus_positive_zero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %zero_f = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %sub_pos = "onnx.Sub"(%f, %zero_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%sub_pos) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "x_minus_positive_zero"} : () -> ()
}) : () -> ()

// -----

// x + 0 is x for integers.
// CHECK-NOT: "onnx.Add"
// CHECK: "ir.return"(%i)
// CHECK-LABEL: }) {sym_name = "integer_plus_zero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<2x3xi64>):
    %zero_i = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %add_int = "onnx.Add"(%i, %zero_i) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    "ir.return"(%add_int) : (tensor<2x3xi64>) -> ()
  }) {sym_name = "integer_plus_zero"} : () -> ()
}) : () -> ()

// -----

// x - 0 is x for integers.
// CHECK-NOT: "onnx.Sub"
// CHECK: "ir.return"(%i)
// CHECK-LABEL: }) {sym_name = "integer_minus_zero"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%i: tensor<2x3xi64>):
    %zero_i = "ir.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %sub_int = "onnx.Sub"(%i, %zero_i) : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
    "ir.return"(%sub_int) : (tensor<2x3xi64>) -> ()
  }) {sym_name = "integer_minus_zero"} : () -> ()
}) : () -> ()

// -----

// true & x is x.
// CHECK-NOT: "onnx.And"
// CHECK: "ir.return"(%b)
// CHECK-LABEL: }) {sym_name = "true_and_x"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>):
    %true = "ir.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
    %and_true = "onnx.And"(%true, %b) : (tensor<i1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    "ir.return"(%and_true) : (tensor<2x3xi1>) -> ()
  }) {sym_name = "true_and_x"} : () -> ()
}) : () -> ()

// -----

// x | false is x, the false a ConstantOfShape, which counts as the constant.
// CHECK-NOT: "onnx.Or"
// CHECK: "ir.return"(%b)
// CHECK-LABEL: }) {sym_name = "x_or_filled_false"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%b: tensor<2x3xi1>):
    %empty = "ir.constant"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
    %false = "onnx.ConstantOfShape"(%empty) {value = dense<false> : tensor<1xi1>} : (tensor<0xi64>) -> tensor<i1>
    %or_false = "onnx.Or"(%b, %false) : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
    "ir.return"(%or_false) : (tensor<2x3xi1>) -> ()
  }) {sym_name = "x_or_filled_false"} : () -> ()
}) : () -> ()

// -----

// Refused: x + (+0.0) is +0.0, not x, for x = -0.0.
// CHECK: %add_pos = "onnx.Add"(%f, %zero_f)
// CHECK-LABEL: }) {sym_name = "add_positive_zero"}
// TRACE: pattern drop-neutral-operand on onnx.Add %add_pos: no operand is a neutral constant that leaves the other's shape unchanged
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %zero_f = "ir.constant"() {value = dense<"0x00000000"> : tensor<f32>} : () -> tensor<f32>
    %add_pos = "onnx.Add"(%f, %zero_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%add_pos) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "add_positive_zero"} : () -> ()
}) : () -> ()

// -----

// Refused: x - (-0.0) is +0.0, not x, for x = -0.0.
// CHECK: %sub_neg = "onnx.Sub"(%f, %neg_zero_f)
// CHECK-LABEL: }) {sym_name = "sub_negative_zero"}
// TRACE: pattern drop-neutral-operand on onnx.Sub %sub_neg: no operand is a neutral constant
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %neg_zero_f = "ir.constant"() {value = dense<"0x00000080"> : tensor<f32>} : () -> tensor<f32>
    %sub_neg = "onnx.Sub"(%f, %neg_zero_f) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "ir.return"(%sub_neg) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "sub_negative_zero"} : () -> ()
}) : () -> ()

// -----

// Refused: x * 1 where the 1 broadcasts x up to a higher rank.
// CHECK: %grow = "onnx.Mul"(%f, %ones_3d)
// CHECK-LABEL: }) {sym_name = "one_broadcasts_up"}
// TRACE: pattern drop-neutral-operand on onnx.Mul %grow: no operand is a neutral constant
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %ones_3d = "ir.constant"() {value = dense<"0x0000803F"> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
    %grow = "onnx.Mul"(%f, %ones_3d) : (tensor<2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    "ir.return"(%grow) : (tensor<1x2x3xf32>) -> ()
  }) {sym_name = "one_broadcasts_up"} : () -> ()
}) : () -> ()

// -----

// Refused: 1 / x (division does not commute).
// CHECK: %recip = "onnx.Div"(%one_f, %f)
// CHECK-LABEL: }) {sym_name = "one_divided_by_x"}
// TRACE: pattern drop-neutral-operand on onnx.Div %recip: no operand is a neutral constant
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%f: tensor<2x3xf32>):
    %one_f = "ir.constant"() {value = dense<"0x0000803F"> : tensor<f32>} : () -> tensor<f32>
    %recip = "onnx.Div"(%one_f, %f) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "ir.return"(%recip) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "one_divided_by_x"} : () -> ()
}) : () -> ()

// -----

// Refused: in float8 FNUZ types the bits of -0.0 are NaN, so x + 0x80 is
// not x.
// CHECK: %add_nan = "onnx.Add"(%e, %nan_e)
// CHECK-LABEL: }) {sym_name = "fnuz_has_no_negative_zero"}
// TRACE: pattern drop-neutral-operand on onnx.Add %add_nan: no operand is a neutral constant
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%e: tensor<2x!torch.f8E4M3FNUZ>):
    %nan_e = "ir.constant"() {value = dense<"0x80"> : tensor<!torch.f8E4M3FNUZ>} : () -> tensor<!torch.f8E4M3FNUZ>
    %add_nan = "onnx.Add"(%e, %nan_e) : (tensor<2x!torch.f8E4M3FNUZ>, tensor<!torch.f8E4M3FNUZ>) -> tensor<2x!torch.f8E4M3FNUZ>
    "ir.return"(%add_nan) : (tensor<2x!torch.f8E4M3FNUZ>) -> ()
  }) {sym_name = "fnuz_has_no_negative_zero"} : () -> ()
}) : () -> ()
