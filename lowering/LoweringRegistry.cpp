//===- LoweringRegistry.cpp - The table of lowering rules --------------------===//

#include "lowering/LoweringRegistry.h"

#include "llvm/Support/ErrorHandling.h"

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
  LoweringRule rule{overload.str(), currentFamily, fn, opsets};
  if (!rules.try_emplace(overload, std::move(rule)).second)
    llvm::report_fatal_error(llvm::Twine("lowering rule registered twice: ") + overload);
}

void LoweringRegistry::addAcceptingComplex(llvm::StringRef overload, LoweringFn fn,
                                           OpsetRange opsets) {
  add(overload, fn, opsets);
  rules.find(overload)->second.acceptsComplex = true;
}

const LoweringRule *LoweringRegistry::lookup(llvm::StringRef overload) const {
  auto it = rules.find(overload);
  return it == rules.end() ? nullptr : &it->second;
}

std::vector<const LoweringRule *> LoweringRegistry::getRules() const {
  std::vector<const LoweringRule *> result;
  for (const auto &entry : rules)
    result.push_back(&entry.second);
  std::sort(result.begin(), result.end(),
            [](const LoweringRule *a, const LoweringRule *b) { return a->overload < b->overload; });
  return result;
}

std::vector<LoweringInfo> listLowerings() {
  std::vector<LoweringInfo> result;
  for (const LoweringRule *rule : LoweringRegistry::get().getRules())
    result.push_back({rule->overload, rule->family, rule->opsets.min, rule->opsets.max});
  return result;
}

} // namespace pt2onnx::lowering
