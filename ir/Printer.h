//===- Printer.h - The textual IR: MLIR generic operation syntax -----------===//
//
// Prints a module in MLIR's generic syntax, so `mlir-opt
// --allow-unregistered-dialect` reads it, and so that print -> parse -> print
// is byte-identical. See docs/ir.md for the full grammar; in short:
//
//   "ir.module"() ({
//     "ir.graph"() ({
//     ^bb0(%x: tensor<?x4xf32, "s0">):
//       %add = "aten.add.Tensor"(%x, %x) {alpha = 1 : i64}
//           : (tensor<?x4xf32, "s0">, tensor<?x4xf32, "s0">) -> tensor<?x4xf32, "s0">
//           loc(fused<{stack_trace = "..."}>["add"])
//       "ir.return"(%add) : (tensor<?x4xf32, "s0">) -> ()
//     }) {sym_name = "main"} : () -> ()
//   }) {ir.symbols = {s0 = #ir.range<2, oo>}} : () -> ()
//
// Weights are printed by reference (`dense_resource<name>`); with
// PrintOptions::printWeights their bytes follow in a `{-# dialect_resources
// ... #-}` section, as MLIR prints resource blobs.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_PRINTER_H
#define PT2ONNX_IR_PRINTER_H

#include "ir/Module.h"

#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::ir {

struct PrintOptions {
  /// Print weight bytes in a resource section instead of eliding them.
  bool printWeights = false;
  /// Print `loc(...)` provenance on ops.
  bool printProvenance = true;
};

void printModule(const Module &module, llvm::raw_ostream &os, const PrintOptions &options = {});
/// Prints one op (and its regions) as it would appear inside a module;
/// values defined outside it are named as in the enclosing module when
/// possible. For diagnostics and debugging.
void printOperation(const Operation &op, llvm::raw_ostream &os,
                    const PrintOptions &options = {});

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_PRINTER_H
