//===- LoweringRegistry.h - The table of lowering rules ---------------------===//
//
// One table maps an exact ATen overload name (`aten.add.Tensor`) to the rule
// that lowers it and the opsets the rule supports. Each family file
// (lowering/aten/<family>.cpp) defines its rules and a register function
// adding them; the table is built once, from every family, on first use.
//
// A rule returns one value per result of the op (an empty list for ops
// without results, such as `aten._assert_scalar.default`). Only functional
// overloads have rules: the functionalize pass rewrites in-place ones
// (`aten.relu_.default`) as their functional twins before lowering.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_LOWERINGREGISTRY_H
#define PT2ONNX_LOWERING_LOWERINGREGISTRY_H

#include "lowering/Lowering.h"
#include "lowering/RuleContext.h"

#include "llvm/ADT/StringMap.h"

namespace pt2onnx::lowering {

using LoweringFn = ValueList (*)(RuleContext &);

struct OpsetRange {
  int min = ir::kMinOnnxOpset;
  int max = ir::kMaxOnnxOpset;
  bool contains(int opset) const { return min <= opset && opset <= max; }
};

struct LoweringRule {
  std::string overload;
  std::string family;
  LoweringFn fn;
  OpsetRange opsets;
  /// Takes complex tensors (as real pairs, see ValueFacts); the driver
  /// refuses complex operands and results for other rules.
  bool acceptsComplex = false;
};

class LoweringRegistry {
public:
  /// The table with every family's rules.
  static const LoweringRegistry &get();

  /// Adds a rule; registering an overload twice is a programming error.
  void add(llvm::StringRef overload, LoweringFn fn, OpsetRange opsets = {});
  /// Adds a rule that handles complex operands and results as real pairs.
  void addAcceptingComplex(llvm::StringRef overload, LoweringFn fn, OpsetRange opsets = {});

  const LoweringRule *lookup(llvm::StringRef overload) const;
  /// All rules, sorted by overload.
  std::vector<const LoweringRule *> getRules() const;

  /// The family that `add` records (set while a family registers).
  void setFamily(llvm::StringRef family) { currentFamily = family.str(); }

private:
  llvm::StringMap<LoweringRule> rules;
  std::string currentFamily;
};

// One per family file, in lowering/aten/.
void registerElementwiseLowerings(LoweringRegistry &registry);
void registerActivationLowerings(LoweringRegistry &registry);
void registerReductionLowerings(LoweringRegistry &registry);
void registerShapeLowerings(LoweringRegistry &registry);
void registerCreationLowerings(LoweringRegistry &registry);
void registerLinalgLowerings(LoweringRegistry &registry);
void registerConvLowerings(LoweringRegistry &registry);
void registerNormLowerings(LoweringRegistry &registry);
void registerIndexingLowerings(LoweringRegistry &registry);
void registerAttentionLowerings(LoweringRegistry &registry);
void registerSymbolicLowerings(LoweringRegistry &registry);
void registerControlFlowLowerings(LoweringRegistry &registry);
void registerRnnLowerings(LoweringRegistry &registry);
void registerSpectralLowerings(LoweringRegistry &registry);

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_LOWERINGREGISTRY_H
