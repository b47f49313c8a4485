// Parse errors name the file, line and column of the offending text, and
// the tool exits with 2 (bad input). Each case is parsed on its own
// (--split-input-file), its error giving the line in this file.
// RUN: not %pt2onnx-opt --split-input-file %s 2>&1 >/dev/null | FileCheck %s
// RUN: sh -c '%pt2onnx-opt --split-input-file %s >/dev/null 2>&1; test $? -eq 2'

// A use list must be closed.
// CHECK: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:19: error: expected ')' in operand list
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// A name never defined: reported at its first use.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:20: error: use of undefined value '%z'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x, %z) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// A use before the definition must agree with the definition's type.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:16: error: '%z' has type tensor<4xf32>, but this use expects tensor<2xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%z) : (tensor<2xf32>) -> tensor<4xf32>
    %z = "t.b"() : () -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// Operand types come from the value; the signature must agree.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:16: error: '%x' has type tensor<4xf32>, but this use expects tensor<2xf32>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<2xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// MLIR rejects defining a name that an enclosing region already defines.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+5]]:10: error: redefinition of value '%x'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.region"() ({
    ^bb0(%x: tensor<4xf32>):
      "ir.return"() : () -> ()
    }) : () -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+5]]:11: error: '%y' has 2 results; there is no result #2
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y:2 = "t.a"(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    "t.b"(%y#2) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:26: error: expected 2 operand types but had 1
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x, %x) : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:5: error: operation defines 1 results but was provided 2 to bind
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y:2 = "t.a"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// Types.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:50: error: unknown element type 'f13'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> tensor<4xf13>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:41: error: 'f32' is an element type; values have tensor, !torch.* or none types (write tensor<f32>)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> f32
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:57: error: expected 2 entries in the encoding, one per dynamic dim, found 1
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> tensor<?x?xf32, "s0">
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:55: error: invalid symbolic expression: expected ')', found the end at column 8 in 's0 + (1'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = "t.a"(%x) : (tensor<4xf32>) -> tensor<?xf32, "s0 + (1">
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// Attributes.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:31: error: duplicate attribute 'alpha'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {alpha = 1 : i64, alpha = 2 : i64} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:18: error: unterminated string literal
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {s = "abc} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:20: error: unknown escape in string literal
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {s = "a\qb"} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:18: error: unexpected decimal integer literal for a floating point value
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {f = 1 : f64} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:18: error: unknown attribute '#foo.bar'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = #foo.bar<1>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// Dense literals must match their type.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:33: error: dense literal has 1 elements in dimension 1, but tensor<2x2xi32> has 2
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:28: error: integer out of range for tensor<2xui8>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<[1, 256]> : tensor<2xui8>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:24: error: hexadecimal data has 5 bytes, but tensor<2xf32> needs 8
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<"0x0000803F00"> : tensor<2xf32>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:24: error: expected hexadecimal data "0x..." for tensor<2xf16>
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.a"() {v = dense<[1.0, 2.0]> : tensor<2xf16>} : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// Weights.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:55: error: a dense_resource needs a statically shaped tensor type
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %w = "ir.constant"() {value = dense_resource<w> : tensor<?xf32>} : () -> tensor<?xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+10]]:10: error: resource 'w' has 4 bytes, but its type tensor<2xf32> needs 8
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

// -----

// Only the generic syntax, and one ir.module.
// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+4]]:10: error: expected an operation name in quotes (the generic syntax)
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %y = t.a %x : tensor<4xf32>
  }) {sym_name = "main"} : () -> ()
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+1]]:1: error: expected the "ir.module" operation
"ir.graph"() ({
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+3]]:1: error: expected end of input after the module
"ir.module"() ({
}) : () -> ()
"ir.module"() ({
}) : () -> ()

// -----

// CHECK-NEXT: pt2onnx-opt: error: {{.*}}parse-errors.mlir:[[@LINE+6]]:5: error: redefinition of block '^bb1'
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    "t.region"() ({
    ^bb1:
    ^bb1:
    }) : () -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
