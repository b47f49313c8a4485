//===- ConstantCondition.cpp - What a constant condition or mask selects ---===//
//
//   Where(c, x, y), c a constant of one value        -> x (c true) or y (false)
//   Attention(q, k, v, m), m a constant all-true mask -> Attention(q, k, v)
//                         or an all-zero float mask
//
// The chosen operand must have the result's type (a Where that broadcasts it
// stays). An attention mask that lets every query attend to every key (true
// throughout, or 0 added throughout) is no mask: the Attention drops it, and
// ONNX Runtime no longer reads a [B, N, L, S] mask per run. Masks appear
// constant after folding: an Expand of a constant, a Where of a constant
// comparison (HF models build an all-true mask for unpadded programs).
//
//===----------------------------------------------------------------------===//

#include "passes/fold/ConstantFolder.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

/// Whether every element of `t` is `value` (and there is at least one).
bool isUniform(const eval::Tensor &t, double value) {
  int64_t n = t.getNumElements();
  if (n == 0)
    return false;
  for (int64_t i = 0; i != n; ++i)
    if (t.getDouble(i) != value)
      return false;
  return true;
}

class ConstantCondition : public ir::RewritePattern {
public:
  explicit ConstantCondition(ConstantFolder &folder)
      : RewritePattern("select-by-constant-condition", {"onnx.Where", "onnx.Attention"}),
        folder(folder) {}

  bool matchAndRewrite(ir::Operation &op, ir::PatternRewriter &rw) override {
    if (op.isa("onnx.Where"))
      return rewriteWhere(op, rw);
    return rewriteAttention(op, rw);
  }

private:
  bool rewriteWhere(ir::Operation &op, ir::PatternRewriter &rw) {
    if (op.getNumOperands() != 3)
      return rw.notifyMatchFailure(op, "not a Where of three operands");
    const eval::Tensor *c = folder.constantOf(op.getOperand(0));
    if (!c || c->getDType() != ir::DType::Bool)
      return rw.notifyMatchFailure(op, "the condition is not a boolean constant");
    bool allTrue = isUniform(*c, 1), allFalse = isUniform(*c, 0);
    if (!allTrue && !allFalse)
      return rw.notifyMatchFailure(op, "the condition is not the same throughout");
    ir::Value *chosen = op.getOperand(allTrue ? 1 : 2);
    if (chosen->getType() != op.getResult(0)->getType())
      return rw.notifyMatchFailure(op, "the chosen operand is broadcast");
    rw.replaceOp(&op, {chosen});
    return true;
  }

  bool rewriteAttention(ir::Operation &op, ir::PatternRewriter &rw) {
    if (op.getNumOperands() != 4 || op.getOperand(3)->getType().isNone())
      return rw.notifyMatchFailure(op, "not an Attention of q, k, v and a mask only");
    const eval::Tensor *m = folder.constantOf(op.getOperand(3));
    if (!m)
      return rw.notifyMatchFailure(op, "the mask is not a constant");
    bool noMask = m->getDType() == ir::DType::Bool ? isUniform(*m, 1) : isUniform(*m, 0);
    if (!noMask)
      return rw.notifyMatchFailure(op, "the mask hides something");
    llvm::SmallVector<ir::Type, 1> types;
    for (const ir::OpResult &r : op.getResults())
      types.push_back(r.getType());
    ir::Operation *unmasked =
        rw.create(op.getName().getStringRef(),
                  {op.getOperand(0), op.getOperand(1), op.getOperand(2)}, types,
                  llvm::SmallVector<ir::NamedAttribute, 4>(op.getAttrs().begin(), op.getAttrs().end()));
    llvm::SmallVector<ir::Value *, 1> results;
    for (unsigned i = 0, e = unmasked->getNumResults(); i != e; ++i)
      results.push_back(unmasked->getResult(i));
    rw.replaceOp(&op, results);
    return true;
  }

  ConstantFolder &folder;
};

} // namespace

void addConstantConditionPattern(ir::PatternSet &patterns, ConstantFolder &folder) {
  patterns.add<ConstantCondition>(folder);
}

} // namespace pt2onnx::passes
