//===- SideEffects.h - Which ops a pass may remove, merge or move -----------===//
//
// An op is pure when removing it (if unused), merging it with an identical op
// (same operands and attributes) or evaluating it early changes nothing else:
// ONNX ops, `ir.constant`, and ATen ops other than in-place (`add_`), `out=`
// variants, asserts and range constraints. Ops of other dialects (custom
// ops) are treated as having side effects, conservatively.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_SIDEEFFECTS_H
#define PT2ONNX_PASSES_SIDEEFFECTS_H

#include "ir/Operation.h"

namespace pt2onnx::passes {

bool isPure(const ir::Operation &op);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_SIDEEFFECTS_H
