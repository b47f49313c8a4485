// Not split: each RUN line gives pt2onnx-opt another table (split-file
// writes the files below to %t). Every error names the table, the entry and
// the field, exits 2 and leaves no output; warnings do not stop the program.
// RUN: rm -rf %t && split-file %s %t

// Not JSON: the line and column of the fault.
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/syntax.json 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: pt2onnx-opt: error: {{.*}}syntax.json:2:58: error: invalid JSON: syntax error while parsing object - unexpected string literal; expected '}'

// A key that is not a qualified op name, an unknown field, a field of the
// wrong JSON type, a node entry without its op type.
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/key.json 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: {{.*}}key.json: mylib.scaled_tanh: expected 'namespace::name' or 'namespace::name.overload'
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/unknown.json 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: {{.*}}unknown.json: mylib::scaled_tanh.input: unknown key; a node entry has attributes, defaults, domain, inputs, op_type, version
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/type.json 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: error: {{.*}}type.json: mylib::scaled_tanh.inputs: expected an array of argument names, got a string
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/version.json 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: error: {{.*}}version.json: mylib::scaled_tanh.version: expected a positive integer, got 0
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/incomplete.json 2>&1 | FileCheck %s --check-prefix=INCOMPLETE
// INCOMPLETE: error: {{.*}}incomplete.json: mylib::scaled_tanh: a node entry needs 'op_type' (or 'function' for a body in textual IR)
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/function-fields.json 2>&1 | FileCheck %s --check-prefix=FUNCTION-FIELDS
// FUNCTION-FIELDS: error: {{.*}}function-fields.json: mylib::scaled_tanh.domain: names the ONNX local function: only with "as_function": true

// The program's side: an argument no node of the op has, a constant where a
// tensor input is expected, an argument left at a default the table does
// not give.
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/no-argument.json 2>&1 | FileCheck %s --check-prefix=NO-ARGUMENT
// NO-ARGUMENT: error: {{.*}}no-argument.json: mylib::scaled_tanh.attributes.alpha: the op has no argument 'b' (its nodes pass a, n, x)
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/constant-input.json 2>&1 | FileCheck %s --check-prefix=CONSTANT-INPUT
// CONSTANT-INPUT: error: {{.*}}constant-input.json: mylib::scaled_tanh.inputs[1]: argument 'a' of 'mylib.scaled_tanh.default' op 'st' in graph 'main' is the constant 0.25, not a tensor: map it to an attribute under 'attributes'
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/no-default.json 2>&1 | FileCheck %s --check-prefix=NO-DEFAULT
// NO-DEFAULT: error: {{.*}}no-default.json: mylib::scaled_tanh.attributes.scale: 'mylib.scaled_tanh.default' op 'st' in graph 'main' leaves argument 'n' at its default, which the program does not record: give its value in 'defaults'

// Function files: one that does not parse has its own located error; one
// whose signature does not fit the op is refused with both types.
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/broken-function.json 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN: error: {{.*}}broken.mlir:4:30: error: use of undefined value '%y'
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/missing-function.json 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: {{.*}}missing-function.json: mylib::scaled_tanh.function: cannot read '{{.*}}nowhere.mlir': No such file or directory
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/rank.json 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: {{.*}}rank.json: mylib::scaled_tanh.function: function argument %x (tensor<?xf32{{.*}}>) does not fit argument 'x' of 'mylib.scaled_tanh.default' op 'st' in graph 'main', a tensor<3x5xf32>
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/float-to-int.json 2>&1 | FileCheck %s --check-prefix=FLOAT-TO-INT
// FLOAT-TO-INT: error: {{.*}}float-to-int.json: mylib::scaled_tanh.function: function argument %a (!torch.symint) cannot take the constant 0.25 of argument 'a' of 'mylib.scaled_tanh.default' op 'st' in graph 'main' (a constant binds to !torch.symint, !torch.symfloat, !torch.symbool or a rank-0 tensor that holds it)
// RUN: not %pt2onnx-opt %t/program.mlir --custom-ops %t/symbolic.json 2>&1 | FileCheck %s --check-prefix=SYMBOLIC
// SYMBOLIC: error: {{.*}}symbolic.mlir: the type tensor<?x5xf32, "s0"> names a symbol; a function's dims are static or '?'

// Warnings: an entry that matches nothing, an entry replacing an ATen op's
// built-in lowering. The program is still rewritten.
// RUN: %pt2onnx-opt %t/program.mlir --custom-ops %t/warnings.json 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: {{.*}}warnings.json: aten::relu: replaces the built-in lowering of aten.relu.default
// WARN: warning: {{.*}}warnings.json: mylib::unused: matches no op in the program
// WARN: "onnx.Relu"

// pt2onnx: exit code 2, and no model written.
// RUN: rm -f %t/model.onnx
// RUN: sh -c '%pt2onnx %t/program.mlir -o %t/model.onnx --custom-ops %t/no-default.json 2>/dev/null; test $? -eq 2'
// RUN: test ! -e %t/model.onnx

//--- program.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5xf32>):
    %st = "mylib.scaled_tanh.default"(%x) {a = 2.500000e-01 : f64, arg_names = ["x"]} : (tensor<3x5xf32>) -> tensor<3x5xf32> loc("st")
    %st_1 = "mylib.scaled_tanh.default"(%x) {a = 5.000000e-01 : f64, arg_names = ["x"], n = 3 : i64} : (tensor<3x5xf32>) -> tensor<3x5xf32> loc("st_1")
    %relu = "aten.relu.default"(%st) {arg_names = ["self"]} : (tensor<3x5xf32>) -> tensor<3x5xf32>
    "ir.return"(%relu, %st_1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- syntax.json
{
  "mylib::scaled_tanh": {"domain": "com.example" "op_type": "ScaledTanh"}
}
//--- key.json
{"mylib.scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh"}}
//--- unknown.json
{"mylib::scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh", "input": ["x"]}}
//--- type.json
{"mylib::scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh", "inputs": "x"}}
//--- version.json
{"mylib::scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh", "version": 0}}
//--- incomplete.json
{"mylib::scaled_tanh": {"domain": "com.example"}}
//--- function-fields.json
{"mylib::scaled_tanh": {"function": "scaled_tanh.mlir", "domain": "com.example"}}
//--- no-argument.json
{"mylib::scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh", "inputs": ["x"], "attributes": {"alpha": "b"}}}
//--- constant-input.json
{"mylib::scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh", "inputs": ["x", "a"]}}
//--- no-default.json
{"mylib::scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh", "inputs": ["x"], "attributes": {"alpha": "a", "scale": "n"}}}
//--- broken-function.json
{"mylib::scaled_tanh": {"function": "broken.mlir"}}
//--- broken.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x?xf32>):
    %t = "aten.tanh.default"(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    "ir.return"(%t) : (tensor<?x?xf32>) -> ()
  }) {sym_name = "Broken"} : () -> ()
}) : () -> ()
//--- missing-function.json
{"mylib::scaled_tanh": {"function": "nowhere.mlir"}}
//--- rank.json
{"mylib::scaled_tanh": {"function": "rank1.mlir", "defaults": {"n": 2}}}
//--- rank1.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?xf32>):
    %t = "aten.tanh.default"(%x) {arg_names = ["self"]} : (tensor<?xf32>) -> tensor<?xf32>
    "ir.return"(%t) : (tensor<?xf32>) -> ()
  }) {sym_name = "Rank1"} : () -> ()
}) : () -> ()
//--- float-to-int.json
{"mylib::scaled_tanh": {"function": "int-scale.mlir"}}
//--- int-scale.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<3x5xf32>, %a: !torch.symint):
    %m = "aten.mul.Tensor"(%x, %a) {arg_names = ["self", "other"]} : (tensor<3x5xf32>, !torch.symint) -> tensor<3x5xf32>
    "ir.return"(%m) : (tensor<3x5xf32>) -> ()
  }) {sym_name = "IntScale"} : () -> ()
}) : () -> ()
//--- symbolic.json
{"mylib::scaled_tanh": {"function": "symbolic.mlir"}}
//--- symbolic.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<?x5xf32, "s0">):
    %t = "aten.tanh.default"(%x) {arg_names = ["self"]} : (tensor<?x5xf32, "s0">) -> tensor<?x5xf32, "s0">
    "ir.return"(%t) : (tensor<?x5xf32, "s0">) -> ()
  }) {sym_name = "Symbolic"} : () -> ()
}) {ir.symbols = {s0 = #ir.range<2, 64>}} : () -> ()
//--- warnings.json
{
  "aten::relu": {"domain": "", "op_type": "Relu", "inputs": ["self"]},
  "mylib::scaled_tanh": {"domain": "com.example", "op_type": "ScaledTanh", "inputs": ["x"], "defaults": {"n": 2}},
  "mylib::unused": {"domain": "com.example", "op_type": "Unused"}
}
