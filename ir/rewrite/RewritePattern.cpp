//===- RewritePattern.cpp - One local rewrite, its rewriter, sets of them --===//
//
// The rewriter's creation and replacement, which keep provenance and names
// as the rewritten op had them, and the pattern set's ordering by benefit.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/RewritePattern.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::ir {

// ---- PatternRewriter ----------------------------------------------------------------

void PatternRewriter::setRoot(Operation *root) {
  setInsertionPoint(root);
  created.clear();
}

void PatternRewriter::setInsertionPoint(Operation *op) {
  builder.setInsertionPoint(op);
  builder.setProvenanceFrom(op);
}

Operation *PatternRewriter::create(llvm::StringRef name, llvm::ArrayRef<Value *> operands,
                                   llvm::ArrayRef<Type> resultTypes,
                                   llvm::ArrayRef<NamedAttribute> attrs) {
  Operation *op = builder.create(name, operands, resultTypes, attrs);
  created.push_back(op);
  if (listener)
    listener->notifyOperationCreated(op);
  return op;
}

Value *PatternRewriter::createValue(llvm::StringRef name, llvm::ArrayRef<Value *> operands,
                                    const Type &resultType, llvm::ArrayRef<NamedAttribute> attrs) {
  return create(name, operands, {resultType}, attrs)->getResult(0);
}

Value *PatternRewriter::createConstant(DenseElements value) {
  Type type = value.getType();
  return createValue(builtin::kConstant, {}, type, {{"value", Attribute::dense(std::move(value))}});
}

Value *PatternRewriter::createI64s(llvm::ArrayRef<int64_t> values) {
  return createInts(Type::tensor(DType::Int64, {Dim(int64_t(values.size()))}), values);
}

Value *PatternRewriter::createInts(const Type &type, llvm::ArrayRef<int64_t> values) {
  DenseElements dense;
  dense.dtype = type.getDType();
  for (const Dim &d : type.getShape())
    dense.shape.push_back(d.getSize());
  unsigned size = getDTypeSize(dense.dtype);
  for (int64_t v : values) {
    // Little-endian truncation to the element size.
    for (unsigned b = 0; b < size; ++b)
      dense.bytes.push_back(uint8_t(uint64_t(v) >> (8 * b)));
  }
  return createValue(builtin::kConstant, {}, type, {{"value", Attribute::dense(dense)}});
}

void PatternRewriter::replaceOp(Operation *op, llvm::ArrayRef<Value *> values) {
  if (listener)
    listener->notifyOperationReplaced(op);
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i) {
    Value *v = values[i];
    Operation *def = v->getDefiningOp();
    if (v->getName().empty() && !op->getResult(i)->getName().empty() && def &&
        llvm::is_contained(created, def))
      v->setName(op->getResult(i)->getName());
  }
  builder.replaceOp(op, values);
}

void PatternRewriter::eraseOp(Operation *op) {
  if (listener)
    listener->notifyOperationErased(op);
  builder.eraseOp(op);
}

void PatternRewriter::setOperand(Operation *op, unsigned i, Value *v, bool insert) {
  if (insert)
    op->insertOperand(i, v);
  else
    op->setOperand(i, v);
  if (listener)
    listener->notifyOperationModified(op);
}

bool PatternRewriter::notifyMatchFailure(const Operation &op, const llvm::Twine &reason) {
  if (listener)
    listener->notifyMatchFailure(op, reason);
  return false;
}

// ---- RewritePattern, PatternSet -------------------------------------------------------

RewritePattern::RewritePattern(llvm::StringRef name, llvm::ArrayRef<llvm::StringRef> rootNames,
                               unsigned benefit)
    : name(name.str()), benefit(benefit) {
  for (llvm::StringRef root : rootNames)
    this->rootNames.push_back(OperationName::get(root));
}

/// Inserts `p` after every pattern of at least its benefit.
static void insertByBenefit(llvm::SmallVectorImpl<RewritePattern *> &list, RewritePattern *p) {
  auto it = llvm::find_if(
      list, [&](const RewritePattern *q) { return q->getBenefit() < p->getBenefit(); });
  list.insert(it, p);
}

void PatternSet::add(std::unique_ptr<RewritePattern> pattern) {
  RewritePattern *p = pattern.get();
  patterns.push_back(std::move(pattern));
  if (p->getRootNames().empty()) {
    insertByBenefit(anyOp, p);
    return;
  }
  for (OperationName root : p->getRootNames())
    insertByBenefit(byRoot[root], p);
}

void PatternSet::lookup(OperationName name, llvm::SmallVectorImpl<RewritePattern *> &out) const {
  out.clear();
  auto it = byRoot.find(name);
  llvm::ArrayRef<RewritePattern *> specific;
  if (it != byRoot.end())
    specific = it->second;
  // Merge by benefit; at equal benefit the patterns for this name go first.
  size_t i = 0, j = 0;
  while (i < specific.size() || j < anyOp.size()) {
    if (j == anyOp.size() ||
        (i < specific.size() && specific[i]->getBenefit() >= anyOp[j]->getBenefit()))
      out.push_back(specific[i++]);
    else
      out.push_back(anyOp[j++]);
  }
}

} // namespace pt2onnx::ir
