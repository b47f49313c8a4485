//===- Builder.h - Creating and rewriting operations ------------------------===//
//
// A Builder creates ops at an insertion point and stamps them with the
// current provenance. Rewrites go through it: `replaceOp` moves every use of
// an op's results to new values and erases it; `setProvenanceFrom(op)` makes
// the ops created while rewriting `op` inherit where it came from. All of it
// is O(1) or O(uses): nothing walks the block.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_BUILDER_H
#define PT2ONNX_IR_BUILDER_H

#include "ir/Module.h"

namespace pt2onnx::ir {

class Builder {
public:
  explicit Builder(Module &module) : module(module) {}

  Module &getModule() const { return module; }
  SymContext &getSymContext() const { return module.getSymContext(); }

  // Insertion point: new ops go into `block` before `before` (at the end
  // when `before` is null).
  void setInsertionPoint(Operation *op) { block = op->getBlock(), before = op; }
  void setInsertionPointAfter(Operation *op) {
    block = op->getBlock(), before = op->getNextNode();
  }
  void setInsertionPointToStart(Block *b) { block = b, before = b->front(); }
  void setInsertionPointToEnd(Block *b) { block = b, before = nullptr; }
  /// New ops stay detached.
  void clearInsertionPoint() { block = nullptr, before = nullptr; }
  Block *getInsertionBlock() const { return block; }
  Operation *getInsertionPoint() const { return before; }

  /// Provenance given to the ops this builder creates.
  void setProvenance(ProvenanceRef p) { provenance = std::move(p); }
  void setProvenanceFrom(const Operation *op) { provenance = op->getProvenance(); }
  const ProvenanceRef &getProvenance() const { return provenance; }

  /// Creates an op and inserts it at the insertion point (if any).
  Operation *create(OperationName name, llvm::ArrayRef<Value *> operands,
                    llvm::ArrayRef<Type> resultTypes,
                    llvm::ArrayRef<NamedAttribute> attributes = {}, unsigned numRegions = 0);
  Operation *create(llvm::StringRef name, llvm::ArrayRef<Value *> operands,
                    llvm::ArrayRef<Type> resultTypes,
                    llvm::ArrayRef<NamedAttribute> attributes = {}, unsigned numRegions = 0) {
    return create(OperationName::get(name), operands, resultTypes, attributes, numRegions);
  }
  /// `ir.constant` holding a dense literal.
  Value *createConstant(DenseElements value);
  /// `ir.constant` referring to the module weight `name`.
  Value *createWeightRef(llvm::StringRef name, const Type &type);
  /// `ir.return` with `values` as operands.
  Operation *createReturn(llvm::ArrayRef<Value *> values);

  /// Replaces every use of op's results with `newValues` (one per result)
  /// and erases the op.
  void replaceOp(Operation *op, llvm::ArrayRef<Value *> newValues);
  /// Erases an op whose results are unused.
  void eraseOp(Operation *op);

private:
  Module &module;
  Block *block = nullptr;
  Operation *before = nullptr;
  ProvenanceRef provenance;
};

/// Restores a builder's insertion point and provenance on scope exit.
class InsertionGuard {
public:
  explicit InsertionGuard(Builder &b)
      : builder(b), block(b.getInsertionBlock()), before(b.getInsertionPoint()),
        provenance(b.getProvenance()) {}
  ~InsertionGuard() {
    if (!block)
      builder.clearInsertionPoint();
    else if (before)
      builder.setInsertionPoint(before);
    else
      builder.setInsertionPointToEnd(block);
    builder.setProvenance(provenance);
  }
  InsertionGuard(const InsertionGuard &) = delete;
  InsertionGuard &operator=(const InsertionGuard &) = delete;

private:
  Builder &builder;
  Block *block;
  Operation *before;
  ProvenanceRef provenance;
};

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_BUILDER_H
