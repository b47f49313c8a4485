//===- Builder.cpp - Creating and rewriting operations ----------------------===//

#include "ir/Builder.h"

#include <cassert>

namespace pt2onnx::ir {

Operation *Builder::create(OperationName name, llvm::ArrayRef<Value *> operands,
                           llvm::ArrayRef<Type> resultTypes,
                           llvm::ArrayRef<NamedAttribute> attributes, unsigned numRegions) {
  // The op it will follow may share its attributes.
  const Operation *neighbour = before ? before->getPrevNode() : block ? block->back() : nullptr;
  Operation *op = Operation::create(name, operands, resultTypes, attributes, numRegions,
                                    provenance, neighbour);
  if (block)
    block->insert(before, op);
  return op;
}

Value *Builder::createConstant(DenseElements value) {
  Type type = value.getType();
  Attribute attr = Attribute::dense(std::move(value));
  return create(builtin::kConstant, {}, {type}, {{"value", std::move(attr)}})->getResult(0);
}

Value *Builder::createWeightRef(llvm::StringRef name, const Type &type) {
  return create(builtin::kConstant, {}, {type}, {{"value", Attribute::weightRef(name, type)}})
      ->getResult(0);
}

Operation *Builder::createReturn(llvm::ArrayRef<Value *> values) {
  return create(builtin::kReturn, values, {});
}

void Builder::replaceOp(Operation *op, llvm::ArrayRef<Value *> newValues) {
  assert(newValues.size() == op->getNumResults() && "one replacement per result");
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
    if (newValues[i] != op->getResult(i))
      op->getResult(i)->replaceAllUsesWith(newValues[i]);
  eraseOp(op);
}

void Builder::eraseOp(Operation *op) {
  if (before == op)
    before = op->getNextNode();
  op->erase();
}

} // namespace pt2onnx::ir
