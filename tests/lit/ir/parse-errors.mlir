// Parse errors name the file, line and column of the offending text, and
// the tool exits with 2 (bad input). Each case is its own file.
// RUN: split-file %s %t
// RUN: sh -c '%pt2onnx-opt %t/undefined.mlir 2>/dev/null; test $? -eq 2'

// A use list must be closed.
// RUN: not %pt2onnx-opt %t/operand-list.mlir 2>&1 | FileCheck %s --check-prefix=OPERAND-LIST
// OPERAND-LIST: pt2onnx-opt: error: {{.*}}operand-list.mlir:4:19: error: expected ')' in operand list

// A name never defined: reported at its first use.
// RUN: not %pt2onnx-opt %t/undefined.mlir 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// UNDEFINED: pt2onnx-opt: error: {{.*}}undefined.mlir:4:20: error: use of undefined value '%z'

// A use before the definition must agree with the definition's type.
// RUN: not %pt2onnx-opt %t/forward-type.mlir 2>&1 | FileCheck %s --check-prefix=FORWARD-TYPE
// FORWARD-TYPE: pt2onnx-opt: error: {{.*}}forward-type.mlir:4:16: error: '%z' has type tensor<4xf32>, but this use expects tensor<2xf32>

// Operand types come from the value; the signature must agree.
// RUN: not %pt2onnx-opt %t/use-type.mlir 2>&1 | FileCheck %s --check-prefix=USE-TYPE
// USE-TYPE: pt2onnx-opt: error: {{.*}}use-type.mlir:4:16: error: '%x' has type tensor<4xf32>, but this use expects tensor<2xf32>

// MLIR rejects defining a name that an enclosing region already defines.
// RUN: not %pt2onnx-opt %t/redefinition.mlir 2>&1 | FileCheck %s --check-prefix=REDEFINITION
// REDEFINITION: pt2onnx-opt: error: {{.*}}redefinition.mlir:5:10: error: redefinition of value '%x'
// RUN: not %pt2onnx-opt %t/result-number.mlir 2>&1 | FileCheck %s --check-prefix=RESULT-NUMBER
// RESULT-NUMBER: pt2onnx-opt: error: {{.*}}result-number.mlir:5:11: error: '%y' has 2 results; there is no result #2
// RUN: not %pt2onnx-opt %t/operand-types.mlir 2>&1 | FileCheck %s --check-prefix=OPERAND-TYPES
// OPERAND-TYPES: pt2onnx-opt: error: {{.*}}operand-types.mlir:4:26: error: expected 2 operand types but had 1
// RUN: not %pt2onnx-opt %t/result-count.mlir 2>&1 | FileCheck %s --check-prefix=RESULT-COUNT
// RESULT-COUNT: pt2onnx-opt: error: {{.*}}result-count.mlir:4:5: error: operation defines 1 results but was provided 2 to bind

// Types.
// RUN: not %pt2onnx-opt %t/element-type.mlir 2>&1 | FileCheck %s --check-prefix=ELEMENT-TYPE
// ELEMENT-TYPE: pt2onnx-opt: error: {{.*}}element-type.mlir:4:50: error: unknown element type 'f13'
// RUN: not %pt2onnx-opt %t/value-type.mlir 2>&1 | FileCheck %s --check-prefix=VALUE-TYPE
// VALUE-TYPE: pt2onnx-opt: error: {{.*}}value-type.mlir:4:41: error: 'f32' is an element type; values have tensor, !torch.* or none types (write tensor<f32>)
// RUN: not %pt2onnx-opt %t/encoding.mlir 2>&1 | FileCheck %s --check-prefix=ENCODING
// ENCODING: pt2onnx-opt: error: {{.*}}encoding.mlir:4:57: error: expected 2 entries in the encoding, one per dynamic dim, found 1
// RUN: not %pt2onnx-opt %t/symbolic.mlir 2>&1 | FileCheck %s --check-prefix=SYMBOLIC
// SYMBOLIC: pt2onnx-opt: error: {{.*}}symbolic.mlir:4:55: error: invalid symbolic expression: expected ')', found the end at column 8 in 's0 + (1'

// Attributes.
// RUN: not %pt2onnx-opt %t/duplicate-attr.mlir 2>&1 | FileCheck %s --check-prefix=DUPLICATE-ATTR
// DUPLICATE-ATTR: pt2onnx-opt: error: {{.*}}duplicate-attr.mlir:4:31: error: duplicate attribute 'alpha'
// RUN: not %pt2onnx-opt %t/unterminated.mlir 2>&1 | FileCheck %s --check-prefix=UNTERMINATED
// UNTERMINATED: pt2onnx-opt: error: {{.*}}unterminated.mlir:4:18: error: unterminated string literal
// RUN: not %pt2onnx-opt %t/escape.mlir 2>&1 | FileCheck %s --check-prefix=ESCAPE
// ESCAPE: pt2onnx-opt: error: {{.*}}escape.mlir:4:20: error: unknown escape in string literal
// RUN: not %pt2onnx-opt %t/float-type.mlir 2>&1 | FileCheck %s --check-prefix=FLOAT-TYPE
// FLOAT-TYPE: pt2onnx-opt: error: {{.*}}float-type.mlir:4:18: error: unexpected decimal integer literal for a floating point value
// RUN: not %pt2onnx-opt %t/unknown-attr.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN-ATTR
// UNKNOWN-ATTR: pt2onnx-opt: error: {{.*}}unknown-attr.mlir:4:18: error: unknown attribute '#foo.bar'

// Dense literals must match their type.
// RUN: not %pt2onnx-opt %t/dense-shape.mlir 2>&1 | FileCheck %s --check-prefix=DENSE-SHAPE
// DENSE-SHAPE: pt2onnx-opt: error: {{.*}}dense-shape.mlir:4:33: error: dense literal has 1 elements in dimension 1, but tensor<2x2xi32> has 2
// RUN: not %pt2onnx-opt %t/dense-range.mlir 2>&1 | FileCheck %s --check-prefix=DENSE-RANGE
// DENSE-RANGE: pt2onnx-opt: error: {{.*}}dense-range.mlir:4:28: error: integer out of range for tensor<2xui8>
// RUN: not %pt2onnx-opt %t/dense-hex.mlir 2>&1 | FileCheck %s --check-prefix=DENSE-HEX
// DENSE-HEX: pt2onnx-opt: error: {{.*}}dense-hex.mlir:4:24: error: hexadecimal data has 5 bytes, but tensor<2xf32> needs 8
// RUN: not %pt2onnx-opt %t/dense-f16.mlir 2>&1 | FileCheck %s --check-prefix=DENSE-F16
// DENSE-F16: pt2onnx-opt: error: {{.*}}dense-f16.mlir:4:24: error: expected hexadecimal data "0x..." for tensor<2xf16>

// Weights.
// RUN: not %pt2onnx-opt %t/resource-type.mlir 2>&1 | FileCheck %s --check-prefix=RESOURCE-TYPE
// RESOURCE-TYPE: pt2onnx-opt: error: {{.*}}resource-type.mlir:4:55: error: a dense_resource needs a statically shaped tensor type
// RUN: not %pt2onnx-opt %t/resource-size.mlir 2>&1 | FileCheck %s --check-prefix=RESOURCE-SIZE
// RESOURCE-SIZE: pt2onnx-opt: error: {{.*}}resource-size.mlir:10:10: error: resource 'w' has 4 bytes, but its type tensor<2xf32> needs 8

// Only the generic syntax, and one ir.module.
// RUN: not %pt2onnx-opt %t/custom-syntax.mlir 2>&1 | FileCheck %s --check-prefix=CUSTOM-SYNTAX
// CUSTOM-SYNTAX: pt2onnx-opt: error: {{.*}}custom-syntax.mlir:4:10: error: expected an operation name in quotes (the generic syntax)
// RUN: not %pt2onnx-opt %t/top-level.mlir 2>&1 | FileCheck %s --check-prefix=TOP-LEVEL
// TOP-LEVEL: pt2onnx-opt: error: {{.*}}top-level.mlir:1:1: error: expected the "ir.module" operation
// RUN: not %pt2onnx-opt %t/trailing.mlir 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: pt2onnx-opt: error: {{.*}}trailing.mlir:3:1: error: expected end of input after the module
// RUN: not %pt2onnx-opt %t/block-label.mlir 2>&1 | FileCheck %s --check-prefix=BLOCK-LABEL
// BLOCK-LABEL: pt2onnx-opt: error: {{.*}}block-label.mlir:6:5: error: redefinition of block '^bb1'

//--- operand-list.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- undefined.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x, %z) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- forward-type.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%z) : (tensor<2xf32>) -> tensor<4xf32>
    %z = "t.b"() : () -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- use-type.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<2xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- redefinition.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.region"() ({
    ^bb0(%x: tensor<4xf32>):
      "ir.return"() : () -> ()
    }) : () -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- result-number.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y:2 = "t.a"(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    "t.b"(%y#2) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- operand-types.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x, %x) : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- result-count.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y:2 = "t.a"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- element-type.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> tensor<4xf13>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- value-type.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> f32
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- encoding.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> tensor<?x?xf32, "s0">
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- symbolic.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> tensor<?xf32, "s0 + (1">
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- duplicate-attr.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {alpha = 1 : i64, alpha = 2 : i64} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- unterminated.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {s = "abc} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- escape.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {s = "a\qb"} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- float-type.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {f = 1 : f64} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- unknown-attr.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = #foo.bar<1>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- dense-shape.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- dense-range.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<[1, 256]> : tensor<2xui8>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- dense-hex.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<"0x0000803F00"> : tensor<2xf32>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- dense-f16.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<[1.0, 2.0]> : tensor<2xf16>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- resource-type.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %w = "ir.constant"() {value = dense_resource<w> : tensor<?xf32>} : () -> tensor<?xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- resource-size.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %w = "ir.constant"() {value = dense_resource<w> : tensor<2xf32>} : () -> tensor<2xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F"
    }
  }
#-}
//--- custom-syntax.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = t.a %x : tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
//--- top-level.mlir
"ir.graph"() ({
}) : () -> ()
//--- trailing.mlir
"ir.module"() ({
}) : () -> ()
"ir.module"() ({
}) : () -> ()
//--- block-label.mlir
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.region"() ({
    ^bb1:
    ^bb1:
    }) : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
