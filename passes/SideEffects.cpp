//===- SideEffects.cpp - Which ops a pass may remove, merge or move ---------===//

#include "passes/SideEffects.h"

#include "ir/Module.h"

namespace pt2onnx::passes {

namespace {
bool isPureAten(llvm::StringRef name) {
  // aten.<op>.<overload>
  auto [op, overload] = name.drop_front(5).split('.');
  if (op.endswith("_") && !op.endswith("__"))
    return false; // in-place: add_, relu_, index_put_
  if (overload == "out" || overload.startswith("out_") || overload.endswith("_out"))
    return false;
  if (op.startswith("_assert") || op.startswith("sym_constrain_range") ||
      op == "_print" || op == "_make_dep_token")
    return false;
  // Random ops draw from the generator: two identical calls differ.
  static const llvm::StringRef kRandom[] = {"rand", "randn", "randint", "rand_like", "randn_like",
                                            "randint_like", "bernoulli", "multinomial",
                                            "normal", "uniform", "dropout", "native_dropout",
                                            "randperm", "exponential", "poisson"};
  for (llvm::StringRef r : kRandom)
    if (op == r)
      return false;
  return true;
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
