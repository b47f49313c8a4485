//===- CustomOpsPass.h - Applying a custom-ops table to a program -----------===//
//
// `custom-ops{table=FILE.json}` (pt2onnx --custom-ops FILE.json puts it first
// in the default pipeline) rewrites every op the table names
// (CustomOpTable.h), before functionalize and lower-aten see the program:
//
//   node form      the op becomes one ONNX-level op: `onnx.<OpType>` for the
//                  default domain, `onnx_ml.<OpType>` for ai.onnx.ml, else
//                  `onnx_domain.<domain>.<OpType>` (ir/OnnxDomain.h) with
//                  `ir.domain_version`; its result types are the op's own.
//   body form      the function's ops replace the op (inlined), or, with
//                  as_function, an `onnx_function.<domain>.<name>` op whose
//                  region is the function's body (the ONNX backend writes it
//                  as a local function) replaces it. Either way the later
//                  passes lower the body's ATen ops.
//
// The function's arguments bind to the op's arguments by name: a tensor
// argument to the operand of that name, a scalar (`!torch.symint`,
// `!torch.symfloat`, `!torch.symbool`) or rank-0 tensor argument to a
// constant argument (or a SymInt/SymFloat/SymBool operand), which becomes an
// `ir.constant` (for a local function, one of the calling graph, passed as
// an input: calls that differ only in constants share one function). Types
// fit when dtypes and ranks are equal and every static
// dim of the function's type is the op's; `?` and unranked fit anything.
//
// Errors (exit 2) are located in the table: `ops.json: mylib::f.inputs[0]:
// ...`. Warnings go to `warnings`: an entry that matches no op, and an entry
// replacing the built-in lowering of an ATen op.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_CUSTOMOPSPASS_H
#define PT2ONNX_LOWERING_CUSTOMOPSPASS_H

#include "ir/Module.h"
#include "lowering/CustomOpTable.h"

#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::lowering {

/// Rewrites the ops of `module` that `table` names; returns how many.
llvm::Expected<size_t> applyCustomOps(ir::Module &module, const CustomOpTable &table,
                                      llvm::raw_ostream &warnings);

/// Registers `custom-ops{table=FILE}`. Idempotent.
void registerCustomOpsPass();

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_CUSTOMOPSPASS_H
