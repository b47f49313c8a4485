//===- DeadCodeElimination.cpp - Remove unused pure ops and weights --------===//
//
// Erases every pure op (SideEffects.h) whose results are unused, in every
// block of every graph and nested region, then drops the module weights no
// `ir.constant` refers to any more. Blocks are swept bottom-up, so a chain of
// dead ops goes in one sweep; an op with regions is kept while its regions
// hold anything with side effects. Graph inputs and outputs (`ir.return`
// operands) are never removed.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/Passes.h"
#include "passes/SideEffects.h"

#include "llvm/ADT/StringSet.h"

namespace pt2onnx::passes {

namespace {

class DeadCodeElimination : public pass::Pass {
public:
  llvm::StringRef getName() const override { return "dce"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    bool changed = sweep(module.getBody());
    changed |= dropUnusedWeights(module);
    return changed;
  }

private:
  /// Erases dead ops in `block` and the blocks nested in it; returns whether
  /// anything was erased.
  bool sweep(ir::Block &block) {
    bool changed = false;
    for (ir::Operation *op = block.back(); op;) {
      ir::Operation *prev = op->getPrevNode();
      for (unsigned r = 0, e = op->getNumRegions(); r != e; ++r)
        for (const auto &nested : op->getRegion(r).getBlocks())
          changed |= sweep(*nested);
      if (op->use_empty() && isRemovable(*op)) {
        op->erase();
        addStatistic("erased-ops");
        changed = true;
      }
      op = prev;
    }
    return changed;
  }

  static bool isRemovable(ir::Operation &op) {
    if (!isPure(op))
      return false;
    bool sideEffectInside = false;
    for (unsigned r = 0, e = op.getNumRegions(); r != e && !sideEffectInside; ++r)
      for (const auto &nested : op.getRegion(r).getBlocks())
        for (ir::Operation &inner : *nested)
          inner.walk([&](ir::Operation *o) {
            if (!isPure(*o) && !o->isa(ir::builtin::kReturn))
              sideEffectInside = true;
          });
    return !sideEffectInside;
  }

  bool dropUnusedWeights(ir::Module &module) {
    llvm::StringSet<> used;
    module.getOperation()->walk([&](ir::Operation *op) {
      if (!op->isa(ir::builtin::kConstant))
        return;
      if (const ir::Attribute *value = op->getAttr("value");
          value && value->getKind() == ir::Attribute::Kind::WeightRef)
        used.insert(value->getString());
    });
    size_t before = module.getWeights().size();
    module.removeWeightsIf(
        [&](llvm::StringRef name, const ir::WeightData &) { return !used.contains(name); });
    size_t erased = before - module.getWeights().size();
    if (erased)
      addStatistic("erased-weights", int64_t(erased));
    return erased != 0;
  }
};

} // namespace

void registerDeadCodeEliminationPass() {
  pass::registerPass({"dce",
                      "Remove unused pure ops and the weights nothing refers to",
                      {},
                      [](const pass::PassOptions &) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<DeadCodeElimination>();
                      }});
}

} // namespace pt2onnx::passes
