//===- TestBreakNumerics.cpp - A pass that changes the numbers, for the tests ===//
//
// `test-break-numerics{op=onnx.Add}` replaces the first op named `op` (a
// two-operand ONNX op: onnx.Add, onnx.Mul, onnx.Max...) with an onnx.Sub of
// the same operands, keeping its result's name and its provenance: a
// program that still verifies but computes other numbers, so that the tests
// can see `pt2onnx --verify` fail and `pt2onnx-opt --bisect-numerics` name
// the pass and the op. Only pt2onnx-opt (registerTestPasses) and pt2onnx's
// hidden --test-break-numerics register it: it is never part of a
// conversion otherwise.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/Passes.h"

namespace pt2onnx::passes {

namespace {
class TestBreakNumerics : public pass::Pass {
public:
  explicit TestBreakNumerics(std::string opName) : opName(std::move(opName)) {}
  llvm::StringRef getName() const override { return "test-break-numerics"; }
  llvm::Expected<bool> run(ir::Module &module) override {
    ir::Operation *target = nullptr;
    module.getOperation()->walk([&](ir::Operation *op) {
      if (!target && op->isa(opName) && op->getNumOperands() == 2 && op->getNumResults() == 1)
        target = op;
    });
    if (!target)
      return false;
    ir::Operation *sub = ir::Operation::create(
        ir::OperationName::get("onnx.Sub"), target->getOperands(),
        {target->getResult(0)->getType()}, {}, 0, target->getProvenance());
    target->getBlock()->insert(target, sub);
    sub->getResult(0)->setName(target->getResult(0)->getName());
    target->getResult(0)->replaceAllUsesWith(sub->getResult(0));
    target->erase();
    return true;
  }

private:
  std::string opName;
};
} // namespace

void registerTestBreakNumerics() {
  pass::registerPass(
      {"test-break-numerics",
       "(testing) Break the numbers: replace the first `op` with a subtraction",
       {{"op", pass::PassOptionInfo::Type::String, "onnx.Add",
         "The two-operand ONNX op to replace with onnx.Sub"}},
       [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
         return std::make_unique<TestBreakNumerics>(options.getString("op").str());
       }});
}

} // namespace pt2onnx::passes
