//===- Lowering.cpp - The ATen -> ONNX-dialect lowering driver ----------------===//
//
// Walks every graph, block by block in program order, lowering the ops of
// nested regions before the op that owns them, so a rule always sees
// operands that are already ONNX-level values. Before rules run, scalar block
// arguments (SymInt/SymFloat/SymBool inputs) become rank-0 tensors, and
// scalar `ir.constant`s become dense rank-0 constants. In-place ops are the
// functionalize pass's business (passes/Functionalize.cpp): one that reaches
// the lowering is reported as such. Ops created by a rule inherit the lowered
// op's provenance, and the value that replaces a result inherits its name.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"
#include "lowering/BFloat16.h"
#include "lowering/LoweringRegistry.h"
#include "lowering/Refusals.h"
#include "lowering/UnsupportedOpsError.h"

#include "ir/OnnxDomain.h"
#include "ir/Verifier.h"
#include "ir/schema/OpTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::lowering {

char UnsupportedOpsError::ID = 0;

using ir::Operation;
using ir::Type;
using ir::Value;

namespace {

class LoweringDriver {
public:
  LoweringDriver(ir::Module &module, const LoweringOptions &options)
      : module(module), options(options), registry(LoweringRegistry::get()), builder(module),
        onnx(builder, options.opset) {}

  llvm::Error run() {
    for (Operation &graph : llvm::make_early_inc_range(module.getBody()))
      if (graph.isa(ir::builtin::kGraph))
        lowerRegions(graph);
    for (Operation &graph : module.getBody())
      if (graph.isa(ir::builtin::kGraph))
        eraseDeadOps(graph);
    if (unsupported.empty() || options.allowUnsupported)
      return llvm::Error::success();
    return makeUnsupportedError();
  }

private:
  struct Unsupported {
    size_t count = 0;
    std::string firstWhere;
    std::string reason;
  };

  void recordUnsupported(Operation *op, llvm::StringRef reason) {
    Unsupported &u = unsupported[op->getName().getStringRef()];
    if (u.count++ == 0) {
      u.firstWhere = ir::describeOp(*op);
      u.reason = reason.str();
    }
  }

  llvm::Error makeUnsupportedError() const {
    size_t total = 0;
    for (const auto &entry : unsupported)
      total += entry.second.count;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "cannot lower " << total << " op" << (total == 1 ? "" : "s") << " (" << unsupported.size()
       << " overload" << (unsupported.size() == 1 ? "" : "s") << ") to ONNX opset " << options.opset
       << ":";
    std::vector<UnsupportedOpsError::Overload> overloads;
    for (const auto &[name, u] : unsupported) {
      os << "\n  " << name << " (" << u.count << " use" << (u.count == 1 ? "" : "s")
         << "): " << u.reason << "\n    first at " << u.firstWhere;
      overloads.push_back({name.str(), u.count, u.reason, u.firstWhere});
    }
    return llvm::make_error<UnsupportedOpsError>(std::move(text), std::move(overloads));
  }

  // ---- Walking --------------------------------------------------------------

  void lowerRegions(Operation &op) {
    for (unsigned r = 0; r < op.getNumRegions(); ++r)
      for (const std::unique_ptr<ir::Block> &block : op.getRegion(r).getBlocks())
        lowerBlock(*block);
  }

  void lowerBlock(ir::Block &block) {
    for (const std::unique_ptr<ir::BlockArgument> &arg : block.getArguments()) {
      const Type &t = arg->getType();
      if (t.isScalar())
        facts.scalars[arg.get()] = {t.getKind(), t.getSymValue()};
      else if (t.isTensor() && ir::isComplex(t.getDType()))
        facts.complexPairs.insert(arg.get());
      arg->setType(loweredType(t));
    }
    for (Operation &op : llvm::make_early_inc_range(block)) {
      lowerRegions(op);
      lowerOp(op);
    }
  }

  void lowerOp(Operation &op) {
    llvm::StringRef name = op.getName().getStringRef();
    if (ir::isOnnxLevelOp(op) || op.isa(ir::builtin::kReturn) || op.isa(ir::builtin::kGraph))
      return;
    if (op.isa(ir::builtin::kConstant)) {
      lowerScalarConstant(op);
      return;
    }
    const LoweringRule *rule = registry.lookup(name);
    if (!rule) {
      recordUnsupported(&op, missingRuleReason(name));
      return;
    }
    if (!rule->opsets.contains(options.opset)) {
      recordUnsupported(&op, ("the rule supports opsets " + llvm::Twine(rule->opsets.min) + " to " +
                              llvm::Twine(rule->opsets.max))
                                 .str());
      return;
    }

    if (!rule->acceptsComplex && involvesComplex(op)) {
      recordUnsupported(&op, "complex tensors are not supported by this rule");
      return;
    }

    builder.setInsertionPoint(&op);
    builder.setProvenanceFrom(&op);
    Operation *before = op.getPrevNode();
    llvm::Expected<ValueList> lowered = applyRule(*rule, op, before);
    if (lowered && op.getNumRegions() == 0 && involvesBFloat16(op) &&
        computesOnBFloat16(before, op))
      lowered = applyRuleInFloat32(*rule, op, before);
    if (!lowered) {
      recordUnsupported(&op, llvm::toString(lowered.takeError()));
      return;
    }
    ValueList &results = *lowered;

    for (unsigned i = 0; i < op.getNumResults(); ++i) {
      Value *old = op.getResult(i);
      if (old->getType().isScalar())
        facts.scalars[results[i]] = {old->getType().getKind(), old->getType().getSymValue()};
      if (old->getType().isTensor() && ir::isComplex(old->getType().getDType()))
        facts.complexPairs.insert(results[i]);
      if (results[i]->getName().empty() && !old->getName().empty())
        results[i]->setName(old->getName());
    }
    builder.replaceOp(&op, results);
  }

  /// Runs `rule` on `op`. When it fails, what it built after `before` is
  /// erased and the error says why.
  llvm::Expected<ValueList> applyRule(const LoweringRule &rule, Operation &op, Operation *before,
                                      const Float32Widening *widening = nullptr) {
    RuleContext ctx(&op, onnx, facts, widening);
    ValueList results = rule.fn(ctx);
    if (!ctx.failed() && results.size() != op.getNumResults())
      ctx.fail("internal error: the rule produced " + llvm::Twine(results.size()) + " values for " +
               llvm::Twine(op.getNumResults()) + " results");
    if (!ctx.failed() && llvm::is_contained(results, nullptr))
      ctx.fail("internal error: the rule produced a null value");
    if (!ctx.failed())
      return results;
    eraseCreatedBefore(&op, before);
    return llvm::createStringError(llvm::inconvertibleErrorCode(), ctx.getFailure());
  }

  /// `op` computes on bfloat16 tensors, which torch does in float32 (see
  /// lowering/BFloat16.h): what the rule built in bfloat16 is replaced by its
  /// float32 lowering, or kept if the rule cannot lower the float32 op.
  llvm::Expected<ValueList> applyRuleInFloat32(const LoweringRule &rule, Operation &op,
                                               Operation *before) {
    eraseCreatedBefore(&op, before);
    Float32Widening widening(op, onnx);
    llvm::Expected<ValueList> results = applyRule(rule, op, op.getPrevNode(), &widening);
    if (results)
      return widening.narrow(std::move(*results));
    llvm::consumeError(results.takeError());
    widening.restore();
    return applyRule(rule, op, before);
  }

  bool involvesComplex(const Operation &op) const {
    for (unsigned i = 0; i < op.getNumOperands(); ++i)
      if (facts.complexPairs.contains(op.getOperand(i)))
        return true;
    for (const ir::OpResult &r : op.getResults())
      if (r.getType().isTensor() && ir::isComplex(r.getType().getDType()))
        return true;
    return false;
  }

  /// Erases, last first, the ops a failed rule created before `op`.
  void eraseCreatedBefore(Operation *op, Operation *before) {
    while (Operation *prev = op->getPrevNode()) {
      if (prev == before)
        break;
      prev->walk([](Operation *nested) { nested->dropAllUses(); });
      prev->erase();
    }
  }

  /// `ir.constant` with an Int/Float/Bool attribute of torch scalar type ->
  /// a dense rank-0 constant.
  void lowerScalarConstant(Operation &op) {
    const Type &type = op.getResult(0)->getType();
    if (!type.isScalar())
      return;
    const ir::Attribute *value = op.getAttr("value");
    Type lowered = loweredType(type);
    ir::DType dtype = lowered.getDType();
    builder.setInsertionPoint(&op);
    builder.setProvenanceFrom(&op);
    Value *replacement = nullptr;
    if (value && value->getKind() == ir::Attribute::Kind::Int)
      replacement = onnx.scalarInt(dtype, value->getInt());
    else if (value && value->getKind() == ir::Attribute::Kind::Float)
      replacement = onnx.scalar(dtype, value->getFloat());
    else if (value && value->getKind() == ir::Attribute::Kind::Bool)
      replacement = onnx.scalarInt(dtype, value->getBool() ? 1 : 0);
    if (!replacement) {
      recordUnsupported(&op, "a scalar constant needs an int, float or bool value");
      return;
    }
    ir::SymExpr symValue = type.getSymValue();
    if (!symValue && value->getKind() == ir::Attribute::Kind::Int)
      symValue = module.getSymContext().getConstant(value->getInt());
    facts.scalars[replacement] = {type.getKind(), symValue};
    Value *old = op.getResult(0);
    if (!old->getName().empty())
      replacement->setName(old->getName());
    builder.replaceOp(&op, {replacement});
  }

  /// Removes ONNX ops and literal constants left without uses (the ATen ops
  /// they served, such as assertions, are gone).
  void eraseDeadOps(Operation &graph) {
    llvm::SmallVector<ir::Block *, 4> blocks;
    graph.walk([&](Operation *op) {
      for (unsigned r = 0; r < op->getNumRegions(); ++r)
        for (const std::unique_ptr<ir::Block> &block : op->getRegion(r).getBlocks())
          blocks.push_back(block.get());
    });
    for (ir::Block *block : llvm::reverse(blocks)) {
      for (Operation *op = block->back(); op;) {
        Operation *prev = op->getPrevNode();
        if (isRemovableWhenDead(*op) && op->use_empty())
          op->erase();
        op = prev;
      }
    }
  }

  static bool isRemovableWhenDead(const Operation &op) {
    if (op.getDialect() == "onnx")
      return true;
    if (!op.isa(ir::builtin::kConstant))
      return false;
    const ir::Attribute *value = op.getAttr("value");
    return value && value->getKind() != ir::Attribute::Kind::WeightRef;
  }

  ir::Module &module;
  const LoweringOptions &options;
  const LoweringRegistry &registry;
  ir::Builder builder;
  OnnxBuilder onnx;
  ValueFacts facts;
  llvm::MapVector<llvm::StringRef, Unsupported> unsupported;
};

} // namespace

llvm::Error lowerModule(ir::Module &module, const LoweringOptions &options) {
  if (options.opset < ir::kMinOnnxOpset || options.opset > ir::kMaxOnnxOpset)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "ONNX opset " + llvm::Twine(options.opset) + " is not supported; choose one in [" +
            llvm::Twine(ir::kMinOnnxOpset) + ", " + llvm::Twine(ir::kMaxOnnxOpset) + "]");
  if (llvm::Error err = LoweringDriver(module, options).run())
    return err;
  module.setLoweredOpset(options.opset);
  return llvm::Error::success();
}

} // namespace pt2onnx::lowering
