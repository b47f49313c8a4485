//===- EvaluateConstantOp.cpp - A pure op of constants becomes constants ---===//
//
//   op(c1, c2, ...) -> the constants it computes
//
// For every pure op (SideEffects.h) outside the `ir` dialect and without
// regions, at ATen level (`aten.add.Tensor`) and ONNX level (`onnx.Add`)
// alike. The evaluator (eval/Evaluator.h) holds one rule per op and declines
// whatever it cannot compute exactly as the runtime would; rules that need
// no constant operands (Shape, Size, aten.sym_size) fold whenever the dims
// they report are static. No result may be over the folder's limit.
//
//===----------------------------------------------------------------------===//

#include "passes/SideEffects.h"
#include "passes/eval/Evaluator.h"
#include "passes/fold/ConstantFolder.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class EvaluateConstantOp : public ir::RewritePattern {
public:
  explicit EvaluateConstantOp(ConstantFolder &folder)
      : RewritePattern("evaluate-constant-op", {}), folder(folder) {}

  bool matchAndRewrite(ir::Operation &op, ir::PatternRewriter &rw) override {
    if (op.getDialect() == "ir" || op.getNumRegions() != 0 || !isPure(op))
      return rw.notifyMatchFailure(op, "not a pure op outside the ir dialect");
    const eval::EvalRuleInfo *rule = eval::lookupEvalRule(op.getName().getStringRef());
    if (!rule)
      return rw.notifyMatchFailure(op, "the evaluator has no rule for it");
    if (!rule->foldable)
      return rw.notifyMatchFailure(op, "the evaluator's rule is for whole-program evaluation only");
    if (op.getNumResults() == 0)
      return rw.notifyMatchFailure(op, "no results");
    if (llvm::any_of(op.getResults(),
                     [&](const ir::OpResult &r) { return folder.overLimit(r.getType()); }))
      return rw.notifyMatchFailure(op, "a result has more elements than the limit");
    llvm::SmallVector<const eval::Tensor *, 4> operands;
    for (unsigned i = 0, e = op.getNumOperands(); i != e; ++i) {
      ir::Value *v = op.getOperand(i);
      const eval::Tensor *t = v->getType().isNone() ? nullptr : folder.constantOf(v);
      if (!t && !v->getType().isNone() && rule->needsConstantOperands)
        return rw.notifyMatchFailure(op, "operand " + llvm::Twine(i) + " is not a constant");
      operands.push_back(t);
    }
    std::optional<eval::EvalResults> results = eval::evaluate(op, operands, folder.getLimit());
    folder.releaseReadWeights(op.getOperands());
    if (!results)
      return rw.notifyMatchFailure(op, "the evaluator declined");
    llvm::SmallVector<ir::Value *, 2> values;
    for (unsigned i = 0, e = op.getNumResults(); i != e; ++i)
      values.push_back(folder.materialize(rw, std::move((*results)[i]), op.getResult(i)));
    rw.replaceOp(&op, values);
    return true;
  }

private:
  ConstantFolder &folder;
};

} // namespace

void addEvaluateConstantOpPattern(ir::PatternSet &patterns, ConstantFolder &folder) {
  patterns.add<EvaluateConstantOp>(folder);
}

} // namespace pt2onnx::passes
