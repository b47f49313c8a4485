//===- SideEffects.cpp - Which ops a pass may remove, merge or move ---------===//
//
// The purity of an ATen op is read from its schema in the op table
// (ir/schema): an overload that writes its arguments (in-place, out= or
// mutable), draws from the random generator (the `nondeterministic_seeded`
// tag) or returns nothing (asserts, range constraints, `_print`: called only
// for their effect) is not pure, and neither is an overload torch does not
// have. The table has no tag for the one effect left, `_make_dep_token`.
//
//===----------------------------------------------------------------------===//

#include "passes/SideEffects.h"

#include "ir/Module.h"
#include "ir/schema/OpTable.h"

namespace pt2onnx::passes {

namespace {
bool isPureAten(llvm::StringRef key) {
  const schema::OpSchema *opSchema = schema::lookupOp(key);
  if (!opSchema || !opSchema->hasSchema())
    return false;
  if (opSchema->isMutating() || opSchema->hasTag(schema::OpTag::nondeterministic_seeded) ||
      opSchema->getReturns().empty())
    return false;
  // The token orders the effectful ops that take it: two tokens merged
  // would order two independent chains as one.
  return key != "aten._make_dep_token.default";
}
} // namespace

bool isPure(const ir::Operation &op) {
  llvm::StringRef dialect = op.getDialect();
  if (dialect == "onnx") {
    llvm::StringRef type = op.getName().getStringRef().drop_front(5);
    // Random generators give a different tensor at each evaluation.
    return !type.startswith("Random") && type != "Multinomial" && type != "Bernoulli" &&
           type != "Dropout";
  }
  if (dialect == "ir")
    return op.isa(ir::builtin::kConstant);
  if (dialect == "aten")
    return isPureAten(op.getName().getStringRef());
  return false;
}

} // namespace pt2onnx::passes
