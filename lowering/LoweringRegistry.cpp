//===- LoweringRegistry.cpp - The table of lowering rules --------------------===//

#include "lowering/LoweringRegistry.h"

#include <algorithm>

namespace pt2onnx::lowering {

const LoweringRegistry &LoweringRegistry::get() {
  static const LoweringRegistry registry = [] {
    LoweringRegistry r;
    struct Family {
      const char *name;
      void (*add)(LoweringRegistry &);
    };
    const Family families[] = {
        {"elementwise", registerElementwiseLowerings},
        {"activation", registerActivationLowerings},
        {"reduction", registerReductionLowerings},
        {"shape", registerShapeLowerings},
        {"creation", registerCreationLowerings},
        {"linalg", registerLinalgLowerings},
        {"conv", registerConvLowerings},
        {"norm", registerNormLowerings},
        {"indexing", registerIndexingLowerings},
        {"attention", registerAttentionLowerings},
        {"symbolic", registerSymbolicLowerings},
        {"control_flow", registerControlFlowLowerings},
        {"rnn", registerRnnLowerings},
        {"spectral", registerSpectralLowerings},
        {"vision", registerVisionLowerings},
    };
    for (const Family &f : families) {
      r.setFamily(f.name);
      f.add(r);
    }
    r.setFamily("");
    return r;
  }();
  return registry;
}

void LoweringRegistry::add(llvm::StringRef overload, LoweringFn fn, OpsetRange opsets) {
  rules.add(overload, {schema::findOpKey(overload), currentFamily, fn, opsets});
}

void LoweringRegistry::addAcceptingComplex(llvm::StringRef overload, LoweringFn fn,
                                           OpsetRange opsets) {
  LoweringRule rule{schema::findOpKey(overload), currentFamily, fn, opsets};
  rule.acceptsComplex = true;
  rules.add(overload, rule);
}

const LoweringRule *LoweringRegistry::lookup(llvm::StringRef overload) const {
  return rules.lookup(overload);
}

std::vector<const LoweringRule *> LoweringRegistry::getRules() const {
  std::vector<const LoweringRule *> result;
  for (const auto &entry : rules)
    result.push_back(&entry.value);
  std::sort(result.begin(), result.end(),
            [](const LoweringRule *a, const LoweringRule *b) { return a->overload < b->overload; });
  return result;
}

std::vector<LoweringInfo> listLowerings() {
  const LoweringRegistry &registry = LoweringRegistry::get();
  std::vector<LoweringInfo> result;
  for (const LoweringRule *rule : registry.getRules())
    result.push_back(
        {rule->overload.str(), rule->family.str(), rule->opsets.min, rule->opsets.max, ""});
  for (llvm::StringRef key : schema::allOpKeys()) {
    if (registry.lookup(key))
      continue;
    const schema::OpSchema *op = schema::lookupOp(key);
    if (!op->isMutating())
      continue;
    if (const LoweringRule *rule = registry.lookup(op->getFunctionalTwinKey()))
      result.push_back({key.str(), rule->family.str(), rule->opsets.min, rule->opsets.max,
                        rule->overload.str()});
  }
  std::sort(result.begin(), result.end(), [](const LoweringInfo &a, const LoweringInfo &b) {
    return a.overload < b.overload;
  });
  return result;
}

} // namespace pt2onnx::lowering
