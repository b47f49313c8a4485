// RUN: %pt2onnx-opt %s --split-input-file --custom-ops %S/Inputs/custom-ops.json 2>/dev/null | FileCheck %s

// The node form: the op becomes a node of its domain, at the table's version;
// its constant arguments become the ONNX attributes, typed from their values,
// and a left-out argument takes the table's default (n = 2). The result keeps
// its name, type and provenance.
// CHECK: %scaled_tanh = "onnx_domain.com.example.ScaledTanh"(%x) {alpha = 0.25 : f64, ir.domain_version = 2 : i64, scale = 2 : i64} : (tensor<3x5xf32>) -> tensor<3x5xf32> loc("scaled_tanh")
// CHECK: %scaled_tanh_1 = "onnx_domain.com.example.ScaledTanh"(%x) {alpha = 0.5 : f64, ir.domain_version = 2 : i64, scale = 3 : i64}
// CHECK-NOT: mylib.
// CHECK-LABEL: }) {sym_name = "node_form"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5xf32>):
    %scaled_tanh = "mylib.scaled_tanh.default"(%x) {a = 2.500000e-01 : f64, arg_names = ["x"]} : (tensor<3x5xf32>) -> tensor<3x5xf32> loc("scaled_tanh")
    %scaled_tanh_1 = "mylib.scaled_tanh.default"(%x) {a = 5.000000e-01 : f64, arg_names = ["x"], n = 3 : i64} : (tensor<3x5xf32>) -> tensor<3x5xf32> loc("scaled_tanh_1")
    "ir.return"(%scaled_tanh, %scaled_tanh_1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> ()
  }) {sym_name = "node_form"} : () -> ()
}) : () -> ()

// -----

// The default domain ("") gives a plain ONNX op, which the later passes know.
// CHECK: %flagged = "onnx.Where"(%cond, %x, %y) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: }) {sym_name = "default_domain"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%cond: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xf32>):
    %flagged = "mylib.flagged.default"(%cond, %x, %y) {arg_names = ["cond", "x", "y"]} : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%flagged) : (tensor<4xf32>) -> ()
  }) {sym_name = "default_domain"} : () -> ()
}) : () -> ()

// -----

// A None tensor argument, and one this node leaves out (another node passes
// it), are omitted optional inputs; lists of bools, ints and strings are list
// attributes.
// CHECK: %[[NONE:.*]] = "ir.constant"() {value} : () -> none
// CHECK: %[[NONE2:.*]] = "ir.constant"() {value} : () -> none
// CHECK: %biased = "onnx_domain.com.example.Biased"(%x, %[[NONE]], %[[NONE2]]) {flags = array<i64: 1, 0>, ir.domain_version = 2 : i64, names = ["a", "b"], sizes = array<i64: 2, 3>}
// CHECK: %biased_1 = "onnx_domain.com.example.Biased"(%x, %b, %s) {flags = array<i64: 0>, ir.domain_version = 2 : i64, names = array<i64>, sizes = array<i64>}
// CHECK-LABEL: }) {sym_name = "omitted_inputs"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x3xf32>, %b: tensor<3xf32>, %s: tensor<3xf32>):
    %biased = "mylib.optional_bias.default"(%x) {arg_names = ["x"], bias, flags = [true, false], names = ["a", "b"], sizes = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %biased_1 = "mylib.optional_bias.default"(%x, %b, %s) {arg_names = ["x", "bias", "scale"], flags = [false], names = [], sizes = array<i64>} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    "ir.return"(%biased, %biased_1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {sym_name = "omitted_inputs"} : () -> ()
}) : () -> ()

// -----

// The body form, inlined: the function's arguments bind by name, constants
// become ir.constants of the argument's type, the ops take the op's place
// and its provenance, and the last value its name and its exact type.
// CHECK: %[[A:.*]] = "ir.constant"() {value = 0.75 : f64} : () -> !torch.symfloat loc("st")
// CHECK: %[[N:.*]] = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2"> loc("st")
// CHECK: %[[S:.*]] = "aten.mul.Tensor"(%x, %[[A]]) {arg_names = ["self", "other"]} : (tensor<3x5xf32>, !torch.symfloat) -> tensor<?x?xf32, "?, ?"> loc("st")
// CHECK: %[[T:.*]] = "aten.tanh.default"(%[[S]])
// CHECK: %st = "aten.mul.Tensor"(%[[T]], %[[N]]) {arg_names = ["self", "other"]} : (tensor<?x?xf32, "?, ?">, !torch.symint<"2">) -> tensor<3x5xf32> loc("st")
// CHECK: "ir.return"(%st)
// CHECK-LABEL: }) {sym_name = "inlined_body"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5xf32>):
    %st = "mylib.scaled_tanh_inline.default"(%x) {a = 7.500000e-01 : f64, arg_names = ["x"]} : (tensor<3x5xf32>) -> tensor<3x5xf32> loc("st")
    "ir.return"(%st) : (tensor<3x5xf32>) -> ()
  }) {sym_name = "inlined_body"} : () -> ()
}) : () -> ()

// -----

// A body of ONNX ops, unranked: an int constant bound to a rank-0 float
// tensor is a dense constant of that dtype.
// CHECK: %[[A:.*]] = "ir.constant"() {value = dense<"0x00004040"> : tensor<f32>} : () -> tensor<f32>
// CHECK: %[[S:.*]] = "onnx.Mul"(%x, %[[A]]) : (tensor<2x2xf32>, tensor<f32>) -> tensor<*xf32>
// CHECK: %body = "onnx.Tanh"(%[[S]]) : (tensor<*xf32>) -> tensor<2x2xf32>
// CHECK-LABEL: }) {sym_name = "onnx_body"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<2x2xf32>):
    %body = "mylib.onnx_body.default"(%x) {a = 3 : i64, arg_names = ["x"]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    "ir.return"(%body) : (tensor<2x2xf32>) -> ()
  }) {sym_name = "onnx_body"} : () -> ()
}) : () -> ()

// -----

// A body with two results: a value it computes replaces the first, the
// argument it returns as it is replaces the second (uses of the op's second
// result now use %x).
// CHECK: %pair = "aten.tanh.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "ir.return"(%pair, %x)
// CHECK-LABEL: }) {sym_name = "two_results"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %pair:2 = "mylib.pair.default"(%x) {arg_names = ["x"]} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    "ir.return"(%pair#0, %pair#1) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) {sym_name = "two_results"} : () -> ()
}) : () -> ()

// -----

// The body form as a local function: one call op whose region is the body,
// its tensor arguments typed as at the call. Constant arguments are inputs
// too, constants of the calling graph named after the result and the
// argument, so that calls differing only in them share one function; inside,
// they keep the function's types.
// CHECK: %st_a = "ir.constant"() {value = 0.75 : f64} : () -> !torch.symfloat
// CHECK-NEXT: %st_n = "ir.constant"() {value = 2 : i64} : () -> !torch.symint<"2">
// CHECK-NEXT: %st = "onnx_function.com.example.functions.ScaledTanh"(%x, %st_a, %st_n) ({
// CHECK-NEXT: ^bb0(%x{{.*}}: tensor<3x5xf32>, %a: !torch.symfloat, %n: !torch.symint):
// CHECK: "aten.tanh.default"
// CHECK: "ir.return"
// CHECK-NEXT: }) {ir.domain_version = 1 : i64} : (tensor<3x5xf32>, !torch.symfloat, !torch.symint<"2">) -> tensor<3x5xf32> loc("st")
// CHECK-LABEL: }) {sym_name = "local_function"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5xf32>):
    %st = "mylib.scaled_tanh_fn.default"(%x) {a = 7.500000e-01 : f64, arg_names = ["x"]} : (tensor<3x5xf32>) -> tensor<3x5xf32> loc("st")
    "ir.return"(%st) : (tensor<3x5xf32>) -> ()
  }) {sym_name = "local_function"} : () -> ()
}) : () -> ()

// -----

// An entry may replace the built-in lowering of an ATen op (with a warning,
// custom-ops-diagnostics.mlir).
// CHECK: %gelu = "onnx_domain.com.microsoft.Gelu"(%x) {ir.domain_version = 1 : i64}
// CHECK-LABEL: }) {sym_name = "aten_override"}
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %gelu = "aten.gelu.default"(%x) {arg_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
    "ir.return"(%gelu) : (tensor<4xf32>) -> ()
  }) {sym_name = "aten_override"} : () -> ()
}) : () -> ()
