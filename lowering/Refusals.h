//===- Refusals.h - Why an op has no lowering, where the reason is known ----===//
//
// An ATen op without a rule is refused by name. For the ops that cannot
// have one (they read memory layout ONNX tensors do not have, or compute
// gradients, which pt2onnx does not convert), the refusal says why, so that
// the user knows what to change in the program instead of waiting for a
// rule. The table is keyed by the op table's overloads, checked like every
// registry of the project (tests/unit/lowering/LoweringTest.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_REFUSALS_H
#define PT2ONNX_LOWERING_REFUSALS_H

#include "ir/schema/OpKeyedMap.h"

#include <string>

namespace pt2onnx::lowering {

/// Overloads refused for a known reason, with the reason.
const schema::OpKeyedMap<std::string> &getRefusals();

/// Why `name` has no lowering rule: its known reason, the functionalize
/// pass's for an op that writes its arguments, a gradient op's, or "no
/// lowering rule".
std::string missingRuleReason(llvm::StringRef name);

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_REFUSALS_H
