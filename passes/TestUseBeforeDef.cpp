//===- TestUseBeforeDef.cpp - A pass that breaks the IR, for the tests -----===//
//
// `test-use-before-def` moves the first op that uses a value defined earlier
// in its block to the front of that block, so that the lit tests can see
// --verify-each name the pass responsible. Only pt2onnx-opt registers it
// (registerTestPasses), so it is never part of a conversion.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/Passes.h"

namespace pt2onnx::passes {

namespace {
class TestUseBeforeDef : public pass::Pass {
public:
  llvm::StringRef getName() const override { return "test-use-before-def"; }
  llvm::Expected<bool> run(ir::Module &module) override {
    ir::Operation *moved = nullptr;
    module.getOperation()->walk([&](ir::Operation *op) {
      if (moved || !op->getBlock() || op == op->getBlock()->front() ||
          op->isa(ir::builtin::kReturn))
        return;
      for (unsigned i = 0; i < op->getNumOperands(); ++i)
        if (ir::Operation *def = op->getOperand(i)->getDefiningOp();
            def && def->getBlock() == op->getBlock()) {
          moved = op;
          return;
        }
    });
    if (moved)
      moved->moveBefore(moved->getBlock()->front());
    return moved != nullptr;
  }
};
} // namespace

void registerTestPasses() {
  registerTestBreakNumerics();
  pass::registerPass({"test-use-before-def",
                      "(testing) Break the IR: move a use before its definition",
                      {},
                      [](const pass::PassOptions &) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<TestUseBeforeDef>();
                      }});
}

} // namespace pt2onnx::passes
