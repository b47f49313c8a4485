//===- Matchers.cpp - Questions patterns ask about the ops around a root ---===//
//
// Definitions of the predicates of Matchers.h.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/Matchers.h"

namespace pt2onnx::ir {

Operation *definedBy(Value *v, llvm::StringRef name, unsigned minOperands) {
  Operation *def = v->getDefiningOp();
  bool wellFormed = def && def->getNumResults() == 1 && def->getNumOperands() >= minOperands;
  return wellFormed && def->isa(name) ? def : nullptr;
}

Operation *soleUser(Value *v) {
  return v->hasOneUse() ? (*v->getUses().begin()).getOwner() : nullptr;
}

Value *otherOperand(Operation *op, Value *v) {
  if (op->getNumOperands() != 2)
    return nullptr;
  if (op->getOperand(0) == v)
    return op->getOperand(1);
  return op->getOperand(1) == v ? op->getOperand(0) : nullptr;
}

int64_t intAttr(const Operation &op, llvm::StringRef name, int64_t fallback) {
  const Attribute *a = op.getAttr(name);
  return a && a->getKind() == Attribute::Kind::Int ? a->getInt() : fallback;
}

bool sameDim(const Dim &a, const Dim &b) { return !a.isUnknown() && a == b; }

bool broadcastsInto(const Type &c, const Type &x) {
  if (!c.isTensor() || !x.isTensor() || !c.isRanked() || !x.isRanked() ||
      c.getDType() != x.getDType() || c.getRank() > x.getRank())
    return false;
  size_t lead = x.getRank() - c.getRank();
  for (size_t i = 0; i < c.getRank(); ++i) {
    const Dim &d = c.getShape()[i];
    if (!(d.isStatic() && d.getSize() == 1) && !sameDim(d, x.getShape()[lead + i]))
      return false;
  }
  return true;
}

bool isFullyKnown(const Type &t) {
  if (!t.isTensor() || !t.isRanked())
    return false;
  for (const Dim &d : t.getShape())
    if (d.isUnknown())
      return false;
  return true;
}

} // namespace pt2onnx::ir
