//===- LoweringRegistry.h - The table of lowering rules ---------------------===//
//
// One table maps an exact operator overload, as the op table keys it
// (`aten.add.Tensor`, ir/schema/OpTable.h), to the rule that lowers it and
// the opsets the rule supports. Each family file (lowering/aten/<family>.cpp)
// defines its rules and a register function adding them; the table is built
// once, from every family, on first use. A key the op table lacks, or a key
// registered twice, is kept out and reported by checkKeys(), which the
// registry's unit test asserts is empty.
//
// A rule returns one value per result of the op (an empty list for ops
// without results, such as `aten._assert_scalar.default`). Only functional
// overloads have rules: the functionalize pass rewrites one that writes its
// arguments (`aten.relu_.default`) as its schema's functional twin
// (`aten.relu.default`) before lowering.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_LOWERINGREGISTRY_H
#define PT2ONNX_LOWERING_LOWERINGREGISTRY_H

#include "ir/schema/OpKeyedMap.h"
#include "lowering/Lowering.h"
#include "lowering/RuleContext.h"

namespace pt2onnx::lowering {

using LoweringFn = ValueList (*)(RuleContext &);

struct OpsetRange {
  int min = ir::kMinOnnxOpset;
  int max = ir::kMaxOnnxOpset;
  bool contains(int opset) const { return min <= opset && opset <= max; }
};

struct LoweringRule {
  /// The op table's copy of the key.
  llvm::StringRef overload;
  llvm::StringRef family;
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

  /// Adds a rule for the op-table key `overload`; an unknown or repeated key
  /// is left out and recorded for checkKeys().
  void add(llvm::StringRef overload, LoweringFn fn, OpsetRange opsets = {});
  /// Adds a rule that handles complex operands and results as real pairs.
  void addAcceptingComplex(llvm::StringRef overload, LoweringFn fn, OpsetRange opsets = {});

  const LoweringRule *lookup(llvm::StringRef overload) const;
  /// All rules, sorted by overload.
  std::vector<const LoweringRule *> getRules() const;
  /// One message per key that add() refused: not in the op table (with the
  /// closest real keys) or registered twice.
  llvm::ArrayRef<std::string> checkKeys() const { return rules.checkKeys(); }

  /// The family that `add` records (set while a family registers; a string
  /// that lives as long as the program).
  void setFamily(llvm::StringRef family) { currentFamily = family; }

private:
  schema::OpKeyedMap<LoweringRule> rules;
  llvm::StringRef currentFamily;
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
void registerVisionLowerings(LoweringRegistry &registry);

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_LOWERINGREGISTRY_H
