//===- SideEffects.h - Which ops a pass may remove, merge or move -----------===//
//
// An op is pure when removing it (if unused), merging it with an identical op
// (same operands and attributes) or evaluating it early changes nothing else:
// ONNX ops but the random ones, `ir.constant`, and the ATen ops whose schema
// in the op table says they write no argument, draw no random numbers and
// return something (not in-place `add_`, out= `add.out`, `bernoulli.p`,
// `dropout`, asserts or range constraints). ATen ops torch does not have and
// ops of other dialects (custom ops) are treated as having side effects,
// conservatively.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_SIDEEFFECTS_H
#define PT2ONNX_PASSES_SIDEEFFECTS_H

#include "ir/Operation.h"

namespace pt2onnx::passes {

bool isPure(const ir::Operation &op);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_SIDEEFFECTS_H
